//! The edge graph of a point cloud's convex hull, for support points by hill climbing.
//!
//! A scan finds the support point of `n` points in `n` dot products. On the hull's edge graph
//! a vertex with no neighbour further along the direction is the furthest of all (a linear
//! function's local maximum on a convex polytope is its maximum, and a triangulated hull's
//! edges include the polytope's own), so walking uphill from a good start visits a handful of
//! vertices and their neighbours instead. The start is the vertex furthest along the centre of
//! the direction's cell on a cube of directions (found once per cell, at creation), a step or
//! two from the answer.
//!
//! The hull is built once, when the shape is created: Andrew's monotone chain in 2D, Quickhull
//! (Barber, Dobkin and Huhdanpaa 1996) in 3D, both deciding every orientation with Shewchuk's
//! exact predicates (the `robust` crate), so that rounding can neither drop a vertex nor tangle
//! the hull's topology. Flat or collinear 3D clouds, and any build whose topology fails its
//! checks, have no graph: their support stays a scan.

use std::collections::HashMap;
use std::sync::Arc;

use robust::{orient2d, orient3d, Coord, Coord3D};

use crate::support::Vector;

/// A face index that is not set yet.
const UNSET: u32 = u32::MAX;

/// Cells per face of the cube of directions that picks a climb's start (see
/// [`direction_cell`]), by dimension (index `D - 2`): 4 x 64 cells in 2D, 6 x 16 x 16 in 3D.
/// The finer the cells, the closer a climb starts to its answer, for a few KiB more per
/// hull.
const CELLS_PER_SIDE: [usize; 2] = [64, 16];

/// The hull's vertices and their edges, in compact numbering, in shared arrays (the hull's
/// clones share them, and the graph lives in the hull itself).
///
/// A climb's step reads one vertex's run of edges, each holding the step to its neighbour
/// (the neighbour less the vertex, on the grid) and where the neighbour's own run starts: one
/// contiguous stretch of memory per step. Reading each neighbour's point met a cache line per
/// neighbour (about six), and an offset table one more, which a cold query on a large hull
/// paid for at every step. The run's end holds the answer, the vertex's point and input
/// index, read with the run that found it: a table of vertices apart cost a cold query one
/// more cache miss per support point.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HullGraph<const D: usize> {
    /// Every vertex's run: its edges, then its end.
    edges: Arc<[Edge<D>]>,
    /// Where each vertex's run ends (for the scan, which finds a vertex by its number).
    ends: Arc<[u32]>,
    /// For each cell of the cube of directions, where the run of the vertex furthest along
    /// its centre (the climb's start) begins.
    starts: Arc<[u32]>,
    /// The vertices on the grid of [`snap`], for the scan that answers when rounding sends
    /// a climb round in circles.
    grid: Arc<[Vector<D>]>,
}

/// An entry of a vertex's run: an edge, or the run's end. 32 bytes, aligned to them, so that
/// no entry straddles two cache lines.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(align(32))]
struct Edge<const D: usize> {
    /// The step to the neighbour on the grid (`neighbour - vertex`, exact: both are multiples
    /// of 2^-[`GRID_BITS`] within [-1, 1]); at the run's end, the vertex's own input point.
    step: Vector<D>,
    /// Where the neighbour's run starts; [`UNSET`] at the run's end.
    run: u32,
    /// The neighbour (compact number); at the run's end, the vertex's input index.
    vertex: u32,
}

