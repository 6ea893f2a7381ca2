//! Shapes given by a support callback through the C ABI (`gjk_support_shape_new`) answer every
//! query as the built-in shapes they describe, fail on wrong answers naming the callback, and
//! free their user data exactly once.
//!
//! Hulls (polygons of more than 8 vertices, polytopes) given as callbacks that scan their
//! points as the built-in hull does (the first point with the largest `x dx + y dy + z dz`)
//! have the built-in's support points, centre, extent and inner point, and so its answers to
//! the last bit. The others agree within tolerances, each said where it is used: small
//! polygons are answered by an exact kernel, balls as a point grown by a margin, ellipsoids
//! with their curvature (Newton steps in penetration), where the callbacks have GJK and EPA
//! on support points alone.

use std::collections::HashSet;
use std::ffi::c_void;
use std::ptr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;

use crate::common::ffi::last_error;
use crate::common::Rng;
use gjk::ffi::*;

/// What a callback describes: the shape model its support function reads.
enum Model {
    /// The hull of points (`D` coordinates used of each).
    Hull(Vec<[f64; 3]>),
    /// A ball of a radius.
    Ball(f64),
    /// An axis-aligned ellipsoid of semi-axes.
    Ellipsoid([f64; 3]),
    /// A function answering NaN along +x (and fine elsewhere): a unit ball otherwise.
    NanAlongX,
    /// A unit ball whose answers are fine at creation and NaN afterwards.
    NanAfter(AtomicUsize),
    /// A unit ball that notes the threads calling it.
    Witness(Mutex<HashSet<ThreadId>>),
}

/// The user data of a callback: its model, its dimension, and the count of its frees.
struct UserData {
    model: Model,
    dimension: usize,
    frees: Arc<AtomicUsize>,
}

impl Model {
    /// The support point along `d` (the first `dimension` coordinates).
    fn support(&self, d: [f64; 3], dimension: usize) -> [f64; 3] {
        let dot = |p: &[f64; 3]| {
            let mut s = p[0] * d[0];
            for k in 1..dimension {
                s += p[k] * d[k];
            }
            s
        };
        let ball = |r: f64| {
            let n = d[..dimension].iter().map(|x| x * x).sum::<f64>().sqrt();
            if n == 0.0 {
                [0.0; 3]
            } else {
                d.map(|x| r * x / n)
            }
        };
        match self {
            Model::Hull(points) => {
                let mut best = &points[0];
                for p in &points[1..] {
                    if dot(p) > dot(best) {
                        best = p;
                    }
                }
                *best
            }
            Model::Ball(r) => ball(*r),
            Model::Ellipsoid(axes) => {
                // E (E d) / |E d|, scaled by the largest component first as the built-in.
                let scaled: Vec<f64> = (0..dimension).map(|k| d[k] * axes[k]).collect();
                let m = scaled.iter().fold(0.0f64, |m, x| m.max(x.abs()));
                if m == 0.0 {
                    return [0.0; 3];
                }
                let s: Vec<f64> = scaled.iter().map(|x| x / m).collect();
                let n = s.iter().map(|x| x * x).sum::<f64>().sqrt();
                let mut p = [0.0; 3];
                for k in 0..dimension {
                    p[k] = axes[k] * (s[k] / n);
                }
                p
            }
            Model::NanAlongX if d[0] > 0.9 => [f64::NAN, 0.0, 0.0],
            Model::NanAlongX => ball(1.0),
            Model::Witness(threads) => {
                threads.lock().unwrap().insert(std::thread::current().id());
                ball(1.0)
            }
            Model::NanAfter(calls) => {
                if calls.fetch_add(1, Ordering::Relaxed) < 2 * dimension {
                    ball(1.0)
                } else {
                    [0.0, f64::NAN, 0.0]
                }
            }
        }
    }
}

