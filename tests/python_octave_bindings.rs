//! The Python package (bindings/python) and the MATLAB/Octave binding (bindings/matlab).
//!
//! Python: a virtual environment in target/python-venv (made once), where `pip install` builds
//! the package from bindings/python as a user would (cargo builds the release library, cffi
//! compiles the extension against include/gjk.h), then its pytest suite and the airspace
//! example run. Octave: the MEX gateway compiled with `mkoctfile --mex` against the freshly built
//! library, then tests/octave/test_gjk.m under `octave-cli`. Each is reported skipped (ignored)
//! when its tools are missing, unless GJK_REQUIRE_TOOLS is set (tests/native/suite.rs).

mod native;

use native::{assert_summary, build_library, missing, missing_tools, root};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Output};

/// Runs `command` and returns its standard output; panics with its output when it fails.
fn run(command: &mut Command, what: &str) -> String {
    let Output {
        status,
        stdout,
        stderr,
    } = command
        .output()
        .unwrap_or_else(|e| panic!("{what} cannot run: {e}"));
    let stdout = String::from_utf8_lossy(&stdout).into_owned();
    let stderr = String::from_utf8_lossy(&stderr);
    assert!(
        status.success(),
        "{what} failed ({status}):\n{stdout}\n{stderr}"
    );
    stdout
}

/// The virtual environment with the package freshly installed into it.
fn python_environment() -> PathBuf {
    let venv = root().join("target/python-venv");
    let python = venv.join("bin/python");
    if !python.exists() {
        run(
            Command::new("python3").args(["-m", "venv"]).arg(&venv),
            "python3 -m venv",
        );
    }
    let pip = |args: &[&str], what: &str| {
        run(
            Command::new(&python)
                .args([
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                ])
                .args(args)
                .current_dir(root())
                // The package must load the library it carries, not one cargo put on the path.
                .env_remove("LD_LIBRARY_PATH"),
            what,
        )
    };
    pip(
        &[
            "setuptools",
            "wheel",
            "cffi",
            "numpy",
            "pytest",
            "matplotlib",
            "dask[distributed]",
        ],
        "pip install (the build and test dependencies)",
    );
    pip(
        &[
            "--no-build-isolation",
            "--force-reinstall",
            "--no-deps",
            "./bindings/python",
        ],
        "pip install ./bindings/python",
    );
    python
}

/// What is missing for the Python package's test: python3, or its venv module (Debian ships it
/// apart, as python3-venv).
fn missing_python() -> Option<String> {
    missing_tools(&[("python3", "--version")]).or_else(|| {
        let venv = Command::new("python3")
            .args(["-c", "import venv, ensurepip"])
            .output()
            .is_ok_and(|o| o.status.success());
        missing(venv, || "python3 has no venv module (python3-venv)".into())
    })
}

/// What is missing for the Octave binding's test.
fn missing_octave() -> Option<String> {
    missing_tools(&[("octave-cli", "--version"), ("mkoctfile", "--version")])
}

fn main() -> ExitCode {
    native::suite::run(vec![
        check!(python_package_installs_and_its_tests_pass, needs missing_python),
        check!(octave_binding_test_script_passes, needs missing_octave),
    ])
}

fn python_package_installs_and_its_tests_pass() {
    let python = python_environment();
    let out = run(
        Command::new(&python)
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"])
            .current_dir(root().join("bindings/python"))
            .env_remove("LD_LIBRARY_PATH"),
        "pytest",
    );
    let last = out.lines().last().unwrap_or_default();
    assert!(
        !last.contains("failed") && !last.contains("error"),
        "pytest: {last}"
    );
    let passed: usize = last
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("unexpected pytest summary: {last}"));
    assert!(passed >= 78, "only {passed} Python tests ran");

    // The airspace example: the sample's conflicts at 5 km, and a picture.
    let png = root().join("target/airspace-python-test.png");
    let _ = std::fs::remove_file(&png);
    let out = run(
        Command::new(&python)
            .arg(root().join("bindings/python/examples/airspace.py"))
            .arg(root().join("examples/airspace/sample.txt"))
            .arg("5")
            .arg(&png)
            .env_remove("LD_LIBRARY_PATH"),
        "the Python airspace example",
    );
    assert!(
        out.starts_with("300 reservations, minimum separation 5 km:"),
        "{out}"
    );
    let bytes = std::fs::read(&png).expect("the example writes its PNG");
    assert!(bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000);
}

/// Compiles the MEX gateway into `<lib>/octave-tests/gjk_mex.mex`.
fn build_mex(lib: &Path) -> PathBuf {
    let out_dir = lib.join("octave-tests");
    std::fs::create_dir_all(&out_dir).expect("output directory");
    let mex = out_dir.join("gjk_mex.mex");
    run(
        Command::new("mkoctfile")
            .args(["--mex", "-Wall", "-Wextra", "-Werror"])
            .arg(format!("-I{}", root().join("include").display()))
            .arg(root().join("bindings/matlab/gjk_mex.c"))
            .arg(format!("-L{}", lib.display()))
            .arg("-lgjk")
            .arg(format!("-Wl,-rpath,{}", lib.display()))
            .arg("-o")
            .arg(&mex),
        "mkoctfile --mex",
    );
    out_dir
}

fn octave_binding_test_script_passes() {
    let lib = build_library();
    let mex_dir = build_mex(&lib);
    let script = format!(
        "addpath('{}'); addpath('{}'); addpath('{}'); run('{}');",
        root().join("bindings/matlab").display(),
        root().join("bindings/matlab/examples").display(),
        mex_dir.display(),
        root().join("tests/octave/test_gjk.m").display()
    );
    let out = run(
        Command::new("octave-cli")
            .args(["--no-gui", "--quiet", "--no-init-file", "--eval", &script])
            .env("LD_LIBRARY_PATH", &lib),
        "octave-cli tests/octave/test_gjk.m",
    );
    assert_summary(&out, 877);
}