impl<const D: usize> HullGraph<D> {
    /// The graph of the hull of `points` (at most `u32::MAX` of them), or None where the
    /// support must stay a scan (a flat or collinear 3D cloud, a failed build).
    pub(crate) fn new(points: &[Vector<D>]) -> Option<Self> {
        if points.len() >= UNSET as usize || !(D == 2 || D == 3) {
            return None;
        }
        let snapped = snap(points);
        let edges = if D == 2 {
            polygon_edges(&snapped)
        } else {
            polytope_edges(&snapped)?
        };
        // Compact numbering of the vertices met on edges (a lone point: itself).
        let mut compact = vec![UNSET; points.len()];
        let mut input = Vec::new();
        let mut number = |i: u32, input: &mut Vec<u32>| {
            if compact[i as usize] == UNSET {
                compact[i as usize] = input.len() as u32;
                input.push(i);
            }
            compact[i as usize]
        };
        if edges.is_empty() {
            number(0, &mut input);
        }
        let edges: Vec<[u32; 2]> = edges
            .iter()
            .map(|[a, b]| [number(*a, &mut input), number(*b, &mut input)])
            .collect();
        // Vertex `v`'s run: its edges, then its end marker, from `first[v]`.
        let mut first = vec![0u32; input.len() + 1];
        for [a, b] in &edges {
            first[*a as usize + 1] += 1;
            first[*b as usize + 1] += 1;
        }
        for v in 0..input.len() {
            first[v + 1] += first[v] + 1;
        }
        // The climb runs on the grid, where the hull is exactly convex: on the real points,
        // edges of 1e-16 (clusters straddling grid cells) could turn a gain's sign against
        // the graph and stop the climb 0.09 short.
        let grid: Vec<Vector<D>> = input.iter().map(|&i| snapped[i as usize]).collect();
        let mut runs: Vec<Edge<D>> = (0..first[input.len()])
            .map(|_| Edge {
                step: Vector::zeros(),
                run: UNSET,
                vertex: UNSET,
            })
            .collect();
        let mut fill = first.clone();
        for &[a, b] in &edges {
            for (from, to) in [(a, b), (b, a)] {
                runs[fill[from as usize] as usize] = Edge {
                    step: grid[to as usize] - grid[from as usize],
                    run: first[to as usize],
                    vertex: to,
                };
                fill[from as usize] += 1;
            }
        }
        let ends = &fill[..input.len()];
        for (end, &i) in ends.iter().zip(&input) {
            runs[*end as usize] = Edge {
                step: points[i as usize],
                run: UNSET,
                vertex: i,
            };
        }
        let mut graph = Self {
            edges: runs.into(),
            ends: ends.into(),
            starts: Arc::new([]),
            grid: grid.into(),
        };
        // Each cell's start by a climb from the last cell's, its neighbour on the cube (a
        // scan of every vertex for each of the 1536 cells of 3D is slow on large hulls).
        // Runs are laid out in vertex order, so a run's end names its vertex.
        let mut start = 0;
        let starts: Vec<u32> = cell_centres::<D>()
            .iter()
            .map(|centre| {
                let end = graph.top(start, centre) as u32;
                start = first[graph.ends.partition_point(|&e| e < end)];
                start
            })
            .collect();
        graph.starts = starts.into();
        Some(graph)
    }

    /// The number of hull vertices.
    #[cfg(test)]
    pub(crate) fn vertex_count(&self) -> usize {
        self.ends.len()
    }

    /// The input index and the point of a vertex furthest along `dir` (furthest on the grid
    /// the hull is built on: within 2^-50 of the cloud's size of the furthest input point).
    ///
    /// Each step compares neighbours by `dir . (q - p)`, the difference of the points taken
    /// first: comparing `dir . q` with `dir . p` loses a gain below the rounding of the values
    /// (two vertices 1e-16 apart at 6 from the origin looked equal, and the climb stopped at
    /// 3.64 where the maximum was 4.62).
    #[inline]
    pub(crate) fn support(&self, dir: &Vector<D>) -> (usize, Vector<D>) {
        let start = self.starts[direction_cell(dir)];
        let top = &self.edges[self.top(start, dir)];
        (top.vertex as usize, top.step)
    }

    /// Starts fetching the run a support point in `dir` begins its climb with (on x86_64;
    /// elsewhere, nothing). On a cold hull the climb of the pair's other shape then waits for
    /// its first two cache misses (the cell's start, the start's run) at the same time as
    /// this one's.
    #[inline]
    pub(crate) fn prefetch_support(&self, dir: &Vector<D>) {
        #[cfg(target_arch = "x86_64")]
        if let Some(edge) = self
            .starts
            .get(direction_cell(dir))
            .and_then(|&start| self.edges.get(start as usize))
        {
            // SAFETY: a prefetch reads nothing the program sees, and the address is an
            // element of the slice.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    (edge as *const Edge<D>).cast(),
                )
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = dir;
    }

