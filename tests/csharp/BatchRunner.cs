// The checks of the C# batch calls (Gjk.DistanceBatch, Gjk.IntersectBatch, Gjk.PairsWithin),
// run under Mono by tests/tools/csharp.rs: equal to the single-pair calls and to brute
// force, on one thread and on two, and their errors. Ends with "N passed, M failed".

using System;
using GjkCollision;
using static Checks;

internal static class BatchRunner
{
    private static bool Same(GjkDistanceResult a, GjkDistanceResult b)
    {
        return a.Distance.Equals(b.Distance) && a.LowerBound.Equals(b.LowerBound)
            && a.PointA.ToString() == b.PointA.ToString() && a.PointA.X.Equals(b.PointA.X)
            && a.PointB.X.Equals(b.PointB.X) && a.PointB.Y.Equals(b.PointB.Y)
            && a.Normal.X.Equals(b.Normal.X) && a.Normal.Y.Equals(b.Normal.Y)
            && a.Iterations == b.Iterations && a.Intersecting == b.Intersecting;
    }

    /// <summary>Batch calls allocate nothing on the managed heap once warm, on one thread and
    /// on all cores (measured as the single-query test of TestRunner.cs measures).</summary>
    private static void NoAllocationPerBatch(
        Shape[] a, GjkPose[] pa, Shape[] b, GjkPose[] pb, Shape[] shapes, GjkPose[] poses)
    {
        int m = a.Length;
        GjkDistanceResult[] results = new GjkDistanceResult[m];
        bool[] hits = new bool[m];
        GjkPair[] pairs = new GjkPair[4096];
        GjkQueryOptions options = GjkQueryOptions.Default;
        foreach (int threads in new[] { 1, 0 })
        {
            const int Calls = 200;
            double sum = 0;
            for (int round = 0; round < 2; round++)
            {
                // The first round compiles the code and sizes the scratch arrays.
                long before = GC.GetAllocatedBytesForCurrentThread();
                for (int i = 0; i < Calls; i++)
                {
                    Gjk.DistanceBatch(a, pa, b, pb, results, threads, options);
                    sum += results[i % m].Distance;
                    Gjk.IntersectBatch(a, pa, b, pb, hits, threads);
                    sum += hits[i % m] ? 1 : 0;
                    sum += Gjk.PairsWithin(shapes, poses, 0.5, pairs, threads);
                }
                long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                if (round == 1)
                {
                    Check(allocated == 0, 3 * Calls + " batch calls on " + threads
                        + " threads allocated " + allocated + " bytes");
                }
            }
            Check(sum > 0, "the batches ran");
        }
    }

