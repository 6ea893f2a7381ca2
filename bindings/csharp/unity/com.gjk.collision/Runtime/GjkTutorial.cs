// The classic GJK tutorial functions with their classic names and shapes of arguments, for code
// ported from the tutorial, answered by the library (as bindings/cpp/gjk_tutorial.hpp does for
// C++): every function and global of the 2D C++ tutorial's listing, with double[] for its
// double* and IList<double[]> for its vector<double*>, and the 3D tutorial's
// GJKSupportFunction and GJKIntersect over Double3 or Vec3 arrays. Returned arrays are new
// (the garbage collector frees them). Where the tutorial's code is wrong these give the right
// answer; the differences are the ones listed at the top of gjk_tutorial.hpp: touching shapes
// intersect; the points may be in any order (the shapes are the convex hulls of the points
// given); isConvex tests edges, not vertices; calcPointToLineDistance handles vertical lines;
// isEquals compares both coordinates; supportCircle and supportEillpse return the centre for a
// zero direction, and supportEillpse the ellipse's true support point (the farthest point
// along the direction, not the point of parametric angle = the direction's angle);
// calc2DVectorsAngle is never NaN; calcTriangleArea uses the cross product, not Heron's
// formula; isContainOrigin is exact (the library's answer for the closed triangle), not an
// area sum within 1e-7. Misuse raises ArgumentNullException or ArgumentException.

using System;
using System.Collections.Generic;
using System.Globalization;

namespace GjkCollision
{
    /// <summary>The answer of <see cref="Gjk.GJKDistance"/>.</summary>
    public struct GJKResult
    {
        /// <summary>The polygons overlap or touch.</summary>
        public bool collision;
        /// <summary>Their minimum distance; 0 when colliding.</summary>
        public double distance;
        /// <summary>The support-point evaluations the library made (not the classic loop
        /// count; 0 for two polygons of 3 to 8 vertices, answered by an exact kernel).</summary>
        public int iterations;
    }

    public static partial class Gjk
    {
        /// <summary>
        /// Whether the convex hulls of two point lists overlap or touch, as the tutorial's
        /// <c>GJK(poly1, poly2)</c>. Points are <c>double[]</c> of 2 coordinates (polygons) or 3
        /// (polytopes), the same in both lists, in any order.
        /// </summary>
        public static bool GJK(IList<double[]> poly1, IList<double[]> poly2)
        {
            using (Shape a = TutorialShape(poly1, "poly1"))
            using (Shape b = TutorialShape(poly2, "poly2"))
            {
                return Intersect(a, b);
            }
        }

        /// <summary><see cref="GJK"/> with the minimum distance and the iteration
        /// count.</summary>
        public static GJKResult GJKDistance(IList<double[]> poly1, IList<double[]> poly2)
        {
            using (Shape a = TutorialShape(poly1, "poly1"))
            using (Shape b = TutorialShape(poly2, "poly2"))
            {
                GjkDistanceResult r = Distance(a, b);
                return new GJKResult
                {
                    collision = r.Intersecting,
                    distance = r.Distance,
                    iterations = (int)r.Iterations,
                };
            }
        }

        /// <summary>
        /// Whether the 2D vertices of <paramref name="poly"/>, in the order given (either
        /// orientation), form a convex polygon: at least three vertices not all on one line,
        /// every turn in the same direction or straight (never folding back), winding around
        /// once. Repeated consecutive vertices are ignored.
        /// </summary>
        public static bool isConvex(IList<double[]> poly)
        {
            if (TutorialDimension(poly, "poly") != 2)
            {
                throw new ArgumentException("isConvex takes 2D points", "poly");
            }
            // The edges, without the zero-length ones of repeated vertices.
            var edges = new List<double[]>(poly.Count);
            for (int i = 0; i < poly.Count; i++)
            {
                double[] p = poly[i], q = poly[(i + 1) % poly.Count];
                double dx = q[0] - p[0], dy = q[1] - p[1];
                if (dx != 0.0 || dy != 0.0)
                {
                    edges.Add(new[] { dx, dy });
                }
            }
            int turn = 0;
            for (int i = 0; i < edges.Count; i++)
            {
                double[] e = edges[i], f = edges[(i + 1) % edges.Count];
                int side = Math.Sign(e[0] * f[1] - e[1] * f[0]);
                if (side == 0 && e[0] * f[0] + e[1] * f[1] < 0.0)
                {
                    return false;
                }
                if (side != 0 && turn != 0 && side != turn)
                {
                    return false;
                }
                if (side != 0)
                {
                    turn = side;
                }
            }
            // Turning one way only, a polygon that winds around more than once (a star) reverses
            // the sign of the x (and y) component of its edges more than twice.
            return turn != 0 && SignChanges(edges, 0) <= 2 && SignChanges(edges, 1) <= 2;
        }

