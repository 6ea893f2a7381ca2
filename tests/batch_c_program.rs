//! The C test of the batch functions (tests/c/test_batch.c), compiled against include/gjk.h and
//! the freshly built shared library, run under valgrind: any invalid access or leak fails it.
//! The batch calls start worker threads (rayon), whose process-lifetime state valgrind would
//! call "possibly lost"; tests/c/rayon.supp suppresses exactly that, and nothing of gjk.

mod native;

use native::{compile, root, tool_available};
use std::process::Command;

#[test]
fn c_batch_test_program_passes_under_valgrind() {
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
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
        &compiler,
        &[root().join("tests/c/test_batch.c")],
        &flags,
        "test_batch_c",
    );
    let mut command = if tool_available("valgrind", "--version") {
        let mut c = Command::new("valgrind");
        c.args([
            "--quiet",
            "--error-exitcode=99",
            "--leak-check=full",
            "--show-leak-kinds=definite,indirect,possible",
            "--errors-for-leak-kinds=definite,indirect,possible",
        ])
        .arg(format!(
            "--suppressions={}",
            root().join("tests/c/rayon.supp").display()
        ))
        .arg(&exe);
        c
    } else {
        Command::new(&exe)
    };
    let output = command.output().expect("the test program runs");
    let out = String::from_utf8_lossy(&output.stdout);
    eprint!("{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{out}\nfailed: {}", output.status);
    let last = out.lines().last().unwrap_or_default();
    assert!(last.ends_with(" 0 failed"), "unexpected summary: {last}");
    let passed: usize = last.split(' ').next().unwrap().parse().unwrap();
    assert!(passed > 1000, "only {passed} checks ran");
}
