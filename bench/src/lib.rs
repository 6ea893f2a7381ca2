//! Side-by-side benchmark of gjk against parry (`parry2d-f64` / `parry3d-f64`) on identical
//! pairs of shapes, single thread, f64. Run with `cargo bench -p gjk-bench` or
//! `cargo run --release -p gjk-bench`; `--quick` for a short run.
//!
//! The output opens with the headline table (`headline`): gjk through its C ABI against every
//! peer (parry, libccd, Box2D, Bullet) called its fastest way, on the reference workloads.
//!
//! For every workload and query, each library runs the same pairs in `rounds` timed passes
//! (after one warm-up pass); a round runs every query of every library on the workload once,
//! so that slow drifts of the machine hit all of them alike. A pass gives nanoseconds per
//! query; the table reports the median over the rounds with the minimum and maximum. Shapes
//! (and parry's hulls) are built before any timing. Accuracy is scored on an untimed pass.

pub mod airspace;
pub mod data;
mod headline;
pub mod peers;
mod report;
mod runners;

use std::time::Instant;

use data::{Curved, Workload};
pub use report::Stats;
use report::{FfiRow, Row};
use runners::{GjkC, GjkRunner, Parry2Runner, Parry3Runner, PeerRunner, Query, Runner};

/// Command-line settings.
struct Settings {
    rounds: usize,
    only: Option<String>,
    /// Only the headline table.
    headline_only: bool,
}

