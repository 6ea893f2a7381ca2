// The checks of the Unity layer (GjkCollider, GjkPhysics) against hand-derived answers, run
// against UnityEngineStub.cs: every collider conversion with its center/offset, size,
// direction, radius and lossyScale, under rotated transforms; ComputePenetration's sign; no
// allocation per query or per batch.

#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using GjkCollision;
using UnityEngine;
using static Checks;

internal static class UnityColliderChecks
{
    // Float inputs and results: a few float rounding units at these magnitudes.
    private const double Tol = 1e-5;
    private static readonly float H = (float)Math.Sqrt(0.5);
    private static readonly Quaternion None = new Quaternion(0, 0, 0, 1);
    private static readonly Quaternion QuarterZ = new Quaternion(0, 0, H, H);
    private static readonly Quaternion QuarterX = new Quaternion(H, 0, 0, H);

    public static void Run()
    {
        Boxes();
        Spheres();
        Capsules();
        Meshes();
        CylindersAndCones();
        Colliders2D();
        Dispatch();
        RayAndSignedDistance();
        Penetration();
        NoAllocation();
        ContactsAndBounds();
    }

    /// <summary>A crate 0.05 deep in a floor: its four bottom corners into the caller's array,
    /// as many as fit, without allocating; the floor's bounds; the arguments named.</summary>
    private static void ContactsAndBounds()
    {
        var floorBox = new BoxCollider { size = new Vector3(4, 4, 1) };
        floorBox.transform = At(0, 0, 0, None, Vector3.one);
        var crateBox = new BoxCollider { size = new Vector3(1, 1, 1) };
        crateBox.transform = At(0.1f, 0.2f, 0.95f, None, Vector3.one);
        var contacts = new GjkContactPoint3[4];
        using (GjkCollider floor = GjkCollider.From(floorBox))
        using (GjkCollider crate = GjkCollider.From(crateBox))
        {
            Vector3 normal;
            int count = 0;
            for (int round = 0; round < 2; round++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                count = GjkPhysics.ComputeContacts(
                    floor, floorBox.transform, crate, crateBox.transform, 0, contacts, out normal);
                Check(round == 0 || GC.GetAllocatedBytesForCurrentThread() == before,
                    "ComputeContacts allocates nothing");
            }
            Check(count == 4, "ComputeContacts: 4 corners");
            for (int i = 0; i < count; i++)
            {
                Check(Math.Abs(contacts[i].separation + 0.05f) < 1e-5f, "contact separation");
                Check(Math.Abs(Math.Abs(contacts[i].pointB.x - 0.1f) - 0.5f) < 1e-5f
                    && Math.Abs(contacts[i].pointA.z - 0.5f) < 1e-5f, "contact corner");
            }
            var two = new GjkContactPoint3[2];
            count = GjkPhysics.ComputeContacts(floor, Vector3.zero, None,
                crate, new Vector3(0.1f, 0.2f, 0.95f), None, 0, two, out normal);
            Check(count == 2 && Math.Abs(normal.z - 1) < 1e-6f, "as many as fit");
            Throws<ArgumentNullException>(() => GjkPhysics.ComputeContacts(
                floor, floorBox.transform, crate, crateBox.transform, 0, null, out normal),
                "null contacts");
            Throws<ArgumentNullException>(() => GjkPhysics.ComputeContacts(
                null, floorBox.transform, crate, crateBox.transform, 0, contacts, out normal),
                "null collider");
            Bounds bounds = GjkPhysics.ComputeBounds(crate, crateBox.transform);
            Check(Math.Abs(bounds.min.x + 0.4f) < 1e-6f && Math.Abs(bounds.max.z - 1.45f) < 1e-6f,
                "ComputeBounds");
            Throws<ArgumentNullException>(
                () => GjkPhysics.ComputeBounds(null, crateBox.transform), "null bounds collider");
        }
    }

    private static Transform At(float x, float y, float z, Quaternion rotation, Vector3 scale)
    {
        return new Transform { position = new Vector3(x, y, z), rotation = rotation, lossyScale = scale };
    }

    /// <summary>A probe ball of radius 0.5 at (x, y, z).</summary>
    private static GjkCollider Probe()
    {
        return GjkCollider.From(new SphereCollider { radius = 0.5f });
    }

