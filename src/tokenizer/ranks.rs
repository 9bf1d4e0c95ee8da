//! A vocabulary's byte-pair ranks, held flat (every token's bytes in one buffer, an open-addressed
//! table of ranks over it) rather than as 200,000 separately allocated keys, and tiktoken's
//! byte-pair merge over them: the lowest-ranked adjacent pair is merged first, the leftmost among
//! equals, until no adjacent pair is a token.

/// A rank that is no token: "no pair here".
const NONE: u32 = u32::MAX;

/// Pieces up to this many bytes are merged by rescanning the pairs (tiktoken's way: no
/// allocation but its list); longer ones by a heap, whose cost grows as n log n, not n².
/// Measured on Chinese (`crossover`, native): even at 32 bytes (0.62 µs against 0.55 µs); 2.1
/// against 1.3 µs at 64; 549 against 28 µs at 1 KiB. On the corpus the choice is within noise.
const SHORT_PIECE: usize = 48;

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

    fn rank_or_none(&self, piece: Option<&[u8]>) -> u32 {
        piece.and_then(|p| self.get(p)).unwrap_or(NONE)
    }

    /// Appends the tokens of `piece` to `out`.
    #[cfg(test)]
    pub(crate) fn encode(&self, piece: &[u8], out: &mut Vec<u32>) {
        match self.get(piece) {
            Some(rank) => out.push(rank),
            None => self.merge(piece, out),
        }
    }

    /// Appends the tokens of `piece`, which is no token of its own, to `out`.
    pub(crate) fn merge(&self, piece: &[u8], out: &mut Vec<u32>) {
        if piece.len() <= SHORT_PIECE {
            self.merge_short(piece, out);
        } else {
            self.merge_long(piece, out);
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

    /// The same merges with a heap of (rank, start) and the parts linked as a list: stale heap
    /// entries (a part merged away, or its rank changed) are skipped when they come up.
    #[allow(clippy::arithmetic_side_effects)] // starts and links are at most piece.len()
    pub(crate) fn merge_long(&self, piece: &[u8], out: &mut Vec<u32>) {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let n = piece.len();
        // Part i (alive while its start is a part boundary) runs to next[i]; prev[i] before it.
        let mut next: Vec<usize> = (1..=n).collect();
        let mut prev: Vec<usize> = (0..n).map(|i| i.wrapping_sub(1)).collect();
        let mut alive = vec![true; n];
        let pair_rank = |next: &[usize], i: usize| -> u32 {
            let Some(&j) = next.get(i) else { return NONE };
            match next.get(j) {
                Some(&end) => self.rank_or_none(piece.get(i..end)),
                None => NONE,
            }
        };
        let mut rank: Vec<u32> = (0..n).map(|i| pair_rank(&next, i)).collect();
        let mut heap: BinaryHeap<Reverse<(u32, usize)>> = rank
            .iter()
            .enumerate()
            .filter(|(_, &r)| r != NONE)
            .map(|(i, &r)| Reverse((r, i)))
            .collect();
        while let Some(Reverse((r, i))) = heap.pop() {
            if alive.get(i) != Some(&true) || rank.get(i) != Some(&r) {
                continue;
            }
            let Some(&j) = next.get(i) else { continue };
            let after = next.get(j).copied().unwrap_or(n);
            if let Some(a) = alive.get_mut(j) {
                *a = false;
            }
            if let Some(x) = next.get_mut(i) {
                *x = after;
            }
            if let Some(p) = prev.get_mut(after) {
                *p = i;
            }
            let ri = pair_rank(&next, i);
            if let Some(x) = rank.get_mut(i) {
                *x = ri;
            }
            if ri != NONE {
                heap.push(Reverse((ri, i)));
            }
            if let Some(&p) = prev.get(i).filter(|&&p| p < n) {
                let rp = pair_rank(&next, p);
                if let Some(x) = rank.get_mut(p) {
                    *x = rp;
                }
                if rp != NONE {
                    heap.push(Reverse((rp, p)));
                }
            }
        }
        let mut i = 0;
        while let Some(&end) = next.get(i) {
            out.push(self.rank_or_none(piece.get(i..end)));
            i = end;
        }
    }
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
mod tests {
    use super::*;

    /// A toy vocabulary: every byte, and a few merges whose order matters.
    fn toy() -> Ranks {
        let mut packed: Vec<u8> = (0u8..=255).flat_map(|b| [1, b]).collect();
        for t in ["ab", "bc", "abc", "aa", "aaaa", "cab"] {
            packed.push(t.len() as u8);
            packed.extend_from_slice(t.as_bytes());
        }
        Ranks::unpack(&packed, &[(300, "<|end|>")]).unwrap()
    }

    #[test]
    fn both_merges_agree() {
        let ranks = toy();
        for piece in [
            "abcabc",
            "aaaaaaa",
            "bcab",
            "cabab",
            "xaaaay",
            "abababababcabc",
        ] {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            ranks.merge_short(piece.as_bytes(), &mut a);
            ranks.merge_long(piece.as_bytes(), &mut b);
            assert_eq!(a, b, "{piece}");
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
/// -- --ignored --nocapture`): where SHORT_PIECE comes from.
#[cfg(test)]
mod crossover {
    #[test]
    #[ignore = "a measurement"]
    fn crossover() {
        let ranks = super::super::tables(crate::tokens::Vocabulary::O200k).unwrap();
        // Ideographs in a scrambled order: pieces that are long runs of Chinese.
        let han: String = (0..4000u32)
            .map(|i| char::from_u32(0x4e00 + (i * 7919) % 20000).unwrap())
            .collect();
        for n in [32usize, 64, 128, 256, 512, 1024, 4096] {
            let piece = &han.as_bytes()[..n / 3 * 3];
            let mut out = Vec::new();
            let reps = 200_000 / n;
            let mut time = |merge: &dyn Fn(&mut Vec<u32>)| {
                let t = std::time::Instant::now();
                for _ in 0..reps {
                    out.clear();
                    merge(&mut out);
                }
                t.elapsed() / reps as u32
            };
            let short = time(&|o| ranks.merge_short(piece, o));
            let long = time(&|o| ranks.merge_long(piece, o));
            println!("{n} bytes: rescanning {short:?}, heap {long:?}");
        }
    }
}
