//! Exact token counts for `o200k_base` and `cl100k_base` (feature `tokenizer`): the counts the
//! model's own tokenizer gives, where the [`Estimator`](crate::tokens::Estimator) only
//! approximates them. The vocabularies are megabytes, so they live behind a cargo feature and ship
//! as their own npm entry (`ctxpack/tokenizer`); docs/TOKENS.md ("Exact counts") says why and what
//! was measured.
//!
//! The vocabularies' data comes from `tiktoken-rs`; the work is ctxpack's own, for speed: a
//! hand-written pre-tokenizer per vocabulary (`split`) in place of the crate's backtracking
//! regex, flat rank tables (`ranks`) and a cache of the pieces already merged (`cache`).
//!
//! Special tokens (`<|endoftext|>`…) are counted as ordinary text, as `gpt-tokenizer`'s `encode`
//! with `disallowedSpecial: new Set()` does: text to budget is never a control sequence.
//!
//! Text of any length is tokenized whole, in time linear in its length: the pre-tokenizer reads
//! each character a bounded number of times, and a long piece (a megabyte of spaces, of one
//! letter, Chinese without punctuation) is merged by a heap (`ranks`) or, from 16 KiB, by a
//! sweep over buckets of ranks (`buckets`), with the same tokens as tiktoken. Only a piece
//! whose merge cannot get its memory (about 24 bytes a byte) is refused, `TOO_LARGE`; as a
//! [`TokenCounter`] it then counts `usize::MAX`, which no budget admits.

mod buckets;
mod cache;
mod classes;
mod ranks;
mod split;

