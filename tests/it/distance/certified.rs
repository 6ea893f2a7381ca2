//! The distance query's interval encloses the exact distance, always (issue #37): for shapes
//! whose exact gap is known by construction, `lower_bound <= exact gap <= distance`, at every
//! gap from 2^-20 to 2^-80 of the shapes' size and at every size from 2^-20 to 2^20, in 2D and
//! 3D, face to face, vertex to face (also across a tilted face), edge to edge and vertex to
//! vertex, separated by the gap and overlapping by it.
//!
//! Exact mode (`QueryOptions::exact`) answers the same shapes with the exact verdict and an
//! interval at most 4 ulps of the exact distance wide around it (0 when they touch or overlap),
//! never a tolerance call; its boolean query gives the same verdict.
//!
//! The oracle is the construction: every coordinate is a power of two times a small integer,
//! exactly representable, and the closest features are an axis-aligned (or a Pythagorean,
//! 3-4-5 or 2-3-6-7) plane and a vertex or edge at an exactly known offset from it, so the
//! exact distance is the gap `g` itself (0 when the shapes overlap by `g`). The comparisons
//! are exact: `g` is a float.

use gjk::shape::{Ball, ConvexHull};
use gjk::{distance_with, intersect_with, DistanceResult, Pose, QueryOptions, Support, Vector};

/// The two modes every case runs in: the default, and exact mode.
fn modes() -> [QueryOptions; 2] {
    let exact = QueryOptions {
        exact: true,
        ..QueryOptions::default()
    };
    [QueryOptions::default(), exact]
}

/// The distance and (in exact mode) the boolean query on a pair in `options`' mode, judged
/// against the exact distance, a float (see [`encloses`] and [`exactly`]).
fn judged<const D: usize>(
    options: &QueryOptions,
    a: &impl Support<D>,
    pose_a: &Pose<D>,
    b: &impl Support<D>,
    pose_b: &Pose<D>,
    exact: f64,
) -> Result<(), String> {
    let result = distance_with(a, pose_a, b, pose_b, options).map_err(|e| format!("{e:?}"))?;
    encloses(&result, exact)?;
    if !options.exact {
        return Ok(());
    }
    exactly(&result, exact)?;
    let verdict = intersect_with(a, pose_a, b, pose_b, options).map_err(|e| format!("{e:?}"))?;
    match verdict == (exact == 0.0) {
        true => Ok(()),
        false => Err(format!("exact mode's boolean query says {verdict}")),
    }
}

/// Exact mode's contract on a result whose exact distance is the float `exact`: the verdict
/// (intersecting exactly when `exact` is 0, never a tolerance call) and an interval at most 4
/// ulps of `exact` wide.
fn exactly<const D: usize>(result: &DistanceResult<D>, exact: f64) -> Result<(), String> {
    let ulp = exact.next_up() - exact;
    let tight = result.distance - result.lower_bound <= 4.0 * ulp;
    if result.intersecting == (exact == 0.0) && !result.tolerance_call && tight {
        Ok(())
    } else {
        Err(format!(
            "exact mode: exact {exact:e}, [{:e}, {:e}], intersecting {}, tolerance call {}",
            result.lower_bound, result.distance, result.intersecting, result.tolerance_call
        ))
    }
}

/// A configuration: the two point clouds when the gap (signed: negative overlaps) is `gap`
/// and the shapes' size is `s`.
type Build<const D: usize> = fn(s: f64, gap: f64) -> (Vec<Vector<D>>, Vec<Vector<D>>);

fn v2(x: f64, y: f64) -> Vector<2> {
    Vector::<2>::new(x, y)
}

fn v3(x: f64, y: f64, z: f64) -> Vector<3> {
    Vector::<3>::new(x, y, z)
}

