//! The casts of the C ABI: rays and linearly moving shapes (time of impact).

use crate::cast::{shape_cast_with, CastError, CastHit, CastOptions, RayHit};
use crate::ffi::one_shape::{dispatch_shape, ShapeQuery};
use crate::ffi::pointers::{coordinates, output};
use crate::ffi::pose::GjkPose;
use crate::ffi::query::{options_at, pair_query, to3, GjkQueryOptions, Query};
use crate::ffi::shapes::GjkShape;
use crate::ffi::status::{guard, Failure, GjkStatus, GJK_INVALID_ARGUMENT, GJK_NO_CONVERGENCE};
use crate::gjk::QueryOptions;
use crate::shape::Shape;
use crate::support::{Pose, Vector};

/// The answer of `gjk_ray_cast`, in the world frame. 2D results use x and y, with z = 0.
/// When `hit` is false every other field is 0 (except `iterations`, and `t` on
/// `GJK_NO_CONVERGENCE`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GjkRayHit {
    /// The ray parameter of the first hit: the point is origin + t * direction; 0 when the ray
    /// starts inside. On GJK_NO_CONVERGENCE, a lower bound on it.
    pub t: f64,
    /// The point hit.
    pub point: [f64; 3],
    /// Unit outward normal of the surface at the hit; minus the unit direction when the ray
    /// starts inside.
    pub normal: [f64; 3],
    /// Support-point evaluations made (0 for the closed forms of spheres and boxes).
    pub iterations: u32,
    /// Whether the ray hits the shape within [0, max_t].
    pub hit: bool,
    /// Whether the ray starts inside the shape or on its surface (then t = 0).
    pub started_inside: bool,
}

/// The answer of `gjk_shape_cast`, in the world frame at the time of contact. 2D results use
/// x and y, with z = 0. When `hit` is false every other field is 0 (except `iterations`, and
/// `t` on `GJK_NO_CONVERGENCE`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GjkShapeCastHit {
    /// The time of contact: the first time the shapes come within the target separation; 0
    /// when they already are. On GJK_NO_CONVERGENCE, a lower bound on it.
    pub t: f64,
    /// The point of A closest to B at time t (the contact point when the target is 0).
    pub point_a: [f64; 3],
    /// The point of B closest to A at time t.
    pub point_b: [f64; 3],
    /// Unit normal from A towards B at time t.
    pub normal: [f64; 3],
    /// The signed distance at time t: the target separation for a later contact; at t = 0,
    /// the distance, or minus the penetration depth when the shapes overlap.
    pub signed_distance: f64,
    /// Support-point evaluations made, over all steps.
    pub iterations: u32,
    /// Whether the shapes come within the target separation in [0, max_t].
    pub hit: bool,
    /// Whether they already were at t = 0 (overlapping or touching when the target is 0).
    pub started_within: bool,
}

impl<const D: usize> From<&RayHit<D>> for GjkRayHit {
    fn from(h: &RayHit<D>) -> Self {
        Self {
            t: h.t,
            point: to3(&h.point),
            normal: to3(&h.normal),
            iterations: h.iterations,
            hit: true,
            started_inside: h.started_inside,
        }
    }
}

impl<const D: usize> From<&CastHit<D>> for GjkShapeCastHit {
    fn from(h: &CastHit<D>) -> Self {
        Self {
            t: h.t,
            point_a: to3(&h.point_a),
            point_b: to3(&h.point_b),
            normal: to3(&h.normal),
            signed_distance: h.signed_distance,
            iterations: h.iterations,
            hit: true,
            started_within: h.started_within,
        }
    }
}

/// A result type of the C ABI that can say "no hit" (its default) and "no contact before t".
trait Miss: Default {
    /// The time of the hit, or the bound before which there is none.
    fn time(&mut self) -> &mut f64;

    /// No hit before `t`.
    fn with_bound(t: f64) -> Self {
        let mut miss = Self::default();
        *miss.time() = t;
        miss
    }
}

