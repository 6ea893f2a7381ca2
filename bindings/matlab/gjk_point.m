function s = gjk_point(p, varargin)
% GJK_POINT  A single point, 2D ([x y]) or 3D ([x y z]).
%   S = GJK_POINT(P) is the point P.
%
%   See also GJK_DISTANCE.
  gjk_nargin(nargin, 'gjk_point', {'p'}, {});
  p = gjk_argument(p, 'gjk_point', 'p', 'vector', [2 3]);
  s = gjk_make_shape('point', {}, p(:)', numel(p), [], []);
end
