//! Contact manifolds against hand-derived answers: box on box in 2D and 3D, a box turned on
//! another, an edge across a face, a sphere, a capsule and a cylinder on a box, a box on a
//! tilted box; speculative contacts within the margin; ids under small motions.

use gjk::shape::{Ball, Capsule, Cuboid, Cylinder, Shape};
use gjk::{contact_manifold, ContactManifold, Pose, Support, Vector};
use nalgebra::{UnitQuaternion, Vector3};

const EXACT: f64 = 1e-12;

fn box3(x: f64, y: f64, z: f64) -> Shape<3> {
    Shape::Cuboid(Cuboid::new(Vector::<3>::new(x, y, z)).unwrap())
}

fn at(x: f64, y: f64, z: f64) -> Pose<3> {
    Pose::from_translation(Vector::<3>::new(x, y, z)).unwrap()
}

fn turned(axis: Vector3<f64>, angle: f64, x: f64, y: f64, z: f64) -> Pose<3> {
    let rotation = UnitQuaternion::from_axis_angle(&nalgebra::Unit::new_normalize(axis), angle);
    Pose::new_3d(Vector3::new(x, y, z), rotation).unwrap()
}

fn manifold3(
    a: &Shape<3>,
    pa: &Pose<3>,
    b: &Shape<3>,
    pb: &Pose<3>,
    margin: f64,
) -> ContactManifold<3> {
    contact_manifold(a, pa, b, pb, margin).unwrap()
}

/// The manifold of upright 2D boxes, of half extents `a` at the origin and `b` at `(x, y)`,
/// with no margin.
fn boxes_2d(a: (f64, f64), b: (f64, f64), (x, y): (f64, f64)) -> ContactManifold<2> {
    let cuboid =
        |(hx, hy): (f64, f64)| Shape::Cuboid(Cuboid::new(Vector::<2>::new(hx, hy)).unwrap());
    let pb = Pose::new_2d(x, y, 0.0).unwrap();
    contact_manifold(&cuboid(a), &Pose::identity(), &cuboid(b), &pb, 0.0).unwrap()
}

/// The manifold of `b` at `pose` on the slab the resting tests use (a 4 x 4 x 1 box at the
/// origin, its top face at z = 0.5), with no margin.
fn on_the_slab(b: &Shape<3>, pose: &Pose<3>) -> ContactManifold<3> {
    manifold3(&box3(2.0, 2.0, 0.5), &Pose::identity(), b, pose, 0.0)
}

/// [`check_points`] at `separation`, and B's points are `expected` (sorted).
fn assert_rests<const D: usize>(m: &ContactManifold<D>, separation: f64, expected: &[Vec<f64>]) {
    check_points(m, separation);
    assert_near(&sorted_b(m), expected);
}

/// Every point: `point_b = point_a + separation * normal`, and the separation as expected.
fn check_points<const D: usize>(m: &ContactManifold<D>, separation: f64) {
    for p in &m.points {
        assert!((p.separation - separation).abs() <= EXACT, "{:?}", m);
        let offset = p.point_b - p.point_a - m.normal * p.separation;
        assert!(offset.norm() <= EXACT, "{:?}", m);
    }
}

/// The points on B, sorted, to compare with hand-derived corners.
fn sorted_b<const D: usize>(m: &ContactManifold<D>) -> Vec<Vec<f64>> {
    let mut points: Vec<Vec<f64>> = m
        .points
        .iter()
        .map(|p| p.point_b.iter().copied().collect())
        .collect();
    points.sort_by(|p, q| p.partial_cmp(q).unwrap());
    points
}

fn assert_near(actual: &[Vec<f64>], expected: &[Vec<f64>]) {
    assert_eq!(actual.len(), expected.len(), "{actual:?}");
    for (p, q) in actual.iter().zip(expected) {
        for (x, y) in p.iter().zip(q) {
            assert!((x - y).abs() <= EXACT, "{actual:?} vs {expected:?}");
        }
    }
}

#[test]
fn box_on_box_in_2d_touches_at_two_corners() {
    let m = boxes_2d((2.0, 0.5), (0.5, 0.5), (0.3, 0.9));
    assert!((m.normal - Vector::<2>::new(0.0, 1.0)).norm() <= EXACT);
    assert_rests(&m, -0.1, &[vec![-0.2, 0.4], vec![0.8, 0.4]]);
    assert_ne!(m.points[0].id, m.points[1].id);
}

