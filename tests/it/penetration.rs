//! Penetration depth (EPA) against oracles: the hull of all pairwise differences for random
//! polygons (the depth is the smallest distance from the origin to one of its edges), closed
//! forms for balls, boxes and capsules, and degenerate starts.

use crate::common::{hull_2d, square, Rng};
use gjk::shape::{Ball, Capsule, ConvexHull, Cuboid, Ellipsoid, Point, Segment};
use gjk::{penetration, penetration_with, signed_distance, Pose, QueryOptions, Support, Vector};
use nalgebra::{UnitQuaternion, Vector3};

mod curved;
mod fuzz_regressions;

fn cloud_2d(rng: &mut Rng) -> Vec<[f64; 2]> {
    let n = 3 + rng.below(10);
    let r = rng.range(0.5, 2.0);
    (0..n)
        .map(|_| {
            let t = rng.range(0.0, std::f64::consts::TAU);
            [
                r * rng.range(0.3, 1.0) * t.cos(),
                r * rng.range(0.3, 1.0) * t.sin(),
            ]
        })
        .collect()
}

/// Depth and outward normals of the edges of hull(A - B) nearest the origin (which it holds).
fn brute_force_depth(a: &[[f64; 2]], b: &[[f64; 2]]) -> (f64, Vec<(f64, [f64; 2])>) {
    let diff: Vec<[f64; 2]> = a
        .iter()
        .flat_map(|p| b.iter().map(move |q| [p[0] - q[0], p[1] - q[1]]))
        .collect();
    let h = hull_2d(&diff);
    let mut edges: Vec<(f64, [f64; 2])> = (0..h.len())
        .map(|i| {
            let (u, v) = (h[i], h[(i + 1) % h.len()]);
            let n = [v[1] - u[1], u[0] - v[0]];
            let len = n[0].hypot(n[1]);
            let n = [n[0] / len, n[1] / len];
            (n[0] * u[0] + n[1] * u[1], n)
        })
        .collect();
    edges.sort_by(|x, y| x.0.partial_cmp(&y.0).unwrap());
    (edges[0].0, edges)
}

#[test]
fn random_polygons_match_the_hull_of_differences() {
    let mut rng = Rng::new(31);
    let (mut checked, mut normals_checked) = (0, 0);
    let mut max_error = 0.0f64;
    for case in 0..3000 {
        let ca = cloud_2d(&mut rng);
        let cb = cloud_2d(&mut rng);
        let shift = [rng.range(-1.5, 1.5), rng.range(-1.5, 1.5)];
        let cb: Vec<[f64; 2]> = cb
            .iter()
            .map(|p| [p[0] + shift[0], p[1] + shift[1]])
            .collect();
        let (depth, edges) = brute_force_depth(&ca, &cb);
        if depth <= 0.0 {
            continue; // not overlapping
        }
        let hull = |c: &[[f64; 2]]| {
            ConvexHull::new(c.iter().map(|p| Vector::<2>::new(p[0], p[1])).collect()).unwrap()
        };
        let id = Pose::identity();
        let r = penetration(&hull(&ca), &id, &hull(&cb), &id).unwrap();
        assert!(r.intersecting, "case {case}");
        let error = (-r.signed_distance - depth).abs();
        max_error = max_error.max(error);
        assert!(
            error <= 1e-12 * depth + 1e-14,
            "case {case}: depth {} vs {depth}",
            -r.signed_distance
        );
        // The normal is the nearest edge's, when that edge is unique.
        if edges.len() > 1 && edges[1].0 - edges[0].0 > 1e-6 * depth {
            let n = edges[0].1;
            let angle = (r.normal[0] * n[1] - r.normal[1] * n[0]).abs().asin();
            assert!(
                angle < 1e-6 && r.normal.dot(&Vector::<2>::new(n[0], n[1])) > 0.0,
                "case {case}: normal"
            );
            normals_checked += 1;
        }
        // Moving B by the depth along the normal makes the shapes touch.
        let moved = Pose::from_translation(r.normal * -r.signed_distance).unwrap();
        let after = gjk::distance(&hull(&ca), &id, &hull(&cb), &moved).unwrap();
        assert!(
            after.intersecting || after.distance <= 1e-12,
            "case {case}: still apart"
        );
        assert!(
            signed_distance(&hull(&ca), &id, &hull(&cb), &moved)
                .unwrap()
                .abs()
                <= 1e-12,
            "case {case}"
        );
        checked += 1;
    }
    println!("{checked} overlapping polygon pairs, {normals_checked} unique normals, max depth error {max_error:e}");
    assert!(checked > 1000);
}

