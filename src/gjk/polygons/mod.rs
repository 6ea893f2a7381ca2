//! The exact kernel for small convex polygons: every vertex of one polygon against every
//! edge of the other, where GJK would iterate.
//!
//! Two convex polygons are disjoint exactly when an edge of one has every vertex of the other
//! strictly outside (the separating axis theorem), and then their distance is the least
//! distance from a vertex of one to an edge of the other. With at most 8 vertices each
//! ([`MAX_VERTICES`]), that is at most 128 vertex-edge pairs, computed in lanes with no
//! branch but the loops': the answer is the closest pair found, not a search's approximation
//! of it, and it costs the same on every input.
//!
//! The steps, all in A's frame (B placed by its pose relative to A's, as the search does):
//! 1. *place B*: its vertices moved, its edges turned (their inverse lengths kept);
//! 2. *separating edges*: for each edge of A, each vertex of B: the side of the edge the
//!    vertex is on (a cross product); an edge with every vertex strictly outside separates
//!    the polygons, by the least distance of a vertex from its line; then B's edges against
//!    A's vertices;
//! 3. *closest pair*: where the best separating edge's most inward vertex has its foot on
//!    the edge, that vertex and its foot are the closest points (the separation bounds the
//!    distance from below, the pair from above); elsewhere every vertex's squared distance
//!    to every edge is computed, and the closest pair taken;
//! 4. *answer*: closer than the touching tolerance (the search's, see [`Tolerances`]) the
//!    polygons touch; apart, the certificate is the separation, or where the closest pair
//!    came from step 3's scan the larger of it and the gap between the two polygons' support
//!    values along the pair's direction (less the search's rounding allowance), computed from
//!    the vertices, not from the distance. Overlapping polygons share a vertex of one inside
//!    the other, or where neither has one (two bars crossed), a crossing of their edges.
//!
//! The penetration query reads step 2 again: overlapping polygons are deepest along the
//! edge normal of least overlap (the edges of `A - B` are the polygons' edges, so that is
//! the exact depth, where EPA approaches it), whose most inward vertex is the deepest point.
//!
//! The kernel makes no support evaluation: its results report 0 iterations. Queries with a
//! trace or a warm start run the search (their simplices are what they observe or keep), and
//! so do hulls with more vertices (see [`MAX_VERTICES`] for the crossover). On small
//! polygons the kernel takes fewer instructions than GJK (and EPA) for every query.
//!
//! [`MAX_VERTICES`]: crate::shape::MAX_VERTICES

mod crossing;
mod lanes;
mod scan;

use crossing::first_crossing;
use lanes::F64x4;
use scan::{first_inside, Scan};

use super::search::{in_world, DistanceResult, Tolerances};
use crate::outward::{segment_distance_above, weighted_differences_norm_above, worth_exact};
use crate::range::robust_norm;
use crate::shape::{ConvexHull, SmallPolygon};
use crate::support::{MinkowskiPair, Pose, Support, Vector};

