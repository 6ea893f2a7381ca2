//! Many shapes at once: batches of pair queries spread over all cores, and every pair of a
//! scene closer than a separation ([`pairs_within`]), found through a broad phase.
//!
//! Every pair is answered by the very functions of the single-pair API ([`distance_with`],
//! [`intersect_with`]) with the same arguments, so a batch gives, bit for bit, what the
//! single calls give; only the order of evaluation changes. Results come back in input
//! order (pairs of [`pairs_within`] sorted by `(i, j)`), whatever the number of threads.
//!
//! Threads: `threads` caps the workers of a call (0 means one per core); never more than the
//! cores are used, nor more than the work can use (a thread per 64 items at least), and a call
//! that gets one worker runs on the calling thread at no cost beyond its items'. The calling
//! thread always works; the other workers are threads of one pool owned by the library, started
//! by the first call that uses threads and kept while the library is loaded: no call builds or
//! joins threads, and the number of cores is looked up once per process.
//!
//! Processes: every call works in a child made by `fork()`, whatever its parent did before
//! (threaded batches and [`pairs_within`] included), with the same answers. The pool belongs
//! to the process that started it; a child that asks for threads starts its own, and nothing
//! of the library is held locked across a fork (its state is published through atomics).
//!
//! Callers that run their own job system: pass `threads = 1`, and give each of your jobs its
//! own slice of the pairs (a batch of a few hundred pairs or more per job keeps the per-call
//! cost negligible; any split gives the same answers, since each pair is answered alone).
//! For [`pairs_within`], which needs the whole scene, either give it the whole scene with
//! `threads = 1` on one job, or let it use the library's pool. A batch of mixed shape kinds
//! runs about 4% faster with its pairs sorted by the kinds of their two shapes (the same
//! branches of the support functions pair after pair); the batch does not reorder them itself,
//! since answering them out of order (poses read and results written all over their arrays)
//! cost more than it saved (docs/performance-history.md).
//!
//! The broad phase of [`pairs_within`]: the world bounding box of each posed shape, from its
//! support function along the six (four in 2D) world axis directions, grown by half the
//! separation plus a rounding allowance (a billionth of the coordinates' magnitude, far more
//! than the rounding of GJK), so that no pair whose computed distance is within the separation
//! is missed; a bounding-volume hierarchy over these boxes (median splits, built in
//! `O(n log n)`); then each shape's box against the tree, and GJK on the surviving pairs only.

use std::fmt;
use std::mem::{ManuallyDrop, MaybeUninit};
use std::num::NonZeroUsize;
use std::ptr;
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::error::QueryError;
use crate::gjk::{distance_with, intersect_with, DistanceResult, QueryOptions};
use crate::support::{Pose, Support, Vector};

