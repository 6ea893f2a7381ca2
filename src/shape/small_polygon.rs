//! Small convex polygons as the exact polygon kernel reads them (see `crate::gjk::polygons`):
//! the hull's vertices counter-clockwise, each edge's vector and the inverses of its length
//! and squared length, computed once when the shape is created.

use robust::{orient2d, Coord};

use crate::support::Vector;

/// The most vertices a polygon of the exact kernel has: the kernel computes every vertex of
/// one polygon against every edge of the other, `2 n m` pairs, where GJK's cost grows slowly
/// with the sizes. The crossover, measured with callgrind through the C ABI (instructions per
/// query, `prof W2D-16/K distance-c` and `intersect`: the W2D-16 clouds thinned to every K-th
/// point), lies between 8 and 16 vertices, near 11 for the distance and 10 for the boolean
/// query:
///
/// | vertices | distance: kernel / GJK | boolean: kernel / GJK |
/// |--:|--:|--:|
/// | 6 | 1454 / 2187 | 700 / 777 |
/// | 8 | 1681 / 2374 | 772 / 890 |
/// | 16 | 5417 / 2768 | 2031 / 1490 |
///
/// 8 keeps every polygon in two chunks of lanes.
pub(crate) const MAX_VERTICES: usize = 8;

/// Polygons thinner than this many `f64::EPSILON` times their largest edge are left to GJK:
/// their edge vectors, rounded, no longer tell their sides apart (a triangle 1e-221 high on a
/// base of 13 took a point 7 past its end for one of its own, all its edges parallel in
/// floating point: found by fuzzing). 2^20: 2.3e-10 of the largest edge.
const THIN_ULPS: f64 = 1048576.0;

/// Nonzero coordinates below this (2^-400, 3.9e-121) leave a polygon to GJK: the exact
/// orientation tests (Shewchuk's expansions, the `robust` crate) are exact only where no
/// product underflows, and the products of such coordinates' differences and their tails do.
/// (A hull with a vertex at x = 5e-324 lost its top vertex, whose turn came out 0, and the
/// penetration query answered a depth of 0 for an overlap of 0.016: found by fuzzing.) From
/// 2^-400 up, the smallest product of two tails is near 2^-904, and its error term 2^-957, both
/// normal.
const MIN_EXACT_COORDINATE: f64 = f64::from_bits((1023 - 400) << 52);

/// Clouds of more points than this are not given a small polygon: sorting them costs more at
/// creation than the kernel saves, and their hulls rarely have few vertices.
const MAX_POINTS: usize = 64;

/// A convex polygon with 3 to [`MAX_VERTICES`] vertices, none of them on a straight angle,
/// stored by coordinate. The slots past `len` repeat the first vertex and the first edge, so
/// that a computation over whole lanes sees nothing new there.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SmallPolygon {
    /// The number of vertices.
    pub len: usize,
    /// The vertices' x coordinates, counter-clockwise.
    pub x: [f64; MAX_VERTICES],
    /// The vertices' y coordinates.
    pub y: [f64; MAX_VERTICES],
    /// Edge `i` runs from vertex `i` to vertex `i + 1` (the last to the first): its x.
    pub ex: [f64; MAX_VERTICES],
    /// Edge `i`'s y.
    pub ey: [f64; MAX_VERTICES],
    /// `1 / |e_i|^2`.
    pub inv: [f64; MAX_VERTICES],
    /// `1 / |e_i|`.
    pub inv_len: [f64; MAX_VERTICES],
    /// The length of the shortest edge (to rounding).
    pub shortest_edge: f64,
}

