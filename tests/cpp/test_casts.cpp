// Tests of gjk::ray_cast and gjk::shape_cast (bindings/cpp/gjk.hpp) against closed-form
// answers, with the library's errors as gjk::Error. Run by tests/tools/cpp.rs under valgrind.
#include "gjk.hpp"

#include "check.hpp"

#include <array>
#include <cmath>
#include <limits>

static const double inf = std::numeric_limits<double>::infinity();

static void rays() {
  gjk::Shape sphere = gjk::Shape::sphere(2.0);
  gjk::Shape box = gjk::Shape::box(1.0, 2.0, 3.0);
  gjk::Pose at({10.0, 0.0, 0.0}, {0.0, 0.0, 0.0, 1.0});
  std::array<double, 3> origin{0.0, 0.5, 0.5}, along_x{2.0, 0.0, 0.0};
  gjk::RayHit hit = gjk::ray_cast(sphere, at, origin, along_x);
  double x = 10.0 - std::sqrt(3.5);
  CHECK(hit.hit && !hit.started_inside);
  CHECK_NEAR(hit.t, x / 2.0, 1e-12);
  CHECK_NEAR(hit.point[0], x, 1e-12);
  CHECK(hit.normal[0] < 0.0);
  hit = gjk::ray_cast(box, at, origin, along_x, 100.0);
  CHECK(hit.hit);
  CHECK_NEAR(hit.t, 4.5, 1e-12);
  CHECK_NEAR(hit.normal[0], -1.0, 1e-12);
  CHECK(!gjk::ray_cast(box, at, origin, along_x, 4.0).hit);
  hit = gjk::ray_cast(box, at, {10.0, 0.0, 0.0}, {0.0, 1.0, 0.0});
  CHECK(hit.hit && hit.started_inside && hit.t == 0.0);
  // A 2D polygon: the input z is ignored.
  const double square[] = {0, 0, 2, 0, 2, 2, 0, 2};
  gjk::Shape polygon = gjk::Shape::polygon(square, 4);
  hit = gjk::ray_cast(polygon, gjk::Pose(), {-3.0, 1.0, 7.0}, {1.0, 0.0, 0.0});
  CHECK(hit.hit);
  CHECK_NEAR(hit.t, 3.0, 1e-12);
  CHECK(hit.point[2] == 0.0);
  CHECK_THROWS(gjk::ray_cast(box, at, origin, {0.0, 0.0, 0.0}), GJK_INVALID_ARGUMENT, "zero");
  CHECK_THROWS(gjk::ray_cast(box, at, origin, along_x, -1.0), GJK_INVALID_ARGUMENT, "max_t");
}

static void shape_casts() {
  gjk::Shape ball = gjk::Shape::sphere(1.0);
  gjk::Shape box = gjk::Shape::box(1.0, 1.0, 1.0);
  gjk::Pose at({10.0, 0.5, 0.0}, {0.0, 0.0, 0.0, 1.0});
  std::array<double, 3> right{1.0, 0.0, 0.0}, left{-1.0, 0.0, 0.0}, rest{0.0, 0.0, 0.0};
  gjk::ShapeCastHit hit = gjk::shape_cast(ball, gjk::Pose(), right, box, at, left);
  CHECK(hit.hit && !hit.started_within);
  CHECK_NEAR(hit.t, 4.0, 1e-9);
  CHECK_NEAR(hit.point_a[0], 5.0, 1e-9);
  CHECK_NEAR(hit.normal[0], 1.0, 1e-9);
  hit = gjk::shape_cast(ball, gjk::Pose(), right, box, at, left, inf, 2.0);
  CHECK_NEAR(hit.t, 3.0, 1e-9);
  CHECK_NEAR(hit.signed_distance, 2.0, 1e-9);
  CHECK(!gjk::shape_cast(ball, gjk::Pose(), left, box, at, right).hit);
  CHECK(!gjk::shape_cast(ball, gjk::Pose(), rest, box, at, rest).hit);
  CHECK(!gjk::shape_cast(ball, gjk::Pose(), right, box, at, left, 3.0).hit);
  hit = gjk::shape_cast(ball, gjk::Pose(), right, box, gjk::Pose(), left);
  CHECK(hit.hit && hit.started_within && hit.t == 0.0);
  CHECK_NEAR(hit.signed_distance, -2.0, 1e-9);
  gjk::Shape flat = gjk::Shape::rectangle(1.0, 1.0);
  CHECK_THROWS(gjk::shape_cast(ball, gjk::Pose(), right, flat, gjk::Pose(), left),
               GJK_DIMENSION_MISMATCH, "3D");
  CHECK_THROWS(gjk::shape_cast(ball, gjk::Pose(), right, box, at, left, inf, -1.0),
               GJK_INVALID_ARGUMENT, "target_separation");
}

int main() {
  rays();
  shape_casts();
  return check::summary();
}