#[test]
fn box_on_box_face_to_face_touches_at_four_corners() {
    let m = on_the_slab(&box3(0.5, 0.5, 0.5), &at(0.1, 0.2, 0.95));
    assert!((m.normal - Vector::<3>::z()).norm() <= EXACT);
    check_points(&m, -0.05);
    let mut expected = Vec::new();
    for x in [-0.4, 0.6] {
        for y in [-0.3, 0.7] {
            expected.push(vec![x, y, 0.45]);
        }
    }
    assert_near(&sorted_b(&m), &expected);
}

#[test]
fn a_box_turned_45_degrees_keeps_four_corners_of_the_octagon() {
    let s = std::f64::consts::SQRT_2 - 1.0;
    let b_pose = turned(Vector3::z(), std::f64::consts::FRAC_PI_4, 0.0, 0.0, 0.99);
    let m = manifold3(
        &box3(1.0, 1.0, 0.5),
        &Pose::identity(),
        &box3(1.0, 1.0, 0.5),
        &b_pose,
        0.0,
    );
    assert_eq!(m.points.len(), 4);
    check_points(&m, -0.01);
    let octagon: Vec<[f64; 2]> = [
        (1.0, s),
        (s, 1.0),
        (-s, 1.0),
        (-1.0, s),
        (-1.0, -s),
        (-s, -1.0),
        (s, -1.0),
        (1.0, -s),
    ]
    .into_iter()
    .map(|(x, y)| [x, y])
    .collect();
    for p in &m.points {
        assert!((p.point_a.z - 0.5).abs() <= EXACT);
        let near = octagon
            .iter()
            .any(|q| (p.point_a.x - q[0]).hypot(p.point_a.y - q[1]) <= 1e-9);
        assert!(near, "{:?} is not a vertex of the octagon", p.point_a);
    }
    // Four of the octagon's vertices spanning the most area: no two adjacent ones only.
    let mut ids: Vec<u32> = m.points.iter().map(|p| p.id).collect();
    ids.dedup();
    assert_eq!(ids.len(), 4);
}

#[test]
fn a_box_edge_across_a_face_touches_at_two_points() {
    let h = 0.5 * std::f64::consts::SQRT_2;
    let b_pose = turned(
        Vector3::x(),
        std::f64::consts::FRAC_PI_4,
        0.0,
        0.0,
        0.5 + h - 0.01,
    );
    let m = on_the_slab(&box3(0.5, 0.5, 0.5), &b_pose);
    assert_rests(&m, -0.01, &[vec![-0.5, 0.0, 0.49], vec![0.5, 0.0, 0.49]]);
}

#[test]
fn a_sphere_on_a_box_touches_at_one_point() {
    let ball = Shape::Ball(Ball::new(0.3).unwrap());
    let m = on_the_slab(&ball, &at(0.2, -0.1, 0.78));
    assert_rests(&m, -0.02, &[vec![0.2, -0.1, 0.48]]);
}

#[test]
fn a_capsule_lying_on_a_box_touches_at_two_points() {
    let capsule = Shape::Capsule(Capsule::along_axis(0, 1.0, 0.3).unwrap());
    let m = on_the_slab(&capsule, &at(0.0, 0.1, 0.78));
    assert_rests(&m, -0.02, &[vec![-1.0, 0.1, 0.48], vec![1.0, 0.1, 0.48]]);
}

#[test]
fn a_cylinder_standing_on_a_box_touches_at_four_rim_points() {
    let cylinder = Shape::Cylinder(Cylinder::new(0.5, 0.4).unwrap());
    let m = on_the_slab(&cylinder, &at(0.1, 0.0, 0.97));
    assert_eq!(m.points.len(), 4);
    check_points(&m, -0.03);
    for p in &m.points {
        assert!((p.point_b.z - 0.47).abs() <= EXACT);
        assert!(
            ((p.point_b.x - 0.1).hypot(p.point_b.y) - 0.4).abs() <= EXACT,
            "{p:?}"
        );
    }
}

#[test]
fn a_box_on_a_tilted_box_touches_at_four_corners() {
    let axis = Vector3::new(0.3, -1.0, 0.2);
    let a_pose = turned(axis, 0.4, 1.0, 2.0, 3.0);
    let b_local = Vector3::new(0.1, 0.2, 0.95);
    let b_at = a_pose.transform_point(&b_local);
    let b_pose = turned(axis, 0.4, b_at.x, b_at.y, b_at.z);
    let m = manifold3(
        &box3(2.0, 2.0, 0.5),
        &a_pose,
        &box3(0.5, 0.5, 0.5),
        &b_pose,
        0.0,
    );
    assert!((m.normal - a_pose.transform_vector(&Vector::<3>::z())).norm() <= 1e-12);
    assert_eq!(m.points.len(), 4);
    check_points(&m, -0.05);
}

