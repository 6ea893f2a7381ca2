// The blittable value types shared with the C API. Their layouts match include/gjk.h field for
// field, so queries pass and receive them in place, without copies or allocations.

using System;
using System.Globalization;
using System.Runtime.InteropServices;

namespace GjkCollision
{
    /// <summary>A 2D point of floats, laid out as Unity's <c>Vector2</c> (x, y).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Vec2
    {
        public float X;
        public float Y;

        public Vec2(float x, float y)
        {
            X = x;
            Y = y;
        }
    }

    /// <summary>A 3D point of floats, laid out as Unity's <c>Vector3</c> (x, y, z).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Vec3
    {
        public float X;
        public float Y;
        public float Z;

        public Vec3(float x, float y, float z)
        {
            X = x;
            Y = y;
            Z = z;
        }
    }

    /// <summary>A point or vector of doubles (a <c>double[3]</c> of the C API). 2D results
    /// use X and Y, with Z = 0.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public partial struct Double3
    {
        public double X;
        public double Y;
        public double Z;

        public Double3(double x, double y, double z)
        {
            X = x;
            Y = y;
            Z = z;
        }

        /// <summary>(x, y, 0).</summary>
        public Double3(double x, double y)
        {
            X = x;
            Y = y;
            Z = 0.0;
        }

        public static Double3 Zero
        {
            get { return new Double3(0.0, 0.0, 0.0); }
        }

        public override string ToString()
        {
            return string.Format(CultureInfo.InvariantCulture, "({0}, {1}, {2})", X, Y, Z);
        }
    }

    /// <summary>A rotation as a unit quaternion (x, y, z, w), Unity's order (a
    /// <c>double[4]</c> of the C API). A quaternion whose norm is within 1e-3 of 1 is normalised
    /// by the library, so float quaternions are accepted; any other is rejected.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public partial struct Rotation
    {
        public double X;
        public double Y;
        public double Z;
        public double W;

        public Rotation(double x, double y, double z, double w)
        {
            X = x;
            Y = y;
            Z = z;
            W = w;
        }

        /// <summary>No rotation: (0, 0, 0, 1).</summary>
        public static Rotation Identity
        {
            get { return new Rotation(0.0, 0.0, 0.0, 1.0); }
        }

        /// <summary>A counter-clockwise rotation by <paramref name="angle"/> radians about
        /// <paramref name="axis"/> (any non-zero length).</summary>
        public static Rotation FromAxisAngle(Double3 axis, double angle)
        {
            double length = Math.Sqrt(axis.X * axis.X + axis.Y * axis.Y + axis.Z * axis.Z);
            double s = Math.Sin(0.5 * angle) / length;
            return new Rotation(axis.X * s, axis.Y * s, axis.Z * s, Math.Cos(0.5 * angle));
        }
    }

    /// <summary>
    /// A rigid placement (<c>GjkPose</c>): a position and a rotation. 2D shapes use the x and y of
    /// the position and accept rotations about z only. <c>default(GjkPose)</c> is the identity:
    /// the library reads a rotation of all zeros as no rotation, so an unset pose field is
    /// valid.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public partial struct GjkPose
    {
        public Double3 Position;
        public Rotation Rotation;

        public GjkPose(Double3 position, Rotation rotation)
        {
            Position = position;
            Rotation = rotation;
        }

        /// <summary>A translation without rotation.</summary>
        public GjkPose(double x, double y, double z)
        {
            Position = new Double3(x, y, z);
            Rotation = Rotation.Identity;
        }

        /// <summary>The identity: shapes stay in their local frame.</summary>
        public static GjkPose Identity
        {
            get { return new GjkPose(Double3.Zero, Rotation.Identity); }
        }

        /// <summary>A 2D pose: position (x, y) and a counter-clockwise angle in radians
        /// (<c>gjk_pose_2d</c>).</summary>
        public static GjkPose From2D(double x, double y, double angle)
        {
            return GjkNative.gjk_pose_2d(x, y, angle);
        }
    }

