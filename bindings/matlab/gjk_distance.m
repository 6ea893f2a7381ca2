function [d, point_a, point_b, normal, lower_bound, intersecting, iterations, cache] = ...
    gjk_distance(A, B, cache, varargin)
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
%   [..., CACHE] = GJK_DISTANCE(A, B, CACHE) starts each pair where its last query ended
%   (gjk_distance_cached) and returns the caches updated: for shapes that move a little
%   between calls, keep CACHE (a uint8 matrix, a pair's cache a row) from call to call; start
%   with [] (or call with two arguments and ask for CACHE). The answers are those of the cold
%   queries (to within the tolerance).
%
%   Errors (gjk:invalidArgument, gjk:dimensionMismatch, gjk:noConvergence, ...) carry the
%   library's message; arguments of the wrong type, size or number (gjk:invalidArgument,
%   gjk:notEnoughInputs, gjk:tooManyInputs) are refused first, with a message naming them.
%
%   See also GJK_INTERSECT, GJK_PENETRATION, GJK_PAIRS_WITHIN.
  gjk_nargin(nargin, 'gjk_distance', {'A', 'B'}, {'cache'});
  A = gjk_argument(A, 'gjk_distance', 'A', 'shapes');
  B = gjk_argument(B, 'gjk_distance', 'B', 'shapes');
  if nargin < 3 && nargout < 8
    [d, point_a, point_b, normal, lower_bound, intersecting, iterations] = ...
        gjk_mex('distance', A, B);
  else
    if nargin < 3
      cache = [];
    end
    [d, point_a, point_b, normal, lower_bound, intersecting, iterations, cache] = ...
        gjk_mex('distance_cached', A, B, gjk_argument(cache, 'gjk_distance', 'cache', 'cache'));
  end
end
