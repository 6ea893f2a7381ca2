//! The shapes of the library, each a support map in its own local frame, and [`Shape`], the
//! closed set of them used where the kind is only known at run time (the C ABI).

mod axial;
mod ball;
mod callback;
mod cone;
mod cuboid;
mod cylinder;
mod ellipsoid;
mod hull_graph;
mod point;
mod point_cloud;
mod rounded;
mod segment;
mod small_polygon;

pub use axial::{AxialSolid, ConeKind, CylinderKind, Profile};
pub use ball::Ball;
pub use callback::{watched, SupportCallback, SupportFunction};
pub use cone::Cone;
pub use cuboid::Cuboid;
pub use cylinder::Cylinder;
pub use ellipsoid::Ellipsoid;
pub use point::Point;
pub use point_cloud::ConvexHull;
pub use rounded::{Capsule, Rounded};
pub use segment::Segment;
pub(crate) use small_polygon::{Quad, SmallPolygon, MAX_VERTICES, QUAD};

use std::any::Any;

use crate::error::ShapeError;
use crate::range::check_size;
use crate::support::{Face, SmoothParts, Support, Vector};

/// How many `f64::EPSILON` of its extent a curved surface's computed support point may lie from
/// the exact surface: the few roundings of a scaled unit vector (a norm, a quotient, a product
/// per axis), with margin.
pub(crate) const CURVED_SUPPORT_ULPS: f64 = 4.0;

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
    /// A cylinder (in 2D, a rectangle) along the last axis.
    Cylinder(Cylinder<D>),
    /// A cone (in 2D, an isosceles triangle) along the last axis.
    Cone(Cone<D>),
    /// Another shape grown by a radius: built by [`Shape::rounded`], which never nests them.
    Rounded(Box<Rounded<Shape<D>>>),
    /// A shape given by a support function of the caller's (see [`SupportCallback`]).
    Callback(SupportCallback<D>),
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
            Shape::Cylinder($s) => $body,
            Shape::Cone($s) => $body,
            Shape::Rounded($s) => $body,
            Shape::Callback($s) => $body,
        }
    };
}

/// Evaluates `$body` with `$s` bound to the shape `$shape` (a reference to any
/// [`Support`] type) as its concrete type when it is the enum holding a convex hull, as the
/// enum when it holds any other kind, and as itself when it is not the enum (see
/// [`Shape::downcast`]). Code generic over the shape type in `$body` is compiled once for
/// each, and on a hull the search then inlines the support function instead of matching on
/// the kind at every support point. Only hulls, the kind the searches spend the most support
/// points on, are singled out: each kind listed here multiplies the code of a query on a pair
/// by the number of kinds plus one, squared.
macro_rules! as_concrete {
    ($shape:expr, $s:ident => $body:expr) => {
        match $crate::shape::Shape::downcast($shape) {
            Some($crate::shape::Shape::ConvexHull($s)) => $body,
            Some($s) => $body,
            None => {
                #[allow(
                    clippy::redundant_locals,
                    reason = "`$shape` is often the very name `$s` binds"
                )]
                let $s = $shape;
                $body
            }
        }
    };
}
pub(crate) use as_concrete;

/// Evaluates `$body` with `$a` and `$b` bound to the shapes `$sa` and `$sb` as their concrete
/// hull type when both are the enum holding a convex hull, as the enum when both are the enum
/// (holding any kinds), and as themselves otherwise (see [`as_concrete`]). A pair query is
/// compiled twice (and once more for types other than the enum) rather than for every
/// combination of hull and enum on each side: a hull against another kind reaches its support
/// function through the enum's match, a few instructions per support point, and the library
/// keeps within its size budget (issue #39).
macro_rules! as_concrete_pair {
    ($sa:expr, $sb:expr, $a:ident, $b:ident => $body:expr) => {
        match (
            $crate::shape::Shape::downcast($sa),
            $crate::shape::Shape::downcast($sb),
        ) {
            (
                Some($crate::shape::Shape::ConvexHull($a)),
                Some($crate::shape::Shape::ConvexHull($b)),
            ) => $body,
            (Some($a), Some($b)) => $body,
            _ => {
                #[allow(
                    clippy::redundant_locals,
                    reason = "`$sa` and `$sb` are often the very names bound"
                )]
                let ($a, $b) = ($sa, $sb);
                $body
            }
        }
    };
}
pub(crate) use as_concrete_pair;

/// The [`Support`] methods of a shape centred at its local origin, a point of its core: its
/// centre and inner point there, and its extent `$extent`, an expression of `$self`.
macro_rules! centred_at_origin {
    ($self:ident => $extent:expr) => {
        fn center(&self) -> $crate::support::Vector<D> {
            $crate::support::Vector::zeros()
        }

        fn core_inner_point(&self) -> Option<$crate::support::Vector<D>> {
            Some($crate::support::Vector::zeros())
        }

        fn extent(&$self) -> f64 {
            $extent
        }
    };
}
use centred_at_origin;

