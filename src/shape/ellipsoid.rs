//! Ellipses (2D) and ellipsoids (3D).

use nalgebra::SMatrix;

use super::{centred_at_origin, checked_half_sizes, CURVED_SUPPORT_ULPS};
use crate::error::ShapeError;
use crate::support::{SmoothPart, SmoothParts, Support, Vector};

/// An axis-aligned ellipse or ellipsoid centred at the local origin, given by its semi-axes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ellipsoid<const D: usize> {
    half_axes: Vector<D>,
}

impl<const D: usize> Ellipsoid<D> {
    /// An ellipsoid with the given semi-axes; fails on a negative or non-finite one, or one outside the
    /// supported range (see [`crate::range`]). Zero
    /// semi-axes give flat ellipsoids (an ellipse in 3D, a segment, a point).
    pub fn new(half_axes: Vector<D>) -> Result<Self, ShapeError> {
        Ok(Self {
            half_axes: checked_half_sizes(half_axes, "semi-axis")?,
        })
    }

    /// The semi-axes.
    pub fn half_axes(&self) -> &Vector<D> {
        &self.half_axes
    }
}

impl<const D: usize> Support<D> for Ellipsoid<D> {
    #[inline]
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        // The ellipsoid is the unit ball under the scaling E = diag(half_axes), so its support
        // point is E * (E d / |E d|).
        let scaled = dir.component_mul(&self.half_axes);
        let m = scaled.amax();
        if m > 0.0 && m.is_finite() {
            let s = scaled / m;
            s.component_mul(&self.half_axes) / s.norm()
        } else {
            Vector::zeros()
        }
    }

    centred_at_origin!(self => 2.0 * self.half_axes.norm());

    /// `E^2 d / |E d|` is rounded by a few units relative to the half axes.
    fn support_rounding(&self) -> f64 {
        CURVED_SUPPORT_ULPS * f64::EPSILON * self.extent()
    }

    /// One part. With `E = diag(half_axes)`, `h(d) = |E d|`, whose gradient is the support
    /// point `s = E^2 d / |E d|` and whose Hessian is `(E^2 - s s^T) / |E d|`.
    fn core_smooth_parts(&self, dir: &Vector<D>) -> Option<SmoothParts<D>> {
        let reach = dir.component_mul(&self.half_axes).norm();
        if !(reach > 0.0 && reach.is_finite()) {
            return None;
        }
        let s = dir
            .component_mul(&self.half_axes)
            .component_mul(&self.half_axes)
            / reach;
        let squares = SMatrix::from_diagonal(&self.half_axes.component_mul(&self.half_axes));
        Some(SmoothParts::one(SmoothPart {
            point: s,
            hessian: (squares - s * s.transpose()) / reach,
        }))
    }
}
