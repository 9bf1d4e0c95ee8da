//! Counting tokens: the [`TokenCounter`] trait every token budget is checked with, and the
//! default counter, an [`Estimator`] small enough to ship in the wasm.
//!
//! Models are limited in tokens, and `chars / 4` is far off outside English prose (on Chinese it
//! is well below the real count, so a budget guarded by it is overrun). The estimator scans the
//! text once into classes of characters — ASCII words, digits, whitespace, punctuation, Han,
//! kana, Hangul, other alphabets, symbols, emoji — and adds a fitted weight per event. The
//! weights were fitted against `o200k_base` (and `cl100k_base`) on the corpus in
//! `tests/tokens/corpus/`; `docs/TOKENS.md` has its error next to `chars / 4` per kind of text
//! and how the safety margin was chosen, and `scripts/tokens-report.mjs` regenerates both.
//!
//! The count only ever grows as text is appended: each character adds a non-negative weight
//! chosen from what precedes it, never from what follows.

mod bound;
mod capital_words;
mod letter_joins;
mod mark_merges;
mod open_table;
#[rustfmt::skip] // generated (floors_gen.rs), compared byte for byte
mod capitals;
#[rustfmt::skip] // generated (floors_gen.rs), compared byte for byte
mod floors;
#[rustfmt::skip] // generated (floors_gen.rs), compared byte for byte
mod joins;
#[rustfmt::skip] // generated (floors_gen.rs), compared byte for byte
mod marks;
#[rustfmt::skip] // generated (floors_gen.rs), compared byte for byte
mod trigrams;
#[cfg(all(test, feature = "tokenizer", not(target_arch = "wasm32")))]
mod floors_gen;
pub(crate) mod meter;
// Only its property test uses it, and proptest needs an OS random source, which
// wasm32-unknown-unknown has not.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod reference;
mod scan;
pub(crate) use meter::Tally;
pub use meter::{Meter, Pieces};
use scan::Scan;

/// A counter of tokens. The estimator is the default; exact vocabularies come later.
pub trait TokenCounter {
    /// What a manifest names the counter by, e.g. `estimate:o200k`.
    fn name(&self) -> &str;
    /// The number of tokens `text` takes.
    fn count(&self, text: &str) -> usize;
}

/// What the scan weighs, one per occurrence; a weight per variant, in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum E {
    /// An ASCII letter starting a word: after anything but an ASCII letter, or uppercase after
    /// lowercase (o200k splits `camelCase`).
    Word,
    /// The same within 64 characters after an accented Latin or Cyrillic letter: words of other
    /// languages than English take more tokens.
    WordForeign,
    /// The 2nd to 8th letter of an ASCII word.
    Letter2to8,
    /// The 9th and later.
    Letter9,
    /// The 1st, 4th, 7th… digit of a run (o200k groups digits by three).
    Digits,
    /// One space, then an ASCII letter or punctuation: mostly inside their token.
    SpaceJoins,
    /// One space, then anything else.
    SpaceOther,
    /// Two or more spaces, not after a newline.
    SpaceRun,
    /// A newline starting a line break.
    Newline,
    /// A newline after ASCII punctuation (`;\n` is one token) or after another newline.
    NewlineMore,
    /// Two or more spaces or tabs after a newline.
    Indent,
    /// ASCII punctuation starting a run (the rest of a run costs the tokens the vocabulary's
    /// merges make of it: `bound::Marks`).
    Punct,
    /// A Han ideograph.
    Han,
    /// CJK, full-width and general punctuation (，。“” — …).
    WidePunct,
    /// Hiragana, katakana, Hangul.
    KanaHangul,
    /// An accented Latin (Latin-1, Latin Extended) or Cyrillic letter.
    Letter,
    /// A character of another BMP script: Greek, Armenian, Hebrew, Arabic, Indic, Thai,
    /// Georgian…
    Script,
    /// Anything else: BMP symbols (arrows, ⚖, ✅), emoji and other characters beyond the BMP,
    /// joiners, controls.
    Symbol,
}

/// How many kinds of event the estimator weighs.
pub const EVENT_COUNT: usize = 18;

