//! The casts' fast path: van den Bergen's GJK ray cast ("Ray casting against general convex
//! objects with application to continuous collision detection", 2004) on the Minkowski
//! difference of two shapes without margins.
//!
//! B moves by `r t` relative to A; they touch at the first `t` with `r t` in `C = A - B`
//! (B at time 0). The ray cast is the GJK loop ([`crate::gjk::Search::run_towards`]) searching
//! towards the ray's point `x = r t`, which steps along the ray at the loop's termination step
//! ([`RayPoint`], a moving [`Origin`]): each support point `p` of `C` along `x - v` (`v` the
//! simplex's point closest to `x`) gives a plane that holds all of `C`; while `x` lies beyond
//! it, the point moves along the ray onto the plane (a safe step: no point of the ray before
//! the plane is in `C`), or, when the ray does not approach the plane, the cast misses. The
//! simplex is kept across the steps, so one search costs about as many support points as one
//! distance query, where conservative advancement ([`super::Motion::advance`]) runs a full
//! distance query at every step (about 16 support points for a ray against a 32-point hull,
//! 2.8x parry's time).
//!
//! Whatever this path cannot decide with a proof (a start within the tolerance of contact,
//! a repeated support point or a step that no longer moves the time, too many steps, a
//! non-finite number) goes to conservative advancement, which answers every input.

use crate::gjk::{Advance, End, Origin, QueryOptions, Search};
use crate::range::robust_norm;
use crate::support::{MinkowskiPair, Support, SupportPoint, Vector};

/// What the GJK ray cast made of a motion (all vectors in A's frame).
pub(super) enum RayCast<const D: usize> {
    /// The first contact, at time `t`: `normal` is the unit normal (from A towards B) of the
    /// last plane the point stepped to; `point_a` and `point_b` are the shapes' points closest
    /// to each other at `t`, `distance` apart.
    Hit {
        t: f64,
        normal: Vector<D>,
        point_a: Vector<D>,
        point_b: Vector<D>,
        distance: f64,
        iterations: u32,
    },
    /// No contact up to `max_t`: a plane holds `C` and the ray does not approach it, or the
    /// ray reaches it beyond `max_t`.
    Miss,
    /// Not decided here (see the module notes); the support evaluations it cost.
    Undecided { iterations: u32 },
}

/// The ray's point `x = r t` as the origin of the GJK loop (see the module notes): its time,
/// the normal of the last plane it stepped to, and the rules of its steps.
struct RayPoint<const D: usize, C, I> {
    /// The relative motion of B per unit of time, and the last time looked at.
    r: Vector<D>,
    max_t: f64,
    t: f64,
    /// `r t`.
    x: Vector<D>,
    /// The unit normal (from A towards B) of the last plane `x` stepped to.
    normal: Option<Vector<D>>,
    /// Whether a plane proved that the ray misses.
    missed: bool,
    /// The centre and extent of `C`, from which a query's size is measured, and the size at
    /// `x` (see [`RayPoint::scale_at`]).
    center: Vector<D>,
    extent: f64,
    scale: f64,
    /// Whether `distance`, in a query of size `scale`, is contact (`converged`), and whether
    /// B's placement at a time lies in the supported range (`in_range`).
    converged: C,
    in_range: I,
}

impl<const D: usize, C, I> RayPoint<D, C, I>
where
    C: Fn(f64, f64) -> bool,
    I: Fn(f64) -> bool,
{
    /// The size of the query at `x`: `C`'s extent and the distance of its centre.
    fn scale_at(&self, x: &Vector<D>) -> f64 {
        self.extent + (self.center - x).norm()
    }
}