/// Fewer items than this per thread are not worth a thread.
const MIN_ITEMS_PER_THREAD: usize = 64;
/// The fewest items of a piece of work when every thread of the pool may take part.
const MIN_GRAIN: usize = 16;
/// Pieces of the work of a call per worker: the threads take them one at a time, so they even
/// out to within a piece. With 4, 2 threads ran a batch of 1024 pairs 1.49-1.78x and of 8192
/// 1.61-1.92x faster than 1 thread; with 16, 1.78-1.80x and 1.90x (three alternated runs of
/// the batch benchmark under `chrt -f 10`, before the caller worked beside the pool).
const PIECES_PER_WORKER: usize = 16;
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
///
/// Below 128 pairs, or with `threads` 1, the batch runs on the calling thread. A caller with
/// its own job system sets `threads` to 1 and hands each job a sub-slice of `pairs` (see the
/// module documentation).
pub fn distance_batch<const D: usize, S>(
    pairs: &[(Placed<'_, S, D>, Placed<'_, S, D>)],
    options: &BatchOptions,
) -> Vec<Outcome<DistanceResult<D>, D>>
where
    S: Support<D> + Sync + ?Sized,
{
    Runner::new(options.threads, pairs.len()).map(pairs.len(), |k| {
        let (a, b) = &pairs[k];
        distance_with(a.shape, &a.pose, b.shape, &b.pose, &options.query)
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
    Runner::new(options.threads, pairs.len()).map(pairs.len(), |k| {
        let (a, b) = &pairs[k];
        intersect_with(a.shape, &a.pose, b.shape, &b.pose, &options.query)
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
/// The answer is exactly that of [`distance_with`] over all pairs `i < j` keeping those that
/// [`within_separation`]: those that intersect or whose certified `distance` is within the separation,
/// and those within rounding of it (`lower_bound <= separation < distance`) whose closest
/// points are within it, found in about `O(n log n)` for scenes where each shape has few
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
    let runner = Runner::new(options.threads, n);
    // Every step runs on the runner's threads: the boxes, the tree (its upper levels built
    // side by side), and for each shape the gathering of its neighbours with GJK on each.
    let boxes = runner.map(n, |k| bounds(&objects[k], separation));
    if let Some(k) = boxes.iter().position(|b| !b.is_finite()) {
        return Err(PairsError::NonFiniteBounds(k));
    }
    let tree = Bvh::build(&boxes, &runner);
    let outcomes = runner.flat_map(n, |i| {
        let a = &objects[i];
        tree.overlapping_after(i, &boxes)
            .into_iter()
            .filter_map(move |j| {
                let b = &objects[j];
                let outcome = distance_with(a.shape, &a.pose, b.shape, &b.pose, &options.query);
                within(i, j, outcome, separation).transpose()
            })
    });
    // The first failure in (i, j) order, as a call on one thread would meet it.
    outcomes.into_iter().collect()
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
    Ok(within_separation(&result, separation).then_some(PairDistance { i, j, result }))
}

/// Whether a distance query's `result` puts its pair within `separation`: it intersects, its
/// certified distance is within, or its certified interval reaches the separation and its
/// closest points (the plain estimate of the distance) are within it. So a pair exactly at the
/// separation is kept (squares 2 apart at 2.0), and one whose exact distance is a float just
/// beyond it dropped.
pub fn within_separation<const D: usize>(result: &DistanceResult<D>, separation: f64) -> bool {
    result.intersecting
        || result.distance <= separation
        || (result.lower_bound <= separation
            && crate::range::robust_norm(&(result.point_b - result.point_a)) <= separation)
}

/// The cores of the machine, looked up once per process: `available_parallelism` reads
/// cgroup files, three opens a call on Linux, too much to pay on every batch. An atomic rather
/// than a lock, so that a `fork()` in the middle of the look-up leaves the child nothing to
/// wait for (0: not looked up yet).
fn cores() -> usize {
    static CORES: AtomicUsize = AtomicUsize::new(0);
    match CORES.load(Ordering::Relaxed) {
        0 => {
            let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
            CORES.store(cores, Ordering::Relaxed);
            cores
        }
        cores => cores,
    }
}

/// The library's pool in one process: `None` when threads could not be started there.
struct ProcessPool {
    /// The process whose threads these are.
    process: u32,
    pool: Option<rayon::ThreadPool>,
    /// The pool of the parent process this one was forked from, if it had one: never used nor
    /// freed in the child, only kept reachable (leak checkers then see no memory lost).
    _forked_from: Option<&'static ProcessPool>,
}

/// The library's pool: one thread per core, started by the first call of a process that uses
/// threads and kept as long as the library is loaded (never rebuilt, never joined). Its own
/// pool rather than rayon's global one, so that a program which configures the global pool
/// keeps that freedom. `None` when threads cannot be started: everything then runs on the
/// calling thread.
///
/// Fork safety: a child made by `fork()` has none of its parent's threads, so the pool belongs
/// to the process that started it ([`ProcessPool::process`]); a child that asks for threads
/// starts its own pool, and leaves its parent's untouched (dropping it would wait on the
/// parent's threads, whose locks may have been copied held). The pool is published through an
/// atomic pointer, not a lock: nothing of it can be held across a fork.
fn pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: AtomicPtr<ProcessPool> = AtomicPtr::new(ptr::null_mut());
    let process = std::process::id();
    let current = POOL.load(Ordering::Acquire);
    // SAFETY: a pointer stored in `POOL` comes from `Box::into_raw` and is never freed.
    let found = unsafe { current.as_ref() };
    if let Some(found) = found.filter(|found| found.process == process) {
        return found.pool.as_ref();
    }
    let started = Box::new(ProcessPool {
        process,
        _forked_from: found,
        pool: rayon::ThreadPoolBuilder::new()
            .num_threads(cores())
            .thread_name(|k| format!("gjk-batch-{k}"))
            .build()
            .ok(),
    });
    let started = Box::into_raw(started);
    let published =
        match POOL.compare_exchange(current, started, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => started,
            Err(other) => {
                // Another thread of this process published its pool first: ours is not needed.
                // SAFETY: `started` came from `Box::into_raw` above and was never shared.
                drop(unsafe { Box::from_raw(started) });
                other
            }
        };
    // SAFETY: `published` is non-null, from `Box::into_raw`, and never freed; a pointer that
    // another thread published is of this process, since its threads are this process's.
    unsafe { &*published }.pool.as_ref()
}

/// How the work of a call is spread: on the calling thread alone, or on the calling thread
/// with at most `workers - 1` threads of the library's pool ([`pool`]) beside it.
///
/// The calling thread always works ([`Runner::share`]): a caller that waited while the pool
/// worked (rayon's `install` and `in_place_scope`) was seen to have its workers woken onto its
/// own core, the kernel expecting that core to fall idle, so that on an idle 2-core machine a
/// batch of 8192 pairs ran 1.49-1.53x and one of 1024 pairs 0.83-0.94x as fast as on one thread
/// (1.91-1.93x and 1.73-1.79x with the caller working; three alternated runs of
/// `cargo run --release -p gjk-bench --bin batch`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Runner {
    workers: usize,
    pool: Option<&'static rayon::ThreadPool>,
}

impl Runner {
    /// The runner for `work` items when at most `threads` threads are asked for (0: one per
    /// core).
    pub(crate) fn new(threads: usize, work: usize) -> Self {
        let workers = thread_count(threads, work);
        // A call on one worker never starts the pool.
        match (workers > 1).then(pool).flatten() {
            Some(pool) => Self {
                workers,
                pool: Some(pool),
            },
            None => Self {
                workers: 1,
                pool: None,
            },
        }
    }

    /// Whether the work stays on the calling thread.
    fn serial(&self) -> bool {
        self.pool.is_none()
    }

    /// How many pieces `n` items are cut into: [`PIECES_PER_WORKER`] per worker, of at least
    /// [`MIN_GRAIN`] items (one piece when serial).
    fn pieces(&self, n: usize) -> usize {
        if self.serial() {
            1
        } else {
            (self.workers * PIECES_PER_WORKER)
                .min(n.div_ceil(MIN_GRAIN))
                .max(1)
        }
    }

    /// `work(0), ..., work(pieces - 1)`, each once, in any order: the calling thread and up to
    /// `workers - 1` threads of the pool each take the next piece not yet taken until none is
    /// left. A panic in a piece reaches the caller once every piece has ended.
    fn share(&self, pieces: usize, work: impl Fn(usize) + Sync) {
        let Some(pool) = self.pool else {
            (0..pieces).for_each(work);
            return;
        };
        let next = AtomicUsize::new(0);
        let take = || loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= pieces {
                break;
            }
            work(k);
        };
        let take = &take;
        pool.in_place_scope(|scope| {
            for _ in 1..self.workers.min(pieces) {
                scope.spawn(move |_| take());
            }
            take();
        });
    }

    /// `f(0), ..., f(n - 1)`, in this order, computed on the runner's threads, each piece
    /// writing its items in place (gathered from pieces of their own, the items of 100,000
    /// shapes were copied once more on one thread: `pairs_within` 1.7x instead of 2.0x faster
    /// on 2 threads).
    pub(crate) fn map<T, F>(&self, n: usize, f: F) -> Vec<T>
    where
        T: Send,
        F: Fn(usize) -> T + Sync + Send,
    {
        if self.serial() {
            return (0..n).map(f).collect();
        }
        let mut slots: Vec<MaybeUninit<T>> = Vec::with_capacity(n);
        slots.resize_with(n, MaybeUninit::uninit);
        let write = |first: usize, piece: &mut [MaybeUninit<T>], _: &mut [()]| {
            for (k, slot) in piece.iter_mut().enumerate() {
                slot.write(f(first + k));
            }
        };
        self.fill(&mut slots, &mut [], write, |(), ()| ());
        let mut slots = ManuallyDrop::new(slots);
        let (items, len, capacity) = (slots.as_mut_ptr(), slots.len(), slots.capacity());
        // SAFETY: `fill` ran `write` on every piece of `slots` (a panic in one would have
        // come out of it), and each wrote every slot of its piece: all `n` are initialised,
        // and `MaybeUninit<T>` has the layout of `T`.
        unsafe { Vec::from_raw_parts(items.cast::<T>(), len, capacity) }
    }

    /// The items of `f(0)`, then those of `f(1)`, ..., computed on the runner's threads.
    fn flat_map<T, I, F>(&self, n: usize, f: F) -> Vec<T>
    where
        T: Send,
        I: IntoIterator<Item = T>,
        F: Fn(usize) -> I + Sync + Send,
    {
        if self.serial() {
            return (0..n).flat_map(f).collect();
        }
        let pieces = self.pieces(n);
        let len = n.div_ceil(pieces);
        let parts: Vec<Mutex<Vec<T>>> = (0..pieces).map(|_| Mutex::new(Vec::new())).collect();
        self.share(pieces, |k| {
            let items = (k * len..n.min((k + 1) * len)).flat_map(&f).collect();
            *lock(&parts[k]) = items;
        });
        let mut all = Vec::with_capacity(n);
        for part in parts {
            all.append(&mut part.into_inner().unwrap_or_else(PoisonError::into_inner));
        }
        all
    }

    /// Runs `f(first, a_piece, b_piece)` over pieces of `a` (and the matching pieces of `b`,
    /// which is either empty or as long as `a`), `first` being the index of the piece's first
    /// item, and combines the pieces' answers with `combine`, in any order (it must not
    /// depend on it). Nothing is allocated per item.
    pub(crate) fn fill<T, U, R, F, C>(&self, a: &mut [T], b: &mut [U], f: F, combine: C) -> R
    where
        T: Send,
        U: Send,
        R: Send + Default,
        F: Fn(usize, &mut [T], &mut [U]) -> R + Sync + Send,
        C: Fn(R, R) -> R + Sync + Send,
    {
        if self.serial() || a.is_empty() {
            return f(0, a, b);
        }
        let len = a.len().div_ceil(self.pieces(a.len()));
        let mut b_pieces = b.chunks_mut(len);
        let slots: Vec<Slot<(&mut [T], &mut [U])>> = a
            .chunks_mut(len)
            .map(|a_piece| Mutex::new(Some((a_piece, b_pieces.next().unwrap_or(&mut [])))))
            .collect();
        let total = Mutex::new(R::default());
        self.share(slots.len(), |k| {
            if let Some((a_piece, b_piece)) = lock(&slots[k]).take() {
                let r = f(k * len, a_piece, b_piece);
                let mut total = lock(&total);
                *total = combine(std::mem::take(&mut *total), r);
            }
        });
        total.into_inner().unwrap_or_else(PoisonError::into_inner)
    }

    /// `(a(), b())`, side by side when `fork` and the runner has threads.
    fn join<A, B, RA, RB>(&self, fork: bool, a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA + Send,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send,
    {
        if !fork || self.serial() {
            return (a(), b());
        }
        let (a, b) = (Mutex::new(Some(a)), Mutex::new(Some(b)));
        let (ra, rb) = (Mutex::new(None), Mutex::new(None));
        self.share(2, |k| {
            if k == 0 {
                *lock(&ra) = lock(&a).take().map(|a| a());
            } else {
                *lock(&rb) = lock(&b).take().map(|b| b());
            }
        });
        // `share` returns once both pieces have run (a panic in one would have come out of it).
        (
            ran(ra).expect("share ran the first piece"),
            ran(rb).expect("share ran the second piece"),
        )
    }

    /// How many levels of a binary split fork: enough for every worker to get a branch, and
    /// no more (log2 of the workers, rounded up, plus one level for balance).
    fn fork_depth(&self) -> u32 {
        if self.serial() {
            0
        } else {
            self.workers.next_power_of_two().trailing_zeros() + 1
        }
    }
}

/// A piece's input or output, taken or left by whichever thread runs the piece.
type Slot<T> = Mutex<Option<T>>;

/// What a piece left in `slot`.
fn ran<R>(slot: Slot<R>) -> Option<R> {
    slot.into_inner().unwrap_or_else(PoisonError::into_inner)
}

/// `mutex` locked, also after a panic elsewhere left it poisoned (its data is still whole:
/// each piece writes its own slot once).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The number of threads to use for `work` items when at most `threads` are asked for (0: one
/// per core).
fn thread_count(threads: usize, work: usize) -> usize {
    let wanted = if threads == 0 {
        cores()
    } else {
        threads.min(cores())
    };
    wanted.min(work / MIN_ITEMS_PER_THREAD).max(1)
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

/// A node of the hierarchy: its box, and either two children or a run of items. Nodes are
/// stored in depth-first order: an inner node's first child follows it.
struct Node<const D: usize> {
    bounds: Aabb<D>,
    /// Inner node: index of the second child. Leaf: `usize::MAX`.
    second_child: usize,
    /// The node's items: `items[start..end]`.
    start: usize,
    end: usize,
}

/// Fewer items than this are not worth building on a second thread.
const PARALLEL_BUILD_MIN: usize = 4096;

/// A bounding-volume hierarchy over boxes, split at the median of the longest spread of the
/// boxes' centres (so its depth is about `log2(n)` whatever the input).
struct Bvh<const D: usize> {
    nodes: Vec<Node<D>>,
    items: Vec<usize>,
}

impl<const D: usize> Bvh<D> {
    /// The tree over `boxes`, its upper levels built on the runner's threads side by side.
    fn build(boxes: &[Aabb<D>], runner: &Runner) -> Self {
        let mut items: Vec<usize> = (0..boxes.len()).collect();
        let mut nodes = Vec::with_capacity(boxes.len() / 2 + 1);
        // The boxes' centres side by side: the median splits compare them at every level.
        let centres = runner.map(boxes.len(), |k| {
            std::array::from_fn(|axis| boxes[k].centre(axis))
        });
        grow_subtree(
            boxes,
            &centres,
            &mut items,
            0,
            &mut nodes,
            runner,
            runner.fork_depth(),
        );
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
            if node.second_child == usize::MAX {
                found.extend(
                    self.items[node.start..node.end]
                        .iter()
                        .copied()
                        .filter(|&j| j > i && boxes[j].overlaps(query)),
                );
            } else {
                pending.push(node.second_child);
                pending.push(index + 1);
            }
        }
        found.sort_unstable();
        found
    }
}

/// Appends to `nodes` the subtree over `items` (which are `items[start..]` of the whole tree),
/// depth first, after sorting `items` into its leaves by their boxes' `centres`. While `forks` is above 0, the two
/// halves of a large node are built side by side; the depth is about `log2(items)`.
fn grow_subtree<const D: usize>(
    boxes: &[Aabb<D>],
    centres: &[[f64; D]],
    items: &mut [usize],
    start: usize,
    nodes: &mut Vec<Node<D>>,
    runner: &Runner,
    forks: u32,
) {
    let mut bounds = Aabb::<D>::EMPTY;
    let mut spread = Aabb::<D>::EMPTY;
    for &item in items.iter() {
        bounds.grow(&boxes[item]);
        let c = centres[item];
        spread.grow(&Aabb { lo: c, hi: c });
    }
    let index = nodes.len();
    nodes.push(Node {
        bounds,
        second_child: usize::MAX,
        start,
        end: start + items.len(),
    });
    if items.len() <= LEAF_SIZE {
        return;
    }
    let axis = (0..D)
        .max_by(|&a, &b| {
            let width = |k: usize| spread.hi[k] - spread.lo[k];
            width(a).total_cmp(&width(b))
        })
        .unwrap_or(0);
    let mid = items.len() / 2;
    items.select_nth_unstable_by(mid, |&a, &b| centres[a][axis].total_cmp(&centres[b][axis]));
    let (left, right) = items.split_at_mut(mid);
    if forks > 0 && left.len() >= PARALLEL_BUILD_MIN {
        let forks = forks - 1;
        let (first, second) = runner.join(
            true,
            || {
                let mut part = Vec::new();
                grow_subtree(boxes, centres, left, start, &mut part, runner, forks);
                part
            },
            || {
                let mut part = Vec::new();
                grow_subtree(boxes, centres, right, start + mid, &mut part, runner, forks);
                part
            },
        );
        append_subtree(nodes, first);
        nodes[index].second_child = nodes.len();
        append_subtree(nodes, second);
    } else {
        grow_subtree(boxes, centres, left, start, nodes, runner, 0);
        nodes[index].second_child = nodes.len();
        grow_subtree(boxes, centres, right, start + mid, nodes, runner, 0);
    }
}

/// Appends `part`, a subtree built on its own (its child indices counted from 0), to `nodes`.
fn append_subtree<const D: usize>(nodes: &mut Vec<Node<D>>, part: Vec<Node<D>>) {
    let offset = nodes.len();
    nodes.extend(part.into_iter().map(|mut node| {
        if node.second_child != usize::MAX {
            node.second_child += offset;
        }
        node
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// One thread runs on the caller's thread; two use at most two threads.
    #[test]
    fn thread_cap_is_respected() {
        let caller = std::thread::current().id();
        let ids = Runner::new(1, 10_000).map(10_000, |_| std::thread::current().id());
        assert!(ids.iter().all(|id| *id == caller));
        let ids = Runner::new(2, 10_000).map(10_000, |_| std::thread::current().id());
        assert!(ids.iter().collect::<HashSet<_>>().len() <= 2);
        // A cap of one below the pool's size: never more threads than the cap at once.
        let cap = cores().saturating_sub(1).max(1);
        let ids = Runner::new(cap, 10_000).map(10_000, |_| std::thread::current().id());
        assert!(ids.iter().collect::<HashSet<_>>().len() <= cap);
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
        for runner in [Runner::new(1, 0), Runner::new(0, 1 << 20)] {
            check_hierarchy(&boxes, &Bvh::build(&boxes, &runner));
        }
        // Large enough for the upper levels to be built side by side.
        let many: Vec<Aabb<3>> = (0..20_000)
            .map(|k| {
                let c = [
                    ((k * 37) % 1009) as f64,
                    ((k * 53) % 997) as f64,
                    (k % 13) as f64,
                ];
                Aabb {
                    lo: c,
                    hi: c.map(|x| x + 2.0),
                }
            })
            .collect();
        let tree = Bvh::build(&many, &Runner::new(0, 1 << 20));
        for i in (0..many.len()).step_by(97) {
            let brute: Vec<usize> = (i + 1..many.len())
                .filter(|&j| many[i].overlaps(&many[j]))
                .collect();
            assert_eq!(tree.overlapping_after(i, &many), brute, "box {i}");
        }
    }

    fn check_hierarchy<const D: usize>(boxes: &[Aabb<D>], tree: &Bvh<D>) {
        for i in 0..boxes.len() {
            let brute: Vec<usize> = (i + 1..boxes.len())
                .filter(|&j| boxes[i].overlaps(&boxes[j]))
                .collect();
            assert_eq!(tree.overlapping_after(i, boxes), brute, "box {i}");
        }
    }
}
