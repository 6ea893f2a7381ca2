//! Newton refinement of the penetration normal, for pairs with a curved core.
//!
//! The penetration depth of the cores is their smallest overlap over unit directions,
//! `min f(n)`, with `f` the support function of the cores' difference (the overlap along `n`:
//! `h_A(n) + h_B(-n)`, the sum of its two sides'). Its gradient is the support point. Each side
//! is, near `n`, the largest of a few pieces:
//! - the smooth parts of a curved core ([`Support::core_smooth_parts`]), each with its support
//!   point and Hessian: an ellipsoid is one, a cylinder the hull of its two end discs, a cone
//!   of its apex (a point, Hessian 0) and its base;
//! - the points a core without smooth parts along `n` has shown (a hull, a segment, a point,
//!   a cylinder seen along its axis, where its discs are creased): linear pieces.
//!
//! The difference's pieces are the sums of a piece of each side, its support function their
//! maximum: smooth on each piece, creased where the largest changes, and the depth's normal
//! often lies on such a crease (a cylinder's side, between its two discs).
//!
//! On the sphere of unit directions, with `P = I - n n^T` the projection on the tangent plane,
//! each piece `j` (support point `p_j`, Hessian `H_j`) has the gradient `G_j = P p_j` and the
//! Hessian `K_j = P H_j P - f P` (the sphere's own curvature takes `f` off `H_j`). Each step
//! minimises the model `max_j (p_j . n + G_j . t) + t^T (K + mu P) t / 2` over steps `t` in the
//! tangent plane, with `K` the pieces' `K_j` weighted as they are at the model's minimum (the
//! Lagrangian's Hessian: see [`curvature`]; one `K_j` when all pieces share it). That is a tiny
//! quadratic programme over the pieces most nearly active at `n`, solved exactly by its active
//! sets (see [`model_step`]: where `K` curves down, its nearest local minimum); the step moves
//! to `n + t`, normalised. `mu` starts at a rounding-sized floor (Newton's step) and grows (a
//! Levenberg-Marquardt step, shorter and turned towards the descent), and the step's length is
//! bounded by a radius cut at each failure, until the step lowers `f`; a step along a crease is
//! moved back onto it where it curves (see [`onto_crease`]), and steps that the pieces known
//! already show not to go down cost no support point. A core's flat cap (a cylinder's end disc,
//! a cone's base: [`Cap`]) creases its support function at a single direction, its normal,
//! where the parts' curvature has no bound; once a step reaches as far as that normal, it is
//! tried, and taken where the minimum is there (see [`least_on_cap`]). The refinement ends,
//! converged, when the model's decrease (the Newton decrement: `f(n) - min f` to second order)
//! is within the tolerance, either side of 0. It converges quadratically, in a handful of
//! support points, where EPA's facets close the gap on a curved surface in hundreds. EPA's
//! polytope, expanded first, gives the start and bounds the depth from below; the refined depth
//! lies between that bound and the start's overlap. Where the refinement cannot converge, EPA
//! goes on (a cylinder's cap, flat, where EPA's answer is exact, is often such).

use nalgebra::{Matrix2, Matrix4, SMatrix, Vector2, Vector4};

use super::{Budget, Facet, Polytope};
use crate::support::{Cap, MinkowskiPair, SmoothPart, SmoothParts, Support, SupportPoint, Vector};

/// The most support points a refinement takes: quadratic convergence needs a handful.
const MAX_STEPS: u32 = 24;

/// The longest step, in radians: how far the quadratic model is trusted.
const MAX_STEP: f64 = 0.5;

/// The floor of `mu`, relative to the size of the `H_j` and `f`: the regularisation that makes
/// a flat `K` (the origin at the centre of a sphere: every direction a minimum) solvable, too
/// small to change a Newton step elsewhere.
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

/// The most pieces a model holds, and points a side keeps: those most nearly active at `n`.
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

/// A side of the cores' difference `A - B`, in A's frame: A, or B negated (the difference's
/// support function is the sum of the sides').
#[derive(Clone, Copy)]
enum Side {
    A,
    B,
}

