//! Moving shapes: ray casts and linear shape casts (time of impact).
//!
//! Both queries are one algorithm, van den Bergen's ray cast on the Minkowski difference, in
//! two forms. Shapes without margins, cast to touching, take the GJK ray cast of
//! [`gjk_ray`]: one search whose simplex is kept as the time advances. Everything else (balls,
//! capsules, rounded shapes, a target separation) and whatever that path leaves undecided (a
//! start within contact, a stall in rounding) takes conservative advancement on the distance
//! query, described here. B moves relative to A with velocity `r = velocity_b - velocity_a`,
//! and at each step the distance query gives the separating plane of the two shapes (its unit
//! normal `n`, from A towards B) and a certified lower bound `l` on their distance. No contact can happen before the plane
//! has been crossed, so the time advances by `(l - s) / (-n . r)`, `s` being the target
//! separation. This is the ray cast on `A - B` ("Ray casting against general convex objects
//! with application to continuous collision detection") stepped with the full distance query,
//! so that margins and the target separation are exact. Each step is safe: the time never
//! passes the contact. Both forms stop by the same rule (below).
//!
//! - When `-n . r <= 0` the plane moves away, and since the distance of two convex shapes in
//!   translation is a convex function of time, it never decreases again: no hit. Separating
//!   shapes are never reported as hits; grazing misses end the same way once past their
//!   closest approach.
//! - The search stops when the distance is within a tolerance of the target: twice the
//!   query's relative tolerance plus `STOP_ULPS` units of `f64::EPSILON`, of the size of the
//!   query (the shapes' extents, their distance and the target), so tiny shapes, far
//!   coordinates and large separations are all resolved alike. It also stops when the
//!   distance query's certified lower bound no longer exceeds the target: the contact is
//!   then within the query's own accuracy.
//! - Positions are taken relative to A's before anything moves, so shapes at 1e6 from the
//!   origin keep their digits.
//! - A ray is the cast of a point; [`Shape::ray_cast`] uses closed forms for balls and boxes.

mod gjk_ray;

use self::gjk_ray::{gjk_ray_cast, RayCast};
use crate::epa::penetration_with;
use crate::error::QueryError;
use crate::gjk::{distance_and_separating_normal, DistanceResult, QueryOptions};
use crate::range::is_coordinate;
use crate::shape::{as_concrete, as_concrete_pair, Cuboid, Point, Shape};
use crate::support::{MinkowskiPair, Pose, Support, Vector};
use std::fmt;

/// The search stops once the distance is within this many `f64::EPSILON * scale` of the
/// target.
const STOP_ULPS: f64 = 64.0;

/// The first hit of a ray, in the world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit<const D: usize> {
    /// The ray parameter of the hit: the point is `origin + t * direction`. 0 when the ray
    /// starts inside the shape (or on its surface).
    pub t: f64,
    /// The point hit, `origin + t * direction`.
    pub point: Vector<D>,
    /// The unit outward normal of the surface at the hit point (at a vertex or an edge, one
    /// of its normals). When the ray starts inside, minus the unit direction.
    pub normal: Vector<D>,
    /// Support-point evaluations made (0 for the closed forms of [`Shape::ray_cast`]).
    pub iterations: u32,
    /// Whether the ray starts inside the shape or on its surface (then `t` is 0).
    pub started_inside: bool,
}

/// The first contact of two shapes in linear motion, in the world frame at the time of
/// contact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CastHit<const D: usize> {
    /// The time of contact: the first time the shapes come within the target separation.
    /// 0 when they already are at the start.
    pub t: f64,
    /// The point of A closest to B at time `t` (the contact point when the target is 0).
    pub point_a: Vector<D>,
    /// The point of B closest to A at time `t`.
    pub point_b: Vector<D>,
    /// Unit normal from A towards B at time `t`.
    pub normal: Vector<D>,
    /// The signed distance of the shapes at time `t`: the target separation (within the
    /// tolerance) for a contact after the start; at the start, their distance, or minus their
    /// penetration depth when they overlap (then the points and normal are those of
    /// [`crate::penetration`]).
    pub signed_distance: f64,
    /// Support-point evaluations made, over all steps.
    pub iterations: u32,
    /// Whether the shapes were already within the target separation at time 0 (overlapping or
    /// touching when it is 0), whatever their velocities.
    pub started_within: bool,
}

