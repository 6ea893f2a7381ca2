"""Batches equal the single calls, pairs_within equals the brute force over single calls and
the hand-placed answers."""

import numpy as np
import pytest

import gjk


def random_polygons(rng, count, points=8):
    return [gjk.Polygon(rng.normal(size=(points, 2))) for _ in range(count)]


def random_poses(rng, count):
    return gjk.poses(rng.uniform(-3, 3, size=(count, 2)), rng.uniform(-np.pi, np.pi, size=count))


def test_distance_batch_equals_single_calls_bit_for_bit():
    rng = np.random.default_rng(1)
    n = 300
    a, b = random_polygons(rng, n), random_polygons(rng, n)
    pa, pb = random_poses(rng, n), random_poses(rng, n)
    batch = gjk.distance_batch(a, b, pa, pb, threads=2)
    assert len(batch) == n and batch.point_a.shape == (n, 2)
    assert (batch.status == 0).all()
    for k in range(n):
        single = gjk.distance(a[k], b[k], gjk.Pose(pa[k, :2], pa[k, 3:]), gjk.Pose(pb[k, :2], pb[k, 3:]))
        assert batch.distance[k] == single.distance
        assert (batch.point_a[k] == single.point_a).all()
        assert (batch.point_b[k] == single.point_b).all()
        assert (batch.normal[k] == single.normal).all()
        assert batch.lower_bound[k] == single.lower_bound
        assert batch.iterations[k] == single.iterations
        assert batch.intersecting[k] == single.intersecting
    assert 0 < batch.intersecting.sum() < n  # both kinds of pair were exercised


def test_intersect_batch_equals_single_calls():
    rng = np.random.default_rng(2)
    n = 300
    a, b = random_polygons(rng, n), random_polygons(rng, n)
    pa, pb = random_poses(rng, n), random_poses(rng, n)
    verdicts = gjk.intersect_batch(a, b, pa, pb)
    assert verdicts.dtype == np.bool_
    expected = [gjk.intersect(a[k], b[k], gjk.Pose(pa[k, :2], pa[k, 3:]),
                              gjk.Pose(pb[k, :2], pb[k, 3:])) for k in range(n)]
    assert verdicts.tolist() == expected


def test_one_shape_against_many_poses_closed_form():
    # A unit disc at the origin against a unit disc at (x, 0): distance x - 2 (0 when x <= 2).
    xs = np.linspace(0.0, 10.0, 1001)
    poses = gjk.poses(np.c_[xs, np.zeros_like(xs)])
    batch = gjk.distance_batch(gjk.Circle(1.0), gjk.Circle(1.0), None, poses)
    np.testing.assert_allclose(batch.distance, np.maximum(xs - 2.0, 0.0), atol=1e-12)
    assert (batch.intersecting == (xs <= 2.0)).all()
    # 3D, poses from 4x4 matrices: spheres along z.
    m = np.tile(np.eye(4), (len(xs), 1, 1))
    m[:, 2, 3] = xs
    batch = gjk.distance_batch(gjk.Sphere(1.0), gjk.Sphere(0.5), None, gjk.poses_from_matrices(m))
    np.testing.assert_allclose(batch.distance, np.maximum(xs - 1.5, 0.0), atol=1e-12)
    assert batch.normal.shape == (len(xs), 3)


def test_a_list_of_poses_equals_the_array():
    rng = np.random.default_rng(3)
    shape = gjk.Polygon(rng.normal(size=(6, 2)))
    array = random_poses(rng, 20)
    as_list = [gjk.Pose(p[:2], p[3:]) for p in array]
    d1 = gjk.distance_batch(shape, shape, None, array).distance
    d2 = gjk.distance_batch(shape, shape, None, as_list).distance
    assert (d1 == d2).all()


def test_batch_failure_names_the_pair_and_keeps_the_others():
    n = 10
    poses = gjk.poses(np.c_[np.arange(n) + 3.0, np.zeros(n)])
    poses[7, 0] = np.nan
    with pytest.raises(gjk.InvalidArgumentError, match="pair 7") as caught:
        gjk.distance_batch(gjk.Circle(1.0), gjk.Circle(1.0), None, poses)
    assert caught.value.result.status[7] == 2  # GJK_INVALID_ARGUMENT
    batch = gjk.distance_batch(gjk.Circle(1.0), gjk.Circle(1.0), None, poses, raise_on_error=False)
    assert batch.status.tolist() == [0] * 7 + [2] + [0] * 2
    np.testing.assert_allclose(batch.distance[:7], np.arange(7) + 1.0, atol=1e-12)
    with pytest.raises(ValueError, match=r"\(10, 7\)"):
        gjk.distance_batch(gjk.Circle(1.0), gjk.Circle(1.0), None, poses[:, :3])
    with pytest.raises(ValueError, match="disagree"):
        gjk.distance_batch([gjk.Circle(1.0)] * 9, gjk.Circle(1.0), None, poses)


