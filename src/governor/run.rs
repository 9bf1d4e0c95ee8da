//! Applying a checked event: count it, then decide. Infallible by construction — every fault
//! was found when the event was checked — so a state is either advanced whole or not touched.

use super::config::{BudgetLimits, MAX_STEPS};
use super::event::{Checked, CheckedEvent, MessageRole};
use super::state::*;

/// The budgets, in the order reasons and reports list them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Budget {
    Commands,
    Tests,
    Web,
    Tokens,
}

pub(super) const BUDGETS: [Budget; 4] =
    [Budget::Commands, Budget::Tests, Budget::Web, Budget::Tokens];

impl Budget {
    pub(super) fn name(self) -> &'static str {
        match self {
            Budget::Commands => "commands",
            Budget::Tests => "tests",
            Budget::Web => "web",
            Budget::Tokens => "tokens",
        }
    }

    pub(super) fn limit(self, l: &BudgetLimits) -> Option<usize> {
        match self {
            Budget::Commands => l.commands,
            Budget::Tests => l.tests,
            Budget::Web => l.web,
            Budget::Tokens => l.tokens,
        }
    }

    pub(super) fn used(self, u: &BudgetUse) -> usize {
        match self {
            Budget::Commands => u.commands,
            Budget::Tests => u.tests,
            Budget::Web => u.web,
            Budget::Tokens => u.tokens,
        }
    }

    fn add(self, u: &mut BudgetUse, n: usize) {
        let slot = match self {
            Budget::Commands => &mut u.commands,
            Budget::Tests => &mut u.tests,
            Budget::Web => &mut u.web,
            Budget::Tokens => &mut u.tokens,
        };
        *slot = slot.saturating_add(n);
    }
}

/// What an event takes from the budgets.
#[derive(Debug, Clone, Copy, Default)]
struct Need {
    commands: usize,
    tests: usize,
    web: usize,
}

impl Need {
    fn of(self, b: Budget) -> usize {
        match b {
            Budget::Commands => self.commands,
            Budget::Tests => self.tests,
            Budget::Web => self.web,
            Budget::Tokens => 0,
        }
    }
}

/// A budget a need would overrun: the step's (`Some`) or the run's.
type Overrun = (Option<String>, Budget);

fn decision(
    kind: DecisionKind,
    code: DecisionCode,
    status: RunStatus,
    reason: String,
) -> GovernorDecision {
    GovernorDecision {
        decision: kind,
        code,
        status,
        reason,
        file: None,
        count: None,
    }
}

/// A loop: the action was counted; the agent should change course.
fn stuck(code: DecisionCode, reason: String, n: usize) -> GovernorDecision {
    let mut d = decision(DecisionKind::Stuck, code, RunStatus::Running, reason);
    d.count = Some(n);
    d
}

/// `n` in decimal, appended without `core::fmt` (this runs for every event, and the formatting
/// machinery costs more than the rest of a small event's decision in wasm).
fn push_count(out: &mut String, n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = n;
    loop {
        at = at.saturating_sub(1);
        if let Some(d) = digits.get_mut(at) {
            // A digit: n % 10 < 10.
            #[allow(clippy::cast_possible_truncation)]
            let digit = (n % 10) as u8;
            *d = b'0'.saturating_add(digit);
        }
        n /= 10;
        if n == 0 || at == 0 {
            break;
        }
    }
    // ASCII digits: one copy, not a char (and its UTF-8 encoding) at a time.
    out.push_str(std::str::from_utf8(digits.get(at..).unwrap_or(&[])).unwrap_or(""));
}

/// `used/limit` of each overall budget with a limit (tokens only when limited or used), after
/// `prefix`.
fn overall_line(state: &GovernorState, prefix: &str) -> String {
    let mut out = String::with_capacity(prefix.len().saturating_add(48));
    out.push_str(prefix);
    let mut first = true;
    for b in BUDGETS {
        let used = b.used(&state.used);
        let limit = b.limit(&state.settings.limits);
        if limit.is_none() && used == 0 {
            continue;
        }
        if !first {
            out.push_str(", ");
        }
        first = false;
        out.push_str(b.name());
        out.push(' ');
        push_count(&mut out, used);
        if let Some(limit) = limit {
            out.push('/');
            push_count(&mut out, limit);
        }
    }
    out
}

