//! Clipping on the contact plane: the incident face, as a chain of points projected on the
//! plane (each keeping its place in the world), cut by the half-planes of the reference face.

use super::ids;
use crate::support::Vector;

/// A point of the chain being clipped: its coordinates on the contact plane, its place in the
/// world (on the incident shape), and its feature key.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ChainPoint<const D: usize> {
    /// Coordinates on the contact plane (the second is 0 on a line).
    pub at: [f64; 2],
    /// The point in the world frame.
    pub point: Vector<D>,
    /// The features it comes from.
    pub key: u64,
    /// How far it falls short of its face's farthest reach along the normal (see
    /// `super::posed::FaceVertex`): of two points at the same place on the plane, the one
    /// reaching farther is the shape's surface.
    pub shortfall: f64,
}

/// The half-plane `w . at >= offset - slack` of the contact plane, bounded by a reference
/// edge (or, on a line, a reference endpoint) whose key it carries.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HalfPlane {
    pub w: [f64; 2],
    pub offset: f64,
    pub slack: f64,
    pub key: u64,
}

impl HalfPlane {
    fn excess(&self, at: &[f64; 2]) -> f64 {
        self.w[0] * at[0] + self.w[1] * at[1] - self.offset
    }
}

/// `chain` (a closed polygon when `closed`, otherwise an open chain, one point included) cut
/// by `half_plane`: the points inside kept, and a new point wherever a side crosses the
/// boundary, keyed by the side's ends and the boundary.
pub(crate) fn clip<const D: usize>(
    chain: &[ChainPoint<D>],
    closed: bool,
    half_plane: &HalfPlane,
) -> Vec<ChainPoint<D>> {
    let mut out = Vec::with_capacity(chain.len() + 1);
    let sides = if closed {
        chain.len()
    } else {
        chain.len().saturating_sub(1)
    };
    let inside = |p: &ChainPoint<D>| half_plane.excess(&p.at) >= -half_plane.slack;
    for (i, p) in chain.iter().enumerate() {
        if inside(p) {
            out.push(*p);
        }
        if i < sides {
            let q = &chain[(i + 1) % chain.len()];
            if inside(p) != inside(q) {
                out.push(crossing(p, q, half_plane));
            }
        }
    }
    out
}

/// Where the side from `p` to `q` crosses the boundary of `half_plane`.
fn crossing<const D: usize>(
    p: &ChainPoint<D>,
    q: &ChainPoint<D>,
    half_plane: &HalfPlane,
) -> ChainPoint<D> {
    let (ep, eq) = (half_plane.excess(&p.at), half_plane.excess(&q.at));
    let t = (ep / (ep - eq)).clamp(0.0, 1.0);
    ChainPoint {
        at: [
            p.at[0] + t * (q.at[0] - p.at[0]),
            p.at[1] + t * (q.at[1] - p.at[1]),
        ],
        point: p.point + (q.point - p.point) * t,
        key: ids::pair(ids::unordered(p.key, q.key), half_plane.key),
        shortfall: p.shortfall + (q.shortfall - p.shortfall) * t,
    }
}

