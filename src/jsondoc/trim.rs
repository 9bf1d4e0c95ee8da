//! The trim ladder: full → truncated → summarized, and between the last two the level the
//! cap fits a document to (strings cut at the length that fills the room left).
//!
//! Lengths are UTF-16 code units and cuts fall on character boundaries, so a truncated emoji
//! or CJK extension character is dropped whole, never split into a lone surrogate.

use super::profile::CompiledTrim;
use crate::json::{self, Object, ObjectBuilder, Value};
use crate::text::{prefix_utf16, utf16_len};

/// How much of a document is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, crate::shape::Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum TrimLevel {
    /// Unchanged.
    Full,
    /// Every string longer than `truncateAt`, at any depth, cut and marked.
    Truncated,
    /// As truncated, at the length the cap chose so that the document fills the room left
    /// (its record's `cutAt`); never given by the ladder, only by the cap's `degrade`.
    Fitted,
    /// The document in order up to `cutAt` units of its text, chosen by the cap as `fitted`
    /// is: the string where that runs out cut and marked, the containers after it replaced by
    /// their counts and the array items after it by one `{"summary": "N more items"}`.
    Prefix,
    /// Top-level objects and arrays replaced by `{"summary": "Original had N items"}`, strings
    /// longer than `summarizeAt` cut and marked.
    Summarized,
}

impl TrimLevel {
    pub fn next(self) -> Option<TrimLevel> {
        match self {
            TrimLevel::Full => Some(TrimLevel::Truncated),
            TrimLevel::Truncated | TrimLevel::Fitted | TrimLevel::Prefix => {
                Some(TrimLevel::Summarized)
            }
            TrimLevel::Summarized => None,
        }
    }
}

/// The level a document gets for its rank among `total` selected documents: the top
/// `fullRanks` in full, ranks from `summarizeFrom × total` on summarized, truncated between.
pub(crate) fn level_for_rank(trim: &CompiledTrim, rank: usize, total: usize) -> TrimLevel {
    if rank < trim.full_ranks {
        TrimLevel::Full
    } else {
        #[allow(clippy::cast_precision_loss)] // counts of documents are far below 2^53
        let (rank, total) = (rank as f64, total as f64);
        if rank < total * trim.summarize_from {
            TrimLevel::Truncated
        } else {
            TrimLevel::Summarized
        }
    }
}

/// Applies `level` to `v` in place; returns whether anything changed. `Fitted` and `Prefix`,
/// whose lengths only the cap knows, cut at `truncateAt` here; the cap cuts with
/// `cut_strings` and `keep_prefix`.
pub fn trim_value(v: &mut Value, level: TrimLevel, trim: &CompiledTrim) -> bool {
    match level {
        TrimLevel::Full => false,
        TrimLevel::Truncated | TrimLevel::Fitted => {
            truncate(v, trim.truncate_at, &trim.truncate_marker)
        }
        TrimLevel::Prefix => keep_prefix(v, trim.truncate_at, trim),
        TrimLevel::Summarized => summarize(v, trim),
    }
}

/// Applies `level` to `v` in place at the length `at` for the levels the cap fits (`Fitted`,
/// `Prefix`: a record's `cutAt`), as [`trim_value`] for the others; returns whether anything
/// changed. With a record's `level` and `cutAt` it gives the body the record's block holds.
pub fn cut_at_level(v: &mut Value, level: TrimLevel, at: usize, trim: &CompiledTrim) -> bool {
    match level {
        TrimLevel::Fitted => cut_strings(v, at, trim),
        TrimLevel::Prefix => keep_prefix(v, at, trim),
        _ => trim_value(v, level, trim),
    }
}

/// The prefix level's cut: `v` in order up to `keep` UTF-16 units of its strings' text.
pub(crate) fn keep_prefix(v: &mut Value, keep: usize, trim: &CompiledTrim) -> bool {
    let mut left = keep;
    prefix(v, &mut left, trim)
}