impl Side {
    /// The other side.
    fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// This side's point of the support point `w`: A's, or B's negated. Taken from the shapes'
    /// own points (not one less the other: a vertex must come out the same every time it is
    /// found, or rounding makes it several nearly equal pieces, which leave the model
    /// degenerate).
    fn point<const D: usize>(self, w: &SupportPoint<D>) -> Vector<D> {
        match self {
            Side::A => w.a,
            Side::B => -w.b,
        }
    }
}

/// The refinement's questions to the cores' difference, side by side (see [`Side`]), in A's
/// frame.
impl<const D: usize, A, B> MinkowskiPair<'_, D, A, B>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    /// The smooth parts of `side` along the unit `n` (see [`Support::core_smooth_parts`]),
    /// B's turned into A's frame and negated: its support function at `n` is `h_B(-n)`.
    fn smooth_parts_of(&self, side: Side, n: &Vector<D>) -> Option<SmoothParts<D>> {
        match side {
            Side::A => self.a.core_smooth_parts(n),
            Side::B => self
                .b
                .core_smooth_parts(&self.b_in_a.rotation().tr_mul(&-n)),
        }
    }

    /// The flat cap of `side` near the unit `n` (see [`Cap`]), B's turned into A's frame and
    /// negated.
    fn cap_of(&self, side: Side, n: &Vector<D>) -> Option<Cap<D>> {
        let cap = self.smooth_parts_of(side, n)?.cap()?;
        Some(match side {
            Side::A => cap,
            Side::B => Cap {
                normal: -(self.b_in_a.rotation() * cap.normal),
                centre: -self.b_in_a.transform_point(&cap.centre),
                radius: cap.radius,
            },
        })
    }

    /// The parts of `side` along the unit `n`: its smooth parts, or, where it has none (a
    /// polytope, a disc seen along its axis), the points it has shown, `seen`, as linear
    /// pieces (its support function is at least the largest of them).
    fn parts_of(&self, side: Side, n: &Vector<D>, seen: &Seen<D>) -> Parts<D> {
        let mut parts = Parts::new(SmoothPart::point(Vector::zeros()));
        let value = |part: &SmoothPart<D>| part.point.dot(n);
        match self.smooth_parts_of(side, n) {
            Some(smooth) => {
                let rotation = self.b_in_a.rotation();
                for part in smooth.as_slice() {
                    let part = match side {
                        Side::A => *part,
                        Side::B => SmoothPart {
                            point: -self.b_in_a.transform_point(&part.point),
                            hessian: rotation * part.hessian * rotation.transpose(),
                        },
                    };
                    parts.add(part, value);
                }
            }
            None => {
                for q in seen.as_slice() {
                    parts.add(SmoothPart::point(*q), value);
                }
            }
        }
        parts
    }

    /// Whether a core has smooth parts along `n` (see [`Support::core_smooth_parts`]).
    pub(super) fn is_curved(&self, n: &Vector<D>) -> bool {
        self.smooth_parts_of(Side::A, n).is_some() || self.smooth_parts_of(Side::B, n).is_some()
    }

    /// The local minimum of the cores' overlap from the unit `start` (see the module's docs), to
    /// within `tolerance`. `seen` are support points near `start` (the corners of an EPA facet):
    /// the sides' points seed their linear pieces. `None` where no core has smooth parts along
    /// `start`, or the refinement does not converge within its steps and `budget`.
    ///
    /// Each step models the overlap at the current normal ([`Model::at`]) and moves to the
    /// normal the damped model leads to where that lowers the overlap ([`Walk::step`]).
    pub(super) fn refine(
        &self,
        start: &Vector<D>,
        seen: &[SupportPoint<D>],
        tolerance: Tolerance,
        budget: &mut Budget,
    ) -> Option<Refined<D>> {
        if !self.is_curved(start) {
            return None;
        }
        let mut walk = Walk {
            pair: self,
            shown: [Seen::new(Vector::zeros()); 2],
            steps: 0,
            caps_tried: [false; 2],
        };
        for w in seen {
            walk.show(w, start);
        }
        let mut at = walk.evaluate(*start, budget)?;
        loop {
            let model = Model::at(self, &at, &walk.shown);
            match walk.step(&model, at, tolerance, budget)? {
                Stepped::Converged(minimum) => return Some(minimum),
                Stepped::Lower(lower) => at = lower,
            }
        }
    }

    /// The lowest local minimum of the cores' overlap from the facets of EPA's `polytope` (see
    /// [`MAX_STARTS`]), the first `closest`, EPA's answer: `None` when the refinement from it does
    /// not converge. Facets nearer the origin than `closest` are not started from: EPA has found
    /// them broken by rounding (a cap's rim points, all in one plane, made a facet facing inwards).
    pub(super) fn refine_polytope(
        &self,
        polytope: &Polytope<D>,
        closest: &Facet<D>,
        tolerance: Tolerance,
        budget: &mut Budget,
    ) -> Option<Refined<D>> {
        let mut visited = [Vector::<D>::zeros(); 2 * MAX_STARTS];
        let mut best: Option<Refined<D>> = None;
        for start in 0..MAX_STARTS {
            let below = best
                .as_ref()
                .map_or(f64::INFINITY, |b| b.depth - tolerance.at(b.depth));
            let elsewhere =
                |n: &Vector<D>| visited[..2 * start].iter().all(|v| v.dot(n) < SAME_BASIN);
            let others = polytope.facets.iter().filter(|f| {
                f.distance >= closest.distance && f.distance < below && elsewhere(&f.normal)
            });
            let next = others.min_by(|f, g| f.distance.total_cmp(&g.distance));
            let Some(facet) = (if start == 0 { Some(closest) } else { next }) else {
                break;
            };
            let corners = facet.vertices.map(|i| polytope.vertices[i]);
            let refined = self.refine(&facet.normal, &corners[..D], tolerance, budget);
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
}

/// At most [`MAX_PIECES`] items: those most nearly active along the normal (the highest
/// values), each once.
#[derive(Clone, Copy)]
struct Highest<T> {
    items: [T; MAX_PIECES],
    len: usize,
}

impl<T: Copy + PartialEq> Highest<T> {
    /// None yet (`fill` takes the empty places).
    fn new(fill: T) -> Self {
        Self {
            items: [fill; MAX_PIECES],
            len: 0,
        }
    }

    /// Adds `item` unless it is there; when full, in the place of the item of the lowest
    /// `value`, if below its own.
    fn add(&mut self, item: T, value: impl Fn(&T) -> f64) {
        if self.as_slice().contains(&item) {
            return;
        }
        if self.len < MAX_PIECES {
            self.items[self.len] = item;
            self.len += 1;
            return;
        }
        let lowest = (0..MAX_PIECES)
            .min_by(|&i, &j| value(&self.items[i]).total_cmp(&value(&self.items[j])))
            .unwrap_or(0);
        if value(&item) > value(&self.items[lowest]) {
            self.items[lowest] = item;
        }
    }

    fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }
}

