//! The C programs: the ABI test and the demo, compiled against include/gjk.h and the freshly
//! built shared library, run under valgrind. Also checks that the header compiles as C++.

mod native;

use native::{compile, root, run_checked};
use std::process::Command;

const C_FLAGS: &[&str] = &[
    "-std=c11",
    "-D_DEFAULT_SOURCE",
    "-Wall",
    "-Wextra",
    "-Werror",
    "-pedantic",
    "-g",
];

fn c_compiler() -> String {
    std::env::var("CC").unwrap_or_else(|_| "cc".to_string())
}

#[test]
fn c_abi_test_program_passes_under_valgrind() {
    let exe = compile(
        &c_compiler(),
        &[root().join("tests/c/test_abi.c")],
        C_FLAGS,
        "test_abi",
    );
    let out = run_checked(&exe);
    let last = out.lines().last().unwrap_or_default();
    assert!(last.ends_with(" 0 failed"), "unexpected summary: {last}");
    let passed: usize = last.split(' ').next().unwrap().parse().unwrap();
    assert!(passed > 400, "only {passed} checks ran");
}

#[test]
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

#[test]
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

#[test]
fn c_abi_test_program_passes_under_address_and_ub_sanitizers() {
    let cc = c_compiler();
    if !native::sanitizers_available(&cc, "c") {
        return;
    }
    let exe = native::compile_sanitized(
        &cc,
        &[root().join("tests/c/test_abi.c")],
        C_FLAGS,
        "test_abi",
    );
    let out = native::run_sanitized(&exe);
    let last = out.lines().last().unwrap_or_default();
    assert!(last.ends_with(" 0 failed"), "unexpected summary: {last}");
    let passed: usize = last.split(' ').next().unwrap().parse().unwrap();
    assert!(passed > 400, "only {passed} checks ran");
}

#[test]
fn c_demo_runs_under_address_and_ub_sanitizers() {
    let cc = c_compiler();
    if !native::sanitizers_available(&cc, "c") {
        return;
    }
    let exe = native::compile_sanitized(&cc, &[root().join("examples/c/demo.c")], C_FLAGS, "demo");
    let out = native::run_sanitized(&exe);
    assert!(
        out.contains("touching"),
        "demo output lacks the touching case:\n{out}"
    );
}
