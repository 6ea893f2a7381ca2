//! The search's simplex: the support points of `A - B` it holds (1 to `D + 1`), what it
//! remembers of how each was found ([`Keying`]), and the weights of its point closest to the
//! origin, kept by the sub-algorithm of [`super::closest`] as points are added.

use nalgebra::Vector3;

use super::closest::{closest_to_origin, largest_magnitude, plane_normal};
use super::newest::closest_through_newest;
use crate::outward::{
    combination_norm_above, difference_norm_above, quick_combination_norm_above,
    segment_distance_above, short_float, triangle_distance_above, worth_exact,
};
use crate::support::{lift, MinkowskiPair, Support, SupportKey, SupportPoint, Vector};

/// What the simplex remembers of how each vertex was found: nothing (`()`, for a query that
/// starts afresh, at no cost) or a [`SupportKey`] (for a query that fills a
/// [`crate::SimplexCache`]).
pub(crate) trait Keying<const D: usize>: Copy {
    /// The support point of the pair in `dir`, with what to remember of it.
    fn support<A, B>(pair: &MinkowskiPair<'_, D, A, B>, dir: &Vector<D>) -> (SupportPoint<D>, Self)
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized;

    /// What to remember of the inner point of `A - B` (see [`MinkowskiPair::inner_point`])
    /// as a simplex vertex.
    fn inner_point_key() -> Self;
}

impl<const D: usize> Keying<D> for () {
    #[inline(always)]
    fn support<A, B>(pair: &MinkowskiPair<'_, D, A, B>, dir: &Vector<D>) -> (SupportPoint<D>, ())
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        (pair.support(dir), ())
    }

    #[inline(always)]
    fn inner_point_key() {}
}

impl<const D: usize> Keying<D> for SupportKey<D> {
    #[inline(always)]
    fn support<A, B>(pair: &MinkowskiPair<'_, D, A, B>, dir: &Vector<D>) -> (SupportPoint<D>, Self)
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        pair.support_keyed(dir)
    }

    /// The default key, which [`MinkowskiPair::recall`] takes for the inner point.
    #[inline(always)]
    fn inner_point_key() -> Self {
        SupportKey::default()
    }
}

/// The current simplex: its support points, how they were found, and the weights of its
/// closest point.
#[derive(Clone, Copy)]
pub(crate) struct Simplex<const D: usize, K = ()> {
    len: usize,
    points: [SupportPoint<D>; 4],
    keys: [K; 4],
    weights: [f64; 4],
}

impl<const D: usize, K: Copy> Simplex<D, K> {
    pub(crate) fn single(p: SupportPoint<D>, key: K) -> Self {
        Self {
            len: 1,
            points: [p; 4],
            keys: [key; 4],
            weights: [1.0, 0.0, 0.0, 0.0],
        }
    }

    pub(crate) fn contains(&self, w: &Vector<D>) -> bool {
        self.points[..self.len].iter().any(|p| p.w == *w)
    }

    /// Adds `p` unless it repeats a vertex (a support point found again); whether it did.
    /// The simplex must have room (at most `D` vertices).
    pub(crate) fn add(&mut self, p: SupportPoint<D>, key: K) -> bool {
        if self.contains(&p.w) {
            return false;
        }
        self.points[self.len] = p;
        self.keys[self.len] = key;
        self.len += 1;
        true
    }

    /// The simplex with each vertex moved (see [`SupportPoint::moved`]) by `-by`: seen from
    /// the point `by`. Its weights are the old ones until it is solved again.
    pub(crate) fn moved(&mut self, by: &Vector<D>) {
        for p in &mut self.points[..self.len] {
            *p = p.moved(by);
        }
    }

    /// How many vertices the simplex has.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// A copy with `p` added as a vertex even where it repeats one (the search's
    /// retries widen a simplex by the point it rejected, to look at its faces); its key is
    /// whatever the slot held. The simplex must have room (at most `D` vertices).
    pub(crate) fn widened(&self, p: SupportPoint<D>) -> Self {
        let mut wider = *self;
        wider.points[wider.len] = p;
        wider.len += 1;
        wider
    }

    /// The points of `A` and `B` the simplex's closest point stands for, by its weights or,
    /// when `refined` (touching shapes: a point common to both), by
    /// [`Simplex::refined_weights`].
    pub(crate) fn witness_points_refined_if(&self, refined: bool) -> (Vector<D>, Vector<D>) {
        let weights = if refined {
            self.refined_weights()
        } else {
            self.weights
        };
        self.witness_points_by(weights)
    }

