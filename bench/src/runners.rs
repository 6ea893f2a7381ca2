//! One runner per library: the shapes of a workload built once, a timed pass over the pairs for
//! each query, and an untimed pass that returns the answers for scoring.

use std::hint::black_box;

use gjk::shape::{Ball, Capsule, ConvexHull, Ellipsoid, Shape};
use gjk::{Pose, Support, Vector};
use nalgebra::{Quaternion, UnitQuaternion, Vector3};

use crate::data::{Body, Case, Placement, Workload};
use crate::peers::{Box2dPolygon, BulletHull, CcdCloud, CcdMethod};

/// The queries measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// Boolean intersection.
    Intersect,
    /// Distance only.
    Distance,
    /// Distance with the closest points (ours: the same call as `Distance`).
    ClosestPoints,
    /// Penetration depth, on the overlapping pairs.
    Penetration,
}

impl Query {
    pub fn label(self) -> &'static str {
        match self {
            Query::Intersect => "intersect",
            Query::Distance => "distance",
            Query::ClosestPoints => "closest points",
            Query::Penetration => "penetration",
        }
    }
}

/// A library's shapes for one workload.
pub trait Runner {
    /// Whether the library has `query` (every runner answers `Intersect` or `Distance`).
    fn supports(&self, _query: Query) -> bool {
        true
    }

    /// Runs `query` once on each pair of `subset`, for timing.
    fn pass(&self, query: Query, subset: &[usize]);

    /// The answer on each pair of `subset`, `None` on failure: for `Intersect` 1 or 0, for
    /// `Distance` the distance, for `ClosestPoints` the distance between the two returned
    /// points (0 when intersecting), for `Penetration` the depth.
    fn answers(&self, query: Query, subset: &[usize]) -> Vec<Option<f64>>;
}

fn points<const D: usize>(coords: &[f64]) -> Vec<Vector<D>> {
    coords
        .chunks_exact(D)
        .map(Vector::<D>::from_column_slice)
        .collect()
}

fn gjk_pose(p: &Placement) -> Pose<3> {
    let [x, y, z, w] = p.rotation;
    let position = Vector3::from(p.position);
    Pose::new_3d(
        position,
        UnitQuaternion::from_quaternion(Quaternion::new(w, x, y, z)),
    )
    .expect("a finite pose")
}

/// Our shapes: A and B with their poses, statically typed.
pub struct GjkRunner<const D: usize, A, B> {
    pairs: Vec<(A, Pose<D>, B, Pose<D>)>,
}

impl<const D: usize> GjkRunner<D, Shape<D>, Shape<D>> {
    /// Hull against hull as the run-time dispatched `Shape` enum (what the C ABI holds).
    pub fn hulls_as_enum(w: &Workload) -> Self {
        let hulls = GjkRunner::<D, ConvexHull<D>, ConvexHull<D>>::hulls(w);
        let pairs = hulls
            .pairs
            .into_iter()
            .map(|(a, pa, b, pb)| (Shape::ConvexHull(a), pa, Shape::ConvexHull(b), pb))
            .collect();
        Self { pairs }
    }
}

impl<const D: usize> GjkRunner<D, ConvexHull<D>, ConvexHull<D>> {
    /// Hull against hull, identity poses.
    pub fn hulls(w: &Workload) -> Self {
        let hull = |coords: &[f64]| ConvexHull::new(points::<D>(coords)).expect("a valid cloud");
        let pairs = w
            .hull_pairs()
            .map(|(a, b)| (hull(a), Pose::identity(), hull(b), Pose::identity()))
            .collect();
        Self { pairs }
    }
}

impl<B> GjkRunner<3, ConvexHull<3>, B> {
    /// Hull against a curved shape built by `make` from B's description.
    pub fn curved(w: &Workload, make: impl Fn(&Body) -> B) -> Self {
        let pairs = w
            .cases
            .iter()
            .map(|c: &Case| {
                (
                    ConvexHull::new(points::<3>(&c.a)).expect("a valid cloud"),
                    Pose::identity(),
                    make(&c.b),
                    gjk_pose(&c.b_pose),
                )
            })
            .collect();
        Self { pairs }
    }
}

