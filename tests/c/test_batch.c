/*
 * The batch functions of the C ABI: gjk_distance_batch, gjk_intersect_batch,
 * gjk_penetration_batch, gjk_pairs_within
 * and the GjkPairList accessors, against the single-pair calls and brute force, with good and
 * bad input. Built and run (under valgrind when available) by tests/tools/c.rs.
 * Ends with the line "N passed, N failed"; exits non-zero on any failure.
 */
#include "gjk.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { N = 60 };

static const GjkShape *shapes[N];
static GjkPose poses[N];

/* A scene of circles, rectangles, stadiums and polygons on a jittered grid. */
static void make_scene(void) {
  for (int k = 0; k < N; k++) {
    GjkShape *s = NULL;
    double tri[] = {0, 0, 0.8, 0.1, 0.2, 0.7};
    switch (k % 4) {
      case 0: CHECK(gjk_circle_new(0.4 + 0.05 * (k % 5), &s) == GJK_OK); break;
      case 1: CHECK(gjk_rectangle_new(0.6, 0.3, &s) == GJK_OK); break;
      case 2: CHECK(gjk_stadium_new(0.5, 0.2, &s) == GJK_OK); break;
      default: CHECK(gjk_polygon_new(tri, 3, &s) == GJK_OK); break;
    }
    shapes[k] = s;
    poses[k] = gjk_pose_2d(1.3 * (k % 8) + 0.1 * (k % 3), 1.1 * (k / 8), 0.37 * k);
  }
}

static void free_scene(void) {
  for (int k = 0; k < N; k++) gjk_shape_free((GjkShape *)shapes[k]);
}

static int same_result(const GjkDistanceResult *a, const GjkDistanceResult *b) {
  return memcmp(a, b, offsetof(GjkDistanceResult, intersecting)) == 0 &&
         a->intersecting == b->intersecting;
}

/* Batches write exactly what the single calls write, for any thread count. */
static void test_batches_equal_single_calls(void) {
  const GjkShape *a[N / 2], *b[N / 2];
  GjkPose pa[N / 2], pb[N / 2];
  for (int k = 0; k < N / 2; k++) {
    a[k] = shapes[k];
    b[k] = shapes[N - 1 - k];
    pa[k] = poses[k];
    pb[k] = poses[N - 1 - k];
  }
  unsigned thread_counts[] = {0, 1, 2, 7};
  for (size_t t = 0; t < 4; t++) {
    GjkDistanceResult results[N / 2];
    bool hits[N / 2];
    GjkStatus statuses[N / 2];
    CHECK(gjk_distance_batch(a, pa, b, pb, N / 2, NULL, thread_counts[t], results, statuses) ==
          GJK_OK);
    CHECK(gjk_intersect_batch(a, pa, b, pb, N / 2, NULL, thread_counts[t], hits, NULL) ==
          GJK_OK);
    GjkPenetrationResult depths[N / 2];
    CHECK(gjk_penetration_batch(a, pa, b, pb, N / 2, NULL, thread_counts[t], depths, NULL) ==
          GJK_OK);
    for (int k = 0; k < N / 2; k++) {
      GjkPenetrationResult one;
      CHECK(gjk_penetration(a[k], &pa[k], b[k], &pb[k], &one) == GJK_OK);
      CHECK(memcmp(&depths[k].signed_distance, &one.signed_distance, sizeof(double)) == 0);
      CHECK(memcmp(depths[k].normal, one.normal, sizeof one.normal) == 0);
      CHECK(depths[k].intersecting == one.intersecting);
    }
    for (int k = 0; k < N / 2; k++) {
      GjkDistanceResult single;
      bool hit;
      CHECK(gjk_distance(a[k], &pa[k], b[k], &pb[k], &single) == GJK_OK);
      CHECK(same_result(&results[k], &single));
      CHECK(statuses[k] == GJK_OK);
      CHECK(gjk_intersect(a[k], &pa[k], b[k], &pb[k], &hit) == GJK_OK);
      CHECK(hits[k] == hit);
    }
  }
  /* NULL poses are identities, as in the single calls. */
  GjkDistanceResult r[2], single;
  CHECK(gjk_distance_batch(a, NULL, b, NULL, 2, NULL, 0, r, NULL) == GJK_OK);
  CHECK(gjk_distance(a[1], NULL, b[1], NULL, &single) == GJK_OK);
  CHECK(same_result(&r[1], &single));
  /* count 0: nothing to do, arrays may be NULL. */
  CHECK(gjk_distance_batch(NULL, NULL, NULL, NULL, 0, NULL, 0, NULL, NULL) == GJK_OK);
  CHECK(gjk_intersect_batch(NULL, NULL, NULL, NULL, 0, NULL, 0, NULL, NULL) == GJK_OK);
  CHECK(gjk_penetration_batch(NULL, NULL, NULL, NULL, 0, NULL, 0, NULL, NULL) == GJK_OK);
  /* count > 0 without results: refused, naming the argument. */
  CHECK(gjk_penetration_batch(a, pa, b, pb, 2, NULL, 0, NULL, NULL) == GJK_NULL_POINTER);
  CHECK(strstr(gjk_last_error_message(), "results") != NULL);
}

