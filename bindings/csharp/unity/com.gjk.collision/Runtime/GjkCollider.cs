// Unity colliders as library shapes: each collider's size, center (offset), direction and
// radius at its transform's lossyScale, and where the shape sits in the transform's frame.
// Compiled only inside Unity (UnityEngine is not available elsewhere).

#if UNITY_5_3_OR_NEWER
using System;
using UnityEngine;

namespace GjkCollision
{
    /// <summary>
    /// A <see cref="GjkCollision.Shape"/> made from a Unity collider, with the placement of the
    /// shape in its transform's frame (the collider's scaled center, and the turn that takes the
    /// library's z-axis capsules to the collider's direction). Place it with
    /// <see cref="PoseAt"/> or <see cref="PoseOf"/>, or query it through <see cref="GjkPhysics"/>.
    /// </summary>
    /// <remarks>
    /// The shape is built at the scale given (by default the transform's <c>lossyScale</c> when
    /// the collider is converted): build it again when the scale changes. Scale is applied as
    /// Unity applies it: boxes, rectangles, mesh vertices and polygon points are scaled per axis
    /// (exact under any scale); a sphere's or circle's radius by the largest absolute scale
    /// component; a capsule's radius by the larger absolute scale across its axis and its
    /// height along it; centers and offsets per axis. A 2D collider uses the x and y of the
    /// scale, and a <c>BoxCollider2D</c>'s <c>edgeRadius</c> is scaled as a circle's radius.
    /// A 2D collider's transform must be rotated about z only (as 2D physics reads it); another
    /// rotation makes the query raise <see cref="GjkException"/>. Dispose the collider (or its
    /// <see cref="Shape"/>) when done.
    /// </remarks>
    public sealed class GjkCollider : IDisposable
    {
        private static readonly double Half = Math.Sqrt(0.5);

        private readonly Double3 center;
        private readonly Rotation turn;

        /// <summary>A shape placed in its transform's frame: shifted by
        /// <paramref name="center"/>, turned by <paramref name="turn"/>.</summary>
        public GjkCollider(Shape shape, Double3 center, Rotation turn)
        {
            Shape.CheckLive(shape, "shape");
            Shape = shape;
            this.center = center;
            this.turn = turn;
        }

        /// <summary>The library shape, at the scale the collider was converted at.</summary>
        public Shape Shape { get; private set; }

        /// <summary>The pose of the shape for a transform at <paramref name="position"/> turned
        /// by <paramref name="rotation"/>: position + rotation * center, rotation * turn.</summary>
        public GjkPose PoseAt(Vector3 position, Quaternion rotation)
        {
            Rotation q = rotation;
            Double3 shifted = Rotate(q, center);
            return new GjkPose(
                new Double3(position.x + shifted.X, position.y + shifted.Y, position.z + shifted.Z),
                Multiply(q, turn));
        }

        /// <summary>The pose of the shape for <paramref name="transform"/>'s world position and
        /// rotation.</summary>
        public GjkPose PoseOf(Transform transform)
        {
            return PoseAt(transform.position, transform.rotation);
        }

        /// <summary>Frees the shape.</summary>
        public void Dispose()
        {
            Shape.Dispose();
        }

        /// <summary>Any 3D collider this layer converts (<c>BoxCollider</c>,
        /// <c>SphereCollider</c>, <c>CapsuleCollider</c>, <c>MeshCollider</c>) at its transform's
        /// lossyScale; <see cref="ArgumentException"/> for another kind.</summary>
        public static GjkCollider From(Collider collider)
        {
            if (collider is BoxCollider)
            {
                return From((BoxCollider)collider);
            }
            if (collider is SphereCollider)
            {
                return From((SphereCollider)collider);
            }
            if (collider is CapsuleCollider)
            {
                return From((CapsuleCollider)collider);
            }
            if (collider is MeshCollider)
            {
                return From((MeshCollider)collider);
            }
            throw Unsupported(collider);
        }