    private static void Gap(GjkCollider c, Transform t, GjkCollider probe, Vector3 at,
        double expected, string what)
    {
        GjkContact r = GjkPhysics.Distance(c, t.position, t.rotation, probe, at, None);
        Near(r.distance, expected, Tol, what);
        var probeAt = new Transform { position = at };
        Near(GjkPhysics.Distance(c, t, probe, probeAt).distance, expected, Tol, what + " (Transform)");
        Check(GjkPhysics.Intersect(c, t, probe, probeAt) == (expected <= 0), what + ": Intersect");
    }

    private static void Boxes()
    {
        // size (2, 4, 6), center (1, 0, 0), scale (3, 1, 0.5): half extents (3, 2, 1.5), the
        // center 3 along the transform's x.
        var box = new BoxCollider { size = new Vector3(2, 4, 6), center = new Vector3(1, 0, 0) };
        box.transform = At(10, 0, 0, None, new Vector3(3, 1, 0.5f));
        using (GjkCollider c = GjkCollider.From(box))
        using (GjkCollider probe = Probe())
        {
            Gap(c, box.transform, probe, new Vector3(20, 0, 0), 20 - 16 - 0.5, "box: x face");
            Gap(c, box.transform, probe, new Vector3(13, 0, 5), 5 - 1.5 - 0.5, "box: z face");
            GjkContact r = GjkPhysics.Distance(c, box.transform, probe, new Transform { position = new Vector3(20, 0, 0) });
            Check(Math.Abs(r.pointA.x - 16) < Tol && Math.Abs(r.pointB.x - 19.5) < Tol
                && Math.Abs(r.normal.x - 1) < Tol, "box: points and normal as Vector3");
            // Turned a quarter about z: its x (half 3, center 3) now runs along world y.
            box.transform.rotation = QuarterZ;
            Gap(c, box.transform, probe, new Vector3(10, 10, 0), 10 - 6 - 0.5, "turned box: y");
            Gap(c, box.transform, probe, new Vector3(20, 3, 0), 20 - 12 - 0.5, "turned box: x");
        }
    }

    private static void Spheres()
    {
        // radius 1 at scale (1, 3, 2): radius 3 (the largest component); center (0, 1, 0) -> 3.
        var sphere = new SphereCollider { radius = 1, center = new Vector3(0, 1, 0) };
        sphere.transform = At(0, 0, 0, None, new Vector3(1, 3, 2));
        using (GjkCollider c = GjkCollider.From(sphere))
        using (GjkCollider probe = Probe())
        {
            Gap(c, sphere.transform, probe, new Vector3(0, 10, 0), 10 - 6 - 0.5, "scaled sphere");
            Gap(c, sphere.transform, probe, new Vector3(5, 3, 0), 5 - 3 - 0.5, "scaled sphere: side");
        }
    }

    private static void Capsules()
    {
        using (GjkCollider probe = Probe())
        {
            // radius 0.5, full height 4: the caps end 2 from the center along the direction.
            Vector3[] axes = { new Vector3(5, 0, 0), new Vector3(0, 5, 0), new Vector3(0, 0, 5) };
            for (int direction = 0; direction < 3; direction++)
            {
                var capsule = new CapsuleCollider { radius = 0.5f, height = 4, direction = direction };
                using (GjkCollider c = GjkCollider.From(capsule))
                {
                    for (int axis = 0; axis < 3; axis++)
                    {
                        double expected = axis == direction ? 5 - 2 - 0.5 : 5 - 0.5 - 0.5;
                        Gap(c, capsule.transform, probe, axes[axis], expected,
                            "capsule direction " + direction + ", probe on axis " + axis);
                    }
                }
            }
            // direction y at scale (2, 3, 1): radius 0.5 * 2 = 1, height 12, caps end at 6;
            // turned a quarter about z, the axis runs along world x; centered 1 up, scaled to 3.
            var scaled = new CapsuleCollider
            {
                radius = 0.5f, height = 4, direction = 1, center = new Vector3(0, 1, 0),
            };
            scaled.transform = At(0, 0, 0, QuarterZ, new Vector3(2, 3, 1));
            using (GjkCollider c = GjkCollider.From(scaled))
            {
                Gap(c, scaled.transform, probe, new Vector3(-15, 0, 0), 15 - 3 - 6 - 0.5,
                    "scaled turned capsule: along");
                Gap(c, scaled.transform, probe, new Vector3(-3, 0, 5), 5 - 1 - 0.5,
                    "scaled turned capsule: across");
            }
            // A height under twice the radius: a sphere.
            var stubby = new CapsuleCollider { radius = 1, height = 1, direction = 2 };
            using (GjkCollider c = GjkCollider.From(stubby))
            {
                Gap(c, stubby.transform, probe, new Vector3(0, 0, 5), 5 - 1 - 0.5, "stubby capsule");
            }
            Throws<ArgumentOutOfRangeException>(
                () => GjkCollider.From(new CapsuleCollider { direction = 3 }), "capsule direction 3");
        }
    }

