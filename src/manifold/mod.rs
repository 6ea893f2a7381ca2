//! Contact manifolds: the points where two shapes touch or nearly touch, for a physics solver.
//!
//! A box resting on a box touches along a face; a single deepest point makes a solver rock.
//! [`contact_manifold`] finds the contact normal by the penetration query, takes each shape's
//! face along it (see [`crate::Support::core_face`]), clips the incident face by the sides of
//! the reference face (the flatter one) on the plane across the normal (Sutherland–Hodgman),
//! carries the clipped points onto the reference face's plane, and keeps at most 2 points in
//! 2D and 4 in 3D: the deepest and those spanning the largest area with it.

mod clip;
mod ids;
mod plane;
mod posed;
mod reduce;
mod reference;

use clip::ChainPoint;
use plane::ContactPlane;
use posed::PosedFace;
use reduce::Candidate;
use reference::{Outline, Reference};

use crate::epa::{penetration, PenetrationResult};
use crate::error::QueryError;
use crate::support::{Pose, Support, Vector};

/// How far, in units of the rounding of the faces' coordinates, a point may lie outside a
/// reference face's side and still count as inside: rounding, not geometry (a looser slack
/// lets points escape far along the sides of a sliver's sharp corner).
const SLACK_ULPS: f64 = 16.0;

/// A point of a [`ContactManifold`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactPoint<const D: usize> {
    /// The point on A (world frame).
    pub point_a: Vector<D>,
    /// The point on B (world frame): `point_a + separation * normal` where the faces were
    /// clipped; for the deepest point of the penetration query, which is kept when deeper than
    /// the clipped ones, the two shapes' points reaching farthest along the normal, which on
    /// curved or creased contacts need not lie opposite each other. Either way
    /// `(point_b - point_a) . normal = separation`.
    pub point_b: Vector<D>,
    /// The distance from A to B along the manifold's normal at this point: negative where the
    /// shapes overlap (minus the depth there).
    pub separation: f64,
    /// Names the features of A and B this point comes from (vertices, edges, the reference
    /// face, and which shape holds the reference face): the same while the same features
    /// touch, different when others do, so that a solver can carry its impulses over from one
    /// step to the next.
    pub id: u32,
}

/// Where two shapes touch or nearly touch (see [`contact_manifold`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ContactManifold<const D: usize> {
    /// The unit contact normal, from A towards B (the penetration query's).
    pub normal: Vector<D>,
    /// At most [`ContactManifold::CAPACITY`] points (2 in 2D, 4 in 3D), the deepest first;
    /// none when the shapes are farther apart than the margin.
    pub points: Vec<ContactPoint<D>>,
}

impl<const D: usize> ContactManifold<D> {
    /// The most points a manifold holds: 2 in 2D, 4 in 3D.
    pub const CAPACITY: usize = if D == 2 { 2 } else { 4 };
}

/// The contact manifold of `a` placed by `pose_a` and `b` placed by `pose_b`: the contact
/// normal (from A to B) and the points where the shapes overlap or are less than `margin`
/// apart along it (speculative contacts), each with its point on A and on B, its separation and
/// an id. Shapes farther apart than `margin` give no points.
///
/// Faces within about 1e-3 radians of parallel touch as faces: a 2D edge on an edge gives 2
/// points, a 3D face on a face the corners of their overlap (the deepest and those spanning the
/// largest area, 4 at most), an edge across a face or along an edge 2. Curved shapes touch at
/// one point; a capsule's side is its segment, a cylinder's end disc a regular octagon (its
/// side a segment). Points are the shapes' own (rounded shapes: their surface), carried along
/// the normal onto the reference face's plane; separations are exact to rounding for polytope
/// faces. The deepest point of the penetration query is always among the candidates, so the
/// manifold's least separation is the signed distance.
///
/// Fails as [`penetration`] does; `margin` must be finite and at least 0
/// ([`QueryError::InvalidOptions`]). On [`QueryError::NoConvergence`] the attached manifold is
/// built on the best normal found.
pub fn contact_manifold<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    margin: f64,
) -> Result<ContactManifold<D>, QueryError<ContactManifold<D>>>
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    if !(margin >= 0.0 && margin.is_finite()) {
        return Err(QueryError::InvalidOptions(
            "the margin must be finite and at least 0",
        ));
    }
    let shapes = Pair {
        a,
        pose_a,
        b,
        pose_b,
    };
    match penetration(a, pose_a, b, pose_b) {
        Ok(contact) => Ok(shapes.manifold(&contact, margin)),
        Err(QueryError::NoConvergence(best)) => Err(QueryError::NoConvergence(Box::new(
            shapes.manifold(&best, margin),
        ))),
        Err(QueryError::NonFiniteSupport) => Err(QueryError::NonFiniteSupport),
        Err(QueryError::InvalidOptions(why)) => Err(QueryError::InvalidOptions(why)),
        Err(QueryError::OutOfRange(why)) => Err(QueryError::OutOfRange(why)),
    }
}

