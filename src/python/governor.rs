//! The run governor (`ctxpack/governor` in JavaScript).

use super::{convert, done, limits_from, optional_arg};
use crate::governor::{step, Governor, GovernorConfig, GovernorEvent, GovernorState};
use crate::shape::Input;
use crate::{Limits, Result};
use pyo3::prelude::*;

/// An event: a value, or its JSON text (a line of a JSON-lines log pushed as it is); a flat
/// event's text is read without building the value, as in JavaScript.
fn event_of(v: &Bound<'_, PyAny>, path: &str, limits: &Limits) -> Result<GovernorEvent> {
    if let Some(text) = convert::text(v, path, limits, "the JSON text")? {
        if let Some(event) = GovernorEvent::from_flat_json(&text, limits.max_depth) {
            return Ok(event);
        }
        let value = crate::json::parse(&text, limits).map_err(|e| e.into_error(path))?;
        return GovernorEvent::read(&value, path);
    }
    GovernorEvent::read(&convert::value(v, path, limits)?, path)
}

/// One event applied to a persisted state: `{state, decision}`; the state passed in is only
/// read.
#[pyfunction]
#[pyo3(signature = (state, event, options = None))]
fn governor_step(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    event: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let r = limits_from(options).and_then(|limits| {
        let state = GovernorState::read(
            &convert::value_or_text(state, "/state", &limits, "the JSON text")?,
            "/state",
        )?;
        let event = event_of(event, "/event", &limits)?;
        step(&state, &event)
    });
    done(py, r)
}

/// A run's state held in Rust: events applied in place, the state read out on demand.
#[pyclass(name = "RunGovernor", module = "ctxpack._ctxpack")]
struct RunGovernor {
    core: Governor,
    limits: Limits,
}

#[pymethods]
impl RunGovernor {
    /// A run governed by `config` (`strict` × `normal` if omitted).
    #[new]
    #[pyo3(signature = (config = None, options = None))]
    fn new(
        py: Python<'_>,
        config: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        (|| {
            let limits = limits_from(options)?;
            let config: GovernorConfig = optional_arg(config, "", &limits)?;
            Ok(RunGovernor {
                core: Governor::new(&config)?,
                limits,
            })
        })()
        .map_err(|e| convert::raise(py, e))
    }

    /// A run going on from a state `state()` returned, or its JSON text.
    #[staticmethod]
    #[pyo3(signature = (state, options = None))]
    fn from_state(
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
        options: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        (|| {
            let limits = limits_from(options)?;
            let value = convert::value_or_text(state, "", &limits, "the JSON text")?;
            let state = GovernorState::from_value(&value, "")?;
            Ok(RunGovernor {
                core: Governor::from_state(state)?,
                limits,
            })
        })()
        .map_err(|e| convert::raise(py, e))
    }

    /// Counts `event` (a value, or its JSON text) and decides; a malformed event changes
    /// nothing.
    fn push(&mut self, py: Python<'_>, event: &Bound<'_, PyAny>) -> PyResult<String> {
        let r = event_of(event, "", &self.limits).and_then(|e| self.core.push(&e));
        done(py, r)
    }

    /// The state, to persist.
    fn state(&self, py: Python<'_>) -> PyResult<String> {
        done(py, Ok(self.core.state().clone()))
    }

    fn report(&self, py: Python<'_>) -> PyResult<String> {
        done(py, Ok(self.core.report()))
    }

    /// The report as Markdown.
    fn report_markdown(&self) -> String {
        self.core.report_markdown()
    }
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(governor_step, m)?)?;
    m.add_class::<RunGovernor>()?;
    Ok(())
}