/// The points a side has shown (its support points).
type Seen<const D: usize> = Highest<Vector<D>>;

/// Parts of the difference's support function along the normal: a side's, or the model's
/// pieces (a part of A's side plus one of B's).
type Parts<const D: usize> = Highest<SmoothPart<D>>;

/// The pieces of the difference's support function from the parts of its sides along `n`:
/// the sums of a part of each, those most nearly active.
fn pieces<const D: usize>(a: &Parts<D>, b: &Parts<D>, n: &Vector<D>) -> Parts<D> {
    let mut pieces = Parts::new(SmoothPart::point(Vector::zeros()));
    for p in a.as_slice() {
        for q in b.as_slice() {
            let piece = SmoothPart {
                point: p.point + q.point,
                hessian: p.hessian + q.hessian,
            };
            pieces.add(piece, |piece| piece.point.dot(n));
        }
    }
    pieces
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
/// the tangent plane): the step, the model's decrease (`max_j c_j` less its minimum) and the
/// pieces' weights there; `None` when the model has no minimum (`k` not positive definite
/// where the pieces leave it free).
///
/// A small convex programme solved by its active sets: for each set `S` of at most three
/// pieces, the minimum of the model's quadratic with the pieces of `S` held equal (a linear
/// system, the KKT conditions with multipliers `l`), kept if it is a minimum there (`k`
/// positive definite on the steps that keep them equal), no other piece lies above, and the
/// pieces' weights (`1 - sum l`, then `l`) are not negative: `0` is then in the model's
/// subdifferential. Of those, the nearest: a convex model has one, but where `k` curves down
/// (the sphere's own curvature outweighing the shapes') the model may have several local
/// minima, and its lowest lies far off, where it no longer holds (a cone's rim against a hull's
/// edge: 1.6 radians away on the crease with the apex, 1.035 lower there, each step towards it
/// cut short to gain 1e-6, where the nearest lay along the edge).
fn model_step(k: &Matrix2<f64>, c: &[f64], g: &[Coords]) -> Option<Step> {
    let top = c.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let size = k.amax() + g.iter().map(|g| g.amax()).fold(0.0, f64::max);
    let slack = 1e-12 * size + f64::MIN_POSITIVE;
    let mut best: Option<(f64, Step)> = None;
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
        let nearest = best
            .as_ref()
            .is_none_or(|(_, s)| u.norm_squared() < s.u.norm_squared());
        if weights_ok && others_below && value.is_finite() && nearest {
            let mut step = Step {
                u,
                decrease: -value,
                weights: [0.0; MAX_PIECES],
            };
            step.weights[first] = 1.0 - weights.sum();
            for (&i, &l) in rest.iter().zip(weights.iter()) {
                step.weights[i] = l;
            }
            best = Some((value, step));
        }
    }
    best.map(|(_, step)| step)
}

