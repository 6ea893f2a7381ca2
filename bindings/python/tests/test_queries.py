"""Single queries against answers derived by hand (closed forms), and the pose conversions."""

import math

import numpy as np
import pytest

import gjk

UNIT_SQUARE = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=np.float64)


def test_square_and_disc_distance_closed_form():
    # The disc's centre (3, 0.5) faces the square's right edge x = 1: gap 3 - 1 - 0.5.
    r = gjk.distance(gjk.Polygon(UNIT_SQUARE), gjk.Circle(0.5), None, gjk.Pose([3.0, 0.5]))
    assert r.distance == pytest.approx(1.5, abs=1e-12)
    assert r.lower_bound <= r.distance + 1e-15
    assert r.lower_bound == pytest.approx(1.5, abs=1e-9)
    np.testing.assert_allclose(r.point_a, [1.0, 0.5], atol=1e-12)
    np.testing.assert_allclose(r.point_b, [2.5, 0.5], atol=1e-12)
    np.testing.assert_allclose(r.normal, [1.0, 0.0], atol=1e-12)
    assert not r.intersecting
    assert r.point_a.shape == (2,)


def test_corner_distance_is_diagonal():
    # The square's corner (1, 1) is nearest the point (4, 5): distance hypot(3, 4) = 5.
    r = gjk.distance(gjk.Polygon(UNIT_SQUARE), gjk.Point([4.0, 5.0]))
    assert r.distance == pytest.approx(5.0, abs=1e-12)
    np.testing.assert_allclose(r.normal, [0.6, 0.8], atol=1e-12)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64, np.longdouble, np.int32])
def test_any_real_dtype_gives_the_same_hull(dtype):
    square = gjk.Polygon(UNIT_SQUARE.astype(dtype))
    assert gjk.distance(square, gjk.Point([3.0, 0.5])).distance == pytest.approx(2.0, abs=1e-12)


def test_points_need_not_be_ordered_or_on_the_hull():
    cloud = np.array([[0.5, 0.5], [1, 1], [0, 0], [1, 0], [0.2, 0.7], [0, 1], [1, 1]])
    assert gjk.distance(gjk.convex_hull(cloud), gjk.Point([-2.0, 0.5])).distance == pytest.approx(2.0)


def test_3d_box_and_sphere():
    r = gjk.distance(gjk.Box(1, 1, 1), gjk.Sphere(1), None, gjk.Pose([4.0, 0.0, 0.0]))
    assert r.distance == pytest.approx(2.0, abs=1e-12)
    np.testing.assert_allclose(r.point_a, [1, 0, 0], atol=1e-12)
    np.testing.assert_allclose(r.point_b, [3, 0, 0], atol=1e-12)
    cube = gjk.Polytope(np.array([[x, y, z] for x in (0, 1) for y in (0, 1) for z in (0, 1)]))
    # The cube's corner (1, 1, 1) to the point (2, 2, 2): sqrt(3).
    assert gjk.distance(cube, gjk.Point([2.0, 2.0, 2.0])).distance == pytest.approx(math.sqrt(3))


# A rectangle 4 long along x; turned a quarter turn it spans y in [-2, 2], so the point (0, 3)
# is 1 away (2.5 away without the turn). Every way of writing the turn must agree.
QUARTER_TURN_2D = [
    gjk.Pose([0.0, 0.0], math.pi / 2),
    gjk.Pose([0.0, 0.0], [0, 0, math.sin(math.pi / 4), math.cos(math.pi / 4)]),
    gjk.Pose([0.0, 0.0], [[0, -1], [1, 0]]),
    gjk.Pose.from_matrix([[0, -1, 0], [1, 0, 0], [0, 0, 1]]),
]


@pytest.mark.parametrize("pose", QUARTER_TURN_2D)
def test_2d_rotations_by_angle_quaternion_and_matrices(pose):
    rect = gjk.Rectangle(2.0, 0.5)
    point = gjk.Point([0.0, 3.0])
    assert gjk.distance(rect, point).distance == pytest.approx(2.5)
    assert gjk.distance(rect, point, pose).distance == pytest.approx(1.0, abs=1e-12)


