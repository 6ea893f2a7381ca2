//! Newton refinement of the penetration normal, for pairs with a curved core.
//!
//! The penetration depth of the cores is their smallest overlap over unit directions,
//! `min f(n)`, with `f` the support function of the cores' difference (the overlap along `n`:
//! `h_A(n) + h_B(-n)`). Its gradient is the support point. A pair with a curved core splits it
//! in two parts:
//! - the curved one, `f_S`, of the cores with a support Hessian
//!   ([`Support::core_support_hessian`]): smooth, with the Hessian `H`;
//! - the polytope one, `max_j q_j . n` over the points `q_j` of the other core (a hull, a
//!   segment, a point; `0` when both cores are curved): piecewise linear, creased where its
//!   support point changes, and the depth's normal often lies on such a crease.
//!
//! On the sphere of unit directions, with `P = I - n n^T` the projection on the tangent plane,
//! each piece `j` has the gradient `G_j = P (s_S + q_j)` and, to second order, the common
//! Hessian `K = P H P - f P` (the sphere's own curvature takes `f` off `H`). Each step
//! minimises the model `max_j (q_j . n + G_j . t) + t^T (K + mu P) t / 2` over steps `t` in the
//! tangent plane (a tiny convex quadratic programme over the pieces seen near `n`, solved
//! exactly by its active sets; see [`model_step`]) and moves to `n + t`, normalised. `mu` starts
//! at a rounding-sized floor (Newton's step) and grows (a Levenberg-Marquardt step, shorter and
//! turned towards the descent) until the step lowers `f`. The refinement ends, converged, when
//! the model's decrease (the Newton decrement: `f(n) - min f` to second order) is within the
//! tolerance. It converges quadratically, in a handful of support points, where EPA's facets
//! close the gap on a curved surface in hundreds. EPA's polytope, expanded first, gives the
//! start and bounds the depth from below; the refined depth lies between that bound and the
//! start's overlap. Where the refinement cannot converge, EPA goes on.

use nalgebra::{Matrix2, Matrix4, SMatrix, Vector2, Vector4};

use super::{Budget, Polytope};
use crate::support::{MinkowskiPair, Support, SupportPoint, Vector};

/// The most support points a refinement takes: quadratic convergence needs a handful.
const MAX_STEPS: u32 = 24;

/// The longest step, in radians: how far the quadratic model is trusted.
const MAX_STEP: f64 = 0.5;

/// The floor of `mu`, relative to the size of `H` and `f`: the regularisation that makes a flat `K`
/// (the origin at the centre of a sphere: every direction a minimum) solvable, too small to
/// change a Newton step elsewhere.
const MU_FLOOR: f64 = 1e-8;

/// The most times `mu` is grown (fourfold) for one step.
const MAX_DAMPING: u32 = 40;

/// The most starts of a refinement: the normal of EPA's closest facet, then those of the next
/// closest facets in other basins, below the best depth found, where the overlap may have a
/// lower local minimum (the origin near the centre of curvature of a flat stretch of the
/// difference's surface, where EPA's facets order the basins wrongly).
const MAX_STARTS: usize = 4;

/// Normals within this cosine of a normal refined from or to are taken to be in its basin.
const SAME_BASIN: f64 = 0.99;

/// The most pieces of the polytope part a model holds: those most nearly active at `n`.
const MAX_PIECES: usize = 4;

/// What a refinement is asked for: the depth within `relative` of itself, or within
/// `rounding` (absolute), whichever is larger.
#[derive(Clone, Copy)]
pub(super) struct Tolerance {
    pub relative: f64,
    pub rounding: f64,
}

impl Tolerance {
    /// The allowance for a depth of `depth`.
    pub(super) fn at(self, depth: f64) -> f64 {
        (self.relative * depth.abs()).max(self.rounding)
    }
}

/// A refined normal: the local minimum of the overlap, to the tolerance.
pub(super) struct Refined<const D: usize> {
    /// Unit normal, from A towards B (A's frame).
    pub normal: Vector<D>,
    /// The cores' overlap along `normal`.
    pub depth: f64,
    /// The support point of the cores' difference along `normal`.
    pub support: SupportPoint<D>,
}

