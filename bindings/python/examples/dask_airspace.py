"""A day of airspace reservations at national scale, checked for conflicts on a Dask cluster.

    python dask_airspace.py                                  # 1,000,000 reservations, a local cluster
    python dask_airspace.py --reservations 20000 --slices 24
    python dask_airspace.py --scheduler tcp://host:8786      # the same code on a real cluster

Each reservation holds a piece of airspace (a disc around a point, a racetrack holding
pattern, a convex polygon; sizes in km) over a span of the day's time slices (15 minutes
each). Two reservations conflict when they share a slice and come closer than the safety
separation. Every slice is one task: a ``gjk.pairs_within`` over the reservations active in it
(a broad phase, then GJK on the survivors, on the worker's cores). The day's table is sent to
the workers once; each task picks its slice's rows, builds the shapes where it runs and returns
plain arrays: the pairs (as reservation numbers), their distances and the slice.

The answer does not depend on where the slices run: ``check_day`` on a cluster equals
``check_slices`` run here, pair for pair and bit for bit (tests/test_dask.py checks it under a
LocalCluster with process workers). Needs ``dask[distributed]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import gjk

#: The day's time slices: 15 minutes each.
SLICES_PER_DAY = 96

#: The kinds of airspace a reservation holds.
DISC, RACETRACK, POLYGON = 0, 1, 2

#: The most vertices of a reservation's polygon.
MAX_VERTICES = 6


def day_of_reservations(count: int, slices: int = SLICES_PER_DAY, seed: int = 1,
                        width: float = 1500.0, height: float = 1200.0) -> dict:
    """A synthetic day: ``count`` reservations over a ``width`` x ``height`` km territory, as
    numpy arrays (one row each): ``kind``, the centre ``x``, ``y`` and ``heading``, the sizes
    ``radius`` (disc, racetrack) and ``half_length`` (racetrack), the polygon's ``vertices`` in
    its own frame (``(count, MAX_VERTICES, 2)``, repeated corners past its own), and the
    slices ``first`` to ``last`` (inclusive) it holds."""
    rng = np.random.default_rng(seed)
    kind = rng.choice([DISC, RACETRACK, POLYGON], size=count, p=[0.5, 0.3, 0.2])
    angles = np.sort(rng.uniform(0, 2 * np.pi, size=(count, MAX_VERTICES)), axis=1)
    reach = rng.uniform(0.5, 3.0, size=(count, 1))
    vertices = np.stack([reach * np.cos(angles), reach * np.sin(angles)], axis=2)
    first = rng.integers(0, slices, size=count)
    duration = rng.integers(1, 9, size=count)  # 15 minutes to 2 hours
    return dict(
        kind=kind,
        x=rng.uniform(0, width, size=count),
        y=rng.uniform(0, height, size=count),
        heading=rng.uniform(-np.pi, np.pi, size=count),
        radius=rng.uniform(0.3, 2.5, size=count),
        half_length=rng.uniform(1.0, 6.0, size=count),
        vertices=vertices,
        first=first,
        last=np.minimum(first + duration - 1, slices - 1),
        slices=slices,
    )


def shape_of(table: dict, row: int) -> gjk.Shape:
    """Reservation ``row``'s airspace in its own frame."""
    kind = table["kind"][row]
    if kind == DISC:
        return gjk.Circle(table["radius"][row])
    if kind == RACETRACK:
        return gjk.Stadium(table["half_length"][row], table["radius"][row])
    return gjk.Polygon(table["vertices"][row])


def conflicts_in_slice(table: dict, index: int, separation: float) -> dict:
    """The conflicts of slice ``index``: every pair of reservations active in it closer than
    ``separation`` (km), as arrays ``a`` < ``b`` (reservation numbers) and ``distance``."""
    active = np.flatnonzero((table["first"] <= index) & (index <= table["last"]))
    shapes = [shape_of(table, row) for row in active]
    poses = gjk.poses(np.c_[table["x"][active], table["y"][active]], table["heading"][active])
    pairs = gjk.pairs_within(shapes, separation, poses)
    return dict(slice=index, a=active[pairs.i], b=active[pairs.j], distance=pairs.distance,
                active=len(active))


def check_slices(table: dict, separation: float, slices=None) -> list:
    """``conflicts_in_slice`` for every slice (or those given), here, one after the other."""
    indices = range(table["slices"]) if slices is None else slices
    return [conflicts_in_slice(table, index, separation) for index in indices]


def check_day(client, table: dict, separation: float) -> list:
    """``check_slices`` on a Dask cluster: the table is sent to every worker once, then each
    slice is a task; the answers come back in slice order."""
    shared = client.scatter(table, broadcast=True)
    futures = client.map(conflicts_in_slice, [shared] * table["slices"],
                         range(table["slices"]), [separation] * table["slices"],
                         pure=False)
    return client.gather(futures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reservations", type=int, default=1_000_000)
    parser.add_argument("--slices", type=int, default=SLICES_PER_DAY)
    parser.add_argument("--separation", type=float, default=5.0, help="km")
    parser.add_argument("--workers", type=int, default=2, help="local cluster's processes")
    parser.add_argument("--scheduler", help="address of an existing Dask scheduler")
    args = parser.parse_args()

    from dask.distributed import Client, LocalCluster

    started = time.perf_counter()
    table = day_of_reservations(args.reservations, args.slices)
    print(f"{args.reservations:,} reservations over {args.slices} slices of 15 minutes, "
          f"made in {time.perf_counter() - started:.1f} s")
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        client = Client(LocalCluster(n_workers=args.workers, threads_per_worker=1,
                                     processes=True))
    with client:
        print(f"cluster: {len(client.scheduler_info()['workers'])} workers")
        started = time.perf_counter()
        day = check_day(client, table, args.separation)
        elapsed = time.perf_counter() - started
    conflicts = sum(len(s["a"]) for s in day)
    busiest = max(day, key=lambda s: s["active"])
    print(f"{conflicts:,} conflicts closer than {args.separation} km in {elapsed:.1f} s "
          f"({sum(s['active'] for s in day) / elapsed:,.0f} reservation-slices a second); "
          f"busiest slice {busiest['slice']}: {busiest['active']:,} reservations, "
          f"{len(busiest['a']):,} conflicts")


if __name__ == "__main__":
    main()
