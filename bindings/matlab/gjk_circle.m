function s = gjk_circle(radius, centre, varargin)
% GJK_CIRCLE  A 2D disc.
%   S = GJK_CIRCLE(RADIUS) is centred at the origin, GJK_CIRCLE(RADIUS, CENTRE) at
%   CENTRE = [cx cy].
%
%   See also GJK_DISTANCE, GJK_INTERSECT, GJK_PENETRATION, GJK_PAIRS_WITHIN.
  gjk_nargin(nargin, 'gjk_circle', {'radius'}, {'centre'});
  if nargin < 2, centre = []; end
  s = gjk_make_shape('circle', {'radius', radius}, [], 2, centre, []);
end
