//! The estimator's scan: the text's characters sorted into classes, and the events they weigh.
//!
//! It runs over every file a preload inlines, so it is written for speed: ASCII bytes (most
//! code and much prose) are classed by a table, never decoded into `char`s, and a run of
//! letters, digits, spaces or punctuation is counted in a loop of its own, where the state
//! stays as it is and only the events of the run are counted. Events are counted by kind,
//! and the weights multiply the counts once a push. What it counts is exactly what the first,
//! one-`char`-at-a-time scan counted (`super::reference`, held to it by a property test).

use super::bound::{self, Blanks, Capitals, Extra, Letters, Marks, Trigrams};
use super::{E, EVENT_COUNT};

/// How often each event occurred.
pub(super) type Counts = [u64; EVENT_COUNT];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
    Ascii,
    Digit,
    Space,
    Newline,
    Punct,
    Han,
    WidePunct,
    KanaHangul,
    Letter,
    Script,
    Symbol,
    /// Characters the vocabularies hold no merges for (`bound::rare`).
    Rare,
}

/// A few range checks, no Unicode tables: classes only need to be right where the weights
/// differ, and every character lands somewhere.
pub(super) const fn class(c: char) -> Class {
    match c {
        'a'..='z' | 'A'..='Z' => Class::Ascii,
        '0'..='9' => Class::Digit,
        '\n' | '\r' => Class::Newline,
        ' ' | '\t' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{A0}' | '\u{1680}' => Class::Space,
        '!'..='/' | ':'..='@' | '['..='`' | '{'..='~' => Class::Punct,
        '\u{0}'..='\u{BF}' => Class::Symbol,
        '\u{C0}'..='\u{36F}' | '\u{400}'..='\u{52F}' | '\u{1E00}'..='\u{1EFF}' => Class::Letter,
        '\u{1100}'..='\u{11FF}' => Class::KanaHangul,
        '\u{370}'..='\u{1FFF}' => Class::Script,
        '\u{2000}'..='\u{200A}'
        | '\u{2028}'
        | '\u{2029}'
        | '\u{202F}'
        | '\u{205F}'
        | '\u{3000}' => Class::Space,
        '\u{2010}'..='\u{205E}' | '\u{3001}'..='\u{303F}' | '\u{FF00}'..='\u{FF65}' => {
            Class::WidePunct
        }
        '\u{3040}'..='\u{30FF}'
        | '\u{3130}'..='\u{318F}'
        | '\u{31F0}'..='\u{31FF}'
        | '\u{AC00}'..='\u{D7AF}'
        | '\u{FF66}'..='\u{FF9F}' => Class::KanaHangul,
        '\u{4E00}'..='\u{9FFF}' => Class::Han,
        '\u{3400}'..='\u{4DBF}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{A000}'..='\u{A4CF}'
        | '\u{E000}'..='\u{F8FF}' => Class::Rare,
        '\u{1F000}'..='\u{1FAFF}' => Class::Symbol,
        '\u{10000}'.. => Class::Rare,
        _ => Class::Symbol,
    }
}

/// The event a letter of another script than ASCII's counts, `None` for every other class:
/// the classes whose characters a vocabulary may floor (`bound::floor`, `floors.rs`).
pub(super) const fn letter_event(k: Class) -> Option<E> {
    match k {
        Class::Han => Some(E::Han),
        Class::KanaHangul => Some(E::KanaHangul),
        Class::Letter => Some(E::Letter),
        Class::Script => Some(E::Script),
        _ => None,
    }
}

/// The classes a run of letters for `bound::Letters` may hold (kana of `KanaHangul` only).
pub(super) const fn in_letters(k: Class) -> bool {
    matches!(k, Class::Letter | Class::Script | Class::KanaHangul)
}

/// The class of each ASCII byte, from [`class`] itself so the two cannot disagree.
const ASCII: [Class; 128] = ascii_classes();

// Evaluated by the compiler: an index out of bounds here fails the build, it cannot panic.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const fn ascii_classes() -> [Class; 128] {
    let mut table = [Class::Symbol; 128];
    let mut b = 0;
    while b < 128 {
        table[b] = class(b as u8 as char);
        b += 1;
    }
    table
}

/// The class of each block of 128 BMP characters whose characters all share one, from
/// [`class`] itself; `None` for the blocks the class changes in. Text of one script mostly
/// stays in blocks of one class, where this is a load, not a chain of range checks.
const BLOCKS: [Option<Class>; 512] = block_classes();

