// The argument checks of the Unity layer, run against UnityEngineStub.cs: every entry point of
// GjkCollider, GjkPhysics and the Transform overloads raises ArgumentNullException naming a null
// or destroyed (Object.DestroyImmediate) collider or transform, and ArgumentException naming the
// input that holds a NaN or an infinity, before any arithmetic.

#if UNITY_5_3_OR_NEWER
using System;
using GjkCollision;
using Unity.Collections;
using UnityEngine;
using static Checks;

internal static class UnityArgumentChecks
{
    public static void Run()
    {
        StubObjects();
        ColliderOverloads();
        PlacementOverloads();
        PhysicsOverloads();
        BatchOverloads();
        NotFinite();
    }

    /// <summary>That <paramref name="action"/> raises exactly <typeparamref name="T"/> for the
    /// parameter <paramref name="param"/>, its message starting with
    /// <paramref name="message"/>.</summary>
    private static void Named<T>(Action action, string param, string message, string what)
        where T : ArgumentException
    {
        T e = Throws<T>(action, what);
        if (e == null)
        {
            return;
        }
        Check(e.ParamName == param, what + ": ParamName '" + e.ParamName + "', expected '" + param + "'");
        Check(e.Message.StartsWith(message, StringComparison.Ordinal),
            what + ": message '" + e.Message + "' does not start with '" + message + "'");
    }

    private static void Dispose(object made)
    {
        var one = made as GjkCollider;
        if (one != null)
        {
            one.Dispose();
            return;
        }
        foreach (GjkCollider part in (GjkCollider[])made)
        {
            part.Dispose();
        }
    }

    /// <summary>The stand-in engine's Object as Unity's: destroyed, it equals null.</summary>
    private static void StubObjects()
    {
        var box = new BoxCollider();
        Collider same = box;
        Check(box != null && box == same && (bool)box, "a live Object is not null");
        UnityEngine.Object.DestroyImmediate(box);
        Check(box == null && null == box && !(bool)box && !ReferenceEquals(box, null),
            "a destroyed Object equals null, and is still an object");
    }

    /// <summary>Each collider overload with a null and with a destroyed collider: first used
    /// live (the call works), then destroyed.</summary>
    private static void ColliderOverloads()
    {
        Vector3 scale = Vector3.one;
        var mesh = new Mesh { vertices = new[] { new Vector3(0, 0, 0), new Vector3(1, 0, 0), new Vector3(0, 1, 0), new Vector3(0, 0, 1) } };
        var square = new[] { new Vector2(0, 0), new Vector2(1, 0), new Vector2(1, 1) };
        Func<PolygonCollider2D> polygon = () =>
        {
            var p = new PolygonCollider2D { pathCount = 1 };
            p.SetPath(0, square);
            return p;
        };
        Overload("From(Collider)", () => new BoxCollider(), c => GjkCollider.From((Collider)c));
        Overload("From(Collider2D)", () => new CircleCollider2D(), c => GjkCollider.From((Collider2D)c));
        Overloads(() => new BoxCollider(), c => GjkCollider.From(c), c => GjkCollider.From(c, scale));
        Overloads(() => new SphereCollider(), c => GjkCollider.From(c), c => GjkCollider.From(c, scale));
        Overloads(() => new CapsuleCollider(), c => GjkCollider.From(c), c => GjkCollider.From(c, scale));
        Overloads(() => new MeshCollider { sharedMesh = mesh }, c => GjkCollider.From(c), c => GjkCollider.From(c, scale));
        Overloads(() => new BoxCollider2D(), c => GjkCollider.From(c), c => GjkCollider.From(c, scale));
        Overloads(() => new CircleCollider2D(), c => GjkCollider.From(c), c => GjkCollider.From(c, scale));
        Overloads(() => new CapsuleCollider2D(), c => GjkCollider.From(c), c => GjkCollider.From(c, scale));
        Overloads(polygon, c => GjkCollider.From(c), c => GjkCollider.From(c, scale));

        // A MonoBehaviour's GetComponent<BoxCollider>() on an object without one is null.
        Named<ArgumentNullException>(() => GjkCollider.From(new MonoBehaviour().GetComponent<BoxCollider>()),
            "collider", "collider is null", "From(GetComponent<BoxCollider>()) without one");
        var destroyedMesh = new Mesh { vertices = mesh.vertices };
        UnityEngine.Object.DestroyImmediate(destroyedMesh);
        Named<ArgumentException>(() => GjkCollider.From(new MeshCollider { sharedMesh = destroyedMesh }),
            "collider", "the MeshCollider has no mesh", "From(MeshCollider) with a destroyed mesh");
    }

