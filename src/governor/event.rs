//! Events as a host sends them, and the checked form a run applies. Every fault of an event is
//! found here, before the state is touched: applying a checked event cannot fail, so a
//! malformed event leaves the state as it was.

use super::config::GovernorSettings;
use super::normalize::{
    canonical_command, error_family, errors_in_log, hash_hex, is_test_command, normalise_diff,
    normalise_output, normalise_path, shell_words, Fnv,
};
use super::volatile::normalise_result;
use crate::error::pointer_push;
use crate::shape::Shape;
use crate::text::{prefix_utf16, utf16_len};
use crate::{Error, ErrorCode, Result};

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum EventType {
    /// A command line run (or about to run); a recognised test command is a test run too.
    Command,
    /// A web request (a search, a page fetched).
    WebRequest,
    /// Tokens an LLM call used.
    Tokens,
    /// A patch applied (or about to be) to one file.
    Patch,
    /// The outcome of a test run.
    TestsResult,
    /// A message: the agent's own (no action taken), or the user's.
    Message,
    /// The context was condensed or reset (a summary replaced the history) to fit the window.
    Condensation,
}

/// Who sent a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum MessageRole {
    /// The agent, talking instead of acting.
    #[default]
    Agent,
    /// The user (or a host's nudge): not the agent's doing, passed over by the detectors.
    User,
}

/// An error a host's log parser found: the file it hit and its message.
#[derive(Debug, Clone, PartialEq, Eq, Shape)]
#[shape(
    input,
    rename_all = "camelCase",
    expecting = "an error object {file, message}"
)]
pub struct ReportedError {
    pub file: String,
    pub message: String,
}

/// One event of a run. `type` says which fields it has:
/// `command` {command, exitCode?, output?, errors?}; `web_request` {url?};
/// `tokens` {count}; `patch` {file, diff}; `tests_result` {passed, functional?, output?,
/// errors?}; `message` {text, role?}; `condensation` {}. Any may name its `step` (`planner`,
/// `coder`, `verifier`…).
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(
    input,
    rename_all = "camelCase",
    expecting = "an event object {type, …}"
)]
pub struct GovernorEvent {
    #[shape(rename = "type")]
    pub kind: EventType,
    pub step: Option<String>,
    /// `command`: the command line.
    pub command: Option<String>,
    /// `command`: its exit status, when known (not 0: it failed).
    pub exit_code: Option<f64>,
    /// `command`, `tests_result`: what it printed (or its error), when known.
    pub output: Option<String>,
    /// `web_request`: the URL or query.
    pub url: Option<String>,
    /// `tokens`: how many.
    pub count: Option<f64>,
    /// `patch`: the file patched.
    pub file: Option<String>,
    /// `patch`: the diff (unified diff, or the new text).
    pub diff: Option<String>,
    /// `tests_result`: whether the tests passed.
    pub passed: Option<bool>,
    /// `tests_result`: whether the functional checks (the app runs, the goal is met) passed.
    pub functional: Option<bool>,
    /// `command`, `tests_result`: errors by file, as the host's own log parser found them.
    pub errors: Option<Vec<ReportedError>>,
    /// `message`: what was said.
    pub text: Option<String>,
    /// `message`: who said it (default `agent`).
    pub role: Option<MessageRole>,
}

/// Test recognisers as words, built once per run from the settings.
#[derive(Debug, Clone, PartialEq)]
pub struct Recognisers(Vec<Vec<String>>);

impl Recognisers {
    pub fn new(settings: &GovernorSettings) -> Self {
        Recognisers(
            settings
                .test_commands
                .iter()
                .map(|c| shell_words(c))
                .collect(),
        )
    }
}

