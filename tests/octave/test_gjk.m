% The MATLAB/Octave binding (bindings/matlab), run by tests/tools/python_octave.rs with octave-cli:
% answers derived by hand (queries, casts, warm starts), the tutorial encoding, bad input, a table
% of bad calls to every entry point (each error names the argument), batch == single calls,
% memory.
% Prints "N passed, M failed" last and exits 1 on any failure.
1;

function check(condition, label)
  global passed failed
  if condition
    passed = passed + 1;
  else
    failed = failed + 1;
    fprintf('FAILED: %s\n', label);
  end
end

function close_to(actual, expected, tolerance, label)
  ok = isequal(size(actual), size(expected)) && all(abs(actual(:) - expected(:)) <= tolerance);
  if ~ok
    fprintf('  got %s, expected %s\n', mat2str(actual, 17), mat2str(expected, 17));
  end
  check(ok, label);
end

function raises(f, identifier, fragment, label)
  try
    f();
    check(false, [label ' (no error)']);
  catch e
    ok = strcmp(e.identifier, identifier) && ~isempty(strfind(e.message, fragment));
    if ~ok
      fprintf('  got %s: %s\n', e.identifier, e.message);
    end
    check(ok, label);
  end
end

function rows = bad_calls(f, required, specs, optional)
% The bad calls of entry point F, as rows {call, identifier, fragment, label}: too few and too
% many arguments, then each bad value of BAD_VALUES in place of each argument of SPECS
% ({name, a valid value, a value of a wrong size} per row; the first REQUIRED are required).
% OPTIONAL holds valid values of F's optional arguments past SPECS (checked elsewhere), which
% the call with one argument too many passes first.
  caller = regexprep(func2str(f), '^@', '');
  valid = specs(:, 2)';
  names = specs(:, 1)';
  rows = {@() f(), 'gjk:notEnoughInputs', [strjoin(names(1:required), ', ') ' missing'], ...
          [caller ' without arguments']
          @() f(valid{:}, optional{:}, 0), 'gjk:tooManyInputs', ...
          [caller ': too many input arguments'], [caller ' with an extra argument']};
  if required > 1
    rows(end + 1, :) = {@() f(valid{1:required - 1}), 'gjk:notEnoughInputs', ...
                        [names{required} ' missing'], [caller ' without ' names{required}]};
  end
  for k = 1:size(specs, 1)
    values = bad_values(specs{k, 2}, specs{k, 3});
    for v = 1:size(values, 1)
      call = valid;
      call{k} = values{v, 2};
      rows(end + 1, :) = {@() f(call{:}), 'gjk:invalidArgument', [caller ': ' names{k}], ...
                          sprintf('%s %s: %s', caller, names{k}, values{v, 1})};
    end
  end
end

function values = bad_values(valid, wrong_size)
% Values an argument whose valid value is VALID refuses, as rows {kind, value}: of each class
% but the right one (the right size where it has one), WRONG_SIZE, and for a numeric argument
% an int64 that is not a double, NaN and Inf.
  numeric = isnumeric(valid);
  same = @(value) value * ones(size(valid));
  values = {'char', char(same(49))
            'logical', true(size(valid))
            'cell', {valid}
            'struct', struct('value', 1)
            'complex', same(1) + 2i
            'sparse', sparse(same(1))
            'function handle', @sin
            'object', containers.Map()
            'wrong size', wrong_size};
  if numeric
    overflow = int64(valid);
    overflow(1) = intmax('int64');
    [nan_at_1, inf_at_end] = deal(valid);
    nan_at_1(1) = NaN;
    inf_at_end(end) = Inf;
    values = [values; {'int64 with no exact double', overflow; 'NaN', nan_at_1; 'Inf', inf_at_end}];
  end
end

function t = disp_text(value)
  t = strtrim(evalc('disp(value)'));
end

function kb = resident_kb()
  fields = sscanf(fileread('/proc/self/statm'), '%d');
  kb = fields(2) * 4;
end

global passed failed
passed = 0;
failed = 0;
tol = 1e-12;