/// The minimum of a model (see [`model_step`]).
struct Step {
    /// The step, in coordinates of the tangent plane.
    u: Coords,
    /// The model's value at the current normal less its minimum.
    decrease: f64,
    /// The pieces' weights at the minimum: the convex combination of their gradients that
    /// the quadratic term balances.
    weights: [f64; MAX_PIECES],
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

/// The state of a refinement between its steps: the points the sides have shown, the support
/// points evaluated (at most [`MAX_STEPS`]) and the flat caps whose normal was tried.
struct Walk<'p, 's, const D: usize, A: ?Sized, B: ?Sized> {
    pair: &'p MinkowskiPair<'s, D, A, B>,
    shown: [Seen<D>; 2],
    steps: u32,
    caps_tried: [bool; 2],
}

/// How a step of a refinement ([`Walk::step`]) ended.
enum Stepped<const D: usize> {
    /// The normal it started from is the minimum, to the tolerance (or a flat cap's normal is).
    Converged(Refined<D>),
    /// A normal along which the overlap is lower, to step from next.
    Lower(Refined<D>),
}

impl<const D: usize, A, B> Walk<'_, '_, D, A, B>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    /// Keeps the sides' points of the support point `w`, found along `n`.
    fn show(&mut self, w: &SupportPoint<D>, n: &Vector<D>) {
        for (side, seen) in [Side::A, Side::B].into_iter().zip(self.shown.iter_mut()) {
            seen.add(side.point(w), |q| q.dot(n));
        }
    }

    /// The overlap along the unit `n`, from its support point (counted against the steps and
    /// `budget`: `None` when either is spent).
    fn evaluate(&mut self, n: Vector<D>, budget: &mut Budget) -> Option<Refined<D>> {
        if self.steps >= MAX_STEPS || !budget.spend() {
            return None;
        }
        self.steps += 1;
        let support = self.pair.support(&n);
        self.show(&support, &n);
        Some(Refined {
            normal: n,
            depth: n.dot(&support.w),
            support,
        })
    }

