//! The governor's shared vectors (tests/vectors/governor), replayed natively three ways — the
//! `Governor` object, the pure `step` function, and a run persisted to JSON and read back after
//! every event — which must all give the expected bytes; and the governor's properties.
//!
//! `UPDATE_VECTORS=1 cargo test --test governor` rewrites the expected files; review the diff.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)] // tests may fail loudly
#![cfg(not(target_arch = "wasm32"))]

mod common;

use ctxpack::__private::governor::{is_test_command, shell_words};
use ctxpack::__private::shape::JsonOut;
use ctxpack::governor::{
    step, DecisionKind, Governor, GovernorConfig, GovernorDecision, GovernorEvent, GovernorState,
    RunProfile,
};
use ctxpack::json::{self, Value};
use ctxpack::shape::{to_json_text, to_value, Input};
use ctxpack::Error;
use proptest::prelude::*;
use std::fs;
use std::path::Path;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/governor");

fn names() -> Vec<String> {
    common::vector_names(Path::new(DIR), ".jsonl")
}

/// A thrown error as the JS runners write it: `{"error": {code, path, message}}`.
fn error_line(e: &Error) -> String {
    let mut w = JsonOut::default();
    w.begin_object();
    w.key("error");
    w.begin_object();
    w.key("code");
    w.string(e.code.as_str());
    w.key("path");
    w.string(&e.path);
    w.key("message");
    w.string(&e.message);
    w.end_object();
    w.end_object();
    w.finish()
}

fn line_of(r: &Result<GovernorDecision, Error>) -> String {
    match r {
        Ok(d) => to_json_text(d),
        Err(e) => error_line(e),
    }
}

/// An event line as the host has it: parsed, then read (either may fail, as `push` would).
fn event(line: &str) -> Result<GovernorEvent, Error> {
    let v = json::parse(line, &ctxpack::Limits::default()).map_err(|e| e.into_error(""))?;
    GovernorEvent::read(&v, "")
}

struct Replay {
    decisions: String,
    state: String,
    report: String,
    markdown: String,
}

fn replay(vector: &str) -> Replay {
    let mut lines = vector.lines().filter(|l| !l.trim().is_empty());
    let header = json::parse(lines.next().expect("a header line"), &Default::default()).unwrap();
    let config = header
        .as_object()
        .and_then(|o| o.get("config"))
        .cloned()
        .unwrap_or(Value::Null);
    let config = if config == Value::Null {
        GovernorConfig::default()
    } else {
        GovernorConfig::read(&config, "").unwrap_or_else(|e| panic!("config: {e}"))
    };
    let events: Vec<&str> = lines.collect();

    // 1. The object.
    let mut g = Governor::new(&config).unwrap();
    let mut decisions = String::new();
    for line in &events {
        let r = event(line).and_then(|e| g.push(&e));
        decisions.push_str(&line_of(&r));
        decisions.push('\n');
    }

    // 2. The pure function, from the initial state (errors at /event, the state untouched).
    let mut state = Governor::new(&config).unwrap().into_state();
    for (i, line) in events.iter().enumerate() {
        let want = decisions.lines().nth(i).unwrap();
        match event(line) {
            Err(e) => assert_eq!(error_line(&e), want, "step {i}: read"),
            Ok(ev) => match step(&state, &ev) {
                Ok(next) => {
                    assert_eq!(to_json_text(&next.decision), want, "step {i}");
                    state = next.state;
                }
                Err(e) => {
                    assert!(e.path.starts_with("/event"), "{e}");
                    let mut e = e;
                    e.path = e.path.trim_start_matches("/event").to_string();
                    assert_eq!(error_line(&e), want, "step {i}: check");
                }
            },
        }
    }
    assert_eq!(&state, g.state(), "step() and Governor disagree");

    // 3. Persisted and read back before every event: the same decisions and the same end.
    let mut text = Governor::new(&config).unwrap().state().to_json();
    for (i, line) in events.iter().enumerate() {
        let mut resumed = Governor::from_state(GovernorState::from_json(&text).unwrap()).unwrap();
        assert_eq!(resumed.state().to_json(), text, "round trip at {i}");
        let r = event(line).and_then(|e| resumed.push(&e));
        assert_eq!(
            line_of(&r),
            decisions.lines().nth(i).unwrap(),
            "resumed {i}"
        );
        text = resumed.state().to_json();
    }
    assert_eq!(text, g.state().to_json(), "a resumed run ends elsewhere");

    let report = g.report();
    Replay {
        decisions,
        state: format!("{}\n", g.state().to_json()),
        report: format!("{}\n", json::stringify(&to_value(&report), 2)),
        markdown: report.markdown(),
    }
}

