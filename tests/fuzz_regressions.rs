//! Regression tests for what fuzzing the C ABI found (fuzz/, scripts/fuzz.sh), each reproduced
//! through the C functions with the fuzzer's input. The bugs are not fixed yet: each test is
//! `#[ignore]`d with `KNOWN:` and the fuzz targets skip the same inputs (grep `KNOWN:` in
//! fuzz/): fix the bug, remove both, and the test guards it. Run them with
//! `cargo test --test fuzz_regressions -- --ignored`.

use gjk::ffi::*;
use gjk::shape::{Capsule, ConvexHull, Ellipsoid, Shape};
use gjk::{Support, Vector};

struct Handle(*mut GjkShape);

impl Drop for Handle {
    fn drop(&mut self) {
        unsafe { gjk_shape_free(self.0) };
    }
}

fn made(status: GjkStatus, out: *mut GjkShape) -> Handle {
    assert_eq!(status, GJK_OK);
    Handle(out)
}

fn polygon(xy: &[f64]) -> Handle {
    let mut out = std::ptr::null_mut();
    made(
        unsafe { gjk_polygon_new(xy.as_ptr(), xy.len() / 2, &mut out) },
        out,
    )
}

fn polytope(xyz: &[f64]) -> Handle {
    let mut out = std::ptr::null_mut();
    made(
        unsafe { gjk_polytope_new(xyz.as_ptr(), xyz.len() / 3, &mut out) },
        out,
    )
}

fn distance(
    a: &Handle,
    pa: Option<&GjkPose>,
    b: &Handle,
    pb: Option<&GjkPose>,
) -> (GjkStatus, GjkDistanceResult) {
    let mut r = GjkDistanceResult::default();
    let p = |p: Option<&GjkPose>| p.map_or(std::ptr::null(), |p| p as *const GjkPose);
    let s = unsafe { gjk_distance(a.0, p(pa), b.0, p(pb), &mut r) };
    (s, r)
}

fn penetration(
    a: &Handle,
    b: &Handle,
    options: Option<&GjkQueryOptions>,
) -> (GjkStatus, GjkPenetrationResult) {
    let mut r = GjkPenetrationResult::default();
    let o = options.map_or(std::ptr::null(), |o| o as *const GjkQueryOptions);
    let s = unsafe { gjk_penetration_ex(a.0, std::ptr::null(), b.0, std::ptr::null(), o, &mut r) };
    (s, r)
}

fn finite(xs: &[f64]) -> bool {
    xs.iter().all(|x| x.is_finite())
}

fn points3(flat: &[f64]) -> Vec<Vector<3>> {
    flat.chunks_exact(3)
        .map(|p| Vector::<3>::new(p[0], p[1], p[2]))
        .collect()
}

/// The overlap of A and B (unposed) along unit n: h_A(n) + h_B(-n).
fn overlap(a: &Shape<3>, b: &Shape<3>, n: &[f64; 3]) -> f64 {
    let n = Vector::<3>::new(n[0], n[1], n[2]);
    n.dot(&a.support(&n)) - n.dot(&b.support(&-n))
}

/// Found by query_2d/query_3d: coordinates beyond ~1e154 (|v|^2 overflows). Expected: the
/// distance (1.414e300, representable) or GJK_INVALID_ARGUMENT ("coordinates that overflow").
/// Observed: GJK_OK, intersecting = true, distance 0, NaN points, zero normal (a false
/// collision). Root cause: the squared norm of the search vector overflows to infinity and the
/// NaN that follows fails every comparison, so the search ends as if it had enclosed the
/// origin; nothing checks that |v|^2 is finite.
#[test]
#[ignore = "KNOWN: false collision with NaN points beyond 1e154"]
fn far_points_are_not_a_false_collision() {
    for e in [154, 200, 300] {
        let t = 10f64.powi(e);
        let (s, r) = distance(&polygon(&[-t, -t]), None, &polygon(&[0.0, 0.0]), None);
        let ok = s == GJK_INVALID_ARGUMENT
            || (s == GJK_OK
                && !r.intersecting
                && finite(&r.point_a)
                && (r.distance / (t * 2f64.sqrt()) - 1.0).abs() < 1e-12);
        assert!(ok, "1e{e}: status {s}, {r:?}");
    }
}

