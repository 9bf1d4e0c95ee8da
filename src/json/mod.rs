//! JSON with JavaScript's semantics.
//!
//! ctxpack renders documents the way `JSON.stringify` would in the host, byte for byte, so a
//! TypeScript consumer can compare or hash what it sends. That needs a value model that behaves
//! like a JS value: numbers are `f64`, object keys keep JavaScript's property order (array-index
//! keys first, ascending, then the rest in insertion order; a repeated key keeps its first
//! position and its last value), and text that `JSON.parse` refuses is refused here too.
//!
//! Strings are Rust strings, so they cannot hold a lone surrogate: an escaped lone surrogate
//! (`"\ud800"`) parses to U+FFFD, which is also what crossing the wasm boundary does to one —
//! except in a document body ([`parse_body`]), which keeps it ([`Value::Unpaired`]) and writes
//! it back as `JSON.stringify` does.

pub(crate) mod locate;
pub(crate) mod parse;
// Public though hidden, on purpose: the reader derived for every input type calls it, and made
// crate-private its functions were inlined into each of those readers, which grew the main
// entry's wasm by 758 bytes gzipped (165,807 to 166,565).
#[doc(hidden)]
pub mod read;
pub(crate) mod stringify;
mod unpaired;
mod value;
pub(crate) mod wide;

pub use parse::{parse, ParseError};
pub use stringify::{quote, stringify};
pub use value::{Object, ObjectBuilder, Value};

pub(crate) use parse::{parse_body, parse_body_at, parse_body_span, parse_span, Parser, MAX_DEPTH};
pub(crate) use stringify::{format_number, stringify_into, stringify_within, write_string};
pub(crate) use unpaired::Unpaired;
pub(crate) use value::array_index;
