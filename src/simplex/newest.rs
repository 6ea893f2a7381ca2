//! The sub-algorithm of the lean GJK loop: the point of a triangle (2D and 3D) or tetrahedron
//! (3D) closest to the origin, looked for only in the regions that hold the simplex's newest
//! vertex.
//!
//! After a GJK step, the simplex is the previous one (whose closest point to the origin lay
//! inside it) and the new support point `a`, found beyond that point towards the origin. The
//! new closest point is nearer the origin than any point of the previous simplex, so it lies in
//! a face, edge or vertex region that holds `a` (the observation coal's projections, Jolt's
//! `GJKClosestPoint` and openGJK's signed volumes build on): a triangle tests 4 of its 7
//! regions, a tetrahedron 8 of its 15.
//!
//! The tests are written from `a` (edges and `-a`), the form of Ericson's "Real-Time Collision
//! Detection" (5.1.5 and 5.1.6) whose rounding is that of the origin's place seen from `a`. Where
//! they cannot be trusted, a sliver triangle or a flat or thin tetrahedron, or a region that
//! cannot hold `a` comes out (rounding), this solver declines, and the caller solves every
//! sub-simplex by signed volumes ([`super::closest_to_origin`]). A segment is solved by the
//! signed volumes' own formulas, inlined into the step.

use nalgebra::Vector3;

use super::closest::{segment_between, Closest};
use crate::support::{lift, Vector};

/// A triangle is solved here when `|ab x ac|^2` is at least this share of its longest edge's
/// fourth power (every height at least about 1/32 of the longest edge); thinner ones are left
/// to the signed volumes, which solve slivers along their edges.
const SOLID_TRIANGLE: f64 = 1.0 / 1024.0;

/// A tetrahedron is solved here when its volume's square (six times the volume, squared) is at
/// least this share of its longest edge from the newest vertex to the sixth power.
const SOLID_TETRAHEDRON: f64 = 1e-6;

/// The point closest to the origin of the simplex of `n` vertices `p(0)` to `p(n - 1)` (a
/// segment, a triangle, or in 3D a tetrahedron, the newest vertex last), and its weights;
/// `None` where the simplex is too thin for these tests or rounding put the answer in a region
/// without the newest vertex. The vertices are read through `p`, where they lie (no copy). A
/// segment, with three regions only, is solved as the signed volumes solve it (the same
/// numbers), inlined here rather than called.
#[inline(always)]
pub(crate) fn closest_through_newest<const D: usize>(
    n: usize,
    p: impl Fn(usize) -> Vector<D>,
) -> Option<Closest<D>> {
    match n {
        2 => Some(segment_between(p(0), p(1), [0, 1])),
        3 => triangle(p(2), p(0), p(1), [2, 0, 1]),
        4 if D == 3 => {
            let [b, c, d, a] = [0, 1, 2, 3].map(&p);
            let closest = tetrahedron(lift(&a), lift(&b), lift(&c), lift(&d))?;
            Some(Closest {
                weights: closest.weights,
                point: Vector::from_fn(|r, _| closest.point[r]),
            })
        }
        _ => None,
    }
}

/// The triangle `abc`, `a` the newest vertex; `slots` are the simplex's indices of `a`, `b`
/// and `c`, where their weights go. The same tests in both dimensions; only the face's point
/// differs (see [`face_point`]).
#[inline(always)]
fn triangle<const D: usize>(
    a: Vector<D>,
    b: Vector<D>,
    c: Vector<D>,
    slots: [usize; 3],
) -> Option<Closest<D>> {
    let (ab, ac) = (b - a, c - a);
    // How far the origin lies along each edge from `a`.
    let along_ab = -ab.dot(&a);
    let along_ac = -ac.dot(&a);
    if along_ab <= 0.0 && along_ac <= 0.0 {
        return Some(vertex(a, slots[0]));
    }
    let (ab_ab, ac_ac) = (ab.norm_squared(), ac.norm_squared());
    // |ab x ac|^2 (`nn`), and the weights of c and b times it: the origin's side of the edges
    // ab and ac.
    let (nn, weight_c, weight_b) = if D == 2 {
        planar_areas(a, ab, ac, ab_ab, ac_ac)?
    } else {
        spatial_areas(ab, ac, c - b, ab_ab, ac_ac, along_ab, along_ac)?
    };
    if weight_c <= 0.0 && along_ab >= 0.0 && along_ab <= ab_ab {
        return Some(edge(a, ab, along_ab / ab_ab, [slots[0], slots[1]]));
    }
    if weight_b <= 0.0 && along_ac >= 0.0 && along_ac <= ac_ac {
        return Some(edge(a, ac, along_ac / ac_ac, [slots[0], slots[2]]));
    }
    let weight_a = nn - weight_b - weight_c;
    if !(weight_a > 0.0 && weight_b > 0.0 && weight_c > 0.0) {
        return None;
    }
    let mut weights = [0.0; 4];
    weights[slots[0]] = weight_a / nn;
    weights[slots[1]] = weight_b / nn;
    weights[slots[2]] = weight_c / nn;
    Some(Closest {
        weights,
        point: face_point(a, ab, ac),
    })
}

