//! The layering DESIGN.md states, checked on the sources: the binding (`src/wasm`) decides
//! nothing — no error is worded or coded there — and the core knows no JavaScript — nothing
//! outside `src/wasm` reaches the binding or its crates. Every Rust file under `src/` is read,
//! however deep; each rule is a function of the files, and each is shown to fail on a file
//! that breaks it.

// Compiled for `cargo test` alone, where a failure is a panic (as clippy.toml allows in tests).
#![allow(
    clippy::panic,
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::path::{Path, PathBuf};

/// A source file: its path from the crate's root (`src/wasm/jsondoc/documents.rs`) and text.
type Source = (String, String);

/// Every `.rs` file under `dir`, in every subfolder, by path from `root`, sorted.
fn rust_files(root: &Path, dir: &Path) -> Vec<Source> {
    let mut found = Vec::new();
    let mut pending: Vec<PathBuf> = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let name = path.strip_prefix(root).unwrap_or(&path);
                found.push((name.to_string_lossy().replace('\\', "/"), text));
            }
        }
    }
    found.sort();
    found
}

/// The bindings: JavaScript's (`src/wasm`) and Python's (`src/python`, feature `python`).
fn in_binding(path: &str) -> bool {
    path.starts_with("src/wasm/") || path.starts_with("src/python/")
}

/// Where `needle` occurs in `line` as a whole name: not the tail of a longer one
/// (`JsCtxpackError::new(` is not `Error::new(`), nor the head of one (`crate::wasm_codes` is
/// not `crate::wasm`).
fn names(line: &str, needle: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let open_ended = needle.chars().next_back().is_some_and(ident);
    line.match_indices(needle).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + needle.len()..].chars().next();
        !(before.is_some_and(ident) || (open_ended && after.is_some_and(ident)))
    })
}

