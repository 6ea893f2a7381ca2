//! The queries: distance and intersection, cold or warm-started, on top of the search
//! ([`super::search`]) and the boolean fast path ([`super::verdict`]).

use nalgebra::Vector3;

use super::options::QueryOptions;
use super::polygons::{PolygonContact, PolygonPair};
use super::search::{DistanceResult, Mode, Observer, Search};
use super::verdict::{quick_verdict, Quick};
use crate::cache::SimplexCache;
use crate::error::{QueryError, SearchError};
use crate::exact::{self, ExactAnswer};
use crate::shape::as_concrete_pair;
use crate::simplex::strictly_encloses_origin;
use crate::support::{lift, MinkowskiPair, Pose, Support, SupportKey, Vector};

/// The distance between `a` placed by `pose_a` and `b` placed by `pose_b`, with default options.
pub fn distance<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
) -> Result<DistanceResult<D>, QueryError<DistanceResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    distance_observed(
        a,
        pose_a,
        b,
        pose_b,
        &QueryOptions::default(),
        &mut (),
        None,
    )
}

/// [`distance`] with explicit options.
pub fn distance_with<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    options: &QueryOptions,
) -> Result<DistanceResult<D>, QueryError<DistanceResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    match options.exact {
        true => exact_distance(a, pose_a, b, pose_b, options, None),
        false => distance_observed(a, pose_a, b, pose_b, options, &mut (), None),
    }
}

/// [`distance_with`], reporting every step of the search to `observer` (see [`crate::trace`]),
/// and starting from (then updating) `cache` when there is one (see [`crate::cache`]). The
/// shapes' kinds are matched here, once (see [`as_concrete_pair`]).
pub(crate) fn distance_observed<const D: usize, A, B, O>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    options: &QueryOptions,
    observer: &mut O,
    cache: Option<&mut SimplexCache<D>>,
) -> Result<DistanceResult<D>, QueryError<DistanceResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
    O: Observer<D>,
{
    as_concrete_pair!(a, b, a, b => distance_of_kinds(
        a, pose_a, b, pose_b, options, observer, cache
    ))
}

/// [`distance_with`] (or [`distance_cached`]) in exact mode (see [`QueryOptions::exact`]): the
/// float query, then what it leaves open settled by the exact tier ([`crate::exact`]). Out of
/// line, before the kinds are matched: exact mode adds no code to each pair of kinds' query.
#[inline(never)]
fn exact_distance<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    options: &QueryOptions,
    cache: Option<&mut SimplexCache<D>>,
) -> Result<DistanceResult<D>, QueryError<DistanceResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    if !exact::supported(a, b) {
        options.validate()?;
        return Err(QueryError::InvalidOptions(exact::UNSUPPORTED));
    }
    let float = QueryOptions {
        exact: false,
        ..*options
    };
    // Settled where it lies: unwrapped and wrapped again, the answer was copied twice.
    let mut outcome = distance_observed(a, pose_a, b, pose_b, &float, &mut (), cache);
    if let Ok(result) = &mut outcome {
        let extent = a.extent().max(b.extent());
        let interval = (result.lower_bound, result.distance);
        if exact::needs_exact(result.intersecting, result.tolerance_call, interval, extent) {
            let pair = MinkowskiPair::new(a, pose_a, b, pose_b);
            settle_exactly(&pair, pose_a, &float, result);
        }
    }
    outcome
}

/// `result`, the float answer on `pair` (A placed by `pose_a`; `options` without exact mode),
/// settled by the exact tier (see [`settle`]), whose search starts on the closest features:
/// from the float search's final simplex, else along the float normal (in A's frame). Kept out
/// of the query, which seldom needs it.
#[cold]
#[inline(never)]
fn settle_exactly<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    pose_a: &Pose<D>,
    options: &QueryOptions,
    result: &mut DistanceResult<D>,
) where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let toward = pose_a.rotation().transpose() * result.normal;
    let start = exact::Start {
        simplex: final_vertices(pair, options),
        toward: Some(toward.as_slice().to_vec()),
    };
    settle(result, pose_a, exact::answer(pair, start));
}

