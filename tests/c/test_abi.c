/*
 * Exercises every function of the C ABI, with good and bad input, against known geometry.
 * Built and run (under valgrind when available) by tests/tools/c.rs.
 * Ends with the line "N passed, N failed"; exits non-zero on any failure.
 */
#include "gjk.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static GjkShape *make_polygon(const double *xy, size_t n) {
  GjkShape *s = NULL;
  CHECK(gjk_polygon_new(xy, n, &s) == GJK_OK);
  CHECK(s != NULL);
  return s;
}

static void test_version_and_strings(void) {
  char expected[64];
  snprintf(expected, sizeof expected, "%d.%d.%d", GJK_VERSION_MAJOR, GJK_VERSION_MINOR,
           GJK_VERSION_PATCH);
  CHECK(strcmp(gjk_version(), expected) == 0);
  CHECK(strcmp(gjk_status_string(GJK_OK), "ok") == 0);
  GjkStatus codes[] = {GJK_NULL_POINTER, GJK_INVALID_ARGUMENT, GJK_DIMENSION_MISMATCH,
                       GJK_NO_CONVERGENCE, GJK_INTERNAL_ERROR};
  for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
    const char *text = gjk_status_string(codes[i]);
    CHECK(text != NULL && strlen(text) > 3);
    for (size_t j = 0; j < i; j++) CHECK(strcmp(text, gjk_status_string(codes[j])) != 0);
  }
  CHECK(strcmp(gjk_status_string(42), "unknown status code") == 0);
  CHECK(strcmp(gjk_status_string(-1), "unknown status code") == 0);
  CHECK(gjk_last_error_message() != NULL);
  CHECK(strcmp(gjk_last_error_message(), "") == 0); /* nothing failed yet on this thread */
}

/* The classic tutorial scenario: squares and a triangle touching at a corner. */
static void test_tutorial_scenario(void) {
  double square1[] = {0, 0, 3, 0, 3, 3, 0, 3};
  double square2[] = {2, 2, 5, 2, 5, 5, 2, 5};
  double triangle[] = {3, 3, 5, 3, 3, 5};
  double far_square[] = {6, 0, 9, 0, 9, 3, 6, 3};
  GjkShape *a = make_polygon(square1, 4), *b = make_polygon(square2, 4);
  GjkShape *t = make_polygon(triangle, 3), *f = make_polygon(far_square, 4);
  CHECK(gjk_shape_dimension(a) == 2);
  bool hit = false;
  CHECK(gjk_intersect(a, NULL, b, NULL, &hit) == GJK_OK && hit);
  hit = false;
  CHECK(gjk_intersect(a, NULL, t, NULL, &hit) == GJK_OK && hit); /* touching intersects */
  GjkDistanceResult r;
  CHECK(gjk_distance(a, NULL, t, NULL, &r) == GJK_OK);
  CHECK(r.intersecting && r.distance == 0.0);
  CHECK(NEAR(r.point_a[0], 3, 1e-12) && NEAR(r.point_a[1], 3, 1e-12) && r.point_a[2] == 0);
  CHECK(gjk_intersect(a, NULL, f, NULL, &hit) == GJK_OK && !hit);
  CHECK(gjk_distance(a, NULL, f, NULL, &r) == GJK_OK);
  CHECK(!r.intersecting && NEAR(r.distance, 3.0, 1e-12));
  CHECK(NEAR(r.point_a[0], 3, 1e-12) && NEAR(r.point_b[0], 6, 1e-12));
  CHECK(NEAR(r.normal[0], 1, 1e-12) && NEAR(r.normal[1], 0, 1e-12) && r.normal[2] == 0);
  CHECK(r.lower_bound <= r.distance && r.lower_bound > 3.0 - 1e-12);
  CHECK(r.iterations == 0); /* two small polygons: the exact kernel, no support point */
  /* The same squares moved by poses: the far square brought next to the first. */
  GjkPose moved = gjk_pose_2d(-4.0, 0.0, 0.0);
  CHECK(gjk_distance(a, NULL, f, &moved, &r) == GJK_OK && r.intersecting);
  /* Turned 45 degrees about its corner (0, 0) and moved to (14, 0), the first square's
     leftmost corner is (14 - 3/sqrt(2), 3/sqrt(2)), facing the far square's edge x = 9. */
  GjkPose turned = gjk_pose_2d(14.0, 0.0, M_PI / 4);
  CHECK(gjk_distance(f, NULL, a, &turned, &r) == GJK_OK);
  CHECK(NEAR(r.distance, 5.0 - 3.0 / sqrt(2.0), 1e-12));
  CHECK(NEAR(r.point_a[0], 9.0, 1e-12) && NEAR(r.point_b[1], 3.0 / sqrt(2.0), 1e-12));
  gjk_shape_free(a);
  gjk_shape_free(b);
  gjk_shape_free(t);
  gjk_shape_free(f);
}

