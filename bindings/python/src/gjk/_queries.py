"""Queries: single pairs, batches of pairs on numpy arrays, and pairs within a separation."""

from __future__ import annotations

import math
from collections import abc
from dataclasses import dataclass
from typing import NamedTuple, Optional, Sequence, Union

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._errors import error
from ._native import ffi, lib
from ._checks import flag, integer, invalid, number, vector
from ._pose import Pose, PoseLike, c_pose, pose_array
from ._shapes import Shape, handle
from ._warm import SimplexCache, c_cache

# numpy views of the C result structs, checked field by field against the compiled layout.
DISTANCE_DTYPE = np.dtype(
    [("distance", "f8"), ("point_a", "f8", (3,)), ("point_b", "f8", (3,)),
     ("normal", "f8", (3,)), ("lower_bound", "f8"), ("iterations", "u4"),
     ("intersecting", "?"), ("tolerance_call", "?")],
    align=True,
)
PENETRATION_DTYPE = np.dtype(
    [("signed_distance", "f8"), ("point_a", "f8", (3,)), ("point_b", "f8", (3,)),
     ("normal", "f8", (3,)), ("iterations", "u4"), ("intersecting", "?")],
    align=True,
)
PAIR_DTYPE = np.dtype([("i", np.uintp), ("j", np.uintp), ("result", DISTANCE_DTYPE)], align=True)


def _check_layout(dtype: np.dtype, c_type: str) -> None:
    assert dtype.itemsize == ffi.sizeof(c_type), (c_type, dtype.itemsize, ffi.sizeof(c_type))
    for name in dtype.names:
        assert dtype.fields[name][1] == ffi.offsetof(c_type, name), (c_type, name)


_check_layout(DISTANCE_DTYPE, "GjkDistanceResult")
# _distance_result reads point_a, point_b and normal as 9 doubles in a row.
assert [ffi.offsetof("GjkDistanceResult", f) - ffi.offsetof("GjkDistanceResult", "point_a")
        for f in ("point_a", "point_b", "normal")] == [0, 24, 48]
_check_layout(PENETRATION_DTYPE, "GjkPenetrationResult")
_check_layout(PAIR_DTYPE, "GjkPair")


U32_MAX = 0xFFFFFFFF


def _options(tolerance: Optional[float], max_iterations: Optional[int], exact: bool = False):
    """A GjkQueryOptions pointer, or NULL for the library's defaults; ``tolerance`` must be a
    number in [0, 1), ``max_iterations`` an integer from 1 (both as the library requires, but
    named as in Python), ``exact`` a bool (exact mode: see ``distance``)."""
    exact = flag(exact, "exact")
    if tolerance is None and max_iterations is None and not exact:
        return ffi.NULL
    options = ffi.new("GjkQueryOptions *", lib.gjk_query_options_default())
    if tolerance is not None:
        options.relative_tolerance = number(tolerance, "tolerance")
        if not 0.0 <= options.relative_tolerance < 1.0:
            raise invalid(f"tolerance is {tolerance}: it must be in [0, 1)")
    if max_iterations is not None:
        options.max_iterations = integer(max_iterations, "max_iterations", 1, U32_MAX)
    options.exact = exact
    return options


def _threads(threads) -> int:
    """The ``threads`` of a batch call: an integer, 0 (one per core) or more."""
    return integer(threads, "threads", 0, U32_MAX)


def _vector(c_array, dimension: int) -> NDArray[np.float64]:
    # One unpack and one array: 0.44 us, where indexing the C array 3 times took 0.74.
    return np.array(ffi.unpack(c_array, dimension))


