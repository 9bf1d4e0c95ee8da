//! Documents read from JSON text a chunk at a time, for text the core does not hold (in the
//! binding, a `Uint8Array` of UTF-8; a JavaScript string is read as its units by
//! [`super::WideDocs`], and as UTF-8 here only by tests and fuzz, through [`Utf16Text`]): one
//! chunk's UTF-8 is in memory while the documents are read, and a body's bytes are fetched again
//! when its document is rendered.
//!
//! Whole, the text's UTF-8 is the largest thing a call holds (1.55 bytes per UTF-16 unit for the
//! benchmark's mixed Chinese and English), and wasm's linear memory keeps its peak for good. Read
//! in chunks of [`CHUNK_UNITS`], the peak is the documents' index, the manifest and a chunk.
//!
//! Only text that reads cleanly is read this way: at the first fault of any kind the reader gives
//! up (`Ok(None)`) and the caller reads the whole text ([`super::JsonDocs::parse`]), which reports
//! the fault where it is, with its line and column.

use super::document::{
    check_unique_ids, out_of_range, Bodies, DocMeta, DocSet, ReadDoc, TypeNames,
};
use super::lazy::{data_from, metadata_from, read_doc};
use crate::json::{self, Parser, Value};
use crate::{ErrorCode, Limits, Result};
use std::cell::RefCell;
use std::ops::Range;

/// JSON text held elsewhere, read by ranges of its units: UTF-16 code units for a string
/// ([`Utf16Text`]), bytes for UTF-8 ([`Utf8Bytes`]).
pub trait TextSource {
    /// The text's length in units.
    fn units(&self) -> usize;
    /// Where a chunk of at most `max` units from `from` ends: at `from + max` or the end of the
    /// text, earlier where that would part a character ([`pair_safe_end`], [`char_safe_end`]).
    fn boundary(&self, from: usize, max: usize) -> usize;
    /// The UTF-8 of units `from..to`: for UTF-16, a lone surrogate as U+FFFD, as `TextEncoder`
    /// writes it; `None` where the units are not text (bytes that are not UTF-8), which sends
    /// the reader to the whole text for the exact error.
    fn utf8(&self, from: usize, to: usize) -> Option<String>;
}

/// Units per chunk, here and in [`super::WideDocs`]: at most 64 KiB of bytes, 128 KiB of a
/// string's units (192 KiB of their UTF-8), and few enough crossings (224 for the benchmark's
/// 10,000 documents as a string) that each costs nothing next to its bytes.
pub(crate) const CHUNK_UNITS: usize = 1 << 16;

/// The most of one document held while it is read across chunks. A larger document is the text's
/// largest part anyway: the text is read whole instead, once the joined copy is gone (which leaves
/// a hole of about this size that a whole text cannot take).
pub(crate) const JOINED_MAX: usize = 1 << 18;

/// Where a chunk lies, in units of the source and in bytes of the whole text's UTF-8.
#[derive(Debug, Clone)]
struct Span {
    units: Range<usize>,
    bytes: Range<usize>,
}

/// Documents whose bodies stay in the `TextSource`; their ranges are in bytes of the whole
/// text's UTF-8.
pub struct ChunkedDocs {
    /// Behind a pointer rather than a type parameter, so the reader is compiled once for every
    /// kind of source (492 bytes gzip while the binding had two; now bytes, and in tests and fuzz
    /// UTF-16 too): a text makes a few hundred calls to it, each moving a chunk.
    source: Box<dyn TextSource>,
    spans: Vec<Span>,
    metas: Vec<DocMeta>,
    bodies: Bodies,
    limits: Limits,
    /// The chunk last fetched again ([`ChunkedDocs::in_chunk`]).
    kept: RefCell<Option<(usize, String)>>,
    /// The `data` of documents read while ranking (a param match reads every one of its types),
    /// kept as read rather than fetched again; by index, in input order.
    held: Vec<(usize, String)>,
}

