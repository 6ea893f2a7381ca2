//! A seeded generator for the unit tests (xorshift64): reproducible, no dependency.

/// Numbers uniform in [-1, 1), 53 random bits each, from `seed` (nonzero).
pub(crate) fn uniform(mut seed: u64) -> impl FnMut() -> f64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }
}