class DistanceResult(NamedTuple):
    """The answer of ``distance``, world frame; vectors have as many components as the shapes'
    dimension. ``distance``: rounded up, never below the exact distance; 0 when the shapes are
    proven to overlap or touch (shapes within rounding of touching are called intersecting
    with this upper bound instead); ``point_a``: the closest point on A (when intersecting: a
    point common to both); ``point_b``: the closest point on B; ``normal``: unit, from A
    towards B (any unit vector when intersecting); ``lower_bound``: certified, lower_bound <=
    exact distance <= distance, rounding included; ``iterations``: support points evaluated;
    ``intersecting``: whether the shapes overlap or touch; ``tolerance_call``: whether that
    verdict is a call within the touching tolerance rather than a proof (intersecting with a
    distance above 0, or apart with a lower bound of 0). (A named tuple: made in 0.27 us,
    where a frozen dataclass took 0.82, a third of a query's cost in Python.)"""

    distance: float
    point_a: NDArray[np.float64]
    point_b: NDArray[np.float64]
    normal: NDArray[np.float64]
    lower_bound: float
    iterations: int
    intersecting: bool
    tolerance_call: bool


class PenetrationResult(NamedTuple):
    """The answer of ``penetration``: ``signed_distance`` below 0 is minus the depth, from 0 up
    the distance; ``point_a`` and ``point_b`` the deepest (or closest) points; ``normal`` unit,
    from A towards B: moving B by -signed_distance * normal makes the shapes touch;
    ``iterations``; ``intersecting``."""

    signed_distance: float
    point_a: NDArray[np.float64]
    point_b: NDArray[np.float64]
    normal: NDArray[np.float64]
    iterations: int
    intersecting: bool


@dataclass(frozen=True)
class ContactPoint:
    """A point of a ``Manifold``: on A, on B, the separation along the normal (below 0 where
    the shapes overlap) and an id naming the touching features (the same while they touch)."""

    point_a: NDArray[np.float64]
    point_b: NDArray[np.float64]
    separation: float
    id: int


@dataclass(frozen=True)
class Manifold:
    """The answer of ``contact_manifold``: the unit normal from A towards B and up to 2 (2D) or
    4 (3D) contact points, none when the shapes are farther apart than the margin."""

    normal: NDArray[np.float64]
    points: tuple


@dataclass(frozen=True)
class RayHit:
    """The answer of ``ray_cast``; when ``hit`` is False the other fields are 0."""

    hit: bool
    t: float
    point: NDArray[np.float64]
    normal: NDArray[np.float64]
    started_inside: bool
    iterations: int


@dataclass(frozen=True)
class ShapeCastHit:
    """The answer of ``shape_cast``, at the time of contact t."""

    hit: bool
    t: float
    point_a: NDArray[np.float64]
    point_b: NDArray[np.float64]
    normal: NDArray[np.float64]
    signed_distance: float
    started_within: bool
    iterations: int


def _dimension(a: Shape, b: Shape) -> int:
    return max(a.dimension, b.dimension)


def _placed(a: Shape, pose_a: PoseLike, b: Shape, pose_b: PoseLike):
    """The C arguments (shape, pose, shape, pose) of a pair query, checked and named."""
    ha, hb = handle(a, "a"), handle(b, "b")
    return ha, c_pose(pose_a, a.dimension, "pose_a"), hb, c_pose(pose_b, b.dimension, "pose_b")


def _distance_result(c, dimension: int) -> DistanceResult:
    # point_a, point_b and normal follow each other in the struct: one array of the three,
    # then a view of each (one array and three views cost 0.9 us, three arrays 1.3).
    points = np.array(ffi.unpack(ffi.cast("double *", c.point_a), 9))
    return DistanceResult(
        float(c.distance), points[:dimension], points[3:3 + dimension],
        points[6:6 + dimension], float(c.lower_bound), int(c.iterations),
        bool(c.intersecting), bool(c.tolerance_call),
    )