% --- single queries against closed forms ---------------------------------------------------
square = gjk_polygon([0 0; 1 0; 1 1; 0 1]);
[d, pa, pb, n, lower, hit, iters] = gjk_distance(square, gjk_circle(0.5, [3 0.5]));
close_to(d, 1.5, tol, 'square to disc: 3 - 1 - 0.5');
close_to(pa, [1 0.5], tol, 'closest point on the square');
close_to(pb, [2.5 0.5], tol, 'closest point on the disc');
close_to(n, [1 0], tol, 'normal from A to B');
check(lower <= d && lower > 1.5 - 1e-9, 'certified lower bound');
check(~hit && iters >= 1, 'apart, iterations counted');
close_to(gjk_distance(square, gjk_point([4 5])), 5, tol, 'corner (1,1) to (4,5): hypot(3,4)');
close_to(gjk_distance(gjk_polygon(single([0 0; 1 0; 1 1; 0 1; 0.5 0.5])), gjk_point([3 0.5])), 2, tol, ...
         'single input, interior point');
% a 4 x 1 rectangle turned a quarter turn spans y in [-2, 2]: (0, 3) is 1 away
close_to(gjk_distance(gjk_rectangle(2, 0.5), gjk_point([0 3])), 2.5, tol, 'rectangle unturned');
close_to(gjk_distance(gjk_rectangle(2, 0.5, [0 0], pi / 2), gjk_point([0 3])), 1, tol, 'rectangle turned');
close_to(gjk_distance(gjk_polygon([-2 -0.5; 2 -0.5; 2 0.5; -2 0.5], [0 0], pi / 2), gjk_point([0 3])), 1, tol, ...
         'polygon turned by its pose');
% a capsule along z turned a quarter turn about x lies along y: (0, 3, 0) is 3 - 2.5 away
q = [sin(pi / 4) 0 0 cos(pi / 4)];
close_to(gjk_distance(gjk_capsule(2, 0.5, [0 0 0], q), gjk_point([0 3 0])), 0.5, tol, 'capsule turned');
[d, pa, pb] = gjk_distance(gjk_box(1, 1, 1), gjk_sphere(1, [4 0 0]));
close_to([d pa pb], [2 1 0 0 3 0 0], tol, 'box to sphere, 3D points');
cube = gjk_polytope([0 0 0; 1 0 0; 0 1 0; 1 1 0; 0 0 1; 1 0 1; 0 1 1; 1 1 1]);
close_to(gjk_distance(cube, gjk_point([2 2 2])), sqrt(3), tol, 'cube corner to (2,2,2)');
close_to(gjk_distance(gjk_stadium(2, 1, [10 0]), gjk_point([15 0])), 2, tol, 'stadium cap');
close_to(gjk_distance(gjk_ellipse(3, 1), gjk_point([0 2])), 1, 1e-9, 'ellipse minor axis');
close_to(gjk_distance(gjk_ellipsoid(1, 2, 3), gjk_point([0 0 5])), 2, 1e-9, 'ellipsoid z axis');
% a segment from (0, 0) to (4, 2): (1, 3) projects inside it onto (2, 1), hypot(1, 2) away; (6, 2)
% is nearest its end (4, 2); the 3D one along x from (1, 1, 1) passes 1 above the unit box's top
[d, pa] = gjk_distance(gjk_segment([0 0], [4 2]), gjk_point([1 3]));
close_to([d pa], [sqrt(5) 2 1], tol, 'segment interior');
close_to(gjk_distance(gjk_segment([0 0], [4 2]), gjk_point([6 2])), 2, tol, 'segment end');
close_to(gjk_distance(gjk_segment([-3 0 2], [3 0 2]), gjk_box(1, 1, 1)), 1, tol, 'segment over a box');
close_to(gjk_distance(gjk_rounded(gjk_segment([0 0 0], [0 0 4]), 0.5), gjk_point([0 3 2])), 2.5, ...
         tol, 'rounded segment: a capsule between two points');
check(gjk_intersect(gjk_segment([-1 -1], [1 1]), gjk_segment([-1 1], [1 -1])), 'crossing segments');
raises(@() gjk_segment([0 0], [1 1 1]), 'gjk:invalidArgument', 'coordinates', '2D to 3D segment');
check(gjk_intersect(gjk_circle(1), gjk_circle(1, [2 0])), 'touching discs intersect');
check(~gjk_intersect(gjk_circle(1), gjk_circle(1, [2.001 0])), 'discs 0.001 apart do not');
[sd, pa, pb, n, hit] = gjk_penetration(gjk_circle(1), gjk_circle(1, [1.5 0]));
close_to([sd n], [-0.5 1 0], 1e-6, 'disc overlap depth 0.5');
check(hit, 'overlap flagged');
close_to(gjk_penetration(gjk_box(1, 1, 1), gjk_box(1, 1, 1, [1.6 0 0])), -0.4, 1e-9, 'box overlap depth 0.4');
% a 1 x 2 x 3 box turned a quarter about z at x = 10: the x and y extents swap
[lo, hi] = gjk_aabb(gjk_box(1, 2, 3, [10 0 0], [0 0 sqrt(0.5) sqrt(0.5)]));
close_to([lo hi], [8 -1 -3 12 1 3], 1e-12, 'aabb of a turned box');
[lo, hi] = gjk_aabb([gjk_circle(0.5, [1 2]), gjk_circle(1)]);
close_to([lo hi], [0.5 1.5 1.5 2.5; -1 -1 1 1], 1e-15, 'aabb of two discs, one row each');

