//! Curved and box shapes against closed-form answers, in 2D and 3D, each configuration placed
//! in the world by a random rigid motion (which must not change the answer).

use crate::common::random::{Dims, Space};
use crate::common::{point_segment_distance, Rng};
use gjk::shape::{Ball, Capsule, Cone, ConvexHull, Cuboid, Cylinder, Ellipsoid, Point, Shape};
use gjk::{distance, distance_with, intersect, Pose, QueryOptions, Support, Vector};
use nalgebra::{UnitQuaternion, Vector3};

/// A random rigid motion of the whole scene ([`Space::random_pose`]).
trait RandomPose: Sized {
    fn random(rng: &mut Rng, spread: f64) -> Self;
}

impl<const D: usize> RandomPose for Pose<D>
where
    Dims: Space<D>,
{
    fn random(rng: &mut Rng, spread: f64) -> Self {
        <Dims as Space<D>>::random_pose(rng, spread)
    }
}

fn random_vector<const D: usize>(rng: &mut Rng, lo: f64, hi: f64) -> Vector<D> {
    Vector::<D>::from_fn(|_, _| rng.range(lo, hi))
}

/// Runs `case` on `n` random cases, each with its number, all drawing on one generator
/// seeded with `seed`.
fn random_cases(seed: u64, n: usize, mut case: impl FnMut(&mut Rng, usize)) {
    let mut rng = Rng::new(seed);
    for i in 0..n {
        case(&mut rng, i);
    }
}

/// `shape` at the origin, unturned.
fn origin<const D: usize, S>(shape: &S) -> (&S, Pose<D>) {
    (shape, Pose::identity())
}

/// `shape` translated by `v`, unturned.
fn at<const D: usize, S>(shape: &S, v: Vector<D>) -> (&S, Pose<D>) {
    (shape, Pose::from_translation(v).unwrap())
}

/// Runs `a` at `local_a` against `b` at `local_b`, both moved by a random rigid motion, and
/// checks the distance, the verdict and the closest points against `exact`.
fn check<const D: usize, A: Support<D>, B: Support<D>>(
    rng: &mut Rng,
    what: &str,
    (a, local_a): (&A, Pose<D>),
    (b, local_b): (&B, Pose<D>),
    exact: f64,
) where
    Pose<D>: RandomPose,
{
    let tolerance = TOL;
    let world = Pose::<D>::random(rng, 50.0);
    let (pose_a, pose_b) = (world * local_a, world * local_b);
    let r = distance(a, &pose_a, b, &pose_b).unwrap();
    let hit = intersect(a, &pose_a, b, &pose_b).unwrap();
    assert_eq!(hit, r.intersecting, "{what}");
    assert!(
        (r.distance - exact.max(0.0)).abs() <= tolerance,
        "{what}: distance {} vs exact {exact}",
        r.distance
    );
    if exact > tolerance {
        assert!(!hit, "{what}: separated by {exact} but intersecting");
        assert!(
            r.lower_bound <= exact + 1e-12 && r.lower_bound >= exact - tolerance,
            "{what}"
        );
        assert!(
            ((r.point_b - r.point_a).norm() - r.distance).abs() <= tolerance,
            "{what}"
        );
    } else if exact < -tolerance {
        assert!(
            hit && r.distance == 0.0,
            "{what}: overlapping by {} but not intersecting",
            -exact
        );
    }
}

const TOL: f64 = 1e-9;

#[test]
fn balls() {
    random_cases(11, 2000, |rng, i| {
        let (r1, r2) = (rng.range(0.0, 2.0), rng.range(0.0, 2.0));
        let c2d = random_vector::<2>(rng, -4.0, 4.0);
        let c3d = random_vector::<3>(rng, -4.0, 4.0);
        balls_apart(rng, &format!("circles {i}"), (r1, r2), c2d);
        balls_apart(rng, &format!("spheres {i}"), (r1, r2), c3d);
    });
}

/// [`check`]s balls of radii `r1` at the origin and `r2` at `c`: `|c| - r1 - r2` apart.
fn balls_apart<const D: usize>(rng: &mut Rng, what: &str, (r1, r2): (f64, f64), c: Vector<D>)
where
    Pose<D>: RandomPose,
{
    let (a, b) = (Ball::<D>::new(r1).unwrap(), Ball::<D>::new(r2).unwrap());
    check(rng, what, origin(&a), at(&b, c), c.norm() - r1 - r2);
}

