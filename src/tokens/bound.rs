//! What the fitted weights cannot see: text whose real token count is set by the vocabulary's
//! worst case, not by the prose and code the weights were fitted on. Long and mixed whitespace,
//! runs of one character, characters the vocabularies hold no merges for. Each costs what the
//! exact tokenizers measure (`o200k_base`, then `cl100k_base`, in thousandths of a token), added
//! after the margin: these are bounds, not fits.
//!
//! Both scans (`super::scan` and `super::reference`) call these at the same characters, so the
//! two cannot disagree on what is added.

use super::capital_words::Lead;
use super::mark_merges::{CUT, LONGEST};
use super::scan::Class;

/// Thousandths of a token added for each vocabulary, `[o200k, cl100k]`.
pub(super) type Extra = [u64; 2];

/// One of a run of spaces past the 16th: o200k and cl100k take 125 spaces a token.
const SPACE_PAST_16: Extra = [16, 16];
/// A tab repeated: 16 tabs a token.
const TAB_REPEATED: Extra = [70, 70];
/// A whitespace character after a different one in the same run (`" \t"` is a token a pair)
/// or a vertical tab or form feed (a token each, however many).
const BLANK_SWITCH: Extra = [1000, 1000];
/// A newline right after the same newline. The longest run held whole is 16 (o200k) or 32
/// (cl100k) `\n`, but BPE takes the rest of a longer run in smaller pieces (cl100k takes 31 as
/// 16 + 8 + 7), so runs between blank lines take a token for every 14 or so in both; `\r`
/// takes 2 (o200k) or 1 (cl100k) a token.
const NEWLINE_REPEATED: Extra = [70, 70];
const CR_REPEATED: Extra = [500, 1000];
/// `\r` after `\r` after `\n`: BPE joins `"\r\n"` first, and the `\r` left between two pairs
/// stands alone.
const CR_AFTER_CRLF: Extra = [1000, 1000];
/// `\r` right after `\n`: `"\r\n"` repeated is 4 pairs a token.
const CRLF_REPEATED: Extra = [300, 300];
/// Line ends of both kinds mixed (`"\r\n\n"`, `"\n\n\r"`): no merges, a token each.
const NEWLINES_MIXED: Extra = [1000, 1000];
/// A newline after whitespace that followed a newline: `"\n "` repeated is half a token a
/// pair, random tabs and newlines about one,
/// `" \r"` two.
pub(super) const BLANK_LINE: Extra = [1000, 1000];
const BLANK_CR_LINE: Extra = [2000, 2000];

/// What a whitespace character outside ASCII adds: the first of a run costs what it costs
/// alone; repeated, NBSP takes 8 a token and the ideographic space 16 (o200k) or 2 (cl100k).
fn wide_blank(c: char, repeated: bool) -> Extra {
    match (c, repeated) {
        ('\u{A0}', true) => [125, 125],
        ('\u{3000}', true) => [63, 500],
        ('\u{85}', _) => [2000, 2000],
        ('\u{A0}' | '\u{3000}', false) => [1000, 1000],
        _ => [1000, 2000],
    }
}

/// Where a run of whitespace stands: the character before and how many of it in a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Blanks {
    /// `'\0'` before the first.
    last: char,
    same: u32,
}

impl Blanks {
    /// The run's last whitespace character, `'\0'` before the first.
    pub(super) fn last(&self) -> char {
        self.last
    }

    /// One more whitespace character (not a newline): the first of a run when `fresh`.
    #[inline]
    pub(super) fn push(&mut self, c: char, fresh: bool, extra: &mut Extra) {
        if fresh && matches!(c, ' ' | '\t') {
            self.last = c;
            self.same = 1;
        } else {
            self.push_more(c, fresh, extra);
        }
    }

    /// [`Blanks::push`] but for the first space or tab of a run: rarer, so kept out of line.
    #[inline(never)]
    fn push_more(&mut self, c: char, fresh: bool, extra: &mut Extra) {
        if fresh {
            self.last = c;
            self.same = 1;
            match c {
                '\u{B}' | '\u{C}' => add(extra, BLANK_SWITCH),
                _ => add(extra, wide_blank(c, false)),
            }
            return;
        }
        let repeated = self.last == c;
        if repeated {
            self.same = self.same.saturating_add(1);
        } else {
            if self.last != '\0' {
                add(extra, BLANK_SWITCH);
            }
            self.last = c;
            self.same = 1;
        }
        match c {
            ' ' if self.same > 16 => add(extra, SPACE_PAST_16),
            ' ' => {}
            '\t' if repeated => add(extra, TAB_REPEATED),
            '\t' => {}
            '\u{B}' | '\u{C}' => add(extra, BLANK_SWITCH),
            _ => add(extra, wide_blank(c, repeated)),
        }
    }

