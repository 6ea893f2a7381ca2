//! Batches of the C ABI: many pair queries in one call, spread over the cores, and every pair
//! of a scene within a separation (`gjk_pairs_within`), returned in a `GjkPairList`.

use crate::batch::{pairs_within, BatchOptions, PairsError, Placed, Runner};
use crate::error::QueryError;
use crate::ffi::callback::checked;
use crate::ffi::pointers::{array, input, optional_array, optional_array_mut, output};
use crate::ffi::pose::{FromGjkPose, GjkPose};
use crate::ffi::query::{
    options_at, Distance, GjkDistanceResult, GjkPenetrationResult, GjkQueryOptions, Intersect,
    PairQuery, Penetration, Query,
};
use crate::ffi::shapes::{AnyShape, GjkShape};
use crate::ffi::status::{
    guard, guard_value, Failure, GjkStatus, GJK_DIMENSION_MISMATCH, GJK_INVALID_ARGUMENT,
    GJK_NO_CONVERGENCE, GJK_OK,
};
use crate::gjk::QueryOptions;
use crate::shape::Shape;
use crate::support::Pose;

/// One pair found by `gjk_pairs_within`: the indices of its shapes in the input array
/// (`i < j`) and the distance query of shape `i` (as A) against shape `j` (as B).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GjkPair {
    /// Index of the first shape (A).
    pub i: usize,
    /// Index of the second shape (B); greater than `i`.
    pub j: usize,
    /// What `gjk_distance_ex` answers for shape `i` and shape `j`.
    pub result: GjkDistanceResult,
}

/// The pairs found by `gjk_pairs_within`, sorted by (i, j). Read it with `gjk_pair_list_len`,
/// `gjk_pair_list_get` or `gjk_pair_list_copy`; free it with `gjk_pair_list_free`.
pub struct GjkPairList {
    pairs: Vec<GjkPair>,
}

/// The options at `options` (NULL: the defaults), validated.
///
/// # Safety
/// `options` must be NULL or valid for reading.
unsafe fn query_options(options: *const GjkQueryOptions) -> Result<QueryOptions, Failure> {
    let options = options_at(options)?;
    options
        .validate::<()>()
        .map_err(|e| Failure::invalid(e.to_string()))?;
    Ok(options)
}

/// A query of the batches: a [`PairQuery`] run on every pair, with its single call's rule
/// for writing the answer at the iteration cap.
trait Batched: PairQuery<Out: Default + Copy + Send> + Copy + Sync {
    /// Whether the single call writes its answer also on GJK_NO_CONVERGENCE (the best bounds
    /// found stay valid).
    const WRITTEN_AT_CAP: bool;
}

impl Batched for Distance {
    const WRITTEN_AT_CAP: bool = true;
}

impl Batched for Penetration {
    const WRITTEN_AT_CAP: bool = true;
}

impl Batched for Intersect {
    const WRITTEN_AT_CAP: bool = false;
}

/// The answer of one pair of a batch: the value to write (also on GJK_NO_CONVERGENCE when
/// the single call writes one), and the failure, if any.
struct Answer<T> {
    value: Option<T>,
    failure: Option<Failure>,
}

impl<T> Answer<T> {
    /// `value` with what became of its query: written on success, and on the iteration cap
    /// when the single call writes it there (`written_at_cap`); not on any other failure.
    fn of(value: T, outcome: Result<(), Failure>, written_at_cap: bool) -> Self {
        let (value, failure) = match outcome {
            Ok(()) => (Some(value), None),
            Err(f) if written_at_cap && f.status == GJK_NO_CONVERGENCE => (Some(value), Some(f)),
            Err(f) => (None, Some(f)),
        };
        Self { value, failure }
    }
}

/// The shape pointers of a batch, read by the pool's threads. Shapes are immutable after
/// creation and may be shared by any number of threads (`GjkShape`'s documentation in the
/// header); each pointer is checked where it is read, as the single calls check theirs.
struct ShapePointers<'a>(&'a [*const GjkShape]);

// SAFETY: only read, and what they point to is immutable and `Sync` (see above).
unsafe impl Sync for ShapePointers<'_> {}