/// The two placed shapes.
struct Pair<'s, const D: usize, A: ?Sized, B: ?Sized> {
    a: &'s A,
    pose_a: &'s Pose<D>,
    b: &'s B,
    pose_b: &'s Pose<D>,
}

impl<const D: usize, A: Support<D> + ?Sized, B: Support<D> + ?Sized> Pair<'_, D, A, B> {
    /// The manifold around the penetration query's answer `contact`.
    fn manifold(&self, contact: &PenetrationResult<D>, margin: f64) -> ContactManifold<D> {
        let normal = contact.normal;
        let mut manifold = ContactManifold {
            normal,
            points: Vec::new(),
        };
        if contact.signed_distance > margin || contact.signed_distance.is_nan() {
            return manifold;
        }
        let reach = margin - contact.signed_distance;
        let faces = [
            PosedFace::of(self.a, self.pose_a, &normal, reach),
            PosedFace::of(self.b, self.pose_b, &-normal, reach),
        ];
        let plane = ContactPlane::new(&normal, contact.point_a);
        let flat = faces[0].flat.max(faces[1].flat);
        let magnitude = faces
            .iter()
            .flat_map(|f| &f.vertices)
            .map(|v| v.point.amax())
            .fold(0.0, f64::max);
        let slack = SLACK_ULPS * f64::EPSILON * magnitude;
        let mut candidates: Vec<Candidate<D>> = self
            .clipped(&faces, &plane, slack, &normal)
            .into_iter()
            .filter(|(p, _)| p.separation <= margin)
            .collect();
        let shallowest_deepest = candidates
            .iter()
            .map(|(p, _)| p.separation)
            .fold(f64::INFINITY, f64::min);
        if contact.signed_distance < shallowest_deepest - flat {
            let key = ids::pair(top_key(&faces[0]), top_key(&faces[1]));
            let deepest = ContactPoint {
                point_a: contact.point_a,
                point_b: contact.point_b,
                separation: contact.signed_distance,
                id: ids::id(key),
            };
            candidates.push((deepest, plane.at(&contact.point_b)));
        }
        let candidates = distinct(candidates, slack);
        manifold.points = reduce::reduce(candidates, ContactManifold::<D>::CAPACITY);
        manifold
    }

    /// The incident face clipped by the reference face's sides, carried onto its plane, as
    /// candidate contact points; none when both faces are points or meet at a point.
    fn clipped(
        &self,
        faces: &[PosedFace<D>; 2],
        plane: &ContactPlane<D>,
        slack: f64,
        normal: &Vector<D>,
    ) -> Vec<Candidate<D>> {
        let outlines = [
            Outline::of(&faces[0], plane, slack),
            Outline::of(&faces[1], plane, slack),
        ];
        let Some(reference) = Reference::choose(&outlines, normal, slack) else {
            return Vec::new();
        };
        let incident = 1 - reference.side;
        let (mut chain, closed) = if outlines[reference.side].dimension() == D - 1 {
            incident_chain(&faces[incident], &outlines[incident], plane)
        } else if parallel(&outlines[0], &outlines[1]) {
            (outlines[incident].points.clone(), false)
        } else {
            return Vec::new();
        };
        for p in &mut chain {
            p.key = ids::pair(reference.key, p.key);
        }
        for half_plane in &reference.half_planes {
            chain = clip::clip(&chain, closed, half_plane);
        }
        let margins = [self.a.margin(), self.b.margin()];
        chain
            .iter()
            .map(|p| {
                let on_reference = reference.carry(&p.point, normal);
                let (core_a, core_b) = if reference.side == 0 {
                    (on_reference, p.point)
                } else {
                    (p.point, on_reference)
                };
                let contact = ContactPoint {
                    point_a: core_a + normal * margins[0],
                    point_b: core_b - normal * margins[1],
                    separation: normal.dot(&(core_b - core_a)) - margins[0] - margins[1],
                    id: ids::id(ids::pair(reference.side as u64, p.key)),
                };
                (contact, p.at)
            })
            .collect()
    }
}

