//! Support maps, poses, and the Minkowski difference of two posed shapes.
//!
//! Every shape of this crate is known to the algorithms only through its support function:
//! the point of the shape farthest in a given direction. GJK runs on the Minkowski difference
//! `A - B` of two shapes, whose support point in direction `d` is `support_A(d) - support_B(-d)`.

use std::any::Any;

use nalgebra::{ArrayStorage, SMatrix, SVector, UnitQuaternion, Vector3};

use crate::error::ShapeError;
use crate::range::{check_coordinate, check_coordinates, check_finite};

mod face;

pub use face::{Face, FacePoint};

/// A vector of the shape space (`D` = 2 or 3).
pub type Vector<const D: usize> = SVector<f64, D>;

/// `v` in 3D coordinates (z = 0 for a 2D vector).
#[inline(always)]
pub(crate) fn lift<const D: usize>(v: &Vector<D>) -> Vector3<f64> {
    let mut l = Vector3::zeros();
    l.fixed_rows_mut::<D>(0).copy_from(v);
    l
}

/// Two unit vectors across the unit `normal`, orthogonal to it and (in 3D) to each other: in
/// 2D the normal turned a quarter counter-clockwise, and zero; in 3D the cross product of the
/// normal with the axis it is least along, normalised, and the normal's cross product with
/// that.
pub(crate) fn across<const D: usize>(normal: &Vector<D>) -> [Vector<D>; 2] {
    let mut first = Vector::<D>::zeros();
    let mut second = Vector::<D>::zeros();
    if D == 2 {
        first[0] = -normal[1];
        first[1] = normal[0];
        return [first, second];
    }
    let least = (0..D)
        .min_by(|&i, &j| normal[i].abs().total_cmp(&normal[j].abs()))
        .unwrap_or(0);
    let (j, k) = ((least + 1) % 3, (least + 2) % 3);
    first[j] = -normal[k];
    first[k] = normal[j];
    first /= first.norm();
    second[0] = normal[1] * first[2] - normal[2] * first[1];
    second[1] = normal[2] * first[0] - normal[0] * first[2];
    second[2] = normal[0] * first[1] - normal[1] * first[0];
    [first, second]
}

/// A convex shape given by its support function, in its own local frame.
pub trait Support<const D: usize> {
    /// A point of the shape that maximises `dir . p`. `dir` need not be normalised; when it is
    /// zero, any point of the shape may be returned.
    fn support(&self, dir: &Vector<D>) -> Vector<D>;

    /// A point near the middle of the shape, used to pick the first search direction and as
    /// the scale of the tolerances; not necessarily a point of it (a hull's is the centre of
    /// its points' bounding box): see [`Support::core_inner_point`] for one that is.
    fn center(&self) -> Vector<D>;

    /// An upper bound on the shape's diameter. It does not depend on where the shape sits in its
    /// frame, so tolerances derived from it are relative to the shape's size, not its position.
    fn extent(&self) -> f64;

    /// The radius of the ball this shape is rounded by: the shape is its core (see
    /// [`Support::core_support`]) grown by `margin` in every direction. Balls, capsules and
    /// rounded shapes have one; GJK then runs on the cores, which are polytopes for balls
    /// (a point) and capsules (a segment), and adds the margins back exactly.
    fn margin(&self) -> f64 {
        0.0
    }

    /// How far a point that the support functions return may lie outside the exact shape (as
    /// given, in its own frame), margin included: the rounding of a curved surface's support
    /// point, or of a margin summed from two. The distance query's certified interval (see
    /// [`crate::DistanceResult`]) widens by it. 0 (the default) for shapes whose support points
    /// are their given coordinates (polytopes, segments, points, balls' centres), whose
    /// interval is exact, and for a caller's support function, whose points are taken as the
    /// shape's.
    fn support_rounding(&self) -> f64 {
        0.0
    }

    /// An upper bound on the core's diameter (the shape without its margin): the scale of
    /// the rounding in computations on the cores alone.
    fn core_extent(&self) -> f64 {
        self.extent()
    }

    /// Support point of the core: the shape without its margin.
    fn core_support(&self, dir: &Vector<D>) -> Vector<D> {
        self.support(dir)
    }

    /// A hint that the core's support point in `dir` is asked for soon: a shape whose support
    /// function reads memory (a large hull's edge graph) may start fetching it, so that the
    /// two shapes of a pair wait for memory at the same time rather than in turn. By default,
    /// nothing.
    #[inline]
    fn prefetch_core_support(&self, dir: &Vector<D>) {
        let _ = dir;
    }

