// The C# warm starts (GjkSimplexCache with Gjk.Distance / Gjk.Intersect) against the cold
// queries over moving shapes, run under Mono by tests/tools/csharp.rs. Ends with the line
// "N passed, N failed".

using System;
using GjkCollision;
using static Checks;

internal static class CacheTests
{
    private static int Main()
    {
        // The layout the library writes: 168 bytes (see GjkSimplexCache in gjk.h).
        Size<GjkSimplexCache>(168, "cache size");
        using (Shape square = Shape.Polygon(new double[] { 0, 0, 3, 0, 3, 3, 0, 3 }))
        using (Shape dodecagon = Shape.Polygon(Dodecagon()))
        using (Shape circle = Shape.Circle(1.0))
        using (Shape sphere = Shape.Sphere(1.0))
        {
            GjkSimplexCache cache = GjkNative.gjk_simplex_cache_empty();
            Check(cache.Count == 0, "gjk_simplex_cache_empty is empty");
            GjkSimplexCache boolean = default(GjkSimplexCache);
            uint cold = 0, warm = 0;
            for (int frame = 0; frame < 100; frame++)
            {
                GjkPose at = new GjkPose(4.0 + 0.01 * frame, 3.0 - 0.03 * frame, 0.002 * frame);
                // 12 vertices: GJK answers (two small polygons, 3 to 8 vertices, need no
                // search: the exact kernel answers them, cold, with 0 evaluations).
                GjkDistanceResult c = Gjk.Distance(dodecagon, GjkPose.Identity, dodecagon, at);
                GjkDistanceResult w =
                    Gjk.Distance(dodecagon, GjkPose.Identity, dodecagon, at, ref cache);
                Near(w.Distance, c.Distance, 1e-12, "frame " + frame);
                Check(w.Intersecting == c.Intersecting, "verdict " + frame);
                bool hit = Gjk.Intersect(dodecagon, GjkPose.Identity, dodecagon, at, ref boolean);
                Check(hit == c.Intersecting, "boolean " + frame);
                if (frame > 0)
                {
                    cold += c.Iterations;
                    warm += w.Iterations;
                }
            }
            Check(cache.Count > 0, "cache filled");
            Check(2 * warm < cold, "warm starts save evaluations: " + warm + " vs " + cold);
            // A cache of another pair changes no answer.
            GjkDistanceResult r = Gjk.Distance(
                square, GjkPose.Identity, circle, new GjkPose(6.0, 1.5, 0.0), ref cache);
            Near(r.Distance, 2.0, 1e-12, "foreign cache");
            cache.Clear();
            Check(cache.Count == 0, "cleared");
            // Errors are thrown as by the cold queries.
            Fails(GjkStatus.DimensionMismatch, "shape a is 2D but shape b is 3D",
                () => Gjk.Distance(square, GjkPose.Identity, sphere, GjkPose.Identity, ref cache), "2D against 3D");
        }
        return Summary();
    }

    /// A regular 12-gon of radius 1.6 centred on (1.5, 1.5), its coordinates x, y, x, y, ...
    private static double[] Dodecagon()
    {
        var coordinates = new double[24];
        for (int k = 0; k < 12; k++)
        {
            coordinates[2 * k] = 1.5 + 1.6 * Math.Cos(k * Math.PI / 6);
            coordinates[2 * k + 1] = 1.5 + 1.6 * Math.Sin(k * Math.PI / 6);
        }
        return coordinates;
    }
}