        /// <summary>How often the sign of component <paramref name="axis"/> changes around the
        /// closed list of edges, zeros skipped.</summary>
        private static int SignChanges(List<double[]> edges, int axis)
        {
            int first = 0, previous = 0, changes = 0;
            foreach (double[] e in edges)
            {
                int sign = Math.Sign(e[axis]);
                if (sign == 0)
                {
                    continue;
                }
                if (first == 0)
                {
                    first = sign;
                }
                else if (sign != previous)
                {
                    changes++;
                }
                previous = sign;
            }
            return previous != first ? changes + 1 : changes;
        }

        /// <summary>The common length (2 or 3) of the points of
        /// <paramref name="points"/>.</summary>
        private static int TutorialDimension(IList<double[]> points, string name)
        {
            if (points == null)
            {
                throw new ArgumentNullException(name);
            }
            if (points.Count == 0)
            {
                throw new ArgumentException("has no points", name);
            }
            int dimension = points[0] == null ? 0 : points[0].Length;
            for (int i = 0; i < points.Count; i++)
            {
                bool valid = points[i] != null && points[i].Length == dimension;
                if (!valid || (dimension != 2 && dimension != 3))
                {
                    throw new ArgumentException(
                        "point " + i + " is not a double[] of 2 or 3 coordinates like point 0",
                        name);
                }
            }
            return dimension;
        }

        /// <summary>The hull of the points of <paramref name="points"/> (the library checks
        /// their values).</summary>
        private static Shape TutorialShape(IList<double[]> points, string name)
        {
            int dimension = TutorialDimension(points, name);
            var flat = new double[points.Count * dimension];
            for (int i = 0; i < points.Count; i++)
            {
                Array.Copy(points[i], 0, flat, i * dimension, dimension);
            }
            return dimension == 2 ? Shape.Polygon(flat) : Shape.Polytope(flat);
        }

        /// <summary>The tutorial's global origin, (0, 0); the functions "to the origin" use
        /// it.</summary>
        public static readonly double[] origin = { 0.0, 0.0 };

        /// <summary>The 2D cross product v1 x v2 (its z component).</summary>
        public static double product(double[] v1, double[] v2)
        {
            Vector(v1, 2, "v1");
            Vector(v2, 2, "v2");
            return v1[0] * v2[1] - v1[1] * v2[0];
        }

        /// <summary>The 2D dot product.</summary>
        public static double dot(double[] v1, double[] v2)
        {
            Vector(v1, 2, "v1");
            Vector(v2, 2, "v2");
            return v1[0] * v2[0] + v1[1] * v2[1];
        }

        /// <summary>The 3D cross product of two vectors of three coordinates.</summary>
        public static double[] product3D(double[] v1, double[] v2)
        {
            Vector(v1, 3, "v1");
            Vector(v2, 3, "v2");
            return new[]
            {
                v1[1] * v2[2] - v1[2] * v2[1],
                v1[2] * v2[0] - v1[0] * v2[2],
                v1[0] * v2[1] - v1[1] * v2[0],
            };
        }

