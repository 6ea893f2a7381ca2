// The C# binding's test program, run under Mono by tests/tools/csharp.rs. Without arguments
// it runs every check of the binding and ends with "N passed, M failed"; "unity" runs the
// checks of the Unity overloads (built against tests/csharp/UnityEngineStub.cs); "bench" times
// Gjk.Distance (see Bench.cs).

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Threading;
using GjkCollision;
using static Checks;

internal static class TestRunner
{
    private const double Tight = 1e-12;

    private static readonly double[] Square = { 0, 0, 3, 0, 3, 3, 0, 3 };
    private static readonly double[] OverlappingSquare = { 2, 2, 5, 2, 5, 5, 2, 5 };
    private static readonly double[] TouchingTriangle = { 3, 3, 5, 3, 3, 5 };
    private static readonly double[] SeparatedSquare = { 6, 0, 9, 0, 9, 3, 6, 3 };
    private static readonly double[] Cube =
    {
        -1, -1, -1, 1, -1, -1, -1, 1, -1, 1, 1, -1, -1, -1, 1, 1, -1, 1, -1, 1, 1, 1, 1, 1,
    };

    private static int Main(string[] args)
    {
        string mode = args.Length > 0 ? args[0] : "";
        if (mode == "bench")
        {
            Bench.Run();
            return 0;
        }
        if (mode == "unity")
        {
#if UNITY_5_3_OR_NEWER
            UnityChecks.Run();
            return Summary();
#else
            Console.WriteLine("this runner was built without UnityEngine");
            return 2;
#endif
        }
        Console.WriteLine("gjk " + Gjk.Version + " under " + Environment.Version);
        Layout();
        Diagnostics();
        TutorialScenario();
        EveryShape();
        ShapeTests.Run();
        Penetration();
        FloatInput();
        BadInput();
        NoConvergence();
        ExactMode();
        TutorialMirror();
        NoAllocationPerQuery();
        HandlesAreReleased();
        Threads();
        return Summary();
    }

    private static GjkDistanceResult Distance(Shape a, Shape b, GjkPose poseB)
    {
        return Gjk.Distance(a, GjkPose.Identity, b, poseB);
    }

    /// <summary>The structs have the layouts of include/gjk.h and are blittable.</summary>
    private static void Layout()
    {
        Size<Vec2>(8, "Vec2 is 2 floats");
        Size<Vec3>(12, "Vec3 is 3 floats");
        Size<Double3>(24, "Double3 is double[3]");
        Size<Rotation>(32, "Rotation is double[4]");
        Size<GjkPose>(56, "sizeof(GjkPose)");
        Check(Marshal.OffsetOf(typeof(GjkPose), "Rotation").ToInt32() == 24, "GjkPose.rotation");
        Size<GjkQueryOptions>(16, "sizeof(GjkQueryOptions)");
        Check(Marshal.OffsetOf(typeof(GjkQueryOptions), "MaxIterations").ToInt32() == 8,
            "GjkQueryOptions.max_iterations");
        Size<GjkDistanceResult>(96, "sizeof(GjkDistanceResult)");
        string[] fields = { "distance", "pointA", "pointB", "normal", "lowerBound", "iterations",
            "intersecting" };
        int[] offsets = { 0, 8, 32, 56, 80, 88, 92 };
        for (int i = 0; i < fields.Length; i++)
        {
            Check(Marshal.OffsetOf(typeof(GjkDistanceResult), fields[i]).ToInt32() == offsets[i],
                "offset of GjkDistanceResult." + fields[i]);
        }
        // Only arrays of blittable types can be pinned.
        Size<GjkPenetrationResult>(88, "sizeof(GjkPenetrationResult)");
        string[] penetrationFields = { "signedDistance", "pointA", "pointB", "normal",
            "iterations", "intersecting" };
        int[] penetrationOffsets = { 0, 8, 32, 56, 80, 84 };
        for (int i = 0; i < penetrationFields.Length; i++)
        {
            Check(Marshal.OffsetOf(typeof(GjkPenetrationResult), penetrationFields[i]).ToInt32()
                == penetrationOffsets[i], "offset of GjkPenetrationResult." + penetrationFields[i]);
        }
        Array[] arrays = { new Vec2[1], new Vec3[1], new GjkPose[1], new GjkQueryOptions[1],
            new GjkDistanceResult[1], new GjkPenetrationResult[1] };
        foreach (Array array in arrays)
        {
            bool pinned;
            try
            {
                GCHandle.Alloc(array, GCHandleType.Pinned).Free();
                pinned = true;
            }
            catch (ArgumentException)
            {
                pinned = false;
            }
            Check(pinned, array.GetType().GetElementType().Name + " is blittable");
        }
    }

    private static void Diagnostics()
    {
        string[] parts = Gjk.Version.Split('.');
        int number;
        Check(parts.Length == 3 && Array.TrueForAll(parts, p => int.TryParse(p, out number)),
            "version " + Gjk.Version + " is MAJOR.MINOR.PATCH");
        Check(Gjk.StatusString(GjkStatus.Ok) == "ok", "status string of Ok");
        Check(Gjk.StatusString(GjkStatus.InvalidArgument) == "invalid argument",
            "status string of InvalidArgument");
        Check(Gjk.StatusString((GjkStatus)99) == "unknown status code", "unknown status");
        GjkQueryOptions options = GjkQueryOptions.Default;
        Check(options.RelativeTolerance == 1e-12 && options.MaxIterations == 128,
            "default options");
        GjkPose pose = GjkPose.From2D(1, 2, Math.PI / 2);
        Near(pose.Position, new Double3(1, 2, 0), 0, "2D pose position");
        Near(pose.Rotation.Z, Math.Sqrt(0.5), 1e-15, "2D pose quaternion z");
        Near(pose.Rotation.W, Math.Sqrt(0.5), 1e-15, "2D pose quaternion w");
        Double3 at = new Double3(1, 2, 3);
        Rotation turn = Rotation.FromAxisAngle(new Double3(0, 0, 2), Math.PI / 2);
        GjkPose native = GjkNative.gjk_pose_3d(ref at, ref turn);
        Near(native.Position, at, 0, "gjk_pose_3d position");
        Check(native.Rotation.Z == turn.Z && native.Rotation.W == turn.W, "gjk_pose_3d rotation");
        Near(turn.Z, pose.Rotation.Z, 1e-15, "FromAxisAngle agrees with gjk_pose_2d");
    }

