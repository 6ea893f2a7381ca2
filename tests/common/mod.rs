//! Helpers shared by the integration tests: a seeded random generator, the reader of the
//! reference workloads in `tests/data`, and brute-force oracles.
#![allow(dead_code)]

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