    /// [`Support::core_support`] with the index of the returned point among the core's
    /// vertices, for shapes whose support points are finitely many stored vertices (point
    /// clouds), so that a later query can find the point again without a search (see
    /// [`crate::SimplexCache`]). `None` (the default) means the point is found again by
    /// evaluating the support function in the same direction.
    #[inline]
    fn core_support_indexed(&self, dir: &Vector<D>) -> (Vector<D>, Option<u32>) {
        (self.core_support(dir), None)
    }

    /// The core's vertex `index` as given by [`Support::core_support_indexed`], or `None` when
    /// the shape has no such vertex. Any `Some` is a point of the core, whatever the index came
    /// from.
    fn core_vertex(&self, index: u32) -> Option<Vector<D>> {
        let _ = index;
        None
    }

    /// When the core is the convex hull of finitely many points given exactly (a hull's points,
    /// a box's corners, a segment's ends, a point, a ball's centre), their number: they are
    /// [`Support::core_vertex`] of `0..count`. Exact mode (see [`crate::QueryOptions::exact`])
    /// runs on them. `None` (the default) for curved cores and a caller's support function.
    fn core_vertex_count(&self) -> Option<usize> {
        None
    }

    /// A point of the core (the shape without its margin) near its middle, or `None` (the
    /// default) when the shape offers none. Boolean queries take it as a vertex of their
    /// simplex that costs no support evaluation, and a simplex holding the origin proves an
    /// overlap: so it must be a point of the core, to within a few rounding units of its
    /// coordinates, unlike [`Support::center`] (a hint for the first direction).
    fn core_inner_point(&self) -> Option<Vector<D>> {
        None
    }

    /// The core near the unit `dir` as the convex hull of at most two smooth parts (curved
    /// bodies or points): the core's support function is there the largest of the parts',
    /// each twice differentiable at `dir`, and the core's support point that of a part reaching
    /// farthest. An ellipsoid is one part, a cylinder the hull of its two end discs, a cone of
    /// its apex and its base. `None` (the default) for cores whose support function is
    /// piecewise linear (polytopes, segments, points), or not smooth along `dir` (a disc seen
    /// along its axis). Penetration queries refine the depth of pairs with such parts by
    /// Newton steps on the sphere of directions, which need their curvature.
    fn core_smooth_parts(&self, dir: &Vector<D>) -> Option<SmoothParts<D>> {
        let _ = dir;
        None
    }

    /// The core's face along the unit `dir`: the core's points whose reach `dir . p` is within
    /// `tolerance` of the largest, as the vertices of their convex hull (a polytope's face, edge
    /// or vertex seen along `dir`; a cylinder's end disc as a regular polygon of 8 rim points;
    /// one point where the core is curved), each with an id naming its feature (see
    /// [`FacePoint::id`]). Contact manifolds clip these faces. The default is the core's
    /// support point alone, id 0: right for strictly convex cores (balls, ellipsoids, points),
    /// and a single contact point for any other shape that keeps it.
    fn core_face(&self, dir: &Vector<D>, tolerance: f64) -> Face<D> {
        let _ = tolerance;
        Face::single(self.core_support(dir), 0)
    }

    /// The shape as [`Any`] where its kind is known only at run time: the crate's `Shape`
    /// enum answers itself, and a query then matches its kind once and runs on the concrete
    /// shape, rather than matching it at every support point. Other shapes keep the default,
    /// `None` (a shape that answers `Some` without being the enum is taken as it is).
    fn as_any(&self) -> Option<&dyn Any> {
        None
    }
}

/// A smooth part of a core along a direction (see [`Support::core_smooth_parts`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SmoothPart<const D: usize> {
    /// The part's support point: the gradient of its support function.
    pub point: Vector<D>,
    /// The Hessian of the part's support function (the derivative of the support point in
    /// the direction): 0 for a point.
    pub hessian: SMatrix<f64, D, D>,
}

impl<const D: usize> SmoothPart<D> {
    /// A point, whose support function is linear.
    pub fn point(point: Vector<D>) -> Self {
        Self {
            point,
            hessian: SMatrix::zeros(),
        }
    }
}

/// The smooth parts of a core along a direction, at most two (see
/// [`Support::core_smooth_parts`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SmoothParts<const D: usize> {
    parts: [SmoothPart<D>; 2],
    len: usize,
    cap: Option<Cap<D>>,
}

impl<const D: usize> SmoothParts<D> {
    /// A core that is one smooth part.
    pub fn one(part: SmoothPart<D>) -> Self {
        Self {
            parts: [part; 2],
            len: 1,
            cap: None,
        }
    }

