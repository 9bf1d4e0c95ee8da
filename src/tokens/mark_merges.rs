//! Runs of ASCII punctuation merged as the vocabularies merge them. The pre-tokenizers keep a
//! run of two marks or more in a piece of its own (a space before it and line ends after it
//! aside), and byte-pair encoding inside such a piece only ever forms tokens of marks: merging
//! a run by the vocabulary's tokens of marks alone, lowest rank first, gives the tokens the
//! vocabulary gives it. `marks.rs` lists those tokens, written from the vocabularies; a run
//! longer than [`LONGEST`] is merged in chunks, each cut charged [`CUT`]
//! (`mark_runs_merge_as_the_tokenizer` holds both against the exact tokenizer).

use super::open_table::{slot, OpenTable};
use std::cell::Cell;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

/// The longest token of marks kept, and the most marks merged at once: 24 marks of five bits
/// fit a `u128`.
pub(super) const LONGEST: usize = 24;
/// What a longer run pays at each cut between its chunks, in thousandths: BPE across a cut can
/// take more tokens than the two sides merged apart, by up to two in the tests (a unit of
/// three marks repeated, `,:)` or `:{"`; one does not hold those).
pub(super) const CUT: u32 = 2000;

/// Not a token.
const NONE: u16 = u16::MAX;
/// Open-addressed slots for the tokens of three marks or more (about 1,500 in each vocabulary):
/// `2^13`.
const SLOTS: u32 = 13;

/// One vocabulary's tokens of marks: the rank among them of each pair, and of each longer one
/// by its key.
struct Ranks {
    pairs: [u16; 1 << 10],
    longer: OpenTable<u128, u16>,
}

impl Ranks {
    fn new(tokens: &str) -> Self {
        let mut ranks = Ranks {
            pairs: [NONE; 1 << 10],
            longer: OpenTable::new(SLOTS, NONE),
        };
        let tokens = tokens.split(' ').filter(|t| !t.is_empty());
        for (rank, token) in tokens.enumerate() {
            let Ok(rank) = u16::try_from(rank) else {
                break;
            };
            let bits = token.bytes().fold(0u128, |bits, b| {
                bits << 5 | u128::from(super::bound::mark(b).unwrap_or(0))
            });
            ranks.insert(key(bits, token.len()), rank);
        }
        ranks
    }

    fn insert(&mut self, key: u128, rank: u16) {
        if key >> 10 == 1 {
            if let Some(r) = self.pairs.get_mut((key & 0x3FF) as usize) {
                *r = rank;
            }
            return;
        }
        // The lowest rank, where a key came twice.
        self.longer
            .update(key, |r| if r == NONE { rank } else { r });
    }

    /// The rank of the marks `key` stands for, or [`NONE`].
    #[inline]
    fn rank(&self, key: u128) -> u16 {
        if key >> 10 == 1 {
            return self
                .pairs
                .get((key & 0x3FF) as usize)
                .copied()
                .unwrap_or(NONE);
        }
        self.longer.get(key)
    }

    /// The tokens of the `len` marks packed in `bits`, merged the lowest-ranked pair of
    /// neighbouring parts first, the leftmost among equals, as tiktoken merges.
    fn merge(&self, bits: u128, len: usize) -> u8 {
        let len = len.min(LONGEST);
        // Part `i` is the marks from `starts[i]` up to `starts[i + 1]`; `ranks[i]` the rank of
        // parts `i` and `i + 1` merged.
        let mut starts = [0u8; LONGEST + 1];
        for (i, s) in starts.iter_mut().enumerate().take(len.wrapping_add(1)) {
            *s = i as u8;
        }
        let rank = |from: Option<&u8>, to: Option<&u8>| {
            let (Some(&from), Some(&to)) = (from, to) else {
                return NONE;
            };
            let width = usize::from(to.wrapping_sub(from));
            if width > LONGEST {
                return NONE;
            }
            let shift = len.wrapping_sub(usize::from(to)).wrapping_mul(5).min(127);
            self.rank(key(bits >> shift, width))
        };
        let mut ranks = [NONE; LONGEST];
        for (i, r) in ranks.iter_mut().enumerate().take(len.saturating_sub(1)) {
            *r = rank(starts.get(i), starts.get(i.wrapping_add(2)));
        }
        let mut parts = len;
        loop {
            let live = ranks.get(..parts.saturating_sub(1)).unwrap_or_default();
            let Some((i, _)) = live
                .iter()
                .enumerate()
                .filter(|(_, &r)| r != NONE)
                .min_by_key(|(i, &r)| (r, *i))
            else {
                return parts as u8;
            };
            starts.copy_within(i.wrapping_add(2)..=parts, i.wrapping_add(1));
            ranks.copy_within(i.wrapping_add(1)..parts.wrapping_sub(1), i);
            parts = parts.wrapping_sub(1);
            for j in [i.wrapping_sub(1), i] {
                if j.wrapping_add(1) < parts {
                    if let Some(r) = ranks.get_mut(j) {
                        *r = rank(starts.get(j), starts.get(j.wrapping_add(2)));
                    }
                }
            }
        }
    }
}

