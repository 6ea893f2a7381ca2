//! `GjkShape`: opaque, immutable shape handles and their constructors.

use crate::error::ShapeError;
use crate::ffi::pointers::{coordinates, input, output};
use crate::ffi::status::{guard, guard_value, Failure, GjkStatus, GJK_DIMENSION_MISMATCH};
use crate::shape::{
    AxialSolid, Ball, Capsule, ConvexHull, Cuboid, Ellipsoid, Point, Segment, Shape,
};
use crate::support::Vector;

/// The supported range: every coordinate, size and pose translation component has magnitude
/// at most `GJK_MAX_MAGNITUDE` (1e50). Beyond it the squared and multiplied lengths the queries
/// use would overflow; constructors and queries refuse such input with
/// `GJK_INVALID_ARGUMENT` and a message naming the argument.
pub const GJK_MAX_MAGNITUDE: f64 = 1e50;
/// The smallest nonzero size (radius, half extent, semi-axis, half length, length of a
/// segment, span of a point set): `GJK_MIN_SIZE` (1e-50); 0 is fine (a point). Smaller sizes
/// would underflow when squared and are refused with `GJK_INVALID_ARGUMENT`. Tiny
/// coordinates are fine, and so are points (shapes of size 0) at any separation.
pub const GJK_MIN_SIZE: f64 = 1e-50;
const _: () = assert!(
    GJK_MAX_MAGNITUDE == crate::range::MAX_MAGNITUDE && GJK_MIN_SIZE == crate::range::MIN_SIZE
);

/// An immutable convex shape in its local frame, 2D or 3D. Create it with a `gjk_*_new`
/// function, free it with `gjk_shape_free`. It may be used by any number of threads at once.
// Aligned on a cache line: what a query reads of a hull (the kinds, its centre, extent and
// small polygon: see `ConvexHull`) is then one line, where a query on two small polygons met
// three per shape, the cost that dominates where the shapes are out of the cache.
#[repr(align(64))]
pub struct GjkShape {
    pub(crate) shape: AnyShape,
}

/// A shape of either dimension.
pub(crate) enum AnyShape {
    Planar(Shape<2>),
    Spatial(Shape<3>),
}

/// Evaluates `$body` with `$a` and `$b` bound to the shapes of two `&AnyShape` as `&Shape<D>`
/// of their common dimension (the body is compiled for both dimensions), giving `Ok` of its
/// value, or `Err` of the mismatch's failure: the 2D/3D dispatch of every query of the C ABI
/// on a pair of shapes.
macro_rules! same_dimension {
    ($a:expr, $b:expr, |$x:ident, $y:ident| $body:expr) => {
        match ($a, $b) {
            (
                $crate::ffi::shapes::AnyShape::Planar($x),
                $crate::ffi::shapes::AnyShape::Planar($y),
            ) => Ok($body),
            (
                $crate::ffi::shapes::AnyShape::Spatial($x),
                $crate::ffi::shapes::AnyShape::Spatial($y),
            ) => Ok($body),
            (a, _) => Err($crate::ffi::shapes::mismatch(a)),
        }
    };
}
pub(crate) use same_dimension;

/// The failure of a pair whose first shape is `a` and whose second has the other dimension.
pub(crate) fn mismatch(a: &AnyShape) -> Failure {
    let (da, db) = match a {
        AnyShape::Planar(_) => (2, 3),
        AnyShape::Spatial(_) => (3, 2),
    };
    Failure::new(
        GJK_DIMENSION_MISMATCH,
        format!("shape a is {da}D but shape b is {db}D"),
    )
}

impl From<Shape<2>> for AnyShape {
    fn from(s: Shape<2>) -> Self {
        AnyShape::Planar(s)
    }
}

impl From<Shape<3>> for AnyShape {
    fn from(s: Shape<3>) -> Self {
        AnyShape::Spatial(s)
    }
}

/// Builds a shape and hands its ownership to the caller through `out`.
///
/// # Safety
/// `out` must be NULL or point to writable memory for a pointer.
pub(super) unsafe fn create<S: Into<AnyShape>>(
    out: *mut *mut GjkShape,
    build: impl FnOnce() -> Result<S, Failure>,
) -> Result<(), Failure> {
    let out = output(out, "out")?;
    let shape: AnyShape = build()?.into();
    *out = Box::into_raw(Box::new(GjkShape { shape }));
    Ok(())
}

