//! The casts' fast path: van den Bergen's GJK ray cast ("Ray casting against general convex
//! objects with application to continuous collision detection", 2004) on the Minkowski
//! difference of two shapes without margins.
//!
//! B moves by `r t` relative to A; they touch at the first `t` with `r t` in `C = A - B`
//! (B at time 0). One GJK search walks the ray's point `x = r t` towards `C`: each support
//! point `p` of `C` along `v` (the direction from the simplex's point closest to `x` towards
//! `x`) gives a plane `v . c <= v . p` that holds all of `C`; while `x` lies beyond it, the
//! point moves along the ray to the plane (a safe step: no point of the ray before the plane
//! is in `C`), or, when the ray does not approach the plane, the cast misses. The simplex of
//! `C`'s support points (the searches' [`Simplex`], reduced towards `x` rather than the
//! origin) is kept across the steps, so one search costs about as many support
//! points as one distance query, where conservative advancement ([`super::Motion::advance`])
//! runs a full distance query at every step (about 16 support points for a ray against a
//! 32-point hull, 2.8x parry's time).
//!
//! Whatever this path cannot decide with a proof (a start within the tolerance of contact,
//! a repeated support point or a step that no longer moves the time, too many steps, a
//! non-finite number) goes to conservative advancement, which answers every input.

use crate::range::robust_norm;
use crate::simplex::{finite, Simplex};
use crate::support::{MinkowskiPair, Support, Vector};

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

/// The first contact of `pair` (A and B at time 0, seen from A's frame) as B moves by `r t`
/// (A's frame), for `0 <= t <= max_t`, within `max_iterations` support evaluations.
/// `converged(distance, scale)` says when the shapes, `distance` apart in a query of size
/// `scale`, are in contact, and `in_range(t)` whether B's placement at `t` lies in the
/// supported range (the rules of conservative advancement, so that both paths stop alike).
pub(super) fn gjk_ray_cast<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    r: &Vector<D>,
    max_t: f64,
    max_iterations: u32,
    converged: impl Fn(f64, f64) -> bool,
    in_range: impl Fn(f64) -> bool,
) -> RayCast<D>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let center = pair.center();
    let mut t = 0.0;
    let mut x = Vector::<D>::zeros();
    let mut simplex = Simplex::<D>::empty();
    let mut normal = None;
    // From a point near C (the shapes' centres) towards the ray's start.
    let mut v = x - center;
    for iterations in 1..=max_iterations {
        let undecided = RayCast::Undecided { iterations };
        // Scaled where its square would underflow: a `v` 1e-162 long measured 0.97 of that,
        // and the hit's normal came out as long (a shape cast of two points, found by fuzzing).
        let v_norm = robust_norm(&v);
        if !(v_norm > 0.0 && v_norm.is_finite()) {
            return undecided;
        }
        // Support point: `p`, of C along `v`; the plane `v . c <= v . p` holds all of C.
        let p = pair.support(&v);
        if !finite(&p) {
            return undecided;
        }
        // Bounds: x lies `v . (x - p) / |v|` beyond the plane. Beyond it by more than the
        // contact tolerance, the point steps along the ray to the plane, if the ray
        // approaches it before `max_t`; otherwise the cast misses.
        let scale = pair.extent() + (center - x).norm();
        let vw = v.dot(&(x - p.w));
        let advances = vw > 0.0 && !converged(vw / v_norm, scale);
        if advances {
            let approach = v.dot(r);
            if approach.is_nan() || approach >= 0.0 {
                return RayCast::Miss;
            }
            let next = t - vw / approach;
            if next > max_t {
                return RayCast::Miss;
            }
            if !(next > t && next.is_finite() && in_range(next)) {
                return undecided;
            }
            t = next;
            x = r * t;
            normal = Some(v / v_norm);
        }
        // Add. A support point already in the simplex adds nothing: after a step, the simplex
        // seen from the new point is solved again; without one, rounding has the last word.
        if !simplex.add(p, ()) && !advances {
            return undecided;
        }
        // Reduce: the simplex keeps the vertices of its point closest to x; `v` runs from
        // that point to x.
        v = simplex.reduce_towards(&x);
        // Termination (the paper's loop test, on the new `v`): x within the contact tolerance
        // of the simplex, or inside it (a full simplex).
        let distance = v.norm();
        if simplex.points().len() > D || converged(distance, scale) {
            // Touching: at the start, left to conservative advancement (overlaps and their
            // penetration); later, the contact.
            let Some(normal) = normal else {
                return undecided;
            };
            let (point_a, point_b) = simplex.witness_points();
            return RayCast::Hit {
                t,
                normal,
                point_a,
                point_b: point_b + x,
                distance,
                iterations,
            };
        }
    }
    RayCast::Undecided {
        iterations: max_iterations,
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
        gjk_ray_cast(&pair, &r, max_t, 128, contact, |_| true)
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
