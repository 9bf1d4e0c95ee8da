//! The jsondoc engine (the package's main entry in JavaScript): assemble, prioritize, cap,
//! trim, infer the intent, and `ContextAssembler`. Its table's calls are each host's own (the
//! documents are read as they came, walked with the GIL and parsed without it): the functions
//! below that its rows name.

use super::{call_options, convert, done, pybind, PyArgs, PyCall};
use crate::exports::Args;
use crate::json::Value;
use crate::jsondoc::assemble::{profile_not_here, unknown_input_field, INPUT_FIELDS};
use crate::jsondoc::{
    AssembleOptions, ContextAssembler as Core, DocSet, JsonDocs, JsonInput, OwnedDocs, Profile,
    Request, TrimLevel,
};
use crate::shape::Input;
use crate::{Limits, Result};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

crate::jsondoc::calls::table!(pybind);

/// The documents as they came: JSON text (bodies parsed only when rendered) or values.
enum Docs {
    Text(JsonDocs),
    Values(OwnedDocs),
}

impl Docs {
    fn set(&self) -> &dyn DocSet {
        match self {
            Docs::Text(d) => d,
            Docs::Values(d) => d,
        }
    }
}

struct Call {
    docs: Docs,
    profile: Option<Profile>,
    options: AssembleOptions,
}

/// An input as it crossed from Python, before the core reads it: what needs the GIL (walking
/// Python values, copying text) is done; what does not (parsing, reading the documents) is left
/// for [`Crossed::read`], which runs with the GIL released.
enum Crossed {
    Text(String),
    Members {
        docs: Option<CrossedDocs>,
        profile: Option<Value>,
        members: Vec<(String, Value)>,
    },
}

enum CrossedDocs {
    Text(String),
    Values(Value),
}

/// Takes `{documents, profile?, request?, now?, edges?, maxChars?, maxTokens?, cap?, order?}`
/// — a `dict`, or its JSON text as `str` or `bytes`; `documents` may itself be JSON text.
fn cross_input(input: &Bound<'_, PyAny>, allow_profile: bool, limits: &Limits) -> Result<Crossed> {
    if let Some(text) = convert::text(input, "", limits, "the input's JSON text")? {
        return Ok(Crossed::Text(text));
    }
    let Ok(dict) = input.cast::<PyDict>() else {
        return Err(crate::json::read::wrong_kind(
            "an input object {documents, request, …} or its JSON text",
            &convert::kind(input),
            "",
        ));
    };
    let mut members: Vec<(String, Value)> = Vec::new();
    let mut docs = None;
    let mut profile = None;
    for (k, v) in convert::members(dict) {
        let Ok(key) = k.cast::<PyString>() else {
            return Err(convert::key_refused(&k, ""));
        };
        let key = convert::str_arg(key.as_any(), "", limits, "a key")?;
        let path = crate::error::pointer_push("", &key);
        match key.as_str() {
            "documents" => {
                docs = Some(
                    match convert::text(&v, "/documents", limits, "the documents' JSON text")? {
                        Some(text) => CrossedDocs::Text(text),
                        None => CrossedDocs::Values(convert::value(&v, &path, limits)?),
                    },
                );
            }
            "profile" if allow_profile => {
                profile = Some(convert::value_or_text(
                    &v,
                    "/profile",
                    limits,
                    "the JSON text",
                )?);
            }
            "profile" => return Err(profile_not_here()),
            k if INPUT_FIELDS.contains(&k) => {
                members.push((key.clone(), convert::value(&v, &path, limits)?))
            }
            k => return Err(unknown_input_field(k)),
        }
    }
    Ok(Crossed::Members {
        docs,
        profile,
        members,
    })
}

