//! Ray casts and shape casts against oracles: analytic answers for balls, boxes and capsules,
//! ray–half-space clipping against brute-force hull facets for polytopes, and bisection on
//! the distance query for shape casts (the first time the distance reaches the target).

use crate::common::random::random_vector;
use crate::common::{square, Rng};
use gjk::shape::{
    Ball, Capsule, Cone, ConvexHull, Cuboid, Cylinder, Ellipsoid, Point, Segment, Shape,
};
use gjk::{
    distance, penetration, ray_cast, shape_cast, shape_cast_with, CastError, CastHit, CastOptions,
    Pose, QueryError, QueryOptions, RayHit, Support, Vector,
};
use nalgebra::{UnitQuaternion, Vector3};

mod fuzz_regressions;

trait RandomPose<const D: usize> {
    fn random(rng: &mut Rng, at: Vector<D>) -> Pose<D>;
}

impl RandomPose<2> for Pose<2> {
    fn random(rng: &mut Rng, at: Vector<2>) -> Pose<2> {
        Pose::new_2d(at.x, at.y, rng.range(-3.2, 3.2)).unwrap()
    }
}

impl RandomPose<3> for Pose<3> {
    fn random(rng: &mut Rng, at: Vector<3>) -> Pose<3> {
        let axis = Vector3::from_fn(|_, _| rng.range(-1.0, 1.0));
        Pose::new_3d(at, UnitQuaternion::from_scaled_axis(axis * 3.0)).unwrap()
    }
}

fn unit<const D: usize>(rng: &mut Rng) -> Vector<D> {
    loop {
        let v = random_vector::<D>(rng, 1.0);
        let n = v.norm();
        if n > 0.1 && n <= 1.0 {
            return v / n;
        }
    }
}

/// Largest error seen, as a fraction of its scale, with the case that produced it.
#[derive(Default)]
struct Worst(f64, String);

impl Worst {
    fn note(&mut self, error: f64, what: impl FnOnce() -> String) {
        if error > self.0 {
            *self = Worst(error, what());
        }
    }
}

/// The worst relative t errors of a family of rays (`kind`) in 2D and 3D: printed
/// (`--nocapture`), and both below 1e-9.
fn worst_errors(kind: &str, [e2, e3]: [f64; 2]) {
    eprintln!("{kind} rays: worst relative t error 2D {e2:.1e}, 3D {e3:.1e}");
    assert!(e2 < 1e-9 && e3 < 1e-9, "{kind} rays: 2D {e2:e}, 3D {e3:e}");
}

const DEFAULT: QueryOptions = QueryOptions {
    relative_tolerance: 1e-12,
    max_iterations: 128,
    exact: false,
};

/// A ray aimed at a random point near a shape of size `size` centred at `center`.
fn aim<const D: usize>(
    rng: &mut Rng,
    center: &Vector<D>,
    size: f64,
) -> (Vector<D>, Vector<D>, f64) {
    let target = center + random_vector::<D>(rng, 1.3 * size);
    let origin = center + unit::<D>(rng) * rng.range(0.0, 6.0 * size);
    let mut direction = target - origin;
    if direction.norm() == 0.0 {
        direction[0] = size;
    }
    // Direction lengths from 1e-3 to 1e3 of the distance: t is in its units.
    direction *= 10f64.powf(rng.range(-3.0, 3.0));
    let max_t = if rng.below(4) == 0 {
        rng.range(0.0, 1.0) * (target - origin).norm() / direction.norm() * 2.0
    } else {
        f64::INFINITY
    };
    (origin, direction, max_t)
}

/// A scale, an offset of the whole scene and the case's label, cycling through unit shapes
/// near the origin, shapes of 1e-6 and shapes at 1e6.
fn scenario<const D: usize>(rng: &mut Rng, i: usize) -> (f64, Vector<D>) {
    match i % 3 {
        0 => (1.0, random_vector::<D>(rng, 3.0)),
        1 => (1e-6, random_vector::<D>(rng, 3e-6)),
        _ => (1.0, Vector::<D>::repeat(1e6) + random_vector::<D>(rng, 3.0)),
    }
}

/// Runs `case` on `cases` random cases drawn from `seed`: case `i` gets the random numbers,
/// its index, its size and centre from [`scenario`], and the worst error so far to note its
/// own in; returns the worst.
fn random_cases<const D: usize>(
    seed: u64,
    cases: usize,
    mut case: impl FnMut(&mut Rng, usize, (f64, Vector<D>), &mut Worst),
) -> Worst {
    let mut rng = Rng::new(seed);
    let mut worst = Worst::default();
    for i in 0..cases {
        let place = scenario::<D>(&mut rng, i);
        case(&mut rng, i, place, &mut worst);
    }
    worst
}

// ---------------------------------------------------------------------------------------
// Rays against balls: the textbook quadratic, written around the closest approach.

fn ball_oracle<const D: usize>(
    center: &Vector<D>,
    r: f64,
    origin: &Vector<D>,
    direction: &Vector<D>,
) -> Option<(f64, f64)> {
    let m = origin - center;
    let a = direction.norm_squared();
    let t_closest = -m.dot(direction) / a;
    let q = (m + direction * t_closest).norm();
    if m.norm() <= r {
        return Some((0.0, 1.0));
    }
    if q > r || t_closest < 0.0 {
        return None;
    }
    let half = ((r - q) * (r + q) / a).sqrt();
    // Conditioning: how much t moves per unit of q, in units of r / |d|.
    Some((t_closest - half, r / ((r - q) * (r + q)).sqrt().max(1e-300)))
}

fn rays_against_balls<const D: usize>(seed: u64, cases: usize) -> f64
where
    Pose<D>: RandomPose<D>,
{
    let mut hits = 0;
    let worst = random_cases::<D>(seed, cases, |rng, i, (size, center), worst| {
        let r = size * rng.range(0.2, 1.0);
        let ball = Ball::<D>::new(r).unwrap();
        let pose = Pose::<D>::random(rng, center);
        let (origin, direction, max_t) = aim(rng, &center, r);
        let expected = ball_oracle(&center, r, &origin, &direction).filter(|(t, _)| *t <= max_t);
        let closed = Shape::Ball(ball)
            .ray_cast(&pose, &origin, &direction, max_t, &DEFAULT)
            .unwrap();
        let generic = ray_cast(&ball, &pose, &origin, &direction, max_t).unwrap();
        for (how, got) in [("closed form", closed), ("gjk", generic)] {
            let time_scale = r / direction.norm();
            match (expected, got) {
                (Some((t, cond)), Some(hit)) => {
                    hits += 1;
                    let error = (hit.t - t).abs() / (t.max(time_scale) * cond.min(1e6));
                    worst.note(error, || format!("{how} case {i}: {t} vs {}", hit.t));
                    if !hit.started_inside {
                        let on_surface = ((hit.point - center).norm() - r).abs();
                        assert!(on_surface <= 1e-9 * r + 1e-15 * center.norm(), "{how} {i}");
                        let radial = (hit.point - center) / r;
                        if cond < 1e3 {
                            assert!((hit.normal - radial).norm() < 1e-6, "{how} {i}");
                        }
                    }
                }
                (None, None) => {}
                (Some((_, cond)), None) | (None, Some(RayHit { t: cond, .. })) => {
                    // Only grazing rays may disagree.
                    let m = origin - center;
                    let q = (m - direction * (m.dot(&direction) / direction.norm_squared())).norm();
                    assert!(
                        (q - r).abs() <= 1e-9 * r || cond > 1e6,
                        "{how} case {i}: expected {expected:?}, got {got:?}"
                    );
                }
            }
        }
    });
    assert!(hits > cases / 3, "only {hits} hits");
    assert!(worst.0 < 1e-9, "worst ball ray: {} ({})", worst.0, worst.1);
    worst.0
}

