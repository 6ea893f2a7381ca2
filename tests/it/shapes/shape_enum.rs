//! Queries on the `Shape` enum answer exactly as they did when they matched its kind at every
//! support point.
//!
//! The queries match an enum's kind once and run on the concrete shape (a hull) or on the
//! enum (the other kinds), rather than matching at every support point (see
//! `Support::as_any`). Each query here (cold, and warm with the cache it leaves) runs on random
//! pairs of every kind three ways: on the enums; on the enums hidden behind a plain support
//! function, which the queries cannot tell from any user shape and so search through the
//! enum's kind at every support point (as before); and on the enums behind `&dyn Support`.
//! The answers and the caches must agree to the last bit (compared as their `Debug` text,
//! which tells -0 from 0), iteration counts included: a hull searched as itself must take the
//! route the enum forwarding to it takes (seen to fail with the enum's inner point dropped).
//! Two small polygons are the exception: the enums' cold queries are answered by the exact
//! polygon kernel, the hidden ones by GJK, and those agree within the tolerance.
//!
//! All three go through the queries' own match, so a fault common to every branch of it (a
//! pose lost, the shapes swapped) cannot show here: the oracle tests, which run on the enums
//! (tests/it/distance/properties.rs against the shapes' support functions, seen to fail with B placed by
//! A's pose), catch those.

use crate::common::random::{random_vector, Dims, RandomPair, Space};
use crate::common::{assert_agree, small_polygons, Rng};
use gjk::shape::Shape;
use gjk::{
    distance_cached, distance_with, intersect_cached, intersect_with, penetration_with,
    ray_cast_with, shape_cast_with, CastOptions, Pose, QueryOptions, SimplexCache, SmoothParts,
    Support, Vector,
};

/// The enum seen only through its support function: the queries cannot tell it is the enum,
/// and match its kind at every support point (as they all did before matching it once).
struct Hidden<'s, const D: usize>(&'s Shape<D>);

impl<const D: usize> Support<D> for Hidden<'_, D> {
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        self.0.support(dir)
    }
    fn center(&self) -> Vector<D> {
        self.0.center()
    }
    fn extent(&self) -> f64 {
        self.0.extent()
    }
    fn margin(&self) -> f64 {
        self.0.margin()
    }
    fn support_rounding(&self) -> f64 {
        self.0.support_rounding()
    }
    fn core_extent(&self) -> f64 {
        self.0.core_extent()
    }
    fn core_support(&self, dir: &Vector<D>) -> Vector<D> {
        self.0.core_support(dir)
    }
    fn core_support_indexed(&self, dir: &Vector<D>) -> (Vector<D>, Option<u32>) {
        self.0.core_support_indexed(dir)
    }
    fn core_vertex(&self, index: u32) -> Option<Vector<D>> {
        self.0.core_vertex(index)
    }
    fn core_inner_point(&self) -> Option<Vector<D>> {
        self.0.core_inner_point()
    }
    fn core_smooth_parts(&self, dir: &Vector<D>) -> Option<SmoothParts<D>> {
        self.0.core_smooth_parts(dir)
    }
}

/// The answers of every pair query on `a` and `b`, as text, and the simplex caches the warm
/// queries leave (which name the route a search took: the vertices and inner points it used,
/// where the boolean query's answer alone would not tell).
fn answers<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    velocity: &Vector<D>,
) -> [String; 6]
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let options = QueryOptions::default();
    let cast = CastOptions::default();
    let at_rest = Vector::<D>::zeros();
    let (mut for_distance, mut for_verdict) = (SimplexCache::new(), SimplexCache::new());
    let cached_distance = distance_cached(a, pose_a, b, pose_b, &options, &mut for_distance);
    let cached_verdict = intersect_cached(a, pose_a, b, pose_b, &options, &mut for_verdict);
    [
        format!("{:?}", distance_with(a, pose_a, b, pose_b, &options)),
        format!("{:?}", intersect_with(a, pose_a, b, pose_b, &options)),
        format!("{:?}", penetration_with(a, pose_a, b, pose_b, &options)),
        format!(
            "{:?}",
            shape_cast_with(a, pose_a, &at_rest, b, pose_b, velocity, &cast)
        ),
        format!("{cached_distance:?} {for_distance:?}"),
        format!("{cached_verdict:?} {for_verdict:?}"),
    ]
}

