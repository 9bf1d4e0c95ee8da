//! The only module that knows JavaScript: exported functions and classes, each a thin shell
//! that converts its arguments (see `convert`), calls the core and converts back. No logic here.

mod convert;
mod error;

use crate::budget::budget_from_f64;
use crate::jsondoc::{
    self, AssembleOptions, ContextAssembler as Core, DocSet, JsonDocs, JsonInput, Profile, Request,
    TrimLevel,
};
use crate::{Error, ErrorCode, Limits, Result};
use convert::{get, is_plain_object, small_value, to_js, JsDocs};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");

type JsResult = std::result::Result<JsValue, JsValue>;

fn done<T>(r: Result<T>, to_js: impl Fn(&T) -> Result<JsValue>) -> JsResult {
    r.and_then(|v| to_js(&v)).map_err(error::to_js)
}

/// The package version.
#[wasm_bindgen]
pub fn version() -> String {
    crate::VERSION.to_string()
}

/// A call's last argument, `{limits?}`: read under the default limits (it is small), its
/// errors under `/options`.
fn limits_from(options: Option<JsValue>) -> Result<Limits> {
    match options {
        None => Ok(Limits::default()),
        Some(v) => Limits::from_options(
            &small_value(&v, "/options", &Limits::default())?,
            "/options",
        ),
    }
}

fn profile_from(v: &JsValue, path: &str, limits: &Limits) -> Result<Profile> {
    let text = convert::strict_text(v, path, limits).map_err(|mut e| {
        // NaN or ±Infinity where the profile wants a number: a bad budget or a bad setting.
        if e.code == ErrorCode::InvalidInput && e.message.ends_with("is not a JSON number") {
            e.code = if e.path.ends_with("/maxChars") {
                ErrorCode::InvalidBudget
            } else {
                ErrorCode::InvalidProfile
            };
        }
        e
    })?;
    match text {
        None => Ok(Profile::default()),
        Some(t) if t == "null" => Ok(Profile::default()),
        Some(t) => Profile::from_json(&t).map_err(|e| e.under(path)),
    }
}

fn request_from(v: &JsValue, path: &str, limits: &Limits) -> Result<Request> {
    if let Some(s) = convert::string_within(v, limits, path, "the request")? {
        return Ok(Request::Text(s));
    }
    Request::from_json_value(&small_value(v, path, limits)?).map_err(|e| e.under(path))
}

const OPTION_KEYS: [&str; 5] = ["request", "now", "edges", "maxChars", "cap"];

struct Input {
    docs: Box<dyn DocSet>,
    profile: Option<Profile>,
    options: AssembleOptions,
}

/// Reads `{documents, profile?, request?, now?, edges?, maxChars?, cap?}` — as an object, or
/// as one JSON string (bodies then parsed only when rendered).
fn read_input(input: &JsValue, allow_profile: bool, limits: &Limits) -> Result<Input> {
    if let Some(text) = convert::string_within(input, limits, "", "the input's JSON text")? {
        let parsed = JsonInput::parse_with_limits(text, limits)?;
        let profile = match parsed.profile {
            Some(_) if !allow_profile => return Err(profile_not_here()),
            Some(v) => Some(Profile::from_value(&v, "/profile")?),
            None => None,
        };
        let options = AssembleOptions::from_json_object(&parsed.rest, &[])?;
        return Ok(Input {
            docs: Box::new(parsed.documents),
            profile,
            options,
        });
    }
    if !is_plain_object(input) {
        return Err(Error::new(
            ErrorCode::InvalidInput,
            "",
            "the input must be an object {documents, request, …} or its JSON text",
        ));
    }
    let mut rest = crate::json::ObjectBuilder::new();
    let mut options = AssembleOptions::default();
    let mut docs: Option<Box<dyn DocSet>> = None;
    let mut profile = None;
    for key in convert::keys(input, "")? {
        let path = crate::error::pointer_push("", &key);
        let v = get(input, &JsValue::from_str(&key), &path)?;
        match key.as_str() {
            "documents" => {
                let text =
                    convert::string_within(&v, limits, "/documents", "the documents' JSON text")?;
                docs = Some(match text {
                    Some(text) => Box::new(
                        JsonDocs::parse_with_limits(text, limits)
                            .map_err(|e| e.under("/documents"))?,
                    ),
                    None => Box::new(JsDocs::read(&v, limits).map_err(|e| e.under("/documents"))?),
                });
            }
            "profile" if allow_profile => profile = Some(profile_from(&v, "/profile", limits)?),
            "profile" => return Err(profile_not_here()),
            // Numbers are checked here: JSON.stringify would turn NaN into null, i.e. "absent".
            "maxChars" if v.as_f64().is_some() => {
                options.max_chars = Some(budget_from_f64(
                    v.as_f64().unwrap_or(f64::NAN),
                    "/maxChars",
                )?)
            }
            "now" if v.as_f64().is_some() => {
                let n = v.as_f64().unwrap_or(f64::NAN);
                if !n.is_finite() {
                    return Err(Error::new(
                        ErrorCode::InvalidTimestamp,
                        "/now",
                        "now must be finite epoch milliseconds",
                    ));
                }
                options.now = Some(n);
            }
            "request" => options.request = request_from(&v, "/request", limits)?,
            k if OPTION_KEYS.contains(&k) => {
                rest.insert(key.clone(), small_value(&v, &path, limits)?);
            }
            k => return Err(jsondoc::unknown_input_field(k)),
        }
    }
    let parsed = AssembleOptions::from_json_object(&rest.finish(), &[])?;
    options.edges = parsed.edges;
    options.cap = parsed.cap;
    options.now = options.now.or(parsed.now);
    options.max_chars = options.max_chars.or(parsed.max_chars);
    let docs = docs.ok_or_else(|| {
        Error::new(
            ErrorCode::MissingField,
            "/documents",
            "documents is required",
        )
    })?;
    Ok(Input {
        docs,
        profile,
        options,
    })
}