def distance(a: Shape, b: Shape, pose_a: PoseLike = None, pose_b: PoseLike = None, *,
             tolerance: Optional[float] = None,
             max_iterations: Optional[int] = None,
             cache: Optional[SimplexCache] = None, exact: bool = False) -> DistanceResult:
    """The distance between shape ``a`` placed by ``pose_a`` and ``b`` placed by ``pose_b``
    (None: identity; a bare translation is accepted), with the closest points, the normal from
    A to B and a certified lower bound (``gjk_distance_ex``; warm-started from ``cache``, which
    then holds this query's end, with ``gjk_distance_cached``). ``NoConvergenceError`` carries
    the bounds found in its ``result``. ``exact=True`` (exact mode, for polygons, polytopes,
    boxes, segments, points, circles, spheres, capsules and such shapes rounded; others raise
    ``InvalidArgumentError``): the verdict is exact, never a tolerance call, and near touching
    ``[lower_bound, distance]`` are the adjacent doubles around the exact distance."""
    out = ffi.new("GjkDistanceResult *")
    placed = _placed(a, pose_a, b, pose_b)
    options = _options(tolerance, max_iterations, exact)
    if cache is None:
        status = lib.gjk_distance_ex(*placed, options, out)
    else:
        status = lib.gjk_distance_cached(*placed, options, c_cache(cache), out)
    if status == lib.GJK_OK:
        return _distance_result(out, a._dimension)
    raise error(status, _distance_result(out, a._dimension)
                if status == lib.GJK_NO_CONVERGENCE else None)


def intersect(a: Shape, b: Shape, pose_a: PoseLike = None, pose_b: PoseLike = None, *,
              max_iterations: Optional[int] = None,
              cache: Optional[SimplexCache] = None, exact: bool = False) -> bool:
    """Whether the placed shapes overlap or touch (``gjk_intersect_ex``: stops as soon as it
    knows; warm-started from ``cache``, which then holds the proof, with
    ``gjk_intersect_cached``). ``exact=True``: the exact verdict (see ``distance``)."""
    out = ffi.new("bool *")
    placed = _placed(a, pose_a, b, pose_b)
    options = _options(None, max_iterations, exact)
    if cache is None:
        status = lib.gjk_intersect_ex(*placed, options, out)
    else:
        status = lib.gjk_intersect_cached(*placed, options, c_cache(cache), out)
    if status != lib.GJK_OK:
        raise error(status)
    return bool(out[0])


def penetration(a: Shape, b: Shape, pose_a: PoseLike = None, pose_b: PoseLike = None, *,
                tolerance: Optional[float] = None,
                max_iterations: Optional[int] = None) -> PenetrationResult:
    """The signed distance (minus the penetration depth when the shapes overlap, by EPA), with
    the deepest or closest points and the normal (``gjk_penetration_ex``). ``NoConvergenceError``
    carries the best answer found in its ``result``."""
    out = ffi.new("GjkPenetrationResult *")
    status = lib.gjk_penetration_ex(*_placed(a, pose_a, b, pose_b),
                                    _options(tolerance, max_iterations), out)
    d = _dimension(a, b)
    result = PenetrationResult(float(out.signed_distance), _vector(out.point_a, d),
                               _vector(out.point_b, d), _vector(out.normal, d),
                               int(out.iterations), bool(out.intersecting))
    if status != lib.GJK_OK:
        raise error(status, result if status == lib.GJK_NO_CONVERGENCE else None)
    return result


def signed_distance(a: Shape, b: Shape, pose_a: PoseLike = None,
                    pose_b: PoseLike = None) -> float:
    """Minus the penetration depth when the placed shapes overlap, their distance otherwise (0
    when touching): ``gjk_signed_distance``, the number of ``penetration`` alone."""
    out = ffi.new("double *")
    status = lib.gjk_signed_distance(*_placed(a, pose_a, b, pose_b), out)
    if status != lib.GJK_OK:
        raise error(status)
    return float(out[0])


