//! Every conversion between JavaScript values and the core, in one place.
//!
//! Small things (profiles, requests, options, results) cross as JSON text: `JSON.stringify` on
//! the way in gives exactly the host's key order and number formatting, and `JSON.parse` on the
//! way out builds plain objects. Documents cross lazily: their metadata is read field by field,
//! their bodies only when rendered (see `JsDocs`).

use crate::json::{self, object, ToJson, Value};
use crate::jsondoc::{
    data_value, metadata_value, Assembly, CapResult, DocMeta, DocRecord, DocSet, MetaFields,
    Origin, Prioritized, ScoreBreakdown, TrimLevel,
};
use crate::manifest::Action;
use crate::{Error, ErrorCode, Limits, Result};
use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue, Nullable};

// Every host operation that can throw (a Proxy's trap, a revoked Proxy, a getter) is imported
// with `catch`: an exception must come back as a value. One that unwinds through wasm frames
// skips restoring the stack pointer, and a few hundred of those poison the instance.
//
// And no `catch` import returns a bare `JsValue` (or another plain JS type such as `Array` or
// `JsString`): wasm-bindgen stores such a return value in its externref table before the Rust
// side looks for the exception, and when there was one the generated code returns the error
// without ever taking that slot back — one slot (holding `undefined`) lost per exception, the
// table and wasm memory growing without bound (js_sys's `Reflect::get` and `JSON::stringify`
// do exactly that). Returns are therefore `bool`, `Option<String>` (copied into wasm memory) or
// `Option<Nullable<JsValue>>` (`undefined` and `null` need no slot; JS puts a value in the table
// only once the call has returned), so a throw leaves nothing behind: tests/abuse's resource
// loop measures it.
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = get)]
    fn reflect_get(
        target: &JsValue,
        key: &JsValue,
    ) -> std::result::Result<Option<Nullable<JsValue>>, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = get)]
    fn reflect_get_index(
        target: &JsValue,
        index: u32,
    ) -> std::result::Result<Option<Nullable<JsValue>>, JsValue>;
    // The text comes back as a value, not copied: its length is checked first (limits).
    #[wasm_bindgen(catch, js_namespace = JSON, js_name = stringify)]
    fn json_stringify(v: &JsValue) -> std::result::Result<Option<Nullable<JsValue>>, JsValue>;
    #[wasm_bindgen(catch, js_namespace = JSON, js_name = parse)]
    fn json_parse(text: &str) -> std::result::Result<Option<Nullable<JsValue>>, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn object_keys(o: &JsValue) -> std::result::Result<Option<Array>, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn array_is_array(v: &JsValue) -> std::result::Result<bool, JsValue>;
}

#[wasm_bindgen(module = "/src/wasm/glue.js")]
extern "C" {
    /// See glue.js: JSON text of a small value, refusing what JSON.stringify would change.
    #[wasm_bindgen(catch, js_name = strictJson)]
    fn strict_json(
        v: &JsValue,
        limit: u32,
    ) -> std::result::Result<Option<Nullable<JsValue>>, JsValue>;
}

/// A value returned without a table slot for `undefined` or `null`, as the `JsValue` it is.
fn host_value(v: Option<Nullable<JsValue>>) -> JsValue {
    match v {
        None => JsValue::UNDEFINED,
        Some(Nullable::Null) => JsValue::NULL,
        Some(Nullable::Value(v)) => v,
    }
}

/// `Reflect.get(target, key)`; a throwing getter or trap comes back as the exception.
fn host_get(target: &JsValue, key: &JsValue) -> std::result::Result<JsValue, JsValue> {
    reflect_get(target, key).map(host_value)
}

/// A host string, refused with `TOO_LARGE` before it is copied into wasm memory when it is
/// longer than `limits.maxTextLength`. `None` if `v` is not a string.
pub fn string_within(
    v: &JsValue,
    limits: &Limits,
    path: &str,
    what: &str,
) -> Result<Option<String>> {
    if !v.is_string() {
        return Ok(None);
    }
    let units = v.unchecked_ref::<js_sys::JsString>().length();
    limits.check_text(units as usize, path, what)?;
    Ok(v.as_string())
}

