// The C++ wrapper (gjk.hpp): the classic tutorial scenario, a circle, a 3D pair, options, and
// an error. Built against an installed gjk by examples/cpp/CMakeLists.txt.
#include <gjk.hpp>

#include <cmath>
#include <cstdio>

static void report(const char* name, const gjk::Shape& a, const gjk::Pose& pose_a,
                   const gjk::Shape& b, const gjk::Pose& pose_b) {
  gjk::DistanceResult r = gjk::distance(a, pose_a, b, pose_b);
  std::printf("%-32s %-12s distance %-9.6g", name,
              gjk::intersect(a, pose_a, b, pose_b) ? "intersecting" : "separated", r.distance);
  if (r.intersecting) {
    std::printf(" common point (%g, %g, %g)\n", r.point_a[0], r.point_a[1], r.point_a[2]);
  } else {
    std::printf(" closest points (%g, %g, %g) - (%g, %g, %g)\n", r.point_a[0], r.point_a[1],
                r.point_a[2], r.point_b[0], r.point_b[1], r.point_b[2]);
  }
}

int main() {
  std::printf("gjk %s\n\n", gjk::version());

  const double square_xy[] = {0, 0, 3, 0, 3, 3, 0, 3};
  const double triangle_xy[] = {3, 3, 5, 3, 3, 5};
  gjk::Shape square = gjk::Shape::polygon(square_xy, 4);
  gjk::Shape triangle = gjk::Shape::polygon(triangle_xy, 3);
  const gjk::Pose identity;

  report("square vs triangle, touching", square, identity, triangle, identity);
  report("triangle moved by (2, 1)", square, identity, triangle, gjk::Pose(2.0, 1.0));
  report("circle at (6, 1.5)", square, identity, gjk::Shape::circle(1.0), gjk::Pose(6.0, 1.5));
  report("ellipse turned by 30 degrees", square, identity, gjk::Shape::ellipse(2.0, 0.5),
         gjk::Pose(5.0, 5.0, std::acos(-1.0) / 6));

  gjk::Shape box = gjk::Shape::box(1.0, 1.0, 1.0);
  gjk::Shape sphere = gjk::Shape::sphere(0.5);
  report("box vs sphere at (3, 0, 0)", box, identity, sphere,
         gjk::Pose({3.0, 0.0, 0.0}, {0.0, 0.0, 0.0, 1.0}));

  // A looser tolerance and a lower iteration cap for an ellipsoid pair.
  gjk::QueryOptions options = gjk::default_options();
  options.relative_tolerance = 1e-6;
  options.max_iterations = 32;
  gjk::Shape ellipsoid = gjk::Shape::ellipsoid(1.0, 2.0, 3.0);
  gjk::Pose above({0.0, 0.0, 5.0}, {0.0, 0.0, 0.0, 1.0});
  gjk::DistanceResult r = gjk::distance(ellipsoid, identity, sphere, above, options);
  std::printf("ellipsoid vs sphere: distance in [%.9f, %.9f] after %u iterations\n",
              r.lower_bound, r.distance, r.iterations);

  // A cap too low is never silent: the exception carries the bounds found.
  options.max_iterations = 1;
  try {
    gjk::distance(ellipsoid, identity, sphere, above, options);
  } catch (const gjk::NoConvergence<gjk::DistanceResult>& e) {
    std::printf("one iteration: %s; the distance is in [%.9f, %.9f]\n", e.what(),
                e.result().lower_bound, e.result().distance);
  }

  // Errors are exceptions that carry the status and the library's message.
  try {
    report("2D square vs 3D box", square, identity, box, identity);
  } catch (const gjk::Error& e) {
    std::printf("\nerror: %s (%s)\n", e.what(), e.status_string());
  }
  try {
    gjk::Shape::circle(-1.0);
  } catch (const gjk::Error& e) {
    std::printf("error: %s (%s)\n", e.what(), e.status_string());
  }
  return 0;
}