/// Found by query_2d: beyond ~1e77 a product of degree 4 in the coordinates overflows. Expected:
/// intersecting (the circle of radius 0.00525 at (32.5, 32.5) lies deep inside the ellipse).
/// Observed: GJK_OK, not intersecting, distance 1.59e79 (1.59e98 at the fuzzer's 1e99 scale);
/// scaling the ellipse down to 1e50 gives the right answer. Root cause: not located exactly;
/// an intermediate of degree 4 (|v|^2 |w|^2 or a squared area of the simplex) overflows to
/// infinity and is taken as progress.
#[test]
#[ignore = "KNOWN: huge ellipse containing a circle reported apart"]
fn huge_ellipse_containing_a_circle_intersects() {
    let mut a = std::ptr::null_mut();
    let mut b = std::ptr::null_mut();
    let (a, b) = unsafe {
        (
            made(
                gjk_ellipse_new(1.8563486390300492e80, 9.11890559523533e79, &mut a),
                a,
            ),
            made(gjk_circle_new(0.00525, &mut b), b),
        )
    };
    let h = 0.5f64.sqrt();
    let pa = GjkPose {
        position: [-0.9895, -0.9895, 0.0],
        rotation: [0.0, 0.0, h, h],
    };
    let pb = GjkPose {
        position: [32.5, 32.5, 0.0],
        rotation: [0.0, 0.0, 0.0, 1.0],
    };
    let (s, r) = distance(&a, Some(&pa), &b, Some(&pb));
    assert!(
        s == GJK_INVALID_ARGUMENT || (s == GJK_OK && r.intersecting),
        "status {s}, {r:?}"
    );
}

/// Found by abi_misuse: a sphere of radius 1e308 against itself. Expected: GJK_INVALID_ARGUMENT
/// (the depth 2e308 overflows) or a finite answer. Observed: GJK_OK with signed distance -inf.
#[test]
#[ignore = "KNOWN: infinite depth for balls of 1e308"]
fn huge_balls_give_a_finite_depth_or_an_error() {
    let mut a = std::ptr::null_mut();
    let a = unsafe { made(gjk_sphere_new(1e308, &mut a), a) };
    let mut sd = 0.0;
    let s = unsafe { gjk_signed_distance(a.0, std::ptr::null(), a.0, std::ptr::null(), &mut sd) };
    assert!(
        s == GJK_INVALID_ARGUMENT || (s == GJK_OK && sd.is_finite()),
        "status {s}, {sd}"
    );
}

/// Found by query_2d/query_3d: touching shapes whose coordinates are all below ~1e-150
/// (squared lengths underflow to 0 or to subnormals). Expected: finite results with a unit
/// normal. Observed: gjk_penetration returns GJK_OK with NaN points and normal for the segment
/// (0, 0)-(1e-200, 0) against the point (0, 0) (and at 1e-300, 1.26e-321, and for an
/// ellipsoid of semi-axes (5e-324, 0, 0) or 1.8e-93 against the origin), and a normal of norm
/// 1.0000056 at 1e-160. Root cause: EPA normalises face normals whose squared length
/// underflows (0/0), with no rescaling of the problem to its own size.
#[test]
#[ignore = "KNOWN: NaN penetration results for touching shapes below 1e-150"]
fn tiny_touching_shapes_have_a_finite_penetration() {
    for e in [-300, -250, -200, -160] {
        let t = 10f64.powi(e);
        let (s, p) = penetration(&polygon(&[0.0, 0.0, t, 0.0]), &polygon(&[0.0, 0.0]), None);
        assert_eq!(s, GJK_OK);
        let n = (p.normal[0].powi(2) + p.normal[1].powi(2)).sqrt();
        assert!(
            finite(&p.point_a) && (n - 1.0).abs() < 1e-12,
            "1e{e}: {p:?}"
        );
    }
}

