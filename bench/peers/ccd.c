/*
 * The libccd side of the peer benchmark (bench/src/peers.rs): point clouds as libccd support
 * maps, and its boolean and penetration queries with libccd's default settings. A cloud is
 * built once, before any timing, with its centroid (MPR's interior point) computed then, as a
 * program would keep it with its shape; the settings are made once. Only libccd's public API
 * is used.
 */
#include <ccd/ccd.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  size_t n;
  ccd_vec3_t center;
  double xyz[]; /* 3 * n coordinates */
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
  ccdVec3Copy(out, &((const cloud_t *)obj)->center);
}

/* libccd's defaults (CCD_INIT) with the clouds' callbacks, set up by the first cloud. */
static ccd_t settings;

/* A cloud of the n points xyz (3 coordinates each, copied), or NULL when out of memory or
 * empty. */
void *gjk_bench_ccd_cloud(const double *xyz, size_t n) {
  if (n == 0) return NULL;
  cloud_t *c = malloc(sizeof(cloud_t) + 3 * n * sizeof(double));
  if (!c) return NULL;
  c->n = n;
  memcpy(c->xyz, xyz, 3 * n * sizeof(double));
  double s[3] = {0, 0, 0};
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 3; k++) s[k] += xyz[3 * i + k];
  ccdVec3Set(&c->center, s[0] / n, s[1] / n, s[2] / n);
  CCD_INIT(&settings);
  settings.support1 = cloud_support;
  settings.support2 = cloud_support;
  settings.center1 = cloud_center;
  settings.center2 = cloud_center;
  return c;
}

void gjk_bench_ccd_free(void *cloud) { free(cloud); }

/* Whether the hulls of the clouds a and b (world frame) intersect: 1 or 0. */
int gjk_bench_ccd_intersect(const void *a, const void *b, int mpr) {
  return mpr ? ccdMPRIntersect(a, b, &settings) : ccdGJKIntersect(a, b, &settings);
}

/* The penetration depth of the hulls into *depth; returns 0 when they intersect, -1 when not
 * (libccd's convention). */
int gjk_bench_ccd_penetration(const void *a, const void *b, int mpr, double *depth) {
  ccd_vec3_t dir, pos;
  ccd_real_t d = 0;
  int r = mpr ? ccdMPRPenetration(a, b, &settings, &d, &dir, &pos)
              : ccdGJKPenetration(a, b, &settings, &d, &dir, &pos);
  *depth = d;
  return r;
}