    private static void Meshes()
    {
        var cube = new Vector3[8];
        for (int i = 0; i < 8; i++)
        {
            cube[i] = new Vector3((i & 1) == 0 ? -0.5f : 0.5f, (i & 2) == 0 ? -0.5f : 0.5f,
                (i & 4) == 0 ? -0.5f : 0.5f);
        }
        var mesh = new MeshCollider { sharedMesh = new Mesh { vertices = cube }, convex = true };
        // Scale (2, 4, 6): half (1, 2, 3); a quarter about x takes y to z and z to -y.
        mesh.transform = At(0, 0, 0, QuarterX, new Vector3(2, 4, 6));
        using (GjkCollider c = GjkCollider.From(mesh))
        using (GjkCollider probe = Probe())
        {
            Gap(c, mesh.transform, probe, new Vector3(0, 0, 10), 10 - 2 - 0.5, "mesh: z");
            Gap(c, mesh.transform, probe, new Vector3(0, -10, 0), 10 - 3 - 0.5, "mesh: -y");
            Gap(c, mesh.transform, probe, new Vector3(10, 0, 0), 10 - 1 - 0.5, "mesh: x");
        }
        Check(mesh.sharedMesh.vertices[7].x == 0.5f, "the mesh's vertices are left as they were");
        using (Shape fromList = Shape.Polytope(new List<Vector3>(cube)))
        using (Shape fromSquare = Shape.Polygon(new List<Vector2> { new Vector2(0, 0), new Vector2(1, 1) }))
        using (Shape ball = Shape.Sphere(0.5))
        {
            Near(Gjk.Distance(fromList, GjkPose.Identity, ball, new GjkPose(3, 0, 0)).Distance, 2,
                Tol, "Polytope from a List<Vector3>");
            Check(fromSquare.Dimension == 2, "Polygon from a List<Vector2>");
        }
        Throws<ArgumentException>(() => GjkCollider.From(new MeshCollider()), "mesh collider without a mesh");
    }

    private static void CylindersAndCones()
    {
        using (GjkCollider cylinder = GjkCollider.Cylinder(4, 1, 1, Vector3.zero))
        using (GjkCollider cone = GjkCollider.Cone(4, 1, 1, new Vector3(0, 1, 0)))
        using (GjkCollider probe = Probe())
        {
            var origin = new Transform();
            Gap(cylinder, origin, probe, new Vector3(0, 5, 0), 5 - 2 - 0.5, "y cylinder: top");
            Gap(cylinder, origin, probe, new Vector3(5, 0, 0), 5 - 1 - 0.5, "y cylinder: side");
            // The cone's apex is at y = 1 + 2, its base at y = 1 - 2.
            Gap(cone, origin, probe, new Vector3(0, 6, 0), 6 - 3 - 0.5, "y cone: apex");
            Gap(cone, origin, probe, new Vector3(0, -4, 0), 4 - 1 - 0.5, "y cone: base");
        }
    }

