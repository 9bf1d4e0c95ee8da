//! The package's generated JavaScript-facing files, checked against the declarations:
//! `src/wasm/types.d.ts` (every type that crosses, for TypeScript users) and
//! `src/wasm/shapes.js` (the decoders that build result objects from columns).
//!
//! Both are generated from the `#[derive(Shape)]` declarations by `shape::generate`; this test
//! fails when a committed file differs, so a type change cannot ship unannounced and the
//! decoders cannot drift from the encoders. `UPDATE_SHAPES=1 cargo test declarations`
//! rewrites them; review the diff.

use crate::error::ErrorCode;
use crate::exports::{Engine, ENGINES};
use crate::jsondoc::*;
use crate::limits::Limits;
use crate::shape::{generate, Decl, Shape};

/// A declaration by the name it is known by.
type Named = (&'static str, fn() -> Decl);

/// The results the binding returns, by the names `decode(root, …)` knows them: those of the
/// tables' core bodies (`output_roots`), and these, which the binding answers itself.
const OUTPUT_ROOTS: [Named; 9] = [
    ("Assembly", Assembly::decl),
    ("CapResult", CapResult::decl),
    ("Prioritized", Prioritized::decl),
    ("ResolvedIntent", ResolvedIntent::decl),
    ("JsonLocation", crate::json::locate::JsonLocation::decl),
    ("PreloadResult", crate::files::PreloadResult::decl),
    ("GovernorDecision", crate::governor::GovernorDecision::decl),
    ("GovernorState", crate::governor::GovernorState::decl),
    ("GovernorReport", crate::governor::GovernorReport::decl),
];

/// Every result root: the tables' and [`OUTPUT_ROOTS`].
pub(crate) fn output_roots() -> Vec<Named> {
    let mut roots: Vec<Named> = ENGINES
        .iter()
        .flat_map(|e| e.exports)
        .filter_map(|e| Some((e.returns, e.decl?)))
        .collect();
    roots.extend(OUTPUT_ROOTS);
    roots
}

/// Inputs and other declared types the TypeScript user sees.
const TYPE_ROOTS: [fn() -> Decl; 16] = [
    ErrorCode::decl,
    Limits::decl,
    Profile::decl,
    AssembleOptions::decl,
    TrimLevel::decl,
    crate::manifest::ItemRecord::decl,
    Origin::decl,
    crate::tokens::Vocabulary::decl,
    crate::files::PreloadInput::decl,
    crate::files::check::PathsInput::decl,
    crate::sections::SectionsInput::decl,
    crate::code::ModuleRegistry::decl,
    crate::code::ModuleEntry::decl,
    crate::code::RegistryOptions::decl,
    crate::governor::GovernorConfig::decl,
    crate::governor::GovernorEvent::decl,
];

/// Shapes only the binding reads (documents stay in the JavaScript heap and are read lazily,
/// field by field); the core's readers of the same fields are in `jsondoc::document`.
const HOST_INPUTS: &str = r#"/** Any value `JSON.stringify` can write. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A jsondoc as the app stores it. Other fields (project_id, schema_version…) are ignored. */
export interface JsondocInput {
    id: string;
    schema_type: string;
    origin_type: Origin;
    /** ISO-8601 (no offset = UTC), epoch milliseconds, or a `Date` (read as its ISO text, as `JSON.stringify` writes it). */
    created_at: string | number | Date;
    /** A JSON value, or a string of JSON text (parsed when the document is rendered). */
    data: JsonValue;
    /** An object, or its JSON text (parsed when the document is rendered). */
    metadata?: { [key: string]: JsonValue } | string | null;
    /** Overrides the leaf status computed from `edges`. */
    is_leaf?: boolean | null;
    [other: string]: unknown;
}

/**
 * Free text for the profile's rules, or an explicit intent (which wins). `userRequest` is the
 * text under the name the writing app sends; given with `text`, the two must be equal.
 */
export type RequestInput = string | { intent?: string | null; params?: { [key: string]: JsonValue } | null; text?: string | null; userRequest?: string | null } | null;

/**
 * JSON text: a string, or its UTF-8 bytes as read from a file or a database column (a
 * `Uint8Array`; a Node `Buffer` is one), which skip transcoding the string into wasm memory.
 * A leading byte-order mark is skipped, as `TextDecoder` does; bytes that are not UTF-8 are
 * `INVALID_JSON`. Long `documents` text, string or bytes, is read a chunk at a time: bytes must
 * not change until the call returns (changed by a token counter, the result is not defined).
 */
export type JsonText = string | Uint8Array;

/** Documents as objects, or their JSON array as text (bodies then parsed lazily). */
export type DocumentsInput = JsondocInput[] | JsonText;

export interface AssembleInput extends AssembleOptions { documents: DocumentsInput; profile?: Profile | null }

export interface AssemblerInput extends AssembleOptions { documents: DocumentsInput }

export interface CapInput { documents: DocumentsInput; profile?: Profile | null; maxChars?: number | null; maxTokens?: number | null; cap?: CapStrategy | null }

export interface AssemblerCapInput { documents: DocumentsInput; maxChars?: number | null; maxTokens?: number | null; cap?: CapStrategy | null }

/** The last argument of every call (and of `new ContextAssembler`, for all its calls). */
export interface CallOptions {
    /** Each limit given replaces its default; see `Limits`. */
    limits?: Partial<Limits> | null;
    /**
     * Counts tokens for `maxTokens` budgets instead of the estimator — a model's own tokenizer
     * (e.g. `countTokens` of `ctxpack/tokenizer`). Called only where a token budget is given,
     * only for text that may be rendered, at most once per distinct piece per call; the
     * context's count is the sum of its pieces'. It must return a whole number ≥ 0; a throw or
     * anything else fails the call with `TOKEN_COUNTER_FAILED`. Taken by `assembleContext`,
     * `capContext` and the `ContextAssembler` constructor (for every call it serves).
     */
    tokenCounter?: ((text: string) => number) | null;
}
"#;

pub(crate) fn typescript() -> String {
    let mut roots: Vec<fn() -> Decl> = output_roots().iter().map(|(_, d)| *d).collect();
    roots.extend(TYPE_ROOTS);
    format!(
        "// Generated from the Rust declarations by src/declarations.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.\n\n{HOST_INPUTS}\n/** The stable code of a CtxpackError. */\nexport type CtxpackErrorCode = ErrorCode;\n\n{}",
        generate::typescript(&generate::reachable(&roots))
    )
}

/// The full declarations as top-level blocks (a doc comment and one `export`): name, text.
fn blocks(ts: &str) -> Vec<(String, String)> {
    ts.split("\n\n")
        .filter_map(|block| {
            let line = block.lines().find(|l| l.starts_with("export "))?;
            let name = line
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .filter(|w| !w.is_empty())
                .nth(2)?;
            Some((name.to_string(), format!("{}\n", block.trim_end())))
        })
        .collect()
}

/// The words of a TypeScript text that may name a type.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| !w.is_empty())
}

