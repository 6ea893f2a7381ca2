//! The C++ programs: the tests of the RAII wrapper (bindings/cpp/gjk.hpp) and of the classic
//! tutorial API (bindings/cpp/gjk_tutorial.hpp) run from the table of tools/programs.rs; here,
//! how they are built, and the legacy tutorial programs of tests/cpp/legacy/ built against that
//! header unchanged. All are compiled as C++17 with warnings as errors against the freshly
//! built shared library and run under valgrind.

use crate::common::native;
use native::{compile, root, run_checked_with};
use std::path::PathBuf;

/// What is missing of the C++ compiler's sanitizers.
pub(crate) fn missing_cpp_sanitizers() -> Option<String> {
    native::missing_sanitizers(&cxx_compiler(), "c++")
}

/// The C++ compiler: `$CXX`, or `c++`.
pub(crate) fn cxx_compiler() -> String {
    std::env::var("CXX").unwrap_or_else(|_| "c++".to_string())
}

/// The flags of every C++ program: C++17, warnings as errors, the bindings on the include path.
pub(crate) fn cxx_flags() -> Vec<String> {
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

/// Compiles `tests/cpp/<path>.cpp` into an executable named after `path`, `cpp-` first: the C
/// programs of the same names (test_batch, test_casts, test_callback) run in the same process.
pub(crate) fn compile_cpp(path: &str) -> PathBuf {
    let flags = cxx_flags();
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let source = root().join("tests/cpp").join(format!("{path}.cpp"));
    let name = format!("cpp-{}", path.replace('/', "-"));
    compile(&cxx_compiler(), &[source], &flags, &name)
}

/// [`compile_cpp`] with the sanitizers, into `cpp-<name>-asan`.
pub(crate) fn compile_cpp_sanitized(name: &str) -> PathBuf {
    let flags = cxx_flags();
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let source = root().join("tests/cpp").join(format!("{name}.cpp"));
    native::compile_sanitized(&cxx_compiler(), &[source], &flags, &format!("cpp-{name}"))
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

/// The 2D tutorial's own program (its main, with the tutorial's definitions replaced by
/// gjk_tutorial.hpp). Worked by hand: poly1 is the square (0,0), (3,0), (3,3), (0,3), convex;
/// poly2 is the triangle (3,3), (5,3), (3,5) with its last vertex repeated, convex once the
/// repeat is ignored; they share the corner (3, 3), so they overlap ("重叠") as closed sets, and
/// main returns 0. (The tutorial's own isConvex called the square concave.)
pub(crate) fn tutorial_2d_program_compiles_and_answers_unchanged() {
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
pub(crate) fn tutorial_3d_program_compiles_and_answers_unchanged() {
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
