//! The GJK algorithm: boolean intersection and distance between two posed convex shapes.
//!
//! GJK searches the Minkowski difference `A - B` for its point `v` closest to the origin. Each
//! iteration asks for the support point `w` in direction `-v`, adds it to a simplex of at most
//! `D + 1` points and replaces `v` by the simplex's point closest to the origin (see
//! [`crate::simplex`]). `|v|` is an upper bound on the distance and `v . w / |v|` a lower bound;
//! their gap (the duality gap) decides when to stop.
//!
//! Numerical choices, all relative to the scale of the query so that tiny shapes, huge
//! coordinates and touching shapes are answered alike:
//! - the query runs in A's frame, with B's pose relative to A's computed from the difference of
//!   the two translations before anything else;
//! - `scale` is the sum of the shapes' extents plus the distance between their centres, fixed
//!   for the whole query (and the same for a warm start, see [`crate::cache`]); rounding in the
//!   simplex is a few units of `f64::EPSILON * scale`;
//! - shapes closer than `TOUCH_ULPS * f64::EPSILON * scale` touch: they intersect and their
//!   distance is 0;
//! - balls, capsules and rounded shapes are run as their cores (a point, a segment, the inner
//!   shape) and their radii (margins) added back exactly, so that their distance, closest
//!   points and normal are as exact as for polytopes;
//! - a support point already in the simplex, or one that fails to shrink `|v|`, ends the search
//!   (no cycling), and an iteration cap ends it with [`QueryError::NoConvergence`];
//! - the search is generic over what its simplex remembers (nothing for a plain query, how each
//!   vertex was found for a warm-started one) and over an observer of its steps (nothing, or
//!   the recorder of [`crate::trace`]): the plain query pays for neither.

use crate::cache::SimplexCache;
use crate::error::{QueryError, SearchError};
use crate::simplex::closest_to_origin;
use crate::support::{MinkowskiPair, Pose, Support, SupportKey, SupportPoint, Vector};
use crate::trace::StepOutcome;
use nalgebra::Vector3;

/// Shapes closer than this many `f64::EPSILON * scale` are touching.
const TOUCH_ULPS: f64 = 16.0;
/// The search stops once the duality gap is below this many `f64::EPSILON * scale * |v|`: no
/// further support point can improve `v` beyond rounding.
const GAP_ULPS: f64 = 8.0;

/// Settings of a query.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QueryOptions {
    /// Stop when the distance is known within this fraction of itself (the duality gap is
    /// below `relative_tolerance * |v|^2`). Polytopes usually end earlier, exactly, when a
    /// support point repeats. Default `1e-12`; 0 asks for the best `f64` can do.
    pub relative_tolerance: f64,
    /// The most support-point evaluations before giving up with
    /// [`QueryError::NoConvergence`]. Default 128.
    pub max_iterations: u32,
}

impl Default for QueryOptions {
    fn default() -> Self {
        Self {
            relative_tolerance: 1e-12,
            max_iterations: 128,
        }
    }
}

impl QueryOptions {
    pub(crate) fn validate<R>(&self) -> Result<(), QueryError<R>> {
        if !(self.relative_tolerance >= 0.0 && self.relative_tolerance < 1.0) {
            return Err(QueryError::InvalidOptions(
                "relative_tolerance must be in [0, 1)",
            ));
        }
        if self.max_iterations == 0 {
            return Err(QueryError::InvalidOptions(
                "max_iterations must be at least 1",
            ));
        }
        Ok(())
    }
}

/// The answer of a distance query, in the world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DistanceResult<const D: usize> {
    /// The distance between the shapes; 0 when they overlap or touch.
    pub distance: f64,
    /// The point of A closest to B (a point common to both when they intersect).
    pub point_a: Vector<D>,
    /// The point of B closest to A.
    pub point_b: Vector<D>,
    /// Unit vector from A towards B; when the shapes intersect, the last search direction
    /// (any unit vector).
    pub normal: Vector<D>,
    /// A certified lower bound: `lower_bound <= true distance <= distance`.
    pub lower_bound: f64,
    /// Support-point evaluations made.
    pub iterations: u32,
    /// Whether the shapes overlap or touch.
    pub intersecting: bool,
}

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
    distance_with(a, pose_a, b, pose_b, &QueryOptions::default())
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
    distance_observed(a, pose_a, b, pose_b, options, &mut (), None)
}

