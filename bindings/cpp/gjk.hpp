// gjk.hpp: a header-only C++17 wrapper over the C API of gjk (gjk.h).
//
//   gjk::Shape     a move-only owner of a GjkShape handle (freed by its destructor); its
//                  Shape::from_support takes any callable as the shape's support function
//   gjk::Pose      a rigid placement, 2D (x, y, angle) or 3D (position, unit quaternion)
//   gjk::intersect whether two placed shapes overlap or touch
//   gjk::distance  distance, closest points, normal, certified lower bound
//   gjk::distance_trace  the same with every step of the search (gjk::Trace)
//   gjk::SimplexCache  warm starts: distance/intersect overloads taking a cache per pair
//   gjk::penetration, gjk::signed_distance  depth, normal and deepest points of overlaps
//   gjk::contact_manifold  the contact points of a resting pair for a physics solver
//   gjk::aabb      the axis-aligned bounding box of a placed shape (broad phases)
//   gjk::Error     thrown when a C call fails: the status and the library's message
//   gjk::NoConvergence<R>  the gjk::Error of a query that reached its iteration cap, carrying
//                  the best answer found (result()): the cap is never silent
//
// The wrapper adds no checks, tolerances or semantics of its own: every argument is passed to
// the C function as is and every failure the C layer reports becomes a gjk::Error. Queries
// allocate nothing. Shapes are immutable, so a const Shape may be queried from any number of
// threads at once; error messages are per thread, as in the C API.
//
// Link with -lgjk (see bindings/cpp/README.md for CMake and pkg-config).

#ifndef GJK_HPP
#define GJK_HPP

#include "gjk.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gjk {

// A failed call of the C API. what() is the library's message (gjk_last_error_message() of
// the failing call: which argument, which point, why); status() is the GjkStatus.
class Error : public std::runtime_error {
 public:
  Error(GjkStatus status, const std::string& message)
      : std::runtime_error(message), status_(status) {}

  GjkStatus status() const noexcept { return status_; }

  // The static description of status(), e.g. "invalid argument".
  const char* status_string() const noexcept { return gjk_status_string(status_); }

 private:
  GjkStatus status_;
};

// The gjk::Error of a query that reached its iteration cap (GJK_NO_CONVERGENCE): result() is
// the best answer found (a distance's [lower_bound, distance] brackets the truth; a trace's
// steps up to the cap; a manifold built on the best normal). At the default cap every query on
// valid input converges: this means a cap the caller set, or coordinates far larger than the
// shapes' features. Catch gjk::NoConvergence<gjk::DistanceResult> (or gjk::Error) to go on
// with the answer. The same policy as C#, Python and MATLAB/Octave.
template <class Result>
class NoConvergence : public Error {
 public:
  NoConvergence(const std::string& message, Result result)
      : Error(GJK_NO_CONVERGENCE, message), result_(std::move(result)) {}

  const Result& result() const noexcept { return result_; }

 private:
  Result result_;
};

namespace detail {

// The exception a support callable of Shape::from_support threw on this thread during the
// current call (the library saw NaN and failed the call), to be rethrown after it.
inline std::exception_ptr& callback_exception() noexcept {
  thread_local std::exception_ptr pending;
  return pending;
}

// Throws when `status` is not GJK_OK: the exception a support callable threw during the call
// on this thread, else the calling thread's last error.
inline void check(GjkStatus status) {
  std::exception_ptr thrown = std::exchange(callback_exception(), nullptr);
  if (status != GJK_OK) {
    if (thrown) {
      std::rethrow_exception(thrown);
    }
    throw Error(status, gjk_last_error_message());
  }
}

// The user data of a Shape::from_support shape: the callable, owned by the library's shape.
template <class Support>
struct SupportCallable {
  Support support;

  // The C callback: the callable's point, or NaN (which fails the call) if it threw, its
  // exception kept for check() on this thread. No exception leaves it.
  static void call(void* self, const double* direction, double* out_point) noexcept {
    try {
      std::array<double, 3> d{direction[0], direction[1], direction[2]};
      std::array<double, 3> p = static_cast<SupportCallable*>(self)->support(d);
      for (int k = 0; k < 3; ++k) {
        out_point[k] = p[k];
      }
    } catch (...) {
      std::exception_ptr& pending = callback_exception();
      if (!pending) {
        pending = std::current_exception();
      }
      out_point[0] = std::numeric_limits<double>::quiet_NaN();
    }
  }

  static void free(void* self) noexcept { delete static_cast<SupportCallable*>(self); }
};

}  // namespace detail

// The version of the library loaded at run time, "MAJOR.MINOR.PATCH".
inline const char* version() noexcept { return gjk_version(); }

// An immutable convex shape, 2D or 3D, owned: the handle is freed when the Shape is destroyed.
// Move-only. A moved-from Shape holds no handle; querying it throws gjk::Error
// (GJK_NULL_POINTER), as the C API reports a NULL shape.
class Shape {
 public:
  // Takes ownership of a handle from a gjk_*_new function (NULL gives an empty Shape).
  explicit Shape(GjkShape* handle) noexcept : handle_(handle) {}