    /// An upper bound, in exact arithmetic, on the distance between the cores (see
    /// [`crate::outward`]): the norm of the combination of the vertices' exact differences
    /// `a - b` by the weights of [`Simplex::witness_points_refined_if`] (a point of `A - B`),
    /// computed in floats with its rounding bounded, or exactly where the distance may be a
    /// short float ([`worth_exact`]). `None` where those weights are no convex combination.
    #[inline(never)]
    pub(crate) fn distance_above_refined_if(&self, refined: bool) -> Option<f64> {
        let weights = if refined {
            self.refined_weights()
        } else {
            self.weights
        };
        let mut rounded = [Vector::<D>::zeros(); 4];
        for (w, p) in rounded.iter_mut().zip(self.points()) {
            *w = p.w;
        }
        let (quick, estimate) =
            quick_combination_norm_above(&rounded[..self.len], &weights[..self.len])?;
        if !self.exact_pays(estimate) {
            return Some(quick);
        }
        Some(quick.min(self.exact_distance_above(&weights).unwrap_or(quick)))
    }

    /// Whether the exact upper bound is worth its cost (several times the quick one's) for a
    /// distance whose plain float `estimate` is known: where it may be a short float
    /// ([`worth_exact`]), and for a vertex alone where its exact distance is likely the
    /// correctly rounded float that the quick bound's few ulps would miss: a difference along
    /// one axis (two points apart along x), components of at most 26 significant bits (whose
    /// squares are exact: vertices of integer coordinates), or a distance too small for the
    /// quick bound's relative rounding (subnormal squares). Elsewhere a vertex alone takes
    /// the quick bound as edges and faces do (W2D-16 distance 2288 -> 2203 instructions per
    /// query, W3D-8 3065 -> 2989).
    fn exact_pays(&self, estimate: f64) -> bool {
        /// Below this, a vertex's squared components may be subnormal.
        const TINY: f64 = 1e-150;
        if worth_exact(estimate) {
            return true;
        }
        let [p] = self.points() else {
            return false;
        };
        let axis = p.w.iter().filter(|x| **x != 0.0).count() <= 1;
        estimate < TINY || axis || p.w.iter().all(|x| short_float(*x))
    }

    /// The exact computation of [`Simplex::distance_above_refined_if`]: an edge's or a face's
    /// distance to its line or plane where the origin's foot is on it, exact wherever that is
    /// a float (weights like 1/3 are not), else the combination by `weights` in double-double.
    #[cold]
    #[inline(never)]
    fn exact_distance_above(&self, weights: &[f64; 4]) -> Option<f64> {
        let projected = match self.points() {
            [p] => difference_norm_above(&p.a, &p.b),
            [p, q] => segment_distance_above([(&p.a, &p.b), (&q.a, &q.b)]),
            [p, q, r] if D == 3 => {
                let three = |v: &Vector<D>| Vector3::from_fn(|k, _| v[k]);
                triangle_distance_above([p, q, r].map(|p| (three(&p.a), three(&p.b))))
            }
            _ => None,
        };
        if projected.is_some() {
            return projected;
        }
        let mut pairs = [(Vector::<D>::zeros(), Vector::<D>::zeros()); 4];
        for (pair, p) in pairs.iter_mut().zip(self.points()) {
            *pair = (p.a, p.b);
        }
        combination_norm_above(&pairs[..self.len], &weights[..self.len])
    }

    /// An upper bound, in exact arithmetic, on the distance between the cores from the
    /// simplex's vertex nearest the origin alone (a point of `A - B`), for a simplex whose
    /// weights are no convex combination.
    #[cold]
    #[inline(never)]
    pub(crate) fn distance_above_nearest_vertex(&self) -> Option<f64> {
        self.points()
            .iter()
            .filter_map(|p| difference_norm_above(&p.a, &p.b))
            .min_by(f64::total_cmp)
    }

    /// The simplex of the first `D + 1` of `points`, each kept unless it repeats an earlier one.
    pub(crate) fn from_points(
        mut points: impl Iterator<Item = (SupportPoint<D>, K)>,
    ) -> Option<Self> {
        let (first, key) = points.next()?;
        let mut simplex = Self::single(first, key);
        // A cache may name more points than a simplex of the dimension has (a foreign or
        // corrupted one from the C side: four keys for a 2D pair): the first D + 1 are taken.
        for (p, key) in points.take(D) {
            simplex.add(p, key);
        }
        Some(simplex)
    }

