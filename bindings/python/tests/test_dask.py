"""The Dask example (examples/dask_airspace.py) under a LocalCluster with process workers: a
small day checked slice by slice on the cluster equals the same slices checked here, pair for
pair and bit for bit, and equals brute force over the single distance queries on one slice."""

import os
import sys

import numpy as np
import pytest

import gjk

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")
sys.path.insert(0, EXAMPLES)
import dask_airspace  # noqa: E402

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    # Worker processes import the example by name, as this process did.
    saved = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([EXAMPLES] + ([saved] if saved else []))
    try:
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           dashboard_address=None)
        with distributed.Client(cluster) as c:
            yield c
        cluster.close()
    finally:
        if saved is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = saved


def test_a_day_on_the_cluster_equals_the_day_here(client):
    table = dask_airspace.day_of_reservations(6000, slices=12, seed=3, width=300, height=200)
    on_cluster = dask_airspace.check_day(client, table, 2.0)
    here = dask_airspace.check_slices(table, 2.0)
    workers = {p["pid"] for p in client.run(lambda: {"pid": os.getpid()}).values()}
    assert os.getpid() not in workers and len(workers) == 2
    assert [s["slice"] for s in on_cluster] == list(range(12))
    conflicts = 0
    for remote, local in zip(on_cluster, here):
        assert remote["active"] == local["active"]
        assert np.array_equal(remote["a"], local["a"]) and np.array_equal(remote["b"], local["b"])
        assert np.array_equal(remote["distance"], local["distance"])
        assert (remote["a"] < remote["b"]).all() and (remote["distance"] <= 2.0).all()
        conflicts += len(remote["a"])
    assert conflicts > 100


def test_one_slice_equals_brute_force():
    table = dask_airspace.day_of_reservations(800, slices=4, seed=4, width=120, height=80)
    got = dask_airspace.conflicts_in_slice(table, 2, 2.0)
    active = np.flatnonzero((table["first"] <= 2) & (2 <= table["last"]))
    expected = set()
    for u in range(len(active)):
        for v in range(u + 1, len(active)):
            i, j = active[u], active[v]
            pose = lambda r: gjk.Pose([table["x"][r], table["y"][r]], table["heading"][r])
            r = gjk.distance(dask_airspace.shape_of(table, i), dask_airspace.shape_of(table, j),
                             pose(i), pose(j))
            # pairs_within's test (gjk::batch::within_separation).
            if r.intersecting or r.distance <= 2.0 or (
                    r.lower_bound <= 2.0 and np.linalg.norm(r.point_b - r.point_a) <= 2.0):
                expected.add((int(i), int(j)))
    assert set(zip(got["a"].tolist(), got["b"].tolist())) == expected
    assert len(expected) > 10
