//! A profile validated, its defaults filled in and its rules built once: the form every
//! request is served from.

use super::schema::{
    defaults, BodyMode, CapStrategy, IntentSpec, Others, Otherwise, ParamMatchSpec, Profile,
};
use crate::budget::{budget_from_f64, Budget};
use crate::error::pointer_push;
use crate::json::Value;
use crate::jsondoc::intent::CompiledRule;
use crate::{Error, ErrorCode, Result};
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq)]
pub struct CompiledIntent {
    pub name: String,
    pub required: Vec<String>,
    pub optional: Vec<String>,
    pub excluded: Vec<String>,
    pub others: Others,
    pub param_match: Vec<CompiledParamMatch>,
}

/// A `paramMatch` entry, checked: its field as pointer tokens, one test.
#[derive(Debug, Clone, PartialEq)]
pub struct CompiledParamMatch {
    pub types: Vec<String>,
    /// `field` as written, for reasons.
    pub field: String,
    pub tokens: Vec<String>,
    pub test: MatchTest,
    pub otherwise: Otherwise,
}

#[derive(Debug, Clone, PartialEq)]
pub enum MatchTest {
    Equals(String),
    Between(String, String),
    /// One param holding both bounds: `"7-12"`, `"第7-12集"`, `[7, 12]`, or one number.
    Range(String),
}

impl CompiledParamMatch {
    /// Whether the request carries the params this matcher needs.
    pub fn active(&self, params: &crate::jsondoc::Params) -> bool {
        match &self.test {
            MatchTest::Equals(p) => params.contains_key(p),
            MatchTest::Between(a, b) => params.contains_key(a) && params.contains_key(b),
            MatchTest::Range(p) => params.contains_key(p),
        }
    }

    /// Whether `field` — what `self.field` points at in a document's data, if anything —
    /// matches, under `params` (for an active matcher).
    pub fn matches(&self, field: Option<&Value>, params: &crate::jsondoc::Params) -> bool {
        let Some(v) = field else {
            return false;
        };
        match &self.test {
            MatchTest::Equals(p) => {
                params
                    .get(p)
                    .is_some_and(|want| match (numeric(want), numeric(v)) {
                        (Some(a), Some(b)) => a == b,
                        _ => want == v,
                    })
            }
            MatchTest::Between(a, b) => match (
                numeric(v),
                params.get(a).and_then(numeric),
                params.get(b).and_then(numeric),
            ) {
                (Some(x), Some(lo), Some(hi)) => lo <= x && x <= hi,
                _ => false,
            },
            MatchTest::Range(p) => match (numeric(v), params.get(p).and_then(range_bounds)) {
                (Some(x), Some((lo, hi))) => lo <= x && x <= hi,
                _ => false,
            },
        }
    }
}

/// The bounds a range param gives, inclusive: a number or a string spelling one is that number
/// alone; `[lo, hi]` of two such; or text with two numbers and a range sign between them
/// (`"7-12"`, `"7–12"`, `"7 to 12"`, `"第7集到第12集"`), its numbers read as request texts are
/// (`"第七到十二集"`, `"７-１２"`). Anything else (`"7, 12"`, `"7-9-12"`) is no range.
pub(super) fn range_bounds(v: &Value) -> Option<(f64, f64)> {
    if let Some(n) = numeric(v) {
        return Some((n, n));
    }
    match v {
        Value::Array(items) => match items.as_slice() {
            [a, b] => Some((numeric(a)?, numeric(b)?)),
            _ => None,
        },
        Value::String(s) => range_text(&crate::jsondoc::normalize_numbers(s)),
        _ => None,
    }
}