impl ChunkedDocs {
    /// Reads a JSON array of documents from `source` under `limits`, or `Ok(None)` when the text
    /// holds a fault anywhere (or is not an array): read it whole then, for the exact error.
    /// The caller has checked the text's length against `limits.maxTextLength`.
    /// `hold` says of a document's type whether its `data` is kept as read (ranking will read
    /// it: [`super::ContextAssembler::reads_while_ranking`]).
    pub fn read(
        source: impl TextSource + 'static,
        limits: &Limits,
        hold: &dyn Fn(&str) -> bool,
    ) -> Result<Option<Self>> {
        Self::read_in(source, limits, CHUNK_UNITS, hold)
    }

    /// [`ChunkedDocs::read`] with chunks of `chunk_units` (at least 2: a surrogate pair).
    pub fn read_in(
        source: impl TextSource + 'static,
        limits: &Limits,
        chunk_units: usize,
        hold: &dyn Fn(&str) -> bool,
    ) -> Result<Option<Self>> {
        Self::read_boxed(Box::new(source), limits, chunk_units, hold)
    }

    fn read_boxed(
        source: Box<dyn TextSource>,
        limits: &Limits,
        chunk_units: usize,
        hold: &dyn Fn(&str) -> bool,
    ) -> Result<Option<Self>> {
        let mut r = Reader {
            source: &*source,
            chunk_units: chunk_units.max(2),
            depth_limit: limits.max_depth,
            spans: Vec::new(),
            text: String::new(),
            start: 0,
            pos: 0,
            next_unit: 0,
            faulted: false,
        };
        let mut metas = Vec::new();
        let mut bodies = Vec::new();
        let mut types = TypeNames::default();
        let mut held = Vec::new();
        if r.token()? != Some(b'[') {
            return Ok(None);
        }
        r.pos = r.pos.saturating_add(1);
        if r.token()? == Some(b']') {
            r.pos = r.pos.saturating_add(1);
        } else {
            loop {
                let i = metas.len();
                // The whole reader refuses the one too many before reading it, as here.
                limits.check_documents(i.saturating_add(1), "")?;
                let Some(((meta, data, metadata), text)) = r.document(i, &mut types, hold)? else {
                    return Ok(None);
                };
                if let Some(text) = text {
                    held.push((i, text));
                }
                metas.push(meta);
                bodies.push((data, metadata));
                match r.token()? {
                    Some(b',') => r.pos = r.pos.saturating_add(1),
                    Some(b']') => {
                        r.pos = r.pos.saturating_add(1);
                        break;
                    }
                    _ => return Ok(None),
                }
            }
        }
        if r.token()?.is_some() || r.faulted {
            return Ok(None);
        }
        check_unique_ids(&metas)?;
        let spans = r.spans;
        Ok(Some(ChunkedDocs {
            source,
            spans,
            metas,
            bodies,
            limits: *limits,
            kept: RefCell::new(None),
            held,
        }))
    }

    /// The bytes `range` of the whole text, parsed as a body ([`json::parse_body_span`]).
    fn parse_bytes(&self, range: &Range<usize>) -> std::result::Result<Value, json::ParseError> {
        let first = self.spans.partition_point(|s| s.bytes.end <= range.start);
        let local =
            |start: usize| range.start.saturating_sub(start)..range.end.saturating_sub(start);
        if let Some(span) = self.spans.get(first).filter(|s| range.end <= s.bytes.end) {
            // One chunk holds it (nearly always: a chunk holds many bodies).
            return self.in_chunk(first, |text| {
                json::parse_body_span(text, local(span.bytes.start), &self.limits)
            });
        }
        // Across chunks: each joined on.
        let mut joined = String::new();
        let mut start = None;
        for (k, s) in self.spans.iter().enumerate().skip(first) {
            if s.bytes.start >= range.end {
                break;
            }
            start.get_or_insert(s.bytes.start);
            self.in_chunk(k, |text| joined.push_str(text));
        }
        json::parse_body_span(&joined, local(start.unwrap_or(0)), &self.limits)
    }

    /// `f` of chunk `k`'s text, which is kept for the next body: bodies are read mostly in input
    /// order or a few at a time (rendering), so the last chunk saves most fetches.
    fn in_chunk<T>(&self, k: usize, f: impl FnOnce(&str) -> T) -> T {
        let fresh = !matches!(*self.kept.borrow(), Some((at, _)) if at == k);
        if fresh {
            *self.kept.borrow_mut() = Some((k, self.fetch(k)));
        }
        let kept = self.kept.borrow();
        f(kept.as_ref().map_or("", |(_, text)| text.as_str()))
    }

