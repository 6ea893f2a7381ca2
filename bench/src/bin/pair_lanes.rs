//! `cargo run --release -p gjk-bench --bin pair_lanes`: the gate of issue #24's "lanes across
//! pairs" (the support scans of four pairs at once in AVX2 registers, each lane its own pair).
//!
//! Such a batch would step four GJK searches in lockstep and find their four support points
//! in one scan. Before building that, this measures the step it could speed up: one support
//! point each of four different hulls of 8 to 12 points (the batch benchmark's shapes) in four
//! different directions,
//! - the library's way: `ConvexHull::support` four times (the tournament up to 8 points, the
//!   AVX2 lanes over a hull's own points above);
//! - across pairs: the four hulls' points in one padded structure-of-arrays block (12 slots a
//!   hull, short hulls repeat their first point), each AVX2 lane reading its own hull's
//!   coordinates with a gather, the best dot product and its slot kept per lane by blends.
//!
//! The second is the best case of the idea: its layout is built once for all queries (a batch
//! would build it per call), all four lanes always have work (a batch in lockstep idles the
//! lanes of searches that finished), and only the scan is counted (the rest of a query, about
//! three quarters of its instructions, stays one pair at a time). Prints the median ns per
//! support point of each.

use std::hint::black_box;

use gjk::shape::ConvexHull;
use gjk::{Support, Vector};
use gjk_bench::data::Rng;
use gjk_bench::median_ns;

/// Hulls in the test, and the slots of each in the lanes' block.
const HULLS: usize = 1024;
const SLOTS: usize = 12;
/// Support points asked per round: quadruples of (hull, direction).
const QUERIES: usize = 4096;
const ROUNDS: usize = 31;

/// The hulls' points, structure of arrays, `SLOTS` per hull.
struct Block {
    x: Vec<f64>,
    y: Vec<f64>,
    z: Vec<f64>,
}

impl Block {
    fn new(clouds: &[Vec<Vector<3>>]) -> Self {
        let slot = |c: &Vec<Vector<3>>, i: usize, k: usize| c[if i < c.len() { i } else { 0 }][k];
        let coordinate = |k| {
            clouds
                .iter()
                .flat_map(|c| (0..SLOTS).map(move |i| slot(c, i, k)))
                .collect()
        };
        Self {
            x: coordinate(0),
            y: coordinate(1),
            z: coordinate(2),
        }
    }

    /// The slot of the furthest point of hull `hulls[l]` along `dirs[l]`, for the four lanes.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn scan4(&self, hulls: [usize; 4], dirs: &[[f64; 4]; 3]) -> [usize; 4] {
        use std::arch::x86_64::*;
        let base = hulls.map(|h| (h * SLOTS) as i64);
        let mut at = _mm256_setr_epi64x(base[0], base[1], base[2], base[3]);
        let one = _mm256_set1_epi64x(1);
        let [dx, dy, dz] = dirs.map(|d| _mm256_setr_pd(d[0], d[1], d[2], d[3]));
        let mut best = _mm256_set1_pd(f64::NEG_INFINITY);
        let mut best_at = at;
        for _ in 0..SLOTS {
            // SAFETY: every index is a slot of one of the hulls, inside the three arrays.
            let (x, y, z) = unsafe {
                (
                    _mm256_i64gather_pd::<8>(self.x.as_ptr(), at),
                    _mm256_i64gather_pd::<8>(self.y.as_ptr(), at),
                    _mm256_i64gather_pd::<8>(self.z.as_ptr(), at),
                )
            };
            let dot = _mm256_add_pd(
                _mm256_add_pd(_mm256_mul_pd(x, dx), _mm256_mul_pd(y, dy)),
                _mm256_mul_pd(z, dz),
            );
            let better = _mm256_cmp_pd::<_CMP_GT_OQ>(dot, best);
            best = _mm256_blendv_pd(best, dot, better);
            best_at = _mm256_castpd_si256(_mm256_blendv_pd(
                _mm256_castsi256_pd(best_at),
                _mm256_castsi256_pd(at),
                better,
            ));
            at = _mm256_add_epi64(at, one);
        }
        let mut out = [0i64; 4];
        // SAFETY: out holds four i64.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), best_at) };
        out.map(|k| k as usize)
    }
}

/// The hulls `4q..4q + 4` interleaved: slot `i` of the four at `(q * SLOTS + i) * 4 + lane`.
/// Only four fixed hulls can share a block, so a batch of arbitrary pairs could not have it
/// without copying their points per quadruple; an upper bound of the lanes, not a way.
struct Interleaved(Block);

impl Interleaved {
    fn new(block: &Block) -> Self {
        let interleave = |v: &Vec<f64>| {
            (0..v.len())
                .map(|k| {
                    let (q, rest) = (k / (4 * SLOTS), k % (4 * SLOTS));
                    let (i, lane) = (rest / 4, rest % 4);
                    v[(4 * q + lane) * SLOTS + i]
                })
                .collect()
        };
        Self(Block {
            x: interleave(&block.x),
            y: interleave(&block.y),
            z: interleave(&block.z),
        })
    }

