//! Arbitrary rules (keywords, and patterns from a small regular-expression alphabet) and a
//! request, through `Profile::compile` and `infer_intent` (directly and through a
//! `ContextAssembler`).
//!
//! Checks, against an independent reading of docs/PROFILE.md:
//! - compiling fails exactly when a rule names an undefined intent, has an empty keyword, a
//!   pattern that does not build (regex-lite, 1 MiB size limit) or neither keywords nor a
//!   pattern — with that code and the path of the first such rule; never a panic;
//! - the first rule (in order) whose keywords (any, case-insensitive substring) and pattern
//!   both match decides; its static params, overridden by its named captures (1–15 ASCII
//!   digits become numbers), are the params; no match gives the default intent;
//! - a given intent wins when defined, else `UNKNOWN_INTENT` at `/intent` (`/request/intent`
//!   through an assembler);
//! - the same input twice gives the same answer.
#![no_main]

use arbitrary::Arbitrary;
use ctxpack::json::{self, ObjectBuilder, Value};
use ctxpack::jsondoc::{
    infer_intent, ContextAssembler, IntentSource, Params, Profile, Request, ResolvedIntent,
};
use ctxpack::ErrorCode;
use ctxpack_fuzz::check::check_error;
use ctxpack_fuzz::gen::{RuleGen, Text};
use libfuzzer_sys::fuzz_target;
use regex_lite::RegexBuilder;

/// As in src/jsondoc/intent.rs (`PATTERN_SIZE_LIMIT`).
const PATTERN_SIZE_LIMIT: usize = 1 << 20;

const DEFINED: &[&str] = &["general", "synopsis", "brainstorm", "a/b"];

#[derive(Arbitrary, Debug)]
struct Input {
    rules: Vec<RuleGen>,
    request: Req,
}

#[derive(Arbitrary, Debug)]
enum Req {
    Text(Text),
    Given { intent: u8, text: Option<Text> },
    None,
}

/// One rule as the profile JSON holds it.
struct Rule {
    id: Option<String>,
    intent: String,
    keywords: Vec<String>,
    pattern: Option<String>,
}

fn read_rule(v: &Value) -> Rule {
    let o = v.as_object().expect("rule object");
    let s = |k: &str| o.get(k).and_then(Value::as_str).map(str::to_string);
    Rule {
        id: s("id"),
        intent: s("intent").expect("rule intent"),
        keywords: match o.get("keywords") {
            Some(Value::Array(ks)) => ks
                .iter()
                .map(|k| k.as_str().expect("keyword").to_string())
                .collect(),
            _ => vec![],
        },
        pattern: s("pattern"),
    }
}

/// A capture of 1–15 ASCII digits is a number, anything else text (docs/PROFILE.md).
fn capture_value(s: &str) -> ctxpack::json::Value {
    if (1..=15).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit()) {
        // An independent oracle: parsed as an integer, not as ctxpack parses it.
        ctxpack::json::Value::Number(s.parse::<u64>().expect("digits") as f64)
    } else {
        ctxpack::json::Value::from(s)
    }
}

