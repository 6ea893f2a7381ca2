// Shapes: owned handles of the library's immutable shapes, and their constructors.

using System;
using System.Runtime.InteropServices;

namespace GjkCollision
{
    /// <summary>
    /// An immutable convex shape in its local frame, 2D or 3D: a handle to a native
    /// <c>GjkShape</c>, freed by <see cref="SafeHandle.Dispose()"/> (or by the finalizer if never
    /// disposed). A shape may be queried by any number of threads at once; disposing it while a
    /// query runs defers the release until the query returns, and a disposed shape raises
    /// <see cref="ObjectDisposedException"/> in later queries.
    /// </summary>
    /// <remarks>
    /// Point arrays are read in place (pinned for the call, not copied by the binding) and copied
    /// by the library, so they may be reused or changed afterwards. The overloads with a
    /// <c>count</c> use the first <c>count</c> points of a larger buffer. Invalid input raises
    /// <see cref="GjkException"/> with the library's message.
    /// </remarks>
    public sealed partial class Shape : SafeHandle
    {
        // Called by the P/Invoke marshaller for the out parameters of the gjk_*_new functions.
#if UNITY_5_3_OR_NEWER
        [UnityEngine.Scripting.Preserve]
#endif
        private Shape() : base(IntPtr.Zero, true)
        {
        }

        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }

        protected override bool ReleaseHandle()
        {
            GjkNative.gjk_shape_free(handle);
            return true;
        }

        /// <summary>The dimension of the shape: 2 or 3.</summary>
        public int Dimension
        {
            get { return (int)GjkNative.gjk_shape_dimension(this); }
        }

        /// <summary>The convex hull of 2D points given as x0, y0, x1, y1, ... The points may be in
        /// any order, repeated, inside the hull, collinear or a single point.</summary>
        public static Shape Polygon(double[] xy)
        {
            return Polygon(xy, WholePoints(xy, 2, "xy"));
        }

        /// <summary>The convex hull of the first <paramref name="count"/> points of
        /// <paramref name="xy"/> (x0, y0, x1, y1, ...).</summary>
        public static Shape Polygon(double[] xy, int count)
        {
            Shape shape;
            return Created(GjkNative.gjk_polygon_new(xy, Count(xy, 2, count), out shape), shape);
        }

        /// <summary><see cref="Polygon(double[])"/> without the hull's edge graph: creation
        /// costs only the copy (polygons of 512 points or more otherwise build the graph, about
        /// 0.2 ms at 1024 points), support points scan every point. For polygons made for a few
        /// queries.</summary>
        public static Shape PolygonScanning(double[] xy)
        {
            Shape shape;
            return Created(
                GjkNative.gjk_polygon_new_scanning(
                    xy, Count(xy, 2, WholePoints(xy, 2, "xy")), out shape),
                shape);
        }

        /// <summary><see cref="PolygonScanning(double[])"/> from single-precision x0, y0, x1,
        /// ..., widened exactly to doubles.</summary>
        public static Shape PolygonScanning(float[] xy)
        {
            Shape shape;
            return Created(
                GjkNative.gjk_polygon_new_scanning_f32(
                    xy, Count(xy, 2, WholePoints(xy, 2, "xy")), out shape),
                shape);
        }

        /// <summary>The convex hull of 2D points given as single-precision x0, y0, x1, y1, ...,
        /// widened exactly to doubles.</summary>
        public static Shape Polygon(float[] xy)
        {
            return Polygon(xy, WholePoints(xy, 2, "xy"));
        }

        /// <summary>The convex hull of the first <paramref name="count"/> points of
        /// <paramref name="xy"/> (single-precision x0, y0, x1, y1, ...).</summary>
        public static Shape Polygon(float[] xy, int count)
        {
            Shape shape;
            return Created(
                GjkNative.gjk_polygon_new_f32(xy, Count(xy, 2, count), out shape), shape);
        }

        /// <summary>The convex hull of 2D single-precision points.</summary>
        public static Shape Polygon(Vec2[] points)
        {
            return Polygon(points, points == null ? 0 : points.Length);
        }

        /// <summary>The convex hull of the first <paramref name="count"/> points.</summary>
        public static Shape Polygon(Vec2[] points, int count)
        {
            Shape shape;
            return Created(
                GjkNative.gjk_polygon_new_f32(points, Count(points, 1, count), out shape), shape);
        }

        /// <summary>The convex hull of 3D points given as x0, y0, z0, x1, ... The points may be in
        /// any order, repeated, inside the hull, coplanar, collinear or a single point.</summary>
        public static Shape Polytope(double[] xyz)
        {
            return Polytope(xyz, WholePoints(xyz, 3, "xyz"));
        }

