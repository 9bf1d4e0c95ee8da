//! Host values in, as the core's values: every call into JavaScript that can throw, and the one
//! conversion of a host value (a profile, a request, an option) into a [`Value`].
//!
//! Nothing is checked here. A host value crosses as it is — `NaN` as NaN, a function as "a
//! function" — and the core's readers decide what it may be, with the same code, path and
//! message as when the same value comes as JSON text or from Rust.

use crate::json::{self, read, ObjectBuilder, Value};
use crate::wasm_codes::*;
use crate::{Limits, Result};
use js_sys::Array;
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
    /// See glue.js: `v.toJSON(key)` when `v` has one (a `Date`), else `v`.
    #[wasm_bindgen(catch, js_name = jsonOf)]
    fn json_of(v: &JsValue, key: &str) -> std::result::Result<Option<Nullable<JsValue>>, JsValue>;
    /// See glue.js: a host value walked into a tape, never throwing.
    #[wasm_bindgen(catch, js_name = hostValue)]
    fn host_value_tape(
        v: &JsValue,
        max_depth: u32,
        max_text: f64,
        flat: bool,
    ) -> std::result::Result<Option<Nullable<JsValue>>, JsValue>;
}

#[wasm_bindgen(module = "/src/wasm/glue.js")]
extern "C" {
    /// See glue.js: the length of a `Uint8Array` (a Node `Buffer` is one), -1 for anything else.
    #[wasm_bindgen(js_name = byteLength)]
    fn byte_length(v: &JsValue) -> f64;
    /// See glue.js: the bytes of a `Uint8Array` of `view.len()` bytes, into `view`.
    #[wasm_bindgen(js_name = copyBytes)]
    fn copy_bytes(v: &JsValue, view: &mut [u8]);
    /// See glue.js: whether `v` is a string without unpaired surrogates, one that crosses as
    /// UTF-8 unchanged.
    #[wasm_bindgen(js_name = isWellFormed)]
    pub fn well_formed(v: &JsValue) -> bool;
    /// See glue.js: random bytes from the host, into `into`.
    #[wasm_bindgen(js_name = randomBytes)]
    pub fn random_bytes(into: &mut [u8]);
    /// See glue.js: the bytes to reserve for the UTF-8 of a long string.
    #[wasm_bindgen(js_name = utf8Room)]
    fn utf8_room(s: &JsValue) -> u32;
    /// See glue.js: the string's UTF-8 into `view`, the bytes written; -1, having written what
    /// fitted, when it needs more room.
    #[wasm_bindgen(js_name = encodeUtf8)]
    fn encode_utf8(s: &JsValue, view: &mut [u8]) -> i32;
}

/// Strings from this many UTF-16 units on cross by [`long_string`].
const LONG_STRING: usize = 1 << 14;

/// A long host string of `units` UTF-16 units as UTF-8, in one block of about its size.
/// wasm-bindgen's own copy writes the ASCII prefix one byte a unit and, at the first other
/// character, reallocates to three bytes a unit for the rest; dlmalloc moves a block it cannot
/// extend, so both are held at once (four bytes a unit), and linear memory never shrinks: a
/// 100,000-document JSON text left 582 MB behind (docs/BENCHMARKS.md, Memory). Here glue.js
/// estimates the UTF-8 size from a few slices and `encodeInto` writes into that block.
fn long_string(v: &JsValue, units: usize, path: &str, what: &str) -> Result<String> {
    let mut room = utf8_room(v) as usize;
    loop {
        let mut bytes = vec![0u8; room];
        let written = encode_utf8(v, &mut bytes);
        if let Ok(written) = usize::try_from(written) {
            bytes.truncate(written);
            return read::utf8_text(bytes, path, what);
        }
        // Denser than its slices (rare): three bytes a unit hold any string.
        room = units.saturating_mul(3);
    }
}

/// The length of a `Uint8Array` (a Node `Buffer` is one) after any byte-order mark; `None` for
/// anything else.
pub(super) fn bytes_len(v: &JsValue) -> Option<usize> {
    let n = byte_length(v);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // a byte length
    (n >= 0.0).then_some(n as usize)
}

#[cfg(feature = "files")]
#[wasm_bindgen(module = "/src/wasm/glue.js")]
extern "C" {
    /// [`host_value_tape`] with a preload input's contents held apart (see glue.js).
    #[wasm_bindgen(catch, js_name = hostValue)]
    fn host_value_apart(
        v: &JsValue,
        max_depth: u32,
        max_text: f64,
        flat: bool,
        apart: bool,
    ) -> std::result::Result<Option<Nullable<JsValue>>, JsValue>;
}

