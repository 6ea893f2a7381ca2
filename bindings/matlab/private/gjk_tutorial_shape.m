function s = gjk_tutorial_shape(shap, caller, name)
% GJK_TUTORIAL_SHAPE  A gjk shape from a row of the airspace tutorial's encoding (private helper).
%   S = GJK_TUTORIAL_SHAPE(SHAP, CALLER, NAME) decodes SHAP as GJK_FROM_TUTORIAL documents; its
%   errors (gjk:invalidArgument) start with CALLER and name the argument NAME, also those of the
%   constructor it calls (a negative radius, a degenerate polygon).
  shap = gjk_argument(shap, caller, name, 'vector', Inf);
  try
    s = decode(shap);
  catch e
    error(struct('identifier', e.identifier, ...
                 'message', sprintf('%s: %s: %s', caller, name, e.message)));
  end
end

function s = decode(shap)
% DECODE  The shape of a checked row; errors without the caller's name (added by the caller).
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
      error('gjk:invalidArgument', 'unknown type %g (1 to 5)', type);
  end
end

function need(shap, count, text)
% NEED  Refuses a row shorter than COUNT, saying what TEXT a row of its type is.
  if numel(shap) < count
    error('gjk:invalidArgument', '%s; got %d numbers', text, numel(shap));
  end
end
