//! The run governor (`ctxpack/governor` in JavaScript): `governor_step` from its table, and
//! `RunGovernor`, a class of compiled state, which is the binding's own.

use super::{convert, done, limits_from, pybind, PyArgs};
use crate::exports::{Args, Crossed};
use crate::governor::calls::event_from;
use crate::governor::{Governor, GovernorConfig, GovernorState};
use crate::Limits;
use pyo3::prelude::*;

crate::governor::calls::table!(pybind);

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
            let config: GovernorConfig = PyArgs::of(config, &limits).optional(0, "")?;
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
        let limits = &self.limits;
        let r = convert::text(event, "", limits, "the JSON text")
            .and_then(|text| match text {
                Some(text) => Ok(Crossed::Json(text)),
                None => convert::value(event, "", limits).map(Crossed::Value),
            })
            .and_then(|e| event_from(e, "", limits))
            .and_then(|e| self.core.push(&e));
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
    bound::functions(m)?;
    m.add_class::<RunGovernor>()?;
    Ok(())
}