/// Which cores of a pair are curved: their support points make the curved part of the
/// difference's, the others' the polytope part.
#[derive(Clone, Copy)]
struct Split {
    a: bool,
    b: bool,
}

impl Split {
    /// The split of `pair` along `n`, or `None` when neither core is curved there.
    fn of<const D: usize, A, B>(pair: &MinkowskiPair<'_, D, A, B>, n: &Vector<D>) -> Option<Self>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        let rotation = pair.b_in_a.rotation();
        let split = Split {
            a: pair.a.core_support_hessian(n).is_some(),
            b: pair.b.core_support_hessian(&rotation.tr_mul(&-n)).is_some(),
        };
        (split.a || split.b).then_some(split)
    }

    /// The curved and the polytope parts of the support point `w`, each from the shapes' own
    /// points (not one less the other: a vertex must come out the same every time it is
    /// found, or rounding makes it several nearly equal pieces, which leave the model
    /// degenerate).
    fn parts<const D: usize>(self, w: &SupportPoint<D>) -> (Vector<D>, Vector<D>) {
        match (self.a, self.b) {
            (true, true) => (w.w, Vector::zeros()),
            (true, false) => (w.a, -w.b),
            (false, _) => (-w.b, w.a),
        }
    }

    /// The Hessian of the curved part's support function at the unit `n` (A's frame), or
    /// `None` when a curved core has none there.
    fn hessian<const D: usize, A, B>(
        self,
        pair: &MinkowskiPair<'_, D, A, B>,
        n: &Vector<D>,
    ) -> Option<SMatrix<f64, D, D>>
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        let rotation = pair.b_in_a.rotation();
        let mut h = SMatrix::zeros();
        if self.a {
            h += pair.a.core_support_hessian(n)?;
        }
        if self.b {
            h += rotation
                * pair.b.core_support_hessian(&rotation.tr_mul(&-n))?
                * rotation.transpose();
        }
        Some(h)
    }
}

/// Whether a core of `pair` is curved along `n` (it has a support Hessian there).
pub(super) fn is_curved<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    n: &Vector<D>,
) -> bool
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    Split::of(pair, n).is_some()
}

/// The points of the polytope part seen near the current normal, at most [`MAX_PIECES`].
struct Pieces<const D: usize> {
    points: [Vector<D>; MAX_PIECES],
    len: usize,
}

impl<const D: usize> Pieces<D> {
    /// Adds `q` unless it is there; when full, in the place of the point least active along
    /// `n` (the lowest `q . n`).
    fn add(&mut self, q: Vector<D>, n: &Vector<D>) {
        if self.points[..self.len].contains(&q) {
            return;
        }
        if self.len < MAX_PIECES {
            self.points[self.len] = q;
            self.len += 1;
            return;
        }
        let lowest = (0..MAX_PIECES)
            .min_by(|&i, &j| self.points[i].dot(n).total_cmp(&self.points[j].dot(n)))
            .unwrap_or(0);
        if q.dot(n) > self.points[lowest].dot(n) {
            self.points[lowest] = q;
        }
    }
}

/// Coordinates in the tangent plane of the current normal: two in 3D; in 2D the first, and a
/// second, idle one (no gradient, no constraint, curvature 1), so that both dimensions share
/// one model of fixed size.
type Coords = Vector2<f64>;

/// An orthonormal basis of the plane orthogonal to the unit `n` (see [`Coords`]): the columns
/// but one of the Householder reflection that maps a coordinate axis onto `n`; in 2D the
/// second vector is zero.
fn tangent_basis<const D: usize>(n: &Vector<D>) -> [Vector<D>; 2] {
    let k = n.iamax();
    let mut v = *n;
    v[k] += n[k].signum();
    let reflection =
        SMatrix::<f64, D, D>::identity() - v * v.transpose() * (2.0 / v.norm_squared());
    let mut basis = [Vector::zeros(); 2];
    for (slot, j) in (0..D).filter(|&j| j != k).enumerate() {
        basis[slot] = reflection.column(j).into_owned();
    }
    basis
}