/// Found by query_2d: two rectangles of half extents 1.2875e-299 at the same place (-0.5,
/// -0.5), one turned. Expected: GJK_OK, intersecting. Observed: GJK_NO_CONVERGENCE under the
/// default options (also for a polygon of 1e-300 against the origin). Root cause: as above, the
/// search's squared lengths underflow, so no step makes progress that the tests can see.
#[test]
#[ignore = "KNOWN: no convergence for shapes of 1e-299"]
fn tiny_rectangles_converge() {
    let mut a = std::ptr::null_mut();
    let a = unsafe { made(gjk_rectangle_new(1.2875e-299, 1.2875e-299, &mut a), a) };
    let pa = GjkPose {
        position: [-0.5, -0.5, 0.0],
        rotation: [0.0, 0.0, 0.6215989167501613, 0.7833356794472125],
    };
    let pb = GjkPose {
        position: [-0.5, -0.5, 3.5e-323],
        rotation: [0.0, 0.0, 0.0, 1.0],
    };
    let (s, r) = distance(&a, Some(&pa), &a, Some(&pb));
    assert!(s == GJK_OK && r.intersecting, "status {s}, {r:?}");
    let mut p = GjkPenetrationResult::default();
    let s = unsafe { gjk_penetration(a.0, &pa, a.0, &pb, &mut p) };
    assert!(
        s == GJK_OK && p.intersecting,
        "penetration: status {s}, {p:?}"
    );
}

/// Found by abi_misuse (a timeout): EPA's work grows much faster than its iteration cap. Two
/// ellipsoids (250000, 4250000, 1875000), one 16 lower, relative_tolerance 0: max_iterations
/// 300 takes 0.8 ms, 1000 takes 13.6 s (measured in release), and then answers
/// GJK_NO_CONVERGENCE with signed_distance 0.0 where the depth is about 500000 (the "best
/// answer found" is not the best). Expected: time about linear in the cap, and a negative
/// signed distance. (Un-ignored before the fix, this test runs for minutes in debug.) Root
/// cause: each EPA step rescans all facets (epa.rs, the horizon /
/// duplicate search around line 446) while the number of facets on a curved shape keeps
/// growing; and the result on the cap is taken from a degenerate last state.
#[test]
#[ignore = "KNOWN: EPA takes seconds for large iteration caps, and answers 0"]
fn epa_with_a_large_cap_is_fast_and_negative() {
    let mut a = std::ptr::null_mut();
    let a = unsafe { made(gjk_ellipsoid_new(250000.0, 4250000.0, 1875000.0, &mut a), a) };
    let pb = GjkPose {
        position: [0.0, 0.0, -16.0],
        rotation: [0.0, 0.0, 0.0, 1.0],
    };
    let o = GjkQueryOptions {
        relative_tolerance: 0.0,
        max_iterations: 1000,
    };
    let mut r = GjkPenetrationResult::default();
    let start = std::time::Instant::now();
    let s = unsafe { gjk_penetration_ex(a.0, std::ptr::null(), a.0, &pb, &o, &mut r) };
    assert!(
        start.elapsed().as_secs_f64() < 2.0,
        "took {:?}",
        start.elapsed()
    );
    assert!(s == GJK_OK || s == GJK_NO_CONVERGENCE, "status {s}");
    assert!((r.signed_distance + 500000.0).abs() < 1.0, "{r:?}");
}

/// Found by abi_misuse: a query stopped by a small iteration cap while the margin of a capsule
/// exceeds the core distance panics (GJK_INTERNAL_ERROR, "min > max, or either was NaN"):
/// gjk.rs:398 `lower.clamp(0.0, distance)` with a negative distance (the core distance minus
/// the margins, -8.56e9 here). Expected: GJK_NO_CONVERGENCE with bracketing bounds.
#[test]
fn capped_query_with_a_capsule_does_not_panic() {
    let mut a = std::ptr::null_mut();
    let mut b = std::ptr::null_mut();
    let (a, b) = unsafe {
        (
            made(gjk_ellipsoid_new(13312500.0, 937500.0, 937500.0, &mut a), a),
            made(gjk_capsule_new(8562500000.0, 8562500000.0, &mut b), b),
        )
    };
    let pose = GjkPose {
        position: [1000000.0000000107, 1000000.0000000107, 1000000.0000000107],
        rotation: [0.0, 0.0, 0.9937031812167463, -0.11204457880557327],
    };
    for cap in 1..=16 {
        let o = GjkQueryOptions {
            relative_tolerance: 1e-12,
            max_iterations: cap,
        };
        for (x, y) in [(&a, &b), (&b, &a)] {
            for pose in [None, Some(&pose)] {
                let pp = pose.map_or(std::ptr::null(), |p| p as *const GjkPose);
                let mut r = GjkPenetrationResult::default();
                let s = unsafe { gjk_penetration_ex(x.0, pp, y.0, pp, &o, &mut r) };
                assert_ne!(s, GJK_INTERNAL_ERROR, "cap {cap}");
                let mut d = GjkDistanceResult::default();
                let s = unsafe { gjk_distance_ex(x.0, pp, y.0, pp, &o, &mut d) };
                assert_ne!(s, GJK_INTERNAL_ERROR, "cap {cap}");
            }
        }
    }
}

