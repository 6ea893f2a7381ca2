"""Warm starts: a cache per pair of shapes that moves a little between queries
(``GjkSimplexCache``), passed to ``distance`` and ``intersect`` as ``cache=``."""

from __future__ import annotations

from ._native import ffi, lib


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
