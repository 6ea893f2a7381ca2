//! Penetration depth of overlapping shapes: the expanding polytope algorithm (EPA), one
//! implementation for 2D (an expanding polygon) and 3D (an expanding polytope).
//!
//! GJK ends with a simplex of the cores' Minkowski difference that holds the origin (or touches
//! it). EPA grows it into a polytope inside the difference, always pushing out its facet closest
//! to the origin by the support point in that facet's normal, until the support point adds
//! nothing: that facet is then part of the difference's boundary, its distance to the origin is
//! the penetration depth and its normal the direction to push B out of A.
//!
//! Facets are `D` vertex indices oriented so that their normal points outwards. The horizon of
//! a new support point is the set of ridges (facets minus one vertex) of the facets it sees
//! that no other seen facet shares; each becomes a new facet by putting the new point in the
//! place of the vertex that was removed, which keeps the orientation in any dimension.
//!
//! Degenerate starts are grown first: a GJK simplex of fewer than `D + 1` points (touching, or
//! the origin on a face) is completed with support points along directions orthogonal to it;
//! when the difference has no extent in some direction (flat or collinear shapes), the depth is
//! 0 along that direction. Facet distances are signed, so an origin just outside (touching
//! within rounding) gives depth 0, never NaN. An iteration cap bounds the work.
//!
//! Curved cores (ellipsoids, cylinders, cones) make EPA slow: its facets approach a curved
//! surface in ever smaller pieces. Such pairs stop EPA at a coarse gap and refine its normal by
//! Newton steps (see `refine`).

mod refine;

use std::any::Any;
use std::cell::RefCell;

use nalgebra::Vector3;

use crate::error::QueryError;
use crate::gjk::{
    small_polygon_contact, DistanceResult, End, Mode, PolygonContact, QueryOptions, Search,
    OVERFLOW, STALL_ULPS,
};
use crate::range::{robust_norm, robust_unit};
use crate::shape::as_concrete_pair;
use crate::simplex::{closest_to_origin, plane_normal};
use crate::support::{lift, MinkowskiPair, Pose, Support, SupportPoint, Vector};

/// The answer of a penetration query, in the world frame: how deep two shapes overlap and in
/// which direction to separate them, or how far apart they are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PenetrationResult<const D: usize> {
    /// Below 0: minus the penetration depth (the shortest translation that separates the
    /// shapes). From 0 up: the distance (0 when touching). Continuous across touching.
    pub signed_distance: f64,
    /// The deepest point of A inside B, or the point of A closest to B.
    pub point_a: Vector<D>,
    /// The deepest point of B inside A, or the point of B closest to A.
    pub point_b: Vector<D>,
    /// Unit vector from A towards B: translating B by `-signed_distance * normal` makes the
    /// shapes touch. When the shapes only touch, or overlap without volume (flat shapes), it is
    /// the direction along which they can be separated by an arbitrarily small translation.
    pub normal: Vector<D>,
    /// Support-point evaluations made (GJK and EPA together); 0 for two polygons of 3 to 8
    /// vertices in 2D, which an exact kernel answers.
    pub iterations: u32,
    /// Whether the shapes overlap or touch.
    pub intersecting: bool,
}

impl<const D: usize> From<DistanceResult<D>> for PenetrationResult<D> {
    fn from(r: DistanceResult<D>) -> Self {
        Self {
            signed_distance: r.distance,
            point_a: r.point_a,
            point_b: r.point_b,
            normal: r.normal,
            iterations: r.iterations,
            intersecting: r.intersecting,
        }
    }
}

/// The penetration depth, normal and deepest points of `a` placed by `pose_a` and `b` placed
/// by `pose_b` when they overlap; their distance and closest points when they do not. With
/// default options.
pub fn penetration<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
) -> Result<PenetrationResult<D>, QueryError<PenetrationResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    penetration_with(a, pose_a, b, pose_b, &QueryOptions::default())
}

/// The signed distance between two shapes: minus the penetration depth when they overlap, the
/// distance otherwise. See [`penetration`].
pub fn signed_distance<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
) -> Result<f64, QueryError<PenetrationResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    penetration(a, pose_a, b, pose_b).map(|r| r.signed_distance)
}

/// [`penetration`] with explicit options. The relative tolerance applies to the depth too; EPA
/// has its own budget of `max_iterations` support points after GJK's. On
/// [`QueryError::NoConvergence`] the attached result's depth is a lower bound (for curved
/// shapes the true depth lies between it and the depth plus the tolerance not reached).
///
/// Pairs with a curved core (an ellipsoid, a 3D cylinder or cone, or a shape whose
/// [`Support::core_smooth_parts`] are given) run EPA to a gap of 1e-6 of the depth (or on half
/// the budget), then refine the normal by Newton steps on the overlap along it, which converge
/// quadratically where EPA's facets would take hundreds of support points. Their depth is then
/// the overlap along the returned normal, a local minimum of the overlap over all directions
/// to the tolerance, the lowest of those reached from EPA's closest facets in different
/// directions; EPA's polytope bounds the global minimum from below to within its gap. Where
/// the refinement does not converge (a cylinder's flat cap, along which its discs are
/// creased), EPA goes on to the tolerance. Polytope pairs (hulls, boxes, segments, points,
/// balls and capsules, whose cores are points and segments, and 2D cylinders and cones, which
/// are rectangles and triangles) keep EPA's exact answer.
pub fn penetration_with<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    options: &QueryOptions,
) -> Result<PenetrationResult<D>, QueryError<PenetrationResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    // The shapes' kinds are matched here, once, not at every support point.
    as_concrete_pair!(a, b, a, b => penetration_of_kinds(
        a, pose_a, b, pose_b, options
    ))
}

