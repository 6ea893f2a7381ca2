//! Cylinders (3D; in 2D, rectangles) standing on the last axis (z in 3D, y in 2D).

use crate::error::ShapeError;
use crate::range::check_size;
use crate::shape::ball::scaled_unit;
use crate::support::{Support, Vector};

/// A solid cylinder centred at the local origin whose axis is the last coordinate axis (z in
/// 3D, like [`crate::shape::Capsule`]): the disc of `radius` across the other axes, swept
/// from `-half_height` to `+half_height` along the axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cylinder<const D: usize> {
    half_height: f64,
    radius: f64,
}

impl<const D: usize> Cylinder<D> {
    /// A cylinder of `half_height` and `radius`; fails on a negative or non-finite size, or one
    /// outside the supported range (see [`crate::range`]). Either may be 0 (a disc, a segment,
    /// a point).
    pub fn new(half_height: f64, radius: f64) -> Result<Self, ShapeError> {
        check_size("half_height", half_height)?;
        check_size("radius", radius)?;
        Ok(Self {
            half_height,
            radius,
        })
    }

    /// Half the length of the axis.
    pub fn half_height(&self) -> f64 {
        self.half_height
    }

    /// The radius of the discs.
    pub fn radius(&self) -> f64 {
        self.radius
    }
}

/// The component of `dir` across the axis (the axis component zeroed) scaled to `radius`, or
/// zero when `dir` is along the axis: the rim point of a disc of `radius` on the axis in the
/// direction of `dir`.
#[inline]
pub(crate) fn rim<const D: usize>(dir: &Vector<D>, radius: f64) -> Vector<D> {
    let mut across = *dir;
    across[D - 1] = 0.0;
    scaled_unit(&across, radius)
}

impl<const D: usize> Support<D> for Cylinder<D> {
    #[inline]
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        let mut p = rim(dir, self.radius);
        p[D - 1] = if dir[D - 1] < 0.0 {
            -self.half_height
        } else {
            self.half_height
        };
        p
    }

    fn center(&self) -> Vector<D> {
        Vector::zeros()
    }

    fn core_inner_point(&self) -> Option<Vector<D>> {
        Some(Vector::zeros())
    }

    fn extent(&self) -> f64 {
        2.0 * self.half_height.hypot(self.radius)
    }
}