// The tape `hostValue` returns is a plain object of glue.js's own making: reading its fields
// cannot throw, so they are read by getters that copy each column into wasm memory in one call
// (rather than `Reflect.get` with a key string built from Rust, then a copy: three crossings per
// column, half the cost of a small value's whole conversion).
#[wasm_bindgen]
extern "C" {
    type HostTape;
    #[wasm_bindgen(method, getter)]
    fn tags(this: &HostTape) -> Vec<u8>;
    #[wasm_bindgen(method, getter)]
    fn nums(this: &HostTape) -> Vec<f64>;
    #[wasm_bindgen(method, getter)]
    fn lengths(this: &HostTape) -> Vec<u32>;
    #[wasm_bindgen(method, getter)]
    fn text(this: &HostTape) -> Vec<u8>;
}

/// A value returned without a table slot for `undefined` or `null`, as the `JsValue` it is.
pub(super) fn host(v: Option<Nullable<JsValue>>) -> JsValue {
    match v {
        None => JsValue::UNDEFINED,
        Some(Nullable::Null) => JsValue::NULL,
        Some(Nullable::Value(v)) => v,
    }
}

/// The message of a thrown value, read without any call that could throw again.
pub(super) fn js_message(e: &JsValue) -> String {
    if let Some(s) = e.as_string() {
        return s;
    }
    if e.is_object() {
        if let Some(m) = reflect_get(e, &JsValue::from_str("message"))
            .ok()
            .map(host)
            .and_then(|m| m.as_string())
        {
            return m;
        }
    }
    "a JavaScript exception".to_string()
}

/// What a host value is, as the core's messages name kinds ("an array", "a function"…).
pub(super) fn kind(v: &JsValue) -> &'static str {
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
    } else {
        "an object"
    }
}

/// `Reflect.get(obj, key)`; a throwing getter or trap is bad input at `path`.
pub(super) fn get(obj: &JsValue, key: &JsValue, path: &str) -> Result<JsValue> {
    reflect_get(obj, key)
        .map(host)
        .map_err(|e| read::host_threw("reading this field", &js_message(&e), path))
}

/// The value `JSON.stringify` writes for `v` under `key`: what its `toJSON` returns (a `Date`'s
/// ISO text), else `v`. A throwing `toJSON` is bad input at `path`. Only objects are asked.
pub(super) fn to_json(v: JsValue, key: &str, path: &str) -> Result<JsValue> {
    if !v.is_object() && !v.is_function() && !v.is_bigint() {
        return Ok(v);
    }
    json_of(&v, key)
        .map(host)
        .map_err(|e| read::host_threw("calling its toJSON", &js_message(&e), path))
}

/// `arr[i]`, a throwing trap reported as bad input.
pub(super) fn element(arr: &JsValue, i: usize, path: &str) -> Result<JsValue> {
    let index = u32::try_from(i).unwrap_or(u32::MAX);
    reflect_get_index(arr, index)
        .map(host)
        .map_err(|e| read::host_threw("reading this element", &js_message(&e), path))
}

/// `Array.isArray(v)`; a revoked Proxy throws, and is reported as bad input.
pub(super) fn is_array(v: &JsValue, path: &str) -> Result<bool> {
    array_is_array(v).map_err(|e| read::host_threw("checking for an array", &js_message(&e), path))
}

/// An object that is neither an array nor a function (a revoked Proxy counts as not plain).
pub(super) fn is_plain_object(v: &JsValue) -> bool {
    v.is_object() && !v.is_function() && array_is_array(v) == Ok(false)
}

/// `Object.keys(v)`, an own-keys trap's exception reported as bad input.
pub(super) fn keys(v: &JsValue, path: &str) -> Result<Vec<String>> {
    let keys =
        object_keys(v).map_err(|e| read::host_threw("listing the keys", &js_message(&e), path))?;
    Ok(keys
        .map(|keys| {
            keys.iter()
                .map(|k| k.as_string().unwrap_or_default())
                .collect()
        })
        .unwrap_or_default())
}

/// `arr.length`, refused unless a whole number.
pub(super) fn array_len(arr: &JsValue, path: &str) -> Result<usize> {
    let len = reflect_get(arr, &JsValue::from_str("length"))
        .map(host)
        .map_err(|e| read::host_threw("reading the length", &js_message(&e), path))?;
    let n = len
        .as_f64()
        .filter(|n| n.is_finite() && *n >= 0.0 && n.fract() == 0.0)
        .ok_or_else(|| read::not_json("an array with no valid length", path))?;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // whole, non-negative
    Ok(n.min(4_294_967_295.0) as usize)
}

