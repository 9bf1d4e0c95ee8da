//! The code module's properties; its shared vectors (tests/vectors/code) are replayed through
//! its export table by tests/calls.rs.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)] // tests may fail loudly
#![cfg(not(target_arch = "wasm32"))]

mod common;

use ctxpack::code::{self, ModuleRegistry, RegistryOptions};
use ctxpack::json::{self, Value};
use ctxpack::shape::Input;
use ctxpack::Limits;
use proptest::prelude::*;
use std::fs;
use std::path::Path;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/code");

fn string(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => panic!("expected a string, got {other:?}"),
    }
}

/// The readable sources the extract vectors were written from are the vectors' contents.
#[test]
fn sources_match_the_extract_vectors() {
    for entry in fs::read_dir(Path::new(DIR).join("sources")).unwrap() {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_str().unwrap().to_string();
        let input = Path::new(DIR).join(format!("inputs/extract_{}.json", file.replace('.', "_")));
        let v = json::parse(&fs::read_to_string(input).unwrap(), &Limits::default()).unwrap();
        let Some(Value::Array(args)) = v.as_object().unwrap().get("args").cloned() else {
            panic!("{file}");
        };
        assert_eq!(
            string(&args[1]),
            fs::read_to_string(&path).unwrap(),
            "{file}"
        );
    }
}

const PATHS: [&str; 7] = ["a.py", "a.ts", "a.tsx", "a.js", "a.dart", "a.pyi", "a.txt"];

/// Text made of the characters that steer the scanners, so odd nestings are common.
fn code_like() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("class ".to_string()),
            Just("class A".to_string()),
            Just("@d\n".to_string()),
            Just("export default ".to_string()),
            Just("const X = ".to_string()),
            Just(":\n    ".to_string()),
            Just("\n".to_string()),
            Just("\r".to_string()),
            Just("\t".to_string()),
            Just("{".to_string()),
            Just("}".to_string()),
            Just("(".to_string()),
            Just(")".to_string()),
            Just("<".to_string()),
            Just(">".to_string()),
            Just("/".to_string()),
            Just("`".to_string()),
            Just("${".to_string()),
            Just("'".to_string()),
            Just("\"\"\"".to_string()),
            Just("f\"{".to_string()),
            Just("#".to_string()),
            Just("\\".to_string()),
            Just("/*".to_string()),
            Just("é😀".to_string()),
            Just("\u{feff}".to_string()),
            Just("<>".to_string()),
            Just("</>".to_string()),
            Just("!".to_string()),
            Just("mixin M ".to_string()),
            Just("extension type E".to_string()),
            Just("export { A as B }".to_string()),
            Just("export = A".to_string()),
            Just("__all__ = ['A',\n".to_string()),
            "[a-z ]{0,4}",
        ],
        0..60,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn spans_are_inside_the_file_and_well_nested(src in code_like(), p in 0usize..PATHS.len()) {
        let path = PATHS[p];
        let classes = code::extract_classes(path, &src).classes;
        let lines = src.split('\n').count() + src.matches('\r').count();
        for (i, c) in classes.iter().enumerate() {
            prop_assert!(c.start_byte <= c.end_byte && c.end_byte <= src.len());
            prop_assert!(src.is_char_boundary(c.start_byte) && src.is_char_boundary(c.end_byte));
            prop_assert!(c.start_line <= c.line && c.line <= c.end_line.max(c.line));
            prop_assert!(c.start_line <= c.end_line && c.end_line <= lines.max(1));
            let units = src[..c.start_byte].encode_utf16().count();
            prop_assert_eq!(c.start_utf16, units);
            if let Some(parent) = c.parent {
                prop_assert!(parent < i);
                let p = &classes[parent];
                prop_assert!(p.start_byte <= c.start_byte && c.end_byte <= p.end_byte,
                    "{:?} not inside {:?}", c, p);
            }
        }
    }

    #[test]
    fn any_text_formats_within_its_budget(src in code_like(), max in 0usize..600) {
        let registry = ModuleRegistry::read(
            &json::parse(r#"{"modules":{"a.py":{"classes":["A","X"]},"b.ts":{"classes":["A"]}}}"#,
                &Limits::default()).unwrap(), "").unwrap();
        let files = [("a.py".to_string(), src.clone()), ("b.ts".to_string(), src.clone())]
            .into_iter().collect();
        let options = RegistryOptions { max_chars: Some(max), max_chars_per_class: Some(50), ..Default::default() };
        let r = code::format_module_registry(&registry, &files, &options);
        prop_assert!(r.chars <= max);
        prop_assert_eq!(r.classes.len(), 3);
        let _ = code::parse_modified_files(&src);
        let _ = code::track_outputs(&[("a.py".to_string(), src.clone())], &[("b.dart".to_string(), Some(src))]);
    }
}

