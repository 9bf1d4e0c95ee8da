//! The scan as first written, one `char` and one state transition at a time: the reference the
//! fast scan (`super::scan`) is held to, event for event, by a property test.

use super::bound::{self, Blanks, Capitals, Extra, Letters, Marks, Trigrams};
// The characters' classes are the fast scan's own: what is held equal here is the scan.
use super::scan::{class, in_letters, letter_event, Class};
use super::E;

/// How often each event occurs in `text`, as the first scan counted them, the bounds' costs,
/// and what its end stands for until what follows is known (`Scan::pending`).
pub(super) fn tally(text: &str) -> ([u64; super::EVENT_COUNT], Extra, Extra) {
    let mut counts = [0u64; super::EVENT_COUNT];
    let mut extra = [0; 2];
    let mut scan = Scan::default();
    scan.feed(text, &mut extra, |event| {
        if let Some(n) = counts.get_mut(event as usize) {
            *n = n.saturating_add(1);
        }
    });
    let mut pending = super::pending(scan.prev, scan.spaces, scan.broke);
    if let (Class::Ascii, Some(word)) = (scan.prev, scan.apart) {
        bound::add(
            &mut pending,
            bound::apart_word(word, scan.run.saturating_add(1)),
        );
    }
    (counts, extra, pending)
}

