"""The cffi build of ``gjk._native``: the declarations come from the repository's generated
header, include/gjk.h, so that the binding cannot drift from the C ABI. cffi compiles a small
extension module that includes the header itself, which makes the C compiler check every struct
layout and signature declared here against the real one.

Paths: the repository root is two levels above this file; ``GJK_LIB_DIR`` may name a directory
holding an already built ``libgjk.so`` (otherwise setup.py builds it with cargo into the
repository's ``target/release``).
"""

import os
import re
from pathlib import Path

from cffi import FFI

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
HEADER = ROOT / "include" / "gjk.h"


def library_dir() -> Path:
    """Where libgjk.so is linked from."""
    given = os.environ.get("GJK_LIB_DIR")
    return Path(given).resolve() if given else ROOT / "target" / "release"


def cdef_from_header(text: str) -> str:
    """The declarations of gjk.h in the form cffi's cdef takes: comments, include guards and
    the C++ ``extern "C"`` wrapper removed; integer ``#define GJK_*`` constants kept (cffi
    cannot declare the floating ones)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    kept = []
    in_cplusplus = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#ifdef __cplusplus"):
            in_cplusplus = True
            continue
        if in_cplusplus:
            in_cplusplus = not stripped.startswith("#endif")
            continue
        if stripped.startswith("#"):
            if re.fullmatch(r"#define\s+GJK_\w+\s+-?\d+", stripped):
                kept.append(stripped)
            continue
        kept.append(line)
    return "\n".join(kept)


#: The Python functions the library calls back, for SupportShape (gjk/_callback.py).
CALLBACKS = """
extern "Python" {
    void gjk_python_support(void *user_data, const double *direction, double *out_point);
    void gjk_python_free(void *user_data);
}
"""

ffibuilder = FFI()
ffibuilder.cdef(cdef_from_header(HEADER.read_text(encoding="utf-8")) + CALLBACKS)
ffibuilder.set_source(
    "gjk._native",
    '#include "gjk.h"',
    include_dirs=[str(ROOT / "include")],
    library_dirs=[str(library_dir())],
    libraries=["gjk"],
    # libgjk.so is shipped next to the extension module, inside the package.
    extra_link_args=["-Wl,-rpath,$ORIGIN"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
