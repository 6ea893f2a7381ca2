// A stand-in for the UnityEngine types that the binding's Unity layer uses (UnityInterop.cs,
// GjkCollider.cs, GjkPhysics.cs), with Unity's field layouts and members of the same names, so
// that the layer is compiled and run outside Unity. Like Unity, Mesh.vertices and
// PolygonCollider2D.GetPath return copies. Built only into the "unity" variant of the test
// runner, with UNITY_5_3_OR_NEWER defined.

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

    public class Transform
    {
        public Vector3 position { get; set; }
        public Quaternion rotation { get; set; } = new Quaternion(0, 0, 0, 1);
        public Vector3 lossyScale { get; set; } = new Vector3(1, 1, 1);
    }

    public class Component
    {
        public Transform transform { get; set; } = new Transform();
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

    public class Mesh
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
    // A managed stand-in with the members the binding uses (Length, the indexer); Unity's is a
    // struct over native memory. Built with UNITY_2018_1_OR_NEWER defined.
    public struct NativeArray<T>
    {
        private readonly T[] items;

        public NativeArray(int length)
        {
            items = new T[length];
        }

        public int Length
        {
            get { return items.Length; }
        }

        public T this[int index]
        {
            get { return items[index]; }
            set { items[index] = value; }
        }
    }
}
