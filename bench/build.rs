//! Builds the C and C++ side of the peer benchmark (bench/peers/): libccd's, Bullet's and
//! Box2D's queries on point clouds. Needs their headers and libraries (Debian: libccd-dev,
//! libbullet-dev, libbox2d-dev), as `.ci/run` installs.

fn main() {
    for file in ["peers/ccd.c", "peers/bullet.cpp", "peers/box2d.cpp"] {
        println!("cargo:rerun-if-changed={file}");
    }
    cc::Build::new()
        .file("peers/ccd.c")
        .opt_level(3)
        .warnings(true)
        .compile("gjk_bench_ccd");
    // Bullet's double-precision build (the `-float64` libraries, bullet-float64.pc): the
    // headers must be read with BT_USE_DOUBLE_PRECISION to match it.
    cc::Build::new()
        .cpp(true)
        .file("peers/bullet.cpp")
        .file("peers/box2d.cpp")
        .include("/usr/include/bullet")
        .define("BT_USE_DOUBLE_PRECISION", None)
        .opt_level(3)
        .warnings(true)
        .compile("gjk_bench_cpp_peers");
    for lib in [
        "ccd",
        "BulletCollision-float64",
        "LinearMath-float64",
        "box2d",
    ] {
        println!("cargo:rustc-link-lib={lib}");
    }
}