tests! {
    rays_against_circles_and_spheres =>
        worst_errors("ball", [rays_against_balls::<2>(1, 3000), rays_against_balls::<3>(2, 3000)]);
}

// ---------------------------------------------------------------------------------------
// Rays against polytopes: clipped by every facet plane of the hull, found by brute force.

/// The facet planes (unit outward normal n, offset h: n.x <= h inside) of the hull of
/// `points`: every line through two points (2D) or plane through three (3D) that has all
/// points on one side.
fn facets<const D: usize>(points: &[Vector<D>]) -> Vec<(Vector<D>, f64)> {
    let size = points
        .iter()
        .map(|p| (p - points[0]).norm())
        .fold(0.0, f64::max);
    let far = points.iter().map(|p| p.amax()).fold(0.0, f64::max);
    // The points' own rounding: far from the origin it dominates.
    let flat = 1e-12 * size + 1e-14 * far;
    let mut planes = Vec::new();
    let n = points.len();
    let mut consider = |normal: Vector<D>, at: &Vector<D>| {
        let len = normal.norm();
        if len <= 1e-9 * size.powi(D as i32 - 1) {
            return;
        }
        let normal = normal / len;
        let h = normal.dot(at);
        let (mut above, mut below) = (false, false);
        for p in points {
            let s = normal.dot(p) - h;
            above |= s > flat;
            below |= s < -flat;
        }
        if above && below {
            return;
        }
        let normal = if above { -normal } else { normal };
        if planes
            .iter()
            .any(|(n, _): &(Vector<D>, f64)| n.dot(&normal) > 1.0 - 1e-12)
        {
            return;
        }
        planes.push((normal, if above { -h } else { h }));
    };
    for i in 0..n {
        for j in i + 1..n {
            let e = points[j] - points[i];
            if D == 2 {
                let mut normal = Vector::<D>::zeros();
                normal[0] = -e[1];
                normal[1] = e[0];
                consider(normal, &points[i]);
            } else {
                for k in j + 1..n {
                    let f = points[k] - points[i];
                    let c = Vector3::new(e[0], e[1], e[2]).cross(&Vector3::new(f[0], f[1], f[2]));
                    consider(Vector::<D>::from_fn(|r, _| c[r]), &points[i]);
                }
            }
        }
    }
    planes
}

/// The ray against the intersection of half-spaces: (t_enter, t_exit, entering normal) or
/// None when it misses; t_enter < 0 when the origin is inside.
fn clip<const D: usize>(
    planes: &[(Vector<D>, f64)],
    origin: &Vector<D>,
    direction: &Vector<D>,
) -> Option<(f64, f64, Vector<D>)> {
    let mut enter = f64::NEG_INFINITY;
    let mut exit = f64::INFINITY;
    let mut normal = Vector::<D>::zeros();
    for (n, h) in planes {
        let nd = n.dot(direction);
        let gap = h - n.dot(origin);
        if nd == 0.0 {
            if gap < 0.0 {
                return None;
            }
        } else if nd < 0.0 {
            let t = gap / nd;
            if t > enter {
                enter = t;
                normal = *n;
            }
        } else {
            exit = exit.min(gap / nd);
        }
    }
    (enter <= exit && exit >= 0.0).then_some((enter, exit, normal))
}

fn rays_against_polytopes<const D: usize>(seed: u64, cases: usize) -> f64
where
    Pose<D>: RandomPose<D>,
{
    let (mut hits, mut inside) = (0, 0);
    let worst = random_cases::<D>(seed, cases, |rng, i, (size, center), worst| {
        let count = 4 + rng.below(if D == 2 { 8 } else { 6 });
        let local: Vec<Vector<D>> = (0..count).map(|_| random_vector::<D>(rng, size)).collect();
        let pose = Pose::<D>::random(rng, center);
        let world: Vec<Vector<D>> = local.iter().map(|p| pose.transform_point(p)).collect();
        // The oracle runs in the hull's frame, where the points are exact.
        let planes = facets(&local);
        let hull = ConvexHull::new(local).unwrap();
        let (origin, direction, max_t) = aim(rng, &center, size);
        let lo = pose.rotation().tr_mul(&(origin - center));
        let ld = pose.rotation().tr_mul(&direction);
        let time_scale = size / direction.norm();
        let expected = clip(&planes, &lo, &ld).filter(|(t, _, _)| *t <= max_t);
        let got = ray_cast(&hull, &pose, &origin, &direction, max_t).unwrap();
        match (expected, got) {
            (Some((enter, _, _)), Some(hit)) => {
                hits += 1;
                if enter <= 0.0 {
                    inside += 1;
                    assert!(
                        hit.started_inside || enter > -1e-9 * time_scale,
                        "case {i}: inside"
                    );
                    return;
                }
                let error = (hit.t - enter).abs() / enter.max(time_scale);
                worst.note(error, || format!("case {i}: {enter} vs {}", hit.t));
                // The normal is a supporting plane's at the hit point.
                for p in &world {
                    assert!(
                        hit.normal.dot(&(p - hit.point)) <= 1e-7 * size,
                        "case {i}: normal {:?} does not support the hull",
                        hit.normal
                    );
                }
                assert!((hit.normal.norm() - 1.0).abs() < 1e-12);
            }
            (None, None) => {}
            (expected, got) => {
                // Only grazing rays may disagree: the clipped interval is (nearly) empty.
                let (enter, exit, _) =
                    clip(&planes, &lo, &ld).unwrap_or((0.0, 0.0, Vector::zeros()));
                let grazing = exit - enter <= 1e-9 * time_scale
                    || got.is_some_and(|h| (h.t - max_t).abs() <= 1e-9 * max_t);
                let near = clip_margin(&planes, &lo, &ld, 1e-9 * size);
                assert!(
                    grazing || near,
                    "case {i}: expected {expected:?}, got {got:?}; {world:?} {origin:?} {direction:?} {max_t} {:?}", hull.center()
                );
            }
        }
    });
    assert!(
        hits > cases / 5 && inside > 10,
        "{hits} hits, {inside} inside"
    );
    assert!(
        worst.0 < 1e-9,
        "worst polytope ray: {} ({})",
        worst.0,
        worst.1
    );
    worst.0
}