    /// `n` more of one ASCII whitespace character in the run under way: what `n` calls of
    /// [`Blanks::push`] add.
    #[inline]
    pub(super) fn run(&mut self, c: char, n: usize, extra: &mut Extra) {
        let Some(mut more) = u32::try_from(n).ok().filter(|&n| n > 0) else {
            return;
        };
        if self.last != c {
            self.push_more(c, false, extra);
            more = more.saturating_sub(1);
        }
        let before = self.same;
        self.same = self.same.saturating_add(more);
        let (each, times) = match c {
            ' ' => (SPACE_PAST_16, self.same.saturating_sub(before.max(16))),
            '\t' => (TAB_REPEATED, more),
            _ => (BLANK_SWITCH, more),
        };
        if times > 0 {
            let times = u64::from(times);
            add(
                extra,
                [each[0].saturating_mul(times), each[1].saturating_mul(times)],
            );
        }
    }
}

/// A second newline in a row after whitespace that followed a newline: the run starts a token
/// of its own (both keep `"  "` apart from the newlines after it), where the run's first
/// newline was weighed with the whitespace ([`BLANK_LINE`]).
const RUN_AFTER_BLANK: Extra = [1000, 1000];

/// What a newline adds, from the characters before it: `after` is the one before when it was a
/// newline itself, and `before` the one before that when it was one too, or `' '` when the one
/// before began a run right after whitespace that followed a newline; `blank_line` says
/// whitespace came between it and an earlier newline.
#[inline(never)]
pub(super) fn newline(
    c: char,
    after: Option<char>,
    before: Option<char>,
    blank_line: bool,
    extra: &mut Extra,
) {
    if before == Some(' ') && after == Some(c) {
        add(extra, RUN_AFTER_BLANK);
    }
    match after {
        Some('\r') if c == '\r' && before == Some('\n') => add(extra, CR_AFTER_CRLF),
        Some('\r') if c == '\r' => add(extra, CR_REPEATED),
        Some('\n') if before == Some(if c == '\n' { '\r' } else { '\n' }) => {
            add(extra, NEWLINES_MIXED)
        }
        Some(p) if p == c => add(extra, NEWLINE_REPEATED),
        Some('\n') if c == '\r' => add(extra, CRLF_REPEATED),
        Some(_) => {}
        None if blank_line && c == '\r' => add(extra, BLANK_CR_LINE),
        None if blank_line => add(extra, BLANK_LINE),
        None => {}
    }
}

/// The index of an ASCII punctuation mark among the 32, in byte order; `None` for any other
/// byte.
#[inline]
pub(super) const fn mark(b: u8) -> Option<u8> {
    Some(match b {
        b'!'..=b'/' => b.wrapping_sub(b'!'),
        b':'..=b'@' => b.wrapping_sub(b':' - 15),
        b'['..=b'`' => b.wrapping_sub(b'[' - 22),
        b'{'..=b'~' => b.wrapping_sub(b'{' - 28),
        _ => return None,
    })
}

/// A run of ASCII punctuation marks under way, and what it must cost: the tokens the
/// vocabularies' merges make of it ([`super::mark_merges`]), the first mark's fitted `punct`
/// standing for one of them. Added mark by mark as the run grows, so a run never costs less
/// than its tokens (`()` repeated is a token a pair, `|---` two tokens, `?;` repeated a token a
/// mark), and never depends on the fitted weights.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Marks {
    /// The chunk under way (at most [`LONGEST`] marks): `mark`'s index of each, five bits each,
    /// the last lowest, as the low and the high half of a `u128` (which would align the whole
    /// scan to 16 bytes).
    bits: [u64; 2],
    len: u8,
    /// All its marks are one and the same: a run of one mark costs what `punct_run` says.
    uniform: bool,
    /// A cut came before the chunk ([`CUT`]): not the run's first.
    after_cut: bool,
    /// Thousandths of a token paid for the chunk so far: for the run's first, the token its
    /// first mark was weighed as, and what was added since.
    paid: [u32; 2],
}

impl Marks {
    /// A run starting with the mark `b`, which its fitted event weighs.
    #[inline]
    pub(super) fn start(b: u8) -> Self {
        Marks {
            bits: [u64::from(index(b)), 0],
            len: 1,
            uniform: true,
            after_cut: false,
            paid: [1000; 2],
        }
    }

    /// The mark `b` continues the run, the `rep`th of it in a row: from the third on, it costs
    /// what a long run of it costs ([`punct_run`]); any mark, what the merges make the run
    /// take more.
    #[inline]
    pub(super) fn next(&mut self, b: u8, rep: usize, extra: &mut Extra) {
        let paid = if rep >= 3 {
            let run = punct_run(b, rep);
            add(extra, run);
            run
        } else {
            [0; 2]
        };
        let paid = paid.map(|p| u32::try_from(p).unwrap_or(u32::MAX));
        let m = index(b);
        let same = u64::from(m) == self.bits[0] & 31;
        if usize::from(self.len) >= LONGEST {
            if !(self.uniform && same) {
                // A new chunk: a token for its mark, and the cut before it.
                *self = Marks {
                    paid,
                    after_cut: true,
                    ..Marks::start(b)
                };
                self.merge(extra);
            }
            return;
        }
        let [low, high] = self.bits;
        self.bits = [low << 5 | u64::from(m), high << 5 | low >> 59];
        self.len = self.len.wrapping_add(1);
        self.uniform &= same;
        for (p, more) in self.paid.iter_mut().zip(paid) {
            *p = p.saturating_add(more);
        }
        if !(self.uniform && self.len >= 3) {
            self.merge(extra);
        }
    }

