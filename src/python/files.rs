//! Preloaded files, the path rules and prompt sections (`ctxpack/files` in JavaScript). The
//! disk is read by `ctxpack/_files.py`, which calls these as the Node reader calls its own.

use super::{call_options, done, limits_from, read_arg};
use crate::files::{check_paths, PathsInput, PreloadInput};
use crate::sections::SectionsInput;
use pyo3::prelude::*;

/// Inlines the referenced files' contents under a budget; one record per reference.
#[pyfunction]
#[pyo3(signature = (input, options = None))]
fn preload_files(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let r = call_options(options).and_then(|o| {
        let input: PreloadInput = read_arg(input, "", &o.limits)?;
        let limits = o.limits;
        super::counted(
            py,
            o.counter.as_ref(),
            || crate::files::preload(&input, &limits),
            |meter| crate::files::preload_metered(&input, &limits, meter),
        )
    });
    done(py, r)
}

/// The path rules alone: each path normalised, refused or marked as a duplicate.
#[pyfunction]
#[pyo3(name = "check_paths", signature = (input, options = None))]
fn check_paths_export(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let r = limits_from(options).and_then(|limits| {
        let input: PathsInput = read_arg(input, "", &limits)?;
        py.detach(|| check_paths(&input, &limits))
    });
    done(py, r)
}

/// The prompt at the first pass of the degradation plan that fits the budget, or cut to it.
#[pyfunction]
#[pyo3(signature = (input, options = None))]
fn fit_sections(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let r = call_options(options).and_then(|o| {
        let input: SectionsInput = read_arg(input, "", &o.limits)?;
        let limits = o.limits;
        super::counted(
            py,
            o.counter.as_ref(),
            || crate::sections::fit_sections(&input, &limits),
            |meter| crate::sections::fit_sections_metered(&input, &limits, meter),
        )
    });
    done(py, r)
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(preload_files, m)?)?;
    m.add_function(wrap_pyfunction!(check_paths_export, m)?)?;
    m.add_function(wrap_pyfunction!(fit_sections, m)?)?;
    Ok(())
}