/// Defines the query `$name`, which runs `$inline` compiled for AVX where the CPU has it
/// (`$avx`: four lanes in one register, three-operand instructions) and for the target's
/// baseline elsewhere; both compute the same numbers.
macro_rules! compiled_for_avx {
    (
        $(#[$doc:meta])*
        fn $name:ident / $avx:ident => $inline:ident($($arg:ident: $ty:ty),*) -> $ret:ty
    ) => {
        $(#[$doc])*
        pub(super) fn $name<const D: usize>(&self, $($arg: $ty),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            {
                if std::is_x86_feature_detected!("avx") {
                    // SAFETY: the CPU supports AVX, checked just above.
                    return unsafe { self.$avx($($arg),*) };
                }
            }
            self.$inline($($arg),*)
        }

        #[doc = concat!("[`PolygonPair::", stringify!($name), "`] compiled for AVX.")]
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx")]
        fn $avx<const D: usize>(&self, $($arg: $ty),*) -> $ret {
            self.$inline($($arg),*)
        }
    };
}

/// The two small polygons of a pair of 2D hulls, B placed in A's frame, when both hulls have
/// one (see [`ConvexHull::small_polygon`]).
pub(super) struct PolygonPair<'p> {
    a: &'p SmallPolygon,
    /// B as it is when its frame is A's, else a placed copy.
    b: &'p SmallPolygon,
}

impl<'p> PolygonPair<'p> {
    /// The pair's polygons and the query's tolerances, when it is a pair of small polygons
    /// that B's placement keeps within the touching tolerance (step 1): placed B is rounded
    /// by a few units of `f64::EPSILON` times its reach (its translation in A's frame and the
    /// size of its own coordinates), which must not exceed the scale the tolerance is taken
    /// from. Beyond, a placed polygon's turned edges no longer meet its moved vertices within
    /// the tolerance (a polygon 1.6e-8 wide whose own coordinates are 1e6, under a rotation,
    /// was called 1.4e-10 apart by an edge and touching by its vertices: fuzzing), and GJK,
    /// whose support points all take the same path, answers.
    ///
    /// The pair is handed to `answer` where it lies, B's placed copy beside it: returned, the
    /// pair and its tolerances (a placed polygon held by value, some 500 bytes) were copied
    /// on the way out.
    #[inline(always)]
    pub(super) fn answer<const D: usize, A, B, R>(
        pair: &MinkowskiPair<'p, D, A, B>,
        answer: impl FnOnce(&PolygonPair<'_>, &Tolerances<D>) -> Option<R>,
    ) -> Option<R>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        if D != 2 {
            return None;
        }
        let polygon = |shape: &'p dyn std::any::Any| {
            shape
                .downcast_ref::<ConvexHull<2>>()
                .and_then(ConvexHull::small_polygon)
        };
        let a = polygon(pair.a.as_any()?)?;
        let b = polygon(pair.b.as_any()?)?;
        let tolerances = Tolerances::of(pair);
        let (r, t) = (pair.b_in_a.rotation(), pair.b_in_a.translation());
        let placed;
        let b = if !pair.b_in_a.rotates() && t[0] == 0.0 && t[1] == 0.0 {
            b
        } else {
            let reach = t.norm() + pair.b.center().norm() + pair.b.extent();
            if reach > tolerances.core_scale {
                return None;
            }
            let rotation = [[r[(0, 0)], r[(0, 1)]], [r[(1, 0)], r[(1, 1)]]];
            placed = b.placed(rotation, [t[0], t[1]]);
            if !placed.exactly_testable() {
                return None;
            }
            &placed
        };
        answer(&PolygonPair { a, b }, &tolerances)
    }

    compiled_for_avx! {
        /// Whether the polygons overlap or touch (within `tolerances.touch`).
        fn intersect / intersect_avx => intersect_inline(tolerances: &Tolerances<D>) -> bool
    }

    compiled_for_avx! {
        /// The verdict where the separating edges prove it, clear of their rounding (exact
        /// mode's boolean query): apart by more than the rounding, or overlapping by more
        /// (see [`PolygonPair::overlap_is_clear`]); `None` within rounding of touching.
        fn proven_intersect / proven_intersect_avx => proven_intersect_inline(
            tolerances: &Tolerances<D>
        ) -> Option<bool>
    }

    compiled_for_avx! {
        /// The distance query's answer, in A's frame then placed by `pose_a`; `None` for
        /// polygons within rounding of touching that share no vertex inside the other, and
        /// where rounding hides every crossing of crossed bars (the search answers those).
        fn distance / distance_avx => distance_inline(
            tolerances: &Tolerances<D>,
            pose_a: &Pose<D>
        ) -> Option<DistanceResult<D>>
    }

    compiled_for_avx! {
        /// The penetration query's answer: apart, the distance query's; overlapping, the
        /// least overlap along an edge normal of either polygon (exact: the edges of `A - B`
        /// are the polygons' edges), in the world frame; `None` for polygons touching within
        /// the tolerance, and for those the distance kernel leaves to the search.
        fn penetration / penetration_avx => penetration_inline(
            tolerances: &Tolerances<D>,
            pose_a: &Pose<D>
        ) -> Option<PolygonContact<D>>
    }

    /// [`PolygonPair::intersect`]: the separating edges alone answer, unless the best of
    /// them separates the polygons by less than the tolerance; then the closest pair does.
    #[inline(always)]
    fn intersect_inline<const D: usize>(&self, tolerances: &Tolerances<D>) -> bool {
        let touch = tolerances.touch;
        let (ab, ba) = self.scans::<false, false>();
        let separation = ab.separation().max(ba.separation());
        if separation > touch {
            return false;
        }
        if separation == 0.0 {
            return true;
        }
        let (ab, ba) = self.scans::<false, true>();
        ab.nearest.0.min(ba.nearest.0) <= touch * touch
    }

    /// [`PolygonPair::proven_intersect`].
    #[inline(always)]
    fn proven_intersect_inline<const D: usize>(&self, tolerances: &Tolerances<D>) -> Option<bool> {
        let (ab, ba) = self.scans::<false, false>();
        if self.overlap_is_clear(&ab, &ba, tolerances) {
            return Some(true);
        }
        let best = ab.best.max(ba.best);
        (best > self.scan_rounding(tolerances)).then_some(false)
    }

    /// [`PolygonPair::distance`]: the separating edges first; where the best one's most
    /// inward vertex has its foot on the edge, that pair is the closest (the separation
    /// bounds the distance from below, the pair from above), else every vertex-edge pair.
    #[inline(always)]
    fn distance_inline<const D: usize>(
        &self,
        tolerances: &Tolerances<D>,
        pose_a: &Pose<D>,
    ) -> Option<DistanceResult<D>> {
        let (ab, ba) = self.scans::<true, false>();
        self.distance_of(&ab, &ba, tolerances, pose_a)
    }

    /// [`PolygonPair::distance`] from the separating scans (`scans::<true, false>`). Its
    /// verdict is the boolean kernel's: apart beyond the tolerance, or within it when the
    /// closest pair is.
    #[inline(always)]
    fn distance_of<const D: usize>(
        &self,
        ab: &Scan,
        ba: &Scan,
        tolerances: &Tolerances<D>,
        pose_a: &Pose<D>,
    ) -> Option<DistanceResult<D>> {
        let separation = ab.separation().max(ba.separation());
        let answer = if separation == 0.0 {
            let clear = self.overlap_is_clear(ab, ba, tolerances);
            Answer::overlapping(self.common_point(clear)?, 0.0, tolerances)
        } else {
            let foot = if ab.best >= ba.best {
                Foot::of(self.a, ab.best_edge, self.b)
            } else {
                Foot::of(self.b, ba.best_edge, self.a).swapped()
            };
            if foot.on_edge() && separation > tolerances.touch {
                Answer::apart(&foot, foot.distance_above(), separation, tolerances)
            } else {
                self.closest_pair_answer(separation, tolerances)
            }
        };
        Some(answer.in_world(pose_a))
    }

    /// [`PolygonPair::penetration`]: the edge of either polygon with the least depth, its
    /// most inward vertex (the deepest point of one polygon in the other) and that vertex's
    /// foot on the edge, kept on it.
    #[inline(always)]
    fn penetration_inline<const D: usize>(
        &self,
        tolerances: &Tolerances<D>,
        pose_a: &Pose<D>,
    ) -> Option<PolygonContact<D>> {
        let (ab, ba) = self.scans::<true, false>();
        if ab.best.max(ba.best) > 0.0 {
            // Apart, or touching within the tolerance (the search and EPA answer those).
            return match self.distance_of(&ab, &ba, tolerances, pose_a) {
                Some(apart) if !apart.intersecting => Some(PolygonContact::Apart(apart)),
                _ => None,
            };
        }
        let (depth, foot, normal) = if ab.best >= ba.best {
            let normal = outward_normal(self.a, ab.best_edge.0);
            (-ab.best, Foot::of(self.a, ab.best_edge, self.b), normal)
        } else {
            let normal = -outward_normal(self.b, ba.best_edge.0);
            (
                -ba.best,
                Foot::of(self.b, ba.best_edge, self.a).swapped(),
                normal,
            )
        };
        // The deepest vertex's foot, kept on its edge: a deepest point of the edge's polygon.
        let (on_a, on_b) = foot.clamped().points();
        let (point_a, point_b, normal) = in_world(pose_a, widen(on_a), widen(on_b), widen(normal));
        Some(PolygonContact::Overlap {
            depth,
            point_a,
            point_b,
            normal,
        })
    }

    /// The answer from every vertex-edge pair (steps 3 and 4) for polygons that `separation`
    /// (positive) sets apart, or that touch.
    #[inline(always)]
    fn closest_pair_answer<const D: usize>(
        &self,
        separation: f64,
        tolerances: &Tolerances<D>,
    ) -> Answer {
        let (ab, ba) = self.scans::<false, true>();
        // The closest vertex-edge pair.
        let (nearest, foot) = if ab.nearest.0 <= ba.nearest.0 {
            let (squared, edge, vertex) = ab.nearest;
            (squared, Foot::of(self.a, (edge, vertex), self.b).clamped())
        } else {
            let (squared, edge, vertex) = ba.nearest;
            let foot = Foot::of(self.b, (edge, vertex), self.a).swapped();
            (squared, foot.clamped())
        };
        let touch = tolerances.touch;
        let apart = foot.distance_above();
        if nearest <= touch * touch {
            // Touching within the tolerance: a call, with the pair's distance as its bound.
            let (on_a, on_b) = foot.points();
            return Answer::overlapping((on_a + on_b) * 0.5, apart.upper, tolerances);
        }
        // The best edge's separation certifies where the closest pair's direction is off by
        // rounding: a vertex against a long edge tilted by 5e-9, within rounding as close as
        // its end, whose direction gave a gap 5.4 short of 1e9 (fuzzing).
        let gap = self.support_gap(&apart.normal).max(separation);
        Answer::apart(&foot, apart, gap, tolerances)
    }

    /// Both scans (step 2): A's edges against B's vertices, B's against A's; with `WITNESS`
    /// the best edges' most inward vertices, with `NEAREST` the closest pairs.
    #[inline(always)]
    fn scans<const WITNESS: bool, const NEAREST: bool>(&self) -> (Scan, Scan) {
        (
            Scan::of::<WITNESS, NEAREST>(self.a, self.b),
            Scan::of::<WITNESS, NEAREST>(self.b, self.a),
        )
    }

    /// A point of both polygons: a vertex of one inside the other (on no edge's outer side),
    /// if any, else (two bars crossed) a crossing of their edges. Unless the overlap is
    /// already `proven`, only a vertex that exact orientation tests confirm inside: then a
    /// proof that the polygons overlap.
    #[inline(always)]
    fn common_point(&self, proven: bool) -> Option<Vector<2>> {
        let (inside, of) = match first_inside(self.a, self.b) {
            Some(j) => (self.b.vertex(j), self.a),
            None => match first_inside(self.b, self.a) {
                Some(i) => (self.a.vertex(i), self.b),
                None if proven => return first_crossing(self.a, self.b),
                None => return None,
            },
        };
        (proven || of.contains_exactly(inside.x, inside.y)).then_some(inside)
    }

    /// Whether the scans prove the polygons overlap: every edge of either has a vertex of the
    /// other inside it (no separating axis, the separating axis theorem) by more than the
    /// rounding of the scans' signed separations. That rounding is a few units of `EPSILON`
    /// times the coordinates' magnitude `M` (the differences and cross products), and times
    /// `M / |e|` for a placed polygon's turned edges `e` (their error relative to the exact
    /// difference of its placed vertices is of the order of `M`): 32 units of
    /// `EPSILON M (1 + M / shortest edge)` bound it.
    #[inline(always)]
    fn overlap_is_clear<const D: usize>(
        &self,
        ab: &Scan,
        ba: &Scan,
        tolerances: &Tolerances<D>,
    ) -> bool {
        ab.best.max(ba.best) < -self.scan_rounding(tolerances)
    }

    /// The bound on the rounding of the scans' signed separations (see
    /// [`PolygonPair::overlap_is_clear`]).
    #[inline(always)]
    fn scan_rounding<const D: usize>(&self, tolerances: &Tolerances<D>) -> f64 {
        let magnitude = tolerances.magnitude;
        let shortest = self.a.shortest_edge.min(self.b.shortest_edge);
        32.0 * f64::EPSILON * magnitude * (1.0 + magnitude / shortest)
    }

    /// How far B's vertices lie beyond A's along `normal`: the least `normal . q` over B
    /// less the largest `normal . p` over A, a lower bound on the distance (to rounding).
    #[inline(always)]
    fn support_gap(&self, normal: &Vector<2>) -> f64 {
        let (nx, ny) = (F64x4::splat(normal.x), F64x4::splat(normal.y));
        let along = |polygon: &SmallPolygon| {
            let chunk = |c: usize| {
                let quad = polygon.quad(c);
                nx * F64x4::load(&quad.x) + ny * F64x4::load(&quad.y)
            };
            // A polygon of at most 4 vertices has one quad.
            match polygon.quad_count() > 1 {
                true => (chunk(0), chunk(1)),
                false => (chunk(0), chunk(0)),
            }
        };
        let (b0, b1) = along(self.b);
        let (a0, a1) = along(self.a);
        b0.min(b1).least() - a0.max(a1).greatest()
    }
}

