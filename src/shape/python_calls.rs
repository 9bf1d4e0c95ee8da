//! The Python package's functions, generated from the export tables (`crate::ENGINES`) as the
//! native module's are by `pybind!`: `python/ctxpack/_calls.py` holds each row's typed wrapper
//! (its parameters, their types mapped from the row's TypeScript, its doc as docstring, its
//! result's JSON text loaded into the TypedDict of `types.py`), and `python/ctxpack/_ctxpack.pyi`
//! the native module's stub. So an export added to a table needs no Python written by hand. A
//! test compares both with the committed files; `UPDATE_SHAPES=1 cargo test declarations`
//! rewrites them.

#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)] // compiled for tests alone

use super::python_types::{declared, docstring, is_keyword};
use super::Body;
use crate::exports::{Engine, Export, ENGINES};
use std::fmt::Write as _;

const GENERATED: &str = "# Generated from the export tables by src/shape/python_calls.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.\n";

/// Rows the generated module leaves to `ctxpack/__init__.py`, and why.
const OWN_ROWS: [(&str, &str); 1] = [("version", "a module attribute there: `__version__`")];

/// Tables whose functions are not in the engines' native module: the tokenizer's are in the
/// `ctxpack-tokenizer` wheel (`ctxpack[tokenizer]`), wrapped by hand in `__init__.py`.
const OTHER_WHEELS: [&str; 1] = ["tokenizer"];

/// What the native module has beside the table rows: Python's own, written in
/// `src/python/` (`to_json`, the classes with compiled state).
const OWN_STUBS: &str = r"def to_json(value: Any, indent: int = 0) -> str: ...

class ContextAssembler:
    def __init__(self, profile: Any = None, options: Any = None) -> None: ...
    def infer_intent(self, request: Any) -> str: ...
    def prioritize(self, input: Any) -> str: ...
    def assemble(self, input: Any) -> str: ...
    def cap_context(self, input: Any) -> str: ...

class RunGovernor:
    def __init__(self, config: Any = None, options: Any = None) -> None: ...
    @staticmethod
    def from_state(state: Any, options: Any = None) -> RunGovernor: ...
    def push(self, event: Any) -> str: ...
    def state(self) -> str: ...
    def report(self) -> str: ...
    def report_markdown(self) -> str: ...
";

/// TypeScript's words in a row's doc, as Python says them (outside code spans).
const DOC_WORDS: [(&str, &str); 3] = [
    ("Throws", "Raises"),
    ("throws", "raises"),
    ("in wasm", "natively"),
];

/// TypeScript's values in a row's doc's code spans, as Python writes them.
const DOC_VALUES: [(&str, &str); 3] = [("null", "None"), ("true", "True"), ("false", "False")];

/// `extractClasses` → `extract_classes`, as `#[python_name]` names the native function.
fn snake(js: &str) -> String {
    let mut out = String::new();
    for (i, c) in js.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The rows of the engines' native module, by table.
fn native_tables() -> impl Iterator<Item = &'static Engine> {
    ENGINES
        .iter()
        .filter(|e| !OTHER_WHEELS.contains(&e.feature))
}

fn wrapped(export: &Export) -> bool {
    !OWN_ROWS.iter().any(|(name, _)| *name == export.name)
}

/// The alternatives of a TypeScript union, split at its top level.
fn alternatives(ts: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0u32, 0);
    for (i, c) in ts.char_indices() {
        match c {
            '{' | '[' | '(' | '<' => depth = depth.saturating_add(1),
            '}' | ']' | ')' | '>' => depth = depth.saturating_sub(1),
            '|' if depth == 0 => {
                out.push(ts[start..i].trim());
                start = i.saturating_add(1);
            }
            _ => {}
        }
    }
    out.push(ts[start..].trim());
    out
}

/// The names of the declared input structs: Python takes each as a dict or as its JSON text
/// (`PyArgs` reads an object argument either way).
fn object_inputs() -> Vec<&'static str> {
    declared()
        .into_iter()
        .filter(|d| d.input && matches!(d.body, Body::Struct(_)))
        .map(|d| d.name)
        .collect()
}

