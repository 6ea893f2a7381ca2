// The raw P/Invoke declarations of the C API (include/gjk.h), one for each function, with
// the C names: every [DllImport] of the binding is in this file and nowhere else (the other
// files call GjkNative), and tests/it/bindings.rs checks them against the header: each C
// function declared here, each declaration a C function, with as many parameters, of
// compatible types. They check nothing that the C functions do not check: a count larger than
// the array it describes makes the library read past the array. Prefer the checked layer
// (Shape, Gjk), which is built on these.

using System;
using System.Runtime.InteropServices;

namespace GjkCollision
{
    /// <summary>The status codes of the C API (<c>GjkStatus</c>, an <c>int32_t</c>).</summary>
    public enum GjkStatus : int
    {
        /// <summary>Success (<c>GJK_OK</c>).</summary>
        Ok = 0,
        /// <summary>A required pointer was NULL, such as a null array
        /// (<c>GJK_NULL_POINTER</c>).</summary>
        NullPointer = 1,
        /// <summary>NaN, infinity, a negative size, zero points, a quaternion not of unit norm, a
        /// 2D pose not about z, an option out of range (<c>GJK_INVALID_ARGUMENT</c>).</summary>
        InvalidArgument = 2,
        /// <summary>A 2D shape queried against a 3D shape
        /// (<c>GJK_DIMENSION_MISMATCH</c>).</summary>
        DimensionMismatch = 3,
        /// <summary>The iteration cap was reached; distance results still bracket the true
        /// distance (<c>GJK_NO_CONVERGENCE</c>).</summary>
        NoConvergence = 4,
        /// <summary>A bug in the library (<c>GJK_INTERNAL_ERROR</c>).</summary>
        InternalError = 5,
    }

    /// <summary>
    /// The C API as declared in <c>gjk.h</c>. Pointers to structs are <c>ref</c> parameters (not
    /// <c>in</c>: Mono's mcs compiles <c>in</c> as a copy), so a NULL pose of the C API is
    /// <see cref="GjkPose.Identity"/> here; C <c>bool</c> outputs are bytes (0 or 1); strings are
    /// returned as pointers to static or thread-local UTF-8 text owned by the library, never to
    /// be freed (<see cref="Gjk.Version"/>, <see cref="Gjk.StatusString"/> and
    /// <see cref="GjkException"/> read them).
    /// </summary>
    public static partial class GjkNative
    {
        /// <summary>The native library: <c>gjk</c> (gjk.dll, libgjk.so, libgjk.dylib), or the
        /// executable itself where native code is linked statically (iOS, WebGL).</summary>
#if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR
        public const string Library = "__Internal";
#else
        public const string Library = "gjk";
#endif

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkPose gjk_pose_2d(double x, double y, double angle);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkPose gjk_pose_3d(
            [In] ref Double3 position, [In] ref Rotation rotationXyzw);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkQueryOptions gjk_query_options_default();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_intersect(
            Shape a, [In] ref GjkPose poseA, Shape b, [In] ref GjkPose poseB, out byte result);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_intersect_ex(
            Shape a, [In] ref GjkPose poseA, Shape b, [In] ref GjkPose poseB,
            [In] ref GjkQueryOptions options, out byte result);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_distance(
            Shape a, [In] ref GjkPose poseA, Shape b, [In] ref GjkPose poseB,
            out GjkDistanceResult result);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_distance_ex(
            Shape a, [In] ref GjkPose poseA, Shape b, [In] ref GjkPose poseB,
            [In] ref GjkQueryOptions options, out GjkDistanceResult result);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_penetration(
            Shape a, [In] ref GjkPose poseA, Shape b, [In] ref GjkPose poseB,
            out GjkPenetrationResult result);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_penetration_ex(
            Shape a, [In] ref GjkPose poseA, Shape b, [In] ref GjkPose poseB,
            [In] ref GjkQueryOptions options, out GjkPenetrationResult result);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_contact_manifold(
            Shape a, [In] ref GjkPose poseA, Shape b, [In] ref GjkPose poseB, double margin,
            out GjkManifold result);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_shape_aabb(
            Shape shape, [In] ref GjkPose pose, out Double3 min, out Double3 max);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_signed_distance(
            Shape a, [In] ref GjkPose poseA, Shape b, [In] ref GjkPose poseB, out double result);

