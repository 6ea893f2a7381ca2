//! Signed integers of any size: the exact tier's numbers.
//!
//! Every double is an integer times a power of two, so the coordinates of a query, all scaled
//! by the same power of two, are integers, and sums, differences and products of them are
//! exact here, however many bits they need, with no overflow and no underflow (which
//! floating-point expansions, the other exact arithmetic, suffer in products of tiny
//! numbers). Only the few operations the exact tier uses are written: sums, products, shifts,
//! comparisons, and an approximate value for first estimates.

use std::cmp::Ordering;
use std::ops::{Add, Mul, Neg, Sub};

use smallvec::{smallvec, SmallVec};

/// How many limbs an integer holds in place before it moves to the heap: 512 bits, more than
/// the products of the exact tier's scaled coordinates need unless the coordinates' exponents
/// lie hundreds of binades apart.
const INLINE_LIMBS: usize = 8;

/// A magnitude's limbs, least significant first, in place up to [`INLINE_LIMBS`]: on the
/// heap, the allocations took half of exact mode's instructions on the degenerate workloads.
type Limbs = SmallVec<[u64; INLINE_LIMBS]>;

/// A signed integer: its sign and its magnitude's 64-bit limbs, least significant first,
/// without leading zero limbs (zero has none and is not negative).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Int {
    negative: bool,
    limbs: Limbs,
}

/// A finite double as `mantissa * 2^exponent` with the mantissa an odd integer (or zero), so
/// that the exponent is the largest that makes the mantissa whole.
pub(crate) fn decompose(x: f64) -> (i64, i32) {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1u64 << 52) - 1);
    let (mut mantissa, mut exponent) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1u64 << 52), biased - 1075)
    };
    if mantissa == 0 {
        return (0, 0);
    }
    let zeros = mantissa.trailing_zeros();
    mantissa >>= zeros;
    exponent += zeros as i32;
    let signed = mantissa as i64;
    (if x < 0.0 { -signed } else { signed }, exponent)
}

impl Int {
    /// `value`.
    pub(crate) fn from_i64(value: i64) -> Self {
        Self::from_parts(value < 0, smallvec![value.unsigned_abs()])
    }

    /// The finite double `x` divided by `2^base`: an integer when `base` is at most the
    /// exponent [`decompose`] gives `x` (the caller picks the least of its numbers').
    pub(crate) fn from_scaled_f64(x: f64, base: i32) -> Self {
        let (mantissa, exponent) = decompose(x);
        Self::from_i64(mantissa).shl((exponent - base).max(0) as u32)
    }

    fn from_parts(negative: bool, mut limbs: Limbs) -> Self {
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        let negative = negative && !limbs.is_empty();
        Self { negative, limbs }
    }

    /// Whether this is zero.
    pub(crate) fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// Whether this is above zero.
    pub(crate) fn is_positive(&self) -> bool {
        !self.negative && !self.is_zero()
    }

    /// This times `2^bits`.
    #[inline(never)]
    pub(crate) fn shl(&self, bits: u32) -> Self {
        if self.is_zero() {
            return self.clone();
        }
        let (whole, part) = ((bits / 64) as usize, bits % 64);
        let mut limbs: Limbs = smallvec![0u64; whole];
        let mut carry = 0u64;
        for &limb in &self.limbs {
            limbs.push(if part == 0 {
                limb
            } else {
                (limb << part) | carry
            });
            carry = if part == 0 { 0 } else { limb >> (64 - part) };
        }
        limbs.push(carry);
        Self::from_parts(self.negative, limbs)
    }

    /// The number of bits of the magnitude (0 for zero).
    pub(crate) fn bits(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(top) => 64 * self.limbs.len() as u64 - u64::from(top.leading_zeros()),
        }
    }

    /// This times `2^-shift`, rounded to a double (approximately: the 64 leading bits are
    /// kept, then rounded once more); infinite or zero beyond the doubles' range.
    #[inline(never)]
    pub(crate) fn to_f64_scaled(&self, shift: i64) -> f64 {
        let bits = self.bits() as i64;
        if bits == 0 {
            return 0.0;
        }
        let drop = (bits - 64).max(0);
        let top = self.shr_to_u64(drop as u64);
        let magnitude = top as f64 * pow2(drop - shift);
        if self.negative {
            -magnitude
        } else {
            magnitude
        }
    }

    /// The magnitude's bits from `drop` up, as far as 64 of them reach.
    fn shr_to_u64(&self, drop: u64) -> u64 {
        let (whole, part) = ((drop / 64) as usize, (drop % 64) as u32);
        let low = self.limbs.get(whole).copied().unwrap_or(0);
        let high = self.limbs.get(whole + 1).copied().unwrap_or(0);
        if part == 0 {
            low
        } else {
            (low >> part) | (high << (64 - part))
        }
    }
}

