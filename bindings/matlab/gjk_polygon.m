function s = gjk_polygon(P, position, angle, varargin)
% GJK_POLYGON  The convex hull of 2D points.
%   S = GJK_POLYGON(P) with P an n x 2 matrix of points [x y] (any order; duplicates, interior
%   and collinear points are fine; non-convex input gives its convex hull).
%   GJK_POLYGON(P, POSITION, ANGLE) places the points' frame at POSITION = [x y] turned
%   counter-clockwise by ANGLE radians.
%
%   See also GJK_POLYTOPE, GJK_DISTANCE, GJK_PAIRS_WITHIN.
  gjk_nargin(nargin, 'gjk_polygon', {'P'}, {'position', 'angle'});
  if nargin < 2, position = []; end
  if nargin < 3, angle = []; end
  s = gjk_make_shape('polygon', {}, gjk_argument(P, 'gjk_polygon', 'P', 'points', 2), 2, ...
                     position, angle);
end