        /// <summary>The convex hull of the first <paramref name="count"/> points of
        /// <paramref name="xyz"/> (x0, y0, z0, x1, ...).</summary>
        public static Shape Polytope(double[] xyz, int count)
        {
            Shape shape;
            return Created(GjkNative.gjk_polytope_new(xyz, Count(xyz, 3, count), out shape), shape);
        }

        /// <summary><see cref="Polytope(double[])"/> without the hull's edge graph: creation
        /// costs only the copy (polytopes of 512 points or more otherwise build the graph, about
        /// 1 ms at 1024 points), support points scan every point. For polytopes made for a few
        /// queries, such as a sensor's point cloud each frame.</summary>
        public static Shape PolytopeScanning(double[] xyz)
        {
            Shape shape;
            return Created(
                GjkNative.gjk_polytope_new_scanning(
                    xyz, Count(xyz, 3, WholePoints(xyz, 3, "xyz")), out shape),
                shape);
        }

        /// <summary><see cref="PolytopeScanning(double[])"/> from single-precision x0, y0,
        /// z0, x1, ..., widened exactly to doubles.</summary>
        public static Shape PolytopeScanning(float[] xyz)
        {
            Shape shape;
            return Created(
                GjkNative.gjk_polytope_new_scanning_f32(
                    xyz, Count(xyz, 3, WholePoints(xyz, 3, "xyz")), out shape),
                shape);
        }

        /// <summary>The convex hull of 3D points given as single-precision x0, y0, z0, x1, ...,
        /// widened exactly to doubles.</summary>
        public static Shape Polytope(float[] xyz)
        {
            return Polytope(xyz, WholePoints(xyz, 3, "xyz"));
        }

        /// <summary>The convex hull of the first <paramref name="count"/> points of
        /// <paramref name="xyz"/> (single-precision x0, y0, z0, x1, ...).</summary>
        public static Shape Polytope(float[] xyz, int count)
        {
            Shape shape;
            return Created(
                GjkNative.gjk_polytope_new_f32(xyz, Count(xyz, 3, count), out shape), shape);
        }

        /// <summary>The convex hull of 3D single-precision points.</summary>
        public static Shape Polytope(Vec3[] points)
        {
            return Polytope(points, points == null ? 0 : points.Length);
        }

        /// <summary>The convex hull of the first <paramref name="count"/> points.</summary>
        public static Shape Polytope(Vec3[] points, int count)
        {
            Shape shape;
            return Created(
                GjkNative.gjk_polytope_new_f32(points, Count(points, 1, count), out shape), shape);
        }

        /// <summary>A circle centred at the local origin (radius 0 is a point).</summary>
        public static Shape Circle(double radius)
        {
            Shape shape;
            return Created(GjkNative.gjk_circle_new(radius, out shape), shape);
        }

        /// <summary>A sphere centred at the local origin.</summary>
        public static Shape Sphere(double radius)
        {
            Shape shape;
            return Created(GjkNative.gjk_sphere_new(radius, out shape), shape);
        }

        /// <summary>An axis-aligned ellipse with semi-axes <paramref name="halfX"/>,
        /// <paramref name="halfY"/>.</summary>
        public static Shape Ellipse(double halfX, double halfY)
        {
            Shape shape;
            return Created(GjkNative.gjk_ellipse_new(halfX, halfY, out shape), shape);
        }

        /// <summary>An axis-aligned ellipsoid with semi-axes <paramref name="halfX"/>,
        /// <paramref name="halfY"/>, <paramref name="halfZ"/>.</summary>
        public static Shape Ellipsoid(double halfX, double halfY, double halfZ)
        {
            Shape shape;
            return Created(GjkNative.gjk_ellipsoid_new(halfX, halfY, halfZ, out shape), shape);
        }

        /// <summary>A 2D stadium (racetrack): the points within <paramref name="radius"/> of the
        /// segment from (-halfLength, 0) to (halfLength, 0).</summary>
        public static Shape Stadium(double halfLength, double radius)
        {
            Shape shape;
            return Created(GjkNative.gjk_stadium_new(halfLength, radius, out shape), shape);
        }

        /// <summary>A 3D capsule: the points within <paramref name="radius"/> of the segment from
        /// (0, 0, -halfLength) to (0, 0, halfLength).</summary>
        public static Shape Capsule(double halfLength, double radius)
        {
            Shape shape;
            return Created(GjkNative.gjk_capsule_new(halfLength, radius, out shape), shape);
        }

        /// <summary>A 3D cylinder along z (like <see cref="Capsule"/>): the disc of
        /// <paramref name="radius"/> in the xy plane swept from z = -halfHeight to
        /// z = halfHeight. For Unity's y-up convention, see the Unity layer
        /// (<c>GjkUnity</c>).</summary>
        public static Shape Cylinder(double halfHeight, double radius)
        {
            Shape shape;
            return Created(GjkNative.gjk_cylinder_new(halfHeight, radius, out shape), shape);
        }

