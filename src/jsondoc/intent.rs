//! Intent: what a request is for.
//!
//! A caller that knows (a button that says "generate synopses 7–12") passes `{intent, params}`
//! and that wins. Otherwise the profile's rules read the raw text, in order; the first match
//! decides and its named captures become params. Rules run inside the core so the browser's
//! debug view and the server infer the same intent from the same text.

use super::numerals::normalize_numbers;
use super::profile::{CompiledProfile, RuleSpec};
use crate::json::Value;
use crate::shape::Shape;
use crate::{Error, ErrorCode, Result};
use regex_lite::{Regex, RegexBuilder};
use std::collections::BTreeMap;

/// Params of a request: captured by a rule or given by the caller. Keys sorted, for determinism.
pub type Params = BTreeMap<String, Value>;

/// The request as the caller gives it.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Request {
    /// No request: the profile's default intent.
    #[default]
    None,
    /// Raw text for the rules to read.
    Text(String),
    /// An explicit intent (wins over any text, which is kept for the record).
    Intent {
        intent: String,
        params: Params,
        text: Option<String>,
    },
}

/// How the intent was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(output, rename_all = "snake_case")]
pub enum IntentSource {
    /// The caller named it.
    Given,
    /// A profile rule matched the text.
    Rule,
    /// Nothing decided; the profile's default intent.
    Default,
}

/// The decided intent, as the manifest records it.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct ResolvedIntent {
    pub intent: String,
    pub params: Params,
    pub source: IntentSource,
    /// The id of the rule that decided (its index if it has no id); `null` unless `source` is `rule`.
    pub rule: Option<String>,
    pub rule_index: Option<usize>,
    /// The request text, if any.
    pub text: Option<String>,
}

/// A rule with its pattern built once.
#[derive(Debug, Clone)]
pub struct CompiledRule {
    pub id: String,
    pub index: usize,
    pub intent: String,
    keywords: Vec<String>,
    pattern: Option<Regex>,
    params: Params,
}

/// Caps what one pattern may cost to build; a hostile profile gets `INVALID_PATTERN`, not an
/// out-of-memory trap.
const PATTERN_SIZE_LIMIT: usize = 1 << 20;

impl CompiledRule {
    pub fn compile(index: usize, spec: &RuleSpec, path: &str) -> Result<Self> {
        let keywords: Vec<String> = spec
            .keywords
            .iter()
            .flatten()
            // ASCII letters only, as `(?i)` in patterns: Unicode case tables would be 7% of
            // the wasm, and the app's other scripts (CJK) have no case.
            .map(|k| k.to_ascii_lowercase())
            .collect();
        if let Some(i) = keywords.iter().position(String::is_empty) {
            return Err(Error::new(
                ErrorCode::InvalidProfile,
                format!("{path}/keywords/{i}"),
                "a keyword must not be empty (it would match every request)",
            ));
        }
        let pattern = match &spec.pattern {
            None => None,
            Some(p) => Some(
                RegexBuilder::new(p)
                    .size_limit(PATTERN_SIZE_LIMIT)
                    .build()
                    .map_err(|e| {
                        Error::new(
                            ErrorCode::InvalidPattern,
                            format!("{path}/pattern"),
                            e.to_string(),
                        )
                    })?,
            ),
        };
        if keywords.is_empty() && pattern.is_none() {
            return Err(Error::new(
                ErrorCode::InvalidProfile,
                path,
                "a rule needs keywords or a pattern",
            ));
        }
        Ok(CompiledRule {
            id: spec.id.clone().unwrap_or_else(|| format!("rule {index}")),
            index,
            intent: spec.intent.clone(),
            keywords,
            pattern,
            params: spec.params.clone().unwrap_or_default(),
        })
    }

