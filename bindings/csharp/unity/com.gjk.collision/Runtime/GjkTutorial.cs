// The classic GJK tutorial functions with their classic names and shapes of arguments, for code
// ported from the tutorial, answered by the library (as bindings/cpp/gjk_tutorial.hpp does for
// C++). Unlike the classic code, touching shapes intersect, and the answer does not depend on
// the order of the vertices: the shapes are the convex hulls of the points given.

using System;
using System.Collections.Generic;

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
        /// count).</summary>
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
    }
}