% --- cylinder, cone, rounded shapes ------------------------------------------------------------
% a cylinder of half height 1 and radius 0.5: (3, 4, 0) is 5 from the axis (off the x and y axes,
% so a square section would fail), (0, 0, 3) above the cap (a capsule would be 1.5 away), and
% (2.1, 2.8, 5) is the rim point (0.3, 0.4, 1) plus (1.8, 2.4, 4), of length 5
cylinder = gjk_cylinder(1, 0.5);
[d, pa] = gjk_distance(cylinder, gjk_point([3 4 0]));
close_to([d pa], [4.5 0.3 0.4 0], tol, 'cylinder side: 5 - 0.5');
close_to(gjk_distance(cylinder, gjk_point([0 0 3])), 2, tol, 'cylinder cap');
[d, pa] = gjk_distance(cylinder, gjk_point([2.1 2.8 5]));
close_to([d pa], [5 0.3 0.4 1], tol, 'cylinder rim');
close_to(gjk_distance(gjk_cylinder(1, 0.5, [0 0 0], q), gjk_point([0 3 0])), 2, tol, ...
         'cylinder turned about x lies along y');
% a cone of half height 1 and radius 1: base disc at z = -1, apex (0, 0, 1); in the xz plane its
% side runs from (1, -1) to (0, 1) with outward normal (2, 1) / sqrt(5)
cone = gjk_cone(1, 1);
[d, pa] = gjk_distance(cone, gjk_point([0 0 3]));
close_to([d pa], [2 0 0 1], tol, 'cone apex at +half_height');
[d, pa] = gjk_distance(cone, gjk_point([0.5 0 -3]));
close_to([d pa], [2 0.5 0 -1], tol, 'cone base at -half_height (not upside down)');
close_to(gjk_distance(cone, gjk_point([4 0 -5])), 5, tol, 'cone base rim (1, 0, -1) plus (3, 0, -4)');
[d, pa] = gjk_distance(cone, gjk_point([2.5 0 1]));
close_to([d pa], [sqrt(5) 0.5 0 0], tol, 'cone side: its middle plus sqrt(5) along the normal');
close_to(gjk_distance(gjk_cone(1, 1, [10 0 0]), gjk_point([10 0 3])), 2, tol, 'cone placed');
% a box grown by 0.5 is the box's distance - 0.5: 3 from (4, 0, 0), and its corner (1, 1, 1)
% plus (2, 2, 1) from (3, 3, 2); the pose of the box is kept; radii add up
rounded = gjk_rounded(gjk_box(1, 1, 1), 0.5);
[d, pa] = gjk_distance(rounded, gjk_point([4 0 0]));
close_to([d pa], [2.5 1.5 0 0], tol, 'rounded box face');
close_to(gjk_distance(rounded, gjk_point([3 3 2])), 2.5, tol, 'rounded box corner');
close_to(gjk_distance(gjk_rounded(gjk_box(1, 1, 1, [10 0 0]), 0.5), gjk_point([14 0 0])), 2.5, tol, ...
         'rounded box keeps its position');
close_to(gjk_distance(gjk_rounded(gjk_rounded(gjk_rectangle(1, 1), 0.25), 0.25), gjk_point([4 0])), ...
         2.5, tol, 'rounded twice: radii add up');
close_to(gjk_distance(gjk_rounded(gjk_point([1 2]), 1), gjk_point([4 6])), 4, tol, 'a rounded point is a disc');
close_to(gjk_penetration(rounded, gjk_rounded(gjk_box(1, 1, 1, [2.6 0 0]), 0.5)), -0.4, 1e-9, ...
         'rounded boxes: cores 0.6 apart, overlap 0.4');
% the new shapes concatenate with the others into struct arrays for the batch queries: a unit
% box, a rounded box whose core starts at x = 2.5, a cylinder over z = 4 and a cone whose apex
% is at z = -4
mixed = [gjk_box(1, 1, 1), gjk_rounded(gjk_box(1, 1, 1, [3.5 0 0]), 0.5), ...
         gjk_cylinder(1, 0.5, [0 0 5]), gjk_cone(1, 1, [0 0 -5])];
