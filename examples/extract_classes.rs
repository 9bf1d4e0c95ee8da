//! Runs the class extractor over files named on stdin (one path a line) and prints one JSON
//! line per file: `{"path", "classes": [[name, line, startLine, endLine, parent, startByte, endByte], …]}` — what
//! scripts/code-accuracy.py and .mjs compare with Python's `ast` and the TypeScript compiler.
//! A file that is not UTF-8 is read lossily (its lines still count the same).
//!
//! `--bench` instead prints the bytes read, the seconds spent extracting and the MB/s.

// A measuring tool: its counts stay far below overflow.
#![allow(clippy::arithmetic_side_effects)]

use std::io::{BufRead, Write};

fn main() {
    let bench = std::env::args().any(|a| a == "--bench");
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut files: Vec<(String, String)> = Vec::new();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let Ok(bytes) = std::fs::read(&line) else {
            continue;
        };
        files.push((line, String::from_utf8_lossy(&bytes).into_owned()));
    }
    if bench {
        let total: usize = files.iter().map(|(_, c)| c.len()).sum();
        let mut classes = 0usize;
        let started = std::time::Instant::now();
        let rounds = 5;
        for _ in 0..rounds {
            for (path, content) in &files {
                classes += ctxpack::code::extract_classes(path, content).classes.len();
            }
        }
        let secs = started.elapsed().as_secs_f64() / f64::from(rounds);
        let mb = total as f64 / 1e6;
        let _ = writeln!(
            out,
            "{} files, {mb:.1} MB, {} classes, {secs:.3} s per pass, {:.0} MB/s",
            files.len(),
            classes / rounds as usize,
            mb / secs
        );
        return;
    }
    for (path, content) in &files {
        let found = ctxpack::code::extract_classes(path, content);
        let list: Vec<String> = found
            .classes
            .iter()
            .map(|c| {
                format!(
                    "[{},{},{},{},{},{},{}]",
                    ctxpack::json::quote(&c.name),
                    c.line,
                    c.start_line,
                    c.end_line,
                    c.parent.map_or("null".to_string(), |p| p.to_string()),
                    c.start_byte,
                    c.end_byte
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "{{\"path\":{},\"classes\":[{}]}}",
            ctxpack::json::quote(path),
            list.join(",")
        );
    }
}
