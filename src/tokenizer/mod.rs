//! Exact token counts for `o200k_base` and `cl100k_base` (feature `tokenizer`): the counts the
//! model's own tokenizer gives, where the [`Estimator`](crate::tokens::Estimator) only
//! approximates them. The vocabularies are megabytes, so they live behind a cargo feature and ship
//! as their own npm entry (`ctxpack/tokenizer`); docs/TOKENS.md ("Exact counts") says why and what
//! was measured.
//!
//! The vocabularies' data comes from `tiktoken-rs`; the work is ctxpack's own, for speed: a
//! hand-written pre-tokenizer per vocabulary ([`split`]) in place of the crate's backtracking
//! regex, flat rank tables ([`ranks`]) and a cache of the pieces already merged ([`cache`]).
//!
//! Special tokens (`<|endoftext|>`…) are counted as ordinary text, as `gpt-tokenizer`'s `encode`
//! with `disallowedSpecial: new Set()` does: text to budget is never a control sequence.
//!
//! A long text is cut, where the pre-tokenizer always splits, into segments of at most
//! [`MAX_SEGMENT`] bytes, each tokenized alone: the same tokens, and no piece longer than a
//! segment to merge. A text with a longer stretch and no such place is refused (`TOO_LARGE`)
//! rather than risked (gpt-tokenizer takes minutes on a megabyte of one letter); as a
//! [`TokenCounter`] it then counts `usize::MAX`, which no budget admits.

mod cache;
mod classes;
mod ranks;
mod split;

use crate::tokens::{TokenCounter, Vocabulary};
use crate::{Error, ErrorCode, Result};
use ranks::{hash, Ranks};
use std::sync::OnceLock;

/// The longest stretch (UTF-8 bytes) tokenized in one piece: far from the super-linear cost of
/// merging one huge piece. (tiktoken-rs's regex, which ctxpack used before, failed at a megabyte.)
pub const MAX_SEGMENT: usize = 64 * 1024;

/// An exact counter for one vocabulary. Cheap to create and copy; the vocabulary's tables are
/// built once per process, on first use (about 0.1–0.4 s for o200k, see docs/TOKENS.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exact {
    vocabulary: Vocabulary,
}

impl Exact {
    pub const fn new(vocabulary: Vocabulary) -> Self {
        Exact { vocabulary }
    }

    pub const fn o200k() -> Self {
        Self::new(Vocabulary::O200k)
    }

    pub const fn cl100k() -> Self {
        Self::new(Vocabulary::Cl100k)
    }

    pub fn vocabulary(&self) -> Vocabulary {
        self.vocabulary
    }

    /// The number of tokens `text` takes; `TOO_LARGE` when it has a stretch longer than
    /// [`MAX_SEGMENT`] without a place where the pre-tokenizer splits.
    pub fn try_count(&self, text: &str) -> Result<usize> {
        let ranks = tables(self.vocabulary)?;
        let mut cache = cache::try_lock(self.vocabulary);
        let mut scratch = Vec::new();
        let mut count = 0usize;
        for segment in segments(text) {
            for piece in split::pieces(segment?, self.vocabulary) {
                let piece = piece.as_bytes();
                let h = hash(piece);
                let n = if ranks.get_hashed(piece, h).is_some() {
                    1
                } else {
                    cache::tokens(cache.as_deref_mut(), ranks, piece, h, &mut scratch).len()
                };
                count = count.saturating_add(n);
            }
        }
        Ok(count)
    }

    /// The token ids of `text`, as `gpt-tokenizer`'s `encode` gives them (special tokens as
    /// ordinary text).
    pub fn encode(&self, text: &str) -> Result<Vec<u32>> {
        let ranks = tables(self.vocabulary)?;
        let mut cache = cache::try_lock(self.vocabulary);
        let mut scratch = Vec::new();
        let mut out = Vec::new();
        for segment in segments(text) {
            for piece in split::pieces(segment?, self.vocabulary) {
                let piece = piece.as_bytes();
                let h = hash(piece);
                match ranks.get_hashed(piece, h) {
                    Some(rank) => out.push(rank),
                    None => out.extend_from_slice(cache::tokens(
                        cache.as_deref_mut(),
                        ranks,
                        piece,
                        h,
                        &mut scratch,
                    )),
                }
            }
        }
        Ok(out)
    }