/// Settings of a shape cast.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CastOptions {
    /// The latest time of interest; contacts after it are not reported. Default: infinity.
    pub max_t: f64,
    /// The separation that counts as contact: the cast reports the first time the shapes come
    /// within this distance. Default 0 (touching).
    pub target_separation: f64,
    /// The options of each distance query, and of the GJK ray cast (its support points are
    /// capped by `max_iterations` too). `max_iterations` also caps the number of advancement
    /// steps.
    pub query: QueryOptions,
}

impl Default for CastOptions {
    fn default() -> Self {
        Self {
            max_t: f64::INFINITY,
            target_separation: 0.0,
            query: QueryOptions::default(),
        }
    }
}

/// Why a cast could not answer.
#[derive(Clone, Debug, PartialEq)]
pub enum CastError {
    /// An argument is out of range (NaN, infinite or beyond the supported range, see
    /// [`crate::range`]: coordinates, a zero or too short ray direction or relative velocity,
    /// a negative or NaN `max_t`, a negative target separation, invalid query options). The
    /// message says which.
    InvalidArgument(String),
    /// The step cap was reached. No contact happens before `time_bound`.
    NoConvergence {
        /// A certified lower bound on the time of contact.
        time_bound: f64,
    },
    /// A support function returned a non-finite point: the coordinates overflow.
    NonFiniteSupport,
    /// The motion carries the shapes out of the supported range (see [`crate::range`]) before
    /// they come into contact, if they ever do. No contact happens before `time_bound`.
    BeyondRange {
        /// A certified lower bound on the time of contact.
        time_bound: f64,
    },
}

impl fmt::Display for CastError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CastError::InvalidArgument(why) => f.write_str(why),
            CastError::NoConvergence { time_bound } => write!(
                f,
                "no convergence within the iteration cap (no contact before t = {time_bound})"
            ),
            CastError::NonFiniteSupport => {
                f.write_str("a support point is not finite: the coordinates of the cast overflow")
            }
            CastError::BeyondRange { time_bound } => write!(
                f,
                "no contact before t = {time_bound:e}, where the motion leaves the supported range \
                 of coordinates (see gjk::range)"
            ),
        }
    }
}

impl std::error::Error for CastError {}

/// The first hit of the ray `origin + t * direction`, `0 <= t <= max_t`, on `shape` placed by
/// `pose`, with default query options. `Ok(None)` when the ray misses.
pub fn ray_cast<const D: usize, S>(
    shape: &S,
    pose: &Pose<D>,
    origin: &Vector<D>,
    direction: &Vector<D>,
    max_t: f64,
) -> Result<Option<RayHit<D>>, CastError>
where
    S: Support<D> + ?Sized,
{
    ray_cast_with(
        shape,
        pose,
        origin,
        direction,
        max_t,
        &QueryOptions::default(),
    )
}

/// [`ray_cast`] with explicit options. `direction` need not be unit (`t` is in its units) but
/// must not be zero; `max_t` may be infinite.
pub fn ray_cast_with<const D: usize, S>(
    shape: &S,
    pose: &Pose<D>,
    origin: &Vector<D>,
    direction: &Vector<D>,
    max_t: f64,
    options: &QueryOptions,
) -> Result<Option<RayHit<D>>, CastError>
where
    S: Support<D> + ?Sized,
{
    check_ray(origin, direction, max_t, options)?;
    let point = Point::new(Vector::<D>::zeros()).map_err(invalid)?;
    let motion = Motion::new(
        pose,
        &Pose::identity(),
        origin - pose.translation(),
        *direction,
        Vector::zeros(),
    )?;
    let cast = CastOptions {
        max_t,
        target_separation: 0.0,
        query: *options,
    };
    let hit = as_concrete!(shape, shape => motion.advance(shape, &point, &cast, false))?;
    Ok(hit.map(|h| ray_hit(origin, direction, &h)))
}

