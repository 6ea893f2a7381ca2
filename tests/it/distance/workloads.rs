//! Accuracy against the exact answers of the reference workloads (tests/data, computed with
//! exact rational arithmetic), scored as tests/data/README.md says.

use crate::common::{
    distance_allowance, load_workload, verdict_excused, Case, Workload, WORKLOADS,
};
use gjk::shape::ConvexHull;
use gjk::{
    distance, intersect, penetration, DistanceResult, PenetrationResult, Pose, Support, Vector,
};

fn hull<const D: usize>(flat: &[f64]) -> ConvexHull<D> {
    ConvexHull::new(flat.chunks(D).map(Vector::<D>::from_column_slice).collect()).unwrap()
}

/// The score of one workload, as tests/data/README.md defines it, and what failed.
#[derive(Default)]
struct Score {
    depths_checked: usize,
    max_depth_error: f64,
    wrong_verdicts: usize,
    excused_verdicts: usize,
    max_abs_error: f64,
    max_error_over_allowance: f64,
    failures: Vec<String>,
}

fn score<const D: usize>(w: &Workload) -> Score {
    let mut s = Score::default();
    let id = Pose::<D>::identity();
    for c in &w.cases {
        let (a, b) = (hull::<D>(&c.a), hull::<D>(&c.b));
        let r =
            distance(&a, &id, &b, &id).unwrap_or_else(|e| panic!("{} #{}: {e}", w.name, c.index));
        let verdict = intersect(&a, &id, &b, &id).unwrap();
        s.verdict(w, c, verdict, &r);
        let allowance = distance_allowance(c);
        s.distance(w, c, &r, allowance);
        // Penetration: the distance again when apart; the exact depth when overlapping, with a
        // normal along which the support functions confirm it (h_A(n) + h_B(-n) = depth).
        let p = penetration(&a, &id, &b, &id)
            .unwrap_or_else(|e| panic!("{} #{}: {e}", w.name, c.index));
        assert_eq!(p.intersecting, r.intersecting, "{} #{}", w.name, c.index);
        if !p.intersecting {
            assert_eq!(p.signed_distance, r.distance, "{} #{}", w.name, c.index);
        } else {
            s.depth(w, c, (&a, &b), &p, allowance);
        }
    }
    s
}

impl Score {
    /// The verdict of `intersect()` agrees with `distance()`'s (`r`), and with the exact one
    /// unless [`verdict_excused`].
    fn verdict<const D: usize>(
        &mut self,
        w: &Workload,
        c: &Case,
        verdict: bool,
        r: &DistanceResult<D>,
    ) {
        if verdict != r.intersecting {
            self.failures.push(format!(
                "{} #{} ({}): intersect() says {verdict}, distance() says {}",
                w.name, c.index, c.category, r.intersecting
            ));
        }
        if verdict != c.intersect {
            if verdict_excused(c) {
                self.excused_verdicts += 1;
                println!(
                    "  excused: {} #{} ({}): verdict {verdict}, exact {} (dist {:e}, pd {:?}, ours {:e})",
                    w.name, c.index, c.category, c.intersect, c.dist, c.pd, r.distance
                );
            } else {
                self.wrong_verdicts += 1;
                self.failures.push(format!(
                    "{} #{} ({}): verdict {verdict}, exact {} (dist {:e}, pd {:?})",
                    w.name, c.index, c.category, c.intersect, c.dist, c.pd
                ));
            }
        }
    }

    /// The distance within `allowance` of the exact one, the lower bound below it, and the
    /// closest points as far apart as the distance.
    fn distance<const D: usize>(
        &mut self,
        w: &Workload,
        c: &Case,
        r: &DistanceResult<D>,
        allowance: f64,
    ) {
        let error = (r.distance - c.dist).abs();
        self.max_abs_error = self.max_abs_error.max(error);
        self.max_error_over_allowance = self.max_error_over_allowance.max(error / allowance);
        if error > allowance {
            self.failures.push(format!(
                "{} #{} ({}): distance {:e}, exact {:e}, error {:e} > allowance {:e}",
                w.name, c.index, c.category, r.distance, c.dist, error, allowance
            ));
        }
        if !(r.lower_bound <= c.dist && r.lower_bound >= 0.0) {
            self.failures.push(format!(
                "{} #{} ({}): lower bound {:e} above the exact distance {:e}",
                w.name, c.index, c.category, r.lower_bound, c.dist
            ));
        }
        // The closest points are as far apart as the reported distance; when the shapes
        // intersect they are one common point, to within 1e-9 of the shapes' size (the weights
        // of an enclosing simplex are ill-conditioned when it is as thin as the overlap).
        let gap = (r.point_a - r.point_b).norm();
        let slack = if r.intersecting {
            1e-9 * c.size
        } else {
            1e-12 * c.size
        };
        if (gap - r.distance).abs() > allowance + slack {
            self.failures.push(format!(
                "{} #{} ({}): |point_a - point_b| = {:e} but distance {:e}",
                w.name, c.index, c.category, gap, r.distance
            ));
        }
    }

