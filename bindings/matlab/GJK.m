function [out, mindistance, ci] = GJK(shap_1, shap_2, varargin)
% GJK  Drop-in replacement for the GJK function of the airspace-conflict tutorial.
%   [OUT, MINDISTANCE, CI] = GJK(SHAP_1, SHAP_2) takes the tutorial's encoding (see
%   GJK_FROM_TUTORIAL: 1 circle, 2/3/4 quadrilateral/pentagon/hexagon, 5 racetrack) and answers
%   with the gjk library, so the tutorial's scripts switch by deleting its GJK functions
%   (GJK, getInitDirection, getNewVertex, support*, isContainOrigin, ...) and adding this
%   folder to the path.
%
%   OUT          2 when the shapes overlap or touch (a conflict), 1 when they are apart.
%   MINDISTANCE  the exact distance between the shapes; 0 when OUT is 2.
%   CI           the support points the library evaluated.
%
%   Differences from the tutorial's code:
%   - Touching is a conflict: shapes that share only a boundary point give OUT = 2 and
%     MINDISTANCE = 0 (the tutorial's triangle-area test with its 1e-5 tolerance may answer
%     either way near contact).
%   - OUT is never 3: the tutorial's 1 (the origin-crossing test failed) and 3 (a support
%     point repeated) both meant "apart"; here both are 1.
%   - MINDISTANCE is the distance between the shapes, certified by the library. The tutorial
%     returns the distance from the origin to the nearest edge line of the last triangle,
%     which is not the distance in general (and is not 0 for overlapping shapes).
%   - The racetrack is the exact stadium inscribed in its bounding rectangle, in any
%     orientation and vertex order; the tutorial assumes the long side along x, vertex 1 on
%     the right and vertex 3 on the left.
%   - Polygons are the convex hull of their vertices; the centre elements are not used (the
%     tutorial uses them only for its first search direction).
%   - Nothing is printed (the tutorial displays its simplex and support points).
%
%   See also GJK_FROM_TUTORIAL, GJK_DISTANCE, GJK_PAIRS_WITHIN.
  gjk_nargin(nargin, 'GJK', {'shap_1', 'shap_2'}, {});
  [mindistance, ~, ~, ~, ~, hit, ci] = gjk_distance(gjk_tutorial_shape(shap_1, 'GJK', 'shap_1'), ...
                                                    gjk_tutorial_shape(shap_2, 'GJK', 'shap_2'));
  if hit
    out = 2;
    mindistance = 0;
  else
    out = 1;
  end
end