impl SmallPolygon {
    /// The hull of `points` (finite, as a hull's are), when it is a polygon with an area and
    /// at most [`MAX_VERTICES`] vertices, every edge's squared length is a normal number (the
    /// kernel divides by it) and it is not thin (see `THIN_ULPS`); `None` for flat hulls,
    /// points, slivers, larger hulls and clouds of more than `MAX_POINTS` points, which GJK
    /// answers.
    pub(crate) fn of(points: &[Vector<2>]) -> Option<Self> {
        if points.len() > MAX_POINTS || !points.iter().all(|p| exactly_testable(p.x, p.y)) {
            return None;
        }
        let hull = counter_clockwise_hull(points);
        if hull.len() < 3 || hull.len() > MAX_VERTICES {
            return None;
        }
        let vertex = |i: usize| hull[i % hull.len()];
        let mut polygon = Self {
            len: hull.len(),
            x: [0.0; MAX_VERTICES],
            y: [0.0; MAX_VERTICES],
            ex: [0.0; MAX_VERTICES],
            ey: [0.0; MAX_VERTICES],
            inv: [0.0; MAX_VERTICES],
            inv_len: [0.0; MAX_VERTICES],
            shortest_edge: f64::INFINITY,
        };
        for slot in 0..MAX_VERTICES {
            let i = if slot < hull.len() { slot } else { 0 };
            let (from, to) = (vertex(i), vertex(i + 1));
            let (ex, ey) = (to.x - from.x, to.y - from.y);
            let squared = ex * ex + ey * ey;
            if !squared.is_normal() || !(1.0 / squared).is_normal() {
                return None;
            }
            polygon.x[slot] = from.x;
            polygon.y[slot] = from.y;
            polygon.ex[slot] = ex;
            polygon.ey[slot] = ey;
            polygon.inv[slot] = 1.0 / squared;
            polygon.inv_len[slot] = 1.0 / squared.sqrt();
            polygon.shortest_edge = polygon.shortest_edge.min(squared.sqrt());
        }
        (!polygon.is_thin()).then_some(polygon)
    }

    /// Whether the exact orientation tests hold for every vertex (see
    /// [`MIN_EXACT_COORDINATE`]): a polygon placed by a pose may have moved a vertex next to
    /// 0.
    pub(crate) fn exactly_testable(&self) -> bool {
        (0..self.len).all(|i| exactly_testable(self.x[i], self.y[i]))
    }

    /// Whether the point `(x, y)` lies in the polygon (its boundary included), decided in
    /// exact arithmetic: on no edge's outer side by the sign of an exact orientation test.
    pub(crate) fn contains_exactly(&self, x: f64, y: f64) -> bool {
        let point = Coord { x, y };
        (0..self.len).all(|i| {
            let j = (i + 1) % self.len;
            let from = Coord {
                x: self.x[i],
                y: self.y[i],
            };
            let to = Coord {
                x: self.x[j],
                y: self.y[j],
            };
            // Shewchuk's filter first (his bound on the determinant's rounding), the exact
            // predicate only where the sign is within it.
            let left = (to.x - from.x) * (y - from.y);
            let right = (to.y - from.y) * (x - from.x);
            let determinant = left - right;
            let bound = 3.330_669_073_875_471_6e-16 * (left.abs() + right.abs());
            determinant > bound || (determinant >= -bound && orient2d(from, to, point) >= 0.0)
        })
    }

    /// Whether the polygon's width (the least over its edges of its height above the edge)
    /// is below `THIN_ULPS` rounding units of its largest edge.
    fn is_thin(&self) -> bool {
        let longest = (0..self.len).fold(0.0, |m: f64, i| m.max(1.0 / self.inv_len[i]));
        (0..self.len).any(|i| {
            let height = (0..self.len).fold(0.0, |h: f64, j| {
                let inward =
                    self.ex[i] * (self.y[j] - self.y[i]) - self.ey[i] * (self.x[j] - self.x[i]);
                h.max(inward * self.inv_len[i])
            });
            height < THIN_ULPS * f64::EPSILON * longest
        })
    }
}

/// Whether the exact orientation tests hold for a point at `(x, y)`: each coordinate 0 or at
/// least [`MIN_EXACT_COORDINATE`] in magnitude.
fn exactly_testable(x: f64, y: f64) -> bool {
    let fine = |c: f64| c == 0.0 || c.abs() >= MIN_EXACT_COORDINATE;
    fine(x) && fine(y)
}

