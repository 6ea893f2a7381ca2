/*
 * Shapes given by a support callback (gjk_support_shape_new): a polygon, a polytope, a circle
 * and an ellipsoid written as C support functions answer as the built-in shapes (hulls bit for
 * bit, where the built-in's route is GJK too; curved shapes within the tolerances of their
 * routes), alone and in batches; a callback answering NaN fails naming the callback; the user
 * data is freed exactly once, also when a rounded copy or a failed creation holds it. Built
 * and run (under valgrind and the sanitizers when available) by tests/tools/c.rs. Ends with
 * the line "N passed, N failed".
 */
#include "gjk.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { HULL = 0, BALL = 1, ELLIPSOID = 2, NAN_ALONG_X = 3 };

/* The user data of a callback: what it describes. */
typedef struct Model {
  int kind, dimension, count;
  double points[24][3]; /* HULL */
  double size[3];       /* BALL: size[0] is the radius; ELLIPSOID: the semi-axes */
} Model;

static int frees; /* user data freed so far */

static void free_model(void *user_data) {
  free(user_data);
  frees++;
}

/* The support function of every model: the hull's first point with the largest
 * x dx + y dy (+ z dz), as the built-in hull scans them. */
static void support(void *user_data, const double direction[3], double out_point[3]) {
  const Model *m = user_data;
  int n = m->dimension;
  if (m->kind == HULL) {
    int best = 0;
    double best_dot = -INFINITY;
    for (int i = 0; i < m->count; i++) {
      double dot = m->points[i][0] * direction[0];
      for (int k = 1; k < n; k++) dot += m->points[i][k] * direction[k];
      if (dot > best_dot) best = i, best_dot = dot;
    }
    for (int k = 0; k < n; k++) out_point[k] = m->points[best][k];
    return;
  }
  if (m->kind == NAN_ALONG_X && direction[0] > 0.9) {
    out_point[0] = NAN;
    out_point[1] = 0.0;
    return;
  }
  /* A ball (NAN_ALONG_X elsewhere a unit one) or an ellipsoid: E (E d) / |E d|. */
  double scaled[3], norm = 0.0;
  for (int k = 0; k < n; k++) {
    double axis = m->kind == ELLIPSOID ? m->size[k] : m->kind == BALL ? m->size[0] : 1.0;
    scaled[k] = direction[k] * axis;
    norm += scaled[k] * scaled[k];
  }
  norm = sqrt(norm);
  for (int k = 0; k < n; k++) {
    double axis = m->kind == ELLIPSOID ? m->size[k] : m->kind == BALL ? m->size[0] : 1.0;
    out_point[k] = norm > 0.0 ? axis * (scaled[k] / norm) : 0.0;
  }
}

static unsigned long long rng = 12345;

static double uniform(double lo, double hi) {
  rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
  return lo + (hi - lo) * (double)(rng >> 11) / 9007199254740992.0;
}

static Model *random_model(int kind, int dimension) {
  Model *m = calloc(1, sizeof *m);
  m->kind = kind;
  m->dimension = dimension;
  m->count = 24;
  for (int i = 0; i < m->count; i++)
    for (int k = 0; k < dimension; k++) m->points[i][k] = uniform(-1.5, 1.5);
  for (int k = 0; k < 3; k++) m->size[k] = uniform(0.2, 1.5);
  return m;
}

/* The built-in shape of `m`. */
static GjkShape *built_in(const Model *m) {
  GjkShape *s = NULL;
  double flat[72];
  int n = m->dimension;
  for (int i = 0; i < m->count; i++)
    for (int k = 0; k < n; k++) flat[i * n + k] = m->points[i][k];
  GjkStatus status;
  if (m->kind == HULL)
    status = (n == 2 ? gjk_polygon_new : gjk_polytope_new)(flat, m->count, &s);
  else if (m->kind == BALL)
    status = n == 2 ? gjk_circle_new(m->size[0], &s) : gjk_sphere_new(m->size[0], &s);
  else
    status = n == 2 ? gjk_ellipse_new(m->size[0], m->size[1], &s)
                    : gjk_ellipsoid_new(m->size[0], m->size[1], m->size[2], &s);
  CHECK(status == GJK_OK);
  return s;
}

/* A callback shape of `m`, which it takes over. */
static GjkShape *called(Model *m) {
  GjkShape *s = NULL;
  CHECK(gjk_support_shape_new(m->dimension, support, m, free_model, &s) == GJK_OK);
  return s;
}

/* Bitwise equality of doubles (tells -0 from 0), and of the results field by field: memcmp on
 * the structs would read their padding. */
static bool same(const double *x, const double *y, int n) { return memcmp(x, y, n * sizeof *x) == 0; }

