//! The GJK loop: the paper's steps, certified once at the end, with the rescues that rounding
//! calls for taken from its failure branches.
//!
//! Each step is one of Gilbert, Johnson and Keerthi's, in its plainest form:
//!
//! 1. *support point*: `w`, the support point of `A - B` in direction `-v` (or, after a
//!    rescue, along the direction it chose);
//! 2. *bounds*: `|v|^2` and `v . w`, whose difference (the duality gap) bounds the error of
//!    `|v|` by `gap / |v|`;
//! 3. *termination*: the cores within contact (intersecting), a separating direction (the
//!    boolean query), or the gap within the tolerance (converged); where the loop searches
//!    towards a point that moves (the GJK ray cast, see [`super::origin`]), that point's step
//!    along its ray, or the end of the cast;
//! 4. *add*: `w` joins the simplex;
//! 5. *reduce*: the simplex keeps the vertices of its point closest to the origin, the new `v`.
//!
//! Nothing is certified during the loop; the answer is, once, at the end: the best
//! `v . w / |v|` of the support points is the lower bound, and the gap that closed is the
//! certificate. The best lower bound is compared without a division: `v_i . w_i / |v_i|`
//! against the best's, squared and cross-multiplied.
//!
//! Where rounding stops these steps (a support point that repeats with the gap open beyond
//! the rounding of `v`, a step that does not bring `v` nearer), the loop calls the rescue for
//! it ([`super::rescue`]) and goes on from its current simplex: a sideways step, or one more
//! support point along a projected direction, or the end. A number that is not finite ends
//! the search with an error naming it.

use super::origin::{Advance, Origin};
use super::rescue::{gap_with, Best, Closing, Rescue, Rescues};
use super::Tolerances;
use super::{finite_sum, first_direction, End, Mode, Observer, Run, Search, StepOutcome};
use crate::error::SearchError;
use crate::range::robust_norm;
use crate::simplex::{finite, Keying, Simplex};
use crate::support::{Support, SupportPoint, Vector};

/// The step that ended the loop, for the observer: the direction, the support point found
/// along it, and what became of it.
type LastStep<const D: usize> = (Vector<D>, SupportPoint<D>, StepOutcome);

/// What stopped a step short of adding its support point: the trouble a rescue answers.
enum Trouble<K> {
    /// The support point is a vertex of the simplex already, the gap open.
    Repeated,
    /// The support point (found as `K` says) would not bring `v` nearer the origin.
    NoProgress(K),
}

/// A step in trouble: its direction, its support point, `|v|^2` before it, and the trouble.
struct Step<const D: usize, K> {
    direction: Vector<D>,
    w: SupportPoint<D>,
    vv: f64,
    trouble: Trouble<K>,
}

