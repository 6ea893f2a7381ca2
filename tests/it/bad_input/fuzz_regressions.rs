//! Regression tests for what fuzzing the C ABI found (fuzz/, scripts/fuzz.sh) in the input the
//! library refuses (the supported range, misplaced pointers), each reproduced through the C
//! functions with the fuzzer's input and checked against an oracle (an exact answer, the support
//! functions, or the input's refusal with its message). A new finding that is not fixed yet goes
//! beside the feature it concerns `#[ignore]`d with `KNOWN:` (and the fuzz targets skip the same
//! inputs: grep `KNOWN:` in fuzz/); fix it, remove both, and the test guards it.

use crate::common::ffi::*;
use gjk::ffi::*;

/// Found by query_2d/query_3d: coordinates beyond ~1e154 (|v|^2 overflows) gave GJK_OK,
/// intersecting, distance 0 and NaN points (a false collision). Fixed by the supported range
/// (gjk::range): coordinates and pose translations beyond 1e50 are refused, and a query whose
/// intermediates overflow anyway returns an error. At the edge of the range the distance is
/// exact (oracle: t * sqrt(2)).
#[test]
fn far_points_are_refused_and_the_edge_of_the_range_is_exact() {
    for e in [51, 154, 200, 300] {
        let t = 10f64.powi(e);
        let mut out = std::ptr::null_mut();
        let s = unsafe { gjk_polygon_new([-t, -t].as_ptr(), 1, &mut out) };
        assert_refused(s, "point 0 coordinate 0 is -1");
        assert_refused(s, "beyond the supported magnitude 1e50");
        let origin = polygon(&[0.0, 0.0]);
        let (s, _) = distance(&origin, Some(&identity_at(-t, 0.0)), &origin, None);
        assert_refused(s, "pose_a: pose position component 0 is -1");
    }
    for t in [1e50, 7.5e49, 1e40] {
        let (s, r) = distance(&polygon(&[-t, -t]), None, &polygon(&[0.0, 0.0]), None);
        assert_eq!(s, GJK_OK);
        assert!(!r.intersecting && finite(&r.point_a) && finite(&r.point_b));
        assert!(
            (r.distance / (t * 2f64.sqrt()) - 1.0).abs() < 1e-12,
            "{t}: {r:?}"
        );
        // Both at the far end of the range, through the poses.
        let origin = polygon(&[0.0, 0.0]);
        let (s, r) = distance(
            &origin,
            Some(&identity_at(-t, -t)),
            &origin,
            Some(&identity_at(t, t)),
        );
        assert_eq!(s, GJK_OK);
        assert!(
            (r.distance / (t * 8f64.sqrt()) - 1.0).abs() < 1e-12,
            "{r:?}"
        );
    }
}

/// Found by query_2d: an ellipse of semi-axes ~1e80 holding a small circle was reported apart
/// (an intermediate of degree 4 overflowed). Fixed by the range: semi-axes beyond 1e50 are
/// refused. The same configuration scaled to 1e49 (in range) intersects, as it must: the
/// circle's centre (32.5, 32.5) lies deep inside the ellipse (oracle: the ellipse's equation).
#[test]
fn huge_ellipse_is_refused_and_in_range_contains_the_circle() {
    let mut a = std::ptr::null_mut();
    let s = unsafe { gjk_ellipse_new(1.8563486390300492e80, 9.11890559523533e79, &mut a) };
    assert_refused(
        s,
        "semi-axis 0 is 1.8563486390300492e80, beyond the supported",
    );
    let (hx, hy) = (1.8563486390300492e49, 9.11890559523533e48);
    let mut b = std::ptr::null_mut();
    let (a, b) = unsafe {
        (
            made(gjk_ellipse_new(hx, hy, &mut a), a),
            made(gjk_circle_new(0.00525, &mut b), b),
        )
    };
    let h = 0.5f64.sqrt();
    let pa = GjkPose {
        position: [-0.9895, -0.9895, 0.0],
        rotation: [0.0, 0.0, h, h],
    };
    let pb = identity_at(32.5, 32.5);
    // The circle's centre in the ellipse's frame (turned by 90 degrees): well inside.
    let (x, y) = (32.5 + 0.9895, -(32.5 + 0.9895));
    assert!((x / hx).powi(2) + (y / hy).powi(2) < 1.0);
    let (s, r) = distance(&a, Some(&pa), &b, Some(&pb));
    assert!(s == GJK_OK && r.intersecting, "status {s}, {r:?}");
    let mut hit = false;
    let s = unsafe { gjk_intersect(a.0, &pa, b.0, &pb, &mut hit) };
    assert!(s == GJK_OK && hit);
}

/// Found by abi_misuse: a sphere of radius 1e308 against itself gave GJK_OK with signed
/// distance -inf. Fixed by the range: the radius is refused. At the edge of the range, a
/// sphere against itself has depth exactly twice its radius (oracle).
#[test]
fn huge_balls_are_refused_and_in_range_have_an_exact_depth() {
    let mut a = std::ptr::null_mut();
    let s = unsafe { gjk_sphere_new(1e308, &mut a) };
    assert_refused(s, "radius is 1e308, beyond the supported magnitude 1e50");
    for r in [1e50, 3e49] {
        let a = unsafe { made(gjk_sphere_new(r, &mut a), a) };
        let mut sd = 0.0;
        let s =
            unsafe { gjk_signed_distance(a.0, std::ptr::null(), a.0, std::ptr::null(), &mut sd) };
        assert_eq!(s, GJK_OK);
        assert!((sd / (-2.0 * r) - 1.0).abs() < 1e-12, "{r}: {sd}");
    }
}

