// Tests of bindings/cpp/gjk.hpp against known geometry: every shape factory, poses, options,
// results, errors (the library's status and message), ownership, and that queries allocate
// nothing. Run by tests/tools/cpp.rs under valgrind.
#include "gjk.hpp"

#include "check.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

// Counts the allocations made through operator new, to show that queries make none.
static unsigned long allocations = 0;

void* operator new(std::size_t size) {
  ++allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) {
    return p;
  }
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

static_assert(!std::is_copy_constructible_v<gjk::Shape>, "Shape is move-only");
static_assert(!std::is_copy_assignable_v<gjk::Shape>, "Shape is move-only");
static_assert(std::is_nothrow_move_constructible_v<gjk::Shape>, "Shape moves without throwing");
static_assert(std::is_nothrow_move_assignable_v<gjk::Shape>, "Shape moves without throwing");
static_assert(std::is_base_of_v<std::runtime_error, gjk::Error>, "Error is a runtime_error");

static const double tight = 1e-12;
static const double sqrt2 = std::sqrt(2.0);
static const double pi = 3.14159265358979323846;

// The classic tutorial's shapes, the triangle moved away, a circle.
static void test_polygons() {
  const double square1[] = {0, 0, 3, 0, 3, 3, 0, 3};
  const double square2[] = {2, 2, 5, 2, 5, 5, 2, 5};
  const double triangle[] = {3, 3, 5, 3, 3, 5};
  gjk::Shape s1 = gjk::Shape::polygon(square1, 4);
  gjk::Shape s2 = gjk::Shape::polygon(square2, 4);
  gjk::Shape t = gjk::Shape::polygon(triangle, 3);
  CHECK(s1.dimension() == 2);

  CHECK(gjk::intersect(s1, s2));
  gjk::DistanceResult overlap = gjk::distance(s1, s2);
  CHECK(overlap.intersecting);
  CHECK(overlap.converged);
  CHECK(overlap.distance == 0.0);

  // Touching at the corner (3, 3): intersecting, at distance 0, the common point is the corner.
  CHECK(gjk::intersect(s1, t));
  gjk::DistanceResult touch = gjk::distance(s1, t);
  CHECK(touch.intersecting);
  CHECK(touch.distance == 0.0);
  CHECK_NEAR(touch.point_a[0], 3.0, tight);
  CHECK_NEAR(touch.point_a[1], 3.0, tight);

  // The triangle moved by (2, 1): closest points (3, 3) and (5, 4), distance sqrt(5).
  gjk::Pose moved(2.0, 1.0);
  CHECK(!gjk::intersect(s1, gjk::Pose(), t, moved));
  gjk::DistanceResult apart = gjk::distance(s1, gjk::Pose(), t, moved);
  CHECK(!apart.intersecting);
  CHECK(apart.converged);
  CHECK_NEAR(apart.distance, std::sqrt(5.0), tight);
  CHECK(apart.lower_bound <= apart.distance);
  CHECK_NEAR(apart.lower_bound, std::sqrt(5.0), 1e-9);
  CHECK_NEAR(apart.point_a[0], 3.0, tight);
  CHECK_NEAR(apart.point_a[1], 3.0, tight);
  CHECK(apart.point_a[2] == 0.0);
  CHECK_NEAR(apart.point_b[0], 5.0, tight);
  CHECK_NEAR(apart.point_b[1], 4.0, tight);
  CHECK_NEAR(apart.normal[0], 2.0 / std::sqrt(5.0), tight);
  CHECK_NEAR(apart.normal[1], 1.0 / std::sqrt(5.0), tight);
  CHECK(apart.iterations == 0); // two small polygons: the exact kernel, no support point

  // The same square from single-precision coordinates, in another order with an interior point.
  const float square1_f32[] = {3, 3, 0, 0, 1, 1, 0, 3, 3, 0};
  gjk::Shape s1_f32 = gjk::Shape::polygon(square1_f32, 5);
  CHECK_NEAR(gjk::distance(s1_f32, gjk::Pose(), t, moved).distance, std::sqrt(5.0), tight);
  CHECK(gjk::intersect(s1_f32, t));

  // A circle of radius 1 at (6, 1.5) faces the right edge x = 3: distance 2.
  gjk::Shape circle = gjk::Shape::circle(1.0);
  gjk::DistanceResult r = gjk::distance(s1, gjk::Pose(), circle, {6.0, 1.5});
  CHECK_NEAR(r.distance, 2.0, 1e-9);
  CHECK_NEAR(r.point_a[0], 3.0, 1e-9);
  CHECK_NEAR(r.point_a[1], 1.5, 1e-9);
  CHECK_NEAR(r.point_b[0], 5.0, 1e-9);
  CHECK(gjk::intersect(s1, gjk::Pose(), circle, {4.0, 1.5}));  // touching the edge
  CHECK(!gjk::intersect(s1, gjk::Pose(), circle, {4.001, 1.5}));

  // A vertical edge: the square's left edge x = 0 against a point on its left.
  gjk::Shape left = gjk::Shape::point2d(-2.0, 1.0);
  CHECK_NEAR(gjk::distance(s1, left).distance, 2.0, tight);
  gjk::Shape vertical = gjk::Shape::segment2d(5.0, -10.0, 5.0, 10.0);
  CHECK_NEAR(gjk::distance(s1, vertical).distance, 2.0, tight);
  CHECK(gjk::intersect(s1, gjk::Pose(), vertical, {-2.0, 0.0}));
}

