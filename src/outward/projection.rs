//! The distance from the origin to a segment or a triangle whose vertices are exact differences
//! of float points, where the origin's projection on its line or plane provably falls in it:
//! the distance to the line or plane, `|p x e| / |e|` or `|n . p| / |n|`, a quotient of exact
//! polynomials in the coordinates, which is exact wherever it is a float (a vertex 2 from an
//! edge is 2.0 from it) where a combination of the vertices by rounded weights is not (`1/3`
//! has no float).

use nalgebra::Vector3;

use super::exact::Sum;
use super::{norm_above, norm_below, quotient_above};
use crate::support::Vector;

/// A point known exactly, component by component, as the difference of two float points.
pub(super) type Point = [Sum; 3];

/// The point `a - b`, exactly.
pub(super) fn point<const D: usize>(a: &Vector<D>, b: &Vector<D>) -> Point {
    let mut p = [Sum::default(); 3];
    for (k, component) in p.iter_mut().enumerate().take(D) {
        *component = Sum::difference(a[k], b[k]);
    }
    p
}

/// An upper bound on the distance from the origin to the segment `[p, q]` in `dimension` (2 or
/// 3) dimensions, when the origin's projection on its line provably lies on it; `None`
/// otherwise (the projection beyond an end, or too near one to tell).
pub(super) fn segment_distance_above(p: &Point, q: &Point, dimension: usize) -> Option<f64> {
    let e: Point = std::array::from_fn(|k| q[k].minus(p[k]));
    let dot =
        |x: &Point| (1..dimension).fold(x[0].times(e[0]), |sum, k| sum.plus(x[k].times(e[k])));
    // The projection `p + t e` has t = -(p . e) / (e . e) in [0, 1]: p . e <= 0 <= q . e.
    if !(dot(p).negated().not_below_zero() && dot(q).not_below_zero()) {
        return None;
    }
    let across = |i: usize, j: usize| p[i].times(e[j]).minus(p[j].times(e[i]));
    let numerator = if dimension == 2 {
        norm_above(&[across(0, 1)])
    } else {
        norm_above(&[across(1, 2), across(2, 0), across(0, 1)])
    };
    quotient_above(numerator, norm_below(&e[..dimension]))
}

/// An upper bound on the distance from the origin to the triangle `[p, q, r]` (3D), when the
/// origin's projection on its plane provably lies in it: `|n . p| / |n|` with
/// `n = (q - p) x (r - p)`; `None` otherwise. `rounded` holds the floats nearest `p`, `q`, `r`:
/// the test that the projection is inside (the signs of `n . (p x q)` and its two turns, each
/// the projection's barycentric weight of the third vertex times `|n|^2`) runs on them with a
/// bound on its rounding, and leaves to the caller the triangles whose signs it cannot tell.
pub(super) fn triangle_distance_above(
    [p, q, r]: [&Point; 3],
    rounded: [Vector3<f64>; 3],
) -> Option<f64> {
    if !projection_inside(rounded) {
        return None;
    }
    let (e1, e2): (Point, Point) = (
        std::array::from_fn(|k| q[k].minus(p[k])),
        std::array::from_fn(|k| r[k].minus(p[k])),
    );
    let across = |i: usize, j: usize| e1[i].times(e2[j]).minus(e1[j].times(e2[i]));
    let n = [across(1, 2), across(2, 0), across(0, 1)];
    let along = n[0]
        .times(p[0])
        .plus(n[1].times(p[1]))
        .plus(n[2].times(p[2]));
    quotient_above(norm_above(&[along]), norm_below(&n))
}

/// Whether the origin's projection on the plane of the triangle whose vertices are within half
/// an ulp of `rounded` (each component) lies strictly inside it: its three barycentric
/// weights, times `|n|^2`, are `n . (p x q)` and its turns, each a polynomial of degree 4 in
/// the coordinates, computed in floats and clear of a bound on their rounding and on that of
/// the vertices (a few hundred units of `EPSILON` times the fourth power of the largest
/// coordinate sum: far from tight, but each is of that order unless the triangle is a sliver
/// or the projection near its boundary).
fn projection_inside([p, q, r]: [Vector3<f64>; 3]) -> bool {
    let n = (q - p).cross(&(r - p));
    let size = p.abs().sum().max(q.abs().sum()).max(r.abs().sum());
    let rounding = 1024.0 * f64::EPSILON * size.powi(4);
    [(p, q), (q, r), (r, p)]
        .iter()
        .all(|(a, b)| n.dot(&a.cross(b)) > rounding)
        && rounding.is_finite()
}
