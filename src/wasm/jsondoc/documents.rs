//! Documents still living in the JavaScript heap: metadata read now, in one pass, bodies only
//! when their document is rendered (DESIGN: lazy crossing). Every check is the core's
//! (`DocMeta::from_fields` and the faults in `jsondoc::document`); this file only fetches.

use crate::json::read::host_threw;
use crate::json::Value;
use crate::jsondoc::chunked::{char_safe_end, ChunkedDocs, TextSource, CHUNK_UNITS};
use crate::jsondoc::document::{
    data_missing, data_not_json, data_value, metadata_not_an_object, metadata_value,
    not_a_document, not_documents, part_of, text_at, DocMeta, MetaFields, TypeNames,
};
use crate::jsondoc::wide::{UnitSource, WideDocs};
use crate::jsondoc::{CreatedAt, DocSet, Origin};
use crate::text::{SharedParts, SharedStr};
use crate::wasm::host::{self, array_len, element, get, is_array, is_plain_object, string_within};
use crate::wasm_codes::{
    FLAG_CREATED_DATE, FLAG_CREATED_TEXT, FLAG_LEAF, FLAG_LEAF_GIVEN, FLAG_USER_INPUT,
};
use crate::{Limits, Result};
use js_sys::Array;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue, Nullable};

#[wasm_bindgen(module = "/src/wasm/jsondoc/documents.js")]
extern "C" {
    /// See documents.js: one pass over the documents, or `null` when any is not plainly well-formed.
    #[wasm_bindgen(catch, js_name = readMeta)]
    fn read_meta(
        docs: &JsValue,
        max_text: f64,
        user_input: &str,
        ai_generated: &str,
    ) -> std::result::Result<Option<JsValue>, JsValue>;
    /// See documents.js: the primitive `count` tokens (`joined` by U+0000) name in plain data,
    /// `undefined` for none, or a symbol for "read the whole body".
    #[wasm_bindgen(catch, js_name = dataAt)]
    fn data_at_host(
        data: &JsValue,
        joined: &str,
        count: u32,
    ) -> std::result::Result<Option<Nullable<JsValue>>, JsValue>;
    /// See documents.js: `view.len()` bytes of a `Uint8Array` from byte `from`, into `view`;
    /// false when it no longer holds them.
    #[wasm_bindgen(js_name = copyByteRange)]
    fn copy_byte_range(v: &JsValue, from: f64, view: &mut [u8]) -> bool;
    /// See documents.js: `view.len() / 2` code units of a string from unit `from`, into `view`
    /// as UTF-16LE; false when it does not hold them.
    #[wasm_bindgen(js_name = copyUnits)]
    fn copy_units(v: &JsValue, from: f64, view: &mut [u8]) -> bool;
}

/// What `tokens` (a JSON pointer's, unescaped) name in a document's `data` when that is plain
/// data, read by property (documents.js `dataAt`): `undefined` when nothing is there, `None`
/// when the body must be read whole. A getter's throw is bad input at `path`.
fn data_at(data: &JsValue, tokens: &[String], path: &str) -> Result<Option<JsValue>> {
    // The tokens cross as one string; one holding U+0000 itself leaves the body to a whole read.
    if tokens.iter().any(|t| t.contains('\0')) {
        return Ok(None);
    }
    let count = u32::try_from(tokens.len()).unwrap_or(u32::MAX);
    let v = data_at_host(data, &tokens.join("\0"), count)
        .map(host::host)
        .map_err(|e| host_threw("reading this field", &host::js_message(&e), path))?;
    Ok((!v.is_symbol()).then_some(v))
}

/// `into.len() / 2` code units of the string `v` from unit `from`, into `into` as UTF-16LE;
/// false when `v` does not hold them.
fn units_at(v: &JsValue, from: usize, into: &mut [u8]) -> bool {
    #[allow(clippy::cast_precision_loss)] // a string index, exact in an f64
    copy_units(v, from as f64, into)
}

/// `into.len()` bytes of the `Uint8Array` `v` (after any byte-order mark) from byte `from`;
/// false, with `into` as it was, when `v` no longer holds them (changed during the call).
fn bytes_at(v: &JsValue, from: usize, into: &mut [u8]) -> bool {
    #[allow(clippy::cast_precision_loss)] // a byte offset, exact in an f64
    copy_byte_range(v, from as f64, into)
}