/// 2D configurations: A on the negative side of a line through the origin, B on the positive
/// side, its nearest feature `gap` from the line.
fn configurations_2d() -> Vec<(&'static str, Build<2>)> {
    vec![
        ("2D edge to edge", |s, g| {
            (
                vec![v2(-s, -s), v2(0.0, -s), v2(0.0, s), v2(-s, s)],
                vec![v2(g, -s), v2(s, -s), v2(s, s), v2(g, s)],
            )
        }),
        ("2D vertex to edge", |s, g| {
            (
                vec![v2(-s, -s), v2(0.0, -s), v2(0.0, s), v2(-s, s)],
                vec![v2(g, 0.0), v2(s, -s), v2(s, s)],
            )
        }),
        ("2D vertex to vertex", |s, g| {
            (
                vec![v2(0.0, 0.0), v2(-s, -s), v2(-s, s)],
                vec![v2(g, 0.0), v2(s, -s), v2(s, s)],
            )
        }),
        // The line 3x + 4y = 0 (unit normal (3, 4) / 5); B's vertex (g, g/2) is 5g/5 = g
        // from it, its projection (2g/5, -3g/10) inside A's edge.
        ("2D vertex to tilted edge", |s, g| {
            (
                vec![
                    v2(-4.0 * s, 3.0 * s),
                    v2(4.0 * s, -3.0 * s),
                    v2(-s, -2.0 * s),
                ],
                vec![v2(g, 0.5 * g), v2(2.0 * s, 2.0 * s), v2(3.0 * s, 0.5 * s)],
            )
        }),
    ]
}

/// 3D configurations, as in 2D.
fn configurations_3d() -> Vec<(&'static str, Build<3>)> {
    vec![
        ("3D face to face", |s, g| {
            let box_at = |x0: f64, x1: f64| {
                let mut points = Vec::new();
                for x in [x0, x1] {
                    for y in [-s, s] {
                        for z in [-s, s] {
                            points.push(v3(x, y, z));
                        }
                    }
                }
                points
            };
            (box_at(-s, 0.0), box_at(g, s))
        }),
        ("3D vertex to face", |s, g| {
            (
                vec![
                    v3(-s, -s, -s),
                    v3(0.0, -s, -s),
                    v3(0.0, s, -s),
                    v3(0.0, -s, s),
                    v3(0.0, s, s),
                ],
                vec![v3(g, 0.0, 0.0), v3(s, -s, -s), v3(s, s, -s), v3(s, 0.0, s)],
            )
        }),
        ("3D edge to edge", |s, g| {
            (
                vec![
                    v3(0.0, -s, 0.0),
                    v3(0.0, s, 0.0),
                    v3(-s, 0.0, -s),
                    v3(-s, 0.0, s),
                ],
                vec![v3(g, 0.0, -s), v3(g, 0.0, s), v3(s, -s, 0.0), v3(s, s, 0.0)],
            )
        }),
        ("3D vertex to vertex", |s, g| {
            (
                vec![
                    v3(0.0, 0.0, 0.0),
                    v3(-s, -s, -s),
                    v3(-s, s, -s),
                    v3(-s, 0.0, s),
                ],
                vec![v3(g, 0.0, 0.0), v3(s, -s, -s), v3(s, s, -s), v3(s, 0.0, s)],
            )
        }),
        // The plane 2x + 3y + 6z = 0 (unit normal (2, 3, 6) / 7); B's vertex (2g, g, 0) is
        // 7g/7 = g from it, its projection (10g/7, g/7, -6g/7) inside A's face.
        ("3D vertex to tilted face", |s, g| {
            (
                vec![
                    v3(3.0 * s, -2.0 * s, 0.0),
                    v3(-3.0 * s, 2.0 * s, 0.0),
                    v3(6.0 * s, 0.0, -2.0 * s),
                    v3(-6.0 * s, 0.0, 2.0 * s),
                    v3(-s, -s, -s),
                ],
                vec![
                    v3(2.0 * g, g, 0.0),
                    v3(s, s, s),
                    v3(2.0 * s, -s, s),
                    v3(0.0, 2.0 * s, s),
                ],
            )
        }),
    ]
}

