function [d, point_a, point_b, normal, lower_bound, intersecting, iterations] = gjk_distance(A, B, varargin)
% GJK_DISTANCE  Distance between convex shapes, with the closest points.
%   [D, PA, PB, N, LOWER, HIT, ITERS] = GJK_DISTANCE(A, B) for shapes made by the gjk_*
%   constructors. D is 0 when the shapes overlap or touch (HIT true); PA and PB are the closest
%   points (rows [x y] or [x y z]), N the unit normal from A towards B, LOWER a certified lower
%   bound (LOWER <= true distance <= D), ITERS the support points evaluated.
%
%   A and B may be struct arrays of N shapes (or one of them a single shape): N pairs are
%   answered in one library call (gjk_distance_batch, on all cores), D is N x 1 and PA, PB, N
%   are N x 2 or N x 3.
%
%   Errors (gjk:invalidArgument, gjk:dimensionMismatch, gjk:noConvergence, ...) carry the
%   library's message; arguments of the wrong type, size or number (gjk:invalidArgument,
%   gjk:notEnoughInputs, gjk:tooManyInputs) are refused first, with a message naming them.
%
%   See also GJK_INTERSECT, GJK_PENETRATION, GJK_PAIRS_WITHIN.
  gjk_nargin(nargin, 'gjk_distance', {'A', 'B'}, {});
  [d, point_a, point_b, normal, lower_bound, intersecting, iterations] = gjk_mex('distance', ...
      gjk_argument(A, 'gjk_distance', 'A', 'shapes'), ...
      gjk_argument(B, 'gjk_distance', 'B', 'shapes'));
end
