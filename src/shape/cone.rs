//! Cones (3D; in 2D, isosceles triangles) standing on the last axis (z in 3D, y in 2D).

use crate::shape::axial::{AxialSolid, ConeKind, Profile};
use crate::support::Vector;

/// A solid right circular cone whose axis is the last coordinate axis (z in 3D, like
/// [`crate::shape::Capsule`] and [`crate::shape::Cylinder`]): its base, the disc of `radius`,
/// lies at `-half_height` on the axis and its apex at `+half_height`, so the local origin is
/// the middle of the axis (not the centroid, which is at a quarter of the height). Built by
/// [`AxialSolid::new`].
pub type Cone<const D: usize> = AxialSolid<ConeKind, D>;

impl Profile for ConeKind {
    /// The cone is the hull of its apex and its base's rim: the apex or the rim point in the
    /// direction of `dir`, whichever reaches farther.
    #[inline]
    fn support<const D: usize>(solid: &Cone<D>, dir: &Vector<D>) -> Vector<D> {
        let h = solid.half_height();
        let base = solid.rim(dir, -h);
        let mut apex = Vector::zeros();
        apex[D - 1] = h;
        if dir.dot(&apex) >= dir.dot(&base) {
            apex
        } else {
            base
        }
    }

    /// The apex (a disc of radius 0) and the base.
    fn ends<const D: usize>(solid: &Cone<D>) -> [(f64, f64); 2] {
        let (h, r) = (solid.half_height(), solid.radius());
        [(h, 0.0), (-h, r)]
    }
}
