//! Writes and checks `floors.rs` from the exact vocabularies: for each BMP letter the tokens it
//! takes alone, where the vocabulary holds no token that joins it to another letter (so no text
//! can take it for less). `UPDATE_FLOORS=1 cargo test --features tokenizer --lib
//! floors_match_the_tokenizer` rewrites it. Likewise `trigrams.rs`, the letter trigrams of the
//! commonest tokens (`UPDATE_TRIGRAMS=1 … trigrams_match_the_tokenizer`), and `marks.rs`, the
//! tokens of punctuation marks and what runs of one mark cost (`UPDATE_MARKS=1 …
//! marks_match_the_tokenizer`), `joins.rs`, the pairs of letters of other scripts than
//! ASCII's a token holds (`UPDATE_JOINS=1 … joins_match_the_tokenizer`), and `capitals.rs`,
//! the tokens of capitals (`UPDATE_CAPITALS=1 … capitals_match_the_tokenizer`).

#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::cast_possible_truncation
)] // a test, which may fail loudly

use super::bound::{joins_kind, mark};
use super::scan::{class, letter_event, Class};
use crate::tokenizer::Exact;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// Exclusive ends of the ids `decode` knows: ordinary tokens, then the special ones.
const SIZES: [u32; 2] = [200_019, 100_277];

/// The floor of each BMP character in `vocabulary`: 0, or the tokens it takes alone (at most 3).
fn floors(exact: &Exact, size: u32) -> Vec<u8> {
    let mut joined = vec![false; 0x10000];
    for id in 0..size {
        let Ok(text) = exact.decode(&[id]) else {
            continue;
        };
        let chars: Vec<char> = text.chars().collect();
        for pair in chars.windows(2) {
            if pair.iter().all(|c| c.is_alphabetic()) {
                for &c in pair {
                    if let Some(j) = joined.get_mut(c as usize) {
                        *j = true;
                    }
                }
            }
        }
    }
    (0..0x10000u32)
        .map(|u| match char::from_u32(u) {
            Some(c) if letter_event(class(c)).is_some() && !joined[u as usize] => {
                let alone = exact.try_count(&c.to_string()).unwrap_or(3).min(3) as u8;
                // Ideographs and syllables are weighed a token each or more: one alone adds nothing.
                match class(c) {
                    Class::Han | Class::KanaHangul if alone < 2 => 0,
                    _ => alone,
                }
            }
            _ => 0,
        })
        .collect()
}

/// The tokens each letter of a run (`bound::joins_kind`) takes alone in `vocabulary`, at most 3;
/// 0 for every other character.
fn alone(exact: &Exact) -> Vec<u8> {
    (0..0x10000u32)
        .map(|u| match char::from_u32(u) {
            Some(c) if joins_kind(c, class(c)).is_some() => {
                exact.try_count(&c.to_string()).unwrap_or(3).min(3) as u8
            }
            _ => 0,
        })
        .collect()
}

fn generate() -> String {
    let vocabularies = [Exact::o200k(), Exact::cl100k()];
    let mut bits: BTreeMap<[u64; 4], usize> = BTreeMap::new();
    let mut order: Vec<[u64; 4]> = Vec::new();
    // Floors, then what letters take alone, per vocabulary.
    let mut blocks = [[[0usize; 512]; 2]; 2];
    for (v, exact) in vocabularies.iter().enumerate() {
        for (t, table) in [floors(exact, SIZES[v]), alone(exact)].iter().enumerate() {
            for (b, chunk) in table.chunks(128).enumerate() {
                let mut words = [0u64; 4];
                for (i, &x) in chunk.iter().enumerate() {
                    words[i / 32] |= u64::from(x) << ((i % 32) * 2);
                }
                if words == [0; 4] {
                    continue;
                }
                let index = *bits.entry(words).or_insert_with(|| {
                    order.push(words);
                    order.len()
                });
                blocks[t][v][b] = index;
            }
        }
    }
    let mut out = String::new();
    let docs = [
        "/// For `[o200k, cl100k]` and each block of 128 BMP characters: 0, or 1 + the index in\n\
         /// [`FLOORS`] of its characters' floors.",
        "\n/// The same for the tokens each letter `bound::Letters` weighs takes alone.",
    ];
    for ((name, doc), blocks) in ["BLOCKS", "ALONE_BLOCKS"].iter().zip(docs).zip(&blocks) {
        let _ = writeln!(out, "{doc}");
        let _ = writeln!(out, "pub(super) static {name}: [[u16; 512]; 2] = [");
        for v in blocks {
            out.push_str("    [\n");
            for row in v.chunks(16) {
                let row: Vec<String> = row.iter().map(|i| i.to_string()).collect();
                let _ = writeln!(out, "        {},", row.join(", "));
            }
            out.push_str("    ],\n");
        }
        out.push_str("];\n");
    }
    out.push_str(
        "\n/// Two bits a character, the lowest first: 0, or the tokens it takes alone (at most 3),\n\
         /// where no token joins it to another letter (`BLOCKS`), or for every letter\n\
         /// (`ALONE_BLOCKS`).\n",
    );
    let _ = writeln!(
        out,
        "pub(super) static FLOORS: [[u64; 4]; {}] = [",
        order.len()
    );
    for w in &order {
        let _ = writeln!(
            out,
            "    [{:#018x}, {:#018x}, {:#018x}, {:#018x}],",
            w[0], w[1], w[2], w[3]
        );
    }
    out.push_str("];\n");
    out
}

