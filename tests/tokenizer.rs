//! Exact counts (feature `tokenizer`) against `gpt-tokenizer`, whose counts
//! `node scripts/tokenizer-check.mjs --write` committed (tests/tokens/exact.json for whole corpus
//! files and the vectors, tests/tokens/counts.json for the corpus pieces), so no Node is needed:
//!
//!   cargo test --features tokenizer --test tokenizer
//!   UPDATE_VECTORS=1 cargo test --features tokenizer --test tokenizer    (rewrites expected.json)
//!   cargo test --release --features tokenizer --test tokenizer -- --ignored --nocapture  (tokens/s)
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)] // tests may fail loudly
#![cfg(all(feature = "tokenizer", not(target_arch = "wasm32")))]

use ctxpack::tokenizer::Exact;
use ctxpack::tokens::{TokenCounter, Vocabulary};
use proptest::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tiktoken_rs::CoreBPE;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn json(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(root().join(path)).unwrap()).unwrap()
}

/// FNV-1a, 32 bits, of the UTF-8 bytes, as the scripts compute it.
fn fnv1a(text: &str) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for b in text.bytes() {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    format!("{h:08x}")
}

const VOCABULARIES: [(&str, Vocabulary); 2] =
    [("o200k", Vocabulary::O200k), ("cl100k", Vocabulary::Cl100k)];

fn corpus_file(file: &str) -> String {
    std::fs::read_to_string(root().join("tests/tokens/corpus").join(file)).unwrap()
}

/// Every file of the corpus, whole, in both vocabularies.
#[test]
fn whole_corpus_files_count_as_gpt_tokenizer() {
    let exact = json("tests/tokens/exact.json");
    let files = exact["files"].as_array().unwrap();
    let on_disk: usize = std::fs::read_dir(root().join("tests/tokens/corpus"))
        .unwrap()
        .map(|d| d.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| std::fs::read_dir(p).unwrap().count())
        .sum();
    assert_eq!(
        files.len(),
        on_disk,
        "the corpus changed: run node scripts/tokenizer-check.mjs --write"
    );
    for f in files {
        let name = f["file"].as_str().unwrap();
        let text = corpus_file(name);
        assert_eq!(fnv1a(&text), f["fnv"].as_str().unwrap(), "{name} changed");
        for (key, vocabulary) in VOCABULARIES {
            let want = f[key].as_u64().unwrap() as usize;
            assert_eq!(
                Exact::new(vocabulary).try_count(&text),
                Ok(want),
                "{key} {name}"
            );
        }
    }
}

/// Every piece the estimator is measured on (tests/tokens/counts.json), in both vocabularies.
#[test]
fn corpus_pieces_count_as_gpt_tokenizer() {
    let counts = json("tests/tokens/counts.json");
    let pieces = counts["pieces"].as_array().unwrap();
    assert!(pieces.len() >= 380);
    let mut mismatches = Vec::new();
    for p in pieces {
        let id = p["id"].as_str().unwrap();
        let (file, lines) = id.rsplit_once(':').unwrap();
        let (first, last) = lines.split_once('-').unwrap();
        let source = corpus_file(file);
        let lines: Vec<&str> = source.split_inclusive('\n').collect();
        let text = lines[first.parse::<usize>().unwrap() - 1..last.parse().unwrap()].concat();
        assert_eq!(fnv1a(&text), p["fnv"].as_str().unwrap(), "{id} changed");
        for (key, vocabulary) in VOCABULARIES {
            let want = p[key].as_u64().unwrap() as usize;
            let got = Exact::new(vocabulary).try_count(&text);
            if got != Ok(want) {
                mismatches.push(format!("{key} {id}: {got:?}, gpt-tokenizer {want}"));
            }
        }
    }
    assert!(mismatches.is_empty(), "{mismatches:#?}");
}

fn vector_text(spec: &Value) -> String {
    match spec {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts.iter().map(vector_text).collect(),
        part => part["repeat"]
            .as_str()
            .unwrap()
            .repeat(part["times"].as_u64().unwrap() as usize),
    }
}