/* Shapes at the origin; the points sit at (1, 2[, 3]), the corner of the rectangle / box. */
static void test_every_constructor(void) {
  GjkShape *s[20] = {0};
  int n = 0;
  double pts3[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  double pts2[] = {0, 0, 1, 0, 0, 1};
  CHECK(gjk_polygon_new(pts2, 3, &s[n++]) == GJK_OK);
  CHECK(gjk_polygon_new_scanning(pts2, 3, &s[n++]) == GJK_OK);
  CHECK(gjk_circle_new(1, &s[n++]) == GJK_OK);
  CHECK(gjk_ellipse_new(2, 1, &s[n++]) == GJK_OK);
  CHECK(gjk_stadium_new(2, 1, &s[n++]) == GJK_OK);
  int rectangle = n;
  CHECK(gjk_rectangle_new(1, 2, &s[n++]) == GJK_OK);
  int point2 = n;
  CHECK(gjk_point2d_new(1, 2, &s[n++]) == GJK_OK);
  CHECK(gjk_segment2d_new(0, 0, 1, 1, &s[n++]) == GJK_OK);
  int planar = n;
  CHECK(gjk_polytope_new(pts3, 4, &s[n++]) == GJK_OK);
  CHECK(gjk_polytope_new_scanning(pts3, 4, &s[n++]) == GJK_OK);
  CHECK(gjk_sphere_new(1, &s[n++]) == GJK_OK);
  CHECK(gjk_ellipsoid_new(1, 2, 3, &s[n++]) == GJK_OK);
  CHECK(gjk_capsule_new(1, 0.5, &s[n++]) == GJK_OK);
  int box = n;
  CHECK(gjk_box_new(1, 2, 3, &s[n++]) == GJK_OK);
  int point3 = n;
  CHECK(gjk_point3d_new(1, 2, 3, &s[n++]) == GJK_OK);
  CHECK(gjk_segment3d_new(0, 0, 0, 1, 1, 1, &s[n++]) == GJK_OK);
  for (int i = 0; i < n; i++) {
    CHECK(s[i] != NULL);
    CHECK(gjk_shape_dimension(s[i]) == (i < planar ? 2u : 3u));
  }
  /* Every pair of the same dimension answers; every mixed pair is a dimension mismatch. */
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      GjkDistanceResult r;
      bool hit;
      GjkPose far = gjk_pose_2d(100, 0, 0.3);
      bool same = (i < planar) == (j < planar);
      if (same) {
        CHECK(gjk_distance(s[i], NULL, s[j], &far, &r) == GJK_OK);
        CHECK(!r.intersecting && r.distance > 80 && r.distance < 120);
        CHECK(r.lower_bound <= r.distance && r.lower_bound > r.distance * (1 - 1e-9));
        CHECK(NEAR(r.normal[0] * r.normal[0] + r.normal[1] * r.normal[1] +
                       r.normal[2] * r.normal[2],
                   1.0, 1e-12));
        bool point_i = i == point2 || i == point3, point_j = j == point2 || j == point3;
        int other = point_i ? j : i;
        bool expected = (!point_i && !point_j) || (point_i && point_j) || other == rectangle ||
                        other == box;
        CHECK(gjk_intersect(s[i], NULL, s[j], NULL, &hit) == GJK_OK && hit == expected);
        CHECK(gjk_distance(s[i], NULL, s[j], NULL, &r) == GJK_OK && r.intersecting == expected);
      } else {
        EXPECT_ERROR(gjk_distance(s[i], NULL, s[j], NULL, &r), GJK_DIMENSION_MISMATCH, "2D");
        EXPECT_ERROR(gjk_intersect(s[i], NULL, s[j], NULL, &hit), GJK_DIMENSION_MISMATCH, "3D");
      }
    }
  }
  for (int i = 0; i < n; i++) gjk_shape_free(s[i]);
}