impl ShapePointers<'_> {
    /// Pointer `k`, checked: the shape, or why it cannot be used.
    ///
    /// # Safety
    /// The pointer must be NULL or a live shape.
    unsafe fn shape(&self, k: usize, name: &str) -> Result<&GjkShape, Failure> {
        input(self.0[k], name)
    }
}

/// The first failures of a run of pairs, by index: the first other than the iteration cap,
/// and the first cap.
#[derive(Default)]
struct Firsts {
    error: Option<(usize, Failure)>,
    cap: Option<(usize, Failure)>,
}

impl Firsts {
    fn note(&mut self, k: usize, failure: Failure) {
        let slot = if failure.status == GJK_NO_CONVERGENCE {
            &mut self.cap
        } else {
            &mut self.error
        };
        slot.get_or_insert((k, failure));
    }

    /// The earlier failures of two runs.
    fn earliest(self, other: Self) -> Self {
        fn first(
            a: Option<(usize, Failure)>,
            b: Option<(usize, Failure)>,
        ) -> Option<(usize, Failure)> {
            match (a, b) {
                (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
                (a, b) => a.or(b),
            }
        }
        Self {
            error: first(self.error, other.error),
            cap: first(self.cap, other.cap),
        }
    }
}

/// The common body of the batch calls. The call's arguments are checked once; each pair then
/// costs what its single call costs less the boundary: its two shape pointers, its poses and
/// one dispatch on the shapes' kinds. The answers go straight to `results` and `statuses`,
/// nothing is allocated unless a pair fails.
///
/// # Safety
/// As the batch calls.
#[allow(clippy::too_many_arguments)]
unsafe fn batch<Q: Batched>(
    query: Q,
    shapes_a: *const *const GjkShape,
    poses_a: *const GjkPose,
    shapes_b: *const *const GjkShape,
    poses_b: *const GjkPose,
    count: usize,
    options: *const GjkQueryOptions,
    threads: u32,
    results: *mut Q::Out,
    statuses: *mut GjkStatus,
) -> Result<(), Failure> {
    let shapes_a = ShapePointers(array(shapes_a, count, "shapes_a")?);
    let shapes_b = ShapePointers(array(shapes_b, count, "shapes_b")?);
    let poses_a = optional_array(poses_a, count, "poses_a")?;
    let poses_b = optional_array(poses_b, count, "poses_b")?;
    let options = query_options(options)?;
    if count > 0 && results.is_null() {
        output(results, "results")?;
    }
    let results = optional_array_mut(results, count, "results")?;
    // Empty when not asked for.
    let statuses = optional_array_mut(statuses, count, "statuses")?;
    // Each pair as its single call: its shapes, then `Query::dispatch`.
    let answer = |k: usize| {
        let mut value = Q::Out::default();
        let outcome = shapes_a.shape(k, "shape a").and_then(|a| {
            let b = shapes_b.shape(k, "shape b")?;
            Query::of(a, poses_a.get(k), b, poses_b.get(k), options).dispatch(query, &mut value)
        });
        Answer::of(value, outcome, Q::WRITTEN_AT_CAP)
    };
    let run = |first: usize, results: &mut [Q::Out], statuses: &mut [GjkStatus]| {
        let mut firsts = Firsts::default();
        for (offset, result) in results.iter_mut().enumerate() {
            let k = first + offset;
            let Answer { value, failure } = answer(k);
            if let Some(value) = value {
                *result = value;
            }
            if let Some(status) = statuses.get_mut(offset) {
                *status = failure.as_ref().map_or(GJK_OK, |f| f.status);
            }
            if let Some(f) = failure {
                firsts.note(k, f);
            }
        }
        firsts
    };
    let firsts =
        Runner::new(threads as usize, count).fill(results, statuses, run, Firsts::earliest);
    match firsts.error.or(firsts.cap) {
        Some((k, f)) => Err(Failure::new(f.status, format!("pair {k}: {}", f.message))),
        None => Ok(()),
    }
}

/// The distances of `count` pairs at once, spread over up to `threads` threads (0: one per
/// core): pair k is shape `shapes_a[k]` placed by `poses_a[k]` against `shapes_b[k]` placed by
/// `poses_b[k]`, and `results[k]` is, bit for bit, what `gjk_distance_ex` writes for it,
/// whatever the number of threads. A NULL pose array means identity poses; `options` NULL
/// means the defaults. Arrays may be NULL when `count` is 0.
///
/// Returns `GJK_OK` when every pair succeeded; otherwise the status of the first pair (in
/// index order) that failed other than by the iteration cap, else `GJK_NO_CONVERGENCE`, with
/// a message naming the pair ("pair 7: shape a is NULL"). Every pair is answered all the same:
/// `results[k]` is written when the single call would write it (on success and on
/// `GJK_NO_CONVERGENCE`), and `statuses[k]` (when `statuses` is not NULL) gets pair k's
/// status. Invalid arguments of the call itself (NULL arrays, bad options) write nothing.
///
/// Threads: the workers come from one pool of the library, started by the first call that
/// uses threads (never by a call with `threads` 1) and kept while the library is loaded; no
/// call starts or joins threads. Below 128 pairs, or with `threads` 1, the call runs on the
/// calling thread and costs each pair what `gjk_distance_ex` costs. `fork()`: a child process
/// may call every function at once, whatever its parent did before (threaded batches
/// included), with the same answers; the pool belongs to the process that started it, a child
/// starts its own, and nothing of the library is held locked across a fork. A program with its
/// own job system passes `threads` 1 and gives each job a slice of the arrays
/// (`shapes_a + first`, ..., `count` = the slice's length; a few hundred pairs or more per
/// call): the answers are the same whatever the split.
///
/// # Safety
/// Non-NULL arrays must hold `count` valid elements; `results` and `statuses` must not overlap
/// the inputs. Shapes must be NULL or live.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn gjk_distance_batch(
    shapes_a: *const *const GjkShape,
    poses_a: *const GjkPose,
    shapes_b: *const *const GjkShape,
    poses_b: *const GjkPose,
    count: usize,
    options: *const GjkQueryOptions,
    threads: u32,
    results: *mut GjkDistanceResult,
    statuses: *mut GjkStatus,
) -> GjkStatus {
    guard(|| {
        batch(
            Distance, shapes_a, poses_a, shapes_b, poses_b, count, options, threads, results,
            statuses,
        )
    })
}

