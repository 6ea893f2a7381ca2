//! The distance sub-algorithm: the point of a simplex (1 to 4 vertices) closest to the origin,
//! by signed volumes (Montanari, Petrinic and Barbieri, "Improving the GJK algorithm for faster
//! and more reliable distance queries between convex objects", ACM TOG 2017).
//!
//! The simplex is solved in 3D coordinates: 2D points are lifted with z = 0, which makes the
//! triangle's plane the whole 2D plane and keeps one implementation for both dimensions.
//!
//! Each sub-simplex tests whether the origin's projection on its affine hull lies inside it
//! (all signed volumes share the sign of the whole); if not, only the faces opposite the
//! vertices with a wrongly signed volume can hold the closest point, and they are solved in
//! turn. The closest point itself is computed directly (the origin's projection on a line or
//! plane) rather than as a barycentric sum of the vertices, which keeps it accurate when the
//! origin is far from a small simplex.

use nalgebra::Vector3;

/// The point of a simplex closest to the origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Closest {
    /// Barycentric weight of each vertex; 0 for the vertices outside the support set.
    pub weights: [f64; 4],
    /// The closest point.
    pub point: Vector3<f64>,
}

/// The point of the simplex `points` (1 to 4 vertices) closest to the origin. `planar` says that
/// every point has z = 0 (a 2D query).
pub(crate) fn closest_to_origin(points: &[Vector3<f64>], planar: bool) -> Closest {
    match points.len() {
        1 => vertex(points, 0),
        2 => segment(points, 0, 1, planar),
        3 => triangle(points, [0, 1, 2], planar),
        4 => tetrahedron(points),
        n => unreachable!("a simplex has 1 to 4 vertices, not {n}"),
    }
}

fn vertex(p: &[Vector3<f64>], i: usize) -> Closest {
    let mut weights = [0.0; 4];
    weights[i] = 1.0;
    Closest {
        weights,
        point: p[i],
    }
}

fn segment(p: &[Vector3<f64>], i: usize, j: usize, planar: bool) -> Closest {
    let (a, b) = (p[i], p[j]);
    let t = b - a;
    // Signed lengths of the origin's projection from each end, both scaled by |t|^2.
    let weight_a = b.dot(&t);
    let weight_b = -a.dot(&t);
    // Written so that NaN and a zero-length segment fall back to a vertex.
    if !is_positive(weight_b) {
        return vertex(p, i);
    }
    if !is_positive(weight_a) {
        return vertex(p, j);
    }
    let total = weight_a + weight_b;
    let lambda_b = weight_b / total;
    let mut weights = [0.0; 4];
    weights[i] = weight_a / total;
    weights[j] = lambda_b;
    let point = if planar {
        // In 2D the segment is a facet: project along its normal, whose direction is exact to
        // rounding even when the origin is much closer to the segment than the segment is long.
        let normal = Vector3::new(-t.y, t.x, 0.0);
        normal * (a.dot(&normal) / normal.norm_squared())
    } else {
        a + t * lambda_b
    };
    Closest { weights, point }
}

