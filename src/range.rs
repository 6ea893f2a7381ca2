//! The supported range of the numbers that describe shapes and poses.
//!
//! GJK and EPA square lengths and multiply up to three of them (areas, volumes, products of
//! squared norms). In `f64` such products stay finite and normal when every length lies
//! between `1e-50` and `1e50`: a product of six of them lies in `[1e-300, 1e300]`, inside
//! the normal range `[2.2e-308, 1.8e308]` with margin. So:
//! - every coordinate, and every translation component of a pose, has magnitude at most
//!   [`MAX_MAGNITUDE`] (tiny coordinates, even subnormal ones, are fine);
//! - every size (radius, half extent, semi-axis, half length, the span of a point set or the
//!   length of a segment) is 0 or between [`MIN_SIZE`] and [`MAX_MAGNITUDE`];
//! - points (shapes of size 0) may be at any separation: their distance is exact.
//!
//! Shapes and poses outside the range are refused when they are built, with a message that
//! names the argument (the C ABI checks poses at query time: `GJK_INVALID_ARGUMENT`). A query
//! whose intermediate results overflow anyway (user-defined shapes outside the range) fails
//! with [`crate::QueryError::OutOfRange`], never with a NaN answer.

use std::fmt::Display;

use crate::error::ShapeError;

/// The largest magnitude of a coordinate, size or translation component: `1e50`.
pub const MAX_MAGNITUDE: f64 = 1e50;

/// The smallest nonzero size (radius, half extent, semi-axis, half length, span of a point
/// set): `1e-50`.
pub const MIN_SIZE: f64 = 1e-50;

/// Fails unless `value` is finite. The `name` of the value is only formatted on failure.
pub(crate) fn check_finite(name: impl Display, value: f64) -> Result<(), ShapeError> {
    if value.is_finite() {
        Ok(())
    } else {
        Err(ShapeError::new(format!(
            "{name} is {value}, not a finite number"
        )))
    }
}

/// Whether `value` is a supported coordinate: finite and at most [`MAX_MAGNITUDE`] in
/// magnitude (the test of [`check_coordinate`], without its message).
#[inline(always)]
pub(crate) fn is_coordinate(value: f64) -> bool {
    value.abs() <= MAX_MAGNITUDE
}

/// Fails unless `value` is finite and at most [`MAX_MAGNITUDE`] in magnitude.
pub(crate) fn check_coordinate(name: impl Display, value: f64) -> Result<(), ShapeError> {
    check_finite(&name, value)?;
    if !is_coordinate(value) {
        return Err(ShapeError::new(format!(
            "{name} is {value:e}, beyond the supported magnitude {MAX_MAGNITUDE:e}"
        )));
    }
    Ok(())
}

/// Fails unless every component of `v` passes [`check_coordinate`].
pub(crate) fn check_coordinates<const N: usize>(
    name: impl Display,
    v: &nalgebra::SVector<f64, N>,
) -> Result<(), ShapeError> {
    v.iter()
        .enumerate()
        .try_for_each(|(i, x)| check_coordinate(format_args!("{name} component {i}"), *x))
}

/// Fails unless `value` is a size: finite, not negative, and 0 or within
/// [[`MIN_SIZE`], [`MAX_MAGNITUDE`]].
pub(crate) fn check_size(name: impl Display, value: f64) -> Result<(), ShapeError> {
    check_finite(&name, value)?;
    if value < 0.0 {
        return Err(ShapeError::new(format!(
            "{name} is {value}, it must not be negative"
        )));
    }
    check_extent(name, value)
}

/// Fails unless the (non-negative) `value` is 0 or within [[`MIN_SIZE`], [`MAX_MAGNITUDE`]].
pub(crate) fn check_extent(name: impl Display, value: f64) -> Result<(), ShapeError> {
    if value > MAX_MAGNITUDE {
        return Err(ShapeError::new(format!(
            "{name} is {value:e}, beyond the supported magnitude {MAX_MAGNITUDE:e}"
        )));
    }
    if value > 0.0 && value < MIN_SIZE {
        return Err(ShapeError::new(format!(
            "{name} is {value:e}, below the smallest supported nonzero size {MIN_SIZE:e}"
        )));
    }
    Ok(())
}

/// `|v|` without the underflow or overflow of squaring its components (the plain norm, bit
/// for bit, wherever squaring is safe).
#[inline]
pub(crate) fn robust_norm<const N: usize>(v: &nalgebra::SVector<f64, N>) -> f64 {
    let plain = v.norm();
    if plain > 1e-140 && plain < 1e140 {
        return plain;
    }
    if v.iter().all(|x| *x == 0.0) {
        // The zero vector (the search's `v` for overlapping shapes), without the scaling.
        return 0.0;
    }
    scaled_norm(v)
}

/// [`robust_norm`] where squaring is not safe: scaled by the largest component first.
#[inline(never)]
fn scaled_norm<const N: usize>(v: &nalgebra::SVector<f64, N>) -> f64 {
    let m = v.amax();
    if m > 0.0 && m.is_finite() {
        m * (v / m).norm()
    } else {
        m
    }
}

/// `v / |v|` for a nonzero `v`, unit also when `v` is subnormal (scaled by its largest
/// component first).
pub(crate) fn robust_unit<const N: usize>(
    v: &nalgebra::SVector<f64, N>,
) -> nalgebra::SVector<f64, N> {
    let scaled = v / v.amax();
    scaled / scaled.norm()
}