        /// <summary><paramref name="xy"/> holds x0, y0, x1, y1, ... (2 * count values).</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_polygon_new(double[] xy, UIntPtr count, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_polygon_new_f32(
            float[] xy, UIntPtr count, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true,
            EntryPoint = "gjk_polygon_new_f32")]
        public static extern GjkStatus gjk_polygon_new_f32(
            Vec2[] points, UIntPtr count, out Shape shape);

        /// <summary><paramref name="xyz"/> holds x0, y0, z0, x1, ... (3 * count values).</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_polytope_new(
            double[] xyz, UIntPtr count, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_polytope_new_f32(
            float[] xyz, UIntPtr count, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true,
            EntryPoint = "gjk_polytope_new_f32")]
        public static extern GjkStatus gjk_polytope_new_f32(
            Vec3[] points, UIntPtr count, out Shape shape);

#if UNITY_5_3_OR_NEWER
        // Unity's Vector2 and Vector3 are two and three floats: read in place.

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true,
            EntryPoint = "gjk_polygon_new_f32")]
        public static extern GjkStatus gjk_polygon_new_f32(
            UnityEngine.Vector2[] points, UIntPtr count, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true,
            EntryPoint = "gjk_polytope_new_f32")]
        public static extern GjkStatus gjk_polytope_new_f32(
            UnityEngine.Vector3[] points, UIntPtr count, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true,
            EntryPoint = "gjk_polytope_new_scanning_f32")]
        public static extern GjkStatus gjk_polytope_new_scanning_f32(
            UnityEngine.Vector3[] points, UIntPtr count, out Shape shape);
