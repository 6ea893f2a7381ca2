//! The lean GJK loop: the paper's steps and nothing else, certified once at the end.
//!
//! Most queries converge in a few steps with none of the rescues the robust loop
//! ([`Run::robust`]) carries through every step: its best lower bound (a square root and a
//! division a step), its retries along projected directions, its sideways steps, its
//! observer. This loop runs the steps of Gilbert, Johnson and Keerthi in their plainest form:
//!
//! 1. *support point*: `w`, the support point of `A - B` in direction `-v`;
//! 2. *bounds*: `|v|^2` and `v . w`, whose difference (the duality gap) bounds the error of
//!    `|v|` by `gap / |v|`;
//! 3. *termination*: the cores within contact (intersecting), a separating direction (the
//!    boolean query), or the gap within the tolerance (converged);
//! 4. *add*: `w` joins the simplex;
//! 5. *reduce*: the simplex keeps the vertices of its point closest to the origin, the new `v`.
//!
//! Nothing is certified during the loop; the answer is, once, at the end: the best
//! `v . w / |v|` of the support points is the lower bound, and the gap that closed is the
//! certificate. At
//! the first sign of trouble (a support point that repeats with the gap open beyond the
//! rounding of `v`, a step that does not bring `v` nearer, a number that is not finite, two
//! points with no extent) the loop hands the pair to the robust search ([`Run::robust`]),
//! which goes on from the loop's simplex with the evaluations left (its rescues are made for
//! that simplex: starting afresh spent 57 more support points on two flat ellipsoids, and ran
//! out of them), or starts afresh where a number was not finite.
//!
//! The best lower bound is kept as the robust search keeps it, but compared without a
//! division: `v_i . w_i / |v_i|` against the best's, squared and cross-multiplied.

use super::{
    finite_sum, first_direction, gap_closed, End, Mode, Observer, Run, Search, StepOutcome,
    Tolerances, STALL_ULPS,
};
use crate::error::SearchError;
use crate::simplex::{Keying, Simplex};
use crate::support::{Support, SupportPoint, Vector};

/// The step that ended the lean loop, for the observer: the direction, the support point found
/// along it, and what became of it.
type LastStep<const D: usize> = (Vector<D>, SupportPoint<D>, StepOutcome);

/// How the lean loop ended: with an answer, or handing the pair to the robust search (from
/// the loop's simplex, or afresh where a number was not finite).
enum Finish<const D: usize, K> {
    /// The search ended as `End`, after the step, if any, that the observer is yet to see.
    End(End, Option<LastStep<D>>),
    /// The robust search takes over.
    HandOver(Option<Simplex<D, K>>),
}

