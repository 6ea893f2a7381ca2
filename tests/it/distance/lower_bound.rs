//! The distance query's lower bound on curved shapes is a true bound: never above the exact
//! distance. The oracle is independent of the library: the distance from a point to an
//! ellipsoid (axis-aligned, at the origin) is `|p - x(t)|` with `x_i(t) = a_i^2 p_i / (a_i^2 +
//! t)` and `t` the root of `sum (a_i p_i / (a_i^2 + t))^2 = 1`, found by bisection in
//! double-double arithmetic (about 32 significant digits); the distance to a segment is the
//! minimum of that convex function along it, found by golden-section search. Both far more
//! precise than the 1e-16 relative at stake.

use crate::common::Rng;
use gjk::shape::{Ball, Ellipsoid, Point, Segment};
use gjk::{distance, Pose, Support, Vector};
use nalgebra::Vector3;

/// A double-double number: `hi + lo` with `|lo| <= ulp(hi) / 2`.
#[derive(Clone, Copy, Debug)]
struct Dd {
    hi: f64,
    lo: f64,
}

impl Dd {
    fn new(x: f64) -> Self {
        Dd { hi: x, lo: 0.0 }
    }

    /// `a + b` exactly, as a double-double.
    fn two_sum(a: f64, b: f64) -> Self {
        let s = a + b;
        let bb = s - a;
        let e = (a - (s - bb)) + (b - bb);
        Dd { hi: s, lo: e }
    }

    fn normalise(hi: f64, lo: f64) -> Self {
        Self::two_sum(hi, lo)
    }

    fn add(self, o: Dd) -> Dd {
        let s = Self::two_sum(self.hi, o.hi);
        Self::normalise(s.hi, s.lo + self.lo + o.lo)
    }

    fn neg(self) -> Dd {
        Dd {
            hi: -self.hi,
            lo: -self.lo,
        }
    }

    fn sub(self, o: Dd) -> Dd {
        self.add(o.neg())
    }

    fn mul(self, o: Dd) -> Dd {
        let p = self.hi * o.hi;
        let e = self.hi.mul_add(o.hi, -p);
        Self::normalise(p, e + self.hi * o.lo + self.lo * o.hi)
    }

    fn div(self, o: Dd) -> Dd {
        let q1 = self.hi / o.hi;
        let r = self.sub(o.mul(Dd::new(q1)));
        let q2 = r.hi / o.hi;
        let r = r.sub(o.mul(Dd::new(q2)));
        let q3 = r.hi / o.hi;
        Self::normalise(q1, q2).add(Dd::new(q3))
    }

    fn sqrt(self) -> Dd {
        if self.hi <= 0.0 {
            return Dd::new(0.0);
        }
        let s = Dd::new(self.hi.sqrt());
        // One Newton step doubles the digits: s + (x - s^2) / (2 s).
        s.add(self.sub(s.mul(s)).div(s.mul(Dd::new(2.0))))
    }

    fn value(self) -> f64 {
        self.hi + self.lo
    }
}

