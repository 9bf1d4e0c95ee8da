//! Profiles: what each intent needs, and how to score, trim, cap and render.
//!
//! [`Profile`] is the JSON a user writes (see docs/PROFILE.md); [`CompiledProfile`] is the
//! validated form with regular expressions built once, shared by every request.

use super::intent::CompiledRule;
use crate::budget::budget_from_f64;
use crate::error::pointer_push;
use crate::json::read::{self, Fields};
use crate::json::Value;
use crate::{Error, ErrorCode, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
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
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
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
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Others {
    Include,
    Exclude,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
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
    #[cfg_attr(test, ts(type = "Record<string, JsonValue>", optional))]
    pub params: Option<BTreeMap<String, crate::json::Value>>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Weights {
    pub required: Option<f64>,
    pub optional: Option<f64>,
    pub leaf: Option<f64>,
    pub user_input: Option<f64>,
    pub recency: Option<f64>,
    /// Age at which the recency term is half its weight: `recency × H / (H + age)`.
    pub recency_half_life_ms: Option<f64>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TrimSpec {
    /// Ranks below this are kept in full (default 4).
    pub full_ranks: Option<f64>,
    /// Ranks at or past this fraction of the ranked list are summarized (default 0.5).
    pub summarize_from: Option<f64>,
    pub truncate_at: Option<f64>,
    pub truncate_marker: Option<String>,
    pub summarize_at: Option<f64>,
    pub summarize_marker: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BudgetSpec {
    /// UTF-16 code units for the whole rendered context (default 16,000).
    pub max_chars: Option<f64>,
}

/// What to do when the next document (in rank order) does not fit the budget:
/// `"stop"` discards it and everything ranked below it (the reference behaviour);
/// `"skip"` discards it and goes on, so later, smaller documents may still fit;
/// `"degrade"` (default) first tries its next trim levels (truncated, then summarized) and
/// discards it only if even the summary does not fit, then goes on.
/// `skip` and `degrade` may render every selected document, so with thousands selected they
/// cost more than `stop`, which renders only until the budget is spent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CapStrategy {
    /// Discard it and everything ranked below it (the reference behaviour).
    Stop,
    /// Discard it; later, smaller documents may still fit.
    Skip,
    /// Try its next trim levels first; discard only if even a summary does not fit.
    #[default]
    Degrade,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum BodyMode {
    /// The document's `data` value.
    #[default]
    Data,
    /// `{id, schema_type, origin_type, created_at, data, metadata}`, with `metadata.trimmed`.
    Document,
}

/// The defaults, from the reference design: +10 required, +5 leaf, +3 user input, top 4 in full,
/// 500-char truncation, 100-char summaries, 16,000-char cap.
pub mod defaults {
    pub const INTENT: &str = "default";
    pub const REQUIRED: f64 = 10.0;
    pub const OPTIONAL: f64 = 0.0;
    pub const LEAF: f64 = 5.0;
    pub const USER_INPUT: f64 = 3.0;
    pub const RECENCY: f64 = 1.0;
    /// One week: a document a week older than the newest gets half the recency weight.
    pub const RECENCY_HALF_LIFE_MS: f64 = 7.0 * 24.0 * 3600.0 * 1000.0;
    pub const FULL_RANKS: usize = 4;
    pub const SUMMARIZE_FROM: f64 = 0.5;
    pub const TRUNCATE_AT: usize = 500;
    pub const TRUNCATE_MARKER: &str = " [truncated]";
    pub const SUMMARIZE_AT: usize = 100;
    pub const SUMMARIZE_MARKER: &str = " [summarized]";
    pub const MAX_CHARS: usize = 16_000;
    pub const HEADER: &str = "## {schema_type} ({id})";
    pub const SEPARATOR: &str = "\n\n";
}

#[derive(Debug, Clone, PartialEq)]
pub struct CompiledIntent {
    pub name: String,
    pub required: Vec<String>,
    pub optional: Vec<String>,
    pub excluded: Vec<String>,
    pub others: Others,
}

/// How a document type relates to an intent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeRole {
    Required,
    Optional,
    Other,
    Excluded,
    Unlisted,
}

impl CompiledIntent {
    pub fn role(&self, canonical_type: &str) -> TypeRole {
        let has = |list: &[String]| list.iter().any(|t| t == canonical_type);
        if has(&self.excluded) {
            TypeRole::Excluded
        } else if has(&self.required) {
            TypeRole::Required
        } else if has(&self.optional) {
            TypeRole::Optional
        } else if self.others == Others::Include {
            TypeRole::Other
        } else {
            TypeRole::Unlisted
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CompiledWeights {
    pub required: f64,
    pub optional: f64,
    pub leaf: f64,
    pub user_input: f64,
    pub recency: f64,
    pub recency_half_life_ms: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CompiledTrim {
    pub full_ranks: usize,
    pub summarize_from: f64,
    pub truncate_at: usize,
    pub truncate_marker: String,
    pub summarize_at: usize,
    pub summarize_marker: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CompiledRender {
    pub header: String,
    pub separator: String,
    pub indent: usize,
    pub body: BodyMode,
}

/// A validated profile, ready to serve many requests.
#[derive(Debug, Clone)]
pub struct CompiledProfile {
    pub default_intent: String,
    pub type_aliases: BTreeMap<String, String>,
    pub intents: BTreeMap<String, CompiledIntent>,
    pub rules: Vec<CompiledRule>,
    pub weights: CompiledWeights,
    pub trim: CompiledTrim,
    pub max_chars: usize,
    pub cap: CapStrategy,
    pub render: CompiledRender,
}

fn invalid(path: &str, message: impl Into<String>) -> Error {
    Error::new(ErrorCode::InvalidProfile, path, message)
}

fn finite(value: Option<f64>, default: f64, path: &str) -> Result<f64> {
    match value {
        None => Ok(default),
        Some(n) if n.is_finite() => Ok(n),
        Some(_) => Err(invalid(path, "must be a finite number")),
    }
}

fn count(value: Option<f64>, default: usize, path: &str) -> Result<usize> {
    match value {
        None => Ok(default),
        Some(n) => budget_from_f64(n, path)
            .map_err(|_| invalid(path, "must be a whole number from 0 to 2147483647")),
    }
}

impl Profile {
    /// Parses a profile from JSON text; errors name the bad field with a JSON pointer.
    pub fn from_json(text: &str) -> Result<Self> {
        let value = crate::json::parse(text).map_err(|e| e.into_error(""))?;
        Self::from_value(&value, "")
    }

    /// Reads a profile from a parsed JSON value; error paths are under `path`.
    pub fn from_value(v: &Value, path: &str) -> Result<Self> {
        refuse_non_finite(v, path)?;
        let f = Fields::new(v, path, "a profile object", &PROFILE_FIELDS)?;
        Ok(Profile {
            default_intent: f.string("defaultIntent")?,
            type_aliases: f.string_map("typeAliases")?,
            intents: f.nested("intents", |v, at| read::map(v, at, read_intent))?,
            rules: f.nested("rules", |v, at| read::array(v, at, read_rule))?,
            weights: f.nested("weights", read_weights)?,
            trim: f.nested("trim", read_trim)?,
            budget: f.nested("budget", |v, at| {
                let b = Fields::new(v, at, "an object", &["maxChars"])?;
                Ok(BudgetSpec {
                    max_chars: b.number("maxChars")?,
                })
            })?,
            cap: f.variant("cap", &CapStrategy::VARIANTS)?,
            render: f.nested("render", read_render)?,
        })
    }

    /// Validates the profile and builds its regular expressions.
    pub fn compile(&self) -> Result<CompiledProfile> {
        let default_intent = self
            .default_intent
            .clone()
            .unwrap_or_else(|| defaults::INTENT.to_string());
        let mut intents = BTreeMap::new();
        match &self.intents {
            None => {
                intents.insert(
                    defaults::INTENT.to_string(),
                    CompiledIntent {
                        name: defaults::INTENT.to_string(),
                        required: vec![],
                        optional: vec![],
                        excluded: vec![],
                        others: Others::Include,
                    },
                );
            }
            Some(specs) => {
                for (name, spec) in specs {
                    intents.insert(name.clone(), compile_intent(name, spec)?);
                }
            }
        }
        if !intents.contains_key(&default_intent) {
            let path = if self.default_intent.is_some() {
                "/defaultIntent"
            } else {
                "/intents"
            };
            return Err(Error::new(
                ErrorCode::UnknownIntent,
                path,
                format!(
                    "default intent {} is not defined in intents (defined: {})",
                    crate::json::quote(&default_intent),
                    names(&intents)
                ),
            ));
        }
        let type_aliases = self.type_aliases.clone().unwrap_or_default();
        let mut rules = Vec::new();
        for (i, spec) in self.rules.iter().flatten().enumerate() {
            let path = format!("/rules/{i}");
            if !intents.contains_key(&spec.intent) {
                return Err(Error::new(
                    ErrorCode::UnknownIntent,
                    format!("{path}/intent"),
                    format!(
                        "rule names intent {}, which is not defined in intents (defined: {})",
                        crate::json::quote(&spec.intent),
                        names(&intents)
                    ),
                ));
            }
            rules.push(CompiledRule::compile(i, spec, &path)?);
        }
        let w = self.weights.clone().unwrap_or_default();
        let weights = CompiledWeights {
            required: finite(w.required, defaults::REQUIRED, "/weights/required")?,
            optional: finite(w.optional, defaults::OPTIONAL, "/weights/optional")?,
            leaf: finite(w.leaf, defaults::LEAF, "/weights/leaf")?,
            user_input: finite(w.user_input, defaults::USER_INPUT, "/weights/userInput")?,
            recency: finite(w.recency, defaults::RECENCY, "/weights/recency")?,
            recency_half_life_ms: finite(
                w.recency_half_life_ms,
                defaults::RECENCY_HALF_LIFE_MS,
                "/weights/recencyHalfLifeMs",
            )?,
        };
        if weights.recency_half_life_ms <= 0.0 {
            return Err(invalid(
                "/weights/recencyHalfLifeMs",
                "must be greater than 0",
            ));
        }
        let t = self.trim.clone().unwrap_or_default();
        let trim = CompiledTrim {
            full_ranks: count(t.full_ranks, defaults::FULL_RANKS, "/trim/fullRanks")?,
            summarize_from: finite(
                t.summarize_from,
                defaults::SUMMARIZE_FROM,
                "/trim/summarizeFrom",
            )?,
            truncate_at: count(t.truncate_at, defaults::TRUNCATE_AT, "/trim/truncateAt")?,
            truncate_marker: t
                .truncate_marker
                .unwrap_or_else(|| defaults::TRUNCATE_MARKER.to_string()),
            summarize_at: count(t.summarize_at, defaults::SUMMARIZE_AT, "/trim/summarizeAt")?,
            summarize_marker: t
                .summarize_marker
                .unwrap_or_else(|| defaults::SUMMARIZE_MARKER.to_string()),
        };
        if !(0.0..=1.0).contains(&trim.summarize_from) {
            return Err(invalid("/trim/summarizeFrom", "must be between 0 and 1"));
        }
        let max_chars = match self.budget.as_ref().and_then(|b| b.max_chars) {
            None => defaults::MAX_CHARS,
            Some(n) => budget_from_f64(n, "/budget/maxChars")?,
        };
        let r = self.render.clone().unwrap_or_default();
        let indent = count(r.indent, 0, "/render/indent")?;
        if indent > 10 {
            return Err(invalid(
                "/render/indent",
                "must be from 0 to 10, as JSON.stringify allows",
            ));
        }
        let render = CompiledRender {
            header: r.header.unwrap_or_else(|| defaults::HEADER.to_string()),
            separator: r
                .separator
                .unwrap_or_else(|| defaults::SEPARATOR.to_string()),
            indent,
            body: r.body.unwrap_or_default(),
        };
        Ok(CompiledProfile {
            default_intent,
            type_aliases,
            intents,
            rules,
            weights,
            trim,
            max_chars,
            cap: self.cap.unwrap_or_default(),
            render,
        })
    }
}

fn compile_intent(name: &str, spec: &IntentSpec) -> Result<CompiledIntent> {
    let base = pointer_push("/intents", name);
    let list = |l: &Option<Vec<String>>| l.clone().unwrap_or_default();
    let intent = CompiledIntent {
        name: name.to_string(),
        required: list(&spec.required),
        optional: list(&spec.optional),
        excluded: list(&spec.excluded),
        others: spec.others.unwrap_or(Others::Exclude),
    };
    // A type in two lists would make its role depend on list precedence; say so instead.
    let lists = [
        ("required", &intent.required),
        ("optional", &intent.optional),
        ("excluded", &intent.excluded),
    ];
    for (li, (lname, l)) in lists.iter().enumerate() {
        for (i, t) in l.iter().enumerate() {
            for (other, ol) in lists.iter().skip(li.saturating_add(1)) {
                if ol.contains(t) {
                    return Err(invalid(
                        &format!("{base}/{lname}/{i}"),
                        format!(
                            "type {} is listed in both {lname} and {other}",
                            crate::json::quote(t)
                        ),
                    ));
                }
            }
        }
    }
    Ok(intent)
}

fn names(intents: &BTreeMap<String, CompiledIntent>) -> String {
    intents
        .keys()
        .map(|k| crate::json::quote(k))
        .collect::<Vec<_>>()
        .join(", ")
}

impl CompiledProfile {
    pub fn canonical_type<'a>(&'a self, schema_type: &'a str) -> &'a str {
        self.type_aliases
            .get(schema_type)
            .map_or(schema_type, String::as_str)
    }

    pub fn intent(&self, name: &str) -> Option<&CompiledIntent> {
        self.intents.get(name)
    }

    /// The defined intents, quoted, for error messages.
    pub fn intent_names(&self) -> String {
        names(&self.intents)
    }
}

/// Text reads a number past the double range as ±Infinity, as `JSON.parse` reads `1e400`; a
/// profile refuses it where it stands, with the codes a host object's `Infinity` gets from
/// glue.js's `strictJson` (so every form of a profile reads the same).
fn refuse_non_finite(v: &Value, path: &str) -> Result<()> {
    match v {
        Value::Number(n) if !n.is_finite() => {
            let code = if path.ends_with("/maxChars") {
                ErrorCode::InvalidBudget
            } else {
                ErrorCode::InvalidProfile
            };
            Err(Error::new(
                code,
                path,
                format!("{} is not a JSON number", crate::budget::js_string(*n)),
            ))
        }
        Value::Array(items) => items
            .iter()
            .enumerate()
            .try_for_each(|(i, x)| refuse_non_finite(x, &format!("{path}/{i}"))),
        Value::Object(o) => o
            .iter()
            .try_for_each(|(k, x)| refuse_non_finite(x, &pointer_push(path, k))),
        _ => Ok(()),
    }
}

const PROFILE_FIELDS: [&str; 9] = [
    "defaultIntent",
    "typeAliases",
    "intents",
    "rules",
    "weights",
    "trim",
    "budget",
    "cap",
    "render",
];

impl CapStrategy {
    pub const VARIANTS: [(&'static str, CapStrategy); 3] = [
        ("stop", CapStrategy::Stop),
        ("skip", CapStrategy::Skip),
        ("degrade", CapStrategy::Degrade),
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CapStrategy::Stop => "stop",
            CapStrategy::Skip => "skip",
            CapStrategy::Degrade => "degrade",
        }
    }
}

fn read_intent(v: &Value, path: &str) -> Result<IntentSpec> {
    let f = Fields::new(
        v,
        path,
        "an intent object",
        &["description", "required", "optional", "excluded", "others"],
    )?;
    Ok(IntentSpec {
        description: f.string("description")?,
        required: f.strings("required")?,
        optional: f.strings("optional")?,
        excluded: f.strings("excluded")?,
        others: f.variant(
            "others",
            &[("include", Others::Include), ("exclude", Others::Exclude)],
        )?,
    })
}

fn read_rule(v: &Value, path: &str) -> Result<RuleSpec> {
    let f = Fields::new(
        v,
        path,
        "a rule object",
        &["id", "intent", "keywords", "pattern", "params"],
    )?;
    Ok(RuleSpec {
        id: f.string("id")?,
        intent: f.required_string("intent")?,
        keywords: f.strings("keywords")?,
        pattern: f.string("pattern")?,
        params: f.value_map("params")?,
    })
}

fn read_weights(v: &Value, path: &str) -> Result<Weights> {
    let f = Fields::new(
        v,
        path,
        "an object",
        &[
            "required",
            "optional",
            "leaf",
            "userInput",
            "recency",
            "recencyHalfLifeMs",
        ],
    )?;
    Ok(Weights {
        required: f.number("required")?,
        optional: f.number("optional")?,
        leaf: f.number("leaf")?,
        user_input: f.number("userInput")?,
        recency: f.number("recency")?,
        recency_half_life_ms: f.number("recencyHalfLifeMs")?,
    })
}

fn read_trim(v: &Value, path: &str) -> Result<TrimSpec> {
    let f = Fields::new(
        v,
        path,
        "an object",
        &[
            "fullRanks",
            "summarizeFrom",
            "truncateAt",
            "truncateMarker",
            "summarizeAt",
            "summarizeMarker",
        ],
    )?;
    Ok(TrimSpec {
        full_ranks: f.number("fullRanks")?,
        summarize_from: f.number("summarizeFrom")?,
        truncate_at: f.number("truncateAt")?,
        truncate_marker: f.string("truncateMarker")?,
        summarize_at: f.number("summarizeAt")?,
        summarize_marker: f.string("summarizeMarker")?,
    })
}

fn read_render(v: &Value, path: &str) -> Result<RenderSpec> {
    let f = Fields::new(
        v,
        path,
        "an object",
        &["header", "separator", "indent", "body"],
    )?;
    Ok(RenderSpec {
        header: f.string("header")?,
        separator: f.string("separator")?,
        indent: f.number("indent")?,
        body: f.variant(
            "body",
            &[("data", BodyMode::Data), ("document", BodyMode::Document)],
        )?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(json: &str) -> Error {
        Profile::from_json(json)
            .and_then(|p| p.compile().map(drop))
            .unwrap_err()
    }

    #[test]
    fn empty_profile_compiles_to_the_reference_defaults() {
        let p = Profile::from_json("{}").unwrap().compile().unwrap();
        assert_eq!(p.default_intent, "default");
        assert_eq!(p.max_chars, 16_000);
        assert_eq!(p.trim.full_ranks, 4);
        assert_eq!(p.weights.required, 10.0);
        assert_eq!(p.cap, CapStrategy::Degrade);
        assert_eq!(p.intent("default").map(|i| i.others), Some(Others::Include));
    }

    #[test]
    fn errors_point_at_the_bad_field() {
        let e = err(r#"{"intents": {"a": {"required": [1]}}, "defaultIntent": "a"}"#);
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidInput, "/intents/a/required/0")
        );
        let e = err(r#"{"weight": {}}"#);
        assert_eq!(e.code, ErrorCode::InvalidInput);
        assert_eq!(e.path, "/weight");
        assert!(
            e.message.contains("unknown field `weight`"),
            "{}",
            e.message
        );
        let e = err(r#"{"budget": {"maxChars": -5}}"#);
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidBudget, "/budget/maxChars")
        );
        let e = err(r#"{"budget": {"maxChars": null}, "cap": "drop"}"#);
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::InvalidInput, "/cap"));
        let e = err(r#"{"intents": {"a": {}}}"#);
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::UnknownIntent, "/intents")
        );
        let e = err(
            r#"{"defaultIntent": "a", "intents": {"a": {}}, "rules": [{"intent": "b", "keywords": ["x"]}]}"#,
        );
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::UnknownIntent, "/rules/0/intent")
        );
        let e = err(
            r#"{"defaultIntent": "a", "intents": {"a": {}}, "rules": [{"intent": "a", "pattern": "(unclosed"}]}"#,
        );
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidPattern, "/rules/0/pattern")
        );
        let e = err(
            r#"{"defaultIntent": "a/b", "intents": {"a/b": {"required": ["x"], "excluded": ["x"]}}}"#,
        );
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidProfile, "/intents/a~1b/required/0")
        );
        let e = err(r#"{"render": {"indent": 11}}"#);
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidProfile, "/render/indent")
        );
        let e = err(r#"{"trim": {"summarizeFrom": 2}}"#);
        assert_eq!(e.path, "/trim/summarizeFrom");
        let e = err(r#"{"rules": [{"intent": "default"}]}"#);
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidProfile, "/rules/0")
        );
    }

    #[test]
    fn malformed_json_is_invalid_json() {
        assert_eq!(err("{").code, ErrorCode::InvalidJson);
        assert_eq!(err("{} x").code, ErrorCode::InvalidJson);
    }
}