/* A large cloud built with and without the hull's edge graph gives the same answers, and
   the right ones: the hull of 1200 points spread over the unit sphere lies between the
   sphere and the sphere shrunk by its sagitta (under 0.005 at this spacing), so a ball of
   radius 0.5 whose centre is c away is c - 1.5 to c - 1.5 + 0.005 from it. */
static void test_scanning_hull(void) {
  enum { N = 1200 };
  static double xyz[3 * N];
  for (int i = 0; i < N; i++) {
    double z = 1.0 - 2.0 * (i + 0.5) / N, r = sqrt(1.0 - z * z), phi = 2.399963229728653 * i;
    xyz[3 * i] = r * cos(phi);
    xyz[3 * i + 1] = r * sin(phi);
    xyz[3 * i + 2] = z;
  }
  GjkShape *climbing, *scanning, *ball;
  CHECK(gjk_polytope_new(xyz, N, &climbing) == GJK_OK);
  CHECK(gjk_polytope_new_scanning(xyz, N, &scanning) == GJK_OK);
  CHECK(gjk_sphere_new(0.5, &ball) == GJK_OK);
  for (int k = 0; k < 20; k++) {
    double position[3] = {3 * cos(k), 3 * sin(k), 0.1 * k - 1}, rotation[4] = {0, 0, 0, 1};
    GjkPose at = gjk_pose_3d(position, rotation);
    GjkDistanceResult x, y;
    CHECK(gjk_distance(climbing, NULL, ball, &at, &x) == GJK_OK);
    CHECK(gjk_distance(scanning, NULL, ball, &at, &y) == GJK_OK);
    double c = sqrt(position[0] * position[0] + position[1] * position[1] +
                    position[2] * position[2]);
    CHECK(NEAR(x.distance, y.distance, 1e-12));
    CHECK(y.distance >= c - 1.5 - 1e-12 && y.distance <= c - 1.5 + 0.005);
  }
  gjk_shape_free(climbing);
  gjk_shape_free(scanning);
  gjk_shape_free(ball);
}

/* Single-precision input: the same shapes as from doubles, widened exactly. */
static void test_float_input(void) {
  float square_f[] = {0, 0, 3, 0, 3, 3, 0, 3};
  float cube_f[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1};
  double third = 1.0f / 3.0f; /* exactly representable in both */
  float tri_f[] = {4, 0, 5, 0, 4, (float)third};
  GjkShape *a, *b, *c;
  CHECK(gjk_polygon_new_f32(square_f, 4, &a) == GJK_OK && gjk_shape_dimension(a) == 2);
  CHECK(gjk_polygon_new_f32(tri_f, 3, &b) == GJK_OK);
  CHECK(gjk_polytope_new_f32(cube_f, 8, &c) == GJK_OK && gjk_shape_dimension(c) == 3);
  GjkDistanceResult r;
  CHECK(gjk_distance(a, NULL, b, NULL, &r) == GJK_OK && r.distance == 1.0);
  double pos[3] = {0.5, 0.5, 3.0};
  GjkPose above = gjk_pose_3d(pos, NULL);
  CHECK(gjk_distance(c, NULL, c, &above, &r) == GJK_OK && NEAR(r.distance, 2.0, 1e-15));
  GjkShape *a_scan, *c_scan;
  CHECK(gjk_polygon_new_scanning_f32(square_f, 4, &a_scan) == GJK_OK);
  CHECK(gjk_polytope_new_scanning_f32(cube_f, 8, &c_scan) == GJK_OK);
  CHECK(gjk_distance(a_scan, NULL, b, NULL, &r) == GJK_OK && r.distance == 1.0);
  CHECK(gjk_distance(c_scan, NULL, c, &above, &r) == GJK_OK && NEAR(r.distance, 2.0, 1e-15));
  gjk_shape_free(a_scan);
  gjk_shape_free(c_scan);
  float bad_f[] = {0, 0, 1, (float)NAN};
  GjkShape *s = NULL;
  EXPECT_ERROR(gjk_polygon_new_f32(bad_f, 2, &s), GJK_INVALID_ARGUMENT, "point 1 coordinate 1");
  EXPECT_ERROR(gjk_polytope_new_f32(NULL, 2, &s), GJK_NULL_POINTER, "xyz is NULL");
  EXPECT_ERROR(gjk_polytope_new_f32(cube_f, 0, &s), GJK_INVALID_ARGUMENT, "count is 0");
  EXPECT_ERROR(gjk_polygon_new_scanning_f32(bad_f, 2, &s), GJK_INVALID_ARGUMENT,
               "point 1 coordinate 1");
  CHECK(s == NULL);
  gjk_shape_free(a);
  gjk_shape_free(b);
  gjk_shape_free(c);
}

