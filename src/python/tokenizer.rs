//! The exact counts' wheel, `ctxpack-tokenizer` (feature `python-tokenizer`; the npm entry
//! `ctxpack/tokenizer`): its own native module, so the engines' wheel carries no vocabulary.
//! `ctxpack.count_tokens`, `encode_tokens` and `decode_tokens` call it when it is installed
//! (`pip install ctxpack[tokenizer]`).

use super::{convert, limits_from, optional_name};
use crate::tokenizer::{check_token_ids, token_id, Exact};
use crate::tokens::Vocabulary;
use crate::{Limits, Result};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// The counter of the vocabulary asked for (default o200k).
fn exact(vocabulary: Option<&Bound<'_, PyAny>>, limits: &Limits) -> Result<Exact> {
    Ok(match vocabulary.filter(|v| !v.is_none()) {
        None => Exact::default(),
        Some(v) => Exact::new(optional_name::<Vocabulary>(Some(v), "/vocabulary", limits)?),
    })
}

fn text_and_counter(
    text: &Bound<'_, PyAny>,
    vocabulary: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyAny>>,
) -> Result<(String, Exact)> {
    let limits = limits_from(options)?;
    let text = convert::str_arg(text, "/text", &limits, "the text")?;
    Ok((text, exact(vocabulary, &limits)?))
}

/// The exact number of tokens `text` takes in `vocabulary` (special tokens as ordinary text).
#[pyfunction]
#[pyo3(signature = (text, vocabulary = None, options = None))]
fn count_tokens(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    vocabulary: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<usize> {
    text_and_counter(text, vocabulary, options)
        .and_then(|(text, exact)| py.detach(|| exact.try_count(&text)))
        .map_err(|e| convert::raise(py, e))
}

/// The token ids of `text` in `vocabulary`.
#[pyfunction]
#[pyo3(signature = (text, vocabulary = None, options = None))]
fn encode_tokens(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    vocabulary: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<u32>> {
    text_and_counter(text, vocabulary, options)
        .and_then(|(text, exact)| py.detach(|| exact.encode(&text)))
        .map_err(|e| convert::raise(py, e))
}

/// The text of token ids (a list or tuple of whole numbers) in `vocabulary`.
#[pyfunction]
#[pyo3(signature = (tokens, vocabulary = None, options = None))]
fn decode_tokens(
    py: Python<'_>,
    tokens: &Bound<'_, PyAny>,
    vocabulary: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    (|| {
        let limits = limits_from(options)?;
        let exact = exact(vocabulary, &limits)?;
        let ids = token_ids(tokens, &limits)?;
        py.detach(|| exact.decode(&ids))
    })()
    .map_err(|e| convert::raise(py, e))
}

/// Token ids from a list or tuple whose every element is a whole number in `0..2^32`
/// (anything else is refused, not coerced); at most `maxTextLength` of them.
fn token_ids(v: &Bound<'_, PyAny>, limits: &Limits) -> Result<Vec<u32>> {
    let items: Vec<Bound<'_, PyAny>> = if let Ok(l) = v.cast::<PyList>() {
        l.iter().collect()
    } else if let Ok(t) = v.cast::<PyTuple>() {
        t.iter().collect()
    } else {
        return Err(crate::json::read::wrong_kind(
            "a list of token ids",
            &convert::kind(v),
            "/tokens",
        ));
    };
    check_token_ids(items.len(), limits)?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| token_id(convert::number(item), &format!("/tokens/{i}")))
        .collect()
}

#[pymodule]
#[pyo3(name = "_tokenizer")]
fn tokenizer_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(count_tokens, m)?)?;
    m.add_function(wrap_pyfunction!(encode_tokens, m)?)?;
    m.add_function(wrap_pyfunction!(decode_tokens, m)?)?;
    Ok(())
}