impl Crossed {
    /// The core's reading of the input: the same readers as JSON text and JavaScript's.
    fn read(self, allow_profile: bool, limits: &Limits) -> Result<Call> {
        match self {
            Crossed::Text(text) => {
                let parsed = JsonInput::parse(text, limits)?;
                let profile = match parsed.profile {
                    Some(_) if !allow_profile => return Err(profile_not_here()),
                    Some(v) => Some(Profile::from_value(&v, "/profile")?),
                    None => None,
                };
                Ok(Call {
                    docs: Docs::Text(parsed.documents),
                    profile,
                    options: AssembleOptions::from_json_object(&parsed.rest)?,
                })
            }
            Crossed::Members {
                docs,
                profile,
                members,
            } => {
                let docs = match docs {
                    Some(CrossedDocs::Text(text)) => Some(Docs::Text(
                        JsonDocs::parse(text, limits).map_err(|e| e.under("/documents"))?,
                    )),
                    Some(CrossedDocs::Values(v)) => Some(Docs::Values(
                        OwnedDocs::from_value(&v, limits).map_err(|e| e.under("/documents"))?,
                    )),
                    None => None,
                };
                let profile = match profile {
                    None | Some(Value::Null) => None,
                    Some(v) => Some(Profile::from_value(&v, "/profile")?),
                };
                let options =
                    AssembleOptions::from_members(members.iter().map(|(k, v)| (k.as_str(), v)))?;
                let docs = docs.ok_or_else(crate::jsondoc::document::documents_missing)?;
                Ok(Call {
                    docs,
                    profile,
                    options,
                })
            }
        }
    }
}

/// Reads an input: crossed with the GIL, read by the core without it.
fn read_input(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    allow_profile: bool,
    limits: &Limits,
) -> Result<Call> {
    let crossed = cross_input(input, allow_profile, limits)?;
    py.detach(|| crossed.read(allow_profile, limits))
}

/// A request: text (not walked), `None`, or `{intent, params, text}`.
fn request_from(v: &Bound<'_, PyAny>, path: &str, limits: &Limits) -> Result<Request> {
    let value = match v.cast::<PyString>() {
        Ok(_) => Value::String(convert::str_arg(v, path, limits, "the request")?),
        Err(_) => convert::value(v, path, limits)?,
    };
    Request::from_json_value(&value).map_err(|e| e.under(path))
}

fn assembler_for(profile: Option<Profile>) -> Result<Core> {
    Core::new(&profile.unwrap_or_default()).map_err(|e| e.under("/profile"))
}

/// Infers the intent of a request: `{intent, params}` given wins, else the profile's rules.
fn infer_intent(c: &PyCall<'_, '_>) -> Result<crate::jsondoc::ResolvedIntent> {
    let profile: Profile = c.crossed(1).optional(0, "/profile")?;
    let core = Core::new(&profile).map_err(|e| e.under("/profile"))?;
    let request = request_from(&c.arg(0), "/request", &c.limits)?;
    c.py.detach(|| core.infer_intent(&request))
}

/// Reads the input (with its profile) under the call's options, compiles the profile and runs
/// `f` on the engine with the caller's token counter.
fn with_input<T>(
    c: &PyCall<'_, '_>,
    f: impl FnOnce(&Core, &Call, Option<&Py<PyAny>>) -> Result<T>,
) -> Result<T> {
    let mut call = read_input(c.py, &c.arg(0), true, &c.limits)?;
    let core = assembler_for(call.profile.take())?;
    f(&core, &call, c.counter.as_ref())
}

fn assemble_with(
    py: Python<'_>,
    core: &Core,
    call: &Call,
    counter: Option<&Py<PyAny>>,
) -> Result<crate::jsondoc::Assembly> {
    let (docs, options) = (&call.docs, &call.options);
    super::counted(
        py,
        counter,
        || core.assemble(docs.set(), options),
        |meter| core.assemble_metered(docs.set(), options, meter),
    )
}

fn cap_with(
    py: Python<'_>,
    core: &Core,
    call: &Call,
    counter: Option<&Py<PyAny>>,
) -> Result<crate::jsondoc::CapResult> {
    let (docs, o) = (&call.docs, &call.options);
    super::counted(
        py,
        counter,
        || core.cap_ordered(docs.set(), o.max_chars, o.max_tokens, o.cap),
        |meter| core.cap_ordered_metered(docs.set(), o.max_chars, o.max_tokens, o.cap, meter),
    )
}

/// Selects and ranks documents for the request's intent, without trimming or capping.
fn prioritize_ranked(c: &PyCall<'_, '_>) -> Result<crate::jsondoc::Prioritized> {
    with_input(c, |core, call, _| {
        c.py.detach(|| core.prioritize(call.docs.set(), &call.options))
    })
}

