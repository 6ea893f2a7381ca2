function s = gjk_box(half_x, half_y, half_z, position, quaternion, varargin)
% GJK_BOX  A 3D box with half sides HALF_X, HALF_Y, HALF_Z along x, y, z.
%   S = GJK_BOX(half_x, half_y, half_z) is centred at the origin; GJK_BOX(half_x, half_y, half_z, POSITION, Q) places it at
%   POSITION = [x y z] turned by the unit quaternion Q = [qx qy qz qw]. S is a plain struct:
%   shapes concatenate into struct arrays ([S1, S2, ...]) for the batch queries.
%
%   See also GJK_DISTANCE, GJK_INTERSECT, GJK_PENETRATION, GJK_PAIRS_WITHIN.
  gjk_nargin(nargin, 'gjk_box', {'half_x', 'half_y', 'half_z'}, {'position', 'quaternion'});
  if nargin < 4, position = []; end
  if nargin < 5, quaternion = []; end
  s = gjk_make_shape('box', {'half_x', half_x, 'half_y', half_y, 'half_z', half_z}, [], 3, ...
                     position, quaternion);
end