impl<const D: usize> Shape<D> {
    /// [`ray_cast_with`] on this shape, in closed form for balls, boxes and capsules (exact to
    /// rounding, no iterations) and by GJK for the others.
    pub fn ray_cast(
        &self,
        pose: &Pose<D>,
        origin: &Vector<D>,
        direction: &Vector<D>,
        max_t: f64,
        options: &QueryOptions,
    ) -> Result<Option<RayHit<D>>, CastError> {
        match self {
            Shape::Ball(ball) => {
                check_ray(origin, direction, max_t, options)?;
                Ok(ray_ball(
                    pose.translation(),
                    ball.radius(),
                    origin,
                    direction,
                    max_t,
                ))
            }
            Shape::Cuboid(cuboid) => {
                check_ray(origin, direction, max_t, options)?;
                Ok(ray_cuboid(cuboid, pose, origin, direction, max_t))
            }
            Shape::Capsule(capsule) => {
                check_ray(origin, direction, max_t, options)?;
                let ends = capsule
                    .inner()
                    .endpoints()
                    .map(|p| pose.transform_point(&p));
                Ok(ray_rounded_segment(
                    ends,
                    capsule.radius(),
                    origin,
                    direction,
                    max_t,
                ))
            }
            _ => ray_cast_with(self, pose, origin, direction, max_t, options),
        }
    }
}

/// The first time in `[0, max_t]` at which `a`, placed by `pose_a` and moving with
/// `velocity_a`, and `b`, placed by `pose_b` and moving with `velocity_b`, touch; default
/// options otherwise. `Ok(None)` when they never do (in that interval).
pub fn shape_cast<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    velocity_a: &Vector<D>,
    b: &B,
    pose_b: &Pose<D>,
    velocity_b: &Vector<D>,
    max_t: f64,
) -> Result<Option<CastHit<D>>, CastError>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let options = CastOptions {
        max_t,
        ..CastOptions::default()
    };
    shape_cast_with(a, pose_a, velocity_a, b, pose_b, velocity_b, &options)
}

/// [`shape_cast`] with explicit options: the first time the shapes come within
/// `options.target_separation` of each other.
pub fn shape_cast_with<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    velocity_a: &Vector<D>,
    b: &B,
    pose_b: &Pose<D>,
    velocity_b: &Vector<D>,
    options: &CastOptions,
) -> Result<Option<CastHit<D>>, CastError>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    check_vector("velocity_a", velocity_a)?;
    check_vector("velocity_b", velocity_b)?;
    check_max_t(options.max_t)?;
    let s = options.target_separation;
    crate::range::check_size("target_separation", s).map_err(invalid)?;
    options.query.validate::<()>().map_err(invalid)?;
    let relative = velocity_b - velocity_a;
    check_vector("velocity_b - velocity_a", &relative)?;
    // Zero is a valid relative velocity (the shapes stay put); a nonzero one shorter than the
    // smallest supported size would make hit times overflow, as for rays.
    let speed = crate::range::robust_norm(&relative);
    if speed > 0.0 && speed < crate::range::MIN_SIZE {
        return Err(CastError::InvalidArgument(format!(
            "velocity_b - velocity_a has length {speed:e}, below the smallest supported \
             nonzero size {:e} (see gjk::range)",
            crate::range::MIN_SIZE
        )));
    }
    let motion = Motion::new(
        pose_a,
        pose_b,
        pose_b.translation() - pose_a.translation(),
        relative,
        *velocity_a,
    )?;
    // The shapes' kinds are matched here, once, not at every support point of every step.
    as_concrete_pair!(a, b, a, b => motion.advance(a, b, options, true))
}