/// A host string, refused with `TOO_LARGE` before it is copied into wasm memory when it is
/// longer than `limits.maxTextLength`. `None` if `v` is not a string.
pub(super) fn string_within(
    v: &JsValue,
    limits: &Limits,
    path: &str,
    what: &str,
) -> Result<Option<String>> {
    if !v.is_string() {
        return Ok(None);
    }
    let units = v.unchecked_ref::<js_sys::JsString>().length() as usize;
    limits.check_text(units, path, what)?;
    if units >= LONG_STRING {
        return long_string(v, units, path, what).map(Some);
    }
    Ok(v.as_string())
}

/// JSON text given as a string or as UTF-8 bytes (a `Uint8Array`, a Node `Buffer`: a file or a
/// database column as read), with the string's limits; a leading byte-order mark is skipped,
/// as `TextDecoder` does (glue.js). `None` for anything else.
pub(super) fn text_within(
    v: &JsValue,
    limits: &Limits,
    path: &str,
    what: &str,
) -> Result<Option<String>> {
    if v.is_string() {
        return string_within(v, limits, path, what);
    }
    let Some(n) = bytes_len(v) else {
        return Ok(None);
    };
    limits.check_bytes(n, path, what)?;
    let mut bytes = vec![0u8; n];
    copy_bytes(v, &mut bytes);
    read::utf8_text(bytes, path, what).map(Some)
}

/// `JSON.stringify(v)` — a document body as the host would render it — or `None` for
/// `undefined` (and functions and symbols, which it skips).
pub(super) fn json_text(v: &JsValue, path: &str, limits: &Limits) -> Result<Option<String>> {
    if v.is_undefined() {
        return Ok(None);
    }
    match json_stringify(v) {
        Ok(s) => string_within(&host(s), limits, path, "its JSON text"),
        // Engines run out of stack at different depths; past ctxpack's own limit either way, so
        // the code is the same whichever engine gave up first.
        Err(e) if js_message(&e).contains("call stack") => {
            Err(read::host_too_deep(limits.max_depth, path))
        }
        Err(e) => Err(read::host_threw("JSON.stringify", &js_message(&e), path)),
    }
}

/// A result value as a JS value, through `JSON.parse` of ctxpack's own JSON text.
pub(super) fn value_to_js(v: &Value) -> Result<JsValue> {
    json_parse(&json::stringify(v, 0))
        .map(host)
        .map_err(|e| read::host_threw("JSON.parse", &js_message(&e), ""))
}

/// A host value as a [`Value`] (`None` for `undefined`), every string within `limits` and
/// nesting no deeper than `limits.maxDepth`. Error paths are under `path`.
pub(super) fn value(v: &JsValue, path: &str, limits: &Limits) -> Result<Option<Value>> {
    if v.is_undefined() {
        return Ok(None);
    }
    read_tape(tape_of(v, path, limits, false)?, path, limits).map(Some)
}

/// A host value as it crossed: a flat object as its JSON text, anything else as the value.
#[cfg_attr(not(feature = "governor"), allow(dead_code))]
pub(super) enum Crossed {
    Json(String),
    Value(Value),
}

/// [`value`] for a value that is usually a flat object (a governor event, pushed thousands of
/// times a second): such an object crosses as its JSON text (glue.js's `hostValue` says when
/// it may), for the caller to read directly or through [`json::parse`], which makes the value
/// the tape would have made. Anything else crosses as the tape, as in [`value`].
#[cfg_attr(not(feature = "governor"), allow(dead_code))]
pub(super) fn flat_value(v: &JsValue, path: &str, limits: &Limits) -> Result<Option<Crossed>> {
    if v.is_undefined() {
        return Ok(None);
    }
    let tape = tape_of(v, path, limits, true)?;
    if let Some(text) = tape.as_string() {
        return Ok(Some(Crossed::Json(text)));
    }
    read_tape(tape, path, limits).map(|v| Some(Crossed::Value(v)))
}

/// [`value`] of a preload input whose `contents[i].content` strings stay in JavaScript (glue.js
/// `hostValue`, `apart`): the value holds `""` in their place, and the tape returned with it
/// holds them, for `files::HeldContents` to encode into wasm memory once.
#[cfg(feature = "files")]
pub(super) fn value_apart(v: &JsValue, path: &str, limits: &Limits) -> Result<(Value, JsValue)> {
    if v.is_undefined() {
        return Ok((Value::Null, JsValue::UNDEFINED));
    }
    let depth = u32::try_from(limits.max_depth).unwrap_or(u32::MAX);
    #[allow(clippy::cast_precision_loss)] // at most 2^32 - 1: exact
    let tape = host_value_apart(v, depth, limits.max_text_length as f64, false, true)
        .map(host)
        .map_err(|e| read::host_threw("reading this value", &js_message(&e), path))?;
    let value = read_tape(tape.clone(), path, limits)?;
    Ok((value, tape))
}

