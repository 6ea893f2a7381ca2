//! Many threads querying the same shapes at once, through the C ABI handles and through the
//! Rust API, get bitwise the answers of a single thread; each thread's last error message is
//! its own.

use crate::common::ffi::last_error;
use gjk::ffi::*;
use gjk::shape::{Ball, ConvexHull, Cuboid, Ellipsoid, Shape};
use gjk::{distance, penetration, Pose, QueryError, Vector};
use nalgebra::{UnitQuaternion, Vector3};
use std::sync::{Arc, Barrier};

const THREADS: usize = 8;

/// Shape handles shared by the threads (the header documents them as usable by any number of
/// threads at once).
struct Handles(Vec<*mut GjkShape>);
unsafe impl Send for Handles {}
unsafe impl Sync for Handles {}

impl Drop for Handles {
    fn drop(&mut self) {
        for &h in &self.0 {
            unsafe { gjk_shape_free(h) };
        }
    }
}

fn handles() -> Handles {
    let mut out = Vec::new();
    let mut s = std::ptr::null_mut();
    let cloud: Vec<f64> = (0..40)
        .map(|i| ((i * 37 % 19) as f64 - 9.0) / 4.0)
        .collect();
    unsafe {
        assert_eq!(
            gjk_polytope_new(cloud.as_ptr(), cloud.len() / 3, &mut s),
            GJK_OK
        );
        out.push(s);
        assert_eq!(gjk_box_new(1.0, 2.0, 0.5, &mut s), GJK_OK);
        out.push(s);
        assert_eq!(gjk_ellipsoid_new(1.5, 0.5, 1.0, &mut s), GJK_OK);
        out.push(s);
        assert_eq!(gjk_capsule_new(1.0, 0.25, &mut s), GJK_OK);
        out.push(s);
        assert_eq!(gjk_sphere_new(0.75, &mut s), GJK_OK);
        out.push(s);
    }
    Handles(out)
}

/// Deterministic poses spread over a few units, half of them overlapping.
fn poses(n: usize) -> Vec<GjkPose> {
    (0..n)
        .map(|i| {
            let t = i as f64;
            let axis = Vector3::new((t * 0.7).sin(), (t * 1.3).cos(), 0.5).normalize();
            let q = UnitQuaternion::from_axis_angle(&nalgebra::Unit::new_normalize(axis), t);
            let r = q.as_ref().coords; // (x, y, z, w)
            GjkPose {
                position: [
                    (t * 0.37).sin() * 4.0,
                    (t * 0.11).cos() * 3.0,
                    (t * 0.23).sin(),
                ],
                rotation: [r[0], r[1], r[2], r[3]],
            }
        })
        .collect()
}

/// Every query of the C ABI on every pair and pose: the results as bit patterns.
fn run_c(h: &Handles, poses: &[GjkPose], order: usize) -> Vec<u64> {
    let mut bits = Vec::new();
    let n = poses.len();
    for k in 0..n {
        let k = (k + order * 7) % n; // each thread walks the list from elsewhere
        let pose = &poses[k];
        for (i, &a) in h.0.iter().enumerate() {
            let b = h.0[(i + k) % h.0.len()];
            let mut d = GjkDistanceResult::default();
            let mut p = GjkPenetrationResult::default();
            let mut hit = false;
            // Curved pairs may end at the iteration cap (GJK_NO_CONVERGENCE, results still
            // written): the statuses are compared too.
            let statuses = unsafe {
                [
                    gjk_distance(a, std::ptr::null(), b, pose, &mut d),
                    gjk_penetration(a, std::ptr::null(), b, pose, &mut p),
                    gjk_intersect(a, std::ptr::null(), b, pose, &mut hit),
                ]
            };
            for s in statuses {
                assert!(s == GJK_OK || s == GJK_NO_CONVERGENCE, "status {s}");
            }
            bits.push(k as u64);
            bits.push(statuses.iter().fold(0u64, |m, &s| m * 8 + s as u64));
            bits.extend([d.distance, d.lower_bound, p.signed_distance].map(f64::to_bits));
            for v in [
                d.point_a, d.point_b, d.normal, p.point_a, p.point_b, p.normal,
            ] {
                bits.extend(v.map(f64::to_bits));
            }
            bits.extend([d.iterations as u64, p.iterations as u64, hit as u64]);
        }
    }
    sort_by_pose(bits, 2 + 3 + 18 + 3)
}

/// Records are `width` words starting with the pose index; sorted so that orders compare.
fn sort_by_pose(bits: Vec<u64>, width: usize) -> Vec<u64> {
    let mut records: Vec<&[u64]> = bits.chunks(width).collect();
    records.sort_by_key(|r| r[0]);
    records.concat()
}

