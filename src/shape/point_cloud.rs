//! Convex polygons (2D) and polytopes (3D) given as the convex hull of a point cloud.

use std::sync::Arc;

use super::hull_graph::HullGraph;
use super::small_polygon::SmallPolygon;
use crate::error::ShapeError;
use crate::range::{check_coordinate, check_extent, robust_norm, MAX_MAGNITUDE};
use crate::support::{Face, Support, Vector};

/// Points scanned together by the support function: one lane each, so that the scan
/// vectorises.
const LANES: usize = 4;

/// Clouds of at least this many points find their support points by climbing the hull's edge
/// graph (built at creation) rather than by a scan: index `D - 2`. Measured with
/// `cargo run --release -p gjk-bench --bin support` (one support point) and the side-by-side
/// benchmark (whole queries, each pair visited once per round, so the hulls are out of the
/// caches): on a hot hull climbing wins from about 32 points in 2D and 64 in 3D (2.5x at 128,
/// 11x at 1024), but a query's few support points each meet new cache lines of the graph
/// where one scan streams the points once, and on the reference workloads climbing was 2x
/// slower at 64 points in 2D and 128 in 3D, and 1.2x faster at 1024 in 3D (distance and
/// penetration).
const CLIMB_FROM: [usize; 2] = [512, 512];

/// The convex hull of a set of points. The points need not be ordered, on the hull, or
/// distinct; a single point, collinear or coplanar points are valid (flat or degenerate hulls).
///
/// The coordinates are stored by axis (all x, then all y, ...), padded to a multiple of
/// `LANES` with copies of the first point, and shared, not copied, when the shape is cloned.
/// Large clouds also keep their hull's edge graph (see `hull_graph`): their support point is
/// then a vertex furthest along the direction, not necessarily the first such point.
#[derive(Clone, Debug, PartialEq)]
#[repr(C)]
pub struct ConvexHull<const D: usize> {
    /// The centre of the points' bounding box (the first search direction's hint; not always
    /// inside the hull: a corner of a cube).
    center: Vector<D>,
    extent: f64,
    /// Axis `k` of point `i` is `coords[k * stride + i]`; `D * stride` numbers, the stride a
    /// multiple of [`LANES`] at least `len` (the rest padded with the first point), fixed at
    /// creation ([`ConvexHull::axes`] relies on it) and known from the slice's length (see
    /// [`ConvexHull::stride`]).
    coords: Arc<[f64]>,
    /// In 2D, the hull as the exact polygon kernel reads it, when it has 3 to 8 vertices
    /// (see [`SmallPolygon::of`]).
    polygon: Option<Arc<SmallPolygon>>,
    len: usize,
    /// A point of the hull near its middle: see [`AxisExtremes::mean`].
    inner: Vector<D>,
    /// The hull's edge graph, for clouds large enough to climb it.
    graph: Option<HullGraph<D>>,
}

// The fields a query reads come first, in this order (`repr(C)`): the centre, the extent and
// the coordinates' pointer and length (and in 2D the small polygon), 64 bytes in 3D, which a
// `GjkShape` (aligned on a cache line, its two kinds' tags first) holds in its first line.
// Spread by the compiler's order, with the stride and the count apart, they met two lines
// per shape in 3D and three for small polygons.

impl<const D: usize> ConvexHull<D> {
    /// Builds the hull of `points`; fails on an empty list, a non-finite coordinate, or a
    /// coordinate or span outside the supported range (see [`crate::range`]). Clouds of 512
    /// points or more also build their hull's edge graph, for support points by climbing
    /// (about 1 ms at 1024 points in 3D, paid once: see [`ConvexHull::new_scanning`] for
    /// hulls made for a few queries).
    pub fn new(points: Vec<Vector<D>>) -> Result<Self, ShapeError> {
        Self::build(points, true)
    }

    /// [`ConvexHull::new`] without the edge graph, whatever the size: creation costs only the
    /// copy and the checks of the points (microseconds), and every support point scans them
    /// all (the first with the largest `dir . p`). For hulls made for a few queries, such as
    /// a sensor's cloud each frame or a one-shot `GJK(a, b)`.
    pub fn new_scanning(points: Vec<Vector<D>>) -> Result<Self, ShapeError> {
        Self::build(points, false)
    }

