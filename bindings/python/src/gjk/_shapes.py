"""Shapes: each object owns one GjkShape handle, freed with the object."""

from __future__ import annotations

from typing import Optional

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._errors import check
from ._native import ffi, lib
from ._checks import invalid, number, real
from ._pose import PoseLike, c_pose


class Shape:
    """A convex shape in its local frame (2D or 3D), immutable; place it with a Pose at query
    time. The native handle is freed when the object is garbage collected.

    A shape is its constructor's arguments, which it keeps (read them back by name: ``radius``,
    ``points``, ...): it pickles, copies and deep-copies as them (a copy is a new shape made from
    the same arguments, so shapes travel to other processes: multiprocessing, concurrent.futures,
    joblib, Dask), and two shapes of one class made from equal arguments are equal, with equal
    hashes."""

    __slots__ = ("_ptr", "_address", "_dimension", "_args", "__weakref__")

    def __new__(cls, *args, **kwargs):
        raise TypeError("use a shape class: Polygon, Polytope, Circle, Sphere, ...")

    def __init__(self, *args, **kwargs):
        pass  # everything happens in the subclasses' __new__

    @classmethod
    def _adopt(cls, make, context: str, args: tuple) -> "Shape":
        """Calls ``make(out)`` (a gjk_*_new call), raising on failure (the library's message
        after ``context``, the Python arguments), and wraps the handle; ``args`` are the
        constructor's arguments as checked (arrays read-only), what the shape reduces to."""
        out = ffi.new("GjkShape **")
        check(make(out), context)
        shape = object.__new__(cls)
        shape._ptr = ffi.gc(out[0], lib.gjk_shape_free)
        # The handle as an integer, for batches to gather without a cffi call per shape.
        shape._address = int(ffi.cast("uintptr_t", out[0]))
        shape._dimension = int(lib.gjk_shape_dimension(out[0]))
        shape._args = args
        return shape

    @property
    def dimension(self) -> int:
        """2 or 3."""
        return self._dimension

    def __reduce__(self):
        # Pickling and copy.copy / copy.deepcopy: the class called on the arguments again.
        return (type(self), self._args)

    def __eq__(self, other) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return len(self._args) == len(other._args) and all(
            _same_argument(x, y) for x, y in zip(self._args, other._args))

    def __hash__(self) -> int:
        return hash((type(self),) + tuple(
            (x.shape, x.tobytes()) if isinstance(x, np.ndarray) else x for x in self._args))

    def __repr__(self) -> str:
        shown = ", ".join(
            f"<{x.shape[0]} points>" if isinstance(x, np.ndarray) and x.ndim == 2
            else repr(x.tolist()) if isinstance(x, np.ndarray) else repr(x)
            for x in self._args)
        return f"gjk.{type(self).__name__}({shown})"

    def aabb(self, pose: PoseLike = None) -> tuple:
        """The axis-aligned bounding box of the shape placed by ``pose`` (None: identity; or a
        translation alone) as ``(min, max)``, arrays of ``dimension`` numbers: on each axis
        the coordinates of the shape's support points along it and against it
        (``gjk_shape_aabb``)."""
        low, high = ffi.new("double[3]"), ffi.new("double[3]")
        check(lib.gjk_shape_aabb(self._ptr, c_pose(pose, self._dimension, "pose"), low, high))
        d = self._dimension
        return np.array(ffi.unpack(low, d)), np.array(ffi.unpack(high, d))


def _same_argument(x, y) -> bool:
    """Whether two constructor arguments are equal: arrays by shape and values."""
    if isinstance(x, np.ndarray) or isinstance(y, np.ndarray):
        return (isinstance(x, np.ndarray) and isinstance(y, np.ndarray)
                and x.shape == y.shape and bool(np.array_equal(x, y)))
    return bool(x == y)


def _kept(array: NDArray[np.float64]) -> NDArray[np.float64]:
    """A read-only float64 copy of a checked argument, for the shape to keep."""
    kept = np.array(array, dtype=np.float64)
    kept.flags.writeable = False
    return kept


def _parameter(index: int, doc: str) -> property:
    """A read-only attribute: the constructor's argument at ``index``."""
    return property(lambda self: self._args[index], doc=doc)


def _points(points: ArrayLike, columns: int, what: str) -> NDArray[np.float64]:
    array = np.ascontiguousarray(real(points, what))
    if array.ndim != 2 or array.shape[1] != columns:
        raise ValueError(f"{what}: expected an (n, {columns}) array of points, got {array.shape}")
    if array.shape[0] == 0:
        raise invalid(f"{what}: no points (shape {array.shape}); a hull needs at least one")
    return array


def _size(value: float, what: str) -> float:
    """A size (radius, half length, ...): one finite number, 0 or more."""
    size = number(value, what)
    if not 0.0 <= size < np.inf:
        raise invalid(f"{what} is {size}: a size must be a finite number, 0 or more")
    return size