/// [`penetration_with`] once the kinds are matched: small polygons answered exactly, then GJK on
/// the cores, and EPA where the cores overlap.
fn penetration_of_kinds<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    options: &QueryOptions,
) -> Result<PenetrationResult<D>, QueryError<PenetrationResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    options.validate()?;
    let pair = MinkowskiPair::new(a, pose_a, b, pose_b);
    if let Some(answer) = small_polygon_penetration(&pair, pose_a) {
        return Ok(answer);
    }
    let search = search_cores(&pair, options)?;
    match search.end() {
        End::IterationCap | End::Stalled => {
            return Err(QueryError::NoConvergence(Box::new(
                search.result(pose_a).into(),
            )))
        }
        End::Converged | End::Separated => return Ok(search.result(pose_a).into()),
        End::Touching => {}
    }
    let core_distance = robust_norm(search.closest());
    // The cores are certainly apart when the search's lower bound says so; a search that
    // stalled short of its tolerance (cores touching at a vertex, approached edge-on) only
    // bounds their distance from above, and its direction is no normal.
    let core = if core_distance > search.touch() && search.core_lower_bound() > search.touch() {
        cores_apart(&search, core_distance)
    } else {
        penetration_of_cores(
            &pair,
            search.simplex().points(),
            core_distance,
            // The cores' own scale: the margins (a ball of 1e9 around a point) take no part in
            // the expansion, and rounding of their size would swamp the cores' features.
            search.core_scale(),
            search.touch(),
            options,
        )
    };
    in_world(&core, search.margins(), search.iterations(), pose_a)
}

/// Small polygons: apart, the distance query's exact answer (so that the two agree);
/// overlapping, the least overlap along an edge normal, exact. `None` for other pairs.
fn small_polygon_penetration<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    pose_a: &Pose<D>,
) -> Option<PenetrationResult<D>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    match small_polygon_contact(pair, pose_a)? {
        PolygonContact::Apart(apart) => Some(apart.into()),
        PolygonContact::Overlap {
            depth,
            point_a,
            point_b,
            normal,
        } => Some(PenetrationResult {
            signed_distance: if depth > 0.0 { -depth } else { 0.0 },
            point_a,
            point_b,
            normal,
            iterations: 0,
            intersecting: true,
        }),
    }
}

/// GJK on the cores of `pair`, run again to the tightest tolerance where it stopped touching
/// at the caller's tolerance without deciding whether the cores overlap.
fn search_cores<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    options: &QueryOptions,
) -> Result<Search<D>, QueryError<PenetrationResult<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let mut search = Search::run(pair, options, Mode::Penetration)?;
    if search.end() == End::Touching
        && robust_norm(search.closest()) > search.touch()
        && search.core_lower_bound() <= search.touch()
        && options.relative_tolerance > 0.0
    {
        // The shapes overlap, but whether their cores do is open: the search stopped at the
        // caller's tolerance (0.996 seen) with |v| 9.7 and no lower bound, and EPA, which
        // expects the origin inside the cores' difference, would call them touching. The
        // cores' search is run again to the tightest tolerance to decide.
        let strict = QueryOptions {
            relative_tolerance: 0.0,
            ..*options
        };
        search = Search::run(pair, &strict, Mode::Penetration)?;
    }
    Ok(search)
}

/// The penetration of cores that `search` found `core_distance` apart: the shapes overlap
/// within their margins only, along the cores' normal, and no expansion is needed.
fn cores_apart<const D: usize>(search: &Search<D>, core_distance: f64) -> CorePenetration<D> {
    // The best separating direction seen is the normal, and the cores' separation along
    // it the depth: exactly the shapes' overlap along the normal (pushing B by the depth
    // along it leaves them touching), which `-v` misses by up to the search's rounding
    // allowance times the shapes' size over |v| (a plate of 3e7 whose |v| stopped 2.4e-8
    // short: a normal tilted by 2e-9, 0.05 more overlap along it).
    let (point_a, point_b) = search.core_points();
    // The separation is the cores' distance only where the search closed its gap; where
    // it did not, the answer (not converged) is from |v|, so that its depth is a lower
    // bound as documented.
    let (depth, normal) = match search.best_separation() {
        Some((separation, normal)) if !search.gap_open() => (-separation, normal),
        _ => (-core_distance, -robust_unit(search.closest())),
    };
    CorePenetration {
        depth,
        normal,
        point_a,
        point_b,
        iterations: 0,
        converged: !search.gap_open(),
    }
}

