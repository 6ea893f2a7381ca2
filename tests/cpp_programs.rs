//! The C++ programs: tests of the RAII wrapper (bindings/cpp/gjk.hpp) and of the classic
//! tutorial API (bindings/cpp/gjk_tutorial.hpp), and the legacy tutorial programs of
//! tests/cpp/legacy/ built against that header unchanged. All are compiled as C++17 with
//! warnings as errors against the freshly built shared library and run under valgrind.

mod native;

use native::{assert_summary, compile, root, run_checked, run_checked_with};
use std::path::PathBuf;
use std::process::ExitCode;

/// What is missing of the C++ compiler's sanitizers.
fn missing_cpp_sanitizers() -> Option<String> {
    native::missing_sanitizers(&cxx_compiler(), "c++")
}

fn main() -> ExitCode {
    native::suite::run(vec![
        check!(cpp_wrapper_test_program_passes_under_valgrind),
        check!(cpp_tutorial_test_program_passes_under_valgrind),
        check!(cpp_batch_test_program_passes_under_valgrind),
        check!(cpp_callback_test_program_passes_under_valgrind),
        check!(cpp_wrapper_test_program_passes_under_address_and_ub_sanitizers, needs missing_cpp_sanitizers),
        check!(cpp_tutorial_test_program_passes_under_address_and_ub_sanitizers, needs missing_cpp_sanitizers),
        check!(cpp_casts_test_program_passes_under_valgrind),
        check!(tutorial_2d_program_compiles_and_answers_unchanged),
        check!(tutorial_3d_program_compiles_and_answers_unchanged),
    ])
}

fn cxx_compiler() -> String {
    std::env::var("CXX").unwrap_or_else(|_| "c++".to_string())
}

/// The flags of every C++ program: C++17, warnings as errors, the bindings on the include path.
fn cxx_flags() -> Vec<String> {
    [
        "-std=c++17",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-pedantic",
        "-g",
    ]
    .iter()
    .map(|flag| flag.to_string())
    .chain([format!("-I{}", root().join("bindings/cpp").display())])
    .collect()
}

/// Compiles `tests/cpp/<path>.cpp` into an executable named after `path`.
fn compile_cpp(path: &str) -> PathBuf {
    let flags = cxx_flags();
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let source = root().join("tests/cpp").join(format!("{path}.cpp"));
    compile(&cxx_compiler(), &[source], &flags, &path.replace('/', "-"))
}

/// Compiles `tests/cpp/<name>.cpp`, runs it, checks its summary line ("N passed, 0 failed")
/// and that at least `minimum` checks passed.
fn run_cpp_test(name: &str, minimum: usize) {
    assert_summary(&run_checked(&compile_cpp(name)), minimum);
}

/// Compiles the legacy program `tests/cpp/legacy/<name>.cpp`, runs it under valgrind (the
/// blocks its own main allocates and never frees, as the tutorials' programs do, are accepted;
/// see legacy/main_leaks.supp) and checks that its output is `expected`, line for line.
fn run_legacy_program(name: &str, expected: &[&str]) {
    let exe = compile_cpp(&format!("legacy/{name}"));
    let suppressions = [root().join("tests/cpp/legacy/main_leaks.supp")];
    let out = run_checked_with(&exe, &suppressions);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines, expected, "the output of {name}");
}

fn cpp_wrapper_test_program_passes_under_valgrind() {
    run_cpp_test("test_wrapper", 100);
}

fn cpp_tutorial_test_program_passes_under_valgrind() {
    run_cpp_test("test_tutorial", 170);
}

fn cpp_batch_test_program_passes_under_valgrind() {
    run_cpp_test("test_batch", 150);
}

/// Its batches start the library's pool, whose threads valgrind sees as possibly lost.
fn cpp_callback_test_program_passes_under_valgrind() {
    let suppressions = [root().join("tests/c/rayon.supp")];
    let out = run_checked_with(&compile_cpp("test_callback"), &suppressions);
    assert_summary(&out, 80);
}

