//! `cargo run --release -p gjk-bench --bin peers -- [--quick]`: gjk against the C and C++
//! peers on the reference workloads, in one process, single thread, identical pairs
//! (docs/performance-peers.md holds a run):
//! - libccd (Debian's libccd-dev 2.1, f64): the boolean query (its GJK and MPR) and the
//!   penetration depth (its GJK+EPA and MPR), 3D; libccd has no distance query;
//! - Bullet (libbullet-dev 3.24, its f64 build): btGjkEpaSolver2's distance and penetration, 3D;
//! - Box2D (libbox2d-dev 2.4.1, f32 only): b2Distance, and b2TestOverlap's boolean rule, 2D.
//!
//! Each prints a Markdown table of median nanoseconds per query, time ratios (above 1: gjk is
//! faster) and wrong answers against the exact truth.

use std::hint::black_box;

use gjk::shape::ConvexHull;
use gjk::{distance, intersect, penetration, Pose, Vector};
use gjk_bench::data::{load_reference, Body, Workload};
use gjk_bench::median_ns;
use gjk_bench::peers::{ccd_depth, ccd_intersect, Box2dPolygon, BulletHull, CcdMethod};

/// The point clouds of a reference workload's pairs, as flat coordinate lists.
fn clouds(w: &Workload) -> Vec<(&[f64], &[f64])> {
    w.cases
        .iter()
        .map(|c| {
            let Body::Hull(b) = &c.b else {
                unreachable!("reference workloads hold hulls")
            };
            (c.a.as_slice(), b.as_slice())
        })
        .collect()
}

/// gjk's hulls of the pairs.
fn hulls<const D: usize>(w: &Workload) -> Vec<(ConvexHull<D>, ConvexHull<D>)> {
    let hull = |xyz: &[f64]| {
        ConvexHull::new(
            xyz.chunks_exact(D)
                .map(|p| Vector::<D>::from_fn(|k, _| p[k]))
                .collect(),
        )
        .expect("a valid cloud")
    };
    clouds(w).iter().map(|(a, b)| (hull(a), hull(b))).collect()
}

/// How a workload's truth judges answers.
struct Judge<'w> {
    w: &'w Workload,
    /// The pairs whose verdict is judged (those touching within 1e-9 of their size excused).
    judged: Vec<usize>,
    /// The overlapping pairs with an exact depth clear of touching.
    deep: Vec<(usize, f64)>,
}

impl<'w> Judge<'w> {
    fn new(w: &'w Workload) -> Self {
        let judged: Vec<usize> = (0..w.cases.len())
            .filter(|&i| !w.cases[i].truth.verdict_excused)
            .collect();
        let deep = judged
            .iter()
            .filter_map(|&i| w.cases[i].truth.depth.map(|d| (i, d)))
            .filter(|(_, d)| *d > 0.0)
            .collect();
        Self { w, judged, deep }
    }

    /// Wrong verdicts of `overlaps`, over the judged pairs.
    fn verdicts(&self, overlaps: impl Fn(usize) -> bool) -> String {
        let wrong = self
            .judged
            .iter()
            .filter(|&&i| overlaps(i) != self.w.cases[i].truth.intersect)
            .count();
        format!("{wrong} of {}", self.judged.len())
    }

    /// Wrong verdicts of a distance query (`None`: overlapping), and its largest error on the
    /// separated pairs it finds apart.
    fn distances(&self, query: impl Fn(usize) -> Option<f64>) -> String {
        let verdicts = self.verdicts(|i| query(i).is_none_or(|d| d == 0.0));
        let error = self
            .judged
            .iter()
            .filter(|&&i| !self.w.cases[i].truth.intersect)
            .filter_map(|&i| Some((query(i)? - self.w.cases[i].truth.dist?).abs()))
            .fold(0.0, f64::max);
        format!("{verdicts} wrong, max err {error:.1e}")
    }

