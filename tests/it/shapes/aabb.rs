//! Bounding boxes of placed shapes: every kind of shape in 2D and 3D under 10,000 random poses
//! each, against the support functions along the world axes (and, for hulls, against their
//! points themselves), containing 10,000 random points of each kind; and through the C ABI.

use crate::common::random::{random_shape, random_vector, world_support, Dims, Space};
use crate::common::Rng;
use gjk::ffi::{gjk_shape_aabb, GjkShape, GJK_NULL_POINTER, GJK_OK};
use gjk::shape::Shape;
use gjk::{aabb, Pose, Support, Vector};
use std::collections::HashMap;
use std::mem::{discriminant, Discriminant};

const POSES_PER_KIND: usize = 10_000;

/// A random point of `shape` placed by `pose`: a convex combination of its support points in
/// four random directions.
fn point_in<const D: usize>(rng: &mut Rng, shape: &Shape<D>, pose: &Pose<D>) -> Vector<D> {
    let mut weights: Vec<f64> = (0..4).map(|_| rng.unit()).collect();
    let total: f64 = weights.iter().sum::<f64>().max(1e-300);
    weights.iter_mut().for_each(|w| *w /= total);
    weights
        .iter()
        .map(|w| {
            let d = random_vector::<D>(rng, 1.0);
            pose.transform_point(&shape.support(&(pose.rotation().transpose() * d))) * *w
        })
        .sum()
}

fn check_kinds<const D: usize>()
where
    Dims: Space<D>,
{
    let mut rng = Rng::new(0xaabb + D as u64);
    let mut poses: HashMap<Discriminant<Shape<D>>, usize> = HashMap::new();
    let kinds = 10;
    while poses.len() < kinds || poses.values().any(|&n| n < POSES_PER_KIND) {
        let size = 10f64.powf(rng.range(-3.0, 3.0));
        let shape = random_shape::<D>(&mut rng, size);
        let count = poses.entry(discriminant(&shape)).or_insert(0);
        if *count >= POSES_PER_KIND {
            continue;
        }
        *count += 1;
        let pose = Dims::random_pose(&mut rng, 10.0 * size);
        let b = aabb(&shape, &pose);
        let scale = 1e-12 * (pose.translation().amax() + shape.extent() + shape.center().amax());
        for i in 0..D {
            let axis = Vector::<D>::from_fn(|k, _| if k == i { 1.0 } else { 0.0 });
            let (hi, lo) = (
                world_support(&shape, &pose, &axis),
                -world_support(&shape, &pose, &-axis),
            );
            assert!(
                (b.max[i] - hi).abs() <= scale,
                "{shape:?} {pose:?}: max {} vs {hi}",
                b.max[i]
            );
            assert!(
                (b.min[i] - lo).abs() <= scale,
                "{shape:?} {pose:?}: min {} vs {lo}",
                b.min[i]
            );
        }
        if let Shape::ConvexHull(hull) = &shape {
            for k in 0..hull.len() {
                let p = pose.transform_point(&hull.point(k));
                for i in 0..D {
                    assert!(
                        b.min[i] - scale <= p[i] && p[i] <= b.max[i] + scale,
                        "{p:?} {b:?}"
                    );
                }
            }
        }
        let p = point_in(&mut rng, &shape, &pose);
        let inflated = gjk::Aabb {
            min: b.min.add_scalar(-scale),
            max: b.max.add_scalar(scale),
        };
        assert!(
            inflated.contains(&p),
            "{p:?} outside {b:?} of {shape:?} at {pose:?}"
        );
    }
    assert_eq!(poses.len(), kinds);
}

tests! {
    every_kind_in_2d_is_bounded_by_its_axis_extremes => check_kinds::<2>();
    every_kind_in_3d_is_bounded_by_its_axis_extremes => check_kinds::<3>();
}

/// Through the C ABI: a box turned about z, a 2D disc (z = 0), and the NULL arguments.
#[test]
fn the_c_abi_writes_the_box_and_names_null_arguments() {
    let mut cube: *mut GjkShape = std::ptr::null_mut();
    let mut disc: *mut GjkShape = std::ptr::null_mut();
    unsafe {
        assert_eq!(gjk::ffi::gjk_box_new(1.0, 2.0, 3.0, &mut cube), GJK_OK);
        assert_eq!(gjk::ffi::gjk_circle_new(0.5, &mut disc), GJK_OK);
        // A quarter turn about z: the x and y extents swap.
        let half = std::f64::consts::FRAC_1_SQRT_2;
        let pose =
            gjk::ffi::gjk_pose_3d([10.0, 0.0, 0.0].as_ptr(), [0.0, 0.0, half, half].as_ptr());
        let (mut lo, mut hi) = ([0.0; 3], [0.0; 3]);
        assert_eq!(
            gjk_shape_aabb(cube, &pose, lo.as_mut_ptr(), hi.as_mut_ptr()),
            GJK_OK
        );
        for (x, y) in lo.iter().zip([8.0, -1.0, -3.0]) {
            assert!((x - y).abs() < 1e-12, "{lo:?}");
        }
        for (x, y) in hi.iter().zip([12.0, 1.0, 3.0]) {
            assert!((x - y).abs() < 1e-12, "{hi:?}");
        }
        let at = gjk::ffi::gjk_pose_2d(1.0, 2.0, 0.7);
        assert_eq!(
            gjk_shape_aabb(disc, &at, lo.as_mut_ptr(), hi.as_mut_ptr()),
            GJK_OK
        );
        for (x, y) in lo.iter().chain(&hi).zip([0.5, 1.5, 0.0, 1.5, 2.5, 0.0]) {
            assert!((x - y).abs() < 1e-15, "{lo:?} {hi:?}");
        }
        assert!(lo[2] == 0.0 && hi[2] == 0.0);
        let null = std::ptr::null_mut();
        let (lo, hi) = (lo.as_mut_ptr(), hi.as_mut_ptr());
        let calls: [(&str, &dyn Fn() -> i32); 3] = [
            ("shape", &|| gjk_shape_aabb(std::ptr::null(), &at, lo, hi)),
            ("min", &|| gjk_shape_aabb(disc, &at, null, hi)),
            ("max", &|| gjk_shape_aabb(disc, &at, lo, null)),
        ];
        for (name, call) in calls {
            assert_eq!(call(), GJK_NULL_POINTER);
            let message = std::ffi::CStr::from_ptr(gjk::ffi::gjk_last_error_message());
            assert!(message.to_str().unwrap().contains(name), "{message:?}");
        }
        gjk::ffi::gjk_shape_free(cube);
        gjk::ffi::gjk_shape_free(disc);
    }
}