/// [`distance_with`], reporting every step of the search to `observer` (see [`crate::trace`]),
/// and starting from (then updating) `cache` when there is one (see [`crate::cache`]).
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
    options.validate()?;
    let pair = MinkowskiPair::new(a, pose_a, b, pose_b);
    match cache {
        None => Search::run_observed(&pair, options, Mode::Distance, observer)?.distance(pose_a),
        Some(cache) => Search::run_cached(&pair, options, Mode::Distance, cache)?.distance(pose_a),
    }
}

/// Whether `a` placed by `pose_a` and `b` placed by `pose_b` overlap or touch, with default
/// options. It stops as soon as a separating direction or an enclosing simplex is found, and
/// always agrees with the `intersecting` flag of [`distance`].
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
    intersect_with(a, pose_a, b, pose_b, &QueryOptions::default())
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
    intersect_from(a, pose_a, b, pose_b, options, None)
}

/// [`intersect_with`], starting from (then updating) `cache` when there is one.
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
    options.validate()?;
    let pair = MinkowskiPair::new(a, pose_a, b, pose_b);
    match cache {
        None => Search::run_observed(&pair, options, Mode::Boolean, &mut ())?.verdict(),
        Some(cache) => Search::run_cached(&pair, options, Mode::Boolean, cache)?.verdict(),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Run until the distance is known.
    Distance,
    /// Run until the cores' distance is known, even when the margins already overlap: the
    /// start of a penetration query.
    Penetration,
    /// Stop as soon as the verdict is known.
    Boolean,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// `|v|` fell within the touching tolerance: the shapes intersect.
    Touching,
    /// (Boolean mode) a direction proves the shapes apart by more than the tolerance.
    Separated,
    /// The distance is known within the tolerance; the shapes are apart.
    Converged,
    /// The iteration cap was hit.
    IterationCap,
}

/// Sees each step of a search: the support point evaluated in `direction`, what became of it,
/// and the search's state afterwards (all in A's frame). `()` sees nothing and costs nothing.
pub(crate) trait Observer<const D: usize> {
    fn step<K: Copy>(
        &mut self,
        search: &Search<D, K>,
        direction: &Vector<D>,
        support: &SupportPoint<D>,
        outcome: StepOutcome,
    );
}

impl<const D: usize> Observer<D> for () {
    #[inline(always)]
    fn step<K: Copy>(
        &mut self,
        _: &Search<D, K>,
        _: &Vector<D>,
        _: &SupportPoint<D>,
        _: StepOutcome,
    ) {
    }
}

/// What the simplex remembers of how each vertex was found: nothing (`()`, for a query that
/// starts afresh, at no cost) or a [`SupportKey`] (for a query that fills a [`SimplexCache`]).
pub(crate) trait Keying<const D: usize>: Copy {
    /// The support point of the pair in `dir`, with what to remember of it.
    fn support<A, B>(pair: &MinkowskiPair<'_, D, A, B>, dir: &Vector<D>) -> (SupportPoint<D>, Self)
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized;
}

impl<const D: usize> Keying<D> for () {
    #[inline(always)]
    fn support<A, B>(pair: &MinkowskiPair<'_, D, A, B>, dir: &Vector<D>) -> (SupportPoint<D>, ())
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        (pair.support(dir), ())
    }
}

impl<const D: usize> Keying<D> for SupportKey<D> {
    #[inline(always)]
    fn support<A, B>(pair: &MinkowskiPair<'_, D, A, B>, dir: &Vector<D>) -> (SupportPoint<D>, Self)
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        pair.support_keyed(dir)
    }
}

/// The current simplex: its support points, how they were found, and the weights of its
/// closest point.
#[derive(Clone, Copy)]
pub(crate) struct Simplex<const D: usize, K = ()> {
    len: usize,
    points: [SupportPoint<D>; 4],
    keys: [K; 4],
    weights: [f64; 4],
}

impl<const D: usize, K: Copy> Simplex<D, K> {
    fn single(p: SupportPoint<D>, key: K) -> Self {
        Self {
            len: 1,
            points: [p; 4],
            keys: [key; 4],
            weights: [1.0, 0.0, 0.0, 0.0],
        }
    }

    fn contains(&self, w: &Vector<D>) -> bool {
        self.points[..self.len].iter().any(|p| p.w == *w)
    }