// Evaluated by the compiler, as `ascii_classes`.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const fn block_classes() -> [Option<Class>; 512] {
    let mut table = [None; 512];
    let mut block = 0;
    while block < 512 {
        let first = block * 128;
        let mut class_of_all = char::from_u32(first as u32);
        let mut c = first;
        while c < first + 128 {
            // Surrogates are no `char`s: a block holding any keeps its checks.
            class_of_all = match (class_of_all, char::from_u32(c as u32)) {
                (Some(head), Some(ch)) if class(ch).same(class(head)) => Some(head),
                _ => None,
            };
            c += 1;
        }
        if let Some(head) = class_of_all {
            table[block] = Some(class(head));
        }
        block += 1;
    }
    table
}

/// [`class`], by block where a block has one.
#[inline]
fn class_of(c: char) -> Class {
    match BLOCKS.get(c as usize >> 7) {
        Some(Some(k)) => *k,
        _ => class(c),
    }
}

fn add(counts: &mut Counts, event: E) {
    if let Some(n) = counts.get_mut(event as usize) {
        // At most two events a character: a count cannot reach 2^64.
        *n = n.wrapping_add(1);
    }
}

fn add_n(counts: &mut Counts, event: E, n: usize) {
    if let Some(c) = counts.get_mut(event as usize) {
        *c = c.wrapping_add(n as u64);
    }
}

/// Where the scan stands between characters: all it remembers of what came before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Scan {
    prev: Class,
    /// Letters so far in the current ASCII word, or digits in the current run.
    run: usize,
    /// Whitespace not yet weighed: spaces since the last newline, and whether a newline came.
    spaces: usize,
    broke: bool,
    /// The last class that was not whitespace.
    solid: Class,
    /// Characters since the last accented letter: one nearby marks a language other than
    /// English, whose ASCII words o200k splits more often.
    since_letter: usize,
    last: char,
    /// Where the last feed ended: its last ASCII letter or punctuation mark if it ended in
    /// one, and how many of it stood in a row. Within a feed, the text itself says.
    tail: u8,
    tail_run: usize,
    /// The ASCII word's piece under way began with a capital (`camelCase` splits before one).
    capital: bool,
    /// A switch after a short piece came earlier in this run of letters and digits.
    chained: bool,
    /// The ASCII word under way, for its rare trigrams.
    tri: Trigrams,
    /// The word in capitals under way, for the tokens it can be cut into.
    caps: Capitals,
    /// What came before the word under way, if it began with a capital and `caps` was not
    /// started yet (which `letters` does once a second capital follows); `Ascii` for none.
    caps_after: Class,
    /// The ASCII word under way is a piece of its own (`bound::apart_word`), its first letter
    /// weighed as this.
    apart: Option<E>,
    /// The run of punctuation under way, for the tokens it must take at least.
    marks: Marks,
    /// The run of letters of other scripts than ASCII's under way, for its breaks.
    letters: Letters,
    /// The whitespace run under way (while `prev` is `Space`), and the last newline (while
    /// `prev` is `Newline`).
    blanks: Blanks,
    nl: char,
    /// The newline before `nl`, when the two stood together; `' '` when `nl` began a run right
    /// after whitespace that followed a newline.
    nl2: char,
}

impl Class {
    /// `==`, where a `const fn` needs it.
    const fn same(self, other: Class) -> bool {
        self as u8 == other as u8
    }
}

impl Default for Scan {
    fn default() -> Self {
        Scan {
            prev: Class::Space,
            run: 0,
            spaces: 0,
            broke: false,
            solid: Class::Space,
            since_letter: usize::MAX,
            last: ' ',
            tail: 0,
            tail_run: 0,
            capital: false,
            chained: false,
            tri: Trigrams::default(),
            caps: Capitals::default(),
            caps_after: Class::Ascii,
            apart: None,
            marks: Marks::default(),
            letters: Letters::default(),
            blanks: Blanks::default(),
            nl: '\0',
            nl2: '\0',
        }
    }
}

