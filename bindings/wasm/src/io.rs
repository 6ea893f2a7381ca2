//! The block of wasm memory through which the TypeScript passes a query's numbers: poses and
//! options in, answers out, without a JavaScript object per call.
//!
//! Layout (indices of f64): [`POSE_A`] and [`POSE_B`], seven numbers each (position x, y, z;
//! unit quaternion x, y, z, w); [`OPTIONS`]: relative tolerance, iteration cap; [`ARGS`]:
//! a query's other numbers (ray, velocities, limits); [`OUT`]: the answer; [`SUPPORT`]: the
//! point a JavaScript support function answers. The TypeScript (`ts/raw.ts`) mirrors it.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use gjk::ffi::GjkPose;
use gjk::{Pose, QueryOptions};
use wasm_bindgen::prelude::*;

/// The first of pose A's seven numbers.
pub const POSE_A: usize = 0;
/// The first of pose B's seven numbers.
pub const POSE_B: usize = 7;
/// Relative tolerance, then the iteration cap.
pub const OPTIONS: usize = 14;
/// A query's further arguments (at most 16).
pub const ARGS: usize = 16;
/// The answer (at most 64 numbers).
pub const OUT: usize = 32;
/// The point a JavaScript support function answers (three numbers).
pub const SUPPORT: usize = 96;
/// The block's length.
const LENGTH: usize = 100;

/// The block: atomics only so that a static may be written; wasm32 here has one thread, and
/// relaxed loads and stores are plain ones.
static BLOCK: [AtomicU64; LENGTH] = [const { AtomicU64::new(0) }; LENGTH];

/// Where the block lies in the module's memory (a byte address), for the TypeScript's view.
#[wasm_bindgen(js_name = ioAddress)]
pub fn io_address() -> usize {
    BLOCK.as_ptr() as usize
}

/// Number `i` of the block.
pub fn get(i: usize) -> f64 {
    f64::from_bits(BLOCK[i].load(Relaxed))
}

/// Sets number `i` of the block.
pub fn set(i: usize, x: f64) {
    BLOCK[i].store(x.to_bits(), Relaxed);
}

/// Writes `values` from number `start` on.
pub fn put(start: usize, values: &[f64]) {
    for (k, x) in values.iter().enumerate() {
        set(start + k, *x);
    }
}

/// The seven numbers from `start` as the C ABI's pose.
pub fn gjk_pose(start: usize) -> GjkPose {
    let pose: [f64; 7] = std::array::from_fn(|i| get(start + i));
    gjk_pose_at(&pose, 0)
}

/// A placement of either dimension, made from the C ABI's seven numbers as the C ABI makes
/// it.
pub trait Placement: Sized {
    /// The placement `pose` gives, `name` naming it in the message of an invalid one.
    fn convert(pose: &GjkPose, name: &str) -> Result<Self, String>;

    /// The pose at `start` in the block.
    fn read(start: usize, name: &str) -> Result<Self, String> {
        Self::convert(&gjk_pose(start), name)
    }
}

impl Placement for Pose<2> {
    fn convert(pose: &GjkPose, name: &str) -> Result<Self, String> {
        pose.to_pose_2d(name)
    }
}

impl Placement for Pose<3> {
    fn convert(pose: &GjkPose, name: &str) -> Result<Self, String> {
        pose.to_pose_3d(name)
    }
}

/// The pose at `7 k` of `poses` (seven numbers a pose).
pub fn gjk_pose_at(poses: &[f64], k: usize) -> GjkPose {
    let p = &poses[7 * k..7 * k + 7];
    GjkPose {
        position: [p[0], p[1], p[2]],
        rotation: [p[3], p[4], p[5], p[6]],
    }
}

/// The query options in the block.
pub fn options() -> QueryOptions {
    let cap = get(OPTIONS + 1);
    QueryOptions {
        relative_tolerance: get(OPTIONS),
        // A cap beyond u32 (or NaN) is the largest: the library validates the rest.
        max_iterations: if cap >= 0.0 && cap < u32::MAX as f64 {
            cap as u32
        } else if cap >= 0.0 {
            u32::MAX
        } else {
            0
        },
        // Exact mode is not offered to TypeScript yet (the block has no slot for it).
        exact: false,
    }
}

/// The D numbers from `start` as a vector.
pub fn vector<const D: usize>(start: usize) -> gjk::Vector<D> {
    gjk::Vector::<D>::from_fn(|i, _| get(start + i))
}

/// Writes `v` at `start` as three numbers (z = 0 in 2D).
pub fn put_vector<const D: usize>(start: usize, v: &gjk::Vector<D>) {
    for i in 0..3 {
        set(start + i, if i < D { v[i] } else { 0.0 });
    }
}
