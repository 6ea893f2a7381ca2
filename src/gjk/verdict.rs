//! The boolean query's fast path: GJK that only steers towards the origin.
//!
//! A boolean query needs no closest point, only a verdict, and both verdicts have proofs that
//! do not depend on how the search got there: a direction along which every point of `A - B`
//! lies beyond the origin by more than the touching tolerance proves the shapes apart (the
//! test of [`crate::gjk`]), and a simplex of support points that holds the origin strictly
//! inside, every signed area or volume clear of its rounding, proves them overlapping. So the
//! search between them can be the cheapest there is: the classic Voronoi-region update, which
//! keeps the newest point and the sub-simplex facing the origin and takes the next direction
//! from cross products, with no weights and no distance bounds. A simplex that holds the
//! origin on a face (symmetric placements) gets one more support point beyond that face.
//!
//! Whatever it cannot prove (the origin near the boundary of `A - B`, touching shapes, a
//! repeated support point, a flat or thin simplex, a direction that vanishes, too many steps,
//! a non-finite number) it leaves to the full search, which answers every input. The full
//! search starts afresh, so that an answer without a proof is the one the distance query
//! gives.
//!
//! Only shapes without margins take this path: the cores of balls and capsules (points and
//! segments) never enclose the origin in 3D, so every overlapping pair would pay for both.

use nalgebra::Vector3;

use super::search::Tolerances;
use crate::simplex::strictly_encloses_origin;
use crate::simplex::Keying;
use crate::support::lift;
use crate::support::{MinkowskiPair, Support, Vector};