static void test_analytic_3d(void) {
  GjkShape *sphere, *box, *capsule;
  CHECK(gjk_sphere_new(1.0, &sphere) == GJK_OK);
  CHECK(gjk_box_new(1.0, 2.0, 3.0, &box) == GJK_OK);
  CHECK(gjk_capsule_new(2.0, 0.5, &capsule) == GJK_OK);
  double pos[3] = {5.0, 0.5, -1.0};
  GjkPose p = gjk_pose_3d(pos, NULL);
  GjkDistanceResult r;
  CHECK(gjk_distance(box, NULL, sphere, &p, &r) == GJK_OK);
  CHECK(NEAR(r.distance, 3.0, 1e-9) && NEAR(r.point_a[0], 1.0, 1e-9) &&
        NEAR(r.point_b[0], 4.0, 1e-9) && NEAR(r.point_b[1], 0.5, 1e-6));
  /* A capsule along z, turned 90 degrees about y so that it lies along x. */
  double q[4] = {0.0, sin(M_PI / 4), 0.0, cos(M_PI / 4)};
  double cpos[3] = {0.0, 0.0, 10.0};
  GjkPose c = gjk_pose_3d(cpos, q);
  CHECK(gjk_distance(box, NULL, capsule, &c, &r) == GJK_OK);
  CHECK(NEAR(r.distance, 10.0 - 3.0 - 0.5, 1e-9));
  CHECK(NEAR(r.normal[2], 1.0, 1e-9));
  bool hit = true;
  CHECK(gjk_intersect(box, NULL, capsule, &c, &hit) == GJK_OK && !hit);
  gjk_shape_free(sphere);
  gjk_shape_free(box);
  gjk_shape_free(capsule);
}

