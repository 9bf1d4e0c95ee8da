//! Arbitrary bytes to `Profile::from_json` and `compile`.
//!
//! Checks: no panic; errors with a message and a JSON-pointer path; compiling twice gives the
//! same result; a profile survives being written (`shape::to_json_text` then `from_json`
//! compiles to the same thing); a compiled profile keeps the documented ranges (indent 0–10,
//! summarizeFrom 0–1, recencyHalfLifeMs > 0, finite weights, the default intent and every
//! rule's intent defined); and a profile that compiles assembles a small fixed project within
//! its budget with every invariant of `assemble_json_input`.
#![no_main]

use ctxpack::budget::MAX_BUDGET;
use ctxpack::jsondoc::Profile;
use ctxpack_fuzz::check::{check_assemble_text, check_error};
use libfuzzer_sys::fuzz_target;

/// Every type of the generators, aliases, long and short bodies, JSON text and plain text.
const DOCUMENTS: &str = r#"[
{"id":"idea","schema_type":"灵感创意","origin_type":"user_input","created_at":"2026-02-01T08:00:00Z","data":{"title":"灯塔","premise":"一个关于灯塔看守人的故事😀","tags":["悬疑","成长","海边","家庭"]}},
{"id":"settings","schema_type":"剧本设定","origin_type":"ai_generated","created_at":"2026-02-02T08:00:00+08:00","data":"{\"world\":\"A coastal town where the fog never lifts. The lighthouse keeper writes letters to nobody, and every letter is answered. The town's children know the rules: never read a letter that is not yours, never go up the stairs after dark, never ask the keeper where the answers come from. The fog carries voices. Some of them belong to people who left; some of them belong to people who have not yet arrived. This paragraph goes on long enough to be truncated at the default five hundred UTF-16 units, with an emoji 😀 and a rare ideograph 𠀋 near the end so that a cut might fall inside a surrogate pair if the code were careless about it. 😀𠀋😀𠀋\",\"characters\":[{\"name\":\"Lin\"},{\"name\":\"Mo\"}]}"},
{"id":"chron","schema_type":"chronicles","origin_type":"ai_generated","created_at":1770000000000,"data":{"events":[1,2,3,4,5,6,7,8,9,10,11,12],"notes":"short"},"is_leaf":false},
{"id":"plan","schema_type":"分集结构","origin_type":"ai_generated","created_at":"2026-02-04","data":{"episodes":[{"n":1,"t":"第一集"},{"n":2,"t":"第二集"}]},"metadata":{"model":"m"}},
{"id":"ep1","schema_type":"单集大纲","origin_type":"ai_generated","created_at":"2026-02-05T00:00:00Z","data":"plain text, not JSON","is_leaf":true},
{"id":"note/1~","schema_type":"note","origin_type":"user_input","created_at":0,"data":null},
{"id":"","schema_type":"","origin_type":"user_input","created_at":"2026-02-06T00:00:00Z","data":[["故事"],{"0":1,"b":2,"1":3}]}
]"#;

const REQUESTS: &[&str] = &[
    r#""生成第7-12集""#,
    r#""brainstorm everything, episodes 1 to 3""#,
];

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let profile = match Profile::from_json(&text) {
        Ok(p) => p,
        Err(e) => {
            check_error(&e, "Profile::from_json");
            return;
        }
    };
    let compiled = profile.compile();
    let again = profile.compile();
    assert_eq!(
        format!("{compiled:?}"),
        format!("{again:?}"),
        "compiling the same profile twice differs"
    );

    // A profile that compiles survives being written and read back. (One that does not may
    // hold a number JSON cannot write, NaN or ±Infinity, which the writer turns into null.)
    if compiled.is_ok() {
        let written = ctxpack::shape::to_json_text(&profile);
        let reread = Profile::from_json(&written)
            .unwrap_or_else(|e| panic!("a written profile does not read back: {e:?}\n{written}"));
        // The writer writes -0 as `0`, as JSON.stringify does (fuzz/regressions/profile/
        // negative-zero-weight.json): a weight of -0 and one of 0 score alike, so the two
        // compiled profiles are compared with zero's sign folded.
        let folded = |c: String| c.replace("-0.0,", "0.0,").replace("-0.0 }", "0.0 }");
        assert_eq!(
            folded(format!("{:?}", reread.compile())),
            folded(format!("{compiled:?}")),
            "a profile compiles differently after being written"
        );
    }

    match &compiled {
        Err(e) => check_error(e, "Profile::compile"),
        Ok(c) => {
            assert!(c.render.indent <= 10);
            assert!((0.0..=1.0).contains(&c.trim.summarize_from));
            assert!(c.weights.recency_half_life_ms > 0.0);
            let w = c.weights;
            for x in [
                w.required,
                w.optional,
                w.leaf,
                w.user_input,
                w.recency,
                w.recency_half_life_ms,
            ] {
                assert!(x.is_finite(), "a compiled weight is not finite");
            }
            for max in [c.budget.max_chars, c.budget.max_tokens]
                .into_iter()
                .flatten()
            {
                assert!(max as f64 <= MAX_BUDGET);
            }
            assert!(
                c.intent(&c.default_intent).is_some(),
                "the default intent is undefined"
            );
            for r in &c.rules {
                assert!(
                    c.intent(&r.intent).is_some(),
                    "a rule names an undefined intent"
                );
            }
        }
    }

    // Any profile that reads assembles a small project correctly (or refuses it properly).
    for request in REQUESTS {
        let input = format!(r#"{{"documents":{DOCUMENTS},"request":{request},"profile":{text}}}"#);
        check_assemble_text(&input, false);
    }
});
