//! The contact manifold's invariants (see `check_manifold`).

use crate::{check_failure, finite, h, last_error, vec, Bytes, Pair};
use gjk::ffi::*;
use gjk::{Support, Vector};

/// Checks `gjk_contact_manifold` on the pair against the penetration query's answer `p`
/// (status `s_pen`), with a margin read from the bytes:
/// - a NaN or negative margin is refused, naming it, and nothing is written;
/// - the status is the penetration query's; the normal is its normal, bit for bit;
/// - at most 2 (2D) or 4 (3D) points, none exactly when the shapes are farther apart than the
///   margin; every number finite, z = 0 in 2D;
/// - each point's separation is at most the margin and is `(point_b - point_a) . normal`;
///   the least separation is the signed distance (the deepest point is always a candidate,
///   and clipped points are carried onto faces flat within 1e-3 of the shapes' extents);
/// - each point lies in its shape (support functions along the normal and the axes), within
///   that flatness;
/// - repeating the call gives bitwise the same manifold.
pub fn check_manifold<const D: usize>(
    pair: &Pair<D>,
    ca: *const GjkShape,
    cb: *const GjkShape,
    gpose_a: &GjkPose,
    gpose_b: &GjkPose,
    p: &GjkPenetrationResult,
    s_pen: GjkStatus,
    bytes: &mut Bytes,
) {
    let margin = match bytes.u8() % 4 {
        0 => 0.0,
        1 => 1e-3 * pair.scale,
        2 => 0.1 * pair.scale,
        _ => 1e300,
    };
    let mut refused = GjkManifold::default();
    for bad in [f64::NAN, -1.0, f64::INFINITY] {
        let s = unsafe { gjk_contact_manifold(ca, gpose_a, cb, gpose_b, bad, &mut refused) };
        assert_eq!(s, GJK_INVALID_ARGUMENT, "margin {bad} accepted");
        check_failure(s, "contact manifold");
        assert!(last_error().contains("margin"), "{}", last_error());
    }
    assert_eq!(
        refused,
        GjkManifold::default(),
        "a refused manifold was written"
    );

    let mut m = GjkManifold::default();
    let s = unsafe { gjk_contact_manifold(ca, gpose_a, cb, gpose_b, margin, &mut m) };
    assert_eq!(
        s,
        s_pen,
        "manifold status vs penetration ({})",
        last_error()
    );
    if s != GJK_OK {
        return;
    }
    let mut again = GjkManifold::default();
    let s_again = unsafe { gjk_contact_manifold(ca, gpose_a, cb, gpose_b, margin, &mut again) };
    assert_eq!(s_again, s);
    assert_eq!(format!("{again:?}"), format!("{m:?}"), "not deterministic");
    assert_eq!(
        m.normal.map(f64::to_bits),
        p.normal.map(f64::to_bits),
        "normal {m:?} vs penetration {p:?}"
    );
    let capacity = if D == 2 { 2 } else { 4 };
    assert!((0..=capacity).contains(&m.count), "{m:?}");
    assert_eq!(
        m.count == 0,
        p.signed_distance > margin,
        "{m:?} for {p:?}, margin {margin}"
    );
    let n = vec::<D>(&m.normal);
    let flat = pair.tol + 2e-3 * (pair.a.extent() + pair.b.extent());
    let mut least = f64::INFINITY;
    for c in &m.points[..m.count as usize] {
        let numbers = [&c.point_a[..], &c.point_b[..], &[c.separation][..]].concat();
        assert!(finite(&numbers), "{m:?}");
        assert!(
            c.point_a[D..]
                .iter()
                .chain(&c.point_b[D..])
                .all(|&z| z == 0.0),
            "2D manifold with z != 0: {m:?}"
        );
        let (on_a, on_b) = (vec::<D>(&c.point_a), vec::<D>(&c.point_b));
        assert!(c.separation <= margin + pair.tol, "{m:?}, margin {margin}");
        let along = n.dot(&(on_b - on_a));
        assert!(
            (along - c.separation).abs() <= pair.tol,
            "separation {} vs {along} along the normal: {m:?}",
            c.separation
        );
        within(pair.a, &pair.pose_a, &on_a, &n, flat, "point on A");
        within(pair.b, &pair.pose_b, &on_b, &n, flat, "point on B");
        least = least.min(c.separation);
    }
    if m.count > 0 {
        assert!(
            (least - p.signed_distance).abs() <= flat,
            "least separation {least} vs signed distance {}: {m:?}",
            p.signed_distance
        );
    }
}

/// `point` lies in `shape` placed by `pose` within `tolerance`, along the normal and the axes.
fn within<const D: usize>(
    shape: &gjk::shape::Shape<D>,
    pose: &gjk::Pose<D>,
    point: &Vector<D>,
    normal: &Vector<D>,
    tolerance: f64,
    what: &str,
) {
    let mut dirs = vec![*normal, -normal];
    for i in 0..D {
        for s in [1.0, -1.0] {
            dirs.push(Vector::<D>::from_fn(|j, _| if i == j { s } else { 0.0 }));
        }
    }
    for d in dirs {
        let reach = h(shape, pose, &d);
        assert!(
            d.dot(point) <= reach + tolerance,
            "{what} {point:?} outside along {d:?}: {} > {reach} (tolerance {tolerance})",
            d.dot(point)
        );
    }
}
