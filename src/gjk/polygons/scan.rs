//! Step 2 of the polygon kernel: the edges of one polygon, in lanes, against every vertex of
//! the other, one vertex at a time.
//!
//! Edges in lanes, not vertices: what the verdict needs of an edge (its most inward vertex)
//! then accumulates in its own lane, and only the closest pair is reduced across lanes, once
//! per scan. (Vertices in lanes needed a reduction across them per edge.)

use super::lanes::{F64x4, LANES};
use crate::shape::{Quad, SmallPolygon, MAX_VERTICES, QUAD};

const _: () = assert!(
    QUAD == LANES && MAX_VERTICES == 2 * QUAD,
    "a polygon's quad is one chunk of lanes, and a polygon at most two"
);

/// Edges `LANES c .. LANES (c + 1)` of a polygon, one a lane: their starts `p`, vectors `e`
/// and `1 / |e|^2`, `1 / |e|` (slots past the polygon's vertices repeat its first edge).
struct EdgeLanes {
    px: F64x4,
    py: F64x4,
    ex: F64x4,
    ey: F64x4,
    inv: F64x4,
    inv_len: F64x4,
}

impl EdgeLanes {
    /// The edges of `quad`.
    #[inline(always)]
    fn of(quad: &Quad) -> Self {
        let (ex, ey) = (F64x4::load(&quad.ex), F64x4::load(&quad.ey));
        Self {
            px: F64x4::load(&quad.x),
            py: F64x4::load(&quad.y),
            ex,
            ey,
            inv: F64x4::splat(1.0) / (ex * ex + ey * ey),
            inv_len: F64x4::load(&quad.inv_len),
        }
    }

    /// For the vertex `(x, y)`: `e x (q - p)` per edge, positive on the edge's inner side
    /// (counter-clockwise polygons), and `q - p`.
    #[inline(always)]
    fn inward(&self, x: f64, y: f64) -> (F64x4, F64x4, F64x4) {
        let (dx, dy) = (F64x4::splat(x) - self.px, F64x4::splat(y) - self.py);
        (self.ex * dy - self.ey * dx, dx, dy)
    }

    /// The squared distance from the vertex at `d = q - p` to each edge.
    #[inline(always)]
    fn squared_distance(&self, dx: F64x4, dy: F64x4) -> F64x4 {
        let along = (dx * self.ex + dy * self.ey) * self.inv;
        let t = along.max(F64x4::splat(0.0)).min(F64x4::splat(1.0));
        let (rx, ry) = (dx - t * self.ex, dy - t * self.ey);
        rx * rx + ry * ry
    }
}

/// What the edges of one polygon see of the vertices of the other: a few numbers, so that
/// the scans return them in registers (with the cross products per edge kept, two scans
/// returned 200 bytes through memory).
pub(super) struct Scan {
    /// The best edge's signed separation: the largest over the edges of how far every vertex
    /// lies outside it (along its outward normal), `-most / |e|`; negative when none
    /// separates, then minus the least depth of the polygons' overlap along an edge normal.
    pub best: f64,
    /// The best edge and its vertex furthest inward (0 and 0 where the scan did not look for
    /// them).
    pub best_edge: (u32, u32),
    /// The least squared distance from a vertex to an edge, that edge and that vertex
    /// (infinite, 0 and 0 where the scan did not look for it).
    pub nearest: (f64, u32, u32),
}

impl Scan {
    /// How far the best edge separates the polygons, or 0 where none does.
    pub(super) fn separation(&self) -> f64 {
        self.best.max(0.0)
    }

    /// Every edge of `edges` against every vertex of `vertices`: the separations along the
    /// edges' normals, with `WITNESS` the best edge's most inward vertex, and with `NEAREST`
    /// the closest vertex-edge pair. An edge whose largest cross product `e x (q - p)` over
    /// the vertices is `most < 0` separates the polygons by `-most / |e|`.
    #[inline(always)]
    pub(super) fn of<const WITNESS: bool, const NEAREST: bool>(
        edges: &SmallPolygon,
        vertices: &SmallPolygon,
    ) -> Self {
        let mut scan = Scan {
            best: f64::NEG_INFINITY,
            best_edge: (0, 0),
            nearest: (f64::INFINITY, 0, 0),
        };
        let zero = F64x4::splat(0.0);
        for c in 0..edges.quad_count() {
            let edges_c = EdgeLanes::of(edges.quad(c));
            let mut most = F64x4::splat(f64::NEG_INFINITY);
            let mut nearest = F64x4::splat(f64::INFINITY);
            let (mut witness, mut which) = (zero, zero);
            for j in 0..vertices.len {
                let q = vertices.vertex(j);
                let (inward, dx, dy) = edges_c.inward(q.x, q.y);
                if WITNESS {
                    witness = most.where_less(inward, F64x4::splat(j as f64), witness);
                }
                most = most.max(inward);
                if NEAREST {
                    let squared = edges_c.squared_distance(dx, dy);
                    which = squared.where_less(nearest, F64x4::splat(j as f64), which);
                    nearest = squared.min(nearest);
                }
            }
            let separations = (zero - most) * edges_c.inv_len;
            let best = separations.greatest();
            if best > scan.best {
                scan.best = best;
                if WITNESS {
                    let lane = separations.to_array().iter().position(|&s| s == best);
                    let lane = lane.unwrap_or(0);
                    let vertex = witness.to_array()[lane] as u32;
                    scan.best_edge = ((c * LANES + lane) as u32, vertex);
                }
            }
            let least = nearest.least();
            if NEAREST && least < scan.nearest.0 {
                let lane = nearest.to_array().iter().position(|&n| n == least);
                let lane = lane.unwrap_or(0);
                let vertex = which.to_array()[lane] as u32;
                scan.nearest = (least, (c * LANES + lane) as u32, vertex);
            }
        }
        scan
    }
}

/// The first vertex of `vertices` on no edge's outer side of `edges`, if any: for overlapping
/// polygons, a point of both.
#[inline(always)]
pub(super) fn first_inside(edges: &SmallPolygon, vertices: &SmallPolygon) -> Option<usize> {
    let zero = F64x4::splat(0.0);
    'vertices: for j in 0..vertices.len {
        let q = vertices.vertex(j);
        for c in 0..edges.quad_count() {
            let (inward, _, _) = EdgeLanes::of(edges.quad(c)).inward(q.x, q.y);
            if inward.any_less(zero) {
                continue 'vertices;
            }
        }
        return Some(j);
    }
    None
}