        /// <summary>Any 2D collider this layer converts, at its transform's lossyScale: one
        /// shape for a <c>BoxCollider2D</c>, <c>CircleCollider2D</c> or
        /// <c>CapsuleCollider2D</c>, one per path for a <c>PolygonCollider2D</c>;
        /// <see cref="ArgumentException"/> for another kind.</summary>
        public static GjkCollider[] From(Collider2D collider)
        {
            if (collider is PolygonCollider2D)
            {
                return From((PolygonCollider2D)collider);
            }
            if (collider is BoxCollider2D)
            {
                return new[] { From((BoxCollider2D)collider) };
            }
            if (collider is CircleCollider2D)
            {
                return new[] { From((CircleCollider2D)collider) };
            }
            if (collider is CapsuleCollider2D)
            {
                return new[] { From((CapsuleCollider2D)collider) };
            }
            throw Unsupported(collider);
        }

        private static ArgumentException Unsupported(object collider)
        {
            return collider == null
                ? new ArgumentNullException("collider")
                : new ArgumentException(
                    "no shape for a " + collider.GetType().Name, "collider");
        }

        /// <summary>A <c>BoxCollider</c>: its size and center at its transform's
        /// lossyScale.</summary>
        public static GjkCollider From(BoxCollider collider)
        {
            return From(collider, collider.transform.lossyScale);
        }

        /// <summary>A <c>BoxCollider</c> at <paramref name="scale"/>.</summary>
        public static GjkCollider From(BoxCollider collider, Vector3 scale)
        {
            Vector3 size = collider.size;
            return Placed(Shape.Box(Math.Abs(0.5 * size.x * scale.x),
                Math.Abs(0.5 * size.y * scale.y), Math.Abs(0.5 * size.z * scale.z)),
                collider.center, scale, 2);
        }

        /// <summary>A <c>SphereCollider</c>: its radius and center at its transform's
        /// lossyScale (the radius by the largest absolute component, as Unity does).</summary>
        public static GjkCollider From(SphereCollider collider)
        {
            return From(collider, collider.transform.lossyScale);
        }

        /// <summary>A <c>SphereCollider</c> at <paramref name="scale"/>.</summary>
        public static GjkCollider From(SphereCollider collider, Vector3 scale)
        {
            double largest = Math.Max(Math.Abs(scale.x), Math.Max(Math.Abs(scale.y), Math.Abs(scale.z)));
            return Placed(Shape.Sphere(collider.radius * largest), collider.center, scale, 2);
        }

        /// <summary>A <c>CapsuleCollider</c>: its full height along its <c>direction</c> (0: x,
        /// 1: y, 2: z), radius and center at its transform's lossyScale. A height below twice
        /// the radius gives a sphere, as in Unity.</summary>
        public static GjkCollider From(CapsuleCollider collider)
        {
            return From(collider, collider.transform.lossyScale);
        }

        /// <summary>A <c>CapsuleCollider</c> at <paramref name="scale"/>.</summary>
        public static GjkCollider From(CapsuleCollider collider, Vector3 scale)
        {
            int axis = Axis(collider.direction);
            double along = Math.Abs(Component(scale, axis));
            double across = Math.Max(
                Math.Abs(Component(scale, (axis + 1) % 3)), Math.Abs(Component(scale, (axis + 2) % 3)));
            double radius = collider.radius * across;
            double halfLength = Math.Max(0.5 * collider.height * along - radius, 0.0);
            return Placed(Shape.Capsule(halfLength, radius), collider.center, scale, axis);
        }

        /// <summary>A convex <c>MeshCollider</c>: the hull of its mesh's vertices at its
        /// transform's lossyScale.</summary>
        public static GjkCollider From(MeshCollider collider)
        {
            return From(collider, collider.transform.lossyScale);
        }

        /// <summary>A convex <c>MeshCollider</c> at <paramref name="scale"/> (only the convex
        /// hull of the vertices is used: a concave mesh is taken as its hull).</summary>
        public static GjkCollider From(MeshCollider collider, Vector3 scale)
        {
            if (collider.sharedMesh == null)
            {
                throw new ArgumentException("the MeshCollider has no mesh", "collider");
            }
            Vector3[] vertices = collider.sharedMesh.vertices;
            for (int i = 0; i < vertices.Length; i++)
            {
                vertices[i] = new Vector3(
                    vertices[i].x * scale.x, vertices[i].y * scale.y, vertices[i].z * scale.z);
            }
            return Placed(Shape.Polytope(vertices), Vector3.zero, scale, 2);
        }

