// gjk_tutorial.hpp: a drop-in for the hand-written GJK of the classic tutorials, backed by the
// gjk library. It defines every function and global of the 2D C++ tutorial's listing ("GJK 算法",
// WSKH, 2023-1-21) with the tutorial's names, signatures and meanings, and the 3D tutorial's
// GJKSupportFunction and GJKIntersect for the program's own Vector3 type. A program that copied
// the tutorial switches by deleting the copied definitions, including this header, and linking
// with -lgjk; bindings/cpp/README.md has the recipe and the diff. C++17.
//
// 2D: a point or vector is a `double*` to x then y; a polygon is a std::vector<double*>.
//   double  product(double* v1, double* v2)             2D cross product v1 x v2
//   double  dot(double* v1, double* v2)                 dot product
//   double* product3D(double* v1, double* v2)           3D cross product (3 doubles in, 3 out)
//   double* diff(double* v1, double* v2)                v1 - v2
//   double* sum(double* v1, double* v2)                 v1 + v2
//   double  calcPointToPointDistance(double* p1, double* p2)
//   double  calc2DVectorsAngle(double* v1, double* v2)  the angle between, radians in [0, pi]
//   bool    isConvex(std::vector<double*> poly)
//   double* support(std::vector<double*> poly, double* direction)   farthest vertex
//   double* supportCircle(double* centerPoint, double r, double* direction)
//   double* supportEillpse(double* centerPoint, double a, double b, double* direction)  (sic;
//           supportEllipse is the same, spelled correctly)
//   double* getNewVertex(std::vector<double*> poly1, std::vector<double*> poly2,
//                        double* direction)             support of poly1 - poly2
//   double* getInitDirection()                          (1, 0)
//   bool    isCrossingOrigin(double* A, double* B)      A . (origin - B) >= 0
//   double  calcPointToLineDistance(double* p0, double* p1, double* p2)
//   double* getLineFaceToOriginVector(double* A, double* B)   (AB x AO) x AB, 3 doubles
//   double  calcTriangleArea(double* p1, double* p2, double* p3)
//   bool    isContainOrigin(double* p1, double* p2, double* p3)
//   bool    isEquals(double* p1, double* p2)            both coordinates within ERROR (1e-7)
//   void    printSimplex(int epoch, std::vector<double*> simplex)   to std::cout
//   void    printStopInfo(int epoch, int flag)                       to std::cout
//   bool    GJK(std::vector<double*> poly1, std::vector<double*> poly2)
//   double* origin                                      the global (0, 0)
//   PI, ERROR                                           the tutorial's macros, unless already
//                                                       defined or GJK_TUTORIAL_NO_MACROS is
// Beyond the tutorial: GJKResult GJKDistance(poly1, poly2) (distance and iterations too).
// 3D, for any Vector3 type with members x, y, z (float or double; the program's own struct):
//   Vector3 GJKSupportFunction(Vector3 shape1Vertices[], int shape1VerticesCount,
//                              Vector3 shape2Vertices[], int shape2VerticesCount,
//                              Vector3 direction)      support of shape1 - shape2
//   bool    GJKIntersect(Vector3 shape1Vertices[], int shape1VerticesCount,
//                        Vector3 shape2Vertices[], int shape2VerticesCount)
//
// The answers of GJK, GJKDistance, GJKIntersect and isContainOrigin come from the library
// (gjk_intersect / gjk_distance on the convex hull of the points); the header has no GJK of its
// own.
//
// Returned `double*` are NOT to be deleted. The tutorial returned `new double[]` that no caller
// freed (a leak per call). Here product3D, diff, sum, support, supportCircle, supportEillpse,
// supportEllipse, getNewVertex, getInitDirection and getLineFaceToOriginVector each return the
// next slot of a per-thread ring of 64 slots of three doubles owned by this header: a result
// stays valid on the calling thread until 64 more such results have been returned on that
// thread (no function takes a slot for its own use). That covers any GJK loop, which keeps a
// simplex of three points and a direction. A program that added `delete[]` to fix the
// tutorial's leak must remove it; copy the values to keep them longer.
//
// Where the tutorials' code is wrong, this header gives the right answer. The differences:
// 1. Touching shapes intersect (shapes are closed sets). GJK, GJKIntersect and isContainOrigin
//    say true when the shapes share only a boundary point. The 2D tutorial's own "不重叠测试"
//    (no-overlap test), the square (0,0)-(3,3) against the triangle (3,3), (5,3), (3,5),
//    touches at (3, 3): GJK says true ("重叠").
// 2. isConvex tests the turn between consecutive edges. The tutorial crosses consecutive
//    vertices as vectors from the origin, so it calls its own square (0,0), (3,0), (3,3), (0,3)
//    concave and its main stops with "错误: poly1 为凹多边形".
// 3. calcPointToLineDistance on a vertical line (p1[0] == p2[0]): the tutorial's slope divides
//    by zero (inf/inf, NaN); here it is the distance to the line, and to the point when p1 == p2.
// 4. isEquals is true when both coordinates differ by less than ERROR (1e-7). The tutorial's
//    `abs(p1[0] - p2[0]) < ERROR && abs(p1[1] - p2[1])` is true only when the x coordinates
//    agree and the y coordinates differ, so equal points were "not equal".
// 5. supportCircle and supportEillpse with a zero direction return the centre. The tutorial's
//    angle is acos(0/0), NaN, and so was the point. Every point of the disc (ellipse) is as far
//    along a zero direction as any other; the centre is the one that takes no arbitrary angle.
// 6. supportEillpse returns the ellipse's support point, the point farthest along the
//    direction d: centre + (a^2 dx, b^2 dy) / |(a dx, b dy)|. The tutorial returns the point of
//    parametric angle theta = the angle of d, centre + (a cos theta, b sin theta), which is the
//    farthest point only when d is along an axis (or a == b). For a = 2, b = 1, d = (1, 1) it
//    gives (sqrt 2, sqrt 2 / 2), 3 / sqrt 2 = 2.121 along d, where the ellipse reaches sqrt 5 =
//    2.236 at (4, 1) / sqrt 5; a GJK fed the parametric point underestimates the ellipse and
//    misses overlaps, so the support point is the one GJK needs.
// 7. calc2DVectorsAngle is atan2(|v1 x v2|, v1 . v2): the same angle in [0, pi], radians (the
//    tutorial's comment says degrees; its code, like this, returns radians). The tutorial's
//    acos(v1 . v2 / (|v1| |v2|)) is NaN when rounding pushes the quotient past 1, e.g. for
//    (7, 21) and (14, 42), and not 0 for (1, 3) and itself (2.1e-8); a zero vector gives 0 here
//    (NaN in the tutorial).
// 8. calcTriangleArea is |(p2 - p1) x (p3 - p1)| / 2. The tutorial's Heron formula is NaN for
//    some flat triangles, e.g. (0,0), (1,1), (4,4) (rounding makes the product under the root
//    negative), and loses digits on thin ones.
// 9. isContainOrigin asks the library whether the closed triangle holds the origin. The
//    tutorial compares areas with an absolute tolerance of 1e-7: the triangle (1e-4, 0),
//    (2e-4, 0), (1e-4, 1e-4) "contains" the origin although it is 1e-4 away, and the triangle
//    (-3e5, -1e5), (3e5, -1e5), (0, 2e5) does not although the origin is inside.
// 10. GJK, GJKDistance and GJKIntersect answer for the convex hull of the points, in any order,
//    with repeats or interior points. GJK prints nothing; the tutorial's GJK printed its simplex
//    at every iteration (printSimplex and printStopInfo remain for programs that call them).
// 11. GJKIntersect (3D tutorial) answers from the library. The tutorial's loop returns false as
//    soon as its simplex has four points, before testing the tetrahedron, so it reports most
//    overlapping solids as apart, and its first direction normalize(shape2[0] - shape1[0]) is
//    NaN when those two points coincide.
// 12. GJKSupportFunction compares dot products in double precision starting from -infinity.
//    The tutorial starts from -FLT_MAX in float, so a direction with every dot product below
//    -3.4e38 left its support point uninitialised.
// 13. printSimplex: the tutorial's line for each vertex is lost from the published listing;
//    this prints "(x,y)" per line under the tutorial's heading.
// 14. Bad input throws gjk::Error (a std::runtime_error, see gjk.hpp) instead of crashing or
//    answering garbage: a NULL pointer (GJK_NULL_POINTER); a NaN or infinite coordinate of a
//    polygon, direction or 3D point, a negative radius or semi-axis, an empty polygon, a count
//    below 1 (GJK_INVALID_ARGUMENT). When the library rejects the input, the message is the
//    library's (it names the point). The vector arithmetic (product, dot, diff, ...) takes NaN
//    and infinity as they are, like the tutorial.
// 15. origin points to static storage, not to a `new double[]`.
// 16. GJKDistance (not in the 2D tutorial) reports the library's support-point evaluations as
//    iterations (0 for two polygons of 3 to 8 vertices, answered by an exact kernel).
//
// Thread safety: every function may be called from any number of threads at once; the ring of
// results is per thread. Do not assign to `origin` while other threads use the functions.

