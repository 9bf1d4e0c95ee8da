use super::value::{ObjectBuilder, Value};
use crate::error::TextPosition;
use std::ops::Range;

/// Deepest nesting accepted. Recursion is bounded so deep input yields `TOO_DEEP`, not a stack
/// overflow (which in wasm traps and poisons the instance). Real documents nest a dozen levels.
pub const MAX_DEPTH: usize = 256;

/// Where and why text is not JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset in the text.
    pub offset: usize,
    /// `offset` as a line and a column in UTF-16 units (computed when the error is built).
    pub position: TextPosition,
    /// What is wrong; where it is, is `position`.
    pub message: String,
    /// The text nests deeper than the parser's limit (otherwise it is malformed).
    pub too_deep: bool,
}

impl ParseError {
    /// As a crate error at `path`, located at the fault in the text that was parsed.
    pub fn into_error(self, path: &str) -> crate::Error {
        let code = if self.too_deep {
            crate::ErrorCode::TooDeep
        } else {
            crate::ErrorCode::InvalidJson
        };
        crate::Error::new(code, path, self.message).at_position(self.position)
    }
}

/// Parses a whole JSON text as `JSON.parse` would, refusing nesting deeper than
/// `limits.max_depth` (`&Limits::default()` for the default of 256).
pub fn parse(text: &str, limits: &crate::Limits) -> Result<Value, ParseError> {
    parse_with(Parser::with_limit(text, limits.max_depth))
}

/// [`parse`] of the part `span` of `text` (a value the caller delimited, with
/// [`Parser::skip_value`]); an error is located in the whole of `text`, where its reader
/// would look for it.
pub fn parse_span(
    text: &str,
    span: Range<usize>,
    limits: &crate::Limits,
) -> Result<Value, ParseError> {
    // The parser reads up to the span's end only, and line and column count from the text's
    // start, which the prefix shares.
    let mut p = Parser::with_limit(text.get(..span.end).unwrap_or(""), limits.max_depth);
    p.pos = span.start.min(p.bytes.len());
    parse_with(p)
}

/// [`parse`] with a parser set up by the caller (see [`Parser::with_extra_depth`]).
pub fn parse_with(mut p: Parser<'_>) -> Result<Value, ParseError> {
    p.skip_ws();
    let v = p.value(0)?;
    p.skip_ws();
    p.end()?;
    Ok(v)
}

/// A recursive-descent reader over JSON text; public to the crate so the lazy document reader
/// can walk the outer array and skip bodies it does not need yet.
#[derive(Clone, Copy)]
pub struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    limit: usize,
    /// The limit as the caller set it, for messages (`limit` may add wrapping levels).
    reported: usize,
}

impl<'a> Parser<'a> {
    pub fn new(text: &'a str) -> Self {
        Parser {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            limit: MAX_DEPTH,
            reported: MAX_DEPTH,
        }
    }

    /// A parser that refuses nesting deeper than `limit` (a caller's `limits.maxDepth`).
    pub fn with_limit(text: &'a str, limit: usize) -> Self {
        Parser {
            limit,
            reported: limit,
            ..Parser::new(text)
        }
    }

    /// A parser whose depth limit is `limit + extra`, for text that wraps the values the
    /// limit is about in `extra` levels of its own (a document around its `data`).
    pub fn with_extra_depth(text: &'a str, limit: usize, extra: usize) -> Self {
        Parser {
            limit: limit.saturating_add(extra),
            reported: limit,
            ..Parser::new(text)
        }
    }

    /// The same parser moved to byte `pos` of its text (a value found earlier).
    pub(crate) fn at(&self, pos: usize) -> Self {
        Parser {
            pos: pos.min(self.bytes.len()),
            ..*self
        }
    }

    /// The depth limit this parser enforces on the values it reads.
    pub fn limit(&self) -> usize {
        self.limit
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    pub fn slice(&self, range: Range<usize>) -> &'a str {
        self.text.get(range).unwrap_or("")
    }