fn ratio_past(used: usize, limit: usize, warn_at: f64) -> bool {
    #[allow(clippy::cast_precision_loss)] // counts below 2^53
    let past = limit > 0 && used as f64 >= warn_at * limit as f64;
    past
}

fn percent(used: usize, limit: usize) -> usize {
    used.saturating_mul(100).checked_div(limit).unwrap_or(0)
}

impl GovernorState {
    /// Counts `event` and decides. Events after a terminal decision answer it again.
    pub(crate) fn apply(&mut self, event: &CheckedEvent) -> GovernorDecision {
        self.events = self.events.saturating_add(1);
        if let Some(outcome) = &self.outcome {
            self.refused = self.refused.saturating_add(1);
            return outcome.clone();
        }
        let step = event.step.as_deref();
        self.track_step(step);
        let acts = !matches!(
            event.kind,
            Checked::Message { .. } | Checked::Condensation | Checked::Tokens { .. }
        );
        if acts {
            // Something was done: the agent is neither talking to itself nor only condensing.
            self.monologue = None;
            self.condensations = None;
        }
        match &event.kind {
            Checked::Command {
                command,
                key,
                test,
                result,
                failed,
                exited,
                errors,
            } => {
                self.count_command(command, *test);
                if *test && self.settings.skips_tests() {
                    let red = self.red_tests.as_ref().filter(|r| r.command == *command);
                    if let Some(red) = red.cloned() {
                        return self.skip_unchanged(&red);
                    }
                }
                let need = Need {
                    commands: 1,
                    tests: usize::from(*test),
                    web: 0,
                };
                let overruns = self.overruns(step, need);
                if !overruns.is_empty() {
                    let only_tests = overruns.iter().all(|(_, b)| *b == Budget::Tests);
                    if *test && only_tests && self.settings.skips_tests() {
                        return self.skip(&overruns);
                    }
                    return self.end(&overruns);
                }
                self.take(step, need);
                self.add_errors(errors);
                if *test && *exited {
                    self.note_tests(command, !*failed);
                }
                self.remember(RecentAction {
                    key: key.clone(),
                    result: result.clone(),
                    failed: *failed,
                    test: *test,
                    label: command.clone(),
                });
                self.loop_decision()
                    .unwrap_or_else(|| self.budget_decision(step))
            }
            Checked::Web { target, key } => {
                let need = Need {
                    web: 1,
                    ..Need::default()
                };
                let overruns = self.overruns(step, need);
                if !overruns.is_empty() {
                    return self.end(&overruns);
                }
                self.take(step, need);
                let Some(key) = key else {
                    return self.budget_decision(step);
                };
                self.remember(RecentAction {
                    key: key.clone(),
                    result: None,
                    failed: false,
                    test: false,
                    label: target.clone(),
                });
                self.loop_decision()
                    .unwrap_or_else(|| self.budget_decision(step))
            }
            Checked::Tokens { count } => {
                // Tokens are reported once spent: they count whatever the budget says.
                Budget::Tokens.add(&mut self.used, *count);
                if let Some(s) = self.step_use(step) {
                    Budget::Tokens.add(s, *count);
                }
                let over = |used: usize, limit: Option<usize>| limit.is_some_and(|l| used > l);
                let mut overruns: Vec<Overrun> = Vec::new();
                if let Some(s) = step {
                    let used = self
                        .steps
                        .iter()
                        .find(|u| u.step == s)
                        .map_or(0, |u| u.used.tokens);
                    if over(used, self.settings.step_limits(s).and_then(|l| l.tokens)) {
                        overruns.push((Some(s.to_string()), Budget::Tokens));
                    }
                }
                if over(self.used.tokens, self.settings.limits.tokens) {
                    overruns.push((None, Budget::Tokens));
                }
                if !overruns.is_empty() {
                    return self.end(&overruns);
                }
                self.budget_decision(step)
            }
            Checked::Patch {
                file,
                fingerprint,
                change,
                preview,
            } => self.patch(step, file, fingerprint, change, preview),
            Checked::TestsResult {
                passed,
                functional,
                result,
                errors,
            } => {
                self.last_tests = if *passed {
                    TestOutcome::Passed
                } else {
                    TestOutcome::Failed
                };
                if functional.is_some() {
                    self.functional = *functional;
                }
                self.add_errors(errors);
                // The outcome of the test command just run is that command's result, for the
                // loop detectors (a host that gates commands before running them reports
                // results this way).
                let attach = self
                    .recent
                    .last_mut()
                    .filter(|a| a.test && a.result.is_none());
                match attach {
                    Some(last) => {
                        last.result = Some(result.clone());
                        last.failed = !*passed;
                        let command = last.label.clone();
                        self.note_tests(&command, *passed);
                        self.loop_decision()
                            .unwrap_or_else(|| self.budget_decision(step))
                    }
                    None => {
                        if *passed {
                            self.red_tests = None;
                        }
                        self.budget_decision(step)
                    }
                }
            }
            Checked::Message { role, key, label } => {
                if *role == MessageRole::User {
                    return self.budget_decision(step);
                }
                let count = match &mut self.monologue {
                    Some(run) if run.key == *key => {
                        run.count = run.count.saturating_add(1);
                        run.count
                    }
                    _ => {
                        self.monologue = Some(MessageRun {
                            key: key.clone(),
                            label: label.clone(),
                            count: 1,
                        });
                        1
                    }
                };
                if count < self.settings.monologue() {
                    return self.budget_decision(step);
                }
                let said = if label.is_empty() {
                    "an empty message".to_string()
                } else {
                    format!("“{label}”")
                };
                stuck(
                    DecisionCode::LoopMonologue,
                    format!(
                        "Stuck: the agent said the same thing {count} times running with no action between ({said})"
                    ),
                    count,
                )
            }
            Checked::Condensation => {
                let count = self.condensations.unwrap_or(0).saturating_add(1);
                self.condensations = Some(count);
                if count < self.settings.condensation() {
                    return self.budget_decision(step);
                }
                stuck(
                    DecisionCode::LoopCondensation,
                    format!(
                        "Stuck: the context was condensed {count} times running with no action between"
                    ),
                    count,
                )
            }
        }
    }

