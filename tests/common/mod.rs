//! Shared by the native and the browser vector runners.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)] // tests may fail loudly
#![allow(dead_code)]

use ctxpack::__private::json::parse_body;
use ctxpack::json::{self, ObjectBuilder, Value};

/// A vector file's `{documents, request, profile, options}` as one assemble input object
/// `{documents, request, profile, ...options}` in JSON text.
pub fn assemble_input(vector: &str) -> String {
    // Read as bodies are: an escaped unpaired surrogate in a string stays one when written again.
    let v = parse_body(vector, &ctxpack::Limits::default()).expect("vector is JSON");
    let o = v.as_object().expect("vector is an object");
    let mut input = ObjectBuilder::new();
    for key in ["documents", "request", "profile"] {
        if let Some(x) = o.get(key) {
            input.insert(key.to_string(), x.clone());
        }
    }
    if let Some(Value::Object(options)) = o.get("options") {
        for (k, x) in options.iter() {
            input.insert(k.to_string(), x.clone());
        }
    }
    json::stringify(&Value::Object(input.finish()), 0)
}

/// A manifest as `JSON.stringify(manifest, null, 2)` would write it in the host.
pub fn manifest_text<T: ctxpack::shape::Output>(manifest: &T) -> String {
    json::stringify(&ctxpack::shape::to_value(manifest), 2)
}

/// The vectors in `dir/inputs`: the names of its files ending in `suffix`, sorted.
#[cfg(not(target_arch = "wasm32"))]
pub fn vector_names(dir: &std::path::Path, suffix: &str) -> Vec<String> {
    let inputs = dir.join("inputs");
    let mut names: Vec<String> = std::fs::read_dir(&inputs)
        .unwrap_or_else(|e| panic!("{}: {e}", inputs.display()))
        .filter_map(|e| {
            e.ok()?
                .file_name()
                .to_str()?
                .strip_suffix(suffix)
                .map(str::to_string)
        })
        .collect();
    names.sort();
    names
}