// Curved and parametric 2D shapes, with rotations.
static void test_shapes_2d() {
  gjk::Shape ellipse = gjk::Shape::ellipse(2.0, 1.0);
  gjk::Shape origin = gjk::Shape::point2d(0.0, 0.0);
  CHECK_NEAR(gjk::distance(ellipse, gjk::Pose(), origin, {0.0, 3.0}).distance, 2.0, 1e-9);
  CHECK_NEAR(gjk::distance(ellipse, gjk::Pose(), origin, {4.0, 0.0}).distance, 2.0, 1e-9);
  // Turned by 90 degrees, the long axis lies along y.
  gjk::Pose turned(0.0, 0.0, pi / 2);
  CHECK_NEAR(gjk::distance(ellipse, turned, origin, {0.0, 4.0}).distance, 2.0, 1e-9);
  CHECK(gjk::intersect(ellipse, turned, origin, {0.0, 2.0}));

  // Two circles of radii 1 and 2 whose centres are 5 apart, then 3 apart (touching).
  gjk::Shape c1 = gjk::Shape::circle(1.0);
  gjk::Shape c2 = gjk::Shape::circle(2.0);
  CHECK_NEAR(gjk::distance(c1, {1.0, 1.0}, c2, {4.0, 5.0}).distance, 2.0, 1e-9);
  CHECK(gjk::intersect(c1, gjk::Pose(), c2, {3.0, 0.0}));
  CHECK(gjk::distance(c1, gjk::Pose(), c2, {3.0, 0.0}).distance < 1e-9);

  // A stadium of half length 2 and radius 1: its flat side, then its round end.
  gjk::Shape stadium = gjk::Shape::stadium(2.0, 1.0);
  CHECK_NEAR(gjk::distance(stadium, gjk::Pose(), c1, {1.5, 4.0}).distance, 2.0, 1e-9);
  CHECK_NEAR(gjk::distance(stadium, gjk::Pose(), c1, {5.0, 0.0}).distance, 1.0, 1e-9);

  // A unit square turned by 45 degrees reaches x = sqrt(2) from its centre.
  gjk::Shape rect = gjk::Shape::rectangle(1.0, 1.0);
  gjk::DistanceResult r = gjk::distance(rect, gjk::Pose(), rect, {4.0, 0.0, pi / 4});
  CHECK_NEAR(r.distance, 3.0 - sqrt2, tight);
  CHECK_NEAR(r.point_b[0], 4.0 - sqrt2, tight);
  CHECK_NEAR(r.point_b[1], 0.0, tight);

  // A point and a segment.
  gjk::Shape segment = gjk::Shape::segment2d(0.0, 0.0, 4.0, 0.0);
  CHECK_NEAR(gjk::distance(segment, gjk::Shape::point2d(2.0, 3.0)).distance, 3.0, tight);
  CHECK(gjk::intersect(segment, gjk::Shape::point2d(4.0, 0.0)));
}

