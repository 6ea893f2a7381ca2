//! Random shapes and poses of every kind, in 2D and 3D, for the property tests.

use super::Rng;
use gjk::shape::{
    Ball, Capsule, Cone, ConvexHull, Cuboid, Cylinder, Ellipsoid, Point, Segment, Shape,
};
use gjk::{Pose, Support, Vector};
use nalgebra::{UnitQuaternion, Vector3};

/// Random poses in the dimension `D`.
pub trait Space<const D: usize> {
    /// A random rotation and a translation with coordinates in `[-spread, spread]`.
    fn random_pose(rng: &mut Rng, spread: f64) -> Pose<D>;
}

/// The dimensions (2 and 3) random poses are drawn in.
pub struct Dims;

impl Space<2> for Dims {
    fn random_pose(rng: &mut Rng, spread: f64) -> Pose<2> {
        Pose::new_2d(
            rng.range(-spread, spread),
            rng.range(-spread, spread),
            rng.range(-4.0, 4.0),
        )
        .unwrap()
    }
}

impl Space<3> for Dims {
    fn random_pose(rng: &mut Rng, spread: f64) -> Pose<3> {
        let axis = Vector3::from_fn(|_, _| rng.range(-1.0, 1.0)) * 3.0;
        let t = Vector3::from_fn(|_, _| rng.range(-spread, spread));
        Pose::new_3d(t, UnitQuaternion::from_scaled_axis(axis)).unwrap()
    }
}

/// A vector with coordinates uniform in `[-size, size]`.
pub fn random_vector<const D: usize>(rng: &mut Rng, size: f64) -> Vector<D> {
    Vector::<D>::from_fn(|_, _| rng.range(-size, size))
}

/// A random shape of any kind (rounded ones included), of roughly the given size.
pub fn random_shape<const D: usize>(rng: &mut Rng, size: f64) -> Shape<D> {
    let len = |rng: &mut Rng| rng.range(0.0, size);
    match rng.below(10) {
        0 => Shape::Point(Point::new(random_vector(rng, size)).unwrap()),
        1 => Shape::Segment(
            Segment::new(random_vector(rng, size), random_vector(rng, size)).unwrap(),
        ),
        2 => {
            let n = 1 + rng.below(20);
            Shape::ConvexHull(
                ConvexHull::new((0..n).map(|_| random_vector(rng, size)).collect()).unwrap(),
            )
        }
        3 => Shape::Ball(Ball::new(len(rng)).unwrap()),
        4 => Shape::Ellipsoid(Ellipsoid::new(Vector::<D>::from_fn(|_, _| len(rng))).unwrap()),
        5 => Shape::Cuboid(Cuboid::new(Vector::<D>::from_fn(|_, _| len(rng))).unwrap()),
        6 => Shape::Capsule(Capsule::along_axis(rng.below(D), len(rng), len(rng)).unwrap()),
        7 => Shape::Cylinder(Cylinder::new(len(rng), len(rng)).unwrap()),
        8 => Shape::Cone(Cone::new(len(rng), len(rng)).unwrap()),
        // Any of the kinds above grown by a radius.
        _ => random_shape::<D>(rng, size).rounded(len(rng)).unwrap(),
    }
}

/// `max_{p in shape placed by pose} n . p`.
pub fn world_support<const D: usize>(shape: &Shape<D>, pose: &Pose<D>, n: &Vector<D>) -> f64 {
    let local = pose.rotation().transpose() * n;
    pose.transform_point(&shape.support(&local)).dot(n)
}

/// Two random shapes of one random size (1e-6 to 1e6) and their random poses, B's spread
/// 1.5 times wider: half the pairs or so overlap.
pub struct RandomPair<const D: usize> {
    pub size: f64,
    pub a: Shape<D>,
    pub b: Shape<D>,
    pub pose_a: Pose<D>,
    pub pose_b: Pose<D>,
}

impl<const D: usize> RandomPair<D>
where
    Dims: Space<D>,
{
    /// The next random pair.
    pub fn new(rng: &mut Rng) -> Self {
        let size = 10f64.powf(rng.range(-6.0, 6.0));
        let (a, b) = (random_shape::<D>(rng, size), random_shape::<D>(rng, size));
        let pose_a = <Dims as Space<D>>::random_pose(rng, size);
        let pose_b = <Dims as Space<D>>::random_pose(rng, 1.5 * size);
        Self {
            size,
            a,
            b,
            pose_a,
            pose_b,
        }
    }
}

/// Runs `check` on `count` random pairs drawn from `seed`, with the generator (for what else a
/// case draws) and the case's name for messages, "2D case 7 (size 1e-3)".
pub fn for_random_pairs<const D: usize>(
    seed: u64,
    count: usize,
    mut check: impl FnMut(&mut Rng, &str, RandomPair<D>),
) where
    Dims: Space<D>,
{
    let mut rng = Rng::new(seed);
    for case in 0..count {
        let pair = RandomPair::<D>::new(&mut rng);
        let what = format!("{D}D case {case} (size {:e})", pair.size);
        check(&mut rng, &what, pair);
    }
}
