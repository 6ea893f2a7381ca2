//! GJK in exact arithmetic on two point sets: the paper's loop with every number an integer
//! (see [`super::integer`]), so that its answer is the exact one and its end is certain.
//!
//! The closest point of a simplex to the origin is found by Johnson's sub-algorithm as the
//! paper states it: for each subset of the simplex holding the newest vertex (the closest point
//! moves towards it), smallest first, the point of its affine hull closest to the origin, by
//! Cramer's rule on the Gram matrix of its edges, as integer weights over a common positive
//! denominator; the first subset whose weights are all positive and whose point no vertex of
//! the simplex lies below is the answer. Every dot product it needs is one of the simplex's
//! Gram matrix, computed once. Exact, it needs none of the float version's rescues: the
//! distance falls strictly at every step, so no simplex comes back and the loop ends.
//!
//! The search may start from a whole simplex, the float search's final one (see
//! [`super::Start`]): its closest point need not hold its last vertex, so the first step tries
//! every subset, largest first (the float search keeps only the vertices its point needs).
//!
//! Support points are found in floating point first: the candidates whose float reach is within
//! its rounding bound of the largest, then the largest of those exactly.

use std::cell::OnceCell;

use super::integer::Int;

/// A point with integer coordinates (as many as the dimension: the search is written once for
/// both, as the cold path of a query, where code size matters more than speed).
pub(crate) type Point = Vec<Int>;

/// A point set: the floats themselves, `dimension` numbers a point, for the first, rounded
/// pass of the support function, and each point exactly (integers, the floats divided by
/// `2^base`), converted the first time the search needs it: most points of a cloud are never
/// compared exactly, and far from their frame's origin each conversion is an integer of
/// hundreds of bits.
pub(crate) struct Cloud {
    floats: Vec<f64>,
    dimension: usize,
    base: i32,
    exact: Vec<OnceCell<Point>>,
}

impl Cloud {
    /// The points `floats` (`dimension` numbers a point), to be divided by `2^base`, which
    /// makes every coordinate an integer (see [`Int::from_scaled_f64`]).
    pub(crate) fn new(floats: Vec<f64>, dimension: usize, base: i32) -> Self {
        let count = floats.len() / dimension;
        Self {
            floats,
            dimension,
            base,
            exact: (0..count).map(|_| OnceCell::new()).collect(),
        }
    }

    /// How many points the set holds.
    fn len(&self) -> usize {
        self.exact.len()
    }

    /// Point `i` exactly.
    fn exact(&self, i: usize) -> &Point {
        self.exact[i].get_or_init(|| {
            let floats = &self.floats[i * self.dimension..(i + 1) * self.dimension];
            floats
                .iter()
                .map(|&x| Int::from_scaled_f64(x, self.base))
                .collect()
        })
    }
}

/// The closest point to the origin of a simplex, `point / denominator`, as the combination
/// `sum weights[i] * simplex[members[i]] / denominator`.
pub(crate) struct Closest {
    /// The simplex's vertices the point combines, by their place in it.
    pub members: Vec<usize>,
    /// Their weights, all above zero, summing to `denominator`.
    pub weights: Vec<Int>,
    /// The weights' common denominator, above zero.
    pub denominator: Int,
    /// The closest point times `denominator`.
    pub point: Point,
    /// `|point|^2`.
    pub squared_norm: Int,
}

impl Closest {
    /// Whether the closest point is the origin: the simplex holds it (touching included).
    pub(crate) fn is_origin(&self) -> bool {
        self.point.iter().all(Int::is_zero)
    }
}

/// `a . b`.
fn dot(a: &[Int], b: &[Int]) -> Int {
    a.iter()
        .zip(b)
        .fold(Int::default(), |sum, (x, y)| &sum + &(x * y))
}

