//! The tokens of both vocabularies made of capitals (`capitals.rs`, written from them), for the
//! fewest tokens a word in capitals can be cut into (`bound::Capitals`): the vocabularies hold
//! few such words whole (`README`, `SELECT`) and cut the rest into pieces of one to four letters
//! (`HEL|LO`, `COR|RESP|OND|ING`), where a lowercase word is mostly one token.

use super::open_table::OpenTable;
use std::sync::OnceLock;

/// The longest token the table holds, in letters: longer ones are a dozen English words, which
/// the vocabularies also cut shorter, and `ABCDEFGHIJKLMNOPQRSTUVWXYZ`, which byte-pair encoding
/// never reaches from its letters.
pub(super) const LONGEST: usize = 12;

/// The shortest: a letter alone is always a token.
pub(super) const SHORTEST: usize = 2;

/// What comes before a token of capitals, in the vocabularies and in text: nothing, a space, or
/// another character that is neither a letter, a digit nor a line end (`"_BUFFER"`), which the
/// pre-tokenizers put in front of a word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum Lead {
    #[default]
    None,
    Space,
    Mark,
}

/// The flag of a run of capitals that is a token of vocabulary `v` (0 o200k, 1 cl100k) after
/// `lead`: bits 0–5 of a key's value, and of `capitals.rs`'s `FLAGS`.
pub(super) const fn flag(v: usize, lead: Lead) -> u8 {
    1u8.wrapping_shl((v as u32).wrapping_mul(3).wrapping_add(lead as u32))
}

/// Bit of a key's value: a longer token of either vocabulary begins with the letters, or one of
/// letters of both cases (`URLs`).
const BEGINS: u8 = 64;
/// Bit of a key's value: a token holds the letters. Every key has it.
const INSIDE: u8 = 128;

/// Open-addressed slots for the runs of four letters or more inside tokens (about 9,800 keys).
const SLOTS: u32 = 15;

/// The last `len` letters of `letters` (five bits each, the last lowest, `A` as 1) and their
/// count, as one key.
#[inline]
fn key(letters: u64, len: usize) -> u64 {
    let bits = len.wrapping_mul(5).min(60);
    (letters & ((1u64 << bits).wrapping_sub(1))) | (len as u64) << 60
}

/// `letters` packed five bits each, the last lowest.
fn pack(letters: &[u8]) -> u64 {
    letters
        .iter()
        .fold(0u64, |k, &b| k << 5 | u64::from(b & 31))
}

/// The table: runs of two and three letters read directly, longer ones from open-addressed slots.
struct Table {
    short: Box<[u8]>,
    long: OpenTable<u64, u8>,
}

impl Table {
    /// Where the last `len` letters of `letters` stand in `short`, when `len` is 2 or 3.
    #[inline]
    fn short_index(letters: u64, len: usize) -> Option<usize> {
        let mask = if len == 2 { 0x3FF } else { 0x7FFF };
        (len <= 3).then_some((len & 1) << 15 | (letters & mask) as usize)
    }

    #[inline]
    fn get(&self, letters: u64, len: usize) -> u8 {
        match Self::short_index(letters, len) {
            Some(i) => self.short.get(i).copied().unwrap_or(0),
            None => self.long.get(key(letters, len)),
        }
    }

    fn update(&mut self, letters: u64, len: usize, bits: u8) {
        match Self::short_index(letters, len) {
            Some(i) => {
                if let Some(v) = self.short.get_mut(i) {
                    *v |= bits;
                }
            }
            None => self.long.update(key(letters, len), |v| v | bits),
        }
    }
}

/// Every run of two letters or more inside `word`, with what it is of it: `flags` for the word
/// itself ([`flag`]; none for the head of a token of both cases, which is no token).
fn add(table: &mut Table, word: &[u8], flags: u8, head: bool) {
    for from in 0..word.len() {
        for to in from.saturating_add(SHORTEST)..=word.len() {
            let letters = word.get(from..to).unwrap_or_default();
            let mut bits = INSIDE;
            if from == 0 && to == word.len() {
                bits |= flags;
            }
            if from == 0 && (to < word.len() || head) {
                bits |= BEGINS;
            }
            table.update(pack(letters), letters.len(), bits);
        }
    }
}

/// Reads a front-coded list of `capitals.rs` into `table`, each word with its byte of `flags`
/// (none for `HEADS`).
fn read_list(table: &mut Table, list: &str, flags: &[u8], head: bool) {
    let mut word = Vec::with_capacity(LONGEST);
    let mut flags = flags.iter().copied();
    for b in list.bytes() {
        if b.is_ascii_lowercase() {
            if !word.is_empty() {
                add(table, &word, flags.next().unwrap_or(0), head);
            }
            word.truncate(usize::from(b.wrapping_sub(b'a')));
        } else {
            word.push(b);
        }
    }
    add(table, &word, flags.next().unwrap_or(0), head);
}

fn table() -> Table {
    let mut table = Table {
        short: vec![0; 1 << 16].into_boxed_slice(),
        long: OpenTable::new(SLOTS, 0),
    };
    use super::capitals::{FLAGS, HEADS, TOKENS};
    read_list(&mut table, TOKENS, FLAGS, false);
    read_list(&mut table, HEADS, &[], true);
    table
}

/// What a run of capitals is of the vocabularies' tokens, `[o200k, cl100k]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Read {
    /// It is a token alone, after a space, after another mark: `flags` bits.
    flags: u8,
    /// A longer token of either begins with it.
    pub(super) begins: bool,
}

impl Read {
    /// Whether it is a token of vocabulary `v` after `lead`.
    #[inline]
    pub(super) fn token(&self, v: usize, lead: Lead) -> bool {
        self.flags & flag(v, lead) != 0
    }
}

/// What the last `len` letters of `letters` are; `None` where no token holds them, nor so any
/// longer run ending in them.
#[inline]
pub(super) fn suffix(letters: u64, len: usize) -> Option<Read> {
    static TABLE: OnceLock<Table> = OnceLock::new();
    let v = TABLE.get_or_init(table).get(letters, len);
    (v & INSIDE != 0).then_some(Read {
        flags: v & 63,
        begins: v & BEGINS != 0,
    })
}

/// [`suffix`] of all of `letters`, capitals.
#[cfg(all(test, feature = "tokenizer", not(target_arch = "wasm32")))]
pub(super) fn read(letters: &[u8]) -> Option<Read> {
    suffix(pack(letters), letters.len())
}
