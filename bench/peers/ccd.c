/*
 * The libccd side of the peer benchmark (bench/src/bin/peers.rs): point clouds as libccd
 * support maps, and its boolean and penetration queries with libccd's default settings.
 * Only libccd's public API is used.
 */
#include <ccd/ccd.h>
#include <math.h>
#include <stddef.h>

typedef struct {
  const double *xyz;
  size_t n;
} cloud_t;

static void cloud_support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out) {
  const cloud_t *c = (const cloud_t *)obj;
  size_t best = 0;
  double best_dot = -INFINITY;
  for (size_t i = 0; i < c->n; i++) {
    const double *p = c->xyz + 3 * i;
    double d = p[0] * dir->v[0] + p[1] * dir->v[1] + p[2] * dir->v[2];
    if (d > best_dot) {
      best_dot = d;
      best = i;
    }
  }
  const double *p = c->xyz + 3 * best;
  ccdVec3Set(out, p[0], p[1], p[2]);
}

static void cloud_center(const void *obj, ccd_vec3_t *out) {
  const cloud_t *c = (const cloud_t *)obj;
  double s[3] = {0, 0, 0};
  for (size_t i = 0; i < c->n; i++)
    for (int k = 0; k < 3; k++) s[k] += c->xyz[3 * i + k];
  ccdVec3Set(out, s[0] / c->n, s[1] / c->n, s[2] / c->n);
}

static ccd_t settings(void) {
  ccd_t ccd;
  CCD_INIT(&ccd);
  ccd.support1 = cloud_support;
  ccd.support2 = cloud_support;
  ccd.center1 = cloud_center;
  ccd.center2 = cloud_center;
  return ccd;
}

/* Whether the hulls of the clouds a and b (3D, world frame) intersect: 1 or 0. */
int gjk_bench_ccd_intersect(const double *a, size_t na, const double *b, size_t nb, int mpr) {
  cloud_t ca = {a, na}, cb = {b, nb};
  ccd_t ccd = settings();
  return mpr ? ccdMPRIntersect(&ca, &cb, &ccd) : ccdGJKIntersect(&ca, &cb, &ccd);
}

/* The penetration depth of the hulls into *depth; returns 0 when they intersect, -1 when not
 * (libccd's convention). */
int gjk_bench_ccd_penetration(const double *a, size_t na, const double *b, size_t nb, int mpr,
                              double *depth) {
  cloud_t ca = {a, na}, cb = {b, nb};
  ccd_t ccd = settings();
  ccd_vec3_t dir, pos;
  ccd_real_t d = 0;
  int r = mpr ? ccdMPRPenetration(&ca, &cb, &ccd, &d, &dir, &pos)
              : ccdGJKPenetration(&ca, &cb, &ccd, &d, &dir, &pos);
  *depth = d;
  return r;
}