#[test]
fn speculative_points_within_the_margin_and_none_beyond_it() {
    let (a, b) = (box3(2.0, 2.0, 0.5), box3(0.5, 0.5, 0.5));
    let m = manifold3(&a, &Pose::identity(), &b, &at(0.0, 0.0, 1.05), 0.1);
    assert_eq!(m.points.len(), 4);
    check_points(&m, 0.05);
    assert!(
        manifold3(&a, &Pose::identity(), &b, &at(0.0, 0.0, 1.05), 0.01)
            .points
            .is_empty()
    );
    assert!(contact_manifold(&a, &Pose::identity(), &b, &Pose::identity(), f64::NAN).is_err());
    assert!(contact_manifold(&a, &Pose::identity(), &b, &Pose::identity(), -1.0).is_err());
}

/// A tilted box resting on one edge: the raised edge's corners are speculative points within
/// a large enough margin.
#[test]
fn a_tilted_box_gets_its_raised_corners_within_the_margin() {
    let b_pose = turned(Vector3::y(), 0.05, 0.0, 0.0, 1.0);
    let a = box3(2.0, 2.0, 0.5);
    let b = box3(0.5, 0.5, 0.5);
    let tight = manifold3(&a, &Pose::identity(), &b, &b_pose, 0.0);
    assert_eq!(tight.points.len(), 2, "{tight:?}");
    let loose = manifold3(&a, &Pose::identity(), &b, &b_pose, 0.1);
    assert_eq!(loose.points.len(), 4, "{loose:?}");
}

fn ids(m: &ContactManifold<3>) -> Vec<u32> {
    let mut ids: Vec<u32> = m.points.iter().map(|p| p.id).collect();
    ids.sort();
    ids
}

#[test]
fn ids_stay_under_a_small_jitter_and_change_with_the_features() {
    let (a, b) = (box3(2.0, 2.0, 0.5), box3(0.5, 0.5, 0.5));
    let base = ids(&on_the_slab(&b, &at(0.1, 0.2, 0.95)));
    assert_eq!(base.len(), 4);
    let mut seed = 0x5eed_u64;
    let mut jitter = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 2e-6
    };
    for _ in 0..100 {
        let axis = Vector3::new(jitter(), jitter(), jitter()) + Vector3::new(1e-9, 0.0, 0.0);
        let pose = turned(
            axis,
            jitter().abs(),
            0.1 + jitter(),
            0.2 + jitter(),
            0.95 + jitter(),
        );
        let a_pose = turned(
            Vector3::new(jitter(), 1.0, jitter()),
            jitter(),
            jitter(),
            jitter(),
            jitter(),
        );
        assert_eq!(ids(&manifold3(&a, &a_pose, &b, &pose, 0.0)), base);
    }
    // The same places under a quarter turn of B: each taken by another of B's corners, whose
    // id is then there.
    let by_place = |pose: &Pose<3>| {
        let m = on_the_slab(&b, pose);
        let mut points: Vec<_> = m
            .points
            .iter()
            .map(|p| (p.point_b.x, p.point_b.y, p.id))
            .collect();
        points.sort_by(|p, q| (p.0, p.1).partial_cmp(&(q.0, q.1)).unwrap());
        points
    };
    let quarter = turned(Vector3::z(), std::f64::consts::FRAC_PI_2, 0.1, 0.2, 0.95);
    let (before, after) = (by_place(&at(0.1, 0.2, 0.95)), by_place(&quarter));
    for (p, q) in before.iter().zip(&after) {
        assert!((p.0 - q.0).abs() < EXACT && (p.1 - q.1).abs() < EXACT);
        assert_ne!(p.2, q.2, "{before:?} {after:?}");
    }
    // B hanging over A's edge: two corners, and two points where A's side cuts B's face.
    let over = ids(&on_the_slab(&b, &at(1.8, 0.2, 0.95)));
    assert_eq!(over.len(), 4);
    assert_eq!(
        over.iter().filter(|id| base.contains(id)).count(),
        2,
        "{over:?} {base:?}"
    );
}

