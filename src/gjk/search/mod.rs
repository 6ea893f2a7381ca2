//! The GJK search: the bottom layer of the queries, which knows nothing of caches, traces or
//! fast paths (the queries of [`super::query`] combine them).
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
//! - a support point already in the simplex, or a step that grows `|v|`, ends the search (no
//!   cycling); if the duality gap is then beyond the tolerance and beyond `STALL_ULPS` units
//!   of rounding, the answer is not certified and the query says so with
//!   [`QueryError::NoConvergence`], as when the iteration cap ends it. Far from the origin a
//!   real step can shrink `|v|^2` by less than its rounding: such a step (at most
//!   `MAX_SIDEWAYS` in a row) is taken as long as the gap is not within the tolerance;
//! - the search is generic over what its simplex remembers (nothing for a plain query, how each
//!   vertex was found for a warm-started one) and over an observer of its steps (nothing, or
//!   the recorder of [`crate::trace`]): the plain query pays for neither.

use nalgebra::Vector3;

use crate::error::{QueryError, SearchError};
use crate::outward::{difference_above, difference_below};
use crate::range::{robust_norm, robust_unit};
use crate::shape::ConvexHull;
use crate::simplex::{finite, strictly_encloses_origin, Keying, Simplex};
use crate::support::{lift, MinkowskiPair, Pose, Support, SupportKey, SupportPoint, Vector};

use super::options::QueryOptions;

mod kernel;
mod origin;
mod rescue;

use origin::Fixed;
pub(crate) use origin::{Advance, Origin};

/// Shapes closer than this many `f64::EPSILON * scale` are touching.
const TOUCH_ULPS: f64 = 16.0;
/// A lower bound gives up this many `f64::EPSILON` times the magnitude of the coordinates the
/// support points are computed from (a dot product at 1e6 picks among vertices 1e-10 apart in
/// its direction). With `|p|` the largest coordinate norm and `d` the direction: each support
/// function picks its point by rounded dot products, within `2 gamma_3 |p| |d|` (3 EPSILON) of
/// the largest, B's along a direction turned into its frame with one more such rounding (3
/// EPSILON); the difference of the points and its dot product with `d` round by 2 EPSILON
/// more: 8 in all, `magnitude` bounding the norms of both shapes' points.
const LOWER_ULPS: f64 = 8.0;
/// The search stops once the duality gap is below this many `f64::EPSILON * scale * |v|`: no
/// further support point can improve `v` beyond rounding.
const GAP_ULPS: f64 = 8.0;

/// Why a query stopped with [`SearchError::OutOfRange`] when an intermediate overflowed.
pub(crate) const OVERFLOW: &str = "an intermediate result of the query is not finite (the \
     coordinates of the shapes exceed the supported range, see gjk::range)";

/// The most steps in a row that keep `|v|^2` within its rounding (see `Search::run`).
const MAX_SIDEWAYS: u32 = 8;

/// A search that stops without progress (rounding) answers when its duality gap, beyond the
/// tolerance, is within this many `f64::EPSILON` times the magnitude of the coordinates
/// involved (2^20: 2.3e-10 of it), and reports no convergence beyond. Near contact with curved
/// shapes or slivers, rounding in nearly degenerate simplices stalls the search at gaps up to
/// about 1e-11 of it; a step lost in the rounding of |v|^2 (coordinates 1e9 times larger than
/// the shapes' features) leaves gaps of 1e-9 of it and more.
pub(crate) const STALL_ULPS: f64 = 1048576.0;

