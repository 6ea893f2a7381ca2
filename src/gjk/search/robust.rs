//! The robust GJK loop: the paper's steps with the rescues that rounding calls for, taken
//! where the lean loop ([`super::lean`]) hands a pair over, and for warm starts and traces.
//!
//! Each step is the lean loop's (support point, bounds, termination, add and reduce), with
//! the best lower bound kept at every step, and three rescues named after what they answer:
//! - a support point that repeats with the gap open, or a step that does not bring `v`
//!   nearer, is retried once (twice from a dropped point) along a projected direction
//!   ([`Search::reproject`]) before rounding has the last word;
//! - far from the origin, a step that keeps `|v|^2` within its rounding is taken as long as
//!   the gap is open (at most [`MAX_SIDEWAYS`] in a row): the sideways step;
//! - a search that stops without progress answers where its gap is within [`STALL_ULPS`]
//!   units of rounding, and reports that it stalled beyond.

use super::{
    first_direction, gap_closed, End, Mode, Observer, Run, Search, StepOutcome, Tolerances,
    MAX_SIDEWAYS, OVERFLOW, STALL_ULPS,
};
use crate::error::SearchError;
use crate::range::robust_norm;
use crate::simplex::{finite, Keying, Simplex};
use crate::support::{Support, SupportPoint, Vector};

/// Whether the robust loop goes on after a step.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flow {
    /// On to the next support point.
    Continue,
    /// The search has ended (see [`Search::end`]).
    Stop,
}

/// What a step learned from its support point: how far it lies along the direction, and the
/// duality gap that bounds the error of `|v|`.
struct Bounds {
    /// `v . w` (or, on a retry, the support point's reach along the retried direction).
    reach: f64,
    /// The direction's length: `|v|` but on a retry.
    direction_norm: f64,
    /// The duality gap, with the best lower bound seen where this step did not improve it.
    gap: f64,
}

/// The robust loop on one pair: what every step reads, and what it carries to the next
/// besides the search itself.
struct RobustLoop<'r, 'p, const D: usize, A: ?Sized, B: ?Sized, O> {
    run: Run<'r, 'p, D, A, B, O>,
    tolerances: Tolerances<D>,
    /// Steps in a row that kept `|v|^2` within its rounding (see [`MAX_SIDEWAYS`]).
    sideways: u32,
    /// A direction to try instead of `-v`, once, where the search stalled (see
    /// [`Search::reproject`]).
    retry: Option<Vector<D>>,
}

impl<'r, 'p, const D: usize, A, B, O> Run<'r, 'p, D, A, B, O>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
    O: Observer<D>,
{
    /// The robust search, from `start` (a simplex and the support evaluations it cost) or,
    /// without one, from the support point towards the reversed centre of `A - B`, after
    /// `spent` evaluations made elsewhere (they count towards the cap). The observer sees the
    /// steps of a search started afresh.
    pub(super) fn robust<K: Keying<D>>(
        mut self,
        start: Option<(Simplex<D, K>, u32)>,
        spent: u32,
    ) -> Result<Search<D, K>, SearchError> {
        const { assert!(D == 2 || D == 3, "GJK runs in 2 or 3 dimensions") };

        let tolerances = Tolerances::of(self.pair);
        let mut search = self.robust_start(&tolerances, start, spent)?;
        if self.pair.extent() == 0.0 {
            search.answer_two_points();
            return Ok(search);
        }
        let (exit, max_iterations) = (tolerances.exit(self.mode), self.options.max_iterations);
        let mut walk = RobustLoop {
            run: self,
            tolerances,
            sideways: 0,
            retry: None,
        };
        loop {
            let vv = search.v.norm_squared();
            if vv <= exit * exit {
                search.end = End::Touching;
                break;
            }
            if search.iterations >= max_iterations || walk.step(&mut search, vv)? == Flow::Stop {
                break;
            }
        }
        let end = search.end;
        search.finish(end, tolerances.contact);
        Ok(search)
    }

    /// The search at its start: `start`'s simplex reduced, or the support point towards the
    /// reversed centre of `A - B`, after `spent` evaluations.
    fn robust_start<K: Keying<D>>(
        &mut self,
        tolerances: &Tolerances<D>,
        start: Option<(Simplex<D, K>, u32)>,
        spent: u32,
    ) -> Result<Search<D, K>, SearchError> {
        if let Some((mut simplex, evaluations)) = start {
            let v = simplex.reduce();
            return Ok(Search::fresh(tolerances, simplex, v, evaluations));
        }
        let direction = first_direction(&tolerances.center);
        let (first, key) = K::support(self.pair, &direction);
        if !finite(&first) {
            return Err(SearchError::NonFiniteSupport);
        }
        let mut search = Search::fresh(tolerances, Simplex::single(first, key), first.w, spent + 1);
        if self.pair.extent() == 0.0 {
            // Two points: the first support point is the answer (see `answer_two_points`).
            search.lower = robust_norm(&first.w);
        }
        self.observer
            .step(&search, &direction, &first, StepOutcome::Started);
        Ok(search)
    }
}

