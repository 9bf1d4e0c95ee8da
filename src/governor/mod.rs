//! The run governor: keeps an agent's commands, test runs, web requests and tokens inside
//! budgets, refuses patches it keeps re-applying, catches loops, and reports what the run spent.
//!
//! A pure state machine — `(state, event) → (state, decision)` — so a host can persist the
//! state between steps as JSON and replay a run: [`step`] is the function, [`Governor`] holds
//! the state for hosts that prefer an object. An event is checked before anything is counted,
//! so a malformed one is an [`Error`](crate::Error) and leaves the state as it was. See
//! docs/GOVERNOR.md.
//!
//! ```
//! use ctxpack::governor::{Governor, GovernorConfig, DecisionKind};
//! use ctxpack::json;
//!
//! let config = GovernorConfig::from_json(r#"{"profile": "fast", "scope": "tiny"}"#).unwrap();
//! let mut run = Governor::new(&config).unwrap();
//! let event = |text: &str| ctxpack::governor::GovernorEvent::from_json(text).unwrap();
//! let d = run.push(&event(r#"{"type": "command", "command": "npm test"}"#)).unwrap();
//! assert_eq!(d.decision, DecisionKind::Continue);
//! assert_eq!(run.state().used.tests, 1);
//! let _ = json::stringify; // the state as JSON: ctxpack::shape::to_json_text(run.state())
//! ```

pub(crate) mod calls;
mod config;
mod event;
pub(crate) mod normalize;
mod report;
mod run;
mod state;
pub(crate) mod volatile;

pub use config::{
    preset, BudgetLimits, GovernorConfig, GovernorSettings, LoopThresholds, RunProfile, StepLimits,
    TaskScope,
};
pub use event::{EventType, GovernorEvent, MessageRole, ReportedError};
pub use report::{
    BudgetReport, CommandReport, GovernorReport, GroupingSuggestion, RefusedPatch, StepReport,
};
pub use state::{
    BudgetUse, CommandCount, DecisionCode, DecisionKind, DuplicateGroup, DuplicateKind,
    GovernorDecision, GovernorState, MessageRun, PatchSeen, RecentAction, RedTestRun, RunStatus,
    StepUse, TestOutcome,
};

use crate::shape::{Input, Shape};
use crate::Result;
use event::Recognisers;

/// What `governorStep` (Rust: `step`) returns: the next state and the decision.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct GovernorStep {
    pub state: GovernorState,
    pub decision: GovernorDecision,
}

/// One event applied to a state: the next state and the decision. `state` is only read, so a
/// malformed event (an `Err`) leaves the caller's state as it was; the state is checked too
/// (it may come from a host).
pub fn step(state: &GovernorState, event: &GovernorEvent) -> Result<GovernorStep> {
    state.check("/state")?;
    let checked = event
        .check(&Recognisers::new(&state.settings))
        .map_err(|e| e.under("/event"))?;
    let mut next = state.clone();
    let decision = next.apply(&checked);
    Ok(GovernorStep {
        state: next,
        decision,
    })
}

/// A run's state with its recognisers built once: events applied in place.
#[derive(Debug, Clone, PartialEq)]
pub struct Governor {
    state: GovernorState,
    recognisers: Recognisers,
}

impl Governor {
    /// A run that has not started, governed by `config`.
    pub fn new(config: &GovernorConfig) -> Result<Self> {
        Ok(Self::start(GovernorState::new(config.resolve()?)))
    }

    /// A run going on from a persisted state (checked).
    pub fn from_state(state: GovernorState) -> Result<Self> {
        state.check("")?;
        Ok(Self::start(state))
    }

    fn start(state: GovernorState) -> Self {
        let recognisers = Recognisers::new(&state.settings);
        Governor { state, recognisers }
    }

    /// Counts `event` and decides. A malformed event is an error and changes nothing: it is
    /// checked in full before the state is borrowed mutably.
    pub fn push(&mut self, event: &GovernorEvent) -> Result<GovernorDecision> {
        let checked = event.check(&self.recognisers)?;
        Ok(self.state.apply(&checked))
    }

    pub fn state(&self) -> &GovernorState {
        &self.state
    }

    pub fn into_state(self) -> GovernorState {
        self.state
    }

    pub fn report(&self) -> GovernorReport {
        self.state.report()
    }

    pub fn report_markdown(&self) -> String {
        self.state.report().markdown()
    }
}

fn parse(text: &str) -> Result<crate::json::Value> {
    crate::json::parse(text, &crate::Limits::default()).map_err(|e| e.into_error(""))
}

impl GovernorConfig {
    /// A config from its JSON text.
    pub fn from_json(text: &str) -> Result<Self> {
        GovernorConfig::read(&parse(text)?, "")
    }
}

impl GovernorEvent {
    /// An event from its JSON text (one line of an event log).
    pub fn from_json(text: &str) -> Result<Self> {
        GovernorEvent::read(&parse(text)?, "")
    }
}

impl GovernorState {
    /// A persisted state from its JSON text, checked.
    pub fn from_json(text: &str) -> Result<Self> {
        GovernorState::from_value(&parse(text)?, "")
    }

    /// The state as JSON text (what `JSON.stringify(governor.state())` writes).
    pub fn to_json(&self) -> String {
        crate::shape::to_json_text(self)
    }
}

#[cfg(test)]
mod tests;
