//! A corpus of degenerate geometry with exact answers: touching at a vertex, an edge, a face;
//! coplanar and collinear clouds; repeated points; nested shapes; parallel faces 1e-9 apart;
//! shapes far from the origin (1e6..1e9, and the classic two unit boxes near 9e4) and tiny
//! ones (1e-6); axis-aligned and 90-degree rotated boxes; overlapping flat polygons and
//! penetrating cubes.
//!
//! Every expected value is exact: the coordinates are small integers or dyadic fractions
//! shifted by offsets, so that each gap is an exact difference of doubles (checked in the
//! test), and distances that are not axis-aligned are square roots of exact rationals computed
//! with i128 arithmetic (`sqrt_ratio`). Nothing is compared with the library's own output.
//!
//! Tolerances: a few ulps of the largest coordinate (`ULPS * eps * magnitude`). The 90-degree
//! rotation is the quaternion (0, 0, sqrt(0.5), sqrt(0.5)): sqrt(0.5) is not exact, so the
//! rotation matrix is off by about 1 ulp and the rotated corners by about 2 ulps of the shape's
//! size; those cases add `ULPS * eps * size`. Verdicts must be exact: every gap of the corpus
//! is either exactly 0 (touching, which intersects) or far above the library's touching
//! threshold of 16 ulps of the shapes' size.

use gjk::shape::{ConvexHull, Cuboid, Shape};
use gjk::{distance, intersect, penetration, Pose, Vector};
use nalgebra::{Quaternion, UnitQuaternion, Vector3};

/// Tolerance in ulps of the relevant magnitude.
const ULPS: f64 = 8.0;

/// A corpus case: two shapes, their poses, and the exact answer.
struct Case<const D: usize> {
    name: String,
    a: Shape<D>,
    pose_a: Pose<D>,
    b: Shape<D>,
    pose_b: Pose<D>,
    /// The exact distance (0 when touching or overlapping).
    distance: f64,
    /// The exact penetration depth when the shapes overlap and it is known in closed form.
    depth: Option<f64>,
    /// Whether the shapes intersect (touching included).
    intersecting: bool,
    /// Absolute tolerance for distance and depth.
    tol: f64,
}

fn v2(x: f64, y: f64) -> Vector<2> {
    Vector::<2>::new(x, y)
}

fn v3(x: f64, y: f64, z: f64) -> Vector<3> {
    Vector::<3>::new(x, y, z)
}

fn hull<const D: usize>(points: Vec<Vector<D>>) -> Shape<D> {
    Shape::ConvexHull(ConvexHull::new(points).expect("valid hull"))
}

/// The 8 corners of the box [lo, hi] (each repeated `copies` times).
fn box_corners(lo: [f64; 3], hi: [f64; 3], copies: usize) -> Vec<Vector<3>> {
    let mut pts = Vec::new();
    for _ in 0..copies {
        for i in 0..8 {
            let c = |k: usize| if i >> k & 1 == 0 { lo[k] } else { hi[k] };
            pts.push(v3(c(0), c(1), c(2)));
        }
    }
    pts
}

fn rect_corners(lo: [f64; 2], hi: [f64; 2]) -> Vec<Vector<2>> {
    vec![
        v2(lo[0], lo[1]),
        v2(hi[0], lo[1]),
        v2(hi[0], hi[1]),
        v2(lo[0], hi[1]),
    ]
}

fn translation3(x: f64, y: f64, z: f64) -> Pose<3> {
    Pose::from_translation(v3(x, y, z)).unwrap()
}

/// 90 degrees about z: (x, y, z, w) = (0, 0, sqrt(0.5), sqrt(0.5)), sqrt(0.5) rounded.
fn quarter_turn_z(x: f64, y: f64, z: f64) -> Pose<3> {
    let h = 0.5f64.sqrt();
    let q = UnitQuaternion::new_unchecked(Quaternion::new(h, 0.0, 0.0, h));
    Pose::new_3d(Vector3::new(x, y, z), q).unwrap()
}

fn magnitude(values: &[f64]) -> f64 {
    values.iter().fold(0.0f64, |m, x| m.max(x.abs()))
}

