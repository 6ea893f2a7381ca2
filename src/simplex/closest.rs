//! The distance sub-algorithm: the point of a simplex (1 to 4 vertices) closest to the origin,
//! by signed volumes (Montanari, Petrinic and Barbieri, "Improving the GJK algorithm for faster
//! and more reliable distance queries between convex objects", ACM TOG 2017).
//!
//! One implementation serves both dimensions where the mathematics is the same (a vertex, a
//! segment, a triangle's weights); where it differs, each dimension has its own kernel: a 2D
//! segment is a facet, projected on along its normal, and a 2D triangle is full-dimensional,
//! its signed areas plain 2D cross products; a 3D triangle is a face, projected on along its
//! normal, and the tetrahedron is 3D alone.
//!
//! Each sub-simplex tests whether the origin's projection on its affine hull lies inside it
//! (all signed volumes share the sign of the whole); if not, only the faces opposite the
//! vertices with a wrongly signed volume can hold the closest point, and they are solved in
//! turn. The closest point itself is computed directly (the origin's projection on a line or
//! plane) rather than as a barycentric sum of the vertices, which keeps it accurate when the
//! origin is far from a small simplex.

use nalgebra::Vector3;

use crate::support::{lift, Vector};

/// The point of a simplex closest to the origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Closest<const D: usize> {
    /// Barycentric weight of each vertex; 0 for the vertices outside the support set.
    pub weights: [f64; 4],
    /// The closest point.
    pub point: Vector<D>,
}

/// The point of the simplex `points` (1 to `D + 1` vertices) closest to the origin.
#[inline]
pub(crate) fn closest_to_origin<const D: usize>(points: &[Vector<D>]) -> Closest<D> {
    match points.len() {
        1 => vertex(points, 0),
        2 => segment(points, 0, 1),
        3 => triangle(points, [0, 1, 2]),
        4 if D == 3 => {
            let lifted: [Vector3<f64>; 4] = std::array::from_fn(|i| lift(&points[i]));
            let closest = tetrahedron(&lifted);
            Closest {
                weights: closest.weights,
                point: drop_to(&closest.point),
            }
        }
        n => unreachable!("a {D}D simplex has 1 to {} vertices, not {n}", D + 1),
    }
}

/// The first `D` coordinates of a 3D vector (for `D = 3`, the vector itself).
#[inline(always)]
fn drop_to<const D: usize>(v: &Vector3<f64>) -> Vector<D> {
    Vector::from_fn(|r, _| v[r])
}

/// `u x w` in 3D coordinates: a 2D pair's is along z.
#[inline(always)]
fn cross<const D: usize>(u: &Vector<D>, w: &Vector<D>) -> Vector3<f64> {
    if D == 2 {
        Vector3::new(0.0, 0.0, u[0] * w[1] - u[1] * w[0])
    } else {
        lift(u).cross(&lift(w))
    }
}

fn vertex<const D: usize>(p: &[Vector<D>], i: usize) -> Closest<D> {
    vertex_at(p[i], i)
}

/// The vertex `a`, in slot `i`.
#[inline(always)]
fn vertex_at<const D: usize>(a: Vector<D>, i: usize) -> Closest<D> {
    let mut weights = [0.0; 4];
    weights[i] = 1.0;
    Closest { weights, point: a }
}

fn segment<const D: usize>(p: &[Vector<D>], i: usize, j: usize) -> Closest<D> {
    segment_between(p[i], p[j], [i, j])
}

/// The point of the segment from `a` to `b` closest to the origin, and its weights in the
/// simplex's slots `slots` of `a` and `b`. Inlined where the GJK loop's step solves a
/// segment (see [`super::newest`]).
#[inline(always)]
pub(super) fn segment_between<const D: usize>(
    a: Vector<D>,
    b: Vector<D>,
    [i, j]: [usize; 2],
) -> Closest<D> {
    let t = b - a;
    // Signed lengths of the origin's projection from each end, both scaled by |t|^2.
    let weight_a = b.dot(&t);
    let weight_b = -a.dot(&t);
    // Written so that NaN and a zero-length segment fall back to a vertex.
    if !is_positive(weight_b) {
        return vertex_at(a, i);
    }
    if !is_positive(weight_a) {
        return vertex_at(b, j);
    }
    let total = weight_a + weight_b;
    let lambda_b = weight_b / total;
    let mut weights = [0.0; 4];
    weights[i] = weight_a / total;
    weights[j] = lambda_b;
    let point = if D == 2 {
        // In 2D the segment is a facet: project along its normal, whose direction is exact to
        // rounding even when the origin is much closer to the segment than the segment is long.
        let normal = Vector::<D>::from_fn(|r, _| if r == 0 { -t[1] } else { t[0] });
        normal * (a.dot(&normal) / normal.norm_squared())
    } else {
        square_to(&(a + t * lambda_b), &t)
    };
    Closest { weights, point }
}