static void test_batch_errors(void) {
  GjkShape *sphere = NULL;
  CHECK(gjk_sphere_new(1.0, &sphere) == GJK_OK);
  const GjkShape *a[4] = {shapes[0], shapes[1], NULL, shapes[3]};
  const GjkShape *b[4] = {shapes[4], sphere, shapes[6], shapes[7]};
  GjkDistanceResult results[4];
  GjkStatus statuses[4] = {-1, -1, -1, -1};
  bool hits[4];
  memset(results, 0, sizeof results);
  /* The first failing pair is named; every pair is answered. */
  EXPECT_ERROR(gjk_distance_batch(a, poses, b, poses + 4, 4, NULL, 2, results, statuses),
               GJK_DIMENSION_MISMATCH, "pair 1: shape a is 2D but shape b is 3D");
  CHECK(statuses[0] == GJK_OK && statuses[1] == GJK_DIMENSION_MISMATCH);
  CHECK(statuses[2] == GJK_NULL_POINTER && statuses[3] == GJK_OK);
  /* Answered: its normal is a unit vector (the zeroed result's is not; a pair of small
     polygons reports 0 support-point evaluations, answered without a search). */
  const double *n3 = results[3].normal;
  CHECK(fabs(sqrt(n3[0] * n3[0] + n3[1] * n3[1] + n3[2] * n3[2]) - 1.0) < 1e-12);
  EXPECT_ERROR(gjk_intersect_batch(a, poses, b, poses + 4, 4, NULL, 1, hits, NULL),
               GJK_DIMENSION_MISMATCH, "pair 1:");
  /* NULL arrays, bad options, bad poses. */
  EXPECT_ERROR(gjk_distance_batch(NULL, NULL, b, NULL, 4, NULL, 0, results, NULL),
               GJK_NULL_POINTER, "shapes_a is NULL");
  EXPECT_ERROR(gjk_distance_batch(a, NULL, NULL, NULL, 4, NULL, 0, results, NULL),
               GJK_NULL_POINTER, "shapes_b is NULL");
  EXPECT_ERROR(gjk_distance_batch(a, NULL, b, NULL, 4, NULL, 0, NULL, NULL), GJK_NULL_POINTER,
               "results is NULL");
  EXPECT_ERROR(gjk_intersect_batch(a, NULL, b, NULL, 4, NULL, 0, NULL, NULL), GJK_NULL_POINTER,
               "results is NULL");
  GjkQueryOptions bad = gjk_query_options_default();
  bad.max_iterations = 0;
  EXPECT_ERROR(gjk_distance_batch(a, NULL, b, NULL, 4, &bad, 0, results, NULL),
               GJK_INVALID_ARGUMENT, "max_iterations");
  const GjkShape *ok_a[2] = {shapes[0], shapes[1]}, *ok_b[2] = {shapes[2], shapes[3]};
  GjkPose bad_poses[2] = {gjk_pose_2d(0, 0, 0), gjk_pose_2d(NAN, 0, 0)};
  EXPECT_ERROR(gjk_distance_batch(ok_a, NULL, ok_b, bad_poses, 2, NULL, 0, results, NULL),
               GJK_INVALID_ARGUMENT, "pair 1: pose_b: pose position component 0 is NaN");
  gjk_shape_free(sphere);
}