/// Where the scan stands between characters: all it remembers of what came before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Scan {
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
    rep: usize,
    capital: bool,
    chained: bool,
    tri: Trigrams,
    caps: Capitals,
    /// The ASCII word under way is a piece of its own, its first letter weighed as this.
    apart: Option<E>,
    marks: Marks,
    letters: Letters,
    blanks: Blanks,
    nl: char,
    nl2: char,
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
            rep: 0,
            capital: false,
            chained: false,
            tri: Trigrams::default(),
            caps: Capitals::default(),
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
    /// Feeds `text` after what was fed before, emitting its events.
    /// Calls `emit` once per weighed occurrence, left to right, and adds the bounds' costs to
    /// `extra`. What a character counts depends only on what precedes it, so a prefix's events
    /// are a prefix of the text's — which is what makes the count monotone under appending.
    fn feed(&mut self, text: &str, extra: &mut Extra, mut emit: impl FnMut(E)) {
        let Scan {
            mut prev,
            mut run,
            mut spaces,
            mut broke,
            mut solid,
            mut since_letter,
            mut last,
            mut rep,
            mut capital,
            mut chained,
            mut tri,
            mut caps,
            mut apart,
            mut marks,
            mut letters,
            mut blanks,
            mut nl,
            mut nl2,
        } = *self;
        for c in text.chars() {
            let k = class(c);
            if letters.open() && bound::joins_kind(c, k).is_none() {
                letters.end(extra);
            }
            // A word ends at a character that is neither a letter nor a digit; its piece of
            // letters, at any character but a letter.
            if prev == Class::Ascii && k != Class::Ascii {
                if let Some(word) = apart.take() {
                    bound::add(extra, bound::apart_word(word, run.saturating_add(1)));
                }
                if k == Class::Digit {
                    caps = Capitals::default();
                } else if caps.open() {
                    caps.end(extra);
                } else {
                    tri.end(extra);
                }
            }
            since_letter = if k == Class::Letter {
                0
            } else {
                since_letter.saturating_add(1)
            };
            match k {
                Class::Space => {
                    blanks.push(c, prev != Class::Space, extra);
                    spaces = spaces.saturating_add(1);
                    prev = k;
                    continue;
                }
                Class::Newline => {
                    let after = (prev == Class::Newline).then_some(nl);
                    let before = after.and(Some(nl2).filter(|&n| n != '\0'));
                    bound::newline(c, after, before, broke && spaces > 0, extra);
                    nl2 = if broke && spaces > 0 {
                        ' '
                    } else {
                        after.unwrap_or('\0')
                    };
                    nl = c;
                    // o200k folds spaces before a newline into it, and punctuation takes a newline
                    // after it into its own token.
                    emit(if broke || (solid == Class::Punct && spaces == 0) {
                        E::NewlineMore
                    } else {
                        E::Newline
                    });
                    broke = true;
                    spaces = 0;
                    prev = k;
                    continue;
                }
                _ => {}
            }
            // A single space before a word or punctuation is mostly inside the next token, so
            // whitespace is weighed once the character after it is known.
            if spaces > 0 {
                if broke {
                    if spaces >= 2 {
                        emit(E::Indent);
                    }
                } else if spaces >= 2 {
                    emit(E::SpaceRun);
                } else if matches!(k, Class::Ascii | Class::Punct) {
                    emit(E::SpaceJoins);
                } else {
                    emit(E::SpaceOther);
                }
            }
            spaces = 0;
            broke = false;
            match k {
                Class::Ascii => {
                    let camel = c.is_ascii_uppercase() && last.is_ascii_lowercase();
                    if prev != Class::Ascii || camel {
                        if let Some(word) = apart.take() {
                            bound::add(extra, bound::apart_word(word, run.saturating_add(1)));
                        }
                        let word = if since_letter < 64 {
                            E::WordForeign
                        } else {
                            E::Word
                        };
                        if prev == Class::Punct && marks.apart() {
                            apart = Some(word);
                        }
                        if prev == Class::Ascii {
                            bound::switch(run, bound::at_capital(capital), &mut chained, extra);
                        } else if prev == Class::Digit {
                            bound::switch(run, bound::at_letter(c), &mut chained, extra);
                        } else {
                            chained = false;
                        }
                        capital = c.is_ascii_uppercase();
                        run = 0;
                        rep = 1;
                        tri = if prev == Class::Ascii {
                            tri.next(extra)
                        } else {
                            Trigrams::start(prev != Class::Digit)
                        };
                        tri.extend(&[c as u8]);
                        caps = if capital {
                            Capitals::start(prev)
                        } else {
                            Capitals::default()
                        };
                        caps.extend(&[c as u8], extra);
                        emit(word);
                    } else {
                        run = run.saturating_add(1);
                        rep = if c == last { rep.saturating_add(1) } else { 1 };
                        tri.extend(&[c as u8]);
                        caps.extend(&[c as u8], extra);
                        if run < 8 {
                            emit(E::Letter2to8);
                        } else if rep >= 3 {
                            bound::add(extra, bound::letter_repeated(c as u8));
                        } else {
                            emit(E::Letter9);
                            if run >= 16 {
                                bound::add(extra, bound::LONG_WORD);
                            }
                        }
                    }
                }
                Class::Digit => {
                    if prev == Class::Ascii {
                        bound::switch(run, bound::at_letter(last), &mut chained, extra);
                    } else if prev != Class::Digit {
                        chained = false;
                    }
                    run = if prev == k { run.saturating_add(1) } else { 0 };
                    if run % 3 == 0 {
                        emit(E::Digits);
                    }
                }
                Class::Punct if prev == k => {
                    rep = if c == last { rep.saturating_add(1) } else { 1 };
                    marks.next(c as u8, rep, extra);
                }
                Class::Punct => {
                    rep = 1;
                    marks = Marks::start(c as u8);
                    emit(E::Punct);
                }
                Class::Han | Class::KanaHangul | Class::Letter | Class::Script => {
                    if let Some(e) = letter_event(k) {
                        emit(e);
                        let floor = bound::floor(c, super::charged(e), extra);
                        if let Some(kind) = bound::joins_kind(c, k) {
                            let mut charged = super::charged(e);
                            for (charged, floor) in charged.iter_mut().zip(floor) {
                                *charged = charged.saturating_add(floor);
                            }
                            let before = bound::before(prev, last, letters.last(), blanks.last());
                            letters.push(c, kind, charged, before, extra);
                        }
                    }
                }
                Class::WidePunct => emit(E::WidePunct),
                Class::Symbol => emit(E::Symbol),
                Class::Rare => bound::add(extra, bound::rare(c)),
                Class::Space | Class::Newline => {}
            }
            solid = k;
            prev = k;
            last = c;
        }
        *self = Scan {
            prev,
            run,
            spaces,
            broke,
            solid,
            since_letter,
            last,
            rep,
            capital: capital && prev == Class::Ascii,
            chained: chained && matches!(prev, Class::Ascii | Class::Digit),
            tri: if prev == Class::Ascii {
                tri
            } else {
                Trigrams::default()
            },
            caps: if prev == Class::Ascii {
                caps
            } else {
                Capitals::default()
            },
            apart: apart.filter(|_| prev == Class::Ascii),
            marks: if prev == Class::Punct {
                marks
            } else {
                Marks::default()
            },
            letters: if in_letters(prev) {
                letters
            } else {
                Letters::default()
            },
            blanks,
            nl,
            nl2,
        };
    }
}

