//! The TypeScript declarations of the package, generated from the Rust types with ts-rs and
//! kept in `src/wasm/types.d.ts`, which the wasm build embeds in the glue's `.d.ts`.
//!
//! This test fails when the Rust types and the committed declarations disagree, so a type
//! change cannot ship unannounced. `UPDATE_TYPES=1 cargo test ts_types` rewrites the file.

use crate::jsondoc::*;
use crate::manifest::{Action, ItemRecord};
use crate::{error::ErrorCode, jsondoc::ScoreBreakdown, limits::Limits};
use ts_rs::{Config, TS};

/// Shapes read by hand in `src/wasm/convert.rs` (the host's own objects), so no Rust type
/// mirrors them; they are declared here, beside the generated ones.
const INPUTS: &str = r#"/** Any value `JSON.stringify` can write. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A jsondoc as the app stores it. Other fields (project_id, schema_version…) are ignored. */
export interface JsondocInput {
    id: string;
    schema_type: string;
    origin_type: "user_input" | "ai_generated";
    /** ISO-8601 (no offset = UTC) or epoch milliseconds. */
    created_at: string | number;
    /** A JSON value, or a string of JSON text (parsed when the document is rendered). */
    data: JsonValue;
    metadata?: { [key: string]: JsonValue } | null;
    /** Overrides the leaf status computed from `edges`. */
    is_leaf?: boolean | null;
    [other: string]: unknown;
}

/** Free text for the profile's rules, or an explicit intent (which wins). */
export type RequestInput = string | { intent?: string | null; params?: { [key: string]: JsonValue } | null; text?: string | null } | null;

/** Per-request settings; each overrides the profile's. */
export interface RequestOptions {
    request?: RequestInput;
    /** Recency is measured against this (epoch ms or ISO-8601); default: the newest document. */
    now?: number | string | null;
    /** Lineage edges; a document nothing was derived from is a leaf. */
    edges?: Edge[] | null;
    /** Budget for the whole context in UTF-16 code units (what `str.length` counts). */
    maxChars?: number | null;
    cap?: CapStrategy | null;
}

/** Documents as objects, or their JSON array as text (bodies then parsed lazily). */
export type DocumentsInput = JsondocInput[] | string;

export interface AssembleInput extends RequestOptions { documents: DocumentsInput; profile?: Profile | null }
export interface AssemblerInput extends RequestOptions { documents: DocumentsInput }
export interface CapInput { documents: DocumentsInput; profile?: Profile | null; maxChars?: number | null; cap?: CapStrategy | null }
export interface AssemblerCapInput { documents: DocumentsInput; maxChars?: number | null; cap?: CapStrategy | null }

/** The last argument of every call (and of `new ContextAssembler`, for all its calls). */
export interface CallOptions {
    /** Each limit given replaces its default; see `Limits`. */
    limits?: Partial<Limits> | null;
}
"#;

fn decl<T: TS>(cfg: &Config) -> String {
    format!("export {}", T::decl(cfg))
}

pub fn declarations() -> String {
    let cfg = Config::new().with_large_int("number");
    let parts = [
        decl::<ErrorCode>(&cfg),
        decl::<Limits>(&cfg),
        decl::<Action>(&cfg),
        decl::<ItemRecord>(&cfg),
        decl::<Profile>(&cfg),
        decl::<IntentSpec>(&cfg),
        decl::<Others>(&cfg),
        decl::<RuleSpec>(&cfg),
        decl::<Weights>(&cfg),
        decl::<TrimSpec>(&cfg),
        decl::<BudgetSpec>(&cfg),
        decl::<CapStrategy>(&cfg),
        decl::<RenderSpec>(&cfg),
        decl::<BodyMode>(&cfg),
        decl::<Edge>(&cfg),
        decl::<TrimLevel>(&cfg),
        decl::<IntentSource>(&cfg),
        decl::<ResolvedIntent>(&cfg),
        decl::<ScoreBreakdown>(&cfg),
        decl::<DocRecord>(&cfg),
        decl::<Totals>(&cfg),
        decl::<CapReport>(&cfg),
        decl::<Manifest>(&cfg),
        decl::<Assembly>(&cfg),
        decl::<Prioritized>(&cfg),
        decl::<RankedRecord>(&cfg),
        decl::<FilteredRecord>(&cfg),
        decl::<CapResult>(&cfg),
    ];
    format!(
        "// Generated from the Rust types by src/ts_types.rs (UPDATE_TYPES=1 cargo test ts_types). Do not edit.\n\n{INPUTS}\n/** The stable code of a CtxpackError. */\nexport type CtxpackErrorCode = ErrorCode;\n\n{}\n",
        parts.join("\n\n")
    )
}

#[test]
fn committed_declarations_match_the_rust_types() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/wasm/types.d.ts");
    let want = declarations();
    if std::env::var_os("UPDATE_TYPES").is_some() {
        std::fs::write(path, &want).unwrap();
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(have == want, "src/wasm/types.d.ts is out of date with the Rust types: run UPDATE_TYPES=1 cargo test ts_types and review the diff");
}