/// `2^exponent` as a double, saturating to 0 and infinity beyond the range (in two steps, so
/// that a product with a number of 64 bits stays exact where it can).
fn pow2(exponent: i64) -> f64 {
    let clamp = |e: i64| e.clamp(-1074, 1023) as i32;
    let half = clamp(exponent / 2);
    let rest = clamp(exponent - i64::from(half));
    f64::powi(2.0, half) * f64::powi(2.0, rest)
}

/// Magnitudes compared.
fn compare_magnitudes(a: &[u64], b: &[u64]) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

/// `a + b` of magnitudes.
fn add_magnitudes(a: &[u64], b: &[u64]) -> Limbs {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let (mut sum, carry) = limb_by_limb(long, short, u64::overflowing_add);
    sum.push(u64::from(carry));
    sum
}

/// `a - b` of magnitudes, `a >= b`.
fn subtract_magnitudes(a: &[u64], b: &[u64]) -> Limbs {
    limb_by_limb(a, b, u64::overflowing_sub).0
}

/// `op` applied limb by limb to `long` and `short` (padded with zeros), its overflow carried
/// into the next limb: the limbs of a sum or a difference as long as `long`, and whether the
/// last limb overflowed.
fn limb_by_limb(
    long: &[u64],
    short: &[u64],
    op: impl Fn(u64, u64) -> (u64, bool),
) -> (Limbs, bool) {
    let mut limbs: Limbs = smallvec![0u64; long.len()];
    let mut carry = false;
    // Written through one slice: pushed, or indexed through the vector, every limb asked
    // whether it had moved to the heap.
    for (i, (&x, out)) in long.iter().zip(limbs.as_mut_slice()).enumerate() {
        let (y, c1) = op(x, short.get(i).copied().unwrap_or(0));
        let (y, c2) = op(y, u64::from(carry));
        *out = y;
        carry = c1 || c2;
    }
    (limbs, carry)
}

/// `a + b` for `b` given as its sign and magnitude: the sum and the difference in one, so that
/// a difference does not first copy its second operand to negate it.
fn signed_sum(a: &Int, b_negative: bool, b_limbs: &[u64]) -> Int {
    if a.negative == b_negative {
        return Int::from_parts(a.negative, add_magnitudes(&a.limbs, b_limbs));
    }
    match compare_magnitudes(&a.limbs, b_limbs) {
        Ordering::Less => Int::from_parts(b_negative, subtract_magnitudes(b_limbs, &a.limbs)),
        _ => Int::from_parts(a.negative, subtract_magnitudes(&a.limbs, b_limbs)),
    }
}

impl Add for &Int {
    type Output = Int;
    #[inline(never)]
    fn add(self, other: &Int) -> Int {
        signed_sum(self, other.negative, &other.limbs)
    }
}

impl Neg for &Int {
    type Output = Int;
    #[inline(never)]
    fn neg(self) -> Int {
        Int::from_parts(!self.negative, self.limbs.clone())
    }
}

impl Sub for &Int {
    type Output = Int;
    #[inline(never)]
    fn sub(self, other: &Int) -> Int {
        signed_sum(self, !other.negative, &other.limbs)
    }
}

impl Mul for &Int {
    type Output = Int;
    #[inline(never)]
    fn mul(self, other: &Int) -> Int {
        if self.is_zero() || other.is_zero() {
            return Int::default();
        }
        let mut product: Limbs = smallvec![0u64; self.limbs.len() + other.limbs.len()];
        // Through one slice (see `limb_by_limb`).
        let out = product.as_mut_slice();
        for (i, &x) in self.limbs.iter().enumerate() {
            let mut carry = 0u128;
            for (j, &y) in other.limbs.iter().enumerate() {
                let t = u128::from(x) * u128::from(y) + u128::from(out[i + j]) + carry;
                out[i + j] = t as u64;
                carry = t >> 64;
            }
            out[i + other.limbs.len()] = carry as u64;
        }
        Int::from_parts(self.negative != other.negative, product)
    }
}