    /// A core that is the hull of two smooth parts.
    pub fn two(first: SmoothPart<D>, second: SmoothPart<D>) -> Self {
        Self {
            parts: [first, second],
            len: 2,
            cap: None,
        }
    }

    /// The parts.
    pub fn as_slice(&self) -> &[SmoothPart<D>] {
        &self.parts[..self.len]
    }

    /// These parts with the core's flat `cap` nearby (see [`Cap`]).
    pub(crate) fn with_cap(self, cap: Cap<D>) -> Self {
        Self {
            cap: Some(cap),
            ..self
        }
    }

    /// The core's flat cap near the direction, if it has one (see [`Cap`]).
    pub(crate) fn cap(&self) -> Option<Cap<D>> {
        self.cap
    }
}

/// A flat disc that is a core's face along a direction, `normal`: the face of a cylinder or of
/// a cone's base, seen along its axis. The core's support function is creased there at a point
/// of the sphere of directions (around it, the disc's rim point turns all the way round), and
/// the parts' curvature, `radius / sin` at an angle `sin` from it, grows without bound: Newton
/// steps crawl towards it. Where the overlap's minimum is there, it is found by trying the
/// normal itself (see `crate::epa`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Cap<const D: usize> {
    /// The unit normal of the disc, along which it is the core's face.
    pub normal: Vector<D>,
    /// The disc's centre.
    pub centre: Vector<D>,
    /// The disc's radius.
    pub radius: f64,
}

/// A rigid placement: `world = rotation * local + translation`.
///
/// The rotation is stored as a matrix so that 2D and 3D share all code; it is orthonormal by
/// construction (every constructor builds it from an angle or a unit quaternion).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose<const D: usize> {
    rotation: SMatrix<f64, D, D>,
    translation: Vector<D>,
    /// Whether `rotation` is other than exactly the identity (see [`Pose::rotates`]), found
    /// once, where the pose is made.
    turned: bool,
}

impl<const D: usize> Default for Pose<D> {
    fn default() -> Self {
        Self::identity()
    }
}

impl<const D: usize> Pose<D> {
    /// The identity placement.
    pub fn identity() -> Self {
        Self {
            rotation: SMatrix::identity(),
            translation: Vector::zeros(),
            turned: false,
        }
    }

    /// The placement of `rotation` and `translation`.
    fn of(rotation: SMatrix<f64, D, D>, translation: Vector<D>) -> Self {
        Self {
            turned: turned(&rotation.data.0),
            rotation,
            translation,
        }
    }

    /// The placement of the rotation matrix whose columns are `columns` and of `translation`,
    /// in constant context (for placements kept in statics); both are taken as they are.
    pub(crate) const fn from_columns(columns: [[f64; D]; D], translation: [f64; D]) -> Self {
        Self {
            turned: turned(&columns),
            rotation: SMatrix::from_array_storage(ArrayStorage(columns)),
            translation: SVector::from_array_storage(ArrayStorage([translation])),
        }
    }

    /// A pure translation.
    pub fn from_translation(translation: Vector<D>) -> Result<Self, ShapeError> {
        check_coordinates("translation", &translation)?;
        Ok(Self {
            rotation: SMatrix::identity(),
            translation,
            turned: false,
        })
    }

    /// The rotation matrix.
    pub fn rotation(&self) -> &SMatrix<f64, D, D> {
        &self.rotation
    }

    /// The translation.
    pub fn translation(&self) -> &Vector<D> {
        &self.translation
    }

    /// Whether the rotation is other than exactly the identity: an unrotated pose (a NULL pose,
    /// a translation) maps points by the translation alone, the same numbers as the products.
    /// Found where the pose is made: compared at each query, the matrices took some 45
    /// instructions through their iterators.
    #[inline]
    pub(crate) fn rotates(&self) -> bool {
        self.turned
    }

    /// Maps a local point to the world frame.
    pub fn transform_point(&self, p: &Vector<D>) -> Vector<D> {
        self.rotation * p + self.translation
    }

    /// Maps a local direction to the world frame.
    pub fn transform_vector(&self, v: &Vector<D>) -> Vector<D> {
        self.rotation * v
    }

    /// The placement of `other`'s frame seen from this one: `self^-1 * other`.
    ///
    /// The translations are subtracted first, so two shapes far from the origin but close to each
    /// other keep all their significant digits.
    pub fn inverse_times(&self, other: &Self) -> Self {
        let offset = other.translation - self.translation;
        if !self.rotates() {
            // Not rotated (a NULL pose, a translation, shapes given in world coordinates as
            // legacy code gives them): the same numbers without the products.
            return Self {
                rotation: other.rotation,
                translation: offset,
                turned: other.turned,
            };
        }
        let rt = self.rotation.transpose();
        Self::of(rt * other.rotation, rt * offset)
    }
}

