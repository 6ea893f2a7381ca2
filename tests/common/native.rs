//! Building and running the C (and C++) programs of the test suite against the freshly built
//! shared library.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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

/// Builds the Rust example `name` with the profile of this test run and returns its path.
pub fn build_example(name: &str) -> PathBuf {
    let mut cargo = Command::new(env!("CARGO"));
    cargo
        .args(["build", "--example", name, "--quiet"])
        .current_dir(root());
    if !cfg!(debug_assertions) {
        cargo.arg("--release");
    }
    let status = cargo.status().expect("cargo runs");
    assert!(status.success(), "cargo build --example {name} failed");
    profile_dir().join("examples").join(name)
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

/// Runs `command` and returns its standard output; panics with its output when it fails.
pub fn run(command: &mut Command, what: &str) -> String {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{what} cannot run: {e}"));
    stdout_of(output, what)
}

/// [`run`], the command named by itself.
pub fn run_command(command: &mut Command) -> String {
    let what = format!("{command:?}");
    run(command, &what)
}

/// The standard output of a program that has run (`what`); panics with its output when it
/// failed.
fn stdout_of(output: Output, what: impl std::fmt::Display) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{stdout}\n{stderr}",
        output.status
    );
    stdout
}

/// `what`, as the reason a test is skipped, when `found` is false: `None` when it is there.
/// With `GJK_REQUIRE_TOOLS` set (CI sets it) a missing tool panics instead, failing the test,
/// so that nothing is skipped in CI.
pub fn missing(found: bool, what: impl FnOnce() -> String) -> Option<String> {
    if found {
        return None;
    }
    let what = what();
    assert!(
        std::env::var_os("GJK_REQUIRE_TOOLS").is_none(),
        "GJK_REQUIRE_TOOLS is set but {what}"
    );
    Some(what)
}

/// The first of `tools` (each `(name, version_arg)`) that does not run, as the reason to skip
/// a test that needs them ([`missing`]); `None` when all run.
pub fn missing_tools(tools: &[(&str, &str)]) -> Option<String> {
    tools.iter().find_map(|&(name, version_arg)| {
        let runs = Command::new(name)
            .arg(version_arg)
            .output()
            .is_ok_and(|o| o.status.success());
        missing(runs, || format!("`{name}` not found"))
    })
}

/// Whether the external tool `name` runs; when it does not, what needs it goes on without it,
/// with a warning (but see [`missing`] for CI).
pub fn tool_available(name: &str, version_arg: &str) -> bool {
    let found = missing_tools(&[(name, version_arg)]).is_none();
    if !found {
        eprintln!("warning: `{name}` not found; going on without it");
    }
    found
}

fn valgrind_available() -> bool {
    tool_available("valgrind", "--version")
}

/// Runs `exe` (under valgrind when available: any invalid access or leak fails) and returns
/// its standard output. Panics if it fails.
pub fn run_checked(exe: &Path) -> String {
    run_checked_with(exe, &[])
}

/// [`run_checked`] with valgrind suppression files (for the process-lifetime state of worker
/// threads, say).
pub fn run_checked_with(exe: &Path, suppressions: &[PathBuf]) -> String {
    let mut command = if valgrind_available() {
        let mut c = Command::new("valgrind");
        c.args([
            "--quiet",
            "--error-exitcode=99",
            "--leak-check=full",
            "--show-leak-kinds=definite,indirect,possible",
            "--errors-for-leak-kinds=definite,indirect,possible",
        ]);
        for file in suppressions {
            c.arg(format!("--suppressions={}", file.display()));
        }
        c.arg(exe);
        c
    } else {
        Command::new(exe)
    };
    let output = command.output().expect("test program runs");
    stdout_of(output, exe.display())
}

/// Checks a test program's closing line, "N passed, 0 failed", with N at least `min_checks`,
/// so that a program that stops early cannot pass.
pub fn assert_summary(out: &str, min_checks: usize) {
    let last = out.lines().last().unwrap_or_default();
    assert!(
        last.ends_with(" 0 failed"),
        "unexpected summary: {last}\n{out}"
    );
    let passed: usize = last.split(' ').next().unwrap().parse().unwrap();
    assert!(passed >= min_checks, "only {passed} checks ran:\n{out}");
}

/// The C compiler: `$CC`, or `cc`.
pub fn c_compiler() -> String {
    std::env::var("CC").unwrap_or_else(|_| "cc".to_string())
}