/// Found by query_2d: GJK returns GJK_OK although its own lower bound is far below its
/// distance. The segment (3.45447869173431e-76, 1000000003.75)-(1000000003.75,
/// 1000000000.125) against the segment (-1, -1)-(0.875, -1): distance 1000000004.75 (right),
/// lower bound 1000000000.25 after 2 iterations, so the relative tolerance 1e-12 is not met
/// (and the normal does not certify the distance). Expected: iterate on, or report
/// GJK_NO_CONVERGENCE. Root cause: the search stops when a support point repeats (or |v| does
/// not shrink) without checking that the duality gap is within the tolerance.
#[test]
#[ignore = "KNOWN: GJK_OK with an uncertified lower bound"]
fn converged_distance_meets_its_tolerance_near_1e9() {
    let a = polygon(&[
        3.45447869173431e-76,
        1000000003.75,
        1000000003.75,
        1000000000.125,
    ]);
    let b = polygon(&[0.875, -1.0, -1.0, -1.0]);
    let (s, r) = distance(&a, None, &b, None);
    assert_eq!(s, GJK_OK);
    let slack = 1e-12 * r.distance + 16.0 * f64::EPSILON * 2e9;
    assert!(r.distance - r.lower_bound <= slack, "{r:?}");
}

/// Found by query_3d: two slivers near -9e4 (B reaches x = 0). GJK_OK with distance 1.16e-6,
/// lower bound 0, and a normal along which the shapes overlap by 66084: the answer "apart" is
/// not certified at all (the classic report of boxes near 9e4 reported apart). Expected: a
/// certified answer (lower bound within the tolerance of the distance) or GJK_NO_CONVERGENCE.
#[test]
#[ignore = "KNOWN: uncertified distance for slivers near 9e4"]
fn slivers_near_9e4_get_a_certified_answer() {
    let a = [
        -90000.000005375,
        -90000.000005375,
        -90000.000005375,
        -90000.000005375,
        -89999.99999875,
        -90000.0,
        -90000.0,
        -90000.0,
        -90000.0,
        -89999.99998975,
        -89999.99998975,
        -89999.99999975,
        -89999.9999995,
        -90000.000005375,
        -89999.999991375,
        -90000.000005375,
        -90000.000005375,
        -90000.000005375,
    ];
    let b = [
        9.456563898655604e-308,
        -89999.99998975,
        -89999.99998975,
        -89999.99998975,
        -89999.99998975,
        -89999.999994875,
        -89999.999994875,
        -89999.999994875,
        -89999.999994875,
        -90000.0,
        -90000.0,
        -90000.0,
    ];
    let (s, r) = distance(&polytope(&a), None, &polytope(&b), None);
    assert_eq!(s, GJK_OK);
    if !r.intersecting {
        let slack = 1e-12 * r.distance + 16.0 * f64::EPSILON * 2e5;
        assert!(r.distance - r.lower_bound <= slack, "{r:?}");
    }
}

/// Found by query_3d: a flat ellipsoid (semi-axes 0, 6.5625, 0.4375) overlapping a polytope:
/// gjk_penetration answers signed_distance 0 (touching) with normal (1, 0, 0), along which the
/// shapes overlap by 12.875. Expected: the depth equals the overlap along the returned normal
/// (the documented meaning: moving B by the depth along it makes them touch).
#[test]
#[ignore = "KNOWN: EPA reports depth 0 for a flat ellipsoid inside a polytope"]
fn flat_ellipsoid_depth_matches_its_normal() {
    let b_points = [
        17.875,
        2.0,
        2.0,
        2.0,
        9.625,
        3.875,
        3.875,
        3.875,
        3.875,
        -12.875,
        3.875,
        2.0,
        2.0,
        2.0,
        3.875,
        3.875,
        2.0,
        2.0,
        2.0,
        2.0,
        2.0,
        3.875,
        3.875,
        3.875,
        3.875,
        3.875,
        3.875,
        1.875,
        2.0,
        2.0,
        2.0,
        2.0,
        2.0,
        6.625,
        2.0,
        2.0,
        2.0,
        -13.375,
        2.0,
        3.875,
        3.875,
        3.875,
        5.125,
        2.0,
        2.0,
        2.0,
        2.0,
        2.0,
        2.0,
        3.875,
        3.875,
        3.875,
        3.875,
        13.625,
        2.0,
        2.0,
        1.55422e-317,
        2.0,
        2.0,
    ];
    let mut a = std::ptr::null_mut();
    let a = unsafe { made(gjk_ellipsoid_new(0.0, 6.5625, 0.4375, &mut a), a) };
    let b = polytope(&b_points);
    let (s, p) = penetration(&a, &b, None);
    assert!(s == GJK_OK && p.intersecting, "status {s}");
    let sa = Shape::Ellipsoid(Ellipsoid::new(Vector::<3>::new(0.0, 6.5625, 0.4375)).unwrap());
    let sb = Shape::ConvexHull(ConvexHull::new(points3(&b_points)).unwrap());
    let along = overlap(&sa, &sb, &p.normal);
    assert!(
        (along + p.signed_distance).abs() <= 1e-6 * along.abs().max(1.0),
        "overlap {along}, {p:?}"
    );
}