        /// <summary>A 3D cylinder (a shape Unity has no collider for) of full
        /// <paramref name="height"/> along <paramref name="direction"/> (0: x, 1: y, as Unity's
        /// default capsule, 2: z) and <paramref name="radius"/>, shifted by
        /// <paramref name="center"/>.</summary>
        public static GjkCollider Cylinder(float height, float radius, int direction, Vector3 center)
        {
            int axis = Axis(direction);
            return Placed(Shape.Cylinder(0.5 * height, radius), center, Vector3.one, axis);
        }

        /// <summary>A 3D cone of full <paramref name="height"/> along
        /// <paramref name="direction"/> (0: x, 1: y, 2: z), its apex towards +direction, base
        /// <paramref name="radius"/>, the middle of its axis at <paramref name="center"/>.</summary>
        public static GjkCollider Cone(float height, float radius, int direction, Vector3 center)
        {
            int axis = Axis(direction);
            return Placed(Shape.Cone(0.5 * height, radius), center, Vector3.one, axis);
        }

        /// <summary>A <c>BoxCollider2D</c>: its size and offset at its transform's lossyScale,
        /// rounded by its <c>edgeRadius</c>.</summary>
        public static GjkCollider From(BoxCollider2D collider)
        {
            return From(collider, collider.transform.lossyScale);
        }

        /// <summary>A <c>BoxCollider2D</c> at <paramref name="scale"/>.</summary>
        public static GjkCollider From(BoxCollider2D collider, Vector3 scale)
        {
            Vector2 size = collider.size;
            Shape box = Shape.Rectangle(
                Math.Abs(0.5 * size.x * scale.x), Math.Abs(0.5 * size.y * scale.y));
            if (collider.edgeRadius > 0)
            {
                using (Shape core = box)
                {
                    box = Shape.Rounded(core, collider.edgeRadius * Largest2D(scale));
                }
            }
            return Placed(box, collider.offset, scale, 2);
        }

        /// <summary>A <c>CircleCollider2D</c>: its radius (by the larger absolute x or y
        /// scale, as Unity does) and offset at its transform's lossyScale.</summary>
        public static GjkCollider From(CircleCollider2D collider)
        {
            return From(collider, collider.transform.lossyScale);
        }

        /// <summary>A <c>CircleCollider2D</c> at <paramref name="scale"/>.</summary>
        public static GjkCollider From(CircleCollider2D collider, Vector3 scale)
        {
            return Placed(Shape.Circle(collider.radius * Largest2D(scale)), collider.offset, scale, 2);
        }

        /// <summary>A <c>CapsuleCollider2D</c>: its size (full width and height, the rounded
        /// ends within it) along its <c>direction</c>, and offset at its transform's
        /// lossyScale.</summary>
        public static GjkCollider From(CapsuleCollider2D collider)
        {
            return From(collider, collider.transform.lossyScale);
        }

        /// <summary>A <c>CapsuleCollider2D</c> at <paramref name="scale"/>.</summary>
        public static GjkCollider From(CapsuleCollider2D collider, Vector3 scale)
        {
            double width = Math.Abs(collider.size.x * scale.x);
            double height = Math.Abs(collider.size.y * scale.y);
            bool vertical = collider.direction == CapsuleDirection2D.Vertical;
            double length = vertical ? height : width;
            double radius = 0.5 * (vertical ? width : height);
            Shape stadium = Shape.Stadium(Math.Max(0.5 * length - radius, 0.0), radius);
            // The library's stadium lies along x: a vertical one is turned a quarter about z.
            return Placed(stadium, collider.offset, scale, vertical ? 1 : 0);
        }

