//! The contact plane: coordinates across the contact normal, in which faces are clipped.

use super::clip::ChainPoint;
use super::posed::FaceVertex;
use crate::support::{across, Vector};

/// Coordinates on the plane across a unit normal through an origin (in 2D, on the line
/// across it: the second coordinate is 0).
pub(crate) struct ContactPlane<const D: usize> {
    origin: Vector<D>,
    axes: [Vector<D>; 2],
}

impl<const D: usize> ContactPlane<D> {
    /// The plane across the unit `normal` through `origin`.
    pub fn new(normal: &Vector<D>, origin: Vector<D>) -> Self {
        Self {
            origin,
            axes: across(normal),
        }
    }

    /// The coordinates of the world point `p` on the plane.
    pub fn at(&self, p: &Vector<D>) -> [f64; 2] {
        let offset = p - self.origin;
        [self.axes[0].dot(&offset), self.axes[1].dot(&offset)]
    }

    /// A face's vertex as a point of a chain on the plane.
    pub fn chain_point(&self, v: &FaceVertex<D>) -> ChainPoint<D> {
        ChainPoint {
            at: self.at(&v.point),
            point: v.point,
            key: v.key,
            shortfall: v.shortfall,
        }
    }
}