/// The gaps and sizes of the issue: `g = 2^-k s` for k = 20 ... 80, s = 2^-20 ... 2^20.
fn gaps_and_scales() -> impl Iterator<Item = (f64, f64)> {
    (-20..=20).flat_map(|e| {
        let s = 2f64.powi(e);
        (20..=80).map(move |k| (2f64.powi(-k) * s, s))
    })
}

/// Checks `lower_bound <= exact <= distance` (and a sane interval), returning a description
/// of the failure.
fn encloses<const D: usize>(result: &DistanceResult<D>, exact: f64) -> Result<(), String> {
    let ok = result.lower_bound <= exact
        && exact <= result.distance
        && result.lower_bound >= 0.0
        && result.distance.is_finite();
    if ok {
        Ok(())
    } else {
        Err(format!(
            "exact {exact:e} not in [{:e}, {:e}] (intersecting {})",
            result.lower_bound, result.distance, result.intersecting
        ))
    }
}

/// The queries a check ran and those whose answer missed the exact distance, each with why.
#[derive(Default)]
struct Failures {
    queries: usize,
    missed: Vec<String>,
}

impl Failures {
    /// Counts a query and keeps it, named by `what`, when its judgement (see [`judged`]) is a
    /// miss.
    fn check(&mut self, outcome: Result<(), String>, what: impl FnOnce() -> String) {
        self.queries += 1;
        if let Err(why) = outcome {
            self.missed.push(format!("{}: {why}", what()));
        }
    }

    /// Asserts that no query missed, showing the first misses of each kind.
    fn assert_none(&self) {
        assert!(
            self.missed.is_empty(),
            "{} of {} queries miss the exact distance:\n{}",
            self.missed.len(),
            self.queries,
            shown(&self.missed)
        );
    }
}

