//! ctxpack — decide what an LLM agent is sent, under a budget, and say why.
//!
//! One pure-Rust core, compiled natively and to WebAssembly (the npm package `ctxpack`), so a
//! browser debug view and a Node server make byte-identical decisions. Engines, each a module
//! of functions and the types they take and return:
//!
//! - [`jsondoc`]: intent → select and rank JSON documents → trim → cap → manifest
//!   ([`jsondoc::ContextAssembler`]).
//! - [`files`]: file contents preloaded into a prompt under a budget, paths confined, secrets
//!   refused ([`files::preload`], [`files::check_paths`]).
//! - [`sections`]: a prompt of sections that degrade pass by pass until it fits
//!   ([`sections::fit_sections`]).
//! - [`code`]: the classes of source files (Python, TypeScript/JavaScript, Dart) and the module
//!   registry a coding agent is shown so it imports instead of re-creating
//!   ([`code::extract_classes`], [`code::format_module_registry`]).
//! - [`governor`]: budgets for an agent's commands, test runs, web requests and tokens; stuck
//!   patches and loops; a run report ([`governor::Governor`]).
//!
//! Tokens are estimated by [`tokens::Estimator`] ([`tokens::estimate_tokens`]); with the
//! `tokenizer` feature, `tokenizer::Exact` counts o200k/cl100k tokens exactly. Any
//! [`tokens::TokenCounter`] can measure a budget in tokens.
//!
//! Shared by every engine: [`Error`] (an [`ErrorCode`], a JSON pointer, a message) — every
//! input gives a result or an error, never a panic; [`Limits`] on what one call reads;
//! [`budget::Budget`] and the [`manifest`] records; [`json::Value`], JSON with JavaScript's
//! semantics; and [`shape::to_json_text`], a result as the JSON text JavaScript gets.
//!
//! ```
//! use ctxpack::jsondoc::{AssembleOptions, ContextAssembler, JsonDocs, Request};
//! use ctxpack::manifest::Action;
//! use ctxpack::shape::to_json_text;
//! use ctxpack::Limits;
//!
//! let assembler = ContextAssembler::from_json(r#"{"budget": {"maxChars": 60}}"#)?;
//! let docs = JsonDocs::parse(
//!     r#"[
//!   {"id": "a", "schema_type": "note", "origin_type": "user_input",
//!    "created_at": "2026-03-02T10:15:00Z", "data": {"text": "hello"}},
//!   {"id": "b", "schema_type": "note", "origin_type": "user_input",
//!    "created_at": "2026-03-01T10:15:00Z", "data": {"text": "an older and much longer note"}}
//! ]"#
//!     .to_string(),
//!     &Limits::default(),
//! )?;
//! let options = AssembleOptions { request: Request::Text("notes".into()), ..Default::default() };
//! let out = assembler.assemble(&docs, &options)?;
//!
//! // The newer note fits; the older one does not, and the manifest says why.
//! assert_eq!(out.context, "## note (a)\n{\"text\":\"hello\"}");
//! let kept: Vec<_> = out.manifest.documents.iter().map(|d| (&*d.item.id, d.item.action)).collect();
//! assert_eq!(kept, [("a", Action::Full), ("b", Action::Discarded)]);
//! assert_eq!(&*out.manifest.documents[1].item.reason, "did not fit even summarized: 32 chars left");
//!
//! // The manifest as the JSON JavaScript gets (`JSON.stringify` of the npm result).
//! let json = to_json_text(&out.manifest);
//! assert!(json.ends_with(r#""log":["Intent: default (default: no rule matched)","Selected 2 of 2 jsondocs","Context capped: discarded 1 jsondocs","Context: 28 of 60 chars"]}"#));
//! # Ok::<(), ctxpack::Error>(())
//! ```

// What only the binding (src/wasm) calls is compiled for wasm32 alone, and each entry's wasm
// compiles only its engine's exports: such code is unused in every other build. The build of
// every export (wasm32 with all entries' features, in scripts/test.sh) still reports dead code.
#![cfg_attr(
    not(all(
        target_arch = "wasm32",
        feature = "jsondoc",
        feature = "files",
        feature = "code",
        feature = "governor",
        feature = "tokenizer"
    )),
    allow(dead_code)
)]
// Public only on purpose: what is not reachable from the crate's root is `pub(crate)`.
#![warn(unreachable_pub)]