/// The relative motion of a cast, in A's frame translated to the origin: A fixed (rotated by
/// its pose), B at `delta + r * t` (rotated by its pose).
struct Motion<const D: usize> {
    rotation_a: Pose<D>,
    rotation_b: Pose<D>,
    delta: Vector<D>,
    r: Vector<D>,
    /// A's position in the world at time 0: added back to the results.
    origin: Vector<D>,
    /// A's velocity in the world: the results at time `t` are shifted by `velocity_a * t`.
    velocity_a: Vector<D>,
}

impl<const D: usize> Motion<D> {
    fn new(
        pose_a: &Pose<D>,
        pose_b: &Pose<D>,
        delta: Vector<D>,
        r: Vector<D>,
        velocity_a: Vector<D>,
    ) -> Result<Self, CastError> {
        check_vector("the offset of the shapes", &delta)?;
        Ok(Self {
            rotation_a: rotation_only(pose_a)?,
            rotation_b: rotation_only(pose_b)?,
            delta,
            r,
            origin: *pose_a.translation(),
            velocity_a,
        })
    }

    /// Whether B's placement at time `t` lies in the supported range: [`Motion::pose_b`]'s
    /// test, without making the pose (for the GJK ray cast, at each step of its point).
    fn in_range(&self, t: f64) -> bool {
        (self.delta + self.r * t).iter().all(|x| is_coordinate(*x))
    }

    /// B's placement at time `t`.
    fn pose_b(&self, t: f64) -> Result<Pose<D>, CastError> {
        let at = Pose::from_translation(self.delta + self.r * t)
            .map_err(|_| CastError::BeyondRange { time_bound: t })?;
        Ok(at * self.rotation_b)
    }