close_to(gjk_distance(gjk_box(1, 1, 1), mixed), [0; 1; 3; 3], tol, 'one box against mixed kinds (batch)');
[pairs, d] = gjk_pairs_within(mixed, 1.5);
check(isequal(pairs, [1 2]) && abs(d - 1) <= tol, 'pairs_within on mixed kinds: only the rounded box');

% --- batches equal single calls ---------------------------------------------------------------
rand('seed', 7);
N = 200;
A = repmat(gjk_circle(1), 1, N);
B = repmat(gjk_circle(1), 1, N);
for k = 1:N
  A(k) = gjk_polygon(randn(6, 2), 3 * randn(1, 2), rand() * 2 * pi);
  B(k) = gjk_polygon(randn(6, 2), 3 * randn(1, 2), rand() * 2 * pi);
end
[d, pa, pb, n, lower, hit] = gjk_distance(A, B);
single_d = zeros(N, 1); single_pa = zeros(N, 2); single_hit = false(N, 1);
for k = 1:N
  [single_d(k), single_pa(k, :), ~, ~, ~, single_hit(k)] = gjk_distance(A(k), B(k));
end
check(isequal(size(d), [N 1]) && isequal(size(pa), [N 2]), 'batch shapes of the outputs');
check(isequal(d, single_d) && isequal(pa, single_pa) && isequal(hit, single_hit), ...
      'distance batch == single calls, bit for bit');
check(any(hit) && ~all(hit), 'both overlapping and separated pairs');
single_i = false(N, 1);
for k = 1:N
  single_i(k) = gjk_intersect(A(k), B(k));
