//! Which pairs of letters of other scripts than ASCII's each vocabulary joins in some token
//! (`joins.rs`, written from the vocabularies), and which it joins to a space before them:
//! between two characters no token joins, every text takes a token boundary (`bound::Letters`
//! weighs them).

use std::sync::OnceLock;

/// Open-addressed slots for the pairs of both vocabularies: o200k's 11,343 pairs and 968 letters
/// after a space, cl100k's 419 and 150, many of them shared.
const BITS: u32 = 15;
const SLOTS: usize = 1 << BITS;

/// Each pair as `first << 16 | second` (the letters are all in the BMP; 0 marks an empty
/// slot), and in `vocabularies` which join it: bit 0 o200k, bit 1 cl100k.
struct Table {
    keys: Box<[u32]>,
    vocabularies: Box<[u8]>,
}

impl Table {
    fn new() -> Self {
        let mut table = Table {
            keys: vec![0; SLOTS].into_boxed_slice(),
            vocabularies: vec![0; SLOTS].into_boxed_slice(),
        };
        use super::joins::{CL100K, CL100K_AFTER_SPACE, O200K, O200K_AFTER_SPACE};
        for (bit, pairs, after_space) in [
            (1, O200K, O200K_AFTER_SPACE),
            (2, CL100K, CL100K_AFTER_SPACE),
        ] {
            let mut varints = Varints(pairs.iter());
            let mut first = 0u32;
            while let Some(step) = varints.next() {
                first = first.wrapping_add(step);
                let mut second = first;
                for i in 0..varints.next().unwrap_or(0) {
                    let step = varints.next().unwrap_or(0);
                    second = if i == 0 {
                        // A zigzag distance: even ahead, odd behind.
                        let half = step >> 1;
                        if step & 1 == 0 {
                            first.wrapping_add(half)
                        } else {
                            first.wrapping_sub(half).wrapping_sub(1)
                        }
                    } else {
                        second.wrapping_add(step)
                    };
                    table.insert(pack(first, second), bit);
                }
            }
            let mut letter = 0u32;
            for step in Varints(after_space.iter()) {
                letter = letter.wrapping_add(step);
                table.insert(pack(u32::from(b' '), letter), bit);
            }
        }
        table
    }

    fn insert(&mut self, key: u32, bit: u8) {
        let mut slot = slot(key);
        while let Some(k) = self.keys.get_mut(slot) {
            if *k == 0 || *k == key {
                *k = key;
                if let Some(v) = self.vocabularies.get_mut(slot) {
                    *v |= bit;
                }
                return;
            }
            slot = slot.wrapping_add(1) & (SLOTS - 1);
        }
    }

    fn get(&self, key: u32) -> u8 {
        let mut slot = slot(key);
        while let Some(&k) = self.keys.get(slot) {
            if k == key {
                return self.vocabularies.get(slot).copied().unwrap_or(0);
            }
            if k == 0 {
                return 0;
            }
            slot = slot.wrapping_add(1) & (SLOTS - 1);
        }
        0
    }
}

fn key(first: char, second: char) -> u32 {
    pack(first as u32, second as u32)
}

fn pack(first: u32, second: u32) -> u32 {
    first << 16 | (second & 0xFFFF)
}

/// The unsigned LEB128 numbers `joins.rs` writes.
struct Varints<'a>(std::slice::Iter<'a, u8>);

impl Iterator for Varints<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let mut n = 0u32;
        for shift in [0, 7, 14, 21, 28] {
            let b = *self.0.next()?;
            n |= u32::from(b & 0x7F) << shift;
            if b < 0x80 {
                return Some(n);
            }
        }
        Some(n)
    }
}

fn slot(key: u32) -> usize {
    key.wrapping_mul(0x9E37_79B1)
        .wrapping_shr(u32::BITS.wrapping_sub(BITS)) as usize
}

/// Whether some token of `[o200k, cl100k]` holds `first` then `second`.
#[inline]
pub(super) fn joined(first: char, second: char) -> [bool; 2] {
    static TABLE: OnceLock<Table> = OnceLock::new();
    let v = TABLE.get_or_init(Table::new).get(key(first, second));
    [v & 1 != 0, v & 2 != 0]
}
