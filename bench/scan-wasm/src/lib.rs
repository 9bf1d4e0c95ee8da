//! The JSON-text scanner alone, in wasm, for bench/scan-wasm/run.mjs: a module with no
//! wasm-bindgen glue that exports `skip` (`Parser::skip_value` over the text) and `split`
//! (`JsonDocs::parse` of a copy of it, which is what `assemble` runs on JSON text once the text
//! is in wasm memory), so that a JavaScript engine times the scan without the crossing.
//!
//! The caller writes the text's UTF-8 at the address `alloc` returns, then calls `load`.

use ctxpack::json::Parser;
use ctxpack::jsondoc::{DocSet, JsonDocs};
use std::sync::Mutex;

static BYTES: Mutex<Vec<u8>> = Mutex::new(Vec::new());
static TEXT: Mutex<String> = Mutex::new(String::new());

/// Room for `len` bytes, for the caller to fill.
#[no_mangle]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    let mut bytes = BYTES.lock().unwrap_or_else(|e| e.into_inner());
    *bytes = vec![0; len];
    bytes.as_mut_ptr()
}

/// Takes the bytes written as the text; false if they are not UTF-8.
#[no_mangle]
pub extern "C" fn load() -> bool {
    let bytes = std::mem::take(&mut *BYTES.lock().unwrap_or_else(|e| e.into_inner()));
    match String::from_utf8(bytes) {
        Ok(text) => {
            *TEXT.lock().unwrap_or_else(|e| e.into_inner()) = text;
            true
        }
        Err(_) => false,
    }
}

fn with_text<T>(f: impl FnOnce(&str) -> T) -> T {
    f(&TEXT.lock().unwrap_or_else(|e| e.into_inner()))
}

/// Where the value that starts the text ends (0 if it is not JSON).
#[no_mangle]
pub extern "C" fn skip() -> usize {
    with_text(|text| Parser::new(text).skip_value(0).map_or(0, |r| r.end))
}

/// The number of documents in the text (0 if it is refused).
#[no_mangle]
pub extern "C" fn split() -> usize {
    with_text(|text| {
        JsonDocs::parse(text.to_owned(), &ctxpack::Limits::default()).map_or(0, |d| d.metas().len())
    })
}

/// Only the copy that `split` makes, to take off its time.
#[no_mangle]
pub extern "C" fn copy() -> usize {
    with_text(|text| text.to_owned().len())
}
