//! `ctxpack::json::parse` on arbitrary text. When it parses: `stringify` then re-parse gives the
//! same text (compact and indented); the lazy reader's `skip_value` accepts exactly what `parse`
//! accepts, and refuses the rest at the same offset; `JsonDocs::parse` and
//! `OwnedDocs::from_value` of `parse_body` agree (same documents, same bodies, or the same error
//! code and path); `parse_body`'s unpaired surrogates round-trip through `stringify` and change
//! nothing else.
//! When it does not: a message, an offset inside the text on a character boundary, its line and
//! UTF-16 column, and `JsonDocs::parse` refuses it too. `ChunkedDocs`, in chunks of 2 to 62
//! units (UTF-16, and UTF-8 bytes), and `WideDocs`, in chunks of 1 to 61 UTF-16 units, read what
//! `JsonDocs::parse` reads, and give up on (or refuse the same way) the rest; `ChunkedDocs`
//! gives up on bytes that are not UTF-8.
//! Never a panic.
#![no_main]

use ctxpack::__private::json::{parse_body, parse_body_at, Parser};
use ctxpack::__private::jsondoc::{ChunkedDocs, Utf16Text, Utf8Bytes, WideDocs};
use ctxpack::json;
use ctxpack::jsondoc::{DocSet, JsonDocs, OwnedDocs};
use ctxpack::TextPosition;
use ctxpack_fuzz::check::{assert_same, check_error};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let parsed = json::parse(&text, &ctxpack::Limits::default());

    let mut p = Parser::new(&text);
    let skipped = p
        .skip_value(0)
        .and_then(|_| {
            p.skip_ws();
            p.end()
        })
        .map_err(|e| e.offset);
    assert_eq!(
        skipped.is_ok(),
        parsed.is_ok(),
        "Parser::skip_value and json::parse disagree on whether this is JSON"
    );
    if let (Err(at), Err(e)) = (&skipped, &parsed) {
        assert_eq!(
            *at, e.offset,
            "Parser::skip_value and json::parse refuse it at different offsets"
        );
    }

    let docs = JsonDocs::parse(text.to_string(), &ctxpack::Limits::default());
    if let Err(e) = &docs {
        check_error(e, "JsonDocs::parse");
    }
    let chunk = 2 + usize::from(data.last().copied().unwrap_or(0) % 61);
    let hold = |t: &str| t.len() % 2 == 0;
    let limits = ctxpack::Limits::default();
    let units = || Utf16Text(text.encode_utf16().collect());
    chunks_agree(
        ChunkedDocs::read_in(units(), &limits, chunk, &hold),
        chunk,
        &docs,
        "units",
    );
    let wide = WideDocs::read_in(units(), &limits, chunk - 1, &hold);
    chunks_agree(wide, chunk - 1, &docs, "units, untranscoded");
    // The raw bytes as a Uint8Array gives them: when they are not UTF-8, the reader gives up
    // (the whole reader then names the first bad byte).
    match std::str::from_utf8(data) {
        Ok(_) => chunks_agree(
            ChunkedDocs::read_in(Utf8Bytes(data.to_vec()), &limits, chunk, &hold),
            chunk,
            &docs,
            "bytes",
        ),
        Err(_) => {
            let read = ChunkedDocs::read_in(
                Utf8Bytes(data.to_vec()),
                &ctxpack::Limits::default(),
                chunk,
                &|_| false,
            );
            assert!(
                !matches!(read, Ok(Some(_))),
                "chunks of {chunk} bytes: read bytes that are not UTF-8"
            );
        }
    }
    let v = match parsed {
        Err(e) => {
            assert!(!e.message.is_empty(), "parse error without a message");
            assert!(e.offset <= text.len(), "parse error offset past the text");
            // The position, worked out again the slow way: lines split at \n, columns in
            // UTF-16 units, both from 1.
            let before = text
                .get(..e.offset)
                .expect("an offset on a character boundary");
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            let expected = TextPosition {
                line: before.matches('\n').count() + 1,
                column: before[line_start..].encode_utf16().count() + 1,
            };
            assert_eq!(e.position, expected, "parse error position");
            let too_deep = e.too_deep;
            // Reading one part checks the whole text: it fails where the whole reader fails.
            let part = parse_body_at(&text, &["a".to_string()], &ctxpack::Limits::default());
            assert_eq!(
                part.map_err(|f| (f.offset, f.too_deep)).err(),
                Some((e.offset, too_deep)),
                "parse_body_at failed elsewhere than parse"
            );
            check_error(&e.into_error(""), "json::parse");
            // Document bodies count their nesting from themselves (as when given as values),
            // so a documents array may nest deeper than json::parse takes as a whole.
            assert!(
                docs.is_err() || too_deep,
                "JsonDocs::parse accepted text json::parse refuses"
            );
            return;
        }
        Ok(v) => v,
    };

    // Round trip: what stringify writes parses back to the same text.
    let compact = json::stringify(&v, 0);
    let back = json::parse(&compact, &ctxpack::Limits::default())
        .unwrap_or_else(|e| panic!("stringify wrote text parse refuses: {}", e.message));
    assert_eq!(
        json::stringify(&back, 0),
        compact,
        "parse/stringify round trip"
    );
    let indent = usize::from(data.first().copied().unwrap_or(0) % 12);
    let pretty = json::stringify(&v, indent);
    let back = json::parse(&pretty, &ctxpack::Limits::default()).unwrap_or_else(|e| {
        panic!(
            "stringify(indent {indent}) wrote text parse refuses: {}",
            e.message
        )
    });
    assert_eq!(json::stringify(&back, 0), compact, "indented round trip");

    // The lazy reader and the value reader agree, the values read as the lazy reader reads
    // bodies (unpaired surrogates kept; json::parse accepts the same texts).
    let bodies = parse_body(&text, &ctxpack::Limits::default())
        .expect("parse_body refuses text parse accepts");
    // One part read alone is that part of the whole: along the first members and elements,
    // and names that are not there.
    let mut tokens: Vec<String> = Vec::new();
    let mut at = Some(&bodies);
    loop {
        for extra in ["0", "01", "missing"] {
            let mut probe = tokens.clone();
            probe.push(extra.to_string());
            let part = parse_body_at(&text, &probe, &ctxpack::Limits::default())
                .expect("parse_body_at refuses text parse_body accepts");
            assert_eq!(
                part.as_ref(),
                bodies.at(&probe),
                "parse_body_at at {probe:?}"
            );
        }
        let part = parse_body_at(&text, &tokens, &ctxpack::Limits::default())
            .expect("parse_body_at refuses text parse_body accepts");
        assert_eq!(part.as_ref(), at, "parse_body_at at {tokens:?}");
        let next = match at {
            Some(json::Value::Object(o)) => o.iter().next().map(|(k, v)| (k.to_string(), v)),
            Some(json::Value::Array(items)) => items.first().map(|v| ("0".to_string(), v)),
            _ => None,
        };
        let Some((token, v)) = next else { break };
        tokens.push(token);
        at = Some(v);
    }
    let owned = OwnedDocs::from_value(&bodies, &ctxpack::Limits::default());
    // Kept, they round-trip; read lossily again, the text is what `parse` alone gives.
    let kept = json::stringify(&bodies, 0);
    let again = parse_body(&kept, &ctxpack::Limits::default()).unwrap_or_else(|e| {
        panic!(
            "stringify of parse_body wrote text it refuses: {}",
            e.message
        )
    });
    assert_eq!(
        json::stringify(&again, 0),
        kept,
        "parse_body/stringify round trip"
    );
    let lossy = json::parse(&kept, &ctxpack::Limits::default())
        .unwrap_or_else(|e| panic!("parse refuses stringify of parse_body: {}", e.message));
    assert_eq!(
        json::stringify(&lossy, 0),
        compact,
        "kept surrogates changed something else"
    );
    match (docs, owned) {
        (Ok(lazy), Ok(owned)) => {
            assert_eq!(
                lazy.metas(),
                owned.metas(),
                "the readers read different metadata"
            );
            for i in 0..lazy.metas().len() {
                assert_same(
                    &lazy.data(i),
                    &owned.data(i),
                    "the readers read different data",
                );
                assert_same(
                    &lazy.metadata(i),
                    &owned.metadata(i),
                    "the readers read different metadata objects",
                );
            }
        }
        (Err(a), Err(b)) => {
            check_error(&b, "OwnedDocs::from_value");
            assert_eq!(
                (a.code, a.path.as_str()),
                (b.code, b.path.as_str()),
                "the readers refuse the same documents differently:\n JsonDocs: {a:?}\n OwnedDocs: {b:?}"
            );
        }
        (a, b) => panic!(
            "one reader accepts, the other refuses:\n JsonDocs: {:?}\n OwnedDocs: {:?}",
            a.err(),
            b.err()
        ),
    }
});