def test_pairs_within_hand_placed_discs():
    # Unit discs at x = 0, 3, 7, 12: gaps 1 (0-1), 2 (1-2), 3 (2-3), 5 (0-2), ...
    discs = [gjk.Circle(1.0) for _ in range(4)]
    poses = gjk.poses(np.array([[0.0, 0], [3, 0], [7, 0], [12, 0]]))
    pairs = gjk.pairs_within(discs, 2.0, poses)
    assert list(zip(pairs.i.tolist(), pairs.j.tolist())) == [(0, 1), (1, 2)]
    np.testing.assert_allclose(pairs.distance, [1.0, 2.0], atol=1e-12)
    np.testing.assert_allclose(pairs.point_a, [[1.0, 0], [4.0, 0]], atol=1e-12)
    np.testing.assert_allclose(pairs.point_b, [[2.0, 0], [6.0, 0]], atol=1e-12)
    assert len(gjk.pairs_within(discs, 0.5, poses)) == 0
    assert len(gjk.pairs_within(discs, 100.0, poses)) == 6


def test_pairs_within_equals_brute_force():
    rng = np.random.default_rng(4)
    n = 60
    shapes = random_polygons(rng, n, points=5)
    poses = gjk.poses(rng.uniform(0, 30, size=(n, 2)), rng.uniform(0, 6, size=n))
    pairs = gjk.pairs_within(shapes, 1.5, poses)
    brute = []
    for i in range(n):
        for j in range(i + 1, n):
            r = gjk.distance(shapes[i], shapes[j], gjk.Pose(poses[i, :2], poses[i, 3:]),
                             gjk.Pose(poses[j, :2], poses[j, 3:]))
            # pairs_within's test (gjk::batch::within_separation).
            if r.intersecting or r.distance <= 1.5 or (
                    r.lower_bound <= 1.5 and np.linalg.norm(r.point_b - r.point_a) <= 1.5):
                brute.append((i, j, r.distance))
    assert len(brute) > 5
    assert list(zip(pairs.i.tolist(), pairs.j.tolist())) == [(i, j) for i, j, _ in brute]
    assert pairs.distance.tolist() == [d for _, _, d in brute]


def test_penetration_batch_equals_single_calls_bit_for_bit():
    rng = np.random.default_rng(4)
    n = 300
    a, b = random_polygons(rng, n), [gjk.Circle(r) for r in rng.uniform(0.2, 1.5, size=n)]
    pa, pb = random_poses(rng, n), random_poses(rng, n)
    batch = gjk.penetration_batch(a, b, pa, pb, threads=2)
    assert len(batch) == n and batch.normal.shape == (n, 2) and (batch.status == 0).all()
    for k in range(n):
        single = gjk.penetration(a[k], b[k], gjk.Pose(pa[k, :2], pa[k, 3:]),
                                 gjk.Pose(pb[k, :2], pb[k, 3:]))
        assert batch.signed_distance[k] == single.signed_distance
        assert (batch.point_a[k] == single.point_a).all()
        assert (batch.point_b[k] == single.point_b).all()
        assert (batch.normal[k] == single.normal).all()
        assert batch.iterations[k] == single.iterations
        assert batch.intersecting[k] == single.intersecting
    assert 0 < (batch.signed_distance < 0).sum() < n


def test_penetration_batch_closed_form_and_failures():
    # Unit discs along x at 1.5 and 3 from the first: overlapping by 0.5, apart by 1.
    batch = gjk.penetration_batch(gjk.Circle(1.0), gjk.Circle(1.0), None,
                                  gjk.poses(np.array([[1.5, 0.0], [3.0, 0.0]])))
    assert batch.signed_distance == pytest.approx([-0.5, 1.0], abs=1e-9)
    with pytest.raises(gjk.DimensionMismatchError) as caught:
        gjk.penetration_batch([gjk.Circle(1.0), gjk.Sphere(1.0)], gjk.Circle(1.0))
    assert "pair 1" in str(caught.value)
    assert caught.value.result.status.tolist() == [0, gjk._lib.GJK_DIMENSION_MISMATCH]


def test_a_shape_array_answers_as_its_list():
    rng = np.random.default_rng(9)
    n = 200
    a, b = random_polygons(rng, n), random_polygons(rng, n)
    pa, pb = random_poses(rng, n), random_poses(rng, n)
    sa, sb = gjk.ShapeArray(a), gjk.ShapeArray(b)
    assert len(sa) == n and sa[3] is a[3] and list(sa)[:2] == a[:2]
    listed = gjk.distance_batch(a, b, pa, pb)
    gathered = gjk.distance_batch(sa, sb, pa, pb)
    assert np.array_equal(listed.distance, gathered.distance)
    assert np.array_equal(listed.normal, gathered.normal)
    assert np.array_equal(gjk.intersect_batch(a, b, pa, pb), gjk.intersect_batch(sa, sb, pa, pb))
    assert np.array_equal(gjk.penetration_batch(sa, b, pa, pb).signed_distance,
                          gjk.penetration_batch(a, b, pa, pb).signed_distance)
    within = gjk.pairs_within(sa, 0.5, pa)
    assert np.array_equal(within.i, gjk.pairs_within(a, 0.5, pa).i)
    with pytest.raises(ValueError, match="'shapes_a': 200, 'shapes_b': 199"):
        gjk.distance_batch(sa, b[:199], pa[:199], pb[:199])
    with pytest.raises(TypeError, match=r"shapes\[1\]: expected a gjk shape"):
        gjk.ShapeArray([a[0], "not a shape"])
