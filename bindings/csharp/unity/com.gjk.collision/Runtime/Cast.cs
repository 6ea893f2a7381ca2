// Casts: the first hit of a ray and the first contact of two shapes in linear motion
// (gjk_ray_cast, gjk_shape_cast and their _ex variants).

using System.Runtime.InteropServices;

namespace GjkCollision
{
    /// <summary>The first hit of a ray (<c>GjkRayHit</c>), in the world frame. 2D results use X
    /// and Y, with Z = 0. When <see cref="Hit"/> is false the other fields are 0. Only the
    /// library writes it.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GjkRayHit
    {
        // Written by the native library only: the compiler cannot see that.
#pragma warning disable 0649
        private double t;
        private Double3 point;
        private Double3 normal;
        private uint iterations;
        // C bools: one byte each, 0 or 1 (bytes keep the struct blittable).
        private byte hit;
        private byte startedInside;
#pragma warning restore 0649

        /// <summary>The ray parameter of the hit: the point is origin + T * direction; 0 when
        /// the ray starts inside.</summary>
        public double T
        {
            get { return t; }
        }

        /// <summary>The point hit.</summary>
        public Double3 Point
        {
            get { return point; }
        }

        /// <summary>The unit outward normal at the hit; minus the unit direction when the ray
        /// starts inside.</summary>
        public Double3 Normal
        {
            get { return normal; }
        }

        /// <summary>The support-point evaluations made (0 for spheres and boxes).</summary>
        public uint Iterations
        {
            get { return iterations; }
        }

        /// <summary>Whether the ray hits the shape within [0, maxT].</summary>
        public bool Hit
        {
            get { return hit != 0; }
        }

        /// <summary>Whether the ray starts inside the shape or on it (then T = 0).</summary>
        public bool StartedInside
        {
            get { return startedInside != 0; }
        }
    }

    /// <summary>The first contact of two shapes in linear motion (<c>GjkShapeCastHit</c>), in
    /// the world frame at the time of contact. 2D results use X and Y, with Z = 0. When
    /// <see cref="Hit"/> is false the other fields are 0. Only the library writes it.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GjkShapeCastHit
    {
        // Written by the native library only: the compiler cannot see that.
#pragma warning disable 0649
        private double t;
        private Double3 pointA;
        private Double3 pointB;
        private Double3 normal;
        private double signedDistance;
        private uint iterations;
        // C bools: one byte each, 0 or 1 (bytes keep the struct blittable).
        private byte hit;
        private byte startedWithin;
#pragma warning restore 0649

        /// <summary>The time of contact; 0 when the shapes already are within the target.</summary>
        public double T
        {
            get { return t; }
        }

        /// <summary>The point of A closest to B at time T.</summary>
        public Double3 PointA
        {
            get { return pointA; }
        }

        /// <summary>The point of B closest to A at time T.</summary>
        public Double3 PointB
        {
            get { return pointB; }
        }

        /// <summary>The unit normal from A towards B at time T.</summary>
        public Double3 Normal
        {
            get { return normal; }
        }

        /// <summary>The signed distance at time T: the target separation for a later contact;
        /// at T = 0 the distance, or minus the penetration depth when overlapping.</summary>
        public double SignedDistance
        {
            get { return signedDistance; }
        }

        /// <summary>The support-point evaluations made over all steps.</summary>
        public uint Iterations
        {
            get { return iterations; }
        }

        /// <summary>Whether the shapes come within the target separation in [0, maxT].</summary>
        public bool Hit
        {
            get { return hit != 0; }
        }

        /// <summary>Whether they already were at T = 0.</summary>
        public bool StartedWithin
        {
            get { return startedWithin != 0; }
        }
    }

    public static partial class Gjk
    {
        /// <summary>The first hit of the ray origin + t * direction, 0 &lt;= t &lt;= maxT
        /// (infinity allowed), on <paramref name="shape"/> placed by <paramref name="pose"/>.
        /// Throws <see cref="GjkException"/> on a zero direction, NaN, a negative maxT, or when
        /// the iteration cap is reached.</summary>
        public static GjkRayHit RayCast(
            Shape shape, GjkPose pose, Double3 origin, Double3 direction,
            double maxT = double.PositiveInfinity)
        {
            return RayCast(shape, pose, origin, direction, maxT, GjkNative.gjk_query_options_default());
        }

        /// <summary><see cref="RayCast(Shape, GjkPose, Double3, Double3, double)"/> with
        /// options.</summary>
        public static GjkRayHit RayCast(
            Shape shape, GjkPose pose, Double3 origin, Double3 direction, double maxT,
            GjkQueryOptions options)
        {
            CheckShapes(shape, shape);
            GjkRayHit result;
            Check(GjkNative.gjk_ray_cast_ex(
                shape, ref pose, ref origin, ref direction, maxT, ref options, out result));
            return result;
        }

        /// <summary>The first time in [0, maxT] at which <paramref name="a"/> (placed by
        /// <paramref name="poseA"/>, moving with <paramref name="velocityA"/>) and
        /// <paramref name="b"/> come within <paramref name="targetSeparation"/> (0: touch).
        /// Throws <see cref="GjkException"/> on bad input or when the iteration cap is
        /// reached.</summary>
        public static GjkShapeCastHit ShapeCast(
            Shape a, GjkPose poseA, Double3 velocityA, Shape b, GjkPose poseB, Double3 velocityB,
            double maxT = double.PositiveInfinity, double targetSeparation = 0.0)
        {
            return ShapeCast(a, poseA, velocityA, b, poseB, velocityB, maxT, targetSeparation,
                GjkNative.gjk_query_options_default());
        }

        /// <summary><see cref="ShapeCast(Shape, GjkPose, Double3, Shape, GjkPose, Double3,
        /// double, double)"/> with options.</summary>
        public static GjkShapeCastHit ShapeCast(
            Shape a, GjkPose poseA, Double3 velocityA, Shape b, GjkPose poseB, Double3 velocityB,
            double maxT, double targetSeparation, GjkQueryOptions options)
        {
            CheckShapes(a, b);
            GjkShapeCastHit result;
            Check(GjkNative.gjk_shape_cast_ex(a, ref poseA, ref velocityA, b, ref poseB,
                ref velocityB, maxT, targetSeparation, ref options, out result));
            return result;
        }
    }
}
