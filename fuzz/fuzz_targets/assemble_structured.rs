//! A structured project built with `arbitrary` (documents with ids and types from small
//! alphabets, bodies with emoji, CJK, control characters, lone surrogates and deep nesting, a
//! profile with random weights, trim, budget, cap and render, a request), written as JSON text
//! and fed to the same path as `assemble_json_input`. Reaches ranking, the trim ladder, the
//! cap strategies and rendering, which raw bytes rarely reach.
//!
//! On top of the checks of `assemble_json_input`: the input has no duplicate keys, so every
//! error path must name a value of the input; and the input text and its canonical form
//! (`json::stringify(json::parse_body(text, …))`: no indentation, unpaired surrogates in string
//! values kept as escapes, in keys as U+FFFD) must give the same result (docs/PROFILE.md: a
//! document body keeps them, every other string reads them as U+FFFD).
#![no_main]

use ctxpack::__private::json::parse_body;
use ctxpack::json;
use ctxpack_fuzz::check::{assert_same, check_assemble_text, prepare};
use ctxpack_fuzz::gen::Project;
use libfuzzer_sys::fuzz_target;

fn outcome(text: &str) -> Result<ctxpack::jsondoc::Assembly, ctxpack::Error> {
    let p = prepare(text)?;
    p.assembler.assemble(&p.docs, &p.options)
}

fuzz_target!(|project: Project| {
    let text = project.text();
    check_assemble_text(&text, true);
    // Nesting past MAX_DEPTH as a whole: no canonical form to compare with.
    let Ok(value) = parse_body(&text, &ctxpack::Limits::default()) else {
        return;
    };
    let canonical = json::stringify(&value, 0);
    if canonical != text {
        let raw = outcome(&text);
        // Error messages may quote positions, which the indentation moves: compare what a
        // host branches on, the code and the path.
        let brief = |r: &Result<_, ctxpack::Error>| {
            r.as_ref().map_err(|e| (e.code, e.path.clone())).cloned()
        };
        assert_same(
            &brief(&raw),
            &brief(&outcome(&canonical)),
            "the input text and its canonical form assemble differently",
        );
    }
});