# A capsule along z (half length 2, radius 0.5) turned a quarter turn about x lies along y:
# the point (0, 3, 0) is 3 - 2.5 = 0.5 away; untouched it is 3 - 0.5 = 2.5 away.
C, S = math.cos(math.pi / 4), math.sin(math.pi / 4)
QUARTER_TURN_3D = [
    gjk.Pose([0.0, 0.0, 0.0], [S, 0, 0, C]),
    gjk.Pose([0.0, 0.0, 0.0], [[1, 0, 0], [0, 0, -1], [0, 1, 0]]),
    gjk.Pose.from_matrix([[1, 0, 0, 0], [0, 0, -1, 0], [0, 1, 0, 0], [0, 0, 0, 1]]),
]


@pytest.mark.parametrize("pose", QUARTER_TURN_3D)
def test_3d_rotations_by_quaternion_and_matrices(pose):
    capsule = gjk.Capsule(2.0, 0.5)
    point = gjk.Point([0.0, 3.0, 0.0])
    assert gjk.distance(capsule, point).distance == pytest.approx(2.5)
    assert gjk.distance(capsule, point, pose).distance == pytest.approx(0.5, abs=1e-12)


def rotation_matrix(q):
    """The textbook matrix of the unit quaternion (x, y, z, w)."""
    x, y, z, w = q
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])


def test_quaternions_from_matrices_round_trip_every_pivot():
    rng = np.random.default_rng(5)
    qs = rng.normal(size=(400, 4))
    # include the cases where x, y, z or w dominates, and half turns (w = 0)
    qs[:4] = np.eye(4)
    qs /= np.linalg.norm(qs, axis=1, keepdims=True)
    back = gjk.quaternions_from_matrices(np.stack([rotation_matrix(q) for q in qs]))
    sign = np.sign(np.sum(back * qs, axis=1, keepdims=True))
    np.testing.assert_allclose(back * sign, qs, atol=1e-12)


def test_translation_translates_the_stadium():
    stadium = gjk.Stadium(2.0, 1.0)  # from (-2, 0) to (2, 0), radius 1
    assert gjk.distance(stadium, gjk.Point([0.0, 3.0])).distance == pytest.approx(2.0)
    assert gjk.distance(stadium, gjk.Point([5.0, 0.0])).distance == pytest.approx(2.0)
    # Moving the stadium by (10, 0) puts its cap at x = 13: the point (15, 0) is 2 away.
    assert gjk.distance(stadium, gjk.Point([15.0, 0.0]), [10.0, 0.0]).distance == pytest.approx(2.0)


def test_intersect_touching_counts():
    a, b = gjk.Circle(1.0), gjk.Circle(1.0)
    assert gjk.intersect(a, b, None, [2.0, 0.0])  # touching: shapes are closed sets
    assert not gjk.intersect(a, b, None, [2.001, 0.0])
    assert gjk.intersect(gjk.Polygon(UNIT_SQUARE), gjk.Polygon(UNIT_SQUARE + 0.5))


def test_exact_mode_decides_gaps_below_the_tolerance():
    # The square [-1, 0] x [0, 1] and the rectangle [g, 1] x [0, 1], g = 2^-60 (every
    # coordinate exact): the default calls them touching within its tolerance; exact mode
    # answers apart by exactly g, and overlapping at -g.
    gap = 2.0 ** -60
    left = gjk.Polygon(UNIT_SQUARE - [1.0, 0.0])

    def right(x):
        return gjk.Polygon(np.array([[x, 0.0], [1.0, 0.0], [1.0, 1.0], [x, 1.0]]))

    assert gjk.distance(left, right(gap)).tolerance_call
    r = gjk.distance(left, right(gap), exact=True)
    assert not r.intersecting and not r.tolerance_call
    assert r.lower_bound == r.distance == gap
    assert not gjk.intersect(left, right(gap), exact=True)
    assert gjk.intersect(left, right(-gap), exact=True)
    batch = gjk.distance_batch(left, [right(gap), right(-gap)], exact=True)
    assert list(batch.intersecting) == [False, True]
    assert list(gjk.intersect_batch(left, [right(gap), right(-gap)], exact=True)) == [False, True]
    with pytest.raises(gjk.InvalidArgumentError, match="exact"):
        gjk.distance(gjk.Ellipse(2.0, 1.0), left, exact=True)


