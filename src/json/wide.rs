//! JSON text as UTF-16 code units, validated and skipped without transcoding it.
//!
//! A JavaScript string is UTF-16. Getting it into wasm memory as UTF-8 (`TextEncoder`) costs
//! more than everything else a reader of documents does: 43% of a call in Node, 62% in Chromium
//! (docs/BENCHMARKS.md). Copied as its code units it costs a tenth of that in Node
//! (`Buffer.write` as UTF-16LE: a copy). The reader of documents ([`crate::jsondoc::WideDocs`])
//! scans those units here, and transcodes only what it keeps: each document's metadata, and a
//! body when it is rendered.
//!
//! The units are little-endian bytes, as wasm memory holds them. The scanner reads a window of
//! the text: where a value runs past the window's end it stops with [`Stop::End`] and the
//! caller, which knows whether more text follows, scans again with more. Anything `JSON.parse`
//! would refuse is [`Stop::Fault`], with no message: the caller reads the whole text then, and
//! that reader says what and where.

use std::ops::Range;

/// Why a scan stopped short of its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The window ended first: more text may complete the value.
    End,
    /// Not JSON (or nested deeper than the limit).
    Fault,
}

/// What a scan gives: a value's units, or why it stopped.
pub(crate) type Scan<T> = Result<T, Stop>;

/// A cursor over UTF-16LE units.
pub(crate) struct WideScanner<'a> {
    bytes: &'a [u8],
    pos: usize,
    limit: usize,
}

/// Units as `u16`, for comparing with ASCII.
const fn u(b: u8) -> u16 {
    b as u16
}

impl<'a> WideScanner<'a> {
    /// A cursor at unit `pos` of `bytes` (UTF-16LE; an odd last byte is not read), nesting at
    /// most `limit` containers deep in a value, as [`super::Parser::skip_value`] counts them.
    pub(crate) fn new(bytes: &'a [u8], pos: usize, limit: usize) -> Self {
        WideScanner { bytes, pos, limit }
    }

    /// The cursor, in units.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// Unit `i` of the window.
    pub(crate) fn unit(&self, i: usize) -> Option<u16> {
        unit_at(self.bytes, i)
    }

    fn peek(&self) -> Scan<u16> {
        self.unit(self.pos).ok_or(Stop::End)
    }

    fn bump(&mut self) {
        self.pos = self.pos.saturating_add(1);
    }

    /// Past JSON whitespace.
    pub(crate) fn skip_ws(&mut self) {
        while let Some(0x20 | 0x09 | 0x0A | 0x0D) = self.unit(self.pos) {
            self.bump();
        }
    }

    /// The next unit after whitespace, not consumed.
    pub(crate) fn token(&mut self) -> Scan<u16> {
        self.skip_ws();
        self.peek()
    }

    /// Consumes `unit` after whitespace, or faults.
    pub(crate) fn expect(&mut self, unit: u8) -> Scan<()> {
        if self.token()? != u(unit) {
            return Err(Stop::Fault);
        }
        self.bump();
        Ok(())
    }

    /// After a member or an element: `,` (false) or `close` (true), consumed.
    pub(crate) fn comma_or(&mut self, close: u8) -> Scan<bool> {
        let t = self.token()?;
        if t != u(b',') && t != u(close) {
            return Err(Stop::Fault);
        }
        self.bump();
        Ok(t == u(close))
    }

    /// Validates one value (after whitespace) and returns its units.
    pub(crate) fn skip_value(&mut self) -> Scan<Range<usize>> {
        self.skip_ws();
        let start = self.pos;
        self.value(0)?;
        Ok(start..self.pos)
    }

    /// Validates a string at the cursor, which must be its quote.
    pub(crate) fn string(&mut self) -> Scan<()> {
        self.string_using(special_unit)
    }

