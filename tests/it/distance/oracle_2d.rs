//! 2D polygons against a brute-force oracle: separating axes for the verdict, the smallest
//! vertex–edge distance for the distance. The library gets the raw, unordered point clouds
//! (interior points, duplicates, collinear and single-point clouds included) under random
//! poses; the oracle works on their hulls, transformed to the world frame.

use crate::common::{hull_2d, polygon_distance, Rng};
use gjk::shape::ConvexHull;
use gjk::{distance, intersect, Pose, Vector};

/// A random cloud: a few points on an ellipse-ish ring plus interior points and duplicates, or
/// a degenerate cloud.
fn random_cloud(rng: &mut Rng) -> Vec<[f64; 2]> {
    let kind = rng.below(10);
    let n = 1 + rng.below(12);
    let (rx, ry) = (rng.range(0.1, 3.0), rng.range(0.1, 3.0));
    let mut pts: Vec<[f64; 2]> = (0..n)
        .map(|_| {
            let t = rng.range(0.0, std::f64::consts::TAU);
            let r = if rng.below(3) == 0 { rng.unit() } else { 1.0 };
            [rx * r * t.cos(), ry * r * t.sin()]
        })
        .collect();
    match kind {
        0 => pts.truncate(1),                                // a point
        1 => pts.iter_mut().for_each(|p| p[1] = 0.5 * p[0]), // collinear
        2 => pts.extend(pts.clone()),                        // every point twice
        _ => {}
    }
    pts
}

fn place(p: &[f64; 2], pose: &Pose<2>) -> [f64; 2] {
    let w = pose.transform_point(&Vector::<2>::new(p[0], p[1]));
    [w[0], w[1]]
}

#[test]
fn random_polygons_match_brute_force() {
    let mut rng = Rng::new(2);
    let (mut separated, mut overlapping, mut excused) = (0, 0, 0);
    let mut max_error = 0.0f64;
    for case in 0..6000 {
        let (ca, cb) = (random_cloud(&mut rng), random_cloud(&mut rng));
        let spread = [0.5, 3.0, 8.0][case % 3];
        let pose_a = Pose::new_2d(
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-4.0, 4.0),
        )
        .unwrap();
        let pose_b = Pose::new_2d(
            rng.range(-spread, spread),
            rng.range(-spread, spread),
            rng.range(-4.0, 4.0),
        )
        .unwrap();
        let a = ConvexHull::new(ca.iter().map(|p| Vector::<2>::new(p[0], p[1])).collect()).unwrap();
        let b = ConvexHull::new(cb.iter().map(|p| Vector::<2>::new(p[0], p[1])).collect()).unwrap();
        let world = |c: &[[f64; 2]], pose: &Pose<2>| {
            hull_2d(&c.iter().map(|p| place(p, pose)).collect::<Vec<_>>())
        };
        let (ha, hb) = (world(&ca, &pose_a), world(&cb, &pose_b));
        let exact = polygon_distance(&ha, &hb);
        let r = distance(&a, &pose_a, &b, &pose_b).unwrap();
        let hit = intersect(&a, &pose_a, &b, &pose_b).unwrap();
        assert_eq!(
            hit, r.intersecting,
            "case {case}: intersect and distance disagree"
        );
        let size = 20.0;
        // The oracle's own transform rounds differently from the library's: allow for it.
        let allowance = 1e-9 * exact + 1e-13 * size;
        if (exact > 0.0) == hit {
            assert!(
                exact <= allowance,
                "case {case}: verdict {hit}, oracle distance {exact:e}\nA {ha:?}\nB {hb:?}"
            );
            excused += 1;
        }
        let error = (r.distance - exact).abs();
        max_error = max_error.max(error);
        assert!(
            error <= allowance,
            "case {case}: distance {} vs oracle {exact}, error {error:e}\nA {ha:?}\nB {hb:?}",
            r.distance
        );
        assert!(r.lower_bound <= exact + allowance && r.lower_bound <= r.distance);
        // The closest points are on the shapes and as far apart as the distance.
        let on = |p: &Vector<2>, h: &[[f64; 2]]| polygon_distance(&[[p[0], p[1]]], h);
        assert!(
            on(&r.point_a, &ha) <= 1e-12 && on(&r.point_b, &hb) <= 1e-12,
            "case {case}"
        );
        if !r.intersecting {
            assert!(((r.point_b - r.point_a).norm() - r.distance).abs() <= allowance);
            let unit_gap = (r.point_b - r.point_a) / r.distance;
            assert!((unit_gap - r.normal).norm() < 1e-6, "case {case}: normal");
        }
        if exact > 0.0 {
            separated += 1;
        } else {
            overlapping += 1;
        }
    }
    println!(
        "6000 random polygon pairs: {separated} separated, {overlapping} intersecting, \
         {excused} near-touching, max distance error {max_error:e}"
    );
    assert!(separated > 1000 && overlapping > 1000);
}

