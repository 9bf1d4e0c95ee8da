//! Preload files from a directory into a prompt block, natively:
//!
//! ```sh
//! cargo run --example preload -- . src/lib.rs ./src/lib.rs src/files/mod.rs ../etc/passwd .env
//! cargo run --example preload -- --max-tokens 2000 --strict . src/files/*.rs
//! cargo run --release --example preload -- --synthetic 1000   # 1,000 files of 200 lines, timed
//! ```
//!
//! Prints the block, then one line per reference (action, reason code, reason) and the totals.
//! The paths go through the core's rules first (`check_paths`: normalised, confined,
//! de-duplicated, secret names refused); then, as a server reader must, each is resolved on the
//! disk and refused if its real path leaves the real base (a symlink), if it is not a regular
//! file, or if it is over the byte limit — before it is read.

use ctxpack::files::Content;
use ctxpack::files::{check_paths, PathStatus, PathsInput};
use ctxpack::files::{preload, EntryKind, FileContent, FileRef, PreloadInput, PreloadMode};
use ctxpack::Limits;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// Refused before reading: a prompt has no use for a file this large.
const MAX_BYTES: u64 = 1 << 20;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut input = PreloadInput::default();
    let mut synthetic = None;
    while let Some(flag) = args.first().filter(|a| a.starts_with("--")).cloned() {
        args.remove(0);
        let mut value = || {
            (!args.is_empty())
                .then(|| args.remove(0))
                .and_then(|v| v.parse().ok())
        };
        match flag.as_str() {
            "--max-tokens" => input.max_tokens = value(),
            "--max-chars" => input.max_chars = value(),
            "--max-lines" => input.max_lines = value(),
            "--fanout" => input.fanout = value(),
            "--strict" => input.mode = Some(PreloadMode::Strict),
            "--allow-secrets" => input.allow_secrets = Some(true),
            "--synthetic" => synthetic = value(),
            _ => {
                eprintln!("unknown flag {flag}");
                return ExitCode::from(2);
            }
        }
    }
    if let Some(files) = synthetic {
        return bench(files);
    }
    let Some((base, paths)) = args.split_first() else {
        eprintln!("usage: preload [--max-tokens N] [--max-chars N] [--max-lines N] [--fanout N] [--strict] [--allow-secrets] <base dir> <path>...");
        return ExitCode::from(2);
    };
    input.references = paths
        .iter()
        .map(|p| FileRef {
            path: p.clone(),
            source: Some("argv".into()),
        })
        .collect();
    input.contents = Some(read_contents(Path::new(base), paths, input.allow_secrets));
    match preload(&input, &Limits::default()) {
        Ok(out) => {
            println!("{}", out.block);
            for f in &out.manifest.files {
                eprintln!(
                    "{:<10} {:<15} {}  ({})",
                    f.item.action.as_str(),
                    f.reason_code.as_str(),
                    f.item.id,
                    f.item.reason
                );
            }
            let t = &out.manifest.totals;
            eprintln!(
                "{} inlined, {} skipped, {} rejected, {} duplicates: {} chars, {} tokens ({}), x{} agents = {} tokens",
                t.inlined, t.skipped, t.rejected, t.duplicates, t.chars, t.tokens, t.counter, t.fanout, t.fanout_tokens
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// Reads what the rules let through, with the disk's own checks; what is refused gets an entry
/// without content (its kind or size says why), and the core writes every record.
fn read_contents(base: &Path, paths: &[String], allow_secrets: Option<bool>) -> Vec<FileContent> {
    let checks = match check_paths(
        &PathsInput {
            paths: paths.to_vec(),
            allow_secrets,
            base: None,
        },
        &Limits::default(),
    ) {
        Ok(c) => c,
        Err(_) => return Vec::new(),
    };
    let Ok(real_base) = base.canonicalize() else {
        return Vec::new();
    };
    checks
        .paths
        .iter()
        .filter(|c| c.status == PathStatus::Read)
        .filter_map(|c| {
            let normalized = c.normalized.clone()?;
            // The real path, symlinks followed, must stay under the real base.
            let real = real_base.join(&normalized).canonicalize().ok()?;
            // Relative to the real base, for the secret-name rules (`src/x -> ../.env`).
            let real_path = real
                .strip_prefix(&real_base)
                .ok()
                .and_then(|p| p.to_str())
                .map(|p| p.replace(std::path::MAIN_SEPARATOR, "/"));
            let entry = |kind, content, size| FileContent {
                path: normalized.clone(),
                content,
                kind: Some(kind),
                size,
                real_path: real_path.clone(),
            };
            if !real.starts_with(&real_base) {
                return Some(entry(EntryKind::Outside, None, None)); // never read
            }
            let meta = std::fs::metadata(&real).ok()?;
            Some(if meta.is_dir() {
                entry(EntryKind::Directory, None, None)
            } else if !meta.is_file() {
                entry(EntryKind::Other, None, None)
            } else if meta.len() > MAX_BYTES {
                entry(EntryKind::File, None, usize::try_from(meta.len()).ok())
            } else {
                let bytes = std::fs::read(&real).ok()?;
                entry(EntryKind::File, Some(Content::Bytes(bytes)), None)
            })
        })
        .collect()
}

/// The issue's benchmark, natively: `files` files of 200 lines preloaded under a budget that
/// holds them all.
fn bench(files: usize) -> ExitCode {
    let line = "    const value = compute(items[index], options.threshold); // step\n";
    let body = line.repeat(200);
    let input = PreloadInput {
        references: (0..files)
            .map(|i| FileRef {
                path: format!("src/module{i}.ts"),
                source: None,
            })
            .collect(),
        contents: Some(
            (0..files)
                .map(|i| FileContent {
                    path: format!("src/module{i}.ts"),
                    content: Some(Content::Text(body.clone())),
                    kind: None,
                    size: None,
                    real_path: None,
                })
                .collect(),
        ),
        max_tokens: Some(100_000_000),
        ..Default::default()
    };
    let mut best = f64::MAX;
    let mut out = None;
    for _ in 0..5 {
        let t = Instant::now();
        out = preload(&input, &Limits::default()).ok();
        best = best.min(t.elapsed().as_secs_f64());
    }
    let Some(out) = out else {
        return ExitCode::FAILURE;
    };
    let bytes = files.saturating_mul(body.len());
    println!(
        "{files} files x 200 lines ({:.1} MB): best of 5 {:.1} ms ({:.0} MB/s); block {} chars, {} tokens",
        bytes as f64 / 1e6,
        best * 1e3,
        bytes as f64 / 1e6 / best,
        out.manifest.totals.chars,
        out.manifest.totals.tokens
    );
    ExitCode::SUCCESS
}
