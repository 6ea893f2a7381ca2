//! Keeping the contact points a solver needs: the deepest, then those spanning the largest
//! area (in 3D) or length (in 2D) with it.

use super::clip::turn;
use super::ContactPoint;

/// A candidate contact point with its coordinates on the contact plane.
pub(crate) type Candidate<const D: usize> = (ContactPoint<D>, [f64; 2]);

/// At most `keep` of `candidates` (2 or 4), the deepest (the first of the deepest) first: then
/// the farthest from it, then, for 4, the one spanning the largest triangle with those two and
/// the one adding the most area to it. Ties go to the earlier candidate, so that the same
/// candidates give the same points; a caller keeping fewer keeps the deepest.
pub(crate) fn reduce<const D: usize>(
    mut candidates: Vec<Candidate<D>>,
    keep: usize,
) -> Vec<ContactPoint<D>> {
    let deepest = best(&candidates, &[], |(p, _)| -p.separation);
    if candidates.len() <= keep {
        if deepest != usize::MAX {
            candidates[..=deepest].rotate_right(1);
        }
        return candidates.into_iter().map(|(p, _)| p).collect();
    }
    let origin = candidates[deepest].1;
    let farthest = best(&candidates, &[deepest], |(_, at)| {
        (at[0] - origin[0]).powi(2) + (at[1] - origin[1]).powi(2)
    });
    let mut chosen = vec![deepest, farthest];
    if keep == 4 {
        let far = candidates[farthest].1;
        let third = best(&candidates, &chosen, |(_, at)| {
            turn(&origin, &far, at).abs()
        });
        chosen.push(third);
        let corners = [origin, far, candidates[third].1];
        let fourth = best(&candidates, &chosen, |(_, at)| hull_area(&corners, at));
        chosen.push(fourth);
    }
    chosen.into_iter().map(|i| candidates[i].0).collect()
}

/// The index of the candidate not in `taken` with the largest `score`, the first among equals.
fn best<const D: usize>(
    candidates: &[Candidate<D>],
    taken: &[usize],
    score: impl Fn(&Candidate<D>) -> f64,
) -> usize {
    let mut best = (usize::MAX, f64::NEG_INFINITY);
    for (i, c) in candidates.iter().enumerate() {
        let s = score(c);
        if !taken.contains(&i) && (best.0 == usize::MAX || s > best.1) {
            best = (i, s);
        }
    }
    best.0
}

/// Twice the area of the convex hull of the triangle `corners` and the point `at`: the
/// triangle's, plus the triangles `at` makes with the sides it lies outside of.
fn hull_area(corners: &[[f64; 2]; 3], at: &[f64; 2]) -> f64 {
    let orientation = turn(&corners[0], &corners[1], &corners[2]).signum();
    let triangle = turn(&corners[0], &corners[1], &corners[2]).abs();
    let outside: f64 = (0..3)
        .map(|k| {
            let side = turn(&corners[k], &corners[(k + 1) % 3], at) * orientation;
            (-side).max(0.0)
        })
        .fold(0.0, f64::max);
    triangle + outside
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support::Vector;

    fn candidate(x: f64, y: f64, separation: f64) -> Candidate<2> {
        let point = Vector::<2>::new(x, y);
        let contact = ContactPoint {
            point_a: point,
            point_b: point,
            separation,
            id: 0,
        };
        (contact, [x, y])
    }

    /// An octagon at equal depth gives four of its vertices spanning a square-like quad.
    #[test]
    fn an_octagon_keeps_four_points_spanning_most_of_it() {
        let octagon: Vec<_> = (0..8)
            .map(|k| {
                let (s, c) = (std::f64::consts::TAU * k as f64 / 8.0).sin_cos();
                candidate(c, s, if k == 3 { -0.1 } else { 0.0 })
            })
            .collect();
        let kept = reduce(octagon, 4);
        assert_eq!(kept.len(), 4);
        assert_eq!(kept[0].separation, -0.1);
        let area = {
            let at: Vec<[f64; 2]> = kept.iter().map(|p| [p.point_a[0], p.point_a[1]]).collect();
            let mut hull_order = at.clone();
            let c = [0.0, 0.0];
            hull_order.sort_by(|p, q| {
                (p[1] - c[1])
                    .atan2(p[0] - c[0])
                    .total_cmp(&(q[1] - c[1]).atan2(q[0] - c[0]))
            });
            (0..4)
                .map(|k| turn(&c, &hull_order[k], &hull_order[(k + 1) % 4]))
                .sum::<f64>()
        };
        // The largest quad inscribed in the unit octagon is the square of area 2 (twice: 4).
        assert!((area - 4.0).abs() < 1e-12, "{area}");
    }

    #[test]
    fn two_points_are_the_deepest_and_the_farthest_from_it() {
        let kept = reduce(
            vec![
                candidate(0.0, 0.0, 0.0),
                candidate(1.0, 0.0, -0.5),
                candidate(3.0, 0.0, 0.0),
                candidate(-1.5, 0.0, 0.0),
            ],
            2,
        );
        let xs: Vec<_> = kept.iter().map(|p| p.point_a[0]).collect();
        assert_eq!(xs, vec![1.0, -1.5]);
        let few = reduce(vec![candidate(0.0, 0.0, 0.0), candidate(1.0, 0.0, -0.5)], 4);
        assert_eq!(few[0].separation, -0.5, "the deepest first");
    }
}