/// The shared vectors: tests/vectors/tokenizer/expected.json is what the core gives (byte for
/// byte), and every count there equals gpt-tokenizer's.
#[test]
fn vectors() {
    let inputs = json("tests/vectors/tokenizer/inputs.json");
    let reference = json("tests/tokens/exact.json");
    let mut lines = Vec::new();
    for v in inputs["vectors"].as_array().unwrap() {
        let name = v["name"].as_str().unwrap();
        let vocabulary = match v["vocabulary"].as_str().unwrap_or("o200k") {
            "o200k" => Vocabulary::O200k,
            "cl100k" => Vocabulary::Cl100k,
            other => panic!("{name}: vocabulary {other}"),
        };
        let text = vector_text(&v["text"]);
        let result = match Exact::new(vocabulary).try_count(&text) {
            Ok(n) => {
                if v["reference"] == Value::Bool(false) {
                    // Held to tiktoken-rs's merge instead (runs gpt-tokenizer is quadratic on).
                    assert_eq!(n, merged_by_tiktoken_rs(&text, vocabulary).len(), "{name}");
                } else {
                    assert_eq!(
                        Some(n as u64),
                        reference["vectors"][name].as_u64(),
                        "{name}: gpt-tokenizer counts otherwise (or run node scripts/tokenizer-check.mjs --write)"
                    );
                }
                format!("{{\"count\":{n}}}")
            }
            Err(e) => format!("{{\"error\":\"{}\"}}", e.code.as_str()),
        };
        lines.push(format!(
            "{}: {result}",
            serde_json::to_string(name).unwrap()
        ));
    }
    let text = format!("{{\n{}\n}}\n", lines.join(",\n"));
    let path = root().join("tests/vectors/tokenizer/expected.json");
    if std::env::var_os("UPDATE_VECTORS").is_some() {
        std::fs::write(&path, &text).unwrap();
    } else {
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(
            committed, text,
            "expected.json differs: UPDATE_VECTORS=1 cargo test --features tokenizer --test tokenizer"
        );
    }
}

static DIRECT: std::sync::LazyLock<tiktoken_rs::CoreBPE> =
    std::sync::LazyLock::new(|| tiktoken_rs::o200k_base().unwrap());

fn any_plane() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        any::<char>(),
        prop::char::range('\u{0}', '\u{7F}'),
        prop::char::range('\u{300}', '\u{36F}'),
        prop::char::range('\u{4E00}', '\u{4E20}'),
        prop::char::range('\u{1F300}', '\u{1F64F}'),
        prop::char::range('\u{E0000}', '\u{E01EF}'),
        prop::char::range('\u{F0000}', '\u{10FFFF}'),
        Just(' '),
        Just('\n'),
        Just('\''),
    ];
    prop::collection::vec(c, 0..200).prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any Rust string (every plane, marks, joiners, controls) counts, and decodes back from its
    /// tokens.
    #[test]
    fn any_text_counts_and_round_trips(s in any_plane()) {
        for exact in [Exact::o200k(), Exact::cl100k()] {
            let ids = exact.encode(&s).unwrap();
            prop_assert_eq!(exact.try_count(&s), Ok(ids.len()));
            prop_assert_eq!(exact.decode(&ids).unwrap(), s.clone());
            prop_assert!(ids.len() <= s.len());
        }
    }
}