def test_penetration_of_two_discs():
    r = gjk.penetration(gjk.Circle(1.0), gjk.Circle(1.0), None, [1.5, 0.0])
    assert r.intersecting
    assert r.signed_distance == pytest.approx(-0.5, abs=1e-6)
    np.testing.assert_allclose(r.normal, [1.0, 0.0], atol=1e-6)
    r = gjk.penetration(gjk.Circle(1.0), gjk.Circle(1.0), None, [3.0, 0.0])
    assert r.signed_distance == pytest.approx(1.0, abs=1e-12)


def test_penetration_of_two_boxes():
    # Unit half-extent boxes 1.6 apart along x overlap by 0.4.
    r = gjk.penetration(gjk.Box(1, 1, 1), gjk.Box(1, 1, 1), None, [1.6, 0.0, 0.0])
    assert r.signed_distance == pytest.approx(-0.4, abs=1e-9)
    np.testing.assert_allclose(r.normal, [1.0, 0.0, 0.0], atol=1e-9)


def test_contact_manifold_of_a_crate_on_a_floor():
    # The crate's bottom face 0.05 deep in the floor: its four corners.
    floor, crate = gjk.Box(2.0, 2.0, 0.5), gjk.Box(0.5, 0.5, 0.5)
    m = gjk.contact_manifold(floor, crate, None, [0.1, 0.2, 0.95])
    np.testing.assert_allclose(m.normal, [0.0, 0.0, 1.0], atol=1e-12)
    assert len(m.points) == 4
    corners = sorted((round(p.point_b[0], 9), round(p.point_b[1], 9)) for p in m.points)
    assert corners == [(-0.4, -0.3), (-0.4, 0.7), (0.6, -0.3), (0.6, 0.7)]
    for p in m.points:
        assert p.separation == pytest.approx(-0.05, abs=1e-12)
        assert p.point_a[2] == pytest.approx(0.5, abs=1e-12)
        assert p.point_b[2] == pytest.approx(0.45, abs=1e-12)
    assert len({p.id for p in m.points}) == 4
    # Lifted 0.05 clear: speculative points within the margin only.
    assert len(gjk.contact_manifold(floor, crate, None, [0.1, 0.2, 1.05], margin=0.1).points) == 4
    assert gjk.contact_manifold(floor, crate, None, [0.1, 0.2, 1.05], margin=0.01).points == ()
    # Rectangles: two points.
    flat = gjk.contact_manifold(gjk.Rectangle(2.0, 0.5), gjk.Rectangle(0.5, 0.5), None, [0.3, 0.9])
    assert sorted(round(p.point_b[0], 9) for p in flat.points) == [-0.2, 0.8]
    with pytest.raises(gjk.InvalidArgumentError, match="margin"):
        gjk.contact_manifold(floor, crate, margin=float("nan"))


def test_aabb_of_placed_shapes():
    # A 1 x 2 x 3 box turned a quarter about z at x = 10: the x and y extents swap.
    half = math.sqrt(0.5)
    low, high = gjk.Box(1, 2, 3).aabb(gjk.Pose([10.0, 0.0, 0.0], [0.0, 0.0, half, half]))
    np.testing.assert_allclose(low, [8.0, -1.0, -3.0], atol=1e-12)
    np.testing.assert_allclose(high, [12.0, 1.0, 3.0], atol=1e-12)
    low, high = gjk.Circle(0.5).aabb([1.0, 2.0])
    np.testing.assert_allclose(low, [0.5, 1.5], atol=1e-15)
    np.testing.assert_allclose(high, [1.5, 2.5], atol=1e-15)
    assert gjk.Circle(0.5).aabb()[0].shape == (2,)
    with pytest.raises(ValueError, match="pose is a 3D pose"):
        gjk.Circle(0.5).aabb(gjk.Pose([0.0, 0.0, 0.0]))


