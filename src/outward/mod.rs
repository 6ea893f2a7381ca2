//! Bounds that hold in exact arithmetic, computed in `f64`: the certified interval of a
//! distance query (`lower_bound <= exact distance <= distance`, issue #37) takes every rounding
//! of its computation into account and is rounded away from the exact value.
//!
//! The distance's upper bound is the norm of a combination of differences of the shapes' points
//! (the simplex's closest point, or a vertex and its foot on an edge). Each difference and each
//! weighted term is computed exactly, as an unevaluated sum of two floats (Knuth's two-sum,
//! Dekker's product), the terms summed with a correction whose own rounding is bounded, and the
//! square root rounded up by checking its square. So the bound is the exact norm wherever that
//! is a float (squares 2 apart are 2.0 apart), and within an ulp or two of it elsewhere, however
//! large the coordinates are compared with the distance. Products that underflow lose their
//! exactness: the bound adds a few subnormal units (`TINY`) there.

mod exact;
mod projection;

use exact::{two_product, two_sum, Sum, ERROR_ROUNDING, SQUARE_RANGE, U};

use crate::support::Vector;

/// An upper bound, in exact arithmetic, on `|sum_k weight_k (p_k - q_k)|` for float weights and
/// points (a difference of two points of the shapes, combined): exactly the norm, rounded up,
/// wherever it is a float and the combination is exact in double-double (the squares 2 apart are
/// 2.0), and within an ulp or two of it elsewhere. Each term is computed as an unevaluated sum
/// of two floats (two-sum, Dekker's product), so the rounding of the terms themselves, of the
/// order of the points' coordinates, does not enter the bound.
#[inline(never)]
pub(crate) fn weighted_differences_norm_above<const D: usize>(
    terms: &[(f64, &Vector<D>, &Vector<D>)],
) -> f64 {
    let mut components = [Sum::default(); 3];
    for (k, component) in components.iter_mut().enumerate().take(D) {
        for (weight, p, q) in terms {
            component.add_weighted_difference(*weight, p[k], q[k]);
        }
    }
    norm_above(&components[..D])
}

/// An upper bound, in exact arithmetic, on `|p - q|` for float points (a vertex of `A - B`
/// alone): [`combination_norm_above`] with the one weight 1, without its weights. `None`
/// where the bound overflows.
#[inline(never)]
pub(crate) fn difference_norm_above<const D: usize>(p: &Vector<D>, q: &Vector<D>) -> Option<f64> {
    let mut components = [Sum::default(); 3];
    for (k, component) in components.iter_mut().enumerate().take(D) {
        *component = Sum::difference(p[k], q[k]);
    }
    let bound = norm_above(&components[..D]);
    bound.is_finite().then_some(bound)
}

/// An upper bound on the Euclidean norm of the exact vector `components`.
fn norm_above(components: &[Sum]) -> f64 {
    norm_bound(components, true)
}

/// A lower bound on the Euclidean norm of the exact vector `components`.
fn norm_below(components: &[Sum]) -> f64 {
    norm_bound(components, false)
}

/// [`norm_above`] (`above`) or [`norm_below`]: the components' magnitudes bounded, scaled by a
/// power of two (exact) where their squares would overflow or underflow, squared exactly but
/// for second-order terms, and the square root bounded by checking its square.
#[inline(never)]
fn norm_bound(components: &[Sum], above: bool) -> f64 {
    let mut magnitudes = [(0.0, 0.0); 3];
    for (m, c) in magnitudes.iter_mut().zip(components) {
        *m = if above {
            c.magnitude_above()
        } else {
            c.magnitude_below()
        };
    }
    let magnitudes = &magnitudes[..components.len()];
    let largest = magnitudes.iter().fold(0.0f64, |m, c| m.max(c.0));
    let exponent = if largest > 0.0 && !(SQUARE_RANGE.0..=SQUARE_RANGE.1).contains(&largest) {
        -(largest.log2().floor() as i32)
    } else {
        0
    };
    let mut squared = Sum::default();
    for &(high, low) in magnitudes {
        let (high, low) = (
            times_power_of_two(high, exponent),
            times_power_of_two(low, exponent),
        );
        // (high + low)^2 = high^2 + (2 high + low) low: the first exactly, the rest rounded.
        let (square, square_error) = two_product(high, high);
        squared.add(square);
        squared.add(square_error);
        if low != 0.0 {
            let rest = (2.0 * high + low) * low;
            squared.add(rest);
            squared.error += 4.0 * U * rest.abs();
        }
    }
    let root = if above {
        square_root_above(&squared)
    } else {
        square_root_below(&squared)
    };
    let scaled = root;
    let root = times_power_of_two(scaled, -exponent);
    if root.is_nan() {
        return if above { f64::INFINITY } else { 0.0 };
    }
    // Scaled back into the subnormal range, the root may round: it did where scaling it up
    // again (exact) does not give it back.
    match (times_power_of_two(root, exponent) == scaled, above) {
        (true, _) => root,
        (false, true) => root.next_up(),
        (false, false) => root.next_down().max(0.0),
    }
}

