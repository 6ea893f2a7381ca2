// Tests of bindings/cpp/gjk_tutorial.hpp, the classic tutorial API backed by the library: the
// tutorial's own scenarios, touching shapes, vertical edges, every helper of the 2D tutorial's
// listing, circles and ellipses, 3D hulls of the program's own Vector3 types, the lifetime of
// returned results, errors, and concurrent use. Every expected value is worked out by hand
// (in the comments) or is a closed form. Run by tests/tools/cpp.rs under valgrind (which
// also shows that nothing leaks).
#include "gjk_tutorial.hpp"

#include "check.hpp"

#include <atomic>
#include <cmath>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

// The legacy program's own 3D point types: the header works with any struct with x, y, z.
struct Vector3 {
  double x, y, z;
};
struct Vec3f {
  float x, y, z;
};
// With more members than x, y, z: GJKSupportFunction keeps the others of `direction`.
struct Tagged {
  int tag;
  double z, y, x;
};
struct Vec2 {
  double x, y;
};
static_assert(gjk::tutorial_detail::has_xyz<Vector3>::value, "Vector3 has x, y, z");
static_assert(gjk::tutorial_detail::has_xyz<Vec3f>::value, "Vec3f has x, y, z");
static_assert(!gjk::tutorial_detail::has_xyz<Vec2>::value, "Vec2 is no 3D point");
static_assert(!gjk::tutorial_detail::has_xyz<double>::value, "double is no 3D point");

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
  CHECK(apart.iterations == 0); // two small polygons: the exact kernel, no support point

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
  // The farthest vertex of one polygon, the first of equals.
  double* v = support(square1, diagonal);
  CHECK(v[0] == 3.0 && v[1] == 3.0);
  double east[2] = {1, 0};
  v = support(square1, east);  // (3, 0) and (3, 3) tie; (3, 0) comes first
  CHECK(v[0] == 3.0 && v[1] == 0.0);
  double up_left[2] = {-1, 2};  // dot products 0, -3, 3, 6
  v = support(square1, up_left);
  CHECK(v[0] == 0.0 && v[1] == 3.0);
  double none[2] = {0, 0};
  v = support(square2, none);  // every dot product is 0: the first vertex
  CHECK(v[0] == 2.0 && v[1] == 2.0);

  // getNewVertex: farthest of square1 along (1, 1) is (3, 3); farthest of square2 along
  // (-1, -1) is (2, 2).
  double* s = getNewVertex(square1, square2, diagonal);
  CHECK(s[0] == 1.0 && s[1] == 1.0);
  // Farthest of square1 along (-1, -1) is (0, 0); of square2 along (1, 1) is (5, 5).
  double* t = getNewVertex(square1, square2, down_left);
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

// The vector helpers of the 2D tutorial's listing.
static void test_vector_helpers() {
  double a[2] = {1, 2}, b[2] = {3, 4};
  CHECK(product(a, b) == -2.0);  // 1*4 - 2*3
  CHECK(product(b, a) == 2.0);
  CHECK(dot(a, b) == 11.0);      // 1*3 + 2*4
  double u[3] = {1, 2, 3}, w[3] = {4, 5, 6};
  double* c = product3D(u, w);  // (2*6 - 3*5, 3*4 - 1*6, 1*5 - 2*4)
  CHECK(c[0] == -3.0 && c[1] == 6.0 && c[2] == -3.0);
  double ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0};
  double* ez = product3D(ex, ey);
  CHECK(ez[0] == 0.0 && ez[1] == 0.0 && ez[2] == 1.0);
  CHECK(c[0] == -3.0 && c[1] == 6.0 && c[2] == -3.0);  // still valid
  double p[2] = {5, 7}, q[2] = {2, 3};
  double* d = diff(p, q);
  CHECK(d[0] == 3.0 && d[1] == 4.0);
  double* s = sum(p, q);
  CHECK(s[0] == 7.0 && s[1] == 10.0);
  CHECK(d[0] == 3.0 && d[1] == 4.0);
  double r1[2] = {1, 1}, r2[2] = {4, 5};
  CHECK(calcPointToPointDistance(r1, r2) == 5.0);  // a 3-4-5 triangle
  CHECK(calcPointToPointDistance(r2, r2) == 0.0);

  // Angles in radians, [0, pi].
  const double pi = std::acos(-1.0);
  double x1[2] = {1, 0}, y2[2] = {0, 2}, back[2] = {-3, 0}, diagonal[2] = {1, 1};
  double down_left[2] = {-1, -1}, zero[2] = {0, 0};
  CHECK_NEAR(calc2DVectorsAngle(x1, y2), pi / 2, tight);
  CHECK_NEAR(calc2DVectorsAngle(x1, back), pi, tight);
  CHECK_NEAR(calc2DVectorsAngle(diagonal, x1), pi / 4, tight);
  CHECK_NEAR(calc2DVectorsAngle(x1, down_left), 3 * pi / 4, tight);  // not 5 pi / 4
  double v7[2] = {7, 21}, v14[2] = {14, 42}, v1[2] = {1, 3};
  CHECK(calc2DVectorsAngle(v7, v14) == 0.0);  // parallel (the tutorial's acos gave NaN)
  CHECK(calc2DVectorsAngle(v1, v1) == 0.0);   // (the tutorial's gave 2.1e-8)
  CHECK(calc2DVectorsAngle(zero, x1) == 0.0);

  // The tutorial's macros and global.
  CHECK(PI == pi);
  CHECK(ERROR == 1e-7);
  CHECK(origin[0] == 0.0 && origin[1] == 0.0);
  CHECK_THROWS(dot(nullptr, a), GJK_NULL_POINTER, "dot: v1 is NULL");
  CHECK_THROWS(diff(a, nullptr), GJK_NULL_POINTER, "diff: v2 is NULL");
}

