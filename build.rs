//! Generates the C header with cbindgen, and gives the shared library its SONAME.
//!
//! The header is always written to `$OUT_DIR/gjk.h`. Outside CI it is also copied to
//! `include/gjk.h` when it changed, so a developer commits it with the code that changed it; in
//! CI (`CI` set) the committed file is left alone and the `header_is_current` test fails if it
//! differs from the generated one.

use std::path::PathBuf;

fn main() {
    // Executables linked against the shared library record "libgjk.so" (not the path of the
    // file they were linked with), so an installed library is found by the loader.
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libgjk.so");
    }
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-env-changed=CI");

    let crate_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let mut config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("cbindgen.toml is readable");
    let version = |part: &str| std::env::var(format!("CARGO_PKG_VERSION_{part}")).unwrap();
    config.after_includes = Some(format!(
        "\n#define GJK_VERSION_MAJOR {}\n#define GJK_VERSION_MINOR {}\n#define GJK_VERSION_PATCH {}\n",
        version("MAJOR"),
        version("MINOR"),
        version("PATCH")
    ));
    let bindings = cbindgen::Builder::new()
        .with_crate(&crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header");

    let generated = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("gjk.h");
    bindings.write_to_file(&generated);
    if std::env::var_os("CI").is_none() {
        let committed = crate_dir.join("include/gjk.h");
        let new = std::fs::read(&generated).expect("header just written");
        if std::fs::read(&committed).ok().as_deref() != Some(&new[..]) {
            std::fs::create_dir_all(crate_dir.join("include")).expect("include/ can be created");
            std::fs::write(&committed, new).expect("include/gjk.h is writable");
        }
    }
}
