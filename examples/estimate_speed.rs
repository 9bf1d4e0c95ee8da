//! The estimator's speed, natively: MB/s over the token corpus (tests/tokens/corpus) by kind of
//! text, and over the preload benchmark's synthetic file (`examples/preload.rs --synthetic`).
//!
//! ```sh
//! cargo run --release --example estimate_speed
//! ```

use ctxpack::tokens::{Estimator, TokenCounter};
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

/// Best of `passes()` passes over `texts`, each pass at least ~4 MB, in MB/s.
fn speed(texts: &[String]) -> (f64, usize) {
    let e = Estimator::o200k();
    let bytes: usize = texts.iter().map(String::len).sum::<usize>().max(1);
    let reps = 4_000_000usize.div_euclid(bytes).max(1);
    let mut best = f64::MAX;
    let mut tokens = 0;
    for _ in 0..passes() {
        let t = Instant::now();
        tokens = 0;
        for _ in 0..reps {
            for text in texts {
                tokens = e.count(black_box(text)).saturating_add(tokens);
            }
        }
        best = best.min(t.elapsed().as_secs_f64());
    }
    (
        bytes.saturating_mul(reps) as f64 / 1e6 / best,
        tokens.div_euclid(reps),
    )
}

/// 40 passes, or `ESTIMATE_PASSES` (1 to count instructions under `valgrind --tool=callgrind`,
/// where a shared machine's clock is too noisy to compare two builds).
fn passes() -> usize {
    std::env::var("ESTIMATE_PASSES")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(40)
}

fn main() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tokens/corpus");
    let mut kinds: Vec<_> = std::fs::read_dir(&corpus)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|d| d.path().is_dir())
        .map(|d| d.path())
        .collect();
    kinds.sort();
    let mut all = Vec::new();
    for dir in kinds {
        let mut texts: Vec<String> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|f| std::fs::read_to_string(f.path()).ok())
            .collect();
        texts.sort();
        let (mbs, tokens) = speed(&texts);
        let name = dir.file_name().unwrap_or_default().to_string_lossy();
        println!("{name:<14} {mbs:>7.0} MB/s  ({tokens} tokens)");
        all.append(&mut texts);
    }
    let (mbs, tokens) = speed(&all);
    println!("{:<14} {mbs:>7.0} MB/s  ({tokens} tokens)", "whole corpus");
    let line = "    const value = compute(items[index], options.threshold); // step\n";
    let (mbs, tokens) = speed(&[line.repeat(200)]);
    println!("{:<14} {mbs:>7.0} MB/s  ({tokens} tokens)", "preload file");
}
