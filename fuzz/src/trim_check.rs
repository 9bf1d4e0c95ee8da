//! The trim rules of docs/PROFILE.md, checked on one value before and after `trim_value`.

use ctxpack::__private::text::utf16_len;
use ctxpack::json::{self, ObjectBuilder, Value};

/// Structural equality, with NaN equal to NaN (numbers compared bit for bit).
pub fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.to_bits() == y.to_bits(),
        (Value::Array(xs), Value::Array(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_value(x, y))
        }
        (Value::Object(xo), Value::Object(yo)) => {
            xo.len() == yo.len()
                && xo
                    .iter()
                    .zip(yo.iter())
                    .all(|((kx, x), (ky, y))| kx == ky && same_value(x, y))
        }
        (x, y) => x == y,
    }
}

pub fn units(v: &Value) -> usize {
    utf16_len(&json::stringify(v, 0))
}

/// The cut rule for one string.
pub fn check_cut(orig: &str, new: &str, at: usize, marker: &str, what: &str) {
    if orig == new {
        assert!(
            utf16_len(orig) <= at + utf16_len(marker),
            "{what}: a string of {} units (> {at} + marker {}) was not cut",
            utf16_len(orig),
            utf16_len(marker)
        );
        return;
    }
    let kept = new
        .strip_suffix(marker)
        .unwrap_or_else(|| panic!("{what}: a cut string does not end with its marker"));
    assert!(
        orig.starts_with(kept),
        "{what}: the kept part is not a prefix of the original"
    );
    assert!(
        utf16_len(kept) <= at,
        "{what}: kept {} units > {at}",
        utf16_len(kept)
    );
    let next = orig[kept.len()..]
        .chars()
        .next()
        .unwrap_or_else(|| panic!("{what}: cut but nothing was removed"));
    assert!(
        utf16_len(kept) + next.len_utf16() > at,
        "{what}: the cut is not the longest prefix within {at} units"
    );
    assert!(
        utf16_len(new) < utf16_len(orig),
        "{what}: cutting made the string longer ({} -> {} units)",
        utf16_len(orig),
        utf16_len(new)
    );
}

pub fn check_truncated(before: &Value, after: &Value, at: usize, marker: &str) {
    match (before, after) {
        (Value::String(a), Value::String(b)) => check_cut(a, b, at, marker, "truncated"),
        (Value::Array(xs), Value::Array(ys)) => {
            assert_eq!(xs.len(), ys.len(), "truncation changed an array's length");
            for (x, y) in xs.iter().zip(ys) {
                check_truncated(x, y, at, marker);
            }
        }
        (Value::Object(xo), Value::Object(yo)) => {
            let xk: Vec<&str> = xo.iter().map(|(k, _)| k).collect();
            let yk: Vec<&str> = yo.iter().map(|(k, _)| k).collect();
            assert_eq!(xk, yk, "truncation changed an object's keys");
            for ((_, x), (_, y)) in xo.iter().zip(yo.iter()) {
                check_truncated(x, y, at, marker);
            }
        }
        (x, y) => assert!(
            same_value(x, y),
            "truncation changed a scalar: {x:?} -> {y:?}"
        ),
    }
}

fn summary(n: usize) -> Value {
    let mut b = ObjectBuilder::new();
    b.insert(
        "summary".into(),
        Value::String(format!("Original had {n} items")),
    );
    Value::Object(b.finish())
}

/// Checks one top-level member; true when it hit a tolerated known issue.
fn check_member(before: &Value, after: &Value, at: usize, marker: &str) -> bool {
    let n = match before {
        Value::Array(items) => Some(items.len()),
        Value::Object(o) => Some(o.len()),
        _ => None,
    };
    match (n, before, after) {
        (Some(n), _, _) => {
            let s = summary(n);
            let before_units = units(before);
            let shorter = units(&s) < before_units;
            if same_value(after, before) {
                assert!(
                    !shorter,
                    "summarized: a container of {} units was kept though its summary has {}",
                    before_units,
                    units(&s)
                );
            } else {
                assert!(
                    same_value(after, &s),
                    "summarized: a container became something else: {after:?}"
                );
                assert!(
                    shorter,
                    "summarized: a container of {} UTF-16 units ({} bytes) was replaced by a \
                     summary of {} units ({} bytes): {}",
                    before_units,
                    json::stringify(before, 0).len(),
                    units(&s),
                    json::stringify(&s, 0).len(),
                    json::stringify(before, 0)
                );
            }
        }
        (None, Value::String(a), Value::String(b)) => check_cut(a, b, at, marker, "summarized"),
        (None, x, y) => assert!(
            same_value(x, y),
            "summarized: a scalar changed: {x:?} -> {y:?}"
        ),
    }
    false
}

/// Checks a summarized value against its original; true when a tolerated known issue was hit
/// (the value may then be longer than before).
pub fn check_summarized(before: &Value, after: &Value, at: usize, marker: &str) -> bool {
    let mut known = false;
    match (before, after) {
        (Value::Object(xo), Value::Object(yo)) => {
            let xk: Vec<&str> = xo.iter().map(|(k, _)| k).collect();
            let yk: Vec<&str> = yo.iter().map(|(k, _)| k).collect();
            assert_eq!(xk, yk, "summarizing changed the top-level keys");
            for ((_, x), (_, y)) in xo.iter().zip(yo.iter()) {
                known |= check_member(x, y, at, marker);
            }
        }
        (Value::Array(xs), Value::Array(ys)) => {
            assert_eq!(
                xs.len(),
                ys.len(),
                "summarizing changed the top-level length"
            );
            for (x, y) in xs.iter().zip(ys) {
                known |= check_member(x, y, at, marker);
            }
        }
        (Value::String(a), Value::String(b)) => check_cut(a, b, at, marker, "summarized"),
        (x, y) => assert!(
            same_value(x, y),
            "summarizing changed a scalar: {x:?} -> {y:?}"
        ),
    }
    known
}

/// No character `JSON.stringify` escapes: such a marker costs its own length in JSON text.
pub fn plain(marker: &str) -> bool {
    marker.chars().all(|c| c >= ' ' && c != '"' && c != '\\')
}

#[cfg(test)]
mod tests {
    use super::*;
    use ctxpack::__private::jsondoc::trim_value;
    use ctxpack::jsondoc::{Profile, TrimLevel};

    #[test]
    fn the_checks_accept_the_trim_and_catch_a_summary_longer_than_its_container() {
        let trim = Profile::default().compile().unwrap().trim;
        let check = |before: &str, after: &Value| {
            let before = json::parse(before, &ctxpack::Limits::default()).unwrap();
            std::panic::catch_unwind(|| {
                check_summarized(&before, after, trim.summarize_at, &trim.summarize_marker);
            })
        };
        for text in [
            r#"{"a":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]}"#,
            r#"{"a":["故故故故故故故故故故故"]}"#,
        ] {
            let mut after = json::parse(text, &ctxpack::Limits::default()).unwrap();
            trim_value(&mut after, TrimLevel::Summarized, &trim);
            assert!(check(text, &after).is_ok(), "{text}");
        }
        // What the trim did before it compared UTF-16 units: 21 units became 40.
        let grown = json::parse(
            r#"{"a":{"summary":"Original had 1 items"}}"#,
            &ctxpack::Limits::default(),
        )
        .unwrap();
        assert!(check(r#"{"a":["故故故故故故故故故故故"]}"#, &grown).is_err());
    }
}
