//! The reference face: the flatter of the two faces, whose sides clip the other (the incident
//! face) and whose plane the clipped points are carried onto.

use nalgebra::Vector3;

use super::clip::{self, ChainPoint, HalfPlane};
use super::ids;
use super::plane::ContactPlane;
use super::posed::PosedFace;
use crate::range::robust_unit;
use crate::support::{lift, Vector};

/// How thin, relative to its longest span, a polygon may be and still be taken as one rather
/// than as the segment along that span: clipping against a sharper corner would let rounding
/// carry points far out along its sides.
const THIN: f64 = 1e-6;

/// The least cosine between a reference face's plane normal and the contact normal (60
/// degrees): a steeper face (a sliver of flat points tilted about its long side) is no face
/// to carry points onto, where dividing by the cosine would throw them far off.
const STEEPEST: f64 = 0.5;

/// How much better aligned with the normal the second shape's face must be to be taken as the
/// reference rather than the first's (1 minus the cosine of their tilts): ties, and near ties
/// that a small motion could flip, go to the first shape, so that the ids stay.
const TILT_MARGIN: f64 = 1e-4;

/// The flat face of a shape as an outline on the contact plane: a point, a segment (its two
/// ends) or a convex counter-clockwise polygon.
pub(crate) struct Outline<const D: usize> {
    pub points: Vec<ChainPoint<D>>,
}

impl<const D: usize> Outline<D> {
    /// The outline of `face`'s flat vertices; segments not longer than `slack` are taken as
    /// points, polygons thinner than `THIN` of their span as segments.
    pub fn of(face: &PosedFace<D>, plane: &ContactPlane<D>, slack: f64) -> Self {
        let points = face.flat_vertices().map(|v| plane.chain_point(v)).collect();
        let mut points = clip::hull(points);
        if points.len() >= 3 && !wider_than(&points, THIN) {
            points = farthest_pair(&points);
        }
        if points.len() == 2 && distance(&points[0].at, &points[1].at) <= slack {
            points.truncate(1);
        }
        Self { points }
    }

    /// 0 for a point, 1 for a segment, 2 for a polygon.
    pub fn dimension(&self) -> usize {
        self.points.len().min(3).saturating_sub(1)
    }

    /// The key of the whole face: its vertices' keys, whatever the outline's order (which
    /// follows the contact plane's axes, and so can turn under a small motion).
    fn key(&self) -> u64 {
        let mut keys: Vec<u64> = self.points.iter().map(|p| p.key).collect();
        keys.sort_unstable();
        keys.into_iter().fold(0, ids::pair)
    }
}

fn distance(p: &[f64; 2], q: &[f64; 2]) -> f64 {
    (p[0] - q[0]).hypot(p[1] - q[1])
}

/// Whether the polygon `points` is wider across its longest diagonal than `fraction` of it.
fn wider_than<const D: usize>(points: &[ChainPoint<D>], fraction: f64) -> bool {
    let pair = farthest_pair(points);
    let span = distance(&pair[0].at, &pair[1].at);
    points
        .iter()
        .any(|p| clip::turn(&pair[0].at, &pair[1].at, &p.at).abs() > fraction * span * span)
}

/// The two points of `points` farthest apart.
fn farthest_pair<const D: usize>(points: &[ChainPoint<D>]) -> Vec<ChainPoint<D>> {
    let mut best = (0, 0, -1.0);
    for i in 0..points.len() {
        for j in i + 1..points.len() {
            let d = distance(&points[i].at, &points[j].at);
            if d > best.2 {
                best = (i, j, d);
            }
        }
    }
    vec![points[best.0], points[best.1]]
}

/// The reference face and what clipping against it needs.
pub(crate) struct Reference<const D: usize> {
    /// 0 when the reference face is A's, 1 when it is B's.
    pub side: usize,
    /// The half-planes of its sides (or ends) on the contact plane (or its line).
    pub half_planes: Vec<HalfPlane>,
    /// A point of its plane.
    pub origin: Vector<D>,
    /// Its plane's unit normal, pointing out of its shape, towards the other.
    pub normal: Vector<D>,
    /// The key of the face, mixed into the keys of the incident points kept whole.
    pub key: u64,
}