/// The answer of a distance query, in the world frame.
///
/// **The certificate**: `lower_bound <= exact distance <= distance` for every valid input,
/// every rounding included: `distance` is rounded up (and is the exact distance wherever that
/// is a float and the closest points' combination is exact in double-double), `lower_bound`
/// rounded down. The exact distance is that of the shapes as given, B placed in A's frame by
/// the library's own transform: each point `p` of B at `R p + t` rounded to `f64`, with
/// `R = R_a^T R_b` and `t = R_a^T (t_b - t_a)`, the difference of the translations taken first
/// (`R = R_b` and `t = t_b - t_a` when A is not rotated: identity and translation-only poses
/// move B's points by `t_b - t_a` alone). For curved surfaces (ellipses, ellipsoids, cylinders,
/// cones) the interval also spans the few ulps of their extent by which their support points
/// are rounded ([`Support::support_rounding`]); a caller's support function's points are taken
/// as its shape's. `distance == 0` proves that the shapes overlap or touch, `lower_bound > 0`
/// that they are apart; shapes closer than the touching tolerance without a proof either way
/// are called intersecting with `distance` above 0, and [`DistanceResult::tolerance_call`]
/// says so.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DistanceResult<const D: usize> {
    /// The distance between the shapes, rounded up: never below the exact distance. 0 when they
    /// are proven to overlap or touch; a shape within rounding of touching is called
    /// intersecting with this upper bound instead (see [`DistanceResult::tolerance_call`]).
    pub distance: f64,
    /// The point of A closest to B (a point common to both when they intersect).
    pub point_a: Vector<D>,
    /// The point of B closest to A.
    pub point_b: Vector<D>,
    /// Unit vector from A towards B; when the shapes intersect, the last search direction
    /// (any unit vector).
    pub normal: Vector<D>,
    /// A certified lower bound: `lower_bound <= exact distance <= distance`, rounding included
    /// (see [`DistanceResult::tolerance_call`]).
    pub lower_bound: f64,
    /// Support-point evaluations made; 0 for two polygons of 3 to 8 vertices in 2D (hulls
    /// whose query needs neither a trace nor a warm start), which an exact kernel answers
    /// without a search.
    pub iterations: u32,
    /// Whether the shapes overlap or touch.
    pub intersecting: bool,
    /// Whether `intersecting` is a call within the touching tolerance rather than a proof:
    /// intersecting with a `distance` above 0 (the shapes may be apart by up to it), or apart
    /// with a `lower_bound` of 0 (they may touch). Either way the exact distance lies in
    /// `[lower_bound, distance]`.
    pub tolerance_call: bool,
}

/// A distance interval rounded outward: `lower <= exact distance <= upper`.
#[derive(Clone, Copy, Debug)]
struct Certified {
    lower: f64,
    upper: f64,
    /// Whether the interval proves the verdict: `upper` is 0 (the shapes overlap or touch) or
    /// `lower` is above 0 (they are apart).
    proven: bool,
}

/// What the search made of a support point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepOutcome {
    /// The first support point, towards the centre of `A - B` reversed: the simplex is this
    /// point alone.
    Started,
    /// Added to the simplex, which was reduced to the face closest to the origin; the
    /// closest point moved nearer the origin.
    Added,
    /// Already a vertex of the simplex: no point of `A - B` is further along the direction,
    /// the search has converged (the usual end for polytopes).
    Repeated,
    /// The duality gap (upper bound less lower bound) is within the requested tolerance or
    /// within rounding: the search has converged. The point was not added.
    GapClosed,
    /// Adding the point would not bring the closest point nearer the origin (rounding has the
    /// last word): the previous simplex is kept and the search ends.
    NoProgress,
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
    /// The search could make no more progress (a support point repeated, or |v| grew by
    /// rounding) while the duality gap was beyond the tolerance and the slack allowed for
    /// rounding ([`STALL_ULPS`]): the distance is not certified. Reported as no convergence,
    /// with its bounds.
    Stalled,
}

/// Sees each step of a search: the support point evaluated in `direction`, what became of it,
/// and the search's state afterwards (all in A's frame). `()` sees nothing and costs nothing.
pub(crate) trait Observer<const D: usize> {
    /// Whether the observer sees anything: queries that have a shorter way than the search
    /// (see [`crate::gjk::polygons`]) take it only for observers that do not.
    const WATCHING: bool = true;

    fn step<K: Copy>(
        &mut self,
        search: &Search<D, K>,
        direction: &Vector<D>,
        support: &SupportPoint<D>,
        outcome: StepOutcome,
    );
}

impl<const D: usize> Observer<D> for () {
    const WATCHING: bool = false;

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

/// The sizes a query's tolerances are relative to, and the tolerances (see the module notes).
/// The same for a fresh and a warm start, so that both answer alike.
#[derive(Clone, Copy)]
pub(crate) struct Tolerances<const D: usize> {
    /// A point of `A - B` (from the shapes' centres), in A's frame.
    pub center: Vector<D>,
    /// The margins of A and B (see [`Support::margin`]).
    pub margins: (f64, f64),
    /// The size of the cores' query: the cores' extents plus the distance between centres.
    pub core_scale: f64,
    /// The size of the numbers the support points are computed from (coordinates far from
    /// their frame's origin, B's placement in A's frame): support functions pick their points
    /// by dot products rounded to it.
    pub magnitude: f64,
    /// How far beyond `contact` a support point must put the origin for its direction to
    /// prove the shapes apart: a hull at 1e6 in its own frame, touching a point at a vertex,
    /// offers "separating" directions 1e-10 deep.
    pub separating: f64,
    /// Rounding allowance of the distance bounds.
    pub rounding: f64,
    /// Cores closer than this touch.
    pub touch: f64,
    /// How far the support points may lie outside the exact shapes (curved surfaces, see
    /// [`Support::support_rounding`], and B's placement of them): the certified interval's
    /// widening.
    pub support_rounding: f64,
    /// The cores touch the shapes' surfaces at the margins' sum; within `contact` (that sum
    /// and `touch`) the shapes intersect.
    pub contact: f64,
}

impl<const D: usize> Tolerances<D> {
    /// The sum of the margins.
    pub(crate) fn margin_sum(&self) -> f64 {
        self.margins.0 + self.margins.1
    }

