//! Rectangles (2D) and boxes (3D).

use super::{centred_at_origin, checked_half_sizes};
use crate::error::ShapeError;
use crate::support::{Face, Support, Vector};

/// An axis-aligned rectangle or box centred at the local origin, given by its half extents.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cuboid<const D: usize> {
    half_extents: Vector<D>,
}

impl<const D: usize> Cuboid<D> {
    /// A box with the given half extents; fails on a negative or non-finite one, or one outside the
    /// supported range (see [`crate::range`]).
    pub fn new(half_extents: Vector<D>) -> Result<Self, ShapeError> {
        Ok(Self {
            half_extents: checked_half_sizes(half_extents, "half extent")?,
        })
    }

    /// The half extents.
    pub fn half_extents(&self) -> &Vector<D> {
        &self.half_extents
    }

    /// The corner on the positive side of axis `i` where bit `i` of `id` is set, else on the
    /// negative side.
    fn corner(&self, id: u32) -> Vector<D> {
        Vector::from_fn(|i, _| {
            if id >> i & 1 == 1 {
                self.half_extents[i]
            } else {
                -self.half_extents[i]
            }
        })
    }
}

impl<const D: usize> Support<D> for Cuboid<D> {
    #[inline]
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        Vector::from_fn(|i, _| {
            if dir[i] < 0.0 {
                -self.half_extents[i]
            } else {
                self.half_extents[i]
            }
        })
    }

    centred_at_origin!(self => 2.0 * self.half_extents.norm());

    /// The corners reaching within `tolerance` of the support point: a corner falls short of
    /// it by `2 h_i |dir_i|` for each axis `i` on which it lies on the other side. A corner's id
    /// has bit `i` set when it lies on the positive side of axis `i`.
    fn core_face(&self, dir: &Vector<D>, tolerance: f64) -> Face<D> {
        let best = self.support(dir);
        let mut face = Face::new();
        for corner in 0..1u32 << D {
            let point = self.corner(corner);
            if dir.dot(&(best - point)) <= tolerance {
                face.push(point, corner);
            }
        }
        face
    }

    fn core_vertex(&self, index: u32) -> Option<Vector<D>> {
        (index < 1 << D).then(|| self.corner(index))
    }

    fn core_vertex_count(&self) -> Option<usize> {
        Some(1 << D)
    }
}
