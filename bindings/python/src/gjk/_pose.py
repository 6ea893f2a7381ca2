"""Poses: a translation and a rotation, in the layout of the C struct GjkPose
(position x, y, z, then the unit quaternion x, y, z, w)."""

from __future__ import annotations

from typing import Optional, Sequence, Union

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._native import ffi

#: One pose is 7 doubles, as GjkPose: position[3], rotation[4] (x, y, z, w).
POSE_SIZE = 7
assert ffi.sizeof("GjkPose") == POSE_SIZE * 8


def _real(values: ArrayLike, what: str) -> NDArray[np.float64]:
    """``values`` as float64, refusing what is not a real number (complex, text, objects)."""
    array = np.asarray(values)
    if array.dtype == np.bool_ or not (
        np.issubdtype(array.dtype, np.floating) or np.issubdtype(array.dtype, np.integer)
    ):
        raise TypeError(f"{what}: expected real numbers, got dtype {array.dtype}")
    return array.astype(np.float64, copy=False)


def quaternions_from_matrices(rotations: ArrayLike) -> NDArray[np.float64]:
    """Unit quaternions (x, y, z, w) of rotation matrices: (..., 3, 3) for 3D, (..., 2, 2)
    for 2D (a turn about z). Vectorised; the matrices are assumed orthonormal (the library
    refuses a quaternion whose norm is not within 1e-3 of 1)."""
    m = _real(rotations, "rotation matrix")
    if m.shape[-2:] == (2, 2):
        angle = np.arctan2(m[..., 1, 0], m[..., 0, 0])
        return quaternions_from_angles(angle)
    if m.shape[-2:] != (3, 3):
        raise ValueError(f"a rotation matrix is 2x2 or 3x3, not {m.shape[-2:]}")
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
    half = 0.5 * _real(angles, "angle")
    q = np.zeros(half.shape + (4,))
    q[..., 2] = np.sin(half)
    q[..., 3] = np.cos(half)
    return q


def _rotation_quaternions(rotation: Optional[ArrayLike], count_shape: tuple) -> NDArray[np.float64]:
    """Quaternions from an angle (scalar per pose), a quaternion (4 per pose) or a rotation
    matrix (2x2 or 3x3 per pose); None is the identity."""
    if rotation is None:
        q = np.zeros(count_shape + (4,))
        q[..., 3] = 1.0
        return q
    r = _real(rotation, "rotation")
    if r.shape == count_shape:
        return quaternions_from_angles(r)
    if r.shape == count_shape + (4,):
        return r
    if r.shape in (count_shape + (2, 2), count_shape + (3, 3)):
        return quaternions_from_matrices(r)
    raise ValueError(
        f"rotation of shape {r.shape}: expected an angle, a quaternion (x, y, z, w) or a "
        "2x2 / 3x3 rotation matrix per pose"
    )


def poses(translations: ArrayLike, rotations: Optional[ArrayLike] = None) -> NDArray[np.float64]:
    """An (N, 7) array of poses, the layout batch calls take: ``translations`` (N, 2) or
    (N, 3); ``rotations`` None (identity), (N,) angles about z in radians, (N, 4) quaternions
    (x, y, z, w), or (N, 2, 2) / (N, 3, 3) rotation matrices."""
    t = _real(translations, "translation")
    if t.ndim != 2 or t.shape[1] not in (2, 3):
        raise ValueError(f"translations must be (N, 2) or (N, 3), not {t.shape}")
    out = np.zeros((t.shape[0], POSE_SIZE))
    out[:, : t.shape[1]] = t
    out[:, 3:] = _rotation_quaternions(rotations, (t.shape[0],))
    return out


def poses_from_matrices(matrices: ArrayLike) -> NDArray[np.float64]:
    """An (N, 7) array of poses from homogeneous transforms: (N, 4, 4) in 3D, (N, 3, 3) in 2D."""
    m = _real(matrices, "matrix")
    if m.ndim != 3 or m.shape[1:] not in ((3, 3), (4, 4)):
        raise ValueError(f"matrices must be (N, 3, 3) (2D) or (N, 4, 4) (3D), not {m.shape}")
    d = m.shape[1] - 1
    return poses(m[:, :d, d], m[:, :d, :d])


class Pose:
    """A rigid placement: a translation (2 or 3 numbers) and a rotation.

    ``rotation`` may be None (identity), an angle in radians (2D, counter-clockwise about z),
    a unit quaternion (x, y, z, w), or a 2x2 / 3x3 rotation matrix. ``Pose.from_matrix``
    takes a 3x3 (2D) or 4x4 (3D) homogeneous transform."""

    __slots__ = ("_values", "_c")

    def __init__(self, translation: ArrayLike = (0.0, 0.0, 0.0),
                 rotation: Union[None, float, ArrayLike] = None):
        t = _real(translation, "translation")
        if t.shape not in ((2,), (3,)):
            raise ValueError(f"a translation has 2 or 3 components, not shape {t.shape}")
        r = None if rotation is None else _real(rotation, "rotation")[None]
        self._values = poses(t[None], r)[0]
        self._c = None

    @classmethod
    def from_matrix(cls, matrix: ArrayLike) -> "Pose":
        """The pose of a homogeneous transform: 3x3 in 2D, 4x4 in 3D."""
        pose = cls.__new__(cls)
        pose._values = poses_from_matrices(_real(matrix, "matrix")[None])[0]
        pose._c = None
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

    def __repr__(self) -> str:
        return f"Pose(translation={self._values[:3].tolist()}, quaternion={self._values[3:].tolist()})"


PoseLike = Union[Pose, None, Sequence[float], NDArray[np.floating]]


def c_pose(pose: PoseLike):
    """A ``GjkPose *`` for a Pose, NULL for None (identity), or a translation alone."""
    if pose is None:
        return ffi.NULL
    if not isinstance(pose, Pose):
        pose = Pose(pose)
    return pose._as_c()


def pose_array(value, count: int) -> Optional[NDArray[np.float64]]:
    """An (N, 7) C-contiguous float64 array of poses for a batch call of ``count`` pairs:
    from an (N, 7) array, a sequence of Pose, a single Pose (repeated) or None."""
    if value is None:
        return None
    if isinstance(value, Pose):
        return np.ascontiguousarray(np.broadcast_to(value._values, (count, POSE_SIZE)))
    if isinstance(value, (list, tuple)) and value and isinstance(value[0], Pose):
        array = np.stack([p._values for p in value])
    else:
        array = np.ascontiguousarray(_real(value, "poses"))
    if array.shape != (count, POSE_SIZE):
        raise ValueError(
            f"poses must be ({count}, 7) (see gjk.poses), or a list of {count} Pose, "
            f"not {array.shape}"
        )
    return array
