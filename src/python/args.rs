//! A call's arguments as Python passed them: [`PyCall`] holds them as given, with the call's
//! options read (what the binding's own calls read); [`PyArgs`] holds them crossed into the
//! core's values, so that the core's body (`crate::exports::Args`) runs with the GIL released.

use super::convert;
use crate::exports::{read_or_default, Args, Crossed};
use crate::json::Value;
use crate::shape::Input;
use crate::tokens::Meter;
use crate::{Limits, Result};
use pyo3::prelude::*;

/// A call as Python made it: its arguments, and its options (the last argument) read before
/// anything else, as every host reads them.
pub(crate) struct PyCall<'a, 'py> {
    pub(super) py: Python<'py>,
    args: &'a [Option<&'a Bound<'py, PyAny>>],
    pub(super) limits: Limits,
    pub(super) counter: Option<Py<PyAny>>,
}

impl<'a, 'py> PyCall<'a, 'py> {
    /// `counted`: the options may carry a `tokenCounter` (else it is refused with the rest).
    pub(super) fn new(
        py: Python<'py>,
        args: &'a [Option<&'a Bound<'py, PyAny>>],
        counted: bool,
    ) -> Result<Self> {
        let (limits, counter) = options(args, counted)?;
        Ok(PyCall {
            py,
            args,
            limits,
            counter,
        })
    }

    /// Argument `i` as given (`None` where an optional one was left out).
    pub(super) fn arg(&self, i: usize) -> Bound<'py, PyAny> {
        match self.args.get(i).copied().flatten() {
            Some(v) => v.clone(),
            None => self.py.None().into_bound(self.py),
        }
    }

    /// Argument `i` alone, crossed as [`PyArgs`] crosses it (its argument 0).
    pub(super) fn crossed(&self, i: usize) -> PyArgs {
        PyArgs::of(self.args.get(i).copied().flatten(), &self.limits)
    }

    /// Optional argument `i`, `None` when absent or `None`.
    pub(super) fn optional(&self, i: usize) -> Option<&'a Bound<'py, PyAny>> {
        self.args.get(i).copied().flatten().filter(|v| !v.is_none())
    }
}

