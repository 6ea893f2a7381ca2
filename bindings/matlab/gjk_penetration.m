function [signed_distance, point_a, point_b, normal, intersecting] = gjk_penetration(A, B, varargin)
% GJK_PENETRATION  Signed distance: minus the penetration depth when the shapes overlap.
%   [SD, PA, PB, N, HIT] = GJK_PENETRATION(A, B). SD < 0: the shapes overlap by -SD (moving
%   B by -SD * N separates them; PA, PB the deepest points). SD >= 0: their distance, with the
%   closest points. A and B may be struct arrays of N shapes, as in GJK_DISTANCE.
%
%   See also GJK_DISTANCE.
  gjk_nargin(nargin, 'gjk_penetration', {'A', 'B'}, {});
  [signed_distance, point_a, point_b, normal, intersecting] = gjk_mex('penetration', ...
      gjk_argument(A, 'gjk_penetration', 'A', 'shapes'), ...
      gjk_argument(B, 'gjk_penetration', 'B', 'shapes'));
end
