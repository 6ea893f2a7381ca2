// Unity overloads: Vector2[] / Vector3[] read in place, Quaternion, Pose and Transform poses,
// results as Vector2 / Vector3. Compiled only inside Unity (UnityEngine is not available
// elsewhere).

#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using UnityEngine;

namespace GjkCollision
{
    public sealed partial class Shape
    {
        /// <summary>The convex hull of Unity 2D points, read in place.</summary>
        public static Shape Polygon(Vector2[] points)
        {
            return Polygon(points, points == null ? 0 : points.Length);
        }

        /// <summary>The convex hull of the first <paramref name="count"/> points.</summary>
        public static Shape Polygon(Vector2[] points, int count)
        {
            Shape shape;
            return Created(
                GjkNative.gjk_polygon_new_f32(points, Count(points, 1, count), out shape), shape);
        }

        /// <summary>The convex hull of Unity 3D points (a mesh's vertices, say), read in
        /// place.</summary>
        public static Shape Polytope(Vector3[] points)
        {
            return Polytope(points, points == null ? 0 : points.Length);
        }

        /// <summary>The convex hull of the first <paramref name="count"/> points.</summary>
        public static Shape Polytope(Vector3[] points, int count)
        {
            Shape shape;
            return Created(
                GjkNative.gjk_polytope_new_f32(points, Count(points, 1, count), out shape), shape);
        }

        /// <summary>The convex hull of the points of a <c>List&lt;Vector2&gt;</c> (as filled by
        /// <c>PolygonCollider2D.GetPath(int, List&lt;Vector2&gt;)</c>, say); the points are
        /// copied to an array first.</summary>
        public static Shape Polygon(List<Vector2> points)
        {
            return Polygon(points == null ? null : points.ToArray());
        }

        /// <summary>The convex hull of the points of a <c>List&lt;Vector3&gt;</c> (as filled by
        /// <c>Mesh.GetVertices</c>, say); the points are copied to an array first.</summary>
        public static Shape Polytope(List<Vector3> points)
        {
            return Polytope(points == null ? null : points.ToArray());
        }

        /// <summary><see cref="Polytope(Vector3[])"/> without the hull's edge graph: for a
        /// hull made for a few queries (a sensor's point cloud each frame, say), created in
        /// microseconds where a hull of 512 points or more otherwise builds its graph (about
        /// 1 ms at 1024 points).</summary>
        public static Shape PolytopeScanning(Vector3[] points)
        {
            Shape shape;
            return Created(
                GjkNative.gjk_polytope_new_scanning_f32(
                    points, Count(points, 1, points == null ? 0 : points.Length), out shape),
                shape);
        }
    }

    public partial struct Double3
    {
        public static implicit operator Double3(Vector3 v)
        {
            return new Double3(v.x, v.y, v.z);
        }

        public static implicit operator Double3(Vector2 v)
        {
            return new Double3(v.x, v.y, 0.0);
        }

        /// <summary>Rounded to floats.</summary>
        public Vector3 ToVector3()
        {
            return new Vector3((float)X, (float)Y, (float)Z);
        }

        /// <summary>X and Y rounded to floats.</summary>
        public Vector2 ToVector2()
        {
            return new Vector2((float)X, (float)Y);
        }
    }

    public partial struct Rotation
    {
        public static implicit operator Rotation(Quaternion q)
        {
            return new Rotation(q.x, q.y, q.z, q.w);
        }
    }

    public partial struct GjkPose
    {
        /// <summary>A pose from a Unity position and rotation.</summary>
        public GjkPose(Vector3 position, Quaternion rotation)
        {
            Position = position;
            Rotation = rotation;
        }

        /// <summary>The world pose of a transform (its scale is not applied: build the shape at
        /// its world size). <see cref="ArgumentNullException"/> for a null or destroyed
        /// transform, <see cref="ArgumentException"/> for a NaN or infinite position or
        /// rotation.</summary>
        public static GjkPose From(Transform transform)
        {
            return From(transform, PoseNames.Transform);
        }

        /// <summary>The world pose of <paramref name="transform"/>, checked, the inputs named
        /// by <paramref name="names"/>.</summary>
        internal static GjkPose From(Transform transform, PoseNames names)
        {
            UnityArguments.Require(transform, names.Owner);
            Vector3 position = transform.position;
            Quaternion rotation = transform.rotation;
            UnityArguments.Finite(position, names.Position);
            UnityArguments.Finite(rotation, names.Rotation);
            return new GjkPose(position, rotation);
        }

        public static implicit operator GjkPose(Pose pose)
        {
            return new GjkPose(pose.position, pose.rotation);
        }
    }

    public static partial class Gjk
    {
        /// <summary>Whether the shapes placed by the world poses of two transforms overlap or
        /// touch.</summary>
        public static bool Intersect(Shape a, Transform transformA, Shape b, Transform transformB)
        {
            GjkPose poseA, poseB;
            Poses(a, transformA, b, transformB, out poseA, out poseB);
            return Intersect(a, poseA, b, poseB);
        }

        /// <summary>The distance between the shapes placed by the world poses of two
        /// transforms.</summary>
        public static GjkDistanceResult Distance(
            Shape a, Transform transformA, Shape b, Transform transformB)
        {
            GjkPose poseA, poseB;
            Poses(a, transformA, b, transformB, out poseA, out poseB);
            return Distance(a, poseA, b, poseB);
        }

        /// <summary>The first hit of a Unity <c>Ray</c> within <paramref name="maxDistance"/>
        /// on <paramref name="shape"/> placed by <paramref name="pose"/>. The ray's direction is
        /// unit (Unity normalises it), so the hit's <c>T</c> is the distance along it.</summary>
        public static GjkRayHit RayCast(
            Shape shape, GjkPose pose, Ray ray, float maxDistance = float.PositiveInfinity)
        {
            return RayCast(shape, pose, ray.origin, ray.direction, maxDistance);
        }

        /// <summary>The penetration of the shapes placed by the world poses of two
        /// transforms.</summary>
        public static GjkPenetrationResult Penetration(
            Shape a, Transform transformA, Shape b, Transform transformB)
        {
            GjkPose poseA, poseB;
            Poses(a, transformA, b, transformB, out poseA, out poseB);
            return Penetration(a, poseA, b, poseB);
        }

        /// <summary>The poses of two transforms; the arguments checked in their order (a shape
        /// null or disposed, a transform null or destroyed, then NaN and infinity).</summary>
        private static void Poses(Shape a, Transform transformA, Shape b, Transform transformB,
            out GjkPose poseA, out GjkPose poseB)
        {
            Shape.CheckLive(a, "a");
            poseA = GjkPose.From(transformA, PoseNames.TransformA);
            Shape.CheckLive(b, "b");
            poseB = GjkPose.From(transformB, PoseNames.TransformB);
        }
    }
}
#endif
