//! The only module that knows JavaScript: exported functions and classes, each a thin shell
//! that turns its arguments into the core's values (`host`, `documents`), calls the core and
//! turns the result into objects (`output`). No check, message or code is decided here: the
//! core reads every value, so the same bad input fails the same way from JavaScript objects,
//! from JSON text and from Rust. See docs/ARCHITECTURE.md for how an engine is added.

//!
//! One crate builds one wasm per npm entry: a cargo feature per entry compiles that entry's
//! exports (`scripts/build.mjs` lists the entries), so an app pays only for the engines it
//! imports. What every entry shares lives here.

// Each entry uses part of the shared toolbox (host values, outputs); the full build (`jsondoc`
// on, as clippy and the tests run) still reports what no entry uses.
#![cfg_attr(not(feature = "jsondoc"), allow(dead_code))]

mod error;
mod host;
mod output;

#[cfg(feature = "jsondoc")]
mod jsondoc;
#[cfg(feature = "jsondoc")]
pub use self::jsondoc::*;

#[cfg(feature = "tokenizer")]
mod tokenizer;
#[cfg(feature = "tokenizer")]
pub use self::tokenizer::*;

use crate::shape::{Input, Output, Shape};
use crate::tokens::{TokenCounter, Vocabulary};
use crate::{Limits, Result};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");

type JsResult = std::result::Result<JsValue, JsValue>;

/// Installs the panic hook once, when the module is instantiated: ctxpack never panics on any
/// input (DESIGN), but if a bug ever traps, its Rust message reaches the console.
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn done<T: Output + Shape>(r: Result<T>) -> JsResult {
    r.map(|v| output::to_js(&v)).map_err(error::to_js)
}

/// The package version.
#[wasm_bindgen]
pub fn version() -> String {
    crate::VERSION.to_string()
}

/// A call's last argument, `{limits?}`, read under the default limits (it is small).
fn limits_from(options: Option<JsValue>) -> Result<Limits> {
    match options {
        None => Ok(Limits::default()),
        Some(v) => {
            let v = host::value(&v, "/options", &Limits::default())?;
            Limits::from_options(&v.unwrap_or(crate::json::Value::Null), "/options")
        }
    }
}

/// An optional argument (a profile, a pointer, a vocabulary) read by its type's reader;
/// absent, `undefined` or `null` gives the type's default.
fn optional_arg<T: Input + Default>(v: Option<&JsValue>, path: &str, limits: &Limits) -> Result<T> {
    match v
        .map(|v| host::value(v, path, limits))
        .transpose()?
        .flatten()
    {
        None | Some(crate::json::Value::Null) => Ok(T::default()),
        Some(v) => T::read(&v, path),
    }
}

/// A string argument (`/text`), refused before it is copied when over the limit.
fn text_arg(v: &JsValue, limits: &Limits) -> Result<String> {
    host::string_within(v, limits, "/text", "the text")?
        .ok_or_else(|| crate::json::read::wrong_kind("a string", host::kind(v), "/text"))
}

/// The token estimate of `text` (the estimator fitted against `vocabulary`, default
/// `"o200k"`; see docs/TOKENS.md for its error and safety margin) — what a `maxTokens` budget
/// is measured with.
#[wasm_bindgen(js_name = estimateTokens)]
pub fn estimate_tokens(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Vocabulary | null")] vocabulary: Option<
        JsValue,
    >,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
) -> std::result::Result<f64, JsValue> {
    (|| {
        let limits = limits_from(options)?;
        let text = text_arg(&text, &limits)?;
        let vocabulary: Vocabulary = optional_arg(vocabulary.as_ref(), "/vocabulary", &limits)?;
        #[allow(clippy::cast_precision_loss)] // a count below 2^53
        Ok(vocabulary.estimator().count(&text) as f64)
    })()
    .map_err(error::to_js)
}