impl Miss for GjkRayHit {
    fn time(&mut self) -> &mut f64 {
        &mut self.t
    }
}

impl Miss for GjkShapeCastHit {
    fn time(&mut self) -> &mut f64 {
        &mut self.t
    }
}

/// Writes a cast's outcome to `out`: the hit, a miss, or (with GJK_NO_CONVERGENCE) the time
/// bound reached.
fn write_cast<H, Out>(outcome: Result<Option<H>, CastError>, out: &mut Out) -> Result<(), Failure>
where
    Out: Miss + for<'h> From<&'h H>,
{
    match outcome {
        Ok(Some(h)) => {
            *out = (&h).into();
            Ok(())
        }
        Ok(None) => {
            *out = Out::default();
            Ok(())
        }
        Err(e) => {
            let status = match e {
                CastError::NoConvergence { time_bound } | CastError::BeyondRange { time_bound } => {
                    *out = Out::with_bound(time_bound);
                    GJK_NO_CONVERGENCE
                }
                CastError::InvalidArgument(_) | CastError::NonFiniteSupport => GJK_INVALID_ARGUMENT,
            };
            Err(Failure::new(status, e.to_string()))
        }
    }
}

/// The three coordinates at `ptr`, named `name` in errors (NULL means zero when
/// `may_be_null`).
///
/// # Safety
/// A non-NULL `ptr` must point to 3 readable doubles.
unsafe fn xyz(ptr: *const f64, name: &str, may_be_null: bool) -> Result<[f64; 3], Failure> {
    if may_be_null && ptr.is_null() {
        return Ok([0.0; 3]);
    }
    let xyz = coordinates(ptr, 1, 3, name)?;
    Ok([xyz[0], xyz[1], xyz[2]])
}

/// The first `D` of three coordinates (2D shapes use x and y).
fn first<const D: usize>(xyz: [f64; 3]) -> Vector<D> {
    Vector::<D>::from_fn(|i, _| xyz[i])
}

/// The ray cast of `gjk_ray_cast_ex`, its origin and direction read once the pose is placed.
struct RayCast<'o> {
    /// 3 readable doubles each, as the export's caller promises.
    origin: *const f64,
    direction: *const f64,
    max_t: f64,
    options: &'o QueryOptions,
}

impl ShapeQuery for RayCast<'_> {
    type Out = GjkRayHit;

    fn write<const D: usize>(
        self,
        shape: &Shape<D>,
        pose: &Pose<D>,
        out: &mut GjkRayHit,
    ) -> Result<(), Failure> {
        // SAFETY: the pointers are the export's, valid as its caller promises (or NULL,
        // which `xyz` refuses).
        let (origin, direction) = unsafe {
            (
                first::<D>(xyz(self.origin, "origin", false)?),
                first::<D>(xyz(self.direction, "direction", false)?),
            )
        };
        let hit = shape.ray_cast(pose, &origin, &direction, self.max_t, self.options);
        write_cast(hit, out)
    }
}

/// The first hit of the ray origin + t * direction, 0 <= t <= max_t, on `shape` placed by
/// `pose` (NULL: identity): the parameter t, the point and the unit outward normal. `origin`
/// and `direction` are 3 doubles each (2D shapes use x and y); `direction` need not be unit
/// (t is in its units) but must not be zero; `max_t` may be INFINITY. A ray starting inside
/// the shape hits at t = 0 with `started_inside` set. A miss writes `hit = false`. Spheres,
/// circles, boxes and rectangles are solved in closed form, the other shapes by GJK.
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call; `origin` and `direction`
/// must point to 3 doubles.
#[no_mangle]
pub unsafe extern "C" fn gjk_ray_cast(
    shape: *const GjkShape,
    pose: *const GjkPose,
    origin: *const f64,
    direction: *const f64,
    max_t: f64,
    out: *mut GjkRayHit,
) -> GjkStatus {
    gjk_ray_cast_ex(shape, pose, origin, direction, max_t, std::ptr::null(), out)
}

