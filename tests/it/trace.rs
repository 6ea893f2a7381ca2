//! The trace of a distance query against the query itself and against brute force: the traced
//! query answers exactly as the untraced one (within the tolerance on two small polygons, which
//! the untraced query answers with the exact polygon kernel), there is one step per support-point evaluation,
//! each support point is extreme along its direction (checked over the shapes' vertices), the
//! simplex weights are a convex combination giving the closest point, the bounds tighten
//! monotonically and end at the result's. One query is checked step by step against a hand
//! computation.

use crate::common::random::{for_random_pairs, Dims, Space};
use crate::common::{assert_agree, small_polygons, square};
use gjk::shape::Shape;
use gjk::trace::{distance_traced, StepOutcome, TraceStep};
use gjk::{distance_with, Pose, QueryOptions, Support, Vector};

mod svg;

/// Candidate extreme points of a shape's core in the world, when they are finitely many: the
/// support point in any direction must be as far along it as the best of them.
fn core_vertices<const D: usize>(shape: &Shape<D>, pose: &Pose<D>) -> Option<Vec<Vector<D>>> {
    let local = match shape {
        Shape::Point(p) => vec![p.center()],
        Shape::Ball(_) => vec![Vector::zeros()],
        Shape::Segment(s) => s.endpoints().to_vec(),
        Shape::Capsule(c) => c.inner().endpoints().to_vec(),
        Shape::ConvexHull(h) => (0..h.len()).map(|i| h.point(i)).collect(),
        Shape::Cuboid(c) => (0..1usize << D)
            .map(|corner| {
                Vector::from_fn(|i, _| {
                    let sign = if corner >> i & 1 == 1 { 1.0 } else { -1.0 };
                    sign * c.half_extents()[i]
                })
            })
            .collect(),
        _ => return None,
    };
    Some(local.iter().map(|p| pose.transform_point(p)).collect())
}

fn max_along<const D: usize>(points: &[Vector<D>], n: &Vector<D>) -> f64 {
    points
        .iter()
        .map(|p| p.dot(n))
        .fold(f64::NEG_INFINITY, f64::max)
}

/// Checks every step of `steps` for the query that gave `result`.
#[allow(clippy::too_many_arguments)]
fn check_trace<const D: usize>(
    what: &str,
    steps: &[TraceStep<D>],
    result: &gjk::DistanceResult<D>,
    a: &Shape<D>,
    pose_a: &Pose<D>,
    b: &Shape<D>,
    pose_b: &Pose<D>,
    scale: f64,
) {
    let rounding = 64.0 * f64::EPSILON * scale;
    assert_eq!(
        steps.len() as u32,
        result.iterations,
        "{what}: one step per iteration"
    );
    let (vertices_a, vertices_b) = (core_vertices(a, pose_a), core_vertices(b, pose_b));
    for (i, s) in steps.iter().enumerate() {
        let at = format!("{what}, step {}", i + 1);
        check_numbering(&at, i, s, steps.len());
        check_supports(&at, s, (&vertices_a, &vertices_b), rounding);
        check_simplex(&at, s, rounding);
        check_bounds(&at, i.checked_sub(1).map(|k| &steps[k]), s, rounding);
    }
    check_last_step(what, steps, result, rounding);
}

/// Step `i` of `count` is numbered `i + 1`; the first started the search, and only the last
/// may end it.
fn check_numbering<const D: usize>(at: &str, i: usize, s: &TraceStep<D>, count: usize) {
    assert_eq!(s.iteration as usize, i + 1, "{at}");
    if i == 0 {
        assert_eq!(s.outcome, StepOutcome::Started, "{at}");
    } else if i + 1 < count {
        assert_eq!(
            s.outcome,
            StepOutcome::Added,
            "{at}: only the last step may end the search"
        );
    }
}

/// The support points: differences, and extreme along the direction (brute force over the
/// shapes' `vertices`, when they have finitely many).
fn check_supports<const D: usize>(
    at: &str,
    s: &TraceStep<D>,
    (vertices_a, vertices_b): (&Option<Vec<Vector<D>>>, &Option<Vec<Vector<D>>>),
    rounding: f64,
) {
    assert!(
        (s.support_w - (s.support_a - s.support_b)).norm() <= rounding,
        "{at}"
    );
    if let Some(va) = vertices_a {
        let best = max_along(va, &s.direction);
        assert!(
            s.support_a.dot(&s.direction) >= best - rounding * s.direction.norm(),
            "{at}: support on A"
        );
    }
    if let Some(vb) = vertices_b {
        let best = max_along(vb, &-s.direction);
        assert!(
            (-s.support_b).dot(&s.direction) >= best - rounding * s.direction.norm(),
            "{at}: support on B"
        );
    }
}