    /// The cast (see the module documentation): the GJK ray cast where it applies, then
    /// conservative advancement for what it leaves undecided or does not apply to.
    /// `penetrate`: describe an overlap at the start by its penetration.
    fn advance<A, B>(
        &self,
        a: &A,
        b: &B,
        options: &CastOptions,
        penetrate: bool,
    ) -> Result<Option<CastHit<D>>, CastError>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        let s = options.target_separation;
        // Within this of the target, a contact: twice the query's relative tolerance (curved
        // shapes are resolved to it) and rounding (polytopes), of the size of the query.
        let in_contact = |distance: f64, scale: f64| {
            distance - s
                <= 2.0 * options.query.relative_tolerance * (distance + scale)
                    + STOP_ULPS * f64::EPSILON * scale
        };
        let mut iterations = 0u32;
        if s == 0.0 && a.margin() == 0.0 && b.margin() == 0.0 {
            let pair = MinkowskiPair::new(a, &self.rotation_a, b, &self.pose_b(0.0)?);
            let r = self.rotation_a.rotation().tr_mul(&self.r);
            // The range is a box and B's translation, rounded, is monotone in `t` in each
            // component: a motion in range at its start (just made) and at its end is in
            // range throughout.
            let whole = self.in_range(options.max_t);
            let in_range = |t| whole || self.in_range(t);
            match gjk_ray_cast(
                &pair,
                &r,
                options.max_t,
                &options.query,
                in_contact,
                in_range,
            ) {
                RayCast::Hit {
                    t,
                    normal,
                    point_a,
                    point_b,
                    distance,
                    iterations: spent,
                } => {
                    let world = |p: &Vector<D>| self.rotation_a.transform_point(p);
                    let d = DistanceResult {
                        distance,
                        point_a: world(&point_a),
                        point_b: world(&point_b),
                        normal: self.rotation_a.transform_vector(&normal),
                        lower_bound: 0.0,
                        iterations: spent,
                        intersecting: false,
                        tolerance_call: true,
                    };
                    return Ok(Some(self.hit(t, &d, d.normal, spent, false)));
                }
                RayCast::Miss => return Ok(None),
                RayCast::Undecided { iterations: spent } => iterations = spent,
            }
        }
        self.conservative_advancement(a, b, options, penetrate, in_contact, iterations)
    }

    /// Conservative advancement (see the module documentation), after `iterations` support
    /// points spent elsewhere: the time advanced by the distance query's certified separation
    /// over the speed at which B closes in on it, until `in_contact` (distance, scale) or a
    /// step proves a miss.
    fn conservative_advancement<A, B>(
        &self,
        a: &A,
        b: &B,
        options: &CastOptions,
        penetrate: bool,
        in_contact: impl Fn(f64, f64) -> bool,
        mut iterations: u32,
    ) -> Result<Option<CastHit<D>>, CastError>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        let s = options.target_separation;
        let mut t = 0.0;
        let mut previous_normal = None;
        for step in 0..options.query.max_iterations {
            let pose_b = self.pose_b(t)?;
            let (d, converged, separating_normal) = self.distance_at(a, b, &pose_b, options)?;
            iterations = iterations.saturating_add(d.iterations);
            let offset =
                self.rotation_a.transform_point(&a.center()) - pose_b.transform_point(&b.center());
            let scale = a.extent() + b.extent() + offset.norm() + s;
            // Within the tolerance of the target, or too close for the bounds to certify
            // any separation beyond it: a contact.
            let uncertain = d.intersecting || d.lower_bound <= s;
            if uncertain || in_contact(d.distance, scale) {
                if !converged && !d.intersecting {
                    return Err(CastError::NoConvergence { time_bound: t });
                }
                if step == 0 {
                    return self.at_start(a, b, &pose_b, d, options, penetrate, iterations);
                }
                // Where the bounds are lost in rounding, so is the normal of cores that touch
                // (polytopes): keep the last one. Cores held apart by their margins (balls,
                // capsules) give it exactly from their closest points, which rounding moves by
                // EPSILON * scale against a gap of at least CORE_GAP_FOR_NORMAL * scale (the last
                // step's normal, taken before B moved on, was 9e-8 off for two spheres).
                let core_gap = d.distance.max(0.0) + a.margin() + b.margin();
                let normal = match previous_normal {
                    Some(n) if uncertain && core_gap < CORE_GAP_FOR_NORMAL * scale => n,
                    _ => d.normal,
                };
                return Ok(Some(self.hit(t, &d, normal, iterations, false)));
            }
            // The advance is measured along the plane that certifies the lower bound, not
            // along the result's normal: where the search stalled short of its tolerance (a
            // box of 1e-8 about to pass through a hull's vertex, 1.5e-9 away with a lower bound
            // of 4e-10) that normal can point anywhere, and B moving away from it is no proof
            // of a miss.
            let normal = separating_normal.unwrap_or(d.normal);
            let closing = -normal.dot(&self.r);
            if closing.is_nan() || closing <= 0.0 {
                // B passes by or moves away. (No step can carry B through A: each stops short
                // of the certified separation, and rounding of the time moves B far less than
                // the tolerance above, so a separating normal here is a real one.)
                return Ok(None);
            }
            let next = t + (d.lower_bound - s) / closing;
            if next == f64::INFINITY {
                // B closes in too slowly for any contact at a finite time.
                return Ok(None);
            }
            if next.is_nan() || next <= t {
                // The bounds cannot move the time any more: within rounding of the contact,
                // unless the distance query itself ran out of iterations.
                if !converged {
                    return Err(CastError::NoConvergence { time_bound: t });
                }
                return Ok(Some(self.hit(t, &d, d.normal, iterations, false)));
            }
            if next > options.max_t {
                return Ok(None);
            }
            previous_normal = Some(d.normal);
            t = next;
        }
        Err(CastError::NoConvergence { time_bound: t })
    }

    /// The distance query with B placed by `pose_b`: its answer, whether it converged (else
    /// the answer is its best), and the normal of the plane that certifies its lower bound.
    fn distance_at<A, B>(
        &self,
        a: &A,
        b: &B,
        pose_b: &Pose<D>,
        options: &CastOptions,
    ) -> Result<(DistanceResult<D>, bool, Option<Vector<D>>), CastError>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        let (result, separating_normal) =
            distance_and_separating_normal(a, &self.rotation_a, b, pose_b, &options.query);
        let (d, converged) = match result {
            Ok(d) => (d, true),
            Err(QueryError::NoConvergence(best)) => (*best, false),
            Err(QueryError::NonFiniteSupport) => return Err(CastError::NonFiniteSupport),
            Err(e @ (QueryError::InvalidOptions(_) | QueryError::OutOfRange(_))) => {
                return Err(invalid(e))
            }
        };
        Ok((d, converged, separating_normal))
    }

    /// The answer when the shapes are within the target at time 0.
    #[allow(clippy::too_many_arguments)]
    fn at_start<A, B>(
        &self,
        a: &A,
        b: &B,
        pose_b: &Pose<D>,
        d: DistanceResult<D>,
        options: &CastOptions,
        penetrate: bool,
        iterations: u32,
    ) -> Result<Option<CastHit<D>>, CastError>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        if !(penetrate && d.intersecting) {
            return Ok(Some(self.hit(0.0, &d, d.normal, iterations, true)));
        }
        let p = match penetration_with(a, &self.rotation_a, b, pose_b, &options.query) {
            Ok(p) => p,
            Err(QueryError::NoConvergence(best)) => *best,
            Err(QueryError::NonFiniteSupport) => return Err(CastError::NonFiniteSupport),
            Err(e @ (QueryError::InvalidOptions(_) | QueryError::OutOfRange(_))) => {
                return Err(invalid(e))
            }
        };
        Ok(Some(CastHit {
            t: 0.0,
            point_a: p.point_a + self.origin,
            point_b: p.point_b + self.origin,
            normal: p.normal,
            signed_distance: p.signed_distance,
            iterations: iterations.saturating_add(p.iterations),
            started_within: true,
        }))
    }

    fn hit(
        &self,
        t: f64,
        d: &DistanceResult<D>,
        normal: Vector<D>,
        iterations: u32,
        started_within: bool,
    ) -> CastHit<D> {
        let shift = self.origin + self.velocity_a * t;
        CastHit {
            t,
            point_a: d.point_a + shift,
            point_b: d.point_b + shift,
            normal,
            signed_distance: d.distance,
            iterations,
            started_within,
        }
    }
}