fn profile_not_here() -> Error {
    Error::new(
        ErrorCode::InvalidInput,
        "/profile",
        "a ContextAssembler has its profile already; pass the profile to its constructor",
    )
}

fn assembler_for(profile: Option<Profile>) -> Result<Core> {
    Core::new(&profile.unwrap_or_default()).map_err(|e| e.under("/profile"))
}

/// Infers the intent of a request: `{intent, params}` given wins, else the profile's rules.
#[wasm_bindgen(js_name = inferIntent, unchecked_return_type = "ResolvedIntent")]
pub fn infer_intent(
    #[wasm_bindgen(unchecked_param_type = "RequestInput")] request: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Profile | null")] profile: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
) -> JsResult {
    done(
        (|| {
            let limits = limits_from(options)?;
            let profile = match profile {
                Some(p) => profile_from(&p, "/profile", &limits)?,
                None => Profile::default(),
            };
            let core = Core::new(&profile).map_err(|e| e.under("/profile"))?;
            let request = request_from(&request, "/request", &limits)?;
            core.infer_intent(&request)
        })(),
        to_js,
    )
}

/// Selects and ranks documents for the request's intent, without trimming or capping.
/// Reads no document bodies.
#[wasm_bindgen(unchecked_return_type = "Prioritized")]
pub fn prioritize(
    #[wasm_bindgen(unchecked_param_type = "AssembleInput | string")] input: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
) -> JsResult {
    done(
        limits_from(options)
            .and_then(|limits| read_input(&input, true, &limits))
            .and_then(|i| assembler_for(i.profile)?.prioritize(i.docs.as_ref(), &i.options)),
        convert::prioritized_to_js,
    )
}

/// Intent → select and rank → trim → cap: the context and a manifest of every decision.
#[wasm_bindgen(js_name = assembleContext, unchecked_return_type = "Assembly")]
pub fn assemble_context(
    #[wasm_bindgen(unchecked_param_type = "AssembleInput | string")] input: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
) -> JsResult {
    done(
        limits_from(options)
            .and_then(|limits| read_input(&input, true, &limits))
            .and_then(|i| assembler_for(i.profile)?.assemble(i.docs.as_ref(), &i.options)),
        convert::assembly_to_js,
    )
}

/// Fits documents already in priority order into the budget (trim ladder by position, then the
/// cap strategy). `request`, `now` and `edges` play no part here.
#[wasm_bindgen(js_name = capContext, unchecked_return_type = "CapResult")]
pub fn cap_context(
    #[wasm_bindgen(unchecked_param_type = "CapInput | string")] input: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
) -> JsResult {
    done(
        limits_from(options)
            .and_then(|limits| read_input(&input, true, &limits))
            .and_then(|i| {
                assembler_for(i.profile)?.cap_ordered(
                    i.docs.as_ref(),
                    i.options.max_chars,
                    i.options.cap,
                )
            }),
        convert::cap_result_to_js,
    )
}