impl Scan {
    /// Feeds `text` after what was fed before, counting its events. What a character counts
    /// depends only on what precedes it, so a prefix's events are a prefix of the text's —
    /// which is what makes the estimate monotone under appending.
    ///
    /// `UNFITTED`: whether the bounds the fitting script leaves out of the fit are charged: rare
    /// trigrams (`bound::Trigrams`), words in capitals (`bound::Capitals`), what letters of
    /// other scripts than ASCII's owe for breaks no token spans (`bound::Letters`), and a word
    /// after a run of marks (`bound::apart_word`). All only raise an estimate.
    pub(super) fn feed<const UNFITTED: bool>(
        &mut self,
        text: &str,
        counts: &mut Counts,
        extra: &mut Extra,
    ) {
        let mut s = *self;
        let bytes = text.as_bytes();
        // A word the last feed ended in ends here, unless a letter or digit continues it.
        if UNFITTED
            && s.prev == Class::Ascii
            && bytes.first().is_some_and(|b| !b.is_ascii_alphanumeric())
        {
            if s.caps.open() {
                s.caps.end(extra);
            } else {
                s.tri.end(extra);
            }
        }
        if s.prev == Class::Ascii && bytes.first().is_some_and(|b| !b.is_ascii_alphabetic()) {
            s.end_apart(extra);
        }
        let mut at = 0usize;
        while let Some(&b) = bytes.get(at) {
            if b == b' ' && s.prev != Class::Space && !s.broke {
                if s.letters.open() {
                    s.letters.end(extra);
                }
                if let Some(next) = s.lone_space(bytes, at, counts) {
                    at = next;
                    continue;
                }
            }
            at = match ASCII.get(usize::from(b)) {
                Some(&k) => {
                    s.step::<UNFITTED>(char::from(b), k, counts, extra);
                    let next = at.wrapping_add(1);
                    match k {
                        Class::Ascii => s.letters::<UNFITTED>(bytes, next, counts, extra),
                        Class::Digit => s.digits(bytes, next, counts),
                        Class::Space => s.blanks(bytes, next, extra),
                        Class::Punct => s.puncts(bytes, next, extra),
                        _ => next,
                    }
                }
                None => {
                    // `at` is always at a character boundary: runs stop at the first non-ASCII
                    // byte, and these characters are taken whole, up to the next ASCII one.
                    let mut len = 0usize;
                    for c in text.get(at..).unwrap_or_default().chars() {
                        if c.is_ascii() {
                            break;
                        }
                        s.step::<UNFITTED>(c, class_of(c), counts, extra);
                        len = len.wrapping_add(c.len_utf8());
                    }
                    at.wrapping_add(len.max(1))
                }
            };
        }
        s.settle(bytes);
        *self = s;
    }

    /// A space between two characters that are not whitespace, mid-line: the commonest
    /// whitespace there is, weighed here at once by what follows, where `step` would hold it
    /// until the next character. `None` where the space is not such a one.
    #[inline(always)]
    fn lone_space(&mut self, bytes: &[u8], at: usize, counts: &mut Counts) -> Option<usize> {
        let next = at.wrapping_add(1);
        let joins = match ASCII.get(usize::from(*bytes.get(next)?)) {
            Some(Class::Ascii | Class::Punct) => true,
            Some(Class::Digit) => false,
            _ => return None,
        };
        add(counts, if joins { E::SpaceJoins } else { E::SpaceOther });
        self.since_letter = self.since_letter.saturating_add(1);
        self.prev = Class::Space;
        Some(next)
    }

    /// What the end of what was fed stands for until what follows it is known: whitespace
    /// (`super::PENDING`), and a word after a run of marks, short of its token
    /// (`bound::apart_word`), which is paid when the word ends.
    pub(super) fn pending(&self) -> Extra {
        let mut pending = super::pending(self.prev, self.spaces, self.broke);
        if let (Class::Ascii, Some(word)) = (self.prev, self.apart) {
            bound::add(
                &mut pending,
                bound::apart_word(word, self.run.saturating_add(1)),
            );
        }
        pending
    }

    /// The word under way, if a piece of its own, ends: what it is short of a token.
    #[inline]
    fn end_apart(&mut self, extra: &mut Extra) {
        if let Some(word) = self.apart {
            self.apart = None;
            bound::add(extra, bound::apart_word(word, self.run.saturating_add(1)));
        }
    }

