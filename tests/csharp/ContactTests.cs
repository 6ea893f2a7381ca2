// The C# contact manifold (Gjk.ContactManifold) and bounding boxes (Gjk.Aabb) against answers
// derived by hand, run under Mono by tests/tools/csharp.rs. Ends with the line
// "N passed, N failed".

using System;
using GjkCollision;
using static Checks;

internal static class ContactTests
{
    private static int Main()
    {
        Manifolds();
        Boxes();
        return Summary();
    }

    private static void Manifolds()
    {
        using (Shape floor = Shape.Box(2.0, 2.0, 0.5))
        using (Shape crate = Shape.Box(0.5, 0.5, 0.5))
        using (Shape ground = Shape.Rectangle(2.0, 0.5))
        using (Shape block = Shape.Rectangle(0.5, 0.5))
        {
            // The crate's bottom face 0.05 deep in the floor: its four corners.
            GjkManifold m = Gjk.ContactManifold(
                floor, GjkPose.Identity, crate, new GjkPose(0.1, 0.2, 0.95), 0.0);
            Check(m.Count == 4, "box on box: 4 points");
            Near(m.Normal, new Double3(0.0, 0.0, 1.0), 1e-12, "box on box normal");
            for (int i = 0; i < m.Count; i++)
            {
                GjkContactPoint p = m[i];
                Near(p.Separation, -0.05, 1e-12, "box on box separation");
                Near(Math.Abs(p.PointB.X - 0.1), 0.5, 1e-12, "corner x");
                Near(Math.Abs(p.PointB.Y - 0.2), 0.5, 1e-12, "corner y");
                Near(p.PointB.Z, 0.45, 1e-12, "corner on B");
                Near(p.PointA.Z, 0.5, 1e-12, "corner on A");
            }
            Check(m[0].Id != m[1].Id, "ids differ");
            Throws<ArgumentOutOfRangeException>(() => { var p = m[4]; }, "index past the count");
            // Lifted 0.05 clear: speculative points within a margin of 0.1, none within 0.01.
            GjkPose above = new GjkPose(0.1, 0.2, 1.05);
            m = Gjk.ContactManifold(floor, GjkPose.Identity, crate, above, 0.1);
            Check(m.Count == 4, "speculative points");
            Near(m[0].Separation, 0.05, 1e-12, "speculative separation");
            Check(Gjk.ContactManifold(floor, GjkPose.Identity, crate, above, 0.01).Count == 0,
                "beyond the margin");
            // Rectangles: two points at x = -0.2 and 0.8.
            m = Gjk.ContactManifold(ground, GjkPose.Identity, block, GjkPose.From2D(0.3, 0.9, 0.0), 0.0);
            Check(m.Count == 2, "2D: 2 points");
            Near(m[0].PointB.X + m[1].PointB.X, 0.6, 1e-12, "2D corners");
            Near(Math.Abs(m[0].PointB.X - m[1].PointB.X), 1.0, 1e-12, "2D corners apart");
            Check(m[0].PointA.Z == 0.0, "2D: z = 0");
            Fails(GjkStatus.InvalidArgument, "margin",
                () => Gjk.ContactManifold(floor, GjkPose.Identity, crate, above, double.NaN),
                "NaN margin");
            Throws<ArgumentNullException>(
                () => Gjk.ContactManifold(null, GjkPose.Identity, crate, above, 0.0), "null a");
        }
    }

    private static void Boxes()
    {
        using (Shape box = Shape.Box(1.0, 2.0, 3.0))
        using (Shape disc = Shape.Circle(0.5))
        {
            double half = Math.Sqrt(0.5);
            // A quarter turn about z at x = 10: the x and y extents swap.
            GjkPose turned = new GjkPose(new Double3(10.0, 0.0, 0.0), new Rotation(0.0, 0.0, half, half));
            GjkAabb b = Gjk.Aabb(box, turned);
            Near(b.Min, new Double3(8.0, -1.0, -3.0), 1e-12, "turned box min");
            Near(b.Max, new Double3(12.0, 1.0, 3.0), 1e-12, "turned box max");
            GjkAabb d = Gjk.Aabb(disc, GjkPose.From2D(1.0, 2.0, 0.7));
            Near(d.Min, new Double3(0.5, 1.5, 0.0), 1e-15, "disc min");
            Near(d.Max, new Double3(1.5, 2.5, 0.0), 1e-15, "disc max");
            Throws<ArgumentNullException>(() => Gjk.Aabb(null, GjkPose.Identity), "null shape");
        }
    }
}
