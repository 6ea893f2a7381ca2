// The C# support-function shapes (Shape.FromSupport), run under Mono by
// tests/tools/csharp.rs: delegates answer as the built-in shapes, NaN and exceptions fail the
// call (the delegate's exception rethrown as itself), and the delegate lives as long as the
// shapes holding it. Ends with the line "N passed, N failed".

using System;
using System.Linq;
using System.Threading;
using GjkCollision;
using static Checks;

internal static class SupportShapeTests
{
    private static int Main()
    {
        Circles();
        Hulls();
        Failures();
        Lifetime();
        return Summary();
    }

    private static Double3 UnitCircle(Double3 d)
    {
        double n = Math.Sqrt(d.X * d.X + d.Y * d.Y);
        return n > 0 ? new Double3(d.X / n, d.Y / n) : Double3.Zero;
    }

    /// <summary>A circle as a delegate: within GJK's tolerance of the built-in circle (a point
    /// grown by a margin), alone and in a batch.</summary>
    private static void Circles()
    {
        using (Shape called = Shape.FromSupport(2, UnitCircle))
        using (Shape built = Shape.Circle(1.0))
        using (Shape square = Shape.Rectangle(0.5, 0.5))
        {
            Check(called.Dimension == 2, "dimension");
            const int N = 300;
            // The delegate at the origin, the square turning on a circle of radius 3 around it.
            Shape[] a = Enumerable.Repeat(called, N).ToArray();
            Shape[] b = Enumerable.Repeat(square, N).ToArray();
            GjkPose[] pa = Enumerable.Repeat(GjkPose.Identity, N).ToArray();
            GjkPose[] pb = Enumerable.Range(0, N)
                .Select(k => GjkPose.From2D(3.0 * Math.Cos(k), 3.0 * Math.Sin(k), 0.1 * k)).ToArray();
            var results = new GjkDistanceResult[N];
            // Asked for the pool, the batch runs on this thread (see Shape.FromSupport).
            Check(Gjk.DistanceBatch(a, pa, b, pb, results, 0), "batch converged");
            for (int k = 0; k < N; k++)
            {
                double expected = Gjk.Distance(built, pa[k], square, pb[k]).Distance;
                Near(results[k].Distance, expected, 1e-10, "batch pair " + k);
                Near(Gjk.Distance(called, pa[k], square, pb[k]).Distance, expected, 1e-10,
                    "pair " + k);
            }
        }
    }

    /// <summary>A polytope as a delegate scanning its points as the built-in hull does (the
    /// first with the largest x dx + y dy + z dz): the same answers to the last bit.</summary>
    private static void Hulls()
    {
        var points = new Double3[20];
        var flat = new double[60];
        for (int i = 0; i < 20; i++)
        {
            points[i] = new Double3(Math.Sin(1.7 * i), Math.Cos(2.3 * i), Math.Sin(0.9 * i + 1));
            flat[3 * i] = points[i].X;
            flat[3 * i + 1] = points[i].Y;
            flat[3 * i + 2] = points[i].Z;
        }
        SupportFunction scan = d =>
        {
            Double3 best = points[0];
            foreach (Double3 p in points)
            {
                if (p.X * d.X + p.Y * d.Y + p.Z * d.Z > best.X * d.X + best.Y * d.Y + best.Z * d.Z)
                {
                    best = p;
                }
            }
            return best;
        };
        using (Shape called = Shape.FromSupport(3, scan))
        using (Shape built = Shape.Polytope(flat))
        using (Shape ball = Shape.Sphere(0.5))
        {
            for (int k = 0; k < 20; k++)
            {
                var at = new GjkPose(new Double3(2.5 * Math.Cos(k), 2.0 * Math.Sin(k), 0.1 * k - 1),
                    Rotation.Identity);
                GjkDistanceResult d1 = Gjk.Distance(built, GjkPose.Identity, ball, at);
                GjkDistanceResult d2 = Gjk.Distance(called, GjkPose.Identity, ball, at);
                Check(d1.Distance.Equals(d2.Distance) && d1.Iterations == d2.Iterations
                    && d1.Normal.X.Equals(d2.Normal.X), "polytope pair " + k);
            }
        }
    }

    /// <summary>NaN answers raise GjkException naming the callback; an exception of the
    /// delegate comes back as itself.</summary>
    private static void Failures()
    {
        Fails(GjkStatus.InvalidArgument, "support callback returned a non-finite point (NaN)",
            () => Shape.FromSupport(2, d => new Double3(double.NaN, 0.0)), "NaN at creation");
        int calls = 0;
        using (Shape later = Shape.FromSupport(2, d => ++calls > 4
            ? new Double3(0.0, double.NaN) : UnitCircle(d)))
        using (Shape point = Shape.Point2D(0.0, 0.0))
        {
            Fails(GjkStatus.InvalidArgument, "support callback",
                () => Gjk.Distance(later, GjkPose.Identity, point, GjkPose.From2D(3, 0, 0)),
                "NaN in a query");
        }
        calls = 0;
        using (Shape moody = Shape.FromSupport(2, d =>
        {
            if (++calls > 4)
            {
                throw new InvalidOperationException("the model is gone");
            }
            return UnitCircle(d);
        }))
        using (Shape point = Shape.Point2D(0.0, 0.0))
        {
            var e = Throws<InvalidOperationException>(
                () => Gjk.Distance(moody, GjkPose.Identity, point, GjkPose.From2D(3, 0, 0)),
                "the delegate's exception");
            Check(e != null && e.Message == "the model is gone", "its message");
            // The next failure of the thread is the library's own again.
            Fails(GjkStatus.DimensionMismatch, "3D",
                () => Gjk.Distance(moody, Shape.Sphere(1.0)), "then a library failure");
        }
        Throws<ArgumentException>(() => Shape.FromSupport(2, d => throw new ArgumentException()),
            "an exception at creation");
        Fails(GjkStatus.InvalidArgument, "dimension", () => Shape.FromSupport(4, UnitCircle),
            "a bad dimension");
    }

    /// <summary>The delegate outlives the garbage collection of every managed reference to it
    /// while a shape (here a rounded copy) holds it.</summary>
    private static void Lifetime()
    {
        Shape rounded = MakeRounded(out WeakReference alive);
        for (int i = 0; i < 3; i++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }
        Check(alive.IsAlive, "the delegate is held by the library");
        using (Shape point = Shape.Point2D(4.0, 0.0))
        {
            Near(Gjk.Distance(rounded, point).Distance, 2.5, 1e-10, "rounded distance");
        }
        rounded.Dispose();
        for (int i = 0; i < 3; i++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }
        Check(!alive.IsAlive, "the delegate is let go with the last shape");
    }

    private static Shape MakeRounded(out WeakReference alive)
    {
        var holder = new Holder();
        alive = new WeakReference(holder);
        using (Shape circle = Shape.FromSupport(2, holder.Support))
        {
            return Shape.Rounded(circle, 0.5);
        }
    }

    private sealed class Holder
    {
        public Double3 Support(Double3 d)
        {
            return UnitCircle(d);
        }
    }
}