// The steps of the tutorial's GJK: its first direction, the origin check, the normal towards
// the origin, triangle areas and containment, equality.
static void test_gjk_steps() {
  double* first = getInitDirection();
  CHECK(first[0] == 1.0 && first[1] == 0.0);
  double* second = getInitDirection();
  CHECK(second != first && second[0] == 1.0 && second[1] == 0.0);

  // A . (O - B) >= 0.
  double a[2] = {1, 0}, across[2] = {-1, 5}, same_side[2] = {2, 0}, on_line[2] = {0, 7};
  CHECK(isCrossingOrigin(a, across));      // 1*1 + 0*(-5) = 1
  CHECK(!isCrossingOrigin(a, same_side));  // -2
  CHECK(isCrossingOrigin(a, on_line));     // 0

  // (AB x AO) x AB = AO |AB|^2 - AB (AB . AO).
  double p[2] = {1, -1}, q[2] = {1, 1};  // the line x = 1: AO (-1, 1) * 4 - (0, 2) * 2
  double* n = getLineFaceToOriginVector(p, q);
  CHECK(n[0] == -4.0 && n[1] == 0.0 && n[2] == 0.0);
  double h1[2] = {2, 2}, h2[2] = {4, 2};  // the line y = 2: (-2, -2) * 4 - (2, 0) * (-4)
  n = getLineFaceToOriginVector(h1, h2);
  CHECK(n[0] == 0.0 && n[1] == -8.0 && n[2] == 0.0);
  double through1[2] = {-1, -1}, through2[2] = {1, 1};  // the origin is on the line
  n = getLineFaceToOriginVector(through1, through2);
  CHECK(n[0] == 0.0 && n[1] == 0.0 && n[2] == 0.0);

  double o[2] = {0, 0}, x4[2] = {4, 0}, y3[2] = {0, 3};
  CHECK(calcTriangleArea(o, x4, y3) == 6.0);  // 4 * 3 / 2
  double t1[2] = {1, 1}, t2[2] = {3, 1}, t3[2] = {2, 5};
  CHECK(calcTriangleArea(t1, t2, t3) == 4.0);  // base 2, height 4
  CHECK(calcTriangleArea(t3, t2, t1) == 4.0);
  double f1[2] = {1, 1}, f4[2] = {4, 4};
  CHECK(calcTriangleArea(o, f1, f4) == 0.0);  // flat (the tutorial's Heron gave NaN)

  // The closed triangle: inside, on an edge, at a corner, outside, flat.
  double i1[2] = {-1, -1}, i2[2] = {2, -1}, i3[2] = {-1, 2};  // edge x + y = 1
  CHECK(isContainOrigin(i1, i2, i3));
  double e1[2] = {-1, 0}, e2[2] = {1, 0}, e3[2] = {0, 1};
  CHECK(isContainOrigin(e1, e2, e3));  // the origin on the edge y = 0
  double c2[2] = {1, 0}, c3[2] = {0, 1};
  CHECK(isContainOrigin(o, c2, c3));  // the origin is a corner
  double s1[2] = {1e-4, 0}, s2[2] = {2e-4, 0}, s3[2] = {1e-4, 1e-4};
  CHECK(!isContainOrigin(s1, s2, s3));  // 1e-4 away (the tutorial said inside)
  double b1[2] = {-3e5, -1e5}, b2[2] = {3e5, -1e5}, b3[2] = {0, 2e5};
  CHECK(isContainOrigin(b1, b2, b3));  // (the tutorial said outside)
  double o1[2] = {0, 1}, o2[2] = {1, 1}, o3[2] = {1, 2};
  CHECK(!isContainOrigin(o1, o2, o3));
  double l3[2] = {2, 2};
  CHECK(isContainOrigin(through1, through2, l3));  // a segment through the origin
  CHECK(!isContainOrigin(f1, l3, f4));             // a segment beside it

  double e[2] = {1, 2}, same[2] = {1, 2}, other_y[2] = {1, 3}, close[2] = {1 + 5e-8, 2 - 5e-8};
  double apart[2] = {1 + 2e-7, 2};
  CHECK(isEquals(e, same));
  CHECK(!isEquals(e, other_y));  // (the tutorial said equal)
  CHECK(isEquals(e, close));
  CHECK(!isEquals(e, apart));
}

