//! Warm starts: a query that begins where the previous query of the same pair ended.
//!
//! Shapes that move a little from one frame to the next keep the same closest features, so
//! the simplex GJK ended with last time is nearly the answer this time. A [`SimplexCache`]
//! remembers that simplex — for point clouds as the indices of its vertices on each shape
//! (like Box2D's simplex cache), for other shapes as the directions their support points were
//! found in — and [`crate::distance_cached`] / [`crate::intersect_cached`] start from it, then store the new
//! final simplex. A pair that has not moved is answered with a single support evaluation (the
//! one that proves the simplex optimal). The boolean query remembers its proof instead: the
//! simplex that enclosed the origin (checked first next time, at no support evaluation for
//! point clouds) or the direction that separated the shapes (where the next search starts,
//! usually proving them apart again in one evaluation).
//!
//! Safe with any cache: the simplex is rebuilt from the shapes as they are now (an index
//! names a vertex of the current shape, a direction is evaluated afresh), so its points are
//! always points of the shapes and every answer is exactly as certified as a cold query's.
//! A cache used for another pair of shapes only loses its speed-up. The answers equal the
//! uncached queries' to within the tolerance (GJK may end on another simplex of the same
//! distance); the verdicts near touching use the same scale for both.

use crate::support::SupportKey;

/// The final simplex of the previous query of a pair of shapes, to start the next one from.
/// Start with [`SimplexCache::new`] (or `default()`); one cache per pair (in this order).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimplexCache<const D: usize> {
    len: usize,
    keys: [SupportKey<D>; 4],
}

impl<const D: usize> Default for SimplexCache<D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const D: usize> SimplexCache<D> {
    /// An empty cache: the next query starts afresh.
    pub fn new() -> Self {
        Self {
            len: 0,
            keys: [SupportKey::default(); 4],
        }
    }

    /// Forgets the simplex.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Whether a simplex is remembered.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(crate) fn keys(&self) -> &[SupportKey<D>] {
        &self.keys[..self.len]
    }

    pub(crate) fn store(&mut self, keys: &[SupportKey<D>]) {
        self.len = keys.len();
        self.keys[..keys.len()].copy_from_slice(keys);
    }
}
