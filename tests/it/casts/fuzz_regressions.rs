//! Regression tests for what fuzzing the C ABI found (fuzz/, scripts/fuzz.sh) in the ray and shape
//! casts, each reproduced through the C functions with the fuzzer's input and checked against an
//! oracle (an exact answer, the support functions, or the input's refusal with its message). A new
//! finding that is not fixed yet goes beside the feature it concerns `#[ignore]`d with `KNOWN:`
//! (and the fuzz targets skip the same inputs: grep `KNOWN:` in fuzz/); fix it, remove both, and
//! the test guards it.

use crate::common::ffi::*;
use gjk::ffi::*;
use gjk::shape::Shape;
use gjk::Vector;

/// Found by query_2d once it cast rays (an early version of the casts' checks): an ellipse
/// with a zero semi-axis (the segment x = 1000013.125, |y - 1e6| <= 6.5625) and a ray along
/// y = x from (9e4, 9e4), which passes 6.56 beyond the segment's end. Reported a hit at
/// (1000013.125, 1000013.125) with normal (-1, 0): conservative advancement took a normal
/// that turned by 90 degrees (round the segment's end) for one that turned back (B through
/// A), which no step can do.
#[test]
fn ray_misses_a_flat_ellipse_beside_it() {
    let ellipse = gjk::shape::Ellipsoid::<2>::new(Vector::<2>::new(0.0, 6.5625)).unwrap();
    let pose = gjk::Pose::new_2d(1000013.125, 1000000.0, 0.0).unwrap();
    let hit = gjk::ray_cast(
        &ellipse,
        &pose,
        &Vector::<2>::new(90000.0, 90000.0),
        &Vector::<2>::new(12.625, 12.625),
        f64::INFINITY,
    )
    .unwrap();
    assert!(hit.is_none(), "{hit:?}");
}

/// Found by query_2d casting rays (fuzz/regressions/crash-0453fa1b…): a ray from beyond a
/// capsule's end, within its cylinder's radius and moving away from the axis, was given the
/// cylinder's side at t = -2.46 (the entry root of a ray that starts inside the cylinder).
#[test]
fn ray_from_beyond_a_capsule_end_does_not_hit_behind() {
    let capsule = Shape::Capsule(gjk::shape::Capsule::<2>::along_axis(0, 2.4375, 6.0).unwrap());
    let pose = gjk::Pose::new_2d(0.0, 0.0, 0.0).unwrap();
    // From beyond the +x end (x = 2.4375 + 6 = 8.4375 at the tip), 1 off the axis.
    let origin = Vector::<2>::new(9.0, 1.0);
    let options = gjk::QueryOptions::default();
    // Away from the capsule (the side root was t = -8.33), and towards its cap.
    for direction in [Vector::<2>::new(1.0, -0.6), Vector::<2>::new(-1.0, 0.1)] {
        let closed = capsule
            .ray_cast(&pose, &origin, &direction, f64::INFINITY, &options)
            .unwrap();
        let by_gjk = gjk::ray_cast(&capsule, &pose, &origin, &direction, f64::INFINITY).unwrap();
        assert_eq!(
            closed.is_some(),
            by_gjk.is_some(),
            "{closed:?} vs {by_gjk:?}"
        );
        if let (Some(c), Some(g)) = (closed, by_gjk) {
            assert!(c.t >= 0.0 && (c.t - g.t).abs() < 1e-9, "{c:?} vs {g:?}");
        }
    }
}

/// Found by query_2d's ray casts (fuzz/regressions/crash-e8eb0cf9…): a capsule of radius
/// 2.6e-29 and half length 8 along x at (-8, 0), and a ray from (9e4, -1e-299) along
/// (-90004, 4.6e-160) that hits the tip of its cap 4.6e-160 off the axis. The normal was
/// normalized by squaring that offset (subnormal): its length was 0.9999963.
#[test]
fn ray_normal_on_a_thin_capsule_is_unit() {
    let capsule = Shape::Capsule(
        gjk::shape::Capsule::<2>::along_axis(0, 8.0, 2.568114432456141e-29).unwrap(),
    );
    let pose = gjk::Pose::new_2d(-8.0, 0.0, 0.0).unwrap();
    let origin = Vector::<2>::new(90000.0, -9.875e-300);
    let direction = Vector::<2>::new(-90004.0, 4.596248326711013e-160);
    let hit = capsule
        .ray_cast(
            &pose,
            &origin,
            &direction,
            f64::INFINITY,
            &gjk::QueryOptions::default(),
        )
        .unwrap()
        .expect("a hit on the cap");
    assert!((hit.normal.norm() - 1.0).abs() < 1e-15, "{hit:?}");
    assert!((hit.t - 90000.0 / 90004.0).abs() < 1e-12, "{hit:?}");
}

