/*
 * The cylinder, the cone and rounded shapes through the C ABI, against closed-form answers,
 * and their validation. Built and run (under valgrind and the sanitizers when available) by
 * tests/tools/c.rs. Ends with the line "N passed, N failed".
 */
#include "gjk.h"

#include <math.h>
#include <stdio.h>

#include "check.h"

/* The distance from `a` (at the identity) to `b` placed at `pos`, or -1 on failure. */
static double distance_at(const GjkShape *a, const GjkShape *b, double x, double y, double z) {
  double pos[3] = {x, y, z};
  GjkPose p = gjk_pose_3d(pos, NULL);
  GjkDistanceResult r;
  if (gjk_distance(a, NULL, b, &p, &r) != GJK_OK) return -1.0;
  return r.distance;
}

static void test_cylinder(void) {
  GjkShape *cylinder, *ball, *point;
  CHECK(gjk_cylinder_new(2.0, 1.0, &cylinder) == GJK_OK);
  CHECK(gjk_sphere_new(0.5, &ball) == GJK_OK);
  CHECK(gjk_point3d_new(0, 0, 0, &point) == GJK_OK);
  CHECK(gjk_shape_dimension(cylinder) == 3);
  /* Beside the curved side, above the flat top, beyond the rim's edge (radial 2, axial 1). */
  CHECK(NEAR(distance_at(cylinder, ball, 4.0, 0.0, 1.0), 2.5, 1e-9));
  CHECK(NEAR(distance_at(cylinder, point, 0.0, 0.0, 5.0), 3.0, 1e-12));
  CHECK(NEAR(distance_at(cylinder, point, 0.0, -3.0, -3.0), sqrt(5.0), 1e-9));
  /* Turned a quarter about x, the axis lies along y: its radius now spans z. */
  double q[4] = {sin(M_PI / 4), 0.0, 0.0, cos(M_PI / 4)}, far[3] = {0.0, 0.0, 5.0};
  GjkPose turned = gjk_pose_3d(NULL, q), at = gjk_pose_3d(far, NULL);
  GjkDistanceResult r;
  CHECK(gjk_distance(cylinder, &turned, ball, &at, &r) == GJK_OK);
  CHECK(NEAR(r.distance, 3.5, 1e-9) && NEAR(r.normal[2], 1.0, 1e-9));
  CHECK(NEAR(r.point_a[2], 1.0, 1e-9) && NEAR(r.point_b[2], 4.5, 1e-9));
  /* Overlapping the side by 0.5: the penetration pushes B out along +x. */
  double near[3] = {1.5, 0.0, 0.0};
  GjkPose overlap = gjk_pose_3d(near, NULL);
  GjkPenetrationResult p;
  CHECK(gjk_penetration(cylinder, NULL, ball, &overlap, &p) == GJK_OK);
  CHECK(p.intersecting && NEAR(p.signed_distance, 0.0, 1e-9)); /* touching: 1.5 = 1 + 0.5 */
  near[0] = 1.2;
  overlap = gjk_pose_3d(near, NULL);
  CHECK(gjk_penetration(cylinder, NULL, ball, &overlap, &p) == GJK_OK);
  CHECK(p.intersecting && NEAR(p.signed_distance, -0.3, 1e-9) && NEAR(p.normal[0], 1.0, 1e-9));
  gjk_shape_free(cylinder);
  gjk_shape_free(ball);
  gjk_shape_free(point);
}

static void test_cone(void) {
  GjkShape *cone, *point;
  CHECK(gjk_cone_new(2.0, 1.0, &cone) == GJK_OK);
  CHECK(gjk_point3d_new(0, 0, 0, &point) == GJK_OK);
  /* Above the apex, below the base, beside the base's rim. */
  CHECK(NEAR(distance_at(cone, point, 0.0, 0.0, 5.0), 3.0, 1e-12));
  CHECK(NEAR(distance_at(cone, point, 0.0, 0.0, -5.0), 3.0, 1e-12));
  CHECK(NEAR(distance_at(cone, point, 0.0, 3.0, -2.0), 2.0, 1e-9));
  /* 1 out from the middle of the slant (radial 0.5, z 0), along its normal (4, 1) / sqrt 17. */
  double s = sqrt(17.0);
  CHECK(NEAR(distance_at(cone, point, 0.5 + 4.0 / s, 0.0, 1.0 / s), 1.0, 1e-9));
  bool hit = false;
  double inside[3] = {0.2, 0.0, -1.0};
  GjkPose in = gjk_pose_3d(inside, NULL);
  CHECK(gjk_intersect(cone, NULL, point, &in, &hit) == GJK_OK && hit);
  gjk_shape_free(cone);
  gjk_shape_free(point);
}