/// The simplex: 1 to D + 1 vertices, weights a convex combination giving the closest point,
/// and the point just added among them.
fn check_simplex<const D: usize>(at: &str, s: &TraceStep<D>, rounding: f64) {
    let simplex = s.simplex();
    assert!(
        !simplex.is_empty() && simplex.len() <= D + 1,
        "{at}: {} vertices",
        simplex.len()
    );
    let total: f64 = simplex.iter().map(|v| v.weight).sum();
    assert!((total - 1.0).abs() <= 1e-12, "{at}: weights sum to {total}");
    assert!(
        simplex.iter().all(|v| v.weight > 0.0 && v.weight <= 1.0),
        "{at}"
    );
    let combination: Vector<D> = simplex.iter().map(|v| v.w * v.weight).sum();
    // The closest point is computed directly (a projection on the face), not from the
    // weights; they agree to rounding, sliver triangles included (an edge 1e-7 of the
    // longest: the weights are conditioned on the short edge, simplex.rs).
    assert!(
        (combination - s.closest).norm() <= rounding,
        "{at}: closest point {:?}, the weights give {combination:?}; simplex {simplex:?}",
        s.closest
    );
    for v in simplex {
        assert!(
            (v.w - (v.a - v.b)).norm() <= rounding,
            "{at}: vertex difference"
        );
    }
    if s.outcome == StepOutcome::Added || s.outcome == StepOutcome::Started {
        assert!(
            simplex.iter().any(|v| v.w == s.support_w),
            "{at}: an added point stays in the simplex"
        );
    }
}

/// Bounds: ordered, and tightening from the step `before` (none for the first step).
fn check_bounds<const D: usize>(
    at: &str,
    before: Option<&TraceStep<D>>,
    s: &TraceStep<D>,
    rounding: f64,
) {
    assert!(
        0.0 <= s.lower_bound && s.lower_bound <= s.upper_bound,
        "{at}: {s:?}"
    );
    let Some(before) = before else {
        return;
    };
    // A step may keep |v| within its rounding (far from the origin a real step can
    // shrink it by less), and the final projection on the simplex moves it by rounding.
    assert!(
        s.upper_bound <= before.upper_bound + rounding,
        "{at}: upper bound grew"
    );
    assert!(
        s.lower_bound >= before.lower_bound,
        "{at}: lower bound shrank"
    );
}

/// The last step ends at the result: its bounds and normal, or within rounding of the origin
/// when the shapes intersect.
fn check_last_step<const D: usize>(
    what: &str,
    steps: &[TraceStep<D>],
    result: &gjk::DistanceResult<D>,
    rounding: f64,
) {
    let last = steps.last().expect("at least one step");
    if result.intersecting {
        assert!(last.upper_bound <= rounding, "{what}: {last:?}");
    } else {
        assert_eq!(last.upper_bound, result.distance, "{what}");
        assert_eq!(last.lower_bound, result.lower_bound, "{what}");
        let normal = -last.closest / last.closest.norm();
        assert!((normal - result.normal).norm() <= 1e-12, "{what}: normal");
        assert!(
            last.outcome != StepOutcome::Added || result.distance == 0.0,
            "{what}: {last:?}"
        );
    }
}

fn traces_match_queries<const D: usize>(seed: u64)
where
    Dims: Space<D>,
{
    let mut steps = Vec::new();
    let mut outcomes = std::collections::HashMap::new();
    for_random_pairs::<D>(seed, 3000, |_, what, p| {
        let (size, a, b, pose_a, pose_b) = (p.size, p.a, p.b, p.pose_a, p.pose_b);
        let options = QueryOptions::default();
        let plain = distance_with(&a, &pose_a, &b, &pose_b, &options);
        let traced = distance_traced(&a, &pose_a, &b, &pose_b, &options, &mut steps);
        let scale = 20.0 * size + pose_a.translation().norm() + pose_b.translation().norm();
        if small_polygons(&a, &b) {
            // The plain query is the exact polygon kernel's, the traced one GJK's.
            let (plain, traced) = (plain.unwrap(), traced.as_ref().unwrap());
            assert_eq!(plain.iterations, 0, "{what}");
            assert_agree(&plain, traced, scale, what);
        } else {
            assert_eq!(
                format!("{plain:?}"),
                format!("{traced:?}"),
                "{what}: the trace changes nothing"
            );
        }
        let result = traced.unwrap();
        check_trace(what, &steps, &result, &a, &pose_a, &b, &pose_b, scale);
        *outcomes.entry(steps.last().unwrap().outcome).or_insert(0) += 1;
    });
    // The cases reach the usual ends (a repeated point now almost always comes with a closed
    // gap, as the gap uses the best lower bound seen).
    for outcome in [StepOutcome::Added, StepOutcome::GapClosed] {
        assert!(
            outcomes.contains_key(&outcome),
            "{D}D: no case ended {outcome:?}: {outcomes:?}"
        );
    }
}