/// The closest point to the origin of `simplex` (at most 4 points): for a GJK step
/// (`through_newest`), among the subsets that hold its last point (the closest point moves
/// towards it), smallest first; for a start, among all its subsets, largest first (a float
/// search's final simplex keeps only the vertices its closest point needs, so the whole
/// simplex is the likely answer). Each subset's point is checked optimal, so the order only
/// saves work. `None` only for an empty simplex.
fn closest(simplex: &[Point], through_newest: bool) -> Option<Closest> {
    let count = simplex.len();
    let gram = gram_matrix(simplex);
    let (newest, sizes): (u32, Vec<usize>) = match through_newest {
        true => (1 << (count - 1), (1..=count).collect()),
        false => (0, (1..=count).rev().collect()),
    };
    sizes
        .into_iter()
        .flat_map(|size| (1u32..1 << count).filter(move |m| m.count_ones() as usize == size))
        .filter(|mask| mask & newest == newest)
        .find_map(|mask| {
            let members: Vec<usize> = (0..count).filter(|&i| mask & (1 << i) != 0).collect();
            affine_closest(&gram, members)
        })
        .map(|(members, weights, denominator, squared_norm)| {
            let point = (0..simplex[0].len())
                .map(|k| {
                    members
                        .iter()
                        .zip(&weights)
                        .fold(Int::default(), |sum, (&i, w)| &sum + &(w * &simplex[i][k]))
                })
                .collect();
            Closest {
                members,
                weights,
                denominator,
                point,
                squared_norm,
            }
        })
}

/// The dot products of every two points of `simplex`, each pair's computed once.
fn gram_matrix(simplex: &[Point]) -> Vec<Vec<Int>> {
    let mut gram = vec![vec![Int::default(); simplex.len()]; simplex.len()];
    for (i, s) in simplex.iter().enumerate() {
        for (j, t) in simplex.iter().enumerate().skip(i) {
            gram[i][j] = dot(s, t);
            gram[j][i] = gram[i][j].clone();
        }
    }
    gram
}

/// What [`affine_closest`] finds: the members, their weights, the denominator and the squared
/// norm of the combination (times the denominator squared).
type Affine = (Vec<usize>, Vec<Int>, Int, Int);

/// The point of the affine hull of the simplex's `members` closest to the origin, from the
/// simplex's Gram matrix `gram`, when the members are affinely independent, its weights all
/// lie above zero, and no vertex of the simplex lies nearer the origin than the plane through
/// it across it (`s . p >= |p|^2`).
fn affine_closest(gram: &[Vec<Int>], members: Vec<usize>) -> Option<Affine> {
    let first = members[0];
    // Edges e_i = s_i - s_first: e_i . e_j and e_i . s_first from the Gram matrix.
    let edge_dot = |i: usize, j: usize| {
        &(&gram[i][j] - &gram[i][first]) - &(&gram[first][j] - &gram[first][first])
    };
    let rest = &members[1..];
    let edges: Vec<Vec<Int>> = rest
        .iter()
        .map(|&i| rest.iter().map(|&j| edge_dot(i, j)).collect())
        .collect();
    let right: Vec<Int> = rest
        .iter()
        .map(|&i| &gram[first][first] - &gram[i][first])
        .collect();
    let denominator = determinant(rest.len(), |r, c| &edges[r][c]);
    if !denominator.is_positive() {
        return None;
    }
    // Cramer's rule, column by column, given up at the first weight that is not positive.
    let mut weights = vec![Int::default()];
    for column in 0..rest.len() {
        let weight = determinant(rest.len(), |r, c| match c == column {
            true => &right[r],
            false => &edges[r][c],
        });
        if !weight.is_positive() {
            return None;
        }
        weights.push(weight);
    }
    weights[0] = weights[1..].iter().fold(denominator.clone(), |r, w| &r - w);
    if !weights[0].is_positive() {
        return None;
    }
    // s_j . P for every vertex j of the simplex, P = sum weights_i s_i.
    let reach: Vec<Int> = gram
        .iter()
        .map(|row| {
            members
                .iter()
                .zip(&weights)
                .fold(Int::default(), |sum, (&i, w)| &sum + &(w * &row[i]))
        })
        .collect();
    let squared_norm = members
        .iter()
        .zip(&weights)
        .fold(Int::default(), |sum, (&i, w)| &sum + &(w * &reach[i]));
    let below = reach.iter().any(|r| &denominator * r < squared_norm);
    (!below).then_some((members, weights, denominator, squared_norm))
}

