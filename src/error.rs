//! Errors of the Rust API.

use std::fmt;

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

/// A query could not produce a certified answer. `R` is the query's result type.
#[derive(Clone, Debug, PartialEq)]
pub enum QueryError<R> {
    /// The iteration cap was reached before the tolerance was met, or the search stalled in
    /// rounding (coordinates far larger than the shapes' features) with its bounds further
    /// apart than the tolerance. The best result found is attached; its bounds still bracket
    /// the true answer (see each result type).
    NoConvergence(Box<R>),
    /// A support function returned a non-finite point: the coordinates of the pair overflow
    /// (shapes near 1e308 apart), or a user-defined shape misbehaves.
    NonFiniteSupport,
    /// The options are out of range (negative or NaN tolerance, zero iteration cap).
    InvalidOptions(&'static str),
    /// The query left the supported range (see [`crate::range`]): an intermediate result
    /// overflowed (possible only with user-defined shapes outside the range).
    OutOfRange(&'static str),
}

impl<R> fmt::Display for QueryError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::NoConvergence(_) => f.write_str(
                "no convergence within the iteration cap (the best bounds found are returned)",
            ),
            QueryError::NonFiniteSupport => f.write_str(
                "a support point is not finite: the shapes' coordinates overflow (or a \
                 user-defined support function returned NaN or infinity)",
            ),
            QueryError::InvalidOptions(why) => write!(f, "invalid query options: {why}"),
            QueryError::OutOfRange(why) => write!(f, "out of the supported range: {why}"),
        }
    }
}

impl<R: fmt::Debug> std::error::Error for QueryError<R> {}

/// The failures of the searches themselves, before a result type is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SearchError {
    NonFiniteSupport,
    OutOfRange(&'static str),
}

impl<R> From<SearchError> for QueryError<R> {
    fn from(e: SearchError) -> Self {
        match e {
            SearchError::NonFiniteSupport => QueryError::NonFiniteSupport,
            SearchError::OutOfRange(why) => QueryError::OutOfRange(why),
        }
    }
}