/// Tokens per second on the whole corpus (run it with `--release --ignored --nocapture`;
/// bench/tokenizer.mjs does and reads its lines): ctxpack's encoder, and tiktoken-rs's own (its
/// regex and merge, which ctxpack's replaced) on the same texts.
#[test]
#[ignore = "a measurement: cargo test --release --features tokenizer --test tokenizer -- --ignored --nocapture"]
fn tokens_per_second() {
    let exact = json("tests/tokens/exact.json");
    let texts: Vec<String> = exact["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| corpus_file(f["file"].as_str().unwrap()))
        .collect();
    let bytes: usize = texts.iter().map(String::len).sum();
    let measure = |key: &str, name: &str, build: &dyn Fn(), count: &dyn Fn(&str) -> usize| {
        let start = Instant::now();
        build();
        let first = start.elapsed();
        let (mut tokens, mut rounds, start) = (0, 0u32, Instant::now());
        while start.elapsed() < Duration::from_secs(3) {
            tokens = texts.iter().map(|t| count(t)).sum::<usize>();
            rounds += 1;
        }
        let per_round = start.elapsed().as_secs_f64() / f64::from(rounds);
        println!(
            "{key} {name}: tables built in {:.1}ms; {tokens} tokens ({bytes} bytes) in {:.1} ms: {:.2} M tokens/s",
            first.as_secs_f64() * 1e3,
            per_round * 1e3,
            tokens as f64 / per_round / 1e6
        );
    };
    for (key, vocabulary) in VOCABULARIES {
        let counter = Exact::new(vocabulary);
        measure(
            key,
            "ctxpack",
            &|| {
                counter.count("x");
            },
            &|t| counter.count(t),
        );
        // Dereferenced inside: building the crate's tables is its start-up.
        let direct = || match vocabulary {
            Vocabulary::O200k => &*DIRECT,
            Vocabulary::Cl100k => &*DIRECT_CL100K,
        };
        measure(
            key,
            "tiktoken-rs",
            &|| drop(direct().encode_ordinary("x")),
            &|t| direct().encode_ordinary(t).len(),
        );
    }
}

/// The code points of a class as `regex-syntax` (the `regex` crate the patterns run on) has them.
fn regex_class(pattern: &str) -> Vec<(u32, u32)> {
    use regex_syntax::hir::{Class, HirKind};
    let hir = regex_syntax::Parser::new().parse(pattern).unwrap();
    match hir.kind() {
        HirKind::Class(Class::Unicode(c)) => c
            .ranges()
            .iter()
            .map(|r| (u32::from(r.start()), u32::from(r.end())))
            .collect(),
        other => panic!("{pattern}: {other:?}"),
    }
}

/// src/tokenizer/classes_table.rs is generated from `regex-syntax`'s tables, so the scanner
/// classifies every code point as the patterns' regex does.
///   UPDATE_TOKENIZER_TABLES=1 cargo test --features tokenizer --test tokenizer tables
#[test]
fn unicode_tables_are_regex_syntaxs() {
    // Codes as src/tokenizer/classes.rs reads them.
    let classes: [(&str, u8); 8] = [
        (r"\p{Lu}", 1),
        (r"\p{Lt}", 1),
        (r"\p{Ll}", 2),
        (r"\p{Lm}", 3),
        (r"\p{Lo}", 3),
        (r"\p{M}", 4),
        (r"\p{N}", 5),
        (r"\s", 6),
    ];
    let mut code = vec![0u8; 0x11_0000];
    for (pattern, c) in classes {
        for (lo, hi) in regex_class(pattern) {
            for cp in lo..=hi {
                assert_eq!(code[cp as usize], 0, "U+{cp:04X} in two classes");
                code[cp as usize] = c;
            }
        }
    }
    // \p{L} is exactly the five letter categories.
    let mut letters = 0usize;
    for (lo, hi) in regex_class(r"\p{L}") {
        for cp in lo..=hi {
            assert!(matches!(code[cp as usize], 1..=3), "U+{cp:04X}");
            letters += 1;
        }
    }
    assert_eq!(letters, code.iter().filter(|c| matches!(c, 1..=3)).count());
    let mut entries = Vec::new();
    for (cp, &c) in code.iter().enumerate() {
        if cp == 0 || code[cp - 1] != c {
            entries.push(((cp as u32) << 3) | u32::from(c));
        }
    }
    let mut text = String::from(
        "// Generated by `UPDATE_TOKENIZER_TABLES=1 cargo test --features tokenizer --test tokenizer tables`\n\
         // from regex-syntax's Unicode tables; do not edit. Each entry is the first code point of a\n\
         // range, shifted left by 3, with its class (src/tokenizer/classes.rs) in the low bits; the\n\
         // range ends where the next begins.\n",
    );
    text += &format!("pub(super) const RANGES: [u32; {}] = [\n", entries.len());
    for row in entries.chunks(8) {
        let cells: Vec<String> = row.iter().map(|e| format!("0x{e:07x}")).collect();
        text += &format!("    {},\n", cells.join(", "));
    }
    text += "];\n";
    let path = root().join("src/tokenizer/classes_table.rs");
    if std::env::var_os("UPDATE_TOKENIZER_TABLES").is_some() {
        std::fs::write(&path, &text).unwrap();
    } else {
        assert_eq!(
            std::fs::read_to_string(&path).unwrap_or_default(),
            text,
            "UPDATE_TOKENIZER_TABLES=1 cargo test --features tokenizer --test tokenizer tables"
        );
    }
}

/// The patterns the hand-written pre-tokenizers replace, run by fancy-regex as tiktoken-rs ran
/// them: the oracle for src/tokenizer/split.rs.
static PATTERNS: std::sync::LazyLock<[(Vocabulary, fancy_regex::Regex); 2]> =
    std::sync::LazyLock::new(|| {
        const CL100K: &str = r"'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s";
        [
            (
                Vocabulary::O200k,
                fancy_regex::Regex::new(tiktoken_rs::O200K_BASE_PAT_STR).unwrap(),
            ),
            (Vocabulary::Cl100k, fancy_regex::Regex::new(CL100K).unwrap()),
        ]
    });

fn regex_pieces<'a>(regex: &fancy_regex::Regex, text: &'a str) -> Vec<&'a str> {
    regex.find_iter(text).map(|m| m.unwrap().as_str()).collect()
}