unsafe extern "C" fn support(user_data: *mut c_void, direction: *const f64, out: *mut f64) {
    let data = &*(user_data as *const UserData);
    let d = [*direction, *direction.add(1), *direction.add(2)];
    let p = data.model.support(d, data.dimension);
    for (k, x) in p.iter().enumerate().take(data.dimension) {
        *out.add(k) = *x;
    }
}

unsafe extern "C" fn free(user_data: *mut c_void) {
    let data = Box::from_raw(user_data as *mut UserData);
    data.frees.fetch_add(1, Ordering::SeqCst);
}

/// A callback shape of `model`, and the count of its user data's frees.
fn callback(dimension: usize, model: Model) -> (*mut GjkShape, Arc<AtomicUsize>) {
    let (status, shape, frees) = try_callback(dimension, model);
    assert_eq!(status, GJK_OK, "{}", last_error());
    (shape, frees)
}

/// `gjk_support_shape_new` on `model`: its status, the shape, and the count of its user
/// data's frees.
fn try_callback(dimension: usize, model: Model) -> (GjkStatus, *mut GjkShape, Arc<AtomicUsize>) {
    let frees = Arc::new(AtomicUsize::new(0));
    let data = Box::into_raw(Box::new(UserData {
        model,
        dimension,
        frees: frees.clone(),
    }));
    let mut shape = ptr::null_mut();
    let status = unsafe {
        gjk_support_shape_new(
            dimension as i32,
            Some(support),
            data.cast(),
            Some(free),
            &mut shape,
        )
    };
    (status, shape, frees)
}

/// The built-in shape of `model`.
fn built_in(dimension: usize, model: &Model) -> *mut GjkShape {
    let mut shape = ptr::null_mut();
    let status = unsafe {
        match (model, dimension) {
            (Model::Hull(points), d) => {
                let flat: Vec<f64> = points.iter().flat_map(|p| p[..d].to_vec()).collect();
                let new = if d == 2 {
                    gjk_polygon_new
                } else {
                    gjk_polytope_new
                };
                new(flat.as_ptr(), points.len(), &mut shape)
            }
            (Model::Ball(r), 2) => gjk_circle_new(*r, &mut shape),
            (Model::Ball(r), _) => gjk_sphere_new(*r, &mut shape),
            (Model::Ellipsoid(a), 2) => gjk_ellipse_new(a[0], a[1], &mut shape),
            (Model::Ellipsoid(a), _) => gjk_ellipsoid_new(a[0], a[1], a[2], &mut shape),
            _ => unreachable!("no built-in"),
        }
    };
    assert_eq!(status, GJK_OK, "{}", last_error());
    shape
}

/// A random model of kind `kind` (0 hull of many points, 1 hull of few, 2 ball, 3 ellipsoid).
fn random_model(rng: &mut Rng, dimension: usize, kind: usize) -> Model {
    let coordinate = |rng: &mut Rng| rng.range(-1.5, 1.5);
    match kind {
        0 | 1 => {
            let count = if kind == 0 { 40 } else { 5 };
            Model::Hull(
                (0..count)
                    .map(|_| {
                        let mut p = [0.0; 3];
                        for x in p.iter_mut().take(dimension) {
                            *x = coordinate(rng);
                        }
                        p
                    })
                    .collect(),
            )
        }
        2 => Model::Ball(rng.range(0.2, 1.5)),
        _ => Model::Ellipsoid([
            rng.range(0.2, 1.5),
            rng.range(0.2, 1.5),
            rng.range(0.2, 1.5),
        ]),
    }
}

fn random_pose(rng: &mut Rng, dimension: usize) -> GjkPose {
    let position = [
        rng.range(-3.0, 3.0),
        rng.range(-3.0, 3.0),
        rng.range(-3.0, 3.0),
    ];
    if dimension == 2 {
        gjk_pose_2d(position[0], position[1], rng.range(-3.2, 3.2))
    } else {
        let q = [
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            1.0,
        ];
        let n = q.iter().map(|x| x * x).sum::<f64>().sqrt();
        let q = q.map(|x| x / n);
        unsafe { gjk_pose_3d(position.as_ptr(), q.as_ptr()) }
    }
}

