//! The rescues of the GJK loop ([`super::kernel`]): what a step does where rounding stops the
//! paper's steps, each named after what it answers, each going on from the current simplex:
//! - a support point that repeats with the gap open beyond the rounding of `v`, or a step
//!   that does not bring `v` nearer, is retried once (twice from a dropped point) along a
//!   projected direction ([`Rescues::reproject`]) before rounding has the last word
//!   ([`Rescues::stall`]);
//! - far from the origin, a step that keeps `|v|^2` within its rounding is taken as long as
//!   the gap is open (at most [`MAX_SIDEWAYS`] in a row): the sideways step
//!   ([`Rescues::no_progress`]);
//! - a search that stops without progress answers where its gap is within [`STALL_ULPS`]
//!   units of rounding, and reports that it stalled beyond ([`Closing::stalled_end`]);
//! - two points (shapes of no extent) are answered by their difference alone
//!   ([`Search::answer_two_points`]).

use super::{gap_closed, End, Search, StepOutcome, Tolerances, MAX_SIDEWAYS, STALL_ULPS};
use crate::range::robust_norm;
use crate::simplex::Keying;
use crate::support::{SupportPoint, Vector};

/// The best lower bound so far, `reach / |d|` along the direction `d` (the opposite of a
/// `v`, or a rescue's), as (reach, |d|^2, d).
pub(super) type Best<const D: usize> = Option<(f64, f64, Vector<D>)>;

/// What decides that a search has converged: the gap test's settings (see [`gap_closed`]) and
/// the allowance for rounding of a search that can make no more progress.
pub(super) struct Closing {
    /// The requested tolerance, relative to the distance.
    pub(super) relative_tolerance: f64,
    /// Rounding allowance of the distance bounds (see `Tolerances::rounding`).
    pub(super) rounding: f64,
    /// The sum of the margins.
    pub(super) margin_sum: f64,
    /// A gap below `stall * |v|` is within [`STALL_ULPS`] units of the coordinates' rounding.
    pub(super) stall: f64,
}

impl Closing {
    /// The settings of a search with `tolerances` and the requested `relative_tolerance`.
    #[inline(always)]
    pub(super) fn of<const D: usize>(tolerances: &Tolerances<D>, relative_tolerance: f64) -> Self {
        Closing {
            relative_tolerance,
            rounding: tolerances.rounding,
            margin_sum: tolerances.margin_sum(),
            stall: STALL_ULPS * f64::EPSILON * tolerances.magnitude,
        }
    }

    /// Whether the duality gap `gap` at `|v|^2 = vv` is within the tolerance.
    #[inline(always)]
    pub(super) fn closed(&self, gap: f64, vv: f64) -> bool {
        gap_closed(
            gap,
            vv,
            self.relative_tolerance,
            self.rounding,
            self.margin_sum,
        )
    }

    /// How a search that stops without progress at duality gap `gap` ends: where the gap is
    /// within [`STALL_ULPS`] rounding units of the coordinates' magnitude it is still an answer
    /// (rounding in an ill-conditioned simplex: a curved shape near contact, a sliver), its
    /// lower bound saying how far it is; beyond, it stalled (reported as no convergence).
    fn stalled_end(&self, gap: f64, vv: f64) -> End {
        if gap <= self.stall * vv.sqrt() {
            End::Converged
        } else {
            End::Stalled
        }
    }
}

/// The duality gap at `|v|^2 = vv` with the best lower bound: `(|v| - lower) |v|` (the best
/// is the largest lower bound the search has seen, so no other is needed).
#[cold]
pub(super) fn gap_with<const D: usize>(best: Best<D>, vv: f64) -> f64 {
    let lower = best.map_or(0.0, |(reach, dd, _)| reach / dd.sqrt());
    let v_norm = vv.sqrt();
    (v_norm - lower) * v_norm
}

/// What the rescues remember between steps.
#[derive(Default)]
pub(super) struct Rescues<const D: usize> {
    /// The direction a rescue chose for the next support point, instead of `-v`.
    pub(super) retry: Option<Vector<D>>,
    /// How many stalls have been retried (see [`Rescues::reproject`]).
    retries: u8,
    /// Sideways steps in a row (see [`MAX_SIDEWAYS`]), the last taken at the support
    /// evaluation `last_sideways` (0: none yet).
    sideways: u32,
    last_sideways: u32,
    /// The last support point a rescue's step left out of the simplex although it moved `v`
    /// (rounding: in exact arithmetic every step keeps its new point), for a later stall to
    /// retry from.
    dropped: Option<SupportPoint<D>>,
}

/// What a rescue made of a step.
pub(super) enum Rescue<const D: usize> {
    /// The support point joined the simplex: a sideways step, or a step that the full signed
    /// volumes found to bring `v` nearer where the newest vertex's regions did not.
    Added,
    /// The next support point is taken along this direction.
    Retry(Vector<D>),
    /// The search ends as this, the step's support point having been this.
    Stop(End, StepOutcome),
}

impl<const D: usize, K: Keying<D>> Search<D, K> {
    /// Records `best` as the search's lower bound (kept if better than the one recorded).
    #[inline(always)]
    pub(super) fn record_best(&mut self, best: Best<D>) {
        if let Some((reach, dd, direction)) = best {
            self.record_lower(reach, direction, dd.sqrt());
        }
    }

