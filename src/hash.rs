//! The hash behind every map and set of caller-chosen strings (document ids, object keys, type
//! names, counted texts).
//!
//! `std`'s `RandomState` draws its keys from the operating system, and wasm32-unknown-unknown has
//! none: there its keys are the same in every process. A caller who knows them can choose ids
//! that all fall into one bucket and make a call quadratic. [`Keyed`] takes its keys from
//! `seed`, which the wasm module calls once when it starts, with the host's
//! `crypto.getRandomValues`; natively they come from `RandomState`, as `std`'s do.
//!
//! The mixing is a folded multiply: the 128-bit product of two 64-bit words, halves XORed. Under
//! secret keys a caller cannot aim inputs at one bucket. It reads up to 16 bytes a multiply,
//! where SipHash-1-3 runs its rounds every 8: in the 10,000-document benchmark's profile the
//! duplicate-id check went from 0.40 to 0.32 ms a call (most of what is left is probing).
//!
//! Nothing ctxpack returns depends on a map's iteration order, so random keys keep every result
//! deterministic (DESIGN: deterministic everywhere).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, Hasher};

/// A map keyed by [`Keyed`].
pub(crate) type Map<K, V> = HashMap<K, V, Keyed>;
/// A set keyed by [`Keyed`].
pub(crate) type Set<T> = HashSet<T, Keyed>;

/// Sets this process's keys from 16 random bytes. In wasm the module's start calls it once,
/// before any map is made; natively the keys come from `std`'s `RandomState`, and this is not
/// called.
#[cfg(target_arch = "wasm32")]
pub(crate) fn seed(bytes: &[u8; 16]) {
    use std::sync::atomic::Ordering::Relaxed;
    KEYS[0].store(word(bytes, 0), Relaxed);
    KEYS[1].store(word(bytes, 8), Relaxed);
}

// Plain atomics, not a OnceLock: wasm32-unknown-unknown has one thread, and a OnceLock's
// machinery cost half a kilobyte of the module.
#[cfg(target_arch = "wasm32")]
static KEYS: [std::sync::atomic::AtomicU64; 2] = [
    std::sync::atomic::AtomicU64::new(PI[0]),
    std::sync::atomic::AtomicU64::new(PI[1]),
];

#[cfg(target_arch = "wasm32")]
fn keys() -> [u64; 2] {
    use std::sync::atomic::Ordering::Relaxed;
    [KEYS[0].load(Relaxed), KEYS[1].load(Relaxed)]
}

#[cfg(not(target_arch = "wasm32"))]
fn keys() -> [u64; 2] {
    static KEYS: std::sync::OnceLock<[u64; 2]> = std::sync::OnceLock::new();
    *KEYS.get_or_init(|| {
        let s = std::collections::hash_map::RandomState::new();
        [s.hash_one(0x6374_7870_u64), s.hash_one(0x6163_6b00_u64)]
    })
}

/// Builds [`KeyedHasher`]s under this process's keys.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Keyed {
    k: [u64; 2],
}

impl Default for Keyed {
    fn default() -> Self {
        Keyed { k: keys() }
    }
}

impl Keyed {
    /// Under the given keys instead of the process's: for tests.
    #[cfg(test)]
    fn with_keys(k: [u64; 2]) -> Self {
        Keyed { k }
    }
}

impl BuildHasher for Keyed {
    type Hasher = KeyedHasher;
    #[inline]
    fn build_hasher(&self) -> KeyedHasher {
        KeyedHasher {
            acc: self.k[0] ^ PI[2],
            k: self.k,
        }
    }
}

// Digits of pi: fixed odd-looking constants with no structure to exploit.
const PI: [u64; 4] = [
    0x243f_6a88_85a3_08d3,
    0x1319_8a2e_0370_7344,
    0xa409_3822_299f_31d0,
    0x082e_fa98_ec4e_6c89,
];

/// The 128-bit product's halves, XORed. Multiplied out in 32-bit halves: wasm has no 128-bit
/// product, and the `u128` multiply became a call of compiler-builtins' `__multi3` (0.15 ms of a
/// 10,000-document call, more than SipHash had cost).
#[inline]
fn fold(a: u64, b: u64) -> u64 {
    const LOW: u64 = 0xffff_ffff;
    let (a0, a1, b0, b1) = (a & LOW, a >> 32, b & LOW, b >> 32);
    // Each product of two 32-bit halves fits in 64 bits, and so does every sum below.
    let (p00, p01, p10, p11) = (
        a0.wrapping_mul(b0),
        a0.wrapping_mul(b1),
        a1.wrapping_mul(b0),
        a1.wrapping_mul(b1),
    );
    let mid = (p00 >> 32).wrapping_add(p01 & LOW).wrapping_add(p10 & LOW);
    let low = (p00 & LOW) | (mid << 32);
    let high = p11
        .wrapping_add(p01 >> 32)
        .wrapping_add(p10 >> 32)
        .wrapping_add(mid >> 32);
    low ^ high
}

#[inline]
fn word(b: &[u8], at: usize) -> u64 {
    b.get(at..at.saturating_add(8))
        .and_then(|w| <[u8; 8]>::try_from(w).ok())
        .map_or(0, u64::from_le_bytes)
}

#[inline]
fn half(b: &[u8], at: usize) -> u64 {
    b.get(at..at.saturating_add(4))
        .and_then(|w| <[u8; 4]>::try_from(w).ok())
        .map_or(0, |w| u64::from(u32::from_le_bytes(w)))
}

