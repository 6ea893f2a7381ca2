// Tests of bindings/cpp/gjk_tutorial.hpp, the classic tutorial API backed by the library: the
// tutorial's own scenarios, touching shapes, vertical edges, circles and ellipses, 3D hulls,
// the lifetime of support results, errors, and concurrent use. Run by tests/cpp_programs.rs
// under valgrind (which also shows that nothing leaks).
#include "gjk_tutorial.hpp"

#include "check.hpp"

#include <atomic>
#include <cmath>
#include <thread>
#include <vector>

static const double tight = 1e-12;

// A polygon in the classic form: pointers to the (x, y) pairs of `xy`.
static std::vector<double*> poly(std::vector<double>& xy) {
  std::vector<double*> points;
  for (std::size_t i = 0; i + 1 < xy.size(); i += 2) {
    points.push_back(&xy[i]);
  }
  return points;
}

// The classic tutorial's scenario: two overlapping squares and a triangle touching a corner.
static void test_classic_scenario() {
  std::vector<double> square1_xy = {0, 0, 3, 0, 3, 3, 0, 3};
  std::vector<double> square2_xy = {2, 2, 5, 2, 5, 5, 2, 5};
  std::vector<double> triangle_xy = {3, 3, 5, 3, 3, 5};
  std::vector<double> moved_xy = {5, 4, 7, 4, 5, 6};  // the triangle moved by (2, 1)
  std::vector<double*> square1 = poly(square1_xy), square2 = poly(square2_xy);
  std::vector<double*> triangle = poly(triangle_xy), moved = poly(moved_xy);

  CHECK(GJK(square1, square2));
  CHECK(GJK(square2, square1));
  CHECK(GJK(square1, triangle));  // touching at (3, 3): the classic code said "no collision"
  CHECK(GJK(triangle, square1));
  CHECK(GJK(square2, triangle));
  CHECK(!GJK(square1, moved));

  GJKResult overlap = GJKDistance(square1, square2);
  CHECK(overlap.collision);
  CHECK(overlap.distance == 0.0);
  GJKResult touch = GJKDistance(square1, triangle);
  CHECK(touch.collision);
  CHECK(touch.distance == 0.0);
  GJKResult apart = GJKDistance(square1, moved);
  CHECK(!apart.collision);
  CHECK_NEAR(apart.distance, std::sqrt(5.0), tight);
  CHECK(apart.iterations > 0);

  CHECK(isConvex(square1));
  CHECK(isConvex(square2));
  CHECK(isConvex(triangle));
}

// Vertical edges (where the classic slope arithmetic divided by zero), shared edges, and
// input that is not an ordered convex polygon.
static void test_edges_and_order() {
  std::vector<double> left_xy = {0, 0, 1, 0, 1, 1, 0, 1};
  std::vector<double> right_xy = {1, 0, 2, 0, 2, 1, 1, 1};  // shares the vertical edge x = 1
  std::vector<double> far_xy = {1.5, 0, 2.5, 0, 2.5, 1, 1.5, 1};
  std::vector<double> tall_xy = {4, -10, 4, 10, 4.5, 0};  // a vertical edge at x = 4
  std::vector<double*> left = poly(left_xy), right = poly(right_xy), far = poly(far_xy);
  std::vector<double*> tall = poly(tall_xy);
  CHECK(GJK(left, right));
  CHECK(GJKDistance(left, right).distance == 0.0);
  CHECK(!GJK(left, far));
  CHECK_NEAR(GJKDistance(left, far).distance, 0.5, tight);
  CHECK(!GJK(left, tall));
  CHECK_NEAR(GJKDistance(tall, left).distance, 3.0, tight);

  // The square given in a scrambled order with a repeated and an interior point: its hull.
  std::vector<double> scrambled_xy = {3, 3, 0, 0, 1, 2, 0, 3, 3, 0, 0, 0};
  std::vector<double*> scrambled = poly(scrambled_xy);
  std::vector<double> triangle_xy = {3, 3, 5, 3, 3, 5};
  std::vector<double*> triangle = poly(triangle_xy);
  CHECK(!isConvex(scrambled));
  CHECK(GJK(scrambled, triangle));
  CHECK(GJKDistance(scrambled, triangle).distance == 0.0);

  // Single points and segments are polygons too.
  std::vector<double> point_xy = {1.5, 1.5};
  std::vector<double> segment_xy = {5, 0, 5, 9};
  std::vector<double*> point = poly(point_xy), segment = poly(segment_xy);
  CHECK(GJK(scrambled, point));
  CHECK_NEAR(GJKDistance(scrambled, segment).distance, 2.0, tight);
}

