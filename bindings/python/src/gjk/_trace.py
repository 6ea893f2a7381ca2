"""The traced distance query: every step of the GJK search as numpy arrays
(``gjk_distance_trace``), and a picture of it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np
from numpy.typing import NDArray

from ._errors import error
from ._native import ffi, lib
from ._pose import PoseLike
from ._queries import (DistanceResult, _check_layout, _dimension, _distance_result, _options,
                       _placed)
from ._shapes import Shape

# A numpy view of GjkTraceStep, checked field by field against the compiled layout.
TRACE_STEP_DTYPE = np.dtype(
    [("iteration", "u4"), ("outcome", "i4"), ("direction", "f8", (3,)),
     ("support_a", "f8", (3,)), ("support_b", "f8", (3,)), ("support_w", "f8", (3,)),
     ("simplex_count", "u4"), ("simplex_w", "f8", (4, 3)), ("simplex_a", "f8", (4, 3)),
     ("simplex_b", "f8", (4, 3)), ("weights", "f8", (4,)), ("closest", "f8", (3,)),
     ("lower_bound", "f8"), ("upper_bound", "f8")],
    align=True,
)
_check_layout(TRACE_STEP_DTYPE, "GjkTraceStep")

#: The names of the steps' outcomes (``GJK_STEP_*``), by value.
OUTCOMES = {
    lib.GJK_STEP_STARTED: "started",
    lib.GJK_STEP_ADDED: "added",
    lib.GJK_STEP_REPEATED: "repeated",
    lib.GJK_STEP_GAP_CLOSED: "gap closed",
    lib.GJK_STEP_NO_PROGRESS: "no progress",
}


@dataclass(frozen=True)
class Trace:
    """The answer of ``distance_trace``: the distance query's result and its steps, one row per
    support-point evaluation, in the world frame (vectors with as many columns as the shapes'
    dimension): ``direction`` asked for, the support points ``support_a``, ``support_b`` and
    ``support_w = support_a - support_b`` (a point of the Minkowski difference A - B),
    ``outcome`` (see ``OUTCOMES``), the simplex after the step (``simplex_w`` / ``simplex_a``
    / ``simplex_b``, its first ``simplex_count`` rows used, with their ``weights``), its point
    ``closest`` to the origin, and the bounds known so far. For balls, capsules and rounded
    shapes the support points are their cores' (GJK runs on the cores)."""

    result: DistanceResult
    iteration: NDArray[np.uint32]
    outcome: NDArray[np.int32]
    direction: NDArray[np.float64]
    support_a: NDArray[np.float64]
    support_b: NDArray[np.float64]
    support_w: NDArray[np.float64]
    simplex_count: NDArray[np.uint32]
    simplex_w: NDArray[np.float64]
    simplex_a: NDArray[np.float64]
    simplex_b: NDArray[np.float64]
    weights: NDArray[np.float64]
    closest: NDArray[np.float64]
    lower_bound: NDArray[np.float64]
    upper_bound: NDArray[np.float64]

    def __len__(self) -> int:
        return self.iteration.shape[0]

    def plot(self, ax=None, *, show_simplices: bool = True):
        """Draws a 2D trace with matplotlib (imported here; ``pip install matplotlib``) on
        ``ax`` (a new figure's when None) and returns it: in the plane of A - B, the origin,
        every support point numbered by its step, each step's simplex (its outline) and its
        point closest to the origin, and the final closest point; the title gives the distance
        and the bounds. A 3D trace raises ValueError (plot its columns yourself)."""
        if self.support_w.shape[1] != 2:
            raise ValueError("Trace.plot draws 2D traces; this one is 3D")
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots()
        ax.plot([0.0], [0.0], "k+", markersize=12, label="origin")
        ax.plot(self.support_w[:, 0], self.support_w[:, 1], "o", color="tab:blue",
                label="support points of A - B")
        for k, (x, y) in enumerate(self.support_w):
            ax.annotate(str(k + 1), (x, y), textcoords="offset points", xytext=(4, 4))
        if show_simplices:
            for k in range(len(self)):
                n = int(self.simplex_count[k])
                corners = self.simplex_w[k, :n]
                if n > 1:
                    closed = np.vstack([corners, corners[:1]]) if n > 2 else corners
                    ax.plot(closed[:, 0], closed[:, 1], "-", color="tab:gray",
                            alpha=0.3 + 0.7 * (k + 1) / len(self))
        ax.plot(self.closest[:, 0], self.closest[:, 1], ".", color="tab:orange",
                label="closest point of each simplex")
        if len(self):
            ax.plot(*self.closest[-1], "*", color="tab:red", markersize=12,
                    label="final closest point")
        r = self.result
        ax.set_title(f"GJK: distance {r.distance:.6g}, lower bound {r.lower_bound:.6g}, "
                     f"{len(self)} steps")
        ax.set_aspect("equal")
        ax.legend(loc="best", fontsize="small")
        return ax


def distance_trace(a: Shape, b: Shape, pose_a: PoseLike = None, pose_b: PoseLike = None, *,
                   tolerance: Optional[float] = None,
                   max_iterations: Optional[int] = None) -> Trace:
    """``distance`` recording every step of the search (``gjk_distance_trace``). Its answer is
    ``distance``'s, except on two small polygons (2D, 3 to 8 vertices each), which ``distance``
    answers with an exact kernel that has no steps: the two agree within the tolerance.
    ``NoConvergenceError`` carries the trace up to the cap in its ``result``."""
    placed, options = _placed(a, pose_a, b, pose_b), _options(tolerance, max_iterations)
    d = _dimension(a, b)
    out = ffi.new("GjkDistanceResult *")
    count = ffi.new("size_t *")
    steps = np.zeros(16, TRACE_STEP_DTYPE)
    while True:
        status = lib.gjk_distance_trace(*placed, options, out,
                                        ffi.cast("GjkTraceStep *", ffi.from_buffer(steps)),
                                        steps.shape[0], count)
        if status not in (lib.GJK_OK, lib.GJK_NO_CONVERGENCE) or count[0] <= steps.shape[0]:
            break
        steps = np.zeros(count[0], TRACE_STEP_DTYPE)  # cut short: again, with room for all
    if status not in (lib.GJK_OK, lib.GJK_NO_CONVERGENCE):
        raise error(status)
    s = steps[:count[0]]
    trace = Trace(_distance_result(out, d), s["iteration"], s["outcome"], s["direction"][:, :d],
                  s["support_a"][:, :d], s["support_b"][:, :d], s["support_w"][:, :d],
                  s["simplex_count"], s["simplex_w"][:, :, :d], s["simplex_a"][:, :, :d],
                  s["simplex_b"][:, :, :d], s["weights"], s["closest"][:, :d],
                  s["lower_bound"], s["upper_bound"])
    if status == lib.GJK_NO_CONVERGENCE:
        raise error(status, trace)
    return trace
