//! The table of the test programs in C (tests/c/*.c), C++ (tests/cpp/*.cpp) and C#
//! (tests/csharp/*.cs), one test a row, grouped by what they test. Each program is compiled
//! against the freshly built shared library (C and C++ against include/gjk.h, C++ also against
//! bindings/cpp, C# with the binding's sources), run under valgrind (any invalid access or leak
//! fails it), built with the sanitizers, or run under Mono; its closing line, "N passed, 0
//! failed", is read: N must be at least the row's count, so that a program that stops early
//! cannot pass.
//!
//! The batch calls start worker threads (rayon), whose process-lifetime state valgrind would
//! call "possibly lost"; tests/c/rayon.supp suppresses exactly that, and nothing of gjk.

use crate::common::native::{self, assert_summary, run_checked_with};
use crate::suite::Check;
use crate::{c, cpp, csharp};
use std::path::PathBuf;

/// The language of a program: tests/c/<program>.c, tests/cpp/<program>.cpp, or C# (the
/// program is the executable, its sources those of [`Run::Mono`]).
#[derive(Clone, Copy)]
enum Language {
    C,
    Cpp,
    CSharp,
}

/// How a program runs.
#[derive(Clone, Copy)]
enum Run {
    /// Under valgrind (when found), with these suppression files of tests/c/.
    Valgrind(&'static [&'static str]),
    /// Built with AddressSanitizer and UndefinedBehaviorSanitizer and run without valgrind
    /// (skipped when the compiler lacks them).
    Sanitizers,
    /// Compiled from these sources of tests/csharp/ with the binding, run under Mono (skipped
    /// when Mono is missing).
    Mono(&'static [&'static str]),
}

use Language::{CSharp, Cpp, C};
use Run::{Mono, Sanitizers, Valgrind};