/// The events by index, as [`tally`] counts them and the fitting script names them.
#[doc(hidden)]
pub const EVENTS: [&str; EVENT_COUNT] = [
    "word",
    "word_foreign",
    "letter_2_8",
    "letter_9",
    "digits",
    "space_joins",
    "space_other",
    "space_run",
    "newline",
    "newline_more",
    "indent",
    "punct",
    "han",
    "wide_punct",
    "kana_hangul",
    "letter",
    "script",
    "symbol",
];

/// A token estimate from the character classes of the text.
///
/// Deterministic (integer arithmetic), linear in the text, allocation-free; `""` counts 0, and
/// appending text never lowers the count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Estimator {
    name: &'static str,
    /// Fitted cost of each event, in thousandths of a token.
    weights: [u32; EVENT_COUNT],
    /// The safety margin, per mille: the fitted sum is multiplied by `margin / 1000`.
    margin: u32,
    /// Which of the bounds' costs (`bound::Extra`) are this vocabulary's.
    vocab: usize,
}

// Fitted by `node scripts/tokens-report.mjs --fit`; see docs/TOKENS.md.
const O200K_WEIGHTS: [u32; EVENT_COUNT] = [
    610, 722, 46, 383, 1354, 263, 92, 1173, 751, 0, 933, 909, 888, 378, 769, 325, 400, 1865,
];
const O200K_MARGIN: u32 = 1105;
const CL100K_WEIGHTS: [u32; EVENT_COUNT] = [
    618, 1009, 51, 346, 1364, 233, 88, 1260, 1071, 0, 874, 874, 1060, 592, 978, 573, 945, 2435,
];
const CL100K_MARGIN: u32 = 1100;

/// What one event of `e` costs after the margin, in thousandths of a token, `[o200k, cl100k]`:
/// where a floor (`bound::floor`) is higher, the difference is added.
#[inline]
fn charged(e: E) -> [u64; 2] {
    CHARGED.get(e as usize).copied().unwrap_or([0; 2])
}

const CHARGED: [[u64; 2]; EVENT_COUNT] = charged_table();

// Evaluated by the compiler: an index out of bounds here fails the build, it cannot panic.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const fn charged_table() -> [[u64; 2]; EVENT_COUNT] {
    let mut table = [[0; 2]; EVENT_COUNT];
    let mut e = 0;
    while e < EVENT_COUNT {
        table[e] = [weighed(e, 0).div_ceil(1000), weighed(e, 1).div_ceil(1000)];
        e += 1;
    }
    table
}

/// What one event of the `e`th kind is weighed at after the margin in vocabulary `v`, in
/// millionths of a token.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const fn weighed(e: usize, v: usize) -> u64 {
    let (weights, margin) = if v == 0 {
        (O200K_WEIGHTS, O200K_MARGIN)
    } else {
        (CL100K_WEIGHTS, CL100K_MARGIN)
    };
    weights[e] as u64 * margin as u64
}

/// What one event of `e` adds to a count at least in vocabulary `v`, in thousandths rounded
/// down.
#[allow(clippy::arithmetic_side_effects)]
const fn least(e: E, v: usize) -> u64 {
    weighed(e as usize, v) / 1000
}

const fn min(a: u64, b: u64) -> u64 {
    if a < b {
        a
    } else {
        b
    }
}

