//! Results written as [`Value`]s, for the binding layer to hand over as JSON: ctxpack's own
//! writer, so the wasm carries no second JSON serializer and numbers are written as JavaScript
//! writes them.

use super::{ObjectBuilder, Value};

/// A value in ctxpack's JSON model, with its keys in the order of the Rust fields (the order
/// the serde `Serialize` derives write, so both give the same JSON text).
pub trait ToJson {
    fn to_json(&self) -> Value;
}

/// An object from `(key, value)` pairs, in order (keys are field names, never array indices,
/// so JavaScript keeps this order too).
pub fn object<const N: usize>(entries: [(&str, Value); N]) -> Value {
    let mut b = ObjectBuilder::new();
    for (k, v) in entries {
        b.insert(k.to_string(), v);
    }
    Value::Object(b.finish())
}

/// A count as a JSON number (counts stay far below 2^53, so exactly).
#[allow(clippy::cast_precision_loss)]
pub fn count(n: usize) -> Value {
    Value::Number(n as f64)
}

impl ToJson for str {
    fn to_json(&self) -> Value {
        Value::String(self.to_string())
    }
}

impl ToJson for String {
    fn to_json(&self) -> Value {
        Value::String(self.clone())
    }
}

impl<T: ToJson> ToJson for Option<T> {
    fn to_json(&self) -> Value {
        self.as_ref().map_or(Value::Null, ToJson::to_json)
    }
}

impl<T: ToJson> ToJson for [T] {
    fn to_json(&self) -> Value {
        Value::Array(self.iter().map(ToJson::to_json).collect())
    }
}

impl ToJson for Value {
    fn to_json(&self) -> Value {
        self.clone()
    }
}
