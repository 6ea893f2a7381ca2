//! `cargo run --release -p gjk-bench --bin casts -- [--quick]`: ray casts and shape casts,
//! gjk against parry (`parry3d-f64`) on identical 3D cases, single thread. For each workload
//! both libraries run the same cases in `rounds` timed passes (after a warm-up pass); the
//! table gives the median nanoseconds per query and how often the two agree (both miss, or
//! both hit with times within 1e-9 relative), with the largest relative difference of the
//! times. Prints a Markdown table (docs/performance-casts.md holds one).

use std::hint::black_box;

use gjk::shape::{Ball, Capsule, ConvexHull, Cuboid, Shape};
use gjk::{shape_cast, Pose, QueryOptions, Vector};
use gjk_bench::data::Rng;
use gjk_bench::median_ns;
use nalgebra::{Quaternion, UnitQuaternion, Vector3};
use parry3d_f64::math::{Pose as PPose, Rot3, Vector as PVector};
use parry3d_f64::query::{self, Ray, ShapeCastOptions};
use parry3d_f64::shape as ps;

/// One shape for both libraries.
struct Both {
    ours: Shape<3>,
    theirs: Box<dyn ps::Shape>,
}

fn ball(r: f64) -> Both {
    Both {
        ours: Shape::Ball(Ball::new(r).unwrap()),
        theirs: Box::new(ps::Ball::new(r)),
    }
}

fn cuboid(h: [f64; 3]) -> Both {
    Both {
        ours: Shape::Cuboid(Cuboid::new(Vector::<3>::from(h)).unwrap()),
        theirs: Box::new(ps::Cuboid::new(PVector::from_array(h))),
    }
}

fn capsule(half_length: f64, r: f64) -> Both {
    Both {
        ours: Shape::Capsule(Capsule::along_axis(2, half_length, r).unwrap()),
        theirs: Box::new(ps::Capsule::new_z(half_length, r)),
    }
}

/// The hull of `n` random points on a unit sphere.
fn hull(rng: &mut Rng, n: usize) -> Both {
    let points: Vec<[f64; 3]> = (0..n)
        .map(|_| {
            let p = Vector3::from(rng.vector(1.0));
            (p / p.norm()).into()
        })
        .collect();
    let ours = ConvexHull::new(points.iter().map(|p| Vector::<3>::from(*p)).collect()).unwrap();
    let theirs: Vec<PVector> = points.iter().map(|p| PVector::from_array(*p)).collect();
    Both {
        ours: Shape::ConvexHull(ours),
        theirs: Box::new(ps::ConvexPolyhedron::from_convex_hull(&theirs).unwrap()),
    }
}

/// A pose for both libraries.
fn pose(rng: &mut Rng, position: [f64; 3]) -> (Pose<3>, PPose) {
    let q = Quaternion::new(
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
    );
    let q = UnitQuaternion::from_quaternion(q);
    let ours = Pose::new_3d(Vector3::from(position), q).unwrap();
    let c = q.as_ref().coords;
    let theirs = PPose::from_parts(
        PVector::from_array(position),
        Rot3::from_xyzw(c.x, c.y, c.z, c.w),
    );
    (ours, theirs)
}

struct RayCase {
    shape: usize,
    pose: (Pose<3>, PPose),
    origin: [f64; 3],
    direction: [f64; 3],
}

struct CastCase {
    a: usize,
    pose_a: (Pose<3>, PPose),
    b: usize,
    pose_b: (Pose<3>, PPose),
    velocity_b: [f64; 3],
}

/// Agreement of two answer lists: (agreeing cases, largest relative difference of the times).
fn agreement(ours: &[Option<f64>], theirs: &[Option<f64>]) -> (usize, f64) {
    let mut agree = 0;
    let mut worst: f64 = 0.0;
    for (a, b) in ours.iter().zip(theirs) {
        match (a, b) {
            (None, None) => agree += 1,
            (Some(a), Some(b)) => {
                let d = (a - b).abs() / a.abs().max(b.abs()).max(1e-300);
                worst = worst.max(d);
                if d <= 1e-9 || (a - b).abs() <= 1e-12 {
                    agree += 1;
                }
            }
            _ => {}
        }
    }
    (agree, worst)
}

fn row(name: &str, cases: usize, ns: (f64, f64), ours: &[Option<f64>], theirs: &[Option<f64>]) {
    let hits = ours.iter().filter(|t| t.is_some()).count();
    let (agree, worst) = agreement(ours, theirs);
    println!(
        "| {name} | {cases} | {hits} | {:.0} | {:.0} | {:.2} | {agree} | {worst:.1e} |",
        ns.0,
        ns.1,
        ns.1 / ns.0
    );
}

/// Times `ours_one` and `theirs_one` on every case of `cases` (median over `rounds` passes),
/// then prints their row `name` with the answers compared.
fn compare<C>(
    name: &str,
    rounds: usize,
    cases: &[C],
    ours_one: impl Fn(&C) -> Option<f64>,
    theirs_one: impl Fn(&C) -> Option<f64>,
) {
    let n = cases.len();
    let ns = (
        median_ns(rounds, n, || {
            cases.iter().for_each(|c| {
                black_box(ours_one(c));
            })
        }),
        median_ns(rounds, n, || {
            cases.iter().for_each(|c| {
                black_box(theirs_one(c));
            })
        }),
    );
    let ours: Vec<_> = cases.iter().map(&ours_one).collect();
    let theirs: Vec<_> = cases.iter().map(&theirs_one).collect();
    row(name, n, ns, &ours, &theirs);
}

