//! The C programs: the ABI test and the demo, compiled against include/gjk.h and the freshly
//! built shared library, run under valgrind. Also checks that the header compiles as C++.

mod native;

use native::{assert_summary, c_compiler, compile, root, run_checked, C_FLAGS};
use std::process::{Command, ExitCode};

/// What is missing of the C compiler's sanitizers.
fn missing_c_sanitizers() -> Option<String> {
    native::missing_sanitizers(&c_compiler(), "c")
}

fn main() -> ExitCode {
    native::suite::run(vec![
        check!(c_abi_test_program_passes_under_valgrind),
        check!(c_shapes_test_program_passes_under_valgrind),
        check!(c_manifold_test_program_passes_under_valgrind),
        check!(c_callback_test_program_passes_under_valgrind),
        check!(c_aabb_test_program_passes_under_valgrind),
        check!(c_demo_runs_under_valgrind),
        check!(header_compiles_as_cpp),
        check!(c_abi_test_program_passes_under_address_and_ub_sanitizers, needs missing_c_sanitizers),
        check!(c_demo_runs_under_address_and_ub_sanitizers, needs missing_c_sanitizers),
        check!(c_test_programs_pass_under_address_and_ub_sanitizers, needs missing_c_sanitizers),
    ])
}

fn c_abi_test_program_passes_under_valgrind() {
    native::run_c_test_program("test_abi", 400, &[]);
}

fn c_shapes_test_program_passes_under_valgrind() {
    native::run_c_test_program("test_shapes", 40, &[]);
}

fn c_manifold_test_program_passes_under_valgrind() {
    native::run_c_test_program("test_manifold", 60, &[]);
}

fn c_callback_test_program_passes_under_valgrind() {
    native::run_c_test_program("test_callback", 2000, &["rayon.supp"]);
}

fn c_aabb_test_program_passes_under_valgrind() {
    native::run_c_test_program("test_aabb", 60, &[]);
}

fn c_demo_runs_under_valgrind() {
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

fn header_compiles_as_cpp() {
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

fn c_abi_test_program_passes_under_address_and_ub_sanitizers() {
    let cc = c_compiler();
    let exe = native::compile_sanitized(
        &cc,
        &[root().join("tests/c/test_abi.c")],
        C_FLAGS,
        "test_abi",
    );
    assert_summary(&native::run_sanitized(&exe), 400);
}

fn c_demo_runs_under_address_and_ub_sanitizers() {
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
fn c_test_programs_pass_under_address_and_ub_sanitizers() {
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
