//! The pair queries of the C ABI (intersection, distance, penetration) and the dispatcher that
//! every export on a pair of shapes runs through ([`Query::dispatch`]).

use crate::epa::{penetration_with, PenetrationResult};
use crate::error::QueryError;
use crate::ffi::callback::checked;
use crate::ffi::pointers::{input, optional, output};
use crate::ffi::pose::{FromGjkPose, GjkPose};
use crate::ffi::shapes::{same_dimension, GjkShape};
use crate::ffi::status::{
    guard, guard_value, Failure, GjkStatus, GJK_INVALID_ARGUMENT, GJK_NO_CONVERGENCE,
};
use crate::gjk::{distance_with, intersect_with, DistanceResult, QueryOptions};
use crate::shape::{as_concrete_pair, Shape};
use crate::support::{Pose, Support, Vector};

/// The answer of `gjk_distance`, in the world frame. 2D results use x and y, with z = 0.
///
/// The certificate: lower_bound <= exact distance <= distance for every valid input, every
/// rounding included (distance rounded up, and exact wherever the exact distance is a double
/// the library can reach exactly; lower_bound rounded down). The exact distance is that of the
/// shapes as given, B placed in A's frame by the library's own transform: each point p of B at
/// R p + t rounded to double, with R = R_a^T R_b and t = R_a^T (t_b - t_a), the difference of
/// the translations taken first (R = R_b and t = t_b - t_a when A is not rotated: NULL and
/// translation-only poses move B's points by t_b - t_a alone). For curved surfaces (ellipses,
/// ellipsoids, cylinders, cones) the interval also spans the few ulps of their extent by which
/// their support points are rounded; a callback shape's points are taken as the shape's.
/// distance == 0 proves that the shapes overlap or touch, lower_bound > 0 that they are apart;
/// a verdict within the touching tolerance without such a proof sets tolerance_call.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GjkDistanceResult {
    /// The distance, rounded up: never below the exact distance. 0 when the shapes are proven
    /// to overlap or touch; shapes within rounding of touching are called intersecting with
    /// this upper bound instead (see `tolerance_call`).
    pub distance: f64,
    /// Closest point on A (when intersecting: a point common to both shapes).
    pub point_a: [f64; 3],
    /// Closest point on B.
    pub point_b: [f64; 3],
    /// Unit vector from A towards B; any unit vector when the shapes intersect.
    pub normal: [f64; 3],
    /// Certified: lower_bound <= exact distance <= distance, rounding included.
    pub lower_bound: f64,
    /// Support-point evaluations made; 0 for two polygons of 3 to 8 vertices in 2D (hulls
    /// whose query needs neither a trace nor a warm start), which an exact kernel answers
    /// without a search.
    pub iterations: u32,
    /// Whether the shapes overlap or touch (shapes are closed sets: touching intersects).
    pub intersecting: bool,
    /// Whether `intersecting` is a call within the touching tolerance rather than a proof:
    /// intersecting with a distance above 0, or apart with a lower bound of 0. Either way the
    /// exact distance lies in [lower_bound, distance]. (In the struct's former padding: the
    /// layout is unchanged.)
    pub tolerance_call: bool,
}

/// The answer of `gjk_penetration`, in the world frame. 2D results use x and y, with z = 0.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GjkPenetrationResult {
    /// Below 0: minus the penetration depth (the shortest translation that separates the
    /// shapes). From 0 up: the distance (0 when touching). Continuous across touching.
    pub signed_distance: f64,
    /// The deepest point of A inside B, or the point of A closest to B.
    pub point_a: [f64; 3],
    /// The deepest point of B inside A, or the point of B closest to A.
    pub point_b: [f64; 3],
    /// Unit vector from A towards B: translating B by -signed_distance * normal makes the
    /// shapes touch.
    pub normal: [f64; 3],
    /// Support-point evaluations made (GJK and EPA together); 0 for two polygons of 3 to 8
    /// vertices in 2D, which an exact kernel answers.
    pub iterations: u32,
    /// Whether the shapes overlap or touch.
    pub intersecting: bool,
}