/// Reads normalised text as one number, or two with a range sign between them.
fn range_text(s: &str) -> Option<(f64, f64)> {
    let mut numbers: Vec<f64> = Vec::new();
    let mut number = String::new();
    let mut sign = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        // A point is a decimal point only between digits (`7..12` is 7 to 12).
        let point =
            c == '.' && !number.is_empty() && chars.peek().is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit() || point {
            number.push(c);
            continue;
        }
        if !number.is_empty() {
            numbers.push(decimal(&number)?);
            number.clear();
        }
        // Between the numbers: the sign, without spaces or episode words (`集`, `第`).
        if numbers.len() == 1
            && !(c.is_ascii_whitespace()
                || matches!(c, '集' | '话' | '話' | '章' | '回' | '期' | '第'))
        {
            sign.push(c.to_ascii_lowercase());
        }
    }
    if !number.is_empty() {
        numbers.push(decimal(&number)?);
    }
    match numbers.as_slice() {
        [n] => Some((*n, *n)),
        [lo, hi]
            if matches!(
                sign.as_str(),
                "-" | "–" | "—" | "~" | "～" | "到" | "至" | ".." | "to" | "through"
            ) =>
        {
            Some((*lo, *hi))
        }
        _ => None,
    }
}

/// A number, or a string that spells one in plain decimal (`"3"`, `"-2"`, `"7.5"`; not `"+3"`,
/// `" 3"`, `"1e3"` or `"0x3"`), as a number: episode numbers come as text from a route or a form
/// field, and in data a model wrote, as often as they come as numbers.
fn numeric(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => Some(*n),
        Value::String(s) => decimal(s),
        _ => None,
    }
}

