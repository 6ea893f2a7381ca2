function gjk_nargin(count, caller, required, optional)
% GJK_NARGIN  Checks the number of arguments of a binding function (private helper).
%   GJK_NARGIN(NARGIN, CALLER, REQUIRED, OPTIONAL) with the names of CALLER's required and
%   optional arguments (cell arrays of char, as its help text names them) raises
%   gjk:notEnoughInputs naming the missing arguments when NARGIN < numel(REQUIRED), and
%   gjk:tooManyInputs when NARGIN > numel(REQUIRED) + numel(OPTIONAL). The callers declare a
%   trailing VARARGIN so that this check, not MATLAB's, reports extra arguments.
  usage = strjoin(required, ', ');
  if ~isempty(optional)
    comma = repmat(', ', 1, ~isempty(required));
    usage = sprintf('%s[%s%s]', usage, comma, strjoin(optional, ', '));
  end
  if count < numel(required)
    error('gjk:notEnoughInputs', '%s: not enough input arguments: expected %s; %s missing', ...
          caller, usage, strjoin(required(count + 1:end), ', '));
  elseif count > numel(required) + numel(optional)
    error('gjk:tooManyInputs', '%s: too many input arguments (%d): expected %s', caller, ...
          count, usage);
  end
end
