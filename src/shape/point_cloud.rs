//! Convex polygons (2D) and polytopes (3D) given as the convex hull of a point cloud.

use std::sync::Arc;

use crate::error::ShapeError;
use crate::support::{Support, Vector};

/// The convex hull of a set of points. The points need not be ordered, on the hull, or
/// distinct; a single point, collinear or coplanar points are valid (flat or degenerate hulls).
///
/// The points are shared, not copied, when the shape is cloned.
#[derive(Clone, Debug, PartialEq)]
pub struct ConvexHull<const D: usize> {
    points: Arc<[Vector<D>]>,
    center: Vector<D>,
    extent: f64,
}

impl<const D: usize> ConvexHull<D> {
    /// Builds the hull of `points`; fails on an empty list or a non-finite coordinate.
    pub fn new(points: Vec<Vector<D>>) -> Result<Self, ShapeError> {
        if points.is_empty() {
            return Err(ShapeError::new("the point list is empty".into()));
        }
        if let Some((index, axis)) = points
            .iter()
            .enumerate()
            .find_map(|(i, p)| p.iter().position(|x| !x.is_finite()).map(|axis| (i, axis)))
        {
            return Err(ShapeError::new(format!(
                "point {index} coordinate {axis} is {}, not a finite number",
                points[index][axis]
            )));
        }
        let mut lo = points[0];
        let mut hi = points[0];
        for p in &points[1..] {
            lo = lo.inf(p);
            hi = hi.sup(p);
        }
        let diagonal = hi - lo;
        if !diagonal.norm().is_finite() {
            return Err(ShapeError::new(
                "the points span a range too large to represent".into(),
            ));
        }
        Ok(Self {
            points: points.into(),
            center: (lo + hi) * 0.5,
            extent: diagonal.norm(),
        })
    }

    /// The points the hull was built from, as given.
    pub fn points(&self) -> &[Vector<D>] {
        &self.points
    }
}

impl<const D: usize> Support<D> for ConvexHull<D> {
    #[inline]
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        let mut best = self.points[0];
        let mut best_dot = best.dot(dir);
        for p in self.points[1..].iter() {
            let dot = p.dot(dir);
            if dot > best_dot {
                best_dot = dot;
                best = *p;
            }
        }
        best
    }

    fn center(&self) -> Vector<D> {
        self.center
    }

    fn extent(&self) -> f64 {
        self.extent
    }
}