/// The first place the scanner's pieces and the regex's differ, if any.
fn pieces_differ(text: &str) -> Option<String> {
    for (vocabulary, regex) in PATTERNS.iter() {
        let want = regex_pieces(regex, text);
        let got: Vec<&str> = Exact::new(*vocabulary).pieces(text).collect();
        if got != want {
            let at = got.iter().zip(&want).take_while(|(a, b)| a == b).count();
            return Some(format!(
                "{vocabulary:?} piece {at}: scanner {:?}, regex {:?}",
                &got[at..(at + 3).min(got.len())],
                &want[at..(at + 3).min(want.len())]
            ));
        }
    }
    None
}

/// The scanner cuts every corpus file, whole, exactly where the patterns do.
#[test]
fn pieces_are_the_patterns_on_the_corpus() {
    let exact = json("tests/tokens/exact.json");
    for f in exact["files"].as_array().unwrap() {
        let name = f["file"].as_str().unwrap();
        let text = corpus_file(name);
        assert_eq!(pieces_differ(&text), None, "{name}");
    }
}

/// Text made to find where a pre-tokenizer could go wrong: every class the patterns test, the
/// characters they name (`'`, `/`, `\r`, `\n`, space), white space of every kind, contraction
/// letters in both cases and the long s that folds to one, title case, modifier letters, marks.
fn tricky_text() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        4 => prop::char::range(' ', '~'),
        2 => prop::sample::select(vec![
            '\'', '\'', '/', '\r', '\n', ' ', ' ', '\t', '\u{b}', '\u{c}', '\u{85}', '\u{a0}',
            '\u{1680}', '\u{2003}', '\u{2028}', '\u{2029}', '\u{202f}', '\u{3000}', '\u{200b}',
            's', 'S', 't', 'T', 'r', 'R', 'e', 'E', 'v', 'V', 'm', 'M', 'l', 'L', 'd', 'D',
            '\u{17f}', '\u{212a}', 'ǅ', 'ǈ', 'ʰ', 'ˆ', '々', 'ー', '²', '½', 'Ⅻ', '٣', '’',
            '，', '。', '—', '…', '😀', '\u{fe0f}', '\u{200d}', '\u{301}', 'é', 'É', 'ß',
        ]),
        2 => prop::char::range('\u{80}', '\u{ff}'),
        1 => prop::char::range('\u{300}', '\u{36f}'),
        1 => prop::char::range('\u{370}', '\u{3ff}'),
        2 => prop::char::range('\u{4e00}', '\u{4e40}'),
        1 => prop::char::range('\u{3040}', '\u{30ff}'),
        1 => prop::char::range('\u{1f300}', '\u{1f64f}'),
        1 => any::<char>(),
    ];
    prop::collection::vec(c, 0..48).prop_map(|v| v.into_iter().collect())
}

static DIRECT_CL100K: std::sync::LazyLock<tiktoken_rs::CoreBPE> =
    std::sync::LazyLock::new(|| tiktoken_rs::cl100k_base().unwrap());

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// On random text the scanner's pieces are the regex's, in both vocabularies.
    #[test]
    fn pieces_are_the_patterns_on_random_text(s in tricky_text()) {
        prop_assert_eq!(pieces_differ(&s), None, "{:?}", s);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// And the tokens are tiktoken-rs's own (its regex, its merge), in both vocabularies.
    #[test]
    fn tokens_are_tiktoken_rss(s in tricky_text()) {
        prop_assert_eq!(Exact::o200k().encode(&s).unwrap(), DIRECT.encode_ordinary(&s));
        prop_assert_eq!(Exact::cl100k().encode(&s).unwrap(), DIRECT_CL100K.encode_ordinary(&s));
    }
}

