//! Builds the C side of the peer benchmark (bench/peers/): libccd's queries on point clouds.
//! Needs libccd's headers and library (Debian: libccd-dev), as `.ci/run` installs.

fn main() {
    println!("cargo:rerun-if-changed=peers/ccd.c");
    cc::Build::new()
        .file("peers/ccd.c")
        .opt_level(3)
        .warnings(true)
        .compile("gjk_bench_peers");
    println!("cargo:rustc-link-lib=ccd");
}
