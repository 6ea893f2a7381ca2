//! The WebAssembly npm package (bindings/wasm): built by its script with Debian's Rust for
//! wasm32 (rustc-web, cargo-web, rust-web-src, lld-22, binaryen) and wasm-bindgen-cli, then
//! its Node tests run (`node --test`, with the native library's answers on three 2D reference
//! workloads to compare with bit for bit), then `npm pack`'s tarball installs into a fresh
//! folder outside the repository, where a program written from the TypeScript tutorial (seed
//! 004) compiles with `tsc --strict` and runs; last, the demo page runs in headless Chromium
//! (Debian's, driven by playwright-core): a shape dragged with the mouse, the page showing the
//! library's distance for where it went (docs/wasm-demo.png is its screenshot). Each is reported skipped (ignored) when its tools are missing, unless
//! GJK_REQUIRE_TOOLS is set (tests/tools/suite.rs).

use crate::common;
use crate::common::native;
use common::load_workload;
use gjk::ffi::*;
use native::{missing, missing_tools, root, run};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// What is missing to build and test the package.
pub(crate) fn missing_wasm_tools() -> Option<String> {
    let web_rust = Command::new("/usr/bin/cargo")
        .arg("--version")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("1.96"));
    missing(web_rust, || {
        "Debian's cargo-web (/usr/bin/cargo 1.96: apt-get install rustc-web cargo-web \
         rust-web-src)"
            .into()
    })
    .or_else(|| {
        missing_tools(&[
            ("wasm-ld-22", "--version"),
            ("wasm-opt", "--version"),
            ("node", "--version"),
            ("npm", "--version"),
        ])
    })
}

/// What is missing for the demo page's test: the package's tools and Debian's Chromium.
pub(crate) fn missing_browser() -> Option<String> {
    missing_wasm_tools().or_else(|| missing_tools(&[("chromium", "--version")]))
}

/// The package folder.
fn package() -> PathBuf {
    root().join("bindings/wasm")
}

/// The package built once per test run (its script: module, glue, TypeScript).
fn built() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        run(
            Command::new("bash").arg(package().join("scripts/build.sh")),
            "bindings/wasm/scripts/build.sh",
        );
        package()
    })
}

/// The workloads whose native answers the Node test compares with.
const WORKLOADS: [&str; 3] = ["W2D-4", "W2D-16", "WDEG-2D"];

/// The native library's distance results (through the C ABI, NULL poses) for every pair of
/// [`WORKLOADS`], one line a pair: workload, index, then distance, lower bound, point A,
/// point B and normal as hexadecimal bits.
fn native_answers() -> String {
    let mut out = String::new();
    for name in WORKLOADS {
        for case in load_workload(name).cases {
            let shape = |points: &[f64]| {
                let mut shape = std::ptr::null_mut();
                let status =
                    unsafe { gjk_polygon_new(points.as_ptr(), points.len() / 2, &mut shape) };
                assert_eq!(status, GJK_OK, "{name} pair {}", case.index);
                shape
            };
            let (a, b) = (shape(&case.a), shape(&case.b));
            let mut r = GjkDistanceResult::default();
            let status = unsafe { gjk_distance(a, std::ptr::null(), b, std::ptr::null(), &mut r) };
            assert_eq!(status, GJK_OK, "{name} pair {}", case.index);
            unsafe {
                gjk_shape_free(a);
                gjk_shape_free(b);
            }
            let numbers = [r.distance, r.lower_bound, r.point_a[0], r.point_a[1]]
                .into_iter()
                .chain([r.point_b[0], r.point_b[1], r.normal[0], r.normal[1]]);
            write!(out, "{name} {}", case.index).unwrap();
            for x in numbers {
                write!(out, " {:x}", x.to_bits()).unwrap();
            }
            out.push('\n');
        }
    }
    out
}

pub(crate) fn wasm_package_node_tests_pass() {
    let package = built();
    let answers =
        std::env::temp_dir().join(format!("gjk-native-answers-{}.txt", std::process::id()));
    std::fs::write(&answers, native_answers()).unwrap();
    let out = run(
        Command::new("node")
            .args(["--expose-gc", "--test", "test/"])
            .env("GJK_NATIVE_ANSWERS", &answers)
            .current_dir(package),
        "node --test (bindings/wasm/test)",
    );
    std::fs::remove_file(&answers).ok();
    let count = |key: &str| -> usize {
        out.lines()
            .find_map(|l| l.strip_prefix(&format!("# {key} ")))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or_else(|| panic!("no `# {key}` line in node's output:\n{out}"))
    };
    assert_eq!(count("fail"), 0, "{out}");
    assert_eq!(count("skipped"), 0, "every Node test runs here:\n{out}");
    assert!(count("pass") >= 25, "{out}");
}