    /// The slots (in the interleaved block) of the furthest points of hulls `4q..4q + 4`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn scan4(&self, q: usize, dirs: &[[f64; 4]; 3]) -> [usize; 4] {
        use std::arch::x86_64::*;
        let [dx, dy, dz] = dirs.map(|d| _mm256_setr_pd(d[0], d[1], d[2], d[3]));
        let mut best = _mm256_set1_pd(f64::NEG_INFINITY);
        let mut best_i = _mm256_setzero_pd();
        let start = 4 * SLOTS * q;
        let b = &self.0;
        let (x, y, z) = (
            &b.x[start..start + 4 * SLOTS],
            &b.y[start..start + 4 * SLOTS],
            &b.z[start..start + 4 * SLOTS],
        );
        for i in 0..SLOTS {
            let at = |v: &[f64]| _mm256_setr_pd(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
            let dot = _mm256_add_pd(
                _mm256_add_pd(_mm256_mul_pd(at(x), dx), _mm256_mul_pd(at(y), dy)),
                _mm256_mul_pd(at(z), dz),
            );
            let better = _mm256_cmp_pd::<_CMP_GT_OQ>(dot, best);
            best = _mm256_blendv_pd(best, dot, better);
            best_i = _mm256_blendv_pd(best_i, _mm256_set1_pd(i as f64), better);
        }
        let mut out = [0.0; 4];
        // SAFETY: out holds four f64.
        unsafe { _mm256_storeu_pd(out.as_mut_ptr(), best_i) };
        std::array::from_fn(|lane| start + 4 * out[lane] as usize + lane)
    }
}

fn main() {
    if !std::arch::is_x86_feature_detected!("avx2") {
        println!("no AVX2 on this machine: nothing to compare");
        return;
    }
    let mut rng = Rng::new(0x24_0005);
    let clouds: Vec<Vec<Vector<3>>> = (0..HULLS)
        .map(|_| {
            let n = rng.range(8.0, 13.0) as usize;
            (0..n).map(|_| Vector::<3>::from(rng.vector(1.0))).collect()
        })
        .collect();
    let hulls: Vec<ConvexHull<3>> = clouds
        .iter()
        .map(|c| ConvexHull::new(c.clone()).expect("a valid cloud"))
        .collect();
    let block = Block::new(&clouds);
    let queries: Vec<(usize, Vector<3>)> = (0..QUERIES)
        .map(|_| {
            let v = rng.vector(1.0);
            (
                rng.range(0.0, HULLS as f64) as usize % HULLS,
                Vector::<3>::new(v[0], v[1], v[2]),
            )
        })
        .collect();
    // Both find the same points (up to ties, which random points do not have).
    for q in queries.chunks_exact(4) {
        let dirs: [[f64; 4]; 3] = std::array::from_fn(|k| std::array::from_fn(|l| q[l].1[k]));
        // SAFETY: AVX2 was detected above.
        let slots = unsafe { block.scan4(std::array::from_fn(|l| q[l].0), &dirs) };
        for (l, (h, d)) in q.iter().enumerate() {
            let p = hulls[*h].support(d);
            let s = slots[l];
            assert_eq!([block.x[s], block.y[s], block.z[s]], [p[0], p[1], p[2]]);
        }
    }
    let one_by_one = median_ns(ROUNDS, QUERIES, || {
        for (h, d) in &queries {
            black_box(hulls[*h].support(black_box(d)));
        }
    });
    let lanes = median_ns(ROUNDS, QUERIES, || {
        for q in queries.chunks_exact(4) {
            let dirs: [[f64; 4]; 3] = std::array::from_fn(|k| std::array::from_fn(|l| q[l].1[k]));
            // SAFETY: AVX2 was detected above.
            let slots = unsafe { block.scan4(std::array::from_fn(|l| q[l].0), &dirs) };
            for s in slots {
                black_box(Vector::<3>::new(block.x[s], block.y[s], block.z[s]));
            }
        }
    });
    let interleaved = Interleaved::new(&block);
    let fixed: Vec<[[f64; 4]; 3]> = queries
        .chunks_exact(4)
        .map(|q| std::array::from_fn(|k| std::array::from_fn(|l| q[l].1[k])))
        .collect();
    for (q, dirs) in fixed.iter().enumerate().take(HULLS / 4) {
        // SAFETY: AVX2 was detected above.
        let slots = unsafe { interleaved.scan4(q, dirs) };
        for (lane, s) in slots.into_iter().enumerate() {
            let d = Vector::<3>::new(dirs[0][lane], dirs[1][lane], dirs[2][lane]);
            let p = hulls[4 * q + lane].support(&d);
            let b = &interleaved.0;
            assert_eq!([b.x[s], b.y[s], b.z[s]], [p[0], p[1], p[2]]);
        }
    }
    let upper = median_ns(ROUNDS, QUERIES, || {
        for (q, dirs) in fixed.iter().enumerate() {
            // SAFETY: AVX2 was detected above.
            let slots = unsafe { interleaved.scan4(q % (HULLS / 4), dirs) };
            let b = &interleaved.0;
            for s in slots {
                black_box(Vector::<3>::new(b.x[s], b.y[s], b.z[s]));
            }
        }
    });
    println!(
        "one support point of a hull of 8 to 12 points, median ns: the library's, one pair at a \
         time {one_by_one:.2}; four pairs in AVX2 lanes {lanes:.2} ({:.2}x); four fixed hulls \
         interleaved (upper bound) {upper:.2} ({:.2}x)",
        one_by_one / lanes,
        one_by_one / upper
    );
}
