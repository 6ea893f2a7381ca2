// A stand-in for the UnityEngine types that the binding's Unity layer uses (UnityInterop.cs,
// GjkCollider.cs, GjkPhysics.cs), with Unity's field layouts and members of the same names, so
// that the layer is compiled and run outside Unity. Like Unity, Mesh.vertices and
// PolygonCollider2D.GetPath return copies; a destroyed Object (Object.DestroyImmediate) equals
// null through Object's == and !=; Quaternion.Euler turns about z, then x, then y. Built only
// into the "unity" variant of the test runner, with UNITY_5_3_OR_NEWER defined.

using System;

namespace UnityEngine
{
    public struct Vector2
    {
        public float x;
        public float y;

        public Vector2(float x, float y)
        {
            this.x = x;
            this.y = y;
        }
    }

    public struct Vector3
    {
        public float x;
        public float y;
        public float z;

        public Vector3(float x, float y, float z)
        {
            this.x = x;
            this.y = y;
            this.z = z;
        }

        public static Vector3 zero
        {
            get { return new Vector3(0, 0, 0); }
        }

        public static Vector3 one
        {
            get { return new Vector3(1, 1, 1); }
        }
    }

    public struct Bounds
    {
        public Vector3 min { get; private set; }
        public Vector3 max { get; private set; }

        public void SetMinMax(Vector3 min, Vector3 max)
        {
            this.min = min;
            this.max = max;
        }
    }

    public struct Quaternion
    {
        public float x;
        public float y;
        public float z;
        public float w;

        public Quaternion(float x, float y, float z, float w)
        {
            this.x = x;
            this.y = y;
            this.z = z;
            this.w = w;
        }

        public static Quaternion identity
        {
            get { return new Quaternion(0, 0, 0, 1); }
        }

        /// <summary>As Unity: z degrees about z, then x about x, then y about y.</summary>
        public static Quaternion Euler(float x, float y, float z)
        {
            return About(0, 1, 0, y) * About(1, 0, 0, x) * About(0, 0, 1, z);
        }

        public static Quaternion operator *(Quaternion a, Quaternion b)
        {
            return new Quaternion(
                a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
                a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z);
        }

        // In floats, as Unity: Euler(0, 180, 0) has w = cos(90 degrees in floats) = -4.4e-8.
        private static Quaternion About(float x, float y, float z, float degrees)
        {
            float half = degrees * ((float)Math.PI / 360f);
            float s = (float)Math.Sin(half);
            return new Quaternion(x * s, y * s, z * s, (float)Math.Cos(half));
        }
    }

    public struct Ray
    {
        private Vector3 unit;

        public Ray(Vector3 origin, Vector3 direction)
        {
            this.origin = origin;
            float length = (float)Math.Sqrt(
                direction.x * direction.x + direction.y * direction.y + direction.z * direction.z);
            unit = new Vector3(direction.x / length, direction.y / length, direction.z / length);
        }

        public Vector3 origin { get; set; }

        public Vector3 direction
        {
            get { return unit; }
        }
    }

    public struct Pose
    {
        public Vector3 position;
        public Quaternion rotation;

        public Pose(Vector3 position, Quaternion rotation)
        {
            this.position = position;
            this.rotation = rotation;
        }
    }

    /// <summary>As Unity's: a destroyed object (or null) equals null through == and !=, and
    /// converts to false.</summary>
    public class Object
    {
        private bool destroyed;

        /// <summary>Destroys <paramref name="obj"/> at once: from now on it equals null.</summary>
        public static void DestroyImmediate(Object obj)
        {
            if (!ReferenceEquals(obj, null))
            {
                obj.destroyed = true;
            }
        }

        public static bool operator ==(Object a, Object b)
        {
            bool aNull = Gone(a), bNull = Gone(b);
            return aNull || bNull ? aNull && bNull : ReferenceEquals(a, b);
        }

        public static bool operator !=(Object a, Object b)
        {
            return !(a == b);
        }

        public static implicit operator bool(Object exists)
        {
            return !Gone(exists);
        }

        public override bool Equals(object other)
        {
            return this == other as Object;
        }

        public override int GetHashCode()
        {
            return base.GetHashCode();
        }

        private static bool Gone(Object obj)
        {
            return ReferenceEquals(obj, null) || obj.destroyed;
        }
    }

    public class Component : Object
    {
        private Transform attached;

        // Unity's is read-only; the stub sets it to place a collider.
        public Transform transform
        {
            get { return attached ?? (attached = this as Transform ?? new Transform()); }
            set { attached = value; }
        }
    }

