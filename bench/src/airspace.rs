//! The airspace-like scene of the batch benchmarks: circles, convex polygons and racetracks of
//! 3 to 30 km at a constant density of 300 per 1000 km x 1000 km, described plainly so that
//! the Rust API (`Shape<2>`) and the C ABI (`GjkShape` handles) get the very same shapes.

use gjk::shape::{Ball, Capsule, ConvexHull, Shape};
use gjk::{Pose, Vector};

/// A seeded xorshift64* generator.
pub struct Random(pub u64);

impl Random {
    pub fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}

/// The kind and size of one shape of the scene.
#[derive(Clone, Debug)]
pub enum Outline {
    /// A circle of this radius.
    Circle(f64),
    /// A convex polygon through these points (counter-clockwise).
    Polygon(Vec<[f64; 2]>),
    /// A racetrack (stadium) along x: half the length of its core segment, and its radius.
    Racetrack(f64, f64),
}

/// One shape of the scene, placed at `(x, y)` turned by `angle`.
#[derive(Clone, Debug)]
pub struct Body {
    pub outline: Outline,
    pub x: f64,
    pub y: f64,
    pub angle: f64,
}

impl Body {
    /// The shape for the Rust API.
    pub fn shape(&self) -> Shape<2> {
        match &self.outline {
            Outline::Circle(r) => Shape::Ball(Ball::new(*r).expect("valid radius")),
            Outline::Polygon(points) => Shape::ConvexHull(
                ConvexHull::new(
                    points
                        .iter()
                        .map(|p| Vector::<2>::new(p[0], p[1]))
                        .collect(),
                )
                .expect("valid polygon"),
            ),
            Outline::Racetrack(half, r) => {
                Shape::Capsule(Capsule::along_axis(0, *half, *r).expect("valid racetrack"))
            }
        }
    }

    pub fn pose(&self) -> Pose<2> {
        Pose::new_2d(self.x, self.y, self.angle).expect("finite pose")
    }
}

/// `n` shapes placed uniformly over a square sized for 300 shapes per 1000 km x 1000 km.
pub fn scene(n: usize, seed: u64) -> Vec<Body> {
    let side = 1000.0 * (n as f64 / 300.0).sqrt();
    let mut rng = Random(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    (0..n)
        .map(|_| {
            let (x, y) = (rng.range(0.0, side), rng.range(0.0, side));
            let angle = rng.range(0.0, std::f64::consts::TAU);
            let kind = rng.unit();
            let outline = if kind < 0.4 {
                Outline::Circle(rng.range(3.0, 15.0))
            } else if kind < 0.7 {
                let radius = rng.range(8.0, 30.0);
                Outline::Polygon(
                    (0..6)
                        .map(|c| {
                            let a = std::f64::consts::TAU * (c as f64 + rng.range(-0.3, 0.3)) / 6.0;
                            let r = radius * rng.range(0.6, 1.0);
                            [a.cos() * r, a.sin() * r]
                        })
                        .collect(),
                )
            } else {
                let half = 0.5 * rng.range(10.0, 30.0);
                Outline::Racetrack(half, rng.range(2.0, 5.0))
            };
            Body {
                outline,
                x,
                y,
                angle,
            }
        })
        .collect()
}
