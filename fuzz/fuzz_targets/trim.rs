//! An arbitrary JSON value and level through `trim_value`, and as a document through
//! `trim_document` (the wasm `trimJsondoc`), with the trim settings of a profile.
//!
//! The rules checked are the ones docs/PROFILE.md states:
//! - full: nothing changes;
//! - truncated: same shape; a string is cut only when the cut plus its marker is shorter than
//!   the string (so every string longer than `truncateAt + marker` is cut); the kept part is
//!   the longest prefix of at most `truncateAt` UTF-16 units, ending on a character boundary
//!   (an emoji is never split), followed by the marker; truncating twice changes nothing more;
//! - summarized: each top-level object or array becomes `{"summary": "Original had N items"}`
//!   exactly when that summary is shorter (in UTF-16 units, the unit of every budget); top-level
//!   strings are cut at `summarizeAt`; nothing deeper changes;
//! - "trimming never makes a document longer": when the markers hold no character JSON escapes,
//!   a changed value's JSON text is shorter in UTF-16 units;
//! - `trim_document`: `data` keeps its form (JSON text stays text), `metadata.trimmed` is set
//!   when (and only when) something changed, other fields are untouched; errors have a message
//!   and a JSON-pointer path.
#![no_main]

use arbitrary::Arbitrary;
use ctxpack::__private::jsondoc::{trim_document, trim_value};
use ctxpack::json::{self, ObjectBuilder, Value};
use ctxpack::jsondoc::{Profile, TrimLevel, TrimSpec};
use ctxpack_fuzz::check::check_error;
use ctxpack_fuzz::gen::{Body, Key, Text};
use ctxpack_fuzz::trim_check::{check_summarized, check_truncated, plain, same_value, units};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct Input {
    value: Body,
    level: u8,
    truncate_at: u16,
    summarize_at: u16,
    truncate_marker: Option<Text>,
    summarize_marker: Option<Text>,
    doc: Option<DocForm>,
}

#[derive(Arbitrary, Debug)]
struct DocForm {
    as_text: bool,
    /// kind < 200: an object; < 230: null; else an array (invalid).
    metadata: Option<(u8, Vec<(Key, Body)>)>,
}

/// Every array and object in `v` whose JSON text is about `max` bytes or less, innermost first
/// (sizes estimated bottom-up in one pass, so deep chains cost no more than their length).
fn small_containers<'a>(v: &'a Value, max: usize, out: &mut Vec<&'a Value>) -> usize {
    let size = match v {
        Value::Null | Value::Bool(_) => 5,
        Value::Number(_) => 24,
        Value::String(s) => s.len() + 2,
        Value::Unpaired(u) => u.text().len() + 2,
        Value::Array(items) => {
            2 + items
                .iter()
                .map(|x| small_containers(x, max, out) + 1)
                .sum::<usize>()
        }
        Value::Object(o) => {
            2 + o
                .iter()
                .map(|(k, x)| k.len() + 4 + small_containers(x, max, out))
                .sum::<usize>()
        }
    };
    if matches!(v, Value::Array(_) | Value::Object(_)) && size <= max {
        out.push(v);
    }
    size
}