/// Runs every configuration at every gap and scale, separated and overlapping, and lists the
/// failures.
fn check_configurations<const D: usize>(configurations: Vec<(&'static str, Build<D>)>) {
    let mut failures = Failures::default();
    for (name, build) in configurations {
        for (g, s) in gaps_and_scales() {
            for (signed_gap, exact) in [(g, g), (-g, 0.0), (0.0, 0.0)] {
                let (a, b) = build(s, signed_gap);
                let a = ConvexHull::<D>::new(a).expect("a valid cloud");
                let b = ConvexHull::<D>::new(b).expect("a valid cloud");
                let id = Pose::identity();
                for options in modes() {
                    failures.check(judged(&options, &a, &id, &b, &id, exact), || {
                        format!("{name}, s = {s:e}, gap {signed_gap:e}")
                    });
                }
            }
        }
    }
    failures.assert_none();
}

/// The first failures of each kind (by the text after the configuration and gap).
fn shown(failures: &[String]) -> String {
    let mut kinds: Vec<(String, usize, &String)> = Vec::new();
    for failure in failures {
        let kind = failure
            .split_once(": ")
            .map_or("", |(_, why)| why)
            .replace(|c: char| c.is_ascii_digit() || c == '.' || c == '-', "");
        match kinds.iter_mut().find(|(k, _, _)| *k == kind) {
            Some((_, count, _)) => *count += 1,
            None => kinds.push((kind, 1, failure)),
        }
    }
    kinds
        .iter()
        .map(|(_, count, first)| format!("{count} like: {first}"))
        .collect::<Vec<_>>()
        .join("\n")
}

tests! {
    the_interval_encloses_exact_gaps_in_2d => check_configurations(configurations_2d());
    the_interval_encloses_exact_gaps_in_3d => check_configurations(configurations_3d());
}

/// A ball against a box face: the ball of radius `2^j g` centred `g + 2^j g` from the face
/// (both exact for j <= 52), so the gap is exactly g.
fn check_ball_against_face<const D: usize>(
    face_box: impl Fn(f64) -> Vec<Vector<D>>,
    axis: impl Fn(f64) -> Vector<D>,
) {
    let mut failures = Failures::default();
    for (g, s) in gaps_and_scales() {
        let radius = g * 2f64.powi(40.min((s / g).log2() as i32));
        for (signed_gap, exact) in [(g, g), (-g, 0.0)] {
            let a = ConvexHull::<D>::new(face_box(s)).expect("a valid cloud");
            let ball = Ball::<D>::new(radius).expect("a valid ball");
            let at = Pose::from_translation(axis(radius + signed_gap)).expect("a finite offset");
            assert_eq!(ball.center(), Vector::<D>::zeros());
            for options in modes() {
                let outcome = judged(&options, &a, &Pose::identity(), &ball, &at, exact);
                failures.check(outcome, || format!("s = {s:e}, gap {signed_gap:e}"));
            }
        }
    }
    failures.assert_none();
}

#[test]
fn the_interval_encloses_exact_gaps_of_a_ball_and_a_face() {
    check_ball_against_face::<2>(
        |s| vec![v2(-s, -s), v2(0.0, -s), v2(0.0, s), v2(-s, s)],
        |x| v2(x, 0.0),
    );
    check_ball_against_face::<3>(
        |s| {
            let mut points = Vec::new();
            for x in [-s, 0.0] {
                for y in [-s, s] {
                    for z in [-s, s] {
                        points.push(v3(x, y, z));
                    }
                }
            }
            points
        },
        |x| v3(x, 0.0, 0.0),
    );
}

/// Exact rational arithmetic for the oracles below: every float is a rational, and the
/// squared distances of points, segments and faces are rationals of them.
mod exact {
    use num_rational::BigRational;
    use num_traits::{One, Signed, Zero};

    pub type Q = BigRational;
    pub type P = [Q; 3];

    pub fn q(x: f64) -> Q {
        BigRational::from_float(x).expect("a finite float")
    }

    pub fn p(x: [f64; 3]) -> P {
        x.map(q)
    }

    fn sub(a: &P, b: &P) -> P {
        std::array::from_fn(|k| &a[k] - &b[k])
    }

    fn dot(a: &P, b: &P) -> Q {
        (0..3).map(|k| &a[k] * &b[k]).sum()
    }

    /// The squared distance from `x` to the segment `[a, b]`.
    pub fn point_segment(x: &P, a: &P, b: &P) -> Q {
        let (e, d) = (sub(b, a), sub(x, a));
        let ee = dot(&e, &e);
        let t = if ee.is_zero() {
            Q::zero()
        } else {
            (dot(&d, &e) / &ee).clamp(Q::zero(), Q::one())
        };
        let r: P = std::array::from_fn(|k| &d[k] - &t * &e[k]);
        dot(&r, &r)
    }

    /// The squared distance between the segments `[a, b]` and `[c, d]`: the interior critical
    /// pair where both its parameters lie in [0, 1], else the least of the four ends against
    /// the other segment.
    pub fn segment_segment(a: &P, b: &P, c: &P, d: &P) -> Q {
        let ends = [
            point_segment(a, c, d),
            point_segment(b, c, d),
            point_segment(c, a, b),
            point_segment(d, a, b),
        ];
        let mut best = ends.into_iter().min().expect("four candidates");
        let (e, f, g) = (sub(b, a), sub(d, c), sub(a, c));
        let (ee, ff, ef) = (dot(&e, &e), dot(&f, &f), dot(&e, &f));
        let det = &ee * &ff - &ef * &ef;
        if det.is_positive() {
            let (eg, fg) = (dot(&e, &g), dot(&f, &g));
            let s = (&ef * &fg - &ff * &eg) / &det;
            let t = (&ee * &fg - &ef * &eg) / &det;
            let unit = Q::zero()..=Q::one();
            if unit.contains(&s) && unit.contains(&t) {
                let r: P = std::array::from_fn(|k| &g[k] + &s * &e[k] - &t * &f[k]);
                best = best.min(dot(&r, &r));
            }
        }
        best
    }

    /// Whether `lower^2 <= squared <= distance^2` (with `0 <= lower`), exactly.
    pub fn encloses(lower: f64, distance: f64, squared: &Q) -> bool {
        lower >= 0.0 && &(q(lower) * q(lower)) <= squared && squared <= &(q(distance) * q(distance))
    }
}

/// Checks the 3D results of `query` in both modes against an exact squared distance: the
/// interval encloses it, and in exact mode the verdict is exact and the interval at most 4
/// ulps wide, or (shapes far apart, where exact mode keeps the float answer) at most 2^-30 of
/// the distance.
fn check_exact(what: &str, query: impl Fn(&QueryOptions) -> DistanceResult<3>, squared: &exact::Q) {
    for options in modes() {
        let result = query(&options);
        assert!(
            exact::encloses(result.lower_bound, result.distance, squared),
            "{what}: exact distance^2 {} not within [{:e}, {:e}]^2 ({result:?})",
            squared,
            result.lower_bound,
            result.distance
        );
        let touching = *squared == exact::q(0.0);
        let ulp = result.distance.next_up() - result.distance;
        let width = result.distance - result.lower_bound;
        assert!(
            !options.exact
                || (result.intersecting == touching
                    && !result.tolerance_call
                    && (width <= 4.0 * ulp || width <= result.lower_bound / f64::powi(2.0, 30))),
            "{what}: exact mode's answer for exact distance^2 {squared}: {result:?}"
        );
    }
}

/// libccd's box-box sweeps (src/testsuites/boxbox.c, `boxboxAlignedX`; AlignedY, AlignedZ and
/// the third loop run the same gaps): box 1 (full sizes 1 x 2 x 1) starts at x = -5 and moves
/// by `x += 0.1` (rounded at every step) 100 times past box 2 (2 x 1 x 2) at the origin; the
/// second loop is ten times smaller. libccd skips steps 35 and 65, which are within 1.3e-15
/// of touching (step 35: apart by exactly 3 * 2^-51; step 65: overlapping by 3 * 2^-52). The
/// oracle: the shapes as placed (box 2's faces at `-x +- 1` rounded, in box 1's frame), whose
/// gap along x is their distance (y and z overlap).
#[test]
fn libccd_box_sweeps_are_enclosed() {
    use gjk::shape::Cuboid;
    for (sizes_1, sizes_2, start, step) in [
        ([1.0, 2.0, 1.0], [2.0, 1.0, 2.0], -5.0, 0.1),
        ([0.1, 0.2, 0.1], [0.2, 0.1, 0.2], -0.5, 0.01),
    ] {
        let half = |s: [f64; 3]| Vector::<3>::from(s.map(|x| x * 0.5));
        let (box_1, box_2) = (
            Cuboid::new(half(sizes_1)).unwrap(),
            Cuboid::new(half(sizes_2)).unwrap(),
        );
        let (h1, h2) = (half(sizes_1).x, half(sizes_2).x);
        let mut x: f64 = start;
        for i in 0..100 {
            let at = Pose::from_translation(v3(x, 0.0, 0.0)).unwrap();
            let query = |o: &QueryOptions| {
                distance_with(&box_1, &at, &box_2, &Pose::identity(), o).unwrap()
            };
            // Box 2 in box 1's frame: translated by 0 - x, its faces rounded as placed.
            let (low, high) = (-h2 + -x, h2 + -x);
            let gap = (exact::q(low) - exact::q(h1)).max(exact::q(-h1) - exact::q(high));
            let squared = if gap > exact::q(0.0) {
                &gap * &gap
            } else {
                exact::q(0.0)
            };
            check_exact(
                &format!("sizes {sizes_1:?}, step {i}, x = {x:e}"),
                query,
                &squared,
            );
            if start == -5.0 && i == 35 {
                // libccd's own gap |x| - 1.5, exactly 3 * 2^-51: the same shapes.
                assert_eq!(gap, exact::q(3.0 * 2f64.powi(-51)));
                let r = query(&QueryOptions::default());
                assert!(!r.intersecting || r.tolerance_call, "{r:?}");
            }
            x += step;
        }
    }
}

/// openGJK's Python tests (test_line_point_distance, test_line_line_distance,
/// test_tri_distance), rebuilt with their points computed as numpy computes them (one
/// rounding per operation, no fused multiply-add): a point `delta` times a normal off a
/// segment, a segment starting there, and a triangle `delta` from another. At delta = 0 the
/// rounded point is not on the segment: 1.9e-17 and 8.7e-17 away. The oracle: the exact
/// squared distances of the floats, in rationals.
#[test]
fn opengjk_boundary_cases_are_enclosed() {
    use gjk::shape::{Point, Segment};
    let sub = |a: [f64; 3], b: [f64; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    let along =
        |a: [f64; 3], s: f64, d: [f64; 3]| [a[0] + s * d[0], a[1] + s * d[1], a[2] + s * d[2]];
    let cross = |a: [f64; 3], b: [f64; 3]| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let id = Pose::identity();
    let segment =
        |a: [f64; 3], b: [f64; 3]| Segment::new(Vector::from(a), Vector::from(b)).unwrap();

    let line = [[0.1, 0.2, 0.3], [0.5, 0.8, 0.7]];
    let on_line = along(line[0], 0.27, sub(line[1], line[0]));
    let normal = cross(line[0], line[1]);
    for delta in [0.1, 1e-12, 0.0, -2.0] {
        let point = along(on_line, delta, normal);
        let (line_shape, point_shape) = (
            segment(line[0], line[1]),
            Point::new(Vector::from(point)).unwrap(),
        );
        let query =
            |o: &QueryOptions| distance_with(&line_shape, &id, &point_shape, &id, o).unwrap();
        let [a, b, x] = [line[0], line[1], point].map(exact::p);
        check_exact(
            &format!("line_point {delta}"),
            query,
            &exact::point_segment(&x, &a, &b),
        );
    }

    let line = [[-0.5, -0.7, -0.3], [1.0, 2.0, 3.0]];
    let on_line = along(line[0], 0.38, sub(line[1], line[0]));
    let normal = cross(line[0], line[1]);
    for delta in [0.1, 1e-12, 0.0] {
        let start = along(on_line, delta, normal);
        let other = [start, [2.0, 5.0, 6.0]];
        let (first, second) = (segment(line[0], line[1]), segment(other[0], other[1]));
        let query = |o: &QueryOptions| distance_with(&first, &id, &second, &id, o).unwrap();
        let [a, b, c, d] = [line[0], line[1], other[0], other[1]].map(exact::p);
        check_exact(
            &format!("line_line {delta}"),
            query,
            &exact::segment_segment(&a, &b, &c, &d),
        );
    }

    for i in 0..6 {
        // Python's 0.1 ** (3 i): the C library's pow, as f64::powf calls it.
        let delta = 0.1f64.powf(f64::from(3 * i));
        let t1 = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        let t2 = [[1.0, delta, 0.0], [3.0, 1.2, 0.0], [1.0, 1.0, 0.0]];
        let hull = |t: [[f64; 3]; 3]| {
            ConvexHull::<3>::new(t.iter().map(|p| Vector::from(*p)).collect()).unwrap()
        };
        let (first, second) = (hull(t1), hull(t2));
        let query = |o: &QueryOptions| distance_with(&first, &id, &second, &id, o).unwrap();
        // Coplanar and apart: the least distance between their edges.
        let edges = |t: [[f64; 3]; 3]| {
            [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])].map(|(a, b)| (exact::p(a), exact::p(b)))
        };
        let squared = edges(t1)
            .iter()
            .flat_map(|(a, b)| edges(t2).map(|(c, d)| exact::segment_segment(a, b, &c, &d)))
            .min()
            .unwrap();
        check_exact(&format!("tri_distance {delta:e}"), query, &squared);
    }
}

