//! Shared machinery of the fuzz targets: arbitrary bytes turned into shapes, poses and options,
//! the shapes built through the C ABI (`gjk::ffi`) and mirrored with the Rust API (whose
//! support functions check the answers), and the invariants every query must satisfy.
//!
//! Invariants (any violation panics, which libFuzzer reports as a crash):
//! - every status is `GJK_OK` or a documented error code, never `GJK_INTERNAL_ERROR`; a failed
//!   call leaves a non-empty message and does not write its result (except the documented
//!   `GJK_NO_CONVERGENCE` results of the distance and penetration queries);
//! - a constructor succeeds exactly when the Rust constructor does;
//! - a query fails with `GJK_INVALID_ARGUMENT` exactly when a pose is invalid (not finite,
//!   not a unit quaternion, or outside the supported range, see `gjk::range`);
//! - on success the results are finite, `0 <= lower_bound <= distance`, normals are unit, the
//!   closest points lie in their shapes (checked with the support functions along the normal
//!   and the axes), the distance is `|point_b - point_a|` and the separation along the normal
//!   (certified by the support functions) matches it within the requested tolerance;
//! - `gjk_intersect`, `gjk_distance`, `gjk_penetration` and `gjk_signed_distance` agree on the
//!   verdict; `signed_distance <= 0` exactly when intersecting; the penetration depth equals
//!   the overlap of the support functions along the returned normal;
//! - swapping A and B gives the same distance and the opposite normal; moving both shapes by
//!   the same translation gives the same distance; repeating a call gives bitwise the same
//!   result;
//! - a ray cast on A and a shape cast of A and B (moving) are refused exactly outside the
//!   supported range, and their hits and misses agree with the minimum of the signed distance
//!   over time, found by golden-section search (see `casts`);
//! - the batch calls answer each pair bit for bit as the single query, and the pairs within a
//!   separation are exactly those the single queries keep (see `batch`);
//! - the contact manifold keeps the penetration query's normal and depth, its points lie in
//!   their shapes within the margin (see `manifold`).
//!
//! Tolerances are relative to the magnitude of the coordinates (`scale`), so that shapes of
//! 1e-3 at 1e7 are not held to an accuracy that their coordinates cannot carry.

pub mod batch;
pub mod casts;
pub mod manifold;

use gjk::ffi::*;
use gjk::shape::{
    Ball, Capsule, Cone, ConvexHull, Cuboid, Cylinder, Ellipsoid, Point, Segment, Shape,
};
use gjk::{Pose, Support, Vector};
use nalgebra::{Quaternion, UnitQuaternion, Vector3};
use std::ffi::CStr;

/// At most this many points per hull read from the bytes.
pub const MAX_POINTS: usize = 64;

/// Hulls of this many points climb their edge graph for support points (see
/// `gjk::shape::ConvexHull::climbs`); some hulls are tiled up to it.
pub const CLIMB_POINTS: usize = 512;

/// A reader of the fuzzer's bytes; past the end every read gives zeros.
pub struct Bytes<'a> {
    data: &'a [u8],
    pos: usize,
}

/// Scales: the size of a shape's features.
const SCALES: [f64; 16] = [
    1.0, 0.5, 2.0, 3.0, 1e-3, 1e-6, 1e-9, 1e3, 1e6, 1e9, 1e-150, 1e150, 1e300, 0.0, 1e-300, 7.0,
];
/// Offsets: where a shape sits.
const OFFSETS: [f64; 16] = [
    0.0, 0.0, 0.0, 1.0, -1.0, 9e4, 1e6, 1e7, 1e9, -1e6, 1e12, 1e15, 1e300, 1e-9, 0.5, 2.0,
];
/// Values that break things.
const SPECIALS: [f64; 16] = [
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::MAX,
    f64::MIN,
    f64::MIN_POSITIVE,
    5e-324,
    -0.0,
    0.0,
    1e308,
    -1e-308,
    1.0,
    -1.0,
    1e-16,
    9e4,
    f64::EPSILON,
];

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Self { data, pos: 0 }
    }

    pub fn u8(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    pub fn u64(&mut self) -> u64 {
        (self.u32() as u64) | ((self.u32() as u64) << 32)
    }

    pub fn bool(&mut self) -> bool {
        self.u8() & 1 == 1
    }

    /// A scale: mostly from the table, sometimes arbitrary bits.
    pub fn scale(&mut self) -> f64 {
        match self.u8() {
            250..=255 => f64::from_bits(self.u64()),
            s => SCALES[s as usize % SCALES.len()],
        }
    }

    /// An offset: mostly from the table, sometimes arbitrary bits.
    pub fn offset(&mut self) -> f64 {
        match self.u8() {
            250..=255 => f64::from_bits(self.u64()),
            s => {
                let sign = if s & 0x80 != 0 { -1.0 } else { 1.0 };
                sign * OFFSETS[s as usize % OFFSETS.len()]
            }
        }
    }

    /// A coordinate `offset + scale * k / 8` for a small integer k, or a special value, or
    /// arbitrary bits.
    pub fn coord(&mut self, offset: f64, scale: f64) -> f64 {
        match self.u8() {
            0..=219 => {
                let k = self.u8() as i8 as f64 / 8.0;
                offset + scale * k
            }
            220..=243 => SPECIALS[self.u8() as usize % SPECIALS.len()],
            _ => f64::from_bits(self.u64()),
        }
    }

    /// A size (radius, half extent): usually non-negative.
    pub fn size(&mut self, scale: f64) -> f64 {
        match self.u8() {
            0..=229 => scale * (self.u8() as f64 / 16.0),
            230..=245 => SPECIALS[self.u8() as usize % SPECIALS.len()],
            _ => f64::from_bits(self.u64()),
        }
    }
}

