//! `cargo run --release -p gjk-bench --bin batch -- [--rounds N]`
//!
//! The cost of the batch calls of the C ABI against single calls, per pair, in one run:
//!
//! - `gjk_distance_ex` one pair at a time, and `gjk_distance_batch` over the same 8192 pairs
//!   (3D hulls of 8 to 12 points, about half of them overlapping) in batches of 1, 16, 64,
//!   1024 and 8192 pairs, on 1 thread and on all cores: the median over the rounds, each round
//!   running every variant once in a rotating order;
//! - the same single calls and one batch of 8192 pairs on 1 thread for shapes of five kinds
//!   in random order;
//! - `gjk_pairs_within` on the airspace-like scene (bench/src/airspace.rs) of 10,000 and
//!   100,000 shapes, on 1 thread and on 2, alternating, best of the rounds.
//!
//! Every batch's answers are checked, bit for bit, against the single calls'.

use std::ptr;
use std::time::Instant;

use gjk::ffi::{
    gjk_box_new, gjk_capsule_new, gjk_circle_new, gjk_distance_batch, gjk_distance_ex,
    gjk_ellipsoid_new, gjk_pair_list_free, gjk_pair_list_len, gjk_pairs_within, gjk_polygon_new,
    gjk_polytope_new, gjk_pose_2d, gjk_pose_3d, gjk_shape_free, gjk_sphere_new, gjk_stadium_new,
    GjkDistanceResult, GjkPairList, GjkPose, GjkShape, GJK_OK,
};
use gjk_bench::airspace::{self, Outline, Random};

const PAIRS: usize = 8192;
const SIZES: [usize; 5] = [1, 16, 64, 1024, 8192];

/// Shape handles freed on drop.
struct Handles(Vec<*mut GjkShape>);

impl Drop for Handles {
    fn drop(&mut self) {
        for &s in &self.0 {
            // SAFETY: each handle was made by a constructor and is freed once.
            unsafe { gjk_shape_free(s) };
        }
    }
}

fn made(status: gjk::ffi::GjkStatus, out: *mut GjkShape) -> *mut GjkShape {
    assert_eq!(status, GJK_OK, "shape creation failed");
    out
}

/// A hull of 8 to 12 random points, about a unit across.
fn hull(rng: &mut Random) -> *mut GjkShape {
    let n = 8 + (rng.unit() * 5.0) as usize;
    let xyz: Vec<f64> = (0..3 * n).map(|_| rng.range(-1.0, 1.0)).collect();
    let mut out = ptr::null_mut();
    // SAFETY: xyz holds n points; out is writable.
    made(unsafe { gjk_polytope_new(xyz.as_ptr(), n, &mut out) }, out)
}

/// 256 hulls.
fn hulls(rng: &mut Random) -> Handles {
    Handles((0..256).map(|_| hull(rng)).collect())
}

/// 256 shapes of five kinds in turn (hulls of 8 to 12 points, spheres, capsules, boxes,
/// ellipsoids), about a unit across.
fn mixed_shapes(rng: &mut Random) -> Handles {
    Handles(
        (0..256)
            .map(|k| {
                if k % 5 == 0 {
                    return hull(rng);
                }
                let mut out = ptr::null_mut();
                let [x, y, z] = [0.0; 3].map(|_| rng.range(0.3, 1.0));
                // SAFETY: out is writable.
                let status = unsafe {
                    match k % 5 {
                        1 => gjk_sphere_new(x, &mut out),
                        2 => gjk_capsule_new(x, 0.5 * y, &mut out),
                        3 => gjk_box_new(x, y, z, &mut out),
                        _ => gjk_ellipsoid_new(x, y, z, &mut out),
                    }
                };
                made(status, out)
            })
            .collect(),
    )
}

fn pose_3d(rng: &mut Random, spread: f64) -> GjkPose {
    let p = [0.0, 0.0, 0.0].map(|_| rng.range(-spread, spread));
    let q = [0.0; 4].map(|_| rng.range(-1.0, 1.0));
    let norm = q.iter().map(|x| x * x).sum::<f64>().sqrt().max(1e-3);
    let q = q.map(|x| x / norm);
    // SAFETY: both arrays hold three and four values.
    unsafe { gjk_pose_3d(p.as_ptr(), q.as_ptr()) }
}

/// The pairs: shapes, poses.
struct Pairs {
    a: Vec<*const GjkShape>,
    pa: Vec<GjkPose>,
    b: Vec<*const GjkShape>,
    pb: Vec<GjkPose>,
}