/// What whitespace at the end of a text stands for until the character after it is known
/// (`Scan::pending`), `[one space or tab, two or more][not after a newline, after one]`, per
/// vocabulary, in thousandths: the least that character will add with the whitespace, whatever
/// it is, so that the count still only grows. The pre-tokenizers make a trailing run a token of
/// its own, which had gone uncounted (a window ending in `}\n` and nine spaces: 11 estimated, 13
/// real).
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const fn pending_table() -> [[[u64; 2]; 2]; 2] {
    let mut table = [[[0; 2]; 2]; 2];
    let mut v = 0;
    while v < 2 {
        // What the character after the whitespace adds itself, at least (a rare one, 3000).
        let ascii = min(
            min(least(E::Word, v), least(E::WordForeign, v)),
            least(E::Punct, v),
        );
        let mut other = 3000;
        let others = [
            E::Digits,
            E::Han,
            E::WidePunct,
            E::KanaHangul,
            E::Letter,
            E::Script,
            E::Symbol,
        ];
        let mut i = 0;
        while i < others.len() {
            other = min(other, least(others[i], v));
            i += 1;
        }
        let any = min(ascii, other);
        let newline = least(E::Newline, v);
        let blank_line = least(E::NewlineMore, v) + bound::BLANK_LINE[v];
        let many = min(least(E::SpaceRun, v) + any, newline);
        let one = min(
            min(
                least(E::SpaceJoins, v) + ascii,
                least(E::SpaceOther, v) + other,
            ),
            min(newline, many),
        );
        let many_broke = min(least(E::Indent, v) + any, blank_line);
        let one_broke = min(min(any, blank_line), many_broke);
        table[0][0][v] = one;
        table[1][0][v] = many;
        table[0][1][v] = one_broke;
        table[1][1][v] = many_broke;
        v += 1;
    }
    table
}

const PENDING: [[[u64; 2]; 2]; 2] = pending_table();

/// [`PENDING`] for `spaces` spaces or tabs at the end, after a newline (`broke`) or not, where
/// the last character fed is of class `prev`.
fn pending(prev: scan::Class, spaces: usize, broke: bool) -> [u64; 2] {
    if prev != scan::Class::Space || spaces == 0 {
        return [0; 2];
    }
    PENDING
        .get(usize::from(spaces >= 2))
        .and_then(|p| p.get(usize::from(broke)))
        .copied()
        .unwrap_or([0; 2])
}

impl Estimator {
    /// Fitted against `o200k_base` (GPT-4o, GPT-4.1, o-series, GPT-5), with the documented
    /// safety margin applied.
    pub const fn o200k() -> Self {
        Self {
            name: "estimate:o200k",
            weights: O200K_WEIGHTS,
            margin: O200K_MARGIN,
            vocab: 0,
        }
    }

    /// The same scan with weights fitted against `cl100k_base` (GPT-4, GPT-3.5), and its own
    /// margin (chosen without the other scripts, which cl100k tokenizes unevenly: docs/TOKENS.md).
    pub const fn cl100k() -> Self {
        Self {
            name: "estimate:cl100k",
            weights: CL100K_WEIGHTS,
            margin: CL100K_MARGIN,
            vocab: 1,
        }
    }
}

impl Default for Estimator {
    fn default() -> Self {
        Self::o200k()
    }
}

impl TokenCounter for Estimator {
    fn name(&self) -> &str {
        self.name
    }

    fn count(&self, text: &str) -> usize {
        let mut running = self.running();
        running.push(text);
        running.tokens()
    }
}

impl Estimator {
    /// A count of a text that grows: [`Running::push`] more text, read [`Running::tokens`].
    /// Pushing `a` then `b` counts exactly `count(a + b)`, and a clone tries a candidate without
    /// committing to it — so a budget is fitted by counting each candidate once, never by
    /// counting the whole prompt again at every step.
    pub fn running(&self) -> Running {
        Running {
            estimator: *self,
            scan: Scan::default(),
            milli: 0,
            bound: 0,
        }
    }
}

/// The estimate of a growing text (see [`Estimator::running`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Running {
    estimator: Estimator,
    scan: Scan,
    /// The fitted events' weights, in thousandths of a token, before the margin.
    milli: u64,
    /// The bounds' costs, in thousandths of a token, after it.
    bound: u64,
}

impl Running {
    /// Appends `text`.
    pub fn push(&mut self, text: &str) {
        let mut counts = [0; EVENT_COUNT];
        let mut extra = [0; 2];
        self.scan.feed::<true>(text, &mut counts, &mut extra);
        for (n, w) in counts.iter().zip(self.estimator.weights) {
            self.milli = self.milli.saturating_add(n.saturating_mul(u64::from(w)));
        }
        let e = extra.get(self.estimator.vocab).copied().unwrap_or(0);
        self.bound = self.bound.saturating_add(e);
    }