/// A JSX expression: elements, fragments (bare, keyed, `React.Fragment`), text with the
/// characters that used to end it early, and `{…}` children holding JSX again.
fn jsx_expression() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("<br/>".to_string()),
        Just("<></>".to_string()),
        Just("<img alt=\"a > b }\" />".to_string()),
        Just("<Icon {...props} />".to_string()),
    ];
    leaf.prop_recursive(4, 40, 4, |inner| {
        let tag = prop_oneof![
            Just(("<>", "</>")),
            Just(("<div className=\"}\">", "</div>")),
            Just(("<React.Fragment key={k}>", "</React.Fragment>")),
            Just(("<Fragment key=\"a\">", "</Fragment>")),
            Just(("<Select<Opt> value={v}>", "</Select>")),
        ];
        let child = prop_oneof![
            Just("Don't".to_string()),
            Just("a > b &rbrace;".to_string()),
            Just("\n    ".to_string()),
            Just("{/* } */}".to_string()),
            Just("{'}'}".to_string()),
            inner.clone(),
            inner.clone().prop_map(|x| format!("{{{x}}}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{{c ? {a} : {b}}}")),
            inner.clone().prop_map(|x| format!("{{c && {x}}}")),
            inner
                .clone()
                .prop_map(|x| format!("{{list.map((i) => {x})}}")),
        ];
        (tag, proptest::collection::vec(child, 0..4))
            .prop_map(|((open, close), kids)| format!("{open}{}{close}", kids.concat()))
    })
}

/// Where a JSX expression sits in a class: after `return`, `(`, `=`, `?`, `:`, `&&`, `=>`.
fn jsx_member(x: &str, position: usize) -> String {
    match position {
        0 => format!("render() {{\n    return (\n      {x}\n    );\n  }}"),
        7 => format!("cmp = (v) => v! < limit! ? {x} : v! > 0;"),
        1 => format!("render() {{ return {x}; }}"),
        2 => format!("view = {x};"),
        3 => format!("pick = (a) => a ? {x} : null;"),
        4 => format!("other = (a) => a ? null : {x};"),
        5 => format!("maybe = a && {x};"),
        _ => format!("arrow = () => {x};"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Classes holding JSX (fragments in every position), with TSX generic arrows between
    /// them, are each found with their exact lines — none swallowed, none cut short.
    #[test]
    fn classes_around_jsx_keep_their_spans(
        members in proptest::collection::vec((jsx_expression(), 0usize..8, any::<bool>()), 1..5),
        tsx in any::<bool>(),
    ) {
        let mut src = String::from("import React from \"react\";\n");
        let mut want = Vec::new();
        for (i, (x, position, generic)) in members.iter().enumerate() {
            if *generic && tsx {
                src.push_str("const id = <T,>(x: T) => x;\nconst pair = <T extends object>(a: T) => <>{a}</>;\n");
            }
            let start = src.matches('\n').count() + 1;
            src.push_str(&format!("export class C{i} extends React.Component {{\n  {}\n}}\n", jsx_member(x, *position)));
            let end = src.matches('\n').count();
            want.push((format!("C{i}"), start, start, end));
        }
        let path = if tsx { "view.tsx" } else { "view.jsx" };
        let got: Vec<_> = code::extract_classes(path, &src).classes.into_iter()
            .map(|c| (c.name, c.line, c.start_line, c.end_line)).collect();
        prop_assert_eq!(got, want, "{}", src);
    }
}