        /// <summary>v1 - v2.</summary>
        public static double[] diff(double[] v1, double[] v2)
        {
            Vector(v1, 2, "v1");
            Vector(v2, 2, "v2");
            return new[] { v1[0] - v2[0], v1[1] - v2[1] };
        }

        /// <summary>v1 + v2.</summary>
        public static double[] sum(double[] v1, double[] v2)
        {
            Vector(v1, 2, "v1");
            Vector(v2, 2, "v2");
            return new[] { v1[0] + v2[0], v1[1] + v2[1] };
        }

        /// <summary>The distance between two points.</summary>
        public static double calcPointToPointDistance(double[] p1, double[] p2)
        {
            Vector(p1, 2, "p1");
            Vector(p2, 2, "p2");
            return Length(p1[0] - p2[0], p1[1] - p2[1]);
        }

        /// <summary>The angle between two vectors in radians, in [0, pi]; 0 when either is
        /// zero.</summary>
        public static double calc2DVectorsAngle(double[] v1, double[] v2)
        {
            Vector(v1, 2, "v1");
            Vector(v2, 2, "v2");
            return Math.Atan2(Math.Abs(v1[0] * v2[1] - v1[1] * v2[0]), v1[0] * v2[0] + v1[1] * v2[1]);
        }

        /// <summary>The vertex of <paramref name="poly"/> farthest along
        /// <paramref name="direction"/> (the first of equals; the first vertex for a zero
        /// direction).</summary>
        public static double[] support(IList<double[]> poly, double[] direction)
        {
            Direction(direction);
            double[] p = Farthest(poly, direction[0], direction[1], "poly");
            return new[] { p[0], p[1] };
        }

        /// <summary>The farthest point along <paramref name="direction"/> of the circle of
        /// radius <paramref name="r"/> around <paramref name="centerPoint"/>; the centre for a
        /// zero direction.</summary>
        public static double[] supportCircle(double[] centerPoint, double r, double[] direction)
        {
            Vector(centerPoint, 2, "centerPoint");
            Direction(direction);
            Size(r, "r");
            double length = Length(direction[0], direction[1]);
            if (length == 0.0)
            {
                return new[] { centerPoint[0], centerPoint[1] };
            }
            return new[]
            {
                centerPoint[0] + r * direction[0] / length,
                centerPoint[1] + r * direction[1] / length,
            };
        }

        /// <summary>The farthest point along <paramref name="direction"/> of the axis-aligned
        /// ellipse around <paramref name="centerPoint"/> with semi-axes <paramref name="a"/>
        /// (x) and <paramref name="b"/> (y), the tutorial's spelling: centre + (a^2 dx, b^2 dy)
        /// / |(a dx, b dy)|; the centre for a zero direction.</summary>
        public static double[] supportEillpse(double[] centerPoint, double a, double b,
            double[] direction)
        {
            Vector(centerPoint, 2, "centerPoint");
            Direction(direction);
            Size(a, "a");
            Size(b, "b");
            double sx = a * direction[0], sy = b * direction[1];
            double length = Length(sx, sy);
            if (length == 0.0)
            {
                return new[] { centerPoint[0], centerPoint[1] };
            }
            return new[] { centerPoint[0] + a * sx / length, centerPoint[1] + b * sy / length };
        }

        /// <summary><see cref="supportEillpse"/>, correctly spelled.</summary>
        public static double[] supportEllipse(double[] centerPoint, double a, double b,
            double[] direction)
        {
            return supportEillpse(centerPoint, a, b, direction);
        }

        /// <summary>The support point of poly1 - poly2 along <paramref name="direction"/>: the
        /// farthest vertex of poly1 along it minus the farthest of poly2 against it.</summary>
        public static double[] getNewVertex(IList<double[]> poly1, IList<double[]> poly2,
            double[] direction)
        {
            Direction(direction);
            double[] p = Farthest(poly1, direction[0], direction[1], "poly1");
            double[] q = Farthest(poly2, -direction[0], -direction[1], "poly2");
            return new[] { p[0] - q[0], p[1] - q[1] };
        }