#ifndef GJK_TUTORIAL_HPP
#define GJK_TUTORIAL_HPP

#include "gjk.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <iostream>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

// The answer of GJKDistance: what the "airspace" version of the tutorial computes.
struct GJKResult {
  bool collision;   // the polygons overlap or touch
  double distance;  // their minimum distance; 0 when colliding
  int iterations;   // support-point evaluations the library made
};

namespace gjk {
namespace tutorial_detail {

inline std::string describe(const char* function, const char* argument, std::size_t index,
                            const char* problem) {
  return std::string(function) + ": " + argument + "[" + std::to_string(index) + "] " + problem;
}

// The point `poly[index]`, checked: not NULL, finite coordinates.
inline const double* point(const std::vector<double*>& poly, std::size_t index,
                           const char* function, const char* argument) {
  const double* p = poly[index];
  if (p == nullptr) {
    throw Error(GJK_NULL_POINTER, describe(function, argument, index, "is NULL"));
  }
  if (!std::isfinite(p[0]) || !std::isfinite(p[1])) {
    throw Error(GJK_INVALID_ARGUMENT,
                describe(function, argument, index, "has a coordinate that is not finite"));
  }
  return p;
}

inline void required(const void* p, const char* function, const char* argument) {
  if (p == nullptr) {
    throw Error(GJK_NULL_POINTER, std::string(function) + ": " + argument + " is NULL");
  }
}

// Rethrows a library error with the name of the tutorial function and argument in front of the
// library's message.
template <typename Build>
Shape build(const char* function, const char* argument, Build build_shape) {
  try {
    return build_shape();
  } catch (const Error& e) {
    throw Error(e.status(), std::string(function) + ": " + argument + ": " + e.what());
  }
}

// Interleaved coordinates, reused per thread so that repeated calls do not allocate.
inline std::vector<double>& scratch() {
  thread_local std::vector<double> coordinates;
  coordinates.clear();
  return coordinates;
}

// The polygon with the points of `poly` (NULL entries rejected; the library checks the rest).
inline Shape polygon(const std::vector<double*>& poly, const char* function,
                     const char* argument) {
  if (poly.empty()) {
    throw Error(GJK_INVALID_ARGUMENT, std::string(function) + ": " + argument + " has no points");
  }
  std::vector<double>& xy = scratch();
  for (std::size_t i = 0; i < poly.size(); ++i) {
    if (poly[i] == nullptr) {
      throw Error(GJK_NULL_POINTER, describe(function, argument, i, "is NULL"));
    }
    xy.push_back(poly[i][0]);
    xy.push_back(poly[i][1]);
  }
  // Made for one query: no edge graph (building it costs ~0.2 ms from 512 points).
  return build(function, argument,
               [&] { return Shape::polygon_scanning(xy.data(), poly.size()); });
}

// Whether V has members x, y and z (the legacy program's Vector3).
template <typename V, typename = void>
struct has_xyz : std::false_type {};
template <typename V>
struct has_xyz<V, std::void_t<decltype(std::declval<const V&>().x),
                              decltype(std::declval<const V&>().y),
                              decltype(std::declval<const V&>().z)>> : std::true_type {};
template <typename V>
using if_vector3 = std::enable_if_t<has_xyz<V>::value>;

// `points`, checked: not NULL and a count of at least one.
inline void check_points(const void* points, int count, const char* function,
                         const char* argument) {
  required(points, function, argument);
  if (count <= 0) {
    throw Error(GJK_INVALID_ARGUMENT, std::string(function) + ": " + argument + " has " +
                                          std::to_string(count) + " points");
  }
}

// The polytope with the `count` points at `points`, widened to double (exactly).
template <typename V>
Shape polytope(const V* points, int count, const char* function, const char* argument) {
  check_points(points, count, function, argument);
  std::vector<double>& xyz = scratch();
  for (int i = 0; i < count; ++i) {
    xyz.push_back(static_cast<double>(points[i].x));
    xyz.push_back(static_cast<double>(points[i].y));
    xyz.push_back(static_cast<double>(points[i].z));
  }
  // Made for one query: no edge graph (building it costs ~1 ms from 512 points).
  return build(function, argument, [&] {
    return Shape::polytope_scanning(xyz.data(), static_cast<std::size_t>(count));
  });
}

// The next slot of the calling thread's ring of results (see the header comment).
inline double* result(double x, double y, double z = 0.0) {
  constexpr std::size_t slots = 64;
  thread_local std::array<std::array<double, 3>, slots> ring{};
  thread_local std::size_t next = 0;
  std::array<double, 3>& slot = ring[next];
  next = (next + 1) % slots;
  slot = {x, y, z};
  return slot.data();
}

// The point of `poly` farthest along (dx, dy) (the first of equals), checked.
inline const double* farthest(const std::vector<double*>& poly, double dx, double dy,
                              const char* function, const char* argument) {
  if (poly.empty()) {
    throw Error(GJK_INVALID_ARGUMENT, std::string(function) + ": " + argument + " has no points");
  }
  const double* best = nullptr;
  double best_dot = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const double* p = point(poly, i, function, argument);
    double d = p[0] * dx + p[1] * dy;
    if (best == nullptr || d > best_dot) {
      best = p;
      best_dot = d;
    }
  }
  return best;
}

// The point of points[0..count) farthest along `sign` * direction (the first of equals),
// checked: finite coordinates.
template <typename V>
const V& farthest3(const V* points, int count, const V& direction, double sign,
                   const char* function, const char* argument) {
  check_points(points, count, function, argument);
  double dx = sign * static_cast<double>(direction.x);
  double dy = sign * static_cast<double>(direction.y);
  double dz = sign * static_cast<double>(direction.z);
  int best = 0;
  double best_dot = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < count; ++i) {
    double x = static_cast<double>(points[i].x);
    double y = static_cast<double>(points[i].y);
    double z = static_cast<double>(points[i].z);
    if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) {
      throw Error(GJK_INVALID_ARGUMENT, describe(function, argument, static_cast<std::size_t>(i),
                                                 "has a coordinate that is not finite"));
    }
    double d = x * dx + y * dy + z * dz;
    if (i == 0 || d > best_dot) {
      best = i;
      best_dot = d;
    }
  }
  return points[best];
}