/// Both vocabularies' tokens of marks, and the tokens of each run of two and three marks in both
/// once merged (most runs in code and JSON are that short: `":"`, `");`), a vocabulary a nibble
/// (o200k's low), [`UNMERGED`] until then: three marks at `bits & 0x7FFF`, two at
/// `0x8000 | bits & 0x3FF`.
struct Tables {
    ranks: [Ranks; 2],
    short: Box<[AtomicU8]>,
}

/// A run in [`Tables::short`] not merged yet.
const UNMERGED: u8 = 0xFF;

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables {
        ranks: [
            Ranks::new(super::marks::O200K),
            Ranks::new(super::marks::CL100K),
        ],
        short: (0..1 << 16).map(|_| AtomicU8::new(UNMERGED)).collect(),
    })
}

/// Marks packed five bits each, first highest, with a bit above them for their number.
#[inline]
fn key(bits: u128, len: usize) -> u128 {
    let width = len.wrapping_mul(5).min(127) as u32;
    bits & (1u128 << width).wrapping_sub(1) | 1u128 << width
}

/// The tokens o200k and cl100k take for the `len` marks packed in `bits` (five bits a mark,
/// `bound::mark`'s index, the last lowest; `len` 1 to [`LONGEST`]).
#[inline]
pub(super) fn count(bits: u128, len: usize) -> [u8; 2] {
    let tables = tables();
    let short = match len {
        0 | 1 => return [len as u8; 2],
        2 => 0x8000 | (bits & 0x3FF) as usize,
        3 => (bits & 0x7FFF) as usize,
        _ => return remembered(tables, bits, len),
    };
    let Some(cell) = tables.short.get(short) else {
        return merge_both(tables, bits, len);
    };
    match cell.load(Ordering::Relaxed) {
        UNMERGED => {
            let [o, c] = merge_both(tables, bits, len);
            cell.store(o | c << 4, Ordering::Relaxed);
            [o, c]
        }
        both => [both & 15, both >> 4],
    }
}

#[inline(never)]
fn merge_both(tables: &Tables, bits: u128, len: usize) -> [u8; 2] {
    tables.ranks.each_ref().map(|r| r.merge(bits, len))
}

thread_local! {
    /// The last runs of four marks or more merged, by slot: JSON text repeats a few
    /// (`\",\"`) over and over. Only ever a copy of what [`Ranks::merge`] gives.
    static MERGED: [Cell<(u128, [u8; 2])>; 256] = const { [const { Cell::new((0, [0; 2])) }; 256] };
}

/// Both vocabularies' [`Ranks::merge`], remembered.
#[inline(never)]
fn remembered(tables: &Tables, bits: u128, len: usize) -> [u8; 2] {
    let key = key(bits, len);
    MERGED.with(|cache| match cache.get(slot(key, 8)) {
        Some(cell) if cell.get().0 == key => cell.get().1,
        Some(cell) => {
            let counts = merge_both(tables, bits, len);
            cell.set((key, counts));
            counts
        }
        None => merge_both(tables, bits, len),
    })
}
