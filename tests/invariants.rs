//! The invariants of DESIGN.md as properties over generated projects: the cap is never
//! exceeded (in UTF-16 units), every document is in the manifest exactly once, output is
//! deterministic and the same whether documents come as values or as JSON text.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)] // tests may fail loudly
#![cfg(not(target_arch = "wasm32"))]

use ctxpack::json::{self, ObjectBuilder, Value};
use ctxpack::jsondoc::{
    AssembleOptions, CapStrategy, ContextAssembler, JsonDocs, OwnedDocs, Request,
};
use ctxpack::manifest::Action;
use proptest::prelude::*;
use std::collections::HashSet;

const TYPES: [&str; 5] = ["灵感创意", "故事设定", "chronicles", "分集结构", "单集大纲"];

fn text() -> impl Strategy<Value = String> {
    // ASCII, CJK, emoji (surrogate pairs in UTF-16), escapes and combining marks.
    prop::collection::vec(
        prop_oneof![
            Just("a"),
            Just("故"),
            Just("😀"),
            Just("\""),
            Just("\n"),
            Just("é"),
            Just("\u{301}"),
            Just("𠀋")
        ],
        0..700,
    )
    .prop_map(|parts| parts.concat())
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        text().prop_map(Value::String),
        any::<f64>().prop_map(|n| Value::Number(if n.is_finite() { n } else { 0.0 })),
        any::<bool>().prop_map(Value::Bool),
        Just(Value::Null),
    ]
}

fn body() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 40, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec(("[a-z0-9]{1,3}", inner), 0..6).prop_map(|members| {
                let mut b = ObjectBuilder::new();
                for (k, v) in members {
                    b.insert(k, v);
                }
                Value::Object(b.finish())
            }),
        ]
    })
}

fn project() -> impl Strategy<Value = Vec<Value>> {
    prop::collection::vec(
        (
            0..TYPES.len(),
            any::<bool>(),
            0u32..40,
            body(),
            prop::option::of(any::<bool>()),
        ),
        0..14,
    )
    .prop_map(|docs| {
        docs.into_iter()
            .enumerate()
            .map(|(i, (t, user, day, data, is_leaf))| {
                let mut b = ObjectBuilder::new();
                b.insert("id".into(), Value::String(format!("doc-{i}")));
                b.insert("schema_type".into(), Value::String(TYPES[t].into()));
                b.insert(
                    "origin_type".into(),
                    Value::String(if user { "user_input" } else { "ai_generated" }.into()),
                );
                b.insert(
                    "created_at".into(),
                    Value::Number(f64::from(day) * 86_400_000.0),
                );
                // Half the documents hold their data as JSON text, like the app's rows.
                let data = if i % 2 == 0 {
                    Value::String(json::stringify(&data, 0))
                } else {
                    data
                };
                b.insert("data".into(), data);
                if let Some(l) = is_leaf {
                    b.insert("is_leaf".into(), Value::Bool(l));
                }
                Value::Object(b.finish())
            })
            .collect()
    })
}

fn strategy() -> impl Strategy<Value = CapStrategy> {
    prop_oneof![
        Just(CapStrategy::Stop),
        Just(CapStrategy::Skip),
        Just(CapStrategy::Degrade)
    ]
}

