//! The C programs beside the table of tools/programs.rs: the demo (examples/c/demo.c) under
//! valgrind and the sanitizers, every test program of tests/c under the sanitizers, and the
//! header compiled as C++.

use crate::common::native;
use native::{assert_summary, c_compiler, compile, root, run_checked, C_FLAGS};
use std::path::PathBuf;
use std::process::Command;

/// Compiles the C test program `tests/c/<name>.c` with [`C_FLAGS`].
pub(crate) fn compile_c(name: &str) -> PathBuf {
    let source = root().join("tests/c").join(format!("{name}.c"));
    compile(&c_compiler(), &[source], C_FLAGS, name)
}

/// [`compile_c`] with the sanitizers.
pub(crate) fn compile_c_sanitized(name: &str) -> PathBuf {
    let source = root().join("tests/c").join(format!("{name}.c"));
    native::compile_sanitized(&c_compiler(), &[source], C_FLAGS, name)
}

/// What is missing of the C compiler's sanitizers.
pub(crate) fn missing_c_sanitizers() -> Option<String> {
    native::missing_sanitizers(&c_compiler(), "c")
}

pub(crate) fn c_demo_runs_under_valgrind() {
    let exe = compile(
        &c_compiler(),
        &[root().join("examples/c/demo.c")],
        C_FLAGS,
        "demo",
    );
    let out = run_checked(&exe);
    assert!(
        out.contains("touching"),
        "demo output lacks the touching case:\n{out}"
    );
}

pub(crate) fn header_compiles_as_cpp() {
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".to_string());
    let status = Command::new(cxx)
        .args([
            "-std=c++17",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-fsyntax-only",
            "-x",
            "c++",
        ])
        .arg(root().join("include/gjk.h"))
        .status()
        .expect("a C++ compiler runs");
    assert!(status.success());
}

pub(crate) fn c_demo_runs_under_address_and_ub_sanitizers() {
    let cc = c_compiler();
    let exe = native::compile_sanitized(&cc, &[root().join("examples/c/demo.c")], C_FLAGS, "demo");
    let out = native::run_sanitized(&exe);
    assert!(
        out.contains("touching"),
        "demo output lacks the touching case:\n{out}"
    );
}

/// The other C test programs (batch calls, casts, the trace, warm starts, callbacks) under the
/// sanitizers too.
pub(crate) fn c_test_programs_pass_under_address_and_ub_sanitizers() {
    let cc = c_compiler();
    for (name, min_checks) in [
        ("test_batch", 1000),
        ("test_casts", 80),
        ("test_trace", 150),
        ("test_cache", 1500),
        ("test_shapes", 40),
        ("test_manifold", 60),
        ("test_callback", 2000),
        ("test_aabb", 60),
    ] {
        let source = root().join("tests/c").join(format!("{name}.c"));
        let exe = native::compile_sanitized(&cc, &[source], C_FLAGS, name);
        assert_summary(&native::run_sanitized(&exe), min_checks);
    }
}
