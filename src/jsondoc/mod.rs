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

pub(crate) mod assemble;
pub(crate) mod calls;
pub(crate) mod cap;
pub(crate) mod chunked;
pub(crate) mod document;
pub(crate) mod intent;
pub(crate) mod lazy;
pub(crate) mod lineage;
pub(crate) mod numerals;
pub(crate) mod profile;
pub(crate) mod rank;
pub(crate) mod reason;
pub(crate) mod render;
pub(crate) mod timestamp;
pub(crate) mod trim;
pub(crate) mod wide;

pub use assemble::{
    AssembleOptions, Assembly, CapReport, CapResult, ContextAssembler, DocRecord, FilteredRecord,
    Manifest, Prioritized, RankedRecord, Totals,
};
pub use document::{CreatedAt, DocSet, Edge, Origin, OwnedDocs};
pub use intent::{infer_intent, IntentSource, Params, Request, ResolvedIntent};
pub use lazy::{JsonDocs, JsonInput};
pub use lineage::Lineage;
pub use profile::{
    BodyMode, BudgetSpec, CapStrategy, IntentSpec, Others, Otherwise, ParamMatchSpec, Profile,
    RenderOrder, RenderSpec, RuleSpec, TrimSpec, Weights,
};
pub use rank::ScoreBreakdown;
pub use reason::ReasonCode;
pub use trim::TrimLevel;

pub(crate) use numerals::normalize_numbers;
