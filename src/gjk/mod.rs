//! The GJK algorithm: boolean intersection and distance between two posed convex shapes.
//!
//! GJK searches the Minkowski difference `A - B` for its point `v` closest to the origin. Each
//! iteration asks for the support point `w` in direction `-v`, adds it to a simplex of at most
//! `D + 1` points and replaces `v` by the simplex's point closest to the origin (see
//! [`crate::simplex`]). `|v|` is an upper bound on the distance and `v . w / |v|` a lower bound;
//! their gap (the duality gap) decides when to stop.
//!
//! The module is in layers, each using only those below it:
//! - [`options`]: the settings of a query;
//! - [`search`]: the search, which answers every input and knows nothing of caches, traces
//!   or fast paths (its numerical choices are written there): one GJK loop (the paper's
//!   steps, certified once at the end) with the rescues rounding calls for, taken from its
//!   failure branches;
//! - [`polygons`]: the exact kernel for small convex polygons, which answers them without a
//!   search;
//! - [`verdict`]: the boolean query's fast path, which proves a verdict or leaves the pair to
//!   the search;
//! - [`query`]: the queries themselves, cold or warm-started ([`crate::cache`]).

mod options;
mod polygons;
mod query;
pub(crate) mod search;
mod verdict;

pub use options::QueryOptions;
pub(crate) use polygons::PolygonContact;
pub use query::{
    distance, distance_cached, distance_with, intersect, intersect_cached, intersect_with,
};
pub(crate) use query::{distance_and_separating_normal, distance_observed, small_polygon_contact};
pub(crate) use search::{Advance, End, Mode, Observer, Origin, Search, OVERFLOW, STALL_ULPS};
pub use search::{DistanceResult, StepOutcome};