/// The minimum of the model `max_j (c_j + g_j . u) + u^T k u / 2` over `u` (coordinates in
/// the tangent plane): the step and the model's decrease, `max_j c_j` less its minimum; `None`
/// when the model has no minimum (`k` not positive definite where the pieces leave it free).
///
/// A small convex programme solved by its active sets: for each set `S` of at most three
/// pieces, the minimum of the model's quadratic with the pieces of `S` held equal (a linear
/// system, the KKT conditions with multipliers `l`), kept if it is a minimum there (`k`
/// positive definite on the steps that keep them equal), no other piece lies above, and the
/// pieces' weights (`1 - sum l`, then `l`) are not negative: `0` is then in the model's
/// subdifferential. Of those, the lowest.
fn model_step(k: &Matrix2<f64>, c: &[f64], g: &[Coords]) -> Option<(Coords, f64)> {
    let top = c.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let size = k.amax() + g.iter().map(|g| g.amax()).fold(0.0, f64::max);
    let slack = 1e-12 * size + f64::MIN_POSITIVE;
    let mut best: Option<(f64, Coords)> = None;
    for subset in 1..1u32 << c.len() {
        let mut members = [0; MAX_PIECES];
        let mut count = 0;
        for (i, _) in c.iter().enumerate().filter(|(i, _)| subset >> i & 1 == 1) {
            members[count] = i;
            count += 1;
        }
        let (first, rest) = (members[0], &members[1..count]);
        if rest.len() > 2 {
            continue;
        }
        // Rows of A: g_i - g_first; A u = c_first - c_i keeps the pieces equal. Offsets are
        // taken relative to the largest, so that the decrease is not lost to their size.
        let mut rows = [Coords::zeros(); 2];
        for (row, &i) in rows.iter_mut().zip(rest) {
            *row = g[i] - g[first];
        }
        let rows = &rows[..rest.len()];
        if !positive_where_free(k, rows) {
            continue;
        }
        let mut kkt = Matrix4::<f64>::identity();
        let mut rhs = Vector4::<f64>::zeros();
        kkt.fixed_view_mut::<2, 2>(0, 0).copy_from(k);
        rhs.fixed_rows_mut::<2>(0).copy_from(&-g[first]);
        for (r, (row, &i)) in rows.iter().zip(rest).enumerate() {
            kkt.fixed_view_mut::<1, 2>(2 + r, 0)
                .copy_from(&row.transpose());
            kkt.fixed_view_mut::<2, 1>(0, 2 + r).copy_from(row);
            kkt[(2 + r, 2 + r)] = 0.0;
            rhs[2 + r] = c[first] - c[i];
        }
        let Some(solution) = kkt.lu().solve(&rhs) else {
            continue;
        };
        let u: Coords = solution.fixed_rows::<2>(0).into_owned();
        let weights = solution.rows(2, rest.len());
        let level = c[first] - top + g[first].dot(&u);
        let value = level + 0.5 * u.dot(&(k * u));
        let weights_ok = weights.iter().all(|&l| l >= -slack) && weights.sum() <= 1.0 + slack;
        let others_below = (0..c.len())
            .filter(|j| !members[..count].contains(j))
            .all(|j| c[j] - top + g[j].dot(&u) <= level + slack);
        let lowest = best.as_ref().is_none_or(|(v, _)| value < *v);
        if weights_ok && others_below && value.is_finite() && lowest {
            best = Some((value, u));
        }
    }
    best.map(|(value, u)| (u, -value))
}

/// Whether `k` is positive definite on the steps that keep the pieces equal (orthogonal to
/// the `rows`): everywhere without rows, along the one direction orthogonal to a single row,
/// and trivially with two (no step is left; the system's solution decides).
fn positive_where_free(k: &Matrix2<f64>, rows: &[Coords]) -> bool {
    match rows {
        [] => k.cholesky().is_some(),
        [a] => {
            let z = Coords::new(-a[1], a[0]);
            z.dot(&(k * z)) > 0.0
        }
        _ => true,
    }
}

