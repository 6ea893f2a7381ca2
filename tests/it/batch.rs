//! Batches and `pairs_within` against the single-pair calls: batch results identical bit for
//! bit to the single calls, `pairs_within` identical to brute force over all pairs (random
//! scenes of mixed 2D shapes and of 3D shapes, and pairs exactly at the separation), the same
//! answers on one thread and on two, and the errors of the Rust API and of the C ABI.

use crate::common::ffi::{last_error, new_shape, Handle};
use crate::common::Rng;
use gjk::batch::{
    distance_batch, intersect_batch, pairs_within, BatchOptions, PairDistance, PairsError, Placed,
};
use gjk::ffi::*;
use gjk::shape::{Ball, Capsule, ConvexHull, Cuboid, Ellipsoid, Point, Segment, Shape};
use gjk::{distance_with, intersect_with, DistanceResult, Pose, QueryOptions, Vector};
use nalgebra::{UnitQuaternion, Vector3};

/// A random shape within `size` of the kinds the batches are tested on: balls, boxes,
/// ellipsoids, capsules (along x in 2D, z in 3D), segments, points (in 2D) and hulls of up to 8
/// points in 2D, 12 in 3D.
fn random<const D: usize>(rng: &mut Rng, size: f64) -> Shape<D> {
    let v = |rng: &mut Rng| Vector::<D>::from_fn(|_, _| rng.range(-size, size));
    let (kinds, axis, most) = if D == 2 { (7, 0, 8) } else { (6, 2, 12) };
    match rng.below(kinds) {
        0 => Shape::Ball(Ball::new(rng.range(0.0, size)).unwrap()),
        1 => Shape::Cuboid(Cuboid::new(v(rng).abs()).unwrap()),
        2 => Shape::Ellipsoid(Ellipsoid::new(v(rng).abs()).unwrap()),
        3 => Shape::Capsule(
            Capsule::along_axis(axis, rng.range(0.0, size), rng.range(0.0, size)).unwrap(),
        ),
        4 => Shape::Segment(Segment::new(v(rng), v(rng)).unwrap()),
        5 if D == 2 => Shape::Point(Point::new(v(rng)).unwrap()),
        _ => {
            let n = 1 + rng.below(most);
            Shape::ConvexHull(ConvexHull::new((0..n).map(|_| v(rng)).collect()).unwrap())
        }
    }
}

fn pose_2d(rng: &mut Rng, extent: f64) -> Pose<2> {
    Pose::new_2d(
        rng.range(0.0, extent),
        rng.range(0.0, extent),
        rng.range(-3.2, 3.2),
    )
    .unwrap()
}

fn pose_3d(rng: &mut Rng, extent: f64) -> Pose<3> {
    let axis = Vector3::from_fn(|_, _| rng.range(-1.0, 1.0));
    let rotation = UnitQuaternion::from_scaled_axis(axis * 3.0);
    let position = Vector3::from_fn(|_, _| rng.range(0.0, extent));
    Pose::new_3d(position, rotation).unwrap()
}

/// `count` random scenes (seeded by `seed`) of `first`, `first + step`, ... shapes within 1.5,
/// placed by `place` within `extent`, with the number of each.
fn scenes<const D: usize>(
    seed: u64,
    count: usize,
    (first, step): (usize, usize),
    place: fn(&mut Rng, f64) -> Pose<D>,
    extent: f64,
) -> Vec<(usize, Vec<(Shape<D>, Pose<D>)>)> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|scene| {
            let n = first + step * scene;
            let shapes: Vec<Shape<D>> = (0..n).map(|_| random(&mut rng, 1.5)).collect();
            let placed = shapes
                .into_iter()
                .map(|s| (s, place(&mut rng, extent)))
                .collect();
            (scene, placed)
        })
        .collect()
}

/// The bits of every number of a distance result, to compare results exactly.
fn bits<const D: usize>(r: &DistanceResult<D>) -> Vec<u64> {
    let mut out = vec![r.distance.to_bits(), r.lower_bound.to_bits()];
    for v in [&r.point_a, &r.point_b, &r.normal] {
        out.extend(v.iter().map(|x| x.to_bits()));
    }
    out.push(u64::from(r.iterations));
    out.push(u64::from(r.intersecting));
    out
}