impl<const D: usize, K: Copy> Search<D, K> {
    /// The answer for two points: the difference is the single point `v`, known exactly (its
    /// squared length may underflow, which the loop relies on: hence no loop).
    fn answer_two_points(&mut self) {
        self.lower = robust_norm(&self.v);
        self.end = if self.lower == 0.0 {
            End::Touching
        } else {
            End::Converged
        };
    }
}

impl<const D: usize, A, B, O> RobustLoop<'_, '_, D, A, B, O>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
    O: Observer<D>,
{
    /// One step of the loop on `search`, whose `|v|^2` is `vv`: support point, bounds,
    /// termination, and add and reduce, or a rescue.
    fn step<K: Keying<D>>(
        &mut self,
        search: &mut Search<D, K>,
        vv: f64,
    ) -> Result<Flow, SearchError> {
        search.iterations += 1;
        let retried = self.retry.take();
        let direction = retried.unwrap_or(-search.v);
        let (w, key) = K::support(self.run.pair, &direction);
        if !finite(&w) {
            return Err(SearchError::NonFiniteSupport);
        }
        let bounds = Self::bounds(search, &direction, retried.is_some(), &w, vv)?;
        let Tolerances {
            contact,
            separating,
            rounding,
            ..
        } = self.tolerances;
        if self.run.mode == Mode::Boolean
            && bounds.reach > (contact + separating) * bounds.direction_norm
        {
            search.end = End::Separated;
            return Ok(Flow::Stop);
        }
        let stalled = self.stalled_end(bounds.gap, vv);
        let margin_sum = self.tolerances.margin_sum();
        if gap_closed(
            bounds.gap,
            vv,
            self.run.options.relative_tolerance,
            rounding,
            margin_sum,
        ) {
            return Ok(self.stop(
                search,
                End::Converged,
                StepOutcome::GapClosed,
                &direction,
                &w,
            ));
        }
        if search.simplex.contains(&w.w) {
            // A repeated support point: rounding has the last word, after a retry.
            return Ok(self.retry_or_stop(
                search,
                None,
                stalled,
                StepOutcome::Repeated,
                &direction,
                &w,
            ));
        }
        Ok(self.add(search, w, key, vv, stalled, &direction))
    }

    /// The bounds `w`, found along `direction` (a retried one, or `-v` with `|v|^2 = vv`),
    /// gives, its lower bound recorded in `search`.
    fn bounds<K: Keying<D>>(
        search: &mut Search<D, K>,
        direction: &Vector<D>,
        retried: bool,
        w: &SupportPoint<D>,
        vv: f64,
    ) -> Result<Bounds, SearchError> {
        let v_norm = vv.sqrt();
        let (reach, direction_norm) = if retried {
            (-direction.dot(&w.w), direction.norm())
        } else {
            (search.v.dot(&w.w), v_norm)
        };
        if !(vv.is_finite() && reach.is_finite()) {
            return Err(SearchError::OutOfRange(OVERFLOW));
        }
        let improved = reach > search.lower * direction_norm;
        search.record_lower(reach, *direction, direction_norm);
        // The duality gap bounds the error of |v| by gap / |v|, with the best lower bound
        // seen so far; the tolerance is relative to the distance (or the overlap) of the
        // shapes, |v| less the margins, and to the cores' distance too: it sets the normal's
        // accuracy, which the margins (radii 1e9 times the cores' distance) multiply in the
        // closest points.
        let gap = if improved && !retried {
            vv - reach
        } else {
            (v_norm - search.lower) * v_norm
        };
        Ok(Bounds {
            reach,
            direction_norm,
            gap,
        })
    }

    /// How a search that stops without progress at duality gap `gap` ends: where the gap is
    /// within [`STALL_ULPS`] rounding units of the coordinates' magnitude it is still an answer
    /// (rounding in an ill-conditioned simplex: a curved shape near contact, a sliver), its
    /// lower bound saying how far it is; beyond, it stalled (reported as no convergence).
    fn stalled_end(&self, gap: f64, vv: f64) -> End {
        if gap <= STALL_ULPS * f64::EPSILON * self.tolerances.magnitude * vv.sqrt() {
            End::Converged
        } else {
            End::Stalled
        }
    }

    /// Add and reduce: `w` joins the simplex if that brings `v` nearer the origin, or keeps
    /// `|v|^2` (`vv`) within its rounding with `v` moved (a sideways step, see
    /// [`MAX_SIDEWAYS`]); otherwise the rescue of a step without progress.
    fn add<K: Keying<D>>(
        &mut self,
        search: &mut Search<D, K>,
        w: SupportPoint<D>,
        key: K,
        vv: f64,
        stalled: End,
        direction: &Vector<D>,
    ) -> Flow {
        // Far from the origin (coordinates 1e9, |v|^2 1e18) a real step can shrink |v|^2 by
        // less than its rounding, so a step that keeps it within rounding is taken too: the
        // gap is not within the tolerance, so the new simplex holds a better direction. A step
        // that leaves v unchanged is a cycle, and at most MAX_SIDEWAYS such steps in a row are
        // taken (longer cycles).
        let (current, sideways) = (search.v, self.sideways);
        let taken = search.simplex.push_if::<false>(w, key, |v| {
            let vv_new = v.norm_squared();
            vv_new < vv
                || (vv_new <= vv * (1.0 + 4.0 * f64::EPSILON)
                    && *v != current
                    && sideways < MAX_SIDEWAYS)
        });
        let Some(v) = taken else {
            // No progress: the simplex is kept as it was.
            return self.retry_or_stop(
                search,
                Some(&w),
                stalled,
                StepOutcome::NoProgress,
                direction,
                &w,
            );
        };
        self.sideways = if v.norm_squared() < vv {
            0
        } else {
            sideways + 1
        };
        if !search.simplex.contains(&w.w) {
            search.dropped = Some(w);
        }
        search.v = v;
        self.run
            .observer
            .step(search, direction, &w, StepOutcome::Added);
        Flow::Continue
    }

    /// The rescue of a stall (a repeated support point, `rejected` None, or a step without
    /// progress from `rejected`): a direction to retry (see [`Search::reproject`]), or the end
    /// of the search as `end`.
    fn retry_or_stop<K: Keying<D>>(
        &mut self,
        search: &mut Search<D, K>,
        rejected: Option<&SupportPoint<D>>,
        end: End,
        outcome: StepOutcome,
        direction: &Vector<D>,
        w: &SupportPoint<D>,
    ) -> Flow {
        match search.reproject(rejected) {
            Some(d) => {
                self.retry = Some(d);
                Flow::Continue
            }
            None => self.stop(search, end, outcome, direction, w),
        }
    }

    /// Ends `search` as `end` at support point `w` (found along `direction`), `v` projected on
    /// the simplex's affine hull.
    fn stop<K: Keying<D>>(
        &mut self,
        search: &mut Search<D, K>,
        end: End,
        outcome: StepOutcome,
        direction: &Vector<D>,
        w: &SupportPoint<D>,
    ) -> Flow {
        search.end = end;
        search.project_v();
        self.run.observer.step(search, direction, w, outcome);
        Flow::Stop
    }
}