fn random_rotation(rng: &mut Rng) -> UnitQuaternion<f64> {
    UnitQuaternion::from_scaled_axis(Vector3::from_fn(|_, _| rng.range(-3.0, 3.0)))
}

#[test]
fn balls_boxes_and_capsules_have_closed_form_depths() {
    let mut rng = Rng::new(32);
    for case in 0..2000 {
        // Spheres: depth r1 + r2 - |c|, along c.
        let (r1, r2) = (rng.range(0.1, 2.0), rng.range(0.1, 2.0));
        let c = Vector::<3>::from_fn(|_, _| rng.range(-1.0, 1.0)) * (r1 + r2) * 0.5;
        let p = penetration(
            &Ball::<3>::new(r1).unwrap(),
            &Pose::identity(),
            &Ball::<3>::new(r2).unwrap(),
            &Pose::from_translation(c).unwrap(),
        )
        .unwrap();
        let expected = c.norm() - r1 - r2;
        assert!(
            (p.signed_distance - expected).abs() < 1e-12,
            "spheres {case}"
        );
        assert!(
            (p.normal - c.normalize()).norm() < 1e-12,
            "spheres {case}: normal"
        );
        assert!(
            (p.point_a - c.normalize() * r1).norm() < 1e-12,
            "spheres {case}: point on A"
        );
        // Axis-aligned boxes (in a common random frame): depth = smallest axis overlap.
        let h1 = Vector::<3>::from_fn(|_, _| rng.range(0.1, 2.0));
        let h2 = Vector::<3>::from_fn(|_, _| rng.range(0.1, 2.0));
        let c = Vector::<3>::from_fn(|k, _| rng.range(-1.0, 1.0) * (h1[k] + h2[k]));
        let overlaps = Vector::<3>::from_fn(|k, _| h1[k] + h2[k] - c[k].abs());
        let k = overlaps.imin();
        let world = Pose::new_3d(
            Vector3::from_fn(|_, _| rng.range(-9.0, 9.0)),
            random_rotation(&mut rng),
        )
        .unwrap();
        let p = penetration(
            &Cuboid::new(h1).unwrap(),
            &world,
            &Cuboid::new(h2).unwrap(),
            &(world * Pose::from_translation(c).unwrap()),
        )
        .unwrap();
        assert!(
            (-p.signed_distance - overlaps[k]).abs() < 1e-12,
            "boxes {case}: {} vs {}",
            -p.signed_distance,
            overlaps[k]
        );
        let mut axis = Vector::<3>::zeros();
        axis[k] = c[k].signum();
        let sorted = {
            let mut o = [overlaps[0], overlaps[1], overlaps[2]];
            o.sort_by(f64::total_cmp);
            o
        };
        if sorted[1] - sorted[0] > 1e-6 {
            assert!(
                (p.normal - world.transform_vector(&axis)).norm() < 1e-9,
                "boxes {case}: normal"
            );
        }
        // Capsule and ball: depth r + rb - distance to the segment (the cores are apart).
        let (h, r, rb) = (
            rng.range(0.0, 2.0),
            rng.range(0.1, 1.0),
            rng.range(0.1, 1.0),
        );
        let c = Vector::<3>::new(
            rng.range(-0.5, 0.5),
            rng.range(-0.5, 0.5),
            rng.range(-h - 0.5, h + 0.5),
        ) * (r + rb)
            / 0.8;
        let q = Vector::<3>::new(0.0, 0.0, c.z.clamp(-h, h));
        let expected = (c - q).norm() - r - rb;
        let p = penetration(
            &Capsule::<3>::along_axis(2, h, r).unwrap(),
            &Pose::identity(),
            &Ball::<3>::new(rb).unwrap(),
            &Pose::from_translation(c).unwrap(),
        )
        .unwrap();
        assert!(
            (p.signed_distance - expected).abs() < 1e-12,
            "capsule-ball {case}"
        );
    }
}