    /// Chunk `k` again. The source gives the same text for the same units; a source that failed
    /// now gives an empty text, which fails to parse as the body it should hold.
    fn fetch(&self, k: usize) -> String {
        self.spans
            .get(k)
            .and_then(|s| self.source.utf8(s.units.start, s.units.end))
            .unwrap_or_default()
    }
}

/// The cursor of [`ChunkedDocs::read_in`]: the chunk read last and where in it.
struct Reader<'s> {
    source: &'s dyn TextSource,
    chunk_units: usize,
    depth_limit: usize,
    spans: Vec<Span>,
    text: String,
    /// Where `text` starts in the whole text's UTF-8.
    start: usize,
    pos: usize,
    next_unit: usize,
    /// A chunk was not text: the reader stopped there as at the end, and gives up.
    faulted: bool,
}

impl Reader<'_> {
    /// Reads the next chunk into `text`; false at the end of the text, or at a chunk that is not
    /// text (`faulted`).
    fn load(&mut self) -> Result<bool> {
        let from = self.next_unit;
        if from >= self.source.units() {
            return Ok(false);
        }
        let to = self.source.boundary(from, self.chunk_units);
        if to <= from {
            return Ok(false);
        }
        let Some(text) = self.source.utf8(from, to) else {
            self.faulted = true;
            return Ok(false);
        };
        let start = self.start.saturating_add(self.text.len());
        self.spans.push(Span {
            units: from..to,
            bytes: start..start.saturating_add(text.len()),
        });
        self.start = start;
        self.text = text;
        self.pos = 0;
        self.next_unit = to;
        Ok(true)
    }

    /// The next byte that is not JSON whitespace, chunks read as needed; `None` at the end.
    fn token(&mut self) -> Result<Option<u8>> {
        loop {
            let rest = self.text.as_bytes().get(self.pos..).unwrap_or_default();
            if let Some(k) = rest
                .iter()
                .position(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
            {
                self.pos = self.pos.saturating_add(k);
                return Ok(rest.get(k).copied());
            }
            self.pos = self.text.len();
            if !self.load()? {
                return Ok(None);
            }
        }
    }

    /// Document `i` at the cursor, its ranges in bytes of the whole text, and its `data` text if
    /// `hold` says so of its type; `None` at a fault.
    fn document(
        &mut self,
        i: usize,
        types: &mut TypeNames,
        hold: &dyn Fn(&str) -> bool,
    ) -> Result<Option<(ReadDoc, Option<String>)>> {
        let held = |meta: &DocMeta, text: &str, data: &Range<usize>| {
            hold(&meta.schema_type).then(|| text.get(data.clone()).unwrap_or_default().to_string())
        };
        let base = self.start.saturating_add(self.pos);
        let shift = |r: Range<usize>| r.start.saturating_add(base)..r.end.saturating_add(base);
        let rest = self.text.get(self.pos..).unwrap_or_default();
        let mut p = Parser::with_limit(rest, self.depth_limit).unlocated();
        match read_doc(&mut p, i, 0, types) {
            Ok((meta, data, metadata)) => {
                let text = held(&meta, rest, &data);
                self.pos = self.pos.saturating_add(p.pos());
                return Ok(Some(((meta, shift(data), metadata.map(shift)), text)));
            }
            // Only JSON that stops short can be a document the chunk cut; the rest (a missing
            // field, a bad date, nesting too deep) is a fault wherever the chunk ends.
            Err(e) if e.code != ErrorCode::InvalidJson => return Ok(None),
            Err(_) => {}
        }
        // Across chunks: the document so far, with ever more of the text after it.
        let mut joint = rest.to_string();
        loop {
            let mut next = base.saturating_add(joint.len()).saturating_sub(self.start);
            if next >= self.text.len() {
                if !self.load()? {
                    return Ok(None);
                }
                next = 0;
            }
            let want = next.saturating_add(joint.len().max(4096));
            let mut end = want.min(self.text.len());
            while !self.text.is_char_boundary(end) {
                end = end.saturating_add(1);
            }
            joint.push_str(self.text.get(next..end).unwrap_or_default());
            if joint.len() > JOINED_MAX {
                return Ok(None);
            }
            let mut p = Parser::with_limit(&joint, self.depth_limit).unlocated();
            match read_doc(&mut p, i, 0, types) {
                Ok((meta, data, metadata)) => {
                    let text = held(&meta, &joint, &data);
                    self.pos = base.saturating_add(p.pos()).saturating_sub(self.start);
                    return Ok(Some(((meta, shift(data), metadata.map(shift)), text)));
                }
                Err(e) if e.code != ErrorCode::InvalidJson => return Ok(None),
                Err(_) => {}
            }
        }
    }
}

