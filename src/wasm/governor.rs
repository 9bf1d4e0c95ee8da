//! The run governor's exports (npm entry `ctxpack/governor`, feature `governor`).

use super::{done, error, host, limits_from, optional_arg, value_arg, JsResult};
use crate::governor::{step, Governor, GovernorConfig, GovernorEvent, GovernorState};
use crate::json::Value;
use crate::shape::Input;
use crate::{Limits, Result};
use wasm_bindgen::prelude::*;

/// A state as the core's value: an object, or its JSON text (parsed by the core) —
/// `undefined` as `null`, which the reader refuses by name.
fn value_of(v: &JsValue, path: &str, limits: &Limits) -> Result<Value> {
    if let Some(text) = host::string_within(v, limits, path, "the JSON text")? {
        return crate::json::parse(&text, limits).map_err(|e| e.into_error(path));
    }
    value_arg(v, path, limits)
}

/// An event: an object, or its JSON text (a line of a JSON-lines log pushed as it is). A flat
/// event (every event but one with `errors`) is read from its JSON text without building the
/// JSON value (`GovernorEvent::from_flat_json`, which takes what the exact reader takes); an
/// object crosses as that text too (`host::flat_value`). Anything else, and every fault, goes
/// through the value and the exact reader, as before.
fn event_of(v: &JsValue, path: &str, limits: &Limits) -> Result<GovernorEvent> {
    let text = match host::string_within(v, limits, path, "the JSON text")? {
        Some(text) => text,
        None => match host::flat_value(v, path, limits)? {
            Some(host::Crossed::Json(text)) => text,
            Some(host::Crossed::Value(value)) => return GovernorEvent::read(&value, path),
            None => return GovernorEvent::read(&Value::Null, path),
        },
    };
    if let Some(event) = GovernorEvent::from_flat_json(&text, limits.max_depth) {
        return Ok(event);
    }
    let value = crate::json::parse(&text, limits).map_err(|e| e.into_error(path))?;
    GovernorEvent::read(&value, path)
}

/// One event applied to a persisted state: `{state, decision}`. The state passed in is only
/// read (a malformed event throws and changes nothing). Each call carries the whole state
/// across; a `RunGovernor` keeps it in wasm instead.
#[wasm_bindgen(js_name = governorStep, unchecked_return_type = "GovernorStep")]
pub fn governor_step(
    #[wasm_bindgen(unchecked_param_type = "GovernorState | string")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "GovernorEvent | string")] event: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
) -> JsResult {
    done((|| {
        let limits = limits_from(options)?;
        let state = GovernorState::read(&value_of(&state, "/state", &limits)?, "/state")?;
        let event = event_of(&event, "/event", &limits)?;
        step(&state, &event)
    })())
}

/// A run's state held in wasm: events applied in place, the state read out on demand. The
/// package wraps this class (glue.js's `guarded`) like `ContextAssembler`.
#[wasm_bindgen(js_name = RunGovernor)]
pub struct RunGovernor {
    core: Governor,
    limits: Limits,
}

#[wasm_bindgen(js_class = RunGovernor)]
impl RunGovernor {
    /// A run governed by `config` (`strict` × `normal` if omitted). Errors point into it.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "GovernorConfig | null")] config: Option<
            JsValue,
        >,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<
            JsValue,
        >,
    ) -> std::result::Result<RunGovernor, JsValue> {
        (|| {
            let limits = limits_from(options)?;
            let config: GovernorConfig = optional_arg(config.as_ref(), "", &limits)?;
            Ok(RunGovernor {
                core: Governor::new(&config)?,
                limits,
            })
        })()
        .map_err(error::to_js)
    }

    /// A run going on from a state `state()` returned, or its JSON text.
    #[wasm_bindgen(js_name = fromState)]
    pub fn from_state(
        #[wasm_bindgen(unchecked_param_type = "GovernorState | string")] state: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<
            JsValue,
        >,
    ) -> std::result::Result<RunGovernor, JsValue> {
        (|| {
            let limits = limits_from(options)?;
            let state = GovernorState::from_value(&value_of(&state, "", &limits)?, "")?;
            Ok(RunGovernor {
                core: Governor::from_state(state)?,
                limits,
            })
        })()
        .map_err(error::to_js)
    }

    /// Counts `event` (an object, or its JSON text) and decides. A malformed event throws and
    /// changes nothing.
    #[wasm_bindgen(unchecked_return_type = "GovernorDecision")]
    pub fn push(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "GovernorEvent | string")] event: JsValue,
    ) -> JsResult {
        done((|| {
            let event = event_of(&event, "", &self.limits)?;
            self.core.push(&event)
        })())
    }

    /// The state, to persist (`JSON.stringify` writes what the core writes).
    #[wasm_bindgen(unchecked_return_type = "GovernorState")]
    pub fn state(&self) -> JsResult {
        done(Ok(self.core.state().clone()))
    }

    #[wasm_bindgen(unchecked_return_type = "GovernorReport")]
    pub fn report(&self) -> JsResult {
        done(Ok(self.core.report()))
    }

    /// The report as Markdown (`## Budgets`, top repeated commands, refused patches, status).
    #[wasm_bindgen(js_name = reportMarkdown)]
    pub fn report_markdown(&self) -> String {
        self.core.report_markdown()
    }
}
