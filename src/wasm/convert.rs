//! Every conversion between JavaScript values and the core, in one place.
//!
//! Small things (profiles, requests, options, results) cross as JSON text: `JSON.stringify` on
//! the way in gives exactly the host's key order and number formatting, and `JSON.parse` on the
//! way out builds plain objects. Documents cross lazily: their metadata is read field by field,
//! their bodies only when rendered (see `JsDocs`).

use crate::json::{self, Value};
use crate::jsondoc::{data_value, metadata_value, DocMeta, DocSet, MetaFields};
use crate::{Error, ErrorCode, Result};
use js_sys::{Array, Reflect, JSON};
use serde::Serialize;
use wasm_bindgen::{JsCast, JsValue};

pub fn js_message(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "a JavaScript exception".to_string())
}

/// `JSON.stringify(v)`, or `None` for `undefined` (and functions and symbols, which it skips).
pub fn json_text(v: &JsValue, path: &str) -> Result<Option<String>> {
    if v.is_undefined() {
        return Ok(None);
    }
    match JSON::stringify(v) {
        Ok(s) => Ok(s.as_string()),
        Err(e) => Err(Error::new(
            ErrorCode::InvalidInput,
            path,
            format!("cannot be read as JSON: {}", js_message(&e)),
        )),
    }
}

/// A host value as a serde-readable JSON value (`null` for undefined).
pub fn to_serde(v: &JsValue, path: &str) -> Result<serde_json::Value> {
    match json_text(v, path)? {
        None => Ok(serde_json::Value::Null),
        Some(text) => serde_json::from_str(&text)
            .map_err(|e| Error::new(ErrorCode::InvalidInput, path, e.to_string())),
    }
}

/// A host value in ctxpack's JS-semantics model, through `JSON.stringify`.
pub fn to_value(v: &JsValue, path: &str) -> Result<Option<Value>> {
    match json_text(v, path)? {
        None => Ok(None),
        Some(text) => json::parse(&text).map(Some).map_err(|e| e.into_error(path)),
    }
}

/// A Rust result as a plain JS object.
pub fn to_js<T: Serialize>(v: &T) -> Result<JsValue> {
    let text = serde_json::to_string(v)
        .map_err(|e| Error::new(ErrorCode::InvalidInput, "", e.to_string()))?;
    JSON::parse(&text).map_err(|e| Error::new(ErrorCode::InvalidInput, "", js_message(&e)))
}

/// A ctxpack JSON value as a JS value.
pub fn value_to_js(v: &Value) -> Result<JsValue> {
    JSON::parse(&json::stringify(v, 0))
        .map_err(|e| Error::new(ErrorCode::InvalidInput, "", js_message(&e)))
}

pub fn is_plain_object(v: &JsValue) -> bool {
    v.is_object() && !Array::is_array(v) && !v.is_function()
}

pub fn get(obj: &JsValue, key: &JsValue, path: &str) -> Result<JsValue> {
    Reflect::get(obj, key).map_err(|e| {
        Error::new(
            ErrorCode::InvalidInput,
            path,
            format!("reading this field threw: {}", js_message(&e)),
        )
    })
}

/// A metadata field: scalars become values; objects and arrays become an empty stand-in of
/// their kind, which validation then refuses with a message naming the kind.
fn scalar(v: JsValue) -> Option<Value> {
    if v.is_undefined() {
        None
    } else if v.is_null() {
        Some(Value::Null)
    } else if let Some(s) = v.as_string() {
        Some(Value::String(s))
    } else if let Some(n) = v.as_f64() {
        Some(Value::Number(n))
    } else if let Some(b) = v.as_bool() {
        Some(Value::Bool(b))
    } else if Array::is_array(&v) {
        Some(Value::Array(Vec::new()))
    } else {
        Some(Value::Object(crate::json::Object::default()))
    }
}

/// Documents still living in the JS heap: metadata read now, bodies on demand.
pub struct JsDocs {
    metas: Vec<DocMeta>,
    data: Vec<JsValue>,
    metadata: Vec<JsValue>,
}