/// Our ball of a [`Body::Ball`].
pub fn gjk_ball(b: &Body) -> Ball<3> {
    let Body::Ball(r) = b else {
        panic!("not a ball")
    };
    Ball::new(*r).expect("a valid radius")
}

/// Our ellipsoid of a [`Body::Ellipsoid`].
pub fn gjk_ellipsoid(b: &Body) -> Ellipsoid<3> {
    let Body::Ellipsoid(h) = b else {
        panic!("not an ellipsoid")
    };
    Ellipsoid::new(Vector::<3>::from(*h)).expect("valid semi-axes")
}

/// Our capsule of a [`Body::Capsule`].
pub fn gjk_capsule(b: &Body) -> Capsule<3> {
    let Body::Capsule {
        half_length,
        radius,
    } = b
    else {
        panic!("not a capsule")
    };
    Capsule::along_axis(2, *half_length, *radius).expect("a valid capsule")
}

impl<const D: usize, A: Support<D>, B: Support<D>> Runner for GjkRunner<D, A, B> {
    fn pass(&self, query: Query, subset: &[usize]) {
        let pairs = black_box(&self.pairs);
        match query {
            Query::Intersect => {
                for &i in subset {
                    let (a, pa, b, pb) = &pairs[i];
                    black_box(gjk::intersect(a, pa, b, pb).ok());
                }
            }
            Query::Distance | Query::ClosestPoints => {
                for &i in subset {
                    let (a, pa, b, pb) = &pairs[i];
                    black_box(gjk::distance(a, pa, b, pb).ok());
                }
            }
            Query::Penetration => {
                for &i in subset {
                    let (a, pa, b, pb) = &pairs[i];
                    black_box(gjk::penetration(a, pa, b, pb).ok());
                }
            }
        }
    }

    fn answers(&self, query: Query, subset: &[usize]) -> Vec<Option<f64>> {
        subset
            .iter()
            .map(|&i| {
                let (a, pa, b, pb) = &self.pairs[i];
                match query {
                    Query::Intersect => gjk::intersect(a, pa, b, pb)
                        .ok()
                        .map(|hit| f64::from(u8::from(hit))),
                    Query::Distance => gjk::distance(a, pa, b, pb).ok().map(|r| r.distance),
                    Query::ClosestPoints => gjk::distance(a, pa, b, pb)
                        .ok()
                        .map(|r| (r.point_a - r.point_b).norm()),
                    Query::Penetration => gjk::penetration(a, pa, b, pb)
                        .ok()
                        .map(|r| (-r.signed_distance).max(0.0)),
                }
            })
            .collect()
    }
}

/// A library called on hull pairs (identity poses) through shapes of its own, for
/// [`PeerRunner`]: gjk through its C ABI, parry through a support map of ours, and the C and C++
/// peers of [`crate::peers`].
pub trait Peer {
    /// The library's shape of a point cloud.
    type Shape;
    /// The queries it has, of `Intersect` and `Distance`.
    const QUERIES: &'static [Query];

    /// Its shape of the cloud `coords` (`dim` coordinates a point), built before any timing.
    fn shape(&self, coords: &[f64], dim: usize) -> Self::Shape;

    /// Whether `a` and `b` overlap, `None` on failure (or without the query).
    fn intersect(&self, _a: &Self::Shape, _b: &Self::Shape) -> Option<bool> {
        None
    }

    /// The distance between `a` and `b`, 0 when they overlap, `None` on failure (or without
    /// the query).
    fn distance(&self, _a: &Self::Shape, _b: &Self::Shape) -> Option<f64> {
        None
    }
}

/// A [`Peer`]'s shapes of a workload's hull pairs.
pub struct PeerRunner<P: Peer> {
    peer: P,
    pairs: Vec<(P::Shape, P::Shape)>,
}

impl<P: Peer> PeerRunner<P> {
    /// `peer`'s shapes of the pairs of `w`, whose B must all be hulls.
    pub fn hulls(peer: P, w: &Workload) -> Self {
        let pairs = w
            .hull_pairs()
            .map(|(a, b)| (peer.shape(a, w.dim), peer.shape(b, w.dim)))
            .collect();
        Self { peer, pairs }
    }
}