    /// [`WideScanner::string`], `find` giving where to look next ([`special_unit`]).
    #[inline(always)]
    fn string_using(&mut self, find: impl Fn(&[u8], usize) -> usize) -> Scan<()> {
        if self.peek()? != u(b'"') {
            return Err(Stop::Fault);
        }
        let mut pos = self.pos.saturating_add(1);
        loop {
            pos = find(self.bytes, pos);
            let Some(c) = self.unit(pos) else {
                self.pos = pos;
                return Err(Stop::End);
            };
            if c == u(b'"') {
                self.pos = pos.saturating_add(1);
                return Ok(());
            }
            if c != u(b'\\') {
                // A control character.
                return Err(Stop::Fault);
            }
            let escaped = self.unit(pos.saturating_add(1)).ok_or(Stop::End)?;
            match u8::try_from(escaped) {
                Ok(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                    pos = pos.saturating_add(2);
                }
                Ok(b'u') => {
                    for k in 2..6 {
                        let h = self.unit(pos.saturating_add(k)).ok_or(Stop::End)?;
                        if !char::from_u32(u32::from(h)).is_some_and(|c| c.is_ascii_hexdigit()) {
                            return Err(Stop::Fault);
                        }
                    }
                    pos = pos.saturating_add(6);
                }
                _ => return Err(Stop::Fault),
            }
        }
    }

    fn value(&mut self, depth: usize) -> Scan<()> {
        match u8::try_from(self.peek()?) {
            Ok(b'{') => {
                let depth = self.descend(depth)?;
                if self.token()? == u(b'}') {
                    self.bump();
                    return Ok(());
                }
                loop {
                    self.skip_ws();
                    self.string()?;
                    self.expect(b':')?;
                    self.item(depth)?;
                    if self.comma_or(b'}')? {
                        return Ok(());
                    }
                }
            }
            Ok(b'[') => {
                let depth = self.descend(depth)?;
                if self.token()? == u(b']') {
                    self.bump();
                    return Ok(());
                }
                loop {
                    self.item(depth)?;
                    if self.comma_or(b']')? {
                        return Ok(());
                    }
                }
            }
            Ok(b'"') => self.string(),
            Ok(b't') => self.literal("true"),
            Ok(b'f') => self.literal("false"),
            Ok(b'n') => self.literal("null"),
            Ok(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(Stop::Fault),
        }
    }

    /// A member's value or an element, after whitespace.
    fn item(&mut self, depth: usize) -> Scan<()> {
        self.skip_ws();
        self.value(depth)
    }

    /// Into a container at `depth`, past its opening unit.
    fn descend(&mut self, depth: usize) -> Scan<usize> {
        if depth >= self.limit {
            return Err(Stop::Fault);
        }
        self.bump();
        Ok(depth.saturating_add(1))
    }

    fn literal(&mut self, word: &str) -> Scan<()> {
        for b in word.bytes() {
            if self.peek()? != u(b) {
                return Err(Stop::Fault);
            }
            self.bump();
        }
        Ok(())
    }

    /// How many digits from the cursor; the window's end may cut a number, so it is `End`.
    fn digits(&mut self) -> Scan<usize> {
        let start = self.pos;
        while (u(b'0')..=u(b'9')).contains(&self.peek()?) {
            self.bump();
        }
        Ok(self.pos.saturating_sub(start))
    }

    fn number(&mut self) -> Scan<()> {
        if self.peek()? == u(b'-') {
            self.bump();
        }
        let first = self.peek()?;
        if first == u(b'0') {
            self.bump();
        } else if self.digits()? == 0 {
            return Err(Stop::Fault);
        }
        if self.peek()? == u(b'.') {
            self.bump();
            if self.digits()? == 0 {
                return Err(Stop::Fault);
            }
        }
        if matches!(u8::try_from(self.peek()?), Ok(b'e' | b'E')) {
            self.bump();
            if matches!(u8::try_from(self.peek()?), Ok(b'+' | b'-')) {
                self.bump();
            }
            if self.digits()? == 0 {
                return Err(Stop::Fault);
            }
        }
        Ok(())
    }
}

/// Unit `i` of `bytes` (UTF-16LE).
pub(crate) fn unit_at(bytes: &[u8], i: usize) -> Option<u16> {
    let pair = bytes.get(i.checked_mul(2)?..)?.first_chunk::<2>()?;
    Some(u16::from_le_bytes(*pair))
}

/// Units `range` of `bytes`, as `u16`s.
pub(crate) fn units(bytes: &[u8], range: Range<usize>) -> impl Iterator<Item = u16> + '_ {
    let from = range.start.saturating_mul(2).min(bytes.len());
    let to = range.end.saturating_mul(2).clamp(from, bytes.len());
    bytes
        .get(from..to)
        .unwrap_or_default()
        .chunks_exact(2)
        .filter_map(|pair| pair.first_chunk::<2>().map(|p| u16::from_le_bytes(*p)))
}

