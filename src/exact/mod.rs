//! Exact mode (see [`crate::QueryOptions::exact`]): which shapes it takes, when a float answer
//! leaves it something to settle, and the shapes' point sets handed to its exact tier
//! ([`tier`]: GJK in integer arithmetic ([`search`], [`integer`]), the exact verdict, and the
//! adjacent doubles around the exact distance).

mod integer;
mod search;
mod tier;

pub(crate) use tier::{ExactAnswer, Start};

use crate::support::{MinkowskiPair, Support};

/// The exact tier answers a distance query whose float interval is wider than this fraction of
/// its lower end, so that an exact-mode interval is never wider (about 1e-9 of the distance).
const WIDEST_RELATIVE_INTERVAL: f64 = 1.0 / (1u64 << 30) as f64;

/// The exact tier answers every pair closer than this fraction of the larger shape's extent:
/// the band near touching, where the float interval (a few rounding units of the coordinates)
/// is wide next to the distance.
const NEAR_FRACTION: f64 = 1.0 / (1u64 << 16) as f64;

/// The message of exact mode's refusal of a shape that is not a point set.
pub(crate) const UNSUPPORTED: &str = "exact: exact mode takes shapes whose cores are point sets \
(polygons, polytopes, boxes, segments, points, balls, capsules and point sets rounded by a \
radius); ellipses, ellipsoids, cylinders, cones and callback shapes have no exact vertices";

/// Whether both shapes are point sets, possibly rounded, which exact mode takes.
pub(crate) fn supported<const D: usize, A, B>(a: &A, b: &B) -> bool
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    a.core_vertex_count().is_some() && b.core_vertex_count().is_some()
}

/// Whether a float answer leaves exact mode something to settle: an unproven verdict (a
/// tolerance call), or an interval wider than [`WIDEST_RELATIVE_INTERVAL`] of its lower end, or
/// shapes nearer than [`NEAR_FRACTION`] of `extent`.
pub(crate) fn needs_exact(
    intersecting: bool,
    tolerance_call: bool,
    interval: (f64, f64),
    extent: f64,
) -> bool {
    let (lower, upper) = interval;
    if tolerance_call {
        return true;
    }
    !intersecting
        && (upper - lower > WIDEST_RELATIVE_INTERVAL * lower || lower < NEAR_FRACTION * extent)
}

/// The exact answer on `pair`, whose shapes must be [`supported`], the search begun from
/// `start` (the vertices' indices are those of [`Support::core_vertex`], the direction in A's
/// frame); `None` only if the exact search fails its step guard, which exact arithmetic rules
/// out.
#[cold]
#[inline(never)]
pub(crate) fn answer<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    start: Start,
) -> Option<ExactAnswer>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let on_a = |i: u32, points: &mut Vec<f64>| {
        let vertex = pair.a.core_vertex(i);
        points.extend(vertex.iter().flat_map(|p| p.iter()));
    };
    let on_b = |i: u32, points: &mut Vec<f64>| {
        let vertex = pair.b.core_vertex(i);
        let placed = vertex.map(|p| pair.b_in_a.transform_point(&p));
        points.extend(placed.iter().flat_map(|p| p.iter()));
    };
    let counts = [pair.a.core_vertex_count(), pair.b.core_vertex_count()];
    let margins = [pair.a.margin(), pair.b.margin()];
    answer_of(
        D,
        [&on_a, &on_b],
        counts.map(|c| c.unwrap_or(0)),
        margins,
        start,
    )
}

/// Appends the coordinates of a shape's vertex of an index to a list (none where the index
/// names no vertex).
type AppendVertex<'a> = &'a dyn Fn(u32, &mut Vec<f64>);

/// [`answer`] for the shapes whose vertices `vertex[k]` appends to a list (`counts[k]` of
/// them, each of `dimension` coordinates, or none for an index without a vertex), rounded by
/// `margins`: the part that does not depend on the shapes' types, compiled once.
#[inline(never)]
fn answer_of(
    dimension: usize,
    vertex: [AppendVertex<'_>; 2],
    counts: [usize; 2],
    margins: [f64; 2],
    start: Start,
) -> Option<ExactAnswer> {
    let points = |k: usize| {
        let mut points = Vec::with_capacity(counts[k] * dimension);
        for i in 0..counts[k] as u32 {
            vertex[k](i, &mut points);
        }
        points
    };
    let (a, b) = (points(0), points(1));
    // A vertex left out would shift the indices the start's simplex names.
    let whole = a.len() == counts[0] * dimension && b.len() == counts[1] * dimension;
    let start = if whole {
        start
    } else {
        Start {
            simplex: None,
            ..start
        }
    };
    tier::answer(dimension, a, b, margins, start)
}
