//! The token estimator: pinned estimates, its bound on the committed corpus against the exact
//! counts `scripts/tokens-report.mjs` committed in `tests/tokens/counts.json` (so no Node is
//! needed here), and its properties.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)] // tests may fail loudly
#![cfg(not(target_arch = "wasm32"))]

use ctxpack::tokens::{estimate_tokens, Estimator, TokenCounter};
use proptest::prelude::*;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// Estimates fixed so that the weights cannot change unannounced: a change here goes with a
/// regenerated docs/TOKENS.md.
#[test]
fn pinned_estimates() {
    // text, then the estimates and the exact counts (gpt-tokenizer 4.0.0), o200k then cl100k.
    let cases: [(&str, [usize; 2], [usize; 2]); 12] = [
        ("Hello, world!", [5, 4], [4, 4]),
        (
            "The quick brown fox jumps over the lazy dog.",
            [18, 19],
            [10, 10],
        ),
        (
            "fn main() {\n    println!(\"{}\", 1 + 2);\n}\n",
            [18, 19],
            [14, 14],
        ),
        (
            "{\"title\":\"逆光律师\",\"episodes\":12}",
            [13, 17],
            [11, 17],
        ),
        (
            "金牌律师林晚被恩师和闺蜜联手陷害，替人顶罪入狱三年。",
            [27, 45],
            [27, 44],
        ),
        ("用 Rust 写一个小工具", [9, 10], [6, 8]),
        ("good morning ☀️☕ 👨‍👩‍👧‍👦🎉", [25, 32], [20, 27]),
        (
            "Осенью в нашем дворе всегда пахло яблоками.",
            [16, 28],
            [13, 24],
        ),
        ("駅前の小さなパン屋", [10, 13], [8, 12]),
        ("getElementById(userId)", [7, 7], [7, 4]),
        ("HELLO WORLD, SAID THE SIGN.", [10, 10], [9, 9]),
        ("SELECT name FROM users WHERE id = 1;", [11, 11], [10, 10]),
    ];
    let (o200k, cl100k) = (Estimator::o200k(), Estimator::cl100k());
    for (text, estimates, _exact) in cases {
        assert_eq!(
            [o200k.count(text), cl100k.count(text)],
            estimates,
            "{text:?}"
        );
        assert_eq!(estimate_tokens(text), estimates[0]);
    }
    assert_eq!(estimate_tokens(""), 0);
}

struct Piece {
    id: String,
    kind: String,
    text: String,
    exact: HashMap<&'static str, usize>,
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tokens")
}

/// FNV-1a, 32 bits, of the UTF-8 bytes, as scripts/tokens-report.mjs computes it.
fn fnv1a(text: &str) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for b in text.bytes() {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    format!("{h:08x}")
}

fn counts() -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir().join("counts.json")).unwrap()).unwrap()
}

/// The committed pieces, cut from the corpus as the ids say and checked against the hashes.
fn pieces(counts: &Value) -> Vec<Piece> {
    let mut files: BTreeMap<String, String> = BTreeMap::new();
    let stale = "the corpus changed since tests/tokens/counts.json was written: \
                 run node scripts/tokens-report.mjs";
    counts["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let id = p["id"].as_str().unwrap();
            let (file, lines) = id.rsplit_once(':').unwrap();
            let (first, last) = lines.split_once('-').unwrap();
            let (first, last): (usize, usize) = (first.parse().unwrap(), last.parse().unwrap());
            let source = files.entry(file.to_string()).or_insert_with(|| {
                std::fs::read_to_string(dir().join("corpus").join(file))
                    .unwrap_or_else(|e| panic!("{file}: {e}; {stale}"))
            });
            let lines: Vec<&str> = source.split_inclusive('\n').collect();
            let text = lines
                .get(first - 1..last)
                .unwrap_or_else(|| panic!("{id}: no such lines; {stale}"))
                .concat();
            assert_eq!(
                text.encode_utf16().count() as u64,
                p["utf16"].as_u64().unwrap(),
                "{id}: {stale}"
            );
            assert_eq!(fnv1a(&text), p["fnv"].as_str().unwrap(), "{id}: {stale}");
            let exact = ["o200k", "cl100k"]
                .into_iter()
                .map(|v| (v, p[v].as_u64().unwrap() as usize))
                .collect();
            Piece {
                id: id.to_string(),
                kind: file.split('/').next().unwrap().to_string(),
                text,
                exact,
            }
        })
        .collect()
}