/// Whether any of units `range` of `bytes` is a backslash.
pub(crate) fn has_backslash(bytes: &[u8], range: Range<usize>) -> bool {
    units(bytes, range).any(|c| c == u(b'\\'))
}

/// Whether units `range` of `bytes` spell `word` (ASCII).
pub(crate) fn spells(bytes: &[u8], range: Range<usize>, word: &str) -> bool {
    range.len() == word.len() && units(bytes, range).eq(word.bytes().map(u16::from))
}

/// Units `range` of `bytes` appended to `out` as UTF-8, an unpaired surrogate as U+FFFD (as
/// `TextEncoder` writes it).
#[allow(clippy::cast_possible_truncation)] // each byte is masked or shifted to fit
pub(crate) fn push_utf8(out: &mut String, bytes: &[u8], range: Range<usize>) {
    // Encoded as bytes and checked once: pushing `char`s cost twice as much, and
    // `char::decode_utf16` 29% more on a param match's bodies. Room is reserved for all of it
    // first, a surrogate counted three bytes (a lone one is U+FFFD; a pair is four for two
    // units): growing as it filled, and three-byte slices pushed whole, cost 45 ms of a param
    // match's profile at 10k against 37 ms now.
    let need = units(bytes, range.clone()).fold(0usize, |n, c| {
        n.wrapping_add(1)
            .wrapping_add(usize::from(c >= 0x80))
            .wrapping_add(usize::from(c >= 0x800))
    });
    let mut utf8 = std::mem::take(out).into_bytes();
    utf8.reserve(need);
    const REPLACEMENT: [u8; 3] = [0xEF, 0xBF, 0xBD];
    let mut high = None;
    for c in units(bytes, range) {
        if let Some(h) = high.take() {
            if (0xDC00..0xE000).contains(&c) {
                // h is 0xD800..0xDC00 and c 0xDC00..0xE000: ten bits each.
                let bits =
                    ((u32::from(h) & 0x3FF) << 10 | (u32::from(c) & 0x3FF)).wrapping_add(0x10000);
                utf8.extend_from_slice(&[
                    0xF0 | (bits >> 18) as u8,
                    0x80 | (bits >> 12 & 0x3F) as u8,
                    0x80 | (bits >> 6 & 0x3F) as u8,
                    0x80 | (bits & 0x3F) as u8,
                ]);
                continue;
            }
            utf8.extend_from_slice(&REPLACEMENT);
        }
        match c {
            0..0x80 => utf8.push(c as u8),
            0x80..0x800 => {
                utf8.extend_from_slice(&[0xC0 | (c >> 6) as u8, 0x80 | (c & 0x3F) as u8])
            }
            0xD800..0xDC00 => high = Some(c),
            // A lone low surrogate.
            0xDC00..0xE000 => utf8.extend_from_slice(&REPLACEMENT),
            _ => {
                utf8.push(0xE0 | (c >> 12) as u8);
                utf8.push(0x80 | (c >> 6 & 0x3F) as u8);
                utf8.push(0x80 | (c & 0x3F) as u8);
            }
        }
    }
    if high.is_some() {
        utf8.extend_from_slice(&REPLACEMENT);
    }
    // Never fails: every byte pushed is ASCII or part of a `char`'s encoding.
    *out = String::from_utf8(utf8).unwrap_or_default();
}

/// The first unit at or after `pos` that a string's reader must look at — `"`, `\\` or a
/// control character — or the window's end. In wasm, sixteen units at a time, passing over
/// escapes of one character (as [`super::parse`] does for bytes).
fn special_unit(bytes: &[u8], pos: usize) -> usize {
    #[cfg(target_arch = "wasm32")]
    {
        special_unit_simd(bytes, pos)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        special_unit_scalar(bytes, pos)
    }
}

