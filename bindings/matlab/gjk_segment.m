function s = gjk_segment(p, q, varargin)
% GJK_SEGMENT  The segment from P to Q, both 2D ([x y]) or both 3D ([x y z]).
%   S = GJK_SEGMENT(P, Q) joins the points P and Q.
%   GJK_ROUNDED(GJK_SEGMENT(p, q), r) is a stadium or capsule between any two points.
%
%   See also GJK_DISTANCE, GJK_STADIUM, GJK_CAPSULE, GJK_ROUNDED.
  gjk_nargin(nargin, 'gjk_segment', {'p', 'q'}, {});
  p = gjk_argument(p, 'gjk_segment', 'p', 'vector', [2 3]);
  q = gjk_argument(q, 'gjk_segment', 'q', 'vector', [2 3]);
  if numel(p) ~= numel(q)
    error('gjk:invalidArgument', 'gjk_segment: p has %d coordinates but q has %d', ...
          numel(p), numel(q));
  end
  s = gjk_make_shape('segment', {}, [p(:)'; q(:)'], numel(p), [], []);
end
