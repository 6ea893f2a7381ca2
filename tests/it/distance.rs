//! The distance and intersection queries (`gjk_intersect` answers from the same search).

mod analytic;
mod certified;
mod degenerate_corpus;
mod fuzz_regressions;
mod lower_bound;
mod needles;
mod oracle_2d;
mod properties;
mod workloads;