/// Found by query_3d: a capsule (half length and radius 937500000) against a small polytope
/// (f32 coordinates): depth 937499997.17 where the overlap along the returned normal is
/// 937500036.68, an error of 4e-8 relative, far above the documented accuracy.
#[test]
#[ignore = "KNOWN: EPA depth off by 40 for a capsule of 9.4e8"]
fn big_capsule_depth_matches_its_normal() {
    let b_points: Vec<f64> = [
        15.125,
        15.125,
        15.125,
        15.125,
        15.125,
        15.125,
        15.125,
        2.0,
        2.0,
        15.125,
        15.125,
        1.125,
        15.125,
        2.86314650910853e-309,
        15.125,
        39.625,
        15.125,
        15.125,
        15.125,
        15.125,
        15.125,
        15.125,
        9.0,
        2.0,
        2.0,
        2.0,
        2.0,
    ]
    .iter()
    .map(|&x| x as f32 as f64)
    .collect();
    let mut a = std::ptr::null_mut();
    let a = unsafe { made(gjk_capsule_new(937500000.0, 937500000.0, &mut a), a) };
    let b = polytope(&b_points);
    let (s, p) = penetration(&a, &b, None);
    assert!(s == GJK_OK && p.intersecting, "status {s}");
    let sa = Shape::Capsule(Capsule::<3>::along_axis(2, 937500000.0, 937500000.0).unwrap());
    let sb = Shape::ConvexHull(ConvexHull::new(points3(&b_points)).unwrap());
    let along = overlap(&sa, &sb, &p.normal);
    assert!(
        (along + p.signed_distance).abs() <= 1e-9 * along,
        "overlap {along}, {p:?}"
    );
}

/// Not a bug (the fuzz harness's first false alarm): a query checks `out` first, so a
/// misaligned `out` with a NULL shape is GJK_INVALID_ARGUMENT, not GJK_NULL_POINTER.
#[test]
fn misaligned_out_is_reported_before_a_null_shape() {
    let mut buf = [0u64; 8];
    let out = unsafe { (buf.as_mut_ptr() as *mut u8).add(1) } as *mut GjkDistanceResult;
    let s = unsafe {
        gjk_distance(
            std::ptr::null(),
            std::ptr::null(),
            std::ptr::null(),
            std::ptr::null(),
            out,
        )
    };
    assert_eq!(s, GJK_INVALID_ARGUMENT);
}

/// Every query on a pair: none may fail with GJK_INTERNAL_ERROR (a caught panic).
fn no_internal_error(a: &Handle, pa: Option<&GjkPose>, b: &Handle, pb: Option<&GjkPose>) {
    let p = |p: Option<&GjkPose>| p.map_or(std::ptr::null(), |p| p as *const GjkPose);
    let (pa, pb) = (p(pa), p(pb));
    let mut hit = false;
    let mut d = GjkDistanceResult::default();
    let mut pen = GjkPenetrationResult::default();
    let mut sd = 0.0;
    let statuses = unsafe {
        [
            gjk_intersect(a.0, pa, b.0, pb, &mut hit),
            gjk_distance(a.0, pa, b.0, pb, &mut d),
            gjk_penetration(a.0, pa, b.0, pb, &mut pen),
            gjk_signed_distance(a.0, pa, b.0, pb, &mut sd),
        ]
    };
    for s in statuses {
        let message = unsafe { std::ffi::CStr::from_ptr(gjk_last_error_message()) };
        assert_ne!(s, GJK_INTERNAL_ERROR, "{message:?}");
    }
}