    /// [`ConvexHull::new`], building the edge graph of a large cloud when `graph` is set.
    fn build(points: Vec<Vector<D>>, graph: bool) -> Result<Self, ShapeError> {
        if points.is_empty() {
            return Err(ShapeError::new("the point list is empty".into()));
        }
        // One cheap pass; the message is built only for the point that fails.
        let in_range = |x: &f64| x.abs() <= MAX_MAGNITUDE;
        if !points.iter().all(|p| p.iter().all(in_range)) {
            for (index, p) in points.iter().enumerate() {
                for (axis, x) in p.iter().enumerate() {
                    check_coordinate(format_args!("point {index} coordinate {axis}"), *x)?;
                }
            }
        }
        let extremes = AxisExtremes::of(&points);
        let lo = Vector::<D>::from_fn(|k, _| points[extremes.least[k]][k]);
        let hi = Vector::<D>::from_fn(|k, _| points[extremes.largest[k]][k]);
        let diagonal = hi - lo;
        let extent = robust_norm(&diagonal);
        check_extent("the span of the points", extent)?;
        let len = points.len();
        let stride = len.div_ceil(LANES) * LANES;
        let mut coords = vec![0.0; D * stride];
        for k in 0..D {
            let axis = &mut coords[k * stride..(k + 1) * stride];
            for (i, c) in axis.iter_mut().enumerate() {
                *c = points.get(i).unwrap_or(&points[0])[k];
            }
        }
        let graph = if graph && len >= CLIMB_FROM[D.saturating_sub(2).min(1)] {
            HullGraph::new(&points)
        } else {
            None
        };
        let polygon = if D == 2 {
            let flat: Vec<Vector<2>> = points
                .iter()
                .map(|p| Vector::<2>::new(p[0], p[1]))
                .collect();
            SmallPolygon::of(&flat).map(Arc::new)
        } else {
            None
        };
        Ok(Self {
            coords: coords.into(),
            len,
            center: (lo + hi) * 0.5,
            inner: extremes.mean(&points),
            extent,
            graph,
            polygon,
        })
    }

    /// This hull without its edge graph: support points by a scan, the first point (in the
    /// order given) with the largest `dir . p`, as for small clouds. Slower above the
    /// climbing threshold; for callers that rely on that tie rule, and for measuring (to
    /// skip building the graph, create the hull with [`ConvexHull::new_scanning`]).
    pub fn without_graph(mut self) -> Self {
        self.graph = None;
        self
    }

    /// Whether support points climb the hull's edge graph (clouds of 512 points or more whose
    /// hull is not flat) rather than scan every point.
    pub fn climbs(&self) -> bool {
        self.graph.is_some()
    }

    /// The hull as the exact polygon kernel reads it: 2D hulls of 3 to 8 vertices with an
    /// area (see [`SmallPolygon::of`]).
    pub(crate) fn small_polygon(&self) -> Option<&SmallPolygon> {
        self.polygon.as_deref()
    }

    /// Whether this is a small polygon: a 2D hull with 3 to 8 vertices, built from at most
    /// 64 points, and no thinner than 2.3e-10 of its longest edge. The distance, boolean and penetration queries between two
    /// small polygons are answered by an exact kernel (every vertex of one against every edge
    /// of the other; the depth, the least overlap along an edge normal) rather than by GJK and
    /// EPA: their results report 0 iterations, and may differ from a traced or warm-started
    /// query's (GJK's, within its tolerance) in the last bits. Polygons touching within the
    /// tolerance take EPA for their penetration.
    pub fn is_small_polygon(&self) -> bool {
        self.polygon.is_some()
    }

    /// The number of points the hull was built from.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: a hull has at least one point.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Point `i` as given.
    pub fn point(&self, i: usize) -> Vector<D> {
        assert!(i < self.len, "point {i} of {}", self.len);
        Vector::from_fn(|k, _| self.coords[k * self.stride() + i])
    }
}

/// Per axis, the first point with the least and the first with the largest coordinate.
struct AxisExtremes<const D: usize> {
    least: [usize; D],
    largest: [usize; D],
}

impl<const D: usize> AxisExtremes<D> {
    /// The extremes of `points` (not empty, every coordinate finite), in one pass.
    fn of(points: &[Vector<D>]) -> Self {
        let mut extremes = Self {
            least: [0; D],
            largest: [0; D],
        };
        for (i, p) in points.iter().enumerate() {
            for k in 0..D {
                if p[k] < points[extremes.least[k]][k] {
                    extremes.least[k] = i;
                }
                if p[k] > points[extremes.largest[k]][k] {
                    extremes.largest[k] = i;
                }
            }
        }
        extremes
    }