/// Settings of a query; start from `gjk_query_options_default()`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GjkQueryOptions {
    /// Stop when the distance is known within this fraction of itself; in [0, 1). Default
    /// 1e-12. Polytopes usually converge exactly before. 0 asks for the best f64 can do.
    pub relative_tolerance: f64,
    /// The most support-point evaluations; at least 1. Default 128: at the defaults every
    /// query on valid input converges (curved penetration included), and GJK_NO_CONVERGENCE
    /// means a cap the caller set, or coordinates so much larger than the shapes' features
    /// that rounding stops the search (the result then brackets the answer).
    pub max_iterations: u32,
    /// Exact mode, honoured by gjk_distance_ex, gjk_intersect_ex and their batch forms; default
    /// false. Both shapes must be point sets, possibly rounded (polygons, polytopes, boxes,
    /// segments, points, circles, spheres, stadiums, capsules, and such shapes rounded by a
    /// radius); others get GJK_INVALID_ARGUMENT naming `exact`. The verdict is then exact for the
    /// shapes as placed (see GjkDistanceResult; for the caller's own coordinates when the poses
    /// are NULL or translations whose sums are exact): touching at exactly zero distance
    /// intersects, any positive gap is apart, never a tolerance call. Near touching (closer
    /// than 2^-16 of the larger shape's extent), or where the float interval leaves the verdict
    /// open or is wider than 2^-30 of the distance, the answer is recomputed in exact integer
    /// arithmetic: [lower_bound, distance] are the adjacent doubles around the exact distance
    /// (equal when it is a double). Elsewhere the default answer, at the default's cost.
    /// Any byte other than 0 is true, as C converts to bool.
    pub exact: GjkInBool,
}

/// A C `bool` the library reads from the caller: one byte, read as a byte (the header writes
/// it `bool`). A Rust `bool` holding any other value than 0 or 1 is undefined behaviour, and a
/// caller's struct may hold one: uninitialised, filled by `memset`, or built against an older
/// header, where `exact` was padding.
pub type GjkInBool = u8;

impl From<QueryOptions> for GjkQueryOptions {
    fn from(o: QueryOptions) -> Self {
        Self {
            relative_tolerance: o.relative_tolerance,
            max_iterations: o.max_iterations,
            exact: GjkInBool::from(o.exact),
        }
    }
}

impl From<GjkQueryOptions> for QueryOptions {
    fn from(o: GjkQueryOptions) -> Self {
        Self {
            relative_tolerance: o.relative_tolerance,
            max_iterations: o.max_iterations,
            exact: o.exact != 0,
        }
    }
}

/// The default options.
#[no_mangle]
pub extern "C" fn gjk_query_options_default() -> GjkQueryOptions {
    let defaults = QueryOptions::default().into();
    guard_value(defaults, || defaults)
}

/// The three coordinates the C structs hold for a vector of dimension `D` (z = 0 in 2D).
pub(super) fn to3<const D: usize>(v: &Vector<D>) -> [f64; 3] {
    let mut out = [0.0; 3];
    out[..D].copy_from_slice(v.as_slice());
    out
}

impl<const D: usize> From<&DistanceResult<D>> for GjkDistanceResult {
    fn from(r: &DistanceResult<D>) -> Self {
        Self {
            distance: r.distance,
            point_a: to3(&r.point_a),
            point_b: to3(&r.point_b),
            normal: to3(&r.normal),
            lower_bound: r.lower_bound,
            iterations: r.iterations,
            intersecting: r.intersecting,
            tolerance_call: r.tolerance_call,
        }
    }
}

impl<const D: usize> From<&PenetrationResult<D>> for GjkPenetrationResult {
    fn from(r: &PenetrationResult<D>) -> Self {
        Self {
            signed_distance: r.signed_distance,
            point_a: to3(&r.point_a),
            point_b: to3(&r.point_b),
            normal: to3(&r.normal),
            iterations: r.iterations,
            intersecting: r.intersecting,
        }
    }
}

