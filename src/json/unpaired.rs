//! Strings holding unpaired surrogates, as a JavaScript string can: a row cut by a careless
//! `substring` ends in half an emoji. `JSON.stringify` writes such a code unit as an escape
//! (`"\ud83c"`); a Rust `String` cannot hold it, so a document body keeps it beside its text:
//! U+FFFD in its place (one UTF-16 unit, as the surrogate is, so every length and cut in units
//! stays what JavaScript counts) and, apart, where it is and which unit it stands for.

use super::stringify::{push_unit_escape, write_string_body};
use crate::text::{prefix_utf16, utf16_len};

/// A string with unpaired surrogates (at least one): [`super::Value::Unpaired`].
#[derive(Debug, Clone, PartialEq)]
pub struct Unpaired {
    /// The string with U+FFFD in place of each unpaired surrogate.
    text: String,
    /// Each unpaired surrogate: the byte offset of its U+FFFD in `text`, and its code unit.
    /// Ascending by offset.
    at: Vec<(usize, u16)>,
}

const REPLACEMENT: &str = "\u{FFFD}";

impl Unpaired {
    /// `text` whose U+FFFD at each byte offset of `at` (ascending) stands for that unpaired
    /// surrogate; `None` when `at` is empty or does not describe `text` so.
    pub fn new(text: String, at: Vec<(usize, u16)>) -> Option<Self> {
        let fits = at.windows(2).all(|w| matches!(w, [a, b] if a.0 < b.0))
            && at.iter().all(|&(offset, unit)| {
                (0xD800..0xE000).contains(&unit)
                    && text
                        .get(offset..)
                        .is_some_and(|t| t.starts_with(REPLACEMENT))
            });
        (fits && !at.is_empty()).then_some(Unpaired { text, at })
    }

    /// [`Unpaired::new`] for a caller that placed each U+FFFD itself (the parser), unchecked.
    pub(crate) fn from_parts(text: String, at: Vec<(usize, u16)>) -> Self {
        Unpaired { text, at }
    }

    /// The string's UTF-16 code units as JavaScript holds them, unpaired surrogates included:
    /// a string when they pair up or there are none.
    pub fn from_utf16(units: &[u16]) -> super::Value {
        let mut text = String::new();
        let mut at = Vec::new();
        for c in char::decode_utf16(units.iter().copied()) {
            match c {
                Ok(c) => text.push(c),
                Err(e) => {
                    at.push((text.len(), e.unpaired_surrogate()));
                    text.push_str(REPLACEMENT);
                }
            }
        }
        match Unpaired::new(text, at) {
            Some(u) => super::Value::Unpaired(Box::new(u)),
            None => super::Value::String(String::from_utf16_lossy(units)),
        }
    }

    /// The text, U+FFFD standing for each unpaired surrogate.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The string's UTF-16 code units, as JavaScript holds it.
    pub fn to_utf16(&self) -> Vec<u16> {
        let mut units = Vec::with_capacity(self.text.len());
        let mut from = 0;
        for &(offset, unit) in &self.at {
            units.extend(self.text.get(from..offset).unwrap_or("").encode_utf16());
            units.push(unit);
            from = offset.saturating_add(REPLACEMENT.len());
        }
        units.extend(self.text.get(from..).unwrap_or("").encode_utf16());
        units
    }

    /// Its length in UTF-16 units, as JavaScript's `length`.
    pub fn utf16_len(&self) -> usize {
        utf16_len(&self.text)
    }

    /// The JSON string literal, as `JSON.stringify` writes it: `\udXXX` for each unpaired
    /// surrogate.
    pub fn write_json(&self, out: &mut String) {
        out.push('"');
        let mut from = 0;
        for &(offset, unit) in &self.at {
            write_string_body(out, self.text.get(from..offset).unwrap_or(""));
            push_unit_escape(out, unit);
            from = offset.saturating_add(REPLACEMENT.len());
        }
        write_string_body(out, self.text.get(from..).unwrap_or(""));
        out.push('"');
    }

    /// The string read as JSON text the way `JSON.parse` reads it, unpaired surrogates as
    /// escapes: the same value. `None` where one follows a backslash that escapes it, which
    /// `JSON.parse` refuses and an escape would not show.
    pub fn as_json_text(&self) -> Option<String> {
        let mut out = String::with_capacity(
            self.text
                .len()
                .saturating_add(self.at.len().saturating_mul(3)),
        );
        let mut from = 0;
        for &(offset, unit) in &self.at {
            let before = self.text.get(from..offset).unwrap_or("");
            out.push_str(before);
            let backslashes = out.bytes().rev().take_while(|&b| b == b'\\').count();
            if backslashes % 2 == 1 {
                return None;
            }
            push_unit_escape(&mut out, unit);
            from = offset.saturating_add(REPLACEMENT.len());
        }
        out.push_str(self.text.get(from..).unwrap_or(""));
        Some(out)
    }

    /// Cuts the string to `at` UTF-16 units plus `marker` — only if that makes it shorter —
    /// as ctxpack cuts any string ([`crate::jsondoc::trim_value`]): never inside a pair, and,
    /// as JavaScript's `substring(0, at)` after a check of unit `at - 1`, not after a lone
    /// high surrogate either. Whether it cut.
    pub fn cut(&mut self, at: usize, marker: &str) -> bool {
        if self.utf16_len() <= at.saturating_add(utf16_len(marker)) {
            return false;
        }
        let prefix = prefix_utf16(&self.text, at);
        let mut keep = prefix.len();
        // Unit `at - 1` is a lone high surrogate (a pair there already ended the prefix before it).
        let last_high = utf16_len(prefix) == at
            && self.at.iter().any(|&(offset, unit)| {
                offset.saturating_add(REPLACEMENT.len()) == keep && (0xD800..0xDC00).contains(&unit)
            });
        if last_high {
            keep = keep.saturating_sub(REPLACEMENT.len());
        }
        self.text.truncate(keep);
        self.text.push_str(marker);
        let kept = self.at.partition_point(|&(offset, _)| offset < keep);
        self.at.truncate(kept);
        true
    }