        /// <summary>The tutorial GJK's first direction, (1, 0).</summary>
        public static double[] getInitDirection()
        {
            return new[] { 1.0, 0.0 };
        }

        /// <summary>Whether A . (origin - B) >= 0.</summary>
        public static bool isCrossingOrigin(double[] A, double[] B)
        {
            Vector(A, 2, "A");
            Vector(B, 2, "B");
            return A[0] * (origin[0] - B[0]) + A[1] * (origin[1] - B[1]) >= 0.0;
        }

        /// <summary>The distance from p0 to the line through p1 and p2 (to p1 when p1 ==
        /// p2); vertical lines are fine.</summary>
        public static double calcPointToLineDistance(double[] p0, double[] p1, double[] p2)
        {
            Vector(p0, 2, "p0");
            Vector(p1, 2, "p1");
            Vector(p2, 2, "p2");
            double ex = p2[0] - p1[0], ey = p2[1] - p1[1];
            double px = p0[0] - p1[0], py = p0[1] - p1[1];
            double length = Length(ex, ey);
            return length == 0.0 ? Length(px, py) : Math.Abs(ex * py - ey * px) / length;
        }

        /// <summary>(AB x AO) x AB with z = 0: the normal of the line AB on the origin's
        /// side, unnormalised, three coordinates; zero when the origin is on the line.</summary>
        public static double[] getLineFaceToOriginVector(double[] A, double[] B)
        {
            Vector(A, 2, "A");
            Vector(B, 2, "B");
            double abx = B[0] - A[0], aby = B[1] - A[1];
            double c = abx * (origin[1] - A[1]) - aby * (origin[0] - A[0]);
            return new[] { -c * aby, c * abx, 0.0 };
        }

        /// <summary>The area of the triangle p1 p2 p3.</summary>
        public static double calcTriangleArea(double[] p1, double[] p2, double[] p3)
        {
            Vector(p1, 2, "p1");
            Vector(p2, 2, "p2");
            Vector(p3, 2, "p3");
            double cross = (p2[0] - p1[0]) * (p3[1] - p1[1]) - (p2[1] - p1[1]) * (p3[0] - p1[0]);
            return Math.Abs(cross) / 2.0;
        }

        /// <summary>Whether the closed triangle p1 p2 p3 (a segment or a point when flat)
        /// contains the origin, answered by the library.</summary>
        public static bool isContainOrigin(double[] p1, double[] p2, double[] p3)
        {
            Vector(p1, 2, "p1");
            Vector(p2, 2, "p2");
            Vector(p3, 2, "p3");
            double[] xy = { p1[0], p1[1], p2[0], p2[1], p3[0], p3[1] };
            using (Shape triangle = Shape.PolygonScanning(xy))
            using (Shape point = Shape.Point2D(origin[0], origin[1]))
            {
                return Intersect(triangle, point);
            }
        }

        /// <summary>Whether both coordinates differ by less than the tutorial's ERROR,
        /// 1e-7.</summary>
        public static bool isEquals(double[] p1, double[] p2)
        {
            Vector(p1, 2, "p1");
            Vector(p2, 2, "p2");
            return Math.Abs(p1[0] - p2[0]) < 0.0000001 && Math.Abs(p1[1] - p2[1]) < 0.0000001;
        }

        /// <summary>Writes the tutorial's heading for iteration <paramref name="epoch"/>, then
        /// "(x,y)" for each vertex, to the console.</summary>
        public static void printSimplex(int epoch, IList<double[]> simplex)
        {
            Console.WriteLine("---------------------------------- 第 " + epoch +
                " 次迭代 , 单纯形的顶点信息 ----------------------------------");
            for (int i = 0; i < simplex.Count; i++)
            {
                Vector(simplex[i], 2, "simplex");
                Console.WriteLine("(" + simplex[i][0].ToString(CultureInfo.InvariantCulture) + "," +
                    simplex[i][1].ToString(CultureInfo.InvariantCulture) + ")");
            }
        }