static void test_shapes_3d() {
  const double cube[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1};
  const float cube_f32[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1};
  gjk::Shape a = gjk::Shape::polytope(cube, 8);
  gjk::Shape b = gjk::Shape::polytope(cube_f32, 8);
  CHECK(a.dimension() == 3);
  CHECK(b.dimension() == 3);
  gjk::Pose shifted({3.0, 0.0, 0.0}, {0.0, 0.0, 0.0, 1.0});
  CHECK_NEAR(gjk::distance(a, gjk::Pose(), b, shifted).distance, 2.0, tight);
  gjk::Pose corner({1.0, 1.0, 1.0}, {0.0, 0.0, 0.0, 1.0});
  CHECK(gjk::intersect(a, gjk::Pose(), b, corner));  // touching at the corner (1, 1, 1)
  CHECK(gjk::distance(a, gjk::Pose(), b, corner).distance == 0.0);
  gjk::Shape scanned = gjk::Shape::polytope_scanning(cube, 8);
  CHECK_NEAR(gjk::distance(scanned, gjk::Pose(), b, shifted).distance, 2.0, tight);
  gjk::Shape scanned_f32 = gjk::Shape::polytope_scanning(cube_f32, 8);
  CHECK_NEAR(gjk::distance(scanned_f32, gjk::Pose(), a, shifted).distance, 2.0, tight);
  const double square[] = {0, 0, 1, 0, 1, 1, 0, 1};
  gjk::Shape flat = gjk::Shape::polygon_scanning(square, 4);
  CHECK(flat.dimension() == 2);

  gjk::Shape box = gjk::Shape::box(1.0, 1.0, 1.0);
  gjk::Shape sphere = gjk::Shape::sphere(0.5);
  gjk::DistanceResult r =
      gjk::distance(box, gjk::Pose(), sphere, gjk::Pose({3.0, 0.0, 0.0}, {0, 0, 0, 1}));
  CHECK_NEAR(r.distance, 1.5, 1e-9);
  CHECK_NEAR(r.point_a[0], 1.0, 1e-9);
  CHECK_NEAR(r.point_b[0], 2.5, 1e-9);
  CHECK_NEAR(r.normal[0], 1.0, 1e-9);

  // A capsule of half length 2 and radius 0.25, turned to lie along x on top of the box.
  gjk::Shape capsule = gjk::Shape::capsule(2.0, 0.25);
  const double h = std::sqrt(0.5);
  CHECK(gjk::intersect(box, gjk::Pose(), capsule, gjk::Pose({0.0, 0.0, 1.25}, {0, h, 0, h})));
  CHECK_NEAR(
      gjk::distance(box, gjk::Pose(), capsule, gjk::Pose({0.0, 0.0, 2.25}, {0, h, 0, h})).distance,
      1.0, 1e-9);
  // Upright, its top cap ends at z = 2.25: a sphere of radius 0.5 at z = 4 is 1.25 away.
  CHECK_NEAR(gjk::distance(capsule, gjk::Pose(), sphere, gjk::Pose({0, 0, 4.0}, {0, 0, 0, 1}))
                 .distance,
             1.25, 1e-9);

  gjk::Shape ellipsoid = gjk::Shape::ellipsoid(1.0, 2.0, 3.0);
  CHECK_NEAR(gjk::distance(ellipsoid, gjk::Shape::point3d(0.0, 0.0, 5.0)).distance, 2.0, 1e-9);
  CHECK_NEAR(gjk::distance(ellipsoid, gjk::Shape::point3d(0.0, 4.0, 0.0)).distance, 2.0, 1e-9);

  gjk::Shape segment = gjk::Shape::segment3d(0.0, 0.0, -1.0, 0.0, 0.0, 1.0);
  CHECK_NEAR(gjk::distance(segment, gjk::Shape::point3d(3.0, 4.0, 0.5)).distance, 5.0, tight);
  CHECK(gjk::intersect(segment, gjk::Shape::point3d(0.0, 0.0, 1.0)));

  // A cylinder and a cone of half height 2 and radius 1 along z; a rounded box.
  gjk::Shape cylinder = gjk::Shape::cylinder(2.0, 1.0);
  CHECK_NEAR(gjk::distance(cylinder, gjk::Shape::point3d(0.0, 3.0, -3.0)).distance, std::sqrt(5.0),
             1e-9);
  gjk::Shape cone = gjk::Shape::cone(2.0, 1.0);
  CHECK_NEAR(gjk::distance(cone, gjk::Shape::point3d(0.0, 0.0, 5.0)).distance, 3.0, tight);
  CHECK_NEAR(gjk::distance(cone, gjk::Shape::point3d(3.0, 0.0, -2.0)).distance, 2.0, 1e-9);
  gjk::Shape rounded = gjk::Shape::rounded(box, 0.5);
  CHECK_NEAR(gjk::distance(rounded, gjk::Shape::point3d(3.0, 0.0, 0.0)).distance, 1.5, tight);
  CHECK(gjk::Shape::rounded(gjk::Shape::circle(1.0), 0.5).dimension() == 2);
}