    /// Whether it still holds an unpaired surrogate (a cut may have dropped them all).
    pub fn is_unpaired(&self) -> bool {
        !self.at.is_empty()
    }

    /// The plain string it is once no unpaired surrogate is left.
    pub fn into_text(self) -> String {
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Value;

    fn units(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    fn unpaired(units: &[u16]) -> Unpaired {
        match Unpaired::from_utf16(units) {
            Value::Unpaired(u) => *u,
            other => panic!("not unpaired: {other:?}"),
        }
    }

    #[test]
    fn code_units_round_trip_and_pairs_stay_strings() {
        for case in [
            vec![0xD83C],
            vec![0x61, 0xD83C],
            vec![0xDF89, 0x61, 0xD83C, 0xDF89, 0xD800],
            vec![0xDC00, 0xD800],
            [units("é😀"), vec![0xDBFF], units("\u{FFFD}x")].concat(),
        ] {
            assert_eq!(unpaired(&case).to_utf16(), case);
        }
        assert_eq!(
            Unpaired::from_utf16(&units("a😀\u{FFFD}")),
            Value::String("a😀\u{FFFD}".into())
        );
    }

    #[test]
    fn written_as_json_stringify_writes_it() {
        // JSON.stringify("a\"\n" + "\ud83c" + "é" + "\udf89") in any engine since ES2019.
        let u = unpaired(&[&units("a\"\n")[..], &[0xD83C], &units("é"), &[0xDF89]].concat());
        let mut out = String::new();
        u.write_json(&mut out);
        assert_eq!(out, r#""a\"\n\ud83cé\udf89""#);
    }

    #[test]
    fn new_refuses_offsets_that_are_not_replacement_characters() {
        assert!(Unpaired::new("a\u{FFFD}".into(), vec![(1, 0xD800)]).is_some());
        assert!(Unpaired::new("a\u{FFFD}".into(), vec![(0, 0xD800)]).is_none());
        assert!(Unpaired::new("a\u{FFFD}".into(), vec![(1, 0x41)]).is_none());
        assert!(Unpaired::new("a\u{FFFD}".into(), vec![]).is_none());
        assert!(Unpaired::new("\u{FFFD}\u{FFFD}".into(), vec![(3, 0xD800), (0, 0xD800)]).is_none());
    }

    /// JavaScript's cut (bench/baseline.ts `cut`) on the code units themselves.
    fn js_cut(s: &[u16], at: usize, marker: &str) -> Vec<u16> {
        let marker = units(marker);
        if s.len() <= at.saturating_add(marker.len()) {
            return s.to_vec();
        }
        let before = at.saturating_sub(1);
        let high = s.get(before).is_some_and(|c| (0xD800..0xDC00).contains(c));
        let end = if high { before } else { at };
        [&s[..end], &marker[..]].concat()
    }

    #[test]
    fn cuts_where_javascript_cuts() {
        let text = [
            &units("ab")[..],
            &[0xD83C],
            &units("😀c")[..],
            &[0xDF89],
            &units("中")[..],
            &[0xD800, 0xD801],
            &units("d")[..],
        ]
        .concat();
        for at in 1..text.len().saturating_add(2) {
            for marker in ["", " [cut]"] {
                let mut u = unpaired(&text);
                let cut = u.cut(at, marker);
                let want = js_cut(&text, at, marker);
                assert_eq!(cut, want != text, "at {at}");
                assert_eq!(u.to_utf16(), want, "at {at}, {marker:?}");
            }
        }
    }

    #[test]
    fn json_text_as_json_parse_reads_it() {
        let parse = |u: &Unpaired| {
            u.as_json_text()
                .map(|t| crate::json::parse_body(&t, &crate::Limits::default()))
        };
        // {"a":"x<lone>"} parses, the lone surrogate in the string.
        let u = unpaired(&[&units(r#"{"a":"x"#)[..], &[0xD83C], &units(r#""}"#)].concat());
        let Some(Ok(Value::Object(o))) = parse(&u) else {
            panic!("{:?}", parse(&u))
        };
        assert_eq!(o.get("a"), Some(&Unpaired::from_utf16(&[0x78, 0xD83C])));
        // Outside a string it is not JSON, nor after an escaping backslash; after an escaped
        // one it is.
        let outside = unpaired(&[&units("[1]")[..], &[0xD83C]].concat());
        assert!(matches!(parse(&outside), Some(Err(_))));
        let escaping = unpaired(&[&units(r#"[""#)[..], &[0x5C, 0xD83C], &units(r#""]"#)].concat());
        assert_eq!(escaping.as_json_text(), None);
        let escaped =
            unpaired(&[&units(r#"[""#)[..], &[0x5C, 0x5C, 0xD83C], &units(r#""]"#)].concat());
        let Some(Ok(Value::Array(items))) = parse(&escaped) else {
            panic!()
        };
        assert_eq!(items, vec![Unpaired::from_utf16(&[0x5C, 0xD83C])]);
    }
}
