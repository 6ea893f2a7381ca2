// What GJK did: the traced distance query (gjk_distance_trace), one record per support point.

using System;
using System.Runtime.InteropServices;

namespace GjkCollision
{
    /// <summary>What a traced step did with its support point (<c>GJK_STEP_*</c>).</summary>
    public enum GjkStepOutcome
    {
        /// <summary>The first support point: the simplex is this point alone.</summary>
        Started = 0,
        /// <summary>Added to the simplex, which was reduced to the face closest to the
        /// origin.</summary>
        Added = 1,
        /// <summary>Already a vertex of the simplex: the search has ended.</summary>
        Repeated = 2,
        /// <summary>The duality gap is within the tolerance: the search has converged.</summary>
        GapClosed = 3,
        /// <summary>Adding it would not bring the simplex nearer the origin: the search
        /// ends.</summary>
        NoProgress = 4,
    }

    /// <summary>Four points (the vertices of a simplex).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Double3x4
    {
#pragma warning disable 0649
        private Double3 p0;
        private Double3 p1;
        private Double3 p2;
        private Double3 p3;
#pragma warning restore 0649

        /// <summary>Point <paramref name="i"/>, 0 to 3.</summary>
        public Double3 this[int i]
        {
            get
            {
                switch (i)
                {
                    case 0: return p0;
                    case 1: return p1;
                    case 2: return p2;
                    case 3: return p3;
                    default: throw new ArgumentOutOfRangeException("i");
                }
            }
        }
    }

    /// <summary>One support-point evaluation of a traced distance query
    /// (<c>GjkTraceStep</c>), in the world frame; 2D queries have Z = 0. Only the library
    /// writes it.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GjkTraceStep
    {
#pragma warning disable 0649
        private uint iteration;
        private int outcome;
        private Double3 direction;
        private Double3 supportA;
        private Double3 supportB;
        private Double3 supportW;
        private uint simplexCount;
        private Double3x4 simplexW;
        private Double3x4 simplexA;
        private Double3x4 simplexB;
        private double weight0;
        private double weight1;
        private double weight2;
        private double weight3;
        private Double3 closest;
        private double lowerBound;
        private double upperBound;
#pragma warning restore 0649

        /// <summary>1 for the first step.</summary>
        public uint Iteration { get { return iteration; } }
        /// <summary>What became of the support point.</summary>
        public GjkStepOutcome Outcome { get { return (GjkStepOutcome)outcome; } }
        /// <summary>The direction the support point was asked for.</summary>
        public Double3 Direction { get { return direction; } }
        /// <summary>The support point of A.</summary>
        public Double3 SupportA { get { return supportA; } }
        /// <summary>The support point of B, in the opposite direction.</summary>
        public Double3 SupportB { get { return supportB; } }
        /// <summary>SupportA - SupportB: the support point of A - B.</summary>
        public Double3 SupportW { get { return supportW; } }
        /// <summary>The vertices of the simplex after this step: 1 to 4.</summary>
        public int SimplexCount { get { return (int)simplexCount; } }
        /// <summary>The simplex's points of A - B.</summary>
        public Double3x4 SimplexW { get { return simplexW; } }
        /// <summary>The points of A they come from.</summary>
        public Double3x4 SimplexA { get { return simplexA; } }
        /// <summary>The points of B they come from.</summary>
        public Double3x4 SimplexB { get { return simplexB; } }
        /// <summary>The barycentric weight of vertex <paramref name="i"/> in the closest
        /// point.</summary>
        public double Weight(int i)
        {
            switch (i)
            {
                case 0: return weight0;
                case 1: return weight1;
                case 2: return weight2;
                case 3: return weight3;
                default: throw new ArgumentOutOfRangeException("i");
            }
        }
        /// <summary>The simplex's point closest to the origin.</summary>
        public Double3 Closest { get { return closest; } }
        /// <summary>The best certified lower bound on the distance so far.</summary>
        public double LowerBound { get { return lowerBound; } }
        /// <summary>The distance as known so far (an upper bound).</summary>
        public double UpperBound { get { return upperBound; } }
    }

    public static partial class Gjk
    {
        /// <summary><see cref="Distance(Shape, GjkPose, Shape, GjkPose)"/>, also returning
        /// every step of the search (for debugging and pictures; it allocates the array).
        /// Errors are thrown as by <c>Distance</c>.</summary>
        public static GjkTraceStep[] DistanceTrace(
            Shape a, GjkPose poseA, Shape b, GjkPose poseB, out GjkDistanceResult result)
        {
            return DistanceTrace(a, poseA, b, poseB, GjkNative.gjk_query_options_default(),
                out result);
        }

        /// <summary><see cref="DistanceTrace(Shape, GjkPose, Shape, GjkPose, out
        /// GjkDistanceResult)"/> with options; the iteration cap raises
        /// <see cref="GjkNoConvergenceException{T}"/> whose <c>Result</c> is the steps up to
        /// the cap (see <see cref="TryDistanceTrace"/>).</summary>
        public static GjkTraceStep[] DistanceTrace(
            Shape a, GjkPose poseA, Shape b, GjkPose poseB, GjkQueryOptions options,
            out GjkDistanceResult result)
        {
            GjkTraceStep[] steps;
            bool converged = TryDistanceTrace(a, poseA, b, poseB, options, out steps, out result);
            return Converged(converged, steps);
        }

        /// <summary>The traced distance query with options. Returns false when the iteration
        /// cap was reached first: <paramref name="steps"/> then holds the steps up to the cap
        /// and <paramref name="result"/> the bounds found.</summary>
        public static bool TryDistanceTrace(
            Shape a, GjkPose poseA, Shape b, GjkPose poseB, GjkQueryOptions options,
            out GjkTraceStep[] steps, out GjkDistanceResult result)
        {
            CheckShapes(a, b);
            steps = new GjkTraceStep[16];
            UIntPtr count;
            GjkStatus status = GjkNative.gjk_distance_trace(a, ref poseA, b, ref poseB,
                ref options, out result, steps, (UIntPtr)steps.Length, out count);
            if ((status == GjkStatus.Ok || status == GjkStatus.NoConvergence)
                && (ulong)count > (ulong)steps.Length)
            {
                steps = new GjkTraceStep[(int)count];
                status = GjkNative.gjk_distance_trace(a, ref poseA, b, ref poseB, ref options,
                    out result, steps, (UIntPtr)steps.Length, out count);
            }
            bool converged = CheckAnswered(status);
            Array.Resize(ref steps, (int)Math.Min((ulong)count, (ulong)steps.Length));
            return converged;
        }
    }
}