/// The vertices, as (index on A, index on B) (see [`Support::core_vertex`]), of the simplex a
/// float distance search on `pair` with `options` ends with; `None` where the search fails or
/// a vertex is not one of the shapes' vertices. One more float search, on the exact tier's
/// path only: its steps in integers of hundreds of bits cost far more.
fn final_vertices<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    options: &QueryOptions,
) -> Option<Vec<(usize, usize)>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let search = Search::run_warm(pair, options, Mode::Distance, None).ok()?;
    let index = |i: Option<u32>| i.map(|i| i as usize);
    (search.simplex().keys().iter())
        .map(|key| Some((index(key.index_a)?, index(key.index_b)?)))
        .collect()
}

/// `result`, a float answer that leaves the verdict or the distance open (see
/// [`exact::needs_exact`]), settled by the exact tier's `answer` (in A's frame, placed by
/// `pose_a`; `None`, which exact arithmetic rules out, leaves it as it is): its verdict,
/// interval and (apart) closest points and normal. Written once per dimension, whatever the
/// shapes' types.
#[cold]
#[inline(never)]
fn settle<const D: usize>(
    result: &mut DistanceResult<D>,
    pose_a: &Pose<D>,
    answer: Option<ExactAnswer>,
) {
    let Some(answer) = answer else {
        return;
    };
    result.intersecting = answer.intersecting;
    result.tolerance_call = false;
    result.lower_bound = answer.lower;
    result.distance = answer.upper;
    if let Some([on_a, on_b, normal]) = &answer.closest {
        let vector = |v: &[f64]| Vector::<D>::from_column_slice(v);
        result.point_a = pose_a.transform_point(&vector(on_a));
        result.point_b = pose_a.transform_point(&vector(on_b));
        result.normal = pose_a.transform_vector(&vector(normal));
    }
}

/// [`distance_observed`] once the kinds are matched.
fn distance_of_kinds<const D: usize, A, B, O>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    options: &QueryOptions,
    observer: &mut O,
    cache: Option<&mut SimplexCache<D>>,
) -> Result<DistanceResult<D>, QueryError<DistanceResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
    O: Observer<D>,
{
    options.validate()?;
    let pair = MinkowskiPair::new(a, pose_a, b, pose_b);
    // Two small polygons: the exact kernel, unless a trace or a warm start needs the search.
    if cache.is_none() && !O::WATCHING {
        let exact = PolygonPair::answer(&pair, |polygons, tolerances| {
            polygons.distance(tolerances, pose_a)
        });
        if let Some(result) = exact {
            return Ok(result);
        }
    }
    // The searches are answered where they lie (`as_ref`): moving one out of its `Result`
    // copies a few hundred bytes, a few percent of a query on small polygons.
    let result = match cache {
        None => Search::run_answered(&pair, options, Mode::Distance, observer, |search| {
            search.distance(pose_a)
        })?,
        Some(cache) => run_cached(&pair, options, Mode::Distance, cache)
            .as_ref()
            .map_err(|e| QueryError::from(*e))?
            .distance(pose_a),
    };
    match result {
        Ok(r) if r.intersecting && r.tolerance_call => Ok(prove_overlap(&pair, options, r)),
        other => other,
    }
}

/// `result`, a distance search's answer, with its overlap proven where it is a tolerance
/// call that the boolean fast path can prove: the distance search stops as soon as `|v|` is
/// within the touching tolerance, often on a face through the origin (a point inside a
/// cylinder), which proves nothing; the fast path goes on to a simplex that encloses the
/// origin, clear of rounding (see [`super::verdict`]).
#[cold]
#[inline(never)]
fn prove_overlap<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    options: &QueryOptions,
    mut result: DistanceResult<D>,
) -> DistanceResult<D>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let proof = quick_verdict::<D, _, _, ()>(pair, options.max_iterations, None, &mut [None; 4]);
    if matches!(proof, Quick::Verdict(true)) {
        result.distance = 0.0;
        result.lower_bound = 0.0;
        result.tolerance_call = false;
    }
    result
}

