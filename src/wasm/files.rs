//! The preload and prompt-sections exports (the `ctxpack/files` entry, feature `files`).

use super::{done, limits_from, read_arg, JsResult};
use crate::files::check::{check_paths, PathsInput};
use crate::files::PreloadInput;
use crate::sections::SectionsInput;
use wasm_bindgen::prelude::*;

/// Inlines the referenced files' contents under a budget: paths confined and de-duplicated,
/// binary files, directories, long files and likely secrets left out, one record per reference.
#[wasm_bindgen(js_name = preloadFiles, unchecked_return_type = "PreloadResult")]
pub fn preload_files(
    #[wasm_bindgen(unchecked_param_type = "PreloadInput")] input: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
) -> JsResult {
    done((|| {
        let limits = limits_from(options)?;
        crate::files::preload(&read_arg::<PreloadInput>(&input, "", &limits)?, &limits)
    })())
}

/// The path rules alone, for a host that reads the files itself: each path normalised, refused
/// (escape, secret name) or marked as a duplicate of an earlier one.
#[wasm_bindgen(js_name = checkPaths, unchecked_return_type = "PathChecks")]
pub fn check_paths_export(
    #[wasm_bindgen(unchecked_param_type = "PathsInput")] input: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
) -> JsResult {
    done((|| {
        let limits = limits_from(options)?;
        check_paths(&read_arg::<PathsInput>(&input, "", &limits)?, &limits)
    })())
}

/// The prompt at the first pass of the degradation plan that fits the budget, or cut to it.
#[wasm_bindgen(js_name = fitSections, unchecked_return_type = "SectionsResult")]
pub fn fit_sections(
    #[wasm_bindgen(unchecked_param_type = "SectionsInput")] input: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
) -> JsResult {
    done((|| {
        let limits = limits_from(options)?;
        crate::sections::fit_sections(&read_arg::<SectionsInput>(&input, "", &limits)?, &limits)
    })())
}