static void test_is_convex() {
  std::vector<double> ccw = {0, 0, 3, 0, 3, 3, 0, 3};
  std::vector<double> cw = {0, 0, 0, 3, 3, 3, 3, 0};
  std::vector<double> straight = {0, 0, 1.5, 0, 3, 0, 3, 3, 0, 3};  // a 180-degree vertex
  std::vector<double> repeated = {0, 0, 3, 0, 3, 0, 3, 3, 0, 3, 0, 0};
  std::vector<double> arrow = {0, 0, 4, 2, 0, 4, 1, 2};  // concave at (1, 2)
  std::vector<double> star = {0, 3, 2, -3, -3, 1, 3, 1, -2, -3};  // a pentagram
  std::vector<double> bowtie = {0, 0, 2, 2, 2, 0, 0, 2};
  std::vector<double> line = {0, 0, 1, 1, 2, 2};
  std::vector<double> two = {0, 0, 1, 0};
  std::vector<double> spike = {0, 0, 2, 0, 1, 0, 1, 1};  // folds back along its first edge
  std::vector<double> vertical = {0, 0, 0, 5, -1, 2};
  CHECK(isConvex(poly(ccw)));
  CHECK(isConvex(poly(cw)));
  CHECK(isConvex(poly(straight)));
  CHECK(isConvex(poly(repeated)));
  CHECK(isConvex(poly(vertical)));
  CHECK(!isConvex(poly(arrow)));
  CHECK(!isConvex(poly(star)));
  CHECK(!isConvex(poly(bowtie)));
  CHECK(!isConvex(poly(line)));
  CHECK(!isConvex(poly(two)));
  CHECK(!isConvex(poly(spike)));
  CHECK(!isConvex({}));
}

static void test_support() {
  std::vector<double> square1_xy = {0, 0, 3, 0, 3, 3, 0, 3};
  std::vector<double> square2_xy = {2, 2, 5, 2, 5, 5, 2, 5};
  std::vector<double*> square1 = poly(square1_xy), square2 = poly(square2_xy);
  double diagonal[2] = {1, 1};
  double down_left[2] = {-1, -1};
  // Farthest of square1 along (1, 1) is (3, 3); farthest of square2 along (-1, -1) is (2, 2).
  double* s = support(square1, square2, diagonal);
  CHECK(s[0] == 1.0 && s[1] == 1.0);
  // Farthest of square1 along (-1, -1) is (0, 0); of square2 along (1, 1) is (5, 5).
  double* t = support(square1, square2, down_left);
  CHECK(t[0] == -5.0 && t[1] == -5.0);
  CHECK(s[0] == 1.0 && s[1] == 1.0);  // still valid: results do not share storage

  // A result stays valid while fewer than 64 others are returned on the thread.
  double right[2] = {1, 0};
  double center[2] = {1, 1};
  for (int i = 0; i < 62; ++i) {
    supportCircle(center, 1.0, right);
  }
  CHECK(s[0] == 1.0 && s[1] == 1.0);
  CHECK(t[0] == -5.0 && t[1] == -5.0);

  // Circles: the farthest point is the centre plus the radius along the direction.
  double up[2] = {0, 5};
  double slanted[2] = {3, 4};
  double zero[2] = {0, 0};
  double* c = supportCircle(center, 2.0, up);
  CHECK_NEAR(c[0], 1.0, tight);
  CHECK_NEAR(c[1], 3.0, tight);
  c = supportCircle(center, 2.0, slanted);
  CHECK_NEAR(c[0], 1.0 + 1.2, tight);
  CHECK_NEAR(c[1], 1.0 + 1.6, tight);
  c = supportCircle(center, 2.0, zero);  // the classic code divided by zero
  CHECK(c[0] == 1.0 && c[1] == 1.0);
  c = supportCircle(center, 0.0, slanted);
  CHECK(c[0] == 1.0 && c[1] == 1.0);

  // Ellipses with semi-axes 2 (x) and 1 (y) around the origin.
  double origin[2] = {0, 0};
  double* e = supportEillpse(origin, 2.0, 1.0, right);
  CHECK_NEAR(e[0], 2.0, tight);
  CHECK_NEAR(e[1], 0.0, tight);
  e = supportEillpse(origin, 2.0, 1.0, up);
  CHECK_NEAR(e[0], 0.0, tight);
  CHECK_NEAR(e[1], 1.0, tight);
  e = supportEllipse(origin, 2.0, 1.0, diagonal);
  CHECK_NEAR(e[0], 4.0 / std::sqrt(5.0), tight);
  CHECK_NEAR(e[1], 1.0 / std::sqrt(5.0), tight);
  // The support point is on the ellipse and no other point of it is farther along (1, 1).
  CHECK_NEAR(e[0] * e[0] / 4.0 + e[1] * e[1], 1.0, tight);
  double best = e[0] + e[1];
  bool farthest = true;
  for (int i = 0; i < 3600; ++i) {
    double angle = i * 3.14159265358979323846 / 1800.0;
    farthest = farthest && 2.0 * std::cos(angle) + std::sin(angle) <= best + tight;
  }
  CHECK(farthest);
  double* shifted = supportEllipse(center, 2.0, 1.0, right);
  CHECK_NEAR(shifted[0], 3.0, tight);
  CHECK_NEAR(shifted[1], 1.0, tight);
  e = supportEillpse(center, 2.0, 1.0, zero);
  CHECK(e[0] == 1.0 && e[1] == 1.0);
  e = supportEillpse(origin, 0.0, 1.0, right);  // flat: a segment along y
  CHECK(e[0] == 0.0 && e[1] == 0.0);
}

