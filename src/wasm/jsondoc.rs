//! The jsondoc engine's exports (the package's main entry, feature `jsondoc`): its table's
//! functions (`crate::jsondoc::calls`), each answered here, the documents read lazily, and
//! `ContextAssembler`.

mod documents;

use super::{
    bind, call_options, done, error, host, metered, optional_arg, output, read_arg, value_arg,
    CallOptions, JsArgs, JsResult,
};
use crate::exports::Args;
use crate::jsondoc::assemble::{profile_not_here, unknown_input_field, INPUT_FIELDS};
use crate::jsondoc::{
    AssembleOptions, ContextAssembler as Core, DocSet, JsonDocs, JsonInput, Profile, Request,
    TrimLevel,
};
use crate::shape::{Output, Shape};
use crate::{Limits, Result};
use documents::{is_long_text, long_documents, JsDocs};
use wasm_bindgen::prelude::*;

fn request_from(v: &JsValue, path: &str, limits: &Limits) -> Result<Request> {
    Request::from_json_value(&request_value(v, path, limits)?).map_err(|e| e.under(path))
}

struct Call {
    docs: Box<dyn DocSet>,
    /// The documents' ids as the caller gave them, for the result (`JsDocs::given`), or
    /// `undefined`.
    given: JsValue,
    profile: Option<Profile>,
    /// The input's profile, compiled already to read a long `documents` string.
    compiled: Option<Core>,
    options: AssembleOptions,
}

/// What reads the input: the assembler of a `ContextAssembler` (`Given`), or the input's own
/// profile (`FromInput`); and whether the call ranks (a param match then reads bodies while
/// ranking, which a text read in chunks keeps at hand rather than fetching again).
enum Reading<'a> {
    Given(&'a Core, bool),
    FromInput(bool),
}

/// Reads `{documents, profile?, request?, now?, edges?, maxChars?, cap?}` — as an object, or as
/// one JSON string (bodies then parsed only when rendered).
fn read_input(input: &JsValue, reading: Reading<'_>, limits: &Limits) -> Result<Call> {
    let allow_profile = matches!(reading, Reading::FromInput(_));
    if let Some(text) = host::text_within(input, limits, "", "the input's JSON text")? {
        let parsed = JsonInput::parse(text, limits)?;
        let profile = match parsed.profile {
            Some(_) if !allow_profile => return Err(profile_not_here()),
            Some(v) => Some(Profile::from_value(&v, "/profile")?),
            None => None,
        };
        return Ok(Call {
            docs: Box::new(parsed.documents),
            given: JsValue::UNDEFINED,
            profile,
            compiled: None,
            options: AssembleOptions::from_json_object(&parsed.rest)?,
        });
    }
    if !host::is_plain_object(input) {
        return Err(crate::json::read::wrong_kind(
            "an input object {documents, request, …} or its JSON text",
            host::kind(input),
            "",
        ));
    }
    let mut members = Vec::new();
    let mut docs: Option<Box<dyn DocSet>> = None;
    let mut given = JsValue::UNDEFINED;
    let mut deferred = None;
    let mut profile = None;
    for key in host::keys(input, "")? {
        let path = crate::error::pointer_push("", &key);
        let v = host::get(input, &JsValue::from_str(&key), &path)?;
        match key.as_str() {
            // Read once the request and the profile are known (below).
            "documents" if is_long_text(&v) => deferred = Some(v),
            "documents" => {
                let (whole, ids) = documents_whole(&v, limits)?;
                docs = Some(whole);
                given = ids;
            }
            "profile" if allow_profile => {
                profile = Some(optional_arg(Some(&v), "/profile", limits)?);
            }
            "profile" => return Err(profile_not_here()),
            "request" => {
                // Read here so plain text is not walked; the core reads the rest.
                members.push((key.clone(), request_value(&v, "/request", limits)?));
            }
            k if INPUT_FIELDS.contains(&k) => {
                if let Some(value) = host::value(&v, &path, limits)? {
                    members.push((key.clone(), value));
                }
            }
            k => return Err(unknown_input_field(k)),
        }
    }
    let mut compiled = None;
    if let Some(v) = deferred {
        if matches!(reading, Reading::FromInput(_)) {
            // Errors are the call's to report, after the documents, as for a short text.
            compiled = Core::new(profile.as_ref().unwrap_or(&Profile::default())).ok();
        }
        let core = match reading {
            Reading::Given(core, true) => Some(core),
            Reading::FromInput(true) => compiled.as_ref(),
            _ => None,
        };
        docs = Some(long_text(&v, core, &members, limits)?);
    }
    let options = AssembleOptions::from_members(members.iter().map(|(k, v)| (k.as_str(), v)))?;
    let docs = docs.ok_or_else(crate::jsondoc::document::documents_missing)?;
    Ok(Call {
        docs,
        given,
        profile,
        compiled,
        options,
    })
}