/// The ray cast's answer on `shape`, as text.
fn ray<const D: usize, S: Support<D> + ?Sized>(
    shape: &S,
    pose: &Pose<D>,
    origin: &Vector<D>,
    direction: &Vector<D>,
) -> String {
    let options = QueryOptions::default();
    format!(
        "{:?}",
        ray_cast_with(shape, pose, origin, direction, f64::INFINITY, &options)
    )
}

fn agree_on_random_pairs<const D: usize>(seed: u64, pairs: usize)
where
    Dims: Space<D>,
{
    let mut rng = Rng::new(seed);
    let (mut hulls, mut polygon_pairs) = (0, 0);
    for i in 0..pairs {
        let p = RandomPair::<D>::new(&mut rng);
        // B moves back towards A, past it: most casts hit.
        let velocity = (p.pose_a.translation() - p.pose_b.translation()) * 2.0
            + random_vector::<D>(&mut rng, p.size);
        let on_enums = answers(&p.a, &p.pose_a, &p.b, &p.pose_b, &velocity);
        let on_hidden = answers(
            &Hidden(&p.a),
            &p.pose_a,
            &Hidden(&p.b),
            &p.pose_b,
            &velocity,
        );
        let (dyn_a, dyn_b): (&dyn Support<D>, &dyn Support<D>) = (&p.a, &p.b);
        let on_dyn = answers(dyn_a, &p.pose_a, dyn_b, &p.pose_b, &velocity);
        if small_polygons(&p.a, &p.b) {
            // The enums' cold queries (and a shape cast's depth when it starts within) are the
            // exact polygon kernel's, the hidden ones GJK's and EPA's: they agree within the
            // tolerance; the warm queries search alike.
            assert_eq!(
                on_enums[4..],
                on_hidden[4..],
                "pair {i}: {:?} vs {:?}",
                p.a,
                p.b
            );
            kernel_agrees_with_search(&p, &velocity, i);
            polygon_pairs += 1;
        } else {
            assert_eq!(on_enums, on_hidden, "pair {i}: {:?} vs {:?}", p.a, p.b);
        }
        assert_eq!(
            on_dyn, on_enums,
            "pair {i} behind dyn: {:?} vs {:?}",
            p.a, p.b
        );

        let origin = *p.pose_b.translation();
        let direction = p.pose_a.translation() - origin + random_vector::<D>(&mut rng, p.size);
        if direction.iter().any(|x| *x != 0.0) {
            assert_eq!(
                ray(&p.a, &p.pose_a, &origin, &direction),
                ray(&Hidden(&p.a), &p.pose_a, &origin, &direction),
                "ray {i} on {:?}",
                p.a
            );
        }
        hulls += usize::from(matches!(p.a, Shape::ConvexHull(_)));
    }
    assert!(hulls > pairs / 20, "only {hulls} hulls among {pairs} pairs");
    if D == 2 {
        assert!(
            polygon_pairs > 10,
            "only {polygon_pairs} pairs of small polygons"
        );
    }
}

