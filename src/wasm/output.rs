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
        given: &JsValue,
    ) -> JsValue;
}

/// `v` as the plain object `JSON.stringify` writes as `v`'s JSON text. `T` must be one of the
/// roots the decoders are generated for (src/declarations.rs); a test checks the list.
pub(super) fn to_js<T: Output + Shape>(v: &T) -> JsValue {
    to_js_given(v, &JsValue::UNDEFINED)
}

/// [`to_js`], with `given` the caller's strings by input position (an array the glue kept while
/// reading the input, every one well-formed) or `undefined`: each [`crate::text::GivenStr`] with
/// a position is then that very string.
pub(super) fn to_js_given<T: Output + Shape>(v: &T, given: &JsValue) -> JsValue {
    let mut e = Encoder::default();
    e.given = !given.is_undefined();
    v.encode(&mut e);
    cross(T::NAME, &e, given)
}

/// The columns to the generated decoder: one copy of this call, not one per result type.
#[inline(never)]
fn cross(root: &str, e: &Encoder<'_>, given: &JsValue) -> JsValue {
    decode(root, &e.text, &e.lengths, &e.nums, &e.codes, &e.refs, given)
}
