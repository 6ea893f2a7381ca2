"""Airspace conflicts (the scenario of the MATLAB tutorial on GJK for airspace planning):
read the reservations, find every pair closer than a safety separation, draw them.

    python airspace.py ../../../examples/airspace/sample.txt 5 airspace.png

The input has one reservation a line, in km (``#`` starts a comment), as the Rust example
``examples/airspace`` reads it:

    circle    NAME  cx cy radius
    polygon   NAME  x1 y1 x2 y2 x3 y3 ...     (a convex area: the hull of the points)
    racetrack NAME  x1 y1 x2 y2 radius        (a holding pattern: two turn centres, a radius)

Every pair is one GJK distance query inside ``gjk.pairs_within`` (a broad phase first); touching
counts as a conflict. Needs matplotlib for the picture.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass

import numpy as np

import gjk


@dataclass
class Reservation:
    name: str
    kind: str
    shape: gjk.Shape
    pose: gjk.Pose
    outline: np.ndarray  # (k, 2) world points, counter-clockwise, for drawing


def _arc(cx: float, cy: float, r: float, start: float, stop: float, n: int = 48) -> np.ndarray:
    t = np.linspace(start, stop, n)
    return np.c_[cx + r * np.cos(t), cy + r * np.sin(t)]


def parse(text: str) -> list[Reservation]:
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#")[0].split()
        if not words:
            continue
        kind, name, values = words[0], words[1], [float(w) for w in words[2:]]
        if kind == "circle" and len(values) == 3:
            x, y, r = values
            shape, pose = gjk.Circle(r), gjk.Pose([x, y])
            outline = _arc(x, y, r, 0, 2 * math.pi, 96)
        elif kind == "racetrack" and len(values) == 5:
            x1, y1, x2, y2, r = values
            heading = math.atan2(y2 - y1, x2 - x1)
            shape = gjk.Stadium(0.5 * math.hypot(x2 - x1, y2 - y1), r)
            pose = gjk.Pose([0.5 * (x1 + x2), 0.5 * (y1 + y2)], heading)
            outline = np.r_[_arc(x2, y2, r, heading - math.pi / 2, heading + math.pi / 2),
                            _arc(x1, y1, r, heading + math.pi / 2, heading + 3 * math.pi / 2)]
        elif kind == "polygon" and len(values) >= 6 and len(values) % 2 == 0:
            points = np.array(values).reshape(-1, 2)
            shape, pose = gjk.Polygon(points), gjk.Pose([0.0, 0.0])
            centre = points.mean(axis=0)
            order = np.argsort(np.arctan2(*(points - centre).T[::-1]))
            outline = points[order]
        else:
            raise ValueError(f"line {number}: cannot read '{line.strip()}'")
        out.append(Reservation(name, kind, shape, pose, outline))
    return out


def conflicts(reservations: list[Reservation], separation: float) -> gjk.Pairs:
    poses = np.stack([r.pose.as_array() for r in reservations])
    return gjk.pairs_within([r.shape for r in reservations], separation, poses)


def draw(reservations: list[Reservation], pairs: gjk.Pairs, separation: float, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Polygon as Patch

    in_conflict = set(pairs.i.tolist()) | set(pairs.j.tolist())
    fig, ax = plt.subplots(figsize=(10, 10), dpi=100)
    for k, r in enumerate(reservations):
        red = k in in_conflict
        ax.add_patch(Patch(r.outline, closed=True, linewidth=1.2 if red else 0.6,
                           edgecolor="#c0392b" if red else "#34495e",
                           facecolor="#e74c3c55" if red else "#95a5a633"))
    for k in range(len(pairs)):
        a, b = pairs.point_a[k], pairs.point_b[k]
        ax.plot([a[0], b[0]], [a[1], b[1]], color="#c0392b", linewidth=1.5)
        if not pairs.intersecting[k]:
            ax.annotate(f"{pairs.distance[k]:.1f}", (b + a) / 2, fontsize=7, color="#c0392b",
                        xytext=(3, 3), textcoords="offset points")
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.set_xlabel("x (km)")
    ax.set_ylabel("y (km)")
    overlaps = int(pairs.intersecting.sum())
    ax.set_title(f"{len(reservations)} airspace reservations: {len(pairs)} pairs closer than "
                 f"{separation:g} km ({overlaps} overlapping), in red with their closest points")
    fig.tight_layout()
    fig.savefig(path)


def main(argv: list[str]) -> int:
    if len(argv) != 4:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        reservations = parse(f.read())
    separation = float(argv[2])
    pairs = conflicts(reservations, separation)
    print(f"{len(reservations)} reservations, minimum separation {separation:g} km: "
          f"{len(pairs)} conflicts")
    for k in range(len(pairs)):
        a, b = reservations[pairs.i[k]], reservations[pairs.j[k]]
        overlap = "  overlap" if pairs.intersecting[k] else ""
        print(f"{a.name:<12} {b.name:<12} {pairs.distance[k]:8.3f} km{overlap}")
    draw(reservations, pairs, separation, argv[3])
    print(f"map written to {argv[3]}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