/// Whether the ray meets the hull grown by `margin` but not shrunk by it (a grazing ray).
fn clip_margin<const D: usize>(
    planes: &[(Vector<D>, f64)],
    origin: &Vector<D>,
    direction: &Vector<D>,
    margin: f64,
) -> bool {
    let grown: Vec<_> = planes.iter().map(|(n, h)| (*n, h + margin)).collect();
    let shrunk: Vec<_> = planes.iter().map(|(n, h)| (*n, h - margin)).collect();
    clip(&grown, origin, direction).is_some() != clip(&shrunk, origin, direction).is_some()
}

tests! {
    rays_against_polygons_and_polytopes => worst_errors(
        "polytope",
        [rays_against_polytopes::<2>(3, 3000), rays_against_polytopes::<3>(4, 2000)],
    );
}

#[test]
fn rays_against_boxes_closed_form_and_gjk() {
    let mut rng = Rng::new(5);
    let mut worst = Worst::default();
    for i in 0..3000 {
        let (size, center) = scenario::<3>(&mut rng, i);
        let h = Vector::<3>::from_fn(|_, _| size * rng.range(0.1, 1.0));
        let cuboid = Cuboid::new(h).unwrap();
        let pose = Pose::<3>::random(&mut rng, center);
        let corners: Vec<Vector<3>> = (0..8)
            .map(|k| {
                let local = Vector::<3>::from_fn(|a, _| if k >> a & 1 == 1 { h[a] } else { -h[a] });
                pose.transform_point(&local)
            })
            .collect();
        let local: Vec<Vector<3>> = corners
            .iter()
            .map(|c| pose.rotation().tr_mul(&(c - center)))
            .collect();
        let planes = facets(&local);
        assert_eq!(planes.len(), 6, "one plane per face");
        let (origin, direction, max_t) = aim(&mut rng, &center, size);
        let lo = pose.rotation().tr_mul(&(origin - center));
        let ld = pose.rotation().tr_mul(&direction);
        let time_scale = size / direction.norm();
        let expected = clip(&planes, &lo, &ld).filter(|(t, _, _)| *t <= max_t);
        let closed = Shape::Cuboid(cuboid)
            .ray_cast(&pose, &origin, &direction, max_t, &DEFAULT)
            .unwrap();
        let generic = ray_cast(&cuboid, &pose, &origin, &direction, max_t).unwrap();
        for (how, got) in [("closed form", closed), ("gjk", generic)] {
            match (expected, got) {
                (Some((enter, exit, normal)), Some(hit)) => {
                    if enter <= 0.0 {
                        assert!(hit.started_inside || enter > -1e-9 * time_scale);
                        continue;
                    }
                    let error = (hit.t - enter).abs() / enter.max(time_scale);
                    worst.note(error, || format!("{how} {i}: {enter} vs {}", hit.t));
                    if exit - enter > 1e-3 * time_scale && !hit.started_inside {
                        // The face's normal, or (at an edge or corner) a supporting one.
                        assert!(
                            hit.normal.dot(&pose.transform_vector(&normal)) > 1.0 - 1e-6
                                || (0..8)
                                    .all(|k| hit.normal.dot(&(corners[k] - hit.point))
                                        <= 1e-7 * size),
                            "{how} {i}: normal {:?} vs {normal:?}",
                            hit.normal
                        );
                    }
                }
                (None, None) => {}
                (_, got) => {
                    let near = clip_margin(&planes, &lo, &ld, 1e-9 * size);
                    let at_max = got.is_some_and(|h| h.t >= max_t * (1.0 - 1e-9));
                    let cut = expected.is_none()
                        && clip(&planes, &lo, &ld)
                            .is_some_and(|(t, _, _)| t <= max_t * (1.0 + 1e-9));
                    assert!(near || at_max || cut, "{how} {i}: {expected:?} vs {got:?}");
                }
            }
        }
    }
    assert!(worst.0 < 1e-9, "worst box ray: {} ({})", worst.0, worst.1);
    eprintln!("box rays: worst relative t error {:.1e}", worst.0);
}

// ---------------------------------------------------------------------------------------
// Rays against capsules and stadiums: a cylinder (or two lines) and two end balls.

fn capsule_oracle<const D: usize>(
    half_length: f64,
    r: f64,
    origin: &Vector<D>,
    direction: &Vector<D>,
) -> Option<f64> {
    let axis = if D == 2 { 0 } else { 2 };
    let mut end = Vector::<D>::zeros();
    end[axis] = half_length;
    let segment_distance = |p: &Vector<D>| {
        let mut q = Vector::<D>::zeros();
        q[axis] = p[axis].clamp(-half_length, half_length);
        (p - q).norm()
    };
    if segment_distance(origin) <= r {
        return Some(0.0);
    }
    let mut best = f64::INFINITY;
    for e in [end, -end] {
        if let Some((t, _)) = ball_oracle(&e, r, origin, direction) {
            best = best.min(t);
        }
    }
    let mut m = *origin;
    m[axis] = 0.0;
    let mut d = *direction;
    d[axis] = 0.0;
    let a = d.norm_squared();
    if a > 0.0 {
        let tc = -m.dot(&d) / a;
        let q = (m + d * tc).norm();
        if q <= r {
            let t = tc - ((r - q) * (r + q) / a).sqrt();
            let along = origin[axis] + direction[axis] * t;
            if t >= 0.0 && along.abs() <= half_length {
                best = best.min(t);
            }
        }
    }
    best.is_finite().then_some(best)
}

