function s = gjk_from_tutorial(shap)
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
  if isempty(shap)
    error('gjk:invalidArgument', 'gjk_from_tutorial: empty shape');
  end
  type = shap(1);
  switch type
    case 1
      need(shap, 6, 'a circle is [1, -, -, cx, cy, r]');
      s = gjk_circle(shap(6), shap(4:5));
    case {2, 3, 4}
      n = type + 2;
      need(shap, 3 + 2 * n, sprintf('a %d-gon is [%d, cx, cy, x1, y1, ..., x%d, y%d]', n, type, n, n));
      s = gjk_polygon(reshape(shap(4:3 + 2 * n), 2, n)');
    case 5
      need(shap, 11, 'a racetrack is [5, cx, cy, x1, y1, ..., x4, y4] (its bounding rectangle)');
      v = reshape(shap(4:11), 2, 4)';
      % From vertex 1, the farthest vertex is the diagonal's end; the other two are the sides.
      gaps = sqrt(sum((v(2:4, :) - v(1, :)) .^ 2, 2));
      [~, order] = sort(gaps);
      side_a = v(1 + order(1), :) - v(1, :);
      side_b = v(1 + order(2), :) - v(1, :);
      if norm(side_a) > norm(side_b)
        [side_a, side_b] = deal(side_b, side_a);
      end
      radius = norm(side_a) / 2;              % the short side is the turns' diameter
      half_length = norm(side_b) / 2 - radius;
      centre = mean(v, 1);
      s = gjk_stadium(max(half_length, 0), radius, centre, atan2(side_b(2), side_b(1)));
    otherwise
      error('gjk:invalidArgument', 'gjk_from_tutorial: unknown type %g (1 to 5)', type);
  end
end

function need(shap, count, text)
  if numel(shap) < count
    error('gjk:invalidArgument', 'gjk_from_tutorial: %s; got %d numbers', text, numel(shap));
  end
end