/// On two small polygons, the enums' distance query (the exact polygon kernel's) against GJK's
/// on the same shapes hidden behind their support functions; the boolean and penetration
/// queries' verdicts against the distance query's.
fn kernel_agrees_with_search<const D: usize>(p: &RandomPair<D>, velocity: &Vector<D>, i: usize) {
    let options = QueryOptions::default();
    let kernel = distance_with(&p.a, &p.pose_a, &p.b, &p.pose_b, &options).unwrap();
    let (hidden_a, hidden_b) = (Hidden(&p.a), Hidden(&p.b));
    let search = distance_with(&hidden_a, &p.pose_a, &hidden_b, &p.pose_b, &options).unwrap();
    let scale = 20.0 * p.size + p.pose_a.translation().norm() + p.pose_b.translation().norm();
    assert_eq!(kernel.iterations, 0, "pair {i}");
    assert_agree(&kernel, &search, scale, &format!("pair {i}"));
    let verdict = intersect_with(&p.a, &p.pose_a, &p.b, &p.pose_b, &options);
    assert_eq!(verdict, Ok(kernel.intersecting), "pair {i}");
    let depth = penetration_with(&p.a, &p.pose_a, &p.b, &p.pose_b, &options).unwrap();
    assert_eq!(depth.intersecting, kernel.intersecting, "pair {i}");
    if !kernel.intersecting {
        assert_eq!(depth.signed_distance, kernel.distance, "pair {i}");
    }
    // A shape cast that starts within reports the penetration query's depth.
    let cast = CastOptions::default();
    let at_rest = Vector::<D>::zeros();
    let cast_of = |a: &dyn Support<D>, b: &dyn Support<D>| {
        shape_cast_with(a, &p.pose_a, &at_rest, b, &p.pose_b, velocity, &cast).unwrap()
    };
    let (on_kernel, on_search) = (cast_of(&p.a, &p.b), cast_of(&hidden_a, &hidden_b));
    assert_eq!(
        on_kernel.map(|h| (h.t, h.started_within)),
        on_search.map(|h| (h.t, h.started_within)),
        "pair {i}"
    );
    if let (Some(k), Some(s)) = (on_kernel, on_search) {
        assert!(
            (k.signed_distance - s.signed_distance).abs() <= 1e-9 * scale,
            "pair {i}: cast {k:?} vs {s:?}"
        );
    }
    // The kernel's exact depth against EPA's on the hidden shapes.
    let epa = penetration_with(&hidden_a, &p.pose_a, &hidden_b, &p.pose_b, &options).unwrap();
    if depth.intersecting && epa.intersecting {
        let allowance = 1e-9 * scale;
        assert!(
            (depth.signed_distance - epa.signed_distance).abs() <= allowance,
            "pair {i}: {depth:?} vs EPA's {epa:?}"
        );
    }
}

tests! {
    enums_answer_as_their_kinds_2d => agree_on_random_pairs::<2>(0xe0_0002, 1500);
    enums_answer_as_their_kinds_3d => agree_on_random_pairs::<3>(0xe0_0003, 1500);
}

/// A user shape that wraps the enum and says it is one: `as_any` answers itself, which is not
/// the enum, so the queries take it as it is (its own support function).
struct Wrapped(Shape<3>);

impl Support<3> for Wrapped {
    fn support(&self, dir: &Vector<3>) -> Vector<3> {
        // Shifted, so that an answer taken from the enum inside would differ.
        self.0.support(dir) + Vector::<3>::new(1.0, 0.0, 0.0)
    }
    fn center(&self) -> Vector<3> {
        self.0.center() + Vector::<3>::new(1.0, 0.0, 0.0)
    }
    fn extent(&self) -> f64 {
        self.0.extent()
    }
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }
}

#[test]
fn a_shape_that_is_not_the_enum_is_taken_as_itself() {
    let ball = Shape::Ball(gjk::shape::Ball::new(1.0).unwrap());
    let wrapped = Wrapped(ball.clone());
    let id = Pose::<3>::identity();
    let at = Pose::<3>::new_3d(
        Vector::<3>::new(3.5, 0.0, 0.0),
        nalgebra::UnitQuaternion::identity(),
    )
    .unwrap();
    // The wrapped ball reaches from x = 0 to 2, 0.5 short of the ball at 3.5 (radius 1); the
    // ball itself, at the origin, is 1.5 short of it.
    let d = distance_with(&wrapped, &id, &ball, &at, &QueryOptions::default()).unwrap();
    assert!((d.distance - 0.5).abs() < 1e-12, "{}", d.distance);
    let d = distance_with(&ball, &id, &ball, &at, &QueryOptions::default()).unwrap();
    assert!((d.distance - 1.5).abs() < 1e-12, "{}", d.distance);
}
