//! A driver for profilers: runs one query of gjk on one workload, many times, with nothing
//! else in the loop, so that `perf record`, `valgrind --tool=callgrind` or plain `time` see
//! the query alone (the side-by-side benchmark interleaves libraries and workloads).
//!
//! `cargo run --release -p gjk-bench --bin prof -- WORKLOAD QUERY [PASSES]`, or for a profiler
//! that reads source lines (`callgrind_annotate`, `perf annotate`) built with
//! `cargo build --profile profiling -p gjk-bench --bin prof` and run as
//! `target/profiling/prof` (the release profile ships without debug information).
//!
//! WORKLOAD is a reference workload of `tests/data` (W2D-4, W3D-8, ...) or G3D-1024, and
//! WORKLOAD/K keeps every K-th point of each cloud (W2D-16/2: 8-gons); QUERY is
//! `intersect`, `distance`, `intersect-enum` / `distance-enum` (on the `Shape` enum, as a C
//! handle holds it), `distance-exact` / `intersect-exact` (exact mode: `QueryOptions::exact`),
//! `intersect-exact-enum` (exact mode on the enum), `distance-c` (`gjk_distance` on C handles) or `penetration` (the
//! overlapping pairs only) or `cast` (a shape cast of B onto A along their centres' line, the
//! separated pairs only). It prints the support-point evaluations per query (a histogram for
//! the distance query, separated and overlapping pairs apart) to standard error before the
//! timed passes, and the time per query after them.

use std::hint::black_box;
use std::time::Instant;

use gjk::ffi::{
    gjk_distance, gjk_polygon_new, gjk_polytope_new, gjk_shape_free, GjkDistanceResult, GjkShape,
    GJK_OK,
};
use gjk::shape::{ConvexHull, Shape};
use gjk::{
    distance, distance_with, intersect, intersect_with, penetration, shape_cast, Pose,
    QueryOptions, Support, Vector,
};
use gjk_bench::data::{generate_hulls, load_reference, Body};

/// A pair of hulls and whether they overlap.
type Pair<const D: usize> = (ConvexHull<D>, ConvexHull<D>, bool);

fn pairs<const D: usize>(workload: &str) -> Result<Vec<Pair<D>>, String> {
    // WORKLOAD/K keeps every K-th point of each cloud (W2D-16/2: 8-gons on the same ellipses).
    let (workload, every) = match workload.split_once('/') {
        Some((name, k)) => (name, k.parse::<usize>().map_err(|e| format!("{k}: {e}"))?),
        None => (workload, 1),
    };
    let w = if workload == "G3D-1024" {
        generate_hulls(workload, 1, 1024, 200)
    } else {
        load_reference(workload)
    };
    let hull = |xyz: &[f64]| {
        let points = xyz
            .chunks_exact(D)
            .step_by(every.max(1))
            .map(|p| Vector::<D>::from_fn(|k, _| p[k]))
            .collect();
        ConvexHull::<D>::new(points).map_err(|e| e.to_string())
    };
    w.cases
        .iter()
        .map(|c| match &c.b {
            Body::Hull(b) => Ok((hull(&c.a)?, hull(b)?, c.truth.intersect)),
            _ => Err(format!("{workload}: B is not a hull")),
        })
        .collect()
}

fn report_iterations<const D: usize>(pairs: &[Pair<D>]) {
    let id = Pose::<D>::identity();
    let mut histogram = [[0usize; 24]; 2];
    for (a, b, overlapping) in pairs {
        if let Ok(r) = distance(a, &id, b, &id) {
            histogram[usize::from(*overlapping)][(r.iterations as usize).min(23)] += 1;
        }
    }
    eprintln!("distance: support evaluations -> pairs (23: 23 or more)");
    for (label, row) in ["separated", "overlapping"].iter().zip(histogram) {
        let counts: Vec<String> = row
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, n)| format!("{i}: {n}"))
            .collect();
        eprintln!("  {label}: {}", counts.join(", "));
    }
    let depths: Vec<u32> = pairs
        .iter()
        .filter(|p| p.2)
        .filter_map(|(a, b, _)| penetration(a, &id, b, &id).ok().map(|r| r.iterations))
        .collect();
    if let Some(max) = depths.iter().max() {
        let mean = depths.iter().sum::<u32>() as f64 / depths.len() as f64;
        eprintln!("penetration: support evaluations mean {mean:.1}, max {max}");
    }
}

/// A C handle holding the points of `hull`.
fn handle<const D: usize>(hull: &ConvexHull<D>) -> *mut GjkShape {
    let coords: Vec<f64> = (0..hull.len())
        .flat_map(|i| {
            let p = hull.point(i);
            (0..D).map(move |k| p[k])
        })
        .collect();
    let mut out = std::ptr::null_mut();
    // SAFETY: `coords` holds D doubles per point and `out` is a valid out-pointer.
    let status = unsafe {
        if D == 2 {
            gjk_polygon_new(coords.as_ptr(), hull.len(), &mut out)
        } else {
            gjk_polytope_new(coords.as_ptr(), hull.len(), &mut out)
        }
    };
    assert_eq!(status, GJK_OK, "a hull rejected through the C ABI");
    out
}