    private static void Colliders2D()
    {
        using (GjkCollider circleProbe = GjkCollider.From(new CircleCollider2D { radius = 1 }))
        {
            // size (2, 2) at scale (2, 1): half (2, 1), offset (1, 0) -> 2, edge radius
            // 0.5 * 2 = 1.
            var box = new BoxCollider2D
            {
                size = new Vector2(2, 2), offset = new Vector2(1, 0), edgeRadius = 0.5f,
            };
            box.transform = At(0, 0, 0, None, new Vector3(2, 1, 1));
            using (GjkCollider c = GjkCollider.From(box))
            {
                Check(c.Shape.Dimension == 2, "BoxCollider2D is 2D");
                Gap(c, box.transform, circleProbe, new Vector3(10, 0, 0), 10 - 5 - 1, "box 2D: side");
                // Off the corner (4, 1) by (3, 4): 5 from the core, 4 from the rounded box.
                Gap(c, box.transform, circleProbe, new Vector3(7, 5, 0), 5 - 1 - 1, "box 2D: corner");
            }
            // radius 1 at scale (2, 3): radius 3; offset (0, 1) -> 3.
            var circle = new CircleCollider2D { radius = 1, offset = new Vector2(0, 1) };
            circle.transform = At(0, 0, 0, None, new Vector3(2, 3, 1));
            using (GjkCollider c = GjkCollider.From(circle))
            {
                Gap(c, circle.transform, circleProbe, new Vector3(0, 10, 0), 10 - 6 - 1, "circle 2D");
            }
            // Vertical (1, 4): radius 0.5, the ends 2 from the center along y; horizontal (4, 1)
            // along x; the vertical one turned a quarter about z runs along x.
            var vertical = new CapsuleCollider2D { size = new Vector2(1, 4), direction = CapsuleDirection2D.Vertical };
            var horizontal = new CapsuleCollider2D { size = new Vector2(4, 1), direction = CapsuleDirection2D.Horizontal };
            using (GjkCollider v = GjkCollider.From(vertical))
            using (GjkCollider h = GjkCollider.From(horizontal))
            {
                Gap(v, vertical.transform, circleProbe, new Vector3(0, 5, 0), 5 - 2 - 1, "vertical capsule 2D: end");
                Gap(v, vertical.transform, circleProbe, new Vector3(5, 0, 0), 5 - 0.5 - 1, "vertical capsule 2D: side");
                Gap(h, horizontal.transform, circleProbe, new Vector3(5, 0, 0), 5 - 2 - 1, "horizontal capsule 2D: end");
                Gap(v, At(0, 0, 0, QuarterZ, Vector3.one), circleProbe, new Vector3(-5, 0, 0), 5 - 2 - 1,
                    "turned vertical capsule 2D");
            }
            // Two paths at scale 2: a triangle reaching x = 2 and a square reaching x = 6.
            var polygon = new PolygonCollider2D { pathCount = 2 };
            polygon.SetPath(0, new[] { new Vector2(0, 0), new Vector2(1, 0), new Vector2(0, 1) });
            polygon.SetPath(1, new[] { new Vector2(2, 0), new Vector2(3, 0), new Vector2(3, 1), new Vector2(2, 1) });
            polygon.transform = At(0, 0, 0, None, new Vector3(2, 2, 1));
            GjkCollider[] parts = GjkCollider.From(polygon);
            Check(parts.Length == 2, "one polygon per path");
            Gap(parts[0], polygon.transform, circleProbe, new Vector3(10, 0, 0), 10 - 2 - 1, "polygon path 0");
            Gap(parts[1], polygon.transform, circleProbe, new Vector3(10, 0, 0), 10 - 6 - 1, "polygon path 1");
            Check(polygon.GetPath(1)[1].x == 3, "the paths are left as they were");
            foreach (GjkCollider part in parts)
            {
                part.Dispose();
            }
        }
    }

    private static void Dispatch()
    {
        using (GjkCollider box = GjkCollider.From((Collider)new BoxCollider { size = new Vector3(2, 2, 2) }))
        using (GjkCollider probe = Probe())
        {
            Gap(box, new Transform(), probe, new Vector3(5, 0, 0), 5 - 1 - 0.5, "From(Collider): a box");
        }
        GjkCollider[] circle = GjkCollider.From((Collider2D)new CircleCollider2D { radius = 2 });
        Check(circle.Length == 1 && circle[0].Shape.Dimension == 2, "From(Collider2D): a circle");
        circle[0].Dispose();
        Throws<ArgumentException>(() => GjkCollider.From(new Collider()), "From(Collider): unknown kind");
        Throws<ArgumentNullException>(() => GjkCollider.From((Collider2D)null), "From(Collider2D): null");
    }

    private static void RayAndSignedDistance()
    {
        using (Shape box = Shape.Box(1, 1, 1))
        using (Shape ball = Shape.Sphere(1))
        {
            // Unity normalises the ray's direction: T is the distance to the x = -1 face.
            GjkRayHit hit = Gjk.RayCast(box, GjkPose.Identity,
                new Ray(new Vector3(-5, 0, 0), new Vector3(2, 0, 0)), 10);
            Check(hit.Hit, "Ray hits the box");
            Near(hit.T, 4, Tol, "Ray: T is the distance");
            Check(!Gjk.RayCast(box, GjkPose.Identity,
                new Ray(new Vector3(-5, 0, 0), new Vector3(1, 0, 0)), 3.5f).Hit, "Ray: beyond maxDistance");
            Near(Gjk.SignedDistance(box, ball), -2, Tol, "SignedDistance without poses: depth 2");
        }
    }

