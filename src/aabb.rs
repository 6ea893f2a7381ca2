//! Axis-aligned bounding boxes of placed shapes, for broad phases.

use crate::support::{Pose, Support, Vector};

/// An axis-aligned box: every point `p` of it has `min[i] <= p[i] <= max[i]` on each axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb<const D: usize> {
    /// The least coordinate on each axis.
    pub min: Vector<D>,
    /// The largest coordinate on each axis.
    pub max: Vector<D>,
}

impl<const D: usize> Aabb<D> {
    /// Whether `point` lies in the box (its faces included).
    pub fn contains(&self, point: &Vector<D>) -> bool {
        (0..D).all(|i| self.min[i] <= point[i] && point[i] <= self.max[i])
    }
}

/// The axis-aligned bounding box of `shape` placed by `pose`: on each world axis, the
/// coordinates of the shape's support points along the axis and against it (the world axis
/// turned into the shape's frame, the support point placed back). The tightest such box, to
/// the rounding of the placement: each face touches the shape.
pub fn aabb<const D: usize, S: Support<D> + ?Sized>(shape: &S, pose: &Pose<D>) -> Aabb<D> {
    let mut min = Vector::<D>::zeros();
    let mut max = Vector::<D>::zeros();
    for i in 0..D {
        // The world axis i in the shape's frame: row i of the rotation.
        let axis: Vector<D> = pose.rotation().row(i).transpose();
        max[i] = pose.transform_point(&shape.support(&axis))[i];
        min[i] = pose.transform_point(&shape.support(&-axis))[i];
    }
    Aabb { min, max }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Ball, Cuboid};

    /// A unit square turned 45 degrees: corners on the axes at sqrt(2)/2 of its half diagonal.
    #[test]
    fn a_turned_square_and_a_placed_disc() {
        let square = Cuboid::new(Vector::<2>::new(1.0, 1.0)).unwrap();
        let pose = Pose::new_2d(3.0, -1.0, std::f64::consts::FRAC_PI_4).unwrap();
        let b = aabb(&square, &pose);
        let h = std::f64::consts::SQRT_2;
        assert!((b.max - Vector::<2>::new(3.0 + h, -1.0 + h)).norm() < 1e-15);
        assert!((b.min - Vector::<2>::new(3.0 - h, -1.0 - h)).norm() < 1e-15);
        let disc = Ball::<2>::new(0.5).unwrap();
        let b = aabb(&disc, &Pose::new_2d(1.0, 2.0, 0.3).unwrap());
        assert_eq!(b.min, Vector::<2>::new(0.5, 1.5));
        assert_eq!(b.max, Vector::<2>::new(1.5, 2.5));
        assert!(b.contains(&Vector::<2>::new(1.0, 2.0)));
        assert!(!b.contains(&Vector::<2>::new(1.6, 2.0)));
    }
}