/// The UTF-16 lengths of `v`'s strings: their sum (keeping that much of its text keeps it
/// whole) and the longest (no cut past it changes `v`).
pub(crate) fn string_lengths(v: &Value) -> (usize, usize) {
    let fold = |(sum, longest): (usize, usize), (s, l): (usize, usize)| {
        (sum.saturating_add(s), longest.max(l))
    };
    match v {
        Value::String(s) => (utf16_len(s), utf16_len(s)),
        Value::Unpaired(u) => (u.utf16_len(), u.utf16_len()),
        Value::Array(items) => items.iter().map(string_lengths).fold((0, 0), fold),
        Value::Object(o) => o.iter().map(|(_, v)| string_lengths(v)).fold((0, 0), fold),
        Value::Null | Value::Bool(_) | Value::Number(_) => (0, 0),
    }
}

#[allow(clippy::arithmetic_side_effects)] // n <= *left, and counts of items
fn prefix(v: &mut Value, left: &mut usize, trim: &CompiledTrim) -> bool {
    let marker = &trim.truncate_marker;
    match v {
        Value::String(s) => {
            let n = utf16_len(s);
            if n <= *left {
                *left -= n;
                return false;
            }
            let at = std::mem::take(left);
            cut(s, at, marker)
        }
        Value::Unpaired(u) => {
            let n = u.utf16_len();
            if n <= *left {
                *left -= n;
                return false;
            }
            let at = std::mem::take(left);
            cut_unpaired(v, at, marker)
        }
        Value::Array(items) if *left == 0 => {
            let n = items.len();
            n > 0 && replace_with_summary(v, n)
        }
        Value::Object(o) if *left == 0 => {
            let n = o.len();
            n > 0 && replace_with_summary(v, n)
        }
        Value::Array(items) => {
            let mut changed = false;
            let mut kept = items.len();
            for (i, item) in items.iter_mut().enumerate() {
                if *left == 0 {
                    kept = i;
                    break;
                }
                changed |= prefix(item, left, trim);
            }
            if kept < items.len() {
                let more = more_items(items.len() - kept);
                let rest = Value::Array(items.get(kept..).unwrap_or_default().to_vec());
                if utf16_len(&json::stringify(&more, 0))
                    < utf16_len(&json::stringify(&rest, 0)).saturating_sub(2)
                {
                    items.truncate(kept);
                    items.push(more);
                    changed = true;
                } else {
                    for item in items.iter_mut().skip(kept) {
                        changed |= prefix(item, left, trim);
                    }
                }
            }
            changed
        }
        // An object keeps its keys: past the text kept, its strings are cut to the marker and
        // its containers counted.
        Value::Object(o) => o
            .values_mut()
            .fold(false, |changed, m| prefix(m, left, trim) | changed),
        Value::Null | Value::Bool(_) | Value::Number(_) => false,
    }
}

fn more_items(n: usize) -> Value {
    summary_saying(if n == 1 {
        "1 more item".to_string()
    } else {
        format!("{n} more items")
    })
}

/// The fitted level's cut: every string, at any depth, longer than `at` units plus the
/// truncation marker, cut to `at` and marked — the truncated level's cut at another length.
pub(crate) fn cut_strings(v: &mut Value, at: usize, trim: &CompiledTrim) -> bool {
    truncate(v, at, &trim.truncate_marker)
}

/// Cuts `s` to `at` units plus `marker` — only if that makes it shorter: trimming never grows
/// a document (a 505-unit string is not "cut" to 500 + " [truncated]").
fn cut(s: &mut String, at: usize, marker: &str) -> bool {
    if utf16_len(s) <= at.saturating_add(utf16_len(marker)) {
        return false;
    }
    let keep = prefix_utf16(s, at).len();
    s.truncate(keep);
    s.push_str(marker);
    true
}

/// [`cut`] of a string that holds unpaired surrogates; a plain string again if the cut left
/// none.
fn cut_unpaired(v: &mut Value, at: usize, marker: &str) -> bool {
    let Value::Unpaired(u) = v else {
        return false;
    };
    let changed = u.cut(at, marker);
    if !u.is_unpaired() {
        if let Value::Unpaired(u) = std::mem::replace(v, Value::Null) {
            *v = Value::String(u.into_text());
        }
    }
    changed
}

fn truncate(v: &mut Value, at: usize, marker: &str) -> bool {
    match v {
        Value::String(s) => cut(s, at, marker),
        Value::Unpaired(_) => cut_unpaired(v, at, marker),
        Value::Array(items) => items
            .iter_mut()
            .fold(false, |changed, item| truncate(item, at, marker) | changed),
        Value::Object(o) => o
            .values_mut()
            .fold(false, |changed, item| truncate(item, at, marker) | changed),
        Value::Null | Value::Bool(_) | Value::Number(_) => false,
    }
}