    /// How near the origin `|v|` may come before a search in `mode` stops as intersecting:
    /// the cores within contact, or, for penetration (which needs the cores' own distance),
    /// within touching.
    pub(crate) fn exit(&self, mode: Mode) -> f64 {
        if mode == Mode::Penetration {
            self.touch
        } else {
            self.contact
        }
    }

    /// What a lower bound gives up to rounding: a few `EPSILON * scale` for the simplex, and
    /// the support functions' rounding, relative to the magnitude of the coordinates.
    pub(crate) fn lower_slack(&self) -> f64 {
        self.rounding
            .max(LOWER_ULPS * f64::EPSILON * self.magnitude)
    }

    /// The tolerances of a query on `pair`. Always inlined: called, it returned its ten
    /// numbers through memory (W3D-8 distance +35 instructions).
    #[inline(always)]
    pub(crate) fn of<A, B>(pair: &MinkowskiPair<'_, D, A, B>) -> Self
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        // Each centre and norm computed once.
        let (a_center, b_center) = (pair.a.center(), pair.b_center());
        let center = a_center - b_center;
        let center_norm = center.norm();
        let (extent, reach) = (pair.extent(), pair.b_in_a.translation().norm());
        let margins = pair.margins();
        let scale = extent + center_norm;
        let magnitude = scale + extent + a_center.norm() + b_center.norm() + reach;
        let touch = TOUCH_ULPS * f64::EPSILON * scale;
        let b_rounding = pair.b.support_rounding();
        // A curved B's points are placed with a rounding of their reach; a polytope's placed
        // vertices are the placed polytope (see `DistanceResult`).
        let placing = if b_rounding > 0.0 {
            2.0 * f64::EPSILON * (reach + pair.b.center().norm() + pair.b.extent())
        } else {
            0.0
        };
        Self {
            center,
            margins,
            core_scale: pair.core_extent() + center_norm,
            magnitude,
            separating: TOUCH_ULPS * f64::EPSILON * magnitude,
            rounding: GAP_ULPS * f64::EPSILON * scale,
            touch,
            support_rounding: pair.a.support_rounding() + b_rounding + placing,
            contact: margins.0 + margins.1 + touch,
        }
    }
}

/// The state of a finished search.
#[derive(Clone, Copy)]
pub(crate) struct Search<const D: usize, K = ()> {
    simplex: Simplex<D, K>,
    /// Closest point of the simplex to the origin (A's frame): the cores' closest difference.
    v: Vector<D>,
    /// Best `v . w / |v|` seen, before the rounding allowance.
    lower: f64,
    /// The direction (from A towards B) along which the cores are `lower` apart, and its
    /// length (the division is left to the rare caller that asks, not made at every step),
    /// once
    /// a support point has given a lower bound: the best separating direction seen, which
    /// may be better than `-v` when the search stopped at the rounding of `|v|`.
    lower_normal: Option<(Vector<D>, f64)>,
    /// The size of the cores' query (the shapes without their margins): the cores' extents
    /// plus the distance between their centres.
    core_scale: f64,
    /// What a lower bound gives up to rounding: a few `EPSILON * scale` for the simplex, and
    /// the support functions' rounding, relative to the magnitude of the coordinates (a point
    /// exactly at a vertex of a hull 1e6 from the origin was "certified" 2.6e-10 away).
    lower_slack: f64,
    /// Cores closer than this touch.
    touch: f64,
    /// See [`Tolerances::support_rounding`].
    support_rounding: f64,
    /// The margins of A and B (see [`Support::margin`]).
    margins: (f64, f64),
    iterations: u32,
    end: End,
    /// Whether the search stopped without closing its duality gap ([`End::Stalled`]), also
    /// where `|v|` then proved the shapes touching: its lower bound is then no estimate of
    /// the cores' distance.
    gap_open: bool,
}

impl<const D: usize> Search<D> {
    /// The search on `pair`, answered by the finished search itself.
    pub(crate) fn run<A, B>(
        pair: &MinkowskiPair<'_, D, A, B>,
        options: &QueryOptions,
        mode: Mode,
    ) -> Result<Self, SearchError>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        Run::new(pair, options, mode, &mut ()).answered((), |search| *search)
    }

