//! Penetration of curved shapes at default options: ellipsoids, spheres and capsules (ellipses,
//! circles and stadiums in 2D), and cylinders and cones (3D), against random hulls of 8 and 64
//! points and against each other.
//! Every query must answer `Ok`, with a depth equal to the overlap of the shapes along the
//! returned normal and no sampled direction along which they overlap less (the depth is the
//! smallest overlap over all directions). The overlap along `n` is computed here from the
//! shapes' support functions: `h_A(n) + h_B(-n)`, in the world frame.

use std::time::{Duration, Instant};

use crate::common::random::{Dims, Space};
use crate::common::Rng;
use gjk::shape::{Ball, Capsule, Cone, ConvexHull, Cylinder, Ellipsoid, Shape};
use gjk::{penetration, Pose, QueryError, Support, Vector};

/// How far the answer may be from the overlap along its normal, and below the smallest sampled
/// overlap, relative to the depth (plus this times the shapes' size, for shallow contacts).
const RELATIVE: f64 = 1e-9;

/// The overlap of `a` and `b` along the unit `n` (world frame): how far B must move along `n`
/// to leave A.
fn overlap<const D: usize>(
    a: &Shape<D>,
    pose_a: &Pose<D>,
    b: &Shape<D>,
    pose_b: &Pose<D>,
    n: &Vector<D>,
) -> f64 {
    let reach = |s: &Shape<D>, pose: &Pose<D>, d: &Vector<D>| {
        let local = pose.rotation().transpose() * d;
        pose.transform_point(&s.support(&local)).dot(d)
    };
    reach(a, pose_a, n) + reach(b, pose_b, &-n)
}

/// A unit vector uniform on the sphere (circle).
fn random_direction<const D: usize>(rng: &mut Rng) -> Vector<D> {
    loop {
        let v = Vector::<D>::from_fn(|_, _| rng.range(-1.0, 1.0));
        let n = v.norm();
        if n > 0.1 && n <= 1.0 {
            return v / n;
        }
    }
}

/// The kind of `s`, for messages.
fn kind<const D: usize>(s: &Shape<D>) -> String {
    match s {
        Shape::ConvexHull(h) => format!("hull of {}", h.len()),
        Shape::Ellipsoid(_) => "ellipsoid".into(),
        Shape::Ball(_) => "ball".into(),
        Shape::Capsule(_) => "capsule".into(),
        Shape::Cylinder(_) => "cylinder".into(),
        Shape::Cone(_) => "cone".into(),
        _ => "other".into(),
    }
}

/// A curved shape: an ellipsoid (semi-axes 0.5 to 2), a ball or a capsule; with `axial` (3D),
/// also a cylinder or a cone (curved rims; in 2D they would be a rectangle and a triangle).
fn curved<const D: usize>(rng: &mut Rng, axial: bool) -> Shape<D> {
    match rng.below(if axial { 5 } else { 3 }) {
        3 => Shape::Cylinder(Cylinder::new(rng.range(0.25, 1.5), rng.range(0.3, 1.5)).unwrap()),
        4 => Shape::Cone(Cone::new(rng.range(0.25, 1.5), rng.range(0.3, 1.5)).unwrap()),
        0 => Shape::Ellipsoid(
            Ellipsoid::new(Vector::<D>::from_fn(|_, _| rng.range(0.5, 2.0))).unwrap(),
        ),
        1 => Shape::Ball(Ball::new(rng.range(0.5, 2.0)).unwrap()),
        _ => Shape::Capsule(
            Capsule::along_axis(D - 1, rng.range(0.25, 1.5), rng.range(0.3, 1.0)).unwrap(),
        ),
    }
}

/// The hull of `n` random points in an axis-aligned box of half-sides 0.5 to 2.
fn hull<const D: usize>(rng: &mut Rng, n: usize) -> Shape<D> {
    let half = Vector::<D>::from_fn(|_, _| rng.range(0.5, 2.0));
    let points = (0..n)
        .map(|_| Vector::<D>::from_fn(|i, _| rng.range(-half[i], half[i])))
        .collect();
    Shape::ConvexHull(ConvexHull::new(points).unwrap())
}