static void test_options() {
  gjk::QueryOptions options = gjk::default_options();
  CHECK(options.relative_tolerance == 1e-12);
  CHECK(options.max_iterations == 128);
  gjk::Shape a = gjk::Shape::ellipse(3.0, 1.0);
  gjk::Shape b = gjk::Shape::ellipse(1.0, 2.0);
  gjk::Pose pose_b(5.0, 4.0, 0.3);
  CHECK(!gjk::intersect(a, gjk::Pose(), b, pose_b, options));
  gjk::DistanceResult precise = gjk::distance(a, gjk::Pose(), b, pose_b, options);
  CHECK(precise.converged);

  // One iteration cannot converge on curved shapes: gjk::NoConvergence carries bounds that
  // still bracket the distance (and is a gjk::Error with GJK_NO_CONVERGENCE).
  options.max_iterations = 1;
  bool thrown = false;
  try {
    gjk::distance(a, gjk::Pose(), b, pose_b, options);
  } catch (const gjk::NoConvergence<gjk::DistanceResult>& e) {
    thrown = true;
    const gjk::DistanceResult& rough = e.result();
    CHECK(!rough.converged && e.status() == GJK_NO_CONVERGENCE);
    CHECK(rough.lower_bound <= precise.distance + 1e-12);
    CHECK(rough.distance >= precise.distance - 1e-12);
    CHECK(std::string(e.what()).find("iteration cap") != std::string::npos);
  }
  CHECK(thrown);
  // The trace carries its steps up to the cap, penetration its best answer; both are
  // gjk::Errors for a caller that catches those.
  options.max_iterations = 2;
  thrown = false;
  try {
    gjk::distance_trace(a, gjk::Pose(), b, pose_b, options);
  } catch (const gjk::NoConvergence<gjk::Trace>& e) {
    thrown = e.result().steps.size() == 2 && !e.result().result.converged;
  }
  CHECK(thrown);
  gjk::Pose overlapping(1.5, 0.5, 0.3);
  CHECK_THROWS(gjk::penetration(a, gjk::Pose(), b, overlapping, options), GJK_NO_CONVERGENCE,
               "iteration cap");

  options.max_iterations = 0;
  CHECK_THROWS(gjk::distance(a, gjk::Pose(), b, pose_b, options), GJK_INVALID_ARGUMENT, "");
  options = gjk::default_options();
  options.relative_tolerance = 1.5;
  CHECK_THROWS(gjk::intersect(a, gjk::Pose(), b, pose_b, options), GJK_INVALID_ARGUMENT, "");
}

