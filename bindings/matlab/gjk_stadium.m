function s = gjk_stadium(half_length, radius, position, angle, varargin)
% GJK_STADIUM  A 2D racetrack: the segment from (-HALF_LENGTH, 0) to (HALF_LENGTH, 0) grown by RADIUS.
%   S = GJK_STADIUM(half_length, radius) is centred at the origin; GJK_STADIUM(half_length, radius, POSITION, ANGLE) places it at
%   POSITION = [x y] turned counter-clockwise by ANGLE radians. S is a plain struct: shapes
%   concatenate into struct arrays ([S1, S2, ...]) for the batch queries.
%
%   See also GJK_DISTANCE, GJK_INTERSECT, GJK_PENETRATION, GJK_PAIRS_WITHIN.
  gjk_nargin(nargin, 'gjk_stadium', {'half_length', 'radius'}, {'position', 'angle'});
  if nargin < 3, position = []; end
  if nargin < 4, angle = []; end
  s = gjk_make_shape('stadium', {'half_length', half_length, 'radius', radius}, [], 2, ...
                     position, angle);
end