/// What a shape is made of: enough to build it through the C ABI and through the Rust API.
#[derive(Clone, Debug)]
pub enum Spec {
    /// `gjk_polygon_new` / `gjk_polytope_new` (or the `_f32` variants).
    Hull {
        coords: Vec<f64>,
        single: bool,
    },
    Ball(f64),
    Ellipsoid([f64; 3]),
    Cuboid([f64; 3]),
    Capsule(f64, f64),
    Point([f64; 3]),
    Segment([f64; 3], [f64; 3]),
    /// `gjk_cylinder_new` (3D only): half height, radius.
    Cylinder(f64, f64),
    /// `gjk_cone_new` (3D only): half height, radius.
    Cone(f64, f64),
    /// `gjk_rounded_new` of a shape that is not itself a `Rounded` spec, and the radius.
    Rounded(Box<Spec>, f64),
}

impl Spec {
    /// A shape of dimension `dim` from the bytes.
    pub fn read(bytes: &mut Bytes, dim: usize) -> Spec {
        let kind = bytes.u8();
        let scale = bytes.scale();
        let offset = bytes.offset();
        let three = |b: &mut Bytes| {
            [
                b.coord(offset, scale),
                b.coord(offset, scale),
                b.coord(offset, scale),
            ]
        };
        // Kinds 240 and up (which the kinds below already cover by `kind % 10`) build the
        // shapes added later, so that the older inputs keep most of their meaning.
        match kind {
            240..=244 if dim == 3 => return Spec::Cylinder(bytes.size(scale), bytes.size(scale)),
            245..=249 if dim == 3 => return Spec::Cone(bytes.size(scale), bytes.size(scale)),
            250..=255 => {
                let inner = match Spec::read(bytes, dim) {
                    Spec::Rounded(inner, _) => inner,
                    other => Box::new(other),
                };
                return Spec::Rounded(inner, bytes.size(scale));
            }
            _ => {}
        }
        match kind % 10 {
            0..=3 => {
                let count = 1 + bytes.u8() as usize % MAX_POINTS;
                let mut coords: Vec<f64> = (0..count * dim)
                    .map(|_| bytes.coord(offset, scale))
                    .collect();
                if kind % 10 == 3 && kind & 0x40 != 0 {
                    // Tiled to CLIMB_POINTS points, so that the hull climbs its edge graph:
                    // copy j of each point scaled by 1 + j 2^-50 (clusters of nearly coincident
                    // vertices, whose gains are below the rounding of their values).
                    let original = coords.clone();
                    let mut j = 1.0;
                    while coords.len() < CLIMB_POINTS * dim {
                        coords.extend(original.iter().map(|x| x * (1.0 + j * 2f64.powi(-50))));
                        j += 1.0;
                    }
                }
                Spec::Hull {
                    coords,
                    single: kind & 0x80 != 0,
                }
            }
            4 => Spec::Ball(bytes.size(scale)),
            5 => Spec::Ellipsoid([bytes.size(scale), bytes.size(scale), bytes.size(scale)]),
            6 => Spec::Cuboid([bytes.size(scale), bytes.size(scale), bytes.size(scale)]),
            7 => Spec::Capsule(bytes.size(scale), bytes.size(scale)),
            8 => Spec::Point(three(bytes)),
            _ => {
                let a = three(bytes);
                Spec::Segment(a, three(bytes))
            }
        }
    }

    /// Whether the shape is curved with a support function that GJK only approaches (its
    /// answers are then accurate to the requested tolerance, not to rounding).
    pub fn curved(&self) -> bool {
        match self {
            Spec::Ellipsoid(_) | Spec::Cylinder(..) | Spec::Cone(..) => true,
            Spec::Rounded(inner, _) => inner.curved(),
            _ => false,
        }
    }

    /// Builds the shape through the C ABI: its status and handle (NULL on failure).
    pub fn build_c(&self, dim: usize) -> (GjkStatus, *mut GjkShape) {
        let mut out: *mut GjkShape = std::ptr::null_mut();
        let status = unsafe {
            match (self, dim) {
                (Spec::Hull { coords, single }, _) => {
                    let count = coords.len() / dim;
                    if *single {
                        let narrow: Vec<f32> = coords.iter().map(|&x| x as f32).collect();
                        if dim == 2 {
                            gjk_polygon_new_f32(narrow.as_ptr(), count, &mut out)
                        } else {
                            gjk_polytope_new_f32(narrow.as_ptr(), count, &mut out)
                        }
                    } else if dim == 2 {
                        gjk_polygon_new(coords.as_ptr(), count, &mut out)
                    } else {
                        gjk_polytope_new(coords.as_ptr(), count, &mut out)
                    }
                }
                (Spec::Ball(r), 2) => gjk_circle_new(*r, &mut out),
                (Spec::Ball(r), _) => gjk_sphere_new(*r, &mut out),
                (Spec::Ellipsoid(h), 2) => gjk_ellipse_new(h[0], h[1], &mut out),
                (Spec::Ellipsoid(h), _) => gjk_ellipsoid_new(h[0], h[1], h[2], &mut out),
                (Spec::Cuboid(h), 2) => gjk_rectangle_new(h[0], h[1], &mut out),
                (Spec::Cuboid(h), _) => gjk_box_new(h[0], h[1], h[2], &mut out),
                (Spec::Capsule(l, r), 2) => gjk_stadium_new(*l, *r, &mut out),
                (Spec::Capsule(l, r), _) => gjk_capsule_new(*l, *r, &mut out),
                (Spec::Point(p), 2) => gjk_point2d_new(p[0], p[1], &mut out),
                (Spec::Point(p), _) => gjk_point3d_new(p[0], p[1], p[2], &mut out),
                (Spec::Segment(a, b), 2) => gjk_segment2d_new(a[0], a[1], b[0], b[1], &mut out),
                (Spec::Segment(a, b), _) => {
                    gjk_segment3d_new(a[0], a[1], a[2], b[0], b[1], b[2], &mut out)
                }
                (Spec::Cylinder(h, r), _) => gjk_cylinder_new(*h, *r, &mut out),
                (Spec::Cone(h, r), _) => gjk_cone_new(*h, *r, &mut out),
                (Spec::Rounded(inner, r), _) => {
                    let (status, core) = inner.build_c(dim);
                    if status == GJK_OK {
                        let status = gjk_rounded_new(core, *r, &mut out);
                        gjk_shape_free(core);
                        status
                    } else {
                        status
                    }
                }
            }
        };
        (status, out)
    }