  Shape(const Shape&) = delete;
  Shape& operator=(const Shape&) = delete;
  Shape(Shape&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  Shape& operator=(Shape&& other) noexcept {
    if (this != &other) {
      gjk_shape_free(handle_);
      handle_ = std::exchange(other.handle_, nullptr);
    }
    return *this;
  }
  ~Shape() { gjk_shape_free(handle_); }

  // A shape of `dimension` 2 or 3 whose support function is `support`, any callable taking
  // the direction (std::array<double, 3>, z = 0 in 2D) and returning the shape's farthest
  // point along it in its local frame (z ignored in 2D): see gjk_support_shape_new, whose
  // checks apply. The callable is moved into the shape and destroyed with its last copy
  // (Shape::rounded copies hold it too). It must be callable from several threads at once
  // (batches run on the library's pool). An exception it throws fails the call it happened
  // in: rethrown from that call when the callable ran on the calling thread (creation, single
  // queries, batches with threads = 1), else reported as gjk::Error (GJK_INVALID_ARGUMENT,
  // "support callback returned a non-finite point (NaN)..."); a pool thread then keeps the
  // exception object until its next one.
  template <class Support>
  static Shape from_support(int dimension, Support support) {
    using Callable = detail::SupportCallable<Support>;
    auto* callable = new Callable{std::move(support)};
    // The library owns `callable` from here on, and frees it on failure too.
    return make([&](GjkShape** out) {
      return gjk_support_shape_new(dimension, &Callable::call, callable, &Callable::free, out);
    });
  }

  // Convex hull of `count` 2D points, interleaved x0, y0, x1, y1, ... (copied).
  static Shape polygon(const double* xy, std::size_t count) {
    return make([&](GjkShape** out) { return gjk_polygon_new(xy, count, out); });
  }
  // Convex hull of `count` 2D points in single precision (widened exactly).
  static Shape polygon(const float* xy, std::size_t count) {
    return make([&](GjkShape** out) { return gjk_polygon_new_f32(xy, count, out); });
  }
  // Convex hull of `count` 3D points, interleaved x0, y0, z0, x1, ... (copied).
  static Shape polytope(const double* xyz, std::size_t count) {
    return make([&](GjkShape** out) { return gjk_polytope_new(xyz, count, out); });
  }
  // Convex hull of `count` 3D points in single precision (widened exactly).
  static Shape polytope(const float* xyz, std::size_t count) {
    return make([&](GjkShape** out) { return gjk_polytope_new_f32(xyz, count, out); });
  }
  // `polygon` without the hull's edge graph (gjk_polygon_new_scanning): creation costs only
  // the copy, support points scan every point. For shapes made for a few queries.
  static Shape polygon_scanning(const double* xy, std::size_t count) {
    return make([&](GjkShape** out) { return gjk_polygon_new_scanning(xy, count, out); });
  }
  static Shape polygon_scanning(const float* xy, std::size_t count) {
    return make([&](GjkShape** out) { return gjk_polygon_new_scanning_f32(xy, count, out); });
  }
  // `polytope` without the hull's edge graph (gjk_polytope_new_scanning).
  static Shape polytope_scanning(const double* xyz, std::size_t count) {
    return make([&](GjkShape** out) { return gjk_polytope_new_scanning(xyz, count, out); });
  }
  static Shape polytope_scanning(const float* xyz, std::size_t count) {
    return make([&](GjkShape** out) { return gjk_polytope_new_scanning_f32(xyz, count, out); });
  }
  // Disc of `radius` at the local origin.
  static Shape circle(double radius) {
    return make([&](GjkShape** out) { return gjk_circle_new(radius, out); });
  }
  // Ball of `radius` at the local origin.
  static Shape sphere(double radius) {
    return make([&](GjkShape** out) { return gjk_sphere_new(radius, out); });
  }
  // Axis-aligned ellipse with semi-axes half_x, half_y.
  static Shape ellipse(double half_x, double half_y) {
    return make([&](GjkShape** out) { return gjk_ellipse_new(half_x, half_y, out); });
  }
  // Axis-aligned ellipsoid with semi-axes half_x, half_y, half_z.
  static Shape ellipsoid(double half_x, double half_y, double half_z) {
    return make([&](GjkShape** out) { return gjk_ellipsoid_new(half_x, half_y, half_z, out); });
  }
  // 2D racetrack: the points within `radius` of the segment (-half_length, 0)-(half_length, 0).
  static Shape stadium(double half_length, double radius) {
    return make([&](GjkShape** out) { return gjk_stadium_new(half_length, radius, out); });
  }
  // 3D capsule: the points within `radius` of the segment (0, 0, -half_length)-(0, 0,
  // half_length).
  static Shape capsule(double half_length, double radius) {
    return make([&](GjkShape** out) { return gjk_capsule_new(half_length, radius, out); });
  }
  // 3D cylinder along z: the disc of `radius` in the xy plane swept from z = -half_height to
  // z = half_height.
  static Shape cylinder(double half_height, double radius) {
    return make([&](GjkShape** out) { return gjk_cylinder_new(half_height, radius, out); });
  }
  // 3D cone along z: base disc of `radius` at z = -half_height, apex at z = half_height.
  static Shape cone(double half_height, double radius) {
    return make([&](GjkShape** out) { return gjk_cone_new(half_height, radius, out); });
  }
  // `shape` grown by `radius` in every direction (a rounded box, polygon, ...), exact; radii
  // add up on circles, spheres, stadiums, capsules and rounded shapes. `shape` is copied.
  static Shape rounded(const Shape& shape, double radius) {
    return make([&](GjkShape** out) { return gjk_rounded_new(shape.get(), radius, out); });
  }
  // Axis-aligned rectangle with half extents half_x, half_y.
  static Shape rectangle(double half_x, double half_y) {
    return make([&](GjkShape** out) { return gjk_rectangle_new(half_x, half_y, out); });
  }
  // Axis-aligned box with half extents half_x, half_y, half_z.
  static Shape box(double half_x, double half_y, double half_z) {
    return make([&](GjkShape** out) { return gjk_box_new(half_x, half_y, half_z, out); });
  }
  // The 2D point (x, y).
  static Shape point2d(double x, double y) {
    return make([&](GjkShape** out) { return gjk_point2d_new(x, y, out); });
  }
  // The 3D point (x, y, z).
  static Shape point3d(double x, double y, double z) {
    return make([&](GjkShape** out) { return gjk_point3d_new(x, y, z, out); });
  }
  // The 2D segment from (x0, y0) to (x1, y1).
  static Shape segment2d(double x0, double y0, double x1, double y1) {
    return make([&](GjkShape** out) { return gjk_segment2d_new(x0, y0, x1, y1, out); });
  }
  // The 3D segment from (x0, y0, z0) to (x1, y1, z1).
  static Shape segment3d(double x0, double y0, double z0, double x1, double y1, double z1) {
    return make(
        [&](GjkShape** out) { return gjk_segment3d_new(x0, y0, z0, x1, y1, z1, out); });
  }

  // 2 or 3; 0 for an empty (moved-from) Shape.
  std::uint32_t dimension() const noexcept { return gjk_shape_dimension(handle_); }

  // The handle, still owned by this Shape (NULL when empty).
  const GjkShape* get() const noexcept { return handle_; }

  // Gives up ownership: the caller frees the returned handle with gjk_shape_free.
  GjkShape* release() noexcept { return std::exchange(handle_, nullptr); }

  explicit operator bool() const noexcept { return handle_ != nullptr; }

 private:
  // Runs a gjk_*_new call and owns what it created, or throws its error.
  template <typename Create>
  static Shape make(Create create) {
    GjkShape* handle = nullptr;
    detail::check(create(&handle));
    return Shape(handle);
  }

  GjkShape* handle_;
};

// A rigid placement: a position and a unit quaternion (x, y, z, w). Its numbers are checked by
// the query that uses it, as in the C API (a non-unit quaternion, a NaN, or a 2D pose not
// about z makes that query throw).
class Pose {
 public:
  // The identity.
  Pose() noexcept : pose_{{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0, 1.0}} {}