/// `pose` without its translation (exactly: the rotation is kept as is).
fn rotation_only<const D: usize>(pose: &Pose<D>) -> Result<Pose<D>, CastError> {
    Ok(Pose::from_translation(-pose.translation()).map_err(invalid)? * *pose)
}

/// A ray hit from the cast of the point at the ray's origin.
fn ray_hit<const D: usize>(origin: &Vector<D>, direction: &Vector<D>, h: &CastHit<D>) -> RayHit<D> {
    if h.started_within {
        inside(origin, direction, h.iterations)
    } else {
        RayHit {
            t: h.t,
            point: origin + direction * h.t,
            normal: h.normal,
            iterations: h.iterations,
            started_inside: false,
        }
    }
}

/// The hit of a ray that starts inside a shape.
fn inside<const D: usize>(origin: &Vector<D>, direction: &Vector<D>, iterations: u32) -> RayHit<D> {
    let m = direction.amax();
    let scaled = direction / m;
    RayHit {
        t: 0.0,
        point: *origin,
        normal: -scaled / scaled.norm(),
        iterations,
        started_inside: true,
    }
}

/// When the ray `m + t d` (from outside, `|m| > r`) enters the ball of radius `r` centred at
/// the origin: the smaller root of `|m + t d|^2 = r^2`, written without cancellation.
#[inline]
fn sphere_entry<const D: usize>(m: &Vector<D>, d: &Vector<D>, r: f64) -> Option<f64> {
    let a = d.norm_squared();
    let b = m.dot(d);
    if b >= 0.0 {
        return None;
    }
    // The offset of the closest approach, and the discriminant from it.
    let q = (m - d * (b / a)).norm();
    if q > r {
        return None;
    }
    let m_norm = m.norm();
    // |m|^2 - r^2, factored.
    let c = (m_norm - r) * (m_norm + r);
    if c < 0.0 {
        // The ray starts inside, where it cannot enter (a capsule's side seen from beyond
        // its ends: the ray enters through a cap).
        return None;
    }
    Some(c / (-b + (a * (r - q) * (r + q)).sqrt()))
}