    /// The same shape through the Rust API (None where the Rust constructor fails).
    pub fn build_rust<const D: usize>(&self) -> Option<Shape<D>> {
        let v = |c: &[f64; 3]| Vector::<D>::from_fn(|i, _| c[i]);
        match self {
            Spec::Hull { coords, single } => {
                let widen = |x: f64| if *single { x as f32 as f64 } else { x };
                let points = coords
                    .chunks_exact(D)
                    .map(|p| Vector::<D>::from_fn(|i, _| widen(p[i])))
                    .collect();
                ConvexHull::new(points).ok().map(Shape::ConvexHull)
            }
            Spec::Ball(r) => Ball::<D>::new(*r).ok().map(Shape::Ball),
            Spec::Ellipsoid(h) => Ellipsoid::new(v(h)).ok().map(Shape::Ellipsoid),
            Spec::Cuboid(h) => Cuboid::new(v(h)).ok().map(Shape::Cuboid),
            Spec::Capsule(l, r) => Capsule::<D>::along_axis(if D == 2 { 0 } else { 2 }, *l, *r)
                .ok()
                .map(Shape::Capsule),
            Spec::Point(p) => Point::new(v(p)).ok().map(Shape::Point),
            Spec::Segment(a, b) => Segment::new(v(a), v(b)).ok().map(Shape::Segment),
            Spec::Cylinder(h, r) => Cylinder::new(*h, *r).ok().map(Shape::Cylinder),
            Spec::Cone(h, r) => Cone::new(*h, *r).ok().map(Shape::Cone),
            Spec::Rounded(inner, r) => inner.build_rust::<D>()?.rounded(*r).ok(),
        }
    }
}

/// A pose from the bytes: usually valid, sometimes with a zero, non-unit, non-finite or (in
/// 2D) out-of-plane quaternion.
pub fn read_pose(bytes: &mut Bytes, dim: usize) -> GjkPose {
    let scale = bytes.scale();
    let offset = bytes.offset();
    let position = [
        bytes.coord(offset, scale),
        bytes.coord(offset, scale),
        if dim == 2 && bytes.bool() {
            0.0
        } else {
            bytes.coord(offset, scale)
        },
    ];
    let h = 0.5f64.sqrt();
    let rotation = match bytes.u8() % 12 {
        0 => [0.0, 0.0, 0.0, 1.0],
        1 => [0.0, 0.0, h, h],
        2 => {
            let angle = bytes.u32() as f64 * 1e-6;
            let (s, c) = (0.5 * angle).sin_cos();
            [0.0, 0.0, s, c]
        }
        3 if dim == 3 => [h, 0.0, 0.0, h],
        3 | 4 => {
            // An arbitrary direction normalised (a valid rotation in 3D).
            let q: [f64; 4] = std::array::from_fn(|_| bytes.u8() as i8 as f64 + 0.5);
            let n = q.iter().map(|x| x * x).sum::<f64>().sqrt();
            q.map(|x| x / n)
        }
        5 => [0.0; 4],
        6 => {
            // Nearly unit: within the accepted 1e-3 of norm 1, or just outside.
            let f = 1.0 + (bytes.u8() as i8 as f64) * 2e-5;
            [0.0, 0.0, 0.0, f]
        }
        7 => std::array::from_fn(|_| SPECIALS[bytes.u8() as usize % SPECIALS.len()]),
        8 => std::array::from_fn(|_| f64::from_bits(bytes.u64())),
        _ => std::array::from_fn(|_| bytes.u8() as i8 as f64 / 64.0),
    };
    GjkPose { position, rotation }
}

/// The Rust pose of a `GjkPose` as the C ABI validates it, or None if it is rejected.
pub trait MirrorPose: Sized {
    fn mirror(pose: &GjkPose) -> Option<Self>;
}

fn unit_rotation(pose: &GjkPose) -> Option<[f64; 4]> {
    if !pose
        .position
        .iter()
        .chain(&pose.rotation)
        .all(|x| x.is_finite())
        || pose.position.iter().any(|x| x.abs() > GJK_MAX_MAGNITUDE)
    {
        return None;
    }
    let norm = pose.rotation.iter().map(|x| x * x).sum::<f64>().sqrt();
    // Matches the documented rule: a norm within 1e-3 of 1 is normalised, and all zeros is the
    // identity. Quaternions right at the boundary are left out by the caller (see
    // `near_boundary`).
    if pose.rotation == [0.0; 4] {
        return Some([0.0, 0.0, 0.0, 1.0]);
    }
    ((norm - 1.0).abs() <= 1e-3).then(|| pose.rotation.map(|x| x / norm))
}

/// Whether the pose's validity could go either way by rounding (its norm within 1e-9 of the
/// 1e-3 boundary, or its out-of-plane part right at the 2D threshold).
pub fn near_boundary(pose: &GjkPose, dim: usize) -> bool {
    let norm = pose.rotation.iter().map(|x| x * x).sum::<f64>().sqrt();
    let off = ((norm - 1.0).abs() - 1e-3).abs() < 1e-9;
    let plane = pose.rotation[0].powi(2) + pose.rotation[1].powi(2);
    off || (dim == 2 && plane > 1e-13 && plane < 1e-11)
}

impl MirrorPose for Pose<2> {
    fn mirror(pose: &GjkPose) -> Option<Self> {
        let [x, y, z, w] = unit_rotation(pose)?;
        if x * x + y * y > 1e-12 {
            return None;
        }
        Pose::new_2d(pose.position[0], pose.position[1], 2.0 * z.atan2(w)).ok()
    }
}

impl MirrorPose for Pose<3> {
    fn mirror(pose: &GjkPose) -> Option<Self> {
        let [x, y, z, w] = unit_rotation(pose)?;
        let q = UnitQuaternion::new_unchecked(Quaternion::new(w, x, y, z));
        Pose::new_3d(Vector3::from(pose.position), q).ok()
    }
}