static bool same_distance(const GjkDistanceResult *x, const GjkDistanceResult *y) {
  return same(&x->distance, &y->distance, 1) && same(x->point_a, y->point_a, 3) &&
         same(x->point_b, y->point_b, 3) && same(x->normal, y->normal, 3) &&
         same(&x->lower_bound, &y->lower_bound, 1) && x->iterations == y->iterations &&
         x->intersecting == y->intersecting;
}

static bool same_penetration(const GjkPenetrationResult *x, const GjkPenetrationResult *y) {
  return same(&x->signed_distance, &y->signed_distance, 1) && same(x->point_a, y->point_a, 3) &&
         same(x->point_b, y->point_b, 3) && same(x->normal, y->normal, 3) &&
         x->iterations == y->iterations && x->intersecting == y->intersecting;
}

static bool same_cast(const GjkShapeCastHit *x, const GjkShapeCastHit *y) {
  return same(&x->t, &y->t, 1) && same(x->point_a, y->point_a, 3) &&
         same(x->point_b, y->point_b, 3) && same(x->normal, y->normal, 3) &&
         same(&x->signed_distance, &y->signed_distance, 1) && x->iterations == y->iterations &&
         x->hit == y->hit && x->started_within == y->started_within;
}

static GjkPose random_pose(int dimension) {
  double position[3] = {uniform(-3, 3), uniform(-3, 3), dimension == 3 ? uniform(-3, 3) : 0.0};
  if (dimension == 2) return gjk_pose_2d(position[0], position[1], uniform(-3.2, 3.2));
  double q[4] = {uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), 1.0};
  double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  for (int k = 0; k < 4; k++) q[k] /= n;
  return gjk_pose_3d(position, q);
}

/* Random pairs of every kind: the callbacks against the built-in shapes, through the distance,
 * boolean, penetration and cast queries. Two hulls answered by GJK (not the exact kernel of
 * small polygons, 0 iterations) agree to the last bit; pairs with a curved shape within the
 * tolerance of GJK (1e-12 of the distance; the built-in balls are a point grown by a margin)
 * and of EPA without the built-in ellipsoids' curvature (seen within 1e-10, 1e-7 where it
 * reaches its cap). */
static void test_pairs(int dimension) {
  for (int n = 0; n < 200; n++) {
    Model *ma = random_model(n % 3, dimension), *mb = random_model((n / 3) % 3, dimension);
    GjkShape *ba = built_in(ma), *bb = built_in(mb);
    GjkShape *ca = called(ma), *cb = called(mb);
    GjkPose pa = random_pose(dimension), pb = random_pose(dimension);
    GjkDistanceResult d1, d2;
    CHECK(gjk_distance(ba, &pa, bb, &pb, &d1) == GJK_OK);
    CHECK(gjk_distance(ca, &pa, cb, &pb, &d2) == GJK_OK);
    GjkPenetrationResult p1, p2;
    CHECK(gjk_penetration(ba, &pa, bb, &pb, &p1) == GJK_OK);
    GjkStatus penetration = gjk_penetration(ca, &pa, cb, &pb, &p2);
    double velocity[3] = {-pb.position[0], -pb.position[1], -pb.position[2]}, still[3] = {0};
    GjkShapeCastHit c1, c2;
    CHECK(gjk_shape_cast(ba, &pa, still, bb, &pb, velocity, 2.0, 0.0, &c1) == GJK_OK);
    CHECK(gjk_shape_cast(ca, &pa, still, cb, &pb, velocity, 2.0, 0.0, &c2) == GJK_OK);
    bool i1, i2;
    CHECK(gjk_intersect(ba, &pa, bb, &pb, &i1) == GJK_OK);
    CHECK(gjk_intersect(ca, &pa, cb, &pb, &i2) == GJK_OK);
    if (ma->kind == HULL && mb->kind == HULL && d1.iterations != 0) {
      CHECK(same_distance(&d1, &d2));
      CHECK(penetration == GJK_OK && same_penetration(&p1, &p2));
      CHECK(same_cast(&c1, &c2));
      CHECK(i1 == i2);
    } else {
      CHECK(NEAR(d1.distance, d2.distance, 1e-10));
      CHECK(d1.distance < 1e-9 || i1 == i2);
      /* Curved shapes without their curvature may reach EPA's cap short of 1e-12, with a
       * depth close all the same (seen within 1e-7). */
      CHECK(penetration == GJK_OK || penetration == GJK_NO_CONVERGENCE);
      double allowance = penetration == GJK_OK ? 1e-9 : 1e-6;
      CHECK(NEAR(p1.signed_distance, p2.signed_distance, allowance));
      CHECK(c1.hit == c2.hit && NEAR(c1.t, c2.t, 1e-9));
    }
    gjk_shape_free(ba);
    gjk_shape_free(bb);
    gjk_shape_free(ca);
    gjk_shape_free(cb);
  }
}