/// The incident face as the chain to clip: in 3D the outline of all its points on the contact
/// plane (a closed polygon from 3 points) when they lie in one plane (a tilted face within the
/// margin), else the outline of its flat face, `flat` (clipped points are interpolated
/// between the outline's vertices, which would cut through the shape); in 2D the side of its
/// points facing the other shape, from one end to the other (an open chain).
fn incident_chain<const D: usize>(
    face: &PosedFace<D>,
    flat: &Outline<D>,
    plane: &ContactPlane<D>,
) -> (Vec<ChainPoint<D>>, bool) {
    if D == 3 {
        let wide = Outline {
            points: clip::hull(face.vertices.iter().map(|v| plane.chain_point(v)).collect()),
        };
        let outline = if planar(&wide, face) {
            wide.points
        } else {
            flat.points.clone()
        };
        let closed = outline.len() >= 3;
        return (outline, closed);
    }
    // On the line, the facing side is the lower hull of (position, shortfall), and of points
    // at one position the one reaching farthest.
    let mut front: Vec<ChainPoint<D>> = face
        .vertices
        .iter()
        .map(|v| ChainPoint {
            at: [plane.at(&v.point)[0], v.shortfall],
            ..plane.chain_point(v)
        })
        .collect();
    front.sort_by(|p, q| {
        p.at[0]
            .total_cmp(&q.at[0])
            .then(p.at[1].total_cmp(&q.at[1]))
    });
    front.dedup_by(|later, first| later.at[0] == first.at[0]);
    let mut chain: Vec<ChainPoint<D>> = Vec::with_capacity(front.len());
    for p in front {
        while chain.len() >= 2
            && clip::turn(
                &chain[chain.len() - 2].at,
                &chain[chain.len() - 1].at,
                &p.at,
            ) <= 0.0
        {
            chain.pop();
        }
        chain.push(p);
    }
    for p in &mut chain {
        p.at[1] = 0.0;
    }
    (chain, false)
}

/// Whether every point of `face` lies within its flat tolerance of the plane of `outline` (a
/// polygon on the contact plane made of some of them), or the outline is not a polygon.
fn planar<const D: usize>(outline: &Outline<D>, face: &PosedFace<D>) -> bool {
    if outline.dimension() < 2 {
        return true;
    }
    let origin = outline.points[0].point;
    let normal = reference::plane_normal(outline, &Vector::zeros());
    face.vertices
        .iter()
        .all(|v| normal.dot(&(v.point - origin)).abs() <= face.flat)
}

/// Whether two outlines are segments within 1e-3 radians of parallel on the contact plane
/// (two capsules side by side, a box's edge along another's).
fn parallel<const D: usize>(first: &Outline<D>, second: &Outline<D>) -> bool {
    if first.dimension() != 1 || second.dimension() != 1 {
        return false;
    }
    let direction = |o: &Outline<D>| {
        let (p, q) = (o.points[0].at, o.points[1].at);
        let d = [q[0] - p[0], q[1] - p[1]];
        let length = d[0].hypot(d[1]);
        [d[0] / length, d[1] / length]
    };
    let (u, v) = (direction(first), direction(second));
    (u[0] * v[1] - u[1] * v[0]).abs() <= 1e-3
}

/// `candidates` with one of those within `slack` of each other on the contact plane (where a
/// side crosses a corner, clipping makes the same point more than once): the deepest, the
/// first among equals.
fn distinct<const D: usize>(candidates: Vec<Candidate<D>>, slack: f64) -> Vec<Candidate<D>> {
    let mut kept: Vec<Candidate<D>> = Vec::with_capacity(candidates.len());
    for c in candidates {
        let near = |k: &Candidate<D>| (k.1[0] - c.1[0]).abs().max((k.1[1] - c.1[1]).abs()) <= slack;
        match kept.iter_mut().find(|k| near(k)) {
            Some(k) if c.0.separation < k.0.separation => *k = c,
            Some(_) => {}
            None => kept.push(c),
        }
    }
    kept
}

/// The key of the face's point reaching farthest (the first such).
fn top_key<const D: usize>(face: &PosedFace<D>) -> u64 {
    face.vertices
        .iter()
        .min_by(|p, q| p.shortfall.total_cmp(&q.shortfall))
        .map_or(0, |v| v.key)
}
