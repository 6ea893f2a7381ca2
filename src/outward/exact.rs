//! Error-free arithmetic on floats: sums and products kept exactly as unevaluated sums of two
//! floats (Knuth's two-sum, Dekker's product), and [`Sum`], a number held as such a pair with
//! a bound on the rounding of what could not be kept exactly.

/// The unit roundoff of `f64`.
pub(super) const U: f64 = f64::EPSILON / 2.0;

/// More than the absolute error of the few products of a bound that underflow to subnormal
/// numbers (each is off by at most half the smallest subnormal, 2^-1075).
pub(super) const TINY: f64 = 1e-320;

/// Below this magnitude a product's rounding error may itself underflow: Dekker's product is
/// then not exact (its partial products reach below the normal range, 2^-1022, at products of
/// about 2^-1022 * 2^53 * 2^53).
pub(super) const UNDERFLOW: f64 = 1e-290;

/// A bound on the relative rounding of the errors' own sums and products (a few dozen
/// operations each rounded by at most `U`).
pub(super) const ERROR_ROUNDING: f64 = 64.0 * U;

/// The squares of numbers beyond this range (either way) are scaled first: they would
/// overflow, or underflow below [`UNDERFLOW`].
pub(super) const SQUARE_RANGE: (f64, f64) = (1e-140, 1e140);

/// `a + b` exactly: the rounded sum and its rounding error (Knuth's two-sum).
#[inline(always)]
pub(super) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let sum = a + b;
    let b_part = sum - a;
    let a_part = sum - b_part;
    (sum, (a - a_part) + (b - b_part))
}

/// `a * b` exactly: the rounded product and its rounding error (Dekker's product, each factor
/// split into halves of 26 bits; no fused multiply-add, which the baseline x86_64 lacks).
/// Exact unless the product underflows (then off by at most `TINY`).
#[inline(always)]
pub(super) fn two_product(a: f64, b: f64) -> (f64, f64) {
    let split = |x: f64| {
        let c = 134_217_729.0 * x;
        let high = c - (c - x);
        (high, x - high)
    };
    let product = a * b;
    let ((ah, al), (bh, bl)) = (split(a), split(b));
    (product, ((ah * bh - product) + ah * bl + al * bh) + al * bl)
}

/// A sum of exact terms kept as a rounded value `high`, a correction `low`, and a bound on how
/// far `high + low` may be from the exact sum (the rounding of the corrections, second order).
#[derive(Clone, Copy, Default)]
pub(super) struct Sum {
    pub high: f64,
    pub low: f64,
    pub error: f64,
}

impl Sum {
    /// Adds the float `x` exactly: `high` takes the rounded sum, `low` its carry, and `error`
    /// the magnitude of what the carries' sum drops (known exactly, so that a sum whose parts
    /// fit stays exact, with no error).
    #[inline(always)]
    pub(super) fn add(&mut self, x: f64) {
        let (high, carry) = two_sum(self.high, x);
        let (low, dropped) = two_sum(self.low, carry);
        self.high = high;
        self.low = low;
        self.error += dropped.abs();
    }

    /// Adds `weight * (p - q)` exactly: the difference split by two-sum, each part times the
    /// weight split by Dekker's product.
    #[inline(always)]
    pub(super) fn add_weighted_difference(&mut self, weight: f64, p: f64, q: f64) {
        let (difference, difference_error) = two_sum(p, -q);
        if weight.abs() == 1.0 {
            self.add(difference * weight);
            self.add(difference_error * weight);
            return;
        }
        if weight == 0.0 {
            return;
        }
        let (product, product_error) = two_product(weight, difference);
        self.add(product);
        self.add(product_error);
        if difference_error != 0.0 {
            let (correction, correction_error) = two_product(weight, difference_error);
            self.add(correction);
            self.add(correction_error);
        }
        if weight.abs() != 1.0 && weight != 0.0 && product.abs() < UNDERFLOW {
            // Dekker's products may have lost their error terms to underflow.
            self.error += TINY;
        }
    }

    /// An upper bound on the magnitude of the exact sum, as a high part and a correction.
    #[inline(always)]
    pub(super) fn magnitude_above(&self) -> (f64, f64) {
        let (high, low) = self.magnitude();
        (high, low + self.error * (1.0 + ERROR_ROUNDING))
    }

    /// The magnitude of `high + low` (the error aside), renormalised, as a high part and a
    /// correction.
    #[inline(always)]
    fn magnitude(&self) -> (f64, f64) {
        let (high, low) = two_sum(self.high, self.low);
        if high < 0.0 {
            (-high, -low)
        } else {
            (high, low)
        }
    }

    /// A lower bound on the magnitude of the exact value, as a high part and a correction
    /// (0 where the value may be 0).
    #[inline(always)]
    pub(super) fn magnitude_below(&self) -> (f64, f64) {
        let (high, low) = self.magnitude();
        let low = low - self.error * (1.0 + ERROR_ROUNDING);
        if high + low > 0.0 {
            (high, low)
        } else {
            (0.0, 0.0)
        }
    }

    /// The difference `p - q`, exactly.
    #[inline(always)]
    pub(super) fn difference(p: f64, q: f64) -> Sum {
        let (high, low) = two_sum(p, -q);
        Sum {
            high,
            low,
            error: 0.0,
        }
    }

    /// `self + other`.
    #[inline(always)]
    pub(super) fn plus(mut self, other: Sum) -> Sum {
        self.add(other.high);
        self.add(other.low);
        self.error += other.error;
        self
    }

    /// `self - other`.
    #[inline(always)]
    pub(super) fn minus(self, other: Sum) -> Sum {
        self.plus(other.negated())
    }

    /// The value negated.
    #[inline(always)]
    pub(super) fn negated(self) -> Sum {
        Sum {
            high: -self.high,
            low: -self.low,
            error: self.error,
        }
    }

    /// `self * other`: the product of the high parts exactly, the products with a low part
    /// rounded (0, exactly, where both low parts are), and the errors carried.
    #[inline(always)]
    pub(super) fn times(self, other: Sum) -> Sum {
        let (high, high_error) = two_product(self.high, other.high);
        let mut product = Sum {
            high,
            low: 0.0,
            error: 0.0,
        };
        product.add(high_error);
        if self.low != 0.0 || other.low != 0.0 {
            let lows = [
                self.high * other.low,
                self.low * other.high,
                self.low * other.low,
            ];
            for x in lows {
                product.add(x);
                product.error += U * x.abs();
            }
        }
        let magnitude = self.high.abs() + self.low.abs();
        let other_magnitude = other.high.abs() + other.low.abs();
        product.error +=
            magnitude * other.error + other_magnitude * self.error + self.error * other.error;
        if high.abs() < UNDERFLOW && self.high != 0.0 && other.high != 0.0 {
            product.error += TINY;
        }
        product
    }

    /// Whether the exact value is certainly at least 0.
    #[inline(always)]
    pub(super) fn not_below_zero(&self) -> bool {
        let (high, low) = two_sum(self.high, self.low);
        let error = self.error * (1.0 + ERROR_ROUNDING);
        (high > 0.0 && high > 2.0 * (low.abs() + error))
            || (high == 0.0 && low == 0.0 && error == 0.0)
    }
}