/// Axis-aligned boxes: the distance is the norm of the per-axis gaps.
fn boxes<const D: usize>(seed: u64)
where
    Pose<D>: RandomPose,
{
    random_cases(seed, 2000, |rng, i| {
        let (h1, h2) = (
            random_vector::<D>(rng, 0.0, 2.0),
            random_vector::<D>(rng, 0.0, 2.0),
        );
        let c = random_vector::<D>(rng, -5.0, 5.0);
        let gaps = Vector::<D>::from_fn(|k, _| (c[k].abs() - h1[k] - h2[k]).max(0.0));
        let overlap = (0..D)
            .map(|k| h1[k] + h2[k] - c[k].abs())
            .fold(f64::INFINITY, f64::min);
        let exact = if overlap > 0.0 { -overlap } else { gaps.norm() };
        let what = format!("{D}D boxes {i}");
        let (a, b) = (Cuboid::new(h1).unwrap(), Cuboid::new(h2).unwrap());
        check(rng, &what, origin(&a), at(&b, c), exact);
        // A ball against the box: distance from its centre to the clamped point.
        let r = rng.range(0.0, 1.0);
        let clamped = Vector::<D>::from_fn(|k, _| c[k].clamp(-h1[k], h1[k]));
        let inside = clamped == c;
        let exact = if inside { -r } else { (c - clamped).norm() - r };
        if exact > 0.0 {
            // The closest points and the normal are exact too: the ball runs as its centre.
            let res = distance(
                &Cuboid::new(h1).unwrap(),
                &Pose::identity(),
                &Ball::<D>::new(r).unwrap(),
                &Pose::from_translation(c).unwrap(),
            )
            .unwrap();
            let normal = (c - clamped) / (c - clamped).norm();
            assert!(
                (res.point_a - clamped).norm() <= 1e-14 * 10.0,
                "{D}D box-ball {i}: point on box"
            );
            assert!(
                (res.point_b - (c - normal * r)).norm() <= 1e-14 * 10.0,
                "{D}D box-ball {i}: point on ball"
            );
            assert!(
                (res.normal - normal).norm() <= 1e-14 * 10.0 / (c - clamped).norm(),
                "{D}D box-ball {i}: normal"
            );
        }
        let what = format!("{D}D box-ball {i}");
        let cuboid = Cuboid::new(h1).unwrap();
        let ball = Ball::<D>::new(r).unwrap();
        check(rng, &what, origin(&cuboid), at(&ball, c), exact);
    });
}

tests! {
    rectangles => boxes::<2>(12);
    cuboids => boxes::<3>(13);
}

/// Distance from `p` to the segment from `-h e_axis` to `h e_axis`.
fn point_axis_segment_distance<const D: usize>(p: &Vector<D>, axis: usize, h: f64) -> f64 {
    let mut q = Vector::<D>::zeros();
    q[axis] = p[axis].clamp(-h, h);
    (p - q).norm()
}

/// Stadiums and capsules against balls, and crossed or parallel capsules.
fn capsules<const D: usize>(seed: u64, axis: usize)
where
    Pose<D>: RandomPose,
{
    random_cases(seed, 2000, |rng, i| {
        let (h, r) = (rng.range(0.0, 3.0), rng.range(0.0, 1.0));
        let capsule = Capsule::<D>::along_axis(axis, h, r).unwrap();
        let c = random_vector::<D>(rng, -5.0, 5.0);
        let rb = rng.range(0.0, 1.0);
        let exact = point_axis_segment_distance(&c, axis, h) - r - rb;
        let what = format!("{D}D capsule-ball {i}");
        let ball = Ball::<D>::new(rb).unwrap();
        check(rng, &what, origin(&capsule), at(&ball, c), exact);
        // A parallel capsule offset sideways by `d`, overlapping lengthwise.
        let d = rng.range(0.0, 5.0);
        let mut offset = Vector::<D>::zeros();
        offset[(axis + 1) % D] = d;
        offset[axis] = rng.range(-h, h);
        let what = format!("{D}D parallel capsules {i}");
        let exact = d - 2.0 * r;
        check(rng, &what, origin(&capsule), at(&capsule, offset), exact);
    });
}

#[test]
fn stadiums() {
    capsules::<2>(14, 0);
}

