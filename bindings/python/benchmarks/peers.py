"""gjk's Python package against python-fcl and coal on the reference workloads, side by side in
one run: the distance and the boolean query per call from Python, and per pair in a batch.

    pip install python-fcl coal scipy           # the peers (scipy: hull faces for fcl)
    python bindings/python/benchmarks/peers.py [--rounds 7] [--pairs 2000]

Each peer is called the fastest way it offers from Python: coal through its per-pair functors
(``ComputeDistance`` / ``ComputeCollision``, built once per pair, as coal's documentation
advises for repeated queries), python-fcl through ``fcl.distance`` / ``fcl.collide`` on
``CollisionObject``s and requests built once; gjk through ``gjk.distance`` / ``gjk.intersect``
(shapes built once), ``gjk.Pair`` (gjk's equivalent of coal's functors: its arguments, its
warm-start caches and its result made once) and ``gjk.distance_batch`` /
``gjk.intersect_batch`` (one thread, to compare with the single calls), on lists of shapes
and on ``gjk.ShapeArray``s (the shapes' handles gathered once). Neither peer has 2D shapes: the 2D workloads time gjk alone.
Times are medians over the rounds of the whole loop over the pairs, divided by the pairs; each
round moves both shapes of every pair by the same offset (the same answers), so that no
library answers a round from the previous one (coal's functors return a pair's last answer in
constant time when its transforms are unchanged: 170 ns whatever the hulls' sizes).
"C batch" is ``gjk_distance_batch`` called with arrays prepared beforehand: the library's own
cost per pair, which the Python batch is compared with.

Wrong verdicts are counted against the exact answers of the workloads (touching counts as
intersecting; pairs within 1e-9 of the size of touching are not counted, as the data's README
says).
"""

from __future__ import annotations

import argparse
import os
import struct
import time

import numpy as np

import gjk
from gjk import _ffi as ffi, _lib as lib

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tests", "data")


def read_workload(name: str, pairs: int):
    """The first ``pairs`` pairs of a reference workload: (dimension, [(A points, B points)],
    the exact intersect flags, and which pairs are near touching)."""
    with open(os.path.join(DATA, name + ".bin"), "rb") as f:
        data = f.read()
    magic, _version, dim, count = struct.unpack_from("<4sIII", data, 0)
    assert magic == b"GJKW", name
    offset, clouds = 16, []
    for _ in range(min(count, pairs)):
        na, nb, _category, _reserved, _design = struct.unpack_from("<IIIId", data, offset)
        offset += 24
        a = np.frombuffer(data, "<f8", na * dim, offset).reshape(na, dim)
        offset += 8 * na * dim
        b = np.frombuffer(data, "<f8", nb * dim, offset).reshape(nb, dim)
        offset += 8 * nb * dim
        clouds.append((a, b))
    truth = [line.split() for line in open(os.path.join(DATA, name + ".truth"))
             if line.strip() and not line.startswith("#")][: len(clouds)]
    dist = np.array([float(t[0]) for t in truth])
    hit = np.array([t[1] == "1" for t in truth])
    size = np.array([float(t[3]) for t in truth])
    depth = np.array([float(t[4]) if t[5] == "e" else np.nan for t in truth])
    # Near touching (not counted): apart by less than 1e-9 of the size, or overlapping by
    # less (or by an unknown depth).
    near = np.where(hit, ~(depth >= 1e-9 * size), dist < 1e-9 * size)
    return dim, clouds, hit, near


def offsets(rounds: int) -> np.ndarray:
    """Round r moves both shapes of every pair by ``offsets[r]``: the same answers, but no
    library can answer a round from the previous one's transforms (coal's functors return a
    pair's last answer in constant time when its transforms have not changed)."""
    return np.random.default_rng(11).uniform(-100, 100, size=(rounds, 3))


def per_pair(run, pairs: int, rounds: int, prepare=None) -> float:
    """The median over ``rounds`` of ``run(r)`` (a loop over the pairs, both shapes moved by
    ``offsets(rounds)[r]``, set up by ``prepare(r)`` outside the timing), in ns per pair."""
    times = []
    for r in range(rounds):
        if prepare is not None:
            prepare(r)
        start = time.perf_counter_ns()
        run(r)
        times.append((time.perf_counter_ns() - start) / pairs)
    return float(np.median(times))