    /// <summary>The two overloads of a collider type <typeparamref name="T"/>, From(T)
    /// (<paramref name="convert"/>) and From(T, scale) (<paramref name="scaled"/>), each as
    /// <see cref="Overload"/> checks it.</summary>
    private static void Overloads<T>(Func<T> make, Func<T, object> convert, Func<T, object> scaled)
        where T : Component
    {
        string name = typeof(T).Name;
        Overload("From(" + name + ")", make, c => convert((T)c));
        Overload("From(" + name + ", scale)", make, c => scaled((T)c));
    }

    private static void Overload(string what, Func<Component> make, Func<Component, object> convert)
    {
        Component live = make();
        Dispose(convert(live));
        Named<ArgumentNullException>(() => convert(null), "collider", "collider is null", what + " of null");
        UnityEngine.Object.DestroyImmediate(live);
        Named<ArgumentNullException>(() => convert(live), "collider",
            "collider is a destroyed " + live.GetType().Name, what + " of a destroyed collider");
    }

    /// <summary>GjkCollider's constructors and placements, GjkPose.From and the Gjk calls on
    /// transforms.</summary>
    private static void PlacementOverloads()
    {
        var destroyed = new Transform();
        UnityEngine.Object.DestroyImmediate(destroyed);
        Named<ArgumentNullException>(() => new GjkCollider(null, Double3.Zero, Rotation.Identity),
            "shape", "Value cannot be null", "new GjkCollider(null shape)");
        using (Shape box = Shape.Box(1, 1, 1))
        using (Shape square = Shape.Rectangle(1, 1))
        {
            Named<ArgumentException>(() => new GjkCollider(box, box, Double3.Zero, Rotation.Identity),
                "mirror", "only a 2D shape has a 2D mirror image", "a 3D shape with a mirror");
            var c = new GjkCollider(square, square, Double3.Zero, Rotation.Identity);
            foreach (Transform t in new[] { null, destroyed })
            {
                string how = t == null && !ReferenceEquals(t, null) ? "destroyed" : "null";
                string message = how == "null" ? "transform is null" : "transform is a destroyed Transform";
                Named<ArgumentNullException>(() => c.PoseOf(t), "transform", message, "PoseOf(" + how + ")");
                Named<ArgumentNullException>(() => c.ShapeOf(t), "transform", message, "ShapeOf(" + how + ")");
                Named<ArgumentNullException>(() => GjkPose.From(t), "transform", message, "GjkPose.From(" + how + ")");
                Named<ArgumentNullException>(() => Gjk.Distance(box, t, box, new Transform()), "transformA",
                    "transformA is", "Gjk.Distance(shape, " + how + " transform)");
                Named<ArgumentNullException>(() => Gjk.Intersect(box, new Transform(), box, t), "transformB",
                    "transformB is", "Gjk.Intersect(..., " + how + " transform)");
                Named<ArgumentNullException>(() => Gjk.Penetration(box, t, box, new Transform()), "transformA",
                    "transformA is", "Gjk.Penetration(shape, " + how + " transform)");
            }
            Named<ArgumentNullException>(() => Gjk.Distance(null, destroyed, box, new Transform()), "a",
                "Value cannot be null", "Gjk.Distance: the shape is checked first");
        }
    }