static void test_bad_input(void) {
  GjkShape *s = (GjkShape *)0x1; /* must stay untouched on failure */
  double nan = NAN, inf = INFINITY;
  EXPECT_ERROR(gjk_circle_new(-1, &s), GJK_INVALID_ARGUMENT, "negative");
  EXPECT_ERROR(gjk_circle_new(nan, &s), GJK_INVALID_ARGUMENT, "radius");
  EXPECT_ERROR(gjk_sphere_new(inf, &s), GJK_INVALID_ARGUMENT, "finite");
  EXPECT_ERROR(gjk_sphere_new(1, NULL), GJK_NULL_POINTER, "out");
  EXPECT_ERROR(gjk_ellipse_new(1, -2, &s), GJK_INVALID_ARGUMENT, "semi-axis 1");
  EXPECT_ERROR(gjk_ellipsoid_new(1, 2, nan, &s), GJK_INVALID_ARGUMENT, "semi-axis 2");
  EXPECT_ERROR(gjk_box_new(1, -1, 1, &s), GJK_INVALID_ARGUMENT, "half extent 1");
  EXPECT_ERROR(gjk_rectangle_new(inf, 1, &s), GJK_INVALID_ARGUMENT, "half extent 0");
  EXPECT_ERROR(gjk_capsule_new(-1, 1, &s), GJK_INVALID_ARGUMENT, "half_length");
  EXPECT_ERROR(gjk_stadium_new(1, -1, &s), GJK_INVALID_ARGUMENT, "radius");
  EXPECT_ERROR(gjk_point2d_new(nan, 0, &s), GJK_INVALID_ARGUMENT, "point");
  EXPECT_ERROR(gjk_point3d_new(0, 0, inf, &s), GJK_INVALID_ARGUMENT, "component 2");
  EXPECT_ERROR(gjk_segment2d_new(0, 0, nan, 0, &s), GJK_INVALID_ARGUMENT, "second endpoint");
  EXPECT_ERROR(gjk_segment3d_new(0, inf, 0, 0, 0, 0, &s), GJK_INVALID_ARGUMENT, "first endpoint");
  EXPECT_ERROR(gjk_segment2d_new(-1e308, 0, 1e308, 0, &s), GJK_INVALID_ARGUMENT,
               "first endpoint component 0 is -1e308, beyond the supported magnitude 1e50");
  EXPECT_ERROR(gjk_segment2d_new(0, 0, 1e-60, 0, &s), GJK_INVALID_ARGUMENT,
               "below the smallest supported nonzero size 1e-50");
  EXPECT_ERROR(gjk_sphere_new(2 * GJK_MAX_MAGNITUDE, &s), GJK_INVALID_ARGUMENT, "radius");
  EXPECT_ERROR(gjk_box_new(1, GJK_MIN_SIZE / 2, 1, &s), GJK_INVALID_ARGUMENT, "half extent 1");
  double pts[] = {0, 0, 1, 0, nan, 1, 0, 1};
  EXPECT_ERROR(gjk_polygon_new(pts, 4, &s), GJK_INVALID_ARGUMENT, "point 2 coordinate 0");
  EXPECT_ERROR(gjk_polygon_new(pts, 0, &s), GJK_INVALID_ARGUMENT, "count is 0");
  EXPECT_ERROR(gjk_polygon_new(NULL, 4, &s), GJK_NULL_POINTER, "xy is NULL");
  EXPECT_ERROR(gjk_polytope_new(NULL, 1, &s), GJK_NULL_POINTER, "xyz is NULL");
  EXPECT_ERROR(gjk_polygon_new_scanning(pts, 4, &s), GJK_INVALID_ARGUMENT, "point 2 coordinate 0");
  EXPECT_ERROR(gjk_polytope_new_scanning(NULL, 1, &s), GJK_NULL_POINTER, "xyz is NULL");
  EXPECT_ERROR(gjk_polytope_new_scanning(pts, 1, NULL), GJK_NULL_POINTER, "out");
  EXPECT_ERROR(gjk_polytope_new(pts, (size_t)-1, &s), GJK_INVALID_ARGUMENT, "too large");
  EXPECT_ERROR(gjk_polytope_new(pts, 1, NULL), GJK_NULL_POINTER, "out");
  double huge[] = {-1e308, 0, 0, 1e308, 0, 0};
  EXPECT_ERROR(gjk_polytope_new(huge, 2, &s), GJK_INVALID_ARGUMENT,
               "point 0 coordinate 0 is -1e308, beyond the supported magnitude");
  CHECK(s == (GjkShape *)0x1);

  GjkShape *a, *b, *c3;
  CHECK(gjk_circle_new(1, &a) == GJK_OK);
  CHECK(gjk_rectangle_new(1, 1, &b) == GJK_OK);
  CHECK(gjk_sphere_new(1, &c3) == GJK_OK);
  GjkDistanceResult r;
  memset(&r, 0xAB, sizeof r);
  GjkDistanceResult untouched = r;
  bool hit = false;
  EXPECT_ERROR(gjk_distance(NULL, NULL, b, NULL, &r), GJK_NULL_POINTER, "shape a");
  EXPECT_ERROR(gjk_distance(a, NULL, NULL, NULL, &r), GJK_NULL_POINTER, "shape b");
  EXPECT_ERROR(gjk_distance(a, NULL, b, NULL, NULL), GJK_NULL_POINTER, "out");
  EXPECT_ERROR(gjk_intersect(a, NULL, b, NULL, NULL), GJK_NULL_POINTER, "out");
  EXPECT_ERROR(gjk_intersect(NULL, NULL, NULL, NULL, &hit), GJK_NULL_POINTER, "NULL");

  GjkPose bad = gjk_pose_2d(nan, 0, 0);
  EXPECT_ERROR(gjk_distance(a, &bad, b, NULL, &r), GJK_INVALID_ARGUMENT, "pose_a");
  bad = gjk_pose_2d(0, 0, inf);
  EXPECT_ERROR(gjk_distance(a, NULL, b, &bad, &r), GJK_INVALID_ARGUMENT, "pose_b");
  GjkPose zero;
  memset(&zero, 0, sizeof zero); /* a zero-initialised pose is the identity */
  GjkDistanceResult from_null, from_zero;
  CHECK(gjk_distance(a, NULL, b, NULL, &from_null) == GJK_OK);
  CHECK(gjk_distance(a, &zero, b, &zero, &from_zero) == GJK_OK);
  CHECK(from_null.distance == from_zero.distance && from_null.iterations == from_zero.iterations &&
        memcmp(from_null.point_b, from_zero.point_b, sizeof from_null.point_b) == 0);
  zero.rotation[3] = 1e-3; /* not all zeros: neither unit nor the identity */
  EXPECT_ERROR(gjk_intersect(a, &zero, b, NULL, &hit), GJK_INVALID_ARGUMENT, "unit quaternion");
  double tilt[4] = {1, 0, 0, 0}; /* 180 degrees about x: not a 2D rotation */
  GjkPose tilted = gjk_pose_3d(NULL, tilt);
  EXPECT_ERROR(gjk_intersect(a, &tilted, b, NULL, &hit), GJK_INVALID_ARGUMENT, "about z");
  CHECK(gjk_intersect(c3, &tilted, c3, NULL, &hit) == GJK_OK && hit); /* fine in 3D */
  double scaled[4] = {0, 0, 0, 2};
  GjkPose not_unit = gjk_pose_3d(NULL, scaled);
  EXPECT_ERROR(gjk_distance(c3, NULL, c3, &not_unit, &r), GJK_INVALID_ARGUMENT, "norm 2");
  double almost[4] = {0, 0, 0, 1.0000001};
  GjkPose nearly_unit = gjk_pose_3d(NULL, almost);
  CHECK(gjk_distance(c3, NULL, c3, &nearly_unit, &r) == GJK_OK && r.intersecting);
  /* A 2D shape ignores z of the position. */
  GjkPose lifted = gjk_pose_2d(5, 0, 0);
  lifted.position[2] = 7;
  CHECK(gjk_distance(a, NULL, b, &lifted, &r) == GJK_OK && NEAR(r.distance, 3.0, 1e-12));

  memset(&r, 0xAB, sizeof r);
  GjkQueryOptions o = gjk_query_options_default();
  CHECK(o.relative_tolerance == 1e-12 && o.max_iterations == 128);
  o.relative_tolerance = -1;
  EXPECT_ERROR(gjk_distance_ex(a, NULL, b, NULL, &o, &r), GJK_INVALID_ARGUMENT, "relative_tolerance");
  o.relative_tolerance = nan;
  EXPECT_ERROR(gjk_intersect_ex(a, NULL, b, NULL, &o, &hit), GJK_INVALID_ARGUMENT, "relative_tolerance");
  o = gjk_query_options_default();
  o.max_iterations = 0;
  EXPECT_ERROR(gjk_distance_ex(a, NULL, b, NULL, &o, &r), GJK_INVALID_ARGUMENT, "max_iterations");
  CHECK(memcmp(&r, &untouched, sizeof r) == 0); /* nothing written on failure */

  /* The iteration cap: an ellipse and a circle cannot converge in 2 evaluations; the
     bounds of the capped answer still bracket the converged distance. */
  GjkShape *e;
  CHECK(gjk_ellipse_new(2, 1, &e) == GJK_OK);
  GjkPose p = gjk_pose_2d(4.0, 2.0, 0.0);
  o = gjk_query_options_default();
  o.relative_tolerance = 0;
  GjkDistanceResult best;
  CHECK(gjk_distance_ex(e, NULL, a, &p, &o, &best) == GJK_OK && best.iterations > 2);
  o.max_iterations = 2;
  EXPECT_ERROR(gjk_distance_ex(e, NULL, a, &p, &o, &r), GJK_NO_CONVERGENCE, "no convergence");
  CHECK(r.lower_bound <= best.distance && best.distance <= r.distance && r.iterations == 2);
  o.max_iterations = 1; /* one support point cannot decide */
  EXPECT_ERROR(gjk_intersect_ex(e, NULL, a, &p, &o, &hit), GJK_NO_CONVERGENCE, "no convergence");
  gjk_shape_free(e);
  /* Two circles: the first search direction is already the right one. */
  p = gjk_pose_2d(3.0, 1.0, 0.0);
  CHECK(gjk_distance(a, NULL, a, &p, &r) == GJK_OK && NEAR(r.distance, sqrt(10.0) - 2.0, 1e-14));

  gjk_shape_free(a);
  gjk_shape_free(b);
  gjk_shape_free(c3);
  gjk_shape_free(NULL); /* a no-op */
  CHECK(gjk_shape_dimension(NULL) == 0);
}