/// The status and message of a failed query.
pub(super) fn query_failure<R>(e: QueryError<R>) -> Failure {
    let status = match e {
        QueryError::NoConvergence(_) => GJK_NO_CONVERGENCE,
        QueryError::InvalidOptions(_)
        | QueryError::NonFiniteSupport
        | QueryError::OutOfRange(_) => GJK_INVALID_ARGUMENT,
    };
    Failure::new(status, e.to_string())
}

/// The options at `options` (NULL: the defaults), as given: the queries validate them.
///
/// # Safety
/// `options` must be NULL or valid for reading.
#[inline]
pub(super) unsafe fn options_at(options: *const GjkQueryOptions) -> Result<QueryOptions, Failure> {
    Ok(optional(options, "options")?
        .map(|o| QueryOptions::from(*o))
        .unwrap_or_default())
}

/// The arguments every query takes, validated.
pub(super) struct Query<'a> {
    a: &'a GjkShape,
    pose_a: Option<&'a GjkPose>,
    b: &'a GjkShape,
    pose_b: Option<&'a GjkPose>,
    options: QueryOptions,
}

impl<'a> Query<'a> {
    /// # Safety
    /// Each pointer must be NULL or valid for its type during the call.
    #[inline]
    pub(super) unsafe fn new(
        a: *const GjkShape,
        pose_a: *const GjkPose,
        b: *const GjkShape,
        pose_b: *const GjkPose,
        options: *const GjkQueryOptions,
    ) -> Result<Self, Failure> {
        Ok(Self::of(
            input(a, "shape a")?,
            optional(pose_a, "pose_a")?,
            input(b, "shape b")?,
            optional(pose_b, "pose_b")?,
            options_at(options)?,
        ))
    }

    /// The query on arguments already read (a pair of a batch).
    #[inline]
    pub(super) fn of(
        a: &'a GjkShape,
        pose_a: Option<&'a GjkPose>,
        b: &'a GjkShape,
        pose_b: Option<&'a GjkPose>,
        options: QueryOptions,
    ) -> Self {
        Self {
            a,
            pose_a,
            b,
            pose_b,
            options,
        }
    }

    /// Runs `query` on the two shapes, its answer written to `out`: the one dispatcher of every
    /// query on a pair (single, warm-started, traced, batched, manifold, shape cast). Both
    /// shapes must have one dimension (`GJK_DIMENSION_MISMATCH` otherwise), then both poses are
    /// placed (`pose_a` first), then the two kinds are matched, once. A query on a shape that
    /// calls back is watched for the callback's wrong answers (see `ffi::callback::checked`).
    /// Always inlined, with [`Query::posed`]: called apart (once per query type), the
    /// arguments went through memory, 22 instructions more per query through the C ABI.
    #[inline(always)]
    pub(super) fn dispatch<Q: PairQuery>(&self, query: Q, out: &mut Q::Out) -> Result<(), Failure> {
        same_dimension!(&self.a.shape, &self.b.shape, |a, b| self
            .posed(a, b, query, out))?
    }

    /// [`Query::dispatch`] in dimension `D`: the poses placed, then the query.
    #[inline(always)]
    fn posed<const D: usize, Q: PairQuery>(
        &self,
        a: &Shape<D>,
        b: &Shape<D>,
        query: Q,
        out: &mut Q::Out,
    ) -> Result<(), Failure>
    where
        Pose<D>: FromGjkPose,
    {
        let (mut slot_a, mut slot_b) = (None, None);
        let pose_a = Pose::<D>::placed(self.pose_a, "pose_a", &mut slot_a)?;
        let pose_b = Pose::<D>::placed(self.pose_b, "pose_b", &mut slot_b)?;
        // The kinds are matched here, before the query (which matches them too: see
        // `shape::as_concrete`), so that the concrete query's result is written straight to
        // the caller's struct; matched inside the query only, it went through one more copy.
        let options = &self.options;
        if a.calls_back() || b.calls_back() {
            return watched_call(a, pose_a, b, pose_b, options, query, out);
        }
        concrete_call(a, pose_a, b, pose_b, options, query, out)
    }
}

