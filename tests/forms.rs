//! The error vectors (tests/vectors/errors): the same bad input gives the same code, path and
//! message from JSON text and from a parsed value; Node checks JavaScript objects against the
//! same expected errors (tests/node/forms.test.mjs).
//!
//! `UPDATE_VECTORS=1 cargo test --test forms` rewrites tests/vectors/errors/expected.json.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)] // tests may fail loudly
#![cfg(not(target_arch = "wasm32"))]

use ctxpack::json::{self, ObjectBuilder, Value};
use ctxpack::jsondoc::{AssembleOptions, ContextAssembler, JsonInput, OwnedDocs, Profile};
use ctxpack::{Error, Result};
use std::fs;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/errors");

fn cases() -> Vec<(String, String)> {
    let text = fs::read_to_string(format!("{DIR}/cases.json")).unwrap();
    let Value::Array(items) = json::parse(&text, &ctxpack::Limits::default()).unwrap() else {
        panic!("cases.json is an array")
    };
    items
        .iter()
        .map(|c| {
            let o = c.as_object().unwrap();
            let name = o.get("name").unwrap().as_str().unwrap().to_string();
            let text = match (o.get("input"), o.get("text")) {
                (Some(v), None) => json::stringify(v, 0),
                (None, Some(Value::String(t))) => t.clone(),
                _ => panic!("{name}: needs input or text"),
            };
            (name, text)
        })
        .collect()
}

/// The input as JSON text, read by the lazy text reader.
fn from_text(text: &str) -> Result<()> {
    let parsed = JsonInput::parse(text.to_string(), &ctxpack::Limits::default())?;
    let profile = match &parsed.profile {
        Some(v) => Profile::from_value(v, "/profile")?,
        None => Profile::default(),
    };
    let assembler = ContextAssembler::new(&profile).map_err(|e| e.under("/profile"))?;
    let options = AssembleOptions::from_json_object(&parsed.rest)?;
    assembler.assemble(&parsed.documents, &options).map(drop)
}

/// The input as a parsed value, read by the value readers, members in the input's order.
fn from_value(text: &str) -> Result<()> {
    let v = json::parse(text, &ctxpack::Limits::default()).map_err(|e| e.into_error(""))?;
    let o = v.as_object().expect("an object");
    let mut docs = None;
    let mut profile = Profile::default();
    let mut rest = ObjectBuilder::new();
    for (k, x) in o.iter() {
        match k {
            "documents" => {
                docs = Some(
                    OwnedDocs::from_value(x, &ctxpack::Limits::default())
                        .map_err(|e| e.under("/documents"))?,
                )
            }
            "profile" => profile = Profile::from_value(x, "/profile")?,
            _ => rest.insert(k.to_string(), x.clone()),
        }
    }
    let options = AssembleOptions::from_json_object(&rest.finish())?;
    let assembler = ContextAssembler::new(&profile).map_err(|e| e.under("/profile"))?;
    assembler
        .assemble(&docs.expect("documents"), &options)
        .map(drop)
}

fn triple(e: &Error) -> Value {
    let mut o = ObjectBuilder::new();
    o.insert("code".into(), Value::from(e.code.as_str()));
    o.insert("path".into(), Value::from(e.path.as_str()));
    o.insert("message".into(), Value::from(e.message.as_str()));
    Value::Object(o.finish())
}

#[test]
fn every_form_fails_the_same_way() {
    let mut expected = ObjectBuilder::new();
    let mut failures = Vec::new();
    for (name, text) in cases() {
        let a = from_text(&text)
            .err()
            .unwrap_or_else(|| panic!("{name}: text was accepted"));
        let b = from_value(&text)
            .err()
            .unwrap_or_else(|| panic!("{name}: value was accepted"));
        if a != b {
            failures.push(format!("{name}: text {a} / value {b}"));
        }
        expected.insert(name, triple(&a));
    }
    assert!(
        failures.is_empty(),
        "forms disagree:\n{}",
        failures.join("\n")
    );
    let want = json::stringify(&Value::Object(expected.finish()), 2) + "\n";
    let path = format!("{DIR}/expected.json");
    if std::env::var_os("UPDATE_VECTORS").is_some() {
        fs::write(&path, &want).unwrap();
    }
    assert_eq!(
        fs::read_to_string(&path).unwrap_or_default(),
        want,
        "tests/vectors/errors/expected.json is out of date: UPDATE_VECTORS=1 cargo test --test forms"
    );
}