/// Random polytopes at exactly known tiny gaps: A has a square face on x = 0 (its other
/// vertices random behind it, one of them at (-s, 0, 0)), B a vertex at (g, y, z) over the
/// face's middle half and its other vertices random beyond x = s/4, so that A and B are
/// exactly g apart (the vertex's foot is on the face, every other point of B is farther); with
/// the vertex at -g they overlap. B is placed by a translation across x, on the coordinates'
/// grid, so that its placed points are the constructed ones. Every coordinate is a multiple of
/// 2^-30 s but the gap's.
#[test]
fn random_polytopes_at_exact_gaps_are_enclosed() {
    fn run<const D: usize>(seed: u64) {
        let mut rng = crate::common::Rng::new(seed);
        let mut failures = Failures::default();
        for case in 0..600 {
            let s = 2f64.powi(rng.below(41) as i32 - 20);
            let g = s * 2f64.powi(-(20 + rng.below(61) as i32));
            let grid = |x: f64| (x * 2f64.powi(30)).round() * 2f64.powi(-30) * s;
            let rng_point = |rng: &mut crate::common::Rng, x: f64| {
                let mut p = Vector::<D>::zeros();
                p[0] = x;
                for k in 1..D {
                    p[k] = grid(rng.range(-1.0, 1.0));
                }
                p
            };
            let mut a: Vec<Vector<D>> = Vec::new();
            for corner in 0..(1 << (D - 1)) {
                let mut p = Vector::<D>::zeros();
                for k in 1..D {
                    p[k] = if corner >> (k - 1) & 1 == 1 { s } else { -s };
                }
                a.push(p);
            }
            let mut deepest = Vector::<D>::zeros();
            deepest[0] = -s;
            a.push(deepest);
            for _ in 0..6 {
                let x = -grid(rng.unit().max(1e-3));
                a.push(rng_point(&mut rng, x));
            }
            let signed_gap = if case % 2 == 0 { g } else { -g };
            let mut vertex = rng_point(&mut rng, signed_gap);
            for k in 1..D {
                vertex[k] *= 0.5;
            }
            let mut b = vec![vertex];
            for _ in 0..6 {
                let x = s * 0.25 + grid(rng.unit());
                b.push(rng_point(&mut rng, x));
            }
            // B's points given relative to a translation across x (exact on the grid).
            let mut offset = Vector::<D>::zeros();
            for k in 1..D {
                offset[k] = grid(rng.range(-4.0, 4.0));
            }
            let b_local: Vec<Vector<D>> = b.iter().map(|p| p - offset).collect();
            assert!(b_local.iter().zip(&b).all(|(l, p)| l + offset == *p));
            let (a, b) = (
                ConvexHull::<D>::new(a).unwrap(),
                ConvexHull::<D>::new(b_local).unwrap(),
            );
            let (id, at) = (Pose::identity(), Pose::from_translation(offset).unwrap());
            let exact = signed_gap.max(0.0);
            for options in modes() {
                failures.check(judged(&options, &a, &id, &b, &at, exact), || {
                    format!("case {case}: s = {s:e}, gap {signed_gap:e}")
                });
            }
        }
        failures.assert_none();
    }
    run::<2>(37);
    run::<3>(41);
}