const PROFILE: &str = r###"{
  "defaultIntent": "synopsis",
  "intents": {
    "synopsis": {"required": ["灵感创意", "故事设定", "chronicles", "分集结构"], "excluded": ["单集大纲"]},
    "all": {"others": "include"}
  },
  "rules": [{"intent": "all", "keywords": ["everything"]}],
  "render": {"header": "## {schema_type} 😀 ({id})"}
}"###;

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    #[test]
    fn cap_accountability_and_determinism(docs in project(), max_chars in 0usize..6000, max_tokens in proptest::option::of(0usize..2000), chars_too in any::<bool>(), cap in strategy(), everything in any::<bool>()) {
        let assembler = ContextAssembler::from_json(PROFILE).unwrap();
        // A budget in chars, in tokens, or both.
        let max_chars = if chars_too || max_tokens.is_none() { Some(max_chars) } else { None };
        let options = AssembleOptions {
            request: Request::Text(if everything { "everything" } else { "generate episodes 7-12" }.into()),
            max_chars,
            max_tokens,
            cap: Some(cap),
            ..Default::default()
        };
        let array = Value::Array(docs.clone());
        let owned = OwnedDocs::from_value(&array, &ctxpack::Limits::default()).unwrap();
        let out = assembler.assemble(&owned, &options).unwrap();

        // Cap, in UTF-16 units, separators and markers included, and in tokens as the
        // estimator counts the whole context.
        let limit = max_chars.unwrap_or(usize::MAX);
        prop_assert!(out.context.encode_utf16().count() <= limit, "{} > {limit}", out.context.encode_utf16().count());
        prop_assert_eq!(out.context.encode_utf16().count(), out.manifest.totals.chars);
        if let Some(max) = max_tokens {
            let tokens = ctxpack::tokens::estimate_tokens(&out.context);
            prop_assert!(tokens <= max, "{tokens} tokens > {max}");
            prop_assert_eq!(out.manifest.totals.tokens, Some(tokens));
            // The records' tokens add up to the context's.
            let sum: usize = out.manifest.documents.iter().map(|d| d.item.tokens_after.unwrap()).sum();
            prop_assert_eq!(sum, tokens);
        } else {
            prop_assert_eq!(out.manifest.totals.tokens, None);
        }

        // Every document exactly once.
        prop_assert_eq!(out.manifest.documents.len(), docs.len());
        let ids: HashSet<_> = out.manifest.documents.iter().map(|d| &*d.item.id).collect();
        prop_assert_eq!(ids.len(), docs.len());

        // Each included block sits at its offset with its length; sizes never grow by trimming
        // beyond the full render.
        let units: Vec<u16> = out.context.encode_utf16().collect();
        for d in &out.manifest.documents {
            match d.item.action {
                Action::Full | Action::Truncated | Action::Summarized => {
                    let at = d.offset.unwrap();
                    let block = String::from_utf16(&units[at..at + d.item.chars_after]);
                    prop_assert!(block.is_ok(), "block of {} splits a surrogate pair", d.item.id);
                    prop_assert!(block.unwrap().starts_with("## "));
                    prop_assert!(d.item.chars_after <= d.item.chars_before.unwrap());
                }
                Action::Discarded | Action::FilteredOut => prop_assert_eq!(d.item.chars_after, 0),
                other => prop_assert!(false, "not a jsondoc action: {:?}", other),
            }
            if !everything && &*d.schema_type == "单集大纲" {
                prop_assert_eq!(d.item.action, Action::FilteredOut);
            }
        }

        // Deterministic, and the JSON-text path decides byte for byte the same.
        let again = assembler.assemble(&owned, &options).unwrap();
        prop_assert_eq!(&again, &out);
        let text_docs = JsonDocs::parse(json::stringify(&array, 0), &ctxpack::Limits::default()).unwrap();
        let from_text = assembler.assemble(&text_docs, &options).unwrap();
        prop_assert_eq!(&from_text, &out);
    }

    #[test]
    fn parse_and_stringify_round_trip(v in body()) {
        let text = json::stringify(&v, 0);
        let back = json::parse(&text, &ctxpack::Limits::default()).unwrap();
        prop_assert_eq!(json::stringify(&back, 0), text.clone());
        let pretty = json::stringify(&v, 2);
        prop_assert_eq!(json::stringify(&json::parse(&pretty, &ctxpack::Limits::default()).unwrap(), 0), text);
    }

    #[test]
    fn arbitrary_text_never_panics_the_readers(text in "\\PC{0,200}") {
        let _ = json::parse(&text, &ctxpack::Limits::default());
        let _ = JsonDocs::parse(text.clone(), &ctxpack::Limits::default());
        let _ = ctxpack::jsondoc::JsonInput::parse(text.clone(), &ctxpack::Limits::default());
        let _ = ctxpack::jsondoc::Profile::from_json(&text);
    }
}

