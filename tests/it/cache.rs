//! Warm starts (gjk::SimplexCache) against cold queries and against weak duality: pairs of every
//! kind moving a little each frame answer as the uncached queries do, with far fewer support
//! evaluations on polytopes; a cache taken from another pair changes no answer; an unmoved pair
//! costs one evaluation.

use crate::common::random::{for_random_pairs, world_support, Dims, RandomPair, Space};
use crate::common::Rng;
use gjk::shape::{ConvexHull, Shape};
use gjk::{
    distance_cached, distance_with, intersect_cached, intersect_with, DistanceResult, Pose,
    QueryOptions, SimplexCache, Vector,
};

/// `pose` moved by a small step, a translation of up to `step` per axis; every tenth frame
/// also a random turn about the shape's own origin: a jump the cache must survive.
fn nudged<const D: usize>(rng: &mut Rng, pose: &Pose<D>, step: f64) -> Pose<D>
where
    Dims: Space<D>,
{
    let shift =
        Pose::from_translation(Vector::<D>::from_fn(|_, _| rng.range(-step, step))).unwrap();
    let moved = shift * *pose;
    if rng.below(10) == 0 {
        moved * <Dims as Space<D>>::random_pose(rng, 0.0)
    } else {
        moved
    }
}

/// The distance query of A and B (of the given size) with `cache` against the query without:
/// the same verdict, the distances within 1e-9 (relative) and rounding of the pair's scale.
/// Returns the cold answer, the warm one and that tolerance.
fn warm_matches_cold<const D: usize>(
    what: &str,
    size: f64,
    (a, pose_a): (&Shape<D>, &Pose<D>),
    (b, pose_b): (&Shape<D>, &Pose<D>),
    cache: &mut SimplexCache<D>,
) -> (DistanceResult<D>, DistanceResult<D>, f64) {
    let options = QueryOptions::default();
    let cold = distance_with(a, pose_a, b, pose_b, &options).unwrap();
    let warm = distance_cached(a, pose_a, b, pose_b, &options, cache).unwrap();
    let scale = 20.0 * size + pose_a.translation().norm() + pose_b.translation().norm();
    let tolerance = 1e-9 * cold.distance + 64.0 * f64::EPSILON * scale;
    assert_eq!(warm.intersecting, cold.intersecting, "{what}");
    assert!(
        (warm.distance - cold.distance).abs() <= tolerance,
        "{what}: {warm:?} vs {cold:?}"
    );
    (cold, warm, tolerance)
}

fn coherent_frames<const D: usize>(seed: u64) -> (u64, u64)
where
    Dims: Space<D>,
{
    let mut rng = Rng::new(seed);
    let options = QueryOptions::default();
    let (mut cold_iterations, mut warm_iterations) = (0u64, 0u64);
    for pair in 0..150 {
        let RandomPair {
            size,
            a,
            b,
            mut pose_a,
            mut pose_b,
        } = RandomPair::<D>::new(&mut rng);
        let polytopes = matches!(a, Shape::ConvexHull(_)) && matches!(b, Shape::ConvexHull(_));
        let (mut cache, mut boolean_cache) = (SimplexCache::new(), SimplexCache::new());
        for frame in 0..60 {
            let what = format!("{D}D pair {pair} frame {frame} (size {size:e})");
            let (cold, warm, tolerance) =
                warm_matches_cold(&what, size, (&a, &pose_a), (&b, &pose_b), &mut cache);
            assert!(warm.lower_bound <= cold.distance + tolerance, "{what}");
            if !warm.intersecting {
                // Weak duality along the warm answer's own normal.
                let n = warm.normal;
                let separation = -world_support(&b, &pose_b, &-n) - world_support(&a, &pose_a, &n);
                assert!((separation - warm.distance).abs() <= tolerance, "{what}");
            }
            let hit = intersect_cached(&a, &pose_a, &b, &pose_b, &options, &mut boolean_cache);
            assert_eq!(
                hit.unwrap(),
                intersect_with(&a, &pose_a, &b, &pose_b, &options).unwrap(),
                "{what}"
            );
            if polytopes && frame > 0 {
                cold_iterations += u64::from(cold.iterations);
                warm_iterations += u64::from(warm.iterations);
            }
            pose_a = nudged(&mut rng, &pose_a, 0.002 * size);
            pose_b = nudged(&mut rng, &pose_b, 0.002 * size);
        }
    }
    (cold_iterations, warm_iterations)
}