    /// One step from `at`, on its `model`: converged where the model goes no lower than the
    /// tolerance, else the first of ever more damped and shorter steps that lowers the
    /// overlap. `None` when none does, or the steps or the budget run out.
    fn step(
        &mut self,
        model: &Model<D>,
        at: Refined<D>,
        tolerance: Tolerance,
        budget: &mut Budget,
    ) -> Option<Stepped<D>> {
        let (n, basis, k, c, g) = (model.n, model.basis, model.k, model.c(), model.g());
        let allowance = tolerance.at(at.depth);
        // A step is at most `radius` long, which starts at [`MAX_STEP`] and is cut to a
        // quarter of each step that fails; `mu` grows (fourfold) after every try. A longer
        // step is cut short where the model is convex along it; where it curves down (far
        // from the minimum, where the sphere's own curvature outweighs the shapes') it is not
        // tried: the model's lowest point is then far off, and a step towards it cut short
        // need not go down at all.
        let mut mu = model.floor;
        let mut radius = MAX_STEP;
        for attempt in 0..MAX_DAMPING {
            let damped = k + Matrix2::identity() * mu;
            mu *= 4.0;
            let step = model_step(&damped, c, g);
            // Converged: the model (not damped) goes no lower than the tolerance. Rounding
            // may leave its decrease a little below 0 at the minimum (a point core against a
            // cylinder's side, 1e-19 under: the refinement went on, in 40 ever more damped
            // tries, each step too short to go down, until EPA took over).
            let within = |s: &Step| s.decrease.abs() <= allowance;
            if attempt == 0 && step.as_ref().is_some_and(within) {
                return Some(Stepped::Converged(at));
            }
            // A model that curves down may have no minimum below its value here: no step.
            let Some(step) = step.filter(|step| step.decrease >= 0.0) else {
                continue;
            };
            let t = basis[0] * step.u[0] + basis[1] * step.u[1];
            let length = t.norm();
            // A step that reaches a flat cap's normal heads for its crease, where the
            // minimum often is: the normal itself is tried, once.
            if let Some((side, cap)) = cap_within(self.pair, &n, length, &mut self.caps_tried) {
                let on = self.evaluate(cap.normal, budget)?;
                let other = side.other().point(&on.support);
                if on.depth <= at.depth && least_on_cap(&cap, &other, tolerance.rounding) {
                    return Some(Stepped::Converged(on));
                }
            }
            let t = if length <= radius {
                t
            } else if step.u.dot(&(damped * step.u)) > 0.0 {
                // A model convex along the step goes down all the way to its minimum: cut
                // short, the step still goes down.
                t * (radius / length)
            } else {
                continue;
            };
            let length = length.min(radius);
            let active = step.weights.iter().filter(|&&w| w > 0.0).count();
            let to = onto_crease(self.pair, &(n + t).normalize(), &self.shown, active);
            // The pieces known bound the overlap along `to` from below: a step they already
            // show to be no lower costs no support point either.
            if lower_bound(self.pair, &to, &self.shown) < at.depth {
                let candidate = self.evaluate(to, budget)?;
                if candidate.depth < at.depth {
                    return Some(Stepped::Lower(candidate));
                }
            }
            radius = length / 4.0;
        }
        None
    }
}

/// The quadratic model of the overlap at a normal `n` (see the module's docs): the values `c`
/// and the gradients `g` (in the tangent plane's coordinates, along `basis`) of the pieces
/// most nearly active there, and the curvature `k`.
struct Model<const D: usize> {
    n: Vector<D>,
    basis: [Vector<D>; 2],
    c: [f64; MAX_PIECES],
    g: [Coords; MAX_PIECES],
    /// How many of `c` and `g` are pieces.
    len: usize,
    k: Matrix2<f64>,
    /// The floor of `mu` at this normal (see [`MU_FLOOR`]).
    floor: f64,
}

impl<const D: usize> Model<D> {
    /// The model at the normal of `at`, from the sides' parts there (the points `shown` for a
    /// side without smooth parts).
    fn at<A, B>(pair: &MinkowskiPair<'_, D, A, B>, at: &Refined<D>, shown: &[Seen<D>; 2]) -> Self
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        let n = at.normal;
        let pieces = pieces(
            &pair.parts_of(Side::A, &n, &shown[0]),
            &pair.parts_of(Side::B, &n, &shown[1]),
            &n,
        );
        let pieces = pieces.as_slice();
        let basis = tangent_basis(&n);
        let mut c = [0.0; MAX_PIECES];
        let mut g = [Coords::zeros(); MAX_PIECES];
        for (j, piece) in pieces.iter().enumerate() {
            c[j] = piece.point.dot(&n);
            g[j] = Coords::new(basis[0].dot(&piece.point), basis[1].dot(&piece.point));
        }
        let len = pieces.len();
        let size = pieces.iter().map(|p| p.hessian.norm()).fold(0.0, f64::max);
        let floor = MU_FLOOR * (size + at.depth.abs());
        let k = curvature(pieces, &basis, at.depth, floor, &c[..len], &g[..len]);
        Self {
            n,
            basis,
            c,
            g,
            len,
            k,
            floor,
        }
    }

