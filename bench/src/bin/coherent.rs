//! `cargo run --release -p gjk-bench --bin coherent -- [--quick]`: warm starts on a
//! frame-coherent workload. Pairs of convex hulls (points on a unit sphere) where B travels a
//! smooth loop around A, in and out of contact, turning slowly, a small step per frame. Each
//! frame queries every pair: gjk cold, gjk warm (one `SimplexCache` per pair, kept across
//! frames) and parry (which has no warm start for these queries), single thread. Prints a
//! Markdown table of median nanoseconds per query over the rounds, the speed-ups, the mean
//! support evaluations, and the largest difference between warm and cold distances.

use std::hint::black_box;

use gjk::shape::ConvexHull;
use gjk::{
    distance_cached, distance_with, intersect_cached, intersect_with, Pose, QueryOptions,
    SimplexCache, Vector,
};
use gjk_bench::data::Rng;
use gjk_bench::median_ns;
use nalgebra::{UnitQuaternion, Vector3};
use parry3d_f64::math::{Pose as PPose, Rot3, Vector as PVector};
use parry3d_f64::query;
use parry3d_f64::shape::ConvexPolyhedron;

const PAIRS: usize = 100;
const FRAMES: usize = 120;

/// The hull of `n` random points on a unit sphere, for both libraries.
fn hull(rng: &mut Rng, n: usize) -> (ConvexHull<3>, ConvexPolyhedron) {
    let points: Vec<Vector3<f64>> = (0..n)
        .map(|_| {
            let p = Vector3::new(
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
            );
            p / p.norm()
        })
        .collect();
    let ours = ConvexHull::new(points.iter().map(|p| Vector::<3>::from(*p)).collect()).unwrap();
    let theirs: Vec<PVector> = points.iter().map(|p| PVector::new(p.x, p.y, p.z)).collect();
    (ours, ConvexPolyhedron::from_convex_hull(&theirs).unwrap())
}

/// B's placement in frame `f` of a pair with loop parameters `p`: the centre distance swings
/// between about 1.4 and 2.6 (the hulls' radii sum to 2), 0.6 degrees of turn per frame.
fn placement(p: &[f64; 4], f: usize) -> (Pose<3>, PPose) {
    let t = p[0] + 0.01 * f as f64;
    let r = 2.0 + 0.6 * (p[1] + 3.0 * t).sin();
    let position = Vector3::new(
        r * t.cos(),
        r * t.sin() * p[2].cos(),
        r * t.sin() * p[2].sin(),
    );
    let q = UnitQuaternion::from_scaled_axis(Vector3::new(0.3, 1.0, p[3]).normalize() * t);
    let c = q.as_ref().coords;
    (
        Pose::new_3d(position, q).unwrap(),
        PPose::from_parts(
            PVector::new(position.x, position.y, position.z),
            Rot3::from_xyzw(c.x, c.y, c.z, c.w),
        ),
    )
}

/// The pairs of one row: their hulls, and B's placement in every frame (A stays at the
/// identity).
struct Scene {
    shapes: Vec<(Hulls, Hulls)>,
    frames: Vec<Vec<(Pose<3>, PPose)>>,
    identity: (Pose<3>, PPose),
}

/// One hull for both libraries.
type Hulls = (ConvexHull<3>, ConvexPolyhedron);

impl Scene {
    /// [`PAIRS`] pairs of hulls of `n` points over [`FRAMES`] frames.
    fn new(n: usize) -> Self {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15 ^ n as u64);
        let shapes: Vec<_> = (0..PAIRS)
            .map(|_| (hull(&mut rng, n), hull(&mut rng, n)))
            .collect();
        let params: Vec<[f64; 4]> = (0..PAIRS)
            .map(|_| [0; 4].map(|_| rng.range(0.0, std::f64::consts::TAU)))
            .collect();
        let frames = (0..FRAMES)
            .map(|f| params.iter().map(|p| placement(p, f)).collect())
            .collect();
        Self {
            shapes,
            frames,
            identity: (Pose::<3>::identity(), PPose::IDENTITY),
        }
    }

    /// Calls `query` on every pair in every frame.
    fn each_pair(&self, mut query: impl FnMut(&Hulls, &Hulls, &(Pose<3>, PPose))) {
        for frame in &self.frames {
            for ((a, b), pose) in self.shapes.iter().zip(frame) {
                query(a, b, pose);
            }
        }
    }

    /// Calls `query` on every pair in every frame with the pair's cache of `caches` (one per
    /// pair, kept across the frames).
    fn each_pair_cached(
        &self,
        caches: &mut [SimplexCache<3>],
        mut query: impl FnMut(&Hulls, &Hulls, &(Pose<3>, PPose), &mut SimplexCache<3>),
    ) {
        for frame in &self.frames {
            for (((a, b), pose), cache) in self.shapes.iter().zip(frame).zip(&mut *caches) {
                query(a, b, pose, cache);
            }
        }
    }

    /// Median nanoseconds per query of `query` over every pair in every frame.
    fn time_cold(
        &self,
        rounds: usize,
        mut query: impl FnMut(&Hulls, &Hulls, &(Pose<3>, PPose)),
    ) -> f64 {
        median_ns(rounds, PAIRS * FRAMES, || self.each_pair(&mut query))
    }

    /// Median nanoseconds per query of `query` over every pair in every frame, each pass
    /// from fresh caches.
    fn time_warm(
        &self,
        rounds: usize,
        mut query: impl FnMut(&Hulls, &Hulls, &(Pose<3>, PPose), &mut SimplexCache<3>),
    ) -> f64 {
        median_ns(rounds, PAIRS * FRAMES, || {
            let mut caches = vec![SimplexCache::new(); PAIRS];
            self.each_pair_cached(&mut caches, &mut query)
        })
    }
}