/// The engine's own names and those every entry has: its functions' argument and result types,
/// the types its classes name, and `CtxpackErrorCode`.
fn engine_roots(engine: &Engine) -> Vec<&'static str> {
    let mut roots = vec!["CtxpackErrorCode"];
    for e in [&crate::exports::shared::ENGINE, engine] {
        for export in e.exports {
            roots.extend(words(export.returns));
            for (_, ts, _) in export.params {
                roots.extend(words(ts));
            }
        }
        roots.extend(e.types);
    }
    roots
}

/// The declarations an engine's entry ships: those its roots reach, in the full file's order.
fn engine_typescript(engine: &Engine) -> String {
    let all = blocks(&typescript());
    let mut wanted: std::collections::BTreeSet<&str> = std::collections::BTreeSet::new();
    let mut todo = engine_roots(engine);
    while let Some(name) = todo.pop() {
        if let Some((name, text)) = all.iter().find(|(n, _)| n == name) {
            if wanted.insert(name) {
                todo.extend(words(text));
            }
        }
    }
    let mut out = format!(
        "// Generated from the Rust declarations by src/declarations.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.\n// The types of the entries built with feature `{}`.\n",
        engine.feature
    );
    for (name, text) in &all {
        if wanted.contains(name.as_str()) {
            out.push('\n');
            out.push_str(text);
        }
    }
    out
}

