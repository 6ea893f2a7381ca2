"""SupportShape: shapes whose support function is a Python callable answer as the built-in
shapes, the exceptions the callable raises come back from the query, and the callable is let go
with the last shape holding it."""

import gc
import math
import weakref

import numpy as np
import pytest

import gjk


def circle(radius):
    """The support function of a circle of ``radius``."""
    def support(d):
        n = math.hypot(d[0], d[1])
        return (radius * d[0] / n, radius * d[1] / n) if n > 0 else (0.0, 0.0)
    return support


def hull(points):
    """The support function of the hull of ``points``: the first with the largest
    x dx + y dy (+ z dz), as the built-in hull scans them."""
    def support(d):
        def dot(p):
            s = p[0] * d[0]
            for k in range(1, len(d)):
                s += p[k] * d[k]
            return s
        best = points[0]
        for p in points[1:]:
            if dot(p) > dot(best):
                best = p
        return best
    return support


def test_hulls_answer_as_the_built_in_hulls_to_the_last_bit():
    rng = np.random.default_rng(5)
    for dimension in (2, 3):
        for _ in range(20):
            points = rng.uniform(-1.5, 1.5, (30, dimension))
            built = gjk.Polygon(points) if dimension == 2 else gjk.Polytope(points)
            called = gjk.SupportShape(dimension, hull([tuple(p) for p in points]))
            ball = gjk.Circle(0.5) if dimension == 2 else gjk.Sphere(0.5)
            at = gjk.Pose(list(rng.uniform(-3, 3, dimension)))
            d1, d2 = gjk.distance(built, ball, None, at), gjk.distance(called, ball, None, at)
            assert d1.distance == d2.distance and d1.iterations == d2.iterations
            assert np.array_equal(d1.normal, d2.normal)
            p1, p2 = gjk.penetration(built, ball, None, at), gjk.penetration(called, ball, None, at)
            assert p1.signed_distance == p2.signed_distance


def test_a_circle_answers_within_the_tolerance_in_queries_and_batches():
    called, built = gjk.SupportShape(2, circle(1.0)), gjk.Circle(1.0)
    square = gjk.Rectangle(0.5, 0.5)
    assert gjk.distance(called, square, None, gjk.Pose([3.0, 0.0])).distance == \
        pytest.approx(1.5, abs=1e-12)
    poses = gjk.poses(np.column_stack([np.linspace(-4, 4, 200), np.full(200, 1.0)]))
    ours = gjk.distance_batch(called, square, None, poses, threads=0)
    theirs = gjk.distance_batch(built, square, None, poses)
    assert np.allclose(ours.distance, theirs.distance, rtol=0, atol=1e-10)
    assert len(gjk.pairs_within([called, square, built], 0.5, poses[:3])) == \
        len(gjk.pairs_within([built, square, built], 0.5, poses[:3]))


def test_an_exception_of_the_callable_comes_back_from_the_query():
    calls = []

    def moody(d):
        calls.append(d)
        if len(calls) > 4:  # after the four probes at creation
            raise ValueError("the model is gone")
        return circle(1.0)(d)

    shape = gjk.SupportShape(2, moody)
    with pytest.raises(ValueError, match="the model is gone"):
        gjk.distance(shape, gjk.Circle(1.0), None, gjk.Pose([3.0, 0.0]))
    with pytest.raises(ValueError, match="the model is gone"):
        gjk.distance_batch(shape, gjk.Circle(1.0), None, gjk.Pose([3.0, 0.0]), threads=1)
    # The next failure is the library's own again.
    with pytest.raises(gjk.DimensionMismatchError):
        gjk.distance(gjk.Circle(1.0), gjk.Sphere(1.0))

    def broken(d):
        raise KeyError("at creation")

    with pytest.raises(KeyError, match="at creation"):
        gjk.SupportShape(3, broken)


def test_nan_answers_raise_naming_the_support_callback():
    with pytest.raises(gjk.InvalidArgumentError,
                       match=r"support callback returned a non-finite point \(NaN\)"):
        gjk.SupportShape(2, lambda d: (math.nan, 0.0))
    calls = []

    def nan_later(d):
        calls.append(d)
        return circle(1.0)(d) if len(calls) <= 4 else (0.0, math.nan)

    nan_later = gjk.SupportShape(2, nan_later)
    with pytest.raises(gjk.InvalidArgumentError, match="support callback"):
        gjk.intersect(nan_later, gjk.Circle(1.0), None, gjk.Pose([3.0, 0.0]))
    with pytest.raises(TypeError):
        gjk.SupportShape(2, 42)
    with pytest.raises(gjk.InvalidArgumentError, match="dimension"):
        gjk.SupportShape(4, circle(1.0))


def test_the_callable_is_let_go_with_the_last_shape_holding_it():
    class Support:
        def __call__(self, d):
            return circle(1.0)(d)

    support = Support()
    alive = weakref.ref(support)
    shape = gjk.SupportShape(2, support)
    del support
    rounded = gjk.Rounded(shape, 0.5)
    del shape
    gc.collect()
    assert alive() is not None
    assert gjk.distance(rounded, gjk.Point([4.0, 0.0])).distance == pytest.approx(2.5, abs=1e-10)
    del rounded
    gc.collect()
    assert alive() is None
