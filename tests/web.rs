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

use ctxpack::wasm::{assembleContext as assemble_context, ContextAssembler};
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
        check(
            name,
            assemble_context(object.clone(), None),
            context,
            manifest,
        );
        check(
            name,
            assemble_context(JsValue::from_str(&text), None),
            context,
            manifest,
        );
        // Through a compiled assembler too.
        let profile = field(&object, "profile");
        let assembler = ContextAssembler::new(
            if profile.is_undefined() {
                None
            } else {
                Some(profile)
            },
            None,
        )
        .unwrap();
        Reflect::delete_property::<JsValue>(object.unchecked_ref(), &JsValue::from_str("profile"))
            .unwrap();
        check(name, assembler.assemble(object), context, manifest);
    }
}

#[wasm_bindgen_test]
fn a_bad_call_throws_a_coded_error_and_leaves_the_module_usable() {
    let err = assemble_context(JsValue::from_f64(5.0), None).unwrap_err();
    assert_eq!(
        field(&err, "code").as_string().as_deref(),
        Some("INVALID_INPUT")
    );
    assert_eq!(field(&err, "path").as_string().as_deref(), Some(""));
    let (name, vector, context, manifest) = list::VECTORS[0];
    let text = common::assemble_input(vector);
    check(
        name,
        assemble_context(JsValue::from_str(&text), None),
        context,
        manifest,
    );
}

/// The same limits refuse the same inputs with the same codes and paths as in Node.
#[wasm_bindgen_test]
fn limits_refuse_before_reading() {
    let (_, vector, context, manifest) = list::VECTORS[0];
    let text = common::assemble_input(vector);
    let limits = |json: &str| Some(JSON::parse(json).unwrap());
    for (options, code, path) in [
        (
            r#"{"limits":{"maxDocuments":0}}"#,
            "TOO_LARGE",
            "/documents",
        ),
        (r#"{"limits":{"maxTextLength":10}}"#, "TOO_LARGE", ""),
        (
            r#"{"limits":{"maxDepth":0}}"#,
            "INVALID_INPUT",
            "/options/limits/maxDepth",
        ),
        (
            r#"{"limits":{"maxDepth":257}}"#,
            "INVALID_INPUT",
            "/options/limits/maxDepth",
        ),
        (r#"{"limit":{}}"#, "INVALID_INPUT", "/options/limit"),
    ] {
        let err = assemble_context(JsValue::from_str(&text), limits(options)).unwrap_err();
        assert_eq!(
            field(&err, "code").as_string().as_deref(),
            Some(code),
            "{options}"
        );
        assert_eq!(
            field(&err, "path").as_string().as_deref(),
            Some(path),
            "{options}"
        );
    }
    // Limits that the input stays within change nothing.
    check(
        "within limits",
        assemble_context(
            JsValue::from_str(&text),
            limits(r#"{"limits":{"maxDocuments":1000,"maxDepth":256,"maxTextLength":100000000}}"#),
        ),
        context,
        manifest,
    );
}

/// The error vectors (tests/vectors/errors) in the browser: each bad input, as objects and as
/// JSON text, throws exactly the code, path and message native Rust gives.
#[wasm_bindgen_test]
fn error_vectors_fail_the_same_way_in_the_browser() {
    let cases = JSON::parse(include_str!("vectors/errors/cases.json")).unwrap();
    let expected = JSON::parse(include_str!("vectors/errors/expected.json")).unwrap();
    let cases: js_sys::Array = cases.unchecked_into();
    assert!(cases.length() >= 40);
    for case in cases.iter() {
        let name = field(&case, "name").as_string().unwrap();
        let text = match field(&case, "text").as_string() {
            Some(t) => t,
            None => JSON::stringify(&field(&case, "input"))
                .unwrap()
                .as_string()
                .unwrap(),
        };
        let want = field(&expected, &name);
        for (form, input) in [
            ("objects", JSON::parse(&text).unwrap()),
            ("JSON text", JsValue::from_str(&text)),
        ] {
            let err = assemble_context(input, None).unwrap_err();
            for key in ["code", "path", "message"] {
                assert_eq!(
                    field(&err, key).as_string(),
                    field(&want, key).as_string(),
                    "{name}, {form}: {key}"
                );
            }
        }
    }
}
