// The 2D colliders under transforms that flip the xy plane, run against UnityEngineStub.cs, as
// Unity's 2D physics places them: 180 degrees about y mirrors x, 180 degrees about x mirrors y,
// a negative scale mirrors its axis, two mirrors cancel; a rotation that tilts the plane raises.
// Each distance is derived by hand from the mirrored shape; the batches answer as the single
// queries, allocating nothing.

#if UNITY_5_3_OR_NEWER
using System;
using GjkCollision;
using Unity.Collections;
using UnityEngine;
using static Checks;

internal static class UnityMirrorChecks
{
    private const double Tol = 1e-5;
    private static readonly Quaternion None = Quaternion.identity;
    private static readonly Quaternion FlipY = Quaternion.Euler(0, 180, 0);
    private static readonly Quaternion FlipX = Quaternion.Euler(180, 0, 0);

    // The triangle (0, 0), (2, 0), (0, 1): asymmetric in both axes.
    private static readonly Vector2[] Triangle = { new Vector2(0, 0), new Vector2(2, 0), new Vector2(0, 1) };

    public static void Run()
    {
        Polygons();
        SymmetricShapes();
        ColliderThreeD();
        Tilted();
        OwnShapes();
        Penetration();
        Batches();
    }

    private static Transform At(float x, float y, Quaternion rotation, Vector3 scale)
    {
        return new Transform { position = new Vector3(x, y, 0), rotation = rotation, lossyScale = scale };
    }

    /// <summary>The distance from <paramref name="c"/> placed by <paramref name="t"/> to a
    /// circle of radius 1 at (x, y), through every query (GjkPhysics on transforms and on
    /// position and rotation, ShapeOf and PoseOf with Gjk.Distance).</summary>
    private static void Gap(GjkCollider c, Transform t, float x, float y, double expected, string what)
    {
        using (GjkCollider probe = GjkCollider.From(new CircleCollider2D { radius = 1 }))
        {
            var at = new Transform { position = new Vector3(x, y, 0) };
            Near(GjkPhysics.Distance(c, t, probe, at).distance, expected, Tol, what);
            Near(GjkPhysics.Distance(c, t.position, t.rotation, probe, at.position, None).distance,
                expected, Tol, what + " (position, rotation)");
            Near(Gjk.Distance(c.ShapeOf(t), c.PoseOf(t), probe.Shape, probe.PoseOf(at)).Distance,
                expected, Tol, what + " (ShapeOf, PoseOf)");
        }
    }

    private static GjkCollider Triangle2D(Vector2 offset, Transform t)
    {
        var polygon = new PolygonCollider2D { pathCount = 1, offset = offset, transform = t };
        polygon.SetPath(0, Triangle);
        return GjkCollider.From(polygon)[0];
    }

