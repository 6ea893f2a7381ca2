% AIRSPACE_CONFLICTS  The tutorial's horizontal conflict check, with the gjk library's GJK().
%   Every pair of reservations is compared as in the tutorial: a conflict when the shapes
%   overlap (out == 2) or their distance is below the minimum horizontal separation. Then the
%   same answer in one call, with gjk_pairs_within. Run it from this folder after gjk_build, or
%   with the binding folder and the MEX on the path.
separation = 10;  % km
[shapes, names] = airspace_reservations();
n = size(shapes, 1);
conflicts = zeros(0, 3);
for i = 1:n - 1
  for j = i + 1:n
    [out, mindistance] = GJK(shapes(i, :), shapes(j, :));
    if out == 2 || mindistance < separation
      conflicts(end + 1, :) = [i, j, mindistance]; %#ok<AGROW>
    end
  end
end
fprintf('%d reservations, minimum separation %g km: %d conflicts\n', n, separation, size(conflicts, 1));
for k = 1:size(conflicts, 1)
  i = conflicts(k, 1); j = conflicts(k, 2);
  if conflicts(k, 3) == 0
    what = 'overlap or touch';
  else
    what = sprintf('%.4f km apart', conflicts(k, 3));
  end
  fprintf('  %-7s %-7s %s\n', names{i}, names{j}, what);
end
% The same pairs from the library's broad phase (pairs at most the separation apart).
placed = arrayfun(@(k) gjk_from_tutorial(shapes(k, :)), 1:n);
[pairs, d] = gjk_pairs_within(placed, separation);
fprintf('gjk_pairs_within: %d pairs\n', size(pairs, 1));
