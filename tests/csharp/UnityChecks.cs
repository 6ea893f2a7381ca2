// The checks of the Unity overloads, run against UnityEngineStub.cs: Vector2[] / Vector3[]
// read in place, Transform, Pose and Quaternion poses, Vector results.

#if UNITY_5_3_OR_NEWER
using System;
using GjkCollision;
using UnityEngine;
using static Checks;

internal static class UnityChecks
{
    private const double Tight = 1e-12;

    public static void Run()
    {
        Check(GjkNative.Library == "gjk", "the library is loaded by name outside iOS and WebGL");
        var square = new[]
        {
            new Vector2(0, 0), new Vector2(3, 0), new Vector2(3, 3), new Vector2(0, 3),
            new Vector2(50, 50),
        };
        var triangle = new[] { new Vector2(3, 3), new Vector2(5, 3), new Vector2(3, 5) };
        var cube = new Vector3[8];
        for (int i = 0; i < 8; i++)
        {
            cube[i] = new Vector3(
                (i & 1) == 0 ? -1 : 1, (i & 2) == 0 ? -1 : 1, (i & 4) == 0 ? -1 : 1);
        }
        // A quarter turn about z in floats: its norm is 1 only to float precision.
        var quarter = new Quaternion(0, 0, 0.70710677f, 0.70710677f);
        using (Shape a = Shape.Polygon(square, 4))
        using (Shape t = Shape.Polygon(triangle))
        using (Shape box = Shape.Polytope(cube))
        using (Shape scanned = Shape.PolytopeScanning(cube))
        using (Shape sphere = Shape.Sphere(0.5))
        {
            Check(scanned.Dimension == 3, "scanning polytope from Vector3");
            GjkDistanceResult r = Gjk.Distance(a, GjkPose.Identity, t, GjkPose.From2D(2, 1, 0));
            Near(r.Distance, Math.Sqrt(5), Tight, "polygon from the first 4 Vector2");
            Check(Gjk.Intersect(a, t), "Vector2 polygons touching");
            Vector2 onB = r.PointB.ToVector2();
            Check(onB.x == 5 && onB.y == 4, "ToVector2 of the closest point");

            var transformA = new Transform { position = new Vector3(0, 0, 0), rotation = quarter };
            var transformB = new Transform
            {
                position = new Vector3(3, 0, 0),
                rotation = new Quaternion(0, 0, 0, 1),
            };
            r = Gjk.Distance(box, transformA, sphere, transformB);
            Near(r.Distance, 1.5, 1e-6, "polytope from Vector3[] placed by transforms");
            Vector3 onSphere = r.PointB.ToVector3();
            Check(Math.Abs(onSphere.x - 2.5f) < 1e-6 && onSphere.y == 0 && onSphere.z == 0,
                "ToVector3 of the closest point");
            Check(!Gjk.Intersect(box, transformA, sphere, transformB), "Intersect with transforms");
            Near(Gjk.Penetration(box, transformA, sphere, transformB).SignedDistance, 1.5, 1e-6,
                "Penetration with transforms");

            // A 2D shape placed by a transform (the z of the position is ignored): the triangle
            // turned a quarter about the origin and moved by (2, 1) has a vertex at (-1, 4).
            var transform2D = new Transform { position = new Vector3(2, 1, 7), rotation = quarter };
            r = Gjk.Distance(a, GjkPose.Identity, t, GjkPose.From(transform2D));
            Near(r.Distance, Math.Sqrt(2), 1e-6, "2D shape placed by a transform");
            Near(r.PointB, new Double3(-1, 4), 1e-6, "2D shape placed by a transform: vertex");

            // UnityEngine.Pose converts implicitly.
            var pose = new UnityEngine.Pose(new Vector3(0, 0, 4), new Quaternion(0, 0, 0, 1));
            Near(Gjk.Distance(box, GjkPose.Identity, sphere, pose).Distance, 2.5, Tight,
                "UnityEngine.Pose as a pose");
            GjkPose converted = new GjkPose(new Vector3(1, 2, 3), quarter);
            Check(converted.Position.X == 1 && converted.Position.Z == 3
                && converted.Rotation.Z == (double)0.70710677f,
                "GjkPose from Vector3 and Quaternion");
            Double3 widened = new Vector3(0.1f, 0, 0);
            Check(widened.X == (double)0.1f, "Vector3 widens to Double3");
            Rotation rotation = quarter;
            Check(rotation.W == (double)0.70710677f, "Quaternion converts to Rotation");
        }
        Fails(GjkStatus.NullPointer, "is NULL", () => Shape.Polygon((Vector2[])null),
            "null Vector2[]");
        Fails(GjkStatus.InvalidArgument, "count is 0", () => Shape.Polytope(new Vector3[0]),
            "empty Vector3[]");
        Throws<ArgumentOutOfRangeException>(() => Shape.Polytope(new Vector3[2], 3),
            "count beyond the Vector3[]");
        UnityColliderChecks.Run();
        UnityArgumentChecks.Run();
        UnityMirrorChecks.Run();
    }
}
#endif
