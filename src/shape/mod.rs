//! The shapes of the library, each a support map in its own local frame, and [`Shape`], the
//! closed set of them used where the kind is only known at run time (the C ABI).

mod ball;
mod cuboid;
mod ellipsoid;
mod hull_graph;
mod point;
mod point_cloud;
mod rounded;
mod segment;

pub use ball::Ball;
pub use cuboid::Cuboid;
pub use ellipsoid::Ellipsoid;
pub use point::Point;
pub use point_cloud::ConvexHull;
pub use rounded::{Capsule, Rounded};
pub use segment::Segment;

use crate::support::{Support, Vector};

/// Any shape of the library, dispatched statically by `match`.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape<const D: usize> {
    /// A single point.
    Point(Point<D>),
    /// A segment.
    Segment(Segment<D>),
    /// A convex polygon or polytope: the hull of a point cloud.
    ConvexHull(ConvexHull<D>),
    /// A circle or sphere.
    Ball(Ball<D>),
    /// An ellipse or ellipsoid.
    Ellipsoid(Ellipsoid<D>),
    /// A rectangle or box.
    Cuboid(Cuboid<D>),
    /// A stadium or capsule.
    Capsule(Capsule<D>),
}

macro_rules! dispatch {
    ($self:ident, $s:ident => $body:expr) => {
        match $self {
            Shape::Point($s) => $body,
            Shape::Segment($s) => $body,
            Shape::ConvexHull($s) => $body,
            Shape::Ball($s) => $body,
            Shape::Ellipsoid($s) => $body,
            Shape::Cuboid($s) => $body,
            Shape::Capsule($s) => $body,
        }
    };
}

impl<const D: usize> Support<D> for Shape<D> {
    #[inline]
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        dispatch!(self, s => s.support(dir))
    }

    fn center(&self) -> Vector<D> {
        dispatch!(self, s => s.center())
    }

    fn extent(&self) -> f64 {
        dispatch!(self, s => s.extent())
    }

    fn margin(&self) -> f64 {
        dispatch!(self, s => s.margin())
    }

    fn core_extent(&self) -> f64 {
        dispatch!(self, s => s.core_extent())
    }

    #[inline]
    fn core_support(&self, dir: &Vector<D>) -> Vector<D> {
        dispatch!(self, s => s.core_support(dir))
    }

    #[inline]
    fn core_support_indexed(&self, dir: &Vector<D>) -> (Vector<D>, Option<u32>) {
        dispatch!(self, s => s.core_support_indexed(dir))
    }

    fn core_vertex(&self, index: u32) -> Option<Vector<D>> {
        dispatch!(self, s => s.core_vertex(index))
    }
}