/// One hash in progress: [`Keyed`]'s keys and what was written so far, folded into one word.
#[derive(Clone, Debug)]
pub(crate) struct KeyedHasher {
    acc: u64,
    k: [u64; 2],
}

impl Hasher for KeyedHasher {
    // Not inlined: every map's insert and lookup would carry its own copy.
    #[inline(never)]
    #[allow(clippy::arithmetic_side_effects)] // wrapping by design; `len - 8` etc. are guarded
    fn write(&mut self, b: &[u8]) {
        let len = b.len();
        // Two words covering the input, overlapping when it is shorter than 16 bytes; the
        // length is mixed in, so "ab" and "abab" differ even where their words agree.
        let (mut x, mut y) = match len {
            0 => (0, 0),
            1..=3 => {
                let (first, mid, last) = (
                    b.first().copied().unwrap_or(0),
                    b.get(len / 2).copied().unwrap_or(0),
                    b.last().copied().unwrap_or(0),
                );
                (
                    u64::from(first) << 16 | u64::from(mid) << 8 | u64::from(last),
                    0,
                )
            }
            4..=7 => (half(b, 0), half(b, len - 4)),
            8..=16 => (word(b, 0), word(b, len - 8)),
            _ => {
                let mut acc = self.acc;
                let mut at = 0;
                while at + 16 < len {
                    acc = fold(word(b, at) ^ self.k[0], word(b, at + 8) ^ acc);
                    at += 16;
                }
                self.acc = acc;
                (word(b, len - 16), word(b, len - 8))
            }
        };
        x ^= self.k[0] ^ (len as u64).wrapping_mul(PI[0]);
        y ^= self.k[1] ^ self.acc;
        self.acc = fold(x, y);
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        // `str`'s Hash writes 0xff after the bytes; `write` already counted the length.
        self.acc = self.acc.rotate_left(8) ^ u64::from(i);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.acc = fold(self.acc ^ i ^ self.k[0], PI[1] ^ self.k[1]);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        fold(self.acc ^ PI[3], self.k[1] ^ PI[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(k: Keyed, s: &str) -> u64 {
        k.hash_one(s)
    }

    #[test]
    fn equal_texts_hash_alike_and_lengths_tell_apart() {
        let k = Keyed::with_keys([1, 2]);
        let texts: Vec<String> = (0..=40).map(|n| "ab".repeat(n)).collect();
        let mut seen = std::collections::HashSet::new();
        for t in &texts {
            assert_eq!(hash(k, t), hash(k, &t.clone()));
            assert!(seen.insert(hash(k, t)), "{t:?} collides");
        }
        // Every length from 0 to 40, and every byte position of a long string, counts.
        let base = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH";
        let mut seen = std::collections::HashSet::new();
        for at in 0..base.len() {
            let mut b = base.as_bytes().to_vec();
            b[at] ^= 1;
            assert!(seen.insert(hash(k, std::str::from_utf8(&b).unwrap())));
        }
        assert!(seen.insert(hash(k, base)));
    }

    #[test]
    #[allow(clippy::cast_possible_truncation)]
    fn fold_is_the_128_bit_product_folded() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let edges = [0, 1, u64::MAX, u64::MAX - 1, 1 << 63, 0xffff_ffff, 1 << 32];
        let mut pairs: Vec<(u64, u64)> =
            edges.iter().flat_map(|&a| edges.map(|b| (a, b))).collect();
        pairs.extend((0..10_000).map(|_| (next(), next())));
        for (a, b) in pairs {
            let p = u128::from(a) * u128::from(b);
            assert_eq!(
                fold(a, b),
                (p as u64) ^ ((p >> 64) as u64),
                "{a:#x} × {b:#x}"
            );
        }
    }

    #[test]
    fn the_keys_change_every_hash() {
        let (a, b) = (Keyed::with_keys([1, 2]), Keyed::with_keys([3, 4]));
        for t in ["", "a", "doc-1", "proj-0-idea-1", &"x".repeat(100)] {
            assert_ne!(hash(a, t), hash(b, t), "{t:?}");
        }
    }

    #[test]
    fn buckets_fill_evenly() {
        // 2^16 ids of the shape apps use, into 2^10 buckets by the low bits (how hashbrown
        // places them) and by the top 7 (its tag): no bucket far from the mean.
        let k = Keyed::with_keys([0x1234_5678_9abc_def0, 0x0fed_cba9_8765_4321]);
        let mut low = vec![0u32; 1 << 10];
        let mut top = vec![0u32; 1 << 7];
        for i in 0..1u32 << 16 {
            let h = hash(k, &format!("proj-{}-idea-{i}", i % 7));
            low[(h & 1023) as usize] += 1;
            top[(h >> 57) as usize] += 1;
        }
        assert!(
            low.iter().all(|&n| (24..=104).contains(&n)),
            "{:?}",
            low.iter().max()
        );
        assert!(top.iter().all(|&n| (400..=640).contains(&n)), "{top:?}");
    }

    #[test]
    fn a_map_under_the_process_keys_works_as_a_map() {
        let mut m: Map<&str, usize> = Map::default();
        for (i, id) in ["a", "b", "灵感创意", ""].iter().enumerate() {
            assert_eq!(m.insert(id, i), None);
        }
        assert_eq!(m.insert("b", 9), Some(1));
        assert_eq!(m.get("灵感创意"), Some(&2));
    }
}