/// What [`Foot::distance_above`] finds of a vertex and its foot on an edge.
struct Apart {
    /// An upper bound, in exact arithmetic, on their distance.
    upper: f64,
    /// The unit direction from the point of A to the point of B.
    normal: Vector<2>,
}

/// A vertex of one polygon and its foot on the line of an edge of the other, `start + t e`.
struct Foot {
    /// Where the foot lies along the edge: 0 at its start, 1 at its end.
    t: f64,
    start: Vector<2>,
    edge: Vector<2>,
    vertex: Vector<2>,
    /// Whether the edge is B's (and the vertex A's).
    edge_on_b: bool,
    /// The edge's end (its start's successor): with the start, the exact edge.
    end: Vector<2>,
}

impl Foot {
    /// Vertex `j` of `vertices` (B) and its foot on edge `i` of `edges` (A): the scans'
    /// numbers again.
    #[inline(always)]
    fn of(edges: &SmallPolygon, (i, j): (u32, u32), vertices: &SmallPolygon) -> Self {
        let (i, j) = (i as usize, j as usize);
        let (start, edge) = (edges.vertex(i), edges.edge(i));
        let vertex = vertices.vertex(j);
        let d = vertex - start;
        Foot {
            t: (d.x * edge.x + d.y * edge.y) * edges.inverse_squared_length(i),
            start,
            edge,
            vertex,
            edge_on_b: false,
            end: edges.vertex((i + 1) % edges.len),
        }
    }

