function s = gjk_capsule(half_length, radius, position, quaternion, varargin)
% GJK_CAPSULE  A 3D capsule: the segment from z = -HALF_LENGTH to z = HALF_LENGTH grown by RADIUS.
%   S = GJK_CAPSULE(half_length, radius) is centred at the origin; GJK_CAPSULE(half_length, radius, POSITION, Q) places it at
%   POSITION = [x y z] turned by the unit quaternion Q = [qx qy qz qw]. S is a plain struct:
%   shapes concatenate into struct arrays ([S1, S2, ...]) for the batch queries.
%
%   See also GJK_DISTANCE, GJK_INTERSECT, GJK_PENETRATION, GJK_PAIRS_WITHIN.
  gjk_nargin(nargin, 'gjk_capsule', {'half_length', 'radius'}, {'position', 'quaternion'});
  if nargin < 3, position = []; end
  if nargin < 4, quaternion = []; end
  s = gjk_make_shape('capsule', {'half_length', half_length, 'radius', radius}, [], 3, ...
                     position, quaternion);
end