/// An upper bound, in exact arithmetic, on `numerator / denominator` for a positive
/// denominator: the rounded quotient, stepped up unless it times the denominator reaches the
/// numerator. `None` for a denominator that is not positive and finite.
fn quotient_above(numerator: f64, denominator: f64) -> Option<f64> {
    if !(denominator > 0.0 && denominator.is_finite()) {
        return None;
    }
    let mut quotient = numerator / denominator;
    for _ in 0..2 {
        let (product, product_error) = two_product(quotient, denominator);
        if product > numerator || (product == numerator && product_error >= 0.0) {
            return Some(quotient);
        }
        quotient = quotient.next_up();
    }
    Some(quotient)
}

/// `x * 2^exponent`, in two steps where `2^exponent` itself is beyond the range of `f64`
/// (exact unless the result overflows or is subnormal).
fn times_power_of_two(x: f64, exponent: i32) -> f64 {
    if exponent == 0 {
        return x;
    }
    let half = exponent / 2;
    x * 2f64.powi(half) * 2f64.powi(exponent - half)
}

/// An upper bound on the square root of the exact sum `squared` (at least 0, its squares
/// within the normal range): the rounded square root of its upper end, stepped up while its
/// square falls short (at most twice: a square root is rounded within half an ulp).
fn square_root_above(squared: &Sum) -> f64 {
    let (high, low) = two_sum(squared.high, squared.low);
    let above = low + squared.error * (1.0 + ERROR_ROUNDING);
    let mut root = (high + above).max(0.0).sqrt();
    for _ in 0..3 {
        // root^2 - (high + above), exactly but for the rounding of the small terms.
        let (square, square_error) = two_product(root, root);
        let (difference, difference_error) = two_sum(square, -high);
        let shortfall = above - square_error - difference_error;
        if difference >= shortfall + 4.0 * U * shortfall.abs() {
            return root;
        }
        root = root.next_up();
    }
    // Rounding beyond the analysis (not expected): a generous bound.
    ((high + above.abs()) * (1.0 + 8.0 * f64::EPSILON)).sqrt() * (1.0 + 8.0 * f64::EPSILON)
}

/// A lower bound on the square root of the exact sum `squared` (clamped at 0), as
/// [`square_root_above`] the other way.
fn square_root_below(squared: &Sum) -> f64 {
    let (high, low) = two_sum(squared.high, squared.low);
    let below = low - squared.error * (1.0 + ERROR_ROUNDING);
    let mut root = (high + below).max(0.0).sqrt();
    for _ in 0..3 {
        // root^2 - (high + below) must not be above 0.
        let (square, square_error) = two_product(root, root);
        let (difference, difference_error) = two_sum(square, -high);
        let room = below - square_error - difference_error;
        if difference <= room - 4.0 * U * room.abs() {
            return root;
        }
        root = root.next_down().max(0.0);
    }
    ((high + below).max(0.0) * (1.0 - 8.0 * f64::EPSILON)).sqrt() * (1.0 - 8.0 * f64::EPSILON)
}

/// An upper bound, in exact arithmetic, on the distance from the origin to the segment between
/// the exact differences `a_0 - b_0` and `a_1 - b_1` (`ends`, floats), when the origin's
/// projection on its line provably falls on it (see [`projection`]): exact wherever the
/// distance is a float. `None` otherwise.
#[inline(never)]
pub(crate) fn segment_distance_above<const D: usize>(
    ends: [(&Vector<D>, &Vector<D>); 2],
) -> Option<f64> {
    let [(a0, b0), (a1, b1)] = ends;
    projection::segment_distance_above(&projection::point(a0, b0), &projection::point(a1, b1), D)
}

