//! The table of the C and C++ test programs (tests/c/*.c, tests/cpp/*.cpp), one test a row:
//! the program is compiled against include/gjk.h (the C++ ones also against bindings/cpp) and
//! the freshly built shared library, run under valgrind (any invalid access or leak fails it)
//! or built with the sanitizers, and its closing line, "N passed, 0 failed", read: N must be at
//! least the row's count, so that a program that stops early cannot pass.
//!
//! The batch calls start worker threads (rayon), whose process-lifetime state valgrind would
//! call "possibly lost"; tests/c/rayon.supp suppresses exactly that, and nothing of gjk.

use crate::common::native::{self, assert_summary, run_checked_with};
use crate::suite::Check;
use crate::{c, cpp};
use std::path::PathBuf;

/// The language of a program: tests/c/<program>.c or tests/cpp/<program>.cpp.
#[derive(Clone, Copy)]
enum Language {
    C,
    Cpp,
}

/// How a program runs.
#[derive(Clone, Copy)]
enum Run {
    /// Under valgrind (when found), with these suppression files of tests/c/.
    Valgrind(&'static [&'static str]),
    /// Built with AddressSanitizer and UndefinedBehaviorSanitizer and run without valgrind
    /// (skipped when the compiler lacks them).
    Sanitizers,
}

use Language::{Cpp, C};
use Run::{Sanitizers, Valgrind};

/// The test's name, the program's language and name, the least number of checks it passes, how
/// it runs.
#[rustfmt::skip]
const PROGRAMS: &[(&str, Language, &str, usize, Run)] = &[
    ("c::c_abi_test_program_passes_under_valgrind",           C,   "test_abi",      400,  Valgrind(&[])),
    ("c::c_abi_test_program_passes_under_address_and_ub_sanitizers",
                                                              C,   "test_abi",      400,  Sanitizers),
    ("c::c_shapes_test_program_passes_under_valgrind",        C,   "test_shapes",   40,   Valgrind(&[])),
    ("c::c_manifold_test_program_passes_under_valgrind",      C,   "test_manifold", 60,   Valgrind(&[])),
    ("c::c_callback_test_program_passes_under_valgrind",      C,   "test_callback", 2000, Valgrind(&["rayon.supp"])),
    ("c::c_aabb_test_program_passes_under_valgrind",          C,   "test_aabb",     60,   Valgrind(&[])),
    // The batch functions.
    ("c::c_batch_test_program_passes_under_valgrind",         C,   "test_batch",    1000, Valgrind(&["rayon.supp"])),
    // Children made by `fork()` after threaded batches (and while another thread is inside
    // one) answer as the parent, instead of waiting forever for the parent's pool threads,
    // which a child does not have.
    ("c::c_fork_test_program_passes_under_valgrind",          C,   "test_fork",     20,   Valgrind(&["rayon.supp", "fork.supp"])),
    ("c::c_casts_test_program_passes_under_valgrind",         C,   "test_casts",    80,   Valgrind(&[])),
    // Warm starts: moving polytopes against cold queries, foreign and corrupt caches.
    ("c::c_cache_test_program_passes_under_valgrind",         C,   "test_cache",    1500, Valgrind(&[])),
    // The trace: the squares by hand, consistency of every record, truncated buffers, the
    // cap, bad arguments.
    ("c::c_trace_test_program_passes_under_valgrind",         C,   "test_trace",    150,  Valgrind(&[])),
    ("cpp::cpp_wrapper_test_program_passes_under_valgrind",   Cpp, "test_wrapper",  100,  Valgrind(&[])),
    ("cpp::cpp_wrapper_test_program_passes_under_address_and_ub_sanitizers",
                                                              Cpp, "test_wrapper",  100,  Sanitizers),
    ("cpp::cpp_tutorial_test_program_passes_under_valgrind",  Cpp, "test_tutorial", 170,  Valgrind(&[])),
    ("cpp::cpp_tutorial_test_program_passes_under_address_and_ub_sanitizers",
                                                              Cpp, "test_tutorial", 170,  Sanitizers),
    ("cpp::cpp_batch_test_program_passes_under_valgrind",     Cpp, "test_batch",    150,  Valgrind(&[])),
    // Its batches start the library's pool, whose threads valgrind sees as possibly lost.
    ("cpp::cpp_callback_test_program_passes_under_valgrind",  Cpp, "test_callback", 80,   Valgrind(&["rayon.supp"])),
    ("cpp::cpp_casts_test_program_passes_under_valgrind",     Cpp, "test_casts",    25,   Valgrind(&[])),
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
                (Sanitizers, Cpp) => check.needs(cpp::missing_cpp_sanitizers),
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
                Cpp => cpp::compile_cpp(program),
            };
            let suppressions: Vec<PathBuf> = suppressions
                .iter()
                .map(|file| native::root().join("tests/c").join(file))
                .collect();
            run_checked_with(&exe, &suppressions)
        }
        (Sanitizers, C) => native::run_sanitized(&c::compile_c_sanitized(program)),
        (Sanitizers, Cpp) => native::run_sanitized(&cpp::compile_cpp_sanitized(program)),
    };
    assert_summary(&out, min_checks);
}