/// Found by query_2d: EPA panics ("a polytope has facets", epa.rs:399) for an ellipse of
/// semi-axes (5.2e-162, 8.5e-163) against an ellipse of size 0 (a point), both at the origin:
/// GJK_INTERNAL_ERROR. Root cause: the tiny-scale family above (squared lengths underflow), in
/// EPA's polytope construction, which assumes at least one facet survives.
#[test]
#[ignore = "KNOWN: EPA panics for tiny ellipses"]
fn tiny_ellipses_do_not_panic() {
    let (mut a, mut b) = (std::ptr::null_mut(), std::ptr::null_mut());
    let (a, b) = unsafe {
        (
            made(
                gjk_ellipse_new(5.220444139249451e-162, 8.465585090674786e-163, &mut a),
                a,
            ),
            made(gjk_ellipse_new(0.0, 0.0, &mut b), b),
        )
    };
    no_internal_error(&a, None, &b, None);
}

/// Found by query_2d: EPA panics ("index out of bounds: the len is 0 but the index is 1",
/// epa.rs:212) for a zero-length segment at the origin against an ellipse of semi-axes
/// (1.0223451748454065e154, 0) (a flat ellipse: a segment of 2e154). GJK_INTERNAL_ERROR.
#[test]
#[ignore = "KNOWN: EPA index out of bounds for a flat huge ellipse"]
fn flat_huge_ellipse_does_not_panic() {
    let (mut a, mut b) = (std::ptr::null_mut(), std::ptr::null_mut());
    let (a, b) = unsafe {
        (
            made(gjk_segment2d_new(0.0, 0.0, 0.0, 0.0, &mut a), a),
            made(gjk_ellipse_new(1.0223451748454065e154, 0.0, &mut b), b),
        )
    };
    no_internal_error(&a, None, &b, None);
}

/// Found by query_2d: gjk_intersect and gjk_distance disagree (documented: they always agree):
/// a stadium (half length 8.9375e-150, radius 4e-150) at (999999.9999999999, 1000000) against
/// the hull of 7 points within 2e-8 of (1e6, 1e6): gjk_distance says intersecting (distance
/// 0), gjk_intersect says false. Root cause: the margins (radii) are handled differently by
/// the two searches (intersect's early exit compares the core distance with margins far below
/// the rounding of the coordinates).
#[test]
#[ignore = "KNOWN: gjk_intersect disagrees with gjk_distance for a tiny stadium at 1e6"]
fn intersect_agrees_with_distance_for_a_tiny_stadium() {
    let mut a = std::ptr::null_mut();
    let a = unsafe { made(gjk_stadium_new(8.9375e-150, 4e-150, &mut a), a) };
    let b = polygon(&[
        1000000.0000000007,
        1000000.0,
        1000000.0000000116,
        999999.9999999859,
        1000000.0000000002,
        1000000.0,
        1000000.0,
        1000000.0,
        1000000.0,
        1000000.0000000116,
        1000000.0,
        1000000.0000000007,
        999999.9999999999,
        1000000.0,
    ]);
    let pa = GjkPose {
        position: [999999.9999999999, 1000000.0, 1000000.0],
        rotation: [0.0, 0.0, 0.0, 1.0],
    };
    let (s, d) = distance(&a, Some(&pa), &b, None);
    let mut hit = false;
    let si = unsafe { gjk_intersect(a.0, &pa, b.0, std::ptr::null(), &mut hit) };
    assert_eq!((s, si), (GJK_OK, GJK_OK));
    assert_eq!(hit, d.intersecting, "{d:?}");
}

/// Found by query_2d: a stadium (half length 1.557e-12, radius 1.551e-12) centred at the
/// origin against the segment (0, 0)-(-3.0e-241, 0.000375), which starts at the stadium's
/// centre: reported apart at distance 6.1e-15 (GJK_OK, lower bound 0), a false "no
/// collision" 1700 times the touching threshold. Expected: intersecting.
#[test]
#[ignore = "KNOWN: a small stadium on a segment reported apart"]
fn small_stadium_on_a_segment_intersects() {
    let mut a = std::ptr::null_mut();
    let a = unsafe {
        made(
            gjk_stadium_new(1.5570878502539676e-12, 1.5509816233902266e-12, &mut a),
            a,
        )
    };
    let mut cloud = vec![-3.012025397927336e-241, 0.000375];
    cloud.extend([0.0; 40]);
    let (s, d) = distance(&a, None, &polygon(&cloud), None);
    assert!(s == GJK_OK && d.intersecting, "status {s}, {d:?}");
}