    /// The mean of the extreme points: a convex combination of points of the hull, so a point
    /// of it to within the rounding of the mean (a few units of the coordinates' magnitude),
    /// and near its middle, where the centre of the bounding box may lie outside (a
    /// tetrahedron cut from a cube's corner).
    fn mean(&self, points: &[Vector<D>]) -> Vector<D> {
        let sum: Vector<D> = (0..D)
            .map(|k| points[self.least[k]] + points[self.largest[k]])
            .sum();
        sum / (2 * D) as f64
    }
}

impl<const D: usize> Support<D> for ConvexHull<D> {
    /// A point with the largest `dir . p`: the first in the order given for small clouds.
    #[inline]
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        self.support_index(dir).1
    }

    /// Inlined into the queries, with the scan (see `verdict`'s AVX2 build).
    #[inline(always)]
    fn core_support(&self, dir: &Vector<D>) -> Vector<D> {
        self.support_index(dir).1
    }

    #[inline(always)]
    fn prefetch_core_support(&self, dir: &Vector<D>) {
        if let Some(graph) = self.graph() {
            graph.prefetch_support(dir);
        }
    }

    #[inline(always)]
    fn core_support_indexed(&self, dir: &Vector<D>) -> (Vector<D>, Option<u32>) {
        let (index, point) = self.support_index(dir);
        (point, Some(index as u32))
    }

    fn core_vertex(&self, index: u32) -> Option<Vector<D>> {
        let index = index as usize;
        (index < self.len).then(|| self.point(index))
    }

    fn core_vertex_count(&self) -> Option<usize> {
        Some(self.len)
    }

    fn center(&self) -> Vector<D> {
        self.center
    }

    /// The mean of the points with the least and the largest coordinate on each axis.
    fn core_inner_point(&self) -> Option<Vector<D>> {
        Some(self.inner)
    }

    fn extent(&self) -> f64 {
        self.extent
    }

    /// Every point reaching within `tolerance` of the support point, by a scan of them all
    /// (large clouds too: a manifold is asked for once per touching pair); ids are the points'
    /// indices.
    fn core_face(&self, dir: &Vector<D>, tolerance: f64) -> Face<D> {
        let reach = self.support(dir).dot(dir);
        let mut face = Face::new();
        for i in 0..self.len {
            let point = self.point(i);
            if point.dot(dir) >= reach - tolerance {
                face.push(point, i as u32);
            }
        }
        face
    }

    /// The hull itself: the queries single out small polygons (see
    /// [`ConvexHull::is_small_polygon`]).
    #[inline(always)]
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }
}

impl<const D: usize> ConvexHull<D> {
    /// The index of a point with the largest `dir . p` (the first in the order given when
    /// scanning), and that point.
    #[inline(always)]
    fn support_index(&self, dir: &Vector<D>) -> (usize, Vector<D>) {
        if let Some(graph) = self.graph() {
            return graph.support(dir);
        }
        let axes = self.axes();
        let winner = self.scan(&axes, dir);
        (winner, Vector::from_fn(|k, _| axes[k][winner]))
    }

    /// The edge graph, looked at only past the tournaments' sizes: the smallest clouds, the
    /// most common, never have one (see `CLIMB_FROM`), and their size is read for the scan
    /// anyway, where the graph was a load and a test more per support point.
    #[inline(always)]
    fn graph(&self) -> Option<&HullGraph<D>> {
        if self.coords.len() <= D * 2 * LANES {
            return None;
        }
        self.graph.as_ref()
    }

    /// How many numbers each axis holds in `coords`: the points' count rounded up to a
    /// multiple of [`LANES`] (so at most `LANES` points exactly where it is at most `LANES`),
    /// from the slice's length, which the query reads anyway, where a field of its own was one
    /// more cache line per shape.
    #[inline(always)]
    fn stride(&self) -> usize {
        self.coords.len() / D
    }