/// Whether the rotation matrix of columns `columns` is other than exactly the identity (see
/// [`Pose::rotates`]).
const fn turned<const D: usize>(columns: &[[f64; D]; D]) -> bool {
    let mut turned = false;
    let mut column = 0;
    while column < D {
        let mut row = 0;
        while row < D {
            let identity = if row == column { 1.0 } else { 0.0 };
            turned |= columns[column][row] != identity;
            row += 1;
        }
        column += 1;
    }
    turned
}

impl<const D: usize> std::ops::Mul for Pose<D> {
    type Output = Pose<D>;

    /// Composition: `(self * other).transform_point(p) == self.transform_point(other.transform_point(p))`.
    fn mul(self, other: Pose<D>) -> Pose<D> {
        Pose::of(
            self.rotation * other.rotation,
            self.rotation * other.translation + self.translation,
        )
    }
}

impl Pose<2> {
    /// A 2D placement from a position and an angle in radians (counter-clockwise).
    pub fn new_2d(x: f64, y: f64, angle: f64) -> Result<Self, ShapeError> {
        check_coordinate("x", x)?;
        check_coordinate("y", y)?;
        check_finite("angle", angle)?;
        let (s, c) = angle.sin_cos();
        Ok(Self::from_cos_sin([x, y], c, s))
    }

    /// A 2D placement from a position and the cosine and sine of its angle (already unit).
    pub(crate) fn from_cos_sin(position: [f64; 2], cos: f64, sin: f64) -> Self {
        Self::of(
            SMatrix::<f64, 2, 2>::new(cos, -sin, sin, cos),
            Vector::<2>::new(position[0], position[1]),
        )
    }
}

impl Pose<3> {
    /// A 3D placement from a position and a unit quaternion.
    pub fn new_3d(
        position: Vector3<f64>,
        rotation: UnitQuaternion<f64>,
    ) -> Result<Self, ShapeError> {
        check_coordinates("position", &position)?;
        check_coordinates("rotation", &rotation.as_ref().coords)?;
        Ok(Self::from_valid_3d(position, rotation))
    }

    /// [`Pose::new_3d`] of a position and rotation already checked.
    pub(crate) fn from_valid_3d(position: Vector3<f64>, rotation: UnitQuaternion<f64>) -> Self {
        Self::of(rotation.to_rotation_matrix().into_inner(), position)
    }
}

/// Two shapes with B expressed in A's frame: the Minkowski difference `A - B` as a support map.
pub(crate) struct MinkowskiPair<'s, const D: usize, A: ?Sized, B: ?Sized> {
    pub a: &'s A,
    pub b: &'s B,
    /// Placement of B in A's frame.
    pub b_in_a: Pose<D>,
}

/// A support point of the Minkowski difference together with the points of A and B it came from
/// (all in A's frame).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SupportPoint<const D: usize> {
    pub w: Vector<D>,
    pub a: Vector<D>,
    pub b: Vector<D>,
}

impl<const D: usize> SupportPoint<D> {
    /// The point of `A - B` moved on by `-by`: B moved on by `by` (the difference seen from
    /// the point `by`, as the GJK ray cast sees it from its point on the ray).
    #[inline(always)]
    pub(crate) fn moved(self, by: &Vector<D>) -> Self {
        SupportPoint {
            w: self.w - by,
            a: self.a,
            b: self.b + by,
        }
    }
}

/// How a support point of `A - B` was found: its direction (A's frame) and, for point clouds,
/// the indices of its vertices on A and B. The default key (a zero direction, no indices)
/// names the inner point of `A - B` (see [`MinkowskiPair::inner_point`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SupportKey<const D: usize> {
    pub dir: Vector<D>,
    pub index_a: Option<u32>,
    pub index_b: Option<u32>,
}

impl<const D: usize> Default for SupportKey<D> {
    fn default() -> Self {
        Self {
            dir: Vector::zeros(),
            index_a: None,
            index_b: None,
        }
    }
}

