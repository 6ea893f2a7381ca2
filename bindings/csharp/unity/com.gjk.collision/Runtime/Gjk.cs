// The queries, and the library's errors as exceptions.

using System;
using System.Runtime.InteropServices;
using System.Text;

namespace GjkCollision
{
    /// <summary>
    /// Intersection, distance and penetration queries between two shapes, each placed by a
    /// pose. Shapes are closed sets: touching shapes intersect, at distance 0, and the queries
    /// agree (but within rounding of touching, where <c>Intersect</c> is exact and
    /// <c>Distance</c> may report a tiny distance with a lower bound of 0). Queries allocate nothing: the library reads the poses and writes the
    /// results in place. A failed call raises <see cref="GjkException"/>; a query that reaches its
    /// iteration cap raises <see cref="GjkNoConvergenceException{T}"/>, whose <c>Result</c> is
    /// the best answer found (a distance's bounds bracket the truth), and the <c>Try</c> variants
    /// return false with that answer instead: the cap is never silent.
    /// </summary>
    public static partial class Gjk
    {
        /// <summary>Whether <paramref name="a"/> and <paramref name="b"/>, both in their local
        /// frames, overlap or touch.</summary>
        public static bool Intersect(Shape a, Shape b)
        {
            return Intersect(a, GjkPose.Identity, b, GjkPose.Identity);
        }

        /// <summary>Whether <paramref name="a"/> placed by <paramref name="poseA"/> and
        /// <paramref name="b"/> placed by <paramref name="poseB"/> overlap or touch.</summary>
        public static bool Intersect(Shape a, GjkPose poseA, Shape b, GjkPose poseB)
        {
            CheckShapes(a, b);
            byte hit;
            Check(GjkNative.gjk_intersect(a, ref poseA, b, ref poseB, out hit));
            return hit != 0;
        }

        /// <summary><see cref="Intersect(Shape, GjkPose, Shape, GjkPose)"/> with options;
        /// reaching the iteration cap raises <see cref="GjkStatus.NoConvergence"/>, as there is
        /// no answer then.</summary>
        public static bool Intersect(
            Shape a, GjkPose poseA, Shape b, GjkPose poseB, GjkQueryOptions options)
        {
            CheckShapes(a, b);
            byte hit;
            Check(GjkNative.gjk_intersect_ex(a, ref poseA, b, ref poseB, ref options, out hit));
            return hit != 0;
        }

        /// <summary>The distance between <paramref name="a"/> and <paramref name="b"/>, both in
        /// their local frames, with the closest points and the normal.</summary>
        public static GjkDistanceResult Distance(Shape a, Shape b)
        {
            return Distance(a, GjkPose.Identity, b, GjkPose.Identity);
        }

        /// <summary>The distance between <paramref name="a"/> placed by <paramref name="poseA"/>
        /// and <paramref name="b"/> placed by <paramref name="poseB"/>, their closest points, the
        /// unit normal from A to B and a certified lower bound.</summary>
        public static GjkDistanceResult Distance(Shape a, GjkPose poseA, Shape b, GjkPose poseB)
        {
            CheckShapes(a, b);
            GjkDistanceResult result;
            bool converged =
                CheckAnswered(GjkNative.gjk_distance(a, ref poseA, b, ref poseB, out result));
            return Converged(converged, result);
        }

        /// <summary><see cref="Distance(Shape, GjkPose, Shape, GjkPose)"/> with options; the
        /// iteration cap raises <see cref="GjkNoConvergenceException{T}"/> (see
        /// <see cref="TryDistance"/>).</summary>
        public static GjkDistanceResult Distance(
            Shape a, GjkPose poseA, Shape b, GjkPose poseB, GjkQueryOptions options)
        {
            GjkDistanceResult result;
            bool converged = TryDistance(a, poseA, b, poseB, options, out result);
            return Converged(converged, result);
        }

        /// <summary>The distance query with options. Returns false when the iteration cap was
        /// reached first: <paramref name="result"/> then holds the best bounds found
        /// (<c>LowerBound</c> &lt;= true distance &lt;= <c>Distance</c>).</summary>
        public static bool TryDistance(
            Shape a, GjkPose poseA, Shape b, GjkPose poseB, GjkQueryOptions options,
            out GjkDistanceResult result)
        {
            CheckShapes(a, b);
            return CheckAnswered(
                GjkNative.gjk_distance_ex(a, ref poseA, b, ref poseB, ref options, out result));
        }

