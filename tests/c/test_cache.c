/*
 * Exercises the warm-started queries (gjk_distance_cached, gjk_intersect_cached) against the
 * cold ones over moving shapes, and the cache's contract: zero-initialized means empty, a
 * foreign or stale cache changes no answer, a corrupt one is refused with a message.
 * Built and run (under valgrind when available) by tests/tools/c.rs.
 * Ends with the line "N passed, N failed"; exits non-zero on any failure.
 */
#include "gjk.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* 40 points on a unit sphere (a spiral), as a polytope. */
static GjkShape *ball_cloud(void) {
  double p[40 * 3];
  for (int i = 0; i < 40; i++) {
    double z = 1 - (2.0 * i + 1) / 40, r = sqrt(1 - z * z), t = 2.39996323 * i;
    p[3 * i] = r * cos(t);
    p[3 * i + 1] = r * sin(t);
    p[3 * i + 2] = z;
  }
  GjkShape *s = NULL;
  CHECK(gjk_polytope_new(p, 40, &s) == GJK_OK);
  return s;
}

static void test_moving_polytopes(void) {
  GjkShape *a = ball_cloud(), *b = ball_cloud();
  GjkSimplexCache cache, boolean;
  memset(&cache, 0, sizeof cache);
  boolean = gjk_simplex_cache_empty();
  unsigned cold_iterations = 0, warm_iterations = 0;
  for (int frame = 0; frame < 200; frame++) {
    /* B circles A, passing through it now and then, turning slowly. */
    double t = 0.01 * frame;
    double p[3] = {2.2 * cos(t), 1.5 * sin(2 * t), 0.3 * sin(3 * t)};
    double half = 0.5 * t, q[4] = {0, sin(half), 0, cos(half)};
    GjkPose pose_b = gjk_pose_3d(p, q);
    GjkDistanceResult cold, warm;
    CHECK(gjk_distance(a, NULL, b, &pose_b, &cold) == GJK_OK);
    CHECK(gjk_distance_cached(a, NULL, b, &pose_b, NULL, &cache, &warm) == GJK_OK);
    CHECK(warm.intersecting == cold.intersecting);
    CHECK(NEAR(warm.distance, cold.distance, 1e-12));
    CHECK(warm.lower_bound <= cold.distance + 1e-12);
    CHECK(cache.count >= 1 && cache.count <= 4 && cache.dimension == 3);
    bool hit_cold = false, hit_warm = true;
    CHECK(gjk_intersect(a, NULL, b, &pose_b, &hit_cold) == GJK_OK);
    CHECK(gjk_intersect_cached(a, NULL, b, &pose_b, NULL, &boolean, &hit_warm) == GJK_OK);
    CHECK(hit_cold == hit_warm && hit_cold == cold.intersecting);
    if (frame > 0) {
      cold_iterations += cold.iterations;
      warm_iterations += warm.iterations;
    }
  }
  printf("200 frames: %u support evaluations cold, %u warm\n", cold_iterations,
         warm_iterations);
  CHECK(2 * warm_iterations < cold_iterations);

  /* Unmoved: one evaluation. */
  double p[3] = {3, 0.5, 0.25}, q[4] = {0, 0, 0, 1};
  GjkPose still = gjk_pose_3d(p, q);
  GjkDistanceResult r1, r2;
  CHECK(gjk_distance_cached(a, NULL, b, &still, NULL, &cache, &r1) == GJK_OK);
  CHECK(gjk_distance_cached(a, NULL, b, &still, NULL, &cache, &r2) == GJK_OK);
  CHECK(r2.iterations == 1 && r2.distance == r1.distance);
  gjk_shape_free(a);
  gjk_shape_free(b);
}

static void test_cache_contract(void) {
  double tri[] = {0, 0, 4, 0, 0, 4};
  GjkShape *t = NULL, *circle = NULL, *sphere = NULL;
  CHECK(gjk_polygon_new(tri, 3, &t) == GJK_OK);
  CHECK(gjk_circle_new(1, &circle) == GJK_OK);
  CHECK(gjk_sphere_new(1, &sphere) == GJK_OK);
  GjkPose at = gjk_pose_2d(5, 5, 0);
  GjkDistanceResult r;
  double expected = 3 * sqrt(2) - 1;

  /* A cache from a 3D pair, and one with made-up indices: the answer is unchanged. */
  GjkSimplexCache cache = gjk_simplex_cache_empty();
  double p[3] = {3, 0, 0}, q[4] = {0, 0, 0, 1};
  GjkPose far = gjk_pose_3d(p, q);
  CHECK(gjk_distance_cached(sphere, NULL, sphere, &far, NULL, &cache, &r) == GJK_OK);
  CHECK(cache.dimension == 3);
  CHECK(gjk_distance_cached(t, NULL, circle, &at, NULL, &cache, &r) == GJK_OK);
  CHECK(NEAR(r.distance, expected, 1e-12) && cache.dimension == 2);
  for (int i = 0; i < 4; i++) {
    cache.index_a[i] = 1000 + i;
    cache.index_b[i] = -7;
    cache.direction[i][0] = i;
    cache.direction[i][1] = -1;
  }
  cache.count = 3;
  CHECK(gjk_distance_cached(t, NULL, circle, &at, NULL, &cache, &r) == GJK_OK);
  CHECK(NEAR(r.distance, expected, 1e-12));

  /* Corrupt caches are refused, with a message. */
  cache.count = 9;
  EXPECT_ERROR(gjk_distance_cached(t, NULL, circle, &at, NULL, &cache, &r),
               GJK_INVALID_ARGUMENT, "count is 9");
  cache = gjk_simplex_cache_empty();
  cache.count = 1;
  cache.dimension = 2;
  cache.direction[0][1] = NAN;
  bool hit;
  EXPECT_ERROR(gjk_intersect_cached(t, NULL, circle, &at, NULL, &cache, &hit),
               GJK_INVALID_ARGUMENT, "direction[0]");
  EXPECT_ERROR(gjk_distance_cached(t, NULL, circle, &at, NULL, NULL, &r), GJK_NULL_POINTER,
               "cache");
  cache = gjk_simplex_cache_empty();
  EXPECT_ERROR(gjk_distance_cached(t, NULL, circle, &at, NULL, &cache, NULL), GJK_NULL_POINTER,
               "out");
  EXPECT_ERROR(gjk_intersect_cached(t, NULL, sphere, NULL, NULL, &cache, &hit),
               GJK_DIMENSION_MISMATCH, "2D");
  CHECK(cache.count == 0); /* untouched by a refused call */
  gjk_shape_free(t);
  gjk_shape_free(circle);
  gjk_shape_free(sphere);
}

int main(void) {
  test_moving_polytopes();
  test_cache_contract();
  return SUMMARY();
}