/// The determinant of the square matrix of `size` rows (at most 3; 1 for none) whose entry in
/// row `r` and column `c` is `m(r, c)`.
fn determinant<'m>(size: usize, m: impl Fn(usize, usize) -> &'m Int) -> Int {
    let minor = |a: &Int, b: &Int, c: &Int, d: &Int| &(a * d) - &(b * c);
    match size {
        0 => Int::from_i64(1),
        1 => m(0, 0).clone(),
        2 => minor(m(0, 0), m(0, 1), m(1, 0), m(1, 1)),
        _ => {
            let first = m(0, 0) * &minor(m(1, 1), m(1, 2), m(2, 1), m(2, 2));
            let second = m(0, 1) * &minor(m(1, 0), m(1, 2), m(2, 0), m(2, 2));
            let third = m(0, 2) * &minor(m(1, 0), m(1, 1), m(2, 0), m(2, 1));
            &(&first - &second) + &third
        }
    }
}

/// The final state of [`run`]: the simplex, each vertex named by its points' indices on A and
/// B, and its closest point to the origin, which is the closest point of `A - B`.
pub(crate) struct Answer {
    /// The simplex's vertices as (index on A, index on B).
    pub simplex: Vec<(usize, usize)>,
    /// Its closest point (the origin when the hulls overlap or touch).
    pub closest: Closest,
}

/// GJK on the hulls of `a` and `b`, from the simplex `start` (one support point, or a simplex
/// another search ended with: its closest point may lie in any of its subsets); `None` only if
/// the loop does not end within `a.len() * b.len() + 1` steps, which exact arithmetic rules
/// out (each step lowers the distance, so no simplex repeats) and is kept as a guard.
pub(crate) fn run(a: &Cloud, b: &Cloud, start: Vec<(usize, usize)>) -> Option<Answer> {
    let vertex = |(i, j): (usize, usize)| -> Point {
        a.exact(i)
            .iter()
            .zip(b.exact(j))
            .map(|(x, y)| x - y)
            .collect()
    };
    let mut simplex = start;
    // The simplex's points of `A - B`, kept from step to step with the vertices they are.
    let mut points: Vec<Point> = simplex.iter().map(|&s| vertex(s)).collect();
    for step in 0..=a.len() * b.len() {
        let closest = closest(&points, step > 0)?;
        if closest.is_origin() {
            return Some(Answer { simplex, closest });
        }
        let toward: Point = closest.point.iter().map(|x| -x).collect();
        let next = (extreme(a, &toward), extreme(b, &closest.point));
        let next_point = vertex(next);
        let reach = &closest.denominator * &dot(&next_point, &closest.point);
        if reach >= closest.squared_norm {
            return Some(Answer { simplex, closest });
        }
        simplex = closest.members.iter().map(|&m| simplex[m]).collect();
        points = closest
            .members
            .iter()
            .map(|&m| std::mem::take(&mut points[m]))
            .collect();
        simplex.push(next);
        points.push(next_point);
    }
    None
}

/// The index of a point of `cloud` farthest along `direction` (the first, among equals): the
/// points whose float reach is within its rounding of the largest, compared exactly.
fn extreme(cloud: &Cloud, direction: &[Int]) -> usize {
    let shift = direction.iter().map(Int::bits).max().unwrap_or(0) as i64 - 60;
    let along: Vec<f64> = direction.iter().map(|x| x.to_f64_scaled(shift)).collect();
    let reaches: Vec<f64> = cloud
        .floats
        .chunks_exact(cloud.dimension)
        .map(|p| p.iter().zip(&along).map(|(x, u)| x * u).sum())
        .collect();
    // The float reach is within 6 EPSILON of sum |p_k u_k| of the exact one (3 roundings of
    // the sum and products, 2 of the scaled direction): bounded with margin for all points.
    let widest = cloud
        .floats
        .chunks_exact(cloud.dimension)
        .map(|p| p.iter().map(|x| x.abs()).sum::<f64>())
        .fold(0.0, f64::max);
    let largest_along = along.iter().map(|u| u.abs()).fold(0.0, f64::max);
    let rounding = 8.0 * f64::EPSILON * widest * largest_along + f64::MIN_POSITIVE;
    let best = reaches.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let exact_reach = |i: usize| dot(cloud.exact(i), direction);
    reaches
        .iter()
        .enumerate()
        .filter(|&(_, &r)| r >= best - 2.0 * rounding)
        .map(|(i, _)| (i, exact_reach(i)))
        .reduce(|(best, most), (i, r)| if r > most { (i, r) } else { (best, most) })
        .map_or(0, |(i, _)| i)
}