class Polygon(Shape):
    """The convex hull of 2D points, an (n, 2) array of any real dtype (any order; duplicates,
    interior and collinear points are fine)."""

    __slots__ = ()

    def __new__(cls, points: ArrayLike) -> "Polygon":
        xy = _kept(_points(points, 2, "Polygon points"))
        return cls._adopt(lambda out: lib.gjk_polygon_new(ffi.from_buffer("double[]", xy),
                                                          xy.shape[0], out), "Polygon points",
                          (xy,))

    points = _parameter(0, "The points as given, an (n, 2) read-only array.")



class Polytope(Shape):
    """The convex hull of 3D points, an (n, 3) array of any real dtype."""

    __slots__ = ()

    def __new__(cls, points: ArrayLike) -> "Polytope":
        xyz = _kept(_points(points, 3, "Polytope points"))
        return cls._adopt(lambda out: lib.gjk_polytope_new(ffi.from_buffer("double[]", xyz),
                                                           xyz.shape[0], out), "Polytope points",
                          (xyz,))

    points = _parameter(0, "The points as given, an (n, 3) read-only array.")



def convex_hull(points: ArrayLike) -> Shape:
    """A Polygon for (n, 2) points, a Polytope for (n, 3)."""
    array = real(points, "convex_hull points")
    if array.ndim == 2 and array.shape[1] == 2:
        return Polygon(array)
    if array.ndim == 2 and array.shape[1] == 3:
        return Polytope(array)
    raise ValueError(f"convex_hull: expected (n, 2) or (n, 3) points, got {array.shape}")


class Circle(Shape):
    """A 2D disc of the given radius centred at the origin."""

    __slots__ = ()

    def __new__(cls, radius: float) -> "Circle":
        values = (_size(radius, "Circle radius"),)
        return cls._adopt(lambda out: lib.gjk_circle_new(*values, out), cls.__name__, values)

    radius = _parameter(0, "Circle's radius, as given.")


class Sphere(Shape):
    """A 3D ball of the given radius centred at the origin."""

    __slots__ = ()

    def __new__(cls, radius: float) -> "Sphere":
        values = (_size(radius, "Sphere radius"),)
        return cls._adopt(lambda out: lib.gjk_sphere_new(*values, out), cls.__name__, values)

    radius = _parameter(0, "Sphere's radius, as given.")


class Ellipse(Shape):
    """A 2D ellipse centred at the origin, semi-axes along x and y."""

    __slots__ = ()

    def __new__(cls, half_x: float, half_y: float) -> "Ellipse":
        values = (_size(half_x, "Ellipse half_x"), _size(half_y, "Ellipse half_y"),)
        return cls._adopt(lambda out: lib.gjk_ellipse_new(*values, out), cls.__name__, values)

    half_x = _parameter(0, "Ellipse's half_x, as given.")
    half_y = _parameter(1, "Ellipse's half_y, as given.")


class Ellipsoid(Shape):
    """A 3D ellipsoid centred at the origin, semi-axes along x, y and z."""

    __slots__ = ()

    def __new__(cls, half_x: float, half_y: float, half_z: float) -> "Ellipsoid":
        values = (_size(half_x, "Ellipsoid half_x"), _size(half_y, "Ellipsoid half_y"), _size(half_z, "Ellipsoid half_z"),)
        return cls._adopt(lambda out: lib.gjk_ellipsoid_new(*values, out), cls.__name__, values)

    half_x = _parameter(0, "Ellipsoid's half_x, as given.")
    half_y = _parameter(1, "Ellipsoid's half_y, as given.")
    half_z = _parameter(2, "Ellipsoid's half_z, as given.")


class Stadium(Shape):
    """A 2D racetrack: the segment from (-half_length, 0) to (half_length, 0) grown by radius."""

    __slots__ = ()

    def __new__(cls, half_length: float, radius: float) -> "Stadium":
        values = (_size(half_length, "Stadium half_length"), _size(radius, "Stadium radius"),)
        return cls._adopt(lambda out: lib.gjk_stadium_new(*values, out), cls.__name__, values)

    half_length = _parameter(0, "Stadium's half_length, as given.")
    radius = _parameter(1, "Stadium's radius, as given.")


class Capsule(Shape):
    """A 3D capsule: the segment from z = -half_length to z = half_length grown by radius."""

    __slots__ = ()

    def __new__(cls, half_length: float, radius: float) -> "Capsule":
        values = (_size(half_length, "Capsule half_length"), _size(radius, "Capsule radius"),)
        return cls._adopt(lambda out: lib.gjk_capsule_new(*values, out), cls.__name__, values)

    half_length = _parameter(0, "Capsule's half_length, as given.")
    radius = _parameter(1, "Capsule's radius, as given.")


