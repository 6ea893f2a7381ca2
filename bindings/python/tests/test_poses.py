"""Rotation matrices must be rotations (issue #35): a scale, a reflection, a shear, a singular
or a non-finite matrix is refused, naming the argument and the index; a proper rotation gives
the same answers as the same rotation written as a quaternion or an angle."""

import numpy as np
import pytest

import gjk
from test_queries import rotation_matrix

BAD_2D = {
    "scale 2": (np.diag([2.0, 1.0]), "scales by 2, 1"),
    "uniform scale": (np.diag([3.0, 3.0]), "scales uniformly by 3"),
    "reflection": (np.diag([1.0, -1.0]), "determinant -1: a reflection"),
    "swap (reflection)": (np.array([[0.0, 1.0], [1.0, 0.0]]), "determinant -1: a reflection"),
    "shear": (np.array([[1.0, 0.5], [0.0, 1.0]]), "a scale or a shear"),
    "zero": (np.zeros((2, 2)), "singular"),
    "nan": (np.array([[np.nan, 0.0], [0.0, 1.0]]), "non-finite"),
    "inf": (np.array([[1.0, 0.0], [0.0, np.inf]]), "non-finite"),
    "almost (2e-6 off)": (np.diag([1.0 + 2e-6, 1.0]), "not orthonormal"),
}
BAD_3D = {
    "scale 2": (np.diag([2.0, 1.0, 1.0]), "scales by 2, 1, 1"),
    "uniform scale 3": (np.diag([3.0, 3.0, 3.0]), "scales uniformly by 3"),
    "reflection": (np.diag([1.0, 1.0, -1.0]), "determinant -1: a reflection"),
    "inversion": (-np.eye(3), "determinant -1: a reflection"),
    "shear": (np.array([[1.0, 0.0, 0.3], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]), "a scale or a shear"),
    "zero": (np.zeros((3, 3)), "singular"),
    "nan": (np.full((3, 3), np.nan), "non-finite"),
}


def homogeneous(rotation, translation=None):
    d = rotation.shape[0]
    m = np.eye(d + 1)
    m[:d, :d] = rotation
    if translation is not None:
        m[:d, d] = translation
    return m


@pytest.mark.parametrize("name", BAD_2D)
def test_bad_2d_rotations_are_refused_everywhere(name):
    r, reason = BAD_2D[name]
    with pytest.raises(ValueError, match=f"^rotation .*{reason}"):
        gjk.Pose([0.0, 0.0], r)
    with pytest.raises(ValueError, match=f"^the rotation part .* of matrix .*{reason}"):
        gjk.Pose.from_matrix(homogeneous(r))
    batch = np.tile(np.eye(2), (5, 1, 1))
    batch[3] = r
    with pytest.raises(ValueError, match=rf"^rotations\[3\] .*{reason}"):
        gjk.poses(np.zeros((5, 2)), batch)
    with pytest.raises(ValueError, match=rf"^rotations\[3\] .*{reason}"):
        gjk.quaternions_from_matrices(batch)
    with pytest.raises(ValueError, match=rf"of matrices\[3\] .*{reason}"):
        gjk.poses_from_matrices(np.stack([homogeneous(m) for m in batch]))


@pytest.mark.parametrize("name", BAD_3D)
def test_bad_3d_rotations_are_refused_everywhere(name):
    r, reason = BAD_3D[name]
    with pytest.raises(ValueError, match=f"^rotation .*{reason}"):
        gjk.Pose([0.0, 0.0, 0.0], r)
    with pytest.raises(ValueError, match=f"{reason}"):
        gjk.Pose.from_matrix(homogeneous(r, [1.0, 2.0, 3.0]))
    batch = np.tile(np.eye(3), (4, 1, 1))
    batch[2] = r
    with pytest.raises(ValueError, match=rf"^rotations\[2\] .*{reason}"):
        gjk.poses(np.zeros((4, 3)), batch)
    with pytest.raises(ValueError, match=rf"of matrices\[2\] .*{reason}"):
        gjk.poses_from_matrices(np.stack([homogeneous(m) for m in batch]))