// printSimplex and printStopInfo write the tutorial's lines to std::cout.
static void test_printing() {
  std::ostringstream captured;
  std::streambuf* saved = std::cout.rdbuf(captured.rdbuf());
  double v1[2] = {1, 2}, v2[2] = {-0.5, 4};
  printSimplex(3, {v1, v2});
  printStopInfo(4, 1);
  printStopInfo(2, 0);
  printStopInfo(6, 2);
  printStopInfo(5, 7);
  std::cout.rdbuf(saved);
  CHECK(captured.str() ==
        "---------------------------------- 第 3 次迭代 , 单纯形的顶点信息 "
        "----------------------------------\n"
        "(1,2)\n"
        "(-0.5,4)\n"
        "第 4 次迭代:三角形包含原点,提前返回 true\n"
        "第 2 次迭代:过原点检查不通过,提前返回 false\n"
        "第 6 次迭代:新顶点重复存在,提前返回 false\n"
        "第 5 次迭代:");
}

// A returned pointer stays valid until 64 more results are returned on the thread; the 64th
// reuses its slot.
static void test_result_ring() {
  double u[3] = {1, 2, 3}, w[3] = {4, 5, 6}, one[2] = {1, 1};
  double* c = product3D(u, w);
  for (int i = 0; i < 63; ++i) {
    sum(one, one);
  }
  CHECK(c[0] == -3.0 && c[1] == 6.0 && c[2] == -3.0);
  double* last = sum(one, one);
  CHECK(last == c && c[0] == 2.0 && c[1] == 2.0);
}

// GJKSupportFunction and GJKIntersect with the program's own float and double point types.
template <typename V>
static void check_support_3d(const char* type) {
  V cube[8];
  V other[8];
  using T = decltype(cube[0].x);
  for (int i = 0; i < 8; ++i) {
    cube[i].x = T(i & 1);
    cube[i].y = T((i >> 1) & 1);
    cube[i].z = T((i >> 2) & 1);
    other[i] = cube[i];
    other[i].x = cube[i].x + T(2);  // the cube moved by (2, 0, 0)
  }
  V d = cube[0];
  // Along x: (1, 0, 0) is the first of the cube's x = 1 face, (2, 0, 0) the first of the
  // other's x = 2 face.
  d.x = 1, d.y = 0, d.z = 0;
  V s = GJKSupportFunction(cube, 8, other, 8, d);
  CHECK(s.x == -1 && s.y == 0 && s.z == 0);
  d.x = 1, d.y = 2, d.z = 3;  // (1, 1, 1) - (2, 0, 0)
  s = GJKSupportFunction(cube, 8, other, 8, d);
  CHECK(s.x == -1 && s.y == 1 && s.z == 1);
  d.x = -1, d.y = -1, d.z = -1;  // (0, 0, 0) - (3, 1, 1)
  s = GJKSupportFunction(cube, 8, other, 8, d);
  CHECK(s.x == -3 && s.y == -1 && s.z == -1);
  d.x = 0, d.y = 0, d.z = 0;  // the first vertices
  s = GJKSupportFunction(cube, 8, other, 8, d);
  CHECK(s.x == -2 && s.y == 0 && s.z == 0);
  const V* fixed = cube;
  // Const arrays too. Along z the first of the top face is (0, 0, 1); against it, the first
  // of the bottom face is (0, 0, 0).
  d.x = 0, d.y = 0, d.z = 1;
  s = GJKSupportFunction(fixed, 8, fixed, 8, d);
  CHECK(s.x == 0 && s.y == 0 && s.z == 1);

  CHECK(!GJKIntersect(cube, 8, other, 8));  // a gap of 1
  for (int i = 0; i < 8; ++i) {
    other[i].x = cube[i].x + T(1);  // sharing the face x = 1
  }
  CHECK(GJKIntersect(cube, 8, other, 8));
  CHECK(GJKIntersect(fixed, 8, other, 8));
  for (int i = 0; i < 8; ++i) {
    other[i].x = cube[i].x + T(0.5);
    other[i].z = cube[i].z + T(0.75);
  }
  CHECK(GJKIntersect(other, 8, cube, 8));
  std::printf("3D support and intersection checked with %s\n", type);
}

