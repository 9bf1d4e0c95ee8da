//! ctxpack — decide what an LLM agent is sent, under a budget, and say why.
//!
//! One pure-Rust core, compiled natively and to WebAssembly, so a browser debug view and a
//! Node server make byte-identical decisions. Engines:
//!
//! - [`jsondoc`]: intent → select and rank JSON documents → trim → cap → manifest.
//! - [`files`]: file contents preloaded into a prompt under a budget, paths confined, secrets
//!   refused.
//! - [`sections`]: a prompt of sections that degrade pass by pass until it fits.
//! - [`code`]: the classes of source files (Python, TypeScript/JavaScript, Dart) and the module
//!   registry a coding agent is shown so it imports instead of re-creating (docs/CODE.md).
//! - [`governor`]: budgets for an agent's commands, test runs, web requests and tokens; stuck
//!   patches and loops; a run report.
//!
//! With the `tokenizer` feature, `tokenizer::Exact` counts o200k/cl100k tokens exactly (the
//! default counter, [`tokens::Estimator`], only estimates them).
//!
//! Shared pieces every engine uses: [`Error`] (code, JSON pointer, message), [`manifest`]
//! records, [`budget`]s with a unit, resource [`limits`], [`json`] with JavaScript's semantics,
//! [`text`] measured in UTF-16 code units, and [`shape`]: each type that crosses into
//! JavaScript declared once (see docs/ARCHITECTURE.md).

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
pub mod budget;
pub mod code;
mod error;
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
mod declarations;

pub use error::{Error, ErrorCode, Result, TextPosition};
pub use limits::Limits;

pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The JavaScript bindings (wasm32 only). Public for the browser tests; apps use the npm package.
#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod wasm;

/// What the fuzzers (fuzz/), the integration tests (tests/*.rs) and examples/ reach below the public API:
/// the readers, parsers and helpers whose properties they check. Not part of the API: it may
/// change in any release.
#[doc(hidden)]
pub mod __private {
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
        pub use crate::tokens::{tally, EVENTS};
    }
    pub mod text {
        pub use crate::text::{prefix_utf16, utf16_len, SharedStr};
    }
}