    /// <summary>The classic tutorial's shapes, answered as closed sets.</summary>
    private static void TutorialScenario()
    {
        using (Shape square = Shape.Polygon(Square))
        using (Shape overlapping = Shape.Polygon(OverlappingSquare))
        using (Shape triangle = Shape.Polygon(TouchingTriangle))
        using (Shape separated = Shape.Polygon(SeparatedSquare))
        {
            Check(square.Dimension == 2, "a polygon is 2D");
            Check(Gjk.Intersect(square, overlapping), "overlapping squares intersect");
            GjkDistanceResult r = Gjk.Distance(square, overlapping);
            Check(r.Intersecting && r.Distance == 0, "overlapping squares: distance 0");

            Check(Gjk.Intersect(square, triangle), "touching triangle intersects");
            r = Gjk.Distance(square, triangle);
            Check(r.Intersecting, "touching triangle: flag");
            Check(r.Distance == 0, "touching triangle: distance 0, got " + r.Distance);
            Near(r.PointA, new Double3(3, 3), Tight, "touching triangle: common point");

            Check(!Gjk.Intersect(square, separated), "squares 3 apart are separated");
            r = Gjk.Distance(square, separated);
            Check(!r.Intersecting, "squares 3 apart: flag");
            Near(r.Distance, 3, Tight, "squares 3 apart: distance");
            Near(r.Normal, new Double3(1, 0), Tight, "squares 3 apart: normal");
            Near(r.PointA.X, 3, Tight, "squares 3 apart: point on A");
            Near(r.PointB.X, 6, Tight, "squares 3 apart: point on B");
            Check(r.LowerBound <= r.Distance && r.LowerBound > 3 - 1e-9,
                "squares 3 apart: lower bound " + r.LowerBound);
            // Two small polygons: the exact polygon kernel answers, with no support point.
            Check(r.Iterations == 0, "small polygons: 0 iterations, got " + r.Iterations);

            // The triangle moved by (2, 1): the README's example.
            GjkPose moved = GjkPose.From2D(2, 1, 0);
            Check(!Gjk.Intersect(square, GjkPose.Identity, triangle, moved), "moved triangle");
            r = Distance(square, triangle, moved);
            Near(r.Distance, Math.Sqrt(5), Tight, "moved triangle: distance");
            Near(r.PointA, new Double3(3, 3), Tight, "moved triangle: point on A");
            Near(r.PointB, new Double3(5, 4), Tight, "moved triangle: point on B");

            // Poses on both sides: only the relative placement matters.
            GjkPose shiftA = GjkPose.From2D(-10, 4, 0);
            GjkPose shiftB = GjkPose.From2D(-8, 5, 0);
            r = Gjk.Distance(square, shiftA, triangle, shiftB);
            Near(r.Distance, Math.Sqrt(5), Tight, "both posed: distance");
            Near(r.PointA, new Double3(-7, 7), Tight, "both posed: point in the world frame");
        }
    }