pub(super) struct JsDocs {
    metas: Vec<DocMeta>,
    limits: Limits,
    docs: Array,
    data_key: JsValue,
    metadata_key: JsValue,
    /// The documents' ids as the caller gave them, by position, when every one is well-formed
    /// (documents.js `readMeta`); else `undefined`. See [`JsDocs::given`].
    given: JsValue,
}

impl JsDocs {
    /// Reads an array of documents; error paths are relative to the array.
    pub(super) fn read(v: &JsValue, limits: &Limits) -> Result<Self> {
        if !is_array(v, "")? {
            return Err(not_documents(host::kind(v)));
        }
        let docs: Array = v.clone().unchecked_into();
        let len = array_len(v, "")?;
        limits.check_documents(len, "")?;
        #[allow(clippy::cast_precision_loss)] // at most 2^32 - 1: exact
        let (metas, given) = match read_meta(
            v,
            limits.max_text_length as f64,
            Origin::UserInput.as_str(),
            Origin::AiGenerated.as_str(),
        ) {
            Ok(Some(packed)) => match unpack(&packed, len)? {
                Some(metas) => (metas, given_ids(&packed)?),
                None => (read_each(&docs, len, limits)?, JsValue::UNDEFINED),
            },
            // Malformed somewhere, or a getter threw: read field by field for the exact error.
            _ => (read_each(&docs, len, limits)?, JsValue::UNDEFINED),
        };
        crate::jsondoc::document::check_unique_ids(&metas)?;
        Ok(JsDocs {
            metas,
            limits: *limits,
            docs,
            data_key: "data".into(),
            metadata_key: "metadata".into(),
            given,
        })
    }

    /// The ids the caller gave, by position — the very strings the metadata was read from —, for
    /// the result to hand back instead of copies (`output::to_js_given`); `undefined` when some
    /// id was not well-formed (the result then holds it as read, U+FFFD for a lone surrogate, as
    /// from JSON text) or the documents were read field by field.
    pub(super) fn given(&self) -> JsValue {
        self.given.clone()
    }

    /// Document `index`'s field `key`, whose path is `path` ("/{index}/{name}", built once by
    /// the caller for every error it may report: a call per body, thousands while ranking).
    fn field(&self, index: usize, key: &JsValue, path: &str) -> Result<JsValue> {
        let doc_path = path
            .rfind('/')
            .and_then(|at| path.get(..at))
            .unwrap_or(path);
        let doc = element(&self.docs, index, doc_path)?;
        get(&doc, key, path)
    }
}

/// `readMeta`'s `ids`: an array of as many strings as `created` has numbers (which `unpack`
/// checked is the documents' count), or `undefined` when it did not keep them.
fn given_ids(packed: &JsValue) -> Result<JsValue> {
    get(packed, &"ids".into(), "")
}