        /// <summary>The penetration of <paramref name="a"/> and <paramref name="b"/>, both in
        /// their local frames.</summary>
        public static GjkPenetrationResult Penetration(Shape a, Shape b)
        {
            return Penetration(a, GjkPose.Identity, b, GjkPose.Identity);
        }

        /// <summary>How deep <paramref name="a"/> placed by <paramref name="poseA"/> and
        /// <paramref name="b"/> placed by <paramref name="poseB"/> overlap (minus the depth, in
        /// <c>SignedDistance</c>), the direction to move B out of A and the deepest points; their
        /// distance and closest points when apart.</summary>
        public static GjkPenetrationResult Penetration(
            Shape a, GjkPose poseA, Shape b, GjkPose poseB)
        {
            CheckShapes(a, b);
            GjkPenetrationResult result;
            bool converged =
                CheckAnswered(GjkNative.gjk_penetration(a, ref poseA, b, ref poseB, out result));
            return Converged(converged, result);
        }

        /// <summary><see cref="Penetration(Shape, GjkPose, Shape, GjkPose)"/> with options (EPA
        /// has its own budget of <c>MaxIterations</c> after GJK's); the iteration cap raises
        /// <see cref="GjkNoConvergenceException{T}"/> (see <see cref="TryPenetration"/>).</summary>
        public static GjkPenetrationResult Penetration(
            Shape a, GjkPose poseA, Shape b, GjkPose poseB, GjkQueryOptions options)
        {
            GjkPenetrationResult result;
            bool converged = TryPenetration(a, poseA, b, poseB, options, out result);
            return Converged(converged, result);
        }

        /// <summary>The penetration query with options. Returns false when the iteration cap was
        /// reached first: <paramref name="result"/> then holds the best answer found.</summary>
        public static bool TryPenetration(
            Shape a, GjkPose poseA, Shape b, GjkPose poseB, GjkQueryOptions options,
            out GjkPenetrationResult result)
        {
            CheckShapes(a, b);
            return CheckAnswered(
                GjkNative.gjk_penetration_ex(a, ref poseA, b, ref poseB, ref options, out result));
        }

        /// <summary>The contact manifold of <paramref name="a"/> placed by
        /// <paramref name="poseA"/> and <paramref name="b"/> placed by <paramref name="poseB"/>:
        /// the normal from A towards B and up to 2 (2D) or 4 (3D) points where the shapes
        /// overlap or are less than <paramref name="margin"/> apart, each with its point on A
        /// and on B, its separation and a feature id (<c>gjk_contact_manifold</c>). A box
        /// resting on a box gives its 4 corners. Raises <see cref="GjkNoConvergenceException{T}"/>
        /// when the iteration cap is reached (see <see cref="TryContactManifold"/>).</summary>
        public static GjkManifold ContactManifold(
            Shape a, GjkPose poseA, Shape b, GjkPose poseB, double margin)
        {
            GjkManifold result;
            bool converged = TryContactManifold(a, poseA, b, poseB, margin, out result);
            return Converged(converged, result);
        }

        /// <summary>The contact manifold. Returns false when the iteration cap was reached
        /// first: <paramref name="result"/> then holds the manifold around the best normal
        /// found.</summary>
        public static bool TryContactManifold(
            Shape a, GjkPose poseA, Shape b, GjkPose poseB, double margin,
            out GjkManifold result)
        {
            CheckShapes(a, b);
            return CheckAnswered(GjkNative.gjk_contact_manifold(
                a, ref poseA, b, ref poseB, margin, out result));
        }

        /// <summary>The axis-aligned bounding box of <paramref name="shape"/> placed by
        /// <paramref name="pose"/>: on each axis, the coordinates of the shape's support points
        /// along it and against it (<c>gjk_shape_aabb</c>).</summary>
        public static GjkAabb Aabb(Shape shape, GjkPose pose)
        {
            Shape.CheckLive(shape, "shape");
            var box = new GjkAabb();
            Check(GjkNative.gjk_shape_aabb(shape, ref pose, out box.Min, out box.Max));
            return box;
        }

        /// <summary><see cref="SignedDistance(Shape, GjkPose, Shape, GjkPose)"/> of two shapes
        /// in their local frames.</summary>
        public static double SignedDistance(Shape a, Shape b)
        {
            return SignedDistance(a, GjkPose.Identity, b, GjkPose.Identity);
        }