impl<const D: usize, C, I> Origin<D> for RayPoint<D, C, I>
where
    C: Fn(f64, f64) -> bool,
    I: Fn(f64) -> bool,
{
    const MOVES: bool = true;

    #[inline(always)]
    fn seen(&self, w: SupportPoint<D>) -> SupportPoint<D> {
        w.moved(&self.x)
    }

    /// Within contact of `C` (the cast's rule, so that both paths stop alike).
    #[inline(always)]
    fn reached(&self, vv: f64, _: f64) -> bool {
        (self.converged)(vv.sqrt(), self.scale)
    }

    /// `x` lies `reach / |v|` beyond the plane of the support point: by more than contact, it
    /// steps to the plane, if the ray approaches it before `max_t`; otherwise the cast misses.
    fn advance(&mut self, v: &Vector<D>, _: f64, reach: f64) -> Advance<D> {
        // Scaled where its square would underflow: a `v` 1e-162 long measured 0.97 of that,
        // and the hit's normal came out as long (a shape cast of two points, found by fuzzing).
        let v_norm = robust_norm(v);
        if !(v_norm > 0.0 && v_norm.is_finite()) {
            return Advance::Ends(End::Stalled);
        }
        if reach <= 0.0 || (self.converged)(reach / v_norm, self.scale) {
            return Advance::Stays;
        }
        // The ray approaches the plane when it runs along `-v`.
        let approach = v.dot(&self.r);
        if approach.is_nan() || approach <= 0.0 {
            self.missed = true;
            return Advance::Ends(End::Separated);
        }
        let next = self.t + reach / approach;
        if next > self.max_t {
            self.missed = true;
            return Advance::Ends(End::Separated);
        }
        if !(next > self.t && next.is_finite() && (self.in_range)(next)) {
            return Advance::Ends(End::Stalled);
        }
        let x = self.r * next;
        let by = x - self.x;
        (self.t, self.x, self.normal) = (next, x, Some(-v / v_norm));
        self.scale = self.scale_at(&x);
        Advance::Moved(by)
    }
}

