//! The shared vectors of the engines whose vectors name a call and its arguments
//! (`tests/vectors/<engine>/inputs/<name>.json`: `{description, call, args, tokenCounter?}`),
//! replayed natively through the engines' export tables (`exports::call`, the dispatch the
//! binding's table also makes). `expected/<name>.json` is the result's JSON text
//! (`JSON.stringify(result)`); Node and Chromium replay the same files (tests/engines/vectors.mjs).
//! `UPDATE_VECTORS=1 cargo test --test calls` rewrites the expected files (review the diff).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)] // tests may fail loudly
#![cfg(not(target_arch = "wasm32"))]

mod common;

use ctxpack::__private::exports::{self, ValueArgs, ENGINES};
use ctxpack::json::{self, Value};
use ctxpack::Limits;
use std::fs;
use std::path::Path;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors");

/// The engines whose vectors have runners of their own: jsondoc's (tests/vectors.rs), files'
/// (tests/files.rs), the governor's event logs (tests/governor.rs), the tokenizer's
/// (tests/tokenizer.rs). Every other engine's vectors are calls, replayed here.
const OWN_RUNNERS: [&str; 4] = ["jsondoc", "files", "governor", "tokenizer"];

/// The result's JSON text; `counter`: the vector's `tokenCounter` (`utf16`: `text.length`, as
/// tests/engines/vectors.mjs passes it).
fn call(name: &str, args: &[Value], counter: Option<&str>) -> String {
    let mut count = |t: &str| Ok(t.encode_utf16().count());
    let counter = counter.map(|c| {
        assert_eq!(c, "utf16", "unknown vector counter");
        (
            "host:utf16".to_string(),
            &mut count as &mut dyn FnMut(&str) -> ctxpack::Result<usize>,
        )
    });
    let mut a = ValueArgs::new(args.to_vec(), counter);
    let value = exports::call(name, &mut a)
        .unwrap_or_else(|| panic!("no table answers {name} natively"))
        .unwrap();
    json::stringify(&value, 0)
}

fn replay(engine: &str) -> Vec<String> {
    let dir = Path::new(DIR).join(engine);
    let update = std::env::var_os("UPDATE_VECTORS").is_some();
    let names = common::vector_names(&dir, ".json");
    assert!(!names.is_empty(), "no vectors in tests/vectors/{engine}");
    let mut failures = Vec::new();
    for name in &names {
        let text = fs::read_to_string(dir.join(format!("inputs/{name}.json"))).unwrap();
        let input = json::parse(&text, &Limits::default()).unwrap();
        let object = input.as_object().unwrap();
        let Some(Value::String(function)) = object.get("call") else {
            panic!("{engine}/{name}: call must be a string");
        };
        let Some(Value::Array(args)) = object.get("args") else {
            panic!("{engine}/{name}: args must be an array");
        };
        let counter = match object.get("tokenCounter") {
            Some(Value::String(c)) => Some(c.as_str()),
            _ => None,
        };
        let got = call(function, args, counter);
        let path = dir.join(format!("expected/{name}.json"));
        if update {
            fs::create_dir_all(dir.join("expected")).unwrap();
            fs::write(&path, &got).unwrap();
        }
        if fs::read_to_string(&path).ok().as_deref() != Some(got.as_str()) {
            failures.push(format!("{engine}/{name}"));
        }
    }
    failures
}

/// Every engine has shared vectors: a new engine's are replayed here unless it has a runner
/// of its own.
#[test]
fn every_engine_s_call_vectors_produce_the_expected_bytes() {
    let mut failures = Vec::new();
    let mut replayed = 0;
    for engine in ENGINES.iter().map(|e| e.feature).filter(|f| !f.is_empty()) {
        if OWN_RUNNERS.contains(&engine) {
            continue;
        }
        failures.extend(replay(engine));
        replayed += 1;
    }
    assert!(replayed > 0, "no engine's vectors replayed");
    assert!(
        failures.is_empty(),
        "{failures:#?} differ (UPDATE_VECTORS=1 to regenerate, then review the diff)"
    );
}
