//! The benchmark's inputs: the reference workloads of `tests/data` (exact answers) and seeded
//! generated ones (answers known only by construction: verdicts and a lower bound on the
//! distance).
//!
//! Everything here is plain `f64` data, so that each library builds its own shapes from it.

use std::path::PathBuf;

/// The shape B of a pair. A is always the convex hull of a point cloud in the world frame.
#[derive(Clone, Debug)]
pub enum Body {
    /// Convex hull of a point cloud, coordinates interleaved, in the world frame.
    Hull(Vec<f64>),
    /// Ball of this radius centred at the pose's position.
    Ball(f64),
    /// Ellipsoid with these semi-axes along its local x, y, z.
    Ellipsoid([f64; 3]),
    /// Capsule: segment from `-half_length` to `+half_length` along local z, grown by `radius`.
    Capsule { half_length: f64, radius: f64 },
}

/// A rigid placement: position and unit quaternion `[x, y, z, w]`.
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    pub position: [f64; 3],
    pub rotation: [f64; 4],
}

impl Placement {
    pub const IDENTITY: Placement = Placement {
        position: [0.0; 3],
        rotation: [0.0, 0.0, 0.0, 1.0],
    };
}

/// What is known about the answer of a pair.
#[derive(Clone, Copy, Debug)]
pub struct Truth {
    /// Whether the shapes intersect (touching counts).
    pub intersect: bool,
    /// The exact distance rounded to `f64`, when known.
    pub dist: Option<f64>,
    /// A lower bound on the distance (the designed gap of generated separated pairs).
    pub dist_lower_bound: f64,
    /// The exact penetration depth (6 significant digits in the truth files), when known.
    pub depth: Option<f64>,
    /// A wrong verdict on this pair is excused (near-touching, tests/data/README.md).
    pub verdict_excused: bool,
    /// The larger bounding-box diagonal of A and B: the scale of rounding errors.
    pub size: f64,
}

/// One pair of shapes: A the hull of `a` (world frame, identity pose), B placed by `b_pose`.
#[derive(Clone, Debug)]
pub struct Case {
    pub a: Vec<f64>,
    pub b: Body,
    pub b_pose: Placement,
    pub truth: Truth,
}

/// A named set of pairs of one dimension.
pub struct Workload {
    pub name: String,
    pub dim: usize,
    /// Whether the truth gives exact distances (the reference workloads).
    pub exact: bool,
    pub cases: Vec<Case>,
}

impl Workload {
    /// Indices of the pairs that intersect, the ones the penetration query is timed on.
    pub fn overlapping(&self) -> Vec<usize> {
        (0..self.cases.len())
            .filter(|&i| self.cases[i].truth.intersect)
            .collect()
    }

    /// The point clouds of A and B of every pair, coordinates interleaved; panics unless every
    /// B is a hull.
    pub fn hull_pairs(&self) -> impl Iterator<Item = (&[f64], &[f64])> {
        self.cases.iter().map(|c| match &c.b {
            Body::Hull(b) => (c.a.as_slice(), b.as_slice()),
            _ => panic!("{}: not a hull pair", self.name),
        })
    }
}

