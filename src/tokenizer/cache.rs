//! The tokens of pieces already merged, per vocabulary, as gpt-tokenizer keeps them: text repeats
//! its words, and a piece that is no token of its own costs a byte-pair merge each time it is
//! met. Pieces that are a token are never cached (one lookup already finds them). The cache never
//! changes a result, only how soon it comes.
//!
//! An open-addressed table over three flat buffers (entries, their pieces' bytes, their tokens),
//! probed with the hash the rank table was probed with, so a piece is hashed once.

use super::ranks::{Ranks, TooLong};
use crate::tokens::Vocabulary;
use std::sync::{Mutex, MutexGuard, OnceLock, TryLockError};

/// Entries kept before the cache starts over, and the bytes of pieces and tokens it may hold:
/// bound its memory (about 5 MB at most) whatever is counted.
const MAX_ENTRIES: usize = 1 << 15;
const MAX_PIECE_BYTES: usize = 1 << 21;
const MAX_TOKENS: usize = 1 << 19;
const SLOTS: usize = MAX_ENTRIES * 2;
/// Longer pieces are merged but not kept: a run that long is rarely met twice, and it would
/// crowd out the words that are.
const MAX_CACHED_PIECE: usize = 1 << 12;

#[derive(Default)]
pub(crate) struct Cache {
    /// Entry index + 1 (0: empty), `SLOTS` of them once used.
    slots: Vec<u32>,
    entries: Vec<Entry>,
    pieces: Vec<u8>,
    tokens: Vec<u32>,
}

struct Entry {
    hash: u64,
    piece: (usize, usize),
    tokens: (usize, usize),
}

impl Cache {
    /// The tokens of `piece` (`hash(piece)` is `h`), which is no token of its own and at most
    /// `MAX_CACHED_PIECE` bytes: merged now or found from before.
    fn tokens(&mut self, ranks: &Ranks, piece: &[u8], h: u64) -> Result<&[u32], TooLong> {
        if self.slots.is_empty() {
            self.slots = vec![0; SLOTS];
        }
        let mask = SLOTS.wrapping_sub(1);
        let mut at = h as usize & mask;
        let mut found = None;
        while let Some(&slot) = self.slots.get(at) {
            let Some(e) = (slot as usize)
                .checked_sub(1)
                .and_then(|i| self.entries.get(i))
            else {
                break;
            };
            if e.hash == h && self.pieces.get(e.piece.0..e.piece.1) == Some(piece) {
                found = Some(e.tokens);
                break;
            }
            at = at.wrapping_add(1) & mask;
        }
        let (start, end) = match found {
            Some(span) => span,
            None => {
                if self.entries.len() >= MAX_ENTRIES
                    || self.pieces.len() >= MAX_PIECE_BYTES
                    || self.tokens.len() >= MAX_TOKENS
                {
                    self.clear();
                    at = h as usize & mask;
                }
                let start = self.tokens.len();
                if let Err(e) = ranks.merge(piece, &mut self.tokens) {
                    self.tokens.truncate(start);
                    return Err(e);
                }
                let span = (start, self.tokens.len());
                let key = self.pieces.len();
                self.pieces.extend_from_slice(piece);
                self.entries.push(Entry {
                    hash: h,
                    piece: (key, self.pieces.len()),
                    tokens: span,
                });
                if let Some(slot) = self.slots.get_mut(at) {
                    *slot = u32::try_from(self.entries.len()).unwrap_or(0);
                }
                span
            }
        };
        Ok(self.tokens.get(start..end).unwrap_or_default())
    }

    fn clear(&mut self) {
        self.slots.fill(0);
        self.entries.clear();
        self.pieces.clear();
        self.tokens.clear();
    }
}

/// The cache of `vocabulary` for one call, unless another thread holds it: then the call merges
/// without it rather than wait. A panic elsewhere while it was held cannot leave it wrong (an
/// entry is linked only once whole), so a poisoned lock is used as it is.
pub(crate) fn try_lock(vocabulary: Vocabulary) -> Option<MutexGuard<'static, Cache>> {
    static O200K: OnceLock<Mutex<Cache>> = OnceLock::new();
    static CL100K: OnceLock<Mutex<Cache>> = OnceLock::new();
    let cell = match vocabulary {
        Vocabulary::O200k => &O200K,
        Vocabulary::Cl100k => &CL100K,
    };
    match cell.get_or_init(Mutex::default).try_lock() {
        Ok(guard) => Some(guard),
        Err(TryLockError::Poisoned(e)) => Some(e.into_inner()),
        Err(TryLockError::WouldBlock) => None,
    }
}

/// The tokens of `piece` (hash `h`, no token of its own) through the cache when there is one
/// and the piece is short enough to keep, else merged into `scratch`; `Err` for a piece too long
/// to merge in the memory there is.
pub(crate) fn tokens<'a>(
    cache: Option<&'a mut Cache>,
    ranks: &Ranks,
    piece: &[u8],
    h: u64,
    scratch: &'a mut Vec<u32>,
) -> Result<&'a [u32], TooLong> {
    match cache {
        Some(cache) if piece.len() <= MAX_CACHED_PIECE => cache.tokens(ranks, piece, h),
        _ => {
            scratch.clear();
            ranks.merge(piece, scratch)?;
            Ok(scratch)
        }
    }
}
