//! Which pairs of letters of other scripts than ASCII's each vocabulary joins in some token
//! (`joins.rs`, written from the vocabularies), and which it joins to a space before them:
//! between two characters no token joins, every text takes a token boundary (`bound::Letters`
//! weighs them).

use super::open_table::OpenTable;
use std::sync::OnceLock;

/// Open-addressed slots for the pairs of both vocabularies: o200k's 11,343 pairs and 968 letters
/// after a space, cl100k's 419 and 150, many of them shared: `2^15`.
const SLOTS: u32 = 15;

/// Each pair as `first << 16 | second` (the letters are all in the BMP), and which vocabularies
/// join it: bit 0 o200k, bit 1 cl100k.
type Table = OpenTable<u32, u8>;

fn table() -> Table {
    let mut table = Table::new(SLOTS, 0);
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
                table.update(pack(first, second), |v| v | bit);
            }
        }
        let mut letter = 0u32;
        for step in Varints(after_space.iter()) {
            letter = letter.wrapping_add(step);
            table.update(pack(u32::from(b' '), letter), |v| v | bit);
        }
    }
    table
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

/// Whether some token of `[o200k, cl100k]` holds `first` then `second`.
#[inline]
pub(super) fn joined(first: char, second: char) -> [bool; 2] {
    static TABLE: OnceLock<Table> = OnceLock::new();
    let v = TABLE.get_or_init(table).get(key(first, second));
    [v & 1 != 0, v & 2 != 0]
}