    /// The coordinates by axis, `stride` numbers each (see `coords`), sliced without bounds
    /// checks: the checks of the slices' ends and of their overflow are a measurable part of
    /// a support point of a small hull.
    #[inline(always)]
    fn axes(&self) -> [&[f64]; D] {
        let stride = self.stride();
        // SAFETY: `coords` holds `D * stride` numbers, set at creation and never changed, so
        // `(k + 1) * stride <= coords.len()` for every axis `k < D`, without overflow.
        std::array::from_fn(|k| unsafe { self.coords.get_unchecked(k * stride..(k + 1) * stride) })
    }

    /// The index of the first point with the largest `dir . p`, by a scan of every point.
    /// Where the CPU has AVX2 (x86_64), in its registers: all the dot products at once for up
    /// to four chunks of [`LANES`] points ([`ConvexHull::scan_chunks_avx2`], chosen here so
    /// that the AVX2 builds of the queries inline it), accumulators for more; else a
    /// tournament for up to two chunks, lanes for more. All give bitwise the same answer (the
    /// same multiplications and additions in the same order; Rust never fuses them).
    ///
    /// The tournaments replaced a plain loop, one point after the other, for up to 8 points;
    /// a tournament of 16 points is slower than the lanes. The AVX2 scan of up to 16 points
    /// (all dot products at once, the first index of the largest from the lanes' equality
    /// masks) took some 40 instructions of 8 points where the tournament took 96 (W3D-8
    /// `gjk_distance` in the AVX2 build of the search: 3046 -> 2669 instructions per query).
    /// Chosen by a `match` on the chunks (a jump table), the larger clouds' scans took 1%
    /// more.
    #[inline(always)]
    fn scan(&self, axes: &[&[f64]; D], dir: &Vector<D>) -> usize {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY (every call): the CPU supports AVX2, checked just above; each axis
                // holds the stride's values, a multiple of LANES from LANES up: each call's
                // chunks. The stride is compared through the coordinates' count (`D` times
                // it), without a division.
                let count = self.coords.len();
                return unsafe {
                    if count > D * 4 * LANES {
                        self.scan_accumulators_avx2(dir)
                    } else if count <= D * 2 * LANES {
                        if count == D * LANES {
                            Self::scan_chunks_avx2::<1>(axes, dir)
                        } else {
                            Self::scan_chunks_avx2::<2>(axes, dir)
                        }
                    } else if count == D * 3 * LANES {
                        Self::scan_chunks_avx2::<3>(axes, dir)
                    } else {
                        Self::scan_chunks_avx2::<4>(axes, dir)
                    }
                };
            }
        }
        if self.coords.len() <= D * LANES {
            return Self::scan_tournament::<LANES>(axes, dir);
        }
        if self.coords.len() <= D * 2 * LANES {
            return Self::scan_tournament::<{ 2 * LANES }>(axes, dir);
        }
        self.scan_lanes(axes, dir)
    }

    /// The scan of a cloud of `CHUNKS` chunks (its stride), in AVX2 registers: the dot
    /// products of every chunk, their largest value, then the first point that has it, as the
    /// lowest bit of the lanes' equality masks (the padding, copies of the first point, comes
    /// after it). Where the largest comes out NaN (a NaN value, from a direction no search
    /// asks for, can make it so), no lane equals it: the first point.
    ///
    /// # Safety
    /// The CPU supports AVX2, and every axis of `axes` holds `CHUNKS * LANES` values (it reads
    /// that many of each).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn scan_chunks_avx2<const CHUNKS: usize>(axes: &[&[f64]; D], dir: &Vector<D>) -> usize {
        use std::arch::x86_64::{
            _mm256_cmp_pd, _mm256_max_pd, _mm256_movemask_pd, _mm256_permute2f128_pd,
            _mm256_permute_pd, _mm256_set1_pd, _CMP_EQ_OQ,
        };
        let mut dirs = [_mm256_set1_pd(0.0); D];
        for (d, x) in dirs.iter_mut().zip(dir.iter()) {
            *d = _mm256_set1_pd(*x);
        }
        let mut dots = [_mm256_set1_pd(0.0); CHUNKS];
        for (chunk, d) in dots.iter_mut().enumerate() {
            // SAFETY: the stride is CHUNKS * LANES, within every axis.
            *d = unsafe { chunk_dots_avx2(axes, &dirs, chunk * LANES) };
        }
        let mut top = dots[0];
        for d in &dots[1..] {
            top = _mm256_max_pd(top, *d);
        }
        let top = _mm256_max_pd(top, _mm256_permute2f128_pd::<1>(top, top));
        let top = _mm256_max_pd(top, _mm256_permute_pd::<0b0101>(top));
        let mut holds = 0u32;
        for (chunk, d) in dots.iter().enumerate() {
            let mask = _mm256_movemask_pd(_mm256_cmp_pd::<_CMP_EQ_OQ>(*d, top)) as u32;
            holds |= mask << (chunk * LANES);
        }
        if holds == 0 {
            0
        } else {
            holds.trailing_zeros() as usize
        }
    }

    /// [`ConvexHull::scan_lanes`] in AVX2 registers, written with its intrinsics: each lane's
    /// best value and index chosen by one comparison and two blends (the same multiplications
    /// and additions in the same order, so the same answer), then merged by
    /// [`merge_lanes_avx2`]. Left to the compiler, the loop was vectorised or not depending on
    /// what was inlined around it, and the merge branched.
    ///
    /// Two accumulators take the chunks in turn (even chunks, odd chunks): each chunk's
    /// comparison waits for the previous one of its own accumulator only, so that two chains of
    /// comparisons and blends run side by side instead of one, whose latency bounded the scan.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn scan_accumulators_avx2(&self, dir: &Vector<D>) -> usize {
        use std::arch::x86_64::{_mm256_add_pd, _mm256_set1_pd, _mm256_setr_pd};
        // Sliced here, not passed in: an array passed by reference is stored to memory before
        // the caller's branch, at every support point of the small clouds that never get here.
        let axes = self.axes();
        // Whole chunks of every axis: each holds `self.stride` values, a multiple of LANES.
        let chunks = axes.iter().map(|axis| axis.len()).min().unwrap_or(0) / LANES;
        let mut even = LaneBests::new(_mm256_setr_pd(0.0, 1.0, 2.0, 3.0));
        let mut odd = LaneBests::new(_mm256_setr_pd(4.0, 5.0, 6.0, 7.0));
        let step = _mm256_set1_pd((2 * LANES) as f64);
        let mut dirs = [_mm256_set1_pd(0.0); D];
        for (d, x) in dirs.iter_mut().zip(dir.iter()) {
            *d = _mm256_set1_pd(*x);
        }
        for pair in 0..chunks / 2 {
            let start = 2 * pair * LANES;
            // SAFETY: `start + 2 * LANES <= chunks * LANES`, within every axis (see `chunks`).
            unsafe {
                even.keep(chunk_dots_avx2(&axes, &dirs, start));
                odd.keep(chunk_dots_avx2(&axes, &dirs, start + LANES));
            }
            even.index = _mm256_add_pd(even.index, step);
            odd.index = _mm256_add_pd(odd.index, step);
        }
        if chunks % 2 == 1 {
            // SAFETY: the last chunk, `(chunks - 1) * LANES + LANES <= chunks * LANES`.
            even.keep(unsafe { chunk_dots_avx2(&axes, &dirs, (chunks - 1) * LANES) });
        }
        merge_lanes_avx2(even, odd)
    }

    /// The scan of a cloud of at most `N` points (`N` = [`LANES`] or twice that: boxes,
    /// quads, triangles, tetrahedra, hexagons, cubes): the dot products side by side, then a
    /// tournament, neighbours first. The first point with the largest value (a later
    /// contender wins only if larger), wherever the values are numbers, as the lanes choose;
    /// the padding (copies of the first point, the same values bit for bit) is never chosen
    /// over the first point, NaN or not. (A NaN value, from a direction no search asks for,
    /// may pick another point of the cloud than the lanes would.)
    #[inline(always)]
    fn scan_tournament<const N: usize>(axes: &[&[f64]; D], dir: &Vector<D>) -> usize {
        // Every axis holds `stride` numbers, at least `N` where this scan is called.
        let chunk: [&[f64; N]; D] =
            std::array::from_fn(|k| axes[k].first_chunk().unwrap_or(&[0.0; N]));
        let mut round: [(f64, usize); N] = std::array::from_fn(|i| {
            let mut dot = chunk[0][i] * dir[0];
            for k in 1..D {
                dot += chunk[k][i] * dir[k];
            }
            (dot, i)
        });
        let mut left = N;
        while left > 1 {
            left /= 2;
            for i in 0..left {
                let (earlier, later) = (round[2 * i], round[2 * i + 1]);
                round[i] = if later.0 > earlier.0 { later } else { earlier };
            }
        }
        round[0].1
    }

    /// The scan itself: [`LANES`] points at a time, each lane keeping its best point (see
    /// [`ConvexHull::lane_bests`]), then the lanes' winners merged.
    #[inline(always)]
    fn scan_lanes(&self, axes: &[&[f64]; D], dir: &Vector<D>) -> usize {
        let (best, best_index) = self.lane_bests(axes, dir);
        // The largest value, the first index among equals.
        let mut winner = best_index[0];
        let mut winner_value = best[0];
        for lane in 1..LANES {
            if best[lane] > winner_value
                || (best[lane] == winner_value && best_index[lane] < winner)
            {
                winner = best_index[lane];
                winner_value = best[lane];
            }
        }
        winner as usize
    }

    /// Each lane's largest `dir . p` over its points (lane `l` has points `l`, `l + LANES`,
    /// ...) and the first index with it. The index is kept as an `f64` (exact: clouds have
    /// fewer than 2^53 points) and chosen with its value by the same comparison, without a
    /// branch, so that both stay in vector registers: kept as integers, they were chosen lane
    /// by lane with a test and a conditional move each.
    #[inline(always)]
    fn lane_bests(&self, axes: &[&[f64]; D], dir: &Vector<D>) -> ([f64; LANES], [f64; LANES]) {
        let mut best = [f64::NEG_INFINITY; LANES];
        let mut best_index = [0.0f64; LANES];
        let mut index: [f64; LANES] = std::array::from_fn(|lane| lane as f64);
        // Each axis cut to whole chunks, so that its chunks below need no bounds check.
        let whole = axes[0].len() / LANES * LANES;
        let axes: [&[f64]; D] = std::array::from_fn(|k| &axes[k][..whole]);
        for (chunk, xs) in axes[0].chunks_exact(LANES).enumerate() {
            let start = chunk * LANES;
            let mut dots: [f64; LANES] = std::array::from_fn(|lane| xs[lane] * dir[0]);
            for k in 1..D {
                let coords = &axes[k][start..start + LANES];
                for lane in 0..LANES {
                    dots[lane] += coords[lane] * dir[k];
                }
            }
            for lane in 0..LANES {
                let better = dots[lane] > best[lane];
                best[lane] = if better { dots[lane] } else { best[lane] };
                best_index[lane] = if better {
                    index[lane]
                } else {
                    best_index[lane]
                };
                index[lane] += LANES as f64;
            }
        }
        (best, best_index)
    }
}

