// Tests of the batch functions of bindings/cpp/gjk.hpp: gjk::distance_batch,
// gjk::intersect_batch and gjk::pairs_within against the single-pair calls and brute force,
// and their errors. Run by tests/tools/cpp.rs under valgrind (batches of at most 64 pairs
// stay on the calling thread; the C test covers the worker threads).
#include "gjk.hpp"

#include "check.hpp"

#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

// Every allocation of the program, counted: batch calls into reused buffers must make none.
static std::size_t allocations = 0;

void* operator new(std::size_t size) {
  ++allocations;
  if (void* p = std::malloc(size > 0 ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

static bool same(const gjk::DistanceResult& a, const gjk::DistanceResult& b) {
  return a.distance == b.distance && a.point_a == b.point_a && a.point_b == b.point_b &&
         a.normal == b.normal && a.lower_bound == b.lower_bound &&
         a.iterations == b.iterations && a.intersecting == b.intersecting &&
         a.converged == b.converged;
}

int main() {
  std::vector<gjk::Shape> owned;
  for (int k = 0; k < 40; ++k) {
    switch (k % 3) {
      case 0: owned.push_back(gjk::Shape::circle(0.5 + 0.1 * (k % 4))); break;
      case 1: owned.push_back(gjk::Shape::rectangle(0.7, 0.4)); break;
      default: owned.push_back(gjk::Shape::stadium(0.6, 0.3)); break;
    }
  }
  std::vector<const gjk::Shape*> shapes;
  std::vector<gjk::Pose> poses;
  for (int k = 0; k < 40; ++k) {
    shapes.push_back(&owned[k]);
    poses.emplace_back(1.4 * (k % 8), 1.2 * (k / 8), 0.3 * k);
  }

  // Batches equal the single calls, on any number of threads.
  std::vector<const gjk::Shape*> a(shapes.begin(), shapes.begin() + 20);
  std::vector<const gjk::Shape*> b(shapes.begin() + 20, shapes.end());
  std::vector<gjk::Pose> pa(poses.begin(), poses.begin() + 20);
  std::vector<gjk::Pose> pb(poses.begin() + 20, poses.end());
  for (unsigned threads : {0u, 1u, 2u}) {
    std::vector<gjk::DistanceResult> d = gjk::distance_batch(a, pa, b, pb, threads);
    std::vector<bool> hit = gjk::intersect_batch(a, pa, b, pb, threads);
    CHECK(d.size() == 20 && hit.size() == 20);
    for (std::size_t k = 0; k < 20; ++k) {
      CHECK(same(d[k], gjk::distance(*a[k], pa[k], *b[k], pb[k])));
      CHECK(hit[k] == gjk::intersect(*a[k], pa[k], *b[k], pb[k]));
    }
  }
  // Into reused buffers: the same answers, and no allocation once the buffers have grown.
  gjk::BatchBuffers buffers;
  for (int call = 0; call < 3; ++call) {
    const std::size_t before = allocations;
    gjk::distance_batch(buffers, a, pa, b, pb);
    gjk::intersect_batch(buffers, a, pa, b, pb);
    gjk::pairs_within(buffers, shapes, poses, 1.0);
    const std::size_t made = allocations - before;
    if (call > 0) CHECK(made == 0);
    CHECK(buffers.distances().size() == 20 && buffers.hits().size() == 20);
    for (std::size_t k = 0; k < 20; ++k) {
      CHECK(same(buffers.distances()[k], gjk::distance(*a[k], pa[k], *b[k], pb[k])));
      CHECK((buffers.hits()[k] != 0) == gjk::intersect(*a[k], pa[k], *b[k], pb[k]));
    }
  }
  CHECK(buffers.pairs().size() > 10);
  CHECK(buffers.pairs().size() == gjk::pairs_within(shapes, poses, 1.0).size());
  gjk::distance_batch(buffers, {}, {}, {}, {});
  CHECK(buffers.distances().empty());

  std::vector<gjk::DistanceResult> at_origin = gjk::distance_batch(a, {}, b, {});
  CHECK(same(at_origin[3], gjk::distance(*a[3], *b[3])));
  CHECK(gjk::distance_batch({}, {}, {}, {}).empty());

  // pairs_within equals brute force through gjk::distance.
  for (double separation : {0.0, 0.3, 1.0}) {
    std::vector<gjk::Pair> found = gjk::pairs_within(shapes, poses, separation, 2);
    std::size_t next = 0;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      for (std::size_t j = i + 1; j < shapes.size(); ++j) {
        gjk::DistanceResult r = gjk::distance(*shapes[i], poses[i], *shapes[j], poses[j]);
        if (r.distance > separation) continue;
        CHECK(next < found.size() && found[next].i == i && found[next].j == j &&
              same(found[next].result, r));
        ++next;
      }
    }
    CHECK(next == found.size());
    if (separation == 1.0) CHECK(found.size() > 10);
  }

  // Squares exactly 2 apart are kept at separation 2.
  gjk::Shape square = gjk::Shape::rectangle(0.5, 0.5);
  std::vector<const gjk::Shape*> row(5, &square);
  std::vector<gjk::Pose> row_at;
  for (int k = 0; k < 5; ++k) row_at.emplace_back(3.0 * k, 0.0);
  std::vector<gjk::Pair> row_pairs = gjk::pairs_within(row, row_at, 2.0);
  CHECK(row_pairs.size() == 4);
  CHECK(row_pairs[0].i == 0 && row_pairs[0].j == 1 && row_pairs[0].result.distance == 2.0);
  CHECK(gjk::pairs_within(row, row_at, 1.5).empty());
  CHECK(gjk::pairs_within({}, {}, 1.0).empty());

  // Errors name the argument, the shape or the pair.
  gjk::Shape ball = gjk::Shape::sphere(1.0);
  std::vector<const gjk::Shape*> bad_b = b;
  bad_b[4] = nullptr;
  CHECK_THROWS(gjk::distance_batch(a, pa, bad_b, pb), GJK_NULL_POINTER, "pair 4: shape b is NULL");
  CHECK_THROWS(gjk::intersect_batch(a, pa, bad_b, pb), GJK_NULL_POINTER, "pair 4:");
  bad_b[4] = &ball;
  CHECK_THROWS(gjk::distance_batch(a, pa, bad_b, pb), GJK_DIMENSION_MISMATCH, "pair 4:");
  CHECK_THROWS(gjk::distance_batch(a, pa, bad_b, std::vector<gjk::Pose>(3)), GJK_INVALID_ARGUMENT,
               "poses_b has 3 poses for 20 shapes");
  CHECK_THROWS(gjk::distance_batch(a, pa, std::vector<const gjk::Shape*>(2, &square), pb),
               GJK_INVALID_ARGUMENT, "shapes_a has 20 shapes but shapes_b has 2");
  CHECK_THROWS(gjk::pairs_within(row, row_at, std::nan("")), GJK_INVALID_ARGUMENT,
               "separation is NaN");
  CHECK_THROWS(gjk::pairs_within(row, row_at, -1.0), GJK_INVALID_ARGUMENT, "separation is -1");
  row[2] = &ball;
  CHECK_THROWS(gjk::pairs_within(row, row_at, 1.0), GJK_DIMENSION_MISMATCH,
               "shapes[2] is 3D but shapes[0] is 2D");
  row[2] = nullptr;
  CHECK_THROWS(gjk::pairs_within(row, row_at, 1.0), GJK_NULL_POINTER, "shapes[2] is NULL");
  return check::summary();
}