    /// The same pair with the polygons' roles exchanged: the edge B's, the vertex A's.
    #[inline(always)]
    fn swapped(self) -> Self {
        Foot {
            edge_on_b: !self.edge_on_b,
            ..self
        }
    }

    /// Whether the foot lies on the edge, not past an end.
    #[inline(always)]
    fn on_edge(&self) -> bool {
        (0.0..=1.0).contains(&self.t)
    }

    /// The foot kept on the edge: the edge's point closest to the vertex.
    #[inline(always)]
    fn clamped(self) -> Self {
        Foot {
            t: self.t.clamp(0.0, 1.0),
            ..self
        }
    }

    /// An upper bound, in exact arithmetic, on the distance between the vertex and the point
    /// at `t` (taken exact, in [0, 1]) of the edge between its polygon's vertices `start` and
    /// `end` (a placed polygon's vertices are the polygon as placed): a point of each polygon;
    /// and the unit direction from A's point to B's. The difference
    /// `(vertex - start) - t (end - start)` in floats, its rounding bounded; computed exactly
    /// instead (see [`Foot::exact_distance_above`]) where the distance may be a short float
    /// (see [`worth_exact`]). The direction is that difference over its plain norm (computed
    /// once for both: the points' own difference and norm were ~20 instructions more).
    #[inline(always)]
    fn distance_above(&self) -> Apart {
        // (vertex - start) - t (end - start) in floats: each difference within half an ulp of
        // its size, the product and the last difference another half each.
        let (d, e) = (self.vertex - self.start, self.end - self.start);
        let along = e * self.t;
        let x = d - along;
        let error = 0.5 * f64::EPSILON * (d.abs().sum() + 2.0 * along.abs().sum() + x.abs().sum());
        let estimate = robust_norm(&x);
        // The norm rounds by 2 units more (two squares, a sum, a root); one beyond covers the
        // last multiplication's.
        let quick = (estimate + error) * (1.0 + 1.5 * f64::EPSILON);
        let upper = if worth_exact(estimate) {
            self.exact_distance_above().min(quick)
        } else {
            quick
        };
        // `x` points from the edge's polygon to the vertex's.
        let towards_vertex = x / estimate;
        let normal = if self.edge_on_b {
            -towards_vertex
        } else {
            towards_vertex
        };
        Apart { upper, normal }
    }