    /// The search on `pair`, reporting each support point to `observer`, answered by `answer`
    /// from the finished search where it lies (see [`Run::answered`]).
    pub(crate) fn run_answered<A, B, O, R>(
        pair: &MinkowskiPair<'_, D, A, B>,
        options: &QueryOptions,
        mode: Mode,
        observer: &mut O,
        answer: impl FnOnce(&Self) -> R,
    ) -> Result<R, SearchError>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
        O: Observer<D>,
    {
        Run::new(pair, options, mode, observer).answered((), answer)
    }
}

impl<const D: usize> Search<D> {
    /// The search on `pair` towards `origin`, which may move (the GJK ray cast, see
    /// [`origin`]), answered by `answer` from the finished search where it lies.
    pub(crate) fn run_towards<A, B, G, R>(
        pair: &MinkowskiPair<'_, D, A, B>,
        options: &QueryOptions,
        origin: &mut G,
        answer: impl FnOnce(&Self) -> R,
    ) -> Result<R, SearchError>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
        G: Origin<D>,
    {
        Run::new(pair, options, Mode::Distance, &mut ()).towards(origin, (), answer)
    }
}

/// Where a search starts: afresh (`()`, which costs a cold query nothing), or from a warm
/// start's simplex and the support evaluations it cost, where there is one.
pub(crate) trait Start<const D: usize, K> {
    /// Whether the search starts afresh whatever the value.
    const FRESH: bool;

    /// The simplex to start from, if any.
    fn simplex(self) -> Option<(Simplex<D, K>, u32)>;
}

impl<const D: usize, K> Start<D, K> for () {
    const FRESH: bool = true;

    #[inline(always)]
    fn simplex(self) -> Option<(Simplex<D, K>, u32)> {
        None
    }
}

impl<const D: usize, K> Start<D, K> for Option<(Simplex<D, K>, u32)> {
    const FRESH: bool = false;

    #[inline(always)]
    fn simplex(self) -> Option<(Simplex<D, K>, u32)> {
        self
    }
}

/// What a search runs on: the pair (B in A's frame), the query's options and kind, and the
/// observer of its steps. The GJK loop ([`kernel`]) and its rescues ([`rescue`]) are its
/// methods.
pub(crate) struct Run<'r, 'p, const D: usize, A: ?Sized, B: ?Sized, O> {
    pair: &'r MinkowskiPair<'p, D, A, B>,
    options: &'r QueryOptions,
    mode: Mode,
    observer: &'r mut O,
}

impl<'r, 'p, const D: usize, A, B, O> Run<'r, 'p, D, A, B, O>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
    O: Observer<D>,
{
    /// A search on `pair` with `options`, for a query of `mode`, watched by `observer`.
    pub(crate) fn new(
        pair: &'r MinkowskiPair<'p, D, A, B>,
        options: &'r QueryOptions,
        mode: Mode,
        observer: &'r mut O,
    ) -> Self {
        Self {
            pair,
            options,
            mode,
            observer,
        }
    }

    /// The search from `start`, answered by `answer` from the finished search where it lies:
    /// the GJK loop (see [`kernel`]), which calls its rescues (see [`rescue`]) where rounding
    /// stops its steps and goes on from its simplex. A query that needs only its answer
    /// does not move the search (a few hundred bytes, which were copied twice on the way out).
    ///
    /// For two point clouds searched afresh, where the CPU has AVX2 (x86_64) and no observer
    /// watches (traces keep the baseline), the loop runs a build of its own for it, with
    /// their scans inlined: bitwise the same arithmetic (no fused operations), in 7% to 13%
    /// fewer instructions (three-operand forms, the AVX2 scans inlined). Other pairs keep the
    /// baseline build: a second build of every pair of kinds (the shape enum's support
    /// functions inlined in each) made the library 12% larger. (Passing the loop as a closure
    /// to one shared AVX2 function instead of these three: 17% more instructions, the closure
    /// not inlined into it.) Warm starts keep the baseline too: built for AVX2 they took 0.5%
    /// fewer instructions and 77 KB.
    pub(crate) fn answered<K: Keying<D>, S: Start<D, K>, R>(
        self,
        start: S,
        answer: impl FnOnce(&Search<D, K>) -> R,
    ) -> Result<R, SearchError> {
        self.towards(&mut Fixed, start, answer)
    }

    /// [`Run::answered`] towards `origin`, which may move (the GJK ray cast, see
    /// [`origin`]).
    fn towards<K: Keying<D>, G: Origin<D>, S: Start<D, K>, R>(
        self,
        origin: &mut G,
        start: S,
        answer: impl FnOnce(&Search<D, K>) -> R,
    ) -> Result<R, SearchError> {
        #[cfg(target_arch = "x86_64")]
        {
            if S::FRESH
                && !O::WATCHING
                && point_clouds(self.pair)
                && std::is_x86_feature_detected!("avx2")
            {
                // SAFETY: the CPU supports AVX2, checked just above.
                return unsafe { self.towards_avx2(origin, start, answer) };
            }
        }
        self.towards_inline(origin, start, answer)
    }

    /// [`Run::towards`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn towards_avx2<K: Keying<D>, G: Origin<D>, S: Start<D, K>, R>(
        self,
        origin: &mut G,
        start: S,
        answer: impl FnOnce(&Search<D, K>) -> R,
    ) -> Result<R, SearchError> {
        self.towards_inline(origin, start, answer)
    }

    /// [`Run::towards`] itself, inlined into both builds.
    #[inline(always)]
    fn towards_inline<K: Keying<D>, G: Origin<D>, S: Start<D, K>, R>(
        self,
        origin: &mut G,
        start: S,
        answer: impl FnOnce(&Search<D, K>) -> R,
    ) -> Result<R, SearchError> {
        let tolerances = Tolerances::of(self.pair);
        self.kernel(&tolerances, start.simplex(), origin, answer)
    }
}

