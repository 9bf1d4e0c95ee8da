//! ctxpack — assemble LLM agent context under a budget.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

#[cfg(target_arch = "wasm32")]
mod wasm;
