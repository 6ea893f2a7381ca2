//! The C and C++ peers (bench/peers/, built by build.rs) behind safe Rust wrappers: libccd's
//! boolean and penetration queries, Bullet's btGjkEpaSolver2 (double precision) and Box2D's
//! b2Distance (single precision). Shapes are built once, before any timing, as gjk's are.

use std::ffi::c_void;
use std::ptr::NonNull;

extern "C" {
    fn gjk_bench_ccd_cloud(xyz: *const f64, n: usize) -> *mut c_void;
    fn gjk_bench_ccd_free(cloud: *mut c_void);
    fn gjk_bench_ccd_intersect(a: *const c_void, b: *const c_void, mpr: i32) -> i32;
    fn gjk_bench_ccd_penetration(
        a: *const c_void,
        b: *const c_void,
        mpr: i32,
        depth: *mut f64,
    ) -> i32;
    fn gjk_bench_bullet_hull(xyz: *const f64, n: usize) -> *mut c_void;
    fn gjk_bench_bullet_free(hull: *mut c_void);
    fn gjk_bench_bullet_distance(a: *const c_void, b: *const c_void, distance: *mut f64) -> i32;
    fn gjk_bench_bullet_penetration(a: *const c_void, b: *const c_void, depth: *mut f64) -> i32;
    fn gjk_bench_box2d_polygon(xy: *const f64, n: usize) -> *mut c_void;
    fn gjk_bench_box2d_free(polygon: *mut c_void);
    fn gjk_bench_box2d_distance(a: *const c_void, b: *const c_void) -> f64;
    fn gjk_bench_box2d_overlap(a: *const c_void, b: *const c_void) -> i32;
}

/// libccd's algorithm for a query.
#[derive(Clone, Copy)]
pub enum CcdMethod {
    /// GJK, and EPA for the depth.
    Gjk,
    /// Minkowski portal refinement.
    Mpr,
}

/// A libccd support map of a 3D point cloud: its points (copied) and their centroid, MPR's
/// interior point, computed once here rather than by every query.
pub struct CcdCloud(NonNull<c_void>);

impl CcdCloud {
    /// The cloud of `xyz` (triples, at least one point).
    pub fn new(xyz: &[f64]) -> Self {
        // SAFETY: `xyz` holds len / 3 points; the cloud copies them.
        let cloud = unsafe { gjk_bench_ccd_cloud(xyz.as_ptr(), xyz.len() / 3) };
        Self(NonNull::new(cloud).expect("memory for a libccd cloud"))
    }

    /// Whether libccd finds the hulls of `self` and `other` (identity poses) overlapping.
    pub fn intersects(&self, other: &Self, method: CcdMethod) -> bool {
        // SAFETY: both are live clouds; libccd only reads them.
        unsafe { gjk_bench_ccd_intersect(self.0.as_ptr(), other.0.as_ptr(), method as i32) == 1 }
    }

    /// libccd's penetration depth of the hulls, `None` when it finds them apart.
    pub fn depth(&self, other: &Self, method: CcdMethod) -> Option<f64> {
        let mut depth = 0.0;
        // SAFETY: as in `intersects`; `depth` is a valid f64 to write.
        let r = unsafe {
            gjk_bench_ccd_penetration(self.0.as_ptr(), other.0.as_ptr(), method as i32, &mut depth)
        };
        (r == 0).then_some(depth)
    }
}

impl Drop for CcdCloud {
    fn drop(&mut self) {
        // SAFETY: made by gjk_bench_ccd_cloud, freed once.
        unsafe { gjk_bench_ccd_free(self.0.as_ptr()) }
    }
}

/// A Bullet `btConvexHullShape` (margin 0) of a 3D point cloud.
pub struct BulletHull(NonNull<c_void>);

impl BulletHull {
    /// The hull of `xyz` (triples).
    pub fn new(xyz: &[f64]) -> Self {
        // SAFETY: `xyz` holds len / 3 points; the shape copies them.
        let hull = unsafe { gjk_bench_bullet_hull(xyz.as_ptr(), xyz.len() / 3) };
        Self(NonNull::new(hull).expect("memory for a Bullet hull"))
    }

    /// The distance to `other` (identity poses), `None` when Bullet finds them overlapping.
    pub fn distance(&self, other: &Self) -> Option<f64> {
        let mut distance = 0.0;
        // SAFETY: both are live hulls; `distance` is a valid f64 to write.
        let apart =
            unsafe { gjk_bench_bullet_distance(self.0.as_ptr(), other.0.as_ptr(), &mut distance) };
        (apart == 1).then_some(distance)
    }

    /// The penetration depth of `other` (identity poses), `None` when Bullet finds them apart.
    pub fn depth(&self, other: &Self) -> Option<f64> {
        let mut depth = 0.0;
        // SAFETY: as in `distance`.
        let overlap =
            unsafe { gjk_bench_bullet_penetration(self.0.as_ptr(), other.0.as_ptr(), &mut depth) };
        (overlap == 1).then_some(depth)
    }
}

impl Drop for BulletHull {
    fn drop(&mut self) {
        // SAFETY: made by gjk_bench_bullet_hull, freed once.
        unsafe { gjk_bench_bullet_free(self.0.as_ptr()) }
    }
}

/// A Box2D distance proxy (radius 0) of a 2D point cloud, its coordinates rounded to f32.
pub struct Box2dPolygon(NonNull<c_void>);

impl Box2dPolygon {
    /// The polygon of `xy` (pairs).
    pub fn new(xy: &[f64]) -> Self {
        // SAFETY: `xy` holds len / 2 points; the polygon copies them.
        let polygon = unsafe { gjk_bench_box2d_polygon(xy.as_ptr(), xy.len() / 2) };
        Self(NonNull::new(polygon).expect("memory for a Box2D polygon"))
    }

    /// The distance to `other` (identity poses), 0 when they overlap.
    pub fn distance(&self, other: &Self) -> f64 {
        // SAFETY: both are live polygons.
        unsafe { gjk_bench_box2d_distance(self.0.as_ptr(), other.0.as_ptr()) }
    }

    /// Whether Box2D finds the polygons overlapping (b2TestOverlap's rule).
    pub fn overlaps(&self, other: &Self) -> bool {
        // SAFETY: both are live polygons.
        unsafe { gjk_bench_box2d_overlap(self.0.as_ptr(), other.0.as_ptr()) == 1 }
    }
}

impl Drop for Box2dPolygon {
    fn drop(&mut self) {
        // SAFETY: made by gjk_bench_box2d_polygon, freed once.
        unsafe { gjk_bench_box2d_free(self.0.as_ptr()) }
    }
}