    /// Adds `p` and solves for the closest point; if `accept` takes it (progress), keeps only
    /// the vertices it needs and returns it. Otherwise the simplex is left as it was, which
    /// costs no copy: `p` only went past its end. `THROUGH_NEWEST` for a GJK step whose `p` is
    /// the support point beyond the simplex's closest point (which lies inside it) towards the
    /// origin: the new closest point is then looked for first in the regions that hold `p`
    /// (see [`super::newest`]). Always inlined: moved to this module and left to the compiler,
    /// the GJK loop called it out of line, with the search's result.
    #[inline(always)]
    pub(crate) fn push_if<const THROUGH_NEWEST: bool>(
        &mut self,
        p: SupportPoint<D>,
        key: K,
        accept: impl Fn(&Vector<D>) -> bool,
    ) -> Option<Vector<D>> {
        let n = self.len + 1;
        self.points[self.len] = p;
        self.keys[self.len] = key;
        let through_newest = if THROUGH_NEWEST {
            closest_through_newest(n, |i| self.points[i].w)
        } else {
            None
        };
        let (weights, v) = match through_newest {
            Some(closest) => (closest.weights, closest.point),
            None => self.solve(n),
        };
        if !accept(&v) {
            return None;
        }
        self.keep(n, &weights);
        Some(v)
    }

    /// Solves for the closest point, keeps only the vertices it needs, and returns it.
    pub(crate) fn reduce(&mut self) -> Vector<D> {
        let (weights, v) = self.solve(self.len);
        self.keep(self.len, &weights);
        v
    }

    /// The closest point to the origin of the first `n` vertices, and its weights.
    #[inline]
    fn solve(&self, n: usize) -> ([f64; 4], Vector<D>) {
        let mut w = [Vector::<D>::zeros(); 4];
        for (w, q) in w.iter_mut().zip(&self.points[..n]) {
            *w = q.w;
        }
        let closest = closest_to_origin(&w[..n]);
        (closest.weights, closest.point)
    }

