//! The pre-tokenizers of `o200k_base` and `cl100k_base`, written out by hand: they cut a text
//! into exactly the pieces the vocabularies' regex patterns match (tiktoken runs them with
//! `fancy-regex`, gpt-tokenizer with JavaScript's `RegExp`), several times faster than either
//! regex and with no backtracking to run away. tests/tokenizer.rs holds them to the patterns on
//! the corpus and on random text.
//!
//! Each pattern is an ordered alternation, tried at the end of the previous piece; the first
//! alternative that matches there gives the piece. The functions below follow the alternatives
//! in order and say, for the greedy and possessive parts, which match backtracking lands on.
//!
//! o200k: `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?`
//! `|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?`
//! `|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`
//!
//! cl100k: `'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+`
//! `|\s++$|\s*[\r\n]|\s+(?!\S)|\s`

// Every offset here is a byte offset into the text, advanced by the UTF-8 length of a character
// read there: it never exceeds the text's length, so the additions cannot overflow.
#![allow(clippy::arithmetic_side_effects)]

use super::classes::{class, Class};
use crate::tokens::Vocabulary;

/// The pieces of `text`, in order; together they are the text.
pub(crate) fn pieces(text: &str, vocabulary: Vocabulary) -> Pieces<'_> {
    Pieces {
        text,
        pos: 0,
        vocabulary,
    }
}

pub(crate) struct Pieces<'a> {
    text: &'a str,
    pos: usize,
    vocabulary: Vocabulary,
}

impl<'a> Iterator for Pieces<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let (s, pos) = (self.text, self.pos);
        let (_, first) = next_char(s, pos)?;
        let end = match self.vocabulary {
            Vocabulary::O200k => o200k_end(s, pos),
            Vocabulary::Cl100k => cl100k_end(s, pos),
        };
        // Every alternative matches at least a character; were one ever to match nothing, the
        // character would still be a piece of its own rather than the loop never ending.
        let end = if end > pos { end } else { pos + first };
        self.pos = end;
        s.get(pos..end)
    }
}

/// The character at byte `i` and its UTF-8 length; ASCII without decoding.
#[inline]
fn next_char(s: &str, i: usize) -> Option<(char, usize)> {
    let b = *s.as_bytes().get(i)?;
    if b < 0x80 {
        return Some((char::from(b), 1));
    }
    let c = s.get(i..)?.chars().next()?;
    Some((c, c.len_utf8()))
}

/// The end of the run of characters from `i` that `keep` accepts.
#[inline]
fn run(s: &str, mut i: usize, keep: impl Fn(char, Class) -> bool) -> usize {
    while let Some((c, n)) = next_char(s, i) {
        if !keep(c, class(c)) {
            break;
        }
        i += n;
    }
    i
}

/// `[^\r\n\p{L}\p{N}]`: what may stand before a word.
fn is_prefix(c: char, k: Class) -> bool {
    c != '\r' && c != '\n' && !k.is_letter() && k != Class::Number
}

/// `[^\s\p{L}\p{N}]`: punctuation, symbols — and marks.
fn is_punctuation(k: Class) -> bool {
    !k.is_letter() && k != Class::Number && k != Class::Space
}

fn is_newline(c: char) -> bool {
    c == '\r' || c == '\n'
}

/// The letter `c` is under the patterns' case-insensitive matching, for the letters of the
/// contractions: simple case folding, so `ſ` (long s) is an `s`.
pub(crate) fn folds_to(c: char) -> Option<char> {
    match c {
        's' | 'S' | '\u{17F}' => Some('s'),
        't' | 'T' => Some('t'),
        'r' | 'R' => Some('r'),
        'e' | 'E' => Some('e'),
        'v' | 'V' => Some('v'),
        'm' | 'M' => Some('m'),
        'l' | 'L' => Some('l'),
        'd' | 'D' => Some('d'),
        _ => None,
    }
}

