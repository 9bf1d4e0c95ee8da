//! ctxpack's token estimates, natively, as JSON:
//!
//! ```sh
//! cargo run --release --example token_estimate -- README.md docs/*.md   # one line per file
//! echo '["some text", "更多文字"]' | cargo run --release --example token_estimate
//! ```
//!
//! With files, prints `{"file", "o200k", "cl100k"}` per file. Without, reads a JSON array of
//! strings from stdin and prints `{"events", "pieces": [{"o200k", "cl100k", "tally", "extra"}]}` —
//! the real Rust estimates, the event counts `scripts/tokens-report.mjs` fits the weights on,
//! and what the bounds the fit accounts for add (thousandths of a token, o200k then cl100k; rare
//! trigrams are left out, being added on top of the fit).

use ctxpack::__private::tokens::{fitted_extra, tally, EVENTS};
use ctxpack::tokens::{Estimator, TokenCounter};
use serde_json::json;
use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("token_estimate: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let (o200k, cl100k) = (Estimator::o200k(), Estimator::cl100k());
    let files: Vec<String> = std::env::args().skip(1).collect();
    if !files.is_empty() {
        for file in files {
            let text = std::fs::read_to_string(&file)?;
            let line =
                json!({"file": file, "o200k": o200k.count(&text), "cl100k": cl100k.count(&text)});
            println!("{line}");
        }
        return Ok(());
    }
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input)?;
    let texts: Vec<String> = serde_json::from_str(&input)?;
    let pieces: Vec<_> = texts
        .iter()
        .map(|t| json!({"o200k": o200k.count(t), "cl100k": cl100k.count(t), "tally": tally(t), "extra": fitted_extra(t)}))
        .collect();
    println!("{}", json!({"events": EVENTS, "pieces": pieces}));
    Ok(())
}