#[test]
fn stop_discards_everything_below_the_first_misfit() {
    let docs = r#"[
      {"id":"big","schema_type":"t","origin_type":"user_input","created_at":3,"data":{"s":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}},
      {"id":"huge","schema_type":"t","origin_type":"ai_generated","created_at":2,"data":{"s":"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"}},
      {"id":"small","schema_type":"t","origin_type":"ai_generated","created_at":1,"data":1}
    ]"#;
    let docs = JsonDocs::parse(docs.to_string(), &ctxpack::Limits::default()).unwrap();
    let assembler = ContextAssembler::from_json(r#"{"render":{"header":"{id}"}}"#).unwrap();
    let actions = |cap| {
        let out = assembler
            .assemble(
                &docs,
                &AssembleOptions {
                    max_chars: Some(100),
                    cap: Some(cap),
                    ..Default::default()
                },
            )
            .unwrap();
        (
            out.manifest
                .documents
                .iter()
                .map(|d| d.item.action)
                .collect::<Vec<_>>(),
            out.manifest.log.clone(),
            out.manifest.documents[2].item.chars_before,
        )
    };
    let (stop, log, small_before) = actions(CapStrategy::Stop);
    assert_eq!(stop, [Action::Full, Action::Discarded, Action::Discarded]);
    assert!(
        log.contains(&"Context capped: discarded 2 jsondocs".to_string()),
        "{log:?}"
    );
    assert_eq!(
        small_before, None,
        "stop must not read bodies below the cap"
    );
    let (skip, _, _) = actions(CapStrategy::Skip);
    assert_eq!(skip, [Action::Full, Action::Discarded, Action::Full]);
}

/// Found by the fuzz targets (fuzz/regressions): both readers report the same first error, and
/// serde's recursion limit is a depth error.
#[test]
fn fuzz_regressions() {
    let doc =
        r#"[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":0,"metadata":[]}]"#;
    let lazy = JsonDocs::parse(doc.to_string(), &ctxpack::Limits::default())
        .err()
        .map(|e| (e.code, e.path));
    let owned = OwnedDocs::from_value(
        &json::parse(doc, &ctxpack::Limits::default()).unwrap(),
        &ctxpack::Limits::default(),
    )
    .err()
    .map(|e| (e.code, e.path));
    assert_eq!(lazy, owned);
    assert_eq!(
        lazy,
        Some((ctxpack::ErrorCode::MissingField, "/0/data".to_string()))
    );

    // Profiles nest as deep as everything else (256): 130 levels, past serde_json's old limit
    // of 128, are read; past 256 it is a depth error.
    let deep = |levels: usize| {
        format!(
            r#"{{"rules":[{{"intent":"default","keywords":["x"],"params":{{"a":{}1{}}}}}]}}"#,
            "[".repeat(levels),
            "]".repeat(levels)
        )
    };
    assert!(ctxpack::jsondoc::Profile::from_json(&deep(130)).is_ok());
    let e = ctxpack::jsondoc::Profile::from_json(&deep(300)).unwrap_err();
    assert_eq!(e.code, ctxpack::ErrorCode::TooDeep, "{e}");

    // A number past the double range reads as ±Infinity, as JSON.parse reads it; a profile
    // refuses it where it stands, with the code and path a host object's Infinity gets
    // (fuzz/regressions/profile/non-finite-weight.json), in every form: the field's own check
    // in compile decides, not the form the profile came in.
    let compiled =
        |text: &str| ctxpack::jsondoc::Profile::from_json(text).and_then(|p| p.compile().map(drop));
    let text = include_str!("../fuzz/regressions/profile/non-finite-weight.json");
    let e = compiled(text).unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (
            ctxpack::ErrorCode::InvalidProfile,
            "/weights/recencyHalfLifeMs"
        )
    );
    let input = format!(r#"{{"documents":[],"profile":{text}}}"#);
    let parsed = ctxpack::jsondoc::JsonInput::parse(input, &ctxpack::Limits::default()).unwrap();
    let e = ctxpack::jsondoc::Profile::from_value(&parsed.profile.unwrap(), "/profile")
        .and_then(|p| p.compile().map_err(|e| e.under("/profile")))
        .unwrap_err();
    assert_eq!(e.path, "/profile/weights/recencyHalfLifeMs");
    for (profile, code, path) in [
        (
            r#"{"budget":{"maxChars":1e400}}"#,
            ctxpack::ErrorCode::InvalidBudget,
            "/budget/maxChars",
        ),
        (
            r#"{"rules":[{"intent":"default","keywords":["x"],"params":{"n":[-1e999]}}]}"#,
            ctxpack::ErrorCode::InvalidInput,
            "/rules/0/params/n/0",
        ),
    ] {
        let e = compiled(profile).unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (code, path), "{profile}");
    }

    let input = r#"{"documents":[],"request":"\ud800","profile":{"render":{"header":"\udc00"}}}"#;
    let parsed =
        ctxpack::jsondoc::JsonInput::parse(input.to_string(), &ctxpack::Limits::default()).unwrap();
    assert_eq!(
        parsed.rest.get("request"),
        Some(&json::Value::from("\u{fffd}"))
    );
    assert!(json::stringify(&parsed.profile.unwrap(), 0).contains('\u{fffd}'));
}