/* gjk_pairs_within equals brute force through gjk_distance, for several separations. */
static void test_pairs_within_equals_brute_force(void) {
  double separations[] = {0.0, 0.25, 1.0};
  for (int s = 0; s < 3; s++) {
    double sep = separations[s];
    GjkPairList *list = NULL;
    CHECK(gjk_pairs_within(shapes, poses, N, sep, NULL, (unsigned)s, &list) == GJK_OK);
    size_t len = gjk_pair_list_len(list), found = 0;
    GjkPair *all = malloc((len ? len : 1) * sizeof *all);
    CHECK(gjk_pair_list_copy(list, 0, len, all) == GJK_OK);
    for (size_t i = 0; i < N; i++) {
      for (size_t j = i + 1; j < N; j++) {
        GjkDistanceResult r;
        CHECK(gjk_distance(shapes[i], &poses[i], shapes[j], &poses[j], &r) == GJK_OK);
        if (r.distance > sep) continue;
        CHECK(found < len);
        if (found < len) {
          GjkPair one;
          CHECK(gjk_pair_list_get(list, found, &one) == GJK_OK);
          CHECK(one.i == i && one.j == j && same_result(&one.result, &r));
          CHECK(all[found].i == i && all[found].j == j && same_result(&all[found].result, &r));
        }
        found++;
      }
    }
    CHECK(found == len);
    if (s == 2) CHECK(len > 10);
    free(all);
    gjk_pair_list_free(list);
  }
}

/* Squares at integer coordinates exactly `separation` apart, and the accessors' errors. */
static void test_pairs_within_boundary_and_errors(void) {
  GjkShape *square = NULL;
  CHECK(gjk_rectangle_new(0.5, 0.5, &square) == GJK_OK);
  const GjkShape *grid[16];
  GjkPose at[16];
  for (int k = 0; k < 16; k++) {
    grid[k] = square;
    at[k] = gjk_pose_2d(3.0 * (k % 4), 3.0 * (k / 4), 0.0);
  }
  GjkPairList *list = NULL;
  CHECK(gjk_pairs_within(grid, at, 16, 2.0, NULL, 2, &list) == GJK_OK);
  CHECK(gjk_pair_list_len(list) == 24); /* 2 * 4 * 3 row and column neighbours */
  GjkPair p;
  CHECK(gjk_pair_list_get(list, 0, &p) == GJK_OK && p.i == 0 && p.j == 1);
  CHECK(p.result.distance == 2.0);
  CHECK(fabs(p.result.point_a[0] - 0.5) < 1e-12 && fabs(p.result.point_b[0] - 2.5) < 1e-12);
  EXPECT_ERROR(gjk_pair_list_get(list, 24, &p), GJK_INVALID_ARGUMENT, "out of range");
  EXPECT_ERROR(gjk_pair_list_copy(list, 20, 5, &p), GJK_INVALID_ARGUMENT, "out of range");
  EXPECT_ERROR(gjk_pair_list_get(list, 0, NULL), GJK_NULL_POINTER, "out is NULL");
  EXPECT_ERROR(gjk_pair_list_get(NULL, 0, &p), GJK_NULL_POINTER, "list is NULL");
  CHECK(gjk_pair_list_copy(list, 24, 0, NULL) == GJK_OK);
  gjk_pair_list_free(list);
  list = NULL;
  CHECK(gjk_pairs_within(grid, at, 16, nextafter(2.0, 0.0), NULL, 1, &list) == GJK_OK);
  CHECK(gjk_pair_list_len(list) == 0);
  gjk_pair_list_free(list);

  /* count 0 and 1: empty lists. */
  list = NULL;
  CHECK(gjk_pairs_within(NULL, NULL, 0, 1.0, NULL, 0, &list) == GJK_OK);
  CHECK(list != NULL && gjk_pair_list_len(list) == 0);
  gjk_pair_list_free(list);
  list = NULL;
  CHECK(gjk_pairs_within(grid, NULL, 1, 1.0, NULL, 0, &list) == GJK_OK);
  CHECK(gjk_pair_list_len(list) == 0);
  gjk_pair_list_free(list);
  CHECK(gjk_pair_list_len(NULL) == 0);
  gjk_pair_list_free(NULL);

  /* Bad input: *out untouched. */
  GjkPairList *untouched = NULL;
  EXPECT_ERROR(gjk_pairs_within(NULL, NULL, 3, 1.0, NULL, 0, &untouched), GJK_NULL_POINTER,
               "shapes is NULL");
  EXPECT_ERROR(gjk_pairs_within(grid, at, 16, NAN, NULL, 0, &untouched), GJK_INVALID_ARGUMENT,
               "separation is NaN");
  EXPECT_ERROR(gjk_pairs_within(grid, at, 16, -1.0, NULL, 0, &untouched),
               GJK_INVALID_ARGUMENT, "separation is -1");
  EXPECT_ERROR(gjk_pairs_within(grid, at, 16, INFINITY, NULL, 0, &untouched),
               GJK_INVALID_ARGUMENT, "separation is inf");
  EXPECT_ERROR(gjk_pairs_within(grid, at, 16, 1.0, NULL, 0, NULL), GJK_NULL_POINTER,
               "out is NULL");
  grid[5] = NULL;
  EXPECT_ERROR(gjk_pairs_within(grid, at, 16, 1.0, NULL, 0, &untouched), GJK_NULL_POINTER,
               "shapes[5] is NULL");
  GjkShape *cube = NULL;
  CHECK(gjk_box_new(1, 1, 1, &cube) == GJK_OK);
  grid[5] = cube;
  EXPECT_ERROR(gjk_pairs_within(grid, at, 16, 1.0, NULL, 0, &untouched),
               GJK_DIMENSION_MISMATCH, "shapes[5] is 3D but shapes[0] is 2D");
  grid[5] = square;
  at[9] = gjk_pose_2d(0, 0, 0);
  at[9].rotation[0] = 1.0; /* a rotation about x: not 2D */
  at[9].rotation[3] = 0.0;
  EXPECT_ERROR(gjk_pairs_within(grid, at, 16, 1.0, NULL, 0, &untouched), GJK_INVALID_ARGUMENT,
               "poses[9]:");
  CHECK(untouched == NULL);

  /* 3D: cubes exactly 1 apart, in a scene of one dimension. */
  const GjkShape *cubes[8];
  GjkPose cube_at[8];
  for (int k = 0; k < 8; k++) {
    double pos[3] = {3.0 * (k % 2), 3.0 * ((k / 2) % 2), 3.0 * (k / 4)};
    cubes[k] = cube;
    cube_at[k] = gjk_pose_3d(pos, NULL);
  }
  list = NULL;
  CHECK(gjk_pairs_within(cubes, cube_at, 8, 1.0, NULL, 0, &list) == GJK_OK);
  CHECK(gjk_pair_list_len(list) == 12); /* the edges of a cube of cubes */
  gjk_pair_list_free(list);
  gjk_shape_free(cube);
  gjk_shape_free(square);
}