/// A call's limits and token counter, read from its options (its last argument).
fn options(
    args: &[Option<&Bound<'_, PyAny>>],
    counted: bool,
) -> Result<(Limits, Option<Py<PyAny>>)> {
    let options = args.last().copied().flatten();
    if counted {
        let o = super::call_options(options)?;
        Ok((o.limits, o.counter))
    } else {
        Ok((super::limits_from(options)?, None))
    }
}

/// An argument crossed from Python, before the body reads it. Its kind (a string, JSON text,
/// a value) is the body's to say, so each form keeps what each reading needs; errors are
/// the body's, at the path it gives.
enum Given {
    /// A `str`: the core's string, unpaired surrogates kept.
    Text(Value),
    /// A `str` over `maxTextLength`, not copied: its length in UTF-16 units.
    Long(usize),
    /// `bytes` or `bytearray`: UTF-8 JSON text where the body reads text, else an array of
    /// byte values; and its kind.
    Bytes(Vec<u8>, String),
    /// Any other value with a JSON kind of its own, walked into the core's value.
    Value(Value),
    /// A value JSON has no kind for, as the walk read it (a `datetime` as its ISO text) or
    /// refused it (at a path from the argument's root); and its kind.
    Foreign(Box<(Result<Value>, String)>),
}

impl Given {
    fn cross(v: &Bound<'_, PyAny>, limits: &Limits) -> Self {
        if let Some(s) = convert::as_str(v) {
            return match convert::crossed_str(s, limits) {
                Ok(text) => Given::Text(text),
                Err(units) => Given::Long(units),
            };
        }
        if let Some(bytes) = convert::as_bytes(v) {
            return Given::Bytes(bytes, convert::kind(v));
        }
        match convert::value(v, "", limits) {
            // Only a datetime walks into a string.
            Ok(value) if value.as_str().is_none() => Given::Value(value),
            read => Given::Foreign(Box::new((read, convert::kind(v)))),
        }
    }
}

/// The most arguments a table's call takes (`pybind!` checks each row): a call's arguments are
/// held inline, not allocated.
pub(crate) const MAX_ARGS: usize = 4;

/// [`Args`] of a call from Python: its arguments crossed with the GIL held (no Python value
/// left), read by the core's body without it. Each argument is read once, as the bodies do.
pub(crate) struct PyArgs {
    given: [Given; MAX_ARGS],
    limits: Limits,
    counter: Option<Py<PyAny>>,
}

impl PyArgs {
    /// A call's arguments: its options (the last) read first, then the others crossed under
    /// their limits.
    pub(super) fn new(args: &[Option<&Bound<'_, PyAny>>], counted: bool) -> Result<Self> {
        let (limits, counter) = options(args, counted)?;
        let read = args.len().saturating_sub(1);
        Ok(PyArgs {
            given: std::array::from_fn(|i| match args.get(i).copied().flatten() {
                Some(v) if i < read => Given::cross(v, &limits),
                _ => Given::Value(Value::Null),
            }),
            limits,
            counter,
        })
    }

    /// One argument (absent: `None`) crossed under `limits`, read as the table's calls read
    /// theirs (the binding's own calls and classes).
    pub(super) fn of(v: Option<&Bound<'_, PyAny>>, limits: &Limits) -> Self {
        PyArgs {
            given: std::array::from_fn(|i| match (i, v) {
                (0, Some(v)) => Given::cross(v, limits),
                _ => Given::Value(Value::Null),
            }),
            limits: *limits,
            counter: None,
        }
    }

    /// Whether a Python token counter measures budgets (the body then needs the GIL).
    pub(super) fn has_counter(&self) -> bool {
        self.counter.is_some()
    }

    fn take(&mut self, i: usize) -> Given {
        match self.given.get_mut(i) {
            Some(g) => std::mem::replace(g, Given::Value(Value::Null)),
            None => Given::Value(Value::Null),
        }
    }
}

impl Args for PyArgs {
    fn limits(&self) -> &Limits {
        &self.limits
    }
    fn value(&mut self, i: usize, path: &str) -> Result<Value> {
        match self.take(i) {
            Given::Text(v) | Given::Value(v) => Ok(v),
            Given::Long(units) => Err(convert::too_long(&self.limits, units, path, "a string")),
            Given::Bytes(bytes, _) => convert::bytes_value(&bytes, path, &self.limits),
            Given::Foreign(f) => f.0.map_err(|e| e.under(path)),
        }
    }
    /// A `str`, or UTF-8 `bytes` (a byte-order mark skipped, as `TextDecoder` skips it).
    fn text(&mut self, i: usize, path: &str, what: &str) -> Result<Option<String>> {
        match self.given.get(i) {
            Some(Given::Text(_)) => match self.take(i) {
                Given::Text(Value::String(s)) => Ok(Some(s)),
                Given::Text(v) => Ok(Some(v.as_str().unwrap_or_default().to_string())),
                _ => Ok(None),
            },
            Some(Given::Long(units)) => Err(convert::too_long(&self.limits, *units, path, what)),
            Some(Given::Bytes(..)) => match self.take(i) {
                Given::Bytes(bytes, _) => {
                    convert::utf8_text(bytes, path, &self.limits, what).map(Some)
                }
                _ => Ok(None),
            },
            _ => Ok(None),
        }
    }
    fn kind(&self, i: usize) -> &'static str {
        match self.given.get(i) {
            Some(Given::Text(_) | Given::Long(_)) => "a string",
            Some(Given::Value(v)) => crate::json::read::kind(v),
            Some(Given::Bytes(..) | Given::Foreign(_)) | None => "a Python object",
        }
    }
    fn crossed(&mut self, i: usize, path: &str) -> Result<Crossed> {
        Ok(match self.text(i, path, "the JSON text")? {
            Some(text) => Crossed::Json(text),
            None => Crossed::Value(self.value(i, path)?),
        })
    }
    fn metered<R>(&mut self, f: impl FnOnce(Option<&mut Meter<'_>>) -> Result<R>) -> Result<R> {
        match self.counter.as_ref() {
            None => f(None),
            // Held already: the body runs with the GIL while Python counts.
            Some(func) => Python::attach(|py| super::with_counter(py, func, |m| f(Some(m)))),
        }
    }

    /// A `str` alone (not `bytes`), as JavaScript takes only a string.
    fn string(&mut self, i: usize, path: &str, what: &str) -> Result<String> {
        match self.given.get(i) {
            Some(Given::Text(_) | Given::Long(_)) => {
                Ok(self.text(i, path, what)?.unwrap_or_default())
            }
            Some(Given::Bytes(_, kind)) => {
                Err(crate::json::read::wrong_kind("a string", kind, path))
            }
            Some(Given::Foreign(f)) => Err(crate::json::read::wrong_kind("a string", &f.1, path)),
            _ => Err(crate::json::read::wrong_kind(
                "a string",
                self.kind(i),
                path,
            )),
        }
    }
    /// An object argument: a value, or its JSON text (`str` or `bytes`).
    fn read<T: Input>(&mut self, i: usize, path: &str) -> Result<T> {
        T::read(&self.value_or_json(i, path)?, path)
    }
    /// An optional object argument: a value or its JSON text; `None` gives the default.
    fn optional<T: Input + Default>(&mut self, i: usize, path: &str) -> Result<T> {
        read_or_default(self.value_or_json(i, path)?, path)
    }
    /// A name is a string, never JSON text.
    fn optional_name<T: Input + Default>(&mut self, i: usize, path: &str) -> Result<T> {
        read_or_default(self.value(i, path)?, path)
    }
}