    /// The params if this rule matches `text` (`lowered` is `text.to_ascii_lowercase()`).
    fn matches(&self, text: &str, lowered: &str) -> Option<Params> {
        if !self.keywords.is_empty() && !self.keywords.iter().any(|k| lowered.contains(k.as_str()))
        {
            return None;
        }
        let mut params = self.params.clone();
        if let Some(re) = &self.pattern {
            // A regex keeps the match cache it allocates at its first searches, and grows it
            // as a search needs. Kept by the profile, it would be allocated during a call, just
            // after that call's input text, and stay there, so the next text of that size could
            // not take the place this one frees (in wasm, linear memory grows by a text and
            // never shrinks). A clone shares the compiled program with a cache of its own,
            // which goes when the search is done.
            let re = re.clone();
            let caps = re.captures(text)?;
            for name in re.capture_names().flatten() {
                if let Some(m) = caps.name(name) {
                    params.insert(name.to_string(), capture_value(m.as_str()));
                }
            }
        }
        Some(params)
    }
}

/// A capture that spells a number of 1–15 digits is that number (exact in an f64): ASCII digits,
/// or digits and Chinese numerals as [`normalize_numbers`] reads them (`七`, `１２`); anything
/// else stays text.
fn capture_value(s: &str) -> Value {
    let normal = normalize_numbers(s);
    let s = normal.as_ref();
    if !s.is_empty() && s.len() <= 15 && s.bytes().all(|b| b.is_ascii_digit()) {
        if let Ok(n) = s.parse::<u64>() {
            // At most 15 digits: below 2^53, so exact.
            #[allow(clippy::cast_precision_loss)]
            return Value::Number(n as f64);
        }
    }
    Value::from(s)
}

/// Decides the intent of `request` under `profile`.
pub fn infer_intent(profile: &CompiledProfile, request: &Request) -> Result<ResolvedIntent> {
    match request {
        Request::Intent {
            intent,
            params,
            text,
        } => {
            if profile.intent(intent).is_none() {
                return Err(Error::new(
                    ErrorCode::UnknownIntent,
                    "/intent",
                    format!(
                        "intent {} is not defined by the profile (defined: {})",
                        crate::json::quote(intent),
                        profile.intent_names()
                    ),
                ));
            }
            Ok(ResolvedIntent {
                intent: intent.clone(),
                params: params.clone(),
                source: IntentSource::Given,
                rule: None,
                rule_index: None,
                text: text.clone(),
            })
        }
        Request::Text(text) => {
            // Rules read the text with its numbers normalised (`第三集` as `第3集`), and as
            // written when that does not match: a rule that names `一` or `三` in its own words
            // (`统一`) still matches them.
            let normal = normalize_numbers(text);
            let changed = matches!(normal, std::borrow::Cow::Owned(_));
            let lowered = text.to_ascii_lowercase();
            // Most requests have no number to normalise: their text is lowered once.
            let normal_lowered = changed.then(|| normal.to_ascii_lowercase());
            let normal_lowered = normal_lowered.as_deref().unwrap_or(&lowered);
            for rule in &profile.rules {
                let params = rule
                    .matches(&normal, normal_lowered)
                    .or_else(|| changed.then(|| rule.matches(text, &lowered)).flatten());
                if let Some(params) = params {
                    return Ok(ResolvedIntent {
                        intent: rule.intent.clone(),
                        params,
                        source: IntentSource::Rule,
                        rule: Some(rule.id.clone()),
                        rule_index: Some(rule.index),
                        text: Some(text.clone()),
                    });
                }
            }
            Ok(default_intent(profile, Some(text.clone())))
        }
        Request::None => Ok(default_intent(profile, None)),
    }
}

fn default_intent(profile: &CompiledProfile, text: Option<String>) -> ResolvedIntent {
    ResolvedIntent {
        intent: profile.default_intent.clone(),
        params: Params::new(),
        source: IntentSource::Default,
        rule: None,
        rule_index: None,
        text,
    }
}

impl crate::shape::Ty for Request {
    /// A request crosses as a JSON value (text, null or an object); the field that holds one
    /// names its TypeScript type.
    fn ty() -> crate::shape::TyRef {
        crate::shape::TyRef::Json
    }
}

