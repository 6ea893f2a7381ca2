//! # gjk
//!
//! Convex collision detection in 2D and 3D with the Gilbert–Johnson–Keerthi algorithm: whether
//! two convex shapes intersect, and how far apart they are (distance, closest points,
//! separating normal and a certified lower bound).
//!
//! Shapes are support maps ([`Support`]): point clouds (their convex hull), balls, ellipsoids,
//! boxes, capsules, cylinders, cones, segments, points, and any of them rounded
//! ([`shape::Shape::rounded`]). Each is placed in the world by a [`Pose`]. One generic
//! implementation serves both dimensions (`D = 2` and `D = 3`).
//!
//! ```
//! use gjk::{distance, intersect, shape::{Ball, ConvexHull}, Pose, Vector};
//!
//! let square = ConvexHull::<2>::new(vec![
//!     Vector::<2>::new(0.0, 0.0), Vector::<2>::new(3.0, 0.0),
//!     Vector::<2>::new(3.0, 3.0), Vector::<2>::new(0.0, 3.0),
//! ]).unwrap();
//! let circle = Ball::<2>::new(1.0).unwrap();
//! let at = Pose::new_2d(6.0, 1.5, 0.0).unwrap();
//! let d = distance(&square, &Pose::identity(), &circle, &at).unwrap();
//! assert!((d.distance - 2.0).abs() < 1e-12);
//! assert!(!intersect(&square, &Pose::identity(), &circle, &at).unwrap());
//! ```
//!
//! A distance's interval is certified in exact arithmetic, rounding included:
//! `lower_bound <= exact distance <= distance` for the shapes as given and placed (see
//! [`DistanceResult`] for the precise statement), `distance == 0` only where an overlap is
//! proven, and [`DistanceResult::tolerance_call`] marks the verdicts taken within the touching
//! tolerance.
//!
//! The same library is a C ABI (`include/gjk.h`), documented in the [`ffi`] module.

#![warn(missing_docs)]

mod aabb;
pub mod batch;
pub mod cache;
mod cast;
mod epa;
pub mod error;
mod exact;
pub mod ffi;
mod gjk;
mod manifold;
mod outward;
pub mod range;
pub mod shape;
mod simplex;
mod support;
#[cfg(test)]
mod test_random;
pub mod trace;

pub use crate::aabb::{aabb, Aabb};
pub use crate::cache::SimplexCache;
pub use crate::cast::{
    ray_cast, ray_cast_with, shape_cast, shape_cast_with, CastError, CastHit, CastOptions, RayHit,
};
pub use crate::epa::{penetration, penetration_with, signed_distance, PenetrationResult};
pub use crate::error::{QueryError, ShapeError};
pub use crate::gjk::{
    distance, distance_cached, distance_with, intersect, intersect_cached, intersect_with,
    DistanceResult, QueryOptions,
};
pub use crate::manifold::{contact_manifold, ContactManifold, ContactPoint};
pub use crate::support::{Face, FacePoint, Pose, SmoothPart, SmoothParts, Support, Vector};