/// The penetration of each of `count` pairs, spread over up to `threads` threads (0: one per
/// core): `results[k]` is what `gjk_penetration_ex` writes for `shapes_a[k]` placed by
/// `poses_a[k]` and `shapes_b[k]` placed by `poses_b[k]` (minus the depth when they overlap,
/// their distance otherwise). Poses, options, statuses, failures and threads as in
/// `gjk_distance_batch`; `results[k]` is written for the pairs that succeed and for those that
/// reach the iteration cap (with the best answer found).
///
/// # Safety
/// As `gjk_distance_batch`.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn gjk_penetration_batch(
    shapes_a: *const *const GjkShape,
    poses_a: *const GjkPose,
    shapes_b: *const *const GjkShape,
    poses_b: *const GjkPose,
    count: usize,
    options: *const GjkQueryOptions,
    threads: u32,
    results: *mut GjkPenetrationResult,
    statuses: *mut GjkStatus,
) -> GjkStatus {
    guard(|| {
        batch(
            Penetration,
            shapes_a,
            poses_a,
            shapes_b,
            poses_b,
            count,
            options,
            threads,
            results,
            statuses,
        )
    })
}

/// Whether each of `count` pairs intersects, spread over up to `threads` threads (0: one per
/// core): `results[k]` is what `gjk_intersect_ex` answers for `shapes_a[k]` placed by
/// `poses_a[k]` and `shapes_b[k]` placed by `poses_b[k]`. Poses, options, statuses, failures
/// and threads as in `gjk_distance_batch`; `results[k]` is written for the pairs that succeed.
///
/// # Safety
/// As `gjk_distance_batch`.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn gjk_intersect_batch(
    shapes_a: *const *const GjkShape,
    poses_a: *const GjkPose,
    shapes_b: *const *const GjkShape,
    poses_b: *const GjkPose,
    count: usize,
    options: *const GjkQueryOptions,
    threads: u32,
    results: *mut bool,
    statuses: *mut GjkStatus,
) -> GjkStatus {
    guard(|| {
        batch(
            Intersect, shapes_a, poses_a, shapes_b, poses_b, count, options, threads, results,
            statuses,
        )
    })
}