/// The failure of a shape that could not be built.
pub(super) fn invalid(e: ShapeError) -> Failure {
    Failure::invalid(e.message())
}

/// Interleaved coordinates as points (single precision widened exactly).
fn points<const D: usize, T: Copy + Into<f64>>(flat: &[T]) -> Vec<Vector<D>> {
    flat.chunks_exact(D)
        .map(|p| Vector::<D>::from_fn(|i, _| p[i].into()))
        .collect()
}

/// How a hull is built from its points: [`ConvexHull::new`] or [`ConvexHull::new_scanning`].
type HullBuilder<const D: usize> = fn(Vec<Vector<D>>) -> Result<ConvexHull<D>, ShapeError>;

/// The hull of the `count` points at `coords`, built by `build`, handed to the caller through
/// `out`.
///
/// # Safety
/// As [`coordinates`] and [`create`].
unsafe fn hull<const D: usize, T: Copy + Into<f64>>(
    out: *mut *mut GjkShape,
    coords: *const T,
    count: usize,
    name: &str,
    build: HullBuilder<D>,
) -> Result<(), Failure>
where
    Shape<D>: Into<AnyShape>,
{
    create(out, || {
        let flat = coordinates(coords, count, D, name)?;
        build(points::<D, T>(flat))
            .map(Shape::ConvexHull)
            .map_err(invalid)
    })
}

/// The shape `built` by a constructor, made a shape of kind `kind`, handed to the caller
/// through `out`.
///
/// # Safety
/// As [`create`].
unsafe fn made<S, const D: usize>(
    out: *mut *mut GjkShape,
    built: Result<S, ShapeError>,
    kind: fn(S) -> Shape<D>,
) -> Result<(), Failure>
where
    Shape<D>: Into<AnyShape>,
{
    create(out, || built.map(kind).map_err(invalid))
}

/// A convex polygon: the convex hull of `count` 2D points `xy` (x0, y0, x1, y1, ...). The
/// points may be in any order, repeated, inside the hull, collinear or a single point. They
/// are copied.
///
/// # Safety
/// `xy` must point to `2 * count` readable doubles; `out` to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_polygon_new(
    xy: *const f64,
    count: usize,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| hull::<2, f64>(out, xy, count, "xy", ConvexHull::new))
}

/// `gjk_polygon_new` for single-precision coordinates (a Unity `Vector2[]` passed as is); the
/// floats are widened exactly to doubles.
///
/// # Safety
/// `xy` must point to `2 * count` readable floats; `out` to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_polygon_new_f32(
    xy: *const f32,
    count: usize,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| hull::<2, f32>(out, xy, count, "xy", ConvexHull::new))
}

/// A convex polytope: the convex hull of `count` 3D points `xyz` (x0, y0, z0, x1, ...). The
/// points may be in any order, repeated, inside the hull, coplanar, collinear or a single
/// point. They are copied.
///
/// # Safety
/// `xyz` must point to `3 * count` readable doubles; `out` to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_polytope_new(
    xyz: *const f64,
    count: usize,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| hull::<3, f64>(out, xyz, count, "xyz", ConvexHull::new))
}

/// `gjk_polytope_new` for single-precision coordinates (a Unity `Vector3[]` passed as is); the
/// floats are widened exactly to doubles.
///
/// # Safety
/// `xyz` must point to `3 * count` readable floats; `out` to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_polytope_new_f32(
    xyz: *const f32,
    count: usize,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| hull::<3, f32>(out, xyz, count, "xyz", ConvexHull::new))
}

/// `gjk_polygon_new` without the hull's edge graph, whatever the number of points: creation
/// costs only the copy and the checks (polygons of 512 points or more otherwise build the
/// graph, about 0.2 ms at 1024 points, for faster support points afterwards). For polygons
/// made for a few queries.
///
/// # Safety
/// As `gjk_polygon_new`.
#[no_mangle]
pub unsafe extern "C" fn gjk_polygon_new_scanning(
    xy: *const f64,
    count: usize,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| hull::<2, f64>(out, xy, count, "xy", ConvexHull::new_scanning))
}