/// `run_cpp_test` built with AddressSanitizer and UndefinedBehaviorSanitizer and run without
/// valgrind (skipped when the compiler lacks them: [`missing_cpp_sanitizers`]).
fn run_cpp_test_sanitized(name: &str, minimum: usize) {
    let cxx = cxx_compiler();
    let flags = cxx_flags();
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let source = root().join("tests/cpp").join(format!("{name}.cpp"));
    let exe = native::compile_sanitized(&cxx, &[source], &flags, name);
    assert_summary(&native::run_sanitized(&exe), minimum);
}

fn cpp_wrapper_test_program_passes_under_address_and_ub_sanitizers() {
    run_cpp_test_sanitized("test_wrapper", 100);
}

fn cpp_tutorial_test_program_passes_under_address_and_ub_sanitizers() {
    run_cpp_test_sanitized("test_tutorial", 170);
}

fn cpp_casts_test_program_passes_under_valgrind() {
    run_cpp_test("test_casts", 25);
}

/// The 2D tutorial's own program (its main, with the tutorial's definitions replaced by
/// gjk_tutorial.hpp). Worked by hand: poly1 is the square (0,0), (3,0), (3,3), (0,3), convex;
/// poly2 is the triangle (3,3), (5,3), (3,5) with its last vertex repeated, convex once the
/// repeat is ignored; they share the corner (3, 3), so they overlap ("重叠") as closed sets, and
/// main returns 0. (The tutorial's own isConvex called the square concave.)
fn tutorial_2d_program_compiles_and_answers_unchanged() {
    run_legacy_program("tutorial_2d", &["重叠判断结果为: 两个多边形 <重叠>"]);
}

/// A program in the style of the 3D tutorial with its own float Vector3. Worked by hand: the
/// crate is the unit cube [0, 1]^3 and the second crate the unit cube moved by the offset
/// printed. Moved by (0.5, 0.5, 0.5) they overlap; by (1, 1, 1) they share a corner; by
/// (1, 0, 0) a face; by (-1, 1, 0.25) the edge x = 0, y = 1 for z in [0.25, 1]; by (0, 0, 1.5)
/// their z ranges [0, 1] and [1.5, 2.5] leave a gap of 0.5; by (0.5, -1.25, 0) the y ranges
/// [0, 1] and [-1.25, -0.25] a gap of 0.25. The spike's lowest point is its apex (0.25, 0.25,
/// z), the rest is at z = 3: inside the crate for z = 0.5, on its top face for z = 1, 0.125
/// above it for z = 1.125. The point (0.5, 0.5, 0.5) is inside. The other crate [3, 4] x
/// [0, 2] x [0, 4] has corner 0 at (3, 0, 0): the direction towards it is (1, 0, 0); the
/// crate's farthest vertex along it is the first of its x = 1 face, (1, 0, 0), the other's
/// farthest against it the first of its x = 3 face, (3, 0, 0): (-2, 0, 0), whose dot product
/// with (1, 0, 0) is -2; back along (2, 0, 0) the same; along (1, 2, 3) the corners (1, 1, 1)
/// and (3, 0, 0): (-2, 1, 1).
fn tutorial_3d_program_compiles_and_answers_unchanged() {
    run_legacy_program(
        "tutorial_3d",
        &[
            "crate vs crate at (0.5, 0.5, 0.5), overlapping: collision",
            "crate vs crate at (1, 1, 1), corner to corner: collision",
            "crate vs crate at (1, 0, 0), face to face: collision",
            "crate vs crate at (-1, 1, 0.25), edge to edge: collision",
            "crate vs crate at (0, 0, 1.5), a gap of 0.5 above: no collision",
            "crate vs crate at (0.5, -1.25, 0), a gap of 0.25 beside: no collision",
            "spike with its apex at z = 0.5: collision",
            "spike with its apex at z = 1: collision",
            "spike with its apex at z = 1.125: no collision",
            "pebble inside the crate: collision",
            "support towards the other crate: (-2, 0, 0), dot -2",
            "support back towards the origin: (-2, 0, 0)",
            "support along (1, 2, 3): (-2, 1, 1)",
        ],
    );
}