fn tape_of(v: &JsValue, path: &str, limits: &Limits, flat: bool) -> Result<JsValue> {
    let depth = u32::try_from(limits.max_depth).unwrap_or(u32::MAX);
    #[allow(clippy::cast_precision_loss)] // at most 2^32 - 1: exact
    host_value_tape(v, depth, limits.max_text_length as f64, flat)
        .map(host)
        .map_err(|e| read::host_threw("reading this value", &js_message(&e), path))
}

fn read_tape(tape: JsValue, path: &str, limits: &Limits) -> Result<Value> {
    let tape: HostTape = tape.unchecked_into();
    let (tags, nums, lengths) = (tape.tags(), tape.nums(), tape.lengths());
    // UTF-8 from TextEncoder (see glue.js), so valid: anything else is not its tape.
    let text = String::from_utf8(tape.text())
        .map_err(|_| read::not_json("an unknown host value", path))?;
    let mut t = Tape {
        tags: tags.into_iter(),
        nums: nums.into_iter(),
        strings: Strings {
            rest: &text,
            lengths: lengths.into_iter(),
        },
        limits,
    };
    let mut at = path.to_string();
    t.value(&mut at)
}

/// The strings of a tape: one text, cut at UTF-16 lengths.
struct Strings<'a> {
    rest: &'a str,
    lengths: std::vec::IntoIter<u32>,
}

impl Strings<'_> {
    fn next(&mut self) -> String {
        let units = self.lengths.next().unwrap_or(0) as usize;
        let head = crate::text::prefix_utf16(self.rest, units);
        self.rest = self.rest.get(head.len()..).unwrap_or("");
        head.to_string()
    }
}

struct Tape<'a> {
    tags: std::vec::IntoIter<u8>,
    nums: std::vec::IntoIter<f64>,
    strings: Strings<'a>,
    limits: &'a Limits,
}

impl Tape<'_> {
    fn count(&mut self) -> usize {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // a length from JS
        let n = self.nums.next().unwrap_or(0.0) as usize;
        n
    }

    /// The next value; `path` is its JSON pointer (extended and restored for members).
    fn value(&mut self, path: &mut String) -> Result<Value> {
        let tag = self.tags.next().unwrap_or(T_NULL);
        Ok(match tag {
            T_UNDEFINED | T_NULL => Value::Null,
            T_FALSE => Value::Bool(false),
            T_TRUE => Value::Bool(true),
            T_NUMBER => Value::Number(self.nums.next().unwrap_or(f64::NAN)),
            T_STRING => Value::String(self.strings.next()),
            T_LONG => {
                let units = self.count();
                self.limits.check_text(units, path, "its text")?;
                Value::Null
            }
            T_ARRAY => {
                let n = self.count();
                let mut items = Vec::new();
                for i in 0..n {
                    let len = path.len();
                    path.push('/');
                    path.push_str(&i.to_string());
                    items.push(self.value(path)?);
                    path.truncate(len);
                }
                Value::Array(items)
            }
            T_OBJECT => {
                let n = self.count();
                let mut o = ObjectBuilder::new();
                for _ in 0..n {
                    let key = self.strings.next();
                    let len = path.len();
                    *path = crate::error::pointer_push(path, &key);
                    // An undefined member is left out, as JSON.stringify leaves it out.
                    let undefined = self.tags.as_slice().first() == Some(&T_UNDEFINED);
                    let v = self.value(path)?;
                    path.truncate(len);
                    if !undefined {
                        o.insert(key, v);
                    }
                }
                Value::Object(o.finish())
            }
            T_FUNCTION => return Err(read::not_json("a function", path)),
            T_SYMBOL => return Err(read::not_json("a symbol", path)),
            T_BIGINT => return Err(read::not_json("a bigint", path)),
            T_BINARY => return Err(read::not_json("a typed array", path)),
            T_DEEP => return Err(read::host_too_deep(self.limits.max_depth, path)),
            T_THREW => {
                let message = self.strings.next();
                return Err(read::host_threw("reading this field", &message, path));
            }
            _ => return Err(read::not_json("an unknown host value", path)),
        })
    }
}