impl Request {
    /// Reads a request from its JSON form: a string, `null`, or `{intent?, params?, text?}`
    /// (`userRequest` is another name for `text`).
    /// Paths in errors are relative to the request value.
    pub fn from_json_value(v: &Value) -> Result<Self> {
        use Value as J;
        match v {
            J::Null => Ok(Request::None),
            J::String(s) => Ok(Request::Text(s.clone())),
            J::Object(o) => {
                for (key, _) in o.iter() {
                    if !matches!(key, "intent" | "params" | "text" | "userRequest") {
                        return Err(Error::new(
                            ErrorCode::InvalidInput,
                            crate::error::pointer_push("", key),
                            format!("unknown field `{key}`, expected `intent`, `params`, `text` or `userRequest`"),
                        ));
                    }
                }
                let text_field = |name: &str| match o.get(name) {
                    None | Some(J::Null) => Ok(None),
                    Some(J::String(s)) => Ok(Some(s.clone())),
                    Some(_) => Err(Error::new(
                        ErrorCode::InvalidInput,
                        crate::error::pointer_push("", name),
                        format!("{name} must be a string"),
                    )),
                };
                // `userRequest` is the name the writing app's front end sends (seed 004); `text`
                // the older one. Both may be given only when they agree: which one to believe
                // is not ours to guess.
                let text = match (text_field("text")?, text_field("userRequest")?) {
                    (Some(a), Some(b)) if a != b => {
                        return Err(Error::new(
                            ErrorCode::InvalidInput,
                            "/userRequest",
                            "the request's text is given twice, as `text` and as `userRequest`, and they differ: give one",
                        ))
                    }
                    (a, b) => a.or(b),
                };
                let params = match o.get("params") {
                    None | Some(J::Null) => Params::new(),
                    Some(J::Object(p)) => {
                        let params = J::Object(p.clone());
                        crate::json::read::refuse_non_finite(&params, "/params")?;
                        crate::json::read::map(&params, "/params", |v, _| Ok(v.clone()))?
                    }
                    Some(_) => {
                        return Err(Error::new(
                            ErrorCode::InvalidInput,
                            "/params",
                            "params must be an object",
                        ))
                    }
                };
                match o.get("intent") {
                    Some(J::String(intent)) => Ok(Request::Intent {
                        intent: intent.clone(),
                        params,
                        text,
                    }),
                    None | Some(J::Null) => {
                        if !params.is_empty() {
                            return Err(Error::new(
                                ErrorCode::MissingField,
                                "/intent",
                                "params were given without an intent",
                            ));
                        }
                        Ok(text.map_or(Request::None, Request::Text))
                    }
                    Some(_) => Err(Error::new(
                        ErrorCode::InvalidInput,
                        "/intent",
                        "intent must be a string",
                    )),
                }
            }
            _ => Err(Error::new(
                ErrorCode::InvalidInput,
                "",
                "a request is a string, null, or an object {intent, params, userRequest | text}",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jsondoc::profile::Profile;

    fn json(text: &str) -> Value {
        crate::json::parse(text, &crate::Limits::default()).unwrap()
    }

    fn profile() -> CompiledProfile {
        Profile::from_json(
            r#"{
              "defaultIntent": "general",
              "intents": {"general": {"others": "include"}, "generate_episode_synopsis": {}, "generate_brainstorm": {}},
              "rules": [
                {"id": "range-en", "intent": "generate_episode_synopsis", "keywords": ["episode"],
                 "pattern": "(?i)episodes?\\s+(?P<episodeStart>\\d+)\\s*(?:-|to)\\s*(?P<episodeEnd>\\d+)"},
                {"id": "range-zh", "intent": "generate_episode_synopsis",
                 "pattern": "第\\s*(?P<episodeStart>\\d+)\\s*(?:-|到|至)\\s*(?P<episodeEnd>\\d+)\\s*集", "params": {"lang": "zh"}},
                {"intent": "generate_brainstorm", "keywords": ["Brainstorm", "灵感"]}
              ]
            }"#,
        )
        .unwrap()
        .compile()
        .unwrap()
    }

    fn infer(text: &str) -> ResolvedIntent {
        infer_intent(&profile(), &Request::Text(text.to_string())).unwrap()
    }

    #[test]
    fn english_and_chinese_ranges_give_the_same_intent_and_params() {
        for text in [
            "generate episodes 7-12",
            "Please write Episodes 7 to 12",
            "生成第7-12集",
        ] {
            let r = infer(text);
            assert_eq!(r.intent, "generate_episode_synopsis", "{text}");
            assert_eq!(
                r.params.get("episodeStart"),
                Some(&Value::Number(7.0)),
                "{text}"
            );
            assert_eq!(
                r.params.get("episodeEnd"),
                Some(&Value::Number(12.0)),
                "{text}"
            );
            assert_eq!(r.source, IntentSource::Rule);
        }
        assert_eq!(infer("生成第7到12集").rule.as_deref(), Some("range-zh"));
        assert_eq!(
            infer("生成第7到12集").params.get("lang"),
            Some(&Value::from("zh"))
        );
    }

    #[test]
    fn keywords_are_case_insensitive_and_rules_ordered() {
        let r = infer("let's BRAINSTORM");
        assert_eq!(
            (r.intent.as_str(), r.rule.as_deref(), r.rule_index),
            ("generate_brainstorm", Some("rule 2"), Some(2))
        );
        assert_eq!(infer("来点灵感").intent, "generate_brainstorm");
    }

    #[test]
    fn no_match_falls_back_to_the_default_intent() {
        let r = infer("what is the weather");
        assert_eq!(
            (r.intent.as_str(), r.source, r.rule),
            ("general", IntentSource::Default, None)
        );
        let r = infer_intent(&profile(), &Request::None).unwrap();
        assert_eq!(r.source, IntentSource::Default);
    }

    #[test]
    fn a_given_intent_wins_and_unknown_ones_are_refused() {
        let given = Request::Intent {
            intent: "generate_brainstorm".into(),
            params: Params::new(),
            text: Some("episodes 1-2".into()),
        };
        let r = infer_intent(&profile(), &given).unwrap();
        assert_eq!(
            (r.intent.as_str(), r.source),
            ("generate_brainstorm", IntentSource::Given)
        );
        let bad = Request::Intent {
            intent: "nope".into(),
            params: Params::new(),
            text: None,
        };
        let e = infer_intent(&profile(), &bad).unwrap_err();
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::UnknownIntent, "/intent")
        );
    }

    #[test]
    fn captures_become_numbers_only_when_plain_digits() {
        assert_eq!(capture_value("12"), Value::Number(12.0));
        assert_eq!(capture_value("0012"), Value::Number(12.0));
        assert_eq!(
            capture_value("1234567890123456"),
            Value::from("1234567890123456")
        );
        assert_eq!(capture_value("七"), Value::Number(7.0));
        assert_eq!(capture_value("１２"), Value::Number(12.0));
        assert_eq!(capture_value("三四百"), Value::from("三四百"));
    }

    #[test]
    fn requests_read_from_json_with_paths() {
        let r = Request::from_json_value(&json(r#"{"intent": "a", "params": {"x": 1}}"#)).unwrap();
        assert!(matches!(r, Request::Intent { .. }));
        let e = Request::from_json_value(&json(r#"{"intent": 5}"#)).unwrap_err();
        assert_eq!(e.path, "/intent");
        let e = Request::from_json_value(&json("[1]")).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidInput);
        assert_eq!(
            Request::from_json_value(&json(r#"{"text": "hi"}"#)).unwrap(),
            Request::Text("hi".into())
        );
    }

    #[test]
    fn keywords_fold_ascii_letters_only() {
        let p = Profile::from_json(
            r#"{"intents": {"default": {}, "e": {}},
                "rules": [{"intent": "e", "keywords": ["Épisode", "SYNOPSIS"]}]}"#,
        )
        .unwrap()
        .compile()
        .unwrap();
        let intent = |t: &str| infer_intent(&p, &Request::Text(t.into())).unwrap().intent;
        assert_eq!(intent("write the synopsis"), "e");
        assert_eq!(intent("Écrire l'Épisode 3"), "e");
        assert_eq!(
            intent("ÉPISODE 3"),
            "e",
            "the ASCII letters fold, É is as written"
        );
        assert_eq!(intent("écrire l'épisode 3"), "default", "é is not É");
    }
}
