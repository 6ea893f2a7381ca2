// Queries on Unity colliders with Unity's types and conventions: poses from Vector3 and
// Quaternion or a Transform, float results with Unity-style names, ComputePenetration with the
// meaning and sign of Physics.ComputePenetration. Compiled only inside Unity.

#if UNITY_5_3_OR_NEWER
using System;
using UnityEngine;
#if UNITY_2018_1_OR_NEWER
using Unity.Collections;
#endif

namespace GjkCollision
{
    /// <summary>The answer of <see cref="GjkPhysics.Distance(GjkCollider, Transform,
    /// GjkCollider, Transform)"/> in floats, world frame (2D: z = 0).</summary>
    public struct GjkContact
    {
        /// <summary>The distance between the colliders; 0 when they overlap or touch.</summary>
        public float distance;
        /// <summary>The closest point on the first collider.</summary>
        public Vector3 pointA;
        /// <summary>The closest point on the second collider.</summary>
        public Vector3 pointB;
        /// <summary>The unit vector from the first collider towards the second (any unit vector
        /// when they overlap).</summary>
        public Vector3 normal;
        /// <summary>Whether the colliders overlap or touch.</summary>
        public bool intersecting;

        internal GjkContact(GjkDistanceResult r)
        {
            distance = (float)r.Distance;
            pointA = ToVector3(r.PointA);
            pointB = ToVector3(r.PointB);
            normal = ToVector3(r.Normal);
            intersecting = r.Intersecting;
        }

        internal static Vector3 ToVector3(Double3 v)
        {
            return new Vector3((float)v.X, (float)v.Y, (float)v.Z);
        }
    }

    /// <summary>A point of <see cref="GjkPhysics.ComputeContacts(GjkCollider, Transform,
    /// GjkCollider, Transform, float, GjkContactPoint3[], out Vector3)"/> in floats, world frame
    /// (2D: z = 0).</summary>
    public struct GjkContactPoint3
    {
        /// <summary>The point on the first collider.</summary>
        public Vector3 pointA;
        /// <summary>The point on the second collider.</summary>
        public Vector3 pointB;
        /// <summary>The distance between them along the normal: below 0 where the colliders
        /// overlap (minus the depth there).</summary>
        public float separation;
        /// <summary>The touching features: the same while they touch, for warm-starting a
        /// solver's impulses.</summary>
        public uint id;
    }

    /// <summary>
    /// Distance, intersection and penetration of <see cref="GjkCollider"/>s placed by a
    /// <c>Transform</c> or by a position and a rotation, in the manner of
    /// <c>UnityEngine.Physics</c>. Queries allocate nothing; the batch calls allocate nothing
    /// once they have run a batch of the same size on the calling thread. The batch results go
    /// to arrays or (Unity 2018.1 and later) to a <c>NativeArray</c>. Each call checks its
    /// arguments in their order before any work: <see cref="ArgumentNullException"/> naming a
    /// null collider, a null or destroyed transform, array or array element;
    /// <see cref="ArgumentException"/> naming a NaN or infinite position or rotation, or the
    /// rotation of a 2D collider that tilts its plane (see <see cref="GjkCollider"/>).
    /// </summary>
    public static class GjkPhysics
    {
        /// <summary>The distance between <paramref name="a"/> and <paramref name="b"/> placed by
        /// the world poses of two transforms, with their closest points and the normal.</summary>
        public static GjkContact Distance(
            GjkCollider a, Transform transformA, GjkCollider b, Transform transformB)
        {
            Pair p = Placed(a, transformA, b, transformB);
            return new GjkContact(Gjk.Distance(p.A, p.PoseA, p.B, p.PoseB));
        }

        /// <summary>The distance between <paramref name="a"/> at <paramref name="positionA"/>
        /// turned by <paramref name="rotationA"/> and <paramref name="b"/> likewise.</summary>
        public static GjkContact Distance(
            GjkCollider a, Vector3 positionA, Quaternion rotationA,
            GjkCollider b, Vector3 positionB, Quaternion rotationB)
        {
            Pair p = Placed(a, positionA, rotationA, b, positionB, rotationB);
            return new GjkContact(Gjk.Distance(p.A, p.PoseA, p.B, p.PoseB));
        }

        /// <summary>Whether the colliders placed by two transforms overlap or touch.</summary>
        public static bool Intersect(
            GjkCollider a, Transform transformA, GjkCollider b, Transform transformB)
        {
            Pair p = Placed(a, transformA, b, transformB);
            return Gjk.Intersect(p.A, p.PoseA, p.B, p.PoseB);
        }