tests! {
    traces_match_queries_2d => traces_match_queries::<2>(91);
    traces_match_queries_3d => traces_match_queries::<3>(92);
}

/// The traced distance query of `shape` at the origin and the same shape at `at`, and its steps.
fn traced_against_itself<S: Support<2>>(
    shape: &S,
    at: &Pose<2>,
    options: &QueryOptions,
) -> (Traced, Vec<TraceStep<2>>) {
    let mut steps = Vec::new();
    let outcome = distance_traced(shape, &Pose::identity(), shape, at, options, &mut steps);
    (outcome, steps)
}

/// What a traced 2D query answers.
type Traced = Result<gjk::DistanceResult<2>, gjk::QueryError<gjk::DistanceResult<2>>>;

/// Two 3 x 3 squares, B translated by (5, 1): worked by hand. The search starts towards the
/// reversed centre difference (5, 1): A's corner (3, 3) and B's corner (5, 1) give (-2, 2).
/// Then direction (2, -2): A's (3, 0) and B's (5, 4) give (-2, -4); the segment's point closest
/// to the origin is (-2, 0) = 2/3 (-2, 2) + 1/3 (-2, -4). Then direction (2, 0) finds nothing
/// beyond x = -2: the distance is 2, the lower bound catches up.
#[test]
fn squares_step_by_step() {
    let square = square(3.0);
    let at = Pose::new_2d(5.0, 1.0, 0.0).unwrap();
    let (r, steps) = traced_against_itself(&square, &at, &QueryOptions::default());
    let r = r.unwrap();
    let v = |x: f64, y: f64| Vector::<2>::new(x, y);
    assert_eq!(steps.len(), 3);
    assert_eq!(r.distance, 2.0);

    let s = &steps[0];
    assert_eq!(
        (s.direction, s.support_a, s.support_b, s.support_w),
        (v(5.0, 1.0), v(3.0, 3.0), v(5.0, 1.0), v(-2.0, 2.0))
    );
    assert_eq!(s.outcome, StepOutcome::Started);
    assert_eq!(s.closest, v(-2.0, 2.0));
    assert_eq!((s.lower_bound, s.upper_bound), (0.0, 8f64.sqrt()));

    let s = &steps[1];
    assert_eq!(
        (s.direction, s.support_a, s.support_b, s.support_w),
        (v(2.0, -2.0), v(3.0, 0.0), v(5.0, 4.0), v(-2.0, -4.0))
    );
    assert_eq!(s.outcome, StepOutcome::Added);
    let simplex = s.simplex();
    assert_eq!(simplex.len(), 2);
    let weight_of = |w: Vector<2>| simplex.iter().find(|p| p.w == w).unwrap().weight;
    assert!((weight_of(v(-2.0, 2.0)) - 2.0 / 3.0).abs() < 1e-15);
    assert!((weight_of(v(-2.0, -4.0)) - 1.0 / 3.0).abs() < 1e-15);
    assert!((s.closest - v(-2.0, 0.0)).norm() < 1e-15);
    assert_eq!((s.lower_bound, s.upper_bound), (0.0, 2.0));

    let s = &steps[2];
    assert_eq!(s.direction, v(2.0, 0.0));
    assert_eq!(s.support_w[0], -2.0);
    assert!(matches!(
        s.outcome,
        StepOutcome::Repeated | StepOutcome::GapClosed
    ));
    assert_eq!(s.simplex().len(), 2, "the simplex is unchanged");
    assert!((s.lower_bound - 2.0).abs() < 1e-12 && s.lower_bound <= 2.0);
    assert_eq!(s.upper_bound, 2.0);
}

/// A capped query keeps the steps it made; a smooth pair needs several.
#[test]
fn capped_query_keeps_its_steps() {
    let ellipse = Shape::Ellipsoid(gjk::shape::Ellipsoid::new(Vector::<2>::new(3.0, 1.0)).unwrap());
    let at = Pose::new_2d(7.0, 2.0, 0.5).unwrap();
    let options = QueryOptions {
        relative_tolerance: 0.0,
        max_iterations: 4,
        exact: false,
    };
    let (outcome, steps) = traced_against_itself(&ellipse, &at, &options);
    let best = match outcome {
        Err(gjk::QueryError::NoConvergence(best)) => best,
        other => panic!("expected the cap to stop the search, got {other:?}"),
    };
    assert_eq!(steps.len(), 4);
    assert_eq!(steps[3].upper_bound, best.distance);
    assert!(steps
        .windows(2)
        .all(|w| w[1].upper_bound < w[0].upper_bound));
}
