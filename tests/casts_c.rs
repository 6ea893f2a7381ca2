//! The C test program of the cast functions (tests/c/test_casts.c), compiled against
//! include/gjk.h and the freshly built shared library, run under valgrind.

mod native;

use native::{compile, root, run_checked};

#[test]
fn c_casts_test_program_passes_under_valgrind() {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let flags = [
        "-std=c11",
        "-D_DEFAULT_SOURCE",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-pedantic",
        "-g",
    ];
    let exe = compile(
        &cc,
        &[root().join("tests/c/test_casts.c")],
        &flags,
        "test_casts",
    );
    let out = run_checked(&exe);
    let last = out.lines().last().unwrap_or_default();
    assert!(last.ends_with(" 0 failed"), "unexpected summary: {last}");
    let passed: usize = last.split(' ').next().unwrap().parse().unwrap();
    assert!(passed >= 80, "only {passed} checks ran");
}
