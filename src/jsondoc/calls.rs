//! The jsondoc engine's exports (the package's main entry, feature `jsondoc`). Documents stay
//! in the JavaScript heap and are read lazily, so the binding answers each call
//! (`src/wasm/jsondoc.rs`); Rust callers use `ContextAssembler` and `JsonDocs` directly.

use crate::exports::declare;

macro_rules! table {
    ($then:ident) => {
        $then! {
            feature "jsondoc";
            decoders "/src/wasm/shapes/jsondoc.js";
            budget 220_000;
            calls crate::jsondoc::calls;
            classes [ContextAssembler remade];
            types [AssemblerInput, AssemblerCapInput];
            #[doc = " Infers the intent of a request: `{intent, params}` given wins, else the profile's rules."]
            fn inferIntent(request: "RequestInput"; profile: "Profile | null", options: "CallOptions | null") -> shape "ResolvedIntent" = _ | host infer_intent;
            #[doc = " Selects and ranks documents for the request's intent, without trimming or capping."]
            #[doc = " Reads no document bodies."]
            fn prioritize(input: "AssembleInput | JsonText"; options: "CallOptions | null") counted -> shape "Prioritized" = _ | host prioritize_ranked;
            #[doc = " Intent → select and rank → trim → cap: the context and a manifest of every decision."]
            fn assembleContext(input: "AssembleInput | JsonText"; options: "CallOptions | null") counted -> shape "Assembly" = _ | host assemble_context;
            #[doc = " Fits documents already in priority order into the budget (trim ladder by position, then the"]
            #[doc = " cap strategy). `request`, `now` and `edges` play no part here."]
            fn capContext(input: "CapInput | JsonText"; options: "CallOptions | null") counted -> shape "CapResult" = _ | host cap_context;
            #[doc = " One document trimmed at a level of the ladder; `data` keeps its form (JSON text stays"]
            #[doc = " text) and `metadata.trimmed` is set when anything was cut."]
            fn trimJsondoc(doc: "JsondocInput", level: "TrimLevel"; profile: "Profile | null", options: "CallOptions | null") -> plain "JsondocInput" = _ | host trim_jsondoc;
            #[doc = " Where the value a JSON pointer names starts in JSON text — to show a `CtxpackError`'s `path`"]
            #[doc = " in the text a user typed. Invalid text throws its `INVALID_JSON` error, with `line` and"]
            #[doc = " `column`; a pointer into nothing gives its deepest existing parent, `exact: false`."]
            #[doc = " Columns are UTF-16 units, as editors count them."]
            fn locateJson(text: "string"; pointer: "string | null", options: "CallOptions | null") -> shape "JsonLocation" = _ | host locate_json;
        }
    };
}
// The binding expands it too, in the entries that carry this engine.
#[allow(unused_imports)]
pub(crate) use table;
table!(declare);
