//! Exact mode's tier (see [`crate::QueryOptions::exact`]): the verdict and the distance of two
//! point sets, each possibly rounded by a radius, computed exactly.
//!
//! The shapes' core vertices (B's placed in A's frame by the library's transform, as every
//! query places them) are doubles; scaled by one power of two they are integers, and GJK runs
//! on them in integer arithmetic ([`search`]): its closest point of `A - B` is exact, as a
//! vector of integers over an integer denominator. From it the verdict is exact (the cores'
//! distance against the sum of the radii, compared squared), and the distance is bracketed by
//! the two adjacent doubles around it (one double when it is one), each checked exactly.
//!
//! It is the slow path of exact mode, taken only where the float query's interval leaves the
//! verdict or the distance open (see [`needs_exact`]): integers of a few hundred bits, a few
//! microseconds for small shapes.

mod integer;
mod search;

use std::cmp::Ordering;

use integer::{decompose, Int};
use search::{Closest, Cloud};

use crate::support::{MinkowskiPair, Support, Vector};

/// The exact tier answers a distance query whose float interval is wider than this fraction of
/// its lower end, so that an exact-mode interval is never wider (about 1e-9 of the distance).
const WIDEST_RELATIVE_INTERVAL: f64 = 1.0 / (1u64 << 30) as f64;

/// The exact tier answers every pair closer than this fraction of the larger shape's extent:
/// the band near touching, where the float interval (a few rounding units of the coordinates)
/// is wide next to the distance.
const NEAR_FRACTION: f64 = 1.0 / (1u64 << 16) as f64;

/// The message of exact mode's refusal of a shape that is not a point set.
pub(crate) const UNSUPPORTED: &str = "exact: exact mode takes shapes whose cores are point sets \
(polygons, polytopes, boxes, segments, points, balls, capsules and point sets rounded by a \
radius); ellipses, ellipsoids, cylinders, cones and callback shapes have no exact vertices";

/// Whether both shapes of `pair` are point sets, possibly rounded, which exact mode takes.
pub(crate) fn supported<const D: usize, A, B>(pair: &MinkowskiPair<'_, D, A, B>) -> bool
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    pair.a.core_vertex_count().is_some() && pair.b.core_vertex_count().is_some()
}

/// Whether a float answer leaves exact mode something to settle: an unproven verdict (a
/// tolerance call), or an interval wider than [`WIDEST_RELATIVE_INTERVAL`] of its lower end, or
/// shapes nearer than [`NEAR_FRACTION`] of `extent`.
pub(crate) fn needs_exact(
    intersecting: bool,
    tolerance_call: bool,
    interval: (f64, f64),
    extent: f64,
) -> bool {
    let (lower, upper) = interval;
    if tolerance_call {
        return true;
    }
    !intersecting
        && (upper - lower > WIDEST_RELATIVE_INTERVAL * lower || lower < NEAR_FRACTION * extent)
}

/// The exact answer on a pair, in A's frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ExactAnswer<const D: usize> {
    /// Whether the shapes overlap or touch.
    pub intersecting: bool,
    /// The largest double not above the exact distance (0 when intersecting).
    pub lower: f64,
    /// The smallest double not below it.
    pub upper: f64,
    /// Apart: the closest points on A and B (rounded) and the unit normal from A to B.
    pub closest: Option<(Vector<D>, Vector<D>, Vector<D>)>,
}

/// The exact answer on `pair`, whose shapes must be [`supported`]; `None` only if the exact
/// search fails its step guard, which exact arithmetic rules out.
#[cold]
#[inline(never)]
pub(crate) fn answer<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
) -> Option<ExactAnswer<D>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let vertices = |shape: &dyn Fn(u32) -> Option<Vector<D>>, count: Option<usize>| {
        (0..count.unwrap_or(0) as u32)
            .filter_map(shape)
            .collect::<Vec<_>>()
    };
    let a = vertices(&|i| pair.a.core_vertex(i), pair.a.core_vertex_count());
    let b = vertices(
        &|i| {
            pair.b
                .core_vertex(i)
                .map(|p| pair.b_in_a.transform_point(&p))
        },
        pair.b.core_vertex_count(),
    );
    PointSets {
        a,
        b,
        margins: [pair.a.margin(), pair.b.margin()],
    }
    .answer()
}