/// The answers of every query on a pair, as text (exact comparisons) and as numbers.
#[derive(Debug)]
struct Answers {
    intersect: (GjkStatus, bool),
    /// The boolean query leaving its proof in a cache, the vertex indices of hulls cleared.
    #[allow(dead_code, reason = "compared through the Debug text of the answers")]
    proof: (GjkStatus, bool, GjkSimplexCache),
    distance: (GjkStatus, GjkDistanceResult),
    penetration: (GjkStatus, GjkPenetrationResult),
    cached: (GjkStatus, GjkDistanceResult),
    trace: (GjkStatus, GjkDistanceResult, usize),
    ray: (GjkStatus, GjkRayHit),
    cast: (GjkStatus, GjkShapeCastHit),
}

unsafe fn answers(
    a: *const GjkShape,
    pose_a: &GjkPose,
    b: *const GjkShape,
    pose_b: &GjkPose,
    velocity: &[f64; 3],
) -> Answers {
    let mut hit = false;
    let intersect = (gjk_intersect(a, pose_a, b, pose_b, &mut hit), hit);
    let mut proof = gjk_simplex_cache_empty();
    let status = gjk_intersect_cached(a, pose_a, b, pose_b, ptr::null(), &mut proof, &mut hit);
    (proof.index_a, proof.index_b) = ([-1; 4], [-1; 4]);
    let proof = (status, hit, proof);
    let mut d = GjkDistanceResult::default();
    let distance = (gjk_distance(a, pose_a, b, pose_b, &mut d), d);
    let mut p = GjkPenetrationResult::default();
    let penetration = (gjk_penetration(a, pose_a, b, pose_b, &mut p), p);
    // Warm: the cache of the query on the pair, then the query again with B moved a little.
    let mut cache = gjk_simplex_cache_empty();
    let mut warm = GjkDistanceResult::default();
    gjk_distance_cached(a, pose_a, b, pose_b, ptr::null(), &mut cache, &mut warm);
    let mut moved = *pose_b;
    moved.position[0] += 0.01;
    let cached = (
        gjk_distance_cached(a, pose_a, b, &moved, ptr::null(), &mut cache, &mut warm),
        warm,
    );
    let mut steps = [GjkTraceStep::default(); 256];
    let (mut traced, mut count) = (GjkDistanceResult::default(), 0);
    let status = gjk_distance_trace(
        a,
        pose_a,
        b,
        pose_b,
        ptr::null(),
        &mut traced,
        steps.as_mut_ptr(),
        steps.len(),
        &mut count,
    );
    let trace = (status, traced, count);
    let origin = [pose_b.position[0], pose_b.position[1], pose_b.position[2]];
    let towards = [
        -origin[0],
        -origin[1],
        -origin[2] * f64::from(u8::from(origin[2] != 0.0)),
    ];
    let mut r = GjkRayHit::default();
    let ray = (
        gjk_ray_cast(a, pose_a, origin.as_ptr(), towards.as_ptr(), 10.0, &mut r),
        r,
    );
    let mut c = GjkShapeCastHit::default();
    let still = [0.0; 3];
    let cast = (
        gjk_shape_cast(
            a,
            pose_a,
            still.as_ptr(),
            b,
            pose_b,
            velocity.as_ptr(),
            4.0,
            0.0,
            &mut c,
        ),
        c,
    );
    Answers {
        intersect,
        proof,
        distance,
        penetration,
        cached,
        trace,
        ray,
        cast,
    }
}

/// Asserts that `x` and `y` agree within `tolerance` (absolute, on shapes of size about 1).
fn near(x: f64, y: f64, tolerance: f64, what: &str, context: &dyn Fn() -> String) {
    assert!(
        (x - y).abs() <= tolerance,
        "{what}: {x} vs {y} (tolerance {tolerance}): {}",
        context()
    );
}