mod tests {
    use super::super::{tally, Estimator, Scan, TokenCounter, EVENT_COUNT};
    use super::tally as reference_tally;

    /// Characters of every class, several bytes long or not, and their likely neighbours.
    fn mixed_text() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let piece = prop_oneof![
            4 => "[a-zA-Z0-9 \t\n\r;:{}()\\[\\]\"'.,=_+*/<>-]{1,12}",
            1 => "[\\x00-\\x7f]{1,6}",
            // Runs long enough to reach the 64 characters an accented letter marks.
            1 => "[ \ta-zA-Z0-9.]{20,70}",
            1 => "[éüçñжщ]{1,3}",
            1 => "[αβשعअก]{1,3}",
            1 => "[故事中文，。“”—…　]{1,4}",
            1 => "[あカ한ｶ]{1,3}",
            1 => "[😀🎉⚖✅𠀋\u{200D}\u{FE0F}\u{0301}\u{85}\u{A0}\u{2028}\u{2003}]{1,3}",
            1 => any::<char>().prop_map(String::from),
            // The bounds' cases: one letter or mark repeated, whitespace mixed and repeated.
            1 => ("[a-zA-Z]{0,9}", "[xqA]", 1..30usize).prop_map(|(w, c, n)| format!("{w}{}", c.repeat(n))),
            1 => ("[}&=(]", 1..12usize).prop_map(|(c, n)| c.repeat(n)),
            1 => "[!-/:-@\\[-`{-~]{2,12}",
            // Words in capitals, cut into the vocabularies' pieces or not.
            1 => "[ _(]?[A-Z]{2,16}",
            1 => "[ _]?(HEL|LO|SELECT|CHILD|POS|README|CORRESP|ING|A|Z){1,6}[ a-z0-9]?",
            1 => "[ \t\n\r\u{B}\u{C}\u{A0}\u{3000}\u{2003}]{1,40}",
            1 => (" {0,40}", "(\r\n|\n){1,4}").prop_map(|(a, b)| format!("{a}{b}{a}")),
            1 => "[\u{3400}\u{E000}\u{A000}\u{F900}\u{10000}\u{1F600}\u{E0001}]{1,3}",
        ];
        proptest::collection::vec(piece, 0..40).prop_map(|p| p.concat())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 2000, .. proptest::prelude::ProptestConfig::default()
        })]

        /// The fast scan counts what the one-`char`-at-a-time scan counts, whole or fed in
        /// pieces cut anywhere between characters.
        #[test]
        fn the_fast_scan_counts_what_the_reference_counts(
            text in mixed_text(),
            cuts in proptest::collection::vec(proptest::prelude::any::<proptest::sample::Index>(), 0..4),
        ) {
            let (expected, extra, pending) = reference_tally(&text);
            proptest::prop_assert_eq!(tally(&text), expected, "{:?}", text);
            let bounds: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
            let mut at: Vec<usize> = cuts.iter().filter_map(|c| {
                (!bounds.is_empty()).then(|| c.get(&bounds)).copied()
            }).collect();
            at.sort_unstable();
            let mut scan = Scan::default();
            let mut counts = [0; EVENT_COUNT];
            let mut fed = [0; 2];
            let mut from = 0;
            for to in at.into_iter().chain([text.len()]) {
                scan.feed::<true>(&text[from..to], &mut counts, &mut fed);
                from = to;
            }
            proptest::prop_assert_eq!(counts, expected, "{:?}", text);
            proptest::prop_assert_eq!(fed, extra, "{:?}", text);
            proptest::prop_assert_eq!(scan.pending(), pending, "{:?}", text);
            for e in [Estimator::o200k(), Estimator::cl100k()] {
                let milli: u64 = expected.iter().zip(e.weights).fold(0u64, |m, (n, w)| m.saturating_add(n.saturating_mul(u64::from(w))));
                let bound = extra[e.vocab].saturating_add(pending[e.vocab]);
                let scaled = milli.saturating_mul(u64::from(e.margin)).saturating_add(bound.saturating_mul(1000));
                proptest::prop_assert_eq!(e.count(&text) as u64, scaled.div_ceil(1_000_000));
            }
        }
    }
}
