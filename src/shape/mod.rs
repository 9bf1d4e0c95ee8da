//! The JSON forms of inputs and results, as JavaScript sees them.
//!
//! An input type reads a [`Value`] with [`Input::read`], refusing unknown fields by name and
//! reporting a missing or wrong one with its JSON pointer. A result is written as JSON text by
//! [`to_json_text`]: byte for byte what `JSON.stringify` writes of the object the npm package
//! returns for it.
//!
//! ```
//! use ctxpack::jsondoc::{Profile, TrimLevel};
//! use ctxpack::shape::{to_json_text, Input};
//! use ctxpack::{json, ErrorCode, Limits};
//!
//! let text = r#"{"budget": {"maxChars": 100}, "weight": {}}"#;
//! let value = json::parse(text, &Limits::default()).map_err(|e| e.into_error("/profile"))?;
//! let e = Profile::read(&value, "/profile").unwrap_err();
//! assert_eq!((e.code, e.path.as_str()), (ErrorCode::InvalidInput, "/profile/weight"));
//!
//! assert_eq!(to_json_text(&TrimLevel::Summarized), r#""summarized""#);
//! # Ok::<(), ctxpack::Error>(())
//! ```
//!
//! Inside the crate each such type is declared once, with `#[derive(Shape)]`: its TypeScript
//! declaration and its JavaScript decoder are generated from the same declaration
//! (docs/ARCHITECTURE.md).

mod encode;
// Only the declarations test writes the generated files.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) mod generate;
pub(crate) mod json_out;

pub(crate) use ctxpack_derive::Shape;
pub(crate) use encode::Encoder;
pub(crate) use json_out::JsonOut;

use crate::json::{self, read, Value};
use crate::{Error, ErrorCode, Result};
use std::collections::BTreeMap;

// The declarations (`Decl` to `Ty`, `Shape::decl`) are read only by the declarations test
// (src/declarations.rs), which writes types.d.ts and shapes.js from them.

/// A declared type: its name, doc comment and body, as JavaScript sees them.
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Debug, Clone)]
pub(crate) struct Decl {
    pub name: &'static str,
    pub doc: &'static str,
    /// Read from the host (absent optional fields allowed), rather than written to it.
    pub input: bool,
    pub body: Body,
}

#[cfg_attr(not(test), allow(dead_code))]
#[derive(Debug, Clone)]
pub(crate) enum Body {
    Struct(Vec<Field>),
    /// Unit variants, crossing as their names.
    Enum(Vec<Variant>),
}

#[cfg_attr(not(test), allow(dead_code))]
#[derive(Debug, Clone)]
pub(crate) struct Field {
    /// The name JavaScript sees.
    pub name: &'static str,
    pub doc: &'static str,
    pub ty: TyRef,
    /// The TypeScript type when the Rust type says less (a JSON value of a known form).
    pub ts: Option<&'static str>,
    /// The field's own fields are this struct's (`extends` in TypeScript).
    pub flatten: bool,
    /// A string most records share: it crosses once per call, then by reference.
    pub intern: bool,
    /// An input field that may be left out although its type is not an `Option` (read `with`
    /// a function, which gives the type's default).
    pub defaulted: bool,
}

#[cfg_attr(not(test), allow(dead_code))]
#[derive(Debug, Clone)]
pub(crate) struct Variant {
    pub name: &'static str,
    pub doc: &'static str,
}

/// A field's type.
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Debug, Clone)]
pub(crate) enum TyRef {
    String,
    Number,
    Bool,
    /// Any JSON value (it crosses as JSON text).
    Json,
    /// A string the caller gave (`crate::text::GivenStr`): a string in TypeScript, taken from
    /// the caller's own input where the host holds it.
    Given,
    Option(Box<TyRef>),
    Array(Box<TyRef>),
    /// An object with string keys.
    Map(Box<TyRef>),
    Named(fn() -> Decl),
}

