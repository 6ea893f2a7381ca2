// Batches: many pair queries in one call of the library, spread over the cores, and every pair
// of a scene within a separation (gjk_distance_batch, gjk_intersect_batch, gjk_pairs_within).
// None of them allocates on the managed heap once warm (the handle arrays are per-thread
// scratch, grown to the largest batch), except PairsWithin's array-returning overload: use the
// one that fills the caller's GjkPair[] in a loop.

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

        /// <summary>Index of the first shape (A) in the <c>Shape[]</c> given. The C struct
        /// holds a <c>size_t</c>; an index into a C# array always fits an <c>int</c>.</summary>
        public int I
        {
            get { return (int)i.ToUInt64(); }
        }

        /// <summary>Index of the second shape (B), greater than <see cref="I"/>.</summary>
        public int J
        {
            get { return (int)j.ToUInt64(); }
        }

        /// <summary>The distance query of shape I against shape J.</summary>
        public GjkDistanceResult Result
        {
            get { return result; }
        }
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
            uint workers = Shape.ThreadsFor(Threads(threads), shapesA, shapesB);
            IntPtr[] ha = Scratch(ref scratchA, n);
            IntPtr[] hb = Scratch(ref scratchB, n);
            int heldA = 0, heldB = 0;
            try
            {
                Hold(shapesA, ha, ref heldA);
                Hold(shapesB, hb, ref heldB);
                return CheckAnswered(GjkNative.gjk_distance_batch(ha, posesA, hb, posesB,
                    (UIntPtr)n, ref options, workers, results, null));
            }
            finally
            {
                Release(shapesA, heldA);
                Release(shapesB, heldB);
            }
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
            uint workers = Threads(threads);
            byte[] hits = Scratch(ref scratchHits, n);
            IntPtr[] ha = Scratch(ref scratchA, n);
            IntPtr[] hb = Scratch(ref scratchB, n);
            GjkQueryOptions options = GjkQueryOptions.Default;
            int heldA = 0, heldB = 0;
            try
            {
                Hold(shapesA, ha, ref heldA);
                Hold(shapesB, hb, ref heldB);
                Check(GjkNative.gjk_intersect_batch(ha, posesA, hb, posesB, (UIntPtr)n,
                    ref options, workers, hits, null));
            }
            finally
            {
                Release(shapesA, heldA);
                Release(shapesB, heldB);
            }
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
            IntPtr list = PairList(shapes, poses, separation, threads);
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

        /// <summary><see cref="PairsWithin(Shape[], GjkPose[], double, int)"/> into the
        /// caller's <paramref name="pairs"/>, allocating nothing on the managed heap: writes the
        /// first <c>min(found, pairs.Length)</c> pairs (sorted by (I, J)) and returns the number
        /// found, which may exceed <c>pairs.Length</c> (call again with a larger buffer to get
        /// them all, as with snprintf).</summary>
        public static int PairsWithin(
            Shape[] shapes, GjkPose[] poses, double separation, GjkPair[] pairs, int threads = 0)
        {
            if (pairs == null)
            {
                throw new ArgumentNullException("pairs");
            }
            IntPtr list = PairList(shapes, poses, separation, threads);
            try
            {
                int found = checked((int)GjkNative.gjk_pair_list_len(list).ToUInt64());
                int copied = Math.Min(found, pairs.Length);
                Check(GjkNative.gjk_pair_list_copy(list, UIntPtr.Zero, (UIntPtr)copied, pairs));
                return found;
            }
            finally
            {
                GjkNative.gjk_pair_list_free(list);
            }
        }

        /// <summary>The list of <c>gjk_pairs_within</c> for the scene; the caller frees
        /// it.</summary>
        private static IntPtr PairList(
            Shape[] shapes, GjkPose[] poses, double separation, int threads)
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
            uint workers = Threads(threads);
            GjkQueryOptions options = GjkQueryOptions.Default;
            IntPtr[] handles = Scratch(ref scratchA, shapes.Length);
            IntPtr list = IntPtr.Zero;
            int held = 0;
            try
            {
                Hold(shapes, handles, ref held);
                Check(GjkNative.gjk_pairs_within(handles, poses, (UIntPtr)shapes.Length,
                    separation, ref options, workers, out list));
            }
            finally
            {
                Release(shapes, held);
            }
            return list;
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

        // The handle arrays passed to the library, one set per thread, grown to the largest
        // batch the thread has run: after the first call of a size, batches allocate nothing.
        [ThreadStatic] private static IntPtr[] scratchA;
        [ThreadStatic] private static IntPtr[] scratchB;
        [ThreadStatic] private static byte[] scratchHits;

        /// <summary><paramref name="buffer"/>, replaced by a larger one when it holds fewer
        /// than <paramref name="n"/> elements (the library reads the first n only).</summary>
        private static T[] Scratch<T>(ref T[] buffer, int n)
        {
            if (buffer == null || buffer.Length < n)
            {
                buffer = new T[Math.Max(n, 64)];
            }
            return buffer;
        }

        /// <summary>Writes the raw handle of each shape to <paramref name="handles"/> (null
        /// shapes as NULL, which the library reports by index), keeping each shape alive until
        /// <see cref="Release"/>; <paramref name="held"/> is the length of the prefix of
        /// <paramref name="shapes"/> held so far, also when a disposed shape throws.</summary>
        private static void Hold(Shape[] shapes, IntPtr[] handles, ref int held)
        {
            for (int k = 0; k < shapes.Length; k++)
            {
                Shape shape = shapes[k];
                handles[k] = IntPtr.Zero;
                if (shape != null)
                {
                    bool added = false;
                    shape.DangerousAddRef(ref added);
                    if (!added)
                    {
                        throw new ObjectDisposedException("shape " + k);
                    }
                    handles[k] = shape.DangerousGetHandle();
                }
                held = k + 1;
            }
        }

        /// <summary>Lets go of the first <paramref name="held"/> shapes held by
        /// <see cref="Hold"/>.</summary>
        private static void Release(Shape[] shapes, int held)
        {
            for (int k = 0; k < held; k++)
            {
                if (shapes[k] != null)
                {
                    shapes[k].DangerousRelease();
                }
            }
        }
    }
}