    /// The pieces' values at the normal.
    fn c(&self) -> &[f64] {
        &self.c[..self.len]
    }

    /// The pieces' gradients in the tangent plane.
    fn g(&self) -> &[Coords] {
        &self.g[..self.len]
    }
}

/// A flat cap (see [`Cap`]) of a side of `pair` not `tried` yet whose normal lies within
/// `reach` (a sine) of the unit `n`: the side and its cap, then marked tried.
fn cap_within<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    n: &Vector<D>,
    reach: f64,
    tried: &mut [bool; 2],
) -> Option<(Side, Cap<D>)>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    for (side, tried) in [Side::A, Side::B].into_iter().zip(tried) {
        if *tried {
            continue;
        }
        let Some(cap) = pair.cap_of(side, n) else {
            continue;
        };
        let along = cap.normal.dot(n);
        if along > 0.0 && (cap.normal - n * along).norm() <= reach {
            *tried = true;
            return Some((side, cap));
        }
    }
    None
}

/// Whether the overlap is least along the normal of a side's `cap` (see [`Cap`]), with `other`
/// the other side's support point there: whether the overlap's subdifferential there (the
/// cap's disc plus `other`, seen along the normal; the other side's face may hold more) holds
/// a disc about 0 of a radius `m` above `margin`. Along a unit `n` at an angle `s` off the
/// normal the overlap is then at least `depth cos s + m sin s`: more, for `s` up to about
/// `2 m / depth`. A local minimum, sharp, and exact: the Newton steps on the parts' curvature
/// (`radius / s`) only crawl to it.
fn least_on_cap<const D: usize>(cap: &Cap<D>, other: &Vector<D>, margin: f64) -> bool {
    let q = cap.centre + other;
    let off = q - cap.normal * cap.normal.dot(&q);
    off.norm() + margin < cap.radius
}

/// The unit `to` moved back onto the crease of the `active` pieces most nearly active there
/// (a second-order correction): a step along the model's crease, straight in the tangent
/// plane, leaves a curved crease (a cone's, between its apex and its rim) by the square of its
/// length, and the overlap rises by as much, which can outweigh what the step gains. The
/// shortest move in the tangent plane that makes the pieces equal to first order; `to` itself
/// where that move is longer than [`MAX_STEP`] (pieces too nearly alike to have a crease).
fn onto_crease<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    to: &Vector<D>,
    shown: &[Seen<D>; 2],
    active: usize,
) -> Vector<D>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let active = active.min(D);
    if active < 2 {
        return *to;
    }
    let pieces = pieces(
        &pair.parts_of(Side::A, to, &shown[0]),
        &pair.parts_of(Side::B, to, &shown[1]),
        to,
    );
    let mut order: [usize; MAX_PIECES] = std::array::from_fn(|i| i);
    let order = &mut order[..pieces.len];
    let value = |i: usize| pieces.items[i].point.dot(to);
    order.sort_unstable_by(|&i, &j| value(j).total_cmp(&value(i)));
    if order.len() < active {
        return *to;
    }
    let basis = tangent_basis(to);
    let coords = |v: &Vector<D>| Coords::new(basis[0].dot(v), basis[1].dot(v));
    // Rows `g_i - g_first` and offsets `c_first - c_i`: `rows . delta = offsets` makes the
    // pieces equal.
    let first = order[0];
    let mut rows = [Coords::zeros(); 2];
    let mut offsets = Coords::zeros();
    for (r, &i) in order[1..active].iter().enumerate() {
        rows[r] = coords(&pieces.items[i].point) - coords(&pieces.items[first].point);
        offsets[r] = value(first) - value(i);
    }
    let delta = if active == 2 {
        let norm = rows[0].norm_squared();
        if norm > 0.0 {
            rows[0] * (offsets[0] / norm)
        } else {
            return *to;
        }
    } else {
        let m = Matrix2::from_rows(&[rows[0].transpose(), rows[1].transpose()]);
        match m.lu().solve(&offsets) {
            Some(delta) => delta,
            None => return *to,
        }
    };
    // A correction beyond the model's trust radius is no second-order one: pieces nearly alike
    // (a hull's vertex repeated 1e-12 away, the rows 1e-318 across the crease) make the system
    // singular in all but name. Its solution (5e289 seen, found by fuzzing) overflowed the
    // normalisation to a zero normal, answered as depth 0.
    let length = delta.norm();
    if length.is_nan() || length > MAX_STEP {
        return *to;
    }
    (to + basis[0] * delta[0] + basis[1] * delta[1]).normalize()
}

