//! Feature keys: 64-bit numbers naming the features a contact point comes from, mixed so that
//! the same features give the same key and different ones, almost surely, different keys.

/// One round of a 64-bit finaliser (SplitMix64's): every input bit flips about half the
/// output bits.
fn scramble(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The key of the ordered pair `(a, b)`.
pub(crate) fn pair(a: u64, b: u64) -> u64 {
    scramble(scramble(a).rotate_left(23) ^ b.wrapping_add(0x9e37_79b9_7f4a_7c15))
}

/// The key of the unordered pair `{a, b}`: an edge from its two ends, whichever comes first.
pub(crate) fn unordered(a: u64, b: u64) -> u64 {
    pair(a.min(b), a.max(b))
}

/// A contact point's 32-bit id from its key.
pub(crate) fn id(key: u64) -> u32 {
    (key ^ (key >> 32)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_pairs_apart_and_ignore_the_order_of_unordered_ones() {
        assert_eq!(unordered(3, 9), unordered(9, 3));
        assert_ne!(pair(3, 9), pair(9, 3));
        let mut seen = std::collections::HashSet::new();
        for a in 0..64 {
            for b in 0..64 {
                assert!(seen.insert(id(pair(a, b))), "{a} {b}");
            }
        }
    }
}
