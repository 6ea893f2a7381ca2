function gjk_build(library_dir, output_dir, varargin)
% GJK_BUILD  Compile the MEX gateway gjk_mex.c against the gjk shared library.
%   GJK_BUILD() uses the library built by `cargo build --release` in this repository
%   (target/release/libgjk.so) and writes gjk_mex next to this file.
%   GJK_BUILD(LIBRARY_DIR, OUTPUT_DIR) takes another library directory and output folder
%   (add OUTPUT_DIR to the path then). Works in GNU Octave (mkoctfile --mex) and MATLAB (mex).
  gjk_nargin(nargin, 'gjk_build', {}, {'library_dir', 'output_dir'});
  if nargin < 1, library_dir = []; end
  if nargin < 2, output_dir = []; end
  library_dir = gjk_argument(library_dir, 'gjk_build', 'library_dir', 'text');
  output_dir = gjk_argument(output_dir, 'gjk_build', 'output_dir', 'text');
  here = fileparts(mfilename('fullpath'));
  root = fileparts(fileparts(here));
  if isempty(library_dir)
    library_dir = fullfile(root, 'target', 'release');
  end
  if isempty(output_dir)
    output_dir = here;
  end
  source = fullfile(here, 'gjk_mex.c');
  include = ['-I' fullfile(root, 'include')];
  link = {['-L' library_dir], '-lgjk'};
  rpath = ['-Wl,-rpath,' library_dir];
  if exist('OCTAVE_VERSION', 'builtin')
    output = fullfile(output_dir, 'gjk_mex.mex');
    % --strip: the MEX file ships without debug information (mkoctfile compiles with -g)
    [text, status] = mkoctfile('--mex', '--strip', include, source, link{:}, rpath, '-o', ...
                               output);
    if status ~= 0
      error('gjk:build', 'mkoctfile failed:\n%s', text);
    end
  else
    mex(include, source, link{:}, ['LDFLAGS=$LDFLAGS ' rpath], '-outdir', output_dir);
  end
end