    /// The end of the run of a vertex furthest along `dir`, climbing from the run that begins
    /// at `start`.
    #[inline]
    fn top(&self, start: u32, dir: &Vector<D>) -> usize {
        let mut run = start as usize;
        // Each step gains, so no vertex is left twice; a climb longer than the vertex count is
        // rounding going round in circles, and the scan answers.
        for _ in 0..self.grid.len() {
            let mut gain = 0.0;
            let mut next = UNSET;
            let mut at = run;
            // Every run ends with its end: the loop stops there.
            while self.edges[at].run != UNSET {
                let edge = &self.edges[at];
                let g = edge.step.dot(dir);
                if g > gain {
                    gain = g;
                    next = edge.run;
                }
                at += 1;
            }
            if next == UNSET {
                return at;
            }
            run = next as usize;
        }
        self.ends[furthest(&self.grid, dir) as usize] as usize
    }
}

/// Bits of the grid the hull is built on: see [`snap`].
const GRID_BITS: i32 = 50;

/// The points moved into their bounding box's frame, scaled by a power of two to within
/// [-1, 1] and rounded to multiples of 2^-[`GRID_BITS`]: the exact predicates are exact only
/// without underflow, and products of differences of subnormal or nearly coincident
/// coordinates underflow (a cloud with coordinates of 8.8e-310 got a hull 5.6 short of its
/// support points). On the grid every nonzero difference is at least 2^-50 and every product
/// the predicates form is far from underflow and overflow; the hull built there is the exact
/// hull of points within 2^-50 of the box's size of the real ones, which the climb then
/// compares exactly as they are.
fn snap<const D: usize>(points: &[Vector<D>]) -> Vec<Vector<D>> {
    let mut lo = points[0];
    let mut hi = points[0];
    for p in points {
        lo = lo.inf(p);
        hi = hi.sup(p);
    }
    let centre = (lo + hi) * 0.5;
    let half = (hi - lo).amax() * 0.5;
    // Shapes are at least 1e-50 across (`crate::range`): a smaller span is a point.
    if !(half >= f64::MIN_POSITIVE && half.is_finite()) {
        return vec![Vector::<D>::zeros(); points.len()];
    }
    // 2^k >= half: the scaled points lie within [-1, 1].
    let k = ceil_log2(half);
    let to_grid = pow2(GRID_BITS - k);
    let cell = pow2(-GRID_BITS);
    points
        .iter()
        .map(|p| ((p - centre) * to_grid).map(|x| x.round() * cell))
        .collect()
}

/// 2^e exactly, for `e` in -1022..=1023 (normal numbers), from its bits: `powi` and `log2`
/// promise no exactness (Miri rounds them at random, and the grid then was no grid).
fn pow2(e: i32) -> f64 {
    debug_assert!((-1022..=1023).contains(&e), "2^{e} is not a normal f64");
    f64::from_bits(((e + 1023) as u64) << 52)
}

/// The least `k` with `2^k >= x`, for a positive normal `x`, from its bits.
fn ceil_log2(x: f64) -> i32 {
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i32 - 1023;
    let fraction = bits & ((1 << 52) - 1);
    exponent + i32::from(fraction != 0)
}

/// The cell of the cube of directions that `dir` points through: the face of its largest
/// component (axis and sign), then, along each other axis, which of [`CELLS_PER_SIDE`] equal
/// slices of that face. Any cell for a zero or NaN direction.
#[inline]
fn direction_cell<const D: usize>(dir: &Vector<D>) -> usize {
    let k = CELLS_PER_SIDE[D - 2];
    let major = dir.iamax();
    let scale = 1.0 / dir[major].abs();
    let mut cell = 2 * major + usize::from(dir[major] < 0.0);
    for axis in (0..D).filter(|&axis| axis != major) {
        // In [0, k): the float-to-integer cast saturates (NaN gives 0).
        let slice = ((dir[axis] * scale + 1.0) * 0.5 * k as f64) as usize;
        cell = cell * k + slice.min(k - 1);
    }
    cell
}

/// The centre direction of every cell of the cube of directions, in the order of
/// [`direction_cell`].
fn cell_centres<const D: usize>() -> Vec<Vector<D>> {
    let k = CELLS_PER_SIDE[D - 2];
    let cells = 2 * D * k.pow(D as u32 - 1);
    (0..cells)
        .map(|cell| {
            // Undo direction_cell: the slices from the last axis back, then the face.
            let mut rest = cell;
            let mut slices = [0usize; 2];
            for s in slices.iter_mut().take(D - 1).rev() {
                *s = rest % k;
                rest /= k;
            }
            let (major, negative) = (rest / 2, rest % 2 == 1);
            let mut centre = Vector::<D>::zeros();
            centre[major] = if negative { -1.0 } else { 1.0 };
            for (slice, axis) in slices.iter().zip((0..D).filter(|&axis| axis != major)) {
                centre[axis] = (*slice as f64 + 0.5) / k as f64 * 2.0 - 1.0;
            }
            centre
        })
        .collect()
}