/// One document trimmed at a level of the ladder; `data` keeps its form (JSON text stays
/// text) and `metadata.trimmed` is set when anything was cut.
#[wasm_bindgen(js_name = trimJsondoc, unchecked_return_type = "JsondocInput")]
pub fn trim_jsondoc(
    #[wasm_bindgen(unchecked_param_type = "JsondocInput")] doc: JsValue,
    #[wasm_bindgen(unchecked_param_type = "TrimLevel")] level: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Profile | null")] profile: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
) -> JsResult {
    let r = (|| {
        let limits = limits_from(options)?;
        let profile = match profile {
            Some(p) => profile_from(&p, "/profile", &limits)?,
            None => Profile::default(),
        };
        let compiled = profile.compile().map_err(|e| e.under("/profile"))?;
        let level = crate::json::read::variant(
            &small_value(&level, "/level", &limits)?,
            "/level",
            &TrimLevel::VARIANTS,
        )?;
        if !is_plain_object(&doc) {
            return Err(Error::new(
                ErrorCode::InvalidInput,
                "/doc",
                "a document must be an object",
            ));
        }
        // The document wraps its data in one level; the data alone gets the full depth limit.
        let text = convert::json_text(&doc, "/doc", &limits)?.unwrap_or_default();
        let value = crate::json::parse_with(crate::json::Parser::with_extra_depth(
            &text,
            limits.max_depth,
            1,
        ))
        .map_err(|e| e.into_error("/doc"))?;
        let trimmed =
            jsondoc::trim_document_limited(value, level, &compiled.trim, limits.max_depth)
                .map_err(|e| e.under("/doc"))?;
        convert::value_to_js(&trimmed)
    })();
    r.map_err(error::to_js)
}

/// A profile compiled once (validated, rules built) serving many requests, under one set of
/// limits.
///
/// Freed by the garbage collector, or at once by `free()` / `[Symbol.dispose]()` / `using`. After
/// that every method throws a `CtxpackError` with code `FREED` (so does a method called on
/// anything that is not a live ContextAssembler); `free()` again does nothing.
#[wasm_bindgen(js_name = ContextAssembler)]
pub struct ContextAssembler {
    core: Core,
    limits: Limits,
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
            let limits = limits_from(options)?;
            let profile = match profile {
                Some(p) => profile_from(&p, "", &limits)?,
                None => Profile::default(),
            };
            let core = Core::new(&profile)?;
            Ok(ContextAssembler { core, limits })
        })()
        .map_err(error::to_js)
    }

    #[wasm_bindgen(js_name = inferIntent, unchecked_return_type = "ResolvedIntent")]
    pub fn infer_intent(
        &self,
        #[wasm_bindgen(unchecked_param_type = "RequestInput")] request: JsValue,
    ) -> JsResult {
        done(
            request_from(&request, "/request", &self.limits)
                .and_then(|r| self.core.infer_intent(&r)),
            to_js,
        )
    }

    #[wasm_bindgen(unchecked_return_type = "Prioritized")]
    pub fn prioritize(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AssemblerInput | string")] input: JsValue,
    ) -> JsResult {
        done(
            read_input(&input, false, &self.limits)
                .and_then(|i| self.core.prioritize(i.docs.as_ref(), &i.options)),
            convert::prioritized_to_js,
        )
    }

    #[wasm_bindgen(unchecked_return_type = "Assembly")]
    pub fn assemble(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AssemblerInput | string")] input: JsValue,
    ) -> JsResult {
        done(
            read_input(&input, false, &self.limits)
                .and_then(|i| self.core.assemble(i.docs.as_ref(), &i.options)),
            convert::assembly_to_js,
        )
    }

    #[wasm_bindgen(js_name = capContext, unchecked_return_type = "CapResult")]
    pub fn cap_context(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AssemblerCapInput | string")] input: JsValue,
    ) -> JsResult {
        done(
            read_input(&input, false, &self.limits).and_then(|i| {
                self.core
                    .cap_ordered(i.docs.as_ref(), i.options.max_chars, i.options.cap)
            }),
            convert::cap_result_to_js,
        )
    }
}
