//! A single point.

use crate::error::ShapeError;
use crate::range::check_coordinates;
use crate::support::{Support, Vector};

/// A single point of the local frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point<const D: usize> {
    position: Vector<D>,
}

impl<const D: usize> Point<D> {
    /// The point at `position`; fails on a non-finite coordinate or one outside the
    /// supported range (see [`crate::range`]).
    pub fn new(position: Vector<D>) -> Result<Self, ShapeError> {
        check_coordinates("point", &position)?;
        Ok(Self { position })
    }
}

impl<const D: usize> Support<D> for Point<D> {
    #[inline]
    fn support(&self, _dir: &Vector<D>) -> Vector<D> {
        self.position
    }

    fn center(&self) -> Vector<D> {
        self.position
    }

    fn core_inner_point(&self) -> Option<Vector<D>> {
        Some(self.position)
    }

    fn extent(&self) -> f64 {
        0.0
    }

    fn core_vertex(&self, index: u32) -> Option<Vector<D>> {
        (index == 0).then_some(self.position)
    }

    fn core_vertex_count(&self) -> Option<usize> {
        Some(1)
    }
}
