//! tiktoken's merge of a very long piece in time linear in its length: the pairs are kept in one
//! bucket per rank, and the buckets are swept once, lowest rank first, where a heap would pay
//! log n at every merge (the heap's sifting was a third of a megabyte's merge, measured).
//!
//! The sweep relies on what a learned byte-pair vocabulary almost always gives: a merge at rank
//! r only makes pairs of higher rank (or none). Then the pairs of rank r are merged before any
//! other, and the order among them matters only inside a chain of overlapping pairs of rank r
//! (a run such as `aaaa`), which is merged leftmost first, as tiktoken does; chains apart from
//! each other touch no pair of rank r of the other, so their order does not change the result.
//! Should a merge make a pair of rank r or lower, the sweep stops and says so, and the caller
//! merges the piece again by the heap, whose order is tiktoken's by construction.

use super::ranks::{reserved, Ranks, TooLong, NONE};

/// How the sweep ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Swept {
    /// The tokens are in `out`.
    Done,
    /// A merge made a pair ranked no higher than its own; nothing was written.
    OutOfOrder,
}

/// One part of the piece: where it ends, the part before it, the rank of it merged with the
/// next part (`NONE`: no pair), and its neighbours in that rank's bucket. Kept together, so
/// that a merge at a random place of a long piece reads one cache line per part, not five.
#[derive(Debug, Clone, Copy)]
struct Part {
    next: u32,
    prev: u32,
    rank: u32,
    later: u32,
    earlier: u32,
}

/// Past the ends: no part.
const NO_PART: Part = Part {
    next: NONE,
    prev: NONE,
    rank: NONE,
    later: NONE,
    earlier: NONE,
};

/// The parts of a piece linked as a list, each in the bucket of its pair's rank.
struct Parts<'a> {
    ranks: &'a Ranks,
    piece: &'a [u8],
    parts: Vec<Part>,
    /// The first part of each rank's bucket, by rank; a bucket is linked through `later`.
    heads: Vec<u32>,
}

/// Merges `piece` (at least 2 bytes, under 4 GiB) into `out`; 20 bytes a byte of the piece and
/// 4 a rank of the vocabulary, reserved before it starts.
#[allow(clippy::arithmetic_side_effects)] // starts and links are below piece.len() < 2^32
pub(super) fn merge(ranks: &Ranks, piece: &[u8], out: &mut Vec<u32>) -> Result<Swept, TooLong> {
    let n = u32::try_from(piece.len()).map_err(|_| TooLong)?;
    let mut parts = Parts {
        ranks,
        piece,
        parts: reserved(piece.len())?,
        heads: reserved(ranks.count())?,
    };
    parts.parts.extend((0..n).map(|i| Part {
        next: i + 1,
        prev: i.wrapping_sub(1),
        ..NO_PART
    }));
    parts.heads.resize(ranks.count(), NONE);
    // Linked from the last part down, so each bucket lists its parts left to right.
    for i in (0..n).rev() {
        let r = parts.pair_rank(i);
        parts.set(i, r);
    }
    let mut r = 0usize;
    while let Some(&head) = parts.heads.get(r) {
        if head == NONE {
            r += 1;
            continue;
        }
        let r32 = r as u32;
        // The chain of overlapping pairs of rank r that `head` is in, from its leftmost.
        let mut i = head;
        loop {
            let p = parts.at(i).prev;
            if parts.at(p).rank != r32 {
                break;
            }
            i = p;
        }
        loop {
            if !parts.merge_at(i) {
                return Ok(Swept::OutOfOrder);
            }
            let j = parts.at(i).next;
            if parts.at(j).rank != r32 {
                break;
            }
            i = j;
        }
    }
    let mut i = 0u32;
    while i < n {
        let end = parts.at(i).next;
        out.push(ranks.rank_or_none(piece.get(i as usize..end as usize)));
        i = end;
    }
    Ok(Swept::Done)
}

