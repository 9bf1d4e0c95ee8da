//! The Python package's types (`python/ctxpack/types.py`: a `TypedDict` per struct, a
//! `Literal` per enum), generated from the same declarations as the TypeScript types, with the
//! same roots (`declarations::OUTPUT_ROOTS` and the inputs the functions take). A test compares
//! the committed file, so the Python types cannot drift from the Rust ones;
//! `UPDATE_SHAPES=1 cargo test declarations` rewrites it with the TypeScript files.

#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)] // compiled for tests alone

use super::generate::reachable;
use super::{Body, Decl, Field, Shape, TyRef};
use std::fmt::Write as _;

/// The inputs the Python functions take, beside the results (`OUTPUT_ROOTS`).
const INPUT_ROOTS: [fn() -> Decl; 14] = [
    crate::jsondoc::Origin::decl,
    crate::error::ErrorCode::decl,
    crate::limits::Limits::decl,
    crate::jsondoc::Profile::decl,
    crate::jsondoc::AssembleOptions::decl,
    crate::jsondoc::TrimLevel::decl,
    crate::tokens::Vocabulary::decl,
    crate::files::PreloadInput::decl,
    crate::files::check::PathsInput::decl,
    crate::sections::SectionsInput::decl,
    crate::code::ModuleRegistry::decl,
    crate::code::RegistryOptions::decl,
    crate::governor::GovernorConfig::decl,
    crate::governor::GovernorEvent::decl,
];

/// What only the binding reads, as `declarations::HOST_INPUTS` says it in TypeScript.
const HOST_INPUTS: &str = r#"JsonValue: TypeAlias = Union[None, bool, int, float, str, list["JsonValue"], dict[str, "JsonValue"]]
"""Any value JSON can hold (docs/PYTHON.md: how Python values map)."""

JsonText: TypeAlias = Union[str, bytes, bytearray]
"""JSON text: a str, or its UTF-8 bytes as read from a file or a database column."""


class JsondocInput(TypedDict):
    """A jsondoc as the app stores it. Other fields (project_id, schema_version…) are ignored."""

    id: str
    schema_type: str
    origin_type: Origin
    created_at: Union[str, float, datetime]
    """ISO-8601 (no offset = UTC), epoch milliseconds, or an aware datetime."""
    data: JsonValue
    metadata: NotRequired[Union[dict[str, JsonValue], str, None]]
    is_leaf: NotRequired[Optional[bool]]


class RequestObject(TypedDict, total=False):
    intent: Optional[str]
    params: Optional[dict[str, JsonValue]]
    text: Optional[str]
    userRequest: Optional[str]


RequestInput: TypeAlias = Union[str, RequestObject, None]
"""Free text for the profile's rules, or an explicit intent (which wins)."""

DocumentsInput: TypeAlias = Union[list[JsondocInput], JsonText]
"""Documents as dicts, or their JSON array as text (bodies then parsed lazily)."""


class AssembleInput(AssembleOptions):
    documents: DocumentsInput
    profile: NotRequired[Optional[Profile]]


class AssemblerInput(AssembleOptions):
    documents: DocumentsInput


class CallOptions(TypedDict, total=False):
    """The last argument of every call (and of ContextAssembler, for all its calls)."""

    limits: Optional[Limits]
    tokenCounter: Optional[Callable[[str], int]]
    """Counts tokens for maxTokens budgets instead of the estimator; see docs/PYTHON.md."""
"#;

fn py_name(t: &TyRef) -> String {
    match t {
        TyRef::String | TyRef::Given => "str".into(),
        TyRef::Number => "float".into(),
        TyRef::Bool => "bool".into(),
        TyRef::Json => "JsonValue".into(),
        TyRef::Option(x) => format!("Optional[{}]", py_name(x)),
        TyRef::Array(x) => format!("list[{}]", py_name(x)),
        TyRef::Map(x) => format!("dict[str, {}]", py_name(x)),
        TyRef::Named(f) => f().name.to_string(),
    }
}