/// A 3D triangle's `|ab x ac|^2` and its weights of `c` and `b` times it (see [`triangle`]),
/// by Lagrange's identity from the edges' dot products; `None` for a sliver (a height below
/// about 1/32 of the longest edge), whose cancellation the signed volumes avoid.
#[inline(always)]
fn spatial_areas<const D: usize>(
    ab: Vector<D>,
    ac: Vector<D>,
    bc: Vector<D>,
    ab_ab: f64,
    ac_ac: f64,
    along_ab: f64,
    along_ac: f64,
) -> Option<(f64, f64, f64)> {
    let ab_ac = ab.dot(&ac);
    let nn = ab_ab * ac_ac - ab_ac * ab_ac;
    let bc_bc = bc.norm_squared();
    let longest = ab_ab.max(ac_ac).max(bc_bc);
    // Also false for NaN.
    if !(nn >= SOLID_TRIANGLE * longest * longest && nn < f64::INFINITY) {
        return None;
    }
    let weight_c = ab_ab * along_ac - ab_ac * along_ab;
    let weight_b = ac_ac * along_ab - ab_ac * along_ac;
    Some((nn, weight_c, weight_b))
}

/// A 2D triangle's `|ab x ac|^2` and its weights of `c` and `b` times it (see [`triangle`]):
/// the same numbers in exact arithmetic as [`spatial_areas`]' (by the Binet-Cauchy identity,
/// `weight_c = (ab x ac)(ab x -a)`), from the cross products themselves, whose rounding is a
/// few ulps of `|ab| |ac|` however thin the triangle: slivers too are solved here (on W2D-16,
/// one step in eight met a sliver and went to the signed volumes). `None` for a triangle
/// flat to within rounding ([`SOLID_PLANAR_TRIANGLE`]) or a number not finite.
#[inline(always)]
fn planar_areas<const D: usize>(
    a: Vector<D>,
    ab: Vector<D>,
    ac: Vector<D>,
    ab_ab: f64,
    ac_ac: f64,
) -> Option<(f64, f64, f64)> {
    let cross = |u: &Vector<D>, v: &Vector<D>| u[0] * v[1] - u[1] * v[0];
    let n = cross(&ab, &ac);
    let nn = n * n;
    // Also false for NaN.
    if !(nn >= SOLID_PLANAR_TRIANGLE * ab_ab * ac_ac && nn < f64::INFINITY) {
        return None;
    }
    let weight_c = n * cross(&ab, &-a);
    let weight_b = n * cross(&-a, &ac);
    Some((nn, weight_c, weight_b))
}

/// A 2D triangle is solved here when `|ab x ac|^2` is at least this share of
/// `|ab|^2 |ac|^2` (the sine of its angle at `a` at least 1e-6): the cross products' rounding,
/// a few ulps of `|ab| |ac|`, is then below 1e-9 of the area.
const SOLID_PLANAR_TRIANGLE: f64 = 1e-12;

/// The origin's projection on the plane of the triangle with corner `a` and edges `ab`, `ac`,
/// along its normal: exact to rounding however far the origin is from the triangle. In 2D the
/// plane is the whole plane: the origin itself.
#[inline(always)]
fn face_point<const D: usize>(a: Vector<D>, ab: Vector<D>, ac: Vector<D>) -> Vector<D> {
    if D == 2 {
        return Vector::zeros();
    }
    let n = lift(&ab).cross(&lift(&ac));
    let point = n * (lift(&a).dot(&n) / n.norm_squared());
    Vector::from_fn(|r, _| point[r])
}