fuzz_target!(|input: Input| {
    let names: Vec<String> = DEFINED.iter().map(|s| s.to_string()).collect();
    let rules: Vec<Value> = input
        .rules
        .iter()
        .take(8)
        .map(|r| r.value(&names))
        .collect();
    let mut intents = ObjectBuilder::new();
    for name in DEFINED {
        let mut spec = ObjectBuilder::new();
        if *name == "general" {
            spec.insert("others".into(), Value::String("include".into()));
        }
        intents.insert((*name).into(), Value::Object(spec.finish()));
    }
    let mut profile = ObjectBuilder::new();
    profile.insert("defaultIntent".into(), Value::String("general".into()));
    profile.insert("intents".into(), Value::Object(intents.finish()));
    profile.insert("rules".into(), Value::Array(rules.clone()));
    let text = json::stringify(&Value::Object(profile.finish()), 0);
    let profile = Profile::from_json(&text)
        .unwrap_or_else(|e| panic!("a well-formed generated profile is refused: {e:?}\n{text}"));

    // Predict the compile outcome rule by rule.
    let rules: Vec<Rule> = rules.iter().map(read_rule).collect();
    let mut predicted_err = None;
    let mut built = Vec::new();
    for (i, r) in rules.iter().enumerate() {
        let base = format!("/rules/{i}");
        if !DEFINED.contains(&r.intent.as_str()) {
            predicted_err = Some((ErrorCode::UnknownIntent, format!("{base}/intent")));
            break;
        }
        if let Some(j) = r.keywords.iter().position(|k| k.to_lowercase().is_empty()) {
            predicted_err = Some((ErrorCode::InvalidProfile, format!("{base}/keywords/{j}")));
            break;
        }
        let re = match &r.pattern {
            None => None,
            Some(p) => match RegexBuilder::new(p).size_limit(PATTERN_SIZE_LIMIT).build() {
                Ok(re) => Some(re),
                Err(_) => {
                    predicted_err = Some((ErrorCode::InvalidPattern, format!("{base}/pattern")));
                    break;
                }
            },
        };
        if r.keywords.is_empty() && re.is_none() {
            predicted_err = Some((ErrorCode::InvalidProfile, base));
            break;
        }
        built.push(re);
    }
    let compiled = profile.compile();
    let again = profile.compile();
    assert_eq!(
        format!("{compiled:?}"),
        format!("{again:?}"),
        "compiling the same profile twice differs"
    );
    let compiled = match (compiled, predicted_err) {
        (Err(e), Some((code, path))) => {
            check_error(&e, "compile");
            assert_eq!(
                (e.code, e.path.as_str()),
                (code, path.as_str()),
                "compile error: {e:?}"
            );
            return;
        }
        (Err(e), None) => panic!("compile failed, none of its rules is invalid: {e:?}"),
        (Ok(_), Some(p)) => panic!("compile succeeded, expected {p:?}"),
        (Ok(c), None) => c,
    };

    let request = match &input.request {
        Req::Text(t) => Request::Text(t.render()),
        Req::Given { intent, text } => Request::Intent {
            intent: if *intent < 200 {
                DEFINED[usize::from(*intent) % DEFINED.len()].to_string()
            } else {
                ["default", "", "General"][usize::from(*intent) % 3].to_string()
            },
            params: Params::new(),
            text: text.as_ref().map(Text::render),
        },
        Req::None => Request::None,
    };
    let got = infer_intent(&compiled, &request);
    let got_again = infer_intent(&compiled, &request);
    assert_eq!(got, got_again, "infer_intent is not deterministic");
    let assembler = ContextAssembler::new(&profile).expect("compiled once already");
    let via_assembler = assembler.infer_intent(&request);
    match (&got, &via_assembler) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "ContextAssembler::infer_intent differs"),
        (Err(a), Err(b)) => {
            check_error(a, "infer_intent");
            check_error(b, "ContextAssembler::infer_intent");
            assert_eq!(b.path, format!("/request{}", a.path));
        }
        _ => panic!("infer_intent and ContextAssembler::infer_intent disagree"),
    }

    let default = |text: Option<String>| ResolvedIntent {
        intent: "general".into(),
        params: Params::new(),
        source: IntentSource::Default,
        rule: None,
        rule_index: None,
        text,
    };
    let want = match &request {
        Request::None => Ok(default(None)),
        Request::Intent { intent, text, .. } => {
            if DEFINED.contains(&intent.as_str()) {
                Ok(ResolvedIntent {
                    intent: intent.clone(),
                    params: Params::new(),
                    source: IntentSource::Given,
                    rule: None,
                    rule_index: None,
                    text: text.clone(),
                })
            } else {
                Err((ErrorCode::UnknownIntent, "/intent"))
            }
        }
        Request::Text(text) => {
            let lowered = text.to_lowercase();
            let mut decided = None;
            for (i, (r, re)) in rules.iter().zip(&built).enumerate() {
                let keywords_match = r.keywords.is_empty()
                    || r.keywords
                        .iter()
                        .any(|k| lowered.contains(&k.to_lowercase()));
                if !keywords_match {
                    continue;
                }
                let mut params: Params = profile.rules.as_ref().expect("rules")[i]
                    .params
                    .clone()
                    .unwrap_or_default();
                if let Some(re) = re {
                    let Some(caps) = re.captures(text) else {
                        continue;
                    };
                    for name in re.capture_names().flatten() {
                        if let Some(m) = caps.name(name) {
                            params.insert(name.to_string(), capture_value(m.as_str()));
                        }
                    }
                }
                decided = Some(ResolvedIntent {
                    intent: r.intent.clone(),
                    params,
                    source: IntentSource::Rule,
                    rule: Some(r.id.clone().unwrap_or_else(|| format!("rule {i}"))),
                    rule_index: Some(i),
                    text: Some(text.clone()),
                });
                break;
            }
            Ok(decided.unwrap_or_else(|| default(Some(text.clone()))))
        }
    };
    match (got, want) {
        (Ok(g), Ok(w)) => assert_eq!(g, w, "inferred intent differs from the documented rules"),
        (Err(e), Err((code, path))) => assert_eq!((e.code, e.path.as_str()), (code, path)),
        (g, w) => panic!("infer_intent: got {g:?}, the documented rules say {w:?}"),
    }
});
