//! The dispatcher of the exports on one placed shape (bounding box, ray cast).

use crate::ffi::callback::checked;
use crate::ffi::pointers::{input, optional};
use crate::ffi::pose::{FromGjkPose, GjkPose};
use crate::ffi::shapes::{AnyShape, GjkShape};
use crate::ffi::status::Failure;
use crate::shape::Shape;
use crate::support::Pose;

/// A query on one placed shape, generic over the dimension (a closure cannot be), run by
/// [`dispatch_shape`]: it carries what the query needs besides the shape and writes its answer
/// to the caller's `Out`.
pub(super) trait ShapeQuery {
    /// What the answer is written to.
    type Out;

    /// The query on `shape` placed by `pose`, its answer written to `out`.
    fn write<const D: usize>(
        self,
        shape: &Shape<D>,
        pose: &Pose<D>,
        out: &mut Self::Out,
    ) -> Result<(), Failure>;
}

/// Runs `query` on the shape at `shape` placed by the pose at `pose` (NULL: the identity), its
/// answer written to `out`: the pointers are checked (named `shape` and `pose` in their
/// failures) and the pose placed first, then the query runs, watched for a callback's wrong
/// answers when the shape calls back (see `ffi::callback::checked`).
///
/// # Safety
/// `shape` and `pose` must be NULL or valid for their types during the call.
pub(super) unsafe fn dispatch_shape<Q: ShapeQuery>(
    shape: *const GjkShape,
    pose: *const GjkPose,
    query: Q,
    out: &mut Q::Out,
) -> Result<(), Failure> {
    let shape = input(shape, "shape")?;
    let pose = optional(pose, "pose")?;
    match &shape.shape {
        AnyShape::Planar(s) => placed(s, pose, query, out),
        AnyShape::Spatial(s) => placed(s, pose, query, out),
    }
}

/// [`dispatch_shape`] in dimension `D`.
fn placed<const D: usize, Q: ShapeQuery>(
    shape: &Shape<D>,
    pose: Option<&GjkPose>,
    query: Q,
    out: &mut Q::Out,
) -> Result<(), Failure>
where
    Pose<D>: FromGjkPose,
{
    let mut slot = None;
    let pose = Pose::<D>::placed(pose, "pose", &mut slot)?;
    checked(shape.calls_back(), || query.write(shape, pose, out))
}