fn rays_against_capsules<const D: usize>(seed: u64, cases: usize) -> f64
where
    Pose<D>: RandomPose<D>,
{
    let axis = if D == 2 { 0 } else { 2 };
    let worst = random_cases::<D>(seed, cases, |rng, i, (size, center), worst| {
        let (half_length, r) = (size * rng.range(0.0, 1.0), size * rng.range(0.1, 0.6));
        let capsule = Capsule::<D>::along_axis(axis, half_length, r).unwrap();
        let pose = Pose::<D>::random(rng, center);
        let (origin, direction, max_t) = aim(rng, &center, size);
        // The oracle in the capsule's frame.
        let local_origin = pose.rotation().tr_mul(&(origin - center));
        let local_direction = pose.rotation().tr_mul(&direction);
        let expected =
            capsule_oracle(half_length, r, &local_origin, &local_direction).filter(|t| *t <= max_t);
        let time_scale = size / direction.norm();
        let got = Shape::Capsule(capsule.clone())
            .ray_cast(&pose, &origin, &direction, max_t, &DEFAULT)
            .unwrap();
        match (expected, got) {
            (Some(t), Some(hit)) => {
                let error = (hit.t - t).abs() / t.max(time_scale);
                // Grazing hits are ill-conditioned: only the hit point's surface distance counts.
                let local = pose.rotation().tr_mul(&(hit.point - center));
                let mut q = Vector::<D>::zeros();
                q[axis] = local[axis].clamp(-half_length, half_length);
                let surface = ((local - q).norm() - r).abs();
                if !hit.started_inside {
                    assert!(surface <= 1e-9 * size, "case {i}: {surface} {hit:?}");
                }
                if error > 1e-9 {
                    let shifted = capsule_oracle(
                        half_length,
                        r * (1.0 - 1e-7),
                        &local_origin,
                        &local_direction,
                    );
                    assert!(
                        shifted.is_none()
                            || (shifted.unwrap() - t).abs() > 1e3 * error * t.max(time_scale),
                        "case {i}: {t} vs {} (error {error})",
                        hit.t
                    );
                } else {
                    worst.note(error, || format!("case {i}: {t} vs {}", hit.t));
                }
            }
            (None, None) => {}
            (expected, got) => {
                let grown = capsule_oracle(
                    half_length,
                    r * (1.0 + 1e-9),
                    &local_origin,
                    &local_direction,
                );
                let shrunk = capsule_oracle(
                    half_length,
                    r * (1.0 - 1e-9),
                    &local_origin,
                    &local_direction,
                );
                let at_max = got.is_some_and(|h| h.t >= max_t * (1.0 - 1e-9))
                    || grown.is_some_and(|t| (t - max_t).abs() <= 1e-9 * max_t.max(time_scale));
                assert!(
                    grown.is_some() != shrunk.is_some() || at_max,
                    "case {i}: expected {expected:?}, got {got:?}"
                );
            }
        }
    });
    worst.0
}

tests! {
    rays_against_stadiums_and_capsules => worst_errors(
        "capsule",
        [rays_against_capsules::<2>(6, 2000), rays_against_capsules::<3>(7, 2000)],
    );
}

#[test]
fn rays_starting_inside_or_on_the_surface() {
    let square = square(2.0);
    let pose = Pose::identity();
    for origin in [Vector::<2>::new(1.0, 1.0), Vector::<2>::new(2.0, 1.0)] {
        let direction = Vector::<2>::new(3.0, 4.0);
        let hit = ray_cast(&square, &pose, &origin, &direction, 10.0)
            .unwrap()
            .unwrap();
        assert!(hit.started_inside && hit.t == 0.0 && hit.point == origin);
        assert!((hit.normal + Vector::<2>::new(0.6, 0.8)).norm() < 1e-15);
    }
    // From outside, along a face: touches the corner first (closed sets).
    let hit = ray_cast(
        &square,
        &pose,
        &Vector::<2>::new(-1.0, 2.0),
        &Vector::<2>::new(1.0, 0.0),
        10.0,
    )
    .unwrap()
    .unwrap();
    assert!(
        (hit.t - 1.0).abs() < 1e-12 && !hit.started_inside,
        "{hit:?}"
    );
    // Sphere and box closed forms agree with GJK on the inside flag.
    let ball = Ball::<3>::new(1.0).unwrap();
    let o = Vector::<3>::new(0.5, 0.0, 0.0);
    let d = Vector::<3>::new(1.0, 0.0, 0.0);
    let closed = Shape::Ball(ball)
        .ray_cast(&Pose::identity(), &o, &d, 1.0, &DEFAULT)
        .unwrap()
        .unwrap();
    assert!(closed.started_inside && closed.normal == -d);
}

#[test]
fn rays_reject_bad_input() {
    let ball = Ball::<2>::new(1.0).unwrap();
    let pose = Pose::identity();
    let o = Vector::<2>::new(-3.0, 0.0);
    let d = Vector::<2>::new(1.0, 0.0);
    let invalid = |r: Result<Option<RayHit<2>>, CastError>, needle: &str| match r {
        Err(CastError::InvalidArgument(m)) => assert!(m.contains(needle), "{m}"),
        other => panic!("expected an invalid argument, got {other:?}"),
    };
    invalid(ray_cast(&ball, &pose, &o, &Vector::zeros(), 1.0), "zero");
    invalid(
        ray_cast(&ball, &pose, &Vector::<2>::new(f64::NAN, 0.0), &d, 1.0),
        "origin component 0",
    );
    invalid(
        ray_cast(&ball, &pose, &o, &Vector::<2>::new(1.0, f64::INFINITY), 1.0),
        "direction component 1",
    );
    // Beyond the supported range, as shapes' coordinates (found by fuzzing: a direction of
    // 1.7e260 from inside the shape was answered, and its hit point's bound overflowed).
    invalid(
        ray_cast(&ball, &pose, &o, &Vector::<2>::new(1.7e260, 0.0), 1.0),
        "direction component 0 is 1.7e260, beyond the supported magnitude",
    );
    invalid(
        ray_cast(&ball, &pose, &Vector::<2>::new(0.0, -2e50), &d, 1.0),
        "origin component 1",
    );
    // And shorter than the smallest size (fuzzing: a direction of 1.2e-321 hit at t = inf).
    invalid(
        ray_cast(
            &ball,
            &pose,
            &o,
            &Vector::<2>::new(0.0, 1.156e-321),
            f64::INFINITY,
        ),
        "direction's length is 1.156e-321, below the smallest supported nonzero size",
    );
    invalid(ray_cast(&ball, &pose, &o, &d, -1.0), "max_t");
    invalid(ray_cast(&ball, &pose, &o, &d, f64::NAN), "max_t");
    invalid(
        Shape::Ball(ball).ray_cast(&pose, &o, &Vector::zeros(), 1.0, &DEFAULT),
        "zero",
    );
    // Infinite max_t is allowed; a short one stops before the hit.
    assert!(ray_cast(&ball, &pose, &o, &d, f64::INFINITY)
        .unwrap()
        .is_some());
    assert!(ray_cast(&ball, &pose, &o, &d, 1.999).unwrap().is_none());
    let exact = ray_cast(&ball, &pose, &o, &d, 2.0).unwrap().unwrap();
    assert!((exact.t - 2.0).abs() < 1e-12);
}

// ---------------------------------------------------------------------------------------
// Shape casts against bisection on the distance query.

