//! A shape's face along a direction: the points of its core that reach, along the direction,
//! within a tolerance of the farthest. Contact manifolds clip one shape's face against the
//! other's (see `crate::manifold`).

use nalgebra::SVector;

/// A point of a [`Face`] and its id.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FacePoint<const D: usize> {
    /// The point, in the shape's local frame.
    pub point: SVector<f64, D>,
    /// Which of the shape's features the point is: the same number for the same vertex (or, on
    /// a curved shape, the same smooth patch) whatever the direction it was found along, and a
    /// different number for a different one. Contact points take their ids from these.
    pub id: u32,
}

/// Points of a shape's core nearly as far along a direction as its support point (see
/// [`crate::Support::core_face`]). Their convex hull is the face: a vertex, an edge, or (in
/// 3D) a polygon. In no particular order, without repetitions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Face<const D: usize> {
    points: Vec<FacePoint<D>>,
}

impl<const D: usize> Face<D> {
    /// A face without points, to [`Face::push`] them into.
    pub fn new() -> Self {
        Self { points: Vec::new() }
    }

    /// A face that is the single `point` of feature `id`.
    pub fn single(point: SVector<f64, D>, id: u32) -> Self {
        Self {
            points: vec![FacePoint { point, id }],
        }
    }

    /// Adds `point` of feature `id`, unless the face holds that point already.
    pub fn push(&mut self, point: SVector<f64, D>, id: u32) {
        if self.points.iter().all(|p| p.point != point) {
            self.points.push(FacePoint { point, id });
        }
    }

    /// The points.
    pub fn points(&self) -> &[FacePoint<D>] {
        &self.points
    }
}