/// The answers of curved or kernel-answered pairs agree within the tolerances of their routes.
fn assert_close(built: &Answers, called: &Answers, context: &dyn Fn() -> String) {
    // Distances: GJK stops within 1e-12 of the distance on both routes (the built-in's margin
    // or kernel is exact; seen within 5e-12); touching pairs may tell apart by rounding, and
    // the normals of close pairs by the square root of the tolerance (seen within 1e-6).
    assert_eq!(built.distance.0, GJK_OK, "{}", context());
    assert_eq!(called.distance.0, GJK_OK, "{}", context());
    let (d1, d2) = (&built.distance.1, &called.distance.1);
    near(d1.distance, d2.distance, 1e-10, "distance", context);
    if d1.distance > 1e-9 {
        assert_eq!(built.intersect, called.intersect, "{}", context());
        for k in 0..3 {
            near(d1.normal[k], d2.normal[k], 1e-5, "normal", context);
        }
    }
    near(
        built.cached.1.distance,
        called.cached.1.distance,
        1e-10,
        "warm distance",
        context,
    );
    near(
        built.trace.1.distance,
        called.trace.1.distance,
        1e-10,
        "traced distance",
        context,
    );
    // Penetration: EPA on the callback's support points alone, where the built-in refines
    // curved depths by Newton steps on the curvature: it may reach the iteration cap short of
    // the relative tolerance 1e-12, with a depth as close all the same (seen within 1e-10).
    let (p1, p2) = (&built.penetration.1, &called.penetration.1);
    assert_eq!(built.penetration.0, GJK_OK, "{}", context());
    assert!(
        [GJK_OK, GJK_NO_CONVERGENCE].contains(&called.penetration.0),
        "{}",
        context()
    );
    near(
        p1.signed_distance,
        p2.signed_distance,
        1e-9,
        "signed distance",
        context,
    );
    // Casts: conservative advancement to within its tolerance of the contact time, where the
    // built-in ray casts on balls are closed forms (seen within 3e-11).
    assert_eq!(built.ray.1.hit, called.ray.1.hit, "{}", context());
    near(built.ray.1.t, called.ray.1.t, 1e-9, "ray t", context);
    assert_eq!(built.cast.1.hit, called.cast.1.hit, "{}", context());
    near(built.cast.1.t, called.cast.1.t, 1e-9, "cast t", context);
}

/// Random pairs of every kind, built in and as callbacks, through every query of a pair.
fn compare_pairs(dimension: usize, seed: u64, pairs: usize) {
    let mut rng = Rng::new(seed);
    let mut exact = 0;
    for n in 0..pairs {
        let kinds = (rng.below(4), rng.below(4));
        let models = (
            random_model(&mut rng, dimension, kinds.0),
            random_model(&mut rng, dimension, kinds.1),
        );
        let poses = (
            random_pose(&mut rng, dimension),
            random_pose(&mut rng, dimension),
        );
        let mut velocity = [
            rng.range(-2.0, 2.0),
            rng.range(-2.0, 2.0),
            rng.range(-2.0, 2.0),
        ];
        velocity[2] *= (dimension - 2) as f64;
        let built = (
            built_in(dimension, &models.0),
            built_in(dimension, &models.1),
        );
        let (called_a, frees_a) = callback(dimension, models.0);
        let (called_b, frees_b) = callback(dimension, models.1);
        let (mut built_answers, mut called_answers) = unsafe {
            (
                answers(built.0, &poses.0, built.1, &poses.1, &velocity),
                answers(called_a, &poses.0, called_b, &poses.1, &velocity),
            )
        };
        // Two hulls are answered alike unless both are small polygons (the exact kernel, 0
        // iterations).
        let hulls = kinds.0 < 2 && kinds.1 < 2;
        let alike = hulls && built_answers.distance.1.iterations != 0;
        if alike {
            // A warm query finds a hull's cached vertices again by their indices, a callback's
            // by evaluating it in the cached directions: the same points, more evaluations.
            let (built_warm, called_warm) =
                (&mut built_answers.cached.1, &mut called_answers.cached.1);
            assert!(built_warm.iterations <= called_warm.iterations);
            (built_warm.iterations, called_warm.iterations) = (0, 0);
        }
        let context = || {
            format!(
                "pair {n} of kinds {kinds:?} in {dimension}D:\nbuilt in {built_answers:#?}\n\
                 callbacks {called_answers:#?}"
            )
        };
        if alike {
            exact += 1;
            assert_eq!(
                format!("{built_answers:?}"),
                format!("{called_answers:?}"),
                "{}",
                context()
            );
        } else {
            assert_close(&built_answers, &called_answers, &context);
        }
        unsafe {
            for s in [built.0, built.1, called_a, called_b] {
                gjk_shape_free(s);
            }
        }
        assert_eq!(frees_a.load(Ordering::SeqCst), 1);
        assert_eq!(frees_b.load(Ordering::SeqCst), 1);
    }
    assert!(exact >= pairs / 10, "only {exact} pairs compared exactly");
}

