//! Helpers for the tests that go through the C ABI: shapes freed when dropped, the queries
//! with optional poses, the calling thread's last error message.

use gjk::ffi::*;
use gjk::shape::Shape;
use gjk::{Support, Vector};

/// A shape made through the C ABI, freed when dropped.
pub struct Handle(pub *mut GjkShape);

impl Drop for Handle {
    fn drop(&mut self) {
        unsafe { gjk_shape_free(self.0) };
    }
}

/// The shape a constructor made, which must have returned `GJK_OK`.
pub fn made(status: GjkStatus, out: *mut GjkShape) -> Handle {
    assert_eq!(status, GJK_OK);
    Handle(out)
}

/// The shape a C constructor makes: `new` calls it with the out parameter, and it must return
/// `GJK_OK`. For example `new_shape(|out| unsafe { gjk_sphere_new(1.0, out) })`.
pub fn new_shape(new: impl FnOnce(*mut *mut GjkShape) -> GjkStatus) -> Handle {
    let mut out = std::ptr::null_mut();
    made(new(&mut out), out)
}

/// A 2D convex polygon of the points `xy` (x, y, x, y, ...).
pub fn polygon(xy: &[f64]) -> Handle {
    new_shape(|out| unsafe { gjk_polygon_new(xy.as_ptr(), xy.len() / 2, out) })
}

/// A 3D convex polytope of the points `xyz` (x, y, z, x, ...).
pub fn polytope(xyz: &[f64]) -> Handle {
    new_shape(|out| unsafe { gjk_polytope_new(xyz.as_ptr(), xyz.len() / 3, out) })
}

/// [`polygon`] of points given as `[x, y]` (as the fuzz inputs are written).
pub fn polygon_of(points: &[[f64; 2]]) -> Handle {
    polygon(points.as_flattened())
}

/// [`polytope`] of points given as `[x, y, z]`.
pub fn polytope_of(points: &[[f64; 3]]) -> Handle {
    polytope(points.as_flattened())
}

/// `gjk_distance` of `a` and `b` at their poses (NULL when `None`): status and result.
pub fn distance(
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

/// `gjk_shape_cast` of `a` standing still and `b` moving at `velocity`, at their poses (NULL
/// when `None`), up to `max_t`, to contact (no target separation): status and hit.
pub fn shape_cast(
    a: &Handle,
    pa: Option<&GjkPose>,
    b: &Handle,
    pb: Option<&GjkPose>,
    velocity: &[f64; 3],
    max_t: f64,
) -> (GjkStatus, GjkShapeCastHit) {
    let mut hit = GjkShapeCastHit::default();
    let p = |p: Option<&GjkPose>| p.map_or(std::ptr::null(), |p| p as *const GjkPose);
    let (a, b, v) = (a.0, b.0, velocity.as_ptr());
    let s = unsafe {
        gjk_shape_cast(
            a,
            p(pa),
            std::ptr::null(),
            b,
            p(pb),
            v,
            max_t,
            0.0,
            &mut hit,
        )
    };
    (s, hit)
}

/// `gjk_penetration_ex` of `a` and `b`, unposed, with `options` (NULL when `None`).
pub fn penetration(
    a: &Handle,
    b: &Handle,
    options: Option<&GjkQueryOptions>,
) -> (GjkStatus, GjkPenetrationResult) {
    let mut r = GjkPenetrationResult::default();
    let o = options.map_or(std::ptr::null(), |o| o as *const GjkQueryOptions);
    let s = unsafe { gjk_penetration_ex(a.0, std::ptr::null(), b.0, std::ptr::null(), o, &mut r) };
    (s, r)
}

/// Whether every number of `xs` is finite.
pub fn finite(xs: &[f64]) -> bool {
    xs.iter().all(|x| x.is_finite())
}

/// The 3D points of `flat` (x, y, z, x, ...).
pub fn points3(flat: &[f64]) -> Vec<Vector<3>> {
    flat.chunks_exact(3)
        .map(|p| Vector::<3>::new(p[0], p[1], p[2]))
        .collect()
}

/// The hull of the 3D points `flat` (x, y, z, x, ...) in Rust: the oracle's copy of a
/// [`polytope`].
pub fn hull3(flat: &[f64]) -> Shape<3> {
    Shape::ConvexHull(gjk::shape::ConvexHull::new(points3(flat)).unwrap())
}

/// The overlap of A and B (unposed) along unit n: h_A(n) + h_B(-n).
pub fn overlap(a: &Shape<3>, b: &Shape<3>, n: &[f64; 3]) -> f64 {
    let n = Vector::<3>::new(n[0], n[1], n[2]);
    n.dot(&a.support(&n)) - n.dot(&b.support(&-n))
}

/// The calling thread's last error message.
pub fn last_error() -> String {
    unsafe { std::ffi::CStr::from_ptr(gjk_last_error_message()) }
        .to_string_lossy()
        .into_owned()
}

/// Asserts that a call was refused with GJK_INVALID_ARGUMENT and a message containing `needle`.
pub fn assert_refused(status: GjkStatus, needle: &str) {
    let message = last_error();
    assert_eq!(status, GJK_INVALID_ARGUMENT, "{message}");
    assert!(message.contains(needle), "{message:?} lacks {needle:?}");
}

/// The pose translated to (x, y, 0), not turned.
pub fn identity_at(x: f64, y: f64) -> GjkPose {
    GjkPose {
        position: [x, y, 0.0],
        rotation: [0.0, 0.0, 0.0, 1.0],
    }
}