/// `half_sizes` along the local axes when each is a valid size (see [`check_size`]), the
/// error naming the first that is not as `what` and its axis ("semi-axis 1").
fn checked_half_sizes<const D: usize>(
    half_sizes: Vector<D>,
    what: &str,
) -> Result<Vector<D>, ShapeError> {
    for (i, h) in half_sizes.iter().enumerate() {
        check_size(format_args!("{what} {i}"), *h)?;
    }
    Ok(half_sizes)
}

impl<const D: usize> Shape<D> {
    /// `shape` as the enum, when it is one (see [`Support::as_any`]). Inlined, the test
    /// folds away for every sized type.
    #[inline(always)]
    pub(crate) fn downcast<S: Support<D> + ?Sized>(shape: &S) -> Option<&Self> {
        shape.as_any()?.downcast_ref()
    }

    /// This shape grown by `radius` in every direction (the Minkowski sum with a ball), kept
    /// exact: the queries run on the shape's core and add the radius back as a margin. Radii
    /// add up rather than nest: a ball grows into a larger ball, a capsule into a fatter capsule,
    /// a rounded shape into one rounded by the sum, and a segment becomes a capsule. Fails on a
    /// negative or non-finite `radius`, or when the sum of the radii is outside the supported
    /// range (see [`crate::range`]).
    pub fn rounded(self, radius: f64) -> Result<Self, ShapeError> {
        check_size("radius", radius)?;
        Ok(match self {
            Shape::Ball(b) => Shape::Ball(Ball::new(b.radius() + radius)?),
            Shape::Segment(s) => Shape::Capsule(Rounded::new(s, radius)?),
            Shape::Capsule(c) => Shape::Capsule(Rounded::new(*c.inner(), c.radius() + radius)?),
            Shape::Rounded(r) => {
                let total = r.radius() + radius;
                Shape::Rounded(Box::new(Rounded::new(r.into_inner(), total)?))
            }
            other => Shape::Rounded(Box::new(Rounded::new(other, radius)?)),
        })
    }
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

    fn support_rounding(&self) -> f64 {
        dispatch!(self, s => s.support_rounding())
    }

    #[inline]
    fn core_support(&self, dir: &Vector<D>) -> Vector<D> {
        dispatch!(self, s => s.core_support(dir))
    }

    #[inline]
    fn prefetch_core_support(&self, dir: &Vector<D>) {
        dispatch!(self, s => s.prefetch_core_support(dir))
    }

    #[inline]
    fn core_support_indexed(&self, dir: &Vector<D>) -> (Vector<D>, Option<u32>) {
        dispatch!(self, s => s.core_support_indexed(dir))
    }

    fn core_vertex(&self, index: u32) -> Option<Vector<D>> {
        dispatch!(self, s => s.core_vertex(index))
    }

    fn core_vertex_count(&self) -> Option<usize> {
        dispatch!(self, s => s.core_vertex_count())
    }

    fn core_inner_point(&self) -> Option<Vector<D>> {
        dispatch!(self, s => s.core_inner_point())
    }

    fn core_smooth_parts(&self, dir: &Vector<D>) -> Option<SmoothParts<D>> {
        dispatch!(self, s => s.core_smooth_parts(dir))
    }

    fn core_face(&self, dir: &Vector<D>, tolerance: f64) -> Face<D> {
        dispatch!(self, s => s.core_face(dir, tolerance))
    }

    #[inline(always)]
    fn as_any(&self) -> Option<&dyn Any> {
        Some(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The enum is found behind any reference to it, a trait object's included, and nothing
    /// else is taken for it: what lets the queries match its kind once.
    #[test]
    fn downcast_finds_the_enum_and_nothing_else() {
        let hull =
            ConvexHull::<2>::new(vec![Vector::<2>::new(0.0, 0.0), Vector::<2>::new(1.0, 2.0)])
                .unwrap();
        let shape = Shape::ConvexHull(hull.clone());
        let ball = Shape::Ball(Ball::<2>::new(1.0).unwrap());
        assert_eq!(Shape::downcast(&shape), Some(&shape));
        assert_eq!(Shape::downcast(&ball), Some(&ball));
        let behind: &dyn Support<2> = &ball;
        assert_eq!(Shape::downcast(behind), Some(&ball));
        assert_eq!(Shape::downcast(&hull), None);
        let rounded = Rounded::new(ball.clone(), 0.5).unwrap();
        assert_eq!(Shape::downcast(&rounded), None);
    }
}