impl<const D: usize> Search<D, SupportKey<D>> {
    /// The search on `pair` from `start`, a simplex recalled from a cache (see
    /// [`Search::recall`]) and the support evaluations that took, or afresh without one: a
    /// warm start runs the loop like a cold one.
    pub(crate) fn run_warm<A, B>(
        pair: &MinkowskiPair<'_, D, A, B>,
        options: &QueryOptions,
        mode: Mode,
        start: Option<(Simplex<D, SupportKey<D>>, u32)>,
    ) -> Result<Self, SearchError>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        Run::new(pair, options, mode, &mut ()).answered(start, |search| *search)
    }

    /// The simplex `keys` describe, found again under the pair's current placement (its
    /// points are points of the shapes whatever the keys are), and the support-function
    /// evaluations that took; `None` when there are no keys or a point is not finite.
    pub(crate) fn recall<A, B>(
        pair: &MinkowskiPair<'_, D, A, B>,
        keys: &[SupportKey<D>],
    ) -> Option<(Simplex<D, SupportKey<D>>, u32)>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        // A vertex found again by its indices costs no support evaluation; one found again
        // by its direction costs one.
        let mut evaluations = 0;
        let recalled = keys.iter().map(|key| {
            let (point, evaluated) = pair.recall(key);
            evaluations += u32::from(evaluated);
            (point, *key)
        });
        let simplex = Simplex::from_points(recalled)?;
        simplex
            .points()
            .iter()
            .all(finite)
            .then_some((simplex, evaluations))
    }
}

/// Whether both shapes of `pair` are point clouds ([`ConvexHull`]), the pairs with a build of
/// their own for AVX2 (see [`Search::run_answered`]). Inlined, the test folds away for every
/// sized type.
#[inline(always)]
fn point_clouds<const D: usize, A, B>(pair: &MinkowskiPair<'_, D, A, B>) -> bool
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let cloud = |shape: Option<&dyn std::any::Any>| shape.is_some_and(|s| s.is::<ConvexHull<D>>());
    cloud(pair.a.as_any()) && cloud(pair.b.as_any())
}

/// Whether the duality gap `gap` (`|v|^2 - v . w`, or `(|v| - lower) |v|` with the best lower
/// bound seen) is within the tolerance: the distance, `|v|` less the margins' sum, known within `relative_tolerance` of itself (and of the cores'
/// distance, `|v|`, which sets the normal's accuracy), or within `rounding` of `|v|`. Written
/// without the square root where the shapes have no margins (then the distance is `|v|`).
#[inline(always)]
pub(super) fn gap_closed(
    gap: f64,
    vv: f64,
    relative_tolerance: f64,
    rounding: f64,
    margin_sum: f64,
) -> bool {
    if gap <= 0.0 || gap * gap <= rounding * rounding * vv {
        return true;
    }
    if margin_sum == 0.0 {
        return gap <= relative_tolerance * vv;
    }
    let v_norm = vv.sqrt();
    gap <= relative_tolerance * (v_norm - margin_sum).abs().min(v_norm) * v_norm
}

/// The closest points and the normal of an answer in A's frame, in the world frame, A being
/// placed by `pose_a`.
#[inline(always)]
pub(crate) fn in_world<const D: usize>(
    pose_a: &Pose<D>,
    point_a: Vector<D>,
    point_b: Vector<D>,
    normal: Vector<D>,
) -> (Vector<D>, Vector<D>, Vector<D>) {
    if pose_a.rotates() {
        (
            pose_a.transform_point(&point_a),
            pose_a.transform_point(&point_b),
            pose_a.transform_vector(&normal),
        )
    } else {
        // The same numbers without the products by the identity.
        let t = pose_a.translation();
        (point_a + t, point_b + t, normal)
    }
}