        /// <summary>Writes why the tutorial's GJK stopped to the console: flag 0, the origin
        /// check failed; 1, the triangle contains the origin; 2, a repeated vertex; any other
        /// flag, only the iteration.</summary>
        public static void printStopInfo(int epoch, int flag)
        {
            Console.Write("第 " + epoch + " 次迭代:");
            switch (flag)
            {
                case 0:
                    Console.WriteLine("过原点检查不通过,提前返回 false");
                    break;
                case 1:
                    Console.WriteLine("三角形包含原点,提前返回 true");
                    break;
                case 2:
                    Console.WriteLine("新顶点重复存在,提前返回 false");
                    break;
            }
        }

        /// <summary>The support point of shape1 - shape2 along <paramref name="direction"/>
        /// (3D tutorial): the farthest of the first <paramref name="shape1VerticesCount"/>
        /// vertices of shape1 along it minus the farthest of shape2's against it, each the first
        /// of equals.</summary>
        public static Double3 GJKSupportFunction(Double3[] shape1Vertices, int shape1VerticesCount,
            Double3[] shape2Vertices, int shape2VerticesCount, Double3 direction)
        {
            if (!Finite(direction))
            {
                throw new ArgumentException("has a coordinate that is not finite", "direction");
            }
            Double3 p = Farthest3(shape1Vertices, shape1VerticesCount, direction, 1.0,
                "shape1Vertices");
            Double3 q = Farthest3(shape2Vertices, shape2VerticesCount, direction, -1.0,
                "shape2Vertices");
            return new Double3(p.X - q.X, p.Y - q.Y, p.Z - q.Z);
        }

        /// <summary><see cref="GJKSupportFunction(Double3[], int, Double3[], int, Double3)"/>
        /// for points of floats.</summary>
        public static Vec3 GJKSupportFunction(Vec3[] shape1Vertices, int shape1VerticesCount,
            Vec3[] shape2Vertices, int shape2VerticesCount, Vec3 direction)
        {
            Double3 w = GJKSupportFunction(Widen(shape1Vertices, "shape1Vertices"),
                shape1VerticesCount, Widen(shape2Vertices, "shape2Vertices"), shape2VerticesCount,
                new Double3(direction.X, direction.Y, direction.Z));
            return new Vec3((float)w.X, (float)w.Y, (float)w.Z);
        }

        /// <summary>Whether the convex hulls of the first <paramref name="shape1VerticesCount"/>
        /// points of shape1 and <paramref name="shape2VerticesCount"/> of shape2 overlap or
        /// touch (3D tutorial), answered by the library.</summary>
        public static bool GJKIntersect(Double3[] shape1Vertices, int shape1VerticesCount,
            Double3[] shape2Vertices, int shape2VerticesCount)
        {
            using (Shape a = Hull(shape1Vertices, shape1VerticesCount, "shape1Vertices"))
            using (Shape b = Hull(shape2Vertices, shape2VerticesCount, "shape2Vertices"))
            {
                return Intersect(a, b);
            }
        }

        /// <summary><see cref="GJKIntersect(Double3[], int, Double3[], int)"/> for points of
        /// floats.</summary>
        public static bool GJKIntersect(Vec3[] shape1Vertices, int shape1VerticesCount,
            Vec3[] shape2Vertices, int shape2VerticesCount)
        {
            return GJKIntersect(Widen(shape1Vertices, "shape1Vertices"), shape1VerticesCount,
                Widen(shape2Vertices, "shape2Vertices"), shape2VerticesCount);
        }

        /// <summary>Checks that <paramref name="v"/> holds at least
        /// <paramref name="length"/> coordinates.</summary>
        private static void Vector(double[] v, int length, string name)
        {
            if (v == null)
            {
                throw new ArgumentNullException(name);
            }
            if (v.Length < length)
            {
                throw new ArgumentException("has " + v.Length + " coordinates, not " + length,
                    name);
            }
        }