    /// A test command's outcome: red until a patch is applied, or cleared by a pass.
    fn note_tests(&mut self, command: &str, passed: bool) {
        self.red_tests = (!passed).then(|| RedTestRun {
            command: command.to_string(),
            event: self.events,
        });
    }

    /// A red test run asked for again with nothing patched since: its result would not change.
    fn skip_unchanged(&mut self, red: &RedTestRun) -> GovernorDecision {
        self.skipped = self.skipped.saturating_add(1);
        let mut reason = format!(
            "Test run skipped ({} profile): `{}` failed at event ",
            self.settings.profile.as_str(),
            red.command
        );
        push_count(&mut reason, red.event);
        reason.push_str(" and no patch has been applied since; its result stands");
        decision(
            DecisionKind::Skip,
            DecisionCode::TestsUnchanged,
            RunStatus::Running,
            reason,
        )
    }

    /// Steps get counters when they have limits (from the start) or while there is room.
    fn track_step(&mut self, step: Option<&str>) {
        if let Some(s) = step {
            if self.steps.len() < MAX_STEPS && !self.steps.iter().any(|u| u.step == s) {
                self.steps.push(StepUse {
                    step: s.to_string(),
                    used: BudgetUse::default(),
                });
            }
        }
    }

    fn step_use(&mut self, step: Option<&str>) -> Option<&mut BudgetUse> {
        let s = step?;
        self.steps
            .iter_mut()
            .find(|u| u.step == s)
            .map(|u| &mut u.used)
    }