inline void check_direction(const double* direction, const char* function) {
  required(direction, function, "direction");
  if (!std::isfinite(direction[0]) || !std::isfinite(direction[1])) {
    throw Error(GJK_INVALID_ARGUMENT,
                std::string(function) + ": direction has a coordinate that is not finite");
  }
}

inline void check_size(double value, const char* function, const char* argument) {
  if (!(value >= 0.0) || !std::isfinite(value)) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", value);
    throw Error(GJK_INVALID_ARGUMENT, std::string(function) + ": " + argument + " is " + text +
                                          ", not a finite number >= 0");
  }
}

// Both arguments checked for NULL.
inline void required2(const void* a, const void* b, const char* function, const char* name_a,
                      const char* name_b) {
  required(a, function, name_a);
  required(b, function, name_b);
}

// The storage of the global `origin`.
inline double origin_xy[2] = {0.0, 0.0};

// The tutorial's ERROR, under a name of our own (the macro may be switched off or redefined).
constexpr double equality_tolerance = 0.0000001;

}  // namespace tutorial_detail
}  // namespace gjk

// The tutorial's macros, for programs that used them.
#ifndef GJK_TUTORIAL_NO_MACROS
#ifndef PI
#define PI 3.14159265358979323846
#endif
#ifndef ERROR
#define ERROR 0.0000001
#endif
#endif