  // 2D: position (x, y), not rotated.
  Pose(double x, double y) noexcept : pose_(gjk_pose_2d(x, y, 0.0)) {}

  // 2D: position (x, y) and a counter-clockwise angle in radians.
  Pose(double x, double y, double angle) noexcept : pose_(gjk_pose_2d(x, y, angle)) {}

  // 3D: a position and a unit quaternion x, y, z, w.
  Pose(const std::array<double, 3>& position, const std::array<double, 4>& rotation_xyzw) noexcept
      : pose_(gjk_pose_3d(position.data(), rotation_xyzw.data())) {}

  // A copy of a C pose.
  explicit Pose(const GjkPose& pose) noexcept : pose_(pose) {}

  const GjkPose& c_pose() const noexcept { return pose_; }

 private:
  GjkPose pose_;
};

// An axis-aligned box in the world frame (2D: z = 0 in both corners).
struct Aabb {
  std::array<double, 3> min;
  std::array<double, 3> max;
};

// The axis-aligned bounding box of `shape` placed by `pose`: on each axis, the coordinates of
// the shape's support points along it and against it (gjk_shape_aabb). Throws gjk::Error.
inline Aabb aabb(const Shape& shape, const Pose& pose = Pose()) {
  Aabb box{};
  detail::check(gjk_shape_aabb(shape.get(), &pose.c_pose(), box.min.data(), box.max.data()));
  return box;
}

// Settings of a query: relative tolerance and iteration cap. Start from default_options().
using QueryOptions = GjkQueryOptions;

// The library's defaults (relative tolerance 1e-12, 128 iterations).
inline QueryOptions default_options() noexcept { return gjk_query_options_default(); }

// The answer of gjk::distance, in the world frame (2D results have z = 0). The certificate
// lower_bound <= exact distance <= distance holds with every rounding included (see
// GjkDistanceResult in gjk.h for the shapes it is exact for).
struct DistanceResult {
  double distance;                  // rounded up; 0 only where an overlap is proven
  std::array<double, 3> point_a;    // closest point on A (when intersecting: a common point)
  std::array<double, 3> point_b;    // closest point on B
  std::array<double, 3> normal;     // unit, from A towards B; any unit vector when intersecting
  double lower_bound;               // certified: lower_bound <= exact distance <= distance
  std::uint32_t iterations;         // support-point evaluations made (0: small polygons)
  bool intersecting;                // overlap or touch (touching intersects)
  bool converged;                   // false: the iteration cap was reached (GJK_NO_CONVERGENCE)
                                    // and [lower_bound, distance] brackets the true distance
  bool tolerance_call;              // intersecting is a call within the touching tolerance
                                    // (distance > 0), or apart with lower_bound 0: no proof
};

namespace detail {

inline std::array<double, 3> vec3(const double (&v)[3]) noexcept { return {v[0], v[1], v[2]}; }

// `result` of a query that converged; for one that reached its iteration cap, throws
// gjk::NoConvergence carrying it (call it right after the query: the message is the calling
// thread's last error).
template <class Result>
Result answered(Result result, bool converged) {
  if (!converged) {
    throw NoConvergence<Result>(gjk_last_error_message(), std::move(result));
  }
  return result;
}

inline DistanceResult answered(DistanceResult result) {
  return answered(result, result.converged);
}

// Converts the C result; GJK_NO_CONVERGENCE still carries bounds, so it is not thrown here
// (batches report it per pair; single queries pass the result to `answered`).
inline DistanceResult distance_result(GjkStatus status, const GjkDistanceResult& r) {
  if (status != GJK_NO_CONVERGENCE) {
    check(status);
  }
  return DistanceResult{r.distance,       vec3(r.point_a), vec3(r.point_b),
                        vec3(r.normal),   r.lower_bound,   r.iterations,
                        r.intersecting,   status == GJK_OK, r.tolerance_call};
}

}  // namespace detail

// Whether shape `a` placed by `pose_a` and shape `b` placed by `pose_b` overlap or touch.
// Throws gjk::Error on an empty shape, a bad pose, or a 2D shape against a 3D shape.
inline bool intersect(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b) {
  bool hit = false;
  detail::check(gjk_intersect(a.get(), &pose_a.c_pose(), b.get(), &pose_b.c_pose(), &hit));
  return hit;
}

// gjk::intersect with options; also throws when the iteration cap is reached.
inline bool intersect(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b,
                      const QueryOptions& options) {
  bool hit = false;
  detail::check(
      gjk_intersect_ex(a.get(), &pose_a.c_pose(), b.get(), &pose_b.c_pose(), &options, &hit));
  return hit;
}

// gjk::intersect with both shapes where they are defined (identity poses).
inline bool intersect(const Shape& a, const Shape& b) {
  bool hit = false;
  detail::check(gjk_intersect(a.get(), nullptr, b.get(), nullptr, &hit));
  return hit;
}

// The distance between shape `a` placed by `pose_a` and shape `b` placed by `pose_b`, with
// closest points, normal and lower bound. Throws gjk::Error like gjk::intersect, and
// gjk::NoConvergence<DistanceResult> with the bounds found at the iteration cap.
inline DistanceResult distance(const Shape& a, const Pose& pose_a, const Shape& b,
                               const Pose& pose_b) {
  GjkDistanceResult r{};
  GjkStatus status = gjk_distance(a.get(), &pose_a.c_pose(), b.get(), &pose_b.c_pose(), &r);
  return detail::answered(detail::distance_result(status, r));
}

// gjk::distance with options.
inline DistanceResult distance(const Shape& a, const Pose& pose_a, const Shape& b,
                               const Pose& pose_b, const QueryOptions& options) {
  GjkDistanceResult r{};
  GjkStatus status =
      gjk_distance_ex(a.get(), &pose_a.c_pose(), b.get(), &pose_b.c_pose(), &options, &r);
  return detail::answered(detail::distance_result(status, r));
}

// gjk::distance with both shapes where they are defined (identity poses).
inline DistanceResult distance(const Shape& a, const Shape& b) {
  GjkDistanceResult r{};
  GjkStatus status = gjk_distance(a.get(), nullptr, b.get(), nullptr, &r);
  return detail::answered(detail::distance_result(status, r));
}

// Where the last query of a pair ended, for the next query of the same pair to start there (see
// gjk_distance_cached): value-initialize it (SimplexCache cache{};) and keep one per pair.
using SimplexCache = GjkSimplexCache;

// gjk::distance warm-started from `cache`, which then holds this query's final simplex. For
// shapes that move a little between calls it usually costs one or two support evaluations.
inline DistanceResult distance(const Shape& a, const Pose& pose_a, const Shape& b,
                               const Pose& pose_b, SimplexCache& cache,
                               const QueryOptions& options = default_options()) {
  GjkDistanceResult r{};
  GjkStatus status = gjk_distance_cached(a.get(), &pose_a.c_pose(), b.get(), &pose_b.c_pose(),
                                         &options, &cache, &r);
  return detail::answered(detail::distance_result(status, r));
}

// gjk::intersect warm-started from `cache`.
inline bool intersect(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b,
                      SimplexCache& cache, const QueryOptions& options = default_options()) {
  bool hit = false;
  detail::check(gjk_intersect_cached(a.get(), &pose_a.c_pose(), b.get(), &pose_b.c_pose(),
                                     &options, &cache, &hit));
  return hit;
}

// One step of a traced distance query: the direction, the support points on A and B and
// their difference, what became of it (outcome: GJK_STEP_*), the simplex with its weights, the
// closest point and the bounds, in the world frame. See gjk_distance_trace in gjk.h.
using TraceStep = GjkTraceStep;

// The answer of gjk::distance_trace: the result of gjk::distance and every step of the search.
struct Trace {
  DistanceResult result;
  std::vector<TraceStep> steps;  // steps.size() == result.iterations
};

// gjk::distance, also recording every support-point evaluation (for debugging and pictures).
// Same answer and errors as gjk::distance; at the iteration cap, gjk::NoConvergence<Trace>
// carries the steps up to it.
inline Trace distance_trace(const Shape& a, const Pose& pose_a, const Shape& b,
                            const Pose& pose_b,
                            const QueryOptions& options = default_options()) {
  GjkDistanceResult r{};
  std::size_t count = 0;
  std::vector<TraceStep> steps(options.max_iterations < 16 ? options.max_iterations : 16);
  auto run = [&] {
    return gjk_distance_trace(a.get(), &pose_a.c_pose(), b.get(), &pose_b.c_pose(), &options,
                              &r, steps.data(), steps.size(), &count);
  };
  GjkStatus status = run();
  if ((status == GJK_OK || status == GJK_NO_CONVERGENCE) && count > steps.size()) {
    steps.resize(count);  // a long search: run it again with room for every step
    status = run();
  }
  steps.resize(count < steps.size() ? count : steps.size());
  DistanceResult result = detail::distance_result(status, r);
  return detail::answered(Trace{result, std::move(steps)}, result.converged);
}

// The answer of gjk::penetration, in the world frame (2D results have z = 0).
struct PenetrationResult {
  double signed_distance;           // < 0: minus the penetration depth; >= 0: the distance
  std::array<double, 3> point_a;    // deepest point of A inside B, or closest point on A
  std::array<double, 3> point_b;    // deepest point of B inside A, or closest point on B
  std::array<double, 3> normal;     // unit, from A towards B: moving B by
                                    // -signed_distance * normal makes the shapes touch
  std::uint32_t iterations;         // support-point evaluations (GJK and EPA; 0: small polygons)
  bool intersecting;                // overlap or touch
  bool converged;                   // false: the iteration cap was reached (GJK_NO_CONVERGENCE)
                                    // and the answer is the best found
};

namespace detail {

// Converts the C result; GJK_NO_CONVERGENCE still carries an answer, so it is not thrown.
inline PenetrationResult penetration_result(GjkStatus status, const GjkPenetrationResult& r) {
  if (status != GJK_NO_CONVERGENCE) {
    check(status);
  }
  return PenetrationResult{r.signed_distance, vec3(r.point_a),  vec3(r.point_b),
                           vec3(r.normal),    r.iterations,     r.intersecting,
                           status == GJK_OK};
}

}  // namespace detail

// How deep shape `a` placed by `pose_a` and shape `b` placed by `pose_b` overlap (minus the
// depth in signed_distance), the direction to push B out of A and the deepest points; their
// distance and closest points when apart. Throws gjk::Error like gjk::intersect, and
// gjk::NoConvergence<PenetrationResult> with the best answer found at the iteration cap.
inline PenetrationResult penetration(const Shape& a, const Pose& pose_a, const Shape& b,
                                     const Pose& pose_b) {
  GjkPenetrationResult r{};
  GjkStatus status = gjk_penetration(a.get(), &pose_a.c_pose(), b.get(), &pose_b.c_pose(), &r);
  PenetrationResult result = detail::penetration_result(status, r);
  return detail::answered(result, result.converged);
}

// gjk::penetration with options.
inline PenetrationResult penetration(const Shape& a, const Pose& pose_a, const Shape& b,
                                     const Pose& pose_b, const QueryOptions& options) {
  GjkPenetrationResult r{};
  GjkStatus status =
      gjk_penetration_ex(a.get(), &pose_a.c_pose(), b.get(), &pose_b.c_pose(), &options, &r);
  PenetrationResult result = detail::penetration_result(status, r);
  return detail::answered(result, result.converged);
}

// Minus the penetration depth when the shapes overlap, their distance otherwise.
inline double signed_distance(const Shape& a, const Pose& pose_a, const Shape& b,
                              const Pose& pose_b) {
  double d = 0.0;
  detail::check(gjk_signed_distance(a.get(), &pose_a.c_pose(), b.get(), &pose_b.c_pose(), &d));
  return d;
}

// A point of a gjk::Manifold, in the world frame (2D: z = 0).
struct ContactPoint {
  std::array<double, 3> point_a;  // the point on A
  std::array<double, 3> point_b;  // the point on B: (point_b - point_a) . normal = separation
  double separation;              // along the normal; < 0 where the shapes overlap
  std::uint32_t id;               // the touching features: the same while they touch
};

// The answer of gjk::contact_manifold: the normal from A to B and up to 2 (2D) or 4 (3D)
// contact points; none when the shapes are farther apart than the margin.
struct Manifold {
  std::array<double, 3> normal;
  std::vector<ContactPoint> points;
  bool converged;  // false: the iteration cap was reached and the manifold is built on the
                   // best normal found (GJK_NO_CONVERGENCE)
};

// The contact manifold of shape `a` placed by `pose_a` and shape `b` placed by `pose_b`: the
// points where they overlap or are less than `margin` apart (speculative contacts), each
// with its point on A and on B, its separation and a feature id (see gjk_contact_manifold).
// Throws gjk::Error like gjk::penetration (a NaN or negative margin: GJK_INVALID_ARGUMENT),
// and gjk::NoConvergence<Manifold> with the manifold on the best normal at the iteration cap.
inline Manifold contact_manifold(const Shape& a, const Pose& pose_a, const Shape& b,
                                 const Pose& pose_b, double margin = 0.0) {
  GjkManifold m{};
  GjkStatus status = gjk_contact_manifold(a.get(), &pose_a.c_pose(), b.get(),
                                          &pose_b.c_pose(), margin, &m);
  if (status != GJK_NO_CONVERGENCE) {
    detail::check(status);
  }
  Manifold out{detail::vec3(m.normal), {}, status == GJK_OK};
  for (std::int32_t i = 0; i < m.count; i++) {
    const GjkContactPoint& p = m.points[i];
    out.points.push_back(
        ContactPoint{detail::vec3(p.point_a), detail::vec3(p.point_b), p.separation, p.id});
  }
  bool converged = out.converged;
  return detail::answered(std::move(out), converged);
}


// ---- Batches: many pairs in one call, on all cores (gjk_distance_batch, gjk_intersect_batch,
// gjk_pairs_within). Shapes are passed as pointers (a nullptr is reported by the library with
// its index); an empty pose vector means identity poses. `threads` caps the worker threads
// (0: one per core); the answers do not depend on it.

// One pair found by gjk::pairs_within: indices i < j into the input, and gjk::distance of
// shape i (as A) against shape j (as B).
struct Pair {
  std::size_t i;
  std::size_t j;
  DistanceResult result;
};

namespace detail {

// `shapes` as C handles in `out` (a nullptr stays one, for the library to report).
inline void handles(const std::vector<const Shape*>& shapes, std::vector<const GjkShape*>& out) {
  out.clear();
  for (const Shape* shape : shapes) {
    out.push_back(shape != nullptr ? shape->get() : nullptr);
  }
}

// The C poses of `poses` in `out` (empty for an empty vector: identities). Throws unless the
// vector is empty or has `count` poses, so that the library never reads past it.
inline void c_poses(const std::vector<Pose>& poses, std::size_t count, const char* name,
                    std::vector<GjkPose>& out) {
  if (!poses.empty() && poses.size() != count) {
    throw Error(GJK_INVALID_ARGUMENT, std::string(name) + " has " +
                                          std::to_string(poses.size()) + " poses for " +
                                          std::to_string(count) + " shapes");
  }
  out.clear();
  for (const Pose& p : poses) {
    out.push_back(p.c_pose());
  }
}

inline const GjkPose* data_or_null(const std::vector<GjkPose>& poses) {
  return poses.empty() ? nullptr : poses.data();
}

inline void same_count(std::size_t a, std::size_t b) {
  if (a != b) {
    throw Error(GJK_INVALID_ARGUMENT, "shapes_a has " + std::to_string(a) +
                                          " shapes but shapes_b has " + std::to_string(b));
  }
}

}  // namespace detail

// The arrays a batch call hands the library and gets back, kept from call to call: once a
// few calls have grown them, a batch of no more pairs than before allocates nothing on the
// C++ side (a game keeps one per system and calls the batches every frame). The answers of
// the last call of each kind are in distances(), hits() and pairs().
class BatchBuffers {
 public:
  // The results of the last distance_batch into these buffers, one per pair.
  const std::vector<DistanceResult>& distances() const noexcept { return distances_; }
  // The results of the last intersect_batch into these buffers (0 or 1), one per pair.
  const std::vector<unsigned char>& hits() const noexcept { return hits_; }
  // The pairs found by the last pairs_within into these buffers, sorted by (i, j).
  const std::vector<Pair>& pairs() const noexcept { return pairs_; }

