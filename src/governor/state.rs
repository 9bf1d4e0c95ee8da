//! A run's state: what a host persists between steps. Counters, bounded histories and
//! fingerprints — never the event log — so its JSON stays small however long the run (each
//! bound is a constant here, checked when a state is read back).

use super::config::{GovernorSettings, MAX_STEPS};
use crate::json::Value;
use crate::shape::{Input, Shape};
use crate::{Error, ErrorCode, Result};

/// Where a run stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum RunStatus {
    Running,
    /// A budget was spent with the last tests passed (or assumed passed, or, outside `strict`,
    /// the functional checks passed): finish with partial success.
    DonePartial,
    /// A budget was spent otherwise: escalate.
    AbortedConstraint,
}

/// What the host should do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum DecisionKind {
    Continue,
    /// Go on; a budget is past the warning threshold.
    Warn,
    /// Do not run this test command: with `tests_skipped`, assume it passed (`smoke`, `yolo`
    /// with the test budget spent); with `tests_unchanged`, its last red result stands.
    Skip,
    /// Finish with partial success (status `done_partial`). Every later event answers the same.
    Stop,
    /// Escalate (status `aborted_constraint`). Every later event answers the same.
    Escalate,
    /// Refused: a patch attempted too often, or a loop; do something else.
    Stuck,
}

/// Why, as a stable code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum DecisionCode {
    Ok,
    BudgetWarning,
    TestsSkipped,
    /// With `skip` (`smoke`, `yolo`): the test command failed last time and no patch has been
    /// applied since; its red result stands.
    TestsUnchanged,
    /// With `stop` or `escalate`: a budget (overall or a step's) is spent.
    BudgetExhausted,
    /// The same patch (file and normalised diff) attempted `patchRepeats` times.
    StuckPatch,
    /// The same action with the same result `loops.sameResult` times running.
    LoopRepeat,
    /// The same command failing with the same error `loops.sameError` times running.
    LoopError,
    /// Two actions alternating (A-B-A-B…) over `loops.alternation` steps.
    LoopAlternation,
    /// The same command failing `loops.sameError` times running, its errors differing.
    LoopFailure,
    /// The agent saying the same thing `loops.monologue` times running with no action between.
    LoopMonologue,
    /// The context condensed `loops.condensation` times running with no action between.
    LoopCondensation,
}

/// The answer to one event.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(
    input,
    output,
    rename_all = "camelCase",
    expecting = "a decision object"
)]
pub struct GovernorDecision {
    pub decision: DecisionKind,
    pub code: DecisionCode,
    /// The run's status after the event.
    pub status: RunStatus,
    /// For people: what was decided and the numbers that decided it.
    pub reason: String,
    /// `stuck_patch`: the file.
    pub file: Option<String>,
    /// `stuck_patch`: the attempts; loops: the repeats.
    pub count: Option<usize>,
}

/// Counters of one run or one step. They only grow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Shape)]
#[shape(
    input,
    output,
    rename_all = "camelCase",
    expecting = "a counters object"
)]
pub struct BudgetUse {
    pub commands: usize,
    pub tests: usize,
    pub web: usize,
    pub tokens: usize,
    pub patches: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Shape)]
#[shape(
    input,
    output,
    rename_all = "camelCase",
    expecting = "a step counters object"
)]
pub struct StepUse {
    pub step: String,
    pub used: BudgetUse,
}

/// How the last tests went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum TestOutcome {
    #[default]
    None,
    Passed,
    Failed,
    /// Skipped with the test budget spent (`smoke`, `yolo`), assumed passed.
    AssumedPassed,
}

/// One of the last actions, for the loop detectors.
#[derive(Debug, Clone, PartialEq, Eq, Shape)]
#[shape(
    input,
    output,
    rename_all = "camelCase",
    expecting = "a recent action object"
)]
pub struct RecentAction {
    /// The action's hash (its kind and normalised command, target or patch).
    pub key: String,
    /// Its result's hash, when known.
    pub result: Option<String>,
    pub failed: bool,
    /// A test command, whose result a later `tests_result` gives.
    pub test: bool,
    /// For reasons: the command, target or file.
    pub label: String,
}