    /// Adds `p` and solves for the closest point; if it is nearer the origin than `sqrt(vv)`,
    /// keeps only the vertices it needs and returns it. Otherwise (no progress: rounding has
    /// the last word) the simplex is left as it was, which costs no copy: `p` only went past
    /// its end.
    fn push_if_closer(&mut self, p: SupportPoint<D>, key: K, vv: f64) -> Option<Vector<D>> {
        self.points[self.len] = p;
        self.keys[self.len] = key;
        let (weights, v) = self.solve(self.len + 1);
        if v.norm_squared().partial_cmp(&vv) != Some(std::cmp::Ordering::Less) {
            return None;
        }
        self.keep(self.len + 1, &weights);
        Some(v)
    }

    /// Solves for the closest point, keeps only the vertices it needs, and returns it.
    fn reduce(&mut self) -> Vector<D> {
        let (weights, v) = self.solve(self.len);
        self.keep(self.len, &weights);
        v
    }

    /// The closest point to the origin of the first `n` vertices, and its weights.
    #[inline]
    fn solve(&self, n: usize) -> ([f64; 4], Vector<D>) {
        let mut lifted = [Vector3::zeros(); 4];
        for (l, q) in lifted.iter_mut().zip(&self.points[..n]) {
            l.fixed_rows_mut::<D>(0).copy_from(&q.w);
        }
        let closest = closest_to_origin(&lifted[..n], D == 2);
        (
            closest.weights,
            closest.point.fixed_rows::<D>(0).into_owned(),
        )
    }