/// A field's TypeScript override, in Python.
fn py_override(ts: &str) -> &'static str {
    match ts {
        "number" => "float",
        "number | string" => "Union[float, str]",
        "number | string | Date" => "Union[float, str, datetime]",
        "string | number[] | Uint8Array | ArrayBuffer" => "Union[str, bytes, list[int]]",
        "{ [path: string]: ModuleEntry }" => "dict[str, ModuleEntry]",
        "RequestInput" => "RequestInput",
        other => panic!("no Python type for the TypeScript override {other:?}: add it here"),
    }
}

/// `doc` as a docstring indented by `indent` (one line, or its lines and a closing line).
pub(super) fn docstring(out: &mut String, doc: &str, indent: &str) {
    if doc.is_empty() {
        return;
    }
    let doc = doc.replace('\\', "\\\\").replace("\"\"\"", "\\\"\\\"\\\"");
    let lines: Vec<&str> = doc.lines().collect();
    if lines.len() == 1 {
        let _ = writeln!(out, "{indent}\"\"\"{}\"\"\"", lines.join(""));
        return;
    }
    let _ = writeln!(
        out,
        "{indent}\"\"\"{}",
        lines.first().copied().unwrap_or("")
    );
    for l in lines.iter().skip(1) {
        let _ = writeln!(out, "{indent}{l}");
    }
    let _ = writeln!(out, "{indent}\"\"\"");
}

fn field_type(d: &Decl, f: &Field) -> (String, bool) {
    let ty =
        f.ts.map_or_else(|| py_name(&f.ty), |ts| py_override(ts).to_string());
    // An input's optional field may be left out as well as None.
    let optional = d.input && (f.defaulted || matches!(f.ty, TyRef::Option(_)));
    let ty = if optional && f.ts.is_some() {
        format!("Optional[{ty}]")
    } else {
        ty
    };
    (ty, optional)
}

pub(super) fn is_keyword(name: &str) -> bool {
    matches!(
        name,
        "from"
            | "class"
            | "import"
            | "def"
            | "in"
            | "is"
            | "not"
            | "and"
            | "or"
            | "if"
            | "else"
            | "for"
            | "while"
            | "return"
            | "pass"
            | "None"
            | "True"
            | "False"
            | "with"
            | "as"
            | "global"
            | "lambda"
            | "try"
            | "except"
            | "raise"
            | "del"
            | "yield"
            | "async"
            | "await"
            | "assert"
            | "break"
            | "continue"
            | "elif"
            | "finally"
            | "nonlocal"
    )
}

