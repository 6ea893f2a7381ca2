//! Solids of revolution about the last axis (z in 3D, y in 2D), given by a half height along
//! it and a radius across it: [`crate::shape::Cylinder`] and [`crate::shape::Cone`] are this
//! type with their kind.

use std::marker::PhantomData;

use crate::error::ShapeError;
use crate::range::check_size;
use crate::shape::ball::scaled_unit;
use crate::support::{Support, Vector};

/// A solid of kind `K` (a [`CylinderKind`] or a [`ConeKind`]) about the last coordinate axis,
/// centred at the local origin: `half_height` along the axis each way, `radius` across it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxialSolid<K, const D: usize> {
    half_height: f64,
    radius: f64,
    kind: PhantomData<K>,
}

/// What distinguishes the solids of revolution: the support function of a kind's solid.
pub trait Profile: Sized {
    /// A point of `solid` farthest in direction `dir`.
    fn support<const D: usize>(solid: &AxialSolid<Self, D>, dir: &Vector<D>) -> Vector<D>;
}

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

    /// The rim point of the disc at `height` on the axis in the direction of `dir` across the
    /// axis. When `dir` is along the axis (or zero), every point of the disc is as far, and
    /// the rim point along the first axis is taken: support points are always extreme points
    /// of the solid (vertices, for the 2D polygons), as the searches expect of polytopes.
    #[inline]
    pub(crate) fn rim(&self, dir: &Vector<D>, height: f64) -> Vector<D> {
        let mut across = *dir;
        across[D - 1] = 0.0;
        let mut p = scaled_unit(&across, self.radius);
        if p.iter().all(|x| *x == 0.0) {
            p[0] = self.radius;
        }
        p[D - 1] = height;
        p
    }
}

impl<K: Profile, const D: usize> Support<D> for AxialSolid<K, D> {
    #[inline]
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        K::support(self, dir)
    }

    /// The middle of the axis.
    fn center(&self) -> Vector<D> {
        Vector::zeros()
    }

    /// The middle of the axis, inside the solid.
    fn core_inner_point(&self) -> Option<Vector<D>> {
        Some(Vector::zeros())
    }

    /// The diameter of the cylinder of this size.
    fn extent(&self) -> f64 {
        2.0 * self.half_height.hypot(self.radius)
    }
}