/// A profile, request or option as JSON text (`None` for undefined), checked by glue.js's
/// `strictJson`; error paths are relative to the value, under `path`.
pub fn strict_text(v: &JsValue, path: &str, limits: &Limits) -> Result<Option<String>> {
    // max_depth is at most 256 (Limits refuses more), so it fits.
    let depth = u32::try_from(limits.max_depth).unwrap_or(u32::MAX);
    match strict_json(v, depth) {
        Ok(text) => string_within(&host_value(text), limits, path, "its JSON text"),
        Err(e) => {
            let field = |k: &str| {
                host_get(&e, &JsValue::from_str(k))
                    .ok()
                    .and_then(|x| x.as_string())
            };
            let code = field("ctxpackCode").and_then(|c| ErrorCode::from_name(&c));
            Err(match code {
                Some(code) => Error::new(
                    code,
                    format!("{path}{}", field("path").unwrap_or_default()),
                    field("message").unwrap_or_default(),
                ),
                None => threw(path, "reading this value", &e),
            })
        }
    }
}

/// A small host value (a request, an option) as a JSON value (`null` for undefined), read by
/// ctxpack's JSON reader so the depth limit and lone surrogates are handled as everywhere else.
pub fn small_value(v: &JsValue, path: &str, limits: &Limits) -> Result<Value> {
    match strict_text(v, path, limits)? {
        None => Ok(Value::Null),
        Some(text) => {
            crate::json::parse_limited(&text, limits.max_depth).map_err(|e| e.into_error(path))
        }
    }
}

/// The message of a thrown value, read without any call that could throw again.
pub fn js_message(e: &JsValue) -> String {
    if let Some(s) = e.as_string() {
        return s;
    }
    if e.is_object() {
        if let Some(m) = host_get(e, &JsValue::from_str("message"))
            .ok()
            .and_then(|m| m.as_string())
        {
            return m;
        }
    }
    "a JavaScript exception".to_string()
}

fn threw(path: &str, what: &str, e: &JsValue) -> Error {
    Error::new(
        ErrorCode::InvalidInput,
        path,
        format!("{what} threw: {}", js_message(e)),
    )
}

/// `Array.isArray(v)`; a revoked Proxy throws, and is reported as bad input.
pub fn is_array(v: &JsValue, path: &str) -> Result<bool> {
    array_is_array(v).map_err(|e| threw(path, "checking for an array", &e))
}

/// `Object.keys(v)`, an own-keys trap's exception reported as bad input.
pub fn keys(v: &JsValue, path: &str) -> Result<Vec<String>> {
    let keys = object_keys(v).map_err(|e| threw(path, "listing the keys", &e))?;
    Ok(keys
        .map(|keys| {
            keys.iter()
                .map(|k| k.as_string().unwrap_or_default())
                .collect()
        })
        .unwrap_or_default())
}

/// `arr.length` and `arr[i]` through `Reflect`, which report a throwing trap as a value.
fn array_len(arr: &JsValue, path: &str) -> Result<usize> {
    let len = host_get(arr, &JsValue::from_str("length"))
        .map_err(|e| threw(path, "reading the length", &e))?;
    let n = len
        .as_f64()
        .filter(|n| n.is_finite() && *n >= 0.0 && n.fract() == 0.0)
        .ok_or_else(|| {
            Error::new(
                ErrorCode::InvalidInput,
                path,
                "the array has no valid length",
            )
        })?;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    // a whole, non-negative length
    Ok(n.min(4_294_967_295.0) as usize)
}

fn element(arr: &JsValue, i: usize, path: &str) -> Result<JsValue> {
    let index = u32::try_from(i)
        .map_err(|_| Error::new(ErrorCode::InvalidInput, path, "index out of range"))?;
    reflect_get_index(arr, index)
        .map(host_value)
        .map_err(|e| threw(path, "reading this element", &e))
}