fn write_decl(out: &mut String, d: &Decl) {
    match &d.body {
        Body::Enum(variants) => {
            let names: Vec<String> = variants.iter().map(|v| format!("{:?}", v.name)).collect();
            let _ = writeln!(out, "{}: TypeAlias = Literal[{}]", d.name, names.join(", "));
            docstring(out, d.doc, "");
            out.push_str("\n\n");
        }
        Body::Struct(fields) => {
            let bases: Vec<String> = fields
                .iter()
                .filter(|f| f.flatten)
                .map(|f| py_name(&f.ty))
                .collect();
            let own: Vec<&Field> = fields.iter().filter(|f| !f.flatten).collect();
            if own.iter().any(|f| is_keyword(f.name)) {
                // A key Python cannot write as a class attribute (`from`): the functional form.
                let members: Vec<String> = own
                    .iter()
                    .map(|f| {
                        let (ty, optional) = field_type(d, f);
                        let ty = if optional {
                            format!("NotRequired[{ty}]")
                        } else {
                            ty
                        };
                        // Evaluated at run time: a forward reference is a string.
                        format!("{:?}: {ty:?}", f.name)
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "{} = TypedDict({:?}, {{{}}})",
                    d.name,
                    d.name,
                    members.join(", ")
                );
                docstring(out, d.doc, "");
                out.push_str("\n\n");
                return;
            }
            let bases = if bases.is_empty() {
                "TypedDict".to_string()
            } else {
                bases.join(", ")
            };
            let _ = writeln!(out, "class {}({bases}):", d.name);
            docstring(out, d.doc, "    ");
            if !d.doc.is_empty() && !own.is_empty() {
                out.push('\n');
            }
            for f in &own {
                let (ty, optional) = field_type(d, f);
                let ty = if optional {
                    format!("NotRequired[{ty}]")
                } else {
                    ty
                };
                let _ = writeln!(out, "    {}: {ty}", f.name);
                docstring(out, f.doc, "    ");
            }
            if own.is_empty() && d.doc.is_empty() {
                out.push_str("    pass\n");
            }
            out.push_str("\n\n");
        }
    }
}

/// Every declaration `types.py` holds.
pub(super) fn declared() -> Vec<Decl> {
    let mut roots: Vec<fn() -> Decl> = crate::declarations::output_roots()
        .into_iter()
        .map(|(_, d)| d)
        .collect();
    roots.extend(INPUT_ROOTS);
    reachable(&roots)
}

/// `python/ctxpack/types.py`.
pub(crate) fn python() -> String {
    let decls = declared();
    // A TypedDict's bases are defined before it; aliases and forward references in annotations
    // need no order (`from __future__ import annotations`).
    let mut ordered: Vec<&Decl> = Vec::new();
    fn place<'a>(d: &'a Decl, all: &'a [Decl], ordered: &mut Vec<&'a Decl>) {
        if ordered.iter().any(|o| o.name == d.name) {
            return;
        }
        if let Body::Struct(fields) = &d.body {
            for f in fields.iter().filter(|f| f.flatten) {
                let name = py_name(&f.ty);
                if let Some(base) = all.iter().find(|b| b.name == name) {
                    place(base, all, ordered);
                }
            }
        }
        ordered.push(d);
    }
    for d in &decls {
        place(d, &decls, &mut ordered);
    }
    let mut body = String::new();
    for d in ordered {
        write_decl(&mut body, d);
    }
    let mut names: Vec<&str> = decls.iter().map(|d| d.name).collect();
    names.extend([
        "JsonValue",
        "JsonText",
        "JsondocInput",
        "RequestObject",
        "RequestInput",
        "DocumentsInput",
        "AssembleInput",
        "AssemblerInput",
        "CallOptions",
    ]);
    names.sort_unstable();
    let all: Vec<String> = names.iter().map(|n| format!("    {n:?},\n")).collect();
    format!(
        "# Generated from the Rust declarations by src/shape/python_types.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.\n\
\"\"\"The types of ctxpack's inputs and results: the shapes the TypeScript types declare, as\n\
TypedDicts and Literals (results are plain dicts of these shapes).\"\"\"\n\n\
from __future__ import annotations\n\n\
from datetime import datetime\n\
from typing import Callable, Literal, NotRequired, Optional, TypeAlias, TypedDict, Union\n\n\
__all__ = [\n{}]\n\n{}\n\n\n{HOST_INPUTS}",
        all.concat(),
        body.trim_end()
    )
}

#[test]
fn python_types_follow_the_declarations() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/python/ctxpack/types.py");
    assert!(
        super::generate::committed(path, &python()),
        "python/ctxpack/types.py is out of date with the Rust declarations: run UPDATE_SHAPES=1 cargo test declarations and review the diff"
    );
}

#[test]
fn a_type_each_python_name_can_write() {
    let text = python();
    // Edge has a `from` key, which only the functional form can hold.
    assert!(
        text.contains("Edge = TypedDict(\"Edge\", {\"from\": \"str\""),
        "{text}"
    );
    assert!(text.contains("class DocRecord(ItemRecord):"), "{text}");
    assert!(text.find("class ItemRecord(").unwrap() < text.find("class DocRecord(").unwrap());
}
