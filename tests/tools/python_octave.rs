//! The Python package (bindings/python) and the MATLAB/Octave binding (bindings/matlab).
//!
//! Python: a virtual environment in target/python-venv (made once), where `pip install` builds
//! the package from bindings/python as a user would (setuptools-rust runs cargo for the release
//! library, cffi compiles the extension against include/gjk.h), then its pytest suite and the
//! airspace example run. Then the package's sdist, built there, installs into a fresh virtual
//! environment in a temporary folder outside the repository, and a short script runs on it.
//! Octave: the MEX gateway compiled with `mkoctfile --mex` against the freshly built
//! library, then tests/octave/test_gjk.m under `octave-cli`. Each is reported skipped (ignored)
//! when its tools are missing, unless GJK_REQUIRE_TOOLS is set (tests/tools/suite.rs).

use crate::common::native;
use native::{assert_summary, build_library, missing, missing_tools, root, run};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

/// The virtual environment target/python-venv with the package's build and test dependencies,
/// made and updated once per test run (the Python tests share it).
fn python_tools() -> &'static Path {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let venv = root().join("target/python-venv");
        let python = venv.join("bin/python");
        if !python.exists() {
            run(
                Command::new("python3").args(["-m", "venv"]).arg(&venv),
                "python3 -m venv",
            );
        }
        pip_install(
            &python,
            &[
                "setuptools",
                "setuptools-rust",
                "wheel",
                "cffi",
                "build",
                "numpy",
                "pytest",
                "matplotlib",
                "dask[distributed]",
            ],
            "pip install (the build and test dependencies)",
        );
        python
    })
}

/// `python -m pip install`, quietly.
const PIP_INSTALL: [&str; 5] = [
    "-m",
    "pip",
    "install",
    "--quiet",
    "--disable-pip-version-check",
];

/// `python -m pip install --quiet ARGS` in the repository, without LD_LIBRARY_PATH: the
/// package must load the library it carries, not one cargo put on the path.
fn pip_install(python: &Path, args: &[&str], what: &str) -> String {
    run(
        Command::new(python)
            .args(PIP_INSTALL)
            .args(args)
            .current_dir(root())
            .env_remove("LD_LIBRARY_PATH"),
        what,
    )
}

/// Held while a build writes into bindings/python (its build/ and src/gjk.egg-info): the
/// in-place install and the sdist's build run in turn, not at once.
static IN_TREE_BUILD: Mutex<()> = Mutex::new(());

