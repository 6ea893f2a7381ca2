#!/usr/bin/env bash
# Runs the side-by-side benchmarks (the gjk-bench crate in bench/: the headline table of gjk
# through its C ABI against every peer's fastest path, gjk against parry on every query, then
# against libccd, Bullet and Box2D, on the same pairs) in release mode, prints their tables,
# and rewrites the part of docs/performance.md between the lines <!-- bench:start --> and
# <!-- bench:end --> with them, the date, the number of CPUs, the CPU model and the command.
# The README's summary table is copied from the headline by hand: update it after a run.
#
#   scripts/bench.sh [--quick | --rounds N]      (arguments are passed to the benchmark)
#
# Set CARGO to use another cargo binary.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cargo="${CARGO:-cargo}"
tables_file=docs/performance.md
start='<!-- bench:start -->'
end='<!-- bench:end -->'

if [ "$(grep -cxF "$start" "$tables_file")" != 1 ] || [ "$(grep -cxF "$end" "$tables_file")" != 1 ]; then
  echo "$0: $tables_file must hold the lines '$start' and '$end' once each" >&2
  exit 1
fi

tables="$(mktemp)"
section="$(mktemp)"
updated="$(mktemp)"
trap 'rm -f "$tables" "$section" "$updated"' EXIT

"$cargo" build --release -p gjk-bench --bins
"$cargo" run --quiet --release -p gjk-bench -- "$@" >"$tables"
# The C and C++ peers (libccd, Bullet, Box2D) on the reference workloads, same rounds.
{
  echo
  echo "Against libccd, Bullet and Box2D (\`cargo run --release -p gjk-bench --bin peers\`, how each"
  echo "is called: [performance-peers.md](performance-peers.md)), same machine, same day:"
  echo
  "$cargo" run --quiet --release -p gjk-bench --bin peers -- "$@"
} >>"$tables"
cat "$tables"

cpu="$(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//')"
command="scripts/bench.sh${*:+ $*}"
{
  echo "gjk against [parry](https://parry.rs) (\`parry2d-f64\` / \`parry3d-f64\`), libccd, Bullet and Box2D on"
  echo "the same pairs, measured $(date -u '+%Y-%m-%d') on $(nproc) CPUs (\`nproc\`), ${cpu:-unknown CPU},"
  echo "$(rustc --version | cut -d' ' -f1-2), with \`$command\` (\`cargo run --release -p gjk-bench\`;"
  echo "the benchmark is the \`gjk-bench\` crate in \`bench/\`). The headline comes first: gjk through"
  echo "its C ABI against each peer called its fastest way, as gjk's time over the peer's (below 1:"
  echo "gjk is faster). The detailed tables below it give the peer's time over gjk's (above 1: gjk is"
  echo "faster)."
  echo
  cat "$tables"
} >"$section"

awk -v start="$start" -v end="$end" -v section="$section" '
  $0 == start { print; while ((getline line < section) > 0) print line; skipping = 1; next }
  $0 == end { skipping = 0 }
  !skipping { print }
' "$tables_file" >"$updated"
# Rewrite in place, keeping the file's permissions.
cat "$updated" >"$tables_file"
echo "$0: $tables_file updated" >&2