    private static void Penetration()
    {
        using (GjkCollider a = GjkCollider.From(new SphereCollider { radius = 1 }))
        using (GjkCollider b = GjkCollider.From(new SphereCollider { radius = 1 }))
        {
            // B overlaps A by 0.5 on A's +x side: Unity moves A (the first) towards -x by 0.5.
            Vector3 direction;
            float distance;
            bool hit = GjkPhysics.ComputePenetration(a, Vector3.zero, None,
                b, new Vector3(1.5f, 0, 0), None, out direction, out distance);
            Check(hit, "ComputePenetration: overlapping");
            Near(distance, 0.5, Tol, "ComputePenetration: positive distance");
            Check(Math.Abs(direction.x + 1) < Tol && Math.Abs(direction.y) < Tol && Math.Abs(direction.z) < Tol,
                "ComputePenetration: the direction moves the first collider out (-x)");
            // Moving A along direction by distance makes them touch.
            Near(GjkPhysics.Distance(a, new Vector3(direction.x * distance, 0, 0), None,
                b, new Vector3(1.5f, 0, 0), None).distance, 0, Tol, "moved out: touching");
            hit = GjkPhysics.ComputePenetration(b, new Transform { position = new Vector3(1.5f, 0, 0) },
                a, new Transform(), out direction, out distance);
            Check(hit && Math.Abs(direction.x - 1) < Tol && Math.Abs(distance - 0.5) < Tol,
                "ComputePenetration with the colliders swapped: +x");
            hit = GjkPhysics.ComputePenetration(a, Vector3.zero, None,
                b, new Vector3(3, 0, 0), None, out direction, out distance);
            Check(!hit && distance == 0 && direction.x == 0, "ComputePenetration: apart");
        }
    }

    private static void NoAllocation()
    {
        const int N = 16;
        var a = new GjkCollider[N];
        var b = new GjkCollider[N];
        var ta = new Transform[N];
        var tb = new Transform[N];
        var contacts = new GjkContact[N];
        var nativeContacts = new Unity.Collections.NativeArray<GjkContact>(N);
        var hits = new bool[N];
        for (int k = 0; k < N; k++)
        {
            a[k] = GjkCollider.From(new BoxCollider { size = new Vector3(2, 2, 2) });
            b[k] = GjkCollider.From(new CapsuleCollider { radius = 0.5f, height = 3, direction = k % 3 });
            ta[k] = At(k, 0, 0, QuarterZ, Vector3.one);
            tb[k] = At(k, 2 + 0.25f * k, 0, QuarterX, Vector3.one);
        }
        Vector3 direction;
        float distance;
        double sum = 0;
        long perQuery = -1, perBatch = -1;
        for (int round = 0; round < 2; round++)
        {
            // The first round compiles the code and sizes the staging arrays; the second is
            // measured.
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 1000; i++)
            {
                int k = i % N;
                sum += GjkPhysics.Distance(a[k], ta[k], b[k], tb[k]).distance;
                sum += GjkPhysics.Intersect(a[k], ta[k].position, ta[k].rotation, b[k], tb[k].position, tb[k].rotation) ? 1 : 0;
                GjkPhysics.ComputePenetration(a[k], ta[k], b[k], tb[k], out direction, out distance);
                sum += distance;
            }
            long middle = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 100; i++)
            {
                GjkPhysics.DistanceBatch(a, ta, b, tb, contacts, 1);
                GjkPhysics.DistanceBatch(a, ta, b, tb, nativeContacts, 1);
                GjkPhysics.IntersectBatch(a, ta, b, tb, hits, 1);
            }
            long after = GC.GetAllocatedBytesForCurrentThread();
            perQuery = middle - before;
            perBatch = after - middle;
        }
        Check(perQuery == 0, "Unity queries allocate nothing: " + perQuery + " bytes for 3000 queries");
        Check(perBatch == 0, "Unity batches allocate nothing: " + perBatch + " bytes for 300 batches");
        Console.WriteLine("unity layer: " + perQuery + " bytes over 3000 queries, " + perBatch
            + " bytes over 300 batches of " + N + " (checksum " + sum.ToString("R") + ")");
        // The batch answers are the single queries'.
        for (int k = 0; k < N; k++)
        {
            GjkContact single = GjkPhysics.Distance(a[k], ta[k], b[k], tb[k]);
            Check(contacts[k].distance == single.distance && contacts[k].pointB.y == single.pointB.y,
                "batch pair " + k + " as the single query");
            Check(hits[k] == GjkPhysics.Intersect(a[k], ta[k], b[k], tb[k]), "batch intersect " + k);
            Check(nativeContacts[k].distance == single.distance, "NativeArray batch pair " + k);
            a[k].Dispose();
            b[k].Dispose();
        }
    }
}
#endif