/// Whether a sum of numbers is finite: an infinity or a NaN among them makes it infinite or
/// NaN, so one test stands for one per number. A sum of finite numbers can overflow (numbers near `f64::MAX`, far
/// outside the supported range): callers take a non-finite sum as a reason for caution (the
/// loop's errors, an axis as the first direction), never as an answer.
#[inline(always)]
#[allow(
    clippy::eq_op,
    reason = "x - x is 0 exactly when x is finite: that is the test"
)]
pub(super) fn finite_sum(sum: f64) -> bool {
    sum - sum == 0.0
}

/// The first search direction: from the centre of `A - B` towards the origin, or any
/// direction when that is zero or not finite (or so large that its components' sum overflows).
pub(crate) fn first_direction<const D: usize>(center: &Vector<D>) -> Vector<D> {
    let direction = -center;
    if direction.iter().all(|x| *x == 0.0) || !finite_sum(direction.sum()) {
        Vector::from_fn(|i, _| if i == 0 { 1.0 } else { 0.0 })
    } else {
        direction
    }
}

impl<const D: usize, K: Copy> Search<D, K> {
    /// A search at its start: `simplex` (whose closest point is `v`), found with `iterations`
    /// support evaluations, no lower bound yet.
    pub(crate) fn fresh(
        tolerances: &Tolerances<D>,
        simplex: Simplex<D, K>,
        v: Vector<D>,
        iterations: u32,
    ) -> Self {
        Search {
            simplex,
            v,
            lower: 0.0,
            lower_normal: None,
            core_scale: tolerances.core_scale,
            lower_slack: tolerances.lower_slack(),
            touch: tolerances.touch,
            support_rounding: tolerances.support_rounding,
            margins: tolerances.margins,
            iterations,
            end: End::IterationCap,
            gap_open: false,
        }
    }

    /// Ends the search with `end`: a search whose gap stayed open says so, and one that
    /// converged or stalled with the cores within `contact` ends touching.
    pub(crate) fn finish(&mut self, end: End, contact: f64) {
        self.end = end;
        self.gap_open = end == End::Stalled;
        if matches!(end, End::Converged | End::Stalled)
            && self.v.norm_squared() <= contact * contact
        {
            self.end = End::Touching;
        }
    }

    /// Records the lower bound a support point gave along `direction` (of length
    /// `direction_norm`): `reach` is how far the support point lies along it, towards the
    /// origin. Kept if better than the best so far.
    pub(crate) fn record_lower(&mut self, reach: f64, direction: Vector<D>, direction_norm: f64) {
        if reach > self.lower * direction_norm {
            self.lower = reach / direction_norm;
            self.lower_normal = Some((direction, direction_norm));
        }
    }
}

impl<const D: usize, K: Copy> Search<D, K> {
    /// The final simplex.
    pub(crate) fn simplex(&self) -> &Simplex<D, K> {
        &self.simplex
    }

    /// The closest point of the simplex to the origin (A's frame): the cores' closest
    /// difference.
    pub(crate) fn closest(&self) -> &Vector<D> {
        &self.v
    }

    /// How the search ended.
    pub(crate) fn end(&self) -> End {
        self.end
    }

    /// Support-point evaluations made.
    pub(crate) fn iterations(&self) -> u32 {
        self.iterations
    }

    /// The size of the cores' query (see [`Tolerances::core_scale`]).
    pub(crate) fn core_scale(&self) -> f64 {
        self.core_scale
    }

    /// Cores closer than this touch.
    pub(crate) fn touch(&self) -> f64 {
        self.touch
    }

    /// The margins of A and B (see [`Support::margin`]).
    pub(crate) fn margins(&self) -> (f64, f64) {
        self.margins
    }

    /// Whether the search stopped without closing its duality gap (see the field).
    pub(crate) fn gap_open(&self) -> bool {
        self.gap_open
    }

    /// Replaces `v` by its projection on the simplex's affine hull (see
    /// [`Simplex::projected`]), unless that falls below the certified lower bound: on the
    /// sliver simplices of curved shapes the hull's plane is known only to rounding divided by
    /// the short edge, and its projection can undershoot the distance.
    fn project_v(&mut self) {
        let projected = self.simplex.projected(&self.v);
        if robust_norm(&projected) >= self.lower {
            self.v = projected;
        }
    }