/// Holds `src/tokens/<file>` to `table` under the header that says how to regenerate it: the
/// test `test`, with the variable `update` set, writes it.
fn check(file: &str, update: &str, test: &str, table: &str) {
    let command = format!("{update}=1 cargo test --features tokenizer --lib {test}");
    let want = format!(
        "// @generated by `{command}`\n// (src/tokens/floors_gen.rs) from the exact \
         vocabularies; do not edit.\n\n{table}"
    );
    let path = format!("{}/src/tokens/{file}", env!("CARGO_MANIFEST_DIR"));
    assert!(
        crate::shape::generate::committed_under(update, &path, &want),
        "src/tokens/{file} is stale: {command}"
    );
}

#[test]
fn floors_match_the_tokenizer() {
    check(
        "floors.rs",
        "UPDATE_FLOORS",
        "floors_match_the_tokenizer",
        &generate(),
    );
}

/// Trigrams of letters held in a token among the first this many of either vocabulary.
const COMMON_RANKS: u32 = 10_000;

/// The trigram table: bit `a << 10 | b << 5 | c` (letters `a`–`z` as 1–26) is set where a
/// token of letters alone (a leading space allowed, case folded) ranked below
/// [`COMMON_RANKS`] in o200k or cl100k holds the trigram, and for one letter three times.
fn trigrams() -> String {
    let mut bits = vec![0u64; 1 << 9];
    let mut set = |t: &[u8]| {
        let i = t.iter().fold(0usize, |i, &b| i << 5 | usize::from(b & 31));
        bits[i >> 6] |= 1 << (i & 63);
    };
    for c in b'a'..=b'z' {
        set(&[c, c, c]);
    }
    for exact in [Exact::o200k(), Exact::cl100k()] {
        for id in 0..COMMON_RANKS {
            let Ok(text) = exact.decode(&[id]) else {
                continue;
            };
            let word = text.strip_prefix(' ').unwrap_or(&text).to_ascii_lowercase();
            if word.len() < 3 || !word.bytes().all(|b| b.is_ascii_lowercase()) {
                continue;
            }
            for t in word.as_bytes().windows(3) {
                set(t);
            }
        }
    }
    let held: u32 = bits.iter().map(|w| w.count_ones()).sum();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "/// Bit `a << 10 | b << 5 | c` (`a`–`z` as 1–26): a token of letters among the first\n\
         /// {COMMON_RANKS} of o200k or cl100k holds the trigram, or it is one letter three times\n\
         /// ({held} of {}).",
        26 * 26 * 26
    );
    table(&mut out, "COMMON", &bits);
    out
}

#[test]
fn trigrams_match_the_tokenizer() {
    check(
        "trigrams.rs",
        "UPDATE_TRIGRAMS",
        "trigrams_match_the_tokenizer",
        &trigrams(),
    );
}