/// Picks the shapes of one dimension out of [`AnyShape`].
trait OfDimension: Sized {
    fn of(shape: &AnyShape) -> Option<&Self>;
}

impl OfDimension for Shape<2> {
    fn of(shape: &AnyShape) -> Option<&Self> {
        match shape {
            AnyShape::Planar(s) => Some(s),
            AnyShape::Spatial(_) => None,
        }
    }
}

impl OfDimension for Shape<3> {
    fn of(shape: &AnyShape) -> Option<&Self> {
        match shape {
            AnyShape::Spatial(s) => Some(s),
            AnyShape::Planar(_) => None,
        }
    }
}

/// `gjk_pairs_within` once the shapes are known to be `D`-dimensional.
fn scene<const D: usize>(
    shapes: &[&GjkShape],
    poses: &[GjkPose],
    separation: f64,
    options: &BatchOptions,
) -> Result<Vec<GjkPair>, Failure>
where
    Shape<D>: OfDimension,
    Pose<D>: FromGjkPose,
{
    // Each shape and pose checked on the runner's threads; the first failure by index wins,
    // as in a loop.
    let runner = Runner::new(options.threads, shapes.len());
    let placed = runner
        .map(shapes.len(), |k| {
            let shape = Shape::<D>::of(&shapes[k].shape).ok_or_else(|| {
                Failure::new(
                    GJK_DIMENSION_MISMATCH,
                    format!(
                        "shapes[{k}] is {}D but shapes[0] is {D}D: all shapes of a scene share \
                         a dimension",
                        5 - D
                    ),
                )
            })?;
            let pose = Pose::<D>::from_gjk(poses.get(k), format_args!("poses[{k}]"))?;
            Ok(Placed::new(shape, pose))
        })
        .into_iter()
        .collect::<Result<Vec<_>, Failure>>()?;
    // Callbacks are watched on the calling thread (see `ffi::callback::checked`), so a scene
    // that holds one runs there.
    let calls_back = placed.iter().any(|p| p.shape.calls_back());
    let options = &BatchOptions {
        threads: if calls_back { 1 } else { options.threads },
        ..*options
    };
    let pairs = checked(calls_back, || {
        pairs_within(&placed, separation, options).map_err(|e| {
            let status = match &e {
                PairsError::Pair {
                    error: QueryError::NoConvergence(_),
                    ..
                } => GJK_NO_CONVERGENCE,
                _ => GJK_INVALID_ARGUMENT,
            };
            Failure::new(status, e.to_string())
        })
    })?;
    Ok(runner.map(pairs.len(), |k| {
        let p = &pairs[k];
        GjkPair {
            i: p.i,
            j: p.j,
            result: (&p.result).into(),
        }
    }))
}