    /// Keeps at the end of a feed what the next one needs and only that, so that two scans
    /// that will count what follows alike compare equal.
    fn settle(&mut self, bytes: &[u8]) {
        if matches!(self.prev, Class::Ascii | Class::Punct) {
            // An empty feed leaves the last one's tail as it was.
            if let Some(&end) = bytes.last() {
                self.tail_run = self.rep_at(bytes, bytes.len().wrapping_sub(1));
                self.tail = end;
            }
        } else {
            self.tail = 0;
            self.tail_run = 0;
        }
        if self.prev != Class::Space {
            self.blanks = Blanks::default();
        }
        if self.prev != Class::Ascii {
            self.apart = None;
            self.capital = false;
            self.tri = Trigrams::default();
            if self.caps.open() {
                self.caps = Capitals::default();
            }
            self.caps_after = Class::Ascii;
        }
        if !matches!(self.prev, Class::Ascii | Class::Digit) {
            self.chained = false;
        }
        if self.prev != Class::Punct {
            self.marks = Marks::default();
        }
        if !in_letters(self.prev) {
            self.letters = Letters::default();
        }
        if self.prev != Class::Newline {
            self.nl = '\0';
            self.nl2 = '\0';
        }
    }

    /// How many of the byte at `at` stand in a row up to it, counting from the last feed's.
    fn rep_at(&self, bytes: &[u8], at: usize) -> usize {
        let Some(&b) = bytes.get(at) else {
            return 0;
        };
        let head = bytes.get(..=at).unwrap_or_default();
        let k = head.iter().rev().take_while(|&&c| c == b).count();
        if k == head.len() && b == self.tail {
            k.saturating_add(self.tail_run)
        } else {
            k
        }
    }

    /// The rest of an ASCII word, from `at`: letters split only at a lowercase-to-uppercase
    /// step (o200k splits `camelCase`). Between splits the letters' events follow from how many
    /// there are, so each letter costs a comparison or two.
    fn letters<const UNFITTED: bool>(
        &mut self,
        bytes: &[u8],
        mut at: usize,
        counts: &mut Counts,
        extra: &mut Extra,
    ) -> usize {
        let mut entry = at;
        let mut lower = self.last.is_ascii_lowercase();
        loop {
            let start = at;
            while let Some(&b) = bytes
                .get(at)
                .filter(|b| b.is_ascii_lowercase() || (b.is_ascii_uppercase() && !lower))
            {
                lower = b.is_ascii_lowercase();
                at = at.wrapping_add(1);
            }
            let n = at.saturating_sub(start);
            // The letters continue the word: the 2nd to 8th are weighed apart from the rest.
            let short = n.min(7usize.saturating_sub(self.run));
            add_n(counts, E::Letter2to8, short);
            if n > short {
                let long = self.long_letters(bytes, start, at, short, extra);
                add_n(counts, E::Letter9, long);
            }
            self.run = self.run.saturating_add(n);
            self.since_letter = self.since_letter.saturating_add(n);
            match bytes.get(at).filter(|b| b.is_ascii_uppercase()) {
                // An uppercase letter after a lowercase one starts a word of its own.
                Some(_) => {
                    self.end_apart(extra);
                    // The piece ends here, and the next one starts, as whole as the word.
                    if UNFITTED && self.tri.whole {
                        self.end_piece(bytes, entry, at, extra);
                    }
                    if UNFITTED && self.in_capitals() {
                        // What its capitals owed before its lowercase letters.
                        self.capitals(bytes, entry, at, extra);
                        self.caps = Capitals::default();
                    }
                    entry = at.wrapping_add(1);
                    self.since_letter = self.since_letter.saturating_add(1);
                    bound::switch(
                        self.run,
                        bound::at_capital(self.capital),
                        &mut self.chained,
                        extra,
                    );
                    self.capital = true;
                    self.run = 0;
                    add(counts, self.word());
                    lower = false;
                    at = at.wrapping_add(1);
                }
                None => break,
            }
        }
        if UNFITTED && self.in_capitals() {
            self.capitals(bytes, entry, at, extra);
        }
        if self.apart.is_some() && bytes.get(at).is_some_and(|b| !b.is_ascii_alphabetic()) {
            self.end_apart(extra);
        }
        let ended = bytes.get(at).map(|b| !b.is_ascii_alphanumeric());
        if UNFITTED && self.caps.open() && ended == Some(true) {
            // A word in capitals is weighed by its cut, its rare trigrams with it.
            self.caps.end(extra);
        } else if UNFITTED && self.tri.whole {
            self.trigrams(bytes, entry, at, ended, extra);
        }
        // The first letter was `step`'s, at `at - 1` when the loop took none.
        if let Some(&b) = bytes.get(at.wrapping_sub(1)) {
            self.last = char::from(b);
        }
        at
    }