/// Found by query_3d's shape casts (fuzz/regressions/crash-ad461823… and crash-e63be9e9…): a
/// box of half size 1e-8 moving from `start` at `velocity` reaches, at t = 1, the vertex of a
/// hull (11 points, 90 degrees about z) placed at (-0.5, -0.5, -0.5), and passes 0.3 deep
/// through it. Both casts reported a miss. The first trusted a lower bound the support
/// functions' rounding had inflated (fixed by LOWER_ULPS). The second stopped 1.5e-9 short with
/// a distance search stalled at a lower bound of 4e-10 whose normal pointed away from the
/// motion, and took B moving away from that normal for a miss; the advance is now measured
/// along the plane that certifies the lower bound. Oracle: the box's centre is on the vertex
/// at t = 1 exactly.
#[test]
fn tiny_box_through_a_hull_vertex_is_hit() {
    let a = polytope(&[
        0.0, 0.0, 0.0, 0.0, 1.375, 1.375, 1.375, 1.375, 1.375, 1.375, -3.5625, 1.375, 1.375, 1.375,
        1.375, 1.375, 1.375, 1.375, 1.375, 1.375, 1.375, 1.375, 1.375, 1.375, 1.375, 1.375, 1.375,
        1.375, 1.375, 1.375, -3.125, -3.125, -3.125,
    ]);
    let b = new_shape(|out| unsafe { gjk_box_new(2e-9, 7.875e-9, 1.2875e-8, out) });
    let h = std::f64::consts::FRAC_1_SQRT_2;
    let pa = GjkPose {
        position: [-0.5, -0.5, -0.5],
        rotation: [0.0, 0.0, h, h],
    };
    let motions = [
        ([-3.125, 2.3125, -7.5625], [2.625, -2.8125, 7.0625]),
        ([-6.25, 4.625, -15.125], [5.75, -5.125, 14.625]),
    ];
    for (start, velocity) in motions {
        let pb = GjkPose {
            position: start,
            rotation: [0.0, 0.0, 0.0, 1.0],
        };
        let (s, hit) = shape_cast(&a, Some(&pa), &b, Some(&pb), &velocity, f64::INFINITY);
        assert_eq!(s, GJK_OK);
        assert!(
            hit.hit && hit.t <= 1.0 && hit.t > 1.0 - 1e-8,
            "{start:?} {velocity:?}: {hit:?}"
        );
    }
}

/// Two points 5.7e-162 apart, B moving past A (query_3d, a shape cast): the GJK ray cast
/// measured `v`, 1e-162 long, by the square root of its underflowing squared norm, 0.97 of its
/// length, and the hit's normal came out 0.97 long. Oracle: a hit's normal is a unit vector.
#[test]
fn cast_of_points_1e_162_apart_has_a_unit_normal() {
    let a = polytope(&[0.0, 0.0, 0.0]);
    let b = polytope(&[0.0, 0.0, 0.0]);
    let pose_b = GjkPose {
        position: [
            -4.0070436095860656e-162,
            -2.8782989308294273e-162,
            -2.8782989308294273e-162,
        ],
        rotation: [0.0, 0.0, 0.0, 1.0],
    };
    let velocity = [43.75, 43.75, 43.75];
    let (s, hit) = shape_cast(&a, None, &b, Some(&pose_b), &velocity, f64::INFINITY);
    assert_eq!(s, GJK_OK);
    if hit.hit {
        let n = hit.normal.iter().map(|x| x * x).sum::<f64>().sqrt();
        assert!((n - 1.0).abs() < 1e-9, "{hit:?}");
    }
}

/// A ray nearly parallel to a flat ellipsoid (a disc of radius 3437.5 in the plane z = -27.5,
/// turned about z) crosses the disc's plane at t = 1e-9, 5125 from its centre: outside, so it
/// misses (closed form). The GJK ray cast's simplex there was the disc's centre and two rim
/// points on one line, the ray's point on the same line beyond the rim; the triangle's signed
/// areas all came out positive by rounding and the sub-algorithm put the point inside it: a hit
/// at t = 1e-9, 1687.5 from the disc.
#[test]
fn ray_along_a_flat_disc_misses_beyond_its_rim() {
    let a = new_shape(|out| unsafe { gjk_ellipsoid_new(3437.5, 3437.5, 0.0, out) });
    let pose = GjkPose {
        position: [-27.5, -27.5, -27.5],
        rotation: [0.0, 0.0, -0.9234320054239619, -0.3837620764988121],
    };
    let origin = [-27.5, -36.75, -20.625];
    let direction = [0.0, 5134250000000.0, -6875000000.0];
    // Where the ray meets the plane z = -27.5, and how far that is from the disc's centre.
    let t_plane = (origin[2] + 27.5) / -direction[2];
    let y = origin[1] + t_plane * direction[1];
    assert!((y + 27.5_f64).hypot(origin[0] + 27.5) > 3437.5 + 1000.0);
    let mut hit = GjkRayHit::default();
    let s = unsafe {
        gjk_ray_cast(
            a.0,
            &pose,
            origin.as_ptr(),
            direction.as_ptr(),
            f64::INFINITY,
            &mut hit,
        )
    };
    assert_eq!(s, GJK_OK, "{}", last_error());
    assert!(!hit.hit, "the ray misses the disc, not {hit:?}");
}
