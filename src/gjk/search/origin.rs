//! The point the GJK loop searches towards: the origin itself, for the distance, penetration
//! and boolean queries, or a point that steps along a ray, for van den Bergen's GJK ray cast
//! ("Ray casting against general convex objects with application to continuous collision
//! detection", 2004), which is the same loop with one more step.
//!
//! The loop sees `A - B` from its origin: a support point `w` is seen as `w - x` from the
//! ray's point `x`, a support point of `A` less `B` moved on by `x`. At the termination step a moving origin
//! may step: the support point's plane `v . c >= v . w` holds all of `A - B`; while `x` lies
//! beyond it by more than the contact tolerance, `x` moves along the ray onto the plane (no
//! point of the ray before it touches `A - B`), or the cast misses where the ray does not
//! reach the plane. After a step the simplex, seen from the new point, is solved again
//! ([`super::kernel`]); the loop ends where `x` is within contact of `A - B`.

use super::End;
use crate::support::{SupportPoint, Vector};

/// What the origin made of a step's support point at the termination step.
pub(crate) enum Advance<const D: usize> {
    /// It stays: the loop's own termination tests follow.
    Stays,
    /// It moved by this: the simplex and the support point are seen from it anew.
    Moved(Vector<D>),
    /// The loop ends as this.
    Ends(End),
}

/// The point the GJK loop searches towards (see the module notes).
pub(crate) trait Origin<const D: usize> {
    /// Whether it can move: a fixed origin compiles its steps away.
    const MOVES: bool;

    /// The support point `w` of `A - B`, seen from this point.
    fn seen(&self, w: SupportPoint<D>) -> SupportPoint<D>;

    /// Whether the loop has reached `A - B`, its closest point `|v|^2 = vv` from this point:
    /// within `exit` of it for a fixed origin.
    fn reached(&self, vv: f64, exit: f64) -> bool;

    /// The termination step of a moving origin, at the closest point `v` (`|v|^2 = vv`), the
    /// support point along `-v` being `reach = v . w` along it.
    fn advance(&mut self, v: &Vector<D>, vv: f64, reach: f64) -> Advance<D>;
}

/// The origin of `A - B`, where it stays: the distance, penetration and boolean queries.
pub(crate) struct Fixed;

impl<const D: usize> Origin<D> for Fixed {
    const MOVES: bool = false;

    #[inline(always)]
    fn seen(&self, w: SupportPoint<D>) -> SupportPoint<D> {
        w
    }

    #[inline(always)]
    fn reached(&self, vv: f64, exit: f64) -> bool {
        vv <= exit * exit
    }

    #[inline(always)]
    fn advance(&mut self, _: &Vector<D>, _: f64, _: f64) -> Advance<D> {
        Advance::Stays
    }
}