def wrong(verdicts, hit, near) -> int:
    """Verdicts that differ from the exact ones, near-touching pairs excepted."""
    return int(((np.asarray(verdicts) != hit) & ~near).sum())


def gjk_side(dim, clouds, rounds):
    hull = gjk.Polygon if dim == 2 else gjk.Polytope
    a = [hull(p) for p, _ in clouds]
    b = [hull(q) for _, q in clouds]
    n = len(clouds)
    moved = [gjk.Pose(t[:dim]) for t in offsets(rounds)]
    arrays = [gjk.poses(np.tile(t[:dim], (n, 1))) for t in offsets(rounds)]
    out = {}
    out["distance"] = per_pair(
        lambda r: [gjk.distance(x, y, moved[r], moved[r]) for x, y in zip(a, b)], n, rounds)
    out["boolean"] = per_pair(
        lambda r: [gjk.intersect(x, y, moved[r], moved[r]) for x, y in zip(a, b)], n, rounds)
    pairs = [gjk.Pair(x, y) for x, y in zip(a, b)]
    out["Pair distance"] = per_pair(
        lambda r: [p.distance(moved[r], moved[r]) for p in pairs], n, rounds)
    out["Pair boolean"] = per_pair(
        lambda r: [p.intersect(moved[r], moved[r]) for p in pairs], n, rounds)
    out["distance batch"] = per_pair(
        lambda r: gjk.distance_batch(a, b, arrays[r], arrays[r], threads=1), n, rounds)
    out["boolean batch"] = per_pair(
        lambda r: gjk.intersect_batch(a, b, arrays[r], arrays[r], threads=1), n, rounds)
    sa, sb = gjk.ShapeArray(a), gjk.ShapeArray(b)
    out["array batch"] = per_pair(
        lambda r: gjk.distance_batch(sa, sb, arrays[r], arrays[r], threads=1), n, rounds)
    # The C batch alone: arrays prepared once.
    ha = np.array([int(ffi.cast("uintptr_t", s._ptr)) for s in a], dtype=np.uintp)
    hb = np.array([int(ffi.cast("uintptr_t", s._ptr)) for s in b], dtype=np.uintp)
    results = np.zeros(n, gjk._queries.DISTANCE_DTYPE)
    pa = ffi.cast("GjkShape **", ffi.from_buffer(ha))
    pb = ffi.cast("GjkShape **", ffi.from_buffer(hb))
    pr = ffi.cast("GjkDistanceResult *", ffi.from_buffer(results))
    poses = [ffi.cast("GjkPose *", ffi.from_buffer(p)) for p in arrays]
    out["C batch"] = per_pair(
        lambda r: lib.gjk_distance_batch(pa, poses[r], pb, poses[r], n, ffi.NULL, 1, pr,
                                         ffi.NULL), n, rounds)
    verdicts = [gjk.intersect(x, y) for x, y in zip(a, b)]
    return out, verdicts


def coal_side(clouds, rounds):
    import coal

    def convex(points):
        vertices = coal.StdVec_Vec3s()
        for p in points:
            vertices.append(np.array(p))
        return coal.ConvexBase.convexHull(vertices, False, "")

    shapes = [(convex(p), convex(q)) for p, q in clouds]
    distances = [coal.ComputeDistance(x, y) for x, y in shapes]
    collisions = [coal.ComputeCollision(x, y) for x, y in shapes]
    moved = []
    for t in offsets(rounds):
        transform = coal.Transform3s()
        transform.setTranslation(t)
        moved.append(transform)
    identity = coal.Transform3s()
    dreq, dres = coal.DistanceRequest(), coal.DistanceResult()
    creq, cres = coal.CollisionRequest(), coal.CollisionResult()
    n = len(clouds)

    def distance_all(r):
        at = moved[r]
        for f in distances:
            f(at, at, dreq, dres)

    def collide_all(r):
        at = moved[r]
        for f in collisions:
            cres.clear()
            f(at, at, creq, cres)

    out = {"distance": per_pair(distance_all, n, rounds),
           "boolean": per_pair(collide_all, n, rounds)}
    verdicts = []
    for f in collisions:
        cres.clear()
        verdicts.append(f(identity, identity, creq, cres) > 0)
    return out, verdicts


