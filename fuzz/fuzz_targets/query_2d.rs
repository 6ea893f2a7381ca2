//! Every query on arbitrary 2D shapes and poses through the C ABI (see gjk_fuzz).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gjk_fuzz::fuzz_queries::<2>(data));