def test_ray_cast_on_a_disc():
    disc = gjk.Circle(1.0)
    # From the origin along (2, 0) towards the disc at (5, 0): it hits x = 4 at t = 4 / 2.
    hit = gjk.ray_cast(disc, [0.0, 0.0], [2.0, 0.0], [5.0, 0.0])
    assert hit.hit and hit.t == pytest.approx(2.0, abs=1e-12)
    np.testing.assert_allclose(hit.point, [4.0, 0.0], atol=1e-12)
    np.testing.assert_allclose(hit.normal, [-1.0, 0.0], atol=1e-12)
    assert not gjk.ray_cast(disc, [0.0, 0.0], [0.0, 1.0], [5.0, 0.0]).hit
    assert not gjk.ray_cast(disc, [0.0, 0.0], [2.0, 0.0], [5.0, 0.0], max_t=1.5).hit


def test_shape_cast_of_two_discs():
    # Gap 8 closing at speed 2: contact at t = 4, at x = 1.
    hit = gjk.shape_cast(gjk.Circle(1.0), gjk.Circle(1.0), None, [10.0, 0.0],
                         velocity_b=[-2.0, 0.0])
    assert hit.hit and hit.t == pytest.approx(4.0, abs=1e-9)
    np.testing.assert_allclose(hit.point_a, [1.0, 0.0], atol=1e-6)
    # Stopping 1 short of contact (target separation 1): t = 3.5.
    hit = gjk.shape_cast(gjk.Circle(1.0), gjk.Circle(1.0), None, [10.0, 0.0],
                         velocity_b=[-2.0, 0.0], target_separation=1.0)
    assert hit.t == pytest.approx(3.5, abs=1e-9)
    assert not gjk.shape_cast(gjk.Circle(1.0), gjk.Circle(1.0), None, [10.0, 0.0],
                              velocity_b=[0.0, 2.0]).hit


def test_ellipse_support_is_exact():
    # An ellipse with semi-axes 3 and 1 is 1 from the point (0, 2) and 1 from (4, 0).
    ellipse = gjk.Ellipse(3.0, 1.0)
    assert gjk.distance(ellipse, gjk.Point([0.0, 2.0])).distance == pytest.approx(1.0, abs=1e-9)
    assert gjk.distance(ellipse, gjk.Point([4.0, 0.0])).distance == pytest.approx(1.0, abs=1e-9)


def test_segment_and_sizes():
    seg = gjk.Segment([0.0, 0.0], [4.0, 0.0])
    assert gjk.distance(seg, gjk.Point([2.0, 3.0])).distance == pytest.approx(3.0)
    seg3 = gjk.Segment([0.0, 0.0, 0.0], [0.0, 0.0, 4.0])
    assert gjk.distance(seg3, gjk.Ellipsoid(1, 1, 1), None, [3.0, 0.0, 2.0]).distance == pytest.approx(2.0)
    assert seg.dimension == 2 and seg3.dimension == 3


def test_cylinder_side_cap_and_rim():
    # Half height 1, radius 0.5: z in [-1, 1], the rim circles at z = +-1.
    cylinder = gjk.Cylinder(1.0, 0.5)
    # Beside it, off the axes: (3, 4, 0) is 5 from the axis, 5 - 0.5 from the side (a square
    # section would give another answer).
    r = gjk.distance(cylinder, gjk.Point([3.0, 4.0, 0.0]))
    assert r.distance == pytest.approx(4.5, abs=1e-12)
    np.testing.assert_allclose(r.point_a, [0.3, 0.4, 0.0], atol=1e-12)
    # Above the cap (a capsule of the same sizes would be 1.5 away).
    assert gjk.distance(cylinder, gjk.Point([0.0, 0.0, 3.0])).distance == pytest.approx(2.0, abs=1e-12)
    # Beyond the rim: the rim point (0.3, 0.4, 1) plus (1.8, 2.4, 4), of length 5.
    r = gjk.distance(cylinder, gjk.Point([2.1, 2.8, 5.0]))
    assert r.distance == pytest.approx(5.0, abs=1e-12)
    np.testing.assert_allclose(r.point_a, [0.3, 0.4, 1.0], atol=1e-12)
    assert cylinder.dimension == 3