/// `gjk_ray_cast` with options (NULL means the defaults); `max_iterations` caps both the
/// support points of the GJK ray cast and of each distance query, and the number of
/// advancement steps.
///
/// # Safety
/// As `gjk_ray_cast`.
#[no_mangle]
pub unsafe extern "C" fn gjk_ray_cast_ex(
    shape: *const GjkShape,
    pose: *const GjkPose,
    origin: *const f64,
    direction: *const f64,
    max_t: f64,
    options: *const GjkQueryOptions,
    out: *mut GjkRayHit,
) -> GjkStatus {
    guard(move || {
        let out = output(out, "out")?;
        let options = &options_at(options)?;
        let ray = RayCast {
            origin,
            direction,
            max_t,
            options,
        };
        dispatch_shape(shape, pose, ray, out)
    })
}

/// The shape cast, run by [`Query::dispatch`] (which places the poses and matches the kinds
/// once, rather than at every support point of every distance query of the cast).
struct ShapeCast {
    /// The velocities as passed (3 doubles each, z ignored in 2D), already read and checked.
    velocity_a: [f64; 3],
    velocity_b: [f64; 3],
    max_t: f64,
    target_separation: f64,
}

pair_query!(ShapeCast => GjkShapeCastHit, |cast, pair, out| {
    let options = CastOptions {
        max_t: cast.max_t,
        target_separation: cast.target_separation,
        query: *pair.options,
    };
    let hit = shape_cast_with(
        pair.a,
        pair.pose_a,
        &first(cast.velocity_a),
        pair.b,
        pair.pose_b,
        &first(cast.velocity_b),
        &options,
    );
    write_cast(hit, out)
});

/// The first time t in [0, max_t] at which shape `a` (placed by `pose_a`, moving with
/// `velocity_a`) and shape `b` (placed by `pose_b`, moving with `velocity_b`) come within
/// `target_separation` of each other (0: touch), with the closest points and the normal at
/// that time. Poses may be NULL (identity), velocities NULL (at rest) or 3 doubles (2D shapes
/// use x and y); `max_t` may be INFINITY. Shapes already within the target at t = 0 are
/// reported at t = 0 with `started_within` set (overlapping ones with their penetration);
/// shapes that never come within it, or only after `max_t`, write `hit = false`.
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call; non-NULL velocities must
/// point to 3 doubles.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn gjk_shape_cast(
    a: *const GjkShape,
    pose_a: *const GjkPose,
    velocity_a: *const f64,
    b: *const GjkShape,
    pose_b: *const GjkPose,
    velocity_b: *const f64,
    max_t: f64,
    target_separation: f64,
    out: *mut GjkShapeCastHit,
) -> GjkStatus {
    gjk_shape_cast_ex(
        a,
        pose_a,
        velocity_a,
        b,
        pose_b,
        velocity_b,
        max_t,
        target_separation,
        std::ptr::null(),
        out,
    )
}

/// `gjk_shape_cast` with options (NULL means the defaults); `max_iterations` caps both the
/// support points of the GJK ray cast and of each distance query, and the number of
/// advancement steps.
///
/// # Safety
/// As `gjk_shape_cast`.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn gjk_shape_cast_ex(
    a: *const GjkShape,
    pose_a: *const GjkPose,
    velocity_a: *const f64,
    b: *const GjkShape,
    pose_b: *const GjkPose,
    velocity_b: *const f64,
    max_t: f64,
    target_separation: f64,
    options: *const GjkQueryOptions,
    out: *mut GjkShapeCastHit,
) -> GjkStatus {
    guard(move || {
        let out = output(out, "out")?;
        let query = Query::new(a, pose_a, b, pose_b, options)?;
        let cast = ShapeCast {
            velocity_a: xyz(velocity_a, "velocity_a", true)?,
            velocity_b: xyz(velocity_b, "velocity_b", true)?,
            max_t,
            target_separation,
        };
        query.dispatch(cast, out)
    })
}
