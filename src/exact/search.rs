//! GJK in exact arithmetic on two point sets: the paper's loop with every number an integer
//! (see [`super::integer`]), so that its answer is the exact one and its end is certain.
//!
//! The closest point of a simplex to the origin is found by Johnson's sub-algorithm as the
//! paper states it: for each subset of the simplex, smallest first, the point of its affine
//! hull closest to the origin, by Cramer's rule on the Gram matrix of its edges, as integer
//! weights over a common positive denominator; the first subset whose weights are all
//! positive and whose point no vertex of the simplex lies below is the answer. Exact, it needs
//! none of the float version's rescues: the distance falls strictly at every step, so no
//! simplex comes back and the loop ends.

use super::integer::Int;

/// A point with integer coordinates.
pub(crate) type Point<const D: usize> = [Int; D];

/// The closest point to the origin of a simplex, `point / denominator`, as the combination
/// `sum weights[i] * simplex[members[i]] / denominator`.
pub(crate) struct Closest<const D: usize> {
    /// The simplex's vertices the point combines, by their place in it.
    pub members: Vec<usize>,
    /// Their weights, all above zero, summing to `denominator`.
    pub weights: Vec<Int>,
    /// The weights' common denominator, above zero.
    pub denominator: Int,
    /// The closest point times `denominator`.
    pub point: Point<D>,
}

impl<const D: usize> Closest<D> {
    /// Whether the closest point is the origin: the simplex holds it (touching included).
    pub(crate) fn is_origin(&self) -> bool {
        self.point.iter().all(Int::is_zero)
    }

    /// `|point|^2`.
    pub(crate) fn squared_norm(&self) -> Int {
        dot(&self.point, &self.point)
    }
}

/// `a . b`.
pub(crate) fn dot<const D: usize>(a: &Point<D>, b: &Point<D>) -> Int {
    a.iter()
        .zip(b)
        .fold(Int::default(), |sum, (x, y)| &sum + &(x * y))
}

/// `a - b`.
pub(crate) fn difference<const D: usize>(a: &Point<D>, b: &Point<D>) -> Point<D> {
    std::array::from_fn(|k| &a[k] - &b[k])
}

/// The closest point of `simplex` (at most `D + 1` points) to the origin; `None` only for an
/// empty simplex.
pub(crate) fn closest<const D: usize>(simplex: &[Point<D>]) -> Option<Closest<D>> {
    let count = simplex.len();
    (1..=count)
        .flat_map(|size| (1u32..1 << count).filter(move |m| m.count_ones() as usize == size))
        .find_map(|mask| {
            let members: Vec<usize> = (0..count).filter(|&i| mask & (1 << i) != 0).collect();
            let candidate = affine_closest(simplex, members)?;
            below_none(simplex, &candidate).then_some(candidate)
        })
}

/// The point of the affine hull of `simplex[members]` closest to the origin, when the members
/// are affinely independent and its weights all lie above zero.
fn affine_closest<const D: usize>(simplex: &[Point<D>], members: Vec<usize>) -> Option<Closest<D>> {
    let first = &simplex[members[0]];
    let edges: Vec<Point<D>> = members[1..]
        .iter()
        .map(|&i| difference(&simplex[i], first))
        .collect();
    let gram: Vec<Vec<Int>> = edges
        .iter()
        .map(|e| edges.iter().map(|f| dot(e, f)).collect())
        .collect();
    let right: Vec<Int> = edges.iter().map(|e| -&dot(e, first)).collect();
    let denominator = determinant(&gram);
    if !denominator.is_positive() {
        return None;
    }
    let mut weights: Vec<Int> = (0..edges.len())
        .map(|column| determinant(&with_column(&gram, column, &right)))
        .collect();
    let rest = weights.iter().fold(denominator.clone(), |r, w| &r - w);
    weights.insert(0, rest);
    if !weights.iter().all(Int::is_positive) {
        return None;
    }
    let point = std::array::from_fn(|k| {
        members
            .iter()
            .zip(&weights)
            .fold(Int::default(), |sum, (&i, w)| &sum + &(w * &simplex[i][k]))
    });
    Some(Closest {
        members,
        weights,
        denominator,
        point,
    })
}