/// Documents as objects, or as JSON text (a string or bytes) read whole; with the ids the
/// caller gave, when the objects' reader kept them (`JsDocs::given`).
fn documents_whole(v: &JsValue, limits: &Limits) -> Result<(Box<dyn DocSet>, JsValue)> {
    let text = host::text_within(v, limits, "/documents", "the documents' JSON text")?;
    Ok(match text {
        Some(text) => (
            Box::new(JsonDocs::parse(text, limits).map_err(|e| e.under("/documents"))?),
            JsValue::UNDEFINED,
        ),
        None => {
            let docs = JsDocs::read(v, limits).map_err(|e| e.under("/documents"))?;
            let given = docs.given();
            (Box::new(docs), given)
        }
    })
}

/// A result on the call's input, handed to JavaScript holding the caller's own ids where the
/// input kept them (`Call::given`).
fn done_given<T: Output + Shape>(r: Result<T>, given: &JsValue) -> JsResult {
    r.map(|v| output::to_js_given(decode, &v, given))
        .map_err(error::to_js)
}

/// `f` on a call's input, its result handed back with the input's ids (`done_given`). The ids
/// are moved out of the call rather than returned beside the result: a tuple result made every
/// method's code larger.
fn on_call<T: Output + Shape>(call: Result<Call>, f: impl FnOnce(&Call) -> Result<T>) -> JsResult {
    let mut given = JsValue::UNDEFINED;
    let r = call.and_then(|c| {
        let v = f(&c);
        given = c.given;
        v
    });
    done_given(r, &given)
}

/// Documents given as long JSON text (a string or bytes): read in chunks, holding the bodies `core`
/// will read while ranking (none without a core: the call does not rank, or its profile does not
/// compile, which the call reports after); or whole when the chunked reader gives up (a fault it
/// leaves to the whole reader to report).
fn long_text(
    v: &JsValue,
    core: Option<&Core>,
    members: &[(String, crate::json::Value)],
    limits: &Limits,
) -> Result<Box<dyn DocSet>> {
    let request = members
        .iter()
        .find(|(k, _)| k == "request")
        .and_then(|(_, v)| Request::from_json_value(v).ok())
        .unwrap_or(Request::None);
    let hold = core.map(|c| c.reads_while_ranking(&request));
    let none = |_: &str| false;
    let hold: &dyn Fn(&str) -> bool = match &hold {
        Some(h) => h,
        None => &none,
    };
    match long_documents(v, limits, hold).map_err(|e| e.under("/documents"))? {
        Some(docs) => Ok(docs),
        None => documents_whole(v, limits).map(|(docs, _)| docs),
    }
}

/// A request as the value the core's reader takes. Text, the common case, is copied once
/// rather than walked.
fn request_value(v: &JsValue, path: &str, limits: &Limits) -> Result<crate::json::Value> {
    if let Some(s) = host::string_within(v, limits, path, "the request")? {
        return Ok(crate::json::Value::String(s));
    }
    value_arg(v, path, limits)
}

fn assembler_for(profile: Option<Profile>) -> Result<Core> {
    Core::new(&profile.unwrap_or_default()).map_err(|e| e.under("/profile"))
}

crate::jsondoc::calls::table!(bind);

fn infer_intent(a: &mut JsArgs<'_>) -> JsResult {
    done(
        decode,
        (|| {
            let limits = a.limits;
            let profile: Profile = optional_arg(a.raw(1), "/profile", &limits)?;
            let core = Core::new(&profile).map_err(|e| e.under("/profile"))?;
            core.infer_intent(&request_from(&arg(a, 0), "/request", &limits)?)
        })(),
    )
}

/// A required argument (`undefined` when the caller left it out).
fn arg(a: &JsArgs<'_>, i: usize) -> JsValue {
    a.raw(i).cloned().unwrap_or(JsValue::UNDEFINED)
}

/// Reads the input (with its profile) under the call's limits, compiles the profile and runs
/// `f` on the jsondoc engine.
fn with_input<T: Output + Shape>(
    a: &JsArgs<'_>,
    ranks: bool,
    f: impl FnOnce(&Core, &Call, Option<&js_sys::Function>) -> Result<T>,
) -> JsResult {
    let mut given = JsValue::UNDEFINED;
    let r = (|| {
        let mut call = read_input(&arg(a, 0), Reading::FromInput(ranks), &a.limits)?;
        let core = match call.compiled.take() {
            Some(core) => core,
            None => assembler_for(call.profile.take())?,
        };
        let v = f(&core, &call, a.counter());
        given = call.given;
        v
    })();
    done_given(r, &given)
}

fn prioritize_ranked(a: &mut JsArgs<'_>) -> JsResult {
    with_input(a, true, |core, c, _| {
        core.prioritize(c.docs.as_ref(), &c.options)
    })
}

fn assemble_context(a: &mut JsArgs<'_>) -> JsResult {
    with_input(a, true, |core, c, counter| {
        metered(counter, |meter| {
            core.assemble_metered(c.docs.as_ref(), &c.options, meter)
        })
    })
}