    /// Whether the run is a piece of its own that keeps its marks from a word after it: the
    /// pre-tokenizers give a word one mark before it (`{ok`), but a run of two or more is a
    /// piece apart (`):` then `ad`).
    #[inline]
    pub(super) fn apart(&self) -> bool {
        self.len >= 2 || self.after_cut
    }

    /// Adds what the chunk's tokens exceed what was paid for it by.
    #[inline]
    fn merge(&mut self, extra: &mut Extra) {
        let [low, high] = self.bits;
        let bits = u128::from(high) << 64 | u128::from(low);
        let tokens = super::mark_merges::count(bits, usize::from(self.len));
        let cut = if self.after_cut { CUT } else { 0 };
        for ((paid, e), tokens) in self.paid.iter_mut().zip(extra.iter_mut()).zip(tokens) {
            let need = u32::from(tokens).saturating_mul(1000).saturating_add(cut);
            if need > *paid {
                *e = e.saturating_add(u64::from(need.wrapping_sub(*paid)));
                *paid = need;
            }
        }
    }
}

/// [`mark`] of an ASCII punctuation mark.
#[inline]
fn index(b: u8) -> u8 {
    mark(b).unwrap_or(0)
}

/// The kind of a letter of another script than ASCII's, for [`Letters`]: Cyrillic, other
/// Latin (accented, Latin Extended, Vietnamese), another BMP script, or kana; `None` for any
/// other character, Han and Hangul among them (their floors hold them, `floor`).
#[inline]
pub(super) const fn joins_kind(c: char, k: Class) -> Option<usize> {
    match (k, c) {
        (Class::Letter, '\u{400}'..='\u{52F}') => Some(0),
        (Class::Letter, _) => Some(1),
        (Class::Script, _) => Some(2),
        (
            Class::KanaHangul,
            '\u{3040}'..='\u{30FF}' | '\u{31F0}'..='\u{31FF}' | '\u{FF66}'..='\u{FF9F}',
        ) => Some(3),
        _ => None,
    }
}

/// What a break between two letters no token joins (`joins.rs`) stands for, per kind of the
/// second letter ([`joins_kind`]: Cyrillic, other Latin, other scripts, kana), `[o200k,
/// cl100k]`, in thousandths: such breaks are rare in
/// words (the vocabularies learnt their pairs) and common in random letters, whose pieces are a
/// token for one or two letters where words are a token for three to five. Chosen so random
/// letters of every script, as runs and as words, are held at 0.98 of the real count
/// (`tests/token_bound.rs`); Cyrillic costs most because o200k joins most of its pairs, so
/// fewer random pairs break.
const BREAK: [[u64; 4]; 2] = [[4600, 1900, 2800, 1700], [1850, 2000, 1800, 1100]];

/// What a letter may cost in a run more than it takes alone, at most, in thousandths: merges
/// across neighbours can leave a byte or two of a letter alone (random capital Cyrillic takes
/// 1.05 tokens a letter in o200k, each a token alone).
const MORE_THAN_ALONE: u64 = 250;

/// What comes before a letter of another script than ASCII's, for [`Letters::push`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Before {
    /// The run's last letter: the letter continues the run.
    Letter,
    /// An ASCII letter or digit: the run continues a word (`ą` in `początku`).
    Alphanumeric,
    /// A space, which the pre-tokenizers put in front of the word: one token with the letter
    /// where a token joins the two, a token of its own where none does.
    Space,
    /// Anything else.
    Other,
}

/// What comes before a letter of another script than ASCII's, from the class `prev` and the
/// character `last` before it, the last letter of the run under way, and the last whitespace
/// character of the run of whitespace under way.
#[inline]
pub(super) fn before(prev: Class, last: char, run_last: char, blank: char) -> Before {
    match prev {
        _ if super::scan::in_letters(prev) && run_last == last => Before::Letter,
        Class::Ascii | Class::Digit => Before::Alphanumeric,
        Class::Space if blank == ' ' => Before::Space,
        _ => Before::Other,
    }
}

/// A run of letters of other scripts than ASCII's under way ([`joins_kind`]), and what it must
/// cost: [`BREAK`] for each pair of letters no token joins, and a token for the word once it
/// ends, up to what its letters take alone and [`MORE_THAN_ALONE`] each. Where that is more than
/// the letters' fitted weights and floors charged, the difference is added, letter by letter, so
/// the count still only grows; words rarely break where their letters were not charged enough.
/// A space before the run that no token joins to its first letter is a token of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Letters {
    /// The run's last letter; `'\0'` before the first.
    last: char,
    /// It began a word: after a space or what is neither a letter nor a digit.
    word: bool,
    /// The most its breaks may owe, per vocabulary: what its letters take alone, and
    /// [`MORE_THAN_ALONE`] each.
    most: [u64; 2],
    /// Per vocabulary, in thousandths.
    owed: [Owed; 2],
}