impl<P: Peer> Runner for PeerRunner<P> {
    fn supports(&self, query: Query) -> bool {
        P::QUERIES.contains(&query)
    }

    fn pass(&self, query: Query, subset: &[usize]) {
        let (peer, pairs) = (&self.peer, black_box(&self.pairs));
        match query {
            Query::Intersect => {
                for &i in subset {
                    black_box(peer.intersect(&pairs[i].0, &pairs[i].1));
                }
            }
            Query::Distance => {
                for &i in subset {
                    black_box(peer.distance(&pairs[i].0, &pairs[i].1));
                }
            }
            _ => panic!("no {} query in PeerRunner", query.label()),
        }
    }

    fn answers(&self, query: Query, subset: &[usize]) -> Vec<Option<f64>> {
        subset
            .iter()
            .map(|&i| {
                let (a, b) = &self.pairs[i];
                match query {
                    Query::Intersect => self
                        .peer
                        .intersect(a, b)
                        .map(|hit| f64::from(u8::from(hit))),
                    Query::Distance => self.peer.distance(a, b),
                    _ => panic!("no {} query in PeerRunner", query.label()),
                }
            })
            .collect()
    }
}

/// gjk through its C ABI: handles from `gjk_polygon_new` / `gjk_polytope_new`, `gjk_intersect`
/// and `gjk_distance` with NULL poses (the identity).
pub struct GjkC;

/// A handle of the C ABI, freed on drop.
pub struct CShape(*mut gjk::ffi::GjkShape);

impl Drop for CShape {
    fn drop(&mut self) {
        // SAFETY: the handle came from a constructor and is freed once.
        unsafe { gjk::ffi::gjk_shape_free(self.0) }
    }
}

impl Peer for GjkC {
    type Shape = CShape;
    const QUERIES: &'static [Query] = &[Query::Intersect, Query::Distance];

    fn shape(&self, coords: &[f64], dim: usize) -> CShape {
        let mut out = std::ptr::null_mut();
        let count = coords.len() / dim;
        // SAFETY: `coords` holds `dim * count` doubles and `out` is a valid out-pointer.
        let status = unsafe {
            if dim == 2 {
                gjk::ffi::gjk_polygon_new(coords.as_ptr(), count, &mut out)
            } else {
                gjk::ffi::gjk_polytope_new(coords.as_ptr(), count, &mut out)
            }
        };
        assert_eq!(status, gjk::ffi::GJK_OK, "a cloud the C ABI rejects");
        CShape(out)
    }

    fn intersect(&self, a: &CShape, b: &CShape) -> Option<bool> {
        let mut hit = false;
        let null = std::ptr::null();
        // SAFETY: the handles are live (freed only on drop); NULL poses mean the identity.
        let status = unsafe { gjk::ffi::gjk_intersect(a.0, null, b.0, null, &mut hit) };
        (status == gjk::ffi::GJK_OK).then_some(hit)
    }

    fn distance(&self, a: &CShape, b: &CShape) -> Option<f64> {
        let mut out = gjk::ffi::GjkDistanceResult::default();
        let null = std::ptr::null();
        // SAFETY: as in `intersect`.
        let status = unsafe { gjk::ffi::gjk_distance(a.0, null, b.0, null, &mut out) };
        (status == gjk::ffi::GJK_OK).then_some(out.distance)
    }
}

/// libccd's boolean query, by the method it holds.
pub struct Ccd(pub CcdMethod);

impl Peer for Ccd {
    type Shape = CcdCloud;
    const QUERIES: &'static [Query] = &[Query::Intersect];

    fn shape(&self, coords: &[f64], _dim: usize) -> CcdCloud {
        CcdCloud::new(coords)
    }

    fn intersect(&self, a: &CcdCloud, b: &CcdCloud) -> Option<bool> {
        Some(a.intersects(b, self.0))
    }
}

/// Box2D's b2Distance and b2TestOverlap's rule on it (f32).
pub struct Box2d;

