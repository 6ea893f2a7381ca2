//! Many pairs at once: shapes gathered in a `ShapeList` once, poses as `Float64Array`s of
//! seven numbers a pose, answers as one `Float64Array`. WebAssembly here has one thread: the
//! pairs run one after the other on the calling thread.

use std::rc::Rc;

use gjk::batch::{pairs_within, BatchOptions, Placed};
use gjk::shape::{watched, Shape as Kind};
use gjk::Pose;
use wasm_bindgen::prelude::*;

use crate::io::{self, Placement};
use crate::queries::{on_placed_pair, verdict_flags, Failure, PairQuery};
use crate::shapes::{AnyShape, Shape};
use crate::status::{fail, invalid, Status};

/// Shapes gathered for the batches (each held, not copied: a shape freed meanwhile stays
/// alive here until the list is cleared or freed).
#[wasm_bindgen]
#[derive(Default)]
pub struct ShapeList {
    shapes: Vec<Rc<AnyShape>>,
}

#[wasm_bindgen]
impl ShapeList {
    /// An empty list.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends `shape`.
    pub fn push(&mut self, shape: &Shape) {
        self.shapes.push(Rc::clone(&shape.inner));
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.shapes.clear();
    }

    /// The number of shapes.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.shapes.len()
    }
}

/// The numbers a pair's answer takes in a batch's output: its status, then the answer as the
/// single query writes it.
pub const DISTANCE_STRIDE: usize = 14;
/// See [`DISTANCE_STRIDE`]: status, then 0/1.
pub const INTERSECT_STRIDE: usize = 2;
/// See [`DISTANCE_STRIDE`]: status, then the penetration result.
pub const PENETRATION_STRIDE: usize = 13;

/// The output of a batch call that failed as a whole: NaN, then its status (the message is
/// the last error).
fn call_failed(status: Status, message: String) -> Vec<f64> {
    vec![f64::NAN, f64::from(fail(status, message))]
}

/// Checks that `poses` holds seven numbers for each of `count` shapes.
fn check_poses(poses: &[f64], count: usize, name: &str) -> Result<(), Failure> {
    if poses.len() == 7 * count {
        return Ok(());
    }
    Err(invalid(format!(
        "{name} has {} numbers for {count} shapes: it needs 7 a shape (position x, y, z, \
         quaternion x, y, z, w)",
        poses.len()
    )))
}

/// Runs `query` on every pair (a[k], b[k]); each pair's status and answer (`stride - 1`
/// numbers from the block's answer) go to the output. The failure of a pair is its status
/// (its message is the last error); an argument of the whole call that is wrong fails the
/// call: see [`call_failed`].
fn each_pair(
    a: &ShapeList,
    poses_a: &[f64],
    b: &ShapeList,
    poses_b: &[f64],
    stride: usize,
    query: impl Fn() -> PairQuery<'static>,
) -> Vec<f64> {
    let n = a.shapes.len();
    let checked = if b.shapes.len() != n {
        Err(invalid(format!(
            "shapes_a has {n} shapes and shapes_b {}: a batch takes them in pairs",
            b.shapes.len()
        )))
    } else {
        check_poses(poses_a, n, "poses_a").and_then(|()| check_poses(poses_b, n, "poses_b"))
    };
    if let Err((status, message)) = checked {
        return call_failed(status, message);
    }
    let mut out = Vec::with_capacity(n * stride);
    for k in 0..n {
        let (sa, sb) = (Shape::from_rc(&a.shapes[k]), Shape::from_rc(&b.shapes[k]));
        let (pa, pb) = (io::gjk_pose_at(poses_a, k), io::gjk_pose_at(poses_b, k));
        let status = match on_placed_pair(&sa, &sb, &pa, &pb, query()) {
            Ok(()) => Status::Ok as u32,
            Err((status, message)) => fail(status, format!("pair {k}: {message}")),
        };
        out.push(f64::from(status));
        out.extend((0..stride - 1).map(|i| io::get(io::OUT + i)));
    }
    out
}

/// The distance of each pair (a[k] at poses_a[k], b[k] at poses_b[k]):
/// [`DISTANCE_STRIDE`] numbers a pair.
#[wasm_bindgen(js_name = distanceBatch)]
pub fn distance_batch(a: &ShapeList, poses_a: &[f64], b: &ShapeList, poses_b: &[f64]) -> Vec<f64> {
    each_pair(a, poses_a, b, poses_b, DISTANCE_STRIDE, || {
        PairQuery::Distance
    })
}