/// An argument's TypeScript type, in Python: `T | null` is `Optional[T]`, a declared input
/// struct may be its JSON text too (and `string` beside one is that text).
fn py_param(ts: &str, objects: &[&str]) -> String {
    let mut members: Vec<String> = Vec::new();
    let (mut null, mut text) = (false, false);
    for alt in alternatives(ts) {
        let py = match alt {
            "null" => {
                null = true;
                continue;
            }
            "JsonText" => {
                text = true;
                continue;
            }
            "string" => "str".to_string(),
            "number" => "float".to_string(),
            "boolean" => "bool".to_string(),
            "Uint32Array" | "readonly number[]" => "Sequence[int]".to_string(),
            // types.py has no CapInput: assemble's input, whose other fields play no part.
            "CapInput" => "AssembleInput".to_string(),
            map if map.starts_with("{ [") && map.ends_with(" }") => {
                let value = map
                    .split_once("]: ")
                    .map(|(_, v)| v.trim_end_matches(" }"))
                    .unwrap_or_else(|| panic!("a map type without a value: {map:?}"));
                format!("Mapping[str, {}]", py_param(value, objects))
            }
            name if name.chars().all(|c| c.is_ascii_alphanumeric()) => {
                text |= objects.contains(&name);
                name.to_string()
            }
            other => panic!("no Python type for the TypeScript {other:?}: add it here"),
        };
        if !members.contains(&py) {
            members.push(py);
        }
    }
    if text {
        members.retain(|m| m != "str");
        members.push("JsonText".to_string());
    }
    match (members.as_slice(), null) {
        ([one], false) => one.clone(),
        ([one], true) => format!("Optional[{one}]"),
        (_, false) => format!("Union[{}]", members.join(", ")),
        (_, true) => format!("Union[{}, None]", members.join(", ")),
    }
}

/// A plain result Python has as it is (a count, a text, token ids); `None` for one that
/// crosses as JSON text, loaded into its TypedDict.
fn py_plain(ts: &str) -> Option<&'static str> {
    match ts {
        // Every number a row returns is a count: the binding gives a whole number as an int.
        "number" => Some("int"),
        "string" => Some("str"),
        "boolean" => Some("bool"),
        "Uint32Array" => Some("list[int]"),
        _ => None,
    }
}

/// A row's result: its Python type, and whether it is loaded from JSON text.
fn py_result(export: &Export) -> (String, bool) {
    match py_plain(export.returns) {
        Some(plain) if !export.shaped => (plain.to_string(), false),
        _ => (export.returns.to_string(), true),
    }
}

/// The row's doc as Python says it: its lines, TypeScript's words and values in Python's,
/// code spans in reStructuredText's double backticks, export names in snake_case.
fn py_doc(doc: &str) -> String {
    let mut out = String::new();
    for (i, piece) in doc.split('`').enumerate() {
        if i % 2 == 0 {
            let mut prose = piece.to_string();
            for (ts, py) in DOC_WORDS {
                prose = prose.replace(ts, py);
            }
            out.push_str(&prose);
            continue;
        }
        let mut code = piece.to_string();
        if ENGINES
            .iter()
            .flat_map(|e| e.exports)
            .any(|e| e.name == piece)
        {
            code = snake(piece);
        }
        for (ts, py) in DOC_VALUES {
            code = code
                .split(' ')
                .map(|w| if w == ts { py } else { w })
                .collect::<Vec<_>>()
                .join(" ");
        }
        let _ = write!(out, "``{code}``");
    }
    out
}

/// The doc a row's `#[doc]` lines make, each without rustdoc's leading space.
fn row_doc(export: &Export) -> String {
    export
        .doc
        .lines()
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
}

fn check_name(name: &str, row: &str) {
    assert!(
        !is_keyword(name),
        "{row}: {name:?} is a Python keyword; rename the argument in its table"
    );
}

fn wrapper(out: &mut String, export: &Export, objects: &[&str]) {
    let name = snake(export.name);
    check_name(&name, export.name);
    let _ = writeln!(out, "\n\ndef {name}(");
    for (param, ts, optional) in export.params {
        check_name(param, export.name);
        let default = if *optional { " = None" } else { "" };
        let _ = writeln!(out, "    {param}: {}{default},", py_param(ts, objects));
    }
    let (result, loaded) = py_result(export);
    let _ = writeln!(out, ") -> {result}:");
    docstring(out, &py_doc(&row_doc(export)), "    ");
    let args: Vec<&str> = export.params.iter().map(|(p, _, _)| *p).collect();
    let call = format!("_ctxpack.{name}({})", args.join(", "));
    if loaded {
        let _ = writeln!(out, "    return cast({result:?}, _loads({call}))");
    } else {
        let _ = writeln!(out, "    return {call}");
    }
}

/// The words of a Python annotation that name a type of `types.py`.
fn type_names(annotation: &str) -> impl Iterator<Item = &str> {
    annotation
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.starts_with(|c: char| c.is_ascii_uppercase()))
        .filter(|w| !["Optional", "Union", "Mapping", "Sequence", "None"].contains(w))
}