/// Documents read in chunks of `chunk` units: what `whole` read, or given up on (or refused the
/// same way) where `whole` refused it.
fn chunks_agree(
    read: ctxpack::Result<Option<impl DocSet>>,
    chunk: usize,
    whole: &ctxpack::Result<JsonDocs>,
    what: &str,
) {
    match (read, whole) {
        (Ok(Some(chunked)), Ok(whole)) => {
            assert_eq!(
                chunked.metas(),
                whole.metas(),
                "chunks of {chunk} {what}: other metadata"
            );
            for i in 0..whole.metas().len() {
                assert_same(&chunked.data(i), &whole.data(i), "chunks: other data");
                assert_same(
                    &chunked.metadata(i),
                    &whole.metadata(i),
                    "chunks: other metadata",
                );
                // A param match's field: a held body is searched where it is held (units,
                // text), any other read whole; all find what the whole body holds there.
                for pointer in [&[][..], &["a"], &["a", "b"], &["0", "a"], &["😀"]] {
                    let tokens: Vec<String> = pointer.iter().map(|t| t.to_string()).collect();
                    assert_same(
                        &chunked.data_at(i, &tokens),
                        &whole.data_at(i, &tokens),
                        "chunks: another field",
                    );
                }
            }
        }
        (Ok(None), whole) => assert!(
            whole.is_err(),
            "chunks of {chunk} {what}: gave up on text read whole"
        ),
        (Err(e), Err(w)) => assert_eq!(
            (e.code, &e.path),
            (w.code, &w.path),
            "chunks of {chunk} {what}"
        ),
        (Ok(Some(_)), Err(w)) => {
            panic!("chunks of {chunk} {what}: read what is refused whole: {w:?}")
        }
        (Err(e), Ok(_)) => panic!("chunks of {chunk} {what}: refused what is read whole: {e:?}"),
    }
}