/// Brute force: the distance query of every pair i < j, kept when within `separation`.
fn brute_force<const D: usize>(
    objects: &[Placed<'_, Shape<D>, D>],
    separation: f64,
) -> Vec<PairDistance<D>> {
    let mut found = Vec::new();
    for i in 0..objects.len() {
        for j in i + 1..objects.len() {
            let (a, b) = (&objects[i], &objects[j]);
            let result =
                distance_with(a.shape, &a.pose, b.shape, &b.pose, &QueryOptions::default())
                    .unwrap();
            if gjk::batch::within_separation(&result, separation) {
                found.push(PairDistance { i, j, result });
            }
        }
    }
    found
}

fn assert_same_pairs<const D: usize>(got: &[PairDistance<D>], expected: &[PairDistance<D>]) {
    let ij = |p: &[PairDistance<D>]| p.iter().map(|p| (p.i, p.j)).collect::<Vec<_>>();
    assert_eq!(ij(got), ij(expected));
    for (g, e) in got.iter().zip(expected) {
        assert_eq!(bits(&g.result), bits(&e.result), "pair ({}, {})", g.i, g.j);
    }
}

fn options(threads: usize) -> BatchOptions {
    BatchOptions {
        threads,
        ..BatchOptions::default()
    }
}

#[test]
fn distance_and_intersect_batches_equal_the_single_calls_bit_for_bit() {
    let mut rng = Rng::new(7);
    let shapes: Vec<Shape<2>> = (0..400).map(|_| random(&mut rng, 2.0)).collect();
    let poses: Vec<Pose<2>> = (0..400).map(|_| pose_2d(&mut rng, 8.0)).collect();
    let pairs: Vec<_> = (0..200)
        .map(|k| {
            (
                Placed::new(&shapes[2 * k], poses[2 * k]),
                Placed::new(&shapes[2 * k + 1], poses[2 * k + 1]),
            )
        })
        .collect();
    let q = QueryOptions::default();
    for threads in [0, 1, 2] {
        let distances = distance_batch(&pairs, &options(threads));
        let hits = intersect_batch(&pairs, &options(threads));
        assert_eq!(distances.len(), pairs.len());
        for (k, (a, b)) in pairs.iter().enumerate() {
            let single = distance_with(a.shape, &a.pose, b.shape, &b.pose, &q).unwrap();
            assert_eq!(
                bits(distances[k].as_ref().unwrap()),
                bits(&single),
                "pair {k}"
            );
            let hit = intersect_with(a.shape, &a.pose, b.shape, &b.pose, &q).unwrap();
            assert_eq!(*hits[k].as_ref().unwrap(), hit, "pair {k}");
        }
    }
    assert!(distance_batch::<2, Shape<2>>(&[], &options(0)).is_empty());
}

#[test]
fn pairs_within_equals_brute_force_on_mixed_2d_scenes() {
    for (scene, placed) in scenes::<2>(11, 4, (150, 50), pose_2d, 40.0) {
        let objects: Vec<_> = placed.iter().map(|(s, p)| Placed::new(s, *p)).collect();
        for separation in [0.0, 0.5, 3.0] {
            let expected = brute_force(&objects, separation);
            let one = pairs_within(&objects, separation, &options(1)).unwrap();
            let two = pairs_within(&objects, separation, &options(2)).unwrap();
            assert_same_pairs(&one, &expected);
            assert_same_pairs(&two, &expected);
            if separation == 3.0 {
                assert!(expected.len() > 20, "scene {scene}: too few pairs to test");
            }
        }
    }
}

#[test]
fn pairs_within_equals_brute_force_on_3d_scenes() {
    for (scene, placed) in scenes::<3>(13, 3, (120, 40), pose_3d, 15.0) {
        let objects: Vec<_> = placed.iter().map(|(s, p)| Placed::new(s, *p)).collect();
        for separation in [0.0, 1.0] {
            let expected = brute_force(&objects, separation);
            let got = pairs_within(&objects, separation, &options(2)).unwrap();
            assert_same_pairs(&got, &expected);
            assert!(!expected.is_empty(), "scene {scene}: no pair to test");
        }
    }
}

/// Rectangles and boxes at integer coordinates exactly `separation` apart are kept; those
/// beyond are not.
#[test]
fn pairs_exactly_at_the_separation_are_kept() {
    let square = Shape::Cuboid(Cuboid::new(Vector::<2>::new(0.5, 0.5)).unwrap());
    let grid: Vec<_> = (0..10)
        .flat_map(|x| (0..10).map(move |y| (x, y)))
        .map(|(x, y)| {
            let pose = Pose::new_2d(3.0 * f64::from(x), 3.0 * f64::from(y), 0.0).unwrap();
            Placed::new(&square, pose)
        })
        .collect();
    // Neighbours in a row or column are 2 apart, diagonal neighbours 2 * sqrt(2).
    let found = pairs_within(&grid, 2.0, &options(2)).unwrap();
    assert_eq!(found.len(), 2 * 10 * 9);
    assert!(found.iter().all(|p| p.result.distance == 2.0));
    assert_same_pairs(&found, &brute_force(&grid, 2.0));
    assert!(pairs_within(&grid, 1.999_999_999, &options(2))
        .unwrap()
        .is_empty());
    assert_eq!(
        pairs_within(&grid, 2.0 * 2f64.sqrt(), &options(2))
            .unwrap()
            .len(),
        2 * 10 * 9 + 2 * 9 * 9
    );

    let cube = Shape::Cuboid(Cuboid::new(Vector::<3>::new(1.0, 1.0, 1.0)).unwrap());
    let stack: Vec<_> = (0..5)
        .flat_map(|x| (0..5).flat_map(move |y| (0..5).map(move |z| (x, y, z))))
        .map(|(x, y, z)| {
            let at = Vector3::new(f64::from(x), f64::from(y), f64::from(z)) * 5.0;
            Placed::new(&cube, Pose::from_translation(at).unwrap())
        })
        .collect();
    let found = pairs_within(&stack, 3.0, &options(0)).unwrap();
    assert_eq!(found.len(), 3 * 25 * 4);
    assert_same_pairs(&found, &brute_force(&stack, 3.0));
    // Touching cubes (separation 0) at the same spacing: none; shifted to touch: all faces.
    assert!(pairs_within(&stack, 0.0, &options(0)).unwrap().is_empty());
}

#[test]
fn pairs_within_rejects_bad_separations_and_options() {
    let ball = Shape::Ball(Ball::<2>::new(1.0).unwrap());
    let objects = vec![Placed::new(&ball, Pose::identity()); 3];
    for bad in [f64::NAN, -1.0, f64::INFINITY] {
        let err = pairs_within(&objects, bad, &options(0)).unwrap_err();
        assert!(matches!(err, PairsError::InvalidSeparation(_)));
        assert!(err.to_string().contains("separation"), "{err}");
    }
    let bad_options = BatchOptions {
        query: QueryOptions {
            relative_tolerance: 2.0,
            max_iterations: 10,
            exact: false,
        },
        threads: 0,
    };
    assert!(matches!(
        pairs_within(&objects, 0.0, &bad_options),
        Err(PairsError::InvalidOptions(_))
    ));
    assert!(pairs_within::<2, Shape<2>>(&[], 1.0, &options(0))
        .unwrap()
        .is_empty());
    assert_eq!(pairs_within(&objects, 0.0, &options(0)).unwrap().len(), 3);
}

/// The signature the C batch calls share, their results of type `R`.
type CBatch<R> = unsafe extern "C" fn(
    *const *const GjkShape,
    *const GjkPose,
    *const *const GjkShape,
    *const GjkPose,
    usize,
    *const GjkQueryOptions,
    u32,
    *mut R,
    *mut GjkStatus,
) -> GjkStatus;

/// One call of the C batch function `call` over the pairs (a[k], b[k]) at (pa[k], pb[k]): its
/// status, the results and the pairs' statuses (-1 where it wrote none).
///
/// # Safety
/// As `call`'s: the shapes are live (or NULL where a test says so).
unsafe fn c_batch<R: Clone + Default>(
    call: CBatch<R>,
    a: &[*const GjkShape],
    pa: &[GjkPose],
    b: &[*const GjkShape],
    pb: &[GjkPose],
    options: *const GjkQueryOptions,
    threads: u32,
) -> (GjkStatus, Vec<R>, Vec<GjkStatus>) {
    let n = a.len();
    let mut results = vec![R::default(); n];
    let mut statuses = vec![-1; n];
    let status = call(
        a.as_ptr(),
        pa.as_ptr(),
        b.as_ptr(),
        pb.as_ptr(),
        n,
        options,
        threads,
        results.as_mut_ptr(),
        statuses.as_mut_ptr(),
    );
    (status, results, statuses)
}

/// The signature the C single-pair calls share, their result of type `R`.
type CSingle<R> = unsafe extern "C" fn(
    *const GjkShape,
    *const GjkPose,
    *const GjkShape,
    *const GjkPose,
    *mut R,
) -> GjkStatus;

/// The result of the single-pair C call `call` on `a` and `b` at `pa` and `pb`, which must
/// return `GJK_OK`.
unsafe fn c_single<R: Default>(
    call: CSingle<R>,
    a: *const GjkShape,
    pa: &GjkPose,
    b: *const GjkShape,
    pb: &GjkPose,
) -> R {
    let mut out = R::default();
    assert_eq!(call(a, pa, b, pb, &mut out), GJK_OK);
    out
}

/// `n` shapes made through the C ABI by `new(k, out)` (which must return `GJK_OK`): their
/// handles, which free them when dropped, and their pointers, as the batch calls take them.
unsafe fn c_shapes(
    n: u32,
    new: impl Fn(u32, *mut *mut GjkShape) -> GjkStatus,
) -> (Vec<Handle>, Vec<*const GjkShape>) {
    let handles: Vec<Handle> = (0..n).map(|k| new_shape(|out| new(k, out))).collect();
    let shapes = handles.iter().map(|h| h.0.cast_const()).collect();
    (handles, shapes)
}

/// The C ABI's batches write what the single calls write, and report bad pairs by index.
#[test]
fn c_batches_equal_single_calls_and_name_failing_pairs() {
    unsafe {
        let (handles, shapes) = c_shapes(100, |k, out| match k % 3 {
            0 => gjk_circle_new(0.5 + f64::from(k % 7) * 0.1, out),
            1 => gjk_rectangle_new(0.7, 0.3, out),
            _ => gjk_stadium_new(0.5, 0.25, out),
        });
        let poses: Vec<GjkPose> = (0..100)
            .map(|k| {
                gjk_pose_2d(
                    f64::from(k % 10) * 1.1,
                    f64::from(k / 10) * 0.9,
                    0.1 * f64::from(k),
                )
            })
            .collect();
        let (a, b) = (&shapes[..50], &shapes[50..]);
        let (pa, pb) = (&poses[..50], &poses[50..]);
        c_batches_equal_single_calls(a, pa, b, pb);
        let sphere = new_shape(|out| gjk_sphere_new(1.0, out));
        c_batch_names_bad_pairs(a, pa, b, pb, sphere.0);
        c_pairs_within_equal_brute_force(&shapes, &poses);
        c_pairs_within_refuse_bad_shapes(&shapes, sphere.0);
        // The shapes are freed as `handles` and `sphere` drop.
        drop((handles, sphere));
    }
}

/// The distance and intersection batches of the 2D pairs (`a[k]` at `pa[k]`, `b[k]` at
/// `pb[k]`) on 0, 1 and 2 threads equal the single calls, to the bit.
unsafe fn c_batches_equal_single_calls(
    a: &[*const GjkShape],
    pa: &[GjkPose],
    b: &[*const GjkShape],
    pb: &[GjkPose],
) {
    let n = a.len();
    for threads in [0, 1, 2] {
        let (status, results, statuses) =
            c_batch(gjk_distance_batch, a, pa, b, pb, std::ptr::null(), threads);
        assert_eq!(status, GJK_OK);
        assert!(statuses.iter().all(|s| *s == GJK_OK));
        // The statuses are optional: NULL here.
        let mut hits = vec![false; n];
        let status = gjk_intersect_batch(
            a.as_ptr(),
            pa.as_ptr(),
            b.as_ptr(),
            pb.as_ptr(),
            n,
            std::ptr::null(),
            threads,
            hits.as_mut_ptr(),
            std::ptr::null_mut(),
        );
        assert_eq!(status, GJK_OK);
        for k in 0..n {
            let single = c_single(gjk_distance, a[k], &pa[k], b[k], &pb[k]);
            assert_eq!(format!("{:?}", results[k]), format!("{single:?}"));
            assert_eq!(results[k].distance.to_bits(), single.distance.to_bits());
            let hit = c_single(gjk_intersect, a[k], &pa[k], b[k], &pb[k]);
            assert_eq!(hits[k], hit);
        }
    }
}

/// A NULL shape at pair 7 and the 3D `sphere` at pair 9 of the 50 pairs: reported by index,
/// the others answered.
unsafe fn c_batch_names_bad_pairs(
    a: &[*const GjkShape],
    pa: &[GjkPose],
    b: &[*const GjkShape],
    pb: &[GjkPose],
    sphere: *const GjkShape,
) {
    let mut bad = b.to_vec();
    bad[7] = std::ptr::null();
    bad[9] = sphere;
    let (status, results, statuses) =
        c_batch(gjk_distance_batch, a, pa, &bad, pb, std::ptr::null(), 2);
    assert_eq!(status, GJK_NULL_POINTER);
    assert_eq!(last_error(), "pair 7: shape b is NULL");
    assert_eq!(statuses[7], GJK_NULL_POINTER);
    assert_eq!(statuses[9], GJK_DIMENSION_MISMATCH);
    assert_eq!(statuses.iter().filter(|s| **s == GJK_OK).count(), 48);
    assert!(results[8].distance > 0.0 || results[8].intersecting);
}

/// Scenes: the list of the pairs of `shapes` at `poses` within 0.3 equals brute force through
/// gjk_distance, and is read whole or by index.
unsafe fn c_pairs_within_equal_brute_force(shapes: &[*const GjkShape], poses: &[GjkPose]) {
    let n = shapes.len();
    let mut list = std::ptr::null_mut();
    assert_eq!(
        gjk_pairs_within(
            shapes.as_ptr(),
            poses.as_ptr(),
            n,
            0.3,
            std::ptr::null(),
            2,
            &mut list
        ),
        GJK_OK
    );
    let mut expected = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let mut r = GjkDistanceResult::default();
            assert_eq!(
                gjk_distance(shapes[i], &poses[i], shapes[j], &poses[j], &mut r),
                GJK_OK
            );
            if r.distance <= 0.3 {
                expected.push(GjkPair { i, j, result: r });
            }
        }
    }
    assert!(!expected.is_empty());
    assert_eq!(gjk_pair_list_len(list), expected.len());
    let mut all = vec![GjkPair::default(); expected.len()];
    assert_eq!(
        gjk_pair_list_copy(list, 0, all.len(), all.as_mut_ptr()),
        GJK_OK
    );
    assert_eq!(format!("{all:?}"), format!("{expected:?}"));
    let mut one = GjkPair::default();
    assert_eq!(gjk_pair_list_get(list, 0, &mut one), GJK_OK);
    assert_eq!(one, expected[0]);
    assert_eq!(
        gjk_pair_list_get(list, expected.len(), &mut one),
        GJK_INVALID_ARGUMENT
    );
    assert!(last_error().contains("out of range"), "{}", last_error());
    gjk_pair_list_free(list);
}

