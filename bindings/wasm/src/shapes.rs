//! The `Shape` class: any shape of the library, in 2D or 3D, made by its static constructors.

use std::rc::Rc;

use gjk::shape::{
    AxialSolid, Ball, Capsule, ConvexHull, Cuboid, Ellipsoid, Point, Segment, Shape as Kind,
};
use gjk::{aabb, Pose, ShapeError, Vector};
use wasm_bindgen::prelude::*;

use crate::io::{self, Placement};
use crate::status::{thrown, Status};

/// A library shape of either dimension.
pub enum AnyShape {
    /// A 2D shape.
    Planar(Kind<2>),
    /// A 3D shape.
    Spatial(Kind<3>),
}

impl AnyShape {
    /// The shape's dimension.
    pub fn dimension(&self) -> usize {
        match self {
            AnyShape::Planar(_) => 2,
            AnyShape::Spatial(_) => 3,
        }
    }

    /// Whether the shape's support function is JavaScript's (its queries are then watched).
    pub fn calls_back(&self) -> bool {
        match self {
            AnyShape::Planar(s) => s.calls_back(),
            AnyShape::Spatial(s) => s.calls_back(),
        }
    }
}

/// A convex shape of the library, placed by a pose at query time. Made by the static
/// constructors; `free()` releases it (the TypeScript's FinalizationRegistry does so for a
/// shape that was forgotten).
#[wasm_bindgen]
pub struct Shape {
    pub(crate) inner: Rc<AnyShape>,
}

/// A made shape, or the error thrown for its arguments.
type Made = Result<Shape, JsValue>;

/// `made` as a 2D shape.
fn planar(made: Result<Kind<2>, ShapeError>) -> Made {
    made.map(|s| Shape::new(AnyShape::Planar(s)))
        .map_err(|e| thrown(Status::InvalidArgument, e))
}

/// `made` as a 3D shape.
fn spatial(made: Result<Kind<3>, ShapeError>) -> Made {
    made.map(|s| Shape::new(AnyShape::Spatial(s)))
        .map_err(|e| thrown(Status::InvalidArgument, e))
}

/// The points of `coords` taken `D` at a time, refused unless they divide evenly.
fn points<const D: usize>(coords: &[f64], name: &str) -> Result<Vec<Vector<D>>, JsValue> {
    if !coords.len().is_multiple_of(D) {
        return Err(thrown(
            Status::InvalidArgument,
            format!(
                "{name} has {} numbers, not a multiple of {D} (the points' coordinates one \
                 after another)",
                coords.len()
            ),
        ));
    }
    Ok(coords
        .chunks_exact(D)
        .map(Vector::<D>::from_column_slice)
        .collect())
}

impl Shape {
    fn new(shape: AnyShape) -> Self {
        Shape {
            inner: Rc::new(shape),
        }
    }

    /// Another handle on a shape held elsewhere (a [`crate::ShapeList`]'s).
    pub(crate) fn from_rc(shape: &Rc<AnyShape>) -> Self {
        Shape {
            inner: Rc::clone(shape),
        }
    }
}

#[wasm_bindgen]
impl Shape {
    /// The convex hull of 2D points `xy` (x0, y0, x1, y1, ...), in any order.
    pub fn polygon(xy: &[f64]) -> Made {
        planar(ConvexHull::new(points::<2>(xy, "points")?).map(Kind::ConvexHull))
    }

    /// The convex hull of 3D points `xyz` (x0, y0, z0, x1, ...), in any order.
    pub fn polytope(xyz: &[f64]) -> Made {
        spatial(ConvexHull::new(points::<3>(xyz, "points")?).map(Kind::ConvexHull))
    }

    /// A circle about the origin.
    pub fn circle(radius: f64) -> Made {
        planar(Ball::new(radius).map(Kind::Ball))
    }

    /// A sphere about the origin.
    pub fn sphere(radius: f64) -> Made {
        spatial(Ball::new(radius).map(Kind::Ball))
    }

    /// An axis-aligned ellipse about the origin.
    pub fn ellipse(half_x: f64, half_y: f64) -> Made {
        planar(Ellipsoid::new(Vector::<2>::new(half_x, half_y)).map(Kind::Ellipsoid))
    }

    /// An axis-aligned ellipsoid about the origin.
    pub fn ellipsoid(half_x: f64, half_y: f64, half_z: f64) -> Made {
        spatial(Ellipsoid::new(Vector::<3>::new(half_x, half_y, half_z)).map(Kind::Ellipsoid))
    }

    /// An axis-aligned rectangle about the origin.
    pub fn rectangle(half_x: f64, half_y: f64) -> Made {
        planar(Cuboid::new(Vector::<2>::new(half_x, half_y)).map(Kind::Cuboid))
    }

