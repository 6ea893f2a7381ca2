"""Builds the gjk package: setuptools-rust builds the crate's shared library, libgjk.so, with
cargo; cffi then compiles the extension module ``gjk._native`` against include/gjk.h, linked
against that library, and both ship in the package (the module finds the library beside it
through its rpath, $ORIGIN). The wheel is tagged abi3: the extension module uses the limited
C API only (cffi defines Py_LIMITED_API) and the library no Python at all.

The crate sits two levels up, outside this project, where setuptools' sdist cannot reach: the
sdist command below copies what cargo needs into ``rust/`` inside the sdist, which
gjk_build.crate_dir() then finds.
"""

import re
import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist
from setuptools_rust import Binding, RustExtension
from setuptools_rust.build import build_rust

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gjk_build import CRATE  # noqa: E402  (the cffi build script, next to this file)

#: The Rust library's module name: gjk/libgjk.so (see BuildExt.get_ext_fullpath).
LIBRARY = "gjk.libgjk"

#: What cargo needs to build the library, relative to the crate root: files, then folders.
CRATE_FILES = ["Cargo.toml", "Cargo.lock", "build.rs", "include/gjk.h"]
CRATE_FOLDERS = ["src"]


def standalone_manifest(text: str) -> str:
    """The crate's Cargo.toml for a tree that holds the crate alone: without the workspace
    (its other members are not there) and the [[test]] targets (nor are tests/), and with an
    empty [workspace] so that cargo takes the crate as its own workspace root wherever the
    sdist is unpacked. Idempotent."""
    kept = []
    keep = True
    for line in text.splitlines(keepends=True):
        if line.startswith("["):
            section = line.split("#", 1)[0].strip()
            keep = not (section == "[[test]]" or re.fullmatch(r"\[workspace(\..*)?\]", section))
        if keep:
            kept.append(line)
    return "".join(kept).rstrip("\n") + (
        "\n\n# The crate alone (the sdist of the Python package): its own workspace.\n"
        "[workspace]\n"
    )


class Sdist(sdist):
    """Adds the crate (CRATE_FILES, CRATE_FOLDERS) to the sdist, in rust/."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        target = Path(base_dir) / "rust"
        sources = [CRATE / name for name in CRATE_FILES]
        for folder in CRATE_FOLDERS:
            sources += sorted(p for p in (CRATE / folder).rglob("*") if p.is_file())
        for source in sources:
            destination = target / source.relative_to(CRATE)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)
        manifest = target / "Cargo.toml"
        manifest.write_text(standalone_manifest(manifest.read_text(encoding="utf-8")),
                            encoding="utf-8")


class BuildRust(build_rust):
    """build_rust that runs once: BuildExt runs it before the C extension, which links against
    the library; setuptools-rust's build_ext (wrapped around BuildExt) calls it again after."""

    def run(self):
        if not getattr(self, "_done", False):
            super().run()
            self._done = True


class BuildExt(build_ext):
    """build_ext that builds the Rust library first, then the cffi extension against it."""

    def get_ext_fullpath(self, ext_name):
        path = super().get_ext_fullpath(ext_name)
        if ext_name == LIBRARY:
            # The library keeps the file name it is linked by (its SONAME, build.rs), not an
            # extension module's, so that the extension module's loader finds it.
            return str(Path(path).with_name("libgjk.so"))
        return path

    def run(self):
        self.run_command("build_rust")
        library_dir = str(Path(self.get_ext_fullpath(LIBRARY)).parent)
        for extension in self.extensions:
            extension.library_dirs.append(library_dir)
        super().run()


setup(
    rust_extensions=[
        RustExtension(
            LIBRARY,
            path=str(CRATE / "Cargo.toml"),
            binding=Binding.NoBinding,
            # Not an extension module: no abi3 suffix (the wheel is abi3 all the same).
            py_limited_api=False,
            # The release profile leaves no debug information; the symbol table goes too (the
            # exported functions stay in the dynamic one): 0.3 MB less, for the wheel's size.
            rustc_flags=["-C", "strip=symbols"],
        )
    ],
    cffi_modules=["gjk_build.py:ffibuilder"],
    cmdclass={"build_ext": BuildExt, "build_rust": BuildRust, "sdist": Sdist},
    options={"bdist_wheel": {"py_limited_api": "cp39"}},
)
