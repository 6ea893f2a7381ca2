//! Ray casts and shape casts under fuzzing, checked against a brute-force oracle.
//!
//! The signed distance of two convex shapes in linear relative motion is a convex function of
//! time (the signed distance to a convex set is convex, and the Minkowski difference moves
//! along a line), so its minimum over an interval is found by golden-section search on the
//! distance query. That gives the oracle of a cast with target separation `s`:
//! - a miss: the signed distance stays at least `s` (within the tolerance) over the interval
//!   searched (all of `[0, max_t]`, or up to the time the shapes are surely past each other);
//! - a hit at `t` after the start: the signed distance at `t` is `s`, and at least `s` before;
//! - a hit at the start: the shapes are within `s` at time 0.
//!
//! The tolerance is in distance, as the casts document it (they stop once the distance is
//! within a relative tolerance of the target): a ray grazing a vertex may hit far along the ray
//! from the vertex while passing within rounding of it.

use crate::{check_failure, finite, last_error, vec, Bytes, Pair, SCALES};
use gjk::ffi::*;
use gjk::shape::Point;
use gjk::{Pose, Support, Vector};

/// Golden-section steps: the minimum's time is found to 0.618^50 (4e-11) of the interval, its
/// value to that of the distance travelled (the tolerance is 2e-9 of it).
const GOLDEN_STEPS: usize = 50;

/// The minimum of the convex function `f` over `[lo, hi]`, or None if `f` fails somewhere.
fn convex_min(f: &dyn Fn(f64) -> Option<f64>, lo: f64, hi: f64) -> Option<f64> {
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (lo, hi);
    let mut best = f(lo)?.min(f(hi)?);
    let mut x1 = b - g * (b - a);
    let mut x2 = a + g * (b - a);
    let (mut f1, mut f2) = (f(x1)?, f(x2)?);
    for _ in 0..GOLDEN_STEPS {
        best = best.min(f1).min(f2);
        if f1 <= f2 {
            b = x2;
            x2 = x1;
            f2 = f1;
            x1 = b - g * (b - a);
            f1 = f(x1)?;
        } else {
            a = x1;
            x1 = x2;
            f1 = f2;
            x2 = a + g * (b - a);
            f2 = f(x2)?;
        }
    }
    Some(best.min(f1).min(f2))
}

/// The signed distance of `a` and `b` at `pose_a` and `pose_b` moved by `va * t` and `vb * t`,
/// or None when the query fails or the positions leave the supported range.
#[allow(clippy::too_many_arguments)]
fn signed_distance_at<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    va: &Vector<D>,
    b: &B,
    pose_b: &Pose<D>,
    vb: &Vector<D>,
    t: f64,
) -> Option<f64>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let at_a = Pose::from_translation(va * t).ok()? * *pose_a;
    let at_b = Pose::from_translation(vb * t).ok()? * *pose_b;
    if at_a.translation().amax() > 1e49 || at_b.translation().amax() > 1e49 {
        return None;
    }
    gjk::signed_distance(a, &at_a, b, &at_b).ok()
}

/// What the oracle needs to know of a cast's answer.
struct Answer {
    t: f64,
    hit: bool,
    started_within: bool,
}

