function s = gjk_from_tutorial(shap, varargin)
% GJK_FROM_TUTORIAL  A gjk shape from the encoding of the airspace GJK tutorial.
%   S = GJK_FROM_TUTORIAL(SHAP) for a row SHAP whose first element is the type:
%     1  circle     [1, -, -, cx, cy, r]                  (elements 2 and 3 unused)
%     2  4-gon      [2, cx, cy, x1, y1, ..., x4, y4]      (centre, then the vertices)
%     3  5-gon      [3, cx, cy, x1, y1, ..., x5, y5]
%     4  6-gon      [4, cx, cy, x1, y1, ..., x6, y6]
%     5  racetrack  [5, cx, cy, x1, y1, ..., x4, y4]      (the vertices of its bounding
%                                                           rectangle)
%   Polygons are the convex hull of their vertices (the centre is not used). A racetrack is
%   the exact stadium inscribed in its rectangle: two half discs of diameter the short side
%   joined along the long side, whatever the rectangle's orientation and vertex order.
%
%   See also GJK.
  gjk_nargin(nargin, 'gjk_from_tutorial', {'shap'}, {});
  s = gjk_tutorial_shape(shap, 'gjk_from_tutorial', 'shap');
end
