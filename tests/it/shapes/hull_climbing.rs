//! Large hulls find support points by climbing their edge graph (`ConvexHull::climbs`); the
//! oracle is the same hull scanning every point (`ConvexHull::without_graph`) and the maximum
//! of `dir . p` over the input points. Clouds: on spheres and flat ellipsoids, in boxes, on
//! integer grids (coplanar faces, collinear edges), far from the origin, and in clusters of
//! nearly coincident points; in 2D and 3D.

use gjk::shape::ConvexHull;
use gjk::{distance, intersect, penetration, Pose, Support, Vector};

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }

    fn vector<const D: usize>(&mut self) -> Vector<D> {
        Vector::<D>::from_fn(|_, _| self.unit())
    }
}

fn cloud<const D: usize>(rng: &mut Rng, kind: usize, n: usize) -> Vec<Vector<D>> {
    let axes = Vector::<D>::from_fn(|i, _| [3.0, 1.0, 0.01][i]);
    (0..n)
        .map(|i| {
            let v = rng.vector::<D>();
            match kind {
                0 => v.normalize(),
                1 => v.normalize().component_mul(&axes),
                2 => v,
                3 => v.map(|x| (x * 4.0).round()),
                4 => v.normalize().map(|x| x + 1e6),
                // Clusters 1e-15 wide around a few dozen centres: gains below the rounding of
                // the values.
                _ => {
                    let mut centre = Rng(1 + (i % 40) as u64);
                    centre.vector::<D>().normalize() + v * 1e-15
                }
            }
        })
        .collect()
}

fn max_along<const D: usize>(points: &[Vector<D>], dir: &Vector<D>) -> f64 {
    points.iter().map(|p| p.dot(dir)).fold(f64::MIN, f64::max)
}

fn climbing_matches_scanning<const D: usize>() {
    let mut rng = Rng(7);
    for kind in 0..6 {
        for n in [512, 600, 2000] {
            let points = cloud::<D>(&mut rng, kind, n);
            let hull = ConvexHull::new(points.clone()).unwrap();
            assert!(hull.climbs(), "{D}D kind {kind} n {n} does not climb");
            let scan = hull.clone().without_graph();
            assert!(!scan.climbs());
            for _ in 0..500 {
                let dir = rng.vector::<D>();
                let best = max_along(&points, &dir);
                let got = hull.support(&dir).dot(&dir);
                // The hull is built on a grid of 2^-50 of the cloud's box (within 2 * |p| of
                // each other), and values are rounded to the points' magnitude.
                let magnitude = points.iter().map(|p| p.norm()).fold(0.0, f64::max);
                let slack = (4.0 * 2f64.powi(-50) * 2.0 * magnitude
                    + 8.0 * f64::EPSILON * magnitude)
                    * dir.norm();
                assert!(
                    got >= best - slack,
                    "{D}D kind {kind} n {n}: support {got} < {best} along {dir:?}"
                );
            }
            // Whole queries against a copy moved around: the same answers within rounding.
            let other = ConvexHull::new(cloud::<D>(&mut rng, 0, 64)).unwrap();
            for _ in 0..20 {
                let at = rng.vector::<D>() * 4.0 + points[0];
                let pose = Pose::from_translation(at).unwrap();
                let id = Pose::identity();
                let (c, s) = (
                    distance(&hull, &id, &other, &pose).unwrap(),
                    distance(&scan, &id, &other, &pose).unwrap(),
                );
                let size = 1.0 + at.norm();
                assert!(
                    (c.distance - s.distance).abs() <= 1e-12 * size,
                    "{c:?} vs {s:?}"
                );
                assert_eq!(c.intersecting, s.intersecting);
                if c.distance > 1e-9 * size {
                    assert_eq!(intersect(&hull, &id, &other, &pose), Ok(false));
                }
                if let (Ok(pc), Ok(ps)) = (
                    penetration(&hull, &id, &other, &pose),
                    penetration(&scan, &id, &other, &pose),
                ) {
                    assert!(
                        (pc.signed_distance - ps.signed_distance).abs() <= 1e-9 * size,
                        "{pc:?} vs {ps:?}"
                    );
                }
            }
        }
    }
}

tests! {
    climbing_matches_scanning_2d => climbing_matches_scanning::<2>();
    climbing_matches_scanning_3d => climbing_matches_scanning::<3>();
}

/// Below the threshold, and for flat 3D clouds, the hull scans.
#[test]
fn small_and_flat_hulls_scan() {
    let mut rng = Rng(3);
    let small = ConvexHull::new(cloud::<3>(&mut rng, 0, 100)).unwrap();
    assert!(!small.climbs());
    let flat: Vec<Vector<3>> = cloud::<2>(&mut rng, 0, 600)
        .iter()
        .map(|p| Vector::<3>::new(p[0], p[1], 5.0))
        .collect();
    assert!(!ConvexHull::new(flat).unwrap().climbs());
}

/// `ConvexHull::new_scanning` never builds the graph, and its support point is the first of
/// the input points with the largest `dir . p` (found here by brute force), at any size.
fn scanning_hulls_scan<const D: usize>() {
    let mut rng = Rng(11);
    for kind in [0, 3, 5] {
        let points = cloud::<D>(&mut rng, kind, 1500);
        let hull = ConvexHull::new_scanning(points.clone()).unwrap();
        assert!(!hull.climbs(), "{D}D kind {kind}");
        for _ in 0..200 {
            let dir = rng.vector::<D>();
            let best = max_along(&points, &dir);
            let first = points.iter().position(|p| p.dot(&dir) == best).unwrap();
            assert_eq!(
                hull.support(&dir),
                points[first],
                "{D}D kind {kind} {dir:?}"
            );
        }
    }
}

tests! {
    scanning_hulls_scan_2d => scanning_hulls_scan::<2>();
    scanning_hulls_scan_3d => scanning_hulls_scan::<3>();
}
