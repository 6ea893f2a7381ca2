//! The headline table (issue #23): on the reference workloads, for the boolean and the
//! distance query, gjk through its C ABI beside each peer called its fastest way, with gjk's
//! time over the peers' that the targets are stated in.
//!
//! The contenders of a row run the same pairs in the same rounds, in a rotating order
//! ([`time_rotating`]), each on shapes of its own built before the timing.

use std::fmt::Write;

use crate::data::Workload;
use crate::peers::CcdMethod;
use crate::report::{self, Stats};
use crate::runners::{
    Box2d, Bullet, Ccd, GjkC, Parry2Runner, Parry3Runner, ParrySupport2, ParrySupport3, PeerRunner,
    Query, Runner,
};
use crate::time_rotating;

/// The workloads of the headline, in table order.
pub const WORKLOADS: [&str; 7] = [
    "W2D-4", "W2D-16", "W2D-64", "W3D-8", "W3D-32", "W3D-128", "G3D-1024",
];

const QUERIES: [Query; 2] = [Query::Intersect, Query::Distance];

/// A column of the table: gjk through the C ABI first, then the peers.
struct Column {
    heading: &'static str,
    /// The queries on which this peer is one of those the target ratio is taken against.
    target_of: &'static [Query],
}

const BOTH: &[Query] = &[Query::Intersect, Query::Distance];
const BOOLEAN: &[Query] = &[Query::Intersect];

const COLUMNS: [Column; 7] = [
    Column {
        heading: "gjk, C ABI",
        target_of: &[],
    },
    Column {
        heading: "parry, SupportMap",
        target_of: BOTH,
    },
    Column {
        heading: "parry, shapes",
        target_of: BOTH,
    },
    Column {
        heading: "libccd MPR",
        target_of: BOOLEAN,
    },
    Column {
        heading: "libccd GJK",
        target_of: &[],
    },
    Column {
        heading: "Box2D (f32)",
        target_of: BOOLEAN,
    },
    Column {
        heading: "Bullet",
        target_of: &[],
    },
];

/// The libraries of `w`'s dimension, one per column (`None`: not in this dimension).
fn runners(w: &Workload) -> [Option<Box<dyn Runner>>; 7] {
    let gjk: Box<dyn Runner> = Box::new(PeerRunner::hulls(GjkC, w));
    if w.dim == 2 {
        [
            Some(gjk),
            Some(Box::new(PeerRunner::hulls(ParrySupport2, w))),
            Some(Box::new(Parry2Runner::hulls(w))),
            None,
            None,
            Some(Box::new(PeerRunner::hulls(Box2d, w))),
            None,
        ]
    } else {
        [
            Some(gjk),
            Some(Box::new(PeerRunner::hulls(ParrySupport3, w))),
            Some(Box::new(Parry3Runner::hulls(w))),
            Some(Box::new(PeerRunner::hulls(Ccd(CcdMethod::Mpr), w))),
            Some(Box::new(PeerRunner::hulls(Ccd(CcdMethod::Gjk), w))),
            None,
            Some(Box::new(PeerRunner::hulls(Bullet, w))),
        ]
    }
}

/// One line of the headline: a workload and query, each column's time and accuracy.
pub struct HeadRow {
    workload: String,
    query: Query,
    /// Points per hull: the target depends on it.
    points: usize,
    /// Whether the accuracy is against exact distances.
    exact: bool,
    /// Per column, its time and its accuracy score; `None` without the query.
    cells: Vec<Option<(Stats, String)>>,
}

/// Measures the headline's rows of `w` (a workload of hull pairs).
pub fn measure(w: &Workload, rounds: usize, rows: &mut Vec<HeadRow>) {
    let runners = runners(w);
    let all: Vec<usize> = (0..w.cases.len()).collect();
    let truth: Vec<_> = w.cases.iter().map(|c| c.truth).collect();
    for query in QUERIES {
        let present: Vec<(usize, &dyn Runner)> = runners
            .iter()
            .enumerate()
            .filter_map(|(k, r)| Some((k, r.as_deref()?)))
            .filter(|(_, r)| r.supports(query))
            .collect();
        eprintln!(
            "  headline {}: timing {} libraries, {rounds} rounds",
            query.label(),
            present.len()
        );
        let passes: Vec<Box<dyn Fn() + '_>> = present
            .iter()
            .map(|&(_, r)| Box::new(|| r.pass(query, &all)) as Box<dyn Fn()>)
            .collect();
        let passes: Vec<(&dyn Fn(), usize)> = passes.iter().map(|p| (&**p, all.len())).collect();
        let stats = time_rotating(rounds, &passes);
        let mut cells = vec![None; COLUMNS.len()];
        for ((k, r), stats) in present.iter().zip(stats) {
            let answers = r.answers(query, &all);
            cells[*k] = Some((
                stats,
                report::score_and_failures(query, w.exact, &truth, &answers),
            ));
        }
        rows.push(HeadRow {
            workload: w.name.clone(),
            query,
            points: w.cases[0].a.len() / w.dim,
            exact: w.exact,
            cells,
        });
    }
}