    /// The budgets `need` would take past their limits: the step's first, then the run's.
    fn overruns(&self, step: Option<&str>, need: Need) -> Vec<Overrun> {
        let mut out = Vec::new();
        let mut check = |owner: Option<&str>, limits: &BudgetLimits, used: &BudgetUse| {
            for b in [Budget::Commands, Budget::Tests, Budget::Web] {
                let n = need.of(b);
                if n == 0 {
                    continue;
                }
                if let Some(limit) = b.limit(limits) {
                    if b.used(used).saturating_add(n) > limit {
                        out.push((owner.map(str::to_string), b));
                    }
                }
            }
        };
        if let Some(s) = step {
            if let Some(limits) = self.settings.step_limits(s) {
                let used = self
                    .steps
                    .iter()
                    .find(|u| u.step == s)
                    .map(|u| u.used)
                    .unwrap_or_default();
                check(Some(s), limits, &used);
            }
        }
        check(None, &self.settings.limits, &self.used);
        out
    }

    fn take(&mut self, step: Option<&str>, need: Need) {
        for b in [Budget::Commands, Budget::Tests, Budget::Web] {
            b.add(&mut self.used, need.of(b));
            if let Some(u) = self.step_use(step) {
                b.add(u, need.of(b));
            }
        }
    }

    fn count_command(&mut self, command: &str, test: bool) {
        let at = self.events;
        if let Some(c) = self.commands.iter_mut().find(|c| c.command == command) {
            c.count = c.count.saturating_add(1);
            c.last = at;
            return;
        }
        if self.commands.len() >= MAX_COMMANDS {
            // The least issued goes, the least recent of those: the top ones stay.
            let evict = self
                .commands
                .iter()
                .enumerate()
                .min_by_key(|(_, c)| (c.count, c.last))
                .map(|(i, _)| i);
            if let Some(i) = evict {
                let gone = self.commands.remove(i);
                self.other_commands = self.other_commands.saturating_add(gone.count);
            }
        }
        self.commands.push(CommandCount {
            command: command.to_string(),
            count: 1,
            test,
            last: at,
        });
    }

    fn remember(&mut self, action: RecentAction) {
        let window = self.settings.window();
        if self.recent.len() >= window {
            let extra = self.recent.len().saturating_sub(window.saturating_sub(1));
            self.recent.drain(..extra);
        }
        self.recent.push(action);
    }

    /// The loop detectors, most specific first (after OpenHands' stuck detector).
    fn loop_decision(&self) -> Option<GovernorDecision> {
        let s = &self.settings;
        let tail = |n: usize| {
            self.recent
                .len()
                .checked_sub(n)
                .and_then(|from| self.recent.get(from..))
        };
        let same = |a: &RecentAction, b: &RecentAction| a.key == b.key && a.result == b.result;
        let stuck = |code, reason: String, n: usize| Some(stuck(code, reason, n));
        if let Some(t) = tail(s.same_error) {
            if let Some(first) = t.first() {
                if first.failed
                    && first.result.is_some()
                    && t.iter().all(|a| a.failed && same(a, first))
                {
                    return stuck(
                        DecisionCode::LoopError,
                        format!(
                            "Stuck: `{}` failed with the same error {} times running",
                            first.label, s.same_error
                        ),
                        s.same_error,
                    );
                }
            }
        }
        if let Some(t) = tail(s.same_error) {
            if let Some(first) = t.first() {
                if t.iter().all(|a| a.failed && a.key == first.key) {
                    return stuck(
                        DecisionCode::LoopFailure,
                        format!(
                            "Stuck: `{}` failed {} times running (the errors differ)",
                            first.label, s.same_error
                        ),
                        s.same_error,
                    );
                }
            }
        }
        if let Some(t) = tail(s.same_result) {
            if let Some(first) = t.first() {
                if t.iter().all(|a| same(a, first)) {
                    return stuck(
                        DecisionCode::LoopRepeat,
                        format!(
                            "Stuck: `{}` repeated {} times running with the same result",
                            first.label, s.same_result
                        ),
                        s.same_result,
                    );
                }
            }
        }
        if let Some(t) = tail(s.alternation) {
            if let (Some(a), Some(b)) = (t.first(), t.get(1)) {
                let alternates = t
                    .iter()
                    .enumerate()
                    .all(|(i, x)| same(x, if i % 2 == 0 { a } else { b }));
                if alternates && !same(a, b) {
                    return stuck(
                        DecisionCode::LoopAlternation,
                        format!(
                            "Stuck: alternating between `{}` and `{}` over the last {} steps",
                            a.label, b.label, s.alternation
                        ),
                        s.alternation,
                    );
                }
            }
        }
        None
    }