/// `JSON.stringify(v)`, or `None` for `undefined` (and functions and symbols, which it skips).
pub fn json_text(v: &JsValue, path: &str, limits: &Limits) -> Result<Option<String>> {
    if v.is_undefined() {
        return Ok(None);
    }
    match json_stringify(v) {
        Ok(s) => string_within(&host_value(s), limits, path, "its JSON text"),
        // Engines run out of stack at different depths; past ctxpack's own limit either way, so
        // the code is the same whichever engine gave up first.
        Err(e) if js_message(&e).contains("call stack") => Err(Error::new(
            ErrorCode::TooDeep,
            path,
            format!(
                "nested too deeply to read (deeper than {} levels): {}",
                limits.max_depth,
                js_message(&e)
            ),
        )),
        Err(e) => Err(Error::new(
            ErrorCode::InvalidInput,
            path,
            format!("cannot be read as JSON: {}", js_message(&e)),
        )),
    }
}

/// A host value in ctxpack's JS-semantics model, through `JSON.stringify`.
pub fn to_value(v: &JsValue, path: &str, limits: &Limits) -> Result<Option<Value>> {
    match json_text(v, path, limits)? {
        None => Ok(None),
        Some(text) => json::parse_limited(&text, limits.max_depth)
            .map(Some)
            .map_err(|e| e.into_error(path)),
    }
}

/// A Rust result as a plain JS object.
pub fn to_js<T: ToJson>(v: &T) -> Result<JsValue> {
    value_to_js(&v.to_json())
}

/// A ctxpack JSON value as a JS value.
pub fn value_to_js(v: &Value) -> Result<JsValue> {
    json_parse(&json::stringify(v, 0))
        .map(host_value)
        .map_err(|e| Error::new(ErrorCode::InvalidInput, "", js_message(&e)))
}

/// An object that is neither an array nor a function (a revoked Proxy counts as not plain).
pub fn is_plain_object(v: &JsValue) -> bool {
    v.is_object() && !v.is_function() && array_is_array(v) == Ok(false)
}

pub fn get(obj: &JsValue, key: &JsValue, path: &str) -> Result<JsValue> {
    host_get(obj, key).map_err(|e| {
        Error::new(
            ErrorCode::InvalidInput,
            path,
            format!("reading this field threw: {}", js_message(&e)),
        )
    })
}

/// A metadata field: scalars become values; objects and arrays become an empty stand-in of
/// their kind, which validation then refuses with a message naming the kind.
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
    } else if array_is_array(&v).unwrap_or(false) {
        Some(Value::Array(Vec::new()))
    } else {
        Some(Value::Object(crate::json::Object::default()))
    })
}

#[wasm_bindgen(module = "/src/wasm/glue.js")]
extern "C" {
    /// See glue.js: one pass over the documents, or `null` when any is malformed.
    #[wasm_bindgen(catch, js_name = readMeta)]
    fn read_meta(docs: &JsValue, max_text: f64) -> std::result::Result<Option<JsValue>, JsValue>;
}

// Keep in step with the FLAG_ constants in glue.js.
const FLAG_USER_INPUT: u8 = 1;
const FLAG_LEAF_GIVEN: u8 = 2;
const FLAG_LEAF: u8 = 4;
const FLAG_CREATED_TEXT: u8 = 8;

/// Documents still living in the JS heap: metadata read now, bodies on demand.
pub struct JsDocs {
    metas: Vec<DocMeta>,
    limits: Limits,
    docs: Array,
    data_key: JsValue,
    metadata_key: JsValue,
}

fn kind(v: &JsValue) -> &'static str {
    if v.is_undefined() {
        "undefined"
    } else if v.is_null() {
        "null"
    } else if v.is_function() {
        "a function"
    } else if array_is_array(v).unwrap_or(false) {
        "an array"
    } else if v.is_string() {
        "a string"
    } else if v.as_f64().is_some() {
        "a number"
    } else if v.as_bool().is_some() {
        "a boolean"
    } else if v.is_bigint() {
        "a bigint"
    } else if v.is_symbol() {
        "a symbol"
    } else if v.is_function() {
        "a function"
    } else {
        "an object"
    }
}