/// The target for gjk's time over the target peers': 0.2 on hulls of more than 128
/// points, else 0.67 for the boolean query and 0.5 for the distance.
fn target(query: Query, points: usize) -> f64 {
    match (points > 128, query) {
        (true, _) => 0.2,
        (false, Query::Intersect) => 0.67,
        (false, _) => 0.5,
    }
}

/// The column of least median among `columns` that have a time in `cells`, with its time.
fn fastest(
    cells: &[Option<(Stats, String)>],
    columns: impl Iterator<Item = usize>,
) -> Option<(usize, &Stats)> {
    columns
        .filter_map(|k| Some((k, &cells[k].as_ref()?.0)))
        .min_by(|(_, s), (_, t)| s.median.total_cmp(&t.median))
}

/// The headline table and its notes, in markdown.
pub fn markdown(rows: &[HeadRow], rounds: usize) -> String {
    let mut s = String::new();
    let headings: Vec<&str> = COLUMNS.iter().map(|c| c.heading).collect();
    let _ = writeln!(
        s,
        "| workload | query | {} | fastest peer | gjk C / target peer | target | accuracy, \
         columns in order |",
        headings.join(" | ")
    );
    let _ = writeln!(
        s,
        "|---|---|{}---|--:|---|---|",
        "--:|".repeat(COLUMNS.len())
    );
    for r in rows {
        let peers = fastest(&r.cells, 1..COLUMNS.len());
        let target_peer = fastest(
            &r.cells,
            (1..COLUMNS.len()).filter(|&k| COLUMNS[k].target_of.contains(&r.query)),
        );
        let times: Vec<String> = r
            .cells
            .iter()
            .enumerate()
            .map(|(k, c)| match c {
                Some((t, _)) if Some(k) == peers.map(|p| p.0) => format!("**{}**", t.cell()),
                Some((t, _)) => t.cell(),
                None => "—".to_string(),
            })
            .collect();
        let scores: Vec<&str> = r
            .cells
            .iter()
            .map(|c| c.as_ref().map_or("—", |c| c.1.as_str()))
            .collect();
        let goal = target(r.query, r.points);
        let (ratio, verdict) = match (&r.cells[0], target_peer) {
            (Some((ours, _)), Some((k, theirs))) => {
                let ratio = ours.ratio_to(theirs);
                let name = COLUMNS[k].heading;
                let met = if ratio <= goal { "met" } else { "missed" };
                (
                    format!("{ratio:.2} ({name})"),
                    format!("≤ {goal:.2}: {met}"),
                )
            }
            _ => ("—".to_string(), format!("≤ {goal:.2}")),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {ratio} | {verdict} | {}: {} |",
            r.workload,
            r.query.label(),
            times.join(" | "),
            peers.map_or("—", |(k, _)| COLUMNS[k].heading),
            report::measure_label(r.query, r.exact),
            scores.join(" / ")
        );
    }
    let _ = write!(
        s,
        "\nNanoseconds per query, median (min–max) of {rounds} rounds; the libraries of a row \
         run the same pairs in the same rounds, in a rotating order. **Bold**: the fastest \
         peer of the row. gjk C / target peer: the median over the rounds of gjk's time \
         through its C ABI over that of the fastest peer (by median) the target is stated \
         against, both taken in the same round (distance: parry's faster path; \
         boolean: the fastest of libccd MPR, Box2D and parry's two paths), below 1 when gjk \
         is faster; the targets (issue #23): distance ≤ 0.5 up to 128 points, boolean ≤ \
         0.67, both ≤ 0.2 at 1024. gjk, C ABI: `gjk_intersect` / `gjk_distance` on handles \
         from `gjk_polygon_new` / `gjk_polytope_new`, NULL poses. parry, SupportMap: \
         `query::details::intersection_test_support_map_support_map` / \
         `distance_support_map_support_map` with an identity `pos12` on the raw points as a \
         `SupportMap` (a scan); parry, shapes: `query::intersection_test` / `distance` on \
         `ConvexPolygon` / `ConvexPolyhedron`. How the others are called: \
         [performance-peers.md](performance-peers.md). Accuracy as in the tables \
         below (distances: a Box2D or Bullet pair called overlapping counts as distance \
         0).\n"
    );
    s
}
