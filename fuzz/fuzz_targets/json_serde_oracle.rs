//! `ctxpack::json::parse` against an outside reader, serde_json (see `fuzz/src/oracle.rs` for
//! its build and how the three intended differences are taken out): both accept or both refuse
//! the same text, and for accepted text the values agree — numbers bit for bit as doubles,
//! strings equal, arrays of the same length, objects with the same keys (ctxpack's in
//! JavaScript's order, serde_json's sorted; both keep the last duplicate), recursively.
#![no_main]

use ctxpack::json;
use ctxpack::Limits;
use ctxpack_fuzz::check::assert_same;
use ctxpack_fuzz::oracle::{
    difference, error_offset, nesting, number_at, refusal, replace_lone_surrogate_escapes,
    serde_parse, Refusal,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The default limits: nesting up to json::MAX_DEPTH (256).
    let limits = Limits::default();
    let parse = |text: &str| json::parse(text, &limits);
    let original = String::from_utf8_lossy(data);
    let ours = parse(&original);

    // Deeper than ctxpack's limit: ctxpack refuses (TOO_DEEP, or an earlier fault); serde_json
    // is not asked, as it would recurse as deep as the text.
    let depth = nesting(&original);
    if depth > limits.max_depth {
        assert!(
            ours.is_err(),
            "ctxpack accepted text nesting {depth} levels"
        );
        return;
    }
    if let Err(e) = &ours {
        assert!(
            !e.too_deep,
            "TOO_DEEP for text nesting {depth} levels: {}",
            e.message
        );
    }

    // Lone surrogate escapes as \ufffd: the same to ctxpack, and readable by serde_json.
    let mut text = match replace_lone_surrogate_escapes(&original) {
        None => original.to_string(),
        Some(fixed) => {
            assert_same(
                &parse(&fixed).map_err(|e| e.message),
                &ours.clone().map_err(|e| e.message),
                "ctxpack reads a lone surrogate escape other than as \\ufffd",
            );
            fixed
        }
    };

    let mut ours = ours;
    loop {
        match (ours, serde_parse(&text)) {
            (Ok(v), Ok(s)) => {
                if let Some(d) = difference(&v, &s, "") {
                    panic!("ctxpack and serde_json read different values: {d}");
                }
                return;
            }
            (Err(_), Err(_)) => return,
            (Err(e), Ok(_)) => panic!(
                "ctxpack refuses what serde_json reads: {} (line {}, column {})",
                e.message, e.position.line, e.position.column
            ),
            (Ok(_), Err(e)) if refusal(&e) == Refusal::OutOfRange => {
                let at = error_offset(&text, &e);
                let span = number_at(&text, at)
                    .unwrap_or_else(|| panic!("serde_json: {e}, but no number at byte {at}"));
                let token = text[span.clone()].to_string();
                let alone = parse(&token).map_err(|e| e.message);
                assert!(
                    matches!(alone, Ok(json::Value::Number(n)) if n.is_infinite()),
                    "serde_json: {e}; ctxpack reads {token:?} as {alone:?}"
                );
                text.replace_range(span, "null");
                ours = parse(&text);
                assert!(
                    ours.is_ok(),
                    "ctxpack refuses the text once {token:?} is null"
                );
            }
            (Ok(_), Err(e)) => panic!("ctxpack reads what serde_json refuses: {e}"),
        }
    }
});
