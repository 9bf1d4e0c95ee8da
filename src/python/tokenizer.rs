//! The exact counts' wheel, `ctxpack-tokenizer` (feature `python-tokenizer`; the npm entry
//! `ctxpack/tokenizer`): its own native module, so the engines' wheel carries no vocabulary.
//! `ctxpack.count_tokens`, `encode_tokens` and `decode_tokens` call it when it is installed
//! (`pip install ctxpack[tokenizer]`). The vocabularies are compiled only with this feature, so
//! its table's calls are the binding's own: the functions below that its rows name.

use super::{convert, pybind, PyCall};
use crate::exports::Args;
use crate::tokenizer::{check_token_ids, token_id, Exact};
use crate::tokens::Vocabulary;
use crate::{Limits, Result};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

crate::exports::tokenizer::table!(pybind);

/// The counter of the vocabulary asked for (default o200k).
fn exact(c: &PyCall<'_, '_>) -> Result<Exact> {
    Ok(match c.optional(1) {
        None => Exact::default(),
        Some(_) => Exact::new(c.crossed(1).optional_name::<Vocabulary>(0, "/vocabulary")?),
    })
}

fn text_and_counter(c: &PyCall<'_, '_>) -> Result<(String, Exact)> {
    let text = convert::str_arg(&c.arg(0), "/text", &c.limits, "the text")?;
    Ok((text, exact(c)?))
}

/// The exact number of tokens `text` takes in `vocabulary` (special tokens as ordinary text).
fn count_tokens(c: &PyCall<'_, '_>) -> Result<usize> {
    let (text, exact) = text_and_counter(c)?;
    c.py.detach(|| exact.try_count(&text))
}

/// The token ids of `text` in `vocabulary`.
fn encode_tokens(c: &PyCall<'_, '_>) -> Result<Vec<u32>> {
    let (text, exact) = text_and_counter(c)?;
    c.py.detach(|| exact.encode(&text))
}

/// The text of token ids (a list or tuple of whole numbers) in `vocabulary`.
fn decode_tokens(c: &PyCall<'_, '_>) -> Result<String> {
    let exact = exact(c)?;
    let ids = token_ids(&c.arg(0), &c.limits)?;
    c.py.detach(|| exact.decode(&ids))
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
    bound::functions(m)
}
