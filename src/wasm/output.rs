//! Results out: each declared output type encoded into columns by its derived `encode`, and
//! built into plain objects by the decoder generated from the same declaration
//! (src/wasm/shapes.js). Nothing about a result's fields is written here.

use crate::shape::{Encoder, Output, Shape};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

#[wasm_bindgen(module = "/src/wasm/shapes.js")]
extern "C" {
    fn decode(
        root: &str,
        text: &str,
        lengths: &[u32],
        nums: &[f64],
        codes: &[u8],
        refs: &[u32],
    ) -> JsValue;
}

/// `v` as the plain object `JSON.stringify` writes as `v`'s JSON text. `T` must be one of the
/// roots the decoders are generated for (src/declarations.rs); a test checks the list.
pub fn to_js<T: Output + Shape>(v: &T) -> JsValue {
    let mut e = Encoder::default();
    v.encode(&mut e);
    decode(T::NAME, &e.text, &e.lengths, &e.nums, &e.codes, &e.refs)
}