/// A curved shape and, a third of the time each, a curved shape, an 8-point or a 64-point
/// hull, posed so that they mostly overlap.
fn random_pair<const D: usize>(rng: &mut Rng, axial: bool) -> (Shape<D>, Pose<D>, Shape<D>, Pose<D>)
where
    Dims: Space<D>,
{
    let a = curved(rng, axial);
    let b = match rng.below(3) {
        0 => curved(rng, axial),
        1 => hull(rng, 8),
        _ => hull(rng, 64),
    };
    let pose_a = Dims::random_pose(rng, 2.0);
    let offset = random_direction::<D>(rng) * rng.range(0.0, 2.0);
    let pose_b = Dims::random_pose(rng, 0.0);
    let pose_b = Pose::from_translation(pose_a.translation() + offset).unwrap() * pose_b;
    (a, pose_a, b, pose_b)
}

/// The cost of a set of queries: support points and time.
#[derive(Default)]
struct Cost {
    queries: usize,
    iterations: Vec<u32>,
    time: Duration,
}

impl Cost {
    fn add(&mut self, iterations: u32, time: Duration) {
        self.queries += 1;
        self.iterations.push(iterations);
        self.time += time;
    }

    /// The queries, the median and largest support points, and the mean time per query.
    fn summary(&mut self) -> String {
        self.iterations.sort_unstable();
        format!(
            "{} queries, iterations median {:?} max {:?}; {:.2} us per query",
            self.queries,
            self.iterations.get(self.iterations.len() / 2),
            self.iterations.last(),
            self.time.as_secs_f64() * 1e6 / self.queries.max(1) as f64,
        )
    }
}

/// What a run over random pairs saw.
#[derive(Default)]
struct Tally {
    pairs: usize,
    overlapping: usize,
    failures: Vec<String>,
    wrong: Vec<String>,
    /// Every query.
    cost: Cost,
    /// The queries with a cylinder or a cone.
    axial: Cost,
}

impl Tally {
    fn report(&mut self, label: &str) {
        println!(
            "{label}: {} overlapping, {} not Ok, {} wrong; {}",
            self.overlapping,
            self.failures.len(),
            self.wrong.len(),
            self.cost.summary(),
        );
        if self.axial.queries > 0 {
            println!("  with a cylinder or a cone: {}", self.axial.summary());
        }
        for f in self.failures.iter().chain(&self.wrong).take(40) {
            println!("  {f}");
        }
        assert!(
            self.failures.is_empty() && self.wrong.is_empty(),
            "{label}: {} not Ok, {} wrong",
            self.failures.len(),
            self.wrong.len()
        );
    }
}