impl<const D: usize, A, B, O> Run<'_, '_, D, A, B, O>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
    O: Observer<D>,
{
    /// The lean loop, from `start` (a warm start's simplex and the support evaluations it
    /// cost) or else the support point towards the reversed centre of `A - B`, answered by
    /// `answer` from the finished search, its own or, where it hands the pair over, the
    /// robust search's (see [`Run::hand_over`]).
    #[inline(always)]
    pub(super) fn lean<K: Keying<D>, R>(
        mut self,
        tolerances: &Tolerances<D>,
        start: Option<(Simplex<D, K>, u32)>,
        answer: impl FnOnce(&Search<D, K>) -> R,
    ) -> Result<R, SearchError> {
        let (pair, options, mode) = (self.pair, self.options, self.mode);
        if pair.extent() == 0.0 {
            // Two points: the robust search answers them exactly.
            let (simplex, spent) = start.map_or((None, 0), |(s, spent)| (Some(s), spent));
            return self.hand_over(simplex, spent).map(|s| answer(&s));
        }
        let Tolerances {
            separating,
            rounding,
            contact,
            magnitude,
            ..
        } = *tolerances;
        let margin_sum = tolerances.margin_sum();
        let exit = tolerances.exit(mode);
        let beyond = contact + separating;
        let stall = STALL_ULPS * f64::EPSILON * magnitude;

        let Some(mut search) = self.lean_start(tolerances, start) else {
            return self.hand_over(None, 1).map(|s| answer(&s));
        };
        // The best lower bound so far, `reach / |v|`, as (reach, |v|^2, v).
        let mut best: Option<(f64, f64, Vector<D>)> = None;
        let finish = loop {
            let vv = search.v.norm_squared();
            if vv <= exit * exit {
                break Finish::End(End::Touching, None);
            }
            if search.iterations >= options.max_iterations {
                break Finish::End(End::IterationCap, None);
            }
            // Support point.
            search.iterations += 1;
            let direction = -search.v;
            let (w, key) = K::support(pair, &direction);
            // Bounds.
            let vw = search.v.dot(&w.w);
            // A component of `w` that is not finite (so also one of `a` or `b`: `w = a - b`)
            // makes `v . w` not finite, `v` being finite and not zero: infinity times a
            // component of `v` is infinite or (times 0) NaN.
            if !finite_sum(vw + vv) {
                break Finish::HandOver(None);
            }
            if vw > 0.0 && best.is_none_or(|(reach, rr, _)| vw * vw * rr > reach * reach * vv) {
                best = Some((vw, vv, search.v));
            }
            // Termination.
            if mode == Mode::Boolean && vw > 0.0 && vw * vw > beyond * beyond * vv {
                break Finish::End(End::Separated, None);
            }
            let gap = vv - vw;
            if gap_closed(gap, vv, options.relative_tolerance, rounding, margin_sum) {
                break Finish::End(End::Converged, Some((direction, w, StepOutcome::GapClosed)));
            }
            if search.simplex.contains(&w.w) {
                // The gap is open, yet no point of `A - B` lies further along `-v`: in exact
                // arithmetic it would be closed, and what is left is the rounding of `v`, an
                // interpolation between vertices far larger than the gap. Within the robust
                // search's allowance for rounding (see `STALL_ULPS`) this is its answer too,
                // with `v` projected; beyond, the robust search tries again.
                if gap * gap > stall * stall * vv {
                    break Finish::HandOver(Some(search.simplex));
                }
                break Finish::End(End::Converged, Some((direction, w, StepOutcome::Repeated)));
            }
            // Add, and reduce.
            match search
                .simplex
                .push_if::<true>(w, key, |u| u.norm_squared() < vv)
            {
                Some(u) => search.v = u,
                None => break Finish::HandOver(Some(search.simplex)),
            }
            self.observer
                .step(&search, &direction, &w, StepOutcome::Added);
        };
        match finish {
            Finish::End(end, last) => {
                search.conclude(end, best, last, self.observer, contact);
                Ok(answer(&search))
            }
            Finish::HandOver(simplex) => {
                let spent = search.iterations;
                self.hand_over(simplex, spent).map(|s| answer(&s))
            }
        }
    }

    /// The lean loop's start: `start`'s simplex reduced, or the support point towards the
    /// reversed centre of `A - B` (`None` where it is not finite).
    #[inline(always)]
    fn lean_start<K: Keying<D>>(
        &mut self,
        tolerances: &Tolerances<D>,
        start: Option<(Simplex<D, K>, u32)>,
    ) -> Option<Search<D, K>> {
        if let Some((mut simplex, evaluations)) = start {
            let v = simplex.reduce();
            return Some(Search::fresh(tolerances, simplex, v, evaluations));
        }
        let direction = first_direction(&tolerances.center);
        let (first, key) = K::support(self.pair, &direction);
        if !finite_sum(first.w.sum() + first.a.sum()) {
            return None;
        }
        let search = Search::fresh(tolerances, Simplex::single(first, key), first.w, 1);
        self.observer
            .step(&search, &direction, &first, StepOutcome::Started);
        Some(search)
    }

    /// The robust search ([`Run::robust`]) takes the pair over from the lean loop after
    /// `spent` support evaluations (at most `options.max_iterations`): it goes on from the
    /// lean loop's `simplex`, or starts afresh where there is none (a number was not finite, or
    /// two points). Kept out of the lean loop, which it seldom ends.
    #[cold]
    #[inline(never)]
    fn hand_over<K: Keying<D>>(
        self,
        simplex: Option<Simplex<D, K>>,
        spent: u32,
    ) -> Result<Search<D, K>, SearchError> {
        let start = simplex.map(|simplex| (simplex, spent));
        self.robust(start, spent)
    }
}

impl<const D: usize, K: Keying<D>> Search<D, K> {
    /// The lean loop's end as `end` (the cores within `contact` end touching): the
    /// certificate, the best lower bound (`reach / |v|`, as (reach, |v|^2, v)), recorded
    /// once; the `last` step reported to `observer`. `v` is not projected again (as the
    /// robust loop projects it, see [`Search::project_v`]): each of the lean loop's closest
    /// points is already the origin's projection on its edge or face, computed from the edges.
    #[inline(always)]
    fn conclude<O: Observer<D>>(
        &mut self,
        end: End,
        best: Option<(f64, f64, Vector<D>)>,
        last: Option<LastStep<D>>,
        observer: &mut O,
        contact: f64,
    ) {
        if let Some((reach, rr, v)) = best {
            self.record_lower(reach, -v, rr.sqrt());
        }
        if let Some((direction, w, outcome)) = last {
            observer.step(self, &direction, &w, outcome);
        }
        self.finish(end, contact);
    }
}