impl DocSet for ChunkedDocs {
    fn metas(&self) -> &[DocMeta] {
        &self.metas
    }

    fn data(&self, index: usize) -> Result<Value> {
        let (range, _) = self.bodies.get(index).ok_or_else(|| out_of_range(index))?;
        held_or(index, &self.held, &self.limits, || self.parse_bytes(range))
    }

    fn data_at(&self, index: usize, tokens: &[String]) -> Result<Option<Value>> {
        held_at(index, &self.held, &self.limits, tokens)
            .unwrap_or_else(|| super::document::part_of(self.data(index), tokens))
    }

    fn metadata(&self, index: usize) -> Result<Option<Value>> {
        let (_, range) = self.bodies.get(index).ok_or_else(|| out_of_range(index))?;
        metadata_from(
            index,
            range.as_ref().map(|r| self.parse_bytes(r)),
            &self.limits,
        )
    }
}

/// The body of document `index` in `held` (kept as read while ranking, in input order), if any.
pub(super) fn held_body<T>(held: &[(usize, T)], index: usize) -> Option<&T> {
    let k = held.binary_search_by_key(&index, |(i, _)| *i).ok()?;
    held.get(k).map(|(_, body)| body)
}

/// Document `index`'s `data`: from `held` if it was kept as read while ranking, else as
/// `parse` reads it from the text.
pub(super) fn held_or(
    index: usize,
    held: &[(usize, String)],
    limits: &Limits,
    parse: impl FnOnce() -> std::result::Result<Value, json::ParseError>,
) -> Result<Value> {
    let parsed = match held_body(held, index) {
        Some(text) => json::parse_body_span(text, 0..text.len(), limits),
        None => parse(),
    };
    data_from(index, parsed, limits)
}

/// [`DocSet::data_at`] of a body held as read ([`held_or`]), `None` when it is not held.
pub(super) fn held_at(
    index: usize,
    held: &[(usize, String)],
    limits: &Limits,
    tokens: &[String],
) -> Option<Result<Option<Value>>> {
    let text = held_body(held, index)?;
    Some(body_text_at(index, text, limits, tokens))
}

/// What `tokens` name in document `index`'s body given as its JSON text — or the JSON text a
/// string body holds (the app's rows) — checked whole and built only where `tokens` lead.
pub(super) fn body_text_at(
    index: usize,
    text: &str,
    limits: &Limits,
    tokens: &[String],
) -> Result<Option<Value>> {
    let path = format!("/{index}/data");
    if text.trim_start().starts_with('"') {
        match json::parse_body(text, limits) {
            Ok(Value::String(s)) => super::document::text_at(s, tokens, &path, limits),
            // Unpaired surrogates: read as `data_value` reads them.
            parsed => {
                super::document::part_of(super::lazy::data_from(index, parsed, limits), tokens)
            }
        }
    } else {
        json::parse_body_at(text, tokens, limits).map_err(|e| e.into_error(&path))
    }
}

/// Where a chunk of at most `max` of a text's `len` UTF-16 units from `from` ends, `unit(i)`
/// giving unit `i`: at `from + max` or the end, one unit earlier where that would part a
/// surrogate pair (never before `from + 1`). For [`TextSource::boundary`].
pub(crate) fn pair_safe_end(
    from: usize,
    max: usize,
    len: usize,
    unit: impl Fn(usize) -> u16,
) -> usize {
    let to = from.saturating_add(max).min(len);
    if to >= len || to <= from.saturating_add(1) {
        return to;
    }
    let high = (0xD800..0xDC00).contains(&unit(to.saturating_sub(1)));
    if high && (0xDC00..0xE000).contains(&unit(to)) {
        to.saturating_sub(1)
    } else {
        to
    }
}