/// The tokens of each vocabulary made of ASCII punctuation marks alone, 2 to
/// [`super::mark_merges::LONGEST`] of them, in rank order, a space after each (no such token holds
/// one), so that a run of marks is merged as the vocabulary merges it
/// (`super::mark_merges`).
fn marks() -> String {
    let vocabularies = [Exact::o200k(), Exact::cl100k()];
    let mut out = String::new();
    for (v, (exact, name)) in vocabularies.iter().zip(["O200K", "CL100K"]).enumerate() {
        let mut tokens = Vec::new();
        for id in 0..SIZES[v] {
            let Ok(text) = exact.decode(&[id]) else {
                continue;
            };
            if (2..=super::mark_merges::LONGEST).contains(&text.len())
                && text.bytes().all(|b| mark(b).is_some())
            {
                tokens.push(text);
            }
        }
        let _ = writeln!(
            out,
            "{}/// {name}'s {} tokens of 2 to {} punctuation marks, lowest rank first.",
            if v == 0 { "" } else { "\n" },
            tokens.len(),
            super::mark_merges::LONGEST
        );
        let _ = writeln!(out, "pub(super) static {name}: &str = \"\\");
        let mut line = String::new();
        for token in tokens {
            let escaped = token.replace('\\', "\\\\").replace('"', "\\\"");
            if line.len() + escaped.len() > 90 {
                let _ = writeln!(out, "    {line}\\");
                line.clear();
            }
            line.push_str(&escaped);
            line.push(' ');
        }
        let _ = writeln!(out, "    {line}\";");
    }
    let _ = writeln!(
        out,
        "\n/// A run of one mark (`bound::mark`'s index): what its third mark costs, then each later\n\
         /// one, o200k's then cl100k's, in thousandths — at least the tokens of every run of 3 to\n\
         /// {RUN_LONGEST} of it less its first two's."
    );
    let _ = writeln!(out, "pub(super) static RUNS: [[u16; 4]; 32] = [");
    for b in (0u8..128).filter(|&b| mark(b).is_some()) {
        let costs: Vec<String> = vocabularies
            .iter()
            .flat_map(|exact| run_costs(exact, b))
            .map(|c| c.to_string())
            .collect();
        let _ = writeln!(out, "    [{}], // {}", costs.join(", "), char::from(b));
    }
    out.push_str("];\n");
    out
}

/// The longest run of one mark [`run_costs`] measures: past it, a run costs its rate.
const RUN_LONGEST: usize = 600;

/// What a run of mark `b` costs in `exact`, in thousandths, past its first two marks (which
/// its fitted event and its pair's merge charge): its third mark, then a rate for each later
/// one — the rate of the longest runs, and the third's cost what the shorter ones need more.
fn run_costs(exact: &Exact, b: u8) -> [u64; 2] {
    let one = char::from(b).to_string();
    let real: Vec<u64> = (0..=RUN_LONGEST)
        .map(|n| exact.try_count(&one.repeat(n)).unwrap() as u64)
        .collect();
    let rate = (RUN_LONGEST / 2..=RUN_LONGEST)
        .map(|n| (real[n] * 1000).div_ceil(n as u64))
        .max()
        .unwrap();
    let third = (3..=RUN_LONGEST)
        .map(|n| (real[n].saturating_sub(real[2]) * 1000).saturating_sub(rate * (n as u64 - 3)))
        .max()
        .unwrap();
    [third, rate]
}

/// Writes `bits` as the static `name`, four words a row.
fn table(out: &mut String, name: &str, bits: &[u64]) {
    let _ = writeln!(out, "pub(super) static {name}: [u64; {}] = [", bits.len());
    for row in bits.chunks(4) {
        let row: Vec<String> = row.iter().map(|w| format!("{w:#018x}")).collect();
        let _ = writeln!(out, "    {},", row.join(", "));
    }
    out.push_str("];\n");
}

#[test]
fn marks_match_the_tokenizer() {
    check(
        "marks.rs",
        "UPDATE_MARKS",
        "marks_match_the_tokenizer",
        &marks(),
    );
}