/// The shapes' penetration from their cores' `core` (A's frame): the margins added to the
/// depth and the points, placed in the world by `pose_a`; `search_iterations` are GJK's.
fn in_world<const D: usize>(
    core: &CorePenetration<D>,
    (margin_a, margin_b): (f64, f64),
    search_iterations: u32,
    pose_a: &Pose<D>,
) -> Result<PenetrationResult<D>, QueryError<PenetrationResult<D>>> {
    let depth = core.depth + margin_a + margin_b;
    if !depth.is_finite() || !core.normal.iter().all(|x| x.is_finite()) {
        return Err(QueryError::OutOfRange(OVERFLOW));
    }
    let result = PenetrationResult {
        signed_distance: if depth > 0.0 { -depth } else { 0.0 },
        point_a: pose_a.transform_point(&(core.point_a + core.normal * margin_a)),
        point_b: pose_a.transform_point(&(core.point_b - core.normal * margin_b)),
        normal: pose_a.transform_vector(&core.normal),
        iterations: search_iterations + core.iterations,
        intersecting: true,
    };
    if core.converged {
        Ok(result)
    } else {
        Err(QueryError::NoConvergence(Box::new(result)))
    }
}

/// The most vertices the expanding polytope may have, whatever the iteration cap: the work per
/// step grows with the polytope, so this bounds the time of a call (curved shapes asked for a
/// tolerance near rounding would otherwise grow it for a very long time).
const MAX_POLYTOPE_VERTICES: usize = 4096;

/// The gap EPA closes on pairs with a curved core before Newton steps refine the normal (see
/// `refine`): the relative error its lower bound leaves for the depth's global minimum. Below
/// it EPA's polytope approximates a curved surface in many small facets (hundreds of support
/// points for 1e-12 on an ellipsoid), while the refinement converges quadratically.
const COARSE_TOLERANCE: f64 = 1e-6;

/// The penetration of the cores.
#[derive(Clone, Copy, Debug)]
struct CorePenetration<const D: usize> {
    /// How far the cores overlap along `normal`: 0 when they only touch, negative when they
    /// are apart (the shapes then overlap within their margins only).
    pub depth: f64,
    /// Unit normal, from A towards B: translating B by `depth * normal` makes the cores touch.
    pub normal: Vector<D>,
    /// Deepest point of core A (in A's frame).
    pub point_a: Vector<D>,
    /// Deepest point of core B (in A's frame).
    pub point_b: Vector<D>,
    /// Support-point evaluations made.
    pub iterations: u32,
    /// Whether the tolerance was met before the iteration cap.
    pub converged: bool,
}

/// A facet of the expanding polytope.
#[derive(Clone, Copy, Debug)]
struct Facet<const D: usize> {
    /// Vertex indices; the first `D` are used.
    vertices: [usize; 3],
    /// Outward unit normal.
    normal: Vector<D>,
    /// Signed distance of the facet's plane from the origin.
    distance: f64,
}

/// The buffers of an expansion: the polytope's vertices and facets, and the facets a new
/// vertex sees. Kept per thread between queries (see [`Polytope::with_spare`]): allocating
/// them is a noticeable part of a query on small hulls.
struct Polytope<const D: usize> {
    vertices: Vec<SupportPoint<D>>,
    facets: Vec<Facet<D>>,
    visible: Vec<Facet<D>>,
}

/// Spare polytopes kept per thread: at most this many, ...
const SPARE_POLYTOPES: usize = 4;

/// ... and only those whose vertex buffer is at most this long (a large expansion's memory is
/// returned).
const SPARE_VERTICES: usize = 1024;

impl<const D: usize> Polytope<D> {
    /// Runs `expand` on empty buffers: a spare of this thread's, or new ones when there is
    /// none (the first query of a thread, or a query run from inside another's support
    /// function), given back for the next query.
    fn with_spare<R>(expand: impl FnOnce(&mut Self) -> R) -> R {
        thread_local! {
            static SPARE: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
        }
        let spare = SPARE
            .try_with(|spare| {
                let mut spare = spare.try_borrow_mut().ok()?;
                let at = spare.iter().position(|p| p.is::<Self>())?;
                spare.swap_remove(at).downcast::<Self>().ok()
            })
            .ok()
            .flatten();
        let mut polytope = spare.unwrap_or_else(|| {
            Box::new(Self {
                vertices: Vec::with_capacity(64),
                facets: Vec::with_capacity(128),
                visible: Vec::with_capacity(32),
            })
        });
        let answer = expand(&mut polytope);
        if polytope.vertices.capacity() <= SPARE_VERTICES {
            polytope.vertices.clear();
            polytope.facets.clear();
            polytope.visible.clear();
            // A thread being torn down has no spares any more: the buffers are then freed.
            let _ = SPARE.try_with(|spare| {
                if let Ok(mut spare) = spare.try_borrow_mut() {
                    if spare.len() < SPARE_POLYTOPES {
                        spare.push(polytope);
                    }
                }
            });
        }
        answer
    }