/// Text already in UTF-16 code units as a `TextSource`, as a JavaScript string holds it: for
/// tests and the fuzz targets, which read it in chunks of a few units.
pub struct Utf16Text(pub Vec<u16>);

impl TextSource for Utf16Text {
    fn units(&self) -> usize {
        self.0.len()
    }
    fn boundary(&self, from: usize, max: usize) -> usize {
        pair_safe_end(from, max, self.0.len(), |i| {
            self.0.get(i).copied().unwrap_or(0)
        })
    }
    fn utf8(&self, from: usize, to: usize) -> Option<String> {
        Some(String::from_utf16_lossy(
            self.0.get(from..to).unwrap_or_default(),
        ))
    }
}

/// Where a chunk of at most `max` of a text's `len` UTF-8 bytes from `from` ends, `byte(i)`
/// giving byte `i`: at `from + max` or the end, back at the first byte of a character the cut
/// would part; past its last byte instead when that character begins the chunk (`max` below 4).
/// For [`TextSource::boundary`]. Bytes that are not UTF-8 end somewhere near, and fail as text
/// in [`TextSource::utf8`].
pub(crate) fn char_safe_end(
    from: usize,
    max: usize,
    len: usize,
    byte: impl Fn(usize) -> u8,
) -> usize {
    let to = from.saturating_add(max.max(1)).min(len);
    let continues = |i: usize| i < len && byte(i) & 0xC0 == 0x80;
    // A character is at most four bytes: its first is at most three before the cut.
    let mut end = to;
    while end > from && to.saturating_sub(end) < 3 && continues(end) {
        end = end.saturating_sub(1);
    }
    if end > from && !continues(end) {
        return end;
    }
    let mut end = to;
    while end.saturating_sub(to) < 3 && continues(end) {
        end = end.saturating_add(1);
    }
    end
}

/// UTF-8 bytes as a `TextSource`, as a `Uint8Array` holds them: for tests and the fuzz targets.
pub struct Utf8Bytes(pub Vec<u8>);

impl TextSource for Utf8Bytes {
    fn units(&self) -> usize {
        self.0.len()
    }
    fn boundary(&self, from: usize, max: usize) -> usize {
        char_safe_end(from, max, self.0.len(), |i| {
            self.0.get(i).copied().unwrap_or(0)
        })
    }
    fn utf8(&self, from: usize, to: usize) -> Option<String> {
        String::from_utf8(self.0.get(from..to)?.to_vec()).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jsondoc::JsonDocs;

    fn chunked(text: &str, units: usize) -> Option<ChunkedDocs> {
        chunked_holding(text, units, &|_| false)
    }

    fn chunked_holding(
        text: &str,
        units: usize,
        hold: &dyn Fn(&str) -> bool,
    ) -> Option<ChunkedDocs> {
        let source = Utf16Text(text.encode_utf16().collect());
        ChunkedDocs::read_in(source, &Limits::default(), units, hold).unwrap()
    }

    /// `text` as UTF-8 bytes in chunks of `bytes`.
    fn bytes_holding(text: &str, bytes: usize, hold: &dyn Fn(&str) -> bool) -> Option<ChunkedDocs> {
        let source = Utf8Bytes(text.as_bytes().to_vec());
        ChunkedDocs::read_in(source, &Limits::default(), bytes, hold).unwrap()
    }

    /// `text` as UTF-16 units read without transcoding ([`crate::jsondoc::wide::WideDocs`]), in
    /// chunks of `units`.
    fn wide_holding(
        text: &str,
        units: usize,
        hold: &dyn Fn(&str) -> bool,
    ) -> Option<crate::jsondoc::wide::WideDocs> {
        let source = Utf16Text(text.encode_utf16().collect());
        crate::jsondoc::wide::WideDocs::read_in(source, &Limits::default(), units, hold).unwrap()
    }

    /// Any reader's documents as one type.
    fn boxed<D: DocSet + 'static>(docs: Option<D>) -> Option<Box<dyn DocSet>> {
        docs.map(|d| Box::new(d) as Box<dyn DocSet>)
    }