/// The 3D `sphere` or NULL in place of `shapes[42]` (2D): refused by index, no list.
unsafe fn c_pairs_within_refuse_bad_shapes(shapes: &[*const GjkShape], sphere: *const GjkShape) {
    let refused = [
        (
            sphere,
            GJK_DIMENSION_MISMATCH,
            "shapes[42] is 3D but shapes[0] is 2D: all shapes of a scene share a dimension",
        ),
        (std::ptr::null(), GJK_NULL_POINTER, "shapes[42] is NULL"),
    ];
    for (bad, expected, message) in refused {
        let mut list = std::ptr::null_mut();
        let mut mixed = shapes.to_vec();
        mixed[42] = bad;
        let (poses, options) = (std::ptr::null(), std::ptr::null());
        let status = gjk_pairs_within(
            mixed.as_ptr(),
            poses,
            shapes.len(),
            0.0,
            options,
            0,
            &mut list,
        );
        assert_eq!(status, expected, "{message}");
        assert_eq!(last_error(), message);
        assert!(list.is_null(), "{message}");
    }
}

/// Two points 5e-324 apart with a separation of 5e-324 (found by fuzzing the C ABI,
/// fuzz/regressions/crash-672392e9…): each box was grown by half the separation, which rounds
/// to 0, and the pair was missed though its distance is within the separation.
#[test]
fn pairs_within_a_subnormal_separation() {
    let point = gjk::shape::Point::new(Vector::<2>::zeros()).unwrap();
    let tiny = 5e-324;
    let objects = [
        Placed::new(
            &point,
            Pose::from_translation(Vector::<2>::new(0.0, tiny)).unwrap(),
        ),
        Placed::new(&point, Pose::identity()),
    ];
    let pairs = pairs_within(&objects, tiny, &options(1)).unwrap();
    assert_eq!(pairs.len(), 1, "{pairs:?}");
    assert_eq!(pairs[0].result.distance, tiny);
}