/// An event checked and normalised: what a run applies.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedEvent {
    pub step: Option<String>,
    pub kind: Checked,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Checked {
    Command {
        /// The canonical command line.
        command: String,
        /// Its hash: the action's key.
        key: String,
        test: bool,
        /// The hash of its result (exit code and output), when either is known.
        result: Option<String>,
        failed: bool,
        /// Whether its exit code was given (a passing test run is known by it).
        exited: bool,
        /// (file, family) of the errors it reported.
        errors: Vec<(String, String)>,
    },
    Web {
        target: String,
        /// `None` without a URL: requests of unknown target are not compared for loops.
        key: Option<String>,
    },
    Tokens {
        count: usize,
    },
    Patch {
        file: String,
        /// File and normalised diff.
        fingerprint: String,
        /// Normalised diff alone: the same change to other files.
        change: String,
        /// The first changed line, for reports.
        preview: String,
    },
    TestsResult {
        passed: bool,
        functional: Option<bool>,
        result: String,
        errors: Vec<(String, String)>,
    },
    Message {
        role: MessageRole,
        /// The hash of the text, whitespace folded.
        key: String,
        /// The text's start, for reasons.
        label: String,
    },
    Condensation,
}

/// The longest file path, step name and preview kept in a state, in UTF-16 units.
pub(super) const MAX_FILE_UNITS: usize = 300;
pub(super) const MAX_STEP_UNITS: usize = 64;
const MAX_PREVIEW_UNITS: usize = 120;
/// Counts and exit codes: whole numbers a JavaScript number holds and a budget compares.
const MAX_TOKENS: f64 = 2_147_483_647.0;

const FIELDS: [(&str, &[EventType]); 13] = [
    ("command", &[EventType::Command]),
    ("exitCode", &[EventType::Command]),
    ("output", &[EventType::Command, EventType::TestsResult]),
    ("url", &[EventType::WebRequest]),
    ("count", &[EventType::Tokens]),
    ("file", &[EventType::Patch]),
    ("diff", &[EventType::Patch]),
    ("passed", &[EventType::TestsResult]),
    ("functional", &[EventType::TestsResult]),
    ("errors", &[EventType::Command, EventType::TestsResult]),
    ("text", &[EventType::Message]),
    ("role", &[EventType::Message]),
    ("step", &[]),
];

fn missing(key: &str, kind: EventType) -> Error {
    Error::new(
        ErrorCode::MissingField,
        "",
        format!("missing field `{key}` (a {} event has one)", kind.as_str()),
    )
}

fn invalid(path: &str, message: impl Into<String>) -> Error {
    Error::new(ErrorCode::InvalidInput, path, message)
}

impl GovernorEvent {
    /// Which of the optional fields are set, by their JSON names.
    fn present(&self) -> [bool; 13] {
        [
            self.command.is_some(),
            self.exit_code.is_some(),
            self.output.is_some(),
            self.url.is_some(),
            self.count.is_some(),
            self.file.is_some(),
            self.diff.is_some(),
            self.passed.is_some(),
            self.functional.is_some(),
            self.errors.is_some(),
            self.text.is_some(),
            self.role.is_some(),
            self.step.is_some(),
        ]
    }

    /// The event checked against its type: required fields there, no field of another type
    /// (a typo should not pass silently), numbers in range.
    pub fn check(&self, recognisers: &Recognisers) -> Result<CheckedEvent> {
        for ((key, kinds), set) in FIELDS.iter().zip(self.present()) {
            if set && !kinds.is_empty() && !kinds.contains(&self.kind) {
                return Err(invalid(
                    &pointer_push("", key),
                    format!("`{key}` is not a field of a {} event", self.kind.as_str()),
                ));
            }
        }
        let step = match &self.step {
            Some(s) if s.is_empty() || utf16_len(s) > MAX_STEP_UNITS => {
                return Err(invalid(
                    "/step",
                    format!("a step name has 1 to {MAX_STEP_UNITS} characters"),
                ))
            }
            s => s.clone(),
        };
        let kind = match self.kind {
            EventType::Command => self.command_event(recognisers)?,
            EventType::WebRequest => {
                let target = normalise_output(self.url.as_deref().unwrap_or(""));
                let key = self.url.as_ref().map(|_| {
                    let mut h = Fnv::default();
                    h.part("web");
                    h.part(&target);
                    h.hex()
                });
                Checked::Web {
                    target: prefix_utf16(&target, super::normalize::MAX_COMMAND_UNITS).to_string(),
                    key,
                }
            }
            EventType::Tokens => {
                let n = self.count.ok_or_else(|| missing("count", self.kind))?;
                if !(n.fract() == 0.0 && (0.0..=MAX_TOKENS).contains(&n)) {
                    return Err(invalid(
                        "/count",
                        format!(
                            "a token count is a whole number from 0 to 2147483647, got {}",
                            crate::budget::js_string(n)
                        ),
                    ));
                }
                // Whole and in range.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                Checked::Tokens { count: n as usize }
            }
            EventType::Patch => self.patch_event()?,
            EventType::TestsResult => {
                let passed = self.passed.ok_or_else(|| missing("passed", self.kind))?;
                let output = normalise_result(self.output.as_deref().unwrap_or(""));
                let mut h = Fnv::default();
                h.part("tests");
                h.part(if passed { "passed" } else { "failed" });
                h.part(&output);
                Checked::TestsResult {
                    passed,
                    functional: self.functional,
                    result: h.hex(),
                    errors: self.errors_found()?,
                }
            }
            EventType::Message => {
                let text = self
                    .text
                    .as_deref()
                    .ok_or_else(|| missing("text", self.kind))?;
                let said = normalise_output(text);
                Checked::Message {
                    role: self.role.unwrap_or_default(),
                    key: hash_hex(&said),
                    label: prefix_utf16(&said, MAX_PREVIEW_UNITS).to_string(),
                }
            }
            EventType::Condensation => Checked::Condensation,
        };
        Ok(CheckedEvent { step, kind })
    }

