//! A vocabulary's byte-pair ranks, held flat (every token's bytes in one buffer, an open-addressed
//! table of ranks over it) rather than as 200,000 separately allocated keys, and tiktoken's
//! byte-pair merge over them: the lowest-ranked adjacent pair is merged first, the leftmost among
//! equals, until no adjacent pair is a token.

use super::buckets::Swept;

/// A rank that is no token: "no pair here".
pub(super) const NONE: u32 = u32::MAX;

/// Pieces up to this many bytes are merged by rescanning the pairs (tiktoken's way: no
/// allocation but its list); longer ones by a heap, whose cost grows as n log n, not n², and
/// the longest by a sweep of buckets ([`SWEPT_PIECE`]).
/// Measured on Chinese (`crossover`, native): even at 32 bytes (0.62 µs against 0.55 µs); 2.1
/// against 1.3 µs at 64; 549 against 28 µs at 1 KiB. On the corpus the choice is within noise.
const SHORT_PIECE: usize = 48;

/// Pieces of this many bytes or more are merged by sweeping buckets of ranks (`buckets`), in
/// time linear in their length. Its fixed cost (a table of the ranks, 0.1 ms for o200k) is
/// repaid from here (`crossover`, native): at 16 KiB 0.67 against 1.65 ms on spaces, 0.78
/// against 0.64 ms on Chinese; at 1 MiB 36.6 against 139.5 ms and 51.9 against 68.1 ms
/// (docs/decisions/2026-11-27-linear-merge.md).
const SWEPT_PIECE: usize = 1 << 14;

pub(crate) struct Ranks {
    /// The bytes of every token, by rank.
    bytes: Vec<u8>,
    /// Token `r` is `bytes[offsets[r]..offsets[r + 1]]`.
    offsets: Vec<u32>,
    /// Rank + 1 of the token hashed there (0: empty) in the low half, the high half of its hash
    /// in the high half (most probes that miss end there, without reading the token); probed
    /// linearly.
    slots: Vec<u64>,
    mask: usize,
}

impl Ranks {
    /// The tables of a vocabulary packed as every ordinary token in rank order, each its length
    /// (one byte) then its bytes; then the special tokens, decoded but never matched (special
    /// tokens are ordinary text here). `None` if the data is cut short.
    pub(crate) fn unpack(packed: &[u8], specials: &[(u32, &str)]) -> Option<Ranks> {
        let mut bytes = Vec::with_capacity(packed.len());
        let mut offsets = Vec::with_capacity(packed.len() / 4);
        offsets.push(0u32);
        let mut rest = packed;
        while let Some((&len, tail)) = rest.split_first() {
            let (token, tail) = tail.split_at_checked(usize::from(len))?;
            bytes.extend_from_slice(token);
            offsets.push(u32::try_from(bytes.len()).ok()?);
            rest = tail;
        }
        let matched = u32::try_from(offsets.len().saturating_sub(1)).ok()?;
        for &(rank, text) in specials {
            // Ranks between the ordinary tokens and a special one are no tokens: empty.
            while offsets.len() <= rank as usize {
                offsets.push(u32::try_from(bytes.len()).ok()?);
            }
            bytes.extend_from_slice(text.as_bytes());
            offsets.push(u32::try_from(bytes.len()).ok()?);
        }
        let size = (matched as usize)
            .saturating_mul(2)
            .max(16)
            .next_power_of_two();
        let mut ranks = Ranks {
            bytes,
            offsets,
            slots: vec![0; size],
            mask: size.wrapping_sub(1),
        };
        for r in 0..matched {
            let Some(t) = ranks.token(r).filter(|t| !t.is_empty()) else {
                continue;
            };
            let h = hash(t);
            let mut at = h as usize & ranks.mask;
            while let Some(slot) = ranks.slots.get_mut(at) {
                if *slot == 0 {
                    *slot = (h & !0xFFFF_FFFF) | u64::from(r.wrapping_add(1));
                    break;
                }
                at = at.wrapping_add(1) & ranks.mask;
            }
        }
        Some(ranks)
    }