        /// <summary>Minus the penetration depth when the shapes overlap, their distance
        /// otherwise (0 when touching).</summary>
        public static double SignedDistance(Shape a, GjkPose poseA, Shape b, GjkPose poseB)
        {
            CheckShapes(a, b);
            double result;
            Check(GjkNative.gjk_signed_distance(a, ref poseA, b, ref poseB, out result));
            return result;
        }

        /// <summary>The version of the native library, "MAJOR.MINOR.PATCH".</summary>
        public static string Version
        {
            get { return Utf8(GjkNative.gjk_version()); }
        }

        /// <summary>The library's description of a status code.</summary>
        public static string StatusString(GjkStatus status)
        {
            return Utf8(GjkNative.gjk_status_string(status));
        }

        private static void CheckShapes(Shape a, Shape b)
        {
            Shape.CheckLive(a, "a");
            Shape.CheckLive(b, "b");
        }

        private static void Check(GjkStatus status)
        {
            if (status != GjkStatus.Ok)
            {
                SupportCallback.RethrowPending();
                throw GjkException.FromLastError(status);
            }
        }

        /// <summary><paramref name="result"/> of a query that converged; for one that reached
        /// its iteration cap, raises <see cref="GjkNoConvergenceException{T}"/> carrying it (call
        /// it right after the query: the message is the calling thread's last error).</summary>
        internal static T Converged<T>(bool converged, T result)
        {
            if (!converged)
            {
                throw new GjkNoConvergenceException<T>(
                    Utf8(GjkNative.gjk_last_error_message()), result);
            }
            return result;
        }

        /// <summary>For the queries that write an answer on <c>NoConvergence</c> too: whether the
        /// query converged; any other failure raises.</summary>
        private static bool CheckAnswered(GjkStatus status)
        {
            if (status == GjkStatus.NoConvergence)
            {
                return false;
            }
            Check(status);
            return true;
        }

        /// <summary>The NUL-terminated UTF-8 text at <paramref name="text"/>, which the library
        /// owns.</summary>
        internal static string Utf8(IntPtr text)
        {
            int length = 0;
            while (Marshal.ReadByte(text, length) != 0)
            {
                length++;
            }
            byte[] bytes = new byte[length];
            Marshal.Copy(text, bytes, 0, length);
            return Encoding.UTF8.GetString(bytes);
        }
    }

    /// <summary>A failed call of the library: its status and its message, which names the
    /// argument (and the point) at fault. <see cref="Exception.Message"/> is the status
    /// description followed by that message.</summary>
    public class GjkException : Exception
    {
        internal GjkException(GjkStatus status, string libraryMessage)
            : base(libraryMessage.Length == 0
                ? Gjk.StatusString(status)
                : Gjk.StatusString(status) + ": " + libraryMessage)
        {
            Status = status;
            LibraryMessage = libraryMessage;
        }

        /// <summary>The status the library returned.</summary>
        public GjkStatus Status { get; private set; }

        /// <summary>The library's message (<c>gjk_last_error_message</c>), verbatim.</summary>
        public string LibraryMessage { get; private set; }

        /// <summary>An exception for <paramref name="status"/> with the message of the calling
        /// thread's last failed call; call it right after the failing call, before any other
        /// call of the library on this thread.</summary>
        internal static GjkException FromLastError(GjkStatus status)
        {
            return new GjkException(status, Gjk.Utf8(GjkNative.gjk_last_error_message()));
        }
    }

    /// <summary>A query that reached its iteration cap (<see cref="GjkStatus.NoConvergence"/>):
    /// <see cref="Result"/> is the best answer found (a distance's <c>LowerBound</c> and
    /// <c>Distance</c> bracket the truth; a trace's steps up to the cap). At the default cap
    /// every query on valid input converges: this means a cap the caller set, or coordinates
    /// far larger than the shapes' features. The <c>Try</c> variants return false with the
    /// answer instead of raising.</summary>
    public sealed class GjkNoConvergenceException<T> : GjkException
    {
        internal GjkNoConvergenceException(string libraryMessage, T result)
            : base(GjkStatus.NoConvergence, libraryMessage)
        {
            Result = result;
        }

        /// <summary>The best answer found.</summary>
        public T Result { get; private set; }
    }
}
