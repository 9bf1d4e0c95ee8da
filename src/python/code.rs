//! The code registry's functions (`ctxpack/code` in JavaScript).

use super::{call_options, convert, done, limits_from, optional_arg};
use crate::code::{self, ModuleRegistry, RegistryOptions};
use pyo3::prelude::*;

/// The classes `content` defines, judged by `path`'s extension.
#[pyfunction]
#[pyo3(signature = (path, content, options = None))]
fn extract_classes(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    content: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let r = limits_from(options).and_then(|limits| {
        let path = convert::str_arg(path, "/path", &limits, "the path")?;
        let content = convert::str_arg(content, "/content", &limits, "the content")?;
        Ok(py.detach(|| code::extract_classes(&path, &content)))
    });
    done(py, r)
}

/// The registry block: every listed class with its import line and source, under budgets.
#[pyfunction]
#[pyo3(signature = (registry, files, options = None, call = None))]
fn format_module_registry(
    py: Python<'_>,
    registry: &Bound<'_, PyAny>,
    files: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    call: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let r = call_options(call).and_then(|o| {
        let limits = o.limits;
        let registry: ModuleRegistry = optional_arg(Some(registry), "/registry", &limits)?;
        let files = code::registry::source_files_from_value(
            &convert::value(files, "/files", &limits)?,
            "/files",
        )?;
        let options: RegistryOptions = optional_arg(options, "/options", &limits)?;
        super::counted(
            py,
            o.counter.as_ref(),
            || Ok(code::format_module_registry(&registry, &files, &options)),
            |meter| code::format_module_registry_metered(&registry, &files, &options, meter),
        )
    });
    done(py, r)
}

/// The classes defined in created and modified files (`None` content: missing), per path.
#[pyfunction]
#[pyo3(signature = (created, modified = None, call = None))]
fn track_outputs(
    py: Python<'_>,
    created: &Bound<'_, PyAny>,
    modified: Option<&Bound<'_, PyAny>>,
    call: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let r = limits_from(call).and_then(|limits| {
        let created = code::outputs::files_from_value(
            &convert::value(created, "/created", &limits)?,
            "/created",
            false,
        )?;
        let created: Vec<(String, String)> = created
            .into_iter()
            .map(|(p, c)| (p, c.unwrap_or_default()))
            .collect();
        let modified = match modified {
            Some(m) => code::outputs::files_from_value(
                &convert::value(m, "/modified", &limits)?,
                "/modified",
                true,
            )?,
            None => Vec::new(),
        };
        Ok(py.detach(|| code::track_outputs(&created, &modified)))
    });
    done(py, r)
}

/// The paths an LLM response says it modified, in first-seen order.
#[pyfunction]
#[pyo3(signature = (response, call = None))]
fn parse_modified_files(
    py: Python<'_>,
    response: &Bound<'_, PyAny>,
    call: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let r = limits_from(call).and_then(|limits| {
        let text = convert::str_arg(response, "/responseText", &limits, "the response")?;
        Ok(py.detach(|| code::parse_modified_files(&text)))
    });
    done(py, r)
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(extract_classes, m)?)?;
    m.add_function(wrap_pyfunction!(format_module_registry, m)?)?;
    m.add_function(wrap_pyfunction!(track_outputs, m)?)?;
    m.add_function(wrap_pyfunction!(parse_modified_files, m)?)?;
    Ok(())
}