impl<'s, const D: usize, A: Support<D> + ?Sized, B: Support<D> + ?Sized>
    MinkowskiPair<'s, D, A, B>
{
    /// `a` placed by `pose_a` and `b` placed by `pose_b`, seen from A's frame.
    pub fn new(a: &'s A, pose_a: &Pose<D>, b: &'s B, pose_b: &Pose<D>) -> Self {
        Self {
            a,
            b,
            b_in_a: pose_a.inverse_times(pose_b),
        }
    }

    /// Support point of `core(A) - core(B)` in direction `dir` (A's frame): the shapes without
    /// their margins. Always inlined: a call per support evaluation returned its three vectors
    /// through memory, and kept the AVX2 build of the boolean fast path (`verdict`) from
    /// compiling it.
    #[inline(always)]
    pub fn support(&self, dir: &Vector<D>) -> SupportPoint<D> {
        let local_dir_b = self.direction_in_b(&(-dir));
        self.b.prefetch_core_support(&local_dir_b);
        let a = self.a.core_support(dir);
        let b = self.place_b(&self.b.core_support(&local_dir_b));
        SupportPoint { w: a - b, a, b }
    }

    /// The direction `dir` of A's frame in B's. Unrotated (NULL poses, translations), `dir`
    /// itself: the rotation's products, and its placement's below, were some 30 operations of
    /// every 3D support point of shapes without poses, on the path from one direction to the
    /// next.
    #[inline(always)]
    fn direction_in_b(&self, dir: &Vector<D>) -> Vector<D> {
        if self.b_in_a.rotates() {
            self.b_in_a.rotation.tr_mul(dir)
        } else {
            *dir
        }
    }

    /// A point of B's frame placed in A's (the same numbers as [`Pose::transform_point`]
    /// but for the sign of zeros).
    #[inline(always)]
    fn place_b(&self, p: &Vector<D>) -> Vector<D> {
        if self.b_in_a.rotates() {
            self.b_in_a.transform_point(p)
        } else {
            p + self.b_in_a.translation
        }
    }

    /// [`MinkowskiPair::support`], also returning how to find its points again.
    #[inline(always)]
    pub fn support_keyed(&self, dir: &Vector<D>) -> (SupportPoint<D>, SupportKey<D>) {
        let local_dir_b = self.direction_in_b(&(-dir));
        self.b.prefetch_core_support(&local_dir_b);
        let (a, index_a) = self.a.core_support_indexed(dir);
        let (b_local, index_b) = self.b.core_support_indexed(&local_dir_b);
        let b = self.place_b(&b_local);
        let key = SupportKey {
            dir: *dir,
            index_a,
            index_b,
        };
        (SupportPoint { w: a - b, a, b }, key)
    }

    /// The support point `key` was made from, found again under the current placement: the
    /// same vertices of point clouds, or the support points in the same direction (A's frame);
    /// and whether that took a support function's evaluation (a point not found by its
    /// indices, or the default key of a pair without an inner point).
    #[inline]
    pub fn recall(&self, key: &SupportKey<D>) -> (SupportPoint<D>, bool) {
        if *key == SupportKey::default() {
            if let Some(inner) = self.inner_point() {
                return (inner, false);
            }
        }
        let a = key.index_a.and_then(|i| self.a.core_vertex(i));
        let b_local = key.index_b.and_then(|i| self.b.core_vertex(i));
        let evaluated = a.is_none() || b_local.is_none();
        let a = a.unwrap_or_else(|| self.a.core_support(&key.dir));
        let b_local =
            b_local.unwrap_or_else(|| self.b.core_support(&self.direction_in_b(&(-key.dir))));
        let b = self.place_b(&b_local);
        (SupportPoint { w: a - b, a, b }, evaluated)
    }

    /// A point of `A - B` (from the shapes' centres), in A's frame.
    pub fn center(&self) -> Vector<D> {
        self.a.center() - self.b_center()
    }

    /// B's centre (see [`Support::center`]) in A's frame.
    pub fn b_center(&self) -> Vector<D> {
        self.place_b(&self.b.center())
    }

    /// The point of `core(A) - core(B)` (A's frame) from the shapes' inner points (see
    /// [`Support::core_inner_point`]), when both have one.
    #[inline(always)]
    pub fn inner_point(&self) -> Option<SupportPoint<D>> {
        let a = self.a.core_inner_point()?;
        let b = self.place_b(&self.b.core_inner_point()?);
        Some(SupportPoint { w: a - b, a, b })
    }

    /// Sum of the shapes' extents.
    pub fn extent(&self) -> f64 {
        self.a.extent() + self.b.extent()
    }

    /// Sum of the cores' extents.
    pub fn core_extent(&self) -> f64 {
        self.a.core_extent() + self.b.core_extent()
    }

    /// The margins of A and B.
    pub fn margins(&self) -> (f64, f64) {
        (self.a.margin(), self.b.margin())
    }
}