fn summary(items: usize) -> Value {
    summary_saying(format!("Original had {items} items"))
}

/// `{"summary": text}`: what stands for a container, or for the items cut from an array.
fn summary_saying(text: String) -> Value {
    let mut b = ObjectBuilder::new();
    b.insert("summary".to_string(), Value::String(text));
    Value::Object(b.finish())
}

/// Replaces a container by its count, unless the count would be the longer text (`[[]]`).
fn replace_with_summary(v: &mut Value, items: usize) -> bool {
    let s = summary(items);
    if utf16_len(&json::stringify(&s, 0)) < utf16_len(&json::stringify(v, 0)) {
        *v = s;
        true
    } else {
        false
    }
}

/// One member of the top level: containers become a count, long strings are cut.
fn summarize_member(v: &mut Value, trim: &CompiledTrim) -> bool {
    match v {
        Value::Array(items) => {
            let n = items.len();
            replace_with_summary(v, n)
        }
        Value::Object(o) => {
            let n = o.len();
            replace_with_summary(v, n)
        }
        Value::String(s) => cut(s, trim.summarize_at, &trim.summarize_marker),
        Value::Unpaired(_) => cut_unpaired(v, trim.summarize_at, &trim.summarize_marker),
        Value::Null | Value::Bool(_) | Value::Number(_) => false,
    }
}

fn summarize(v: &mut Value, trim: &CompiledTrim) -> bool {
    match v {
        Value::Object(o) => o
            .values_mut()
            .fold(false, |changed, m| summarize_member(m, trim) | changed),
        Value::Array(items) => items
            .iter_mut()
            .fold(false, |changed, m| summarize_member(m, trim) | changed),
        Value::String(s) => cut(s, trim.summarize_at, &trim.summarize_marker),
        Value::Unpaired(_) => cut_unpaired(v, trim.summarize_at, &trim.summarize_marker),
        Value::Null | Value::Bool(_) | Value::Number(_) => false,
    }
}

/// The fitted and prefix levels' lengths are the cap's to choose, for the room left.
pub(crate) fn fitted_level(path: &str) -> crate::Error {
    crate::Error::new(
        crate::ErrorCode::InvalidInput,
        path,
        "the fitted and prefix levels' lengths are chosen by the cap for the room left: trim at truncated or summarized",
    )
}

/// Marks `metadata.trimmed = true`, creating the object if needed.
pub fn mark_trimmed(metadata: Option<Value>) -> Value {
    let mut o = match metadata {
        Some(Value::Object(o)) => o,
        _ => Object::default(),
    };
    o.set("trimmed", Value::Bool(true));
    Value::Object(o)
}