/// Options from the bytes: the defaults, or arbitrary (also invalid) values.
pub fn read_options(bytes: &mut Bytes) -> GjkQueryOptions {
    let mut o = gjk_query_options_default();
    match bytes.u8() % 6 {
        0 => {}
        1 => o.relative_tolerance = 0.0,
        2 => o.max_iterations = 1 + bytes.u8() as u32 % 8,
        3 => {
            o.relative_tolerance = bytes.u8() as f64 / 256.0;
            o.max_iterations = bytes.u32() % 300;
        }
        4 => o.relative_tolerance = SPECIALS[bytes.u8() as usize % SPECIALS.len()],
        _ => {
            o.relative_tolerance = f64::from_bits(bytes.u64());
            o.max_iterations = bytes.u32();
        }
    }
    o
}

/// Whether the options are valid by the documented rule.
pub fn options_valid(o: &GjkQueryOptions) -> bool {
    o.relative_tolerance >= 0.0 && o.relative_tolerance < 1.0 && o.max_iterations >= 1
}

/// The last error message of this thread.
pub fn last_error() -> String {
    let ptr = gjk_last_error_message();
    assert!(!ptr.is_null(), "gjk_last_error_message returned NULL");
    unsafe { CStr::from_ptr(ptr) }
        .to_string_lossy()
        .into_owned()
}

/// A failed call's status is documented and its message says something.
pub fn check_failure(status: GjkStatus, what: &str) {
    assert!(
        (GJK_NULL_POINTER..=GJK_NO_CONVERGENCE).contains(&status),
        "{what}: undocumented or internal status {status}: {}",
        last_error()
    );
    assert!(
        !last_error().is_empty(),
        "{what}: status {status} without a message"
    );
}

/// The support value `h(n) = max over the shape of n . p` of a posed shape.
pub fn h<const D: usize>(shape: &Shape<D>, pose: &Pose<D>, n: &Vector<D>) -> f64 {
    let local = pose.rotation().transpose() * n;
    n.dot(&pose.transform_point(&shape.support(&local)))
}

/// An upper bound on the magnitude of the shape's world coordinates.
pub fn magnitude<const D: usize>(shape: &Shape<D>, pose: &Pose<D>) -> f64 {
    let mut m: f64 = 0.0;
    for i in 0..D {
        for s in [1.0, -1.0] {
            let e = Vector::<D>::from_fn(|j, _| if i == j { s } else { 0.0 });
            m = m.max(shape.support(&e).amax());
        }
    }
    pose.translation().amax() + (D as f64) * m
}

fn vec<const D: usize>(p: &[f64; 3]) -> Vector<D> {
    Vector::<D>::from_fn(|i, _| p[i])
}

fn finite(xs: &[f64]) -> bool {
    xs.iter().all(|x| x.is_finite())
}

/// Directions along which point membership is checked: the normal, the axes and diagonals.
fn directions<const D: usize>(normal: &Vector<D>) -> Vec<Vector<D>> {
    let mut dirs = vec![*normal, -normal];
    for i in 0..D {
        for s in [1.0, -1.0] {
            dirs.push(Vector::<D>::from_fn(|j, _| if i == j { s } else { 0.0 }));
        }
    }
    dirs.push(Vector::<D>::from_element(1.0).normalize());
    dirs.push(Vector::<D>::from_fn(|i, _| if i % 2 == 0 { 1.0 } else { -1.0 }).normalize());
    dirs
}

/// One posed pair under test.
pub struct Pair<'s, const D: usize> {
    pub a: &'s Shape<D>,
    pub pose_a: Pose<D>,
    pub b: &'s Shape<D>,
    pub pose_b: Pose<D>,
    /// The absolute tolerance of the checks: relative to the coordinates' magnitude.
    pub tol: f64,
    /// The coordinates' magnitude.
    pub scale: f64,
    pub curved: bool,
}

