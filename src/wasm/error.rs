//! Errors cross as a real `CtxpackError` (an `Error` subclass with `code` and `path`).
//!
//! The class is defined once in the package entry, in JavaScript, and registered here at load,
//! so `instanceof CtxpackError` holds for errors from every export. Without it (the raw
//! wasm-bindgen glue), a plain `Error` with the same `name`, `code` and `path` is thrown.

use js_sys::{Array, Function, Reflect};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

thread_local! {
    static ERROR_CLASS: RefCell<Option<Function>> = const { RefCell::new(None) };
}

/// Called by the package entry with its `CtxpackError` class.
#[wasm_bindgen(js_name = "__registerErrorClass")]
pub fn register_error_class(class: Function) {
    ERROR_CLASS.with(|c| *c.borrow_mut() = Some(class));
}

pub fn to_js(e: crate::Error) -> JsValue {
    let message = JsValue::from_str(&e.message);
    let code = JsValue::from_str(e.code.as_str());
    let path = JsValue::from_str(&e.path);
    let constructed = ERROR_CLASS.with(|c| {
        c.borrow()
            .as_ref()
            .and_then(|class| Reflect::construct(class, &Array::of3(&message, &code, &path)).ok())
    });
    if let Some(err) = constructed {
        return err;
    }
    let err: JsValue = js_sys::Error::new(&e.message).into();
    // Setting own properties on a fresh Error cannot fail; if it somehow did, the message remains.
    let _ = Reflect::set(
        &err,
        &JsValue::from_str("name"),
        &JsValue::from_str("CtxpackError"),
    );
    let _ = Reflect::set(&err, &JsValue::from_str("code"), &code);
    let _ = Reflect::set(&err, &JsValue::from_str("path"), &path);
    err
}
