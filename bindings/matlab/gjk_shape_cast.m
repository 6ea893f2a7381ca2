function [hit, t, point_a, point_b, normal] = gjk_shape_cast(A, B, velocity_a, velocity_b, ...
                                                            max_t, separation, varargin)
% GJK_SHAPE_CAST  When two moving convex shapes first touch (or come within a separation).
%   [HIT, T, PA, PB, N] = GJK_SHAPE_CAST(A, B, VA, VB) moves A by t * VA and B by t * VB from
%   where their positions and quaternions place them (velocities as rows [x y] or [x y z]) and
%   finds the first t >= 0 at which they touch: HIT says whether they do, T is that time, PA
%   and PB the points of contact (equal when touching) and N the unit normal from A towards B.
%   Shapes touching already hit at t = 0. GJK_SHAPE_CAST(A, B, VA, VB, MAX_T, SEPARATION)
%   looks no further than t = MAX_T (default and [] Inf) and stops when the shapes come within
%   SEPARATION (default 0) of each other.
%
%   A and B may be struct arrays of N shapes (or one of them a single shape), and VA, VB N rows
%   (or one, for all): N pairs, N x 1 answers (gjk_shape_cast, pair by pair).
%
%   See also GJK_RAY_CAST, GJK_DISTANCE.
  gjk_nargin(nargin, 'gjk_shape_cast', {'A', 'B', 'velocity_a', 'velocity_b'}, ...
             {'max_t', 'separation'});
  A = gjk_argument(A, 'gjk_shape_cast', 'A', 'shapes');
  B = gjk_argument(B, 'gjk_shape_cast', 'B', 'shapes');
  d = numel(A(1).position);
  velocity_a = gjk_argument(velocity_a, 'gjk_shape_cast', 'velocity_a', 'points', d);
  velocity_b = gjk_argument(velocity_b, 'gjk_shape_cast', 'velocity_b', 'points', d);
  if nargin < 5
    max_t = Inf;
  end
  max_t = gjk_argument(max_t, 'gjk_shape_cast', 'max_t', 'limit');
  if nargin < 6
    separation = 0;
  else
    separation = gjk_argument(separation, 'gjk_shape_cast', 'separation', 'size');
  end
  [hit, t, point_a, point_b, normal] = gjk_mex('shape_cast', A, B, velocity_a, velocity_b, ...
                                               max_t, separation);
end
