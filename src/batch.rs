//! Many shapes at once: batches of pair queries spread over all cores, and every pair of a
//! scene closer than a separation ([`pairs_within`]), found through a broad phase.
//!
//! Every pair is answered by the very functions of the single-pair API ([`distance_with`],
//! [`intersect_with`]) with the same arguments, so a batch gives, bit for bit, what the
//! single calls give; only the order of evaluation changes. Results come back in input
//! order (pairs of [`pairs_within`] sorted by `(i, j)`), whatever the number of threads.
//!
//! Threads: each call runs on a pool of its own, of at most `threads` workers (0 means one
//! per core) and never more than the cores available or than the work can use; the pool's
//! threads are joined before the call returns. A call with one worker runs on the calling
//! thread and starts none.
//!
//! The broad phase of [`pairs_within`]: the world bounding box of each posed shape, from its
//! support function along the six (four in 2D) world axis directions, grown by half the
//! separation plus a rounding allowance (a billionth of the coordinates' magnitude, far more
//! than the rounding of GJK), so that no pair whose computed distance is within the separation
//! is missed; a bounding-volume hierarchy over these boxes (median splits, built in
//! `O(n log n)`); then each shape's box against the tree, and GJK on the surviving pairs only.

use std::fmt;
use std::num::NonZeroUsize;

use rayon::prelude::*;

use crate::error::QueryError;
use crate::gjk::{distance_with, intersect_with, DistanceResult, QueryOptions};
use crate::support::{Pose, Support, Vector};

/// Fewer items than this per thread are not worth a thread.
const MIN_ITEMS_PER_THREAD: usize = 64;
/// The rounding allowance of the broad phase, relative to the magnitude of a shape's
/// coordinates: about 4.5e6 units of `f64::EPSILON`, where GJK's own rounding is a few dozen.
const BOX_ROUNDING: f64 = 1e-9;
/// Most shapes in a leaf of the bounding-volume hierarchy.
const LEAF_SIZE: usize = 4;

/// A shape placed in the world by a pose.
#[derive(Debug)]
pub struct Placed<'s, S: ?Sized, const D: usize> {
    /// The shape, in its local frame.
    pub shape: &'s S,
    /// Its placement.
    pub pose: Pose<D>,
}

impl<S: ?Sized, const D: usize> Clone for Placed<'_, S, D> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: ?Sized, const D: usize> Copy for Placed<'_, S, D> {}

impl<'s, S: ?Sized, const D: usize> Placed<'s, S, D> {
    /// `shape` placed by `pose`.
    pub fn new(shape: &'s S, pose: Pose<D>) -> Self {
        Self { shape, pose }
    }
}

/// Settings of a batch: those of each query, and the most threads to use.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BatchOptions {
    /// The options of every query of the batch.
    pub query: QueryOptions,
    /// The most threads to run on; 0 means one per core. Never more than the cores available
    /// are used, and 1 runs everything on the calling thread. The results do not depend on it.
    pub threads: usize,
}

/// The outcome of one query of a batch, as the single-pair call returns it.
pub type Outcome<R, const D: usize> = Result<R, QueryError<DistanceResult<D>>>;

/// The distance of every pair `(a, b)` of `pairs`, in order, on up to `options.threads`
/// threads: element `k` is what [`distance_with`] returns for `pairs[k]`.
pub fn distance_batch<const D: usize, S>(
    pairs: &[(Placed<'_, S, D>, Placed<'_, S, D>)],
    options: &BatchOptions,
) -> Vec<Outcome<DistanceResult<D>, D>>
where
    S: Support<D> + Sync + ?Sized,
{
    with_threads(options.threads, pairs.len(), |runner| {
        runner.map(pairs.len(), |k| {
            let (a, b) = &pairs[k];
            distance_with(a.shape, &a.pose, b.shape, &b.pose, &options.query)
        })
    })
}

/// Whether each pair `(a, b)` of `pairs` intersects, in order, on up to `options.threads`
/// threads: element `k` is what [`intersect_with`] returns for `pairs[k]`.
pub fn intersect_batch<const D: usize, S>(
    pairs: &[(Placed<'_, S, D>, Placed<'_, S, D>)],
    options: &BatchOptions,
) -> Vec<Outcome<bool, D>>
where
    S: Support<D> + Sync + ?Sized,
{
    with_threads(options.threads, pairs.len(), |runner| {
        runner.map(pairs.len(), |k| {
            let (a, b) = &pairs[k];
            intersect_with(a.shape, &a.pose, b.shape, &b.pose, &options.query)
        })
    })
}

