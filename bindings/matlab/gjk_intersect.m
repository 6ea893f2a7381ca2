function hit = gjk_intersect(A, B, varargin)
% GJK_INTERSECT  Whether convex shapes overlap or touch.
%   HIT = GJK_INTERSECT(A, B) is true when the shapes share a point (touching counts). A and B
%   may be struct arrays of N shapes (or one of them a single shape): HIT is then N x 1,
%   answered in one library call (gjk_intersect_batch).
%
%   See also GJK_DISTANCE, GJK_PENETRATION.
  gjk_nargin(nargin, 'gjk_intersect', {'A', 'B'}, {});
  hit = gjk_mex('intersect', gjk_argument(A, 'gjk_intersect', 'A', 'shapes'), ...
                gjk_argument(B, 'gjk_intersect', 'B', 'shapes'));
end