/// `(b - a) x (c - a)`: positive when `a, b, c` turn counter-clockwise.
pub(crate) fn turn(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2]) -> f64 {
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

/// The vertices of the convex hull of `points`, counter-clockwise (Andrew's monotone chain),
/// points on its sides left out, and of points at one place the one reaching farthest; one or
/// two points for a point or a segment.
pub(crate) fn hull<const D: usize>(mut points: Vec<ChainPoint<D>>) -> Vec<ChainPoint<D>> {
    points.sort_by(|p, q| {
        (p.at[0], p.at[1], p.shortfall)
            .partial_cmp(&(q.at[0], q.at[1], q.shortfall))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    points.dedup_by(|later, first| later.at == first.at);
    if points.len() < 3 {
        return points;
    }
    let mut hull: Vec<ChainPoint<D>> = Vec::with_capacity(2 * points.len());
    for pass in 0..2 {
        let start = hull.len();
        let ordered: Box<dyn Iterator<Item = &ChainPoint<D>>> = if pass == 0 {
            Box::new(points.iter())
        } else {
            Box::new(points.iter().rev())
        };
        for p in ordered {
            while hull.len() >= start + 2
                && turn(&hull[hull.len() - 2].at, &hull[hull.len() - 1].at, &p.at) <= 0.0
            {
                hull.pop();
            }
            hull.push(*p);
        }
        hull.pop();
    }
    hull
}

/// The half-planes of the convex counter-clockwise polygon `polygon` (keys of its vertices
/// given alongside), each let out by `slack`.
pub(crate) fn polygon_sides<const D: usize>(
    polygon: &[ChainPoint<D>],
    slack: f64,
) -> Vec<HalfPlane> {
    (0..polygon.len())
        .map(|k| {
            let (a, b) = (&polygon[k], &polygon[(k + 1) % polygon.len()]);
            let w = [-(b.at[1] - a.at[1]), b.at[0] - a.at[0]];
            let length = w[0].hypot(w[1]);
            HalfPlane {
                w,
                offset: w[0] * a.at[0] + w[1] * a.at[1],
                slack: slack * length,
                key: ids::unordered(a.key, b.key),
            }
        })
        .collect()
}

/// The two half-planes bounding the segment from `low` to `high` along its line (the slab
/// across it), each keyed by its end's key.
pub(crate) fn segment_ends<const D: usize>(
    low: &ChainPoint<D>,
    high: &ChainPoint<D>,
    slack: f64,
) -> [HalfPlane; 2] {
    let span = [high.at[0] - low.at[0], high.at[1] - low.at[1]];
    let length = span[0].hypot(span[1]);
    let w = [span[0] / length, span[1] / length];
    let dot = |at: &[f64; 2]| w[0] * at[0] + w[1] * at[1];
    [
        HalfPlane {
            w,
            offset: dot(&low.at),
            slack,
            key: low.key,
        },
        HalfPlane {
            w: [-w[0], -w[1]],
            offset: -dot(&high.at),
            slack,
            key: high.key,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(x: f64, y: f64, key: u64) -> ChainPoint<2> {
        ChainPoint {
            at: [x, y],
            point: Vector::<2>::new(x, y),
            key,
            shortfall: 0.0,
        }
    }

    #[test]
    fn a_square_clipped_by_a_smaller_square_is_the_smaller_square() {
        let big: Vec<_> = [(-2.0, -2.0), (2.0, -2.0), (2.0, 2.0), (-2.0, 2.0)]
            .iter()
            .enumerate()
            .map(|(k, &(x, y))| point(x, y, k as u64))
            .collect();
        let small: Vec<_> = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .iter()
            .enumerate()
            .map(|(k, &(x, y))| point(x, y, 10 + k as u64))
            .collect();
        let mut chain = big;
        for side in polygon_sides(&small, 0.0) {
            chain = clip(&chain, true, &side);
        }
        let mut corners: Vec<_> = chain.iter().map(|p| p.at).collect();
        corners.sort_by(|p, q| p.partial_cmp(q).unwrap());
        assert_eq!(
            corners,
            vec![[-1.0, -1.0], [-1.0, 1.0], [1.0, -1.0], [1.0, 1.0]]
        );
    }

    #[test]
    fn hull_drops_inner_points_and_points_on_sides() {
        let points = vec![
            point(0.0, 0.0, 0),
            point(1.0, 0.0, 1),
            point(2.0, 0.0, 2),
            point(1.0, 1.0, 3),
            point(1.0, 0.3, 4),
        ];
        let keys: Vec<_> = hull(points).iter().map(|p| p.key).collect();
        assert_eq!(keys, vec![0, 2, 3]);
    }

    #[test]
    fn an_open_chain_is_cut_to_an_interval() {
        let chain = vec![point(-3.0, 0.0, 0), point(3.0, 0.0, 1)];
        let mut cut = chain;
        for side in segment_ends(&point(-1.0, 0.0, 7), &point(2.0, 0.0, 8), 0.0) {
            cut = clip(&cut, false, &side);
        }
        let xs: Vec<_> = cut.iter().map(|p| p.at[0]).collect();
        assert_eq!(xs, vec![-1.0, 2.0]);
    }
}
