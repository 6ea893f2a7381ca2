//! Four `f64` lanes computed together: the polygon kernel's vertices, one a lane.
//!
//! The lanes are an array of four, each operation written out lane by lane, which the
//! compiler turns into vector instructions where the target has them (the kernel's build for
//! AVX on x86_64 holds the four lanes in one register) and into four scalar operations
//! elsewhere. Both give bitwise the same numbers: the same IEEE operations in the same order,
//! none fused. Left to the compiler, the kernel's loops over arrays of vertices were
//! vectorised in part only, with shuffles between the lanes.

use std::ops::{Add, Div, Mul, Sub};

/// The number of lanes.
pub(super) const LANES: usize = 4;

/// Four numbers, operated on lane by lane.
#[derive(Clone, Copy)]
pub(super) struct F64x4([f64; LANES]);

impl F64x4 {
    /// `x` in every lane.
    #[inline(always)]
    pub(super) fn splat(x: f64) -> Self {
        Self([x; LANES])
    }

    /// The four numbers of `from`.
    #[inline(always)]
    pub(super) fn load(from: &[f64; LANES]) -> Self {
        Self(*from)
    }

    /// The four numbers.
    #[inline(always)]
    pub(super) fn to_array(self) -> [f64; LANES] {
        self.0
    }

    /// Lane by lane, the lesser of the two (the second where they compare false, as
    /// `minpd`).
    #[inline(always)]
    pub(super) fn min(self, other: Self) -> Self {
        self.lanewise(other, |x, y| if x < y { x } else { y })
    }

    /// Lane by lane, the greater of the two (see [`F64x4::min`]).
    #[inline(always)]
    pub(super) fn max(self, other: Self) -> Self {
        self.lanewise(other, |x, y| if x > y { x } else { y })
    }

    /// Lane by lane, `then` where `self` is less than `other`, `otherwise` elsewhere.
    #[inline(always)]
    pub(super) fn where_less(self, other: Self, then: Self, otherwise: Self) -> Self {
        Self(each_lane(|k| {
            if self.0[k] < other.0[k] {
                then.0[k]
            } else {
                otherwise.0[k]
            }
        }))
    }

    /// Whether a lane of `self` is less than the same of `other`.
    #[inline(always)]
    pub(super) fn any_less(self, other: Self) -> bool {
        (0..LANES).fold(false, |any, k| any | (self.0[k] < other.0[k]))
    }

    /// `operation` on each lane of `self` and the same of `other`.
    #[inline(always)]
    fn lanewise(self, other: Self, operation: impl Fn(f64, f64) -> f64) -> Self {
        Self(each_lane(|k| operation(self.0[k], other.0[k])))
    }
}

/// `lane(k)` for each lane, written out: `std::array::from_fn` is a call at every use where
/// the code is optimised for size (the WebAssembly package: its polygon kernel ran 3x slower).
#[inline(always)]
fn each_lane(lane: impl Fn(usize) -> f64) -> [f64; LANES] {
    const _: () = assert!(LANES == 4, "each_lane writes out four lanes");
    [lane(0), lane(1), lane(2), lane(3)]
}

impl F64x4 {
    /// The least of the four.
    #[inline(always)]
    pub(super) fn least(self) -> f64 {
        let [a, b, c, d] = self.to_array();
        let (ab, cd) = (if a < b { a } else { b }, if c < d { c } else { d });
        if ab < cd {
            ab
        } else {
            cd
        }
    }

    /// The greatest of the four.
    #[inline(always)]
    pub(super) fn greatest(self) -> f64 {
        let [a, b, c, d] = self.to_array();
        let (ab, cd) = (if a > b { a } else { b }, if c > d { c } else { d });
        if ab > cd {
            ab
        } else {
            cd
        }
    }
}

/// The arithmetic operators, lane by lane.
macro_rules! lanewise_operator {
    ($trait:ident, $method:ident, $op:tt) => {
        impl $trait for F64x4 {
            type Output = Self;

            #[inline(always)]
            fn $method(self, other: Self) -> Self {
                self.lanewise(other, |x, y| x $op y)
            }
        }
    };
}

lanewise_operator!(Add, add, +);
lanewise_operator!(Sub, sub, -);
lanewise_operator!(Mul, mul, *);
lanewise_operator!(Div, div, /);

#[cfg(test)]
mod tests {
    use super::*;

    /// Each operation, lane by lane, against the scalar one.
    #[test]
    fn lanes_compute_as_scalars() {
        let (x, y) = ([1.5, -2.0, 3.25, 0.1], [0.5, 4.0, -3.25, 0.3]);
        let (a, b) = (F64x4::load(&x), F64x4::load(&y));
        let each =
            |f: fn(f64, f64) -> f64| -> [f64; LANES] { std::array::from_fn(|k| f(x[k], y[k])) };
        assert_eq!((a + b).to_array(), each(|p, q| p + q));
        assert_eq!((a - b).to_array(), each(|p, q| p - q));
        assert_eq!((a * b).to_array(), each(|p, q| p * q));
        assert_eq!((a / b).to_array(), each(|p, q| p / q));
        assert_eq!(a.min(b).to_array(), each(f64::min));
        assert_eq!(a.max(b).to_array(), each(f64::max));
        assert_eq!(F64x4::splat(2.0).to_array(), [2.0; LANES]);
        assert_eq!(a.least(), -2.0);
        assert_eq!(a.greatest(), 3.25);
    }
}
