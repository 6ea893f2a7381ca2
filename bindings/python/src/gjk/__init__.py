"""gjk: convex collision detection in 2D and 3D (the Gilbert–Johnson–Keerthi algorithm), on
numpy arrays. A binding of the gjk C library, which this package carries.

>>> import numpy as np, gjk
>>> square = gjk.Polygon(np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=np.float32))
>>> disc = gjk.Circle(0.5)
>>> gjk.distance(square, disc, None, gjk.Pose([3.0, 0.5])).distance
1.5

Shapes (``Polygon``, ``Polytope``, ``Circle``, ``Sphere``, ``Ellipse``, ``Ellipsoid``,
``Stadium``, ``Capsule``, ``Rectangle``, ``Box``, ``Cylinder``, ``Cone``, ``Segment``,
``Point``, ``Rounded``: any of them grown by a radius, and ``SupportShape``: any convex shape
given by a Python support function) are placed by a ``Pose`` at query time; they pickle and
copy as their constructor's arguments. Queries: ``distance``, ``intersect`` (both warm-started
from a ``SimplexCache`` per pair with ``cache=``, or through a ``Pair`` that keeps its caches
and result: one C call per query), ``penetration``, ``signed_distance``,
``contact_manifold``, ``ray_cast``, ``shape_cast``, and ``distance_trace`` (every step of the
search, ``Trace.plot`` draws it); on many pairs at once, ``distance_batch``,
``intersect_batch``, ``penetration_batch`` (poses as an (N, 7) array built by ``poses`` /
``poses_from_matrices``) and ``pairs_within``. Failures raise ``GjkError`` subclasses carrying
the library's message; a query that reaches its iteration cap raises ``NoConvergenceError``
with the best answer found in its ``result``.
"""

from ._callback import SupportShape
from ._errors import (DimensionMismatchError, GjkError, InternalError, InvalidArgumentError,
                      NoConvergenceError, NullPointerError, last_error_message)
from ._native import ffi as _ffi, lib as _lib
from ._pose import Pose, poses, poses_from_matrices, quaternions_from_angles, quaternions_from_matrices
from ._queries import (ContactPoint, DistanceBatch, DistanceResult, Manifold, Pairs,
                       PenetrationBatch, PenetrationResult, RayHit, ShapeArray, ShapeCastHit,
                       contact_manifold, distance, distance_batch, intersect, intersect_batch,
                       pairs_within, penetration, penetration_batch, ray_cast, shape_cast,
                       signed_distance)
from ._trace import OUTCOMES, Trace, distance_trace
from ._warm import Pair, SimplexCache
from ._shapes import (Box, Capsule, Circle, Cone, Cylinder, Ellipse, Ellipsoid, Point, Polygon,
                      Polytope, Rectangle, Rounded, Segment, Shape, Sphere, Stadium, convex_hull)

#: The version of the C library this package carries.
library_version: str = _ffi.string(_lib.gjk_version()).decode()
__version__ = "0.1.0"

__all__ = [
    "Box", "Capsule", "Circle", "Cone", "ContactPoint", "Cylinder", "DimensionMismatchError",
    "DistanceBatch", "DistanceResult", "Ellipse", "Ellipsoid", "GjkError", "InternalError",
    "InvalidArgumentError", "Manifold", "NoConvergenceError", "NullPointerError", "OUTCOMES",
    "Pair", "Pairs", "PenetrationBatch", "PenetrationResult", "Point", "Polygon", "Polytope",
    "Pose", "RayHit", "Rectangle", "Rounded", "Segment", "Shape", "ShapeArray", "ShapeCastHit",
    "SimplexCache", "Sphere", "Stadium", "SupportShape", "Trace", "contact_manifold",
    "convex_hull", "distance", "distance_batch", "distance_trace", "intersect", "intersect_batch",
    "last_error_message", "library_version", "pairs_within", "penetration", "penetration_batch",
    "poses", "poses_from_matrices", "quaternions_from_angles", "quaternions_from_matrices",
    "ray_cast", "shape_cast", "signed_distance",
]
