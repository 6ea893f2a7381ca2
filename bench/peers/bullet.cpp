/*
 * The Bullet side of the peer benchmark (bench/src/bin/peers.rs): point clouds as Bullet's
 * btConvexHullShape (double precision build, Debian's libbullet-dev 3.24, margin set to 0 so
 * that the shape is the hull itself), and btGjkEpaSolver2's distance and penetration queries,
 * the GJK/EPA pair Bullet's own narrow phase uses. Only Bullet's public API is used.
 */
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <cstddef>
#include <new>

namespace {
struct Hull {
  btConvexHullShape shape;
  btVector3 center;
  Hull(const double *xyz, size_t n)
      : shape(xyz, static_cast<int>(n), static_cast<int>(3 * sizeof(double))) {
    shape.setMargin(0);
    shape.recalcLocalAabb();
    btVector3 lo, hi;
    shape.getAabb(btTransform::getIdentity(), lo, hi);
    center = (lo + hi) * 0.5;
  }
};

/* The search starts along the line between the boxes' centres, as gjk's does. */
btVector3 guess(const Hull *a, const Hull *b) { return b->center - a->center; }
}  // namespace

extern "C" {

/* A hull of the n points xyz (3 coordinates each), or NULL when out of memory. */
void *gjk_bench_bullet_hull(const double *xyz, size_t n) {
  void *memory = btAlignedAlloc(sizeof(Hull), 16);
  return memory ? new (memory) Hull(xyz, n) : nullptr;
}

void gjk_bench_bullet_free(void *hull) {
  if (hull) {
    static_cast<Hull *>(hull)->~Hull();
    btAlignedFree(hull);
  }
}

/* The distance between the hulls (identity poses) into *distance: 1 when Bullet calls them
 * apart, 0 when it does not (it then writes no distance). */
int gjk_bench_bullet_distance(const void *a, const void *b, double *distance) {
  const Hull *ha = static_cast<const Hull *>(a), *hb = static_cast<const Hull *>(b);
  btGjkEpaSolver2::sResults results;
  const btTransform &id = btTransform::getIdentity();
  if (!btGjkEpaSolver2::Distance(&ha->shape, id, &hb->shape, id, guess(ha, hb), results))
    return 0;
  *distance = results.distance;
  return 1;
}

/* The penetration depth of the hulls into *depth: 1 when Bullet calls them overlapping, 0
 * when it does not. */
int gjk_bench_bullet_penetration(const void *a, const void *b, double *depth) {
  const Hull *ha = static_cast<const Hull *>(a), *hb = static_cast<const Hull *>(b);
  btGjkEpaSolver2::sResults results;
  const btTransform &id = btTransform::getIdentity();
  if (!btGjkEpaSolver2::Penetration(&ha->shape, id, &hb->shape, id, guess(ha, hb), results))
    return 0;
  *depth = -results.distance;
  return 1;
}
}