/// A type with a declaration.
pub(crate) trait Shape {
    /// The type's name, as TypeScript and the generated decoders know it.
    const NAME: &'static str;
    #[cfg_attr(not(test), allow(dead_code))]
    fn decl() -> Decl;
}

/// A type that can be a field's type.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) trait Ty {
    fn ty() -> TyRef;
}

/// A result that crosses to JavaScript.
pub trait Output {
    /// The value as JSON text, as `JSON.stringify` writes the object JavaScript gets.
    #[doc(hidden)]
    fn write_json(&self, w: &mut JsonOut);
    /// The value in columns, for the generated JavaScript decoder.
    #[doc(hidden)]
    fn encode<'a>(&'a self, e: &mut Encoder<'a>);
}

/// A struct whose fields can be written into an enclosing object (`flatten`).
pub(crate) trait Object {
    fn write_fields(&self, w: &mut JsonOut);
}

/// A value read from the host (or from JSON text): the one reader of its type.
pub trait Input: Sized {
    fn read(v: &Value, path: &str) -> Result<Self>;

    /// What an absent (or `null`) field of this type means; an error unless it is optional.
    #[doc(hidden)]
    fn absent(parent: &str, key: &str) -> Result<Self> {
        Err(Error::new(
            ErrorCode::MissingField,
            parent,
            format!("missing field `{key}`"),
        ))
    }
}

/// `v` as compact JSON text.
pub fn to_json_text<T: Output + ?Sized>(v: &T) -> String {
    let mut w = JsonOut::default();
    v.write_json(&mut w);
    w.finish()
}

/// `v` as a [`Value`] (for callers who want to look into a result).
pub fn to_value<T: Output + ?Sized>(v: &T) -> Value {
    // Our own writer's output always parses.
    json::parse(&to_json_text(v), &crate::Limits::default()).unwrap_or(Value::Null)
}

// --- Field types --------------------------------------------------------------------------------

impl Ty for String {
    fn ty() -> TyRef {
        TyRef::String
    }
}
impl Ty for crate::text::SharedStr {
    fn ty() -> TyRef {
        TyRef::String
    }
}
impl Ty for crate::text::GivenStr {
    fn ty() -> TyRef {
        TyRef::Given
    }
}
impl Ty for f64 {
    fn ty() -> TyRef {
        TyRef::Number
    }
}
impl Ty for usize {
    fn ty() -> TyRef {
        TyRef::Number
    }
}
impl Ty for bool {
    fn ty() -> TyRef {
        TyRef::Bool
    }
}
impl Ty for Value {
    fn ty() -> TyRef {
        TyRef::Json
    }
}
impl<T: Ty> Ty for Option<T> {
    fn ty() -> TyRef {
        TyRef::Option(Box::new(T::ty()))
    }
}
impl<T: Ty> Ty for Vec<T> {
    fn ty() -> TyRef {
        TyRef::Array(Box::new(T::ty()))
    }
}
impl<T: Ty> Ty for BTreeMap<String, T> {
    fn ty() -> TyRef {
        TyRef::Map(Box::new(T::ty()))
    }
}

