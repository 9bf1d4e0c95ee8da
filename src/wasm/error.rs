//! Errors cross as a real `CtxpackError` (an `Error` subclass with `code` and `path`), defined
//! once in glue.js and re-exported by the package, so `instanceof CtxpackError` holds.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/wasm/glue.js")]
extern "C" {
    #[wasm_bindgen(js_name = CtxpackError, extends = js_sys::Error)]
    type JsCtxpackError;

    #[wasm_bindgen(constructor, js_class = "CtxpackError")]
    fn new(message: &str, code: &str, path: &str) -> JsCtxpackError;
}

pub fn to_js(e: crate::Error) -> JsValue {
    JsCtxpackError::new(&e.message, e.code.as_str(), &e.path).into()
}