    /// How many ranks there are, special tokens included.
    pub(crate) fn count(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// The bytes of token `rank`.
    pub(crate) fn token(&self, rank: u32) -> Option<&[u8]> {
        let start = *self.offsets.get(rank as usize)?;
        let end = *self.offsets.get((rank as usize).wrapping_add(1))?;
        self.bytes.get(start as usize..end as usize)
    }

    /// The rank of the token `piece` is, if it is one.
    #[inline]
    pub(crate) fn get(&self, piece: &[u8]) -> Option<u32> {
        self.get_hashed(piece, hash(piece))
    }

    /// The same, `h` being `hash(piece)`.
    #[inline]
    pub(crate) fn get_hashed(&self, piece: &[u8], h: u64) -> Option<u32> {
        let mut at = h as usize & self.mask;
        let high = h & !0xFFFF_FFFF;
        loop {
            let slot = *self.slots.get(at)?;
            let rank = (slot as u32).checked_sub(1)?;
            if slot & !0xFFFF_FFFF == high && self.token(rank) == Some(piece) {
                return Some(rank);
            }
            at = at.wrapping_add(1) & self.mask;
        }
    }

    pub(super) fn rank_or_none(&self, piece: Option<&[u8]>) -> u32 {
        piece.and_then(|p| self.get(p)).unwrap_or(NONE)
    }

    /// Appends the tokens of `piece` to `out`.
    #[cfg(test)]
    pub(crate) fn encode(&self, piece: &[u8], out: &mut Vec<u32>) {
        match self.get(piece) {
            Some(rank) => out.push(rank),
            None => {
                let _ = self.merge(piece, out);
            }
        }
    }

    /// Appends the tokens of `piece`, which is no token of its own, to `out`; `Err` for a
    /// piece too long to merge in the memory there is (see [`Ranks::merge_long`]).
    pub(crate) fn merge(&self, piece: &[u8], out: &mut Vec<u32>) -> Result<(), TooLong> {
        if piece.len() <= SHORT_PIECE {
            self.merge_short(piece, out);
            Ok(())
        } else if piece.len() < SWEPT_PIECE {
            self.merge_long(piece, out)
        } else {
            match super::buckets::merge(self, piece, out)? {
                Swept::Done => Ok(()),
                Swept::OutOfOrder => self.merge_long(piece, out),
            }
        }
    }

    /// tiktoken's merge: `parts` holds each part's start and the rank of it merged with the next
    /// part; each step merges at the lowest rank and recomputes the two ranks it changed.
    #[allow(clippy::arithmetic_side_effects)] // indices below parts.len(), which is at most 49
    pub(crate) fn merge_short(&self, piece: &[u8], out: &mut Vec<u32>) {
        let n = piece.len();
        let mut parts: Vec<(usize, u32)> = (0..=n)
            .map(|i| (i, self.rank_or_none(piece.get(i..i + 2))))
            .collect();
        // The rank of parts i and i + 1 merged, were part i + 1 already merged with i + 2.
        let pair = |parts: &[(usize, u32)], i: usize| -> u32 {
            match (parts.get(i), parts.get(i + 3)) {
                (Some(&(a, _)), Some(&(b, _))) => self.rank_or_none(piece.get(a..b)),
                _ => NONE,
            }
        };
        while let Some(i) = lowest(&parts) {
            if i > 0 {
                let r = pair(&parts, i - 1);
                if let Some(p) = parts.get_mut(i - 1) {
                    p.1 = r;
                }
            }
            let r = pair(&parts, i);
            if let Some(p) = parts.get_mut(i) {
                p.1 = r;
            }
            parts.remove(i + 1);
        }
        out.extend(parts.windows(2).filter_map(|w| match w {
            [(a, _), (b, _)] => Some(self.rank_or_none(piece.get(*a..*b))),
            _ => None,
        }));
    }

    /// The same merges with a heap of (rank, start) and the parts linked as a list: the cost
    /// grows as n log n, not n². A heap entry whose part was merged away or whose rank changed
    /// is skipped when it comes up (a part's pair only ever grows, so a rank never comes back).
    /// Its memory, about 24 bytes per byte of the piece, is reserved before it starts; `Err`
    /// when it cannot be had, or for a piece of 4 GiB or more.
    #[allow(clippy::arithmetic_side_effects)] // starts and links are at most piece.len() < 2^32
    pub(crate) fn merge_long(&self, piece: &[u8], out: &mut Vec<u32>) -> Result<(), TooLong> {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let n = u32::try_from(piece.len()).map_err(|_| TooLong)?;
        let len = piece.len();
        // Part i (while its rank is not NONE or it is the last) runs to next[i]; prev[i] before
        // it (u32::MAX: none).
        let mut next: Vec<u32> = reserved(len)?;
        next.extend(1..=n);
        let mut prev: Vec<u32> = reserved(len)?;
        prev.extend((0..n).map(|i| i.wrapping_sub(1)));
        let pair_rank = |next: &[u32], i: u32| -> u32 {
            let Some(&j) = next.get(i as usize) else {
                return NONE;
            };
            match next.get(j as usize) {
                Some(&end) => self.rank_or_none(piece.get(i as usize..end as usize)),
                None => NONE,
            }
        };
        let mut rank: Vec<u32> = reserved(len)?;
        rank.extend((0..n).map(|i| pair_rank(&next, i)));
        // Room for every pair and half as many again of stale entries; when it is full, the
        // heap is rebuilt from the live pairs (fewer than the parts), so it never grows.
        let mut entries: Vec<Reverse<u64>> =
            reserved(len.saturating_add(len / 2).saturating_add(2))?;
        let live = |rank: &[u32], next: &[u32], entries: &mut Vec<Reverse<u64>>| {
            let mut i = 0u32;
            while let (Some(&r), Some(&end)) = (rank.get(i as usize), next.get(i as usize)) {
                if r != NONE {
                    entries.push(Reverse(key(r, i)));
                }
                i = end;
            }
        };
        live(&rank, &next, &mut entries);
        let mut heap = BinaryHeap::from(entries);
        let push = |heap: &mut BinaryHeap<Reverse<u64>>, rank: &[u32], next: &[u32], e| {
            if heap.len() == heap.capacity() {
                let mut entries = std::mem::take(heap).into_vec();
                entries.clear();
                live(rank, next, &mut entries);
                *heap = BinaryHeap::from(entries);
            }
            heap.push(Reverse(e));
        };
        while let Some(Reverse(top)) = heap.pop() {
            let (r, i) = ((top >> 32) as u32, top as u32);
            if rank.get(i as usize) != Some(&r) {
                continue;
            }
            let Some(&j) = next.get(i as usize) else {
                continue;
            };
            let after = next.get(j as usize).copied().unwrap_or(n);
            if let Some(x) = next.get_mut(i as usize) {
                *x = after;
            }
            if let Some(p) = prev.get_mut(after as usize) {
                *p = i;
            }
            if let Some(x) = rank.get_mut(j as usize) {
                *x = NONE;
            }
            let ri = pair_rank(&next, i);
            if let Some(x) = rank.get_mut(i as usize) {
                *x = ri;
            }
            if ri != NONE {
                push(&mut heap, &rank, &next, key(ri, i));
            }
            if let Some(&p) = prev.get(i as usize).filter(|&&p| p < n) {
                let rp = pair_rank(&next, p);
                if let Some(x) = rank.get_mut(p as usize) {
                    *x = rp;
                }
                if rp != NONE {
                    push(&mut heap, &rank, &next, key(rp, p));
                }
            }
        }
        let mut i = 0u32;
        while let Some(&end) = next.get(i as usize) {
            out.push(self.rank_or_none(piece.get(i as usize..end as usize)));
            i = end;
        }
        Ok(())
    }
}

/// A piece too long to merge: 4 GiB or more, or more than memory gives for its merge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooLong;

/// An empty vector with room for `n`, or `TooLong` if the allocator cannot give it.
pub(super) fn reserved<T>(n: usize) -> Result<Vec<T>, TooLong> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| TooLong)?;
    Ok(v)
}