    /// The pieces the vocabulary's pre-tokenizer cuts `text` into (each is encoded on its own):
    /// the pieces its regex pattern matches.
    pub fn pieces<'a>(&self, text: &'a str) -> impl Iterator<Item = &'a str> {
        split::pieces(text, self.vocabulary)
    }

    /// The text of `tokens`; `INVALID_INPUT` for an id outside the vocabulary or ids that do not
    /// end on a whole character.
    pub fn decode(&self, tokens: &[u32]) -> Result<String> {
        let ranks = tables(self.vocabulary)?;
        let mut bytes = Vec::with_capacity(tokens.len().saturating_mul(4));
        for &t in tokens {
            match ranks.token(t).filter(|b| !b.is_empty()) {
                Some(b) => bytes.extend_from_slice(b),
                None => {
                    return Err(Error::new(
                        ErrorCode::InvalidInput,
                        "/tokens",
                        format!("{t} is not a token of {}", self.vocabulary.as_str_name()),
                    ))
                }
            }
        }
        String::from_utf8(bytes).map_err(|_| {
            Error::new(
                ErrorCode::InvalidInput,
                "/tokens",
                "the tokens do not decode to whole characters (a sequence is cut inside one)",
            )
        })
    }
}

impl Default for Exact {
    fn default() -> Self {
        Self::o200k()
    }
}

impl TokenCounter for Exact {
    fn name(&self) -> &str {
        match self.vocabulary {
            Vocabulary::O200k => "exact:o200k",
            Vocabulary::Cl100k => "exact:cl100k",
        }
    }

    /// A text that cannot be counted counts `usize::MAX`: over every budget, so a cap fails
    /// closed.
    fn count(&self, text: &str) -> usize {
        self.try_count(text).unwrap_or(usize::MAX)
    }
}

/// Refuses more than `limits.max_text_length` token ids before they are read: each id stands for
/// at least one character.
pub fn check_token_ids(count: usize, limits: &crate::Limits) -> Result<()> {
    if count > limits.max_text_length {
        return Err(Error::new(
            ErrorCode::TooLarge,
            "/tokens",
            format!(
                "{count} token ids, over limits.maxTextLength ({})",
                limits.max_text_length
            ),
        ));
    }
    Ok(())
}

/// A token id given as a host number (`None`: not a number): a whole number in `0..2^32`,
/// never coerced.
pub fn token_id(n: Option<f64>, path: &str) -> Result<u32> {
    match n {
        Some(n) if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) => {
            // Whole and in range, so the conversion is exact.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            Ok(n as u32)
        }
        _ => Err(Error::new(
            ErrorCode::InvalidInput,
            path,
            "a token id is a whole number from 0 to 4294967295",
        )),
    }
}

/// `Exact::new(vocabulary).try_count(text)`.
pub fn count_tokens(text: &str, vocabulary: Vocabulary) -> Result<usize> {
    Exact::new(vocabulary).try_count(text)
}

impl Vocabulary {
    /// The name `tiktoken` gives the vocabulary.
    pub fn as_str_name(self) -> &'static str {
        match self {
            Vocabulary::O200k => "o200k_base",
            Vocabulary::Cl100k => "cl100k_base",
        }
    }
}

type Tables = std::result::Result<Ranks, String>;

/// The vocabulary's tables, built on first use from the packed vocabulary compiled in (so failing
/// is not expected; if it ever did, every call says so instead of panicking).
fn tables(vocabulary: Vocabulary) -> Result<&'static Ranks> {
    static O200K: OnceLock<Tables> = OnceLock::new();
    static CL100K: OnceLock<Tables> = OnceLock::new();
    let built = match vocabulary {
        Vocabulary::O200k => O200K.get_or_init(|| build(vocabulary)),
        Vocabulary::Cl100k => CL100K.get_or_init(|| build(vocabulary)),
    };
    built.as_ref().map_err(|e| {
        Error::new(
            ErrorCode::InvalidInput,
            "/vocabulary",
            format!(
                "the {} tables could not be built: {e}",
                vocabulary.as_str_name()
            ),
        )
    })
}