/// `path:line: text` for each line of `files` for which `breaks` holds.
fn lines_where(files: &[Source], breaks: impl Fn(&str, &str) -> bool) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        for (i, line) in text.lines().enumerate() {
            if breaks(path, line) {
                found.push(format!("{path}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    found
}

/// DESIGN: "the binding layer holds no logic" — every error comes from the core, so the same bad
/// input fails the same way from JavaScript objects, from JSON text and from Rust.
fn errors_worded_in_the_binding(files: &[Source]) -> Vec<String> {
    lines_where(files, |path, line| {
        in_binding(path) && (names(line, "Error::new(") || names(line, "ErrorCode::"))
    })
}

/// The core knows no JavaScript and no Python: only the bindings name themselves,
/// wasm-bindgen, js-sys or PyO3, so the core builds, tests and fuzzes natively (STYLE: pure
/// core, thin edge).
fn core_reaching_the_binding(files: &[Source]) -> Vec<String> {
    const BINDING: [&str; 9] = [
        "crate::wasm",
        "super::wasm",
        "wasm_bindgen",
        "js_sys",
        "web_sys",
        "JsValue",
        "crate::python",
        "pyo3",
        "PyObject",
    ];
    // This file names them to find them.
    let rules = "src/architecture.rs";
    lines_where(files, |path, line| {
        !in_binding(path) && path != rules && BINDING.iter().any(|b| names(line, b))
    })
}

/// glue.js ships in every entry: what it exports serves every engine. A function one engine
/// alone imports — from its own binding (`src/wasm/<engine>.rs`, `src/wasm/<engine>/`) or behind
/// its feature — belongs in that engine's own module (`src/wasm/jsondoc/documents.js`), unless
/// the shared binding imports it too.
fn engine_glue_in_glue_js(files: &[Source]) -> Vec<String> {
    const GLUE: &str = "module = \"/src/wasm/glue.js\"";
    let of_one_engine = |path: &str| {
        crate::ENGINES.iter().any(|e| {
            !e.feature.is_empty()
                && (path == format!("src/wasm/{}.rs", e.feature)
                    || path.starts_with(&format!("src/wasm/{}/", e.feature)))
        })
    };
    // (path, line, name, whether one engine alone imports it there)
    let mut imports = Vec::new();
    for (path, text) in files.iter().filter(|(p, _)| p.starts_with("src/wasm/")) {
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if !line.contains(GLUE) {
                continue;
            }
            let gated = i > 0 && lines[i - 1].trim_start().starts_with("#[cfg(feature");
            let block = lines[i + 1..].iter().take_while(|l| l.trim() != "}");
            for (k, l) in block.enumerate() {
                if let Some(rest) = l.split("js_name = ").nth(1) {
                    let name: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
                    imports.push((path, i + k + 2, name, gated || of_one_engine(path)));
                }
            }
        }
    }
    let shared = |name: &str| imports.iter().any(|(_, _, n, one)| n == name && !one);
    imports
        .iter()
        .filter(|(_, _, name, one)| *one && !shared(name))
        .map(|(path, line, name, _)| format!("{path}:{line}: {name}"))
        .collect()
}

fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    rust_files(root, &root.join("src"))
}

#[test]
fn the_walk_reaches_every_subfolder() {
    let files = sources();
    let has = |p: &str| files.iter().any(|(path, _)| path == p);
    assert!(has("src/lib.rs"));
    assert!(has("src/wasm/jsondoc/documents.rs"));
    assert!(has("src/files/secrets/table.rs"));
    assert!(has("src/jsondoc/profile/compile.rs"));
}

/// The rule `rule` holds on the crate's sources; else the lines that break it, under `what`.
fn holds(rule: fn(&[Source]) -> Vec<String>, what: &str) {
    let found = rule(&sources());
    assert!(found.is_empty(), "{what}:\n{}", found.join("\n"));
}

#[test]
fn the_binding_words_no_error() {
    holds(errors_worded_in_the_binding, "src/wasm decides errors");
}

#[test]
fn the_core_does_not_reach_the_binding() {
    holds(core_reaching_the_binding, "the core reaches the binding");
}

#[test]
fn glue_js_serves_every_engine() {
    holds(engine_glue_in_glue_js, "one engine's function in glue.js");
}

#[test]
fn one_engine_s_function_in_glue_js_is_found() {
    let host = "#[wasm_bindgen(module = \"/src/wasm/glue.js\")]\nextern \"C\" {\n    #[wasm_bindgen(catch, js_name = hostValue)]\n    fn host_value(v: &JsValue);\n}\n";
    let gated = "#[cfg(feature = \"files\")]\n#[wasm_bindgen(module = \"/src/wasm/glue.js\")]\nextern \"C\" {\n    #[wasm_bindgen(catch, js_name = hostValue)]\n    fn host_value_apart(v: &JsValue, apart: bool);\n    #[wasm_bindgen(js_name = dataAt)]\n    fn data_at(v: &JsValue);\n}\n";
    let own = "#[wasm_bindgen(module = \"/src/wasm/glue.js\")]\nextern \"C\" {\n    #[wasm_bindgen(js_name = fillBlock)]\n    fn fill_block(v: &JsValue);\n}\n";
    // Its own module is where such a function goes.
    let documents = "#[wasm_bindgen(module = \"/src/wasm/jsondoc/documents.js\")]\nextern \"C\" {\n    #[wasm_bindgen(js_name = copyUnits)]\n    fn copy_units(v: &JsValue);\n}\n";
    let files = [
        file("src/wasm/host.rs", &format!("{host}{gated}")),
        file("src/wasm/files.rs", own),
        file("src/wasm/jsondoc/documents.rs", documents),
    ];
    assert_eq!(
        engine_glue_in_glue_js(&files),
        [
            "src/wasm/host.rs:11: dataAt",
            "src/wasm/files.rs:3: fillBlock"
        ]
    );
}

fn file(path: &str, text: &str) -> Source {
    (path.to_string(), text.to_string())
}

#[test]
fn an_error_worded_in_a_nested_binding_file_is_found() {
    // Written to disk, so the walk is tested with the rule: a check that only read `src/wasm`'s
    // own folder missed this file.
    let root = std::env::temp_dir().join(format!("ctxpack-architecture-{}", std::process::id()));
    let nested = root.join("src/wasm/jsondoc");
    std::fs::create_dir_all(&nested).unwrap();
    std::fs::write(
        nested.join("documents.rs"),
        "fn f() -> Error {\n    crate::Error::new(ErrorCode::InvalidInput, \"\", \"no\")\n}\n",
    )
    .unwrap();
    let found = errors_worded_in_the_binding(&rust_files(&root, &root.join("src")));
    std::fs::remove_dir_all(&root).unwrap();
    assert_eq!(
        found,
        ["src/wasm/jsondoc/documents.rs:2: crate::Error::new(ErrorCode::InvalidInput, \"\", \"no\")"]
    );

    let binding = [
        file(
            "src/wasm/host.rs",
            "    return Err(Error::new(code, path, m));",
        ),
        file("src/wasm/a.rs", "let c = ErrorCode::TooLarge;"),
        // The JavaScript error class the core's errors become is not a worded error.
        file(
            "src/wasm/error.rs",
            "JsCtxpackError::new(&e.message, e.code.as_str())",
        ),
        // The core words its errors.
        file(
            "src/json/read.rs",
            "Error::new(ErrorCode::InvalidInput, path, m)",
        ),
    ];
    assert_eq!(
        errors_worded_in_the_binding(&binding),
        [
            "src/wasm/host.rs:1: return Err(Error::new(code, path, m));",
            "src/wasm/a.rs:1: let c = ErrorCode::TooLarge;",
        ]
    );
}

#[test]
fn the_core_reaching_the_binding_is_found() {
    let files = [
        file("src/jsondoc/cap/mod.rs", "use crate::wasm::host;"),
        file("src/text.rs", "fn f(v: &JsValue) {}"),
        file("src/files/path.rs", "use wasm_bindgen::prelude::*;"),
        file("src/json/read.rs", "let a = js_sys::Array::new();"),
        file("src/wasm/host.rs", "use js_sys::Array;"),
        file("src/lib.rs", "pub mod wasm;"),
        file("src/json/value.rs", "use pyo3::prelude::*;"),
        file("src/python/convert.rs", "use pyo3::types::PyDict;"),
        // The codes both sides share are declared outside the binding, for it.
        file(
            "src/declarations.rs",
            "for c in crate::wasm_codes::TAPE_TAGS {}",
        ),
    ];
    assert_eq!(
        core_reaching_the_binding(&files),
        [
            "src/jsondoc/cap/mod.rs:1: use crate::wasm::host;",
            "src/text.rs:1: fn f(v: &JsValue) {}",
            "src/files/path.rs:1: use wasm_bindgen::prelude::*;",
            "src/json/read.rs:1: let a = js_sys::Array::new();",
            "src/json/value.rs:1: use pyo3::prelude::*;",
        ]
    );
}