// The origin, (0, 0). The functions "to the origin" below use it, as in the tutorial.
inline double* origin = gjk::tutorial_detail::origin_xy;

// The 2D cross product v1 x v2 (its z component).
inline double product(double* v1, double* v2) {
  gjk::tutorial_detail::required2(v1, v2, "product", "v1", "v2");
  return v1[0] * v2[1] - v1[1] * v2[0];
}

// The 2D dot product.
inline double dot(double* v1, double* v2) {
  gjk::tutorial_detail::required2(v1, v2, "dot", "v1", "v2");
  return v1[0] * v2[0] + v1[1] * v2[1];
}

// The 3D cross product of the three-double vectors v1 and v2: three doubles, not to be deleted.
inline double* product3D(double* v1, double* v2) {
  gjk::tutorial_detail::required2(v1, v2, "product3D", "v1", "v2");
  return gjk::tutorial_detail::result(v1[1] * v2[2] - v1[2] * v2[1],
                                      v1[2] * v2[0] - v1[0] * v2[2],
                                      v1[0] * v2[1] - v1[1] * v2[0]);
}

// v1 - v2, not to be deleted.
inline double* diff(double* v1, double* v2) {
  gjk::tutorial_detail::required2(v1, v2, "diff", "v1", "v2");
  return gjk::tutorial_detail::result(v1[0] - v2[0], v1[1] - v2[1]);
}

