//! The package's generated JavaScript-facing files, checked against the declarations:
//! `src/wasm/types.d.ts` (every type that crosses, for TypeScript users) and
//! `src/wasm/shapes.js` (the decoders that build result objects from columns).
//!
//! Both are generated from the `#[derive(Shape)]` declarations by `shape::generate`; this test
//! fails when a committed file differs, so a type change cannot ship unannounced and the
//! decoders cannot drift from the encoders. `UPDATE_SHAPES=1 cargo test declarations`
//! rewrites them; review the diff.

use crate::error::ErrorCode;
use crate::jsondoc::*;
use crate::limits::Limits;
use crate::shape::{generate, Decl, Shape};

/// A declaration by the name it is known by.
type Named = (&'static str, fn() -> Decl);

/// The results the binding returns, by the names `decode(root, …)` knows them.
pub(crate) const OUTPUT_ROOTS: [Named; 16] = [
    ("Assembly", Assembly::decl),
    ("CapResult", CapResult::decl),
    ("Prioritized", Prioritized::decl),
    ("ResolvedIntent", ResolvedIntent::decl),
    ("JsonLocation", crate::json::locate::JsonLocation::decl),
    ("PreloadResult", crate::files::PreloadResult::decl),
    ("PathChecks", crate::files::check::PathChecks::decl),
    ("SectionsResult", crate::sections::SectionsResult::decl),
    ("ExtractedClasses", crate::code::ExtractedClasses::decl),
    ("RegistryResult", crate::code::RegistryResult::decl),
    ("TrackedOutputs", crate::code::TrackedOutputs::decl),
    ("ModifiedFiles", crate::code::ModifiedFiles::decl),
    ("GovernorDecision", crate::governor::GovernorDecision::decl),
    ("GovernorState", crate::governor::GovernorState::decl),
    ("GovernorStep", crate::governor::GovernorStep::decl),
    ("GovernorReport", crate::governor::GovernorReport::decl),
];

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
    let mut roots: Vec<fn() -> Decl> = OUTPUT_ROOTS.iter().map(|(_, d)| *d).collect();
    roots.extend(TYPE_ROOTS);
    format!(
        "// Generated from the Rust declarations by src/declarations.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.\n\n{HOST_INPUTS}\n/** The stable code of a CtxpackError. */\nexport type CtxpackErrorCode = ErrorCode;\n\n{}",
        generate::typescript(&generate::reachable(&roots))
    )
}

pub(crate) fn javascript() -> String {
    let roots: Vec<fn() -> Decl> = OUTPUT_ROOTS.iter().map(|(_, d)| *d).collect();
    let names: Vec<&str> = OUTPUT_ROOTS.iter().map(|(n, _)| *n).collect();
    generate::javascript(&generate::reachable(&roots), &names)
}

/// The block of glue.js between its BEGIN CODES and END CODES lines.
const CODES_BEGIN: &str = "// BEGIN CODES\n";
const CODES_END: &str = "// END CODES\n";

/// The codes glue.js shares with the Rust half of the binding (`wasm_codes`), as JavaScript.
fn codes_block() -> String {
    let mut out = String::from(
        "// Generated from src/wasm_codes.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.\n",
    );
    for (name, value) in crate::wasm_codes::DOCUMENT_FLAGS
        .iter()
        .chain(crate::wasm_codes::TAPE_TAGS)
    {
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
    let glue = std::fs::read_to_string(format!("{dir}glue.js")).unwrap_or_default();
    let glue = with_codes(&glue, &codes_block())
        .expect("src/wasm/glue.js has no BEGIN CODES / END CODES block");
    let mut stale = Vec::new();
    for (file, want) in [
        ("types.d.ts", typescript()),
        ("shapes.js", javascript()),
        ("glue.js", glue),
    ] {
        let path = format!("{dir}{file}");
        if std::env::var_os("UPDATE_SHAPES").is_some() {
            std::fs::write(&path, &want).unwrap_or_else(|e| panic!("{path}: {e}"));
        }
        if std::fs::read_to_string(&path).unwrap_or_default() != want {
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
    let fresh =
        with_codes("a\n// BEGIN CODES\nold\n// END CODES\nb\n", &codes_block()).unwrap_or_default();
    assert!(fresh.contains("const T_LONG = 14;\n"), "{fresh}");
    assert!(!fresh.contains("old"), "{fresh}");
    // A tag renumbered in glue.js alone is what the comparison above catches.
    let drifted = fresh.replace("const T_NULL = 1;", "const T_NULL = 2;");
    assert_ne!(
        with_codes(&drifted, &codes_block()).as_deref(),
        Some(drifted.as_str())
    );
    assert_eq!(with_codes("no block", &codes_block()), None);
}

#[test]
fn every_root_name_is_its_declared_name() {
    for (name, decl) in OUTPUT_ROOTS {
        assert_eq!(name, decl().name);
    }
}
