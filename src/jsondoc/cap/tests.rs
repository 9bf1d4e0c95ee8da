//! The bound on `skip` and `degrade` (issue 16) changes no decision. Over generated documents,
//! profiles and budgets, the cap as it runs and one that renders every candidate whole keep the
//! same documents at the same levels in the same order, byte for byte, with the same records,
//! except where the bounded cap stopped rendering a discarded document: there `charsBefore` and
//! `tokensBefore` are `null` and the reason says it "needed more than" what was left.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)] // tests may fail loudly

use super::{cap, cap_bounded, Capped};
use crate::budget::Budget;
use crate::json::{self, ObjectBuilder, Value};
use crate::jsondoc::document::{DocSet, OwnedDocs};
use crate::jsondoc::profile::{CapStrategy, Profile};
use crate::jsondoc::reason::ReasonCode;
use crate::manifest::Action;
use crate::text::utf16_len;
use crate::tokens::{Estimator, Meter, Pieces};
use proptest::prelude::*;

fn text() -> impl Strategy<Value = String> {
    // Characters of one to four bytes, one of them two UTF-16 units, and ones JSON escapes
    // (a control character is written as six units).
    prop::collection::vec(
        prop_oneof![
            Just("a"),
            Just("abc de"),
            Just("故"),
            Just("😀"),
            Just("é"),
            Just("\""),
            Just("\n"),
            Just("\u{1}")
        ],
        0..300,
    )
    .prop_map(|parts| parts.concat())
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        3 => text().prop_map(Value::String),
        1 => (-1e6f64..1e6).prop_map(Value::Number),
        1 => any::<bool>().prop_map(Value::Bool),
        1 => Just(Value::Null),
    ]
}

fn body() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(3, 30, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec(("[a-z]{1,3}", inner), 0..5).prop_map(|members| {
                let mut b = ObjectBuilder::new();
                for (k, v) in members {
                    b.insert(k, v);
                }
                Value::Object(b.finish())
            }),
        ]
    })
}

fn documents() -> impl Strategy<Value = Value> {
    prop::collection::vec((body(), any::<bool>(), any::<bool>()), 1..10).prop_map(|docs| {
        let docs = docs
            .into_iter()
            .enumerate()
            .map(|(i, (data, as_text, with_metadata))| {
                let mut b = ObjectBuilder::new();
                b.insert("id".into(), Value::String(format!("d{i}")));
                b.insert("schema_type".into(), Value::String("t".into()));
                b.insert("origin_type".into(), Value::String("ai_generated".into()));
                b.insert("created_at".into(), Value::Number(0.0));
                // JSON text in a string, as the app's rows hold it, or the value itself.
                let data = if as_text {
                    Value::String(json::stringify(&data, 0))
                } else {
                    data
                };
                b.insert("data".into(), data);
                if with_metadata {
                    let mut m = ObjectBuilder::new();
                    m.insert("source".into(), Value::String("test".into()));
                    b.insert("metadata".into(), Value::Object(m.finish()));
                }
                Value::Object(b.finish())
            });
        Value::Array(docs.collect())
    })
}

/// A profile of small cut lengths (so small documents get trimmed), markers that JSON escapes
/// (so a trimmed block can be the longer one), either body mode, indentation, headers with and
/// without the rank.
fn profile() -> impl Strategy<Value = String> {
    (
        0usize..4,
        0.0f64..1.0,
        0usize..60,
        prop_oneof![Just(" [truncated]"), Just("\\u0001\\\"\\u0001"), Just("")],
        0usize..30,
        prop_oneof![
            Just("## {schema_type} ({id})"),
            Just(""),
            Just("{rank}")
        ],
        prop_oneof![Just("\\n\\n"), Just(""), Just("—")],
        prop_oneof![Just(0), Just(2)],
        prop_oneof![Just("data"), Just("document")],
    )
        .prop_map(
            |(full_ranks, from, truncate_at, marker, summarize_at, header, separator, indent, body)| {
                format!(
                    r#"{{"trim": {{"fullRanks": {full_ranks}, "summarizeFrom": {from}, "truncateAt": {truncate_at},
                      "truncateMarker": "{marker}", "summarizeAt": {summarize_at}}},
                      "render": {{"header": "{header}", "separator": "{separator}", "indent": {indent}, "body": "{body}"}}}}"#
                )
            },
        )
}

fn strategy() -> impl Strategy<Value = CapStrategy> {
    prop_oneof![
        Just(CapStrategy::Stop),
        Just(CapStrategy::Skip),
        Just(CapStrategy::Degrade)
    ]
}

