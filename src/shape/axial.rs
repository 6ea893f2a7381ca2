//! Solids of revolution about the last axis (z in 3D, y in 2D), given by a half height along
//! it and a radius across it: [`crate::shape::Cylinder`] and [`crate::shape::Cone`] are this
//! type with their kind.

use std::marker::PhantomData;

use nalgebra::SMatrix;

use super::{centred_at_origin, CURVED_SUPPORT_ULPS};
use crate::error::ShapeError;
use crate::range::check_size;
use crate::shape::ball::scaled_unit;
use crate::support::{Cap, Face, SmoothPart, SmoothParts, Support, Vector};

/// A solid of kind `K` (a [`CylinderKind`] or a [`ConeKind`]) about the last coordinate axis,
/// centred at the local origin: `half_height` along the axis each way, `radius` across it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxialSolid<K, const D: usize> {
    half_height: f64,
    radius: f64,
    kind: PhantomData<K>,
}

/// What distinguishes the solids of revolution: the support function of a kind's solid, and
/// the two discs across the axis whose convex hull it is.
pub trait Profile: Sized {
    /// A point of `solid` farthest in direction `dir`.
    fn support<const D: usize>(solid: &AxialSolid<Self, D>, dir: &Vector<D>) -> Vector<D>;

    /// The height on the axis and the radius of each of the two discs across the axis whose
    /// convex hull `solid` is (a disc of radius 0 is a point: a cone's apex).
    fn ends<const D: usize>(solid: &AxialSolid<Self, D>) -> [(f64, f64); 2];
}

/// How far from the axis, relative to its length, a direction must point for the discs'
/// support functions to count as smooth there: along the axis they are creased (the
/// solid's flat caps), and near it their curvature, `1 / |d_across|`, changes faster than a
/// Newton step can follow.
const CREASE: f64 = 1e-6;

/// The kind of [`crate::shape::Cylinder`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CylinderKind;

/// The kind of [`crate::shape::Cone`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConeKind;

impl<K, const D: usize> AxialSolid<K, D> {
    /// A solid of `half_height` and `radius`; fails on a negative or non-finite size, or one
    /// outside the supported range (see [`crate::range`]). Either may be 0 (a disc, a segment,
    /// a point).
    pub fn new(half_height: f64, radius: f64) -> Result<Self, ShapeError> {
        check_size("half_height", half_height)?;
        check_size("radius", radius)?;
        Ok(Self {
            half_height,
            radius,
            kind: PhantomData,
        })
    }

    /// Half the length of the axis.
    pub fn half_height(&self) -> f64 {
        self.half_height
    }

    /// The radius across the axis (of a cone: its base's).
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// The rim point of the solid's disc at `height` on the axis in the direction of `dir`
    /// across the axis (see [`rim_point`]).
    #[inline]
    pub(crate) fn rim(&self, dir: &Vector<D>, height: f64) -> Vector<D> {
        rim_point(dir, height, self.radius)
    }
}

/// The rim point of the disc of `radius` at `height` on the last axis, in the direction of
/// `dir` across the axis. When `dir` is along the axis (or zero), every point of the disc is as
/// far, and the rim point along the first axis is taken: support points are always extreme
/// points of the solid (vertices, for the 2D polygons), as the searches expect of polytopes.
#[inline]
fn rim_point<const D: usize>(dir: &Vector<D>, height: f64, radius: f64) -> Vector<D> {
    let mut across = *dir;
    across[D - 1] = 0.0;
    let mut p = scaled_unit(&across, radius);
    if p.iter().all(|x| *x == 0.0) {
        p[0] = radius;
    }
    p[D - 1] = height;
    p
}