impl JsDocs {
    /// Reads an array of documents; error paths are relative to the array.
    pub fn read(v: &JsValue, limits: &Limits) -> Result<Self> {
        if !is_array(v, "")? {
            return Err(Error::new(
                ErrorCode::InvalidInput,
                "",
                format!(
                    "documents must be an array (or its JSON text), got {}",
                    kind(v)
                ),
            ));
        }
        let docs: Array = v.clone().unchecked_into();
        let len = array_len(v, "")?;
        limits.check_documents(len, "")?;
        #[allow(clippy::cast_precision_loss)] // at most 2^32 - 1: exact
        let metas = match read_meta(v, limits.max_text_length as f64) {
            Ok(Some(packed)) => match unpack(&packed, len)? {
                Some(metas) => metas,
                None => read_each(&docs, len, limits)?,
            },
            // Malformed somewhere, or a getter threw: read field by field for the exact error.
            _ => read_each(&docs, len, limits)?,
        };
        crate::jsondoc::check_unique_ids(&metas)?;
        Ok(JsDocs {
            metas,
            limits: *limits,
            docs,
            data_key: "data".into(),
            metadata_key: "metadata".into(),
        })
    }

    fn field(&self, index: usize, key: &JsValue, name: &str) -> Result<JsValue> {
        let path = format!("/{index}/{name}");
        let doc = element(&self.docs, index, &format!("/{index}"))?;
        get(&doc, key, &path)
    }
}

fn part<'a>(parts: &mut impl Iterator<Item = &'a str>) -> Result<&'a str> {
    parts
        .next()
        .ok_or_else(|| Error::new(ErrorCode::InvalidInput, "", "document metadata ended early"))
}