/// Checks a cast's answer against the convex signed distance `f` of time: `target` the
/// separation sought, `max_t` the interval, `far` a time after which the shapes are surely
/// past each other (or at rest), `tol` the distance tolerance.
fn check_answer(
    f: &dyn Fn(f64) -> Option<f64>,
    answer: &Answer,
    target: f64,
    max_t: f64,
    far: f64,
    tol: f64,
    what: &str,
) {
    let Some(at_start) = f(0.0) else {
        return;
    };
    if !answer.hit {
        let end = max_t.min(far);
        if let Some(min) = convex_min(f, 0.0, end) {
            assert!(
                min >= target - tol,
                "{what} misses, but the shapes come within {min} (target {target}, tol {tol}) \
                 before t = {end}"
            );
        }
        return;
    }
    assert!(
        answer.t >= 0.0 && answer.t <= max_t,
        "{what}: t = {} outside [0, {max_t}]",
        answer.t
    );
    if answer.started_within {
        assert_eq!(answer.t, 0.0, "{what} started within at t = {}", answer.t);
        assert!(
            at_start <= target + tol,
            "{what} says started within, but the signed distance at 0 is {at_start} \
             (target {target}, tol {tol})"
        );
        return;
    }
    assert!(
        at_start > target - tol,
        "{what} hits at t = {} but the shapes are within {at_start} at 0 (target {target})",
        answer.t
    );
    if let Some(at_hit) = f(answer.t) {
        assert!(
            (at_hit - target).abs() <= tol,
            "{what} hits at t = {} where the signed distance is {at_hit} (target {target}, \
             tol {tol})",
            answer.t
        );
    }
    if let Some(min) = convex_min(f, 0.0, answer.t) {
        assert!(
            min >= target - tol,
            "{what} hits at t = {}, but the shapes come within {min} before (target {target}, \
             tol {tol})",
            answer.t
        );
    }
}

/// A vector read from the bytes: around `center` (aimed at `towards` when asked), scaled by a
/// table scale; z = 0 in 2D.
fn read_vector<const D: usize>(bytes: &mut Bytes, towards: Option<[f64; 3]>) -> [f64; 3] {
    let scale = bytes.scale();
    let mut v = [0.0; 3];
    for (i, x) in v.iter_mut().enumerate().take(D) {
        let aim = towards.map_or(0.0, |p| p[i]);
        *x = bytes.coord(aim, scale);
    }
    v
}

/// A `max_t`: infinite, 1, a fraction, or anything.
fn read_max_t(bytes: &mut Bytes) -> f64 {
    match bytes.u8() % 5 {
        0 | 1 => f64::INFINITY,
        2 => 1.0,
        3 => bytes.u8() as f64 / 64.0,
        _ => bytes.coord(0.0, 1.0),
    }
}

/// The arguments are far enough inside the supported range that they must be accepted.
fn clearly_valid(vectors: &[[f64; 3]], max_t: f64, nonzero: &[[f64; 3]]) -> bool {
    let in_range = vectors
        .iter()
        .flatten()
        .all(|x| x.is_finite() && x.abs() <= 0.5e50);
    let long_enough = nonzero.iter().all(|v| {
        let m = v.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        m >= 2e-50
    });
    in_range && long_enough && max_t >= 0.0
}

/// The arguments are outside the supported range: they must be refused.
fn clearly_invalid(vectors: &[[f64; 3]], max_t: f64, nonzero: &[[f64; 3]]) -> bool {
    vectors
        .iter()
        .flatten()
        .any(|x| !x.is_finite() || x.abs() > 2e50)
        || nonzero.iter().any(|v| v.iter().all(|x| *x == 0.0))
        || max_t.is_nan()
        || max_t < 0.0
}

/// Checks a refused cast: refused only when the arguments are not clearly valid, always when
/// they are clearly invalid, and with a message.
fn check_refusal(status: GjkStatus, valid: bool, invalid: bool, what: &str) -> bool {
    if status == GJK_INVALID_ARGUMENT {
        check_failure(status, what);
        assert!(!valid, "{what}: valid arguments refused: {}", last_error());
        return true;
    }
    assert!(
        !invalid,
        "{what}: invalid arguments accepted (status {status})"
    );
    false
}

/// The tolerance of a cast's answer at coordinates of magnitude `scale`: the casts stop
/// within `2 * 1e-12` relative plus rounding of it, the distance queries that check them are
/// good to `1e-9` relative (more for curved shapes).
fn cast_tolerance(scale: f64, curved: bool) -> f64 {
    2e-9 * scale + 1e-140 + if curved { 2e-7 * scale } else { 0.0 }
}