/// src/tokenizer/{o200k,cl100k}_base.bin are tiktoken-rs's vocabularies (OpenAI's `.tiktoken`
/// files), packed: every ordinary token in rank order, its length in one byte, then its bytes.
///   UPDATE_TOKENIZER_TABLES=1 cargo test --features tokenizer --test tokenizer tables
#[test]
fn packed_vocabulary_tables_are_tiktoken_rss() {
    for (key, vocabulary) in VOCABULARIES {
        let direct = match vocabulary {
            Vocabulary::O200k => &*DIRECT,
            Vocabulary::Cl100k => &*DIRECT_CL100K,
        };
        let mut packed = Vec::new();
        let mut rank = 0u32;
        while let Ok(token) = direct.decode_bytes(&[rank]) {
            packed.push(u8::try_from(token.len()).unwrap());
            packed.extend_from_slice(&token);
            rank += 1;
        }
        let path = root().join(format!("src/tokenizer/{key}_base.bin"));
        if std::env::var_os("UPDATE_TOKENIZER_TABLES").is_some() {
            std::fs::write(&path, &packed).unwrap();
        } else {
            assert!(
                std::fs::read(&path).unwrap_or_default() == packed,
                "{key}: UPDATE_TOKENIZER_TABLES=1 cargo test --features tokenizer --test tokenizer tables"
            );
        }
        // Every id, ordinary, special or none, decodes as tiktoken-rs decodes it.
        let exact = Exact::new(vocabulary);
        for id in 0..rank + 1_000 {
            let want = direct
                .decode_bytes(&[id])
                .ok()
                .and_then(|b| String::from_utf8(b).ok());
            assert_eq!(exact.decode(&[id]).ok(), want, "{key} {id}");
        }
    }
}