impl<const D: usize> Pair<'_, D> {
    /// `p` lies in shape `s` (posed) within the tolerance.
    fn inside(&self, s: &Shape<D>, pose: &Pose<D>, p: &Vector<D>, normal: &Vector<D>, what: &str) {
        for d in directions(normal) {
            let hd = h(s, pose, &d);
            assert!(
                d.dot(p) <= hd + self.tol,
                "{what} {p:?} is outside its shape along {d:?}: {} > h = {hd} (tol {})",
                d.dot(p),
                self.tol
            );
        }
    }

    /// The overlap of the shapes along unit `n` (A towards B): `h_A(n) + h_B(-n)`, which is
    /// minus their separation along n.
    fn overlap(&self, n: &Vector<D>) -> f64 {
        h(self.a, &self.pose_a, n) + h(self.b, &self.pose_b, &-n)
    }

    /// The invariants of a distance result.
    pub fn check_distance(&self, r: &GjkDistanceResult, converged: bool, rt: f64) {
        let all = [
            &[r.distance, r.lower_bound][..],
            &r.point_a[..],
            &r.point_b[..],
            &r.normal[..],
        ]
        .concat();
        assert!(finite(&all), "non-finite distance result {r:?}");
        for p in [&r.point_a, &r.point_b, &r.normal] {
            assert!(
                p[D..].iter().all(|&z| z == 0.0),
                "2D result with z != 0: {r:?}"
            );
        }
        assert!(r.distance >= 0.0, "negative distance {r:?}");
        assert!(r.lower_bound >= 0.0, "negative lower bound {r:?}");
        assert!(
            r.lower_bound <= r.distance,
            "lower bound above distance {r:?}"
        );
        // A distance of 0 is a proof of overlap; intersecting at a positive distance (its
        // upper bound) is a call within the touching tolerance, and says so.
        assert!(
            r.distance != 0.0 || r.intersecting,
            "distance 0 but not intersecting {r:?}"
        );
        assert!(
            !r.intersecting || r.distance == 0.0 || r.tolerance_call,
            "intersecting at a positive distance without a tolerance call {r:?}"
        );
        let n = vec::<D>(&r.normal);
        assert!((n.norm() - 1.0).abs() < 1e-9, "normal not unit {r:?}");
        let (pa, pb) = (vec::<D>(&r.point_a), vec::<D>(&r.point_b));
        self.inside(self.a, &self.pose_a, &pa, &n, "point_a");
        self.inside(self.b, &self.pose_b, &pb, &n, "point_b");
        if r.intersecting {
            // A common point: the witness points coincide within the tolerance.
            let gap = (pb - pa).norm();
            assert!(
                gap <= self.tol,
                "intersecting, but the points are {gap} apart: {r:?}"
            );
            return;
        }
        let gap = (pb - pa).norm();
        assert!(
            (gap - r.distance).abs() <= self.tol + 1e-12 * r.distance,
            "distance {} but |point_b - point_a| = {gap}: {r:?}",
            r.distance
        );
        // The normal separates the shapes: their separation along it is at most the distance
        // (by the support functions), and once converged within the tolerance of it.
        let separation = -self.overlap(&n);
        assert!(
            separation <= r.distance + self.tol,
            "separation along the normal {separation} exceeds the distance: {r:?}"
        );
        if converged {
            let slack = if self.curved {
                (rt.max(1e-12) * 4.0 + 1e-9) * r.distance
            } else {
                rt * r.distance + 1e-12 * r.distance
            };
            // The bounds certify the distance within the tolerance (or, for a search stalled
            // by rounding, within 2^20 rounding units of the coordinates: see gjk.rs).
            assert!(
                r.lower_bound >= r.distance - slack - self.tol - 2.4e-10 * self.scale,
                "converged, but the lower bound is not within the tolerance: {r:?}"
            );
            // A normal computed from witness points that are exact to within the tolerance
            // tilts by up to tol / distance, which moves the support values of shapes of
            // size `scale` by up to tol * scale / distance.
            // And features whose distances differ by less than the distance's rounding
            // (16 EPSILON * scale) cannot be told apart: a vertex and the edge next to it,
            // whose closest points are `x` apart, differ in distance by x^2 / (2 distance), so
            // the normal may tilt by sqrt(2 * rounding / distance) (a point against a hull
            // 1e9 away whose edge turns by 6.6e-9: tests/it/distance/fuzz_regressions.rs).
            // Likewise a normal is only as good as the bounds: where they are `gap` apart
            // (a loose tolerance on a curved shape), it may tilt by sqrt(2 * gap / distance).
            let feature_tilt = (2.0
                * (16.0 * f64::EPSILON * self.scale + (r.distance - r.lower_bound).max(0.0))
                / r.distance)
                .sqrt();
            let slack = slack + self.tol * self.scale / r.distance + feature_tilt * self.scale;
            assert!(
                separation >= r.distance - slack - self.tol,
                "converged, but the separation along the normal is {separation} for a distance \
                 of {} (tol {}): {r:?}",
                r.distance,
                self.tol
            );
            assert!(
                r.lower_bound >= r.distance - slack - self.tol,
                "converged, but lower bound {} far below distance {}: {r:?}",
                r.lower_bound,
                r.distance
            );
        }
    }

    /// The invariants of a penetration result (on GJK_OK).
    pub fn check_penetration(&self, p: &GjkPenetrationResult, d: &GjkDistanceResult, rt: f64) {
        let all = [
            &[p.signed_distance][..],
            &p.point_a[..],
            &p.point_b[..],
            &p.normal[..],
        ]
        .concat();
        assert!(finite(&all), "non-finite penetration result {p:?}");
        assert_eq!(
            p.intersecting,
            p.signed_distance <= 0.0,
            "intersecting flag vs signed distance {p:?}"
        );
        assert_eq!(
            p.intersecting, d.intersecting,
            "penetration {p:?} vs distance {d:?}"
        );
        let n = vec::<D>(&p.normal);
        assert!((n.norm() - 1.0).abs() < 1e-9, "normal not unit {p:?}");
        let (pa, pb) = (vec::<D>(&p.point_a), vec::<D>(&p.point_b));
        self.inside(self.a, &self.pose_a, &pa, &n, "penetration point_a");
        self.inside(self.b, &self.pose_b, &pb, &n, "penetration point_b");
        if !p.intersecting {
            assert!(
                (p.signed_distance - d.distance).abs() <= self.tol + (rt + 1e-9) * d.distance,
                "separated: signed distance {p:?} vs distance {d:?}"
            );
            return;
        }
        // The depth is the overlap along the returned normal (the support functions certify
        // it), and no larger than the overlap along the distance query's last direction.
        let depth = -p.signed_distance;
        let overlap = self.overlap(&n);
        let slack = self.tol + (rt.max(1e-12) * 4.0 + 1e-9) * depth;
        assert!(
            (overlap - depth).abs() <= slack,
            "depth {depth} but the overlap along the normal is {overlap} (slack {slack}): {p:?}"
        );
    }
}

/// Frees a handle when dropped.
pub struct Handle(pub *mut GjkShape);

impl Drop for Handle {
    fn drop(&mut self) {
        unsafe { gjk_shape_free(self.0) };
    }
}

/// Builds a shape both ways and checks that they agree; the handle and the Rust shape, or
/// None when the input is (consistently) rejected.
pub fn build<const D: usize>(spec: &Spec) -> Option<(Handle, Shape<D>)> {
    let (status, ptr) = spec.build_c(D);
    let handle = Handle(ptr);
    let mirror = spec.build_rust::<D>();
    if status == GJK_OK {
        assert!(!ptr.is_null(), "GJK_OK without a shape for {spec:?}");
        assert_eq!(unsafe { gjk_shape_dimension(ptr) }, D as u32);
        let shape = mirror.unwrap_or_else(|| panic!("C accepts, Rust rejects {spec:?}"));
        Some((handle, shape))
    } else {
        check_failure(status, "constructor");
        assert!(
            ptr.is_null(),
            "a failed constructor wrote its output: {spec:?}"
        );
        assert_eq!(status, GJK_INVALID_ARGUMENT, "constructor of {spec:?}");
        assert!(
            mirror.is_none(),
            "C rejects ({}), Rust accepts {spec:?}",
            last_error()
        );
        None
    }
}

