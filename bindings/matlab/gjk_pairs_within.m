function [pairs, d, point_a, point_b, intersecting] = gjk_pairs_within(S, separation, varargin)
% GJK_PAIRS_WITHIN  Every pair of shapes at most SEPARATION apart.
%   [PAIRS, D, PA, PB, HIT] = GJK_PAIRS_WITHIN(S, SEPARATION) for a struct array S of N shapes
%   of one dimension. PAIRS is K x 2 with indices into S (i < j, sorted), D their distances (0
%   when they overlap or touch: HIT), PA and PB the closest points. Found by the library's broad
%   phase (bounding boxes in a hierarchy) and GJK, on all cores (gjk_pairs_within): the same
%   pairs as GJK_DISTANCE over all pairs, without the N^2 cost.
%
%   See also GJK_DISTANCE.
  gjk_nargin(nargin, 'gjk_pairs_within', {'S', 'separation'}, {});
  [pairs, d, point_a, point_b, intersecting] = gjk_mex('pairs_within', ...
      gjk_argument(S, 'gjk_pairs_within', 'S', 'shapes'), ...
      gjk_argument(separation, 'gjk_pairs_within', 'separation', 'size'));
end