/// Rebuilds the metadata from glue.js's packed form, validating it like any other input;
/// `None` if the packing cannot be trusted (an id or type holding U+0000 shifts the fields).
fn unpack(packed: &JsValue, len: usize) -> Result<Option<Vec<DocMeta>>> {
    // UTF-8 written by readMeta, each part ended by U+0000 and within limits.maxTextLength.
    let bytes = js_sys::Uint8Array::from(get(packed, &"bytes".into(), "")?).to_vec();
    let Ok(text) = String::from_utf8(bytes) else {
        return Ok(None);
    };
    let parts_expected = get(packed, &"parts".into(), "")?.as_f64().unwrap_or(0.0);
    let created = js_sys::Float64Array::from(get(packed, &"created".into(), "")?).to_vec();
    let flags = js_sys::Uint8Array::from(get(packed, &"flags".into(), "")?).to_vec();
    #[allow(clippy::cast_precision_loss)] // counts far below 2^53
    let terminators_agree = text.matches('\0').count() as f64 == parts_expected;
    if !terminators_agree || created.len() != len || flags.len() != len {
        return Ok(None);
    }
    let mut parts = text.split_terminator('\0');
    let mut metas = Vec::with_capacity(len);
    for (i, (&f, &at)) in flags.iter().zip(&created).enumerate() {
        let id = part(&mut parts)?.to_string();
        let schema_type = part(&mut parts)?.to_string();
        let created_at = if f & FLAG_CREATED_TEXT != 0 {
            Value::String(part(&mut parts)?.to_string())
        } else {
            Value::Number(at)
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
    Ok(Some(metas))
}

/// The exact path: every field read and checked on its own, so errors name the field.
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
    for i in 0..len {
        let base = format!("/{i}");
        let doc = element(docs, i, &base)?;
        if !is_plain_object(&doc) {
            return Err(Error::new(
                ErrorCode::InvalidInput,
                base,
                format!("a document must be an object, got {}", kind(&doc)),
            ));
        }
        let field = |k: &JsValue, name: &str| get(&doc, k, &format!("{base}/{name}"));
        let meta =
            |k: &JsValue, name: &str| scalar(field(k, name)?, limits, &format!("{base}/{name}"));
        let fields = MetaFields {
            id: meta(k_id, "id")?,
            schema_type: meta(k_type, "schema_type")?,
            origin_type: meta(k_origin, "origin_type")?,
            created_at: meta(k_created, "created_at")?,
            is_leaf: meta(k_leaf, "is_leaf")?,
        };
        metas.push(DocMeta::from_fields(i, fields)?);
        if field(k_data, "data")?.is_undefined() {
            return Err(Error::new(
                ErrorCode::MissingField,
                format!("{base}/data"),
                "data is required",
            ));
        }
        let m = field(k_metadata, "metadata")?;
        if !(m.is_undefined() || m.is_null() || is_plain_object(&m)) {
            return Err(Error::new(
                ErrorCode::InvalidInput,
                format!("{base}/metadata"),
                format!("metadata must be an object, got {}", kind(&m)),
            ));
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
        let d = self.field(index, &self.data_key, "data")?;
        let v = match string_within(&d, &self.limits, &path, "data")? {
            Some(s) => Value::String(s),
            None => to_value(&d, &path, &self.limits)?.ok_or_else(|| {
                Error::new(
                    ErrorCode::InvalidInput,
                    path.clone(),
                    format!("data must be JSON-serialisable, got {}", kind(&d)),
                )
            })?,
        };
        data_value(v, index, self.limits.max_depth)
    }

    fn metadata(&self, index: usize) -> Result<Option<Value>> {
        let path = format!("/{index}/metadata");
        let m = self.field(index, &self.metadata_key, "metadata")?;
        if m.is_undefined() || m.is_null() {
            return Ok(None);
        }
        metadata_value(to_value(&m, &path, &self.limits)?, index)
    }
}

#[wasm_bindgen(module = "/src/wasm/glue.js")]
extern "C" {
    #[wasm_bindgen(js_name = buildDocRecords)]
    fn build_doc_records(
        text: &str,
        lengths: &[u32],
        nums: &[f64],
        codes: &[u8],
        table_text: &str,
        table_lengths: &[u32],
        refs: &[u32],
    ) -> JsValue;
    #[wasm_bindgen(js_name = buildRankedRecords)]
    fn build_ranked_records(text: &str, lengths: &[u32], nums: &[f64]) -> JsValue;
    #[wasm_bindgen(js_name = buildFilteredRecords)]
    fn build_filtered_records(text: &str, lengths: &[u32]) -> JsValue;
}

/// Records in columns, for glue.js to build into objects (see `buildDocRecords` there).
#[derive(Default)]
struct Columns<'a> {
    text: String,
    lengths: Vec<u32>,
    nums: Vec<f64>,
    codes: Vec<u8>,
    /// Strings most records share (reasons, types), each crossing once.
    table: Interned<'a>,
    refs: Vec<u32>,
}

#[derive(Default)]
struct Interned<'a> {
    index: std::collections::HashMap<&'a str, u32>,
    text: String,
    lengths: Vec<u32>,
}

impl<'a> Interned<'a> {
    fn get(&mut self, s: &'a str) -> u32 {
        if let Some(&i) = self.index.get(s) {
            return i;
        }
        let i = u32::try_from(self.lengths.len()).unwrap_or(u32::MAX);
        self.text.push_str(s);
        self.lengths
            .push(u32::try_from(crate::text::utf16_len(s)).unwrap_or(u32::MAX));
        self.index.insert(s, i);
        i
    }
}

// Keep in step with ACTIONS, LEVELS and NO_CODE in glue.js.
const NO_CODE: u8 = 255;

fn action_code(a: Action) -> u8 {
    match a {
        Action::Full => 0,
        Action::Truncated => 1,
        Action::Summarized => 2,
        Action::Discarded => 3,
        Action::FilteredOut => 4,
    }
}

fn level_code(l: Option<TrimLevel>) -> u8 {
    match l {
        None => NO_CODE,
        Some(TrimLevel::Full) => 0,
        Some(TrimLevel::Truncated) => 1,
        Some(TrimLevel::Summarized) => 2,
    }
}

#[allow(clippy::cast_precision_loss)] // counts and offsets are far below 2^53
fn count(n: usize) -> f64 {
    n as f64
}

impl<'a> Columns<'a> {
    fn interned(&mut self, s: &'a str) {
        let i = self.table.get(s);
        self.refs.push(i);
    }

