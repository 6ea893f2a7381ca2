//! The C ABI: opaque shape handles, plain `#[repr(C)]` value types, status codes.
//!
//! This module converts and validates, then calls the Rust API; it holds no geometry. Every
//! exported function:
//! - returns a [`GjkStatus`] (or a plain value that cannot fail) and writes results through
//!   out-pointers, only on success;
//! - checks every pointer (NULL, alignment) and number (NaN, infinity, negative sizes, counts)
//!   and leaves a readable message for [`gjk_last_error_message`];
//! - runs under `catch_unwind`, so no panic crosses the boundary ([`GJK_INTERNAL_ERROR`]);
//! - terminates on every input (iteration caps, no recursion on user data).
//!
//! The header `include/gjk.h` is generated from this module by cbindgen (see `build.rs`).

mod batch;
mod cache;
mod cast;
mod pointers;
mod pose;
mod query;
mod shapes;
mod status;
mod trace;

pub use batch::{
    gjk_distance_batch, gjk_intersect_batch, gjk_pair_list_copy, gjk_pair_list_free,
    gjk_pair_list_get, gjk_pair_list_len, gjk_pairs_within, GjkPair, GjkPairList,
};
pub use cache::{
    gjk_distance_cached, gjk_intersect_cached, gjk_simplex_cache_empty, GjkSimplexCache,
};
pub use cast::{
    gjk_ray_cast, gjk_ray_cast_ex, gjk_shape_cast, gjk_shape_cast_ex, GjkRayHit, GjkShapeCastHit,
};
pub use pose::{gjk_pose_2d, gjk_pose_3d, GjkPose};
pub use query::{
    gjk_distance, gjk_distance_ex, gjk_intersect, gjk_intersect_ex, gjk_penetration,
    gjk_penetration_ex, gjk_query_options_default, gjk_signed_distance, GjkDistanceResult,
    GjkPenetrationResult, GjkQueryOptions,
};
pub use shapes::{
    gjk_box_new, gjk_capsule_new, gjk_circle_new, gjk_ellipse_new, gjk_ellipsoid_new,
    gjk_point2d_new, gjk_point3d_new, gjk_polygon_new, gjk_polygon_new_f32, gjk_polytope_new,
    gjk_polytope_new_f32, gjk_rectangle_new, gjk_segment2d_new, gjk_segment3d_new,
    gjk_shape_dimension, gjk_shape_free, gjk_sphere_new, gjk_stadium_new, GjkShape,
    GJK_MAX_MAGNITUDE, GJK_MIN_SIZE,
};
pub use status::{
    gjk_last_error_message, gjk_status_string, gjk_version, GjkStatus, GJK_DIMENSION_MISMATCH,
    GJK_INTERNAL_ERROR, GJK_INVALID_ARGUMENT, GJK_NO_CONVERGENCE, GJK_NULL_POINTER, GJK_OK,
};
pub use trace::{
    gjk_distance_trace, GjkStepOutcome, GjkTraceStep, GJK_STEP_ADDED, GJK_STEP_GAP_CLOSED,
    GJK_STEP_NO_PROGRESS, GJK_STEP_REPEATED, GJK_STEP_STARTED,
};

#[cfg(test)]
mod tests {
    /// The committed header is the one cbindgen generates from these sources.
    #[test]
    fn header_is_current() {
        let generated = include_str!(concat!(env!("OUT_DIR"), "/gjk.h"));
        let committed =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/include/gjk.h"))
                .expect("include/gjk.h exists");
        assert!(
            committed == generated,
            "include/gjk.h is stale: build outside CI (cargo build) to regenerate it, and commit it"
        );
    }
}
