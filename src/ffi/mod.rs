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

mod aabb;
mod batch;
mod cache;
mod callback;
mod cast;
mod manifold;
mod one_shape;
mod pointers;
mod pose;
mod query;
mod shapes;
mod status;
mod trace;

pub use aabb::gjk_shape_aabb;
pub use batch::{
    gjk_distance_batch, gjk_intersect_batch, gjk_pair_list_copy, gjk_pair_list_free,
    gjk_pair_list_get, gjk_pair_list_len, gjk_pairs_within, gjk_penetration_batch, GjkPair,
    GjkPairList,
};
pub use cache::{
    gjk_distance_cached, gjk_intersect_cached, gjk_simplex_cache_empty, GjkSimplexCache,
};
pub use callback::{gjk_support_shape_new, GjkFreeFn, GjkSupportFn};
pub use cast::{
    gjk_ray_cast, gjk_ray_cast_ex, gjk_shape_cast, gjk_shape_cast_ex, GjkRayHit, GjkShapeCastHit,
};
pub use manifold::{gjk_contact_manifold, GjkContactPoint, GjkManifold};
pub use pose::{gjk_pose_2d, gjk_pose_3d, GjkPose};
pub use query::{
    gjk_distance, gjk_distance_ex, gjk_intersect, gjk_intersect_ex, gjk_penetration,
    gjk_penetration_ex, gjk_query_options_default, gjk_signed_distance, GjkDistanceResult,
    GjkPenetrationResult, GjkQueryOptions,
};
pub use shapes::{
    gjk_box_new, gjk_capsule_new, gjk_circle_new, gjk_cone_new, gjk_cylinder_new, gjk_ellipse_new,
    gjk_ellipsoid_new, gjk_point2d_new, gjk_point3d_new, gjk_polygon_new, gjk_polygon_new_f32,
    gjk_polygon_new_scanning, gjk_polygon_new_scanning_f32, gjk_polytope_new, gjk_polytope_new_f32,
    gjk_polytope_new_scanning, gjk_polytope_new_scanning_f32, gjk_rectangle_new, gjk_rounded_new,
    gjk_segment2d_new, gjk_segment3d_new, gjk_shape_dimension, gjk_shape_free, gjk_sphere_new,
    gjk_stadium_new, GjkShape, GJK_MAX_MAGNITUDE, GJK_MIN_SIZE,
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
    /// Every function the C ABI exports (`extern "C" fn`) in the sources of this module, with
    /// its body.
    fn exports() -> Vec<(String, String)> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/ffi");
        let mut found = Vec::new();
        for entry in std::fs::read_dir(dir).expect("src/ffi is readable") {
            let path = entry.expect("an entry").path();
            let text = std::fs::read_to_string(&path).expect("a source file");
            let mut rest = text.as_str();
            while let Some(at) = rest.find("extern \"C\" fn ") {
                rest = &rest[at + "extern \"C\" fn ".len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                // The body: from the first `{` after the signature to its matching `}`.
                let open = rest.find(" {\n").expect("a body");
                let mut depth = 0;
                let mut end = open;
                for (i, c) in rest[open..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = open + i;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                found.push((name, rest[open + 2..end].trim().to_string()));
            }
        }
        assert!(found.len() >= 50, "only {} exports found", found.len());
        found
    }

    /// Every export is declared in the committed header and re-exported by this module (the
    /// crate's Rust users and the tests reach the C ABI through it).
    #[test]
    fn every_export_is_in_the_header_and_re_exported() {
        let header = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/include/gjk.h"));
        let module = include_str!("mod.rs");
        let listed = &module[..module.find("#[cfg(test)]").expect("the tests")];
        for (name, _) in exports() {
            let declared = [" ", "*"]
                .iter()
                .any(|before| header.contains(&format!("{before}{name}(")));
            assert!(declared, "{name} is not in include/gjk.h");
            let word = |text: &str| {
                text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .any(|w| w == name)
            };
            assert!(word(listed), "{name} is not re-exported by src/ffi/mod.rs");
        }
    }

    /// Every export runs its body in the guard (`guard` for a status, `guard_value` for a
    /// plain value), or is one call of another export: no panic can cross the boundary.
    #[test]
    fn every_export_runs_in_the_guard() {
        let exports = exports();
        let names: Vec<&str> = exports.iter().map(|(n, _)| n.as_str()).collect();
        for (name, body) in &exports {
            let guarded = body.starts_with("guard(") || body.starts_with("guard_value(");
            let delegates = names
                .iter()
                .any(|other| other != name && body.starts_with(&format!("{other}(")));
            let guarded_after_a_binding = body.lines().count() <= 3
                && body
                    .lines()
                    .last()
                    .is_some_and(|l| l.trim().starts_with("guard_value("));
            assert!(
                guarded || delegates || guarded_after_a_binding,
                "{name} does not run in the guard: {body}"
            );
        }
    }

    /// The committed header is the one cbindgen generates from these sources (with
    /// cbindgen.toml, and the crate's version as `GJK_VERSION_*` macros). Outside CI (`CI`
    /// unset) a stale header is rewritten before the test fails, so that after a change to the
    /// C ABI `cargo test --lib header_is_current` regenerates include/gjk.h, to be committed
    /// with the change; in CI the committed file is left as it is.
    #[test]
    fn header_is_current() {
        let crate_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
            .expect("cbindgen.toml is readable");
        config.after_includes = Some(format!(
            "\n#define GJK_VERSION_MAJOR {}\n#define GJK_VERSION_MINOR {}\n#define GJK_VERSION_PATCH {}\n",
            env!("CARGO_PKG_VERSION_MAJOR"),
            env!("CARGO_PKG_VERSION_MINOR"),
            env!("CARGO_PKG_VERSION_PATCH"),
        ));
        let mut generated = Vec::new();
        cbindgen::Builder::new()
            .with_crate(crate_dir)
            .with_config(config)
            .generate()
            .expect("cbindgen generates the header")
            .write(&mut generated);
        let path = crate_dir.join("include/gjk.h");
        let committed = std::fs::read(&path).unwrap_or_default();
        if committed != generated && std::env::var_os("CI").is_none() {
            std::fs::write(&path, &generated).expect("include/gjk.h is writable");
        }
        assert!(
            committed == generated,
            "include/gjk.h was stale{}: commit it with the change",
            if std::env::var_os("CI").is_none() {
                " (now rewritten)"
            } else {
                ""
            }
        );
    }
}