/// A run of marks of at most [`super::mark_merges::LONGEST`] takes the tokens the exact
/// tokenizer gives it, and a longer one, merged in chunks of as many with two tokens for each
/// cut, never fewer: on random runs, and on every unit of two and three marks repeated. (Runs of
/// one mark repeated cost what `bound::punct_run` says, not this.)
#[test]
fn mark_runs_merge_as_the_tokenizer() {
    use super::mark_merges::{count, CUT, LONGEST};
    let marks: Vec<u8> = (0u8..128).filter(|&b| mark(b).is_some()).collect();
    let chunked = |v: usize, run: &[u8]| {
        let cuts = (run.len() as u64 - 1) / LONGEST as u64 * u64::from(CUT) / 1000;
        cuts + run
            .chunks(LONGEST)
            .map(|chunk| {
                let bits = chunk
                    .iter()
                    .fold(0u128, |bits, &b| bits << 5 | u128::from(mark(b).unwrap()));
                u64::from(count(bits, chunk.len())[v])
            })
            .sum::<u64>()
    };
    let mut next = crate::test_rng::xorshift(0x2545_F491_4F6C_DD1D);
    let mut units: Vec<Vec<u8>> = Vec::new();
    for &a in &marks {
        for &b in &marks {
            units.push(vec![a, b]);
            units.extend(marks.iter().map(|&c| vec![a, b, c]));
        }
    }
    let mut worst = [1.0f64; 2];
    for (v, exact) in [Exact::o200k(), Exact::cl100k()].iter().enumerate() {
        let mut check = |run: Vec<u8>| {
            if run.iter().all(|&b| b == run[0]) {
                return;
            }
            let text = String::from_utf8(run.clone()).unwrap();
            let real = exact.try_count(&text).unwrap() as u64;
            let estimate = chunked(v, &run);
            if run.len() <= LONGEST {
                assert_eq!(estimate, real, "vocabulary {v}: {text:?}");
            }
            assert!(
                estimate >= real,
                "vocabulary {v}: {text:?}: {estimate} < {real}"
            );
            worst[v] = worst[v].max(estimate as f64 / real as f64);
        };
        for case in 0..10_000 {
            // Random marks, or a unit of 2–4 repeated: what repeats is what merges longest.
            let len = 2 + next(if case % 2 == 0 { LONGEST - 1 } else { 300 });
            let unit: Vec<u8> = (0..2 + next(3)).map(|_| marks[next(marks.len())]).collect();
            check(
                (0..len)
                    .map(|i| {
                        if case % 4 < 2 {
                            marks[next(marks.len())]
                        } else {
                            unit[i % unit.len()]
                        }
                    })
                    .collect(),
            );
        }
        for unit in &units {
            check((0..97).map(|i| unit[i % unit.len()]).collect());
        }
    }
    // Units that merge into tokens longer than a chunk (`-=` and `-+` repeated: 16 and 32
    // marks a token) are over-counted, past the first chunk: 4.2× at most.
    assert!(worst.iter().all(|&w| w <= 4.2), "{worst:?}");
}

/// The pairs of neighbouring letters of other scripts than ASCII's (`bound::joins_kind`) that
/// some token of each vocabulary holds, and the letters some token holds after a space, in the
/// varints `super::letter_joins` reads: per first letter, its distance from the last one, how
/// many letters follow it, then the first of those as a zigzag distance from it and each
/// other from the one before; the letters after a space, each as its distance from the last.
fn joins() -> String {
    let mut out = String::new();
    for (v, (exact, name)) in [Exact::o200k(), Exact::cl100k()]
        .iter()
        .zip(["O200K", "CL100K"])
        .enumerate()
    {
        let letter = |c: char| joins_kind(c, class(c)).is_some();
        let mut pairs: BTreeMap<u32, std::collections::BTreeSet<u32>> = BTreeMap::new();
        for id in 0..SIZES[v] {
            let Ok(text) = exact.decode(&[id]) else {
                continue;
            };
            let chars: Vec<char> = text.chars().collect();
            for pair in chars.windows(2) {
                if (pair[0] == ' ' || letter(pair[0])) && letter(pair[1]) {
                    pairs
                        .entry(pair[0] as u32)
                        .or_default()
                        .insert(pair[1] as u32);
                }
            }
        }
        let after_space = pairs.remove(&u32::from(b' ')).unwrap_or_default();
        check_decoded(v, &pairs, &after_space);
        let count: usize = pairs.values().map(|s| s.len()).sum();
        let mut bytes = Vec::new();
        let mut last = 0;
        for (&first, then) in &pairs {
            varint(&mut bytes, first - last);
            last = first;
            varint(&mut bytes, then.len() as u32);
            let mut before = None;
            for &second in then {
                match before {
                    None => varint(&mut bytes, zigzag(i64::from(second) - i64::from(first))),
                    Some(b) => varint(&mut bytes, second - b),
                }
                before = Some(second);
            }
        }
        let _ = writeln!(
            out,
            "{}/// The {count} pairs of letters {name}'s tokens join, by first letter.",
            if v == 0 { "" } else { "\n" },
        );
        byte_string(&mut out, name, &bytes);
        let mut bytes = Vec::new();
        let mut last = 0;
        for &c in &after_space {
            varint(&mut bytes, c - last);
            last = c;
        }
        let _ = writeln!(
            out,
            "\n/// The {} letters {name}'s tokens join to a space before them.",
            after_space.len()
        );
        byte_string(&mut out, &format!("{name}_AFTER_SPACE"), &bytes);
    }
    out
}

