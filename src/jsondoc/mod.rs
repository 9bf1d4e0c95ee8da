//! The jsondoc engine: infer the request's intent, select and rank a project's JSON documents,
//! trim the lower-ranked, cap the whole at a character budget, and report every decision.
//!
//! ```
//! use ctxpack::jsondoc::{AssembleOptions, ContextAssembler, JsonDocs, Request};
//! use ctxpack::Limits;
//!
//! let assembler = ContextAssembler::from_json(r#"{"budget": {"maxChars": 200}}"#)?;
//! let docs = JsonDocs::parse(r#"[
//!   {"id": "a", "schema_type": "note", "origin_type": "user_input",
//!    "created_at": "2026-03-02T10:15:00Z", "data": {"text": "hello"}}
//! ]"#.to_string(), &Limits::default())?;
//! let options = AssembleOptions { request: Request::Text("anything".into()), ..Default::default() };
//! let out = assembler.assemble(&docs, &options)?;
//! assert_eq!(out.context, "## note (a)\n{\"text\":\"hello\"}");
//! assert_eq!(out.manifest.documents.len(), 1);
//! # Ok::<(), ctxpack::Error>(())
//! ```

mod assemble;
mod cap;
mod chunked;
mod document;
mod intent;
mod lazy;
mod lineage;
mod numerals;
mod profile;
mod rank;
mod reason;
mod render;
mod timestamp;
mod trim;
mod wide;

pub use assemble::{
    profile_not_here, unknown_input_field, AssembleOptions, Assembly, CapReport, CapResult,
    ContextAssembler, DocRecord, FilteredRecord, Manifest, Prioritized, RankedRecord, Totals,
    INPUT_FIELDS,
};
pub use chunked::{
    char_safe_end, pair_safe_end, ChunkedDocs, TextSource, Utf16Text, Utf8Bytes, CHUNK_UNITS,
};
pub use document::{
    check_metadata, check_unique_ids, data_missing, data_not_json, data_value, documents_missing,
    leaves, metadata_not_an_object, metadata_value, not_a_document, not_documents, part_of,
    text_at, CreatedAt, DocMeta, DocSet, Edge, Jsondoc, MetaFields, Origin, OwnedDocs, TypeNames,
};
pub use intent::{infer_intent, IntentSource, Params, Request, ResolvedIntent};
pub use lazy::{JsonDocs, JsonInput};
pub use lineage::{lineage, Lineage};
pub use numerals::{normalize_numbers, parse_chinese};
pub use profile::{
    BodyMode, BudgetSpec, CapStrategy, CompiledProfile, IntentSpec, Others, Otherwise,
    ParamMatchSpec, Profile, RenderOrder, RenderSpec, RuleSpec, TrimSpec, Weights,
};
pub use rank::ScoreBreakdown;
pub use reason::ReasonCode;
pub use timestamp::parse_iso8601;
pub use trim::{
    cut_at_level, fitted_level, level_for_rank, mark_trimmed, trim_document, trim_value, TrimLevel,
};
pub use wide::{UnitSource, WideDocs};
