function [shapes, names] = airspace_reservations()
% AIRSPACE_RESERVATIONS  Ten airspace reservations in the encoding of the GJK airspace tutorial
% (km, padded with zeros to one row each): circles, a 4-gon, a 5-gon, a 6-gon, a diamond and
% two racetracks given by their bounding rectangles (one along x, one along y).
  hex = [140 240] + 15 * [cos((0:5) * pi / 3)', sin((0:5) * pi / 3)'];
  rows = {
    'R-1',    [1 0 0 100 100 20]
    'R-2',    [1 0 0 145 100 20]
    'TRA-3',  [2 220 100  200 80 240 80 240 120 200 120]
    'HOLD-4', [5 140 210  180 220 180 200 100 200 100 220]
    'TRA-5',  [4 140 240  reshape(hex', 1, [])]
    'TRA-6',  [3 245 125  230 110 260 100 270 130 250 150 225 135]
    'R-7',    [1 0 0 400 400 30]
    'HOLD-8', [5 400 490  410 530 410 450 390 450 390 530]
    'TRA-9',  [2 400 300  420 300 400 320 380 300 400 280]
    'R-10',   [1 0 0 440 300 20]
  };
  names = rows(:, 1);
  shapes = zeros(numel(names), 15);
  for k = 1:numel(names)
    shapes(k, 1:numel(rows{k, 2})) = rows{k, 2};
  end
end