/// The four dot products `dir . p` of the chunk of points `start..start + LANES`, in AVX2
/// lanes, summed axis by axis as the portable lanes sum them.
///
/// # Safety
/// `start + LANES` is at most every axis's length.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn chunk_dots_avx2<const D: usize>(
    axes: &[&[f64]; D],
    dirs: &[std::arch::x86_64::__m256d; D],
    start: usize,
) -> std::arch::x86_64::__m256d {
    use std::arch::x86_64::{_mm256_add_pd, _mm256_loadu_pd, _mm256_mul_pd};
    // No closures in the AVX2 functions: they would not be compiled for AVX2, nor inlined.
    // The first axis's product is the start, not added to zero (-0.0 + 0.0 is 0.0): the same
    // sums as the portable lanes.
    // SAFETY (every load): the four values read are the axis's (the caller's promise).
    let mut dots = _mm256_mul_pd(
        unsafe { _mm256_loadu_pd(axes[0].as_ptr().add(start)) },
        dirs[0],
    );
    for k in 1..D {
        let coords = unsafe { _mm256_loadu_pd(axes[k].as_ptr().add(start)) };
        dots = _mm256_add_pd(dots, _mm256_mul_pd(coords, dirs[k]));
    }
    dots
}

/// One accumulator of the AVX2 scan: each lane's largest value so far, the index of its first
/// point with that value (as an `f64`, exact), and the indices of the lane's next points.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct LaneBests {
    best: std::arch::x86_64::__m256d,
    best_index: std::arch::x86_64::__m256d,
    index: std::arch::x86_64::__m256d,
}