/// Reads `tests/data/<name>.bin` and `<name>.truth` (format in tests/data/README.md).
pub fn load_reference(name: &str) -> Workload {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data");
    let bin = std::fs::read(dir.join(format!("{name}.bin")))
        .unwrap_or_else(|e| panic!("{name}.bin: {e}"));
    let truth = std::fs::read_to_string(dir.join(format!("{name}.truth")))
        .unwrap_or_else(|e| panic!("{name}.truth: {e}"));
    assert_eq!(&bin[0..4], b"GJKW", "{name}: bad magic");
    let u32_at = |o: usize| u32::from_le_bytes(bin[o..o + 4].try_into().unwrap()) as usize;
    let f64_at = |o: usize| f64::from_le_bytes(bin[o..o + 8].try_into().unwrap());
    assert_eq!(u32_at(4), 1, "{name}: unknown version");
    let dim = u32_at(8);
    let npairs = u32_at(12);
    let mut lines = truth.lines().filter(|l| !l.starts_with('#'));
    // Header of a pair: nA, nB, category, reserved (u32 each) and design (f64).
    let mut offset = 16;
    let mut cases = Vec::with_capacity(npairs);
    for _ in 0..npairs {
        let (na, nb) = (u32_at(offset), u32_at(offset + 4));
        offset += 24;
        let mut read = |n: usize| {
            let v: Vec<f64> = (0..n * dim).map(|k| f64_at(offset + 8 * k)).collect();
            offset += 8 * n * dim;
            v
        };
        let a = read(na);
        let b = read(nb);
        // dist intersect dist2 size pd pd_kind category certified
        let line = lines.next().expect("a truth line per pair");
        let f: Vec<&str> = line.split_whitespace().collect();
        let dist: f64 = f[0].parse().unwrap();
        let intersect = f[1] == "1";
        let size: f64 = f[3].parse().unwrap();
        let pd: Option<f64> = (f[5] != "n").then(|| f[4].parse().unwrap());
        let verdict_excused = if intersect {
            pd.is_none_or(|pd| pd < 1e-9 * size)
        } else {
            dist < 1e-9 * size
        };
        cases.push(Case {
            a,
            b: Body::Hull(b),
            b_pose: Placement::IDENTITY,
            truth: Truth {
                intersect,
                dist: Some(dist),
                dist_lower_bound: dist,
                depth: if f[5] == "e" { pd } else { None },
                verdict_excused,
                size,
            },
        });
    }
    assert_eq!(offset, bin.len(), "{name}: trailing bytes");
    Workload {
        name: name.to_string(),
        dim,
        exact: true,
        cases,
    }
}

/// A small seeded generator (SplitMix64), so that every run times the same pairs.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// A point with coordinates uniform in [-size, size).
    pub fn vector(&mut self, size: f64) -> [f64; 3] {
        [0; 3].map(|_| self.range(-size, size))
    }

    /// Log-uniform in [lo, hi).
    fn log_range(&mut self, lo: f64, hi: f64) -> f64 {
        (lo.ln() + (hi.ln() - lo.ln()) * self.unit()).exp()
    }

    /// Uniform on the unit sphere (normalised Gaussian vector, Box–Muller).
    fn direction(&mut self) -> [f64; 3] {
        loop {
            let mut v = [0.0; 3];
            for x in &mut v {
                let (u1, u2) = (1.0 - self.unit(), self.unit());
                *x = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
            }
            let n = norm(v);
            if n > 1e-6 {
                return v.map(|x| x / n);
            }
        }
    }

    /// Uniform random rotation as a unit quaternion `[x, y, z, w]` (Shoemake's method).
    fn rotation(&mut self) -> [f64; 4] {
        let (u1, u2, u3) = (self.unit(), self.unit(), self.unit());
        let (s1, s2) = ((1.0 - u1).sqrt(), u1.sqrt());
        let (a, b) = (std::f64::consts::TAU * u2, std::f64::consts::TAU * u3);
        [s1 * a.sin(), s1 * a.cos(), s2 * b.sin(), s2 * b.cos()]
    }
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn norm(a: [f64; 3]) -> f64 {
    dot(a, a).sqrt()
}

/// The rotation matrix of a unit quaternion `[x, y, z, w]`, as rows.
fn matrix(q: [f64; 4]) -> [[f64; 3]; 3] {
    let [x, y, z, w] = q;
    [
        [
            1.0 - 2.0 * (y * y + z * z),
            2.0 * (x * y - z * w),
            2.0 * (x * z + y * w),
        ],
        [
            2.0 * (x * y + z * w),
            1.0 - 2.0 * (x * x + z * z),
            2.0 * (y * z - x * w),
        ],
        [
            2.0 * (x * z - y * w),
            2.0 * (y * z + x * w),
            1.0 - 2.0 * (x * x + y * y),
        ],
    ]
}