def test_the_issue_examples():
    # diag(2, 1) used to be taken as the identity: the rectangle then seemed 1.0 from the disc.
    with pytest.raises(gjk.InvalidArgumentError, match="scales by 2, 1"):
        gjk.distance(gjk.Rectangle(1, 0.1), gjk.Circle(0.5), gjk.Pose([0, 0], np.diag([2.0, 1])),
                     [2.5, 0])
    # trimesh transforms may carry a scale: refused, not silently dropped.
    with pytest.raises(ValueError, match="scales uniformly by 3"):
        gjk.Pose.from_matrix(np.diag([3.0, 3, 3, 1]))
    # A quaternion that is not a unit one is refused in Python, naming the argument, instead
    # of being normalised first.
    with pytest.raises(gjk.InvalidArgumentError, match="^rotation is a quaternion .* norm 2"):
        gjk.Pose([0.0, 0, 0], [0, 0, 0, 2.0])
    with pytest.raises(ValueError, match=r"^rotations\[1\] is a quaternion .* norm 1.01"):
        gjk.poses(np.zeros((3, 3)), [[0, 0, 0, 1.0], [0, 0, 0, 1.01], [0, 0, 0, 1.0]])
    gjk.Pose([0.0, 0, 0], [0, 0, 0, 1.0009])  # within 1e-3: accepted (the library normalises)


def test_homogeneous_bottom_row_must_be_0_0_0_1():
    m = np.eye(4)
    m[3, 3] = 2.0
    with pytest.raises(ValueError, match=r"^matrix has bottom row \[0.0, 0.0, 0.0, 2.0\].*projective"):
        gjk.Pose.from_matrix(m)
    m = np.tile(np.eye(3), (3, 1, 1))
    m[1, 2, 0] = 0.5
    with pytest.raises(ValueError, match=r"^matrices\[1\] has bottom row"):
        gjk.poses_from_matrices(m)


def test_rotations_within_the_tolerance_are_accepted():
    # Rounding of a few units in the last place (and up to 1e-6 in R^T R - I) is fine.
    r = np.diag([1.0 + 4e-7, 1.0, 1.0])
    gjk.Pose([0.0, 0, 0], r)
    gjk.Pose.from_matrix(homogeneous(r))


def test_proper_rotations_equal_their_quaternions_3d():
    rng = np.random.default_rng(35)
    hull = gjk.Polytope(rng.normal(size=(20, 3)))
    box = gjk.Box(1.0, 0.5, 0.25)
    qs = rng.normal(size=(50, 4))
    qs /= np.linalg.norm(qs, axis=1, keepdims=True)
    ts = rng.uniform(-4, 4, size=(50, 3))
    for q, t in zip(qs, ts):
        r = rotation_matrix(q)
        from_matrix = gjk.quaternions_from_matrices(r)
        np.testing.assert_allclose(from_matrix * np.sign(from_matrix @ q), q, rtol=0, atol=1e-15)
        by_matrix = gjk.distance(hull, box, gjk.Pose(t, r), [3.0, 0, 0])
        by_quaternion = gjk.distance(hull, box, gjk.Pose(t, q), [3.0, 0, 0])
        by_transform = gjk.distance(hull, box, gjk.Pose.from_matrix(homogeneous(r, t)), [3.0, 0, 0])
        # The matrix goes through a quaternion equal to q within rounding (1e-15): the
        # distances agree within a few units in the last place, the matrix paths bit for bit.
        assert by_matrix.distance == pytest.approx(by_quaternion.distance, rel=1e-14, abs=1e-14)
        assert by_matrix.distance == by_transform.distance
        assert np.array_equal(by_matrix.point_a, by_transform.point_a)
        exact = gjk.distance(hull, box, gjk.Pose(t, from_matrix), [3.0, 0, 0])
        assert exact.distance == by_matrix.distance
        assert np.array_equal(exact.point_a, by_matrix.point_a)
    batch = gjk.poses_from_matrices(
        np.stack([homogeneous(rotation_matrix(q), t) for q, t in zip(qs, ts)]))
    direct = gjk.poses(ts, qs)
    signs = np.sign(np.sum(batch[:, 3:] * qs, axis=1, keepdims=True))
    np.testing.assert_array_equal(batch[:, :3], direct[:, :3])
    np.testing.assert_allclose(batch[:, 3:] * signs, direct[:, 3:], rtol=0, atol=1e-15)