    /// Depths (`None`: no overlap found) off the exact ones by a relative 1e-5 (the truth files
    /// give depths to 6 digits), over the pairs with an exact depth.
    fn depths(&self, query: impl Fn(usize) -> Option<f64>) -> String {
        let bad = self
            .deep
            .iter()
            .filter(|(i, d)| query(*i).is_none_or(|got| ((got - d) / d).abs() > 1e-5))
            .count();
        format!("{bad} of {}", self.deep.len())
    }
}

/// Median nanoseconds per query of `query` over the pairs `which`.
fn time<T>(rounds: usize, which: &[usize], query: impl Fn(usize) -> T) -> f64 {
    median_ns(rounds, which.len(), || {
        for &i in which {
            black_box(query(i));
        }
    })
}

fn libccd_table(rounds: usize) {
    println!("### libccd 2.1 (f64)\n");
    println!("| workload | query | gjk ns | libccd GJK ns | libccd MPR ns | GJK / gjk | MPR / gjk | wrong answers gjk / GJK / MPR |");
    println!("|---|---|--:|--:|--:|--:|--:|---|");
    let id = Pose::<3>::identity();
    for name in ["W3D-8", "W3D-32", "W3D-128", "WDEG-3D"] {
        let w = load_reference(name);
        let (clouds, hulls) = (clouds(&w), hulls::<3>(&w));
        let judge = Judge::new(&w);
        let all: Vec<usize> = (0..w.cases.len()).collect();
        let overlapping = w.overlapping();
        let ours = |i: usize| intersect(&hulls[i].0, &id, &hulls[i].1, &id).unwrap_or(false);
        let ccd = |i: usize, m| ccd_intersect(clouds[i].0, clouds[i].1, m);
        let t = [
            time(rounds, &all, ours),
            time(rounds, &all, |i| ccd(i, CcdMethod::Gjk)),
            time(rounds, &all, |i| ccd(i, CcdMethod::Mpr)),
        ];
        println!(
            "| {name} | intersect ({} pairs) | {:.0} | {:.0} | {:.0} | {:.2} | {:.2} | {} / {} / {} wrong verdicts |",
            all.len(), t[0], t[1], t[2], t[1] / t[0], t[2] / t[0],
            judge.verdicts(ours), judge.verdicts(|i| ccd(i, CcdMethod::Gjk)), judge.verdicts(|i| ccd(i, CcdMethod::Mpr)),
        );
        let ours = |i: usize| {
            penetration(&hulls[i].0, &id, &hulls[i].1, &id)
                .ok()
                .map(|r| -r.signed_distance)
        };
        let ccd = |i: usize, m| ccd_depth(clouds[i].0, clouds[i].1, m);
        let t = [
            time(rounds, &overlapping, ours),
            time(rounds, &overlapping, |i| ccd(i, CcdMethod::Gjk)),
            time(rounds, &overlapping, |i| ccd(i, CcdMethod::Mpr)),
        ];
        println!(
            "| {name} | penetration ({} overlapping) | {:.0} | {:.0} | {:.0} | {:.2} | {:.2} | {} / {} / {} depths off by > 1e-5 |",
            overlapping.len(), t[0], t[1], t[2], t[1] / t[0], t[2] / t[0],
            judge.depths(ours), judge.depths(|i| ccd(i, CcdMethod::Gjk)), judge.depths(|i| ccd(i, CcdMethod::Mpr)),
        );
    }
}