/// `passes` shape casts of each separated pair's B onto A along the line of their centres:
/// the GJK ray cast of two hulls (overlapping pairs start in contact). Apart from the other
/// queries' loop, which it would otherwise change (+24 instructions a W2D-4 distance query
/// of the loop's own).
fn cast<const D: usize>(workload: &str, pairs: &[Pair<D>], passes: usize) {
    let id = Pose::<D>::identity();
    let still = Vector::<D>::zeros();
    let start = Instant::now();
    let mut queries = 0usize;
    for _ in 0..passes {
        for (a, b, _) in pairs.iter().filter(|p| !p.2) {
            let towards = a.center() - b.center();
            black_box(shape_cast(a, &id, &still, b, &id, &towards, 2.0).ok());
            queries += 1;
        }
    }
    let ns = start.elapsed().as_nanos() as f64 / queries.max(1) as f64;
    println!("{workload} cast: {queries} queries, {ns:.0} ns per query");
}

fn run<const D: usize>(workload: &str, query: &str, passes: usize) -> Result<(), String> {
    let pairs = pairs::<D>(workload)?;
    report_iterations(&pairs);
    if query == "cast" {
        cast(workload, &pairs, passes);
        return Ok(());
    }
    let id = Pose::<D>::identity();
    let enums: Vec<(Shape<D>, Shape<D>)> = pairs
        .iter()
        .map(|(a, b, _)| (Shape::ConvexHull(a.clone()), Shape::ConvexHull(b.clone())))
        .collect();
    let handles: Vec<(*mut GjkShape, *mut GjkShape)> = if query == "distance-c" {
        pairs
            .iter()
            .map(|(a, b, _)| (handle(a), handle(b)))
            .collect()
    } else {
        vec![(std::ptr::null_mut(), std::ptr::null_mut()); pairs.len()]
    };
    let exact = QueryOptions {
        exact: true,
        ..QueryOptions::default()
    };
    let start = Instant::now();
    let mut queries = 0usize;
    for _ in 0..passes {
        for (((a, b, overlapping), (ea, eb)), (ca, cb)) in pairs.iter().zip(&enums).zip(&handles) {
            match query {
                "intersect" => {
                    black_box(intersect(a, &id, b, &id).ok());
                }
                "distance" => {
                    black_box(distance(a, &id, b, &id).ok());
                }
                "distance-exact" => {
                    black_box(distance_with(a, &id, b, &id, &exact).ok());
                }
                "intersect-exact" => {
                    black_box(intersect_with(a, &id, b, &id, &exact).ok());
                }
                "intersect-exact-enum" => {
                    black_box(intersect_with(ea, &id, eb, &id, &exact).ok());
                }
                "distance-enum" => {
                    black_box(distance(ea, &id, eb, &id).ok());
                }
                "intersect-enum" => {
                    black_box(intersect(ea, &id, eb, &id).ok());
                }
                "distance-c" => {
                    let mut out = GjkDistanceResult::default();
                    let null = std::ptr::null();
                    // SAFETY: live handles (freed below), NULL poses, a writable result.
                    black_box(unsafe { gjk_distance(*ca, null, *cb, null, &mut out) });
                    black_box(&mut out);
                }
                "penetration" if *overlapping => {
                    black_box(penetration(a, &id, b, &id).ok());
                }
                "penetration" => continue,
                _ => return Err(format!("unknown query {query}")),
            }
            queries += 1;
        }
    }
    let ns = start.elapsed().as_nanos() as f64 / queries.max(1) as f64;
    for (a, b) in handles {
        // SAFETY: each handle is freed once (NULL is accepted).
        unsafe {
            gjk_shape_free(a);
            gjk_shape_free(b);
        }
    }
    println!("{workload} {query}: {queries} queries, {ns:.0} ns per query");
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(workload), Some(query)) = (args.first(), args.get(1)) else {
        eprintln!("usage: prof WORKLOAD QUERY [PASSES]  (QUERY: intersect, distance, intersect-enum, distance-enum, distance-exact, intersect-exact, intersect-exact-enum, distance-c, penetration, cast)");
        std::process::exit(2);
    };
    let passes = args.get(2).and_then(|p| p.parse().ok()).unwrap_or(100);
    let result = if workload.contains("2D") {
        run::<2>(workload, query, passes)
    } else {
        run::<3>(workload, query, passes)
    };
    if let Err(message) = result {
        eprintln!("prof: {message}");
        std::process::exit(1);
    }
}
