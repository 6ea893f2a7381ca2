"""Builds the gjk package: runs cargo for libgjk.so (unless GJK_LIB_DIR names a built one),
compiles the cffi extension module against it and ships both in the package, so that the
wheel carries the very library the C tests exercise."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gjk_build  # noqa: E402  (the cffi build script, next to this file)


class BuildWithCargo(build_ext):
    """build_ext that first builds the Rust library, then copies it beside the extension."""

    def run(self):
        if not os.environ.get("GJK_LIB_DIR"):
            if not (gjk_build.ROOT / "Cargo.toml").exists():
                raise SystemExit(
                    "gjk: the Python package builds from inside the gjk repository "
                    f"(no Cargo.toml in {gjk_build.ROOT}); or set GJK_LIB_DIR to a directory "
                    "holding libgjk.so"
                )
            cargo = os.environ.get("CARGO", "cargo")
            subprocess.run(
                [cargo, "build", "--release", "--lib", "--manifest-path",
                 str(gjk_build.ROOT / "Cargo.toml")],
                check=True,
            )
        library = gjk_build.library_dir() / "libgjk.so"
        if not library.exists():
            raise SystemExit(f"gjk: {library} was not built")
        super().run()
        target = Path("src" if self.inplace else self.build_lib) / "gjk"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(library, target / "libgjk.so")


setup(
    cffi_modules=["gjk_build.py:ffibuilder"],
    cmdclass={"build_ext": BuildWithCargo},
)
