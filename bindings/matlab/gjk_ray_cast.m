function [hit, t, point, normal, inside] = gjk_ray_cast(S, origin, direction, max_t, varargin)
% GJK_RAY_CAST  Where rays first hit convex shapes.
%   [HIT, T, P, N, INSIDE] = GJK_RAY_CAST(S, ORIGIN, DIRECTION) casts the ray ORIGIN + t *
%   DIRECTION (t >= 0; rows [x y] or [x y z], the shapes' dimension) at the shape S where its
%   position and quaternion place it. HIT says whether it hits; T is the first t on the shape
%   (in units of DIRECTION's length), P the point hit and N the unit normal there, pointing
%   back at the ray; a ray starting inside the shape hits at t = 0 with INSIDE true.
%   GJK_RAY_CAST(S, ORIGIN, DIRECTION, MAX_T) looks no further than t = MAX_T (default and [] Inf).
%
%   S may be a struct array of N shapes and ORIGIN, DIRECTION N rows (any of them one, for
%   all): N rays, N x 1 answers and N-row points and normals (gjk_ray_cast, ray by ray).
%
%   See also GJK_SHAPE_CAST, GJK_DISTANCE.
  gjk_nargin(nargin, 'gjk_ray_cast', {'S', 'origin', 'direction'}, {'max_t'});
  S = gjk_argument(S, 'gjk_ray_cast', 'S', 'shapes');
  d = numel(S(1).position);
  origin = gjk_argument(origin, 'gjk_ray_cast', 'origin', 'points', d);
  direction = gjk_argument(direction, 'gjk_ray_cast', 'direction', 'points', d);
  if nargin < 4
    max_t = Inf;
  end
  max_t = gjk_argument(max_t, 'gjk_ray_cast', 'max_t', 'limit');
  [hit, t, point, normal, inside] = gjk_mex('ray_cast', S, origin, direction, max_t);
end