    /// Whether the word under way began with a capital, or is in capitals.
    #[inline(always)]
    fn in_capitals(&self) -> bool {
        self.caps_after != Class::Ascii || self.caps.open()
    }

    /// The letters of the piece `letters` began at `entry` up to `at`, for a word in capitals:
    /// started at its second capital (or at the end of the feed), so that a word with one, most
    /// of them, costs nothing more.
    #[inline(never)]
    fn capitals(&mut self, bytes: &[u8], entry: usize, at: usize, extra: &mut Extra) {
        // The piece's first letter in this feed was `step`'s.
        let piece = bytes.get(entry.wrapping_sub(1)..at).unwrap_or_default();
        if self.caps_after != Class::Ascii {
            let after = std::mem::replace(&mut self.caps_after, Class::Ascii);
            if piece
                .get(1)
                .map_or(at == bytes.len(), u8::is_ascii_uppercase)
            {
                self.caps = Capitals::start(after);
            }
        }
        if self.caps.open() {
            self.caps.extend(piece, extra);
        }
    }

    /// A whole word's piece ends at a `camelCase` step at `at`, where `letters` began it at
    /// `entry`, and the next piece starts: apart from `letters`, which most words run through
    /// without a step.
    #[inline(never)]
    fn end_piece(&mut self, bytes: &[u8], entry: usize, at: usize, extra: &mut Extra) {
        // A word's first piece too, now that a step ends it.
        self.tri.piece = true;
        self.trigrams(bytes, entry, at, Some(true), extra);
        self.tri = Trigrams::next_piece(true);
    }

    /// A whole word's piece, its letters up to `at` where `letters` began it at `entry`: if
    /// the piece has `ended` (before neither a letter nor a digit, or at a `camelCase` step), its
    /// rare trigrams are charged; if the feed ends inside it (`None`), its letters are kept for
    /// the next feed.
    #[inline]
    fn trigrams(
        &mut self,
        bytes: &[u8],
        entry: usize,
        at: usize,
        ended: Option<bool>,
        extra: &mut Extra,
    ) {
        if self.tri.fresh() {
            // The word began at `entry - 1`, the letter `step` took.
            let word = bytes.get(entry.wrapping_sub(1)..at).unwrap_or_default();
            match ended {
                Some(true) => Trigrams::end_word(word, self.tri.piece, extra),
                Some(false) => {}
                None => self.tri.extend(word),
            }
        } else {
            self.tri.extend(bytes.get(entry..at).unwrap_or_default());
            if ended == Some(true) {
                self.tri.end(extra);
            }
        }
    }

    /// The letters `start..at` continue a word, and those past the first `short` are its 9th
    /// and later: a letter that is the third or more of one letter in a row costs its repeat
    /// (`bound::letter_repeated`); the others are counted, and their number returned.
    fn long_letters(
        &self,
        bytes: &[u8],
        start: usize,
        at: usize,
        short: usize,
        extra: &mut Extra,
    ) -> usize {
        let from = start.saturating_add(short);
        if from >= at {
            return 0;
        }
        let mut rep = self.rep_at(bytes, from.wrapping_sub(1));
        let mut long = 0usize;
        // The 17th letter of the word is the `past_16`th of these, counting from 1.
        let past_16 = 16usize.saturating_sub(self.run.saturating_add(short).saturating_add(1));
        let pairs = bytes
            .get(from.wrapping_sub(1)..at)
            .unwrap_or_default()
            .windows(2);
        for (i, pair) in pairs.enumerate() {
            if let [before, b] = *pair {
                rep = if b == before {
                    rep.saturating_add(1)
                } else {
                    1
                };
                if rep >= 3 {
                    bound::add(extra, bound::letter_repeated(b));
                } else {
                    long = long.wrapping_add(1);
                    if i >= past_16 {
                        bound::add(extra, bound::LONG_WORD);
                    }
                }
            }
        }
        long
    }

    /// The rest of a run of digits, from `at`.
    fn digits(&mut self, bytes: &[u8], mut at: usize, counts: &mut Counts) -> usize {
        while let Some(&b) = bytes.get(at).filter(|b| b.is_ascii_digit()) {
            self.since_letter = self.since_letter.saturating_add(1);
            self.run = self.run.saturating_add(1);
            if self.run % 3 == 0 {
                add(counts, E::Digits);
            }
            self.last = char::from(b);
            at = at.wrapping_add(1);
        }
        at
    }

