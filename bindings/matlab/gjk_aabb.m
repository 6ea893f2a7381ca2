function [lo, hi] = gjk_aabb(S, varargin)
% GJK_AABB  The axis-aligned bounding box of each placed shape.
%   [LO, HI] = GJK_AABB(S) for a shape or a struct array S of N shapes of one dimension: N x d
%   rows of the least (LO) and largest (HI) coordinates of each shape where its position and
%   quaternion place it, the coordinates of its support points along each axis and against
%   it (gjk_shape_aabb): the tightest box, for broad phases.
%
%   See also GJK_PAIRS_WITHIN, GJK_DISTANCE.
  gjk_nargin(nargin, 'gjk_aabb', {'S'}, {});
  [lo, hi] = gjk_mex('aabb', gjk_argument(S, 'gjk_aabb', 'S', 'shapes'));
end
