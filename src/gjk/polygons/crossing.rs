//! Where overlapping polygons have no vertex inside each other (two bars crossed): a point
//! where their edges cross, common to both (to rounding).

use crate::shape::SmallPolygon;
use crate::support::Vector;

/// The first point where an edge of `a` crosses an edge of `b`, if any: `p + s e = q + t f`
/// for edge `e` from `p` and edge `f` from `q`, with both parameters in [0, 1] as computed
/// (parallel edges skipped). Where rounding puts every crossing just past an end, `None`.
pub(super) fn first_crossing(a: &SmallPolygon, b: &SmallPolygon) -> Option<Vector<2>> {
    for i in 0..a.len {
        let (p, e) = (a.vertex(i), a.edge(i));
        for j in 0..b.len {
            let (q, f) = (b.vertex(j), b.edge(j));
            let across = e.perp(&f);
            if across == 0.0 {
                continue;
            }
            let w = q - p;
            let (s, t) = (w.perp(&f) / across, w.perp(&e) / across);
            if (0.0..=1.0).contains(&s) && (0.0..=1.0).contains(&t) {
                return Some(p + e * s);
            }
        }
    }
    None
}