        /// <summary>A 3D cone along z: its base, the disc of <paramref name="radius"/>, at
        /// z = -halfHeight and its apex at z = halfHeight (the local origin is the middle of the
        /// axis).</summary>
        public static Shape Cone(double halfHeight, double radius)
        {
            Shape shape;
            return Created(GjkNative.gjk_cone_new(halfHeight, radius, out shape), shape);
        }

        /// <summary>A new shape: <paramref name="shape"/> (2D or 3D) grown by
        /// <paramref name="radius"/> in every direction, exactly (a rounded box or polygon, a
        /// <c>BoxCollider2D</c> with an <c>edgeRadius</c>). Radii add up: a rounded circle,
        /// sphere, stadium, capsule or rounded shape is the same kind with the radii summed.
        /// <paramref name="shape"/> is copied and stays the caller's to dispose.</summary>
        public static Shape Rounded(Shape shape, double radius)
        {
            CheckLive(shape, "shape");
            Shape rounded;
            rounded = Created(GjkNative.gjk_rounded_new(shape, radius, out rounded), rounded);
            rounded.callsManagedCode = shape.callsManagedCode;
            return rounded;
        }

        /// <summary>Raises <see cref="ArgumentNullException"/> or
        /// <see cref="ObjectDisposedException"/> naming the argument <paramref name="name"/>
        /// when <paramref name="shape"/> is null or disposed.</summary>
        internal static void CheckLive(Shape shape, string name)
        {
            if (shape == null)
            {
                throw new ArgumentNullException(name);
            }
            if (shape.IsClosed)
            {
                throw new ObjectDisposedException(name, "the shape " + name + " was disposed");
            }
        }

        /// <summary>An axis-aligned rectangle with half extents <paramref name="halfX"/>,
        /// <paramref name="halfY"/>.</summary>
        public static Shape Rectangle(double halfX, double halfY)
        {
            Shape shape;
            return Created(GjkNative.gjk_rectangle_new(halfX, halfY, out shape), shape);
        }

        /// <summary>An axis-aligned box with half extents <paramref name="halfX"/>,
        /// <paramref name="halfY"/>, <paramref name="halfZ"/>.</summary>
        public static Shape Box(double halfX, double halfY, double halfZ)
        {
            Shape shape;
            return Created(GjkNative.gjk_box_new(halfX, halfY, halfZ, out shape), shape);
        }

        /// <summary>A 2D point at (x, y).</summary>
        public static Shape Point2D(double x, double y)
        {
            Shape shape;
            return Created(GjkNative.gjk_point2d_new(x, y, out shape), shape);
        }

        /// <summary>A 3D point at (x, y, z).</summary>
        public static Shape Point3D(double x, double y, double z)
        {
            Shape shape;
            return Created(GjkNative.gjk_point3d_new(x, y, z, out shape), shape);
        }

        /// <summary>The 2D segment from (x0, y0) to (x1, y1).</summary>
        public static Shape Segment2D(double x0, double y0, double x1, double y1)
        {
            Shape shape;
            return Created(GjkNative.gjk_segment2d_new(x0, y0, x1, y1, out shape), shape);
        }

        /// <summary>The 3D segment from (x0, y0, z0) to (x1, y1, z1).</summary>
        public static Shape Segment3D(
            double x0, double y0, double z0, double x1, double y1, double z1)
        {
            Shape shape;
            return Created(GjkNative.gjk_segment3d_new(x0, y0, z0, x1, y1, z1, out shape), shape);
        }

        /// <summary>The shape a constructor made, or its failure as a
        /// <see cref="GjkException"/> (the message is read first, on this thread), or as the
        /// exception a support delegate threw.</summary>
        private static Shape Created(GjkStatus status, Shape shape)
        {
            if (status == GjkStatus.Ok)
            {
                return shape;
            }
            GjkException error = GjkException.FromLastError(status);
            shape.Dispose();
            SupportCallback.RethrowPending();
            throw error;
        }

        /// <summary>The number of points in a flat coordinate array, which must hold whole points;
        /// 0 for null (the library then reports the null array).</summary>
        private static int WholePoints(Array flat, int dimension, string name)
        {
            if (flat == null)
            {
                return 0;
            }
            if (flat.Length % dimension != 0)
            {
                throw new ArgumentException(
                    "holds " + flat.Length + " values, not a multiple of " + dimension, name);
            }
            return flat.Length / dimension;
        }

        /// <summary><paramref name="count"/> as a size_t, checked against the array, which holds
        /// <paramref name="valuesPerPoint"/> elements per point.</summary>
        private static UIntPtr Count(Array values, int valuesPerPoint, int count)
        {
            long available = values == null ? 0 : values.Length / valuesPerPoint;
            if (count < 0 || (values != null && count > available))
            {
                throw new ArgumentOutOfRangeException(
                    "count", count, "the array holds " + available + " points");
            }
            return new UIntPtr((uint)count);
        }
    }
}
