function [hit, cache] = gjk_intersect(A, B, cache, varargin)
% GJK_INTERSECT  Whether convex shapes overlap or touch.
%   HIT = GJK_INTERSECT(A, B) is true when the shapes share a point (touching counts). A and B
%   may be struct arrays of N shapes (or one of them a single shape): HIT is then N x 1,
%   answered in one library call (gjk_intersect_batch).
%
%   [HIT, CACHE] = GJK_INTERSECT(A, B, CACHE) starts each pair from the proof its last query
%   found (gjk_intersect_cached) and returns the caches updated, as GJK_DISTANCE does.
%
%   See also GJK_DISTANCE, GJK_PENETRATION.
  gjk_nargin(nargin, 'gjk_intersect', {'A', 'B'}, {'cache'});
  A = gjk_argument(A, 'gjk_intersect', 'A', 'shapes');
  B = gjk_argument(B, 'gjk_intersect', 'B', 'shapes');
  if nargin < 3 && nargout < 2
    hit = gjk_mex('intersect', A, B);
  else
    if nargin < 3
      cache = [];
    end
    [hit, cache] = gjk_mex('intersect_cached', A, B, ...
                           gjk_argument(cache, 'gjk_intersect', 'cache', 'cache'));
  end
end
