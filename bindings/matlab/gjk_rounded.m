function r = gjk_rounded(S, radius, varargin)
% GJK_ROUNDED  A shape grown by RADIUS in every direction: a rounded box, polygon, cone, ...
%   R = GJK_ROUNDED(S, RADIUS) for one shape S made by a gjk_* constructor, 2D or 3D: the points
%   within RADIUS of S (exactly, not an approximation), placed where S is. Radii add up:
%   GJK_ROUNDED(GJK_ROUNDED(S, 1), 2) is S grown by 3, a rounded circle a larger circle, a
%   rounded point a disc or ball. R is S with its field rounding increased by RADIUS, so it
%   still concatenates with any other shape into struct arrays for the batch queries.
%
%   See also GJK_BOX, GJK_POLYGON, GJK_DISTANCE, GJK_PAIRS_WITHIN.
  gjk_nargin(nargin, 'gjk_rounded', {'S', 'radius'}, {});
  r = gjk_argument(S, 'gjk_rounded', 'S', 'shape');
  radius = gjk_argument(radius, 'gjk_rounded', 'radius', 'size');
  % The library checks RADIUS alone too (its magnitude; a sum could hide a bad one).
  gjk_mex('check', setfield(r, 'rounding', radius));
  r.rounding = r.rounding + radius;
end