/// A ray cast on A from a point near B, and a shape cast of B moving towards (or past) A,
/// both checked against the oracle of the module documentation.
pub fn check_casts<const D: usize>(
    pair: &Pair<'_, D>,
    ca: *const GjkShape,
    cb: *const GjkShape,
    gpose_a: &GjkPose,
    gpose_b: &GjkPose,
    bytes: &mut Bytes,
) {
    let origin = read_vector::<D>(bytes, Some(gpose_b.position));
    let aim = std::array::from_fn(|i| gpose_a.position[i] - origin[i]);
    let aimed = bytes.bool();
    let mut direction = read_vector::<D>(bytes, aimed.then_some(aim));
    if aimed {
        let k = SCALES[bytes.u8() as usize % SCALES.len()];
        direction = direction.map(|x| x * k);
    }
    let max_t = read_max_t(bytes);
    if std::env::var_os("GJK_FUZZ_TRACE").is_some() {
        eprintln!("ray from {origin:?} along {direction:?} to {max_t}");
    }
    check_ray(pair, ca, gpose_a, origin, direction, max_t);

    let velocity_a = if bytes.bool() {
        None
    } else {
        Some(read_vector::<D>(bytes, None))
    };
    let towards: [f64; 3] = std::array::from_fn(|i| gpose_a.position[i] - gpose_b.position[i]);
    let aim_b = bytes.bool().then_some(towards);
    let velocity_b = read_vector::<D>(bytes, aim_b);
    let max_t = read_max_t(bytes);
    let target = match bytes.u8() % 4 {
        0 | 1 => 0.0,
        2 => bytes.scale(),
        _ => bytes.coord(0.0, 1.0),
    };
    let cast = ShapeCast {
        velocity_a,
        velocity_b,
        max_t,
        target,
    };
    cast.check(pair, ca, cb, gpose_a, gpose_b);
}

fn check_ray<const D: usize>(
    pair: &Pair<'_, D>,
    ca: *const GjkShape,
    gpose_a: &GjkPose,
    origin: [f64; 3],
    direction: [f64; 3],
    max_t: f64,
) {
    let mut out = GjkRayHit::default();
    let status = unsafe {
        gjk_ray_cast(
            ca,
            gpose_a,
            origin.as_ptr(),
            direction.as_ptr(),
            max_t,
            &mut out,
        )
    };
    let offset: [f64; 3] = std::array::from_fn(|i| origin[i] - gpose_a.position[i]);
    let vectors = [origin, direction, offset];
    let valid = clearly_valid(&vectors, max_t, &[direction]);
    let invalid = clearly_invalid(&vectors, max_t, &[direction]);
    let what = format!("ray cast from {origin:?} along {direction:?} to {max_t}");
    if check_refusal(status, valid, invalid, &what) {
        return;
    }
    if status != GJK_OK {
        check_failure(status, "ray cast");
        assert_eq!(status, GJK_NO_CONVERGENCE, "ray cast: {}", last_error());
        return;
    }
    let values = [&[out.t][..], &out.point[..], &out.normal[..]];
    assert!(finite(&values.concat()), "non-finite ray hit {out:?}");
    if !out.hit {
        assert_eq!(
            (out.t, out.point, out.normal, out.started_inside),
            (0.0, [0.0; 3], [0.0; 3], false),
            "a miss wrote more than `hit = false`: {out:?}"
        );
    } else {
        let n = out.normal.iter().map(|x| x * x).sum::<f64>().sqrt();
        assert!((n - 1.0).abs() < 1e-9, "ray normal not unit: {out:?}");
        for i in 0..D {
            let on_ray = origin[i] + out.t * direction[i];
            let allowed = 1e-12 * (origin[i].abs() + (out.t * direction[i]).abs()) + 1e-300;
            assert!(
                (out.point[i] - on_ray).abs() <= allowed,
                "ray hit point {:?} is not origin + t * direction (t = {})",
                out.point,
                out.t
            );
        }
    }
    let (o, dir) = (vec::<D>(&origin), vec::<D>(&direction));
    let scale = pair.scale.max(o.amax());
    let point = Point::new(Vector::<D>::zeros()).expect("a point at the origin");
    let start = Pose::from_translation(o).expect("an origin in range");
    let still = Vector::<D>::zeros();
    let f = |t: f64| signed_distance_at(pair.a, &pair.pose_a, &still, &point, &start, &dir, t);
    // Past this time the point has gone by the shape for good.
    let far = 4.0 * scale / dir.norm();
    let answer = Answer {
        t: out.t,
        hit: out.hit,
        started_within: out.started_inside,
    };
    let travelled = if out.hit { out.t } else { max_t.min(far) } * dir.amax();
    let tol = cast_tolerance(scale + travelled, pair.curved);
    check_answer(&f, &answer, 0.0, max_t, far, tol, &what);
}

