//! `cargo run --release -p gjk-bench -- [--quick]`: see the crate documentation.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(message) = gjk_bench::run(&args) {
        eprintln!("{message}");
        std::process::exit(2);
    }
}
