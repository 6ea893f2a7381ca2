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

/// Runs generic unit tests in both dimensions: for each `name`, a module `name` of two tests,
/// `in_2d` and `in_3d`, calling `name::<2>()` and `name::<3>()`.
macro_rules! in_both_dimensions {
    ($($name:ident),+ $(,)?) => {
        $(
            mod $name {
                #[test]
                fn in_2d() {
                    super::$name::<2>();
                }

                #[test]
                fn in_3d() {
                    super::$name::<3>();
                }
            }
        )+
    };
}
pub(crate) use in_both_dimensions;