/// The agent's last message, and how many times running it has said it with no action between.
#[derive(Debug, Clone, PartialEq, Eq, Shape)]
#[shape(
    input,
    output,
    rename_all = "camelCase",
    expecting = "a message run object"
)]
pub struct MessageRun {
    /// The hash of the message, whitespace folded.
    pub key: String,
    /// Its start, for reasons.
    pub label: String,
    pub count: usize,
}

/// A test command whose last run failed, with no patch applied since.
#[derive(Debug, Clone, PartialEq, Eq, Shape)]
#[shape(
    input,
    output,
    rename_all = "camelCase",
    expecting = "a red test run object"
)]
pub struct RedTestRun {
    /// The command, normalised.
    pub command: String,
    /// The event at which it was known to have failed.
    pub event: usize,
}

/// A patch fingerprint seen, with its attempts.
#[derive(Debug, Clone, PartialEq, Eq, Shape)]
#[shape(input, output, rename_all = "camelCase", expecting = "a patch object")]
pub struct PatchSeen {
    pub fingerprint: String,
    pub file: String,
    pub count: usize,
    /// The event it was last attempted at (the least recent is forgotten first).
    pub last: usize,
}

/// A command with the times it was issued.
#[derive(Debug, Clone, PartialEq, Eq, Shape)]
#[shape(
    input,
    output,
    rename_all = "camelCase",
    expecting = "a command count object"
)]
pub struct CommandCount {
    /// Normalised: whitespace and quoting folded.
    pub command: String,
    pub count: usize,
    pub test: bool,
    pub last: usize,
}

/// Where a group of near-duplicates comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum DuplicateKind {
    /// The same error family reported for several files.
    Error,
    /// The same change patched into several files one by one.
    Patch,
}

/// Near-duplicates across files: a suggestion to fix them in one go once two files share it.
#[derive(Debug, Clone, PartialEq, Eq, Shape)]
#[shape(input, output, rename_all = "camelCase", expecting = "a family object")]
pub struct DuplicateGroup {
    pub kind: DuplicateKind,
    /// Its hash (kind and family text, or the normalised change).
    pub key: String,
    /// The error with its particulars masked, or the patch's first changed line.
    pub family: String,
    /// Distinct, in the order first seen.
    pub files: Vec<String>,
    /// Occurrences.
    pub count: usize,
}

/// The state of a run: everything the next decision depends on. Persist it as JSON
/// (`write_json`, `state()` in JavaScript) and read it back (`Input::read`, `fromState`): the
/// JSON round-trips byte for byte.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(
    input,
    output,
    rename_all = "camelCase",
    expecting = "a governor state object"
)]
pub struct GovernorState {
    /// The state's format (1).
    pub format: usize,
    pub settings: GovernorSettings,
    pub status: RunStatus,
    /// The terminal decision, once there is one: every later event answers it.
    pub outcome: Option<GovernorDecision>,
    /// Events applied (malformed ones are not).
    pub events: usize,
    pub used: BudgetUse,
    /// Steps with limits (in the settings' order), then others as first seen, at most 32.
    pub steps: Vec<StepUse>,
    /// Events refused by the terminal decision (the one that made it, and every later one).
    pub refused: usize,
    /// Test commands skipped.
    pub skipped: usize,
    pub last_tests: TestOutcome,
    /// The last `functional` a `tests_result` gave.
    pub functional: Option<bool>,
    /// The last actions, oldest first (as many as the longest loop window).
    pub recent: Vec<RecentAction>,
    /// Patch fingerprints, most recently attempted kept (at most 128; a new one takes the place
    /// of the least recently attempted).
    pub patches: Vec<PatchSeen>,
    /// Patches refused as `stuck` (at most 32 fingerprints).
    pub refused_patches: Vec<PatchSeen>,
    /// Commands by count (at most 64; when full, the least issued, then least recent, goes).
    pub commands: Vec<CommandCount>,
    /// Issues of commands no longer in `commands`.
    pub other_commands: usize,
    /// Near-duplicate groups (at most 32, each at most 16 files).
    pub families: Vec<DuplicateGroup>,
    /// The agent's message run since the last action (absent: none).
    pub monologue: Option<MessageRun>,
    /// Condensations since the last action (absent: none).
    pub condensations: Option<usize>,
    /// The last red test run, until a patch is applied (absent: none).
    pub red_tests: Option<RedTestRun>,
}