/// What one vocabulary's breaks owe for the run, what its letters were charged, and what was
/// added for the difference so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Owed {
    breaks: u64,
    charged: u64,
    paid: u64,
}

impl Letters {
    /// The letter `c`, of kind `kind`, charged `charged` by its class's weight and floor, after
    /// `before`.
    #[inline]
    pub(super) fn push(
        &mut self,
        c: char,
        kind: usize,
        charged: Extra,
        before: Before,
        extra: &mut Extra,
    ) {
        let joined = match before {
            Before::Letter if self.last != '\0' => super::letter_joins::joined(self.last, c),
            Before::Space => {
                // The space is a token of its own, less what it was weighed as.
                let joined = super::letter_joins::joined(' ', c);
                let space = super::charged(super::E::SpaceOther);
                for ((e, joined), space) in extra.iter_mut().zip(joined).zip(space) {
                    if !joined {
                        *e = e.saturating_add(1000u64.saturating_sub(space));
                    }
                }
                [true; 2]
            }
            _ => [true; 2],
        };
        if before != Before::Letter {
            *self = Letters {
                word: matches!(before, Before::Space | Before::Other),
                ..Letters::default()
            };
        }
        self.last = c;
        let mut broke = false;
        for (v, (owed, most)) in self.owed.iter_mut().zip(self.most.iter_mut()).enumerate() {
            let alone = alone(&super::floors::ALONE_BLOCKS, v, c).unwrap_or(0);
            *most = most.saturating_add(alone.wrapping_mul(1000).saturating_add(MORE_THAN_ALONE));
            if joined.get(v) == Some(&false) {
                let cost = BREAK
                    .get(v)
                    .and_then(|b| b.get(kind))
                    .copied()
                    .unwrap_or(1000);
                owed.breaks = owed.breaks.saturating_add(cost);
                broke = true;
            }
            owed.charged = owed
                .charged
                .saturating_add(charged.get(v).copied().unwrap_or(0));
        }
        // Without a break, what is owed stays and what was charged grows: nothing to add.
        if broke {
            self.pay(extra);
        }
    }

    /// The run ends before a character that does not continue it: a word is a token at least,
    /// where a word of one or two letters (` в`, ` на`) was weighed at less.
    #[inline(never)]
    pub(super) fn end(&mut self, extra: &mut Extra) {
        if self.word {
            for owed in &mut self.owed {
                owed.breaks = owed.breaks.saturating_add(1000);
            }
            self.pay(extra);
        }
        *self = Letters::default();
    }

    /// Adds what the breaks owe more than the letters were charged, less what was added before.
    fn pay(&mut self, extra: &mut Extra) {
        for ((owed, e), most) in self.owed.iter_mut().zip(extra.iter_mut()).zip(self.most) {
            let excess = owed.breaks.min(most).saturating_sub(owed.charged);
            if excess > owed.paid {
                *e = e.saturating_add(excess.wrapping_sub(owed.paid));
                owed.paid = excess;
            }
        }
    }

    /// Whether a run is under way.
    #[inline]
    pub(super) fn open(&self) -> bool {
        self.last != '\0'
    }

    /// The run's last letter, `'\0'` when none is under way.
    pub(super) fn last(&self) -> char {
        self.last
    }
}

/// What a word's 17th and later letters add (unless repeated): English words are rarely so
/// long, and a random run of lowercase letters costs about a token for two.
pub(super) const LONG_WORD: Extra = [200, 250];

/// What the `rep`th of one punctuation mark in a row costs from the third on: as much as
/// every run of it up to 600 takes past its first two marks, from `marks.rs` (`=` repeated is
/// 64 a token, `}` 2).
#[inline(never)]
fn punct_run(b: u8, rep: usize) -> Extra {
    let at = if rep == 3 { 0 } else { 1 };
    super::marks::RUNS
        .get(usize::from(index(b)))
        .map_or([1000; 2], |r| {
            [
                u64::from(r.get(at).copied().unwrap_or(1000)),
                u64::from(r.get(at | 2).copied().unwrap_or(1000)),
            ]
        })
}