    /// The facets of the start, a full simplex (the first `D + 1` vertices), oriented
    /// outwards.
    fn add_start_facets(&mut self) {
        for skip in 0..=D {
            let mut f = [0usize; 3];
            for (slot, index) in (0..=D).filter(|&i| i != skip).enumerate() {
                f[slot] = index;
            }
            let facet = make_facet(f, &self.vertices);
            if facet
                .normal
                .dot(&(self.vertices[skip].w - self.vertices[f[0]].w))
                > 0.0
            {
                self.facets.push(facet.reversed());
            } else {
                self.facets.push(facet);
            }
        }
    }
}

fn unlift<const D: usize>(v: &Vector3<f64>) -> Vector<D> {
    v.fixed_rows::<D>(0).into_owned()
}

fn axis<const D: usize>(i: usize) -> Vector<D> {
    let mut e = Vector::<D>::zeros();
    e[i] = 1.0;
    e
}

/// The unnormalised normal of the facet through `points` (`D` of them), oriented by their
/// order: in 2D the edge's right-hand perpendicular, in 3D the cross product of its edges.
/// In 3D the cross product is taken of the two shortest edges ([`plane_normal`]): the long
/// edges of a sliver facet would tilt it by EPSILON * long / short.
fn facet_normal<const D: usize>(points: &[Vector<D>]) -> Vector<D> {
    let n = if D == 2 {
        lift(&(points[1] - points[0])).cross(&Vector3::z())
    } else {
        plane_normal(lift(&points[0]), lift(&points[1]), lift(&points[2]))
    };
    unlift(&n)
}

/// Unit directions orthogonal to the affine hull of `points` (1 to `D` of them): the first
/// `count` entries of the array.
fn orthogonal_directions<const D: usize>(points: &[Vector<D>]) -> ([Vector<D>; 3], usize) {
    let mut directions = [Vector::<D>::zeros(); 3];
    let count = match points.len() {
        1 => {
            for (i, d) in directions.iter_mut().take(D).enumerate() {
                *d = axis(i);
            }
            D
        }
        2 => {
            let t = lift(&(points[1] - points[0]));
            if D == 2 {
                directions[0] = unlift(&t.cross(&Vector3::z()).normalize());
                1
            } else {
                // The coordinate axis least aligned with t gives a well-conditioned perpendicular.
                let k = t.iamin();
                let mut e = Vector3::zeros();
                e[k] = 1.0;
                let d1 = t.cross(&e).normalize();
                directions[0] = unlift(&d1);
                directions[1] = unlift(&t.cross(&d1).normalize());
                2
            }
        }
        _ => {
            directions[0] = facet_normal(points).normalize();
            1
        }
    };
    (directions, count)
}

/// The difference vectors of up to four support points, as a fixed array and its length.
fn differences<const D: usize>(vertices: &[SupportPoint<D>]) -> ([Vector<D>; 4], usize) {
    let mut points = [Vector::<D>::zeros(); 4];
    for (p, v) in points.iter_mut().zip(vertices) {
        *p = v.w;
    }
    (points, vertices.len().min(4))
}

/// How far `p` is from the affine hull of `points`.
fn off_hull<const D: usize>(points: &[Vector<D>], p: &Vector<D>) -> f64 {
    let d = p - points[0];
    match points.len() {
        1 => d.norm(),
        _ => {
            let (directions, count) = orthogonal_directions(points);
            directions[..count]
                .iter()
                .map(|n| n.dot(&d).powi(2))
                .sum::<f64>()
                .sqrt()
        }
    }
}

/// Whether `points` and `p` make a simplex whose every vertex lies more than `tolerance` from
/// the affine hull of the others, so that its facets' orientations are clear of rounding. The
/// new point's own height is not enough: a sliver triangle (two corners 9 apart, 1.7e9 from
/// the third) and a far point 0.09 off its plane made a tetrahedron with a vertex 8e-10 from
/// the opposite face, which rounding turned inside out, and EPA gave a point touching the
/// hull (within rounding) a depth of 1e9; the support point on the plane's other side made a
/// well-shaped one. Only a preference: where no candidate is well-shaped, the first is taken
/// (refusing them all called thick shapes flat).
fn well_shaped<const D: usize>(points: &[Vector<D>], p: &Vector<D>, tolerance: f64) -> bool {
    let mut all = [Vector::<D>::zeros(); 4];
    all[..points.len()].copy_from_slice(points);
    all[points.len()] = *p;
    let n = points.len() + 1;
    (0..n).all(|i| {
        let mut others = [Vector::<D>::zeros(); 4];
        for (slot, k) in (0..n).filter(|&k| k != i).enumerate() {
            others[slot] = all[k];
        }
        off_hull(&others[..n - 1], &all[i]) > tolerance
    })
}