fn random_shape<const D: usize>(rng: &mut Rng, size: f64) -> Shape<D> {
    let axis = if D == 2 { 0 } else { 2 };
    match rng.below(10) {
        0 | 1 => {
            let count = 1 + rng.below(10);
            Shape::ConvexHull(
                ConvexHull::new((0..count).map(|_| random_vector(rng, size)).collect()).unwrap(),
            )
        }
        2 => Shape::Ball(Ball::new(size * rng.range(0.1, 1.0)).unwrap()),
        3 => Shape::Cuboid(
            Cuboid::new(Vector::<D>::from_fn(|_, _| size * rng.range(0.1, 1.0))).unwrap(),
        ),
        4 => Shape::Capsule(
            Capsule::along_axis(axis, size * rng.range(0.0, 1.0), size * rng.range(0.1, 0.5))
                .unwrap(),
        ),
        5 => Shape::Ellipsoid(
            Ellipsoid::new(Vector::<D>::from_fn(|_, _| size * rng.range(0.2, 1.0))).unwrap(),
        ),
        6 => Shape::Segment(
            Segment::new(random_vector(rng, size), random_vector(rng, size)).unwrap(),
        ),
        7 => Shape::Cylinder(
            Cylinder::new(size * rng.range(0.1, 1.0), size * rng.range(0.1, 1.0)).unwrap(),
        ),
        8 => {
            Shape::Cone(Cone::new(size * rng.range(0.1, 1.0), size * rng.range(0.1, 1.0)).unwrap())
        }
        // A rounded hull or box.
        _ => random_shape::<D>(rng, 0.7 * size)
            .rounded(size * rng.range(0.1, 0.3))
            .unwrap(),
    }
}

fn moved<const D: usize>(pose: &Pose<D>, velocity: &Vector<D>, t: f64) -> Pose<D> {
    Pose::from_translation(velocity * t).unwrap() * *pose
}

struct Scene<const D: usize> {
    a: Shape<D>,
    pose_a: Pose<D>,
    velocity_a: Vector<D>,
    b: Shape<D>,
    pose_b: Pose<D>,
    velocity_b: Vector<D>,
    separation: f64,
    max_t: f64,
}

impl<const D: usize> Scene<D> {
    /// Distance at time `t`, less the target.
    fn gap(&self, t: f64) -> f64 {
        let pa = moved(&self.pose_a, &self.velocity_a, t);
        let pb = moved(&self.pose_b, &self.velocity_b, t);
        let r = distance(&self.a, &pa, &self.b, &pb).unwrap();
        // Intersecting is the verdict: within the touching tolerance without a proof of
        // overlap, `distance` is an upper bound above 0 (a tolerance call).
        let distance = if r.intersecting { 0.0 } else { r.distance };
        distance - self.separation
    }

    /// Signed distance at time `t` (a convex function of `t`), less the target.
    fn signed_gap(&self, t: f64) -> f64 {
        let pa = moved(&self.pose_a, &self.velocity_a, t);
        let pb = moved(&self.pose_b, &self.velocity_b, t);
        let signed = match penetration(&self.a, &pa, &self.b, &pb) {
            Ok(p) => p.signed_distance,
            // Deep overlaps of curved shapes: the best depth found is plenty for a sign.
            Err(QueryError::NoConvergence(best)) => best.signed_distance,
            Err(e) => panic!("{e}"),
        };
        signed - self.separation
    }

    /// The oracle: the first time the gap reaches 0 (golden-section search for the minimum of
    /// the convex gap, then bisection), with the minimum gap seen.
    fn first_contact(&self) -> (Option<f64>, f64) {
        if self.gap(0.0) <= 0.0 {
            return (Some(0.0), self.gap(0.0));
        }
        let phi = 0.5 * (5f64.sqrt() - 1.0);
        let (mut lo, mut hi) = (0.0, self.max_t);
        let mut x1 = hi - phi * (hi - lo);
        let mut x2 = lo + phi * (hi - lo);
        let (mut f1, mut f2) = (self.gap(x1), self.gap(x2));
        let mut hit = None;
        let mut lowest = f1.min(f2).min(self.gap(self.max_t));
        for _ in 0..90 {
            if f1 <= 0.0 {
                hit = Some(x1);
                break;
            }
            if f2 <= 0.0 {
                hit = Some(x2);
                break;
            }
            if f1 < f2 {
                hi = x2;
                (x2, f2) = (x1, f1);
                x1 = hi - phi * (hi - lo);
                f1 = self.gap(x1);
            } else {
                lo = x1;
                (x1, f1) = (x2, f2);
                x2 = lo + phi * (hi - lo);
                f2 = self.gap(x2);
            }
            lowest = lowest.min(f1).min(f2);
        }
        if hit.is_none() && self.gap(self.max_t) <= 0.0 {
            hit = Some(self.max_t);
        }
        let Some(mut hi) = hit else {
            return (None, lowest);
        };
        // How deep the motion goes: near 0, the verdict is within rounding.
        let deepest = self.signed_gap(hi);
        let mut lo = 0.0;
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if mid <= lo || mid >= hi {
                break;
            }
            if self.gap(mid) <= 0.0 {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        (Some(hi), deepest)
    }
}

/// The scene of case `i`: two random shapes of about `size` near `center`, A moving or still,
/// B aimed at A, passing by or moving with it, with or without a target separation; with its
/// time scale (the time to travel `size` at the relative speed).
fn random_scene<const D: usize>(
    rng: &mut Rng,
    i: usize,
    size: f64,
    center: Vector<D>,
) -> (Scene<D>, f64)
where
    Pose<D>: RandomPose<D>,
{
    let a = random_shape::<D>(rng, size);
    let b = random_shape::<D>(rng, size);
    let pose_a = Pose::<D>::random(rng, center);
    let start_b = center + unit::<D>(rng) * size * rng.range(0.0, 8.0);
    let pose_b = Pose::<D>::random(rng, start_b);
    let speed = size * 10f64.powf(rng.range(-2.0, 2.0));
    let velocity_a = match i % 5 {
        0 => Vector::zeros(),
        _ => random_vector::<D>(rng, speed),
    };
    let aim = center + random_vector::<D>(rng, 2.0 * size) - start_b;
    let velocity_b = match i % 7 {
        // Zero relative velocity.
        0 => velocity_a,
        // Parallel to the offset's normal: sliding past or alongside.
        1 => {
            let mut v = Vector::<D>::zeros();
            v[0] = -aim[1];
            v[1] = aim[0];
            velocity_a + v.normalize() * speed
        }
        _ => velocity_a + aim.normalize() * speed,
    };
    let separation = if i.is_multiple_of(3) {
        size * rng.range(0.0, 2.0)
    } else {
        0.0
    };
    let time_scale = size / (velocity_b - velocity_a).norm().max(speed * 1e-3);
    let scene = Scene {
        a,
        pose_a,
        velocity_a,
        b,
        pose_b,
        velocity_b,
        separation,
        max_t: time_scale * rng.range(1.0, 20.0),
    };
    (scene, time_scale)
}

impl<const D: usize> Scene<D> {
    /// The shape cast under test, with the default query options; case `i` names a failure.
    fn cast(&self, i: usize) -> Option<CastHit<D>> {
        let options = CastOptions {
            max_t: self.max_t,
            target_separation: self.separation,
            query: DEFAULT,
        };
        shape_cast_with(
            &self.a,
            &self.pose_a,
            &self.velocity_a,
            &self.b,
            &self.pose_b,
            &self.velocity_b,
            &options,
        )
        .unwrap_or_else(|e| panic!("case {i}: {e}"))
    }