pub(super) const FORMAT: usize = 1;
pub(super) const MAX_PATCHES: usize = 128;
pub(super) const MAX_REFUSED_PATCHES: usize = 32;
pub(super) const MAX_COMMANDS: usize = 64;
pub(super) const MAX_FAMILIES: usize = 32;
pub(super) const MAX_FAMILY_FILES: usize = 16;

impl GovernorState {
    /// The state of a run that has not started.
    pub fn new(settings: GovernorSettings) -> Self {
        let steps = settings
            .steps
            .iter()
            .map(|s| StepUse {
                step: s.step.clone(),
                used: BudgetUse::default(),
            })
            .collect();
        GovernorState {
            format: FORMAT,
            settings,
            status: RunStatus::Running,
            outcome: None,
            events: 0,
            used: BudgetUse::default(),
            steps,
            refused: 0,
            skipped: 0,
            last_tests: TestOutcome::None,
            functional: None,
            recent: Vec::new(),
            patches: Vec::new(),
            refused_patches: Vec::new(),
            commands: Vec::new(),
            other_commands: 0,
            families: Vec::new(),
            monologue: None,
            condensations: None,
            red_tests: None,
        }
    }

    /// A persisted state read back and checked: the format, the settings, the bounds.
    pub fn from_value(v: &Value, path: &str) -> Result<Self> {
        let state = GovernorState::read(v, path)?;
        state.check(path)?;
        Ok(state)
    }

    /// What a state must hold for a run to go on from it; `at` is its pointer.
    pub fn check(&self, at: &str) -> Result<()> {
        if self.format != FORMAT {
            return Err(Error::new(
                ErrorCode::InvalidInput,
                format!("{at}/format"),
                format!(
                    "a state of format {} cannot be read here (format {FORMAT})",
                    self.format
                ),
            ));
        }
        self.settings.check(&format!("{at}/settings"))?;
        let window = self.settings.window();
        for (field, len, max) in [
            ("steps", self.steps.len(), MAX_STEPS),
            ("recent", self.recent.len(), window),
            ("patches", self.patches.len(), MAX_PATCHES),
            (
                "refusedPatches",
                self.refused_patches.len(),
                MAX_REFUSED_PATCHES,
            ),
            ("commands", self.commands.len(), MAX_COMMANDS),
            ("families", self.families.len(), MAX_FAMILIES),
        ] {
            if len > max {
                return Err(Error::new(
                    ErrorCode::InvalidInput,
                    format!("{at}/{field}"),
                    format!("a state holds at most {max} {field}, got {len}"),
                ));
            }
        }
        for (i, f) in self.families.iter().enumerate() {
            if f.files.len() > MAX_FAMILY_FILES {
                return Err(Error::new(
                    ErrorCode::InvalidInput,
                    format!("{at}/families/{i}/files"),
                    format!("a family lists at most {MAX_FAMILY_FILES} files"),
                ));
            }
        }
        if (self.status == RunStatus::Running) != self.outcome.is_none() {
            return Err(Error::new(
                ErrorCode::InvalidInput,
                format!("{at}/outcome"),
                "a running state has no outcome, an ended one has",
            ));
        }
        Ok(())
    }
}
