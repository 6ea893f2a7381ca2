function s = gjk_polytope(P, position, quaternion, varargin)
% GJK_POLYTOPE  The convex hull of 3D points.
%   S = GJK_POLYTOPE(P) with P an n x 3 matrix of points [x y z] (any order).
%   GJK_POLYTOPE(P, POSITION, Q) places them at POSITION = [x y z] turned by the unit
%   quaternion Q = [qx qy qz qw].
%
%   See also GJK_POLYGON, GJK_DISTANCE, GJK_PAIRS_WITHIN.
  gjk_nargin(nargin, 'gjk_polytope', {'P'}, {'position', 'quaternion'});
  if nargin < 2, position = []; end
  if nargin < 3, quaternion = []; end
  s = gjk_make_shape('polytope', {}, gjk_argument(P, 'gjk_polytope', 'P', 'points', 3), 3, ...
                     position, quaternion);
end