tests! {
    callback_shapes_answer_as_the_built_in_shapes_2d => compare_pairs(2, 1, 300);
    callback_shapes_answer_as_the_built_in_shapes_3d => compare_pairs(3, 2, 300);
}

/// Random callback pairs, and the built-in pairs they describe, with their poses.
struct Batch {
    built: Vec<*mut GjkShape>,
    called: Vec<*mut GjkShape>,
    frees: Vec<Arc<AtomicUsize>>,
    poses: Vec<GjkPose>,
}

impl Batch {
    fn new(dimension: usize, seed: u64, count: usize) -> Self {
        let mut rng = Rng::new(seed);
        let mut batch = Self {
            built: Vec::new(),
            called: Vec::new(),
            frees: Vec::new(),
            poses: Vec::new(),
        };
        for _ in 0..count {
            let kind = rng.below(4);
            let model = random_model(&mut rng, dimension, kind);
            batch.built.push(built_in(dimension, &model));
            let (shape, frees) = callback(dimension, model);
            batch.called.push(shape);
            batch.frees.push(frees);
            batch.poses.push(random_pose(&mut rng, dimension));
        }
        batch
    }

    /// The distance batch of shape k against shape k + 1 (`shapes` are `built` or `called`).
    fn distances(&self, shapes: &[*mut GjkShape], threads: u32) -> Vec<(GjkStatus, String)> {
        let n = shapes.len() - 1;
        let a: Vec<*const GjkShape> = shapes[..n].iter().map(|s| s.cast_const()).collect();
        let b: Vec<*const GjkShape> = shapes[1..].iter().map(|s| s.cast_const()).collect();
        let mut results = vec![GjkDistanceResult::default(); n];
        let mut statuses = vec![-1; n];
        unsafe {
            gjk_distance_batch(
                a.as_ptr(),
                self.poses.as_ptr(),
                b.as_ptr(),
                self.poses[1..].as_ptr(),
                n,
                ptr::null(),
                threads,
                results.as_mut_ptr(),
                statuses.as_mut_ptr(),
            );
        }
        statuses
            .into_iter()
            .zip(results)
            .map(|(s, r)| (s, format!("{r:?}")))
            .collect()
    }

    /// The pairs within `separation` of the scene of `shapes`: (i, j, distance).
    fn scene(
        &self,
        shapes: &[*mut GjkShape],
        separation: f64,
    ) -> (GjkStatus, Vec<(usize, usize, f64)>) {
        let shapes: Vec<*const GjkShape> = shapes.iter().map(|s| s.cast_const()).collect();
        let mut list = ptr::null_mut();
        let status = unsafe {
            gjk_pairs_within(
                shapes.as_ptr(),
                self.poses.as_ptr(),
                shapes.len(),
                separation,
                ptr::null(),
                0,
                &mut list,
            )
        };
        if status != GJK_OK {
            return (status, Vec::new());
        }
        let pairs = unsafe {
            let mut pairs = vec![GjkPair::default(); gjk_pair_list_len(list)];
            gjk_pair_list_copy(list, 0, pairs.len(), pairs.as_mut_ptr());
            gjk_pair_list_free(list);
            pairs
        };
        (
            status,
            pairs
                .iter()
                .map(|p| (p.i, p.j, p.result.distance))
                .collect(),
        )
    }
}