/// Grows `vertices` (affinely independent) to `D + 1` points with support points orthogonal to
/// them. Returns the direction along which the difference is flat when that is impossible.
fn complete_simplex<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    vertices: &mut Vec<SupportPoint<D>>,
    flat_tolerance: f64,
    iterations: &mut u32,
) -> Result<(), Vector<D>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    while vertices.len() < D + 1 {
        let (points, len) = differences(vertices);
        let (directions, count) = orthogonal_directions(&points[..len]);
        // The first support point off the hull, unless a later one makes a well-shaped
        // simplex where it does not (see `well_shaped`).
        let mut first = None;
        'search: for d in &directions[..count] {
            for s in [*d, -*d] {
                *iterations += 1;
                let p = pair.support(&s);
                if s.dot(&(p.w - points[0])) > flat_tolerance {
                    if well_shaped(&points[..len], &p.w, flat_tolerance) {
                        first = Some(p);
                        break 'search;
                    }
                    first.get_or_insert(p);
                }
            }
        }
        match first {
            Some(p) => vertices.push(p),
            None => return Err(directions[0]),
        }
    }
    Ok(())
}

impl<const D: usize> Facet<D> {
    /// The facet with its first two vertices swapped, which reverses its orientation. Made
    /// without computing the normal again (two of the four facets of a start): the swap negates every edge and exchanges two of them, so the cross
    /// product of the two shortest edges (in 2D the edge's perpendicular) is the exact
    /// negation of the old one, or, when edge lengths tie, an equally good one. The distance
    /// is the old one negated, measured from the old first vertex (on the plane within
    /// rounding). A zero-area facet stays at infinity.
    fn reversed(self) -> Self {
        let mut vertices = self.vertices;
        vertices.swap(0, 1);
        if self.distance.is_finite() {
            Self {
                vertices,
                normal: -self.normal,
                distance: -self.distance,
            }
        } else {
            Self { vertices, ..self }
        }
    }
}

fn make_facet<const D: usize>(vertices: [usize; 3], points: &[SupportPoint<D>]) -> Facet<D> {
    let p: [Vector<D>; 3] = std::array::from_fn(|s| points[vertices[s.min(D - 1)]].w);
    let n = facet_normal(&p[..D]);
    let norm = n.norm();
    if norm > 0.0 && norm.is_finite() {
        let normal = n / norm;
        Facet {
            vertices,
            normal,
            distance: normal.dot(&p[0]),
        }
    } else {
        // Zero area: never the closest facet; it is replaced when a neighbour expands.
        Facet {
            vertices,
            normal: axis(0),
            distance: f64::INFINITY,
        }
    }
}

/// The penetration of the cores of `pair`, starting from GJK's final `simplex`, which holds the
/// origin or touches it (or stalled short of it: `core_upper_bound` is its `|v|`). `scale` is
/// the cores' scale (rounding is a few `EPSILON * scale`); `touch` the whole shapes' contact
/// tolerance, below which cores apart count as touching.
fn penetration_of_cores<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    simplex: &[SupportPoint<D>],
    core_upper_bound: f64,
    scale: f64,
    touch: f64,
    options: &QueryOptions,
) -> CorePenetration<D>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    Polytope::with_spare(|polytope| {
        expand(
            polytope,
            pair,
            simplex,
            core_upper_bound,
            scale,
            touch,
            options,
        )
    })
}

/// [`penetration_of_cores`] in the buffers of `polytope` (empty): the start made a full
/// simplex, then the expansion (for curved cores coarse first, its normal refined), answered at
/// the facet where it stopped.
fn expand<const D: usize, A, B>(
    polytope: &mut Polytope<D>,
    pair: &MinkowskiPair<'_, D, A, B>,
    simplex: &[SupportPoint<D>],
    core_upper_bound: f64,
    scale: f64,
    touch: f64,
    options: &QueryOptions,
) -> CorePenetration<D>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let QueryOptions {
        relative_tolerance,
        max_iterations,
        ..
    } = *options;
    let rounding = 8.0 * f64::EPSILON * scale;
    let flat_tolerance = 16.0 * f64::EPSILON * scale;
    let mut iterations = 0;
    let vertices = &mut polytope.vertices;
    // An affinely independent start, completed to a full simplex.
    start_vertices(pair, simplex, vertices, flat_tolerance, &mut iterations);
    if let Err(flat) = complete_simplex(pair, vertices, flat_tolerance, &mut iterations) {
        return flat_penetration(
            vertices,
            flat,
            flat_tolerance,
            core_upper_bound,
            relative_tolerance,
            rounding,
            iterations,
        );
    }
    polytope.add_start_facets();
    let mut budget = Budget {
        used: iterations,
        max: max_iterations,
    };
    let refined = coarse_and_refined(
        polytope,
        pair,
        relative_tolerance,
        rounding,
        scale,
        touch,
        &mut budget,
    );
    if let Some(refined) = refined {
        return refined;
    }
    let (facet, grown) = grow(
        polytope,
        pair,
        relative_tolerance,
        rounding,
        scale,
        &mut budget,
        None,
    );
    at_facet(
        &polytope.vertices,
        &facet,
        grown,
        rounding,
        touch,
        budget.used,
    )
}