// v1 + v2, not to be deleted.
inline double* sum(double* v1, double* v2) {
  gjk::tutorial_detail::required2(v1, v2, "sum", "v1", "v2");
  return gjk::tutorial_detail::result(v1[0] + v2[0], v1[1] + v2[1]);
}

// The distance between two points.
inline double calcPointToPointDistance(double* p1, double* p2) {
  gjk::tutorial_detail::required2(p1, p2, "calcPointToPointDistance", "p1", "p2");
  return std::hypot(p1[0] - p2[0], p1[1] - p2[1]);
}

// The angle between two vectors in radians, in [0, pi]; 0 when either is zero.
inline double calc2DVectorsAngle(double* v1, double* v2) {
  gjk::tutorial_detail::required2(v1, v2, "calc2DVectorsAngle", "v1", "v2");
  return std::atan2(std::fabs(v1[0] * v2[1] - v1[1] * v2[0]), v1[0] * v2[0] + v1[1] * v2[1]);
}

// Whether the 2D polygons poly1 and poly2 overlap or touch (touching counts).
inline bool GJK(std::vector<double*> poly1, std::vector<double*> poly2) {
  gjk::Shape a = gjk::tutorial_detail::polygon(poly1, "GJK", "poly1");
  gjk::Shape b = gjk::tutorial_detail::polygon(poly2, "GJK", "poly2");
  return gjk::intersect(a, b);
}

// GJK with the minimum distance between the polygons and the iteration count.
inline GJKResult GJKDistance(std::vector<double*> poly1, std::vector<double*> poly2) {
  gjk::Shape a = gjk::tutorial_detail::polygon(poly1, "GJKDistance", "poly1");
  gjk::Shape b = gjk::tutorial_detail::polygon(poly2, "GJKDistance", "poly2");
  gjk::DistanceResult r = gjk::distance(a, b);
  return GJKResult{r.intersecting, r.distance, static_cast<int>(r.iterations)};
}