impl Ord for Int {
    #[inline(never)]
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.negative, other.negative) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => compare_magnitudes(&self.limbs, &other.limbs),
            (true, true) => compare_magnitudes(&other.limbs, &self.limbs),
        }
    }
}

impl PartialOrd for Int {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sums, differences, products and comparisons agree with i128 arithmetic, carries and
    /// borrows across limbs included, and doubles scale to the integers they are.
    #[test]
    fn arithmetic_agrees_with_i128() {
        let values: [i64; 9] = [
            0,
            1,
            -1,
            7,
            -123_456_789,
            i64::MAX,
            i64::MIN + 1,
            1 << 40,
            -(1 << 62),
        ];
        for &x in &values {
            for &y in &values {
                let (a, b) = (Int::from_i64(x), Int::from_i64(y));
                let (wx, wy) = (i128::from(x), i128::from(y));
                assert_eq!(as_i128(&(&a + &b)), wx + wy, "{x} + {y}");
                assert_eq!(as_i128(&(&a - &b)), wx - wy, "{x} - {y}");
                assert_eq!(as_i128(&(&a * &b)), wx * wy, "{x} * {y}");
                assert_eq!(a.cmp(&b), x.cmp(&y), "{x} vs {y}");
            }
        }
        assert_eq!(as_i128(&Int::from_scaled_f64(-0.75, -2)), -3);
        assert_eq!(as_i128(&Int::from_scaled_f64(6.0, 0)), 6);
        assert_eq!(as_i128(&Int::from_i64(-5).shl(70)), -5 << 70);
        assert_eq!(Int::from_i64(3).shl(100).to_f64_scaled(100), 3.0);
        assert_eq!(Int::from_i64(1).shl(2000).to_f64_scaled(1990), 1024.0);
    }

    /// Sums, differences, products and comparisons of integers of up to 12 limbs (beyond the
    /// limbs held in place) agree with num-bigint's, carries and borrows across every limb
    /// included: numbers built from doubles shifted far apart, with all-ones limbs among them.
    #[test]
    fn arithmetic_agrees_with_num_bigint_across_limbs() {
        use num_bigint::BigInt;
        let big = |x: &Int| {
            let magnitude = x.limbs.iter().rev().fold(BigInt::from(0u8), |sum, &limb| {
                (sum << 64u32) + BigInt::from(limb)
            });
            if x.negative {
                -magnitude
            } else {
                magnitude
            }
        };
        let mut next = crate::test_random::uniform(0x5eed_1e55_c0ff_ee00);
        let mut values = vec![Int::default(), Int::from_i64(-1), Int::from_i64(1)];
        for _ in 0..40 {
            let shift = (next().abs() * 700.0) as u32;
            let x = Int::from_scaled_f64(next() * 9.0e15, 0).shl(shift);
            let ones = &Int::from_i64(1).shl(64 * (1 + shift / 64)) - &Int::from_i64(1);
            values.push(&x + &ones);
            values.push(x);
        }
        for a in &values {
            for b in &values {
                let (x, y) = (big(a), big(b));
                assert_eq!(big(&(a + b)), &x + &y, "{x} + {y}");
                assert_eq!(big(&(a - b)), &x - &y, "{x} - {y}");
                assert_eq!(big(&(a * b)), &x * &y, "{x} * {y}");
                assert_eq!(a.cmp(b), x.cmp(&y), "{x} vs {y}");
            }
        }
    }

    fn as_i128(x: &Int) -> i128 {
        assert!(x.limbs.len() <= 2, "{x:?} fits");
        let low = i128::from(x.limbs.first().copied().unwrap_or(0));
        let high = i128::from(x.limbs.get(1).copied().unwrap_or(0));
        let magnitude = low + (high << 64);
        if x.negative {
            -magnitude
        } else {
            magnitude
        }
    }
}
