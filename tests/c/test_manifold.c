/*
 * Exercises gjk_contact_manifold with good and bad input, against hand-derived answers:
 * rectangles and boxes resting on each other, speculative contacts within the margin, a
 * sphere on a box, and the errors of bad arguments.
 * Built and run under valgrind by tests/tools/c.rs.
 * Ends with the line "N passed, N failed"; exits non-zero on any failure.
 */
#include "gjk.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* Every point: (point_b - point_a) . normal = separation, and the separation as expected. */
static void check_points(const GjkManifold *m, double separation) {
  for (int i = 0; i < m->count; i++) {
    const GjkContactPoint *p = &m->points[i];
    double along = 0;
    for (int k = 0; k < 3; k++) along += (p->point_b[k] - p->point_a[k]) * m->normal[k];
    CHECK(NEAR(along, separation, 1e-12));
    CHECK(NEAR(p->separation, separation, 1e-12));
  }
}

static void test_rectangles(void) {
  GjkShape *floor = NULL, *crate = NULL;
  CHECK(gjk_rectangle_new(2.0, 0.5, &floor) == GJK_OK);
  CHECK(gjk_rectangle_new(0.5, 0.5, &crate) == GJK_OK);
  GjkPose at = gjk_pose_2d(0.3, 0.9, 0.0);
  GjkManifold m;
  memset(&m, 0xff, sizeof m);
  CHECK(gjk_contact_manifold(floor, NULL, crate, &at, 0.0, &m) == GJK_OK);
  CHECK(m.count == 2);
  CHECK(NEAR(m.normal[0], 0, 1e-12) && NEAR(m.normal[1], 1, 1e-12) && m.normal[2] == 0);
  check_points(&m, -0.1);
  double xs[2] = {m.points[0].point_b[0], m.points[1].point_b[0]};
  CHECK((NEAR(xs[0], -0.2, 1e-12) && NEAR(xs[1], 0.8, 1e-12)) ||
        (NEAR(xs[0], 0.8, 1e-12) && NEAR(xs[1], -0.2, 1e-12)));
  CHECK(m.points[0].id != m.points[1].id);
  CHECK(m.points[0].point_b[2] == 0 && m.points[1].point_a[2] == 0);
  gjk_shape_free(floor);
  gjk_shape_free(crate);
}

static void test_boxes(void) {
  GjkShape *floor = NULL, *crate = NULL, *ball = NULL;
  CHECK(gjk_box_new(2.0, 2.0, 0.5, &floor) == GJK_OK);
  CHECK(gjk_box_new(0.5, 0.5, 0.5, &crate) == GJK_OK);
  CHECK(gjk_sphere_new(0.3, &ball) == GJK_OK);
  double p[3] = {0.1, 0.2, 0.95}, q[4] = {0, 0, 0, 1};
  GjkPose at = gjk_pose_3d(p, q);
  GjkManifold m;
  CHECK(gjk_contact_manifold(floor, NULL, crate, &at, 0.0, &m) == GJK_OK);
  CHECK(m.count == 4);
  CHECK(NEAR(m.normal[2], 1, 1e-12));
  check_points(&m, -0.05);
  for (int i = 0; i < m.count; i++) {
    CHECK(NEAR(fabs(m.points[i].point_b[0] - 0.1), 0.5, 1e-12));
    CHECK(NEAR(fabs(m.points[i].point_b[1] - 0.2), 0.5, 1e-12));
    CHECK(NEAR(m.points[i].point_a[2], 0.5, 1e-12));
  }
  /* Lifted 0.05 clear of the floor: 4 speculative points within a margin of 0.1, none
     within 0.01. */
  double lifted[3] = {0.1, 0.2, 1.05};
  GjkPose above = gjk_pose_3d(lifted, q);
  CHECK(gjk_contact_manifold(floor, NULL, crate, &above, 0.1, &m) == GJK_OK);
  CHECK(m.count == 4);
  check_points(&m, 0.05);
  CHECK(gjk_contact_manifold(floor, NULL, crate, &above, 0.01, &m) == GJK_OK);
  CHECK(m.count == 0);
  /* A sphere on the floor: one point. */
  double sp[3] = {0.2, -0.1, 0.78};
  GjkPose sphere_at = gjk_pose_3d(sp, q);
  CHECK(gjk_contact_manifold(floor, NULL, ball, &sphere_at, 0.0, &m) == GJK_OK);
  CHECK(m.count == 1);
  check_points(&m, -0.02);
  CHECK(NEAR(m.points[0].point_b[2], 0.48, 1e-12));
  gjk_shape_free(floor);
  gjk_shape_free(crate);
  gjk_shape_free(ball);
}

static void test_bad_input(void) {
  GjkShape *box = NULL, *rect = NULL;
  CHECK(gjk_box_new(1, 1, 1, &box) == GJK_OK);
  CHECK(gjk_rectangle_new(1, 1, &rect) == GJK_OK);
  GjkManifold m;
  EXPECT_ERROR(gjk_contact_manifold(box, NULL, box, NULL, NAN, &m), GJK_INVALID_ARGUMENT,
               "margin");
  EXPECT_ERROR(gjk_contact_manifold(box, NULL, box, NULL, -1.0, &m), GJK_INVALID_ARGUMENT,
               "margin");
  EXPECT_ERROR(gjk_contact_manifold(box, NULL, box, NULL, INFINITY, &m), GJK_INVALID_ARGUMENT,
               "margin");
  EXPECT_ERROR(gjk_contact_manifold(box, NULL, box, NULL, 0.0, NULL), GJK_NULL_POINTER, "out");
  EXPECT_ERROR(gjk_contact_manifold(NULL, NULL, box, NULL, 0.0, &m), GJK_NULL_POINTER,
               "shape a");
  EXPECT_ERROR(gjk_contact_manifold(box, NULL, rect, NULL, 0.0, &m), GJK_DIMENSION_MISMATCH,
               "3D");
  gjk_shape_free(box);
  gjk_shape_free(rect);
}

int main(void) {
  test_rectangles();
  test_boxes();
  test_bad_input();
  return SUMMARY();
}
