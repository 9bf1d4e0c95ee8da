//! Results out: each declared output type encoded into columns by its derived `encode`, and
//! built into plain objects by the decoder generated from the same declaration
//! (src/wasm/shapes/<engine>.js, imported by the engine's table: `bind!`). Nothing about a
//! result's fields is written here.

use crate::shape::{Encoder, Output, Shape};
use wasm_bindgen::JsValue;

/// An engine's decoder (its `shapes/<feature>.js`): a root's columns to a plain object.
pub(super) type Decode = fn(&str, &str, &[u32], &[f64], &[u8], &[u32], &JsValue) -> JsValue;

/// `v` as the plain object `JSON.stringify` writes as `v`'s JSON text. `T` must be one of the
/// roots the engine's decoders are generated for (src/declarations.rs); a test checks the list.
pub(super) fn to_js<T: Output + Shape>(decode: Decode, v: &T) -> JsValue {
    to_js_given(decode, v, &JsValue::UNDEFINED)
}

/// [`to_js`], with `given` the caller's strings by input position (an array the glue kept while
/// reading the input, every one well-formed) or `undefined`: each [`crate::text::GivenStr`] with
/// a position is then that very string.
pub(super) fn to_js_given<T: Output + Shape>(decode: Decode, v: &T, given: &JsValue) -> JsValue {
    let mut e = Encoder::default();
    e.given = !given.is_undefined();
    v.encode(&mut e);
    cross(decode, T::NAME, &e, given)
}

/// The columns to the generated decoder: one copy of this call, not one per result type.
#[inline(never)]
fn cross(decode: Decode, root: &str, e: &Encoder<'_>, given: &JsValue) -> JsValue {
    decode(root, &e.text, &e.lengths, &e.nums, &e.codes, &e.refs, given)
}