/// The test's name, the program's language and name, the least number of checks it passes, how
/// it runs.
#[rustfmt::skip]
const PROGRAMS: &[(&str, Language, &str, usize, Run)] = &[
    // The C ABI, the C++ wrapper, the C# binding: every function, shape and query.
    ("c::c_abi_test_program_passes_under_valgrind",           C,   "test_abi",      400,  Valgrind(&[])),
    ("c::c_abi_test_program_passes_under_address_and_ub_sanitizers",
                                                              C,   "test_abi",      400,  Sanitizers),
    ("cpp::cpp_wrapper_test_program_passes_under_valgrind",   Cpp, "test_wrapper",  100,  Valgrind(&[])),
    ("cpp::cpp_wrapper_test_program_passes_under_address_and_ub_sanitizers",
                                                              Cpp, "test_wrapper",  100,  Sanitizers),
    ("csharp::csharp_binding_passes_its_checks_under_mono",
        CSharp, "test_runner", 260, Mono(&["TestRunner.cs", "ShapeTests.cs", "Checks.cs", "Bench.cs"])),
    ("c::c_shapes_test_program_passes_under_valgrind",        C,   "test_shapes",   40,   Valgrind(&[])),
    // The classic tutorials' API (bindings/cpp/gjk_tutorial.hpp, and its C# mirror).
    ("cpp::cpp_tutorial_test_program_passes_under_valgrind",  Cpp, "test_tutorial", 170,  Valgrind(&[])),
    ("cpp::cpp_tutorial_test_program_passes_under_address_and_ub_sanitizers",
                                                              Cpp, "test_tutorial", 170,  Sanitizers),
    ("csharp::csharp_tutorial_mirror_passes_under_mono",
        CSharp, "tutorial_tests", 75, Mono(&["TutorialTests.cs", "Checks.cs"])),
    // Shapes given by a callback (C++: any callable; C#: a delegate). The C++ program's
    // batches start the library's pool, whose threads valgrind sees as possibly lost.
    ("c::c_callback_test_program_passes_under_valgrind",      C,   "test_callback", 2000, Valgrind(&["rayon.supp"])),
    ("cpp::cpp_callback_test_program_passes_under_valgrind",  Cpp, "test_callback", 80,   Valgrind(&["rayon.supp"])),
    ("csharp::csharp_support_shapes_pass_under_mono",
        CSharp, "support_shape_tests", 600, Mono(&["SupportShapeTests.cs", "Checks.cs"])),
    // Contact manifolds and bounding boxes.
    ("c::c_manifold_test_program_passes_under_valgrind",      C,   "test_manifold", 60,   Valgrind(&[])),
    ("c::c_aabb_test_program_passes_under_valgrind",          C,   "test_aabb",     60,   Valgrind(&[])),
    ("csharp::csharp_contacts_and_boxes_pass_under_mono",
        CSharp, "contact_tests", 30, Mono(&["ContactTests.cs", "Checks.cs"])),
    // The batch functions; and children made by `fork()` after threaded batches (and while
    // another thread is inside one) answer as the parent, instead of waiting forever for the
    // parent's pool threads, which a child does not have.
    ("c::c_batch_test_program_passes_under_valgrind",         C,   "test_batch",    1000, Valgrind(&["rayon.supp"])),
    ("c::c_fork_test_program_passes_under_valgrind",          C,   "test_fork",     20,   Valgrind(&["rayon.supp", "fork.supp"])),
    ("cpp::cpp_batch_test_program_passes_under_valgrind",     Cpp, "test_batch",    150,  Valgrind(&[])),
    ("csharp::csharp_batch_calls_pass_under_mono",
        CSharp, "batch_runner", 900, Mono(&["BatchRunner.cs", "Checks.cs"])),
    // Ray casts and shape casts.
    ("c::c_casts_test_program_passes_under_valgrind",         C,   "test_casts",    80,   Valgrind(&[])),
    ("cpp::cpp_casts_test_program_passes_under_valgrind",     Cpp, "test_casts",    25,   Valgrind(&[])),
    ("csharp::csharp_casts_pass_under_mono",
        CSharp, "cast_tests", 30, Mono(&["CastTests.cs", "Checks.cs"])),
    // Warm starts: moving polytopes against cold queries, foreign and corrupt caches.
    ("c::c_cache_test_program_passes_under_valgrind",         C,   "test_cache",    1500, Valgrind(&[])),
    ("csharp::csharp_warm_starts_pass_under_mono",
        CSharp, "cache_tests", 300, Mono(&["CacheTests.cs", "Checks.cs"])),
    // The trace: the squares by hand, consistency of every record, truncated buffers, the
    // cap, bad arguments.
    ("c::c_trace_test_program_passes_under_valgrind",         C,   "test_trace",    150,  Valgrind(&[])),
    ("csharp::csharp_trace_passes_under_mono",
        CSharp, "trace_tests", 30, Mono(&["TraceTests.cs", "Checks.cs"])),
];

/// The tests of the table.
pub(crate) fn checks() -> Vec<Check> {
    PROGRAMS
        .iter()
        .map(|&(name, language, program, min_checks, how)| {
            let check = Check::new(name, move || run(language, program, min_checks, how));
            match (how, language) {
                (Valgrind(_), _) => check,
                (Sanitizers, C) => check.needs(c::missing_c_sanitizers),
                (Sanitizers, _) => check.needs(cpp::missing_cpp_sanitizers),
                (Mono(_), _) => check.needs(csharp::missing_mono),
            }
        })
        .collect()
}

/// Compiles `program`, runs it as `how` says and checks its summary.
fn run(language: Language, program: &str, min_checks: usize, how: Run) {
    let out = match (how, language) {
        (Valgrind(suppressions), _) => {
            let exe = match language {
                C => c::compile_c(program),
                _ => cpp::compile_cpp(program),
            };
            let suppressions: Vec<PathBuf> = suppressions
                .iter()
                .map(|file| native::root().join("tests/c").join(file))
                .collect();
            run_checked_with(&exe, &suppressions)
        }
        (Sanitizers, C) => native::run_sanitized(&c::compile_c_sanitized(program)),
        (Sanitizers, _) => native::run_sanitized(&cpp::compile_cpp_sanitized(program)),
        (Mono(sources), _) => csharp::run_runner(sources, program),
    };
    assert_summary(&out, min_checks);
}
