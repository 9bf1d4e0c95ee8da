//! A run's settings: the profile × scope presets, the overrides a config gives, and the
//! resolved settings a state carries (so a persisted state needs nothing else to go on).

use super::normalize::{shell_words, DEFAULT_TEST_COMMANDS};
use crate::budget::budget_from_f64;
use crate::json::Value;
use crate::shape::Shape;
use crate::{Error, ErrorCode, Result};
use std::collections::BTreeMap;

/// How strict the run is. `smoke` and `yolo` skip test runs once their budget is spent
/// (assuming success, as those profiles intend); `strict` finishes with partial success only
/// when the last tests passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum RunProfile {
    #[default]
    Strict,
    Fast,
    Smoke,
    Yolo,
}

/// How large the task is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Shape)]
#[shape(input, output, rename_all = "snake_case")]
pub enum TaskScope {
    Large,
    #[default]
    Normal,
    Tiny,
}

/// The built-in limits (commands, test runs, web requests) of a profile and scope: never fewer
/// for a larger task. `yolo` × `tiny` is seed 003's 20/2/10 (kotef's own code chose 15/2/8).
pub fn preset(profile: RunProfile, scope: TaskScope) -> (usize, usize, usize) {
    use RunProfile::*;
    use TaskScope::*;
    match (profile, scope) {
        (Strict, Large) => (60, 10, 30),
        (Strict, Normal) => (40, 8, 20),
        (Strict, Tiny) => (20, 5, 10),
        (Fast, Large) => (50, 8, 25),
        (Fast, Normal) => (30, 5, 15),
        (Fast, Tiny) => (15, 3, 8),
        (Smoke, Large) => (30, 3, 15),
        (Smoke, Normal) => (20, 2, 10),
        (Smoke, Tiny) => (10, 1, 5),
        (Yolo, Large) => (40, 5, 20),
        (Yolo, Normal) => (25, 3, 12),
        (Yolo, Tiny) => (20, 2, 10),
    }
}

/// Limits of a run or of one step; an absent limit is no limit (overall: the preset's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Shape)]
#[shape(input, output, rename_all = "camelCase")]
pub struct BudgetLimits {
    /// Commands run (test runs included).
    #[shape(with = "read_limit")]
    pub commands: Option<usize>,
    /// Test runs (commands a test recogniser matches).
    #[shape(with = "read_limit")]
    pub tests: Option<usize>,
    /// Web requests.
    #[shape(with = "read_limit")]
    pub web: Option<usize>,
    /// Tokens (as the host's LLM client reports them).
    #[shape(with = "read_limit")]
    pub tokens: Option<usize>,
}

/// A limit: a whole number from 0 to 2^31 − 1, or null for none.
fn read_limit(v: &Value, path: &str) -> Result<Option<usize>> {
    match v {
        Value::Null => Ok(None),
        Value::Number(n) => budget_from_f64(*n, path).map(Some),
        _ => Err(Error::new(
            ErrorCode::InvalidBudget,
            path,
            "a limit must be a number",
        )),
    }
}

/// Loop thresholds, after OpenHands' stuck detector.
#[derive(Debug, Clone, Copy, PartialEq, Default, Shape)]
#[shape(input, rename_all = "camelCase", expecting = "a loops object")]
pub struct LoopThresholds {
    /// The same action with the same result this many times running (default 4).
    pub same_result: Option<f64>,
    /// The same command failing with the same error this many times running (default 3).
    pub same_error: Option<f64>,
    /// An A-B-A-B alternation over this many steps (default 6; even).
    pub alternation: Option<f64>,
    /// The same agent message this many times running with no action between (default 3).
    pub monologue: Option<f64>,
    /// This many condensations running with no action between (default 10).
    pub condensation: Option<f64>,
}

