//! The only module that knows Python (feature `python`, built by maturin from python/): one more
//! host of the export tables (`crate::exports`). [`pybind!`] expands each table row into a
//! `#[pyfunction]` named in snake_case; it reads the call's options, crosses the arguments into
//! the core's values with the GIL held ([`PyArgs`]), runs the core's body with the GIL released
//! and hands the result back as its JSON text, which `ctxpack/_calls.py` loads. No check,
//! message or code is decided here: the core reads every value, so a bad input fails with the
//! code, path and message it gets from JavaScript and from JSON text. What is Python's own —
//! the classes with compiled state, the calls whose documents stay Python values (`= _ | host
//! f` rows) — is written here by hand. See docs/PYTHON.md.

// The exact counts' wheel (feature `python-tokenizer` alone) uses part of it.
#![cfg_attr(not(feature = "python"), allow(dead_code, unused_imports))]

mod args;
mod convert;
#[cfg(feature = "python")]
mod governor;
#[cfg(feature = "python")]
mod jsondoc;
#[cfg(feature = "python-tokenizer")]
mod tokenizer;

pub(crate) use args::{PyArgs, PyCall, MAX_ARGS};

use crate::shape::Output;
use crate::tokens::{Meter, Pieces};
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

/// A core result as its JSON text, written with the GIL released (a manifest of thousands of
/// documents is most of a call), or the core's error raised as `CtxpackError`.
fn done<T: Output + Sync>(py: Python<'_>, r: Result<T>) -> PyResult<String> {
    match r {
        Ok(v) => Ok(py.detach(|| crate::shape::to_json_text(&v))),
        Err(e) => Err(convert::raise(py, e)),
    }
}

