//! One runner per library: the shapes of a workload built once, a timed pass over the pairs for
//! each query, and an untimed pass that returns the answers for scoring.

use std::hint::black_box;

use gjk::shape::{Ball, Capsule, ConvexHull, Ellipsoid, Shape};
use gjk::{Pose, Support, Vector};
use nalgebra::{Quaternion, UnitQuaternion, Vector3};

use crate::data::{Body, Case, Placement, Workload};

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
        let pairs = w
            .cases
            .iter()
            .map(|c| {
                let Body::Hull(b) = &c.b else {
                    panic!("{}: not a hull pair", w.name)
                };
                (
                    ConvexHull::new(points::<D>(&c.a)).expect("a valid cloud"),
                    Pose::identity(),
                    ConvexHull::new(points::<D>(b)).expect("a valid cloud"),
                    Pose::identity(),
                )
            })
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

/// Our shapes through the C ABI: handles from `gjk_polygon_new` / `gjk_polytope_new`, NULL
/// poses. Only the distance query is timed this way.
pub struct FfiRunner {
    pairs: Vec<(*mut gjk::ffi::GjkShape, *mut gjk::ffi::GjkShape)>,
}

impl FfiRunner {
    /// Hull against hull; `None` unless every B is a hull.
    pub fn hulls(w: &Workload) -> Self {
        let make = |coords: &[f64]| {
            let mut out = std::ptr::null_mut();
            let count = coords.len() / w.dim;
            // SAFETY: `coords` holds `dim * count` doubles and `out` is a valid out-pointer.
            let status = unsafe {
                if w.dim == 2 {
                    gjk::ffi::gjk_polygon_new(coords.as_ptr(), count, &mut out)
                } else {
                    gjk::ffi::gjk_polytope_new(coords.as_ptr(), count, &mut out)
                }
            };
            assert_eq!(status, gjk::ffi::GJK_OK, "{}: shape rejected", w.name);
            out
        };
        let pairs = w
            .cases
            .iter()
            .map(|c| {
                let Body::Hull(b) = &c.b else {
                    panic!("{}: not a hull pair", w.name)
                };
                (make(&c.a), make(b))
            })
            .collect();
        Self { pairs }
    }

    fn distance(&self, i: usize) -> Option<gjk::ffi::GjkDistanceResult> {
        let (a, b) = self.pairs[i];
        let mut out = gjk::ffi::GjkDistanceResult::default();
        let null = std::ptr::null();
        // SAFETY: the handles are live (freed only on drop); NULL poses mean the identity.
        let status = unsafe { gjk::ffi::gjk_distance(a, null, b, null, &mut out) };
        (status == gjk::ffi::GJK_OK).then_some(out)
    }

    /// Runs the distance query once on each pair of `subset`, for timing.
    pub fn pass(&self, subset: &[usize]) {
        let pairs = black_box(&self.pairs);
        let null = std::ptr::null();
        let mut out = gjk::ffi::GjkDistanceResult::default();
        for &i in subset {
            let (a, b) = pairs[i];
            // SAFETY: as in `distance`.
            black_box(unsafe { gjk::ffi::gjk_distance(a, null, b, null, &mut out) });
            black_box(&mut out);
        }
    }

    /// The distance on each pair of `subset`.
    pub fn distances(&self, subset: &[usize]) -> Vec<Option<f64>> {
        subset
            .iter()
            .map(|&i| self.distance(i).map(|r| r.distance))
            .collect()
    }
}

impl Drop for FfiRunner {
    fn drop(&mut self) {
        for &(a, b) in &self.pairs {
            // SAFETY: each handle came from a constructor and is freed once.
            unsafe {
                gjk::ffi::gjk_shape_free(a);
                gjk::ffi::gjk_shape_free(b);
            }
        }
    }
}

/// parry's runner for one dimension; `$krate` is `parry2d_f64` or `parry3d_f64`.
macro_rules! parry_runner {
    ($runner:ident, $krate:ident, $dim:expr, $hull:ident) => {
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
                let points: Vec<$krate::math::Vector> = coords
                    .chunks_exact($dim)
                    .map($krate::math::Vector::from_slice)
                    .collect();
                Box::new($krate::shape::$hull::from_convex_hull(&points).expect("a full hull"))
            }

            /// Hull against hull, identity poses.
            pub fn hulls(w: &Workload) -> Self {
                let pairs = w
                    .cases
                    .iter()
                    .map(|c| {
                        let Body::Hull(b) = &c.b else {
                            panic!("{}: not a hull pair", w.name)
                        };
                        (
                            Self::hull(&c.a),
                            $krate::math::Pose::IDENTITY,
                            Self::hull(b),
                            $krate::math::Pose::IDENTITY,
                        )
                    })
                    .collect();
                Self { pairs }
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

parry_runner!(Parry2Runner, parry2d_f64, 2, ConvexPolygon);
parry_runner!(Parry3Runner, parry3d_f64, 3, ConvexPolyhedron);

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