    /// The estimate of everything pushed so far.
    pub fn tokens(&self) -> usize {
        whole_tokens(self.millionths())
    }

    /// The estimate of what was pushed since `earlier`, a count this one grew from: the same
    /// whatever `earlier` counted, since a text's events depend only on the scan's state
    /// before it.
    pub fn tokens_since(&self, earlier: &Running) -> usize {
        whole_tokens(self.millionths().saturating_sub(earlier.millionths()))
    }

    /// Millionths of a token: the fitted weights with the margin, the bounds, and what the end
    /// stands for until what follows it is known (`Scan::pending`).
    fn millionths(&self) -> u64 {
        let pending = self
            .scan
            .pending()
            .get(self.estimator.vocab)
            .copied()
            .unwrap_or(0);
        self.milli
            .saturating_mul(u64::from(self.estimator.margin))
            .saturating_add(self.bound.saturating_add(pending).saturating_mul(1000))
    }

    /// `self` followed by the text that took `from` to `to`, without scanning that text again:
    /// `Some` when `self` stands in the same scan state as `from` (what a character counts
    /// depends only on that state, so the text counts the same after either), else `None`.
    pub fn splice(&self, from: &Running, to: &Running) -> Option<Running> {
        (self.scan == from.scan && self.estimator == from.estimator).then(|| Running {
            estimator: self.estimator,
            scan: to.scan,
            milli: self
                .milli
                .saturating_add(to.milli.saturating_sub(from.milli)),
            bound: self
                .bound
                .saturating_add(to.bound.saturating_sub(from.bound)),
        })
    }
}

/// Millionths of a token, rounded up to whole tokens.
fn whole_tokens(millionths: u64) -> usize {
    usize::try_from(millionths.div_ceil(1_000_000)).unwrap_or(usize::MAX)
}

/// The vocabularies the estimator is fitted to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, crate::shape::Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum Vocabulary {
    /// GPT-4o, GPT-4.1, o-series, GPT-5.
    #[default]
    O200k,
    /// GPT-4, GPT-3.5.
    Cl100k,
}

impl Vocabulary {
    /// The estimator fitted to this vocabulary.
    pub fn estimator(self) -> Estimator {
        match self {
            Vocabulary::O200k => Estimator::o200k(),
            Vocabulary::Cl100k => Estimator::cl100k(),
        }
    }
}

/// `Estimator::o200k().count(text)`.
pub fn estimate_tokens(text: &str) -> usize {
    Estimator::o200k().count(text)
}

/// What the fitted bounds add to `text`'s estimate, in thousandths of a token, `[o200k,
/// cl100k]`: what the fitting script subtracts from the real count before it fits the weights,
/// and adds when it chooses the margin. Rare trigrams, words in capitals, letters of other
/// scripts and words after a run of marks are added on top of the fit, so that they only ever
/// raise an estimate.
#[doc(hidden)]
pub fn fitted_extra(text: &str) -> [u64; 2] {
    let mut extra = [0; 2];
    Scan::default().feed::<false>(text, &mut [0; EVENT_COUNT], &mut extra);
    extra
}