/// Rebuilds the metadata from documents.js's packed form; `None` if the packing does not hold
/// together (lengths that do not add up or cut a character, a type ordinal out of turn), and
/// the exact path reads it instead.
fn unpack(packed: &JsValue, len: usize) -> Result<Option<Vec<DocMeta>>> {
    let column = |name: &str| get(packed, &name.into(), "");
    let bytes = js_sys::Uint8Array::from(column("bytes")?).to_vec();
    let Ok(text) = String::from_utf8(bytes) else {
        return Ok(None);
    };
    let lengths = js_sys::Uint32Array::from(column("lengths")?).to_vec();
    let kinds = js_sys::Uint32Array::from(column("kinds")?).to_vec();
    let created = js_sys::Float64Array::from(column("created")?).to_vec();
    let flags = js_sys::Uint8Array::from(column("flags")?).to_vec();
    if created.len() != len || flags.len() != len || kinds.len() != len {
        return Ok(None);
    }
    let mut parts = Parts {
        text: SharedParts::new(&text),
        lengths: lengths.iter(),
    };
    // One shared name per distinct type, in the order documents.js met them.
    let mut types: Vec<SharedStr> = Vec::new();
    let mut metas = Vec::with_capacity(len);
    for (i, ((&f, &at), &kind)) in flags.iter().zip(&created).zip(&kinds).enumerate() {
        let Some(id) = parts.next() else {
            return Ok(None);
        };
        let kind = kind as usize;
        let schema_type = match types.get(kind) {
            Some(t) => t.clone(),
            None if kind == types.len() => {
                let Some(name) = parts.next() else {
                    return Ok(None);
                };
                types.push(name.clone());
                name
            }
            None => return Ok(None),
        };
        let created_at = if f & FLAG_CREATED_TEXT != 0 {
            match parts.next() {
                Some(t) => CreatedAt::Text(t),
                None => return Ok(None),
            }
        } else if f & FLAG_CREATED_DATE != 0 {
            CreatedAt::Date(at)
        } else {
            CreatedAt::Millis(at)
        };
        let origin = if f & FLAG_USER_INPUT != 0 {
            Origin::UserInput
        } else {
            Origin::AiGenerated
        };
        let is_leaf = (f & FLAG_LEAF_GIVEN != 0).then_some(f & FLAG_LEAF != 0);
        metas.push(DocMeta::from_checked(
            i,
            id,
            schema_type,
            origin,
            created_at,
            is_leaf,
        )?);
    }
    if parts.next().is_some() || !parts.text.is_done() {
        return Ok(None);
    }
    Ok(Some(metas))
}

/// The strings of documents.js's packed form, one per length, in order, all sharing one allocation.
struct Parts<'a> {
    text: SharedParts,
    lengths: std::slice::Iter<'a, u32>,
}

impl Iterator for Parts<'_> {
    type Item = SharedStr;

    fn next(&mut self) -> Option<SharedStr> {
        self.text.cut(*self.lengths.next()? as usize)
    }
}

/// A metadata field as the core's reader takes it: scalars as values; objects and arrays as an
/// empty stand-in of their kind, which the core refuses with a message naming the kind.
fn scalar(v: JsValue, limits: &Limits, path: &str) -> Result<Option<Value>> {
    Ok(if v.is_undefined() {
        None
    } else if v.is_null() {
        Some(Value::Null)
    } else if let Some(s) = string_within(&v, limits, path, "this field")? {
        Some(Value::String(s))
    } else if let Some(n) = v.as_f64() {
        Some(Value::Number(n))
    } else if let Some(b) = v.as_bool() {
        Some(Value::Bool(b))
    } else if is_array(&v, path)? {
        Some(Value::Array(Vec::new()))
    } else {
        Some(Value::Object(crate::json::Object::default()))
    })
}

/// The exact path: every field read on its own and checked by the core, so errors name it.
fn read_each(docs: &Array, len: usize, limits: &Limits) -> Result<Vec<DocMeta>> {
    let keys: [JsValue; 7] = [
        "id",
        "schema_type",
        "origin_type",
        "created_at",
        "is_leaf",
        "data",
        "metadata",
    ]
    .map(JsValue::from);
    let [k_id, k_type, k_origin, k_created, k_leaf, k_data, k_metadata] = &keys;
    let mut metas = Vec::new();
    let mut types = TypeNames::default();
    for i in 0..len {
        let base = format!("/{i}");
        let doc = element(docs, i, &base)?;
        if !is_plain_object(&doc) {
            return Err(not_a_document(&base, host::kind(&doc)));
        }
        let field = |k: &JsValue, name: &str| get(&doc, k, &format!("{base}/{name}"));
        // Read as JSON.stringify reads it (a Date as its ISO text), as documents.js readMeta does.
        let meta = |k: &JsValue, name: &str| {
            let path = format!("{base}/{name}");
            scalar(host::to_json(field(k, name)?, name, &path)?, limits, &path)
        };
        let fields = MetaFields {
            id: meta(k_id, "id")?,
            schema_type: meta(k_type, "schema_type")?,
            origin_type: meta(k_origin, "origin_type")?,
            created_at: meta(k_created, "created_at")?,
            is_leaf: meta(k_leaf, "is_leaf")?,
        };
        metas.push(DocMeta::from_fields(i, fields, &mut types)?);
        if field(k_data, "data")?.is_undefined() {
            return Err(data_missing(&base));
        }
        let m = field(k_metadata, "metadata")?;
        if !(m.is_undefined() || m.is_null() || m.is_string() || is_plain_object(&m)) {
            return Err(metadata_not_an_object(i, host::kind(&m)));
        }
    }
    Ok(metas)
}