/// A heap key: by rank, then leftmost.
fn key(rank: u32, start: u32) -> u64 {
    (u64::from(rank) << 32) | u64::from(start)
}

/// The first of the parts with the lowest rank, unless no pair is left to merge. (The last part
/// only marks the end.)
fn lowest(parts: &[(usize, u32)]) -> Option<usize> {
    let pairs = parts.get(..parts.len().saturating_sub(1))?;
    let (i, &(_, rank)) = pairs.iter().enumerate().min_by_key(|(_, p)| p.1)?;
    (rank != NONE).then_some(i)
}

/// A fast multiplicative hash of a token's bytes, eight at a time: its low bits index the
/// tables, its high 32 bits tell most different pieces apart without comparing them.
#[inline]
pub(crate) fn hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h = (bytes.len() as u64).wrapping_mul(K);
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let w = <[u8; 8]>::try_from(c).map_or(0, u64::from_le_bytes);
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    let mut w = 0u64;
    for (k, &b) in chunks.remainder().iter().enumerate() {
        w |= u64::from(b) << ((k as u32 & 7).wrapping_mul(8));
    }
    h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    // The multiplications leave the best bits high; the table indexes with the low ones.
    h ^ (h >> 29) ^ (h >> 47)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A toy vocabulary: every byte, a few merges whose order matters, and `wxy` ranked below
    /// `xy`, so that merging `xy` makes a pair ranked lower than its own.
    pub(in crate::tokenizer) fn toy() -> Ranks {
        let mut packed: Vec<u8> = (0u8..=255).flat_map(|b| [1, b]).collect();
        for t in ["ab", "bc", "abc", "aa", "aaaa", "cab", "wxy", "xy"] {
            packed.push(t.len() as u8);
            packed.extend_from_slice(t.as_bytes());
        }
        Ranks::unpack(&packed, &[(300, "<|end|>")]).unwrap()
    }

    /// Rescanning, the heap and the sweep give the same tokens (the sweep where it keeps to
    /// its order: `buckets::tests` has the piece where it does not).
    #[test]
    fn all_merges_agree() {
        let ranks = toy();
        for piece in [
            "abcabc",
            "aaaaaaa",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab",
            "bcab",
            "cabab",
            "xaaaay",
            "abababababcabc",
            "bcbcbcabcabaaab",
        ] {
            let (mut a, mut b, mut c) = (Vec::new(), Vec::new(), Vec::new());
            ranks.merge_short(piece.as_bytes(), &mut a);
            ranks.merge_long(piece.as_bytes(), &mut b).unwrap();
            let swept = super::super::buckets::merge(&ranks, piece.as_bytes(), &mut c).unwrap();
            assert_eq!(swept, super::super::buckets::Swept::Done, "{piece}");
            assert_eq!((&a, &a), (&b, &c), "{piece}");
        }
        let mut out = Vec::new();
        ranks.encode(b"abc", &mut out);
        assert_eq!(out, [258]);
        out.clear();
        // "ab" (256) merges before "bc" (257); then "ab"+"c" is "abc".
        ranks.merge_short(b"abcc", &mut out);
        assert_eq!(out, [258, 99]);
        assert_eq!(ranks.token(300), Some(&b"<|end|>"[..]));
        assert_eq!(ranks.token(290), Some(&b""[..]));
        assert_eq!(ranks.get(b"<|end|>"), None);
        assert!(Ranks::unpack(&[3, b'a'], &[]).is_none());
    }
}
/// The cost of each merge by length (`cargo test --release --features tokenizer --lib crossover
/// -- --ignored --nocapture`): where SHORT_PIECE and SWEPT_PIECE come from.
#[cfg(all(test, feature = "tokenizer-o200k"))]
mod crossover {
    use super::super::buckets;