fn rust_shapes() -> Vec<Shape<3>> {
    let cloud: Vec<Vector<3>> = (0..30)
        .map(|i| {
            let t = i as f64;
            Vector::<3>::new(t.sin() * 2.0, (t * 1.7).cos(), (t * 0.3).sin() * 1.5)
        })
        .collect();
    vec![
        Shape::ConvexHull(ConvexHull::new(cloud).unwrap()),
        Shape::Cuboid(Cuboid::new(Vector::<3>::new(1.0, 0.5, 2.0)).unwrap()),
        Shape::Ellipsoid(Ellipsoid::new(Vector::<3>::new(0.5, 1.5, 1.0)).unwrap()),
        Shape::Ball(Ball::new(1.25).unwrap()),
    ]
}

fn run_rust(shapes: &[Shape<3>], order: usize) -> Vec<u64> {
    let mut bits = Vec::new();
    let n = 20;
    for k in 0..n {
        let k = (k + order * 11) % n;
        let t = k as f64;
        let q = UnitQuaternion::from_euler_angles(t * 0.3, t * 0.2, t * 0.1);
        let pose =
            Pose::new_3d(Vector3::new(t.sin() * 3.0, (t * 0.5).cos() * 2.0, 0.25), q).unwrap();
        for (i, a) in shapes.iter().enumerate() {
            let b = &shapes[(i + k) % shapes.len()];
            // The best answer also when the iteration cap is reached (curved pairs).
            let d = match distance(a, &Pose::identity(), b, &pose) {
                Ok(d) => d,
                Err(QueryError::NoConvergence(best)) => *best,
                Err(e) => panic!("{e}"),
            };
            let p = match penetration(a, &Pose::identity(), b, &pose) {
                Ok(p) => p,
                Err(QueryError::NoConvergence(best)) => *best,
                Err(e) => panic!("{e}"),
            };
            bits.push(k as u64);
            bits.extend([d.distance, d.lower_bound, p.signed_distance].map(f64::to_bits));
            bits.extend(
                d.point_a
                    .iter()
                    .chain(d.normal.iter())
                    .chain(p.normal.iter())
                    .map(|x| x.to_bits()),
            );
        }
    }
    sort_by_pose(bits, 1 + 3 + 9)
}

/// Runs `run(t + round)`, rounds 0 to 2, on `THREADS` threads at once, and asserts that every
/// run answers as `run(0)` on this thread, bit for bit.
fn assert_threads_match_one_thread<T>(run: impl Fn(usize) -> T + Send + Sync + 'static)
where
    T: PartialEq + Send + 'static,
{
    let run = Arc::new(run);
    let reference = run(0);
    let barrier = Arc::new(Barrier::new(THREADS));
    let threads: Vec<_> = (0..THREADS)
        .map(|t| {
            let (run, barrier) = (run.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                (0..3).map(|round| run(t + round)).collect::<Vec<_>>()
            })
        })
        .collect();
    for (t, thread) in threads.into_iter().enumerate() {
        for run in thread.join().expect("no panic") {
            assert!(
                run == reference,
                "thread {t} got different results from one thread"
            );
        }
    }
}

#[test]
fn c_abi_queries_from_many_threads_match_one_thread_bitwise() {
    let (h, poses) = (handles(), poses(20));
    assert_threads_match_one_thread(move |k| run_c(&h, &poses, k));
}

#[test]
fn rust_api_queries_from_many_threads_match_one_thread_bitwise() {
    let shapes = rust_shapes();
    assert_threads_match_one_thread(move |k| run_rust(&shapes, k));
}

#[test]
fn error_messages_stay_with_their_thread() {
    let h = Arc::new(handles());
    let barrier = Arc::new(Barrier::new(THREADS));
    let threads: Vec<_> = (0..THREADS)
        .map(|t| {
            let (h, barrier) = (h.clone(), barrier.clone());
            std::thread::spawn(move || {
                // A fresh thread has no message yet.
                assert_eq!(last_error(), "", "thread {t} starts with a message");
                for round in 0..200 {
                    // Each thread fails with a radius of its own, the others at the same time.
                    let radius = -((t * 1000 + round) as f64) - 1.0;
                    let mut s = std::ptr::null_mut();
                    barrier.wait();
                    assert_eq!(unsafe { gjk_sphere_new(radius, &mut s) }, GJK_INVALID_ARGUMENT);
                    barrier.wait();
                    // Successful calls in between leave the message alone.
                    let mut d = GjkDistanceResult::default();
                    let st = unsafe {
                        gjk_distance(h.0[0], std::ptr::null(), h.0[1], std::ptr::null(), &mut d)
                    };
                    assert_eq!(st, GJK_OK);
                    let message = last_error();
                    assert!(
                        message.contains(&format!("{radius}")),
                        "thread {t} round {round}: message {message:?} is not about its radius {radius}"
                    );
                    // A different failure on some threads: the message follows.
                    if t % 2 == 0 {
                        let st = unsafe {
                            gjk_distance(h.0[0], std::ptr::null(), std::ptr::null(), std::ptr::null(), &mut d)
                        };
                        assert_eq!(st, GJK_NULL_POINTER);
                        assert_eq!(last_error(), "shape b is NULL");
                    }
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("no panic");
    }
}