/// The virtual environment with the package freshly installed into it.
fn python_environment() -> PathBuf {
    let python = python_tools().to_path_buf();
    let _building = IN_TREE_BUILD.lock().unwrap_or_else(|e| e.into_inner());
    pip_install(
        &python,
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
pub(crate) fn missing_python() -> Option<String> {
    missing_tools(&[("python3", "--version")]).or_else(|| {
        let venv = Command::new("python3")
            .args(["-c", "import venv, ensurepip"])
            .output()
            .is_ok_and(|o| o.status.success());
        missing(venv, || "python3 has no venv module (python3-venv)".into())
    })
}

/// What is missing for the Octave binding's test.
pub(crate) fn missing_octave() -> Option<String> {
    missing_tools(&[("octave-cli", "--version"), ("mkoctfile", "--version")])
}

pub(crate) fn python_package_installs_and_its_tests_pass() {
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

/// A folder removed when dropped, on failure too.
struct TemporaryFolder(PathBuf);

impl Drop for TemporaryFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What the smoke test runs on the package installed from the sdist: the README's first
/// example, a SupportShape (the callbacks) and a batch, each with its known answer.
const SMOKE_SCRIPT: &str = r#"
import sys
import numpy as np
import gjk
assert gjk.__file__.startswith(sys.prefix), gjk.__file__
square = gjk.Polygon(np.array([[0, 0], [1, 0], [1, 1], [0, 1]]))
disc = gjk.Circle(0.5)
r = gjk.distance(square, disc, None, gjk.Pose([3.0, 0.5]))
assert abs(r.distance - 1.5) < 1e-9 and np.allclose(r.point_b, [2.5, 0.5]), r
assert gjk.intersect(square, disc, None, [1.4, 0.5])
assert abs(gjk.penetration(gjk.Box(1, 1, 1), gjk.Box(1, 1, 1), None, [1.6, 0, 0]).signed_distance + 0.4) < 1e-9
assert abs(gjk.ray_cast(disc, [0, 0], [2, 0], gjk.Pose([5.0, 0.0])).t - 2.25) < 1e-9
segment = gjk.SupportShape(2, lambda d: (1.0 if d[0] >= 0 else -1.0, 0.0))
assert abs(gjk.distance(segment, disc, None, [3, 0]).distance - 1.5) < 1e-9
batch = gjk.distance_batch(square, disc, None, gjk.poses(np.array([[3.0, 0.5], [5.0, 0.5]]), np.zeros(2)))
assert np.allclose(batch.distance, [1.5, 3.5]), batch.distance
print("gjk", gjk.library_version, "from the sdist: ok")
"#;

/// The sdist carries the crate and the header: built from the repository, it installs with
/// pip into a fresh virtual environment in a temporary folder outside the repository (issue
/// #39: it used to fail there with `No module named 'gjk_build'`), with build isolation as a
/// user's pip would, and the package works there. Cargo reuses the repository's target
/// directory (CARGO_TARGET_DIR) for the dependencies; the gjk crate itself, unpacked by pip at
/// a new path each time, compiles again (about a minute on two cores).
pub(crate) fn python_sdist_installs_outside_the_repository() {
    let python = python_tools();
    let folder = TemporaryFolder(
        std::env::temp_dir().join(format!("gjk-python-sdist-{}", std::process::id())),
    );
    let _ = std::fs::remove_dir_all(&folder.0);
    let dist = folder.0.join("dist");
    let building = IN_TREE_BUILD.lock().unwrap_or_else(|e| e.into_inner());
    run(
        Command::new(python)
            .args(["-m", "build", "--sdist", "--no-isolation", "--outdir"])
            .arg(&dist)
            .arg(root().join("bindings/python")),
        "python -m build --sdist bindings/python",
    );
    let sdist = std::fs::read_dir(&dist)
        .expect("the sdist folder")
        .map(|entry| entry.expect("an sdist folder entry").path())
        .find(|path| path.to_string_lossy().ends_with(".tar.gz"))
        .expect("python -m build writes a .tar.gz");
    drop(building);

    let venv = folder.0.join("venv");
    run(
        Command::new("python3").args(["-m", "venv"]).arg(&venv),
        "python3 -m venv (outside the repository)",
    );
    let started = Instant::now();
    run(
        Command::new(venv.join("bin/python"))
            .args(PIP_INSTALL)
            .arg(&sdist)
            .current_dir(&folder.0)
            .env("CARGO_TARGET_DIR", root().join("target"))
            .env_remove("LD_LIBRARY_PATH"),
        "pip install of the sdist (outside the repository)",
    );
    eprintln!(
        "pip install {} outside the repository: {:.0} s",
        sdist.file_name().unwrap_or_default().to_string_lossy(),
        started.elapsed().as_secs_f64()
    );
    let out = run(
        Command::new(venv.join("bin/python"))
            .args(["-c", SMOKE_SCRIPT])
            .current_dir(&folder.0)
            .env_remove("LD_LIBRARY_PATH"),
        "the smoke script on the package installed from the sdist",
    );
    assert!(out.contains("from the sdist: ok"), "{out}");
}

/// Compiles the MEX gateway into `<lib>/octave-tests/gjk_mex.mex`.
fn build_mex(lib: &Path) -> PathBuf {
    let out_dir = lib.join("octave-tests");
    std::fs::create_dir_all(&out_dir).expect("output directory");
    let mex = out_dir.join("gjk_mex.mex");
    run(
        Command::new("mkoctfile")
            .args(["--mex", "--strip", "-Wall", "-Wextra", "-Werror"])
            .arg(format!("-I{}", root().join("include").display()))
            .arg(root().join("bindings/matlab/gjk_mex.c"))
            .arg(format!("-L{}", lib.display()))
            .arg("-lgjk")
            .arg(format!("-Wl,-rpath,{}", lib.display()))
            .arg("-o")
            .arg(&mex),
        "mkoctfile --mex",
    );
    // Built as gjk_build.m builds it, the MEX file carries no debug information (#39).
    let bytes = std::fs::read(&mex).expect("the MEX file");
    assert!(
        !bytes.windows(11).any(|w| w == b".debug_info"),
        "{} has debug information",
        mex.display()
    );
    out_dir
}

pub(crate) fn octave_binding_test_script_passes() {
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