    private static void Polygons()
    {
        // Each case: the triangle's image, and circles of radius 1 probing it.
        var cases = new[]
        {
            // As it is: (0, 0), (2, 0), (0, 1).
            new Case("unflipped", None, Vector3.one, -5, 0, 4, 5, 0, 2),
            // 180 about y: x to -x: (0, 0), (-2, 0), (0, 1).
            new Case("180 about y", FlipY, Vector3.one, -5, 0, 2, 5, 0, 4),
            // 180 about x: y to -y: (0, 0), (2, 0), (0, -1).
            new Case("180 about x", FlipX, Vector3.one, 0, -5, 3, 0, 5, 4),
            // Euler(0, 180, 90): a quarter about z, (x, y) to (-y, x), then x to -x: (y, x):
            // (0, 0), (0, 2), (1, 0). Unflipped it would be (0, 0), (0, 2), (-1, 0).
            new Case("Euler(0, 180, 90)", Quaternion.Euler(0, 180, 90), Vector3.one, 4, 0, 2, -4, 0, 3),
            // Euler(180, 0, 90): (-y, x), then y to -y: (-y, -x): (0, 0), (0, -2), (-1, 0).
            new Case("Euler(180, 0, 90)", Quaternion.Euler(180, 0, 90), Vector3.one, -4, 0, 2, 0, -5, 2),
            // Negative scale x: (0, 0), (-2, 0), (0, 1); negative y: (0, 0), (2, 0), (0, -1).
            new Case("scale (-1, 1)", None, new Vector3(-1, 1, 1), -5, 0, 2, 5, 0, 4),
            new Case("scale (1, -1)", None, new Vector3(1, -1, 1), 0, -5, 3, 0, 5, 4),
            // Two mirrors of x cancel; mirrors of x and y make a half turn: (0, 0), (-2, 0), (0, -1).
            new Case("scale (-1, 1) and 180 about y", FlipY, new Vector3(-1, 1, 1), -5, 0, 4, 5, 0, 2),
            new Case("scale (1, -1) and 180 about y", FlipY, new Vector3(1, -1, 1), -5, 0, 2, 0, -5, 3),
            // Scale (2, 1) and 180 about y: (0, 0), (-4, 0), (0, 1).
            new Case("scale (2, 1) and 180 about y", FlipY, new Vector3(2, 1, 1), -7, 0, 2, 0, 5, 3),
        };
        foreach (Case k in cases)
        {
            using (GjkCollider c = Triangle2D(new Vector2(0, 0), At(0, 0, k.Rotation, k.Scale)))
            {
                Transform t = At(0, 0, k.Rotation, Vector3.one);
                Gap(c, t, k.X1, k.Y1, k.D1, "triangle, " + k.Name + ", probe (" + k.X1 + ", " + k.Y1 + ")");
                Gap(c, t, k.X2, k.Y2, k.D2, "triangle, " + k.Name + ", probe (" + k.X2 + ", " + k.Y2 + ")");
            }
        }
        // Offset (1, 0) on a transform at (10, 0) turned 180 about y: (1, 0), (3, 0), (1, 1)
        // mirrored to (-1, 0), (-3, 0), (-1, 1), moved to (9, 0), (7, 0), (9, 1).
        Transform moved = At(10, 0, FlipY, Vector3.one);
        using (GjkCollider c = Triangle2D(new Vector2(1, 0), moved))
        {
            Gap(c, moved, 4, 0, 7 - 4 - 1, "offset triangle turned 180 about y: -x side");
            Gap(c, moved, 13, 0, 13 - 9 - 1, "offset triangle turned 180 about y: +x side");
            Check(ReferenceEquals(c.ShapeOf(moved), c.Mirror) && ReferenceEquals(c.ShapeAt(None), c.Shape)
                && !ReferenceEquals(c.Mirror, c.Shape), "a polygon places its mirror image when flipped");
        }
    }

    private struct Case
    {
        public string Name;
        public Quaternion Rotation;
        public Vector3 Scale;
        public float X1, Y1, X2, Y2;
        public double D1, D2;

        public Case(string name, Quaternion rotation, Vector3 scale,
            float x1, float y1, double d1, float x2, float y2, double d2)
        {
            Name = name;
            Rotation = rotation;
            Scale = scale;
            X1 = x1;
            Y1 = y1;
            D1 = d1;
            X2 = x2;
            Y2 = y2;
            D2 = d2;
        }
    }

    /// <summary>Boxes, circles and capsules are symmetric: only their offsets mirror.</summary>
    private static void SymmetricShapes()
    {
        // Size (1, 1), offset (1, 0), 180 about y: the box spans x in [-1.5, -0.5]; the circle
        // at (-3, 0) is 3 - 1.5 - 1 = 0.5 away (unflipped: 3 + 0.5 - 1 = 2.5).
        var box = new BoxCollider2D { size = new Vector2(1, 1), offset = new Vector2(1, 0) };
        using (GjkCollider c = GjkCollider.From(box))
        {
            Gap(c, At(0, 0, FlipY, Vector3.one), -3, 0, 0.5, "box 2D offset (1, 0), 180 about y");
            Gap(c, At(0, 0, None, Vector3.one), -3, 0, 2.5, "box 2D offset (1, 0), unflipped");
            Check(ReferenceEquals(c.Mirror, c.Shape), "a box is its own mirror image");
        }
        // The same box at scale (-1, 1): its offset mirrors to (-1, 0).
        box.transform = At(0, 0, None, new Vector3(-1, 1, 1));
        using (GjkCollider c = GjkCollider.From(box))
        {
            Gap(c, box.transform, -3, 0, 0.5, "box 2D offset (1, 0), scale (-1, 1)");
        }
        // Offset (1, 2), 180 about x: centre (1, -2), spanning y in [-2.5, -1.5].
        var high = new BoxCollider2D { size = new Vector2(1, 1), offset = new Vector2(1, 2) };
        using (GjkCollider c = GjkCollider.From(high))
        {
            Gap(c, At(0, 0, FlipX, Vector3.one), 1, -5, 5 - 2.5 - 1, "box 2D offset (1, 2), 180 about x");
        }
        // Radius 0.5, offset (2, 0), 180 about y: centred at (-2, 0).
        using (GjkCollider c = GjkCollider.From(new CircleCollider2D { radius = 0.5f, offset = new Vector2(2, 0) }))
        {
            Gap(c, At(0, 0, FlipY, Vector3.one), -5, 0, 5 - 2 - 0.5 - 1, "circle offset (2, 0), 180 about y");
        }
        // Vertical (1, 4), offset (0, 1): radius 0.5, reaching 2 from its centre along y.
        var capsule = new CapsuleCollider2D { size = new Vector2(1, 4), offset = new Vector2(0, 1) };
        using (GjkCollider c = GjkCollider.From(capsule))
        {
            // 180 about x: centred at (0, -1), reaching y = -3.
            Gap(c, At(0, 0, FlipX, Vector3.one), 0, -6, 6 - 3 - 1, "vertical capsule 2D, 180 about x");
            // Euler(0, 180, 90): the centre (0, 1) turns to (-1, 0) and mirrors to (1, 0); the
            // axis turns to x: x in [-1, 3], y in [-0.5, 0.5].
            Transform t = At(0, 0, Quaternion.Euler(0, 180, 90), Vector3.one);
            Gap(c, t, 6, 0, 6 - 3 - 1, "vertical capsule 2D, Euler(0, 180, 90): end");
            Gap(c, t, 1, 5, 5 - 0.5 - 1, "vertical capsule 2D, Euler(0, 180, 90): side");
        }
        // Horizontal (4, 1), offset (1, 0), 180 about y: x in [-3, 1].
        using (GjkCollider c = GjkCollider.From(new CapsuleCollider2D
        {
            size = new Vector2(4, 1), offset = new Vector2(1, 0), direction = CapsuleDirection2D.Horizontal,
        }))
        {
            Gap(c, At(0, 0, FlipY, Vector3.one), -6, 0, 6 - 3 - 1, "horizontal capsule 2D, 180 about y");
        }
    }