/// [`segment_distance_above`] for a triangle of exact differences (3D): the distance to its
/// plane, when the origin's projection on it provably falls inside.
#[inline(never)]
pub(crate) fn triangle_distance_above(vertices: [(Vector<3>, Vector<3>); 3]) -> Option<f64> {
    let [p, q, r] = vertices.map(|(a, b)| projection::point(&a, &b));
    let rounded = vertices.map(|(a, b)| a - b);
    projection::triangle_distance_above([&p, &q, &r], rounded)
}

/// A weighted sum of floats, exactly: its rounded value and a lower and an upper bound.
fn exact_total(weights: &[f64]) -> (f64, f64) {
    let mut total = Sum::default();
    for &w in weights {
        total.add(w);
    }
    let (high, low) = two_sum(total.high, total.low);
    let below = if low - total.error < 0.0 {
        high.next_down()
    } else {
        high
    };
    let above = if low + total.error > 0.0 {
        high.next_up()
    } else {
        high
    };
    (below, above)
}

/// An upper bound, in exact arithmetic, on the distance from the origin to the point
/// `sum_i weights[i] (a_i - b_i) / sum_i weights[i]` of the convex hull of the exact
/// differences `a_i - b_i` (`points[i] = (a_i, b_i)`, floats): see
/// [`weighted_differences_norm_above`]. `None` unless the weights are a convex combination's:
/// finite, none negative, with a positive sum. They need not sum to 1; where they do, exactly,
/// no division rounds the bound.
#[inline(never)]
pub(crate) fn combination_norm_above<const D: usize>(
    points: &[(Vector<D>, Vector<D>)],
    weights: &[f64],
) -> Option<f64> {
    if weights.iter().any(|w| !(*w >= 0.0 && w.is_finite())) {
        return None;
    }
    let mut terms = [(0.0, &points[0].0, &points[0].1); 4];
    for ((term, (a, b)), &w) in terms.iter_mut().zip(points).zip(weights) {
        *term = (w, a, b);
    }
    let n = points.len().min(weights.len());
    let norm = weighted_differences_norm_above(&terms[..n]);
    let (total_below, total_above) = exact_total(&weights[..n]);
    if total_below.is_nan() || total_below <= 0.0 {
        return None;
    }
    let bound = if total_below == 1.0 && total_above == 1.0 {
        norm
    } else {
        (norm / total_below).next_up()
    };
    bound.is_finite().then_some(bound)
}

/// A quick upper bound, in exact arithmetic, on the distance from the origin to the point
/// `sum_i weights[i] w_i / sum_i weights[i]` of the hull of exact differences `w_i = a_i - b_i`,
/// each known as `rounded[i]` (the difference rounded): the plain float combination, its
/// rounding bounded by `gamma(n + 2)` times the combination of the points' magnitudes
/// (Higham). A few ulps above the exact value where the points are of the result's size; far
/// more where they are far larger (the cancellation [`combination_norm_above`] avoids). Also
/// the plain estimate. `None` unless the weights are a convex combination's.
pub(crate) fn quick_combination_norm_above<const D: usize>(
    rounded: &[Vector<D>],
    weights: &[f64],
) -> Option<(f64, f64)> {
    let mut point = [0.0; 3];
    let (mut largest, mut total) = (0.0f64, 0.0);
    for (w, &weight) in rounded.iter().zip(weights) {
        if !(weight >= 0.0 && weight.is_finite()) {
            return None;
        }
        for k in 0..D {
            point[k] += w[k] * weight;
            largest = largest.max(w[k].abs());
        }
        total += weight;
    }
    let norm = crate::range::robust_norm(&Vector::<D>::from_fn(|k, _| point[k]));
    // Each component of the combination is within gamma(n + 1) of the combination of the
    // points' magnitudes (n products and sums, and the points' own rounding), which is at most
    // the largest component times the total: sqrt(D) of them in norm. The norm (D squares, a
    // square root), the total (n - 1 sums) and the quotient round by (D / 2 + n + 1) units
    // more, relative; one unit beyond covers the last multiplication's own rounding.
    const U: f64 = f64::EPSILON / 2.0;
    let n = rounded.len() as f64;
    let root_d = (D as f64).sqrt() * (1.0 + f64::EPSILON);
    let error = (n + 1.0) * U * (1.0 + 8.0 * U) * root_d * largest * total;
    let relative = (D as f64 / 2.0 + n + 2.0) * U;
    let bound = (norm + error) / total * (1.0 + relative);
    (total > 0.0 && !bound.is_nan()).then_some((bound, norm / total))
}

