function s = gjk_point(p)
% GJK_POINT  A single point, 2D ([x y]) or 3D ([x y z]).
%
%   See also GJK_DISTANCE.
  s = gjk_make_shape('point', [], p(:)', numel(p), [], []);
end