    /// <summary>3D colliders turn 180 about y as any rotation: the centre (1, 0, 0) goes to
    /// (-1, 0, 0).</summary>
    private static void ColliderThreeD()
    {
        var box = new BoxCollider { size = new Vector3(1, 1, 1), center = new Vector3(1, 0, 0) };
        using (GjkCollider c = GjkCollider.From(box))
        using (GjkCollider probe = GjkCollider.From(new SphereCollider { radius = 0.5f }))
        {
            Near(GjkPhysics.Distance(c, Vector3.zero, FlipY, probe, new Vector3(-3, 0, 0), None).distance,
                3 - 1.5 - 0.5, Tol, "3D box turned 180 about y");
            Check(c.Mirror == null && ReferenceEquals(c.ShapeAt(FlipY), c.Shape), "a 3D collider has no mirror image");
        }
    }

    /// <summary>A rotation that tilts the plane raises, naming the rotation.</summary>
    private static void Tilted()
    {
        using (GjkCollider c = Triangle2D(new Vector2(0, 0), new Transform()))
        using (GjkCollider probe = GjkCollider.From(new CircleCollider2D()))
        {
            var tilted = new Transform { rotation = Quaternion.Euler(30, 0, 0) };
            var t = new Transform();
            Named(() => GjkPhysics.Distance(c, tilted, probe, t), "transformA",
                "transformA.rotation tilts the xy plane", "Euler(30, 0, 0)");
            Named(() => GjkPhysics.Intersect(probe, Vector3.zero, None, c, Vector3.zero, Quaternion.Euler(0, 90, 0)),
                "rotationB", "rotationB tilts the xy plane", "Euler(0, 90, 0)");
            Named(() => c.PoseAt(Vector3.zero, Quaternion.Euler(0, 179, 0)), "rotation",
                "rotation tilts the xy plane", "Euler(0, 179, 0)");
        }
    }

    private static void Named(Action action, string param, string message, string what)
    {
        ArgumentException e = Throws<ArgumentException>(action, what);
        Check(e != null && e.ParamName == param && e.Message.StartsWith(message, StringComparison.Ordinal),
            what + ": " + (e == null ? "nothing" : e.ParamName + ": " + e.Message));
    }

    /// <summary>A 2D shape placed with the public constructor: without a mirror image a flip
    /// raises; with one it is placed.</summary>
    private static void OwnShapes()
    {
        using (var c = new GjkCollider(Shape.Polygon(Triangle), Double3.Zero, Rotation.Identity))
        {
            Named(() => c.PoseOf(At(0, 0, FlipY, Vector3.one)), "transform",
                "transform.rotation flips the xy plane, and this 2D collider has no mirror image",
                "own 2D shape without a mirror image, flipped");
            Gap(c, At(0, 0, None, Vector3.one), 5, 0, 2, "own 2D shape without a mirror image, unflipped");
        }
        var mirrored = new[] { new Vector2(0, 0), new Vector2(-2, 0), new Vector2(0, 1) };
        using (var c = new GjkCollider(Shape.Polygon(Triangle), Shape.Polygon(mirrored), Double3.Zero, Rotation.Identity))
        {
            Gap(c, At(0, 0, FlipY, Vector3.one), -5, 0, 2, "own 2D shape with its mirror image, flipped");
        }
    }

