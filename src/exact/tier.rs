//! The exact tier: the verdict and the distance of two point sets, each possibly rounded by a
//! radius, computed exactly.
//!
//! The points are doubles; scaled by one power of two they are integers, and GJK runs on them
//! in integer arithmetic ([`super::search`]): its closest point of `A - B` is exact, as a vector of
//! integers over an integer denominator. From it the verdict is exact (the distance of the
//! point sets against the sum of the radii, compared squared), and the distance is bracketed by
//! the two adjacent doubles around it (one double when it is one), each checked exactly.
//!
//! It is the slow path of exact mode, taken only where the float query leaves the verdict or
//! the distance open: integers of a few hundred bits.

use std::cmp::Ordering;

use super::integer::{decompose, Int};
use super::search::{self, Closest, Cloud};

/// The exact answer on two point sets, in their frame.
#[derive(Clone, Debug)]
pub(crate) struct ExactAnswer {
    /// Whether the shapes overlap or touch.
    pub intersecting: bool,
    /// The largest double not above the exact distance (0 when intersecting).
    pub lower: f64,
    /// The smallest double not below it.
    pub upper: f64,
    /// Apart: the closest points on A and B (rounded) and the unit normal from A to B, each
    /// as many coordinates as the dimension.
    pub closest: Option<[Vec<f64>; 3]>,
}

/// Where the exact search starts.
#[derive(Debug, Default)]
pub(crate) struct Start {
    /// The float search's final simplex, its vertices as (index on A, index on B): the exact
    /// search then begins where the float one ended, a step or two from its answer (from one
    /// support point, WDEG-3D's exact searches took 5.5 steps, most on tetrahedra).
    pub simplex: Option<Vec<(usize, usize)>>,
    /// Else a guess of the direction from A to B (the float answer's normal), whose extremes
    /// of A and B are the first support point.
    pub toward: Option<Vec<f64>>,
}

/// The exact answer on the hulls of the points `a` and `b` (`dimension` coordinates a point,
/// one frame), rounded by `margins`, the search begun from `start`; `None` for an empty set,
/// or if the exact search fails its step guard, which exact arithmetic rules out.
pub(crate) fn answer(
    dimension: usize,
    a: Vec<f64>,
    b: Vec<f64>,
    margins: [f64; 2],
    start: Start,
) -> Option<ExactAnswer> {
    PointSets {
        a,
        b,
        dimension,
        margins,
        start,
    }
    .answer()
}

/// Two point sets in one frame (`dimension` coordinates a point) and the radii they are
/// rounded by.
struct PointSets {
    a: Vec<f64>,
    b: Vec<f64>,
    dimension: usize,
    margins: [f64; 2],
    /// Where the exact search starts.
    start: Start,
}

