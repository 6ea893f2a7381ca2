"""Argument checks done in Python before the library is called, so that errors name the Python
argument ("Polygon points", "threads", "origin"), not the C one. One helper per kind of check:
type (``real``, ``number``, ``integer``), count (``vector``), value (``invalid``)."""

from __future__ import annotations

import numbers

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._errors import InvalidArgumentError
from ._native import lib


def invalid(message: str) -> InvalidArgumentError:
    """The exception for a value the library would refuse too (an ``InvalidArgumentError``, so
    also a ``ValueError``), with a message naming the Python argument."""
    return InvalidArgumentError(lib.GJK_INVALID_ARGUMENT, message)


def real(values: ArrayLike, what: str) -> NDArray[np.float64]:
    """``values`` as float64, refusing what is not a real number (complex, text, objects,
    booleans) with a TypeError naming ``what``."""
    try:
        array = np.asarray(values)
    except (TypeError, ValueError) as e:  # ragged nested sequences
        raise TypeError(f"{what}: expected real numbers ({e})") from None
    if array.dtype == np.bool_ or not (
        np.issubdtype(array.dtype, np.floating) or np.issubdtype(array.dtype, np.integer)
    ):
        raise TypeError(f"{what}: expected real numbers, got dtype {array.dtype}")
    return array.astype(np.float64, copy=False)


def vector(values: ArrayLike, dimension: int, what: str) -> NDArray[np.float64]:
    """Exactly ``dimension`` real numbers (a 2D shape takes 2, a 3D shape 3: a z is never
    dropped nor made up)."""
    v = real(values, what)
    if v.shape != (dimension,):
        raise ValueError(f"{what}: expected {dimension} components (the shape is {dimension}D), "
                         f"got shape {v.shape}")
    return v


def number(value, what: str) -> float:
    """One real number (a Python or numpy scalar or 0-d array; not a bool) as a float."""
    v = real(value, what)
    if v.shape != ():
        raise ValueError(f"{what}: expected one number, got shape {v.shape}")
    return float(v)


def integer(value, what: str, low: int, high: int) -> int:
    """An int in [low, high] (a Python or numpy integer; not a bool, not a float like 2.0)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what}: expected an integer, got {type(value).__name__} {value!r}")
    if not low <= int(value) <= high:
        raise invalid(f"{what} is {int(value)}: it must be in [{low}, {high}]")
    return int(value)


def flag(value, what: str) -> bool:
    """A bool (Python or numpy)."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{what}: expected True or False, got {type(value).__name__}")
    return bool(value)


def index_name(what: str, lead: tuple, k: int) -> str:
    """``what`` for the k-th (flat) element of a batch of shape ``lead``: ``what`` alone for a
    single element, ``what[3]`` or ``what[1, 2]`` otherwise."""
    if lead == ():
        return what
    index = np.unravel_index(k, lead)
    return f"{what}[{', '.join(str(int(i)) for i in index)}]"