 private:
  friend void distance_batch(BatchBuffers&, const std::vector<const Shape*>&,
                             const std::vector<Pose>&, const std::vector<const Shape*>&,
                             const std::vector<Pose>&, unsigned, const QueryOptions&);
  friend void intersect_batch(BatchBuffers&, const std::vector<const Shape*>&,
                              const std::vector<Pose>&, const std::vector<const Shape*>&,
                              const std::vector<Pose>&, unsigned, const QueryOptions&);
  friend void pairs_within(BatchBuffers&, const std::vector<const Shape*>&,
                           const std::vector<Pose>&, double, unsigned, const QueryOptions&);

  // Fills the handles and poses of the pairs (shapes_a[k], shapes_b[k]) and sizes the statuses.
  void prepare(const std::vector<const Shape*>& shapes_a, const std::vector<Pose>& poses_a,
               const std::vector<const Shape*>& shapes_b, const std::vector<Pose>& poses_b) {
    const std::size_t n = shapes_a.size();
    detail::same_count(n, shapes_b.size());
    detail::handles(shapes_a, a_);
    detail::handles(shapes_b, b_);
    detail::c_poses(poses_a, n, "poses_a", pa_);
    detail::c_poses(poses_b, n, "poses_b", pb_);
    statuses_.assign(n, GJK_OK);
  }