        private static void Direction(double[] direction)
        {
            Vector(direction, 2, "direction");
            if (double.IsNaN(direction[0] + direction[1]) ||
                double.IsInfinity(direction[0]) || double.IsInfinity(direction[1]))
            {
                throw new ArgumentException("has a coordinate that is not finite", "direction");
            }
        }

        private static void Size(double value, string name)
        {
            if (!(value >= 0.0) || double.IsInfinity(value))
            {
                throw new ArgumentException(
                    "is " + value.ToString("R", CultureInfo.InvariantCulture) +
                    ", not a finite number >= 0", name);
            }
        }

        private static bool Finite(Double3 v)
        {
            double all = v.X * 0.0 + v.Y * 0.0 + v.Z * 0.0;
            return !double.IsNaN(all);
        }

        /// <summary>sqrt(x^2 + y^2) without overflow.</summary>
        private static double Length(double x, double y)
        {
            double m = Math.Max(Math.Abs(x), Math.Abs(y));
            if (m == 0.0 || double.IsInfinity(m))
            {
                return m;
            }
            x /= m;
            y /= m;
            return m * Math.Sqrt(x * x + y * y);
        }

        /// <summary>The 2D point of <paramref name="poly"/> farthest along (dx, dy), the first
        /// of equals.</summary>
        private static double[] Farthest(IList<double[]> poly, double dx, double dy, string name)
        {
            if (TutorialDimension(poly, name) != 2)
            {
                throw new ArgumentException("takes 2D points", name);
            }
            double[] best = null;
            double bestDot = 0.0;
            for (int i = 0; i < poly.Count; i++)
            {
                double[] p = poly[i];
                if (double.IsNaN(p[0] * 0.0 + p[1] * 0.0))
                {
                    throw new ArgumentException(
                        "point " + i + " has a coordinate that is not finite", name);
                }
                double d = p[0] * dx + p[1] * dy;
                if (best == null || d > bestDot)
                {
                    best = p;
                    bestDot = d;
                }
            }
            return best;
        }

        /// <summary>Checks <paramref name="count"/> against <paramref name="points"/>.</summary>
        private static void Points<T>(T[] points, int count, string name)
        {
            if (points == null)
            {
                throw new ArgumentNullException(name);
            }
            if (count < 1 || count > points.Length)
            {
                throw new ArgumentOutOfRangeException(name,
                    "count " + count + " is not in 1.." + points.Length);
            }
        }

        /// <summary>The point of points[0..count) farthest along sign * direction, the first of
        /// equals.</summary>
        private static Double3 Farthest3(Double3[] points, int count, Double3 direction,
            double sign, string name)
        {
            Points(points, count, name);
            int best = 0;
            double bestDot = 0.0;
            for (int i = 0; i < count; i++)
            {
                Double3 p = points[i];
                if (!Finite(p))
                {
                    throw new ArgumentException(
                        "point " + i + " has a coordinate that is not finite", name);
                }
                double d = sign * (p.X * direction.X + p.Y * direction.Y + p.Z * direction.Z);
                if (i == 0 || d > bestDot)
                {
                    best = i;
                    bestDot = d;
                }
            }
            return points[best];
        }

        private static Double3[] Widen(Vec3[] points, string name)
        {
            if (points == null)
            {
                throw new ArgumentNullException(name);
            }
            var wide = new Double3[points.Length];
            for (int i = 0; i < points.Length; i++)
            {
                wide[i] = new Double3(points[i].X, points[i].Y, points[i].Z);
            }
            return wide;
        }

        /// <summary>The hull of points[0..count) (the library checks their values).</summary>
        private static Shape Hull(Double3[] points, int count, string name)
        {
            Points(points, count, name);
            var xyz = new double[3 * count];
            for (int i = 0; i < count; i++)
            {
                xyz[3 * i] = points[i].X;
                xyz[3 * i + 1] = points[i].Y;
                xyz[3 * i + 2] = points[i].Z;
            }
            return Shape.PolytopeScanning(xyz);
        }
    }
}
