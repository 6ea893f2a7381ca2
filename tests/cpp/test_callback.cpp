// Tests of gjk::Shape::from_support: callables as support functions answer as the built-in
// shapes, exceptions they throw come back to the caller as themselves (never through the
// library), and the callable is destroyed exactly once. Run by tests/tools/cpp.rs under
// valgrind.
#include "gjk.hpp"

#include "check.hpp"

#include <array>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

using Point3 = std::array<double, 3>;

// The support function of the hull of `points` in 2D or 3D: the first point with the largest
// x dx + y dy (+ z dz), as the built-in hull scans them.
static auto hull_support(std::vector<Point3> points, int dimension) {
  return [points, dimension](const Point3& d) {
    auto dot = [&](const Point3& p) {
      double s = p[0] * d[0];
      for (int k = 1; k < dimension; ++k) s += p[k] * d[k];
      return s;
    };
    const Point3* best = &points[0];
    for (const Point3& p : points) {
      if (dot(p) > dot(*best)) best = &p;
    }
    return *best;
  };
}

// A polytope as a callable answers every query as the built-in polytope, to the last bit.
static void test_polytope() {
  std::vector<Point3> points;
  std::vector<double> flat;
  for (int i = 0; i < 20; ++i) {
    Point3 p{std::sin(1.7 * i), std::cos(2.3 * i), std::sin(0.9 * i + 1.0)};
    points.push_back(p);
    flat.insert(flat.end(), p.begin(), p.end());
  }
  gjk::Shape called = gjk::Shape::from_support(3, hull_support(points, 3));
  gjk::Shape built = gjk::Shape::polytope(flat.data(), points.size());
  gjk::Shape ball = gjk::Shape::sphere(0.5);
  CHECK(called.dimension() == 3);
  for (int k = 0; k < 20; ++k) {
    gjk::Pose at({2.5 * std::cos(k), 2.0 * std::sin(k), 0.1 * k - 1.0}, {0.0, 0.0, 0.0, 1.0});
    gjk::DistanceResult d1 = gjk::distance(built, gjk::Pose(), ball, at);
    gjk::DistanceResult d2 = gjk::distance(called, gjk::Pose(), ball, at);
    CHECK(d1.distance == d2.distance && d1.normal == d2.normal && d1.point_a == d2.point_a);
    CHECK(d1.iterations == d2.iterations);
    gjk::PenetrationResult p1 = gjk::penetration(built, gjk::Pose(), ball, at);
    gjk::PenetrationResult p2 = gjk::penetration(called, gjk::Pose(), ball, at);
    CHECK(p1.signed_distance == p2.signed_distance && p1.normal == p2.normal);
    CHECK(gjk::intersect(built, gjk::Pose(), ball, at) ==
          gjk::intersect(called, gjk::Pose(), ball, at));
  }
}

// A circle as a lambda: within GJK's tolerance of the built-in circle (a point grown by a
// margin, exact); in a batch on the library's pool, as the single calls.
static void test_circle_and_batch() {
  gjk::Shape circle = gjk::Shape::from_support(2, [](const Point3& d) {
    double n = std::hypot(d[0], d[1]);
    return n > 0.0 ? Point3{d[0] / n, d[1] / n, 0.0} : Point3{};
  });
  gjk::Shape square = gjk::Shape::rectangle(0.5, 0.5);
  CHECK_NEAR(gjk::distance(circle, gjk::Pose(), square, gjk::Pose(3.0, 0.0)).distance, 1.5,
             1e-12);
  std::vector<const gjk::Shape*> a(300, &circle), b(300, &square);
  std::vector<gjk::Pose> pa(300), pb;
  for (int k = 0; k < 300; ++k) pb.emplace_back(3.0 * std::cos(k), 3.0 * std::sin(k), 0.1 * k);
  std::vector<gjk::DistanceResult> batch = gjk::distance_batch(a, pa, b, pb);
  bool same = true;
  for (int k = 0; k < 300; ++k) {
    same = same && batch[k].distance == gjk::distance(circle, pa[k], square, pb[k]).distance;
  }
  CHECK(same);
}

// Exceptions thrown by the callable: at creation, in a query and in a batch on this thread
// they are rethrown as they are.
static void test_exceptions() {
  try {
    gjk::Shape::from_support(2, [](const Point3&) -> Point3 { throw std::domain_error("no"); });
    CHECK(false);
  } catch (const std::domain_error& e) {
    CHECK(std::string(e.what()) == "no");
  }
  auto calls = std::make_shared<int>(0);
  gjk::Shape shaky = gjk::Shape::from_support(2, [calls](const Point3& d) {
    if (++*calls > 4) throw std::out_of_range("the model is gone");
    return Point3{d[0], d[1], 0.0};
  });
  gjk::Shape dot = gjk::Shape::point2d(0.0, 0.0);
  try {
    gjk::distance(shaky, gjk::Pose(), dot, gjk::Pose(3.0, 0.0));
    CHECK(false);
  } catch (const std::out_of_range& e) {
    CHECK(std::string(e.what()) == "the model is gone");
  }
  // The next failure of the thread is the library's own again.
  CHECK_THROWS(gjk::distance(gjk::Shape(nullptr), dot), GJK_NULL_POINTER, "shape a is NULL");
  // A batch on the calling thread (threads = 1): the exception comes back as itself.
  std::vector<const gjk::Shape*> a(300, &shaky), b(300, &dot);
  std::vector<gjk::Pose> poses(300, gjk::Pose(3.0, 0.0));
  try {
    gjk::distance_batch(a, poses, b, poses, 1);
    CHECK(false);
  } catch (const std::out_of_range& e) {
    CHECK(std::string(e.what()) == "the model is gone");
  }
}

// The callable lives as long as the last shape holding it: a rounded copy holds it too.
static void test_lifetime() {
  auto token = std::make_shared<int>(0);
  {
    gjk::Shape rounded(nullptr);
    {
      gjk::Shape ball = gjk::Shape::from_support(3, [token](const Point3& d) {
        double n = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        return n > 0.0 ? Point3{d[0] / n, d[1] / n, d[2] / n} : Point3{};
      });
      CHECK(token.use_count() == 2);
      rounded = gjk::Shape::rounded(ball, 0.5);
    }
    CHECK(token.use_count() == 2);
    gjk::Shape origin = gjk::Shape::point3d(0.0, 0.0, 0.0);
    CHECK_NEAR(gjk::distance(rounded, gjk::Pose(), origin, gjk::Pose({0, 0, 4}, {0, 0, 0, 1}))
                   .distance,
               2.5, 1e-10);
  }
  CHECK(token.use_count() == 1);
  // A failed creation destroys the callable too.
  CHECK_THROWS(gjk::Shape::from_support(4, [token](const Point3& d) { return d; }),
               GJK_INVALID_ARGUMENT, "dimension is 4");
  CHECK(token.use_count() == 1);
}

int main() {
  test_polytope();
  test_circle_and_batch();
  test_exceptions();
  test_lifetime();
  return check::summary();
}