end
check(isequal(gjk_intersect(A, B), single_i), 'intersect batch == single calls');
% one shape against many: unit discs at x = 0..10, distance max(x - 2, 0)
xs = linspace(0, 10, 101)';
C = arrayfun(@(x) gjk_circle(1, [x 0]), xs');
close_to(gjk_distance(gjk_circle(1), C), max(xs - 2, 0), tol, 'one against many, closed form');
close_to(gjk_penetration(gjk_circle(1), C(1:3)), [-2; -1.9; -1.8], 1e-6, 'penetration of several pairs');

% --- casts and warm starts ---------------------------------------------------------------------
% a ray from the origin along +x meets the unit disc centred at (5, 0) at x = 4, normal -x; one
% along +y misses; one from inside hits at once
[hit, t, p, n, inside] = gjk_ray_cast(gjk_circle(1, [5 0]), [0 0; 0 0; 5 0.5], [1 0; 0 1; 1 0]);
check(isequal(hit, [true; false; true]) && isequal(inside, [false; false; true]), 'ray hits');
close_to([t(1) p(1, :) n(1, :)], [4 4 0 -1 0], tol, 'ray meets the disc at x = 4');
check(t(3) == 0, 'a ray from inside hits at t = 0');
% a direction of length 2 halves t; max_t short of the disc misses
[~, t] = gjk_ray_cast(gjk_circle(1, [5 0]), [0 0], [2 0]);
close_to(t, 2, tol, 'ray t in units of the direction');
check(~gjk_ray_cast(gjk_circle(1, [5 0]), [0 0], [1 0], 3.9), 'max_t 3.9 stops short of x = 4');
% a 3D ray down onto the top of a unit box (z = 1)
[hit, t, p, n] = gjk_ray_cast(gjk_box(1, 1, 1), [0.5 0.5 4], [0 0 -1]);
close_to([t p n], [3 0.5 0.5 1 0 0 1], tol, 'ray onto the box top');
% two unit discs 10 apart, blob moving at -2 along x: they touch at t = (10 - 2) / 2 = 4, at x = 1
[hit, t, pa, pb, n] = gjk_shape_cast(gjk_circle(1), gjk_circle(1, [10 0]), [0 0], [-2 0]);
check(hit, 'the discs meet');
close_to([t pa pb n], [4 1 0 1 0 1 0], 1e-9, 'shape cast: t = 4 at x = 1');
[~, t] = gjk_shape_cast(gjk_circle(1), gjk_circle(1, [10 0]), [1 0], [-1 0], Inf, 2);
close_to(t, 3, 1e-9, 'within a separation of 2: t = (10 - 2 - 2) / 2');
check(~gjk_shape_cast(gjk_circle(1), gjk_circle(1, [10 0]), [0 0], [-2 0], 3), 'max_t 3 < 4');
[hit, t] = gjk_shape_cast([gjk_sphere(1), gjk_sphere(1)], gjk_sphere(1, [0 0 6]), ...
                          [0 0 1; 0 0 0], [0 0 0; 0 0 -4]);
close_to(t, [4; 1], 1e-9, 'shape casts by pair: 4 / 1 and 4 / 4');
% warm starts: a pair moving a little answers as the cold query, its cache a row per pair
hull = gjk_polytope([0 0 0; 1 0 0; 0 1 0; 0 0 1; 1 1 1]);
disc = gjk_circle(1);
cache = [];
same = true;
for k = 1:40
  blob = gjk_ellipsoid(1, 0.5, 0.75, [2.5 - 0.05 * k, 0.2, 0.1]);
  [dw, ~, ~, ~, ~, ~, ~, cache] = gjk_distance(hull, blob, cache);
  same = same && abs(dw - gjk_distance(hull, blob)) <= 1e-9 * max(1, dw);
end
check(same, 'warm distances equal the cold ones over 40 steps');
check(isa(cache, 'uint8') && size(cache, 1) == 1, 'the cache: a uint8 row');
[hits, caches] = gjk_intersect([hull hull], [gjk_sphere(1, [3 0 0]), gjk_sphere(1, [1 0 0])]);
check(isequal(hits, [false; true]) && size(caches, 1) == 2, 'intersect caches, one a pair');
check(isequal(gjk_intersect([hull hull], [gjk_sphere(1, [3 0 0]), gjk_sphere(1, [1 0 0])], caches), ...
              [false; true]), 'warm intersect from the caches');
% max_t may be Inf (no limit) but not NaN, negative, two numbers or text
for bad = {NaN, -1, [1 2], 'a', true}
  raises(@() gjk_ray_cast(disc, [0 0], [1 0], bad{1}), 'gjk:invalidArgument', 'gjk_ray_cast: max_t', ...
         ['ray cast max_t ' disp_text(bad{1})]);
  raises(@() gjk_shape_cast(disc, disc, [0 0], [1 0], bad{1}), 'gjk:invalidArgument', ...
         'gjk_shape_cast: max_t', ['shape cast max_t ' disp_text(bad{1})]);
end
raises(@() gjk_shape_cast(disc, disc, [0 0], [1 0], 1, -1), 'gjk:invalidArgument', ...
       'gjk_shape_cast: separation is -1', 'a negative separation');
check(gjk_ray_cast(gjk_circle(1, [5 0]), [0 0], [1 0], Inf), 'max_t Inf: no limit');
check(gjk_ray_cast(gjk_circle(1, [5 0]), [0 0], [1 0], []), 'max_t []: no limit');
raises(@() gjk_mex('ray_cast', disc([]), zeros(0, 2), zeros(0, 2), 1), 'gjk:invalidArgument', ...
       'at least one ray', 'gjk_mex: no shape and no ray');
raises(@() gjk_distance(hull, blob, 'x'), 'gjk:invalidArgument', 'gjk_distance: cache must be []', ...
       'a char cache');
raises(@() gjk_distance(hull, blob, uint8([1 2 3])), 'gjk:invalidArgument', 'cache must be [] or a 1 x', ...
       'a cache of the wrong length');
raises(@() gjk_intersect([hull hull], blob, cache), 'gjk:invalidArgument', 'cache must be [] or a 2 x', ...
       'one cache for two pairs');

% --- pairs within a separation -----------------------------------------------------------------
discs = [gjk_circle(1, [0 0]), gjk_circle(1, [3 0]), gjk_circle(1, [7 0]), gjk_circle(1, [12 0])];
[pairs, d, pa, pb] = gjk_pairs_within(discs, 2);
check(isequal(pairs, [1 2; 2 3]), 'pairs within 2: gaps 1 and 2, 1-based');
close_to([d pa pb], [1 1 0 2 0; 2 4 0 6 0], tol, 'their distances and closest points');
check(isempty(gjk_pairs_within(discs, 0.5)), 'no pair within 0.5');
check(size(gjk_pairs_within(discs, 100), 1) == 6, 'every pair within 100');
brute = zeros(0, 2);
for i = 1:N - 1
  for j = i + 1:N
    if gjk_distance(A(i), A(j)) <= 1
      brute(end + 1, :) = [i j];
    end
  end
end
check(isequal(gjk_pairs_within(A, 1), brute) && size(brute, 1) > 5, 'pairs_within == brute force');

% --- the tutorial's encoding and GJK() --------------------------------------------------------
[out, md, ci] = GJK([1 0 0 3 0.5 0.5], [2 0.5 0.5 0 0 1 0 1 1 0 1]);
check(out == 1 && abs(md - 1.5) <= tol && ci >= 1, 'GJK: circle and square apart');
[out, md] = GJK([1 0 0 1.5 0.5 0.5], [2 0.5 0.5 0 0 1 0 1 1 0 1]);
check(out == 2 && md == 0, 'GJK: touching is a conflict, distance 0');
% racetrack in the rectangle [0, 4] x [0, 2]: turns of radius 1 at (1, 1) and (3, 1)
track = [5 2 1  4 2 4 0 0 0 0 2];
[out, md] = GJK(track, [1 0 0 2 5 1]);
check(out == 1 && abs(md - 2) <= tol, 'GJK: circle above the racetrack, 5 - 1 - 1 - 1');
[out, md] = GJK(track, [1 0 0 -2 1 1]);
check(abs(md - 1) <= tol, 'GJK: circle (x <= -1) beyond the left turn (x >= 0)');
% the same racetrack standing up, vertices in another order: exact stadium along y
[out, md] = GJK([5 1 2  0 0 2 4 2 0 0 4], [1 0 0 1 7 1]);
check(out == 1 && abs(md - 2) <= tol, 'GJK: racetrack along y, any vertex order');
hex = [cos((0:5) * pi / 3)', sin((0:5) * pi / 3)'] * 15 + [140 240];
[out, md] = GJK([4 140 240 reshape(hex', 1, [])], [5 140 210 180 220 180 200 100 200 100 220]);
close_to(md, 20 - 15 * sin(pi / 3), 1e-12, 'GJK: hexagon above a racetrack');
[out, md] = GJK([3 0 0 0 0 2 0 2 2 1 3 0 2], [1 0 0 5 1 1]);
check(out == 1 && abs(md - 2) <= tol, 'GJK: pentagon edge x = 2 to a disc at x = 5');
% the example script finds its four hand-placed conflicts
[shapes, names] = airspace_reservations();
text = evalc('airspace_conflicts');
check(~isempty(strfind(text, '4 conflicts')) && ~isempty(strfind(text, 'gjk_pairs_within: 4 pairs')), ...
      'airspace example: 4 conflicts both ways');
check(~isempty(strfind(text, 'HOLD-4  TRA-5   7.0096')), 'airspace example: hexagon 7.0096 km from the racetrack');

% --- bad input ---------------------------------------------------------------------------------
raises(@() gjk_circle(-1), 'gjk:invalidArgument', 'radius', 'negative radius');
raises(@() gjk_cylinder(1, -0.5), 'gjk:invalidArgument', 'radius', 'cylinder of negative radius');
raises(@() gjk_cone(-1, 1), 'gjk:invalidArgument', 'half_height', 'cone of negative height');
raises(@() gjk_rounded(gjk_box(1, 1, 1), -0.1), 'gjk:invalidArgument', 'radius', 'negative rounding');
raises(@() gjk_rounded(gjk_rounded(gjk_box(1, 1, 1), 1), -0.5), 'gjk:invalidArgument', 'radius', ...
       'negative rounding of a rounded shape (not hidden by the sum)');
raises(@() gjk_rounded(3, 1), 'gjk:invalidArgument', 'one shape', 'rounding a number');
raises(@() gjk_polygon([0 0; NaN 1; 1 1]), 'gjk:invalidArgument', 'P(2, 1) is NaN', 'NaN point, indexed from 1');
raises(@() gjk_polygon(zeros(0, 2)), 'gjk:invalidArgument', 'at least one point', 'no points');
raises(@() gjk_polygon([0 0 0; 1 1 1]), 'gjk:invalidArgument', 'n x 2', 'polygon of 3D points');
raises(@() gjk_distance(gjk_circle(1), gjk_sphere(1)), 'gjk:dimensionMismatch', '2D', '2D against 3D');
raises(@() gjk_sphere(1, [0 0 0 0]), 'gjk:invalidArgument', 'centre', 'bad centre');
raises(@() gjk_box(1, 1, 1, [0 0 0], [0 0 0 2]), 'gjk:invalidArgument', 'quaternion', 'non-unit quaternion');
raises(@() gjk_distance(square, struct('kind', 'blob')), 'gjk:invalidArgument', 'kind', 'not a shape');
raises(@() gjk_distance(square, 3), 'gjk:invalidArgument', 'struct', 'a number for a shape');
raises(@() gjk_distance(A(1:3), B(1:2)), 'gjk:invalidArgument', 'same number', 'batch sizes differ');
raises(@() gjk_pairs_within(discs, -1), 'gjk:invalidArgument', 'separation', 'negative separation');
raises(@() GJK([7 0 0], [1 0 0 0 0 1]), 'gjk:invalidArgument', 'unknown type', 'tutorial type 7');
raises(@() GJK([2 0 0 1 1], [1 0 0 0 0 1]), 'gjk:invalidArgument', '4-gon', 'short tutorial row');

% --- argument checking: every entry point, a table of bad calls --------------------------------
% Each row: the call, the identifier, a fragment the message must contain (the function and the
% argument's name in its help text, e.g. 'gjk_circle: radius'), a label. The rows of
% BAD_CALLS replace each argument of a valid call by a value of each wrong class, of a wrong
% size, an int64 with no exact double, NaN and Inf, and call with too few and too many
% arguments.
c = gjk_circle(1);
sizes = @(names) [names(:), repmat({1, [1 1]}, numel(names), 1)];  % each 1, wrong as [1 1]
placed2 = {'position', [0 0], [0 0 0]; 'angle', 0, [0 0]};
placed3 = {'position', [0 0 0], [0 0]; 'quaternion', [0 0 0 1], [0 0 1]};
tutorial = [1 0 0 0 0 1];
% entry point, number of required arguments, {name, a valid value, a value of a wrong size}
entry_points = {
  @gjk_box, 3, [sizes({'half_x', 'half_y', 'half_z'}); placed3]
  @gjk_capsule, 2, [sizes({'half_length', 'radius'}); placed3]
  @gjk_circle, 1, {'radius', 1, [1 1]; 'centre', [0 0], [0 0 0]}
  @gjk_cone, 2, [sizes({'half_height', 'radius'}); placed3]
  @gjk_cylinder, 2, [sizes({'half_height', 'radius'}); placed3]
  @gjk_ellipse, 2, [sizes({'half_x', 'half_y'}); placed2]
  @gjk_ellipsoid, 3, [sizes({'half_x', 'half_y', 'half_z'}); placed3]
  @gjk_polygon, 1, [{'P', [0 0; 1 0; 0 1], [0 0 0; 1 0 0]}; placed2]
  @gjk_polytope, 1, [{'P', [0 0 0; 1 0 0; 0 1 0; 0 0 1], [0 0; 1 0]}; placed3]
  @gjk_point, 1, {'p', [1 2], [1 2 3 4]}
  @gjk_rectangle, 2, [sizes({'half_x', 'half_y'}); placed2]
  @gjk_rounded, 2, {'S', c, [c c]; 'radius', 0.5, [1 1]}
  @gjk_segment, 2, {'p', [0 0], [1 2 3 4]; 'q', [1 1], 1}
  @gjk_sphere, 1, {'radius', 1, [1 1]; 'centre', [0 0 0], [0 0]}
  @gjk_stadium, 2, [sizes({'half_length', 'radius'}); placed2]
  @gjk_distance, 2, {'A', c, c([]); 'B', c, c([])}
  @gjk_intersect, 2, {'A', c, c([]); 'B', c, c([])}
  @gjk_penetration, 2, {'A', c, c([]); 'B', c, c([])}
  @gjk_pairs_within, 2, {'S', [c c], c([]); 'separation', 1, [1 1]}
  @gjk_aabb, 1, {'S', [c c], c([])}
  @gjk_ray_cast, 3, {'S', c, c([]); 'origin', [0 0], [0 0 0]; 'direction', [1 0], [1 0 0]}
  @gjk_shape_cast, 4, {'A', c, c([]); 'B', c, c([]); 'velocity_a', [0 0], [0 0 0]
                       'velocity_b', [1 0], [1 0 0]}
  @gjk_from_tutorial, 1, {'shap', tutorial, [tutorial; tutorial]}
  @GJK, 2, {'shap_1', tutorial, [tutorial; tutorial]; 'shap_2', tutorial, zeros(1, 0)}
};
bad = cell(0, 4);
for e = 1:size(entry_points, 1)
  [f, required, specs] = entry_points{e, :};
  % valid values of the optional arguments the table leaves out (checked above: a cache, a
  % time limit that may be Inf)
  optional = {};
  switch func2str(f)
    case {'gjk_distance', 'gjk_intersect'}
      optional = {[]};
    case 'gjk_ray_cast'
      optional = {5};
    case 'gjk_shape_cast'
      optional = {5, 0};
  end
  valid = specs(:, 2)';
  try
    f(valid{:});
    check(true, '');
  catch err
    check(false, sprintf('%s accepts its valid arguments: %s', func2str(f), err.message));
  end
  bad = [bad; bad_calls(f, required, specs, optional)];
end
% the calls of the issue, gjk_build (not called with valid arguments: it would compile), the
% tutorial's rows, and the MEX gateway called directly (it checks what it reads)
invalid = 'gjk:invalidArgument';
bad = [bad
       {@() gjk_circle('1'), invalid, 'gjk_circle: radius must be real numeric', 'issue: radius ''1'''
        @() gjk_circle(1, 'ab'), invalid, 'gjk_circle: centre', 'issue: centre ''ab'''
        @() gjk_rectangle(1, 1, [0 0], 'x'), invalid, 'gjk_rectangle: angle', 'issue: angle ''x'''
        @() gjk_distance(), 'gjk:notEnoughInputs', 'expected A, B[, cache]; A, B missing', ...
        'issue: gjk_distance()'
        @() gjk_build(1), invalid, 'gjk_build: library_dir', 'gjk_build library_dir: double'
        @() gjk_build('.', {'x'}), invalid, 'gjk_build: output_dir', 'gjk_build output_dir: cell'
        @() gjk_build(['ab'; 'cd']), invalid, 'gjk_build: library_dir', 'gjk_build: 2 rows of text'
        @() gjk_build('.', '.', '.'), 'gjk:tooManyInputs', 'expected [library_dir, output_dir]', ...
        'gjk_build: 3 arguments'
        @() GJK([1 0 0 0 0 -1], tutorial), invalid, 'GJK: shap_1: gjk_circle: radius is -1', ...
        'GJK: the error of a constructor names the row'
        @() gjk_mex('check', setfield(c, 'position', sparse([0 0]))), invalid, ...
        'shape(1): position', 'gjk_mex: sparse position field'
        @() gjk_mex('check', setfield(gjk_polygon([0 0; 1 1]), 'points', sparse([0 0; 1 1]))), ...
        invalid, 'shape(1): its points', 'gjk_mex: sparse points field'
        @() gjk_mex('check', setfield(gjk_point([1 2]), 'points', zeros(1, 0))), invalid, ...
        'shape(1): a segment has 2 points, a point 1', 'gjk_mex: a point without coordinates'
        @() gjk_mex('check', setfield(c, 'size', 'a')), invalid, 'shape(1): its size', ...
        'gjk_mex: char size'
        @() gjk_mex('check', setfield(c, 'rounding', true)), invalid, 'shape(1): its rounding', ...
        'gjk_mex: logical rounding'
        @() gjk_mex('pairs_within', c, 1i), invalid, 'separation', 'gjk_mex: complex separation'
        @() gjk_mex('distance', c, {c}), invalid, 'B: expected a gjk shape struct', 'gjk_mex: cell B'
        @() gjk_mex('distance', c), 'gjk:usage', 'expects 2 argument(s)', 'gjk_mex: too few arguments'
        @() gjk_mex('check', c, c), 'gjk:usage', 'expects 1 argument(s)', 'gjk_mex: too many arguments'
        @() gjk_mex(3), 'gjk:usage', 'command', 'gjk_mex: a number for the command'}];
for k = 1:size(bad, 1)
  raises(bad{k, :});
end

% --- memory stays flat: every call frees its shapes ------------------------------------------------
big = gjk_polygon(randn(64, 2));
for k = 1:500, gjk_distance(big, gjk_circle(1, [9 9])); end
before = resident_kb();
for k = 1:20000
  gjk_distance(big, gjk_circle(1, [9 9]));
end
grown = resident_kb() - before;
check(grown < 4096, sprintf('memory flat over 20,000 queries (grew %d kB)', grown));
cache = [];
for k = 1:500, [~, ~, ~, ~, ~, ~, ~, cache] = gjk_distance(big, gjk_circle(1, [9 9]), cache); end
before = resident_kb();
for k = 1:10000
  [~, ~, ~, ~, ~, ~, ~, cache] = gjk_distance(big, gjk_circle(1, [9 9]), cache);
  gjk_ray_cast(big, [-9 -9], [1 1]);
  gjk_shape_cast(big, gjk_circle(1, [9 9]), [0 0], [-1 -1]);
end
grown = resident_kb() - before;
check(grown < 4096, sprintf('memory flat over 10,000 warm queries and casts (grew %d kB)', grown));

fprintf('%d passed, %d failed\n', passed, failed);
if failed > 0
  exit(1);
end