/// `query` on the pair, the kinds matched once (see `shape::as_concrete`).
#[inline(always)]
fn concrete_call<const D: usize, Q: PairQuery>(
    a: &Shape<D>,
    pose_a: &Pose<D>,
    b: &Shape<D>,
    pose_b: &Pose<D>,
    options: &QueryOptions,
    query: Q,
    out: &mut Q::Out,
) -> Result<(), Failure> {
    as_concrete_pair!(a, b, a, b => query.write(Posed {
        a,
        pose_a,
        b,
        pose_b,
        options,
    }, out))
}

/// [`concrete_call`] watched for a support callback's wrong answers (see
/// `ffi::callback::checked`). Apart and cold: inside the common path, the watch cost the
/// other shapes' queries too.
#[cold]
#[inline(never)]
fn watched_call<const D: usize, Q: PairQuery>(
    a: &Shape<D>,
    pose_a: &Pose<D>,
    b: &Shape<D>,
    pose_b: &Pose<D>,
    options: &QueryOptions,
    query: Q,
    out: &mut Q::Out,
) -> Result<(), Failure> {
    checked(true, || {
        concrete_call(a, pose_a, b, pose_b, options, query, out)
    })
}

/// Two shapes of one dimension placed by their poses, and the query's options: what
/// [`Query::dispatch`] hands a [`PairQuery`].
pub(super) struct Posed<'p, const D: usize, A, B> {
    pub(super) a: &'p A,
    pub(super) pose_a: &'p Pose<D>,
    pub(super) b: &'p B,
    pub(super) pose_b: &'p Pose<D>,
    pub(super) options: &'p QueryOptions,
}

impl<const D: usize, A: Support<D>, B: Support<D>> Posed<'_, D, A, B> {
    /// `gjk::distance_with` on the pair.
    #[inline(always)]
    pub(super) fn distance(&self) -> Result<DistanceResult<D>, QueryError<DistanceResult<D>>> {
        distance_with(self.a, self.pose_a, self.b, self.pose_b, self.options)
    }

    /// `gjk::intersect_with` on the pair.
    #[inline(always)]
    pub(super) fn intersect(&self) -> Result<bool, QueryError<DistanceResult<D>>> {
        intersect_with(self.a, self.pose_a, self.b, self.pose_b, self.options)
    }

    /// `gjk::penetration_with` on the pair.
    #[inline(always)]
    pub(super) fn penetration(
        &self,
    ) -> Result<PenetrationResult<D>, QueryError<PenetrationResult<D>>> {
        penetration_with(self.a, self.pose_a, self.b, self.pose_b, self.options)
    }
}

/// A query on a pair, generic over the dimension and the shape types (a closure cannot be
/// generic), run by [`Query::dispatch`]: it carries what the query needs besides the pair (a
/// cache, a margin, velocities) and writes its answer to the caller's `Out`. Implemented
/// through [`pair_query!`].
pub(super) trait PairQuery {
    /// The C type the answer is written to.
    type Out;

    /// The query on `pair`, its answer written to `out`.
    fn write<const D: usize, A: Support<D>, B: Support<D>>(
        self,
        pair: Posed<D, A, B>,
        out: &mut Self::Out,
    ) -> Result<(), Failure>;
}

