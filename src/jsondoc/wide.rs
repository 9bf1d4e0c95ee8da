//! Documents read from a JavaScript string as its UTF-16 code units, a chunk at a time: the
//! text is never transcoded whole, only each document's metadata and a body when it is rendered.
//!
//! [`super::ChunkedDocs`] reads a string as UTF-8 (`TextEncoder.encodeInto` a chunk at a time),
//! which was the largest cost of a call: 43% in Node, 62% in Chromium. The units themselves
//! cross as a copy ([`UnitSource::utf16le`]; in Node `Buffer.write` as UTF-16LE), and
//! [`crate::json::wide`] validates and skips them as they are.
//!
//! Each document is checked as JSON in units ([`WideScanner`]: what `JSON.parse` refuses, and
//! nesting past `maxDepth`, as the whole reader counts it); then its metadata members (`id`,
//! `schema_type`, `origin_type`, `created_at`, `is_leaf`) are transcoded and checked by
//! [`DocMeta::from_fields`], the whole reader's own check (`read_doc` in `super::lazy`). `data`
//! and `metadata` stay units. Members ctxpack does not read are checked as JSON and left.
//!
//! As [`super::ChunkedDocs`], only text that reads cleanly is read this way: at the first fault
//! the reader gives up (`Ok(None)`) and the caller reads the whole text, which reports it.

use super::chunked::{body_text_at, held_body, CHUNK_UNITS, JOINED_MAX};
use super::document::{
    check_unique_ids, out_of_range, Bodies, DocMeta, DocSet, MetaFields, ReadDoc, TypeNames,
};
use super::lazy::{data_from, metadata_from};
use crate::json::wide::{has_backslash, push_utf8, spells, unit_at, Scan, Stop, WideScanner};
use crate::json::{self, Parser, Value};
use crate::{Limits, Result};
use std::ops::Range;

/// JSON text held elsewhere as UTF-16 code units: a JavaScript string.
pub trait UnitSource {
    /// The text's length in units.
    fn units(&self) -> usize;
    /// Units `from..from + into.len() / 2` into `into` as UTF-16LE; false when the source no
    /// longer holds them.
    fn utf16le(&self, from: usize, into: &mut [u8]) -> bool;
    /// The UTF-8 of units `from..to`, a lone surrogate as U+FFFD (as `TextEncoder` writes it).
    fn utf8(&self, from: usize, to: usize) -> Option<String>;
}

/// The most units one scan holds (a document larger is read with the whole text): the bytes
/// [`JOINED_MAX`] allows the reader of UTF-8.
const WINDOW_MAX: usize = JOINED_MAX / 2;

/// Documents whose bodies stay in the `UnitSource`; their ranges are in units.
pub struct WideDocs {
    source: Box<dyn UnitSource>,
    metas: Vec<DocMeta>,
    bodies: Bodies,
    limits: Limits,
    /// The `data` of documents read while ranking, as read (UTF-16LE): a param match finds its
    /// field in an object body without transcoding the rest ([`field_in_units`]), and reads any
    /// other body as [`super::ChunkedDocs`] reads the text it keeps.
    held: Vec<(usize, Vec<u8>)>,
}

impl WideDocs {
    /// Reads a JSON array of documents from `source` under `limits`, or `Ok(None)` when the text
    /// holds a fault anywhere (or is not an array): read it whole then, for the exact error.
    /// The caller has checked the text's length against `limits.maxTextLength`. `hold` says of a
    /// document's type whether its `data` is kept as read.
    pub fn read(
        source: impl UnitSource + 'static,
        limits: &Limits,
        hold: &dyn Fn(&str) -> bool,
    ) -> Result<Option<Self>> {
        Self::read_in(source, limits, CHUNK_UNITS, hold)
    }