/// A lower bound of the cores' overlap along the unit `n` from the parts known: the sides'
/// smooth parts, exact, or the points they have shown.
fn lower_bound<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    n: &Vector<D>,
    shown: &[Seen<D>; 2],
) -> f64
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    [Side::A, Side::B]
        .into_iter()
        .zip(shown)
        .map(|(side, seen)| {
            let parts = pair.parts_of(side, n, seen);
            let reach = parts.as_slice().iter().map(|p| p.point.dot(n));
            reach.fold(f64::NEG_INFINITY, f64::max)
        })
        .sum()
}

/// The model's curvature in the tangent plane of `n` (coordinates in `basis`), with `depth`
/// the overlap there: the Hessian of the pieces' support functions less `depth` (the sphere's
/// own curvature), weighted as the pieces are at the model's minimum (the Lagrangian's
/// Hessian, which keeps Newton's steps quadratic where pieces of different curvatures meet:
/// a cone's apex and its base's rim). Those weights come from a first model, with the
/// pieces' mean curvature made positive definite (see [`positive_definite`]); pieces of one
/// curvature need none. The mean itself was once taken where its model had no minimum: the
/// rim's curvature halved, less the depth, negative along a cone's apex-rim crease where the
/// rim's own weight keeps the true one positive; every step was then too long, and the
/// refinement crawled (10 of 30,000 random pairs with a cone ran out of support points).
fn curvature<const D: usize>(
    pieces: &[SmoothPart<D>],
    basis: &[Vector<D>; 2],
    depth: f64,
    floor: f64,
    c: &[f64],
    g: &[Coords],
) -> Matrix2<f64> {
    let tangent = |h: &SMatrix<f64, D, D>| {
        let curvature = h - SMatrix::<f64, D, D>::identity() * depth;
        let mut k = Matrix2::from_fn(|i, j| basis[i].dot(&(curvature * basis[j])));
        if D == 2 {
            k[(1, 1)] = 1.0;
        }
        (k + k.transpose()) * 0.5
    };
    let first = &pieces[0].hessian;
    if pieces.iter().all(|p| p.hessian == *first) {
        return tangent(first);
    }
    let mean = pieces.iter().map(|p| p.hessian).sum::<SMatrix<f64, D, D>>() / pieces.len() as f64;
    let mean = tangent(&mean);
    match model_step(&positive_definite(&mean, floor), c, g) {
        Some(step) => tangent(
            &pieces
                .iter()
                .zip(step.weights)
                .map(|(p, w)| p.hessian * w)
                .sum(),
        ),
        None => mean,
    }
}

/// `k` shifted by a multiple of the identity until its smallest eigenvalue is at least `floor`
/// (a model with it has a minimum): `k + floor I` where `k` is positive semidefinite.
fn positive_definite(k: &Matrix2<f64>, floor: f64) -> Matrix2<f64> {
    let half_trace = 0.5 * (k[(0, 0)] + k[(1, 1)]);
    let half_gap = (0.5 * (k[(0, 0)] - k[(1, 1)])).hypot(k[(0, 1)]);
    let lowest = half_trace - half_gap;
    k + Matrix2::identity() * (floor + (-lowest).max(0.0))
}
