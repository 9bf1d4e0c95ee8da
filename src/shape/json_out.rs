//! JSON text written straight from Rust values, as `JSON.stringify` writes the same object.

use crate::json::{self, Value};

/// Compact JSON text, commas placed as values are written.
#[derive(Debug, Default)]
pub struct JsonOut {
    out: String,
    /// Whether the innermost open array or object has a member already.
    started: Vec<bool>,
}

impl JsonOut {
    pub fn finish(self) -> String {
        self.out
    }

    fn comma(&mut self) {
        if let Some(started) = self.started.last_mut() {
            if *started {
                self.out.push(',');
            }
            *started = true;
        }
    }

    pub fn begin_object(&mut self) {
        self.out.push('{');
        self.started.push(false);
    }

    pub fn end_object(&mut self) {
        self.started.pop();
        self.out.push('}');
    }

    pub fn begin_array(&mut self) {
        self.out.push('[');
        self.started.push(false);
    }

    pub fn end_array(&mut self) {
        self.started.pop();
        self.out.push(']');
    }

    /// Before each array item.
    pub fn item(&mut self) {
        self.comma();
    }

    /// An object member's key; its value follows.
    pub fn key(&mut self, k: &str) {
        self.comma();
        json::write_string(&mut self.out, k);
        self.out.push(':');
    }

    pub fn string(&mut self, s: &str) {
        json::write_string(&mut self.out, s);
    }

    /// A number as JavaScript writes it (`null` for NaN and ±Infinity, as `JSON.stringify`).
    pub fn number(&mut self, n: f64) {
        self.out.push_str(&json::format_number(n));
    }

    pub fn value(&mut self, v: &Value) {
        json::stringify_into(&mut self.out, v, 0);
    }

    /// Text that is already JSON (`null`, `true`, …).
    pub fn raw(&mut self, text: &str) {
        self.out.push_str(text);
    }
}