/// The tetrahedron `abcd`, `a` the newest vertex (slot 3; `b`, `c`, `d` in slots 0 to 2).
#[inline(always)]
fn tetrahedron(
    a: Vector3<f64>,
    b: Vector3<f64>,
    c: Vector3<f64>,
    d: Vector3<f64>,
) -> Option<Closest<3>> {
    let (ab, ac, ad) = (b - a, c - a, d - a);
    let (n_abc, n_acd, n_adb) = (ab.cross(&ac), ac.cross(&ad), ad.cross(&ab));
    // Six times the signed volume, and the signed volumes with the origin in place of d, b
    // and c (each the weight of that vertex times the whole).
    let volume = ad.dot(&n_abc);
    let (without_d, without_b, without_c) = (-a.dot(&n_abc), -a.dot(&n_acd), -a.dot(&n_adb));
    let longest = ab
        .norm_squared()
        .max(ac.norm_squared())
        .max(ad.norm_squared());
    // Also false for NaN.
    if !(volume * volume >= SOLID_TETRAHEDRON * longest * longest * longest
        && volume.abs() < f64::INFINITY)
    {
        return None;
    }
    let without_a = volume - without_b - without_c - without_d;
    let inside = |share: f64| share * volume > 0.0;
    if inside(without_a) && inside(without_b) && inside(without_c) && inside(without_d) {
        return Some(Closest {
            weights: [without_b, without_c, without_d, without_a].map(|w| w / volume),
            point: Vector3::zeros(),
        });
    }
    if inside(without_b) && inside(without_c) && inside(without_d) {
        // Beyond the previous face alone: rounding.
        return None;
    }
    // The faces through `a` that the origin lies beyond; the nearest of their points.
    let faces = [
        (without_d, b, c, [3, 0, 1]),
        (without_b, c, d, [3, 1, 2]),
        (without_c, d, b, [3, 2, 0]),
    ];
    let mut best: Option<(f64, Closest<3>)> = None;
    for (share, p, q, slots) in faces {
        if inside(share) {
            continue;
        }
        let candidate = triangle(a, p, q, slots)?;
        let nn = candidate.point.norm_squared();
        if best.as_ref().is_none_or(|(least, _)| nn < *least) {
            best = Some((nn, candidate));
        }
    }
    best.map(|(_, closest)| closest)
}

/// The vertex `a` in slot `slot`.
#[inline(always)]
fn vertex<const D: usize>(a: Vector<D>, slot: usize) -> Closest<D> {
    let mut weights = [0.0; 4];
    weights[slot] = 1.0;
    Closest { weights, point: a }
}

