//! An outside oracle for ctxpack's JSON reader: serde_json, built here (never in the library)
//! with `float_roundtrip` (correctly rounded doubles, as JavaScript reads them) and
//! `unbounded_depth`, and without `arbitrary_precision` (numbers compare as doubles).
//!
//! Where the two are meant to differ, the text is changed so that they should not, and both
//! read the changed text; nothing is skipped blindly:
//! - a `\u` escape of a lone surrogate: ctxpack reads U+FFFD, serde_json refuses. Both read the
//!   text with those escapes written `\ufffd` ([`replace_lone_surrogate_escapes`]; same length,
//!   so offsets still match), and ctxpack must read the two texts alike;
//! - a number past the double range: ctxpack reads ±Infinity as `JSON.parse` does, serde_json
//!   refuses. ctxpack must read that number alone as ±Infinity; then both read the text with
//!   the number replaced by `null` ([`number_at`]), until serde_json has no more to refuse;
//! - nesting: serde_json stops at 128 levels by default, ctxpack at 256. serde_json reads with
//!   its limit off, for text nesting no deeper than ctxpack's limit ([`nesting`]); deeper text
//!   must be refused by ctxpack.

use ctxpack::json::Value;
use serde::Deserialize;
use std::collections::HashSet;

/// serde_json's reading of `text` as one JSON value, with no recursion limit.
pub fn serde_parse(text: &str) -> Result<serde_json::Value, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    de.disable_recursion_limit();
    let v = serde_json::Value::deserialize(&mut de)?;
    de.end()?;
    Ok(v)
}

/// What serde_json refused, when ctxpack is meant to read it.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    LoneSurrogate,
    OutOfRange,
    Other,
}

pub fn refusal(e: &serde_json::Error) -> Refusal {
    let m = e.to_string();
    if m.starts_with("lone leading surrogate in hex escape")
        || m.starts_with("unexpected end of hex escape")
    {
        Refusal::LoneSurrogate
    } else if m.starts_with("number out of range") {
        Refusal::OutOfRange
    } else {
        Refusal::Other
    }
}

/// The deepest nesting of `[` and `{` outside strings: exact for JSON text, and for any text
/// exact up to its first fault (where a reader stops).
pub fn nesting(text: &str) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for b in text.bytes() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

fn hex4(bytes: &[u8]) -> Option<u32> {
    let digits = bytes.get(..4)?;
    let s = std::str::from_utf8(digits).ok()?;
    if !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(s, 16).ok()
}