        /// <summary>Whether the colliders overlap or touch.</summary>
        public static bool Intersect(
            GjkCollider a, Vector3 positionA, Quaternion rotationA,
            GjkCollider b, Vector3 positionB, Quaternion rotationB)
        {
            Pair p = Placed(a, positionA, rotationA, b, positionB, rotationB);
            return Gjk.Intersect(p.A, p.PoseA, p.B, p.PoseB);
        }

        /// <summary>As <c>Physics.ComputePenetration</c>: true when the colliders overlap (by
        /// more than touching), with <paramref name="direction"/> the unit direction along which
        /// to move the FIRST collider, by <paramref name="distance"/> (positive), to separate
        /// them. False otherwise, with a zero direction and distance.</summary>
        public static bool ComputePenetration(
            GjkCollider a, Vector3 positionA, Quaternion rotationA,
            GjkCollider b, Vector3 positionB, Quaternion rotationB,
            out Vector3 direction, out float distance)
        {
            return Penetration(Placed(a, positionA, rotationA, b, positionB, rotationB),
                out direction, out distance);
        }

        /// <summary><see cref="ComputePenetration(GjkCollider, Vector3, Quaternion, GjkCollider,
        /// Vector3, Quaternion, out Vector3, out float)"/> for colliders placed by two
        /// transforms.</summary>
        public static bool ComputePenetration(
            GjkCollider a, Transform transformA, GjkCollider b, Transform transformB,
            out Vector3 direction, out float distance)
        {
            return Penetration(Placed(a, transformA, b, transformB), out direction, out distance);
        }

        /// <summary>The contact points of the colliders placed by two transforms where they
        /// overlap or are less than <paramref name="margin"/> apart (speculative contacts), into
        /// the caller's <paramref name="contacts"/>: up to 2 in 2D and 4 in 3D, as many as fit.
        /// Returns how many were written; <paramref name="normal"/> is the unit normal from the
        /// first collider towards the second. Allocates nothing.</summary>
        public static int ComputeContacts(
            GjkCollider a, Transform transformA, GjkCollider b, Transform transformB,
            float margin, GjkContactPoint3[] contacts, out Vector3 normal)
        {
            Pair p = Placed(a, transformA, b, transformB);
            return Contacts(p, margin, contacts, out normal);
        }

        /// <summary><see cref="ComputeContacts(GjkCollider, Transform, GjkCollider, Transform,
        /// float, GjkContactPoint3[], out Vector3)"/> for colliders placed by positions and
        /// rotations.</summary>
        public static int ComputeContacts(
            GjkCollider a, Vector3 positionA, Quaternion rotationA,
            GjkCollider b, Vector3 positionB, Quaternion rotationB,
            float margin, GjkContactPoint3[] contacts, out Vector3 normal)
        {
            Pair p = Placed(a, positionA, rotationA, b, positionB, rotationB);
            return Contacts(p, margin, contacts, out normal);
        }

        /// <summary>The axis-aligned bounds of <paramref name="collider"/> placed by
        /// <paramref name="transform"/>'s world pose: on each axis, the coordinates of its
        /// support points along it and against it.</summary>
        public static Bounds ComputeBounds(GjkCollider collider, Transform transform)
        {
            UnityArguments.Require(collider, "collider");
            GjkPose pose;
            Shape shape = collider.Place(transform, PoseNames.Transform, out pose);
            GjkAabb box = Gjk.Aabb(shape, pose);
            var bounds = new Bounds();
            bounds.SetMinMax(GjkContact.ToVector3(box.Min), GjkContact.ToVector3(box.Max));
            return bounds;
        }

        /// <summary>The manifold of the pair, written to the caller's array.</summary>
        private static int Contacts(
            Pair pair, float margin, GjkContactPoint3[] contacts, out Vector3 normal)
        {
            if (contacts == null)
            {
                throw new ArgumentNullException("contacts");
            }
            GjkManifold m = Gjk.ContactManifold(pair.A, pair.PoseA, pair.B, pair.PoseB, margin);
            normal = GjkContact.ToVector3(m.Normal);
            int written = Math.Min(m.Count, contacts.Length);
            for (int i = 0; i < written; i++)
            {
                GjkContactPoint p = m[i];
                contacts[i].pointA = GjkContact.ToVector3(p.PointA);
                contacts[i].pointB = GjkContact.ToVector3(p.PointB);
                contacts[i].separation = (float)p.Separation;
                contacts[i].id = p.Id;
            }
            return written;
        }

