//! A shape's face along the contact normal, placed in the world: its points, how far each
//! falls short of the farthest along the normal, and whether they span a flat face.

use crate::support::{Pose, Support, Vector};

/// How far below the farthest reach along the normal, relative to the core's extent, a point
/// may fall and still count as part of the flat face: a tilt of about 1e-3 radians. Faces this
/// close to parallel touch as faces, and their contact points keep their ids under small
/// motions.
pub(crate) const FLAT: f64 = 1e-3;

/// A point of a placed face: where it is, which feature it is, and how far it falls short of
/// the face's farthest reach along the normal.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FaceVertex<const D: usize> {
    /// The point in the world frame.
    pub point: Vector<D>,
    /// The feature key: the shape's vertex id, widened (see `super::ids`).
    pub key: u64,
    /// `reach - normal . point` in the shape's frame, at least 0.
    pub shortfall: f64,
}

/// A shape's points near its farthest reach along a world direction, in the world frame.
pub(crate) struct PosedFace<const D: usize> {
    /// Every point within the flat tolerance plus the reach asked for.
    pub vertices: Vec<FaceVertex<D>>,
    /// The flat tolerance: points falling short by at most this are the flat face.
    pub flat: f64,
}

impl<const D: usize> PosedFace<D> {
    /// The face of `shape` placed by `pose` along the unit world direction `dir`, taking every
    /// point of its core within `reach` (plus the flat tolerance) of the farthest.
    pub fn of<S: Support<D> + ?Sized>(
        shape: &S,
        pose: &Pose<D>,
        dir: &Vector<D>,
        reach: f64,
    ) -> Self {
        let local = pose.rotation().tr_mul(dir);
        let flat = FLAT * shape.core_extent();
        let face = shape.core_face(&local, flat + reach);
        let farthest = face
            .points()
            .iter()
            .map(|p| local.dot(&p.point))
            .fold(f64::NEG_INFINITY, f64::max);
        let vertices = face
            .points()
            .iter()
            .map(|p| FaceVertex {
                point: pose.transform_point(&p.point),
                key: u64::from(p.id),
                shortfall: (farthest - local.dot(&p.point)).max(0.0),
            })
            .collect();
        Self { vertices, flat }
    }

    /// The points of the flat face.
    pub fn flat_vertices(&self) -> impl Iterator<Item = &FaceVertex<D>> + '_ {
        self.vertices.iter().filter(|v| v.shortfall <= self.flat)
    }
}
