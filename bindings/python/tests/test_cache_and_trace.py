"""Warm starts (SimplexCache), the traced distance query, signed_distance, and the iteration
cap's policy: every query that reaches it raises NoConvergenceError with the best answer."""

import copy
import pickle

import numpy as np
import pytest

import gjk


def moving_pairs(rng, frames):
    """A polytope and an ellipsoid drifting past each other, frame by frame."""
    a = gjk.Polytope(rng.normal(size=(24, 3)))
    b = gjk.Ellipsoid(1.0, 0.5, 0.75)
    start, step = np.array([-4.0, 0.3, 0.2]), np.array([0.05, 0.0, 0.01])
    return a, b, [start + k * step for k in range(frames)]


def test_a_warm_started_pair_answers_as_the_cold_one_with_fewer_support_points():
    rng = np.random.default_rng(5)
    a, b, places = moving_pairs(rng, 160)
    cache, overlaps = gjk.SimplexCache(), 0
    assert cache.count == 0
    cold_work = warm_work = 0
    for place in places:
        cold = gjk.distance(a, b, None, place)
        warm = gjk.distance(a, b, None, place, cache=cache)
        assert warm.distance == pytest.approx(cold.distance, rel=1e-9, abs=1e-12)
        assert warm.intersecting == cold.intersecting
        assert gjk.intersect(a, b, None, place, cache=gjk.SimplexCache()) == cold.intersecting
        assert 1 <= cache.count <= 4
        cold_work += cold.iterations
        warm_work += warm.iterations
        overlaps += cold.intersecting
    assert 0 < overlaps < len(places)
    assert warm_work < 0.7 * cold_work, (warm_work, cold_work)


def test_warm_boolean_queries_agree_and_the_cache_travels():
    rng = np.random.default_rng(6)
    a, b, places = moving_pairs(rng, 80)
    cache = gjk.SimplexCache()
    for place in places:
        assert gjk.intersect(a, b, None, place, cache=cache) == gjk.intersect(a, b, None, place)
    for again in (pickle.loads(pickle.dumps(cache)), copy.deepcopy(cache)):
        assert bytes(again) == bytes(cache) and again.count == cache.count
    cache.clear()
    assert cache.count == 0 and bytes(cache) == bytes(gjk.SimplexCache())
    with pytest.raises(TypeError, match="cache: expected a gjk.SimplexCache"):
        gjk.distance(a, b, cache=object())


def test_trace_of_a_triangle_and_a_disc_by_hand():
    # The triangle (0,0) (2,0) (0,2) and a disc of radius 0.5 centred at (3,3): the closest
    # point of the triangle is (1,1) on its hypotenuse, at 2 * sqrt(2) from the centre.
    triangle = gjk.Polygon([[0, 0], [2, 0], [0, 2], [0.5, 0.5]])
    trace = gjk.distance_trace(triangle, gjk.Circle(0.5), None, [3.0, 3.0])
    expected = 2 * np.sqrt(2) - 0.5
    assert trace.result.distance == pytest.approx(expected, abs=1e-14)
    assert len(trace) == trace.result.iterations >= 2
    assert trace.iteration.tolist() == list(range(1, len(trace) + 1))
    assert gjk.OUTCOMES[trace.outcome[0]] == "started"
    assert gjk.OUTCOMES[trace.outcome[-1]] in ("repeated", "gap closed")
    # Each support point is A's less B's core (the disc's centre), and lies on the triangle.
    np.testing.assert_array_equal(trace.support_w, trace.support_a - trace.support_b)
    np.testing.assert_array_equal(trace.support_b, np.tile([3.0, 3.0], (len(trace), 1)))
    corners = {(0.0, 0.0), (2.0, 0.0), (0.0, 2.0)}
    assert all(tuple(p) in corners for p in trace.support_a)
    # The bounds bracket the distance at every step, and close at the end.
    assert (trace.lower_bound <= expected + 1e-12).all()
    assert (trace.upper_bound >= expected - 1e-12).all()
    assert trace.upper_bound[-1] == pytest.approx(expected, abs=1e-14)
    # Each simplex's closest point is its weights' combination of its points.
    for k in range(len(trace)):
        n = trace.simplex_count[k]
        combined = trace.weights[k, :n] @ trace.simplex_w[k, :n]
        np.testing.assert_allclose(combined, trace.closest[k], atol=1e-12)


