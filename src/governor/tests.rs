#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

use super::*;
use crate::ErrorCode;

fn run(config: &str) -> Governor {
    Governor::new(&GovernorConfig::from_json(config).unwrap()).unwrap()
}

fn push(g: &mut Governor, event: &str) -> GovernorDecision {
    g.push(&GovernorEvent::from_json(event).unwrap())
        .unwrap_or_else(|e| panic!("{event}: {e}"))
}

fn cmd(c: &str) -> String {
    format!(
        r#"{{"type": "command", "command": {}}}"#,
        crate::json::quote(c)
    )
}

#[test]
fn commands_count_and_spend_the_budget_with_the_issue_reason() {
    let mut g = run(r#"{"profile": "strict", "scope": "large"}"#);
    for _ in 0..4 {
        push(&mut g, &cmd("npm test"));
        push(&mut g, r#"{"type": "patch", "file": "a.ts", "diff": "+x"}"#);
    }
    push(&mut g, r#"{"type": "tests_result", "passed": true}"#);
    for _ in 0..6 {
        push(
            &mut g,
            r#"{"type": "web_request", "url": "https://example.com"}"#,
        );
        push(&mut g, &cmd("ls"));
    }
    let mut last = None;
    for i in 0..60 {
        let d = push(&mut g, &cmd(&format!("echo {i}")));
        if d.decision != DecisionKind::Continue && d.decision != DecisionKind::Warn {
            last = Some((i, d));
            break;
        }
    }
    let (i, d) = last.unwrap();
    assert_eq!(i, 50, "60 commands: 10 were used before");
    assert_eq!(d.decision, DecisionKind::Stop);
    assert_eq!(d.status, RunStatus::DonePartial);
    assert_eq!(d.code, DecisionCode::BudgetExhausted);
    assert!(
        d.reason
            .starts_with("Budget exhausted: commands 60/60, tests 4/10, web 6/30;"),
        "{}",
        d.reason
    );
    // No un-stopping: everything after answers the same, nothing more is counted.
    let after = push(&mut g, r#"{"type": "tests_result", "passed": false}"#);
    assert_eq!(after, d);
    assert_eq!(g.state().used.commands, 60);
    assert_eq!(g.state().last_tests, TestOutcome::Passed);
}

#[test]
fn without_passing_tests_a_spent_budget_escalates() {
    let mut g = run(r#"{"limits": {"web": 1}}"#);
    assert_eq!(
        push(&mut g, r#"{"type": "web_request"}"#).decision,
        DecisionKind::Warn
    );
    let d = push(&mut g, r#"{"type": "web_request"}"#);
    assert_eq!(
        (d.decision, d.status),
        (DecisionKind::Escalate, RunStatus::AbortedConstraint)
    );
    assert!(d.reason.contains("web 1/1"), "{}", d.reason);
    assert!(
        d.reason.ends_with("no tests have passed: escalate"),
        "{}",
        d.reason
    );
}

#[test]
fn functional_checks_count_outside_strict_only() {
    for (profile, want) in [
        ("strict", DecisionKind::Escalate),
        ("fast", DecisionKind::Stop),
    ] {
        let mut g = run(&format!(
            r#"{{"profile": "{profile}", "limits": {{"web": 0}}}}"#
        ));
        push(
            &mut g,
            r#"{"type": "tests_result", "passed": false, "functional": true}"#,
        );
        assert_eq!(
            push(&mut g, r#"{"type": "web_request"}"#).decision,
            want,
            "{profile}"
        );
    }
}

#[test]
fn smoke_and_yolo_skip_tests_once_their_budget_is_spent() {
    let mut g = run(r#"{"profile": "smoke", "scope": "tiny"}"#);
    assert_eq!(push(&mut g, &cmd("pytest -q")).decision, DecisionKind::Warn); // 1/1
    push(&mut g, r#"{"type": "tests_result", "passed": false}"#);
    let d = push(&mut g, &cmd("python -m pytest tests/"));
    assert_eq!(
        (d.decision, d.code),
        (DecisionKind::Skip, DecisionCode::TestsSkipped)
    );
    assert_eq!(g.state().used.tests, 1);
    assert_eq!(g.state().used.commands, 1);
    assert_eq!(g.state().last_tests, TestOutcome::AssumedPassed);
    // Other commands go on; and when a budget does run out, the skipped run counts as passed.
    for _ in 0..9 {
        push(&mut g, &cmd("ls"));
    }
    let d = push(&mut g, &cmd("ls"));
    assert_eq!(d.decision, DecisionKind::Stop, "{}", d.reason);
    // Strict does not skip.
    let mut g = run(r#"{"profile": "strict", "limits": {"tests": 1}}"#);
    push(&mut g, &cmd("npm test"));
    assert_eq!(
        push(&mut g, &cmd("npm test")).decision,
        DecisionKind::Escalate
    );
}

#[test]
fn warns_past_the_threshold() {
    let mut g = run(r#"{"limits": {"commands": 10}, "warnAt": 0.5}"#);
    let kinds: Vec<DecisionKind> = ["a", "b", "c", "d", "e"]
        .iter()
        .map(|c| push(&mut g, &cmd(c)).decision)
        .collect();
    assert_eq!(kinds[3], DecisionKind::Continue);
    assert_eq!(kinds[4], DecisionKind::Warn);
    assert_eq!(
        push(&mut g, &cmd("f")).reason,
        "Budget warning: commands 6/10 (60%)"
    );
}

#[test]
fn step_budgets_hold_beside_the_run_ones() {
    let mut g = run(r#"{"steps": {"coder": {"commands": 2}, "verifier": {"tokens": 100}}}"#);
    push(
        &mut g,
        r#"{"type": "command", "command": "ls", "step": "coder"}"#,
    );
    push(
        &mut g,
        r#"{"type": "command", "command": "ls -a", "step": "planner"}"#,
    );
    push(
        &mut g,
        r#"{"type": "command", "command": "ls -l", "step": "coder"}"#,
    );
    let d = push(
        &mut g,
        r#"{"type": "command", "command": "pwd", "step": "coder"}"#,
    );
    assert_eq!(d.decision, DecisionKind::Escalate);
    assert!(
        d.reason.starts_with(
            "Budget exhausted: coder commands 2/2 (run: commands 3/40, tests 0/8, web 0/20)"
        ),
        "{}",
        d.reason
    );
    let mut g = run(r#"{"steps": {"verifier": {"tokens": 100}}}"#);
    push(
        &mut g,
        r#"{"type": "tokens", "count": 60, "step": "verifier"}"#,
    );
    let d = push(
        &mut g,
        r#"{"type": "tokens", "count": 60, "step": "verifier"}"#,
    );
    assert_eq!(d.decision, DecisionKind::Escalate);
    assert!(d.reason.contains("verifier tokens 120/100"), "{}", d.reason);
    assert_eq!(g.state().used.tokens, 120, "tokens spent are counted");
}

#[test]
fn the_third_identical_patch_is_stuck_even_reindented() {
    let mut g = run("{}");
    let diff = "@@ -1,2 +1,2 @@\n-import a from './a'\n+import a from '../a'\n";
    let moved = "@@ -30,2 +31,2 @@\n-    import a from './a'\n+\timport  a from '../a'\n";
    let p = |d: &str| {
        format!(
            r#"{{"type": "patch", "file": "./src/x.ts", "diff": {}}}"#,
            crate::json::quote(d)
        )
    };
    assert_eq!(push(&mut g, &p(diff)).decision, DecisionKind::Continue);
    push(&mut g, &cmd("npm test"));
    assert_eq!(push(&mut g, &p(moved)).decision, DecisionKind::Continue);
    push(&mut g, &cmd("npm run lint"));
    let d = push(&mut g, &p(diff));
    assert_eq!(
        (d.decision, d.code),
        (DecisionKind::Stuck, DecisionCode::StuckPatch)
    );
    assert_eq!((d.file.as_deref(), d.count), (Some("src/x.ts"), Some(3)));
    assert_eq!(g.report().refused_patches.len(), 1);
    // Another file with the same change is another patch — and a near-duplicate.
    let other = p(diff).replace("./src/x.ts", "src/y.ts");
    assert_eq!(push(&mut g, &other).decision, DecisionKind::Continue);
    let s = &g.report().suggestions;
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].files, ["src/x.ts", "src/y.ts"]);
}

#[test]
fn loops_are_caught_each_with_its_code() {
    // The same command, the same result, 4 times running.
    let mut g = run("{}");
    let same = r#"{"type": "command", "command": "git status", "exitCode": 0, "output": "clean"}"#;
    for _ in 0..3 {
        assert_eq!(push(&mut g, same).decision, DecisionKind::Continue);
    }
    let d = push(&mut g, same);
    assert_eq!(
        (d.decision, d.code),
        (DecisionKind::Stuck, DecisionCode::LoopRepeat)
    );
    // A different result breaks the run.
    let mut g = run("{}");
    for out in ["a", "a", "b", "a"] {
        let e =
            format!(r#"{{"type": "command", "command": "ls", "exitCode": 0, "output": "{out}"}}"#);
        assert_eq!(push(&mut g, &e).decision, DecisionKind::Continue);
    }
    // The same failure 3 times; whitespace in the output does not matter.
    let mut g = run("{}");
    for out in ["E: boom", "E:   boom", "E: boom\n"] {
        let e = format!(
            r#"{{"type": "command", "command": "make", "exitCode": 2, "output": {}}}"#,
            crate::json::quote(out)
        );
        let d = push(&mut g, &e);
        if out.ends_with('\n') {
            assert_eq!(d.code, DecisionCode::LoopError);
            assert_eq!(
                d.reason,
                "Stuck: `make` failed with the same error 3 times running"
            );
        }
    }
    // A test command's result comes with tests_result.
    let mut g = run("{}");
    let mut codes = Vec::new();
    for _ in 0..3 {
        push(&mut g, &cmd("npm test"));
        codes.push(
            push(
                &mut g,
                r#"{"type": "tests_result", "passed": false, "output": "1 failed"}"#,
            )
            .code,
        );
    }
    assert_eq!(codes.last(), Some(&DecisionCode::LoopError));
    // A-B-A-B-A-B.
    let mut g = run("{}");
    let mut last = None;
    for i in 0..6 {
        last = Some(push(
            &mut g,
            &cmd(if i % 2 == 0 { "cat a" } else { "cat b" }),
        ));
    }
    let d = last.unwrap();
    assert_eq!(d.code, DecisionCode::LoopAlternation);
    assert_eq!(
        d.reason,
        "Stuck: alternating between `cat a` and `cat b` over the last 6 steps"
    );
}

#[test]
fn error_families_across_files_become_one_suggestion() {
    let mut g = run("{}");
    let log = "vite v5\n[vite] Internal server error: Failed to resolve import \"./Hero\" from \"src/components/home/Home.tsx\". Does the file exist?\n[vite] Internal server error: Failed to resolve import \"../Nav\" from \"src/components/home/About.tsx\". Does the file exist?\n";
    push(
        &mut g,
        &format!(
            r#"{{"type": "tests_result", "passed": false, "output": {}, "errors": [{{"file": "src/c.tsx", "message": "[vite] Internal server error: Failed to resolve import \"./X\" from \"src/c.tsx\". Does the file exist?"}}]}}"#,
            crate::json::quote(log)
        ),
    );
    let r = g.report();
    assert_eq!(r.suggestions.len(), 1, "{:?}", g.state().families);
    assert_eq!(
        r.suggestions[0].files,
        [
            "src/c.tsx",
            "src/components/home/Home.tsx",
            "src/components/home/About.tsx"
        ]
    );
    assert!(r.suggestions[0]
        .suggestion
        .contains("fix all of them in one patch"));
}

#[test]
fn malformed_events_are_errors_with_paths_and_change_nothing() {
    let mut g = run("{}");
    push(&mut g, &cmd("ls"));
    let before = g.state().clone();
    for (text, code, path) in [
        (r#"{"type": "command"}"#, ErrorCode::MissingField, ""),
        (
            r#"{"type": "command", "command": "  "}"#,
            ErrorCode::InvalidInput,
            "/command",
        ),
        (
            r#"{"type": "command", "command": "ls", "exitCode": 1.5}"#,
            ErrorCode::InvalidInput,
            "/exitCode",
        ),
        (
            r#"{"type": "command", "command": "ls", "passed": true}"#,
            ErrorCode::InvalidInput,
            "/passed",
        ),
        (
            r#"{"type": "tokens", "count": -1}"#,
            ErrorCode::InvalidInput,
            "/count",
        ),
        (r#"{"type": "tokens"}"#, ErrorCode::MissingField, ""),
        (
            r#"{"type": "patch", "file": "a"}"#,
            ErrorCode::MissingField,
            "",
        ),
        (
            r#"{"type": "patch", "file": " ", "diff": ""}"#,
            ErrorCode::InvalidInput,
            "/file",
        ),
        (
            r#"{"type": "tests_result", "passed": "yes"}"#,
            ErrorCode::InvalidInput,
            "/passed",
        ),
        (
            r#"{"type": "tests_result", "passed": true, "errors": [{"file": "", "message": "x"}]}"#,
            ErrorCode::InvalidInput,
            "/errors/0/file",
        ),
        (
            r#"{"type": "web_request", "step": ""}"#,
            ErrorCode::InvalidInput,
            "/step",
        ),
        (r#"{"type": "nap"}"#, ErrorCode::InvalidInput, "/type"),
        (r#"{"kind": "command"}"#, ErrorCode::InvalidInput, "/kind"),
        (r#"[]"#, ErrorCode::InvalidInput, ""),
    ] {
        let e = GovernorEvent::from_json(text)
            .and_then(|ev| g.push(&ev))
            .unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (code, path), "{text}: {e}");
        assert_eq!(g.state(), &before, "{text}");
    }
    // The pure form names the argument.
    let e = step(
        g.state(),
        &GovernorEvent::from_json(r#"{"type": "tokens"}"#).unwrap(),
    )
    .unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (ErrorCode::MissingField, "/event")
    );
}

#[test]
fn the_state_round_trips_byte_for_byte() {
    let mut g = run(
        r#"{"profile": "yolo", "steps": {"coder": {"commands": 5}}, "limits": {"tokens": 5000}}"#,
    );
    push(
        &mut g,
        r#"{"type": "command", "command": "npm   'test'", "step": "coder", "exitCode": 1, "output": "src/a.ts:1:1 error x"}"#,
    );
    push(
        &mut g,
        r#"{"type": "patch", "file": "a.ts", "diff": "+y", "step": "coder"}"#,
    );
    push(
        &mut g,
        r#"{"type": "tokens", "count": 1200, "step": "planner"}"#,
    );
    push(
        &mut g,
        r#"{"type": "tests_result", "passed": true, "functional": true}"#,
    );
    let text = g.state().to_json();
    let back = GovernorState::from_json(&text).unwrap();
    assert_eq!(&back, g.state());
    assert_eq!(back.to_json(), text);
    // And a run goes on from it exactly as the original does.
    let mut a = g.clone();
    let mut b = Governor::from_state(back).unwrap();
    let e = GovernorEvent::from_json(&cmd("npm test")).unwrap();
    assert_eq!(a.push(&e).unwrap(), b.push(&e).unwrap());
    assert_eq!(a.state(), b.state());
}

#[test]
fn any_text_round_trips() {
    let mut g = run("{}");
    let odd = "echo \"中文\" 😀 \u{1} \\ \u{2028} \u{7f}";
    push(
        &mut g,
        &format!(
            r#"{{"type": "command", "command": {}, "step": "ステップ", "exitCode": -1, "output": {}}}"#,
            crate::json::quote(odd),
            crate::json::quote(odd)
        ),
    );
    push(
        &mut g,
        &format!(
            r#"{{"type": "patch", "file": {}, "diff": {}}}"#,
            crate::json::quote("src/😀/\u{0}x.ts"),
            crate::json::quote(odd)
        ),
    );
    let text = g.state().to_json();
    let back = GovernorState::from_json(&text).unwrap();
    assert_eq!(&back, g.state());
    assert_eq!(back.to_json(), text);
}

#[test]
fn bad_states_are_refused() {
    let g = run("{}");
    let text = g.state().to_json();
    for (from, to, path) in [
        (r#""format":1"#, r#""format":2"#, "/format"),
        (r#""warnAt":0.8"#, r#""warnAt":-1"#, "/settings/warnAt"),
        (r#""events":0"#, r#""events":-3"#, "/events"),
        (
            r#""outcome":null"#,
            r#""outcome":{"decision":"stop","code":"budget_exhausted","status":"done_partial","reason":"x","file":null,"count":null}"#,
            "/outcome",
        ),
    ] {
        assert!(text.contains(from), "{from}");
        let e = GovernorState::from_json(&text.replace(from, to)).unwrap_err();
        assert_eq!(e.path, path, "{e}");
    }
}

#[test]
fn the_report_lists_budgets_commands_and_the_end() {
    let mut g = run(r#"{"scope": "tiny", "limits": {"web": 0}}"#);
    for c in ["npm  test", "npm \"test\"", "ls", "npm test"] {
        push(&mut g, &cmd(c));
    }
    push(&mut g, r#"{"type": "tests_result", "passed": true}"#);
    push(&mut g, r#"{"type": "web_request", "url": "x"}"#);
    let md = g.report_markdown();
    assert!(
        md.contains("## Budgets\n- Commands: 4 / 20\n- Test runs: 3 / 5\n- Web requests: 0 / 0\n"),
        "{md}"
    );
    assert!(
        md.contains("- `npm test` × 3 (test run)\n- `ls` × 1\n"),
        "{md}"
    );
    assert!(md.contains("- Status: done_partial\n- Reason: Budget exhausted: commands 4/20, tests 3/5, web 0/0; the last tests passed: finish with partial success\n"), "{md}");
}

#[test]
fn a_red_test_run_is_not_run_again_until_a_patch_lands_in_smoke_and_yolo() {
    for profile in ["yolo", "smoke"] {
        let mut g = run(&format!(
            r#"{{"profile": "{profile}", "limits": {{"tests": 20}}}}"#
        ));
        push(&mut g, &cmd("npm test"));
        push(&mut g, r#"{"type": "tests_result", "passed": false}"#);
        push(&mut g, &cmd("cat src/a.ts"));
        for _ in 0..2 {
            let d = push(&mut g, &cmd("npm  'test'"));
            assert_eq!(
                (d.decision, d.code),
                (DecisionKind::Skip, DecisionCode::TestsUnchanged),
                "{profile}"
            );
            assert_eq!(
                d.reason,
                format!("Test run skipped ({profile} profile): `npm test` failed at event 2 and no patch has been applied since; its result stands")
            );
        }
        assert_eq!(g.state().used.tests, 1);
        assert_eq!(g.state().skipped, 2);
        assert_eq!(g.state().last_tests, TestOutcome::Failed);
        // Another test command is not the red run.
        let d = push(&mut g, &cmd("npm test -- src/a.test.ts"));
        assert_eq!(d.decision, DecisionKind::Continue, "{}", d.reason);
        // A refused (stuck) patch changes nothing; an applied one lets the tests run again.
        let patch = r#"{"type": "patch", "file": "src/a.ts", "diff": "+fix"}"#;
        push(&mut g, patch);
        let d = push(&mut g, &cmd("npm test"));
        assert_eq!(d.decision, DecisionKind::Continue, "{}", d.reason);
        // Red by its exit code, green by its exit code.
        let failing = r#"{"type": "command", "command": "npm test", "exitCode": 1}"#;
        push(&mut g, failing);
        assert_eq!(
            push(&mut g, &cmd("npm test")).code,
            DecisionCode::TestsUnchanged
        );
        push(
            &mut g,
            r#"{"type": "patch", "file": "src/b.ts", "diff": "+fix"}"#,
        );
        push(
            &mut g,
            r#"{"type": "command", "command": "npm test", "exitCode": 0}"#,
        );
        assert_eq!(push(&mut g, &cmd("npm test")).code, DecisionCode::Ok);
    }
    // Stricter profiles run it again.
    for profile in ["strict", "fast"] {
        let mut g = run(&format!(r#"{{"profile": "{profile}"}}"#));
        push(&mut g, &cmd("npm test"));
        push(&mut g, r#"{"type": "tests_result", "passed": false}"#);
        assert_eq!(
            push(&mut g, &cmd("npm test")).decision,
            DecisionKind::Continue
        );
    }
}

#[test]
fn a_command_failing_with_changing_errors_is_a_loop_of_its_own() {
    let mut g = run("{}");
    let mut last = None;
    for out in [
        "Command not found",
        "Command still not found or another error",
        "Different error",
    ] {
        let e = format!(
            r#"{{"type": "command", "command": "invalid_command", "exitCode": 127, "output": "{out}"}}"#
        );
        last = Some(push(&mut g, &e));
    }
    let d = last.unwrap();
    assert_eq!(
        (d.decision, d.code, d.count),
        (DecisionKind::Stuck, DecisionCode::LoopFailure, Some(3))
    );
    assert_eq!(
        d.reason,
        "Stuck: `invalid_command` failed 3 times running (the errors differ)"
    );
    // Volatile parts masked: the same error.
    let mut g = run("{}");
    let mut last = None;
    for (t, line) in [("01", 3), ("02", 4), ("03", 5)] {
        let e = format!(
            r#"{{"type": "command", "command": "npx tsc", "exitCode": 2, "output": "[12:00:{t}] src/Home.tsx({line},20): error TS2307"}}"#
        );
        last = Some(push(&mut g, &e));
    }
    assert_eq!(last.unwrap().code, DecisionCode::LoopError);
    // Polling a command whose output really changes, successfully, is progress.
    let mut g = run("{}");
    for pct in [10, 20, 30, 40, 50, 60, 70] {
        let e = format!(
            r#"{{"type": "command", "command": "curl -s localhost:3000/status", "exitCode": 0, "output": "[12:00:0{}] building {pct}%"}}"#,
            pct / 10
        );
        assert_eq!(push(&mut g, &e).decision, DecisionKind::Continue);
    }
    // Something else between two failures breaks the run.
    let mut g = run("{}");
    for e in [
        r#"{"type": "command", "command": "make", "exitCode": 2, "output": "a"}"#,
        r#"{"type": "command", "command": "make", "exitCode": 2, "output": "b"}"#,
        r#"{"type": "patch", "file": "Makefile", "diff": "+all:"}"#,
        r#"{"type": "command", "command": "make", "exitCode": 2, "output": "c"}"#,
    ] {
        assert_eq!(push(&mut g, e).decision, DecisionKind::Continue);
    }
}

#[test]
fn an_agent_talking_to_itself_and_a_condensation_loop_are_stuck() {
    let said = |t: &str| {
        format!(
            r#"{{"type": "message", "text": {}}}"#,
            crate::json::quote(t)
        )
    };
    let mut g = run("{}");
    push(&mut g, &said("I'm doing well"));
    push(
        &mut g,
        r#"{"type": "message", "text": "go on", "role": "user"}"#,
    );
    push(&mut g, r#"{"type": "tokens", "count": 10}"#);
    push(&mut g, &said("I'm  doing well"));
    let d = push(&mut g, &said("I'm doing well\n"));
    assert_eq!(
        (d.decision, d.code, d.count),
        (DecisionKind::Stuck, DecisionCode::LoopMonologue, Some(3))
    );
    assert_eq!(
        d.reason,
        "Stuck: the agent said the same thing 3 times running with no action between (\u{201c}I'm doing well\u{201d})"
    );
    // An action between, and the count starts again.
    push(&mut g, &cmd("ls"));
    assert_eq!(
        push(&mut g, &said("I'm doing well")).decision,
        DecisionKind::Continue
    );
    assert_eq!(
        push(&mut g, &said("I'm doing well")).decision,
        DecisionKind::Continue
    );
    assert_eq!(push(&mut g, &said("")).decision, DecisionKind::Continue);
    // Condensations: 10 running (messages and tokens between are no action).
    let mut g = run(r#"{"loops": {"condensation": 4}}"#);
    for i in 1..=4 {
        push(&mut g, &said(&format!("step {i}")));
        let d = push(&mut g, r#"{"type": "condensation"}"#);
        if i < 4 {
            assert_eq!(d.decision, DecisionKind::Continue);
        } else {
            assert_eq!((d.code, d.count), (DecisionCode::LoopCondensation, Some(4)));
        }
    }
    push(&mut g, &cmd("ls"));
    assert_eq!(
        push(&mut g, r#"{"type": "condensation"}"#).decision,
        DecisionKind::Continue
    );
    // Neither spends a budget.
    assert_eq!(g.state().used.commands, 1);
}

#[test]
fn a_state_written_before_messages_were_counted_reads_back_with_the_defaults() {
    let mut g = run(r#"{"profile": "yolo"}"#);
    push(&mut g, r#"{"type": "message", "text": "thinking"}"#);
    push(&mut g, r#"{"type": "condensation"}"#);
    push(&mut g, &cmd("npm test"));
    push(&mut g, r#"{"type": "tests_result", "passed": false}"#);
    // The new fields of the settings, then the state's own (its last ones), taken out.
    let text = g.state().to_json();
    let text = text.replacen(r#","monologue":3,"condensation":10"#, "", 1);
    let tail = text.find(r#","monologue":"#).unwrap();
    assert!(text[tail..].contains(r#""redTests":{"command":"npm test""#));
    let old = format!("{}}}", &text[..tail]);
    assert!(!old.contains("condensation"));
    let back = GovernorState::from_json(&old).unwrap();
    assert_eq!(
        (back.settings.monologue(), back.settings.condensation()),
        (3, 10)
    );
    assert_eq!(back.red_tests, None);
    // It goes on: three of the same message are still a monologue.
    let mut resumed = Governor::from_state(back).unwrap();
    let said = r#"{"type": "message", "text": "x"}"#;
    push(&mut resumed, said);
    push(&mut resumed, said);
    assert_eq!(push(&mut resumed, said).code, DecisionCode::LoopMonologue);
}