    /// <summary>Every GjkPhysics query with each collider and transform null, then each
    /// transform destroyed.</summary>
    private static void PhysicsOverloads()
    {
        var destroyed = new Transform();
        UnityEngine.Object.DestroyImmediate(destroyed);
        var t = new Transform();
        using (GjkCollider c = GjkCollider.From(new SphereCollider()))
        {
            Query(c, t, destroyed);
            Vector3 p = Vector3.zero;
            Quaternion q = Quaternion.identity;
            Vector3 direction;
            float distance;
            Named<ArgumentNullException>(() => GjkPhysics.Distance(null, p, q, c, p, q), "a", "a is null", "Distance(null, position, rotation, ...)");
            Named<ArgumentNullException>(() => GjkPhysics.Distance(c, p, q, null, p, q), "b", "b is null", "Distance(..., null, position, rotation)");
            Named<ArgumentNullException>(() => GjkPhysics.Intersect(null, p, q, c, p, q), "a", "a is null", "Intersect(null, position, rotation, ...)");
            Named<ArgumentNullException>(() => GjkPhysics.Intersect(c, p, q, null, p, q), "b", "b is null", "Intersect(..., null, position, rotation)");
            Named<ArgumentNullException>(() => GjkPhysics.ComputePenetration(null, p, q, c, p, q, out direction, out distance),
                "a", "a is null", "ComputePenetration(null, position, rotation, ...)");
            Named<ArgumentNullException>(() => GjkPhysics.ComputePenetration(c, p, q, null, p, q, out direction, out distance),
                "b", "b is null", "ComputePenetration(..., null, position, rotation)");
        }
    }

    /// <summary>Distance, Intersect and ComputePenetration on transforms, with each of the four
    /// arguments missing in turn (the others valid), then each transform destroyed.</summary>
    private static void Query(GjkCollider c, Transform t, Transform destroyed)
    {
        var calls = new Func<GjkCollider, Transform, GjkCollider, Transform, object>[]
        {
            (a, ta, b, tb) => GjkPhysics.Distance(a, ta, b, tb),
            (a, ta, b, tb) => GjkPhysics.Intersect(a, ta, b, tb),
            (a, ta, b, tb) =>
            {
                Vector3 direction;
                float distance;
                return GjkPhysics.ComputePenetration(a, ta, b, tb, out direction, out distance);
            },
        };
        string[] names = { "Distance", "Intersect", "ComputePenetration" };
        for (int i = 0; i < calls.Length; i++)
        {
            var call = calls[i];
            NullOrDestroyed<GjkCollider, Transform>((a, ta, b, tb) => call(a, ta, b, tb), c, t, destroyed,
                "transformA", "transformB", "", "GjkPhysics." + names[i]);
        }
    }

    /// <summary>That <paramref name="call"/>(a, ta, b, tb), given <paramref name="c"/> and
    /// <paramref name="t"/> for both shapes, names each argument null in turn (a,
    /// <paramref name="ta"/>, b, <paramref name="tb"/>), then each placement replaced by
    /// <paramref name="destroyed"/>, whose destroyed transform is at <paramref name="at"/>
    /// ("" for a transform, "[1]" for an array's element).</summary>
    private static void NullOrDestroyed<C, T>(Action<C, T, C, T> call, C c, T t, T destroyed,
        string ta, string tb, string at, string what)
        where C : class
        where T : class
    {
        Named<ArgumentNullException>(() => call(null, t, c, t), "a", "a is null", what + "(null a)");
        Named<ArgumentNullException>(() => call(c, null, c, t), ta, ta + " is null", what + "(null " + ta + ")");
        Named<ArgumentNullException>(() => call(c, t, null, t), "b", "b is null", what + "(null b)");
        Named<ArgumentNullException>(() => call(c, t, c, null), tb, tb + " is null", what + "(null " + tb + ")");
        Named<ArgumentNullException>(() => call(c, destroyed, c, t), ta,
            ta + at + " is a destroyed Transform", what + "(destroyed " + ta + at + ")");
        Named<ArgumentNullException>(() => call(c, t, c, destroyed), tb,
            tb + at + " is a destroyed Transform", what + "(destroyed " + tb + at + ")");
    }

