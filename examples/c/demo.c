/*
 * gjk demo: the classic GJK tutorial scenario, answered correctly, plus a separated pair, a
 * circle and a 3D case. Build and run it with the first command of the README.
 */
#include "gjk.h"

#include <stdio.h>
#include <stdlib.h>

/* Stops the demo with the library's message when a call fails. */
static void check(GjkStatus status, const char *what) {
  if (status != GJK_OK) {
    fprintf(stderr, "%s failed: %s (%s)\n", what, gjk_status_string(status),
            gjk_last_error_message());
    exit(1);
  }
}

static GjkShape *polygon(const double *xy, size_t count) {
  GjkShape *shape = NULL;
  check(gjk_polygon_new(xy, count, &shape), "gjk_polygon_new");
  return shape;
}

static void report(const char *name, const GjkShape *a, const GjkPose *pose_a,
                   const GjkShape *b, const GjkPose *pose_b) {
  bool hit = false;
  GjkDistanceResult r;
  check(gjk_intersect(a, pose_a, b, pose_b, &hit), "gjk_intersect");
  check(gjk_distance(a, pose_a, b, pose_b, &r), "gjk_distance");
  const char *verdict = !hit ? "separated" : r.distance == 0.0 ? "intersecting" : "?";
  printf("%-34s %-12s distance %-10.6g", name, verdict, r.distance);
  if (hit) {
    printf(" common point (%g, %g, %g)\n", r.point_a[0], r.point_a[1], r.point_a[2]);
  } else {
    printf(" closest points (%g, %g, %g) - (%g, %g, %g)\n", r.point_a[0], r.point_a[1],
           r.point_a[2], r.point_b[0], r.point_b[1], r.point_b[2]);
  }
}

static const char *outcome_name(GjkStepOutcome outcome) {
  switch (outcome) {
    case GJK_STEP_STARTED: return "start";
    case GJK_STEP_ADDED: return "added";
    case GJK_STEP_REPEATED: return "repeated: converged";
    case GJK_STEP_GAP_CLOSED: return "gap closed: converged";
    default: return "no progress: converged";
  }
}

/* Every step of a 2D distance query, as the classic tutorial printed them. */
static void trace(const GjkShape *a, const GjkShape *b, const GjkPose *pose_b) {
  GjkTraceStep steps[16];
  GjkDistanceResult r;
  size_t count = 0;
  check(gjk_distance_trace(a, NULL, b, pose_b, NULL, &r, steps, 16, &count),
        "gjk_distance_trace");
  for (size_t i = 0; i < count && i < 16; i++) {
    const GjkTraceStep *s = &steps[i];
    printf("  iteration %u: direction (%g, %g), support (%g, %g) - (%g, %g) = (%g, %g), %s\n",
           s->iteration, s->direction[0], s->direction[1], s->support_a[0], s->support_a[1],
           s->support_b[0], s->support_b[1], s->support_w[0], s->support_w[1],
           outcome_name(s->outcome));
    printf("    simplex");
    for (uint32_t k = 0; k < s->simplex_count; k++) {
      printf(" (%g, %g)x%.3g", s->simplex_w[k][0], s->simplex_w[k][1], s->weights[k]);
    }
    printf(", closest (%g, %g), distance in [%g, %g]\n", s->closest[0], s->closest[1],
           s->lower_bound, s->upper_bound);
  }
}

int main(void) {
  printf("gjk %s\n\n", gjk_version());

  /* The tutorial's shapes: two overlapping squares and a triangle touching a corner. */
  double square1[] = {0, 0, 3, 0, 3, 3, 0, 3};
  double square2[] = {2, 2, 5, 2, 5, 5, 2, 5};
  double triangle[] = {3, 3, 5, 3, 3, 5};
  GjkShape *s1 = polygon(square1, 4), *s2 = polygon(square2, 4), *t = polygon(triangle, 3);
  report("square vs square", s1, NULL, s2, NULL);
  printf("  the steps of that query (gjk_distance_trace): the simplex grows until it holds\n"
         "  the origin\n");
  trace(s1, s2, NULL);
  report("square vs triangle, touching", s1, NULL, t, NULL);
  printf("  (the classic tutorial code calls this pair \"not overlapping\"; shapes are closed\n"
         "   sets, so touching at the corner (3, 3) is intersecting, at distance 0)\n");

  /* The same triangle moved away by a pose: separated. */
  GjkPose moved = gjk_pose_2d(2.0, 1.0, 0.0);
  report("square vs triangle moved by (2, 1)", s1, NULL, t, &moved);

  /* A circle of radius 1 at (6, 1.5), facing the square's right edge. */
  GjkShape *circle = NULL;
  check(gjk_circle_new(1.0, &circle), "gjk_circle_new");
  GjkPose at = gjk_pose_2d(6.0, 1.5, 0.0);
  report("square vs circle at (6, 1.5)", s1, NULL, circle, &at);

  /* 3D: a box and a sphere, and the box against a capsule turned to lie along x. */
  GjkShape *box = NULL, *sphere = NULL, *capsule = NULL;
  check(gjk_box_new(1.0, 1.0, 1.0, &box), "gjk_box_new");
  check(gjk_sphere_new(0.5, &sphere), "gjk_sphere_new");
  check(gjk_capsule_new(2.0, 0.25, &capsule), "gjk_capsule_new");
  double sphere_at[3] = {3.0, 0.0, 0.0};
  GjkPose sphere_pose = gjk_pose_3d(sphere_at, NULL);
  report("box vs sphere at (3, 0, 0)", box, NULL, sphere, &sphere_pose);
  double capsule_at[3] = {0.0, 0.0, 1.25};
  double quarter_turn_about_y[4] = {0.0, 0.70710678118654752, 0.0, 0.70710678118654752};
  GjkPose capsule_pose = gjk_pose_3d(capsule_at, quarter_turn_about_y);
  report("box vs capsule lying on it", box, NULL, capsule, &capsule_pose);

  /* Bad input is an error with a message, never a crash. */
  GjkShape *bad = NULL;
  GjkStatus status = gjk_circle_new(-1.0, &bad);
  printf("\ngjk_circle_new(-1): %s: %s\n", gjk_status_string(status), gjk_last_error_message());
  status = gjk_distance(s1, NULL, box, NULL, &(GjkDistanceResult){0});
  printf("2D square vs 3D box: %s: %s\n", gjk_status_string(status), gjk_last_error_message());

  gjk_shape_free(s1);
  gjk_shape_free(s2);
  gjk_shape_free(t);
  gjk_shape_free(circle);
  gjk_shape_free(box);
  gjk_shape_free(sphere);
  gjk_shape_free(capsule);
  return 0;
}