// Whether the vertices of `poly`, in the order given (either orientation), form a convex
// polygon: at least three vertices not all on one line, every turn in the same direction or
// straight, winding around once. Repeated consecutive vertices are ignored.
inline bool isConvex(std::vector<double*> poly) {
  std::vector<const double*> corners;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const double* p = gjk::tutorial_detail::point(poly, i, "isConvex", "poly");
    if (corners.empty() || p[0] != corners.back()[0] || p[1] != corners.back()[1]) {
      corners.push_back(p);
    }
  }
  while (corners.size() > 1 && corners.back()[0] == corners.front()[0] &&
         corners.back()[1] == corners.front()[1]) {
    corners.pop_back();
  }
  const std::size_t n = corners.size();
  if (n < 3) {
    return false;
  }
  int turn = 0;
  double winding = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double* a = corners[i];
    const double* b = corners[(i + 1) % n];
    const double* c = corners[(i + 2) % n];
    double e1x = b[0] - a[0], e1y = b[1] - a[1];
    double e2x = c[0] - b[0], e2y = c[1] - b[1];
    double cross = e1x * e2y - e1y * e2x;
    double inner = e1x * e2x + e1y * e2y;
    if (cross != 0.0) {
      int side = cross > 0.0 ? 1 : -1;
      if (turn == 0) {
        turn = side;
      } else if (side != turn) {
        return false;
      }
    } else if (inner < 0.0) {
      return false;  // the boundary folds back on itself
    }
    winding += std::atan2(cross, inner);
  }
  // A convex polygon turns by 2 pi in total; a self-crossing one (a star) by 4 pi or more.
  constexpr double pi = 3.14159265358979323846;
  return turn != 0 && std::fabs(winding) < 3.0 * pi;
}

// The vertex of `poly` farthest along `direction` (the first of equals; the first vertex for a
// zero direction). Not to be deleted.
inline double* support(std::vector<double*> poly, double* direction) {
  using namespace gjk::tutorial_detail;
  check_direction(direction, "support");
  const double* p = farthest(poly, direction[0], direction[1], "support", "poly");
  return result(p[0], p[1]);
}

// The farthest point in `direction` of the circle of radius `r` around `centerPoint`. Not to
// be deleted. A zero direction gives the centre (the tutorial's was NaN).
inline double* supportCircle(double* centerPoint, double r, double* direction) {
  using namespace gjk::tutorial_detail;
  required(centerPoint, "supportCircle", "centerPoint");
  check_direction(direction, "supportCircle");
  check_size(r, "supportCircle", "radius");
  double length = std::hypot(direction[0], direction[1]);
  if (length == 0.0) {
    return result(centerPoint[0], centerPoint[1]);
  }
  return result(centerPoint[0] + r * direction[0] / length,
                centerPoint[1] + r * direction[1] / length);
}

// The farthest point in `direction` of the axis-aligned ellipse around `centerPoint` with
// semi-axis `a` along x and `b` along y (the tutorial's spelling). Not to be deleted. A zero
// direction gives the centre. See difference 6 in the header comment.
inline double* supportEillpse(double* centerPoint, double a, double b, double* direction) {
  using namespace gjk::tutorial_detail;
  required(centerPoint, "supportEillpse", "centerPoint");
  check_direction(direction, "supportEillpse");
  check_size(a, "supportEillpse", "a");
  check_size(b, "supportEillpse", "b");
  // The ellipse is the unit circle scaled by (a, b): its support in d is
  // (a^2 dx, b^2 dy) / |(a dx, b dy)|.
  double sx = a * direction[0], sy = b * direction[1];
  double length = std::hypot(sx, sy);
  if (length == 0.0) {
    return result(centerPoint[0], centerPoint[1]);
  }
  return result(centerPoint[0] + a * sx / length, centerPoint[1] + b * sy / length);
}

// supportEillpse, correctly spelled.
inline double* supportEllipse(double* centerPoint, double a, double b, double* direction) {
  return supportEillpse(centerPoint, a, b, direction);
}

