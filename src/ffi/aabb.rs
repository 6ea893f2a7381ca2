//! `gjk_shape_aabb`: the bounding box of a placed shape.

use crate::aabb::aabb;
use crate::ffi::one_shape::{dispatch_shape, ShapeQuery};
use crate::ffi::pointers::output;
use crate::ffi::pose::GjkPose;
use crate::ffi::query::to3;
use crate::ffi::shapes::GjkShape;
use crate::ffi::status::{guard, Failure, GjkStatus};
use crate::shape::Shape;
use crate::support::Pose;

/// The axis-aligned bounding box of `shape` placed by `pose` (NULL: identity): on each world
/// axis the coordinates of the shape's support points along the axis and against it, written
/// to `min` and `max` (3 doubles each; 2D shapes: z = 0). The tightest box, to the rounding of
/// the placement. `min` and `max` are written on success only.
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call; `min` and `max` must each
/// point to 3 writable doubles.
#[no_mangle]
pub unsafe extern "C" fn gjk_shape_aabb(
    shape: *const GjkShape,
    pose: *const GjkPose,
    min: *mut f64,
    max: *mut f64,
) -> GjkStatus {
    guard(move || {
        output(min, "min")?;
        output(max, "max")?;
        let mut corners = ([0.0; 3], [0.0; 3]);
        dispatch_shape(shape, pose, PlacedBox, &mut corners)?;
        std::slice::from_raw_parts_mut(min, 3).copy_from_slice(&corners.0);
        std::slice::from_raw_parts_mut(max, 3).copy_from_slice(&corners.1);
        Ok(())
    })
}

/// The box of the placed shape, as the C ABI's three coordinates of its corners.
struct PlacedBox;

impl ShapeQuery for PlacedBox {
    type Out = ([f64; 3], [f64; 3]);

    fn write<const D: usize>(
        self,
        shape: &Shape<D>,
        pose: &Pose<D>,
        out: &mut Self::Out,
    ) -> Result<(), Failure> {
        let b = aabb(shape, pose);
        *out = (to3(&b.min), to3(&b.max));
        Ok(())
    }
}