static void test_penetration(void) {
  double square1[] = {0, 0, 3, 0, 3, 3, 0, 3};
  double square2[] = {2, 2, 5, 2, 5, 5, 2, 5};
  double triangle[] = {3, 3, 5, 3, 3, 5};
  GjkShape *a = make_polygon(square1, 4), *b = make_polygon(square2, 4);
  GjkShape *t = make_polygon(triangle, 3);
  GjkPenetrationResult p;
  /* Overlapping by 1 along x and along y: either axis is a shortest way out. */
  CHECK(gjk_penetration(a, NULL, b, NULL, &p) == GJK_OK);
  CHECK(p.intersecting && NEAR(p.signed_distance, -1.0, 1e-15));
  CHECK((NEAR(p.normal[0], 1, 1e-15) && NEAR(p.normal[1], 0, 1e-15)) ||
        (NEAR(p.normal[0], 0, 1e-15) && NEAR(p.normal[1], 1, 1e-15)));
  /* Two small polygons: the exact kernel (the least overlap along an edge normal). */
  CHECK(p.normal[2] == 0 && p.point_a[2] == 0 && p.iterations == 0);
  /* Moving B by the depth along the normal leaves them touching. */
  GjkPose out_of_a = gjk_pose_2d(p.normal[0], p.normal[1], 0);
  GjkDistanceResult d;
  CHECK(gjk_distance(a, NULL, b, &out_of_a, &d) == GJK_OK && d.intersecting);
  double sd = 1;
  CHECK(gjk_signed_distance(a, NULL, b, &out_of_a, &sd) == GJK_OK && sd == 0.0);
  /* Touching: depth 0. Apart: the distance. */
  CHECK(gjk_penetration(a, NULL, t, NULL, &p) == GJK_OK && p.intersecting && p.signed_distance == 0);
  GjkPose moved = gjk_pose_2d(2.0, 1.0, 0.0);
  CHECK(gjk_penetration(a, NULL, t, &moved, &p) == GJK_OK && !p.intersecting);
  /* The distance is an upper bound on the exact sqrt(5), within a few ulps (4.4e-16 each). */
  CHECK(NEAR(p.signed_distance, sqrt(5.0), 4e-15));
  CHECK(gjk_signed_distance(a, NULL, t, &moved, &sd) == GJK_OK && NEAR(sd, sqrt(5.0), 4e-15));
  /* Spheres overlapping by 0.5 along a diagonal. */
  GjkShape *s;
  CHECK(gjk_sphere_new(1.0, &s) == GJK_OK);
  double c[3] = {1.5 / sqrt(3.0), 1.5 / sqrt(3.0), 1.5 / sqrt(3.0)};
  GjkPose pc = gjk_pose_3d(c, NULL);
  CHECK(gjk_penetration(s, NULL, s, &pc, &p) == GJK_OK && NEAR(p.signed_distance, -0.5, 1e-15));
  CHECK(NEAR(p.normal[0], 1 / sqrt(3.0), 1e-15) && NEAR(p.point_a[2], 1 / sqrt(3.0), 1e-15));
  /* Errors. */
  EXPECT_ERROR(gjk_penetration(a, NULL, s, NULL, &p), GJK_DIMENSION_MISMATCH, "3D");
  EXPECT_ERROR(gjk_penetration(a, NULL, b, NULL, NULL), GJK_NULL_POINTER, "out");
  EXPECT_ERROR(gjk_signed_distance(a, NULL, NULL, NULL, &sd), GJK_NULL_POINTER, "shape b");
  GjkShape *e;
  CHECK(gjk_ellipsoid_new(1, 2, 3, &e) == GJK_OK);
  GjkQueryOptions o = gjk_query_options_default();
  o.max_iterations = 2;
  o.relative_tolerance = 0;
  double tilt[4] = {0.1, 0.2, 0.3, sqrt(1 - 0.14)};
  GjkPose pe = gjk_pose_3d(c, tilt);
  memset(&p, 0, sizeof p);
  EXPECT_ERROR(gjk_penetration_ex(e, NULL, e, &pe, &o, &p), GJK_NO_CONVERGENCE, "no convergence");
  CHECK(isfinite(p.signed_distance) && NEAR(p.normal[0] * p.normal[0] + p.normal[1] * p.normal[1] + p.normal[2] * p.normal[2], 1, 1e-12));
  o.max_iterations = 1000;
  o.relative_tolerance = 1e-9;
  CHECK(gjk_penetration_ex(e, NULL, e, &pe, &o, &p) == GJK_OK && p.signed_distance < -0.5);
  gjk_shape_free(a);
  gjk_shape_free(b);
  gjk_shape_free(t);
  gjk_shape_free(s);
  gjk_shape_free(e);
}

