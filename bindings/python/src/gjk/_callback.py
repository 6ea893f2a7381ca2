"""Shapes whose support function is a Python callable (``gjk_support_shape_new``)."""

from __future__ import annotations

import math
import threading
from typing import Callable, Optional, Sequence

from ._native import ffi, lib
from ._shapes import Shape

#: The user data of the live callback shapes, kept alive until the library frees them.
_alive: dict = {}

#: Per thread: the exception a callable raised during the current call into the library.
_pending = threading.local()


def take_callback_exception() -> Optional[BaseException]:
    """The exception a support callable raised on this thread during the call that just
    failed (the library saw NaN in its place), cleared; None if it raised none."""
    thrown = getattr(_pending, "exception", None)
    _pending.exception = None
    return thrown


class _Callable:
    """What the library holds for a SupportShape: the callable and the dimension."""

    __slots__ = ("support", "dimension", "__weakref__")

    def __init__(self, support: Callable, dimension: int):
        self.support = support
        self.dimension = dimension


@ffi.def_extern()
def gjk_python_support(user_data, direction, out_point):
    """The C callback: the callable's point, or NaN (the call then fails) when it raises, its
    exception kept for the caller on this thread. Nothing propagates into the library."""
    held = ffi.from_handle(user_data)
    try:
        point = held.support(tuple(direction[k] for k in range(held.dimension)))
        for k in range(held.dimension):
            out_point[k] = float(point[k])
    except BaseException as exception:  # noqa: B036 - re-raised by the query (see errors)
        if getattr(_pending, "exception", None) is None:
            _pending.exception = exception
        out_point[0] = math.nan


@ffi.def_extern()
def gjk_python_free(user_data):
    """The library freed the last shape holding the callable: let it go."""
    _alive.pop(ffi.from_handle(user_data), None)


class SupportShape(Shape):
    """A convex shape of ``dimension`` 2 or 3 given by its support function: ``support``, any
    callable taking a direction (a tuple of ``dimension`` floats, not necessarily unit) and
    returning the shape's farthest point along it, in its local frame (any sequence of
    ``dimension`` numbers). Works in every query and batch. An exception the callable raises
    comes back from the query (or the constructor) that called it, as itself; answers that are
    not finite or contradict each other raise InvalidArgumentError naming the support callback.
    Batches on several threads call it from the library's threads (each holding the GIL in
    turn): pass ``threads=1`` for the callable's exceptions to come back as themselves there
    too (from other threads, InvalidArgumentError)."""

    __slots__ = ()

    def __new__(cls, dimension: int, support: Callable[[Sequence[float]], Sequence[float]]
                ) -> "SupportShape":
        if not callable(support):
            raise TypeError(f"SupportShape support: expected a callable, got "
                            f"{type(support).__name__}")
        held = _Callable(support, int(dimension))
        handle = ffi.new_handle(held)
        _alive[held] = handle
        # The library owns `held` from here on: gjk_python_free lets it go, on failure too.
        shape = cls._adopt(lambda out: lib.gjk_support_shape_new(
            held.dimension, lib.gjk_python_support, handle, lib.gjk_python_free, out),
            cls.__name__, (held.dimension, support))
        return shape

    @property
    def support(self) -> Callable[[Sequence[float]], Sequence[float]]:
        """The support callable (a SupportShape pickles when it does: a module-level function
        or a picklable callable object, not a lambda)."""
        return self._args[1]
