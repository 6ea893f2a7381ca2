/*
 * Exercises the cast functions of the C ABI (gjk_ray_cast, gjk_shape_cast and their _ex
 * variants) with good and bad input, against closed-form answers.
 * Built and run (under valgrind when available) by tests/tools/c.rs.
 * Ends with the line "N passed, N failed"; exits non-zero on any failure.
 */
#include "gjk.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

static void test_ray_sphere_and_box(void) {
  GjkShape *sphere = NULL, *box = NULL, *hull = NULL;
  CHECK(gjk_sphere_new(2.0, &sphere) == GJK_OK);
  CHECK(gjk_box_new(1.0, 2.0, 3.0, &box) == GJK_OK);
  double cube[] = {-1, -2, -3, 1, -2, -3, -1, 2, -3, 1, 2, -3,
                   -1, -2, 3,  1, -2, 3,  -1, 2, 3,  1, 2, 3};
  CHECK(gjk_polytope_new(cube, 8, &hull) == GJK_OK);
  double p[3] = {10, 0, 0};
  double q[4] = {0, 0, 0, 1};
  GjkPose pose = gjk_pose_3d(p, q);
  double origin[3] = {0, 0.5, 0.5}, direction[3] = {2, 0, 0};
  GjkRayHit hit;
  memset(&hit, 0xff, sizeof hit);
  /* Sphere at x = 10, radius 2: the ray from the origin along +x (speed 2). */
  CHECK(gjk_ray_cast(sphere, &pose, origin, direction, INFINITY, &hit) == GJK_OK);
  double x = 10 - sqrt(4 - 0.5);
  CHECK(hit.hit && !hit.started_inside && NEAR(hit.t, x / 2, 1e-12));
  CHECK(NEAR(hit.point[0], x, 1e-12) && NEAR(hit.point[1], 0.5, 1e-12));
  double len = sqrt(hit.normal[0] * hit.normal[0] + hit.normal[1] * hit.normal[1] +
                    hit.normal[2] * hit.normal[2]);
  CHECK(NEAR(len, 1, 1e-12) && hit.normal[0] < 0);
  CHECK(hit.iterations == 0); /* closed form */
  /* The box and the same box as a polytope: the face at x = 9. */
  GjkShape *boxes[] = {box, hull};
  for (int i = 0; i < 2; i++) {
    memset(&hit, 0, sizeof hit);
    CHECK(gjk_ray_cast(boxes[i], &pose, origin, direction, 100, &hit) == GJK_OK);
    CHECK(hit.hit && NEAR(hit.t, 4.5, 1e-12) && NEAR(hit.normal[0], -1, 1e-9));
    CHECK(NEAR(hit.point[0], 9, 1e-12) && hit.point[2] == 0.5);
  }
  /* Too short, missing, starting inside. */
  CHECK(gjk_ray_cast(box, &pose, origin, direction, 4.4, &hit) == GJK_OK && !hit.hit);
  double up[3] = {0, 1, 0};
  CHECK(gjk_ray_cast(hull, &pose, origin, up, INFINITY, &hit) == GJK_OK && !hit.hit);
  CHECK(hit.t == 0 && hit.normal[0] == 0);
  double inside[3] = {10, 0, 0};
  CHECK(gjk_ray_cast(hull, &pose, inside, up, 1, &hit) == GJK_OK);
  CHECK(hit.hit && hit.started_inside && hit.t == 0 && hit.normal[1] == -1);
  /* Options: NULL means the defaults; a bad tolerance is refused. */
  GjkQueryOptions options = gjk_query_options_default();
  CHECK(gjk_ray_cast_ex(hull, &pose, origin, direction, 100, &options, &hit) == GJK_OK);
  CHECK(hit.hit && NEAR(hit.t, 4.5, 1e-12));
  options.relative_tolerance = -1;
  EXPECT_ERROR(gjk_ray_cast_ex(hull, &pose, origin, direction, 100, &options, &hit),
               GJK_INVALID_ARGUMENT, "relative_tolerance");
  /* Bad input. */
  double zero[3] = {0, 0, 0}, nan_origin[3] = {NAN, 0, 0};
  EXPECT_ERROR(gjk_ray_cast(box, &pose, origin, zero, 1, &hit), GJK_INVALID_ARGUMENT, "zero");
  EXPECT_ERROR(gjk_ray_cast(hull, &pose, origin, zero, 1, &hit), GJK_INVALID_ARGUMENT, "zero");
  EXPECT_ERROR(gjk_ray_cast(sphere, NULL, nan_origin, direction, 1, &hit), GJK_INVALID_ARGUMENT,
               "origin component 0");
  EXPECT_ERROR(gjk_ray_cast(sphere, NULL, origin, direction, -1, &hit), GJK_INVALID_ARGUMENT,
               "max_t");
  EXPECT_ERROR(gjk_ray_cast(sphere, NULL, origin, direction, NAN, &hit), GJK_INVALID_ARGUMENT,
               "max_t");
  EXPECT_ERROR(gjk_ray_cast(NULL, NULL, origin, direction, 1, &hit), GJK_NULL_POINTER, "shape");
  EXPECT_ERROR(gjk_ray_cast(sphere, NULL, NULL, direction, 1, &hit), GJK_NULL_POINTER, "origin");
  EXPECT_ERROR(gjk_ray_cast(sphere, NULL, origin, NULL, 1, &hit), GJK_NULL_POINTER,
               "direction");
  EXPECT_ERROR(gjk_ray_cast(sphere, NULL, origin, direction, 1, NULL), GJK_NULL_POINTER, "out");
  GjkPose bad = pose;
  bad.rotation[3] = 0.5;
  EXPECT_ERROR(gjk_ray_cast(sphere, &bad, origin, direction, 1, &hit), GJK_INVALID_ARGUMENT,
               "pose");
  gjk_shape_free(sphere);
  gjk_shape_free(box);
  gjk_shape_free(hull);
}

