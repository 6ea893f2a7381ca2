//! The settings of a query.

use crate::error::QueryError;

/// Settings of a query.
///
/// The defaults converge: on valid input within the supported range (see [`crate::range`]),
/// distance, boolean and penetration queries at the default options return their answer,
/// polytopes exactly and curved shapes (ellipsoids, balls, capsules, rounded shapes) to the
/// relative tolerance. Penetration depths of curved shapes, which EPA alone approaches in
/// hundreds of support points, are refined by Newton steps after a coarse expansion (see
/// [`crate::penetration_with`]): 10,000 random curved pairs (`tests/it/penetration/curved.rs`) all converge,
/// in at most 95 support points. [`QueryError::NoConvergence`] is for the caps a caller sets
/// (a smaller `max_iterations`), and for the limit of `f64` itself: coordinates so much larger
/// than the shapes' features that rounding stops the search short of the tolerance (the
/// fuzzing corpus has such pairs, 1e9 times); the attached result then brackets the answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QueryOptions {
    /// Stop when the distance is known within this fraction of itself (the duality gap is
    /// below `relative_tolerance * |v|^2`). Polytopes usually end earlier, exactly, when a
    /// support point repeats. Default `1e-12`; 0 asks for the best `f64` can do.
    pub relative_tolerance: f64,
    /// The most support-point evaluations before giving up with
    /// [`QueryError::NoConvergence`]. Default 128, enough for every query on valid input (see
    /// the type's docs).
    pub max_iterations: u32,
    /// Exact mode, for [`crate::distance_with`] and [`crate::intersect_with`] (and their
    /// cached and batch forms); default `false`. The shapes must be point sets, possibly
    /// rounded: hulls, boxes, segments, points, balls, capsules, and those rounded by a radius
    /// (others are refused with [`QueryError::InvalidOptions`] naming `exact`). Then the
    /// verdict is exact for the shapes as given, B placed by the library's transform (see
    /// [`crate::DistanceResult`]; exact for the caller's own shapes when the poses are NULL or
    /// translations whose sums `p + t_b - t_a` are exact): touching at exactly zero distance
    /// intersects, any positive gap is apart, and no verdict is a tolerance call. Where the
    /// float answer leaves the verdict open, or its interval is wider than 2^-30 of the
    /// distance, or the shapes are nearer than 2^-16 of the larger one's extent, the answer is
    /// computed again in exact integer arithmetic and the interval is the two adjacent
    /// doubles around the exact distance (one double when it is one), the closest points and
    /// normal rounded from the exact ones. Elsewhere the answer is the default one, at the
    /// default's cost. An exact-mode boolean query reads and fills no cache.
    pub exact: bool,
}

impl Default for QueryOptions {
    fn default() -> Self {
        Self {
            relative_tolerance: 1e-12,
            max_iterations: 128,
            exact: false,
        }
    }
}

impl QueryOptions {
    pub(crate) fn validate<R>(&self) -> Result<(), QueryError<R>> {
        if !(self.relative_tolerance >= 0.0 && self.relative_tolerance < 1.0) {
            return Err(QueryError::InvalidOptions(
                "relative_tolerance must be in [0, 1)",
            ));
        }
        if self.max_iterations == 0 {
            return Err(QueryError::InvalidOptions(
                "max_iterations must be at least 1",
            ));
        }
        Ok(())
    }
}
