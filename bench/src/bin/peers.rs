//! `cargo run --release -p gjk-bench --bin peers -- [--quick]`: gjk against libccd (Debian's
//! libccd-dev 2.1, double precision, called through bench/peers/ccd.c) on the 3D reference
//! workloads, in one process, single thread: the boolean query (libccd's GJK and MPR) and the
//! penetration depth (libccd's GJK+EPA and MPR), with libccd's default settings. libccd has no
//! distance query. Prints a Markdown table of median nanoseconds per query, ratios and wrong
//! answers against the exact truth (docs/performance-peers.md holds one).

use std::hint::black_box;

use gjk::shape::ConvexHull;
use gjk::{intersect, penetration, Pose, Vector};
use gjk_bench::data::{load_reference, Body, Workload};
use gjk_bench::median_ns;

extern "C" {
    fn gjk_bench_ccd_intersect(a: *const f64, na: usize, b: *const f64, nb: usize, mpr: i32)
        -> i32;
    fn gjk_bench_ccd_penetration(
        a: *const f64,
        na: usize,
        b: *const f64,
        nb: usize,
        mpr: i32,
        depth: *mut f64,
    ) -> i32;
}

/// A pair as both libraries take it: gjk's hulls and the raw point clouds for libccd.
struct Pair {
    a: ConvexHull<3>,
    b: ConvexHull<3>,
    xyz_a: Vec<f64>,
    xyz_b: Vec<f64>,
}

fn hull(xyz: &[f64]) -> ConvexHull<3> {
    ConvexHull::new(
        xyz.chunks_exact(3)
            .map(|p| Vector::<3>::new(p[0], p[1], p[2]))
            .collect(),
    )
    .expect("a valid cloud")
}

fn pairs(w: &Workload) -> Vec<Pair> {
    w.cases
        .iter()
        .map(|c| {
            let Body::Hull(b) = &c.b else {
                unreachable!("reference workloads hold hulls")
            };
            Pair {
                a: hull(&c.a),
                b: hull(b),
                xyz_a: c.a.clone(),
                xyz_b: b.clone(),
            }
        })
        .collect()
}

fn ccd_intersect(p: &Pair, mpr: bool) -> bool {
    // SAFETY: the slices hold the given numbers of points, 3 coordinates each.
    unsafe {
        gjk_bench_ccd_intersect(
            p.xyz_a.as_ptr(),
            p.xyz_a.len() / 3,
            p.xyz_b.as_ptr(),
            p.xyz_b.len() / 3,
            i32::from(mpr),
        ) == 1
    }
}

fn ccd_depth(p: &Pair, mpr: bool) -> Option<f64> {
    let mut depth = 0.0;
    // SAFETY: as in `ccd_intersect`; `depth` is a valid f64 to write.
    let r = unsafe {
        gjk_bench_ccd_penetration(
            p.xyz_a.as_ptr(),
            p.xyz_a.len() / 3,
            p.xyz_b.as_ptr(),
            p.xyz_b.len() / 3,
            i32::from(mpr),
            &mut depth,
        )
    };
    (r == 0).then_some(depth)
}

fn main() {
    let rounds = if std::env::args().any(|a| a == "--quick") {
        3
    } else {
        15
    };
    let id = Pose::<3>::identity();
    println!("| workload | query | gjk ns | libccd GJK ns | libccd MPR ns | GJK / gjk | MPR / gjk | wrong answers gjk / GJK / MPR |");
    println!("|---|---|--:|--:|--:|--:|--:|---|");
    for name in ["W3D-8", "W3D-32", "W3D-128", "WDEG-3D"] {
        let w = load_reference(name);
        let pairs = pairs(&w);
        let all: Vec<usize> = (0..pairs.len()).collect();
        let overlapping = w.overlapping();

        // Wrong verdicts against the exact truth (near-touching pairs excused).
        let judged: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| !w.cases[i].truth.verdict_excused)
            .collect();
        let wrong = |f: &dyn Fn(&Pair) -> bool| {
            judged
                .iter()
                .filter(|&&i| f(&pairs[i]) != w.cases[i].truth.intersect)
                .count()
        };
        let ours = wrong(&|p| intersect(&p.a, &id, &p.b, &id).unwrap_or(false));
        let gjk_wrong = wrong(&|p| ccd_intersect(p, false));
        let mpr_wrong = wrong(&|p| ccd_intersect(p, true));
        let t_ours = median_ns(rounds, all.len(), || {
            for &i in &all {
                black_box(intersect(&pairs[i].a, &id, &pairs[i].b, &id).ok());
            }
        });
        let t_gjk = median_ns(rounds, all.len(), || {
            for &i in &all {
                black_box(ccd_intersect(&pairs[i], false));
            }
        });
        let t_mpr = median_ns(rounds, all.len(), || {
            for &i in &all {
                black_box(ccd_intersect(&pairs[i], true));
            }
        });
        println!(
            "| {name} | intersect ({} pairs) | {t_ours:.0} | {t_gjk:.0} | {t_mpr:.0} | {:.2} | {:.2} | {ours} / {gjk_wrong} / {mpr_wrong} wrong verdicts of {} |",
            all.len(),
            t_gjk / t_ours,
            t_mpr / t_ours,
            judged.len()
        );

        // Depths against the exact ones (6 significant digits in the truth files): a relative
        // error above 1e-5 is wrong, and so is no answer on an overlapping pair. Depths below
        // 1e-9 of the size (touching within rounding) are excused, as the verdicts are.
        let exact: Vec<(usize, f64)> = overlapping
            .iter()
            .filter(|&&i| !w.cases[i].truth.verdict_excused)
            .filter_map(|&i| w.cases[i].truth.depth.map(|d| (i, d)))
            .filter(|(_, d)| *d > 0.0)
            .collect();
        let bad = |f: &dyn Fn(&Pair) -> Option<f64>| {
            exact
                .iter()
                .filter(|(i, d)| f(&pairs[*i]).is_none_or(|got| ((got - d) / d).abs() > 1e-5))
                .count()
        };
        let ours = bad(&|p| {
            penetration(&p.a, &id, &p.b, &id)
                .ok()
                .map(|r| -r.signed_distance)
        });
        let gjk_bad = bad(&|p| ccd_depth(p, false));
        let mpr_bad = bad(&|p| ccd_depth(p, true));
        let t_ours = median_ns(rounds, overlapping.len(), || {
            for &i in &overlapping {
                black_box(penetration(&pairs[i].a, &id, &pairs[i].b, &id).ok());
            }
        });
        let t_gjk = median_ns(rounds, overlapping.len(), || {
            for &i in &overlapping {
                black_box(ccd_depth(&pairs[i], false));
            }
        });
        let t_mpr = median_ns(rounds, overlapping.len(), || {
            for &i in &overlapping {
                black_box(ccd_depth(&pairs[i], true));
            }
        });
        println!(
            "| {name} | penetration ({} overlapping) | {t_ours:.0} | {t_gjk:.0} | {t_mpr:.0} | {:.2} | {:.2} | {ours} / {gjk_bad} / {mpr_bad} depths off by > 1e-5 of {} |",
            overlapping.len(),
            t_gjk / t_ours,
            t_mpr / t_ours,
            exact.len()
        );
    }
    println!();
    println!("Median of {rounds} rounds; `cargo run --release -p gjk-bench --bin peers`.");
}
