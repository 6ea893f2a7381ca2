//! The queries on one pair of shapes (and the ray cast on one shape): each reads its poses,
//! options and arguments from the block, runs the library's query of the shapes' dimension,
//! writes the answer to the block and returns a status.
//!
//! Answers at [`io::OUT`] (vectors as three numbers, z = 0 in 2D):
//! - distance: distance, lower bound, verdict (1: intersecting, + 2: a tolerance call),
//!   iterations, point A, point B, normal;
//! - intersect: 0/1;
//! - penetration: signed distance, intersecting, iterations, point A, point B, normal;
//! - contact manifold: count, normal, then per point: point A, point B, separation;
//! - ray cast (arguments: origin, direction, max t): hit, t, point, normal, iterations,
//!   started inside;
//! - shape cast (arguments: velocity A, velocity B, max t, target separation): hit, t,
//!   point A, point B, normal, signed distance, iterations.
//!
//! A query that reaches its iteration cap returns [`Status::NoConvergence`] with its best
//! answer written (a cast: t = the time up to which it is known there is no contact).

use gjk::ffi::GjkPose;
use gjk::shape::{watched, Shape as Kind};
use gjk::trace::{distance_traced, StepOutcome, TraceStep};
use gjk::{
    contact_manifold, distance_cached, distance_with, intersect_cached, intersect_with,
    penetration_with, shape_cast_with, CastError, CastHit, CastOptions, ContactManifold,
    DistanceResult, PenetrationResult, Pose, QueryError, QueryOptions, Vector,
};
use wasm_bindgen::prelude::*;

use crate::io::{self, Placement};
use crate::shapes::{AnyShape, Shape};
use crate::status::{invalid, report, Status};

/// A failure: its status and message.
pub type Failure = (Status, String);

/// A query on a pair, and the state it carries (a cache, the trace's steps).
pub enum PairQuery<'q> {
    /// The distance query.
    Distance,
    /// The boolean query.
    Intersect,
    /// The distance or boolean query warm-started from a cache, which it updates.
    Cached {
        cache: &'q mut SimplexCache,
        boolean: bool,
    },
    /// The penetration query (EPA when the shapes overlap).
    Penetration,
    /// The contact manifold within the margin in the block's first argument.
    Manifold,
    /// The shape cast with the block's velocities, limit and target separation.
    ShapeCast,
    /// The search traced, step by step, into `steps` (see [`TRACE_STRIDE`]).
    Trace { steps: &'q mut Vec<f64> },
}

impl PairQuery<'_> {
    /// Runs on `a` placed by `pose_a` and `b` by `pose_b`, writing the answer to the block.
    fn run<const D: usize>(
        self,
        a: &Kind<D>,
        pose_a: &Pose<D>,
        b: &Kind<D>,
        pose_b: &Pose<D>,
    ) -> Result<(), Failure>
    where
        Pose<D>: Placement,
    {
        let options = io::options();
        let distance = |r: &DistanceResult<D>| put_distance(io::OUT, r);
        let verdict = |hit: &bool| io::set(io::OUT, f64::from(u8::from(*hit)));
        let best = |r: &DistanceResult<D>| put_distance(io::OUT + 1, r);
        match self {
            PairQuery::Distance => written(
                distance_with(a, pose_a, b, pose_b, &options),
                distance,
                distance,
            ),
            PairQuery::Intersect => written(
                intersect_with(a, pose_a, b, pose_b, &options),
                verdict,
                best,
            ),
            PairQuery::Cached { cache, boolean } => {
                let cache = cache.of_dimension::<D>();
                if boolean {
                    let outcome = intersect_cached(a, pose_a, b, pose_b, &options, cache);
                    written(outcome, verdict, best)
                } else {
                    let outcome = distance_cached(a, pose_a, b, pose_b, &options, cache);
                    written(outcome, distance, distance)
                }
            }
            PairQuery::Penetration => {
                let outcome = penetration_with(a, pose_a, b, pose_b, &options);
                written(outcome, put_penetration, put_penetration)
            }
            PairQuery::Manifold => {
                let outcome = contact_manifold(a, pose_a, b, pose_b, io::get(io::ARGS));
                written(outcome, put_manifold, put_manifold)
            }
            PairQuery::ShapeCast => shape_cast(a, pose_a, b, pose_b, options),
            PairQuery::Trace { steps } => {
                let mut traced = Vec::new();
                let outcome = distance_traced(a, pose_a, b, pose_b, &options, &mut traced);
                for step in &traced {
                    flatten_step(step, steps);
                }
                written(outcome, distance, distance)
            }
        }
    }
}