    public class Transform : Component
    {
        public Vector3 position { get; set; }
        public Quaternion rotation { get; set; } = new Quaternion(0, 0, 0, 1);
        public Vector3 lossyScale { get; set; } = new Vector3(1, 1, 1);
    }

    public class Behaviour : Component
    {
        public bool enabled { get; set; } = true;
    }

    // Compiled for the package's samples (Samples~), which the tests build but do not run.
    public class MonoBehaviour : Behaviour
    {
        public T GetComponent<T>()
        {
            return default(T);
        }
    }

    public struct Color
    {
        public float r;
        public float g;
        public float b;
        public float a;

        public static Color red
        {
            get { return new Color { r = 1, a = 1 }; }
        }

        public static Color green
        {
            get { return new Color { g = 1, a = 1 }; }
        }

        public static Color yellow
        {
            get { return new Color { r = 1, g = 0.92f, b = 0.016f, a = 1 }; }
        }
    }

    public static class Gizmos
    {
        public static Color color { get; set; }

        public static void DrawLine(Vector3 from, Vector3 to)
        {
        }

        public static void DrawSphere(Vector3 center, float radius)
        {
        }
    }

    public static class Debug
    {
        public static void Log(object message)
        {
        }

        public static void DrawLine(Vector3 start, Vector3 end, Color color)
        {
        }
    }

    public class Collider : Component
    {
    }

    public class BoxCollider : Collider
    {
        public Vector3 center { get; set; }
        public Vector3 size { get; set; } = new Vector3(1, 1, 1);
    }

    public class SphereCollider : Collider
    {
        public Vector3 center { get; set; }
        public float radius { get; set; } = 0.5f;
    }

    public class CapsuleCollider : Collider
    {
        public Vector3 center { get; set; }
        public float radius { get; set; } = 0.5f;
        public float height { get; set; } = 2;
        public int direction { get; set; } = 1;
    }

    public class Mesh : Object
    {
        private Vector3[] stored = new Vector3[0];

        public Vector3[] vertices
        {
            get { return (Vector3[])stored.Clone(); }
            set { stored = (Vector3[])value.Clone(); }
        }
    }

    public class MeshCollider : Collider
    {
        public Mesh sharedMesh { get; set; }
        public bool convex { get; set; }
    }

    public class Collider2D : Component
    {
        public Vector2 offset { get; set; }
    }

    public class BoxCollider2D : Collider2D
    {
        public Vector2 size { get; set; } = new Vector2(1, 1);
        public float edgeRadius { get; set; }
    }

    public class CircleCollider2D : Collider2D
    {
        public float radius { get; set; } = 0.5f;
    }

    public enum CapsuleDirection2D
    {
        Vertical = 0,
        Horizontal = 1,
    }

    public class CapsuleCollider2D : Collider2D
    {
        public Vector2 size { get; set; } = new Vector2(0.5f, 1);
        public CapsuleDirection2D direction { get; set; }
    }

    public class PolygonCollider2D : Collider2D
    {
        private Vector2[][] paths = new Vector2[0][];

        public int pathCount
        {
            get { return paths.Length; }
            set { Array.Resize(ref paths, value); }
        }

        public Vector2[] GetPath(int index)
        {
            return (Vector2[])paths[index].Clone();
        }

        public void SetPath(int index, Vector2[] points)
        {
            paths[index] = (Vector2[])points.Clone();
        }
    }
}

namespace UnityEngine.Scripting
{
    [AttributeUsage(AttributeTargets.All, Inherited = false)]
    public class PreserveAttribute : Attribute
    {
    }
}

namespace Unity.Collections
{
    // A managed stand-in with the members the binding uses (IsCreated, Length, the indexer);
    // Unity's is a struct over native memory. Built with UNITY_2018_1_OR_NEWER defined.
    public struct NativeArray<T>
    {
        private readonly T[] items;

        public NativeArray(int length)
        {
            items = new T[length];
        }

        /// <summary>False for default(NativeArray), as Unity's.</summary>
        public bool IsCreated
        {
            get { return items != null; }
        }

        public int Length
        {
            get { return items == null ? 0 : items.Length; }
        }

        public T this[int index]
        {
            get { return items[index]; }
            set { items[index] = value; }
        }
    }
}

namespace AOT
{
    /// <summary>Unity's mark of the static methods native code calls back (IL2CPP).</summary>
    [System.AttributeUsage(System.AttributeTargets.Method)]
    public sealed class MonoPInvokeCallbackAttribute : System.Attribute
    {
        public MonoPInvokeCallbackAttribute(System.Type type)
        {
        }
    }
}
