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
pub mod budget;
pub mod code;
pub mod error;
pub mod files;
pub mod governor;
mod hash;
pub mod json;
pub mod jsondoc;
pub mod limits;
pub mod manifest;
mod order;
pub mod sections;
pub mod shape;
pub mod text;
#[cfg(any(feature = "tokenizer-o200k", feature = "tokenizer-cl100k"))]
pub mod tokenizer;
pub mod tokens;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod declarations;
// The binding's codes; native builds compile them for the declarations test alone, and an entry
// without jsondoc's binding reads only the tape's.
#[cfg(any(target_arch = "wasm32", test))]
#[cfg_attr(
    not(all(target_arch = "wasm32", feature = "jsondoc")),
    allow(dead_code)
)]
mod wasm_codes;

pub use error::{Error, ErrorCode, Result, TextPosition};
pub use limits::Limits;

pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The JavaScript bindings (wasm32 only). Public for the browser tests; apps use the npm package.
#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod wasm;
