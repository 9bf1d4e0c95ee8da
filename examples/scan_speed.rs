//! The JSON-text scanner's speed, natively: how long splitting a documents array given as JSON
//! text takes (`JsonDocs::parse`), and skipping the same text as one value (`skip_value`, no
//! metadata read), best of several passes, in ms and MB/s.
//!
//! The texts are the benchmark's workload (bench/workload.mjs), written by Node:
//!
//! ```sh
//! node bench/scan-texts.mjs /tmp/scan          # writes 10k.json and 10k-x10.json
//! cargo run --release --example scan_speed -- /tmp/scan/10k.json /tmp/scan/10k-x10.json
//! ```
//!
//! `SCAN_PASSES` sets the number of passes (default 15).

use ctxpack::__private::json::Parser;
use ctxpack::jsondoc::JsonDocs;
use ctxpack::Limits;
use std::hint::black_box;
use std::time::Instant;

/// The best time of `passes()` runs of `f`, in ms.
fn best(mut f: impl FnMut()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..passes() {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
    }
    best
}

fn passes() -> usize {
    std::env::var("SCAN_PASSES")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(15)
}

// Named and not inlined, so `valgrind --tool=callgrind --toggle-collect=scan_speed::skip` (with
// SCAN_PASSES=1) counts the instructions of one of them alone: on a shared machine the clock is
// too noisy to compare two builds, instruction counts are not.
#[inline(never)]
fn skip(text: &str) -> bool {
    Parser::new(text).skip_value(0).is_ok()
}

#[inline(never)]
fn split(text: String, limits: &Limits) -> usize {
    JsonDocs::parse(text, limits)
        .map(|d| ctxpack::jsondoc::DocSet::metas(&d).len())
        .unwrap_or(0)
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: scan_speed <documents.json>... (see the doc comment)");
        std::process::exit(2);
    }
    let limits = Limits::default();
    for file in files {
        let text = match std::fs::read_to_string(&file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{file}: {e}");
                std::process::exit(1);
            }
        };
        let mb = text.len() as f64 / 1e6;
        let skip = best(|| {
            black_box(skip(black_box(&text)));
        });
        // JsonDocs::parse takes the text by value: the copy is timed alone and taken off.
        let copy = best(|| drop(black_box(text.clone())));
        let mut docs = 0;
        let parse = best(|| {
            docs = split(black_box(text.clone()), &limits);
        }) - copy;
        println!(
            "{file}: {mb:.1} MB, {docs} documents; skip_value {skip:.2} ms ({:.0} MB/s), \
             JsonDocs::parse {parse:.2} ms ({:.0} MB/s)",
            mb / skip * 1e3,
            mb / parse * 1e3
        );
    }
}