/// Whether the quick bound on a distance whose plain float `estimate` is known is worth
/// replacing by the exact computation: where the estimate is within a few ulps of a float of
/// at most 26 significant bits, which the exact distance may well be (squares 2 apart: 2.0,
/// where the quick bound would say 2.0000000000000009). Elsewhere the quick bound, a few ulps
/// of the points' coordinates above the exact distance, stands: the exact computation costs
/// several times the quick one (its terms split into double-doubles), on every query.
pub(crate) fn worth_exact(estimate: f64) -> bool {
    let low = estimate.to_bits() & LOW_BITS;
    low <= 4 || low >= LOW_BITS - 4
}

/// A float's significand bits below its 26 leading ones.
const LOW_BITS: u64 = (1 << 27) - 1;

/// Whether `x` has at most 26 significant bits, so that its square is exact.
pub(crate) fn short_float(x: f64) -> bool {
    x.to_bits() & LOW_BITS == 0
}

/// An upper bound, in exact arithmetic, on `x - y - z` for floats.
pub(crate) fn difference_above(x: f64, y: f64, z: f64) -> f64 {
    let (rounded, error) = exact_difference(x, y, z);
    if error > 0.0 {
        rounded.next_up()
    } else {
        rounded
    }
}

/// A lower bound, in exact arithmetic, on `x - y - z` for floats.
pub(crate) fn difference_below(x: f64, y: f64, z: f64) -> f64 {
    let (rounded, error) = exact_difference(x, y, z);
    if error < 0.0 {
        rounded.next_down()
    } else {
        rounded
    }
}