/// Exact mode against brute force on random polygons placed within rounding of touching: A and
/// B have 6 random points each on the grid of 2^-20 in [-1, 1]^2; B is moved next to A by the
/// default query's distance along its normal, rounded to the grid of 2^-30, so that the pair is
/// apart by a few units of that grid, touching, or overlapping by as little. Every coordinate
/// is exact. The oracle, in rationals: the hulls overlap when two of their points' segments
/// meet or a point of one lies in a triangle of the other's points (exact orientations, the
/// grid's integers in i128); else their distance is the least over all pairs of segments.
#[test]
fn exact_mode_matches_brute_force_on_random_polygons_near_touching() {
    let mut rng = crate::common::Rng::new(24);
    let grid = |x: f64, k: i32| (x * 2f64.powi(k)).round() / 2f64.powi(k);
    let exact_mode = modes()[1];
    let (mut apart, mut overlapping) = (0, 0);
    for case in 0..200 {
        let mut cloud = || -> Vec<[f64; 2]> {
            (0..6)
                .map(|_| {
                    [
                        grid(rng.range(-1.0, 1.0), 20),
                        grid(rng.range(-1.0, 1.0), 20),
                    ]
                })
                .collect()
        };
        let (a, b) = (cloud(), cloud());
        let hull = |points: &[[f64; 2]]| {
            ConvexHull::<2>::new(points.iter().map(|p| v2(p[0], p[1])).collect()).unwrap()
        };
        let id = Pose::identity();
        let angle = rng.range(0.0, std::f64::consts::TAU);
        let far = v2(3.0 * angle.cos(), 3.0 * angle.sin());
        let r = distance_with(
            &hull(&a),
            &id,
            &hull(&b),
            &Pose::from_translation(far).unwrap(),
            &QueryOptions::default(),
        )
        .unwrap();
        let shift = far - r.normal * r.distance;
        let shift = [grid(shift.x, 30), grid(shift.y, 30)];
        let b: Vec<[f64; 2]> = b
            .iter()
            .map(|p| [p[0] + shift[0], p[1] + shift[1]])
            .collect();
        let (ha, hb) = (hull(&a), hull(&b));
        let squared = brute_force_squared_distance(&a, &b);
        let result = distance_with(&ha, &id, &hb, &id, &exact_mode).unwrap();
        let verdict = intersect_with(&ha, &id, &hb, &id, &exact_mode).unwrap();
        let touching = squared == exact::q(0.0);
        assert_eq!(
            result.intersecting, touching,
            "case {case}: {result:?}, exact^2 {squared}"
        );
        assert_eq!(verdict, touching, "case {case}: the boolean query");
        assert!(!result.tolerance_call, "case {case}");
        assert!(
            exact::encloses(result.lower_bound, result.distance, &squared)
                && result.distance <= result.lower_bound.next_up(),
            "case {case}: exact^2 {squared} not within adjacent [{:e}, {:e}]",
            result.lower_bound,
            result.distance
        );
        if touching {
            overlapping += 1;
        } else {
            apart += 1;
        }
    }
    // Both sides of touching are exercised.
    assert!(
        apart >= 50 && overlapping >= 50,
        "{apart} apart, {overlapping} overlapping"
    );
}

