"""Every entry point checks the type and count of its arguments in Python and names them as
Python does (issue #35): no z silently dropped, no C argument name ("xy") in a message."""

import math

import numpy as np
import pytest

import gjk

DISC, BALL = gjk.Circle(1.0), gjk.Sphere(1.0)


def test_ray_cast_takes_as_many_components_as_the_shape():
    # A 3D origin or direction on a 2D shape used to lose its z silently; a 2D one on a 3D
    # shape used to get z = 0 made up.
    with pytest.raises(ValueError, match=r"^origin: expected 2 components .*got shape \(3,\)"):
        gjk.ray_cast(DISC, [0.0, 0.0, 5.0], [1.0, 0.0], [5.0, 0.0])
    with pytest.raises(ValueError, match="^direction: expected 2 components"):
        gjk.ray_cast(DISC, [0.0, 0.0], [1.0, 0.0, 0.0], [5.0, 0.0])
    with pytest.raises(ValueError, match="^origin: expected 3 components"):
        gjk.ray_cast(BALL, [0.0, 0.0], [1.0, 0.0, 0.0], [5.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="^pose: expected 2 components"):
        gjk.ray_cast(DISC, [0.0, 0.0], [1.0, 0.0], [5.0, 0.0, 1.0])
    with pytest.raises(TypeError, match="^max_t: expected real numbers"):
        gjk.ray_cast(DISC, [0.0, 0.0], [1.0, 0.0], None, max_t="far")
    assert gjk.ray_cast(BALL, [0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [5.0, 0.0, 0.0]).t == pytest.approx(2.0)


def test_shape_cast_velocities_and_poses_take_the_shapes_dimension():
    with pytest.raises(ValueError, match="^velocity_b: expected 2 components"):
        gjk.shape_cast(DISC, DISC, None, [5.0, 0.0], velocity_b=[-1.0, 0.0, 3.0])
    with pytest.raises(ValueError, match="^velocity_a: expected 3 components"):
        gjk.shape_cast(BALL, BALL, None, [5.0, 0.0, 0.0], velocity_a=[1.0, 0.0])
    with pytest.raises(TypeError, match="^target_separation: expected real numbers"):
        gjk.shape_cast(DISC, DISC, None, [5.0, 0.0], target_separation=None)


def test_poses_take_the_shapes_dimension():
    with pytest.raises(ValueError, match="^pose_b: expected 2 components"):
        gjk.distance(DISC, DISC, None, [3.0, 0.0, 5.0])
    with pytest.raises(ValueError, match="^pose_a: expected 3 components"):
        gjk.intersect(BALL, BALL, [3.0, 0.0])
    with pytest.raises(ValueError, match="^pose_b is a 2D pose .* the shape is 3D"):
        gjk.penetration(BALL, BALL, None, gjk.Pose([3.0, 0.0]))
    with pytest.raises(ValueError, match=r"^poses_b\[1\] is a 3D pose"):
        gjk.distance_batch(DISC, DISC, None, [gjk.Pose([3.0, 0.0]), gjk.Pose([3.0, 0.0, 0.0])])
    with pytest.raises(TypeError, match=r"^poses_a\[1\]: expected a Pose"):
        gjk.intersect_batch(DISC, DISC, [gjk.Pose([3.0, 0.0]), [3.0, 0.0]])
    with pytest.raises(ValueError, match=r"^poses must be \(2, 7\)"):
        gjk.pairs_within([DISC, DISC], 1.0, np.zeros((2, 3)))
    # An identity Pose (no translation) places either dimension.
    assert gjk.distance(DISC, DISC, gjk.Pose(), [3.0, 0.0]).distance == pytest.approx(1.0)
    assert gjk.distance(BALL, BALL, gjk.Pose(None, [0, 0, 1.0, 0]), [3.0, 0, 0]).distance == pytest.approx(1.0)


def test_shapes_name_their_python_parameters():
    with pytest.raises(gjk.InvalidArgumentError, match=r"^Polygon points: no points \(shape \(0, 2\)\)") as caught:
        gjk.Polygon(np.zeros((0, 2)))
    assert "xy" not in str(caught.value)
    with pytest.raises(gjk.InvalidArgumentError, match="^Polytope points: no points"):
        gjk.Polytope(np.zeros((0, 3)))
    with pytest.raises(gjk.InvalidArgumentError, match="^Polygon points: point 1 coordinate 1 is NaN"):
        gjk.Polygon([[0.0, 0.0], [1.0, np.nan]])
    with pytest.raises(ValueError, match=r"^Polytope points: expected an \(n, 3\) array"):
        gjk.Polytope(np.zeros(3))
    with pytest.raises(gjk.InvalidArgumentError, match="^Ellipse half_y is -1.0"):
        gjk.Ellipse(1.0, -1.0)
    with pytest.raises(gjk.InvalidArgumentError, match="^Box half_z is inf"):
        gjk.Box(1.0, 1.0, math.inf)
    with pytest.raises(TypeError, match="^Capsule radius: expected real numbers"):
        gjk.Capsule(1.0, True)
    with pytest.raises(ValueError, match=r"^Segment start and end: .*\(2,\) and \(3,\)"):
        gjk.Segment([0.0, 0.0], [1.0, 0.0, 0.0])
    with pytest.raises(ValueError, match=r"^Point point: 2 or 3 components, not shape \(4,\)"):
        gjk.Point([0.0, 0.0, 0.0, 0.0])
    with pytest.raises(TypeError, match="^Rounded shape: expected a gjk shape"):
        gjk.Rounded([0.0, 0.0], 1.0)
    with pytest.raises(TypeError, match="^convex_hull points: expected real numbers"):
        gjk.convex_hull([["a", "b"]])
    with pytest.raises(TypeError, match="^translation: expected real numbers"):
        gjk.Pose(["x", "y"])


def test_query_options_are_named_as_in_python():
    with pytest.raises(gjk.InvalidArgumentError, match=r"^tolerance is 2: it must be in \[0, 1\)"):
        gjk.distance(DISC, DISC, None, [3.0, 0.0], tolerance=2)
    with pytest.raises(gjk.InvalidArgumentError, match="^tolerance is nan"):
        gjk.distance_batch(DISC, DISC, None, None, tolerance=math.nan)
    with pytest.raises(TypeError, match="^max_iterations: expected an integer, got float 2.5"):
        gjk.distance(DISC, DISC, None, [3.0, 0.0], max_iterations=2.5)
    with pytest.raises(gjk.InvalidArgumentError, match=r"^max_iterations is 0: it must be in \[1,"):
        gjk.intersect(DISC, DISC, None, [3.0, 0.0], max_iterations=0)
    with pytest.raises(TypeError, match="^a: expected a gjk shape"):
        gjk.distance(None, DISC)
    with pytest.raises(TypeError, match="^b: expected a gjk shape"):
        gjk.penetration(DISC, "disc")
    with pytest.raises(TypeError, match="^shape: expected a gjk shape"):
        gjk.ray_cast([0.0, 0.0], [0.0, 0.0], [1.0, 0.0])
    assert gjk.distance(DISC, DISC, None, [3.0, 0.0], max_iterations=np.uint8(20)).distance == pytest.approx(1.0)


@pytest.mark.parametrize("call", [
    lambda threads: gjk.distance_batch(DISC, DISC, None, gjk.poses(np.ones((3, 2))), threads=threads),
    lambda threads: gjk.intersect_batch(DISC, DISC, None, gjk.poses(np.ones((3, 2))), threads=threads),
    lambda threads: gjk.pairs_within([DISC, DISC], 1.0, threads=threads),
], ids=["distance_batch", "intersect_batch", "pairs_within"])
def test_batch_threads_must_be_a_non_negative_int(call):
    for bad in (2.5, 2.0, True, "2", None):
        with pytest.raises(TypeError, match="^threads: expected an integer"):
            call(bad)
    with pytest.raises(gjk.InvalidArgumentError, match=r"^threads is -1: it must be in \[0, "):
        call(-1)
    with pytest.raises(gjk.InvalidArgumentError, match="^threads is 4294967296"):
        call(2 ** 32)
    call(0)
    call(np.int64(2))


def test_batch_arguments_are_named():
    poses = gjk.poses(np.ones((3, 2)))
    with pytest.raises(TypeError, match=r"^shapes_a\[1\]: expected a gjk shape, got int"):
        gjk.distance_batch([DISC, 1, DISC], DISC, None, poses)
    with pytest.raises(TypeError, match="^shapes_b: expected a sequence, got float"):
        gjk.intersect_batch(DISC, 1.0, None, poses)
    with pytest.raises(ValueError, match="disagree on the number of pairs: .*'shapes_a': 2.*'poses_b': 3"):
        gjk.distance_batch([DISC, DISC], DISC, None, poses)
    with pytest.raises(TypeError, match="^raise_on_error: expected True or False"):
        gjk.distance_batch(DISC, DISC, None, poses, raise_on_error="no")
    with pytest.raises(TypeError, match="^shapes: expected a sequence of shapes, got one shape"):
        gjk.pairs_within(DISC, 1.0)
    with pytest.raises(TypeError, match=r"^shapes\[2\]: expected a gjk shape"):
        gjk.pairs_within([DISC, DISC, None], 1.0)
    with pytest.raises(TypeError, match="^separation: expected real numbers"):
        gjk.pairs_within([DISC, DISC], "1")
