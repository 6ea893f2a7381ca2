function s = gjk_make_shape(kind, sizes, points, dimension, position, rotation)
% GJK_MAKE_SHAPE  The shape struct every constructor returns (private helper).
%   Fields: kind (char), size (row of sizes), points (n x 2 or n x 3), position (1 x 2 or
%   1 x 3), rotation (2D: an angle in radians; 3D: a unit quaternion [qx qy qz qw]), rounding
%   (the radius the shape is grown by, 0 here; see GJK_ROUNDED).
%   The library checks the shape once here, so that bad input fails at construction with its
%   message (gjk:invalidArgument).
  if isempty(position)
    position = zeros(1, dimension);
  end
  if isempty(rotation)
    if dimension == 2
      rotation = 0;
    else
      rotation = [0 0 0 1];
    end
  end
  if numel(position) ~= dimension
    error('gjk:invalidArgument', 'a %dD position has %d components', dimension, dimension);
  end
  if numel(rotation) ~= (dimension == 2) * 1 + (dimension == 3) * 4
    error('gjk:invalidArgument', ...
          '2D shapes take an angle in radians, 3D shapes a quaternion [qx qy qz qw]');
  end
  s = struct('kind', kind, 'size', double(sizes(:)'), 'points', double(points), ...
             'position', double(position(:)'), 'rotation', double(rotation(:)'), 'rounding', 0);
  gjk_mex('check', s);
end