    /// The answer of a distance query, A being placed by `pose_a`.
    pub(crate) fn distance(
        &self,
        pose_a: &Pose<D>,
    ) -> Result<DistanceResult<D>, QueryError<DistanceResult<D>>> {
        let result = self.result(pose_a);
        match self.end {
            End::IterationCap | End::Stalled => Err(QueryError::NoConvergence(Box::new(result))),
            _ => Ok(result),
        }
    }

    /// The answer of a boolean query.
    pub(crate) fn verdict(&self) -> Result<bool, QueryError<DistanceResult<D>>> {
        match self.end {
            End::Touching => Ok(true),
            End::Separated | End::Converged => Ok(false),
            End::IterationCap | End::Stalled => Err(QueryError::NoConvergence(Box::new(
                self.result(&Pose::identity()),
            ))),
        }
    }

    /// The closest points of the cores (A's frame); a common point when they intersect.
    pub(crate) fn core_points(&self) -> (Vector<D>, Vector<D>) {
        self.simplex
            .witness_points_refined_if(self.end == End::Touching)
    }

    /// The best separating direction seen (unit, from A towards B) and the cores' separation
    /// along it (rounded, without allowance), once a support point has given one.
    pub(crate) fn best_separation(&self) -> Option<(f64, Vector<D>)> {
        self.lower_normal
            .map(|(direction, norm)| (self.lower, direction / norm))
    }

    /// A certified lower bound on the distance between the cores (without the margins).
    pub(crate) fn core_lower_bound(&self) -> f64 {
        self.lower - self.lower_slack
    }

    /// The distance between the shapes as known so far: `(lower, upper)` with
    /// `0 <= lower <= exact distance <= upper`, margins included (see [`Certified`]).
    pub(crate) fn bounds(&self) -> (f64, f64) {
        let certified = self.certified(self.end == End::Touching);
        (certified.lower, certified.upper)
    }

    /// The certified interval of the distance between the shapes, taken from the simplex
    /// (`refined`: by its refined weights, for touching shapes) and the best lower bound seen,
    /// rounded outward (see [`crate::outward`]), and whether it proves the shapes overlap.
    #[inline(never)]
    fn certified(&self, refined: bool) -> Certified {
        let overlap = Certified {
            lower: 0.0,
            upper: 0.0,
            proven: true,
        };
        if self.simplex_encloses_origin() {
            return overlap;
        }
        let (margin_a, margin_b) = self.margins;
        let simplex = &self.simplex;
        let core_upper = simplex
            .distance_above_refined_if(refined)
            .or_else(|| simplex.distance_above_nearest_vertex())
            .unwrap_or(f64::INFINITY);
        let margins = margin_a != 0.0 || margin_b != 0.0;
        let mut upper = if margins {
            difference_above(core_upper, margin_a, margin_b)
        } else {
            core_upper
        };
        if self.support_rounding > 0.0 {
            upper = (upper + self.support_rounding).next_up();
        }
        if upper <= 0.0 {
            return overlap;
        }
        // The support points of curved surfaces may lie inside them by their rounding: the
        // reach along a direction is then short by up to as much. (A lower bound need not be
        // tight to the ulp: each subtraction is simply rounded down.)
        let slack = self.lower_slack + self.support_rounding;
        let core_lower = if slack > 0.0 {
            (self.lower - slack * (1.0 + f64::EPSILON)).next_down()
        } else {
            self.lower
        };
        let lower = if margins {
            difference_below(core_lower, margin_a, margin_b)
        } else {
            core_lower
        };
        let lower = lower.max(0.0).min(upper);
        Certified {
            lower,
            upper,
            proven: lower > 0.0,
        }
    }

    /// Whether the simplex is full and holds the origin strictly inside, every signed area or
    /// volume clear of its rounding and of its vertices' (see [`strictly_encloses_origin`]): a
    /// proof that the cores overlap.
    #[inline(never)]
    fn simplex_encloses_origin(&self) -> bool {
        let points = self.simplex.points();
        if points.len() != D + 1 {
            return false;
        }
        let mut lifted = [Vector3::zeros(); 4];
        for (l, p) in lifted.iter_mut().zip(points) {
            *l = lift(&p.w);
        }
        strictly_encloses_origin(&lifted[..points.len()], D == 2).is_ok()
    }

