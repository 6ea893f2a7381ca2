/*
 * The Box2D side of the peer benchmark (bench/src/bin/peers.rs): polygons as Box2D distance
 * proxies (Debian's libbox2d-dev 2.4.1, single precision, radius 0 so that the shape is the
 * hull itself), and b2Distance, Box2D's GJK. Its boolean test is b2TestOverlap's: b2Distance
 * and a distance below 10 * b2_epsilon. Only Box2D's public API is used.
 */
#include <box2d/b2_distance.h>
#include <cstddef>
#include <new>
#include <vector>

namespace {
struct Polygon {
  std::vector<b2Vec2> vertices;
  b2DistanceProxy proxy;
  Polygon(const double *xy, size_t n) {
    vertices.reserve(n);
    for (size_t i = 0; i < n; i++)
      vertices.emplace_back(static_cast<float>(xy[2 * i]), static_cast<float>(xy[2 * i + 1]));
    proxy.Set(vertices.data(), static_cast<int32>(n), 0.0f);
  }
};

float distance(const void *a, const void *b) {
  b2DistanceInput input;
  input.proxyA = static_cast<const Polygon *>(a)->proxy;
  input.proxyB = static_cast<const Polygon *>(b)->proxy;
  input.transformA.SetIdentity();
  input.transformB.SetIdentity();
  input.useRadii = false;
  b2SimplexCache cache;
  cache.count = 0;
  b2DistanceOutput output;
  b2Distance(&output, &cache, &input);
  return output.distance;
}
}  // namespace

extern "C" {

/* A polygon of the n points xy (2 coordinates each, rounded to float), or NULL when out of
 * memory. */
void *gjk_bench_box2d_polygon(const double *xy, size_t n) {
  try {
    return new Polygon(xy, n);
  } catch (...) {
    return nullptr;
  }
}

void gjk_bench_box2d_free(void *polygon) { delete static_cast<Polygon *>(polygon); }

/* The distance between the polygons (identity poses). */
double gjk_bench_box2d_distance(const void *a, const void *b) { return distance(a, b); }

/* Whether the polygons overlap, as b2TestOverlap decides: 1 or 0. */
int gjk_bench_box2d_overlap(const void *a, const void *b) {
  return distance(a, b) < 10.0f * b2_epsilon;
}
}