/// The vertex furthest along `dir` on the grid, by a scan.
fn furthest<const D: usize>(grid: &[Vector<D>], dir: &Vector<D>) -> u32 {
    let mut best = 0;
    for (i, p) in grid.iter().enumerate() {
        if p.dot(dir) > grid[best].dot(dir) {
            best = i;
        }
    }
    best as u32
}

fn coord2<const D: usize>(p: &Vector<D>) -> Coord<f64> {
    Coord { x: p[0], y: p[1] }
}

fn coord3<const D: usize>(p: &Vector<D>) -> Coord3D<f64> {
    Coord3D {
        x: p[0],
        y: p[1],
        z: p[2],
    }
}

/// The edges of the convex polygon of 2D points (Andrew's monotone chain, collinear points
/// dropped): a cycle, one edge for two distinct points, none for one.
fn polygon_edges<const D: usize>(points: &[Vector<D>]) -> Vec<[u32; 2]> {
    let mut order: Vec<u32> = (0..points.len() as u32).collect();
    let key = |i: &u32| (points[*i as usize][0], points[*i as usize][1]);
    order.sort_by(|a, b| {
        key(a)
            .partial_cmp(&key(b))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    order.dedup_by(|a, b| key(a) == key(b));
    if order.len() < 3 {
        return if order.len() == 2 {
            vec![[order[0], order[1]]]
        } else {
            Vec::new()
        };
    }
    // Lower chain left to right, then upper chain right to left: a counterclockwise cycle.
    let turns_left = |a: u32, b: u32, c: u32| {
        let [a, b, c] = [a, b, c].map(|i| coord2(&points[i as usize]));
        orient2d(a, b, c) > 0.0
    };
    let mut cycle: Vec<u32> = Vec::with_capacity(2 * order.len());
    for pass in [order.clone(), order.iter().rev().copied().collect()] {
        let floor = cycle.len();
        for &i in &pass {
            while cycle.len() >= floor + 2
                && !turns_left(cycle[cycle.len() - 2], cycle[cycle.len() - 1], i)
            {
                cycle.pop();
            }
            cycle.push(i);
        }
        // The chain's last point starts the next one.
        cycle.pop();
    }
    if cycle.len() < 3 {
        // Collinear: the two extremes.
        return vec![[order[0], order[order.len() - 1]]];
    }
    (0..cycle.len())
        .map(|k| [cycle[k], cycle[(k + 1) % cycle.len()]])
        .collect()
}

/// A triangle of the 3D hull, counterclockwise seen from outside.
struct Face {
    v: [u32; 3],
    /// The face across edge `(v[i], v[i + 1])`.
    adj: [u32; 3],
    /// The points strictly above this face and assigned to it.
    outside: Vec<u32>,
    alive: bool,
    /// The round in which it was found visible.
    seen: u32,
}

impl Face {
    fn new(v: [u32; 3]) -> Self {
        Self {
            v,
            adj: [UNSET; 3],
            outside: Vec::new(),
            alive: true,
            seen: 0,
        }
    }
}

/// The 3D hull under construction, and the buffers of its steps (kept between them: a
/// build adds every point of a cloud on a sphere).
struct Quickhull<'p, const D: usize> {
    points: &'p [Vector<D>],
    faces: Vec<Face>,
    /// The faces the point being added sees.
    visible: Vec<usize>,
    /// Their horizon: the edges `(u, v)` between a seen face and the unseen face beyond.
    horizon: Vec<(u32, u32, usize)>,
    /// The outside points of the seen faces, to be handed to the new ones.
    orphans: Vec<u32>,
    /// The new faces by their first vertex.
    starting: Vec<(u32, usize)>,
}

impl<const D: usize> Quickhull<'_, D> {
    /// Point `p` strictly above face `f` (exactly).
    fn above(&self, f: usize, p: u32) -> bool {
        let [a, b, c] = self.faces[f].v.map(|i| coord3(&self.points[i as usize]));
        orient3d(a, b, c, coord3(&self.points[p as usize])) < 0.0
    }

    /// Assigns each of `candidates` to the first of `faces` it is strictly above.
    fn assign(&mut self, candidates: &[u32], faces: std::ops::Range<usize>) {
        for &p in candidates {
            if let Some(f) = faces.clone().find(|&f| self.above(f, p)) {
                self.faces[f].outside.push(p);
            }
        }
    }

    /// The point of face `f`'s outside set furthest from its plane (in floating point: any
    /// point above the face is a valid choice).
    fn eye(&self, f: usize) -> u32 {
        let [a, b, c] = self.faces[f].v.map(|i| self.points[i as usize]);
        let normal = (b - a).cross(&(c - a));
        let height = |p: u32| normal.dot(&(self.points[p as usize] - a));
        let outside = &self.faces[f].outside;
        let mut eye = outside[0];
        let mut highest = height(eye);
        for &p in &outside[1..] {
            let h = height(p);
            if h > highest {
                eye = p;
                highest = h;
            }
        }
        eye
    }

    /// Adds `eye`, above face `start`: removes the faces it sees, joins it to their horizon,
    /// and hands their outside points to the new faces. None when the topology is broken.
    fn add(&mut self, start: usize, eye: u32, round: u32) -> Option<std::ops::Range<usize>> {
        let mut visible = std::mem::take(&mut self.visible);
        let mut horizon = std::mem::take(&mut self.horizon);
        let mut orphans = std::mem::take(&mut self.orphans);
        visible.clear();
        horizon.clear();
        orphans.clear();
        visible.push(start);
        self.faces[start].seen = round;
        let mut k = 0;
        while k < visible.len() {
            let g = visible[k];
            k += 1;
            for e in 0..3 {
                let h = self.faces[g].adj[e] as usize;
                if self.faces[h].seen == round {
                    continue;
                }
                if self.above(h, eye) {
                    self.faces[h].seen = round;
                    visible.push(h);
                } else {
                    horizon.push((self.faces[g].v[e], self.faces[g].v[(e + 1) % 3], h));
                }
            }
        }
        let joined = self.join(eye, &horizon);
        for &g in &visible {
            self.faces[g].alive = false;
            orphans.append(&mut self.faces[g].outside);
        }
        orphans.retain(|&p| p != eye);
        if let Some(new) = &joined {
            self.assign(&orphans, new.clone());
        }
        self.visible = visible;
        self.horizon = horizon;
        self.orphans = orphans;
        joined
    }

    /// A new face from each edge of `horizon` to `eye`, linked to the face beyond that edge
    /// and to its two new neighbours. None when the horizon is not one cycle (a vertex starts
    /// two of its edges, or ends none). The new faces are found by their first vertex in a
    /// sorted list (a handful of them, usually: a hash map per point cost more than the rest
    /// of the step).
    fn join(&mut self, eye: u32, horizon: &[(u32, u32, usize)]) -> Option<std::ops::Range<usize>> {
        let first = self.faces.len();
        for &(u, v, h) in horizon {
            let n = self.faces.len() as u32;
            let mut face = Face::new([u, v, eye]);
            face.adj[0] = h as u32;
            self.faces.push(face);
            let across =
                (0..3).find(|&e| self.faces[h].v[e] == v && self.faces[h].v[(e + 1) % 3] == u)?;
            self.faces[h].adj[across] = n;
        }
        let new = first..self.faces.len();
        let mut starting = std::mem::take(&mut self.starting);
        starting.clear();
        starting.extend(new.clone().map(|n| (self.faces[n].v[0], n)));
        starting.sort_unstable();
        let linked = starting.windows(2).all(|w| w[0].0 != w[1].0)
            && new.clone().all(|n| {
                let v = self.faces[n].v[1];
                match starting.binary_search_by_key(&v, |&(u, _)| u) {
                    Ok(at) => {
                        let next = starting[at].1;
                        self.faces[n].adj[1] = next as u32;
                        self.faces[next].adj[2] = n as u32;
                        true
                    }
                    Err(_) => false,
                }
            });
        self.starting = starting;
        linked.then_some(new)
    }
}