/// A shape cast's arguments.
struct ShapeCast {
    velocity_a: Option<[f64; 3]>,
    velocity_b: [f64; 3],
    max_t: f64,
    target: f64,
}

impl ShapeCast {
    fn check<const D: usize>(
        &self,
        pair: &Pair<'_, D>,
        ca: *const GjkShape,
        cb: *const GjkShape,
        gpose_a: &GjkPose,
        gpose_b: &GjkPose,
    ) {
        let mut out = GjkShapeCastHit::default();
        let va_ptr = self
            .velocity_a
            .as_ref()
            .map_or(std::ptr::null(), |v| v.as_ptr());
        let status = unsafe {
            gjk_shape_cast(
                ca,
                gpose_a,
                va_ptr,
                cb,
                gpose_b,
                self.velocity_b.as_ptr(),
                self.max_t,
                self.target,
                &mut out,
            )
        };
        let va = self.velocity_a.unwrap_or([0.0; 3]);
        let relative: [f64; 3] = std::array::from_fn(|i| self.velocity_b[i] - va[i]);
        let vectors = [va, self.velocity_b, relative];
        let moving = relative.iter().any(|x| *x != 0.0);
        let nonzero: &[[f64; 3]] = if moving { &[relative] } else { &[] };
        // A size: 0 or within [1e-50, 1e50].
        let s = self.target;
        let target_ok = s == 0.0 || (2e-50..=0.5e50).contains(&s);
        let target_bad = !(s == 0.0 || (0.5e-50..=2e50).contains(&s));
        let valid = clearly_valid(&vectors, self.max_t, nonzero) && target_ok;
        let invalid = clearly_invalid(&vectors, self.max_t, &[]) || target_bad;
        let what = format!(
            "shape cast at {:?} and {:?} to {} within {}",
            self.velocity_a, self.velocity_b, self.max_t, self.target
        );
        if check_refusal(status, valid, invalid, &what) {
            return;
        }
        if status != GJK_OK {
            check_failure(status, "shape cast");
            assert_eq!(status, GJK_NO_CONVERGENCE, "shape cast: {}", last_error());
            return;
        }
        let values = [
            &[out.t, out.signed_distance][..],
            &out.point_a[..],
            &out.point_b[..],
            &out.normal[..],
        ];
        assert!(finite(&values.concat()), "non-finite cast hit {out:?}");
        if out.hit {
            let n = out.normal.iter().map(|x| x * x).sum::<f64>().sqrt();
            assert!((n - 1.0).abs() < 1e-9, "cast normal not unit: {out:?}");
        }
        let (va, vb) = (vec::<D>(&va), vec::<D>(&self.velocity_b));
        let speed = (vb - va).norm();
        let f = |t: f64| -> Option<f64> {
            signed_distance_at(pair.a, &pair.pose_a, &va, pair.b, &pair.pose_b, &vb, t)
        };
        let scale = pair.scale + self.target;
        let far = if speed > 0.0 {
            4.0 * scale / speed
        } else {
            0.0
        };
        let answer = Answer {
            t: out.t,
            hit: out.hit,
            started_within: out.started_within,
        };
        let t_end = if out.hit { out.t } else { self.max_t.min(far) };
        let travelled = t_end * va.amax().max(vb.amax());
        let tol = cast_tolerance(scale + travelled, pair.curved);
        check_answer(&f, &answer, self.target, self.max_t, far, tol, &what);
    }
}
