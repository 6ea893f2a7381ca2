"""Poses: a translation and a rotation, in the layout of the C struct GjkPose
(position x, y, z, then the unit quaternion x, y, z, w)."""

from __future__ import annotations

from typing import Optional, Sequence, Union

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._checks import index_name, invalid, real, vector
from ._native import ffi

#: One pose is 7 doubles, as GjkPose: position[3], rotation[4] (x, y, z, w).
POSE_SIZE = 7
assert ffi.sizeof("GjkPose") == POSE_SIZE * 8


#: A rotation matrix R is accepted when every entry of R^T R - I is within this of 0 (absolute:
#: rotations have unit scale) and det R > 0. The bottom row of a homogeneous transform must be
#: [0 ... 0 1] within the same tolerance.
ORTHONORMAL_TOLERANCE = 1e-6
#: A quaternion given directly is accepted when its norm is within this of 1 (the library's
#: own bound; the library then normalises it).
QUATERNION_NORM_TOLERANCE = 1e-3


def _first_bad(bad: NDArray[np.bool_]) -> int:
    return int(np.flatnonzero(bad)[0])


def check_rotation_matrices(m: NDArray[np.float64], what: str) -> None:
    """Refuses (``InvalidArgumentError``, a ``ValueError``) the first matrix of ``m`` (..., d, d)
    that is not a rotation: a non-finite entry, not orthonormal within ORTHONORMAL_TOLERANCE
    (a scale, uniform or not, a shear, a singular matrix), or determinant -1 (a reflection)."""
    d = m.shape[-1]
    lead = m.shape[:-2]
    flat = m.reshape((-1, d, d))
    finite = np.isfinite(flat).all(axis=(1, 2))
    if not finite.all():
        k = _first_bad(~finite)
        raise invalid(f"{index_name(what, lead, k)} is not a rotation matrix: it has a "
                      f"non-finite entry ({flat[k].tolist()})")
    with np.errstate(over="ignore", invalid="ignore"):
        deviation = np.abs(np.swapaxes(flat, 1, 2) @ flat - np.eye(d)).max(axis=(1, 2), initial=0.0)
    bad = ~(deviation <= ORTHONORMAL_TOLERANCE)
    if bad.any():
        k = _first_bad(bad)
        scales = np.linalg.svd(flat[k], compute_uv=False)
        listed = ", ".join(f"{s:.6g}" for s in scales)
        if scales[-1] <= ORTHONORMAL_TOLERANCE:
            how = f"it is singular (it scales by {listed} along its principal axes)"
        elif scales[0] - scales[-1] <= ORTHONORMAL_TOLERANCE * scales[0]:
            how = f"it scales uniformly by {scales[0]:.6g}"
        else:
            how = f"it scales by {listed} along its principal axes (a scale or a shear)"
        raise invalid(
            f"{index_name(what, lead, k)} is not orthonormal: {how}; max |R^T R - I| = "
            f"{deviation[k]:.3g} > {ORTHONORMAL_TOLERANCE:g}. A pose is rigid: put a scale in "
            "the shape (scaled points, radius, half sizes), not in the pose")
    determinants = np.linalg.det(flat)
    bad = ~(determinants > 0)
    if bad.any():
        k = _first_bad(bad)
        raise invalid(f"{index_name(what, lead, k)} has determinant {determinants[k]:.6g}: a "
                      "reflection, not a rotation")


def check_quaternions(q: NDArray[np.float64], what: str) -> None:
    """Refuses the first quaternion of ``q`` (..., 4) whose norm is not within
    QUATERNION_NORM_TOLERANCE of 1 (or is NaN)."""
    norms = np.linalg.norm(q, axis=-1)
    bad = ~(np.abs(norms - 1.0) <= QUATERNION_NORM_TOLERANCE)
    if bad.any():
        k = _first_bad(bad)
        raise invalid(f"{index_name(what, q.shape[:-1], k)} is a quaternion {q.reshape(-1, 4)[k].tolist()} "
                      f"of norm {norms.reshape(-1)[k]:.6g}: a rotation quaternion (x, y, z, w) "
                      f"has norm 1 within {QUATERNION_NORM_TOLERANCE:g} (None is the identity)")