impl<const D: usize> Reference<D> {
    /// The reference among the flat faces `outlines` (A's, B's), for the world contact normal
    /// `normal` (from A to B): the one of the higher dimension, else the one better aligned
    /// with the normal, A's on a near tie. `None` when both are points, or when the chosen face
    /// is steeper than `STEEPEST` (the contact is then the penetration query's point alone).
    pub fn choose(outlines: &[Outline<D>; 2], normal: &Vector<D>, slack: f64) -> Option<Self> {
        let tilt = |side: usize| {
            let outward = if side == 0 { *normal } else { -normal };
            let plane_normal = plane_normal(&outlines[side], &outward);
            (1.0 - plane_normal.dot(&outward), plane_normal)
        };
        let (da, db) = (outlines[0].dimension(), outlines[1].dimension());
        if da == 0 && db == 0 {
            return None;
        }
        let side = match da.cmp(&db) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => usize::from(tilt(1).0 + TILT_MARGIN < tilt(0).0),
        };
        let (tilt, plane_normal) = tilt(side);
        if 1.0 - tilt < STEEPEST {
            return None;
        }
        let outline = &outlines[side];
        let half_planes = if outline.dimension() == 2 {
            clip::polygon_sides(&outline.points, slack)
        } else {
            clip::segment_ends(&outline.points[0], &outline.points[1], slack).to_vec()
        };
        Some(Self {
            side,
            half_planes,
            origin: outline.points[0].point,
            normal: plane_normal,
            key: outline.key(),
        })
    }

    /// `point` carried along the contact normal `normal` onto the reference face's plane.
    pub fn carry(&self, point: &Vector<D>, normal: &Vector<D>) -> Vector<D> {
        let along = self.normal.dot(normal);
        let height = self.normal.dot(&(point - self.origin));
        point - normal * (height / along)
    }
}

/// The unit normal of the plane of `outline`'s face pointing along `outward`: the polygon's
/// (Newell's formula), or for a segment the part of `outward` across it; `outward` for a
/// point.
pub(crate) fn plane_normal<const D: usize>(outline: &Outline<D>, outward: &Vector<D>) -> Vector<D> {
    let points = &outline.points;
    match outline.dimension() {
        0 => *outward,
        1 => {
            let along = robust_unit(&(points[1].point - points[0].point));
            robust_unit(&(outward - along * along.dot(outward)))
        }
        _ => {
            let origin = lift(&points[0].point);
            let newell: Vector3<f64> = (1..points.len() - 1)
                .map(|k| {
                    (lift(&points[k].point) - origin).cross(&(lift(&points[k + 1].point) - origin))
                })
                .sum();
            let normal = robust_unit(&Vector::<D>::from_fn(|i, _| newell[i]));
            if normal.dot(outward) < 0.0 {
                -normal
            } else {
                normal
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outline(points: &[[f64; 3]]) -> Outline<3> {
        let points = points
            .iter()
            .enumerate()
            .map(|(k, p)| ChainPoint {
                at: [p[0], p[1]],
                point: Vector::<3>::new(p[0], p[1], p[2]),
                key: k as u64,
                shortfall: 0.0,
            })
            .collect();
        Outline { points }
    }

    /// A thin triangle standing almost upright on the contact plane (normal z) is no face to
    /// carry points onto; the same triangle lying flat is.
    #[test]
    fn a_face_steeper_than_60_degrees_is_no_reference() {
        let point = outline(&[[5.0, 5.0, 0.0]]);
        let upright = outline(&[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.5, 1e-5, 0.9]]);
        let z = Vector::<3>::z();
        assert!(Reference::choose(&[upright, outline(&[[5.0, 5.0, 0.0]])], &z, 0.0).is_none());
        let flat = outline(&[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.5, 1.0, 0.0]]);
        let reference = Reference::choose(&[flat, point], &z, 0.0).expect("a flat face");
        assert_eq!(reference.side, 0);
        assert!((reference.normal - z).norm() < 1e-15);
    }
}
