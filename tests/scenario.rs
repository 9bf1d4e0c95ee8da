//! The writing app's failure, end to end: synopses for episodes 1–6 exist and the request is
//! "generate episodes 7-12" (or 生成第7-12集). The context must hold the upstream documents, no
//! earlier synopsis, and fit the default 16,000 characters — where sending everything did not.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // tests may fail loudly
#![cfg(not(target_arch = "wasm32"))]

use ctxpack::json::{self, Value};
use ctxpack::jsondoc::{AssembleOptions, ContextAssembler, Edge, OwnedDocs, ReasonCode, Request};
use ctxpack::manifest::Action;

const PROJECT: &str = include_str!("../samples/writing-project.json");
const PROFILE: &str = include_str!("../profiles/writing-app.json");
const UPSTREAM: [&str; 4] = ["灵感创意", "故事设定", "chronicles", "分集结构"];

fn project() -> (OwnedDocs, Vec<Edge>, Vec<String>) {
    let v = json::parse(PROJECT, &ctxpack::Limits::default()).unwrap();
    let o = v.as_object().unwrap();
    let docs =
        OwnedDocs::from_value(o.get("documents").unwrap(), &ctxpack::Limits::default()).unwrap();
    let edges: Vec<Edge> =
        ctxpack::shape::Input::read(o.get("edges").unwrap_or(&Value::Array(vec![])), "/edges")
            .unwrap();
    let types = ctxpack::jsondoc::DocSet::metas(&docs)
        .iter()
        .map(|m| m.schema_type.to_string())
        .collect();
    (docs, edges, types)
}

/// The manifest's record of the document `id`.
fn record_of<'a>(out: &'a ctxpack::jsondoc::Assembly, id: &str) -> &'a ctxpack::jsondoc::DocRecord {
    out.manifest
        .documents
        .iter()
        .find(|r| &*r.item.id == id)
        .unwrap()
}

/// The sample project assembled for a text request, with its edges.
fn assemble_text(
    assembler: &ContextAssembler,
    docs: &OwnedDocs,
    edges: &[Edge],
    text: &str,
) -> ctxpack::jsondoc::Assembly {
    let options = AssembleOptions {
        request: Request::Text(text.into()),
        edges: Some(edges.to_vec()),
        ..Default::default()
    };
    assembler.assemble(docs, &options).unwrap()
}

#[test]
fn episodes_7_to_12_get_upstream_context_without_earlier_synopses() {
    let (docs, edges, types) = project();
    assert!(
        types.iter().filter(|t| *t == "单集大纲").count() >= 6,
        "the sample holds synopses for episodes 1–6"
    );
    let assembler = ContextAssembler::from_json(PROFILE).unwrap();
    let canonical = |t: &str| assembler.profile().canonical_type(t).to_string();

    // Sending everything in full is what broke the app.
    let everything = assembler
        .cap_ordered(&docs, Some(usize::MAX >> 33), None, None)
        .unwrap();
    assert!(
        everything.context.encode_utf16().count() > 16_000,
        "the sample must be too large to send whole ({} chars)",
        everything.context.encode_utf16().count()
    );

    let mut contexts = Vec::new();
    for text in ["generate episodes 7-12", "生成第7-12集"] {
        let options = AssembleOptions {
            request: Request::Text(text.into()),
            edges: Some(edges.clone()),
            ..Default::default()
        };
        let out = assembler.assemble(&docs, &options).unwrap();
        let m = &out.manifest;
        assert_eq!(m.intent.intent, "generate_episode_synopsis", "{text}");
        assert_eq!(
            m.intent.params.get("episodeStart"),
            Some(&Value::Number(7.0)),
            "{text}"
        );
        assert_eq!(
            m.intent.params.get("episodeEnd"),
            Some(&Value::Number(12.0)),
            "{text}"
        );
        assert!(out.context.encode_utf16().count() <= 16_000);
        assert_eq!(
            m.documents.len(),
            types.len(),
            "every document accounted for"
        );

        for d in &m.documents {
            let t = canonical(&d.schema_type);
            if t == "单集大纲" || t == "单集剧本" {
                assert_eq!(
                    d.item.action,
                    Action::FilteredOut,
                    "{} must not be sent",
                    d.item.id
                );
                assert!(!out.context.contains(&format!("({})", d.item.id)));
            }
            if matches!(
                d.item.action,
                Action::Full | Action::Truncated | Action::Summarized
            ) {
                assert!(
                    UPSTREAM.contains(&t.as_str()),
                    "{} ({t}) is not upstream",
                    d.item.id
                );
            }
        }
        // Each upstream type is in the context.
        for t in UPSTREAM {
            assert!(
                m.documents.iter().any(|d| canonical(&d.schema_type) == t
                    && d.item.action != Action::FilteredOut
                    && d.item.action != Action::Discarded),
                "no {t} in the context"
            );
        }
        contexts.push(out.context);
    }
    assert_eq!(
        contexts[0], contexts[1],
        "English and Chinese requests select the same context"
    );
}