// Every failure of the C layer is a gjk::Error with its status and the library's message.
static void test_errors() {
  const double nan = std::nan("");
  CHECK_THROWS(gjk::Shape::circle(-1.0), GJK_INVALID_ARGUMENT, "-1");
  CHECK_THROWS(gjk::Shape::sphere(nan), GJK_INVALID_ARGUMENT, "NaN");
  CHECK_THROWS(gjk::Shape::box(1.0, -2.0, 1.0), GJK_INVALID_ARGUMENT, "-2");
  CHECK_THROWS(gjk::Shape::capsule(1.0, -0.5), GJK_INVALID_ARGUMENT, "-0.5");
  CHECK_THROWS(gjk::Shape::cylinder(-1.0, 1.0), GJK_INVALID_ARGUMENT, "half_height");
  CHECK_THROWS(gjk::Shape::cone(1.0, nan), GJK_INVALID_ARGUMENT, "radius");
  CHECK_THROWS(gjk::Shape::rounded(gjk::Shape::sphere(1.0), -0.5), GJK_INVALID_ARGUMENT, "radius");
  CHECK_THROWS(gjk::Shape::rounded(gjk::Shape(nullptr), 0.5), GJK_NULL_POINTER, "shape");
  CHECK_THROWS(gjk::Shape::ellipse(1.0, HUGE_VAL), GJK_INVALID_ARGUMENT, "inf");
  const double with_nan[] = {0, 0, 1, 0, nan, 1};
  CHECK_THROWS(gjk::Shape::polygon(with_nan, 3), GJK_INVALID_ARGUMENT,
               "point 2 coordinate 0 is NaN");
  CHECK_THROWS(gjk::Shape::polygon(static_cast<const double*>(nullptr), 3), GJK_NULL_POINTER,
               "xy is NULL");
  CHECK_THROWS(gjk::Shape::polytope(static_cast<const float*>(nullptr), 3), GJK_NULL_POINTER,
               "xyz is NULL");
  CHECK_THROWS(gjk::Shape::polygon(with_nan, 0), GJK_INVALID_ARGUMENT, "count is 0");
  CHECK_THROWS(gjk::Shape::point3d(0.0, nan, 0.0), GJK_INVALID_ARGUMENT, "NaN");

  // The message is the library's, as gjk_last_error_message() gives it.
  try {
    gjk::Shape::circle(-1.0);
    CHECK(false);
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()) == gjk_last_error_message());
    const gjk::Error* error = dynamic_cast<const gjk::Error*>(&e);
    CHECK(error != nullptr && std::string(error->status_string()) == "invalid argument");
  }

  // 2D against 3D.
  gjk::Shape square = gjk::Shape::rectangle(1.0, 1.0);
  gjk::Shape box = gjk::Shape::box(1.0, 1.0, 1.0);
  CHECK_THROWS(gjk::intersect(square, box), GJK_DIMENSION_MISMATCH, "shape a is 2D but shape b is 3D");
  CHECK_THROWS(gjk::distance(box, square), GJK_DIMENSION_MISMATCH, "shape a is 3D but shape b is 2D");

  // Bad poses: a short quaternion, a 2D shape turned about x, a NaN position. (All zeros is
  // the identity.)
  gjk::Pose zero_rotation({0.0, 0.0, 0.0}, {0.0, 0.0, 0.0, 0.0});
  CHECK(gjk::intersect(box, zero_rotation, box, gjk::Pose()));
  gjk::Pose short_rotation({0.0, 0.0, 0.0}, {0.0, 0.0, 0.0, 0.5});
  CHECK_THROWS(gjk::intersect(box, short_rotation, box, gjk::Pose()), GJK_INVALID_ARGUMENT,
               "pose_a");
  gjk::Pose about_x({0.0, 0.0, 0.0}, {1.0, 0.0, 0.0, 0.0});
  CHECK_THROWS(gjk::distance(square, gjk::Pose(), square, about_x), GJK_INVALID_ARGUMENT,
               "pose_b");
  CHECK_THROWS(gjk::distance(square, gjk::Pose(nan, 0.0), square, gjk::Pose()),
               GJK_INVALID_ARGUMENT, "NaN");

  // An empty (moved-from) Shape is a NULL shape to the C layer.
  gjk::Shape moved_to = std::move(square);
  CHECK(!square);
  CHECK(square.dimension() == 0);
  CHECK(moved_to.dimension() == 2);
  CHECK_THROWS(gjk::intersect(square, moved_to), GJK_NULL_POINTER, "shape a is NULL");
  CHECK_THROWS(gjk::distance(moved_to, square), GJK_NULL_POINTER, "shape b is NULL");
  CHECK_THROWS(gjk::intersect(gjk::Shape(nullptr), moved_to), GJK_NULL_POINTER, "NULL");
}

