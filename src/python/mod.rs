//! The only module that knows Python (feature `python`, built by maturin from python/): each
//! function turns its arguments into the core's values (`convert`), calls the core with the
//! GIL released, and hands the result back as its JSON text, which `ctxpack/__init__.py`
//! loads. No check, message or code is decided here: the core reads every value, so a bad
//! input fails with the code, path and message it gets from JavaScript and from JSON text.
//! See docs/PYTHON.md.

// The exact counts' wheel (feature `python-tokenizer` alone) uses the conversions only.
#![cfg_attr(not(feature = "python"), allow(dead_code, unused_imports))]

#[cfg(feature = "python")]
mod code;
mod convert;
#[cfg(feature = "python")]
mod files;
#[cfg(feature = "python")]
mod governor;
#[cfg(feature = "python")]
mod jsondoc;
#[cfg(feature = "python-tokenizer")]
mod tokenizer;

use crate::json::Value;
use crate::shape::{Input, Output};
use crate::tokens::{Meter, Pieces, TokenCounter, Vocabulary};
use crate::{Limits, Result};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A call's options, `{limits?, tokenCounter?}`: the limits, and the caller's token counter.
#[derive(Default)]
struct CallOptions {
    limits: Limits,
    counter: Option<Py<PyAny>>,
}

/// Reads `{limits?, tokenCounter?}`; a callable `tokenCounter` is taken out before the core
/// reads the rest (anything else there, the core refuses by name).
fn call_options(options: Option<&Bound<'_, PyAny>>) -> Result<CallOptions> {
    let Some(options) = options.filter(|o| !o.is_none()) else {
        return Ok(CallOptions::default());
    };
    let defaults = Limits::default();
    let counter = options
        .cast::<PyDict>()
        .ok()
        .and_then(|d| d.get_item("tokenCounter").ok().flatten())
        .filter(|f| f.is_callable());
    let value = match (&counter, options.cast::<PyDict>()) {
        (Some(_), Ok(d)) => {
            let rest = d
                .copy()
                .map_err(|_| crate::json::read::not_json("a dict", "/options"))?;
            // Present a moment ago; a dict another thread changed meanwhile is read as it is.
            let _ = rest.del_item("tokenCounter");
            convert::value(rest.as_any(), "/options", &defaults)?
        }
        _ => convert::value(options, "/options", &defaults)?,
    };
    Ok(CallOptions {
        limits: Limits::from_options(&value, "/options")?,
        counter: counter.map(Bound::unbind),
    })
}

/// Only the limits of a call's options (the calls that take no counter).
fn limits_from(options: Option<&Bound<'_, PyAny>>) -> Result<Limits> {
    match options.filter(|o| !o.is_none()) {
        None => Ok(Limits::default()),
        Some(o) => Limits::from_options(
            &convert::value(o, "/options", &Limits::default())?,
            "/options",
        ),
    }
}

/// An optional object argument (a profile, a config, options) read by its type's reader: a
/// value or its JSON text; `None` (or JSON `null`) gives the type's default.
fn optional_arg<T: Input + Default>(
    v: Option<&Bound<'_, PyAny>>,
    path: &str,
    limits: &Limits,
) -> Result<T> {
    optional(v, path, |v| {
        convert::value_or_text(v, path, limits, "the JSON text")
    })
}

/// An optional argument whose value is a string (a vocabulary's name), never JSON text.
fn optional_name<T: Input + Default>(
    v: Option<&Bound<'_, PyAny>>,
    path: &str,
    limits: &Limits,
) -> Result<T> {
    optional(v, path, |v| convert::value(v, path, limits))
}