fn rotate(m: &[[f64; 3]; 3], v: [f64; 3]) -> [f64; 3] {
    [dot(m[0], v), dot(m[1], v), dot(m[2], v)]
}

/// `m^T v`: a world direction in the rotated frame.
fn rotate_back(m: &[[f64; 3]; 3], v: [f64; 3]) -> [f64; 3] {
    [0, 1, 2].map(|j| m[0][j] * v[0] + m[1][j] * v[1] + m[2][j] * v[2])
}

/// `n` points on a random ellipsoid centred at the origin (semi-axes in [0.5, 2), random
/// rotation): the image of uniform points on the unit sphere. Returns the interleaved points
/// and the smallest semi-axis.
fn ellipsoid_cloud(rng: &mut Rng, n: usize) -> (Vec<f64>, f64) {
    let axes = [0; 3].map(|_| rng.range(0.5, 2.0));
    let m = matrix(rng.rotation());
    let mut points = Vec::with_capacity(3 * n);
    for _ in 0..n {
        let s = rng.direction();
        points.extend(rotate(&m, [0, 1, 2].map(|k| axes[k] * s[k])));
    }
    (points, axes.iter().copied().fold(f64::INFINITY, f64::min))
}

/// Largest `d . p` over the interleaved 3D points: the support function of their hull.
fn cloud_support(points: &[f64], d: [f64; 3]) -> f64 {
    points
        .chunks_exact(3)
        .map(|p| dot([p[0], p[1], p[2]], d))
        .fold(f64::NEG_INFINITY, f64::max)
}

/// The support point of the hull of the interleaved 3D points in direction `d`.
fn cloud_support_point(points: &[f64], d: [f64; 3]) -> [f64; 3] {
    let mut best = [points[0], points[1], points[2]];
    for p in points.chunks_exact(3) {
        let p = [p[0], p[1], p[2]];
        if dot(p, d) > dot(best, d) {
            best = p;
        }
    }
    best
}

/// `pairs` pairs of hulls of `n` points on random ellipsoids; even pairs separated by a plane
/// with a gap log-uniform in [1e-3, 10), odd pairs overlapping.
///
/// Overlap is certain: B's centre is closer to A's than `0.9 (a_min + b_min)`, the sum of the
/// radii of the balls inside 0.9 times each ellipsoid, and the hull of 1024 uniform points
/// contains 0.9 times its ellipsoid unless a cap of 5% of the sphere's area is empty
/// (probability below 1e-20). The distance of separated pairs is only bounded below by the gap.
pub fn generate_hulls(name: &str, seed: u64, n: usize, pairs: usize) -> Workload {
    assert!(n >= 1024, "overlap is certain only for dense clouds");
    let mut rng = Rng::new(seed);
    let mut cases = Vec::with_capacity(pairs);
    for index in 0..pairs {
        let (a, a_min) = ellipsoid_cloud(&mut rng, n);
        let (mut b, b_min) = ellipsoid_cloud(&mut rng, n);
        let u = rng.direction();
        let separated = index % 2 == 0;
        let (offset, gap) = if separated {
            let gap = rng.log_range(1e-3, 10.0);
            let minus_u = u.map(|x| -x);
            (cloud_support(&a, u) + cloud_support(&b, minus_u) + gap, gap)
        } else {
            (0.9 * (a_min + b_min) * rng.range(0.02, 1.0), 0.0)
        };
        for p in b.chunks_exact_mut(3) {
            for k in 0..3 {
                p[k] += offset * u[k];
            }
        }
        let size = diagonal(&a).max(diagonal(&b));
        cases.push(Case {
            a,
            b: Body::Hull(b),
            b_pose: Placement::IDENTITY,
            truth: designed_truth(separated, gap, size),
        });
    }
    Workload {
        name: name.to_string(),
        dim: 3,
        exact: false,
        cases,
    }
}