def test_proper_rotations_equal_their_angles_2d():
    rng = np.random.default_rng(36)
    polygon = gjk.Polygon(rng.normal(size=(8, 2)))
    rectangle = gjk.Rectangle(1.0, 0.5)
    for angle, t in zip(rng.uniform(-np.pi, np.pi, 50), rng.uniform(-4, 4, size=(50, 2))):
        c, s = np.cos(angle), np.sin(angle)
        r = np.array([[c, -s], [s, c]])
        q = gjk.quaternions_from_angles(angle)
        np.testing.assert_allclose(gjk.quaternions_from_matrices(r), q, rtol=0, atol=1e-15)
        by_matrix = gjk.distance(polygon, rectangle, gjk.Pose(t, r), [3.0, 0]).distance
        by_transform = gjk.distance(polygon, rectangle, gjk.Pose.from_matrix(homogeneous(r, t)),
                                    [3.0, 0]).distance
        by_angle = gjk.distance(polygon, rectangle, gjk.Pose(t, angle), [3.0, 0]).distance
        by_quaternion = gjk.distance(polygon, rectangle, gjk.Pose(t, q), [3.0, 0]).distance
        assert by_angle == by_quaternion
        assert by_matrix == by_transform
        assert by_matrix == pytest.approx(by_angle, rel=1e-14, abs=1e-14)


def test_readme_recipes_for_scaled_transforms():
    rng = np.random.default_rng(37)
    vertices = rng.normal(size=(30, 3))
    q = rng.normal(size=4)
    q /= np.linalg.norm(q)
    t = np.array([1.0, -2.0, 0.5])
    other = gjk.Sphere(0.3)
    for linear in (rotation_matrix(q) @ np.diag([2.0, 0.5, 3.0]),  # rotation times scale
                   np.diag([2.0, 0.5, 3.0]) @ rotation_matrix(q)):  # scale after rotation
        T = homogeneous(linear, t)
        with pytest.raises(ValueError, match="not orthonormal"):
            gjk.Pose.from_matrix(T)
        truth = gjk.Polytope(vertices @ linear.T + t)  # the transformed points themselves
        expected = gjk.distance(truth, other, None, [4.0, 1.0, 0.0]).distance
        u, s, vt = np.linalg.svd(T[:3, :3])
        polar = gjk.distance(gjk.Polytope(vertices @ (vt.T * s @ vt)), other,
                             gjk.Pose(T[:3, 3], u @ vt), [4.0, 1.0, 0.0]).distance
        assert polar == pytest.approx(expected, rel=1e-12)
    # The three lines of the README, for a rotation times a scale.
    T = homogeneous(rotation_matrix(q) @ np.diag([2.0, 0.5, 3.0]), t)
    scale = np.linalg.norm(T[:3, :3], axis=0)
    shape = gjk.Polytope(vertices * scale)
    pose = gjk.Pose(T[:3, 3], T[:3, :3] / scale)
    truth = gjk.Polytope(vertices @ T[:3, :3].T + t)
    assert gjk.distance(shape, other, pose, [4.0, 1.0, 0.0]).distance == pytest.approx(
        gjk.distance(truth, other, None, [4.0, 1.0, 0.0]).distance, rel=1e-12)