    /// An error at the cursor. Only here is the position worked out, so reading text that
    /// parses never pays for it.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError {
            offset: self.pos,
            position: TextPosition::at_byte(self.text, self.pos),
            message: message.into(),
            too_deep: false,
        }
    }

    fn too_deep(&self) -> ParseError {
        ParseError {
            too_deep: true,
            ..self.error(format!("nesting deeper than {} levels", self.reported))
        }
    }

    pub fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn bump(&mut self) {
        self.pos = self.pos.saturating_add(1);
    }

    pub fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.bump();
        }
    }

    pub fn end(&self) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error("unexpected text after the JSON value")),
        }
    }

    /// Consumes `byte` (after whitespace) or fails naming what was expected.
    pub fn expect(&mut self, byte: u8, what: &str) -> Result<(), ParseError> {
        self.skip_ws();
        if self.peek() == Some(byte) {
            self.bump();
            Ok(())
        } else {
            Err(self.unexpected(what))
        }
    }

    /// Consumes `byte` after whitespace if it is next.
    pub fn eat(&mut self, byte: u8) -> bool {
        self.skip_ws();
        if self.peek() == Some(byte) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn unexpected(&self, expected: &str) -> ParseError {
        match self
            .text
            .get(self.pos..)
            .and_then(|rest| rest.chars().next())
        {
            None => self.error(format!("unexpected end of JSON input, expected {expected}")),
            Some(c) => self.error(format!(
                "unexpected {}, expected {expected}",
                super::quote(c.encode_utf8(&mut [0; 4]))
            )),
        }
    }

    /// Parses one value at `depth` (0 for a top-level value).
    pub fn value(&mut self, depth: usize) -> Result<Value, ParseError> {
        self.skip_ws();
        match self.peek() {
            Some(b'{') => {
                let depth = self.descend(depth)?;
                self.bump();
                let mut obj = ObjectBuilder::new();
                if !self.eat(b'}') {
                    loop {
                        self.skip_ws();
                        let key = self.string()?;
                        self.expect(b':', "':'")?;
                        let v = self.value(depth)?;
                        obj.insert(key, v);
                        if self.eat(b'}') {
                            break;
                        }
                        self.expect(b',', "',' or '}'")?;
                    }
                }
                Ok(Value::Object(obj.finish()))
            }
            Some(b'[') => {
                let depth = self.descend(depth)?;
                self.bump();
                let mut items = Vec::new();
                if !self.eat(b']') {
                    loop {
                        items.push(self.value(depth)?);
                        if self.eat(b']') {
                            break;
                        }
                        self.expect(b',', "',' or ']'")?;
                    }
                }
                Ok(Value::Array(items))
            }
            Some(b'"') => self.string().map(Value::String),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'n') => self.literal("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number().map(Value::Number),
            _ => Err(self.unexpected("a JSON value")),
        }
    }

    /// Validates one value without building it and returns its byte range.
    pub fn skip_value(&mut self, depth: usize) -> Result<Range<usize>, ParseError> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            Some(b'{') => {
                let depth = self.descend(depth)?;
                self.bump();
                if !self.eat(b'}') {
                    loop {
                        self.skip_ws();
                        self.skip_string()?;
                        self.expect(b':', "':'")?;
                        self.skip_value(depth)?;
                        if self.eat(b'}') {
                            break;
                        }
                        self.expect(b',', "',' or '}'")?;
                    }
                }
            }
            Some(b'[') => {
                let depth = self.descend(depth)?;
                self.bump();
                if !self.eat(b']') {
                    loop {
                        self.skip_value(depth)?;
                        if self.eat(b']') {
                            break;
                        }
                        self.expect(b',', "',' or ']'")?;
                    }
                }
            }
            Some(b'"') => self.skip_string()?,
            Some(b't') => self.literal("true", ()).map(drop)?,
            Some(b'f') => self.literal("false", ()).map(drop)?,
            Some(b'n') => self.literal("null", ()).map(drop)?,
            Some(b'-' | b'0'..=b'9') => self.number_span().map(drop)?,
            _ => return Err(self.unexpected("a JSON value")),
        }
        Ok(start..self.pos)
    }

    fn descend(&self, depth: usize) -> Result<usize, ParseError> {
        if depth >= self.limit {
            Err(self.too_deep())
        } else {
            Ok(depth.saturating_add(1))
        }
    }

    fn literal<T>(&mut self, word: &str, v: T) -> Result<T, ParseError> {
        if self
            .bytes
            .get(self.pos..)
            .is_some_and(|rest| rest.starts_with(word.as_bytes()))
        {
            self.pos = self.pos.saturating_add(word.len());
            Ok(v)
        } else {
            Err(self.unexpected("a JSON value"))
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while let Some(b'0'..=b'9') = self.peek() {
            self.bump();
        }
        self.pos.saturating_sub(start)
    }

    fn number_span(&mut self) -> Result<Range<usize>, ParseError> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.bump();
        }
        match self.peek() {
            Some(b'0') => self.bump(),
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.unexpected("a digit")),
        }
        if self.peek() == Some(b'.') {
            self.bump();
            if self.digits() == 0 {
                return Err(self.unexpected("a digit after '.'"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.bump();
            if let Some(b'+' | b'-') = self.peek() {
                self.bump();
            }
            if self.digits() == 0 {
                return Err(self.unexpected("a digit in the exponent"));
            }
        }
        Ok(start..self.pos)
    }

    fn number(&mut self) -> Result<f64, ParseError> {
        let span = self.number_span()?;
        // Rust's float parsing rounds correctly, as JavaScript's does; overflow gives ±Infinity.
        self.slice(span)
            .parse::<f64>()
            .map_err(|_| self.error("malformed number"))
    }

    fn hex4(&mut self) -> Result<u32, ParseError> {
        let mut n = 0u32;
        for _ in 0..4 {
            let d = match self.peek() {
                Some(b) => char::from(b).to_digit(16),
                None => None,
            };
            let Some(d) = d else {
                return Err(self.unexpected("four hex digits after \\u"));
            };
            n = (n << 4) | d;
            self.bump();
        }
        Ok(n)
    }

    /// Reads a string literal (the cursor on its opening quote) and unescapes it.
    pub fn string(&mut self) -> Result<String, ParseError> {
        if self.peek() != Some(b'"') {
            return Err(self.unexpected("a string"));
        }
        self.bump();
        let mut out = String::new();
        loop {
            let run_start = self.pos;
            self.skip_plain();
            out.push_str(self.slice(run_start..self.pos));
            match self.peek() {
                Some(b'"') => {
                    self.bump();
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.bump();
                    let Some(esc) = self.peek() else {
                        return Err(self.unexpected("an escape"));
                    };
                    self.bump();
                    match esc {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let c = self.unicode_escape()?;
                            out.push(c);
                        }
                        _ => {
                            self.pos = self.pos.saturating_sub(1);
                            return Err(self.unexpected("a valid escape"));
                        }
                    }
                }
                Some(_) => return Err(self.error("unescaped control character in string")),
                None => return Err(self.error("unterminated string")),
            }
        }
    }

    /// After `\u`: one code point, joining a surrogate pair; a lone surrogate becomes U+FFFD.
    #[allow(clippy::arithmetic_side_effects)] // hi and lo are range-checked surrogates
    fn unicode_escape(&mut self) -> Result<char, ParseError> {
        let hi = self.hex4()?;
        if (0xD800..0xDC00).contains(&hi)
            && self.bytes.get(self.pos..self.pos.saturating_add(2)) == Some(b"\\u")
        {
            let save = self.pos;
            self.pos = self.pos.saturating_add(2);
            let lo = self.hex4()?;
            if (0xDC00..0xE000).contains(&lo) {
                let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                return Ok(char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER));
            }
            self.pos = save;
        }
        Ok(char::from_u32(hi).unwrap_or(char::REPLACEMENT_CHARACTER))
    }

    /// Validates a string literal without unescaping it.
    pub fn skip_string(&mut self) -> Result<(), ParseError> {
        if self.peek() != Some(b'"') {
            return Err(self.unexpected("a string"));
        }
        self.bump();
        loop {
            match self.peek() {
                Some(b'"') => {
                    self.bump();
                    return Ok(());
                }
                Some(b'\\') => {
                    self.bump();
                    match self.peek() {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => self.bump(),
                        Some(b'u') => {
                            self.bump();
                            self.hex4()?;
                        }
                        _ => return Err(self.unexpected("a valid escape")),
                    }
                }
                Some(0..=0x1F) => return Err(self.error("unescaped control character in string")),
                Some(_) => self.skip_plain(),
                None => return Err(self.error("unterminated string")),
            }
        }
    }

    /// Advances over string bytes that need no attention (not `"`, `\\` or a control byte).
    /// Bodies are mostly long strings, and this is where reading JSON text spends its time, so
    /// it tests eight bytes at once (SWAR) before falling back to one at a time.
    fn skip_plain(&mut self) {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
        while let Some(chunk) = self
            .bytes
            .get(self.pos..)
            .and_then(<[u8]>::first_chunk::<8>)
        {
            let x = u64::from_le_bytes(*chunk);
            let quote = has_zero(x ^ (ONES * u64::from(b'"')));
            let backslash = has_zero(x ^ (ONES * u64::from(b'\\')));
            // A byte below 0x20: subtracting 0x20 borrows into its high bit (ASCII bytes only;
            // bytes of 0x80 and up have the high bit set already and are masked out by `!x`).
            let control = x.wrapping_sub(ONES * 0x20) & !x & HIGHS;
            if quote | backslash | control != 0 {
                break;
            }
            self.pos = self.pos.saturating_add(8);
        }
        while let Some(b) = self.peek() {
            if b == b'"' || b == b'\\' || b < 0x20 {
                break;
            }
            self.bump();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth(max_depth: usize) -> crate::Limits {
        crate::Limits {
            max_depth,
            ..crate::Limits::default()
        }
    }

    fn ok(text: &str) -> Value {
        match parse(text, &crate::Limits::default()) {
            Ok(v) => v,
            Err(e) => panic!("{text}: {}", e.message),
        }
    }

    #[test]
    fn parses_scalars_and_containers() {
        assert_eq!(ok(" null "), Value::Null);
        assert_eq!(ok("-0.0"), Value::Number(-0.0));
        assert_eq!(ok("1e400"), Value::Number(f64::INFINITY));
        assert_eq!(ok("[1, \"a\", {\"b\": false}]").as_object(), None);
        assert_eq!(
            ok(r#""\u00e9\ud83d\ude00\n""#),
            Value::String("é😀\n".into())
        );
    }

    #[test]
    fn lone_surrogate_escapes_become_replacement_characters() {
        assert_eq!(ok(r#""\ud800x""#), Value::String("\u{FFFD}x".into()));
        assert_eq!(
            ok(r#""\udc00\ud800""#),
            Value::String("\u{FFFD}\u{FFFD}".into())
        );
        assert_eq!(ok(r#""\ud800\u0041""#), Value::String("\u{FFFD}A".into()));
    }

    #[test]
    fn refuses_what_json_parse_refuses() {
        for bad in [
            "",
            "01",
            "1.",
            ".5",
            "+1",
            "[1,]",
            "{\"a\":1,}",
            "'a'",
            "\"\t\"",
            "nul",
            "[1] x",
            "\u{feff}1",
            "{a:1}",
            "\"\\x\"",
            "NaN",
        ] {
            assert!(
                parse(bad, &crate::Limits::default()).is_err(),
                "accepted {bad:?}"
            );
        }
    }

    #[test]
    fn depth_is_bounded() {
        let deep = "[".repeat(MAX_DEPTH + 1) + &"]".repeat(MAX_DEPTH + 1);
        let err = parse(&deep, &crate::Limits::default())
            .err()
            .map(|e| e.too_deep);
        assert_eq!(err, Some(true));
        let fine = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
        assert!(parse(&fine, &crate::Limits::default()).is_ok());
        let mut p = Parser::new(&deep);
        assert!(p.skip_value(0).is_err());
    }

    #[test]
    fn skip_value_accepts_exactly_what_parse_accepts() {
        for text in [
            "{\"a\":[1,2,{\"b\":\"\\u0041\"}]}",
            "[1,]",
            "\"\\q\"",
            "-",
            "true",
            "[[[]]]",
        ] {
            let mut p = Parser::new(text);
            let skipped = p.skip_value(0).is_ok() && {
                p.skip_ws();
                p.end().is_ok()
            };
            assert_eq!(
                skipped,
                parse(text, &crate::Limits::default()).is_ok(),
                "{text}"
            );
        }
    }

    #[test]
    fn word_at_a_time_scanning_finds_every_special_byte() {
        for len in 0..20 {
            for (special, escaped) in [
                ('"', "\\\""),
                ('\\', "\\\\"),
                ('\n', "\\n"),
                ('\u{1f}', "\\u001f"),
            ] {
                let plain = "é".repeat(len / 2) + &"a".repeat(len % 2);
                let text = format!("\"{plain}{escaped}{plain}\"");
                assert_eq!(
                    ok(&text),
                    Value::String(format!("{plain}{special}{plain}")),
                    "{text}"
                );
                let raw = format!("\"{plain}{special}{plain}\"");
                let mut p = Parser::new(&raw);
                let skipped = p.skip_value(0).is_ok() && p.pos() == raw.len();
                assert_eq!(
                    skipped,
                    parse(&raw, &crate::Limits::default()).is_ok(),
                    "{raw:?}"
                );
            }
            let bad = format!("\"{}\u{7}x\"", "b".repeat(len));
            assert!(
                parse(&bad, &crate::Limits::default()).is_err()
                    && Parser::new(&bad).skip_value(0).is_err()
            );
        }
    }

    fn fault(text: &str) -> (usize, usize, String) {
        match parse(text, &crate::Limits::default()) {
            Ok(v) => panic!("{text}: parsed as {v:?}"),
            Err(e) => (e.position.line, e.position.column, e.message),
        }
    }

    #[test]
    fn errors_say_where() {
        let (line, column, message) = fault("{\n  \"a\": tru }");
        assert_eq!((line, column), (2, 8));
        assert!(
            !message.contains("line"),
            "the position is not repeated: {message}"
        );
        // The error carries it, and Display shows it.
        let e = parse("{\n  \"a\": tru }", &crate::Limits::default())
            .map_err(|e| e.into_error("/x"))
            .err();
        let position = e.as_ref().and_then(|e| e.position);
        assert_eq!(position, Some(TextPosition { line: 2, column: 8 }));
        let shown = e.map(|e| e.to_string()).unwrap_or_default();
        assert!(shown.ends_with(" (line 2, column 8)"), "{shown}");
    }

    #[test]
    fn columns_count_utf16_units_and_lines_split_at_newlines() {
        // Each pair is (text, line and column of the fault), as an editor's cursor would stand
        // at the offending character: the column is 1 + the UTF-16 length before it.
        for (text, at) in [
            ("[1,\n 2,\n  x]", (3, 3)),
            ("[\"中文\", x]", (1, 8)),
            ("[\"😀\", x]", (1, 8)),
            ("[\"😀😀\",\n\"𠀀\" x]", (2, 6)),
            ("\r\n\r\n  @", (3, 3)),
            ("\n\n\n", (4, 1)),
            ("{\"a\":\n\"中\n", (2, 3)),
            ("\"é中😀\\q\"", (1, 7)),
        ] {
            let (line, column, message) = fault(text);
            assert_eq!((line, column), at, "{text:?}: {message}");
        }
    }

    #[test]
    fn an_error_at_the_end_of_the_text_is_past_its_last_character() {
        for (text, at) in [
            ("", (1, 1)),
            ("[", (1, 2)),
            ("{\"a\":", (1, 6)),
            ("[\n  \"😀", (2, 6)),
            ("[1,\n", (2, 1)),
            ("[\"中", (1, 4)),
        ] {
            let (line, column, message) = fault(text);
            assert_eq!((line, column), at, "{text:?}: {message}");
            assert!(
                message.contains("end") || message.contains("unterminated"),
                "{message}"
            );
        }
    }

    #[test]
    fn too_deep_is_located_too() {
        let deep = format!("{{\"a\":\n{}", "[".repeat(MAX_DEPTH + 1));
        let e = parse(&deep, &crate::Limits::default()).err();
        assert_eq!(e.as_ref().map(|e| e.too_deep), Some(true));
        assert_eq!(
            e.map(|e| e.position),
            Some(TextPosition {
                line: 2,
                column: MAX_DEPTH
            })
        );
    }

    #[test]
    fn a_span_is_located_in_the_whole_text() {
        let text = "[1,\n {\"b\": [[[0]]]}]";
        let start = text.find('{').unwrap_or(0);
        let span = start..text.len().saturating_sub(1);
        assert!(parse_span(text, span.clone(), &depth(9)).is_ok());
        let e = parse_span(text, span, &depth(3)).err();
        assert_eq!(
            e.map(|e| (e.too_deep, e.position)),
            Some((
                true,
                TextPosition {
                    line: 2,
                    column: 10
                }
            ))
        );
    }
}