/// The first contact of `pair` (A and B at time 0, seen from A's frame) as B moves by `r t`
/// (A's frame), for `0 <= t <= max_t`, within `options.max_iterations` support evaluations.
/// `converged(distance, scale)` says when the shapes, `distance` apart in a query of size
/// `scale`, are in contact, and `in_range(t)` whether B's placement at `t` lies in the
/// supported range (the rules of conservative advancement, so that both paths stop alike).
pub(super) fn gjk_ray_cast<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    r: &Vector<D>,
    max_t: f64,
    options: &QueryOptions,
    converged: impl Fn(f64, f64) -> bool,
    in_range: impl Fn(f64) -> bool,
) -> RayCast<D>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    if pair.extent() == 0.0 {
        // Two points: conservative advancement's, which answers them in closed form.
        return RayCast::Undecided { iterations: 0 };
    }
    let (center, extent) = (pair.center(), pair.extent());
    let mut ray = RayPoint {
        r: *r,
        max_t,
        t: 0.0,
        x: Vector::zeros(),
        normal: None,
        missed: false,
        center,
        extent,
        // At `x = 0`.
        scale: extent + center.norm(),
        converged,
        in_range,
    };
    let searched = Search::run_towards(pair, options, &mut ray, |search| {
        let (point_a, point_b) = search.simplex().witness_points();
        let full = search.simplex().len() > D;
        let closest = (search.end(), full, point_a, point_b);
        (closest, search.closest().norm(), search.iterations())
    });
    let Ok(((end, full, point_a, point_b), distance, iterations)) = searched else {
        // A number that is not finite.
        return RayCast::Undecided { iterations: 0 };
    };
    if ray.missed {
        return RayCast::Miss;
    }
    // Touching: at the start, left to conservative advancement (overlaps and their
    // penetration); later, the contact, if the loop ended there (not a stall within touching).
    let reached = end == End::Touching && (full || (ray.converged)(distance, ray.scale));
    match ray.normal {
        Some(normal) if reached => RayCast::Hit {
            t: ray.t,
            normal,
            point_a,
            point_b,
            distance,
            iterations,
        },
        _ => RayCast::Undecided { iterations },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{ConvexHull, Point};
    use crate::support::Pose;
    use nalgebra::Vector3;

    /// The cube [-1, 1]^3 as a hull of its corners.
    fn cube() -> ConvexHull<3> {
        let corners = (0..8)
            .map(|i| Vector::<3>::from_fn(|k, _| if i >> k & 1 == 1 { 1.0 } else { -1.0 }))
            .collect();
        ConvexHull::new(corners).expect("a cube")
    }

    /// The cast of a point starting at `from` with velocity `r` against the cube (the cube
    /// is A, at rest; the point is B).
    fn cast(from: Vector<3>, r: Vector<3>, max_t: f64) -> RayCast<3> {
        let (cube, point) = (cube(), Point::new(Vector::zeros()).expect("a point"));
        let at = Pose::from_translation(from).expect("a finite start");
        let pair = MinkowskiPair::new(&cube, &Pose::identity(), &point, &at);
        let contact = |distance: f64, scale: f64| distance <= 64.0 * f64::EPSILON * scale;
        let options = QueryOptions {
            max_iterations: 128,
            ..QueryOptions::default()
        };
        gjk_ray_cast(&pair, &r, max_t, &options, contact, |_| true)
    }

    /// Rays onto faces, an edge and a corner of the cube hit where the planes say, with the
    /// plane's normal, in a few support points; rays that pass by or point away miss; a
    /// contact beyond `max_t` misses; a start inside or on the surface is left undecided.
    #[test]
    fn hits_and_misses_a_cube_exactly() {
        let face = cast(
            Vector3::new(5.0, 0.3, -0.2),
            Vector3::new(-2.0, 0.0, 0.0),
            10.0,
        );
        let RayCast::Hit {
            t,
            normal,
            point_a,
            point_b,
            iterations,
            ..
        } = face
        else {
            panic!("the face is hit");
        };
        assert_eq!(t, 2.0);
        assert_eq!(normal, Vector3::x());
        assert!(
            (point_a - Vector3::new(1.0, 0.3, -0.2)).amax() < 1e-15,
            "{point_a}"
        );
        assert!((point_b - point_a).amax() < 1e-15, "{point_b}");
        assert!(iterations <= 8, "{iterations} support points");
        // Slanted onto the top face: it enters at z = 1 after t = 3, at (-0.5, 0.25, 1).
        let slanted = cast(
            Vector3::new(1.0, 1.0, 4.0),
            Vector3::new(-0.5, -0.25, -1.0),
            10.0,
        );
        let RayCast::Hit { t, normal, .. } = slanted else {
            panic!("the top face is hit");
        };
        assert!((t - 3.0).abs() < 1e-15 && (normal - Vector3::z()).amax() < 1e-15);
        // Onto the edge x = y = 1 along the diagonal, and onto the corner (1, 1, 1).
        let edge = cast(
            Vector3::new(3.0, 3.0, 0.5),
            Vector3::new(-1.0, -1.0, 0.0),
            10.0,
        );
        assert!(matches!(edge, RayCast::Hit { t, .. } if (t - 2.0).abs() < 1e-15));
        let corner = cast(Vector3::repeat(4.0), Vector3::repeat(-1.5), 10.0);
        assert!(matches!(corner, RayCast::Hit { t, .. } if (t - 2.0).abs() < 1e-15));
        for (from, r, max_t) in [
            // Past the cube, parallel to a face 1e-9 above it, away from it, too short.
            (
                Vector3::new(5.0, 2.0, 0.0),
                Vector3::new(-1.0, 0.0, 0.0),
                100.0,
            ),
            (
                Vector3::new(5.0, 1.0 + 1e-9, 0.0),
                Vector3::new(-1.0, 0.0, 0.0),
                100.0,
            ),
            (
                Vector3::new(5.0, 0.0, 0.0),
                Vector3::new(1.0, 0.0, 0.0),
                100.0,
            ),
            (
                Vector3::new(5.0, 0.0, 0.0),
                Vector3::new(-1.0, 0.0, 0.0),
                3.9,
            ),
        ] {
            assert!(matches!(cast(from, r, max_t), RayCast::Miss), "{from} {r}");
        }
        for from in [Vector3::new(0.5, 0.0, 0.0), Vector3::new(1.0, 0.2, 0.3)] {
            let start = cast(from, Vector3::new(-1.0, 0.0, 0.0), 10.0);
            assert!(matches!(start, RayCast::Undecided { .. }), "{from}");
        }
    }
}