/// Intent → select and rank → trim → cap: the context and a manifest of every decision.
fn assemble_context(c: &PyCall<'_, '_>) -> Result<crate::jsondoc::Assembly> {
    with_input(c, |core, call, counter| {
        assemble_with(c.py, core, call, counter)
    })
}

/// Fits documents already in priority order into the budget.
fn cap_context(c: &PyCall<'_, '_>) -> Result<crate::jsondoc::CapResult> {
    with_input(c, |core, call, counter| cap_with(c.py, core, call, counter))
}

/// One document trimmed at a level of the ladder; `metadata.trimmed` is set when anything was
/// cut. The result is the document's JSON text.
fn trim_jsondoc(c: &PyCall<'_, '_>) -> Result<String> {
    let limits = c.limits;
    let profile: Profile = c.crossed(2).optional(0, "/profile")?;
    let compiled = profile.compile().map_err(|e| e.under("/profile"))?;
    let level = TrimLevel::read(&convert::value(&c.arg(1), "/level", &limits)?, "/level")?;
    if matches!(level, TrimLevel::Fitted | TrimLevel::Prefix) {
        return Err(crate::jsondoc::trim::fitted_level("/level"));
    }
    // The document wraps its data in one level; the data alone gets the full depth limit.
    let mut deeper = limits;
    deeper.max_depth = limits.max_depth.saturating_add(1);
    let value = convert::value(&c.arg(0), "/doc", &deeper)?;
    c.py.detach(|| {
        crate::jsondoc::trim::trim_document(value, level, &compiled.trim, &limits)
            .map(|v| crate::json::stringify(&v, 0))
            .map_err(|e| e.under("/doc"))
    })
}

/// Where the value at `pointer` (an error's `path`; the whole text when `None`) starts in JSON
/// `text`: line, column (UTF-16 units, as editors count), offset.
fn locate_json(c: &PyCall<'_, '_>) -> Result<crate::json::locate::JsonLocation> {
    let text = convert::str_arg(&c.arg(0), "/text", &c.limits, "the text")?;
    let pointer: String = c.crossed(1).optional_name(0, "/pointer")?;
    let limits = c.limits;
    c.py.detach(|| crate::json::locate::locate(&text, &pointer, &limits))
}

/// A profile compiled once serving many requests, under one set of limits.
#[pyclass(name = "ContextAssembler", module = "ctxpack._ctxpack", frozen)]
struct ContextAssembler {
    core: Core,
    limits: Limits,
    counter: Option<Py<PyAny>>,
}

#[pymethods]
impl ContextAssembler {
    #[new]
    #[pyo3(signature = (profile = None, options = None))]
    fn new(
        py: Python<'_>,
        profile: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        (|| {
            let o = call_options(options)?;
            let profile: Profile = PyArgs::of(profile, &o.limits).optional(0, "")?;
            Ok(ContextAssembler {
                core: Core::new(&profile)?,
                limits: o.limits,
                counter: o.counter,
            })
        })()
        .map_err(|e| convert::raise(py, e))
    }

    fn infer_intent(&self, py: Python<'_>, request: &Bound<'_, PyAny>) -> PyResult<String> {
        let r = request_from(request, "/request", &self.limits)
            .and_then(|r| py.detach(|| self.core.infer_intent(&r)));
        done(py, r)
    }

    fn prioritize(&self, py: Python<'_>, input: &Bound<'_, PyAny>) -> PyResult<String> {
        let r = read_input(py, input, false, &self.limits)
            .and_then(|c| py.detach(|| self.core.prioritize(c.docs.set(), &c.options)));
        done(py, r)
    }

    fn assemble(&self, py: Python<'_>, input: &Bound<'_, PyAny>) -> PyResult<String> {
        let r = read_input(py, input, false, &self.limits)
            .and_then(|c| assemble_with(py, &self.core, &c, self.counter.as_ref()));
        done(py, r)
    }

    fn cap_context(&self, py: Python<'_>, input: &Bound<'_, PyAny>) -> PyResult<String> {
        let r = read_input(py, input, false, &self.limits)
            .and_then(|c| cap_with(py, &self.core, &c, self.counter.as_ref()));
        done(py, r)
    }
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    bound::functions(m)?;
    m.add_class::<ContextAssembler>()?;
    Ok(())
}