    /// Checks `hit`, a cast of case `i` that the oracle says first touches at `t` > 0: within
    /// 1e-9 of `t` when well-conditioned (noted in `worst`), and at the reported time the
    /// shapes at the target separation, the reported points on the shapes and the normal
    /// against the relative velocity. `scale` bounds the rounding, `size` and `time_scale` are
    /// those of [`random_scene`].
    fn check_hit(
        &self,
        i: usize,
        t: f64,
        hit: &CastHit<D>,
        (size, time_scale, scale): (f64, f64, f64),
        worst: &mut Worst,
    ) {
        // Well-conditioned when the gap closes at a good rate.
        let slope = (self.gap((t - 1e-4 * time_scale).max(0.0)) - self.gap(t))
            / (t - (t - 1e-4 * time_scale).max(0.0));
        let error = (hit.t - t).abs() / t.max(time_scale);
        if slope * time_scale > 1e-2 * size {
            worst.note(error, || format!("case {i}: {t} vs {}", hit.t));
        }
        // At the reported time the shapes are at the target separation, and the reported
        // points and normal say so.
        assert!(self.gap(hit.t).abs() <= 1e-8 * scale, "case {i}");
        assert!((hit.signed_distance - self.separation).abs() <= 1e-8 * scale);
        assert!(((hit.point_b - hit.point_a).norm() - self.separation).abs() <= 1e-8 * scale);
        assert!((hit.normal.norm() - 1.0).abs() < 1e-12);
        assert!(hit.normal.dot(&(self.velocity_b - self.velocity_a)) <= 0.0);
        // The points are on the shapes where they are at time t.
        let off = |shape: &Shape<D>, pose: &Pose<D>, velocity: &Vector<D>, point: &Vector<D>| {
            let point = Point::new(*point).unwrap();
            let moved = moved(pose, velocity, hit.t);
            distance(shape, &moved, &point, &Pose::identity())
                .unwrap()
                .distance
        };
        let on_a = off(&self.a, &self.pose_a, &self.velocity_a, &hit.point_a);
        let on_b = off(&self.b, &self.pose_b, &self.velocity_b, &hit.point_b);
        assert!(on_a.max(on_b) <= 1e-8 * scale, "case {i}");
    }
}

fn shape_casts<const D: usize>(seed: u64, cases: usize) -> (f64, usize, usize)
where
    Pose<D>: RandomPose<D>,
{
    let (mut hits, mut graze) = (0, 0);
    let worst = random_cases::<D>(seed, cases, |rng, i, (size, center), worst| {
        let (scene, time_scale) = random_scene::<D>(rng, i, size, center);
        let got = scene.cast(i);
        let (expected, lowest) = scene.first_contact();
        let scale = scene.a.extent() + scene.b.extent() + scene.separation + size;
        if lowest.abs() <= 1e-7 * scale {
            // Grazing: the verdict is within rounding; a hit must still be at the target.
            graze += 1;
            if let Some(hit) = got {
                if !hit.started_within {
                    assert!(scene.gap(hit.t) <= 1e-7 * scale, "case {i}");
                }
            }
            return;
        }
        match (expected, got) {
            (Some(t), Some(hit)) => {
                hits += 1;
                assert_eq!(t == 0.0, hit.started_within, "case {i}: {t} vs {hit:?}");
                if t != 0.0 {
                    scene.check_hit(i, t, &hit, (size, time_scale, scale), worst);
                }
            }
            (None, None) => {}
            (expected, got) => panic!(
                "case {i}: expected {expected:?}, got {got:?}, {:?} {:?} {:?} {:?} {:?} {:?} {} {} lowest {lowest}",
                scene.a, scene.pose_a, scene.velocity_a, scene.b, scene.pose_b, scene.velocity_b, scene.separation, scene.max_t
            ),
        }
    });
    assert!(hits > cases / 8, "only {hits} hits");
    assert!(
        worst.0 < 1e-9,
        "worst shape cast: {} ({})",
        worst.0,
        worst.1
    );
    (worst.0, hits, graze)
}

#[test]
fn shape_casts_in_2d_against_bisection() {
    let (e, hits, graze) = shape_casts::<2>(8, 1200);
    eprintln!("2D shape casts: worst relative t error {e:.1e} ({hits} hits, {graze} grazing)");
}

#[test]
fn shape_casts_in_3d_against_bisection() {
    let (e, hits, graze) = shape_casts::<3>(9, 1200);
    eprintln!("3D shape casts: worst relative t error {e:.1e} ({hits} hits, {graze} grazing)");
}

#[test]
fn moving_balls_against_the_closed_form() {
    // Balls meet when their centres come within ra + rb + s: a ray against a ball.
    let mut rng = Rng::new(10);
    let (mut worst, mut worst_normal) = (Worst::default(), Worst::default());
    for i in 0..2000 {
        let (size, center) = scenario::<3>(&mut rng, i);
        let (ra, rb) = (size * rng.range(0.0, 1.0), size * rng.range(0.0, 1.0));
        let s = size * rng.range(0.0, 3.0) * f64::from(u8::from(i % 2 == 0));
        let ca = center;
        let cb = center + unit::<3>(&mut rng) * size * rng.range(0.0, 10.0);
        let va = random_vector::<3>(&mut rng, 1.0);
        let vb = va + (ca + random_vector::<3>(&mut rng, 3.0 * size) - cb) * rng.range(0.1, 3.0);
        let expected = ball_oracle(&ca, ra + rb + s, &cb, &(vb - va));
        let options = CastOptions {
            target_separation: s,
            ..CastOptions::default()
        };
        let got = shape_cast_with(
            &Ball::<3>::new(ra).unwrap(),
            &Pose::from_translation(ca).unwrap(),
            &va,
            &Ball::<3>::new(rb).unwrap(),
            &Pose::from_translation(cb).unwrap(),
            &vb,
            &options,
        )
        .unwrap();
        match (expected, got) {
            (Some((t, cond)), Some(hit)) => {
                let time_scale = size / (vb - va).norm();
                if cond < 1e3 && t > 0.0 {
                    let error = (hit.t - t).abs() / t.max(time_scale);
                    worst.note(error, || format!("case {i}: {t} vs {}", hit.t));
                    // The normal at contact: from A's centre towards B's at the exact time.
                    let exact = (cb + (vb - va) * t - ca).normalize();
                    let off = (hit.normal - exact).norm();
                    worst_normal.note(off, || format!("case {i}: {:?} vs {exact:?}", hit.normal));
                }
                assert_eq!(t == 0.0, hit.started_within, "case {i}");
            }
            (None, None) => {}
            (Some((_, cond)), None) => assert!(cond > 1e3, "case {i}: missed"),
            (None, Some(hit)) => panic!("case {i}: unexpected {hit:?}"),
        }
    }
    assert!(worst.0 < 1e-9, "worst: {} ({})", worst.0, worst.1);
    assert!(
        worst_normal.0 < 1e-9,
        "worst normal: {} ({})",
        worst_normal.0,
        worst_normal.1
    );
    eprintln!(
        "moving balls: worst relative t error {:.1e}, normal {:.1e}",
        worst.0, worst_normal.0
    );
}

#[test]
fn aircraft_come_within_five_km() {
    // Two aircraft (points) at 10 km altitude, 100 km apart, flying at 250 m/s: head-on, they
    // come within 5 km when the gap closed by 95 km at 500 m/s, after 190 s.
    let a = Ball::<3>::new(0.0).unwrap();
    let pa = Pose::from_translation(Vector::<3>::new(0.0, 0.0, 10_000.0)).unwrap();
    let pb = Pose::from_translation(Vector::<3>::new(100_000.0, 0.0, 10_000.0)).unwrap();
    let options = CastOptions {
        target_separation: 5_000.0,
        ..CastOptions::default()
    };
    let hit = shape_cast_with(
        &a,
        &pa,
        &Vector::<3>::new(250.0, 0.0, 0.0),
        &a,
        &pb,
        &Vector::<3>::new(-250.0, 0.0, 0.0),
        &options,
    )
    .unwrap()
    .unwrap();
    assert!((hit.t - 190.0).abs() < 1e-9 * 190.0, "{hit:?}");
    assert!((hit.signed_distance - 5000.0).abs() < 1e-6);
    assert!((hit.normal - Vector::<3>::x()).norm() < 1e-12);
    // Diverging: never.
    assert!(shape_cast_with(
        &a,
        &pa,
        &Vector::<3>::new(-250.0, 0.0, 0.0),
        &a,
        &pb,
        &Vector::<3>::new(250.0, 0.0, 0.0),
        &options
    )
    .unwrap()
    .is_none());
}

#[test]
fn overlapping_at_the_start_reports_the_penetration() {
    let square = Cuboid::<2>::new(Vector::<2>::new(1.0, 1.0)).unwrap();
    let pa = Pose::identity();
    let pb = Pose::new_2d(1.5, 0.25, 0.0).unwrap();
    for vb in [Vector::<2>::new(1.0, 0.0), Vector::<2>::new(-1.0, 0.0)] {
        let hit = shape_cast(&square, &pa, &Vector::zeros(), &square, &pb, &vb, 10.0)
            .unwrap()
            .unwrap();
        let p = penetration(&square, &pa, &square, &pb).unwrap();
        assert!(hit.started_within && hit.t == 0.0);
        assert_eq!(hit.signed_distance, p.signed_distance);
        assert!((hit.signed_distance + 0.5).abs() < 1e-12);
        assert_eq!(hit.normal, p.normal);
    }
    // Separating shapes are never hits, however close.
    let pb = Pose::new_2d(2.0 + 1e-9, 0.0, 0.0).unwrap();
    let away = shape_cast(
        &square,
        &pa,
        &Vector::zeros(),
        &square,
        &pb,
        &Vector::<2>::new(1e-3, 5.0),
        1e9,
    )
    .unwrap();
    assert!(away.is_none());
    // Zero and parallel motion.
    let pb = Pose::new_2d(3.0, 0.0, 0.0).unwrap();
    for v in [Vector::<2>::zeros(), Vector::<2>::new(0.0, 7.0)] {
        assert!(shape_cast(&square, &pa, &v, &square, &pb, &v, 1e9)
            .unwrap()
            .is_none());
        assert!(
            shape_cast(&square, &pa, &Vector::zeros(), &square, &pb, &v, 1e9)
                .unwrap()
                .is_none()
        );
    }
}

#[test]
fn shape_casts_reject_bad_input_and_stop_at_the_cap() {
    let ball = Ball::<3>::new(1.0).unwrap();
    let pa = Pose::identity();
    let pb = Pose::from_translation(Vector::<3>::new(5.0, 0.0, 0.0)).unwrap();
    let v = Vector::<3>::new(-1.0, 0.0, 0.0);
    let run = |va: Vector<3>, options: CastOptions| {
        shape_cast_with(&ball, &pa, &va, &ball, &pb, &v, &options)
    };
    for (va, options, needle) in [
        (
            Vector::<3>::new(f64::NAN, 0.0, 0.0),
            CastOptions::default(),
            "velocity_a component 0",
        ),
        (
            Vector::zeros(),
            CastOptions {
                max_t: -1.0,
                ..CastOptions::default()
            },
            "max_t",
        ),
        (
            Vector::zeros(),
            CastOptions {
                target_separation: -1.0,
                ..CastOptions::default()
            },
            "target_separation",
        ),
        (
            Vector::zeros(),
            CastOptions {
                target_separation: 3e50,
                ..CastOptions::default()
            },
            "target_separation is 3e50, beyond the supported magnitude",
        ),
        (
            Vector::zeros(),
            CastOptions {
                query: QueryOptions {
                    relative_tolerance: 2.0,
                    max_iterations: 10,
                    exact: false,
                },
                ..CastOptions::default()
            },
            "relative_tolerance",
        ),
    ] {
        match run(va, options) {
            Err(CastError::InvalidArgument(m)) => assert!(m.contains(needle), "{m}"),
            other => panic!("{needle}: {other:?}"),
        }
    }
    // A grazing ellipsoid pass with a tiny step budget ends with a certified time bound.
    let e = Ellipsoid::<3>::new(Vector::<3>::new(3.0, 1.0, 0.5)).unwrap();
    let options = CastOptions {
        query: QueryOptions {
            relative_tolerance: 0.0,
            max_iterations: 2,
            exact: false,
        },
        ..CastOptions::default()
    };
    let at = Pose::from_translation(Vector::<3>::new(20.0, 1.9, 0.3)).unwrap();
    let v = Vector::<3>::new(-1.0, 0.0, 0.0);
    let exact = shape_cast(&e, &pa, &Vector::zeros(), &ball, &at, &v, 100.0)
        .unwrap()
        .unwrap();
    match shape_cast_with(&e, &pa, &Vector::zeros(), &ball, &at, &v, &options) {
        Err(CastError::NoConvergence { time_bound }) => {
            assert!(time_bound > 0.0 && time_bound <= exact.t, "{time_bound}")
        }
        other => panic!("expected no convergence: {other:?}"),
    }
}

/// Motions too slow to meet within the supported range (found by fuzzing: a point passing
/// 13.25 beside another, its velocity 1e-319 towards it, made the next step's time infinite
/// and was refused as overflowing). A closing speed that puts the contact past any finite
/// time is a miss; one that puts it past the supported coordinates says so, with the time
/// bound it certified.
#[test]
fn crawling_motions_miss_or_leave_the_range() {
    let point = gjk::shape::Point::new(Vector::<2>::zeros()).unwrap();
    let below = Pose::from_translation(Vector::<2>::new(0.0, -13.25)).unwrap();
    let crawl = Vector::<2>::new(-0.125, 3.23786e-319);
    let at_rest = Vector::<2>::zeros();
    let inf = f64::INFINITY;
    let miss = shape_cast(
        &point,
        &below,
        &crawl,
        &point,
        &Pose::identity(),
        &at_rest,
        inf,
    );
    assert_eq!(miss, Ok(None));
    // Closing at 1e-45 over 13.25: the contact would be at t = 1.3e46, 1.3e46 * 1e4 = 1.3e50
    // along x, past the supported 1e50.
    let drift = Vector::<2>::new(1e4, 1e-45);
    match shape_cast(
        &point,
        &below,
        &drift,
        &point,
        &Pose::identity(),
        &at_rest,
        inf,
    ) {
        Err(e @ CastError::BeyondRange { time_bound }) => {
            assert!(time_bound > 0.0 && time_bound <= 1.325e46, "{time_bound}");
            assert!(e.to_string().contains("supported range"), "{e}");
        }
        other => panic!("expected the motion to leave the range: {other:?}"),
    }
}

/// Rays that pass by, with no limit on t: no hit (closed forms and GJK alike), and rays along a
/// capsule's axis hit its cap.
#[test]
fn rays_passing_by_without_a_limit_miss() {
    let capsule = Shape::Capsule(Capsule::<3>::along_axis(2, 2.0, 0.5).unwrap());
    let ball = Shape::Ball(gjk::shape::Ball::<3>::new(0.5).unwrap());
    let boxed = Shape::Cuboid(gjk::shape::Cuboid::new(Vector::<3>::new(0.5, 0.5, 2.0)).unwrap());
    let at = Pose::<3>::identity();
    let inf = f64::INFINITY;
    for shape in [&capsule, &ball, &boxed] {
        for (origin, direction) in [
            (
                Vector::<3>::new(3.0, 0.0, 0.0),
                Vector::<3>::new(0.0, 1.0, 0.0),
            ),
            (
                Vector::<3>::new(3.0, 0.0, 0.0),
                Vector::<3>::new(1.0, 0.0, 0.0),
            ),
            (
                Vector::<3>::new(0.0, 3.0, 9.0),
                Vector::<3>::new(0.0, 0.0, 1.0),
            ),
        ] {
            let hit = shape
                .ray_cast(&at, &origin, &direction, inf, &DEFAULT)
                .unwrap();
            assert!(hit.is_none(), "{shape:?}: {hit:?}");
        }
    }
    let hit = capsule
        .ray_cast(
            &at,
            &Vector::<3>::new(0.0, 0.0, 9.0),
            &Vector::<3>::new(0.0, 0.0, -2.0),
            inf,
            &DEFAULT,
        )
        .unwrap()
        .unwrap();
    assert!((hit.t - 3.25).abs() < 1e-15 && (hit.normal - Vector::<3>::z()).norm() < 1e-15);
    assert_eq!(hit.iterations, 0);
}

/// A box whose support point is the middle of a face, edge or vertex set when the direction
/// has zero components: a valid support function (any point of the supporting face will do),
/// as a user's `Support` may be, where the library's own shapes return extreme points.
struct MidFaceBox<const D: usize>(Vector<D>);

impl<const D: usize> Support<D> for MidFaceBox<D> {
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        Vector::<D>::from_fn(|k, _| {
            let side = if dir[k] > 0.0 {
                1.0
            } else if dir[k] < 0.0 {
                -1.0
            } else {
                0.0
            };
            side * self.0[k]
        })
    }
    fn center(&self) -> Vector<D> {
        Vector::zeros()
    }
    fn extent(&self) -> f64 {
        self.0.norm()
    }
}