    /// The rest of a run of ASCII whitespace (not newlines), from `at`: weighed only once what
    /// follows it is known.
    fn blanks(&mut self, bytes: &[u8], mut at: usize, extra: &mut Extra) -> usize {
        while let Some(&b) = bytes
            .get(at)
            .filter(|&&b| matches!(b, b' ' | b'\t' | 0x0B | 0x0C))
        {
            let n = bytes
                .get(at..)
                .unwrap_or_default()
                .iter()
                .take_while(|&&c| c == b)
                .count();
            self.blanks.run(char::from(b), n, extra);
            self.spaces = self.spaces.saturating_add(n);
            self.since_letter = self.since_letter.saturating_add(n);
            at = at.wrapping_add(n);
        }
        at
    }

    /// The rest of a run of ASCII punctuation, from `at`.
    fn puncts(&mut self, bytes: &[u8], mut at: usize, extra: &mut Extra) -> usize {
        // How many of the mark at hand stand in a row: found only once a mark repeats.
        let mut rep = 0usize;
        while let Some(&b) = bytes
            .get(at)
            .filter(|&&b| ASCII.get(usize::from(b)) == Some(&Class::Punct))
        {
            self.since_letter = self.since_letter.saturating_add(1);
            rep = if char::from(b) != self.last {
                1
            } else if rep == 0 {
                self.rep_at(bytes, at.wrapping_sub(1)).saturating_add(1)
            } else {
                rep.saturating_add(1)
            };
            self.marks.next(b, rep, extra);
            self.last = char::from(b);
            at = at.wrapping_add(1);
        }
        at
    }

    /// A letter of another script than ASCII's: its class's weight, its floor, and its break
    /// from the letter before.
    #[inline]
    fn floored<const UNFITTED: bool>(
        &mut self,
        c: char,
        k: Class,
        counts: &mut Counts,
        extra: &mut Extra,
    ) {
        let Some(e) = letter_event(k) else {
            return;
        };
        add(counts, e);
        let weight = super::charged(e);
        let floor = bound::floor(c, weight, extra);
        if let (true, Some(kind)) = (UNFITTED, bound::joins_kind(c, k)) {
            let charged = [
                weight[0].saturating_add(floor[0]),
                weight[1].saturating_add(floor[1]),
            ];
            self.in_run(c, kind, charged, extra);
        }
    }

    /// A letter of a run `bound::Letters` weighs, charged `charged`: apart from `floored`, which
    /// ideographs run through too.
    #[inline(never)]
    fn in_run(&mut self, c: char, kind: usize, charged: Extra, extra: &mut Extra) {
        let before = bound::before(
            self.prev,
            self.last,
            self.letters.last(),
            self.blanks.last(),
        );
        self.letters.push(c, kind, charged, before, extra);
    }

    fn word(&self) -> E {
        if self.since_letter < 64 {
            E::WordForeign
        } else {
            E::Word
        }
    }

    fn letter(run: usize) -> E {
        if run < 8 {
            E::Letter2to8
        } else {
            E::Letter9
        }
    }