impl DocSet for JsDocs {
    fn metas(&self) -> &[DocMeta] {
        &self.metas
    }

    fn data(&self, index: usize) -> Result<Value> {
        let path = format!("/{index}/data");
        let d = self.field(index, &self.data_key, &path)?;
        let v = match string_within(&d, &self.limits, &path, "data")? {
            Some(text) => body_string(&d, text, &path, &self.limits)?,
            None => match host::json_text(&d, &path, &self.limits)? {
                None => return Err(data_not_json(index, host::kind(&d))),
                Some(text) => parse_body(&text, &path, &self.limits)?,
            },
        };
        data_value(v, index, &self.limits)
    }

    fn data_at(&self, index: usize, tokens: &[String]) -> Result<Option<Value>> {
        let path = format!("/{index}/data");
        let d = self.field(index, &self.data_key, &path)?;
        if let Some(text) = string_within(&d, &self.limits, &path, "data")? {
            if crosses_whole(&d, &text) {
                return text_at(text, tokens, &path, &self.limits);
            }
        } else if let Some(v) = data_at(&d, tokens, &path)? {
            // A primitive or `undefined`: what the metadata reader makes of one is its value.
            return scalar(v, &self.limits, &path);
        }
        // Unpaired surrogates, or data that JSON.stringify reads otherwise than by property.
        part_of(self.data(index), tokens)
    }

    fn metadata(&self, index: usize) -> Result<Option<Value>> {
        let path = format!("/{index}/metadata");
        let m = self.field(index, &self.metadata_key, &path)?;
        if m.is_undefined() || m.is_null() {
            return Ok(None);
        }
        let v = match string_within(&m, &self.limits, &path, "metadata")? {
            Some(text) => Some(body_string(&m, text, &path, &self.limits)?),
            None => match host::json_text(&m, &path, &self.limits)? {
                None => None,
                Some(text) => Some(parse_body(&text, &path, &self.limits)?),
            },
        };
        metadata_value(v, index, &self.limits)
    }
}

/// A body's JSON text (`JSON.stringify` of a host value) read as the core reads bodies,
/// unpaired surrogates kept ([`crate::json::parse_body`]).
fn parse_body(text: &str, path: &str, limits: &Limits) -> Result<Value> {
    crate::json::parse_body(text, limits).map_err(|e| e.into_error(path))
}

/// Whether the host string `v` crossed as `text` unchanged: an unpaired surrogate crosses as
/// U+FFFD. A short text is searched for U+FFFD; a long one is asked of the host, whose check
/// costs less than the search (a param match reads thousands of bodies while ranking).
fn crosses_whole(v: &JsValue, text: &str) -> bool {
    if text.len() < 256 {
        !text.contains('\u{FFFD}')
    } else {
        host::well_formed(v)
    }
}

/// The host string `v` (crossed as `text`) as a body's string; one that did not cross whole
/// ([`crosses_whole`]) is read again from its `JSON.stringify`, which escapes each unpaired
/// surrogate and leaves a real U+FFFD as it is.
fn body_string(v: &JsValue, text: String, path: &str, limits: &Limits) -> Result<Value> {
    if crosses_whole(v, &text) {
        return Ok(Value::String(text));
    }
    match host::json_text(v, path, limits)? {
        Some(quoted) => parse_body(&quoted, path, limits),
        None => Ok(Value::String(text)),
    }
}

/// A JavaScript string of JSON text, read in chunks as its code units ([`WideDocs`]): never
/// whole in wasm memory, and transcoded only where it is read as text.
pub(super) struct JsText {
    text: js_sys::JsString,
    units: usize,
}

impl JsText {
    /// Whether `v` is a string long enough to be read in chunks: two chunks and more.
    pub(super) fn is_long(v: &JsValue) -> bool {
        v.is_string()
            && v.unchecked_ref::<js_sys::JsString>().length() as usize
                >= CHUNK_UNITS.saturating_mul(2)
    }