#[test]
fn capsules_3d() {
    capsules::<3>(15, 2);
    // Crossed capsules: axes along z and x, `d` apart along y.
    random_cases(16, 1000, |rng, i| {
        let (h, r, d) = (
            rng.range(0.1, 3.0),
            rng.range(0.0, 1.0),
            rng.range(0.0, 5.0),
        );
        let capsule = Capsule::<3>::along_axis(2, h, r).unwrap();
        let across = Pose::new_3d(
            Vector3::new(0.0, d, 0.0),
            UnitQuaternion::from_axis_angle(&Vector3::y_axis(), std::f64::consts::FRAC_PI_2),
        )
        .unwrap();
        let what = format!("crossed capsules {i}");
        let exact = d - 2.0 * r;
        check(rng, &what, origin(&capsule), (&capsule, across), exact);
    });
}

/// Distance from `p` (outside) to the ellipsoid with semi-axes `e`: the closest point is
/// `x_k = e_k^2 p_k / (e_k^2 + t)` where `t > 0` solves `sum (e_k p_k / (e_k^2 + t))^2 = 1`,
/// a decreasing function of `t`, found by bisection.
fn ellipsoid_point_distance<const D: usize>(e: &Vector<D>, p: &Vector<D>) -> f64 {
    let f = |t: f64| {
        (0..D)
            .map(|k| (e[k] * p[k] / (e[k] * e[k] + t)).powi(2))
            .sum::<f64>()
    };
    let (mut lo, mut hi) = (0.0, p.norm() * e.max() + 1.0);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 1.0 {
            lo = mid
        } else {
            hi = mid
        }
    }
    let t = 0.5 * (lo + hi);
    let x = Vector::<D>::from_fn(|k, _| e[k] * e[k] * p[k] / (e[k] * e[k] + t));
    (p - x).norm()
}

fn ellipsoids<const D: usize>(seed: u64)
where
    Pose<D>: RandomPose,
{
    let mut rng = Rng::new(seed);
    let mut iterations = vec![];
    for i in 0..2000 {
        let e = random_vector::<D>(&mut rng, 0.2, 3.0);
        let c = random_vector::<D>(&mut rng, -6.0, 6.0);
        let inside = (0..D).map(|k| (c[k] / e[k]).powi(2)).sum::<f64>() <= 1.0;
        if inside {
            continue;
        }
        let rb = rng.range(0.0, 1.0);
        let exact = ellipsoid_point_distance(&e, &c) - rb;
        let ellipsoid = Ellipsoid::new(e).unwrap();
        let what = format!("{D}D ellipsoid-ball {i}");
        let ball = Ball::<D>::new(rb).unwrap();
        check(&mut rng, &what, origin(&ellipsoid), at(&ball, c), exact);
        // Against a point, at the tolerances a user may ask for.
        let point = Point::new(Vector::<D>::zeros()).unwrap();
        let exact = exact + rb;
        for tol in [1e-4, 1e-8, 1e-12] {
            let options = QueryOptions {
                relative_tolerance: tol,
                ..Default::default()
            };
            let r = distance_with(
                &ellipsoid,
                &Pose::identity(),
                &point,
                &Pose::from_translation(c).unwrap(),
                &options,
            )
            .unwrap();
            assert!(
                r.distance >= exact - 1e-12 && r.distance <= exact * (1.0 + tol) + 1e-12,
                "{D}D ellipsoid-point {i} at tolerance {tol}: {} vs {exact}",
                r.distance
            );
            assert!(r.lower_bound <= exact + 1e-12);
            if tol == 1e-12 {
                iterations.push(r.iterations);
            }
        }
    }
    iterations.sort();
    println!(
        "{D}D ellipsoid-point at 1e-12: iterations median {} max {}",
        iterations[iterations.len() / 2],
        iterations.last().unwrap()
    );
}

tests! {
    ellipses => ellipsoids::<2>(17);
    ellipsoids_3d => ellipsoids::<3>(18);
}

/// Signed distance from `p` to the solid cylinder of half height `h` and radius `r` on the z
/// axis: outside, the norm of the radial and axial gaps; inside, minus the smaller depth.
fn cylinder_point_distance(p: &Vector<3>, h: f64, r: f64) -> f64 {
    let (radial, axial) = (p.xy().norm() - r, p.z.abs() - h);
    if radial < 0.0 && axial < 0.0 {
        radial.max(axial)
    } else {
        radial.max(0.0).hypot(axial.max(0.0))
    }
}