  std::vector<const GjkShape*> a_, b_;
  std::vector<GjkPose> pa_, pb_;
  std::vector<GjkStatus> statuses_;
  std::vector<GjkDistanceResult> raw_;
  std::vector<DistanceResult> distances_;
  std::vector<unsigned char> hits_;
  std::vector<Pair> pairs_;
};

// gjk::distance of every pair k: shapes_a[k] placed by poses_a[k] against shapes_b[k] placed by
// poses_b[k], identical to the single calls, into `buffers.distances()` (see BatchBuffers).
// Throws gjk::Error for the first pair that fails (the message names it, "pair 7: ...");
// reaching the iteration cap is reported by each result's `converged`, as in gjk::distance.
inline void distance_batch(BatchBuffers& buffers, const std::vector<const Shape*>& shapes_a,
                           const std::vector<Pose>& poses_a,
                           const std::vector<const Shape*>& shapes_b,
                           const std::vector<Pose>& poses_b, unsigned threads = 0,
                           const QueryOptions& options = default_options()) {
  buffers.prepare(shapes_a, poses_a, shapes_b, poses_b);
  const std::size_t n = shapes_a.size();
  buffers.raw_.resize(n);
  GjkStatus status = gjk_distance_batch(
      buffers.a_.data(), detail::data_or_null(buffers.pa_), buffers.b_.data(),
      detail::data_or_null(buffers.pb_), n, &options, threads, buffers.raw_.data(),
      buffers.statuses_.data());
  if (status != GJK_NO_CONVERGENCE) {
    detail::check(status);
  }
  buffers.distances_.clear();
  for (std::size_t k = 0; k < n; ++k) {
    buffers.distances_.push_back(detail::distance_result(buffers.statuses_[k], buffers.raw_[k]));
  }
}

// gjk::intersect of every pair k, identical to the single calls, into `buffers.hits()`. Throws
// gjk::Error for the first pair that fails (also on the iteration cap, as gjk::intersect with
// options).
inline void intersect_batch(BatchBuffers& buffers, const std::vector<const Shape*>& shapes_a,
                            const std::vector<Pose>& poses_a,
                            const std::vector<const Shape*>& shapes_b,
                            const std::vector<Pose>& poses_b, unsigned threads = 0,
                            const QueryOptions& options = default_options()) {
  buffers.prepare(shapes_a, poses_a, shapes_b, poses_b);
  const std::size_t n = shapes_a.size();
  // The library writes C bools; unsigned char has their size and alignment on every ABI the
  // header supports (checked below).
  static_assert(sizeof(bool) == sizeof(unsigned char), "bool is one byte");
  buffers.hits_.assign(n, 0);
  detail::check(gjk_intersect_batch(buffers.a_.data(), detail::data_or_null(buffers.pa_),
                                    buffers.b_.data(), detail::data_or_null(buffers.pb_), n,
                                    &options, threads,
                                    reinterpret_cast<bool*>(buffers.hits_.data()), nullptr));
}

// distance_batch returning its results (buffers of its own, allocated by each call).
inline std::vector<DistanceResult> distance_batch(const std::vector<const Shape*>& shapes_a,
                                                  const std::vector<Pose>& poses_a,
                                                  const std::vector<const Shape*>& shapes_b,
                                                  const std::vector<Pose>& poses_b,
                                                  unsigned threads = 0,
                                                  const QueryOptions& options = default_options()) {
  BatchBuffers buffers;
  distance_batch(buffers, shapes_a, poses_a, shapes_b, poses_b, threads, options);
  return buffers.distances();
}

// intersect_batch returning its results (buffers of its own, allocated by each call).
inline std::vector<bool> intersect_batch(const std::vector<const Shape*>& shapes_a,
                                         const std::vector<Pose>& poses_a,
                                         const std::vector<const Shape*>& shapes_b,
                                         const std::vector<Pose>& poses_b, unsigned threads = 0,
                                         const QueryOptions& options = default_options()) {
  BatchBuffers buffers;
  intersect_batch(buffers, shapes_a, poses_a, shapes_b, poses_b, threads, options);
  return std::vector<bool>(buffers.hits().begin(), buffers.hits().end());
}

// Every pair of `shapes` (placed by `poses`) whose distance is at most `separation` (0: the
// pairs that overlap or touch), sorted by (i, j), into `buffers.pairs()`: exactly what
// gjk::distance over all pairs i < j keeps, found through a broad phase on up to `threads`
// threads. All shapes must have one dimension. Throws gjk::Error on bad input (the message
// names the shape or pair). The library builds its list in memory of its own, freed before the
// call returns.
inline void pairs_within(BatchBuffers& buffers, const std::vector<const Shape*>& shapes,
                         const std::vector<Pose>& poses, double separation, unsigned threads = 0,
                         const QueryOptions& options = default_options()) {
  detail::handles(shapes, buffers.a_);
  detail::c_poses(poses, shapes.size(), "poses", buffers.pa_);
  GjkPairList* raw = nullptr;
  detail::check(gjk_pairs_within(buffers.a_.data(), detail::data_or_null(buffers.pa_),
                                 buffers.a_.size(), separation, &options, threads, &raw));
  std::unique_ptr<GjkPairList, void (*)(GjkPairList*)> list(raw, gjk_pair_list_free);
  buffers.pairs_.clear();
  const std::size_t count = gjk_pair_list_len(list.get());
  for (std::size_t k = 0; k < count; ++k) {
    GjkPair p{};
    detail::check(gjk_pair_list_get(list.get(), k, &p));
    buffers.pairs_.push_back(Pair{p.i, p.j, detail::distance_result(GJK_OK, p.result)});
  }
}

// pairs_within returning a new vector.
inline std::vector<Pair> pairs_within(const std::vector<const Shape*>& shapes,
                                      const std::vector<Pose>& poses, double separation,
                                      unsigned threads = 0,
                                      const QueryOptions& options = default_options()) {
  BatchBuffers buffers;
  pairs_within(buffers, shapes, poses, separation, threads, options);
  return buffers.pairs();
}

// ---- Casts: rays and linearly moving shapes ----

// The first hit of a ray (see gjk_ray_cast). `hit` is false on a miss.
struct RayHit {
  bool hit;                         // the ray meets the shape within [0, max_t]
  double t;                         // the point is origin + t * direction; 0 when starting inside
  std::array<double, 3> point;      // the point hit, world frame (2D: z = 0)
  std::array<double, 3> normal;     // unit outward normal; minus the unit direction when inside
  std::uint32_t iterations;         // support-point evaluations (0 for spheres and boxes)
  bool started_inside;              // the ray starts inside the shape or on it (t = 0)
};

// The first contact of two shapes in linear motion (see gjk_shape_cast). `hit` is false when
// they never come within the target separation in [0, max_t].
struct ShapeCastHit {
  bool hit;                         // contact within [0, max_t]
  double t;                         // the time of contact; 0 when already within the target
  std::array<double, 3> point_a;    // point of A closest to B at time t
  std::array<double, 3> point_b;    // point of B closest to A at time t
  std::array<double, 3> normal;     // unit, from A towards B at time t
  double signed_distance;           // the target for a later contact; at t = 0, the distance or
                                    // minus the penetration depth
  std::uint32_t iterations;         // support-point evaluations over all steps
  bool started_within;              // already within the target at t = 0
};

// The first hit of the ray origin + t * direction, 0 <= t <= max_t (may be infinite), on
// `shape` placed by `pose`. 2D shapes use x and y. Throws gjk::Error on bad input (zero
// direction, NaN, negative max_t) and when the iteration cap is reached.
inline RayHit ray_cast(const Shape& shape, const Pose& pose, const std::array<double, 3>& origin,
                       const std::array<double, 3>& direction,
                       double max_t = std::numeric_limits<double>::infinity(),
                       const QueryOptions& options = default_options()) {
  GjkRayHit r{};
  detail::check(gjk_ray_cast_ex(shape.get(), &pose.c_pose(), origin.data(), direction.data(),
                                max_t, &options, &r));
  return RayHit{r.hit, r.t, detail::vec3(r.point), detail::vec3(r.normal), r.iterations,
                r.started_inside};
}

// The first time in [0, max_t] at which `a` (at `pose_a`, moving with `velocity_a`) and `b`
// (at `pose_b`, moving with `velocity_b`) come within `target_separation` (0: touch). Throws
// gjk::Error on bad input and when the iteration cap is reached.
inline ShapeCastHit shape_cast(const Shape& a, const Pose& pose_a,
                               const std::array<double, 3>& velocity_a, const Shape& b,
                               const Pose& pose_b, const std::array<double, 3>& velocity_b,
                               double max_t = std::numeric_limits<double>::infinity(), double target_separation = 0.0,
                               const QueryOptions& options = default_options()) {
  GjkShapeCastHit r{};
  detail::check(gjk_shape_cast_ex(a.get(), &pose_a.c_pose(), velocity_a.data(), b.get(),
                                  &pose_b.c_pose(), velocity_b.data(), max_t, target_separation,
                                  &options, &r));
  return ShapeCastHit{r.hit,           r.t,          detail::vec3(r.point_a),
                      detail::vec3(r.point_b), detail::vec3(r.normal), r.signed_distance,
                      r.iterations,    r.started_within};
}

}  // namespace gjk

#endif  // GJK_HPP
