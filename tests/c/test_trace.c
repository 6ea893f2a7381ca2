/*
 * Exercises gjk_distance_trace: a query worked by hand step by step, the consistency of every
 * record with the result, truncated traces, the iteration cap, and bad arguments.
 * Built and run (under valgrind when available) by tests/tools/c.rs.
 * Ends with the line "N passed, N failed"; exits non-zero on any failure.
 */
#include "gjk.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

#define MAX_STEPS 200

static int same3(const double *p, double x, double y, double z) {
  return p[0] == x && p[1] == y && p[2] == z;
}

/* Every record against the result: numbering, weights, closest point, bounds. */
static void check_consistent(const GjkTraceStep *steps, size_t count,
                             const GjkDistanceResult *r) {
  CHECK(count == r->iterations);
  for (size_t i = 0; i < count; i++) {
    const GjkTraceStep *s = &steps[i];
    CHECK(s->iteration == i + 1);
    CHECK(i == 0 ? s->outcome == GJK_STEP_STARTED
                 : (i + 1 == count || s->outcome == GJK_STEP_ADDED));
    CHECK(s->simplex_count >= 1 && s->simplex_count <= 4);
    double total = 0, combination[3] = {0, 0, 0};
    for (uint32_t k = 0; k < s->simplex_count; k++) {
      CHECK(s->weights[k] > 0 && s->weights[k] <= 1);
      total += s->weights[k];
      for (int c = 0; c < 3; c++) {
        combination[c] += s->weights[k] * s->simplex_w[k][c];
        CHECK(NEAR(s->simplex_w[k][c], s->simplex_a[k][c] - s->simplex_b[k][c], 1e-12));
      }
    }
    CHECK(NEAR(total, 1, 1e-12));
    for (int c = 0; c < 3; c++) CHECK(NEAR(combination[c], s->closest[c], 1e-9));
    CHECK(0 <= s->lower_bound && s->lower_bound <= s->upper_bound);
    if (i > 0) {
      CHECK(s->upper_bound <= steps[i - 1].upper_bound);
      CHECK(s->lower_bound >= steps[i - 1].lower_bound);
    }
  }
  if (count > 0 && !r->intersecting) {
    CHECK(steps[count - 1].upper_bound == r->distance);
    CHECK(steps[count - 1].lower_bound == r->lower_bound);
  }
}

/* Two 3 x 3 squares, B at (5, 1): the steps worked by hand (see tests/it/trace.rs). */
static void test_squares_by_hand(void) {
  double square[] = {0, 0, 3, 0, 3, 3, 0, 3};
  GjkShape *a = NULL;
  CHECK(gjk_polygon_new(square, 4, &a) == GJK_OK);
  GjkPose at = gjk_pose_2d(5, 1, 0);
  GjkTraceStep steps[MAX_STEPS];
  GjkDistanceResult r;
  size_t count = 0;
  CHECK(gjk_distance_trace(a, NULL, a, &at, NULL, &r, steps, MAX_STEPS, &count) == GJK_OK);
  CHECK(count == 3 && r.distance == 2);
  CHECK(same3(steps[0].direction, 5, 1, 0) && same3(steps[0].support_a, 3, 3, 0));
  CHECK(same3(steps[0].support_b, 5, 1, 0) && same3(steps[0].support_w, -2, 2, 0));
  CHECK(steps[0].simplex_count == 1 && steps[0].weights[0] == 1);
  CHECK(NEAR(steps[0].upper_bound, sqrt(8), 1e-15) && steps[0].lower_bound == 0);
  CHECK(same3(steps[1].direction, 2, -2, 0) && same3(steps[1].support_w, -2, -4, 0));
  CHECK(steps[1].outcome == GJK_STEP_ADDED && steps[1].simplex_count == 2);
  CHECK(NEAR(steps[1].closest[0], -2, 1e-15) && NEAR(steps[1].closest[1], 0, 1e-15));
  for (int k = 0; k < 2; k++) {
    double expected = steps[1].simplex_w[k][1] == 2 ? 2.0 / 3 : 1.0 / 3;
    CHECK(NEAR(steps[1].weights[k], expected, 1e-15));
  }
  CHECK(same3(steps[2].direction, 2, 0, 0));
  CHECK(steps[2].outcome == GJK_STEP_REPEATED || steps[2].outcome == GJK_STEP_GAP_CLOSED);
  CHECK(NEAR(steps[2].lower_bound, 2, 1e-12) && steps[2].upper_bound == 2);
  check_consistent(steps, count, &r);

  /* The answer is gjk_distance's within rounding: on two small polygons the plain query is
     the exact polygon kernel's (no support point), the traced one GJK's; their closest points
     may be other points of the same closest features (A's edge x = 3, B's edge x = 5). */
  GjkDistanceResult plain;
  CHECK(gjk_distance(a, NULL, a, &at, &plain) == GJK_OK);
  CHECK(plain.distance == r.distance && plain.intersecting == r.intersecting);
  CHECK(plain.iterations == 0 && NEAR(plain.lower_bound, r.lower_bound, 1e-14));
  CHECK(same3(plain.normal, 1, 0, 0) && NEAR(r.normal[0], 1, 1e-15) && NEAR(r.normal[1], 0, 1e-15));
  CHECK(plain.point_a[0] == 3 && plain.point_b[0] == 5 && plain.point_a[1] == plain.point_b[1]);
  CHECK(plain.point_a[1] >= 1 && plain.point_a[1] <= 3);

  /* A short buffer gets the first steps; the count says how many there were. */
  GjkTraceStep two[2];
  memset(two, 0x5a, sizeof two);
  unsigned char untouched[sizeof(GjkTraceStep)];
  memcpy(untouched, &two[1], sizeof untouched);
  count = 0;
  CHECK(gjk_distance_trace(a, NULL, a, &at, NULL, &r, two, 1, &count) == GJK_OK);
  CHECK(count == 3 && two[0].iteration == 1 && two[0].outcome == steps[0].outcome);
  CHECK(memcmp(two[0].support_w, steps[0].support_w, sizeof steps[0].support_w) == 0);
  CHECK(two[0].upper_bound == steps[0].upper_bound);
  CHECK(memcmp(&two[1], untouched, sizeof untouched) == 0); /* never written: no padding read */
  /* No buffer at all: only the count. */
  count = 0;
  CHECK(gjk_distance_trace(a, NULL, a, &at, NULL, &r, NULL, 0, &count) == GJK_OK);
  CHECK(count == 3);
  gjk_shape_free(a);
}

