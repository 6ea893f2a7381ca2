#!/usr/bin/env bash
# Fuzzes the C ABI: builds every target of fuzz/ (cargo-fuzz, libFuzzer) and runs each for
# SECONDS (default 60) on one core; fails on any crash, invariant violation, timeout or leak of
# memory past the limit. Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
#
# With FUZZ_RUNS=N (CI), each target instead runs N inputs from the fixed seed FUZZ_SEED
# (default 1), SECONDS still bounding it. The inputs are the same from run to run on one
# machine; another machine may list the seed files in another order (libFuzzer reads them in
# directory order among equal sizes) and explore differently.
#
# Stable Rust: cargo-fuzz itself needs no nightly with `--sanitizer none` (libFuzzer's coverage
# instrumentation is the stable `-C passes=sancov-module`), but it passes `-Z` flags to cargo;
# RUSTC_BOOTSTRAP=1 lets the stable toolchain accept them. AddressSanitizer (cargo-fuzz's
# default) needs a nightly toolchain and is not used: the Rust code has no `unsafe` beyond
# the C boundary, which the sanitizer runs of tests/tools/c.rs cover (and the calls of the
# hull scan compiled for AVX2 and of the polygon kernel compiled for AVX, each made after the
# CPU is checked for it).
#
# Crashes are written to fuzz/artifacts/<target>/; each run starts from fuzz/corpus/<target>/
# (kept between runs, not committed) and from the regression inputs in fuzz/regressions/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
CARGO_FUZZ_VERSION=0.13.1

if ! cargo fuzz --version 2>/dev/null | grep -q "$CARGO_FUZZ_VERSION"; then
  echo "== installing cargo-fuzz $CARGO_FUZZ_VERSION"
  cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked --quiet
fi

export RUSTC_BOOTSTRAP=1
fuzz=(cargo fuzz run --fuzz-dir fuzz --sanitizer none --release)
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo fuzz list --fuzz-dir fuzz)
fi

echo "== building the fuzz targets"
cargo fuzz build --fuzz-dir fuzz --sanitizer none --release

for target in "${targets[@]}"; do
  echo "== fuzzing $target (${FUZZ_RUNS:+$FUZZ_RUNS inputs from seed ${FUZZ_SEED:-1}, }at most ${seconds} s)"
  mkdir -p "fuzz/corpus/$target"
  # -timeout: one input running longer than 10 s is a hang; -rss_limit_mb: a runaway allocation.
  limits=(-max_total_time="$seconds")
  corpus="fuzz/corpus/$target"
  if [ -n "${FUZZ_RUNS:-}" ]; then
    # A fresh corpus too: only the committed regression inputs seed the run.
    limits+=(-runs="$FUZZ_RUNS" -seed="${FUZZ_SEED:-1}")
    corpus=$(mktemp -d)
  fi
  "${fuzz[@]}" "$target" "$corpus" fuzz/regressions -- \
    "${limits[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 2>&1 | grep -v -E '^#[0-9]+.*(NEW|REDUCE|pulse)' || {
    echo "FAILED: fuzz target $target (see fuzz/artifacts/$target/)"
    exit 1
  }
done
echo "== fuzzing passed: ${targets[*]}"