/* The last error message is per thread. */
/* Exact mode on libccd's box sweep (boxbox.c, AlignedX): box 1 (1 x 2 x 1) moves from x = -5
   by x += 0.1 past box 2 (2 x 1 x 2) at the origin. At step 35 the boxes are apart by exactly
   3 * 2^-51, at step 65 they overlap by 3 * 2^-52: the default calls both within its touching
   tolerance; exact mode answers both exactly, the gap as one double. */
static void test_exact_mode(void) {
  GjkShape *box1, *box2, *e;
  CHECK(gjk_box_new(0.5, 1.0, 0.5, &box1) == GJK_OK);
  CHECK(gjk_box_new(1.0, 0.5, 1.0, &box2) == GJK_OK);
  GjkQueryOptions exact = gjk_query_options_default();
  CHECK(!exact.exact); /* off by default */
  exact.exact = true;
  double x = -5.0;
  for (int i = 0; i < 100; i++) {
    double position[3] = {x, 0, 0};
    GjkPose at = gjk_pose_3d(position, NULL);
    GjkDistanceResult r;
    bool hit = false;
    CHECK(gjk_distance_ex(box1, &at, box2, NULL, &exact, &r) == GJK_OK);
    CHECK(gjk_intersect_ex(box1, &at, box2, NULL, &exact, &hit) == GJK_OK);
    CHECK(hit == r.intersecting && !r.tolerance_call);
    CHECK(r.lower_bound <= r.distance && r.distance - r.lower_bound <= ldexp(r.lower_bound, -30));
    if (i == 35) {
      CHECK(!r.intersecting && r.distance == 3.0 * ldexp(1.0, -51) && r.lower_bound == r.distance);
      GjkDistanceResult loose;
      CHECK(gjk_distance(box1, &at, box2, NULL, &loose) == GJK_OK);
      CHECK(!loose.intersecting || loose.tolerance_call); /* the default: no false proof */
    }
    if (i == 65) CHECK(r.intersecting && r.distance == 0.0);
    x += 0.1;
  }
  CHECK(gjk_ellipse_new(2, 1, &e) == GJK_OK);
  GjkDistanceResult r;
  EXPECT_ERROR(gjk_distance_ex(e, NULL, e, NULL, &exact, &r), GJK_INVALID_ARGUMENT, "exact");
  /* A byte other than 0 or 1 where the flag is (a struct built against the older header, where
     it was padding): read as a byte, any nonzero value is true, never undefined behaviour. */
  GjkQueryOptions garbage = gjk_query_options_default();
  memset(&garbage.exact, 0xAB, 1);
  CHECK(gjk_distance_ex(box1, NULL, box2, NULL, &garbage, &r) == GJK_OK && r.intersecting);
  EXPECT_ERROR(gjk_distance_ex(e, NULL, e, NULL, &garbage, &r), GJK_INVALID_ARGUMENT, "exact");
  gjk_shape_free(e);
  gjk_shape_free(box1);
  gjk_shape_free(box2);
}

static void *fail_in_thread(void *arg) {
  (void)arg;
  GjkShape *s;
  gjk_circle_new(-5, &s);
  return strstr(gjk_last_error_message(), "-5") ? (void *)1 : NULL;
}

static void test_thread_local_message(void) {
  GjkShape *s;
  gjk_sphere_new(-1, &s);
  pthread_t t;
  void *ok = NULL;
  CHECK(pthread_create(&t, NULL, fail_in_thread, NULL) == 0);
  CHECK(pthread_join(t, &ok) == 0 && ok != NULL);
  CHECK(strstr(gjk_last_error_message(), "-1") != NULL);
}

int main(void) {
  test_version_and_strings();
  test_tutorial_scenario();
  test_every_constructor();
  test_scanning_hull();
  test_float_input();
  test_analytic_3d();
  test_bad_input();
  test_penetration();
  test_exact_mode();
  test_thread_local_message();
  return SUMMARY();
}