static void test_ownership() {
  gjk::Shape a = gjk::Shape::circle(1.0);
  gjk::Shape b = gjk::Shape::box(1.0, 2.0, 3.0);
  a = std::move(b);  // frees the circle
  CHECK(a.dimension() == 3);
  CHECK(!b);
  gjk::Shape& alias = a;
  a = std::move(alias);  // self-move keeps the shape
  CHECK(a.dimension() == 3);

  GjkShape* raw = a.release();
  CHECK(!a);
  CHECK(gjk_shape_dimension(raw) == 3);
  gjk::Shape adopted(raw);  // takes it back: freed at the end of the scope
  CHECK(adopted.get() == raw);
}

static void test_no_allocation_per_query() {
  gjk::Shape a = gjk::Shape::ellipse(3.0, 1.0);
  gjk::Shape b = gjk::Shape::rectangle(1.0, 2.0);
  gjk::Pose pose_b(5.0, 4.0, 0.3);
  gjk::QueryOptions options = gjk::default_options();
  unsigned long before = allocations;
  double sum = 0.0;
  for (int i = 0; i < 100; ++i) {
    sum += gjk::intersect(a, gjk::Pose(), b, pose_b) ? 1.0 : 0.0;
    sum += gjk::intersect(a, gjk::Pose(), b, pose_b, options) ? 1.0 : 0.0;
    sum += gjk::distance(a, gjk::Pose(), b, pose_b).distance;
    sum += gjk::distance(a, gjk::Pose(), b, pose_b, options).distance;
    sum += gjk::distance(a, b).distance;
  }
  CHECK(allocations == before);
  CHECK(sum > 0.0);
}

void test_penetration() {
  double sq1[] = {0, 0, 3, 0, 3, 3, 0, 3};
  double sq2[] = {2, 2, 5, 2, 5, 5, 2, 5};
  gjk::Shape a = gjk::Shape::polygon(sq1, 4), b = gjk::Shape::polygon(sq2, 4);
  // Overlapping by 1 along x and y: either axis is a shortest way out.
  gjk::PenetrationResult p = gjk::penetration(a, gjk::Pose(), b, gjk::Pose());
  CHECK(p.intersecting && p.converged);
  CHECK_NEAR(p.signed_distance, -1.0, 1e-15);
  CHECK(std::fabs(p.normal[0] * p.normal[1]) < 1e-15 &&
        std::fabs(p.normal[0] + p.normal[1] - 1.0) < 1e-15);
  // Moved out along the normal, they touch.
  gjk::Pose out(p.normal[0], p.normal[1], 0.0);
  CHECK(gjk::signed_distance(a, gjk::Pose(), b, out) == 0.0);
  // Spheres of radius 1, centres 1.5 apart: depth 0.5, deepest points on the centre line.
  gjk::Shape s = gjk::Shape::sphere(1.0);
  gjk::Pose c({0.0, 1.5, 0.0}, {0.0, 0.0, 0.0, 1.0});
  p = gjk::penetration(s, gjk::Pose(), s, c, gjk::default_options());
  CHECK_NEAR(p.signed_distance, -0.5, 1e-15);
  CHECK_NEAR(p.normal[1], 1.0, 1e-15);
  CHECK_NEAR(p.point_a[1], 1.0, 1e-15);
  CHECK_NEAR(p.point_b[1], 0.5, 1e-15);
  // Apart: the distance.
  CHECK_NEAR(gjk::signed_distance(a, gjk::Pose(), b, gjk::Pose(10.0, 0.0, 0.0)), 9.0, 1e-15);
  // Errors as for the other queries.
  bool threw = false;
  try {
    gjk::penetration(a, gjk::Pose(), s, gjk::Pose());
  } catch (const gjk::Error& e) {
    threw = e.status() == GJK_DIMENSION_MISMATCH && std::string(e.what()).find("3D") != std::string::npos;
  }
  CHECK(threw);
}

