//! Each engine's exports, declared once in a table (`<engine>::calls::table!`): a call's name,
//! its arguments' TypeScript types, its result and the core function that answers it. Every
//! host expands the same table its own way: [`declare!`] here gives the list the generated files
//! are written from ([`ENGINES`]: the `.d.ts` of each entry, `src/wasm/exports.mjs`) and the
//! native dispatch the vector runners call ([`call`]); `src/wasm/mod.rs`'s `bind!` gives the
//! exported functions of the wasm. A call's body reads its arguments through [`Args`], which each
//! host implements, so an argument is read the same way wherever the call comes from.
//!
//! A table row:
//!
//! ```text
//! #[doc = " The TypeScript doc (a string: wasm-bindgen reads `///` passed through a macro as raw text)."]
//! fn jsName(required: "TS type", …; optional: "TS type | null", …) counted -> shape "Root" = core_fn;
//! ```
//!
//! The table's head names the entry's cargo feature, its decoders, its entry's wasm size budget
//! (`budget 80_000;`: gzip level 9, held by tests/node/size.test.mjs; a raise is a decision
//! written in docs/decisions/2026-11-27-wasm-size-budgets.md), the module of the bodies
//! (`calls`), the classes the binding writes (`remade`: made again when the entry gives its
//! memory back) and the types their methods name beyond the functions'.
//!
//! - the last argument of a call that has any is the call's options (`CallOptions | null`),
//!   which the host reads before the body runs; `counted` takes its `tokenCounter` too;
//! - `-> shape "Root"`: a declared output (decoded by shapes.js); `-> plain "number"`: a number, a
//!   string or token ids as JavaScript has them;
//! - `= core_fn`: a function of the engine's `calls` module, generic over [`Args`]; `= _ |
//!   host fn_name`: written by each host (documents that stay in the JavaScript heap); `= core_fn
//!   | host fn_name`: the binding's own, the other hosts the core's.

use crate::json::Value;
use crate::shape::Input;
use crate::tokens::Meter;
use crate::{Limits, Result};

