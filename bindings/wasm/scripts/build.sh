#!/usr/bin/env bash
# Builds the npm package in bindings/wasm: the WebAssembly module (pkg/) and the TypeScript
# (dist/). Usage: bindings/wasm/scripts/build.sh   (then `npm pack` in bindings/wasm).
#
# The toolchain is Debian 12's: `rustc-web`, `cargo-web` and `rust-web-src` (Rust 1.96 with
# the standard library's source, built here for wasm32 with -Zbuild-std; RUSTC_BOOTSTRAP lets
# the stable compiler take the flag), `lld-22` (wasm-ld) and `binaryen` (wasm-opt). The rustup
# toolchain is left alone: /usr/bin/cargo and /usr/bin/rustc are called by their full paths.
# wasm-bindgen-cli, of exactly the version of the wasm-bindgen crate, is installed from the
# crate registry into $WASM_BINDGEN_ROOT (default ~/.cache/gjk/wasm-bindgen-VERSION) when it is
# not there (about 5 minutes, once a machine).
#
# GJK_WASM_SPEED=1 builds for speed instead of size (opt-level 2, LLVM's inlining threshold
# 60): queries 1.5-2.5x faster, the module 1.33 MB (466 KB gzipped) instead of 1.35 MB
# (383 KB). (opt-level 3 gave 515 KB and no more speed; "s", 500 KB and less.)
set -euo pipefail
cd "$(dirname "$0")/.."
# The size build inlines a little more than opt-level z alone (LLVM's threshold 35, not 5):
# queries 1.1-1.7x faster, the module the same size once the C ABI is removed (below).
if [ "${GJK_WASM_SPEED:-0}" = 1 ]; then
  opt_level=2 target_dir=target/wasm-speed inline="-Cllvm-args=-inline-threshold=60"
else
  opt_level='"z"' target_dir=target/wasm inline="-Cllvm-args=-inline-threshold=35"
fi
WASM_BINDGEN_VERSION=0.2.130
root="${WASM_BINDGEN_ROOT:-$HOME/.cache/gjk/wasm-bindgen-$WASM_BINDGEN_VERSION}"

for tool in /usr/bin/cargo /usr/bin/rustc wasm-ld-22 wasm-opt node npm; do
  if ! command -v "$tool" > /dev/null; then
    echo "build.sh: $tool is missing: apt-get install rustc-web cargo-web rust-web-src lld-22 binaryen nodejs npm" >&2
    exit 1
  fi
done
if ! "$root/bin/wasm-bindgen" --version 2>/dev/null | grep -q "$WASM_BINDGEN_VERSION"; then
  echo "== installing wasm-bindgen-cli $WASM_BINDGEN_VERSION into $root"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --root "$root" --quiet
fi

echo "== building the WebAssembly module (Debian's Rust, wasm32-unknown-unknown)"
# Panics abort at once, without their messages' formatting (the library reports errors by
# status and does not panic on any input): the module is 0.1 MB smaller gzipped. Without
# reference types: wasm-bindgen then keeps JavaScript values in its own heap, not in an
# externref table, which Debian's wasm-opt (binaryen 108) would break.
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
  RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Ctarget-feature=-reference-types $inline" \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22 \
  /usr/bin/cargo build --release --target wasm32-unknown-unknown \
  --config "profile.release.opt-level=$opt_level" \
  -Zbuild-std=std,panic_abort --target-dir "$target_dir"
module=$target_dir/wasm32-unknown-unknown/release/gjk_wasm.wasm

echo "== generating the JavaScript glue (wasm-bindgen --target web --weak-refs)"
rm -rf pkg
"$root/bin/wasm-bindgen" --target web --weak-refs --out-dir pkg --out-name gjk_wasm "$module"
# `[Symbol.dispose]` in the glue's types needs TypeScript's esnext.disposable library: a user's
# `tsc --strict` with the default libraries would fail on it. The method stays in the
# JavaScript (where Symbol.dispose exists); `free()` is the documented way.
sed -i '/\[Symbol\.dispose\]()/d' pkg/gjk_wasm.d.ts
# The library's C ABI is exported by any module that links it; JavaScript does not call it.
node scripts/exports-graph.mjs pkg/gjk_wasm_bg.wasm > "$target_dir/exports-graph.json"
wasm-metadce --graph-file "$target_dir/exports-graph.json" pkg/gjk_wasm_bg.wasm \
  -o pkg/gjk_wasm_bg.wasm > /dev/null
wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals pkg/gjk_wasm_bg.wasm -o pkg/gjk_wasm_bg.wasm
echo "module: $(stat -c %s pkg/gjk_wasm_bg.wasm) bytes, $(gzip -9 -c pkg/gjk_wasm_bg.wasm | wc -c) gzipped"

echo "== compiling the TypeScript"
if [ ! -x node_modules/.bin/tsc ]; then
  npm ci --no-audit --no-fund --silent
fi
rm -rf dist
node_modules/.bin/tsc -p .