/// `b - a`, asserting that the subtraction is exact (the corpus never relies on rounding).
fn exact_gap(a: f64, b: f64) -> f64 {
    let g = b - a;
    assert_eq!(a + g, b, "gap {a} .. {b} is not exact");
    assert_eq!(b - g, a, "gap {a} .. {b} is not exact");
    g
}

/// The nearest double to sqrt(num / den) for an exact rational (num, den >= 0), and an error
/// bound of 1 ulp (the division and the square root each round once).
fn sqrt_ratio(num: i128, den: i128) -> f64 {
    assert!(num >= 0 && den > 0);
    (num as f64 / den as f64).sqrt()
}

/// Dyadic value k / 2^shift as a double (exact for the small k used here).
fn dy(k: i64, shift: i32) -> f64 {
    k as f64 * 2f64.powi(-shift)
}

/// Axis-aligned boxes (as cuboids placed by poses, and as hulls of their corners at the same
/// place) with a given gap along one axis, at an offset, at a scale: distance = the gap exactly
/// (or 0 when overlapping), depth = the smallest overlap over the axes.
fn axis_box_cases(cases: &mut Vec<Case<3>>) {
    let offsets = [0.0, 9e4, 1e6, -1e6, 123456789.0, 1e9];
    // (scale exponent, gap in units of the scale as k / 2^shift)
    let scales = [0i32, -20, 10];
    let gaps: [(i64, i32, &str); 6] = [
        (0, 0, "face touching"),
        (1, 30, "parallel faces 2^-30 apart"),
        (1, 10, "gap 2^-10"),
        (3, 1, "gap 1.5"),
        (-1, 10, "overlap 2^-10"),
        (-5, 2, "overlap 1.25"),
    ];
    for &offset in &offsets {
        for &sexp in &scales {
            let s = 2f64.powi(sexp);
            for &(k, shift, what) in &gaps {
                for axis in 0..3 {
                    for rotated in [false, true] {
                        // A: half extents (1, 2, 3) * s at (offset, offset, offset). B: half
                        // extents (2, 1, 1) * s, placed along `axis` beyond A's face.
                        let ha = [1.0 * s, 2.0 * s, 3.0 * s];
                        let hb = [2.0 * s, 1.0 * s, 1.0 * s];
                        let gap = dy(k, shift) * s;
                        let mut cb = [offset; 3];
                        cb[axis] = offset + ha[axis] + gap + hb[axis];
                        let a_face = offset + ha[axis];
                        let b_face = cb[axis] - hb[axis];
                        // Skip combinations the doubles cannot carry exactly.
                        let g = b_face - a_face;
                        if g != gap || a_face + g != b_face {
                            continue;
                        }
                        let _ = exact_gap(a_face, b_face);
                        let size = 6.0 * s;
                        if gap != 0.0 && gap.abs() < 1e3 * f64::EPSILON * size {
                            continue; // below the touching threshold: not a corpus case
                        }
                        // Depth when overlapping: the smallest push over the axes and
                        // directions (the other axes overlap by whole half extents).
                        let depth = (gap < 0.0).then(|| {
                            (0..3)
                                .flat_map(|k| {
                                    let lo_a = offset - ha[k];
                                    let hi_a = offset + ha[k];
                                    let lo_b = cb[k] - hb[k];
                                    let hi_b = cb[k] + hb[k];
                                    [hi_a - lo_b, hi_b - lo_a]
                                })
                                .fold(f64::INFINITY, f64::min)
                        });
                        let mag = magnitude(&[offset, cb[0], cb[1], cb[2]]);
                        let mut tol = ULPS * f64::EPSILON * mag.max(size);
                        let (pose_a, a) = if rotated {
                            // A rotated 90 degrees about z: its half extents become (2, 1, 3).
                            tol += ULPS * f64::EPSILON * size;
                            (
                                quarter_turn_z(offset, offset, offset),
                                Shape::Cuboid(Cuboid::new(v3(ha[1], ha[0], ha[2])).unwrap()),
                            )
                        } else {
                            (
                                translation3(offset, offset, offset),
                                Shape::Cuboid(Cuboid::new(v3(ha[0], ha[1], ha[2])).unwrap()),
                            )
                        };
                        let b = Shape::Cuboid(Cuboid::new(v3(hb[0], hb[1], hb[2])).unwrap());
                        let name = format!(
                            "boxes {what} along axis {axis} at {offset:e} scale 2^{sexp}{}",
                            if rotated {
                                " (A turned 90 deg about z)"
                            } else {
                                ""
                            }
                        );
                        cases.push(Case {
                            name: name.clone(),
                            a,
                            pose_a,
                            b: b.clone(),
                            pose_b: translation3(cb[0], cb[1], cb[2]),
                            distance: gap.max(0.0),
                            depth,
                            intersecting: gap <= 0.0,
                            tol,
                        });
                        if !rotated {
                            // The same boxes as hulls of their (thrice repeated) corners, in
                            // world coordinates, posed by the identity.
                            let lo_a = [offset - ha[0], offset - ha[1], offset - ha[2]];
                            let hi_a = [offset + ha[0], offset + ha[1], offset + ha[2]];
                            let lo_b = [cb[0] - hb[0], cb[1] - hb[1], cb[2] - hb[2]];
                            let hi_b = [cb[0] + hb[0], cb[1] + hb[1], cb[2] + hb[2]];
                            let exact = (0..3).all(|k| {
                                lo_a[k] == offset - ha[k]
                                    && hi_a[k] - offset == ha[k]
                                    && hi_b[k] - cb[k] == hb[k]
                                    && cb[k] - lo_b[k] == hb[k]
                            });
                            if exact {
                                cases.push(Case {
                                    name: format!("{name} as repeated hull corners"),
                                    a: hull(box_corners(lo_a, hi_a, 3)),
                                    pose_a: Pose::identity(),
                                    b: hull(box_corners(lo_b, hi_b, 1)),
                                    pose_b: Pose::identity(),
                                    distance: gap.max(0.0),
                                    depth,
                                    intersecting: gap <= 0.0,
                                    tol,
                                });
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Vertex–vertex and edge–edge contacts of unit cubes, and the same moved apart diagonally by
/// e: distance e * sqrt(3) (vertex) or e * sqrt(2) (edge), as square roots of exact rationals.
fn corner_cases(cases: &mut Vec<Case<3>>) {
    for &offset in &[0.0, 1e6, 9e4, 1e9] {
        for (e_num, e_shift) in [(0i64, 0), (1, 4), (3, 1)] {
            let e = dy(e_num, e_shift);
            for (edge, what) in [(false, "vertex"), (true, "edge")] {
                let lo_b = [
                    offset + 1.0 + e,
                    offset + 1.0 + e,
                    if edge { offset } else { offset + 1.0 + e },
                ];
                let hi_b = [lo_b[0] + 1.0, lo_b[1] + 1.0, lo_b[2] + 1.0];
                if lo_b[0] - (offset + 1.0) != e {
                    continue;
                }
                // Exact squared distance: (k * e)^2 with e = e_num / 2^e_shift.
                let k = if edge { 2 } else { 3 };
                let num = k * (e_num as i128) * (e_num as i128);
                let den = 1i128 << (2 * e_shift);
                let dist = sqrt_ratio(num, den);
                let mag = magnitude(&hi_b);
                cases.push(Case {
                    name: format!(
                        "unit cubes touching at a{} {what}, moved {e} apart, at {offset:e}",
                        if edge { "n" } else { "" }
                    ),
                    a: hull(box_corners([offset; 3], [offset + 1.0; 3], 1)),
                    pose_a: Pose::identity(),
                    b: hull(box_corners(lo_b, hi_b, 2)),
                    pose_b: Pose::identity(),
                    distance: dist,
                    depth: (e == 0.0).then_some(0.0),
                    intersecting: e == 0.0,
                    tol: ULPS * f64::EPSILON * mag.max(1.0) + dist * f64::EPSILON * 2.0,
                });
            }
        }
    }
}

/// Flat (coplanar) and collinear clouds, repeated points, nested shapes, penetrating cubes.
fn degenerate_3d(cases: &mut Vec<Case<3>>) {
    for &offset in &[0.0f64, 1e6, 1e9] {
        let o = offset;
        let mag = (o.abs() + 8.0).max(1.0);
        let tol = ULPS * f64::EPSILON * mag;
        // A flat square (with its centre and duplicates) in the plane z = o; a point above it.
        let square = |z: f64, s: f64, cx: f64| {
            let mut p = vec![
                v3(o + cx - s, o - s, z),
                v3(o + cx + s, o - s, z),
                v3(o + cx + s, o + s, z),
                v3(o + cx - s, o + s, z),
                v3(o + cx, o, z),
            ];
            p.extend(p.clone());
            p
        };
        for h in [0.0, 0.25, 3.0] {
            cases.push(Case {
                name: format!("point {h} above a flat square at {o:e}"),
                a: hull(square(o, 1.0, 0.0)),
                pose_a: Pose::identity(),
                b: hull(vec![v3(o + 0.5, o + 0.5, o + h)]),
                pose_b: Pose::identity(),
                distance: h,
                depth: (h == 0.0).then_some(0.0),
                intersecting: h == 0.0,
                tol,
            });
        }
        // Two flat squares in the same plane, overlapping (reported apart by other libraries),
        // touching along an edge, and apart by 0.5.
        for (cx, d, what) in [
            (1.0, 0.0, "overlapping"),
            (2.0, 0.0, "edge touching"),
            (2.5, 0.5, "apart"),
        ] {
            cases.push(Case {
                name: format!("coplanar flat squares {what} at {o:e}"),
                a: hull(square(o, 1.0, 0.0)),
                pose_a: Pose::identity(),
                b: hull(square(o, 1.0, cx)),
                pose_b: Pose::identity(),
                distance: d,
                depth: None,
                intersecting: d == 0.0,
                tol,
            });
        }
        // A flat square crossing a box's face: the square's plane cuts through the box.
        cases.push(Case {
            name: format!("flat square through a box at {o:e}"),
            a: hull(box_corners([o - 1.0; 3], [o + 1.0; 3], 1)),
            pose_a: Pose::identity(),
            b: hull(square(o + 0.5, 2.0, 0.0)),
            pose_b: Pose::identity(),
            distance: 0.0,
            depth: None,
            intersecting: true,
            tol,
        });
        // Collinear cloud along (1, 1, 1) with repeats, against points off the line: the
        // squared distance of p to the line through a with direction u is
        // |p - a|^2 - ((p - a).u)^2 / |u|^2 (an exact rational); the closest point is inside
        // the segment for these p.
        let line: Vec<Vector<3>> = [0.0, 2.0, 0.5, 1.0, 2.0, 0.0, 1.5]
            .iter()
            .map(|&t| v3(o + t, o + t, o + t))
            .collect();
        for p in [[1i128, 0, 0], [2, 0, 1], [0, 3, 3], [1, 1, 1]] {
            let w = p; // p - a, with a = (o, o, o)
            let ww = w.iter().map(|x| x * x).sum::<i128>();
            let wu = w.iter().sum::<i128>();
            let (num, den) = (3 * ww - wu * wu, 3);
            let d = sqrt_ratio(num, den);
            cases.push(Case {
                name: format!("collinear cloud vs point {p:?} at {o:e}"),
                a: hull(line.clone()),
                pose_a: Pose::identity(),
                b: hull(vec![v3(o + p[0] as f64, o + p[1] as f64, o + p[2] as f64)]),
                pose_b: Pose::identity(),
                distance: d,
                depth: (d == 0.0).then_some(0.0),
                intersecting: d == 0.0,
                tol: tol + 2.0 * f64::EPSILON * d,
            });
        }
        // Nested: a box of half 1 at (1, 0, 0) inside a box of half 4: depth 4 (push along +x).
        cases.push(Case {
            name: format!("nested boxes at {o:e}"),
            a: hull(box_corners([o - 4.0; 3], [o + 4.0; 3], 2)),
            pose_a: Pose::identity(),
            b: hull(box_corners(
                [o, o - 1.0, o - 1.0],
                [o + 2.0, o + 1.0, o + 1.0],
                1,
            )),
            pose_b: Pose::identity(),
            distance: 0.0,
            depth: Some(4.0),
            intersecting: true,
            tol,
        });
        // Penetrating cubes (reported apart by other libraries): half 1, offset (0.5, 0.25,
        // 0.125): depth 1.5 along x.
        cases.push(Case {
            name: format!("penetrating cubes at {o:e}"),
            a: hull(box_corners([o - 1.0; 3], [o + 1.0; 3], 1)),
            pose_a: Pose::identity(),
            b: hull(box_corners(
                [o - 0.5, o - 0.75, o - 0.875],
                [o + 1.5, o + 1.25, o + 1.125],
                1,
            )),
            pose_b: Pose::identity(),
            distance: 0.0,
            depth: Some(1.5),
            intersecting: true,
            tol,
        });
        // A single repeated point inside, on and outside a box.
        for (x, d) in [(0.5, 0.0), (1.0, 0.0), (1.75, 0.75)] {
            cases.push(Case {
                name: format!("repeated point at x = {x} vs box at {o:e}"),
                a: hull(box_corners([o - 1.0; 3], [o + 1.0; 3], 1)),
                pose_a: Pose::identity(),
                b: hull(vec![v3(o + x, o, o); 5]),
                pose_b: Pose::identity(),
                distance: d,
                depth: None,
                intersecting: d == 0.0,
                tol,
            });
        }
    }
    // The classic report: two unit boxes near 9e4, with a small gap or overlap of 2^-10 along
    // x, both as cuboids posed at 9e4 and as hulls of world coordinates; also turned 90
    // degrees about z (a unit cube is symmetric under it).
    let c = 9e4 + 0.5;
    for (k, what) in [
        (1i64, "2^-10 apart"),
        (-1, "overlapping by 2^-10"),
        (0, "touching"),
    ] {
        let gap = dy(k, 10);
        let cb = c + 1.0 + gap;
        for rotated in [false, true] {
            let tol = ULPS * f64::EPSILON * cb + if rotated { ULPS * f64::EPSILON } else { 0.0 };
            let pose_a = if rotated {
                quarter_turn_z(c, c, c)
            } else {
                translation3(c, c, c)
            };
            cases.push(Case {
                name: format!(
                    "unit boxes near 9e4 {what}{}",
                    if rotated { " (turned)" } else { "" }
                ),
                a: Shape::Cuboid(Cuboid::new(v3(0.5, 0.5, 0.5)).unwrap()),
                pose_a,
                b: Shape::Cuboid(Cuboid::new(v3(0.5, 0.5, 0.5)).unwrap()),
                pose_b: translation3(cb, c, c),
                distance: gap.max(0.0),
                depth: (gap <= 0.0).then_some(-gap),
                intersecting: gap <= 0.0,
                tol,
            });
        }
        cases.push(Case {
            name: format!("unit boxes near 9e4 {what} as hulls"),
            a: hull(box_corners([9e4; 3], [9e4 + 1.0; 3], 1)),
            pose_a: Pose::identity(),
            b: hull(box_corners(
                [9e4 + 1.0 + gap, 9e4, 9e4],
                [9e4 + 2.0 + gap, 9e4 + 1.0, 9e4 + 1.0],
                1,
            )),
            pose_b: Pose::identity(),
            distance: gap.max(0.0),
            depth: (gap <= 0.0).then_some(-gap),
            intersecting: gap <= 0.0,
            tol: ULPS * f64::EPSILON * 9e4,
        });
    }
}

/// 2D: polygons touching at a vertex and along an edge, collinear clouds, tiny and far ones.
fn degenerate_2d(cases: &mut Vec<Case<2>>) {
    for &(offset, s) in &[
        (0.0f64, 1.0f64),
        (1e6, 1.0),
        (1e9, 1.0),
        (0.0, 2f64.powi(-20)),
        (1e-6, 2f64.powi(-20)),
    ] {
        let o = offset;
        let mag = o.abs() + 4.0 * s;
        let tol = ULPS * f64::EPSILON * mag;
        let sq = |x0: f64, y0: f64| {
            rect_corners(
                [o + x0 * s, o + y0 * s],
                [o + (x0 + 1.0) * s, o + (y0 + 1.0) * s],
            )
        };
        for (x0, y0, d, what) in [
            (1.0, 1.0, 0.0, "vertex touching"),
            (1.0, 0.5, 0.0, "edge touching"),
            (0.5, 0.5, 0.0, "overlapping"),
            (1.5, 0.0, 0.5, "apart along x"),
            (
                0.0,
                1.0 + 2f64.powi(-30),
                2f64.powi(-30),
                "parallel edges 2^-30 apart",
            ),
        ] {
            let b = sq(x0, y0);
            let gap = d * s;
            if gap > 0.0 && (b[0][1].max(b[0][0]) - (o + s)) != gap && what != "apart along x" {
                continue; // not representable at this offset
            }
            if what == "apart along x" && b[0][0] - (o + s) != gap {
                continue;
            }
            if gap > 0.0 && gap < 1e3 * f64::EPSILON * 4.0 * s {
                continue;
            }
            let depth = (what == "overlapping").then_some(0.5 * s);
            cases.push(Case {
                name: format!("unit squares {what} at {o:e} scale {s:e}"),
                a: hull(sq(0.0, 0.0)),
                pose_a: Pose::identity(),
                b: hull(b),
                pose_b: Pose::identity(),
                distance: gap,
                depth: if d == 0.0 && what != "overlapping" {
                    Some(0.0)
                } else {
                    depth
                },
                intersecting: d == 0.0,
                tol,
            });
        }
        // Collinear cloud along x (with repeats) vs a point at height h above its middle or
        // beyond its end: distance h, or sqrt(dx^2 + h^2) exactly rational under the root.
        let line: Vec<Vector<2>> = [0.0, 3.0, 1.0, 3.0, 0.0, 2.0]
            .iter()
            .map(|&t| v2(o + t * s, o))
            .collect();
        for (px, py) in [(1i64, 2i64), (5, 0), (4, 1), (2, 0)] {
            let dx = (px - 3).max(0) as i128;
            let num = dx * dx + (py as i128) * (py as i128);
            let d = sqrt_ratio(num, 1) * s;
            cases.push(Case {
                name: format!("collinear cloud vs point ({px}, {py}) at {o:e} scale {s:e}"),
                a: hull(line.clone()),
                pose_a: Pose::identity(),
                b: hull(vec![v2(o + px as f64 * s, o + py as f64 * s)]),
                pose_b: Pose::identity(),
                distance: d,
                depth: None,
                intersecting: d == 0.0,
                tol: tol + 2.0 * f64::EPSILON * d,
            });
        }
    }
}

fn check<const D: usize>(case: &Case<D>) -> Result<(), String> {
    let err = |what: String| Err(format!("{}: {what}", case.name));
    let hit = intersect(&case.a, &case.pose_a, &case.b, &case.pose_b)
        .map_err(|e| format!("{}: {e}", case.name))?;
    if hit != case.intersecting {
        return err(format!("intersect says {hit}, exact {}", case.intersecting));
    }
    let d = distance(&case.a, &case.pose_a, &case.b, &case.pose_b)
        .map_err(|e| format!("{}: {e}", case.name))?;
    if d.intersecting != case.intersecting {
        return err(format!(
            "distance says intersecting = {}, exact {}",
            d.intersecting, case.intersecting
        ));
    }
    if (d.distance - case.distance).abs() > case.tol {
        return err(format!(
            "distance {} vs exact {} (error {:e}, tolerance {:e})",
            d.distance,
            case.distance,
            (d.distance - case.distance).abs(),
            case.tol
        ));
    }
    if let Some(depth) = case.depth {
        let p = penetration(&case.a, &case.pose_a, &case.b, &case.pose_b)
            .map_err(|e| format!("{}: {e}", case.name))?;
        if !p.intersecting || (-p.signed_distance - depth).abs() > case.tol {
            return err(format!(
                "penetration depth {} vs exact {depth} (tolerance {:e})",
                -p.signed_distance, case.tol
            ));
        }
    }
    Ok(())
}

#[test]
fn degenerate_corpus_has_exact_answers() {
    let mut c3 = Vec::new();
    axis_box_cases(&mut c3);
    corner_cases(&mut c3);
    degenerate_3d(&mut c3);
    let mut c2 = Vec::new();
    degenerate_2d(&mut c2);
    let failures: Vec<String> = c3
        .iter()
        .map(check)
        .chain(c2.iter().map(check))
        .filter_map(Result::err)
        .collect();
    let total = c3.len() + c2.len();
    println!(
        "degenerate corpus: {total} cases ({} 3D, {} 2D), {} passed, {} failed",
        c3.len(),
        c2.len(),
        total - failures.len(),
        failures.len()
    );
    assert!(total > 300, "the corpus shrank to {total} cases");
    assert!(
        failures.is_empty(),
        "{} of {total} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