    /// [`WideDocs::read`] with chunks of `chunk_units` (at least 1).
    pub fn read_in(
        source: impl UnitSource + 'static,
        limits: &Limits,
        chunk_units: usize,
        hold: &dyn Fn(&str) -> bool,
    ) -> Result<Option<Self>> {
        let source: Box<dyn UnitSource> = Box::new(source);
        let mut w = Window {
            source: &*source,
            bytes: Vec::new(),
            start: 0,
            loaded: 0,
            chunk: chunk_units.max(1),
            limit: limits.max_depth,
        };
        let mut metas = Vec::new();
        let mut bodies = Vec::new();
        let mut held = Vec::new();
        let mut types = TypeNames::default();
        let Some(mut pos) = w.scan(0, &mut |s| s.expect(b'[')) else {
            return Ok(None);
        };
        let mut empty = false;
        let Some(at) = w.scan(pos, &mut |s| {
            empty = s.token()? == u16::from(b']');
            Ok(())
        }) else {
            return Ok(None);
        };
        let mut members = Members::new();
        if empty {
            pos = at.saturating_add(1);
        } else {
            loop {
                let i = metas.len();
                // The whole reader refuses the one too many before reading it, as here.
                limits.check_documents(i.saturating_add(1), "")?;
                let Some(end) = w.scan(pos, &mut |s| document(s, &mut members)) else {
                    return Ok(None);
                };
                let Some((meta, data, metadata)) = w.read(i, &members, &mut types) else {
                    return Ok(None);
                };
                if hold(&meta.schema_type) {
                    let local = w.local(&data);
                    let units = (w.bytes)
                        .get(local.start.saturating_mul(2)..local.end.saturating_mul(2))
                        .unwrap_or_default();
                    held.push((i, units.to_vec()));
                }
                metas.push(meta);
                bodies.push((data, metadata));
                let mut last = false;
                let Some(after) = w.scan(end, &mut |s| {
                    last = s.comma_or(b']')?;
                    Ok(())
                }) else {
                    return Ok(None);
                };
                pos = after;
                if last {
                    break;
                }
            }
        }
        if !w.rest_is_blank(pos) {
            return Ok(None);
        }
        check_unique_ids(&metas)?;
        Ok(Some(WideDocs {
            source,
            metas,
            bodies,
            limits: *limits,
            held,
        }))
    }

    /// Units `range` of the text, parsed as a body ([`json::parse_body_span`]).
    fn parse_units(&self, range: &Range<usize>) -> std::result::Result<Value, json::ParseError> {
        // A source that failed gives an empty text, which fails to parse as the body.
        let text = self.source.utf8(range.start, range.end).unwrap_or_default();
        json::parse_body_span(&text, 0..text.len(), &self.limits)
    }
}

/// A document's members: the units of each key (quotes included) and of its value, in the
/// window.
type Members = Vec<(Range<usize>, Range<usize>)>;

/// One document object at the scanner, checked as JSON; its members into `members`. Also an
/// object body's members, for a param match ([`field_in_units`]).
fn document(s: &mut WideScanner<'_>, members: &mut Members) -> Scan<()> {
    members.clear();
    s.expect(b'{')?;
    if s.token()? == u16::from(b'}') {
        return s.expect(b'}');
    }
    loop {
        s.skip_ws();
        let key_start = s.pos();
        s.string()?;
        let key = key_start..s.pos();
        s.expect(b':')?;
        members.push((key, s.skip_value()?));
        if s.comma_or(b'}')? {
            return Ok(());
        }
    }
}

/// What `tokens` name in a body held as its units (UTF-16LE, checked as JSON when it was read),
/// as [`json::parse_body_at`] finds it in the body's text: a member named twice counts at its
/// last occurrence, and only the value found is transcoded and built. `None` where this reader
/// does not decide — a body that is not an object (a string body is JSON text), a key with an
/// escape or a surrogate, an array on the way, a value that does not build — and the caller
/// reads the body as text.
fn field_in_units(bytes: &[u8], tokens: &[String], limits: &Limits) -> Option<Option<Value>> {
    let mut at = 0..bytes.len() / 2;
    // A string body is JSON text of the data (the app's rows), to decode and read whole.
    if first_ascii(bytes, &at) != Some(b'{') {
        return None;
    }
    let mut members = Members::new();
    let mut name = String::new();
    for token in tokens {
        let mut s = WideScanner::new(bytes, at.start, limits.max_depth);
        match u8::try_from(s.token().ok()?) {
            Ok(b'{') => document(&mut s, &mut members).ok()?,
            Ok(b'[') => return None,
            // A scalar has no members.
            _ => return Some(None),
        }
        let mut found = None;
        for (key, value) in &members {
            let inner = key.start.saturating_add(1)..key.end.saturating_sub(1);
            if has_backslash(bytes, inner.clone()) {
                return None;
            }
            name.clear();
            push_utf8(&mut name, bytes, inner);
            // A lone surrogate in the key, as U+FFFD here, is not what the text reader compares.
            if name.contains('\u{FFFD}') {
                return None;
            }
            if name == *token {
                found = Some(value.clone());
            }
        }
        match found {
            Some(value) => at = value,
            None => return Some(None),
        }
    }
    let mut text = String::new();
    push_utf8(&mut text, bytes, at);
    json::parse_body(&text, limits).ok().map(Some)
}

