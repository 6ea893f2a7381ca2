// Shapes whose support function is a managed delegate (gjk_support_shape_new).

using System;
using System.Runtime.ExceptionServices;
using System.Runtime.InteropServices;

namespace GjkCollision
{
    /// <summary>A support function: the point of the shape farthest along
    /// <paramref name="direction"/> (not necessarily unit; Z = 0 in 2D), in the shape's local
    /// frame (Z ignored in 2D). Called from several threads at once by batches.</summary>
    public delegate Double3 SupportFunction(Double3 direction);

    public sealed partial class Shape
    {
        /// <summary>A convex shape of <paramref name="dimension"/> 2 or 3 whose support function
        /// is <paramref name="support"/> (see <c>gjk_support_shape_new</c>, whose checks apply:
        /// answers that are not finite or contradict each other raise
        /// <see cref="GjkException"/> naming the support callback). The library keeps the
        /// delegate alive until the last shape holding it is released (a
        /// <see cref="Rounded"/> copy holds it too). An exception it throws fails the call it
        /// happened in and is rethrown from it. Batches holding such a shape run on the calling
        /// thread: the runtime would attach the library's pool threads for the delegate and
        /// wait for them at exit (Mono hung there).</summary>
        public static Shape FromSupport(int dimension, SupportFunction support)
        {
            if (support == null)
            {
                throw new ArgumentNullException("support");
            }
            IntPtr held = GCHandle.ToIntPtr(GCHandle.Alloc(new SupportCallback(support)));
            Shape shape;
            // The library owns `held` from here on: it frees it on failure too.
            shape = Created(
                GjkNative.gjk_support_shape_new(
                    dimension, SupportCallback.Native, held, SupportCallback.NativeFree,
                    out shape),
                shape);
            shape.callsManagedCode = true;
            return shape;
        }

        /// <summary>Whether the shape's support function is a delegate (also rounded).</summary>
        private bool callsManagedCode;

        /// <summary><paramref name="threads"/>, or 1 when a shape of <paramref name="a"/> or
        /// <paramref name="b"/> calls a delegate (see <see cref="FromSupport"/>). Allocates
        /// nothing.</summary>
        internal static uint ThreadsFor(uint threads, Shape[] a, Shape[] b)
        {
            return CallManagedCode(a) || CallManagedCode(b) ? 1 : threads;
        }

        private static bool CallManagedCode(Shape[] shapes)
        {
            foreach (Shape shape in shapes)
            {
                if (shape != null && shape.callsManagedCode)
                {
                    return true;
                }
            }
            return false;
        }
    }

    /// <summary>What the library holds for a <see cref="Shape.FromSupport"/> shape: the
    /// delegate, behind a <see cref="GCHandle"/> that the library frees.</summary>
    internal sealed class SupportCallback
    {
        /// <summary>The native entry points, kept alive for as long as the binding is
        /// loaded.</summary>
        internal static readonly GjkNative.GjkSupportFn Native = Support;
        internal static readonly GjkNative.GjkFreeFn NativeFree = Free;

        /// <summary>The exception a delegate threw on this thread during the current
        /// call.</summary>
        [ThreadStatic]
        private static Exception pending;

        /// <summary>Per thread: the three doubles crossing the boundary.</summary>
        [ThreadStatic]
        private static double[] coordinates;

        private readonly SupportFunction support;

        internal SupportCallback(SupportFunction support)
        {
            this.support = support;
        }

        /// <summary>Throws the exception a delegate threw on this thread during the call that
        /// just failed, as it was thrown; nothing when none did.</summary>
        internal static void RethrowPending()
        {
            Exception thrown = pending;
            pending = null;
            if (thrown != null)
            {
                ExceptionDispatchInfo.Capture(thrown).Throw();
            }
        }

#if UNITY_5_3_OR_NEWER
        [AOT.MonoPInvokeCallback(typeof(GjkNative.GjkSupportFn))]
#endif
        private static void Support(IntPtr userData, IntPtr direction, IntPtr outPoint)
        {
            // No exception may unwind into the library: NaN fails the call instead.
            try
            {
                double[] xyz = coordinates ?? (coordinates = new double[3]);
                Marshal.Copy(direction, xyz, 0, 3);
                var self = (SupportCallback)GCHandle.FromIntPtr(userData).Target;
                Double3 p = self.support(new Double3(xyz[0], xyz[1], xyz[2]));
                xyz[0] = p.X;
                xyz[1] = p.Y;
                xyz[2] = p.Z;
                Marshal.Copy(xyz, 0, outPoint, 3);
            }
            catch (Exception e)
            {
                if (pending == null)
                {
                    pending = e;
                }
                Marshal.WriteInt64(outPoint, BitConverter.DoubleToInt64Bits(double.NaN));
            }
        }

#if UNITY_5_3_OR_NEWER
        [AOT.MonoPInvokeCallback(typeof(GjkNative.GjkFreeFn))]
#endif
        private static void Free(IntPtr userData)
        {
            GCHandle.FromIntPtr(userData).Free();
        }
    }
}