/// `p` less its component along `t`: the point interpolated on a segment far longer than its
/// distance carries the rounding of the segment's ends along the segment (a needle 3.8e7 long
/// 0.3 from the origin: 4e-9 along it), which the support point at the needle's end multiplies
/// into the lower bound (0.25 for 0.30: no convergence); removed, what is left along the
/// segment is the rounding of `p` itself.
#[inline(always)]
fn square_to<const D: usize>(p: &Vector<D>, t: &Vector<D>) -> Vector<D> {
    let along = p.dot(t) / t.norm_squared();
    if along.is_finite() {
        p - t * along
    } else {
        *p
    }
}

/// A triangle whose smallest height is at least 1/32 of its longest edge, as a bound on
/// `|n|^2 / longest^4` (`|n|` twice the area): its weights are the areas' shares.
const SOLID_TRIANGLE: f64 = 1.0 / 1024.0;

/// How far, in rounding units of the vertices' largest coordinate, a sliver's clamped weights
/// may miss the point they stand for: the solve along the edges is backward stable (a few
/// units), the areas' shares of a cap miss by `EPSILON * long / height`, more than this once
/// the triangle is thinner than 1/1024.
const SLIVER_ROUNDING: f64 = 1024.0;

fn triangle<const D: usize>(p: &[Vector<D>], [i, j, k]: [usize; 3]) -> Closest<D> {
    let (a, b, c) = (p[i], p[j], p[k]);
    let edges = Edges::new(a, b, c);
    let n = edges.normal();
    let nn = n.norm_squared();
    // `nn < INFINITY` is `is_finite` for a positive number, without its integer tests.
    if nn > 0.0 && nn < f64::INFINITY {
        // The origin's projection on the triangle's plane, and the signed areas (times |n|) of
        // the sub-triangles it makes opposite each vertex. In 2D the plane is the whole plane:
        // the projection is the origin and only the z components are not zero (the same
        // numbers as the general formulas, without the products of zeros).
        // Each sub-triangle's area is taken as (one end) x (its edge), the edge subtracted from
        // the vertices themselves: the cross product of two close ends (a sliver's short edge)
        // cancels catastrophically, the edge keeps every digit.
        let Edges { ab, bc, ca, .. } = edges;
        let (projection, area_a, area_b, area_c) = if D == 2 {
            (
                Vector::zeros(),
                n.z * cross(&b, &bc).z,
                n.z * cross(&c, &ca).z,
                n.z * cross(&a, &ab).z,
            )
        } else {
            let projection = drop_to::<D>(&(n * (lift(&a).dot(&n) / nn)));
            let (pa, pb, pc) = (a - projection, b - projection, c - projection);
            (
                projection,
                n.dot(&cross(&pb, &bc)),
                n.dot(&cross(&pc, &ca)),
                n.dot(&cross(&pa, &ab)),
            )
        };
        if area_a > 0.0 && area_b > 0.0 && area_c > 0.0 {
            let total = area_a + area_b + area_c;
            // Plain comparisons: the squared lengths are finite, as `nn` is.
            let larger = |x: f64, y: f64| if x > y { x } else { y };
            let longest = larger(larger(edges.lab, edges.lbc), edges.lca);
            if nn >= SOLID_TRIANGLE * longest * longest {
                // Every height at least 1/32 of the longest edge: the areas' shares are exact
                // to a few dozen rounding units.
                let mut weights = [0.0; 4];
                weights[i] = area_a / total;
                weights[j] = area_b / total;
                weights[k] = area_c / total;
                return Closest {
                    weights,
                    point: projection,
                };
            }
            // A sliver: its areas' signs are rounding's (the origin may even lie beyond an
            // end of a nearly straight triangle), so the weights are solved along the edges.
            let shares = [area_a / total, area_b / total, area_c / total];
            return match sliver_weights(p, [i, j, k], &edges, projection, shares) {
                Some(weights) => Closest {
                    weights,
                    point: projection,
                },
                None => closest_on_edges(p, [i, j, k]),
            };
        }
        let candidates = [(area_a, [j, k]), (area_b, [k, i]), (area_c, [i, j])];
        best_of(
            candidates
                .iter()
                .filter(|(area, _)| !is_positive(*area))
                .map(|(_, [s, t])| segment(p, *s, *t)),
        )
    } else {
        // Collinear or coincident vertices: the closest point is on one of the edges.
        closest_on_edges(p, [i, j, k])
    }
}