/// Runs `pairs` random pairs (with cylinders and cones if `axial`), checking each against
/// `directions` sampled directions.
fn run<const D: usize>(seed: u64, pairs: usize, directions: usize, axial: bool) -> Tally
where
    Dims: Space<D>,
{
    // Pairs and sampled directions from separate generators: a pair's index names it.
    let (mut rng, mut sampling) = (Rng::new(seed), Rng::new(seed + 1));
    let mut tally = Tally::default();
    for case in 0..pairs {
        let (a, pose_a, b, pose_b) = random_pair::<D>(&mut rng, axial);
        tally.pairs += 1;
        let start = Instant::now();
        let answer = penetration(&a, &pose_a, &b, &pose_b);
        let time = start.elapsed();
        let iterations = match &answer {
            Ok(p) => p.iterations,
            Err(QueryError::NoConvergence(p)) => p.iterations,
            Err(_) => 0,
        };
        tally.cost.add(iterations, time);
        let is_axial = |s: &Shape<D>| matches!(s, Shape::Cylinder(_) | Shape::Cone(_));
        if is_axial(&a) || is_axial(&b) {
            tally.axial.add(iterations, time);
        }
        let p = match answer {
            Ok(p) => p,
            Err(QueryError::NoConvergence(_)) => {
                tally.failures.push(format!(
                    "case {case}: no convergence, {} vs {}",
                    kind(&a),
                    kind(&b)
                ));
                continue;
            }
            Err(e) => {
                tally.failures.push(format!("case {case}: {e}"));
                continue;
            }
        };
        if !p.intersecting {
            continue;
        }
        tally.overlapping += 1;
        let depth = -p.signed_distance;
        let allowed = RELATIVE * (depth + 1e-3 * (a.extent() + b.extent()));
        let along = overlap(&a, &pose_a, &b, &pose_b, &p.normal);
        if (along - depth).abs() > allowed {
            tally.wrong.push(format!(
                "case {case}: depth {depth:e}, overlap along the normal {along:e}"
            ));
            continue;
        }
        for _ in 0..directions {
            let n = random_direction::<D>(&mut sampling);
            let along = overlap(&a, &pose_a, &b, &pose_b, &n);
            if along < depth - allowed {
                tally.wrong.push(format!(
                    "case {case}: depth {depth:e}, overlap {along:e} along {n:?}"
                ));
                break;
            }
        }
    }
    tally
}

tests! {
    /// 10,000 3D pairs, each checked against 200 directions.
    curved_pairs_3d_converge_at_default_options =>
        run::<3>(0x28_3d, 10_000, 200, false).report("3D");

    /// Cylinders and cones among the 10,000 3D pairs (issue #28). Their rims are curved but their
    /// support functions are neither smooth nor piecewise linear: a cylinder is the hull of two
    /// discs, a cone of a point and a disc, and a disc is creased along its axis (the flat caps).
    /// EPA alone left 16 of the 10,000 pairs at the iteration cap. The cost of the queries with a
    /// cylinder or a cone is printed apart (`--nocapture`).
    curved_pairs_with_cylinders_and_cones_converge_at_default_options =>
        run::<3>(0x28_3d, 10_000, 200, true).report("3D with cylinders and cones");
}

/// The pairs of `curved_pairs_with_cylinders_and_cones_converge_at_default_options` from
/// another seed and count, read from `GJK_CURVED_SEED` (hexadecimal, `0x` optional; default
/// 0xabc3d) and `GJK_CURVED_PAIRS` (default 30,000): run by name, as it takes a while.
#[test]
#[ignore]
fn curved_pairs_of_a_seed_from_the_environment() {
    let seed = std::env::var("GJK_CURVED_SEED").map_or(0xabc3d, |s| {
        u64::from_str_radix(s.trim_start_matches("0x"), 16).expect("a hexadecimal seed")
    });
    let pairs =
        std::env::var("GJK_CURVED_PAIRS").map_or(30_000, |s| s.parse().expect("a number of pairs"));
    run::<3>(seed, pairs, 200, true)
        .report(&format!("3D with cylinders and cones, seed {seed:#x}"));
}

/// 4,000 2D pairs, each checked against 200 directions.
#[test]
fn curved_pairs_2d_converge_at_default_options() {
    run::<2>(0x28_2d, 4_000, 200, false).report("2D");
}

/// A subset checked against 10,000 directions each.
#[test]
fn curved_depths_are_minimal_over_many_directions() {
    run::<3>(0x28_3e, 200, 10_000, false).report("3D, 10,000 directions");
    run::<2>(0x28_2e, 100, 10_000, false).report("2D, 10,000 directions");
}