struct Keys {
    id: JsValue,
    schema_type: JsValue,
    origin_type: JsValue,
    created_at: JsValue,
    is_leaf: JsValue,
    data: JsValue,
    metadata: JsValue,
}

impl Keys {
    fn new() -> Self {
        Keys {
            id: "id".into(),
            schema_type: "schema_type".into(),
            origin_type: "origin_type".into(),
            created_at: "created_at".into(),
            is_leaf: "is_leaf".into(),
            data: "data".into(),
            metadata: "metadata".into(),
        }
    }
}

fn kind(v: &JsValue) -> &'static str {
    if v.is_undefined() {
        "undefined"
    } else if v.is_null() {
        "null"
    } else if Array::is_array(v) {
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
    pub fn read(v: &JsValue, limit: usize) -> Result<Self> {
        if !Array::is_array(v) {
            return Err(Error::new(
                ErrorCode::InvalidInput,
                "",
                format!(
                    "documents must be an array (or its JSON text), got {}",
                    kind(v)
                ),
            ));
        }
        let arr: &Array = v.unchecked_ref();
        let len = usize::try_from(arr.length()).unwrap_or(usize::MAX);
        if len > limit {
            return Err(Error::new(
                ErrorCode::TooLarge,
                "",
                format!("{len} documents is more than the limit of {limit}"),
            ));
        }
        let keys = Keys::new();
        let mut metas = Vec::with_capacity(len);
        let mut data = Vec::with_capacity(len);
        let mut metadata = Vec::with_capacity(len);
        for (i, doc) in (0..arr.length()).map(|i| arr.get(i)).enumerate() {
            let base = format!("/{i}");
            if !is_plain_object(&doc) {
                return Err(Error::new(
                    ErrorCode::InvalidInput,
                    base,
                    format!("a document must be an object, got {}", kind(&doc)),
                ));
            }
            let field = |k: &JsValue, name: &str| get(&doc, k, &format!("{base}/{name}"));
            let fields = MetaFields {
                id: scalar(field(&keys.id, "id")?),
                schema_type: scalar(field(&keys.schema_type, "schema_type")?),
                origin_type: scalar(field(&keys.origin_type, "origin_type")?),
                created_at: scalar(field(&keys.created_at, "created_at")?),
                is_leaf: scalar(field(&keys.is_leaf, "is_leaf")?),
            };
            metas.push(DocMeta::from_fields(i, fields)?);
            let d = field(&keys.data, "data")?;
            if d.is_undefined() {
                return Err(Error::new(
                    ErrorCode::MissingField,
                    format!("{base}/data"),
                    "data is required",
                ));
            }
            let m = field(&keys.metadata, "metadata")?;
            if !(m.is_undefined() || m.is_null() || is_plain_object(&m)) {
                return Err(Error::new(
                    ErrorCode::InvalidInput,
                    format!("{base}/metadata"),
                    format!("metadata must be an object, got {}", kind(&m)),
                ));
            }
            data.push(d);
            metadata.push(m);
        }
        crate::jsondoc::check_unique_ids(&metas)?;
        Ok(JsDocs {
            metas,
            data,
            metadata,
        })
    }
}

impl DocSet for JsDocs {
    fn metas(&self) -> &[DocMeta] {
        &self.metas
    }

    fn data(&self, index: usize) -> Result<Value> {
        let path = format!("/{index}/data");
        let d = self.data.get(index).ok_or_else(|| {
            Error::new(
                ErrorCode::InvalidInput,
                path.clone(),
                "no document at this index",
            )
        })?;
        let v = match d.as_string() {
            Some(s) => Value::String(s),
            None => to_value(d, &path)?.ok_or_else(|| {
                Error::new(
                    ErrorCode::InvalidInput,
                    path.clone(),
                    format!("data must be JSON-serialisable, got {}", kind(d)),
                )
            })?,
        };
        data_value(v, index)
    }

    fn metadata(&self, index: usize) -> Result<Option<Value>> {
        let path = format!("/{index}/metadata");
        match self.metadata.get(index) {
            None => Ok(None),
            Some(m) if m.is_undefined() || m.is_null() => Ok(None),
            Some(m) => metadata_value(to_value(m, &path)?, index),
        }
    }
}
