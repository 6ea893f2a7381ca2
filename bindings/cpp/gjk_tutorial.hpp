// gjk_tutorial.hpp: the functions of the classic GJK tutorial code, with their classic names,
// signatures and meanings, backed by the gjk library. A program written against the tutorial
// switches by including this header instead of its copy of the tutorial, deleting that copy
// (and its own `struct Vector3`, if it had one), and linking with -lgjk. C++17.
//
//   bool    GJK(std::vector<double*> poly1, std::vector<double*> poly2)      2D polygons
//   GJKResult GJKDistance(std::vector<double*> poly1, std::vector<double*> poly2)
//   bool    isConvex(std::vector<double*> poly)
//   double* support(std::vector<double*> poly1, std::vector<double*> poly2, double* direction)
//   double* supportCircle(double* center, double radius, double* direction)
//   double* supportEillpse(double* center, double a, double b, double* direction)  (sic)
//   double* supportEllipse(...)                                    the same, spelled correctly
//   double  calcPointToLineDistance(double* point, double* line_a, double* line_b)
//   bool    GJKIntersect(Vector3* shape1, int count1, Vector3* shape2, int count2)   3D
//
// A 2D point is a `double*` to two doubles, x then y. Polygons are lists of such pointers.
//
// What differs from the classic code (all of it on purpose):
// - Shapes are closed sets: shapes that touch (a shared corner, a shared edge) intersect, at
//   distance 0. The classic code reported some touching pairs as apart, e.g. the square
//   (0,0)-(3,3) and the triangle (3,3),(5,3),(3,5).
// - GJK, GJKDistance and GJKIntersect work on the convex hull of the points given: the points
//   may be in any order, repeated, or inside the hull. The classic code silently gave wrong
//   answers for non-convex or badly ordered input; isConvex still tells whether a vertex list
//   is a convex polygon as given.
// - No division by zero: vertical edges, zero-length edges, a zero direction and coincident
//   line points are all handled (see each function).
// - The `double*` returned by support, supportCircle and supportEillpse is NOT to be deleted.
//   The classic code returned `new double[2]` that callers never freed (a leak per call). Here
//   it points into a per-thread ring of 64 two-double slots owned by this header: it stays
//   valid on the calling thread until 64 more support results have been returned on that
//   thread, which covers any GJK loop (it keeps at most 3 simplex points and a direction).
//   A program that added `delete[]` to fix the classic leak must remove it. Copy the two
//   values if you need them longer.
// - Bad input throws gjk::Error (a std::runtime_error, see gjk.hpp) instead of crashing or
//   answering garbage: a NULL point pointer (GJK_NULL_POINTER), a NaN or infinite coordinate,
//   a negative radius or semi-axis, an empty polygon, a negative count (GJK_INVALID_ARGUMENT).
//   When the library rejects the input, the message is the library's (it names the point).
// - GJKDistance reports the library's iteration count (support-point evaluations), which is
//   not the classic loop count.
//
// Thread safety: every function may be called from any number of threads at once.

#ifndef GJK_TUTORIAL_HPP
#define GJK_TUTORIAL_HPP

#include "gjk.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

// A 3D point of the classic 3D tutorial.
struct Vector3 {
  double x, y, z;
};

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

// The polytope with the `count` points at `points`.
inline Shape polytope(const Vector3* points, int count, const char* function,
                      const char* argument) {
  required(points, function, argument);
  if (count <= 0) {
    throw Error(GJK_INVALID_ARGUMENT, std::string(function) + ": " + argument + " has " +
                                          std::to_string(count) + " points");
  }
  std::vector<double>& xyz = scratch();
  for (int i = 0; i < count; ++i) {
    xyz.push_back(points[i].x);
    xyz.push_back(points[i].y);
    xyz.push_back(points[i].z);
  }
  // Made for one query: no edge graph (building it costs ~1 ms from 512 points).
  return build(function, argument, [&] {
    return Shape::polytope_scanning(xyz.data(), static_cast<std::size_t>(count));
  });
}

// The next slot of the calling thread's ring of support results (see the header comment).
inline double* result(double x, double y) {
  constexpr std::size_t slots = 64;
  thread_local std::array<std::array<double, 2>, slots> ring{};
  thread_local std::size_t next = 0;
  std::array<double, 2>& slot = ring[next];
  next = (next + 1) % slots;
  slot = {x, y};
  return slot.data();
}