/// The unit outward normal at `at` (relative to the centre of a ball or the axis of a
/// capsule), or against the ray where `at` is the centre itself.
fn outward<const D: usize>(at: &Vector<D>, direction: &Vector<D>) -> Vector<D> {
    // Scaled first: `at` may be subnormal (a capsule of radius 1e-29 hit 1e-160 off its axis).
    if at.amax() > 0.0 {
        crate::range::robust_unit(at)
    } else {
        -crate::range::robust_unit(direction)
    }
}

/// Cores at least this far apart, relative to the scale of a cast, give the contact normal
/// from their closest points (to `EPSILON / CORE_GAP_FOR_NORMAL`, 2e-10) even where the
/// distance bounds are lost in rounding.
const CORE_GAP_FOR_NORMAL: f64 = 1e-6;

/// The answer of a closed form: a hit at `t` with the world `normal`, no iterations.
fn closed_form_hit<const D: usize>(
    origin: &Vector<D>,
    direction: &Vector<D>,
    t: f64,
    normal: Vector<D>,
) -> RayHit<D> {
    RayHit {
        t,
        point: origin + direction * t,
        normal,
        iterations: 0,
        started_inside: false,
    }
}

/// A ray against the ball of radius `r` centred at `centre` (world frame).
fn ray_ball<const D: usize>(
    centre: &Vector<D>,
    r: f64,
    origin: &Vector<D>,
    direction: &Vector<D>,
    max_t: f64,
) -> Option<RayHit<D>> {
    let m = origin - centre;
    if m.norm() <= r {
        return Some(inside(origin, direction, 0));
    }
    let t = sphere_entry(&m, direction, r).filter(|t| *t <= max_t)?;
    let normal = outward(&(m + direction * t), direction);
    Some(closed_form_hit(origin, direction, t, normal))
}

/// A ray against the points within `r` of the segment `ends` (world frame; a ball when both
/// ends are the same point, a capsule or stadium otherwise). The shape is the union of the
/// cylinder around the segment and the balls at its ends, so the first hit is the earliest of
/// the cylinder's side (where it is within the segment's span) and the two balls.
fn ray_rounded_segment<const D: usize>(
    [p0, p1]: [Vector<D>; 2],
    r: f64,
    origin: &Vector<D>,
    direction: &Vector<D>,
    max_t: f64,
) -> Option<RayHit<D>> {
    if p0 == p1 {
        return ray_ball(&p0, r, origin, direction, max_t);
    }
    let d = direction;
    let m = origin - p0;
    let axis = p1 - p0;
    let length = axis.norm();
    // The ray from the segment's first end, split along and across the axis.
    let u = if length > 0.0 {
        axis / length
    } else {
        Vector::zeros()
    };
    let (along_m, along_d) = (m.dot(&u), d.dot(&u));
    // Inside: within r of the segment.
    if (m - u * along_m.clamp(0.0, length)).norm() <= r {
        return Some(inside(origin, direction, 0));
    }
    let end0 = sphere_entry(&m, d, r);
    let t = if length > 0.0 {
        // The side: |m_across + t d_across| = r, at an axial position within the segment.
        let (m_across, d_across) = (m - u * along_m, d - u * along_d);
        let side = sphere_entry(&m_across, &d_across, r)
            .filter(|t| (0.0..=length).contains(&(along_m + along_d * t)));
        let end1 = sphere_entry(&(origin - p1), d, r);
        [side, end0, end1]
            .into_iter()
            .flatten()
            .min_by(f64::total_cmp)
    } else {
        end0
    }
    .filter(|t| *t <= max_t)?;
    // The normal: from the nearest point of the segment to the hit.
    let at = m + d * t;
    let normal = outward(&(at - u * at.dot(&u).clamp(0.0, length)), d);
    Some(closed_form_hit(origin, direction, t, normal))
}

