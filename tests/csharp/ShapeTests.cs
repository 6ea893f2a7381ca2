// The C# checks of the cylinder, the cone and rounded shapes against closed-form answers, and of
// default(GjkPose) as the identity; run under Mono by tests/tools/csharp.rs.

using System;
using GjkCollision;
using static Checks;

internal static class ShapeTests
{
    public static void Run()
    {
        NewShapes();
        DefaultPose();
    }

    private static void NewShapes()
    {
        using (Shape cylinder = Shape.Cylinder(2, 1))
        using (Shape cone = Shape.Cone(2, 1))
        using (Shape point = Shape.Point3D(0, 0, 0))
        using (Shape box = Shape.Box(1, 1, 1))
        using (Shape roundedBox = Shape.Rounded(box, 0.5))
        using (Shape square = Shape.Rectangle(1, 1))
        using (Shape roundedSquare = Shape.Rounded(square, 0.25))
        using (Shape circle = Shape.Circle(1))
        {
            Check(cylinder.Dimension == 3 && cone.Dimension == 3, "cylinder and cone are 3D");
            Check(roundedSquare.Dimension == 2, "a rounded rectangle is 2D");
            // Cylinder: radial gap 2 and axial gap 1 beyond the rim's edge.
            Near(Gjk.Distance(cylinder, GjkPose.Identity, point, new GjkPose(0, -3, -3)).Distance,
                Math.Sqrt(5), 1e-9, "cylinder beyond its rim");
            Near(Gjk.Distance(cylinder, GjkPose.Identity, point, new GjkPose(0, 0, 5)).Distance,
                3, 1e-12, "cylinder above its top");
            // Turned a quarter about x, the cylinder lies along y: its radius spans z.
            var turned = new GjkPose(Double3.Zero,
                Rotation.FromAxisAngle(new Double3(1, 0, 0), Math.PI / 2));
            Near(Gjk.Distance(cylinder, turned, point, new GjkPose(0, 0, 5)).Distance, 4, 1e-9,
                "cylinder turned about x");
            // Cone: above the apex, beside the base's rim, 1 out of the slant's middle.
            Near(Gjk.Distance(cone, GjkPose.Identity, point, new GjkPose(0, 0, 5)).Distance, 3,
                1e-12, "cone above its apex");
            Near(Gjk.Distance(cone, GjkPose.Identity, point, new GjkPose(3, 0, -2)).Distance, 2,
                1e-9, "cone beside its rim");
            double s = Math.Sqrt(17);
            Near(Gjk.Distance(cone, GjkPose.Identity, point,
                    new GjkPose(0.5 + 4 / s, 0, 1 / s)).Distance,
                1, 1e-9, "cone off its slant");
            // Rounded: the core's distance minus the radius.
            Near(Gjk.Distance(roundedBox, GjkPose.Identity, point, new GjkPose(3, 3, 3)).Distance,
                2 * Math.Sqrt(3) - 0.5, 1e-9, "rounded box off a corner");
            GjkDistanceResult r = Gjk.Distance(roundedSquare, GjkPose.Identity, circle,
                GjkPose.From2D(5, 0, 0.7));
            Near(r.Distance, 2.75, Tight, "rounded square against a circle");
            Near(r.PointA, new Double3(1.25, 0), Tight, "rounded square's closest point");
            // Penetration of a sphere into the cylinder's side: B moves out along +x.
            using (Shape sphere = Shape.Sphere(0.5))
            {
                GjkPenetrationResult p = Gjk.Penetration(cylinder, GjkPose.Identity, sphere,
                    new GjkPose(1.2, 0, 0));
                Near(p.SignedDistance, -0.3, 1e-9, "sphere in the cylinder's side");
                Near(p.Normal, new Double3(1, 0, 0), 1e-9, "out of the cylinder's side");
            }
            Fails(GjkStatus.InvalidArgument, "half_height", () => Shape.Cylinder(-1, 1),
                "negative cylinder height");
            Fails(GjkStatus.InvalidArgument, "radius", () => Shape.Cone(1, double.NaN),
                "NaN cone radius");
            Fails(GjkStatus.InvalidArgument, "radius", () => Shape.Rounded(box, -1),
                "negative rounding radius");
            Throws<ArgumentNullException>(() => Shape.Rounded(null, 1), "rounding null");
        }
        Shape gone = Shape.Box(1, 1, 1);
        gone.Dispose();
        ObjectDisposedException e =
            Throws<ObjectDisposedException>(() => Shape.Rounded(gone, 1), "rounding a disposed shape");
        Check(e != null && e.ObjectName == "shape", "the exception names the argument");
    }

    private const double Tight = 1e-12;

    private static void DefaultPose()
    {
        using (Shape box = Shape.Box(1, 2, 3))
        using (Shape sphere = Shape.Sphere(0.5))
        using (Shape circle = Shape.Circle(1))
        {
            GjkPose unset = default(GjkPose);
            var at = new GjkPose(5, 0, 0);
            Check(Gjk.Distance(box, unset, sphere, at).Distance
                == Gjk.Distance(box, GjkPose.Identity, sphere, at).Distance,
                "default(GjkPose) is the identity in 3D");
            Near(Gjk.Distance(circle, unset, circle, GjkPose.From2D(3, 0, 0)).Distance, 1, Tight,
                "default(GjkPose) is the identity in 2D");
            var moved = default(GjkPose);
            moved.Position = new Double3(0, 0, 10);
            Near(Gjk.Distance(box, GjkPose.Identity, sphere, moved).Distance, 6.5, Tight,
                "a default pose with only its position set");
            Fails(GjkStatus.InvalidArgument, "unit quaternion",
                () => Gjk.Distance(box, GjkPose.Identity, sphere,
                    new GjkPose(Double3.Zero, new Rotation(0, 0, 0, 0.5))),
                "a short quaternion is still rejected");
        }
    }
}