impl<const D: usize, A, B, O> Run<'_, '_, D, A, B, O>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
    O: Observer<D>,
{
    /// The GJK search towards `origin` (see [`super::origin`]), from `start` (a warm start's
    /// simplex and the support evaluations it cost) or else the support point towards the
    /// reversed centre of `A - B`, answered by `answer` from the finished search.
    #[inline(always)]
    pub(super) fn kernel<K: Keying<D>, G: Origin<D>, R>(
        mut self,
        tolerances: &Tolerances<D>,
        start: Option<(Simplex<D, K>, u32)>,
        origin: &mut G,
        answer: impl FnOnce(&Search<D, K>) -> R,
    ) -> Result<R, SearchError> {
        const { assert!(D == 2 || D == 3, "GJK runs in 2 or 3 dimensions") };
        if self.pair.extent() == 0.0 {
            return self.two_points(tolerances, start, answer);
        }
        let Some(mut search) = self.start(tolerances, start, false) else {
            return Err(SearchError::NonFiniteSupport);
        };
        let rescues = Rescues::default();
        self.steps::<false, K, G, R>(&mut search, None, rescues, tolerances, origin, answer)
    }

    /// The loop's steps on `search`, the best lower bound so far `best`, until the end.
    ///
    /// Compiled twice: the loop itself (`RESCUING` false), inlined into the query, which at
    /// its first trouble hands its state to [`Run::rescued`]; and the loop after a rescue
    /// (`RESCUING` true), out of line, which runs its rescues in place. A rescue called from
    /// the first would need the search in memory on every step (lent to code not inlined):
    /// W3D-8 distance took 2980 instructions instead of 2775, the search copied at its start.
    /// So the first hands over its state, which is only its simplex, `v` and the support
    /// evaluations made (the rest of a search is its start's, and its lower bound `best`).
    ///
    /// A moving origin (the GJK ray cast) takes one more step, its own, at the termination
    /// step, and no rescue: its trouble ends the loop as stalled (the cast then has another
    /// way, see [`crate::cast`]).
    #[inline(always)]
    fn steps<const RESCUING: bool, K: Keying<D>, G: Origin<D>, R>(
        mut self,
        search: &mut Search<D, K>,
        mut best: Best<D>,
        mut rescues: Rescues<D>,
        tolerances: &Tolerances<D>,
        origin: &mut G,
        answer: impl FnOnce(&Search<D, K>) -> R,
    ) -> Result<R, SearchError> {
        let (pair, options, mode) = (self.pair, self.options, self.mode);
        let closing = Closing::of(tolerances, options.relative_tolerance);
        let exit = tolerances.exit(mode);
        let beyond = tolerances.contact + tolerances.separating;
        let (end, last) = loop {
            let vv = search.v.norm_squared();
            // (A full simplex holds its origin: a moving one, reached within a tolerance of
            // its own, is tested for it too.)
            if origin.reached(vv, exit) || (G::MOVES && search.simplex.len() > D) {
                break (End::Touching, None);
            }
            if search.iterations >= options.max_iterations {
                break (End::IterationCap, None);
            }
            // Support point, along `-v` or a rescue's direction.
            search.iterations += 1;
            let retried = if RESCUING { rescues.retry.take() } else { None };
            let (direction, dd) = match retried {
                None => (-search.v, vv),
                Some(d) => (d, d.norm_squared()),
            };
            let (w, key) = K::support(pair, &direction);
            let w = origin.seen(w);
            // Bounds: `reach` is `v . w` (along `-direction` on a retry, whose length squared
            // is `dd`).
            let reach = -direction.dot(&w.w);
            // A component of `w` that is not finite (so also one of `a` or `b`: `w = a - b`)
            // makes `reach` not finite, the direction being finite and not zero: infinity
            // times a component of it is infinite or (times 0) NaN.
            if !finite_sum(reach + vv) {
                return Err(not_finite(&w));
            }
            if !G::MOVES
                && reach > 0.0
                && best.is_none_or(|(r, rr, _)| reach * reach * rr > r * r * dd)
            {
                best = Some((reach, dd, direction));
            }
            // Termination, and a moving origin's step.
            match origin.advance(&search.v, vv, reach) {
                Advance::Stays => {}
                Advance::Moved(by) => {
                    search.v = origin_moved(search, w.moved(&by), key, &by);
                    self.observer
                        .step(search, &direction, &w, StepOutcome::Added);
                    continue;
                }
                Advance::Ends(end) => break (end, None),
            }
            if mode == Mode::Boolean && reach > 0.0 && reach * reach > beyond * beyond * dd {
                break (End::Separated, None);
            }
            let gap = match retried {
                None => vv - reach,
                Some(_) => gap_with(best, vv),
            };
            if !G::MOVES && closing.closed(gap, vv) {
                break (End::Converged, Some((direction, w, StepOutcome::GapClosed)));
            }
            let trouble = if search.simplex.contains(&w.w) {
                // The gap is open, yet no point of `A - B` lies further along `-v`: in exact
                // arithmetic it would be closed, and what is left is the rounding of `v`, an
                // interpolation between vertices far larger than the gap. Within the
                // allowance for rounding (see `STALL_ULPS`) this is the answer, beyond it the
                // rescue of a stall.
                if !G::MOVES && gap * gap <= closing.stall * closing.stall * vv {
                    break (End::Converged, Some((direction, w, StepOutcome::Repeated)));
                }
                Trouble::Repeated
            } else {
                // Add, and reduce.
                match search
                    .simplex
                    .push_if::<true>(w, key, |u| u.norm_squared() < vv)
                {
                    Some(u) => {
                        search.v = u;
                        self.observer
                            .step(search, &direction, &w, StepOutcome::Added);
                        continue;
                    }
                    None => Trouble::NoProgress(key),
                }
            };
            if G::MOVES {
                break (End::Stalled, None);
            }
            let step = Step {
                direction,
                w,
                vv,
                trouble,
            };
            if !RESCUING {
                let state = (search.simplex, search.v, search.iterations);
                return self.rescued(state, best, step, tolerances, origin, answer);
            }
            if let Some(ended) = self.rescue(search, best, &mut rescues, step, &closing) {
                break ended;
            }
        };
        let rescued = RESCUING && rescues.taken();
        search.conclude(end, best, rescued, last, self.observer, tolerances.contact);
        Ok(answer(search))
    }

    /// The answer for two points (shapes of no extent): their difference, the first support
    /// point (see [`Search::answer_two_points`]), or `start`'s.
    #[cold]
    #[inline(never)]
    fn two_points<K: Keying<D>, R>(
        mut self,
        tolerances: &Tolerances<D>,
        start: Option<(Simplex<D, K>, u32)>,
        answer: impl FnOnce(&Search<D, K>) -> R,
    ) -> Result<R, SearchError> {
        let Some(mut search) = self.start(tolerances, start, true) else {
            return Err(SearchError::NonFiniteSupport);
        };
        search.answer_two_points();
        Ok(answer(&search))
    }

    /// The loop from its first trouble, `step`, in the search `state` (its simplex, `v` and
    /// the support evaluations made): its rescue, and the steps after it (see [`Run::steps`]).
    #[cold]
    #[inline(never)]
    fn rescued<K: Keying<D>, G: Origin<D>, R>(
        mut self,
        state: (Simplex<D, K>, Vector<D>, u32),
        best: Best<D>,
        step: Step<D, K>,
        tolerances: &Tolerances<D>,
        origin: &mut G,
        answer: impl FnOnce(&Search<D, K>) -> R,
    ) -> Result<R, SearchError> {
        let (simplex, v, iterations) = state;
        let mut search = Search::fresh(tolerances, simplex, v, iterations);
        let mut rescues = Rescues::default();
        let closing = Closing::of(tolerances, self.options.relative_tolerance);
        if let Some((end, last)) = self.rescue(&mut search, best, &mut rescues, step, &closing) {
            let rescued = rescues.taken();
            search.conclude(end, best, rescued, last, self.observer, tolerances.contact);
            return Ok(answer(&search));
        }
        self.steps::<true, K, G, R>(&mut search, best, rescues, tolerances, origin, answer)
    }

    /// The rescue of `step`'s trouble (see [`super::rescue`]): its point added (the observer
    /// sees it), or a direction to retry along kept in `rescues`, or the end of the search and
    /// its last step.
    fn rescue<K: Keying<D>>(
        &mut self,
        search: &mut Search<D, K>,
        best: Best<D>,
        rescues: &mut Rescues<D>,
        step: Step<D, K>,
        closing: &Closing,
    ) -> Option<(End, Option<LastStep<D>>)> {
        let Step {
            direction,
            w,
            vv,
            trouble,
        } = step;
        let rescue = match trouble {
            Trouble::Repeated => rescues.stall(search, best, None, vv, closing),
            Trouble::NoProgress(key) => rescues.no_progress(search, w, key, best, vv, closing),
        };
        match rescue {
            Rescue::Added => {
                self.observer
                    .step(search, &direction, &w, StepOutcome::Added);
                None
            }
            Rescue::Retry(d) => {
                rescues.retry = Some(d);
                None
            }
            Rescue::Stop(end, outcome) => Some((end, Some((direction, w, outcome)))),
        }
    }

    /// The search at its start: `start`'s simplex reduced, or the support point towards the
    /// reversed centre of `A - B`, for two points (`two_points`) with the bound the observer
    /// sees (`None` where that is not finite; an `Option`, not a
    /// `Result`: returned in a `Result`, the search was copied twice, W2D-16 distance +116
    /// instructions).
    #[inline(always)]
    fn start<K: Keying<D>>(
        &mut self,
        tolerances: &Tolerances<D>,
        start: Option<(Simplex<D, K>, u32)>,
        two_points: bool,
    ) -> Option<Search<D, K>> {
        if let Some((mut simplex, evaluations)) = start {
            let v = simplex.reduce();
            return Some(Search::fresh(tolerances, simplex, v, evaluations));
        }
        let direction = first_direction(&tolerances.center);
        let (first, key) = K::support(self.pair, &direction);
        // One test for every coordinate; the exact one where the sum is not finite (it may
        // overflow on finite coordinates, which are then the loop's to judge).
        if !finite_sum(first.w.sum() + first.a.sum()) && !finite(&first) {
            return None;
        }
        let mut search = Search::fresh(tolerances, Simplex::single(first, key), first.w, 1);
        if two_points {
            // Two points: the first support point is the answer (see
            // `Search::answer_two_points`), its bound seen by the observer.
            search.lower = robust_norm(&first.w);
        }
        self.observer
            .step(&search, &direction, &first, StepOutcome::Started);
        Some(search)
    }
}

