#!/usr/bin/env bash
# Renders the pictures of docs/trace.md: runs the gjk_trace example on the classic tutorial
# scenarios and a few more, keeps each query's SVG and log in docs/trace/, converts the SVGs to
# PNG with rsvg-convert (apt-get install librsvg2-bin), and writes docs/trace.md around them.
#
#   scripts/render-trace-docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || { echo "$0: needs rsvg-convert (librsvg2-bin)" >&2; exit 1; }
cargo build --quiet --example gjk_trace
example=target/debug/examples/gjk_trace
out=docs/trace
mkdir -p "$out"

page=docs/trace.md
cat >"$page" <<'HEAD'
# What GJK did: traced queries, drawn

Each picture below is a distance query traced with `gjk_distance_trace` (Rust:
`gjk::trace::distance_traced`) and drawn by `gjk::trace::svg::render`, with the command shown
under its title (`cargo run --example gjk_trace -- ...`). On the left, the shapes where they
are, their closest points and the separating line; on the right, their Minkowski difference
A - B, the origin O, and every step: the search direction d_k (an arrow from O), the support
point w_k it found, the simplex after the step (older steps fainter) and its point closest to O.
The search ends when the closest point v cannot be improved: its length is the distance. When
the simplex holds the origin, the shapes intersect.

Regenerate with `scripts/render-trace-docs.sh` (SVG and PNG in `docs/trace/`).
HEAD

scenario() {
  local name="$1" title="$2"
  shift 2
  "$example" --svg "$out/$name.svg" "$@" >"$out/$name.txt"
  sed -i '/^picture: /d' "$out/$name.txt"
  rsvg-convert "$out/$name.svg" -o "$out/$name.png"
  {
    echo
    echo "## $title"
    echo
    echo '```sh'
    echo "cargo run --example gjk_trace -- $*"
    echo '```'
    echo
    echo "![$title]($(basename "$out")/$name.png)"
    echo
    echo '```text'
    cat "$out/$name.txt"
    echo '```'
  } >>"$page"
}

scenario tutorial-overlap "The tutorial's two squares, overlapping" \
  polygon 0,0 3,0 3,3 0,3 vs polygon 2,2 5,2 5,5 2,5
scenario tutorial-touching "The tutorial's square and triangle, touching at a corner" \
  polygon 0,0 3,0 3,3 0,3 vs polygon 3,3 5,3 3,5
scenario tutorial-apart "The same triangle moved by (2, 1): apart" \
  polygon 0,0 3,0 3,3 0,3 vs polygon 3,3 5,3 3,5 at 2 1
scenario polygon-circle "A polygon and a circle (GJK runs on the circle's centre)" \
  polygon 0,0 4,0 4,3 1,4 vs circle 1 at 6 5
scenario ellipse "An ellipse and a turned square: a curved shape takes many small steps" \
  ellipse 3 1 vs polygon -1,-1 1,-1 1,1 -1,1 at 4 3 30
scenario box-polytope "3D: a turned box and a polytope (projected on the plane of the normal)" \
  box 1 2 0.5 at 0 0 0 1 1 0 30 vs polytope 0,0,0 2,0,0 0,2,0 0,0,2 1,1,1.5 at 2.5 1 0.8 0 1 1 50
echo "wrote $page and $out/"
