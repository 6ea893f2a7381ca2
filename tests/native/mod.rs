//! Building and running the C (and C++) programs of the test suite against the freshly built
//! shared library.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The crate root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Builds the shared library with the profile of this test run and returns its directory.
pub fn build_library() -> PathBuf {
    let release = !cfg!(debug_assertions);
    let mut cargo = Command::new(env!("CARGO"));
    cargo
        .args(["build", "--lib", "--quiet"])
        .current_dir(root());
    if release {
        cargo.arg("--release");
    }
    let status = cargo.status().expect("cargo runs");
    assert!(status.success(), "cargo build --lib failed");
    let dir = profile_dir();
    assert!(
        dir.join("libgjk.so").exists(),
        "no libgjk.so in {}",
        dir.display()
    );
    dir
}

/// Compiles `sources` with `compiler` and `flags` into `name`, linked against libgjk.so.
pub fn compile(compiler: &str, sources: &[PathBuf], flags: &[&str], name: &str) -> PathBuf {
    let lib = build_library();
    let out_dir = lib.join("native-tests");
    std::fs::create_dir_all(&out_dir).unwrap();
    let exe = out_dir.join(name);
    let status = Command::new(compiler)
        .args(flags)
        .arg("-I")
        .arg(root().join("include"))
        .args(sources)
        .arg("-L")
        .arg(&lib)
        .arg(format!("-Wl,-rpath,{}", lib.display()))
        .args(["-lgjk", "-lm", "-pthread", "-o"])
        .arg(&exe)
        .status()
        .unwrap_or_else(|e| panic!("{compiler} cannot run: {e}"));
    assert!(status.success(), "{compiler} failed on {sources:?}");
    exe
}

/// Whether the external tool `name` runs (`name version_arg` succeeds). When it does not, the
/// test that needs it is skipped with a warning, unless `GJK_REQUIRE_TOOLS` is set (CI sets it):
/// then a missing tool fails the test, so that nothing is skipped silently in CI.
pub fn tool_available(name: &str, version_arg: &str) -> bool {
    let found = Command::new(name)
        .arg(version_arg)
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("GJK_REQUIRE_TOOLS").is_none(),
            "GJK_REQUIRE_TOOLS is set but `{name}` is not installed"
        );
        eprintln!("warning: `{name}` not found; skipping what needs it");
    }
    found
}

fn valgrind_available() -> bool {
    tool_available("valgrind", "--version")
}

/// Runs `exe` (under valgrind when available: any invalid access or leak fails) and returns
/// its standard output. Panics if it fails.
pub fn run_checked(exe: &Path) -> String {
    let mut command = if valgrind_available() {
        let mut c = Command::new("valgrind");
        c.args([
            "--quiet",
            "--error-exitcode=99",
            "--leak-check=full",
            "--show-leak-kinds=definite,indirect,possible",
            "--errors-for-leak-kinds=definite,indirect,possible",
        ])
        .arg(exe);
        c
    } else {
        Command::new(exe)
    };
    let output = command.output().expect("test program runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    print!("{stdout}");
    eprint!("{stderr}");
    assert!(
        output.status.success(),
        "{} failed ({}):\n{stdout}\n{stderr}",
        exe.display(),
        output.status
    );
    stdout
}

/// The directory of this test run's profile, target/<profile>, where build outputs of the
/// tests belong. Unlike [`build_library`], builds nothing.
pub fn profile_dir() -> PathBuf {
    // target/<profile>/deps/<this test> -> target/<profile>
    std::env::current_exe()
        .expect("test executable path")
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>")
        .to_path_buf()
}
