// The C# traced query (Gjk.DistanceTrace) on the squares worked by hand in tests/it/trace.rs and on
// a curved pair that needs more steps than the first buffer holds; run under Mono by
// tests/tools/csharp.rs. Ends with the line "N passed, N failed".

using GjkCollision;
using static Checks;

internal static class TraceTests
{
    private static int Main()
    {
        // The layout the library writes (GjkTraceStep in gjk.h).
        Size<GjkTraceStep>(472, "step size");
        using (Shape square = Shape.Polygon(new double[] { 0, 0, 3, 0, 3, 3, 0, 3 }))
        using (Shape ellipse = Shape.Ellipse(3.0, 1.0))
        using (Shape sphere = Shape.Sphere(1.0))
        {
            GjkDistanceResult r;
            GjkTraceStep[] steps =
                Gjk.DistanceTrace(square, GjkPose.Identity, square, new GjkPose(5.0, 1.0, 0.0), out r);
            Check(steps.Length == 3 && r.Iterations == 3, "three steps");
            Check(r.Distance == 2.0, "distance 2");
            Check(steps[0].Outcome == GjkStepOutcome.Started, "started");
            Near(steps[0].Direction, new Double3(5.0, 1.0, 0.0), 0.0, "first direction");
            Near(steps[0].SupportW, new Double3(-2.0, 2.0, 0.0), 0.0, "first support");
            Check(steps[1].Outcome == GjkStepOutcome.Added && steps[1].SimplexCount == 2, "added");
            Near(steps[1].SupportA, new Double3(3.0, 0.0, 0.0), 0.0, "support on A");
            Near(steps[1].SupportB, new Double3(5.0, 4.0, 0.0), 0.0, "support on B");
            Near(steps[1].Closest, new Double3(-2.0, 0.0, 0.0), 1e-15, "closest");
            double total = steps[1].Weight(0) + steps[1].Weight(1);
            Near(total, 1.0, 1e-15, "weights sum to 1");
            int upper = steps[1].SimplexW[0].Y == 2.0 ? 0 : 1;
            Near(steps[1].Weight(upper), 2.0 / 3.0, 1e-15, "weight of (-2, 2)");
            Near(steps[2].UpperBound, 2.0, 0.0, "upper bound");
            Near(steps[2].LowerBound, 2.0, 1e-12, "lower bound");
            // More steps than the first buffer holds: all kept, consistent with the result.
            GjkQueryOptions exact = GjkQueryOptions.Default;
            exact.RelativeTolerance = 0.0;
            exact.MaxIterations = 1000;
            GjkPose turned = new GjkPose(new Double3(7.0, 2.0, 0.0),
                Rotation.FromAxisAngle(new Double3(0.0, 0.0, 1.0), 0.5));
            steps = Gjk.DistanceTrace(ellipse, GjkPose.Identity, ellipse, turned, exact, out r);
            Check(steps.Length == r.Iterations && steps.Length > 16, "long trace " + steps.Length);
            for (int k = 0; k < steps.Length; k++)
            {
                Check(steps[k].Iteration == k + 1, "numbered");
            }
            Near(steps[steps.Length - 1].UpperBound, r.Distance, 0.0, "last bound");
            Fails(GjkStatus.DimensionMismatch, "shape a is 2D but shape b is 3D",
                () => Gjk.DistanceTrace(square, GjkPose.Identity, sphere, GjkPose.Identity, out r), "2D against 3D");
        }
        return Summary();
    }
}