    /// The same documents, bodies and metadata in `w` and `c`.
    fn same(w: &JsonDocs, c: &dyn DocSet, what: &str) {
        assert_eq!(w.metas(), c.metas(), "{what}");
        for i in 0..w.metas().len() {
            assert_eq!(w.data(i), c.data(i), "data {i}, {what}");
            assert_eq!(w.metadata(i), c.metadata(i), "metadata {i}, {what}");
        }
    }

    /// Reads `text` whole and in chunks of every size in `sizes`, as UTF-16 units and as UTF-8
    /// bytes: the same documents, bodies and metadata, or the same refusal.
    fn agree(text: &str, sizes: impl IntoIterator<Item = usize>) {
        let whole = JsonDocs::parse(text.to_string(), &Limits::default());
        for (k, units) in sizes.into_iter().enumerate() {
            // Every other size holds the bodies of one type (or all), as a param match asks.
            let hold: &dyn Fn(&str) -> bool = match k % 3 {
                0 => &|_| false,
                1 => &|t| t == "t" || t.contains('设'),
                _ => &|_| true,
            };
            let utf16 = chunked_holding(text, units, hold);
            let utf8 = bytes_holding(text, units, hold);
            let wide = wide_holding(text, units, hold);
            match (&whole, utf16, utf8, wide) {
                (Ok(w), Some(c), Some(b), Some(v)) => {
                    same(w, &c, &format!("chunks of {units} units"));
                    same(w, &b, &format!("chunks of {units} bytes"));
                    same(w, &v, &format!("chunks of {units} units, untranscoded"));
                }
                (Err(_), None, None, None) => {}
                (w, c, b, v) => panic!(
                    "chunks of {units}: whole {:?}, in units {}, in bytes {}, untranscoded {}",
                    w.as_ref().map(|d| d.metas().len()),
                    if c.is_some() { "read" } else { "refused" },
                    if b.is_some() { "read" } else { "refused" },
                    if v.is_some() { "read" } else { "refused" }
                ),
            }
        }
    }

    fn sample() -> String {
        let v = json::parse(
            include_str!("../../samples/writing-project.json"),
            &Limits::default(),
        )
        .unwrap();
        let Value::Object(o) = v else { panic!() };
        json::stringify(o.get("documents").unwrap(), 2)
    }

