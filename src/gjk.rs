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
//! - `scale` is the sum of the shapes' extents plus the size of the first support point, fixed
//!   for the whole query; rounding in the simplex is a few units of `f64::EPSILON * scale`;
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
//!   `MAX_SIDEWAYS` in a row) is taken as long as the gap is not within the tolerance.

use crate::error::{QueryError, SearchError};
pub(crate) use crate::range::{robust_norm, robust_unit};
use crate::simplex::closest_to_origin;
use crate::support::{MinkowskiPair, Pose, Support, SupportPoint, Vector};
use nalgebra::Vector3;

fn lift<const D: usize>(v: &Vector<D>) -> Vector3<f64> {
    let mut l = Vector3::zeros();
    l.fixed_rows_mut::<D>(0).copy_from(v);
    l
}

/// Shapes closer than this many `f64::EPSILON * scale` are touching.
const TOUCH_ULPS: f64 = 16.0;
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
    options.validate()?;
    let pair = MinkowskiPair::new(a, pose_a, b, pose_b);
    let search = Search::run(&pair, options, Mode::Distance)?;
    let result = search.result(pose_a);
    match search.end {
        End::IterationCap | End::Stalled => Err(QueryError::NoConvergence(Box::new(result))),
        _ => Ok(result),
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
    options.validate()?;
    let pair = MinkowskiPair::new(a, pose_a, b, pose_b);
    let search = Search::run(&pair, options, Mode::Boolean)?;
    match search.end {
        End::Touching => Ok(true),
        End::Separated | End::Converged => Ok(false),
        End::IterationCap | End::Stalled => Err(QueryError::NoConvergence(Box::new(
            search.result(&Pose::identity()),
        ))),
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
    /// The search could make no more progress (a support point repeated, or |v| grew by
    /// rounding) while the duality gap was beyond the tolerance and the slack allowed for
    /// rounding ([`STALL_ULPS`]): the distance is not certified. Reported as no convergence,
    /// with its bounds.
    Stalled,
}

/// The current simplex: its support points and the weights of its closest point.
#[derive(Clone, Copy)]
pub(crate) struct Simplex<const D: usize> {
    len: usize,
    points: [SupportPoint<D>; 4],
    weights: [f64; 4],
}

impl<const D: usize> Simplex<D> {
    fn single(p: SupportPoint<D>) -> Self {
        Self {
            len: 1,
            points: [p; 4],
            weights: [1.0, 0.0, 0.0, 0.0],
        }
    }

    fn contains(&self, w: &Vector<D>) -> bool {
        self.points[..self.len].iter().any(|p| p.w == *w)
    }

    /// Adds `p`, solves for the closest point, keeps only the vertices it needs, and returns it.
    fn push_and_reduce(&mut self, p: SupportPoint<D>) -> Vector<D> {
        self.points[self.len] = p;
        self.len += 1;
        let mut lifted = [Vector3::zeros(); 4];
        for (l, q) in lifted.iter_mut().zip(&self.points[..self.len]) {
            l.fixed_rows_mut::<D>(0).copy_from(&q.w);
        }
        let closest = closest_to_origin(&lifted[..self.len], D == 2);
        let mut kept = 0;
        for i in 0..self.len {
            if closest.weights[i] > 0.0 {
                self.points[kept] = self.points[i];
                self.weights[kept] = closest.weights[i];
                kept += 1;
            }
        }
        self.len = kept;
        closest.point.fixed_rows::<D>(0).into_owned()
    }

    /// The vertices of the simplex.
    pub(crate) fn points(&self) -> &[SupportPoint<D>] {
        &self.points[..self.len]
    }

    /// The projection of the origin on the affine hull of the simplex, computed from its edges
    /// rather than interpolated between its vertices: `v` less its components along the edges.
    /// Interpolating between vertices 1e9 apart misplaces `v` by their rounding (1e-7), which
    /// tilts the normal when `|v|` is small; the components along the edges are that error.
    fn projected(&self, v: &Vector<D>) -> Vector<D> {
        let p = self.points();
        let (e1, e2) = match p.len() {
            2 => (lift(&(p[1].w - p[0].w)), None),
            3 if D == 3 => (lift(&(p[1].w - p[0].w)), Some(lift(&(p[2].w - p[0].w)))),
            _ => return *v,
        };
        let mut r = lift(v);
        match e2 {
            None => {
                let ee = e1.norm_squared();
                if ee > 0.0 {
                    r -= e1 * (r.dot(&e1) / ee);
                }
            }
            Some(e2) => {
                let n = e1.cross(&e2);
                let nn = n.norm_squared();
                if nn > 0.0 {
                    r = n * (lift(&p[0].w).dot(&n) / nn);
                }
            }
        }
        let r: Vector<D> = r.fixed_rows::<D>(0).into_owned();
        if r.iter().all(|x| x.is_finite()) {
            r
        } else {
            *v
        }
    }

    fn weighted(&self, pick: impl Fn(&SupportPoint<D>) -> Vector<D>) -> Vector<D> {
        Self::combine(self.points(), &self.weights, pick)
    }

    fn combine(
        points: &[SupportPoint<D>],
        weights: &[f64; 4],
        pick: impl Fn(&SupportPoint<D>) -> Vector<D>,
    ) -> Vector<D> {
        points.iter().zip(weights).map(|(p, w)| pick(p) * *w).sum()
    }

    /// The weights improved by one step of iterative refinement, for a simplex that holds the
    /// origin: the weighted sum of its points should be 0, and its residual is the distance
    /// between the cores' "common" points. Weights from the signed volumes of a thin simplex
    /// with vertices 1e10 apart lose their accuracy (witness points 140 apart); a step
    /// solving for the change that cancels the residual restores it. Kept only if it shrinks
    /// the residual and leaves the weights a convex combination.
    fn refined_weights(&self) -> [f64; 4] {
        let p = self.points();
        let residual = lift(&self.weighted(|q| q.w));
        if p.len() < 2 || residual == Vector3::zeros() {
            return self.weights;
        }
        let e: [Vector3<f64>; 3] = std::array::from_fn(|i| {
            p.get(i + 1)
                .map_or(Vector3::zeros(), |q| lift(&(q.w - p[0].w)))
        });
        let delta: Option<[f64; 3]> = match p.len() {
            2 => {
                let ee = e[0].norm_squared();
                (ee > 0.0).then(|| [-residual.dot(&e[0]) / ee, 0.0, 0.0])
            }
            3 => {
                let g = nalgebra::Matrix2::new(
                    e[0].dot(&e[0]),
                    e[0].dot(&e[1]),
                    e[1].dot(&e[0]),
                    e[1].dot(&e[1]),
                );
                let rhs = nalgebra::Vector2::new(-residual.dot(&e[0]), -residual.dot(&e[1]));
                g.lu().solve(&rhs).map(|d| [d[0], d[1], 0.0])
            }
            _ => nalgebra::Matrix3::from_columns(&e)
                .lu()
                .solve(&-residual)
                .map(|d| [d[0], d[1], d[2]]),
        };
        let Some(delta) = delta else {
            return self.weights;
        };
        let mut weights = self.weights;
        for (i, d) in delta.iter().take(p.len() - 1).enumerate() {
            weights[i + 1] += d;
            weights[0] -= d;
        }
        let convex = weights[..p.len()]
            .iter()
            .all(|w| w.is_finite() && (0.0..=1.0).contains(w));
        let better = lift(&Self::combine(p, &weights, |q| q.w)).norm() < residual.norm();
        if convex && better {
            weights
        } else {
            self.weights
        }
    }
}

/// The state of a finished search.
pub(crate) struct Search<const D: usize> {
    pub simplex: Simplex<D>,
    /// Closest point of the simplex to the origin (A's frame): the cores' closest difference.
    pub v: Vector<D>,
    /// Best `v . w / |v|` seen, before the rounding allowance.
    lower: f64,
    /// The size of the query: the shapes' extents plus their first separation.
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
        const { assert!(D == 2 || D == 3, "GJK runs in 2 or 3 dimensions") };
        let finite = |p: &SupportPoint<D>| p.w.iter().chain(p.a.iter()).all(|x| x.is_finite());

        let mut direction = -pair.center();
        if direction.iter().all(|x| *x == 0.0) || !direction.iter().all(|x| x.is_finite()) {
            direction = Vector::zeros();
            direction[0] = 1.0;
        }
        let first = pair.support(&direction);
        if !finite(&first) {
            return Err(SearchError::NonFiniteSupport);
        }
        let margins = pair.margins();
        let margin_sum = margins.0 + margins.1;
        let scale = pair.extent() + first.w.norm();
        // The size of the numbers the support points are computed from (coordinates far from
        // their frame's origin, B's placement in A's frame): support functions pick their
        // points by dot products rounded to it.
        let magnitude = scale + first.a.norm() + first.b.norm() + pair.b_in_a.translation().norm();
        // A separating direction must beat that rounding: a hull at 1e6 in its own frame,
        // touching a point at a vertex, offers "separating" directions 1e-10 deep.
        let separating = TOUCH_ULPS * f64::EPSILON * magnitude;
        let rounding = GAP_ULPS * f64::EPSILON * scale;
        let touch = TOUCH_ULPS * f64::EPSILON * scale;
        // The cores touch the shapes' surfaces at `margin_sum`; within `contact` they intersect.
        let contact = margin_sum + touch;

        let mut search = Search {
            simplex: Simplex::single(first),
            v: first.w,
            lower: 0.0,
            scale,
            rounding,
            touch,
            margins,
            iterations: 1,
            end: End::IterationCap,
        };
        if pair.extent() == 0.0 {
            // Two points: the difference is the single point `first.w`, known exactly. (Its
            // squared length may underflow, which the loop below relies on.)
            search.lower = robust_norm(&first.w);
            search.end = if search.lower == 0.0 {
                End::Touching
            } else {
                End::Converged
            };
            return Ok(search);
        }
        // Where the search may stop as intersecting.
        let exit = if mode == Mode::Penetration {
            touch
        } else {
            contact
        };
        let mut sideways = 0;
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
            let w = pair.support(&-search.v);
            if !finite(&w) {
                return Err(SearchError::NonFiniteSupport);
            }
            let v_norm = vv.sqrt();
            let vw = search.v.dot(&w.w);
            if !(vv.is_finite() && vw.is_finite()) {
                return Err(SearchError::OutOfRange(OVERFLOW));
            }
            search.lower = search.lower.max(vw / v_norm);
            if mode == Mode::Boolean && vw > (contact + separating) * v_norm {
                search.end = End::Separated;
                break;
            }
            // The duality gap bounds the error of |v| by gap / |v|, with the best lower bound
            // seen so far; the tolerance is relative to the distance (or the overlap) of the
            // shapes, |v| less the margins.
            let gap = (v_norm - search.lower) * v_norm;
            // Relative to the cores' distance too: it sets the normal's accuracy, which the
            // margins (radii 1e9 times the cores' distance) multiply in the closest points.
            let relative_to = (v_norm - margin_sum).abs().min(v_norm);
            let allowed = (options.relative_tolerance * relative_to).max(rounding) * v_norm;
            if gap <= allowed {
                search.end = End::Converged;
                break;
            }
            // Where the search stops without progress, a gap up to STALL_ULPS rounding units
            // of the coordinates' magnitude is still an answer (rounding in an ill-conditioned
            // simplex: a curved shape near contact, a sliver); its lower bound says how far it
            // is. Beyond, it is reported as no convergence.
            let stalled = if gap <= STALL_ULPS * f64::EPSILON * magnitude * v_norm {
                End::Converged
            } else {
                End::Stalled
            };
            if search.simplex.contains(&w.w) {
                // A repeated support point: rounding has the last word.
                search.end = stalled;
                break;
            }
            let before = search.simplex;
            let v = search.simplex.push_and_reduce(w);
            // Progress: |v| shrinks. Far from the origin (coordinates 1e9, |v|^2 1e18) a real
            // step can shrink |v|^2 by less than its rounding, so a step that keeps it within
            // rounding is taken too: the gap is not within the tolerance, so the new simplex
            // holds a better direction. A step that leaves v unchanged is a cycle, and at
            // most MAX_SIDEWAYS such steps in a row are taken (longer cycles).
            let vv_new = v.norm_squared();
            if vv_new < vv {
                sideways = 0;
            } else {
                sideways += 1;
            }
            if !(vv_new < vv
                || (vv_new <= vv * (1.0 + 4.0 * f64::EPSILON)
                    && v != search.v
                    && sideways <= MAX_SIDEWAYS))
            {
                // No progress: rounding has the last word. Keep the better simplex.
                search.simplex = before;
                search.end = stalled;
                break;
            }
            search.v = v;
        }
        if matches!(search.end, End::Converged | End::Stalled) {
            search.v = search.simplex.projected(&search.v);
        }
        if matches!(search.end, End::Converged | End::Stalled)
            && search.v.norm_squared() <= contact * contact
        {
            search.end = End::Touching;
        }
        Ok(search)
    }

    /// The closest points of the cores (A's frame); a common point when they intersect.
    pub(crate) fn core_points(&self) -> (Vector<D>, Vector<D>) {
        let weights = if self.end == End::Touching {
            self.simplex.refined_weights()
        } else {
            self.simplex.weights
        };
        let points = self.simplex.points();
        (
            Simplex::combine(points, &weights, |p| p.a),
            Simplex::combine(points, &weights, |p| p.b),
        )
    }

    /// The result in the world frame, A being placed by `pose_a`.
    pub(crate) fn result(&self, pose_a: &Pose<D>) -> DistanceResult<D> {
        let intersecting = self.end == End::Touching;
        let (margin_a, margin_b) = self.margins;
        let (core_a, core_b) = self.core_points();
        let core_distance = robust_norm(&self.v);
        let (normal, point_a, point_b) = if core_distance > 0.0 {
            let normal = -robust_unit(&self.v);
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
        let (distance, lower_bound) = if intersecting {
            (0.0, 0.0)
        } else {
            let distance = core_distance - margin_a - margin_b;
            // A capped search can stop with the cores already within their margins.
            let distance = distance.max(0.0);
            let lower = self.lower - margin_a - margin_b - self.rounding;
            (distance, lower.clamp(0.0, distance))
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