// The support point of the Minkowski difference poly1 - poly2 in `direction`: the farthest
// vertex of poly1 along it minus the farthest vertex of poly2 against it. Not to be deleted.
inline double* getNewVertex(std::vector<double*> poly1, std::vector<double*> poly2,
                            double* direction) {
  using namespace gjk::tutorial_detail;
  check_direction(direction, "getNewVertex");
  const double* p = farthest(poly1, direction[0], direction[1], "getNewVertex", "poly1");
  const double* q = farthest(poly2, -direction[0], -direction[1], "getNewVertex", "poly2");
  return result(p[0] - q[0], p[1] - q[1]);
}

// The first search direction of the tutorial's GJK, (1, 0). Not to be deleted.
inline double* getInitDirection() { return gjk::tutorial_detail::result(1.0, 0.0); }

// Whether A . (origin - B) >= 0: the new simplex point B lies across the line through the
// origin perpendicular to A (or on it), as the tutorial's GJK checks.
inline bool isCrossingOrigin(double* A, double* B) {
  gjk::tutorial_detail::required2(A, B, "isCrossingOrigin", "A", "B");
  return A[0] * (origin[0] - B[0]) + A[1] * (origin[1] - B[1]) >= 0.0;
}

// The distance from p0 to the infinite line through p1 and p2. Vertical lines are fine (the
// tutorial's slope form divided by zero); when p1 == p2 it is the distance to that point.
inline double calcPointToLineDistance(double* p0, double* p1, double* p2) {
  using namespace gjk::tutorial_detail;
  required(p0, "calcPointToLineDistance", "p0");
  required2(p1, p2, "calcPointToLineDistance", "p1", "p2");
  double ex = p2[0] - p1[0], ey = p2[1] - p1[1];
  double px = p0[0] - p1[0], py = p0[1] - p1[1];
  double length = std::hypot(ex, ey);
  if (length == 0.0) {
    return std::hypot(px, py);
  }
  return std::fabs(ex * py - ey * px) / length;
}

// The normal of the line AB on the origin's side, unnormalised: (AB x AO) x AB with z = 0, that
// is AO |AB|^2 - AB (AB . AO); three doubles, z = 0; zero when the origin is on the line. Not to
// be deleted.
inline double* getLineFaceToOriginVector(double* A, double* B) {
  gjk::tutorial_detail::required2(A, B, "getLineFaceToOriginVector", "A", "B");
  double abx = B[0] - A[0], aby = B[1] - A[1];
  double aox = origin[0] - A[0], aoy = origin[1] - A[1];
  double c = abx * aoy - aby * aox;  // AB x AO = (0, 0, c)
  return gjk::tutorial_detail::result(-c * aby, c * abx, 0.0);
}

// The area of the triangle p1 p2 p3 (0 for a flat one).
inline double calcTriangleArea(double* p1, double* p2, double* p3) {
  using namespace gjk::tutorial_detail;
  required(p1, "calcTriangleArea", "p1");
  required2(p2, p3, "calcTriangleArea", "p2", "p3");
  return std::fabs((p2[0] - p1[0]) * (p3[1] - p1[1]) - (p2[1] - p1[1]) * (p3[0] - p1[0])) / 2.0;
}

// Whether the closed triangle p1 p2 p3 (a segment or a point when flat) contains the origin,
// answered by the library.
inline bool isContainOrigin(double* p1, double* p2, double* p3) {
  using namespace gjk::tutorial_detail;
  required(p1, "isContainOrigin", "p1");
  required2(p2, p3, "isContainOrigin", "p2", "p3");
  double xy[6] = {p1[0], p1[1], p2[0], p2[1], p3[0], p3[1]};
  gjk::Shape triangle = build("isContainOrigin", "triangle",
                              [&] { return gjk::Shape::polygon_scanning(xy, 3); });
  gjk::Shape point = build("isContainOrigin", "origin",
                           [&] { return gjk::Shape::point2d(origin[0], origin[1]); });
  return gjk::intersect(triangle, point);
}