/// A ray against a box: the slabs method in the box's frame.
fn ray_cuboid<const D: usize>(
    cuboid: &Cuboid<D>,
    pose: &Pose<D>,
    origin: &Vector<D>,
    direction: &Vector<D>,
    max_t: f64,
) -> Option<RayHit<D>> {
    let h = cuboid.half_extents();
    let rotation = pose.rotation();
    let o = rotation.tr_mul(&(origin - pose.translation()));
    let d = rotation.tr_mul(direction);
    if (0..D).all(|i| o[i].abs() <= h[i]) {
        return Some(inside(origin, direction, 0));
    }
    let mut enter = f64::NEG_INFINITY;
    let mut exit = f64::INFINITY;
    let mut axis = 0;
    for i in 0..D {
        if d[i] == 0.0 {
            if o[i].abs() > h[i] {
                return None;
            }
            continue;
        }
        let (t0, t1) = ((-h[i] - o[i]) / d[i], (h[i] - o[i]) / d[i]);
        let (near, far) = if t0 <= t1 { (t0, t1) } else { (t1, t0) };
        if near > enter {
            enter = near;
            axis = i;
        }
        exit = exit.min(far);
    }
    if !(enter <= exit && enter >= 0.0 && enter <= max_t) {
        return None;
    }
    let mut local = Vector::<D>::zeros();
    local[axis] = if d[axis] > 0.0 { -1.0 } else { 1.0 };
    Some(closed_form_hit(
        origin,
        direction,
        enter,
        pose.transform_vector(&local),
    ))
}

fn check_ray<const D: usize>(
    origin: &Vector<D>,
    direction: &Vector<D>,
    max_t: f64,
    options: &QueryOptions,
) -> Result<(), CastError> {
    check_vector("origin", origin)?;
    check_vector("direction", direction)?;
    if direction.iter().all(|x| *x == 0.0) {
        return Err(CastError::InvalidArgument(
            "direction is zero: a ray needs a direction".into(),
        ));
    }
    // A direction shorter than the smallest supported size makes hit times overflow (a ray
    // of length 1e-321 reached a shape 1e-9 away at t = inf).
    let length = crate::range::robust_norm(direction);
    if length < crate::range::MIN_SIZE {
        return Err(CastError::InvalidArgument(format!(
            "direction's length is {length:e}, below the smallest supported nonzero size {:e} \
             (see gjk::range)",
            crate::range::MIN_SIZE
        )));
    }
    check_max_t(max_t)?;
    options.validate::<()>().map_err(invalid)
}

fn check_max_t(max_t: f64) -> Result<(), CastError> {
    if max_t >= 0.0 {
        Ok(())
    } else {
        Err(CastError::InvalidArgument(format!(
            "max_t is {max_t}, it must be 0 or more (infinity allowed)"
        )))
    }
}

/// Fails unless every component is finite and within the supported range
/// ([`crate::range::MAX_MAGNITUDE`]), as shapes' coordinates are.
fn check_vector<const D: usize>(name: &str, v: &Vector<D>) -> Result<(), CastError> {
    if let Some(i) = v.iter().position(|x| !x.is_finite()) {
        return Err(CastError::InvalidArgument(format!(
            "{name} component {i} is {}, not a finite number",
            v[i]
        )));
    }
    match v.iter().position(|x| x.abs() > crate::range::MAX_MAGNITUDE) {
        None => Ok(()),
        Some(i) => Err(CastError::InvalidArgument(format!(
            "{name} component {i} is {:e}, beyond the supported magnitude {:e} (see gjk::range)",
            v[i],
            crate::range::MAX_MAGNITUDE
        ))),
    }
}

fn invalid(e: impl fmt::Display) -> CastError {
    CastError::InvalidArgument(e.to_string())
}
