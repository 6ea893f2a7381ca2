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
    /// library's z-axis capsules to the collider's direction). Query it through
    /// <see cref="GjkPhysics"/>, or place it for the <see cref="Gjk"/> calls with
    /// <see cref="ShapeOf"/> and <see cref="PoseOf"/> (or <see cref="ShapeAt"/> and
    /// <see cref="PoseAt"/>): a 2D collider under a transform that flips its plane places its
    /// <see cref="Mirror"/>.
    /// </summary>
    /// <remarks>
    /// The shape is built at the scale given (by default the transform's <c>lossyScale</c> when
    /// the collider is converted): build it again when the scale changes. Scale is applied as
    /// Unity applies it: boxes, rectangles, mesh vertices and polygon points are scaled per axis
    /// (exact under any scale); a sphere's or circle's radius by the largest absolute scale
    /// component; a capsule's radius by the larger absolute scale across its axis and its
    /// height along it; centers and offsets per axis. A 2D collider uses the x and y of the
    /// scale, and a <c>BoxCollider2D</c>'s <c>edgeRadius</c> is scaled as a circle's radius.
    /// A 2D collider is placed as Unity's 2D physics places it: by its transform's turn about z,
    /// mirrored (x to -x in the transform's frame, then the turn) when the rotation flips the xy
    /// plane by 180 degrees about x or y, and mirrored by a negative scale; a rotation that
    /// tilts the plane raises <see cref="ArgumentException"/>. Every entry point checks its
    /// arguments first: <see cref="ArgumentNullException"/> naming a null or destroyed
    /// collider or transform, <see cref="ArgumentException"/> naming an input (scale, size,
    /// center, offset, radius, position, rotation) that is NaN or infinite. Dispose the
    /// collider when done.
    /// </remarks>
    public sealed class GjkCollider : IDisposable
    {
        private static readonly double Half = Math.Sqrt(0.5);

        /// <summary>How far (in squared quaternion components, relative to the squared norm) a 2D
        /// collider's rotation may stray from a turn about z, or from a flip: Unity's float
        /// quaternions carry rounding errors of about 1e-7 per component.</summary>
        private const double Tilt = 1e-10;

        private readonly Double3 center;
        private readonly Rotation turn;
        private readonly bool flat;

        /// <summary>A shape placed in its transform's frame: shifted by
        /// <paramref name="center"/>, turned by <paramref name="turn"/>. A 2D shape made this way
        /// has no mirror image: a transform that flips the xy plane raises
        /// <see cref="ArgumentException"/> (see the constructor that takes one).</summary>
        public GjkCollider(Shape shape, Double3 center, Rotation turn)
            : this(shape, null, center, turn)
        {
        }

        /// <summary>A 2D shape and its <paramref name="mirror"/> image (x to -x in the shape's
        /// own frame; the shape itself when it is symmetric about its y-axis), placed in its
        /// transform's frame: shifted by <paramref name="center"/>, turned about z by
        /// <paramref name="turn"/>. The mirror image is placed when the transform flips the xy
        /// plane (180 degrees about x or y), as Unity's 2D physics mirrors a collider. Disposing
        /// the collider disposes both.</summary>
        public GjkCollider(Shape shape, Shape mirror, Double3 center, Rotation turn)
        {
            Shape.CheckLive(shape, "shape");
            flat = shape.Dimension == 2;
            if (mirror != null)
            {
                Shape.CheckLive(mirror, "mirror");
                if (!flat || mirror.Dimension != 2)
                {
                    throw new ArgumentException("only a 2D shape has a 2D mirror image", "mirror");
                }
            }
            Shape = shape;
            Mirror = mirror;
            this.center = center;
            this.turn = turn;
        }

        /// <summary>The library shape, at the scale the collider was converted at.</summary>
        public Shape Shape { get; private set; }

        /// <summary>The mirror image of a 2D <see cref="Shape"/> (x to -x in its own frame),
        /// placed under a transform that flips the xy plane: the shape itself for a symmetric
        /// one (box, circle, capsule), the mirrored hull for a polygon; null for a 3D shape, or a
        /// 2D shape given without one.</summary>
        public Shape Mirror { get; private set; }

        /// <summary>The shape to place with <see cref="PoseAt"/> for a transform turned by
        /// <paramref name="rotation"/>: <see cref="Mirror"/> for a 2D collider whose rotation
        /// flips the xy plane (180 degrees about x or y), <see cref="Shape"/> otherwise.</summary>
        public Shape ShapeAt(Quaternion rotation)
        {
            GjkPose pose;
            return Place(Vector3.zero, rotation, PoseNames.Separate, out pose);
        }

        /// <summary>The shape to place with <see cref="PoseOf"/> for
        /// <paramref name="transform"/> (see <see cref="ShapeAt"/>).</summary>
        public Shape ShapeOf(Transform transform)
        {
            GjkPose pose;
            return Place(transform, PoseNames.Transform, out pose);
        }

        /// <summary>The pose of <see cref="ShapeAt"/>(<paramref name="rotation"/>) for a
        /// transform at <paramref name="position"/> turned by <paramref name="rotation"/>:
        /// position + rotation * center, rotation * turn. A 2D collider's rotation is read as
        /// Unity's 2D physics reads it: its turn about z, the shape mirrored when it also flips
        /// the xy plane; a rotation that tilts the plane raises
        /// <see cref="ArgumentException"/>.</summary>
        public GjkPose PoseAt(Vector3 position, Quaternion rotation)
        {
            GjkPose pose;
            Place(position, rotation, PoseNames.Separate, out pose);
            return pose;
        }

        /// <summary>The pose of <see cref="ShapeOf"/>(<paramref name="transform"/>) for the
        /// transform's world position and rotation (see <see cref="PoseAt"/>).</summary>
        public GjkPose PoseOf(Transform transform)
        {
            GjkPose pose;
            Place(transform, PoseNames.Transform, out pose);
            return pose;
        }

        /// <summary>Frees the shape and its mirror image.</summary>
        public void Dispose()
        {
            Shape.Dispose();
            if (Mirror != null && !ReferenceEquals(Mirror, Shape))
            {
                Mirror.Dispose();
            }
        }

        /// <summary>The shape to place for <paramref name="transform"/>, and its pose; checks
        /// the transform (null or destroyed) and its position and rotation, named by
        /// <paramref name="names"/>.</summary>
        internal Shape Place(Transform transform, PoseNames names, out GjkPose pose)
        {
            UnityArguments.Require(transform, names.Owner);
            return Place(transform.position, transform.rotation, names, out pose);
        }

        /// <summary>The shape to place for a transform at <paramref name="position"/> turned by
        /// <paramref name="rotation"/>, and its pose; NaN and infinity are reported by the names
        /// of <paramref name="names"/> before any arithmetic.</summary>
        internal Shape Place(Vector3 position, Quaternion rotation, PoseNames names, out GjkPose pose)
        {
            UnityArguments.Finite(position, names.Position);
            UnityArguments.Finite(rotation, names.Rotation);
            Rotation q = rotation;
            Double3 shift = center;
            Rotation shapeTurn = turn;
            Shape placed = Shape;
            if (flat && Flatten(ref q, names.Rotation))
            {
                // q = (turn about z) * (180 degrees about y): the transform's x becomes -x first.
                // Mirrored, the turn about z runs the other way (the conjugate).
                placed = MirrorFor(names.Rotation);
                shift = new Double3(-shift.X, shift.Y, shift.Z);
                shapeTurn = new Rotation(-shapeTurn.X, -shapeTurn.Y, -shapeTurn.Z, shapeTurn.W);
            }
            Double3 shifted = Rotate(q, shift);
            pose = new GjkPose(
                new Double3(position.x + shifted.X, position.y + shifted.Y, position.z + shifted.Z),
                Multiply(q, shapeTurn));
            return placed;
        }

        /// <summary>Reduces <paramref name="q"/> to its turn about z, as Unity's 2D physics reads
        /// a transform; true when it also flips the xy plane, q = (turn about z) * (180 degrees
        /// about y) (180 degrees about x is that with a half turn about z). A rotation that tilts
        /// the plane (any other) raises <see cref="ArgumentException"/> naming
        /// <paramref name="name"/>.</summary>
        private static bool Flatten(ref Rotation q, string name)
        {
            double inPlane = q.X * q.X + q.Y * q.Y;
            double aboutZ = q.Z * q.Z + q.W * q.W;
            double tolerance = Tilt * (inPlane + aboutZ);
            if (inPlane <= tolerance)
            {
                q = new Rotation(0, 0, q.Z, q.W);
                return false;
            }
            if (aboutZ <= tolerance)
            {
                // (0, 0, s, c) * (0, 1, 0, 0) = (-s, c, 0, 0).
                q = new Rotation(0, 0, -q.X, q.Y);
                return true;
            }
            throw new ArgumentException(name + " tilts the xy plane of a 2D collider: it may "
                + "turn about z, and flip the plane by 180 degrees about x or y, only",
                UnityArguments.Parameter(name));
        }

        /// <summary>The mirror image, or <see cref="ArgumentException"/> naming the rotation
        /// <paramref name="name"/> that asks for one when there is none.</summary>
        private Shape MirrorFor(string name)
        {
            if (Mirror == null)
            {
                throw new ArgumentException(name + " flips the xy plane, and this 2D collider has "
                    + "no mirror image (give one to new GjkCollider(shape, mirror, center, turn))",
                    UnityArguments.Parameter(name));
            }
            return Mirror;
        }

        /// <summary>Any 3D collider this layer converts (<c>BoxCollider</c>,
        /// <c>SphereCollider</c>, <c>CapsuleCollider</c>, <c>MeshCollider</c>) at its transform's
        /// lossyScale; <see cref="ArgumentException"/> for another kind.</summary>
        public static GjkCollider From(Collider collider)
        {
            UnityArguments.Require(collider, "collider");
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
            UnityArguments.Require(collider, "collider");
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
            return new ArgumentException("no shape for a " + collider.GetType().Name, "collider");
        }

        /// <summary>The lossyScale of <paramref name="collider"/>'s transform, checked (the
        /// collider for null or destroyed, the scale for NaN and infinity).</summary>
        private static Vector3 LossyScale(Component collider)
        {
            UnityArguments.Require(collider, "collider");
            Vector3 scale = collider.transform.lossyScale;
            UnityArguments.Finite(scale, "collider.transform.lossyScale");
            return scale;
        }

        /// <summary>Checks the arguments common to the overloads that take a scale.</summary>
        private static void CheckScaled(Component collider, Vector3 scale)
        {
            UnityArguments.Require(collider, "collider");
            UnityArguments.Finite(scale, "scale");
        }

        /// <summary>A <c>BoxCollider</c>: its size and center at its transform's
        /// lossyScale.</summary>
        public static GjkCollider From(BoxCollider collider)
        {
            return From(collider, LossyScale(collider));
        }

        /// <summary>A <c>BoxCollider</c> at <paramref name="scale"/>.</summary>
        public static GjkCollider From(BoxCollider collider, Vector3 scale)
        {
            CheckScaled(collider, scale);
            Vector3 size = collider.size, center = collider.center;
            UnityArguments.Finite(size, "collider.size");
            UnityArguments.Finite(center, "collider.center");
            return Placed(Shape.Box(Math.Abs(0.5 * size.x * scale.x),
                Math.Abs(0.5 * size.y * scale.y), Math.Abs(0.5 * size.z * scale.z)),
                null, center, scale, 2);
        }

        /// <summary>A <c>SphereCollider</c>: its radius and center at its transform's
        /// lossyScale (the radius by the largest absolute component, as Unity does).</summary>
        public static GjkCollider From(SphereCollider collider)
        {
            return From(collider, LossyScale(collider));
        }

        /// <summary>A <c>SphereCollider</c> at <paramref name="scale"/>.</summary>
        public static GjkCollider From(SphereCollider collider, Vector3 scale)
        {
            CheckScaled(collider, scale);
            float radius = collider.radius;
            Vector3 center = collider.center;
            UnityArguments.Finite(radius, "collider.radius", null);
            UnityArguments.Finite(center, "collider.center");
            double largest = Math.Max(Math.Abs(scale.x), Math.Max(Math.Abs(scale.y), Math.Abs(scale.z)));
            return Placed(Shape.Sphere(radius * largest), null, center, scale, 2);
        }

        /// <summary>A <c>CapsuleCollider</c>: its full height along its <c>direction</c> (0: x,
        /// 1: y, 2: z), radius and center at its transform's lossyScale. A height below twice
        /// the radius gives a sphere, as in Unity.</summary>
        public static GjkCollider From(CapsuleCollider collider)
        {
            return From(collider, LossyScale(collider));
        }

        /// <summary>A <c>CapsuleCollider</c> at <paramref name="scale"/>.</summary>
        public static GjkCollider From(CapsuleCollider collider, Vector3 scale)
        {
            CheckScaled(collider, scale);
            int axis = Axis(collider.direction);
            float radius = collider.radius, height = collider.height;
            Vector3 center = collider.center;
            UnityArguments.Finite(radius, "collider.radius", null);
            UnityArguments.Finite(height, "collider.height", null);
            UnityArguments.Finite(center, "collider.center");
            double along = Math.Abs(Component(scale, axis));
            double across = Math.Max(
                Math.Abs(Component(scale, (axis + 1) % 3)), Math.Abs(Component(scale, (axis + 2) % 3)));
            double scaledRadius = radius * across;
            double halfLength = Math.Max(0.5 * height * along - scaledRadius, 0.0);
            return Placed(Shape.Capsule(halfLength, scaledRadius), null, center, scale, axis);
        }

        /// <summary>A convex <c>MeshCollider</c>: the hull of its mesh's vertices at its
        /// transform's lossyScale.</summary>
        public static GjkCollider From(MeshCollider collider)
        {
            return From(collider, LossyScale(collider));
        }

        /// <summary>A convex <c>MeshCollider</c> at <paramref name="scale"/> (only the convex
        /// hull of the vertices is used: a concave mesh is taken as its hull).</summary>
        public static GjkCollider From(MeshCollider collider, Vector3 scale)
        {
            CheckScaled(collider, scale);
            Mesh mesh = collider.sharedMesh;
            if (mesh == null)
            {
                throw new ArgumentException(
                    "the MeshCollider has no mesh (or a destroyed one)", "collider");
            }
            Vector3[] vertices = mesh.vertices;
            for (int i = 0; i < vertices.Length; i++)
            {
                vertices[i] = new Vector3(
                    vertices[i].x * scale.x, vertices[i].y * scale.y, vertices[i].z * scale.z);
            }
            return Placed(Shape.Polytope(vertices), null, Vector3.zero, scale, 2);
        }

        /// <summary>A 3D cylinder (a shape Unity has no collider for) of full
        /// <paramref name="height"/> along <paramref name="direction"/> (0: x, 1: y, as Unity's
        /// default capsule, 2: z) and <paramref name="radius"/>, shifted by
        /// <paramref name="center"/>.</summary>
        public static GjkCollider Cylinder(float height, float radius, int direction, Vector3 center)
        {
            int axis = Axis(direction);
            CheckSolid(height, radius, center);
            return Placed(Shape.Cylinder(0.5 * height, radius), null, center, Vector3.one, axis);
        }

        /// <summary>A 3D cone of full <paramref name="height"/> along
        /// <paramref name="direction"/> (0: x, 1: y, 2: z), its apex towards +direction, base
        /// <paramref name="radius"/>, the middle of its axis at <paramref name="center"/>.</summary>
        public static GjkCollider Cone(float height, float radius, int direction, Vector3 center)
        {
            int axis = Axis(direction);
            CheckSolid(height, radius, center);
            return Placed(Shape.Cone(0.5 * height, radius), null, center, Vector3.one, axis);
        }

        /// <summary>Checks the arguments of <see cref="Cylinder"/> and <see cref="Cone"/> for NaN
        /// and infinity.</summary>
        private static void CheckSolid(float height, float radius, Vector3 center)
        {
            UnityArguments.Finite(height, "height", null);
            UnityArguments.Finite(radius, "radius", null);
            UnityArguments.Finite(center, "center");
        }

        /// <summary>A <c>BoxCollider2D</c>: its size and offset at its transform's lossyScale,
        /// rounded by its <c>edgeRadius</c>.</summary>
        public static GjkCollider From(BoxCollider2D collider)
        {
            return From(collider, LossyScale(collider));
        }

        /// <summary>A <c>BoxCollider2D</c> at <paramref name="scale"/>.</summary>
        public static GjkCollider From(BoxCollider2D collider, Vector3 scale)
        {
            CheckScaled(collider, scale);
            Vector2 size = collider.size, offset = collider.offset;
            float edgeRadius = collider.edgeRadius;
            UnityArguments.Finite(size, "collider.size");
            UnityArguments.Finite(offset, "collider.offset");
            UnityArguments.Finite(edgeRadius, "collider.edgeRadius", null);
            Shape box = Shape.Rectangle(
                Math.Abs(0.5 * size.x * scale.x), Math.Abs(0.5 * size.y * scale.y));
            if (edgeRadius > 0)
            {
                using (Shape core = box)
                {
                    box = Shape.Rounded(core, edgeRadius * Largest2D(scale));
                }
            }
            return Placed(box, box, offset, scale, 2);
        }

        /// <summary>A <c>CircleCollider2D</c>: its radius (by the larger absolute x or y
        /// scale, as Unity does) and offset at its transform's lossyScale.</summary>
        public static GjkCollider From(CircleCollider2D collider)
        {
            return From(collider, LossyScale(collider));
        }

        /// <summary>A <c>CircleCollider2D</c> at <paramref name="scale"/>.</summary>
        public static GjkCollider From(CircleCollider2D collider, Vector3 scale)
        {
            CheckScaled(collider, scale);
            float radius = collider.radius;
            Vector2 offset = collider.offset;
            UnityArguments.Finite(radius, "collider.radius", null);
            UnityArguments.Finite(offset, "collider.offset");
            Shape circle = Shape.Circle(radius * Largest2D(scale));
            return Placed(circle, circle, offset, scale, 2);
        }

        /// <summary>A <c>CapsuleCollider2D</c>: its size (full width and height, the rounded
        /// ends within it) along its <c>direction</c>, and offset at its transform's
        /// lossyScale.</summary>
        public static GjkCollider From(CapsuleCollider2D collider)
        {
            return From(collider, LossyScale(collider));
        }

        /// <summary>A <c>CapsuleCollider2D</c> at <paramref name="scale"/>.</summary>
        public static GjkCollider From(CapsuleCollider2D collider, Vector3 scale)
        {
            CheckScaled(collider, scale);
            Vector2 size = collider.size, offset = collider.offset;
            UnityArguments.Finite(size, "collider.size");
            UnityArguments.Finite(offset, "collider.offset");
            double width = Math.Abs(size.x * scale.x);
            double height = Math.Abs(size.y * scale.y);
            bool vertical = collider.direction == CapsuleDirection2D.Vertical;
            double length = vertical ? height : width;
            double radius = 0.5 * (vertical ? width : height);
            Shape stadium = Shape.Stadium(Math.Max(0.5 * length - radius, 0.0), radius);
            // The library's stadium lies along x: a vertical one is turned a quarter about z.
            return Placed(stadium, stadium, offset, scale, vertical ? 1 : 0);
        }

        /// <summary>A <c>PolygonCollider2D</c>: one convex polygon per path (the hull of the
        /// path's points at its transform's lossyScale, shifted by its offset).</summary>
        public static GjkCollider[] From(PolygonCollider2D collider)
        {
            return From(collider, LossyScale(collider));
        }

        /// <summary>A <c>PolygonCollider2D</c> at <paramref name="scale"/>.</summary>
        public static GjkCollider[] From(PolygonCollider2D collider, Vector3 scale)
        {
            CheckScaled(collider, scale);
            Vector2 offset = collider.offset;
            UnityArguments.Finite(offset, "collider.offset");
            var polygons = new GjkCollider[collider.pathCount];
            for (int p = 0; p < polygons.Length; p++)
            {
                polygons[p] = Polygon(collider.GetPath(p), offset, scale);
            }
            return polygons;
        }

        /// <summary>The hull of <paramref name="points"/> (a copy, scaled here in place) at
        /// <paramref name="scale"/>, shifted by <paramref name="offset"/>, with its mirror image
        /// (x to -x).</summary>
        private static GjkCollider Polygon(Vector2[] points, Vector2 offset, Vector3 scale)
        {
            for (int i = 0; i < points.Length; i++)
            {
                points[i] = new Vector2(points[i].x * scale.x, points[i].y * scale.y);
            }
            Shape shape = Shape.Polygon(points);
            for (int i = 0; i < points.Length; i++)
            {
                points[i] = new Vector2(-points[i].x, points[i].y);
            }
            Shape mirror;
            try
            {
                mirror = Shape.Polygon(points);
            }
            catch
            {
                shape.Dispose();
                throw;
            }
            return Placed(shape, mirror, offset, scale, 2);
        }

        /// <summary><paramref name="shape"/> (with its <paramref name="mirror"/> image, 2D only)
        /// shifted by <paramref name="center"/> scaled per axis, its z-axis (2D: x-axis) turned
        /// to <paramref name="axis"/>.</summary>
        private static GjkCollider Placed(
            Shape shape, Shape mirror, Vector3 center, Vector3 scale, int axis)
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
            return new GjkCollider(shape, mirror, shift, turn);
        }

        private static GjkCollider Placed(
            Shape shape, Shape mirror, Vector2 offset, Vector3 scale, int axis)
        {
            return Placed(shape, mirror, new Vector3(offset.x, offset.y, 0), scale, axis);
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
