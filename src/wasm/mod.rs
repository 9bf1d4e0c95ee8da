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

#[cfg(feature = "code")]
mod code;
#[cfg(feature = "code")]
pub use self::code::*;
#[cfg(feature = "governor")]
mod governor;
#[cfg(feature = "governor")]
pub use self::governor::*;
#[cfg(feature = "jsondoc")]
mod jsondoc;
#[cfg(feature = "jsondoc")]
pub use self::jsondoc::*;

#[cfg(feature = "files")]
mod files;
#[cfg(feature = "files")]
pub use self::files::*;

#[cfg(any(feature = "tokenizer-o200k", feature = "tokenizer-cl100k"))]
mod tokenizer;
#[cfg(any(feature = "tokenizer-o200k", feature = "tokenizer-cl100k"))]
pub use self::tokenizer::*;

use crate::shape::{Input, Output, Shape};
use crate::tokens::{TokenCounter, Vocabulary};
use crate::{Limits, Result};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");

type JsResult = std::result::Result<JsValue, JsValue>;

/// Runs once, when the module is instantiated. Installs the panic hook: ctxpack never panics on
/// any input (DESIGN), but if a bug ever traps, its Rust message reaches the console. Keys the
/// hash of every map of caller-chosen strings with the host's randomness (src/hash.rs).
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
    let mut bytes = [0u8; 16];
    host::random_bytes(&mut bytes);
    crate::hash::seed(&bytes);
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
            Limits::from_options(&value_arg(&v, "/options", &Limits::default())?, "/options")
        }
    }
}

/// A budgeting call's options: its limits, and the token counter the caller passed, if any.
#[derive(Default)]
struct CallOptions {
    limits: Limits,
    counter: Option<js_sys::Function>,
}

/// Reads `{limits?, tokenCounter?}`. A `tokenCounter` function is taken out before the rest is
/// read (the core reads values, and a function is none); anything else there reaches the core,
/// which refuses it.
fn call_options(options: Option<JsValue>) -> Result<CallOptions> {
    let Some(v) = options else {
        return Ok(CallOptions::default());
    };
    let counter = if host::is_plain_object(&v) {
        let f = host::get(
            &v,
            &JsValue::from_str("tokenCounter"),
            "/options/tokenCounter",
        )?;
        f.is_function()
            .then(|| f.unchecked_into::<js_sys::Function>())
    } else {
        None
    };
    let value = match counter {
        None => host::value(&v, "/options", &Limits::default())?,
        Some(_) => {
            let mut rest = crate::json::ObjectBuilder::new();
            for key in host::keys(&v, "/options")? {
                if key != "tokenCounter" {
                    let path = crate::error::pointer_push("/options", &key);
                    let member = host::get(&v, &JsValue::from_str(&key), &path)?;
                    if let Some(member) = host::value(&member, &path, &Limits::default())? {
                        rest.insert(key, member);
                    }
                }
            }
            Some(crate::json::Value::Object(rest.finish()))
        }
    };
    let limits = Limits::from_options(&value.unwrap_or(crate::json::Value::Null), "/options")?;
    Ok(CallOptions { limits, counter })
}

/// Runs `f` with token budgets measured by the caller's counter, or by the estimator when none
/// was given. The counter's answers are checked by the core; a throw becomes its error.
fn metered<R>(
    counter: Option<&js_sys::Function>,
    f: impl FnOnce(&mut crate::tokens::Meter) -> Result<R>,
) -> Result<R> {
    use crate::tokens::meter::{check_count, counter_not_a_number, counter_threw};
    use crate::tokens::{Meter, Pieces};
    let Some(func) = counter else {
        return f(&mut Meter::Estimate(crate::tokens::Estimator::o200k()));
    };
    let mut count = |text: &str| -> Result<usize> {
        let reply = func
            .call1(&JsValue::NULL, &JsValue::from_str(text))
            .map_err(|e| counter_threw(&host::js_message(&e)))?;
        match reply.as_f64() {
            Some(n) => check_count(n),
            None => Err(counter_not_a_number(host::kind(&reply))),
        }
    };
    // `f.bind(…)` names its result "bound f": the manifest names the function the caller wrote.
    let name = String::from(func.name());
    let name = name.strip_prefix("bound ").unwrap_or(&name);
    let name = if name.is_empty() {
        "host".to_string()
    } else {
        format!("host:{name}")
    };
    f(&mut Meter::Pieces(Pieces::new(name, &mut count)))
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

/// An argument as the core's value (`undefined` as `null`, which readers refuse by name).
fn value_arg(v: &JsValue, path: &str, limits: &Limits) -> Result<crate::json::Value> {
    Ok(host::value(v, path, limits)?.unwrap_or(crate::json::Value::Null))
}

/// An argument read by its type's reader.
fn read_arg<T: Input>(v: &JsValue, path: &str, limits: &Limits) -> Result<T> {
    T::read(&value_arg(v, path, limits)?, path)
}

/// A string argument (`what`, at `path`), refused before it is copied when over the limit.
fn string_arg(v: &JsValue, path: &str, what: &str, limits: &Limits) -> Result<String> {
    host::string_within(v, limits, path, what)?
        .ok_or_else(|| crate::json::read::wrong_kind("a string", host::kind(v), path))
}

/// The `/text` argument.
fn text_arg(v: &JsValue, limits: &Limits) -> Result<String> {
    string_arg(v, "/text", "the text", limits)
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
