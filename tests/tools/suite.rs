//! The harness of the test binary whose tests need tools beyond cargo (valgrind aside): a
//! compiler's sanitizers, Mono, CMake, Python, Octave, the WebAssembly tool chain. Such a test, when its tool is missing,
//! is reported by `cargo test` as `ignored, skipped: <tool> not found` and counted among the
//! ignored tests of the summary, not as passed; with `GJK_REQUIRE_TOOLS` set (CI) it fails
//! instead. libtest-mimic runs the checks as the built-in harness would (filters, `--list`,
//! `--ignored`, threads), since the built-in one cannot decide to skip at run time.

use libtest_mimic::{Arguments, Completion, Trial};
use std::process::ExitCode;

/// One test: its name, what it needs, its body (which panics to fail).
pub struct Check {
    name: &'static str,
    missing: fn() -> Option<String>,
    body: Box<dyn FnOnce() + Send>,
}

impl Check {
    /// A test that needs nothing beyond cargo and a C compiler.
    pub fn new(name: &'static str, body: impl FnOnce() + Send + 'static) -> Self {
        Self {
            name,
            missing: || None,
            body: Box::new(body),
        }
    }

    /// The same test, skipped when `missing` names something missing.
    pub fn needs(self, missing: fn() -> Option<String>) -> Self {
        Self { missing, ..self }
    }
}

/// A [`Check`] named after its function and module, `module::f`: `check!(module::f)`, or
/// `check!(module::f, needs module::missing)` for one skipped when `missing()` names something.
#[macro_export]
macro_rules! check {
    ($module:ident :: $body:ident) => {
        $crate::suite::Check::new(
            concat!(stringify!($module), "::", stringify!($body)),
            $module::$body,
        )
    };
    ($module:ident :: $body:ident, needs $missing:expr) => {
        $crate::suite::Check::new(
            concat!(stringify!($module), "::", stringify!($body)),
            $module::$body,
        )
        .needs($missing)
    };
}

/// Runs `checks` with the command line's arguments, as `cargo test` runs a test binary.
pub fn run(checks: Vec<Check>) -> ExitCode {
    let trials = checks
        .into_iter()
        .map(|check| {
            Trial::ignorable_test(check.name, move || match (check.missing)() {
                Some(missing) => Ok(Completion::ignored_with(format!("skipped: {missing}"))),
                None => {
                    (check.body)();
                    Ok(Completion::Completed)
                }
            })
        })
        .collect();
    libtest_mimic::run(&Arguments::from_args(), trials).exit_code()
}
