//! Arbitrary bytes as the whole assemble input JSON text, read the way the wasm binding reads
//! it: `JsonInput::parse` → `Profile::from_json` of its profile → `ContextAssembler::new` →
//! `AssembleOptions::from_json_object` → `assemble` (plus `prioritize` and `cap_ordered` over
//! the same input). Checks: no panic; errors with a message and a JSON-pointer path; when it
//! assembles, the cap, text safety, accountability, determinism, and the lazy JSON-text reader
//! agreeing with `OwnedDocs::from_value(&json::parse(.., &ctxpack::Limits::default()), &ctxpack::Limits::default())`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // A host hands over a JS string: invalid UTF-8 cannot reach the core, so map it the way a
    // decoder would rather than waste the input.
    let text = String::from_utf8_lossy(data);
    ctxpack_fuzz::check::check_assemble_text(&text, false);
});