/// A pair of shapes of a scene within the separation: their indices (`i < j`) and the
/// distance query of `i` (as A) against `j` (as B).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairDistance<const D: usize> {
    /// Index of the first shape (A).
    pub i: usize,
    /// Index of the second shape (B), greater than `i`.
    pub j: usize,
    /// [`distance_with`] of shape `i` against shape `j`.
    pub result: DistanceResult<D>,
}

/// Why [`pairs_within`] failed.
#[derive(Clone, Debug, PartialEq)]
pub enum PairsError<const D: usize> {
    /// The separation is NaN, infinite or negative.
    InvalidSeparation(f64),
    /// The query options are out of range.
    InvalidOptions(&'static str),
    /// The bounding box of this shape is not finite: its coordinates overflow.
    NonFiniteBounds(usize),
    /// The query of the pair `(i, j)` failed, or hit the iteration cap with bounds that do not
    /// tell whether the pair is within the separation. The first such pair in `(i, j)` order.
    Pair {
        /// Index of shape A.
        i: usize,
        /// Index of shape B.
        j: usize,
        /// The query's error.
        error: QueryError<DistanceResult<D>>,
    },
}

impl<const D: usize> fmt::Display for PairsError<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairsError::InvalidSeparation(s) => write!(
                f,
                "separation is {s}, it must be a finite number, 0 or more"
            ),
            PairsError::InvalidOptions(why) => write!(f, "invalid query options: {why}"),
            PairsError::NonFiniteBounds(k) => write!(
                f,
                "shape {k}: its bounding box is not finite (its coordinates overflow)"
            ),
            PairsError::Pair { i, j, error } => write!(f, "pair ({i}, {j}): {error}"),
        }
    }
}

impl<const D: usize> std::error::Error for PairsError<D> {}

/// Every pair of `objects` whose distance is at most `separation` (0: the pairs that overlap
/// or touch), sorted by `(i, j)`, with the distance query of each.
///
/// The answer is exactly that of [`distance_with`] over all pairs `i < j` keeping those whose
/// `distance <= separation`, found in about `O(n log n)` for scenes where each shape has few
/// neighbours. A pair whose query hits the iteration cap is kept when its (upper-bound)
/// distance is within the separation, dropped when its lower bound is beyond; otherwise the
/// call fails with [`PairsError::Pair`].
pub fn pairs_within<const D: usize, S>(
    objects: &[Placed<'_, S, D>],
    separation: f64,
    options: &BatchOptions,
) -> Result<Vec<PairDistance<D>>, PairsError<D>>
where
    S: Support<D> + Sync + ?Sized,
{
    if !(separation.is_finite() && separation >= 0.0) {
        return Err(PairsError::InvalidSeparation(separation));
    }
    if let Err(e) = options.query.validate::<()>() {
        return Err(match e {
            QueryError::InvalidOptions(why) => PairsError::InvalidOptions(why),
            _ => PairsError::InvalidOptions("out of range"),
        });
    }
    let n = objects.len();
    if n < 2 {
        return Ok(Vec::new());
    }
    with_threads(options.threads, n, |runner| {
        let boxes = runner.map(n, |k| bounds(&objects[k], separation));
        if let Some(k) = boxes.iter().position(|b| !b.is_finite()) {
            return Err(PairsError::NonFiniteBounds(k));
        }
        let tree = Bvh::build(&boxes);
        let neighbours = runner.map(n, |i| tree.overlapping_after(i, &boxes));
        let candidates: Vec<(usize, usize)> = neighbours
            .into_iter()
            .enumerate()
            .flat_map(|(i, js)| js.into_iter().map(move |j| (i, j)))
            .collect();
        let outcomes = runner.map(candidates.len(), |k| {
            let (i, j) = candidates[k];
            let (a, b) = (&objects[i], &objects[j]);
            let outcome = distance_with(a.shape, &a.pose, b.shape, &b.pose, &options.query);
            within(i, j, outcome, separation)
        });
        let mut found = Vec::new();
        for outcome in outcomes {
            if let Some(pair) = outcome? {
                found.push(pair);
            }
        }
        Ok(found)
    })
}

/// Whether the query of `(i, j)` puts the pair within `separation`.
fn within<const D: usize>(
    i: usize,
    j: usize,
    outcome: Outcome<DistanceResult<D>, D>,
    separation: f64,
) -> Result<Option<PairDistance<D>>, PairsError<D>> {
    let result = match outcome {
        Ok(result) => result,
        Err(QueryError::NoConvergence(best)) if best.distance <= separation => *best,
        Err(QueryError::NoConvergence(best)) if best.lower_bound > separation => return Ok(None),
        Err(error) => return Err(PairsError::Pair { i, j, error }),
    };
    Ok((result.distance <= separation).then_some(PairDistance { i, j, result }))
}

/// Where the work of a call runs: on the calling thread, or on the call's pool.
pub(crate) struct Runner<'p> {
    pool: Option<&'p rayon::ThreadPool>,
}