fuzz_target!(|input: Input| {
    let spec = TrimSpec {
        truncate_at: Some(f64::from(input.truncate_at % 800)),
        truncate_marker: input.truncate_marker.as_ref().map(Text::render),
        summarize_at: Some(f64::from(input.summarize_at % 300)),
        summarize_marker: input.summarize_marker.as_ref().map(Text::render),
        ..TrimSpec::default()
    };
    let profile = Profile {
        trim: Some(spec),
        ..Profile::default()
    };
    let trim = profile.compile().expect("a valid trim spec compiles").trim;
    let level = [TrimLevel::Full, TrimLevel::Truncated, TrimLevel::Summarized]
        [usize::from(input.level % 3)];

    let before = input.value.value();
    let mut after = before.clone();
    let changed = trim_value(&mut after, level, &trim);
    assert_eq!(
        changed,
        !same_value(&before, &after),
        "trim_value's `changed` does not say whether the value changed"
    );
    let mut known = false;
    match level {
        TrimLevel::Full => assert!(!changed, "level full changed the value"),
        TrimLevel::Truncated => {
            check_truncated(&before, &after, trim.truncate_at, &trim.truncate_marker);
            let mut twice = after.clone();
            assert!(
                !trim_value(&mut twice, level, &trim),
                "truncating a truncated value changed it again"
            );
        }
        TrimLevel::Summarized => {
            known = check_summarized(&before, &after, trim.summarize_at, &trim.summarize_marker);
            // Only top-level members are summarized; give every nested container its turn
            // as the member of a one-element top level (many more cases per input).
            // (Large containers are always longer than a summary: only small ones can break
            // the rule, and they are cheap to check.)
            let mut nested = Vec::new();
            small_containers(&before, 400, &mut nested);
            for c in nested.into_iter().take(64) {
                let wrapped = Value::Array(vec![c.clone()]);
                let mut out = wrapped.clone();
                trim_value(&mut out, level, &trim);
                check_summarized(&wrapped, &out, trim.summarize_at, &trim.summarize_marker);
            }
        }
        // The cap's levels (fitted, prefix) are checked by its property tests, not drawn here.
        TrimLevel::Fitted | TrimLevel::Prefix => {
            unreachable!("only full, truncated and summarized are drawn")
        }
    }
    if changed && !known && plain(&trim.truncate_marker) && plain(&trim.summarize_marker) {
        assert!(
            units(&after) < units(&before),
            "trimming ({level:?}) made the value longer: {} -> {} UTF-16 units",
            units(&before),
            units(&after)
        );
    }

    // The same value as a document's data.
    let Some(form) = &input.doc else { return };
    let data = if form.as_text {
        Value::String(json::stringify(&before, 0))
    } else {
        before.clone()
    };
    let mut doc = ObjectBuilder::new();
    doc.insert("id".into(), Value::String("x".into()));
    doc.insert("data".into(), data.clone());
    let metadata = form.metadata.as_ref().map(|(kind, members)| {
        if *kind < 200 {
            let mut b = ObjectBuilder::new();
            for (k, v) in members.iter().take(8) {
                b.insert(k.render(), v.value());
            }
            Value::Object(b.finish())
        } else if *kind < 230 {
            Value::Null
        } else {
            Value::Array(vec![])
        }
    });
    if let Some(m) = &metadata {
        doc.insert("metadata".into(), m.clone());
    }
    let doc = Value::Object(doc.finish());
    let out = trim_document(doc.clone(), level, &trim, &ctxpack::Limits::default());
    let again = trim_document(doc.clone(), level, &trim, &ctxpack::Limits::default());
    let deterministic = match (&out, &again) {
        (Ok(a), Ok(b)) => same_value(a, b),
        (Err(a), Err(b)) => a == b,
        _ => false,
    };
    assert!(deterministic, "trim_document is not deterministic");

    // What docs/PROFILE.md says `data` means: a string holding JSON text is that JSON.
    let (value, was_text) = match &data {
        Value::String(t) => match json::parse(t, &ctxpack::Limits::default()) {
            Ok(v) => (v, true),
            Err(e) if e.too_deep => {
                let err = out.expect_err("data nested past MAX_DEPTH must be refused");
                check_error(&err, "trim_document");
                assert_eq!(err.path, "/data");
                return;
            }
            Err(_) => (data.clone(), false),
        },
        v => (v.clone(), false),
    };
    let mut trimmed = value;
    let changed = trim_value(&mut trimmed, level, &trim);
    if !changed {
        let out =
            out.unwrap_or_else(|e| panic!("trim_document failed with nothing to trim: {e:?}"));
        assert!(
            same_value(&out, &doc),
            "trim_document changed a document with nothing to trim"
        );
        return;
    }
    let out = match (out, &metadata) {
        (Err(e), Some(Value::Array(_))) => {
            check_error(&e, "trim_document");
            assert_eq!(e.path, "/metadata");
            return;
        }
        (Err(e), _) => panic!("trim_document failed: {e:?}"),
        (Ok(_), Some(Value::Array(_))) => panic!("trim_document accepted array metadata"),
        (Ok(out), _) => out,
    };
    let o = out.as_object().expect("trim_document returns an object");
    let keys: Vec<&str> = o.iter().map(|(k, _)| k).collect();
    assert_eq!(
        keys,
        ["id", "data", "metadata"],
        "trim_document's field order"
    );
    assert_eq!(o.get("id"), Some(&Value::String("x".into())));
    let want_data = if was_text {
        Value::String(json::stringify(&trimmed, 0))
    } else {
        trimmed
    };
    assert!(
        same_value(o.get("data").unwrap(), &want_data),
        "trim_document's data"
    );
    let m = o
        .get("metadata")
        .and_then(Value::as_object)
        .expect("metadata is an object");
    assert_eq!(
        m.get("trimmed"),
        Some(&Value::Bool(true)),
        "metadata.trimmed is not set"
    );
    if let Some(Value::Object(orig)) = &metadata {
        for (k, v) in orig.iter().filter(|(k, _)| *k != "trimmed") {
            assert!(
                m.get(k).is_some_and(|x| same_value(x, v)),
                "trim_document lost metadata.{k}"
            );
        }
    }
});