def contact_manifold(a: Shape, b: Shape, pose_a: PoseLike = None, pose_b: PoseLike = None, *,
                     margin: float = 0.0) -> Manifold:
    """The points where the placed shapes overlap or are less than ``margin`` apart along the
    contact normal (speculative contacts), for a physics solver (``gjk_contact_manifold``): a
    box resting on a box gives its four corners, a capsule lying on a box two points, a ball
    one. Each point has its point on A and on B, its separation and a feature id."""
    out = ffi.new("GjkManifold *")
    status = lib.gjk_contact_manifold(*_placed(a, pose_a, b, pose_b), number(margin, "margin"),
                                      out)
    d = _dimension(a, b)
    manifold = Manifold(_vector(out.normal, d), tuple(
        ContactPoint(_vector(p.point_a, d), _vector(p.point_b, d), float(p.separation), int(p.id))
        for p in out.points[0:out.count]))
    if status != lib.GJK_OK:
        raise error(status, manifold if status == lib.GJK_NO_CONVERGENCE else None)
    return manifold


def _vector3(value: Optional[ArrayLike], dimension: int, what: str):
    """A double[3] from exactly ``dimension`` numbers (the shape's: a 3D vector for a 2D shape
    or a 2D one for a 3D shape is refused), or NULL for None."""
    if value is None:
        return ffi.NULL
    v = vector(value, dimension, what)
    return ffi.new("double[3]", v.tolist() + [0.0] * (3 - dimension))


def ray_cast(shape: Shape, origin: ArrayLike, direction: ArrayLike, pose: PoseLike = None, *,
             max_t: float = math.inf, max_iterations: Optional[int] = None) -> RayHit:
    """The first hit of the ray origin + t * direction, 0 <= t <= max_t, on the placed shape
    (``gjk_ray_cast_ex``). ``direction`` need not be unit; t is in its units. ``origin`` and
    ``direction`` have as many components as the shape's dimension (2 or 3)."""
    out = ffi.new("GjkRayHit *")
    c_shape = handle(shape, "shape")
    d = shape.dimension
    status = lib.gjk_ray_cast_ex(c_shape, c_pose(pose, d, "pose"), _vector3(origin, d, "origin"),
                                 _vector3(direction, d, "direction"), number(max_t, "max_t"),
                                 _options(None, max_iterations), out)
    if status != lib.GJK_OK:
        raise error(status)
    return RayHit(bool(out.hit), float(out.t), _vector(out.point, d), _vector(out.normal, d),
                  bool(out.started_inside), int(out.iterations))


def shape_cast(a: Shape, b: Shape, pose_a: PoseLike = None, pose_b: PoseLike = None, *,
               velocity_a: Optional[ArrayLike] = None, velocity_b: Optional[ArrayLike] = None,
               max_t: float = math.inf, target_separation: float = 0.0,
               max_iterations: Optional[int] = None) -> ShapeCastHit:
    """The first time t in [0, max_t] at which ``a`` moving with ``velocity_a`` and ``b`` moving
    with ``velocity_b`` (None: at rest) come within ``target_separation`` (``gjk_shape_cast_ex``).
    Each velocity has as many components as its shape's dimension."""
    out = ffi.new("GjkShapeCastHit *")
    ha, pa, hb, pb = _placed(a, pose_a, b, pose_b)
    status = lib.gjk_shape_cast_ex(ha, pa, _vector3(velocity_a, a.dimension, "velocity_a"),
                                   hb, pb, _vector3(velocity_b, b.dimension, "velocity_b"),
                                   number(max_t, "max_t"),
                                   number(target_separation, "target_separation"),
                                   _options(None, max_iterations), out)
    if status != lib.GJK_OK:
        raise error(status)
    d = _dimension(a, b)
    return ShapeCastHit(bool(out.hit), float(out.t), _vector(out.point_a, d),
                        _vector(out.point_b, d), _vector(out.normal, d),
                        float(out.signed_distance), bool(out.started_within),
                        int(out.iterations))


# ---------------------------------------------------------------------------------------------
# Batches: one C call for N pairs, no Python per pair.

ShapesLike = Union[Shape, Sequence[Shape], "ShapeArray"]