    fn command_event(&self, recognisers: &Recognisers) -> Result<Checked> {
        let line = self
            .command
            .as_deref()
            .ok_or_else(|| missing("command", self.kind))?;
        let words = shell_words(line);
        if words.is_empty() {
            return Err(invalid("/command", "a command needs at least one word"));
        }
        let code = match self.exit_code {
            None => None,
            Some(n) if n.fract() == 0.0 && n.abs() <= MAX_TOKENS => Some(n),
            Some(n) => {
                return Err(invalid(
                    "/exitCode",
                    format!(
                        "an exit code is a whole number, got {}",
                        crate::budget::js_string(n)
                    ),
                ))
            }
        };
        let command = canonical_command(&words);
        let result = if code.is_some() || self.output.is_some() {
            let mut h = Fnv::default();
            h.part(&code.map(crate::json::format_number).unwrap_or_default());
            h.part(&normalise_result(self.output.as_deref().unwrap_or("")));
            Some(h.hex())
        } else {
            None
        };
        Ok(Checked::Command {
            key: {
                let mut h = Fnv::default();
                h.part("command");
                h.part(&command);
                h.hex()
            },
            test: is_test_command(&words, &recognisers.0),
            failed: code.is_some_and(|c| c != 0.0),
            exited: code.is_some(),
            result,
            command,
            errors: self.errors_found()?,
        })
    }

    fn patch_event(&self) -> Result<Checked> {
        let file = self
            .file
            .as_deref()
            .ok_or_else(|| missing("file", self.kind))?;
        let diff = self
            .diff
            .as_deref()
            .ok_or_else(|| missing("diff", self.kind))?;
        let file = normalise_path(file);
        if file.is_empty() {
            return Err(invalid("/file", "a patch names its file"));
        }
        let diff = normalise_diff(diff);
        let mut whole = Fnv::default();
        whole.part(&file);
        whole.part(&diff);
        let preview = crate::text::lines(&diff)
            .find(|l| l.starts_with('+') || l.starts_with('-'))
            .or_else(|| crate::text::lines(&diff).next())
            .unwrap_or("");
        Ok(Checked::Patch {
            file: prefix_utf16(&file, MAX_FILE_UNITS).to_string(),
            fingerprint: whole.hex(),
            change: hash_hex(&diff),
            preview: prefix_utf16(preview, MAX_PREVIEW_UNITS).to_string(),
        })
    }

    /// The errors given by file, then those found in the output's lines, as (file, family).
    fn errors_found(&self) -> Result<Vec<(String, String)>> {
        let mut out = Vec::new();
        for (i, e) in self.errors.iter().flatten().enumerate() {
            let file = normalise_path(&e.file);
            if file.is_empty() {
                return Err(invalid(
                    &format!("/errors/{i}/file"),
                    "an error names its file",
                ));
            }
            out.push((
                prefix_utf16(&file, MAX_FILE_UNITS).to_string(),
                error_family(&e.message),
            ));
        }
        if let Some(log) = &self.output {
            out.extend(
                errors_in_log(log)
                    .into_iter()
                    .map(|(f, family)| (prefix_utf16(&f, MAX_FILE_UNITS).to_string(), family)),
            );
        }
        Ok(out)
    }
}