    /// <summary>Every shape of the C API against closed-form answers.</summary>
    private static void EveryShape()
    {
        using (Shape square = Shape.Polygon(Square))
        using (Shape circle = Shape.Circle(1))
        using (Shape big = Shape.Circle(2))
        using (Shape ellipse = Shape.Ellipse(2, 1))
        using (Shape stadium = Shape.Stadium(2, 0.5))
        using (Shape rectangle = Shape.Rectangle(1, 2))
        using (Shape point2 = Shape.Point2D(0, 0))
        using (Shape offsetPoint2 = Shape.Point2D(1, 3))
        using (Shape segment2 = Shape.Segment2D(0, 0, 2, 0))
        {
            foreach (Shape s in new[] { circle, ellipse, stadium, rectangle, point2, segment2 })
            {
                Check(s.Dimension == 2, "2D shape dimension");
            }
            Near(Distance(square, circle, GjkPose.From2D(6, 1.5, 0)).Distance, 2, Tight,
                "square vs circle at (6, 1.5)");
            GjkDistanceResult r = Gjk.Distance(circle, GjkPose.From2D(1, 1, 0.3), big,
                GjkPose.From2D(4, 5, 2.0));
            Near(r.Distance, 2, 1e-9, "circle vs circle");
            Near(r.Normal, new Double3(0.6, 0.8), 1e-9, "circle vs circle: normal");
            Near(r.PointA, new Double3(1.6, 1.8), 1e-9, "circle vs circle: point on A");
            Near(r.PointB, new Double3(2.8, 3.4), 1e-9, "circle vs circle: point on B");
            Near(Distance(ellipse, point2, GjkPose.From2D(5, 0, 0)).Distance, 3, 1e-9,
                "ellipse vs point on its long axis");
            Near(Gjk.Distance(ellipse, GjkPose.From2D(0, 0, Math.PI / 2), point2,
                GjkPose.From2D(0, 5, 0)).Distance, 3, 1e-9, "ellipse turned a quarter");
            Near(Distance(stadium, point2, GjkPose.From2D(0, 3, 0)).Distance, 2.5, 1e-9,
                "stadium vs point above");
            Near(Distance(stadium, point2, GjkPose.From2D(5, 0, 0)).Distance, 2.5, 1e-9,
                "stadium vs point beyond its end");
            Near(Distance(rectangle, point2, GjkPose.From2D(4, 0, 0)).Distance, 3, Tight,
                "rectangle vs point");
            Near(Distance(rectangle, point2, GjkPose.From2D(4, 6, 0)).Distance, 5, Tight,
                "rectangle vs point off its corner");
            Near(Gjk.Distance(segment2, offsetPoint2).Distance, 3, Tight, "segment vs point");
            using (Shape crossing = Shape.Segment2D(1, -1, 1, 1))
            {
                Check(Gjk.Intersect(segment2, crossing), "crossing segments");
            }
        }

        using (Shape box = Shape.Box(1, 1, 1))
        using (Shape sphere = Shape.Sphere(0.5))
        using (Shape unit = Shape.Sphere(1))
        using (Shape ellipsoid = Shape.Ellipsoid(1, 2, 3))
        using (Shape capsule = Shape.Capsule(2, 0.5))
        using (Shape cube = Shape.Polytope(Cube))
        using (Shape point3 = Shape.Point3D(0, 0, 0))
        using (Shape segment3 = Shape.Segment3D(0, 0, 0, 0, 0, 2))
        {
            foreach (Shape s in new[] { box, sphere, ellipsoid, capsule, cube, point3, segment3 })
            {
                Check(s.Dimension == 3, "3D shape dimension");
            }
            GjkDistanceResult r = Distance(box, sphere, new GjkPose(3, 0, 0));
            Near(r.Distance, 1.5, Tight, "box vs sphere at (3, 0, 0)");
            Near(r.PointA, new Double3(1, 0, 0), Tight, "box vs sphere: point on the box");
            Near(r.PointB, new Double3(2.5, 0, 0), Tight, "box vs sphere: point on the sphere");
            Check(Gjk.Intersect(box, GjkPose.Identity, sphere, new GjkPose(1.4, 0.3, 0.2)),
                "box vs sphere overlapping");
            Check(Gjk.Intersect(box, GjkPose.Identity, sphere, new GjkPose(1.5, 0, 0)),
                "box vs sphere touching");
            r = Gjk.Distance(unit, GjkPose.Identity, sphere, new GjkPose(1, 2, 2));
            Near(r.Distance, 1.5, 1e-9, "sphere vs sphere");
            Near(r.Normal, new Double3(1.0 / 3, 2.0 / 3, 2.0 / 3), 1e-9,
                "sphere vs sphere: normal");
            Near(Distance(ellipsoid, point3, new GjkPose(0, 0, 10)).Distance, 7, 1e-9,
                "ellipsoid vs point on its z axis");
            Near(Distance(capsule, point3, new GjkPose(0, 0, 5)).Distance, 2.5, 1e-9,
                "capsule vs point beyond its end");
            Near(Distance(capsule, point3, new GjkPose(3, 0, 1)).Distance, 2.5, 1e-9,
                "capsule vs point beside it");
            using (Shape scanned = Shape.PolytopeScanning(Cube))
            using (Shape scannedFloats = Shape.PolytopeScanning(Array.ConvertAll(Cube, x => (float)x)))
            using (Shape scannedSquare = Shape.PolygonScanning(Square))
            using (Shape scannedSquareFloats =
                Shape.PolygonScanning(Array.ConvertAll(Square, x => (float)x)))
            {
                Check(scannedSquare.Dimension == 2 && scannedSquareFloats.Dimension == 2,
                    "scanning polygon dimension");
                Near(Distance(scanned, unit, new GjkPose(0, 0, 4)).Distance, 2, Tight,
                    "scanning polytope vs sphere");
                Near(Distance(scannedFloats, unit, new GjkPose(0, 0, 4)).Distance, 2, Tight,
                    "scanning polytope from floats vs sphere");
            }
            Near(Distance(cube, unit, new GjkPose(0, 0, 4)).Distance, 2, Tight,
                "cube polytope vs sphere");
            using (Shape beside = Shape.Point3D(1, 0, 1))
            {
                Near(Gjk.Distance(segment3, beside).Distance, 1, Tight, "segment vs point");
            }
            // The box turned 45 degrees about z shows a vertical edge at x = sqrt(2).
            GjkPose turned = new GjkPose(Double3.Zero,
                Rotation.FromAxisAngle(new Double3(0, 0, 1), Math.PI / 4));
            Near(Gjk.Distance(box, turned, point3, new GjkPose(3, 0, 0)).Distance,
                3 - Math.Sqrt(2), 1e-12, "turned box vs point");
            // A capsule turned to lie along x on the box (the C demo's case).
            GjkPose lying = new GjkPose(new Double3(0, 0, 1.25),
                new Rotation(0, Math.Sqrt(0.5), 0, Math.Sqrt(0.5)));
            r = Gjk.Distance(box, GjkPose.Identity, capsule, lying);
            Check(r.Intersecting && r.Distance == 0, "capsule lying on the box touches it");
        }
    }

    /// <summary>Penetration depths, normals and deepest points of overlapping shapes; distances
    /// of separated ones.</summary>
    private static void Penetration()
    {
        using (Shape box = Shape.Box(1, 1, 1))
        using (Shape sphere = Shape.Sphere(0.5))
        using (Shape square = Shape.Polygon(Square))
        using (Shape overlapping = Shape.Polygon(OverlappingSquare))
        using (Shape triangle = Shape.Polygon(TouchingTriangle))
        using (Shape circle = Shape.Circle(1))
        using (Shape big = Shape.Circle(2))
        {
            GjkPose inside = new GjkPose(1.2, 0, 0);
            GjkPenetrationResult p = Gjk.Penetration(box, GjkPose.Identity, sphere, inside);
            Check(p.Intersecting, "box and sphere overlap");
            Near(p.SignedDistance, -0.3, 1e-9, "box and sphere: minus the depth");
            Near(p.Normal, new Double3(1, 0, 0), 1e-9, "box and sphere: normal");
            Near(p.PointA.X, 1, 1e-9, "box and sphere: deepest point of the box");
            Near(p.PointB, new Double3(0.7, 0, 0), 1e-9,
                "box and sphere: deepest point of the sphere");
            Check(p.Iterations > 0, "penetration iterations are reported");
            Near(Gjk.SignedDistance(box, GjkPose.Identity, sphere, inside), p.SignedDistance, 0,
                "SignedDistance agrees with Penetration");

            p = Gjk.Penetration(box, GjkPose.Identity, sphere, new GjkPose(3, 0, 0));
            Check(!p.Intersecting, "box and sphere apart");
            Near(p.SignedDistance, 1.5, Tight, "apart: the distance");
            Near(p.PointB, new Double3(2.5, 0, 0), Tight, "apart: the closest point of B");

            p = Gjk.Penetration(square, overlapping);
            Near(p.SignedDistance, -1, Tight, "overlapping squares: depth 1");
            double length = Math.Sqrt(p.Normal.X * p.Normal.X + p.Normal.Y * p.Normal.Y);
            Near(length, 1, Tight, "overlapping squares: unit normal");

            p = Gjk.Penetration(square, triangle);
            Check(p.Intersecting && p.SignedDistance == 0, "touching triangle: signed distance 0");

            p = Gjk.Penetration(circle, GjkPose.From2D(1, 1, 0), big, GjkPose.From2D(2.2, 2.6, 1));
            Near(p.SignedDistance, -1, 1e-6, "overlapping circles: depth 1");
            Near(p.Normal, new Double3(0.6, 0.8), 1e-6, "overlapping circles: normal");

            using (Shape ball = Shape.Sphere(1))
            {
                Fails(GjkStatus.DimensionMismatch, "", () => Gjk.Penetration(circle, ball),
                    "penetration 2D vs 3D");
                Fails(GjkStatus.DimensionMismatch, "",
                    () => Gjk.SignedDistance(ball, GjkPose.Identity, circle, GjkPose.Identity),
                    "signed distance 3D vs 2D");
            }
        }
    }