        /// <summary>The shapes of a pair and their poses.</summary>
        private struct Pair
        {
            public Shape A;
            public Shape B;
            public GjkPose PoseA;
            public GjkPose PoseB;
        }

        /// <summary>The pair placed by two transforms; the arguments checked in their order
        /// (null or destroyed, then NaN and infinity).</summary>
        private static Pair Placed(
            GjkCollider a, Transform transformA, GjkCollider b, Transform transformB)
        {
            var p = new Pair();
            UnityArguments.Require(a, "a");
            p.A = a.Place(transformA, PoseNames.TransformA, out p.PoseA);
            UnityArguments.Require(b, "b");
            p.B = b.Place(transformB, PoseNames.TransformB, out p.PoseB);
            return p;
        }

        /// <summary>The pair placed by positions and rotations, checked as
        /// <see cref="Placed(GjkCollider, Transform, GjkCollider, Transform)"/>.</summary>
        private static Pair Placed(
            GjkCollider a, Vector3 positionA, Quaternion rotationA,
            GjkCollider b, Vector3 positionB, Quaternion rotationB)
        {
            var p = new Pair();
            UnityArguments.Require(a, "a");
            p.A = a.Place(positionA, rotationA, PoseNames.SeparateA, out p.PoseA);
            UnityArguments.Require(b, "b");
            p.B = b.Place(positionB, rotationB, PoseNames.SeparateB, out p.PoseB);
            return p;
        }

        /// <summary>The penetration of the pair, with Unity's meaning and sign.</summary>
        private static bool Penetration(Pair pair, out Vector3 direction, out float distance)
        {
            GjkPenetrationResult p = Gjk.Penetration(pair.A, pair.PoseA, pair.B, pair.PoseB);
            if (p.SignedDistance < 0)
            {
                // The library's normal points from A to B and moves B out: A moves the other way.
                Double3 n = p.Normal;
                direction = GjkContact.ToVector3(new Double3(-n.X, -n.Y, -n.Z));
                distance = (float)-p.SignedDistance;
                return true;
            }
            direction = new Vector3(0, 0, 0);
            distance = 0;
            return false;
        }

        /// <summary>The distance of every pair k, <paramref name="a"/>[k] placed by
        /// <paramref name="transformsA"/>[k] against <paramref name="b"/>[k] placed by
        /// <paramref name="transformsB"/>[k], into <paramref name="results"/>[k], in one call of
        /// the library on up to <paramref name="threads"/> threads (0: one per core).</summary>
        public static void DistanceBatch(
            GjkCollider[] a, Transform[] transformsA, GjkCollider[] b, Transform[] transformsB,
            GjkContact[] results, int threads = 0)
        {
            GjkDistanceResult[] found =
                Distances(a, transformsA, b, transformsB, Capacity(results), threads);
            for (int k = 0; k < a.Length; k++)
            {
                results[k] = new GjkContact(found[k]);
            }
        }

#if UNITY_2018_1_OR_NEWER
        /// <summary><see cref="DistanceBatch(GjkCollider[], Transform[], GjkCollider[],
        /// Transform[], GjkContact[], int)"/> into a <c>NativeArray</c> (for jobs that read the
        /// contacts next), written element by element: no unsafe code, no allocation.</summary>
        public static void DistanceBatch(
            GjkCollider[] a, Transform[] transformsA, GjkCollider[] b, Transform[] transformsB,
            NativeArray<GjkContact> results, int threads = 0)
        {
            GjkDistanceResult[] found =
                Distances(a, transformsA, b, transformsB, Capacity(results), threads);
            for (int k = 0; k < a.Length; k++)
            {
                results[k] = new GjkContact(found[k]);
            }
        }

        /// <summary>The length of <paramref name="results"/>; -1 when it is not created (a
        /// default or disposed <c>NativeArray</c>).</summary>
        private static int Capacity<T>(NativeArray<T> results) where T : struct
        {
            return results.IsCreated ? results.Length : -1;
        }
#endif

