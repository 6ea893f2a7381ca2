//! Timing statistics, accuracy scores and the markdown tables.

use std::fmt::Write;

use crate::data::{Truth, Workload};
use crate::runners::Query;

/// Nanoseconds per query over the rounds.
#[derive(Clone, Debug)]
pub struct Stats {
    pub median: f64,
    pub min: f64,
    pub max: f64,
    /// The samples in the order they were taken (one per round).
    pub rounds: Vec<f64>,
}

/// The median of `samples` (the mean of the middle two of an even count).
pub fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    let n = samples.len();
    if n % 2 == 1 {
        samples[n / 2]
    } else {
        0.5 * (samples[n / 2 - 1] + samples[n / 2])
    }
}

impl Stats {
    pub fn new(rounds: Vec<f64>) -> Self {
        let min = rounds.iter().copied().fold(f64::INFINITY, f64::min);
        let max = rounds.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Self {
            median: median(rounds.clone()),
            min,
            max,
            rounds,
        }
    }

    /// The median over the rounds of this time over `other`'s taken in the same round: the
    /// two ran back to back, so a slow spell of the machine slows both and cancels out (the
    /// ratio of the two medians moved by 10-25% between runs on a shared machine).
    pub fn ratio_to(&self, other: &Stats) -> f64 {
        median(
            self.rounds
                .iter()
                .zip(&other.rounds)
                .map(|(a, b)| a / b)
                .collect(),
        )
    }

    /// `median (min–max)`, for a table.
    pub fn cell(&self) -> String {
        format!("{} ({}–{})", ns(self.median), ns(self.min), ns(self.max))
    }
}

fn ns(x: f64) -> String {
    if x < 100.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.0}")
    }
}

/// One line of a table: ours against another contender on one workload and query.
pub struct Row {
    pub workload: String,
    pub query: String,
    pub ours: Stats,
    pub other: Option<Stats>,
    pub accuracy: String,
}

/// Our distance query on hull pairs through three doors.
pub struct FfiRow {
    pub workload: String,
    /// `gjk::distance` on `ConvexHull` (statically dispatched).
    pub rust: Stats,
    /// `gjk::distance` on the `Shape` enum.
    pub on_enum: Stats,
    /// `gjk_distance` on C handles.
    pub through_c: Stats,
    /// Whether the three gave bit-identical distances.
    pub same: bool,
}

fn failures(answers: &[Option<f64>]) -> usize {
    answers.iter().filter(|a| a.is_none()).count()
}

fn sci(x: f64) -> String {
    if x == 0.0 {
        "0".to_string()
    } else {
        format!("{x:.1e}")
    }
}

/// The largest difference between two libraries' answers on the pairs both answered.
fn max_difference(a: &[Option<f64>], b: &[Option<f64>]) -> f64 {
    a.iter()
        .zip(b)
        .filter_map(|(x, y)| Some((x.as_ref()? - y.as_ref()?).abs()))
        .fold(0.0, f64::max)
}

/// One library's score for the cell, e.g. the number of wrong verdicts.
fn score(query: Query, exact: bool, truth: &[Truth], answers: &[Option<f64>]) -> String {
    let answered = || {
        truth
            .iter()
            .zip(answers)
            .filter_map(|(t, a)| a.map(|a| (t, a)))
    };
    match query {
        Query::Intersect => {
            let wrong = answered()
                .filter(|(t, a)| (*a == 1.0) != t.intersect && !t.verdict_excused)
                .count();
            wrong.to_string()
        }
        Query::Distance | Query::ClosestPoints if exact => {
            let err = answered()
                .map(|(t, d)| (d - t.dist.unwrap()).abs())
                .fold(0.0, f64::max);
            sci(err)
        }
        Query::Distance | Query::ClosestPoints => {
            // Overlapping pairs must give 0, separated ones at least the designed gap, both up
            // to rounding (1e-12 of the pair's size).
            let wrong = answered()
                .filter(|(t, d)| {
                    let slack = 1e-12 * t.size;
                    if t.intersect {
                        *d > slack
                    } else {
                        *d < t.dist_lower_bound - slack
                    }
                })
                .count();
            wrong.to_string()
        }
        Query::Penetration if exact => {
            let err = answered()
                .filter_map(|(t, d)| t.depth.map(|pd| (d - pd).abs() / pd))
                .fold(0.0, f64::max);
            sci(err)
        }
        Query::Penetration => {
            let wrong = answered().filter(|(_, d)| *d <= 0.0).count();
            wrong.to_string()
        }
    }
}

/// What [`score`] measures for `query`, for a table.
pub(crate) fn measure_label(query: Query, exact: bool) -> &'static str {
    match (query, exact) {
        (Query::Intersect, _) => "wrong verdicts",
        (Query::Distance | Query::ClosestPoints, true) => "max err",
        (Query::Distance | Query::ClosestPoints, false) => "below gap or > 0",
        (Query::Penetration, true) => "max rel err",
        (Query::Penetration, false) => "depth ≤ 0",
    }
}

/// One library's score, with the number of its failed calls when there are any.
pub(crate) fn score_and_failures(
    query: Query,
    exact: bool,
    truth: &[Truth],
    answers: &[Option<f64>],
) -> String {
    let mut cell = score(query, exact, truth, answers);
    if failures(answers) > 0 {
        let _ = write!(cell, " ({} failed)", failures(answers));
    }
    cell
}