class Rectangle(Shape):
    """A 2D rectangle centred at the origin, sides along x and y."""

    __slots__ = ()

    def __new__(cls, half_x: float, half_y: float) -> "Rectangle":
        values = (_size(half_x, "Rectangle half_x"), _size(half_y, "Rectangle half_y"),)
        return cls._adopt(lambda out: lib.gjk_rectangle_new(*values, out), cls.__name__, values)

    half_x = _parameter(0, "Rectangle's half_x, as given.")
    half_y = _parameter(1, "Rectangle's half_y, as given.")


class Box(Shape):
    """A 3D box centred at the origin, sides along x, y and z."""

    __slots__ = ()

    def __new__(cls, half_x: float, half_y: float, half_z: float) -> "Box":
        values = (_size(half_x, "Box half_x"), _size(half_y, "Box half_y"), _size(half_z, "Box half_z"),)
        return cls._adopt(lambda out: lib.gjk_box_new(*values, out), cls.__name__, values)

    half_x = _parameter(0, "Box's half_x, as given.")
    half_y = _parameter(1, "Box's half_y, as given.")
    half_z = _parameter(2, "Box's half_z, as given.")


class Cylinder(Shape):
    """A 3D cylinder along z, like the Capsule: the disc of radius in the xy plane swept from
    z = -half_height to z = half_height."""

    __slots__ = ()

    def __new__(cls, half_height: float, radius: float) -> "Cylinder":
        values = (_size(half_height, "Cylinder half_height"), _size(radius, "Cylinder radius"),)
        return cls._adopt(lambda out: lib.gjk_cylinder_new(*values, out), cls.__name__, values)

    half_height = _parameter(0, "Cylinder's half_height, as given.")
    radius = _parameter(1, "Cylinder's radius, as given.")


class Cone(Shape):
    """A 3D cone along z: the base is the disc of radius in the plane z = -half_height, the apex
    is (0, 0, half_height). The origin is the middle of the axis, not the centroid (which is at
    z = -half_height / 2)."""

    __slots__ = ()

    def __new__(cls, half_height: float, radius: float) -> "Cone":
        values = (_size(half_height, "Cone half_height"), _size(radius, "Cone radius"),)
        return cls._adopt(lambda out: lib.gjk_cone_new(*values, out), cls.__name__, values)

    half_height = _parameter(0, "Cone's half_height, as given.")
    radius = _parameter(1, "Cone's radius, as given.")


class Segment(Shape):
    """The segment between two points, 2D or 3D (by their length)."""

    __slots__ = ()

    def __new__(cls, start: ArrayLike, end: ArrayLike) -> "Segment":
        p = _kept(real(start, "Segment start"))
        q = _kept(real(end, "Segment end"))
        if p.shape == q.shape == (2,):
            return cls._adopt(lambda out: lib.gjk_segment2d_new(*p.tolist(), *q.tolist(), out),
                              "Segment (start, end)", (p, q))
        if p.shape == q.shape == (3,):
            return cls._adopt(lambda out: lib.gjk_segment3d_new(*p.tolist(), *q.tolist(), out),
                              "Segment (start, end)", (p, q))
        raise ValueError(f"Segment start and end: two points of 2 or of 3 components, not "
                         f"shapes {p.shape} and {q.shape}")

    start = _parameter(0, "One end, a read-only array.")
    end = _parameter(1, "The other end, a read-only array.")



class Point(Shape):
    """A single point, 2D or 3D."""

    __slots__ = ()

    def __new__(cls, point: ArrayLike) -> "Point":
        p = _kept(real(point, "Point point"))
        if p.shape == (2,):
            return cls._adopt(lambda out: lib.gjk_point2d_new(*p.tolist(), out), "Point point",
                              (p,))
        if p.shape == (3,):
            return cls._adopt(lambda out: lib.gjk_point3d_new(*p.tolist(), out), "Point point",
                              (p,))
        raise ValueError(f"Point point: 2 or 3 components, not shape {p.shape}")

    point = _parameter(0, "The point, a read-only array.")


class Rounded(Shape):
    """Any shape, 2D or 3D, grown by radius in every direction (its Minkowski sum with a disc or
    ball), exactly: a rounded box or polygon. Radii add up (a rounded Circle is a larger
    circle), and a rounded Segment is a capsule. The shape is copied: it may be dropped at once."""

    __slots__ = ()

    def __new__(cls, shape: Shape, radius: float) -> "Rounded":
        values = (handle(shape, "Rounded shape"), _size(radius, "Rounded radius"),)
        return cls._adopt(lambda out: lib.gjk_rounded_new(*values, out), cls.__name__,
                          (shape, values[1]))

    shape = _parameter(0, "The shape that is rounded.")
    radius = _parameter(1, "The radius it is grown by.")


def handle(shape: Optional[Shape], what: str):
    """The GjkShape pointer of a shape (TypeError naming the argument ``what`` for anything
    else)."""
    if not isinstance(shape, Shape):
        raise TypeError(f"{what}: expected a gjk shape, got {type(shape).__name__}")
    return shape._ptr