/// The C ABI's penetration batch writes what `gjk_penetration` writes, bit for bit, on 3D
/// pairs of every kind (overlapping and apart, on 1 to 2 threads and from 128 pairs on the
/// pool), reports a NULL shape by index, and writes the best answer of a pair that hits the
/// iteration cap with its status.
#[test]
fn c_penetration_batch_equals_the_single_calls() {
    unsafe {
        let (handles, shapes) = c_shapes(400, |k, out| match k % 4 {
            0 => gjk_sphere_new(0.5 + f64::from(k % 7) * 0.1, out),
            1 => gjk_box_new(0.7, 0.3, 0.4, out),
            2 => gjk_capsule_new(0.5, 0.25, out),
            _ => gjk_ellipsoid_new(0.6, 0.4, 0.3, out),
        });
        let mut rng = Rng::new(41);
        let poses: Vec<GjkPose> = (0..400)
            .map(|_| {
                let q = UnitQuaternion::from_euler_angles(
                    rng.range(-3.0, 3.0),
                    rng.range(-3.0, 3.0),
                    rng.range(-3.0, 3.0),
                );
                let t = [0.0; 3].map(|_: f64| rng.range(-1.5, 1.5));
                gjk_pose_3d(t.as_ptr(), [q.i, q.j, q.k, q.w].as_ptr())
            })
            .collect();
        let (a, b) = (&shapes[..200], &shapes[200..]);
        let (pa, pb) = (&poses[..200], &poses[200..]);
        let mut overlapping = 0;
        for threads in [1, 2, 0] {
            let (status, results, statuses) = c_batch(
                gjk_penetration_batch,
                a,
                pa,
                b,
                pb,
                std::ptr::null(),
                threads,
            );
            assert_eq!(status, GJK_OK);
            assert!(statuses.iter().all(|s| *s == GJK_OK));
            for k in 0..200 {
                let single = c_single(gjk_penetration, a[k], &pa[k], b[k], &pb[k]);
                assert_eq!(format!("{:?}", results[k]), format!("{single:?}"));
                assert_eq!(
                    results[k].signed_distance.to_bits(),
                    single.signed_distance.to_bits()
                );
                overlapping += usize::from(single.signed_distance < 0.0);
            }
        }
        assert!(
            overlapping > 60 && overlapping < 540,
            "{overlapping} overlapping"
        );

        let mut bad = b.to_vec();
        bad[7] = std::ptr::null();
        let capped = GjkQueryOptions {
            max_iterations: 1,
            ..gjk_query_options_default()
        };
        let (status, results, statuses) =
            c_batch(gjk_penetration_batch, a, pa, &bad, pb, &capped, 1);
        assert_eq!(status, GJK_NULL_POINTER);
        assert_eq!(last_error(), "pair 7: shape b is NULL");
        assert_eq!(statuses[7], GJK_NULL_POINTER);
        let capped_pairs: Vec<usize> = (0..200)
            .filter(|&k| statuses[k] == GJK_NO_CONVERGENCE)
            .collect();
        assert!(!capped_pairs.is_empty());
        for k in capped_pairs {
            let mut single = GjkPenetrationResult::default();
            let status = gjk_penetration_ex(a[k], &pa[k], b[k], &pb[k], &capped, &mut single);
            assert_eq!(status, GJK_NO_CONVERGENCE);
            assert_eq!(format!("{:?}", results[k]), format!("{single:?}"));
        }
        drop(handles);
    }
}