/// Found by query_2d/query_3d: touching shapes whose sizes are below ~1e-150 gave NaN points
/// and normals from gjk_penetration (squared lengths underflow). Fixed by the range: nonzero
/// sizes below 1e-50 are refused (here the span of a polygon's points). At the edge of the
/// range the segment (0, 0)-(t, 0) touches the point (0, 0): depth 0, a unit normal, the
/// common point at the origin (oracle).
#[test]
fn tiny_shapes_are_refused_and_in_range_touch_exactly() {
    for e in [-300, -250, -200, -160, -51] {
        let t = 10f64.powi(e);
        let mut out = std::ptr::null_mut();
        let s = unsafe { gjk_polygon_new([0.0, 0.0, t, 0.0].as_ptr(), 2, &mut out) };
        assert_refused(s, "the span of the points is ");
        assert_refused(s, "below the smallest supported nonzero size 1e-50");
        let s = unsafe { gjk_segment2d_new(0.0, 0.0, t, 0.0, &mut out) };
        assert_refused(s, "the segment's length is ");
    }
    for t in [1e-50, 3e-45, 1e-30] {
        let (s, p) = penetration(&polygon(&[0.0, 0.0, t, 0.0]), &polygon(&[0.0, 0.0]), None);
        assert_eq!(s, GJK_OK);
        let n = (p.normal[0].powi(2) + p.normal[1].powi(2)).sqrt();
        assert!(p.intersecting && p.signed_distance == 0.0, "{t}: {p:?}");
        assert!(finite(&p.point_a) && (n - 1.0).abs() < 1e-12, "{t}: {p:?}");
        assert!(p.point_a[0].abs() <= 1e-12 * t && p.point_a[1].abs() <= 1e-12 * t);
    }
}

/// Found by query_2d: two rectangles of half extents 1.2875e-299 gave GJK_NO_CONVERGENCE.
/// Fixed by the range (the half extents are refused). The same configuration at 1.2875e-50
/// (in range): both rectangles are centred at the same place, so they intersect, and the
/// depth is at least the smaller half extent (oracle: the inscribed circles overlap fully).
#[test]
fn tiny_rectangles_are_refused_and_in_range_converge() {
    let mut a = std::ptr::null_mut();
    let s = unsafe { gjk_rectangle_new(1.2875e-299, 1.2875e-299, &mut a) };
    assert_refused(s, "half extent 0 is 1.2875e-299, below the smallest");
    let h = 1.2875e-50;
    let a = unsafe { made(gjk_rectangle_new(h, h, &mut a), a) };
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
        s == GJK_OK && p.intersecting && p.signed_distance <= -2.0 * h * (1.0 - 1e-9),
        "penetration: status {s}, {p:?}"
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

/// Found by query_2d: EPA panicked ("a polytope has facets") for an ellipse of semi-axes
/// (5.2e-162, 8.5e-163) against an ellipse of size 0 at its centre. Fixed by the range (the
/// semi-axes are refused). In range (scaled to 5.2e-49), no query fails and the depth of a
/// point at the centre of an ellipse is its smaller semi-axis (oracle).
#[test]
fn tiny_ellipses_are_refused_and_in_range_have_an_exact_depth() {
    let mut a = std::ptr::null_mut();
    let s = unsafe { gjk_ellipse_new(5.220444139249451e-162, 8.465585090674786e-163, &mut a) };
    assert_refused(
        s,
        "semi-axis 0 is 5.220444139249451e-162, below the smallest",
    );
    let (hx, hy) = (5.220444139249451e-49, 8.465585090674786e-50);
    let mut b = std::ptr::null_mut();
    let (a, b) = unsafe {
        (
            made(gjk_ellipse_new(hx, hy, &mut a), a),
            made(gjk_ellipse_new(0.0, 0.0, &mut b), b),
        )
    };
    no_internal_error(&a, None, &b, None);
    let (s, p) = penetration(&a, &b, None);
    assert_eq!(s, GJK_OK);
    assert!((p.signed_distance / -hy - 1.0).abs() < 1e-9, "{p:?}");
}

/// Found by query_2d: EPA panicked (index out of bounds in facet_normal) for a zero-length
/// segment at the origin against a flat ellipse of semi-axes (1.02e154, 0): the GJK simplex
/// came back empty (NaN weights). Fixed by the range (the semi-axis is refused) and in EPA
/// (an empty start gets a support point). In range, the origin lies on the flat ellipse:
/// intersecting, depth 0 (oracle: a flat shape has no depth).
#[test]
fn flat_huge_ellipse_is_refused_and_in_range_touches() {
    let (mut a, mut b) = (std::ptr::null_mut(), std::ptr::null_mut());
    let s = unsafe { gjk_ellipse_new(1.0223451748454065e154, 0.0, &mut b) };
    assert_refused(s, "semi-axis 0 is 1.0223451748454065e154, beyond");
    let (a, b) = unsafe {
        (
            made(gjk_segment2d_new(0.0, 0.0, 0.0, 0.0, &mut a), a),
            made(gjk_ellipse_new(1.0223451748454065e49, 0.0, &mut b), b),
        )
    };
    no_internal_error(&a, None, &b, None);
    let (s, p) = penetration(&a, &b, None);
    assert!(
        s == GJK_OK && p.intersecting && p.signed_distance == 0.0,
        "{p:?}"
    );
}