/// Two point sets in one frame and the radii they are rounded by.
struct PointSets<const D: usize> {
    a: Vec<Vector<D>>,
    b: Vec<Vector<D>>,
    margins: [f64; 2],
}

impl<const D: usize> PointSets<D> {
    /// The exact answer (see [`answer`]).
    fn answer(&self) -> Option<ExactAnswer<D>> {
        if self.a.is_empty() || self.b.is_empty() {
            return None;
        }
        let base = self.base_exponent();
        let cloud = |points: &[Vector<D>]| Cloud {
            exact: points
                .iter()
                .map(|p| p.iter().map(|&x| Int::from_scaled_f64(x, base)).collect())
                .collect(),
            floats: points.iter().flat_map(|p| p.iter().copied()).collect(),
            dimension: D,
        };
        let (a, b) = (cloud(&self.a), cloud(&self.b));
        let margin = &Int::from_scaled_f64(self.margins[0], base)
            + &Int::from_scaled_f64(self.margins[1], base);
        let found = search::run(&a, &b, self.start())?;
        let closest = &found.closest;
        let squared = closest.squared_norm.clone();
        let reach = &margin * &closest.denominator;
        if squared <= &reach * &reach {
            return Some(ExactAnswer {
                intersecting: true,
                lower: 0.0,
                upper: 0.0,
                closest: None,
            });
        }
        let distance = Distance {
            squared,
            denominator: closest.denominator.clone(),
            margin,
            base,
        };
        let (lower, upper) = bracket(|x| distance.compare(x), distance.estimate());
        Some(ExactAnswer {
            intersecting: false,
            lower,
            upper,
            closest: Some(self.witnesses(&found.simplex, closest)),
        })
    }

    /// The least exponent of the nonzero coordinates and radii (see [`decompose`]): scaled by
    /// it, they are all integers.
    fn base_exponent(&self) -> i32 {
        self.a
            .iter()
            .chain(&self.b)
            .flat_map(|p| p.iter().copied())
            .chain(self.margins)
            .filter(|&x| x != 0.0)
            .map(|x| decompose(x).1)
            .min()
            .unwrap_or(0)
    }

    /// The exact search's first support point: the float extremes along the line between the
    /// sets' first points, a guess that saves steps.
    fn start(&self) -> (usize, usize) {
        let toward = self.b[0] - self.a[0];
        let extreme = |points: &[Vector<D>], sign: f64| {
            (0..points.len())
                .max_by(|&i, &j| {
                    (sign * points[i].dot(&toward)).total_cmp(&(sign * points[j].dot(&toward)))
                })
                .unwrap_or(0)
        };
        (extreme(&self.a, 1.0), extreme(&self.b, -1.0))
    }

    /// The closest points on A and B (radii included) and the unit normal from A to B, rounded
    /// from the exact combination `closest` of the vertices `simplex`.
    fn witnesses(
        &self,
        simplex: &[(usize, usize)],
        closest: &Closest,
    ) -> (Vector<D>, Vector<D>, Vector<D>) {
        let scale = closest.denominator.bits() as i64;
        let denominator = closest.denominator.to_f64_scaled(scale);
        let (mut on_a, mut on_b) = (Vector::<D>::zeros(), Vector::<D>::zeros());
        for (&member, weight) in closest.members.iter().zip(&closest.weights) {
            let lambda = weight.to_f64_scaled(scale) / denominator;
            let (i, j) = simplex[member];
            on_a += self.a[i] * lambda;
            on_b += self.b[j] * lambda;
        }
        let largest = closest.point.iter().map(Int::bits).max().unwrap_or(0) as i64;
        let away: Vector<D> = Vector::from_fn(|k, _| -closest.point[k].to_f64_scaled(largest));
        let normal = away / away.norm();
        (
            on_a + normal * self.margins[0],
            on_b - normal * self.margins[1],
            normal,
        )
    }
}

