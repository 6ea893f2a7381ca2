// The C# cast checks (Gjk.RayCast, Gjk.ShapeCast) against closed-form answers, run under Mono
// by tests/tools/csharp.rs. Ends with the line "N passed, N failed".

using System;
using GjkCollision;
using static Checks;

internal static class CastTests
{
    private static int Main()
    {
        Rays();
        ShapeCasts();
        return Summary();
    }

    private static void Rays()
    {
        using (Shape sphere = Shape.Sphere(2.0))
        using (Shape box = Shape.Box(1.0, 2.0, 3.0))
        using (Shape square = Shape.Polygon(new double[] { 0, 0, 2, 0, 2, 2, 0, 2 }))
        {
            GjkPose at = new GjkPose(10.0, 0.0, 0.0);
            Double3 origin = new Double3(0.0, 0.5, 0.5);
            Double3 alongX = new Double3(2.0, 0.0, 0.0);
            GjkRayHit hit = Gjk.RayCast(sphere, at, origin, alongX);
            double x = 10.0 - Math.Sqrt(3.5);
            Check(hit.Hit && !hit.StartedInside, "sphere hit");
            Near(hit.T, x / 2.0, 1e-12, "sphere t");
            Near(hit.Point.X, x, 1e-12, "sphere point");
            hit = Gjk.RayCast(box, at, origin, alongX, 100.0);
            Check(hit.Hit, "box hit");
            Near(hit.T, 4.5, 1e-12, "box t");
            Near(hit.Normal, new Double3(-1.0, 0.0, 0.0), 1e-12, "box normal");
            Check(!Gjk.RayCast(box, at, origin, alongX, 4.0).Hit, "box too far");
            // The raw call with the default options answers as the checked one.
            GjkRayHit raw;
            Check(GjkNative.gjk_ray_cast(box, ref at, ref origin, ref alongX, 100.0, out raw)
                == GjkStatus.Ok && raw.Hit && raw.T == hit.T, "gjk_ray_cast");
            hit = Gjk.RayCast(box, at, new Double3(10.0, 0.0, 0.0), new Double3(0.0, 1.0, 0.0));
            Check(hit.Hit && hit.StartedInside && hit.T == 0.0, "inside");
            hit = Gjk.RayCast(square, GjkPose.Identity, new Double3(-3.0, 1.0, 7.0),
                new Double3(1.0, 0.0, 0.0), 10.0, GjkQueryOptions.Default);
            Check(hit.Hit && hit.Point.Z == 0.0, "2D hit");
            Near(hit.T, 3.0, 1e-12, "2D t");
            Fails(GjkStatus.InvalidArgument, "zero",
                () => Gjk.RayCast(box, at, origin, Double3.Zero), "zero direction");
            Fails(GjkStatus.InvalidArgument, "max_t",
                () => Gjk.RayCast(box, at, origin, alongX, -1.0), "negative max_t");
        }
    }

    private static void ShapeCasts()
    {
        using (Shape ball = Shape.Sphere(1.0))
        using (Shape box = Shape.Box(1.0, 1.0, 1.0))
        using (Shape flat = Shape.Rectangle(1.0, 1.0))
        {
            GjkPose at = new GjkPose(10.0, 0.5, 0.0);
            Double3 right = new Double3(1.0, 0.0, 0.0);
            Double3 left = new Double3(-1.0, 0.0, 0.0);
            GjkShapeCastHit hit = Gjk.ShapeCast(ball, GjkPose.Identity, right, box, at, left);
            Check(hit.Hit && !hit.StartedWithin, "cast hit");
            Near(hit.T, 4.0, 1e-9, "cast t");
            Near(hit.PointA, new Double3(5.0, 0.0, 0.0), 1e-9, "cast point");
            GjkPose identity = GjkPose.Identity;
            GjkShapeCastHit raw;
            Check(GjkNative.gjk_shape_cast(ball, ref identity, ref right, box, ref at, ref left,
                    double.PositiveInfinity, 0.0, out raw) == GjkStatus.Ok
                && raw.Hit && raw.T == hit.T, "gjk_shape_cast");
            hit = Gjk.ShapeCast(ball, GjkPose.Identity, right, box, at, left,
                double.PositiveInfinity, 2.0);
            Near(hit.T, 3.0, 1e-9, "cast within 2");
            Near(hit.SignedDistance, 2.0, 1e-9, "cast separation");
            Check(!Gjk.ShapeCast(ball, GjkPose.Identity, left, box, at, right).Hit, "apart");
            hit = Gjk.ShapeCast(ball, GjkPose.Identity, right, box, GjkPose.Identity, left);
            Check(hit.Hit && hit.StartedWithin && hit.T == 0.0, "overlapping");
            Near(hit.SignedDistance, -2.0, 1e-9, "penetration");
            Fails(GjkStatus.DimensionMismatch, "3D",
                () => Gjk.ShapeCast(ball, GjkPose.Identity, right, flat, GjkPose.Identity, left),
                "dimension mismatch");
            Fails(GjkStatus.InvalidArgument, "target_separation",
                () => Gjk.ShapeCast(ball, GjkPose.Identity, right, box, at, left, 1.0, -1.0),
                "negative target");
        }
    }
}
