function s = gjk_sphere(radius, centre, varargin)
% GJK_SPHERE  A 3D ball.
%   S = GJK_SPHERE(RADIUS) is centred at the origin, GJK_SPHERE(RADIUS, CENTRE) at
%   CENTRE = [x y z].
%
%   See also GJK_DISTANCE, GJK_INTERSECT, GJK_PENETRATION, GJK_PAIRS_WITHIN.
  gjk_nargin(nargin, 'gjk_sphere', {'radius'}, {'centre'});
  if nargin < 2, centre = []; end
  s = gjk_make_shape('sphere', {'radius', radius}, [], 3, centre, []);
end