/// The edges of the 3D convex hull of `points` (Quickhull), each once; None for flat or
/// collinear clouds and for a build whose topology fails its checks.
fn polytope_edges<const D: usize>(points: &[Vector<D>]) -> Option<Vec<[u32; 2]>> {
    let n = points.len() as u32;
    // A first tetrahedron: the extremes along x, the point furthest from their line, the point
    // furthest from their plane.
    let by = |f: &dyn Fn(&Vector<D>) -> f64| {
        (0..n)
            .max_by(|a, b| {
                f(&points[*a as usize])
                    .partial_cmp(&f(&points[*b as usize]))
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
            .unwrap_or(0)
    };
    let spread = |k: usize| {
        let hi = by(&|p| p[k]);
        let lo = by(&|p| -p[k]);
        (points[hi as usize][k] - points[lo as usize][k], lo, hi)
    };
    let (_, i0, i1) = (0..3)
        .map(spread)
        .max_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal))?;
    let (p0, p1) = (points[i0 as usize], points[i1 as usize]);
    let i2 = by(&|p| (p1 - p0).cross(&(p - p0)).norm_squared());
    let p2 = points[i2 as usize];
    let normal = (p1 - p0).cross(&(p2 - p0));
    let i3 = by(&|p| normal.dot(&(p - p0)).abs());
    let [c0, c1, c2, c3] = [i0, i1, i2, i3].map(|i| coord3(&points[i as usize]));
    let volume = orient3d(c0, c1, c2, c3);
    if volume == 0.0 {
        return None;
    }
    // Each face counterclockwise from outside: the opposite vertex below it.
    let base = if volume > 0.0 {
        [i0, i1, i2]
    } else {
        [i0, i2, i1]
    };
    let [a, b, c] = base;
    let mut hull = Quickhull {
        points,
        visible: Vec::new(),
        horizon: Vec::new(),
        orphans: Vec::new(),
        starting: Vec::new(),
        faces: vec![
            Face::new([a, b, c]),
            Face::new([a, i3, b]),
            Face::new([b, i3, c]),
            Face::new([c, i3, a]),
        ],
    };
    let mut edge_face = HashMap::new();
    for (f, face) in hull.faces.iter().enumerate() {
        for e in 0..3 {
            edge_face.insert((face.v[e], face.v[(e + 1) % 3]), f as u32);
        }
    }
    for face in &mut hull.faces {
        for e in 0..3 {
            face.adj[e] = *edge_face.get(&(face.v[(e + 1) % 3], face.v[e]))?;
        }
    }
    let others: Vec<u32> = (0..n).filter(|i| ![i0, i1, i2, i3].contains(i)).collect();
    hull.assign(&others, 0..4);
    let mut pending: Vec<usize> = (0..4).collect();
    let mut round = 0;
    while let Some(f) = pending.pop() {
        if !hull.faces[f].alive || hull.faces[f].outside.is_empty() {
            continue;
        }
        round += 1;
        if round > n {
            // Each point is added at most once.
            return None;
        }
        let eye = hull.eye(f);
        pending.extend(hull.add(f, eye, round)?);
    }
    // Each edge once, from the face where it runs from the smaller index; then Euler's
    // formula for a sphere as a last check of the topology.
    let alive: Vec<&Face> = hull.faces.iter().filter(|f| f.alive).collect();
    let mut edges = Vec::with_capacity(3 * alive.len() / 2);
    let mut vertices = Vec::with_capacity(alive.len());
    for face in &alive {
        for e in 0..3 {
            let (u, v) = (face.v[e], face.v[(e + 1) % 3]);
            if u < v {
                edges.push([u, v]);
            }
            vertices.push(u);
        }
    }
    vertices.sort_unstable();
    vertices.dedup();
    let euler = vertices.len() as i64 - edges.len() as i64 + alive.len() as i64;
    (euler == 2 && 2 * edges.len() == 3 * alive.len()).then_some(edges)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_random::in_both_dimensions;

    /// A small deterministic generator (xorshift).
    struct Rng(u64);

    impl Rng {
        fn unit(&mut self) -> f64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
        }
    }

    fn brute<const D: usize>(points: &[Vector<D>], dir: &Vector<D>) -> f64 {
        points.iter().map(|p| p.dot(dir)).fold(f64::MIN, f64::max)
    }

    /// Climbing reaches the scan's maximum on random clouds, spheres, grids (many coplanar
    /// and collinear points) and duplicated points, in 2D and 3D.
    fn climbs_to_the_maximum<const D: usize>() {
        let mut rng = Rng(0x9E3779B97F4A7C15);
        for case in 0..60 {
            let n = 4 + case * 7;
            let points: Vec<Vector<D>> = (0..n)
                .map(|i| {
                    let v = Vector::<D>::from_fn(|_, _| rng.unit());
                    match case % 6 {
                        0 => v,
                        1 => v.normalize() * 3.0,
                        // A grid: coplanar faces, collinear edges.
                        2 => v.map(|x| (x * 3.0).round()),
                        3 => Vector::<D>::from_fn(|k, _| ((i / 2 + k) % 5) as f64),
                        // Far from the origin: values round to 1e-10, features are 1.
                        4 => v.map(|x| x + 1e6),
                        // Pairs of points 1e-16 apart: gains below the values' rounding.
                        _ => {
                            let base =
                                Vector::<D>::from_fn(|k, _| ((i / 2 * 7 + k * 3) % 11) as f64);
                            base.map(|x| x + (i % 2) as f64 * 1e-16)
                        }
                    }
                })
                .collect();
            let Some(graph) = HullGraph::new(&points) else {
                panic!("no graph for case {case}");
            };
            assert!(graph.vertex_count() <= n);
            // The hull is built on a grid of 2^-50 of the cloud's box (see `snap`), and values
            // are rounded to the points' magnitude.
            let span = (0..D)
                .map(|k| {
                    brute(
                        &points,
                        &Vector::<D>::from_fn(|i, _| if i == k { 1.0 } else { 0.0 }),
                    ) + brute(
                        &points,
                        &Vector::<D>::from_fn(|i, _| if i == k { -1.0 } else { 0.0 }),
                    )
                })
                .fold(0.0, f64::max);
            let magnitude = points.iter().map(|p| p.norm()).fold(0.0, f64::max);
            let slack = |dir: &Vector<D>| {
                (4.0 * pow2(-GRID_BITS) * span + 8.0 * f64::EPSILON * magnitude) * dir.norm()
            };
            let mut directions: Vec<Vector<D>> = (0..200)
                .map(|_| Vector::<D>::from_fn(|_, _| rng.unit()))
                .collect();
            // And the axes (ties on grid faces).
            for k in 0..D {
                for s in [1.0, -1.0] {
                    directions.push(Vector::<D>::from_fn(|i, _| if i == k { s } else { 0.0 }));
                }
            }
            // A hint for any direction, NaN and zero included, without a panic.
            for dir in directions
                .iter()
                .chain(&[Vector::zeros(), Vector::repeat(f64::NAN)])
            {
                graph.prefetch_support(dir);
            }
            for dir in &directions {
                let (index, p) = graph.support(dir);
                assert_eq!(
                    p, points[index],
                    "case {case}: the point is the input point"
                );
                let best = brute(&points, dir);
                assert!(
                    p.dot(dir) >= best - slack(dir),
                    "case {case}: {} < {best} along {dir:?}",
                    p.dot(dir)
                );
            }
        }
    }

    in_both_dimensions!(climbs_to_the_maximum);

    /// Two vertices 1e-16 apart at 6 from the origin (found by fuzzing): their values along
    /// the direction round alike, and comparing values stopped the climb at 3.64, the maximum
    /// being 4.62 (at -7.875, 1.875, 1.875, reached through the second of them).
    #[test]
    fn climbs_past_nearly_coincident_vertices() {
        #[rustfmt::skip]
        let xyz = [
            4.125, 4.125, 4.125, 7.375, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, -4.125, 1.57064036019029e-309, 2.125, 4.125, 4.125, 4.125, 4.125, 4.125, 4.625,
            4.125, 4.125, 0.0, 4.125, 4.375, 0.0, 4.125, 4.125, 4.125, 4.125, 4.125, 4.125, 4.125,
            0.0, 2.125, 4.125, 4.125, 4.125, 4.125, 4.125, 4.125, 4.125, 4.125, 0.0, 4.125, 4.375,
            4.125, 5.125, 4.125, 4.125, -15.125, 1.875, 5.5, 0.0, 1.875, -7.875, -7.875, -7.875,
            -7.875, 1.875, 1.875, 0.0, 6.0, 6.0, 6.0, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16,
            1e-16, 1e-16, 1e-16, 1e-16, 1e-16, 1e-16, 6.0, 6.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.0, 0.0, 4.18634114753589e-149, -15.125, 0.0, 1.875, 1.875, 1.875, 1.875, 1.875,
        ];
        let points: Vec<Vector<3>> = xyz
            .chunks_exact(3)
            .map(|p| Vector::<3>::new(p[0], p[1], p[2]))
            .collect();
        let graph = HullGraph::new(&points).unwrap();
        let dir = Vector::<3>::new(-0.442118163834208, -0.25429018573470785, 0.8601558176556596);
        let index = graph.support(&dir).0;
        assert_eq!(points[index], Vector::<3>::new(-7.875, 1.875, 1.875));
    }

    /// The 80 distinct points of a fuzzed cloud (query_3d, a hull tiled to 517 points), with
    /// coordinates of 8.8e-310 (subnormal): the exact predicates underflowed, and the climb
    /// ended 5.6 short of the maximum. The cloud is 8 points scaled by `1 + 4 k EPSILON` for
    /// `k` from 0 to 10 (the subnormal ones often round alike, kept once).
    #[test]
    fn fuzzed_cloud_with_subnormal_coordinates() {
        let tiny = 8.83492947568386e-310;
        let tile = [
            [-12.5, -12.5, -12.5],
            [-12.5, 12.25, 0.25],
            [31.5, -12.5, -30.25],
            [tiny, 0.5, tiny],
            [-29.75, 3.75, -29.75],
            [3.75, 3.75, -2.75],
            [16.5, -12.5, -4.75],
            [tiny, tiny, tiny],
        ];
        let mut points: Vec<Vector<3>> = Vec::new();
        for k in 0..11 {
            let scale = 1.0 + f64::from(4 * k) * f64::EPSILON;
            for p in &tile {
                let p = Vector::<3>::from(*p) * scale;
                if !points.contains(&p) {
                    points.push(p);
                }
            }
        }
        assert_eq!(points.len(), 80);
        let graph = HullGraph::new(&points).unwrap();
        let mut rng = Rng(12345);
        for _ in 0..20000 {
            let dir = Vector::<3>::from_fn(|_, _| rng.unit());
            let got = points[graph.support(&dir).0].dot(&dir);
            let best = brute(&points, &dir);
            assert!(
                got >= best - 1e-13 * dir.norm(),
                "{got} < {best} along {dir:?}"
            );
        }
    }

    /// Every cell's centre lies in that cell.
    #[test]
    fn cell_centres_lie_in_their_cells() {
        for (c, d) in cell_centres::<2>().iter().enumerate() {
            assert_eq!(direction_cell(d), c, "{d:?}");
        }
        for (c, d) in cell_centres::<3>().iter().enumerate() {
            assert_eq!(direction_cell(d), c, "{d:?}");
        }
        assert_eq!(cell_centres::<3>().len(), 6 * 16 * 16);
        let nan = Vector::<3>::new(f64::NAN, 0.0, 0.0);
        assert!(direction_cell(&nan) < 6 * 16 * 16);
        assert!(direction_cell(&Vector::<3>::zeros()) < 6 * 16 * 16);
    }

    /// The grid's powers of two, against the exact ones (`powi` promises no exactness).
    #[test]
    fn powers_of_two_are_exact() {
        let mut exact = 1.0f64;
        for e in 0..=1023 {
            assert_eq!(pow2(e), exact, "2^{e}");
            assert_eq!(ceil_log2(exact), e);
            assert_eq!(ceil_log2(exact * 1.5), e + 1);
            exact *= 2.0;
        }
        let mut exact = 1.0f64;
        for e in (-1022..=0).rev() {
            assert_eq!(pow2(e), exact, "2^{e}");
            assert_eq!(ceil_log2(exact), e);
            assert_eq!(ceil_log2(exact * 0.75), e);
            exact *= 0.5;
        }
    }

    /// A flat 3D cloud has no graph (its support stays a scan); a polygon of collinear points
    /// is its two ends.
    #[test]
    fn degenerate_clouds() {
        let flat: Vec<Vector<3>> = (0..10)
            .map(|i| Vector::<3>::new(i as f64, (i * i % 7) as f64, 0.0))
            .collect();
        assert!(HullGraph::new(&flat).is_none());
        let line: Vec<Vector<2>> = (0..10)
            .map(|i| Vector::<2>::new(i as f64, 2.0 * i as f64))
            .collect();
        let graph = HullGraph::new(&line).unwrap();
        assert_eq!(graph.vertex_count(), 2);
        assert_eq!(graph.support(&Vector::<2>::new(1.0, 0.0)).0, 9);
        let one = vec![Vector::<2>::new(1.0, 2.0); 5];
        assert_eq!(
            HullGraph::new(&one)
                .unwrap()
                .support(&Vector::<2>::new(1.0, 0.0))
                .0,
            0
        );
    }
}