/// Implements [`PairQuery`] for `$query` writing an `$out`: `$body`, with `$q` bound to the
/// query, `$pair` to the [`Posed`] pair and `$o` to the output. A macro because the method is
/// generic over the dimension and the two shape types, which a closure cannot be: written out,
/// each query repeated the same six lines of signature.
macro_rules! pair_query {
    ($query:ty => $out:ty, |$q:pat_param, $pair:ident, $o:ident| $body:expr) => {
        impl $crate::ffi::query::PairQuery for $query {
            type Out = $out;

            fn write<const D: usize, A, B>(
                self,
                $pair: $crate::ffi::query::Posed<D, A, B>,
                $o: &mut $out,
            ) -> Result<(), $crate::ffi::status::Failure>
            where
                A: $crate::support::Support<D>,
                B: $crate::support::Support<D>,
            {
                let $q = self;
                $body
            }
        }
    };
}
pub(super) use pair_query;

/// The boolean query of `gjk_intersect_ex` and `gjk_intersect_batch`: written on success only.
#[derive(Clone, Copy)]
pub(super) struct Intersect;

pair_query!(Intersect => bool, |_, pair, out| {
    *out = pair.intersect().map_err(query_failure)?;
    Ok(())
});

/// Writes a query's result to `out`, also the best answer of a search that hit the iteration
/// cap (its bounds stay valid), which then fails with GJK_NO_CONVERGENCE. Always inlined:
/// called apart, the search's result was copied to the stack, handed over, and copied again.
#[inline(always)]
pub(super) fn write_out<R, Out>(
    outcome: Result<R, QueryError<R>>,
    out: &mut Out,
) -> Result<(), Failure>
where
    for<'r> Out: From<&'r R>,
{
    match outcome {
        Ok(r) => {
            *out = (&r).into();
            Ok(())
        }
        Err(QueryError::NoConvergence(best)) => {
            *out = (&*best).into();
            Err(query_failure(QueryError::NoConvergence(best)))
        }
        Err(e) => Err(query_failure(e)),
    }
}

/// The distance query of `gjk_distance_ex` and `gjk_distance_batch`, written out even when
/// the iteration cap was hit.
#[derive(Clone, Copy)]
pub(super) struct Distance;

pair_query!(Distance => GjkDistanceResult, |_, pair, out| write_out(pair.distance(), out));

/// The penetration query of `gjk_penetration_ex` and `gjk_penetration_batch`, written out
/// even when the iteration cap was hit.
#[derive(Clone, Copy)]
pub(super) struct Penetration;

pair_query!(Penetration => GjkPenetrationResult, |_, pair, out| {
    write_out(pair.penetration(), out)
});

/// The common body of the pair queries on one pair (warm-started ones included, see
/// `ffi::cache`): `query` on the pair at the pointers, its answer written to `*out` (checked
/// first). Always inlined into the export, as the body it replaces.
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call.
#[inline(always)]
pub(super) unsafe fn answer<Q: PairQuery>(
    query: Q,
    a: *const GjkShape,
    pose_a: *const GjkPose,
    b: *const GjkShape,
    pose_b: *const GjkPose,
    options: *const GjkQueryOptions,
    out: *mut Q::Out,
) -> Result<(), Failure> {
    let out = output(out, "out")?;
    Query::new(a, pose_a, b, pose_b, options)?.dispatch(query, out)
}

/// Whether shape `a` placed by `pose_a` and shape `b` placed by `pose_b` overlap or touch
/// (touching counts as intersecting). Stops as soon as the answer is known (a separating
/// direction or a simplex enclosing the origin, each a proof); agrees with the `intersecting`
/// flag of `gjk_distance` except within rounding of touching, where `gjk_distance` may report
/// a distance of a few rounding units of the coordinates with a lower bound of 0. A NULL pose
/// is the identity. `*out` is written on success only.
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call.
#[no_mangle]
pub unsafe extern "C" fn gjk_intersect(
    a: *const GjkShape,
    pose_a: *const GjkPose,
    b: *const GjkShape,
    pose_b: *const GjkPose,
    out: *mut bool,
) -> GjkStatus {
    gjk_intersect_ex(a, pose_a, b, pose_b, std::ptr::null(), out)
}