/// Fills `vertices` (empty) with the points of GJK's `simplex` that lie more than
/// `flat_tolerance` off the affine hull of those before them; with one support point (counted
/// in `iterations`) where none is left.
fn start_vertices<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    simplex: &[SupportPoint<D>],
    vertices: &mut Vec<SupportPoint<D>>,
    flat_tolerance: f64,
    iterations: &mut u32,
) where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    for p in simplex {
        let (points, len) = differences(vertices);
        if len == 0 || off_hull(&points[..len], &p.w) > flat_tolerance {
            vertices.push(*p);
        }
    }
    if vertices.is_empty() {
        // GJK always leaves a vertex; a start from scratch costs one support point.
        *iterations += 1;
        vertices.push(pair.support(&axis(0)));
    }
}

/// The penetration of cores whose difference has no extent along the unit `flat` (to within
/// `flat_tolerance`), its points at the same offset along it as the start's `vertices`:
/// separated by that offset, or touching where it is within the tolerance.
fn flat_penetration<const D: usize>(
    vertices: &[SupportPoint<D>],
    flat: Vector<D>,
    flat_tolerance: f64,
    core_upper_bound: f64,
    relative_tolerance: f64,
    rounding: f64,
    iterations: u32,
) -> CorePenetration<D> {
    // The difference lies in a plane (to within `flat_tolerance`) at `offset` from the
    // origin along `flat`. Off that plane, the cores are apart by at least |offset|, and
    // by exactly that when GJK's |v| (an upper bound) agrees: a plate parallel to a
    // segment 99 away, 1e10 wide, where GJK's v carries the rounding of the plate's
    // corners and stalls. In the plane, they touch.
    let offset = flat.dot(&vertices[0].w);
    let separated = offset.abs() > flat_tolerance;
    let closest = closest_to_origin(&vertices.iter().map(|v| v.w).collect::<Vec<_>>());
    let weights = closest.weights;
    let weighted = |pick: fn(&SupportPoint<D>) -> Vector<D>| -> Vector<D> {
        vertices.iter().zip(weights).map(|(v, w)| pick(v) * w).sum()
    };
    let (depth, normal, converged) = if separated {
        let tolerance = (relative_tolerance * offset.abs()).max(rounding);
        (
            -offset.abs(),
            -flat * offset.signum(),
            core_upper_bound - offset.abs() <= tolerance,
        )
    } else {
        (0.0, flat, true)
    };
    CorePenetration {
        depth,
        normal,
        point_a: weighted(|v| v.a),
        point_b: weighted(|v| v.b),
        iterations,
        converged,
    }
}

/// Pairs with a curved core: EPA to a coarse gap (or on half the budget), whose closest
/// facet bounds the depth from below, then Newton steps on the normal (see `refine`), which
/// close the gap in a few support points where EPA takes hundreds. `None` where no core is
/// curved along the start's facet normals, or the steps cannot close the gap: EPA then goes
/// on to the tolerance.
fn coarse_and_refined<const D: usize, A, B>(
    polytope: &mut Polytope<D>,
    pair: &MinkowskiPair<'_, D, A, B>,
    relative_tolerance: f64,
    rounding: f64,
    scale: f64,
    touch: f64,
    budget: &mut Budget,
) -> Option<CorePenetration<D>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let coarse = COARSE_TOLERANCE.max(relative_tolerance);
    // Curved along one of the start's facet normals: they point every way (a cylinder's cap
    // faces one of them, along which its discs are creased).
    let curved = |f: &Facet<D>| pair.is_curved(&f.normal);
    if !(coarse > relative_tolerance && polytope.facets.iter().any(curved)) {
        return None;
    }
    let mut half = Budget {
        max: budget.used + (budget.max - budget.used) / 2,
        ..*budget
    };
    let (facet, grown) = grow(polytope, pair, coarse, rounding, scale, &mut half, None);
    budget.used = half.used;
    if !(facet.distance.is_finite() && facet.distance >= -rounding.max(touch)) {
        return None;
    }
    let tolerance = refine::Tolerance {
        relative: relative_tolerance,
        rounding,
    };
    let refined = pair.refine_polytope(polytope, &facet, tolerance, budget);
    let refined = refined.filter(|r| {
        budget.spend() && no_deeper_than_along(pair, &facet.normal, r.depth, tolerance)
    });
    // EPA stopped short of its coarse gap: the refined local minimum is not certified
    // the lowest; the rest of the budget looks for lower ones.
    let r = match refined {
        Some(r) if grown != Grown::Converged => {
            lower_basins(polytope, pair, r, tolerance, coarse, scale, budget)
        }
        r => r,
    }?;
    Some(CorePenetration {
        depth: r.depth.max(0.0),
        normal: r.normal,
        point_a: r.support.a,
        point_b: r.support.b,
        iterations: budget.used,
        converged: true,
    })
}

