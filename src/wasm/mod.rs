use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub fn version() -> String {
    crate::VERSION.to_string()
}
