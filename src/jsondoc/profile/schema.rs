//! The profile as a user writes it (see docs/PROFILE.md): each type declared once; its reader,
//! its TypeScript type and (with the `serde` feature) its serde impls come from the declaration.
//! Every field is optional; `compile` validates and fills in the defaults.

use crate::json::Value;
use crate::shape::{Input, Shape};
use crate::Result;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(
    input,
    output,
    rename_all = "camelCase",
    expecting = "a profile object"
)]
pub struct Profile {
    /// Intent used when the request names none and no rule matches (default `"default"`).
    pub default_intent: Option<String>,
    /// Alternative schema type names → the name used in `intents`.
    pub type_aliases: Option<BTreeMap<String, String>>,
    pub intents: Option<BTreeMap<String, IntentSpec>>,
    /// Ordered; the first matching rule decides the intent.
    pub rules: Option<Vec<RuleSpec>>,
    pub weights: Option<Weights>,
    pub trim: Option<TrimSpec>,
    pub budget: Option<BudgetSpec>,
    pub cap: Option<CapStrategy>,
    pub render: Option<RenderSpec>,
    /// Types whose documents are alternatives of one another (ideas generated side by side): one
    /// nothing was built on, beside a sibling that was, is an `alternative` (docs/PROFILE.md).
    pub alternatives: Option<Vec<String>>,
}

#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(
    input,
    output,
    rename_all = "camelCase",
    expecting = "an intent object"
)]
pub struct IntentSpec {
    pub description: Option<String>,
    /// Types this intent needs (scored +`weights.required`).
    pub required: Option<Vec<String>>,
    /// Types that help (scored +`weights.optional`).
    pub optional: Option<Vec<String>>,
    /// Types never sent for this intent.
    pub excluded: Option<Vec<String>>,
    /// Types listed nowhere: included (no type bonus) or filtered out. Default `"exclude"`.
    pub others: Option<Others>,
    /// Selection by the request's params: a document of the named types whose data matches
    /// them is required (whatever its type's list says) and scored `weights.params`; one that
    /// does not is left out, or keeps its type's role (`otherwise`). A matcher whose params the
    /// request does not carry is not applied.
    pub param_match: Option<Vec<ParamMatchSpec>>,
}

/// One matcher of `paramMatch`: `field` of the document's data against the request's params.
#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(
    input,
    output,
    rename_all = "camelCase",
    expecting = "a param match object {types, field, equals | between | range, otherwise?}"
)]
pub struct ParamMatchSpec {
    /// The document types it applies to, as `intents` names them (aliases are resolved).
    pub types: Vec<String>,
    /// A JSON pointer into the document's `data`, e.g. `/episodeNumber`.
    pub field: String,
    /// The param the field must equal (same type and value), e.g. `episode`.
    pub equals: Option<String>,
    /// Two params the field must lie between, inclusive, all three numbers, e.g.
    /// `["episodeStart", "episodeEnd"]`.
    pub between: Option<Vec<String>>,
    /// One param holding both bounds, inclusive, as the writing app sends a range
    /// (`{episodeRange: "7-12"}`; also `"7–12"`, `"第7-12集"`, `[7, 12]`, or one number).
    pub range: Option<String>,
    /// A document of these types that does not match: `"exclude"` (default) or `"keep"` (it
    /// keeps its type's role).
    pub otherwise: Option<Otherwise>,
}

/// What `paramMatch` does with a document that does not match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum Otherwise {
    #[default]
    Exclude,
    Keep,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum Others {
    Include,
    Exclude,
}

#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(input, output, rename_all = "camelCase", expecting = "a rule object")]
pub struct RuleSpec {
    /// A name for the manifest (default: `rule <index>`).
    pub id: Option<String>,
    pub intent: String,
    /// Any of these, as a case-insensitive substring of the request text.
    pub keywords: Option<Vec<String>>,
    /// A regular expression (Rust `regex-lite` syntax: linear time, ASCII-only `(?i)` and `\d`); named
    /// captures become params.
    pub pattern: Option<String>,
    /// Params set when the rule matches; captures override them.
    pub params: Option<BTreeMap<String, Value>>,
}

#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(input, output, rename_all = "camelCase")]
pub struct Weights {
    pub required: Option<f64>,
    pub optional: Option<f64>,
    pub leaf: Option<f64>,
    pub user_input: Option<f64>,
    pub recency: Option<f64>,
    /// Age at which the recency term is half its weight: `recency × H / (H + age)`.
    pub recency_half_life_ms: Option<f64>,
    /// Added for a document a `paramMatch` of the intent matched (default 5).
    pub params: Option<f64>,
    /// Added for a document something of another type was derived from (default 5).
    pub chosen: Option<f64>,
    /// Added for a document a newer one of its type was derived from (default -5).
    pub superseded: Option<f64>,
    /// Added for an alternative nobody built on (default -5).
    pub alternative: Option<f64>,
}

#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(input, output, rename_all = "camelCase")]
pub struct TrimSpec {
    /// Ranks below this are kept in full (default 4).
    pub full_ranks: Option<f64>,
    /// Ranks at or past this fraction of the ranked list are summarized (default 0.5).
    pub summarize_from: Option<f64>,
    pub truncate_at: Option<f64>,
    pub truncate_marker: Option<String>,
    pub summarize_at: Option<f64>,
    pub summarize_marker: Option<String>,
    /// Under cap `degrade`, a document that does not fit at its level first has its strings
    /// cut at the length that fills the room left (level `fitted`), before it is summarized
    /// (default `true`; `false` gives the three coarse levels alone).
    pub fill: Option<bool>,
}