fn special_unit_scalar(bytes: &[u8], mut pos: usize) -> usize {
    while let Some(c) = unit_at(bytes, pos) {
        if c == u(b'"') || c == u(b'\\') || c < 0x20 {
            break;
        }
        pos = pos.saturating_add(1);
    }
    pos
}

/// [`special_unit`] sixteen units (32 bytes) a block: `special` gives a block's units that need
/// attention as bits, `escapes` its [`EscapeLanes`]; the rest goes unit by unit.
#[cfg(any(target_arch = "wasm32", test))]
#[inline(always)]
fn special_unit_by16(
    bytes: &[u8],
    mut pos: usize,
    special: impl Fn(&[u8; 32]) -> u16,
    escapes: impl Fn(&[u8; 32]) -> EscapeLanes,
) -> usize {
    while let Some(block) = bytes
        .get(pos.saturating_mul(2)..)
        .and_then(<[u8]>::first_chunk::<32>)
    {
        let found = special(block);
        if found != 0 {
            if let Some(at) = stop_in_block(block, found, &escapes) {
                return pos.saturating_add(at);
            }
        }
        pos = pos.saturating_add(16);
    }
    special_unit_scalar(bytes, pos)
}

#[cfg(any(target_arch = "wasm32", test))]
use super::parse::{stop_in_block, EscapeLanes};

#[cfg(target_arch = "wasm32")]
#[target_feature(enable = "simd128")]
fn special_unit_simd(bytes: &[u8], pos: usize) -> usize {
    // Closures: a function with a target feature is not an `Fn`.
    special_unit_by16(
        bytes,
        pos,
        |block| special_units_simd(block),
        |block| escape_units_simd(block),
    )
}

/// A 16-unit block as two vectors of eight units each.
#[cfg(target_arch = "wasm32")]
#[target_feature(enable = "simd128")]
#[inline]
fn load2(block: &[u8; 32]) -> (core::arch::wasm32::v128, core::arch::wasm32::v128) {
    use core::arch::wasm32::u64x2;
    // From u128s, each one `v128.load`, with no `unsafe` pointer load.
    // 32 bytes always hold both halves; the zeros are never read.
    let a = block.first_chunk::<16>().unwrap_or(&[0; 16]);
    let b = block.last_chunk::<16>().unwrap_or(&[0; 16]);
    let (a, b) = (u128::from_le_bytes(*a), u128::from_le_bytes(*b));
    (
        u64x2(a as u64, (a >> 64) as u64),
        u64x2(b as u64, (b >> 64) as u64),
    )
}

/// Lane masks of two vectors of units as one bit per unit (bit k for unit k).
#[cfg(target_arch = "wasm32")]
#[target_feature(enable = "simd128")]
#[inline]
fn bits(a: core::arch::wasm32::v128, b: core::arch::wasm32::v128) -> u16 {
    use core::arch::wasm32::{i8x16_bitmask, i8x16_narrow_i16x8};
    // All-ones lanes are -1, which narrows to -1; zero to zero.
    i8x16_bitmask(i8x16_narrow_i16x8(a, b))
}

/// A block's quotes, backslashes and control characters as bits, with wasm SIMD.
#[cfg(target_arch = "wasm32")]
#[target_feature(enable = "simd128")]
#[inline]
fn special_units_simd(block: &[u8; 32]) -> u16 {
    use core::arch::wasm32::{u16x8_eq, u16x8_lt, u16x8_splat, v128, v128_or};
    let (a, b) = load2(block);
    let special = |v: v128| {
        v128_or(
            v128_or(
                u16x8_eq(v, u16x8_splat(u(b'"'))),
                u16x8_eq(v, u16x8_splat(u(b'\\'))),
            ),
            u16x8_lt(v, u16x8_splat(0x20)),
        )
    };
    bits(special(a), special(b))
}