/// Runs `query` on the pair with the block's poses.
fn on_pair(a: &Shape, b: &Shape, query: PairQuery) -> u32 {
    report(on_placed_pair(
        a,
        b,
        &io::gjk_pose(io::POSE_A),
        &io::gjk_pose(io::POSE_B),
        query,
    ))
}

/// Runs `query` on `a` placed by `pose_a` and `b` by `pose_b`, watched when a shape calls
/// JavaScript.
pub fn on_placed_pair(
    a: &Shape,
    b: &Shape,
    pose_a: &GjkPose,
    pose_b: &GjkPose,
    query: PairQuery,
) -> Result<(), Failure> {
    crate::callback::clear_support_error();
    let watch = a.inner.calls_back() || b.inner.calls_back();
    match (&*a.inner, &*b.inner) {
        (AnyShape::Planar(a), AnyShape::Planar(b)) => placed(a, b, pose_a, pose_b, watch, query),
        (AnyShape::Spatial(a), AnyShape::Spatial(b)) => placed(a, b, pose_a, pose_b, watch, query),
        (a, b) => Err(mismatch(a.dimension(), b.dimension())),
    }
}

/// The failure of a query on shapes of dimensions `a` and `b`.
pub fn mismatch(a: usize, b: usize) -> Failure {
    (
        Status::DimensionMismatch,
        format!("shape a is {a}D and shape b is {b}D: a query takes two shapes of one dimension"),
    )
}

/// [`on_placed_pair`] once the dimension is known.
fn placed<const D: usize>(
    a: &Kind<D>,
    b: &Kind<D>,
    pose_a: &GjkPose,
    pose_b: &GjkPose,
    watch: bool,
    query: PairQuery,
) -> Result<(), Failure>
where
    Pose<D>: Placement,
{
    let pose_a = Pose::<D>::convert(pose_a, "pose_a").map_err(|m| (Status::InvalidArgument, m))?;
    let pose_b = Pose::<D>::convert(pose_b, "pose_b").map_err(|m| (Status::InvalidArgument, m))?;
    if !watch {
        return query.run(a, &pose_a, b, &pose_b);
    }
    watched(|| query.run(a, &pose_a, b, &pose_b))
        .map_err(|e| (Status::SupportFunction, e.to_string()))?
}

/// A query error as the block's answer (the best one for no convergence) and a failure.
fn failed<R>(error: QueryError<R>, write: impl FnOnce(&R)) -> Failure {
    let message = error.to_string();
    match error {
        QueryError::NoConvergence(best) => {
            write(&best);
            (Status::NoConvergence, message)
        }
        _ => (Status::InvalidArgument, message),
    }
}

/// A query's outcome written to the block.
fn written<T, R>(
    outcome: Result<T, QueryError<R>>,
    write: impl FnOnce(&T),
    write_best: impl FnOnce(&R),
) -> Result<(), Failure> {
    match outcome {
        Ok(answer) => {
            write(&answer);
            Ok(())
        }
        Err(e) => Err(failed(e, write_best)),
    }
}

/// Writes a distance result at `start`.
fn put_distance<const D: usize>(start: usize, r: &DistanceResult<D>) {
    io::put(
        start,
        &[
            r.distance,
            r.lower_bound,
            verdict_flags(r),
            f64::from(r.iterations),
        ],
    );
    io::put_vector(start + 4, &r.point_a);
    io::put_vector(start + 7, &r.point_b);
    io::put_vector(start + 10, &r.normal);
}

/// A distance result's verdict as one number: 1 when the shapes intersect, plus 2 when that
/// verdict (either way) is a call within the touching tolerance rather than a proof.
pub(crate) fn verdict_flags<const D: usize>(r: &DistanceResult<D>) -> f64 {
    f64::from(u8::from(r.intersecting) | (u8::from(r.tolerance_call) << 1))
}

/// Writes a penetration result to the block.
fn put_penetration<const D: usize>(r: &PenetrationResult<D>) {
    io::put(
        io::OUT,
        &[
            r.signed_distance,
            f64::from(u8::from(r.intersecting)),
            f64::from(r.iterations),
        ],
    );
    io::put_vector(io::OUT + 3, &r.point_a);
    io::put_vector(io::OUT + 6, &r.point_b);
    io::put_vector(io::OUT + 9, &r.normal);
}