#[allow(clippy::arithmetic_side_effects)] // as above
impl Parts<'_> {
    /// Part i, or [`NO_PART`] past the ends (`NONE` is past every end).
    #[inline]
    fn at(&self, i: u32) -> Part {
        self.parts.get(i as usize).copied().unwrap_or(NO_PART)
    }

    /// Changes part i, unless it is past the ends.
    #[inline]
    fn with(&mut self, i: u32, change: impl FnOnce(&mut Part)) {
        if let Some(part) = self.parts.get_mut(i as usize) {
            change(part);
        }
    }

    /// The rank of part i merged with the next one.
    fn pair_rank(&self, i: u32) -> u32 {
        let end = self.at(self.at(i).next).next;
        if end == NONE {
            return NONE;
        }
        self.ranks
            .rank_or_none(self.piece.get(i as usize..end as usize))
    }

    /// Moves part i from the bucket it is in to the front of that of rank `r` (`NONE`: to
    /// none).
    fn set(&mut self, i: u32, r: u32) {
        let part = self.at(i);
        if part.rank != NONE {
            let (e, l) = (part.earlier, part.later);
            if e == NONE {
                if let Some(head) = self.heads.get_mut(part.rank as usize) {
                    *head = l;
                }
            } else {
                self.with(e, |p| p.later = l);
            }
            self.with(l, |p| p.earlier = e);
        }
        let head = if r == NONE {
            NONE
        } else {
            self.heads.get(r as usize).copied().unwrap_or(NONE)
        };
        self.with(i, |p| {
            p.rank = r;
            p.earlier = NONE;
            p.later = head;
        });
        if r != NONE {
            self.with(head, |p| p.earlier = i);
            if let Some(h) = self.heads.get_mut(r as usize) {
                *h = i;
            }
        }
    }

    /// Merges part i with the next; `false` if that makes a pair ranked no higher.
    fn merge_at(&mut self, i: u32) -> bool {
        let r = self.at(i).rank;
        let j = self.at(i).next;
        let after = self.at(j).next;
        self.set(j, NONE);
        self.with(i, |p| p.next = after);
        self.with(after, |p| p.prev = i);
        let ri = self.pair_rank(i);
        self.set(i, ri);
        let p = self.at(i).prev;
        let rp = if p == NONE {
            NONE
        } else {
            let rp = self.pair_rank(p);
            self.set(p, rp);
            rp
        };
        (ri == NONE || ri > r) && (rp == NONE || rp > r)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::arithmetic_side_effects)] // tests may fail loudly
mod tests {
    use super::*;

    use super::super::ranks::tests::toy;

    fn swept(ranks: &Ranks, piece: &[u8]) -> Option<Vec<u32>> {
        let mut out = Vec::new();
        match merge(ranks, piece, &mut out).unwrap() {
            Swept::Done => Some(out),
            Swept::OutOfOrder => {
                assert!(out.is_empty(), "wrote before giving up");
                None
            }
        }
    }

    /// `xy` merged makes `w` + `xy`, ranked below `xy`: the sweep gives up, writing nothing,
    /// and the heap's order is needed.
    #[test]
    fn a_lower_rank_made_by_a_merge_stops_the_sweep() {
        let ranks = toy();
        assert_eq!(swept(&ranks, b"abwxyab"), None);
        // Long enough for `Ranks::merge` to sweep first: it falls back to the heap.
        let piece = ["ab".repeat(9_000), "wxy".into(), "ab".repeat(10)].concat();
        let (mut merged, mut heap) = (Vec::new(), Vec::new());
        ranks.merge(piece.as_bytes(), &mut merged).unwrap();
        ranks.merge_long(piece.as_bytes(), &mut heap).unwrap();
        assert_eq!(merged, heap);
        assert_eq!(merged.len(), 9_011, "ab × 9,000, wxy, ab × 10");
    }

    /// Long pieces of the kinds that have no place to split, and random bytes of small
    /// alphabets (long chains of one pair, many ranks), against the heap, in both vocabularies.
    #[cfg(all(feature = "tokenizer-o200k", feature = "tokenizer-cl100k"))]
    #[test]
    fn sweeps_as_the_heap_merges_real_vocabularies() {
        use crate::tokens::Vocabulary;
        let alphabets: [&[&str]; 10] = [
            &[" "],
            &[" ", "\t"],
            &["\n", "\r", " ", "\t"],
            &["a"],
            &["a", "b"],
            &["e", "s", "t", "r", "i", "n", "g"],
            &["的", "是", "一", "不", "了", "人", "我", "在", "有", "他"],
            &["😀", "👍", "🏽", "\u{200d}"],
            &["e", "\u{301}", "\u{308}", "\u{327}"],
            &["0", "1", "x", "=", "+", "/", "A"],
        ];
        let mut seed = 33u64;
        let mut random = |n: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % n
        };
        let (mut pieces, mut in_order) = (0, 0);
        for vocabulary in [Vocabulary::O200k, Vocabulary::Cl100k] {
            let ranks = crate::tokenizer::tables(vocabulary).unwrap();
            for alphabet in alphabets {
                for round in 0..12 {
                    let chars = [2, 9, 50, 300, 2000, 9000][round % 6];
                    let text: String = (0..chars)
                        .map(|_| alphabet[random(alphabet.len() as u64) as usize])
                        .collect();
                    let mut heap = Vec::new();
                    ranks.merge_long(text.as_bytes(), &mut heap).unwrap();
                    pieces += 1;
                    if let Some(out) = swept(ranks, text.as_bytes()) {
                        in_order += 1;
                        assert_eq!(
                            out,
                            heap,
                            "{vocabulary:?} {:?}",
                            &text[..text.len().min(80)]
                        );
                    }
                }
            }
        }
        // The fallback is for the rare out-of-order merge; were it common the sweep would
        // buy nothing.
        assert!(in_order * 10 >= pieces * 9, "{in_order} of {pieces} swept");
    }
}