/// What `super::letter_joins` reads from the committed table is what the vocabulary holds: each
/// pair, and no other among neighbours of theirs and random ones.
fn check_decoded(
    v: usize,
    pairs: &BTreeMap<u32, std::collections::BTreeSet<u32>>,
    after_space: &std::collections::BTreeSet<u32>,
) {
    use super::letter_joins::joined;
    let held = |a: u32, b: u32| {
        if a == u32::from(b' ') {
            after_space.contains(&b)
        } else {
            pairs.get(&a).is_some_and(|s| s.contains(&b))
        }
    };
    let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
    let letters: Vec<u32> = (0x80..0x10000u32)
        .filter(|&u| char::from_u32(u).is_some_and(|c| joins_kind(c, class(c)).is_some()))
        .collect();
    let mut tried: Vec<(u32, u32)> = pairs
        .iter()
        .flat_map(|(&a, s)| s.iter().flat_map(move |&b| [(a, b), (a, b + 1), (b, a)]))
        .chain(after_space.iter().map(|&b| (u32::from(b' '), b)))
        .collect();
    tried
        .extend((0..100_000).map(|_| (letters[next(letters.len())], letters[next(letters.len())])));
    tried.extend((0..1_000).map(|_| (u32::from(b' '), letters[next(letters.len())])));
    for (a, b) in tried {
        let (Some(ca), Some(cb)) = (char::from_u32(a), char::from_u32(b)) else {
            continue;
        };
        if (a != u32::from(b' ') && joins_kind(ca, class(ca)).is_none())
            || joins_kind(cb, class(cb)).is_none()
        {
            continue;
        }
        assert_eq!(
            joined(ca, cb)[v],
            held(a, b),
            "vocabulary {v}: {ca:?} {cb:?}"
        );
    }
}