fn cap_context(a: &mut JsArgs<'_>) -> JsResult {
    with_input(a, false, |core, c, counter| {
        metered(counter, |meter| {
            core.cap_ordered_metered(
                c.docs.as_ref(),
                c.options.max_chars,
                c.options.max_tokens,
                c.options.cap,
                meter,
            )
        })
    })
}

fn trim_jsondoc(a: &mut JsArgs<'_>) -> JsResult {
    (|| {
        let limits = a.limits;
        let (doc, level) = (arg(a, 0), arg(a, 1));
        let profile: Profile = optional_arg(a.raw(2), "/profile", &limits)?;
        let compiled = profile.compile().map_err(|e| e.under("/profile"))?;
        let level: TrimLevel = read_arg(&level, "/level", &limits)?;
        if matches!(level, TrimLevel::Fitted | TrimLevel::Prefix) {
            return Err(crate::jsondoc::trim::fitted_level("/level"));
        }
        // The document wraps its data in one level; the data alone gets the full depth limit.
        // Whether it is a document at all is trim_document's to say. Read from its
        // `JSON.stringify`, unpaired surrogates kept: it comes back as it went in, but for cuts.
        let text = host::json_text(&doc, "/doc", &limits)?
            .ok_or_else(|| crate::json::read::not_json(host::kind(&doc), "/doc"))?;
        let value = crate::json::parse::parse_with(
            crate::json::Parser::with_extra_depth(&text, limits.max_depth, 1).keeping_unpaired(),
        )
        .map_err(|e| e.into_error("/doc"))?;
        let trimmed = crate::jsondoc::trim::trim_document(value, level, &compiled.trim, &limits)
            .map_err(|e| e.under("/doc"))?;
        host::value_to_js(&trimmed)
    })()
    .map_err(error::to_js)
}

fn locate_json(a: &mut JsArgs<'_>) -> JsResult {
    done(
        decode,
        (|| {
            let limits = a.limits;
            let text = a.string(0, "/text", "the text")?;
            let pointer: String = optional_arg(a.raw(1), "/pointer", &limits)?;
            crate::json::locate::locate(&text, &pointer, &limits)
        })(),
    )
}

/// A profile compiled once (validated, rules built) serving many requests, under one set of
/// limits. The package wraps this class (glue.js's `guarded`): methods of a freed assembler, or
/// called on anything else, throw `CtxpackError` `FREED` before reaching wasm.
#[wasm_bindgen(js_name = ContextAssembler)]
pub struct ContextAssembler {
    core: Core,
    limits: Limits,
    counter: Option<js_sys::Function>,
}

#[wasm_bindgen(js_class = ContextAssembler)]
impl ContextAssembler {
    /// Validates and compiles `profile` (the default profile if omitted). Errors point into it.
    /// `options.limits` bound every call made through this assembler.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "Profile | null")] profile: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<
            JsValue,
        >,
    ) -> std::result::Result<ContextAssembler, JsValue> {
        (|| {
            let CallOptions { limits, counter } = call_options(options)?;
            let profile: Profile = optional_arg(profile.as_ref(), "", &limits)?;
            let core = Core::new(&profile)?;
            Ok(ContextAssembler {
                core,
                limits,
                counter,
            })
        })()
        .map_err(error::to_js)
    }

    #[wasm_bindgen(js_name = inferIntent, unchecked_return_type = "ResolvedIntent")]
    pub fn infer_intent(
        &self,
        #[wasm_bindgen(unchecked_param_type = "RequestInput")] request: JsValue,
    ) -> JsResult {
        done(
            decode,
            request_from(&request, "/request", &self.limits)
                .and_then(|r| self.core.infer_intent(&r)),
        )
    }

    #[wasm_bindgen(unchecked_return_type = "Prioritized")]
    pub fn prioritize(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AssemblerInput | JsonText")] input: JsValue,
    ) -> JsResult {
        on_call(
            read_input(&input, Reading::Given(&self.core, true), &self.limits),
            |c| self.core.prioritize(c.docs.as_ref(), &c.options),
        )
    }

    #[wasm_bindgen(unchecked_return_type = "Assembly")]
    pub fn assemble(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AssemblerInput | JsonText")] input: JsValue,
    ) -> JsResult {
        on_call(
            read_input(&input, Reading::Given(&self.core, true), &self.limits),
            |c| {
                metered(self.counter.as_ref(), |meter| {
                    self.core
                        .assemble_metered(c.docs.as_ref(), &c.options, meter)
                })
            },
        )
    }

    #[wasm_bindgen(js_name = capContext, unchecked_return_type = "CapResult")]
    pub fn cap_context(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AssemblerCapInput | JsonText")] input: JsValue,
    ) -> JsResult {
        on_call(
            read_input(&input, Reading::Given(&self.core, false), &self.limits),
            |c| {
                metered(self.counter.as_ref(), |meter| {
                    self.core.cap_ordered_metered(
                        c.docs.as_ref(),
                        c.options.max_chars,
                        c.options.max_tokens,
                        c.options.cap,
                        meter,
                    )
                })
            },
        )
    }
}
