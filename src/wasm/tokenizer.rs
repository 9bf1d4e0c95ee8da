//! The exact tokenizer's exports: counts, token ids and text back. The `ctxpack/tokenizer` entry
//! (feature `tokenizer`) has `o200k_base` and `cl100k_base`; `ctxpack/tokenizer/o200k` and
//! `ctxpack/tokenizer/cl100k` (features `tokenizer-o200k`, `tokenizer-cl100k`) one each, count in
//! it when no vocabulary is given and refuse the other (`INVALID_INPUT` at `/vocabulary`). Thin
//! shells over `crate::tokenizer`.

use super::{error, host, limits_from, optional_arg, text_arg};
use crate::tokenizer::{check_token_ids, token_id, Exact};
use crate::tokens::Vocabulary;
use crate::{Limits, Result};
use wasm_bindgen::prelude::*;

/// The exact number of tokens `text` takes in `vocabulary` (default `"o200k"`; the entry's own in
/// `ctxpack/tokenizer/cl100k`), as OpenAI's tokenizer and `gpt-tokenizer` count it (special
/// tokens as ordinary text), in time near-linear in its length. Throws `TOO_LARGE` for a text
/// over `maxTextLength`, `INVALID_INPUT` for a vocabulary the entry does not carry.
#[wasm_bindgen(js_name = countTokens)]
pub fn count_tokens(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Vocabulary | null")] vocabulary: Option<
        JsValue,
    >,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
) -> std::result::Result<f64, JsValue> {
    (|| {
        let (text, exact) = text_and_vocabulary(&text, vocabulary, options)?;
        #[allow(clippy::cast_precision_loss)] // a count below 2^53
        Ok(exact.try_count(&text)? as f64)
    })()
    .map_err(error::to_js)
}

/// The token ids of `text` in `vocabulary` (default as for `countTokens`).
#[wasm_bindgen(js_name = encodeTokens)]
pub fn encode_tokens(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Vocabulary | null")] vocabulary: Option<
        JsValue,
    >,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
) -> std::result::Result<js_sys::Uint32Array, JsValue> {
    (|| {
        let (text, exact) = text_and_vocabulary(&text, vocabulary, options)?;
        Ok(js_sys::Uint32Array::from(exact.encode(&text)?.as_slice()))
    })()
    .map_err(error::to_js)
}

/// The text of token ids (a `Uint32Array` or an array of whole numbers) in `vocabulary`
/// (default as for `countTokens`); `INVALID_INPUT` for an id outside it or ids that end inside a
/// character.
#[wasm_bindgen(js_name = decodeTokens)]
pub fn decode_tokens(
    #[wasm_bindgen(unchecked_param_type = "Uint32Array | readonly number[]")] tokens: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Vocabulary | null")] vocabulary: Option<
        JsValue,
    >,
    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
) -> std::result::Result<String, JsValue> {
    (|| {
        let limits = limits_from(options)?;
        let exact = exact(vocabulary, &limits)?;
        exact.decode(&token_ids(&tokens, &limits)?)
    })()
    .map_err(error::to_js)
}

fn text_and_vocabulary(
    text: &JsValue,
    vocabulary: Option<JsValue>,
    options: Option<JsValue>,
) -> Result<(String, Exact)> {
    let limits = limits_from(options)?;
    let text = text_arg(text, &limits)?;
    Ok((text, exact(vocabulary, &limits)?))
}

/// The counter of the vocabulary asked for, or of the entry's own when none is (`null` and
/// `undefined` included).
fn exact(vocabulary: Option<JsValue>, limits: &Limits) -> Result<Exact> {
    let given = vocabulary.filter(|v| !v.is_null() && !v.is_undefined());
    Ok(match given {
        None => Exact::default(),
        Some(v) => Exact::new(optional_arg::<Vocabulary>(Some(&v), "/vocabulary", limits)?),
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