#endif

        /// <summary><c>gjk_polygon_new</c> without the hull's edge graph.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_polygon_new_scanning(
            double[] xy, UIntPtr count, out Shape shape);

        /// <summary><c>gjk_polytope_new</c> without the hull's edge graph.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_polytope_new_scanning(
            double[] xyz, UIntPtr count, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_polygon_new_scanning_f32(
            float[] xy, UIntPtr count, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_polytope_new_scanning_f32(
            float[] xyz, UIntPtr count, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_point2d_new(double x, double y, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_point3d_new(
            double x, double y, double z, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_segment2d_new(
            double x0, double y0, double x1, double y1, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_segment3d_new(
            double x0, double y0, double z0, double x1, double y1, double z1, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_circle_new(double radius, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_sphere_new(double radius, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_ellipse_new(double halfX, double halfY, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_ellipsoid_new(
            double halfX, double halfY, double halfZ, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_stadium_new(
            double halfLength, double radius, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_capsule_new(
            double halfLength, double radius, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_cylinder_new(
            double halfHeight, double radius, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_cone_new(
            double halfHeight, double radius, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_rounded_new(
            Shape inner, double radius, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_rectangle_new(
            double halfX, double halfY, out Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_box_new(
            double halfX, double halfY, double halfZ, out Shape shape);

        /// <summary>Frees a raw shape pointer; <see cref="Shape"/> calls it exactly once.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern void gjk_shape_free(IntPtr shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern uint gjk_shape_dimension(Shape shape);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern IntPtr gjk_status_string(GjkStatus status);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern IntPtr gjk_last_error_message();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern IntPtr gjk_version();

        // Shapes given by a managed support function (SupportShape.cs).

        /// <summary><c>GjkSupportFn</c>: reads 3 doubles at <paramref name="direction"/>,
        /// writes 3 at <paramref name="outPoint"/>.</summary>
        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        public delegate void GjkSupportFn(IntPtr userData, IntPtr direction, IntPtr outPoint);

        /// <summary><c>GjkFreeFn</c>.</summary>
        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        public delegate void GjkFreeFn(IntPtr userData);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_support_shape_new(
            int dimension, GjkSupportFn support, IntPtr userData, GjkFreeFn freeUserData,
            out Shape shape);

        // Casts (Cast.cs).

        /// <summary><see cref="gjk_ray_cast_ex"/> with the default options.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_ray_cast(
            Shape shape, [In] ref GjkPose pose, [In] ref Double3 origin,
            [In] ref Double3 direction, double maxT, out GjkRayHit result);

        /// <summary><see cref="gjk_shape_cast_ex"/> with the default options.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_shape_cast(
            Shape a, [In] ref GjkPose poseA, [In] ref Double3 velocityA, Shape b,
            [In] ref GjkPose poseB, [In] ref Double3 velocityB, double maxT,
            double targetSeparation, out GjkShapeCastHit result);

        /// <summary><paramref name="origin"/> and <paramref name="direction"/> are 3 doubles
        /// each.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_ray_cast_ex(
            Shape shape, [In] ref GjkPose pose, [In] ref Double3 origin,
            [In] ref Double3 direction, double maxT, [In] ref GjkQueryOptions options,
            out GjkRayHit result);

        /// <summary>The velocities are 3 doubles each.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_shape_cast_ex(
            Shape a, [In] ref GjkPose poseA, [In] ref Double3 velocityA, Shape b,
            [In] ref GjkPose poseB, [In] ref Double3 velocityB, double maxT,
            double targetSeparation, [In] ref GjkQueryOptions options, out GjkShapeCastHit result);

        // Warm starts (Cache.cs).

        /// <summary>An empty cache, as <c>default(GjkSimplexCache)</c>.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkSimplexCache gjk_simplex_cache_empty();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_distance_cached(
            Shape a, [In] ref GjkPose poseA, Shape b, [In] ref GjkPose poseB,
            [In] ref GjkQueryOptions options, ref GjkSimplexCache cache,
            out GjkDistanceResult result);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_intersect_cached(
            Shape a, [In] ref GjkPose poseA, Shape b, [In] ref GjkPose poseB,
            [In] ref GjkQueryOptions options, ref GjkSimplexCache cache, out byte result);

        // Batches and the pairs within a separation (BatchGjk.cs).

        /// <summary>Shapes are raw handles (<see cref="SafeHandle.DangerousGetHandle"/>, kept
        /// alive by the caller); null pose arrays mean identities; <paramref name="statuses"/>
        /// may be null.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_distance_batch(
            IntPtr[] shapesA, GjkPose[] posesA, IntPtr[] shapesB, GjkPose[] posesB,
            UIntPtr count, [In] ref GjkQueryOptions options, uint threads,
            [Out] GjkDistanceResult[] results, [Out] GjkStatus[] statuses);

        /// <summary>As <see cref="gjk_distance_batch"/>, with the penetration of each
        /// pair.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_penetration_batch(
            IntPtr[] shapesA, GjkPose[] posesA, IntPtr[] shapesB, GjkPose[] posesB,
            UIntPtr count, [In] ref GjkQueryOptions options, uint threads,
            [Out] GjkPenetrationResult[] results, [Out] GjkStatus[] statuses);

        /// <summary>As <see cref="gjk_distance_batch"/>; results are C bools (bytes).</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_intersect_batch(
            IntPtr[] shapesA, GjkPose[] posesA, IntPtr[] shapesB, GjkPose[] posesB,
            UIntPtr count, [In] ref GjkQueryOptions options, uint threads,
            [Out] byte[] results, [Out] GjkStatus[] statuses);

        /// <summary>Writes a new <c>GjkPairList</c> to <paramref name="list"/>; free it with
        /// <see cref="gjk_pair_list_free"/>.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_pairs_within(
            IntPtr[] shapes, GjkPose[] poses, UIntPtr count, double separation,
            [In] ref GjkQueryOptions options, uint threads, out IntPtr list);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern UIntPtr gjk_pair_list_len(IntPtr list);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_pair_list_get(IntPtr list, UIntPtr index, out GjkPair pair);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_pair_list_copy(
            IntPtr list, UIntPtr first, UIntPtr count, [Out] GjkPair[] pairs);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern void gjk_pair_list_free(IntPtr list);

        // The traced distance query (Trace.cs).

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern GjkStatus gjk_distance_trace(
            Shape a, [In] ref GjkPose poseA, Shape b, [In] ref GjkPose poseB,
            [In] ref GjkQueryOptions options, out GjkDistanceResult result,
            [Out] GjkTraceStep[] steps, UIntPtr capacity, out UIntPtr stepCount);
    }
}
