/*
 * gjk_shape_aabb through the C ABI: turned boxes and hulls against their corners turned here,
 * 2D shapes (z = 0), a callback shape, NULL arguments named, and bad poses refused with the
 * queries' own messages. Built and run (under valgrind and the sanitizers when available) by
 * tests/tools/c.rs. Ends with the line "N passed, N failed".
 */
#include "gjk.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* The rotation matrix of the unit quaternion (x, y, z, w). */
static void rotation_of(const double q[4], double r[3][3]) {
  double x = q[0], y = q[1], z = q[2], w = q[3];
  r[0][0] = 1 - 2 * (y * y + z * z);
  r[0][1] = 2 * (x * y - z * w);
  r[0][2] = 2 * (x * z + y * w);
  r[1][0] = 2 * (x * y + z * w);
  r[1][1] = 1 - 2 * (x * x + z * z);
  r[1][2] = 2 * (y * z - x * w);
  r[2][0] = 2 * (x * z - y * w);
  r[2][1] = 2 * (y * z + x * w);
  r[2][2] = 1 - 2 * (x * x + y * y);
}

/* The box of `count` points placed by (r, t): their least and largest world coordinates. */
static void box_of_points(const double *xyz, int count, double r[3][3], const double t[3],
                          double lo[3], double hi[3]) {
  for (int i = 0; i < 3; i++) {
    lo[i] = INFINITY;
    hi[i] = -INFINITY;
  }
  for (int k = 0; k < count; k++) {
    for (int i = 0; i < 3; i++) {
      double c = t[i] + r[i][0] * xyz[3 * k] + r[i][1] * xyz[3 * k + 1] + r[i][2] * xyz[3 * k + 2];
      lo[i] = fmin(lo[i], c);
      hi[i] = fmax(hi[i], c);
    }
  }
}

/* Whether the corners equal the expected ones within `tol`, printing them when not. */
static int corners_near(const double lo[3], const double hi[3], const double want_lo[3],
                        const double want_hi[3], double tol) {
  int ok = 1;
  for (int i = 0; i < 3; i++) {
    ok = ok && NEAR(lo[i], want_lo[i], tol) && NEAR(hi[i], want_hi[i], tol);
  }
  if (!ok) {
    fprintf(stderr, "  got [%g %g %g]..[%g %g %g], want [%g %g %g]..[%g %g %g]\n", lo[0], lo[1],
            lo[2], hi[0], hi[1], hi[2], want_lo[0], want_lo[1], want_lo[2], want_hi[0],
            want_hi[1], want_hi[2]);
  }
  return ok;
}

/* A box and a hull turned about (1, 2, 2) / 3 by 0.7 rad and moved: their corners, turned
 * here, span the boxes; the box's corners are its half extents' signs. */
static void test_turned_box_and_hull(void) {
  double h[3] = {1.0, 2.0, 3.0};
  double corners[8 * 3];
  for (int k = 0; k < 8; k++) {
    for (int i = 0; i < 3; i++) corners[3 * k + i] = (k >> i & 1) ? h[i] : -h[i];
  }
  double s = sin(0.35), q[4] = {s / 3, 2 * s / 3, 2 * s / 3, cos(0.35)};
  double t[3] = {10.0, -5.0, 2.0}, r[3][3], want_lo[3], want_hi[3], lo[3], hi[3];
  rotation_of(q, r);
  GjkPose pose = gjk_pose_3d(t, q);
  GjkShape *box, *hull;
  CHECK(gjk_box_new(h[0], h[1], h[2], &box) == GJK_OK);
  box_of_points(corners, 8, r, t, want_lo, want_hi);
  CHECK(gjk_shape_aabb(box, &pose, lo, hi) == GJK_OK);
  CHECK(corners_near(lo, hi, want_lo, want_hi, 1e-12));
  /* NULL pose: the identity, the half extents themselves. */
  double minus_h[3] = {-1.0, -2.0, -3.0};
  CHECK(gjk_shape_aabb(box, NULL, lo, hi) == GJK_OK);
  CHECK(corners_near(lo, hi, minus_h, h, 0.0));
  /* An irregular hull: only its points reach the faces of the box. */
  double points[6 * 3] = {0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 1, 1, 1, -0.5, 0.3, 0.2};
  CHECK(gjk_polytope_new(points, 6, &hull) == GJK_OK);
  box_of_points(points, 6, r, t, want_lo, want_hi);
  CHECK(gjk_shape_aabb(hull, &pose, lo, hi) == GJK_OK);
  CHECK(corners_near(lo, hi, want_lo, want_hi, 1e-12));
  gjk_shape_free(box);
  gjk_shape_free(hull);
}

