//! Every conversion between Python and the core, in one place: a Python value becomes the
//! core's [`Value`] (the one reader of every input then checks it, as it checks JSON text and
//! JavaScript objects), a result crosses back as its JSON text, and a core [`Error`] becomes a
//! raised `ctxpack.CtxpackError`.
//!
//! The mapping is `JSON.stringify`'s for the values JavaScript has (docs/PYTHON.md): `None` is
//! `null`, an `int` and a `float` are one IEEE double (an int past the double range is
//! ±Infinity, as `JSON.parse` reads `1e400`), NaN and ±Infinity reach the core, which refuses
//! them field by field as it refuses a JavaScript `NaN`; a `dict` is an object in JavaScript's
//! property order (its keys must be `str`), a `list` or `tuple` an array, `bytes` an array of
//! byte values (what the Node reader hands over for a file that is not UTF-8), an aware
//! `datetime` the ISO-8601 text `Date.prototype.toJSON` writes. Anything else is refused.

use crate::json::{ObjectBuilder, Unpaired, Value};
use crate::{Error, Limits, Result};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple, PyType,
};

/// Where a value is in its argument: its JSON pointer, written only when an error needs it.
#[derive(Clone, Copy)]
enum At<'a> {
    Root(&'a str),
    Key(&'a At<'a>, &'a str),
    Index(&'a At<'a>, usize),
}

impl At<'_> {
    fn path(&self) -> String {
        match self {
            At::Root(p) => (*p).to_string(),
            At::Key(parent, key) => crate::error::pointer_push(&parent.path(), key),
            At::Index(parent, i) => format!("{}/{i}", parent.path()),
        }
    }
}

/// A Python value (an argument at `path`) as the core's value.
pub(super) fn value(obj: &Bound<'_, PyAny>, path: &str, limits: &Limits) -> Result<Value> {
    walk(obj, At::Root(path), 0, limits)
}

/// An argument that is a value or its JSON text: a `str` or UTF-8 `bytes` is parsed by the
/// core (a byte-order mark skipped, as `TextDecoder` skips it); anything else is a value.
pub(super) fn value_or_text(
    obj: &Bound<'_, PyAny>,
    path: &str,
    limits: &Limits,
    what: &str,
) -> Result<Value> {
    match text(obj, path, limits, what)? {
        Some(t) => crate::json::parse(&t, limits).map_err(|e| e.into_error(path)),
        None => value(obj, path, limits),
    }
}

/// JSON text given as a `str` or as UTF-8 `bytes`/`bytearray`; `None` for anything else.
pub(super) fn text(
    obj: &Bound<'_, PyAny>,
    path: &str,
    limits: &Limits,
    what: &str,
) -> Result<Option<String>> {
    if let Some(s) = as_str(obj) {
        let t = string(s, path, limits, what)?;
        return Ok(Some(match t {
            Value::String(t) => t,
            // JSON text with a lone surrogate outside a string is not JSON: U+FFFD makes the
            // parser say where.
            other => other.as_str().unwrap_or_default().to_string(),
        }));
    }
    match as_bytes(obj) {
        Some(bytes) => utf8_text(bytes, path, limits, what).map(Some),
        None => Ok(None),
    }
}

/// `obj` as a `str`, if it is one.
pub(super) fn as_str<'a, 'py>(obj: &'a Bound<'py, PyAny>) -> Option<&'a Bound<'py, PyString>> {
    obj.cast::<PyString>().ok()
}

/// The bytes of a `bytes` or `bytearray`, copied; `None` for anything else.
pub(super) fn as_bytes(obj: &Bound<'_, PyAny>) -> Option<Vec<u8>> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        Some(b.as_bytes().to_vec())
    } else {
        obj.cast::<PyByteArray>().ok().map(|b| b.to_vec())
    }
}

/// Bytes given as JSON text: within the limits, UTF-8, a byte-order mark skipped (as
/// `TextDecoder` skips it).
pub(super) fn utf8_text(bytes: Vec<u8>, path: &str, limits: &Limits, what: &str) -> Result<String> {
    limits.check_bytes(bytes.len(), path, what)?;
    let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => rest.to_vec(),
        None => bytes,
    };
    crate::json::read::utf8_text(bytes, path, what)
}

/// A `str` argument (`what`, at `path`) within the limits; anything else is refused.
pub(super) fn str_arg(
    obj: &Bound<'_, PyAny>,
    path: &str,
    limits: &Limits,
    what: &str,
) -> Result<String> {
    match obj.cast::<PyString>() {
        Ok(s) => Ok(match string(s, path, limits, what)? {
            Value::String(t) => t,
            other => other.as_str().unwrap_or_default().to_string(),
        }),
        Err(_) => Err(crate::json::read::wrong_kind("a string", &kind(obj), path)),
    }
}

