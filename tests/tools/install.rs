//! The install, end to end: scripts/install.sh into a fresh prefix under the target directory,
//! then what a user does with it: the C++ examples built with CMake (find_package(gjk) and
//! gjk::gjk), and the C demo built with `cc ... $(pkg-config --cflags --libs gjk)` (shared)
//! and against the static library with `pkg-config --static`. The programs run under valgrind.

use crate::common::native;
use native::{missing_tools, profile_dir, root, run_checked, run_command as run};
use std::path::Path;
use std::process::Command;

fn pkg_config(prefix: &Path, args: &[&str]) -> String {
    run(Command::new("pkg-config")
        .args(args)
        .arg("gjk")
        .env("PKG_CONFIG_PATH", prefix.join("lib/pkgconfig")))
    .trim()
    .to_string()
}

/// What is missing of the tools a user builds with.
pub(crate) fn missing_build_tools() -> Option<String> {
    missing_tools(&[
        ("cmake", "--version"),
        ("pkg-config", "--version"),
        ("c++", "--version"),
        ("cc", "--version"),
    ])
}

pub(crate) fn install_then_build_with_cmake_and_pkg_config() {
    let work = profile_dir().join("install-test");
    if work.exists() {
        std::fs::remove_dir_all(&work).unwrap();
    }
    let prefix = work.join("prefix");
    install(&prefix);
    cmake_builds_the_examples(&work, &prefix);
    cmake_refuses_another_major_version(&work, &prefix);
    pkg_config_builds_the_demo(&work, &prefix);
}

/// Runs scripts/install.sh into `prefix` and checks what it installs: the libraries, headers,
/// pkg-config and CMake files, the header as in the repository, the libraries without debug
/// information, the shared one at most 3 MiB.
fn install(prefix: &Path) {
    run(Command::new("bash")
        .arg(root().join("scripts/install.sh"))
        .arg("--prefix")
        .arg(prefix)
        .env("CARGO", env!("CARGO")));
    for file in [
        "lib/libgjk.so",
        "lib/libgjk.a",
        "include/gjk.h",
        "include/gjk.hpp",
        "include/gjk_tutorial.hpp",
        "lib/pkgconfig/gjk.pc",
        "lib/cmake/gjk/gjkConfig.cmake",
        "lib/cmake/gjk/gjkConfigVersion.cmake",
    ] {
        assert!(prefix.join(file).is_file(), "{file} is not installed");
    }
    assert_eq!(
        std::fs::read(prefix.join("include/gjk.h")).unwrap(),
        std::fs::read(root().join("include/gjk.h")).unwrap()
    );
    // Shipped without debug information: no `.debug_*` section in either library (with line
    // tables, libgjk.so was 16.5 MB and the archive 52 MB; binutils' readelf comes with gcc).
    for library in ["lib/libgjk.so", "lib/libgjk.a"] {
        let sections = run(Command::new("readelf")
            .args(["--section-headers", "--wide"])
            .arg(prefix.join(library)));
        assert!(
            !sections.contains(" .debug_"),
            "{library} carries debug information"
        );
    }
    // The installed shared library has no symbol table beyond its exports, and is at most
    // 3 MiB (#39); the programs below link against it.
    let installed = std::fs::metadata(prefix.join("lib/libgjk.so"))
        .expect("the installed library")
        .len();
    assert!(
        installed <= 3 * 1024 * 1024,
        "libgjk.so is {installed} bytes"
    );
}

/// CMake: configures and builds examples/cpp against `prefix` in `work`, runs both programs.
fn cmake_builds_the_examples(work: &Path, prefix: &Path) {
    let build = work.join("cmake-build");
    run(Command::new("cmake")
        .arg("-S")
        .arg(root().join("examples/cpp"))
        .arg("-B")
        .arg(&build)
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display())));
    run(Command::new("cmake").arg("--build").arg(&build));
    let modern = run_checked(&build.join("modern"));
    assert!(
        modern
            .lines()
            .any(|line| line.starts_with("square vs triangle, touching")
                && line.contains(" intersecting distance 0 ")),
        "unexpected output of modern:\n{modern}"
    );
    assert!(modern.contains("error: shape a is 2D but shape b is 3D"));
    assert!(
        modern.contains("one iteration: no convergence within the iteration cap"),
        "the example's capped query is not reported:\n{modern}"
    );
    let legacy = run_checked(&build.join("legacy"));
    for line in [
        "poly1 vs poly2: collision",
        "poly1 vs poly3: collision",
        "poly1 vs poly4: no collision, minimum distance 2.23607",
        "support of poly1 - poly2 along (1, 1): (1, 1)",
        "distance from (5, 1) to the line x = 2: 3",
        "cube1 vs cube2: collision",
    ] {
        assert!(legacy.contains(line), "legacy lacks {line:?}:\n{legacy}");
    }
}

/// A find_package request for another major version is refused.
fn cmake_refuses_another_major_version(work: &Path, prefix: &Path) {
    let refused = work.join("cmake-refused");
    std::fs::create_dir_all(&refused).unwrap();
    std::fs::write(
        refused.join("CMakeLists.txt"),
        "cmake_minimum_required(VERSION 3.14)\nproject(refused LANGUAGES NONE)\n\
         find_package(gjk 1.0 CONFIG REQUIRED)\n",
    )
    .unwrap();
    let status = Command::new("cmake")
        .arg("-S")
        .arg(&refused)
        .arg("-B")
        .arg(refused.join("build"))
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display()))
        .output()
        .expect("cmake runs")
        .status;
    assert!(!status.success(), "find_package(gjk 1.0) accepted 0.x");
}

/// pkg-config: the version, then the C demo linked with the shared library, exactly as a user
/// writes it in a shell, and with the static library and the private libraries pkg-config
/// lists for it.
fn pkg_config_builds_the_demo(work: &Path, prefix: &Path) {
    assert_eq!(
        pkg_config(prefix, &["--modversion"]),
        env!("CARGO_PKG_VERSION")
    );
    let demo = work.join("demo");
    let c_flags = "-std=c11 -Wall -Wextra -Werror -pedantic";
    run(Command::new("sh")
        .arg("-c")
        .arg(format!(
            "cc {c_flags} \"$DEMO_SOURCE\" $(pkg-config --cflags --libs gjk) \
             -Wl,-rpath,\"$GJK_LIBDIR\" -o \"$DEMO\""
        ))
        .env("DEMO_SOURCE", root().join("examples/c/demo.c"))
        .env("GJK_LIBDIR", prefix.join("lib"))
        .env("DEMO", &demo)
        .env("PKG_CONFIG_PATH", prefix.join("lib/pkgconfig")));
    let out = run_checked(&demo);
    assert!(out.contains("touching"), "unexpected demo output:\n{out}");

    let static_libs = pkg_config(prefix, &["--static", "--libs"]);
    let archive = prefix.join("lib/libgjk.a");
    let libs: Vec<String> = static_libs
        .split_whitespace()
        .map(|flag| match flag {
            "-lgjk" => archive.display().to_string(),
            other => other.to_string(),
        })
        .collect();
    let demo_static = work.join("demo-static");
    run(Command::new("cc")
        .args(c_flags.split(' '))
        .arg(root().join("examples/c/demo.c"))
        .args(pkg_config(prefix, &["--cflags"]).split_whitespace())
        .args(&libs)
        .arg("-o")
        .arg(&demo_static));
    let out = run_checked(&demo_static);
    assert!(out.contains("touching"), "unexpected demo output:\n{out}");
}