/// `n` rays at shape `shape` placed at random within 2 of the origin: from 3 to 10 away,
/// aimed within 1.2 of its centre.
fn ray_cases(rng: &mut Rng, shape: usize, n: usize) -> Vec<RayCase> {
    (0..n)
        .map(|_| {
            let at = rng.vector(2.0);
            let pose = pose(rng, at);
            let origin = {
                let d = Vector3::from(rng.vector(1.0)).normalize() * rng.range(3.0, 10.0);
                (pose.0.translation() + d).into()
            };
            let target = pose.0.translation() + Vector::<3>::from(rng.vector(1.2));
            let direction = (target - Vector::<3>::from(origin)).into();
            RayCase {
                shape,
                pose,
                origin,
                direction,
            }
        })
        .collect()
}

/// `n` casts of shape `b` at shape `a` (at the origin, turned at random): B starts 4 to 10
/// away and moves to within 2.5 of the origin in unit time.
fn cast_cases(rng: &mut Rng, a: usize, b: usize, n: usize) -> Vec<CastCase> {
    (0..n)
        .map(|_| {
            let pose_a = pose(rng, [0.0; 3]);
            let start = Vector3::from(rng.vector(1.0)).normalize() * rng.range(4.0, 10.0);
            let pose_b = pose(rng, start.into());
            let target = Vector3::from(rng.vector(2.5));
            CastCase {
                a,
                pose_a,
                b,
                pose_b,
                velocity_b: (target - start).into(),
            }
        })
        .collect()
}

/// The rows of the ray casts: `n` rays at each of `shapes`.
fn ray_rows(rng: &mut Rng, shapes: &[(&str, Both)], rounds: usize, n: usize) {
    let options = QueryOptions::default();
    for (index, (name, _)) in shapes.iter().enumerate() {
        let cases = ray_cases(rng, index, n);
        let ours_one = |c: &RayCase| {
            shapes[c.shape]
                .1
                .ours
                .ray_cast(
                    &c.pose.0,
                    &Vector::<3>::from(c.origin),
                    &Vector::<3>::from(c.direction),
                    f64::INFINITY,
                    &options,
                )
                .ok()
                .flatten()
                .map(|h| h.t)
        };
        let theirs_one = |c: &RayCase| {
            let ray = Ray::new(
                PVector::from_array(c.origin),
                PVector::from_array(c.direction),
            );
            shapes[c.shape]
                .1
                .theirs
                .cast_ray_and_get_normal(&c.pose.1, &ray, f64::MAX, true)
                .map(|h| h.time_of_impact)
        };
        compare(
            &format!("ray vs {name}"),
            rounds,
            &cases,
            ours_one,
            theirs_one,
        );
    }
}

/// The rows of the shape casts: `n` casts for each of three pairs of `shapes`.
fn cast_rows(rng: &mut Rng, shapes: &[(&str, Both)], rounds: usize, n: usize) {
    let pairs = [
        (3, 3, "hull vs hull"),
        (0, 3, "sphere vs hull"),
        (2, 1, "capsule vs box"),
    ];
    let zero = Vector::<3>::zeros();
    for (a, b, name) in pairs {
        let cases = cast_cases(rng, a, b, n);
        let ours_one = |c: &CastCase| {
            shape_cast(
                &shapes[c.a].1.ours,
                &c.pose_a.0,
                &zero,
                &shapes[c.b].1.ours,
                &c.pose_b.0,
                &Vector::<3>::from(c.velocity_b),
                f64::INFINITY,
            )
            .ok()
            .flatten()
            .map(|h| h.t)
        };
        let theirs_one = |c: &CastCase| {
            query::cast_shapes(
                &c.pose_a.1,
                PVector::ZERO,
                &*shapes[c.a].1.theirs,
                &c.pose_b.1,
                PVector::from_array(c.velocity_b),
                &*shapes[c.b].1.theirs,
                ShapeCastOptions::default(),
            )
            .ok()
            .flatten()
            .map(|h| h.time_of_impact)
        };
        compare(
            &format!("shape cast {name}"),
            rounds,
            &cases,
            ours_one,
            theirs_one,
        );
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let rounds = if quick { 3 } else { 15 };
    let n = 2000;
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let shapes = [
        ("sphere", ball(1.0)),
        ("box", cuboid([1.0, 0.5, 0.25])),
        ("capsule", capsule(1.0, 0.5)),
        ("hull of 32 points", hull(&mut rng, 32)),
    ];
    println!("| workload | cases | hits | gjk ns/query | parry ns/query | parry / gjk | agree | max rel. t difference |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    ray_rows(&mut rng, &shapes, rounds, n);
    cast_rows(&mut rng, &shapes, rounds, n);
}
