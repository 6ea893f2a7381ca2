// The argument checks of the Unity layer (GjkCollider, GjkPhysics, the Transform overloads):
// each reference argument for null, destroyed Unity objects included, and each float input for
// NaN and infinity, naming the input, before any arithmetic. Compiled only inside Unity.

#if UNITY_5_3_OR_NEWER
using System;
using UnityEngine;

namespace GjkCollision
{
    /// <summary>Argument checks naming the argument; the messages are built only on
    /// failure, so a passing check allocates nothing.</summary>
    internal static class UnityArguments
    {
        /// <summary>Raises <see cref="ArgumentNullException"/> naming <paramref name="name"/>
        /// when <paramref name="value"/> is null, or is a destroyed Unity object (which
        /// <c>UnityEngine.Object</c>'s <c>==</c> reports as null); the message names the element
        /// <paramref name="index"/> of the array <paramref name="name"/> when it is not
        /// negative.</summary>
        internal static void Require(object value, string name, int index = -1)
        {
            var unity = value as UnityEngine.Object;
            if (ReferenceEquals(unity, null) ? value == null : unity == null)
            {
                string input = index < 0 ? name : name + "[" + index + "]";
                throw new ArgumentNullException(name, ReferenceEquals(value, null)
                    ? input + " is null"
                    : input + " is a destroyed " + value.GetType().Name);
            }
        }

        /// <summary>The parameter that holds the input <paramref name="name"/>: the part of the
        /// name before its first dot ("transformA" for "transformA.rotation").</summary>
        internal static string Parameter(string name)
        {
            int dot = name.IndexOf('.');
            return dot < 0 ? name : name.Substring(0, dot);
        }

        /// <summary>Raises <see cref="ArgumentException"/> when <paramref name="value"/> is NaN
        /// or infinite, naming the input as <paramref name="name"/>, followed by "." and
        /// <paramref name="component"/> when that is not null (the parameter is the part of
        /// <paramref name="name"/> before its first dot).</summary>
        internal static void Finite(float value, string name, string component)
        {
            if (float.IsNaN(value) || float.IsInfinity(value))
            {
                string input = component == null ? name : name + "." + component;
                throw new ArgumentException(
                    input + (float.IsNaN(value) ? " is NaN" : " is infinite"), Parameter(name));
            }
        }

        /// <summary><see cref="Finite(float, string, string)"/> for each component, named
        /// x and y.</summary>
        internal static void Finite(Vector2 value, string name)
        {
            Finite(value.x, name, "x");
            Finite(value.y, name, "y");
        }

        /// <summary><see cref="Finite(float, string, string)"/> for each component, named
        /// x, y and z.</summary>
        internal static void Finite(Vector3 value, string name)
        {
            Finite(value.x, name, "x");
            Finite(value.y, name, "y");
            Finite(value.z, name, "z");
        }

        /// <summary><see cref="Finite(float, string, string)"/> for each component, reported
        /// as the whole rotation.</summary>
        internal static void Finite(Quaternion value, string name)
        {
            Finite(value.x, name, null);
            Finite(value.y, name, null);
            Finite(value.z, name, null);
            Finite(value.w, name, null);
        }
    }

    /// <summary>The names of a pose's inputs in the messages of the argument checks, made once
    /// (a check that passes builds no string).</summary>
    internal sealed class PoseNames
    {
        internal static readonly PoseNames Separate = new PoseNames(null, "position", "rotation");
        internal static readonly PoseNames SeparateA = new PoseNames(null, "positionA", "rotationA");
        internal static readonly PoseNames SeparateB = new PoseNames(null, "positionB", "rotationB");
        internal static readonly PoseNames Transform = Of("transform");
        internal static readonly PoseNames TransformA = Of("transformA");
        internal static readonly PoseNames TransformB = Of("transformB");
        internal static readonly PoseNames TransformsA = Of("transformsA");
        internal static readonly PoseNames TransformsB = Of("transformsB");

        private PoseNames(string owner, string position, string rotation)
        {
            Owner = owner;
            Position = position;
            Rotation = rotation;
        }

        /// <summary>The transform parameter (null for a position and a rotation given
        /// apart).</summary>
        internal string Owner { get; private set; }

        /// <summary>The position's name: "positionA", "transformA.position", ...</summary>
        internal string Position { get; private set; }

        /// <summary>The rotation's name: "rotationA", "transformA.rotation", ...</summary>
        internal string Rotation { get; private set; }

        private static PoseNames Of(string transform)
        {
            return new PoseNames(transform, transform + ".position", transform + ".rotation");
        }
    }
}
#endif