    /// The answer for two points: the difference is the single point `v`, known exactly (its
    /// squared length may underflow, which the loop relies on: hence no loop).
    #[cold]
    pub(super) fn answer_two_points(&mut self) {
        self.lower = robust_norm(&self.v);
        self.end = if self.lower == 0.0 {
            End::Touching
        } else {
            End::Converged
        };
    }
}

impl<const D: usize> Rescues<D> {
    /// Whether a rescue has been taken: a retry or a sideways step.
    #[inline(always)]
    pub(super) fn taken(&self) -> bool {
        self.retries > 0 || self.last_sideways > 0
    }

    /// Remembers `w`, just added by a rescue, where the simplex's reduction left it out
    /// (rounding: in exact arithmetic every step keeps its new point), for a later stall to
    /// retry from. The newest vertex, when kept, stays the last. (The loop's own steps keep
    /// their point but through the full signed volumes, seldom taken.)
    fn note_dropped<K: Keying<D>>(&mut self, search: &Search<D, K>, w: &SupportPoint<D>) {
        if search.simplex.points().last().is_none_or(|p| p.w != w.w) {
            self.dropped = Some(*w);
        }
    }

    /// The rescue of a stall at `|v|^2 = vv`, the gap open (a repeated support point,
    /// `rejected` None, or a step without progress from `rejected`): the end where the best
    /// lower bound closes the gap, else a direction to retry along (see
    /// [`Rescues::reproject`]), else the end rounding allows.
    pub(super) fn stall<K: Keying<D>>(
        &mut self,
        search: &mut Search<D, K>,
        best: Best<D>,
        rejected: Option<&SupportPoint<D>>,
        vv: f64,
        closing: &Closing,
    ) -> Rescue<D> {
        let outcome = match rejected {
            None => StepOutcome::Repeated,
            Some(_) => StepOutcome::NoProgress,
        };
        search.record_best(best);
        let gap = gap_with(best, vv);
        if closing.closed(gap, vv) {
            return Rescue::Stop(End::Converged, StepOutcome::GapClosed);
        }
        match self.reproject(search, rejected) {
            Some(d) => Rescue::Retry(d),
            None => Rescue::Stop(closing.stalled_end(gap, vv), outcome),
        }
    }

    /// The rescue of a step whose support point `w` would not bring `v` nearer the origin
    /// (`|v|^2 = vv`): far from the origin (coordinates 1e9, |v|^2 1e18) a real step can
    /// shrink |v|^2 by less than its rounding, so a step that keeps it within rounding is
    /// taken too, the gap being open (the new simplex holds a better direction). A step that
    /// leaves `v` unchanged is a cycle, and at most [`MAX_SIDEWAYS`] such steps in a row
    /// are taken (longer cycles). Otherwise the rescue of a stall.
    pub(super) fn no_progress<K: Keying<D>>(
        &mut self,
        search: &mut Search<D, K>,
        w: SupportPoint<D>,
        key: K,
        best: Best<D>,
        vv: f64,
        closing: &Closing,
    ) -> Rescue<D> {
        // The count of sideways steps in a row, ended by any step between them.
        let in_a_row = if self.last_sideways + 1 == search.iterations {
            self.sideways
        } else {
            0
        };
        let current = search.v;
        let taken = search.simplex.push_if::<false>(w, key, |v| {
            let vv_new = v.norm_squared();
            vv_new < vv
                || (vv_new <= vv * (1.0 + 4.0 * f64::EPSILON)
                    && *v != current
                    && in_a_row < MAX_SIDEWAYS)
        });
        let Some(v) = taken else {
            // The simplex is kept as it was.
            return self.stall(search, best, Some(&w), vv, closing);
        };
        if v.norm_squared() >= vv {
            (self.sideways, self.last_sideways) = (in_a_row + 1, search.iterations);
        }
        search.v = v;
        self.note_dropped(search, &w);
        Rescue::Added
    }

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
    fn reproject<K: Keying<D>>(
        &mut self,
        search: &mut Search<D, K>,
        rejected: Option<&SupportPoint<D>>,
    ) -> Option<Vector<D>> {
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
        let before = search.v;
        search.project_v();
        let wider = rejected
            .as_ref()
            .filter(|_| search.simplex.len() <= D)
            .and_then(|w| {
                let mut wider = search.simplex.widened(*w);
                if wider.len() <= D {
                    return Some(wider.projected(&search.v));
                }
                // A full-dimensional simplex: the origin's closest face of it that holds the
                // rejected point (a sliver 1.4e9 long, its edge from the origin to one far
                // corner rejected for rounding of |v| against the edge to the other corner,
                // gave a lower bound 6.4 short beside a touching capsule).
                let v = wider.reduce();
                let holds_w = wider.points().iter().any(|p| p.w == w.w);
                (wider.len() <= D && holds_w).then(|| wider.projected(&v))
            })
            .filter(|p| *p != search.v && robust_norm(p) > 0.0);
        match wider {
            Some(p) => Some(-p),
            None => (first_retry && search.v != before).then(|| -search.v),
        }
    }
}