    /// <summary>The settings of a query (<c>GjkQueryOptions</c>); start from
    /// <see cref="Default"/>.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GjkQueryOptions
    {
        /// <summary>Stop when the distance is known within this fraction of itself; in [0, 1).
        /// Default 1e-12.</summary>
        public double RelativeTolerance;
        /// <summary>The most support-point evaluations; at least 1. Default 128.</summary>
        public uint MaxIterations;
        // C bool: one byte, 0 or 1 (a byte keeps the struct blittable).
        private byte exact;

        /// <summary>Exact mode (default false), for the distance and boolean queries and their
        /// batch forms: the verdict is exact, never a tolerance call, and near touching
        /// [LowerBound, Distance] are the adjacent doubles around the exact distance. Both
        /// shapes must be point sets, possibly rounded (polygons, polytopes, boxes, segments,
        /// points, circles, spheres, capsules and such shapes rounded); others fail with
        /// GJK_INVALID_ARGUMENT naming <c>exact</c>.</summary>
        public bool Exact
        {
            get { return exact != 0; }
            set { exact = value ? (byte)1 : (byte)0; }
        }

        public GjkQueryOptions(double relativeTolerance, uint maxIterations, bool exact = false)
        {
            RelativeTolerance = relativeTolerance;
            MaxIterations = maxIterations;
            this.exact = exact ? (byte)1 : (byte)0;
        }

        /// <summary>The library's defaults (<c>gjk_query_options_default</c>).</summary>
        public static GjkQueryOptions Default
        {
            get { return GjkNative.gjk_query_options_default(); }
        }
    }

    /// <summary>The answer of a distance query (<c>GjkDistanceResult</c>), in the world frame.
    /// 2D results use X and Y, with Z = 0. Only the library writes it.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GjkDistanceResult
    {
        // Written by the native library only: the compiler cannot see that.
#pragma warning disable 0649
        private double distance;
        private Double3 pointA;
        private Double3 pointB;
        private Double3 normal;
        private double lowerBound;
        private uint iterations;
        // C bool: one byte, 0 or 1 (a byte keeps the struct blittable).
        private byte intersecting;
        private byte toleranceCall;
#pragma warning restore 0649

        /// <summary>The distance, rounded up: never below the exact distance. 0 when the
        /// shapes are proven to overlap or touch; shapes within rounding of touching are called
        /// intersecting with this upper bound instead (see <see cref="ToleranceCall"/>).</summary>
        public double Distance
        {
            get { return distance; }
        }

        /// <summary>The closest point on A (when intersecting: a point common to both).</summary>
        public Double3 PointA
        {
            get { return pointA; }
        }

        /// <summary>The closest point on B.</summary>
        public Double3 PointB
        {
            get { return pointB; }
        }

        /// <summary>The unit vector from A towards B; any unit vector when intersecting.</summary>
        public Double3 Normal
        {
            get { return normal; }
        }

        /// <summary>Certified: LowerBound &lt;= exact distance &lt;= Distance, rounding
        /// included.</summary>
        public double LowerBound
        {
            get { return lowerBound; }
        }

        /// <summary>The support-point evaluations made; 0 for two small 2D polygons (3 to 8
        /// vertices), which an exact kernel answers without a search.</summary>
        public uint Iterations
        {
            get { return iterations; }
        }

        /// <summary>Whether the shapes overlap or touch (touching intersects).</summary>
        public bool Intersecting
        {
            get { return intersecting != 0; }
        }

        /// <summary>Whether <see cref="Intersecting"/> is a call within the touching
        /// tolerance rather than a proof: intersecting with a Distance above 0, or apart with a
        /// LowerBound of 0. Either way the exact distance lies in [LowerBound,
        /// Distance].</summary>
        public bool ToleranceCall
        {
            get { return toleranceCall != 0; }
        }
    }