/// The first unit of a value at units `range` of `bytes`, which tells its kind (all are ASCII).
fn first_ascii(bytes: &[u8], range: &Range<usize>) -> Option<u8> {
    unit_at(bytes, range.start).and_then(|c| u8::try_from(c).ok())
}

/// What a document's member is to ctxpack, by its key.
enum Member {
    Id,
    SchemaType,
    OriginType,
    CreatedAt,
    IsLeaf,
    Data,
    Metadata,
    Other,
}

impl Member {
    /// The member whose key (checked as JSON, quotes included) is units `key` of `bytes`.
    fn of(bytes: &[u8], key: Range<usize>) -> Option<Member> {
        let name = key.start.saturating_add(1)..key.end.saturating_sub(1);
        let member = Member::named(name.len(), |word| spells(bytes, name.clone(), word));
        if !matches!(member, Member::Other) || !has_backslash(bytes, name) {
            return Some(member);
        }
        // Escaped (rare): decoded, as the whole reader decodes it.
        let mut quoted = String::new();
        push_utf8(&mut quoted, bytes, key);
        let name = Parser::new(&quoted).string().ok()?;
        Some(Member::named(name.len(), |word| name == word))
    }

    /// The member named `len` bytes long (UTF-8; ASCII for all but `Other`), `is` telling the
    /// name.
    fn named(len: usize, is: impl Fn(&str) -> bool) -> Member {
        match len {
            2 if is("id") => Member::Id,
            4 if is("data") => Member::Data,
            7 if is("is_leaf") => Member::IsLeaf,
            8 if is("metadata") => Member::Metadata,
            10 if is("created_at") => Member::CreatedAt,
            11 if is("schema_type") => Member::SchemaType,
            11 if is("origin_type") => Member::OriginType,
            _ => Member::Other,
        }
    }
}

/// The units read so far that a scan may still need, and where they are in the text.
struct Window<'s> {
    source: &'s dyn UnitSource,
    /// UTF-16LE.
    bytes: Vec<u8>,
    /// The unit of the text at `bytes[0..2]`.
    start: usize,
    /// The end of the units loaded, in units of the text.
    loaded: usize,
    chunk: usize,
    limit: usize,
}

