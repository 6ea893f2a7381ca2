//! The C++ programs: tests of the RAII wrapper (bindings/cpp/gjk.hpp) and of the classic
//! tutorial API (bindings/cpp/gjk_tutorial.hpp), compiled as C++17 with warnings as errors
//! against the freshly built shared library and run under valgrind.

mod native;

use native::{compile, root, run_checked};

fn cxx_compiler() -> String {
    std::env::var("CXX").unwrap_or_else(|_| "c++".to_string())
}

/// Compiles `tests/cpp/<name>.cpp`, runs it, checks its summary line ("N passed, 0 failed")
/// and that at least `minimum` checks passed.
fn run_cpp_test(name: &str, minimum: usize) {
    let bindings = format!("-I{}", root().join("bindings/cpp").display());
    let flags = [
        "-std=c++17",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-pedantic",
        "-g",
        bindings.as_str(),
    ];
    let source = root().join("tests/cpp").join(format!("{name}.cpp"));
    let exe = compile(&cxx_compiler(), &[source], &flags, name);
    let out = run_checked(&exe);
    let last = out.lines().last().unwrap_or_default();
    assert!(last.ends_with(" 0 failed"), "unexpected summary: {last}");
    let passed: usize = last.split(' ').next().unwrap().parse().unwrap();
    assert!(
        passed >= minimum,
        "only {passed} checks ran, expected {minimum}"
    );
}

#[test]
fn cpp_wrapper_test_program_passes_under_valgrind() {
    run_cpp_test("test_wrapper", 100);
}

#[test]
fn cpp_tutorial_test_program_passes_under_valgrind() {
    run_cpp_test("test_tutorial", 80);
}

#[test]
fn cpp_batch_test_program_passes_under_valgrind() {
    run_cpp_test("test_batch", 150);
}

/// `run_cpp_test` built with AddressSanitizer and UndefinedBehaviorSanitizer and run without
/// valgrind (skipped with a warning when the compiler lacks them, unless GJK_REQUIRE_TOOLS).
fn run_cpp_test_sanitized(name: &str, minimum: usize) {
    let cxx = cxx_compiler();
    if !native::sanitizers_available(&cxx, "c++") {
        return;
    }
    let bindings = format!("-I{}", root().join("bindings/cpp").display());
    let flags = [
        "-std=c++17",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-pedantic",
        "-g",
        bindings.as_str(),
    ];
    let source = root().join("tests/cpp").join(format!("{name}.cpp"));
    let exe = native::compile_sanitized(&cxx, &[source], &flags, name);
    let out = native::run_sanitized(&exe);
    let last = out.lines().last().unwrap_or_default();
    assert!(last.ends_with(" 0 failed"), "unexpected summary: {last}");
    let passed: usize = last.split(' ').next().unwrap().parse().unwrap();
    assert!(
        passed >= minimum,
        "only {passed} checks ran, expected {minimum}"
    );
}

#[test]
fn cpp_wrapper_test_program_passes_under_address_and_ub_sanitizers() {
    run_cpp_test_sanitized("test_wrapper", 100);
}

#[test]
fn cpp_tutorial_test_program_passes_under_address_and_ub_sanitizers() {
    run_cpp_test_sanitized("test_tutorial", 80);
}

#[test]
fn cpp_casts_test_program_passes_under_valgrind() {
    run_cpp_test("test_casts", 25);
}
