//! The C# binding under Mono: its test runners (tests/csharp/, run from the table of
//! tools/programs.rs), the same runner built against a stand-in UnityEngine for the Unity layer
//! (with the package's samples compiled in), and examples/csharp/, each compiled with `mcs`
//! from the binding's only copy of its sources (the Unity package's Runtime/ folder) and run
//! with `mono` against the freshly built shared library. With `GJK_BENCH=1`, also times one
//! distance query from C# and from C against the release build, and prints both.

use crate::common::native;
use native::{assert_summary, build_library, compile, missing_tools, profile_dir, root};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The Unity package; its Runtime/ folder holds the binding's sources.
const PACKAGE: &str = "bindings/csharp/unity/com.gjk.collision";

/// What is missing of Mono (the compiler and the runtime).
pub(crate) fn missing_mono() -> Option<String> {
    missing_tools(&[("mcs", "--version"), ("mono", "--version")])
}

/// Mono when the C# timing runs (`GJK_BENCH=1`); otherwise its C program is only compiled.
pub(crate) fn missing_mono_to_time() -> Option<String> {
    timing().then(missing_mono).flatten()
}

/// Whether `GJK_BENCH=1` asks for the timing of C# against C.
fn timing() -> bool {
    std::env::var_os("GJK_BENCH").is_some_and(|v| v == "1")
}

/// The binding's C# sources.
fn binding_sources() -> Vec<PathBuf> {
    let dir = root().join(PACKAGE).join("Runtime");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "cs"))
        .collect();
    sources.sort();
    assert!(!sources.is_empty(), "no C# sources in {}", dir.display());
    sources
}

/// The package's samples (`Samples~/<sample>/*.cs`): MonoBehaviours, compiled into the Unity
/// runner against the stand-in engine so that they keep building (they are not run).
fn sample_sources() -> Vec<PathBuf> {
    let dir = root().join(PACKAGE).join("Samples~");
    let mut sources = Vec::new();
    for sample in std::fs::read_dir(&dir).expect("Samples~ is listed") {
        let sample = sample.expect("directory entry").path();
        for file in std::fs::read_dir(&sample).expect("a sample's folder is listed") {
            let path = file.expect("directory entry").path();
            if path.extension().is_some_and(|ext| ext == "cs") {
                sources.push(path);
            }
        }
    }
    sources.sort();
    assert!(
        sources.len() >= 2,
        "the samples are missing from {}",
        dir.display()
    );
    sources
}

/// The test runner's sources, tests/csharp/`names`.
fn test_sources(names: &[&str]) -> Vec<PathBuf> {
    names
        .iter()
        .map(|name| root().join("tests/csharp").join(name))
        .collect()
}

/// Compiles the binding and `sources` with `mcs` into `<lib>/csharp-tests/<name>.exe`: C# 7.2
/// (what Mono's compiler accepts), warnings as errors, no unsafe code.
fn compile_csharp(lib: &Path, name: &str, sources: &[PathBuf], defines: &[&str]) -> PathBuf {
    let out_dir = lib.join("csharp-tests");
    std::fs::create_dir_all(&out_dir).expect("output directory");
    let exe = out_dir.join(format!("{name}.exe"));
    let mut mcs = Command::new("mcs");
    mcs.args(["-langversion:7.2", "-warnaserror+", "-debug", "-target:exe"])
        .arg(format!("-out:{}", exe.display()));
    for define in defines {
        mcs.arg(format!("-define:{define}"));
    }
    let output = mcs
        .args(binding_sources())
        .args(sources)
        .output()
        .expect("mcs runs");
    assert!(
        output.status.success(),
        "mcs failed on {name}:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    exe
}

/// `program` with `lib` first on LD_LIBRARY_PATH, where `DllImport("gjk")` finds libgjk.so
/// (and ahead of the directories cargo puts there for tests, which take precedence over rpath).
fn with_library(program: &Path, lib: &Path) -> Command {
    let mut path = OsString::from(lib.as_os_str());
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH") {
        path.push(":");
        path.push(old);
    }
    let mut command = Command::new(program);
    command.env("LD_LIBRARY_PATH", path);
    command
}

fn mono(lib: &Path) -> Command {
    with_library(Path::new("mono"), lib)
}