/// Whether no point of `simplex` lies nearer the origin than the plane through `closest`
/// across it: `s . p >= |p|^2` for each, `p` the closest point (times the denominator on
/// both sides).
fn below_none<const D: usize>(simplex: &[Point<D>], closest: &Closest<D>) -> bool {
    let squared = closest.squared_norm();
    simplex
        .iter()
        .all(|s| &closest.denominator * &dot(s, &closest.point) >= squared)
}

/// `matrix` with its column `column` replaced by `values`.
fn with_column(matrix: &[Vec<Int>], column: usize, values: &[Int]) -> Vec<Vec<Int>> {
    matrix
        .iter()
        .zip(values)
        .map(|(row, value)| {
            let mut row = row.clone();
            row[column] = value.clone();
            row
        })
        .collect()
}

/// The determinant of a square matrix of at most 3 rows (1 for none), by expansion along the
/// first row.
fn determinant(matrix: &[Vec<Int>]) -> Int {
    match matrix.len() {
        0 => Int::from_i64(1),
        1 => matrix[0][0].clone(),
        size => (0..size).fold(Int::default(), |sum, column| {
            let minor: Vec<Vec<Int>> = matrix[1..]
                .iter()
                .map(|row| {
                    row.iter()
                        .enumerate()
                        .filter(|&(c, _)| c != column)
                        .map(|(_, x)| x.clone())
                        .collect()
                })
                .collect();
            let term = &matrix[0][column] * &determinant(&minor);
            if column % 2 == 0 {
                &sum + &term
            } else {
                &sum - &term
            }
        }),
    }
}

/// The final state of [`run`]: the simplex, each vertex named by its points' indices on A and
/// B, and its closest point to the origin, which is the closest point of `A - B`.
pub(crate) struct Answer<const D: usize> {
    /// The simplex's vertices as (index on A, index on B).
    pub simplex: Vec<(usize, usize)>,
    /// Its closest point (the origin when the hulls overlap or touch).
    pub closest: Closest<D>,
}

/// GJK on the hulls of `a` and `b`, from the support point `start`; `None` only if the loop
/// does not end within `a.len() * b.len() + 1` steps, which exact arithmetic rules out (each
/// step lowers the distance, so no simplex repeats) and is kept as a guard.
pub(crate) fn run<const D: usize>(
    a: &[Point<D>],
    b: &[Point<D>],
    start: (usize, usize),
) -> Option<Answer<D>> {
    let vertex = |(i, j): (usize, usize)| difference(&a[i], &b[j]);
    let mut simplex = vec![start];
    for _ in 0..=a.len() * b.len() {
        let points: Vec<Point<D>> = simplex.iter().map(|&s| vertex(s)).collect();
        let closest = closest(&points)?;
        if closest.is_origin() {
            return Some(Answer { simplex, closest });
        }
        let toward = std::array::from_fn(|k| -&closest.point[k]);
        let next = (extreme(a, &toward), extreme(b, &closest.point));
        let reach = &closest.denominator * &dot(&vertex(next), &closest.point);
        if reach >= closest.squared_norm() {
            return Some(Answer { simplex, closest });
        }
        simplex = closest.members.iter().map(|&m| simplex[m]).collect();
        simplex.push(next);
    }
    None
}

/// The index of a point of `points` farthest along `direction` (the first, among equals).
fn extreme<const D: usize>(points: &[Point<D>], direction: &Point<D>) -> usize {
    let reach = |i: usize| dot(&points[i], direction);
    (1..points.len())
        .fold((0, reach(0)), |(best, most), i| {
            let r = reach(i);
            if r > most {
                (i, r)
            } else {
                (best, most)
            }
        })
        .0
}
