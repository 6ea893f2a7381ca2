//! Cones (3D; in 2D, isosceles triangles) standing on the last axis (z in 3D, y in 2D).

use crate::error::ShapeError;
use crate::range::check_size;
use crate::shape::cylinder::rim;
use crate::support::{Support, Vector};

/// A solid right circular cone whose axis is the last coordinate axis (z in 3D, like
/// [`crate::shape::Capsule`] and [`crate::shape::Cylinder`]): its base, the disc of `radius`,
/// lies at `-half_height` on the axis and its apex at `+half_height`, so the local origin is
/// the middle of the axis (not the centroid, which is at a quarter of the height).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cone<const D: usize> {
    half_height: f64,
    radius: f64,
}

impl<const D: usize> Cone<D> {
    /// A cone of `half_height` and base `radius`; fails on a negative or non-finite size, or one
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

    /// Half the length of the axis, from the base to the apex.
    pub fn half_height(&self) -> f64 {
        self.half_height
    }

    /// The radius of the base.
    pub fn radius(&self) -> f64 {
        self.radius
    }
}

impl<const D: usize> Support<D> for Cone<D> {
    #[inline]
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        // The cone is the hull of its apex and its base's rim: the support point is the apex or
        // the rim point in the direction of `dir` (the base's centre when `dir` is along the
        // axis), whichever reaches farther.
        let mut base = rim(dir, self.radius);
        base[D - 1] = -self.half_height;
        let mut apex = Vector::zeros();
        apex[D - 1] = self.half_height;
        if dir.dot(&apex) >= dir.dot(&base) {
            apex
        } else {
            base
        }
    }

    fn center(&self) -> Vector<D> {
        Vector::zeros()
    }

    /// The middle of the axis, inside the cone.
    fn core_inner_point(&self) -> Option<Vector<D>> {
        Some(Vector::zeros())
    }

    fn extent(&self) -> f64 {
        2.0 * self.half_height.hypot(self.radius)
    }
}