/// The cost of an ASCII letter repeated past the 8th letter of a word and the 2nd of a row,
/// in place of `letter_9`: o200k and cl100k take 2 to 16 of one letter a token. At least a
/// quarter of a token where that is at most twice the real cost, so a budget written for
/// `len / 4` keeps its order (seed 000's test: `"x" * 19000` against `"y" * 4000`).
#[inline(never)]
pub(super) fn letter_repeated(b: u8) -> Extra {
    // 1: a quarter for both; 2: a quarter (o200k), a half (cl100k); 3: a half for both;
    // 0: an eighth (o200k), a quarter (cl100k), twice what `X` costs.
    const LOWER: &[u8; 26] = b"11111132232223133223323113";
    const UPPER: &[u8; 26] = b"11131133233113233333333013";
    let table = if b.is_ascii_uppercase() { UPPER } else { LOWER };
    match table.get(usize::from(b.to_ascii_lowercase().wrapping_sub(b'a'))) {
        Some(b'0') => [125, 250],
        Some(b'1') => [250, 250],
        Some(b'2') => [250, 500],
        _ => [500, 500],
    }
}

/// What a character no vocabulary merges costs, in place of a fitted class: a token a byte.
/// Rare ideographs (CJK Extension A, compatibility ideographs), Yi, private use, and everything
/// beyond the BMP but emoji.
#[inline(never)]
pub(super) fn rare(c: char) -> Extra {
    if c >= '\u{10000}' {
        [4000, 4000]
    } else {
        [3000, 3000]
    }
}

/// A letter the vocabulary joins to no other letter in any of its tokens costs at least what
/// it takes alone, whatever surrounds it: the scripts a vocabulary holds no words of (Georgian
/// or Armenian in cl100k), and rare ideographs and syllables. `charged` is what the fitted
/// weight gives it, per vocabulary; the floor adds what is missing, and says what it added.
/// Floors from `floors.rs`, written from the vocabularies themselves.
#[inline]
pub(super) fn floor(c: char, charged: [u64; 2], extra: &mut Extra) -> Extra {
    let mut added = [0; 2];
    for (v, ((charged, e), added)) in charged
        .into_iter()
        .zip(extra.iter_mut())
        .zip(added.iter_mut())
        .enumerate()
    {
        let Some(tokens) = alone(&super::floors::BLOCKS, v, c) else {
            continue;
        };
        *added = tokens.wrapping_mul(1000).saturating_sub(charged);
        *e = e.saturating_add(*added);
    }
    added
}

/// The tokens `c` takes alone in vocabulary `v` (at most 3), from `blocks`, one of
/// `floors.rs`'s tables; `None` where the table has none.
#[inline]
fn alone(blocks: &[[u16; 512]; 2], v: usize, c: char) -> Option<u64> {
    let u = c as usize;
    let index = *blocks.get(v)?.get(u >> 7)?;
    let row = super::floors::FLOORS.get(usize::from(index).checked_sub(1)?)?;
    let bits = row.get((u >> 5) & 3)?;
    Some((bits >> (u & 31).wrapping_mul(2)) & 3)
}

/// A switch inside a run of letters and digits — lowercase to uppercase, letter to digit,
/// digit to letter — after a piece of at most this many characters: text such as base64, whose
/// pieces the vocabularies hold no merges for, where words and identifiers switch rarely and
/// after longer pieces (`value1`, `getElementById`).
const SHORT_PIECE: usize = 4;
const DENSE_SWITCH: Extra = [1800, 2000];

/// What a switch inside a run of letters and digits adds, `run` being the piece's characters
/// before it less one: nothing for the run's first such switch (`u32`, `v2`, `isEmpty`), nor for
/// a [`Switch::Free`] one (after a lowercase piece, as in `useState`); a switch at a hex letter
/// costs a fraction of base64's (hex digits and letters alternate in hashes and UUIDs, which
/// the vocabularies split less finely). `chained` says a short piece switched earlier in the
/// run.
#[inline]
pub(super) fn switch(run: usize, kind: Switch, chained: &mut bool, extra: &mut Extra) {
    let cost = match kind {
        Switch::Free => return,
        Switch::Dense => DENSE_SWITCH,
        Switch::Hex => HEX_SWITCH,
    };
    if run < SHORT_PIECE {
        if *chained {
            add(extra, cost);
        }
        *chained = true;
    }
}

/// What kind of switch between letters and digits, or lowercase and uppercase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Switch {
    Free,
    Dense,
    Hex,
}

const HEX_SWITCH: Extra = [200, 150];

/// A switch at `c`, the letter on one side of a letter–digit switch.
#[inline]
pub(super) fn at_letter(c: char) -> Switch {
    if hex(c) {
        Switch::Hex
    } else {
        Switch::Dense
    }
}

/// A lowercase-to-uppercase switch: free after a lowercase first piece.
#[inline]
pub(super) fn at_capital(capital: bool) -> Switch {
    if capital {
        Switch::Dense
    } else {
        Switch::Free
    }
}

/// A letter hex digits are written with.
#[inline]
fn hex(c: char) -> bool {
    matches!(c, 'a'..='f' | 'A'..='F')
}

/// Adds `e` to `extra`.
#[inline]
pub(super) fn add(extra: &mut Extra, e: Extra) {
    extra[0] = extra[0].saturating_add(e[0]);
    extra[1] = extra[1].saturating_add(e[1]);
}

