// gjk from C#: the classic tutorial scenario, a circle, 3D queries, float input and an error.
// Build and run it under Mono, from the repository root:
//   cargo build --release
//   mcs -out:target/example.exe examples/csharp/Example.cs \
//       bindings/csharp/unity/com.gjk.collision/Runtime/*.cs
//   LD_LIBRARY_PATH=target/release mono target/example.exe

using System;
using System.Collections.Generic;
using GjkCollision;

internal static class Example
{
    private static void Report(string name, Shape a, GjkPose poseA, Shape b, GjkPose poseB)
    {
        bool hit = Gjk.Intersect(a, poseA, b, poseB);
        GjkDistanceResult r = Gjk.Distance(a, poseA, b, poseB);
        Console.Write("{0,-34} {1,-12} distance {2,-10:G6}", name,
            hit ? "intersecting" : "separated", r.Distance);
        if (hit)
        {
            Console.WriteLine(" common point {0}", r.PointA);
        }
        else
        {
            Console.WriteLine(" closest points {0} - {1}", r.PointA, r.PointB);
        }
    }

    private static void Main()
    {
        Console.WriteLine("gjk {0}\n", Gjk.Version);
        GjkPose origin = GjkPose.Identity;

        // The tutorial's shapes: two overlapping squares and a triangle touching a corner.
        using (Shape square1 = Shape.Polygon(new double[] { 0, 0, 3, 0, 3, 3, 0, 3 }))
        using (Shape square2 = Shape.Polygon(new double[] { 2, 2, 5, 2, 5, 5, 2, 5 }))
        using (Shape triangle = Shape.Polygon(new double[] { 3, 3, 5, 3, 3, 5 }))
        using (Shape circle = Shape.Circle(1))
        {
            Report("square vs square", square1, origin, square2, origin);
            Report("square vs triangle, touching", square1, origin, triangle, origin);
            Console.WriteLine("  (shapes are closed sets: touching at the corner (3, 3) is "
                + "intersecting, at distance 0)");
            Report("square vs triangle moved by (2, 1)", square1, origin, triangle,
                GjkPose.From2D(2, 1, 0));
            Report("square vs circle at (6, 1.5)", square1, origin, circle,
                GjkPose.From2D(6, 1.5, 0));
        }

        // 3D: a box and a sphere, and the box against a capsule turned to lie along x on it.
        using (Shape box = Shape.Box(1, 1, 1))
        using (Shape sphere = Shape.Sphere(0.5))
        using (Shape capsule = Shape.Capsule(2, 0.25))
        {
            Report("box vs sphere at (3, 0, 0)", box, origin, sphere, new GjkPose(3, 0, 0));
            var lying = new GjkPose(new Double3(0, 0, 1.25),
                Rotation.FromAxisAngle(new Double3(0, 1, 0), Math.PI / 2));
            Report("box vs capsule lying on it", box, origin, capsule, lying);

            // Overlapping shapes: how deep, and which way to push B out of A.
            GjkPenetrationResult p = Gjk.Penetration(box, origin, sphere, new GjkPose(1.2, 0, 0));
            Console.WriteLine("box vs sphere at (1.2, 0, 0)       depth {0:G6}, push B along {1}",
                -p.SignedDistance, p.Normal);
        }

        // Single-precision points (a Unity Vector3[] works the same way) are read in place.
        var tetrahedron = new[]
        {
            new Vec3(0, 0, 0), new Vec3(1, 0, 0), new Vec3(0, 1, 0), new Vec3(0, 0, 1),
        };
        using (Shape hull = Shape.Polytope(tetrahedron))
        using (Shape point = Shape.Point3D(1, 1, 1))
        {
            Report("tetrahedron (floats) vs point", hull, origin, point, origin);
        }

        // The tutorial's function, for ported code.
        var poly1 = new List<double[]> { new[] { 0.0, 0 }, new[] { 3.0, 0 }, new[] { 3.0, 3 },
            new[] { 0.0, 3 } };
        var poly2 = new List<double[]> { new[] { 3.0, 3 }, new[] { 5.0, 3 }, new[] { 3.0, 5 } };
        Console.WriteLine("\nGjk.GJK(square, triangle) = {0}", Gjk.GJK(poly1, poly2));

        // Bad input is an exception with the library's message, never a crash.
        try
        {
            Shape.Circle(-1);
        }
        catch (GjkException e)
        {
            Console.WriteLine("Shape.Circle(-1): {0} ({1})", e.Message, e.Status);
        }
    }
}