fn build(vocabulary: Vocabulary) -> Tables {
    let (packed, specials): (&[u8], &[(u32, &str)]) = match vocabulary {
        Vocabulary::O200k => (
            include_bytes!("o200k_base.bin"),
            &[(199_999, "<|endoftext|>"), (200_018, "<|endofprompt|>")],
        ),
        Vocabulary::Cl100k => (
            include_bytes!("cl100k_base.bin"),
            &[
                (100_257, "<|endoftext|>"),
                (100_258, "<|fim_prefix|>"),
                (100_259, "<|fim_middle|>"),
                (100_260, "<|fim_suffix|>"),
                (100_276, "<|endofprompt|>"),
            ],
        ),
    };
    Ranks::unpack(packed, specials).ok_or_else(|| "the packed vocabulary is cut short".into())
}

/// Cuts `text` into segments of at most [`MAX_SEGMENT`] bytes at places where both
/// vocabularies' pre-tokenizers split whatever surrounds them ([`splits_between`]), so counting
/// the segments one by one gives the count of the whole. A text within the bound is one segment.
fn segments(text: &str) -> impl Iterator<Item = Result<&str>> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let current = rest.take()?;
        if current.len() <= MAX_SEGMENT {
            return Some(Ok(current));
        }
        match last_split_within(current, MAX_SEGMENT) {
            Some(at) => {
                let (head, tail) = current.split_at_checked(at)?;
                rest = Some(tail);
                Some(Ok(head))
            }
            None => Some(Err(Error::new(
                ErrorCode::TooLarge,
                "/text",
                format!(
                    "the text has a stretch of more than {MAX_SEGMENT} bytes without a word \
                     boundary (a run of one character?); it is not tokenized, so that no \
                     tokenizer runs away on it"
                ),
            ))),
        }
    })
}

/// The last byte offset in `1..=limit` of `text` where the pre-tokenizers always split.
fn last_split_within(text: &str, limit: usize) -> Option<usize> {
    let mut best = None;
    let mut prev: Option<char> = None;
    for (at, c) in text.char_indices() {
        if at > limit {
            break;
        }
        if let Some(p) = prev {
            if splits_between(p, c) {
                best = Some(at);
            }
        }
        prev = Some(c);
    }
    best
}

/// Whether every match of the o200k and cl100k pre-tokenizer patterns ends between `p` and `c`,
/// whatever precedes `p` or follows `c`. No pattern looks behind, so matching from `c` on is
/// independent of the text before; and no match continues from these `p` into these `c`:
/// - after an ASCII digit, only `\p{N}{1,3}` matched it, and `c` is no digit;
/// - after a letter, only the letter alternatives matched it: they continue with letters, marks
///   and a contraction (`'s`), and `c` is neither — ASCII but no letter or `'`, or common CJK
///   and general punctuation.
///
/// `p` is kept to code points that are letters (general category L) for certain — which is
/// where prose and code have their boundaries; after a mark or an unassigned code point the
/// punctuation alternative could have matched and taken a following newline.
fn splits_between(p: char, c: char) -> bool {
    let c_ends_a_match = match c {
        '\'' => false,
        _ if c.is_ascii() => !c.is_ascii_alphabetic(),
        // Ideographic space and CJK punctuation (、。〃「」『』), — … “ ”, full-width ！，：；？
        '\u{3000}'..='\u{3003}'
        | '\u{300C}'..='\u{300F}'
        | '\u{2014}'
        | '\u{2026}'
        | '\u{201C}'
        | '\u{201D}'
        | '\u{FF01}'
        | '\u{FF0C}'
        | '\u{FF1A}'
        | '\u{FF1B}'
        | '\u{FF1F}' => true,
        _ => false,
    };
    if p.is_ascii_digit() {
        // Any ASCII character but a digit ends `\p{N}{1,3}`, letters and `'` too.
        return (c.is_ascii() || c_ends_a_match) && !c.is_ascii_digit();
    }
    c_ends_a_match && is_surely_letter(p)
}