/// Whether each pair intersects: [`INTERSECT_STRIDE`] numbers a pair.
#[wasm_bindgen(js_name = intersectBatch)]
pub fn intersect_batch(a: &ShapeList, poses_a: &[f64], b: &ShapeList, poses_b: &[f64]) -> Vec<f64> {
    each_pair(a, poses_a, b, poses_b, INTERSECT_STRIDE, || {
        PairQuery::Intersect
    })
}

/// The penetration of each pair: [`PENETRATION_STRIDE`] numbers a pair.
#[wasm_bindgen(js_name = penetrationBatch)]
pub fn penetration_batch(
    a: &ShapeList,
    poses_a: &[f64],
    b: &ShapeList,
    poses_b: &[f64],
) -> Vec<f64> {
    each_pair(a, poses_a, b, poses_b, PENETRATION_STRIDE, || {
        PairQuery::Penetration
    })
}

/// The numbers of one pair found by [`pairs_within_query`]: i, j, then the distance result as
/// the distance query writes it.
pub const PAIR_STRIDE: usize = 15;

/// Every pair of `shapes` (placed by `poses`) closer than `separation`, by the library's
/// bounding-volume search: [`PAIR_STRIDE`] numbers a pair (see [`call_failed`] for a
/// failure).
#[wasm_bindgen(js_name = pairsWithin)]
pub fn pairs_within_query(shapes: &ShapeList, poses: &[f64], separation: f64) -> Vec<f64> {
    let found = check_poses(poses, shapes.shapes.len(), "poses").and_then(|()| {
        match shapes.shapes.first().map(|s| s.dimension()) {
            None => Ok(Vec::new()),
            Some(2) => within::<2>(shapes, poses, separation, |s| match s {
                AnyShape::Planar(s) => Some(s),
                AnyShape::Spatial(_) => None,
            }),
            Some(_) => within::<3>(shapes, poses, separation, |s| match s {
                AnyShape::Spatial(s) => Some(s),
                AnyShape::Planar(_) => None,
            }),
        }
    });
    match found {
        Ok(out) => out,
        Err((status, message)) => call_failed(status, message),
    }
}

/// [`pairs_within_query`] once the dimension is known (`of_dimension` picks the shapes of it).
fn within<const D: usize>(
    shapes: &ShapeList,
    poses: &[f64],
    separation: f64,
    of_dimension: impl Fn(&AnyShape) -> Option<&Kind<D>>,
) -> Result<Vec<f64>, Failure>
where
    Pose<D>: Placement,
{
    let mut placed = Vec::with_capacity(shapes.shapes.len());
    for (k, shape) in shapes.shapes.iter().enumerate() {
        let Some(s) = of_dimension(shape) else {
            return Err(crate::queries::mismatch(D, shape.dimension()));
        };
        let pose = Pose::<D>::convert(&io::gjk_pose_at(poses, k), &format!("poses[{k}]"))
            .map_err(invalid)?;
        placed.push(Placed::new(s, pose));
    }
    let options = BatchOptions {
        query: io::options(),
        threads: 1,
    };
    let watch = shapes.shapes.iter().any(|s| s.calls_back());
    let found = if watch {
        watched(|| pairs_within(&placed, separation, &options))
            .map_err(|e| (Status::SupportFunction, e.to_string()))?
    } else {
        pairs_within(&placed, separation, &options)
    }
    .map_err(|e| invalid(e.to_string()))?;
    let mut out = Vec::with_capacity(found.len() * PAIR_STRIDE);
    for pair in &found {
        let r = &pair.result;
        let xyz = |v: &gjk::Vector<D>| [0, 1, 2].map(|i| if i < D { v[i] } else { 0.0 });
        out.extend([
            pair.i as f64,
            pair.j as f64,
            r.distance,
            r.lower_bound,
            verdict_flags(r),
            f64::from(r.iterations),
        ]);
        out.extend(xyz(&r.point_a));
        out.extend(xyz(&r.point_b));
        out.extend(xyz(&r.normal));
    }
    Ok(out)
}