impl PointSets {
    /// The exact answer (see [`answer`]).
    fn answer(&self) -> Option<ExactAnswer> {
        if self.a.is_empty() || self.b.is_empty() {
            return None;
        }
        let base = self.base_exponent();
        let scaled = |x: f64| Int::from_scaled_f64(x, base);
        let cloud = |floats: &[f64]| Cloud::new(floats.to_vec(), self.dimension, base);
        let (a, b) = (cloud(&self.a), cloud(&self.b));
        let margin = &scaled(self.margins[0]) + &scaled(self.margins[1]);
        let found = search::run(&a, &b, self.first_simplex())?;
        let closest = &found.closest;
        let reach = &margin * &closest.denominator;
        if closest.squared_norm <= &reach * &reach {
            return Some(ExactAnswer {
                intersecting: true,
                lower: 0.0,
                upper: 0.0,
                closest: None,
            });
        }
        let distance = Distance {
            squared: closest.squared_norm.clone(),
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
        let numbers = self.a.iter().chain(&self.b).chain(&self.margins);
        numbers
            .filter(|&&x| x != 0.0)
            .map(|&x| decompose(x).1)
            .min()
            .unwrap_or(0)
    }

    /// The point `i` of `points`.
    fn point<'a>(&self, points: &'a [f64], i: usize) -> &'a [f64] {
        &points[i * self.dimension..(i + 1) * self.dimension]
    }

    /// The exact search's first simplex: the float search's final one where it names points
    /// of both sets, else one support point, the float extremes of A towards B and of B
    /// towards A, along the guessed direction or else the line between the sets' first points
    /// (a good guess saves steps, each a pass over the points).
    fn first_simplex(&self) -> Vec<(usize, usize)> {
        let counts = (self.a.len() / self.dimension, self.b.len() / self.dimension);
        let named = |simplex: &Vec<(usize, usize)>| {
            !simplex.is_empty() && simplex.iter().all(|&(i, j)| i < counts.0 && j < counts.1)
        };
        if let Some(simplex) = self.start.simplex.as_ref().filter(|s| named(s)) {
            return simplex.clone();
        }
        let (a0, b0) = (self.point(&self.a, 0), self.point(&self.b, 0));
        let between = || b0.iter().zip(a0).map(|(y, x)| y - x).collect();
        let toward: Vec<f64> = self.start.toward.clone().unwrap_or_else(between);
        let extreme = |points: &[f64], sign: f64| {
            let reach = |p: &[f64]| sign * p.iter().zip(&toward).map(|(x, t)| x * t).sum::<f64>();
            let reaches = points.chunks_exact(self.dimension).map(reach);
            (reaches.enumerate())
                .max_by(|x, y| x.1.total_cmp(&y.1))
                .map_or(0, |(i, _)| i)
        };
        vec![(extreme(&self.a, 1.0), extreme(&self.b, -1.0))]
    }

    /// The closest points on A and B (radii included) and the unit normal from A to B, rounded
    /// from the exact combination `closest` of the vertices `simplex`.
    fn witnesses(&self, simplex: &[(usize, usize)], closest: &Closest) -> [Vec<f64>; 3] {
        let scale = closest.denominator.bits() as i64;
        let denominator = closest.denominator.to_f64_scaled(scale);
        let (mut on_a, mut on_b) = (vec![0.0; self.dimension], vec![0.0; self.dimension]);
        for (&member, weight) in closest.members.iter().zip(&closest.weights) {
            let lambda = weight.to_f64_scaled(scale) / denominator;
            let (i, j) = simplex[member];
            for k in 0..self.dimension {
                on_a[k] += self.point(&self.a, i)[k] * lambda;
                on_b[k] += self.point(&self.b, j)[k] * lambda;
            }
        }
        let largest = closest.point.iter().map(Int::bits).max().unwrap_or(0) as i64;
        let away: Vec<f64> = closest
            .point
            .iter()
            .map(|x| -x.to_f64_scaled(largest))
            .collect();
        let length = away.iter().map(|x| x * x).sum::<f64>().sqrt();
        let normal: Vec<f64> = away.iter().map(|x| x / length).collect();
        for k in 0..self.dimension {
            on_a[k] += normal[k] * self.margins[0];
            on_b[k] -= normal[k] * self.margins[1];
        }
        [on_a, on_b, normal]
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

    fn sets(a: &[[f64; 2]], b: &[[f64; 2]], margins: [f64; 2]) -> PointSets {
        let points = |p: &[[f64; 2]]| p.iter().flatten().copied().collect();
        PointSets {
            a: points(a),
            b: points(b),
            dimension: 2,
            margins,
            start: Start::default(),
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

    /// Started from any simplex of the sets' points (as the float search's final one, whose
    /// closest point may lie in a subset without its last vertex), the exact search gives the
    /// answer it gives from one support point: apart and overlapping, in every order.
    #[test]
    fn a_start_simplex_gives_the_same_answer() {
        let square = [[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]];
        let apart = [[3.0, 0.5], [4.0, -2.0], [5.0, 3.0]];
        let overlapping = [[0.5, 0.25], [4.0, -2.0], [5.0, 3.0]];
        // Apart: the triangle's vertex (3, 0.5) is 2 from the square's side x = 1; overlapping:
        // its vertex (0.5, 0.25) is inside the square.
        for (b, exact) in [(apart, Some(2.0)), (overlapping, None)] {
            let expected = sets(&square, &b, [0.0, 0.0]).answer().expect("an answer");
            assert_eq!(expected.intersecting, exact.is_none());
            if let Some(d) = exact {
                assert_eq!((expected.lower, expected.upper), (d, d));
            }
            let pairs: Vec<(usize, usize)> =
                (0..4).flat_map(|i| (0..3).map(move |j| (i, j))).collect();
            let mut starts = 0;
            for (x, &p) in pairs.iter().enumerate() {
                for (y, &q) in pairs.iter().enumerate().skip(x + 1) {
                    for &r in &pairs[y + 1..] {
                        for simplex in [vec![p, q, r], vec![r, q, p], vec![q, p]] {
                            let mut started = sets(&square, &b, [0.0, 0.0]);
                            started.start.simplex = Some(simplex.clone());
                            let answer = started.answer().expect("an answer");
                            assert_eq!(answer.intersecting, expected.intersecting, "{simplex:?}");
                            assert_eq!(
                                (answer.lower, answer.upper),
                                (expected.lower, expected.upper),
                                "{simplex:?}"
                            );
                            starts += 1;
                        }
                    }
                }
            }
            assert_eq!(starts, 3 * 220);
        }
    }
}