    /// Keeps, of the first `n` vertices, those with a positive weight.
    #[inline]
    fn keep(&mut self, n: usize, weights: &[f64; 4]) {
        let mut kept = 0;
        for (i, weight) in weights.iter().enumerate().take(n) {
            if *weight > 0.0 {
                self.points[kept] = self.points[i];
                self.keys[kept] = self.keys[i];
                self.weights[kept] = *weight;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// How the vertices were found, for a later query to start from.
    pub(crate) fn keys(&self) -> &[K] {
        &self.keys[..self.len]
    }

    /// The vertices of the simplex.
    pub(crate) fn points(&self) -> &[SupportPoint<D>] {
        &self.points[..self.len]
    }

    /// The barycentric weights of the closest point, one per vertex.
    pub(crate) fn weights(&self) -> &[f64] {
        &self.weights[..self.len]
    }

    fn weighted(&self, pick: impl Fn(&SupportPoint<D>) -> Vector<D>) -> Vector<D> {
        self.points[..self.len]
            .iter()
            .zip(&self.weights)
            .map(|(p, w)| pick(p) * *w)
            .sum()
    }
}

/// The state of a finished search.
pub(crate) struct Search<const D: usize, K = ()> {
    pub simplex: Simplex<D, K>,
    /// Closest point of the simplex to the origin (A's frame): the cores' closest difference.
    pub v: Vector<D>,
    /// Best `v . w / |v|` seen, before the rounding allowance.
    lower: f64,
    /// The size of the query: the shapes' extents plus the distance between their centres.
    pub scale: f64,
    /// Rounding allowance of the bounds: a few `EPSILON * scale`.
    rounding: f64,
    /// Cores closer than this touch.
    pub touch: f64,
    /// The margins of A and B (see [`Support::margin`]).
    pub margins: (f64, f64),
    pub iterations: u32,
    pub end: End,
}

impl<const D: usize> Search<D> {
    pub(crate) fn run<A, B>(
        pair: &MinkowskiPair<'_, D, A, B>,
        options: &QueryOptions,
        mode: Mode,
    ) -> Result<Self, SearchError>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        Self::run_observed(pair, options, mode, &mut ())
    }

    /// [`Search::run`], reporting each support point to `observer`.
    pub(crate) fn run_observed<A, B, O>(
        pair: &MinkowskiPair<'_, D, A, B>,
        options: &QueryOptions,
        mode: Mode,
        observer: &mut O,
    ) -> Result<Self, SearchError>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
        O: Observer<D>,
    {
        Search::run_from(pair, options, mode, observer, None)
    }
}

impl<const D: usize> Search<D, SupportKey<D>> {
    /// [`Search::run`] starting from the simplex `cache` remembers, if any, which it then
    /// replaces by the final simplex (or forgets, on an error).
    pub(crate) fn run_cached<A, B>(
        pair: &MinkowskiPair<'_, D, A, B>,
        options: &QueryOptions,
        mode: Mode,
        cache: &mut SimplexCache<D>,
    ) -> Result<Self, SearchError>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        let start = Self::recall(pair, cache.keys());
        let search = Search::run_from(pair, options, mode, &mut (), start);
        match &search {
            Ok(search) => cache.store(search.simplex.keys()),
            Err(_) => cache.clear(),
        }
        search
    }

    /// The simplex `keys` describe, found again under the pair's current placement (its
    /// points are points of the shapes whatever the keys are), and the support-function
    /// evaluations that took; `None` when there are no keys or a point is not finite.
    fn recall<A, B>(
        pair: &MinkowskiPair<'_, D, A, B>,
        keys: &[SupportKey<D>],
    ) -> Option<(Simplex<D, SupportKey<D>>, u32)>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        let (first, rest) = keys.split_first()?;
        // A vertex found again by its indices costs no support evaluation; one found again
        // by its direction costs one.
        let evaluations = |k: &SupportKey<D>| u32::from(k.index_a.is_none() || k.index_b.is_none());
        let mut simplex = Simplex::single(pair.recall(first), *first);
        let mut total = evaluations(first);
        for key in rest {
            let p = pair.recall(key);
            total += evaluations(key);
            if !simplex.contains(&p.w) {
                simplex.points[simplex.len] = p;
                simplex.keys[simplex.len] = *key;
                simplex.len += 1;
            }
        }
        simplex
            .points()
            .iter()
            .all(finite)
            .then_some((simplex, total))
    }
}

/// Whether the coordinates of a support point are finite.
fn finite<const D: usize>(p: &SupportPoint<D>) -> bool {
    p.w.iter().chain(p.a.iter()).all(|x| x.is_finite())
}

impl<const D: usize, K: Keying<D>> Search<D, K> {
    /// The search itself, from `start` (a simplex and the support evaluations it cost) or,
    /// without one, from the support point towards the reversed centre of `A - B`. The
    /// observer sees the steps of a search started afresh.
    fn run_from<A, B, O>(
        pair: &MinkowskiPair<'_, D, A, B>,
        options: &QueryOptions,
        mode: Mode,
        observer: &mut O,
        start: Option<(Simplex<D, K>, u32)>,
    ) -> Result<Self, SearchError>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
        O: Observer<D>,
    {
        const { assert!(D == 2 || D == 3, "GJK runs in 2 or 3 dimensions") };

        let center = pair.center();
        let margins = pair.margins();
        let margin_sum = margins.0 + margins.1;
        // The same for a fresh and a warm start, so that both answer alike.
        let scale = pair.extent() + center.norm();
        let rounding = GAP_ULPS * f64::EPSILON * scale;
        let touch = TOUCH_ULPS * f64::EPSILON * scale;
        // The cores touch the shapes' surfaces at `margin_sum`; within `contact` they intersect.
        let contact = margin_sum + touch;

        let fresh = |simplex, v, iterations| Search {
            simplex,
            v,
            lower: 0.0,
            scale,
            rounding,
            touch,
            margins,
            iterations,
            end: End::IterationCap,
        };
        let mut search = match start {
            Some((mut simplex, evaluations)) => {
                let v = simplex.reduce();
                fresh(simplex, v, evaluations)
            }
            None => {
                let mut direction = -center;
                if direction.iter().all(|x| *x == 0.0) || !direction.iter().all(|x| x.is_finite()) {
                    direction = Vector::zeros();
                    direction[0] = 1.0;
                }
                let (first, key) = K::support(pair, &direction);
                if !finite(&first) {
                    return Err(SearchError::NonFiniteSupport);
                }
                let search = fresh(Simplex::single(first, key), first.w, 1);
                observer.step(&search, &direction, &first, StepOutcome::Started);
                search
            }
        };
        // Where the search may stop as intersecting.
        let exit = if mode == Mode::Penetration {
            touch
        } else {
            contact
        };
        loop {
            let vv = search.v.norm_squared();
            if vv <= exit * exit {
                search.end = End::Touching;
                break;
            }
            if search.iterations >= options.max_iterations {
                break;
            }
            search.iterations += 1;
            let direction = -search.v;
            let (w, key) = K::support(pair, &direction);
            if !finite(&w) {
                return Err(SearchError::NonFiniteSupport);
            }
            let v_norm = vv.sqrt();
            let vw = search.v.dot(&w.w);
            search.lower = search.lower.max(vw / v_norm);
            if mode == Mode::Boolean && vw > contact * v_norm {
                search.end = End::Separated;
                break;
            }
            // The duality gap bounds the error of |v| by gap / |v|; the tolerance is relative
            // to the distance (or the overlap) of the shapes, |v| less the margins.
            let gap = vv - vw;
            let stop = if search.simplex.contains(&w.w) {
                Some(StepOutcome::Repeated)
            } else if gap <= options.relative_tolerance * v_norm * (v_norm - margin_sum).abs()
                || gap <= rounding * v_norm
            {
                Some(StepOutcome::GapClosed)
            } else {
                None
            };
            if let Some(outcome) = stop {
                search.end = End::Converged;
                observer.step(&search, &direction, &w, outcome);
                break;
            }
            let Some(v) = search.simplex.push_if_closer(w, key, vv) else {
                // No progress: rounding has the last word. The simplex is kept as it was.
                search.end = End::Converged;
                observer.step(&search, &direction, &w, StepOutcome::NoProgress);
                break;
            };
            search.v = v;
            observer.step(&search, &direction, &w, StepOutcome::Added);
        }
        if search.end == End::Converged && search.v.norm_squared() <= contact * contact {
            search.end = End::Touching;
        }
        Ok(search)
    }
}

impl<const D: usize, K: Copy> Search<D, K> {
    /// The answer of a distance query, A being placed by `pose_a`.
    fn distance(
        &self,
        pose_a: &Pose<D>,
    ) -> Result<DistanceResult<D>, QueryError<DistanceResult<D>>> {
        let result = self.result(pose_a);
        match self.end {
            End::IterationCap => Err(QueryError::NoConvergence(Box::new(result))),
            _ => Ok(result),
        }
    }