/// The penetration query's answer on a pair of small polygons (see [`super::polygons`]);
/// `None` for other pairs, for polygons touching within the tolerance and for those the
/// distance kernel leaves to the search.
#[inline(always)]
pub(crate) fn small_polygon_contact<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    pose_a: &Pose<D>,
) -> Option<PolygonContact<D>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    PolygonPair::answer(pair, |polygons, tolerances| {
        polygons.penetration(tolerances, pose_a)
    })
}

/// [`distance_with`], and the unit direction (world frame, from A towards B) along which the
/// search certified its lower bound, when it found one: a plane that separates the shapes by
/// at least that bound, whatever the accuracy of the result's normal (the casts advance by it).
pub(crate) fn distance_and_separating_normal<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    options: &QueryOptions,
) -> DistanceAndNormal<D>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    if let Err(e) = options.validate() {
        return (Err(e), None);
    }
    let pair = MinkowskiPair::new(a, pose_a, b, pose_b);
    match Search::run(&pair, options, Mode::Distance) {
        Ok(search) => {
            let normal = search
                .best_separation()
                .map(|(_, n)| pose_a.transform_vector(&n));
            (search.distance(pose_a), normal)
        }
        Err(e) => (Err(e.into()), None),
    }
}

/// What [`distance_and_separating_normal`] returns.
pub(crate) type DistanceAndNormal<const D: usize> = (
    Result<DistanceResult<D>, QueryError<DistanceResult<D>>>,
    Option<Vector<D>>,
);

/// Whether `a` placed by `pose_a` and `b` placed by `pose_b` overlap or touch, with default
/// options. It stops as soon as a separating direction or an enclosing simplex is found, and
/// agrees with the `intersecting` flag of [`distance`] except within rounding of touching: a
/// distance search can stall there at a few rounding units of the coordinates with a lower
/// bound of 0 (a needle hull 1.3e5 long reported 1.1e-9 from a box it overlaps by 1.7e-9),
/// where this query may have found a simplex enclosing the origin, a proof of overlap.
pub fn intersect<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
) -> Result<bool, QueryError<DistanceResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    intersect_from(a, pose_a, b, pose_b, &QueryOptions::default(), None)
}

/// [`intersect`] with explicit options.
pub fn intersect_with<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    options: &QueryOptions,
) -> Result<bool, QueryError<DistanceResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    match options.exact {
        true => exact_intersect(a, pose_a, b, pose_b, options),
        false => intersect_from(a, pose_a, b, pose_b, options, None),
    }
}

/// [`intersect_with`], starting from (then updating) `cache` when there is one. The shapes'
/// kinds are matched here, once (see [`as_concrete_pair`]).
pub(crate) fn intersect_from<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    options: &QueryOptions,
    cache: Option<&mut SimplexCache<D>>,
) -> Result<bool, QueryError<DistanceResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    as_concrete_pair!(a, b, a, b => intersect_of_kinds(
        a, pose_a, b, pose_b, options, cache
    ))
}

/// [`intersect_with`] (or [`intersect_cached`]) in exact mode: a proof from the small-polygon
/// kernel's separating edges or from the fast path, else the distance query in exact mode,
/// which settles what it leaves open; it reads and fills no cache. Out of line, before the
/// kinds are matched, as [`exact_distance`].
#[inline(never)]
fn exact_intersect<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    options: &QueryOptions,
) -> Result<bool, QueryError<DistanceResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    options.validate()?;
    if !exact::supported(a, b) {
        return Err(QueryError::InvalidOptions(exact::UNSUPPORTED));
    }
    let proof = as_concrete_pair!(a, b, a, b => proven_verdict(
        &MinkowskiPair::new(a, pose_a, b, pose_b), options
    ));
    match proof {
        Some(verdict) => Ok(verdict),
        None => {
            exact_distance(a, pose_a, b, pose_b, options, None).map(|result| result.intersecting)
        }
    }
}