#[cfg(target_arch = "x86_64")]
impl LaneBests {
    /// Nothing seen yet; the next points have indices `index`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn new(index: std::arch::x86_64::__m256d) -> Self {
        use std::arch::x86_64::{_mm256_set1_pd, _mm256_setzero_pd};
        Self {
            best: _mm256_set1_pd(f64::NEG_INFINITY),
            best_index: _mm256_setzero_pd(),
            index,
        }
    }

    /// Keeps the values `dots` of the points `index` where they are larger (a later point wins
    /// only if larger; NaN never does), by one comparison and two blends, without a branch.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn keep(&mut self, dots: std::arch::x86_64::__m256d) {
        use std::arch::x86_64::{_mm256_blendv_pd, _mm256_cmp_pd, _CMP_GT_OQ};
        let better = _mm256_cmp_pd::<_CMP_GT_OQ>(dots, self.best);
        self.best = _mm256_blendv_pd(self.best, dots, better);
        self.best_index = _mm256_blendv_pd(self.best_index, self.index, better);
    }
}

/// The two accumulators' winners merged as [`ConvexHull::scan_lanes`] merges its lanes (the
/// largest value, the first index among equals), without a branch: the largest value of all
/// eight lanes, then the least index among the lanes that hold it. The compiler's merge of
/// `scan_lanes` branches on comparisons of values that rounding and random clouds make
/// unpredictable, a large part of a query's mispredicted branches.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn merge_lanes_avx2(even: LaneBests, odd: LaneBests) -> usize {
    use std::arch::x86_64::{
        _mm256_blendv_pd, _mm256_castpd256_pd128, _mm256_cmp_pd, _mm256_max_pd, _mm256_min_pd,
        _mm256_permute2f128_pd, _mm256_permute_pd, _mm256_set1_pd, _mm_cvttsd_si32, _CMP_EQ_OQ,
    };
    // The largest value in every lane: across the accumulators, the halves, then within each.
    let top = _mm256_max_pd(even.best, odd.best);
    let top = _mm256_max_pd(top, _mm256_permute2f128_pd::<1>(top, top));
    let top = _mm256_max_pd(top, _mm256_permute_pd::<0b0101>(top));
    // The least index among the lanes holding it (the others out of the way as infinity).
    let none = _mm256_set1_pd(f64::INFINITY);
    let even_holds = _mm256_cmp_pd::<_CMP_EQ_OQ>(even.best, top);
    let odd_holds = _mm256_cmp_pd::<_CMP_EQ_OQ>(odd.best, top);
    let candidates = _mm256_min_pd(
        _mm256_blendv_pd(none, even.best_index, even_holds),
        _mm256_blendv_pd(none, odd.best_index, odd_holds),
    );
    let least = _mm256_min_pd(
        candidates,
        _mm256_permute2f128_pd::<1>(candidates, candidates),
    );
    let least = _mm256_min_pd(least, _mm256_permute_pd::<0b0101>(least));
    // An index below the stride (the lanes holding the largest value hold indices; NaN
    // values never replace the first ones), so one truncating conversion to 32 bits: `as
    // usize` saturates, some ten instructions a support point.
    _mm_cvttsd_si32(_mm256_castpd256_pd128(least)) as u32 as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_random::in_both_dimensions;

    /// Every scan (the tournaments, the lanes, the AVX2 scan with accumulators where the CPU
    /// has AVX2, and the dispatching one, there the AVX2 scan of chunks at once up to 16
    /// points) picks the first point with the largest `dir . p`, found by brute
    /// force, including among ties (repeated points, a flat cloud) and for every chunk layout
    /// (1 to 21 points), in 2D and 3D.
    fn builds_agree<const D: usize>() {
        #[cfg(target_arch = "x86_64")]
        let avx2 = std::is_x86_feature_detected!("avx2");
        #[cfg(not(target_arch = "x86_64"))]
        let avx2 = false;
        if !avx2 {
            eprintln!("no AVX2 on this CPU: its build of the lanes is not checked");
        }
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Coarse values, so that ties are common.
            ((state >> 40) % 9) as f64 - 4.0
        };
        for n in 1..=21 {
            let points: Vec<Vector<D>> = (0..n).map(|_| Vector::from_fn(|_, _| next())).collect();
            let hull = ConvexHull::new(points).expect("a valid cloud");
            let axes = hull.axes();
            for _ in 0..50 {
                let dir = Vector::<D>::from_fn(|_, _| next());
                let first = (0..n)
                    .max_by(|&i, &j| {
                        // Equal values tie (0.0 and -0.0 too): the first index wins.
                        let (x, y) = (hull.point(i).dot(&dir), hull.point(j).dot(&dir));
                        x.partial_cmp(&y).expect("finite").then(j.cmp(&i))
                    })
                    .expect("a point");
                if n <= LANES {
                    let tournament = ConvexHull::<D>::scan_tournament::<LANES>(&axes, &dir);
                    assert_eq!(tournament, first, "{n} points, {dir:?}");
                }
                if n > LANES && n <= 2 * LANES {
                    let tournament = ConvexHull::<D>::scan_tournament::<{ 2 * LANES }>(&axes, &dir);
                    assert_eq!(tournament, first, "{n} points, {dir:?}");
                }
                assert_eq!(hull.scan_lanes(&axes, &dir), first, "{n} points, {dir:?}");
                assert_eq!(hull.scan(&axes, &dir), first, "{n} points, {dir:?}");
                #[cfg(target_arch = "x86_64")]
                if avx2 {
                    // SAFETY: the CPU supports AVX2, checked above.
                    let accumulated = unsafe { hull.scan_accumulators_avx2(&dir) };
                    assert_eq!(accumulated, first, "{n} points, {dir:?}");
                }
            }
        }
    }

    in_both_dimensions!(builds_agree);

    /// Whether `x` is a point of the hull of `points` to within `slack` times the largest
    /// coordinate, by the definition of the hull through its support function: no direction
    /// takes `x` further than every point (checked on many directions, the axes' diagonals
    /// included).
    fn within_hull<const D: usize>(x: &Vector<D>, points: &[Vector<D>], slack: f64) -> bool {
        let size = points.iter().map(|p| p.amax()).fold(0.0, f64::max);
        let mut next = crate::test_random::uniform(0x51_7cc1_b727_220a);
        let diagonals = (0..1usize << D)
            .map(|signs| Vector::<D>::from_fn(|k, _| if signs >> k & 1 == 1 { 1.0 } else { -1.0 }));
        let random = (0..2000).map(|_| Vector::<D>::from_fn(|_, _| next()));
        diagonals.chain(random).all(|dir| {
            let reach = points.iter().map(|p| p.dot(&dir)).fold(f64::MIN, f64::max);
            x.dot(&dir) <= reach + slack * size * dir.norm()
        })
    }

    /// The inner point that boolean queries take as a free simplex vertex is a point of the
    /// hull, to a few rounding units: on random clouds at scales 1e-6 to 1e6, flat and
    /// collinear ones, a single point, and the corner of a cube, whose bounding box's centre
    /// lies outside it.
    fn inner_point_is_in_the_hull<const D: usize>() {
        let mut next = crate::test_random::uniform(0x2545_f491_4f6c_dd1d);
        let corner: Vec<Vector<D>> = (0..=D)
            .map(|i| Vector::<D>::from_fn(|k, _| if k + 1 == i { 1.0 } else { 0.0 }))
            .collect();
        let mut clouds = vec![corner.clone(), vec![Vector::<D>::repeat(3.5)]];
        for case in 0..300 {
            let scale = [1e-6, 1.0, 1e6][case % 3];
            let offset = Vector::<D>::from_fn(|_, _| next() * scale * 10.0);
            let n = 1 + case % 20;
            clouds.push(
                (0..n)
                    .map(|i| {
                        let mut p = Vector::<D>::from_fn(|_, _| next() * scale) + offset;
                        match case % 5 {
                            // Flat: the last coordinate fixed; collinear: on a line.
                            3 => p[D - 1] = offset[D - 1],
                            4 => p = offset + Vector::repeat(scale * i as f64),
                            _ => {}
                        }
                        p
                    })
                    .collect(),
            );
        }
        for points in &clouds {
            let hull = ConvexHull::new(points.clone()).expect("a valid cloud");
            let inner = hull.core_inner_point().expect("hulls have one");
            assert!(
                within_hull(&inner, points, 4.0 * f64::EPSILON),
                "{inner:?} outside the hull of {points:?}"
            );
        }
        // The check can fail: in 3D the bounding box's centre of the corner is outside it.
        if D == 3 {
            let corner_hull = ConvexHull::new(corner.clone()).expect("a valid cloud");
            assert!(!within_hull(&corner_hull.center(), &corner, 0.1));
        }
    }

    in_both_dimensions!(inner_point_is_in_the_hull);
}