/// The squared distance between the hulls of the 2D points `a` and `b`, 0 when they meet (see
/// [`exact_mode_matches_brute_force_on_random_polygons_near_touching`]).
fn brute_force_squared_distance(a: &[[f64; 2]], b: &[[f64; 2]]) -> exact::Q {
    // The grid's integers (2^30 units): orientations exact in i128.
    let units = |p: &[f64; 2]| p.map(|x| (x * 2f64.powi(30)) as i128);
    let orient = |o: [i128; 2], p: [i128; 2], q: [i128; 2]| {
        ((p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])).signum()
    };
    let inside = |x: &[f64; 2], cloud: &[[f64; 2]]| {
        let x = units(x);
        let n = cloud.len();
        (0..n).any(|i| {
            (i + 1..n).any(|j| {
                (j + 1..n).any(|k| {
                    let (p, q, r) = (units(&cloud[i]), units(&cloud[j]), units(&cloud[k]));
                    let s = [orient(p, q, x), orient(q, r, x), orient(r, p, x)];
                    orient(p, q, r) != 0 && (s.iter().all(|&o| o >= 0) || s.iter().all(|&o| o <= 0))
                })
            })
        })
    };
    if inside(&a[0], b) || inside(&b[0], a) {
        return exact::q(0.0);
    }
    let lift = |p: &[f64; 2]| exact::p([p[0], p[1], 0.0]);
    let segments = |cloud: &[[f64; 2]]| -> Vec<(exact::P, exact::P)> {
        let n = cloud.len();
        (0..n)
            .flat_map(|i| (i..n).map(move |j| (i, j)))
            .map(|(i, j)| (lift(&cloud[i]), lift(&cloud[j])))
            .collect()
    };
    let (sa, sb) = (segments(a), segments(b));
    sa.iter()
        .flat_map(|(p, q)| {
            sb.iter()
                .map(move |(r, s)| exact::segment_segment(p, q, r, s))
        })
        .min()
        .expect("segments")
}