impl Peer for Box2d {
    type Shape = Box2dPolygon;
    const QUERIES: &'static [Query] = &[Query::Intersect, Query::Distance];

    fn shape(&self, coords: &[f64], _dim: usize) -> Box2dPolygon {
        Box2dPolygon::new(coords)
    }

    fn intersect(&self, a: &Box2dPolygon, b: &Box2dPolygon) -> Option<bool> {
        Some(a.overlaps(b))
    }

    fn distance(&self, a: &Box2dPolygon, b: &Box2dPolygon) -> Option<f64> {
        Some(a.distance(b))
    }
}

/// Bullet's btGjkEpaSolver2::Distance; a pair it calls overlapping is at distance 0.
pub struct Bullet;

impl Peer for Bullet {
    type Shape = BulletHull;
    const QUERIES: &'static [Query] = &[Query::Distance];

    fn shape(&self, coords: &[f64], _dim: usize) -> BulletHull {
        BulletHull::new(coords)
    }

    fn distance(&self, a: &BulletHull, b: &BulletHull) -> Option<f64> {
        Some(a.distance(b).unwrap_or(0.0))
    }
}

/// parry's runners for one dimension; `$krate` is `parry2d_f64` or `parry3d_f64`: `$runner`
/// calls its shape API on its hull shapes (`$hull`), `$support` its support-map queries on
/// `$cloud`, the raw points.
macro_rules! parry_runner {
    ($runner:ident, $support:ident, $cloud:ident, $krate:ident, $dim:expr, $hull:ident) => {
        /// parry's shapes, as trait objects (its query functions take `&dyn Shape`).
        pub struct $runner {
            pairs: Vec<(
                Box<dyn $krate::shape::Shape>,
                $krate::math::Pose,
                Box<dyn $krate::shape::Shape>,
                $krate::math::Pose,
            )>,
        }

        impl $runner {
            /// The hull of interleaved coordinates (computed here, outside the timing).
            fn hull(coords: &[f64]) -> Box<dyn $krate::shape::Shape> {
                let points = $cloud::new(coords).0;
                Box::new($krate::shape::$hull::from_convex_hull(&points).expect("a full hull"))
            }

            /// Hull against hull, identity poses.
            pub fn hulls(w: &Workload) -> Self {
                let id = $krate::math::Pose::IDENTITY;
                let pairs = w
                    .hull_pairs()
                    .map(|(a, b)| (Self::hull(a), id, Self::hull(b), id))
                    .collect();
                Self { pairs }
            }
        }

        /// A point cloud as a parry support map: all its points, in parry's vectors, scanned
        /// for the support point (no hull is computed).
        pub struct $cloud(Vec<$krate::math::Vector>);

        impl $cloud {
            /// The cloud of interleaved coordinates.
            fn new(coords: &[f64]) -> Self {
                Self(
                    coords
                        .chunks_exact($dim)
                        .map($krate::math::Vector::from_slice)
                        .collect(),
                )
            }
        }

        impl $krate::shape::SupportMap for $cloud {
            fn local_support_point(&self, dir: $krate::math::Vector) -> $krate::math::Vector {
                // The index of the best point, not the point, rides the loop: one register.
                let (mut best, mut best_dot) = (0, self.0[0].dot(dir));
                for (k, p) in self.0.iter().enumerate().skip(1) {
                    let dot = p.dot(dir);
                    if dot > best_dot {
                        (best, best_dot) = (k, dot);
                    }
                }
                self.0[best]
            }
        }

        /// parry called its fastest way on hull pairs: its support-map GJK
        /// (`query::details::*_support_map_support_map`) on [`$cloud`]s, statically
        /// dispatched, with the identity as the relative pose.
        pub struct $support;

        impl Peer for $support {
            type Shape = $cloud;
            const QUERIES: &'static [Query] = &[Query::Intersect, Query::Distance];

            fn shape(&self, coords: &[f64], _dim: usize) -> $cloud {
                $cloud::new(coords)
            }

            fn intersect(&self, a: &$cloud, b: &$cloud) -> Option<bool> {
                let id = $krate::math::Pose::IDENTITY;
                Some($krate::query::details::intersection_test_support_map_support_map(&id, a, b))
            }

            fn distance(&self, a: &$cloud, b: &$cloud) -> Option<f64> {
                let id = $krate::math::Pose::IDENTITY;
                Some($krate::query::details::distance_support_map_support_map(
                    &id, a, b,
                ))
            }
        }

        impl Runner for $runner {
            fn pass(&self, query: Query, subset: &[usize]) {
                use $krate::query;
                let pairs = black_box(&self.pairs);
                match query {
                    Query::Intersect => {
                        for &i in subset {
                            let (a, pa, b, pb) = &pairs[i];
                            black_box(query::intersection_test(pa, &**a, pb, &**b).ok());
                        }
                    }
                    Query::Distance => {
                        for &i in subset {
                            let (a, pa, b, pb) = &pairs[i];
                            black_box(query::distance(pa, &**a, pb, &**b).ok());
                        }
                    }
                    Query::ClosestPoints => {
                        for &i in subset {
                            let (a, pa, b, pb) = &pairs[i];
                            black_box(query::closest_points(pa, &**a, pb, &**b, f64::MAX).ok());
                        }
                    }
                    Query::Penetration => {
                        for &i in subset {
                            let (a, pa, b, pb) = &pairs[i];
                            black_box(query::contact(pa, &**a, pb, &**b, 0.0).ok());
                        }
                    }
                }
            }

            fn answers(&self, query: Query, subset: &[usize]) -> Vec<Option<f64>> {
                use $krate::query::{self, ClosestPoints};
                subset
                    .iter()
                    .map(|&i| {
                        let (a, pa, b, pb) = &self.pairs[i];
                        let (a, b) = (&**a, &**b);
                        match query {
                            Query::Intersect => query::intersection_test(pa, a, pb, b)
                                .ok()
                                .map(|r| f64::from(u8::from(r.intersecting))),
                            Query::Distance => {
                                query::distance(pa, a, pb, b).ok().map(|r| r.distance)
                            }
                            Query::ClosestPoints => {
                                match query::closest_points(pa, a, pb, b, f64::MAX) {
                                    Ok(ClosestPoints::Intersecting) => Some(0.0),
                                    Ok(ClosestPoints::WithinMargin(p, q)) => Some((p - q).length()),
                                    _ => None,
                                }
                            }
                            // No contact (`None`) on an overlapping pair counts as a failure.
                            Query::Penetration => query::contact(pa, a, pb, b, 0.0)
                                .ok()
                                .flatten()
                                .map(|c| (-c.dist).max(0.0)),
                        }
                    })
                    .collect()
            }
        }
    };
}