    /// <summary>The batches: each array null, the results null or not created, an element null
    /// or destroyed.</summary>
    private static void BatchOverloads()
    {
        const int N = 3;
        var a = new GjkCollider[N];
        var t = new Transform[N];
        for (int k = 0; k < N; k++)
        {
            a[k] = GjkCollider.From(new SphereCollider());
            t[k] = new Transform { position = new Vector3(2 * k, 0, 0) };
        }
        var contacts = new GjkContact[N];
        var native = new NativeArray<GjkContact>(N);
        var hits = new bool[N];
        var batches = new Action<GjkCollider[], Transform[], GjkCollider[], Transform[]>[]
        {
            (ca, ta, cb, tb) => GjkPhysics.DistanceBatch(ca, ta, cb, tb, contacts),
            (ca, ta, cb, tb) => GjkPhysics.DistanceBatch(ca, ta, cb, tb, native),
            (ca, ta, cb, tb) => GjkPhysics.IntersectBatch(ca, ta, cb, tb, hits),
        };
        string[] names = { "DistanceBatch", "DistanceBatch(NativeArray)", "IntersectBatch" };
        var holed = (GjkCollider[])a.Clone();
        holed[2] = null;
        var gone = (Transform[])t.Clone();
        gone[1] = new Transform();
        UnityEngine.Object.DestroyImmediate(gone[1]);
        for (int i = 0; i < batches.Length; i++)
        {
            var batch = batches[i];
            string what = "GjkPhysics." + names[i];
            batch(a, t, a, t);
            NullOrDestroyed(batch, a, t, gone, "transformsA", "transformsB", "[1]", what);
            Named<ArgumentNullException>(() => batch(a, t, holed, t), "b", "b[2] is null", what + "(b[2] null)");
            Named<ArgumentNullException>(() => batch(holed, t, a, t), "a", "a[2] is null", what + "(a[2] null)");
        }
        Named<ArgumentNullException>(() => GjkPhysics.DistanceBatch(a, t, a, t, (GjkContact[])null), "results",
            "results is null", "DistanceBatch(null results)");
        Named<ArgumentNullException>(() => GjkPhysics.IntersectBatch(a, t, a, t, null), "results",
            "results is null", "IntersectBatch(null results)");
        Named<ArgumentNullException>(() => GjkPhysics.DistanceBatch(a, t, a, t, default(NativeArray<GjkContact>)),
            "results", "results is null (or a NativeArray not created)", "DistanceBatch(default NativeArray)");
        Throws<ArgumentException>(() => GjkPhysics.DistanceBatch(a, t, a, t, new NativeArray<GjkContact>(N - 1)),
            "DistanceBatch(NativeArray too short)");
        foreach (GjkCollider c in a)
        {
            c.Dispose();
        }
    }