/// Trims a whole document object (`{id, …, data, metadata}`) at `level`: `data` keeps its form
/// (a JSON-text string stays a string), and `metadata.trimmed` is set when anything changed.
/// Paths in errors are relative to the document. JSON-text `data` is read no deeper than
/// `limits.maxDepth`.
pub fn trim_document(
    doc: Value,
    level: TrimLevel,
    trim: &CompiledTrim,
    limits: &crate::Limits,
) -> crate::Result<Value> {
    use super::document::{data_missing, not_a_document};
    if matches!(level, TrimLevel::Fitted | TrimLevel::Prefix) {
        return Err(fitted_level(""));
    }
    let Value::Object(mut o) = doc else {
        return Err(not_a_document("", json::read::kind(&doc)));
    };
    let data = o.get("data").cloned().ok_or_else(|| data_missing(""))?;
    let (mut value, was_text) =
        super::document::data_and_form(data, limits).map_err(|e| e.into_error("/data"))?;
    if trim_value(&mut value, level, trim) {
        let data = if was_text {
            Value::String(crate::json::stringify(&value, 0))
        } else {
            value
        };
        o.set("data", data);
        // Metadata keeps its form too: JSON text stays text.
        let given = o.get("metadata").cloned();
        let was_text = matches!(given, Some(Value::String(_)));
        let metadata = super::document::metadata_value(given, 0, limits).map_err(|mut e| {
            e.path = "/metadata".to_string();
            e
        })?;
        let marked = mark_trimmed(metadata);
        o.set(
            "metadata",
            if was_text {
                Value::String(crate::json::stringify(&marked, 0))
            } else {
                marked
            },
        );
    }
    Ok(Value::Object(o))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{parse, stringify};
    use crate::jsondoc::profile::Profile;

    fn trim() -> CompiledTrim {
        Profile::default().compile().unwrap().trim
    }

    fn apply(json: &str, level: TrimLevel) -> (String, bool) {
        let mut v = parse(json, &crate::Limits::default()).unwrap();
        let changed = trim_value(&mut v, level, &trim());
        (stringify(&v, 0), changed)
    }

    #[test]
    fn ladder_by_rank_matches_the_reference() {
        let t = trim();
        let levels: Vec<_> = (0..10).map(|r| level_for_rank(&t, r, 10)).collect();
        use TrimLevel::*;
        assert_eq!(
            levels,
            [
                Full, Full, Full, Full, Truncated, Summarized, Summarized, Summarized, Summarized,
                Summarized
            ]
        );
        let levels: Vec<_> = (0..12).map(|r| level_for_rank(&t, r, 12)).collect();
        assert_eq!(levels[4..7], [Truncated, Truncated, Summarized]);
    }

    #[test]
    fn truncation_recurses_and_counts_utf16() {
        let long = "x".repeat(513);
        let (out, changed) = apply(
            &format!(r#"{{"a":{{"b":["{long}"]}},"c":"{}"}}"#, "y".repeat(512)),
            TrimLevel::Truncated,
        );
        assert!(changed);
        assert_eq!(
            out,
            format!(
                r#"{{"a":{{"b":["{} [truncated]"]}},"c":"{}"}}"#,
                "x".repeat(500),
                "y".repeat(512)
            )
        );
    }

    #[test]
    fn an_emoji_across_the_cut_is_dropped_whole() {
        let s = format!("{}😀{}", "x".repeat(499), "tail".repeat(10));
        let (out, _) = apply(&format!(r#""{s}""#), TrimLevel::Truncated);
        assert_eq!(out, format!(r#""{} [truncated]""#, "x".repeat(499)));
    }

    #[test]
    fn summaries_replace_containers_and_cut_strings() {
        let list = (0..20).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
        let obj =
            r#"{"name":"Lin Xia","arc":"from doubt to resolve","traits":["brave","stubborn"]}"#;
        let (out, changed) = apply(
            &format!(
                r#"{{"list":[{list}],"obj":{obj},"small":[1,2],"s":"{}","short":"ok","n":5}}"#,
                "z".repeat(150)
            ),
            TrimLevel::Summarized,
        );
        assert!(changed);
        assert_eq!(
            out,
            format!(
                r#"{{"list":{{"summary":"Original had 20 items"}},"obj":{{"summary":"Original had 3 items"}},"small":[1,2],"s":"{} [summarized]","short":"ok","n":5}}"#,
                "z".repeat(100)
            )
        );
        assert_eq!(
            apply(r#"{"n":1}"#, TrimLevel::Summarized),
            (r#"{"n":1}"#.to_string(), false)
        );
        assert_eq!(
            apply(r#"{"tiny":[[]]}"#, TrimLevel::Summarized),
            (r#"{"tiny":[[]]}"#.to_string(), false)
        );
        // Measured in UTF-16 units, not UTF-8 bytes (found by the trim fuzz target).
        let cjk = r#"{"a":["故故故故故故故故故故故"]}"#;
        assert_eq!(apply(cjk, TrimLevel::Summarized), (cjk.to_string(), false));
    }

    #[test]
    fn mark_trimmed_keeps_other_metadata() {
        let m = mark_trimmed(Some(
            parse(r#"{"source":"x"}"#, &crate::Limits::default()).unwrap(),
        ));
        assert_eq!(stringify(&m, 0), r#"{"source":"x","trimmed":true}"#);
        assert_eq!(stringify(&mark_trimmed(None), 0), r#"{"trimmed":true}"#);
    }

    fn doc(data: &str, metadata: &str) -> Value {
        let meta = if metadata.is_empty() {
            String::new()
        } else {
            format!(r#","metadata":{metadata}"#)
        };
        parse(
            &format!(r#"{{"id":"a","data":{data}{meta}}}"#),
            &crate::Limits::default(),
        )
        .unwrap()
    }

    fn trimmed(data: &str, metadata: &str, level: TrimLevel, depth: usize) -> String {
        match trim_document(
            doc(data, metadata),
            level,
            &trim(),
            &crate::Limits {
                max_depth: depth,
                ..crate::Limits::default()
            },
        ) {
            Ok(v) => stringify(&v, 0),
            Err(e) => format!("{} {} {:?}", e.code.as_str(), e.path, e.position),
        }
    }

    #[test]
    fn a_document_keeps_the_form_of_its_data() {
        let long = "x".repeat(600);
        let cut = format!("{} [truncated]", "x".repeat(500));
        let t = TrimLevel::Truncated;
        // A value stays a value.
        assert_eq!(
            trimmed(&format!(r#"{{"s":"{long}"}}"#), "", t, 256),
            format!(r#"{{"id":"a","data":{{"s":"{cut}"}},"metadata":{{"trimmed":true}}}}"#)
        );
        // JSON text stays JSON text, written compactly.
        assert_eq!(
            trimmed(
                &format!(r#""{{ \"s\" : \"{long}\" }}""#),
                r#"{"m":1}"#,
                t,
                256
            ),
            format!(
                r#"{{"id":"a","data":"{{\"s\":\"{cut}\"}}","metadata":{{"m":1,"trimmed":true}}}}"#
            )
        );
        // JSON text of a string: the string is cut, and written back as JSON text.
        assert_eq!(
            trimmed(&format!(r#""\"{long}\"""#), "null", t, 256),
            format!(r#"{{"id":"a","data":"\"{cut}\"","metadata":{{"trimmed":true}}}}"#)
        );
        // Plain text is the value itself.
        assert_eq!(
            trimmed(&format!(r#""{long} and more""#), "", t, 256),
            format!(r#"{{"id":"a","data":"{cut}","metadata":{{"trimmed":true}}}}"#)
        );
        // Nothing to trim: the document as given, JSON text untouched.
        for (data, level) in [
            (r#""{ \"a\" : [1, 2] }""#, TrimLevel::Truncated),
            (r#""{ \"a\" : [1, 2] }""#, TrimLevel::Full),
            (r#""42""#, TrimLevel::Summarized),
            (r#""not json""#, TrimLevel::Summarized),
            (r#"[1,2]"#, TrimLevel::Summarized),
        ] {
            assert_eq!(
                trimmed(data, "", level, 256),
                format!(r#"{{"id":"a","data":{data}}}"#)
            );
        }
        // Summarized: containers of JSON text become counts, still as JSON text.
        let items = (0..30).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
        assert_eq!(
            trimmed(
                &format!(r#""{{\"l\":[{items}]}}""#),
                "",
                TrimLevel::Summarized,
                256
            ),
            r#"{"id":"a","data":"{\"l\":{\"summary\":\"Original had 30 items\"}}","metadata":{"trimmed":true}}"#
        );
    }

    #[test]
    fn a_document_is_refused_where_it_was() {
        let long = "x".repeat(600);
        let t = TrimLevel::Truncated;
        // JSON text nesting past the limit: TOO_DEEP at /data, located in that text.
        assert_eq!(
            trimmed(r#""[[\n[1]]]""#, "", t, 2),
            "TOO_DEEP /data Some(TextPosition { line: 2, column: 1 })"
        );
        assert_eq!(
            trimmed(r#""[[[1]]]""#, "", t, 3),
            r#"{"id":"a","data":"[[[1]]]"}"#
        );
        // Metadata is checked only when there is something to mark.
        assert_eq!(
            trimmed(&format!(r#""{long}""#), "[]", t, 256),
            "INVALID_INPUT /metadata None"
        );
        assert_eq!(
            trimmed(r#""short""#, "[]", t, 256),
            r#"{"id":"a","data":"short","metadata":[]}"#
        );
        let e = trim_document(
            parse(r#"{"id":"a"}"#, &crate::Limits::default()).unwrap(),
            t,
            &trim(),
            &crate::Limits::default(),
        )
        .err();
        assert_eq!(
            e.map(|e| (e.code, e.path)),
            Some((crate::ErrorCode::MissingField, "/data".to_string()))
        );
        let e = trim_document(Value::Null, t, &trim(), &crate::Limits::default()).err();
        assert_eq!(
            e.map(|e| (e.code, e.path)),
            Some((crate::ErrorCode::InvalidInput, String::new()))
        );
    }
}