def fcl_side(clouds, rounds):
    import fcl
    from scipy.spatial import ConvexHull

    def convex(points):
        hull = ConvexHull(points)
        vertices = points[hull.vertices]
        index = {v: k for k, v in enumerate(hull.vertices)}
        faces = np.array([[3] + [index[v] for v in simplex] for simplex in hull.simplices])
        return fcl.CollisionObject(fcl.Convex(vertices, len(faces), faces.ravel()),
                                   fcl.Transform())

    objects = [(convex(p), convex(q)) for p, q in clouds]
    dreq, dres = fcl.DistanceRequest(), fcl.DistanceResult()
    creq, cres = fcl.CollisionRequest(), fcl.CollisionResult()
    n = len(clouds)
    moves = offsets(rounds)

    def move(r):
        for x, y in objects:
            x.setTranslation(moves[r])
            y.setTranslation(moves[r])

    out = {"distance": per_pair(
               lambda r: [fcl.distance(x, y, dreq, dres) for x, y in objects], n, rounds, move),
           "boolean": per_pair(
               lambda r: [fcl.collide(x, y, creq, cres) for x, y in objects], n, rounds, move)}
    verdicts = [fcl.collide(x, y, creq, fcl.CollisionResult()) > 0 for x, y in objects]
    return out, verdicts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--workloads", default="W2D-4,W2D-16,W3D-8,W3D-32,W3D-128")
    args = parser.parse_args()
    rows = []
    for name in args.workloads.split(","):
        dim, clouds, hit, near = read_workload(name, args.pairs)
        ours, verdicts = gjk_side(dim, clouds, args.rounds)
        peers = {}
        if dim == 3:
            for peer, side in (("coal", coal_side), ("python-fcl", fcl_side)):
                try:
                    peers[peer] = side(clouds, args.rounds)
                except ImportError as missing:
                    print(f"{peer}: not installed ({missing})")
        rows.append((name, ours, wrong(verdicts, hit, near),
                     {p: (t, wrong(v, hit, near)) for p, (t, v) in peers.items()}))
    print("| workload | gjk distance / gjk.Pair | coal | python-fcl | gjk boolean / gjk.Pair "
          "| coal | python-fcl | gjk distance batch: list / ShapeArray / C | gjk boolean batch "
          "| wrong verdicts gjk / coal / fcl |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for name, ours, ours_wrong, peers in rows:
        def cell(peer, query):
            return f"{peers[peer][0][query]:.0f}" if peer in peers else "-"

        wrongs = " / ".join([str(ours_wrong)] + [str(peers[p][1]) if p in peers else "-"
                                                 for p in ("coal", "python-fcl")])
        print(f"| {name} | {ours['distance']:.0f} / {ours['Pair distance']:.0f} | "
              f"{cell('coal', 'distance')} | "
              f"{cell('python-fcl', 'distance')} | "
              f"{ours['boolean']:.0f} / {ours['Pair boolean']:.0f} | "
              f"{cell('coal', 'boolean')} | {cell('python-fcl', 'boolean')} | "
              f"{ours['distance batch']:.0f} / {ours['array batch']:.0f} / "
              f"{ours['C batch']:.0f} ({ours['distance batch'] / ours['C batch']:.2f}x / "
              f"{ours['array batch'] / ours['C batch']:.2f}x) | "
              f"{ours['boolean batch']:.0f} | {wrongs} |")
    print(f"\nns per pair, median of {args.rounds} rounds over {args.pairs} pairs; "
          f"gjk {gjk.library_version}, Python {'.'.join(map(str, __import__('sys').version_info[:3]))}")


if __name__ == "__main__":
    main()