/// Exact mode's verdict on `pair` where a proof gives it: two small polygons' separating edges
/// (within their rounding of touching, the exact tier decides), else the fast path; `None`
/// for the distance query to settle.
fn proven_verdict<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    options: &QueryOptions,
) -> Option<bool>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let polygons = PolygonPair::answer(pair, |polygons, tolerances| {
        Some(polygons.proven_intersect(tolerances))
    });
    match polygons {
        Some(Some(verdict)) => Some(verdict),
        Some(None) => {
            exact::answer(pair, exact::Start::default()).map(|answer| answer.intersecting)
        }
        None => {
            match quick_verdict::<D, _, _, ()>(pair, options.max_iterations, None, &mut [None; 4]) {
                Quick::Verdict(verdict) => Some(verdict),
                Quick::Undecided => None,
            }
        }
    }
}

/// [`intersect_from`] once the kinds are matched.
fn intersect_of_kinds<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    options: &QueryOptions,
    cache: Option<&mut SimplexCache<D>>,
) -> Result<bool, QueryError<DistanceResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    options.validate()?;
    let pair = MinkowskiPair::new(a, pose_a, b, pose_b);
    match cache {
        None => {
            let exact = PolygonPair::answer(&pair, |polygons, tolerances| {
                Some(polygons.intersect(tolerances))
            });
            if let Some(verdict) = exact {
                return Ok(verdict);
            }
            match quick_verdict::<D, _, _, ()>(&pair, options.max_iterations, None, &mut [None; 4])
            {
                Quick::Verdict(verdict) => Ok(verdict),
                // From scratch, not from the fast path's simplex: a search that ends without a
                // proof (stalled within its allowance near touching) then ends as the distance
                // query's does, and the two agree (resumed, an ellipse's rim touching a segment's
                // end was called apart while the distance query said touching).
                Quick::Undecided => {
                    Search::run_answered(&pair, options, Mode::Boolean, &mut (), Search::verdict)?
                }
            }
        }
        Some(cache) => {
            if still_encloses(&pair, cache.keys()) {
                return Ok(true);
            }
            // A separating direction remembered: the fast path starts along it.
            let start = match cache.keys() {
                [key] => Some(&key.dir),
                _ => None,
            };
            let mut proof = [None; 4];
            match quick_verdict(&pair, options.max_iterations, start, &mut proof) {
                Quick::Verdict(verdict) => {
                    // The proof, for the next query to check first.
                    let len = proof.iter().take_while(|k| k.is_some()).count();
                    cache.store(&proof.map(Option::unwrap_or_default)[..len]);
                    Ok(verdict)
                }
                Quick::Undecided => run_cached(&pair, options, Mode::Boolean, cache)?.verdict(),
            }
        }
    }
}

/// Whether the simplex `keys` describe, found again under the pair's current placement (see
/// [`MinkowskiPair::recall`]: its points are points of `A - B` whatever the keys are), is full
/// and holds the origin strictly inside, every signed area or volume clear of its rounding:
/// the fast path's proof of overlap, at no support evaluation for point clouds.
fn still_encloses<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    keys: &[SupportKey<D>],
) -> bool
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    if keys.len() != D + 1 {
        return false;
    }
    let mut points = [Vector3::zeros(); 4];
    for (point, key) in points.iter_mut().zip(keys) {
        let w = pair.recall(key).0.w;
        if !w.iter().all(|x| x.is_finite()) {
            return false;
        }
        *point = lift(&w);
    }
    strictly_encloses_origin(&points[..keys.len()], D == 2).is_ok()
}

/// [`crate::distance_with`] starting from `cache`, which then holds this query's final simplex
/// (it is emptied by an error).
pub fn distance_cached<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    options: &QueryOptions,
    cache: &mut SimplexCache<D>,
) -> Result<DistanceResult<D>, QueryError<DistanceResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    match options.exact {
        true => exact_distance(a, pose_a, b, pose_b, options, Some(cache)),
        false => distance_observed(a, pose_a, b, pose_b, options, &mut (), Some(cache)),
    }
}

/// [`crate::intersect_with`] starting from `cache`, which then holds this query's proof: the
/// simplex enclosing the origin, the support point whose direction separates the shapes, or
/// (for a pair only the full search decides) its final simplex. It is emptied by an error.
pub fn intersect_cached<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    options: &QueryOptions,
    cache: &mut SimplexCache<D>,
) -> Result<bool, QueryError<DistanceResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    match options.exact {
        true => exact_intersect(a, pose_a, b, pose_b, options),
        false => intersect_from(a, pose_a, b, pose_b, options, Some(cache)),
    }
}