    /// `warn` when a budget of the run or of the event's step is past the threshold.
    fn budget_decision(&self, step: Option<&str>) -> GovernorDecision {
        let warn_at = self.settings.warn_at;
        let mut past = Vec::new();
        if let Some(s) = step {
            if let (Some(limits), Some(used)) = (
                self.settings.step_limits(s),
                self.steps.iter().find(|u| u.step == s),
            ) {
                for b in BUDGETS {
                    if let Some(limit) = b.limit(limits) {
                        let n = b.used(&used.used);
                        if ratio_past(n, limit, warn_at) {
                            past.push(format!(
                                "{s} {} {n}/{limit} ({}%)",
                                b.name(),
                                percent(n, limit)
                            ));
                        }
                    }
                }
            }
        }
        for b in BUDGETS {
            if let Some(limit) = b.limit(&self.settings.limits) {
                let n = b.used(&self.used);
                if ratio_past(n, limit, warn_at) {
                    past.push(format!("{} {n}/{limit} ({}%)", b.name(), percent(n, limit)));
                }
            }
        }
        if past.is_empty() {
            decision(
                DecisionKind::Continue,
                DecisionCode::Ok,
                RunStatus::Running,
                overall_line(self, "Within budget: "),
            )
        } else {
            decision(
                DecisionKind::Warn,
                DecisionCode::BudgetWarning,
                RunStatus::Running,
                format!("Budget warning: {}", past.join(", ")),
            )
        }
    }

    fn overrun_words(&self, overruns: &[Overrun]) -> String {
        let mut steps = Vec::new();
        for (owner, b) in overruns {
            if let Some(s) = owner {
                let used = self
                    .steps
                    .iter()
                    .find(|u| &u.step == s)
                    .map_or(0, |u| b.used(&u.used));
                let limit = self
                    .settings
                    .step_limits(s)
                    .and_then(|l| b.limit(l))
                    .unwrap_or(0);
                steps.push(format!("{s} {} {used}/{limit}", b.name()));
            }
        }
        if steps.is_empty() {
            overall_line(self, "")
        } else {
            format!("{} (run: {})", steps.join(", "), overall_line(self, ""))
        }
    }

    /// A test command not run: its budget is spent and the profile assumes success.
    fn skip(&mut self, overruns: &[Overrun]) -> GovernorDecision {
        self.skipped = self.skipped.saturating_add(1);
        self.last_tests = TestOutcome::AssumedPassed;
        decision(
            DecisionKind::Skip,
            DecisionCode::TestsSkipped,
            RunStatus::Running,
            format!(
                "Test run skipped, assumed passed ({} profile): {}",
                self.settings.profile.as_str(),
                self.overrun_words(overruns)
            ),
        )
    }

    /// The terminal decision: stop when the work is known good, escalate otherwise.
    fn end(&mut self, overruns: &[Overrun]) -> GovernorDecision {
        let strict = self.settings.profile == super::config::RunProfile::Strict;
        let (good, why) = match self.last_tests {
            TestOutcome::Passed => (true, "the last tests passed"),
            TestOutcome::AssumedPassed => (true, "the last tests were skipped, assumed passed"),
            _ if !strict && self.functional == Some(true) => (true, "the functional checks passed"),
            TestOutcome::Failed => (false, "the last tests failed"),
            TestOutcome::None => (false, "no tests have passed"),
        };
        let (kind, status, then) = if good {
            (
                DecisionKind::Stop,
                RunStatus::DonePartial,
                "finish with partial success",
            )
        } else {
            (
                DecisionKind::Escalate,
                RunStatus::AbortedConstraint,
                "escalate",
            )
        };
        let d = decision(
            kind,
            DecisionCode::BudgetExhausted,
            status,
            format!(
                "Budget exhausted: {}; {why}: {then}",
                self.overrun_words(overruns)
            ),
        );
        self.status = status;
        self.refused = self.refused.saturating_add(1);
        self.outcome = Some(d.clone());
        d
    }