    /// <summary>Single-precision arrays are read in place and widened exactly.</summary>
    private static void FloatInput()
    {
        GjkPose moved = GjkPose.From2D(2, 1, 0);
        float[] squareF = { 0, 0, 3, 0, 3, 3, 0, 3 };
        Vec2[] buffer =
        {
            new Vec2(0, 0), new Vec2(3, 0), new Vec2(3, 3), new Vec2(0, 3),
            new Vec2(100, 100), new Vec2(100, -100),
        };
        using (Shape triangle = Shape.Polygon(TouchingTriangle))
        {
            using (Shape fromFloats = Shape.Polygon(squareF))
            using (Shape fromPoints = Shape.Polygon(buffer, 4))
            using (Shape fromFlatPrefix =
                Shape.Polygon(new float[] { 0, 0, 3, 0, 3, 3, 0, 3, 9, 9 }, 4))
            using (Shape whole = Shape.Polygon(buffer))
            {
                Near(Distance(fromFloats, triangle, moved).Distance, Math.Sqrt(5), Tight,
                    "polygon from float[]");
                Near(Distance(fromPoints, triangle, moved).Distance, Math.Sqrt(5), Tight,
                    "polygon from the first 4 Vec2 of a buffer");
                Near(Distance(fromFlatPrefix, triangle, moved).Distance, Math.Sqrt(5), Tight,
                    "polygon from the first 4 points of a float[]");
                Check(Gjk.Intersect(whole, GjkPose.Identity, triangle, moved),
                    "the whole buffer is a larger polygon");
                // The library copies the points: changing the array later changes nothing.
                squareF[2] = 1000;
                buffer[1] = new Vec2(1000, 0);
                Near(Distance(fromFloats, triangle, moved).Distance, Math.Sqrt(5), Tight,
                    "points were copied (float[])");
                Near(Distance(fromPoints, triangle, moved).Distance, Math.Sqrt(5), Tight,
                    "points were copied (Vec2[])");
            }
            using (Shape single = Shape.Polygon(new[] { new Vec2(0.1f, 0.2f) }))
            using (Shape origin = Shape.Point2D(1, 1))
            {
                GjkDistanceResult r = Gjk.Distance(single, origin);
                Check(r.PointA.X == (double)0.1f && r.PointA.Y == (double)0.2f,
                    "floats are widened exactly: " + r.PointA);
            }
        }
        float[] cubeF = Array.ConvertAll(Cube, v => (float)v);
        Vec3[] cubeV = new Vec3[8];
        for (int i = 0; i < 8; i++)
        {
            cubeV[i] = new Vec3(cubeF[3 * i], cubeF[3 * i + 1], cubeF[3 * i + 2]);
        }
        using (Shape sphere = Shape.Sphere(1))
        using (Shape fromFloats = Shape.Polytope(cubeF))
        using (Shape fromPoints = Shape.Polytope(cubeV))
        using (Shape fromPrefix = Shape.Polytope(cubeV, 1))
        using (Shape fromDoublePrefix = Shape.Polytope(Cube, 1))
        {
            GjkPose above = new GjkPose(0, 0, 4);
            Near(Distance(fromFloats, sphere, above).Distance, 2, Tight, "polytope from float[]");
            Near(Distance(fromPoints, sphere, above).Distance, 2, Tight, "polytope from Vec3[]");
            Near(Distance(fromPrefix, sphere, above).Distance, Math.Sqrt(27) - 1, 1e-9,
                "polytope from the first Vec3 only");
            Near(Distance(fromDoublePrefix, sphere, above).Distance, Math.Sqrt(27) - 1, 1e-9,
                "polytope from the first point of a double[]");
        }
    }