/// Boxes of half extents `size` x [0.5, 1.5) sliding face first along -x onto another, offset
/// across by less than the faces: the cast's supports run along the axes, where `MidFaceBox`
/// answers mid-face points. Returns the worst relative errors of t, of the points (apart by
/// 0 at contact) and of the normal (exactly x).
fn face_first_casts<const D: usize>(rng: &mut Rng, size: f64) -> [f64; 3] {
    let mut worst = [0.0f64; 3];
    for _ in 0..500 {
        let mut half = || Vector::<D>::from_fn(|_, _| size * rng.range(0.5, 1.5));
        let (ha, hb) = (half(), half());
        let start = Vector::<D>::from_fn(|k, _| {
            if k == 0 {
                10.0 * size
            } else {
                size * rng.range(-0.4, 0.4)
            }
        });
        let speed = size * rng.range(0.5, 2.0);
        let velocity = Vector::<D>::from_fn(|k, _| if k == 0 { -speed } else { 0.0 });
        let hit = shape_cast(
            &MidFaceBox(ha),
            &Pose::identity(),
            &Vector::zeros(),
            &MidFaceBox(hb),
            &Pose::from_translation(start).unwrap(),
            &velocity,
            f64::INFINITY,
        )
        .unwrap()
        .expect("the boxes meet");
        let exact_t = (10.0 * size - ha[0] - hb[0]) / speed;
        let x = Vector::<D>::from_fn(|k, _| if k == 0 { 1.0 } else { 0.0 });
        let errors = [
            (hit.t - exact_t).abs() / exact_t,
            (hit.point_a - hit.point_b).norm() / size,
            (hit.normal - x).norm(),
        ];
        for (w, e) in worst.iter_mut().zip(errors) {
            *w = w.max(e);
        }
    }
    worst
}

/// Shape casts whose support points are not extreme points: exact to rounding all the same
/// (noticed on 1e-6-sized shapes whose support points were edge midpoints).
#[test]
fn shape_casts_with_support_points_inside_faces() {
    let mut rng = Rng::new(0xface);
    for size in [1e-6, 1.0, 1e3] {
        for (d, worst) in [
            (2, face_first_casts::<2>(&mut rng, size)),
            (3, face_first_casts::<3>(&mut rng, size)),
        ] {
            println!("{d}D, size {size:e}: worst errors of t, points, normal {worst:?}");
            assert!(
                worst.iter().all(|&e| e <= 1e-12),
                "{d}D, size {size:e}: {worst:?}"
            );
        }
    }
}