/// Seed 004 names the app's types `brainstorm_idea`, `剧本设定`, `chronicles`,
/// `episode_planning` and `episode_synopsis`: the example profile speaks those names too, so a
/// project typed that way gets its episode plan for "generate episodes 7-12".
#[test]
fn the_example_profile_speaks_the_apps_own_type_names() {
    fn renamed(t: &str) -> &str {
        match t {
            "灵感创意" => "brainstorm_idea",
            "故事设定" => "剧本设定",
            "分集结构" => "episode_planning",
            "单集大纲" => "episode_synopsis",
            "单集剧本" => "episode_script",
            other => other,
        }
    }
    let mut v = json::parse(PROJECT, &ctxpack::Limits::default()).unwrap();
    let Value::Object(o) = &mut v else { panic!() };
    let mut docs = o.get("documents").unwrap().clone();
    let Value::Array(items) = &mut docs else {
        panic!()
    };
    for d in items.iter_mut() {
        let Value::Object(d) = d else { panic!() };
        let t = d.get("schema_type").unwrap().as_str().unwrap().to_string();
        d.set("schema_type", Value::from(renamed(&t)));
    }
    let docs = OwnedDocs::from_value(&docs, &ctxpack::Limits::default()).unwrap();
    let (_, edges, _) = project();
    let assembler = ContextAssembler::from_json(PROFILE).unwrap();
    let options = AssembleOptions {
        request: Request::Text("generate episodes 7-12".into()),
        edges: Some(edges),
        ..Default::default()
    };
    let out = assembler.assemble(&docs, &options).unwrap();
    let sent = |t: &str| {
        out.manifest.documents.iter().any(|d| {
            &*d.schema_type == t
                && matches!(
                    d.item.action,
                    Action::Full | Action::Truncated | Action::Summarized
                )
        })
    };
    for t in [
        "brainstorm_idea",
        "剧本设定",
        "chronicles",
        "episode_planning",
    ] {
        assert!(sent(t), "no {t} in the context");
    }
    for d in &out.manifest.documents {
        if &*d.schema_type == "episode_synopsis" {
            assert_eq!(d.item.action, Action::FilteredOut, "{}", d.item.id);
        }
    }
}

