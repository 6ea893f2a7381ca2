//! Circles (2D) and spheres (3D).

use super::centred_at_origin;
use crate::error::ShapeError;
use crate::range::check_size;
use crate::support::{Support, Vector};

/// A disc or ball of the given radius centred at the local origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ball<const D: usize> {
    radius: f64,
}

impl<const D: usize> Ball<D> {
    /// A ball of `radius`; fails on a negative or non-finite radius, or one outside the
    /// supported range (see [`crate::range`]). Radius 0 is a point.
    pub fn new(radius: f64) -> Result<Self, ShapeError> {
        check_size("radius", radius)?;
        Ok(Self { radius })
    }

    /// The radius.
    pub fn radius(&self) -> f64 {
        self.radius
    }
}

impl<const D: usize> Support<D> for Ball<D> {
    #[inline]
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        scaled_unit(dir, self.radius)
    }

    // The core is the centre.
    centred_at_origin!(self => 2.0 * self.radius);

    fn margin(&self) -> f64 {
        self.radius
    }

    fn core_extent(&self) -> f64 {
        0.0
    }

    #[inline]
    fn core_support(&self, _dir: &Vector<D>) -> Vector<D> {
        Vector::zeros()
    }

    fn core_vertex(&self, index: u32) -> Option<Vector<D>> {
        (index == 0).then(Vector::zeros)
    }

    fn core_vertex_count(&self) -> Option<usize> {
        Some(1)
    }
}

/// `dir` scaled to length `length`, or zero when `dir` is zero (or too small to normalise).
#[inline]
pub(crate) fn scaled_unit<const D: usize>(dir: &Vector<D>, length: f64) -> Vector<D> {
    // Scale by the largest component first so that tiny and huge directions do not underflow or
    // overflow when squared.
    let m = dir.amax();
    if m > 0.0 && m.is_finite() {
        let d = dir / m;
        d * (length / d.norm())
    } else {
        Vector::zeros()
    }
}