impl Runner<'_> {
    /// `f(0), ..., f(n - 1)`, in this order, computed on the runner's threads.
    pub(crate) fn map<T, F>(&self, n: usize, f: F) -> Vec<T>
    where
        T: Send,
        F: Fn(usize) -> T + Sync + Send,
    {
        match self.pool {
            Some(pool) => pool.install(|| (0..n).into_par_iter().map(&f).collect()),
            None => (0..n).map(f).collect(),
        }
    }
}

/// The number of threads to use for `work` items when at most `threads` are asked for (0: one
/// per core).
fn thread_count(threads: usize, work: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
    let wanted = if threads == 0 {
        cores
    } else {
        threads.min(cores)
    };
    wanted.min(work.div_ceil(MIN_ITEMS_PER_THREAD)).max(1)
}

/// Runs `body` with a [`Runner`] of at most `threads` threads (0: one per core) for `work`
/// items. The pool, if any, lives for this call only: its threads are joined before the
/// return. If threads cannot be started, everything runs on the calling thread.
pub(crate) fn with_threads<R>(threads: usize, work: usize, body: impl FnOnce(&Runner) -> R) -> R {
    let count = thread_count(threads, work);
    let mut body = Some(body);
    if count > 1 {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(count)
            .thread_name(|k| format!("gjk-batch-{k}"))
            .build_scoped(
                |thread| thread.run(),
                |pool| body.take().map(|body| body(&Runner { pool: Some(pool) })),
            );
        if let Ok(Some(result)) = pool {
            return result;
        }
    }
    match body.take() {
        Some(body) => body(&Runner { pool: None }),
        None => unreachable!("the batch body runs once"),
    }
}

/// An axis-aligned box.
#[derive(Clone, Copy, Debug)]
struct Aabb<const D: usize> {
    lo: [f64; D],
    hi: [f64; D],
}

impl<const D: usize> Aabb<D> {
    const EMPTY: Self = Self {
        lo: [f64::INFINITY; D],
        hi: [f64::NEG_INFINITY; D],
    };

    fn overlaps(&self, other: &Self) -> bool {
        (0..D).all(|k| self.lo[k] <= other.hi[k] && other.lo[k] <= self.hi[k])
    }

    fn grow(&mut self, other: &Self) {
        for k in 0..D {
            self.lo[k] = self.lo[k].min(other.lo[k]);
            self.hi[k] = self.hi[k].max(other.hi[k]);
        }
    }

    fn centre(&self, axis: usize) -> f64 {
        0.5 * self.lo[axis] + 0.5 * self.hi[axis]
    }

    fn is_finite(&self) -> bool {
        self.lo.iter().chain(&self.hi).all(|x| x.is_finite())
    }
}

/// The world bounding box of a posed shape, grown by half the separation and the rounding
/// allowance: two such boxes overlap whenever the shapes' computed distance is within the
/// separation.
fn bounds<const D: usize, S: Support<D> + ?Sized>(
    object: &Placed<'_, S, D>,
    separation: f64,
) -> Aabb<D> {
    let pose = &object.pose;
    let shape = object.shape;
    let mut b = Aabb::<D>::EMPTY;
    let mut magnitude = pose.translation().norm() + shape.center().norm() + shape.extent();
    for k in 0..D {
        // The world axis k seen from the shape's frame: R^T e_k, row k of R.
        let axis: Vector<D> = pose.rotation().row(k).transpose();
        b.hi[k] = pose.transform_point(&shape.support(&axis))[k];
        b.lo[k] = pose.transform_point(&shape.support(&-axis))[k];
        magnitude += b.hi[k].abs() + b.lo[k].abs();
    }
    // Half the separation rounded up: two pads cover it even where halving rounds (5e-324,
    // two points that far apart and a separation of 5e-324 were missed: found by fuzzing).
    let pad = (0.5 * separation).next_up() + BOX_ROUNDING * (magnitude + separation);
    for k in 0..D {
        b.lo[k] -= pad;
        b.hi[k] += pad;
    }
    b
}