    /// [`Foot::distance_above`] computed exactly: the distance to the edge's line where the
    /// foot is on the edge (exact wherever it is a float), else the difference
    /// `(vertex - start) - t (end - start)` in double-double (see
    /// [`weighted_differences_norm_above`]).
    #[cold]
    fn exact_distance_above(&self) -> f64 {
        if self.t > 0.0 && self.t < 1.0 {
            let ends = [(&self.start, &self.vertex), (&self.end, &self.vertex)];
            if let Some(bound) = segment_distance_above(ends) {
                return bound;
            }
        }
        weighted_differences_norm_above(&[
            (1.0, &self.vertex, &self.start),
            (-self.t, &self.end, &self.start),
        ])
    }

    /// The foot and the vertex, as (on A, on B).
    #[inline(always)]
    fn points(&self) -> (Vector<2>, Vector<2>) {
        let foot = Vector::<2>::new(
            self.start.x + self.t * self.edge.x,
            self.start.y + self.t * self.edge.y,
        );
        if self.edge_on_b {
            (self.vertex, foot)
        } else {
            (foot, self.vertex)
        }
    }
}

/// A vector of the plane in `D` = 2 dimensions.
#[inline(always)]
fn widen<const D: usize>(v: Vector<2>) -> Vector<D> {
    Vector::<D>::from_fn(|k, _| v[k])
}