static void test_ray_2d(void) {
  double square[] = {0, 0, 2, 0, 2, 2, 0, 2};
  GjkShape *s = NULL, *c = NULL;
  CHECK(gjk_polygon_new(square, 4, &s) == GJK_OK);
  CHECK(gjk_circle_new(1, &c) == GJK_OK);
  double origin[3] = {-3, 1, 99}, direction[3] = {1, 0, 0};
  GjkRayHit hit;
  CHECK(gjk_ray_cast(s, NULL, origin, direction, INFINITY, &hit) == GJK_OK);
  CHECK(hit.hit && NEAR(hit.t, 3, 1e-12) && NEAR(hit.normal[0], -1, 1e-12));
  CHECK(hit.point[2] == 0 && hit.normal[2] == 0); /* 2D: z = 0, the input z ignored */
  GjkPose at = gjk_pose_2d(5, 1, 0.3);
  CHECK(gjk_ray_cast(c, &at, origin, direction, INFINITY, &hit) == GJK_OK);
  CHECK(hit.hit && NEAR(hit.t, 7, 1e-12) && NEAR(hit.normal[0], -1, 1e-12));
  double along_z[3] = {0, 0, 1};
  EXPECT_ERROR(gjk_ray_cast(s, NULL, origin, along_z, 1, &hit), GJK_INVALID_ARGUMENT, "zero");
  gjk_shape_free(s);
  gjk_shape_free(c);
}

