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

    /// <summary>
    /// Distance, intersection and penetration of <see cref="GjkCollider"/>s placed by a
    /// <c>Transform</c> or by a position and a rotation, in the manner of
    /// <c>UnityEngine.Physics</c>. Queries allocate nothing; the batch calls allocate nothing
    /// once they have run a batch of the same size on the calling thread. The batch results go
    /// to arrays or (Unity 2018.1 and later) to a <c>NativeArray</c>.
    /// </summary>
    public static class GjkPhysics
    {
        /// <summary>The distance between <paramref name="a"/> and <paramref name="b"/> placed by
        /// the world poses of two transforms, with their closest points and the normal.</summary>
        public static GjkContact Distance(
            GjkCollider a, Transform transformA, GjkCollider b, Transform transformB)
        {
            CheckColliders(a, b);
            return new GjkContact(
                Gjk.Distance(a.Shape, a.PoseOf(transformA), b.Shape, b.PoseOf(transformB)));
        }

        /// <summary>The distance between <paramref name="a"/> at <paramref name="positionA"/>
        /// turned by <paramref name="rotationA"/> and <paramref name="b"/> likewise.</summary>
        public static GjkContact Distance(
            GjkCollider a, Vector3 positionA, Quaternion rotationA,
            GjkCollider b, Vector3 positionB, Quaternion rotationB)
        {
            CheckColliders(a, b);
            return new GjkContact(Gjk.Distance(a.Shape, a.PoseAt(positionA, rotationA),
                b.Shape, b.PoseAt(positionB, rotationB)));
        }

        /// <summary>Whether the colliders placed by two transforms overlap or touch.</summary>
        public static bool Intersect(
            GjkCollider a, Transform transformA, GjkCollider b, Transform transformB)
        {
            CheckColliders(a, b);
            return Gjk.Intersect(a.Shape, a.PoseOf(transformA), b.Shape, b.PoseOf(transformB));
        }

        /// <summary>Whether the colliders overlap or touch.</summary>
        public static bool Intersect(
            GjkCollider a, Vector3 positionA, Quaternion rotationA,
            GjkCollider b, Vector3 positionB, Quaternion rotationB)
        {
            CheckColliders(a, b);
            return Gjk.Intersect(a.Shape, a.PoseAt(positionA, rotationA),
                b.Shape, b.PoseAt(positionB, rotationB));
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
            CheckColliders(a, b);
            GjkPenetrationResult p = Gjk.Penetration(a.Shape, a.PoseAt(positionA, rotationA),
                b.Shape, b.PoseAt(positionB, rotationB));
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

        /// <summary><see cref="ComputePenetration(GjkCollider, Vector3, Quaternion, GjkCollider,
        /// Vector3, Quaternion, out Vector3, out float)"/> for colliders placed by two
        /// transforms.</summary>
        public static bool ComputePenetration(
            GjkCollider a, Transform transformA, GjkCollider b, Transform transformB,
            out Vector3 direction, out float distance)
        {
            return ComputePenetration(a, transformA.position, transformA.rotation,
                b, transformB.position, transformB.rotation, out direction, out distance);
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
                Distances(a, transformsA, b, transformsB, results.Length, threads);
            for (int k = 0; k < a.Length; k++)
            {
                results[k] = new GjkContact(found[k]);
            }
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
        /// of pairs.</summary>
        private static int Stage(GjkCollider[] a, Transform[] transformsA, GjkCollider[] b,
            Transform[] transformsB, int capacity)
        {
            if (a == null || b == null || transformsA == null || transformsB == null)
            {
                throw new ArgumentNullException(a == null ? "a" : b == null ? "b"
                    : transformsA == null ? "transformsA" : "transformsB");
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
            for (int k = 0; k < n; k++)
            {
                if (a[k] == null || b[k] == null)
                {
                    throw new ArgumentNullException(a[k] == null ? "a" : "b", "pair " + k);
                }
                shapesA[k] = a[k].Shape;
                shapesB[k] = b[k].Shape;
                posesA[k] = a[k].PoseOf(transformsA[k]);
                posesB[k] = b[k].PoseOf(transformsB[k]);
            }
            return n;
        }

        /// <summary>The length of <paramref name="results"/>, which must not be null.</summary>
        private static int Capacity(Array results)
        {
            if (results == null)
            {
                throw new ArgumentNullException("results");
            }
            return results.Length;
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

        private static void CheckColliders(GjkCollider a, GjkCollider b)
        {
            if (a == null)
            {
                throw new ArgumentNullException("a");
            }
            if (b == null)
            {
                throw new ArgumentNullException("b");
            }
        }
    }
}
#endif