/// What an ASCII word of `letters` letters, its first weighed as `word`, is short of a token
/// when it is a piece of its own, after a run of marks that keeps its marks (`):ad`, `).then`,
/// `::new`): the pre-tokenizers make it a token at least, where the weights charge a short word
/// two thirds of one, and minified code is made of such words (`bo{ok:cg,ch:bt};aa bu=…`).
/// Charged outside the fit, as the rare trigrams are: it only ever raises an estimate.
pub(super) fn apart_word(word: super::E, letters: usize) -> Extra {
    let foreign = usize::from(word == super::E::WordForeign);
    APART
        .get(foreign)
        .and_then(|t| t.get(letters.wrapping_sub(1)))
        .copied()
        .unwrap_or([0; 2])
}

/// [`apart_word`] for a word of 1 to [`APART_LETTERS`] letters, `[Word, WordForeign]`, from the
/// weights when compiled; a longer word is charged a token or more.
const APART: [[Extra; APART_LETTERS]; 2] = apart_table();
const APART_LETTERS: usize = 8;

// Evaluated by the compiler: an index out of bounds here fails the build, it cannot panic.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const fn apart_table() -> [[Extra; APART_LETTERS]; 2] {
    let firsts = [super::E::Word as usize, super::E::WordForeign as usize];
    let more = super::CHARGED[super::E::Letter2to8 as usize];
    let mut table = [[[0; 2]; APART_LETTERS]; 2];
    let mut f = 0;
    while f < 2 {
        let first = super::CHARGED[firsts[f]];
        let mut n = 0;
        while n < APART_LETTERS {
            let mut v = 0;
            while v < 2 {
                let charged = first[v] + more[v] * n as u64;
                table[f][n][v] = 1000_u64.saturating_sub(charged);
                v += 1;
            }
            n += 1;
        }
        // A refit that left a word of this many letters short of a token needs a longer table.
        assert!(table[f][APART_LETTERS - 1][0] == 0 && table[f][APART_LETTERS - 1][1] == 0);
        f += 1;
    }
    table
}

/// A trigram of letters that no common token of either vocabulary holds (`trigrams.rs`), at
/// the start or the end of a whole word: the vocabularies did not learn such a word whole —
/// Swahili, Indonesian, Finnish, Polish written in ASCII letters — and it takes more tokens
/// than the fitted weights give an English word. Charged outside the fit (the fitting script
/// leaves it out), so it only ever raises an estimate.
const RARE_TRIGRAM: Extra = [2200, 2800];
/// The same in a piece of a `camelCase` word (`pfekAjpne`, `getElementById`): identifiers are
/// made of common words, random letters of both cases are not, and a short piece takes fewer
/// tokens than a word.
const RARE_PIECE_TRIGRAM: Extra = [1500, 1800];

/// The ASCII word (or the piece of it since its last `camelCase` step) under way, for its first
/// and last trigrams, where a feed ended inside it: its first three letters and its last three
/// (`a`–`z` as 1–26), how many letters it has (at most 255), whether the word is whole so far —
/// after neither a letter nor a digit (base64 and `utf8` are not words of a language) — and
/// whether it is a piece of a `camelCase` word. Within a feed the scan reads a piece's letters
/// from the text instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Trigrams {
    first: [u8; 3],
    last: [u8; 3],
    len: u8,
    pub(super) whole: bool,
    pub(super) piece: bool,
}

impl Trigrams {
    /// A word about to start, with no letter yet; `whole` unless it follows a letter or a digit.
    #[inline]
    pub(super) fn start(whole: bool) -> Self {
        Trigrams {
            whole,
            ..Trigrams::default()
        }
    }

    /// The piece after a `camelCase` step of a word `whole` so far.
    #[inline]
    pub(super) fn next_piece(whole: bool) -> Self {
        Trigrams {
            whole,
            piece: true,
            ..Trigrams::default()
        }
    }

    /// This piece ends at a `camelCase` step: its charge, and the next piece.
    #[cold]
    pub(super) fn next(&self, extra: &mut Extra) -> Self {
        Trigrams {
            piece: true,
            ..*self
        }
        .end(extra);
        Trigrams::next_piece(self.whole)
    }

    /// Whether it holds no letter yet: within a feed, the word is read from the text.
    #[inline]
    pub(super) fn fresh(&self) -> bool {
        self.len == 0
    }

    /// The word's next letters, as many calls with one letter each would.
    pub(super) fn extend(&mut self, letters: &[u8]) {
        let had = usize::from(self.len);
        for (slot, &c) in self.first.iter_mut().skip(had).zip(letters) {
            *slot = c;
        }
        let tail = letters.len().saturating_sub(3);
        for &c in letters.get(tail..).unwrap_or_default() {
            self.last = [self.last[1], self.last[2], c];
        }
        self.len = u8::try_from(had.saturating_add(letters.len())).unwrap_or(u8::MAX);
    }