/// The minimum of the overlap over `directions` sampled directions and the overlap along the
/// answer's normal, against its depth: `Ok`, equal along the normal, none smaller.
fn check_case<const D: usize>(
    what: &str,
    a: &Shape<D>,
    pose_a: &Pose<D>,
    b: &Shape<D>,
    pose_b: &Pose<D>,
    expected: Option<f64>,
) {
    let p = penetration(a, pose_a, b, pose_b).unwrap_or_else(|e| panic!("{what}: {e}"));
    let depth = -p.signed_distance;
    let allowed = RELATIVE * (depth.abs() + 1e-3 * (a.extent() + b.extent()));
    let along = overlap(a, pose_a, b, pose_b, &p.normal);
    assert!(
        (along - depth).abs() <= allowed,
        "{what}: depth {depth:e}, along {along:e}"
    );
    if let Some(expected) = expected {
        assert!(
            (depth - expected).abs() <= allowed,
            "{what}: depth {depth:e}, expected {expected:e}"
        );
    }
    let mut rng = Rng::new(7);
    for _ in 0..10_000 {
        let n = random_direction::<D>(&mut rng);
        let along = overlap(a, pose_a, b, pose_b, &n);
        assert!(
            along >= depth - allowed,
            "{what}: depth {depth:e}, overlap {along:e} along {n:?}"
        );
    }
}

/// Degenerate and extreme curved pairs: every direction a minimum (a sphere-like ellipsoid
/// about a point at its centre), an ellipsoid against itself, a flat ellipsoid (a disc), tiny
/// and huge sizes, far from the origin, barely overlapping.
#[test]
fn extreme_curved_pairs_converge() {
    let ellipsoid = |x: f64, y: f64, z: f64| {
        Shape::Ellipsoid(Ellipsoid::new(Vector::<3>::new(x, y, z)).unwrap())
    };
    let id = Pose::<3>::identity();
    let at = |x: f64, y: f64, z: f64| Pose::from_translation(Vector::<3>::new(x, y, z)).unwrap();
    let point = Shape::Ball(Ball::new(0.0).unwrap());
    let ball = Shape::Ball(Ball::new(0.25).unwrap());
    check_case(
        "round ellipsoid, centre",
        &ellipsoid(1.0, 1.0, 1.0),
        &id,
        &point,
        &id,
        Some(1.0),
    );
    check_case(
        "ellipsoid, centre",
        &ellipsoid(2.0, 1.0, 0.5),
        &id,
        &ball,
        &id,
        Some(0.75),
    );
    let e = ellipsoid(2.0, 1.0, 0.5);
    check_case("ellipsoid against itself", &e, &id, &e, &id, Some(1.0));
    let turned = Pose::new_3d(
        nalgebra::Vector3::new(0.1, 0.2, 0.05),
        nalgebra::UnitQuaternion::from_scaled_axis(nalgebra::Vector3::new(0.3, -1.0, 0.2)),
    )
    .unwrap();
    check_case(
        "ellipsoid against itself, turned",
        &e,
        &id,
        &e,
        &turned,
        None,
    );
    check_case("disc", &ellipsoid(1.5, 1.0, 0.0), &turned, &e, &id, None);
    let hull_8 = hull::<3>(&mut Rng::new(5), 8);
    check_case(
        "disc against a hull",
        &ellipsoid(1.5, 1.0, 0.0),
        &turned,
        &hull_8,
        &id,
        None,
    );
    for scale in [1e-6, 1e6] {
        let small = |x: f64, y: f64, z: f64| ellipsoid(x * scale, y * scale, z * scale);
        let offset = at(0.7 * scale, 0.4 * scale, -0.2 * scale);
        check_case(
            "scaled",
            &small(2.0, 1.0, 0.5),
            &id,
            &small(1.0, 1.5, 0.7),
            &offset,
            None,
        );
    }
    let far = at(1e6, -2e6, 5e5);
    let near = far * turned;
    check_case(
        "far from the origin",
        &e,
        &far,
        &ellipsoid(1.0, 0.6, 1.2),
        &near,
        None,
    );
    // Barely overlapping along x: the tips of two ellipsoids 1e-9 deep.
    let tip = at(2.0 + 1.0 - 1e-9, 0.0, 0.0);
    check_case(
        "barely overlapping",
        &e,
        &id,
        &ellipsoid(1.0, 0.6, 1.2),
        &tip,
        Some(1e-9),
    );
}