/// `text` with each `\u` escape of a lone surrogate (in a string) written `\ufffd`, as ctxpack
/// reads it; `None` if it has none. Meant for JSON text (ctxpack accepted it), where the
/// scan of strings and escapes is exact.
pub fn replace_lone_surrogate_escapes(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let (mut i, mut in_string, mut replaced) = (0usize, false, false);
    while i < b.len() {
        let c = b[i];
        if !in_string {
            in_string = c == b'"';
            out.push(c);
            i += 1;
            continue;
        }
        match c {
            b'"' => {
                in_string = false;
                out.push(c);
                i += 1;
            }
            b'\\' if b.get(i + 1) == Some(&b'u') => match hex4(&b[i + 2..]) {
                Some(0xD800..=0xDBFF)
                    if b.get(i + 6..i + 8) == Some(b"\\u")
                        && hex4(&b[i + 8..]).is_some_and(|lo| (0xDC00..=0xDFFF).contains(&lo)) =>
                {
                    out.extend_from_slice(&b[i..i + 12]);
                    i += 12;
                }
                Some(0xD800..=0xDFFF) => {
                    out.extend_from_slice(b"\\ufffd");
                    replaced = true;
                    i += 6;
                }
                _ => {
                    out.extend_from_slice(&b[i..i + 2]);
                    i += 2;
                }
            },
            b'\\' => {
                out.extend_from_slice(&b[i..(i + 2).min(b.len())]);
                i += 2;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    replaced.then(|| String::from_utf8(out).expect("only ASCII escapes were replaced"))
}

/// The byte offset serde_json's error points at (its column counts bytes from the line's
/// start, from 0).
pub fn error_offset(text: &str, e: &serde_json::Error) -> usize {
    let line_start = if e.line() <= 1 {
        0
    } else {
        text.match_indices('\n')
            .nth(e.line() - 2)
            .map_or(text.len(), |(i, _)| i + 1)
    };
    (line_start + e.column()).min(text.len())
}

/// The byte range of the number token around (or just before) byte `at`, if any.
pub fn number_at(text: &str, at: usize) -> Option<std::ops::Range<usize>> {
    let b = text.as_bytes();
    let is_num = |c: u8| c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.' | b'e' | b'E');
    let mut start = at.min(b.len());
    while start > 0 && is_num(b[start - 1]) {
        start -= 1;
    }
    let mut end = at.min(b.len());
    while end < b.len() && is_num(b[end]) {
        end += 1;
    }
    (start < end).then_some(start..end)
}

/// JavaScript's array index: canonical decimal below 2^32 − 1 (written independently of
/// ctxpack's).
fn js_index(key: &str) -> Option<u32> {
    let n: u32 = key.parse().ok()?;
    (n != u32::MAX && n.to_string() == key).then_some(n)
}

/// The first difference between ctxpack's value and serde_json's, as a JSON pointer and a
/// description; objects compare as key sets (serde_json sorts its keys; both keep the last of
/// duplicate keys), and ctxpack's key order must be JavaScript's: array indexes first, ascending.
pub fn difference(ours: &Value, theirs: &serde_json::Value, at: &str) -> Option<String> {
    use serde_json::Value as S;
    match (ours, theirs) {
        (Value::Null, S::Null) => None,
        (Value::Bool(a), S::Bool(b)) if a == b => None,
        (Value::Number(a), S::Number(b)) => {
            let b = b
                .as_f64()
                .expect("without arbitrary_precision every number is an f64");
            (a.to_bits() != b.to_bits()).then(|| format!("{at}: number {a:e} vs {b:e}"))
        }
        (Value::String(a), S::String(b)) => {
            (a != b).then(|| format!("{at}: string {a:?} vs {b:?}"))
        }
        (Value::Array(a), S::Array(b)) => {
            if a.len() != b.len() {
                return Some(format!("{at}: array of {} vs {}", a.len(), b.len()));
            }
            a.iter()
                .zip(b)
                .enumerate()
                .find_map(|(i, (x, y))| difference(x, y, &format!("{at}/{i}")))
        }
        (Value::Object(a), S::Object(b)) => {
            let keys: Vec<&str> = a.iter().map(|(k, _)| k).collect();
            let unique: HashSet<&str> = keys.iter().copied().collect();
            if unique.len() != keys.len() {
                return Some(format!("{at}: a key twice in {keys:?}"));
            }
            let indexes: Vec<Option<u32>> = keys.iter().map(|k| js_index(k)).collect();
            let first_name = indexes
                .iter()
                .position(Option::is_none)
                .unwrap_or(keys.len());
            if indexes[first_name..].iter().any(Option::is_some)
                || indexes[..first_name].windows(2).any(|w| w[0] >= w[1])
            {
                return Some(format!("{at}: not JavaScript's key order: {keys:?}"));
            }
            if a.len() != b.len() {
                let theirs: Vec<&String> = b.keys().collect();
                return Some(format!("{at}: keys {keys:?} vs {theirs:?}"));
            }
            a.iter().find_map(|(k, v)| match b.get(k) {
                None => Some(format!("{at}: key {k:?} only in ctxpack's")),
                Some(w) => difference(v, w, &format!("{at}/{k}")),
            })
        }
        _ => Some(format!("{at}: {ours:?} vs {theirs:?}")),
    }
}