    /// The word ended before a character that is neither a letter nor a digit, or the piece at
    /// a `camelCase` step.
    pub(super) fn end(&self, extra: &mut Extra) {
        if self.whole {
            charge(
                self.first,
                self.last,
                usize::from(self.len),
                self.piece,
                extra,
            );
        }
    }

    /// A whole word or piece, all its letters in one feed, ended: what [`Trigrams::extend`]
    /// with them, then [`Trigrams::end`], would add.
    #[inline]
    pub(super) fn end_word(word: &[u8], piece: bool, extra: &mut Extra) {
        if let ([a, b, c, ..], [.., x, y, z]) = (word, word) {
            charge([*a, *b, *c], [*x, *y, *z], word.len(), piece, extra);
        }
    }
}

/// A whole word of `len` letters pays for a rare first trigram, and for a rare last one when
/// it has five letters or more; so does a `piece` of a `camelCase` word, at its own cost, but
/// for one written as a word is (`Wrapper`, `cycle`: its second letter lowercase, five letters
/// or more), which the vocabularies mostly hold whole even when its trigrams are not common.
#[inline]
fn charge(first: [u8; 3], last: [u8; 3], len: usize, piece: bool, extra: &mut Extra) {
    let cost = if !piece {
        RARE_TRIGRAM
    } else if len >= 5 && first[1].is_ascii_lowercase() {
        return;
    } else {
        RARE_PIECE_TRIGRAM
    };
    if len >= 3 && rare_trigram(first) {
        add(extra, cost);
    }
    if len >= 5 && rare_trigram(last) {
        add(extra, cost);
    }
}

/// A trigram of ASCII letters that no common token holds (`trigrams.rs`: five bits a letter,
/// case folded; one letter three times counts as common, what a run of it costs being
/// `letter_repeated`'s).
#[inline]
fn rare_trigram([a, b, c]: [u8; 3]) -> bool {
    let i = (usize::from(a & 31) << 10) | (usize::from(b & 31) << 5) | usize::from(c & 31);
    super::trigrams::COMMON
        .get(i >> 6)
        .is_some_and(|w| w >> (i & 63) & 1 == 0)
}

/// A word in capitals under way (its letters all uppercase, from a word's start), and the
/// fewest tokens it can be cut into (`capital_words`: the tokens of capitals of each
/// vocabulary, alone or after a space or a mark). The vocabularies hold few words in capitals
/// whole and cut the rest into pieces of one to four letters (`HEL|LO`), where the weights were
/// fitted on lowercase words, mostly one token each. A word the cut takes whole owes nothing
/// more; otherwise each token of the cut after the first stands for [`CUT_TOKEN`], since
/// byte-pair encoding does not always find the fewest (`CHILDPOS` could be `CHILD|POS`, and is
/// `CH|IL|DP|OS` in o200k). What that is beyond what the word was charged (fitted weights, a
/// space before it; its rare trigrams are not charged, the cut standing for them) is added: as
/// the word grows, what every continuation of it must take at least before a token that goes on
/// past its end, and the rest once it ends. The count so only grows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Capitals {
    /// The last [`LONGEST_CAPITALS`] letters, five bits each, the last lowest.
    tail: u64,
    /// How many letters so far.
    len: u32,
    /// A word is under way.
    open: bool,
    /// What it follows that its first token may hold (`" HEL"`, `"_BUFFER"`): a space, which is
    /// weighed with the word (`E::SpaceJoins`) and is a token of its own where the first token
    /// does not hold it, or punctuation.
    lead: Lead,
    /// `cover[v][k]`: the fewest tokens of vocabulary `v` the piece's first `len - k` letters
    /// can be cut into (`u32::MAX` where `k > len`).
    cover: [[u32; LONGEST_CAPITALS]; 2],
    /// What was added so far, per vocabulary, in thousandths of a token.
    paid: Extra,
}

const LONGEST_CAPITALS: usize = super::capital_words::LONGEST;

/// What each token of the cut after the first stands for, in thousandths: the corpus's words in
/// capitals take about 1.08 times their cut on average, long ones more, and 1.25 holds the
/// corpus in capitals at 0.94 of the real count or more (`tests/token_bound.rs`).
const CUT_TOKEN: u64 = 1250;

/// The bits of [`Capitals::tail`].
const TAIL: u64 = (1 << (5 * LONGEST_CAPITALS)) - 1;

impl Capitals {
    /// A word about to start with an uppercase letter after a character of class `after`: none
    /// after a letter or a digit (`getHTTP`, `9ELVC`), which is no word in capitals but an
    /// identifier or base64, weighed by where its case and digits switch (`switch`).
    #[inline]
    pub(super) fn start(after: Class) -> Self {
        if matches!(after, Class::Ascii | Class::Digit) {
            return Capitals::default();
        }
        let lead = match after {
            Class::Space => Lead::Space,
            Class::Punct => Lead::Mark,
            _ => Lead::None,
        };
        let mut cover = [u32::MAX; LONGEST_CAPITALS];
        if let Some(first) = cover.first_mut() {
            *first = u32::from(lead == Lead::Space);
        }
        Capitals {
            open: true,
            lead,
            cover: [cover; 2],
            ..Capitals::default()
        }
    }