def quaternions_from_matrices(rotations: ArrayLike, *, what: str = "rotations") -> NDArray[np.float64]:
    """Unit quaternions (x, y, z, w) of rotation matrices: (..., 3, 3) for 3D, (..., 2, 2)
    for 2D (a turn about z). Vectorised. Each matrix must be a rotation: orthonormal (every
    entry of R^T R - I within 1e-6 of 0) with determinant +1; a scale (even uniform), a shear,
    a reflection, a singular or a non-finite matrix raises ``InvalidArgumentError`` (a
    ``ValueError``) naming the first bad matrix."""
    m = real(rotations, what)
    if m.ndim < 2 or m.shape[-2:] not in ((2, 2), (3, 3)):
        raise ValueError(f"{what}: a rotation matrix is 2x2 or 3x3, not shape {m.shape}")
    check_rotation_matrices(m, what)
    if m.shape[-2:] == (2, 2):
        angle = np.arctan2(m[..., 1, 0], m[..., 0, 0])
        return quaternions_from_angles(angle)
    m00, m01, m02 = m[..., 0, 0], m[..., 0, 1], m[..., 0, 2]
    m10, m11, m12 = m[..., 1, 0], m[..., 1, 1], m[..., 1, 2]
    m20, m21, m22 = m[..., 2, 0], m[..., 2, 1], m[..., 2, 2]
    # Shepperd's method: four expressions of 4 * p * (x, y, z, w), one per choice of the pivot
    # p among w, x, y, z; the one with the largest pivot is the well-conditioned one.
    candidates = np.stack([
        np.stack([m21 - m12, m02 - m20, m10 - m01, 1 + m00 + m11 + m22], -1),
        np.stack([1 + m00 - m11 - m22, m01 + m10, m02 + m20, m21 - m12], -1),
        np.stack([m01 + m10, 1 - m00 + m11 - m22, m12 + m21, m02 - m20], -1),
        np.stack([m02 + m20, m12 + m21, 1 - m00 - m11 + m22, m10 - m01], -1),
    ], -2)
    pivots = np.stack([candidates[..., 0, 3], candidates[..., 1, 0],
                       candidates[..., 2, 1], candidates[..., 3, 2]], -1)
    pick = np.argmax(pivots, axis=-1)
    q = np.take_along_axis(candidates, pick[..., None, None], -2)[..., 0, :]
    return q / np.linalg.norm(q, axis=-1, keepdims=True)


def quaternions_from_angles(angles: ArrayLike) -> NDArray[np.float64]:
    """Quaternions (x, y, z, w) of counter-clockwise turns about z by ``angles`` radians."""
    half = 0.5 * real(angles, "angles")
    q = np.zeros(half.shape + (4,))
    q[..., 2] = np.sin(half)
    q[..., 3] = np.cos(half)
    return q


def _rotation_quaternions(rotation: Optional[ArrayLike], count_shape: tuple,
                          what: str) -> NDArray[np.float64]:
    """Quaternions from an angle (scalar per pose), a quaternion (4 per pose) or a rotation
    matrix (2x2 or 3x3 per pose); None is the identity."""
    if rotation is None:
        q = np.zeros(count_shape + (4,))
        q[..., 3] = 1.0
        return q
    r = real(rotation, what)
    if r.shape == count_shape:
        return quaternions_from_angles(r)
    if r.shape == count_shape + (4,):
        check_quaternions(r, what)
        return r
    if r.shape in (count_shape + (2, 2), count_shape + (3, 3)):
        return quaternions_from_matrices(r, what=what)
    raise ValueError(
        f"{what} of shape {r.shape}: expected an angle, a quaternion (x, y, z, w) or a "
        "2x2 / 3x3 rotation matrix per pose"
    )