/// The bounding-box diagonal of interleaved 3D points.
fn diagonal(points: &[f64]) -> f64 {
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for p in points.chunks_exact(3) {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    norm([0, 1, 2].map(|k| hi[k] - lo[k]))
}

fn designed_truth(separated: bool, gap: f64, size: f64) -> Truth {
    Truth {
        intersect: !separated,
        dist: (!separated).then_some(0.0),
        dist_lower_bound: gap,
        depth: None,
        verdict_excused: false,
        size,
    }
}

/// The curved shape kinds of [`generate_curved`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Curved {
    Ball,
    Ellipsoid,
    Capsule,
}

/// `pairs` pairs of a polytope (hull of `n` points on a random ellipsoid, world frame) and a
/// curved shape in a random pose; even pairs separated by a plane with a gap log-uniform in
/// [1e-3, 10), odd pairs overlapping.
///
/// Overlap is certain: the curved shape is placed so that it contains a vertex of the polytope
/// (the vertex is at a fraction in [0, 0.95) of the way from its centre, or from a point of
/// its axis, to its surface).
pub fn generate_curved(name: &str, seed: u64, kind: Curved, n: usize, pairs: usize) -> Workload {
    let mut rng = Rng::new(seed);
    let mut cases = Vec::with_capacity(pairs);
    for index in 0..pairs {
        let (a, _) = ellipsoid_cloud(&mut rng, n);
        let rotation = rng.rotation();
        let m = matrix(rotation);
        let body = match kind {
            Curved::Ball => Body::Ball(rng.range(0.25, 2.0)),
            Curved::Ellipsoid => Body::Ellipsoid([0; 3].map(|_| rng.range(0.25, 2.0))),
            Curved::Capsule => Body::Capsule {
                half_length: rng.range(0.25, 2.0),
                radius: rng.range(0.25, 1.0),
            },
        };
        // Support function of the curved shape centred at the origin, in world direction d.
        let support = |d: [f64; 3]| match &body {
            Body::Ball(r) => r * norm(d),
            Body::Ellipsoid(h) => {
                let l = rotate_back(&m, d);
                norm([0, 1, 2].map(|k| h[k] * l[k]))
            }
            Body::Capsule {
                half_length,
                radius,
            } => half_length * rotate_back(&m, d)[2].abs() + radius * norm(d),
            Body::Hull(_) => unreachable!(),
        };
        let u = rng.direction();
        let separated = index % 2 == 0;
        let (position, gap) = if separated {
            let gap = rng.log_range(1e-3, 10.0);
            let t = cloud_support(&a, u) + support(u.map(|x| -x)) + gap;
            (u.map(|x| t * x), gap)
        } else {
            // A point of the curved shape relative to its centre, strictly inside it.
            let w = rng.direction();
            let f = rng.range(0.0, 0.95);
            let local = match &body {
                Body::Ball(r) => w.map(|x| f * r * x),
                Body::Ellipsoid(h) => rotate(&m, [0, 1, 2].map(|k| f * h[k] * w[k])),
                Body::Capsule {
                    half_length,
                    radius,
                } => {
                    let s = rng.range(-1.0, 1.0) * half_length;
                    let axis = rotate(&m, [0.0, 0.0, s]);
                    [0, 1, 2].map(|k| axis[k] + f * radius * w[k])
                }
                Body::Hull(_) => unreachable!(),
            };
            let vertex = cloud_support_point(&a, u);
            ([0, 1, 2].map(|k| vertex[k] - local[k]), 0.0)
        };
        // An upper bound on the diagonal of the curved shape's bounding box.
        let extent = match &body {
            Body::Ball(r) => 2.0 * r * 3f64.sqrt(),
            Body::Ellipsoid(h) => 2.0 * norm(*h),
            Body::Capsule {
                half_length,
                radius,
            } => 2.0 * (half_length + radius) * 3f64.sqrt(),
            Body::Hull(_) => unreachable!(),
        };
        let size = diagonal(&a).max(extent);
        cases.push(Case {
            a,
            b: body,
            b_pose: Placement { position, rotation },
            truth: designed_truth(separated, gap, size),
        });
    }
    Workload {
        name: name.to_string(),
        dim: 3,
        exact: false,
        cases,
    }
}
