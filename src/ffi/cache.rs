//! Warm-started queries of the C ABI: a caller-owned simplex cache per pair of shapes.

use crate::cache::SimplexCache;
use crate::ffi::pointers::output;
use crate::ffi::pose::GjkPose;
use crate::ffi::query::{
    answer, pair_query, query_failure, write_out, GjkDistanceResult, GjkQueryOptions, Posed,
};
use crate::ffi::shapes::GjkShape;
use crate::ffi::status::{guard, guard_value, Failure, GjkStatus};
use crate::gjk::{distance_cached, intersect_cached, QueryOptions};
use crate::support::{Pose, SupportKey, Vector};

/// Where the last query of a pair of shapes ended, to start the next one there: a plain value
/// the caller owns, one per pair (in this order), zero-initialized (or from
/// `gjk_simplex_cache_empty()`) before its first use. Read and written by
/// `gjk_distance_cached` and `gjk_intersect_cached`; its fields are the library's business.
///
/// Any content is safe: the simplex is rebuilt from the shapes as they are (an index names a
/// vertex of the current shape, a direction is evaluated afresh), so a cache of another pair
/// only loses the speed-up.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GjkSimplexCache {
    /// Vertices remembered, 0 to 4; 0 means the next query starts afresh.
    pub count: u32,
    /// The dimension of the pair the simplex came from (2 or 3), 0 when empty.
    pub dimension: u32,
    /// Per vertex: its index among shape A's points, or -1.
    pub index_a: [i64; 4],
    /// Per vertex: its index among shape B's points, or -1.
    pub index_b: [i64; 4],
    /// Per vertex: the search direction it was found in, in A's frame (z = 0 in 2D); zero,
    /// with both indices -1, for the point of A - B between the shapes' inner points (a
    /// boolean query's first vertex, found without a support evaluation).
    pub direction: [[f64; 3]; 4],
}

/// An empty cache (all zero).
#[no_mangle]
pub extern "C" fn gjk_simplex_cache_empty() -> GjkSimplexCache {
    guard_value(GjkSimplexCache::default(), GjkSimplexCache::default)
}

impl GjkSimplexCache {
    /// The cache for a pair of dimension `D`: empty when it came from a pair of the other
    /// dimension. Fails on a count above 4 or a direction that is not finite (memory that was
    /// never initialized, most likely).
    fn read<const D: usize>(&self) -> Result<SimplexCache<D>, Failure> {
        let mut cache = SimplexCache::new();
        if self.count == 0 || self.dimension as usize != D {
            return Ok(cache);
        }
        if self.count > 4 {
            return Err(Failure::invalid(format!(
                "cache->count is {}, at most 4: was the cache zero-initialized?",
                self.count
            )));
        }
        let mut keys = [SupportKey::default(); 4];
        for (i, key) in keys.iter_mut().enumerate().take(self.count as usize) {
            let d = &self.direction[i];
            if !d.iter().all(|x| x.is_finite()) {
                return Err(Failure::invalid(format!(
                    "cache->direction[{i}] is not finite: was the cache zero-initialized?"
                )));
            }
            let index = |i: i64| u32::try_from(i).ok();
            *key = SupportKey {
                dir: Vector::from_fn(|k, _| d[k]),
                index_a: index(self.index_a[i]),
                index_b: index(self.index_b[i]),
            };
        }
        cache.store(&keys[..self.count as usize]);
        Ok(cache)
    }

    /// Runs `query` on the cache read from `self`, then writes the cache back.
    fn around<const D: usize, R>(
        &mut self,
        query: impl FnOnce(&mut SimplexCache<D>) -> R,
    ) -> Result<R, Failure> {
        let mut cache = self.read::<D>()?;
        let outcome = query(&mut cache);
        self.write(&cache);
        Ok(outcome)
    }