/// The exact distance from the point `p` to the ellipsoid of semi-axes `a` (axis-aligned, at
/// the origin), or 0 when `p` is inside.
fn point_to_ellipsoid(a: &[f64; 3], p: &[Dd; 3]) -> Dd {
    let excess = |t: Dd| {
        (0..3).fold(Dd::new(-1.0), |sum, i| {
            let ai = Dd::new(a[i]);
            let term = ai.mul(p[i]).div(ai.mul(ai).add(t));
            sum.add(term.mul(term))
        })
    };
    if excess(Dd::new(0.0)).hi <= 0.0 {
        return Dd::new(0.0);
    }
    // excess(t) <= sum (a_i p_i)^2 / t^2 - 1: negative beyond the root of that.
    let reach = (0..3).fold(Dd::new(0.0), |s, i| {
        let x = Dd::new(a[i]).mul(p[i]);
        s.add(x.mul(x))
    });
    let (mut lo, mut hi) = (Dd::new(0.0), reach.sqrt().add(Dd::new(1.0)));
    for _ in 0..200 {
        let mid = lo.add(hi).mul(Dd::new(0.5));
        if excess(mid).hi > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let t = lo;
    (0..3)
        .fold(Dd::new(0.0), |s, i| {
            let ai = Dd::new(a[i]);
            let d = p[i].mul(t).div(ai.mul(ai).add(t));
            s.add(d.mul(d))
        })
        .sqrt()
}

/// The exact distance from the segment `p0 p1` to the ellipsoid: the minimum of the point's
/// distance along it (convex), by golden-section search.
fn segment_to_ellipsoid(a: &[f64; 3], p0: &[f64; 3], p1: &[f64; 3]) -> Dd {
    let at = |s: Dd| {
        let p: [Dd; 3] =
            std::array::from_fn(|i| Dd::new(p0[i]).add(s.mul(Dd::new(p1[i]).sub(Dd::new(p0[i])))));
        point_to_ellipsoid(a, &p)
    };
    let golden = Dd::new(0.618_033_988_749_894_8);
    let (mut lo, mut hi) = (Dd::new(0.0), Dd::new(1.0));
    for _ in 0..120 {
        let width = hi.sub(lo);
        let x1 = hi.sub(width.mul(golden));
        let x2 = lo.add(width.mul(golden));
        if at(x1).sub(at(x2)).hi <= 0.0 {
            hi = x2;
        } else {
            lo = x1;
        }
    }
    [at(Dd::new(0.0)), at(Dd::new(1.0)), at(lo)]
        .into_iter()
        .fold(at(hi), |m, x| if x.sub(m).hi < 0.0 { x } else { m })
}

/// The lower bounds of a run against their references: how many, how many above, and the
/// largest excess relative to the reference (negative: all below).
struct Excesses {
    cases: usize,
    above: usize,
    worst: f64,
}

impl Excesses {
    fn new() -> Self {
        Excesses {
            cases: 0,
            above: 0,
            worst: f64::NEG_INFINITY,
        }
    }

    /// Records the lower bound of the pair `what` against the reference `exact`.
    fn record(&mut self, what: std::fmt::Arguments, lower_bound: f64, exact: Dd) {
        let e = Dd::new(lower_bound).sub(exact).value() / exact.value();
        self.worst = self.worst.max(e);
        self.cases += 1;
        if e > 0.0 {
            self.above += 1;
            if self.above <= 10 {
                println!(
                    "{what}: lower bound {lower_bound:e} above {:e} by {e:e}",
                    exact.value()
                );
            }
        }
    }

    /// Prints the tally and fails if a bound was above its reference.
    fn check(&self, reference: &str) {
        println!(
            "{} pairs, {} lower bounds above the {reference}, worst excess {:e} (relative)",
            self.cases, self.above, self.worst
        );
        assert_eq!(self.above, 0);
    }
}

/// Semi-axes from 0.01 to 10.
fn ellipsoid_axes(rng: &mut Rng) -> [f64; 3] {
    std::array::from_fn(|_| 10f64.powf(rng.range(-2.0, 1.0)))
}

/// A point at a distance from 1e-6 to 1e4 outside the ellipsoid, along a random direction.
fn outside(rng: &mut Rng, a: &[f64; 3]) -> [f64; 3] {
    let d = Vector::<3>::from_fn(|_, _| rng.range(-1.0, 1.0)).normalize();
    let e = Ellipsoid::new(Vector::<3>::new(a[0], a[1], a[2])).unwrap();
    let surface = e.support(&d);
    let gap = 10f64.powf(rng.range(-6.0, 4.0));
    std::array::from_fn(|i| surface[i] + d[i] * gap)
}

/// Ellipsoids (axis-aligned at the origin: the oracle's frame, so that the inputs are exact)
/// against points, balls and segments, and ellipses against points: the lower bound is never
/// above the exact distance. Without the bound's rounding allowance (a deliberate bug) 1,308
/// of these 10,279 pairs come out above it, by up to 5.8e-10 relative.
#[test]
fn ellipsoid_lower_bounds_are_below_the_exact_distance() {
    let mut rng = Rng::new(0x28_1b);
    let mut excesses = Excesses::new();
    for case in 0..4000 {
        let a = ellipsoid_axes(&mut rng);
        let ellipsoid = Ellipsoid::new(Vector::<3>::new(a[0], a[1], a[2])).unwrap();
        let p = outside(&mut rng, &a);
        let at = Pose::from_translation(Vector3::new(p[0], p[1], p[2])).unwrap();
        let exact = point_to_ellipsoid(&a, &p.map(Dd::new));
        // Against a point, and against a ball around it (the margin taken off exactly).
        let point = Point::new(Vector::<3>::zeros()).unwrap();
        let r = distance(&ellipsoid, &Pose::identity(), &point, &at).unwrap();
        let radius = exact.value() * rng.range(0.0, 0.9);
        let ball = Ball::<3>::new(radius).unwrap();
        let rb = distance(&ellipsoid, &Pose::identity(), &ball, &at).unwrap();
        let exact_ball = exact.sub(Dd::new(radius));
        excesses.record(format_args!("point {case}"), r.lower_bound, exact);
        excesses.record(format_args!("ball {case}"), rb.lower_bound, exact_ball);
    }
    // Ellipses against points: the ellipsoid's section by the plane z = 0 (its closest point
    // to a point of that plane lies in it, by symmetry).
    for case in 0..2000 {
        let a = ellipsoid_axes(&mut rng);
        let ellipse = Ellipsoid::new(Vector::<2>::new(a[0], a[1])).unwrap();
        let d = Vector::<2>::from_fn(|_, _| rng.range(-1.0, 1.0)).normalize();
        let gap = 10f64.powf(rng.range(-6.0, 4.0));
        let p = ellipse.support(&d) + d * gap;
        let exact = point_to_ellipsoid(&a, &[p[0], p[1], 0.0].map(Dd::new));
        let point = Point::new(Vector::<2>::zeros()).unwrap();
        let at = Pose::from_translation(p).unwrap();
        let r = distance(&ellipse, &Pose::identity(), &point, &at).unwrap();
        excesses.record(format_args!("2D point {case}"), r.lower_bound, exact);
    }
    // Segments (capsules' cores) against the ellipsoid.
    for case in 0..500 {
        let a = ellipsoid_axes(&mut rng);
        let ellipsoid = Ellipsoid::new(Vector::<3>::new(a[0], a[1], a[2])).unwrap();
        let (p0, p1) = (outside(&mut rng, &a), outside(&mut rng, &a));
        let exact = segment_to_ellipsoid(&a, &p0, &p1);
        if exact.hi <= 0.0 {
            continue;
        }
        let segment = Segment::new(Vector::<3>::from(p0), Vector::<3>::from(p1)).unwrap();
        let r = distance(&ellipsoid, &Pose::identity(), &segment, &Pose::identity()).unwrap();
        excesses.record(format_args!("segment {case}"), r.lower_bound, exact);
    }
    excesses.check("exact distance");
}

/// The exact support point of the ellipsoid of semi-axes `a` placed by `pose` (its rotation
/// matrix and translation as stored: the shape is their exact image) in the world direction
/// `d`, in double-double: `t + R E^2 R^T d / |E R^T d|`.
fn posed_support(a: &[f64; 3], pose: &Pose<3>, d: &[f64; 3]) -> [Dd; 3] {
    let r = pose.rotation();
    let local: [Dd; 3] = std::array::from_fn(|j| {
        (0..3).fold(Dd::new(0.0), |s, i| {
            s.add(Dd::new(r[(i, j)]).mul(Dd::new(d[i])))
        })
    });
    let scaled: [Dd; 3] = std::array::from_fn(|j| Dd::new(a[j]).mul(local[j]));
    let norm = scaled
        .iter()
        .fold(Dd::new(0.0), |s, x| s.add(x.mul(*x)))
        .sqrt();
    let point: [Dd; 3] = std::array::from_fn(|j| Dd::new(a[j]).mul(scaled[j]).div(norm));
    std::array::from_fn(|i| {
        (0..3).fold(Dd::new(pose.translation()[i]), |s, j| {
            s.add(Dd::new(r[(i, j)]).mul(point[j]))
        })
    })
}

/// Rotated ellipsoid pairs, 1e-9 to 1 apart, up to 2e4 from the origin: the lower bound is not
/// above the distance between the exact support points of the two shapes along the returned
/// normal (an upper bound on the exact distance, above it only by the normal's error squared).
#[test]
fn rotated_ellipsoid_pairs_lower_bounds_are_below_a_witness_distance() {
    use nalgebra::UnitQuaternion;
    let mut rng = Rng::new(0x28_1c);
    let mut excesses = Excesses::new();
    for case in 0..10000 {
        let (a, b) = (ellipsoid_axes(&mut rng), ellipsoid_axes(&mut rng));
        let rotation = |rng: &mut Rng| {
            UnitQuaternion::from_scaled_axis(Vector3::from_fn(|_, _| rng.range(-3.0, 3.0)))
        };
        let pose_a = Pose::new_3d(
            Vector3::from_fn(|_, _| rng.range(-2.0, 2.0) * 10f64.powi(rng.below(5) as i32)),
            rotation(&mut rng),
        )
        .unwrap();
        let dir = Vector3::from_fn(|_, _| rng.range(-1.0, 1.0)).normalize();
        let gap = 10f64.powf(rng.range(-9.0, 0.0));
        let reach = a.iter().chain(&b).fold(0.0f64, |m, x| m.max(*x));
        let mut pose_b = Pose::new_3d(
            pose_a.translation() + dir * (2.0 * reach + gap),
            rotation(&mut rng),
        )
        .unwrap();
        let ea = Ellipsoid::new(Vector::<3>::from(a)).unwrap();
        let eb = Ellipsoid::new(Vector::<3>::from(b)).unwrap();
        // Bring B close: along the direction, until the distance is about `gap`.
        let d0 = distance(&ea, &pose_a, &eb, &pose_b).unwrap();
        pose_b = Pose::new_3d(
            pose_b.translation() - dir * (d0.distance - gap),
            UnitQuaternion::from_matrix(pose_b.rotation()),
        )
        .unwrap();
        let Ok(r) = distance(&ea, &pose_a, &eb, &pose_b) else {
            continue;
        };
        if r.intersecting {
            continue;
        }
        let n = [r.normal[0], r.normal[1], r.normal[2]];
        let pa = posed_support(&a, &pose_a, &n);
        let pb = posed_support(&b, &pose_b, &n.map(|x| -x));
        let witness = (0..3)
            .fold(Dd::new(0.0), |s, i| {
                let d = pb[i].sub(pa[i]);
                s.add(d.mul(d))
            })
            .sqrt();
        excesses.record(format_args!("pair {case}"), r.lower_bound, witness);
    }
    excesses.check("witness distance");
}