class ShapeArray(abc.Sequence):
    """Shapes gathered once for the batch calls (``distance_batch``, ``intersect_batch``,
    ``penetration_batch``, ``pairs_within``): a sequence of the shapes that also holds their
    native handles as one array, so that a batch over it reads no shape from Python (a list
    is read at about 30-50 ns a shape, a third of a 4-gon pair's cost in C). Build one for a
    set of shapes that many batches use (a scene's bodies); it keeps them alive."""

    __slots__ = ("_shapes", "_addresses")

    def __init__(self, shapes: Sequence[Shape]):
        self._shapes = tuple(shapes)
        self._addresses = _handles(list(self._shapes), len(self._shapes), "shapes")
        self._addresses.flags.writeable = False

    def __len__(self) -> int:
        return len(self._shapes)

    def __getitem__(self, k):
        return self._shapes[k]

    def __repr__(self) -> str:
        return f"gjk.ShapeArray(<{len(self._shapes)} shapes>)"


def _handles(shapes: ShapesLike, count: int, what: str) -> NDArray[np.uintp]:
    """An array of ``count`` GjkShape pointers: one shape repeated, or one per pair. Each
    shape's address is read as an attribute (about 32 ns a shape, where a cffi cast and a
    check each took 300: the Python batch cost 7.9x the C batch per pair on 4-point polygons);
    anything else than a shape is found and named only when that fails."""
    if isinstance(shapes, Shape):
        return np.full(count, shapes._address, dtype=np.uintp)
    if isinstance(shapes, ShapeArray):
        if len(shapes) != count:
            raise ValueError(f"{what}: expected {count} shapes, got {len(shapes)}")
        return shapes._addresses
    try:
        array = np.array([s._address for s in shapes], dtype=np.uintp)
    except (AttributeError, TypeError):
        for k, s in enumerate(shapes):
            handle(s, f"{what}[{k}]")
        raise
    if array.shape[0] != count:
        raise ValueError(f"{what}: expected {count} shapes, got {array.shape[0]}")
    return array


def _length(value, what: str) -> int:
    try:
        return len(value)
    except TypeError:
        raise TypeError(f"{what}: expected a sequence, got {type(value).__name__}") from None


def _count(**arguments) -> int:
    """The number of pairs: the length of every argument that is not None, a single Shape or
    a single Pose."""
    lengths = {name: _length(c, name) for name, c in arguments.items()
               if c is not None and not isinstance(c, (Shape, Pose))}
    if len(set(lengths.values())) > 1:
        raise ValueError(f"the batch's shapes and poses disagree on the number of pairs: "
                         f"{lengths}")
    return lengths.popitem()[1] if lengths else 1


def _batch(shapes_a: ShapesLike, shapes_b: ShapesLike, poses_a, poses_b):
    """The checked C arrays of a batch: (count, dimension, handles a, poses a, handles b,
    poses b)."""
    n = _count(shapes_a=shapes_a, shapes_b=shapes_b, poses_a=poses_a, poses_b=poses_b)
    ha, hb = _handles(shapes_a, n, "shapes_a"), _handles(shapes_b, n, "shapes_b")
    d = _batch_dimension(shapes_a, shapes_b)
    pa, pb = pose_array(poses_a, n, d, "poses_a"), pose_array(poses_b, n, d, "poses_b")
    return n, d, ha, pa, hb, pb


def _pointer(array: Optional[np.ndarray], c_type: str):
    return ffi.NULL if array is None else ffi.cast(c_type, ffi.from_buffer(array))


@dataclass(frozen=True)
class DistanceBatch:
    """The answers of ``distance_batch``: arrays with one row per pair (vectors have as many
    columns as the shapes' dimension). ``status`` is each pair's GjkStatus (0 = GJK_OK)."""

    distance: NDArray[np.float64]
    point_a: NDArray[np.float64]
    point_b: NDArray[np.float64]
    normal: NDArray[np.float64]
    lower_bound: NDArray[np.float64]
    iterations: NDArray[np.uint32]
    intersecting: NDArray[np.bool_]
    status: NDArray[np.int32]
    tolerance_call: NDArray[np.bool_]

    def __len__(self) -> int:
        return self.distance.shape[0]