    /// <summary>Bad input raises an exception with the library's message; nothing
    /// crashes.</summary>
    private static void BadInput()
    {
        Fails(GjkStatus.InvalidArgument, "radius", () => Shape.Circle(-1), "negative radius");
        Fails(GjkStatus.InvalidArgument, "radius", () => Shape.Sphere(-0.5), "negative sphere");
        Fails(GjkStatus.InvalidArgument, "NaN", () => Shape.Sphere(double.NaN), "NaN radius");
        Fails(GjkStatus.InvalidArgument, "", () => Shape.Box(1, double.PositiveInfinity, 1),
            "infinite half extent");
        Fails(GjkStatus.InvalidArgument, "", () => Shape.Ellipse(1, -2), "negative semi-axis");
        Fails(GjkStatus.InvalidArgument, "", () => Shape.Capsule(-1, 1), "negative half length");
        Fails(GjkStatus.InvalidArgument, "", () => Shape.Segment3D(0, 0, 0, 1, double.NaN, 1),
            "NaN segment end");
        Fails(GjkStatus.InvalidArgument, "point 1",
            () => Shape.Polygon(new double[] { 0, 0, double.NaN, 1 }), "NaN coordinate");
        Fails(GjkStatus.InvalidArgument, "point 2",
            () => Shape.Polytope(new[] { new Vec3(), new Vec3(), new Vec3(float.NaN, 0, 0) }),
            "NaN float coordinate");
        Fails(GjkStatus.InvalidArgument, "count is 0", () => Shape.Polygon(new double[0]),
            "empty double[]");
        Fails(GjkStatus.InvalidArgument, "count is 0", () => Shape.Polygon(new Vec2[0]),
            "empty Vec2[]");
        Fails(GjkStatus.InvalidArgument, "count is 0", () => Shape.Polytope(new float[0]),
            "empty float[]");
        Fails(GjkStatus.NullPointer, "xy is NULL", () => Shape.Polygon((double[])null),
            "null double[]");
        Fails(GjkStatus.NullPointer, "is NULL", () => Shape.Polygon((Vec2[])null), "null Vec2[]");
        Fails(GjkStatus.NullPointer, "xyz is NULL", () => Shape.Polytope((float[])null),
            "null float[]");
        Throws<ArgumentException>(() => Shape.Polygon(new double[] { 0, 0, 1 }),
            "odd number of coordinates");
        Throws<ArgumentOutOfRangeException>(() => Shape.Polygon(new Vec2[3], 4),
            "count beyond the array");
        Throws<ArgumentOutOfRangeException>(() => Shape.Polytope(new double[6], -1),
            "negative count");

        using (Shape circle = Shape.Circle(1))
        using (Shape sphere = Shape.Sphere(1))
        {
            Fails(GjkStatus.DimensionMismatch, "shape a is 2D but shape b is 3D",
                () => Gjk.Distance(circle, sphere), "2D vs 3D distance");
            Fails(GjkStatus.DimensionMismatch, "shape a is 3D but shape b is 2D",
                () => Gjk.Intersect(sphere, circle), "3D vs 2D intersect");
            Fails(GjkStatus.InvalidArgument, "pose_b",
                () => Gjk.Intersect(sphere, GjkPose.Identity, sphere,
                    new GjkPose(Double3.Zero, new Rotation(0, 0, 0, 2))),
                "quaternion of norm 2");
            Fails(GjkStatus.InvalidArgument, "",
                () => Gjk.Distance(circle, GjkPose.Identity, circle,
                    new GjkPose(Double3.Zero, Rotation.FromAxisAngle(new Double3(1, 0, 0), 1))),
                "2D shape turned about x");
            Fails(GjkStatus.InvalidArgument, "",
                () => Gjk.Distance(sphere, GjkPose.Identity, sphere,
                    new GjkPose(double.NaN, 0, 0)),
                "NaN position");
            Fails(GjkStatus.InvalidArgument, "",
                () => Gjk.Distance(sphere, GjkPose.Identity, sphere, GjkPose.Identity,
                    new GjkQueryOptions(1.5, 10)),
                "tolerance outside [0, 1)");
            Fails(GjkStatus.InvalidArgument, "",
                () => Gjk.Intersect(sphere, GjkPose.Identity, sphere, GjkPose.Identity,
                    new GjkQueryOptions(1e-9, 0)),
                "zero iteration cap");
            Throws<ArgumentNullException>(() => Gjk.Distance(null, circle), "null shape a");
            Throws<ArgumentNullException>(() => Gjk.Intersect(circle, null), "null shape b");
            Shape disposed = Shape.Circle(1);
            disposed.Dispose();
            disposed.Dispose();
            Check(disposed.IsClosed, "a disposed shape is closed");
            ObjectDisposedException closed = Throws<ObjectDisposedException>(
                () => Gjk.Distance(circle, disposed), "query on a disposed shape");
            Check(closed != null && closed.ObjectName == "b",
                "the disposed shape's argument is named");
            Check(!Gjk.Intersect(circle, GjkPose.Identity, circle, new GjkPose(3, 0, 0)),
                "queries still work after the errors");
        }
    }

    /// <summary>Exact mode: the square [-1, 0] x [0, 1] and the rectangle [g, 1] x [0, 1],
    /// g = 2^-60, every coordinate exact. The default calls them touching within its
    /// tolerance; exact mode answers apart by exactly g, and overlapping at -g; an ellipse is
    /// refused, naming the option.</summary>
    private static void ExactMode()
    {
        double g = Math.Pow(2, -60);
        GjkQueryOptions exact = GjkQueryOptions.Default;
        Check(!exact.Exact, "exact mode is off by default");
        exact.Exact = true;
        using (Shape left = Shape.Polygon(new double[] { -1, 0, 0, 0, 0, 1, -1, 1 }))
        using (Shape apart = Shape.Polygon(new double[] { g, 0, 1, 0, 1, 1, g, 1 }))
        using (Shape overlapping = Shape.Polygon(new double[] { -g, 0, 1, 0, 1, 1, -g, 1 }))
        using (Shape ellipse = Shape.Ellipse(2, 1))
        {
            GjkPose id = GjkPose.Identity;
            Check(Gjk.Distance(left, id, apart, id).ToleranceCall, "the default: a tolerance call");
            GjkDistanceResult r = Gjk.Distance(left, id, apart, id, exact);
            Check(!r.Intersecting && !r.ToleranceCall && r.LowerBound == g && r.Distance == g,
                "exact mode: apart by exactly 2^-60, got [" + r.LowerBound + ", " + r.Distance + "]");
            Check(!Gjk.Intersect(left, id, apart, id, exact), "exact boolean: apart");
            Check(Gjk.Intersect(left, id, overlapping, id, exact), "exact boolean: overlapping");
            var refused = Throws<GjkException>(() => Gjk.Distance(ellipse, id, left, id, exact),
                "exact mode on an ellipse raises");
            Check(refused != null && refused.Status == GjkStatus.InvalidArgument
                && refused.Message.Contains("exact"), "it names the option");
        }
    }