/// Writes a contact manifold to the block.
fn put_manifold<const D: usize>(m: &ContactManifold<D>) {
    io::set(io::OUT, m.points.len() as f64);
    io::put_vector(io::OUT + 1, &m.normal);
    for (k, p) in m.points.iter().enumerate() {
        let at = io::OUT + 4 + 7 * k;
        io::put_vector(at, &p.point_a);
        io::put_vector(at + 3, &p.point_b);
        io::set(at + 6, p.separation);
    }
}

/// Writes a cast's outcome with `hit` writing a hit, a miss as hit = 0, or the time bound of
/// one that did not converge.
fn put_cast<H>(outcome: Result<Option<H>, CastError>, hit: impl FnOnce(&H)) -> Result<(), Failure> {
    match outcome {
        Ok(Some(h)) => {
            io::set(io::OUT, 1.0);
            hit(&h);
            Ok(())
        }
        Ok(None) => {
            io::put(io::OUT, &[0.0, 0.0]);
            Ok(())
        }
        Err(e) => {
            let message = e.to_string();
            match e {
                CastError::NoConvergence { time_bound } | CastError::BeyondRange { time_bound } => {
                    io::put(io::OUT, &[0.0, time_bound]);
                    Err((Status::NoConvergence, message))
                }
                CastError::InvalidArgument(_) | CastError::NonFiniteSupport => {
                    Err(invalid(message))
                }
            }
        }
    }
}

/// The shape cast with the block's velocities, limit and target separation.
fn shape_cast<const D: usize>(
    a: &Kind<D>,
    pose_a: &Pose<D>,
    b: &Kind<D>,
    pose_b: &Pose<D>,
    query: QueryOptions,
) -> Result<(), Failure> {
    let options = CastOptions {
        max_t: io::get(io::ARGS + 6),
        target_separation: io::get(io::ARGS + 7),
        query,
    };
    let (velocity_a, velocity_b) = (io::vector::<D>(io::ARGS), io::vector::<D>(io::ARGS + 3));
    let outcome = shape_cast_with(a, pose_a, &velocity_a, b, pose_b, &velocity_b, &options);
    put_cast(outcome, |h: &CastHit<D>| {
        io::set(io::OUT + 1, h.t);
        io::put_vector(io::OUT + 2, &h.point_a);
        io::put_vector(io::OUT + 5, &h.point_b);
        io::put_vector(io::OUT + 8, &h.normal);
        io::put(io::OUT + 11, &[h.signed_distance, f64::from(h.iterations)]);
    })
}

/// The numbers of one trace step: iteration, outcome, direction, support points of A, B and
/// A - B, closest point, lower and upper bounds, vertex count, then four vertices (w, a, b,
/// weight; unused ones zero).
pub const TRACE_STRIDE: usize = 60;

/// Appends `step`'s numbers to `out`.
fn flatten_step<const D: usize>(step: &TraceStep<D>, out: &mut Vec<f64>) {
    let xyz = |v: &Vector<D>| [0, 1, 2].map(|i| if i < D { v[i] } else { 0.0 });
    let outcome = match step.outcome {
        StepOutcome::Started => 0.0,
        StepOutcome::Added => 1.0,
        StepOutcome::Repeated => 2.0,
        StepOutcome::GapClosed => 3.0,
        StepOutcome::NoProgress => 4.0,
    };
    let start = out.len();
    out.extend([f64::from(step.iteration), outcome]);
    for v in [
        &step.direction,
        &step.support_a,
        &step.support_b,
        &step.support_w,
        &step.closest,
    ] {
        out.extend(xyz(v));
    }
    let simplex = step.simplex();
    out.extend([step.lower_bound, step.upper_bound, simplex.len() as f64]);
    for vertex in simplex {
        out.extend(xyz(&vertex.w));
        out.extend(xyz(&vertex.a));
        out.extend(xyz(&vertex.b));
        out.push(vertex.weight);
    }
    out.resize(start + TRACE_STRIDE, 0.0);
}

/// A pair's warm start: the simplex the last query on it ended with, of either dimension.
#[wasm_bindgen]
#[derive(Default)]
pub struct SimplexCache {
    planar: gjk::SimplexCache<2>,
    spatial: gjk::SimplexCache<3>,
}

#[wasm_bindgen]
impl SimplexCache {
    /// An empty cache: the first query on it starts cold.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets the simplex: the next query starts cold.
    pub fn clear(&mut self) {
        self.planar.clear();
        self.spatial.clear();
    }
}