/// A simplex cache made of the input's bytes: counts, dimensions, indices and directions of
/// any value (the library must rebuild or refuse it).
fn read_cache(bytes: &mut Bytes) -> GjkSimplexCache {
    let mut cache = gjk_simplex_cache_empty();
    cache.count = u32::from(bytes.u8() % 6);
    cache.dimension = u32::from(bytes.u8() % 4);
    for v in 0..4 {
        cache.index_a[v] = i64::from(bytes.u8()) - 2;
        cache.index_b[v] = i64::from(bytes.u8()) - 2;
        for k in 0..3 {
            cache.direction[v][k] = bytes.coord(0.0, 1.0);
        }
    }
    cache
}

/// Runs every query on a pair read from the bytes and checks the invariants.
pub fn fuzz_queries<const D: usize>(data: &[u8])
where
    Pose<D>: MirrorPose,
{
    let mut bytes = Bytes::new(data);
    let spec_a = Spec::read(&mut bytes, D);
    let spec_b = Spec::read(&mut bytes, D);
    let gpose_a = read_pose(&mut bytes, D);
    let gpose_b = read_pose(&mut bytes, D);
    let shift = [
        bytes.offset(),
        bytes.offset(),
        if D == 2 { 0.0 } else { bytes.offset() },
    ];
    let options = read_options(&mut bytes);
    if std::env::var_os("GJK_FUZZ_TRACE").is_some() {
        eprintln!("A {spec_a:?}\nB {spec_b:?}\npose_a {gpose_a:?}\npose_b {gpose_b:?}");
        eprintln!("shift {shift:?} options {options:?}");
    }
    let Some((ha, a)) = build::<D>(&spec_a) else {
        return;
    };
    let Some((hb, b)) = build::<D>(&spec_b) else {
        return;
    };
    let (ca, cb) = (ha.0 as *const GjkShape, hb.0 as *const GjkShape);

    // The verdict, the distance, the penetration and the signed distance, with default options.
    let mut hit = false;
    let s_int = unsafe { gjk_intersect(ca, &gpose_a, cb, &gpose_b, &mut hit) };
    let mut d = GjkDistanceResult::default();
    let s_dist = unsafe { gjk_distance(ca, &gpose_a, cb, &gpose_b, &mut d) };
    let mut p = GjkPenetrationResult::default();
    let s_pen = unsafe { gjk_penetration(ca, &gpose_a, cb, &gpose_b, &mut p) };
    let mut sd = f64::NAN;
    let s_sd = unsafe { gjk_signed_distance(ca, &gpose_a, cb, &gpose_b, &mut sd) };

    let poses = (Pose::<D>::mirror(&gpose_a), Pose::<D>::mirror(&gpose_b));
    let (Some(pose_a), Some(pose_b)) = poses else {
        if near_boundary(&gpose_a, D) || near_boundary(&gpose_b, D) {
            return;
        }
        for (s, what) in [
            (s_int, "intersect"),
            (s_dist, "distance"),
            (s_pen, "penetration"),
            (s_sd, "signed_distance"),
        ] {
            assert_eq!(
                s, GJK_INVALID_ARGUMENT,
                "{what} accepted an invalid pose {gpose_a:?} {gpose_b:?}"
            );
            check_failure(s, what);
            assert!(
                last_error().contains("pose"),
                "{what}: message does not name the pose: {}",
                last_error()
            );
        }
        assert_eq!(
            d,
            GjkDistanceResult::default(),
            "failed distance wrote its result"
        );
        assert!(sd.is_nan(), "failed signed distance wrote its result");
        return;
    };
    if near_boundary(&gpose_a, D) || near_boundary(&gpose_b, D) {
        return;
    }
    let scale = magnitude(&a, &pose_a).max(magnitude(&b, &pose_b));
    let statuses = [s_int, s_dist, s_pen, s_sd];
    // Shapes and poses within the supported range (the constructors and Pose::mirror enforce
    // it) are never rejected.
    assert!(
        !statuses.contains(&GJK_INVALID_ARGUMENT),
        "valid input rejected at scale {scale}: {} ({spec_a:?} {spec_b:?} {gpose_a:?} {gpose_b:?})",
        last_error()
    );
    let curved = spec_a.curved() || spec_b.curved();
    for s in statuses {
        if s != GJK_OK {
            check_failure(s, "query");
            assert_eq!(s, GJK_NO_CONVERGENCE, "query failed: {}", last_error());
            // Also on polytopes: a search stalled by rounding says so (its bounds are
            // checked like any other result's).
        }
    }
    let tol = 1e-9 * scale + 1e-140 + if curved { 1e-7 * scale } else { 0.0 };
    let pair = Pair {
        a: &a,
        pose_a,
        b: &b,
        pose_b,
        tol,
        scale,
        curved,
    };
    let rt = gjk_query_options_default().relative_tolerance;
    if s_dist == GJK_OK || s_dist == GJK_NO_CONVERGENCE {
        pair.check_distance(&d, s_dist == GJK_OK, rt);
    }
    if s_int == GJK_OK && s_dist == GJK_OK && hit != d.intersecting {
        // Only within rounding of touching, where the distance search may stall with no
        // certified separation (its lower bound 0) while the boolean query proved the
        // overlap (a simplex enclosing the origin). A proof of separation always agrees.
        assert!(
            hit && d.lower_bound == 0.0 && d.distance <= tol,
            "gjk_intersect says {hit}, gjk_distance {d:?}"
        );
    }
    if s_pen == GJK_OK && s_dist == GJK_OK {
        pair.check_penetration(&p, &d, rt);
    }
    if s_pen == GJK_OK && s_sd == GJK_OK {
        assert_eq!(
            sd.to_bits(),
            p.signed_distance.to_bits(),
            "signed distance {sd} vs penetration {p:?}"
        );
    }

    // Repeating a call gives bitwise the same answer.
    let mut again = GjkDistanceResult::default();
    let s_again = unsafe { gjk_distance(ca, &gpose_a, cb, &gpose_b, &mut again) };
    assert_eq!(s_again, s_dist);
    assert_eq!(format!("{again:?}"), format!("{d:?}"), "not deterministic");

    let close = |x: &GjkDistanceResult, what: &str| {
        let allowed = tol + 1e-9 * d.distance;
        assert!(
            (x.distance - d.distance).abs() <= allowed,
            "{what}: distance {} vs {} (allowed {allowed})",
            x.distance,
            d.distance
        );
    };

    // The traced query answers exactly as the plain one (the trace only observes), and says
    // how many steps it took, within the capacity or not. Two small polygons are the
    // exception: the plain query is the exact polygon kernel's (no support point), the
    // traced one GJK's, within the tolerance.
    let mut traced = GjkDistanceResult::default();
    let mut steps = vec![GjkTraceStep::default(); 64];
    let mut step_count = usize::MAX;
    let s_trace = unsafe {
        gjk_distance_trace(
            ca,
            &gpose_a,
            cb,
            &gpose_b,
            std::ptr::null(),
            &mut traced,
            steps.as_mut_ptr(),
            steps.len(),
            &mut step_count,
        )
    };
    let by_kernel = s_dist == GJK_OK && d.iterations == 0;
    if by_kernel {
        if s_trace == GJK_OK {
            close(&traced, "the traced query");
        } else {
            assert_eq!(s_trace, GJK_NO_CONVERGENCE, "traced status");
        }
    } else {
        assert_eq!(s_trace, s_dist, "traced status differs");
        assert_eq!(
            format!("{traced:?}"),
            format!("{d:?}"),
            "the trace changes the answer"
        );
    }
    if s_dist == GJK_OK {
        assert!(
            step_count >= 1 && step_count != usize::MAX,
            "step count {step_count}"
        );
    }

    // Warm starts: from an empty cache, then from the cache it leaves, then from a cache
    // made of the input's bytes (any content is allowed; a corrupt one is refused): the
    // same verdict and the same distance within the tolerance.
    let mut cache = gjk_simplex_cache_empty();
    let mut warm = GjkDistanceResult::default();
    let s_cold = unsafe {
        gjk_distance_cached(
            ca,
            &gpose_a,
            cb,
            &gpose_b,
            std::ptr::null(),
            &mut cache,
            &mut warm,
        )
    };
    // The iteration cap may be reached on one path and not on the other: the cold query runs
    // the lean loop, which hands a hard pair to the robust loop with its simplex and the
    // evaluations left, where from a cache the robust loop runs alone from scratch (two flat
    // ellipsoids edge to edge, when the hand-over still started afresh: 128 support points
    // cold, 71 from an empty cache). Both answers stay certified: their intervals overlap.
    let capped_on_one =
        [s_cold, s_dist].contains(&GJK_NO_CONVERGENCE) && [s_cold, s_dist].contains(&GJK_OK);
    if capped_on_one {
        let allowed = tol + 1e-9 * d.distance.max(warm.distance);
        assert!(
            d.lower_bound <= warm.distance + allowed && warm.lower_bound <= d.distance + allowed,
            "cold {d:?} and from an empty cache {warm:?} contradict each other"
        );
    } else {
        assert_eq!(s_cold, s_dist, "cached status from an empty cache differs");
    }
    if s_dist == GJK_OK && s_cold == GJK_OK {
        close(&warm, "from an empty cache");
        let s_warm = unsafe {
            gjk_distance_cached(
                ca,
                &gpose_a,
                cb,
                &gpose_b,
                std::ptr::null(),
                &mut cache,
                &mut warm,
            )
        };
        if s_warm == GJK_OK {
            close(&warm, "from its own cache");
        }
        let mut hit_warm = false;
        let s_hit = unsafe {
            gjk_intersect_cached(
                ca,
                &gpose_a,
                cb,
                &gpose_b,
                std::ptr::null(),
                &mut cache,
                &mut hit_warm,
            )
        };
        if s_hit == GJK_OK && s_int == GJK_OK && !d.intersecting && d.distance > 2.0 * tol {
            assert!(!hit_warm, "warm intersect says true for {d:?}");
        }
        let mut made_up = read_cache(&mut bytes);
        let s_made = unsafe {
            gjk_distance_cached(
                ca,
                &gpose_a,
                cb,
                &gpose_b,
                std::ptr::null(),
                &mut made_up,
                &mut warm,
            )
        };
        match s_made {
            GJK_OK => close(&warm, "from a made-up cache"),
            GJK_NO_CONVERGENCE => {}
            other => {
                check_failure(other, "made-up cache");
                assert_eq!(
                    other,
                    GJK_INVALID_ARGUMENT,
                    "made-up cache: {}",
                    last_error()
                );
            }
        }
    }

    casts::check_casts(&pair, ca, cb, &gpose_a, &gpose_b, &mut bytes);
    batch::check_batches(ca, cb, &gpose_a, &gpose_b, &mut bytes);
    manifold::check_manifold(&pair, ca, cb, &gpose_a, &gpose_b, &p, s_pen, &mut bytes);

    if s_dist != GJK_OK {
        return;
    }
    // Swapping A and B: same distance, opposite normal.
    let mut sw = GjkDistanceResult::default();
    let s_sw = unsafe { gjk_distance(cb, &gpose_b, ca, &gpose_a, &mut sw) };
    if s_sw == GJK_OK {
        let allowed = tol + 1e-12 * d.distance + if curved { 1e-9 * d.distance } else { 0.0 };
        assert!(
            (sw.distance - d.distance).abs() <= allowed,
            "swapped distance {} vs {} (allowed {allowed})",
            sw.distance,
            d.distance
        );
        let agree = (sw.distance - d.distance).abs() <= allowed;
        if agree && !d.intersecting && !sw.intersecting && d.distance > 1e3 * tol && !curved {
            let sum: f64 = (0..3)
                .map(|i| (d.normal[i] + sw.normal[i]).powi(2))
                .sum::<f64>()
                .sqrt();
            // Both normals come from witness points exact to `tol` (a tilt of tol / distance
            // each), and each is only as good as its bounds: where they are `gap` apart, the
            // normal may tilt by sqrt(2 gap / distance), as in `check_distance` (boxes 8.3e6
            // apart converged to 1e-12 of that: normals 6.6e-7 off, both within it).
            let gap_tilt = |r: &GjkDistanceResult| {
                (2.0 * (r.distance - r.lower_bound).max(0.0) / r.distance).sqrt()
            };
            let tilt = 1e-6 + 4.0 * tol / d.distance + gap_tilt(&d) + gap_tilt(&sw);
            assert!(
                sum < tilt,
                "swapped normal {:?} is not minus {:?} (distance {}, allowed tilt {tilt})",
                sw.normal,
                d.normal,
                d.distance
            );
        }
        if d.distance > 2.0 * allowed {
            assert!(!sw.intersecting, "swapped verdict differs: {sw:?} vs {d:?}");
        }
    } else {
        // Curved shapes may not converge; polytopes may stall in rounding far from their
        // frames' origins (a point against a segment of 1.9e9 turned by 90 degrees) and then
        // say so.
        check_failure(s_sw, "swapped distance");
        assert!(
            s_sw == GJK_NO_CONVERGENCE,
            "swapped query failed: {}",
            last_error()
        );
    }
    let mut sw_hit = false;
    if unsafe { gjk_intersect(cb, &gpose_b, ca, &gpose_a, &mut sw_hit) } == GJK_OK
        && d.distance > 2.0 * tol
    {
        assert!(
            !sw_hit,
            "swapped intersect says true at distance {}",
            d.distance
        );
    }

    // Both shapes moved by the same translation: the same distance, within the rounding of the
    // moved coordinates.
    if finite(&shift) {
        let mut ma = gpose_a;
        let mut mb = gpose_b;
        for (i, t) in shift.iter().enumerate() {
            ma.position[i] += t;
            mb.position[i] += t;
        }
        let moved_scale = scale + shift.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        // Both poses stay within the supported range (else the query is refused: checked
        // with the other invalid poses).
        let in_range = |p: &GjkPose| p.position.iter().all(|x| x.abs() <= GJK_MAX_MAGNITUDE);
        if in_range(&ma) && in_range(&mb) {
            let mut m = GjkDistanceResult::default();
            let s_m = unsafe { gjk_distance(ca, &ma, cb, &mb, &mut m) };
            let mtol = 1e-9 * moved_scale
                + 1e-140
                + if curved {
                    1e-7 * moved_scale + 1e-9 * d.distance
                } else {
                    0.0
                };
            if s_m == GJK_OK {
                assert!(
                    (m.distance - d.distance).abs() <= mtol + 1e-12 * d.distance,
                    "translated by {shift:?}: distance {} vs {} (allowed {mtol})",
                    m.distance,
                    d.distance
                );
            } else {
                check_failure(s_m, "translated distance");
                // Curved shapes may not converge; far from the origin, polytopes may stall.
                assert!(
                    s_m == GJK_NO_CONVERGENCE,
                    "translated query failed: {}",
                    last_error()
                );
            }
        }
    }

    // Arbitrary options.
    let valid = options_valid(&options);
    let mut hit_ex = false;
    let s = unsafe { gjk_intersect_ex(ca, &gpose_a, cb, &gpose_b, &options, &mut hit_ex) };
    if !valid {
        assert_eq!(
            s, GJK_INVALID_ARGUMENT,
            "invalid options {options:?} accepted"
        );
        assert!(
            last_error().contains("options"),
            "message: {}",
            last_error()
        );
        let mut dx = GjkDistanceResult::default();
        let s = unsafe { gjk_distance_ex(ca, &gpose_a, cb, &gpose_b, &options, &mut dx) };
        assert_eq!(s, GJK_INVALID_ARGUMENT);
        assert_eq!(
            dx,
            GjkDistanceResult::default(),
            "failed distance_ex wrote its result"
        );
        let mut px = GjkPenetrationResult::default();
        let s = unsafe { gjk_penetration_ex(ca, &gpose_a, cb, &gpose_b, &options, &mut px) };
        assert_eq!(s, GJK_INVALID_ARGUMENT);
        return;
    }
    if s == GJK_OK && d.distance > 2.0 * tol {
        assert!(
            !hit_ex,
            "intersect_ex {options:?} says true at distance {}",
            d.distance
        );
    } else if s != GJK_OK {
        check_failure(s, "intersect_ex");
        assert_eq!(s, GJK_NO_CONVERGENCE);
    }
    let mut dx = GjkDistanceResult::default();
    let s = unsafe { gjk_distance_ex(ca, &gpose_a, cb, &gpose_b, &options, &mut dx) };
    match s {
        GJK_OK | GJK_NO_CONVERGENCE => {
            pair.check_distance(&dx, s == GJK_OK, options.relative_tolerance);
            // Whatever the options, the bounds bracket the true distance.
            let slack = tol + 1e-12 * d.distance + if curved { 1e-9 * d.distance } else { 0.0 };
            assert!(
                dx.lower_bound <= d.distance + slack,
                "lower bound {dx:?} above the distance {d:?}"
            );
            assert!(
                dx.distance >= d.lower_bound - slack,
                "distance {dx:?} below the lower bound {d:?}"
            );
        }
        _ => panic!("distance_ex failed with {s}: {}", last_error()),
    }
    let mut px = GjkPenetrationResult::default();
    let s = unsafe { gjk_penetration_ex(ca, &gpose_a, cb, &gpose_b, &options, &mut px) };
    match s {
        GJK_OK => {
            if dx.intersecting == px.intersecting && s_dist == GJK_OK {
                // The depth check needs a converged verdict; a loose tolerance changes accuracy only.
                let all = [px.signed_distance, px.normal[0], px.normal[1], px.normal[2]];
                assert!(finite(&all), "non-finite penetration_ex {px:?}");
            }
        }
        GJK_NO_CONVERGENCE => {
            let all = [px.signed_distance, px.normal[0], px.normal[1], px.normal[2]];
            assert!(
                finite(&all),
                "non-finite penetration_ex on no convergence {px:?}"
            );
        }
        _ => panic!("penetration_ex failed with {s}: {}", last_error()),
    }
}
