//! Results in columns, for the JavaScript decoders generated from the same declarations.
//!
//! Thousands of manifest records cross much faster as a few typed arrays and one string than
//! as JSON text for `JSON.parse` or as one host call per field: the generated decoder reads the
//! columns in declaration order and builds each object with a literal of fixed shape.

use crate::text::utf16_len;
use std::collections::HashMap;

/// The columns of one result, filled in declaration order.
#[derive(Debug, Default)]
pub struct Encoder<'a> {
    /// Every string, one after another.
    pub text: String,
    /// The UTF-16 length of each string in `text` (what JavaScript's `slice` counts).
    pub lengths: Vec<u32>,
    pub nums: Vec<f64>,
    /// Booleans, `Option` tags and enum variants.
    pub codes: Vec<u8>,
    /// Interned strings by number: a number seen for the first time is followed by its string.
    pub refs: Vec<u32>,
    table: HashMap<&'a str, u32>,
}

impl<'a> Encoder<'a> {
    pub fn str(&mut self, s: &str) {
        self.text.push_str(s);
        self.lengths
            .push(u32::try_from(utf16_len(s)).unwrap_or(u32::MAX));
    }

    pub fn num(&mut self, n: f64) {
        self.nums.push(n);
    }

    pub fn code(&mut self, c: u8) {
        self.codes.push(c);
    }

    /// A string most records share (a reason, a type): its text crosses once per call.
    pub fn intern(&mut self, s: &'a str) {
        if let Some(&i) = self.table.get(s) {
            self.refs.push(i);
            return;
        }
        let i = u32::try_from(self.table.len()).unwrap_or(u32::MAX);
        self.table.insert(s, i);
        self.refs.push(i);
        self.str(s);
    }
}