/// The number a reason says was needed: "did not fit: needed [more than ]N chars…".
fn needed_chars(reason: &str) -> usize {
    let after = reason.split("needed ").nth(1).unwrap();
    let digits: String = after
        .trim_start_matches("more than ")
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

/// Everything the two caps decided is the same; the records differ only as the bound allows.
fn assert_same_decisions(
    bounded: &Capped,
    whole: &Capped,
    strategy: CapStrategy,
    max_chars: Option<usize>,
) {
    assert_eq!(bounded.context, whole.context);
    assert_eq!(
        (bounded.chars, bounded.tokens, bounded.hit),
        (whole.chars, whole.tokens, whole.hit)
    );
    assert_eq!(bounded.placements.len(), whole.placements.len());
    for (b, w) in bounded.placements.iter().zip(&whole.placements) {
        let decided = |p: &super::Placement| {
            (
                p.index,
                p.rank,
                p.action,
                p.level,
                p.chars_after,
                p.tokens_after,
                p.offset,
                p.bytes,
                p.reason_code,
            )
        };
        assert_eq!(decided(b), decided(w));
        if b == w {
            continue;
        }
        // Only a document discarded by `skip` or `degrade` under a character limit may be
        // unmeasured, and only because its block in full passed the room.
        assert_eq!(b.reason_code, ReasonCode::DiscardedBudget, "{b:?}");
        assert!(
            strategy != CapStrategy::Stop && max_chars.is_some(),
            "{b:?}"
        );
        if b.chars_before.is_none() {
            assert_eq!(b.tokens_before, None);
        } else {
            assert_eq!(
                (b.chars_before, b.tokens_before),
                (w.chars_before, w.tokens_before)
            );
        }
        if b.reason != w.reason {
            // "needed more than L chars at <level>, L chars left": the whole render needed more.
            assert!(
                b.reason.contains("needed more than"),
                "{} / {}",
                b.reason,
                w.reason
            );
            assert!(
                needed_chars(&w.reason) > needed_chars(&b.reason),
                "{} / {}",
                b.reason,
                w.reason
            );
        }
    }
}

/// A caller's counter: words and characters, so that it differs from the estimator.
fn words(text: &str) -> crate::Result<usize> {
    Ok(text.split(' ').count() + utf16_len(text) / 5)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    #[test]
    fn the_bound_changes_no_decision(
        docs in documents(),
        profile in profile(),
        strategy in strategy(),
        max_chars in prop::option::of(0usize..2500),
        max_tokens in prop::option::of(0usize..700),
        host_counter in any::<bool>(),
    ) {
        let profile = Profile::from_json(&profile).unwrap().compile().unwrap();
        let docs = OwnedDocs::from_value(&docs, &crate::Limits::default()).unwrap();
        let budget = Budget { max_chars: max_chars.or(max_tokens.map_or(Some(2000), |_| None)), max_tokens };
        let order: Vec<usize> = (0..docs.metas().len()).collect();
        let run = |bounded: bool| {
            let mut counter = words;
            let mut calls = None;
            let out = if host_counter {
                let mut meter = Meter::Pieces(Pieces::new("host", &mut counter));
                let out = cap_bounded(&profile, &docs, &order, budget, &mut meter, strategy, bounded).unwrap();
                calls = meter.calls();
                out
            } else {
                let mut meter = Meter::Estimate(Estimator::o200k());
                cap_bounded(&profile, &docs, &order, budget, &mut meter, strategy, bounded).unwrap()
            };
            (out, calls)
        };
        let (bounded, bounded_calls) = run(true);
        let (whole, whole_calls) = run(false);
        assert_same_decisions(&bounded, &whole, strategy, budget.max_chars);
        // The bound only ever counts pieces the whole render counts too.
        prop_assert!(bounded_calls <= whole_calls, "{bounded_calls:?} > {whole_calls:?}");
    }
}

/// What the bound is for: a document that cannot fit in the room left is rendered only about
/// as far as the room, however long it is, and says so in its record.
#[test]
fn a_long_misfit_is_not_rendered_whole() {
    let long = "x".repeat(1_000_000);
    let docs = json::parse(
        &format!(
            r#"[{{"id": "a", "schema_type": "t", "origin_type": "user_input", "created_at": 0, "data": "short"}},
                {{"id": "b", "schema_type": "t", "origin_type": "user_input", "created_at": 0, "data": {{"s": "{long}"}}}},
                {{"id": "c", "schema_type": "t", "origin_type": "user_input", "created_at": 0, "data": [1, 2]}}]"#
        ),
        &crate::Limits::default(),
    )
    .unwrap();
    let docs = OwnedDocs::from_value(&docs, &crate::Limits::default()).unwrap();
    let profile = Profile::default().compile().unwrap();
    let budget = Budget {
        max_chars: Some(100),
        max_tokens: Some(1_000_000),
    };
    for strategy in [CapStrategy::Skip, CapStrategy::Degrade] {
        // A caller's counter sees every block the cap measures: none is near the document's
        // length (the room is 100 units, three bytes each at most).
        let mut longest = 0;
        let mut counter = |text: &str| {
            longest = longest.max(text.len());
            Ok(text.len())
        };
        let mut meter = Meter::Pieces(Pieces::new("host", &mut counter));
        let out = cap(&profile, &docs, &[0, 1, 2], budget, &mut meter, strategy).unwrap();
        drop(meter);
        assert!(
            longest <= 300,
            "{strategy:?}: a block of {longest} bytes was counted"
        );
        let b = &out.placements[1];
        assert_eq!(
            (b.action, b.chars_before, b.tokens_before),
            (Action::Discarded, None, None)
        );
        let reason = match strategy {
            CapStrategy::Skip => {
                "did not fit: needed more than 84 chars at full, 84 chars and 999984 tokens left"
            }
            _ => "did not fit even summarized: 84 chars and 999984 tokens left",
        };
        assert_eq!(&*b.reason, reason, "{strategy:?}");
        // The documents around it are placed and measured as ever.
        assert_eq!(out.context, "## t (a)\n\"short\"\n\n## t (c)\n[1,2]");
        assert_eq!(out.placements[2].chars_before, Some(14));
    }
    // `stop` renders its one misfit whole, as it always has.
    let mut meter = Meter::Estimate(Estimator::o200k());
    let out = cap(
        &profile,
        &docs,
        &[0, 1, 2],
        budget,
        &mut meter,
        CapStrategy::Stop,
    )
    .unwrap();
    assert_eq!(out.placements[1].chars_before, Some(1_000_017));
}

