//! The tests that need programs beyond cargo, in one binary on libtest-mimic ([`suite`]): the C
//! and C++ test programs (one table, [`programs`], each compiled against the freshly built
//! shared library and run under valgrind or the sanitizers), the C demo and the header as C++,
//! the C# binding under Mono, the install with CMake and pkg-config, the Python package, the
//! Octave binding and the WebAssembly package.
//!
//! Why a second test binary beside tests/it: a test here is reported skipped (`ignored,
//! skipped: <tool> not found`) when its tool is missing, which the built-in harness cannot
//! decide at run time; and libtest-mimic runs a list of trials, not `#[test]` functions, so the
//! tests that need nothing beyond cargo stay on the built-in harness in tests/it. The C
//! programs need only a C compiler (and valgrind when found), but they are here so that one
//! table builds and runs every program of tests/c and tests/cpp.

#[path = "../common/mod.rs"]
mod common;
mod suite;

mod c;
mod cpp;
mod csharp;
mod install;
mod programs;
mod python_octave;
mod wasm;

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut checks = programs::checks();
    checks.extend([
        // The C demo, the C programs under the sanitizers, the header as C++.
        check!(c::c_demo_runs_under_valgrind),
        check!(c::header_compiles_as_cpp),
        check!(c::c_demo_runs_under_address_and_ub_sanitizers, needs c::missing_c_sanitizers),
        check!(c::c_test_programs_pass_under_address_and_ub_sanitizers, needs c::missing_c_sanitizers),
        // The legacy C++ programs of the tutorials, against bindings/cpp/gjk_tutorial.hpp.
        check!(cpp::tutorial_2d_program_compiles_and_answers_unchanged),
        check!(cpp::tutorial_3d_program_compiles_and_answers_unchanged),
        // The C# binding under Mono: the Unity layer, the example, the timing against C.
        check!(csharp::csharp_unity_overloads_pass_against_a_stub_engine, needs csharp::missing_mono),
        check!(csharp::csharp_example_runs_under_mono, needs csharp::missing_mono),
        check!(csharp::csharp_distance_cost_against_c, needs csharp::missing_mono_to_time),
        // The install (scripts/install.sh), then CMake and pkg-config as a user builds.
        check!(install::install_then_build_with_cmake_and_pkg_config, needs install::missing_build_tools),
        // The Python package and the MATLAB/Octave binding.
        check!(python_octave::python_package_installs_and_its_tests_pass, needs python_octave::missing_python),
        check!(python_octave::python_sdist_installs_outside_the_repository, needs python_octave::missing_python),
        check!(python_octave::octave_binding_test_script_passes, needs python_octave::missing_octave),
        // The WebAssembly package (bindings/wasm).
        check!(wasm::wasm_package_node_tests_pass, needs wasm::missing_wasm_tools),
        check!(wasm::wasm_package_installs_outside_the_repository, needs wasm::missing_wasm_tools),
        check!(wasm::wasm_demo_page_works_in_chromium, needs wasm::missing_browser),
    ]);
    suite::run(checks)
}