/// A node of the hierarchy: its box, and either two children or a run of items.
struct Node<const D: usize> {
    bounds: Aabb<D>,
    /// Inner node: index of the first child (the second follows it). Leaf: `usize::MAX`.
    first_child: usize,
    /// The node's items: `items[start..end]`.
    start: usize,
    end: usize,
}

/// A bounding-volume hierarchy over boxes, split at the median of the longest spread of the
/// boxes' centres (so its depth is about `log2(n)` whatever the input).
struct Bvh<const D: usize> {
    nodes: Vec<Node<D>>,
    items: Vec<usize>,
}

impl<const D: usize> Bvh<D> {
    fn build(boxes: &[Aabb<D>]) -> Self {
        let mut items: Vec<usize> = (0..boxes.len()).collect();
        let mut nodes = vec![Node {
            bounds: Aabb::EMPTY,
            first_child: usize::MAX,
            start: 0,
            end: items.len(),
        }];
        let mut pending = vec![0];
        while let Some(index) = pending.pop() {
            let (start, end) = (nodes[index].start, nodes[index].end);
            let mut bounds = Aabb::<D>::EMPTY;
            let mut centres = Aabb::<D>::EMPTY;
            for &item in &items[start..end] {
                bounds.grow(&boxes[item]);
                let c: [f64; D] = std::array::from_fn(|k| boxes[item].centre(k));
                centres.grow(&Aabb { lo: c, hi: c });
            }
            nodes[index].bounds = bounds;
            if end - start <= LEAF_SIZE {
                continue;
            }
            let axis = (0..D)
                .max_by(|&a, &b| {
                    let spread = |k: usize| centres.hi[k] - centres.lo[k];
                    spread(a).total_cmp(&spread(b))
                })
                .unwrap_or(0);
            let mid = start + (end - start) / 2;
            items[start..end].select_nth_unstable_by(mid - start, |&a, &b| {
                boxes[a].centre(axis).total_cmp(&boxes[b].centre(axis))
            });
            let first_child = nodes.len();
            nodes[index].first_child = first_child;
            for (s, e) in [(start, mid), (mid, end)] {
                pending.push(nodes.len());
                nodes.push(Node {
                    bounds: Aabb::EMPTY,
                    first_child: usize::MAX,
                    start: s,
                    end: e,
                });
            }
        }
        Self { nodes, items }
    }

    /// The items `j > i` whose boxes overlap box `i`, in increasing order.
    fn overlapping_after(&self, i: usize, boxes: &[Aabb<D>]) -> Vec<usize> {
        let query = &boxes[i];
        let mut found = Vec::new();
        let mut pending = Vec::with_capacity(64);
        pending.push(0);
        while let Some(index) = pending.pop() {
            let node: &Node<D> = &self.nodes[index];
            if !node.bounds.overlaps(query) {
                continue;
            }
            if node.first_child == usize::MAX {
                found.extend(
                    self.items[node.start..node.end]
                        .iter()
                        .copied()
                        .filter(|&j| j > i && boxes[j].overlaps(query)),
                );
            } else {
                pending.push(node.first_child);
                pending.push(node.first_child + 1);
            }
        }
        found.sort_unstable();
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// One thread runs on the caller's thread; two use at most two threads.
    #[test]
    fn thread_cap_is_respected() {
        let caller = std::thread::current().id();
        let ids = with_threads(1, 10_000, |r| {
            r.map(10_000, |_| std::thread::current().id())
        });
        assert!(ids.iter().all(|id| *id == caller));
        let ids = with_threads(2, 10_000, |r| {
            r.map(10_000, |_| std::thread::current().id())
        });
        assert!(ids.iter().collect::<HashSet<_>>().len() <= 2);
        assert_eq!(
            thread_count(5, 10),
            1,
            "10 items are not worth a second thread"
        );
        assert!(thread_count(0, 1 << 20) >= 1);
    }

    /// The hierarchy finds exactly the overlapping boxes, including boxes that only touch.
    #[test]
    fn hierarchy_finds_every_overlap() {
        let boxes: Vec<Aabb<2>> = (0..300)
            .map(|k| {
                let x = ((k * 37) % 101) as f64;
                let y = ((k * 53) % 97) as f64;
                let s = (k % 7) as f64;
                Aabb {
                    lo: [x, y],
                    hi: [x + s, y + 1.0],
                }
            })
            .collect();
        let tree = Bvh::build(&boxes);
        for i in 0..boxes.len() {
            let brute: Vec<usize> = (i + 1..boxes.len())
                .filter(|&j| boxes[i].overlaps(&boxes[j]))
                .collect();
            assert_eq!(tree.overlapping_after(i, &boxes), brute, "box {i}");
        }
    }
}
