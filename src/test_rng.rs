//! A seeded generator for tests that draw many cases without proptest's shrinking: the same
//! cases on every run and every machine.

/// Draws from `0..n` (xorshift64; 0 when `n` is 0), starting from `seed` (not 0).
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed.checked_rem(n as u64).unwrap_or(0) as usize
    }
}
