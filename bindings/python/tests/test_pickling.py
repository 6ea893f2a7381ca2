"""Shapes and poses travel: every shape kind and a pose pickle, copy and deep-copy as their
constructor's arguments, compare equal to (and hash like) their copies, answer every query as
the original, and read back their parameters; shapes go to a spawn ProcessPoolExecutor's
workers and come back. Long calls release the GIL."""

import concurrent.futures
import copy
import multiprocessing
import os
import pickle
import sys
import threading
import time

import numpy as np
import pytest

import gjk

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # spawn children import it
import process_workers  # noqa: E402


def shapes_2d():
    square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [0.5, 0.5]])
    return [
        gjk.Polygon(square),
        gjk.Circle(0.75),
        gjk.Ellipse(1.5, 0.25),
        gjk.Stadium(1.0, 0.5),
        gjk.Rectangle(0.5, 2.0),
        gjk.Segment([0.0, 1.0], [2.0, -1.0]),
        gjk.Point([0.25, -0.5]),
        gjk.Rounded(gjk.Polygon(square), 0.125),
        gjk.SupportShape(2, process_workers.unit_disc_support),
    ]


def shapes_3d():
    cube = np.array([[x, y, z] for x in (0.0, 1.0) for y in (0.0, 1.0) for z in (0.0, 1.0)])
    return [
        gjk.Polytope(cube),
        gjk.Sphere(0.75),
        gjk.Ellipsoid(1.5, 0.25, 0.5),
        gjk.Capsule(1.0, 0.5),
        gjk.Box(0.5, 2.0, 0.25),
        gjk.Cylinder(1.0, 0.5),
        gjk.Cone(1.0, 0.5),
        gjk.Segment([0.0, 1.0, 0.0], [2.0, -1.0, 0.5]),
        gjk.Point([0.25, -0.5, 1.0]),
        gjk.Rounded(gjk.Box(0.5, 0.5, 0.5), 0.125),
    ]


ALL = shapes_2d() + shapes_3d()


def probe_for(shape):
    """A shape and pose to query ``shape`` against, placed so that some pairs overlap."""
    if shape.dimension == 2:
        return gjk.Rectangle(0.5, 0.25), gjk.Pose([1.25, 0.5], 0.3)
    return gjk.Box(0.5, 0.25, 0.5), gjk.Pose([1.25, 0.5, 0.25], [0.0, 0.0, 0.38268343, 0.92387953])


def answers(shape):
    probe, pose = probe_for(shape)
    d = gjk.distance(shape, probe, None, pose)
    p = gjk.penetration(shape, probe, None, pose)
    return (d.distance, tuple(d.point_a), tuple(d.normal), d.lower_bound,
            p.signed_distance, tuple(p.normal))


@pytest.mark.parametrize("shape", ALL, ids=lambda s: f"{type(s).__name__}{s.dimension}d")
def test_every_shape_survives_pickle_copy_and_deepcopy(shape):
    expected = answers(shape)
    for again in (pickle.loads(pickle.dumps(shape)),
                  pickle.loads(pickle.dumps(shape, protocol=pickle.HIGHEST_PROTOCOL)),
                  copy.copy(shape), copy.deepcopy(shape)):
        assert type(again) is type(shape)
        assert again == shape and hash(again) == hash(shape)
        assert again._ptr != shape._ptr  # a shape of its own, made again from the arguments
        assert again.dimension == shape.dimension
        assert answers(again) == expected


def test_shapes_read_back_their_parameters():
    circle, ellipsoid = gjk.Circle(0.75), gjk.Ellipsoid(1.5, 0.25, 0.5)
    assert circle.radius == 0.75
    assert (ellipsoid.half_x, ellipsoid.half_y, ellipsoid.half_z) == (1.5, 0.25, 0.5)
    assert (gjk.Capsule(1.0, 0.5).half_length, gjk.Capsule(1.0, 0.5).radius) == (1.0, 0.5)
    assert (gjk.Cone(2.0, 0.5).half_height, gjk.Cylinder(3.0, 0.5).half_height) == (2.0, 3.0)
    points = [[0, 0], [2, 0], [0, 3]]
    polygon = gjk.Polygon(points)
    assert np.array_equal(polygon.points, points) and polygon.points.dtype == np.float64
    with pytest.raises(ValueError):
        polygon.points[0, 0] = 5.0  # read-only: the shape is immutable
    segment = gjk.Segment([1, 2, 3], [4, 5, 6])
    assert segment.start.tolist() == [1, 2, 3] and segment.end.tolist() == [4, 5, 6]
    assert gjk.Point([7, 8]).point.tolist() == [7, 8]
    rounded = gjk.Rounded(circle, 0.25)
    assert rounded.shape == circle and rounded.radius == 0.25
    support = gjk.SupportShape(2, process_workers.unit_disc_support)
    assert support.support is process_workers.unit_disc_support
    assert repr(circle) == "gjk.Circle(0.75)"
    assert repr(polygon) == "gjk.Polygon(<3 points>)"