/// The engines, each by the module of its export table (`table!`; the engine's own module when
/// it is one file), each module also declared below (rustfmt reads no module a macro declares).
/// A host expands the list with a macro of its own: `engine_tables` here (`ENGINES`), the
/// binding's `bind_tables` (the wasm exports of each engine without `own`, which has no code in
/// `src/wasm/`; with `own`, `src/wasm/<engine>.rs` binds its table).
macro_rules! engines {
    ($then:ident) => {
        $then! {
            jsondoc::calls own,
            files::calls own,
            code::calls,
            governor::calls own,
        }
    };
}
pub mod budget;
pub mod code;
mod error;
mod exports;
pub mod files;
pub mod governor;
mod hash;
pub mod json;
pub mod jsondoc;
mod limits;
pub mod manifest;
mod order;
pub mod sections;
pub mod shape;
mod text;
#[cfg(any(feature = "tokenizer-o200k", feature = "tokenizer-cl100k"))]
pub mod tokenizer;
pub mod tokens;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod architecture;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod declarations;
#[cfg(test)]
mod test_rng;
// The binding's codes; native builds compile them for the declarations test alone, and an entry
// without jsondoc's binding reads only the tape's.
#[cfg(any(target_arch = "wasm32", test))]
#[cfg_attr(
    not(all(target_arch = "wasm32", feature = "jsondoc")),
    allow(dead_code)
)]
mod wasm_codes;

/// Every engine's export table, with the calls every entry has and the tokenizer's (`exports`).
macro_rules! engine_tables {
    ($($engine:ident $(::$table:ident)? $($own:ident)?),* $(,)?) => {
        #[doc(hidden)]
        pub const ENGINES: &[exports::Engine] = &[
            exports::shared::ENGINE,
            $($engine$(::$table)?::ENGINE,)*
            exports::tokenizer::ENGINE,
        ];
    };
}
engines!(engine_tables);

pub use error::{Error, ErrorCode, Result, TextPosition};
pub use limits::Limits;
pub use text::SharedStr;

pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The JavaScript bindings (wasm32 only). Public for the browser tests; apps use the npm package.
#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod wasm;

/// The Python binding (feature `python`, built by maturin from python/; `python-tokenizer` for
/// the exact counts' wheel): the only module that knows Python. Private: Python callers use the
/// `ctxpack` package.
#[cfg(all(
    any(feature = "python", feature = "python-tokenizer"),
    not(target_arch = "wasm32")
))]
mod python;

/// What the fuzzers (fuzz/), the integration tests (tests/*.rs) and examples/ reach below the public API:
/// the readers, parsers and helpers whose properties they check. Not part of the API: it may
/// change in any release.
#[doc(hidden)]
pub mod __private {
    pub mod exports {
        pub use crate::exports::{
            call, Args, Class, Counter, Crossed, Engine, Export, ValueArgs, ENGINES,
        };
    }
    pub mod json {
        pub use crate::json::parse::{parse_body, parse_body_at, Parser};
    }
    pub mod jsondoc {
        pub use crate::jsondoc::chunked::{ChunkedDocs, Utf16Text, Utf8Bytes};
        pub use crate::jsondoc::document::DocMeta;
        pub use crate::jsondoc::profile::compile::CompiledProfile;
        pub use crate::jsondoc::trim::{cut_at_level, mark_trimmed, trim_document, trim_value};
        pub use crate::jsondoc::wide::WideDocs;
    }
    pub mod code {
        pub use crate::code::outputs::files_from_value;
        pub use crate::code::registry::source_files_from_value;
    }
    pub mod files {
        pub use crate::files::preload_budget;
        pub use crate::files::secrets::secret_content;
    }
    pub mod governor {
        pub use crate::governor::normalize::{is_test_command, shell_words};
    }
    pub mod shape {
        pub use crate::shape::json_out::JsonOut;
    }
    pub mod tokens {
        pub use crate::tokens::{fitted_extra, tally, EVENTS};
    }
    pub mod text {
        pub use crate::text::{prefix_utf16, utf16_len};
    }
}
