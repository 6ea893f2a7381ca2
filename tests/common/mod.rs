//! Helpers shared by the integration tests (tests/it and tests/tools): a seeded random
//! generator, the reader of the reference workloads in `tests/data`, and brute-force oracles;
//! random shapes and poses ([`random`]), the C ABI's helpers ([`ffi`]), the building and
//! running of C programs and other tools ([`native`]).
#![allow(dead_code)]

/// Tests that each make one call, one a line: `name => call;` (doc comments above a name are
/// its own), `#[test] fn name() { call; }` each. For the checks written once, generic over the
/// dimension or taking a seed, and run as a test per dimension or per seed.
#[allow(unused_macros)]
macro_rules! tests {
    ($($(#[$attr:meta])* $name:ident => $call:expr;)+) => {
        $(
            $(#[$attr])*
            #[test]
            fn $name() {
                $call;
            }
        )+
    };
}

pub mod ffi;
pub mod native;
pub mod random;

use std::path::PathBuf;

/// A small seeded generator (xorshift64*), so that every run tests the same cases.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    /// Uniform integer in [0, n).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// One pair of a reference workload with its exact answer.
pub struct Case {
    pub index: usize,
    pub a: Vec<f64>,
    pub b: Vec<f64>,
    pub dist: f64,
    pub intersect: bool,
    pub size: f64,
    /// Penetration depth when known exactly or as an upper bound.
    pub pd: Option<f64>,
    /// Whether `pd` is exact (else an upper bound).
    pub pd_exact: bool,
    pub category: String,
}

/// A reference workload: dimension and cases.
pub struct Workload {
    pub name: String,
    pub dim: usize,
    pub cases: Vec<Case>,
}

pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// Reads `tests/data/<name>.bin` and `.truth` (format in tests/data/README.md).
pub fn load_workload(name: &str) -> Workload {
    let bin = std::fs::read(data_dir().join(format!("{name}.bin"))).expect("workload binary");
    let truth =
        std::fs::read_to_string(data_dir().join(format!("{name}.truth"))).expect("workload truth");
    assert_eq!(&bin[0..4], b"GJKW", "{name}: bad magic");
    let u32_at = |o: usize| u32::from_le_bytes(bin[o..o + 4].try_into().unwrap()) as usize;
    let f64_at = |o: usize| f64::from_le_bytes(bin[o..o + 8].try_into().unwrap());
    assert_eq!(u32_at(4), 1, "{name}: version");
    let dim = u32_at(8);
    let npairs = u32_at(12);
    let mut lines = truth.lines().filter(|l| !l.starts_with('#'));
    let mut offset = 16;
    let mut cases = Vec::with_capacity(npairs);
    for index in 0..npairs {
        let (na, nb) = (u32_at(offset), u32_at(offset + 4));
        offset += 24;
        let mut read = |n: usize| {
            let v: Vec<f64> = (0..n * dim).map(|k| f64_at(offset + 8 * k)).collect();
            offset += 8 * n * dim;
            v
        };
        let a = read(na);
        let b = read(nb);
        let line = lines.next().expect("a truth line per pair");
        let f: Vec<&str> = line.split_whitespace().collect();
        let pd = match f[5] {
            "n" => None,
            _ => Some(f[4].parse().unwrap()),
        };
        cases.push(Case {
            index,
            a,
            b,
            dist: f[0].parse().unwrap(),
            intersect: f[1] == "1",
            size: f[3].parse().unwrap(),
            pd,
            pd_exact: f[5] == "e",
            category: f[6].to_string(),
        });
    }
    assert_eq!(offset, bin.len(), "{name}: trailing bytes");
    Workload {
        name: name.to_string(),
        dim,
        cases,
    }
}

/// Every reference workload shipped in tests/data.
pub const WORKLOADS: [&str; 8] = [
    "W2D-4", "W2D-16", "W2D-64", "W3D-8", "W3D-32", "W3D-128", "WDEG-2D", "WDEG-3D",
];

/// Whether a wrong verdict on this case is excused (README: near-touching pairs).
pub fn verdict_excused(c: &Case) -> bool {
    if c.intersect {
        c.pd.is_none_or(|pd| pd < 1e-9 * c.size)
    } else {
        c.dist < 1e-9 * c.size
    }
}

/// The distance error allowed on this case: `1e-9 * dist + 1e-12 * size` plus a few units in the
/// last place of the largest input coordinate.
pub fn distance_allowance(c: &Case) -> f64 {
    let largest = c.a.iter().chain(&c.b).fold(0.0f64, |m, x| m.max(x.abs()));
    1e-9 * c.dist + 1e-12 * c.size + 4.0 * largest * f64::EPSILON
}

/// 2D cross product of `o->a` and `o->b`.
fn cross(o: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

/// Convex hull of 2D points, counter-clockwise, without collinear points (Andrew's monotone
/// chain). The test oracle's own, independent of the library.
pub fn hull_2d(points: &[[f64; 2]]) -> Vec<[f64; 2]> {
    let mut p = points.to_vec();
    p.sort_by(|a, b| a.partial_cmp(b).unwrap());
    p.dedup();
    if p.len() < 3 {
        return p;
    }
    let mut h: Vec<[f64; 2]> = Vec::with_capacity(2 * p.len());
    for pass in 0..2 {
        let start = h.len();
        let iter: Box<dyn Iterator<Item = &[f64; 2]>> = if pass == 0 {
            Box::new(p.iter())
        } else {
            Box::new(p.iter().rev())
        };
        for q in iter {
            while h.len() >= start + 2 && cross(h[h.len() - 2], h[h.len() - 1], *q) <= 0.0 {
                h.pop();
            }
            h.push(*q);
        }
        h.pop();
    }
    h
}

/// Distance from point `p` to segment `a b`.
pub fn point_segment_distance(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let t = [b[0] - a[0], b[1] - a[1]];
    let tt = t[0] * t[0] + t[1] * t[1];
    let s = if tt > 0.0 {
        (((p[0] - a[0]) * t[0] + (p[1] - a[1]) * t[1]) / tt).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let q = [a[0] + s * t[0] - p[0], a[1] + s * t[1] - p[1]];
    (q[0] * q[0] + q[1] * q[1]).sqrt()
}

/// Whether two convex polygons (hulls, counter-clockwise) are separated by one of their edge
/// normals (separating axis theorem); touching is not separated.
pub fn separated_2d(a: &[[f64; 2]], b: &[[f64; 2]]) -> bool {
    let axes = |p: &[[f64; 2]]| -> Vec<[f64; 2]> {
        if p.len() == 1 {
            return vec![];
        }
        (0..p.len())
            .map(|i| {
                let (u, v) = (p[i], p[(i + 1) % p.len()]);
                [v[1] - u[1], u[0] - v[0]]
            })
            .collect()
    };
    let mut all = axes(a);
    all.extend(axes(b));
    // Points and segments have too few edge normals: add the axes between their vertices and
    // the other's vertices and edges' perpendiculars.
    if a.len() <= 2 || b.len() <= 2 {
        for p in a {
            for q in b {
                all.push([q[0] - p[0], q[1] - p[1]]);
            }
        }
        for poly in [a, b] {
            if poly.len() == 2 {
                all.push([poly[1][0] - poly[0][0], poly[1][1] - poly[0][1]]);
            }
        }
    }
    all.iter().any(|n| {
        let proj = |p: &[[f64; 2]]| {
            p.iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), q| {
                    let d = q[0] * n[0] + q[1] * n[1];
                    (lo.min(d), hi.max(d))
                })
        };
        let (alo, ahi) = proj(a);
        let (blo, bhi) = proj(b);
        ahi < blo || bhi < alo
    })
}

/// Exact-enough distance between two convex polygons given as hulls: 0 when they intersect,
/// else the smallest vertex–edge distance.
pub fn polygon_distance(a: &[[f64; 2]], b: &[[f64; 2]]) -> f64 {
    if !separated_2d(a, b) {
        return 0.0;
    }
    let edges = |p: &[[f64; 2]]| -> Vec<([f64; 2], [f64; 2])> {
        (0..p.len()).map(|i| (p[i], p[(i + 1) % p.len()])).collect()
    };
    let mut best = f64::INFINITY;
    for (x, y) in [(a, b), (b, a)] {
        for p in x {
            for (u, v) in edges(y) {
                best = best.min(point_segment_distance(*p, u, v));
            }
        }
    }
    best
}

/// The square with corners (0, 0) and (`side`, `side`), its corners counter-clockwise from the
/// origin.
pub fn square(side: f64) -> gjk::shape::ConvexHull<2> {
    let corners = [[0.0, 0.0], [side, 0.0], [side, side], [0.0, side]];
    gjk::shape::ConvexHull::new(corners.map(|[x, y]| gjk::Vector::<2>::new(x, y)).to_vec()).unwrap()
}

/// Whether the queries on `a` and `b` are answered by the exact polygon kernel rather than by
/// GJK: two small polygons (see `ConvexHull::is_small_polygon`).
pub fn small_polygons<const D: usize>(a: &gjk::shape::Shape<D>, b: &gjk::shape::Shape<D>) -> bool {
    let small = |s: &gjk::shape::Shape<D>| matches!(s, gjk::shape::Shape::ConvexHull(h) if h.is_small_polygon());
    small(a) && small(b)
}

/// Asserts that two answers of the distance query, one from the exact polygon kernel and one
/// from GJK (within its default relative tolerance, 1e-12), agree: the same verdict unless
/// both are within rounding of touching, distances within the tolerance and the rounding of
/// `scale` (the shapes' size and distance from the origin).
pub fn assert_agree<const D: usize>(
    kernel: &gjk::DistanceResult<D>,
    search: &gjk::DistanceResult<D>,
    scale: f64,
    what: &str,
) {
    let rounding = 64.0 * f64::EPSILON * scale;
    if kernel.intersecting != search.intersecting {
        assert!(
            kernel.distance.max(search.distance) <= rounding,
            "{what}: verdicts differ apart from touching: {kernel:?} vs {search:?}"
        );
    }
    let allowance = 1e-12 * kernel.distance + rounding;
    assert!(
        (kernel.distance - search.distance).abs() <= allowance,
        "{what}: distances differ: {kernel:?} vs {search:?}"
    );
    assert!(
        kernel.lower_bound <= kernel.distance && search.lower_bound <= search.distance,
        "{what}: bounds out of order: {kernel:?} vs {search:?}"
    );
}
