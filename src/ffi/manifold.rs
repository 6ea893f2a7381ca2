//! `gjk_contact_manifold`: the contact points of two shapes for a physics solver.

use crate::ffi::pointers::output;
use crate::ffi::pose::GjkPose;
use crate::ffi::query::{pair_query, to3, write_out, Query};
use crate::ffi::shapes::GjkShape;
use crate::ffi::status::{guard, Failure, GjkStatus, GJK_INVALID_ARGUMENT};
use crate::manifold::{contact_manifold, ContactManifold, ContactPoint};

/// A point of a `GjkManifold`, in the world frame (2D: z = 0).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GjkContactPoint {
    /// The point on A.
    pub point_a: [f64; 3],
    /// The point on B; `(point_b - point_a) . normal = separation`.
    pub point_b: [f64; 3],
    /// The distance from A to B along the manifold's normal here: negative where the shapes
    /// overlap (minus the depth there).
    pub separation: f64,
    /// Names the features of both shapes this point comes from: the same while the same
    /// features touch (a solver carries its impulses over by it), different when others do.
    pub id: u32,
}

/// The contact manifold of two shapes (see `gjk_contact_manifold`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GjkManifold {
    /// The unit contact normal, from A towards B (2D: z = 0).
    pub normal: [f64; 3],
    /// How many of `points` are set: 0 to 2 in 2D, 0 to 4 in 3D.
    pub count: i32,
    /// The contact points, `count` of them, the deepest first.
    pub points: [GjkContactPoint; 4],
}

impl<const D: usize> From<&ContactPoint<D>> for GjkContactPoint {
    fn from(p: &ContactPoint<D>) -> Self {
        Self {
            point_a: to3(&p.point_a),
            point_b: to3(&p.point_b),
            separation: p.separation,
            id: p.id,
        }
    }
}

impl<const D: usize> From<&ContactManifold<D>> for GjkManifold {
    fn from(m: &ContactManifold<D>) -> Self {
        let mut out = Self {
            normal: to3(&m.normal),
            count: m.points.len() as i32,
            ..Self::default()
        };
        for (slot, p) in out.points.iter_mut().zip(&m.points) {
            *slot = p.into();
        }
        out
    }
}

/// The contact manifold of shape `a` placed by `pose_a` and shape `b` placed by `pose_b`: the
/// unit normal from A to B and up to 2 points in 2D, 4 in 3D, where the shapes overlap or are
/// less than `margin` apart along the normal (speculative contacts), each with its point on A
/// and on B, its separation (negative = penetration) and a feature id. Pairs farther apart
/// than `margin` give `count` 0. Faces within about 1e-3 radians of parallel touch as faces:
/// the incident face is clipped by the reference face's sides and the corners of the overlap
/// are kept, the deepest and those spanning the largest area; curved shapes touch at one
/// point, a capsule's side along its segment, a cylinder's end disc as a regular octagon.
/// The least separation is the penetration query's signed distance. A NULL pose is the
/// identity. `margin` must be finite and at least 0 (`GJK_INVALID_ARGUMENT`). `*out` is
/// written on success, and on `GJK_NO_CONVERGENCE` with the manifold around the best normal
/// found.
///
/// # Safety
/// Pointers must be NULL or valid for their types during the call.
#[no_mangle]
pub unsafe extern "C" fn gjk_contact_manifold(
    a: *const GjkShape,
    pose_a: *const GjkPose,
    b: *const GjkShape,
    pose_b: *const GjkPose,
    margin: f64,
    out: *mut GjkManifold,
) -> GjkStatus {
    guard(move || {
        let out = output(out, "out")?;
        let query = Query::new(a, pose_a, b, pose_b, std::ptr::null())?;
        if !(margin >= 0.0 && margin.is_finite()) {
            return Err(Failure::new(
                GJK_INVALID_ARGUMENT,
                format!("margin must be finite and at least 0 (got {margin})"),
            ));
        }
        query.dispatch(Manifold { margin }, out)
    })
}

/// The manifold query, written out even when the iteration cap was hit.
struct Manifold {
    margin: f64,
}

pair_query!(Manifold => GjkManifold, |Manifold { margin }, pair, out| {
    write_out(contact_manifold(pair.a, pair.pose_a, pair.b, pair.pose_b, margin), out)
});
