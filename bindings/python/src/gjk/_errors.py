"""The library's statuses as Python exceptions."""

from __future__ import annotations

from typing import Any, Optional

from ._native import ffi, lib


class GjkError(Exception):
    """A call into the gjk library failed. ``status`` is the GjkStatus code, ``message`` the
    library's detailed message (``gjk_last_error_message()``: which argument, which point)."""

    def __init__(self, status: int, message: str, result: Optional[Any] = None):
        super().__init__(message)
        self.status = status
        self.message = message
        #: For NoConvergenceError: the answer written anyway (bounds that bracket the truth).
        self.result = result


class NullPointerError(GjkError, ValueError):
    """GJK_NULL_POINTER: a required object was missing."""


class InvalidArgumentError(GjkError, ValueError):
    """GJK_INVALID_ARGUMENT: NaN, infinity, a negative size, no points, a bad rotation, ..."""


class DimensionMismatchError(GjkError, ValueError):
    """GJK_DIMENSION_MISMATCH: a 2D shape queried against a 3D one (or a 3D pose on a 2D shape)."""


class NoConvergenceError(GjkError, ArithmeticError):
    """GJK_NO_CONVERGENCE: the iteration cap was reached; ``result`` holds the bounds found."""


class InternalError(GjkError, RuntimeError):
    """GJK_INTERNAL_ERROR: a bug in the library (a caught panic); please report it."""


_BY_STATUS = {
    lib.GJK_NULL_POINTER: NullPointerError,
    lib.GJK_INVALID_ARGUMENT: InvalidArgumentError,
    lib.GJK_DIMENSION_MISMATCH: DimensionMismatchError,
    lib.GJK_NO_CONVERGENCE: NoConvergenceError,
    lib.GJK_INTERNAL_ERROR: InternalError,
}


def last_error_message() -> str:
    """The detailed message of this thread's last failed call."""
    return ffi.string(lib.gjk_last_error_message()).decode("utf-8", "replace")


def error(status: int, result: Optional[Any] = None, context: str = "") -> BaseException:
    """The exception for a failed status, with the library's message (after ``context``, the
    Python argument concerned, when given); or the exception a support callable raised on this
    thread during the call (see SupportShape)."""
    from ._callback import take_callback_exception  # imports this module
    thrown = take_callback_exception()
    if thrown is not None:
        # A support callable of a SupportShape raised during the call: that exception.
        return thrown
    message = last_error_message() or ffi.string(lib.gjk_status_string(status)).decode()
    if context:
        message = f"{context}: {message}"
    return _BY_STATUS.get(status, GjkError)(status, message, result)


def check(status: int, context: str = "") -> None:
    """Raises the exception of ``status`` unless it is GJK_OK."""
    if status != lib.GJK_OK:
        raise error(status, None, context)