def _batch_dimension(shapes_a: ShapesLike, shapes_b: ShapesLike) -> int:
    first = [s if isinstance(s, Shape) else (s[0] if len(s) else None) for s in (shapes_a, shapes_b)]
    return max([s.dimension for s in first if isinstance(s, Shape)] + [2])


def distance_batch(shapes_a: ShapesLike, shapes_b: ShapesLike, poses_a=None, poses_b=None, *,
                   threads: int = 0, tolerance: Optional[float] = None,
                   max_iterations: Optional[int] = None,
                   raise_on_error: bool = True, exact: bool = False) -> DistanceBatch:
    """The distances of N pairs in one call (``gjk_distance_batch``, on up to ``threads``
    threads, 0: one per core): pair k is ``shapes_a[k]`` placed by ``poses_a[k]`` against
    ``shapes_b[k]`` placed by ``poses_b[k]``. A single Shape stands for N copies of itself;
    poses are an (N, 7) array (see ``gjk.poses``), a list of Pose, one Pose, or None
    (identity). Row k equals what ``distance`` answers for pair k. A failing pair raises
    (the exception's ``result`` holds the whole batch) unless ``raise_on_error`` is False;
    ``status`` says which pairs failed. ``exact``: exact mode, as ``distance``."""
    raise_on_error = flag(raise_on_error, "raise_on_error")
    d, results, statuses, status = _run_batch(
        lib.gjk_distance_batch, DISTANCE_DTYPE, "GjkDistanceResult *", shapes_a, shapes_b,
        poses_a, poses_b, _options(tolerance, max_iterations, exact), threads)
    batch = DistanceBatch(results["distance"], results["point_a"][:, :d],
                          results["point_b"][:, :d], results["normal"][:, :d],
                          results["lower_bound"], results["iterations"],
                          results["intersecting"], statuses, results["tolerance_call"])
    return _batch_answer(status, batch, raise_on_error)


def _run_batch(function, dtype, c_type: str, shapes_a, shapes_b, poses_a, poses_b, options,
               threads):
    """One batch call of the C ABI that writes a result of ``dtype`` (C ``c_type``) and a
    status per pair: (dimension, results, statuses, the call's status)."""
    n, d, ha, pa, hb, pb = _batch(shapes_a, shapes_b, poses_a, poses_b)
    results = np.zeros(n, dtype)
    statuses = np.zeros(n, np.int32)
    status = function(
        _pointer(ha, "GjkShape **"), _pointer(pa, "GjkPose *"), _pointer(hb, "GjkShape **"),
        _pointer(pb, "GjkPose *"), n, options, _threads(threads), _pointer(results, c_type),
        _pointer(statuses, "GjkStatus *"))
    return d, results, statuses, status


def _batch_answer(status: int, batch, raise_on_error: bool):
    """``batch``, or for a failed call its exception (which holds it: the ``status`` array
    names the pairs, and it takes what a support callable raised) unless ``raise_on_error``
    is False."""
    if status != lib.GJK_OK:
        failure = error(status, batch)
        if raise_on_error:
            raise failure
    return batch


@dataclass(frozen=True)
class PenetrationBatch:
    """The answers of ``penetration_batch``: arrays with one row per pair, as
    ``DistanceBatch``."""

    signed_distance: NDArray[np.float64]
    point_a: NDArray[np.float64]
    point_b: NDArray[np.float64]
    normal: NDArray[np.float64]
    iterations: NDArray[np.uint32]
    intersecting: NDArray[np.bool_]
    status: NDArray[np.int32]

    def __len__(self) -> int:
        return self.signed_distance.shape[0]