/// A box tilted within the flat tolerance on a larger one: its face is the reference (the
/// first shape's, on a near tie), and the points of B's face are carried onto its tilted
/// plane: the points on A are A's corners.
#[test]
fn points_are_carried_onto_a_slightly_tilted_reference_face() {
    let a_pose = turned(Vector3::y(), 5e-4, 0.0, 0.0, 0.99);
    let a = box3(0.5, 0.5, 0.5);
    let m = manifold3(&a, &a_pose, &box3(2.0, 2.0, 0.5), &at(0.0, 0.0, 0.0), 0.0);
    assert_eq!(m.points.len(), 4, "{m:?}");
    for p in &m.points {
        let corner = [-0.5, 0.5]
            .iter()
            .flat_map(|&x| {
                [-0.5, 0.5].map(|y| a_pose.transform_point(&Vector::<3>::new(x, y, -0.5)))
            })
            .min_by(|c, d| (c - p.point_a).norm().total_cmp(&(d - p.point_a).norm()))
            .unwrap();
        assert!((corner - p.point_a).norm() <= EXACT, "{p:?} vs {corner:?}");
        assert!((p.point_b.z - 0.5).abs() <= EXACT, "{p:?}");
    }
}

/// A wide box on a narrow one: B's bottom side crosses both ends of A's top side, and the two
/// crossings are told apart.
#[test]
fn crossings_of_one_side_with_two_ends_have_different_ids() {
    let m = boxes_2d((0.5, 0.5), (2.0, 0.5), (0.1, 0.95));
    assert_rests(&m, -0.05, &[vec![-0.5, 0.45], vec![0.5, 0.45]]);
    assert_ne!(m.points[0].id, m.points[1].id);
}

/// A cylinder lying on its side, turned by a hair: its side's segment, two points, not the
/// octagon's vertices and the rim points beside them.
#[test]
fn a_cylinder_lying_on_a_box_touches_along_its_side() {
    let cylinder = Shape::Cylinder(Cylinder::new(0.6, 0.4).unwrap());
    for hair in [0.0, 1e-6, -1e-6] {
        let pose = Pose::new_3d(
            Vector3::new(0.0, 0.0, 0.88),
            UnitQuaternion::from_euler_angles(std::f64::consts::FRAC_PI_2, 0.0, hair),
        )
        .unwrap();
        let m = on_the_slab(&cylinder, &pose);
        assert_eq!(m.points.len(), 2, "{m:?}");
        check_points(&m, -0.02);
    }
}

/// The same side of B crossing the right end of A's side, then the left end: other features,
/// other ids.
#[test]
fn crossings_of_one_side_with_either_end_have_different_ids() {
    let crossing = |x: f64| {
        let m = boxes_2d((0.5, 0.5), (1.0, 0.5), (x, 0.95));
        check_points(&m, -0.05);
        let p = m
            .points
            .iter()
            .find(|p| p.point_b.x.abs() == 0.5)
            .expect("a crossing");
        p.id
    };
    assert_ne!(crossing(1.2), crossing(-1.2));
}

use crate::common;

/// Random pairs of every kind, both dimensions: at most 2 or 4 points, each within the margin,
/// `(point_b - point_a) . normal = separation`, each point on its shape's boundary side (no
/// farther along the normal than the shape reaches), and the least separation the signed
/// distance (the deepest point is always kept).
fn random_pairs<const D: usize>()
where
    common::random::Dims: common::random::Space<D>,
{
    use common::random::{random_shape, world_support, Dims, Space};
    let mut rng = common::Rng::new(0x3a11 + D as u64);
    for _ in 0..2000 {
        let (a, b) = (
            random_shape::<D>(&mut rng, 1.0),
            random_shape::<D>(&mut rng, 1.0),
        );
        let (pa, pb) = (
            Dims::random_pose(&mut rng, 1.5),
            Dims::random_pose(&mut rng, 1.5),
        );
        let margin = rng.range(0.0, 0.3);
        let Ok(m) = contact_manifold(&a, &pa, &b, &pb, margin) else {
            continue;
        };
        let depth = gjk::penetration(&a, &pa, &b, &pb).unwrap().signed_distance;
        assert!(m.points.len() <= ContactManifold::<D>::CAPACITY);
        assert_eq!(m.points.is_empty(), depth > margin, "{m:?}");
        let scale = 1e-9 * (1.0 + a.extent() + b.extent());
        for p in &m.points {
            assert!(p.separation <= margin + scale, "{m:?}");
            let along = m.normal.dot(&(p.point_b - p.point_a));
            assert!((along - p.separation).abs() <= scale, "{m:?}");
            // Within the flat tolerance of each shape: a hull's near-coplanar faces are taken
            // as one plane.
            let flat = 1e-3 * (a.extent() + b.extent());
            assert!(m.normal.dot(&p.point_a) <= world_support(&a, &pa, &m.normal) + flat);
            assert!(-m.normal.dot(&p.point_b) <= world_support(&b, &pb, &-m.normal) + flat);
        }
        if let Some(least) = m.points.iter().map(|p| p.separation).reduce(f64::min) {
            assert!(
                (least - depth).abs() <= 1e-3 * (a.extent() + b.extent()),
                "{least} {depth} {m:?}"
            );
        }
    }
}

