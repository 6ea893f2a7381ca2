function s = gjk_rounded(s, radius)
% GJK_ROUNDED  A shape grown by RADIUS in every direction: a rounded box, polygon, cone, ...
%   R = GJK_ROUNDED(S, RADIUS) for one shape S made by a gjk_* constructor, 2D or 3D: the points
%   within RADIUS of S (exactly, not an approximation), placed where S is. Radii add up:
%   GJK_ROUNDED(GJK_ROUNDED(S, 1), 2) is S grown by 3, a rounded circle a larger circle, a
%   rounded point a disc or ball. R is S with its field rounding increased by RADIUS, so it
%   still concatenates with any other shape into struct arrays for the batch queries.
%
%   See also GJK_BOX, GJK_POLYGON, GJK_DISTANCE, GJK_PAIRS_WITHIN.
  if ~isstruct(s) || numel(s) ~= 1 || ~isfield(s, 'rounding')
    error('gjk:invalidArgument', 'gjk_rounded: S must be one shape made by a gjk_* constructor');
  end
  radius = double(radius);
  % The library checks RADIUS itself (a sum with the radius S has could hide a negative one).
  gjk_mex('check', setfield(s, 'rounding', radius));
  s.rounding = s.rounding + radius;
end
