//! ctxpack — assemble LLM agent context under a budget.
pub mod error;
pub mod json;
pub mod text;

pub use error::{Error, ErrorCode, Result};

pub const VERSION: &str = env!("CARGO_PKG_VERSION");

#[cfg(target_arch = "wasm32")]
mod wasm;