    /// <summary>The answer of a penetration query (<c>GjkPenetrationResult</c>), in the world
    /// frame. 2D results use X and Y, with Z = 0. Only the library writes it.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GjkPenetrationResult
    {
        // Written by the native library only: the compiler cannot see that.
#pragma warning disable 0649
        private double signedDistance;
        private Double3 pointA;
        private Double3 pointB;
        private Double3 normal;
        private uint iterations;
        // C bool: one byte, 0 or 1 (a byte keeps the struct blittable).
        private byte intersecting;
#pragma warning restore 0649

        /// <summary>Below 0: minus the penetration depth (the shortest translation that
        /// separates the shapes). From 0 up: the distance (0 when touching).</summary>
        public double SignedDistance
        {
            get { return signedDistance; }
        }

        /// <summary>The deepest point of A inside B, or the point of A closest to B.</summary>
        public Double3 PointA
        {
            get { return pointA; }
        }

        /// <summary>The deepest point of B inside A, or the point of B closest to A.</summary>
        public Double3 PointB
        {
            get { return pointB; }
        }

        /// <summary>The unit vector from A towards B: translating B by
        /// -SignedDistance * Normal makes the shapes touch.</summary>
        public Double3 Normal
        {
            get { return normal; }
        }

        /// <summary>The support-point evaluations made (GJK and EPA together); 0 for two small
        /// 2D polygons (3 to 8 vertices), which an exact kernel answers.</summary>
        public uint Iterations
        {
            get { return iterations; }
        }

        /// <summary>Whether the shapes overlap or touch.</summary>
        public bool Intersecting
        {
            get { return intersecting != 0; }
        }
    }

    /// <summary>A point of a <see cref="GjkManifold"/> (<c>GjkContactPoint</c>), in the world
    /// frame (2D: Z = 0). Only the library writes it.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GjkContactPoint
    {
#pragma warning disable 0649
        private Double3 pointA;
        private Double3 pointB;
        private double separation;
        private uint id;
#pragma warning restore 0649

        /// <summary>The point on A.</summary>
        public Double3 PointA
        {
            get { return pointA; }
        }

        /// <summary>The point on B: (PointB - PointA) . Normal = Separation.</summary>
        public Double3 PointB
        {
            get { return pointB; }
        }

        /// <summary>The distance from A to B along the manifold's normal here: below 0 where the
        /// shapes overlap (minus the depth there).</summary>
        public double Separation
        {
            get { return separation; }
        }

        /// <summary>The touching features of both shapes: the same while they touch (a solver
        /// carries its impulses over by it), different when others do.</summary>
        public uint Id
        {
            get { return id; }
        }
    }

    /// <summary>The answer of <see cref="Gjk.ContactManifold(Shape, GjkPose, Shape, GjkPose,
    /// double)"/> (<c>GjkManifold</c>): the normal from A towards B and up to 2 (2D) or 4 (3D)
    /// contact points. Only the library writes it; it allocates nothing.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GjkManifold
    {
#pragma warning disable 0649
        private Double3 normal;
        private int count;
        private GjkContactPoint point0;
        private GjkContactPoint point1;
        private GjkContactPoint point2;
        private GjkContactPoint point3;
#pragma warning restore 0649

        /// <summary>The unit contact normal, from A towards B.</summary>
        public Double3 Normal
        {
            get { return normal; }
        }

        /// <summary>How many points there are: 0 when the shapes are farther apart than the
        /// margin, at most 2 in 2D and 4 in 3D.</summary>
        public int Count
        {
            get { return count; }
        }

        /// <summary>Point <paramref name="index"/>, from 0 to <see cref="Count"/> - 1.</summary>
        public GjkContactPoint this[int index]
        {
            get
            {
                if (index < 0 || index >= count)
                {
                    throw new ArgumentOutOfRangeException(
                        "index", index, "the manifold has " + count + " points");
                }
                switch (index)
                {
                    case 0: return point0;
                    case 1: return point1;
                    case 2: return point2;
                    default: return point3;
                }
            }
        }
    }

    /// <summary>An axis-aligned box in the world frame (2D: Z = 0 at both corners).</summary>
    public struct GjkAabb
    {
        /// <summary>The least coordinate on each axis.</summary>
        public Double3 Min;

        /// <summary>The largest coordinate on each axis.</summary>
        public Double3 Max;
    }
}