/// Found by query_2d: the witness points of an intersecting pair are 199 apart: a stadium
/// (half length 8, radius 2.7e-29) against the 2D segment (5375000002, 5375000002)-
/// (-13999999998, -13999999998), which crosses it at the origin. gjk_distance: intersecting,
/// point_a (1.06e-7, 0), point_b (140.7, 140.7). Expected: a common point (within a few ulps
/// of 1.4e10, i.e. ~1e-5). Root cause: the point of B is interpolated between endpoints 2e10
/// apart with barycentric weights computed in a way that loses their accuracy.
#[test]
#[ignore = "KNOWN: witness points 199 apart on a long segment"]
fn long_segment_witness_points_coincide() {
    let (mut a, mut b) = (std::ptr::null_mut(), std::ptr::null_mut());
    let (a, b) = unsafe {
        (
            made(gjk_stadium_new(8.0, 2.6821270777514396e-29, &mut a), a),
            made(
                gjk_segment2d_new(
                    5375000002.0,
                    5375000002.0,
                    -13999999998.0,
                    -13999999998.0,
                    &mut b,
                ),
                b,
            ),
        )
    };
    let (s, d) = distance(&a, None, &b, None);
    assert!(s == GJK_OK && d.intersecting);
    let gap =
        ((d.point_a[0] - d.point_b[0]).powi(2) + (d.point_a[1] - d.point_b[1]).powi(2)).sqrt();
    assert!(gap < 1e-4, "{d:?}");
}

/// Found by query_2d: swapping A and B changes the distance by 10 at 1e9. The point (0, 0)
/// posed at (0, -16) (turned, which does not matter for a point) against the hull of points
/// near (1e9, 1e9) whose nearest vertex is (90000, 999999997): the exact distance is
/// sqrt(90000^2 + 1000000013^2) = 1000000017.05; gjk_distance(A, B) gives it, gjk_distance(B,
/// A) gives 1000000027.25 (the distance to the vertex (2.8e-163, 1000000011.25)), GJK_OK.
/// Root cause: the search stops at a vertex whose neighbouring edge turns by only 1.6e-4 rad
/// (its support point repeats in B's frame, where the coordinates are 1e9), so the
/// termination test accepts a vertex that is not the closest.
#[test]
#[ignore = "KNOWN: swapping A and B changes the distance by 10 at 1e9"]
fn swapped_distance_is_the_same_near_1e9() {
    let a = polygon(&[0.0, 0.0]);
    let b = polygon(&[
        1000000000.0,
        1000000000.0,
        1000000000.0,
        1000000000.0,
        1000000000.0,
        1000000000.0,
        1000000000.0,
        1000000000.0,
        1000000000.0,
        1000000000.0,
        1000000000.0,
        999999999.625,
        2.824575066493039e-163,
        1000000011.25,
        1000000000.0,
        1000000001.875,
        999999986.5,
        1000000000.0,
        999999998.5,
        999999994.0,
        90000.0,
        999999997.0,
    ]);
    let pa = GjkPose {
        position: [0.0, -16.0, 0.5],
        rotation: [0.0, 0.0, -0.6103916209078363, -0.7920997848285936],
    };
    let pb = GjkPose {
        position: [2.081662500046862e-75, 9.974632812724546e-76, 0.0],
        rotation: [0.0, 0.0, 0.0, 1.0],
    };
    let exact = (90000f64 * 90000.0 + 1000000013f64 * 1000000013.0).sqrt();
    let (s1, d1) = distance(&a, Some(&pa), &b, Some(&pb));
    let (s2, d2) = distance(&b, Some(&pb), &a, Some(&pa));
    assert_eq!((s1, s2), (GJK_OK, GJK_OK));
    let tol = 8.0 * f64::EPSILON * 2e9;
    assert!(
        (d1.distance - exact).abs() < tol,
        "A, B: {} vs {exact}",
        d1.distance
    );
    assert!(
        (d2.distance - exact).abs() < tol,
        "B, A: {} vs {exact}",
        d2.distance
    );
}