    fn str(&mut self, s: &str) {
        self.text.push_str(s);
        self.lengths
            .push(u32::try_from(crate::text::utf16_len(s)).unwrap_or(u32::MAX));
    }

    fn num(&mut self, v: Option<f64>) {
        self.nums.push(v.unwrap_or(f64::NAN));
    }

    fn breakdown(&mut self, b: &ScoreBreakdown) {
        self.nums
            .extend([b.required, b.optional, b.leaf, b.user_input, b.recency]);
    }
}

fn doc_records(records: &[DocRecord]) -> JsValue {
    let mut c = Columns::default();
    for r in records {
        c.str(&r.item.id);
        c.interned(&r.item.reason);
        c.interned(&r.schema_type);
        c.num(r.item.chars_before.map(count));
        c.num(Some(count(r.item.chars_after)));
        c.num(r.rank.map(count));
        c.num(r.score);
        match &r.breakdown {
            Some(b) => c.breakdown(b),
            None => c.nums.extend([f64::NAN; 5]),
        }
        c.num(r.offset.map(count));
        c.codes
            .extend([action_code(r.item.action), level_code(r.level)]);
    }
    build_doc_records(
        &c.text,
        &c.lengths,
        &c.nums,
        &c.codes,
        &c.table.text,
        &c.table.lengths,
        &c.refs,
    )
}

/// `head` (whose record fields are `null`) as a JS object, with those fields set.
fn with_fields(head: &Value, fields: &[(&str, JsValue)]) -> Result<JsValue> {
    let obj = value_to_js(head)?;
    for (key, value) in fields {
        Reflect::set(&obj, &JsValue::from_str(key), value)
            .map_err(|e| Error::new(ErrorCode::InvalidInput, "", js_message(&e)))?;
    }
    Ok(obj)
}

/// An [`Assembly`] as a plain object, its records built from columns.
pub fn assembly_to_js(a: &Assembly) -> Result<JsValue> {
    let m = &a.manifest;
    // The key order of `Manifest`'s fields, as its serde derive writes them.
    let head = object([
        ("intent", m.intent.to_json()),
        ("now", Value::Number(m.now)),
        ("documents", Value::Null),
        ("totals", m.totals.to_json()),
        ("cap", m.cap.to_json()),
        ("log", m.log.to_json()),
    ]);
    let manifest = with_fields(&head, &[("documents", doc_records(&m.documents))])?;
    with_fields(
        &object([("context", Value::Null), ("manifest", Value::Null)]),
        &[
            ("context", JsValue::from_str(&a.context)),
            ("manifest", manifest),
        ],
    )
}

/// A [`CapResult`] as a plain object.
pub fn cap_result_to_js(r: &CapResult) -> Result<JsValue> {
    let head = object([
        ("context", Value::Null),
        ("documents", Value::Null),
        ("totals", r.totals.to_json()),
        ("cap", r.cap.to_json()),
        ("log", r.log.to_json()),
    ]);
    with_fields(
        &head,
        &[
            ("context", JsValue::from_str(&r.context)),
            ("documents", doc_records(&r.documents)),
        ],
    )
}

/// [`Prioritized`] as a plain object.
pub fn prioritized_to_js(p: &Prioritized) -> Result<JsValue> {
    let mut ranked = Columns::default();
    for r in &p.ranked {
        ranked.str(&r.id);
        ranked.str(&r.schema_type);
        ranked.nums.extend([count(r.rank), r.score]);
        ranked.breakdown(&r.breakdown);
    }
    let mut filtered = Columns::default();
    for f in &p.filtered {
        filtered.str(&f.id);
        filtered.str(&f.schema_type);
        filtered.str(&f.reason);
    }
    let head = object([
        ("intent", p.intent.to_json()),
        ("now", Value::Number(p.now)),
        ("ranked", Value::Null),
        ("filtered", Value::Null),
    ]);
    with_fields(
        &head,
        &[
            (
                "ranked",
                build_ranked_records(&ranked.text, &ranked.lengths, &ranked.nums),
            ),
            (
                "filtered",
                build_filtered_records(&filtered.text, &filtered.lengths),
            ),
        ],
    )
}