    /// Keeps, of the first `n` vertices, those with a positive weight.
    #[inline]
    fn keep(&mut self, n: usize, weights: &[f64; 4]) {
        let mut kept = 0;
        for (i, weight) in weights.iter().enumerate().take(n) {
            if *weight > 0.0 {
                if kept != i {
                    self.points[kept] = self.points[i];
                    self.keys[kept] = self.keys[i];
                }
                self.weights[kept] = *weight;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// How the vertices were found, for a later query to start from.
    pub(crate) fn keys(&self) -> &[K] {
        &self.keys[..self.len]
    }

    /// The vertices of the simplex.
    pub(crate) fn points(&self) -> &[SupportPoint<D>] {
        &self.points[..self.len]
    }

    /// The barycentric weights of the closest point, one per vertex.
    pub(crate) fn weights(&self) -> &[f64] {
        &self.weights[..self.len]
    }

    /// The projection of the origin on the affine hull of the simplex, computed from its edges
    /// rather than interpolated between its vertices: `v` less its components along the edges.
    /// Interpolating between vertices 1e9 apart misplaces `v` by their rounding (1e-7), which
    /// tilts the normal when `|v|` is small; the components along the edges are that error.
    pub(crate) fn projected(&self, v: &Vector<D>) -> Vector<D> {
        let p = self.points();
        let (e1, e2) = match p.len() {
            2 => (lift(&(p[1].w - p[0].w)), None),
            3 if D == 3 => (lift(&(p[1].w - p[0].w)), Some(lift(&(p[2].w - p[0].w)))),
            _ => return *v,
        };
        let mut r = lift(v);
        match e2 {
            None => {
                let ee = e1.norm_squared();
                if ee > 0.0 {
                    r -= e1 * (r.dot(&e1) / ee);
                }
            }
            Some(_) => {
                // The plane's normal from the two shortest edges (a sliver's long edges are
                // nearly parallel and their cross product is mostly rounding).
                let n = plane_normal(lift(&p[0].w), lift(&p[1].w), lift(&p[2].w));
                let nn = n.norm_squared();
                if nn > 0.0 {
                    r = n * (lift(&p[0].w).dot(&n) / nn);
                }
            }
        }
        let r: Vector<D> = r.fixed_rows::<D>(0).into_owned();
        if r.iter().all(|x| x.is_finite()) {
            r
        } else {
            *v
        }
    }

    /// The points of A and B the simplex's point combines (its vertices' `a` and `b`, by the
    /// weights of its last reduction).
    pub(crate) fn witness_points(&self) -> (Vector<D>, Vector<D>) {
        self.witness_points_by(self.weights)
    }

    /// The vertices' `a` and `b` combined by `weights`, both in one pass over the vertices.
    #[inline(always)]
    fn witness_points_by(&self, weights: [f64; 4]) -> (Vector<D>, Vector<D>) {
        let mut a = Vector::zeros();
        let mut b = Vector::zeros();
        for (p, w) in self.points().iter().zip(weights) {
            a += p.a * w;
            b += p.b * w;
        }
        (a, b)
    }

    fn weighted(&self, pick: impl Fn(&SupportPoint<D>) -> Vector<D>) -> Vector<D> {
        Self::combine(self.points(), &self.weights, pick)
    }

    fn combine(
        points: &[SupportPoint<D>],
        weights: &[f64; 4],
        pick: impl Fn(&SupportPoint<D>) -> Vector<D>,
    ) -> Vector<D> {
        points.iter().zip(weights).map(|(p, w)| pick(p) * *w).sum()
    }

    /// The weights improved by one step of iterative refinement, for a simplex that holds the
    /// origin: the weighted sum of its points should be 0, and its residual is the distance
    /// between the cores' "common" points. Weights from the signed volumes of a thin simplex
    /// with vertices 1e10 apart lose their accuracy (witness points 140 apart); a step
    /// solving for the change that cancels the residual restores it. Kept only if it shrinks
    /// the residual and leaves the weights a convex combination; not tried when the residual
    /// is already within rounding of the vertices.
    fn refined_weights(&self) -> [f64; 4] {
        let p = self.points();
        if p.len() < 2 {
            return self.weights;
        }
        let residual = lift(&self.weighted(|q| q.w));
        // A residual within a few rounding units of the vertices is as good as refinement
        // gets (most simplices: the solve is skipped).
        let size = p.iter().fold(0.0, |m, q| largest_magnitude(q.w.iter(), m));
        if largest_magnitude(residual.iter(), 0.0) <= 4.0 * f64::EPSILON * size {
            return self.weights;
        }
        let e: [Vector3<f64>; 3] = std::array::from_fn(|i| {
            p.get(i + 1)
                .map_or(Vector3::zeros(), |q| lift(&(q.w - p[0].w)))
        });
        let delta: Option<[f64; 3]> = match p.len() {
            2 => {
                let ee = e[0].norm_squared();
                (ee > 0.0).then(|| [-residual.dot(&e[0]) / ee, 0.0, 0.0])
            }
            3 => {
                let g = nalgebra::Matrix2::new(
                    e[0].dot(&e[0]),
                    e[0].dot(&e[1]),
                    e[1].dot(&e[0]),
                    e[1].dot(&e[1]),
                );
                let rhs = nalgebra::Vector2::new(-residual.dot(&e[0]), -residual.dot(&e[1]));
                g.lu().solve(&rhs).map(|d| [d[0], d[1], 0.0])
            }
            _ => nalgebra::Matrix3::from_columns(&e)
                .lu()
                .solve(&-residual)
                .map(|d| [d[0], d[1], d[2]]),
        };
        let Some(delta) = delta else {
            return self.weights;
        };
        let mut weights = self.weights;
        for (i, d) in delta.iter().take(p.len() - 1).enumerate() {
            weights[i + 1] += d;
            weights[0] -= d;
        }
        let convex = weights[..p.len()]
            .iter()
            .all(|w| w.is_finite() && (0.0..=1.0).contains(w));
        let better = lift(&Self::combine(p, &weights, |q| q.w)).norm() < residual.norm();
        if convex && better {
            weights
        } else {
            self.weights
        }
    }
}

/// Whether the coordinates of a support point are finite. (Two loops: a chain of the two was
/// left out of line in the ray cast.)
pub(crate) fn finite<const D: usize>(p: &SupportPoint<D>) -> bool {
    p.w.iter().all(|x| x.is_finite()) && p.a.iter().all(|x| x.is_finite())
}
