//! The estimator's scan: the text's characters sorted into classes, and the events they weigh.
//!
//! It runs over every file a preload inlines, so it is written for speed: ASCII bytes (most
//! code and much prose) are classed by a table, never decoded into `char`s, and a run of
//! letters, digits, spaces or punctuation is counted in a loop of its own, where the state
//! stays as it is and only the events of the run are counted. Events are counted by kind,
//! and the weights multiply the counts once a push. What it counts is exactly what the first,
//! one-`char`-at-a-time scan counted (`super::reference`, held to it by a property test).

use super::{E, EVENT_COUNT};

/// How often each event occurred.
pub(super) type Counts = [u64; EVENT_COUNT];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
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
}

/// A few range checks, no Unicode tables: classes only need to be right where the weights
/// differ, and every character lands somewhere.
const fn class(c: char) -> Class {
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
        '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' => Class::Han,
        _ => Class::Symbol,
    }
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
        }
    }
}

impl Scan {
    /// Feeds `text` after what was fed before, counting its events. What a character counts
    /// depends only on what precedes it, so a prefix's events are a prefix of the text's —
    /// which is what makes the estimate monotone under appending.
    pub(super) fn feed(&mut self, text: &str, counts: &mut Counts) {
        let mut s = *self;
        let bytes = text.as_bytes();
        let mut at = 0usize;
        while let Some(&b) = bytes.get(at) {
            at = match ASCII.get(usize::from(b)) {
                Some(&k) => {
                    s.step(char::from(b), k, counts);
                    let next = at.wrapping_add(1);
                    match k {
                        Class::Ascii => s.letters(bytes, next, counts),
                        Class::Digit => s.digits(bytes, next, counts),
                        Class::Space => s.blanks(bytes, next),
                        Class::Punct => s.puncts(bytes, next, counts),
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
                        s.step(c, class(c), counts);
                        len = len.wrapping_add(c.len_utf8());
                    }
                    at.wrapping_add(len.max(1))
                }
            };
        }
        *self = s;
    }

    /// The rest of an ASCII word, from `at`: letters split only at a lowercase-to-uppercase
    /// step (o200k splits `camelCase`). Between splits the letters' events follow from how many
    /// there are, so each letter costs a comparison or two.
    fn letters(&mut self, bytes: &[u8], mut at: usize, counts: &mut Counts) -> usize {
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
            add_n(counts, E::Letter9, n.saturating_sub(short));
            self.run = self.run.saturating_add(n);
            self.since_letter = self.since_letter.saturating_add(n);
            match bytes.get(at).filter(|b| b.is_ascii_uppercase()) {
                // An uppercase letter after a lowercase one starts a word of its own.
                Some(_) => {
                    self.since_letter = self.since_letter.saturating_add(1);
                    self.run = 0;
                    add(counts, self.word());
                    lower = false;
                    at = at.wrapping_add(1);
                }
                None => break,
            }
        }
        self.last = if lower { 'a' } else { 'A' };
        at
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
    fn blanks(&mut self, bytes: &[u8], at: usize) -> usize {
        let n = bytes
            .get(at..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&b| matches!(b, b' ' | b'\t' | 0x0B | 0x0C))
            .count();
        self.spaces = self.spaces.saturating_add(n);
        self.since_letter = self.since_letter.saturating_add(n);
        at.wrapping_add(n)
    }

    /// The rest of a run of ASCII punctuation, from `at`.
    fn puncts(&mut self, bytes: &[u8], mut at: usize, counts: &mut Counts) -> usize {
        while let Some(&b) = bytes
            .get(at)
            .filter(|&&b| ASCII.get(usize::from(b)) == Some(&Class::Punct))
        {
            self.since_letter = self.since_letter.saturating_add(1);
            add(counts, E::PunctMore);
            self.last = char::from(b);
            at = at.wrapping_add(1);
        }
        at
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
    fn step(&mut self, c: char, k: Class, counts: &mut Counts) {
        self.since_letter = if k == Class::Letter {
            0
        } else {
            self.since_letter.saturating_add(1)
        };
        match k {
            Class::Space => {
                self.spaces = self.spaces.saturating_add(1);
                self.prev = k;
                return;
            }
            Class::Newline => {
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
                    self.run = 0;
                    add(counts, self.word());
                } else {
                    self.run = self.run.saturating_add(1);
                    add(counts, Self::letter(self.run));
                }
            }
            Class::Digit => {
                self.run = if self.prev == k {
                    self.run.saturating_add(1)
                } else {
                    0
                };
                if self.run % 3 == 0 {
                    add(counts, E::Digits);
                }
            }
            Class::Punct => add(
                counts,
                if self.prev == k {
                    E::PunctMore
                } else {
                    E::Punct
                },
            ),
            Class::Han => add(counts, E::Han),
            Class::WidePunct => add(counts, E::WidePunct),
            Class::KanaHangul => add(counts, E::KanaHangul),
            Class::Letter => add(counts, E::Letter),
            Class::Script => add(counts, E::Script),
            Class::Symbol => add(counts, E::Symbol),
            Class::Space | Class::Newline => {}
        }
        self.solid = k;
        self.prev = k;
        self.last = c;
    }
}
