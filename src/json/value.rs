use super::unpaired::Unpaired;
use crate::hash::Map;

/// A JSON value as JavaScript holds it.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    /// A string with unpaired surrogates, which a `String` cannot hold: read only where a
    /// document body is ([`super::parse_body`]), written as `JSON.stringify` writes it.
    Unpaired(Box<Unpaired>),
    Array(Vec<Value>),
    Object(Object),
}

/// An object's members in JavaScript property order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Object {
    entries: Vec<(String, Value)>,
}

impl Object {
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v))
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut Value> {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Sets `key` the way a JS assignment does: in place if present, else in property order.
    pub fn set(&mut self, key: &str, value: Value) {
        if let Some(slot) = self.entries.iter_mut().find(|(k, _)| k == key) {
            slot.1 = value;
            return;
        }
        let mut builder = ObjectBuilder::with_entries(std::mem::take(&mut self.entries));
        builder.insert(key.to_string(), value);
        *self = builder.finish();
    }
}

/// The numeric value of `key` if JavaScript treats it as an array index (canonical decimal,
/// below 2^32 − 1); such keys are enumerated first, in ascending order.
pub(crate) fn array_index(key: &str) -> Option<u32> {
    let bytes = key.as_bytes();
    let first = *bytes.first()?;
    if bytes.len() > 10
        || !bytes.iter().all(u8::is_ascii_digit)
        || (first == b'0' && bytes.len() > 1)
    {
        return None;
    }
    let n: u64 = key.parse().ok()?;
    u32::try_from(n).ok().filter(|&n| n != u32::MAX)
}

/// Builds an [`Object`] from members in source order with `JSON.parse`'s rules.
#[derive(Default)]
pub struct ObjectBuilder {
    entries: Vec<(String, Value)>,
    // Only built for large objects, so duplicate detection stays linear on hostile input.
    index: Option<Map<String, usize>>,
    has_array_index: bool,
}

const INDEX_FROM: usize = 16;

impl ObjectBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    fn with_entries(entries: Vec<(String, Value)>) -> Self {
        let has_array_index = entries.iter().any(|(k, _)| array_index(k).is_some());
        let mut b = ObjectBuilder {
            entries: Vec::new(),
            index: None,
            has_array_index,
        };
        for (k, v) in entries {
            b.insert(k, v);
        }
        b
    }

    pub fn insert(&mut self, key: String, value: Value) {
        let found = match &self.index {
            Some(index) => index.get(&key).copied(),
            None => self.entries.iter().position(|(k, _)| *k == key),
        };
        if let Some(slot) = found.and_then(|at| self.entries.get_mut(at)) {
            slot.1 = value;
            return;
        }
        if !self.has_array_index && array_index(&key).is_some() {
            self.has_array_index = true;
        }
        if let Some(index) = &mut self.index {
            index.insert(key.clone(), self.entries.len());
        } else if self.entries.len() >= INDEX_FROM {
            let mut index: Map<String, usize> = self
                .entries
                .iter()
                .enumerate()
                .map(|(i, (k, _))| (k.clone(), i))
                .collect();
            index.insert(key.clone(), self.entries.len());
            self.index = Some(index);
        }
        self.entries.push((key, value));
    }

    pub fn finish(self) -> Object {
        let mut entries = self.entries;
        if self.has_array_index {
            // Stable: non-index keys keep insertion order behind the ascending index keys.
            let keys: Vec<f64> = entries
                .iter()
                .map(|(k, _)| array_index(k).map_or(f64::INFINITY, f64::from))
                .collect();
            entries = crate::order::permuted(entries, &crate::order::stable_order(&keys));
        }
        Object { entries }
    }
}

impl Value {
    /// The part of this value `tokens` (a JSON pointer's, unescaped) name: a member by its key,
    /// an element by its index in canonical decimal.
    pub fn at(&self, tokens: &[String]) -> Option<&Value> {
        tokens.iter().try_fold(self, |v, t| match v {
            Value::Object(o) => o.get(t),
            Value::Array(items) => {
                let i: usize = t.parse().ok().filter(|i: &usize| i.to_string() == *t)?;
                items.get(i)
            }
            _ => None,
        })
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            Value::Unpaired(u) => Some(u.text()),
            _ => None,
        }
    }

    /// This value with an [`Value::Unpaired`] string as the plain string it reads as elsewhere
    /// (U+FFFD for each unpaired surrogate); any other value as it is.
    #[must_use]
    pub fn into_lossy(self) -> Value {
        match self {
            Value::Unpaired(u) => Value::String(u.into_text()),
            other => other,
        }
    }

    pub fn as_object(&self) -> Option<&Object> {
        match self {
            Value::Object(o) => Some(o),
            _ => None,
        }
    }
}

