//! `cargo run --release -p gjk-bench --bin support`: the cost of one support point of a convex
//! hull, by a scan of every point and by climbing the hull's edge graph, for clouds of 8 to
//! 1024 points on random ellipses and ellipsoids, in random directions. Prints a Markdown
//! table of median nanoseconds per support point; its crossing sets the climbing threshold of
//! `gjk::shape::ConvexHull` (`CLIMB_FROM` in src/shape/point_cloud.rs).

use std::hint::black_box;

use gjk::shape::ConvexHull;
use gjk::{Support, Vector};
use gjk_bench::data::{load_reference, Body, Rng};
use gjk_bench::median_ns;

const SIZES: [usize; 10] = [8, 16, 24, 32, 48, 64, 128, 256, 512, 1024];
const DIRECTIONS: usize = 4096;
const ROUNDS: usize = 31;

/// `n` points on an ellipse / ellipsoid of semi-axes 1, 0.7, 0.4 (the first `D`).
fn cloud<const D: usize>(rng: &mut Rng, n: usize) -> Vec<Vector<D>> {
    let axes = [1.0, 0.7, 0.4];
    (0..n)
        .map(|_| loop {
            let v = rng.vector(1.0);
            let p = Vector::<D>::from_fn(|i, _| v[i]);
            let norm = p.norm();
            if norm > 0.1 && norm <= 1.0 {
                break Vector::<D>::from_fn(|i, _| p[i] / norm * axes[i]);
            }
        })
        .collect()
}

fn directions<const D: usize>(rng: &mut Rng) -> Vec<Vector<D>> {
    (0..DIRECTIONS)
        .map(|_| {
            let v = rng.vector(1.0);
            Vector::<D>::from_fn(|i, _| v[i])
        })
        .collect()
}

/// Median ns per support point of `hull` over `dirs`.
fn time<const D: usize>(hull: &ConvexHull<D>, dirs: &[Vector<D>]) -> f64 {
    median_ns(ROUNDS, dirs.len(), || {
        for d in dirs {
            black_box(hull.support(black_box(d)));
        }
    })
}

/// Median ns per support point over many hulls, one support point each in turn: the hulls'
/// data is out of the caches at each call (64 MiB of them), as when a query visits each pair
/// of a large scene once.
fn time_cold<const D: usize>(hulls: &[ConvexHull<D>], dirs: &[Vector<D>]) -> f64 {
    median_ns(ROUNDS / 4, hulls.len(), || {
        for (k, h) in hulls.iter().enumerate() {
            black_box(h.support(black_box(&dirs[k % dirs.len()])));
        }
    })
}

fn rows<const D: usize>(rng: &mut Rng) {
    let dirs = directions::<D>(rng);
    for n in SIZES {
        let climbing = ConvexHull::new(cloud::<D>(rng, n)).expect("a valid cloud");
        let scanning = climbing.clone().without_graph();
        // Only as a reference when the size is below the threshold (both scan then).
        let scan = time(&scanning, &dirs);
        let climb = time(&climbing, &dirs);
        let count = (64 << 20) / (n * D * 8 * 3);
        let many: Vec<ConvexHull<D>> = (0..count)
            .map(|_| ConvexHull::new(cloud::<D>(rng, n)).expect("a valid cloud"))
            .collect();
        let many_scanning: Vec<ConvexHull<D>> =
            many.iter().map(|h| h.clone().without_graph()).collect();
        let cold_scan = time_cold(&many_scanning, &dirs);
        let cold_climb = time_cold(&many, &dirs);
        let how = if climbing.climbs() { "climbs" } else { "scans" };
        println!(
            "| {D}D | {n} | {scan:.1} | {climb:.1} | {:.2} | {cold_scan:.0} | {cold_climb:.0} \
             | {:.2} | {how} |",
            scan / climb,
            cold_scan / cold_climb
        );
    }
}

/// The hulls of a reference workload (tests/data): median over its shapes.
fn reference<const D: usize>(rng: &mut Rng, name: &str) {
    let dirs = directions::<D>(rng);
    let w = load_reference(name);
    let mut scan = Vec::new();
    let mut climb = Vec::new();
    let mut climbs = 0;
    for c in w.cases.iter().take(200) {
        let Body::Hull(b) = &c.b else { continue };
        for xyz in [&c.a, b] {
            let points = xyz
                .chunks_exact(D)
                .map(|p| Vector::<D>::from_fn(|i, _| p[i]))
                .collect();
            let hull = ConvexHull::new(points).expect("a valid cloud");
            climbs += usize::from(hull.climbs());
            scan.push(time(&hull.clone().without_graph(), &dirs[..256]));
            climb.push(time(&hull, &dirs[..256]));
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (s, c) = (median(&mut scan), median(&mut climb));
    println!(
        "| {D}D | {name} | {s:.1} | {c:.1} | {:.2} | | | | climbs {climbs} of {} |",
        s / c,
        scan.len()
    );
}

fn main() {
    let mut rng = Rng::new(2026);
    println!(
        "| dim | points | scan ns | default ns | scan / default | cold scan ns \
         | cold default ns | scan / default | default |"
    );
    println!("|---|--:|--:|--:|--:|--:|--:|--:|---|");
    rows::<2>(&mut rng);
    rows::<3>(&mut rng);
    reference::<2>(&mut rng, "W2D-64");
    reference::<3>(&mut rng, "W3D-32");
    reference::<3>(&mut rng, "W3D-128");
}