/// Defines the function `$name`, which runs `$body` (always inlined) compiled for AVX2 where
/// the CPU has it (`$avx2`, x86_64) and for the target's baseline elsewhere; both compute the
/// same numbers. The generics and the bounds are given in brackets, as written in a signature.
macro_rules! compiled_for_avx2 {
    (
        $(#[$doc:meta])*
        $vis:vis fn $name:ident / $avx2:ident => $body:ident[$($generics:tt)*](
            $($arg:ident: $ty:ty),*
        ) -> $ret:ty
        where [$($bounds:tt)*]
    ) => {
        $(#[$doc])*
        $vis fn $name<$($generics)*>($($arg: $ty),*) -> $ret
        where
            $($bounds)*
        {
            #[cfg(target_arch = "x86_64")]
            {
                if std::is_x86_feature_detected!("avx2") {
                    // SAFETY: the CPU supports AVX2, checked just above.
                    return unsafe { $avx2($($arg),*) };
                }
            }
            $body($($arg),*)
        }

        #[doc = concat!("[`", stringify!($name), "`] compiled for AVX2.")]
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2")]
        fn $avx2<$($generics)*>($($arg: $ty),*) -> $ret
        where
            $($bounds)*
        {
            $body($($arg),*)
        }
    };
}

/// The most support points the fast path evaluates before it leaves the pair to the full
/// search (it decides every pair of the W2D and W3D reference workloads within it).
const MAX_STEPS: u32 = 32;

/// How far from the origin, relative to the pair's extent (the sum of the shapes'), the inner
/// point of `A - B` must lie to start the simplex.
const INNER_CLEARANCE: f64 = 1.0 / 64.0;

/// How the support points of a verdict's proof were found, for a [`crate::SimplexCache`]: the
/// vertices of the simplex that encloses the origin, or the one support point whose direction
/// separates the shapes; `None` past them, and everywhere for a proof not kept (an enclosing
/// simplex found by probing beyond a face) or no proof.
pub(crate) type Proof<K> = [Option<K>; 4];

/// What the fast path made of a pair.
pub(crate) enum Quick {
    /// Proven: overlapping (`true`) or apart by more than the touching tolerance.
    Verdict(bool),
    /// Not proven: left to the full search.
    Undecided,
}

compiled_for_avx2! {
    /// The verdict on `pair` when the fast path can prove it.
    /// At most `max_steps` support points are evaluated. Where the CPU has AVX2 (x86_64), the
    /// path runs a build of itself compiled for it, with the support functions of point clouds
    /// inlined: bitwise the same arithmetic (no fused operations), with fewer instructions
    /// (three-operand forms, no register copies).
    pub(crate) fn quick_verdict / quick_verdict_avx2 => quick_verdict_body[const D: usize, A, B, K](
        pair: &MinkowskiPair<'_, D, A, B>,
        max_steps: u32,
        start: Option<&Vector<D>>,
        proof: &mut Proof<K>
    ) -> Quick
    where [
        K: Keying<D>,
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    ]
}

/// [`quick_verdict`] itself, inlined into both builds; so are the helpers it calls, since code
/// called without inlining runs its baseline build.
#[inline(always)]
fn quick_verdict_body<const D: usize, A, B, K>(
    pair: &MinkowskiPair<'_, D, A, B>,
    max_steps: u32,
    start: Option<&Vector<D>>,
    proof: &mut Proof<K>,
) -> Quick
where
    K: Keying<D>,
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let planar = D == 2;
    let mut simplex = Simplex {
        points: [Vector3::zeros(); 4],
        keys: [None; 4],
        len: 0,
    };
    if pair.margins() != (0.0, 0.0) || pair.extent() == 0.0 {
        return Quick::Undecided;
    }
    let tolerances = Tolerances::of(pair);
    let beyond = tolerances.contact + tolerances.separating;
    let mut direction = match start.and_then(|d| unit_scaled(lift(d))) {
        Some(d) => d,
        None => {
            // A point of `A - B` known without a support evaluation, the simplex's first
            // vertex when it is clear of the origin (near it, it would leave the origin on a
            // face of every simplex): W3D-8 -10%, W2D-4 -13% (one support point fewer).
            let inner = pair
                .inner_point()
                .map(|p| lift(&p.w))
                .filter(|p| p.amax() > pair.extent() * INNER_CLEARANCE);
            if let Some(point) = inner {
                simplex.points[0] = point;
                simplex.keys[0] = Some(K::inner_point_key());
                simplex.len = 1;
            }
            let from = inner.unwrap_or_else(|| lift(&tolerances.center));
            unit_scaled(-from).unwrap_or(Vector3::x())
        }
    };
    let steps = max_steps.min(MAX_STEPS);
    for step in 1..=steps {
        let (support, key) = K::support(pair, &direction.fixed_rows::<D>(0).into_owned());
        let w = lift(&support.w);
        let reach = w.dot(&direction);
        // A component of `w` that is not finite makes `reach` not finite (the direction is
        // finite and not zero: infinity times a component is infinite or, times 0, NaN).
        if !reach.is_finite() {
            return Quick::Undecided;
        }
        if reach < -beyond * direction.norm() {
            *proof = [Some(key), None, None, None];
            return Quick::Verdict(false);
        }
        if reach < 0.0 || simplex.points[..simplex.len].contains(&w) {
            // Within the touching tolerance of the origin, or no progress: not provable here.
            return Quick::Undecided;
        }
        simplex.points[simplex.len] = w;
        simplex.keys[simplex.len] = Some(key);
        simplex.len += 1;
        direction = match simplex.update(planar) {
            Step::Towards(d) => match unit_scaled(d) {
                Some(d) => d,
                None => return Quick::Undecided,
            },
            Step::Enclosed => {
                let points = &simplex.points[..simplex.len];
                return match strictly_encloses_origin(points, planar) {
                    Ok(()) => {
                        *proof = simplex.keys;
                        proof[simplex.len..].fill(None);
                        Quick::Verdict(true)
                    }
                    Err(nearest) if step < steps && simplex.probe_beyond(nearest, pair) => {
                        Quick::Verdict(true)
                    }
                    Err(_) => Quick::Undecided,
                };
            }
        };
    }
    Quick::Undecided
}

/// What the simplex update found.
enum Step {
    /// The origin lies beyond the kept sub-simplex in this direction.
    Towards(Vector3<f64>),
    /// The simplex (a triangle in 2D, a tetrahedron in 3D) seems to hold the origin.
    Enclosed,
}

/// The simplex of the fast path, in 3D coordinates (2D points have z = 0), its newest point
/// last, and how its vertices were found.
struct Simplex<K> {
    points: [Vector3<f64>; 4],
    keys: Proof<K>,
    len: usize,
}

impl<K: Copy> Simplex<K> {
    /// Keeps the sub-simplex whose region holds the origin (it always holds the newest point)
    /// and returns the direction from it towards the origin (square to it when the origin
    /// lies on it).
    #[inline(always)]
    fn update(&mut self, planar: bool) -> Step {
        match self.len {
            1 => Step::Towards(-self.points[0]),
            2 => self.segment(0, 1, planar),
            3 => self.triangle(0, 1, 2, planar),
            _ => self.tetrahedron(),
        }
    }

    /// Keeps the vertices `kept`, in that order.
    #[inline(always)]
    fn keep(&mut self, kept: &[usize]) {
        let (points, keys) = (self.points, self.keys);
        for (slot, &i) in kept.iter().enumerate() {
            self.points[slot] = points[i];
            self.keys[slot] = keys[i];
        }
        self.len = kept.len();
    }

    /// For a simplex that holds the origin on (or near) the face opposite `vertex`, as on
    /// symmetric placements (the diagonal of two boxes' square difference): whether the
    /// support point beyond that face, taking the place of one vertex, makes a simplex that
    /// holds the origin strictly. One support evaluation; the simplex is left as it was.
    fn probe_beyond<const D: usize, A, B>(
        &self,
        vertex: usize,
        pair: &MinkowskiPair<'_, D, A, B>,
    ) -> bool
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        let planar = D == 2;
        let mut face = [0; 3];
        for (slot, i) in (0..self.len).filter(|&i| i != vertex).enumerate() {
            face[slot] = i;
        }
        let [p, q, r] = face.map(|i| self.points[i]);
        let normal = if planar {
            Vector3::new(p.y - q.y, q.x - p.x, 0.0)
        } else {
            (q - p).cross(&(r - p))
        };
        let outward = if normal.dot(&(self.points[vertex] - p)) > 0.0 {
            -normal
        } else {
            normal
        };
        let Some(direction) = unit_scaled(outward) else {
            return false;
        };
        let w = pair.support(&direction.fixed_rows::<D>(0).into_owned()).w;
        if !w.iter().all(|x| x.is_finite()) {
            return false;
        }
        let w = lift(&w);
        let points = &self.points[..self.len];
        !points.contains(&w)
            && (0..self.len).any(|i| {
                let mut replaced = self.points;
                replaced[i] = w;
                strictly_encloses_origin(&replaced[..self.len], planar).is_ok()
            })
    }

    /// The segment from vertex `j` to the newest vertex `i`.
    #[inline(always)]
    fn segment(&mut self, j: usize, i: usize, planar: bool) -> Step {
        let (a, b) = (self.points[i], self.points[j]);
        let (ab, ao) = (b - a, -a);
        if ab.dot(&ao) <= 0.0 {
            self.keep(&[i]);
            return Step::Towards(ao);
        }
        self.keep(&[j, i]);
        // Square to the segment, towards the origin (in its plane with the origin).
        let towards = ab.cross(&ao).cross(&ab);
        if towards != Vector3::zeros() {
            return Step::Towards(towards);
        }
        // The origin on the segment's line (symmetric placements: boxes on a grid): any
        // direction square to it.
        let across = if planar {
            Vector3::new(-ab.y, ab.x, 0.0)
        } else {
            ab.cross(&Vector3::ith(ab.iamin(), 1.0))
        };
        Step::Towards(across)
    }

    /// The triangle of vertices `k`, `j` and the newest `i`.
    #[inline(always)]
    fn triangle(&mut self, k: usize, j: usize, i: usize, planar: bool) -> Step {
        let (a, b, c) = (self.points[i], self.points[j], self.points[k]);
        let (ab, ac, ao) = (b - a, c - a, -a);
        let n = ab.cross(&ac);
        // The origin beyond an edge through `a` (its normal in the plane, away from the third
        // vertex): that edge's segment.
        if ab.cross(&n).dot(&ao) > 0.0 {
            return self.segment(j, i, planar);
        }
        if n.cross(&ac).dot(&ao) > 0.0 {
            return self.segment(k, i, planar);
        }
        if planar {
            return Step::Enclosed;
        }
        self.keep(&[k, j, i]);
        // Either side when the origin lies in the triangle's plane.
        Step::Towards(if n.dot(&ao) >= 0.0 { n } else { -n })
    }

    /// The tetrahedron of the four vertices, the newest last. The face opposite it was the
    /// last triangle, with the origin on the newest vertex's side.
    #[inline(always)]
    fn tetrahedron(&mut self) -> Step {
        let a = self.points[3];
        let ao = -a;
        for (x, y, opposite) in [(2, 1, 0), (1, 0, 2), (0, 2, 1)] {
            let mut n = (self.points[x] - a).cross(&(self.points[y] - a));
            if n.dot(&(self.points[opposite] - a)) > 0.0 {
                n = -n;
            }
            if n.dot(&ao) > 0.0 {
                return self.triangle(x, y, 3, false);
            }
        }
        Step::Enclosed
    }
}

