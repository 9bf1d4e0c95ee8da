//! Errors cross as a real `CtxpackError` (an `Error` subclass with `code` and `path`), defined
//! once in glue.js and re-exported by the package, so `instanceof CtxpackError` holds.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/wasm/glue.js")]
extern "C" {
    #[wasm_bindgen(js_name = CtxpackError, extends = js_sys::Error)]
    type JsCtxpackError;

    #[wasm_bindgen(constructor, js_class = "CtxpackError")]
    fn new(
        message: &str,
        code: &str,
        path: &str,
        line: Option<u32>,
        column: Option<u32>,
    ) -> JsCtxpackError;
}

/// The core's error as the thrown `CtxpackError`: its code, path, message and, for a fault in
/// JSON text, where in that text.
pub(super) fn to_js(e: crate::Error) -> JsValue {
    let at = |n: usize| u32::try_from(n).ok();
    let (line, column) = e
        .position
        .map_or((None, None), |p| (at(p.line), at(p.column)));
    JsCtxpackError::new(&e.message, e.code.as_str(), &e.path, line, column).into()
}