/// For Rust callers who serialize results with serde (params hold these): the same value,
/// objects in their JavaScript property order. ctxpack itself writes JSON with
/// [`super::stringify`], never through serde.
#[cfg(feature = "serde")]
impl serde::Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            // Whole numbers within ±2^53 as integers, so serde_json writes `7` as JavaScript does.
            Value::Number(n)
                if n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_991.0 && *n != 0.0 =>
            {
                #[allow(clippy::cast_possible_truncation)] // whole and within ±2^53
                s.serialize_i64(*n as i64)
            }
            Value::Number(n) if *n == 0.0 => s.serialize_i64(0),
            Value::Number(n) => s.serialize_f64(*n),
            Value::String(text) => s.serialize_str(text),
            // serde's strings are Rust strings: U+FFFD for each unpaired surrogate.
            Value::Unpaired(u) => s.serialize_str(u.text()),
            Value::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Value::Object(o) => {
                let mut map = s.serialize_map(Some(o.len()))?;
                for (k, v) in o.iter() {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

/// For Rust callers who read profiles from their own formats with serde (rule params hold
/// these). ctxpack itself reads JSON with [`super::parse`].
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

#[cfg(feature = "serde")]
struct ValueVisitor;

#[cfg(feature = "serde")]
impl<'de> serde::de::Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        serde::Deserialize::deserialize(d)
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    #[allow(clippy::cast_precision_loss)] // JSON numbers are doubles in JavaScript too
    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::Number(n as f64))
    }
    #[allow(clippy::cast_precision_loss)]
    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::Number(n as f64))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(Value::Number(n))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut b = ObjectBuilder::new();
        while let Some((k, v)) = map.next_entry::<String, Value>()? {
            b.insert(k, v);
        }
        Ok(Value::Object(b.finish()))
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::String(s)
    }
}

impl From<f64> for Value {
    fn from(n: f64) -> Self {
        Value::Number(n)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Self {
        v.map_or(Value::Null, Into::into)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(o: &Object) -> Vec<&str> {
        o.iter().map(|(k, _)| k).collect()
    }

    #[test]
    fn array_index_keys_come_first_ascending() {
        let mut b = ObjectBuilder::new();
        for k in ["10", "2", "a", "1", "-1", "01", "4294967295", "4294967294"] {
            b.insert(k.to_string(), Value::Null);
        }
        assert_eq!(
            keys(&b.finish()),
            ["1", "2", "10", "4294967294", "a", "-1", "01", "4294967295"]
        );
    }

    #[test]
    fn repeated_key_keeps_first_position_and_last_value() {
        let mut b = ObjectBuilder::new();
        b.insert("a".into(), Value::Number(1.0));
        b.insert("b".into(), Value::Number(2.0));
        b.insert("a".into(), Value::Number(3.0));
        let o = b.finish();
        assert_eq!(keys(&o), ["a", "b"]);
        assert_eq!(o.get("a"), Some(&Value::Number(3.0)));
    }

    #[test]
    fn large_objects_dedupe_through_the_index() {
        let mut b = ObjectBuilder::new();
        for i in 0..100 {
            b.insert(format!("k{i}"), Value::Number(f64::from(i)));
        }
        b.insert("k3".into(), Value::Null);
        let o = b.finish();
        assert_eq!(o.len(), 100);
        assert_eq!(o.get("k3"), Some(&Value::Null));
    }

    #[test]
    fn set_places_new_index_keys_like_javascript() {
        let mut o = ObjectBuilder::new().finish();
        o.set("b", Value::Null);
        o.set("5", Value::Null);
        o.set("b", Value::Bool(true));
        assert_eq!(keys(&o), ["5", "b"]);
        assert_eq!(o.get("b"), Some(&Value::Bool(true)));
    }
}
