//! The run governor on an event log, natively:
//!
//! ```sh
//! cargo run --example governor                                         # a built-in run
//! cargo run --example governor -- tests/vectors/governor/inputs/loops.jsonl
//! ```
//!
//! A log is JSON lines: a header `{"config": {…}}`, then one event per line (the vector format,
//! tests/vectors/governor/README.md). Prints each event's decision, then the run report in
//! Markdown, then the state's JSON size.

use ctxpack::governor::{DecisionKind, Governor, GovernorConfig, GovernorEvent};
use ctxpack::json::Value;
use ctxpack::shape::Input;
use std::process::ExitCode;

const DEMO: &str = r#"{"config": {"profile": "fast", "scope": "tiny", "steps": {"coder": {"commands": 6}}}}
{"type": "command", "command": "npm install", "step": "coder", "exitCode": 0}
{"type": "command", "command": "npm test", "step": "verifier"}
{"type": "tests_result", "passed": false, "output": "src/Home.tsx(3,20): error TS2307: Cannot find module './Hero'.\nsrc/About.tsx(2,18): error TS2307: Cannot find module './Nav'."}
{"type": "patch", "file": "src/Home.tsx", "diff": "@@ -3 +3 @@\n-import Hero from './Hero'\n+import Hero from './components/Hero'", "step": "coder"}
{"type": "patch", "file": "src/Home.tsx", "diff": "@@ -9 +9 @@\n-    import Hero from './Hero'\n+  import Hero from './components/Hero'", "step": "coder"}
{"type": "patch", "file": "src/Home.tsx", "diff": "@@ -3 +3 @@\n-import Hero from './Hero'\n+import Hero from './components/Hero'", "step": "coder"}
{"type": "web_request", "url": "vite resolve import alias", "step": "planner"}
{"type": "tokens", "count": 1800, "step": "planner"}
{"type": "command", "command": "npm  test", "step": "verifier"}
{"type": "tests_result", "passed": true}
{"type": "command", "command": "npm test", "step": "verifier"}
{"type": "command", "command": "npm test", "step": "verifier"}
{"type": "command", "command": "npm run build"}"#;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("governor: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let log = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(path)?,
        None => DEMO.to_string(),
    };
    let mut lines = log.lines().filter(|l| !l.trim().is_empty());
    let header = ctxpack::json::parse(lines.next().unwrap_or("{}"), &Default::default())
        .map_err(|e| e.into_error(""))?;
    let config = match header.as_object().and_then(|o| o.get("config")) {
        None | Some(Value::Null) => GovernorConfig::default(),
        Some(v) => GovernorConfig::read(v, "/config")?,
    };
    let mut run = Governor::new(&config)?;
    for (i, line) in (1usize..).zip(lines) {
        match GovernorEvent::from_json(line).and_then(|e| run.push(&e)) {
            Ok(d) => {
                let mark = match d.decision {
                    DecisionKind::Continue => " ",
                    DecisionKind::Warn => "!",
                    _ => "*",
                };
                println!(
                    "{mark} {:>3} {:<8} {:<18} {}",
                    i,
                    d.decision.as_str(),
                    d.code.as_str(),
                    d.reason
                );
            }
            Err(e) => println!("x {i:>3} {e}"),
        }
    }
    println!();
    print!("{}", run.report_markdown());
    println!("\n(state: {} bytes of JSON)", run.state().to_json().len());
    Ok(())
}