    /// <summary>An iteration cap too low: the Try variants return false with the bounds found,
    /// which bracket the distance; the others raise with them.</summary>
    private static void NoConvergence()
    {
        using (Shape a = Shape.Ellipsoid(3, 1, 2))
        using (Shape b = Shape.Ellipsoid(1, 2, 0.5))
        {
            GjkPose poseB = new GjkPose(new Double3(7, 3, 1),
                Rotation.FromAxisAngle(new Double3(1, 2, 3), 0.7));
            double exact = Gjk.Distance(a, GjkPose.Identity, b, poseB).Distance;
            GjkQueryOptions capped = new GjkQueryOptions(0, 2);
            GjkDistanceResult r;
            bool converged = Gjk.TryDistance(a, GjkPose.Identity, b, poseB, capped, out r);
            Check(!converged, "two iterations do not converge on ellipsoids");
            Check(r.LowerBound <= exact + 1e-12 && exact <= r.Distance + 1e-12,
                "bounds bracket the distance: " + r.LowerBound + " <= " + exact + " <= "
                + r.Distance);
            var capError = Throws<GjkNoConvergenceException<GjkDistanceResult>>(
                () => Gjk.Distance(a, GjkPose.Identity, b, poseB, capped),
                "Distance at the cap raises");
            Check(capError != null && Same(capError.Result, r) && capError is GjkException
                && capError.Status == GjkStatus.NoConvergence,
                "its exception carries the bounds found");
            GjkTraceStep[] steps;
            Check(!Gjk.TryDistanceTrace(a, GjkPose.Identity, b, poseB, capped, out steps, out r)
                && steps.Length == 2, "TryDistanceTrace at the cap: false, the 2 steps");
            var traceError = Throws<GjkNoConvergenceException<GjkTraceStep[]>>(
                () => Gjk.DistanceTrace(a, GjkPose.Identity, b, poseB, capped, out r),
                "DistanceTrace at the cap raises");
            Check(traceError != null && traceError.Result.Length == 2,
                "its exception carries the steps up to the cap");
            Check(Gjk.TryDistance(a, GjkPose.Identity, b, poseB, GjkQueryOptions.Default, out r),
                "default options converge");
            Near(r.Distance, exact, 0, "TryDistance equals Distance");

            GjkPose overlapping = new GjkPose(new Double3(2.5, 1, 0.5), poseB.Rotation);
            double depth = Gjk.Penetration(a, GjkPose.Identity, b, overlapping).SignedDistance;
            Check(depth < 0, "the ellipsoids overlap: " + depth);
            GjkPenetrationResult p;
            Check(!Gjk.TryPenetration(a, GjkPose.Identity, b, overlapping, capped, out p),
                "two iterations do not converge on overlapping ellipsoids");
            Check(!double.IsNaN(p.SignedDistance) && !double.IsInfinity(p.SignedDistance),
                "a finite answer is returned: " + p.SignedDistance);
            var depthError = Throws<GjkNoConvergenceException<GjkPenetrationResult>>(
                () => Gjk.Penetration(a, GjkPose.Identity, b, overlapping, capped),
                "Penetration at the cap raises");
            Check(depthError != null && depthError.Result.SignedDistance == p.SignedDistance,
                "its exception carries the best answer");
        }
    }

    /// <summary>The tutorial functions, answered by the library.</summary>
    private static void TutorialMirror()
    {
        var square = new List<double[]> { new[] { 0.0, 0 }, new[] { 3.0, 0 }, new[] { 3.0, 3 },
            new[] { 0.0, 3 } };
        var overlapping = new List<double[]> { new[] { 2.0, 2 }, new[] { 5.0, 2 },
            new[] { 5.0, 5 }, new[] { 2.0, 5 } };
        var triangle = new List<double[]> { new[] { 3.0, 3 }, new[] { 5.0, 3 }, new[] { 3.0, 5 } };
        var far = new List<double[]> { new[] { 6.0, 0 }, new[] { 9.0, 0 }, new[] { 9.0, 3 } };
        Check(Gjk.GJK(square, overlapping), "GJK: overlapping squares");
        Check(Gjk.GJK(square, triangle), "GJK: touching triangle intersects");
        Check(Gjk.GJK(triangle, square), "GJK: touching triangle, swapped");
        Check(!Gjk.GJK(square, far), "GJK: separated");
        var shuffled = new List<double[]> { square[2], square[0], square[3], square[1], square[0] };
        Check(Gjk.GJK(shuffled, triangle), "GJK: vertex order does not matter");
        var cube = new List<double[]>();
        var touchingCube = new List<double[]>();
        for (int i = 0; i < 8; i++)
        {
            cube.Add(new[] { Cube[3 * i], Cube[3 * i + 1], Cube[3 * i + 2] });
            touchingCube.Add(new[] { Cube[3 * i] + 2, Cube[3 * i + 1], Cube[3 * i + 2] });
        }
        Check(Gjk.GJK(cube, touchingCube), "GJK: cubes touching face to face");
        Fails(GjkStatus.DimensionMismatch, "", () => Gjk.GJK(square, cube), "GJK: 2D against 3D");
        GJKResult result = Gjk.GJKDistance(square, far);
        // Two small polygons: the exact polygon kernel answers, with no support point.
        Check(!result.collision && result.iterations == 0, "GJKDistance: separated");
        Near(result.distance, 3, Tight, "GJKDistance: distance");
        result = Gjk.GJKDistance(square, triangle);
        Check(result.collision && result.distance == 0, "GJKDistance: touching");
        Throws<ArgumentException>(() => Gjk.GJK(square, new List<double[]> { new[] { 1.0 } }),
            "GJK: a point of one coordinate");
        Throws<ArgumentNullException>(() => Gjk.GJK(null, square), "GJK: null list");

        Check(Gjk.isConvex(square), "isConvex: square");
        var clockwise = new List<double[]>(square);
        clockwise.Reverse();
        Check(Gjk.isConvex(clockwise), "isConvex: clockwise square");
        Check(Gjk.isConvex(triangle), "isConvex: triangle");
        var withRepeatAndStraightAngle = new List<double[]> { new[] { 0.0, 0 }, new[] { 1.0, 0 },
            new[] { 2.0, 0 }, new[] { 2.0, 0 }, new[] { 1.0, 1 } };
        Check(Gjk.isConvex(withRepeatAndStraightAngle),
            "isConvex: repeated vertex, straight angle");
        Check(!Gjk.isConvex(new List<double[]> { new[] { 0.0, 0 }, new[] { 1.0, 1 } }),
            "isConvex: two points are no polygon");
        Check(!Gjk.isConvex(new List<double[]> { new[] { 0.0, 0 }, new[] { 1.0, 1 },
            new[] { 2.0, 2 } }), "isConvex: collinear points are no polygon");
        Check(!Gjk.isConvex(new List<double[]> { new[] { 0.0, 0 }, new[] { 2.0, 0 },
            new[] { 1.0, 0 }, new[] { 1.0, 1 } }), "isConvex: a boundary folding back");
        var arrow = new List<double[]> { new[] { 0.0, 0 }, new[] { 4.0, 0 }, new[] { 4.0, 4 },
            new[] { 2.0, 1 }, new[] { 0.0, 4 } };
        Check(!Gjk.isConvex(arrow), "isConvex: concave arrow");
        var star = new List<double[]>();
        for (int i = 0; i < 5; i++)
        {
            double angle = Math.PI / 2 + i * 4 * Math.PI / 5;
            star.Add(new[] { Math.Cos(angle), Math.Sin(angle) });
        }
        Check(!Gjk.isConvex(star), "isConvex: pentagram winds twice");
        Throws<ArgumentException>(() => Gjk.isConvex(cube), "isConvex: 3D points");
    }