fn parse_args(args: &[String]) -> Result<Settings, String> {
    let mut settings = Settings {
        rounds: 31,
        only: None,
        headline_only: false,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--quick" => settings.rounds = 3,
            "--rounds" => {
                settings.rounds = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .filter(|&r| r > 0)
                    .ok_or("--rounds needs a positive integer")?
            }
            "--headline" => settings.headline_only = true,
            "--only" => settings.only = Some(it.next().ok_or("--only needs a name")?.clone()),
            // Passed by `cargo bench` to every bench target.
            "--bench" => {}
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(settings)
}

const USAGE: &str = "usage: gjk-bench [--quick] [--rounds N] [--only WORKLOAD]
  --quick        3 rounds instead of 31
  --rounds N     N timed rounds per workload, query and library
  --only NAME    only the workloads whose name contains NAME
  --headline     only the headline table (gjk through the C ABI against each peer's fastest path)";

/// The workloads, in table order: the reference ones, then the generated ones.
fn workloads(only: Option<&str>) -> Vec<Workload> {
    let keep = |name: &str| only.is_none_or(|o| name.contains(o));
    let mut out = Vec::new();
    for name in ["W2D-4", "W2D-16", "W2D-64", "W3D-8", "W3D-32", "W3D-128"] {
        if keep(name) {
            out.push(data::load_reference(name));
        }
    }
    if keep("G3D-1024") {
        out.push(data::generate_hulls("G3D-1024", 1, 1024, 200));
    }
    for (name, kind, seed) in [
        ("sphere-vs-64", Curved::Ball, 2),
        ("ellipsoid-vs-64", Curved::Ellipsoid, 3),
        ("capsule-vs-64", Curved::Capsule, 4),
    ] {
        if keep(name) {
            out.push(data::generate_curved(name, seed, kind, 64, 1000));
        }
    }
    out
}

/// One timed contender: a closure that runs one pass over `pairs` pairs.
struct Job<'a> {
    query: Query,
    who: Who,
    pairs: usize,
    pass: Box<dyn Fn() + 'a>,
}

impl<'a> Job<'a> {
    /// `who`'s `query` on the pairs `pairs`, timed by `pass`.
    fn new(query: Query, who: Who, pairs: &[usize], pass: impl Fn() + 'a) -> Self {
        Self {
            query,
            who,
            pairs: pairs.len(),
            pass: Box::new(pass),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Who {
    Ours,
    Parry,
    OursThroughC,
    OursOnEnum,
}

/// Median nanoseconds per query of `pass`, which runs `queries` queries, over `rounds` timed
/// passes after a warm-up pass: the timing of the benchmark binaries in `src/bin/`.
pub fn median_ns(rounds: usize, queries: usize, mut pass: impl FnMut()) -> f64 {
    pass();
    let mut samples: Vec<f64> = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            pass();
            start.elapsed().as_nanos() as f64 / queries.max(1) as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Times every job in `rounds` rounds (after one warm-up pass each). A round runs every job of
/// the workload once, rotating which one goes first, so that each job's samples spread over
/// the whole measurement of the workload and a burst of load elsewhere on the machine lands on
/// a few rounds of every job rather than on all rounds of one.
fn time_jobs(rounds: usize, jobs: &[Job]) -> Vec<Stats> {
    let passes: Vec<(&dyn Fn(), usize)> = jobs.iter().map(|j| (&*j.pass, j.pairs)).collect();
    time_rotating(rounds, &passes)
}

/// Nanoseconds per query of each of `passes` (a pass and the queries it runs), over
/// `rounds` rounds after one warm-up pass each; a round runs every pass once, rotating which
/// goes first (see `time_jobs`), so that the contenders share the machine's bursts of load.
pub fn time_rotating(rounds: usize, passes: &[(&dyn Fn(), usize)]) -> Vec<Stats> {
    for (pass, _) in passes {
        pass();
    }
    let mut samples = vec![Vec::with_capacity(rounds); passes.len()];
    for round in 0..rounds {
        for k in 0..passes.len() {
            let j = (round + k) % passes.len();
            let (pass, queries) = passes[j];
            let start = Instant::now();
            pass();
            samples[j].push(start.elapsed().as_nanos() as f64 / queries.max(1) as f64);
        }
    }
    samples.into_iter().map(Stats::new).collect()
}

const QUERIES: [Query; 4] = [
    Query::Intersect,
    Query::Distance,
    Query::ClosestPoints,
    Query::Penetration,
];

/// The contenders on one workload: ours, parry's when it has the shapes, and on hulls ours
/// through the C ABI and behind the `Shape` enum.
struct Contenders {
    ours: Box<dyn Runner>,
    parry: Option<Box<dyn Runner>>,
    ffi: Option<PeerRunner<GjkC>>,
    /// Our hulls behind the `Shape` enum, to tell its dispatch from the C layer's own cost.
    on_enum: Option<Box<dyn Runner>>,
}

impl Contenders {
    fn new(w: &Workload) -> Self {
        let curved = !matches!(w.cases[0].b, data::Body::Hull(_));
        let (ours, parry): (Box<dyn Runner>, Option<Box<dyn Runner>>) = match (w.dim, curved) {
            (2, false) => (
                Box::new(GjkRunner::<2, _, _>::hulls(w)),
                Some(Box::new(Parry2Runner::hulls(w))),
            ),
            (3, false) => (
                Box::new(GjkRunner::<3, _, _>::hulls(w)),
                Some(Box::new(Parry3Runner::hulls(w))),
            ),
            _ => match &w.cases[0].b {
                data::Body::Ball(_) => (
                    Box::new(GjkRunner::curved(w, runners::gjk_ball)),
                    Some(Box::new(Parry3Runner::curved(w))),
                ),
                data::Body::Capsule { .. } => (
                    Box::new(GjkRunner::curved(w, runners::gjk_capsule)),
                    Some(Box::new(Parry3Runner::curved(w))),
                ),
                _ => (Box::new(GjkRunner::curved(w, runners::gjk_ellipsoid)), None),
            },
        };
        let ffi = (!curved).then(|| PeerRunner::hulls(GjkC, w));
        let on_enum: Option<Box<dyn Runner>> = match (w.dim, curved) {
            (2, false) => Some(Box::new(GjkRunner::<2, _, _>::hulls_as_enum(w))),
            (3, false) => Some(Box::new(GjkRunner::<3, _, _>::hulls_as_enum(w))),
            _ => None,
        };
        Self {
            ours,
            parry,
            ffi,
            on_enum,
        }
    }

    /// The main rotation: every query, ours and parry's.
    fn jobs<'a>(&'a self, subsets: &'a Subsets) -> Vec<Job<'a>> {
        let mut jobs = Vec::new();
        for query in QUERIES {
            let pairs = subsets.of(query);
            let ours = &*self.ours;
            jobs.push(Job::new(query, Who::Ours, pairs, move || {
                ours.pass(query, pairs)
            }));
            if let Some(parry) = self.parry.as_deref() {
                jobs.push(Job::new(query, Who::Parry, pairs, move || {
                    parry.pass(query, pairs)
                }));
            }
        }
        jobs
    }

    /// The C ABI's table: the distance query on our hulls, on their `Shape` enum copies and on
    /// C handles, in a rotation of its own. In the main one our hulls serve four queries a
    /// round and stay warmer in the caches than copies that serve one (W3D-32 through C read
    /// 1.23x the Rust time there, 1.00x alone).
    fn abi_jobs<'a>(&'a self, subsets: &'a Subsets) -> Vec<Job<'a>> {
        let mut abi_jobs = Vec::new();
        if let (Some(ffi), Some(on_enum)) = (&self.ffi, self.on_enum.as_deref()) {
            let query = Query::Distance;
            let pairs = subsets.of(query);
            let ours = &*self.ours;
            abi_jobs.push(Job::new(query, Who::Ours, pairs, move || {
                ours.pass(query, pairs)
            }));
            abi_jobs.push(Job::new(query, Who::OursOnEnum, pairs, move || {
                on_enum.pass(query, pairs)
            }));
            abi_jobs.push(Job::new(query, Who::OursThroughC, pairs, move || {
                ffi.pass(query, pairs)
            }));
        }
        abi_jobs
    }
}

/// The pairs each query runs on: all of them, the overlapping ones for the penetration depth.
struct Subsets {
    all: Vec<usize>,
    overlapping: Vec<usize>,
}

impl Subsets {
    fn new(w: &Workload) -> Self {
        Self {
            all: (0..w.cases.len()).collect(),
            overlapping: w.overlapping(),
        }
    }

    fn of(&self, query: Query) -> &[usize] {
        if query == Query::Penetration {
            &self.overlapping
        } else {
            &self.all
        }
    }
}

/// Timed jobs and their statistics, in the same order.
struct Timings<'a> {
    jobs: Vec<Job<'a>>,
    stats: Vec<Stats>,
}

impl<'a> Timings<'a> {
    /// Times `jobs` in `rounds` rounds (see `time_jobs`).
    fn new(rounds: usize, jobs: Vec<Job<'a>>) -> Self {
        let stats = time_jobs(rounds, &jobs);
        Self { jobs, stats }
    }

    /// The statistics of `who`'s `query`, if it was timed.
    fn find(&self, query: Query, who: Who) -> Option<Stats> {
        self.jobs
            .iter()
            .position(|j| j.query == query && j.who == who)
            .map(|i| self.stats[i].clone())
    }
}

/// Measures one workload: every query for every library that has the shapes.
fn measure(w: &Workload, rounds: usize, rows: &mut Vec<Row>, ffi_rows: &mut Vec<FfiRow>) {
    let contenders = Contenders::new(w);
    let subsets = Subsets::new(w);
    let jobs = contenders.jobs(&subsets);
    let abi_jobs = contenders.abi_jobs(&subsets);
    eprintln!(
        "  timing {} jobs, then {} through the C ABI, {rounds} rounds",
        jobs.len(),
        abi_jobs.len()
    );
    let main = Timings::new(rounds, jobs);
    let abi = Timings::new(rounds, abi_jobs);

    for query in QUERIES {
        let pairs = subsets.of(query);
        let truth: Vec<_> = pairs.iter().map(|&i| w.cases[i].truth).collect();
        let ours_answers = contenders.ours.answers(query, pairs);
        let parry_answers = contenders.parry.as_ref().map(|p| p.answers(query, pairs));
        rows.push(Row {
            workload: w.name.clone(),
            query: query.label().to_string(),
            ours: main.find(query, Who::Ours).expect("ours is always timed"),
            other: main.find(query, Who::Parry),
            accuracy: report::accuracy(
                query,
                w.exact,
                &truth,
                &ours_answers,
                parry_answers.as_deref(),
            ),
        });
        if let (Some(through_c), Some(ffi)) = (abi.find(query, Who::OursThroughC), &contenders.ffi)
        {
            let same = ffi.answers(query, pairs) == ours_answers
                && contenders.on_enum.as_ref().map(|e| e.answers(query, pairs))
                    == Some(ours_answers);
            ffi_rows.push(FfiRow {
                workload: w.name.clone(),
                rust: abi.find(query, Who::Ours).expect("timed with the C ABI"),
                on_enum: abi
                    .find(query, Who::OursOnEnum)
                    .expect("timed with the C ABI"),
                through_c,
                same,
            });
        }
    }
}

/// Runs the benchmark with the command-line arguments (without the program name); prints the
/// tables to stdout and the progress to stderr.
pub fn run(args: &[String]) -> Result<(), String> {
    let settings = parse_args(args).map_err(|e| {
        if e.is_empty() {
            USAGE.to_string()
        } else {
            format!("{e}\n{USAGE}")
        }
    })?;
    let start = Instant::now();
    let mut rows = Vec::new();
    let mut ffi_rows = Vec::new();
    let mut head_rows = Vec::new();
    let workloads = workloads(settings.only.as_deref());
    if workloads.is_empty() {
        return Err("no workload matches --only".to_string());
    }
    for w in &workloads {
        eprintln!("{}: {} pairs", w.name, w.cases.len());
        if headline::WORKLOADS.contains(&w.name.as_str()) {
            headline::measure(w, settings.rounds, &mut head_rows);
        }
        if !settings.headline_only {
            measure(w, settings.rounds, &mut rows, &mut ffi_rows);
        }
    }
    // The headline first; the detailed tables below it.
    if !head_rows.is_empty() {
        println!("### gjk through its C ABI against each peer's fastest path\n");
        print!("{}", headline::markdown(&head_rows, settings.rounds));
    }
    if !settings.headline_only {
        if !head_rows.is_empty() {
            println!("\n### gjk against parry, every query (a ratio above 1: gjk is faster)\n");
        }
        print!(
            "{}",
            report::markdown(&rows, &ffi_rows, &workloads, settings.rounds)
        );
    }
    eprintln!("done in {:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}