fn optional<T: Input + Default>(
    v: Option<&Bound<'_, PyAny>>,
    path: &str,
    value: impl FnOnce(&Bound<'_, PyAny>) -> Result<Value>,
) -> Result<T> {
    match v.filter(|v| !v.is_none()).map(value).transpose()? {
        None | Some(Value::Null) => Ok(T::default()),
        Some(v) => T::read(&v, path),
    }
}

/// An object argument read by its type's reader (a value, or its JSON text).
fn read_arg<T: Input>(v: &Bound<'_, PyAny>, path: &str, limits: &Limits) -> Result<T> {
    T::read(
        &convert::value_or_text(v, path, limits, "the JSON text")?,
        path,
    )
}

/// A core result as its JSON text, written with the GIL released (a manifest of thousands of
/// documents is most of a call), or the core's error raised as `CtxpackError`.
fn done<T: Output + Sync>(py: Python<'_>, r: Result<T>) -> PyResult<String> {
    match r {
        Ok(v) => Ok(py.detach(|| crate::shape::to_json_text(&v))),
        Err(e) => Err(convert::raise(py, e)),
    }
}

/// Runs the core: `plain` with the GIL released when the estimator measures token budgets,
/// so threads run calls in parallel; `metered` with it held when the caller's counter (Python
/// code) measures them.
fn counted<R: Send>(
    py: Python<'_>,
    counter: Option<&Py<PyAny>>,
    plain: impl FnOnce() -> Result<R> + Send,
    metered: impl FnOnce(&mut Meter<'_>) -> Result<R>,
) -> Result<R> {
    use crate::tokens::meter::{check_count, counter_not_a_number, counter_threw};
    let Some(func) = counter else {
        return py.detach(plain);
    };
    let func = func.bind(py);
    let mut count = |text: &str| -> Result<usize> {
        let reply = func
            .call1((text,))
            .map_err(|e| counter_threw(&e.to_string()))?;
        match convert::number(&reply) {
            Some(n) => check_count(n),
            None => Err(counter_not_a_number(&convert::kind(&reply))),
        }
    };
    // The manifest names the function the caller wrote, as in JavaScript (`host:utf16`).
    let name = func
        .getattr("__name__")
        .and_then(|n| n.extract::<String>())
        .ok()
        .filter(|n| !n.is_empty() && n != "<lambda>")
        .map_or_else(|| "host".to_string(), |n| format!("host:{n}"));
    metered(&mut Meter::Pieces(Pieces::new(name, &mut count)))
}

#[cfg(feature = "python")]
/// The package version.
#[pyfunction]
fn version() -> &'static str {
    crate::VERSION
}

#[cfg(feature = "python")]
/// `JSON.stringify(value, null, indent)`: the JSON text JavaScript writes for the same value.
/// NaN and ±Infinity, which `JSON.stringify` would write as `null`, are refused.
#[pyfunction]
#[pyo3(signature = (value, indent = 0))]
fn to_json(py: Python<'_>, value: &Bound<'_, PyAny>, indent: i64) -> PyResult<String> {
    // Clamped to 0..=10, as JSON.stringify clamps its space argument.
    let indent = usize::try_from(indent.clamp(0, 10)).unwrap_or(0);
    let v = convert::value(value, "", &Limits::default())
        .and_then(|v| crate::json::read::refuse_non_finite(&v, "").map(|()| v))
        .map_err(|e| convert::raise(py, e))?;
    Ok(py.detach(|| crate::json::stringify(&v, indent)))
}

#[cfg(feature = "python")]
/// The token estimate of `text` (the estimator fitted against `vocabulary`, default o200k).
#[pyfunction]
#[pyo3(signature = (text, vocabulary = None, options = None))]
fn estimate_tokens(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    vocabulary: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<usize> {
    (|| {
        let limits = limits_from(options)?;
        let text = convert::str_arg(text, "/text", &limits, "the text")?;
        let vocabulary: Vocabulary = optional_name(vocabulary, "/vocabulary", &limits)?;
        Ok(py.detach(|| vocabulary.estimator().count(&text)))
    })()
    .map_err(|e| convert::raise(py, e))
}

#[cfg(feature = "python")]
#[pymodule]
#[pyo3(name = "_ctxpack")]
fn python_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(to_json, m)?)?;
    m.add_function(wrap_pyfunction!(estimate_tokens, m)?)?;
    files::register(m)?;
    code::register(m)?;
    governor::register(m)?;
    jsondoc::register(m)?;
    Ok(())
}