/// A block's [`EscapeLanes`], with wasm SIMD.
#[cfg(target_arch = "wasm32")]
#[target_feature(enable = "simd128")]
#[inline]
fn escape_units_simd(block: &[u8; 32]) -> EscapeLanes {
    use core::arch::wasm32::{
        u16x8_eq, u16x8_lt, u16x8_splat, u8x16_bitmask, u8x16_narrow_i16x8, v128_or,
    };
    let (a, b) = load2(block);
    let backslash = |v| u16x8_eq(v, u16x8_splat(u(b'\\')));
    let quote_or_control = |v| {
        v128_or(
            u16x8_eq(v, u16x8_splat(u(b'"'))),
            u16x8_lt(v, u16x8_splat(0x20)),
        )
    };
    // Narrowed with saturation, a unit above 0xFF becomes 0xFF (or 0 from 0x8000 on), which
    // no escape letter is: only ASCII units can be escapable.
    let narrowed = u8x16_narrow_i16x8(a, b);
    EscapeLanes {
        backslash: bits(backslash(a), backslash(b)),
        quote_or_control: bits(quote_or_control(a), quote_or_control(b)),
        escapable: u8x16_bitmask(super::parse::escapable_simd(narrowed)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn le(text: &str) -> Vec<u8> {
        text.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    fn all_units(bytes: &[u8]) -> Vec<u16> {
        units(bytes, 0..bytes.len() / 2).collect()
    }

    /// The bit lanes of a block unit by unit, as the SIMD functions give them.
    fn special_units(block: &[u8; 32]) -> u16 {
        let units = all_units(block);
        (0..16).fold(0, |bits, k| {
            let c = units[k];
            if c == u(b'"') || c == u(b'\\') || c < 0x20 {
                bits | 1 << k
            } else {
                bits
            }
        })
    }

    fn escape_units(block: &[u8; 32]) -> EscapeLanes {
        let units = all_units(block);
        let lanes =
            |f: &dyn Fn(u16) -> bool| (0..16).fold(0u16, |b, k| b | u16::from(f(units[k])) << k);
        EscapeLanes {
            backslash: lanes(&|c| c == u(b'\\')),
            quote_or_control: lanes(&|c| c == u(b'"') || c < 0x20),
            escapable: lanes(&|c| u8::try_from(c).is_ok_and(|b| b"\"\\/bfnrt".contains(&b))),
        }
    }

    fn scan(text: &str, limit: usize) -> Scan<Range<usize>> {
        let bytes = le(text);
        WideScanner::new(&bytes, 0, limit).skip_value()
    }

    #[test]
    fn valid_values_are_skipped_whole() {
        for text in [
            "0",
            "-0.5e+10",
            "\"a\\\"b\\u00e9\\n😀\"",
            "[1, {\"a\": [true, false, null]}, \"x\"]",
            "{}",
            "[]",
            " {\"k\" : \"v\" } ",
        ] {
            let n = text.trim_end().encode_utf16().count();
            assert_eq!(
                scan(&format!("{text},"), 256).map(|r| r.end),
                Ok(n),
                "{text}"
            );
        }
    }

    #[test]
    fn what_json_parse_refuses_is_a_fault() {
        for text in [
            "[01]",
            "[-]",
            "[1.]",
            "[1e]",
            "[tru]",
            "[\"\\x\"]",
            "[\"\\u12g4\"]",
            "[\"a\u{1}\"]",
            "[1,]",
            "{\"a\"}",
            "{a:1}",
            "['a']",
            "[+1]",
            "[1 2]",
            "{\"a\":1,}",
            "[\"a\":1]",
        ] {
            assert_eq!(scan(text, 256), Err(Stop::Fault), "{text}");
        }
    }

    #[test]
    fn a_value_cut_by_the_window_is_end() {
        let whole = "{\"a\": [\"x\\u00e9\", 12.5e3, true, null]}";
        let n = whole.encode_utf16().count();
        for cut in 0..n {
            let part: String = char::decode_utf16(whole.encode_utf16().take(cut))
                .map(Result::unwrap)
                .collect();
            assert_eq!(scan(&part, 256), Err(Stop::End), "{part}");
        }
    }

    #[test]
    fn nesting_counts_containers_as_the_parser_does() {
        assert!(scan("[[1]],", 2).is_ok());
        assert_eq!(scan("[[1]],", 1), Err(Stop::Fault));
        assert!(scan("1,", 0).is_ok());
    }

    #[test]
    fn strings_read_sixteen_units_a_block_as_unit_by_unit() {
        // Escapes of every kind (good and bad), control characters and wide units whose low
        // byte is a quote, a backslash or an escape letter, at every offset around the blocks'
        // edges; each string closed, or cut off.
        let pieces = [
            "a", "\\\"", "\\\\", "\\n", "\\u0041", "\\u00g1", "\\x", "\u{122}", "\u{15C}",
            "\u{8022}", "林", "😀", "\\/", "\u{1}", "\"",
        ];
        let by16 = |bytes: &[u8], pos| special_unit_by16(bytes, pos, special_units, escape_units);
        for seed in 0..20_000usize {
            let mut text = String::from("\"");
            let mut k = seed;
            for _ in 0..(seed % 40) {
                text.push_str(pieces[k % pieces.len()]);
                k = k.wrapping_mul(2_654_435_761).wrapping_add(seed) >> 3;
            }
            let bytes = le(&text);
            let mut blocks = WideScanner::new(&bytes, 0, 256);
            let mut units = WideScanner::new(&bytes, 0, 256);
            let a = blocks.string_using(by16);
            let b = units.string_using(special_unit_scalar);
            assert_eq!(a, b, "{text}");
            if a.is_ok() {
                assert_eq!(blocks.pos(), units.pos(), "{text}");
            }
        }
    }

    #[test]
    fn transcoding_keeps_text_and_replaces_unpaired_surrogates() {
        let mut units: Vec<u16> = "a林😀".encode_utf16().collect();
        units.push(0xD800);
        units.push(u16::from(b'z'));
        let bytes: Vec<u8> = units.iter().flat_map(|c| c.to_le_bytes()).collect();
        let mut out = String::new();
        push_utf8(&mut out, &bytes, 0..units.len());
        assert_eq!(out, "a林😀\u{FFFD}z");
        // Every unit alone and in pairs, as Rust's own lossy decoder reads them.
        for c in (0..=0xFFFFu16).step_by(7).chain(0xD7FF..0xE001) {
            for d in [0x41, 0xD83D, 0xDE00, 0xFFFD, c] {
                let pair = [c, d];
                let bytes: Vec<u8> = pair.iter().flat_map(|c| c.to_le_bytes()).collect();
                let mut out = String::new();
                push_utf8(&mut out, &bytes, 0..2);
                assert_eq!(out, String::from_utf16_lossy(&pair), "{c:#x} {d:#x}");
            }
        }
        // Long runs, a surrogate pair or a lone one among others, from several offsets.
        let pieces: [&[u16]; 7] = [
            &[0x61; 21],
            &[0x6797, 0x61],
            &[0xD83D, 0xDE00],
            &[0xD800],
            &[0xDC00, 0x7A],
            &[0x7F, 0x80, 0x7FF, 0x800],
            &[0x22, 0x5C, 0x0A],
        ];
        let mut seed = 7u32;
        for _ in 0..400 {
            let mut units: Vec<u16> = Vec::new();
            while units.len() < 90 {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                units.extend_from_slice(pieces[(seed >> 16) as usize % pieces.len()]);
            }
            let bytes: Vec<u8> = units.iter().flat_map(|c| c.to_le_bytes()).collect();
            for start in [0, 1, 5, 16, 17] {
                let mut out = String::from("x");
                push_utf8(&mut out, &bytes, start..units.len());
                let want = String::from_utf16_lossy(&units[start..]);
                assert_eq!(out, format!("x{want}"), "{units:x?} from {start}");
            }
        }
        assert!(spells(&le("xdata"), 1..5, "data"));
        assert!(has_backslash(&le("a\\b"), 0..3));
        assert!(!has_backslash(&le("a\\b"), 2..3));
        assert!(!spells(&le("xdata"), 1..4, "data"));
    }
}