/// Every pair of the `count` shapes `shapes[k]` placed by `poses[k]` whose distance is at most
/// `separation` (0: the pairs that overlap or touch), with the distance query of each, in a new
/// list sorted by (i, j) written to `*out`. The list is exactly what `gjk_distance_ex` over all
/// pairs i < j would keep with `distance <= separation`, found through a broad phase (bounding
/// boxes from the support functions, grown by the separation, in a bounding-volume hierarchy)
/// and GJK on the pairs it leaves, on up to `threads` threads (0: one per core): every step
/// (checking the input, the boxes, the hierarchy's upper levels, the gathering of candidates
/// with GJK on them) runs on the library's pool, as in `gjk_distance_batch`. A program with its
/// own job system passes `threads` 1 and runs the whole scene in one job.
///
/// A NULL `poses` means identity poses; `options` NULL the defaults. `count` 0 or 1 gives an
/// empty list (`shapes` may then be NULL). All shapes must have one dimension
/// (`GJK_DIMENSION_MISMATCH` names the first that differs from `shapes[0]`); a NULL shape or a
/// bad pose fails naming its index; a NaN, infinite or negative `separation` is
/// `GJK_INVALID_ARGUMENT`. A pair whose query reaches the iteration cap is kept when its
/// distance bound is within the separation, dropped when its lower bound is beyond, and
/// otherwise fails the call with `GJK_NO_CONVERGENCE` naming the pair. `*out` is written on
/// success only; free it with `gjk_pair_list_free`.
///
/// # Safety
/// Non-NULL arrays must hold `count` valid elements; shapes must be NULL or live; `out` must be
/// writable.
#[no_mangle]
pub unsafe extern "C" fn gjk_pairs_within(
    shapes: *const *const GjkShape,
    poses: *const GjkPose,
    count: usize,
    separation: f64,
    options: *const GjkQueryOptions,
    threads: u32,
    out: *mut *mut GjkPairList,
) -> GjkStatus {
    guard(|| {
        let out = output(out, "out")?;
        let shapes = array(shapes, count, "shapes")?;
        let poses = optional_array(poses, count, "poses")?;
        let options = BatchOptions {
            query: query_options(options)?,
            threads: threads as usize,
        };
        if !(separation.is_finite() && separation >= 0.0) {
            return Err(Failure::invalid(
                PairsError::<2>::InvalidSeparation(separation).to_string(),
            ));
        }
        let shapes = shapes
            .iter()
            .enumerate()
            // The name is formatted only for a pointer that fails, not once per shape.
            .map(|(k, &p)| input(p, "shape").or_else(|_| input(p, &format!("shapes[{k}]"))))
            .collect::<Result<Vec<_>, _>>()?;
        let pairs = match shapes.first().map(|s| &s.shape) {
            None => Vec::new(),
            Some(AnyShape::Planar(_)) => scene::<2>(&shapes, poses, separation, &options)?,
            Some(AnyShape::Spatial(_)) => scene::<3>(&shapes, poses, separation, &options)?,
        };
        *out = Box::into_raw(Box::new(GjkPairList { pairs }));
        Ok(())
    })
}

/// The number of pairs in `list`; 0 for NULL.
///
/// # Safety
/// `list` must be NULL or a live list.
#[no_mangle]
pub unsafe extern "C" fn gjk_pair_list_len(list: *const GjkPairList) -> usize {
    guard_value(0, || list.as_ref().map_or(0, |l| l.pairs.len()))
}

/// Writes pair `index` of `list` to `*out`. An index out of range is `GJK_INVALID_ARGUMENT`.
///
/// # Safety
/// `list` must be NULL or a live list; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn gjk_pair_list_get(
    list: *const GjkPairList,
    index: usize,
    out: *mut GjkPair,
) -> GjkStatus {
    gjk_pair_list_copy(list, index, 1, out)
}

/// Copies the `count` pairs of `list` from `first` on to `out[0..count]` (one call for the
/// whole list: `first` 0, `count` = `gjk_pair_list_len`). A range beyond the list is
/// `GJK_INVALID_ARGUMENT`; `count` 0 copies nothing (and `out` may then be NULL).
///
/// # Safety
/// `list` must be NULL or a live list; `out` NULL or writable for `count` pairs.
#[no_mangle]
pub unsafe extern "C" fn gjk_pair_list_copy(
    list: *const GjkPairList,
    first: usize,
    count: usize,
    out: *mut GjkPair,
) -> GjkStatus {
    guard(|| {
        let list = input(list, "list")?;
        let len = list.pairs.len();
        let source = first
            .checked_add(count)
            .filter(|&end| end <= len)
            .map(|end| &list.pairs[first..end])
            .ok_or_else(|| {
                Failure::invalid(format!(
                    "pairs {first}..{first}+{count} are out of range: the list has {len}"
                ))
            })?;
        if count > 0 {
            output(out, "out")?;
        }
        optional_array_mut(out, count, "out")?.copy_from_slice(source);
        Ok(())
    })
}

/// Frees a list of `gjk_pairs_within`. NULL is a no-op.
///
/// # Safety
/// `list` must be NULL or a list not yet freed.
#[no_mangle]
pub unsafe extern "C" fn gjk_pair_list_free(list: *mut GjkPairList) {
    guard_value((), || {
        if !list.is_null() {
            drop(Box::from_raw(list));
        }
    })
}