fn varint(out: &mut Vec<u8>, mut n: u32) {
    while n >= 0x80 {
        out.push((n & 0x7F) as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn zigzag(n: i64) -> u32 {
    (if n >= 0 { n * 2 } else { -n * 2 - 1 }) as u32
}

/// Writes `bytes` as the byte string static `name`, wrapped.
fn byte_string(out: &mut String, name: &str, bytes: &[u8]) {
    let _ = writeln!(out, "pub(super) static {name}: &[u8] = b\"\\");
    let mut line = String::new();
    for &b in bytes {
        let _ = write!(line, "\\x{b:02x}");
        if line.len() >= 88 {
            let _ = writeln!(out, "    {line}\\");
            line.clear();
        }
    }
    let _ = writeln!(out, "    {line}\";");
}

#[test]
fn joins_match_the_tokenizer() {
    check(
        "joins.rs",
        "UPDATE_JOINS",
        "joins_match_the_tokenizer",
        &joins(),
    );
}

/// The runs of [`super::capital_words::SHORTEST`] to [`super::capital_words::LONGEST`]
/// capitals that are tokens, and how (`capital_words::flag`): alone (`"HEL"`) or led by one
/// character that is neither a letter, a digit nor a line end (`" HEL"`, `"_BUFFER"`: the
/// pre-tokenizers put one in front of a word), in o200k or cl100k; and the runs of two capitals
/// or more that tokens of letters of both cases begin with (`URL` of `URLs`, `IOE` of
/// `IOException`), at most `LONGEST`, of either.
fn capitals() -> Capitals {
    use super::capital_words::{flag, Lead, LONGEST, SHORTEST};
    let mut tokens = BTreeMap::new();
    let mut heads = BTreeSet::new();
    for (v, exact) in [Exact::o200k(), Exact::cl100k()].iter().enumerate() {
        for id in 0..SIZES[v] {
            let Ok(text) = exact.decode(&[id]) else {
                continue;
            };
            let mut chars = text.chars();
            let (letters, lead) = match chars.next() {
                Some(' ') => (chars.as_str(), Lead::Space),
                Some(c) if !c.is_alphanumeric() && c != '\r' && c != '\n' => {
                    (chars.as_str(), Lead::Mark)
                }
                _ => (text.as_str(), Lead::None),
            };
            let caps = letters.bytes().take_while(u8::is_ascii_uppercase).count();
            if caps == letters.len() && (SHORTEST..=LONGEST).contains(&caps) {
                *tokens.entry(letters.to_string()).or_insert(0) |= flag(v, lead);
            } else if caps >= 2
                && letters
                    .as_bytes()
                    .get(caps)
                    .is_some_and(u8::is_ascii_lowercase)
            {
                heads.insert(letters[..caps.min(LONGEST)].to_string());
            }
        }
    }
    Capitals { tokens, heads }
}

/// What `capitals.rs` holds.
struct Capitals {
    tokens: BTreeMap<String, u8>,
    heads: BTreeSet<String>,
}

/// `words` (sorted) front-coded, as the string static `name`: each a lowercase letter for how
/// many letters it shares with the one before (`a` none), then its other letters.
fn front_coded<'a>(out: &mut String, name: &str, words: impl Iterator<Item = &'a String>) {
    let mut coded = String::new();
    let mut before = "";
    for t in words {
        let shared = before
            .bytes()
            .zip(t.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        coded.push(char::from(b'a' + shared as u8));
        coded.push_str(&t[shared..]);
        before = t;
    }
    let _ = writeln!(out, "pub(super) static {name}: &str = \"\\");
    let mut line = String::new();
    for c in coded.chars() {
        if c.is_ascii_lowercase() && line.len() >= 88 {
            let _ = writeln!(out, "    {line}\\");
            line.clear();
        }
        line.push(c);
    }
    let _ = writeln!(out, "    {line}\";");
}

fn capitals_table(Capitals { tokens, heads }: &Capitals) -> String {
    use super::capital_words::{LONGEST, SHORTEST};
    let mut out = String::new();
    let _ = writeln!(
        out,
        "/// The {} runs of {SHORTEST} to {LONGEST} capitals that are tokens of o200k or cl100k, alone\n\
         /// or after a space or another character that is not a letter or a digit, sorted and\n\
         /// front-coded: each a lowercase letter for how many letters it shares with the one before\n\
         /// (`a` none), then its other letters.",
        tokens.len()
    );
    front_coded(&mut out, "TOKENS", tokens.keys());
    let _ = writeln!(
        out,
        "\n/// What each of `TOKENS` is a token of, in order (`capital_words::flag`)."
    );
    byte_string(
        &mut out,
        "FLAGS",
        &tokens.values().copied().collect::<Vec<u8>>(),
    );
    let _ = writeln!(
        out,
        "\n/// The {} runs of two capitals or more that tokens of letters of both cases begin with,\n\
         /// written alike.",
        heads.len()
    );
    front_coded(&mut out, "HEADS", heads.iter());
    out
}

#[test]
fn capitals_match_the_tokenizer() {
    use super::capital_words::{flag, read, Lead};
    let table = capitals();
    check(
        "capitals.rs",
        "UPDATE_CAPITALS",
        "capitals_match_the_tokenizer",
        &capitals_table(&table),
    );
    // What `capital_words` reads back is the tables: for every run inside a token, and what is
    // one letter off each, whether it is a token, alone or led, of each, and whether a longer
    // token begins with it.
    let Capitals { tokens, heads } = &table;
    let mut inside = std::collections::HashSet::new();
    let mut begins = std::collections::HashSet::new();
    for (t, head) in tokens
        .keys()
        .map(|t| (t, false))
        .chain(heads.iter().map(|t| (t, true)))
    {
        for from in 0..t.len() {
            for to in from + 2..=t.len() {
                inside.insert(&t[from..to]);
                if from == 0 && (head || to < t.len()) {
                    begins.insert(&t[..to]);
                }
            }
        }
    }
    let leads = [Lead::None, Lead::Space, Lead::Mark];
    let check = |w: &str| {
        let flags = tokens.get(w).copied().unwrap_or(0);
        let want = inside.contains(w).then(|| {
            let tokens = [0, 1].map(|v| leads.map(|lead| flags & flag(v, lead) != 0));
            (tokens, begins.contains(w))
        });
        let read = read(w.as_bytes())
            .map(|r| ([0, 1].map(|v| leads.map(|lead| r.token(v, lead))), r.begins));
        assert_eq!(read, want, "{w}");
    };
    for t in tokens.keys().chain(heads) {
        for from in 0..t.len() {
            for to in from + 2..=t.len() {
                check(&t[from..to]);
            }
        }
        let mut next = t.clone().into_bytes();
        if let Some(last) = next.last_mut() {
            *last = if *last == b'Z' { b'A' } else { *last + 1 };
        }
        check(&String::from_utf8(next).unwrap());
    }
}