/// How often each event occurs in `text`: what the weights multiply, for the fitting script.
#[doc(hidden)]
pub fn tally(text: &str) -> [u64; EVENT_COUNT] {
    let mut counts = [0; EVENT_COUNT];
    Scan::default().feed::<false>(text, &mut counts, &mut [0; 2]);
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_splice_counts_what_a_rescan_would() {
        let e = Estimator::o200k();
        let body = "fn main() {\n    let x = \"é\"; // 42\n}\n";
        for (a, b) in [
            ("~12 tokens)\n```\n", "~99 tokens)\n```\n"),
            ("x\n", "x\n"),
            ("é 1 x\n", "é 7 x\n"),
        ] {
            let mut from = e.running();
            from.push(a);
            let mut to = from.clone();
            to.push(body);
            let mut other = e.running();
            other.push(b);
            let spliced = other.splice(&from, &to).unwrap();
            let mut whole = other.clone();
            whole.push(body);
            assert_eq!(spliced, whole);
            assert_eq!(spliced.tokens_since(&other), to.tokens_since(&from));
        }
        let mut word = e.running();
        word.push("x");
        let mut space = e.running();
        space.push(" ");
        assert!(word.splice(&space, &space).is_none());
    }

    #[test]
    fn empty_text_is_zero_tokens() {
        assert_eq!(estimate_tokens(""), 0);
        assert_eq!(Estimator::cl100k().count(""), 0);
        assert_eq!(tally(""), [0; EVENT_COUNT]);
    }

    fn events(text: &str) -> Vec<(&'static str, u64)> {
        let counts = tally(text);
        EVENTS
            .iter()
            .zip(counts)
            .filter(|(_, n)| *n > 0)
            .map(|(name, n)| (*name, n))
            .collect()
    }

    #[test]
    fn words_split_where_o200k_splits_them() {
        assert_eq!(
            events("getElementById(x) fooBar"),
            [
                ("word", 7),
                ("letter_2_8", 14),
                ("space_joins", 1),
                ("punct", 2)
            ]
        );
        assert_eq!(
            events("internationalization"),
            [("word", 1), ("letter_2_8", 7), ("letter_9", 12)]
        );
    }

    #[test]
    fn digits_are_weighed_by_groups_of_three() {
        assert_eq!(events("1234567"), [("digits", 3)]);
        assert_eq!(
            events("v 12"),
            [("word", 1), ("digits", 1), ("space_other", 1)]
        );
    }

    #[test]
    fn whitespace_is_weighed_by_what_follows_it() {
        assert_eq!(
            events("{\n    a  b\n\n"),
            [
                ("word", 2),
                ("space_run", 1),
                ("newline", 1),
                ("newline_more", 2),
                ("indent", 1),
                ("punct", 1)
            ]
        );
        // Nothing follows: trailing spaces are not weighed.
        assert_eq!(events("   "), []);
    }

    #[test]
    fn every_class_has_its_event() {
        assert_eq!(
            events("故，あ한éжαש😀⚖\u{200D}"),
            [
                ("han", 1),
                ("wide_punct", 1),
                ("kana_hangul", 2),
                ("letter", 2),
                ("script", 2),
                ("symbol", 3)
            ]
        );
        // An ASCII word near an accented letter is likely another language's.
        assert_eq!(
            events("été la"),
            [
                ("word_foreign", 2),
                ("letter_2_8", 1),
                ("space_joins", 1),
                ("letter", 2)
            ]
        );
    }

    #[test]
    fn events_are_named_in_order() {
        assert_eq!(E::Symbol as usize + 1, EVENT_COUNT);
        assert_eq!(EVENTS[E::Han as usize], "han");
        assert_eq!(EVENTS[E::Symbol as usize], "symbol");
    }

    #[test]
    fn names_say_what_is_estimated() {
        assert_eq!(Estimator::o200k().name(), "estimate:o200k");
        assert_eq!(Estimator::cl100k().name(), "estimate:cl100k");
        assert_eq!(Estimator::default(), Estimator::o200k());
    }

    /// Whitespace at the end stands for about the token it is, and more of it for no less:
    /// appending a space never lowers the count (`tests/tokens.rs` appends every kind of
    /// character after every kind of whitespace).
    #[test]
    fn whitespace_at_the_end_stands_for_what_follows_it_at_least() {
        assert_eq!(
            PENDING,
            [[[460, 726], [359, 630]], [[829, 1178], [1000, 1000]]],
        );
        for broke in [false, true] {
            for v in 0..2 {
                assert!(
                    pending(scan::Class::Space, 1, broke)[v]
                        <= pending(scan::Class::Space, 2, broke)[v]
                );
                assert_eq!(
                    pending(scan::Class::Space, 2, broke)[v],
                    pending(scan::Class::Space, 40, broke)[v]
                );
            }
        }
        assert_eq!(pending(scan::Class::Space, 0, true), [0, 0]);
        assert_eq!(pending(scan::Class::Newline, 3, true), [0, 0]);
    }
}