    #[test]
    fn a_field_found_in_held_units_is_what_the_body_text_holds_there() {
        // Object bodies held as units (WideDocs) are searched in units; a string body, an
        // escaped key or an array on the way goes through the text. Every reader, and the body's
        // own text read by json::parse_body_at, must find the same.
        let bodies = [
            r#"{"episodeNumber":3,"title":"第3集"}"#,
            r#"{"a":{"b":[1,{"c":"x"}]},"a":{"b":2}}"#,
            r#"{ "a" : { "b" : [ 1 , { "c" : "y" } ] } , "c" : 2 }"#,
            r#"{"k\u0065y":1,"key":2,"k\u0065y":3}"#,
            r#"{"😀":{"x":null},"arr":[0,{"y":true}],"s":"\ud800x","n":-1.5e3}"#,
            r#"{"deep":{"d":{"e":{"f":"g\"h"}}},"deep":{"d":{"e":{"f":"last"}}}}"#,
            r#"{}"#,
            r#""{\"episodeNumber\":4}""#,
            r#"[{"a":1}]"#,
            r#"7"#,
        ];
        let pointers: [&[&str]; 14] = [
            &["episodeNumber"],
            &["a"],
            &["a", "b"],
            &["a", "b", "1", "c"],
            &["a", "b", "x"],
            &["key"],
            &["😀", "x"],
            &["arr", "1", "y"],
            &["s"],
            &["n"],
            &["deep", "d", "e", "f"],
            &["missing"],
            &[],
            &["0", "a"],
        ];
        let docs: Vec<String> = bodies
            .iter()
            .enumerate()
            .map(|(i, b)| {
                format!(r#"{{"id":"d{i}","schema_type":"t","origin_type":"user_input","created_at":1,"data":{b}}}"#)
            })
            .collect();
        let text = format!("[{}]", docs.join(",\n "));
        let whole = JsonDocs::parse(text.clone(), &Limits::default()).unwrap();
        for units in [7, 64, 4096] {
            let wide = wide_holding(&text, units, &|_| true).expect("reads");
            let utf16 = chunked_holding(&text, units, &|_| true).expect("reads");
            for (i, body) in bodies.iter().enumerate() {
                for p in pointers {
                    let tokens: Vec<String> = p.iter().map(|t| t.to_string()).collect();
                    let want = whole.data_at(i, &tokens);
                    assert_eq!(
                        wide.data_at(i, &tokens),
                        want,
                        "{body} {p:?}, chunks of {units}"
                    );
                    assert_eq!(utf16.data_at(i, &tokens), want, "{body} {p:?}, in units");
                    if body.starts_with('{') {
                        let text = json::parse_body_at(body, &tokens, &Limits::default());
                        assert_eq!(want, text.map_err(|e| e.into_error("")), "{body} {p:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_sample_project_reads_the_same_in_chunks_of_any_size() {
        let text = sample();
        agree(&text, (2..24).chain([31, 64, 97, 1000, 4093, CHUNK_UNITS]));
        let compact = json::stringify(&json::parse(&text, &Limits::default()).unwrap(), 0);
        agree(&compact, (2..12).chain([17, 331, 5000]));
    }

    #[test]
    fn every_vectors_documents_read_the_same_in_chunks() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/inputs");
        let mut read = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            let Ok(Value::Object(o)) = json::parse(&text, &Limits::default()) else {
                continue;
            };
            let docs = match o.get("documents") {
                Some(Value::String(s)) => s.clone(),
                Some(v @ Value::Array(_)) => json::stringify(v, 0),
                _ => continue,
            };
            agree(&docs, [2, 3, 5, 8, 13, 64]);
            read += 1;
        }
        assert!(read >= 30, "{read} vectors read");
    }

    #[test]
    fn pairs_escapes_and_numbers_cut_anywhere_read_the_same() {
        let text = r#" [ {"id":"😀a","schema_type":"𝒳","origin_type":"user_input","created_at":1772446500000,
            "data":"{\"t\":\"\\ud83d\\ude00 \\\" \\\\ 中文\"}","metadata":{"k":[1.5e3,-0.25,true,null]},
            "is_leaf":false},
          {"id":"b","schema_type":"t","origin_type":"ai_generated","created_at":"2026-03-02T10:15:00.000Z",
            "data":{"x":"\u00e9\u0301 \ud83c\udf89"},"metadata":"{\"a\":1}"} ] "#;
        agree(text, 2..200);
        agree("[]", 2..4);
        agree(" [ ] ", 2..6);
    }

    #[test]
    fn faults_anywhere_send_the_reader_to_the_whole_text() {
        let good = r#"[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":1,"data":1},
                       {"id":"b","schema_type":"t","origin_type":"user_input","created_at":2,"data":2}]"#;
        for bad in [
            good.replace(r#""data":2"#, r#""data":tru"#),
            good.replace(r#""data":2"#, r#""data":2,"#),
            good.replace(r#""created_at":2"#, r#""created_at":"yesterday""#),
            good.replace(r#""id":"b""#, r#""id":"a""#),
            good.replace(']', "],"),
            good.replace(r#""data":2"#, r#""data":[[[[[[2]]]]]]"#),
            format!("{good} x"),
            "{}".to_string(),
            "[1]".to_string(),
            "[".to_string(),
            String::new(),
        ] {
            for units in [2, 3, 7, 16, 1000] {
                let limits = Limits {
                    max_depth: 5,
                    ..Limits::default()
                };
                let whole = JsonDocs::parse(bad.clone(), &limits);
                let utf16 = || Utf16Text(bad.encode_utf16().collect());
                let bytes = Utf8Bytes(bad.as_bytes().to_vec());
                for (what, read) in [
                    (
                        "units",
                        ChunkedDocs::read_in(utf16(), &limits, units, &|_| true).map(boxed),
                    ),
                    (
                        "units, untranscoded",
                        crate::jsondoc::wide::WideDocs::read_in(utf16(), &limits, units, &|_| true)
                            .map(boxed),
                    ),
                    (
                        "bytes",
                        ChunkedDocs::read_in(bytes, &limits, units, &|_| true).map(boxed),
                    ),
                ] {
                    match read {
                        // A duplicate id is found once every document is read: the same error.
                        Err(e) => assert_eq!(Some(&e), whole.as_ref().err(), "{bad}, {what}"),
                        Ok(docs) => assert!(
                            docs.is_none() && whole.is_err(),
                            "{bad}, chunks of {units} {what}"
                        ),
                    }
                }
            }
        }
    }

    #[test]
    fn bytes_that_are_not_utf8_anywhere_send_the_reader_to_the_whole_text() {
        let good = r#"[{"id":"a","schema_type":"设定","origin_type":"user_input","created_at":1,"data":"中文"},
                       {"id":"b","schema_type":"t","origin_type":"user_input","created_at":2,"data":2}]"#
            .as_bytes()
            .to_vec();
        assert!(String::from_utf8(good.clone()).is_ok());
        let mut faults = 0;
        for at in 0..good.len() {
            for bad_byte in [0xFF, 0x80, 0xC0] {
                let mut bad = good.clone();
                bad[at] = bad_byte;
                if String::from_utf8(bad.clone()).is_ok() {
                    continue;
                }
                faults += 1;
                for bytes in [1, 2, 3, 5, 64] {
                    let read = ChunkedDocs::read_in(
                        Utf8Bytes(bad.clone()),
                        &Limits::default(),
                        bytes,
                        &|_| false,
                    );
                    assert!(
                        matches!(read, Ok(None)),
                        "byte {at} as {bad_byte:#x}, chunks of {bytes}"
                    );
                }
            }
        }
        assert!(faults > good.len(), "{faults} faults tried");
        // A character cut short at the very end (a careless slice of bytes).
        let cut = &good[..good.len() - 1];
        let mut cut = cut.to_vec();
        cut.extend_from_slice(&[0xE4, 0xB8]);
        assert!(matches!(
            ChunkedDocs::read_in(Utf8Bytes(cut), &Limits::default(), 7, &|_| false),
            Ok(None)
        ));
    }

    #[test]
    fn a_document_past_joined_max_is_left_to_the_whole_reader() {
        let doc = |n: usize| {
            format!(
                r#"[{{"id":"a","schema_type":"t","origin_type":"user_input","created_at":1,"data":"{}"}}]"#,
                "x".repeat(n)
            )
        };
        assert!(chunked(&doc(JOINED_MAX + 10), 4096).is_none());
        // Units take two bytes each: the reader of units holds half as many.
        assert!(wide_holding(&doc(JOINED_MAX / 2 + 10), 4096, &|_| false).is_none());
        agree(&doc(JOINED_MAX / 4), [4096]);
    }

    #[test]
    fn a_chunk_of_bytes_never_parts_a_character() {
        let text = Utf8Bytes("a😀中é".as_bytes().to_vec());
        // a | F0 9F 98 80 | E4 B8 AD | C3 A9
        assert_eq!(text.boundary(0, 2), 1);
        assert_eq!(text.boundary(0, 5), 5);
        assert_eq!(text.boundary(0, 6), 5);
        assert_eq!(text.boundary(0, 8), 8);
        assert_eq!(text.boundary(0, 9), 8);
        // A character that begins the chunk and is longer than it: the chunk takes it whole.
        assert_eq!(text.boundary(1, 1), 5);
        assert_eq!(text.boundary(1, 3), 5);
        assert_eq!(text.boundary(5, 2), 8);
        assert_eq!(text.boundary(8, 1), 10);
        assert_eq!(text.boundary(8, 100), 10);
        let mut from = 0;
        while from < text.units() {
            let to = text.boundary(from, 1);
            assert!(text.utf8(from, to).is_some(), "{from}..{to}");
            from = to;
        }
    }

    #[test]
    fn a_chunk_never_parts_a_surrogate_pair() {
        let text = Utf16Text("a😀😀b".encode_utf16().collect());
        assert_eq!(text.boundary(0, 2), 1);
        assert_eq!(text.boundary(1, 2), 3);
        assert_eq!(text.boundary(1, 3), 3);
        assert_eq!(text.boundary(5, 2), 6);
    }
}