/// `v` scaled by a power of two (exact, and no division on the search's critical path) so
/// that its largest component lies in [1, 2): the directions' cross products grow as the cube
/// of the shapes' size. `None` for a zero, subnormal, huge or non-finite direction.
#[inline(always)]
fn unit_scaled(v: Vector3<f64>) -> Option<Vector3<f64>> {
    let largest = v.amax();
    if !(f64::MIN_POSITIVE..1e300).contains(&largest) {
        return None;
    }
    // 2^-e for largest = m * 2^e, m in [1, 2), e in -1022..=996: 2^-e is a normal number.
    let exponent = ((largest.to_bits() >> 52) & 0x7ff) as i64 - 1023;
    let factor = f64::from_bits(((1023 - exponent) as u64) << 52);
    Some(v * factor)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Ball, ConvexHull, Cuboid};
    use crate::support::{Pose, Vector};
    use crate::test_random::in_both_dimensions;

    fn verdict<const D: usize>(
        a: &impl Support<D>,
        b: &impl Support<D>,
        at: Vector<D>,
    ) -> Option<bool> {
        let pose_b = Pose::from_translation(at).expect("a finite offset");
        let pair = MinkowskiPair::new(a, &Pose::identity(), b, &pose_b);
        outcome(quick_verdict::<D, _, _, ()>(
            &pair,
            100,
            None,
            &mut [None; 4],
        ))
    }

    /// Two boxes of half size 1 offset along a grid overlap exactly when every offset is at
    /// most 2. Every proven verdict is that one; touching boxes (an offset of exactly 2, the
    /// others within) are never proven; nearly all the others are (115 of 116 in 2D, 1396 of
    /// 1432 in 3D when written), symmetric ones included (the origin on a simplex edge).
    fn boxes_agree_with_the_exact_overlap<const D: usize>() {
        let cube = Cuboid::<D>::new(Vector::repeat(1.0)).expect("a valid box");
        let steps = [
            -3.0,
            -2.0 - 1e-9,
            -2.0,
            -1.999,
            -1.0,
            -0.3,
            0.0,
            0.7,
            1.5,
            2.0,
            2.0 + 1e-12,
            2.5,
        ];
        let (mut proven, mut clear) = (0, 0);
        for index in 0..steps.len().pow(D as u32) {
            let at =
                Vector::<D>::from_fn(|k, _| steps[index / steps.len().pow(k as u32) % steps.len()]);
            let overlap = at.iter().all(|x| x.abs() <= 2.0);
            let touching = overlap && at.iter().any(|x| x.abs() == 2.0);
            let found = verdict(&cube, &cube, at);
            if let Some(found) = found {
                assert_eq!(found, overlap, "offset {at:?}");
            }
            if touching {
                assert_eq!(found, None, "touching at offset {at:?}");
            } else {
                clear += 1;
                proven += usize::from(found.is_some());
            }
        }
        assert!(proven * 20 >= clear * 19, "{proven} of {clear} proven");
    }

    in_both_dimensions!(boxes_agree_with_the_exact_overlap);

    /// The widest gap between the shadows of the clouds `a` and `b` on a candidate separating
    /// axis: the perpendiculars of point pairs in 2D; in 3D the normals of point triples of
    /// either cloud and the cross products of a pair of `a` with a pair of `b`. These hold
    /// every face normal and edge-edge axis, so by the separating axis theorem the hulls are
    /// apart exactly when it is positive (brute force, for a few points).
    fn widest_gap<const D: usize>(a: &[Vector<D>], b: &[Vector<D>]) -> f64 {
        let lift3 = |p: &Vector<D>| lift(p);
        let pairs = |c: &[Vector<D>]| {
            let c: Vec<Vector3<f64>> = c.iter().map(lift3).collect();
            let mut edges = Vec::new();
            for i in 0..c.len() {
                for j in i + 1..c.len() {
                    edges.push((c[i], c[j] - c[i]));
                }
            }
            edges
        };
        let (edges_a, edges_b) = (pairs(a), pairs(b));
        let mut axes: Vec<Vector3<f64>> = Vec::new();
        if D == 2 {
            for (_, e) in edges_a.iter().chain(&edges_b) {
                axes.push(Vector3::new(-e.y, e.x, 0.0));
            }
        } else {
            for edges in [&edges_a, &edges_b] {
                for (p, e) in edges.iter() {
                    for (q, f) in edges.iter() {
                        if p == q {
                            axes.push(e.cross(f));
                        }
                    }
                }
            }
            for (_, e) in &edges_a {
                for (_, f) in &edges_b {
                    axes.push(e.cross(f));
                }
            }
        }
        let shadow = |c: &[Vector<D>], n: &Vector3<f64>| {
            let dots = c.iter().map(|p| lift(p).dot(n));
            let lo = dots.clone().fold(f64::INFINITY, f64::min);
            (lo, dots.fold(f64::NEG_INFINITY, f64::max))
        };
        axes.iter()
            .filter(|n| n.norm() > 0.0)
            .map(|n| {
                let n = n.normalize();
                let ((a_lo, a_hi), (b_lo, b_hi)) = (shadow(a, &n), shadow(b, &n));
                (b_lo - a_hi).max(a_lo - b_hi)
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// With the inner point of `A - B` as a free first vertex, every proven verdict is the
    /// exact one: corners of a cube (whose bounding box's centre lies outside them, in 3D) and
    /// small random clouds, flipped, scaled and placed at random, against the brute-force
    /// separating axes of [`widest_gap`] (pairs within 1e-9 of touching are not compared).
    fn proofs_hold_with_the_inner_point<const D: usize>() {
        let mut next = crate::test_random::uniform(0x0bad_5eed_1234_5678);
        let (mut proven, mut clear) = (0, 0);
        for case in 0..3000 {
            let mut cloud = |corner: bool| -> Vec<Vector<D>> {
                let scale = 1.0 + 0.5 * next();
                let flip = Vector::<D>::from_fn(|_, _| if next() < 0.0 { -scale } else { scale });
                let offset = Vector::<D>::from_fn(|_, _| next() * 3.0);
                let n = if corner {
                    D + 1
                } else {
                    3 + (next().abs() * 5.0) as usize
                };
                (0..n)
                    .map(|i| {
                        let p = if corner {
                            Vector::<D>::from_fn(|k, _| if k + 1 == i { 1.0 } else { 0.0 })
                        } else {
                            Vector::<D>::from_fn(|_, _| next())
                        };
                        p.component_mul(&flip) + offset
                    })
                    .collect()
            };
            let (points_a, points_b) = (cloud(case % 2 == 0), cloud(case % 3 != 2));
            let at = Vector::<D>::from_fn(|_, _| next() * 4.0);
            let placed_b: Vec<Vector<D>> = points_b.iter().map(|p| p + at).collect();
            let gap = widest_gap(&points_a, &placed_b);
            let a = ConvexHull::new(points_a).expect("a valid cloud");
            let b = ConvexHull::new(points_b).expect("a valid cloud");
            if gap.abs() <= 1e-9 {
                continue;
            }
            clear += 1;
            if let Some(found) = verdict(&a, &b, at) {
                proven += 1;
                assert_eq!(found, gap < 0.0, "case {case}: gap {gap}");
            }
        }
        assert!(proven * 10 >= clear * 9, "{proven} of {clear} proven");
    }

    in_both_dimensions!(proofs_hold_with_the_inner_point);

    /// What the fast path made of a pair, comparable.
    fn outcome(quick: Quick) -> Option<bool> {
        match quick {
            Quick::Verdict(v) => Some(v),
            Quick::Undecided => None,
        }
    }

    /// The AVX2 build of the fast path gives the baseline build's outcome on every pair: random
    /// hulls of 3 to 40 points, overlapping, apart, and placed so that they touch within a
    /// few rounding units (one hull moved by the other's support distance), with coordinates
    /// from 1e-6 to 1e6.
    fn builds_agree<const D: usize>() {
        #[cfg(target_arch = "x86_64")]
        if !std::is_x86_feature_detected!("avx2") {
            eprintln!("no AVX2 on this CPU: its build of the fast path is not checked");
            return;
        }
        let mut next = crate::test_random::uniform(0x9e37_79b9_7f4a_7c15u64);
        let (mut proven, mut pairs) = (0, 0);
        for case in 0..600 {
            let scale = [1e-6, 1.0, 1e6][case % 3];
            let mut cloud = |n: usize| {
                let points = (0..n)
                    .map(|_| Vector::<D>::from_fn(|_, _| next() * scale))
                    .collect();
                ConvexHull::<D>::new(points).expect("a valid cloud")
            };
            let (a, b) = (cloud(3 + case % 38), cloud(3 + (case * 7) % 38));
            let axis = Vector::<D>::from_fn(|_, _| next()).normalize();
            // B along `axis` at its touching offset (the sum of the supports), then nearer and
            // farther.
            let touching = a.support(&axis).dot(&axis) + b.support(&-axis).dot(&-axis);
            for factor in [0.0, 0.5, 1.0 - 1e-15, 1.0, 1.0 + 1e-15, 1.5] {
                let pose = Pose::from_translation(axis * touching * factor).expect("finite");
                let pair = MinkowskiPair::new(&a, &Pose::identity(), &b, &pose);
                let baseline = outcome(quick_verdict_body::<D, _, _, ()>(
                    &pair,
                    MAX_STEPS,
                    None,
                    &mut [None; 4],
                ));
                #[cfg(target_arch = "x86_64")]
                {
                    // SAFETY: the CPU supports AVX2, checked above.
                    let fast = outcome(unsafe {
                        quick_verdict_avx2::<D, _, _, ()>(&pair, MAX_STEPS, None, &mut [None; 4])
                    });
                    assert_eq!(fast, baseline, "case {case}, factor {factor}");
                }
                proven += usize::from(baseline.is_some());
                pairs += 1;
            }
        }
        // Most pairs are proven, so the comparison covers both verdicts, not only "undecided".
        assert!(proven * 10 >= pairs * 7, "{proven} of {pairs} proven");
    }

    in_both_dimensions!(builds_agree);

    /// Shapes with margins are left to the full search, even a ball deep inside a box.
    #[test]
    fn rounded_shapes_are_left_to_the_full_search() {
        let ball = Ball::<3>::new(1.0).expect("a valid ball");
        let cube = Cuboid::<3>::new(Vector::repeat(1.0)).expect("a valid box");
        assert_eq!(verdict(&ball, &cube, Vector::<3>::new(0.5, 0.0, 0.0)), None);
    }

    #[test]
    fn directions_are_scaled_exactly() {
        let v = Vector3::new(3.0e-200, -5.0e-201, 1.0e-210);
        let scaled = unit_scaled(v).expect("a normal direction");
        assert!((1.0..2.0).contains(&scaled.amax()));
        // A power of two: every ratio is kept bitwise.
        assert_eq!(scaled.x / v.x, scaled.y / v.y);
        assert_eq!(
            unit_scaled(Vector3::new(-6.0, 1.0, 0.0)),
            Some(Vector3::new(-1.5, 0.25, 0.0))
        );
        for bad in [0.0, 1e-310, 1e301, f64::INFINITY, f64::NAN] {
            assert_eq!(unit_scaled(Vector3::new(bad, 0.0, 0.0)), None, "{bad}");
        }
    }
}