    #[test]
    #[ignore = "a measurement"]
    fn crossover() {
        let ranks = super::super::tables(crate::tokens::Vocabulary::O200k).unwrap();
        // Ideographs in a scrambled order: pieces that are long runs of Chinese; and runs of
        // spaces and of one letter, one chain of equal pairs each.
        let han: String = (0..350_000u32)
            .map(|i| char::from_u32(0x4e00 + (i * 7919) % 20000).unwrap())
            .collect();
        let (spaces, letter) = (" ".repeat(1 << 20), "x".repeat(1 << 20));
        for (name, text) in [("Han", &han), ("spaces", &spaces), ("one letter", &letter)] {
            for n in [
                32usize,
                64,
                128,
                256,
                512,
                1024,
                4096,
                16384,
                65536,
                262_144,
                1 << 20,
            ] {
                let piece = &text.as_bytes()[..n / 3 * 3];
                let mut out = Vec::new();
                let reps = (2_000_000 / n).max(3);
                let mut time = |merge: &dyn Fn(&mut Vec<u32>)| {
                    let t = std::time::Instant::now();
                    for _ in 0..reps {
                        out.clear();
                        merge(&mut out);
                    }
                    t.elapsed() / reps as u32
                };
                let short = if n <= 4096 {
                    format!("{:?}", time(&|o| ranks.merge_short(piece, o)))
                } else {
                    "-".to_owned()
                };
                let long = time(&|o| ranks.merge_long(piece, o).unwrap());
                let swept = time(&|o| {
                    buckets::merge(ranks, piece, o).unwrap();
                });
                println!("{name}, {n} bytes: rescanning {short}, heap {long:?}, buckets {swept:?}");
            }
        }
    }
}
