"""The cffi build of ``gjk._native`` (API mode): the declarations come from the crate's generated
header, include/gjk.h, so that the binding cannot drift from the C ABI. cffi compiles a small
extension module that includes the header itself, which makes the C compiler check every struct
layout and signature declared here against the real one.

The crate is the repository two levels above this file, or ``rust/`` beside it in an sdist
(setup.py puts it there). setup.py builds ``libgjk.so`` with setuptools-rust first and adds the
directory holding it to the extension's library directories.
"""

import re
from pathlib import Path

from cffi import FFI

HERE = Path(__file__).resolve().parent


def crate_dir() -> Path:
    """The gjk crate: ``rust/`` in an unpacked sdist, else the repository root."""
    bundled = HERE / "rust"
    return bundled if (bundled / "Cargo.toml").is_file() else HERE.parent.parent


CRATE = crate_dir()
HEADER = CRATE / "include" / "gjk.h"


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

if not HEADER.is_file():
    raise SystemExit(
        f"gjk: no C header at {HEADER}: build the package from the gjk repository "
        "(bindings/python) or from its sdist, which carries the crate in rust/"
    )

ffibuilder = FFI()
ffibuilder.cdef(cdef_from_header(HEADER.read_text(encoding="utf-8")) + CALLBACKS)
ffibuilder.set_source(
    "gjk._native",
    '#include "gjk.h"',
    include_dirs=[str(CRATE / "include")],
    libraries=["gjk"],
    # No debug information in the shipped module (Python's own CFLAGS may carry -g).
    extra_compile_args=["-g0"],
    # libgjk.so is shipped next to the extension module, inside the package.
    extra_link_args=["-Wl,-rpath,$ORIGIN"],
)
