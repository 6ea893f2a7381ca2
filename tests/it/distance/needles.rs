//! Needles: shapes 1e7 long beside small ones, in both argument orders (issue #23: three such
//! pairs stalled in one order, at random poses near the origin, and ended in no convergence).
//!
//! Oracle: a certificate computed here by brute force, independent of the library: the
//! returned points lie in their shapes (so `|point_a - point_b|` is at least the distance),
//! and along the returned normal every point of B lies beyond every point of A by a margin
//! taken from the shapes' own vertices (so it is at most the distance). The two must agree.

use crate::common::Rng;
use gjk::shape::{Capsule, Cuboid};
use gjk::{distance, Pose, Support, Vector};
use nalgebra::{UnitQuaternion, Vector3};

/// Whether a local point lies in a shape, within a tolerance.
type Contains = Box<dyn Fn(&Vector<3>, f64) -> bool>;

/// A shape as the oracle sees it: its local vertices (a segment's two ends for a capsule)
/// and a radius around them.
struct Body {
    vertices: Vec<Vector<3>>,
    radius: f64,
    /// Whether a local point lies in the shape, within a tolerance.
    contains: Contains,
}

fn box_body(h: [f64; 3]) -> Body {
    let vertices = (0..8)
        .map(|i| Vector::<3>::from_fn(|k, _| if i >> k & 1 == 1 { h[k] } else { -h[k] }))
        .collect();
    Body {
        vertices,
        radius: 0.0,
        contains: Box::new(move |p, tol| (0..3).all(|k| p[k].abs() <= h[k] + tol)),
    }
}

fn capsule_body(half_length: f64, radius: f64) -> Body {
    Body {
        vertices: vec![
            Vector::<3>::new(0.0, 0.0, -half_length),
            Vector::<3>::new(0.0, 0.0, half_length),
        ],
        radius,
        contains: Box::new(move |p, tol| {
            let z = p.z.clamp(-half_length, half_length);
            (p - Vector::<3>::new(0.0, 0.0, z)).norm() <= radius + tol
        }),
    }
}

/// Checks the answer of `distance(a, b)` against the brute-force certificate.
fn check<A: Support<3>, B: Support<3>>(
    what: &str,
    (a, body_a, pose_a): (&A, &Body, &Pose<3>),
    (b, body_b, pose_b): (&B, &Body, &Pose<3>),
) {
    let r = distance(a, pose_a, b, pose_b).unwrap_or_else(|e| panic!("{what}: {e}"));
    // The size of the numbers involved: the needle's length.
    let scale = body_a
        .vertices
        .iter()
        .chain(&body_b.vertices)
        .map(|v| v.amax())
        .fold(1.0, f64::max);
    let tolerance = 64.0 * f64::EPSILON * scale;
    let local =
        |pose: &Pose<3>, p: &Vector<3>| pose.rotation().transpose() * (p - pose.translation());
    assert!(
        (body_a.contains)(&local(pose_a, &r.point_a), tolerance),
        "{what}: point_a"
    );
    assert!(
        (body_b.contains)(&local(pose_b, &r.point_b), tolerance),
        "{what}: point_b"
    );
    let upper = (r.point_a - r.point_b).norm();
    if r.intersecting {
        assert!(
            upper <= tolerance,
            "{what}: intersecting, points {upper:e} apart"
        );
        return;
    }
    let n = r.normal;
    let reach_a = body_a
        .vertices
        .iter()
        .map(|v| n.dot(&pose_a.transform_point(v)))
        .fold(f64::NEG_INFINITY, f64::max)
        + body_a.radius;
    let reach_b = body_b
        .vertices
        .iter()
        .map(|v| n.dot(&pose_b.transform_point(v)))
        .fold(f64::INFINITY, f64::min)
        - body_b.radius;
    let lower = reach_b - reach_a;
    assert!(
        upper - lower <= 1e-9 * upper.max(1.0) + tolerance,
        "{what}: points {upper:e} apart, separated by only {lower:e} along the normal"
    );
    assert!((r.distance - upper).abs() <= tolerance, "{what}: distance");
    assert!(r.lower_bound <= upper + tolerance, "{what}: lower bound");
}

fn random_pose(rng: &mut Rng) -> Pose<3> {
    let position = Vector3::new(
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
    ) * 2.0;
    let axis = Vector3::new(
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
    ) * 3.0;
    Pose::new_3d(position, UnitQuaternion::from_scaled_axis(axis)).expect("a finite pose")
}

/// The three needle pairs of the issue, 1000 random poses each, both orders.
#[test]
fn needles_converge_in_both_orders() {
    let boxes = [
        ([0.0, 0.1375, 5e-9], [1.8e-9, 0.0, 1.885e7]),
        ([1.19, 2.05, 1.35], [0.0, 8.2e-10, 4.17e7]),
    ];
    let mut rng = Rng::new(0x6e65_6564_6c65_7321);
    for (case, (ha, hb)) in boxes.iter().enumerate() {
        let a = Cuboid::new(Vector::<3>::from(*ha)).expect("a box");
        let b = Cuboid::new(Vector::<3>::from(*hb)).expect("a needle");
        let (body_a, body_b) = (box_body(*ha), box_body(*hb));
        for k in 0..1000 {
            let (pa, pb) = (random_pose(&mut rng), random_pose(&mut rng));
            let what = format!("boxes {case}, pose {k}");
            check(&what, (&a, &body_a, &pa), (&b, &body_b, &pb));
            check(&what, (&b, &body_b, &pb), (&a, &body_a, &pa));
        }
    }
    let a = Cuboid::new(Vector::<3>::new(0.0, 3.074, 0.1308)).expect("a plate");
    let b = Capsule::<3>::along_axis(2, 3.59e7, 1.448).expect("a needle capsule");
    let (body_a, body_b) = (box_body([0.0, 3.074, 0.1308]), capsule_body(3.59e7, 1.448));
    for k in 0..1000 {
        let (pa, pb) = (random_pose(&mut rng), random_pose(&mut rng));
        let what = format!("plate and capsule, pose {k}");
        check(&what, (&a, &body_a, &pa), (&b, &body_b, &pb));
        check(&what, (&b, &body_b, &pb), (&a, &body_a, &pa));
    }
}
