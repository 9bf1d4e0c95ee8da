//! The tokens of pieces already merged, per vocabulary, as gpt-tokenizer keeps them: text repeats
//! its words, and a piece that is no token of its own costs a byte-pair merge each time it is
//! met. Pieces that are a token are never cached (one lookup already finds them). The cache never
//! changes a result, only how soon it comes.

use super::ranks::{hash, Ranks};
use crate::tokens::Vocabulary;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

/// Entries kept before the cache starts over: bounds its memory (a few MB of pieces of a few
/// bytes each) whatever is counted.
const MAX_ENTRIES: usize = 1 << 16;

#[derive(Default)]
pub(crate) struct Cache {
    map: HashMap<Box<[u8]>, Box<[u32]>, BuildHasherDefault<PieceHasher>>,
}

impl Cache {
    /// The tokens of `piece`, merged now or found from before. `scratch` is reused between calls.
    pub(crate) fn tokens<'c>(
        &'c mut self,
        ranks: &Ranks,
        piece: &[u8],
        scratch: &mut Vec<u32>,
    ) -> &'c [u32] {
        if !self.map.contains_key(piece) {
            if self.map.len() >= MAX_ENTRIES {
                self.map.clear();
            }
            scratch.clear();
            ranks.encode(piece, scratch);
            self.map.insert(piece.into(), scratch.as_slice().into());
        }
        self.map.get(piece).map_or(&[], |t| t)
    }
}

/// The cache of `vocabulary`, locked for one call. A panic elsewhere while it was held cannot
/// leave it wrong (entries are inserted whole), so a poisoned lock is used as it is.
pub(crate) fn lock(vocabulary: Vocabulary) -> MutexGuard<'static, Cache> {
    static O200K: OnceLock<Mutex<Cache>> = OnceLock::new();
    static CL100K: OnceLock<Mutex<Cache>> = OnceLock::new();
    let cell = match vocabulary {
        Vocabulary::O200k => &O200K,
        Vocabulary::Cl100k => &CL100K,
    };
    cell.get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
}

/// [`hash`] for the cache's keys (`[u8]` hashes as its length, then its bytes).
#[derive(Default)]
pub(crate) struct PieceHasher(u64);

impl Hasher for PieceHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0 = self.0.rotate_left(7) ^ hash(bytes) as u64;
    }

    fn write_usize(&mut self, n: usize) {
        self.0 = self.0.rotate_left(7) ^ n as u64;
    }
}
