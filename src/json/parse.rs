use super::value::{ObjectBuilder, Value};
use crate::error::TextPosition;
use std::borrow::Cow;
use std::ops::Range;

/// Deepest nesting accepted. Recursion is bounded so deep input yields `TOO_DEEP`, not a stack
/// overflow (which in wasm traps and poisons the instance). Real documents nest a dozen levels.
pub(crate) const MAX_DEPTH: usize = 256;

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
pub(crate) fn parse_span(
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

/// [`parse`] of a document body: an escaped unpaired surrogate in a string value is kept
/// ([`Value::Unpaired`]), as the JavaScript string it stands for holds it.
pub fn parse_body(text: &str, limits: &crate::Limits) -> Result<Value, ParseError> {
    parse_body_span(text, 0..text.len(), limits)
}

/// [`parse_span`] of a document body ([`parse_body`]).
pub(crate) fn parse_body_span(
    text: &str,
    span: Range<usize>,
    limits: &crate::Limits,
) -> Result<Value, ParseError> {
    let mut p =
        Parser::with_limit(text.get(..span.end).unwrap_or(""), limits.max_depth).keeping_unpaired();
    p.pos = span.start.min(p.bytes.len());
    parse_with(p)
}

/// What `tokens` (a JSON pointer's, unescaped) name in a document body ([`parse_body`]), built
/// alone: a param match compares one field of each of thousands of bodies. The text is checked
/// whole, so it fails where [`parse_body`] fails.
pub fn parse_body_at(
    text: &str,
    tokens: &[String],
    limits: &crate::Limits,
) -> Result<Option<Value>, ParseError> {
    let whole = Parser::with_limit(text, limits.max_depth).keeping_unpaired();
    let Some((first, rest)) = tokens.split_first() else {
        return parse_with(whole).map(Some);
    };
    // The whole text is checked here, finding the first token's value on the way: what follows
    // reads inside it again and cannot fail.
    let mut p = whole;
    let mut found = p.member_at(0, first)?;
    p.skip_ws();
    p.end()?;
    let mut depth = 1usize;
    for token in rest {
        let Some(at) = found else {
            return Ok(None);
        };
        found = whole.at(at).member_at(depth, token)?;
        depth = depth.saturating_add(1);
    }
    found.map(|at| whole.at(at).value(depth)).transpose()
}

/// [`parse`] with a parser set up by the caller (see [`Parser::with_extra_depth`]).
pub(crate) fn parse_with(mut p: Parser<'_>) -> Result<Value, ParseError> {
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
    /// Whether an error works out its line and column (see [`Parser::unlocated`]).
    locate: bool,
    /// Whether string values keep unpaired surrogates ([`Parser::keeping_unpaired`]).
    keep_unpaired: bool,
}

impl<'a> Parser<'a> {
    pub fn new(text: &'a str) -> Self {
        Parser {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            limit: MAX_DEPTH,
            reported: MAX_DEPTH,
            locate: true,
            keep_unpaired: false,
        }
    }

    /// This parser with string values that keep an escaped unpaired surrogate
    /// ([`Value::Unpaired`]) rather than read it as U+FFFD: for document bodies, which are
    /// written back as `JSON.stringify` would write them. Keys still read it as U+FFFD.
    #[must_use]
    pub(crate) fn keeping_unpaired(self) -> Self {
        Parser {
            keep_unpaired: true,
            ..self
        }
    }

    /// This parser with errors that leave their line and column at 1:1, for a caller that only
    /// asks whether text reads (the chunked reader tries a document a chunk may have cut, and
    /// reads the whole text again at a fault): working them out costs a pass over the text.
    #[must_use]
    pub(crate) fn unlocated(self) -> Self {
        Parser {
            locate: false,
            ..self
        }
    }

    /// A parser that refuses nesting deeper than `limit` (a caller's `limits.maxDepth`).
    pub(crate) fn with_limit(text: &'a str, limit: usize) -> Self {
        Parser {
            limit,
            reported: limit,
            ..Parser::new(text)
        }
    }

    /// A parser whose depth limit is `limit + extra`, for text that wraps the values the
    /// limit is about in `extra` levels of its own (a document around its `data`).
    pub(crate) fn with_extra_depth(text: &'a str, limit: usize, extra: usize) -> Self {
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

    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    pub(crate) fn slice(&self, range: Range<usize>) -> &'a str {
        self.text.get(range).unwrap_or("")
    }

    /// An error at the cursor. Only here is the position worked out, so reading text that
    /// parses never pays for it.
    pub(crate) fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError {
            offset: self.pos,
            position: if self.locate {
                TextPosition::at_byte(self.text, self.pos)
            } else {
                TextPosition { line: 1, column: 1 }
            },
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

    pub(crate) fn peek(&self) -> Option<u8> {
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
    pub(crate) fn expect(&mut self, byte: u8, what: &str) -> Result<(), ParseError> {
        self.skip_ws();
        if self.peek() == Some(byte) {
            self.bump();
            Ok(())
        } else {
            Err(self.unexpected(what))
        }
    }

    /// Consumes `byte` after whitespace if it is next.
    pub(crate) fn eat(&mut self, byte: u8) -> bool {
        self.skip_ws();
        if self.peek() == Some(byte) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn unexpected(&self, expected: &str) -> ParseError {
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
    pub(crate) fn value(&mut self, depth: usize) -> Result<Value, ParseError> {
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
            Some(b'"') if self.keep_unpaired => self.string_value(),
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
                        self.skip_item(depth)?;
                        if self.comma_or(b'}', "',' or '}'")? {
                            break;
                        }
                    }
                }
            }
            Some(b'[') => {
                let depth = self.descend(depth)?;
                self.bump();
                if !self.eat(b']') {
                    loop {
                        self.skip_item(depth)?;
                        if self.comma_or(b']', "',' or ']'")? {
                            break;
                        }
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

    /// Where the member or element `token` names in the object or array here starts, after
    /// checking the object or array whole, at `depth`, as [`Parser::value`] checks it; `None`
    /// when there is none, or this is neither. A member named twice counts where `JSON.parse`
    /// keeps it, its last occurrence; an element is named by its index in canonical decimal, as
    /// [`Value::at`] reads it.
    pub(crate) fn member_at(
        &mut self,
        depth: usize,
        token: &str,
    ) -> Result<Option<usize>, ParseError> {
        self.skip_ws();
        let close = match self.peek() {
            Some(b'{') => b'}',
            Some(b'[') => b']',
            _ => return self.skip_value(depth).map(|_| None),
        };
        let what = if close == b'}' {
            "',' or '}'"
        } else {
            "',' or ']'"
        };
        let depth = self.descend(depth)?;
        self.bump();
        let mut found = None;
        if self.eat(close) {
            return Ok(found);
        }
        let wanted = token
            .parse::<usize>()
            .ok()
            .filter(|i| i.to_string() == token);
        let mut index = 0usize;
        loop {
            self.skip_ws();
            let named = if close == b'}' {
                let key = self.string_ref()?;
                self.expect(b':', "':'")?;
                self.skip_ws();
                *key == *token
            } else {
                Some(index) == wanted
            };
            if named {
                found = Some(self.pos);
            }
            self.skip_item(depth)?;
            index = index.saturating_add(1);
            if self.comma_or(close, what)? {
                return Ok(found);
            }
        }
    }

    /// A member's value or an element, at `depth`: most are strings, skipped here without the
    /// recursive call.
    fn skip_item(&mut self, depth: usize) -> Result<(), ParseError> {
        self.skip_ws();
        if self.peek() == Some(b'"') {
            self.skip_string()
        } else {
            self.skip_value(depth).map(drop)
        }
    }

    /// After a member or an element: consumes `,` (false) or `close` (true), after whitespace;
    /// anything else is an error expecting `what`.
    fn comma_or(&mut self, close: u8, what: &str) -> Result<bool, ParseError> {
        self.skip_ws();
        match self.peek() {
            Some(b',') => {
                self.bump();
                Ok(false)
            }
            Some(b) if b == close => {
                self.bump();
                Ok(true)
            }
            _ => Err(self.unexpected(what)),
        }
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
    pub(crate) fn string(&mut self) -> Result<String, ParseError> {
        self.string_ref().map(Cow::into_owned)
    }

    /// [`Parser::string`], borrowed from the text when the literal has no escape (most keys
    /// and short values), so reading a key allocates nothing.
    pub(crate) fn string_ref(&mut self) -> Result<Cow<'a, str>, ParseError> {
        self.string_noting(None)
    }

    /// A string value that keeps its unpaired surrogates ([`Parser::keeping_unpaired`]).
    fn string_value(&mut self) -> Result<Value, ParseError> {
        let mut at = Vec::new();
        let text = self.string_noting(Some(&mut at))?.into_owned();
        Ok(if at.is_empty() {
            Value::String(text)
        } else {
            // Each offset is where its U+FFFD was pushed, in order.
            Value::Unpaired(Box::new(super::Unpaired::from_parts(text, at)))
        })
    }

    /// [`Parser::string_ref`], noting in `unpaired` (when given) where each escaped unpaired
    /// surrogate's U+FFFD went, with its code unit.
    fn string_noting(
        &mut self,
        mut unpaired: Option<&mut Vec<(usize, u16)>>,
    ) -> Result<Cow<'a, str>, ParseError> {
        if self.peek() != Some(b'"') {
            return Err(self.unexpected("a string"));
        }
        self.bump();
        let start = self.pos;
        self.skip_plain();
        let plain = self.slice(start..self.pos);
        if self.peek() == Some(b'"') {
            self.bump();
            return Ok(Cow::Borrowed(plain));
        }
        let mut out = String::from(plain);
        loop {
            match self.peek() {
                Some(b'"') => {
                    self.bump();
                    return Ok(Cow::Owned(out));
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
                            let (c, lone) = self.unicode_escape()?;
                            if let (Some(unit), Some(noted)) = (lone, unpaired.as_deref_mut()) {
                                noted.push((out.len(), unit));
                            }
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
            let run_start = self.pos;
            self.skip_plain();
            out.push_str(self.slice(run_start..self.pos));
        }
    }

    /// After `\u`: one code point, joining a surrogate pair; a lone surrogate becomes U+FFFD,
    /// and is given apart.
    #[allow(clippy::arithmetic_side_effects)] // hi and lo are range-checked surrogates
    fn unicode_escape(&mut self) -> Result<(char, Option<u16>), ParseError> {
        let hi = self.hex4()?;
        if (0xD800..0xDC00).contains(&hi)
            && self.bytes.get(self.pos..self.pos.saturating_add(2)) == Some(b"\\u")
        {
            let save = self.pos;
            self.pos = self.pos.saturating_add(2);
            let lo = self.hex4()?;
            if (0xDC00..0xE000).contains(&lo) {
                let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                return Ok((
                    char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER),
                    None,
                ));
            }
            self.pos = save;
        }
        Ok(match char::from_u32(hi) {
            Some(c) => (c, None),
            // hex4 gives at most 0xFFFF: not a char only when a surrogate.
            #[allow(clippy::cast_possible_truncation)]
            None => (char::REPLACEMENT_CHARACTER, Some(hi as u16)),
        })
    }

    /// Validates a string literal without unescaping it.
    pub(crate) fn skip_string(&mut self) -> Result<(), ParseError> {
        #[cfg(target_arch = "wasm32")]
        {
            self.skip_string_simd()
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.skip_string_with(special_byte_swar)
        }
    }

    /// [`Parser::skip_string`] compiled with SIMD, so the scanner is inlined into its loop: a
    /// function without the feature could only call it, once per escape or quote.
    #[cfg(target_arch = "wasm32")]
    #[target_feature(enable = "simd128")]
    fn skip_string_simd(&mut self) -> Result<(), ParseError> {
        self.skip_string_with(|bytes, pos| {
            // Closures: a function with a target feature is not an `Fn`.
            unchecked_byte_by16(
                bytes,
                pos,
                |block| special_lanes_simd(block),
                |block| escape_lanes_simd(block),
            )
        })
    }

    /// [`Parser::skip_string`], `find` giving where to look next: at a quote, a control byte or
    /// the `\\` of an escape ([`special_byte`], or [`unchecked_byte_by16`], which passes over
    /// escapes it has checked).
    #[inline(always)]
    fn skip_string_with(&mut self, find: impl Fn(&[u8], usize) -> usize) -> Result<(), ParseError> {
        if self.peek() != Some(b'"') {
            return Err(self.unexpected("a string"));
        }
        // The cursor stays in a local while the string is plain: bodies are mostly strings,
        // many of them JSON text themselves (an escaped quote every few bytes).
        let mut pos = self.pos.saturating_add(1);
        loop {
            pos = find(self.bytes, pos);
            match self.bytes.get(pos) {
                Some(b'"') => {
                    self.pos = pos.saturating_add(1);
                    return Ok(());
                }
                Some(b'\\') => match self.bytes.get(pos.saturating_add(1)) {
                    Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                        pos = pos.saturating_add(2);
                    }
                    Some(b'u') => {
                        self.pos = pos.saturating_add(2);
                        self.hex4()?;
                        pos = self.pos;
                    }
                    _ => {
                        self.pos = pos.saturating_add(1);
                        return Err(self.unexpected("a valid escape"));
                    }
                },
                Some(_) => {
                    self.pos = pos;
                    return Err(self.error("unescaped control character in string"));
                }
                None => {
                    self.pos = pos;
                    return Err(self.error("unterminated string"));
                }
            }
        }
    }

    /// Advances over string bytes that need no attention (not `"`, `\\` or a control byte).
    fn skip_plain(&mut self) {
        self.pos = special_byte(self.bytes, self.pos);
    }
}

/// The offset of the first byte at or after `pos` that a string's reader must look at — `"`,
/// `\\` or a control byte — or `bytes.len()` if there is none. Bodies are mostly strings, and
/// this is where reading JSON text spends its time: in wasm it tests sixteen bytes at once
/// (SIMD), elsewhere eight (SWAR).
fn special_byte(bytes: &[u8], pos: usize) -> usize {
    #[cfg(target_arch = "wasm32")]
    {
        special_byte_simd(bytes, pos)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        special_byte_swar(bytes, pos)
    }
}

/// [`special_byte`] eight bytes at a time in a `u64`.
fn special_byte_swar(bytes: &[u8], mut pos: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // The high bit of each zero byte of `x`. A borrow only runs upward from a zero byte, so
    // bits above the first may be false but the lowest set bit is always the first zero byte.
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    while let Some(chunk) = bytes.get(pos..).and_then(<[u8]>::first_chunk::<8>) {
        let x = u64::from_le_bytes(*chunk);
        let quote = has_zero(x ^ (ONES * u64::from(b'"')));
        let backslash = has_zero(x ^ (ONES * u64::from(b'\\')));
        // A byte below 0x20: subtracting 0x20 borrows into its high bit (ASCII bytes only;
        // bytes of 0x80 and up have the high bit set already and are masked out by `!x`).
        // Again only the lowest set bit is sure, which is all that is read.
        let control = x.wrapping_sub(ONES * 0x20) & !x & HIGHS;
        let found = quote | backslash | control;
        if found != 0 {
            // Little-endian: byte k of the chunk is bits 8k..8k+8.
            return pos.saturating_add((found.trailing_zeros() / 8) as usize);
        }
        pos = pos.saturating_add(8);
    }
    while let Some(&b) = bytes.get(pos) {
        if b == b'"' || b == b'\\' || b < 0x20 {
            break;
        }
        pos = pos.saturating_add(1);
    }
    pos
}

/// [`special_byte`] sixteen bytes at a time: `lanes` gives a block's special bytes as bits
/// (bit k for byte k); the last fifteen bytes or fewer go to [`special_byte_swar`]. Always
/// inlined, so that `lanes` is inlined in turn into a caller compiled with SIMD.
#[cfg(any(target_arch = "wasm32", test))]
#[inline(always)]
fn special_byte_by16(bytes: &[u8], mut pos: usize, lanes: impl Fn(&[u8; 16]) -> u16) -> usize {
    while let Some(block) = bytes.get(pos..).and_then(<[u8]>::first_chunk::<16>) {
        let found = lanes(block);
        if found != 0 {
            return pos.saturating_add(found.trailing_zeros() as usize);
        }
        pos = pos.saturating_add(16);
    }
    special_byte_swar(bytes, pos)
}

/// Where validating a string must look next, from `pos` (not inside an escape): as
/// [`special_byte`], but escapes of one character (`\\"`, `\\n`…) wholly inside a 16-byte
/// block are checked and passed over here, so only a quote, a control byte or the `\\` of an
/// escape to read byte by byte (`\\u`, a wrong one, one that ends past the block) stops it.
/// Strings of JSON text (`{\\"title\\":\\"…`) have an escape every few bytes: one block's
/// bits handle them all. `special` is as in [`special_byte_by16`]; `escapes` gives a block's
/// [`EscapeLanes`].
#[cfg(any(target_arch = "wasm32", test))]
#[inline(always)]
fn unchecked_byte_by16(
    bytes: &[u8],
    mut pos: usize,
    special: impl Fn(&[u8; 16]) -> u16,
    escapes: impl Fn(&[u8; 16]) -> EscapeLanes,
) -> usize {
    while let Some(pair) = bytes.get(pos..).and_then(<[u8]>::first_chunk::<32>) {
        // Two blocks a turn, one branch while both are plain (most of a body's bytes).
        let (Some(low), Some(high)) = (pair.first_chunk::<16>(), pair.last_chunk::<16>()) else {
            break;
        };
        let (mut block, mut found) = (low, special(low));
        if found == 0 {
            found = special(high);
            if found == 0 {
                pos = pos.saturating_add(32);
                continue;
            }
            block = high;
            pos = pos.saturating_add(16);
        }
        if let Some(at) = stop_in_block(block, found, &escapes) {
            return pos.saturating_add(at);
        }
        pos = pos.saturating_add(16);
    }
    while let Some(block) = bytes.get(pos..).and_then(<[u8]>::first_chunk::<16>) {
        let found = special(block);
        if found != 0 {
            if let Some(at) = stop_in_block(block, found, &escapes) {
                return pos.saturating_add(at);
            }
        }
        pos = pos.saturating_add(16);
    }
    special_byte_swar(bytes, pos)
}

/// Where in a block whose special bytes are `found` (not none) the string needs attention: its
/// first quote or control byte when it has no backslash, else the first that is not escaped or
/// the backslash of an escape that is not of one character; `None` when every special byte is
/// such an escape's.
#[cfg(any(target_arch = "wasm32", test))]
#[inline(always)]
pub(super) fn stop_in_block<B: ?Sized>(
    block: &B,
    found: u16,
    escapes: &impl Fn(&B) -> EscapeLanes,
) -> Option<usize> {
    let lanes = escapes(block);
    if lanes.backslash == 0 {
        return Some(found.trailing_zeros() as usize);
    }
    let escaped = escaped_bits(lanes.backslash);
    // A quote or control byte that is not escaped, or an escaped byte that does not make a
    // one-character escape (bit 16, the byte after the block, never does).
    let stops =
        (u32::from(lanes.quote_or_control) & !escaped) | (escaped & !u32::from(lanes.escapable));
    if stops == 0 {
        return None;
    }
    let k = stops.trailing_zeros();
    // At an escaped byte, stop at its backslash, where the escape begins.
    Some(k.saturating_sub((escaped >> k) & 1) as usize)
}

/// The bytes of a 16-byte block that [`unchecked_byte_by16`] reads, one bit per byte (or the
/// code units of a 16-unit block, for [`super::wide`]).
#[cfg(any(target_arch = "wasm32", test))]
pub(super) struct EscapeLanes {
    pub(super) backslash: u16,
    pub(super) quote_or_control: u16,
    /// Bytes that can follow a `\\` as a one-character escape: `"\\/bfnrt`.
    pub(super) escapable: u16,
}

/// The bytes that backslashes escape (bit k for byte k) in a block whose first byte is not
/// escaped, given its backslashes: in a run of backslashes every second one is escaped, and
/// the byte after a run of odd length. Bit 16 is the byte after the block. Branch-free, from
/// simdjson: adding each run's first backslash to the run carries out of its end, and the
/// parity of where runs start and end is read against the odd bit positions.
#[cfg(any(target_arch = "wasm32", test))]
pub(super) fn escaped_bits(backslash: u16) -> u32 {
    const ODD: u32 = 0xAAAA_AAAA;
    let b = u32::from(backslash);
    let escape_and_terminal = ((b << 1) | ODD).wrapping_sub(b) ^ ODD;
    (escape_and_terminal ^ b) & 0x1_FFFF
}

/// [`special_byte`] with wasm SIMD. Every engine ctxpack runs in has it (docs/RUNTIMES.md), and
/// where it is missing the module fails to load as a whole, never half-way; so the feature is
/// enabled for the scanner's functions alone rather than for the whole build (whose size it
/// would change everywhere), and they are called like any function.
#[cfg(target_arch = "wasm32")]
#[target_feature(enable = "simd128")]
fn special_byte_simd(bytes: &[u8], pos: usize) -> usize {
    special_byte_by16(bytes, pos, |block| special_lanes_simd(block))
}

/// A block as a SIMD vector, byte k in lane k.
#[cfg(target_arch = "wasm32")]
#[target_feature(enable = "simd128")]
#[inline]
fn load(block: &[u8; 16]) -> core::arch::wasm32::v128 {
    // From a u128, so that it compiles to one `v128.load` (byte by byte it would be sixteen
    // lane loads), with no `unsafe` pointer load.
    let x = u128::from_le_bytes(*block);
    core::arch::wasm32::u64x2(x as u64, (x >> 64) as u64)
}

/// The special bytes of a 16-byte block as bits, with wasm SIMD.
#[cfg(target_arch = "wasm32")]
#[target_feature(enable = "simd128")]
#[inline]
fn special_lanes_simd(block: &[u8; 16]) -> u16 {
    use core::arch::wasm32::{u8x16_bitmask, u8x16_eq, u8x16_lt, u8x16_splat, v128_or};
    let v = load(block);
    let found = v128_or(
        v128_or(
            u8x16_eq(v, u8x16_splat(b'"')),
            u8x16_eq(v, u8x16_splat(b'\\')),
        ),
        u8x16_lt(v, u8x16_splat(0x20)),
    );
    u8x16_bitmask(found)
}

/// A block's [`EscapeLanes`], with wasm SIMD.
#[cfg(target_arch = "wasm32")]
#[target_feature(enable = "simd128")]
#[inline]
fn escape_lanes_simd(block: &[u8; 16]) -> EscapeLanes {
    use core::arch::wasm32::{u8x16_bitmask, u8x16_eq, u8x16_lt, u8x16_splat, v128_or};
    let v = load(block);
    EscapeLanes {
        backslash: u8x16_bitmask(u8x16_eq(v, u8x16_splat(b'\\'))),
        quote_or_control: u8x16_bitmask(v128_or(
            u8x16_eq(v, u8x16_splat(b'"')),
            u8x16_lt(v, u8x16_splat(0x20)),
        )),
        escapable: u8x16_bitmask(escapable_simd(v)),
    }
}

/// The bytes of `v` that can follow a `\\` as a one-character escape (`"\\/bfnrt`): all ones
/// in their lanes.
#[cfg(target_arch = "wasm32")]
#[target_feature(enable = "simd128")]
#[inline]
pub(super) fn escapable_simd(v: core::arch::wasm32::v128) -> core::arch::wasm32::v128 {
    use core::arch::wasm32::{u8x16, u8x16_ne, u8x16_shr, u8x16_splat, u8x16_swizzle, v128_and};
    // "\\/bfnrt by nibbles: a byte is escapable when the class bits of its low nibble and of
    // its high nibble meet (1: 0x2_, 2: 0x5_, 4: 0x6_, 8: 0x7_).
    let by_low = u8x16(0, 0, 1 | 4 | 8, 0, 8, 0, 4, 0, 0, 0, 0, 0, 2, 0, 4, 1);
    let by_high = u8x16(0, 0, 1, 0, 0, 2, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0);
    let classes = v128_and(
        u8x16_swizzle(by_low, v128_and(v, u8x16_splat(0x0F))),
        u8x16_swizzle(by_high, u8x16_shr(v, 4)),
    );
    u8x16_ne(classes, u8x16_splat(0))
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

    /// Whether `text` is one JSON value by [`Parser::skip_value`], and where it is refused.
    fn skipped(text: &str) -> Result<(), usize> {
        let mut p = Parser::new(text);
        p.skip_value(0)
            .and_then(|_| {
                p.skip_ws();
                p.end()
            })
            .map_err(|e| e.offset)
    }

    #[test]
    fn skip_value_accepts_exactly_what_parse_accepts() {
        let mut texts: Vec<String> = [
            "{\"a\":[1,2,{\"b\":\"\\u0041\"}]}",
            "[1,]",
            "\"\\q\"",
            "-",
            "true",
            "[[[]]]",
        ]
        .map(String::from)
        .into();
        // Strings that end, or go wrong, on each side of the scanners' 8- and 16-byte blocks.
        for n in 0..40 {
            let a = "a".repeat(n);
            for tail in [
                "\"",
                "\\\"x\"",
                "\\\\\"",
                "\\u00e9\"",
                "\\u00g9\"",
                "\\x\"",
                "\u{1}\"",
                "\\",
            ] {
                texts.push(format!("{{\"{a}\":\"{a}{tail},\"k\":[\"{a}{tail}]}}"));
                texts.push(format!("[\"{a}{tail}, \"é{a}{tail}]"));
            }
        }
        for text in &texts {
            assert_eq!(
                skipped(text),
                parse(text, &crate::Limits::default())
                    .map(drop)
                    .map_err(|e| e.offset),
                "{text}"
            );
        }
    }

    #[test]
    fn parse_body_at_builds_what_the_whole_body_holds_there() {
        let limits = crate::Limits::default();
        let texts = [
            r#"{"episodeNumber":3,"title":"x"}"#,
            r#"{"episodeNumber":3,"episodeNumber":4}"#,
            r#"{"a":{"b":[10,{"c":"\ud800"}]},"a":{"b":[20]}}"#,
            r#"{"a":{"b":[10,{"c":"\ud800"}]}}"#,
            r#"{"e\u0070":1, "ep":2}"#,
            r#" [ 5 , [6, 7] , {"0": 8} ] "#,
            r#"{"a":1,}"#,
            r#"{"a":1} x"#,
            r#"[[[[1]]]]"#,
            r#"{"deep":[[[[[1]]]]], "a": 1}"#,
            "3",
            r#""text""#,
            "not json",
            r#"{"a":"#,
        ];
        let pointers: [&[&str]; 12] = [
            &[],
            &["episodeNumber"],
            &["a"],
            &["a", "b"],
            &["a", "b", "0"],
            &["a", "b", "1", "c"],
            &["ep"],
            &["0"],
            &["1", "1"],
            &["01"],
            &["2", "0"],
            &["missing", "x"],
        ];
        for depth in [3, 256] {
            let limits = crate::Limits {
                max_depth: depth,
                ..limits
            };
            for text in texts {
                for pointer in pointers {
                    let tokens: Vec<String> = pointer.iter().map(|t| t.to_string()).collect();
                    let want = parse_body(text, &limits)
                        .map(|v| v.at(&tokens).cloned())
                        .map_err(|e| (e.offset, e.too_deep));
                    let got =
                        parse_body_at(text, &tokens, &limits).map_err(|e| (e.offset, e.too_deep));
                    assert_eq!(got, want, "{text} at {pointer:?}, depth {depth}");
                }
            }
        }
    }

    #[test]
    fn word_at_a_time_scanning_finds_every_special_byte() {
        // Up to three 16-byte blocks (wasm) or six 8-byte words (elsewhere) before the byte.
        for len in 0..48 {
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
            let at = bad.find('\u{7}');
            assert_eq!(
                parse(&bad, &crate::Limits::default())
                    .err()
                    .map(|e| e.offset),
                at
            );
            assert_eq!(Parser::new(&bad).skip_value(0).err().map(|e| e.offset), at);
        }
    }

    /// A block's bits as the SIMD code computes them, one byte at a time: the block scanners
    /// run with these natively (tests/node/scan.test.mjs runs the SIMD code in wasm).
    fn lanes(block: &[u8; 16], test: impl Fn(u8) -> bool) -> u16 {
        (0..16).fold(
            0,
            |bits, k| {
                if test(block[k]) {
                    bits | 1 << k
                } else {
                    bits
                }
            },
        )
    }

    fn special_lanes(block: &[u8; 16]) -> u16 {
        lanes(block, |b| b == b'"' || b == b'\\' || b < 0x20)
    }

    fn escape_lanes(block: &[u8; 16]) -> EscapeLanes {
        EscapeLanes {
            backslash: lanes(block, |b| b == b'\\'),
            quote_or_control: lanes(block, |b| b == b'"' || b < 0x20),
            escapable: lanes(block, |b| b"\"\\/bfnrt".contains(&b)),
        }
    }

    #[test]
    fn escaped_bits_are_what_reading_byte_by_byte_finds() {
        for backslash in 0..=u16::MAX {
            let mut escaped = 0u32;
            let mut k = 0;
            while k < 16 {
                if backslash >> k & 1 == 1 {
                    escaped |= 1 << (k + 1);
                    k += 2;
                } else {
                    k += 1;
                }
            }
            assert_eq!(escaped_bits(backslash), escaped, "{backslash:016b}");
        }
    }

    /// What reading the string at the start of `text` gives: the error's offset and message,
    /// and where the cursor is left.
    fn read_with(
        text: &str,
        find: impl Fn(&[u8], usize) -> usize,
    ) -> (Result<(), (usize, String)>, usize) {
        let mut p = Parser::new(text);
        let r = p.skip_string_with(find).map_err(|e| (e.offset, e.message));
        (r, p.pos())
    }

    #[test]
    fn the_block_scanners_stop_where_the_byte_scanner_does() {
        // Strings made of pieces that are plain (1 to 3 bytes), special, escapes good and bad,
        // and JSON text, at every offset in and across 16-byte blocks.
        let pieces = [
            "a",
            "é",
            "中",
            "😀",
            "\"",
            "\\\"",
            "\\\\",
            "\\n",
            "\\/",
            "\\u00e9",
            "\\u12",
            "\\x",
            "\\\u{1}",
            "\u{1}",
            "\u{1f}",
            "\\",
            "{\\\"k\\\":\\\"",
            "aaaaaaaaaaaaaaa",
            "\\u00G0",
        ];
        let mut next = crate::test_rng::xorshift(0x2545_f491_4f6c_dd1d);
        for case in 0..20_000 {
            let mut text = String::from("\"");
            for _ in 0..(case % 24) {
                text.push_str(pieces[next(pieces.len())]);
            }
            if case % 3 != 0 {
                text.push('"');
            }
            let bytes = text.as_bytes();
            let by_byte = read_with(&text, special_byte_swar);
            let by_block = read_with(&text, |b, at| {
                unchecked_byte_by16(b, at, special_lanes, escape_lanes)
            });
            assert_eq!(by_block, by_byte, "{text:?}");
            for at in 0..bytes.len() {
                assert_eq!(
                    special_byte_by16(bytes, at, special_lanes),
                    special_byte_swar(bytes, at),
                    "{text:?} from {at}"
                );
            }
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