fn triangle(p: &[Vector3<f64>], [i, j, k]: [usize; 3], planar: bool) -> Closest {
    let (a, b, c) = (p[i], p[j], p[k]);
    let (n, shortest) = plane_normal_and_shortest_edge(a, b, c);
    let nn = n.norm_squared();
    if nn > 0.0 && nn.is_finite() {
        // The origin's projection on the triangle's plane, and the signed areas (times |n|) of
        // the sub-triangles it makes opposite each vertex. In 2D the plane is the whole plane:
        // the projection is the origin and only the z components are not zero (the same
        // numbers as the general formulas, without the products of zeros).
        // Each sub-triangle's area is taken as (one end) x (its edge), the edge subtracted from
        // the vertices themselves: the cross product of two close ends (a sliver's short edge)
        // cancels catastrophically, the edge keeps every digit.
        let (ab, bc, ca) = (b - a, c - b, a - c);
        let (projection, area_a, area_b, area_c) = if planar {
            let cross_z = |u: &Vector3<f64>, v: &Vector3<f64>| u.x * v.y - u.y * v.x;
            (
                Vector3::zeros(),
                n.z * cross_z(&b, &bc),
                n.z * cross_z(&c, &ca),
                n.z * cross_z(&a, &ab),
            )
        } else {
            let projection = n * (a.dot(&n) / nn);
            let (pa, pb, pc) = (a - projection, b - projection, c - projection);
            (
                projection,
                n.dot(&pb.cross(&bc)),
                n.dot(&pc.cross(&ca)),
                n.dot(&pa.cross(&ab)),
            )
        };
        if area_a > 0.0 && area_b > 0.0 && area_c > 0.0 {
            // The whole area is |n|^2 (n is exact to rounding), not the sum of the three: on a
            // sliver the two sub-triangles along the long edges are thin and known only to
            // EPSILON * long / short, which would move every weight. The far vertex's weight
            // (opposite the shortest edge) is well conditioned; the two near vertices share
            // the rest, where an error in their split moves the point only along the short edge.
            let (far, near, far_area, near_areas) = match shortest {
                Edge::Ab => (k, [i, j], area_c, [area_a, area_b]),
                Edge::Bc => (i, [j, k], area_a, [area_b, area_c]),
                Edge::Ca => (j, [k, i], area_b, [area_c, area_a]),
            };
            let far_weight = (far_area / nn).min(1.0);
            let near_total = near_areas[0] + near_areas[1];
            let mut weights = [0.0; 4];
            weights[far] = far_weight;
            weights[near[0]] = (1.0 - far_weight) * (near_areas[0] / near_total);
            weights[near[1]] = (1.0 - far_weight) * (near_areas[1] / near_total);
            return Closest {
                weights,
                point: projection,
            };
        }
        let candidates = [(area_a, [j, k]), (area_b, [k, i]), (area_c, [i, j])];
        best_of(
            candidates
                .iter()
                .filter(|(area, _)| !is_positive(*area))
                .map(|(_, [s, t])| segment(p, *s, *t, planar)),
        )
    } else {
        // Collinear or coincident vertices: the closest point is on one of the edges.
        best_of(
            [
                segment(p, j, k, planar),
                segment(p, k, i, planar),
                segment(p, i, j, planar),
            ]
            .into_iter(),
        )
    }
}

/// An edge of a triangle `abc`.
enum Edge {
    Ab,
    Bc,
    Ca,
}

/// `(b - a) x (c - a)`, computed from the two shortest edges: the cross product of two long,
/// nearly parallel edges of a sliver triangle cancels catastrophically, while the short edge is
/// exact to rounding. All three pairs of edges give the same vector in exact arithmetic.
pub(crate) fn plane_normal(a: Vector3<f64>, b: Vector3<f64>, c: Vector3<f64>) -> Vector3<f64> {
    plane_normal_and_shortest_edge(a, b, c).0
}

/// [`plane_normal`] and the shortest edge it was computed from.
fn plane_normal_and_shortest_edge(
    a: Vector3<f64>,
    b: Vector3<f64>,
    c: Vector3<f64>,
) -> (Vector3<f64>, Edge) {
    let (ab, bc, ca) = (b - a, c - b, a - c);
    let (lab, lbc, lca) = (ab.norm_squared(), bc.norm_squared(), ca.norm_squared());
    // Leave out the longest edge; of the other two, name the shorter.
    if lab >= lbc && lab >= lca {
        (bc.cross(&ca), if lbc <= lca { Edge::Bc } else { Edge::Ca })
    } else if lbc >= lca {
        (ca.cross(&ab), if lca <= lab { Edge::Ca } else { Edge::Ab })
    } else {
        (ab.cross(&bc), if lab <= lbc { Edge::Ab } else { Edge::Bc })
    }
}

