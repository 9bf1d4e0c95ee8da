#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)] // tests may fail loudly
#![cfg(all(feature = "tokenizer", not(target_arch = "wasm32")))]

use ctxpack::tokenizer::Exact;
use ctxpack::tokens::{Estimator, TokenCounter};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use std::path::Path;
use std::sync::OnceLock;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(33),
        ..ProptestConfig::default()
    }
}

/// Both estimates of `text` and its exact counts: `(estimate, exact)` for o200k, then cl100k.
fn counts(text: &str) -> [(usize, usize); 2] {
    [
        (Estimator::o200k(), Exact::o200k()),
        (Estimator::cl100k(), Exact::cl100k()),
    ]
    .map(|(e, x)| (e.count(text), x.try_count(text).unwrap()))
}

/// On a text of 64 characters or more, each estimate is at least `floor` times the real count
/// and at most `ceiling` times it (plus 8 tokens, for short texts).
fn within(text: &str, floor: f64, ceiling: f64) -> Result<(), TestCaseError> {
    if text.chars().count() < 64 {
        return Ok(());
    }
    for (vocab, (estimate, exact)) in ["o200k", "cl100k"].into_iter().zip(counts(text)) {
        let shown = text.chars().take(120).collect::<String>();
        prop_assert!(
            estimate as f64 >= floor * exact as f64,
            "{vocab}: estimate {estimate} < {floor} × exact {exact} on {shown:?}"
        );
        prop_assert!(
            estimate as f64 <= ceiling * exact as f64 + 8.0,
            "{vocab}: estimate {estimate} > {ceiling} × exact {exact} on {shown:?}"
        );
    }
    Ok(())
}

fn base64(bytes: &[u8], alphabet: &[u8; 64], pad: bool) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(alphabet[(n >> (18 - 6 * i) & 63) as usize]));
        }
        if pad {
            out.push_str(&"=".repeat(3 - chunk.len()));
        }
    }
    out
}

const STANDARD: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn bytes(n: std::ops::Range<usize>) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), n)
}

/// The token corpus's files, by directory.
fn corpus() -> &'static Vec<(String, String)> {
    static FILES: OnceLock<Vec<(String, String)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tokens/corpus");
        let mut files = Vec::new();
        for kind in std::fs::read_dir(&root).unwrap() {
            let kind = kind.unwrap().path();
            if !kind.is_dir() {
                continue;
            }
            for file in std::fs::read_dir(&kind).unwrap() {
                let path = file.unwrap().path();
                let name = kind.file_name().unwrap().to_string_lossy().into_owned();
                files.push((name, std::fs::read_to_string(&path).unwrap()));
            }
        }
        files.sort();
        files
    })
}

/// `length` characters of `text` from the character at `at` (both taken modulo the text).
fn window(text: &str, at: usize, length: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    let start = at % chars.len().max(1);
    chars[start..].iter().take(length).collect()
}

/// A window of a corpus file of the kinds given (all when empty).
fn corpus_window(kinds: &'static [&'static str]) -> impl Strategy<Value = String> {
    (any::<prop::sample::Index>(), any::<usize>(), 64..1200usize).prop_map(move |(file, at, n)| {
        let files: Vec<&(String, String)> = corpus()
            .iter()
            .filter(|(k, _)| kinds.is_empty() || kinds.contains(&k.as_str()))
            .collect();
        window(&file.get(&files).1, at, n)
    })
}

const BLANKS: [&str; 12] = [
    " ", "\t", "\n", "\r", "\r\n", "\u{A0}", "\u{3000}", "\u{2003}", "\u{C}", "\u{B}", "\u{2028}",
    "\u{85}",
];

