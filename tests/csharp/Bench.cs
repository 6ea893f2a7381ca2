// The cost of one Gjk.Distance call from C#, to compare with bench_distance.c (the same shapes,
// poses and method): batches of calls timed with Stopwatch, the median of the per-call times.

using System;
using System.Diagnostics;
using GjkCollision;

internal static class Bench
{
    private const int Batches = 1001;
    private const int BatchSize = 1000;

    public static void Run()
    {
        Console.WriteLine("C# under Mono {0}: median of {1} batches of {2} calls",
            Environment.Version, Batches, BatchSize);
        using (Shape square = Shape.Polygon(new double[] { 0, 0, 3, 0, 3, 3, 0, 3 }))
        using (Shape triangle = Shape.Polygon(new double[] { 3, 3, 5, 3, 3, 5 }))
        using (Shape box = Shape.Box(1, 1, 1))
        using (Shape sphere = Shape.Sphere(0.5))
        {
            Report("distance, square vs triangle (2D)", square, triangle, GjkPose.From2D(2, 1, 0));
            Report("distance, box vs sphere (3D)", box, sphere, new GjkPose(3, 0, 0));
            Report("gjk_shape_dimension (call overhead)", box, null, GjkPose.Identity);
        }
    }

    /// <summary>Prints the median cost of Gjk.Distance(a, identity, b, poseB), or of
    /// Shape.Dimension on <paramref name="a"/> when <paramref name="b"/> is null.</summary>
    private static void Report(string name, Shape a, Shape b, GjkPose poseB)
    {
        GjkPose identity = GjkPose.Identity;
        double[] perCall = new double[Batches];
        double sink = 0;
        for (int batch = -Batches / 10; batch < Batches; batch++)
        {
            // Negative batches warm up (JIT compilation, caches) and are not recorded.
            long start = Stopwatch.GetTimestamp();
            if (b == null)
            {
                for (int i = 0; i < BatchSize; i++)
                {
                    sink += a.Dimension;
                }
            }
            else
            {
                for (int i = 0; i < BatchSize; i++)
                {
                    sink += Gjk.Distance(a, identity, b, poseB).Distance;
                }
            }
            long ticks = Stopwatch.GetTimestamp() - start;
            if (batch >= 0)
            {
                perCall[batch] = ticks * 1e9 / Stopwatch.Frequency / BatchSize;
            }
        }
        Array.Sort(perCall);
        double calls = (Batches + Batches / 10) * (double)BatchSize;
        Console.WriteLine(
            "  C#  {0,-38} median {1,7:F1} ns/call   (min {2:F1}, mean result {3:G6})", name,
            perCall[Batches / 2], perCall[0], sink / calls);
    }
}