void test_contact_manifold() {
  // A crate resting 0.05 deep in a floor: its four bottom corners.
  gjk::Shape floor = gjk::Shape::box(2.0, 2.0, 0.5), crate = gjk::Shape::box(0.5, 0.5, 0.5);
  gjk::Pose at({0.1, 0.2, 0.95}, {0.0, 0.0, 0.0, 1.0});
  gjk::Manifold m = gjk::contact_manifold(floor, gjk::Pose(), crate, at);
  CHECK(m.converged && m.points.size() == 4);
  CHECK_NEAR(m.normal[2], 1.0, 1e-12);
  for (const gjk::ContactPoint& p : m.points) {
    CHECK_NEAR(p.separation, -0.05, 1e-12);
    CHECK_NEAR(std::fabs(p.point_b[0] - 0.1), 0.5, 1e-12);
    CHECK_NEAR(std::fabs(p.point_b[1] - 0.2), 0.5, 1e-12);
    CHECK_NEAR(p.point_b[2], 0.45, 1e-12);
    CHECK_NEAR(p.point_a[2], 0.5, 1e-12);
  }
  CHECK(m.points[0].id != m.points[1].id);
  // Lifted 0.05 clear: speculative points within a margin of 0.1, none within 0.01.
  gjk::Pose above({0.1, 0.2, 1.05}, {0.0, 0.0, 0.0, 1.0});
  CHECK(gjk::contact_manifold(floor, gjk::Pose(), crate, above, 0.1).points.size() == 4);
  CHECK(gjk::contact_manifold(floor, gjk::Pose(), crate, above, 0.01).points.empty());
  // Rectangles in 2D: two points.
  gjk::Shape ground = gjk::Shape::rectangle(2.0, 0.5), block = gjk::Shape::rectangle(0.5, 0.5);
  gjk::Manifold flat = gjk::contact_manifold(ground, gjk::Pose(), block, gjk::Pose(0.3, 0.9, 0.0));
  CHECK(flat.points.size() == 2);
  CHECK_NEAR(flat.points[0].point_b[0] + flat.points[1].point_b[0], 0.6, 1e-12);
  CHECK_THROWS(gjk::contact_manifold(floor, gjk::Pose(), crate, at, std::nan("")),
               GJK_INVALID_ARGUMENT, "margin");
}

void test_aabb() {
  // A 1 x 2 x 3 box turned a quarter about z at x = 10: the x and y extents swap.
  gjk::Shape box = gjk::Shape::box(1.0, 2.0, 3.0);
  gjk::Pose turned({10.0, 0.0, 0.0}, {0.0, 0.0, std::sqrt(0.5), std::sqrt(0.5)});
  gjk::Aabb b = gjk::aabb(box, turned);
  CHECK_NEAR(b.min[0], 8.0, 1e-12);
  CHECK_NEAR(b.max[0], 12.0, 1e-12);
  CHECK_NEAR(b.min[1], -1.0, 1e-12);
  CHECK_NEAR(b.max[1], 1.0, 1e-12);
  CHECK_NEAR(b.min[2], -3.0, 1e-12);
  CHECK_NEAR(b.max[2], 3.0, 1e-12);
  // A disc: z stays 0.
  gjk::Aabb d = gjk::aabb(gjk::Shape::circle(0.5), gjk::Pose(1.0, 2.0, 0.7));
  CHECK_NEAR(d.min[0], 0.5, 1e-15);
  CHECK_NEAR(d.max[1], 2.5, 1e-15);
  CHECK(d.min[2] == 0.0 && d.max[2] == 0.0);
}

void test_trace() {
  double square[] = {0, 0, 3, 0, 3, 3, 0, 3};
  gjk::Shape a = gjk::Shape::polygon(square, 4);
  gjk::Pose at(5.0, 1.0, 0.0);
  // The squares worked by hand in tests/it/trace.rs: three steps, distance 2.
  gjk::Trace t = gjk::distance_trace(a, gjk::Pose(), a, at);
  CHECK(t.result.converged && t.result.distance == 2.0);
  CHECK(t.steps.size() == 3 && t.result.iterations == 3);
  CHECK(t.steps[0].outcome == GJK_STEP_STARTED && t.steps[1].outcome == GJK_STEP_ADDED);
  CHECK(t.steps[1].support_w[0] == -2.0 && t.steps[1].support_w[1] == -4.0);
  CHECK(t.steps[2].upper_bound == 2.0);
  // A long search on ellipses (over 16 steps) needs more than the first buffer: all kept.
  gjk::Shape e = gjk::Shape::ellipse(3.0, 1.0);
  gjk::QueryOptions exact = gjk::default_options();
  exact.relative_tolerance = 0.0;
  exact.max_iterations = 1000;
  gjk::Trace long_trace = gjk::distance_trace(e, gjk::Pose(), e, gjk::Pose(7.0, 2.0, 0.5), exact);
  CHECK(long_trace.steps.size() == long_trace.result.iterations);
  CHECK(long_trace.steps.size() > 16);  // more than the first buffer holds
  CHECK(long_trace.steps.back().upper_bound == long_trace.result.distance);
  CHECK(gjk::distance(e, gjk::Pose(), e, gjk::Pose(7.0, 2.0, 0.5), exact).distance ==
        long_trace.result.distance);
  // Errors are thrown as by gjk::distance.
  gjk::Shape s = gjk::Shape::sphere(1.0);
  CHECK_THROWS(gjk::distance_trace(a, gjk::Pose(), s, gjk::Pose()), GJK_DIMENSION_MISMATCH, "3D");
}