/* A batch of callback pairs on the library's pool writes, bit for bit, the single calls'
 * answers: the callbacks run on its threads, several at once. */
static void test_batch(void) {
  enum { PAIRS = 300 };
  const GjkShape *a[PAIRS], *b[PAIRS];
  GjkPose pa[PAIRS], pb[PAIRS];
  GjkDistanceResult results[PAIRS], single;
  GjkStatus statuses[PAIRS];
  for (int k = 0; k < PAIRS; k++) {
    a[k] = called(random_model(k % 3, 3));
    b[k] = called(random_model((k / 3) % 3, 3));
    pa[k] = random_pose(3);
    pb[k] = random_pose(3);
  }
  /* Curved pairs may reach the iteration cap (the statuses say which), as single calls. */
  gjk_distance_batch(a, pa, b, pb, PAIRS, NULL, 0, results, statuses);
  for (int k = 0; k < PAIRS; k++) {
    CHECK(statuses[k] == gjk_distance(a[k], &pa[k], b[k], &pb[k], &single));
    CHECK(same_distance(&single, &results[k]));
    gjk_shape_free((GjkShape *)a[k]);
    gjk_shape_free((GjkShape *)b[k]);
  }
}

/* NaN answers: at creation, and in a query, fail naming the callback; the user data is freed
 * once all the same. */
static void test_nan(void) {
  int before = frees;
  Model *m = random_model(NAN_ALONG_X, 2);
  GjkShape *s = NULL;
  EXPECT_ERROR(gjk_support_shape_new(2, support, m, free_model, &s), GJK_INVALID_ARGUMENT,
               "support callback returned a non-finite point (NaN) (NaN, 0) for direction (1, 0)");
  CHECK(s == NULL && frees == before + 1);

  /* Made of a well-behaved unit circle, the model then turns bad. */
  m = random_model(BALL, 2);
  m->size[0] = 1.0;
  GjkShape *bad = called(m), *point;
  CHECK(gjk_point2d_new(0, 0, &point) == GJK_OK);
  m->kind = NAN_ALONG_X;
  GjkPose right = gjk_pose_2d(5.0, 0.0, 0.0);
  GjkDistanceResult d;
  EXPECT_ERROR(gjk_distance(bad, NULL, point, &right, &d), GJK_INVALID_ARGUMENT,
               "support callback returned a non-finite point (NaN)");
  bool hit;
  EXPECT_ERROR(gjk_intersect(bad, NULL, point, &right, &hit), GJK_INVALID_ARGUMENT,
               "support callback");
  /* Away from +x the callback answers well. */
  GjkPose left = gjk_pose_2d(-5.0, 0.0, 0.0);
  CHECK(gjk_distance(bad, NULL, point, &left, &d) == GJK_OK && NEAR(d.distance, 4.0, 1e-12));
  gjk_shape_free(bad);
  gjk_shape_free(point);
  CHECK(frees == before + 2);
}

/* Arguments: NULL support or out, a bad dimension; each frees the user data once. */
static void test_arguments(void) {
  int before = frees;
  GjkShape *s = NULL;
  EXPECT_ERROR(gjk_support_shape_new(2, NULL, calloc(1, sizeof(Model)), free_model, &s),
               GJK_NULL_POINTER, "support is NULL");
  EXPECT_ERROR(gjk_support_shape_new(2, support, random_model(BALL, 2), free_model, NULL),
               GJK_NULL_POINTER, "out is NULL");
  EXPECT_ERROR(gjk_support_shape_new(4, support, random_model(BALL, 3), free_model, &s),
               GJK_INVALID_ARGUMENT, "dimension");
  CHECK(frees == before + 3);
}

/* A rounded copy holds the callback: its user data is freed with the last of the two. */
static void test_rounded(void) {
  int before = frees;
  Model *m = random_model(BALL, 3);
  m->size[0] = 1.0;
  GjkShape *shape = called(m), *rounded = NULL, *point;
  CHECK(gjk_rounded_new(shape, 0.5, &rounded) == GJK_OK);
  gjk_shape_free(shape);
  CHECK(frees == before);
  CHECK(gjk_point3d_new(0, 0, 0, &point) == GJK_OK);
  double far[3] = {0.0, 0.0, 4.0};
  GjkPose at = gjk_pose_3d(far, NULL);
  GjkDistanceResult d;
  CHECK(gjk_distance(rounded, NULL, point, &at, &d) == GJK_OK && NEAR(d.distance, 2.5, 1e-10));
  gjk_shape_free(rounded);
  gjk_shape_free(point);
  CHECK(frees == before + 1);
}

int main(void) {
  test_pairs(2);
  test_pairs(3);
  test_batch();
  test_nan();
  test_arguments();
  test_rounded();
  return SUMMARY();
}