    /// <summary>Queries allocate nothing on the managed heap.</summary>
    private static void NoAllocationPerQuery()
    {
        using (Shape square = Shape.Polygon(Square))
        using (Shape triangle = Shape.Polygon(TouchingTriangle))
        using (Shape box = Shape.Box(1, 1, 1))
        using (Shape sphere = Shape.Sphere(0.5))
        {
            GjkPose moved = GjkPose.From2D(2, 1, 0);
            GjkPose at = new GjkPose(3, 0, 0);
            GjkQueryOptions options = GjkQueryOptions.Default;
            const int Calls = 5000;
            double sum = 0;
            for (int round = 0; round < 2; round++)
            {
                // The first round compiles the code; the second is measured.
                long before = GC.GetAllocatedBytesForCurrentThread();
                for (int i = 0; i < Calls; i++)
                {
                    sum += Gjk.Distance(square, GjkPose.Identity, triangle, moved).Distance;
                    sum += Gjk.Distance(box, GjkPose.Identity, sphere, at, options).Distance;
                    sum += Gjk.Intersect(box, GjkPose.Identity, sphere, at) ? 1 : 0;
                    sum += Gjk.Intersect(square, triangle) ? 1 : 0;
                    sum += Gjk.Penetration(box, GjkPose.Identity, sphere, at).SignedDistance;
                    sum += Gjk.SignedDistance(box, GjkPose.Identity, sphere, at);
                }
                long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                if (round == 1)
                {
                    Check(allocated == 0, 6 * Calls + " queries allocated " + allocated + " bytes");
                }
            }
            double expected = 2.0 * Calls * (Math.Sqrt(5) + 5.5);
            Near(sum, expected, 1e-9 * expected, "the queries ran");
        }
    }

    /// <summary>glibc's malloc statistics: <c>struct mallinfo2</c>, glibc 2.33 and later.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    private struct MallocStatistics
    {
        public UIntPtr Arena, Ordblks, Smblks, Hblks, Hblkhd, Usmblks, Fsmblks, Uordblks,
            Fordblks, Keepcost;
    }

    [DllImport("libc", EntryPoint = "mallinfo2")]
    private static extern MallocStatistics MallocStatisticsOfLibc();

    /// <summary>Whether <see cref="HeldBytes"/> counts the C heap (glibc) or, failing that,
    /// the resident memory of the process.</summary>
    private static bool? countsTheCHeap;