fn bullet_table(rounds: usize) {
    println!("### Bullet 3.24 btGjkEpaSolver2 (f64 build)\n");
    println!(
        "| workload | query | gjk ns | Bullet ns | Bullet / gjk | wrong answers gjk / Bullet |"
    );
    println!("|---|---|--:|--:|--:|---|");
    let id = Pose::<3>::identity();
    for name in ["W3D-8", "W3D-32", "W3D-128", "WDEG-3D"] {
        let w = load_reference(name);
        let hulls = hulls::<3>(&w);
        let bullet: Vec<_> = clouds(&w)
            .iter()
            .map(|(a, b)| (BulletHull::new(a), BulletHull::new(b)))
            .collect();
        let judge = Judge::new(&w);
        let all: Vec<usize> = (0..w.cases.len()).collect();
        let overlapping = w.overlapping();
        let ours = |i: usize| {
            distance(&hulls[i].0, &id, &hulls[i].1, &id)
                .ok()
                .filter(|r| !r.intersecting)
                .map(|r| r.distance)
        };
        let theirs = |i: usize| bullet[i].0.distance(&bullet[i].1);
        let t = [time(rounds, &all, ours), time(rounds, &all, theirs)];
        println!(
            "| {name} | distance ({} pairs) | {:.0} | {:.0} | {:.2} | {} / {} |",
            all.len(),
            t[0],
            t[1],
            t[1] / t[0],
            judge.distances(ours),
            judge.distances(theirs),
        );
        let ours = |i: usize| {
            penetration(&hulls[i].0, &id, &hulls[i].1, &id)
                .ok()
                .map(|r| -r.signed_distance)
        };
        let theirs = |i: usize| bullet[i].0.depth(&bullet[i].1);
        let t = [
            time(rounds, &overlapping, ours),
            time(rounds, &overlapping, theirs),
        ];
        println!(
            "| {name} | penetration ({} overlapping) | {:.0} | {:.0} | {:.2} | {} / {} depths off by > 1e-5 |",
            overlapping.len(), t[0], t[1], t[1] / t[0], judge.depths(ours), judge.depths(theirs),
        );
    }
}

fn box2d_table(rounds: usize) {
    println!("### Box2D 2.4.1 b2Distance (f32)\n");
    println!("| workload | query | gjk ns | Box2D ns | Box2D / gjk | wrong answers gjk / Box2D |");
    println!("|---|---|--:|--:|--:|---|");
    let id = Pose::<2>::identity();
    for name in ["W2D-4", "W2D-16", "W2D-64", "WDEG-2D"] {
        let w = load_reference(name);
        let hulls = hulls::<2>(&w);
        let box2d: Vec<_> = clouds(&w)
            .iter()
            .map(|(a, b)| (Box2dPolygon::new(a), Box2dPolygon::new(b)))
            .collect();
        let judge = Judge::new(&w);
        let all: Vec<usize> = (0..w.cases.len()).collect();
        let ours = |i: usize| intersect(&hulls[i].0, &id, &hulls[i].1, &id).unwrap_or(false);
        let theirs = |i: usize| box2d[i].0.overlaps(&box2d[i].1);
        let t = [time(rounds, &all, ours), time(rounds, &all, theirs)];
        println!(
            "| {name} | intersect ({} pairs) | {:.0} | {:.0} | {:.2} | {} / {} wrong verdicts |",
            all.len(),
            t[0],
            t[1],
            t[1] / t[0],
            judge.verdicts(ours),
            judge.verdicts(theirs),
        );
        let ours = |i: usize| {
            distance(&hulls[i].0, &id, &hulls[i].1, &id)
                .ok()
                .filter(|r| !r.intersecting)
                .map(|r| r.distance)
        };
        let theirs = |i: usize| Some(box2d[i].0.distance(&box2d[i].1));
        let t = [time(rounds, &all, ours), time(rounds, &all, theirs)];
        println!(
            "| {name} | distance ({} pairs) | {:.0} | {:.0} | {:.2} | {} / {} |",
            all.len(),
            t[0],
            t[1],
            t[1] / t[0],
            judge.distances(ours),
            judge.distances(theirs),
        );
    }
}

fn main() {
    let rounds = if std::env::args().any(|a| a == "--quick") {
        3
    } else {
        15
    };
    libccd_table(rounds);
    println!();
    bullet_table(rounds);
    println!();
    box2d_table(rounds);
    println!();
    println!("Median of {rounds} rounds; `cargo run --release -p gjk-bench --bin peers`.");
}