/// `gjk_polytope_new` without the hull's edge graph, whatever the number of points: creation
/// costs only the copy and the checks (polytopes of 512 points or more otherwise build the
/// graph, about 1 ms at 1024 points, for faster support points afterwards). For polytopes
/// made for a few queries, such as a sensor's point cloud each frame.
///
/// # Safety
/// As `gjk_polytope_new`.
#[no_mangle]
pub unsafe extern "C" fn gjk_polytope_new_scanning(
    xyz: *const f64,
    count: usize,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| hull::<3, f64>(out, xyz, count, "xyz", ConvexHull::new_scanning))
}

/// `gjk_polygon_new_scanning` for single-precision coordinates (a Unity `Vector2[]` passed as
/// is); the floats are widened exactly to doubles.
///
/// # Safety
/// As `gjk_polygon_new_f32`.
#[no_mangle]
pub unsafe extern "C" fn gjk_polygon_new_scanning_f32(
    xy: *const f32,
    count: usize,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| hull::<2, f32>(out, xy, count, "xy", ConvexHull::new_scanning))
}

/// `gjk_polytope_new_scanning` for single-precision coordinates (a Unity `Vector3[]` passed
/// as is); the floats are widened exactly to doubles.
///
/// # Safety
/// As `gjk_polytope_new_f32`.
#[no_mangle]
pub unsafe extern "C" fn gjk_polytope_new_scanning_f32(
    xyz: *const f32,
    count: usize,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| hull::<3, f32>(out, xyz, count, "xyz", ConvexHull::new_scanning))
}

/// A 2D point at (x, y).
///
/// # Safety
/// `out` must point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_point2d_new(x: f64, y: f64, out: *mut *mut GjkShape) -> GjkStatus {
    guard(|| made(out, Point::new(Vector::<2>::new(x, y)), Shape::Point))
}

/// A 3D point at (x, y, z).
///
/// # Safety
/// `out` must point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_point3d_new(
    x: f64,
    y: f64,
    z: f64,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| made(out, Point::new(Vector::<3>::new(x, y, z)), Shape::Point))
}

/// The 2D segment from (x0, y0) to (x1, y1).
///
/// # Safety
/// `out` must point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_segment2d_new(
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| {
        made(
            out,
            Segment::new(Vector::<2>::new(x0, y0), Vector::<2>::new(x1, y1)),
            Shape::Segment,
        )
    })
}

/// The 3D segment from (x0, y0, z0) to (x1, y1, z1).
///
/// # Safety
/// `out` must point to writable memory for a pointer.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn gjk_segment3d_new(
    x0: f64,
    y0: f64,
    z0: f64,
    x1: f64,
    y1: f64,
    z1: f64,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| {
        made(
            out,
            Segment::new(Vector::<3>::new(x0, y0, z0), Vector::<3>::new(x1, y1, z1)),
            Shape::Segment,
        )
    })
}

/// A circle of `radius` centred at the local origin (radius 0 is a point).
///
/// # Safety
/// `out` must point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_circle_new(radius: f64, out: *mut *mut GjkShape) -> GjkStatus {
    guard(|| made(out, Ball::<2>::new(radius), Shape::Ball))
}

/// A sphere of `radius` centred at the local origin.
///
/// # Safety
/// `out` must point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_sphere_new(radius: f64, out: *mut *mut GjkShape) -> GjkStatus {
    guard(|| made(out, Ball::<3>::new(radius), Shape::Ball))
}

/// An axis-aligned ellipse with semi-axes `half_x`, `half_y`, centred at the local origin.
///
/// # Safety
/// `out` must point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_ellipse_new(
    half_x: f64,
    half_y: f64,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| {
        made(
            out,
            Ellipsoid::new(Vector::<2>::new(half_x, half_y)),
            Shape::Ellipsoid,
        )
    })
}

/// An axis-aligned ellipsoid with semi-axes `half_x`, `half_y`, `half_z`.
///
/// # Safety
/// `out` must point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_ellipsoid_new(
    half_x: f64,
    half_y: f64,
    half_z: f64,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| {
        made(
            out,
            Ellipsoid::new(Vector::<3>::new(half_x, half_y, half_z)),
            Shape::Ellipsoid,
        )
    })
}