fn pairs(shapes: &Handles, rng: &mut Random) -> Pairs {
    let pick =
        |rng: &mut Random| shapes.0[(rng.unit() * shapes.0.len() as f64) as usize].cast_const();
    let mut p = Pairs {
        a: Vec::new(),
        pa: Vec::new(),
        b: Vec::new(),
        pb: Vec::new(),
    };
    for _ in 0..PAIRS {
        p.a.push(pick(rng));
        p.pa.push(pose_3d(rng, 0.0));
        p.b.push(pick(rng));
        p.pb.push(pose_3d(rng, 1.6));
    }
    p
}

fn singles(p: &Pairs, out: &mut [GjkDistanceResult]) {
    for (k, out) in out.iter_mut().enumerate() {
        // SAFETY: live shapes, valid poses, one writable result.
        let status =
            unsafe { gjk_distance_ex(p.a[k], &p.pa[k], p.b[k], &p.pb[k], ptr::null(), out) };
        assert_eq!(status, GJK_OK);
    }
}

fn batches(p: &Pairs, size: usize, threads: u32, out: &mut [GjkDistanceResult]) {
    for first in (0..PAIRS).step_by(size) {
        let n = size.min(PAIRS - first);
        // SAFETY: every array holds n elements from `first` on.
        let status = unsafe {
            gjk_distance_batch(
                p.a[first..].as_ptr(),
                p.pa[first..].as_ptr(),
                p.b[first..].as_ptr(),
                p.pb[first..].as_ptr(),
                n,
                ptr::null(),
                threads,
                out[first..].as_mut_ptr(),
                ptr::null_mut(),
            )
        };
        assert_eq!(status, GJK_OK);
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn same(a: &[GjkDistanceResult], b: &[GjkDistanceResult]) -> bool {
    a.iter().zip(b).all(|(x, y)| {
        x.distance.to_bits() == y.distance.to_bits()
            && x.point_a.map(f64::to_bits) == y.point_a.map(f64::to_bits)
            && x.point_b.map(f64::to_bits) == y.point_b.map(f64::to_bits)
            && x.iterations == y.iterations
    })
}

/// The airspace scene of `n` shapes as C handles and poses.
fn airspace_scene(n: usize) -> (Handles, Vec<GjkPose>) {
    let bodies = airspace::scene(n, 1);
    let shapes = bodies
        .iter()
        .map(|body| {
            let mut out = ptr::null_mut();
            // SAFETY: out is writable; the polygon's array holds its points.
            let status = unsafe {
                match &body.outline {
                    Outline::Circle(r) => gjk_circle_new(*r, &mut out),
                    Outline::Polygon(points) => {
                        gjk_polygon_new(points.as_ptr().cast(), points.len(), &mut out)
                    }
                    Outline::Racetrack(half, r) => gjk_stadium_new(*half, *r, &mut out),
                }
            };
            made(status, out)
        })
        .collect();
    let poses = bodies
        .iter()
        .map(|b| gjk_pose_2d(b.x, b.y, b.angle))
        .collect();
    (Handles(shapes), poses)
}

/// One `gjk_pairs_within` call: seconds and pairs found.
fn within(shapes: &Handles, poses: &[GjkPose], threads: u32) -> (f64, usize) {
    let ptrs: Vec<*const GjkShape> = shapes.0.iter().map(|s| s.cast_const()).collect();
    let mut list: *mut GjkPairList = ptr::null_mut();
    let start = Instant::now();
    // SAFETY: both arrays hold the scene's shapes; list is writable.
    let status = unsafe {
        gjk_pairs_within(
            ptrs.as_ptr(),
            poses.as_ptr(),
            ptrs.len(),
            5.0,
            ptr::null(),
            threads,
            &mut list,
        )
    };
    let seconds = start.elapsed().as_secs_f64();
    assert_eq!(status, GJK_OK);
    // SAFETY: a live list, freed once.
    let found = unsafe { gjk_pair_list_len(list) };
    unsafe { gjk_pair_list_free(list) };
    (seconds, found)
}

/// Single calls against one batch of 8192 pairs on one thread, for pairs of five kinds in
/// random order.
fn mixed_kinds(rounds: usize, rng: &mut Random) {
    let shapes = mixed_shapes(rng);
    let p = pairs(&shapes, rng);
    let mut truth = vec![GjkDistanceResult::default(); PAIRS];
    singles(&p, &mut truth);
    let mut out = vec![GjkDistanceResult::default(); PAIRS];
    let (mut single, mut batch) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        for (times, size) in [(&mut single, 0), (&mut batch, PAIRS)] {
            let start = Instant::now();
            if size == 0 {
                singles(&p, &mut out);
            } else {
                batches(&p, size, 1, &mut out);
            }
            times.push(start.elapsed().as_secs_f64() * 1e9 / PAIRS as f64);
            assert!(same(&out, &truth), "the mixed batch differs");
        }
    }
    let (single, batch) = (median(single), median(batch));
    println!(
        "\nThe same with shapes of five kinds (hulls, spheres, capsules, boxes, ellipsoids), \
         pairs in random order, median of {rounds} rounds (ns per pair)\n"
    );
    println!("| single calls | batch of {PAIRS}, 1 thread | vs single |");
    println!("| ---: | ---: | ---: |");
    println!("| {single:.0} | {batch:.0} | {:.2}x |", batch / single);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds = args
        .iter()
        .position(|a| a == "--rounds")
        .and_then(|k| args.get(k + 1)?.parse().ok())
        .unwrap_or(21usize);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut rng = Random(0x0005_eedb_a7c4);
    let shapes = hulls(&mut rng);
    let p = pairs(&shapes, &mut rng);
    let mut truth = vec![GjkDistanceResult::default(); PAIRS];
    singles(&p, &mut truth);
    // Variants: single calls, then each size on 1 thread and on all cores (threads = 0).
    let mut variants: Vec<(usize, u32)> = vec![(0, 1)];
    for size in SIZES {
        variants.push((size, 1));
        variants.push((size, 0));
    }
    let mut times = vec![Vec::new(); variants.len()];
    let mut out = vec![GjkDistanceResult::default(); PAIRS];
    for round in 0..rounds + 1 {
        for v in 0..variants.len() {
            let v = (v + round) % variants.len();
            let (size, threads) = variants[v];
            out.fill(GjkDistanceResult::default());
            let start = Instant::now();
            if size == 0 {
                singles(&p, &mut out);
            } else {
                batches(&p, size, threads, &mut out);
            }
            let ns = start.elapsed().as_secs_f64() * 1e9 / PAIRS as f64;
            assert!(
                same(&out, &truth),
                "batch {size} on {threads} threads differs"
            );
            if round > 0 {
                times[v].push(ns);
            }
        }
    }
    let medians: Vec<f64> = times.into_iter().map(median).collect();
    let single = medians[0];
    println!(
        "gjk_distance_batch vs gjk_distance_ex, 3D hulls of 8 to 12 points, {PAIRS} pairs, \
         {cores} cores, median of {rounds} rounds (ns per pair)\n"
    );
    println!("| pairs per call | 1 thread | vs single | all cores | vs single | 1 -> all cores |");
    println!("| ---: | ---: | ---: | ---: | ---: | ---: |");
    println!("| single calls | {single:.0} | 1.00x | | | |");
    for (k, size) in SIZES.iter().enumerate() {
        let (one, all) = (medians[1 + 2 * k], medians[2 + 2 * k]);
        println!(
            "| {size} | {one:.0} | {:.2}x | {all:.0} | {:.2}x | {:.2}x faster |",
            one / single,
            all / single,
            one / all
        );
    }
    mixed_kinds(rounds, &mut rng);
    println!("\ngjk_pairs_within, airspace-like scene, separation 5 km, best of 7 alternating runs (ms)\n");
    println!("| shapes | pairs found | 1 thread | 2 threads | 1 -> 2 threads |");
    println!("| ---: | ---: | ---: | ---: | ---: |");
    for n in [10_000, 100_000] {
        let (scene_shapes, poses) = airspace_scene(n);
        let (mut one, mut two, mut found) = (f64::MAX, f64::MAX, 0);
        for _ in 0..7 {
            let (t1, f1) = within(&scene_shapes, &poses, 1);
            let (t2, f2) = within(&scene_shapes, &poses, 2);
            assert_eq!(f1, f2, "the pairs found depend on the threads");
            (one, two, found) = (one.min(t1), two.min(t2), f1);
        }
        println!(
            "| {n} | {found} | {:.2} | {:.2} | {:.2}x |",
            one * 1e3,
            two * 1e3,
            one / two
        );
    }
}
