//! Small convex polygons as the exact polygon kernel reads them (see `crate::gjk::polygons`):
//! the hull's vertices counter-clockwise, each edge's vector and the inverse of its length,
//! computed once when the shape is created.

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

/// The vertices a [`Quad`] holds: one chunk of the kernel's lanes.
pub(crate) const QUAD: usize = 4;

/// Four consecutive vertices of a [`SmallPolygon`] and the edges that start at them, one a
/// slot: what the kernel loads together for one chunk of its lanes, in 160 bytes, where one
/// array per number spread a quadrilateral over six cache lines. `1 / |e|^2` is not kept: the
/// kernel computes it as it loads the edges (one division per chunk of four, the operations of
/// the check in [`SmallPolygon::of`]: the same number), which keeps a triangle or a
/// quadrilateral, with the polygon's count and shortest edge, within three lines.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Quad {
    /// The vertices' x coordinates, counter-clockwise.
    pub x: [f64; QUAD],
    /// The vertices' y coordinates.
    pub y: [f64; QUAD],
    /// Edge `i` runs from vertex `i` to vertex `i + 1` (the last to the first): its x.
    pub ex: [f64; QUAD],
    /// Edge `i`'s y.
    pub ey: [f64; QUAD],
    /// `1 / |e_i|`.
    pub inv_len: [f64; QUAD],
}