/// docs/TOKENS.md's bound: in each kind of text the margin is chosen on, at most this share of
/// pieces is under-counted.
#[test]
fn under_counts_stay_within_the_documented_bound() {
    let counts = counts();
    let bound = counts["underCountBound"].as_f64().unwrap();
    assert_eq!(bound, 0.05, "docs/TOKENS.md states 5%");
    let pieces = pieces(&counts);
    assert!(
        pieces.len() >= 300,
        "the corpus has {} pieces",
        pieces.len()
    );
    for (vocab, estimator) in [
        ("o200k", Estimator::o200k()),
        ("cl100k", Estimator::cl100k()),
    ] {
        let excluded: Vec<&str> = counts["marginExcludes"][vocab]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k.as_str().unwrap())
            .collect();
        let mut kinds: BTreeMap<&str, (usize, Vec<String>)> = BTreeMap::new();
        for p in &pieces {
            let (n, under) = kinds.entry(&p.kind).or_default();
            *n += 1;
            let (estimate, exact) = (estimator.count(&p.text), p.exact[vocab]);
            if estimate < exact {
                under.push(format!("{} ({estimate} < {exact})", p.id));
            }
        }
        assert!(kinds.len() >= 8, "{kinds:?}");
        for (kind, (n, under)) in kinds {
            if excluded.contains(&kind) {
                continue;
            }
            let rate = under.len() as f64 / n as f64;
            assert!(
                rate <= bound,
                "{vocab}: {kind} under-counts on {} of {n} pieces: {under:?}",
                under.len()
            );
        }
    }
}

/// Every class of character the estimator tells apart, and their neighbours.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just("a"),
            Just("Word"),
            Just("HEL"),
            Just("LO"),
            Just("CHILD"),
            Just("README"),
            Just("E"),
            Just("é"),
            Just("ж"),
            Just("α"),
            Just("ש"),
            Just("7"),
            Just("1234"),
            Just(" "),
            Just("    "),
            Just("\t"),
            Just("\n"),
            Just("\r\n"),
            Just("\r"),
            Just("\u{A0}"),
            Just("\u{B}"),
            Just("\u{2028}"),
            Just("\u{85}"),
            Just(";"),
            Just("\"}"),
            Just("故"),
            Just("，"),
            Just("“"),
            Just("\u{3000}"),
            Just("あ"),
            Just("한"),
            Just("😀"),
            Just("\u{200D}"),
            Just("\u{FE0F}"),
            Just("⚖"),
            Just("𠀋"),
            Just("\u{0}"),
        ],
        0..80,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, .. ProptestConfig::default() })]

    #[test]
    fn a_running_count_is_the_count_of_everything_pushed(a in text(), b in text(), c in text()) {
        for e in [Estimator::o200k(), Estimator::cl100k()] {
            let mut running = e.running();
            running.push(&a);
            let mut tried = running.clone();
            tried.push(&b);
            running.push(&b);
            running.push(&c);
            prop_assert_eq!(tried.tokens(), e.count(&format!("{a}{b}")));
            prop_assert_eq!(running.tokens(), e.count(&format!("{a}{b}{c}")));
        }
    }

    #[test]
    fn appending_never_lowers_the_count(a in text(), b in text()) {
        let joined = format!("{a}{b}");
        for e in [Estimator::o200k(), Estimator::cl100k()] {
            prop_assert!(e.count(&a) <= e.count(&joined), "{a:?} + {b:?}");
        }
    }

    #[test]
    fn every_prefix_counts_at_most_the_whole(s in text()) {
        let e = Estimator::o200k();
        let mut previous = 0;
        for (at, _) in s.char_indices().skip(1) {
            let n = e.count(&s[..at]);
            prop_assert!(previous <= n);
            previous = n;
        }
        prop_assert!(previous <= e.count(&s));
    }

    #[test]
    fn any_text_counts_in_linear_bounds(s in any::<String>()) {
        // At most two events a character (its own, and the whitespace before it), no weight
        // over three tokens with the margin.
        let chars = s.chars().count();
        for e in [Estimator::o200k(), Estimator::cl100k()] {
            let n = e.count(&s);
            prop_assert!(n <= 6 * chars, "{n} tokens for {chars} chars");
            // Only the empty text is weighed as nothing: whitespace at the end stands for what
            // the character after it will add at least.
            prop_assert_eq!(n == 0, s.is_empty());
        }
    }
}