/// How a run is governed. Every field is optional: the default is `strict` × `normal`.
#[derive(Debug, Clone, PartialEq, Default, Shape)]
#[shape(
    input,
    rename_all = "camelCase",
    expecting = "a governor config object"
)]
pub struct GovernorConfig {
    pub profile: Option<RunProfile>,
    pub scope: Option<TaskScope>,
    /// Each limit given replaces the preset's.
    pub limits: Option<BudgetLimits>,
    /// Limits per step name (`planner`, `coder`, `verifier`…), beside the overall ones.
    pub steps: Option<BTreeMap<String, BudgetLimits>>,
    /// The share of a budget past which decisions warn (default 0.8; 0 < warnAt ≤ 1).
    pub warn_at: Option<f64>,
    /// Test command recognisers, as command lines (`"npm test"`); replaces the defaults.
    pub test_commands: Option<Vec<String>>,
    /// The identical patch attempt refused as `stuck` (default 3: the third).
    pub patch_repeats: Option<f64>,
    pub loops: Option<LoopThresholds>,
}

/// A step's own limits, in a state.
#[derive(Debug, Clone, PartialEq, Eq, Shape)]
#[shape(
    input,
    output,
    rename_all = "camelCase",
    expecting = "a step limits object"
)]
pub struct StepLimits {
    pub step: String,
    pub limits: BudgetLimits,
}

/// The settings a run goes by, resolved from a config: part of every state.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(
    input,
    output,
    rename_all = "camelCase",
    expecting = "a governor settings object"
)]
pub struct GovernorSettings {
    pub profile: RunProfile,
    pub scope: TaskScope,
    /// Overall limits: commands, tests and web always set; tokens when given.
    pub limits: BudgetLimits,
    /// In step-name order.
    pub steps: Vec<StepLimits>,
    pub warn_at: f64,
    pub test_commands: Vec<String>,
    pub patch_repeats: usize,
    pub same_result: usize,
    pub same_error: usize,
    pub alternation: usize,
    /// Absent in a state written before agent messages were counted: the default, 3.
    pub monologue: Option<usize>,
    /// Absent in a state written before condensations were counted: the default, 10.
    pub condensation: Option<usize>,
}

/// The most step names with their own limits, test recognisers, and the longest loop window:
/// bounds on a state's size (and so on its JSON round trip).
pub(super) const MAX_STEPS: usize = 32;
pub(super) const MAX_TEST_COMMANDS: usize = 256;
pub(super) const MAX_WINDOW: usize = 32;
/// OpenHands' thresholds: three identical agent messages, ten condensations.
const DEFAULT_MONOLOGUE: usize = 3;
const DEFAULT_CONDENSATION: usize = 10;
const MAX_STEP_NAME_UNITS: usize = 64;

impl GovernorConfig {
    /// The settings this config gives, checked.
    pub fn resolve(&self) -> Result<GovernorSettings> {
        let profile = self.profile.unwrap_or_default();
        let scope = self.scope.unwrap_or_default();
        let (commands, tests, web) = preset(profile, scope);
        let given = self.limits.unwrap_or_default();
        let limits = BudgetLimits {
            commands: given.commands.or(Some(commands)),
            tests: given.tests.or(Some(tests)),
            web: given.web.or(Some(web)),
            tokens: given.tokens,
        };
        let steps: Vec<StepLimits> = self
            .steps
            .iter()
            .flatten()
            .map(|(step, limits)| StepLimits {
                step: step.clone(),
                limits: *limits,
            })
            .collect();
        let settings = GovernorSettings {
            profile,
            scope,
            limits,
            steps,
            warn_at: self.warn_at.unwrap_or(0.8),
            test_commands: self.test_commands.clone().unwrap_or_else(|| {
                DEFAULT_TEST_COMMANDS
                    .iter()
                    .map(|s| (*s).to_string())
                    .collect()
            }),
            patch_repeats: whole(self.patch_repeats, 3, 2, "/patchRepeats")?,
            same_result: whole(
                self.loops.and_then(|l| l.same_result),
                4,
                2,
                "/loops/sameResult",
            )?,
            same_error: whole(
                self.loops.and_then(|l| l.same_error),
                3,
                2,
                "/loops/sameError",
            )?,
            alternation: whole(
                self.loops.and_then(|l| l.alternation),
                6,
                4,
                "/loops/alternation",
            )?,
            monologue: Some(whole(
                self.loops.and_then(|l| l.monologue),
                DEFAULT_MONOLOGUE,
                2,
                "/loops/monologue",
            )?),
            condensation: Some(whole(
                self.loops.and_then(|l| l.condensation),
                DEFAULT_CONDENSATION,
                2,
                "/loops/condensation",
            )?),
        };
        settings.check("")?;
        Ok(settings)
    }
}

