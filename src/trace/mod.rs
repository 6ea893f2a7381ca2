//! What GJK did, step by step: a distance query that records every support point it evaluated.
//!
//! [`distance_traced`] answers exactly as [`crate::distance_with`] does (the untraced query
//! runs the same code with an observer that compiles to nothing), except on two small
//! polygons (see [`crate::shape::ConvexHull::is_small_polygon`]): the untraced query answers
//! those with an exact kernel, which has no steps to record, and the traced one with GJK,
//! whose answer agrees within its tolerance. It also fills a list of
//! [`TraceStep`]s, one per support-point evaluation, so `steps.len() == result.iterations`.
//! Each step holds the search direction, the support points on A and B and their difference,
//! what the search made of that point ([`StepOutcome`]), the simplex afterwards with the
//! barycentric weights of its point closest to the origin, that closest point, and the bounds
//! on the distance known at that moment. Everything is in the world frame.
//!
//! Balls, capsules and rounded shapes are searched as their cores (a point, a segment, the inner
//! shape) and their radii (margins) added back at the end: their support points in the trace
//! are points of the cores, while the bounds are those of the shapes themselves.
//!
//! ```
//! use gjk::{shape::ConvexHull, trace::distance_traced, Pose, QueryOptions, Vector};
//!
//! let square = ConvexHull::<2>::new(vec![
//!     Vector::<2>::new(0.0, 0.0), Vector::<2>::new(3.0, 0.0),
//!     Vector::<2>::new(3.0, 3.0), Vector::<2>::new(0.0, 3.0),
//! ]).unwrap();
//! let at = Pose::new_2d(5.0, 1.0, 0.0).unwrap();
//! let mut steps = Vec::new();
//! let r = distance_traced(&square, &Pose::identity(), &square, &at,
//!                         &QueryOptions::default(), &mut steps).unwrap();
//! assert_eq!(steps.len() as u32, r.iterations);
//! for s in &steps {
//!     println!("iteration {}: direction {:?}, simplex {:?}", s.iteration,
//!              s.direction.as_slice(), s.simplex().iter().map(|v| v.w).collect::<Vec<_>>());
//! }
//! assert_eq!(steps.last().unwrap().upper_bound, r.distance);
//! ```

pub mod svg;

use crate::error::QueryError;
pub use crate::gjk::StepOutcome;
use crate::gjk::{distance_observed, DistanceResult, Observer, QueryOptions, Search};
use crate::support::{Pose, Support, SupportPoint, Vector};

/// A vertex of the simplex: a point of `A - B` and the points of A and B it is the difference
/// of, with its barycentric weight in the simplex's point closest to the origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimplexVertex<const D: usize> {
    /// The point of the Minkowski difference, `a - b`.
    pub w: Vector<D>,
    /// The point of A (of its core for rounded shapes).
    pub a: Vector<D>,
    /// The point of B (of its core for rounded shapes).
    pub b: Vector<D>,
    /// Barycentric weight, in (0, 1]; the weights of a simplex sum to 1.
    pub weight: f64,
}

/// One support-point evaluation of a distance query, in the world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TraceStep<const D: usize> {
    /// 1 for the first support point; the last step's is the result's `iterations`.
    pub iteration: u32,
    /// The direction the support point was asked for (not normalized): minus the previous
    /// closest point, or the reversed centre of `A - B` at the start.
    pub direction: Vector<D>,
    /// The support point of A in `direction`.
    pub support_a: Vector<D>,
    /// The support point of B in `-direction`.
    pub support_b: Vector<D>,
    /// `support_a - support_b`: the support point of the Minkowski difference.
    pub support_w: Vector<D>,
    /// What became of the support point.
    pub outcome: StepOutcome,
    simplex: [SimplexVertex<D>; 4],
    simplex_len: usize,
    /// The point of the simplex closest to the origin (of the cores' difference). It is
    /// computed directly, as the origin's projection on the simplex's face; the weights
    /// reproduce it to rounding, or to about 1e-13 of the shapes' size on the sliver simplices
    /// that curved shapes give near convergence.
    pub closest: Vector<D>,
    /// The best certified lower bound on the distance so far.
    pub lower_bound: f64,
    /// The distance as known so far: an upper bound, `|closest|` less the margins.
    pub upper_bound: f64,
}

impl<const D: usize> TraceStep<D> {
    /// The simplex after this step: 1 to `D + 1` vertices with positive weights.
    pub fn simplex(&self) -> &[SimplexVertex<D>] {
        &self.simplex[..self.simplex_len]
    }
}

/// [`crate::distance_with`], also recording each step in `steps` (cleared first). On
/// [`QueryError::NoConvergence`] the steps up to the cap are kept.
pub fn distance_traced<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    options: &QueryOptions,
    steps: &mut Vec<TraceStep<D>>,
) -> Result<DistanceResult<D>, QueryError<DistanceResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    steps.clear();
    let mut recorder = Recorder { pose_a, steps };
    distance_observed(a, pose_a, b, pose_b, options, &mut recorder, None)
}

/// Turns each step of a search (A's frame) into a [`TraceStep`] (world frame).
struct Recorder<'r, const D: usize> {
    pose_a: &'r Pose<D>,
    steps: &'r mut Vec<TraceStep<D>>,
}

impl<const D: usize> Observer<D> for Recorder<'_, D> {
    fn step<K: Copy>(
        &mut self,
        search: &Search<D, K>,
        direction: &Vector<D>,
        support: &SupportPoint<D>,
        outcome: StepOutcome,
    ) {
        let pose = self.pose_a;
        let vertex = |p: &SupportPoint<D>, weight: f64| SimplexVertex {
            w: pose.transform_vector(&p.w),
            a: pose.transform_point(&p.a),
            b: pose.transform_point(&p.b),
            weight,
        };
        let first = vertex(support, 0.0);
        let mut simplex = [first; 4];
        let points = search.simplex().points();
        for ((slot, p), weight) in simplex
            .iter_mut()
            .zip(points)
            .zip(search.simplex().weights())
        {
            *slot = vertex(p, *weight);
        }
        let (lower_bound, upper_bound) = search.bounds();
        self.steps.push(TraceStep {
            iteration: search.iterations(),
            direction: pose.transform_vector(direction),
            support_a: first.a,
            support_b: first.b,
            support_w: first.w,
            outcome,
            simplex,
            simplex_len: points.len(),
            closest: pose.transform_vector(search.closest()),
            lower_bound,
            upper_bound,
        });
    }
}