        /// <summary>The distance results of the pairs, in the staging array (valid until the
        /// thread's next batch).</summary>
        private static GjkDistanceResult[] Distances(GjkCollider[] a, Transform[] transformsA,
            GjkCollider[] b, Transform[] transformsB, int capacity, int threads)
        {
            int n = Stage(a, transformsA, b, transformsB, capacity);
            GjkDistanceResult[] found = Exactly(ref stagedDistances, n);
            try
            {
                Gjk.DistanceBatch(stagedA, stagedPosesA, stagedB, stagedPosesB, found, threads);
            }
            finally
            {
                Unstage(n);
            }
            return found;
        }

        /// <summary>Whether each pair k overlaps or touches, into
        /// <paramref name="results"/>[k] (see <see cref="DistanceBatch"/>).</summary>
        public static void IntersectBatch(
            GjkCollider[] a, Transform[] transformsA, GjkCollider[] b, Transform[] transformsB,
            bool[] results, int threads = 0)
        {
            int n = Stage(a, transformsA, b, transformsB, Capacity(results));
            try
            {
                Gjk.IntersectBatch(stagedA, stagedPosesA, stagedB, stagedPosesB, results, threads);
            }
            finally
            {
                Unstage(n);
            }
        }

        // The shapes and poses of the last batch, one set per thread, of exactly the batch's
        // size: a batch of the size of the thread's previous one allocates nothing.
        [ThreadStatic] private static Shape[] stagedA;
        [ThreadStatic] private static Shape[] stagedB;
        [ThreadStatic] private static GjkPose[] stagedPosesA;
        [ThreadStatic] private static GjkPose[] stagedPosesB;
        [ThreadStatic] private static GjkDistanceResult[] stagedDistances;

        /// <summary>Fills the staged arrays with the shapes and poses of the pairs; the number
        /// of pairs. Checks the arguments first: the arrays, <paramref name="capacity"/> (-1 for
        /// no results), then each pair's colliders and transforms.</summary>
        private static int Stage(GjkCollider[] a, Transform[] transformsA, GjkCollider[] b,
            Transform[] transformsB, int capacity)
        {
            UnityArguments.Require(a, "a");
            UnityArguments.Require(transformsA, "transformsA");
            UnityArguments.Require(b, "b");
            UnityArguments.Require(transformsB, "transformsB");
            if (capacity < 0)
            {
                throw new ArgumentNullException(
                    "results", "results is null (or a NativeArray not created)");
            }
            int n = a.Length;
            if (b.Length != n || transformsA.Length != n || transformsB.Length != n
                || capacity < n)
            {
                throw new ArgumentException("a, b, transformsA and transformsB must have the same "
                    + "length, and results at least that length");
            }
            Shape[] shapesA = Exactly(ref stagedA, n), shapesB = Exactly(ref stagedB, n);
            GjkPose[] posesA = Exactly(ref stagedPosesA, n), posesB = Exactly(ref stagedPosesB, n);
            try
            {
                for (int k = 0; k < n; k++)
                {
                    shapesA[k] = Staged(a, "a", transformsA, PoseNames.TransformsA, k, out posesA[k]);
                    shapesB[k] = Staged(b, "b", transformsB, PoseNames.TransformsB, k, out posesB[k]);
                }
            }
            catch
            {
                Unstage(n);
                throw;
            }
            return n;
        }

        /// <summary>The shape of the collider <paramref name="k"/> of
        /// <paramref name="colliders"/> (the argument <paramref name="name"/>), and its pose by
        /// the transform k of <paramref name="transforms"/>, both checked.</summary>
        private static Shape Staged(GjkCollider[] colliders, string name, Transform[] transforms,
            PoseNames names, int k, out GjkPose pose)
        {
            UnityArguments.Require(colliders[k], name, k);
            UnityArguments.Require(transforms[k], names.Owner, k);
            return colliders[k].Place(transforms[k].position, transforms[k].rotation, names, out pose);
        }

        /// <summary>The length of <paramref name="results"/>; -1 when it is null.</summary>
        private static int Capacity(Array results)
        {
            return results == null ? -1 : results.Length;
        }

        /// <summary>Forgets the staged shapes, so that the arrays keep no shape alive.</summary>
        private static void Unstage(int n)
        {
            Array.Clear(stagedA, 0, n);
            Array.Clear(stagedB, 0, n);
        }

        /// <summary><paramref name="buffer"/>, replaced when it does not hold exactly
        /// <paramref name="n"/> elements.</summary>
        private static T[] Exactly<T>(ref T[] buffer, int n)
        {
            if (buffer == null || buffer.Length != n)
            {
                buffer = new T[n];
            }
            return buffer;
        }
    }
}
#endif