fn tetrahedron(p: &[Vector3<f64>]) -> Closest {
    let det = |x: &Vector3<f64>, y: &Vector3<f64>, z: &Vector3<f64>| x.dot(&y.cross(z));
    let (a, b, c, d) = (p[0], p[1], p[2], p[3]);
    // Signed volumes of the tetrahedra with the origin in place of each vertex.
    let volumes = [
        det(&b, &c, &d),
        -det(&a, &c, &d),
        det(&a, &b, &d),
        -det(&a, &b, &c),
    ];
    let total: f64 = volumes.iter().sum();
    // A tetrahedron flat to within rounding has a total volume of noise: the signs say nothing
    // and every face must be tried.
    let size = p.iter().map(|x| x.amax()).fold(0.0, f64::max);
    let flat = total.abs() <= 32.0 * f64::EPSILON * size * size * size;
    let same_sign = |v: f64| !flat && ((v > 0.0 && total > 0.0) || (v < 0.0 && total < 0.0));
    if volumes.iter().all(|v| same_sign(*v)) {
        let mut weights = [0.0; 4];
        for (w, v) in weights.iter_mut().zip(volumes) {
            *w = v / total;
        }
        return Closest {
            weights,
            point: Vector3::zeros(),
        };
    }
    const FACES: [[usize; 3]; 4] = [[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]];
    best_of(
        FACES
            .iter()
            .zip(volumes)
            .filter(|(_, v)| !same_sign(*v))
            .map(|(face, _)| triangle(p, *face, false)),
    )
}

/// `x > 0`, false for NaN: a weight that is not clearly positive drops its vertex.
fn is_positive(x: f64) -> bool {
    x > 0.0
}

