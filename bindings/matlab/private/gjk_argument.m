function value = gjk_argument(value, caller, name, kind, count)
% GJK_ARGUMENT  One argument of a binding function, checked and converted (private helper).
%   V = GJK_ARGUMENT(VALUE, CALLER, NAME, KIND, COUNT) returns VALUE, numbers as a full double
%   array, or raises gjk:invalidArgument with a message that starts with CALLER and names the
%   argument NAME (as CALLER's help text does) unless VALUE is of KIND:
%     'size'    one real number, finite and 0 or more (a radius, a half side, a separation)
%     'limit'   one real number, 0 or more, Inf allowed (no limit); [] is Inf
%     'vector'  finite real numbers in a vector, as many as an element of COUNT (0 allows [],
%               which the caller replaces by its default; Inf allows any count from 1)
%     'points'  a finite real n x COUNT matrix, n >= 1: one point a row
%     'shapes'  a struct array of gjk shapes, at least one; 'shape' exactly one
%     'text'    a char row vector (or a MATLAB string), or [] for the default
%     'cache'   [] or a uint8 matrix (warm-start caches, a pair's a row, as GJK_DISTANCE
%               returns them; the gateway checks the rows and their length)
%   Real numbers are double, single or integer arrays, full and not complex, whose values are
%   exact as doubles (some int64 and uint64 values beyond flintmax, 2^53, are not). Char,
%   logical, cell, struct, sparse, complex, function handles and objects are refused where
%   numbers are expected, NaN and Inf everywhere: no argument of the binding gives them a
%   meaning.
  switch kind
    case 'size'
      value = real_numbers(value, caller, name);
      if ~isscalar(value)
        refuse(caller, name, 'must be one number, not %s', size_text(value));
      elseif value < 0
        refuse(caller, name, 'is %g; it must be 0 or more', value);
      end
    case 'limit'
      % a size that may be Inf (no limit); [] is Inf
      if isnumeric(value) && isempty(value) && ~issparse(value)
        value = Inf;
        return
      end
      finite = value;
      if isnumeric(value) && isreal(value) && ~issparse(value) && isscalar(value) && value == Inf
        finite = 0;
      end
      real_numbers(finite, caller, name);
      if ~isscalar(value)
        refuse(caller, name, 'must be one number, not %s', size_text(value));
      elseif value < 0
        refuse(caller, name, 'is %g; it must be 0 or more', value);
      end
      value = double(value);
    case 'vector'
      value = real_numbers(value, caller, name);
      fits = isvector(value) && (any(numel(value) == count) || ...
                                 (any(count == Inf) && ~isempty(value)));
      if isempty(value) && any(count == 0)
        value = [];
      elseif ~fits
        refuse(caller, name, 'must be %s, not %s', count_text(count), size_text(value));
      end
    case 'points'
      value = real_numbers(value, caller, name);
      if ndims(value) ~= 2 || size(value, 2) ~= count || size(value, 1) < 1
        refuse(caller, name, ['must be an n x %d matrix, one point a row and at least one ' ...
                              'point, not %s'], count, size_text(value));
      end
    case {'shapes', 'shape'}
      shapes(value, caller, name, strcmp(kind, 'shape'));
    case 'text'
      value = text(value, caller, name);
    case 'cache'
      cache(value, caller, name);
    otherwise
      error('gjk:internalError', 'gjk_argument: unknown kind %s', kind);
  end
end

function refuse(caller, name, format, varargin)
% REFUSE  Raises gjk:invalidArgument: CALLER, then NAME (an argument or one of its elements),
%   then the text of FORMAT.
  error('gjk:invalidArgument', ['%s: %s ' format], caller, name, varargin{:});
end

function value = real_numbers(value, caller, name)
% REAL_NUMBERS  VALUE as a full double array when it holds real, finite numbers exact as doubles.
  if ~isnumeric(value) || ~isreal(value) || issparse(value) || isobject(value)
    refuse(caller, name, 'must be real numeric (double, single or an integer type), not %s', ...
           class_text(value));
  end
  inexact = find(~exact(value), 1);
  if ~isempty(inexact)
    digits = '%d';
    if isa(value, 'uint64')
      digits = '%u';                        % Octave prints a uint64 beyond intmax('int64') as %g
    end
    refuse(caller, element_text(value, name, inexact), ['is the %s %s, which has no exact ' ...
           'double (the nearest is %.17g)'], class(value), sprintf(digits, value(inexact)), ...
           double(value(inexact)));
  end
  value = double(value);
  bad = find(~isfinite(value), 1);
  if ~isempty(bad)
    refuse(caller, element_text(value, name, bad), 'is %g; it must be a finite number', value(bad));
  end
end

function ok = exact(value)
% EXACT  Per element, whether double(VALUE) is VALUE: false only for int64 and uint64 values
%   beyond flintmax (2^53) that are not multiples of the double spacing there, and intmax.
  ok = true(size(value));
  if any(strcmp(class(value), {'int64', 'uint64'}))
    d = double(value);
    % cast() saturates: intmax rounds up to 2^63 (2^64), which casts back to intmax
    ok = cast(d, class(value)) == value & d < double(intmax(class(value)));
  end
end

function shapes(value, caller, name, one)
% SHAPES  Refuses what is not a struct array of gjk shapes (exactly one when ONE).
  fields = {'kind', 'size', 'points', 'position', 'rotation', 'rounding'};
  what = 'a gjk shape struct or struct array of shapes (made by the gjk_* constructors)';
  if one
    what = 'one shape, a gjk shape struct made by a gjk_* constructor';
  end
  if ~isstruct(value)
    refuse(caller, name, 'must be %s, not %s', what, class_text(value));
  end
  missing = fields(~isfield(value, fields));
  if ~isempty(missing)
    refuse(caller, name, 'must be %s; it is a struct without the field %s (shapes have %s)', ...
           what, missing{1}, strjoin(fields, ', '));
  end
  if one && numel(value) ~= 1
    refuse(caller, name, 'must be %s, not %s shapes', what, size_text(value));
  elseif isempty(value)
    refuse(caller, name, 'must hold at least one shape, not %s', size_text(value));
  end
end

function cache(value, caller, name)
% CACHE  Refuses what is neither [] nor a real, full uint8 matrix.
  if isnumeric(value) && isempty(value) && ~issparse(value)
    return
  end
  if ~isa(value, 'uint8') || ~isreal(value) || issparse(value) || ndims(value) ~= 2
    refuse(caller, name, ['must be [] or the uint8 matrix a query returned (a pair''s cache ' ...
                          'a row), not %s %s'], size_text(value), class_text(value));
  end
end

function value = text(value, caller, name)
% TEXT  A char row vector from char or a MATLAB string scalar; [] stays [].
  if isa(value, 'string') && isscalar(value)
    value = char(value);
  end
  if isnumeric(value) && isempty(value)
    value = [];
  elseif ~ischar(value) || (~isempty(value) && size(value, 1) ~= 1)
    refuse(caller, name, 'must be text (a char row vector), not %s %s', size_text(value), ...
           class_text(value));
  end
end

function t = class_text(value)
% CLASS_TEXT  The class of VALUE in words, with sparse and complex said.
  t = class(value);
  if issparse(value)
    t = ['sparse ' t];
  end
  if isnumeric(value) && ~isreal(value)
    t = ['complex ' t];
  end
end

function t = size_text(value)
% SIZE_TEXT  '2 x 3' for a 2 x 3 array.
  t = strjoin(arrayfun(@(n) sprintf('%d', n), size(value), 'UniformOutput', false), ' x ');
end

function t = count_text(count)
% COUNT_TEXT  What COUNT allows, in words: '2 numbers or []', '2 or 3 numbers'.
  t = strjoin(arrayfun(@(n) sprintf('%d', n), count(count > 0 & count < Inf), ...
                       'UniformOutput', false), ' or ');
  if any(count == 1) && numel(count(count > 0)) == 1
    t = 'one number';
  elseif any(count == Inf)
    t = 'a vector of numbers';
  else
    t = [t ' numbers'];
  end
  if any(count == 0)
    t = [t ' or [] (the default)'];
  end
end

function t = element_text(value, name, k)
% ELEMENT_TEXT  NAME for element K of VALUE, indexed as MATLAB does: 'P(2, 1)', 'centre(1)'.
  if isscalar(value)
    t = name;
  elseif isvector(value)
    t = sprintf('%s(%d)', name, k);
  else
    [r, c] = ind2sub(size(value), k);
    t = sprintf('%s(%d, %d)', name, r, c);
  end
end