/// The vertices of the convex hull of `points`, counter-clockwise from the lowest-leftmost,
/// without repeated points or points on an edge (Andrew's monotone chain, with exact
/// orientation tests: a vertex is kept only where the turn is strictly left).
fn counter_clockwise_hull(points: &[Vector<2>]) -> Vec<Coord<f64>> {
    // `+ 0.0` turns -0 into 0: sorted apart, (-0, 0) came before (0, -1) on the same vertical
    // and the chains dropped the corner (found by fuzzing: a hull through the origin lost it).
    let mut sorted: Vec<Coord<f64>> = points
        .iter()
        .map(|p| Coord {
            x: p.x + 0.0,
            y: p.y + 0.0,
        })
        .collect();
    sorted.sort_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
    sorted.dedup();
    if sorted.len() < 3 {
        return sorted;
    }
    let mut hull: Vec<Coord<f64>> = Vec::with_capacity(2 * sorted.len());
    // The lower chain left to right, then the upper chain right to left; each chain's last
    // point is the next one's first.
    for chain in [
        &sorted[..],
        &sorted.iter().rev().copied().collect::<Vec<_>>()[..],
    ] {
        let start = hull.len();
        for &p in chain {
            while hull.len() >= start + 2
                && orient2d(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

#[cfg(test)]
mod tests {
    use super::*;

    fn polygon(points: &[(f64, f64)]) -> Option<SmallPolygon> {
        let points: Vec<Vector<2>> = points
            .iter()
            .map(|&(x, y)| Vector::<2>::new(x, y))
            .collect();
        SmallPolygon::of(&points)
    }

    /// The hull drops inner points, points on edges and repeats, and runs counter-clockwise:
    /// a square given clockwise with its centre, an edge's midpoint and a repeated corner.
    #[test]
    fn the_hull_is_counter_clockwise_without_inner_points() {
        let square = polygon(&[
            (0.0, 0.0),
            (0.0, 2.0),
            (1.0, 1.0),
            (2.0, 2.0),
            (2.0, 1.0),
            (2.0, 0.0),
            (0.0, 0.0),
        ])
        .expect("a square");
        assert_eq!(square.len, 4);
        assert_eq!(&square.x[..4], &[0.0, 2.0, 2.0, 0.0]);
        assert_eq!(&square.y[..4], &[0.0, 0.0, 2.0, 2.0]);
        assert_eq!(&square.ex[..4], &[2.0, 0.0, -2.0, 0.0]);
        assert_eq!(&square.ey[..4], &[0.0, 2.0, 0.0, -2.0]);
        assert!(square.inv[..4].iter().all(|&inv| inv == 0.25));
        assert!(square.inv_len[..4].iter().all(|&inv| inv == 0.5));
        // The padding repeats the first vertex and edge.
        assert!(square.x[4..].iter().all(|&x| x == 0.0));
        assert!(square.ex[4..].iter().all(|&ex| ex == 2.0));
    }

    /// Flat clouds, single points, hulls of more than `MAX_VERTICES` vertices and edges too
    /// short to divide by are left to GJK.
    #[test]
    fn what_the_kernel_cannot_take_is_refused() {
        assert!(polygon(&[(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)]).is_none());
        assert!(polygon(&[(1.0, 1.0), (1.0, 1.0), (1.0, 1.0)]).is_none());
        let nonagon: Vec<(f64, f64)> = (0..9)
            .map(|i| {
                let angle = i as f64 * std::f64::consts::TAU / 9.0;
                (angle.cos(), angle.sin())
            })
            .collect();
        assert!(polygon(&nonagon).is_none());
        assert_eq!(polygon(&nonagon[..8]).map(|p| p.len), Some(8));
        assert!(polygon(&[(0.0, 0.0), (1e-170, 0.0), (0.0, 1.0)]).is_none());
    }

    /// Points on one vertical, one at x = -0 and one at x = 0, are sorted by their y: the
    /// corner at the origin stays (a total order of the bits put (-0, 0) before (0, -2)).
    #[test]
    fn negative_zero_is_zero() {
        let triangle =
            polygon(&[(-0.0, 0.0), (0.0, -2.0), (0.0, -1.0), (-1.0, -1.0)]).expect("a triangle");
        assert_eq!(triangle.len, 3);
        let corners: Vec<(f64, f64)> = (0..3).map(|j| (triangle.x[j], triangle.y[j])).collect();
        assert_eq!(corners, [(-1.0, -1.0), (0.0, -2.0), (0.0, 0.0)]);
    }

    /// A triangle whose apex is 1e-221 above its base is left to GJK (found by fuzzing:
    /// its edges, rounded, were parallel); one 1e-6 high on a base of 1 is a small polygon.
    #[test]
    fn slivers_are_refused() {
        let sliver = [(0.0, 1.2500366149833586e-221), (-7.125, -7.125), (2.0, 2.0)];
        assert!(polygon(&sliver).is_none());
        assert!(polygon(&[(0.0, 0.0), (1.0, 0.0), (0.5, 1e-6)]).is_some());
    }

    /// A triangle whose third point is within rounding of its first edge's line, but not on
    /// it, keeps its three vertices in the hull: the orientation is exact.
    #[test]
    fn orientation_is_exact() {
        let points = [(0.0, 0.0), (1.0, 1.0), (0.5, 0.5 + f64::EPSILON / 2.0)];
        let points: Vec<Vector<2>> = points
            .iter()
            .map(|&(x, y)| Vector::<2>::new(x, y))
            .collect();
        assert_eq!(counter_clockwise_hull(&points).len(), 3);
        // Too thin for the kernel, though (see `THIN_ULPS`).
        assert!(SmallPolygon::of(&points).is_none());
    }
}