impl Drop for Batch {
    fn drop(&mut self) {
        for s in self.built.iter().chain(&self.called) {
            unsafe { gjk_shape_free(*s) };
        }
        for frees in &self.frees {
            assert_eq!(frees.load(Ordering::SeqCst), 1);
        }
    }
}

/// A batch of callback pairs on the pool answers, bit for bit, as the same batch on one thread
/// (whose pairs are the single calls, compared with the built-in shapes above), and agrees
/// with the built-in batch; so do the scenes of `gjk_pairs_within`.
#[test]
fn batches_and_scenes_of_callback_shapes_answer_as_the_built_in_shapes() {
    for dimension in [2, 3] {
        let batch = Batch::new(dimension, 10 + dimension as u64, 400);
        let pooled = batch.distances(&batch.called, 0);
        assert_eq!(pooled, batch.distances(&batch.called, 1));
        let built = batch.distances(&batch.built, 0);
        for (k, ((s1, r1), (s2, r2))) in built.iter().zip(&pooled).enumerate() {
            assert_eq!((s1, s2), (&GJK_OK, &GJK_OK), "pair {k}");
            let distance = |r: &str| -> f64 {
                let at = r.find("distance: ").unwrap() + 10;
                r[at..r[at..].find(',').unwrap() + at].parse().unwrap()
            };
            assert!(
                (distance(r1) - distance(r2)).abs() <= 1e-10,
                "pair {k}: {r1} vs {r2}"
            );
        }
        let (status, called) = batch.scene(&batch.called, 0.5);
        assert_eq!(status, GJK_OK, "{}", last_error());
        let (_, built) = batch.scene(&batch.built, 0.5);
        assert!(called.len() > 50, "only {} pairs", called.len());
        // The same pairs, but for those within the distances' tolerance of the separation.
        let ids = |pairs: &[(usize, usize, f64)]| -> Vec<(usize, usize)> {
            pairs
                .iter()
                .filter(|p| (p.2 - 0.5).abs() > 1e-9)
                .map(|p| (p.0, p.1))
                .collect()
        };
        assert_eq!(ids(&called), ids(&built));
    }
}

/// A rounded callback shape answers as the rounded built-in shape (the rounding is the same
/// margin on the same core), and holds the callback's user data until it is freed too.
#[test]
fn rounded_callback_shapes_answer_as_rounded_built_in_shapes() {
    let mut rng = Rng::new(7);
    for dimension in [2, 3] {
        for _ in 0..50 {
            let radius = rng.range(0.05, 0.5);
            let round = |s: *mut GjkShape| {
                let mut rounded = ptr::null_mut();
                assert_eq!(unsafe { gjk_rounded_new(s, radius, &mut rounded) }, GJK_OK);
                unsafe { gjk_shape_free(s) };
                rounded
            };
            let models = (
                random_model(&mut rng, dimension, 0),
                random_model(&mut rng, dimension, 0),
            );
            let built = (
                round(built_in(dimension, &models.0)),
                round(built_in(dimension, &models.1)),
            );
            let (a, frees_a) = callback(dimension, models.0);
            let (b, frees_b) = callback(dimension, models.1);
            let called = (round(a), round(b));
            // The originals are freed; the rounded copies hold the callbacks.
            assert_eq!(frees_a.load(Ordering::SeqCst), 0);
            let poses = (
                random_pose(&mut rng, dimension),
                random_pose(&mut rng, dimension),
            );
            let velocity = [0.5, -0.25, 0.0];
            let (mut x, mut y) = unsafe {
                (
                    answers(built.0, &poses.0, built.1, &poses.1, &velocity),
                    answers(called.0, &poses.0, called.1, &poses.1, &velocity),
                )
            };
            // As in `compare_pairs`: warm queries evaluate callbacks where hulls use indices.
            (x.cached.1.iterations, y.cached.1.iterations) = (0, 0);
            assert_eq!(format!("{x:?}"), format!("{y:?}"));
            for s in [built.0, built.1, called.0, called.1] {
                unsafe { gjk_shape_free(s) };
            }
            assert_eq!(frees_a.load(Ordering::SeqCst), 1);
            assert_eq!(frees_b.load(Ordering::SeqCst), 1);
        }
    }
}

