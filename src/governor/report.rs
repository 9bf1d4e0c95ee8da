//! The run report: what the run spent, what it repeated, what was refused, how it ended — as
//! a JSON result and as Markdown for a run log.

use super::run::{Budget, BUDGETS};
use super::state::{DuplicateKind, GovernorState, PatchSeen, RunStatus};
use crate::shape::Shape;

/// One budget's use.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct BudgetReport {
    /// `commands`, `tests`, `web` or `tokens`.
    #[shape(intern)]
    pub budget: String,
    pub used: usize,
    /// `null`: no limit.
    pub limit: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct StepReport {
    pub step: String,
    pub budgets: Vec<BudgetReport>,
    pub patches: usize,
}

#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct CommandReport {
    pub command: String,
    pub count: usize,
    pub test: bool,
}

#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct RefusedPatch {
    pub file: String,
    pub fingerprint: String,
    /// Attempts of this patch.
    pub count: usize,
}

/// Near-duplicates to handle in one go.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct GroupingSuggestion {
    pub kind: DuplicateKind,
    pub family: String,
    pub files: Vec<String>,
    pub count: usize,
    /// In words, for a prompt.
    pub suggestion: String,
}

/// What a run spent and how it ended.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct GovernorReport {
    pub status: RunStatus,
    pub reason: String,
    pub events: usize,
    pub budgets: Vec<BudgetReport>,
    pub steps: Vec<StepReport>,
    pub patches: usize,
    pub refused: usize,
    pub skipped: usize,
    /// The most issued commands (at most 10), most first; ties by first issued.
    pub top_commands: Vec<CommandReport>,
    pub refused_patches: Vec<RefusedPatch>,
    pub suggestions: Vec<GroupingSuggestion>,
}

/// The longest list of top commands.
pub(super) const TOP_COMMANDS: usize = 10;

fn lines(
    used: &super::state::BudgetUse,
    limits: &super::config::BudgetLimits,
) -> Vec<BudgetReport> {
    BUDGETS
        .iter()
        .filter(|b| b.limit(limits).is_some() || b.used(used) > 0 || **b != Budget::Tokens)
        .map(|b| BudgetReport {
            budget: b.name().to_string(),
            used: b.used(used),
            limit: b.limit(limits),
        })
        .collect()
}

impl GovernorState {
    pub fn report(&self) -> GovernorReport {
        let reason = match &self.outcome {
            Some(d) => d.reason.clone(),
            None => "Running".to_string(),
        };
        let no_limits = super::config::BudgetLimits::default();
        let steps = self
            .steps
            .iter()
            .map(|s| StepReport {
                step: s.step.clone(),
                budgets: lines(
                    &s.used,
                    self.settings.step_limits(&s.step).unwrap_or(&no_limits),
                ),
                patches: s.used.patches,
            })
            .collect();
        // The top ones by picking (at most 10 of 64): no sort routine compiled into the wasm
        // for this one list. Equal counts keep the order first issued.
        let mut taken = vec![false; self.commands.len()];
        let mut top_commands = Vec::new();
        while top_commands.len() < TOP_COMMANDS {
            let best = self
                .commands
                .iter()
                .zip(&taken)
                .enumerate()
                .filter(|(_, (_, t))| !**t)
                .fold(
                    None,
                    |best: Option<(usize, usize)>, (i, (c, _))| match best {
                        Some((_, count)) if count >= c.count => best,
                        _ => Some((i, c.count)),
                    },
                );
            let Some((i, _)) = best else { break };
            let (Some(t), Some(c)) = (taken.get_mut(i), self.commands.get(i)) else {
                break;
            };
            *t = true;
            top_commands.push(CommandReport {
                command: c.command.clone(),
                count: c.count,
                test: c.test,
            });
        }
        let refused_patches = self
            .refused_patches
            .iter()
            .map(|p: &PatchSeen| RefusedPatch {
                file: p.file.clone(),
                fingerprint: p.fingerprint.clone(),
                count: p.count,
            })
            .collect();
        let suggestions = self
            .families
            .iter()
            .filter(|f| f.files.len() >= 2)
            .map(|f| GroupingSuggestion {
                kind: f.kind,
                family: f.family.clone(),
                files: f.files.clone(),
                count: f.count,
                suggestion: match f.kind {
                    DuplicateKind::Error => format!(
                        "The same error hits {} files ({}): fix all of them in one patch.",
                        f.files.len(),
                        f.files.join(", ")
                    ),
                    DuplicateKind::Patch => format!(
                        "The same change was patched into {} files one by one ({}): group them in one patch.",
                        f.files.len(),
                        f.files.join(", ")
                    ),
                },
            })
            .collect();
        GovernorReport {
            status: self.status,
            reason,
            events: self.events,
            budgets: lines(&self.used, &self.settings.limits),
            steps,
            patches: self.used.patches,
            refused: self.refused,
            skipped: self.skipped,
            top_commands,
            refused_patches,
            suggestions,
        }
    }
}

/// `text` as a Markdown code span, whatever backticks it holds.
fn code(text: &str) -> String {
    let mut longest = 0usize;
    let mut run = 0usize;
    for c in text.chars() {
        run = if c == '`' { run.saturating_add(1) } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest.saturating_add(1));
    let pad = if text.starts_with('`') || text.ends_with('`') || longest > 0 {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{text}{pad}{fence}")
}

fn label(budget: &str) -> &'static str {
    match budget {
        "commands" => "Commands",
        "tests" => "Test runs",
        "web" => "Web requests",
        _ => "Tokens",
    }
}

fn used_of(b: &BudgetReport) -> String {
    match b.limit {
        Some(limit) => format!("{} / {limit}", b.used),
        None => format!("{} (no limit)", b.used),
    }
}

impl GovernorReport {
    /// The report as Markdown, for a run log.
    pub fn markdown(&self) -> String {
        let mut out = String::from("# Run report\n\n## Status\n");
        out.push_str(&format!(
            "- Status: {}\n- Reason: {}\n- Events: {}, patches: {}, refused: {}, skipped test runs: {}\n",
            self.status.as_str(),
            self.reason,
            self.events,
            self.patches,
            self.refused,
            self.skipped
        ));
        out.push_str("\n## Budgets\n");
        for b in &self.budgets {
            out.push_str(&format!("- {}: {}\n", label(&b.budget), used_of(b)));
        }
        for s in &self.steps {
            let parts: Vec<String> = s
                .budgets
                .iter()
                .map(|b| match b.limit {
                    Some(limit) => format!("{} {} / {limit}", b.budget, b.used),
                    None => format!("{} {}", b.budget, b.used),
                })
                .collect();
            out.push_str(&format!("- Step {}: {}\n", code(&s.step), parts.join(", ")));
        }
        out.push_str("\n## Top repeated commands\n");
        if self.top_commands.is_empty() {
            out.push_str("None.\n");
        }
        for c in &self.top_commands {
            let test = if c.test { " (test run)" } else { "" };
            out.push_str(&format!("- {} × {}{test}\n", code(&c.command), c.count));
        }
        out.push_str("\n## Refused patches\n");
        if self.refused_patches.is_empty() {
            out.push_str("None.\n");
        }
        for p in &self.refused_patches {
            out.push_str(&format!(
                "- {}: the same patch attempted {} times (fingerprint {})\n",
                code(&p.file),
                p.count,
                p.fingerprint
            ));
        }
        out.push_str("\n## Suggestions\n");
        if self.suggestions.is_empty() {
            out.push_str("None.\n");
        }
        for s in &self.suggestions {
            out.push_str(&format!("- {} — {}\n", code(&s.family), s.suggestion));
        }
        out
    }
}
