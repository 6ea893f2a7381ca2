//! Rounded shapes: the Minkowski sum of a shape with a ball. Capsules and stadiums are
//! rounded segments.

use crate::error::ShapeError;
use crate::range::check_size;
use crate::shape::ball::scaled_unit;
use crate::shape::Segment;
use crate::support::{Face, SmoothParts, Support, Vector};

/// `inner` grown by `radius` in every direction.
#[derive(Clone, Debug, PartialEq)]
pub struct Rounded<S> {
    inner: S,
    radius: f64,
}

/// A capsule (3D) or stadium (2D racetrack): a segment grown by a radius.
pub type Capsule<const D: usize> = Rounded<Segment<D>>;

impl<S> Rounded<S> {
    /// `inner` grown by `radius`; fails on a negative or non-finite radius, or one outside the
    /// supported range (see [`crate::range`]).
    pub fn new(inner: S, radius: f64) -> Result<Self, ShapeError> {
        check_size("radius", radius)?;
        Ok(Self { inner, radius })
    }

    /// The shape before rounding.
    pub fn inner(&self) -> &S {
        &self.inner
    }

    /// The shape before rounding, by value.
    pub fn into_inner(self) -> S {
        self.inner
    }

    /// The rounding radius.
    pub fn radius(&self) -> f64 {
        self.radius
    }
}

impl<const D: usize> Capsule<D> {
    /// A capsule centred at the origin whose segment runs from `-half_length` to `+half_length`
    /// along `axis` (x for the 2D stadium, z for the 3D capsule).
    pub fn along_axis(axis: usize, half_length: f64, radius: f64) -> Result<Self, ShapeError> {
        check_size("half_length", half_length)?;
        Rounded::new(Segment::along_axis(axis, half_length), radius)
    }
}

impl<const D: usize, S: Support<D>> Support<D> for Rounded<S> {
    #[inline]
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        self.inner.support(dir) + scaled_unit(dir, self.radius)
    }

    fn center(&self) -> Vector<D> {
        self.inner.center()
    }

    fn extent(&self) -> f64 {
        self.inner.extent() + 2.0 * self.radius
    }

    fn margin(&self) -> f64 {
        self.inner.margin() + self.radius
    }

    /// The inner shape's, and the rounding of the margins' sum.
    fn support_rounding(&self) -> f64 {
        self.inner.support_rounding() + 0.5 * f64::EPSILON * self.margin()
    }

    fn core_extent(&self) -> f64 {
        self.inner.core_extent()
    }

    #[inline]
    fn core_support(&self, dir: &Vector<D>) -> Vector<D> {
        self.inner.core_support(dir)
    }

    #[inline]
    fn prefetch_core_support(&self, dir: &Vector<D>) {
        self.inner.prefetch_core_support(dir);
    }

    #[inline]
    fn core_support_indexed(&self, dir: &Vector<D>) -> (Vector<D>, Option<u32>) {
        self.inner.core_support_indexed(dir)
    }

    fn core_vertex(&self, index: u32) -> Option<Vector<D>> {
        self.inner.core_vertex(index)
    }

    fn core_vertex_count(&self) -> Option<usize> {
        self.inner.core_vertex_count()
    }

    fn core_inner_point(&self) -> Option<Vector<D>> {
        self.inner.core_inner_point()
    }

    fn core_smooth_parts(&self, dir: &Vector<D>) -> Option<SmoothParts<D>> {
        self.inner.core_smooth_parts(dir)
    }

    fn core_face(&self, dir: &Vector<D>, tolerance: f64) -> Face<D> {
        self.inner.core_face(dir, tolerance)
    }
}