/// Long pieces (runs of letters with no break: Chinese without punctuation, a long identifier, a
/// word repeated) take the heap merge; their tokens are tiktoken-rs's too.
fn long_piece() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        3 => prop::char::range('\u{4e00}', '\u{4e80}'),
        2 => prop::char::range('a', 'z'),
        1 => prop::sample::select(vec!['é', 'ß', 'я', 'Ж', '\u{301}', 'あ', 'ー']),
    ];
    (prop::collection::vec(c, 1..12), 1usize..60).prop_map(|(unit, times)| {
        let unit: String = unit.into_iter().collect();
        unit.repeat(times)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn long_pieces_merge_as_tiktoken_rs_does(s in long_piece()) {
        prop_assert_eq!(Exact::o200k().encode(&s).unwrap(), DIRECT.encode_ordinary(&s));
        prop_assert_eq!(Exact::cl100k().encode(&s).unwrap(), DIRECT_CL100K.encode_ordinary(&s));
    }
}

/// tiktoken-rs's own merge with no pre-tokenizer of its own: a `CoreBPE` of the vocabulary whose
/// pattern takes the whole text as one piece. Fed ctxpack's pieces one by one, it is the oracle
/// for their merge at any length (tiktoken-rs's patterns give up on a megabyte of white space;
/// its merge of a piece of 100 bytes or more is a heap, n log n). ctxpack's pieces are held to
/// the patterns themselves above.
fn merge_only(direct: &CoreBPE) -> CoreBPE {
    let mut rank = 0u32;
    let encoder = std::iter::from_fn(|| {
        let token = direct.decode_bytes(&[rank]).ok()?;
        rank += 1;
        Some((token, rank - 1))
    })
    .collect();
    CoreBPE::new(encoder, std::iter::empty().collect(), r"(?s:.+)").unwrap()
}

static MERGE_O200K: std::sync::LazyLock<CoreBPE> = std::sync::LazyLock::new(|| merge_only(&DIRECT));
static MERGE_CL100K: std::sync::LazyLock<CoreBPE> =
    std::sync::LazyLock::new(|| merge_only(&DIRECT_CL100K));

/// The tokens of `text` by ctxpack's pieces and tiktoken-rs's merge of each.
fn merged_by_tiktoken_rs(text: &str, vocabulary: Vocabulary) -> Vec<u32> {
    let merge = match vocabulary {
        Vocabulary::O200k => &*MERGE_O200K,
        Vocabulary::Cl100k => &*MERGE_CL100K,
    };
    Exact::new(vocabulary)
        .pieces(text)
        .flat_map(|piece| merge.encode_ordinary(piece))
        .collect()
}

/// The kinds of long run a text can hold with no place where the pre-tokenizers split (or
/// few), each of which the merge must take whole.
#[derive(Debug, Clone, Copy)]
enum Run {
    Spaces,
    MixedWhitespace,
    Lines,
    Han,
    Letters,
    OneLetter,
    Digits,
    Emoji,
    Marks,
}

const RUNS: [Run; 9] = [
    Run::Spaces,
    Run::MixedWhitespace,
    Run::Lines,
    Run::Han,
    Run::Letters,
    Run::OneLetter,
    Run::Digits,
    Run::Emoji,
    Run::Marks,
];

/// `len` characters of `run`, drawn by a xorshift from `seed` (a generator, not proptest's
/// vectors: a case is hundreds of thousands of characters).
fn run_text(run: Run, len: usize, seed: u64) -> String {
    let mut x = seed | 1;
    let mut pick = |n: u32| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % u64::from(n)) as u32
    };
    let pool = |chars: &[char], k: u32| chars[k as usize % chars.len()];
    (0..len)
        .map(|_| match run {
            Run::Spaces => ' ',
            Run::MixedWhitespace => pool(
                &[' ', ' ', ' ', '\t', '\u{a0}', '\u{3000}', '\u{2003}'],
                pick(7),
            ),
            Run::Lines => pool(&[' ', ' ', '\n', '\t', '\r', '\n'], pick(6)),
            Run::Han => char::from_u32(0x4e00 + pick(0x5200)).unwrap(),
            Run::Letters => char::from_u32(u32::from(b'a') + pick(26)).unwrap(),
            Run::OneLetter => 'x',
            Run::Digits => char::from_u32(u32::from(b'0') + pick(10)).unwrap(),
            Run::Emoji => char::from_u32(0x1f300 + pick(0x150)).unwrap(),
            // A letter carrying combining marks: one long piece of two- and one-byte characters.
            Run::Marks => match pick(3) {
                0 => 'e',
                _ => char::from_u32(0x300 + pick(0x70)).unwrap(),
            },
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A run of any kind and length, up to 128K characters, tokenizes as tiktoken-rs's merge of
    /// the same pieces does, in both vocabularies; where tiktoken-rs's own pre-tokenizer copes,
    /// its whole encoding too. Never `TOO_LARGE`.
    #[test]
    fn long_runs_tokenize_as_tiktoken_rs(
        run in prop::sample::select(RUNS.to_vec()),
        len in 1usize << 10..1 << 17,
        seed in any::<u64>(),
    ) {
        let text = run_text(run, len, seed);
        for (key, vocabulary) in VOCABULARIES {
            let ids = Exact::new(vocabulary).encode(&text).unwrap();
            prop_assert_eq!(&ids, &merged_by_tiktoken_rs(&text, vocabulary), "{} {:?}", key, run);
            prop_assert_eq!(Exact::new(vocabulary).try_count(&text), Ok(ids.len()));
        }
        if !matches!(run, Run::Spaces | Run::MixedWhitespace | Run::Lines) {
            prop_assert_eq!(Exact::o200k().encode(&text).unwrap(), DIRECT.encode_ordinary(&text));
        }
    }
}

/// 256K characters of each kind of run, four times the 64 KiB stretch that used to be refused
/// with `TOO_LARGE`, are tokenized with the tokens of tiktoken-rs's merge, and decode back. (The
/// shared vectors hold a megabyte of spaces and of one letter.)
#[test]
fn runs_past_the_old_bound_are_tokenized_whole() {
    for run in RUNS {
        let text = run_text(run, 1 << 18, 7);
        for (key, vocabulary) in VOCABULARIES {
            let exact = Exact::new(vocabulary);
            let ids = exact.encode(&text).unwrap();
            assert_eq!(
                ids,
                merged_by_tiktoken_rs(&text, vocabulary),
                "{key} {run:?}"
            );
            assert_eq!(exact.count(&text), ids.len());
            assert_eq!(exact.decode(&ids).unwrap(), text);
        }
    }
}

/// Time against length, doubling (`--release --ignored --nocapture`; docs/TOKENS.md has the
/// numbers): near-linear, where a quadratic merge would take four times as long at each step.
#[test]
#[ignore = "a measurement: cargo test --release --features tokenizer --test tokenizer scaling -- --ignored --nocapture"]
fn scaling_with_length() {
    for run in RUNS {
        let mut line = format!("{run:?}:");
        for chars in [1usize << 16, 1 << 17, 1 << 18, 1 << 20] {
            let text = run_text(run, chars, 7);
            let exact = Exact::o200k();
            exact.count("warm up");
            let start = Instant::now();
            let mut rounds = 0u32;
            while rounds < 3 || start.elapsed() < Duration::from_millis(300) {
                assert!(exact.count(&text) > 0);
                rounds += 1;
            }
            let ms = start.elapsed().as_secs_f64() * 1e3 / f64::from(rounds);
            line += &format!(" {}K chars {ms:.1} ms;", chars >> 10);
        }
        println!("{line}");
    }
}
