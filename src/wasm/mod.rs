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
use crate::{Limits, Result};
use wasm_bindgen::prelude::*;

// The calls every entry has.
crate::exports::shared::table!(bind);

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

fn done<T: Output + Shape>(decode: output::Decode, r: Result<T>) -> JsResult {
    r.map(|v| output::to_js(decode, &v)).map_err(error::to_js)
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

/// A call's arguments as JavaScript passed them, read as the core asks (`crate::exports::Args`);
/// its options (the last argument) are read before the body runs.
pub(crate) struct JsArgs<'a> {
    args: &'a [Option<JsValue>],
    limits: Limits,
    counter: Option<js_sys::Function>,
}

impl<'a> JsArgs<'a> {
    /// `counted`: the options may carry a `tokenCounter` (else it is refused with the rest).
    fn new(args: &'a [Option<JsValue>], counted: bool) -> Result<Self> {
        let options = args.last().cloned().flatten();
        let (limits, counter) = if counted {
            let o = call_options(options)?;
            (o.limits, o.counter)
        } else {
            (limits_from(options)?, None)
        };
        Ok(JsArgs {
            args,
            limits,
            counter,
        })
    }

    /// Argument `i` as given (`None`: absent, or `undefined`/`null` where it is optional).
    fn raw(&self, i: usize) -> Option<&JsValue> {
        self.args.get(i).and_then(Option::as_ref)
    }

    fn counter(&self) -> Option<&js_sys::Function> {
        self.counter.as_ref()
    }
}

impl crate::exports::Args for JsArgs<'_> {
    fn limits(&self) -> &Limits {
        &self.limits
    }
    fn value(&mut self, i: usize, path: &str) -> Result<crate::json::Value> {
        match self.raw(i) {
            None => Ok(crate::json::Value::Null),
            Some(v) => value_arg(v, path, &self.limits),
        }
    }
    fn text(&mut self, i: usize, path: &str, what: &str) -> Result<Option<String>> {
        match self.raw(i) {
            None => Ok(None),
            Some(v) => host::string_within(v, &self.limits, path, what),
        }
    }
    fn kind(&self, i: usize) -> &'static str {
        self.raw(i).map_or("undefined", host::kind)
    }
    fn crossed(&mut self, i: usize, path: &str) -> Result<crate::exports::Crossed> {
        use crate::exports::Crossed;
        let Some(v) = self.raw(i) else {
            return Ok(Crossed::Value(crate::json::Value::Null));
        };
        if let Some(text) = host::string_within(v, &self.limits, path, "the JSON text")? {
            return Ok(Crossed::Json(text));
        }
        Ok(match host::flat_value(v, path, &self.limits)? {
            Some(host::Crossed::Json(text)) => Crossed::Json(text),
            Some(host::Crossed::Value(value)) => Crossed::Value(value),
            None => Crossed::Value(crate::json::Value::Null),
        })
    }
    fn metered<R>(
        &mut self,
        f: impl FnOnce(Option<&mut crate::tokens::Meter<'_>>) -> Result<R>,
    ) -> Result<R> {
        match self.counter.as_ref() {
            None => f(None),
            Some(counter) => metered(Some(counter), |meter| f(Some(meter))),
        }
    }
}