tests! {
    random_pairs_give_consistent_manifolds_in_2d => random_pairs::<2>();
    random_pairs_give_consistent_manifolds_in_3d => random_pairs::<3>();
}

/// Fuzzing: a capsule deep inside a larger rounded cylinder, centred on its axis, pushed out
/// sideways. With a deep overlap, the cylinder's face took rim-polygon vertices up to 22.5
/// degrees from the normal for its side, and the points on the capsule were carried off it
/// (y = 1.87 on a capsule 0.47 wide). The side is now the rim points along the normal.
#[test]
fn a_capsule_deep_in_a_cylinder_touches_along_the_side_facing_out() {
    use gjk::shape::Rounded;
    let a = Shape::Capsule(Capsule::along_axis(2, 0.46875, 0.46875).unwrap());
    let b = Shape::Rounded(Box::new(
        Rounded::new(
            Shape::Cylinder(Cylinder::new(6.5625, 6.5625).unwrap()),
            0.46875,
        )
        .unwrap(),
    ));
    let pose = turned(
        Vector3::z(),
        std::f64::consts::FRAC_PI_2,
        0.0625,
        0.0625,
        0.0625,
    );
    let m = manifold3(&a, &pose, &b, &pose, 0.0);
    assert_eq!(m.points.len(), 2, "{m:?}");
    check_points(&m, -7.5);
    for p in &m.points {
        let off_axis = (p.point_a.xy() - Vector::<2>::new(0.0625, 0.0625)).norm();
        assert!((off_axis - 0.46875).abs() <= 1e-12, "{p:?}");
    }
}

/// A shape as the caller's support function: its face found by probing around the normal.
fn as_callback<const D: usize>(shape: Shape<D>) -> Shape<D> {
    let callback = gjk::shape::SupportCallback::new(move |d: &Vector<D>| shape.support(d));
    Shape::Callback(callback.unwrap())
}

/// Boxes and a ball given as support callbacks touch as the built-in ones: the same points
/// and separations (ids aside: a callback's vertices are named by their coordinates).
#[test]
fn callback_shapes_touch_as_the_built_in_ones() {
    let floor = box3(2.0, 2.0, 0.5);
    let crate_ = box3(0.5, 0.5, 0.5);
    let ball = Shape::Ball(Ball::new(0.3).unwrap());
    let tilted = turned(Vector3::new(0.3, 1.0, 0.1), 0.02, 0.1, 0.2, 0.96);
    let cases = [
        (crate_.clone(), at(0.1, 0.2, 0.95), 0.0),
        (crate_.clone(), tilted, 0.1),
        (ball, at(0.2, -0.1, 0.78), 0.0),
    ];
    for (b, pose, margin) in cases {
        let built_in = manifold3(&floor, &Pose::identity(), &b, &pose, margin);
        let called = manifold3(
            &as_callback(floor.clone()),
            &Pose::identity(),
            &as_callback(b),
            &pose,
            margin,
        );
        assert_eq!(
            called.points.len(),
            built_in.points.len(),
            "{called:?} vs {built_in:?}"
        );
        assert_near(&sorted_b(&called), &sorted_b(&built_in));
    }
    let (a, b) = (
        Shape::Cuboid(Cuboid::new(Vector::<2>::new(2.0, 0.5)).unwrap()),
        Shape::Cuboid(Cuboid::new(Vector::<2>::new(0.5, 0.5)).unwrap()),
    );
    let pb = Pose::new_2d(0.3, 0.9, 0.0).unwrap();
    let m = contact_manifold(
        &as_callback(a),
        &Pose::identity(),
        &as_callback(b),
        &pb,
        0.0,
    )
    .unwrap();
    assert_rests(&m, -0.1, &[vec![-0.2, 0.4], vec![0.8, 0.4]]);
}