    fn write<const D: usize>(&mut self, cache: &SimplexCache<D>) {
        let keys = cache.keys();
        *self = Self {
            count: keys.len() as u32,
            dimension: if keys.is_empty() { 0 } else { D as u32 },
            ..Self::default()
        };
        for (i, key) in keys.iter().enumerate() {
            self.index_a[i] = key.index_a.map_or(-1, i64::from);
            self.index_b[i] = key.index_b.map_or(-1, i64::from);
            self.direction[i][..D].copy_from_slice(key.dir.as_slice());
        }
    }
}

/// A warm-started query of the library (`gjk::distance_cached`, `gjk::intersect_cached`) on
/// shapes of types `A` and `B`, answering `R`.
type WarmQuery<const D: usize, A, B, R> =
    fn(&A, &Pose<D>, &B, &Pose<D>, &QueryOptions, &mut SimplexCache<D>) -> R;

/// `query` on the pair, warm-started from `cache`, which then holds where it ended (see
/// [`GjkSimplexCache::around`]).
#[inline(always)]
fn warm<const D: usize, A, B, R>(
    pair: Posed<D, A, B>,
    cache: &mut GjkSimplexCache,
    query: WarmQuery<D, A, B, R>,
) -> Result<R, Failure> {
    cache.around(|c| query(pair.a, pair.pose_a, pair.b, pair.pose_b, pair.options, c))
}

/// The distance query warm-started from the cache, written out even when the iteration cap
/// was hit.
struct CachedDistance<'c>(&'c mut GjkSimplexCache);

pair_query!(CachedDistance<'_> => GjkDistanceResult, |CachedDistance(cache), pair, out| {
    write_out(warm(pair, cache, distance_cached)?, out)
});

/// The boolean query warm-started from the cache.
struct CachedIntersect<'c>(&'c mut GjkSimplexCache);

pair_query!(CachedIntersect<'_> => bool, |CachedIntersect(cache), pair, out| {
    *out = warm(pair, cache, intersect_cached)?.map_err(query_failure)?;
    Ok(())
});

/// `gjk_distance_ex` warm-started from `*cache`, which then holds this query's final simplex:
/// for shapes that move a little between calls (one cache per pair, kept across frames), the
/// query usually costs one or two support evaluations instead of several. Same answers and
/// statuses as `gjk_distance_ex` (to within the tolerance: another simplex of the same distance
/// may be found). `options` may be NULL (the defaults); `cache` may not. `*cache` is updated
/// whenever the query ran (also on GJK_NO_CONVERGENCE), emptied if the query failed on its way,
/// and untouched when the arguments were refused.
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call.
#[no_mangle]
pub unsafe extern "C" fn gjk_distance_cached(
    a: *const GjkShape,
    pose_a: *const GjkPose,
    b: *const GjkShape,
    pose_b: *const GjkPose,
    options: *const GjkQueryOptions,
    cache: *mut GjkSimplexCache,
    out: *mut GjkDistanceResult,
) -> GjkStatus {
    guard(move || {
        let cache = output(cache, "cache")?;
        answer(CachedDistance(cache), a, pose_a, b, pose_b, options, out)
    })
}

/// `gjk_intersect_ex` warm-started from `*cache`, which then holds this query's proof (the
/// simplex enclosing the origin, or the direction separating the shapes): an overlapping pair
/// that moved a little is usually proven overlapping again without a support evaluation, a
/// separated one apart by one.
/// `options` may be NULL (the defaults); `cache` may not. `*out` is written on success only;
/// `*cache` as for `gjk_distance_cached`.
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call.
#[no_mangle]
pub unsafe extern "C" fn gjk_intersect_cached(
    a: *const GjkShape,
    pose_a: *const GjkPose,
    b: *const GjkShape,
    pose_b: *const GjkPose,
    options: *const GjkQueryOptions,
    cache: *mut GjkSimplexCache,
    out: *mut bool,
) -> GjkStatus {
    guard(move || {
        let cache = output(cache, "cache")?;
        answer(CachedIntersect(cache), a, pose_a, b, pose_b, options, out)
    })
}