/// The penetration at `facet`, where an expansion of the polytope of `vertices` ended as
/// `grown` after `iterations` support points: its distance the depth, its closest point to
/// the origin the deepest points; certified where the gap closed with the origin inside the
/// polytope (to within `rounding` or `touch`).
fn at_facet<const D: usize>(
    vertices: &[SupportPoint<D>],
    facet: &Facet<D>,
    grown: Grown,
    rounding: f64,
    touch: f64,
    iterations: u32,
) -> CorePenetration<D> {
    let mut converged = grown == Grown::Converged;
    if !facet.distance.is_finite() || facet.distance < -rounding.max(touch) {
        // Every facet degenerate, or the origin outside the polytope (the cores may be apart
        // after all): no certified answer beyond "touching".
        converged = false;
    }
    let corners = facet.vertices.map(|i| vertices[i].w);
    let weights = closest_to_origin(&corners[..D]).weights;
    let weighted = |pick: fn(&SupportPoint<D>) -> Vector<D>| -> Vector<D> {
        facet.vertices[..D]
            .iter()
            .zip(weights)
            .map(|(&i, w)| pick(&vertices[i]) * w)
            .sum()
    };
    CorePenetration {
        depth: if facet.distance.is_finite() {
            facet.distance.max(0.0)
        } else {
            0.0
        },
        normal: facet.normal,
        point_a: weighted(|v| v.a),
        point_b: weighted(|v| v.b),
        iterations,
        converged,
    }
}

/// Whether `depth` is no more than the cores' overlap along the unit `normal` (the support
/// value of their difference there, an upper bound of the depth), to the tolerance: the check a
/// refined depth must pass to be a minimum at all. A refinement that left EPA's basin and came
/// back deeper (a flat ellipsoid touching a segment's end: depth 2.42 where EPA's facet and the
/// overlap along its normal were 0; found by fuzzing) fails it, and EPA goes on.
fn no_deeper_than_along<const D: usize, A, B>(
    pair: &MinkowskiPair<'_, D, A, B>,
    normal: &Vector<D>,
    depth: f64,
    tolerance: refine::Tolerance,
) -> bool
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let upper = pair.support(normal).w.dot(normal);
    depth <= upper + tolerance.at(upper)
}

/// `best`, a local minimum of the cores' overlap refined from EPA's closest facet where EPA
/// stopped short of its coarse gap, checked against the rest of the budget: the expansion goes
/// on below `best`'s depth (less the tolerance) until every facet is that far (`best` is then
/// the lowest: certified), or the budget runs out (`best`, as before this check), or a support
/// point overlaps less than `best` along its facet: a lower basin, refined from there in turn.
/// `None` when a lower overlap was seen but could not be refined: the caller's EPA goes on.
/// (Two of 420,000 random curved pairs had answered a local minimum 1e-3 relative above
/// another: EPA's coarse phase had used its half of the budget 2% short of its gap.)
fn lower_basins<const D: usize, A, B>(
    polytope: &mut Polytope<D>,
    pair: &MinkowskiPair<'_, D, A, B>,
    mut best: refine::Refined<D>,
    tolerance: refine::Tolerance,
    coarse: f64,
    scale: f64,
    budget: &mut Budget,
) -> Option<refine::Refined<D>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    loop {
        let below = best.depth - tolerance.at(best.depth);
        let (facet, grown) = grow(
            polytope,
            pair,
            coarse,
            tolerance.rounding,
            scale,
            budget,
            Some(below),
        );
        if grown != Grown::Below {
            return Some(best);
        }
        let corners = facet.vertices.map(|i| polytope.vertices[i]);
        let lower = pair.refine(&facet.normal, &corners[..D], tolerance, budget)?;
        if lower.depth >= best.depth {
            return None;
        }
        best = lower;
    }
}

/// The support evaluations an expansion has made, and the most it may make.
struct Budget {
    used: u32,
    max: u32,
}

impl Budget {
    /// Whether another evaluation is allowed; counts it if so.
    fn spend(&mut self) -> bool {
        if self.used >= self.max {
            return false;
        }
        self.used += 1;
        true
    }
}