/// Runs `f` with `v` as argument 0 of a call under `limits` (a class's methods, which read
/// their arguments as the table's functions do).
fn with_arg<R>(v: &JsValue, limits: &Limits, f: impl FnOnce(&mut JsArgs<'_>) -> R) -> R {
    let args = [Some(v.clone())];
    f(&mut JsArgs {
        args: &args,
        limits: *limits,
        counter: None,
    })
}

/// A result that is not a declared output, as JavaScript has it.
trait Plain {
    fn to_js(self) -> JsValue;
}

impl Plain for f64 {
    fn to_js(self) -> JsValue {
        JsValue::from_f64(self)
    }
}

impl Plain for String {
    fn to_js(self) -> JsValue {
        JsValue::from_str(&self)
    }
}

impl Plain for Vec<u32> {
    fn to_js(self) -> JsValue {
        js_sys::Uint32Array::from(self.as_slice()).into()
    }
}

/// A table's `#[wasm_bindgen]` functions (`<engine>::calls::table!(bind)`; the grammar is
/// `crate::exports`'s): each reads its options into `JsArgs`, then calls the core's body, or
/// the binding's own (`host`, a function of the module the table is bound in).
macro_rules! bind {
    (
        feature $feature:tt;
        decoders $decoders:tt;
        $(budget $budget:literal;)?
        calls $calls:path;
        classes [$($class:ident $($remade:ident)?),*];
        types [$($ty:ident),*];
        $(
            $(#[doc = $doc:literal])*
            fn $js:ident($($p:ident: $ts:literal),* $(; $($op:ident: $ots:literal),*)?)
                $($counted:ident)? -> $kind:ident $ret:literal = $core:tt $(| host $host:ident)?;
        )*
    ) => {
        $crate::wasm::bind!(@entry $feature $decoders);
        #[allow(non_snake_case)]
        mod bound {
            #[allow(unused_imports)]
            use super::*;
            #[allow(unused_imports)]
            use $calls as calls;
            #[allow(unused_imports)]
            use wasm_bindgen::prelude::*;
            $(
                $(#[doc = $doc])*
                #[wasm_bindgen(unchecked_return_type = $ret)]
                pub fn $js(
                    $(#[wasm_bindgen(unchecked_param_type = $ts)] $p: JsValue,)*
                    $($(#[wasm_bindgen(unchecked_optional_param_type = $ots)] $op: Option<JsValue>,)*)?
                ) -> $crate::wasm::JsResult {
                    let args: &[Option<JsValue>] = &[$(Some($p),)* $($($op,)*)?];
                    match $crate::wasm::JsArgs::new(args, $crate::wasm::bind!(@counted $($counted)?)) {
                        Err(e) => Err($crate::wasm::error::to_js(e)),
                        #[allow(unused_mut)]
                        Ok(mut a) => $crate::wasm::bind!(@body a $kind $core $($host)?),
                    }
                }
            )*
        }
        #[allow(unused_imports)]
        pub use bound::*;
    };
    (@counted counted) => { true };
    (@counted) => { false };
    (@body $a:ident $kind:ident $core:tt $host:ident) => { super::$host(&mut $a) };
    (@body $a:ident shape $core:ident) => { $crate::wasm::done(decode, calls::$core(&mut $a)) };
    (@entry "" $decoders:literal) => {};
    (@entry $feature:tt $decoders:tt) => {
        // The entry's declarations: its own types and those every entry has.
        #[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
        const TYPES: &str = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/wasm/types/",
            $feature,
            ".d.ts"
        ));
        $crate::wasm::bind!(@decoders $decoders);
    };
    (@decoders "") => {};
    (@decoders $decoders:tt) => {
        // The decoders of the engine's results (generated, like TYPES).
        #[wasm_bindgen::prelude::wasm_bindgen(module = $decoders)]
        extern "C" {
            fn decode(
                root: &str,
                text: &str,
                lengths: &[u32],
                nums: &[f64],
                codes: &[u8],
                refs: &[u32],
                given: &wasm_bindgen::JsValue,
            ) -> wasm_bindgen::JsValue;
        }
    };
    (@body $a:ident plain $core:ident) => {
        calls::$core(&mut $a)
            .map($crate::wasm::Plain::to_js)
            .map_err($crate::wasm::error::to_js)
    };
}
pub(crate) use bind;

/// Binds each engine of lib.rs's `engines!` list that has no code of its own in the binding
/// (no `own`); one with `own` binds its table in `src/wasm/<engine>.rs`.
macro_rules! bind_tables {
    ($($engine:ident $(::$table:ident)? $($own:ident)?),* $(,)?) => {
        $(bind_tables!(@one $engine $(::$table)? $($own)?);)*
    };
    (@one $engine:ident $(::$table:ident)? own) => {};
    (@one $engine:ident $(::$table:ident)?) => {
        pub mod $engine {
            crate::$engine$(::$table)?::table!(bind_in_entry);
        }
    };
}

/// `bind!` compiled only in the entry of the table's feature.
macro_rules! bind_in_entry {
    (feature $feature:literal; $($rest:tt)*) => {
        #[cfg(feature = $feature)]
        pub mod entry {
            $crate::wasm::bind! { feature $feature; $($rest)* }
        }
    };
}

// The engines whose exports are all their table's (lib.rs `engines!` without `own`): bound here,
// each in a module of its own, with no file in src/wasm/.
engines!(bind_tables);
