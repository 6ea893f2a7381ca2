//! Properties every answer must have, over random mixed shapes (every kind, sizes from 1e-6 to
//! 1e6, random poses) in 2D and 3D. The oracle is weak duality: for the reported normal `n`,
//! the support functions give the separation `min_B n.b - max_A n.a`, a lower bound on the
//! distance that equals it exactly when the answer is optimal.

use crate::common::random::{for_random_pairs, world_support, Dims, Space};
use gjk::shape::Shape;
use gjk::{distance, intersect};

fn properties<const D: usize>(seed: u64)
where
    Dims: Space<D>,
{
    let (mut separated, mut intersecting) = (0, 0);
    for_random_pairs::<D>(seed, 4000, |rng, what, p| {
        let (size, a, b, pose_a, pose_b) = (p.size, p.a, p.b, p.pose_a, p.pose_b);
        let r = distance(&a, &pose_a, &b, &pose_b).unwrap();
        let scale = size * 20.0;
        // Every number is finite and consistent.
        assert!(r.distance.is_finite() && r.distance >= 0.0, "{what}");
        assert!(
            r.lower_bound >= 0.0 && r.lower_bound <= r.distance,
            "{what}"
        );
        assert!((r.normal.norm() - 1.0).abs() < 1e-12, "{what}");
        assert_eq!(
            intersect(&a, &pose_a, &b, &pose_b).unwrap(),
            r.intersecting,
            "{what}"
        );
        let tolerance = 1e-9 * r.distance + 64.0 * f64::EPSILON * scale;
        if r.intersecting {
            intersecting += 1;
            assert_eq!(r.distance, 0.0, "{what}");
        } else {
            separated += 1;
            // Weak duality: the separation along the normal equals the distance.
            let n = r.normal;
            let separation = -world_support(&b, &pose_b, &-n) - world_support(&a, &pose_a, &n);
            assert!(
                (separation - r.distance).abs() <= tolerance,
                "{what}: distance {:e}, separation along the normal {separation:e}",
                r.distance
            );
            // The closest points are extreme in the normal's direction. Against an ellipsoid the
            // normal is known to about the square root of the distance's precision (GJK's
            // convergence on smooth shapes), which moves the extreme point on the other shape.
            let curved = |s: &Shape<D>| matches!(s, Shape::Ellipsoid(_));
            let point_tolerance = if curved(&a) || curved(&b) {
                tolerance + 1e-12 * scale
            } else {
                tolerance
            };
            assert!(
                (r.point_a.dot(&n) - world_support(&a, &pose_a, &n)).abs() <= point_tolerance,
                "{what}"
            );
            assert!(
                (-r.point_b.dot(&n) - world_support(&b, &pose_b, &-n)).abs() <= point_tolerance,
                "{what}: {:e} vs {:e}, tolerance {tolerance:e}\nA {a:?}\nB {b:?}\n{r:?}",
                -r.point_b.dot(&n),
                world_support(&b, &pose_b, &-n)
            );
            assert!(
                ((r.point_b - r.point_a).norm() - r.distance).abs() <= point_tolerance,
                "{what}"
            );
        }
        // Swapping A and B mirrors the answer.
        let s = distance(&b, &pose_b, &a, &pose_a).unwrap();
        assert_eq!(s.intersecting, r.intersecting, "{what}: swapped verdict");
        assert!(
            (s.distance - r.distance).abs() <= tolerance,
            "{what}: swapped distance"
        );
        // Moving both shapes by the same rigid motion changes nothing.
        let motion = <Dims as Space<D>>::random_pose(rng, 1e3 * size);
        let m = distance(&a, &(motion * pose_a), &b, &(motion * pose_b)).unwrap();
        let moved_tolerance = tolerance + 64.0 * f64::EPSILON * 1e3 * size;
        assert!(
            (m.distance - r.distance).abs() <= moved_tolerance,
            "{what}: moved {:e} vs {:e}",
            m.distance,
            r.distance
        );
        if r.distance > moved_tolerance {
            assert!(!m.intersecting, "{what}: moved verdict");
        }
    });
    println!("{D}D: {separated} separated, {intersecting} intersecting");
    assert!(separated > 500 && intersecting > 500);
}

tests! {
    properties_2d => properties::<2>(21);
    properties_3d => properties::<3>(22);
}
