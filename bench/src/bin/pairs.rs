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
use gjk::shape::{Ball, Capsule, ConvexHull, Shape};
use gjk::{distance_with, Pose, QueryOptions, Vector};
use std::time::{Duration, Instant};

const SEPARATION: f64 = 5.0;

/// A seeded xorshift64* generator.
struct Random(u64);

impl Random {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }

    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}

/// `n` shapes placed uniformly over a square sized for 300 shapes per 1000 km x 1000 km.
fn scene(n: usize, seed: u64) -> Vec<(Shape<2>, Pose<2>)> {
    let side = 1000.0 * (n as f64 / 300.0).sqrt();
    let mut rng = Random(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    (0..n)
        .map(|_| {
            let (x, y) = (rng.range(0.0, side), rng.range(0.0, side));
            let angle = rng.range(0.0, std::f64::consts::TAU);
            let kind = rng.unit();
            let shape = if kind < 0.4 {
                Shape::Ball(Ball::new(rng.range(3.0, 15.0)).unwrap())
            } else if kind < 0.7 {
                let radius = rng.range(8.0, 30.0);
                let points = (0..6)
                    .map(|c| {
                        let a = std::f64::consts::TAU * (c as f64 + rng.range(-0.3, 0.3)) / 6.0;
                        Vector::<2>::new(a.cos(), a.sin()) * radius * rng.range(0.6, 1.0)
                    })
                    .collect();
                Shape::ConvexHull(ConvexHull::new(points).unwrap())
            } else {
                let half = 0.5 * rng.range(10.0, 30.0);
                Shape::Capsule(Capsule::along_axis(0, half, rng.range(2.0, 5.0)).unwrap())
            };
            (shape, Pose::new_2d(x, y, angle).unwrap())
        })
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