/// Params in selection: "write the script for episode 3" sends episode 3's synopses (every
/// version of it), ahead of the other required documents, and leaves the other episodes'
/// synopses out with `param_mismatch`; a range does the same for each episode in it; a
/// synopsis being rewritten (in the requested range) goes with a synopsis request.
#[test]
fn the_requests_params_choose_the_synopses() {
    let (docs, edges, _) = project();
    let assembler = ContextAssembler::from_json(PROFILE).unwrap();
    let run = |text: &str| assemble_text(&assembler, &docs, &edges, text);
    let synopses = |out: &ctxpack::jsondoc::Assembly| -> Vec<(String, Action, ReasonCode)> {
        out.manifest
            .documents
            .iter()
            .filter(|d| &*d.schema_type == "单集大纲")
            .map(|d| (d.item.id.to_string(), d.item.action, d.reason_code))
            .collect()
    };
    let sent = |a: Action| matches!(a, Action::Full | Action::Truncated | Action::Summarized);

    let out = run("write the script for episode 3");
    assert_eq!(out.manifest.intent.intent, "generate_episode_script");
    for (id, action, code) in synopses(&out) {
        if id.starts_with("jd-synopsis-ep03") {
            assert!(sent(action), "{id} must be sent");
        } else {
            assert_eq!(
                (action, code),
                (Action::FilteredOut, ReasonCode::ParamMismatch),
                "{id}"
            );
        }
    }
    // The episode asked for ranks first, its params term visible in the breakdown.
    let first = &out.manifest.documents[0];
    assert!(
        first.item.id.starts_with("jd-synopsis-ep03"),
        "{}",
        first.item.id
    );
    assert_eq!(first.breakdown.unwrap().params, 5.0);

    let out = run("write scripts for episodes 2-3");
    for (id, action, _) in synopses(&out) {
        let wanted = id.starts_with("jd-synopsis-ep02") || id.starts_with("jd-synopsis-ep03");
        assert_eq!(sent(action), wanted, "{id}");
    }

    // Without an episode, every synopsis goes with a script request, as before.
    let out = run("write a script");
    assert!(synopses(&out)
        .iter()
        .all(|(_, a, _)| *a != Action::FilteredOut));

    // A synopsis request sends no synopsis: the example profile gives that intent no paramMatch,
    // because matching reads the bodies of every synopsis at each request (at 10,000 documents,
    // "generate episodes 7-12" went from ~10 to ~50 ms), and the synopses being rewritten are
    // regenerated from the plan anyway.
    let out = run("regenerate synopses for episodes 5-6");
    assert_eq!(out.manifest.intent.intent, "generate_episode_synopsis");
    for (id, action, code) in synopses(&out) {
        assert_eq!(
            (action, code),
            (Action::FilteredOut, ReasonCode::TypeExcluded),
            "{id}"
        );
    }
}

/// Lineage roles (issue 16): the idea the story was built on — the user's edit of an AI idea,
/// from which the settings were derived — outranks the AI original it superseded and the two
/// ideas nobody picked, and is sent within the default 16,000 characters. With the roles'
/// weights at 0 (as before the roles), the unpicked ideas (leaves, +5) outrank it.
#[test]
fn the_idea_the_story_was_built_on_outranks_the_abandoned_ones() {
    use ctxpack::jsondoc::Lineage;
    let (docs, edges, _) = project();
    let assembler = ContextAssembler::from_json(PROFILE).unwrap();
    let options = AssembleOptions {
        request: Request::Text("brainstorm more ideas like these".into()),
        edges: Some(edges),
        ..Default::default()
    };
    let out = assembler.assemble(&docs, &options).unwrap();
    let idea = |id: &str| record_of(&out, id);
    let chosen = idea("jd-brainstorm-1-edit");
    assert_eq!(chosen.lineage, Some(Lineage::Chosen));
    assert_eq!(idea("jd-brainstorm-1").lineage, Some(Lineage::Superseded));
    for id in ["jd-brainstorm-2", "jd-brainstorm-3"] {
        assert_eq!(idea(id).lineage, Some(Lineage::Alternative), "{id}");
        assert!(chosen.rank < idea(id).rank, "{id} outranks the chosen idea");
    }
    assert!(chosen.rank < idea("jd-brainstorm-1").rank);
    assert!(matches!(
        chosen.item.action,
        Action::Full | Action::Truncated
    ));
    assert!(out.context.encode_utf16().count() <= 16_000);

    let mut profile = ctxpack::jsondoc::Profile::from_json(PROFILE).unwrap();
    let weights = profile.weights.get_or_insert_with(Default::default);
    (weights.chosen, weights.superseded, weights.alternative) = (Some(0.0), Some(0.0), Some(0.0));
    let before = ContextAssembler::new(&profile)
        .unwrap()
        .assemble(&docs, &options)
        .unwrap();
    let rank_of = |id: &str| {
        before
            .manifest
            .documents
            .iter()
            .find(|d| &*d.item.id == id)
            .unwrap()
            .rank
    };
    assert!(rank_of("jd-brainstorm-2") < rank_of("jd-brainstorm-1-edit"));
}