/// Signed distance from `p` to the solid cone with base disc of radius `r` at z = -h and apex
/// at z = h: by symmetry, the distance in the half-plane (radial, z) to the triangle's base
/// and slant edges (its edge on the axis is no boundary of the cone).
fn cone_point_distance(p: &Vector<3>, h: f64, r: f64) -> f64 {
    let q = [p.xy().norm(), p.z];
    let edges = point_segment_distance(q, [0.0, -h], [r, -h]).min(point_segment_distance(
        q,
        [r, -h],
        [0.0, h],
    ));
    let inside = q[1] > -h && q[0] * 2.0 * h < r * (h - q[1]);
    if inside {
        -edges
    } else {
        edges
    }
}

#[test]
fn cylinders_and_cones_against_points() {
    random_cases(19, 2000, |rng, i| {
        let (h, r) = (rng.range(0.0, 2.0), rng.range(0.0, 2.0));
        let p = random_vector::<3>(rng, -4.0, 4.0);
        let point = Point::new(p).unwrap();
        for (shape, exact, what) in [
            (
                Shape::Cylinder(Cylinder::new(h, r).unwrap()),
                cylinder_point_distance(&p, h, r),
                "cylinder",
            ),
            (
                Shape::Cone(Cone::new(h, r).unwrap()),
                cone_point_distance(&p, h, r),
                "cone",
            ),
        ] {
            let what = format!("{what}-point {i}");
            check(rng, &what, origin(&shape), origin(&point), exact);
        }
    });
}

#[test]
fn cylinders_and_cones_on_a_floor() {
    // The floor: the top face z = 0 of a wide slab. The lowest point of a shape whose axis
    // points along the unit `u` is found on its lower disc's rim (or, for a cone, its apex).
    let floor = Cuboid::new(Vector::<3>::new(1e3, 1e3, 1.0)).unwrap();
    let floor_pose = Pose::from_translation(Vector::<3>::new(0.0, 0.0, -1.0)).unwrap();
    random_cases(20, 2000, |rng, i| {
        let (h, r) = (rng.range(0.0, 2.0), rng.range(0.0, 2.0));
        let height = rng.range(-1.0, 4.0);
        let at = Vector::<3>::new(rng.range(-5.0, 5.0), 0.0, height);
        let pose = Pose::from_translation(at).unwrap() * Pose::<3>::random(rng, 0.0);
        // The z component of the shape's axis in the world.
        let u = pose.rotation()[(2, 2)];
        let rim_drop = r * (1.0 - u * u).max(0.0).sqrt();
        let cylinder_low = height - h * u.abs() - rim_drop;
        let cone_low = (height + h * u).min(height - h * u - rim_drop);
        for (shape, low, what) in [
            (
                Shape::Cylinder(Cylinder::new(h, r).unwrap()),
                cylinder_low,
                "cylinder",
            ),
            (Shape::Cone(Cone::new(h, r).unwrap()), cone_low, "cone"),
        ] {
            let what = format!("{what} on the floor {i}");
            check(rng, &what, (&floor, floor_pose), (&shape, pose), low);
        }
    });
}

#[test]
fn cylinders_and_cones_along_their_axis() {
    // Directions with no radial component: a rim point of the flat faces (an extreme point, on
    // the first axis), the apex; never a division by 0.
    let cylinder = Cylinder::<3>::new(2.0, 1.0).unwrap();
    let cone = Cone::<3>::new(2.0, 1.0).unwrap();
    let (up, down) = (Vector::<3>::z(), -Vector::<3>::z());
    assert_eq!(cylinder.support(&up), Vector::<3>::new(1.0, 0.0, 2.0));
    assert_eq!(cylinder.support(&down), Vector::<3>::new(1.0, 0.0, -2.0));
    assert_eq!(cone.support(&up), Vector::<3>::new(0.0, 0.0, 2.0));
    assert_eq!(cone.support(&down), Vector::<3>::new(1.0, 0.0, -2.0));
    assert!(cylinder
        .support(&Vector::zeros())
        .iter()
        .all(|c| c.is_finite()));
    assert!(cone.support(&Vector::zeros()).iter().all(|c| c.is_finite()));
    // A point straight above each: the distance to the top face, to the apex.
    let above = Pose::from_translation(Vector::<3>::new(0.0, 0.0, 5.0)).unwrap();
    let point = Point::new(Vector::zeros()).unwrap();
    for shape in [Shape::Cylinder(cylinder), Shape::Cone(cone)] {
        let r = distance(&shape, &Pose::identity(), &point, &above).unwrap();
        assert!(
            (r.distance - 3.0).abs() < 1e-12,
            "{shape:?}: {}",
            r.distance
        );
        assert!((r.normal - up).norm() < 1e-12, "{shape:?}");
    }
}