/// The decoders of an engine's entry: of the results its functions and classes return.
fn engine_javascript(engine: &Engine) -> String {
    let returned: Vec<&str> = engine
        .exports
        .iter()
        .filter(|e| e.shaped)
        .map(|e| e.returns)
        .chain(engine.types.iter().copied())
        .collect();
    let roots: Vec<Named> = output_roots()
        .into_iter()
        .filter(|(name, _)| returned.contains(name))
        .collect();
    let decls: Vec<fn() -> Decl> = roots.iter().map(|(_, d)| *d).collect();
    let names: Vec<&str> = roots.iter().map(|(n, _)| *n).collect();
    generate::javascript(&generate::reachable(&decls), &names)
}

/// The engines whose entries have a wasm of their own (all but the calls every entry has).
fn entry_engines() -> impl Iterator<Item = &'static Engine> {
    ENGINES.iter().filter(|e| !e.feature.is_empty())
}

/// `src/wasm/exports.mjs`: per engine (by feature), what its entries export, for the build,
/// the packaging test and the runtime matrix (a module, so that browser pages import it too).
fn exports_module() -> String {
    use crate::json::{Object, Value};
    let strings =
        |v: Vec<&str>| Value::Array(v.into_iter().map(|s| Value::String(s.into())).collect());
    let mut root = Object::default();
    for engine in entry_engines() {
        let mut o = Object::default();
        let functions = crate::exports::shared::ENGINE
            .exports
            .iter()
            .chain(engine.exports);
        o.set("functions", strings(functions.map(|e| e.name).collect()));
        o.set(
            "classes",
            strings(engine.classes.iter().map(|c| c.name).collect()),
        );
        let remade = engine.classes.iter().filter(|c| c.remade).map(|c| c.name);
        o.set("remade", strings(remade.collect()));
        let types = blocks(&engine_typescript(engine))
            .into_iter()
            .map(|(n, _)| n);
        o.set("types", Value::Array(types.map(Value::String).collect()));
        if let Some(budget) = engine.budget {
            o.set("budget", Value::Number(f64::from(budget)));
        }
        root.set(engine.feature, Value::Object(o));
    }
    format!(
        "// Generated from the export tables by src/declarations.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.\nexport const TABLES = {};\n",
        crate::json::stringify(&Value::Object(root), 2)
    )
}

/// The block of a glue module between its BEGIN CODES and END CODES lines.
const CODES_BEGIN: &str = "// BEGIN CODES\n";
const CODES_END: &str = "// END CODES\n";

/// Codes a glue module shares with the Rust half of the binding (`wasm_codes`), as JavaScript:
/// the tape's tags (glue.js), the document flags (jsondoc/documents.js).
fn codes_block(codes: &[(&str, u8)]) -> String {
    let mut out = String::from(
        "// Generated from src/wasm_codes.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.\n",
    );
    for (name, value) in codes {
        out.push_str(&format!("const {name} = {value};\n"));
    }
    out
}

/// `glue` with its codes block replaced by `block`; None without one.
fn with_codes(glue: &str, block: &str) -> Option<String> {
    let (head, rest) = glue.split_once(CODES_BEGIN)?;
    let (_, tail) = rest.split_once(CODES_END)?;
    Some(format!("{head}{CODES_BEGIN}{block}{CODES_END}{tail}"))
}

