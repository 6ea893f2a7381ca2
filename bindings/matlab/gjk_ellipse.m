function s = gjk_ellipse(half_x, half_y, position, angle, varargin)
% GJK_ELLIPSE  A 2D ellipse with semi-axes HALF_X (along x) and HALF_Y.
%   S = GJK_ELLIPSE(half_x, half_y) is centred at the origin; GJK_ELLIPSE(half_x, half_y, POSITION, ANGLE) places it at
%   POSITION = [x y] turned counter-clockwise by ANGLE radians. S is a plain struct: shapes
%   concatenate into struct arrays ([S1, S2, ...]) for the batch queries.
%
%   See also GJK_DISTANCE, GJK_INTERSECT, GJK_PENETRATION, GJK_PAIRS_WITHIN.
  gjk_nargin(nargin, 'gjk_ellipse', {'half_x', 'half_y'}, {'position', 'angle'});
  if nargin < 3, position = []; end
  if nargin < 4, angle = []; end
  s = gjk_make_shape('ellipse', {'half_x', half_x, 'half_y', half_y}, [], 2, position, angle);
end