#[test]
fn circle_against_polygon() {
    // The unit square's edge x = 1 and a circle of radius 0.5 centred at (1.2, 0.5): the circle
    // reaches 0.3 into the square.
    let square = square(1.0);
    let circle = Ball::<2>::new(0.5).unwrap();
    let p = penetration(
        &square,
        &Pose::identity(),
        &circle,
        &Pose::new_2d(1.2, 0.5, 0.3).unwrap(),
    )
    .unwrap();
    assert!((p.signed_distance + 0.3).abs() < 1e-15);
    assert!((p.normal - Vector::<2>::new(1.0, 0.0)).norm() < 1e-15);
    assert!((p.point_a - Vector::<2>::new(1.0, 0.5)).norm() < 1e-15);
    assert!((p.point_b - Vector::<2>::new(0.7, 0.5)).norm() < 1e-15);
    // Centre inside the square: the cores overlap and EPA runs on the square against a point.
    let p = penetration_at(&square, &circle, Vector::<2>::new(0.9, 0.5));
    assert!(
        (p.signed_distance + 0.6).abs() < 1e-15,
        "{}",
        p.signed_distance
    );
    assert!((p.normal - Vector::<2>::new(1.0, 0.0)).norm() < 1e-15);
}

/// The penetration of `a` at the origin and `b` translated by `t`, both unturned.
fn penetration_at<const D: usize, A: Support<D>, B: Support<D>>(
    a: &A,
    b: &B,
    t: Vector<D>,
) -> gjk::PenetrationResult<D> {
    penetration(a, &Pose::identity(), b, &Pose::from_translation(t).unwrap()).unwrap()
}

/// Starts GJK leaves degenerate: touching, the origin on a face, flat and collinear shapes,
/// single points, one shape deep inside another.
#[test]
fn degenerate_starts_are_finite_and_exact() {
    let id3 = Pose::<3>::identity();
    let unit_box = Cuboid::new(Vector::<3>::new(1.0, 1.0, 1.0)).unwrap();
    // Touching faces: depth 0, normal along the contact.
    let p = penetration_at(&unit_box, &unit_box, Vector::<3>::new(2.0, 0.0, 0.0));
    assert!(p.intersecting && p.signed_distance == 0.0);
    assert!(
        (p.normal - Vector::<3>::x()).norm() < 1e-15,
        "{:?}",
        p.normal
    );
    // Touching at a corner.
    let p = penetration_at(&unit_box, &unit_box, Vector::<3>::new(2.0, 2.0, 2.0));
    assert!(p.intersecting && p.signed_distance == 0.0);
    // Identical boxes: depth 2 (any axis).
    let p = penetration(&unit_box, &id3, &unit_box, &id3).unwrap();
    assert!((p.signed_distance + 2.0).abs() < 1e-15);
    // A small box deep inside a big one, off centre: the nearest face wins.
    let small = Cuboid::new(Vector::<3>::new(0.1, 0.1, 0.1)).unwrap();
    let p = penetration_at(&unit_box, &small, Vector::<3>::new(0.0, 0.5, 0.0));
    assert!(
        (p.signed_distance + 0.6).abs() < 1e-15 && (p.normal - Vector::<3>::y()).norm() < 1e-15
    );
    // A point inside a box.
    let point = Point::new(Vector::<3>::new(0.2, -0.7, 0.1)).unwrap();
    let p = penetration(&unit_box, &id3, &point, &id3).unwrap();
    assert!(
        (p.signed_distance + 0.3).abs() < 1e-15 && (p.normal + Vector::<3>::y()).norm() < 1e-15
    );
    // Flat squares overlapping in one plane: no volume, depth 0 along the plane's normal.
    let flat = ConvexHull::<3>::new(vec![
        Vector::<3>::new(0.0, 0.0, 0.0),
        Vector::<3>::new(1.0, 0.0, 0.0),
        Vector::<3>::new(1.0, 1.0, 0.0),
        Vector::<3>::new(0.0, 1.0, 0.0),
    ])
    .unwrap();
    let p = penetration_at(&flat, &flat, Vector::<3>::new(0.5, 0.5, 0.0));
    assert!(
        p.intersecting && p.signed_distance == 0.0 && p.normal.z.abs() > 1.0 - 1e-15,
        "{p:?}"
    );
    // A flat square through a box: a real overlap, separable along the square's plane only.
    let p = penetration_at(&unit_box, &flat, Vector::<3>::new(0.5, -0.5, 0.25));
    assert!((p.signed_distance + 0.5).abs() < 1e-15, "{p:?}");
    // Collinear segments overlapping in 2D and 3D.
    let s2 = Segment::new(Vector::<2>::new(0.0, 0.0), Vector::<2>::new(2.0, 0.0)).unwrap();
    let p = penetration_at(&s2, &s2, Vector::<2>::new(1.0, 0.0));
    assert!(p.intersecting && p.signed_distance == 0.0 && p.normal.y.abs() > 1.0 - 1e-15);
    let s3 = Segment::new(Vector::<3>::zeros(), Vector::<3>::new(0.0, 0.0, 2.0)).unwrap();
    let p = penetration_at(&s3, &s3, Vector::<3>::new(0.0, 0.0, 1.0));
    assert!(p.intersecting && p.signed_distance == 0.0 && p.normal.z.abs() < 1e-15);
    // The same point twice.
    let p = penetration(&point, &id3, &point, &id3).unwrap();
    assert!(p.intersecting && p.signed_distance == 0.0 && (p.normal.norm() - 1.0).abs() < 1e-15);
    // Separated shapes report their distance, positive.
    let p = penetration_at(&unit_box, &unit_box, Vector::<3>::new(3.0, 0.0, 0.0));
    assert!(!p.intersecting && (p.signed_distance - 1.0).abs() < 1e-15);
}