/// Runs `command` and returns its standard output. Panics with its output if it fails.
fn run(mut command: Command) -> String {
    native::run_command(&mut command)
}

/// Compiles the runner of `sources` (in tests/csharp/) into `exe`, runs it under Mono and
/// returns its output.
pub(crate) fn run_runner(sources: &[&str], exe: &str) -> String {
    let lib = build_library();
    let exe = compile_csharp(&lib, exe, &test_sources(sources), &[]);
    let mut command = mono(&lib);
    command.arg("--debug").arg(&exe);
    run(command)
}

pub(crate) fn csharp_unity_overloads_pass_against_a_stub_engine() {
    let lib = build_library();
    let sources = test_sources(&[
        "TestRunner.cs",
        "ShapeTests.cs",
        "Checks.cs",
        "Bench.cs",
        "UnityChecks.cs",
        "UnityColliderChecks.cs",
        "UnityArgumentChecks.cs",
        "UnityMirrorChecks.cs",
        "UnityEngineStub.cs",
    ]);
    let sources: Vec<PathBuf> = sources.into_iter().chain(sample_sources()).collect();
    let exe = compile_csharp(
        &lib,
        "test_runner_unity",
        &sources,
        &["UNITY_5_3_OR_NEWER", "UNITY_2018_1_OR_NEWER"],
    );
    let mut command = mono(&lib);
    command.arg("--debug").arg(&exe).arg("unity");
    assert_summary(&run(command), 700);
}

pub(crate) fn csharp_example_runs_under_mono() {
    let lib = build_library();
    let example = [root().join("examples/csharp/Example.cs")];
    let exe = compile_csharp(&lib, "example", &example, &[]);
    let mut command = mono(&lib);
    command.arg("--debug").arg(&exe);
    let out = run(command);
    for expected in [
        "square vs triangle, touching       intersecting distance 0",
        "box vs sphere at (3, 0, 0)         separated    distance 1.5",
        "Gjk.GJK(square, triangle) = True",
        "radius is -1",
    ] {
        assert!(
            out.contains(expected),
            "the example's output lacks {expected:?}"
        );
    }
}

/// The median cost of one distance query from C# under Mono and from C, on the same shapes,
/// against the release build. Timing runs only with `GJK_BENCH=1` (it takes a few
/// seconds); otherwise the C timing program is only compiled, so that it keeps building.
pub(crate) fn csharp_distance_cost_against_c() {
    if !timing() {
        compile(
            "cc",
            &[root().join("tests/csharp/bench_distance.c")],
            &[
                "-std=c11",
                "-D_DEFAULT_SOURCE",
                "-Wall",
                "-Wextra",
                "-Werror",
            ],
            "bench_distance",
        );
        eprintln!("note: set GJK_BENCH=1 to time Gjk.Distance from C# and from C");
        return;
    }
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "--lib", "--quiet"])
        .current_dir(root())
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cargo build --release --lib failed");
    let release = profile_dir()
        .parent()
        .expect("the target directory")
        .join("release");

    let c_exe = release.join("csharp-tests/bench_distance");
    std::fs::create_dir_all(release.join("csharp-tests")).expect("output directory");
    let status = Command::new("cc")
        .args([
            "-std=c11",
            "-D_DEFAULT_SOURCE",
            "-O2",
            "-Wall",
            "-Wextra",
            "-Werror",
        ])
        .arg("-I")
        .arg(root().join("include"))
        .arg(root().join("tests/csharp/bench_distance.c"))
        .arg("-L")
        .arg(&release)
        .arg(format!("-Wl,-rpath,{}", release.display()))
        .args(["-lgjk", "-lm", "-o"])
        .arg(&c_exe)
        .status()
        .expect("cc runs");
    assert!(status.success(), "cc failed on bench_distance.c");
    let c = run(with_library(&c_exe, &release));

    let sources = test_sources(&["TestRunner.cs", "ShapeTests.cs", "Checks.cs", "Bench.cs"]);
    let exe = compile_csharp(&release, "test_runner", &sources, &[]);
    let mut command = mono(&release);
    command.arg(&exe).arg("bench");
    let csharp = run(command);
    assert_eq!(c.matches(" ns/call").count(), 3, "C timings:\n{c}");
    assert_eq!(
        csharp.matches(" ns/call").count(),
        3,
        "C# timings:\n{csharp}"
    );
}