    /// The result in the world frame, A being placed by `pose_a`.
    pub(crate) fn result(&self, pose_a: &Pose<D>) -> DistanceResult<D> {
        let intersecting = self.end == End::Touching;
        let (margin_a, margin_b) = self.margins;
        let (core_a, core_b) = self.core_points();
        let core_distance = robust_norm(&self.v);
        let (normal, point_a, point_b) = if core_distance > 0.0 {
            // Divided by the norm already known, unless v is subnormal (its square underflows).
            let normal = if core_distance > 1e-140 {
                -self.v / core_distance
            } else {
                -robust_unit(&self.v)
            };
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
        let certified = if intersecting {
            // Touching within the tolerance: 0 only where the overlap is proven.
            let certified = self.certified(true);
            Certified {
                lower: 0.0,
                proven: certified.upper == 0.0,
                ..certified
            }
        } else {
            self.certified(false)
        };
        let (point_a, point_b, normal) = in_world(pose_a, point_a, point_b, normal);
        DistanceResult {
            distance: certified.upper,
            point_a,
            point_b,
            normal,
            lower_bound: certified.lower,
            iterations: self.iterations,
            intersecting,
            tolerance_call: !certified.proven,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The gap test agrees with its definition, `gap <= max(tolerance * relative_to,
    /// rounding) * |v|`, written with the square root.
    #[test]
    fn gap_closed_is_the_tolerance_without_a_square_root() {
        let mut next = crate::test_random::uniform(0x5eed_0f6a_9c1e_d00d);
        let mut closed = 0;
        for _ in 0..100_000 {
            let v_norm = 10f64.powf(6.0 * next());
            let vv = v_norm * v_norm;
            let gap = vv * 10f64.powf(-16.0 * (next() + 0.5)) * next().signum();
            let tolerance = [0.0, 1e-12, 1e-6][(3.0 * next().abs()) as usize % 3];
            let rounding = v_norm * 10f64.powf(-15.0 * next().abs());
            let margin_sum = if next() > 0.0 {
                0.0
            } else {
                v_norm * next().abs()
            };
            let relative_to = (v_norm - margin_sum).abs().min(v_norm);
            let expected = gap <= (tolerance * relative_to).max(rounding) * v_norm;
            let got = gap_closed(gap, vv, tolerance, rounding, margin_sum);
            // The two sides may differ only by rounding at the boundary.
            let bound = (tolerance * relative_to).max(rounding) * v_norm;
            if (gap - bound).abs() > 1e-12 * bound {
                assert_eq!(
                    got, expected,
                    "gap {gap:e}, |v| {v_norm:e}, tol {tolerance:e}"
                );
            }
            closed += usize::from(got);
        }
        assert!(closed > 10_000 && closed < 90_000, "{closed} closed");
    }
    use crate::shape::ConvexHull;

    /// A shape whose support function is a hull's, with no inner point of its own (as a
    /// user's shape).
    struct NoInnerPoint(ConvexHull<3>);

    impl Support<3> for NoInnerPoint {
        fn support(&self, dir: &Vector<3>) -> Vector<3> {
            self.0.support(dir)
        }
        fn center(&self) -> Vector<3> {
            self.0.center()
        }
        fn extent(&self) -> f64 {
            self.0.extent()
        }
        fn core_vertex(&self, index: u32) -> Option<Vector<3>> {
            self.0.core_vertex(index)
        }
    }

    /// Recalling a cached simplex counts the support evaluations it really takes: none for
    /// vertices found by their indices or for the inner point, one for a point found by its
    /// direction, for an index the shape does not have, or for the inner point's key on
    /// shapes without inner points.
    #[test]
    fn recall_counts_its_evaluations() {
        let cube = |x: f64| {
            let points = (0..8)
                .map(|i| {
                    Vector::<3>::new(
                        x + f64::from(i & 1),
                        f64::from(i >> 1 & 1),
                        f64::from(i >> 2),
                    )
                })
                .collect();
            ConvexHull::<3>::new(points).expect("a cube")
        };
        let (a, b) = (cube(0.0), cube(0.5));
        let at = Pose::identity();
        let key = |dir: Vector<3>, index_a, index_b| SupportKey {
            dir,
            index_a,
            index_b,
        };
        let inner = SupportKey::default();
        let by_indices = key(Vector::x(), Some(1), Some(0));
        let by_direction = key(Vector::x(), None, Some(0));
        let no_such_vertex = key(Vector::x(), Some(8), Some(0));
        let hulls = MinkowskiPair::new(&a, &at, &b, &at);
        let evaluations = |keys: &[SupportKey<3>]| Search::recall(&hulls, keys).map(|(_, e)| e);
        assert_eq!(evaluations(&[inner, by_indices]), Some(0));
        assert_eq!(evaluations(&[by_direction, by_indices]), Some(1));
        assert_eq!(evaluations(&[no_such_vertex, inner]), Some(1));
        let (a, b) = (NoInnerPoint(a), NoInnerPoint(b));
        let user = MinkowskiPair::new(&a, &at, &b, &at);
        assert_eq!(
            Search::recall(&user, &[inner, by_indices]).map(|(_, e)| e),
            Some(1)
        );
    }
}
