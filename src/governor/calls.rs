//! The run governor's exports (npm entry `ctxpack/governor`, feature `governor`): its table and
//! the bodies that read each call's arguments (see `crate::exports`). `RunGovernor`, a class of
//! compiled state, is the binding's own.

use super::{step, GovernorEvent, GovernorState, GovernorStep};
use crate::exports::{declare, Args, Crossed};
use crate::shape::Input;
use crate::{Limits, Result};

macro_rules! table {
    ($then:ident) => {
        $then! {
            feature "governor";
            decoders "/src/wasm/shapes/governor.js";
            budget 159_000;
            calls crate::governor::calls;
            classes [RunGovernor];
            types [GovernorConfig, GovernorDecision, GovernorState, GovernorReport];
            #[doc = " One event applied to a persisted state: `{state, decision}`. The state passed in is only"]
            #[doc = " read (a malformed event throws and changes nothing). Each call carries the whole state"]
            #[doc = " across; a `RunGovernor` keeps it in wasm instead."]
            fn governorStep(state: "GovernorState | string", event: "GovernorEvent | string"; options: "CallOptions | null") -> shape "GovernorStep" = governor_step;
        }
    };
}
// The binding expands it too, in the entries that carry this engine.
#[allow(unused_imports)]
pub(crate) use table;
table!(declare);

pub(crate) fn governor_step(a: &mut impl Args) -> Result<GovernorStep> {
    let state = GovernorState::read(&a.value_or_json(0, "/state")?, "/state")?;
    let event = event_from(a.crossed(1, "/event")?, "/event", a.limits())?;
    step(&state, &event)
}

/// An event: an object, or its JSON text (a line of a JSON-lines log pushed as it is). A flat
/// event (every event but one with `errors`) is read from its JSON text without building the
/// JSON value (`GovernorEvent::from_flat_json`, which takes what the exact reader takes); every
/// other text, and every fault, goes through the value and the exact reader.
pub(crate) fn event_from(crossed: Crossed, path: &str, limits: &Limits) -> Result<GovernorEvent> {
    let text = match crossed {
        Crossed::Json(text) => text,
        Crossed::Value(value) => return GovernorEvent::read(&value, path),
    };
    if let Some(event) = GovernorEvent::from_flat_json(&text, limits.max_depth) {
        return Ok(event);
    }
    let value = crate::json::parse(&text, limits).map_err(|e| e.into_error(path))?;
    GovernorEvent::read(&value, path)
}