static void test_rounded(void) {
  GjkShape *box, *rounded_box, *point;
  CHECK(gjk_box_new(1, 1, 1, &box) == GJK_OK);
  CHECK(gjk_rounded_new(box, 0.5, &rounded_box) == GJK_OK);
  gjk_shape_free(box); /* the rounded shape holds its own copy */
  CHECK(gjk_point3d_new(0, 0, 0, &point) == GJK_OK);
  CHECK(NEAR(distance_at(rounded_box, point, 3.0, 0.0, 0.0), 1.5, 1e-12));
  CHECK(NEAR(distance_at(rounded_box, point, 3.0, 3.0, 3.0), 2.0 * sqrt(3.0) - 0.5, 1e-9));
  bool hit = false;
  double corner[3] = {1.3, 1.3, 1.0};
  GjkPose c = gjk_pose_3d(corner, NULL);
  CHECK(gjk_intersect(rounded_box, NULL, point, &c, &hit) == GJK_OK && hit); /* 0.42 < 0.5 */
  corner[0] = corner[1] = 1.4;                                                 /* 0.57 > 0.5 */
  c = gjk_pose_3d(corner, NULL);
  CHECK(gjk_intersect(rounded_box, NULL, point, &c, &hit) == GJK_OK && !hit);

  /* 2D: a rounded square against a circle; a rounded circle is a larger circle. */
  double square[] = {-1, -1, 1, -1, 1, 1, -1, 1};
  GjkShape *polygon, *rounded_polygon, *circle, *rounded_circle, *point2;
  CHECK(gjk_polygon_new(square, 4, &polygon) == GJK_OK);
  CHECK(gjk_rounded_new(polygon, 0.25, &rounded_polygon) == GJK_OK);
  CHECK(gjk_shape_dimension(rounded_polygon) == 2);
  CHECK(gjk_circle_new(1.0, &circle) == GJK_OK);
  CHECK(gjk_rounded_new(circle, 1.0, &rounded_circle) == GJK_OK);
  CHECK(gjk_point2d_new(0, 0, &point2) == GJK_OK);
  GjkPose right = gjk_pose_2d(5.0, 0.0, 0.7);
  GjkDistanceResult r;
  CHECK(gjk_distance(rounded_polygon, NULL, circle, &right, &r) == GJK_OK);
  CHECK(NEAR(r.distance, 2.75, 1e-12) && NEAR(r.point_a[0], 1.25, 1e-12) && r.point_a[2] == 0);
  CHECK(gjk_distance(rounded_circle, NULL, point2, &right, &r) == GJK_OK);
  CHECK(NEAR(r.distance, 3.0, 1e-12));

  /* Validation. */
  GjkShape *s = (GjkShape *)0x1; /* must stay untouched on failure */
  EXPECT_ERROR(gjk_cylinder_new(-1, 1, &s), GJK_INVALID_ARGUMENT, "half_height");
  EXPECT_ERROR(gjk_cylinder_new(1, INFINITY, &s), GJK_INVALID_ARGUMENT, "radius");
  EXPECT_ERROR(gjk_cone_new(NAN, 1, &s), GJK_INVALID_ARGUMENT, "half_height");
  EXPECT_ERROR(gjk_cone_new(1, -2, &s), GJK_INVALID_ARGUMENT, "radius");
  EXPECT_ERROR(gjk_cone_new(1, 1, NULL), GJK_NULL_POINTER, "out");
  EXPECT_ERROR(gjk_rounded_new(NULL, 1, &s), GJK_NULL_POINTER, "shape");
  EXPECT_ERROR(gjk_rounded_new(circle, -1, &s), GJK_INVALID_ARGUMENT, "radius");
  EXPECT_ERROR(gjk_rounded_new(circle, NAN, &s), GJK_INVALID_ARGUMENT, "radius");
  EXPECT_ERROR(gjk_rounded_new(circle, 1e60, &s), GJK_INVALID_ARGUMENT, "radius");
  EXPECT_ERROR(gjk_rounded_new(circle, 1, NULL), GJK_NULL_POINTER, "out");
  CHECK(s == (GjkShape *)0x1);
  EXPECT_ERROR(gjk_distance(rounded_box, NULL, rounded_polygon, NULL, &r), GJK_DIMENSION_MISMATCH,
               "3D");

  gjk_shape_free(rounded_box);
  gjk_shape_free(point);
  gjk_shape_free(polygon);
  gjk_shape_free(rounded_polygon);
  gjk_shape_free(circle);
  gjk_shape_free(rounded_circle);
  gjk_shape_free(point2);
}

int main(void) {
  test_cylinder();
  test_cone();
  test_rounded();
  return SUMMARY();
}