/// The accuracy cell of a row: ours / parry's scores, what they measure, and failures.
pub fn accuracy(
    query: Query,
    exact: bool,
    truth: &[Truth],
    ours: &[Option<f64>],
    other: Option<&[Option<f64>]>,
) -> String {
    let what = measure_label(query, exact);
    let theirs = other.map_or("—".to_string(), |o| score(query, exact, truth, o));
    let mut cell = format!("{what}: {} / {theirs}", score(query, exact, truth, ours));
    if let Some(o) = other {
        if !exact || query == Query::Penetration {
            let _ = write!(cell, "; max \\|Δ\\| {}", sci(max_difference(ours, o)));
        }
    }
    let theirs_failed = other.map_or(0, failures);
    if failures(ours) + theirs_failed > 0 {
        let theirs = other.map_or("—".to_string(), |_| theirs_failed.to_string());
        let _ = write!(cell, "; failed {} / {theirs}", failures(ours));
    }
    cell
}

/// The comparison table, the C ABI table and the notes, in markdown.
pub fn markdown(
    rows: &[Row],
    ffi_rows: &[FfiRow],
    workloads: &[Workload],
    rounds: usize,
) -> String {
    let mut s = String::new();
    s.push_str(
        "| workload | query | gjk median ns (min–max) | parry median ns (min–max) \
         | ratio parry/gjk | accuracy gjk / parry |\n\
         |---|---|--:|--:|--:|---|\n",
    );
    for r in rows {
        let (theirs, ratio) = match &r.other {
            Some(o) => (o.cell(), format!("{:.2}", o.median / r.ours.median)),
            None => ("— (no ellipsoid in parry)".to_string(), "—".to_string()),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {theirs} | {ratio} | {} |",
            r.workload,
            r.query,
            r.ours.cell(),
            r.accuracy
        );
    }
    if !ffi_rows.is_empty() {
        s.push_str(
            "\nThe distance query of gjk through the C ABI (`gjk_distance` on handles from \
             `gjk_polygon_new` / `gjk_polytope_new`, NULL poses), through the Rust API on the \
             run-time dispatched `gjk::shape::Shape` enum (what a C handle holds), and through \
             the Rust API on `ConvexHull` (as in the table above); same pairs, same run, the \
             three timed in rounds of their own (in the rounds above our hulls serve four \
             queries each and stay warmer in the caches than copies serving one):\n\n\
             | workload | Rust, `ConvexHull` median ns (min–max) | Rust, `Shape` enum median ns \
             (min–max) | C ABI median ns (min–max) | ratio C/Rust | answers |\n\
             |---|--:|--:|--:|--:|---|\n",
        );
        for r in ffi_rows {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {:.2} | {} |",
                r.workload,
                r.rust.cell(),
                r.on_enum.cell(),
                r.through_c.cell(),
                r.through_c.median / r.rust.median,
                if r.same { "identical" } else { "DIFFERENT" }
            );
        }
        s.push_str(
            "\nThe three are three copies of the hulls in different memory, which the rounds \
             find more or less cold. The C layer's own cost, with the hulls in the caches: \
             `cargo run --release -p gjk-bench --bin prof -- W3D-32 distance-c` against \
             `... W3D-32 distance`.\n",
        );
    }
    let pairs: Vec<String> = workloads
        .iter()
        .map(|w| format!("{} {}", w.name, w.cases.len()))
        .collect();
    let _ = write!(
        s,
        "\nSingle thread, f64, nanoseconds per query: median over {rounds} timed rounds (one \
         warm-up pass first), each round one pass over all pairs of the workload (penetration: \
         the overlapping half); a round runs every query of every library on the workload once, in \
         a rotating order. Pairs: {}.\n\n\
         - W2D-N / W3D-N: the reference workloads of `tests/data` (hulls of N points, exact \
         distances). Accuracy: wrong intersect verdicts (near-touching pairs excused, as in \
         tests/data/README.md); max absolute distance error against the exact `dist` (closest \
         points: the distance between the two returned points); max relative depth error \
         against the exact depth, which the truth files round to 6 digits (so errors below \
         ~5e-6 are the truth's rounding).\n\
         - G3D-1024: generated, hulls of 1024 points on random ellipsoids; \
         sphere/ellipsoid/capsule-vs-64: a hull of 64 points on a random ellipsoid against a \
         curved shape in a random pose. Half of the pairs are separated by a plane with a gap \
         of 1e-3..10, half overlap by construction. No exact distances: accuracy counts \
         verdicts against the construction, distances above 1e-12 of the pair's size on \
         overlapping pairs or below the gap (less that slack) on separated ones, and \
         non-positive depths; max \\|Δ\\| is the largest difference between the two \
         libraries' answers.\n\
         - failed: calls that returned an error (gjk: `NoConvergence` at the default 128 \
         iterations and relative tolerance 1e-12; parry: `Unsupported`, or no contact on an \
         overlapping pair); they are timed like the others and left out of the errors.\n\
         - parry has no ellipsoid: the ellipsoid rows time gjk alone. parry's shapes are \
         `ConvexPolygon` / `ConvexPolyhedron::from_convex_hull`, `Ball`, `Capsule::new_z`; \
         queries `intersection_test`, `distance`, `closest_points` (max_dist = f64::MAX), \
         `contact` (prediction 0). gjk's closest points are the same call as its distance. \
         gjk's hulls keep every input point; parry's keep the vertices of the hull it computes \
         (the workloads' points all lie on ellipsoids, so nearly all are vertices).\n",
        pairs.join(", ")
    );
    s
}