void test_cache() {
  double square[] = {0, 0, 3, 0, 3, 3, 0, 3};
  gjk::Shape a = gjk::Shape::polygon(square, 4);
  gjk::SimplexCache cache{};
  gjk::SimplexCache boolean{};
  for (int frame = 0; frame < 50; frame++) {
    gjk::Pose at(4.0 + 0.01 * frame, 1.0 - 0.02 * frame, 0.001 * frame);
    gjk::DistanceResult cold = gjk::distance(a, gjk::Pose(), a, at);
    gjk::DistanceResult warm = gjk::distance(a, gjk::Pose(), a, at, cache);
    CHECK_NEAR(warm.distance, cold.distance, 1e-12);
    CHECK(warm.intersecting == cold.intersecting);
    CHECK(gjk::intersect(a, gjk::Pose(), a, at, boolean) == cold.intersecting);
    if (frame > 0) CHECK(warm.iterations <= 2);
  }
  CHECK(cache.count > 0 && cache.dimension == 2);
}

// Exact mode: the square [-1, 0] x [0, 1] and the rectangle [g, 1] x [0, 1], g = 2^-60, every
// coordinate exact. The default calls them touching within its tolerance; exact mode answers
// apart by exactly g (and overlapping at -g); an ellipse is refused, naming the option.
static void test_exact_mode() {
  const double g = std::ldexp(1.0, -60);
  const double left_xy[] = {-1, 0, 0, 0, 0, 1, -1, 1};
  const double apart_xy[] = {g, 0, 1, 0, 1, 1, g, 1};
  const double overlapping_xy[] = {-g, 0, 1, 0, 1, 1, -g, 1};
  gjk::Shape left = gjk::Shape::polygon(left_xy, 4);
  gjk::Shape apart = gjk::Shape::polygon(apart_xy, 4);
  gjk::Shape overlapping = gjk::Shape::polygon(overlapping_xy, 4);
  gjk::QueryOptions o = gjk::default_options();
  CHECK(!o.exact);
  o.exact = true;
  CHECK(gjk::distance(left, apart).tolerance_call);
  gjk::DistanceResult r = gjk::distance(left, gjk::Pose(), apart, gjk::Pose(), o);
  CHECK(!r.intersecting && !r.tolerance_call && r.lower_bound == g && r.distance == g);
  CHECK(!gjk::intersect(left, gjk::Pose(), apart, gjk::Pose(), o));
  CHECK(gjk::intersect(left, gjk::Pose(), overlapping, gjk::Pose(), o));
  gjk::Shape e = gjk::Shape::ellipse(2.0, 1.0);
  CHECK_THROWS(gjk::distance(e, gjk::Pose(), left, gjk::Pose(), o), GJK_INVALID_ARGUMENT,
               "exact");
}

int main() {
  std::string expected = std::to_string(GJK_VERSION_MAJOR) + "." +
                         std::to_string(GJK_VERSION_MINOR) + "." +
                         std::to_string(GJK_VERSION_PATCH);
  CHECK(expected == gjk::version());
  test_polygons();
  test_shapes_2d();
  test_shapes_3d();
  test_options();
  test_errors();
  test_ownership();
  test_no_allocation_per_query();
  test_penetration();
  test_contact_manifold();
  test_aabb();
  test_trace();
  test_cache();
  test_exact_mode();
  return check::summary();
}
