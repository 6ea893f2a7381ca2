"""Bad input becomes exceptions carrying the library's message; shapes are freed with their
objects."""

import gc
import math

import numpy as np
import pytest

import gjk


def test_statuses_become_exceptions_with_the_library_message():
    with pytest.raises(gjk.InvalidArgumentError, match="radius") as caught:
        gjk.Circle(-1.0)
    assert caught.value.status == 2
    assert isinstance(caught.value, ValueError)
    with pytest.raises(gjk.InvalidArgumentError, match="point 2"):
        gjk.Polygon(np.array([[0.0, 0.0], [1.0, 0.0], [np.nan, 1.0]]))
    with pytest.raises(gjk.InvalidArgumentError):
        gjk.Polygon(np.zeros((0, 2)))
    with pytest.raises(gjk.InvalidArgumentError):
        gjk.Sphere(math.inf)
    with pytest.raises(gjk.DimensionMismatchError, match="2D"):
        gjk.distance(gjk.Circle(1.0), gjk.Sphere(1.0))
    with pytest.raises(gjk.InvalidArgumentError, match="quaternion|rotation"):
        gjk.distance(gjk.Sphere(1.0), gjk.Sphere(1.0), gjk.Pose([0.0, 0, 0], [0, 0, 0, 2.0]))
    # A turn about x cannot place a 2D shape.
    with pytest.raises(gjk.GjkError):
        gjk.distance(gjk.Circle(1.0), gjk.Circle(1.0), gjk.Pose([0.0, 0.0], [1.0, 0, 0, 0]))
    with pytest.raises(gjk.InvalidArgumentError, match="direction"):
        gjk.ray_cast(gjk.Circle(1.0), [0.0, 0.0], [0.0, 0.0])
    with pytest.raises(gjk.InvalidArgumentError, match="separation"):
        gjk.pairs_within([gjk.Circle(1.0)] * 2, -1.0)


def test_new_shapes_refuse_bad_sizes():
    with pytest.raises(gjk.InvalidArgumentError, match="radius"):
        gjk.Cylinder(1.0, -0.5)
    with pytest.raises(gjk.InvalidArgumentError, match="half_height"):
        gjk.Cone(-1.0, 1.0)
    with pytest.raises(gjk.InvalidArgumentError, match="radius"):
        gjk.Rounded(gjk.Box(1, 1, 1), -0.1)
    with pytest.raises(gjk.InvalidArgumentError, match="radius"):
        gjk.Rounded(gjk.Circle(1.0), math.nan)
    with pytest.raises(TypeError, match="gjk shape"):
        gjk.Rounded(np.zeros((4, 2)), 0.5)
    with pytest.raises(ValueError, match="one number"):
        gjk.Cylinder(1.0, [0.5, 0.5])


def test_python_side_checks():
    with pytest.raises(ValueError, match=r"\(n, 2\)"):
        gjk.Polygon(np.zeros((4, 3)))
    with pytest.raises(TypeError, match="real numbers"):
        gjk.Polygon(np.zeros((4, 2), dtype=complex))
    with pytest.raises(TypeError, match="real numbers"):
        gjk.Circle("1")
    with pytest.raises(TypeError, match="gjk shape"):
        gjk.distance(gjk.Circle(1.0), "circle")
    with pytest.raises(TypeError):
        gjk.Shape()
    with pytest.raises(ValueError, match="rotation"):
        gjk.Pose([0.0, 0.0], [1.0, 2.0, 3.0])


def test_no_convergence_carries_the_bounds():
    # One support point cannot settle the distance between two ellipses.
    with pytest.raises(gjk.NoConvergenceError) as caught:
        gjk.distance(gjk.Ellipse(3, 1), gjk.Ellipse(1, 2), None, gjk.Pose([6.0, 4.0], 0.3),
                     max_iterations=1)
    result = caught.value.result
    assert result is not None and result.lower_bound <= result.distance


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def churn(count):
    rng = np.random.default_rng(0)
    points = rng.normal(size=(64, 2))
    for k in range(count):
        shape = gjk.Polygon(points) if k % 2 else gjk.Polytope(np.c_[points, points[:, :1]])
        other = gjk.Sphere(1.0) if shape.dimension == 3 else gjk.Circle(1.0)
        gjk.distance(shape, other, None, [5.0] * shape.dimension)
        if k % 1000 == 0:
            gjk.pairs_within([shape, other, other], 100.0)


@pytest.mark.skipif(not __import__("os").path.exists("/proc/self/statm"), reason="needs /proc")
def test_memory_is_flat_over_many_shapes():
    churn(2000)  # warm up allocators and caches
    gc.collect()
    before = rss_bytes()
    churn(40000)  # 40,000 hulls of 64 points: about 40 MB if they were never freed
    gc.collect()
    grown = rss_bytes() - before
    assert grown < 8 * 1024 * 1024, f"resident memory grew by {grown / 1e6:.1f} MB"