        /// <summary>A <c>PolygonCollider2D</c>: one convex polygon per path (the hull of the
        /// path's points at its transform's lossyScale, shifted by its offset).</summary>
        public static GjkCollider[] From(PolygonCollider2D collider)
        {
            return From(collider, collider.transform.lossyScale);
        }

        /// <summary>A <c>PolygonCollider2D</c> at <paramref name="scale"/>.</summary>
        public static GjkCollider[] From(PolygonCollider2D collider, Vector3 scale)
        {
            var polygons = new GjkCollider[collider.pathCount];
            for (int p = 0; p < polygons.Length; p++)
            {
                Vector2[] points = collider.GetPath(p);
                for (int i = 0; i < points.Length; i++)
                {
                    points[i] = new Vector2(points[i].x * scale.x, points[i].y * scale.y);
                }
                polygons[p] = Placed(Shape.Polygon(points), collider.offset, scale, 2);
            }
            return polygons;
        }

        /// <summary><paramref name="shape"/> shifted by <paramref name="center"/> scaled per
        /// axis, its z-axis (2D: x-axis) turned to <paramref name="axis"/>.</summary>
        private static GjkCollider Placed(Shape shape, Vector3 center, Vector3 scale, int axis)
        {
            var shift = new Double3(
                (double)center.x * scale.x, (double)center.y * scale.y, (double)center.z * scale.z);
            Rotation turn;
            if (shape.Dimension == 2)
            {
                // 2D: axis 1 turns the x axis to y (a quarter about z); others stay.
                turn = axis == 1 ? new Rotation(0, 0, Half, Half) : Rotation.Identity;
            }
            else if (axis == 0)
            {
                turn = new Rotation(0, Half, 0, Half); // a quarter about y: z to x
            }
            else if (axis == 1)
            {
                turn = new Rotation(-Half, 0, 0, Half); // a quarter about -x: z to y
            }
            else
            {
                turn = Rotation.Identity;
            }
            return new GjkCollider(shape, shift, turn);
        }

        private static GjkCollider Placed(Shape shape, Vector2 offset, Vector3 scale, int axis)
        {
            return Placed(shape, new Vector3(offset.x, offset.y, 0), scale, axis);
        }

        private static int Axis(int direction)
        {
            if (direction < 0 || direction > 2)
            {
                throw new ArgumentOutOfRangeException(
                    "direction", direction, "the direction is 0 (x), 1 (y) or 2 (z)");
            }
            return direction;
        }

        private static float Component(Vector3 v, int axis)
        {
            return axis == 0 ? v.x : axis == 1 ? v.y : v.z;
        }

        private static double Largest2D(Vector3 scale)
        {
            return Math.Max(Math.Abs(scale.x), Math.Abs(scale.y));
        }

        /// <summary><paramref name="v"/> turned by the unit quaternion <paramref name="q"/>, in
        /// doubles.</summary>
        internal static Double3 Rotate(Rotation q, Double3 v)
        {
            // t = 2 q.xyz x v; v' = v + w t + q.xyz x t.
            double tx = 2 * (q.Y * v.Z - q.Z * v.Y);
            double ty = 2 * (q.Z * v.X - q.X * v.Z);
            double tz = 2 * (q.X * v.Y - q.Y * v.X);
            return new Double3(
                v.X + q.W * tx + (q.Y * tz - q.Z * ty),
                v.Y + q.W * ty + (q.Z * tx - q.X * tz),
                v.Z + q.W * tz + (q.X * ty - q.Y * tx));
        }

        /// <summary>The rotation <paramref name="b"/> then <paramref name="a"/>.</summary>
        internal static Rotation Multiply(Rotation a, Rotation b)
        {
            return new Rotation(
                a.W * b.X + a.X * b.W + a.Y * b.Z - a.Z * b.Y,
                a.W * b.Y - a.X * b.Z + a.Y * b.W + a.Z * b.X,
                a.W * b.Z + a.X * b.Y - a.Y * b.X + a.Z * b.W,
                a.W * b.W - a.X * b.X - a.Y * b.Y - a.Z * b.Z);
        }
    }
}
#endif
