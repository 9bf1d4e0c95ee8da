//! The exact tokenizer's exports: counts, token ids and text back. The `ctxpack/tokenizer` entry
//! (feature `tokenizer`) has `o200k_base` and `cl100k_base`; `ctxpack/tokenizer/o200k` and
//! `ctxpack/tokenizer/cl100k` (features `tokenizer-o200k`, `tokenizer-cl100k`) one each, count in
//! it when no vocabulary is given and refuse the other (`INVALID_INPUT` at `/vocabulary`). Thin
//! shells over `crate::tokenizer`.

use super::{bind, error, host, optional_arg, JsArgs, JsResult};
use crate::exports::Args;
use crate::tokenizer::{check_token_ids, token_id, Exact};
use crate::tokens::Vocabulary;
use crate::{Limits, Result};
use wasm_bindgen::prelude::*;

crate::exports::tokenizer::table!(bind);

fn count_tokens(a: &mut JsArgs<'_>) -> JsResult {
    (|| {
        let text = a.string(0, "/text", "the text")?;
        let exact = exact(a.raw(1), &a.limits)?;
        #[allow(clippy::cast_precision_loss)] // a count below 2^53
        Ok(JsValue::from_f64(exact.try_count(&text)? as f64))
    })()
    .map_err(error::to_js)
}

fn encode_tokens(a: &mut JsArgs<'_>) -> JsResult {
    (|| {
        let text = a.string(0, "/text", "the text")?;
        let exact = exact(a.raw(1), &a.limits)?;
        Ok(js_sys::Uint32Array::from(exact.encode(&text)?.as_slice()).into())
    })()
    .map_err(error::to_js)
}

fn decode_tokens(a: &mut JsArgs<'_>) -> JsResult {
    (|| {
        let exact = exact(a.raw(1), &a.limits)?;
        let tokens = a.raw(0).cloned().unwrap_or(JsValue::UNDEFINED);
        Ok(JsValue::from_str(
            &exact.decode(&token_ids(&tokens, &a.limits)?)?,
        ))
    })()
    .map_err(error::to_js)
}

/// The counter of the vocabulary asked for, or of the entry's own when none is (`null` and
/// `undefined` included).
fn exact(vocabulary: Option<&JsValue>, limits: &Limits) -> Result<Exact> {
    let given = vocabulary.filter(|v| !v.is_null() && !v.is_undefined());
    Ok(match given {
        None => Exact::default(),
        Some(v) => Exact::new(optional_arg::<Vocabulary>(Some(v), "/vocabulary", limits)?),
    })
}

/// Token ids from a `Uint32Array`, or from an array whose every element is a whole number in
/// `0..2^32` (anything else is refused, not coerced). At most `maxTextLength` of them: each id
/// stands for at least one character.
fn token_ids(v: &JsValue, limits: &Limits) -> Result<Vec<u32>> {
    if let Some(typed) = v.dyn_ref::<js_sys::Uint32Array>() {
        check_token_ids(typed.length() as usize, limits)?;
        return Ok(typed.to_vec());
    }
    if !host::is_array(v, "/tokens")? {
        return Err(crate::json::read::wrong_kind(
            "a Uint32Array or an array of token ids",
            host::kind(v),
            "/tokens",
        ));
    }
    let len = host::array_len(v, "/tokens")?;
    check_token_ids(len, limits)?;
    (0..len)
        .map(|i| {
            let path = format!("/tokens/{i}");
            token_id(host::element(v, i, &path)?.as_f64(), &path)
        })
        .collect()
}