/// Curved shapes converge to the tolerance asked for, or say they did not.
#[test]
fn ellipsoids_converge_or_report() {
    let mut rng = Rng::new(33);
    let mut iterations = vec![];
    for case in 0..300 {
        let e1 = Ellipsoid::new(Vector::<3>::from_fn(|_, _| rng.range(0.3, 2.0))).unwrap();
        let e2 = Ellipsoid::new(Vector::<3>::from_fn(|_, _| rng.range(0.3, 2.0))).unwrap();
        let pose = Pose::new_3d(
            Vector3::from_fn(|_, _| rng.range(-1.0, 1.0)),
            random_rotation(&mut rng),
        )
        .unwrap();
        let options = QueryOptions {
            relative_tolerance: 1e-6,
            max_iterations: 1000,
            exact: false,
        };
        let p = penetration_with(&e1, &Pose::identity(), &e2, &pose, &options).unwrap();
        assert!(
            p.signed_distance.is_finite() && (p.normal.norm() - 1.0).abs() < 1e-12,
            "case {case}"
        );
        if p.intersecting {
            // The depth is certified by the supports along the normal: h(n) - depth <= tol.
            let n = p.normal;
            let local = pose.rotation().transpose() * -n;
            let h = e1.support(&n).dot(&n) + pose.transform_point(&e2.support(&local)).dot(&-n);
            let depth = -p.signed_distance;
            assert!(
                h >= depth - 1e-12 && h - depth <= 1e-6 * depth + 1e-12,
                "case {case}: {h} vs {depth}"
            );
            iterations.push(p.iterations);
        }
        // A cap too small is reported, with finite numbers.
        let tight = QueryOptions {
            relative_tolerance: 0.0,
            max_iterations: 3,
            exact: false,
        };
        match penetration_with(&e1, &Pose::identity(), &e2, &pose, &tight) {
            Ok(p) => assert!(p.signed_distance.is_finite()),
            Err(gjk::QueryError::NoConvergence(best)) => assert!(best.signed_distance.is_finite()),
            Err(e) => panic!("case {case}: {e}"),
        }
    }
    iterations.sort();
    println!(
        "ellipsoid overlaps at 1e-6: iterations median {} max {}",
        iterations[iterations.len() / 2],
        iterations.last().unwrap()
    );
}