static void test_support_3d() {
  check_support_3d<Vector3>("double Vector3");
  check_support_3d<Vec3f>("float Vec3f");

  // Members beyond x, y, z are kept from `direction`.
  Tagged a[2] = {{1, 0, 0, 0}, {2, 0, 0, 5}};
  Tagged b[1] = {{3, 1, 1, 1}};
  Tagged d = {42, 0, 0, 1};
  Tagged s = GJKSupportFunction(a, 2, b, 1, d);  // (5, 0, 0) - (1, 1, 1)
  CHECK(s.tag == 42 && s.x == 4 && s.y == -1 && s.z == -1);

  Vector3 cube[2] = {{0, 0, 0}, {1, 1, 1}};
  Vector3 nan_direction = {0, std::nan(""), 0};
  Vector3 up = {0, 0, 1};
  Vector3 bad[2] = {{0, 0, 0}, {1, HUGE_VAL, 1}};
  CHECK_THROWS(GJKSupportFunction(cube, 2, static_cast<Vector3*>(nullptr), 2, up),
               GJK_NULL_POINTER, "GJKSupportFunction: shape2Vertices is NULL");
  CHECK_THROWS(GJKSupportFunction(cube, 0, cube, 2, up), GJK_INVALID_ARGUMENT,
               "shape1Vertices has 0 points");
  CHECK_THROWS(GJKSupportFunction(cube, 2, cube, 2, nan_direction), GJK_INVALID_ARGUMENT,
               "direction has a coordinate that is not finite");
  CHECK_THROWS(GJKSupportFunction(cube, 2, bad, 2, up), GJK_INVALID_ARGUMENT,
               "shape2Vertices[1] has a coordinate that is not finite");
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
  CHECK_THROWS(getNewVertex(square, bad, direction), GJK_INVALID_ARGUMENT,
               "getNewVertex: poly2[1]");
  CHECK_THROWS(getNewVertex({}, square, direction), GJK_INVALID_ARGUMENT, "poly1 has no points");
  CHECK_THROWS(support(bad, direction), GJK_INVALID_ARGUMENT, "support: poly[1]");
  CHECK_THROWS(support(square, nullptr), GJK_NULL_POINTER, "support: direction is NULL");
  CHECK_THROWS(support(square, nan_direction), GJK_INVALID_ARGUMENT, "direction");
  CHECK_THROWS(support({}, direction), GJK_INVALID_ARGUMENT, "poly has no points");
  CHECK_THROWS(supportCircle(center, -1.0, direction), GJK_INVALID_ARGUMENT,
               "supportCircle: radius is -1");
  CHECK_THROWS(supportCircle(center, nan, direction), GJK_INVALID_ARGUMENT, "radius");
  CHECK_THROWS(supportCircle(nullptr, 1.0, direction), GJK_NULL_POINTER, "centerPoint is NULL");
  CHECK_THROWS(supportEillpse(center, 1.0, -2.0, direction), GJK_INVALID_ARGUMENT,
               "supportEillpse: b is -2");
  CHECK_THROWS(supportEllipse(center, HUGE_VAL, 1.0, direction), GJK_INVALID_ARGUMENT, "a is");
  CHECK_THROWS(calcPointToLineDistance(center, nullptr, center), GJK_NULL_POINTER,
               "p1 is NULL");

  Vector3 cube[2] = {{0, 0, 0}, {1, 1, 1}};
  Vector3 bad_cube[2] = {{0, 0, 0}, {1, HUGE_VAL, 1}};
  CHECK_THROWS(GJKIntersect(static_cast<const Vector3*>(nullptr), 3, cube, 2), GJK_NULL_POINTER, "shape1 is NULL");
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
        double* s = getNewVertex(a, b, direction);
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
  test_vector_helpers();
  test_gjk_steps();
  test_printing();
  test_result_ring();
  test_support_3d();
  test_errors();
  test_threads();
  return check::summary();
}