/// Switches inside an alphanumeric run after a piece of at most `max` characters.
fn switches(text: &str, max: usize) -> usize {
    #[derive(PartialEq, Clone, Copy)]
    enum K {
        L,
        U,
        D,
        O,
    }
    let k = |c: char| {
        if c.is_ascii_lowercase() {
            K::L
        } else if c.is_ascii_uppercase() {
            K::U
        } else if c.is_ascii_digit() {
            K::D
        } else {
            K::O
        }
    };
    let hex = |c: char| matches!(c, 'a'..='f' | 'A'..='F');
    let mut prev = K::O;
    let mut last = ' ';
    let mut len = 0usize;
    let mut n = 0;
    for c in text.chars() {
        let kc = k(c);
        let switch = match (prev, kc) {
            (K::L, K::U) => true,
            (K::L | K::U, K::D) => !hex(last),
            (K::D, K::L | K::U) => !hex(c),
            _ => false,
        };
        if switch {
            if len <= max {
                n += 1;
            }
            len = 1;
        } else if kc == K::O {
            len = 0;
        } else {
            len += 1;
        }
        prev = kc;
        last = c;
    }
    n
}

#[test]
#[ignore]
fn dense() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let cost: f64 = std::env::var("COST")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(0.0);

    let max: usize = std::env::var("MAX")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(3);
    println!("cost {cost} max {max}");
    fn stats<S: Strategy<Value = String>>(name: &str, s: S, cost: f64, max: usize) {
        let mut runner = TestRunner::new(config(200));
        let mut worst = [f64::MAX; 2];
        let mut sum = [0.0; 2];
        let mut n = 0;
        let mut sw = 0.0;
        for _ in 0..200 {
            let text = s.new_tree(&mut runner).unwrap().current();
            if text.chars().count() < 64 {
                continue;
            }
            n += 1;
            let extra = switches(&text, max) as f64;
            for (i, (e, x)) in counts(&text).into_iter().enumerate() {
                let r = (e as f64 + cost * extra) / x.max(1) as f64;
                if i == 0 {
                    sw += extra / x.max(1) as f64;
                }
                sum[i] += r;
                worst[i] = worst[i].min(r);
            }
        }
        println!("{name:20} switches/token {:.3} o200k worst {:.2} mean {:.3} | cl100k worst {:.2} mean {:.3}", sw / n as f64, worst[0], sum[0] / n as f64, worst[1], sum[1] / n as f64);
    }
    stats(
        "base64",
        bytes(48..1100).prop_map(|d| base64(&d, STANDARD, true)),
        cost,
        max,
    );
    stats("hex", "[0-9a-f]{64,1500}", cost, max);
    stats("HEX", "[0-9A-F]{64,1500}", cost, max);
    stats(
        "uuids",
        "([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12} ){2,20}",
        cost,
        max,
    );
    stats(
        "base64url",
        bytes(48..1100).prop_map(|d| {
            base64(
                &d,
                b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
                false,
            )
        }),
        cost,
        max,
    );
    stats("random ascii", "[ -~]{64,1500}", cost, max);
    stats("random alnum", "[a-zA-Z0-9]{64,1500}", cost, max);
    stats(
        "short unit repeated",
        ("[!-~]{2,16}", 64..2000usize).prop_map(|(u, n)| u.repeat(n.div_ceil(u.len()))),
        cost,
        max,
    );
    for kind in [
        "chinese",
        "emoji",
        "english",
        "json",
        "json-text",
        "mixed",
        "other-scripts",
        "python",
        "rust",
        "typescript",
    ] {
        let files: Vec<_> = corpus().iter().filter(|(k, _)| k == kind).collect();
        if files.is_empty() {
            continue;
        }
        let (mut e0, mut x0, mut e1, mut x1, mut s) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for (_, t) in &files {
            let c = counts(t);
            let ex = switches(t, max) as f64;
            s += ex;
            e0 += c[0].0 as f64 + cost * ex;
            x0 += c[0].1 as f64;
            e1 += c[1].0 as f64 + cost * ex;
            x1 += c[1].1 as f64;
        }
        println!(
            "corpus {kind:12} files {:3} switches/token {:.3} o200k est/real {:.3} cl100k {:.3}",
            files.len(),
            s / x0,
            e0 / x0,
            e1 / x1
        );
    }
}