/// The block document `index` renders to at `level`, cut at `at`, in whole.
fn block_at(
    profile: &crate::jsondoc::profile::CompiledProfile,
    docs: &OwnedDocs,
    index: usize,
    rank: usize,
    level: crate::jsondoc::trim::TrimLevel,
    at: usize,
) -> Option<String> {
    use crate::jsondoc::render;
    let render = &profile.render;
    let meta = &docs.metas()[index];
    let header = render::header(render, meta, rank);
    let mut data = docs.data(index).unwrap();
    if !super::super::trim::cut_at_level(&mut data, level, at, &profile.trim) {
        return None;
    }
    let metadata = if render.body == crate::jsondoc::profile::BodyMode::Document {
        docs.metadata(index).unwrap()
    } else {
        None
    };
    let metadata = Some(crate::jsondoc::trim::mark_trimmed(metadata));
    Some(render::block(
        render,
        &header,
        &render::body(render, meta, data, metadata),
        usize::MAX,
    ))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    /// Filling (issue 34): a document fitted or cut to a prefix fills the room it had — one
    /// unit more of its cut does not fit there — so what a lower-ranked document gets is only
    /// what the higher one could not use; and where filling and the coarse ladder first differ,
    /// filling keeps at least as much of that document.
    #[test]
    fn a_fitted_document_fills_the_room_it_had(
        docs in documents(),
        profile in profile(),
        max_chars in 0usize..2500,
    ) {
        use crate::jsondoc::trim::TrimLevel;
        let coarse_profile = Profile::from_json(&profile.replacen("\"trim\": {", "\"trim\": {\"fill\": false, ", 1))
            .unwrap()
            .compile()
            .unwrap();
        let profile = Profile::from_json(&profile).unwrap().compile().unwrap();
        prop_assert!(profile.trim.fill && !coarse_profile.trim.fill);
        let docs = OwnedDocs::from_value(&docs, &crate::Limits::default()).unwrap();
        let budget = Budget { max_chars: Some(max_chars), max_tokens: None };
        let order: Vec<usize> = (0..docs.metas().len()).collect();
        let run = |profile| {
            let mut meter = Meter::Estimate(Estimator::o200k());
            cap(profile, &docs, &order, budget, &mut meter, CapStrategy::Degrade).unwrap()
        };
        let filled = run(&profile);
        prop_assert!(filled.chars <= max_chars);
        prop_assert_eq!(utf16_len(&filled.context), filled.chars);
        for p in &filled.placements {
            let Some(at) = p.cut_at else { continue };
            let level = p.level.unwrap();
            prop_assert!(matches!(level, TrimLevel::Fitted | TrimLevel::Prefix), "{:?}", p);
            prop_assert!(at >= profile.trim.summarize_at.min(profile.trim.truncate_at));
            prop_assert_eq!(
                block_at(&profile, &docs, p.index, p.rank, level, at).map(|b| utf16_len(&b)),
                Some(p.chars_after)
            );
            let room = max_chars - p.offset.unwrap();
            if let Some(longer) = block_at(&profile, &docs, p.index, p.rank, level, at + 1) {
                let len = utf16_len(&longer);
                prop_assert!(
                    len > room || len >= p.chars_before.unwrap(),
                    "{:?}: a cut at {} is {} chars, the room was {}", p, at + 1, len, room
                );
            }
        }
        let coarse = run(&coarse_profile);
        if let Some((f, c)) = filled.placements.iter().zip(&coarse.placements).find(|(f, c)| f != c) {
            prop_assert!(f.chars_after >= c.chars_after, "filled {:?}\ncoarse {:?}", f, c);
        }
    }
}