/// The local minimum of the cores' overlap from the unit `start` (see the module's docs), to
/// within `tolerance`. `seen` are support points near `start` (the corners of an EPA facet):
/// their polytope parts seed the model's pieces. `None` where the refinement does not converge
/// within its steps and `budget`.
pub(super) fn refine<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    start: &Vector<D>,
    seen: &[SupportPoint<D>],
    tolerance: Tolerance,
    budget: &mut Budget,
) -> Option<Refined<D>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let split = Split::of(pair, start)?;
    let mut pieces = Pieces {
        points: [Vector::zeros(); MAX_PIECES],
        len: 0,
    };
    for w in seen {
        pieces.add(split.parts(w).1, start);
    }
    let mut steps = 0;
    let mut evaluate = |n: Vector<D>, pieces: &mut Pieces<D>, budget: &mut Budget| {
        if steps >= MAX_STEPS || !budget.spend() {
            return None;
        }
        steps += 1;
        let support = pair.support(&n);
        pieces.add(split.parts(&support).1, &n);
        Some(Refined {
            normal: n,
            depth: n.dot(&support.w),
            support,
        })
    };
    let mut at = evaluate(*start, &mut pieces, budget)?;
    loop {
        let n = at.normal;
        let h = split.hessian(pair, &n)?;
        let basis = tangent_basis(&n);
        let curvature = h - SMatrix::<f64, D, D>::identity() * at.depth;
        let mut k = Matrix2::from_fn(|i, j| basis[i].dot(&(curvature * basis[j])));
        if D == 2 {
            k[(1, 1)] = 1.0;
        }
        let k = (k + k.transpose()) * 0.5;
        let (curved, _) = split.parts(&at.support);
        let allowance = tolerance.at(at.depth);
        let floor = MU_FLOOR * (h.norm() + at.depth.abs());
        let mut mu = floor;
        let mut next = None;
        for _ in 0..MAX_DAMPING {
            let active = &pieces.points[..pieces.len];
            let mut c = [0.0; MAX_PIECES];
            let mut g = [Coords::zeros(); MAX_PIECES];
            for (j, q) in active.iter().enumerate() {
                c[j] = q.dot(&n);
                g[j] = Coords::new(basis[0].dot(&(curved + q)), basis[1].dot(&(curved + q)));
            }
            let damped = k + Matrix2::identity() * mu;
            let Some((u, decrease)) = model_step(&damped, &c[..active.len()], &g[..active.len()])
            else {
                mu *= 4.0;
                continue;
            };
            let t = basis[0] * u[0] + basis[1] * u[1];
            if mu == floor && decrease <= allowance {
                return Some(at);
            }
            let length = t.norm();
            let t = if length > MAX_STEP {
                t * (MAX_STEP / length)
            } else {
                t
            };
            let candidate = evaluate((n + t).normalize(), &mut pieces, budget)?;
            if candidate.depth < at.depth {
                next = Some(candidate);
                break;
            }
            mu *= 4.0;
        }
        at = next?;
    }
}

/// The lowest local minimum of the cores' overlap from the facets of EPA's `polytope` (see
/// [`MAX_STARTS`]): `None` when the refinement from the closest facet does not converge.
pub(super) fn refine_polytope<const D: usize, A, B>(
    polytope: &Polytope<D>,
    pair: &MinkowskiPair<'_, D, A, B>,
    tolerance: Tolerance,
    budget: &mut Budget,
) -> Option<Refined<D>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let mut visited = [Vector::<D>::zeros(); 2 * MAX_STARTS];
    let mut best: Option<Refined<D>> = None;
    for start in 0..MAX_STARTS {
        let below = best
            .as_ref()
            .map_or(f64::INFINITY, |b| b.depth - tolerance.at(b.depth));
        let elsewhere = |n: &Vector<D>| visited[..2 * start].iter().all(|v| v.dot(n) < SAME_BASIN);
        let Some(facet) = polytope
            .facets
            .iter()
            .filter(|f| f.distance < below && elsewhere(&f.normal))
            .min_by(|f, g| f.distance.total_cmp(&g.distance))
        else {
            break;
        };
        let corners = facet.vertices.map(|i| polytope.vertices[i]);
        let refined = refine(pair, &facet.normal, &corners[..D], tolerance, budget);
        visited[2 * start] = facet.normal;
        match refined {
            Some(r) => {
                visited[2 * start + 1] = r.normal;
                if best.as_ref().is_none_or(|b| r.depth < b.depth) {
                    best = Some(r);
                }
            }
            None if start == 0 => return None,
            None => visited[2 * start + 1] = facet.normal,
        }
    }
    best
}
