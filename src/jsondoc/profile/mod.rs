//! Profiles: what each intent needs, and how to score, trim, cap and render.
//!
//! [`Profile`] is the JSON a user writes (`schema`: declared once, read by the derived reader);
//! [`CompiledProfile`] is the validated form with regular expressions built once, shared by
//! every request (`compile`).

pub(crate) mod compile;
mod schema;

pub(crate) use compile::{
    CompiledIntent, CompiledParamMatch, CompiledProfile, CompiledRender, CompiledTrim, MatchTest,
    TypeRole,
};
pub(crate) use schema::defaults;
pub use schema::{
    BodyMode, BudgetSpec, CapStrategy, IntentSpec, Others, Otherwise, ParamMatchSpec, Profile,
    RenderOrder, RenderSpec, RuleSpec, TrimSpec, Weights,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Error, ErrorCode};

    fn err(json: &str) -> Error {
        Profile::from_json(json)
            .and_then(|p| p.compile().map(drop))
            .unwrap_err()
    }

    #[test]
    fn empty_profile_compiles_to_the_reference_defaults() {
        let p = Profile::from_json("{}").unwrap().compile().unwrap();
        assert_eq!(p.default_intent, "default");
        assert_eq!(p.budget, crate::budget::Budget::default());
        assert_eq!(
            p.budget
                .over(crate::budget::Budget::default(), defaults::MAX_CHARS)
                .max_chars,
            Some(16_000)
        );
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