/// Expands `polytope` (a full simplex or more, its facets oriented outwards, holding the
/// origin) until the support point along the closest facet's normal is within
/// `relative_tolerance` of its distance (or `rounding`): returns that facet and whether the
/// gap closed, or the best facet found when the budget, the vertex cap or rounding ends the
/// expansion first. It may be called again with a smaller tolerance to go on.
///
/// Each step is the paper's: the facet closest to the origin, the support point along its
/// normal, the termination test on the gap between them, and the polytope repaired around
/// the new point (see [`Polytope::add_vertex`]).
fn grow<const D: usize, A, B>(
    polytope: &mut Polytope<D>,
    pair: &MinkowskiPair<'_, D, A, B>,
    relative_tolerance: f64,
    rounding: f64,
    scale: f64,
    budget: &mut Budget,
    below: Option<f64>,
) -> (Facet<D>, Grown)
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    // The closest facet so far: what is answered if rounding leaves no facet at all.
    let mut answer = polytope.facets[0];
    // The last closest facet and the gap between its distance and the support along its
    // normal.
    let mut last: Option<(Facet<D>, f64)> = None;
    let (facet, converged) = loop {
        let Some(facet) = polytope.closest_facet() else {
            // Every facet saw the new point and no ridge was left on the horizon: rounding
            // (a hull 3e10 wide against a point, its facets nearly coplanar) has broken the
            // polytope. The last closest facet, not certified.
            break (answer, false);
        };
        answer = facet;
        if let Some((previous, gap)) = last {
            // In exact arithmetic the closest facet only moves away from the origin. Once
            // rounding has made the polytope non-convex (curved shapes, facets nearly
            // coplanar), it can come back: the expansion is over, and the last facet is the
            // answer, converged if its gap is within what rounding allows.
            if facet.distance < previous.distance - rounding {
                let tolerance = (relative_tolerance * previous.distance.abs()).max(rounding);
                break (
                    previous,
                    gap <= tolerance || gap <= STALL_ULPS * f64::EPSILON * scale,
                );
            }
        }
        if below.is_some_and(|depth| facet.distance >= depth) {
            // Every facet is at least `below` away: nothing overlaps less.
            break (facet, true);
        }
        if !facet.distance.is_finite()
            || polytope.vertices.len() >= MAX_POLYTOPE_VERTICES
            || !budget.spend()
        {
            break (facet, false);
        }
        let w = pair.support(&facet.normal);
        let reach = facet.normal.dot(&w.w);
        if below.is_some_and(|depth| reach < depth) {
            return (facet, Grown::Below);
        }
        let tolerance = (relative_tolerance * facet.distance.abs()).max(rounding);
        if reach - facet.distance <= tolerance {
            break (facet, true);
        }
        if polytope.vertices.iter().any(|v| v.w == w.w) {
            // A vertex already in the polytope lies beyond this facet: rounding has made the
            // polytope non-convex (the facet is a sliver's, its normal known only roughly).
            // The answer is the best found, not certified: within the STALL_ULPS allowance of
            // rounding it is accepted, beyond it is reported as not converged.
            break (
                facet,
                reach - facet.distance <= STALL_ULPS * f64::EPSILON * scale,
            );
        }
        last = Some((facet, reach - facet.distance));
        polytope.add_vertex(w, rounding);
    };

    let grown = if converged {
        Grown::Converged
    } else {
        Grown::Stopped
    };
    (facet, grown)
}

impl<const D: usize> Polytope<D> {
    /// The first of the facets closest to the origin. Distances are never NaN (an unusable
    /// normal gives infinity), so `<` orders them, cheaper than `total_cmp`.
    fn closest_facet(&self) -> Option<Facet<D>> {
        let mut best = self.facets.first()?;
        for f in &self.facets {
            if f.distance < best.distance {
                best = f;
            }
        }
        Some(*best)
    }

    /// Adds the support point `w` beyond the closest facet: the facets that see it (from more
    /// than `rounding`) are removed, and each ridge of their horizon makes a new facet with it.
    fn add_vertex(&mut self, w: SupportPoint<D>, rounding: f64) {
        let Polytope {
            vertices,
            facets,
            visible,
        } = self;
        // Facets that see the new point, and the ridges on their horizon.
        let new_index = vertices.len();
        vertices.push(w);
        // A seen facet is moved out and the last put in its place: facets are unordered,
        // and `retain` moved every facet after the first seen one.
        visible.clear();
        let mut i = 0;
        while i < facets.len() {
            let f = &facets[i];
            if f.normal.dot(&(w.w - vertices[f.vertices[0]].w)) > rounding {
                visible.push(facets.swap_remove(i));
            } else {
                i += 1;
            }
        }
        // The horizon: the ridges of one seen facet only. Whether a facet has a ridge is
        // whether it holds the ridge's vertices (a facet's own are distinct): comparing
        // indices, without branches, costs a fraction of making and matching sorted keys.
        let holds =
            |g: &Facet<D>, x: usize| g.vertices[..D].iter().fold(false, |h, &y| h | (y == x));
        let has_ridge = |g: &Facet<D>, f: &Facet<D>, k: usize| {
            (0..D)
                .filter(|&i| i != k)
                .fold(true, |h, i| h & holds(g, f.vertices[i]))
        };
        for f in visible.iter() {
            for k in 0..D {
                let shared = visible.iter().filter(|g| has_ridge(g, f, k)).count();
                if shared == 1 {
                    let mut v = f.vertices;
                    v[k] = new_index;
                    facets.push(make_facet(v, vertices));
                }
            }
        }
    }
}

/// How an expansion ([`grow`]) ended.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Grown {
    /// The closest facet's gap closed to the tolerance (or every facet is at least the bound
    /// asked for away): its distance is the depth, certified.
    Converged,
    /// Out of budget, or the polytope broken by rounding: the closest facet's distance is a
    /// lower bound only.
    Stopped,
    /// A support point reached less than the bound asked for along the facet returned.
    Below,
}