/* Curved shapes against closed forms: a capsule along z turned a quarter about x lies along
 * y; a cone keeps its base at -z and apex at +z; a rounded box grows by its radius. */
static void test_curved(void) {
  GjkShape *capsule, *cone, *box, *rounded;
  CHECK(gjk_capsule_new(1.0, 0.5, &capsule) == GJK_OK);
  double q[4] = {sin(M_PI / 4), 0.0, 0.0, cos(M_PI / 4)}, lo[3], hi[3];
  GjkPose quarter = gjk_pose_3d(NULL, q);
  double cap_lo[3] = {-0.5, -1.5, -0.5}, cap_hi[3] = {0.5, 1.5, 0.5};
  CHECK(gjk_shape_aabb(capsule, &quarter, lo, hi) == GJK_OK);
  CHECK(corners_near(lo, hi, cap_lo, cap_hi, 1e-12));
  CHECK(gjk_cone_new(2.0, 1.0, &cone) == GJK_OK);
  double cone_lo[3] = {-1.0, -1.0, -2.0}, cone_hi[3] = {1.0, 1.0, 2.0};
  CHECK(gjk_shape_aabb(cone, NULL, lo, hi) == GJK_OK);
  CHECK(corners_near(lo, hi, cone_lo, cone_hi, 1e-15));
  CHECK(gjk_box_new(1.0, 1.0, 1.0, &box) == GJK_OK);
  CHECK(gjk_rounded_new(box, 0.25, &rounded) == GJK_OK);
  double round_lo[3] = {-1.25, -1.25, -1.25}, round_hi[3] = {1.25, 1.25, 1.25};
  CHECK(gjk_shape_aabb(rounded, NULL, lo, hi) == GJK_OK);
  CHECK(corners_near(lo, hi, round_lo, round_hi, 1e-15));
  gjk_shape_free(capsule);
  gjk_shape_free(cone);
  gjk_shape_free(box);
  gjk_shape_free(rounded);
}

/* 2D shapes: z is 0 in both corners, exactly, under 2D and z-only 3D poses. */
static void test_planar(void) {
  GjkShape *circle, *rectangle;
  double lo[3] = {9, 9, 9}, hi[3] = {9, 9, 9};
  CHECK(gjk_circle_new(0.5, &circle) == GJK_OK);
  GjkPose at = gjk_pose_2d(1.0, 2.0, 0.7);
  double disc_lo[3] = {0.5, 1.5, 0.0}, disc_hi[3] = {1.5, 2.5, 0.0};
  CHECK(gjk_shape_aabb(circle, &at, lo, hi) == GJK_OK);
  CHECK(corners_near(lo, hi, disc_lo, disc_hi, 1e-15));
  CHECK(lo[2] == 0.0 && hi[2] == 0.0);
  /* A 2 x 1 rectangle turned a quarter about z (as a 3D pose): its extents swap. */
  CHECK(gjk_rectangle_new(2.0, 1.0, &rectangle) == GJK_OK);
  double q[4] = {0.0, 0.0, sin(M_PI / 4), cos(M_PI / 4)}, t[3] = {-3.0, 4.0, 0.0};
  GjkPose quarter = gjk_pose_3d(t, q);
  double rect_lo[3] = {-4.0, 2.0, 0.0}, rect_hi[3] = {-2.0, 6.0, 0.0};
  lo[2] = hi[2] = 9;
  CHECK(gjk_shape_aabb(rectangle, &quarter, lo, hi) == GJK_OK);
  CHECK(corners_near(lo, hi, rect_lo, rect_hi, 1e-12));
  CHECK(lo[2] == 0.0 && hi[2] == 0.0);
  gjk_shape_free(circle);
  gjk_shape_free(rectangle);
}

