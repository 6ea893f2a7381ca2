// Batches: many pair queries in one call of the library, spread over the cores, and every pair
// of a scene within a separation (gjk_distance_batch, gjk_intersect_batch, gjk_pairs_within).

using System;
using System.Runtime.InteropServices;

namespace GjkCollision
{
    /// <summary>One pair found by <see cref="Gjk.PairsWithin"/> (<c>GjkPair</c>): the indices
    /// of its shapes in the input (<c>I &lt; J</c>) and the distance query of shape I (as A)
    /// against shape J (as B). Only the library writes it.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GjkPair
    {
        // Written by the native library only: the compiler cannot see that.
#pragma warning disable 0649
        private UIntPtr i;
        private UIntPtr j;
        private GjkDistanceResult result;
#pragma warning restore 0649

        /// <summary>Index of the first shape (A).</summary>
        public long I
        {
            get { return (long)i.ToUInt64(); }
        }

        /// <summary>Index of the second shape (B), greater than <see cref="I"/>.</summary>
        public long J
        {
            get { return (long)j.ToUInt64(); }
        }

        /// <summary>The distance query of shape I against shape J.</summary>
        public GjkDistanceResult Result
        {
            get { return result; }
        }
    }

    public static partial class GjkNative
    {
        /// <summary>Shapes are raw handles (<see cref="SafeHandle.DangerousGetHandle"/>, kept
        /// alive by the caller); null pose arrays mean identities; <paramref name="statuses"/>
        /// may be null.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_distance_batch(
            IntPtr[] shapesA, GjkPose[] posesA, IntPtr[] shapesB, GjkPose[] posesB,
            UIntPtr count, [In] ref GjkQueryOptions options, uint threads,
            [Out] GjkDistanceResult[] results, [Out] GjkStatus[] statuses);