parry_runner!(
    Parry2Runner,
    ParrySupport2,
    ParryCloud2,
    parry2d_f64,
    2,
    ConvexPolygon
);
parry_runner!(
    Parry3Runner,
    ParrySupport3,
    ParryCloud3,
    parry3d_f64,
    3,
    ConvexPolyhedron
);

impl Parry3Runner {
    /// Hull against a ball or a capsule (parry has no ellipsoid).
    pub fn curved(w: &Workload) -> Self {
        use parry3d_f64::math::{Pose, Rot3, Vector};
        use parry3d_f64::shape::{Ball, Capsule, Shape};
        let pairs = w
            .cases
            .iter()
            .map(|c| {
                let b: Box<dyn Shape> = match c.b {
                    Body::Ball(r) => Box::new(Ball::new(r)),
                    Body::Capsule {
                        half_length,
                        radius,
                    } => Box::new(Capsule::new_z(half_length, radius)),
                    _ => panic!("{}: no parry shape for {:?}", w.name, c.b),
                };
                let [x, y, z, q] = c.b_pose.rotation;
                let pose = Pose::from_parts(
                    Vector::from_array(c.b_pose.position),
                    Rot3::from_xyzw(x, y, z, q),
                );
                (Self::hull(&c.a), Pose::IDENTITY, b, pose)
            })
            .collect();
        Self { pairs }
    }
}