static void test_point_to_line() {
  double p[2] = {3, 4};
  double a[2] = {0, 0};
  double b[2] = {1, 0};
  CHECK_NEAR(calcPointToLineDistance(p, a, b), 4.0, tight);
  double v1[2] = {2, 0};
  double v2[2] = {2, 5};
  double q[2] = {5, 1};
  CHECK_NEAR(calcPointToLineDistance(q, v1, v2), 3.0, tight);  // a vertical line
  CHECK_NEAR(calcPointToLineDistance(q, v2, v1), 3.0, tight);
  CHECK_NEAR(calcPointToLineDistance(v1, v1, v2), 0.0, tight);
  double d1[2] = {0, 0};
  double d2[2] = {2, 2};
  double r[2] = {0, 2};
  CHECK_NEAR(calcPointToLineDistance(r, d1, d2), std::sqrt(2.0), tight);
  CHECK_NEAR(calcPointToLineDistance(p, a, a), 5.0, tight);  // coincident line points
}

static void test_gjk_intersect_3d() {
  Vector3 cube[8];
  for (int i = 0; i < 8; ++i) {
    cube[i] = Vector3{double(i & 1), double((i >> 1) & 1), double((i >> 2) & 1)};
  }
  auto moved = [&](double dx, double dy, double dz, Vector3* out) {
    for (int i = 0; i < 8; ++i) {
      out[i] = Vector3{cube[i].x + dx, cube[i].y + dy, cube[i].z + dz};
    }
  };
  Vector3 other[8];
  moved(0.5, 0.5, 0.5, other);
  CHECK(GJKIntersect(cube, 8, other, 8));
  moved(1.0, 1.0, 1.0, other);  // touching at the corner (1, 1, 1)
  CHECK(GJKIntersect(cube, 8, other, 8));
  moved(1.0, 0.0, 0.0, other);  // sharing the face x = 1
  CHECK(GJKIntersect(other, 8, cube, 8));
  moved(1.0, 1.0, 1.000001, other);
  CHECK(!GJKIntersect(cube, 8, other, 8));
  moved(0.0, 0.0, -3.0, other);
  CHECK(!GJKIntersect(cube, 8, other, 8));

  Vector3 tetrahedron[4] = {{0.2, 0.2, 1.5}, {0.8, 0.2, 1.5}, {0.5, 0.8, 1.5}, {0.5, 0.5, 0.9}};
  CHECK(GJKIntersect(cube, 8, tetrahedron, 4));  // its apex dips into the cube
  tetrahedron[3].z = 1.0;
  CHECK(GJKIntersect(cube, 8, tetrahedron, 4));  // its apex touches the top face
  tetrahedron[3].z = 1.1;
  CHECK(!GJKIntersect(cube, 8, tetrahedron, 4));
  Vector3 point = {0.5, 0.5, 0.5};
  CHECK(GJKIntersect(cube, 8, &point, 1));
}

