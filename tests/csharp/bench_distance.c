/*
 * The cost of one gjk_distance call from C, to compare with the C# timing mode of the test
 * runner (tests/csharp/Bench.cs: the same shapes, poses and method): batches of calls timed
 * with CLOCK_MONOTONIC, the median of the per-call times.
 */
#include "gjk.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { BATCHES = 1001, BATCH_SIZE = 1000 };

static void check(GjkStatus status) {
  if (status != GJK_OK) {
    fprintf(stderr, "%s: %s\n", gjk_status_string(status), gjk_last_error_message());
    exit(1);
  }
}

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int by_value(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

/* Prints the median cost of gjk_distance(a, NULL, b, pose_b), or of gjk_shape_dimension(a)
 * when b is NULL. */
static void report(const char *name, const GjkShape *a, const GjkShape *b, const GjkPose *pose_b) {
  static double per_call[BATCHES];
  const GjkPose identity = gjk_pose_2d(0.0, 0.0, 0.0);
  double sink = 0.0;
  for (int batch = -BATCHES / 10; batch < BATCHES; batch++) {
    /* Negative batches warm up the caches and are not recorded. */
    double start = now_ns();
    if (b == NULL) {
      for (int i = 0; i < BATCH_SIZE; i++) sink += gjk_shape_dimension(a);
    } else {
      for (int i = 0; i < BATCH_SIZE; i++) {
        GjkDistanceResult r;
        check(gjk_distance(a, &identity, b, pose_b, &r));
        sink += r.distance;
      }
    }
    double elapsed = now_ns() - start;
    if (batch >= 0) per_call[batch] = elapsed / BATCH_SIZE;
  }
  qsort(per_call, BATCHES, sizeof per_call[0], by_value);
  double calls = (double)(BATCHES + BATCHES / 10) * BATCH_SIZE;
  printf("  C   %-38s median %7.1f ns/call   (min %.1f, mean result %g)\n", name,
         per_call[BATCHES / 2], per_call[0], sink / calls);
}

int main(void) {
  printf("C: median of %d batches of %d calls\n", BATCHES, BATCH_SIZE);
  const double square[] = {0, 0, 3, 0, 3, 3, 0, 3};
  const double triangle[] = {3, 3, 5, 3, 3, 5};
  GjkShape *a = NULL, *t = NULL, *box = NULL, *sphere = NULL;
  check(gjk_polygon_new(square, 4, &a));
  check(gjk_polygon_new(triangle, 3, &t));
  check(gjk_box_new(1.0, 1.0, 1.0, &box));
  check(gjk_sphere_new(0.5, &sphere));
  GjkPose moved = gjk_pose_2d(2.0, 1.0, 0.0);
  const double at[3] = {3.0, 0.0, 0.0};
  GjkPose sphere_pose = gjk_pose_3d(at, NULL);
  report("distance, square vs triangle (2D)", a, t, &moved);
  report("distance, box vs sphere (3D)", box, sphere, &sphere_pose);
  report("gjk_shape_dimension (call overhead)", box, NULL, NULL);
  gjk_shape_free(a);
  gjk_shape_free(t);
  gjk_shape_free(box);
  gjk_shape_free(sphere);
  return 0;
}