/// `python/ctxpack/_calls.py`.
pub(super) fn calls() -> String {
    let objects = object_inputs();
    let mut body = String::new();
    let mut names = Vec::new();
    let mut types = std::collections::BTreeSet::new();
    for engine in native_tables() {
        let exports: Vec<&Export> = engine.exports.iter().filter(|e| wrapped(e)).collect();
        if exports.is_empty() {
            continue;
        }
        let title = if engine.feature.is_empty() {
            "every entry"
        } else {
            engine.feature
        };
        let _ = write!(
            body,
            "\n\n# {title} {}\n",
            "-".repeat(97usize.saturating_sub(title.len()))
        );
        for export in exports {
            wrapper(&mut body, export, &objects);
            names.push(snake(export.name));
            let (result, _) = py_result(export);
            types.extend(type_names(&result).map(str::to_string));
            for (_, ts, _) in export.params {
                types.extend(type_names(&py_param(ts, &objects)).map(str::to_string));
            }
        }
    }
    let typing: Vec<&str> = ["Mapping", "Optional", "Sequence", "Union"]
        .into_iter()
        .filter(|t| body.contains(&format!("{t}[")))
        .collect();
    let typing = if typing.is_empty() {
        String::new()
    } else {
        format!(", {}", typing.join(", "))
    };
    let imports: Vec<String> = types.iter().map(|t| format!("        {t},\n")).collect();
    let all: Vec<String> = names.iter().map(|n| format!("    {n:?},\n")).collect();
    format!(
        "{GENERATED}\"\"\"The typed wrapper of each function of the export tables that the native module\n\
answers: the row's arguments, typed with the TypedDicts of ``ctxpack.types``, its doc, its\n\
result's JSON text loaded. ``ctxpack`` re-exports them (docs/PYTHON.md).\"\"\"\n\n\
from __future__ import annotations\n\n\
import json as _json\n\
from typing import TYPE_CHECKING, Any, Callable{typing}, cast\n\n\
from . import _ctxpack\n\n\
if TYPE_CHECKING:\n    from .types import (\n{}    )\n\n\
__all__ = [\n{}]\n\n\
_loads: Callable[[str], Any] = _json.loads\n{body}",
        imports.concat(),
        all.concat(),
    )
}

/// `python/ctxpack/_ctxpack.pyi`.
pub(super) fn stub() -> String {
    let mut out = format!(
        "{GENERATED}# The native module (src/python/): each table function returns its result's JSON text (a\n\
# count, a text as it is), which ctxpack/_calls.py loads into the TypedDicts of ctxpack/types.py.\n\
from typing import Any\n\n"
    );
    for export in native_tables().flat_map(|e| e.exports) {
        let params: Vec<String> = export
            .params
            .iter()
            .map(|(p, _, optional)| {
                if *optional {
                    format!("{p}: Any = None")
                } else {
                    format!("{p}: Any")
                }
            })
            .collect();
        let (result, loaded) = py_result(export);
        let result = if loaded { "str" } else { result.as_str() };
        let _ = writeln!(
            out,
            "def {}({}) -> {result}: ...",
            snake(export.name),
            params.join(", ")
        );
    }
    out.push_str(OWN_STUBS);
    out
}

#[test]
fn python_calls_follow_the_export_tables_and_declarations() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/python/ctxpack/");
    let mut stale = Vec::new();
    for (file, want) in [("_calls.py", calls()), ("_ctxpack.pyi", stub())] {
        if !super::generate::committed(&format!("{dir}{file}"), &want) {
            stale.push(file);
        }
    }
    assert!(
        stale.is_empty(),
        "{stale:?} in python/ctxpack/ out of date with the export tables: run UPDATE_SHAPES=1 cargo test declarations and review the diff"
    );
}

#[test]
fn each_typescript_argument_has_its_python_type() {
    let objects = ["Profile", "GovernorState"];
    for (ts, py) in [
        ("string", "str"),
        ("string | null", "Optional[str]"),
        ("Profile | null", "Union[Profile, JsonText, None]"),
        ("GovernorState | string", "Union[GovernorState, JsonText]"),
        ("AssembleInput | JsonText", "Union[AssembleInput, JsonText]"),
        ("CapInput | JsonText", "Union[AssembleInput, JsonText]"),
        ("Uint32Array | readonly number[]", "Sequence[int]"),
        ("{ [path: string]: string }", "Mapping[str, str]"),
        (
            "{ [path: string]: string | null } | null",
            "Optional[Mapping[str, Optional[str]]]",
        ),
        ("TrimLevel", "TrimLevel"),
    ] {
        assert_eq!(py_param(ts, &objects), py, "{ts}");
    }
    assert!(std::panic::catch_unwind(|| py_param("Promise<string>", &objects)).is_err());
}

#[test]
fn a_row_doc_is_said_in_python() {
    assert_eq!(
        py_doc("Throws for `null`, `exact: false`; see `extractClasses`.\nA `RunGovernor` keeps it in wasm."),
        "Raises for ``None``, ``exact: False``; see ``extract_classes``.\nA ``RunGovernor`` keeps it natively."
    );
}