def test_cone_apex_base_rim_and_side():
    # Half height 1, radius 1: the base disc at z = -1, the apex at (0, 0, 1); in the xz plane
    # the side runs from (1, -1) to (0, 1), its outward normal (2, 1) / sqrt(5).
    cone = gjk.Cone(1.0, 1.0)
    r = gjk.distance(cone, gjk.Point([0.0, 0.0, 3.0]))
    assert r.distance == pytest.approx(2.0, abs=1e-12)
    np.testing.assert_allclose(r.point_a, [0.0, 0.0, 1.0], atol=1e-12)
    # Under the base, off the axis (an upside-down cone would be further).
    r = gjk.distance(cone, gjk.Point([0.5, 0.0, -3.0]))
    assert r.distance == pytest.approx(2.0, abs=1e-12)
    np.testing.assert_allclose(r.point_a, [0.5, 0.0, -1.0], atol=1e-12)
    # Beyond the base's rim (1, 0, -1): (3, 0, -4) further, between the base's and the side's
    # normals.
    assert gjk.distance(cone, gjk.Point([4.0, 0.0, -5.0])).distance == pytest.approx(5.0, abs=1e-12)
    # Off the side's middle (0.5, 0, 0) along its normal by sqrt(5).
    r = gjk.distance(cone, gjk.Point([2.5, 0.0, 1.0]))
    assert r.distance == pytest.approx(math.sqrt(5.0), abs=1e-12)
    np.testing.assert_allclose(r.point_a, [0.5, 0.0, 0.0], atol=1e-12)


def test_rounded_shapes_are_their_core_grown_by_the_radius():
    box = gjk.Box(1, 1, 1)
    rounded = gjk.Rounded(box, 0.5)
    # The box is 3 from (4, 0, 0) and 3 from (3, 3, 2) (its corner (1, 1, 1) plus (2, 2, 1)).
    r = gjk.distance(rounded, gjk.Point([4.0, 0.0, 0.0]))
    assert r.distance == pytest.approx(2.5, abs=1e-12)
    np.testing.assert_allclose(r.point_a, [1.5, 0.0, 0.0], atol=1e-12)
    assert gjk.distance(rounded, gjk.Point([3.0, 3.0, 2.0])).distance == pytest.approx(2.5, abs=1e-12)
    # Radii add up; a rounded point is a disc; a rounded segment is a capsule.
    twice = gjk.Rounded(gjk.Rounded(box, 0.25), 0.25)
    assert gjk.distance(twice, gjk.Point([4.0, 0.0, 0.0])).distance == pytest.approx(2.5, abs=1e-12)
    disc = gjk.Rounded(gjk.Point([1.0, 2.0]), 1.0)
    assert disc.dimension == 2
    assert gjk.distance(disc, gjk.Point([4.0, 6.0])).distance == pytest.approx(4.0, abs=1e-12)
    capsule = gjk.Rounded(gjk.Segment([0.0, 0.0, -2.0], [0.0, 0.0, 2.0]), 0.5)
    assert gjk.distance(capsule, gjk.Point([0.0, 3.0, 0.0])).distance == pytest.approx(2.5, abs=1e-12)
    assert gjk.distance(capsule, gjk.Point([0.0, 0.0, 5.0])).distance == pytest.approx(2.5, abs=1e-12)
    # 2D: the unit square's corner (1, 1) is 5 from (4, 5).
    square = gjk.Rounded(gjk.Polygon(UNIT_SQUARE), 0.5)
    assert gjk.distance(square, gjk.Point([4.0, 5.0])).distance == pytest.approx(4.5, abs=1e-12)


def test_penetration_of_rounded_boxes():
    # The cores are 0.6 apart along x; grown by 0.5 each they overlap by 0.4.
    a = gjk.Rounded(gjk.Box(1, 1, 1), 0.5)
    r = gjk.penetration(a, a, None, [2.6, 0.0, 0.0])
    assert r.intersecting
    assert r.signed_distance == pytest.approx(-0.4, abs=1e-9)
    np.testing.assert_allclose(r.normal, [1.0, 0.0, 0.0], atol=1e-9)
    assert gjk.distance(a, a, None, [3.5, 0.0, 0.0]).distance == pytest.approx(0.5, abs=1e-12)
