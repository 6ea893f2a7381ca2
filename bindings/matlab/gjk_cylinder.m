function s = gjk_cylinder(half_height, radius, position, quaternion, varargin)
% GJK_CYLINDER  A 3D cylinder along z: the disc of RADIUS swept from z = -HALF_HEIGHT to z = HALF_HEIGHT.
%   S = GJK_CYLINDER(half_height, radius) is centred at the origin; GJK_CYLINDER(half_height, radius, POSITION, Q) places it at
%   POSITION = [x y z] turned by the unit quaternion Q = [qx qy qz qw]. S is a plain struct:
%   shapes concatenate into struct arrays ([S1, S2, ...]) for the batch queries.
%
%   See also GJK_CAPSULE, GJK_CONE, GJK_DISTANCE, GJK_INTERSECT, GJK_PENETRATION, GJK_PAIRS_WITHIN.
  gjk_nargin(nargin, 'gjk_cylinder', {'half_height', 'radius'}, {'position', 'quaternion'});
  if nargin < 3, position = []; end
  if nargin < 4, quaternion = []; end
  s = gjk_make_shape('cylinder', {'half_height', half_height, 'radius', radius}, [], 3, ...
                     position, quaternion);
end