/// `(?i:'s|'t|'re|'ve|'m|'ll|'d)` at `i`: the end of the contraction there, or `i`. (cl100k's
/// `'(?i:[sdmt]|ll|ve|re)` is the same set.) No contraction is the start of another.
fn contraction(s: &str, i: usize) -> usize {
    if s.as_bytes().get(i) != Some(&b'\'') {
        return i;
    }
    let Some((c1, n1)) = next_char(s, i + 1) else {
        return i;
    };
    let second = match folds_to(c1) {
        Some('s' | 't' | 'm' | 'd') => return i + 1 + n1,
        Some('r' | 'v') => 'e',
        Some('l') => 'l',
        _ => return i,
    };
    match next_char(s, i + 1 + n1) {
        Some((c2, n2)) if folds_to(c2) == Some(second) => i + 1 + n1 + n2,
        _ => i,
    }
}

/// `\p{N}{1,3}`, from a number at `i`.
fn digits(s: &str, i: usize, first: usize) -> usize {
    let mut end = i + first;
    for _ in 0..2 {
        match next_char(s, end) {
            Some((c, n)) if class(c) == Class::Number => end += n,
            _ => break,
        }
    }
    end
}

/// ` ?[^\s\p{L}\p{N}]+` then newlines (and, in o200k, slashes): `None` if no punctuation
/// starts at `i` or after a space there.
fn punctuation(s: &str, i: usize, c0: char, slashes: bool) -> Option<usize> {
    let start = if c0 == ' ' { i + 1 } else { i };
    let (c, _) = next_char(s, start)?;
    if !is_punctuation(class(c)) {
        return None;
    }
    let end = run(s, start, |_, k| is_punctuation(k));
    Some(run(s, end, |c, _| is_newline(c) || (slashes && c == '/')))
}

/// A run of white space from `i`: its end, where its last newline ends, where its last
/// character starts, and whether it has more than one character.
struct Spaces {
    end: usize,
    after_last_newline: Option<usize>,
    last_start: usize,
    several: bool,
}

fn spaces(s: &str, i: usize) -> Spaces {
    let mut run = Spaces {
        end: i,
        after_last_newline: None,
        last_start: i,
        several: false,
    };
    while let Some((c, n)) = next_char(s, run.end) {
        if class(c) != Class::Space {
            break;
        }
        run.several = run.end > i;
        run.last_start = run.end;
        run.end += n;
        if is_newline(c) {
            run.after_last_newline = Some(run.end);
        }
    }
    run
}

fn o200k_end(s: &str, pos: usize) -> usize {
    let Some((c0, n0)) = next_char(s, pos) else {
        return pos;
    };
    let k0 = class(c0);
    if let Some(end) = o200k_word(s, pos, c0, n0, k0) {
        return end;
    }
    if k0 == Class::Number {
        return digits(s, pos, n0);
    }
    if let Some(end) = punctuation(s, pos, c0, true) {
        return end;
    }
    let run = spaces(s, pos);
    // `\s*[\r\n]+`: the greedy `\s*` gives back characters until a newline follows, so the
    // match ends after the run's last newline.
    if let Some(end) = run.after_last_newline {
        return end;
    }
    // `\s+(?!\S)`: all of a run that ends the text; else all but its last character, which
    // starts the next piece (a space before a word joins the word).
    if run.end == s.len() {
        return run.end;
    }
    if run.several {
        return run.last_start;
    }
    // `\s+`: one white space before a non-space that took no prefix.
    run.end
}

/// o200k's two word alternatives, each with and then without its optional prefix character.
fn o200k_word(s: &str, pos: usize, c0: char, n0: usize, k0: Class) -> Option<usize> {
    let with_prefix = is_prefix(c0, k0).then_some(pos + n0);
    let starts = [with_prefix, Some(pos)];
    for &t in starts.iter().flatten() {
        if let Some(end) = lower_word(s, t) {
            return Some(contraction(s, end));
        }
    }
    for &t in starts.iter().flatten() {
        if let Some(end) = upper_word(s, t) {
            return Some(contraction(s, end));
        }
    }
    None
}