    /// <summary>The bytes the process holds once the collector and the finalizers are done:
    /// the C heap's bytes in use where glibc tells them (the library's shapes live there, and
    /// the count does not move with the collector's pages or the allocators' caches), else the
    /// resident memory.</summary>
    private static long HeldBytes()
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        if (countsTheCHeap != false)
        {
            try
            {
                MallocStatistics heap = MallocStatisticsOfLibc();
                countsTheCHeap = true;
                return (long)heap.Uordblks.ToUInt64() + (long)heap.Hblkhd.ToUInt64();
            }
            catch (Exception e) when (e is DllNotFoundException || e is EntryPointNotFoundException)
            {
                countsTheCHeap = false;
            }
        }
        using (Process self = Process.GetCurrentProcess())
        {
            return self.WorkingSet64;
        }
    }

    /// <summary>Shapes free their native memory when disposed, or else when finalized: the
    /// memory the process holds stays flat over a million shapes.</summary>
    private static void HandlesAreReleased()
    {
        Stopwatch clock = Stopwatch.StartNew();
        int wrong = 0;
        long held = 0, managed = 0;
        // Each measure is taken twice: the first round brings the allocators to their steady
        // state, the second is checked.
        for (int round = 0; round < 2; round++)
        {
            long heldBefore = HeldBytes();
            long managedBefore = GC.GetTotalMemory(true);
            for (int i = 0; i < 1000000; i++)
            {
                using (Shape shape = Shape.Circle(1))
                {
                    wrong += shape.Dimension == 2 ? 0 : 1;
                }
            }
            for (int i = 0; i < 100000; i++)
            {
                using (Shape shape = Shape.Polytope(Cube))
                {
                    wrong += shape.Dimension == 3 ? 0 : 1;
                }
            }
            held = HeldBytes() - heldBefore;
            managed = GC.GetTotalMemory(true) - managedBefore;
        }
        long finalized = 0;
        for (int round = 0; round < 2; round++)
        {
            long heldBefore = HeldBytes();
            for (int i = 0; i < 500000; i++)
            {
                Shape.Circle(1);
            }
            finalized = HeldBytes() - heldBefore;
        }
        // A circle that is never freed holds 176 bytes of the C heap, so a leak of 500,000 is
        // 86 MiB (measured with gjk_shape_free skipped). Counted on the C heap, the growth is
        // 0 KiB on a sound build and the bound is 4 MiB. Counted as resident memory, the
        // finalizer's rounds were seen to grow it by 47 MiB on a loaded machine while a
        // finalizer that frees nothing grows it by 86 MiB: that bound is looser, and the C
        // heap is what CI counts (Debian, glibc).
        string what = countsTheCHeap == true ? "the C heap" : "resident memory";
        long bound = countsTheCHeap == true ? 4L << 20 : 64L << 20;
        Check(wrong == 0, "every shape had its dimension");
        Check(held < bound, "1,100,000 shapes disposed: " + what + " grew by "
            + (held >> 10) + " KiB");
        Check(managed < 16L << 20, "1,100,000 shapes disposed: managed heap grew by "
            + (managed >> 10) + " KiB");
        Check(finalized < bound, "500,000 shapes left to the finalizer: " + what
            + " grew by " + (finalized >> 10) + " KiB");
        Console.WriteLine("1,100,000 shapes created and disposed: {0} {1:+0;-0} KiB, "
            + "managed {2:+0;-0} KiB", what, held >> 10, managed >> 10);
        Console.WriteLine("500,000 shapes left to the finalizer: {0} {1:+0;-0} KiB "
            + "({2} ms for both checks)", what, finalized >> 10, clock.ElapsedMilliseconds);
    }

    /// <summary>Queries from several threads at once give the results of one thread, and each
    /// thread reads its own error messages.</summary>
    private static void Threads()
    {
        var random = new Random(7);
        Shape[] planar = { Shape.Polygon(Square), Shape.Polygon(TouchingTriangle), Shape.Circle(1),
            Shape.Ellipse(2, 0.5), Shape.Stadium(1, 0.25), Shape.Rectangle(0.5, 1.5),
            Shape.Segment2D(-1, 0, 1, 1), Shape.Point2D(0.5, 0.5) };
        Shape[] spatial = { Shape.Box(1, 0.5, 2), Shape.Sphere(0.75), Shape.Ellipsoid(1, 2, 0.5),
            Shape.Capsule(1, 0.3), Shape.Polytope(Cube), Shape.Segment3D(0, 0, 0, 1, 1, 1) };
        const int Pairs = 200;
        var a = new Shape[Pairs];
        var b = new Shape[Pairs];
        var poseA = new GjkPose[Pairs];
        var poseB = new GjkPose[Pairs];
        for (int i = 0; i < Pairs; i++)
        {
            Shape[] kind = i % 2 == 0 ? planar : spatial;
            a[i] = kind[random.Next(kind.Length)];
            b[i] = kind[random.Next(kind.Length)];
            if (kind == planar)
            {
                poseA[i] = RandomPose2D(random);
                poseB[i] = RandomPose2D(random);
            }
            else
            {
                poseA[i] = RandomPose(random);
                poseB[i] = RandomPose(random);
            }
        }
        var expected = new GjkDistanceResult[Pairs];
        var expectedHit = new bool[Pairs];
        var expectedPenetration = new GjkPenetrationResult[Pairs];
        int hits = 0;
        for (int i = 0; i < Pairs; i++)
        {
            expected[i] = Gjk.Distance(a[i], poseA[i], b[i], poseB[i]);
            expectedHit[i] = Gjk.Intersect(a[i], poseA[i], b[i], poseB[i]);
            expectedPenetration[i] = Gjk.Penetration(a[i], poseA[i], b[i], poseB[i]);
            hits += expectedHit[i] ? 1 : 0;
        }
        Check(hits > Pairs / 10 && hits < Pairs * 9 / 10, "a mix of verdicts: " + hits + " hits");

        const int ThreadCount = 4;
        const int Rounds = 20;
        var mismatches = new int[ThreadCount];
        var wrongMessages = new int[ThreadCount];
        var threads = new Thread[ThreadCount];
        for (int t = 0; t < ThreadCount; t++)
        {
            int index = t;
            threads[t] = new Thread(() =>
            {
                for (int round = 0; round < Rounds; round++)
                {
                    for (int i = 0; i < Pairs; i++)
                    {
                        GjkDistanceResult r = Gjk.Distance(a[i], poseA[i], b[i], poseB[i]);
                        bool hit = Gjk.Intersect(a[i], poseA[i], b[i], poseB[i]);
                        GjkPenetrationResult p = Gjk.Penetration(a[i], poseA[i], b[i], poseB[i]);
                        if (!Same(r, expected[i]) || hit != expectedHit[i]
                            || !Same(p, expectedPenetration[i]))
                        {
                            mismatches[index]++;
                        }
                    }
                    try
                    {
                        Shape.Circle(-(index + 1));
                        wrongMessages[index]++;
                    }
                    catch (GjkException e)
                    {
                        if (!e.LibraryMessage.Contains("radius is -" + (index + 1) + ","))
                        {
                            wrongMessages[index]++;
                        }
                    }
                }
            });
            threads[t].Start();
        }
        foreach (Thread thread in threads)
        {
            thread.Join();
        }
        for (int t = 0; t < ThreadCount; t++)
        {
            Check(mismatches[t] == 0, "thread " + t + ": " + mismatches[t] + " results differ");
            Check(wrongMessages[t] == 0,
                "thread " + t + ": " + wrongMessages[t] + " error messages of another thread");
        }
        foreach (Shape s in planar)
        {
            s.Dispose();
        }
        foreach (Shape s in spatial)
        {
            s.Dispose();
        }
    }

    private static double Uniform(Random random, double half)
    {
        return (2 * random.NextDouble() - 1) * half;
    }

    private static GjkPose RandomPose2D(Random random)
    {
        return GjkPose.From2D(Uniform(random, 3), Uniform(random, 3), Uniform(random, 4));
    }

    private static GjkPose RandomPose(Random random)
    {
        var axis = new Double3(Uniform(random, 1), Uniform(random, 1), Uniform(random, 1) + 2);
        return new GjkPose(new Double3(Uniform(random, 3), Uniform(random, 3), Uniform(random, 3)),
            Rotation.FromAxisAngle(axis, Uniform(random, 3)));
    }

    private static bool Same(GjkDistanceResult x, GjkDistanceResult y)
    {
        return x.Distance == y.Distance && Same(x.PointA, y.PointA) && Same(x.PointB, y.PointB)
            && Same(x.Normal, y.Normal) && x.LowerBound == y.LowerBound
            && x.Iterations == y.Iterations && x.Intersecting == y.Intersecting;
    }

    private static bool Same(GjkPenetrationResult x, GjkPenetrationResult y)
    {
        return x.SignedDistance == y.SignedDistance && Same(x.PointA, y.PointA)
            && Same(x.PointB, y.PointB) && Same(x.Normal, y.Normal)
            && x.Iterations == y.Iterations && x.Intersecting == y.Intersecting;
    }

    private static bool Same(Double3 x, Double3 y)
    {
        return x.X == y.X && x.Y == y.Y && x.Z == y.Z;
    }
}