def poses(translations: ArrayLike, rotations: Optional[ArrayLike] = None) -> NDArray[np.float64]:
    """An (N, 7) array of poses, the layout batch calls take: ``translations`` (N, 2) or
    (N, 3); ``rotations`` None (identity), (N,) angles about z in radians, (N, 4) quaternions
    (x, y, z, w; norm 1 within 1e-3), or (N, 2, 2) / (N, 3, 3) rotation matrices (orthonormal
    within 1e-6, determinant +1: see ``quaternions_from_matrices``)."""
    t = real(translations, "translations")
    if t.ndim != 2 or t.shape[1] not in (2, 3):
        raise ValueError(f"translations must be (N, 2) or (N, 3), not {t.shape}")
    out = np.zeros((t.shape[0], POSE_SIZE))
    out[:, : t.shape[1]] = t
    out[:, 3:] = _rotation_quaternions(rotations, (t.shape[0],), "rotations")
    return out


def _split_transforms(m: NDArray[np.float64], what: str):
    """Translations and rotation parts of homogeneous transforms (..., d+1, d+1), refusing a
    bottom row other than [0 ... 0 1] (a projective part) and a rotation part that is not a
    rotation."""
    d = m.shape[-1] - 1
    lead = m.shape[:-2]
    bottom = m[..., d, :].reshape(-1, d + 1)
    expected = np.eye(d + 1)[d]
    bad = ~(np.abs(bottom - expected) <= ORTHONORMAL_TOLERANCE).all(axis=1)
    if bad.any():
        k = _first_bad(bad)
        raise invalid(f"{index_name(what, lead, k)} has bottom row {bottom[k].tolist()}, not "
                      f"{expected.tolist()}: a projective transform, not a rigid one")
    return m[..., :d, d], m[..., :d, :d], f"the rotation part (upper-left {d}x{d}) of {what}"


def poses_from_matrices(matrices: ArrayLike) -> NDArray[np.float64]:
    """An (N, 7) array of poses from homogeneous transforms: (N, 4, 4) in 3D, (N, 3, 3) in 2D.
    Each must be rigid: bottom row [0 ... 0 1], rotation part a rotation (orthonormal within
    1e-6, determinant +1); a scaled transform raises ``InvalidArgumentError`` naming the index."""
    m = real(matrices, "matrices")
    if m.ndim != 3 or m.shape[1:] not in ((3, 3), (4, 4)):
        raise ValueError(f"matrices must be (N, 3, 3) (2D) or (N, 4, 4) (3D), not {m.shape}")
    t, r, what = _split_transforms(m, "matrices")
    out = np.zeros((m.shape[0], POSE_SIZE))
    out[:, : t.shape[1]] = t
    out[:, 3:] = quaternions_from_matrices(r, what=what)
    return out