    fn patch(
        &mut self,
        step: Option<&str>,
        file: &str,
        fingerprint: &str,
        change: &str,
        preview: &str,
    ) -> GovernorDecision {
        let at = self.events;
        self.used.patches = self.used.patches.saturating_add(1);
        if let Some(u) = self.step_use(step) {
            u.patches = u.patches.saturating_add(1);
        }
        let count = match self
            .patches
            .iter_mut()
            .find(|p| p.fingerprint == fingerprint)
        {
            Some(p) => {
                p.count = p.count.saturating_add(1);
                p.last = at;
                p.count
            }
            None => {
                let seen = PatchSeen {
                    fingerprint: fingerprint.to_string(),
                    file: file.to_string(),
                    count: 1,
                    last: at,
                };
                // Full: the least recently attempted gives its place (no shifting of the table).
                let evict = (self.patches.len() >= MAX_PATCHES)
                    .then(|| self.patches.iter_mut().min_by_key(|p| p.last))
                    .flatten();
                match evict {
                    Some(slot) => *slot = seen,
                    None => self.patches.push(seen),
                }
                1
            }
        };
        if count >= self.settings.patch_repeats {
            let room = self.refused_patches.len() < MAX_REFUSED_PATCHES;
            match self
                .refused_patches
                .iter_mut()
                .find(|p| p.fingerprint == fingerprint)
            {
                Some(p) => {
                    p.count = count;
                    p.last = at;
                }
                None if room => {
                    self.refused_patches.push(PatchSeen {
                        fingerprint: fingerprint.to_string(),
                        file: file.to_string(),
                        count,
                        last: at,
                    });
                }
                None => {}
            }
            let mut d = decision(
                DecisionKind::Stuck,
                DecisionCode::StuckPatch,
                RunStatus::Running,
                format!(
                    "Stuck: the same patch to {file} attempted {count} times (fingerprint {fingerprint}); try another change"
                ),
            );
            d.file = Some(file.to_string());
            d.count = Some(count);
            return d;
        }
        self.red_tests = None;
        self.add_family(DuplicateKind::Patch, change.to_string(), preview, file);
        self.remember(RecentAction {
            key: fingerprint.to_string(),
            result: None,
            failed: false,
            test: false,
            label: file.to_string(),
        });
        self.loop_decision()
            .unwrap_or_else(|| self.budget_decision(step))
    }

    fn add_errors(&mut self, errors: &[(String, String)]) {
        for (file, family) in errors {
            let mut h = super::normalize::Fnv::default();
            h.part("error");
            h.part(family);
            let key = h.hex();
            self.add_family(DuplicateKind::Error, key, family, file);
        }
    }

    fn add_family(&mut self, kind: DuplicateKind, key: String, text: &str, file: &str) {
        if let Some(f) = self.families.iter_mut().find(|f| f.key == key) {
            f.count = f.count.saturating_add(1);
            if f.files.len() < MAX_FAMILY_FILES && !f.files.iter().any(|x| x == file) {
                f.files.push(file.to_string());
            }
            return;
        }
        if self.families.len() >= MAX_FAMILIES {
            // A family of one file suggests nothing yet: the oldest such goes; else the new one.
            match self.families.iter().position(|f| f.files.len() < 2) {
                Some(i) => {
                    self.families.remove(i);
                }
                None => return,
            }
        }
        self.families.push(DuplicateGroup {
            kind,
            key,
            family: text.to_string(),
            files: vec![file.to_string()],
            count: 1,
        });
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_are_written_in_decimal() {
        for n in [0usize, 7, 10, 60, 1234, usize::MAX] {
            let mut out = String::new();
            super::push_count(&mut out, n);
            assert_eq!(out, n.to_string());
        }
    }
}