fn walk(obj: &Bound<'_, PyAny>, at: At<'_>, depth: usize, limits: &Limits) -> Result<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return string(s, &at.path(), limits, "a string");
    }
    if obj.cast::<PyInt>().is_ok() {
        return Ok(Value::Number(int_value(obj)));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Ok(Value::Number(f.value()));
    }
    if depth >= limits.max_depth {
        return Err(crate::json::read::host_too_deep(
            limits.max_depth,
            &at.path(),
        ));
    }
    let inner = depth.saturating_add(1);
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut o = ObjectBuilder::new();
        for (k, v) in members(d) {
            let Ok(key) = k.cast::<PyString>() else {
                return Err(key_refused(&k, &at.path()));
            };
            let key = match string(key, &at.path(), limits, "a key")? {
                Value::String(s) => s,
                other => other.as_str().unwrap_or_default().to_string(),
            };
            let member = walk(&v, At::Key(&at, &key), inner, limits)?;
            o.insert(key, member);
        }
        return Ok(Value::Object(o.finish()));
    }
    if let Ok(l) = obj.cast::<PyList>() {
        let mut items = Vec::with_capacity(l.len());
        for (i, item) in l.iter().enumerate() {
            items.push(walk(&item, At::Index(&at, i), inner, limits)?);
        }
        return Ok(Value::Array(items));
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        let mut items = Vec::with_capacity(t.len());
        for (i, item) in t.iter().enumerate() {
            items.push(walk(&item, At::Index(&at, i), inner, limits)?);
        }
        return Ok(Value::Array(items));
    }
    if let Some(bytes) = as_bytes(obj) {
        return Ok(bytes_array(&bytes));
    }
    if let Some(iso) = datetime(obj, &at)? {
        return Ok(Value::String(iso));
    }
    Err(crate::json::read::not_json(&kind(obj), &at.path()))
}

/// An `int` or `float` (not a `bool`) as the double JavaScript would hold; `None` otherwise.
pub(super) fn number(obj: &Bound<'_, PyAny>) -> Option<f64> {
    if obj.cast::<PyBool>().is_ok() {
        None
    } else if obj.cast::<PyInt>().is_ok() {
        Some(int_value(obj))
    } else {
        obj.cast::<PyFloat>().ok().map(|f| f.value())
    }
}

/// A dict's members, a snapshot: Python code a walk runs (a tzinfo's `utcoffset`, another
/// thread meanwhile) may change the dict, which a live iterator would not survive.
pub(super) fn members<'py>(d: &Bound<'py, PyDict>) -> Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    d.items()
        .iter()
        .filter_map(|item| item.extract().ok())
        .collect()
}