impl Output for String {
    fn write_json(&self, w: &mut JsonOut) {
        w.string(self);
    }
    fn encode<'a>(&'a self, e: &mut Encoder<'a>) {
        e.str(self);
    }
}
impl Output for crate::text::SharedStr {
    fn write_json(&self, w: &mut JsonOut) {
        w.string(self);
    }
    fn encode<'a>(&'a self, e: &mut Encoder<'a>) {
        e.str(self);
    }
}
impl Output for crate::text::GivenStr {
    fn write_json(&self, w: &mut JsonOut) {
        w.string(self);
    }
    fn encode<'a>(&'a self, e: &mut Encoder<'a>) {
        e.given(self);
    }
}
impl Output for f64 {
    fn write_json(&self, w: &mut JsonOut) {
        w.number(*self);
    }
    fn encode<'a>(&'a self, e: &mut Encoder<'a>) {
        e.num(*self);
    }
}
impl Output for usize {
    fn write_json(&self, w: &mut JsonOut) {
        w.number(count(*self));
    }
    fn encode<'a>(&'a self, e: &mut Encoder<'a>) {
        e.num(count(*self));
    }
}
impl Output for bool {
    fn write_json(&self, w: &mut JsonOut) {
        w.raw(if *self { "true" } else { "false" });
    }
    fn encode<'a>(&'a self, e: &mut Encoder<'a>) {
        e.code(u8::from(*self));
    }
}
impl Output for Value {
    fn write_json(&self, w: &mut JsonOut) {
        w.value(self);
    }
    fn encode<'a>(&'a self, e: &mut Encoder<'a>) {
        e.str(&json::stringify(self, 0));
    }
}
impl<T: Output> Output for Option<T> {
    fn write_json(&self, w: &mut JsonOut) {
        match self {
            None => w.raw("null"),
            Some(v) => v.write_json(w),
        }
    }
    #[inline]
    fn encode<'a>(&'a self, e: &mut Encoder<'a>) {
        match self {
            None => e.code(0),
            Some(v) => {
                e.code(1);
                v.encode(e);
            }
        }
    }
}
impl<T: Output> Output for Vec<T> {
    fn write_json(&self, w: &mut JsonOut) {
        w.begin_array();
        for v in self {
            w.item();
            v.write_json(w);
        }
        w.end_array();
    }
    fn encode<'a>(&'a self, e: &mut Encoder<'a>) {
        e.num(count(self.len()));
        for v in self {
            v.encode(e);
        }
    }
}
impl<T: Output> Output for BTreeMap<String, T> {
    fn write_json(&self, w: &mut JsonOut) {
        w.begin_object();
        for (k, v) in js_order(self) {
            w.key(k);
            v.write_json(w);
        }
        w.end_object();
    }
    fn encode<'a>(&'a self, e: &mut Encoder<'a>) {
        e.num(count(self.len()));
        // JavaScript puts array-index keys first itself; any order gives the same object.
        for (k, v) in self {
            e.str(k);
            v.encode(e);
        }
    }
}

/// The entries in the order a JavaScript object holds them: array-index keys first, ascending,
/// then the rest in insertion (here: sorted) order.
fn js_order<T>(m: &BTreeMap<String, T>) -> Vec<(&String, &T)> {
    let mut indexed: Vec<(u32, &String, &T)> = Vec::new();
    let mut rest = Vec::new();
    for (k, v) in m {
        match json::array_index(k) {
            Some(i) => indexed.push((i, k, v)),
            None => rest.push((k, v)),
        }
    }
    indexed.sort_by_key(|(i, _, _)| *i);
    indexed
        .into_iter()
        .map(|(_, k, v)| (k, v))
        .chain(rest)
        .collect()
}

/// A count as a JSON number (counts stay far below 2^53, so exactly).
#[allow(clippy::cast_precision_loss)]
pub(crate) fn count(n: usize) -> f64 {
    n as f64
}

impl Input for String {
    fn read(v: &Value, path: &str) -> Result<Self> {
        read::string(v, path)
    }
}
impl Input for f64 {
    /// Any number, finite or not: what a non-finite number means is the reading field's to say
    /// (a budget refuses it as `INVALID_BUDGET`, a weight as `INVALID_PROFILE`), the same
    /// whether it came as `NaN` from a host object or as `1e400` in JSON text.
    fn read(v: &Value, path: &str) -> Result<Self> {
        match v {
            Value::Number(n) => Ok(*n),
            other => Err(read::wrong_type(other, "a number", path)),
        }
    }
}
/// The largest count read: 2^32 − 1, so a count reads the same on wasm32 (32-bit `usize`) as
/// natively.
const MAX_COUNT: f64 = 4_294_967_295.0;