/// The strict C flags the test programs are built with.
pub const C_FLAGS: &[&str] = &[
    "-std=c11",
    "-D_DEFAULT_SOURCE",
    "-Wall",
    "-Wextra",
    "-Werror",
    "-pedantic",
    "-g",
];

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

/// The flags of the sanitizer builds: AddressSanitizer (with LeakSanitizer) and
/// UndefinedBehaviorSanitizer, any report fatal.
pub const SANITIZER_FLAGS: &[&str] = &[
    "-fsanitize=address,undefined",
    "-fno-omit-frame-pointer",
    "-fno-sanitize-recover=all",
];

/// The environment of a sanitized run: leaks, any ASan or UBSan report fail the program.
const SANITIZER_ENV: &[(&str, &str)] = &[
    (
        "ASAN_OPTIONS",
        "detect_leaks=1:halt_on_error=1:abort_on_error=0:exitcode=98:strict_string_checks=1:\
         detect_stack_use_after_return=1:check_initialization_order=1",
    ),
    ("LSAN_OPTIONS", "exitcode=97"),
    (
        "UBSAN_OPTIONS",
        "print_stacktrace=1:halt_on_error=1:exitcode=96",
    ),
];

/// What is missing when `compiler` cannot build and run a program with [`SANITIZER_FLAGS`] (a
/// trial compile of a small C or C++ program, `language` "c" or "c++", that allocates and
/// frees, so that ASan, LeakSanitizer and UBSan all start), as the reason to skip a test
/// ([`missing`]); `None` when it can.
pub fn missing_sanitizers(compiler: &str, language: &str) -> Option<String> {
    // Probed once per compiler and language; the lock also keeps parallel tests from writing
    // the probe executable at the same time.
    static PROBED: std::sync::Mutex<Vec<(String, String, bool)>> =
        std::sync::Mutex::new(Vec::new());
    let mut probed = PROBED.lock().unwrap_or_else(|e| e.into_inner());
    let ran = match probed
        .iter()
        .find(|(c, l, _)| c == compiler && l == language)
    {
        Some(&(_, _, ran)) => ran,
        None => {
            let ran = probe_sanitizers(compiler, language);
            probed.push((compiler.to_string(), language.to_string(), ran));
            ran
        }
    };
    missing(ran, || {
        format!(
            "`{compiler}` cannot build and run a program with {SANITIZER_FLAGS:?} (install the \
             compiler's sanitizer runtimes, e.g. libasan and libubsan)"
        )
    })
}

fn probe_sanitizers(compiler: &str, language: &str) -> bool {
    let dir = profile_dir().join("native-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(format!(
        "sanitizer-probe-{}-{}",
        language.replace('+', "x"),
        std::process::id()
    ));
    let source = "#include <stdlib.h>\nint main(void) { char *p = (char *)malloc(8); p[0] = 1; \
                  int r = p[0] - 1; free(p); return r; }\n";
    let compiled = Command::new(compiler)
        .args(SANITIZER_FLAGS)
        .args(["-x", language, "-", "-o"])
        .arg(&exe)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(source.as_bytes())?;
            child.wait_with_output()
        });
    compiled.is_ok_and(|o| o.status.success())
        && Command::new(&exe)
            .envs(SANITIZER_ENV.iter().copied())
            .output()
            .is_ok_and(|o| o.status.success())
}

/// [`compile`] with [`SANITIZER_FLAGS`] added to `flags`, into `<name>-asan` (so that it does
/// not replace the valgrind build of the same sources).
pub fn compile_sanitized(
    compiler: &str,
    sources: &[PathBuf],
    flags: &[&str],
    name: &str,
) -> PathBuf {
    let all: Vec<&str> = flags.iter().chain(SANITIZER_FLAGS).copied().collect();
    compile(compiler, sources, &all, &format!("{name}-asan"))
}

/// Runs a program built by [`compile_sanitized`] directly (ASan and valgrind do not mix), with
/// leak detection on and every sanitizer report fatal; returns its standard output. Panics if
/// it fails or a sanitizer reports anything.
pub fn run_sanitized(exe: &Path) -> String {
    let output = Command::new(exe)
        .envs(SANITIZER_ENV.iter().copied())
        .output()
        .expect("sanitized test program runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let reported = [
        "ERROR: AddressSanitizer",
        "ERROR: LeakSanitizer",
        "runtime error:",
    ]
    .iter()
    .find(|needle| stderr.contains(*needle));
    assert!(
        output.status.success() && reported.is_none(),
        "{} failed under the sanitizers ({}, {reported:?}):\n{stdout}\n{stderr}",
        exe.display(),
        output.status
    );
    stdout
}
