//! `cargo run --release -p gjk-bench --bin creation`: what creating a `ConvexHull` costs, by
//! size, for points on a sphere / circle (every point a vertex: the hull build's worst case in
//! practice) and uniform in a ball / disc (most points inside). Clouds of 512 points and more
//! build the hull's edge graph (see src/shape/hull_graph.rs); smaller ones only copy and check
//! their points. Median microseconds per hull over 11 rounds of a few different clouds each.

use std::hint::black_box;

use gjk::shape::ConvexHull;
use gjk::Vector;
use gjk_bench::data::Rng;
use gjk_bench::median_ns;

/// `count` clouds of `n` points: on the unit sphere (`surface`) or uniform inside it.
fn clouds<const D: usize>(
    rng: &mut Rng,
    n: usize,
    surface: bool,
    count: usize,
) -> Vec<Vec<Vector<D>>> {
    (0..count)
        .map(|_| {
            (0..n)
                .map(|_| loop {
                    let v = Vector::<D>::from_fn(|_, _| rng.range(-1.0, 1.0));
                    let r = v.norm();
                    if r > 1e-3 && r <= 1.0 {
                        break if surface { v / r } else { v };
                    }
                })
                .collect()
        })
        .collect()
}

fn rows<const D: usize>(rng: &mut Rng) {
    for n in [64, 511, 512, 1024, 4096, 16384] {
        let mut cells = Vec::new();
        for surface in [true, false] {
            let count = (65536 / n).clamp(2, 64);
            let clouds = clouds::<D>(rng, n, surface, count);
            let ns = median_ns(11, count, || {
                for cloud in &clouds {
                    black_box(ConvexHull::new(black_box(cloud.clone())).expect("a valid cloud"));
                }
            });
            cells.push(format!("{:.1}", ns / 1000.0));
        }
        println!("| {D}D | {n} | {} | {} |", cells[0], cells[1]);
    }
}

fn main() {
    let mut rng = Rng::new(2026);
    println!("| dim | points | on the sphere µs | in the ball µs |");
    println!("|---|--:|--:|--:|");
    rows::<2>(&mut rng);
    rows::<3>(&mut rng);
}