/// A convex polygon with 3 to [`MAX_VERTICES`] vertices, none of them on a straight angle,
/// stored by [`Quad`]s of vertices with their edges (a triangle or a quadrilateral reads one),
/// after its vertex count and shortest edge (`repr(C)` keeps that order), from the start of a
/// cache line: a quadrilateral is read in three lines, where one array per number took seven.
/// The slots past `len` repeat the first vertex and the first edge, so that a computation
/// over whole lanes sees nothing new there.
#[derive(Clone, Debug, PartialEq)]
#[repr(C, align(64))]
pub(crate) struct SmallPolygon {
    /// The number of vertices.
    pub len: usize,
    /// The length of the shortest edge (to rounding).
    pub shortest_edge: f64,
    /// Vertex and edge `i` are slot `i % QUAD` of quad `i / QUAD`.
    quads: [Quad; MAX_VERTICES / QUAD],
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
        let empty = [0.0; QUAD];
        let mut polygon = Self {
            len: hull.len(),
            shortest_edge: f64::INFINITY,
            quads: [Quad {
                x: empty,
                y: empty,
                ex: empty,
                ey: empty,
                inv_len: empty,
            }; MAX_VERTICES / QUAD],
        };
        for slot in 0..MAX_VERTICES {
            let i = if slot < hull.len() { slot } else { 0 };
            let (from, to) = (vertex(i), vertex(i + 1));
            let (ex, ey) = (to.x - from.x, to.y - from.y);
            let squared = ex * ex + ey * ey;
            if !squared.is_normal() || !(1.0 / squared).is_normal() {
                return None;
            }
            let (quad, k) = (&mut polygon.quads[slot / QUAD], slot % QUAD);
            (quad.x[k], quad.y[k]) = (from.x, from.y);
            (quad.ex[k], quad.ey[k]) = (ex, ey);
            quad.inv_len[k] = 1.0 / squared.sqrt();
            polygon.shortest_edge = polygon.shortest_edge.min(squared.sqrt());
        }
        (!polygon.is_thin()).then_some(polygon)
    }

    /// How many quads hold the polygon's vertices: one for 3 or 4 vertices, two for more.
    #[inline(always)]
    pub(crate) fn quad_count(&self) -> usize {
        self.len.div_ceil(QUAD)
    }

    /// Quad `c` (below [`SmallPolygon::quad_count`]; the second repeats the first vertex where
    /// the polygon has at most four).
    #[inline(always)]
    pub(crate) fn quad(&self, c: usize) -> &Quad {
        &self.quads[c]
    }

    /// Vertex `i` (`i` below [`MAX_VERTICES`]; past `len`, the first).
    #[inline(always)]
    pub(crate) fn vertex(&self, i: usize) -> Vector<2> {
        let (quad, k) = self.slot(i);
        Vector::<2>::new(quad.x[k], quad.y[k])
    }

    /// Edge `i`, from vertex `i` to the next.
    #[inline(always)]
    pub(crate) fn edge(&self, i: usize) -> Vector<2> {
        let (quad, k) = self.slot(i);
        Vector::<2>::new(quad.ex[k], quad.ey[k])
    }

    /// `1 / |e_i|^2` for edge `i`, computed from the edge (not kept: see [`Quad`]).
    #[inline(always)]
    pub(crate) fn inverse_squared_length(&self, i: usize) -> f64 {
        let e = self.edge(i);
        1.0 / (e.x * e.x + e.y * e.y)
    }

    /// `1 / |e_i|` for edge `i`.
    #[inline(always)]
    pub(crate) fn inverse_length(&self, i: usize) -> f64 {
        let (quad, k) = self.slot(i);
        quad.inv_len[k]
    }

    /// The quad of vertex and edge `i` (below [`MAX_VERTICES`]), and its slot there.
    #[inline(always)]
    fn slot(&self, i: usize) -> (&Quad, usize) {
        (&self.quads[i / QUAD], i % QUAD)
    }

    /// This polygon placed by the rotation `r` (rows) and translation `t`: vertices moved,
    /// edges turned, their inverse lengths kept (a rotation keeps lengths, to rounding, and
    /// the kernel's parameters along edges are clamped).
    pub(crate) fn placed(&self, r: [[f64; 2]; 2], t: [f64; 2]) -> Self {
        let turn = |x: f64, y: f64| (r[0][0] * x + r[0][1] * y, r[1][0] * x + r[1][1] * y);
        let mut placed = self.clone();
        // Every quad, the padding too: it repeats the placed first vertex, as `vertex` says.
        for quad in &mut placed.quads {
            for k in 0..QUAD {
                let (x, y) = turn(quad.x[k], quad.y[k]);
                (quad.x[k], quad.y[k]) = (x + t[0], y + t[1]);
                (quad.ex[k], quad.ey[k]) = turn(quad.ex[k], quad.ey[k]);
            }
        }
        placed
    }

    /// Whether the exact orientation tests hold for every vertex (see
    /// [`MIN_EXACT_COORDINATE`]): a polygon placed by a pose may have moved a vertex next to
    /// 0.
    pub(crate) fn exactly_testable(&self) -> bool {
        (0..self.len).all(|i| {
            let p = self.vertex(i);
            exactly_testable(p.x, p.y)
        })
    }

    /// Whether the point `(x, y)` lies in the polygon (its boundary included), decided in
    /// exact arithmetic: on no edge's outer side by the sign of an exact orientation test.
    pub(crate) fn contains_exactly(&self, x: f64, y: f64) -> bool {
        let point = Coord { x, y };
        (0..self.len).all(|i| {
            let (p, q) = (self.vertex(i), self.vertex((i + 1) % self.len));
            let (from, to) = (Coord { x: p.x, y: p.y }, Coord { x: q.x, y: q.y });
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
        let longest = (0..self.len).fold(0.0, |m: f64, i| m.max(1.0 / self.inverse_length(i)));
        (0..self.len).any(|i| {
            let (p, e) = (self.vertex(i), self.edge(i));
            let height = (0..self.len).fold(0.0, |h: f64, j| {
                let q = self.vertex(j);
                let inward = e.x * (q.y - p.y) - e.y * (q.x - p.x);
                h.max(inward * self.inverse_length(i))
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
        assert_eq!(square.quad_count(), 1);
        let quad = square.quad(0);
        assert_eq!(quad.x, [0.0, 2.0, 2.0, 0.0]);
        assert_eq!(quad.y, [0.0, 0.0, 2.0, 2.0]);
        assert_eq!(quad.ex, [2.0, 0.0, -2.0, 0.0]);
        assert_eq!(quad.ey, [0.0, 2.0, 0.0, -2.0]);
        assert!((0..4).all(|i| square.inverse_squared_length(i) == 0.25));
        assert_eq!(quad.inv_len, [0.5; 4]);
        // The padding repeats the first vertex and edge.
        assert!((4..MAX_VERTICES).all(|i| square.vertex(i) == Vector::<2>::new(0.0, 0.0)));
        assert!((4..MAX_VERTICES).all(|i| square.edge(i) == Vector::<2>::new(2.0, 0.0)));
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
        let corners: Vec<(f64, f64)> = (0..3)
            .map(|j| (triangle.vertex(j).x, triangle.vertex(j).y))
            .collect();
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