// Bad input throws gjk::Error with the status and, where the library rejects it, its message.
static void test_errors() {
  const double nan = std::nan("");
  std::vector<double> square_xy = {0, 0, 3, 0, 3, 3, 0, 3};
  std::vector<double> bad_xy = {0, 0, 1, nan, 1, 1};
  std::vector<double*> square = poly(square_xy), bad = poly(bad_xy);
  CHECK_THROWS(GJK(square, bad), GJK_INVALID_ARGUMENT, "GJK: poly2: ");
  CHECK_THROWS(GJK(square, bad), GJK_INVALID_ARGUMENT, "point 1 coordinate 1 is NaN");
  CHECK_THROWS(GJKDistance(bad, square), GJK_INVALID_ARGUMENT, "point 1 coordinate 1 is NaN");
  std::vector<double*> with_null = {square[0], square[1], nullptr};
  CHECK_THROWS(GJK(with_null, square), GJK_NULL_POINTER, "GJK: poly1[2] is NULL");
  CHECK_THROWS(GJK(square, {}), GJK_INVALID_ARGUMENT, "poly2 has no points");
  CHECK_THROWS(isConvex(with_null), GJK_NULL_POINTER, "isConvex: poly[2] is NULL");
  CHECK_THROWS(isConvex(bad), GJK_INVALID_ARGUMENT, "isConvex: poly[1]");

  double direction[2] = {1, 0};
  double nan_direction[2] = {nan, 0};
  double center[2] = {0, 0};
  CHECK_THROWS(support(square, bad, direction), GJK_INVALID_ARGUMENT, "support: poly2[1]");
  CHECK_THROWS(support(square, square, nullptr), GJK_NULL_POINTER, "support: direction is NULL");
  CHECK_THROWS(support(square, square, nan_direction), GJK_INVALID_ARGUMENT, "direction");
  CHECK_THROWS(support({}, square, direction), GJK_INVALID_ARGUMENT, "poly1 has no points");
  CHECK_THROWS(supportCircle(center, -1.0, direction), GJK_INVALID_ARGUMENT,
               "supportCircle: radius is -1");
  CHECK_THROWS(supportCircle(center, nan, direction), GJK_INVALID_ARGUMENT, "radius");
  CHECK_THROWS(supportCircle(nullptr, 1.0, direction), GJK_NULL_POINTER, "center is NULL");
  CHECK_THROWS(supportEillpse(center, 1.0, -2.0, direction), GJK_INVALID_ARGUMENT,
               "supportEillpse: b is -2");
  CHECK_THROWS(supportEllipse(center, HUGE_VAL, 1.0, direction), GJK_INVALID_ARGUMENT, "a is");
  CHECK_THROWS(calcPointToLineDistance(center, nullptr, center), GJK_NULL_POINTER,
               "line_a is NULL");

  Vector3 cube[2] = {{0, 0, 0}, {1, 1, 1}};
  Vector3 bad_cube[2] = {{0, 0, 0}, {1, HUGE_VAL, 1}};
  CHECK_THROWS(GJKIntersect(nullptr, 3, cube, 2), GJK_NULL_POINTER, "shape1 is NULL");
  CHECK_THROWS(GJKIntersect(cube, 2, cube, -1), GJK_INVALID_ARGUMENT, "shape2 has -1 points");
  CHECK_THROWS(GJKIntersect(cube, 0, cube, 2), GJK_INVALID_ARGUMENT, "shape1 has 0 points");
  CHECK_THROWS(GJKIntersect(cube, 2, bad_cube, 2), GJK_INVALID_ARGUMENT,
               "point 1 coordinate 1 is inf");

  // An error leaves nothing behind: the next call works.
  CHECK(GJK(square, square));
}

// The functions may be called from several threads at once; support results are per thread.
static void test_threads() {
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&wrong, t] {
      std::vector<double> a_xy = {0, 0, 3, 0, 3, 3, 0, 3};
      std::vector<double> b_xy = {3.0 + t, 0, 5.0 + t, 0, 4.0 + t, 2};
      std::vector<double*> a = poly(a_xy), b = poly(b_xy);
      double direction[2] = {1, 0};
      for (int i = 0; i < 50; ++i) {
        bool hit = GJK(a, b);
        double* s = support(a, b, direction);
        if (hit != (t == 0) || s[0] != -double(t) || GJKDistance(a, b).distance != double(t)) {
          ++wrong;
        }
      }
    });
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
  CHECK(wrong == 0);
}

int main() {
  test_classic_scenario();
  test_edges_and_order();
  test_is_convex();
  test_support();
  test_point_to_line();
  test_gjk_intersect_3d();
  test_errors();
  test_threads();
  return check::summary();
}