    /// <summary>NaN and infinity reported for the input that holds them, by name.</summary>
    private static void NotFinite()
    {
        float nan = float.NaN, inf = float.PositiveInfinity;
        Func<Vector3, Transform> scaled = s => new Transform { lossyScale = s };
        NotFinite(() => GjkCollider.From(new BoxCollider { size = new Vector3(1, inf, 1) }),
            "collider", "collider.size.y is infinite", "box size");
        NotFinite(() => GjkCollider.From(new BoxCollider { center = new Vector3(nan, 0, 0) }),
            "collider", "collider.center.x is NaN", "box center");
        NotFinite(() => GjkCollider.From(new BoxCollider { transform = scaled(new Vector3(1, 1, nan)) }),
            "collider", "collider.transform.lossyScale.z is NaN", "box lossyScale");
        NotFinite(() => GjkCollider.From(new BoxCollider(), new Vector3(-inf, 1, 1)),
            "scale", "scale.x is infinite", "box scale");
        NotFinite(() => GjkCollider.From(new SphereCollider { radius = nan }),
            "collider", "collider.radius is NaN", "sphere radius");
        // Was "half_length is NaN": the scale across a y capsule.
        NotFinite(() => GjkCollider.From(new CapsuleCollider { transform = scaled(new Vector3(nan, 1, 1)) }),
            "collider", "collider.transform.lossyScale.x is NaN", "capsule scale across its axis");
        NotFinite(() => GjkCollider.From(new CapsuleCollider { height = inf }),
            "collider", "collider.height is infinite", "capsule height");
        NotFinite(() => GjkCollider.From(new MeshCollider(), new Vector3(1, nan, 1)),
            "scale", "scale.y is NaN", "mesh scale (before the mesh)");
        NotFinite(() => GjkCollider.From(new BoxCollider2D { edgeRadius = nan }),
            "collider", "collider.edgeRadius is NaN", "box 2D edgeRadius");
        NotFinite(() => GjkCollider.From(new BoxCollider2D { offset = new Vector2(0, -inf) }),
            "collider", "collider.offset.y is infinite", "box 2D offset");
        NotFinite(() => GjkCollider.From(new CircleCollider2D { radius = inf }),
            "collider", "collider.radius is infinite", "circle radius");
        NotFinite(() => GjkCollider.From(new CapsuleCollider2D { size = new Vector2(nan, 1) }),
            "collider", "collider.size.x is NaN", "capsule 2D size");
        NotFinite(() => GjkCollider.From(new PolygonCollider2D { offset = new Vector2(nan, 0) }),
            "collider", "collider.offset.x is NaN", "polygon offset");
        NotFinite(() => GjkCollider.Cylinder(nan, 1, 1, Vector3.zero), "height", "height is NaN", "cylinder height");
        NotFinite(() => GjkCollider.Cone(1, 1, 1, new Vector3(0, 0, inf)), "center", "center.z is infinite", "cone center");

        var rotationNaN = new Quaternion(0, 0, nan, 1);
        using (GjkCollider c = GjkCollider.From(new BoxCollider { center = new Vector3(1, 0, 0) }))
        using (Shape box = Shape.Box(1, 1, 1))
        {
            var t = new Transform();
            // Was "pose_a: pose position component 0 is NaN": only the rotation is NaN.
            NotFinite(() => GjkPhysics.Distance(c, new Transform { rotation = rotationNaN }, c, t),
                "transformA", "transformA.rotation is NaN", "Distance: transformA's rotation");
            NotFinite(() => GjkPhysics.Intersect(c, t, c, new Transform { position = new Vector3(0, inf, 0) }),
                "transformB", "transformB.position.y is infinite", "Intersect: transformB's position");
            NotFinite(() => GjkPhysics.Distance(c, Vector3.zero, Quaternion.identity, c, Vector3.zero, rotationNaN),
                "rotationB", "rotationB is NaN", "Distance: rotationB");
            NotFinite(() => GjkPhysics.Intersect(c, new Vector3(nan, 0, 0), Quaternion.identity, c, Vector3.zero, Quaternion.identity),
                "positionA", "positionA.x is NaN", "Intersect: positionA");
            NotFinite(() =>
            {
                Vector3 direction;
                float distance;
                return GjkPhysics.ComputePenetration(c, t, c, new Transform { rotation = new Quaternion(inf, 0, 0, 1) },
                    out direction, out distance);
            }, "transformB", "transformB.rotation is infinite", "ComputePenetration: transformB's rotation");
            NotFinite(() => c.PoseAt(new Vector3(0, 0, nan), Quaternion.identity), "position", "position.z is NaN", "PoseAt: position");
            NotFinite(() => c.PoseOf(new Transform { rotation = rotationNaN }), "transform", "transform.rotation is NaN", "PoseOf: rotation");
            NotFinite(() => c.ShapeAt(rotationNaN), "rotation", "rotation is NaN", "ShapeAt: rotation");
            NotFinite(() => Gjk.Distance(box, new Transform { rotation = rotationNaN }, box, t),
                "transformA", "transformA.rotation is NaN", "Gjk.Distance(shape, transform): rotation");
            NotFinite(() => GjkPose.From(new Transform { position = new Vector3(inf, 0, 0) }),
                "transform", "transform.position.x is infinite", "GjkPose.From: position");
            var ts = new[] { t, new Transform { rotation = rotationNaN } };
            var cs = new[] { c, c };
            NotFinite(() =>
            {
                GjkPhysics.IntersectBatch(cs, ts, cs, ts, new bool[2]);
                return null;
            }, "transformsA", "transformsA.rotation is NaN", "IntersectBatch: a transform's rotation");
        }
    }

    private static void NotFinite(Func<object> action, string param, string message, string what)
    {
        Named<ArgumentException>(() =>
        {
            object made = action();
            if (made is GjkCollider || made is GjkCollider[])
            {
                Dispose(made);
            }
        }, param, message, what + " (NaN/infinity)");
    }
}
#endif