impl Input for usize {
    /// A whole number from 0 to 2^32 − 1: a count written by [`Output`] (a persisted state's
    /// counters) read back. A field whose number has its own meaning (a budget) reads `with`
    /// its own check instead.
    fn read(v: &Value, path: &str) -> Result<Self> {
        match v {
            Value::Number(n) if n.fract() == 0.0 && (0.0..=MAX_COUNT).contains(n) => {
                // Whole and in range, so exact.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                Ok(*n as usize)
            }
            Value::Number(n) => Err(Error::new(
                ErrorCode::InvalidInput,
                path,
                format!(
                    "expected a whole number from 0 to 4294967295, got {}",
                    crate::budget::js_string(*n)
                ),
            )),
            other => Err(read::wrong_type(other, "a whole number", path)),
        }
    }
}
impl Input for bool {
    fn read(v: &Value, path: &str) -> Result<Self> {
        match v {
            Value::Bool(b) => Ok(*b),
            other => Err(read::wrong_type(other, "a boolean", path)),
        }
    }
}
impl Input for Value {
    /// Any JSON value; a number JSON cannot hold (NaN, ±Infinity) is refused where it stands,
    /// as `JSON.stringify` would silently write it as `null`.
    fn read(v: &Value, path: &str) -> Result<Self> {
        read::refuse_non_finite(v, path)?;
        Ok(v.clone())
    }
}
impl<T: Input> Input for Option<T> {
    fn read(v: &Value, path: &str) -> Result<Self> {
        match v {
            Value::Null => Ok(None),
            v => T::read(v, path).map(Some),
        }
    }
    fn absent(_parent: &str, _key: &str) -> Result<Self> {
        Ok(None)
    }
}
impl<T: Input> Input for Vec<T> {
    fn read(v: &Value, path: &str) -> Result<Self> {
        read::array(v, path, T::read)
    }
}
impl<T: Input> Input for BTreeMap<String, T> {
    fn read(v: &Value, path: &str) -> Result<Self> {
        read::map(v, path, T::read)
    }
}

#[cfg(all(test, feature = "serde"))]
mod serde_feature {
    //! With the `serde` feature, serde sees the same JSON the declarations' own writer and
    //! reader do.
    use crate::jsondoc::{
        AssembleOptions, ContextAssembler, JsonDocs, Profile, Request, TrimLevel,
    };

    #[test]
    fn serialize_writes_what_the_shape_writer_writes() {
        let assembler = ContextAssembler::from_json(r#"{"budget": {"maxChars": 200}}"#).unwrap();
        let docs = JsonDocs::parse(
            r#"[{"id": "a", "schema_type": "note", "origin_type": "user_input",
                 "created_at": "2026-03-02T10:15:00Z", "data": {"text": "hello"}}]"#
                .to_string(),
            &crate::Limits::default(),
        )
        .unwrap();
        let options = AssembleOptions {
            request: Request::Text("anything".into()),
            ..Default::default()
        };
        let out = assembler.assemble(&docs, &options).unwrap();
        let via_serde = serde_json::to_string(&out).unwrap();
        let reparsed = crate::json::parse(&via_serde, &crate::Limits::default()).unwrap();
        assert_eq!(
            crate::json::stringify(&reparsed, 0),
            super::to_json_text(&out)
        );
        assert_eq!(
            serde_json::to_string(&TrimLevel::Summarized).unwrap(),
            "\"summarized\""
        );
    }

    #[test]
    fn deserialize_reads_through_the_one_reader() {
        let p: Profile = serde_json::from_str(r#"{"budget": {"maxChars": 100}}"#).unwrap();
        assert_eq!(p.compile().unwrap().budget.max_chars, Some(100));
        let e = serde_json::from_str::<Profile>(r#"{"budgett": {}}"#).unwrap_err();
        assert!(e.to_string().contains("unknown field `budgett`"), "{e}");
    }
}
