function s = gjk_segment(p, q)
% GJK_SEGMENT  The segment from P to Q, both 2D ([x y]) or both 3D ([x y z]).
%   GJK_ROUNDED(GJK_SEGMENT(p, q), r) is a stadium or capsule between any two points.
%
%   See also GJK_DISTANCE, GJK_STADIUM, GJK_CAPSULE, GJK_ROUNDED.
  if numel(p) ~= numel(q)
    error('gjk:invalidArgument', 'gjk_segment: P has %d coordinates but Q has %d', ...
          numel(p), numel(q));
  end
  s = gjk_make_shape('segment', [], [p(:)'; q(:)'], numel(p), [], []);
end
