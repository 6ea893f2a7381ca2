"""Warm starts: a cache per pair of shapes that moves a little between queries
(``GjkSimplexCache``), passed to ``distance`` and ``intersect`` as ``cache=``, and ``Pair``, a
pair of shapes with its caches and its result made once, for queries as cheap as a C call."""

from __future__ import annotations

from ._errors import DimensionMismatchError, error
from ._native import ffi, lib
from ._pose import PoseLike, c_pose
from ._shapes import Shape, handle


class SimplexCache:
    """Where the last query of one pair of shapes ended, for the next query of the same pair
    to start there (``gjk_distance_cached`` / ``gjk_intersect_cached``): keep one per pair
    across frames and pass it as ``distance(..., cache=c)`` or ``intersect(..., cache=c)``.
    A pair that moved a little then usually costs one or two support points instead of
    several; the answers are those of the cold queries (to within the tolerance). Any content
    is safe (a cache of another pair only loses the speed-up). It pickles and copies as its
    bytes, and ``clear()`` empties it."""

    __slots__ = ("_c",)

    def __init__(self):
        self._c = ffi.new("GjkSimplexCache *", lib.gjk_simplex_cache_empty())

    @property
    def count(self) -> int:
        """Vertices remembered, 0 (empty: the next query starts afresh) to 4."""
        return int(self._c.count)

    def clear(self) -> None:
        """Forgets the simplex: the next query starts afresh."""
        self._c[0] = lib.gjk_simplex_cache_empty()

    def __bytes__(self) -> bytes:
        return bytes(ffi.buffer(self._c))

    def __reduce__(self):
        return (_cache_from_bytes, (bytes(self),))

    def __repr__(self) -> str:
        return f"gjk.SimplexCache(count={self.count})"


def _cache_from_bytes(data: bytes) -> SimplexCache:
    """The cache of a pickle: its bytes as they were."""
    cache = SimplexCache()
    ffi.memmove(cache._c, data, min(len(data), ffi.sizeof("GjkSimplexCache")))
    return cache


def c_cache(cache: SimplexCache):
    """The ``GjkSimplexCache *`` of a cache (TypeError naming ``cache`` for anything else)."""
    if not isinstance(cache, SimplexCache):
        raise TypeError(f"cache: expected a gjk.SimplexCache, got {type(cache).__name__}")
    return cache._c


class Pair:
    """Two shapes queried again and again as they move (a game's pair of bodies, a robot link
    and an obstacle): the query's C arguments, a warm-start cache for each query and the result
    struct are made once, so that each ``distance`` or ``intersect`` is one C call that starts
    where the pair's last query ended and allocates nothing. ``distance`` returns the number
    alone; ``result`` reads the last distance query's whole answer (a ``DistanceResult``)
    when it is wanted. The answers are those of ``gjk.distance`` / ``gjk.intersect`` (to
    within the tolerance); errors and the iteration cap raise as there."""

    __slots__ = ("a", "b", "_handles", "_dimension", "_distance_cache", "_intersect_cache",
                 "_out", "_hit")

    def __init__(self, a: Shape, b: Shape):
        self._handles = (handle(a, "a"), handle(b, "b"))
        if a.dimension != b.dimension:
            raise DimensionMismatchError(lib.GJK_DIMENSION_MISMATCH,
                                         f"a is {a.dimension}D but b is {b.dimension}D")
        self.a, self.b, self._dimension = a, b, a.dimension
        self._distance_cache = SimplexCache()._c
        self._intersect_cache = SimplexCache()._c
        self._out = ffi.new("GjkDistanceResult *")
        self._hit = ffi.new("bool *")

    def _poses(self, pose_a: PoseLike, pose_b: PoseLike):
        d = self._dimension
        return c_pose(pose_a, d, "pose_a"), c_pose(pose_b, d, "pose_b")

    def distance(self, pose_a: PoseLike = None, pose_b: PoseLike = None) -> float:
        """The distance between the shapes placed by the poses (warm-started)."""
        pa, pb = self._poses(pose_a, pose_b)
        status = lib.gjk_distance_cached(self._handles[0], pa, self._handles[1], pb, ffi.NULL,
                                         self._distance_cache, self._out)
        if status != lib.GJK_OK:
            raise error(status, self.result if status == lib.GJK_NO_CONVERGENCE else None)
        return self._out.distance

    def intersect(self, pose_a: PoseLike = None, pose_b: PoseLike = None) -> bool:
        """Whether the shapes placed by the poses overlap or touch (warm-started)."""
        pa, pb = self._poses(pose_a, pose_b)
        status = lib.gjk_intersect_cached(self._handles[0], pa, self._handles[1], pb, ffi.NULL,
                                          self._intersect_cache, self._hit)
        if status != lib.GJK_OK:
            raise error(status)
        return self._hit[0]

    @property
    def result(self):
        """The whole answer of the last ``distance`` (closest points, normal, lower bound)."""
        from ._queries import _distance_result  # imports this module

        return _distance_result(self._out, self._dimension)

    def __repr__(self) -> str:
        return f"gjk.Pair({self.a!r}, {self.b!r})"
