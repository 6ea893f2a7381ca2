#!/usr/bin/env bash
# Builds gjk in release mode and installs it for C and C++ programs:
#
#   scripts/install.sh [--prefix DIR]      (default prefix: /usr/local)
#
# installs
#   DIR/lib/libgjk.so, DIR/lib/libgjk.a
#   DIR/include/gjk.h, DIR/include/gjk.hpp, DIR/include/gjk_tutorial.hpp
#   DIR/lib/pkgconfig/gjk.pc                          pkg-config --cflags --libs gjk
#   DIR/lib/cmake/gjk/gjkConfig.cmake (+ Version)     find_package(gjk CONFIG) -> gjk::gjk
#
# The version is the one in Cargo.toml. Set CARGO to use another cargo binary.
set -euo pipefail

usage() {
  echo "usage: $0 [--prefix DIR]" >&2
  exit 2
}

prefix=/usr/local
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || usage; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    -h|--help) usage ;;
    *) echo "unknown argument: $1" >&2; usage ;;
  esac
done

root="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"

# The first `version = "..."` of Cargo.toml is the package's (it opens with [package]).
version="$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' "$root/Cargo.toml" | head -n 1)"
[ -n "$version" ] || { echo "no version in $root/Cargo.toml" >&2; exit 1; }

cargo="${CARGO:-cargo}"
echo "== cargo build --release (gjk $version)"
(cd "$root" && "$cargo" build --release --lib)
# Where cargo put it (CARGO_TARGET_DIR and .cargo/config.toml may move the target directory).
target="$(cd "$root" && "$cargo" metadata --format-version 1 --no-deps |
  sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
release="${target:-$root/target}/release"

echo "== installing into $prefix"
install -d "$prefix/lib" "$prefix/include" "$prefix/lib/pkgconfig" "$prefix/lib/cmake/gjk"
install -m 755 "$release/libgjk.so" "$prefix/lib/libgjk.so"
install -m 644 "$release/libgjk.a" "$prefix/lib/libgjk.a"
# The release profile leaves no debug information in the shared library, but its symbol table,
# which the tests' valgrind suppressions name functions by: the installed copy goes without it
# (3.4 -> 2.9 MiB; the exports stay in the dynamic symbol table). A static library is not
# linked, so the debug information of the standard library's objects stays in it (27 MB; 19 MB
# without).
if command -v strip >/dev/null 2>&1; then
  strip --strip-all "$prefix/lib/libgjk.so"
  strip --strip-debug "$prefix/lib/libgjk.a"
fi
install -m 644 "$root/include/gjk.h" "$root/bindings/cpp/gjk.hpp" \
  "$root/bindings/cpp/gjk_tutorial.hpp" "$prefix/include/"

substitute() {
  sed -e "s|@PREFIX@|$prefix|g" -e "s|@VERSION@|$version|g" "$1" > "$2"
  chmod 644 "$2"
}
substitute "$root/scripts/gjk.pc.in" "$prefix/lib/pkgconfig/gjk.pc"
substitute "$root/cmake/gjkConfig.cmake.in" "$prefix/lib/cmake/gjk/gjkConfig.cmake"
substitute "$root/cmake/gjkConfigVersion.cmake.in" "$prefix/lib/cmake/gjk/gjkConfigVersion.cmake"

echo "== installed gjk $version:"
echo "   pkg-config: PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs gjk"
echo "   CMake:      -DCMAKE_PREFIX_PATH=$prefix, find_package(gjk CONFIG REQUIRED), gjk::gjk"