    /// The depth `p` of overlapping hulls `a` and `b`: confirmed by their supports along its
    /// normal, and against the exact depth (or its upper bound) of the truth file.
    fn depth<const D: usize>(
        &mut self,
        w: &Workload,
        c: &Case,
        (a, b): (&ConvexHull<D>, &ConvexHull<D>),
        p: &PenetrationResult<D>,
        allowance: f64,
    ) {
        let depth = -p.signed_distance;
        let n = p.normal;
        let support_depth = a.support(&n).dot(&n) - b.support(&-n).dot(&n);
        if (support_depth - depth).abs() > allowance {
            self.failures.push(format!(
                "{} #{} ({}): depth {depth:e} but the support along the normal gives {support_depth:e}",
                w.name, c.index, c.category
            ));
        }
        let (Some(pd), true) = (c.pd, c.intersect) else {
            return;
        };
        let exact = c.pd_exact;
        let error = depth - pd;
        // The truth files print depths to 6 significant digits: compare to that; the
        // support check above certifies our depth to full precision.
        let printed = 5e-6 * pd;
        let wrong = if exact {
            error.abs() > printed + allowance
        } else {
            error > printed + allowance
        };
        if exact && pd > 1e-9 * c.size {
            self.depths_checked += 1;
            self.max_depth_error = self.max_depth_error.max(error.abs() / pd);
        }
        if wrong {
            self.failures.push(format!(
                "{} #{} ({}): depth {depth:e}, exact {pd:e} ({})",
                w.name,
                c.index,
                c.category,
                if exact { "exact" } else { "upper bound" }
            ));
        }
    }
}

#[test]
fn reference_workloads_are_answered_exactly() {
    let mut failures = vec![];
    for name in WORKLOADS {
        let w = load_workload(name);
        let s = match w.dim {
            2 => score::<2>(&w),
            3 => score::<3>(&w),
            d => panic!("{name}: dimension {d}"),
        };
        println!(
            "{name:8} pairs {:5}  wrong verdicts {}  excused near-touching {}  max |error| {:.3e}  max error/allowance {:.3}  exact depths {} max relative depth difference {:.2e} (6-digit truth)",
            w.cases.len(),
            s.wrong_verdicts,
            s.excused_verdicts,
            s.max_abs_error,
            s.max_error_over_allowance,
            s.depths_checked,
            s.max_depth_error
        );
        failures.extend(s.failures);
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Exact mode on every reference pair, against the exact answers (CGAL's, in exact rationals):
/// the verdict right on every pair, near-touching ones included (the default excuses them),
/// never a tolerance call, and the exact distance rounded to nearest within the interval (the
/// rounding of a number within two doubles lies within them).
#[test]
fn exact_mode_answers_every_reference_pair_exactly() {
    fn check<const D: usize>(w: &Workload) -> Vec<String> {
        let (id, exact) = (
            Pose::<D>::identity(),
            gjk::QueryOptions {
                exact: true,
                ..Default::default()
            },
        );
        let mut failures = vec![];
        for c in &w.cases {
            let (a, b) = (hull::<D>(&c.a), hull::<D>(&c.b));
            let r = gjk::distance_with(&a, &id, &b, &id, &exact).unwrap();
            let verdict = gjk::intersect_with(&a, &id, &b, &id, &exact).unwrap();
            let ok = r.intersecting == c.intersect
                && verdict == c.intersect
                && !r.tolerance_call
                && r.lower_bound <= c.dist
                && c.dist <= r.distance;
            if !ok {
                failures.push(format!(
                    "{} #{} ({}): exact {} {:e}, got {verdict} {r:?}",
                    w.name, c.index, c.category, c.intersect, c.dist
                ));
            }
        }
        failures
    }
    let mut failures = vec![];
    for name in WORKLOADS {
        let w = load_workload(name);
        failures.extend(if w.dim == 2 {
            check::<2>(&w)
        } else {
            check::<3>(&w)
        });
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