/// A whole-number setting from `min` to [`MAX_WINDOW`] (`default` when absent).
fn whole(v: Option<f64>, default: usize, min: usize, path: &str) -> Result<usize> {
    let Some(n) = v else { return Ok(default) };
    #[allow(clippy::cast_precision_loss)] // small numbers
    let ok = n.fract() == 0.0 && n >= min as f64 && n <= MAX_WINDOW as f64;
    if !ok {
        return Err(Error::new(
            ErrorCode::InvalidInput,
            path,
            format!(
                "expected a whole number from {min} to {MAX_WINDOW}, got {}",
                crate::budget::js_string(n)
            ),
        ));
    }
    // Whole and in range.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Ok(n as usize)
}

impl GovernorSettings {
    /// What a config's reader or a state's reader must hold before a run goes by these
    /// settings: ranges, and the bounds that keep a state small. `at` is the settings' pointer.
    pub fn check(&self, at: &str) -> Result<()> {
        let bad = |path: &str, message: String| {
            Err(Error::new(
                ErrorCode::InvalidInput,
                format!("{at}{path}"),
                message,
            ))
        };
        if !(self.warn_at > 0.0 && self.warn_at <= 1.0) {
            return bad(
                "/warnAt",
                format!(
                    "warnAt is a share of a budget, above 0 and at most 1, got {}",
                    crate::budget::js_string(self.warn_at)
                ),
            );
        }
        if self.steps.len() > MAX_STEPS {
            return bad(
                "/steps",
                format!("at most {MAX_STEPS} steps have limits of their own"),
            );
        }
        for (i, s) in self.steps.iter().enumerate() {
            if s.step.is_empty() || crate::text::utf16_len(&s.step) > MAX_STEP_NAME_UNITS {
                return bad(
                    &format!("/steps/{i}/step"),
                    format!("a step name has 1 to {MAX_STEP_NAME_UNITS} characters"),
                );
            }
        }
        if self.test_commands.len() > MAX_TEST_COMMANDS {
            return bad(
                "/testCommands",
                format!("at most {MAX_TEST_COMMANDS} test commands"),
            );
        }
        for (i, c) in self.test_commands.iter().enumerate() {
            if shell_words(c).is_empty() {
                return bad(
                    &format!("/testCommands/{i}"),
                    "a test command needs at least one word".to_string(),
                );
            }
        }
        if self.alternation % 2 != 0 {
            return bad(
                "/loops/alternation",
                format!(
                    "an A-B alternation spans an even number of steps, got {}",
                    self.alternation
                ),
            );
        }
        for (path, n, min) in [
            ("/patchRepeats", self.patch_repeats, 2),
            ("/loops/sameResult", self.same_result, 2),
            ("/loops/sameError", self.same_error, 2),
            ("/loops/alternation", self.alternation, 4),
            ("/loops/monologue", self.monologue(), 2),
            ("/loops/condensation", self.condensation(), 2),
        ] {
            if n < min || n > MAX_WINDOW {
                return bad(
                    path,
                    format!("expected a whole number from {min} to {MAX_WINDOW}, got {n}"),
                );
            }
        }
        Ok(())
    }

    /// The longest run of recent actions a loop detector looks at.
    pub fn window(&self) -> usize {
        self.same_result.max(self.same_error).max(self.alternation)
    }

    pub fn monologue(&self) -> usize {
        self.monologue.unwrap_or(DEFAULT_MONOLOGUE)
    }

    pub fn condensation(&self) -> usize {
        self.condensation.unwrap_or(DEFAULT_CONDENSATION)
    }

    pub fn skips_tests(&self) -> bool {
        matches!(self.profile, RunProfile::Smoke | RunProfile::Yolo)
    }