/// Asserts that `status` is GJK_INVALID_ARGUMENT with the message of a NaN answer.
fn assert_nan_failure(status: GjkStatus, what: &str) {
    let message = last_error();
    assert_eq!(status, GJK_INVALID_ARGUMENT, "{what}: {message}");
    assert!(
        message.contains("support callback returned a non-finite point (NaN)"),
        "{what}: {message}"
    );
}

/// A callback answering NaN fails its creation, or every query that meets the answer, with
/// GJK_INVALID_ARGUMENT naming the callback, the point and the direction; the next query on
/// the thread is not affected.
#[test]
fn nan_answers_fail_naming_the_callback() {
    for dimension in [2, 3] {
        let (status, shape, frees) = try_callback(dimension, Model::NanAlongX);
        assert_nan_failure(status, "creation");
        assert!(
            last_error().contains("for direction (1, 0"),
            "{}",
            last_error()
        );
        assert!(shape.is_null());
        assert_eq!(frees.load(Ordering::SeqCst), 1);

        let (bad, frees) = callback(dimension, Model::NanAfter(AtomicUsize::new(0)));
        let good = built_in(dimension, &Model::Ball(1.0));
        let far = random_pose(&mut Rng::new(3), dimension);
        let mut d = GjkDistanceResult::default();
        unsafe {
            assert_nan_failure(
                gjk_distance(bad, ptr::null(), good, &far, &mut d),
                "distance",
            );
            assert!(last_error().contains("(0, NaN"), "{}", last_error());
            let answers = answers(
                bad,
                &far,
                good,
                &gjk_pose_2d(0.0, 0.0, 0.0),
                &[1.0, 0.0, 0.0],
            );
            assert_nan_failure(answers.intersect.0, "intersect");
            assert_nan_failure(answers.penetration.0, "penetration");
            assert_nan_failure(answers.cached.0, "warm distance");
            assert_nan_failure(answers.trace.0, "trace");
            assert_nan_failure(answers.ray.0, "ray cast");
            assert_nan_failure(answers.cast.0, "shape cast");
            // Not stale: the next query on the thread, on good shapes, succeeds.
            assert_eq!(gjk_distance(good, ptr::null(), good, &far, &mut d), GJK_OK);
            // A batch: pair 1 fails, the others succeed, whatever the thread.
            let a = vec![good.cast_const(); 300];
            let mut b = a.clone();
            b[1] = bad;
            let poses = vec![far; 300];
            let mut results = vec![GjkDistanceResult::default(); 300];
            let mut statuses = vec![-1; 300];
            let status = gjk_distance_batch(
                a.as_ptr(),
                ptr::null(),
                b.as_ptr(),
                poses.as_ptr(),
                300,
                ptr::null(),
                0,
                results.as_mut_ptr(),
                statuses.as_mut_ptr(),
            );
            assert_nan_failure(status, "batch");
            assert!(last_error().starts_with("pair 1: "), "{}", last_error());
            let mut expected = vec![GJK_OK; 300];
            expected[1] = GJK_INVALID_ARGUMENT;
            assert_eq!(statuses, expected);
            // A scene large enough for the pool, the bad shape among good ones, and rounded.
            let mut rounded = ptr::null_mut();
            assert_eq!(gjk_rounded_new(bad, 0.25, &mut rounded), GJK_OK);
            let mut scene = a.clone();
            scene[150] = rounded;
            let mut list = ptr::null_mut();
            let status = gjk_pairs_within(
                scene.as_ptr(),
                poses.as_ptr(),
                300,
                1.0,
                ptr::null(),
                0,
                &mut list,
            );
            assert_nan_failure(status, "pairs within");
            assert!(list.is_null());
            let status = gjk_distance(rounded, ptr::null(), good, &far, &mut d);
            assert_nan_failure(status, "distance of the rounded shape");
            gjk_shape_free(rounded);
            gjk_shape_free(bad);
            gjk_shape_free(good);
        }
        assert_eq!(frees.load(Ordering::SeqCst), 1);
    }
}