/// The closest point of `search`'s simplex and the support point `w` (its `key`), both seen
/// from a moving origin that moved by `by`: the simplex solved again, not only through `w`
/// (the regions beyond the old closest point are no longer the ones that face the origin).
#[inline(always)]
fn origin_moved<const D: usize, K: Keying<D>>(
    search: &mut Search<D, K>,
    w: SupportPoint<D>,
    key: K,
    by: &Vector<D>,
) -> Vector<D> {
    let simplex = &mut search.simplex;
    simplex.moved(by);
    if simplex.contains(&w.w) {
        return simplex.reduce();
    }
    simplex
        .push_if::<false>(w, key, |_| true)
        .unwrap_or(search.v)
}

/// Why a step whose numbers are not finite stopped: a support point that is not finite, or,
/// from finite ones, an intermediate that overflowed.
#[cold]
fn not_finite<const D: usize>(w: &SupportPoint<D>) -> SearchError {
    if finite(w) {
        SearchError::OutOfRange(super::OVERFLOW)
    } else {
        SearchError::NonFiniteSupport
    }
}

impl<const D: usize, K: Keying<D>> Search<D, K> {
    /// The loop's end as `end` (the cores within `contact` end touching): the certificate, the best lower bound, recorded once; `v`
    /// projected on the simplex's affine hull where a rescue was taken (`rescued`) and the
    /// search converged or stalled (see [`Search::project_v`]): without one, each closest
    /// point is already the origin's projection on its edge or face, computed from the edges;
    /// the `last` step reported to `observer`.
    #[inline(always)]
    fn conclude<O: Observer<D>>(
        &mut self,
        end: End,
        best: Best<D>,
        rescued: bool,
        last: Option<LastStep<D>>,
        observer: &mut O,
        contact: f64,
    ) {
        self.record_best(best);
        if rescued && matches!(end, End::Converged | End::Stalled) {
            self.project_v();
        }
        if let Some((direction, w, outcome)) = last {
            observer.step(self, &direction, &w, outcome);
        }
        self.finish(end, contact);
    }
}