    /// An axis-aligned box about the origin.
    #[wasm_bindgen(js_name = box)]
    pub fn cuboid(half_x: f64, half_y: f64, half_z: f64) -> Made {
        spatial(Cuboid::new(Vector::<3>::new(half_x, half_y, half_z)).map(Kind::Cuboid))
    }

    /// A stadium: the segment from (-half_length, 0) to (half_length, 0) grown by `radius`.
    pub fn stadium(half_length: f64, radius: f64) -> Made {
        planar(Capsule::along_axis(0, half_length, radius).map(Kind::Capsule))
    }

    /// A capsule: the segment from z = -half_length to z = half_length grown by `radius`.
    pub fn capsule(half_length: f64, radius: f64) -> Made {
        spatial(Capsule::along_axis(2, half_length, radius).map(Kind::Capsule))
    }

    /// A cylinder along z, from -half_height to half_height.
    pub fn cylinder(half_height: f64, radius: f64) -> Made {
        spatial(AxialSolid::new(half_height, radius).map(Kind::Cylinder))
    }

    /// A cone along z: its base at z = -half_height, its apex at half_height.
    pub fn cone(half_height: f64, radius: f64) -> Made {
        spatial(AxialSolid::new(half_height, radius).map(Kind::Cone))
    }

    /// The 2D segment from (x0, y0) to (x1, y1).
    pub fn segment2d(x0: f64, y0: f64, x1: f64, y1: f64) -> Made {
        planar(Segment::new(Vector::<2>::new(x0, y0), Vector::<2>::new(x1, y1)).map(Kind::Segment))
    }

    /// The 3D segment from (x0, y0, z0) to (x1, y1, z1).
    pub fn segment3d(x0: f64, y0: f64, z0: f64, x1: f64, y1: f64, z1: f64) -> Made {
        let (a, b) = (Vector::<3>::new(x0, y0, z0), Vector::<3>::new(x1, y1, z1));
        spatial(Segment::new(a, b).map(Kind::Segment))
    }

    /// The 2D point (x, y).
    pub fn point2d(x: f64, y: f64) -> Made {
        planar(Point::new(Vector::<2>::new(x, y)).map(Kind::Point))
    }

    /// The 3D point (x, y, z).
    pub fn point3d(x: f64, y: f64, z: f64) -> Made {
        spatial(Point::new(Vector::<3>::new(x, y, z)).map(Kind::Point))
    }

    /// The shape whose support function is `support` (see the `callback` module), probed
    /// along the axes now.
    pub fn support(dimension: u32, support: js_sys::Function) -> Made {
        crate::callback::clear_support_error();
        let made = match dimension {
            2 => crate::callback::shape::<2>(support).map(|s| Shape::new(AnyShape::Planar(s))),
            3 => crate::callback::shape::<3>(support).map(|s| Shape::new(AnyShape::Spatial(s))),
            _ => Err(format!("dimension is {dimension}, it must be 2 or 3")),
        };
        // A function that threw: its exception stays for the TypeScript to take as the cause.
        made.map_err(|message| {
            let status = if crate::callback::threw() {
                Status::SupportFunction
            } else {
                Status::InvalidArgument
            };
            thrown(status, message)
        })
    }

    /// This shape grown by `radius` (a new shape; this one is unchanged).
    pub fn rounded(&self, radius: f64) -> Made {
        match &*self.inner {
            AnyShape::Planar(s) => planar(s.clone().rounded(radius)),
            AnyShape::Spatial(s) => spatial(s.clone().rounded(radius)),
        }
    }

    /// 2 or 3.
    #[wasm_bindgen(getter)]
    pub fn dimension(&self) -> u32 {
        self.inner.dimension() as u32
    }

    /// The shape's axis-aligned bounding box placed by pose A of the block: min then max,
    /// three numbers each, at the block's answer.
    pub fn aabb(&self) -> u32 {
        crate::status::report(match &*self.inner {
            AnyShape::Planar(s) => boxed::<2>(s),
            AnyShape::Spatial(s) => boxed::<3>(s),
        })
    }
}

/// The bounding box of `shape` placed by pose A, written to the block.
fn boxed<const D: usize>(shape: &Kind<D>) -> Result<(), (Status, String)>
where
    Pose<D>: Placement,
{
    let pose = Pose::<D>::read(io::POSE_A, "pose").map_err(|m| (Status::InvalidArgument, m))?;
    let bounds = aabb(shape, &pose);
    io::put_vector(io::OUT, &bounds.min);
    io::put_vector(io::OUT + 3, &bounds.max);
    Ok(())
}