/// A 2D stadium (racetrack): the points within `radius` of the segment from
/// (-half_length, 0) to (half_length, 0).
///
/// # Safety
/// `out` must point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_stadium_new(
    half_length: f64,
    radius: f64,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| {
        made(
            out,
            Capsule::<2>::along_axis(0, half_length, radius),
            Shape::Capsule,
        )
    })
}

/// A 3D capsule: the points within `radius` of the segment from (0, 0, -half_length) to
/// (0, 0, half_length).
///
/// # Safety
/// `out` must point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_capsule_new(
    half_length: f64,
    radius: f64,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| {
        made(
            out,
            Capsule::<3>::along_axis(2, half_length, radius),
            Shape::Capsule,
        )
    })
}

/// An axis-aligned rectangle with half extents `half_x`, `half_y`, centred at the local origin.
///
/// # Safety
/// `out` must point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_rectangle_new(
    half_x: f64,
    half_y: f64,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| {
        made(
            out,
            Cuboid::new(Vector::<2>::new(half_x, half_y)),
            Shape::Cuboid,
        )
    })
}

/// An axis-aligned box with half extents `half_x`, `half_y`, `half_z`.
///
/// # Safety
/// `out` must point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_box_new(
    half_x: f64,
    half_y: f64,
    half_z: f64,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| {
        made(
            out,
            Cuboid::new(Vector::<3>::new(half_x, half_y, half_z)),
            Shape::Cuboid,
        )
    })
}

/// A 3D cylinder along z: the disc of `radius` in the xy plane swept from
/// (0, 0, -half_height) to (0, 0, half_height), like `gjk_capsule_new`'s axis. Either size may
/// be 0 (a disc, a segment, a point).
///
/// # Safety
/// `out` must point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_cylinder_new(
    half_height: f64,
    radius: f64,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| {
        made(
            out,
            AxialSolid::new(half_height, radius),
            Shape::<3>::Cylinder,
        )
    })
}

/// A 3D cone along z: its base, the disc of `radius` in the plane z = -half_height, and its
/// apex at (0, 0, half_height); the local origin is the middle of the axis (the centroid is at
/// z = -half_height / 2). Either size may be 0.
///
/// # Safety
/// `out` must point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_cone_new(
    half_height: f64,
    radius: f64,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| made(out, AxialSolid::new(half_height, radius), Shape::<3>::Cone))
}

/// A new shape: `shape` (of either dimension) grown by `radius` in every direction (its
/// Minkowski sum with a circle or sphere), such as a rounded box or polygon
/// (BoxCollider2D.edgeRadius, a convex radius). Exact: the queries run on `shape` and add the
/// radius back, as for capsules. Radii add up: a rounded circle, sphere, stadium, capsule or
/// rounded shape is the same kind with the radii summed, and a rounded segment is a capsule.
/// `shape` is copied (it stays owned by the caller and may be freed at once).
///
/// # Safety
/// `shape` must be NULL or a live shape; `out` must point to writable memory for a pointer.
#[no_mangle]
pub unsafe extern "C" fn gjk_rounded_new(
    shape: *const GjkShape,
    radius: f64,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(|| {
        let inner = &input(shape, "shape")?.shape;
        create(out, || {
            match inner {
                AnyShape::Planar(s) => s.clone().rounded(radius).map(AnyShape::from),
                AnyShape::Spatial(s) => s.clone().rounded(radius).map(AnyShape::from),
            }
            .map_err(invalid)
        })
    })
}

/// Frees a shape. NULL is a no-op. The shape must not be used afterwards.
///
/// # Safety
/// `shape` must be NULL or a pointer returned by a `gjk_*_new` function, not yet freed.
#[no_mangle]
pub unsafe extern "C" fn gjk_shape_free(shape: *mut GjkShape) {
    guard_value((), || {
        if !shape.is_null() {
            drop(Box::from_raw(shape));
        }
    })
}

/// The dimension of a shape: 2 or 3, or 0 for NULL.
///
/// # Safety
/// `shape` must be NULL or a live shape.
#[no_mangle]
pub unsafe extern "C" fn gjk_shape_dimension(shape: *const GjkShape) -> u32 {
    guard_value(0, || match shape.as_ref() {
        None => 0,
        Some(GjkShape {
            shape: AnyShape::Planar(_),
            ..
        }) => 2,
        Some(GjkShape {
            shape: AnyShape::Spatial(_),
            ..
        }) => 3,
    })
}
