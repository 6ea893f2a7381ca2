//! The traced distance query of the C ABI: every support-point evaluation as a plain record.

use crate::ffi::pointers::{optional_array_mut, output};
use crate::ffi::pose::GjkPose;
use crate::ffi::query::{pair_query, to3, write_out, GjkDistanceResult, GjkQueryOptions, Query};
use crate::ffi::shapes::GjkShape;
use crate::ffi::status::{guard, Failure, GjkStatus, GJK_NULL_POINTER};
use crate::trace::{distance_traced, StepOutcome, TraceStep};

/// What a traced step did with its support point (`GjkTraceStep::outcome`).
pub type GjkStepOutcome = i32;

/// The first support point: the simplex is this point alone.
pub const GJK_STEP_STARTED: GjkStepOutcome = 0;
/// Added to the simplex, which was reduced to the face closest to the origin.
pub const GJK_STEP_ADDED: GjkStepOutcome = 1;
/// Already a vertex of the simplex: the search has converged.
pub const GJK_STEP_REPEATED: GjkStepOutcome = 2;
/// The duality gap is within the tolerance (or rounding): the search has converged.
pub const GJK_STEP_GAP_CLOSED: GjkStepOutcome = 3;
/// Adding the point would not bring the simplex nearer the origin: the search ends.
pub const GJK_STEP_NO_PROGRESS: GjkStepOutcome = 4;

/// One support-point evaluation of `gjk_distance_trace`, in the world frame. 2D queries use x
/// and y, with z = 0. For circles, spheres, stadiums and capsules the support points are those
/// of their cores (centre, axis segment): GJK runs on the cores and adds the radii at the end.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GjkTraceStep {
    /// 1 for the first step; the last step's is the result's `iterations`.
    pub iteration: u32,
    /// One of the `GJK_STEP_*` values.
    pub outcome: GjkStepOutcome,
    /// The direction the support point was asked for (not normalized).
    pub direction: [f64; 3],
    /// The support point of A in `direction`.
    pub support_a: [f64; 3],
    /// The support point of B in `-direction`.
    pub support_b: [f64; 3],
    /// `support_a - support_b`, the support point of the Minkowski difference A - B.
    pub support_w: [f64; 3],
    /// How many of the `simplex_*` entries are used: 1 to 4 (1 to 3 in 2D).
    pub simplex_count: u32,
    /// The simplex after this step: its points of A - B.
    pub simplex_w: [[f64; 3]; 4],
    /// The points of A the simplex's points come from.
    pub simplex_a: [[f64; 3]; 4],
    /// The points of B the simplex's points come from.
    pub simplex_b: [[f64; 3]; 4],
    /// Barycentric weights of the simplex's point closest to the origin: positive, sum 1.
    pub weights: [f64; 4],
    /// The simplex's point closest to the origin.
    pub closest: [f64; 3],
    /// The best certified lower bound on the distance so far.
    pub lower_bound: f64,
    /// The distance as known so far (an upper bound).
    pub upper_bound: f64,
}

impl<const D: usize> From<&TraceStep<D>> for GjkTraceStep {
    fn from(s: &TraceStep<D>) -> Self {
        let mut out = Self {
            iteration: s.iteration,
            outcome: match s.outcome {
                StepOutcome::Started => GJK_STEP_STARTED,
                StepOutcome::Added => GJK_STEP_ADDED,
                StepOutcome::Repeated => GJK_STEP_REPEATED,
                StepOutcome::GapClosed => GJK_STEP_GAP_CLOSED,
                StepOutcome::NoProgress => GJK_STEP_NO_PROGRESS,
            },
            direction: to3(&s.direction),
            support_a: to3(&s.support_a),
            support_b: to3(&s.support_b),
            support_w: to3(&s.support_w),
            simplex_count: s.simplex().len() as u32,
            closest: to3(&s.closest),
            lower_bound: s.lower_bound,
            upper_bound: s.upper_bound,
            ..Self::default()
        };
        for (i, v) in s.simplex().iter().enumerate() {
            out.simplex_w[i] = to3(&v.w);
            out.simplex_a[i] = to3(&v.a);
            out.simplex_b[i] = to3(&v.b);
            out.weights[i] = v.weight;
        }
        out
    }
}

/// The traced distance query: the result, and the first steps copied into `steps`.
struct TracedDistance<'o> {
    /// Empty when the caller gave none (see `optional_array`).
    steps: &'o mut [GjkTraceStep],
    step_count: &'o mut usize,
}

pair_query!(TracedDistance<'_> => GjkDistanceResult, |traced, pair, out| {
    let mut trace = Vec::new();
    let outcome = distance_traced(
        pair.a,
        pair.pose_a,
        pair.b,
        pair.pose_b,
        pair.options,
        &mut trace,
    );
    *traced.step_count = trace.len();
    for (slot, step) in traced.steps.iter_mut().zip(&trace) {
        *slot = step.into();
    }
    write_out(outcome, out)
});

/// `gjk_distance_ex`, also recording each support-point evaluation: the first `capacity`
/// steps are written to `steps` and `*step_count` is set to the number of steps the query
/// made (equal to `out->iterations`; more than `capacity` means the trace was cut short, as
/// with snprintf). `steps` may be NULL only when `capacity` is 0. The answer is exactly
/// `gjk_distance_ex`'s, except on two small polygons (2D, 3 to 8 vertices each), which
/// `gjk_distance_ex` answers with an exact kernel that has no steps, and this function with
/// GJK: the two agree within the tolerance. `*out`, `*step_count` and the steps are written
/// on success and on `GJK_NO_CONVERGENCE` (the steps up to the cap).
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call; `steps` must hold
/// `capacity` writable records.
#[no_mangle]
pub unsafe extern "C" fn gjk_distance_trace(
    a: *const GjkShape,
    pose_a: *const GjkPose,
    b: *const GjkShape,
    pose_b: *const GjkPose,
    options: *const GjkQueryOptions,
    out: *mut GjkDistanceResult,
    steps: *mut GjkTraceStep,
    capacity: usize,
    step_count: *mut usize,
) -> GjkStatus {
    guard(|| {
        let out = output(out, "out")?;
        let step_count = output(step_count, "step_count")?;
        if steps.is_null() && capacity > 0 {
            return Err(Failure::new(
                GJK_NULL_POINTER,
                format!("steps is NULL but capacity is {capacity}"),
            ));
        }
        let steps = optional_array_mut(steps, capacity, "steps")?;
        let query = Query::new(a, pose_a, b, pose_b, options)?;
        query.dispatch(TracedDistance { steps, step_count }, out)
    })
}