    pub fn step_limits(&self, step: &str) -> Option<&BudgetLimits> {
        self.steps
            .iter()
            .find(|s| s.step == step)
            .map(|s| &s.limits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(text: &str) -> Result<GovernorSettings> {
        GovernorConfig::from_json(text)?.resolve()
    }

    #[test]
    fn presets_follow_the_issue_table() {
        let s = config("{}").unwrap();
        assert_eq!(
            (s.profile, s.scope),
            (RunProfile::Strict, TaskScope::Normal)
        );
        assert_eq!(
            (
                s.limits.commands,
                s.limits.tests,
                s.limits.web,
                s.limits.tokens
            ),
            (Some(40), Some(8), Some(20), None)
        );
        let s = config(
            r#"{"profile": "yolo", "scope": "tiny", "limits": {"tests": 4, "tokens": 1000}}"#,
        )
        .unwrap();
        assert_eq!(
            (
                s.limits.commands,
                s.limits.tests,
                s.limits.web,
                s.limits.tokens
            ),
            (Some(20), Some(4), Some(10), Some(1000))
        );
        assert_eq!(preset(RunProfile::Smoke, TaskScope::Large), (30, 3, 15));
        // Seed 003's own numbers.
        assert_eq!(preset(RunProfile::Strict, TaskScope::Large), (60, 10, 30));
        assert_eq!(preset(RunProfile::Yolo, TaskScope::Tiny), (20, 2, 10));
    }

    #[test]
    fn a_larger_task_never_gets_a_smaller_budget() {
        use RunProfile::*;
        use TaskScope::*;
        for profile in [Strict, Fast, Smoke, Yolo] {
            let [tiny, normal, large] = [Tiny, Normal, Large].map(|s| preset(profile, s));
            for (small, big) in [(tiny, normal), (normal, large)] {
                assert!(
                    small.0 <= big.0 && small.1 <= big.1 && small.2 <= big.2,
                    "{profile:?}: {small:?} > {big:?}"
                );
            }
        }
    }

    #[test]
    fn bad_settings_are_refused_where_they_stand() {
        for (text, code, path) in [
            (
                r#"{"limits": {"commands": -1}}"#,
                ErrorCode::InvalidBudget,
                "/limits/commands",
            ),
            (
                r#"{"limits": {"web": "x"}}"#,
                ErrorCode::InvalidBudget,
                "/limits/web",
            ),
            (
                r#"{"steps": {"coder": {"tests": 1.5}}}"#,
                ErrorCode::InvalidBudget,
                "/steps/coder/tests",
            ),
            (r#"{"warnAt": 0}"#, ErrorCode::InvalidInput, "/warnAt"),
            (r#"{"warnAt": 1.5}"#, ErrorCode::InvalidInput, "/warnAt"),
            (
                r#"{"profile": "lazy"}"#,
                ErrorCode::InvalidInput,
                "/profile",
            ),
            (
                r#"{"testCommands": ["  "]}"#,
                ErrorCode::InvalidInput,
                "/testCommands/0",
            ),
            (
                r#"{"patchRepeats": 1}"#,
                ErrorCode::InvalidInput,
                "/patchRepeats",
            ),
            (
                r#"{"loops": {"alternation": 5}}"#,
                ErrorCode::InvalidInput,
                "/loops/alternation",
            ),
            (
                r#"{"loops": {"sameError": 1e9}}"#,
                ErrorCode::InvalidInput,
                "/loops/sameError",
            ),
            (
                r#"{"loops": {"monologue": 1}}"#,
                ErrorCode::InvalidInput,
                "/loops/monologue",
            ),
            (
                r#"{"loops": {"condensation": 33}}"#,
                ErrorCode::InvalidInput,
                "/loops/condensation",
            ),
            (r#"{"limit": {}}"#, ErrorCode::InvalidInput, "/limit"),
        ] {
            let e = config(text).unwrap_err();
            assert_eq!((e.code, e.path.as_str()), (code, path), "{text}: {e}");
        }
    }
}