/* The support function of a ball of radius *user_data about the origin. */
static void ball_support(void *user_data, const double *direction, double *out_point) {
  double radius = *(const double *)user_data;
  double n = sqrt(direction[0] * direction[0] + direction[1] * direction[1] +
                  direction[2] * direction[2]);
  for (int i = 0; i < 3; i++) out_point[i] = n > 0 ? radius * direction[i] / n : 0.0;
}

/* A shape of the caller's support function is bounded as the built-in ones. */
static void test_callback(void) {
  static double radius = 2.0;
  GjkShape *ball;
  CHECK(gjk_support_shape_new(3, ball_support, &radius, NULL, &ball) == GJK_OK);
  double t[3] = {1.0, 2.0, 3.0}, lo[3], hi[3];
  GjkPose at = gjk_pose_3d(t, NULL);
  double want_lo[3] = {-1.0, 0.0, 1.0}, want_hi[3] = {3.0, 4.0, 5.0};
  CHECK(gjk_shape_aabb(ball, &at, lo, hi) == GJK_OK);
  CHECK(corners_near(lo, hi, want_lo, want_hi, 1e-12));
  gjk_shape_free(ball);
}

/* The message after its argument's name ("pose_a: pose rotation ..." -> "pose rotation ..."). */
static const char *after_name(const char *message) {
  const char *colon = strstr(message, ": ");
  return colon ? colon + 2 : message;
}

/* NULL arguments are named; bad poses fail as in the queries, with the same message (but for
 * the argument's name); nothing is written on failure. */
static void test_bad_input(void) {
  GjkShape *circle, *sphere;
  CHECK(gjk_circle_new(1.0, &circle) == GJK_OK);
  CHECK(gjk_sphere_new(1.0, &sphere) == GJK_OK);
  double lo[3], hi[3];
  EXPECT_ERROR(gjk_shape_aabb(NULL, NULL, lo, hi), GJK_NULL_POINTER, "shape is NULL");
  EXPECT_ERROR(gjk_shape_aabb(circle, NULL, NULL, hi), GJK_NULL_POINTER, "min is NULL");
  EXPECT_ERROR(gjk_shape_aabb(circle, NULL, lo, NULL), GJK_NULL_POINTER, "max is NULL");
  double h = sqrt(0.5);
  struct {
    const GjkShape *shape;
    GjkPose pose;
  } bad[] = {
      {sphere, {{0, 0, 0}, {0, 0, 0, 2}}},      /* a quaternion of norm 2 */
      {sphere, {{NAN, 0, 0}, {0, 0, 0, 1}}},    /* a NaN position */
      {sphere, {{0, 0, 0}, {NAN, 0, 0, 1}}},    /* a NaN rotation */
      {circle, {{1e51, 0, 0}, {0, 0, 0, 1}}},   /* beyond the supported magnitude */
      {circle, {{0, 0, 0}, {h, 0, 0, h}}},      /* a 2D shape tilted about x */
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    GjkDistanceResult r;
    CHECK(gjk_distance(bad[k].shape, &bad[k].pose, bad[k].shape, NULL, &r) ==
          GJK_INVALID_ARGUMENT);
    char query[512];
    snprintf(query, sizeof query, "%s", gjk_last_error_message());
    for (int i = 0; i < 3; i++) lo[i] = hi[i] = 7.0;
    EXPECT_ERROR(gjk_shape_aabb(bad[k].shape, &bad[k].pose, lo, hi), GJK_INVALID_ARGUMENT,
                 "pose: ");
    CHECK(strcmp(after_name(gjk_last_error_message()), after_name(query)) == 0);
    CHECK(lo[0] == 7.0 && lo[1] == 7.0 && lo[2] == 7.0 && hi[0] == 7.0 && hi[1] == 7.0 &&
          hi[2] == 7.0);
  }
  gjk_shape_free(circle);
  gjk_shape_free(sphere);
}

int main(void) {
  test_turned_box_and_hull();
  test_curved();
  test_planar();
  test_callback();
  test_bad_input();
  return SUMMARY();
}