impl<K: Profile, const D: usize> Support<D> for AxialSolid<K, D> {
    #[inline]
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        K::support(self, dir)
    }

    // Centred at the middle of the axis, inside the solid; the extent is the diameter of the
    // cylinder of this size.
    centred_at_origin!(self => 2.0 * self.half_height.hypot(self.radius));

    /// In 3D a rim point `r a` is rounded by a few units relative to the radius; in 2D the
    /// support points are the given sizes.
    fn support_rounding(&self) -> f64 {
        if D == 3 {
            CURVED_SUPPORT_ULPS * f64::EPSILON * self.extent()
        } else {
            0.0
        }
    }

    /// The two end discs ([`Profile::ends`]). A disc of radius `r` has the support point
    /// `r a` along `dir`, with `a` the unit direction of `dir`'s part across the axis,
    /// `d_across`, and the Hessian `r (I_across - a a^T) / |d_across|`, with `I_across` the
    /// projection across the axis; of radius 0 it is a point. With them, the flat cap on
    /// `dir`'s side (the end disc, unless a cone's apex), where they are creased. `None` in 2D
    /// (a disc is then a segment and the solid a polygon) and along the axis (within `CREASE`,
    /// 1e-6, of it: the caps' crease).
    fn core_smooth_parts(&self, dir: &Vector<D>) -> Option<SmoothParts<D>> {
        if D < 3 {
            return None;
        }
        let mut across = *dir;
        across[D - 1] = 0.0;
        let length = across.norm();
        if !(length > CREASE * dir.norm() && length.is_finite()) {
            return None;
        }
        let a = across / length;
        let mut projection = SMatrix::<f64, D, D>::identity();
        projection[(D - 1, D - 1)] = 0.0;
        let bend = (projection - a * a.transpose()) / length;
        let part = |(height, radius): (f64, f64)| SmoothPart {
            point: rim_point(dir, height, radius),
            hessian: bend * radius,
        };
        let ends = K::ends(self);
        let parts = SmoothParts::two(part(ends[0]), part(ends[1]));
        Some(match cap(dir, ends) {
            Some(cap) => parts.with_cap(cap),
            None => parts,
        })
    }

    /// The points of the end discs' rim polygons (regular octagons fixed in the solid's frame;
    /// in 2D the discs' two ends) reaching within `tolerance` of the support point, ids
    /// `8 e + k` for vertex `k` of end `e`: the end disc seen along the axis, the side's
    /// segment seen across it. Where no vertex of an end's polygon lies within `RIM_MATCH` of
    /// the radius below the end's rim point along the unit `dir` (about 1.4e-3 radians from
    /// it), that rim point is added, id `16 + e`: the curved side seen at any other angle.
    fn core_face(&self, dir: &Vector<D>, tolerance: f64) -> Face<D> {
        let reach = self.support(dir).dot(dir);
        let mut face = Face::new();
        for (end, (height, radius)) in K::ends(self).into_iter().enumerate() {
            let rim = rim_point(dir, height, radius);
            let mut stands_for_rim = false;
            for (k, point) in rim_polygon::<D>(height, radius).enumerate() {
                if point.dot(dir) >= reach - tolerance {
                    face.push(point, (RIM_POINTS * end + k) as u32);
                }
                stands_for_rim |= dir.dot(&(rim - point)) <= RIM_MATCH * radius;
            }
            if !stands_for_rim && rim.dot(dir) >= reach - tolerance {
                face.push(rim, (2 * RIM_POINTS + end) as u32);
            }
        }
        face
    }
}

/// The number of points a disc's rim is taken as in a face (see [`Support::core_face`]): a
/// regular octagon in 3D, the two ends of the segment a 2D disc is.
const RIM_POINTS: usize = 8;

/// How far below an end's rim point along a direction, relative to the radius, a vertex of the
/// rim polygon may reach and still stand for it in a face (about 1.4e-3 radians away): nearer,
/// the vertex keeps its id under small turns; farther, the rim point itself is the face's.
const RIM_MATCH: f64 = 1e-6;

/// The points standing for the rim of the disc of `radius` at `height` on the last axis in a
/// face: the regular octagon with a vertex on the first axis (3D), or the two ends of the
/// segment (2D). Fixed in the solid's frame, so that their ids stay as the solid turns.
fn rim_polygon<const D: usize>(height: f64, radius: f64) -> impl Iterator<Item = Vector<D>> {
    let count = if D == 2 { 2 } else { RIM_POINTS };
    (0..count).map(move |k| {
        let mut p = Vector::<D>::zeros();
        if D == 2 {
            p[0] = if k == 0 { radius } else { -radius };
        } else {
            let (sin, cos) = unit_turn(k, count);
            p[0] = radius * cos;
            p[1] = radius * sin;
        }
        p[D - 1] = height;
        p
    })
}

/// The sine and cosine of `k / count` of a turn, exact at the quarter turns.
fn unit_turn(k: usize, count: usize) -> (f64, f64) {
    match (4 * k) % (4 * count) {
        0 => (0.0, 1.0),
        q if q == count => (1.0, 0.0),
        q if q == 2 * count => (0.0, -1.0),
        q if q == 3 * count => (-1.0, 0.0),
        _ => (std::f64::consts::TAU * k as f64 / count as f64).sin_cos(),
    }
}