/// A scene holding a callback shape runs on the calling thread, where its callbacks' answers
/// are watched (a batch watches each pair on the thread that runs it).
#[test]
fn scenes_with_callback_shapes_run_on_the_calling_thread() {
    let witness = Box::into_raw(Box::new(UserData {
        model: Model::Witness(Mutex::new(HashSet::new())),
        dimension: 3,
        frees: Arc::new(AtomicUsize::new(0)),
    }));
    let mut shape = ptr::null_mut();
    let status =
        unsafe { gjk_support_shape_new(3, Some(support), witness.cast(), None, &mut shape) };
    assert_eq!(status, GJK_OK);
    let ball = built_in(3, &Model::Ball(1.0));
    let mut scene = vec![ball.cast_const(); 300];
    scene[150] = shape;
    let mut list = ptr::null_mut();
    let status = unsafe {
        gjk_pairs_within(
            scene.as_ptr(),
            ptr::null(),
            scene.len(),
            0.0,
            ptr::null(),
            0,
            &mut list,
        )
    };
    assert_eq!(status, GJK_OK);
    assert_eq!(unsafe { gjk_pair_list_len(list) }, 300 * 299 / 2);
    let Model::Witness(threads) = &unsafe { &*witness }.model else {
        unreachable!()
    };
    let threads = threads.lock().unwrap().clone();
    assert_eq!(threads, HashSet::from([std::thread::current().id()]));
    unsafe {
        gjk_pair_list_free(list);
        gjk_shape_free(shape);
        gjk_shape_free(ball);
        drop(Box::from_raw(witness));
    }
}

/// The arguments of `gjk_support_shape_new` are checked, and the user data is freed once
/// whatever fails.
#[test]
fn bad_arguments_fail_and_free_the_user_data_once() {
    let attempt = |dimension: i32, with_support: bool, with_out: bool| {
        let frees = Arc::new(AtomicUsize::new(0));
        let data = Box::into_raw(Box::new(UserData {
            model: Model::Ball(1.0),
            dimension: 2,
            frees: frees.clone(),
        }));
        let mut shape = ptr::null_mut();
        let status = unsafe {
            gjk_support_shape_new(
                dimension,
                if with_support { Some(support) } else { None },
                data.cast(),
                Some(free),
                if with_out {
                    &mut shape
                } else {
                    ptr::null_mut()
                },
            )
        };
        assert_eq!(frees.load(Ordering::SeqCst), 1);
        (status, last_error())
    };
    assert_eq!(
        attempt(2, false, true),
        (GJK_NULL_POINTER, "support is NULL".into())
    );
    assert_eq!(
        attempt(2, true, false),
        (GJK_NULL_POINTER, "out is NULL".into())
    );
    let (status, message) = attempt(4, true, true);
    assert_eq!(status, GJK_INVALID_ARGUMENT);
    assert!(message.contains("dimension is 4"), "{message}");
    // Without a free function the data is left to the caller.
    let mut shape = ptr::null_mut();
    let status = unsafe { gjk_support_shape_new(2, None, ptr::null_mut(), None, &mut shape) };
    assert_eq!(status, GJK_NULL_POINTER);
}