    private static int Main()
    {
        const int n = 300;
        Shape[] shapes = new Shape[n];
        GjkPose[] poses = new GjkPose[n];
        for (int k = 0; k < n; k++)
        {
            shapes[k] = k % 3 == 0 ? Shape.Circle(0.5 + 0.1 * (k % 4))
                : k % 3 == 1 ? Shape.Rectangle(0.7, 0.4) : Shape.Stadium(0.6, 0.3);
            poses[k] = GjkPose.From2D(1.4 * (k % 20), 1.2 * (k / 20), 0.3 * k);
        }

        // Batches of 150 pairs (enough for worker threads) equal the single calls.
        int m = n / 2;
        Shape[] a = new Shape[m], b = new Shape[m];
        GjkPose[] pa = new GjkPose[m], pb = new GjkPose[m];
        for (int k = 0; k < m; k++)
        {
            a[k] = shapes[k];
            b[k] = shapes[n - 1 - k];
            pa[k] = poses[k];
            pb[k] = poses[n - 1 - k];
        }
        foreach (int threads in new[] { 0, 1, 2 })
        {
            GjkDistanceResult[] results = new GjkDistanceResult[m];
            bool[] hits = new bool[m];
            Check(Gjk.DistanceBatch(a, pa, b, pb, results, threads), "batch converged");
            Gjk.IntersectBatch(a, pa, b, pb, hits, threads);
            for (int k = 0; k < m; k++)
            {
                Check(Same(results[k], Gjk.Distance(a[k], pa[k], b[k], pb[k])),
                    "distance batch pair " + k + " on " + threads + " threads");
                Check(hits[k] == Gjk.Intersect(a[k], pa[k], b[k], pb[k]),
                    "intersect batch pair " + k + " on " + threads + " threads");
            }
        }
        GjkDistanceResult[] atOrigin = new GjkDistanceResult[m];
        Gjk.DistanceBatch(a, null, b, null, atOrigin);
        Check(Same(atOrigin[5], Gjk.Distance(a[5], b[5])), "null poses are identities");

        // The raw penetration batch (no checked wrapper yet) equals the single calls.
        {
            IntPtr[] ha = new IntPtr[m], hb = new IntPtr[m];
            for (int k = 0; k < m; k++)
            {
                ha[k] = a[k].DangerousGetHandle();
                hb[k] = b[k].DangerousGetHandle();
            }
            GjkQueryOptions options = GjkQueryOptions.Default;
            GjkPenetrationResult[] depths = new GjkPenetrationResult[m];
            GjkStatus[] statuses = new GjkStatus[m];
            Check(GjkNative.gjk_penetration_batch(ha, pa, hb, pb, (UIntPtr)m, ref options, 2,
                depths, statuses) == GjkStatus.Ok, "gjk_penetration_batch");
            bool same = true;
            for (int k = 0; k < m; k++)
            {
                GjkPenetrationResult r = Gjk.Penetration(a[k], pa[k], b[k], pb[k]);
                same = same && statuses[k] == GjkStatus.Ok
                    && depths[k].SignedDistance.Equals(r.SignedDistance)
                    && depths[k].Normal.ToString() == r.Normal.ToString()
                    && depths[k].Intersecting == r.Intersecting;
            }
            Check(same, "gjk_penetration_batch answers as Gjk.Penetration");
        }

        // PairsWithin equals brute force through Gjk.Distance.
        foreach (double separation in new[] { 0.0, 0.5 })
        {
            GjkPair[] one = Gjk.PairsWithin(shapes, poses, separation, 1);
            GjkPair[] two = Gjk.PairsWithin(shapes, poses, separation, 2);
            Check(one.Length == two.Length, "same pairs on one thread and on two");
            int next = 0;
            for (int i = 0; i < n; i++)
            {
                for (int j = i + 1; j < n; j++)
                {
                    GjkDistanceResult r = Gjk.Distance(shapes[i], poses[i], shapes[j], poses[j]);
                    if (r.Distance > separation)
                    {
                        continue;
                    }
                    bool ok = next < one.Length && one[next].I == i && one[next].J == j
                        && Same(one[next].Result, r) && next < two.Length
                        && two[next].I == i && two[next].J == j && Same(two[next].Result, r);
                    Check(ok, "pair (" + i + ", " + j + ") at separation " + separation);
                    next++;
                }
            }
            Check(next == one.Length, "as many pairs as brute force at " + separation);
            Check(one.Length > 10, "enough pairs at " + separation);
        }
        Check(Gjk.PairsWithin(new Shape[0], null, 1.0).Length == 0, "an empty scene");

        // The fill-the-caller's-buffer PairsWithin: against brute force (through the checked
        // array variant's count and Gjk.Distance), whole and cut short.
        {
            GjkPair[] all = Gjk.PairsWithin(shapes, poses, 0.5, 1);
            GjkPair[] buffer = new GjkPair[all.Length + 5];
            int found = Gjk.PairsWithin(shapes, poses, 0.5, buffer, 2);
            Check(found == all.Length, "the buffer variant finds as many pairs");
            bool same = true;
            for (int k = 0; k < found; k++)
            {
                GjkDistanceResult r = Gjk.Distance(shapes[buffer[k].I], poses[buffer[k].I],
                    shapes[buffer[k].J], poses[buffer[k].J]);
                same = same && buffer[k].I == all[k].I && buffer[k].J == all[k].J
                    && Same(buffer[k].Result, r);
            }
            Check(same, "the buffer variant's pairs are the single calls'");
            int firstI = all[0].I, firstJ = all[0].J; // ints: indices into the Shape[]
            Check(firstI < firstJ && firstJ < shapes.Length, "pair indices are ints in range");
            GjkPair[] shortBuffer = new GjkPair[3];
            Check(Gjk.PairsWithin(shapes, poses, 0.5, shortBuffer, 1) == all.Length,
                "a short buffer still gets the count");
            Check(shortBuffer[2].I == all[2].I && shortBuffer[2].J == all[2].J,
                "a short buffer gets the first pairs");
        }
        NoAllocationPerBatch(a, pa, b, pb, shapes, poses);

        // Errors: by index, from the library.
        Shape ball = Shape.Sphere(1.0);
        Shape[] badB = (Shape[])b.Clone();
        badB[4] = null;
        Fails(GjkStatus.NullPointer, "pair 4: shape b is NULL",
            () => Gjk.DistanceBatch(a, pa, badB, pb, new GjkDistanceResult[m]), "null shape");
        badB[4] = ball;
        Fails(GjkStatus.DimensionMismatch, "pair 4: shape a is 2D but shape b is 3D",
            () => Gjk.IntersectBatch(a, pa, badB, pb, new bool[m]), "mixed dimensions");
        Fails(GjkStatus.InvalidArgument, "separation is NaN",
            () => Gjk.PairsWithin(shapes, poses, double.NaN), "NaN separation");
        Fails(GjkStatus.InvalidArgument, "separation is -1",
            () => Gjk.PairsWithin(shapes, poses, -1.0), "negative separation");
        Shape[] mixed = (Shape[])shapes.Clone();
        mixed[7] = ball;
        Fails(GjkStatus.DimensionMismatch, "shapes[7] is 3D but shapes[0] is 2D",
            () => Gjk.PairsWithin(mixed, poses, 1.0), "mixed scene");
        mixed[7] = null;
        Fails(GjkStatus.NullPointer, "shapes[7] is NULL",
            () => Gjk.PairsWithin(mixed, poses, 1.0), "null shape in a scene");
        Throws<ArgumentException>(
            () => Gjk.DistanceBatch(a, pa, b, new GjkPose[3], new GjkDistanceResult[m]),
            "poses of another length");
        Throws<ArgumentNullException>(
            () => Gjk.DistanceBatch(a, pa, b, pb, null), "null results");
        ball.Dispose();
        Throws<ObjectDisposedException>(
            () => Gjk.PairsWithin(new[] { ball }, null, 1.0), "a disposed shape");
        foreach (Shape s in shapes)
        {
            s.Dispose();
        }
        return Summary();
    }
}