    /// One character, whatever precedes it: every class, every transition.
    #[inline(always)]
    fn step<const UNFITTED: bool>(
        &mut self,
        c: char,
        k: Class,
        counts: &mut Counts,
        extra: &mut Extra,
    ) {
        if self.letters.open() && bound::joins_kind(c, k).is_none() {
            self.letters.end(extra);
        }
        self.since_letter = if k == Class::Letter {
            0
        } else {
            self.since_letter.saturating_add(1)
        };
        match k {
            Class::Space => {
                self.blanks.push(c, self.prev != Class::Space, extra);
                self.spaces = self.spaces.saturating_add(1);
                self.prev = k;
                return;
            }
            Class::Newline => {
                let after = (self.prev == Class::Newline).then_some(self.nl);
                let blank_line = self.broke && self.spaces > 0;
                if after.is_some() || blank_line {
                    let before = after.and(Some(self.nl2).filter(|&n| n != '\0'));
                    bound::newline(c, after, before, blank_line, extra);
                }
                self.nl2 = if blank_line {
                    ' '
                } else {
                    after.unwrap_or('\0')
                };
                self.nl = c;
                // o200k folds spaces before a newline into it, and punctuation takes a newline
                // after it into its own token.
                let more = self.broke || (self.solid == Class::Punct && self.spaces == 0);
                add(counts, if more { E::NewlineMore } else { E::Newline });
                self.broke = true;
                self.spaces = 0;
                self.prev = k;
                return;
            }
            _ => {}
        }
        // A single space before a word or punctuation is mostly inside the next token, so
        // whitespace is weighed once the character after it is known.
        if self.spaces > 0 {
            if self.spaces >= 2 {
                add(counts, if self.broke { E::Indent } else { E::SpaceRun });
            } else if !self.broke {
                let joins = matches!(k, Class::Ascii | Class::Punct);
                add(counts, if joins { E::SpaceJoins } else { E::SpaceOther });
            }
            self.spaces = 0;
        }
        self.broke = false;
        match k {
            Class::Ascii => {
                let camel = c.is_ascii_uppercase() && self.last.is_ascii_lowercase();
                if self.prev != Class::Ascii || camel {
                    self.end_apart(extra);
                    if UNFITTED && self.prev == Class::Punct && self.marks.apart() {
                        self.apart = Some(self.word());
                    }
                    match self.prev {
                        Class::Ascii => {
                            bound::switch(
                                self.run,
                                bound::at_capital(self.capital),
                                &mut self.chained,
                                extra,
                            );
                        }
                        Class::Digit => {
                            bound::switch(self.run, bound::at_letter(c), &mut self.chained, extra);
                        }
                        _ => self.chained = false,
                    }
                    self.capital = c.is_ascii_uppercase();
                    self.run = 0;
                    if UNFITTED {
                        self.caps_after = if self.capital {
                            self.prev
                        } else {
                            Class::Ascii
                        };
                        if self.caps.open() {
                            self.caps = Capitals::default();
                        }
                        self.tri = if self.prev == Class::Ascii {
                            // Only where a feed starts at a `camelCase` step.
                            self.tri.next(extra)
                        } else {
                            Trigrams::start(self.prev != Class::Digit)
                        };
                    }
                    add(counts, self.word());
                } else {
                    // Only where a feed starts inside a word: the last feed's letters.
                    self.run = self.run.saturating_add(1);
                    let b = c as u8;
                    if UNFITTED && self.tri.whole {
                        self.tri.extend(&[b]);
                    }
                    if self.run >= 8 && b == self.tail && self.tail_run >= 2 {
                        bound::add(extra, bound::letter_repeated(b));
                    } else {
                        add(counts, Self::letter(self.run));
                        if self.run >= 16 {
                            bound::add(extra, bound::LONG_WORD);
                        }
                    }
                }
            }
            Class::Digit => {
                match self.prev {
                    Class::Ascii => {
                        let kind = bound::at_letter(self.last);
                        bound::switch(self.run, kind, &mut self.chained, extra);
                    }
                    Class::Digit => {}
                    _ => self.chained = false,
                }
                self.run = if self.prev == k {
                    self.run.saturating_add(1)
                } else {
                    0
                };
                if self.run % 3 == 0 {
                    add(counts, E::Digits);
                }
            }
            Class::Punct => {
                if self.prev == k {
                    // Only where a feed starts inside a run: the last feed's marks.
                    let rep = if c as u8 == self.tail {
                        self.tail_run.saturating_add(1)
                    } else {
                        1
                    };
                    self.marks.next(c as u8, rep, extra);
                } else {
                    self.marks = Marks::start(c as u8);
                    add(counts, E::Punct);
                }
            }
            Class::Han | Class::KanaHangul | Class::Letter | Class::Script => {
                self.floored::<UNFITTED>(c, k, counts, extra);
            }
            Class::WidePunct => add(counts, E::WidePunct),
            Class::Symbol => add(counts, E::Symbol),
            Class::Rare => bound::add(extra, bound::rare(c)),
            Class::Space | Class::Newline => {}
        }
        self.solid = k;
        self.prev = k;
        self.last = c;
    }
}

#[cfg(test)]
mod tests {
    use super::{class, class_of};

    /// The block table gives every character the class the range checks give it.
    #[test]
    fn blocks_agree_with_the_classes() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            assert_eq!(class_of(c), class(c), "{c:?}");
        }
    }
}
