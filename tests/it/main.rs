//! The integration tests that need nothing beyond cargo, in one binary on the built-in harness
//! (one link for all of them), one module per feature; each feature's fuzz regressions
//! (`fuzz_regressions`, what fuzzing the C ABI found) stand beside its other tests. The tests
//! that need other programs (the C and C++ test programs, C#, the install, Python, Octave,
//! WebAssembly) are in tests/tools, which says why they are a second binary.
//!
//! `cargo test --test it FILTER` runs those whose path contains FILTER: `distance::`,
//! `penetration::curved`, `bad_input`.

#[path = "../common/mod.rs"]
#[macro_use]
mod common;

/// The table of bad inputs (docs/bad-input.md) and the input the library refuses.
mod bad_input;
/// The batch calls: many pairs at once, pairs within a separation, in Rust and through C.
mod batch;
/// The C# binding's P/Invoke declarations (one file) against the C header.
mod bindings;
/// Warm starts: the simplex cache against cold queries.
mod cache;
/// Ray casts and shape casts.
mod casts;
/// The distance and intersection queries (one search) against closed forms, brute force,
/// the reference workloads and a corpus of degenerate geometry; the lower bound.
mod distance;
/// Contact manifolds.
mod manifold;
/// Penetration depth (EPA) and the signed distance, curved shapes included.
mod penetration;
/// The shapes: boxes (AABBs), hull climbing, the `Shape` enum, shapes given by a callback.
mod shapes;
/// The queries from many threads at once, and the error message of each thread.
mod threads;
/// The trace of a query and its pictures.
mod trace;