#[test]
fn committed_declarations_match_the_rust_types() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/wasm/");
    let mut stale = Vec::new();
    let mut files = vec![("exports.mjs".to_string(), exports_module())];
    for (file, codes) in [
        ("glue.js", crate::wasm_codes::TAPE_TAGS),
        ("jsondoc/documents.js", crate::wasm_codes::DOCUMENT_FLAGS),
    ] {
        let text = std::fs::read_to_string(format!("{dir}{file}")).unwrap_or_default();
        let text = with_codes(&text, &codes_block(codes))
            .unwrap_or_else(|| panic!("src/wasm/{file} has no BEGIN CODES / END CODES block"));
        files.push((file.to_string(), text));
    }
    for engine in entry_engines() {
        files.push((
            format!("types/{}.d.ts", engine.feature),
            engine_typescript(engine),
        ));
        if !engine.decoders.is_empty() {
            files.push((
                format!("shapes/{}.js", engine.feature),
                engine_javascript(engine),
            ));
        }
    }
    for (file, want) in files {
        if !generate::committed(&format!("{dir}{file}"), &want) {
            stale.push(file);
        }
    }
    assert!(
        stale.is_empty(),
        "{stale:?} out of date with the Rust declarations: run UPDATE_SHAPES=1 cargo test declarations and review the diff"
    );
}

#[test]
fn a_stale_codes_block_is_found() {
    let fresh = with_codes(
        "a\n// BEGIN CODES\nold\n// END CODES\nb\n",
        &codes_block(crate::wasm_codes::TAPE_TAGS),
    )
    .unwrap_or_default();
    assert!(fresh.contains("const T_LONG = 14;\n"), "{fresh}");
    assert!(!fresh.contains("old"), "{fresh}");
    // A tag renumbered in glue.js alone is what the comparison above catches.
    let drifted = fresh.replace("const T_NULL = 1;", "const T_NULL = 2;");
    assert_ne!(
        with_codes(&drifted, &codes_block(crate::wasm_codes::TAPE_TAGS)).as_deref(),
        Some(drifted.as_str())
    );
    assert_eq!(
        with_codes("no block", &codes_block(crate::wasm_codes::TAPE_TAGS)),
        None
    );
}

#[test]
fn each_entry_declares_only_its_own_types() {
    let by = |feature: &str| {
        let engine = entry_engines()
            .find(|e| e.feature == feature)
            .unwrap_or_else(|| panic!("{feature}"));
        blocks(&engine_typescript(engine))
            .into_iter()
            .map(|(n, _)| n)
            .collect::<Vec<_>>()
    };
    let governor = by("governor");
    for own in [
        "GovernorConfig",
        "GovernorStep",
        "CallOptions",
        "CtxpackErrorCode",
        "ErrorCode",
        "Limits",
        "Vocabulary",
    ] {
        assert!(governor.iter().any(|n| n == own), "governor lacks {own}");
    }
    for other in [
        "Assembly",
        "Profile",
        "PreloadResult",
        "RegistryResult",
        "JsondocInput",
    ] {
        assert!(
            !governor.iter().any(|n| n == other),
            "governor declares {other}"
        );
    }
    // Every declaration of the full file is one block, so none is lost by the split.
    let full = typescript();
    let exported = full.lines().filter(|l| l.starts_with("export ")).count();
    assert_eq!(blocks(&full).len(), exported);
}

/// An entry's budget is its table's (`scripts/entries.mjs` builds no entry without one); the
/// calls every entry has are no entry of their own.
#[test]
fn each_entry_table_has_a_budget() {
    for engine in ENGINES {
        assert_eq!(
            engine.budget.is_some(),
            !engine.feature.is_empty(),
            "{}",
            engine.feature
        );
    }
}

#[test]
fn each_table_imports_its_own_decoders() {
    for engine in ENGINES {
        let shaped = engine.exports.iter().any(|e| e.shaped);
        let want = if shaped {
            format!("/src/wasm/shapes/{}.js", engine.feature)
        } else {
            String::new()
        };
        assert_eq!(engine.decoders, want, "{}", engine.feature);
    }
}

#[test]
fn every_root_name_is_its_declared_name() {
    for (name, decl) in output_roots() {
        assert_eq!(name, decl().name);
    }
}