impl<const D: usize, K: Copy> Search<D, K> {
    /// Where the search stalls with its gap open: replaces `v` by its projection (see
    /// [`Search::project_v`]) and returns a direction for one more support point: the
    /// projected `-v` if that moved, or, given the support point that made no progress
    /// (`rejected`), the direction from the affine hull of the simplex and that point towards
    /// the origin. `v` interpolated between vertices far larger than the distance is tilted by
    /// their rounding, and so is the support point found along it: a plate 1.5e9 wide 10 away,
    /// v tilted 5e-9, gave a lower bound 17 short and no convergence; the projected direction
    /// is square to the plate. When the simplex is an edge of the plate, `v` keeps its tilt
    /// along the plate, and the plane of that edge and the rejected corner is the plate's.
    /// When the simplex and the rejected point span the space, the direction is from the face
    /// of theirs closest to the origin that holds the rejected point. At most two retries,
    /// the second only from a rejected or dropped point.
    fn reproject(&mut self, rejected: Option<&SupportPoint<D>>) -> Option<Vector<D>> {
        // A stall with no point of its own may use the last one a step dropped; a second
        // retry is only taken from such a point (with a first retry along the projected `v`
        // that repeated: a ball 9.875 deep in a plate 3e9 wide, the simplex an edge of it and
        // the dropped point a third corner, got a depth 1.37 too deep).
        let rejected = rejected.copied().or(self.dropped.take());
        match (self.retries, &rejected) {
            (0, _) | (1, Some(_)) => self.retries += 1,
            _ => return None,
        }
        let first_retry = self.retries == 1;
        let before = self.v;
        self.project_v();
        let wider = rejected
            .as_ref()
            .filter(|_| self.simplex.len() <= D)
            .and_then(|w| {
                let mut wider = self.simplex.widened(*w);
                if wider.len() <= D {
                    return Some(wider.projected(&self.v));
                }
                // A full-dimensional simplex: the origin's closest face of it that holds the
                // rejected point (a sliver 1.4e9 long, its edge from the origin to one far
                // corner rejected for rounding of |v| against the edge to the other corner,
                // gave a lower bound 6.4 short beside a touching capsule).
                let v = wider.reduce();
                let holds_w = wider.points().iter().any(|p| p.w == w.w);
                (wider.len() <= D && holds_w).then(|| wider.projected(&v))
            })
            .filter(|p| *p != self.v && robust_norm(p) > 0.0);
        match wider {
            Some(p) => Some(-p),
            None => (first_retry && self.v != before).then(|| -self.v),
        }
    }
}