/// `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+` from `t`. The greedy first class
/// takes its whole run; if a lowercase letter follows, the second takes the run of its class
/// from there. Otherwise the first gives back characters until one of the second class (a
/// modifier or other letter, or a mark) is next — the run's last such — and the second class,
/// meeting only uppercase after it, takes that one alone. `None` if the run has none.
fn lower_word(s: &str, t: usize) -> Option<usize> {
    let mut i = t;
    let mut after_last_both = None;
    while let Some((c, n)) = next_char(s, i) {
        let k = class(c);
        if !k.is_upper_side() {
            break;
        }
        i += n;
        if k.is_lower_side() {
            after_last_both = Some(i);
        }
    }
    match next_char(s, i) {
        Some((c, _)) if class(c) == Class::Lower => Some(run(s, i, |_, k| k.is_lower_side())),
        _ => after_last_both,
    }
}

/// `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*` from `t`.
fn upper_word(s: &str, t: usize) -> Option<usize> {
    let upper = run(s, t, |_, k| k.is_upper_side());
    (upper > t).then(|| run(s, upper, |_, k| k.is_lower_side()))
}

fn cl100k_end(s: &str, pos: usize) -> usize {
    let Some((c0, n0)) = next_char(s, pos) else {
        return pos;
    };
    let contracted = contraction(s, pos);
    if contracted > pos {
        return contracted;
    }
    let k0 = class(c0);
    // `[^\r\n\p{L}\p{N}]?+\p{L}++`: the possessive prefix is taken when it can be; no letter is
    // one, so giving it back could not help.
    let word = if is_prefix(c0, k0) { pos + n0 } else { pos };
    if let Some((c, _)) = next_char(s, word) {
        if class(c).is_letter() {
            return run(s, word, |_, k| k.is_letter());
        }
    }
    if k0 == Class::Number {
        return digits(s, pos, n0);
    }
    if let Some(end) = punctuation(s, pos, c0, false) {
        return end;
    }
    let run = spaces(s, pos);
    // `\s++$`: a run that ends the text, whole.
    if run.end == s.len() {
        return run.end;
    }
    // `\s*[\r\n]`: up to the run's last newline.
    if let Some(end) = run.after_last_newline {
        return end;
    }
    // `\s+(?!\S)`, then `\s`.
    if run.several {
        return run.last_start;
    }
    run.end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str, vocabulary: Vocabulary) -> Vec<&str> {
        pieces(text, vocabulary).collect()
    }

    #[test]
    fn splits_as_the_patterns() {
        let o = Vocabulary::O200k;
        assert_eq!(
            split("Hello world's  end\n\n  x", o),
            ["Hello", " world's", " ", " end", "\n\n", " ", " x"]
        );
        assert_eq!(
            split("camelCaseHTTPServer", o),
            ["camel", "Case", "HTTPServer"]
        );
        assert_eq!(
            split("12345 a/b\n/c", o),
            ["123", "45", " a", "/b", "\n", "/c"]
        );
        assert_eq!(split("x;\n/\n", o), ["x", ";\n/\n"]);
        assert_eq!(split("  \n  ", Vocabulary::Cl100k), ["  \n  "]);
        assert_eq!(split("  \n  ", o), ["  \n", "  "]);
        assert_eq!(
            split("I'LL don'T", Vocabulary::Cl100k),
            ["I", "'LL", " don", "'T"]
        );
    }

    /// What the patterns' `(?i:…)` folds each contraction letter to, from regex-syntax.
    #[test]
    fn contraction_letters_fold_as_the_regex_does() {
        use regex_syntax::hir::{Class as C, HirKind};
        for letter in ['s', 't', 'r', 'e', 'v', 'm', 'l', 'd'] {
            let hir = regex_syntax::Parser::new()
                .parse(&format!("(?i:{letter})"))
                .unwrap();
            let want: Vec<char> = match hir.kind() {
                HirKind::Class(C::Unicode(c)) => c
                    .ranges()
                    .iter()
                    .flat_map(|r| r.start()..=r.end())
                    .collect(),
                other => panic!("{other:?}"),
            };
            let got: Vec<char> = (0..=0x10_FFFFu32)
                .filter_map(char::from_u32)
                .filter(|&c| folds_to(c) == Some(letter))
                .collect();
            assert_eq!(got, want, "{letter}");
        }
    }
}
