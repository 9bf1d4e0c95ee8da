//! The shared vectors and the boundary, in a real browser: `wasm-pack test --headless --chrome`.
//! Inputs go in as JavaScript objects and as JSON text, through the exported functions, exactly
//! as an app calls them.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)] // tests may fail loudly
#![cfg(target_arch = "wasm32")]

mod common;
#[path = "vectors/list.rs"]
mod list;

use ctxpack::wasm::{assemble_context, ContextAssembler};
use js_sys::{Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn field(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn check(name: &str, result: Result<JsValue, JsValue>, context: &str, manifest: &str) {
    let result = result.unwrap_or_else(|e| panic!("{name}: threw {:?}", e));
    assert_eq!(
        field(&result, "context").as_string().unwrap(),
        context,
        "{name}: context"
    );
    let m = JSON::stringify_with_replacer_and_space(
        &field(&result, "manifest"),
        &JsValue::NULL,
        &JsValue::from(2),
    )
    .unwrap();
    assert_eq!(m.as_string().unwrap(), manifest, "{name}: manifest");
}

#[wasm_bindgen_test]
fn vectors_match_in_the_browser() {
    assert!(!list::VECTORS.is_empty());
    for (name, vector, context, manifest) in list::VECTORS {
        let text = common::assemble_input(vector);
        let object = JSON::parse(&text).unwrap();
        check(name, assemble_context(object.clone()), context, manifest);
        check(
            name,
            assemble_context(JsValue::from_str(&text)),
            context,
            manifest,
        );
        // Through a compiled assembler too.
        let profile = field(&object, "profile");
        let assembler = ContextAssembler::new(if profile.is_undefined() {
            None
        } else {
            Some(profile)
        })
        .unwrap();
        Reflect::delete_property::<JsValue>(object.unchecked_ref(), &JsValue::from_str("profile"))
            .unwrap();
        check(name, assembler.assemble(object), context, manifest);
    }
}

#[wasm_bindgen_test]
fn a_bad_call_throws_a_coded_error_and_leaves_the_module_usable() {
    let err = assemble_context(JsValue::from_f64(5.0)).unwrap_err();
    assert_eq!(
        field(&err, "code").as_string().as_deref(),
        Some("INVALID_INPUT")
    );
    assert_eq!(field(&err, "path").as_string().as_deref(), Some(""));
    let (name, vector, context, manifest) = list::VECTORS[0];
    let text = common::assemble_input(vector);
    check(
        name,
        assemble_context(JsValue::from_str(&text)),
        context,
        manifest,
    );
}
