//! The contact plane: coordinates across the contact normal, in which faces are clipped.

use super::clip::ChainPoint;
use super::posed::FaceVertex;
use crate::range::robust_unit;
use crate::support::Vector;

/// Coordinates on the plane across a unit normal through an origin (in 2D, on the line
/// across it: the second coordinate is 0).
pub(crate) struct ContactPlane<const D: usize> {
    origin: Vector<D>,
    axes: [Vector<D>; 2],
}

impl<const D: usize> ContactPlane<D> {
    /// The plane across the unit `normal` through `origin`.
    pub fn new(normal: &Vector<D>, origin: Vector<D>) -> Self {
        let mut first = Vector::<D>::zeros();
        let mut second = Vector::<D>::zeros();
        if D == 2 {
            first[0] = -normal[1];
            first[1] = normal[0];
        } else {
            // Across the normal: its cross product with the axis it is least along.
            let axis = (0..D)
                .min_by(|&i, &j| normal[i].abs().total_cmp(&normal[j].abs()))
                .unwrap_or(0);
            let (j, k) = ((axis + 1) % 3, (axis + 2) % 3);
            first[j] = -normal[k];
            first[k] = normal[j];
            first = robust_unit(&first);
            second[0] = normal[1] * first[2] - normal[2] * first[1];
            second[1] = normal[2] * first[0] - normal[0] * first[2];
            second[2] = normal[0] * first[1] - normal[1] * first[0];
        }
        Self {
            origin,
            axes: [first, second],
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
