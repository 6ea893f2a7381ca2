function s = gjk_circle(radius, centre)
% GJK_CIRCLE  A 2D disc.
%   S = GJK_CIRCLE(RADIUS) is centred at the origin, GJK_CIRCLE(RADIUS, [cx cy]) at (cx, cy).
%
%   See also GJK_DISTANCE, GJK_INTERSECT, GJK_PENETRATION, GJK_PAIRS_WITHIN.
  if nargin < 2, centre = []; end
  s = gjk_make_shape('circle', radius, [], 2, centre, []);
end