static void test_curved_and_3d(void) {
  GjkShape *circle = NULL, *triangle = NULL, *sphere = NULL, *box = NULL, *ellipse = NULL;
  double tri[] = {0, 0, 4, 0, 0, 4};
  CHECK(gjk_circle_new(1, &circle) == GJK_OK);
  CHECK(gjk_polygon_new(tri, 3, &triangle) == GJK_OK);
  CHECK(gjk_sphere_new(0.5, &sphere) == GJK_OK);
  CHECK(gjk_box_new(1, 2, 3, &box) == GJK_OK);
  CHECK(gjk_ellipse_new(3, 1, &ellipse) == GJK_OK);
  GjkTraceStep steps[MAX_STEPS];
  GjkDistanceResult r;
  size_t count = 0;

  /* A circle runs as its centre: every support point of A is the centre (5, 5). */
  GjkPose at = gjk_pose_2d(5, 5, 0);
  CHECK(gjk_distance_trace(triangle, NULL, circle, &at, NULL, &r, steps, MAX_STEPS, &count) ==
        GJK_OK);
  CHECK(NEAR(r.distance, 3 * sqrt(2) - 1, 1e-12));
  for (size_t i = 0; i < count; i++) CHECK(same3(steps[i].support_b, 5, 5, 0));
  check_consistent(steps, count, &r);

  /* 3D: a sphere over a rotated box. */
  double p[3] = {4, 1, 0.5}, q[4] = {0.2, 0.3, 0.1, 0.927};
  double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  for (int k = 0; k < 4; k++) q[k] /= n;
  GjkPose placed = gjk_pose_3d(p, q);
  CHECK(gjk_distance_trace(box, &placed, sphere, NULL, NULL, &r, steps, MAX_STEPS, &count) ==
        GJK_OK);
  CHECK(!r.intersecting && r.distance > 0);
  check_consistent(steps, count, &r);

  /* The iteration cap: NO_CONVERGENCE, with the steps up to the cap. */
  GjkQueryOptions capped = gjk_query_options_default();
  capped.relative_tolerance = 0;
  capped.max_iterations = 3;
  GjkPose far = gjk_pose_2d(7, 2, 0.5);
  CHECK(gjk_distance_trace(ellipse, NULL, ellipse, &far, &capped, &r, steps, MAX_STEPS,
                           &count) == GJK_NO_CONVERGENCE);
  CHECK(count == 3 && r.iterations == 3);
  CHECK(steps[2].upper_bound == r.distance);

  gjk_shape_free(circle);
  gjk_shape_free(triangle);
  gjk_shape_free(sphere);
  gjk_shape_free(box);
  gjk_shape_free(ellipse);
}

static void test_bad_arguments(void) {
  GjkShape *circle = NULL, *sphere = NULL;
  CHECK(gjk_circle_new(1, &circle) == GJK_OK);
  CHECK(gjk_sphere_new(1, &sphere) == GJK_OK);
  GjkTraceStep steps[4];
  GjkDistanceResult r;
  size_t count = 0;
  EXPECT_ERROR(gjk_distance_trace(circle, NULL, circle, NULL, NULL, &r, NULL, 4, &count),
               GJK_NULL_POINTER, "steps is NULL");
  EXPECT_ERROR(gjk_distance_trace(circle, NULL, circle, NULL, NULL, NULL, steps, 4, &count),
               GJK_NULL_POINTER, "out");
  EXPECT_ERROR(gjk_distance_trace(circle, NULL, circle, NULL, NULL, &r, steps, 4, NULL),
               GJK_NULL_POINTER, "step_count");
  EXPECT_ERROR(gjk_distance_trace(NULL, NULL, circle, NULL, NULL, &r, steps, 4, &count),
               GJK_NULL_POINTER, "shape a");
  EXPECT_ERROR(gjk_distance_trace(circle, NULL, sphere, NULL, NULL, &r, steps, 4, &count),
               GJK_DIMENSION_MISMATCH, "2D");
  GjkQueryOptions bad = gjk_query_options_default();
  bad.max_iterations = 0;
  EXPECT_ERROR(gjk_distance_trace(circle, NULL, circle, NULL, &bad, &r, steps, 4, &count),
               GJK_INVALID_ARGUMENT, "max_iterations");
  GjkPose nan_pose = gjk_pose_2d(NAN, 0, 0);
  EXPECT_ERROR(gjk_distance_trace(circle, NULL, circle, &nan_pose, NULL, &r, steps, 4, &count),
               GJK_INVALID_ARGUMENT, "pose_b");
  gjk_shape_free(circle);
  gjk_shape_free(sphere);
}

int main(void) {
  test_squares_by_hand();
  test_curved_and_3d();
  test_bad_arguments();
  return SUMMARY();
}