/// `x - y - z` as its rounded value and the (sign-exact) remainder.
fn exact_difference(x: f64, y: f64, z: f64) -> (f64, f64) {
    let (s, e1) = two_sum(x, -y);
    let (s, e2) = two_sum(s, -z);
    let (tail, tail_error) = two_sum(e1, e2);
    let (rounded, e3) = two_sum(s, tail);
    // The exact value is rounded + e3 + tail_error; both are far below an ulp of `rounded`.
    let (remainder, _) = two_sum(e3, tail_error);
    (rounded, remainder)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `bound` is not below `exact` (known to a unit of rounding) and within 4 ulps above it.
    fn assert_tight(bound: f64, exact: f64) {
        assert!(
            bound >= exact * (1.0 - 2.0 * f64::EPSILON),
            "{bound:e} < {exact:e}"
        );
        assert!(
            bound <= exact * (1.0 + 4.0 * f64::EPSILON),
            "{bound:e} vs {exact:e}"
        );
    }

    /// The bound is the exact norm where that is a float and the combination is exact, and
    /// never below it: squares 2 apart, a 3-4-5 triangle, weights that do not sum to 1.
    #[test]
    fn combination_norm_above_is_exact_where_it_can_be() {
        let (a, b) = (Vector::<2>::new(1.0, 0.5), Vector::<2>::new(-1.0, 0.5));
        let (c, d) = (Vector::<2>::new(1.0, -0.5), Vector::<2>::new(-1.0, -0.5));
        // The midpoint of (2, 1) and (2, -1): (2, 0).
        assert_eq!(
            combination_norm_above(&[(a, b), (c, d)], &[0.5, 0.5]),
            Some(2.0)
        );
        let (p, q) = (
            Vector::<3>::new(3.5, 4.0, 0.0),
            Vector::<3>::new(0.5, 0.0, 0.0),
        );
        assert_eq!(combination_norm_above(&[(p, q)], &[1.0]), Some(5.0));
        // Weights summing to 3: the same point, the division rounded up.
        let third = combination_norm_above(&[(p, q)], &[3.0]).expect("convex");
        assert!(
            (5.0..=5.0 * (1.0 + f64::EPSILON)).contains(&third),
            "{third}"
        );
        // A negative weight or a zero sum is no convex combination.
        assert_eq!(
            combination_norm_above(&[(a, b), (c, d)], &[-0.5, 1.5]),
            None
        );
        assert_eq!(combination_norm_above(&[(a, b), (c, d)], &[0.0, 0.0]), None);
    }

    /// Combinations of two differences of 1e-6 that cancel to about 1e-12, where the plain
    /// floats' rounding is 1e-10 of the answer (a million ulps): the bound is never below the
    /// exact norm and within 4 ulps of it. The exact value is computed on integers: the
    /// coordinates are multiples of 2^-50, the weights (53 significant bits) of 2^-54.
    #[test]
    fn combination_norm_above_is_tight_under_cancellation() {
        let mut next = crate::test_random::uniform(0x3779_b97f_4a7c_15e3);
        let grid = |x: f64| (x * 2f64.powi(50)).round() * 2f64.powi(-50);
        let integer = |x: f64| (x * 2f64.powi(50)) as i128;
        for _ in 0..20_000 {
            let vector = |next: &mut dyn FnMut() -> f64, size: f64| {
                Vector::<2>::new(grid(next() * size), grid(next() * size))
            };
            let (a, d1, d3) = (
                vector(&mut next, 1.0),
                vector(&mut next, 1e-6),
                vector(&mut next, 1e-12),
            );
            // p - q = d1, r - s = d3 - d1: every coordinate exact on the grid.
            let (p, q, r, s) = (a, a - d1, a, a + d1 - d3);
            // Weights of 53 significant bits near 1/2: multiples of 2^-54.
            let w0 = 0.5 + next() * 2f64.powi(-10);
            let weights = [w0, 1.0 - w0];
            let bound = combination_norm_above(&[(p, q), (r, s)], &weights).expect("convex");
            let w = weights.map(|w| (w * 2f64.powi(54)) as i128);
            // In units of 2^-104.
            let component = |k: usize| {
                w[0] * (integer(p[k]) - integer(q[k])) + w[1] * (integer(r[k]) - integer(s[k]))
            };
            let exact = (component(0) as f64).hypot(component(1) as f64) * 2f64.powi(-104);
            assert_tight(bound, exact);
        }
    }

    /// A vertex's norm is exact where it is a float, and above the exact norm where the
    /// difference itself rounds (2^53 + 1, whose rounding 2^53 would fall short), at every
    /// scale (oracle: the exact values, written out).
    #[test]
    fn difference_norm_above_is_exact_or_above() {
        let v = Vector::<3>::new;
        let zero = Vector::<3>::zeros();
        assert_eq!(difference_norm_above(&v(3.0, 4.0, 0.0), &zero), Some(5.0));
        assert_eq!(
            difference_norm_above(&v(1.0, 2.0, 2.0), &v(-1.0, 0.0, 1.0)),
            Some(3.0)
        );
        let big = 2f64.powi(53);
        let above = difference_norm_above(&v(big + 2.0, 0.0, 0.0), &v(1.0, 0.0, 0.0));
        assert_eq!(
            above,
            Some(big + 2.0),
            "2^53 + 1 is not a float: the next one up"
        );
        for d in [5e-324, 1e-300, 1e-60, 1e60, 1e300] {
            assert_eq!(difference_norm_above(&v(0.0, d, 0.0), &zero), Some(d));
        }
        assert_eq!(
            difference_norm_above(&v(f64::MAX, 0.0, 0.0), &v(-f64::MAX, 0.0, 0.0)),
            None
        );
    }

    /// Differences whose squares underflow or overflow are scaled: the bound holds, and is
    /// exact where the difference is a power of two.
    #[test]
    fn combination_norm_above_scales_tiny_and_huge_differences() {
        let at = |x: f64| Vector::<2>::new(x, 0.0);
        let zero = Vector::<2>::zeros();
        // Exact, although subnormal: the weight is 1.
        let tiny = combination_norm_above(&[(at(5e-324), zero)], &[1.0]);
        assert_eq!(tiny, Some(5e-324));
        let half = combination_norm_above(&[(at(5e-322), zero)], &[0.75]).expect("a bound");
        assert!((3.75e-322..=1e-319).contains(&half), "{half:e}");
        let small = combination_norm_above(&[(at(2f64.powi(-600)), zero)], &[1.0]);
        assert_eq!(small, Some(2f64.powi(-600)));
        let huge = combination_norm_above(&[(at(2f64.powi(600)), at(-(2f64.powi(600))))], &[1.0]);
        assert_eq!(huge, Some(2f64.powi(601)));
        let diagonal = Vector::<2>::new(3e200, 4e200);
        let bound = combination_norm_above(&[(diagonal, zero)], &[1.0]).expect("a bound");
        assert!(
            (5e200 * (1.0 - 2.0 * f64::EPSILON)..=5e200 * (1.0 + 4.0 * f64::EPSILON))
                .contains(&bound),
            "{bound:e}"
        );
    }

    /// A vertex against an edge at 1/3 of its length: the distance to the line is exact where
    /// the rounded weights' combination is not; a foot beyond an end is no answer.
    #[test]
    fn segment_distance_above_is_exact_on_the_line() {
        let v = |x: f64, y: f64| Vector::<2>::new(x, y);
        let (vertex, start, end) = (v(5.0, 1.0), v(3.0, 0.0), v(3.0, 3.0));
        let ends = [(&start, &vertex), (&end, &vertex)];
        assert_eq!(segment_distance_above(ends), Some(2.0));
        let third = 1.0 / 3.0;
        let weights =
            combination_norm_above(&[(start, vertex), (end, vertex)], &[1.0 - third, third]);
        assert!(weights.expect("convex") > 2.0);
        let beyond = v(5.0, 4.0);
        assert_eq!(
            segment_distance_above([(&start, &beyond), (&end, &beyond)]),
            None
        );
        // In 3D: a point 3 above the middle of an edge along x, tilted 3-4-5.
        let w = |x: f64, y: f64, z: f64| Vector::<3>::new(x, y, z);
        let (p, a, b) = (
            w(0.3, 3.0 * 0.6, 3.0 * 0.8),
            w(-1.0, 0.0, 0.0),
            w(1.0, 0.0, 0.0),
        );
        let bound = segment_distance_above([(&a, &p), (&b, &p)]).expect("on the edge");
        assert!(
            (3.0..=3.0 * (1.0 + 2.0 * f64::EPSILON)).contains(&bound),
            "{bound}"
        );
    }

    /// Random segments and points on a grid of 2^-30: the bound is within a few ulps above
    /// the distance to the line computed from exact integers.
    #[test]
    fn segment_distance_above_is_tight() {
        let mut next = crate::test_random::uniform(0x9e37_79b9_7f4a_7c15);
        let grid = |x: f64| (x * 2f64.powi(30)).round() * 2f64.powi(-30);
        let integer = |x: f64| (x * 2f64.powi(30)) as i128;
        let mut answered = 0;
        for _ in 0..20_000 {
            let mut point = || Vector::<2>::new(grid(next()), grid(next()));
            let (p, s, e) = (point(), point(), point());
            let Some(bound) = segment_distance_above([(&s, &p), (&e, &p)]) else {
                continue;
            };
            answered += 1;
            let (d, f) = (s - p, e - s);
            let cross = integer(d.x) * integer(f.y) - integer(d.y) * integer(f.x);
            let squared = integer(f.x).pow(2) + integer(f.y).pow(2);
            let exact = (cross.abs() as f64) / (squared as f64).sqrt() * 2f64.powi(-30);
            assert_tight(bound, exact);
        }
        assert!(answered > 5_000, "{answered}");
    }

    /// A point 1 from a face in the plane 2x + 3y + 6z = 0 (unit normal (2, 3, 6) / 7): the
    /// bound is exactly 1; a point whose foot is outside the face has none.
    #[test]
    fn triangle_distance_above_is_exact_on_the_plane() {
        let w = |x: f64, y: f64, z: f64| Vector::<3>::new(x, y, z);
        let face = [
            w(-30.0, 20.0, 0.0),
            w(60.0, 0.0, -20.0),
            w(-60.0, 0.0, 20.0),
        ];
        let point = w(2.0, 1.0, 0.0);
        assert_eq!(triangle_distance_above(face.map(|v| (v, point))), Some(1.0));
        let outside = w(200.0, 100.0, 0.0);
        assert_eq!(triangle_distance_above(face.map(|v| (v, outside))), None);
    }

    /// Exact three-term differences: rounded up and down only where they are not floats.
    #[test]
    fn differences_round_outward_only_when_inexact() {
        assert_eq!(difference_above(4.0, 1.0, 1.0), 2.0);
        assert_eq!(difference_below(4.0, 1.0, 1.0), 2.0);
        let (x, y) = (1.0, 1e-30);
        assert_eq!(difference_above(x, y, 0.0), 1.0);
        assert_eq!(difference_below(x, y, 0.0), 1.0f64.next_down());
        assert_eq!(difference_above(x, -y, 0.0), 1.0f64.next_up());
    }
}
