//! `cargo run --release -p gjk-bench --bin pairs -- [SIZES...] [--memory N]`
//!
//! Times `gjk::batch::pairs_within` on sparse airspace-like scenes (circles, convex polygons
//! and racetracks of 3 to 30 km at a constant density of 300 per 1000 km x 1000 km, minimum
//! separation 5 km) of 1,000, 10,000 and 100,000 shapes (or the SIZES given): on all cores, on
//! one and on two threads, against brute force (GJK on every pair, one thread; up to 10,000
//! shapes) and per `n log2 n`. Prints a Markdown table (docs/performance-batch.md).
//!
//! `--memory N` builds one scene of N shapes, runs `pairs_within` once on all cores and prints
//! the peak resident memory (VmHWM) before and after, from /proc/self/status.

use gjk::batch::{pairs_within, BatchOptions, PairDistance, Placed};
use gjk::shape::Shape;
use gjk::{distance_with, Pose, QueryOptions};
use gjk_bench::airspace;
use std::time::{Duration, Instant};

const SEPARATION: f64 = 5.0;

/// The airspace-like scene of `n` shapes (bench/src/airspace.rs).
fn scene(n: usize, seed: u64) -> Vec<(Shape<2>, Pose<2>)> {
    airspace::scene(n, seed)
        .iter()
        .map(|body| (body.shape(), body.pose()))
        .collect()
}

fn placed(scene: &[(Shape<2>, Pose<2>)]) -> Vec<Placed<'_, Shape<2>, 2>> {
    scene.iter().map(|(s, p)| Placed::new(s, *p)).collect()
}

/// The best of `runs` timings of `f`, and its last answer.
fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut fastest = Duration::MAX;
    let mut last = None;
    for _ in 0..runs {
        let start = Instant::now();
        let out = f();
        fastest = fastest.min(start.elapsed());
        last = Some(out);
    }
    (fastest, last.expect("at least one run"))
}

fn within(objects: &[Placed<'_, Shape<2>, 2>], threads: usize) -> Vec<PairDistance<2>> {
    let options = BatchOptions {
        threads,
        ..BatchOptions::default()
    };
    pairs_within(objects, SEPARATION, &options).expect("valid scene")
}

/// GJK on every pair, on one thread: the pairs within the separation.
fn brute_force(objects: &[Placed<'_, Shape<2>, 2>]) -> Vec<(usize, usize)> {
    let q = QueryOptions::default();
    let mut found = Vec::new();
    for i in 0..objects.len() {
        for j in i + 1..objects.len() {
            let (a, b) = (&objects[i], &objects[j]);
            let r = distance_with(a.shape, &a.pose, b.shape, &b.pose, &q).expect("converges");
            if r.distance <= SEPARATION {
                found.push((i, j));
            }
        }
    }
    found
}

fn peak_memory_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1e3)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(k) = args.iter().position(|a| a == "--memory") {
        let n: usize = args
            .get(k + 1)
            .and_then(|n| n.parse().ok())
            .expect("--memory N");
        let s = scene(n, 1);
        let objects = placed(&s);
        let before = peak_memory_kib();
        let found = within(&objects, 0);
        let after = peak_memory_kib();
        println!(
            "{n} shapes, {} pairs: peak resident memory {:.1} MiB with the scene, {:.1} MiB \
             after pairs_within (+{:.1} MiB)",
            found.len(),
            before as f64 / 1024.0,
            after as f64 / 1024.0,
            (after - before) as f64 / 1024.0
        );
        return;
    }
    let sizes: Vec<usize> = if args.is_empty() {
        vec![1_000, 10_000, 100_000]
    } else {
        args.iter()
            .map(|a| a.parse().expect("sizes are whole numbers"))
            .collect()
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("pairs_within at separation {SEPARATION} km, {cores} cores, best of 3 runs (ms)\n");
    println!(
        "| shapes | pairs found | brute force (1 thread) | pairs_within, 1 thread | \
         2 threads | all cores | speed-up 1 -> 2 threads | vs brute force | \
         ns per n log2 n (1 thread) |"
    );
    println!("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for n in sizes {
        let s = scene(n, 1);
        let objects = placed(&s);
        let (one, found) = best(3, || within(&objects, 1));
        let (two, found_two) = best(3, || within(&objects, 2));
        let (all, found_all) = best(3, || within(&objects, 0));
        assert_eq!(found, found_two);
        assert_eq!(found, found_all);
        let brute = if n <= 10_000 {
            let (t, pairs) = best(1, || brute_force(&objects));
            let ij: Vec<(usize, usize)> = found.iter().map(|p| (p.i, p.j)).collect();
            assert_eq!(pairs, ij, "pairs_within differs from brute force");
            Some(t)
        } else {
            None
        };
        let nlogn = n as f64 * (n as f64).log2();
        println!(
            "| {n} | {} | {} | {} | {} | {} | {:.2}x | {} | {:.1} |",
            found.len(),
            brute.map_or("(not run)".to_string(), ms),
            ms(one),
            ms(two),
            ms(all),
            one.as_secs_f64() / two.as_secs_f64(),
            brute.map_or("-".to_string(), |b| format!(
                "{:.0}x faster",
                b.as_secs_f64() / one.as_secs_f64()
            )),
            one.as_secs_f64() * 1e9 / nlogn
        );
    }
}
