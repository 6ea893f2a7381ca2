//! Cylinders (3D; in 2D, rectangles) standing on the last axis (z in 3D, y in 2D).

use crate::shape::axial::{AxialSolid, CylinderKind, Profile};
use crate::support::Vector;

/// A solid cylinder centred at the local origin whose axis is the last coordinate axis (z in
/// 3D, like [`crate::shape::Capsule`]): the disc of `radius` across the other axes, swept
/// from `-half_height` to `+half_height` along the axis. Built by [`AxialSolid::new`].
pub type Cylinder<const D: usize> = AxialSolid<CylinderKind, D>;

impl Profile for CylinderKind {
    /// The rim point of the top or bottom disc towards `dir`.
    #[inline]
    fn support<const D: usize>(solid: &Cylinder<D>, dir: &Vector<D>) -> Vector<D> {
        let h = solid.half_height();
        solid.rim(dir, if dir[D - 1] < 0.0 { -h } else { h })
    }

    /// The top and the bottom discs.
    fn ends<const D: usize>(solid: &Cylinder<D>) -> [(f64, f64); 2] {
        let (h, r) = (solid.half_height(), solid.radius());
        [(h, r), (-h, r)]
    }
}
