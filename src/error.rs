//! Errors of the Rust API.

use std::fmt;

use crate::gjk::DistanceResult;

/// A shape or pose could not be built from the given numbers (NaN, infinity, negative size,
/// no points). The message says which argument and, for point lists, which point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeError {
    message: String,
}

impl ShapeError {
    pub(crate) fn new(message: String) -> Self {
        Self { message }
    }

    /// What was wrong with the input.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ShapeError {}

/// A query could not produce a certified answer.
#[derive(Clone, Debug, PartialEq)]
pub enum QueryError<const D: usize> {
    /// The iteration cap was reached before the tolerance was met. The best result found is
    /// attached: its `lower_bound` and `distance` still bracket the true distance.
    NoConvergence(Box<DistanceResult<D>>),
    /// A support function returned a non-finite point: the coordinates of the pair overflow
    /// (shapes near 1e308 apart), or a user-defined shape misbehaves.
    NonFiniteSupport,
    /// The options are out of range (negative or NaN tolerance, zero iteration cap).
    InvalidOptions(&'static str),
}

impl<const D: usize> fmt::Display for QueryError<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::NoConvergence(best) => write!(
                f,
                "no convergence after {} iterations: distance is between {} and {}",
                best.iterations, best.lower_bound, best.distance
            ),
            QueryError::NonFiniteSupport => f.write_str(
                "a support point is not finite: the shapes' coordinates overflow (or a \
                 user-defined support function returned NaN or infinity)",
            ),
            QueryError::InvalidOptions(why) => write!(f, "invalid query options: {why}"),
        }
    }
}

impl<const D: usize> std::error::Error for QueryError<D> {}