// Whether the points are equal within the tutorial's ERROR, 1e-7, in each coordinate.
inline bool isEquals(double* p1, double* p2) {
  gjk::tutorial_detail::required2(p1, p2, "isEquals", "p1", "p2");
  constexpr double tolerance = gjk::tutorial_detail::equality_tolerance;
  return std::fabs(p1[0] - p2[0]) < tolerance && std::fabs(p1[1] - p2[1]) < tolerance;
}

// Prints the simplex of iteration `epoch` to std::cout: the tutorial's heading, then "(x,y)"
// for each vertex on its own line.
inline void printSimplex(int epoch, std::vector<double*> simplex) {
  std::cout << "---------------------------------- 第 " << epoch
            << " 次迭代 , 单纯形的顶点信息 ----------------------------------" << std::endl;
  for (std::size_t i = 0; i < simplex.size(); ++i) {
    gjk::tutorial_detail::required(simplex[i], "printSimplex", "simplex[i]");
    std::cout << "(" << simplex[i][0] << "," << simplex[i][1] << ")" << std::endl;
  }
}

// Prints why the tutorial's GJK stopped at iteration `epoch` to std::cout: flag 0, the origin
// check failed (false); 1, the triangle contains the origin (true); 2, the new vertex was
// already in the simplex (false); any other flag prints only the iteration.
inline void printStopInfo(int epoch, int flag) {
  std::cout << "第 " << epoch << " 次迭代:";
  switch (flag) {
    case 0:
      std::cout << "过原点检查不通过,提前返回 false" << std::endl;
      break;
    case 1:
      std::cout << "三角形包含原点,提前返回 true" << std::endl;
      break;
    case 2:
      std::cout << "新顶点重复存在,提前返回 false" << std::endl;
      break;
    default:
      break;
  }
}

// The support point of the Minkowski difference shape1 - shape2 in `direction` (3D tutorial):
// the farthest vertex of shape1 along it minus the farthest vertex of shape2 against it, each
// the first of equals; the first vertices for a zero direction. Vector3 is the program's own
// type with members x, y, z; the result is `direction` with x, y, z replaced.
template <typename Vector3, typename = gjk::tutorial_detail::if_vector3<Vector3>>
Vector3 GJKSupportFunction(const Vector3* shape1Vertices, int shape1VerticesCount,
                           const Vector3* shape2Vertices, int shape2VerticesCount,
                           Vector3 direction) {
  using namespace gjk::tutorial_detail;
  const char* name = "GJKSupportFunction";
  if (!std::isfinite(static_cast<double>(direction.x)) ||
      !std::isfinite(static_cast<double>(direction.y)) ||
      !std::isfinite(static_cast<double>(direction.z))) {
    throw gjk::Error(GJK_INVALID_ARGUMENT,
                     std::string(name) + ": direction has a coordinate that is not finite");
  }
  const Vector3& p =
      farthest3(shape1Vertices, shape1VerticesCount, direction, 1.0, name, "shape1Vertices");
  const Vector3& q =
      farthest3(shape2Vertices, shape2VerticesCount, direction, -1.0, name, "shape2Vertices");
  Vector3 w = direction;
  w.x = p.x - q.x;
  w.y = p.y - q.y;
  w.z = p.z - q.z;
  return w;
}

// Whether the convex hulls of shape1Vertices[0..shape1VerticesCount) and
// shape2Vertices[0..shape2VerticesCount) overlap or touch (3D tutorial), answered by the
// library. Vector3 is the program's own type with members x, y, z (float or double).
template <typename Vector3, typename = gjk::tutorial_detail::if_vector3<Vector3>>
bool GJKIntersect(const Vector3* shape1Vertices, int shape1VerticesCount,
                  const Vector3* shape2Vertices, int shape2VerticesCount) {
  using gjk::tutorial_detail::polytope;
  gjk::Shape a = polytope(shape1Vertices, shape1VerticesCount, "GJKIntersect", "shape1");
  gjk::Shape b = polytope(shape2Vertices, shape2VerticesCount, "GJKIntersect", "shape2");
  return gjk::intersect(a, b);
}

#endif  // GJK_TUTORIAL_HPP