        /// <summary>As <see cref="gjk_distance_batch"/>; results are C bools (bytes).</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_intersect_batch(
            IntPtr[] shapesA, GjkPose[] posesA, IntPtr[] shapesB, GjkPose[] posesB,
            UIntPtr count, [In] ref GjkQueryOptions options, uint threads,
            [Out] byte[] results, [Out] GjkStatus[] statuses);

        /// <summary>Writes a new <c>GjkPairList</c> to <paramref name="list"/>; free it with
        /// <see cref="gjk_pair_list_free"/>.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_pairs_within(
            IntPtr[] shapes, GjkPose[] poses, UIntPtr count, double separation,
            [In] ref GjkQueryOptions options, uint threads, out IntPtr list);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern UIntPtr gjk_pair_list_len(IntPtr list);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_pair_list_get(IntPtr list, UIntPtr index, out GjkPair pair);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_pair_list_copy(
            IntPtr list, UIntPtr first, UIntPtr count, [Out] GjkPair[] pairs);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern void gjk_pair_list_free(IntPtr list);
    }

    public static partial class Gjk
    {
        /// <summary>The distance of every pair k: <paramref name="shapesA"/>[k] placed by
        /// <paramref name="posesA"/>[k] against <paramref name="shapesB"/>[k] placed by
        /// <paramref name="posesB"/>[k], written to <paramref name="results"/>[k], identical to
        /// <see cref="Distance(Shape, GjkPose, Shape, GjkPose)"/>, in one call of the library
        /// on up to <paramref name="threads"/> threads (0: one per core). Null pose arrays mean
        /// identities. Returns false when some pair reached the iteration cap (its result then
        /// holds the best bounds); any other failure raises <see cref="GjkException"/> naming
        /// the first failing pair ("pair 7: ...").</summary>
        public static bool DistanceBatch(
            Shape[] shapesA, GjkPose[] posesA, Shape[] shapesB, GjkPose[] posesB,
            GjkDistanceResult[] results, int threads = 0)
        {
            return DistanceBatch(shapesA, posesA, shapesB, posesB, results, threads,
                GjkQueryOptions.Default);
        }

        /// <summary><see cref="DistanceBatch(Shape[], GjkPose[], Shape[], GjkPose[],
        /// GjkDistanceResult[], int)"/> with options.</summary>
        public static bool DistanceBatch(
            Shape[] shapesA, GjkPose[] posesA, Shape[] shapesB, GjkPose[] posesB,
            GjkDistanceResult[] results, int threads, GjkQueryOptions options)
        {
            int n = BatchCount(shapesA, posesA, shapesB, posesB, results == null ? -1 : results.Length);
            GjkStatus status = WithHandles(shapesA, shapesB, (a, b) =>
                GjkNative.gjk_distance_batch(a, posesA, b, posesB, (UIntPtr)n, ref options,
                    Threads(threads), results, null));
            return CheckAnswered(status);
        }

        /// <summary>Whether each pair k intersects, written to <paramref name="results"/>[k],
        /// identical to <see cref="Intersect(Shape, GjkPose, Shape, GjkPose)"/>, in one call of
        /// the library on up to <paramref name="threads"/> threads (0: one per core). A failing
        /// pair raises <see cref="GjkException"/> naming it.</summary>
        public static void IntersectBatch(
            Shape[] shapesA, GjkPose[] posesA, Shape[] shapesB, GjkPose[] posesB,
            bool[] results, int threads = 0)
        {
            int n = BatchCount(shapesA, posesA, shapesB, posesB, results == null ? -1 : results.Length);
            byte[] hits = new byte[n];
            GjkQueryOptions options = GjkQueryOptions.Default;
            Check(WithHandles(shapesA, shapesB, (a, b) =>
                GjkNative.gjk_intersect_batch(a, posesA, b, posesB, (UIntPtr)n, ref options,
                    Threads(threads), hits, null)));
            for (int k = 0; k < n; k++)
            {
                results[k] = hits[k] != 0;
            }
        }

        /// <summary>Every pair of <paramref name="shapes"/> (placed by <paramref name="poses"/>,
        /// null: identities) whose distance is at most <paramref name="separation"/> (0: the
        /// pairs that overlap or touch), sorted by (I, J): exactly what
        /// <see cref="Distance(Shape, GjkPose, Shape, GjkPose)"/> over all pairs keeps, found
        /// through a broad phase on up to <paramref name="threads"/> threads (0: one per core).
        /// All shapes must have one dimension; bad input raises <see cref="GjkException"/>
        /// naming the shape or pair.</summary>
        public static GjkPair[] PairsWithin(
            Shape[] shapes, GjkPose[] poses, double separation, int threads = 0)
        {
            if (shapes == null)
            {
                throw new ArgumentNullException("shapes");
            }
            if (poses != null && poses.Length != shapes.Length)
            {
                throw new ArgumentException(
                    "poses has " + poses.Length + " poses for " + shapes.Length + " shapes",
                    "poses");
            }
            GjkQueryOptions options = GjkQueryOptions.Default;
            IntPtr list = IntPtr.Zero;
            Check(WithHandles(shapes, new Shape[0], (handles, unused) =>
                GjkNative.gjk_pairs_within(handles, poses, (UIntPtr)shapes.Length, separation,
                    ref options, Threads(threads), out list)));
            try
            {
                int len = checked((int)GjkNative.gjk_pair_list_len(list).ToUInt64());
                GjkPair[] pairs = new GjkPair[len];
                Check(GjkNative.gjk_pair_list_copy(list, UIntPtr.Zero, (UIntPtr)len, pairs));
                return pairs;
            }
            finally
            {
                GjkNative.gjk_pair_list_free(list);
            }
        }

        private static uint Threads(int threads)
        {
            if (threads < 0)
            {
                throw new ArgumentOutOfRangeException("threads", "threads must be 0 or more");
            }
            return (uint)threads;
        }

        /// <summary>The number of pairs, after checking that the arrays match.</summary>
        private static int BatchCount(
            Shape[] shapesA, GjkPose[] posesA, Shape[] shapesB, GjkPose[] posesB, int results)
        {
            if (shapesA == null)
            {
                throw new ArgumentNullException("shapesA");
            }
            if (shapesB == null)
            {
                throw new ArgumentNullException("shapesB");
            }
            if (results < 0)
            {
                throw new ArgumentNullException("results");
            }
            int n = shapesA.Length;
            if (shapesB.Length != n || results < n
                || (posesA != null && posesA.Length != n) || (posesB != null && posesB.Length != n))
            {
                throw new ArgumentException("shapesA, shapesB, posesA and posesB must have the "
                    + "same length, and results at least that length");
            }
            return n;
        }

        /// <summary>Runs <paramref name="call"/> with the raw handles of both arrays (null
        /// shapes as NULL, which the library reports by index), each shape kept alive for the
        /// call.</summary>
        private static GjkStatus WithHandles(
            Shape[] a, Shape[] b, Func<IntPtr[], IntPtr[], GjkStatus> call)
        {
            IntPtr[] ha = new IntPtr[a.Length];
            IntPtr[] hb = new IntPtr[b.Length];
            Shape[] held = new Shape[a.Length + b.Length];
            int count = 0;
            try
            {
                for (int k = 0; k < a.Length + b.Length; k++)
                {
                    Shape shape = k < a.Length ? a[k] : b[k - a.Length];
                    if (shape == null)
                    {
                        continue;
                    }
                    bool added = false;
                    shape.DangerousAddRef(ref added);
                    if (added)
                    {
                        held[count++] = shape;
                    }
                    if (k < a.Length)
                    {
                        ha[k] = shape.DangerousGetHandle();
                    }
                    else
                    {
                        hb[k - a.Length] = shape.DangerousGetHandle();
                    }
                }
                return call(ha, hb);
            }
            finally
            {
                for (int k = 0; k < count; k++)
                {
                    held[k].DangerousRelease();
                }
            }
        }
    }
}