/// A program written from the TypeScript tutorial (seed 004: its `Polygon.Rectangle`s and
/// `Calculate`), the import changed to the package's; and a user's own `IShape`.
const TUTORIAL_PROGRAM: &str = r#"import { IShape, Vector, Calculate, Polygon, Circle } from "gjk-wasm/tutorial";
import { distance, Pose, Polygon as Hull } from "gjk-wasm";

class Triangle implements IShape {
    constructor(public points: Vector[]) {}
    public FarthestPointInDirection(direction: Vector): Vector {
        let best = this.points[0];
        for (const p of this.points) {
            if (p.Dot(direction) > best.Dot(direction)) {
                best = p;
            }
        }
        return best;
    }
}

function main() {
    const a = Polygon.Rectangle(new Vector(2, 3), 1, 2);
    const b = Polygon.Rectangle(new Vector(1, 3), 2, 2);
    const collision = Calculate(a, b);
    if (collision) {
        console.log("Collision detected!");
    } else {
        console.log("No collision detected!");
    }
    const t = new Triangle([new Vector(10, 0), new Vector(12, 0), new Vector(11, 2)]);
    console.log(Calculate(t, new Circle(new Vector(11, 3), 1.5)) ? "touching" : "apart");
    const square = new Hull([[0, 0], [3, 0], [3, 3], [0, 3]]);
    console.log("distance", distance(square, square, null, Pose.at(5, 0)).distance);
}

main();
"#;

pub(crate) fn wasm_package_installs_outside_the_repository() {
    let package = built();
    let packed = run(
        Command::new("npm")
            .args(["pack", "--silent", "--pack-destination"])
            .arg(std::env::temp_dir())
            .current_dir(package),
        "npm pack",
    );
    let tarball = std::env::temp_dir().join(packed.trim().lines().last().unwrap_or_default());
    let elsewhere = std::env::temp_dir().join(format!("gjk-wasm-user-{}", std::process::id()));
    std::fs::remove_dir_all(&elsewhere).ok();
    std::fs::create_dir_all(elsewhere.join("src")).unwrap();
    std::fs::write(
        elsewhere.join("package.json"),
        r#"{ "name": "tutorial-user", "private": true, "type": "module" }"#,
    )
    .unwrap();
    std::fs::write(
        elsewhere.join("tsconfig.json"),
        r#"{ "compilerOptions": { "target": "ES2022", "module": "NodeNext",
             "moduleResolution": "NodeNext", "strict": true, "outDir": "out" },
             "include": ["src"] }"#,
    )
    .unwrap();
    std::fs::write(elsewhere.join("src/main.ts"), TUTORIAL_PROGRAM).unwrap();
    run(
        Command::new("npm")
            .args(["install", "--no-audit", "--no-fund", "--silent"])
            .arg(&tarball)
            .arg("typescript@5.9.3")
            .current_dir(&elsewhere),
        "npm install (the packed tarball, in a fresh folder)",
    );
    run(
        Command::new("node_modules/.bin/tsc")
            .args(["-p", "."])
            .current_dir(&elsewhere),
        "tsc --strict of the tutorial program",
    );
    let out = run(
        Command::new("node")
            .arg("out/main.js")
            .current_dir(&elsewhere),
        "the tutorial program",
    );
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        ["Collision detected!", "touching", "distance 2"],
        "{out}"
    );
    std::fs::remove_dir_all(&elsewhere).ok();
    std::fs::remove_file(&tarball).ok();
}

pub(crate) fn wasm_demo_page_works_in_chromium() {
    let package = built();
    let screenshot = std::env::temp_dir().join(format!("gjk-wasm-demo-{}.png", std::process::id()));
    let out = run(
        Command::new("node")
            .arg("demo/check.mjs")
            .arg(&screenshot)
            .current_dir(package),
        "node demo/check.mjs (headless Chromium)",
    );
    assert!(out.contains("demo ok"), "{out}");
    let png = std::fs::read(&screenshot).expect("the screenshot");
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "{} bytes",
        png.len()
    );
    std::fs::remove_file(&screenshot).ok();
}