/// [`Search::run`] starting from the simplex `cache` remembers, if any, which it then
/// replaces by the final simplex (or forgets, on an error).
fn run_cached<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    options: &QueryOptions,
    mode: Mode,
    cache: &mut SimplexCache<D>,
) -> Result<Search<D, SupportKey<D>>, SearchError>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let start = Search::recall(pair, cache.keys());
    let search = Search::run_warm(pair, options, mode, start);
    match &search {
        Ok(search) => cache.store(search.simplex().keys()),
        Err(_) => cache.clear(),
    }
    search
}

#[cfg(test)]
mod tests {
    use crate::test_random::in_both_dimensions;

    use super::*;
    use crate::shape::ConvexHull;

    /// A boolean query that fills a cache leaves it a proof the next query recalls: for
    /// overlapping hulls proven by the fast path, the cache holds the enclosing simplex's
    /// D + 1 keys, and under the same placement they enclose the origin again (the inner
    /// point included, under its own key).
    fn warm_boolean_keeps_a_recallable_proof<const D: usize>() {
        let mut next = crate::test_random::uniform(0x7f4a_7c15_9e37_79b9);
        let (mut recalled, mut overlapping) = (0, 0);
        for case in 0..400 {
            let mut cloud = |n: usize| {
                let points = (0..n)
                    .map(|_| Vector::<D>::from_fn(|_, _| next()))
                    .collect();
                ConvexHull::<D>::new(points).expect("a valid cloud")
            };
            let (a, b) = (cloud(4 + case % 20), cloud(4 + case % 13));
            let at = Pose::from_translation(Vector::<D>::from_fn(|_, _| next() * 0.3))
                .expect("a finite offset");
            let options = QueryOptions::default();
            let mut cache = SimplexCache::new();
            let verdict =
                intersect_from(&a, &Pose::identity(), &b, &at, &options, Some(&mut cache));
            if verdict != Ok(true) {
                continue;
            }
            overlapping += 1;
            let pair = MinkowskiPair::new(&a, &Pose::identity(), &b, &at);
            if cache.keys().len() == D + 1 && still_encloses(&pair, cache.keys()) {
                recalled += 1;
            }
        }
        assert!(overlapping >= 300, "{overlapping} overlapping pairs");
        assert!(
            recalled * 10 >= overlapping * 9,
            "{recalled} of {overlapping} recalled"
        );
    }

    /// A cache naming four vertices for a 2D pair (only a foreign or corrupted cache does: the
    /// C side may hand any bytes) starts the search from the first three, and the answer is
    /// the cold one (found by fuzzing: the fourth point reached the 2D solver, which panicked).
    #[test]
    fn a_2d_cache_with_four_keys_is_cut_to_a_triangle() {
        let square = |x: f64| {
            let points = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
                .iter()
                .map(|&(px, py)| Vector::<2>::new(px + x, py))
                .collect();
            ConvexHull::<2>::new(points).expect("a square")
        };
        let (a, b) = (square(0.0), square(3.0));
        let id = Pose::identity();
        let key = |i: u32, j: u32| SupportKey {
            dir: Vector::<2>::new(1.0, 0.0),
            index_a: Some(i),
            index_b: Some(j),
        };
        let mut cache = SimplexCache::new();
        // Four distinct points of A - B: (-4, -1), (-2, -1), (-2, 1), (-4, 1).
        cache.store(&[key(0, 2), key(1, 3), key(2, 0), key(3, 1)]);
        let options = QueryOptions::default();
        let warm = distance_cached(&a, &id, &b, &id, &options, &mut cache).expect("an answer");
        // Exact: the squares [0, 1] and [3, 4] along x are 2 apart.
        assert_eq!(warm.distance, 2.0);
        assert!(cache.keys().len() <= 3);
    }

    in_both_dimensions!(warm_boolean_keeps_a_recallable_proof);
}