#[test]
fn vectors_produce_the_expected_bytes() {
    let update = std::env::var_os("UPDATE_VECTORS").is_some();
    let names = names();
    assert!(
        !names.is_empty(),
        "no vectors in tests/vectors/governor/inputs"
    );
    let mut stale = Vec::new();
    for name in &names {
        let input = fs::read_to_string(Path::new(DIR).join("inputs").join(format!("{name}.jsonl")))
            .unwrap();
        let r = replay(&input);
        for (ext, got) in [
            ("decisions.jsonl", &r.decisions),
            ("state.json", &r.state),
            ("report.json", &r.report),
            ("report.md", &r.markdown),
        ] {
            let path = Path::new(DIR)
                .join("expected")
                .join(format!("{name}.{ext}"));
            if update {
                fs::create_dir_all(path.parent().unwrap()).unwrap();
                fs::write(&path, got).unwrap();
            }
            if fs::read_to_string(&path).unwrap_or_default() != *got {
                stale.push(format!("{name}.{ext}"));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "differ from tests/vectors/governor/expected (UPDATE_VECTORS=1 cargo test --test governor, then review): {stale:?}"
    );
}

// --- Properties ----------------------------------------------------------------------------------

fn arb_event() -> impl Strategy<Value = String> {
    let step = prop_oneof![
        Just(String::new()),
        Just(r#","step":"coder""#.to_string()),
        Just(r#","step":"verifier""#.to_string()),
    ];
    let command = prop_oneof![
        Just("npm test"),
        Just("npm  'test'"),
        Just("pytest -q"),
        Just("ls"),
        Just("cat tests/pytest_x.py"),
        Just("make"),
    ];
    let kind = prop_oneof![
        4 => (command, proptest::option::of(0i32..3), proptest::option::of("[ab ]{0,3}")).prop_map(|(c, code, out)| {
            let mut s = format!(r#"{{"type":"command","command":"{c}""#);
            if let Some(code) = code {
                s.push_str(&format!(r#","exitCode":{code}"#));
            }
            if let Some(out) = out {
                s.push_str(&format!(r#","output":"{out}""#));
            }
            s
        }),
        2 => "[xy]{0,2}".prop_map(|u| format!(r#"{{"type":"web_request","url":"{u}""#)),
        1 => (0u32..400).prop_map(|n| format!(r#"{{"type":"tokens","count":{n}"#)),
        3 => ("[ab]", "[+-][xy ]{0,3}").prop_map(|(f, d)| format!(r#"{{"type":"patch","file":"src/{f}.ts","diff":"{d}""#)),
        2 => (any::<bool>(), proptest::option::of(any::<bool>())).prop_map(|(p, f)| {
            let mut s = format!(r#"{{"type":"tests_result","passed":{p}"#);
            if let Some(f) = f {
                s.push_str(&format!(r#","functional":{f}"#));
            }
            s
        }),
        2 => (prop_oneof![Just(""), Just(r#","role":"agent""#), Just(r#","role":"user""#)], "[ab ]{0,2}")
            .prop_map(|(role, t)| format!(r#"{{"type":"message","text":"{t}"{role}"#)),
        1 => Just(r#"{"type":"condensation""#.to_string()),
        // Malformed: refused, nothing changes.
        1 => Just(r#"{"type":"tokens","count":-1"#.to_string()),
        1 => Just(r#"{"type":"message","role":"agent""#.to_string()),
        1 => Just(r#"{"type":"patch","file":"a""#.to_string()),
    ];
    (kind, step).prop_map(|(k, s)| format!("{k}{s}}}"))
}

fn arb_config() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("strict"), Just("fast"), Just("smoke"), Just("yolo")],
        prop_oneof![Just("large"), Just("normal"), Just("tiny")],
        proptest::option::of(0u32..6),
        proptest::option::of(100u32..2000),
        proptest::option::of(0u32..4),
    )
        .prop_map(|(p, s, tests, tokens, coder)| {
            let mut limits = Vec::new();
            if let Some(t) = tests {
                limits.push(format!(r#""tests":{t}"#));
            }
            if let Some(t) = tokens {
                limits.push(format!(r#""tokens":{t}"#));
            }
            let steps = coder
                .map(|c| format!(r#","steps":{{"coder":{{"commands":{c}}}}}"#))
                .unwrap_or_default();
            format!(
                r#"{{"profile":"{p}","scope":"{s}","limits":{{{}}}{steps}}}"#,
                limits.join(",")
            )
        })
}

fn counters(s: &GovernorState) -> [usize; 8] {
    [
        s.events,
        s.used.commands,
        s.used.tests,
        s.used.web,
        s.used.tokens,
        s.used.patches,
        s.refused,
        s.skipped,
    ]
}

/// Whether the event asks for more of a budget than is left (before it is applied).
fn needs_spent(s: &GovernorState, e: &GovernorEvent, test: bool) -> bool {
    use ctxpack::governor::EventType;
    let over = |used: usize, limit: Option<usize>| limit.is_some_and(|l| used >= l);
    let l = &s.settings.limits;
    let step_limits = e.step.as_deref().and_then(|n| {
        let limits = s.settings.steps.iter().find(|x| x.step == n)?.limits;
        let used = s.steps.iter().find(|x| x.step == n)?.used;
        Some((limits, used))
    });
    match e.kind {
        EventType::Command => {
            let skippable = matches!(s.settings.profile, RunProfile::Smoke | RunProfile::Yolo);
            let commands = over(s.used.commands, l.commands)
                || step_limits.is_some_and(|(l, u)| over(u.commands, l.commands));
            let tests = test
                && !skippable
                && (over(s.used.tests, l.tests)
                    || step_limits.is_some_and(|(l, u)| over(u.tests, l.tests)));
            commands || tests
        }
        EventType::WebRequest => over(s.used.web, l.web),
        // Tokens are counted as reported: a count that takes them past a limit ends the run.
        EventType::Tokens => {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let n = e.count.unwrap_or(0.0) as usize;
            let past = |used: usize, limit: Option<usize>| limit.is_some_and(|l| used + n > l);
            n > 0
                && (past(s.used.tokens, l.tokens)
                    || step_limits.is_some_and(|(l, u)| past(u.tokens, l.tokens)))
        }
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Counters never decrease; a spent budget never answers `continue` (nor `warn`); after a
    /// terminal decision every answer is that decision; malformed events change nothing.
    #[test]
    fn counters_grow_and_spent_budgets_end_the_run(
        config in arb_config(),
        events in proptest::collection::vec(arb_event(), 1..120),
    ) {
        let mut g = Governor::new(&GovernorConfig::from_json(&config).unwrap()).unwrap();
        let mut terminal: Option<GovernorDecision> = None;
        for line in &events {
            let before = g.state().clone();
            let Ok(ev) = GovernorEvent::from_json(line) else { continue };
            let recognisers: Vec<Vec<String>> =
                before.settings.test_commands.iter().map(|c| shell_words(c)).collect();
            let test = ev
                .command
                .as_deref()
                .is_some_and(|c| is_test_command(&shell_words(c), &recognisers));
            let spent = needs_spent(&before, &ev, test);
            match g.push(&ev) {
                Err(_) => prop_assert_eq!(g.state(), &before),
                Ok(d) => {
                    let (a, b) = (counters(&before), counters(g.state()));
                    prop_assert!(a.iter().zip(&b).all(|(x, y)| x <= y), "{:?} -> {:?}", a, b);
                    if let Some(t) = &terminal {
                        prop_assert_eq!(&d, t);
                    }
                    if spent {
                        prop_assert!(
                            matches!(d.decision, DecisionKind::Stop | DecisionKind::Escalate | DecisionKind::Skip),
                            "{line}: {:?} ({})", d.decision, d.reason
                        );
                    }
                    if matches!(d.decision, DecisionKind::Stop | DecisionKind::Escalate) {
                        terminal = Some(d);
                    }
                }
            }
        }
    }

    /// Replaying a run's events gives the same decisions and state; the state written as JSON
    /// and read back is the same state, and writes the same bytes.
    #[test]
    fn replay_and_round_trip_are_identities(
        config in arb_config(),
        events in proptest::collection::vec(arb_event(), 1..80),
    ) {
        let config = GovernorConfig::from_json(&config).unwrap();
        let run = |events: &[String]| {
            let mut g = Governor::new(&config).unwrap();
            let decisions: Vec<String> = events
                .iter()
                .map(|l| line_of(&GovernorEvent::from_json(l).and_then(|e| g.push(&e))))
                .collect();
            (decisions, g.into_state())
        };
        let (d1, s1) = run(&events);
        let (d2, s2) = run(&events);
        prop_assert_eq!(d1, d2);
        prop_assert_eq!(&s1, &s2);
        let text = s1.to_json();
        let back = GovernorState::from_json(&text).unwrap();
        prop_assert_eq!(&back, &s1);
        prop_assert_eq!(back.to_json(), text);
    }
}

/// A member of a flat event's JSON text: a key (known, unknown, escaped) and a value of any
/// type (escapes, odd numbers, nesting), with whitespace around.
fn flat_member() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        Just("type"),
        Just("step"),
        Just("command"),
        Just("exitCode"),
        Just("output"),
        Just("url"),
        Just("count"),
        Just("file"),
        Just("diff"),
        Just("passed"),
        Just("functional"),
        Just("errors"),
        Just("text"),
        Just("role"),
        Just("ty\\u0070e"),
        Just("Type"),
        Just("__proto__"),
        Just("0"),
    ];
    let value = prop_oneof![
        Just("\"command\"".to_string()),
        Just("\"patch\"".to_string()),
        Just("\"tokens\"".to_string()),
        Just("\"web_request\"".to_string()),
        Just("\"tests_result\"".to_string()),
        Just("\"message\"".to_string()),
        Just("\"condensation\"".to_string()),
        Just("\"agent\"".to_string()),
        Just("\"user\"".to_string()),
        Just("\"Command\"".to_string()),
        Just("\"npm test\"".to_string()),
        Just("\"a\\n\\\"b\\\\ \\u00e9\\ud800 \\t\"".to_string()),
        Just("\"\"".to_string()),
        Just("null".to_string()),
        Just("true".to_string()),
        Just("false".to_string()),
        Just("0".to_string()),
        Just("-0".to_string()),
        Just("1.5".to_string()),
        Just("1e400".to_string()),
        Just("4000".to_string()),
        Just("[]".to_string()),
        Just("{}".to_string()),
        Just("[{\"file\":\"a.ts\",\"message\":\"x\"}]".to_string()),
        Just("01".to_string()),
        Just("tru".to_string()),
    ];
    (key, value, "[ \n]{0,1}", "[ \t]{0,1}")
        .prop_map(|(k, v, a, b)| format!("{a}\"{k}\"{b}:{a}{v}{b}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    /// The fast reader of flat events takes only what the exact reader takes, as the same event.
    #[test]
    fn the_flat_reader_reads_what_the_exact_reader_reads(
        members in proptest::collection::vec(flat_member(), 0..6),
        tail in prop_oneof![Just(""), Just(" "), Just(","), Just("x")],
    ) {
        let text = format!("{{{}}}{tail}", members.join(","));
        if let Some(fast) = GovernorEvent::from_flat_json(&text, 64) {
            let exact = GovernorEvent::from_json(&text);
            prop_assert_eq!(exact.as_ref().ok(), Some(&fast), "{}", text);
        }
    }
}

#[test]
fn the_flat_reader_takes_every_flat_event_of_the_vectors() {
    let mut flat = 0;
    for name in names() {
        let input = fs::read_to_string(Path::new(DIR).join("inputs").join(format!("{name}.jsonl")))
            .unwrap();
        for line in input.lines().skip(1) {
            let Ok(exact) = GovernorEvent::from_json(line) else {
                continue;
            };
            let nested = line.contains('[') || line.contains("\"errors\"");
            match GovernorEvent::from_flat_json(line, 64) {
                Some(fast) => {
                    assert_eq!(fast, exact, "{line}");
                    flat += 1;
                }
                None => assert!(nested, "a flat event the fast reader left: {line}"),
            }
        }
    }
    assert!(flat > 20, "{flat} flat events");
    // maxDepth 0 refuses any object: the exact reader says so.
    assert_eq!(
        GovernorEvent::from_flat_json(r#"{"type":"tokens","count":1}"#, 0),
        None
    );
}

/// OpenHands' stuck-detector tests (openhands/controller/stuck.py, tests/unit/controller/
/// test_is_stuck.py), ported as the `openhands-*` vectors: at each event the header names, the
/// governor says `stuck` exactly when OpenHands' detector says stuck there.
#[test]
fn openhands_scenarios_get_openhands_verdicts() {
    let mut scenarios = 0;
    let mut checks = 0;
    for name in names().iter().filter(|n| n.starts_with("openhands-")) {
        let input = fs::read_to_string(Path::new(DIR).join("inputs").join(format!("{name}.jsonl")))
            .unwrap();
        let header = json::parse(input.lines().next().unwrap(), &Default::default()).unwrap();
        let expect = header
            .as_object()
            .and_then(|o| o.get("openhands"))
            .and_then(|o| o.as_object())
            .and_then(|o| o.get("stuck"))
            .and_then(|o| o.as_object())
            .unwrap_or_else(|| panic!("{name}: no openhands.stuck in the header"))
            .clone();
        let decisions: Vec<String> = replay(&input).decisions.lines().map(String::from).collect();
        assert!(!expect.is_empty(), "{name}");
        for (event, stuck) in expect.iter() {
            let i: usize = event.parse().unwrap();
            let line = decisions
                .get(i - 1)
                .unwrap_or_else(|| panic!("{name}: no event {i}"));
            let said_stuck = line.starts_with(r#"{"decision":"stuck""#);
            assert_eq!(Value::Bool(said_stuck), *stuck, "{name}, event {i}: {line}");
            checks += 1;
        }
        scenarios += 1;
    }
    assert!(
        scenarios >= 35 && checks >= 45,
        "{scenarios} scenarios, {checks} checks"
    );
}

fn output_event(command: &str, code: i32, output: &str) -> GovernorEvent {
    let mut w = JsonOut::default();
    w.begin_object();
    w.key("type");
    w.string("command");
    w.key("command");
    w.string(command);
    w.key("exitCode");
    w.number(f64::from(code));
    w.key("output");
    w.string(output);
    w.end_object();
    GovernorEvent::from_json(&w.finish()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Outputs differing only in what a re-run changes by itself (time, date, duration, address,
    /// pid, temp path, the line/column of an error's location) are the same result: 4 runs are a
    /// loop. Outputs whose other content changes (a count, a percentage, a message) are progress:
    /// never a loop, however long the polling.
    #[test]
    fn only_volatile_parts_of_an_output_are_ignored(
        volatile in proptest::collection::vec(
            (0u32..24, 0u32..60, 0u32..60, 1u32..999, 0u32..0xffff_ffff, 2u32..9999, 1u32..400, 1u32..120),
            4,
        ),
        progress in proptest::collection::vec(0u32..1000, 2..12),
        message in "[A-Za-z][A-Za-z ]{0,30}",
        code in prop_oneof![Just(0), Just(1), Just(2)],
    ) {
        let mut g = Governor::new(&GovernorConfig::default()).unwrap();
        let mut last = None;
        for (h, m, s, ms, addr, pid, line, col) in &volatile {
            let out = format!(
                "[{h:02}:{m:02}:{s:02}] {message} at 0x{addr:08x} (pid {pid}) in {ms}ms\n/tmp/build-{pid}/x.js\nsrc/App.tsx({line},{col}): {message}"
            );
            last = Some(g.push(&output_event("npm run build", code, &out)).unwrap());
        }
        let d = last.unwrap();
        prop_assert_eq!(d.decision, DecisionKind::Stuck, "{}", d.reason);

        let mut g = Governor::new(&GovernorConfig::default()).unwrap();
        let mut previous = None;
        for (i, n) in progress.iter().enumerate() {
            if previous == Some(*n) {
                continue;
            }
            previous = Some(*n);
            let out = format!("[12:00:{:02}] {message}: {n}% done, {n} of 1000 files", i % 60);
            let d = g.push(&output_event("curl -s localhost/status", 0, &out)).unwrap();
            prop_assert_eq!(d.decision, DecisionKind::Continue, "{}", d.reason);
        }
    }
}

/// One event of the model run below, and its JSON line.
#[derive(Debug, Clone)]
enum Step {
    Said(&'static str),
    User,
    Condensed,
    Tokens,
    Test(Option<i32>),
    Ls,
    Result(bool),
    Patch(u8),
}

impl Step {
    fn line(&self) -> String {
        match self {
            Step::Said(t) => format!(r#"{{"type":"message","text":"{t}"}}"#),
            Step::User => r#"{"type":"message","text":"go on","role":"user"}"#.to_string(),
            Step::Condensed => r#"{"type":"condensation"}"#.to_string(),
            Step::Tokens => r#"{"type":"tokens","count":5}"#.to_string(),
            Step::Test(None) => r#"{"type":"command","command":"npm test"}"#.to_string(),
            Step::Test(Some(c)) => {
                format!(r#"{{"type":"command","command":"npm test","exitCode":{c}}}"#)
            }
            Step::Ls => r#"{"type":"command","command":"ls","exitCode":0}"#.to_string(),
            Step::Result(p) => format!(r#"{{"type":"tests_result","passed":{p}}}"#),
            Step::Patch(d) => format!(r#"{{"type":"patch","file":"a.ts","diff":"+{d}"}}"#),
        }
    }
}

fn arb_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => prop_oneof![Just("a"), Just("b"), Just(""), Just("  ")].prop_map(Step::Said),
        1 => Just(Step::User),
        3 => Just(Step::Condensed),
        1 => Just(Step::Tokens),
        2 => proptest::option::of(0i32..2).prop_map(Step::Test),
        1 => Just(Step::Ls),
        2 => any::<bool>().prop_map(Step::Result),
        1 => (0u8..3).prop_map(Step::Patch),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Against a model of the rules, in yolo and smoke: `loop_monologue` exactly when the agent
    /// has said the same thing (whitespace folded) 3 times with no action since; `loop_condensation`
    /// exactly at the 10th condensation with no action since; `tests_unchanged` exactly when
    /// `npm test` is asked for while its last known run failed and no patch has been applied
    /// since (a patch refused as stuck applies nothing).
    #[test]
    fn messages_condensations_and_red_runs_follow_the_model(
        profile in prop_oneof![Just("yolo"), Just("smoke")],
        steps in proptest::collection::vec(arb_step(), 1..150),
    ) {
        let config = format!(
            r#"{{"profile":"{profile}","limits":{{"commands":100000,"tests":100000,"web":100000}}}}"#
        );
        let mut g = Governor::new(&GovernorConfig::from_json(&config).unwrap()).unwrap();
        let (mut said, mut talk, mut condensed) = (String::new(), 0usize, 0usize);
        let (mut red, mut pending) = (false, false);
        let mut patches = [0usize; 3];
        for step in &steps {
            let acts = !matches!(step, Step::Said(_) | Step::User | Step::Condensed | Step::Tokens);
            if acts {
                talk = 0;
                condensed = 0;
            }
            let (mut monologue, mut condensation, mut unchanged) = (false, false, false);
            match step {
                Step::Said(t) => {
                    let t = t.trim();
                    talk = if talk > 0 && said == t { talk + 1 } else { 1 };
                    said = t.to_string();
                    monologue = talk >= 3;
                }
                Step::Condensed => {
                    condensed += 1;
                    condensation = condensed >= 10;
                }
                Step::Test(code) => {
                    if red {
                        unchanged = true;
                    } else {
                        pending = code.is_none();
                        if let Some(c) = code {
                            red = *c != 0;
                        }
                    }
                }
                Step::Result(passed) => {
                    if pending || *passed {
                        red = !passed && pending;
                    }
                    pending = false;
                }
                Step::Ls => pending = false,
                Step::Patch(d) => {
                    let n = &mut patches[usize::from(*d)];
                    *n += 1;
                    if *n < 3 {
                        red = false;
                        pending = false;
                    }
                }
                Step::User | Step::Tokens => {}
            }
            let d = g.push(&GovernorEvent::from_json(&step.line()).unwrap()).unwrap();
            let code = to_json_text(&d.code);
            prop_assert_eq!(code == "\"loop_monologue\"", monologue, "{:?}: {}", step, d.reason);
            prop_assert_eq!(code == "\"loop_condensation\"", condensation, "{:?}: {}", step, d.reason);
            prop_assert_eq!(code == "\"tests_unchanged\"", unchanged, "{:?}: {}", step, d.reason);
        }
    }
}