/// Ranges of assigned letters only (checked against the Unicode tables: no mark, digit or gap).
fn is_surely_letter(c: char) -> bool {
    matches!(c,
        'a'..='z' | 'A'..='Z'
        // Latin-1 and Latin Extended-A/B, without × and ÷
        | '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}' | '\u{F8}'..='\u{24F}'
        // Greek, Cyrillic, Armenian, Hebrew, Arabic, Devanagari, Thai, Georgian
        | '\u{391}'..='\u{3A1}' | '\u{3A3}'..='\u{3A9}' | '\u{3B1}'..='\u{3C9}'
        | '\u{400}'..='\u{45F}'
        | '\u{531}'..='\u{556}' | '\u{561}'..='\u{586}'
        | '\u{5D0}'..='\u{5EA}'
        | '\u{621}'..='\u{63A}' | '\u{641}'..='\u{64A}'
        | '\u{905}'..='\u{939}'
        | '\u{E01}'..='\u{E30}'
        | '\u{10D0}'..='\u{10FA}'
        // kana, CJK ideographs, Hangul syllables
        | '\u{3041}'..='\u{3096}' | '\u{30A1}'..='\u{30FA}'
        | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}'
        | '\u{AC00}'..='\u{D7A3}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_as_the_vocabulary_does() {
        assert_eq!(Exact::o200k().try_count(""), Ok(0));
        assert_eq!(Exact::o200k().try_count("Hello, world!"), Ok(4));
        assert_eq!(
            Exact::cl100k().try_count("金牌律师林晚被恩师和闺蜜联手陷害，替人顶罪入狱三年。"),
            Ok(44)
        );
        assert_eq!(Exact::o200k().name(), "exact:o200k");
        assert_eq!(Exact::cl100k().name(), "exact:cl100k");
    }

    /// While another caller holds the cache, a count merges without it, to the same tokens.
    #[test]
    fn counts_the_same_without_the_cache() {
        let text = "金牌律师林晚被恩师和闺蜜联手陷害，替人顶罪入狱三年 naïveté unbelievably";
        for exact in [Exact::o200k(), Exact::cl100k()] {
            let cached = exact.encode(text);
            let held = cache::try_lock(exact.vocabulary());
            assert_eq!(exact.encode(text), cached);
            assert_eq!(exact.try_count(text), cached.map(|t| t.len()));
            drop(held);
        }
    }

    #[test]
    fn special_tokens_are_ordinary_text() {
        let ids = Exact::cl100k().encode("<|endoftext|>").unwrap_or_default();
        assert!(ids.len() > 1, "{ids:?}");
        assert!(!ids.contains(&100_257));
    }

    #[test]
    fn decode_inverts_encode_and_refuses_strangers() {
        let text = "fn main() { println!(\"héllo 世界 😀\"); }";
        for exact in [Exact::o200k(), Exact::cl100k()] {
            let ids = exact.encode(text).unwrap_or_default();
            assert_eq!(exact.decode(&ids).as_deref(), Ok(text));
        }
        let e = Exact::o200k().decode(&[u32::MAX]).err();
        assert_eq!(e.map(|e| e.code), Some(ErrorCode::InvalidInput));
        // 😀 is four bytes in several tokens: its first alone is no text.
        let ids = Exact::o200k().encode("😀").unwrap_or_default();
        if let Some(first) = ids.first().filter(|_| ids.len() > 1) {
            let e = Exact::o200k().decode(&[*first]).err();
            assert_eq!(e.map(|e| e.code), Some(ErrorCode::InvalidInput));
        }
    }

    #[test]
    fn token_ids_are_whole_numbers_in_range() {
        assert_eq!(token_id(Some(7.0), "/tokens/0"), Ok(7));
        assert_eq!(token_id(Some(4_294_967_295.0), "/t"), Ok(u32::MAX));
        for bad in [
            None,
            Some(1.5),
            Some(-1.0),
            Some(f64::NAN),
            Some(4_294_967_296.0),
        ] {
            let e = token_id(bad, "/tokens/3").err();
            assert_eq!(
                e.map(|e| (e.code, e.path)),
                Some((ErrorCode::InvalidInput, "/tokens/3".into()))
            );
        }
        let limits = crate::Limits {
            max_text_length: 2,
            ..crate::Limits::default()
        };
        assert!(check_token_ids(2, &limits).is_ok());
        assert_eq!(
            check_token_ids(3, &limits).map_err(|e| e.code),
            Err(ErrorCode::TooLarge)
        );
    }

    #[test]
    fn splits_only_where_the_patterns_do() {
        assert!(splits_between('a', ' '));
        assert!(splits_between('中', '\n'));
        assert!(splits_between('中', '，'));
        assert!(splits_between('7', '，'));
        assert!(!splits_between('中', '文'));
        assert!(splits_between('7', 'x'));
        assert!(!splits_between('7', '8'));
        assert!(!splits_between('t', '\''));
        assert!(!splits_between('a', 'b'));
        assert!(!splits_between(' ', ' '));
        assert!(!splits_between('a', 'é'));
        assert!(!splits_between('\u{301}', ' '));
    }
}