impl GovernorEvent {
    /// The event of JSON text that is one flat object of known fields with values of their
    /// types — what a host pushes thousands of times a run — read without building the JSON
    /// value first. `None` for any other text (an unknown or repeated key, a wrong type, a
    /// nested value, `errors`, a fault, `maxDepth` 0): the exact reader then reads it and says
    /// what is wrong, so an event read here is the one [`GovernorEvent::from_json`] reads.
    pub fn from_flat_json(text: &str, max_depth: usize) -> Option<Self> {
        use crate::json::{Parser, Value};
        if max_depth == 0 {
            return None;
        }
        let mut p = Parser::new(text);
        p.expect(b'{', "").ok()?;
        let mut kind = None;
        let mut e = GovernorEvent {
            kind: EventType::Command,
            step: None,
            command: None,
            exit_code: None,
            output: None,
            url: None,
            count: None,
            file: None,
            diff: None,
            passed: None,
            functional: None,
            errors: None,
            text: None,
            role: None,
        };
        // Keys seen, by bit: a repeated key is the exact reader's to judge.
        let mut seen = 0u16;
        if !p.eat(b'}') {
            loop {
                p.skip_ws();
                let key = p.string().ok()?;
                p.expect(b':', "").ok()?;
                p.skip_ws();
                if matches!(p.peek(), Some(b'{' | b'[')) {
                    return None;
                }
                let v = p.value(1).ok()?;
                let (bit, ok) = match (key.as_str(), v) {
                    (_, Value::Null) if key != "type" && key != "errors" => {
                        (flat_field_bit(&key)?, true)
                    }
                    ("type", Value::String(s)) => {
                        kind = EventType::VARIANTS
                            .iter()
                            .find(|(n, _)| *n == s)
                            .map(|(_, k)| *k);
                        (0, kind.is_some())
                    }
                    ("step", Value::String(s)) => (1, e.step.replace(s).is_none()),
                    ("command", Value::String(s)) => (2, e.command.replace(s).is_none()),
                    ("exitCode", Value::Number(n)) => (3, e.exit_code.replace(n).is_none()),
                    ("output", Value::String(s)) => (4, e.output.replace(s).is_none()),
                    ("url", Value::String(s)) => (5, e.url.replace(s).is_none()),
                    ("count", Value::Number(n)) => (6, e.count.replace(n).is_none()),
                    ("file", Value::String(s)) => (7, e.file.replace(s).is_none()),
                    ("diff", Value::String(s)) => (8, e.diff.replace(s).is_none()),
                    ("passed", Value::Bool(b)) => (9, e.passed.replace(b).is_none()),
                    ("functional", Value::Bool(b)) => (10, e.functional.replace(b).is_none()),
                    ("text", Value::String(s)) => (11, e.text.replace(s).is_none()),
                    ("role", Value::String(s)) => {
                        let role = MessageRole::VARIANTS
                            .iter()
                            .find(|(n, _)| *n == s)
                            .map(|(_, r)| *r)?;
                        (12, e.role.replace(role).is_none())
                    }
                    _ => return None,
                };
                let mask = 1u16.checked_shl(bit)?;
                if !ok || seen & mask != 0 {
                    return None;
                }
                seen |= mask;
                if p.eat(b'}') {
                    break;
                }
                p.expect(b',', "").ok()?;
            }
        }
        p.skip_ws();
        p.end().ok()?;
        e.kind = kind?;
        Some(e)
    }
}

/// The bit of an optional field [`GovernorEvent::from_flat_json`] reads (`null`: absent).
fn flat_field_bit(key: &str) -> Option<u32> {
    Some(match key {
        "step" => 1,
        "command" => 2,
        "exitCode" => 3,
        "output" => 4,
        "url" => 5,
        "count" => 6,
        "file" => 7,
        "diff" => 8,
        "passed" => 9,
        "functional" => 10,
        "text" => 11,
        "role" => 12,
        _ => return None,
    })
}