/// Exactly touching polygons (shared edges and corners, in exact arithmetic) intersect.
#[test]
fn touching_polygons_intersect_at_distance_zero() {
    let square = |x: f64, y: f64, s: f64| {
        ConvexHull::new(vec![
            Vector::<2>::new(x, y),
            Vector::<2>::new(x + s, y),
            Vector::<2>::new(x + s, y + s),
            Vector::<2>::new(x, y + s),
        ])
        .unwrap()
    };
    let id = Pose::identity();
    for scale in [1e-6, 1.0, 1e6] {
        for offset in [0.0, 1e6, -3e5] {
            let a = square(offset, offset, scale);
            for (dx, dy) in [
                (1.0, 0.0),
                (1.0, 1.0),
                (0.0, -1.0),
                (1.0, 0.5),
                (-1.0, -1.0),
            ] {
                let b = square(offset + dx * scale, offset + dy * scale, scale);
                let r = distance(&a, &id, &b, &id).unwrap();
                assert!(
                    r.intersecting && r.distance == 0.0,
                    "{scale} {offset} {dx} {dy}"
                );
                assert!(intersect(&a, &id, &b, &id).unwrap());
                // Moved apart by one part in a million of their size: separated, exactly.
                let gap = scale * 1e-6;
                let (cx, cy) = (offset + dx * (scale + gap), offset + dy * (scale + gap));
                let c = square(cx, cy, scale);
                let r = distance(&a, &id, &c, &id).unwrap();
                // The gap along each axis, from the coordinates as stored (at 1e6 the 1e-12
                // gap of the tiny squares rounds away): differences of nearby doubles are exact.
                let axis_gap = |lo_a: f64, lo_c: f64| {
                    ((lo_c - (lo_a + scale)).max(lo_a - (lo_c + scale))).max(0.0)
                };
                let expected = axis_gap(offset, cx).hypot(axis_gap(offset, cy));
                let ulps = 8.0 * f64::EPSILON * (offset.abs() + scale);
                assert_eq!(
                    r.intersecting,
                    expected == 0.0,
                    "{scale} {offset} {dx} {dy}"
                );
                assert!(
                    (r.distance - expected).abs() <= 1e-9 * expected + ulps,
                    "{scale} {offset} {dx} {dy}: {} vs {expected}",
                    r.distance
                );
            }
        }
    }
}

/// Two bars crossed like a plus sign, neither with a vertex inside the other: the exact
/// polygon kernel answers (no support evaluation), at distance 0, with a point in both bars
/// (against the brute-force oracle, to the rounding of the coordinates).
#[test]
fn crossed_bars_meet_at_a_point_of_both() {
    let mut rng = Rng::new(26);
    let bar = |center: [f64; 2], length: f64, width: f64, angle: f64| {
        let (c, s) = (angle.cos(), angle.sin());
        let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map(|(u, v)| {
            let (x, y) = (0.5 * length * u, 0.5 * width * v);
            [center[0] + c * x - s * y, center[1] + s * x + c * y]
        });
        let hull = corners.map(|[x, y]| Vector::<2>::new(x, y)).to_vec();
        (ConvexHull::new(hull).unwrap(), hull_2d(&corners))
    };
    let id = Pose::identity();
    for case in 0..2000 {
        let scale = 10f64.powf(rng.range(-3.0, 3.0));
        let offset = [rng.range(-1e3, 1e3), rng.range(-1e3, 1e3)];
        let (length, width) = (10.0 * scale, scale);
        let angle = rng.range(-4.0, 4.0);
        // Crossing at more than 0.3 rad, within a quarter width of each other's axes: every
        // corner lies beyond the other bar.
        let turn = rng.range(0.3, std::f64::consts::PI - 0.3);
        let shift = [
            rng.range(-0.25, 0.25) * width,
            rng.range(-0.25, 0.25) * width,
        ];
        let (a, ha) = bar(offset, length, width, angle);
        let center_b = [offset[0] + shift[0], offset[1] + shift[1]];
        let (b, hb) = bar(center_b, length, width, angle + turn);
        let r = distance(&a, &id, &b, &id).unwrap();
        assert!(
            r.intersecting && r.distance == 0.0 && r.lower_bound == 0.0 && !r.tolerance_call,
            "case {case}: {r:?}"
        );
        assert_eq!(r.iterations, 0, "case {case}: the search answered");
        let rounding = 16.0 * f64::EPSILON * (offset[0].abs() + offset[1].abs() + length);
        let point = [[r.point_a[0], r.point_a[1]]];
        assert_eq!(r.point_a, r.point_b, "case {case}");
        assert!(
            polygon_distance(&point, &ha) <= rounding && polygon_distance(&point, &hb) <= rounding,
            "case {case}: {point:?} is not in both bars\nA {ha:?}\nB {hb:?}"
        );
    }
}
