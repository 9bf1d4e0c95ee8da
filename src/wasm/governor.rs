//! The run governor's exports (npm entry `ctxpack/governor`, feature `governor`): its table's
//! functions (`crate::governor::calls`) and `RunGovernor`, a class of compiled state.

use super::{bind, done, error, limits_from, optional_arg, with_arg, JsResult};
use crate::exports::Args;
use crate::governor::calls::event_from;
use crate::governor::{Governor, GovernorConfig, GovernorEvent, GovernorState};
use crate::json::Value;
use crate::{Limits, Result};
use wasm_bindgen::prelude::*;

crate::governor::calls::table!(bind);

/// A state as the core's value: an object, or its JSON text (parsed by the core).
fn state_of(v: &JsValue, path: &str, limits: &Limits) -> Result<Value> {
    with_arg(v, limits, |a| a.value_or_json(0, path))
}

/// An event as the core reads it (`governor::calls::event_from`): a flat object crosses as
/// its JSON text.
fn event_of(v: &JsValue, path: &str, limits: &Limits) -> Result<GovernorEvent> {
    let crossed = with_arg(v, limits, |a| a.crossed(0, path))?;
    event_from(crossed, path, limits)
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
            let state = GovernorState::from_value(&state_of(&state, "", &limits)?, "")?;
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
        done(
            decode,
            (|| {
                let event = event_of(&event, "", &self.limits)?;
                self.core.push(&event)
            })(),
        )
    }

    /// The state, to persist (`JSON.stringify` writes what the core writes).
    #[wasm_bindgen(unchecked_return_type = "GovernorState")]
    pub fn state(&self) -> JsResult {
        done(decode, Ok(self.core.state().clone()))
    }

    #[wasm_bindgen(unchecked_return_type = "GovernorReport")]
    pub fn report(&self) -> JsResult {
        done(decode, Ok(self.core.report()))
    }

    /// The report as Markdown (`## Budgets`, top repeated commands, refused patches, status).
    #[wasm_bindgen(js_name = reportMarkdown)]
    pub fn report_markdown(&self) -> String {
        self.core.report_markdown()
    }
}
