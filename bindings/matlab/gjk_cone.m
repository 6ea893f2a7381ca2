function s = gjk_cone(half_height, radius, position, quaternion, varargin)
% GJK_CONE  A 3D cone along z: the base, a disc of RADIUS, at z = -HALF_HEIGHT, the apex at z = HALF_HEIGHT.
%   S = GJK_CONE(half_height, radius) has the middle of its axis at the origin (its centroid is
%   at z = -HALF_HEIGHT / 2); GJK_CONE(half_height, radius, POSITION, Q) places that point at
%   POSITION = [x y z] turned by the unit quaternion Q = [qx qy qz qw]. S is a plain struct:
%   shapes concatenate into struct arrays ([S1, S2, ...]) for the batch queries.
%
%   See also GJK_CYLINDER, GJK_DISTANCE, GJK_INTERSECT, GJK_PENETRATION, GJK_PAIRS_WITHIN.
  gjk_nargin(nargin, 'gjk_cone', {'half_height', 'radius'}, {'position', 'quaternion'});
  if nargin < 3, position = []; end
  if nargin < 4, quaternion = []; end
  s = gjk_make_shape('cone', {'half_height', half_height, 'radius', radius}, [], 3, ...
                     position, quaternion);
end