/// The unit normal of edge `i` of `polygon` pointing out of it (counter-clockwise: to the
/// edge's right).
fn outward_normal(polygon: &SmallPolygon, i: u32) -> Vector<2> {
    let i = i as usize;
    let e = polygon.edge(i);
    Vector::<2>::new(e.y, -e.x) * polygon.inverse_length(i)
}

/// What the kernel makes of a penetration query on two small polygons.
pub(crate) enum PolygonContact<const D: usize> {
    /// Apart: the distance query's answer.
    Apart(DistanceResult<D>),
    /// Overlapping by `depth` (0 when touching): translating B by `depth * normal` (a unit
    /// vector from A towards B) makes them touch; `point_a` is a deepest point of A in B,
    /// `point_b` of B in A. In the world frame.
    Overlap {
        depth: f64,
        point_a: Vector<D>,
        point_b: Vector<D>,
        normal: Vector<D>,
    },
}

/// A distance query's answer in A's frame.
struct Answer {
    distance: f64,
    on_a: Vector<2>,
    on_b: Vector<2>,
    normal: Vector<2>,
    lower_bound: f64,
    intersecting: bool,
}

impl Answer {
    /// The answer for polygons apart, their closest points the vertex and foot of `foot`
    /// (`apart`: their distance's bound and direction, see [`Foot::distance_above`]), with
    /// `gap` a separation of theirs (before the rounding allowance).
    fn apart<const D: usize>(
        foot: &Foot,
        apart: Apart,
        gap: f64,
        tolerances: &Tolerances<D>,
    ) -> Self {
        let (on_a, on_b) = foot.points();
        let lower_bound = (gap - tolerances.lower_slack())
            .next_down()
            .max(0.0)
            .min(apart.upper);
        Answer {
            distance: apart.upper,
            on_a,
            on_b,
            normal: apart.normal,
            lower_bound,
            intersecting: false,
        }
    }

    /// The answer for polygons that share `common`, or touch there within the tolerance:
    /// `distance` 0 where the overlap is proven, else an upper bound on it; as the normal the
    /// direction from A's centre towards B's (the x axis where they coincide).
    fn overlapping<const D: usize>(
        common: Vector<2>,
        distance: f64,
        tolerances: &Tolerances<D>,
    ) -> Self {
        let towards_b = Vector::<2>::new(-tolerances.center[0], -tolerances.center[1]);
        let length = robust_norm(&towards_b);
        let normal = if length > 0.0 {
            towards_b / length
        } else {
            Vector::<2>::new(1.0, 0.0)
        };
        Answer {
            distance,
            on_a: common,
            on_b: common,
            normal,
            lower_bound: 0.0,
            intersecting: true,
        }
    }

    /// The result in the world frame, A being placed by `pose_a`.
    fn in_world<const D: usize>(self, pose_a: &Pose<D>) -> DistanceResult<D> {
        let (point_a, point_b, normal) = in_world(
            pose_a,
            widen(self.on_a),
            widen(self.on_b),
            widen(self.normal),
        );
        DistanceResult {
            distance: self.distance,
            point_a,
            point_b,
            normal,
            lower_bound: self.lower_bound,
            iterations: 0,
            intersecting: self.intersecting,
            tolerance_call: if self.intersecting {
                self.distance > 0.0
            } else {
                self.lower_bound <= 0.0
            },
        }
    }
}
