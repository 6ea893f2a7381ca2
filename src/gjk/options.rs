//! The settings of a query.

use crate::error::QueryError;

/// Settings of a query.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QueryOptions {
    /// Stop when the distance is known within this fraction of itself (the duality gap is
    /// below `relative_tolerance * |v|^2`). Polytopes usually end earlier, exactly, when a
    /// support point repeats. Default `1e-12`; 0 asks for the best `f64` can do.
    pub relative_tolerance: f64,
    /// The most support-point evaluations before giving up with
    /// [`QueryError::NoConvergence`]. Default 128.
    pub max_iterations: u32,
}

impl Default for QueryOptions {
    fn default() -> Self {
        Self {
            relative_tolerance: 1e-12,
            max_iterations: 128,
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