def test_trace_of_many_steps_grows_its_buffer_and_plots():
    rng = np.random.default_rng(7)
    a = gjk.Polygon(rng.normal(size=(200, 2)))
    b = gjk.Ellipse(2.0, 0.25)
    trace = gjk.distance_trace(a, b, None, gjk.Pose([6.0, 1.0], 0.4))
    assert trace.result.distance == pytest.approx(gjk.distance(a, b, None, gjk.Pose([6.0, 1.0], 0.4)).distance, rel=1e-9)
    assert len(trace) == trace.result.iterations
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    ax = trace.plot()
    assert "distance" in ax.get_title()
    with pytest.raises(ValueError, match="3D"):
        gjk.distance_trace(gjk.Sphere(1.0), gjk.Sphere(1.0), None, [3.0, 0.0, 0.0]).plot()


def test_signed_distance_closed_form():
    assert gjk.signed_distance(gjk.Circle(1.0), gjk.Circle(1.0), None, [1.5, 0.0]) == \
        pytest.approx(-0.5, abs=1e-9)
    assert gjk.signed_distance(gjk.Box(1, 1, 1), gjk.Box(1, 1, 1), None, [3.5, 0, 0]) == 1.5
    with pytest.raises(gjk.DimensionMismatchError):
        gjk.signed_distance(gjk.Circle(1.0), gjk.Sphere(1.0))


def test_every_query_at_the_iteration_cap_raises_with_the_best_answer():
    a, b = gjk.Ellipsoid(1.0, 0.5, 0.3), gjk.Ellipsoid(0.7, 0.9, 0.4)
    apart, deep = [2.3, 0.4, 0.1], [0.3, 0.1, 0.05]
    with pytest.raises(gjk.NoConvergenceError) as caught:
        gjk.distance(a, b, None, apart, max_iterations=1)
    assert caught.value.result.lower_bound <= caught.value.result.distance
    with pytest.raises(gjk.NoConvergenceError) as caught:
        gjk.penetration(a, b, None, deep, max_iterations=1)
    # Stopped within GJK: its upper bound so far, finite.
    assert caught.value.result.iterations == 1
    assert np.isfinite(caught.value.result.signed_distance)
    with pytest.raises(gjk.NoConvergenceError) as caught:
        gjk.distance_trace(a, b, None, apart, max_iterations=2)
    assert len(caught.value.result) == 2
    with pytest.raises(gjk.NoConvergenceError) as caught:
        gjk.distance(a, b, None, apart, max_iterations=1, cache=gjk.SimplexCache())
    assert caught.value.result.distance > 0


def test_a_pair_answers_as_the_plain_queries_as_it_moves():
    rng = np.random.default_rng(8)
    a, b, places = moving_pairs(rng, 120)
    pair = gjk.Pair(a, b)
    for place in places:
        cold = gjk.distance(a, b, None, place)
        assert pair.distance(None, place) == pytest.approx(cold.distance, rel=1e-9, abs=1e-12)
        assert pair.result.intersecting == cold.intersecting
        if not cold.intersecting:  # (a common point of overlapping shapes is not unique)
            # (a curved surface: points known to about the square root of the tolerance)
            np.testing.assert_allclose(pair.result.point_b, cold.point_b, atol=1e-5)
        assert pair.intersect(None, place) == gjk.intersect(a, b, None, place)
    with pytest.raises(gjk.DimensionMismatchError):
        gjk.Pair(gjk.Circle(1.0), gjk.Sphere(1.0))
    with pytest.raises(TypeError, match="b: expected a gjk shape"):
        gjk.Pair(a, "a sphere")
