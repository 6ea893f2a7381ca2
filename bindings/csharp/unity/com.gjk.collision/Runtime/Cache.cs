// Warm starts: a simplex cache per pair of shapes, kept across frames
// (gjk_distance_cached, gjk_intersect_cached).

using System.Runtime.InteropServices;

namespace GjkCollision
{
    /// <summary>Where the last query of a pair of shapes ended, for the next query of the same
    /// pair to start there (<c>GjkSimplexCache</c>). Keep one per pair (in the same order), as a
    /// field of whatever owns the pair; <c>default(GjkSimplexCache)</c> is empty. Its content is
    /// the library's business, and any content is safe: a cache of another pair only loses the
    /// speed-up.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GjkSimplexCache
    {
        // Written by the native library only: the compiler cannot see that.
#pragma warning disable 0649
        private uint count;
        private uint dimension;
        private Index4 indexA;
        private Index4 indexB;
        private Double3 direction0;
        private Double3 direction1;
        private Double3 direction2;
        private Double3 direction3;
#pragma warning restore 0649

        /// <summary>The number of simplex vertices remembered (0: the next query starts
        /// afresh).</summary>
        public uint Count
        {
            get { return count; }
        }

        /// <summary>Forgets the simplex.</summary>
        public void Clear()
        {
            this = default(GjkSimplexCache);
        }

        [StructLayout(LayoutKind.Sequential)]
        private struct Index4
        {
#pragma warning disable 0649
            private long i0;
            private long i1;
            private long i2;
            private long i3;
#pragma warning restore 0649
        }
    }

    public static partial class Gjk
    {
        /// <summary><see cref="Distance(Shape, GjkPose, Shape, GjkPose)"/> warm-started from
        /// <paramref name="cache"/>, which then holds this query's final simplex: for shapes that
        /// move a little between frames it usually costs one or two support evaluations.</summary>
        public static GjkDistanceResult Distance(
            Shape a, GjkPose poseA, Shape b, GjkPose poseB, ref GjkSimplexCache cache)
        {
            CheckShapes(a, b);
            GjkQueryOptions options = GjkNative.gjk_query_options_default();
            GjkDistanceResult result;
            bool converged = CheckAnswered(GjkNative.gjk_distance_cached(
                a, ref poseA, b, ref poseB, ref options, ref cache, out result));
            return Converged(converged, result);
        }

        /// <summary><see cref="Intersect(Shape, GjkPose, Shape, GjkPose)"/> warm-started from
        /// <paramref name="cache"/>, which then holds this query's proof (the simplex enclosing the
        /// origin, or the direction separating the shapes).</summary>
        public static bool Intersect(
            Shape a, GjkPose poseA, Shape b, GjkPose poseB, ref GjkSimplexCache cache)
        {
            CheckShapes(a, b);
            GjkQueryOptions options = GjkNative.gjk_query_options_default();
            byte hit;
            Check(GjkNative.gjk_intersect_cached(
                a, ref poseA, b, ref poseB, ref options, ref cache, out hit));
            return hit != 0;
        }
    }
}