    /// Whether a word in capitals is under way.
    #[inline]
    pub(super) fn open(&self) -> bool {
        self.open
    }

    /// The word's next letters; a lowercase one ends it uncharged (`Hello`, `HTTPServer`: the
    /// fitted weights are for such words).
    pub(super) fn extend(&mut self, letters: &[u8], extra: &mut Extra) {
        for &b in letters {
            if !self.open {
                return;
            }
            self.push(b, extra);
        }
    }

    fn push(&mut self, b: u8, extra: &mut Extra) {
        if !b.is_ascii_uppercase() {
            *self = Capitals::default();
            return;
        }
        self.tail = (self.tail << 5 | u64::from(b & 31)) & TAIL;
        self.len = self.len.saturating_add(1);
        // The fewest tokens the piece can be cut into, and the fewest any continuation of it can
        // be cut into before a token that goes on past its end. Only the first token may hold
        // the character before the piece; a letter after a space is one token with it in both
        // vocabularies.
        let len = usize::try_from(self.len).unwrap_or(usize::MAX);
        let first = len == 1 && self.lead == Lead::Space;
        let mut cut = if first { [0; 2] } else { self.cut() };
        // A token may begin at the last letter, or where a longer one begins; what it costs is
        // left to the letters after it, whose weights pay for it where they are lowercase
        // (`APIRouter`: `API|Router`).
        let mut crossing = cut;
        for n in super::capital_words::SHORTEST..=len.min(LONGEST_CAPITALS) {
            // No token holds these letters, nor any longer run ending in them.
            let Some(read) = super::capital_words::suffix(self.tail, n) else {
                break;
            };
            let whole = n == len && self.lead != Lead::None;
            for (v, (cut, crossing)) in cut.iter_mut().zip(&mut crossing).enumerate() {
                let before = self
                    .cover
                    .get(v)
                    .and_then(|c| c.get(n.wrapping_sub(1)))
                    .copied()
                    .unwrap_or(u32::MAX);
                if read.token(v, Lead::None) {
                    *cut = (*cut).min(before);
                }
                if whole && read.token(v, self.lead) {
                    *cut = 0;
                }
                if read.begins {
                    *crossing = (*crossing).min(if whole { 0 } else { before });
                }
            }
        }
        let mut least = [0; 2];
        for (((cover, cut), crossing), least) in
            self.cover.iter_mut().zip(cut).zip(crossing).zip(&mut least)
        {
            let cut = cut.saturating_add(1);
            cover.rotate_right(1);
            if let Some(first) = cover.first_mut() {
                *first = cut;
            }
            *least = cut.min(crossing);
        }
        self.pay(least, extra);
    }

    /// The word ends before what is neither a letter nor a digit: it owes its cut.
    #[inline(never)]
    pub(super) fn end(&mut self, extra: &mut Extra) {
        if self.open {
            self.pay(self.cut(), extra);
        }
        *self = Capitals::default();
    }

    /// The fewest tokens of each vocabulary the word so far can be cut into.
    #[inline]
    fn cut(&self) -> [u32; 2] {
        let mut cut = [0; 2];
        for (cut, cover) in cut.iter_mut().zip(&self.cover) {
            *cut = cover.first().copied().unwrap_or(0);
        }
        cut
    }

    /// Adds what `tokens` of the cut stand for beyond what the piece was charged, less what was
    /// added before.
    fn pay(&mut self, tokens: [u32; 2], extra: &mut Extra) {
        let n = u64::from(self.len);
        let word = super::charged(super::E::Word);
        let short = super::charged(super::E::Letter2to8);
        let long = super::charged(super::E::Letter9);
        let space = super::charged(super::E::SpaceJoins);
        for (v, ((e, paid), tokens)) in extra.iter_mut().zip(&mut self.paid).zip(tokens).enumerate()
        {
            // A piece the cut takes whole is a word the vocabulary holds, as the weights expect.
            let owed = match u64::from(tokens) {
                0 | 1 => continue,
                cut => cut
                    .saturating_sub(1)
                    .saturating_mul(CUT_TOKEN)
                    .saturating_add(1000),
            };
            let at = |t: [u64; 2]| t.get(v).copied().unwrap_or(0);
            let charged = at(word)
                .saturating_add(at(short).saturating_mul(n.saturating_sub(1).min(7)))
                .saturating_add(at(long).saturating_mul(n.saturating_sub(8)))
                .saturating_add(at(LONG_WORD).saturating_mul(n.saturating_sub(16)))
                .saturating_add(if self.lead == Lead::Space {
                    at(space)
                } else {
                    0
                });
            let excess = owed.saturating_sub(charged);
            if excess > *paid {
                *e = e.saturating_add(excess.wrapping_sub(*paid));
                *paid = excess;
            }
        }
    }
}