/// Runs `f` with token budgets measured by the caller's counter (Python code: the GIL is held).
/// Its answers are checked by the core; a raise becomes its error.
fn with_counter<R>(
    py: Python<'_>,
    func: &Py<PyAny>,
    f: impl FnOnce(&mut Meter<'_>) -> Result<R>,
) -> Result<R> {
    use crate::tokens::meter::{check_count, counter_not_a_number, counter_threw};
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
    f(&mut Meter::Pieces(Pieces::new(name, &mut count)))
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
    match counter {
        None => py.detach(plain),
        Some(func) => with_counter(py, func, metered),
    }
}

/// A table row's result as Python gets it: [`Reply::finish`] runs without the GIL (a declared
/// output's JSON text is most of a large call), [`Reply::into_py`] with it.
pub(crate) trait Reply: Send {
    type Done: Send;
    fn finish(self) -> Self::Done;
    fn into_py(done: Self::Done, py: Python<'_>) -> PyResult<Py<PyAny>>;
}

/// A declared output: Python gets its JSON text, which `ctxpack/_calls.py` loads.
pub(crate) struct Shaped<T>(T);

impl<T: Output + Send> Reply for Shaped<T> {
    type Done = String;
    fn finish(self) -> String {
        crate::shape::to_json_text(&self.0)
    }
    fn into_py(done: String, py: Python<'_>) -> PyResult<Py<PyAny>> {
        String::into_py(done, py)
    }
}

impl Reply for f64 {
    type Done = f64;
    fn finish(self) -> f64 {
        self
    }
    /// A whole number (a count) as an `int`, as Python counts; any other as a `float`.
    fn into_py(done: f64, py: Python<'_>) -> PyResult<Py<PyAny>> {
        const WHOLE: f64 = 9_007_199_254_740_992.0; // 2^53: every integer below is exact
        if done.fract() == 0.0 && done.abs() <= WHOLE {
            #[allow(clippy::cast_possible_truncation)] // whole and within 2^53
            return Ok((done as i64).into_pyobject(py)?.into_any().unbind());
        }
        Ok(done.into_pyobject(py)?.into_any().unbind())
    }
}

/// Results Python has as PyO3 converts them: `usize` an `int`, `Vec<u32>` a `list`.
macro_rules! plain_reply {
    ($($t:ty),*) => {$(
        impl Reply for $t {
            type Done = $t;
            fn finish(self) -> $t {
                self
            }
            fn into_py(done: $t, py: Python<'_>) -> PyResult<Py<PyAny>> {
                Ok(done.into_pyobject(py)?.into_any().unbind())
            }
        }
    )*};
}
plain_reply!(usize, String, Vec<u32>);

/// A row the core answers: the arguments crossed with the GIL, the body and the result's
/// finish without it (the body with it while a Python counter measures).
fn answer<R: Reply>(
    py: Python<'_>,
    args: &[Option<&Bound<'_, PyAny>>],
    counted: bool,
    body: impl FnOnce(&mut PyArgs) -> Result<R> + Send,
) -> PyResult<Py<PyAny>> {
    let done = PyArgs::new(args, counted).and_then(|mut a| {
        if a.has_counter() {
            let r = body(&mut a)?;
            Ok(py.detach(|| r.finish()))
        } else {
            py.detach(|| body(&mut a).map(Reply::finish))
        }
    });
    R::into_py(done.map_err(|e| convert::raise(py, e))?, py)
}

/// A row the binding answers itself (`= _ | host f`), on the arguments as Python gave them.
fn host<'py, R: Reply>(
    py: Python<'py>,
    args: &[Option<&Bound<'py, PyAny>>],
    counted: bool,
    f: impl FnOnce(&PyCall<'_, 'py>) -> Result<R>,
) -> PyResult<Py<PyAny>> {
    let r = PyCall::new(py, args, counted)
        .and_then(|c| f(&c))
        .map_err(|e| convert::raise(py, e))?;
    R::into_py(py.detach(|| r.finish()), py)
}

/// A table's `#[pyfunction]`s (`<engine>::calls::table!(pybind)`; the grammar is
/// `crate::exports`'s), and `functions`, which adds them to a module. Each is named as the
/// table's name in snake_case; its arguments are the row's, the optional ones `None` by
/// default. A row the core answers (`= core_fn`, with or without the wasm binding's own `|
/// host`) runs the core's body on [`PyArgs`]; a row without (`= _ | host f`) calls `f`, a
/// function of the module the table is bound in, with the call's [`PyCall`].
macro_rules! pybind {
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
        #[allow(non_snake_case)]
        pub(crate) mod bound {
            #[allow(unused_imports)]
            use super::*;
            #[allow(unused_imports)]
            use $calls as calls;
            #[allow(unused_imports)]
            use pyo3::prelude::*;
            $(
                #[ctxpack_derive::python_name]
                $(#[doc = $doc])*
                #[pyfunction]
                #[pyo3(signature = ($($p,)* $($($op = None,)*)?))]
                pub(crate) fn $js<'py>(
                    py: Python<'py>,
                    $($p: &Bound<'py, PyAny>,)*
                    $($($op: Option<&Bound<'py, PyAny>>,)*)?
                ) -> PyResult<Py<PyAny>> {
                    const _: () = assert!(
                        <[&str]>::len(&[$(stringify!($p),)* $($(stringify!($op),)*)?]) <= $crate::python::MAX_ARGS
                    );
                    let args: &[Option<&Bound<'py, PyAny>>] = &[$(Some($p),)* $($($op,)*)?];
                    let counted = $crate::python::pybind!(@counted $($counted)?);
                    $crate::python::pybind!(@body py args counted $kind $core $($host)?)
                }
            )*

            /// Adds the table's functions to `m`.
            pub(crate) fn functions(m: &Bound<'_, PyModule>) -> PyResult<()> {
                $(m.add_function(wrap_pyfunction!($js, m)?)?;)*
                Ok(())
            }
        }
    };
    (@counted counted) => { true };
    (@counted) => { false };
    (@body $py:ident $args:ident $counted:ident shape _ $host:ident) => {
        $crate::python::host($py, $args, $counted, |c| super::$host(c).map($crate::python::Shaped))
    };
    (@body $py:ident $args:ident $counted:ident plain _ $host:ident) => {
        $crate::python::host($py, $args, $counted, super::$host)
    };
    (@body $py:ident $args:ident $counted:ident shape $core:ident $($host:ident)?) => {
        $crate::python::answer($py, $args, $counted, |a: &mut $crate::python::PyArgs| {
            calls::$core(a).map($crate::python::Shaped)
        })
    };
    (@body $py:ident $args:ident $counted:ident plain $core:ident $($host:ident)?) => {
        $crate::python::answer($py, $args, $counted, calls::$core)
    };
}
pub(crate) use pybind;

/// The calls every entry has, and the engines' whose bodies are all the core's.
#[cfg(feature = "python")]
mod shared {
    crate::exports::shared::table!(pybind);
}
#[cfg(feature = "python")]
mod files {
    crate::files::calls::table!(pybind);
}

/// Binds each engine of lib.rs's `engines!` list that the wasm binding binds from its table
/// alone (no `own`), so that a new engine needs no line here; `table_functions` adds them all.
#[cfg(feature = "python")]
macro_rules! pybind_tables {
    ($($engine:ident $(::$table:ident)? $($own:ident)?),* $(,)?) => {
        $(pybind_tables!(@one $engine $(::$table)? $($own)?);)*
        fn table_functions(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(pybind_tables!(@add m $engine $($own)?);)*
            Ok(())
        }
    };
    (@one $engine:ident $(::$table:ident)? own) => {};
    (@one $engine:ident $(::$table:ident)?) => {
        mod $engine {
            crate::$engine$(::$table)?::table!(pybind);
        }
    };
    (@add $m:ident $engine:ident own) => {};
    (@add $m:ident $engine:ident) => {
        $engine::bound::functions($m)?;
    };
}
#[cfg(feature = "python")]
engines!(pybind_tables);

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
#[pymodule]
#[pyo3(name = "_ctxpack")]
fn python_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(to_json, m)?)?;
    shared::bound::functions(m)?;
    files::bound::functions(m)?;
    table_functions(m)?;
    governor::register(m)?;
    jsondoc::register(m)?;
    Ok(())
}