/// A call's arguments as a host gives them. `i` is the argument's position; `path` the JSON
/// pointer its errors carry.
pub trait Args {
    /// The call's limits, read from its options before the body ran.
    fn limits(&self) -> &Limits;
    /// The argument as a value (absent, `undefined` as `null`, which readers refuse by name).
    fn value(&mut self, i: usize, path: &str) -> Result<Value>;
    /// The argument's text when it is a string (refused before it is copied when over
    /// `maxTextLength`; `what` names it in that error), `None` when it is something else.
    fn text(&mut self, i: usize, path: &str, what: &str) -> Result<Option<String>>;
    /// What the argument is, for an error ("a number", "undefined"…).
    fn kind(&self, i: usize) -> &'static str;
    /// The argument as one JSON text when the host has it as one or can write it cheaply (a
    /// string, a flat object), else as a value.
    fn crossed(&mut self, i: usize, path: &str) -> Result<Crossed>;
    /// Runs `f` with the caller's token counter (`counted` calls), or with `None` when the
    /// caller gave none.
    fn metered<R>(&mut self, f: impl FnOnce(Option<&mut Meter<'_>>) -> Result<R>) -> Result<R>;

    /// A string argument.
    fn string(&mut self, i: usize, path: &str, what: &str) -> Result<String> {
        match self.text(i, path, what)? {
            Some(text) => Ok(text),
            None => Err(crate::json::read::wrong_kind(
                "a string",
                self.kind(i),
                path,
            )),
        }
    }
    /// An argument read by its type's reader.
    fn read<T: Input>(&mut self, i: usize, path: &str) -> Result<T> {
        T::read(&self.value(i, path)?, path)
    }
    /// An optional argument: absent, `undefined` or `null` gives the type's default.
    fn optional<T: Input + Default>(&mut self, i: usize, path: &str) -> Result<T> {
        read_or_default(self.value(i, path)?, path)
    }
    /// An optional argument that is a name (a vocabulary): as [`Args::optional`], but never
    /// JSON text where a host takes an object argument's (Python).
    fn optional_name<T: Input + Default>(&mut self, i: usize, path: &str) -> Result<T> {
        self.optional(i, path)
    }
    /// A value given as itself or as its JSON text (a persisted state).
    fn value_or_json(&mut self, i: usize, path: &str) -> Result<Value> {
        match self.text(i, path, "the JSON text")? {
            Some(text) => crate::json::parse(&text, self.limits()).map_err(|e| e.into_error(path)),
            None => self.value(i, path),
        }
    }
}

/// An optional argument's value read by its type's reader: `null` (absent, `undefined`) gives
/// the type's default.
pub(crate) fn read_or_default<T: Input + Default>(v: Value, path: &str) -> Result<T> {
    match v {
        Value::Null => Ok(T::default()),
        v => T::read(&v, path),
    }
}

/// An argument as it crossed: JSON text, or a value.
pub enum Crossed {
    Json(String),
    Value(Value),
}

/// A result that is not a declared output: what JavaScript has as a number, a string or a
/// `Uint32Array`.
pub(crate) trait Plain {
    /// The result as the core's value (the native hosts' form).
    fn to_value(&self) -> Value;
}

impl Plain for f64 {
    fn to_value(&self) -> Value {
        Value::Number(*self)
    }
}

impl Plain for String {
    fn to_value(&self) -> Value {
        Value::String(self.clone())
    }
}

impl Plain for Vec<u32> {
    fn to_value(&self) -> Value {
        Value::Array(self.iter().map(|&n| Value::Number(f64::from(n))).collect())
    }
}

/// One exported function, as its table declares it.
#[derive(Debug, Clone, Copy)]
pub struct Export {
    /// Its name in JavaScript.
    pub name: &'static str,
    /// Its arguments: name, TypeScript type, optional.
    pub params: &'static [(&'static str, &'static str, bool)],
    /// Its result's TypeScript type (a declared output's name, or `number`, `string`…).
    pub returns: &'static str,
    /// Whether its result is a declared output (decoded by shapes.js).
    pub shaped: bool,
    /// Whether its options take a `tokenCounter`.
    pub counted: bool,
    /// Whether the core answers it natively (else each host writes it).
    pub native: bool,
    /// Its result's declaration, when the core answers it with a declared output (the
    /// declarations and decoders are generated from it).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))] // read by the declarations test
    pub(crate) decl: Option<fn() -> crate::shape::Decl>,
    /// Its doc, the row's `#[doc]` lines each ended by a newline (the Python docstring).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))] // read by the declarations test
    pub(crate) doc: &'static str,
}

/// The declaration of what `body` returns.
pub(crate) fn decl_of<T: crate::shape::Shape>(
    _body: fn(&mut ValueArgs<'static>) -> Result<T>,
) -> crate::shape::Decl {
    T::decl()
}

/// A class an engine exports: written in the binding (compiled state), guarded by glue.js.
#[derive(Debug, Clone, Copy)]
pub struct Class {
    pub name: &'static str,
    /// Made again from its constructor's arguments when its entry gives its memory back.
    pub remade: bool,
}

/// An engine's table as data.
#[derive(Debug, Clone, Copy)]
pub struct Engine {
    /// The cargo feature that compiles its exports into an entry's wasm.
    pub feature: &'static str,
    /// Its decoders' module, as wasm-bindgen imports it (`/src/wasm/shapes/<feature>.js`), or
    /// "" when it returns no declared output.
    pub decoders: &'static str,
    /// Its entry's wasm size budget, gzip level 9 (`scripts/entries.mjs` reads it from
    /// `src/wasm/exports.mjs`); `None` for the calls every entry has.
    pub budget: Option<u32>,
    pub exports: &'static [Export],
    pub classes: &'static [Class],
    /// The declared types its classes' methods name that its functions do not.
    pub types: &'static [&'static str],
    /// Its native dispatch: the result of export `name` as the core's value, when it has it and
    /// the core answers it.
    pub call: fn(&str, &mut ValueArgs<'_>) -> Option<Result<Value>>,
}

/// Every engine's table, and the calls every entry has: `crate::ENGINES`, one line per engine
/// where the engines' modules are declared.
pub use crate::ENGINES;

/// Calls export `name` of any engine natively: the result as the core's value (what
/// `JSON.stringify` of the JavaScript result writes), or `None` when no engine answers it here.
/// A host of plain values (a Python binding) calls this with its arguments as values.
pub fn call(name: &str, a: &mut ValueArgs<'_>) -> Option<Result<Value>> {
    ENGINES.iter().find_map(|e| (e.call)(name, a))
}

/// The metadata and the native dispatch of a table: `table!(declare)` in the engine's
/// `exports` module.
macro_rules! declare {
    (
        feature $feature:literal;
        decoders $decoders:literal;
        $(budget $budget:literal;)?
        calls $calls:path;
        classes [$($class:ident $($remade:ident)?),*];
        types [$($ty:ident),*];
        $(
            $(#[doc = $doc:literal])*
            fn $js:ident($($p:ident: $ts:literal),* $(; $($op:ident: $ots:literal),*)?)
                $($counted:ident)? -> $kind:ident $ret:literal = $core:tt $(| host $host:ident)?;
        )*
    ) => {
        /// This engine's exports, as its table declares them.
        pub(crate) const ENGINE: $crate::exports::Engine = $crate::exports::Engine {
            feature: $feature,
            decoders: $decoders,
            budget: $crate::exports::declare!(@budget $($budget)?),
            exports: &[$($crate::exports::Export {
                name: stringify!($js),
                params: &[$((stringify!($p), $ts, false),)* $($((stringify!($op), $ots, true),)*)?],
                returns: $ret,
                shaped: $crate::exports::declare!(@shaped $kind),
                counted: $crate::exports::declare!(@counted $($counted)?),
                native: $crate::exports::declare!(@native $core),
                decl: $crate::exports::declare!(@decl $kind $core),
                doc: concat!($($doc, "\n",)*),
            },)*],
            classes: &[$($crate::exports::Class {
                name: stringify!($class),
                remade: $crate::exports::declare!(@remade $($remade)?),
            },)*],
            types: &[$(stringify!($ty)),*],
            call: |name, a| call(name, a),
        };

        /// Calls export `name` natively, if this engine has it and the core answers it.
        #[allow(unused_variables)]
        pub(crate) fn call<A: $crate::exports::Args>(
            name: &str,
            a: &mut A,
        ) -> Option<$crate::Result<$crate::json::Value>> {
            $($crate::exports::declare!(@call name a $js $kind $core);)*
            None
        }
    };

    (@name $ret:literal) => { $ret };
    (@budget $budget:literal) => { Some($budget) };
    (@budget) => { None };
    (@shaped shape) => { true };
    (@shaped plain) => { false };
    (@counted counted) => { true };
    (@counted) => { false };
    (@remade remade) => { true };
    (@remade) => { false };
    (@decl shape _) => { None };
    (@decl shape $core:ident) => { Some(|| $crate::exports::decl_of($core)) };
    (@decl plain $core:tt) => { None };
    (@native _) => { false };
    (@native $core:ident) => { true };
    (@call $name:ident $a:ident $js:ident $kind:ident _) => {};
    (@call $name:ident $a:ident $js:ident $kind:ident $core:ident) => {
        if $name == stringify!($js) {
            return Some($core($a).map(|r| $crate::exports::declare!(@value $kind r)));
        }
    };
    (@value shape $r:ident) => { $crate::shape::to_value(&$r) };
    (@value plain $r:ident) => { $crate::exports::Plain::to_value(&$r) };
}
pub(crate) use declare;

/// The calls every entry carries.
pub(crate) mod shared;
/// The exact tokenizer's calls (its module is compiled only with its entries' features).
pub(crate) mod tokenizer;

/// A caller's token counter and its name in the manifest (`host:<name>`).
pub type Counter<'c> = (String, &'c mut dyn FnMut(&str) -> Result<usize>);

/// [`Args`] of a native call: the arguments as values, as a vector gives them; a string
/// counter stands for the caller's `tokenCounter`.
pub struct ValueArgs<'c> {
    args: Vec<Value>,
    limits: Limits,
    counter: Option<Counter<'c>>,
}

impl<'c> ValueArgs<'c> {
    /// `args` as JavaScript passes them; `counter`, named as the manifest names it
    /// (`host:<name>`), when the call's options carry a `tokenCounter`.
    pub fn new(args: Vec<Value>, counter: Option<Counter<'c>>) -> Self {
        ValueArgs {
            args,
            limits: Limits::default(),
            counter,
        }
    }

    fn arg(&self, i: usize) -> Value {
        self.args.get(i).cloned().unwrap_or(Value::Null)
    }
}

impl Args for ValueArgs<'_> {
    fn limits(&self) -> &Limits {
        &self.limits
    }
    fn value(&mut self, i: usize, _: &str) -> Result<Value> {
        Ok(self.arg(i))
    }
    fn text(&mut self, i: usize, path: &str, what: &str) -> Result<Option<String>> {
        match self.args.get(i) {
            Some(Value::String(s)) => {
                self.limits
                    .check_text(crate::text::utf16_len(s), path, what)?;
                Ok(Some(s.clone()))
            }
            _ => Ok(None),
        }
    }
    fn kind(&self, i: usize) -> &'static str {
        crate::json::read::kind(&self.arg(i))
    }
    fn crossed(&mut self, i: usize, path: &str) -> Result<Crossed> {
        Ok(match self.text(i, path, "the JSON text")? {
            Some(text) => Crossed::Json(text),
            None => Crossed::Value(self.arg(i)),
        })
    }
    fn metered<R>(&mut self, f: impl FnOnce(Option<&mut Meter<'_>>) -> Result<R>) -> Result<R> {
        match self.counter.as_mut() {
            None => f(None),
            Some((name, count)) => {
                let mut meter =
                    Meter::Pieces(crate::tokens::Pieces::new(name.clone(), &mut **count));
                f(Some(&mut meter))
            }
        }
    }
}