/// `s` as a number if it spells one in plain decimal (see [`numeric`]).
fn decimal(s: &str) -> Option<f64> {
    let unsigned = s.strip_prefix('-').unwrap_or(s);
    let (whole, fraction) = match unsigned.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (unsigned, None),
    };
    let digits = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
    if digits(whole) && fraction.map_or(true, digits) {
        // Past f64's range a spelled number is no number: every one would be infinity.
        s.parse().ok().filter(|n: &f64| n.is_finite())
    } else {
        None
    }
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
    pub params: f64,
    pub chosen: f64,
    pub superseded: f64,
    pub alternative: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CompiledTrim {
    pub full_ranks: usize,
    pub summarize_from: f64,
    pub truncate_at: usize,
    pub truncate_marker: String,
    pub summarize_at: usize,
    pub summarize_marker: String,
    pub fill: bool,
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
    /// The limits the profile gives (`budget`); a request's own replace them unit by unit,
    /// and 16,000 chars applies when neither gives any.
    pub budget: Budget,
    pub cap: CapStrategy,
    pub render: CompiledRender,
    /// Canonical names of the `alternatives` types.
    pub alternatives: Vec<String>,
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
    /// Validates the profile and builds its regular expressions.
    #[doc(hidden)]
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
                        param_match: vec![],
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
        // Named as the intents name types; an alias listed here means its canonical type.
        let alternatives = self
            .alternatives
            .iter()
            .flatten()
            .map(|t| type_aliases.get(t).unwrap_or(t).clone())
            .collect();
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
            params: finite(w.params, defaults::PARAMS, "/weights/params")?,
            chosen: finite(w.chosen, defaults::CHOSEN, "/weights/chosen")?,
            superseded: finite(w.superseded, defaults::SUPERSEDED, "/weights/superseded")?,
            alternative: finite(w.alternative, defaults::ALTERNATIVE, "/weights/alternative")?,
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
            fill: t.fill.unwrap_or(true),
        };
        if !(0.0..=1.0).contains(&trim.summarize_from) {
            return Err(invalid("/trim/summarizeFrom", "must be between 0 and 1"));
        }
        let given = |n: Option<f64>, path| n.map(|n| budget_from_f64(n, path)).transpose();
        let spec = self.budget.clone().unwrap_or_default();
        let budget = Budget {
            max_chars: given(spec.max_chars, "/budget/maxChars")?,
            max_tokens: given(spec.max_tokens, "/budget/maxTokens")?,
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
            budget,
            cap: self.cap.unwrap_or_default(),
            render,
            alternatives,
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
        param_match: spec
            .param_match
            .iter()
            .flatten()
            .enumerate()
            .map(|(i, m)| compile_param_match(m, &format!("{base}/paramMatch/{i}")))
            .collect::<Result<_>>()?,
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

fn compile_param_match(m: &ParamMatchSpec, path: &str) -> Result<CompiledParamMatch> {
    let test = match (&m.equals, &m.between, &m.range) {
        (Some(p), None, None) => MatchTest::Equals(p.clone()),
        (None, None, Some(p)) => MatchTest::Range(p.clone()),
        (None, Some(pair), None) => match pair.as_slice() {
            [a, b] => MatchTest::Between(a.clone(), b.clone()),
            _ => {
                return Err(invalid(
                    &format!("{path}/between"),
                    "between names two params, the lower bound and the upper",
                ))
            }
        },
        _ => {
            return Err(invalid(
                path,
                "a param match has exactly one of `equals`, `between` and `range`",
            ))
        }
    };
    let tokens = match m.field.as_str() {
        "" => Vec::new(),
        f => match f.strip_prefix('/') {
            Some(rest) => rest
                .split('/')
                .map(|t| t.replace("~1", "/").replace("~0", "~"))
                .collect(),
            None => {
                return Err(invalid(
                    &format!("{path}/field"),
                    "field is a JSON pointer into the data: empty or starting with `/`",
                ))
            }
        },
    };
    Ok(CompiledParamMatch {
        types: m.types.clone(),
        field: m.field.clone(),
        tokens,
        test,
        otherwise: m.otherwise.unwrap_or_default(),
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jsondoc::Params;

    fn matcher(test: MatchTest) -> CompiledParamMatch {
        CompiledParamMatch {
            types: vec!["synopsis".into()],
            field: "/episodeNumber".into(),
            tokens: vec!["episodeNumber".into()],
            test,
            otherwise: Otherwise::Exclude,
        }
    }

    fn params(pairs: &[(&str, Value)]) -> Params {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_string(), v.clone()))
            .collect()
    }

    fn s(text: &str) -> Value {
        Value::String(text.into())
    }

    #[test]
    fn numbers_spelled_as_text_match_the_numbers() {
        for text in ["3", "03", "3.0", "-0"] {
            assert_eq!(numeric(&s(text)), Some(text.parse().unwrap()), "{text}");
        }
        let huge = "9".repeat(400);
        for text in [
            "", "-", "+3", " 3", "3 ", "1e3", "0x3", "3.", ".5", "NaN", "inf", "三", &huge,
        ] {
            assert_eq!(numeric(&s(text)), None, "{text:?}");
        }
        let eq = matcher(MatchTest::Equals("episode".into()));
        for (want, field, expected) in [
            (Value::Number(3.0), Value::Number(3.0), true),
            (s("3"), Value::Number(3.0), true),
            (Value::Number(3.0), s("3"), true),
            (s("3"), s("03"), true),
            (s("3"), Value::Number(4.0), false),
            (s("three"), s("three"), true),
            (s("three"), s("Three"), false),
            (Value::Bool(true), Value::Bool(true), true),
            (Value::Null, s("null"), false),
            (s("3"), Value::Array(vec![Value::Number(3.0)]), false),
        ] {
            let p = params(&[("episode", want.clone())]);
            assert_eq!(eq.matches(Some(&field), &p), expected, "{want:?} {field:?}");
        }
        let between = matcher(MatchTest::Between("from".into(), "to".into()));
        let p = params(&[("from", s("7")), ("to", Value::Number(12.0))]);
        for (field, expected) in [
            (Value::Number(7.0), true),
            (s("12"), true),
            (s("9.5"), true),
            (s("13"), false),
            (s("6"), false),
            (s("ten"), false),
            (Value::Null, false),
        ] {
            assert_eq!(between.matches(Some(&field), &p), expected, "{field:?}");
        }
        assert!(!between.matches(None, &p));
        let words = params(&[("from", s("seven")), ("to", s("12"))]);
        assert!(!between.matches(Some(&Value::Number(9.0)), &words));
    }
}