impl Window<'_> {
    /// `range` (units of the text) in units of the window.
    fn local(&self, range: &Range<usize>) -> Range<usize> {
        range.start.saturating_sub(self.start)..range.end.saturating_sub(self.start)
    }

    /// The next chunk, dropping the units before `keep`; false at the end of the text or where
    /// the source fails.
    fn more(&mut self, keep: usize) -> bool {
        let total = self.source.units();
        if self.loaded >= total {
            return false;
        }
        let drop = keep.saturating_sub(self.start).min(self.bytes.len() / 2);
        self.bytes.drain(..drop.saturating_mul(2));
        self.start = self.start.saturating_add(drop);
        let n = self.chunk.min(total.saturating_sub(self.loaded));
        let old = self.bytes.len();
        self.bytes
            .resize(old.saturating_add(n.saturating_mul(2)), 0);
        let fresh = self.bytes.get_mut(old..).unwrap_or_default();
        if !self.source.utf16le(self.loaded, fresh) {
            return false;
        }
        self.loaded = self.loaded.saturating_add(n);
        true
    }

    /// `f` at unit `from` of the text, again with more text while the window ends too soon;
    /// where it stopped, or `None` at a fault, at the text's end, or where one scan would hold
    /// more than [`WINDOW_MAX`] units. (A `dyn` closure: one copy of the loop for every scan.)
    fn scan(
        &mut self,
        from: usize,
        f: &mut dyn FnMut(&mut WideScanner<'_>) -> Scan<()>,
    ) -> Option<usize> {
        loop {
            let at = from.checked_sub(self.start)?;
            let mut s = WideScanner::new(&self.bytes, at, self.limit);
            match f(&mut s) {
                Ok(()) => return Some(self.start.saturating_add(s.pos())),
                Err(Stop::Fault) => return None,
                Err(Stop::End) => {
                    if !self.more(from) || self.loaded.saturating_sub(from) > WINDOW_MAX {
                        return None;
                    }
                }
            }
        }
    }

    /// Whether nothing but whitespace follows unit `pos`.
    fn rest_is_blank(&mut self, mut pos: usize) -> bool {
        loop {
            let Some(at) = pos.checked_sub(self.start) else {
                return false;
            };
            let mut s = WideScanner::new(&self.bytes, at, self.limit);
            match s.token() {
                Ok(_) => return false,
                Err(_) => {
                    pos = self.start.saturating_add(s.pos());
                    if !self.more(pos) {
                        return self.loaded >= self.source.units();
                    }
                }
            }
        }
    }

    /// Document `i`'s metadata and the units of its `data` and `metadata` in the text, from its
    /// `members` (checked as JSON): the metadata members made values and checked by
    /// [`DocMeta::from_fields`], as the reader of whole text does (`read_doc`); `None` where
    /// that fails.
    fn read(&self, i: usize, members: &Members, types: &mut TypeNames) -> Option<ReadDoc> {
        let bytes = &self.bytes;
        let mut fields = MetaFields::default();
        let mut data = None;
        let mut metadata = None;
        // A repeated member: the last one counts, as in the whole reader.
        for (key, value) in members {
            let field = match Member::of(bytes, key.clone())? {
                Member::Id => &mut fields.id,
                Member::SchemaType => &mut fields.schema_type,
                Member::OriginType => &mut fields.origin_type,
                Member::CreatedAt => &mut fields.created_at,
                Member::IsLeaf => &mut fields.is_leaf,
                Member::Data => {
                    data = Some(value.clone());
                    continue;
                }
                Member::Metadata => {
                    metadata = Some(value.clone());
                    continue;
                }
                Member::Other => continue,
            };
            *field = Some(self.value(value.clone())?);
        }
        let meta = DocMeta::from_fields(i, fields, types).ok()?;
        let in_text =
            |r: Range<usize>| r.start.saturating_add(self.start)..r.end.saturating_add(self.start);
        let data = in_text(data?);
        // `metadata: null` is the same as no metadata; an object, or a string of its JSON text.
        let metadata = match metadata {
            None => None,
            Some(r) => match first_ascii(bytes, &r) {
                Some(b'n') => None,
                Some(b'{' | b'"') => Some(in_text(r)),
                _ => return None,
            },
        };
        Some((meta, data, metadata))
    }

    /// The metadata member at units `range` (checked as JSON) as a value, as the reader of whole
    /// text reads it two levels down (array, document); `None` where that fails.
    fn value(&self, range: Range<usize>) -> Option<Value> {
        let mut text = String::new();
        match first_ascii(&self.bytes, &range) {
            Some(b't') => return Some(Value::Bool(true)),
            Some(b'f') => return Some(Value::Bool(false)),
            Some(b'n') => return Some(Value::Null),
            Some(b'"') => {
                // Nearly every one: a string without escapes is its units (a backslash in a
                // string is always an escape's).
                let inner = range.start.saturating_add(1)..range.end.saturating_sub(1);
                push_utf8(&mut text, &self.bytes, inner);
                if !text.contains('\\') {
                    return Some(Value::String(text));
                }
                text.clear();
            }
            _ => {}
        }
        push_utf8(&mut text, &self.bytes, range);
        Parser::with_limit(&text, self.limit)
            .unlocated()
            .value(2)
            .ok()
    }
}

impl DocSet for WideDocs {
    fn metas(&self) -> &[DocMeta] {
        &self.metas
    }

    fn data(&self, index: usize) -> Result<Value> {
        let (range, _) = self.bodies.get(index).ok_or_else(|| out_of_range(index))?;
        data_from(index, self.parse_units(range), &self.limits)
    }

    fn data_at(&self, index: usize, tokens: &[String]) -> Result<Option<Value>> {
        let Some(units) = held_body(&self.held, index) else {
            return super::document::part_of(self.data(index), tokens);
        };
        if let Some(found) = field_in_units(units, tokens, &self.limits) {
            return Ok(found);
        }
        // A string body, an escaped key, an array on the way: read as the text of a held body.
        let mut text = String::new();
        push_utf8(&mut text, units, 0..units.len() / 2);
        body_text_at(index, &text, &self.limits, tokens)
    }

    fn metadata(&self, index: usize) -> Result<Option<Value>> {
        let (_, range) = self.bodies.get(index).ok_or_else(|| out_of_range(index))?;
        metadata_from(
            index,
            range.as_ref().map(|r| self.parse_units(r)),
            &self.limits,
        )
    }
}

impl UnitSource for super::chunked::Utf16Text {
    fn units(&self) -> usize {
        self.0.len()
    }
    fn utf16le(&self, from: usize, into: &mut [u8]) -> bool {
        let n = into.len() / 2;
        let Some(units) = from.checked_add(n).and_then(|to| self.0.get(from..to)) else {
            return false;
        };
        for (pair, unit) in into.chunks_exact_mut(2).zip(units) {
            pair.copy_from_slice(&unit.to_le_bytes());
        }
        true
    }
    fn utf8(&self, from: usize, to: usize) -> Option<String> {
        Some(String::from_utf16_lossy(self.0.get(from..to)?))
    }
}