/// Distance from `p` to the box of half extents `e` (0 inside).
fn box_point_gap<const D: usize>(e: &Vector<D>, p: &Vector<D>) -> f64 {
    Vector::<D>::from_fn(|k, _| (p[k].abs() - e[k]).max(0.0)).norm()
}

/// Rounded boxes (one built as a box, one as the hull of its corners) and rounded cylinders
/// against points outside the core: the core's distance minus the radius.
fn rounded<const D: usize>(seed: u64)
where
    Pose<D>: RandomPose,
{
    random_cases(seed, 1000, |rng, i| {
        let e = random_vector::<D>(rng, 0.0, 2.0);
        let radius = rng.range(0.0, 1.0);
        let corners = (0..1 << D)
            .map(|bits: usize| {
                Vector::<D>::from_fn(|k, _| if bits >> k & 1 == 1 { e[k] } else { -e[k] })
            })
            .collect();
        let p = random_vector::<D>(rng, -4.0, 4.0);
        let gap = box_point_gap(&e, &p);
        if gap == 0.0 {
            return;
        }
        let point = Point::new(p).unwrap();
        for core in [
            Shape::Cuboid(Cuboid::new(e).unwrap()),
            Shape::ConvexHull(ConvexHull::new(corners).unwrap()),
        ] {
            let shape = core.rounded(radius).unwrap();
            assert!(matches!(shape, Shape::Rounded(_)));
            let what = format!("{D}D rounded box-point {i}");
            let exact = gap - radius;
            check(rng, &what, origin(&shape), origin(&point), exact);
        }
    });
}

#[test]
fn rounded_rectangles_boxes_and_cylinders() {
    rounded::<2>(21);
    rounded::<3>(22);
    random_cases(23, 1000, |rng, i| {
        let (h, r, radius) = (
            rng.range(0.0, 2.0),
            rng.range(0.0, 2.0),
            rng.range(0.0, 1.0),
        );
        let p = random_vector::<3>(rng, -4.0, 4.0);
        let core = cylinder_point_distance(&p, h, r);
        if core <= 0.0 {
            return;
        }
        let shape = Shape::Cylinder(Cylinder::new(h, r).unwrap())
            .rounded(radius)
            .unwrap();
        let what = format!("rounded cylinder-point {i}");
        let (point, exact) = (Point::new(p).unwrap(), core - radius);
        check(rng, &what, origin(&shape), origin(&point), exact);
    });
}

#[test]
fn rounding_adds_radii() {
    let ball = Shape::<3>::Ball(Ball::new(1.0).unwrap());
    assert_eq!(
        ball.clone().rounded(0.5).unwrap(),
        Shape::Ball(Ball::new(1.5).unwrap())
    );
    let capsule = Capsule::<3>::along_axis(2, 2.0, 0.25).unwrap();
    assert_eq!(
        Shape::Capsule(capsule).rounded(0.5).unwrap(),
        Shape::Capsule(Capsule::along_axis(2, 2.0, 0.75).unwrap())
    );
    let segment = *Capsule::<3>::along_axis(2, 2.0, 0.0).unwrap().inner();
    assert_eq!(
        Shape::Segment(segment).rounded(0.5).unwrap(),
        Shape::Capsule(Capsule::along_axis(2, 2.0, 0.5).unwrap())
    );
    let twice = Shape::Cone(Cone::<3>::new(1.0, 1.0).unwrap())
        .rounded(0.25)
        .and_then(|s| s.rounded(0.5))
        .unwrap();
    let Shape::Rounded(r) = &twice else {
        panic!("{twice:?}")
    };
    assert_eq!(
        (r.radius(), r.inner()),
        (0.75, &Shape::Cone(Cone::new(1.0, 1.0).unwrap()))
    );
    assert_eq!(twice.margin(), 0.75);
    for bad in [-1.0, f64::NAN, f64::INFINITY] {
        let e = ball.clone().rounded(bad).unwrap_err();
        assert!(e.message().contains("radius"), "{}", e.message());
    }
}