/// Untimed: the support evaluations of the cold and warm distance queries, summed over the
/// scene, and the largest difference between their distances.
fn accuracy(scene: &Scene, options: &QueryOptions) -> (u64, u64, f64) {
    let identity = &scene.identity.0;
    let (mut cold_evaluations, mut warm_evaluations, mut worst) = (0u64, 0u64, 0f64);
    let mut caches = vec![SimplexCache::new(); PAIRS];
    scene.each_pair_cached(&mut caches, |a, b, pose, cache| {
        let cold = distance_with(&a.0, identity, &b.0, &pose.0, options).unwrap();
        let warm = distance_cached(&a.0, identity, &b.0, &pose.0, options, cache).unwrap();
        cold_evaluations += u64::from(cold.iterations);
        warm_evaluations += u64::from(warm.iterations);
        worst = worst.max((warm.distance - cold.distance).abs());
    });
    (cold_evaluations, warm_evaluations, worst)
}

/// Prints the two rows of hulls of `n` points: distance and intersect, each cold, warm and
/// parry's.
fn rows(n: usize, rounds: usize, options: &QueryOptions) {
    let scene = Scene::new(n);
    let queries = PAIRS * FRAMES;
    let (cold_evaluations, warm_evaluations, worst) = accuracy(&scene, options);
    let identity = &scene.identity;

    let distance_cold = scene.time_cold(rounds, |a, b, pose| {
        black_box(distance_with(&a.0, &identity.0, &b.0, &pose.0, options).ok());
    });
    let distance_warm = scene.time_warm(rounds, |a, b, pose, cache| {
        black_box(distance_cached(&a.0, &identity.0, &b.0, &pose.0, options, cache).ok());
    });
    let distance_parry = scene.time_cold(rounds, |a, b, pose| {
        black_box(query::distance(&identity.1, &a.1, &pose.1, &b.1).ok());
    });
    let intersect_cold = scene.time_cold(rounds, |a, b, pose| {
        black_box(intersect_with(&a.0, &identity.0, &b.0, &pose.0, options).ok());
    });
    let intersect_warm = scene.time_warm(rounds, |a, b, pose, cache| {
        black_box(intersect_cached(&a.0, &identity.0, &b.0, &pose.0, options, cache).ok());
    });
    let intersect_parry = scene.time_cold(rounds, |a, b, pose| {
        black_box(query::intersection_test(&identity.1, &a.1, &pose.1, &b.1).ok());
    });
    let evaluations = format!(
        "{:.2} / {:.2}",
        cold_evaluations as f64 / queries as f64,
        warm_evaluations as f64 / queries as f64
    );
    for (name, cold, warm, parry, evaluations, worst) in [
        (
            "distance",
            distance_cold,
            distance_warm,
            distance_parry,
            evaluations.as_str(),
            format!("{worst:.1e}"),
        ),
        (
            "intersect",
            intersect_cold,
            intersect_warm,
            intersect_parry,
            "",
            String::new(),
        ),
    ] {
        println!(
            "| {n} | {name} | {cold:.0} | {warm:.0} | {parry:.0} | {:.2} | {:.2} | {evaluations} | {worst} |",
            cold / warm,
            parry / warm
        );
    }
}

fn main() {
    let rounds = if std::env::args().any(|a| a == "--quick") {
        3
    } else {
        15
    };
    let options = QueryOptions::default();
    println!("| points per hull | query | gjk cold ns | gjk warm ns | parry ns | warm speed-up | parry / gjk warm | support evaluations cold / warm | max \\|warm - cold\\| |");
    println!("|--:|---|--:|--:|--:|--:|--:|--:|--:|");
    for n in [8, 32, 128] {
        rows(n, rounds, &options);
    }
    println!();
    println!(
        "{PAIRS} pairs x {FRAMES} frames per row, median of {rounds} rounds; \
         `cargo run --release -p gjk-bench --bin coherent`"
    );
}