/// A param match's mismatch reasons (issue 16): each names the field found and the param asked.
/// Synopses holding the same episode number share one reason (written once, its text crossing
/// once); "3.5" and 3.5 (a number spelled as text is that number), a missing field, an object
/// each get their own words, as JSON writes them. "3" matches episode 3 as 3 does.
#[test]
fn documents_a_param_match_leaves_out_share_the_reason_for_the_same_value() {
    let found = [
        "1",
        "2",
        "1",
        "2",
        "1",
        "0",
        "-0",
        "\"3.5\"",
        "3.5",
        "null",
        "true",
        "{\"n\":1}",
        "{\"n\":1}",
    ];
    let mut rows: Vec<String> = found
        .iter()
        .enumerate()
        .map(|(i, v)| {
            format!(r#"{{"id":"s{i}","schema_type":"单集大纲","origin_type":"ai_generated","created_at":{i},"data":{{"episodeNumber":{v}}}}}"#)
        })
        .collect();
    rows.push(r#"{"id":"none","schema_type":"单集大纲","origin_type":"ai_generated","created_at":1,"data":{}}"#.into());
    rows.push(r#"{"id":"hit","schema_type":"单集大纲","origin_type":"ai_generated","created_at":1,"data":{"episodeNumber":3}}"#.into());
    rows.push(r#"{"id":"hit-text","schema_type":"单集大纲","origin_type":"ai_generated","created_at":1,"data":{"episodeNumber":"3"}}"#.into());
    let v = json::parse(
        &format!("[{}]", rows.join(",")),
        &ctxpack::Limits::default(),
    )
    .unwrap();
    let docs = OwnedDocs::from_value(&v, &ctxpack::Limits::default()).unwrap();
    let assembler = ContextAssembler::from_json(PROFILE).unwrap();
    let options = AssembleOptions {
        request: Request::Text("write the script for episode 3".into()),
        ..Default::default()
    };
    let out = assembler.assemble(&docs, &options).unwrap();
    let record = |id: &str| record_of(&out, id);
    assert_ne!(record("hit").item.action, Action::FilteredOut);
    assert_ne!(record("hit-text").item.action, Action::FilteredOut);
    let words = |v: &str| format!("data/episodeNumber is {v}, the request asks for episode = 3");
    for (i, v) in found.iter().enumerate() {
        let r = record(&format!("s{i}"));
        assert_eq!(r.reason_code, ReasonCode::ParamMismatch, "s{i}");
        let text = if *v == "-0" { "-0" } else { v };
        assert_eq!(
            &*r.item.reason,
            words(&json::stringify(
                &json::parse(text, &ctxpack::Limits::default()).unwrap(),
                0
            )),
            "s{i}"
        );
    }
    assert_eq!(&*record("none").item.reason, words("absent"));
    let shared = |a: &str, b: &str| {
        ctxpack::SharedStr::ptr_eq(&record(a).item.reason, &record(b).item.reason)
    };
    assert!(shared("s0", "s2") && shared("s0", "s4") && shared("s1", "s3"));
    assert!(!shared("s0", "s1") && !shared("s0", "s5") && !shared("s10", "s11"));
}

/// Issue 34: requests typed the way people type them — full-width digits from an IME and
/// Chinese numerals — pick the intent the same request in ASCII digits picks, with the same
/// params, under the example profile's own rules.
#[test]
fn chinese_requests_as_typed_pick_the_script_and_synopsis_intents() {
    let (docs, edges, _) = project();
    let assembler = ContextAssembler::from_json(PROFILE).unwrap();
    let infer = |text: &str| assemble_text(&assembler, &docs, &edges, text);
    let num = |n: f64| Some(Value::Number(n));
    for (text, intent, params) in [
        (
            "生成第７-１２集",
            "generate_episode_synopsis",
            [("episodeStart", 7.0), ("episodeEnd", 12.0)].as_slice(),
        ),
        (
            "生成第７－１２集",
            "generate_episode_synopsis",
            &[("episodeStart", 7.0), ("episodeEnd", 12.0)],
        ),
        (
            "第七到十二集",
            "generate_episode_synopsis",
            &[("episodeStart", 7.0), ("episodeEnd", 12.0)],
        ),
        (
            "写第三集剧本",
            "generate_episode_script",
            &[("episode", 3.0)],
        ),
        (
            "请写第三集的剧本",
            "generate_episode_script",
            &[("episode", 3.0)],
        ),
        (
            "写第二到三集的剧本",
            "generate_episode_script",
            &[("episodeStart", 2.0), ("episodeEnd", 3.0)],
        ),
        (
            "写第１集剧本",
            "generate_episode_script",
            &[("episode", 1.0)],
        ),
    ] {
        let out = infer(text);
        let m = &out.manifest;
        assert_eq!(m.intent.intent, intent, "{text}");
        for (name, n) in params {
            assert_eq!(
                m.intent.params.get(*name),
                num(*n).as_ref(),
                "{text}: {name}"
            );
        }
        assert_eq!(
            m.intent.text.as_deref(),
            Some(text),
            "the record keeps the text as typed"
        );
        // The script request sends the synopsis asked for and no other.
        if intent == "generate_episode_script" {
            let sent: Vec<_> = m
                .documents
                .iter()
                .filter(|d| &*d.schema_type == "单集大纲" && d.item.action != Action::FilteredOut)
                .map(|d| d.item.id.to_string())
                .collect();
            assert!(!sent.is_empty(), "{text}");
            for id in sent {
                let ep: usize = id["jd-synopsis-ep".len()..][..2].parse().unwrap();
                let (lo, hi) = match params {
                    [(_, e)] => (*e as usize, *e as usize),
                    [(_, a), (_, b)] => (*a as usize, *b as usize),
                    _ => unreachable!(),
                };
                assert!((lo..=hi).contains(&ep), "{text}: {id}");
            }
        }
    }
    // A rule naming a numeral in its own words still matches the text as written.
    let p = ctxpack::jsondoc::Profile::from_json(
        r#"{"intents": {"default": {}, "unify": {}},
            "rules": [{"intent": "unify", "keywords": ["统一设定"]}]}"#,
    )
    .unwrap()
    .compile()
    .unwrap();
    let r = ctxpack::jsondoc::infer_intent(&p, &Request::Text("请统一设定".into())).unwrap();
    assert_eq!(r.intent, "unify");
}

/// Issue 34: the writing app's own request shape, `{intent, userRequest, params: {episodeRange}}`
/// (seed 004), selects as a text request with the same range does.
#[test]
fn the_seeds_request_shape_selects_by_its_range_param() {
    let (docs, edges, _) = project();
    let assembler = ContextAssembler::from_json(PROFILE).unwrap();
    let run = |request: &str| {
        let input = format!(r#"{{"request": {request}}}"#);
        let v = json::parse(&input, &ctxpack::Limits::default()).unwrap();
        let mut options = AssembleOptions::from_json_object(v.as_object().unwrap()).unwrap();
        options.edges = Some(edges.clone());
        assembler.assemble(&docs, &options).unwrap()
    };
    let sent = |out: &ctxpack::jsondoc::Assembly| -> Vec<String> {
        out.manifest
            .documents
            .iter()
            .filter(|d| &*d.schema_type == "单集大纲" && d.item.action != Action::FilteredOut)
            .map(|d| d.item.id.to_string())
            .collect()
    };
    let by_text = run(r#""write scripts for episodes 2-3""#);
    assert_eq!(
        sent(&by_text).len(),
        4,
        "episodes 2 and 3, each in two versions"
    );
    for range in [
        r#""2-3""#,
        r#""2–3""#,
        r#""第2-3集""#,
        r#""第二到三集""#,
        r#""２～３""#,
        "[2, 3]",
    ] {
        let out = run(&format!(
            r#"{{"intent": "generate_episode_script", "userRequest": "写这两集的剧本", "params": {{"episodeRange": {range}}}}}"#
        ));
        assert_eq!(sent(&out), sent(&by_text), "{range}");
        assert_eq!(out.manifest.intent.text.as_deref(), Some("写这两集的剧本"));
    }
    // A range that is no range matches no synopsis: each is left out, the reason naming it.
    let out = run(r#"{"intent": "generate_episode_script", "params": {"episodeRange": "2, 3"}}"#);
    assert!(sent(&out).is_empty());
    let r = out
        .manifest
        .documents
        .iter()
        .find(|d| &*d.schema_type == "单集大纲")
        .unwrap();
    assert_eq!(r.reason_code, ReasonCode::ParamMismatch);
    assert!(
        r.item.reason.contains(r#"episodeRange = "2, 3""#),
        "{}",
        r.item.reason
    );
    // userRequest alone is text for the rules; given with a different `text`, it is refused.
    let out = run(r#"{"userRequest": "生成第7-12集"}"#);
    assert_eq!(out.manifest.intent.intent, "generate_episode_synopsis");
    let v = json::parse(
        r#"{"request": {"userRequest": "a", "text": "b"}}"#,
        &ctxpack::Limits::default(),
    )
    .unwrap();
    let e = AssembleOptions::from_json_object(v.as_object().unwrap()).unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (ctxpack::ErrorCode::InvalidInput, "/request/userRequest")
    );
    let v = json::parse(
        r#"{"request": {"userRequest": "a", "text": "a"}}"#,
        &ctxpack::Limits::default(),
    )
    .unwrap();
    assert!(AssembleOptions::from_json_object(v.as_object().unwrap()).is_ok());
}

/// Issue 34: "generate episodes 7-12" under a tight budget. The coarse ladder cut the settings
/// (rank 1) to a 457-character summary of 4,398 and sent the superseded plan (rank 4) whole;
/// filling keeps the settings' prefix that fills the room left, and no document keeps more of
/// itself than one ranked above it.
#[test]
fn a_tight_budget_is_filled_by_rank() {
    let (docs, edges, _) = project();
    for fill in [false, true] {
        let profile = PROFILE.replacen(
            "\"alternatives\"",
            &format!("\"trim\": {{\"fill\": {fill}}},\n  \"alternatives\""),
            1,
        );
        let assembler = ContextAssembler::from_json(&profile).unwrap();
        for (max_chars, max_tokens) in [(Some(4000), None), (None, Some(3000))] {
            let options = AssembleOptions {
                request: Request::Text("generate episodes 7-12".into()),
                edges: Some(edges.clone()),
                max_chars,
                max_tokens,
                ..Default::default()
            };
            let out = assembler.assemble(&docs, &options).unwrap();
            let totals = &out.manifest.totals;
            // Shares kept, in rank order: chars, or tokens with a token budget.
            let kept: Vec<f64> = out
                .manifest
                .documents
                .iter()
                .filter(|d| d.rank.is_some())
                .map(
                    |d| match (max_tokens, d.item.tokens_before, d.item.chars_before) {
                        (Some(_), Some(before), _) => {
                            d.item.tokens_after.unwrap() as f64 / before as f64
                        }
                        (None, _, Some(before)) => d.item.chars_after as f64 / before as f64,
                        _ => 0.0,
                    },
                )
                .collect();
            let settings = record_of(&out, "jd-settings-2");
            assert_eq!(settings.rank, Some(1));
            let inversions = kept.windows(2).filter(|w| w[1] > w[0]).count();
            if fill {
                assert_eq!(settings.level, Some(ctxpack::jsondoc::TrimLevel::Prefix));
                assert!(settings.cut_at.is_some());
                assert!(kept[1] > 0.5, "the settings keep {:.2}", kept[1]);
                assert_eq!(inversions, 0, "{kept:?}");
                match (max_chars, max_tokens) {
                    (Some(max), _) => assert!(totals.chars * 100 >= max * 95, "{}", totals.chars),
                    (_, Some(max)) => assert!(totals.tokens.unwrap() * 100 >= max * 95),
                    _ => unreachable!(),
                }
            } else {
                // As the issue measured it.
                assert_eq!(
                    settings.level,
                    Some(ctxpack::jsondoc::TrimLevel::Summarized)
                );
                assert_eq!(settings.item.chars_after, 457);
                assert!(inversions > 0, "{kept:?}");
            }
        }
    }
}