/// The point of the triangle's edges closest to the origin.
fn closest_on_edges<const D: usize>(p: &[Vector<D>], [i, j, k]: [usize; 3]) -> Closest<D> {
    best_of([segment(p, j, k), segment(p, k, i), segment(p, i, j)].into_iter())
}

/// The weights of `projection` (the origin's projection on the plane of the sliver `p[i]`,
/// `p[j]`, `p[k]`, whose signed areas all came out positive) in the triangle, solved along its
/// edges from the corner of its longest and shortest edges (not taken as the areas over
/// their sum, `shares`): see `weights_along_edges`. `None` when no weights of the triangle
/// give `projection` back to rounding: it lies outside, and the areas' signs were rounding's
/// (a straight triangle of a flat disc's centre and rim, the point beyond the rim on the
/// same line: a ray cast found by fuzzing hit the disc 1687 from it).
fn sliver_weights<const D: usize>(
    p: &[Vector<D>],
    [i, j, k]: [usize; 3],
    edges: &Edges<D>,
    projection: Vector<D>,
    shares: [f64; 3],
) -> Option<[f64; 4]> {
    let corner = edges.corner();
    let vertices = corner.vertices.map(|v| [i, j, k][v]);
    let solved = weights_along_edges(p[vertices[0]], corner.along, corner.across, projection);
    let mut weights = [0.0; 4];
    for (v, w) in vertices.iter().zip(solved.weights) {
        weights[*v] = w;
    }
    if !solved.clamped {
        return Some(weights);
    }
    // Weights that rounding pushed out of range were clamped, which is harmless for the
    // ill-conditioned ones (they multiply a short edge or a small height) and not for a failed
    // solve: the areas' shares are kept if they miss the projection by less. Neither giving
    // it back, it is outside.
    let miss = |w: &[f64; 4]| -> f64 {
        (p.iter().zip(w).map(|(x, w)| x * *w).sum::<Vector<D>>() - projection).norm_squared()
    };
    let mut share_weights = [0.0; 4];
    for (v, share) in [i, j, k].iter().zip(shares) {
        share_weights[*v] = share;
    }
    let (miss_weights, miss_shares) = (miss(&weights), miss(&share_weights));
    let (best, least) = if miss_shares < miss_weights {
        (share_weights, miss_shares)
    } else {
        (weights, miss_weights)
    };
    let size = [i, j, k].iter().map(|v| p[*v].amax()).fold(0.0, f64::max);
    let rounding = SLIVER_ROUNDING * f64::EPSILON * size;
    (least <= rounding * rounding).then_some(best)
}