/// Pair `index` of the 3D pairs of `seed` (with cylinders and cones if `axial`), as [`run`]
/// draws them.
fn nth_pair(seed: u64, index: usize, axial: bool) -> (Shape<3>, Pose<3>, Shape<3>, Pose<3>) {
    let mut rng = Rng::new(seed);
    for _ in 0..index {
        random_pair::<3>(&mut rng, axial);
    }
    random_pair::<3>(&mut rng, axial)
}

/// Pair 3546 of the seed 0xabc3d (a 60,000-pair run): an ellipsoid against an 8-point hull
/// whose minimum lies at a vertex of the hull's normal fan. The hull's point was taken as the
/// support point less the ellipsoid's, so each time it was found it came out different in its
/// last bits: four nearly equal pieces made the Newton model degenerate, and the refinement
/// and then EPA ran out of iterations.
#[test]
fn a_vertex_found_again_is_one_piece() {
    let (a, pose_a, b, pose_b) = nth_pair(0x0a_bc_3d, 3546, false);
    check_case("pair 3546", &a, &pose_a, &b, &pose_b, None);
}

/// The ten pairs of the 30,000 of seed 0xabc3d that ran out of support points, each with a cone
/// (against a cylinder, a cone, an ellipsoid, a capsule, a ball), its support point on the
/// base's rim. The refinement's curvature there weights the apex's and the rim's Hessians as
/// a first model weights the pieces; where that model, with their mean curvature (the rim's
/// halved, less the depth), had no minimum, the mean itself was taken: negative along the
/// apex-rim crease where the true one is positive, or along the rim alone, too flat. Every
/// step was then too long or turned, and the refinement crawled.
#[test]
fn pairs_with_a_cone_at_its_rim_converge() {
    for index in [
        3309, 3474, 8720, 14717, 20311, 23724, 25489, 28487, 28763, 28996,
    ] {
        let (a, pose_a, b, pose_b) = nth_pair(0x0a_bc_3d, index, true);
        check_case(&format!("pair {index}"), &a, &pose_a, &b, &pose_b, None);
    }
}

/// Pair 11454 of the 30,000 of seed 0x5eed2: a cone, its rim point on the minimum, against an
/// 8-point hull, its point on an edge. The model curves down across the edge (the rim is
/// straight along the cone's axis, less the depth), and its lowest local minimum lay 1.6
/// radians off, on the crease of the rim and the apex: each step towards it, cut short, gained
/// 1e-6 of the depth, until the support points ran out. The nearest minimum, along the edge,
/// converges.
#[test]
fn a_cone_rim_against_a_hull_edge_converges() {
    let (a, pose_a, b, pose_b) = nth_pair(0x5eed2, 11454, true);
    check_case("pair 11454", &a, &pose_a, &b, &pose_b, None);
}

/// The support points `penetration` takes on pair `index` of `seed` (with cylinders and cones),
/// its answer checked as by [`check_case`].
fn iterations_of_pair(seed: u64, index: usize) -> u32 {
    let (a, pose_a, b, pose_b) = nth_pair(seed, index, true);
    check_case(&format!("pair {index}"), &a, &pose_a, &b, &pose_b, None);
    penetration(&a, &pose_a, &b, &pose_b).unwrap().iterations
}

/// Refinements that reached their minimum in two steps but did not stop: pair 22418 of seed
/// 0x5eed2 (a ball against a cylinder's side) and pair 2435 of 0x28_3d (an ellipsoid against
/// the crease of a cone's apex and rim). The model's decrease there came out 1e-19 below 0,
/// which counted as no step rather than as converged; the refinement went on until its tries
/// ran out, and EPA took 101 and 102 support points. EPA's coarse phase and the refinement
/// take 61 each.
#[test]
fn a_refinement_at_its_minimum_stops() {
    for (seed, index) in [(0x5eed2, 22418), (0x28_3d, 2435)] {
        let iterations = iterations_of_pair(seed, index);
        assert!(iterations <= 70, "pair {index} of {seed:#x}: {iterations}");
    }
}

