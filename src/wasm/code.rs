//! The code module's exports (npm entry `ctxpack/code`, feature `code`).

use super::{
    call_options, done, limits_from, metered, optional_arg, string_arg, value_arg, JsResult,
};
use crate::code::{self, ModuleRegistry, RegistryOptions};
use wasm_bindgen::prelude::*;

/// The classes `content` defines, judged by `path`'s extension (`.py .pyi`, `.ts .tsx`,
/// `.js .jsx .mjs .cjs`, `.dart`); any other extension gives none.
#[wasm_bindgen(js_name = extractClasses, unchecked_return_type = "ExtractedClasses")]
pub fn extract_classes(
    #[wasm_bindgen(unchecked_param_type = "string")] path: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] content: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
) -> JsResult {
    done((|| {
        let limits = limits_from(options)?;
        let path = string_arg(&path, "/path", "the path", &limits)?;
        let content = string_arg(&content, "/content", "the content", &limits)?;
        Ok(code::extract_classes(&path, &content))
    })())
}

/// The registry block: every listed class with its import line and source, under the options'
/// budgets, and a manifest of what was truncated, dropped or not found.
#[wasm_bindgen(js_name = formatModuleRegistry, unchecked_return_type = "RegistryResult")]
pub fn format_module_registry(
    #[wasm_bindgen(unchecked_param_type = "ModuleRegistry")] registry: JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ [path: string]: string }")] files: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "RegistryOptions | null")] options: Option<
        JsValue,
    >,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] call: Option<JsValue>,
) -> JsResult {
    done((|| {
        let super::CallOptions { limits, counter } = call_options(call)?;
        let registry: ModuleRegistry = optional_arg(Some(&registry), "/registry", &limits)?;
        let files = code::registry::source_files_from_value(
            &value_arg(&files, "/files", &limits)?,
            "/files",
        )?;
        let options: RegistryOptions = optional_arg(options.as_ref(), "/options", &limits)?;
        match counter.as_ref() {
            None => Ok(code::format_module_registry(&registry, &files, &options)),
            Some(f) => metered(Some(f), |meter| {
                code::format_module_registry_metered(&registry, &files, &options, meter)
            }),
        }
    })())
}

/// The classes defined in created files and in modified files (`null` content: missing,
/// skipped), merged per path in source order.
#[wasm_bindgen(js_name = trackOutputs, unchecked_return_type = "TrackedOutputs")]
pub fn track_outputs(
    #[wasm_bindgen(unchecked_param_type = "{ [path: string]: string }")] created: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "{ [path: string]: string | null } | null")]
    modified: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] call: Option<JsValue>,
) -> JsResult {
    done((|| {
        let limits = limits_from(call)?;
        let created = code::outputs::files_from_value(
            &value_arg(&created, "/created", &limits)?,
            "/created",
            false,
        )?;
        let created: Vec<(String, String)> = created
            .into_iter()
            .map(|(p, c)| (p, c.unwrap_or_default()))
            .collect();
        let modified = match modified {
            Some(m) => code::outputs::files_from_value(
                &value_arg(&m, "/modified", &limits)?,
                "/modified",
                true,
            )?,
            None => Vec::new(),
        };
        Ok(code::track_outputs(&created, &modified))
    })())
}

/// The paths an LLM response says it modified, in first-seen order.
#[wasm_bindgen(js_name = parseModifiedFiles, unchecked_return_type = "ModifiedFiles")]
pub fn parse_modified_files(
    #[wasm_bindgen(unchecked_param_type = "string")] response: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] call: Option<JsValue>,
) -> JsResult {
    done((|| {
        let limits = limits_from(call)?;
        Ok(code::parse_modified_files(&string_arg(
            &response,
            "/responseText",
            "the response",
            &limits,
        )?))
    })())
}