/// An int as the double `JSON.parse` reads from its digits (correctly rounded); past the
/// double range ±Infinity, as `1e400` reads. `int.__float__` of the int's own value: an int
/// subclass's `__float__` is not called.
fn int_value(obj: &Bound<'_, PyAny>) -> f64 {
    if let Ok(n) = obj.extract::<i64>() {
        #[allow(clippy::cast_precision_loss)] // rounds to nearest, ties to even, as JSON.parse
        return n as f64;
    }
    let py = obj.py();
    py.get_type::<PyInt>()
        .getattr("__float__")
        .and_then(|f| f.call1((obj,)))
        .and_then(|f| f.extract::<f64>())
        .unwrap_or_else(|_| {
            let negative = py
                .get_type::<PyInt>()
                .getattr("__lt__")
                .and_then(|lt| lt.call1((obj, 0i32)))
                .is_ok_and(|r| r.is_truthy().unwrap_or(false));
            if negative {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        })
}

fn bytes_array(bytes: &[u8]) -> Value {
    Value::Array(bytes.iter().map(|&b| Value::Number(f64::from(b))).collect())
}

/// `bytes` given as an argument's value (not its JSON text): an array of byte values, one
/// level deep, as [`value`] reads it.
pub(super) fn bytes_value(bytes: &[u8], path: &str, limits: &Limits) -> Result<Value> {
    if limits.max_depth == 0 {
        return Err(crate::json::read::host_too_deep(limits.max_depth, path));
    }
    Ok(bytes_array(bytes))
}

/// A `str` as the core's string. One with lone surrogates (`"\ud83c"`, which a JSON text's
/// escape gives Python too) keeps them, as a JavaScript string does.
fn string(s: &Bound<'_, PyString>, path: &str, limits: &Limits, what: &str) -> Result<Value> {
    crossed_str(s, limits).map_err(|units| too_long(limits, units, path, what))
}

/// The error of a string [`crossed_str`] found over `maxTextLength`.
pub(super) fn too_long(limits: &Limits, units: usize, path: &str, what: &str) -> Error {
    limits
        .check_text(units, path, what)
        .err()
        .unwrap_or_else(|| crate::json::read::not_json("a string", path))
}

/// A `str` as the core's string when it is within `maxTextLength`, else its length in UTF-16
/// units (refused before it is copied).
pub(super) fn crossed_str(
    s: &Bound<'_, PyString>,
    limits: &Limits,
) -> std::result::Result<Value, usize> {
    if let Ok(t) = s.to_str() {
        if limits.check_str(t, "", "").is_err() {
            return Err(crate::text::utf16_len(t));
        }
        return Ok(Value::String(t.to_string()));
    }
    let units: Vec<u16> = s
        .call_method1("encode", ("utf-16-le", "surrogatepass"))
        .ok()
        .and_then(|b| b.cast::<PyBytes>().ok().map(|b| b.as_bytes().to_vec()))
        .unwrap_or_default()
        .chunks_exact(2)
        .map(|c| {
            u16::from_le_bytes([
                c.first().copied().unwrap_or(0),
                c.get(1).copied().unwrap_or(0),
            ])
        })
        .collect();
    if limits.check_text(units.len(), "", "").is_err() {
        return Err(units.len());
    }
    Ok(Unpaired::from_utf16(&units))
}

/// An aware `datetime` as `Date.prototype.toJSON` writes it (UTC, milliseconds, `Z`); a naive
/// one is refused, since no zone can be assumed for it. `None` when `obj` is no `datetime`.
fn datetime(obj: &Bound<'_, PyAny>, at: &At<'_>) -> Result<Option<String>> {
    static DATETIME: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static UTC: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let py = obj.py();
    let Ok(class) = DATETIME.import(py, "datetime", "datetime") else {
        return Ok(None);
    };
    if !obj.is_instance(class).unwrap_or(false) {
        return Ok(None);
    }
    let naive =
        || crate::json::read::not_json("a datetime without a time zone (tzinfo)", &at.path());
    if obj.call_method0("utcoffset").map_or(true, |o| o.is_none()) {
        return Err(naive());
    }
    let iso = UTC
        .get_or_try_init(py, || -> PyResult<Py<PyAny>> {
            Ok(py
                .import("datetime")?
                .getattr("timezone")?
                .getattr("utc")?
                .unbind())
        })
        .and_then(|utc| obj.call_method1("astimezone", (utc.bind(py),)))
        .and_then(|utc| {
            let kwargs = PyDict::new(py);
            kwargs.set_item("timespec", "milliseconds")?;
            utc.call_method("isoformat", (), Some(&kwargs))?
                .extract::<String>()
        })
        .map_err(|_| naive())?;
    // Years 1–9999, the range of a Python datetime, are written with four digits, as toJSON does.
    Ok(Some(match iso.strip_suffix("+00:00") {
        Some(head) => format!("{head}Z"),
        None => iso,
    }))
}

/// A dict key that is not a `str` (JavaScript's keys are strings; `JSON.stringify` would write
/// `1` and `"1"` as one key), refused at the dict's path.
pub(super) fn key_refused(key: &Bound<'_, PyAny>, path: &str) -> Error {
    crate::json::read::not_json(&format!("a dict key of type {}", type_name(key)), path)
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "object".to_string())
}

/// What a Python value is, for "expected …, got …" messages, in the core's words where the
/// value has a JSON kind.
pub(super) fn kind(obj: &Bound<'_, PyAny>) -> String {
    if obj.is_none() {
        "null".into()
    } else if obj.cast::<PyBool>().is_ok() {
        "a boolean".into()
    } else if obj.cast::<PyInt>().is_ok() || obj.cast::<PyFloat>().is_ok() {
        "a number".into()
    } else if obj.cast::<PyString>().is_ok() {
        "a string".into()
    } else if obj.cast::<PyList>().is_ok() || obj.cast::<PyTuple>().is_ok() {
        "an array".into()
    } else if obj.cast::<PyDict>().is_ok() {
        "an object".into()
    } else {
        format!("a Python {}", type_name(obj))
    }
}

/// The core's error as a raised `ctxpack.CtxpackError` (a `ValueError`) with its code, path
/// and message; where the text was read, its line and column too.
pub(super) fn raise(py: Python<'_>, e: Error) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let made = CLASS
        .import(py, "ctxpack._error", "CtxpackError")
        .and_then(|class| {
            let (line, column) = e
                .position
                .map_or((None, None), |p| (Some(p.line), Some(p.column)));
            class.call1((
                e.message.as_str(),
                e.code.as_str(),
                e.path.as_str(),
                line,
                column,
            ))
        });
    match made {
        Ok(err) => PyErr::from_value(err),
        Err(_) => PyValueError::new_err(e.to_string()),
    }
}