/// An exact distance between two point sets rounded by radii, in units of `2^base`:
/// `sqrt(squared) / denominator - margin`, above 0.
struct Distance {
    squared: Int,
    denominator: Int,
    margin: Int,
    base: i32,
}

impl Distance {
    /// How the double `x >= 0` compares with the distance, exactly: `x <= d` when
    /// `((x / 2^base + margin) * denominator)^2 <= squared`, both sides whole numbers once
    /// scaled by a power of two.
    fn compare(&self, x: f64) -> Ordering {
        let (mantissa, exponent) = decompose(x);
        let mantissa = Int::from_i64(mantissa);
        let shift = exponent - self.base;
        let (reach, squared) = if shift >= 0 || mantissa.is_zero() {
            (
                &mantissa.shl(shift.max(0) as u32) + &self.margin,
                self.squared.clone(),
            )
        } else {
            let up = shift.unsigned_abs();
            (&mantissa + &self.margin.shl(up), self.squared.shl(2 * up))
        };
        let reach = &reach * &self.denominator;
        (&reach * &reach).cmp(&squared)
    }

    /// The distance, to a few rounding units: `(squared - (margin * denominator)^2) /
    /// (denominator * (sqrt(squared) + margin * denominator))`, which does not cancel.
    fn estimate(&self) -> f64 {
        let reach = &self.margin * &self.denominator;
        let excess = Wide::of(&(&self.squared - &(&reach * &reach)));
        let across = Wide::of(&self.squared)
            .sqrt()
            .plus(Wide::of(&reach))
            .times(Wide::of(&self.denominator));
        excess.over(across).to_f64(self.base)
    }
}

/// A positive number as `fraction * 2^exponent`, `fraction` in [1, 2): floats of any range,
/// for estimates.
#[derive(Clone, Copy)]
struct Wide {
    fraction: f64,
    exponent: i64,
}

impl Wide {
    fn of(x: &Int) -> Self {
        let exponent = x.bits() as i64 - 1;
        Self {
            fraction: x.to_f64_scaled(exponent),
            exponent,
        }
        .normal()
    }

    /// The same number with its fraction brought into [1, 2).
    fn normal(self) -> Self {
        if !(self.fraction > 0.0 && self.fraction.is_finite()) {
            return self;
        }
        let shift = self.fraction.log2().floor() as i32;
        Self {
            fraction: self.fraction / f64::powi(2.0, shift),
            exponent: self.exponent + i64::from(shift),
        }
    }

    fn sqrt(self) -> Self {
        let odd = self.exponent.rem_euclid(2);
        Self {
            fraction: (self.fraction * f64::powi(2.0, odd as i32)).sqrt(),
            exponent: (self.exponent - odd) / 2,
        }
        .normal()
    }

    fn plus(self, other: Self) -> Self {
        let (big, small) = if self.exponent >= other.exponent {
            (self, other)
        } else {
            (other, self)
        };
        let gap = (small.exponent - big.exponent).max(-1100) as i32;
        Self {
            fraction: big.fraction + small.fraction * f64::powi(2.0, gap),
            exponent: big.exponent,
        }
        .normal()
    }

    fn times(self, other: Self) -> Self {
        Self {
            fraction: self.fraction * other.fraction,
            exponent: self.exponent + other.exponent,
        }
        .normal()
    }

    fn over(self, other: Self) -> Self {
        Self {
            fraction: self.fraction / other.fraction,
            exponent: self.exponent - other.exponent,
        }
        .normal()
    }

    /// The value times `2^base` as a double, 0 and `f64::MAX` beyond the range.
    fn to_f64(self, base: i32) -> f64 {
        let exponent = (self.exponent + i64::from(base)).clamp(-1200, 1100) as i32;
        let value =
            self.fraction * f64::powi(2.0, exponent / 2) * f64::powi(2.0, exponent - exponent / 2);
        value.min(f64::MAX)
    }
}