/// The barycentric weights `[anchor, anchor + along, anchor + across]` of `target`, a point of
/// the triangle's plane inside it, solved along its edges from `anchor`, where the longest edge
/// `along` meets the shortest `across`: first the part of `across` orthogonal to `along` (the
/// triangle's height), which gives the third vertex's weight from the target's offset
/// across the long edge, then `along`'s weight with that one's share removed.
///
/// This is backward stable on both kinds of sliver: on a needle (a short edge) the weight that
/// the short edge makes ill-conditioned multiplies only the short edge; on a cap (all edges
/// long, the height tiny) the third weight's error, which the height makes large, is taken
/// back along the long edge. The weights then give `target` to rounding of the edges, where
/// the signed sub-areas divided by their sum missed it by EPSILON * long / height (2e-8 for a
/// cap 1e-8 high, witness points of a touching pair that far apart).
fn weights_along_edges<const D: usize>(
    anchor: Vector<D>,
    along: Vector<D>,
    across: Vector<D>,
    target: Vector<D>,
) -> Solved {
    let along_squared = along.norm_squared();
    let k = along.dot(&across) / along_squared;
    let height = across - along * k;
    // The target's offset from the anchor, less its part along the long edge before it meets
    // the height: the height's own rounding along the long edge (EPSILON * |across|) times
    // the target's distance along it would swamp a cap's height.
    let r = target - anchor;
    let r_along = along.dot(&r) / along_squared;
    let r = r - along * r_along;
    // Clamped to a convex combination (rounding of a point on an edge, or an ill-conditioned
    // weight): the third weight first, then the long edge's with its share, and what is left
    // of the third for the anchor (on a needle the third and the anchor are the near pair,
    // whose split is the ill-conditioned part).
    let raw_third = height.dot(&r) / height.norm_squared();
    let third = if raw_third.is_finite() {
        raw_third.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let raw_end = r_along - third * k;
    let end = if raw_end.is_finite() {
        raw_end.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let third = third.min(1.0 - end);
    Solved {
        weights: [1.0 - end - third, end, third],
        clamped: third != raw_third || end != raw_end,
    }
}

/// The weights [`weights_along_edges`] found, and whether any had to be clamped.
struct Solved {
    weights: [f64; 3],
    clamped: bool,
}

/// A corner of a triangle: its vertex, the other end of the longest edge and the third vertex
/// (as 0, 1, 2 for a, b, c), and the edges from it to them.
struct Corner<const D: usize> {
    vertices: [usize; 3],
    along: Vector<D>,
    across: Vector<D>,
}

/// `(b - a) x (c - a)`, computed from the two shortest edges: the cross product of two long,
/// nearly parallel edges of a sliver triangle cancels catastrophically, while the short edge is
/// exact to rounding. All three pairs of edges give the same vector in exact arithmetic.
pub(crate) fn plane_normal(a: Vector3<f64>, b: Vector3<f64>, c: Vector3<f64>) -> Vector3<f64> {
    Edges::new(a, b, c).normal()
}

/// The edges of a triangle `abc` and their squared lengths, computed once for its normal and
/// its corner.
struct Edges<const D: usize> {
    ab: Vector<D>,
    bc: Vector<D>,
    ca: Vector<D>,
    lab: f64,
    lbc: f64,
    lca: f64,
}

impl<const D: usize> Edges<D> {
    fn new(a: Vector<D>, b: Vector<D>, c: Vector<D>) -> Self {
        let (ab, bc, ca) = (b - a, c - b, a - c);
        Self {
            ab,
            bc,
            ca,
            lab: ab.norm_squared(),
            lbc: bc.norm_squared(),
            lca: ca.norm_squared(),
        }
    }

    /// Which edge is the longest: 0, 1, 2 for `ab`, `bc`, `ca` (edge `i` runs from vertex `i`
    /// to the next), the first of equals.
    fn longest(&self) -> usize {
        if self.lab >= self.lbc && self.lab >= self.lca {
            0
        } else if self.lbc >= self.lca {
            1
        } else {
            2
        }
    }

    /// [`plane_normal`]: the cross product of the two shortest edges (in 2D, along z), the
    /// edges after the longest in turn.
    fn normal(&self) -> Vector3<f64> {
        // Written out, not indexed: EPA computes a normal for every face it makes, and the
        // indexed edges cost it 4% more instructions.
        match self.longest() {
            0 => cross(&self.bc, &self.ca),
            1 => cross(&self.ca, &self.ab),
            _ => cross(&self.ab, &self.bc),
        }
    }

    /// The corner of the triangle `abc` where its longest and shortest edges meet: its vertex
    /// (0, 1, 2 for a, b, c), the other end of the longest edge, the third vertex, and the two
    /// edges from it (longest, shortest), as [`weights_along_edges`] takes them.
    fn corner(&self) -> Corner<D> {
        let edges = [self.ab, self.bc, self.ca];
        let lengths = [self.lab, self.lbc, self.lca];
        let longest = self.longest();
        let (next, previous) = ((longest + 1) % 3, (longest + 2) % 3);
        // The shortest of the other two (the previous edge where they are equal) ends at the
        // longest edge's first vertex, or starts at its second.
        if lengths[next] >= lengths[previous] {
            Corner {
                vertices: [longest, next, previous],
                along: edges[longest],
                across: -edges[previous],
            }
        } else {
            Corner {
                vertices: [next, longest, previous],
                along: -edges[longest],
                across: edges[next],
            }
        }
    }
}

const FACES: [[usize; 3]; 4] = [[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]];

fn tetrahedron(p: &[Vector3<f64>]) -> Closest<3> {
    let (volumes, total, flat, thin) = signed_volumes(p);
    let same_sign = |v: f64| !flat && ((v > 0.0 && total > 0.0) || (v < 0.0 && total < 0.0));
    if volumes.iter().all(|v| same_sign(*v)) {
        // The volumes' weights give the origin back to rounding, unless the tetrahedron is
        // thin: its thin parts' volumes carry errors that move the point along its long edges.
        // Then the weights are solved along the edges.
        // Normalized by their own sum (the whole volume as a height, `total`, decides signs
        // and flatness but is not their sum in rounding): weights that sum to 1.
        let sum: f64 = volumes.iter().sum();
        let by_volumes = volumes.map(|v| v / sum);
        let size = largest_coordinate(p);
        let miss = |w: &[f64; 4]| -> f64 {
            p.iter()
                .zip(w)
                .map(|(x, w)| x * *w)
                .sum::<Vector3<f64>>()
                .amax()
        };
        let allowed = 64.0 * f64::EPSILON * size;
        let weights = if thin || miss(&by_volumes) > allowed {
            // From each vertex in turn (a wedge has two short edges apart, and no vertex
            // suits both): the weights that give the origin back best.
            (0..4)
                .filter_map(|anchor| anchored_weights(p, anchor))
                .chain(std::iter::once(by_volumes))
                .min_by(|x, y| miss(x).total_cmp(&miss(y)))
                .unwrap_or(by_volumes)
        } else {
            by_volumes
        };
        // A needle (all four vertices within 1e-8 of a line) can hold the origin with no
        // weights that give it back: its faces' closest points, within its width of the
        // origin, come with weights that give them.
        if miss(&weights) <= allowed {
            return Closest {
                weights,
                point: Vector3::zeros(),
            };
        }
        return best_of(FACES.iter().map(|face| triangle(p, *face)));
    }
    best_of(
        FACES
            .iter()
            .zip(volumes)
            .filter(|(_, v)| !same_sign(*v))
            .map(|(face, _)| triangle(p, *face)),
    )
}

/// Whether the simplex `p` (a triangle when `planar`, a 2D query; a tetrahedron otherwise)
/// holds the origin strictly inside, every signed area or volume clear of its rounding: a
/// proof that the shapes overlap. If not, the vertex opposite the face the origin is nearest
/// (the smallest sub-area or sub-volume): where a search should look beyond.
pub(crate) fn strictly_encloses_origin(p: &[Vector3<f64>], planar: bool) -> Result<(), usize> {
    let agree = |v: &[f64], total: f64, rounding: f64| {
        v.iter()
            .all(|x| x.abs() > rounding && (*x > 0.0) == (total > 0.0))
    };
    let nearest_face = |v: &[f64]| {
        (0..v.len())
            .min_by(|&i, &j| v[i].abs().total_cmp(&v[j].abs()))
            .unwrap_or(0)
    };
    if planar {
        let cross_z = |u: &Vector3<f64>, v: &Vector3<f64>| u.x * v.y - u.y * v.x;
        let areas = [
            cross_z(&p[1], &p[2]),
            cross_z(&p[2], &p[0]),
            cross_z(&p[0], &p[1]),
        ];
        let size = largest_coordinate(p);
        let rounding = 32.0 * f64::EPSILON * size * size;
        let total: f64 = areas.iter().sum();
        if total.abs() > 4.0 * rounding && agree(&areas, total, rounding) {
            return Ok(());
        }
        return Err(nearest_face(&areas));
    }
    let (volumes, total, flat, thin) = signed_volumes(p);
    // Not thin: every volume is clear of its rounding (see `signed_volumes`).
    if !flat && !thin && agree(&volumes, total, 0.0) {
        return Ok(());
    }
    Err(nearest_face(&volumes))
}

/// The signed volumes of the tetrahedra with the origin in place of each vertex of `p`, the
/// whole signed volume, whether the tetrahedron is flat to within rounding (then the signs say
/// nothing and every face must be tried), and whether it is thin (some volume near rounding).
///
/// Usually each is a determinant of three vertices, whose rounding is bounded by a few
/// `EPSILON * size^3`. When one of them is within that bound of zero (the origin near a face,
/// or a thin tetrahedron), they are recomputed from the faces' two shortest edges: taken from
/// the vertices directly, a face with two vertices 1e-8 apart loses every digit of its volume
/// (the origin 1e-10 outside a thin tetrahedron was found inside).
fn signed_volumes(p: &[Vector3<f64>]) -> ([f64; 4], f64, bool, bool) {
    let det = |x: &Vector3<f64>, y: &Vector3<f64>, z: &Vector3<f64>| x.dot(&y.cross(z));
    let (a, b, c, d) = (p[0], p[1], p[2], p[3]);
    let size = largest_coordinate(p);
    let rounding = 32.0 * f64::EPSILON * size * size * size;
    let volumes = [
        det(&b, &c, &d),
        -det(&a, &c, &d),
        det(&a, &b, &d),
        -det(&a, &b, &c),
    ];
    let total: f64 = volumes.iter().sum();
    if volumes.iter().all(|v| v.abs() > rounding) && total.abs() > 4.0 * rounding {
        return (volumes, total, false, false);
    }
    let (volumes, total, flat) = signed_volumes_from_edges(p, size);
    (volumes, total, flat, true)
}

/// [`signed_volumes`] from the faces' two shortest edges, for thin tetrahedra (rare: kept out
/// of line so that the usual path stays small).
#[cold]
#[inline(never)]
fn signed_volumes_from_edges(p: &[Vector3<f64>], size: f64) -> ([f64; 4], f64, bool) {
    let (a, b, c, d) = (p[0], p[1], p[2], p[3]);
    // det(x, y, z) = x . ((y - x) x (z - x)), the cross product from the two shortest edges.
    let normals = [
        plane_normal(b, c, d),
        plane_normal(a, c, d),
        plane_normal(a, b, d),
        plane_normal(a, b, c),
    ];
    let volumes = [
        b.dot(&normals[0]),
        -a.dot(&normals[1]),
        a.dot(&normals[2]),
        -a.dot(&normals[3]),
    ];
    // The whole volume as a vertex's height over the opposite face (not the sum of the four,
    // which carries their rounding): det(b - a, c - a, d - a) = (b - a) . ((c - b) x (d - b)).
    let total = (b - a).dot(&normals[0]);
    // Flat: the height over the largest face is within the coordinates' rounding (NaN too).
    let largest_face = normals.iter().map(|n| n.norm_squared()).fold(0.0, f64::max);
    let height_rounding = 32.0 * f64::EPSILON * size;
    let solid = total * total > height_rounding * height_rounding * largest_face;
    (volumes, total, !solid)
}

/// The barycentric weights of the origin in the tetrahedron `p`, solved along the edges from
/// the vertex `anchor` (elimination with partial pivoting on the edges, each subtracted from
/// the vertices themselves): in a thin tetrahedron (three vertices 1e-8 apart, the fourth 7
/// away) the weights along the short edges are ill-conditioned, but their errors move the
/// point only along those edges, while the signed volumes of the four sub-tetrahedra divided
/// by their sum move it along the long one. `None` when rounding leaves a weight clearly out
/// of range or not finite.
#[cold]
#[inline(never)]
fn anchored_weights(p: &[Vector3<f64>], anchor: usize) -> Option<[f64; 4]> {
    let others: [usize; 3] = std::array::from_fn(|s| if s < anchor { s } else { s + 1 });
    let edges = others.map(|j| p[j] - p[anchor]);
    // Gaussian elimination with partial pivoting: backward stable, so the weights give the
    // origin back to the edges' rounding however flat or thin the tetrahedron.
    let along = nalgebra::Matrix3::from_columns(&edges)
        .lu()
        .solve(&-p[anchor])?;
    // A weight pushed just below 0 by rounding (a vertex the origin almost faces) is 0; the
    // anchor takes what the others leave. Clearly outside [0, 1], the solve has failed.
    let slack = 1e-6;
    if !along.iter().all(|w| (-slack..=1.0 + slack).contains(w)) {
        return None;
    }
    let mut weights = [0.0; 4];
    for (j, w) in others.iter().zip(along.iter()) {
        weights[*j] = w.clamp(0.0, 1.0);
    }
    let rest = 1.0 - weights.iter().sum::<f64>();
    (-slack..=1.0 + slack).contains(&rest).then(|| {
        weights[anchor] = rest.clamp(0.0, 1.0);
        weights
    })
}

/// The largest of `start` and the magnitudes of `values`, by plain comparisons (a NaN is
/// passed over): `amax` and `f64::max` carry NaN rules that cost a few instructions a number.
#[inline(always)]
pub(super) fn largest_magnitude<'a>(values: impl Iterator<Item = &'a f64>, start: f64) -> f64 {
    values.fold(start, |m, x| if x.abs() > m { x.abs() } else { m })
}

/// The largest magnitude of the points' coordinates (see [`largest_magnitude`]).
#[inline(always)]
fn largest_coordinate(p: &[Vector3<f64>]) -> f64 {
    p.iter().fold(0.0, |m, x| largest_magnitude(x.iter(), m))
}

/// `x > 0`, false for NaN: a weight that is not clearly positive drops its vertex.
fn is_positive(x: f64) -> bool {
    x > 0.0
}

/// The candidate closest to the origin.
fn best_of<const D: usize>(candidates: impl Iterator<Item = Closest<D>>) -> Closest<D> {
    // The first of the nearest, each candidate's squared distance computed once and the
    // candidates moved once (the iterator's `min_by` copied them at every comparison).
    let mut best: Option<(f64, Closest<D>)> = None;
    for candidate in candidates {
        let nn = candidate.point.norm_squared();
        if best
            .as_ref()
            .is_none_or(|(least, _)| nn.total_cmp(least).is_lt())
        {
            best = Some((nn, candidate));
        }
    }
    best.expect("at least one face holds the closest point").1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f64, y: f64, z: f64) -> Vector3<f64> {
        Vector3::new(x, y, z)
    }

    /// Optimality certificate: `q` is the closest point of the hull of `p` to the origin iff
    /// `q . (p_i - q) >= 0` for every vertex.
    fn assert_optimal(p: &[Vector3<f64>], c: &Closest<3>) {
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
        let c = closest_to_origin(&p);
        assert_eq!(c.point, v(1.0, 0.0, 0.0));
        assert_eq!(c.weights[..2], [0.5, 0.5]);
        let p = [v(1.0, 1.0, 0.0), v(2.0, 2.0, 0.0)];
        assert_eq!(closest_to_origin(&p).weights[..2], [1.0, 0.0]);
        let p = [v(2.0, 2.0, 0.0), v(2.0, 2.0, 0.0)];
        assert_eq!(closest_to_origin(&p).point, v(2.0, 2.0, 0.0));
    }

    #[test]
    fn triangle_inside_and_outside() {
        let p = [v(-1.0, -1.0, 2.0), v(1.0, -1.0, 2.0), v(0.0, 1.0, 2.0)];
        let c = closest_to_origin(&p);
        assert!((c.point - v(0.0, 0.0, 2.0)).norm() < 1e-15);
        assert_optimal(&p, &c);
        let p = [v(1.0, 1.0, 0.0), v(3.0, 1.0, 0.0), v(1.0, 3.0, 0.0)];
        let c = closest_to_origin(&p);
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
        let c = closest_to_origin(&p);
        assert_eq!(c.point, Vector3::zeros());
        assert_optimal(&p, &c);
    }

    #[test]
    fn degenerate_simplices() {
        // Collinear triangle, flat tetrahedron, repeated vertices.
        let p = [v(1.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(3.0, 0.0, 0.0)];
        assert_eq!(closest_to_origin(&p).point, v(1.0, 0.0, 0.0));
        let p = [
            v(1.0, -1.0, -1.0),
            v(1.0, 1.0, -1.0),
            v(1.0, 0.0, 1.0),
            v(1.0, 0.1, 0.1),
        ];
        let c = closest_to_origin(&p);
        assert!((c.point - v(1.0, 0.0, 0.0)).norm() < 1e-15);
        assert_optimal(&p, &c);
        let p = [v(1.0, 2.0, 3.0); 4];
        assert_eq!(closest_to_origin(&p).point, v(1.0, 2.0, 3.0));
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
        let c = closest_to_origin(&p);
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
            let c = closest_to_origin(&q);
            let combo: Vector3<f64> = q.iter().zip(c.weights).map(|(x, w)| x * w).sum();
            let rounding = 64.0 * f64::EPSILON * 1800.0;
            assert!((c.point - exact).norm() <= rounding, "{c:?}");
            assert!((combo - exact).norm() <= rounding, "{combo:?} from {c:?}");
        }
    }

    /// A straight sliver (a flat disc's rim point, centre and opposite rim point as a ray
    /// cast's simplex saw them, from its point beyond the rim on the same line): its areas all
    /// came out positive by rounding, yet no weights of it give the origin. The closest point
    /// is the near rim point (every other point of the triangle is farther: oracle by brute
    /// force over a grid of weights), not the origin.
    #[test]
    fn straight_sliver_beyond_its_end_is_not_entered() {
        let p = [
            v(6068.726399406723, -6040.444200482603, 0.0),
            v(1196.0263706859964, -1190.452506664455, 0.0),
            v(3632.3763850463597, -3615.4483535735294, 0.0),
        ];
        let steps = 200;
        let mut least = f64::INFINITY;
        for i in 0..=steps {
            for j in 0..=steps - i {
                let (a, b) = (i as f64 / steps as f64, j as f64 / steps as f64);
                least = least.min((p[0] * a + p[1] * b + p[2] * (1.0 - a - b)).norm());
            }
        }
        for rotation in 0..3 {
            let q = [p[rotation], p[(rotation + 1) % 3], p[(rotation + 2) % 3]];
            let c = closest_to_origin(&q);
            assert!(
                (c.point.norm() - least).abs() <= 1e-9 * least,
                "{c:?}, the triangle's nearest point is {least} away"
            );
            assert_optimal(&q, &c);
        }
    }

    /// Thin tetrahedra around the origin (three vertices within 1e-7 of each other, the fourth
    /// up to 10 away, the origin inside): they are found to hold it (the flatness test is
    /// relative to the largest face, not to size^3), and the weights give it back.
    #[test]
    fn thin_tetrahedra_weights_give_the_origin() {
        let mut next = crate::test_random::uniform(0x2545_f491_4f6c_dd1d_u64);
        let mut worst = 0.0f64;
        let mut inside = 0;
        for _ in 0..20_000 {
            let far = v(next(), next(), next()) * 10.0;
            let near = v(next(), next(), next());
            let jitter = |n: &mut dyn FnMut() -> f64| v(n(), n(), n()) * 1e-7;
            let p = [
                near,
                far,
                near + jitter(&mut next),
                near + jitter(&mut next),
            ];
            // Moved so that the origin is a combination with weights of at least 0.05.
            let raw = [
                0.05 + next().abs(),
                0.05 + next().abs(),
                0.05 + next().abs(),
                0.05 + next().abs(),
            ];
            let sum: f64 = raw.iter().sum();
            let inner: Vector3<f64> = p.iter().zip(raw).map(|(x, w)| x * (w / sum)).sum();
            let p = p.map(|x| x - inner);
            let c = closest_to_origin(&p);
            if c.point != Vector3::zeros() {
                continue;
            }
            inside += 1;
            let combo: Vector3<f64> = p.iter().zip(c.weights).map(|(x, w)| x * w).sum();
            worst = worst.max(combo.norm() / 10.0);
        }
        assert!(inside > 100, "only {inside} tetrahedra hold the origin");
        // Rounding alone would allow ~1e-14; a cluster that is itself a sliver (two jitters
        // 1e-3 rad apart) leaves its cross product, hence the far weight, 1e-13 off, which no
        // ordering of the products avoids. The signed volumes divided by their sum missed by
        // 1e-5 of the size here.
        assert!(
            worst <= 1e-11,
            "weights miss the origin by {worst:e} of the size"
        );
    }

    #[test]
    fn random_simplices_are_optimal() {
        let mut next = crate::test_random::uniform(0x9e37_79b9_7f4a_7c15_u64);
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
            assert_optimal(&p, &closest_to_origin(&p));
        }
    }
}