/// The flat cap on `dir`'s side along the axis of the solid of `ends` (see [`Profile::ends`]):
/// the end disc farthest that way, unless it is a point (a cone's apex).
fn cap<const D: usize>(dir: &Vector<D>, ends: [(f64, f64); 2]) -> Option<Cap<D>> {
    let side = dir[D - 1].signum();
    let [first, second] = ends;
    let (height, radius) = if first.0 * side >= second.0 * side {
        first
    } else {
        second
    };
    if radius <= 0.0 {
        return None;
    }
    let mut normal = Vector::zeros();
    normal[D - 1] = side;
    Some(Cap {
        normal,
        centre: normal * (height * side),
        radius,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Cone, Cylinder};
    use crate::test_random::uniform;

    /// Directions 0.1 or more from the axis (relative), where a central difference of step
    /// 1e-6 is accurate to about 1e-9 (the third derivative is `r / |d_across|^3`).
    fn directions() -> impl Iterator<Item = Vector<3>> {
        let mut random = uniform(0x28);
        std::iter::repeat_with(move || Vector::<3>::from_fn(|_, _| random()))
            .filter(|d| d.xy().norm() > 0.1 * d.norm())
            .take(1000)
    }

    /// Against the support function and finite differences: the farthest part reaches as far
    /// as the support point, and each part's Hessian is the derivative of its support point.
    fn check<K: Profile>(solid: AxialSolid<K, 3>) {
        let step = 1e-6;
        for d in directions() {
            let parts = solid.core_smooth_parts(&d).expect("away from the axis");
            let reach = |p: &SmoothPart<3>| p.point.dot(&d);
            let farthest = parts.as_slice().iter().map(reach).fold(f64::MIN, f64::max);
            let support = solid.support(&d).dot(&d);
            assert!((farthest - support).abs() <= 1e-14 * d.norm() * solid.extent());
            for (i, part) in parts.as_slice().iter().enumerate() {
                for axis in 0..3 {
                    let mut e = Vector::<3>::zeros();
                    e[axis] = step;
                    let point =
                        |d: Vector<3>| solid.core_smooth_parts(&d).unwrap().as_slice()[i].point;
                    let derivative = (point(d + e) - point(d - e)) / (2.0 * step);
                    let error = (derivative - part.hessian.column(axis)).norm();
                    assert!(
                        error <= 1e-6 * (1.0 + part.hessian.norm()),
                        "{d:?}: {error:e}"
                    );
                }
            }
        }
    }

    #[test]
    fn cylinder_parts_are_its_discs() {
        check(Cylinder::<3>::new(0.7, 1.3).unwrap());
    }

    #[test]
    fn cone_parts_are_its_apex_and_base() {
        check(Cone::<3>::new(1.1, 0.4).unwrap());
    }

    /// The flat cap on a direction's side: a cylinder's end disc either way, a cone's base
    /// below and none above (its apex is a point).
    #[test]
    fn caps_are_the_end_discs_but_an_apex() {
        let cap = |solid: &dyn Support<3>, z: f64| {
            let parts = solid.core_smooth_parts(&Vector::<3>::new(0.3, -0.2, z));
            parts.expect("off the axis").cap()
        };
        let cylinder = Cylinder::<3>::new(0.7, 1.3).unwrap();
        let top = cap(&cylinder, 1.0).expect("a cylinder's top");
        assert_eq!(top.normal, Vector::<3>::z());
        assert_eq!(top.centre, Vector::<3>::z() * 0.7);
        assert_eq!(top.radius, 1.3);
        let bottom = cap(&cylinder, -1.0).expect("a cylinder's bottom");
        assert_eq!(bottom.normal, -Vector::<3>::z());
        assert_eq!(bottom.centre, -Vector::<3>::z() * 0.7);
        let cone = Cone::<3>::new(1.1, 0.4).unwrap();
        assert!(cap(&cone, 1.0).is_none());
        let base = cap(&cone, -1.0).expect("a cone's base");
        assert_eq!(base.normal, -Vector::<3>::z());
        assert_eq!(base.centre, -Vector::<3>::z() * 1.1);
        assert_eq!(base.radius, 0.4);
    }

    /// Along the axis the discs are creased, and in 2D the solids are polygons: no parts.
    #[test]
    fn no_parts_along_the_axis_nor_in_2d() {
        let cylinder = Cylinder::<3>::new(0.7, 1.3).unwrap();
        assert!(cylinder.core_smooth_parts(&Vector::<3>::z()).is_none());
        assert!(cylinder
            .core_smooth_parts(&Vector::<3>::new(1e-9, 0.0, -1.0))
            .is_none());
        assert!(cylinder
            .core_smooth_parts(&Vector::<3>::new(0.0, 1.0, -1.0))
            .is_some());
        let rectangle = Cylinder::<2>::new(0.7, 1.3).unwrap();
        assert!(rectangle
            .core_smooth_parts(&Vector::<2>::new(1.0, 0.2))
            .is_none());
    }
}