/// The adjacent doubles `lower < d < upper` around the number `d` that `compare` compares
/// doubles with (`(d, d)` when `d` is one), found from `estimate` by galloping then bisecting
/// on the doubles' bit patterns, which order the non-negative doubles.
fn bracket(compare: impl Fn(f64) -> Ordering, estimate: f64) -> (f64, f64) {
    let start = if estimate.is_finite() {
        estimate.max(0.0)
    } else {
        f64::MAX
    };
    let at = |bits: u64| f64::from_bits(bits.min(f64::MAX.to_bits()));
    let (mut below, mut above) = match compare(start) {
        Ordering::Equal => return (start, start),
        Ordering::Less => {
            let (mut low, mut step) = (start.to_bits(), 1u64);
            loop {
                let high = (low + step).min(f64::MAX.to_bits());
                if compare(at(high)) != Ordering::Less || high == f64::MAX.to_bits() {
                    break (low, high);
                }
                low = high;
                step *= 2;
            }
        }
        Ordering::Greater => {
            let (mut high, mut step) = (start.to_bits(), 1u64);
            loop {
                let low = high.saturating_sub(step);
                if compare(at(low)) != Ordering::Greater || low == 0 {
                    break (low, high);
                }
                high = low;
                step *= 2;
            }
        }
    };
    while above - below > 1 {
        let middle = below + (above - below) / 2;
        match compare(at(middle)) {
            Ordering::Less => below = middle,
            Ordering::Greater => above = middle,
            Ordering::Equal => return (at(middle), at(middle)),
        }
    }
    for end in [below, above] {
        if compare(at(end)) == Ordering::Equal {
            return (at(end), at(end));
        }
    }
    (at(below), at(above))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sets(a: &[[f64; 2]], b: &[[f64; 2]], margins: [f64; 2]) -> PointSets<2> {
        let points = |p: &[[f64; 2]]| p.iter().map(|&[x, y]| Vector::<2>::new(x, y)).collect();
        PointSets {
            a: points(a),
            b: points(b),
            margins,
        }
    }

    fn apart(a: &[[f64; 2]], b: &[[f64; 2]], margins: [f64; 2]) -> (f64, f64) {
        let answer = sets(a, b, margins).answer().expect("an answer");
        assert!(!answer.intersecting);
        (answer.lower, answer.upper)
    }

    /// Distances that are doubles come back as one double; others as the two adjacent
    /// doubles around them, checked against f64's correctly rounded square root; touching
    /// rounded shapes intersect, and a gap of one unit in the last place of the radii is apart.
    #[test]
    fn answers_are_exact_or_adjacent_doubles() {
        assert_eq!(apart(&[[0.0, 0.0]], &[[3.0, 4.0]], [0.0, 0.0]), (5.0, 5.0));
        assert_eq!(apart(&[[0.0, 0.0]], &[[3.0, 4.0]], [1.0, 0.5]), (3.5, 3.5));
        let (lower, upper) = apart(&[[0.0, 0.0]], &[[1.0, 1.0]], [0.0, 0.0]);
        assert_eq!(lower.next_up(), upper);
        assert!(lower == 2f64.sqrt() || upper == 2f64.sqrt());
        // A segment and a point off its middle by 2^-70: the foot is exact.
        let tiny = f64::powi(2.0, -70);
        let segment = [[-1.0, 0.0], [1.0, 0.0]];
        assert_eq!(apart(&segment, &[[0.25, tiny]], [0.0, 0.0]), (tiny, tiny));
        let touching = sets(&segment, &[[0.25, 1.0]], [0.5, 0.5]).answer().unwrap();
        assert!(touching.intersecting && touching.upper == 0.0);
        let radius = 0.5f64.next_down();
        let (lower, upper) = apart(&segment, &[[0.25, 1.0]], [radius, 0.5]);
        assert!(lower > 0.0 && lower <= 0.5 - radius && 0.5 - radius <= upper);
    }
}