/// `gjk_intersect` with options (NULL means the defaults).
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call.
#[no_mangle]
pub unsafe extern "C" fn gjk_intersect_ex(
    a: *const GjkShape,
    pose_a: *const GjkPose,
    b: *const GjkShape,
    pose_b: *const GjkPose,
    options: *const GjkQueryOptions,
    out: *mut bool,
) -> GjkStatus {
    guard(move || answer(Intersect, a, pose_a, b, pose_b, options, out))
}

/// The distance between shape `a` placed by `pose_a` and shape `b` placed by `pose_b`, their
/// closest points, the unit normal from A to B and a certified lower bound. A NULL pose is the
/// identity. `*out` is written on success, and on `GJK_NO_CONVERGENCE` with the best bounds
/// found.
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call.
#[no_mangle]
pub unsafe extern "C" fn gjk_distance(
    a: *const GjkShape,
    pose_a: *const GjkPose,
    b: *const GjkShape,
    pose_b: *const GjkPose,
    out: *mut GjkDistanceResult,
) -> GjkStatus {
    gjk_distance_ex(a, pose_a, b, pose_b, std::ptr::null(), out)
}

/// `gjk_distance` with options (NULL means the defaults).
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call.
#[no_mangle]
pub unsafe extern "C" fn gjk_distance_ex(
    a: *const GjkShape,
    pose_a: *const GjkPose,
    b: *const GjkShape,
    pose_b: *const GjkPose,
    options: *const GjkQueryOptions,
    out: *mut GjkDistanceResult,
) -> GjkStatus {
    guard(move || answer(Distance, a, pose_a, b, pose_b, options, out))
}

/// The penetration of shape `a` placed by `pose_a` and shape `b` placed by `pose_b`: when they
/// overlap, minus the depth (the shortest translation separating them), the direction to move
/// B out of A and the deepest point of each; when apart, their distance and closest points. A
/// NULL pose is the identity. `*out` is written on success, and on `GJK_NO_CONVERGENCE` with
/// the best (finite) answer found.
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call.
#[no_mangle]
pub unsafe extern "C" fn gjk_penetration(
    a: *const GjkShape,
    pose_a: *const GjkPose,
    b: *const GjkShape,
    pose_b: *const GjkPose,
    out: *mut GjkPenetrationResult,
) -> GjkStatus {
    gjk_penetration_ex(a, pose_a, b, pose_b, std::ptr::null(), out)
}

/// `gjk_penetration` with options (NULL means the defaults). EPA has its own budget of
/// `max_iterations` support points after GJK's; the relative tolerance applies to the depth.
/// Curved pairs (ellipsoids) stop EPA at a coarse gap and refine the normal by Newton steps:
/// their depth is the overlap along the returned normal, minimal to the tolerance.
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call.
#[no_mangle]
pub unsafe extern "C" fn gjk_penetration_ex(
    a: *const GjkShape,
    pose_a: *const GjkPose,
    b: *const GjkShape,
    pose_b: *const GjkPose,
    options: *const GjkQueryOptions,
    out: *mut GjkPenetrationResult,
) -> GjkStatus {
    guard(move || answer(Penetration, a, pose_a, b, pose_b, options, out))
}

/// The signed distance of two shapes: minus the penetration depth when they overlap, their
/// distance otherwise (0 when touching). `*out` is written on success only.
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call.
#[no_mangle]
pub unsafe extern "C" fn gjk_signed_distance(
    a: *const GjkShape,
    pose_a: *const GjkPose,
    b: *const GjkShape,
    pose_b: *const GjkPose,
    out: *mut f64,
) -> GjkStatus {
    guard(move || {
        let out = output(out, "out")?;
        let mut result = GjkPenetrationResult::default();
        answer(
            Penetration,
            a,
            pose_a,
            b,
            pose_b,
            std::ptr::null(),
            &mut result,
        )?;
        *out = result.signed_distance;
        Ok(())
    })
}