/// The point `t` of the way along the edge `e` from `a` (slots of `a` and the other end): the
/// interpolated point less its component along the edge, the rounding of a long edge's ends
/// (see `closest::square_to`).
#[inline(always)]
fn edge<const D: usize>(a: Vector<D>, e: Vector<D>, t: f64, slots: [usize; 2]) -> Closest<D> {
    let mut weights = [0.0; 4];
    weights[slots[0]] = 1.0 - t;
    weights[slots[1]] = t;
    let p = a + e * t;
    Closest {
        weights,
        point: p - e * (p.dot(&e) / e.norm_squared()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simplex::closest_to_origin;

    /// On random simplices set up as a GJK step sets them up (the previous simplex's closest
    /// point inside it, the newest vertex beyond it towards the origin), near the origin and up
    /// to 1e4 from it, the newest-vertex solver finds the point the signed volumes find, with
    /// weights that give it back, or declines.
    fn agrees_with_the_signed_volumes_on_gjk_steps<const D: usize>(sizes: &[usize]) {
        let mut next = crate::test_random::uniform(0x9e37_79b9_7f4a_7c15);
        let (mut solved, mut steps) = (0, 0);
        for case in 0..20_000 {
            let offset = 10f64.powi((case % 7) as i32 - 2);
            let n = sizes[case % sizes.len()];
            let p: Vec<Vector<D>> = (0..n)
                .map(|_| Vector::<D>::from_fn(|r, _| next() + if r == 0 { offset } else { 0.0 }))
                .collect();
            let previous = closest_to_origin(&p[..n - 1]);
            if previous.weights[..n - 1].iter().any(|w| *w <= 0.0) {
                continue;
            }
            let v = previous.point;
            if p[n - 1].dot(&v) >= v.norm_squared() {
                continue;
            }
            steps += 1;
            let full = closest_to_origin(&p);
            let Some(newest) = closest_through_newest(n, |i| p[i]) else {
                continue;
            };
            solved += 1;
            let size = p.iter().map(|x| x.amax()).fold(0.0, f64::max);
            let allowed = 1e-12 * size;
            assert!(
                (newest.point - full.point).amax() <= allowed,
                "{p:?}: {:?} against {:?}",
                newest.point,
                full.point
            );
            let combined: Vector<D> = p.iter().zip(newest.weights).map(|(x, w)| x * w).sum();
            assert!((combined - newest.point).amax() <= allowed, "{p:?}");
            assert!(newest.weights.iter().all(|w| (0.0..=1.0).contains(w)));
            assert!((newest.weights.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
        assert!(steps > 3_000, "{steps} steps");
        assert!(solved * 10 > steps * 9, "{solved} of {steps} solved");
    }

    #[test]
    fn agrees_with_the_signed_volumes_on_gjk_steps_2d() {
        agrees_with_the_signed_volumes_on_gjk_steps::<2>(&[2, 3]);
    }

    #[test]
    fn agrees_with_the_signed_volumes_on_gjk_steps_3d() {
        agrees_with_the_signed_volumes_on_gjk_steps::<3>(&[2, 3, 4]);
    }

    /// The point of the 2D triangle `p` closest to the origin, by brute force: the origin
    /// where exact orientation tests put it inside, else the closest of the three edges'
    /// closest points.
    fn triangle_closest_by_brute_force(p: &[Vector<2>; 3]) -> Vector<2> {
        let at = |v: &Vector<2>| robust::Coord { x: v.x, y: v.y };
        let origin = robust::Coord { x: 0.0, y: 0.0 };
        let sides =
            [(0, 1), (1, 2), (2, 0)].map(|(i, j)| robust::orient2d(at(&p[i]), at(&p[j]), origin));
        if sides.iter().all(|s| *s >= 0.0) || sides.iter().all(|s| *s <= 0.0) {
            return Vector::<2>::zeros();
        }
        let on_edge = |u: Vector<2>, v: Vector<2>| {
            let e = v - u;
            u + e * (-u.dot(&e) / e.norm_squared()).clamp(0.0, 1.0)
        };
        [
            on_edge(p[0], p[1]),
            on_edge(p[1], p[2]),
            on_edge(p[2], p[0]),
        ]
        .into_iter()
        .min_by(|x, y| x.norm_squared().total_cmp(&y.norm_squared()))
        .expect("three edges")
    }

    /// 2D slivers as GJK steps meet them near convergence (the newest vertex a little beyond
    /// the previous edge, towards the origin, from 1e-2 down to 1e-6 of the edge's length,
    /// whose sine at the newest vertex stays above the threshold): solved, with the point a
    /// brute force finds and weights that give it back.
    #[test]
    fn solves_planar_slivers() {
        let mut next = crate::test_random::uniform(0x51_1ce5);
        let mut solved = 0;
        for case in 0..5_000 {
            let height = 10f64.powi(-2 - case % 5);
            let (b, c) = (
                Vector::<2>::new(next() - 1.0, 2.0 + next()),
                Vector::<2>::new(next() + 1.0, 2.0 + next()),
            );
            let e = c - b;
            // The previous simplex's closest point inside the edge bc.
            let t = -b.dot(&e) / e.norm_squared();
            if !(t > 0.0 && t < 1.0) {
                continue;
            }
            let toward = Vector::<2>::new(e.y, -e.x);
            let toward = if toward.dot(&(b + e * t)) > 0.0 {
                -toward
            } else {
                toward
            };
            let a = b + e * (0.5 + 0.4 * next()) + toward * height;
            let p = [b, c, a];
            let expected = triangle_closest_by_brute_force(&p);
            let newest = closest_through_newest(3, |i| p[i]).expect("a sliver solved");
            solved += 1;
            assert!((newest.point - expected).amax() <= 1e-12, "{p:?}");
            let combined: Vector<2> = p.iter().zip(newest.weights).map(|(x, w)| x * w).sum();
            assert!((combined - newest.point).amax() <= 1e-12, "{p:?}");
            assert!((newest.weights.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
        assert!(solved > 2_000, "{solved} solved");
    }

    /// A flat tetrahedron and a sliver triangle are declined.
    #[test]
    fn declines_thin_simplices() {
        let v = Vector3::new;
        let flat = [
            v(1.0, 0.0, 0.0),
            v(1.0, 1.0, 0.0),
            v(1.0, 0.0, 1.0),
            v(1.0, 1.0, 1e-9),
        ];
        assert!(closest_through_newest(4, |i| flat[i]).is_none());
        let sliver = [v(1.0, 0.0, 0.0), v(1.0, 1.0, 0.0), v(1.0, 0.5, 1e-6)];
        assert!(closest_through_newest(3, |i| sliver[i]).is_none());
        let w = Vector::<2>::new;
        let sliver = [w(1.0, 0.0), w(1.0, 1.0), w(1.0 + 1e-9, 0.5)];
        assert!(closest_through_newest(3, |i| sliver[i]).is_none());
    }
}