def penetration_batch(shapes_a: ShapesLike, shapes_b: ShapesLike, poses_a=None, poses_b=None,
                      *, threads: int = 0, tolerance: Optional[float] = None,
                      max_iterations: Optional[int] = None,
                      raise_on_error: bool = True) -> PenetrationBatch:
    """The penetration of N pairs in one call (``gjk_penetration_batch``): row k equals what
    ``penetration`` answers for pair k; arguments, failures and ``raise_on_error`` as
    ``distance_batch``."""
    raise_on_error = flag(raise_on_error, "raise_on_error")
    d, results, statuses, status = _run_batch(
        lib.gjk_penetration_batch, PENETRATION_DTYPE, "GjkPenetrationResult *", shapes_a,
        shapes_b, poses_a, poses_b, _options(tolerance, max_iterations), threads)
    batch = PenetrationBatch(results["signed_distance"], results["point_a"][:, :d],
                             results["point_b"][:, :d], results["normal"][:, :d],
                             results["iterations"], results["intersecting"], statuses)
    return _batch_answer(status, batch, raise_on_error)


def intersect_batch(shapes_a: ShapesLike, shapes_b: ShapesLike, poses_a=None, poses_b=None, *,
                    threads: int = 0, max_iterations: Optional[int] = None,
                    exact: bool = False) -> NDArray[np.bool_]:
    """Whether each of N pairs intersects, in one call (``gjk_intersect_batch``); arguments
    as ``distance_batch``. Any failing pair raises. ``exact``: exact verdicts, as
    ``intersect``."""
    n, _, ha, pa, hb, pb = _batch(shapes_a, shapes_b, poses_a, poses_b)
    results = np.zeros(n, np.bool_)
    status = lib.gjk_intersect_batch(
        _pointer(ha, "GjkShape **"), _pointer(pa, "GjkPose *"), _pointer(hb, "GjkShape **"),
        _pointer(pb, "GjkPose *"), n, _options(None, max_iterations, exact), _threads(threads),
        _pointer(results, "bool *"), ffi.NULL)
    if status != lib.GJK_OK:
        raise error(status)
    return results


@dataclass(frozen=True)
class Pairs:
    """The answer of ``pairs_within``: K pairs sorted by (i, j), i < j, with the distance query
    of shape i (as A) against shape j (as B)."""

    i: NDArray[np.intp]
    j: NDArray[np.intp]
    distance: NDArray[np.float64]
    point_a: NDArray[np.float64]
    point_b: NDArray[np.float64]
    normal: NDArray[np.float64]
    intersecting: NDArray[np.bool_]

    def __len__(self) -> int:
        return self.i.shape[0]


def pairs_within(shapes: Sequence[Shape], separation: float, poses=None, *, threads: int = 0,
                 tolerance: Optional[float] = None,
                 max_iterations: Optional[int] = None) -> Pairs:
    """Every pair of ``shapes`` (placed by ``poses``: (N, 7), a list of Pose or None) at most
    ``separation`` apart (0: the pairs that overlap or touch), found by the library's broad
    phase and GJK (``gjk_pairs_within``)."""
    if isinstance(shapes, Shape):
        raise TypeError("shapes: expected a sequence of shapes, got one shape")
    n = _length(shapes, "shapes")
    handles = _handles(shapes, n, "shapes")
    d = shapes[0].dimension if n else 2
    placed = pose_array(poses, n, d, "poses")
    out = ffi.new("GjkPairList **")
    status = lib.gjk_pairs_within(_pointer(handles, "GjkShape **"), _pointer(placed, "GjkPose *"),
                                  n, number(separation, "separation"),
                                  _options(tolerance, max_iterations), _threads(threads), out)
    if status != lib.GJK_OK:
        raise error(status)
    pair_list = ffi.gc(out[0], lib.gjk_pair_list_free)
    k = int(lib.gjk_pair_list_len(pair_list))
    rows = np.zeros(k, PAIR_DTYPE)
    if k:
        status = lib.gjk_pair_list_copy(pair_list, 0, k, _pointer(rows, "GjkPair *"))
        if status != lib.GJK_OK:
            raise error(status)
    r = rows["result"]
    return Pairs(rows["i"].astype(np.intp), rows["j"].astype(np.intp), r["distance"],
                 r["point_a"][:, :d], r["point_b"][:, :d], r["normal"][:, :d],
                 r["intersecting"])
