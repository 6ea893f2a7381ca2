function s = gjk_polygon(points, position, angle)
% GJK_POLYGON  The convex hull of 2D points.
%   S = GJK_POLYGON(P) with P an n x 2 matrix of points [x y] (any order; duplicates, interior
%   and collinear points are fine; non-convex input gives its convex hull).
%   GJK_POLYGON(P, POSITION, ANGLE) places the points' frame at POSITION = [x y] turned
%   counter-clockwise by ANGLE radians.
%
%   See also GJK_POLYTOPE, GJK_DISTANCE, GJK_PAIRS_WITHIN.
  if nargin < 2, position = []; end
  if nargin < 3, angle = []; end
  if size(points, 2) ~= 2
    error('gjk:invalidArgument', 'gjk_polygon: points must be an n x 2 matrix');
  end
  s = gjk_make_shape('polygon', [], points, 2, position, angle);
end
