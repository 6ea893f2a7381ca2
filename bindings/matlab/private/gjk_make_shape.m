function s = gjk_make_shape(kind, sizes, points, dimension, position, rotation)
% GJK_MAKE_SHAPE  The shape struct every constructor returns (private helper).
%   S = GJK_MAKE_SHAPE(KIND, SIZES, POINTS, DIMENSION, POSITION, ROTATION) for the constructor
%   gjk_KIND: SIZES is a cell array {name, value, ...} of its size arguments, POINTS its points
%   (already checked) or [], POSITION and ROTATION its placement arguments as given ([] for the
%   default). Each argument is checked by GJK_ARGUMENT under its name in the constructor's help
%   text (a position is called centre for circles and spheres, a rotation angle in 2D and
%   quaternion in 3D).
%   Fields: kind (char), size (row of sizes), points (n x 2 or n x 3), position (1 x 2 or
%   1 x 3), rotation (2D: an angle in radians; 3D: a unit quaternion [qx qy qz qw]), rounding
%   (the radius the shape is grown by, 0 here; see GJK_ROUNDED).
%   The library then checks the shape once, so that what only it knows (a quaternion's norm, a
%   degenerate hull, magnitudes) fails at construction with its message (gjk:invalidArgument).
  caller = ['gjk_' kind];
  values = zeros(1, numel(sizes) / 2);
  for k = 1:numel(values)
    values(k) = gjk_argument(sizes{2 * k}, caller, sizes{2 * k - 1}, 'size');
  end
  place = 'position';
  if any(strcmp(kind, {'circle', 'sphere'}))
    place = 'centre';
  end
  position = gjk_argument(position, caller, place, 'vector', [0 dimension]);
  if dimension == 2
    rotation = gjk_argument(rotation, caller, 'angle', 'vector', [0 1]);
  else
    rotation = gjk_argument(rotation, caller, 'quaternion', 'vector', [0 4]);
  end
  if isempty(position)
    position = zeros(1, dimension);
  end
  if isempty(rotation) && dimension == 2
    rotation = 0;
  elseif isempty(rotation)
    rotation = [0 0 0 1];
  end
  s = struct('kind', kind, 'size', values, 'points', points, 'position', position(:)', ...
             'rotation', rotation(:)', 'rounding', 0);
  gjk_mex('check', s);
end
