//! Line segments.

use crate::error::ShapeError;
use crate::range::{check_coordinates, check_extent, robust_norm};
use crate::support::{Face, Support, Vector};

/// The segment between two points (which may coincide).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment<const D: usize> {
    a: Vector<D>,
    b: Vector<D>,
}

impl<const D: usize> Segment<D> {
    /// The segment from `a` to `b`; fails on a non-finite coordinate, or one or a length
    /// outside the supported range (see [`crate::range`]).
    pub fn new(a: Vector<D>, b: Vector<D>) -> Result<Self, ShapeError> {
        check_coordinates("first endpoint", &a)?;
        check_coordinates("second endpoint", &b)?;
        check_extent("the segment's length", robust_norm(&(b - a)))?;
        Ok(Self { a, b })
    }

    /// The segment from `-half_length` to `+half_length` along `axis`.
    pub(crate) fn along_axis(axis: usize, half_length: f64) -> Self {
        let mut b = Vector::<D>::zeros();
        b[axis] = half_length;
        Self { a: -b, b }
    }

    /// The two endpoints.
    pub fn endpoints(&self) -> [Vector<D>; 2] {
        [self.a, self.b]
    }
}

impl<const D: usize> Support<D> for Segment<D> {
    #[inline]
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        if dir.dot(&self.a) >= dir.dot(&self.b) {
            self.a
        } else {
            self.b
        }
    }

    fn center(&self) -> Vector<D> {
        (self.a + self.b) * 0.5
    }

    /// The midpoint (to rounding).
    fn core_inner_point(&self) -> Option<Vector<D>> {
        Some(self.center())
    }

    fn extent(&self) -> f64 {
        (self.b - self.a).norm()
    }

    fn core_vertex(&self, index: u32) -> Option<Vector<D>> {
        self.endpoints().get(index as usize).copied()
    }

    fn core_vertex_count(&self) -> Option<usize> {
        Some(2)
    }

    /// The endpoints reaching within `tolerance` of the farther: ids 0 and 1.
    fn core_face(&self, dir: &Vector<D>, tolerance: f64) -> Face<D> {
        let reach = dir.dot(&self.a).max(dir.dot(&self.b));
        let mut face = Face::new();
        for (id, end) in [self.a, self.b].into_iter().enumerate() {
            if dir.dot(&end) >= reach - tolerance {
                face.push(end, id as u32);
            }
        }
        face
    }
}