    /// The answer of a boolean query.
    fn verdict(&self) -> Result<bool, QueryError<DistanceResult<D>>> {
        match self.end {
            End::Touching => Ok(true),
            End::Separated | End::Converged => Ok(false),
            End::IterationCap => Err(QueryError::NoConvergence(Box::new(
                self.result(&Pose::identity()),
            ))),
        }
    }

    /// The closest points of the cores (A's frame); a common point when they intersect.
    pub(crate) fn core_points(&self) -> (Vector<D>, Vector<D>) {
        (
            self.simplex.weighted(|p| p.a),
            self.simplex.weighted(|p| p.b),
        )
    }

    /// The distance between the shapes as known so far: `(lower, upper)` with
    /// `0 <= lower <= true distance <= upper`, margins included.
    pub(crate) fn bounds(&self) -> (f64, f64) {
        let margin_sum = self.margins.0 + self.margins.1;
        // A capped search can stop with the cores already within their margins.
        let upper = (self.v.norm() - margin_sum).max(0.0);
        let lower = self.lower - margin_sum - self.rounding;
        (lower.clamp(0.0, upper), upper)
    }

    /// The result in the world frame, A being placed by `pose_a`.
    pub(crate) fn result(&self, pose_a: &Pose<D>) -> DistanceResult<D> {
        let intersecting = self.end == End::Touching;
        let (margin_a, margin_b) = self.margins;
        let (core_a, core_b) = self.core_points();
        let core_distance = self.v.norm();
        let (normal, point_a, point_b) = if core_distance > 0.0 {
            let normal = -self.v / core_distance;
            if intersecting {
                // A point of both shapes on the segment between the cores' closest points:
                // within margin_a of core_a and margin_b of core_b.
                let t = (0.5 * (margin_a + core_distance - margin_b)).clamp(0.0, core_distance);
                let common = core_a + normal * t;
                (normal, common, common)
            } else {
                (
                    normal,
                    core_a + normal * margin_a,
                    core_b - normal * margin_b,
                )
            }
        } else {
            let mut e = Vector::zeros();
            e[0] = 1.0;
            (e, core_a, core_b)
        };
        let (lower_bound, distance) = if intersecting {
            (0.0, 0.0)
        } else {
            self.bounds()
        };
        DistanceResult {
            distance,
            point_a: pose_a.transform_point(&point_a),
            point_b: pose_a.transform_point(&point_b),
            normal: pose_a.transform_vector(&normal),
            lower_bound,
            iterations: self.iterations,
            intersecting,
        }
    }
}