def test_equality_is_by_class_and_arguments():
    assert gjk.Circle(1.0) == gjk.Circle(1) and gjk.Circle(1.0) != gjk.Circle(2.0)
    assert gjk.Circle(1.0) != gjk.Sphere(1.0)
    assert gjk.Polygon([[0, 0], [1, 0], [0, 1]]) != gjk.Polygon([[0, 0], [1, 0], [0, 2]])
    assert len({gjk.Box(1, 2, 3), gjk.Box(1, 2, 3), gjk.Box(1, 2, 4)}) == 2
    # The points as given, not the hull: the same hull from other points is another shape.
    assert gjk.Polygon([[0, 0], [1, 0], [0, 1]]) != gjk.Polygon([[0, 1], [1, 0], [0, 0]])


def test_poses_pickle_and_copy_bit_for_bit():
    for pose in (gjk.Pose(), gjk.Pose([1.0, 2.0], 0.3), gjk.Pose([1e-300, 2.0, 3.0],
                 [0.0, 0.6, 0.0, 0.8]), gjk.Pose.from_matrix(np.eye(4))):
        # Used in a query first: the pose then holds its C struct, which cannot be pickled.
        shape = gjk.Circle(1.0) if pose._dimension == 2 else gjk.Sphere(1.0)
        gjk.distance(shape, shape, None, pose)
        for again in (pickle.loads(pickle.dumps(pose)), copy.copy(pose), copy.deepcopy(pose)):
            assert again == pose and hash(again) == hash(pose)
            assert np.array_equal(again.as_array(), pose.as_array())
            assert again._dimension == pose._dimension
    assert gjk.Pose([1.0, 2.0]) != gjk.Pose([1.0, 2.0, 0.0])  # a 2D pose is not a 3D one


def test_a_lambda_support_shape_says_why_it_cannot_pickle():
    shape = gjk.SupportShape(2, lambda d: (0.0, 0.0))
    with pytest.raises((pickle.PicklingError, AttributeError, TypeError)):
        pickle.dumps(shape)


def test_shapes_travel_to_spawned_workers():
    shapes = ALL
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=context) as executor:
        futures = [executor.submit(process_workers.answer_and_return, s) for s in shapes]
        results = [f.result(timeout=120) for f in futures]
    for shape, (pid, got, back) in zip(shapes, results):
        assert pid != os.getpid()
        assert got == answers(shape)
        assert back == shape


def counts_during(work) -> tuple:
    """How long ``work`` takes alone, and how far this thread counts while a second thread
    runs it."""
    started = time.perf_counter()
    work()
    alone = time.perf_counter() - started
    counted = 0
    done = threading.Event()

    def run():
        work()
        done.set()

    worker = threading.Thread(target=run)
    worker.start()
    while not done.is_set():
        counted += 1
    worker.join()
    return alone, counted


def test_batches_release_the_gil():
    """While a batch runs on one library thread, this thread keeps counting (millions a
    second); while a C call that holds the GIL runs (sorting a list), it counts next to
    nothing (tens of thousands a second, at the GIL's switches): the control shows the test
    can tell them apart."""
    rng = np.random.default_rng(3)
    n = 60000
    a = [gjk.Polytope(rng.normal(size=(64, 3))) for _ in range(200)] * (n // 200)
    b = [gjk.Ellipsoid(1.0, 0.5, 0.25)] * n
    poses = gjk.poses(rng.uniform(-3, 3, size=(n, 3)))
    alone, counted = counts_during(lambda: gjk.distance_batch(a, b, None, poses, threads=1))
    assert counted > 1e6 * alone, (counted, alone)
    big = list(rng.uniform(size=1_000_000))
    alone, counted = counts_during(lambda: sorted(big))
    assert counted < 1e6 * alone, (counted, alone)