impl SimplexCache {
    /// The cache of dimension `D`.
    fn of_dimension<const D: usize>(&mut self) -> &mut gjk::SimplexCache<D> {
        let cache: &mut dyn std::any::Any = if D == 2 {
            &mut self.planar
        } else {
            &mut self.spatial
        };
        cache
            .downcast_mut()
            .expect("a cache of each dimension the library has")
    }
}

/// The distance between `a` and `b` (see the module notes for the block's layout).
#[wasm_bindgen]
pub fn distance(a: &Shape, b: &Shape) -> u32 {
    on_pair(a, b, PairQuery::Distance)
}

/// Whether `a` and `b` intersect: 1 or 0 at the answer.
#[wasm_bindgen]
pub fn intersect(a: &Shape, b: &Shape) -> u32 {
    on_pair(a, b, PairQuery::Intersect)
}

/// [`distance`] warm-started from `cache`, which it updates.
#[wasm_bindgen(js_name = distanceCached)]
pub fn distance_cached_query(a: &Shape, b: &Shape, cache: &mut SimplexCache) -> u32 {
    on_pair(
        a,
        b,
        PairQuery::Cached {
            cache,
            boolean: false,
        },
    )
}

/// [`intersect`] warm-started from `cache`, which it updates.
#[wasm_bindgen(js_name = intersectCached)]
pub fn intersect_cached_query(a: &Shape, b: &Shape, cache: &mut SimplexCache) -> u32 {
    on_pair(
        a,
        b,
        PairQuery::Cached {
            cache,
            boolean: true,
        },
    )
}

/// The signed distance, witness points and normal of `a` and `b`, overlapping or not.
#[wasm_bindgen]
pub fn penetration(a: &Shape, b: &Shape) -> u32 {
    on_pair(a, b, PairQuery::Penetration)
}

/// The contact points of `a` and `b` within the margin in the first argument.
#[wasm_bindgen(js_name = contactManifold)]
pub fn contact_manifold_query(a: &Shape, b: &Shape) -> u32 {
    on_pair(a, b, PairQuery::Manifold)
}

/// The first contact of `a` and `b` moving with the block's velocities.
#[wasm_bindgen(js_name = shapeCast)]
pub fn shape_cast_query(a: &Shape, b: &Shape) -> u32 {
    on_pair(a, b, PairQuery::ShapeCast)
}

/// The distance search of `a` and `b` step by step: [`TRACE_STRIDE`] numbers a step, the
/// result at the block's answer and the status as the last number.
#[wasm_bindgen(js_name = distanceTrace)]
pub fn distance_trace(a: &Shape, b: &Shape) -> Vec<f64> {
    let mut steps = Vec::new();
    let status = on_pair(a, b, PairQuery::Trace { steps: &mut steps });
    steps.push(f64::from(status));
    steps
}

/// The first hit of the block's ray (origin, direction, max t) on `shape` placed by pose A.
#[wasm_bindgen(js_name = rayCast)]
pub fn ray_cast_query(shape: &Shape) -> u32 {
    crate::callback::clear_support_error();
    let run = || match &*shape.inner {
        AnyShape::Planar(s) => ray::<2>(s),
        AnyShape::Spatial(s) => ray::<3>(s),
    };
    report(if shape.inner.calls_back() {
        watched(run)
            .map_err(|e| (Status::SupportFunction, e.to_string()))
            .and_then(|r| r)
    } else {
        run()
    })
}

/// [`ray_cast_query`] once the dimension is known.
fn ray<const D: usize>(shape: &Kind<D>) -> Result<(), Failure>
where
    Pose<D>: Placement,
{
    let pose = Pose::<D>::read(io::POSE_A, "pose").map_err(|m| (Status::InvalidArgument, m))?;
    let (origin, direction) = (io::vector::<D>(io::ARGS), io::vector::<D>(io::ARGS + 3));
    // The shape's own ray cast, as the C ABI's: closed forms for balls, boxes and capsules.
    let outcome = shape.ray_cast(
        &pose,
        &origin,
        &direction,
        io::get(io::ARGS + 6),
        &io::options(),
    );
    put_cast(outcome, |h| {
        io::set(io::OUT + 1, h.t);
        io::put_vector(io::OUT + 2, &h.point);
        io::put_vector(io::OUT + 5, &h.normal);
        io::put(
            io::OUT + 8,
            &[
                f64::from(h.iterations),
                f64::from(u8::from(h.started_inside)),
            ],
        );
    })
}