/// The candidate closest to the origin.
fn best_of(candidates: impl Iterator<Item = Closest>) -> Closest {
    candidates
        .min_by(|x, y| x.point.norm_squared().total_cmp(&y.point.norm_squared()))
        .expect("at least one face holds the closest point")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f64, y: f64, z: f64) -> Vector3<f64> {
        Vector3::new(x, y, z)
    }

    /// Optimality certificate: `q` is the closest point of the hull of `p` to the origin iff
    /// `q . (p_i - q) >= 0` for every vertex.
    fn assert_optimal(p: &[Vector3<f64>], c: &Closest) {
        let sum: f64 = c.weights.iter().sum();
        assert!((sum - 1.0).abs() < 1e-12, "weights {:?}", c.weights);
        assert!(c.weights.iter().all(|w| *w >= 0.0));
        let combo: Vector3<f64> = p.iter().zip(c.weights).map(|(x, w)| x * w).sum();
        let scale = p.iter().map(|x| x.norm()).fold(0.0, f64::max);
        assert!((combo - c.point).norm() <= 1e-12 * scale.max(1.0));
        for x in p {
            assert!(
                c.point.dot(&(x - c.point)) >= -1e-12 * scale * scale,
                "{:?} not optimal for {:?}",
                c.point,
                p
            );
        }
    }

    #[test]
    fn segment_cases() {
        let p = [v(1.0, -1.0, 0.0), v(1.0, 1.0, 0.0)];
        let c = closest_to_origin(&p, false);
        assert_eq!(c.point, v(1.0, 0.0, 0.0));
        assert_eq!(c.weights[..2], [0.5, 0.5]);
        let p = [v(1.0, 1.0, 0.0), v(2.0, 2.0, 0.0)];
        assert_eq!(closest_to_origin(&p, false).weights[..2], [1.0, 0.0]);
        let p = [v(2.0, 2.0, 0.0), v(2.0, 2.0, 0.0)];
        assert_eq!(closest_to_origin(&p, false).point, v(2.0, 2.0, 0.0));
    }

    #[test]
    fn triangle_inside_and_outside() {
        let p = [v(-1.0, -1.0, 2.0), v(1.0, -1.0, 2.0), v(0.0, 1.0, 2.0)];
        let c = closest_to_origin(&p, false);
        assert!((c.point - v(0.0, 0.0, 2.0)).norm() < 1e-15);
        assert_optimal(&p, &c);
        let p = [v(1.0, 1.0, 0.0), v(3.0, 1.0, 0.0), v(1.0, 3.0, 0.0)];
        let c = closest_to_origin(&p, false);
        assert_eq!(c.point, v(1.0, 1.0, 0.0));
    }

    #[test]
    fn tetrahedron_contains_origin() {
        let p = [
            v(1.0, 0.0, -1.0),
            v(-1.0, 1.0, -1.0),
            v(-1.0, -1.0, -1.0),
            v(0.0, 0.0, 1.0),
        ];
        let c = closest_to_origin(&p, false);
        assert_eq!(c.point, Vector3::zeros());
        assert_optimal(&p, &c);
    }

    #[test]
    fn degenerate_simplices() {
        // Collinear triangle, flat tetrahedron, repeated vertices.
        let p = [v(1.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(3.0, 0.0, 0.0)];
        assert_eq!(closest_to_origin(&p, false).point, v(1.0, 0.0, 0.0));
        let p = [
            v(1.0, -1.0, -1.0),
            v(1.0, 1.0, -1.0),
            v(1.0, 0.0, 1.0),
            v(1.0, 0.1, 0.1),
        ];
        let c = closest_to_origin(&p, false);
        assert!((c.point - v(1.0, 0.0, 0.0)).norm() < 1e-15);
        assert_optimal(&p, &c);
        let p = [v(1.0, 2.0, 3.0); 4];
        assert_eq!(closest_to_origin(&p, false).point, v(1.0, 2.0, 3.0));
    }

    /// A tetrahedron flat to within rounding, far from the origin (met by GJK on an ellipsoid):
    /// the signs of its volumes are noise, and the new vertex (the last) is the closest point.
    #[test]
    fn flat_tetrahedron_far_from_origin() {
        let p = [
            v(
                1.9428492310194245,
                -0.19034041894592613,
                -0.09488145043110541,
            ),
            v(
                1.9428517661600089,
                -0.19031910408032987,
                -0.09487229534577091,
            ),
            v(
                1.9428498815105026,
                -0.19032476192020847,
                -0.09489953708984544,
            ),
            v(
                1.9428503380017514,
                -0.1903284606310814,
                -0.09488277006769025,
            ),
        ];
        let c = closest_to_origin(&p, false);
        // Exact (rational) answer: vertex 3, |p3|^2 = 3.819895098855435, below the old
        // triangle's 3.819895098936951.
        assert!(c.point.norm_squared() <= p[3].norm_squared() * (1.0 + 1e-15));
        assert_optimal(&p, &c);
    }

    /// Random simplices, scaled and shifted, against the optimality certificate.
    /// A sliver from a traced query (edges 4.6e-4 and 4560 long, the point 25 from its plane's
    /// far end): the point is exact (rational arithmetic) to 1e-14 and the weights give it to
    /// rounding. Normalizing by the sum of the three sub-areas (two of them thin and known to
    /// 1e-9 only) put the weights' point 3.3e-8 off.
    #[test]
    fn sliver_weights_give_the_point() {
        let p = [
            v(362.42341050068376, -355.985316765335, 319.115859941474),
            v(-1164.096468250021, 1289.458330895045, -1065.7936053462768),
            v(362.4235687019036, -355.9853964999264, 319.11562715172386),
        ];
        let exact = v(15.464984664030107, 18.00300513566531, 4.343478094296288);
        for rotation in 0..3 {
            let q = [p[rotation], p[(rotation + 1) % 3], p[(rotation + 2) % 3]];
            let c = closest_to_origin(&q, false);
            let combo: Vector3<f64> = q.iter().zip(c.weights).map(|(x, w)| x * w).sum();
            let rounding = 64.0 * f64::EPSILON * 1800.0;
            assert!((c.point - exact).norm() <= rounding, "{c:?}");
            assert!((combo - exact).norm() <= rounding, "{combo:?} from {c:?}");
        }
    }

    #[test]
    fn random_simplices_are_optimal() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
        };
        for round in 0..20_000 {
            let n = 1 + round % 4;
            let offset = v(next(), next(), next()) * 3.0;
            let flat = round % 7 == 0;
            let p: Vec<_> = (0..n)
                .map(|_| {
                    let z = if flat { 0.5 } else { next() };
                    v(next(), next(), z) + offset
                })
                .collect();
            assert_optimal(&p, &closest_to_origin(&p, false));
        }
    }
}