#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(input, output, rename_all = "camelCase")]
pub struct BudgetSpec {
    /// UTF-16 code units for the whole rendered context (default 16,000 when no budget is
    /// given at all).
    pub max_chars: Option<f64>,
    /// Tokens for the whole rendered context, as the manifest's counter measures them (the
    /// estimator fitted against o200k, `estimate:o200k`). Given alone, it is the only limit.
    pub max_tokens: Option<f64>,
}

/// What to do when the next document (in rank order) does not fit the budget:
/// `"stop"` discards it and everything ranked below it (the reference behaviour);
/// `"skip"` discards it and goes on, so later, smaller documents may still fit;
/// `"degrade"` (default) first cuts it to fill the room left (level `fitted`, else `prefix`;
/// with `trim.fill: false`, truncated), then summarizes it, and discards it only if even the
/// summary does not fit, then goes on.
/// `skip` and `degrade` may read every selected document's body, so with thousands selected
/// they cost more than `stop`, which reads bodies only until the budget is spent; with
/// `maxChars` they render a document only until it surely cannot fit (docs/PROFILE.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum CapStrategy {
    /// Discard it and everything ranked below it (the reference behaviour).
    Stop,
    /// Discard it; later, smaller documents may still fit.
    Skip,
    /// Cut it to fill the room left, else summarize it; discard only if even a summary does
    /// not fit.
    #[default]
    Degrade,
}

/// The order the included documents are rendered in; ranking decides only *what* is included.
/// `"rank"` (default): best first. `"input"`: the order of `documents` — an app that appends new
/// rows keeps the context's prefix from one request to the next, which providers' prompt caches
/// reuse (docs/PROFILE.md, "Render order").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum RenderOrder {
    #[default]
    Rank,
    Input,
}

#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(input, output, rename_all = "camelCase")]
pub struct RenderSpec {
    /// Line before each document; `{id}`, `{schema_type}`, `{origin_type}`, `{rank}` are replaced.
    /// An empty header puts the JSON alone.
    pub header: Option<String>,
    /// Between documents (default a blank line).
    pub separator: Option<String>,
    /// JSON indentation as in `JSON.stringify(v, null, indent)`; 0 = compact (default).
    pub indent: Option<f64>,
    pub body: Option<BodyMode>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum BodyMode {
    /// The document's `data` value.
    #[default]
    Data,
    /// `{id, schema_type, origin_type, created_at, data, metadata}`, with `metadata.trimmed`.
    Document,
}

/// The defaults, from the reference design: +10 required, +5 leaf, +3 user input, top 4 in full,
/// 500-char truncation, 100-char summaries, 16,000-char cap.
pub(crate) mod defaults {
    pub(crate) const INTENT: &str = "default";
    pub(crate) const REQUIRED: f64 = 10.0;
    pub(crate) const OPTIONAL: f64 = 0.0;
    pub(crate) const LEAF: f64 = 5.0;
    pub(crate) const USER_INPUT: f64 = 3.0;
    /// A document the request's params name (the synopsis of the episode asked for) ranks above
    /// the other required ones.
    pub(crate) const PARAMS: f64 = 5.0;
    /// Lineage roles: the version the story was built on ranks above a leaf nobody used.
    pub(crate) const CHOSEN: f64 = 5.0;
    pub(crate) const SUPERSEDED: f64 = -5.0;
    pub(crate) const ALTERNATIVE: f64 = -5.0;
    pub(crate) const RECENCY: f64 = 1.0;
    /// One week: a document a week older than the newest gets half the recency weight.
    pub(crate) const RECENCY_HALF_LIFE_MS: f64 = 7.0 * 24.0 * 3600.0 * 1000.0;
    pub(crate) const FULL_RANKS: usize = 4;
    pub(crate) const SUMMARIZE_FROM: f64 = 0.5;
    pub(crate) const TRUNCATE_AT: usize = 500;
    pub(crate) const TRUNCATE_MARKER: &str = " [truncated]";
    pub(crate) const SUMMARIZE_AT: usize = 100;
    pub(crate) const SUMMARIZE_MARKER: &str = " [summarized]";
    pub(crate) const MAX_CHARS: usize = 16_000;
    pub(crate) const HEADER: &str = "## {schema_type} ({id})";
    pub(crate) const SEPARATOR: &str = "\n\n";
}

impl Profile {
    /// Parses a profile from JSON text; errors name the bad field with a JSON pointer.
    pub fn from_json(text: &str) -> Result<Self> {
        let value =
            crate::json::parse(text, &crate::Limits::default()).map_err(|e| e.into_error(""))?;
        Self::from_value(&value, "")
    }

    /// Reads a profile from a JSON value; error paths are under `path`. A number JSON cannot
    /// hold is read as it is and refused by `compile` as the field it stands in says (a budget
    /// as `INVALID_BUDGET`, a weight as `INVALID_PROFILE`), whichever form the profile came in.
    pub fn from_value(v: &Value, path: &str) -> Result<Self> {
        <Profile as Input>::read(v, path)
    }
}
