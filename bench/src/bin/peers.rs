//! `cargo run --release -p gjk-bench --bin peers -- [--quick | --rounds N]`: gjk against the C and C++
//! peers on the reference workloads, in one process, single thread, identical pairs
//! (docs/performance-peers.md holds a run):
//! - libccd (Debian's libccd-dev 2.1, f64): the boolean query (its GJK and MPR) and the
//!   penetration depth (its GJK+EPA and MPR), 3D; libccd has no distance query;
//! - Bullet (libbullet-dev 3.24, its f64 build): btGjkEpaSolver2's distance and penetration, 3D;
//! - Box2D (libbox2d-dev 2.4.1, f32 only): b2Distance, and b2TestOverlap's boolean rule, 2D.
//!
//! Each prints a Markdown table of nanoseconds per query (median over the rounds, with the
//! minimum and maximum), the ratios of the medians (above 1: gjk is faster) and wrong answers
//! against the exact truth. The libraries compared in a row run in the same rounds, in a
//! rotating order (as the main benchmark's), so that they share the machine's load alike.
//! `scripts/bench.sh` puts the tables in docs/performance.md.

use std::hint::black_box;

use gjk::shape::ConvexHull;
use gjk::{distance, intersect, penetration, Pose, Vector};
use gjk_bench::data::{load_reference, Workload};
use gjk_bench::peers::{Box2dPolygon, BulletHull, CcdCloud, CcdMethod};
use gjk_bench::{time_rotating, Stats};

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
    w.hull_pairs().map(|(a, b)| (hull(a), hull(b))).collect()
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

/// Nanoseconds per query of each of `queries` over the pairs `which`, in the same rounds.
fn time(rounds: usize, which: &[usize], queries: &[&dyn Fn(usize)]) -> Vec<Stats> {
    let passes: Vec<Box<dyn Fn()>> = queries
        .iter()
        .map(|query| {
            let pass = move || {
                for &i in which {
                    query(i);
                }
            };
            Box::new(pass) as Box<dyn Fn()>
        })
        .collect();
    let passes: Vec<(&dyn Fn(), usize)> = passes.iter().map(|p| (&**p, which.len())).collect();
    time_rotating(rounds, &passes)
}

/// `query` with its answer kept from the optimizer.
fn timed<T>(query: impl Fn(usize) -> T) -> impl Fn(usize) {
    move |i| {
        black_box(query(i));
    }
}

/// The cells of a row: each library's time, then each peer's ratio of medians to gjk's
/// (the first).
fn cells(t: &[Stats]) -> String {
    let times: Vec<String> = t.iter().map(Stats::cell).collect();
    let ratios: Vec<String> = t[1..]
        .iter()
        .map(|s| format!("{:.2}", s.median / t[0].median))
        .collect();
    format!("{} | {}", times.join(" | "), ratios.join(" | "))
}