    /// <summary>ComputePenetration on a flipped collider: size (2, 2), offset (1, 0), 180 about
    /// y spans x in [-2, 0]; a circle of radius 1 at (-2.5, 0) overlaps it by 0.5, and the box
    /// moves out along +x.</summary>
    private static void Penetration()
    {
        using (GjkCollider box = GjkCollider.From(new BoxCollider2D { size = new Vector2(2, 2), offset = new Vector2(1, 0) }))
        using (GjkCollider circle = GjkCollider.From(new CircleCollider2D { radius = 1 }))
        {
            Vector3 direction;
            float distance;
            bool hit = GjkPhysics.ComputePenetration(box, At(0, 0, FlipY, Vector3.one),
                circle, At(-2.5f, 0, None, Vector3.one), out direction, out distance);
            Check(hit && Math.Abs(direction.x - 1) < Tol && Math.Abs(direction.y) < Tol
                && Math.Abs(distance - 0.5) < Tol,
                "ComputePenetration, box turned 180 about y: +x by 0.5 (" + direction.x + ", " + distance + ")");
            Check(!GjkPhysics.ComputePenetration(box, At(0, 0, None, Vector3.one),
                circle, At(-2.5f, 0, None, Vector3.one), out direction, out distance),
                "ComputePenetration, box unflipped: apart");
        }
    }

    /// <summary>Batches of flipped and unflipped 2D colliders, into arrays and a NativeArray,
    /// answer as the single queries and allocate nothing.</summary>
    private static void Batches()
    {
        const int N = 12;
        Quaternion[] turns = { None, FlipY, FlipX, Quaternion.Euler(0, 180, 90), Quaternion.Euler(0, 0, 30), Quaternion.Euler(180, 0, -45) };
        var a = new GjkCollider[N];
        var b = new GjkCollider[N];
        var ta = new Transform[N];
        var tb = new Transform[N];
        for (int k = 0; k < N; k++)
        {
            ta[k] = At(0.5f * k, 0, turns[k % turns.Length], Vector3.one);
            tb[k] = At(0.5f * k - 2 + 0.4f * k, 1, turns[(k + 1) % turns.Length], Vector3.one);
            a[k] = Triangle2D(new Vector2(0.5f, 0), ta[k]);
            b[k] = GjkCollider.From(new CapsuleCollider2D { size = new Vector2(1, 3), offset = new Vector2(0.25f, 0.5f) });
        }
        var contacts = new GjkContact[N];
        var native = new NativeArray<GjkContact>(N);
        var hits = new bool[N];
        long allocated = -1;
        for (int round = 0; round < 2; round++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 50; i++)
            {
                GjkPhysics.DistanceBatch(a, ta, b, tb, contacts, 1);
                GjkPhysics.DistanceBatch(a, ta, b, tb, native, 1);
                GjkPhysics.IntersectBatch(a, ta, b, tb, hits, 1);
            }
            allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        }
        Check(allocated == 0, "flipped 2D batches allocate nothing: " + allocated + " bytes for 150 batches");
        int flipped = 0, touching = 0;
        for (int k = 0; k < N; k++)
        {
            GjkContact single = GjkPhysics.Distance(a[k], ta[k], b[k], tb[k]);
            string what = "flipped 2D batch pair " + k;
            Check(native[k].distance == single.distance && native[k].pointA.x == single.pointA.x
                && native[k].pointB.y == single.pointB.y, what + ": NativeArray as the single query");
            Check(contacts[k].distance == single.distance && contacts[k].pointA.y == single.pointA.y,
                what + ": array as the single query");
            Check(hits[k] == GjkPhysics.Intersect(a[k], ta[k], b[k], tb[k]), what + ": intersect as the single query");
            flipped += ReferenceEquals(a[k].ShapeOf(ta[k]), a[k].Mirror) ? 1 : 0;
            touching += hits[k] ? 1 : 0;
            a[k].Dispose();
            b[k].Dispose();
        }
        Check(flipped == 8 && touching > 0 && touching < N,
            "the batch mixes flipped and unflipped, touching and apart: " + flipped + " flipped, " + touching + " touching");
    }
}
#endif