// The index of the point of `poly` farthest along (dx, dy) (the first of equals).
inline std::size_t farthest(const std::vector<double*>& poly, double dx, double dy,
                            const char* function, const char* argument) {
  if (poly.empty()) {
    throw Error(GJK_INVALID_ARGUMENT, std::string(function) + ": " + argument + " has no points");
  }
  std::size_t best = 0;
  double best_dot = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const double* p = point(poly, i, function, argument);
    double d = p[0] * dx + p[1] * dy;
    if (d > best_dot) {
      best = i;
      best_dot = d;
    }
  }
  return best;
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

}  // namespace tutorial_detail
}  // namespace gjk

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
    double dot = e1x * e2x + e1y * e2y;
    if (cross != 0.0) {
      int side = cross > 0.0 ? 1 : -1;
      if (turn == 0) {
        turn = side;
      } else if (side != turn) {
        return false;
      }
    } else if (dot < 0.0) {
      return false;  // the boundary folds back on itself
    }
    winding += std::atan2(cross, dot);
  }
  // A convex polygon turns by 2 pi in total; a self-crossing one (a star) by 4 pi or more.
  constexpr double pi = 3.14159265358979323846;
  return turn != 0 && std::fabs(winding) < 3.0 * pi;
}

// The support point of the Minkowski difference poly1 - poly2 in `direction`: the farthest
// point of poly1 along it minus the farthest point of poly2 against it. The result is NOT to be
// deleted (see the header comment). A zero direction gives the difference of the first points.
inline double* support(std::vector<double*> poly1, std::vector<double*> poly2,
                       double* direction) {
  using namespace gjk::tutorial_detail;
  check_direction(direction, "support");
  const double* p = poly1[farthest(poly1, direction[0], direction[1], "support", "poly1")];
  const double* q = poly2[farthest(poly2, -direction[0], -direction[1], "support", "poly2")];
  return result(p[0] - q[0], p[1] - q[1]);
}

// The farthest point in `direction` of the circle of `radius` around `center`. The result is
// NOT to be deleted. A zero direction gives the center (the classic code divided by zero).
inline double* supportCircle(double* center, double radius, double* direction) {
  using namespace gjk::tutorial_detail;
  required(center, "supportCircle", "center");
  check_direction(direction, "supportCircle");
  check_size(radius, "supportCircle", "radius");
  double length = std::hypot(direction[0], direction[1]);
  if (length == 0.0) {
    return result(center[0], center[1]);
  }
  return result(center[0] + radius * direction[0] / length,
                center[1] + radius * direction[1] / length);
}

// The farthest point in `direction` of the axis-aligned ellipse around `center` with semi-axis
// `a` along x and `b` along y (the classic spelling). The result is NOT to be deleted. A zero
// direction gives the center.
inline double* supportEillpse(double* center, double a, double b, double* direction) {
  using namespace gjk::tutorial_detail;
  required(center, "supportEillpse", "center");
  check_direction(direction, "supportEillpse");
  check_size(a, "supportEillpse", "a");
  check_size(b, "supportEillpse", "b");
  // The ellipse is the unit circle scaled by (a, b): its support in d is
  // (a^2 dx, b^2 dy) / |(a dx, b dy)|.
  double sx = a * direction[0], sy = b * direction[1];
  double length = std::hypot(sx, sy);
  if (length == 0.0) {
    return result(center[0], center[1]);
  }
  return result(center[0] + a * sx / length, center[1] + b * sy / length);
}

// supportEillpse, correctly spelled.
inline double* supportEllipse(double* center, double a, double b, double* direction) {
  return supportEillpse(center, a, b, direction);
}

// The distance from `point` to the infinite line through `line_a` and `line_b`. Vertical
// lines are fine (the classic slope form divided by zero); when line_a == line_b it is the
// distance to that point.
inline double calcPointToLineDistance(double* point, double* line_a, double* line_b) {
  using namespace gjk::tutorial_detail;
  required(point, "calcPointToLineDistance", "point");
  required(line_a, "calcPointToLineDistance", "line_a");
  required(line_b, "calcPointToLineDistance", "line_b");
  double ex = line_b[0] - line_a[0], ey = line_b[1] - line_a[1];
  double px = point[0] - line_a[0], py = point[1] - line_a[1];
  double length = std::hypot(ex, ey);
  if (length == 0.0) {
    return std::hypot(px, py);
  }
  return std::fabs(ex * py - ey * px) / length;
}

// Whether the 3D convex hulls of shape1[0..count1) and shape2[0..count2) overlap or touch.
inline bool GJKIntersect(Vector3* shape1, int count1, Vector3* shape2, int count2) {
  gjk::Shape a = gjk::tutorial_detail::polytope(shape1, count1, "GJKIntersect", "shape1");
  gjk::Shape b = gjk::tutorial_detail::polytope(shape2, count2, "GJKIntersect", "shape2");
  return gjk::intersect(a, b);
}

#endif  // GJK_TUTORIAL_HPP