/* Enough work for worker threads: 256 circles 0.5 apart on a grid, threads 0, 1 and 2 give the
 * same list; a batch of 256 pairs equals the single calls. Under valgrind, this also checks
 * that the workers leave nothing behind. */
static void test_worker_threads(void) {
  enum { M = 256 };
  GjkShape *circle = NULL;
  CHECK(gjk_circle_new(1.0, &circle) == GJK_OK);
  const GjkShape *many[M];
  GjkPose at[M];
  for (int k = 0; k < M; k++) {
    many[k] = circle;
    at[k] = gjk_pose_2d(2.5 * (k % 16), 2.5 * (k / 16), 0.0);
  }
  GjkPair first[3], last[3];
  for (unsigned t = 0; t < 3; t++) {
    GjkPairList *list = NULL;
    CHECK(gjk_pairs_within(many, at, M, 0.5, NULL, t, &list) == GJK_OK);
    CHECK(gjk_pair_list_len(list) == 2 * 16 * 15);
    CHECK(gjk_pair_list_get(list, 0, &first[t]) == GJK_OK);
    CHECK(gjk_pair_list_get(list, gjk_pair_list_len(list) - 1, &last[t]) == GJK_OK);
    gjk_pair_list_free(list);
  }
  for (int t = 1; t < 3; t++) {
    CHECK(first[t].i == first[0].i && first[t].j == first[0].j);
    CHECK(same_result(&first[t].result, &first[0].result));
    CHECK(last[t].i == last[0].i && last[t].j == last[0].j);
    CHECK(same_result(&last[t].result, &last[0].result));
  }
  GjkPose shifted[M];
  for (int k = 0; k < M; k++) shifted[k] = gjk_pose_2d(0.3 * k, 1.0, 0.1 * k);
  static GjkDistanceResult results[M];
  static bool hits[M];
  CHECK(gjk_distance_batch(many, at, many, shifted, M, NULL, 2, results, NULL) == GJK_OK);
  CHECK(gjk_intersect_batch(many, at, many, shifted, M, NULL, 0, hits, NULL) == GJK_OK);
  for (int k = 0; k < M; k++) {
    GjkDistanceResult single;
    bool hit;
    CHECK(gjk_distance(many[k], &at[k], many[k], &shifted[k], &single) == GJK_OK);
    CHECK(same_result(&results[k], &single));
    CHECK(gjk_intersect(many[k], &at[k], many[k], &shifted[k], &hit) == GJK_OK && hit == hits[k]);
  }
  gjk_shape_free(circle);
}

int main(void) {
  make_scene();
  test_batches_equal_single_calls();
  test_batch_errors();
  test_pairs_within_equals_brute_force();
  test_pairs_within_boundary_and_errors();
  test_worker_threads();
  free_scene();
  return SUMMARY();
}