class Pose:
    """A rigid placement: a translation (2 or 3 numbers) and a rotation.

    ``rotation`` may be None (identity), an angle in radians (2D, counter-clockwise about z),
    a unit quaternion (x, y, z, w; its norm must be within 1e-3 of 1), or a 2x2 / 3x3
    rotation matrix (orthonormal: every entry of R^T R - I within 1e-6 of 0, determinant +1;
    a scale, shear or reflection raises ``InvalidArgumentError``, a ``ValueError``).
    ``Pose.from_matrix`` takes a 3x3 (2D) or 4x4 (3D) homogeneous transform, rigid likewise.

    A pose with 2 translation components places 2D shapes only, one with 3 places 3D shapes
    only (a z is never dropped nor made up); ``Pose()`` / ``Pose(None, rotation)`` (no
    translation) place either."""

    __slots__ = ("_values", "_dimension", "_c")

    def __init__(self, translation: Optional[ArrayLike] = None,
                 rotation: Union[None, float, ArrayLike] = None):
        self._values = np.zeros(POSE_SIZE)
        self._dimension = None
        if translation is not None:
            t = real(translation, "translation")
            if t.shape not in ((2,), (3,)):
                raise ValueError(f"translation: 2 or 3 components, not shape {t.shape}")
            self._values[: t.shape[0]] = t
            self._dimension = t.shape[0]
        self._values[3:] = _rotation_quaternions(rotation, (), "rotation")
        self._c = None

    @classmethod
    def from_matrix(cls, matrix: ArrayLike) -> "Pose":
        """The pose of a rigid homogeneous transform: 3x3 in 2D, 4x4 in 3D. The bottom row must
        be [0 ... 0 1] and the rotation part a rotation (see the class): a transform carrying a
        scale (trimesh's can) raises; scale the shape instead."""
        m = real(matrix, "matrix")
        if m.shape not in ((3, 3), (4, 4)):
            raise ValueError(f"matrix: 3x3 (2D) or 4x4 (3D), not shape {m.shape}")
        t, r, what = _split_transforms(m, "matrix")
        pose = cls(t, None)
        pose._values[3:] = quaternions_from_matrices(r, what=what)
        return pose

    @classmethod
    def identity(cls) -> "Pose":
        return cls()

    @property
    def translation(self) -> NDArray[np.float64]:
        """Position x, y, z (z = 0 for a 2D pose)."""
        return self._values[:3].copy()

    @property
    def quaternion(self) -> NDArray[np.float64]:
        """Rotation as a quaternion x, y, z, w."""
        return self._values[3:].copy()

    def as_array(self) -> NDArray[np.float64]:
        """The 7 doubles of GjkPose."""
        return self._values.copy()

    def _as_c(self):
        """A GjkPose owned by this object (the library validates it at each call)."""
        if self._c is None:
            self._c = ffi.new("GjkPose *")
            ffi.memmove(self._c, self._values.tobytes(), POSE_SIZE * 8)
        return self._c

    def __reduce__(self):
        # Pickling and copying: the 7 numbers and the dimension, bit for bit.
        return (_pose_from_values, (self._values.tolist(), self._dimension))

    def __eq__(self, other) -> bool:
        if not isinstance(other, Pose):
            return NotImplemented
        return self._dimension == other._dimension and bool(
            np.array_equal(self._values, other._values))

    def __hash__(self) -> int:
        return hash((self._dimension, self._values.tobytes()))

    def __repr__(self) -> str:
        return f"Pose(translation={self._values[:3].tolist()}, quaternion={self._values[3:].tolist()})"


def _pose_from_values(values: Sequence[float], dimension: Optional[int]) -> Pose:
    """The pose of a pickle: its 7 numbers and dimension as they were (already checked)."""
    pose = Pose()
    pose._values = np.array(values, dtype=np.float64)
    pose._dimension = dimension
    return pose


PoseLike = Union[Pose, None, Sequence[float], NDArray[np.floating]]


def _same_dimension(pose: Pose, dimension: int, what: str) -> None:
    if pose._dimension not in (None, dimension):
        raise ValueError(f"{what} is a {pose._dimension}D pose (a translation of "
                         f"{pose._dimension} components) but the shape is {dimension}D")


def c_pose(pose: PoseLike, dimension: int, what: str):
    """A ``GjkPose *`` for a Pose, NULL for None (identity), or a translation alone, for a
    shape of ``dimension``; errors name the argument ``what``."""
    if pose is None:
        return ffi.NULL
    if not isinstance(pose, Pose):
        pose = Pose(vector(pose, dimension, what))
    _same_dimension(pose, dimension, what)
    return pose._as_c()


def pose_array(value, count: int, dimension: int, what: str) -> Optional[NDArray[np.float64]]:
    """An (N, 7) C-contiguous float64 array of poses for a batch call of ``count`` pairs of
    shapes of ``dimension``: from an (N, 7) array (checked by the library, pair by pair), a
    sequence of Pose, a single Pose (repeated) or None."""
    if value is None:
        return None
    if isinstance(value, Pose):
        _same_dimension(value, dimension, what)
        return np.ascontiguousarray(np.broadcast_to(value._values, (count, POSE_SIZE)))
    if isinstance(value, (list, tuple)) and value and any(isinstance(p, Pose) for p in value):
        for k, p in enumerate(value):
            if not isinstance(p, Pose):
                raise TypeError(f"{what}[{k}]: expected a Pose like the others, got "
                                f"{type(p).__name__}")
            _same_dimension(p, dimension, f"{what}[{k}]")
        array = np.stack([p._values for p in value])
    else:
        array = np.ascontiguousarray(real(value, what))
    if array.shape != (count, POSE_SIZE):
        raise ValueError(
            f"{what} must be ({count}, 7) (see gjk.poses), or a list of {count} Pose, "
            f"not {array.shape}"
        )
    return array