/// [`coherent_frames`] from `seed`: the warm starts take fewer than half the cold queries'
/// iterations on polytopes.
fn warm_starts_save<const D: usize>(seed: u64)
where
    Dims: Space<D>,
{
    let (cold, warm) = coherent_frames::<D>(seed);
    println!("{D}D polytopes: {cold} cold iterations, {warm} warm");
    assert!(
        warm * 2 < cold,
        "warm starts save too little: {warm} vs {cold}"
    );
}

tests! {
    coherent_frames_answer_as_cold_queries_2d => warm_starts_save::<2>(31);
    coherent_frames_answer_as_cold_queries_3d => warm_starts_save::<3>(32);
}

/// A cache filled by one pair and used for another (even of other kinds) changes no answer.
fn foreign_caches<const D: usize>(seed: u64)
where
    Dims: Space<D>,
{
    let options = QueryOptions::default();
    let mut cache = SimplexCache::new();
    let mut case = 0;
    for_random_pairs::<D>(seed, 3000, |_, what, p| {
        let (size, a, b, pose_a, pose_b) = (p.size, p.a, p.b, p.pose_a, p.pose_b);
        let (cold, _, _) = warm_matches_cold(what, size, (&a, &pose_a), (&b, &pose_b), &mut cache);
        // The next case gets this pair's cache, and every other case a boolean one.
        if case % 2 == 0 {
            let hit = intersect_cached(&a, &pose_a, &b, &pose_b, &options, &mut cache).unwrap();
            assert_eq!(hit, cold.intersecting, "{what}");
        }
        case += 1;
    });
}

tests! {
    foreign_caches_change_no_answer_2d => foreign_caches::<2>(41);
    foreign_caches_change_no_answer_3d => foreign_caches::<3>(42);
}

/// Two boxes as point clouds, apart: once cached, the same query costs one support
/// evaluation, the one proving the remembered simplex optimal.
#[test]
fn an_unmoved_pair_costs_one_evaluation() {
    let corners: Vec<Vector<3>> = (0..8)
        .map(|i| Vector::<3>::new((i & 1) as f64, (i >> 1 & 1) as f64, (i >> 2 & 1) as f64))
        .collect();
    let cube = ConvexHull::new(corners).unwrap();
    let at = Pose::new_3d(
        nalgebra::Vector3::new(2.5, 0.3, 0.2),
        nalgebra::UnitQuaternion::from_euler_angles(0.1, 0.2, 0.3),
    )
    .unwrap();
    let options = QueryOptions::default();
    let mut cache = SimplexCache::new();
    let first =
        distance_cached(&cube, &Pose::identity(), &cube, &at, &options, &mut cache).unwrap();
    assert!(!cache.is_empty());
    let again =
        distance_cached(&cube, &Pose::identity(), &cube, &at, &options, &mut cache).unwrap();
    assert_eq!(again.distance, first.distance);
    assert_eq!(again.iterations, 1, "{first:?} then {again:?}");
    assert!(first.iterations > 2);
    // The boolean query of a separated pair fills its cache, and the warm query gives the same
    // verdict (its number of evaluations is not observable through the boolean API).
    let mut boolean = SimplexCache::new();
    assert!(
        !intersect_cached(&cube, &Pose::identity(), &cube, &at, &options, &mut boolean).unwrap()
    );
    let before = boolean;
    assert!(
        !intersect_cached(&cube, &Pose::identity(), &cube, &at, &options, &mut boolean).unwrap()
    );
    assert!(!before.is_empty());
    cache.clear();
    assert!(cache.is_empty());
}