static void test_shape_cast(void) {
  GjkShape *a = NULL, *b = NULL, *flat = NULL;
  CHECK(gjk_sphere_new(1, &a) == GJK_OK);
  CHECK(gjk_box_new(1, 1, 1, &b) == GJK_OK);
  CHECK(gjk_rectangle_new(1, 1, &flat) == GJK_OK);
  double pa[3] = {0, 0, 0}, pb[3] = {10, 0.5, 0}, q[4] = {0, 0, 0, 1};
  GjkPose pose_a = gjk_pose_3d(pa, q), pose_b = gjk_pose_3d(pb, q);
  double va[3] = {1, 0, 0}, vb[3] = {-1, 0, 0};
  GjkShapeCastHit hit;
  memset(&hit, 0xff, sizeof hit);
  /* The ball's surface (x = 1 + t) meets the box's face (x = 9 - t) at t = 4. */
  CHECK(gjk_shape_cast(a, &pose_a, va, b, &pose_b, vb, 100, 0, &hit) == GJK_OK);
  CHECK(hit.hit && !hit.started_within && NEAR(hit.t, 4, 1e-9));
  CHECK(NEAR(hit.normal[0], 1, 1e-9) && NEAR(hit.point_a[0], 5, 1e-9));
  CHECK(NEAR(hit.signed_distance, 0, 1e-9));
  /* Within a target separation of 2: one time unit earlier. NULL velocity: at rest. */
  CHECK(gjk_shape_cast(a, &pose_a, va, b, &pose_b, vb, 100, 2, &hit) == GJK_OK);
  CHECK(hit.hit && NEAR(hit.t, 3, 1e-9) && NEAR(hit.signed_distance, 2, 1e-9));
  CHECK(gjk_shape_cast(a, &pose_a, NULL, b, &pose_b, vb, 100, 0, &hit) == GJK_OK);
  CHECK(hit.hit && NEAR(hit.t, 8, 1e-9));
  /* Moving apart, at rest, too late: no hit. */
  CHECK(gjk_shape_cast(a, &pose_a, vb, b, &pose_b, va, 100, 0, &hit) == GJK_OK && !hit.hit);
  CHECK(gjk_shape_cast(a, NULL, NULL, b, &pose_b, NULL, 100, 0, &hit) == GJK_OK && !hit.hit);
  CHECK(gjk_shape_cast(a, &pose_a, va, b, &pose_b, vb, 3, 0, &hit) == GJK_OK && !hit.hit);
  /* Overlapping at the start: the penetration. */
  CHECK(gjk_shape_cast(a, NULL, va, b, NULL, vb, 100, 0, &hit) == GJK_OK);
  CHECK(hit.hit && hit.started_within && hit.t == 0 && NEAR(hit.signed_distance, -2, 1e-9));
  /* The iteration cap: a certified bound, GJK_NO_CONVERGENCE. */
  GjkQueryOptions options = gjk_query_options_default();
  options.max_iterations = 1;
  EXPECT_ERROR(gjk_shape_cast_ex(a, &pose_a, va, b, &pose_b, vb, 100, 0, &options, &hit),
               GJK_NO_CONVERGENCE, "no convergence");
  CHECK(!hit.hit && hit.t >= 0 && hit.t <= 4);
  /* Bad input. */
  double nan_v[3] = {0, NAN, 0};
  EXPECT_ERROR(gjk_shape_cast(a, NULL, nan_v, b, &pose_b, vb, 1, 0, &hit),
               GJK_INVALID_ARGUMENT, "velocity_a component 1");
  EXPECT_ERROR(gjk_shape_cast(a, NULL, va, b, &pose_b, vb, -1, 0, &hit), GJK_INVALID_ARGUMENT,
               "max_t");
  EXPECT_ERROR(gjk_shape_cast(a, NULL, va, b, &pose_b, vb, 1, -1, &hit), GJK_INVALID_ARGUMENT,
               "target_separation");
  EXPECT_ERROR(gjk_shape_cast(a, NULL, va, b, &pose_b, vb, 1, NAN, &hit),
               GJK_INVALID_ARGUMENT, "target_separation");
  EXPECT_ERROR(gjk_shape_cast(a, NULL, va, flat, NULL, vb, 1, 0, &hit), GJK_DIMENSION_MISMATCH,
               "3D");
  EXPECT_ERROR(gjk_shape_cast(NULL, NULL, va, b, NULL, vb, 1, 0, &hit), GJK_NULL_POINTER,
               "shape a");
  EXPECT_ERROR(gjk_shape_cast(a, NULL, va, b, NULL, vb, 1, 0, NULL), GJK_NULL_POINTER, "out");
  gjk_shape_free(a);
  gjk_shape_free(b);
  gjk_shape_free(flat);
}

int main(void) {
  test_ray_sphere_and_box();
  test_ray_2d();
  test_shape_cast();
  return SUMMARY();
}