    /// Documents from the string `v` (long: [`JsText::is_long`]) read in chunks, `hold` saying
    /// which bodies to keep as read; `None` when it does not read cleanly, for the caller to read
    /// it whole.
    pub(super) fn documents(
        v: &JsValue,
        limits: &Limits,
        hold: &dyn Fn(&str) -> bool,
    ) -> Result<Option<WideDocs>> {
        let text: js_sys::JsString = v.clone().unchecked_into();
        let units = text.length() as usize;
        limits.check_text(units, "", "the documents' JSON text")?;
        WideDocs::read(JsText { text, units }, limits, hold)
    }
}

impl UnitSource for JsText {
    fn units(&self) -> usize {
        self.units
    }

    fn utf16le(&self, from: usize, into: &mut [u8]) -> bool {
        units_at(&self.text, from, into)
    }

    fn utf8(&self, from: usize, to: usize) -> Option<String> {
        #[allow(clippy::cast_possible_truncation)] // within the string's length, a u32
        Some(String::from(self.text.slice(from as u32, to as u32)))
    }
}

/// A `Uint8Array` (a Node `Buffer`) of JSON text, read in chunks ([`ChunkedDocs`]) as a string
/// is: copied a chunk at a time rather than whole, and checked as UTF-8 a chunk at a time.
pub(super) struct JsBytes {
    bytes: JsValue,
    len: usize,
}

impl JsBytes {
    /// Whether `v` is a `Uint8Array` long enough to be read in chunks: two chunks and more.
    pub(super) fn is_long(v: &JsValue) -> bool {
        host::bytes_len(v).is_some_and(|n| n >= CHUNK_UNITS.saturating_mul(2))
    }

    /// Documents from the bytes `v` (long: [`JsBytes::is_long`]) read in chunks, as
    /// [`JsText::documents`] reads a string; `None` when they do not read cleanly (bytes that
    /// are not UTF-8 among the faults), for the caller to read them whole.
    pub(super) fn documents(
        v: &JsValue,
        limits: &Limits,
        hold: &dyn Fn(&str) -> bool,
    ) -> Result<Option<ChunkedDocs>> {
        let len = host::bytes_len(v).unwrap_or(0);
        limits.check_bytes(len, "", "the documents' JSON text")?;
        let bytes = v.clone();
        ChunkedDocs::read(JsBytes { bytes, len }, limits, hold)
    }
}

impl TextSource for JsBytes {
    fn units(&self) -> usize {
        self.len
    }

    fn boundary(&self, from: usize, max: usize) -> usize {
        // The bytes a cut can look at: three before it and three after.
        let to = from.saturating_add(max).min(self.len);
        let near_start = to.saturating_sub(3).max(from);
        let near_end = to.saturating_add(3).min(self.len);
        let mut near = vec![0u8; near_end.saturating_sub(near_start)];
        if !bytes_at(&self.bytes, near_start, &mut near) {
            return to;
        }
        char_safe_end(from, max, self.len, |i| {
            near.get(i.wrapping_sub(near_start)).copied().unwrap_or(0)
        })
    }

    fn utf8(&self, from: usize, to: usize) -> Option<String> {
        let mut bytes = vec![0u8; to.checked_sub(from)?];
        bytes_at(&self.bytes, from, &mut bytes).then_some(())?;
        String::from_utf8(bytes).ok()
    }
}

/// Whether `v` is JSON text long enough to be read in chunks: a string or bytes.
pub(super) fn is_long_text(v: &JsValue) -> bool {
    JsText::is_long(v) || JsBytes::is_long(v)
}

/// Documents from the long JSON text `v` ([`is_long_text`]) read in chunks, or `None` when they
/// do not read cleanly; errors at the text's own path.
pub(super) fn long_documents(
    v: &JsValue,
    limits: &Limits,
    hold: &dyn Fn(&str) -> bool,
) -> Result<Option<Box<dyn DocSet>>> {
    Ok(if v.is_string() {
        JsText::documents(v, limits, hold)?.map(|d| Box::new(d) as Box<dyn DocSet>)
    } else {
        JsBytes::documents(v, limits, hold)?.map(|d| Box::new(d) as Box<dyn DocSet>)
    })
}