/// Pair 480 of seed 0x5eed2: a cylinder whose bottom cap faces an ellipsoid, EPA's closest
/// facet 0.0066 radians off the cap's normal, where the overlap has a local minimum, sharp (its
/// support function is creased there). The Newton steps, on the rim's curvature (`radius /
/// sin`, without bound towards the normal), crawled to it until they ran out, and EPA took 132
/// support points in all. The cap's normal is now tried and found the minimum there; the
/// restarts then find the global one, on the cylinder's side: 76; 93 since EPA, which had
/// stopped short of its coarse gap, goes on to check that no lower minimum is left.
#[test]
fn a_minimum_on_a_cylinder_cap_is_found_at_once() {
    let iterations = iterations_of_pair(0x5eed2, 480);
    assert!(iterations <= 100, "pair 480 of 0x5eed2: {iterations}");
}

/// Pairs whose answer was a local minimum of the overlap above the global one (a sampled
/// direction overlapped less): pair 21599 of seed 0x7777 (two ellipsoids, depth 1.95103 where
/// one direction overlaps 1.94925), pair 11616 of 0xcccc (a ball and an ellipsoid) and pair
/// 11709 of 0xeeee (2.14242 against 2.01095, before the cone fixes). EPA's coarse phase had
/// used its half of the budget 2% short of its gap, and the refined minimum was taken
/// unchecked; the rest of the budget now looks for lower ones (`lower_basins`).
#[test]
fn local_minima_above_the_global_one_are_not_answered() {
    for (seed, index) in [(0x7777, 21599), (0xcccc, 11616), (0xeeee, 11709)] {
        let (a, pose_a, b, pose_b) = nth_pair(seed, index, true);
        check_case(
            &format!("pair {index} of {seed:#x}"),
            &a,
            &pose_a,
            &b,
            &pose_b,
            None,
        );
    }
}

/// A flat ellipsoid (a disc: one semi-axis 0) touching a segment's end at its centre, the
/// segment square to it, and the same pair 0.001, 0.1 and 0.5 apart and overlapping (found by
/// fuzzing the shape cast, whose oracle is the signed distance): the refinement left EPA's
/// basin and answered a depth of 2.42 where the shapes touch. The signed distance must be the
/// offset along the disc's normal.
#[test]
fn a_flat_ellipsoid_touching_a_segment_has_depth_zero() {
    use gjk::shape::Segment;
    use nalgebra::{Quaternion, UnitQuaternion, Vector3};
    let disc = Shape::Ellipsoid(Ellipsoid::new(Vector::<3>::new(3.0625, 0.0, 3.0625)).unwrap());
    // A quarter turn about z, as the fuzzer gave it (norm 1 + 2e-16): the disc's normal is x.
    let h = std::f64::consts::FRAC_1_SQRT_2;
    let turn = UnitQuaternion::new_unchecked(Quaternion::new(h, 0.0, 0.0, h));
    let centre = Vector3::new(3.0625, 3.0625, 3.0625);
    let pose_a = Pose::new_3d(centre, turn).unwrap();
    let segment = Shape::Segment(
        Segment::new(Vector::<3>::new(3.9375, 3.0625, 0.0), Vector::<3>::zeros()).unwrap(),
    );
    for offset in [0.0, 1e-3, -1e-3, 0.1, -0.1, 0.5, -0.5] {
        let pose_b = Pose::new_3d(
            centre + Vector3::new(offset, 0.0, 0.0),
            UnitQuaternion::identity(),
        )
        .unwrap();
        let signed = gjk::signed_distance(&disc, &pose_a, &segment, &pose_b).unwrap();
        assert!(
            (signed - offset).abs() <= 1e-12,
            "offset {offset}: signed distance {signed}"
        );
    }
}