fn libccd_table(rounds: usize) {
    println!("### libccd 2.1 (f64)\n");
    println!("| workload | query | gjk ns | libccd GJK ns | libccd MPR ns | libccd GJK / gjk | libccd MPR / gjk | wrong answers gjk / GJK / MPR |");
    println!("|---|---|--:|--:|--:|--:|--:|---|");
    let id = Pose::<3>::identity();
    for name in ["W3D-8", "W3D-32", "W3D-128", "WDEG-3D"] {
        let w = load_reference(name);
        let hulls = hulls::<3>(&w);
        let ccd_pairs: Vec<_> = w
            .hull_pairs()
            .map(|(a, b)| (CcdCloud::new(a), CcdCloud::new(b)))
            .collect();
        let judge = Judge::new(&w);
        let all: Vec<usize> = (0..w.cases.len()).collect();
        let overlapping = w.overlapping();
        let ours = |i: usize| intersect(&hulls[i].0, &id, &hulls[i].1, &id).unwrap_or(false);
        let ccd = |i: usize, m| ccd_pairs[i].0.intersects(&ccd_pairs[i].1, m);
        let t = time(
            rounds,
            &all,
            &[
                &timed(ours),
                &timed(|i| ccd(i, CcdMethod::Gjk)),
                &timed(|i| ccd(i, CcdMethod::Mpr)),
            ],
        );
        println!(
            "| {name} | intersect ({} pairs) | {} | {} / {} / {} wrong verdicts |",
            all.len(),
            cells(&t),
            judge.verdicts(ours),
            judge.verdicts(|i| ccd(i, CcdMethod::Gjk)),
            judge.verdicts(|i| ccd(i, CcdMethod::Mpr)),
        );
        let ours = |i: usize| {
            penetration(&hulls[i].0, &id, &hulls[i].1, &id)
                .ok()
                .map(|r| -r.signed_distance)
        };
        let ccd = |i: usize, m| ccd_pairs[i].0.depth(&ccd_pairs[i].1, m);
        let t = time(
            rounds,
            &overlapping,
            &[
                &timed(ours),
                &timed(|i| ccd(i, CcdMethod::Gjk)),
                &timed(|i| ccd(i, CcdMethod::Mpr)),
            ],
        );
        println!(
            "| {name} | penetration ({} overlapping) | {} | {} / {} / {} depths off by > 1e-5 |",
            overlapping.len(),
            cells(&t),
            judge.depths(ours),
            judge.depths(|i| ccd(i, CcdMethod::Gjk)),
            judge.depths(|i| ccd(i, CcdMethod::Mpr)),
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
        let bullet: Vec<_> = w
            .hull_pairs()
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
        let t = time(rounds, &all, &[&timed(ours), &timed(theirs)]);
        println!(
            "| {name} | distance ({} pairs) | {} | {} / {} |",
            all.len(),
            cells(&t),
            judge.distances(ours),
            judge.distances(theirs),
        );
        let ours = |i: usize| {
            penetration(&hulls[i].0, &id, &hulls[i].1, &id)
                .ok()
                .map(|r| -r.signed_distance)
        };
        let theirs = |i: usize| bullet[i].0.depth(&bullet[i].1);
        let t = time(rounds, &overlapping, &[&timed(ours), &timed(theirs)]);
        println!(
            "| {name} | penetration ({} overlapping) | {} | {} / {} depths off by > 1e-5 |",
            overlapping.len(),
            cells(&t),
            judge.depths(ours),
            judge.depths(theirs),
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
        let box2d: Vec<_> = w
            .hull_pairs()
            .map(|(a, b)| (Box2dPolygon::new(a), Box2dPolygon::new(b)))
            .collect();
        let judge = Judge::new(&w);
        let all: Vec<usize> = (0..w.cases.len()).collect();
        let ours = |i: usize| intersect(&hulls[i].0, &id, &hulls[i].1, &id).unwrap_or(false);
        let theirs = |i: usize| box2d[i].0.overlaps(&box2d[i].1);
        let t = time(rounds, &all, &[&timed(ours), &timed(theirs)]);
        println!(
            "| {name} | intersect ({} pairs) | {} | {} / {} wrong verdicts |",
            all.len(),
            cells(&t),
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
        let t = time(rounds, &all, &[&timed(ours), &timed(theirs)]);
        println!(
            "| {name} | distance ({} pairs) | {} | {} / {} |",
            all.len(),
            cells(&t),
            judge.distances(ours),
            judge.distances(theirs),
        );
    }
}

fn main() {
    // `--quick` (3 rounds) or `--rounds N`, as the main benchmark takes them.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds = match args.iter().position(|a| a == "--rounds") {
        Some(at) => args.get(at + 1).and_then(|n| n.parse().ok()).unwrap_or(15),
        None if args.iter().any(|a| a == "--quick") => 3,
        None => 15,
    };
    libccd_table(rounds);
    println!();
    bullet_table(rounds);
    println!();
    box2d_table(rounds);
    println!();
    println!(
        "Nanoseconds per query, median (min–max) of {rounds} rounds; ratios of the medians; \
         `cargo run --release -p gjk-bench --bin peers`."
    );
}