use crate::tokens::{TokenCounter, Vocabulary};
use crate::{Error, ErrorCode, Result};
use ranks::{hash, Ranks};
use std::sync::OnceLock;

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

    /// The number of tokens `text` takes; `TOO_LARGE` only when a piece of it (a run with no
    /// place where the pre-tokenizer splits) cannot get the memory its merge needs.
    pub fn try_count(&self, text: &str) -> Result<usize> {
        let ranks = tables(self.vocabulary)?;
        let mut cache = cache::try_lock(self.vocabulary);
        let mut scratch = Vec::new();
        let mut count = 0usize;
        for piece in split::pieces(text, self.vocabulary) {
            let piece = piece.as_bytes();
            let h = hash(piece);
            let n = if ranks.get_hashed(piece, h).is_some() {
                1
            } else {
                cache::tokens(cache.as_deref_mut(), ranks, piece, h, &mut scratch)
                    .map_err(|_| too_long(piece))?
                    .len()
            };
            count = count.saturating_add(n);
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
        for piece in split::pieces(text, self.vocabulary) {
            let piece = piece.as_bytes();
            let h = hash(piece);
            match ranks.get_hashed(piece, h) {
                Some(rank) => out.push(rank),
                None => out.extend_from_slice(
                    cache::tokens(cache.as_deref_mut(), ranks, piece, h, &mut scratch)
                        .map_err(|_| too_long(piece))?,
                ),
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
    /// In [`default_vocabulary`].
    fn default() -> Self {
        Self::new(default_vocabulary())
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
pub(crate) fn check_token_ids(count: usize, limits: &crate::Limits) -> Result<()> {
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
pub(crate) fn token_id(n: Option<f64>, path: &str) -> Result<u32> {
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
/// is not expected; if it ever did, every call says so instead of panicking). `INVALID_INPUT` at
/// `/vocabulary` for a vocabulary this build does not carry (an entry of the other one).
pub(crate) fn tables(vocabulary: Vocabulary) -> Result<&'static Ranks> {
    static O200K: OnceLock<Tables> = OnceLock::new();
    static CL100K: OnceLock<Tables> = OnceLock::new();
    let Some((packed, specials)) = packed(vocabulary) else {
        let short = match vocabulary {
            Vocabulary::O200k => "o200k",
            Vocabulary::Cl100k => "cl100k",
        };
        return Err(Error::new(
            ErrorCode::InvalidInput,
            "/vocabulary",
            format!(
                "this entry counts {} only: \"{short}\" is in ctxpack/tokenizer/{short} and \
                 in ctxpack/tokenizer (both vocabularies)",
                other(vocabulary).as_str_name()
            ),
        ));
    };
    let build = || {
        Ranks::unpack(packed, specials).ok_or_else(|| "the packed vocabulary is cut short".into())
    };
    let built = match vocabulary {
        Vocabulary::O200k => O200K.get_or_init(build),
        Vocabulary::Cl100k => CL100K.get_or_init(build),
    };
    built.as_ref().map_err(|e: &String| {
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

fn other(vocabulary: Vocabulary) -> Vocabulary {
    match vocabulary {
        Vocabulary::O200k => Vocabulary::Cl100k,
        Vocabulary::Cl100k => Vocabulary::O200k,
    }
}

/// The vocabulary a call without one counts in: o200k, unless this build carries cl100k only.
pub fn default_vocabulary() -> Vocabulary {
    if cfg!(feature = "tokenizer-o200k") {
        Vocabulary::O200k
    } else {
        Vocabulary::Cl100k
    }
}

/// The vocabularies compiled in: the features `tokenizer-o200k` and `tokenizer-cl100k` each
/// carry one (each is megabytes), `tokenizer` both.
type Packed = (&'static [u8], &'static [(u32, &'static str)]);

fn packed(vocabulary: Vocabulary) -> Option<Packed> {
    match vocabulary {
        #[cfg(feature = "tokenizer-o200k")]
        Vocabulary::O200k => Some((
            include_bytes!("o200k_base.bin"),
            &[(199_999, "<|endoftext|>"), (200_018, "<|endofprompt|>")],
        )),
        #[cfg(feature = "tokenizer-cl100k")]
        Vocabulary::Cl100k => Some((
            include_bytes!("cl100k_base.bin"),
            &[
                (100_257, "<|endoftext|>"),
                (100_258, "<|fim_prefix|>"),
                (100_259, "<|fim_middle|>"),
                (100_260, "<|fim_suffix|>"),
                (100_276, "<|endofprompt|>"),
            ],
        )),
        #[allow(unreachable_patterns)] // with both vocabularies compiled in
        _ => None,
    }
}

/// The refusal of a piece whose merge cannot get its memory.
fn too_long(piece: &[u8]) -> Error {
    Error::new(
        ErrorCode::TooLarge,
        "/text",
        format!(
            "a run of {} bytes with no place where the pre-tokenizer splits needs about {} MB to \
             merge, more than memory gives",
            piece.len(),
            piece.len().saturating_mul(24) >> 20
        ),
    )
}

/// A build of one vocabulary (`cargo test --lib --no-default-features --features
/// tokenizer-o200k tokenizer`, and the same for cl100k) refuses the other by name, at
/// `/vocabulary`, and counts in its own by default.
#[cfg(all(
    test,
    not(all(feature = "tokenizer-o200k", feature = "tokenizer-cl100k"))
))]
mod one_vocabulary {
    use super::*;

    #[test]
    fn the_other_vocabulary_is_refused_by_name() {
        let own = default_vocabulary();
        assert_eq!(Exact::default().vocabulary(), own);
        assert_eq!(Exact::new(own).try_count("Hello, world!"), Ok(4));
        let e = Exact::new(other(own)).try_count("Hello").err();
        let e = e.map(|e| (e.code, e.path, e.message));
        let short = if own == Vocabulary::O200k {
            "cl100k"
        } else {
            "o200k"
        };
        assert_eq!(
            e.as_ref().map(|e| (e.0, e.1.as_str())),
            Some((ErrorCode::InvalidInput, "/vocabulary"))
        );
        let message = e.map(|e| e.2).unwrap_or_default();
        assert!(
            message.contains(&format!("ctxpack/tokenizer/{short}")),
            "{message}"
        );
        assert!(message.contains(own.as_str_name()), "{message}");
        let e = Exact::new(other(own)).decode(&[1]).err();
        assert_eq!(e.map(|e| e.code), Some(ErrorCode::InvalidInput));
        assert_eq!(Exact::new(other(own)).count("x"), usize::MAX);
    }
}

#[cfg(all(test, feature = "tokenizer-o200k", feature = "tokenizer-cl100k"))]
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
}
