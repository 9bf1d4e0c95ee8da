use super::exports::Binding;
use super::*;
use std::collections::BTreeMap;

fn names(path: &str, src: &str) -> Vec<(String, usize, usize, usize)> {
    extract_classes(path, src)
        .classes
        .into_iter()
        .map(|c| (c.name, c.line, c.start_line, c.end_line))
        .collect()
}

fn n(name: &str, line: usize, start: usize, end: usize) -> (String, usize, usize, usize) {
    (name.to_string(), line, start, end)
}

#[test]
fn python_decorators_nesting_and_continuations() {
    let src = "import x\n\n@dataclass\n@other(\n    a=1,\n)\nclass A(Base,\n        metaclass=M):\n    \"\"\"Doc\n\nclass NotAClass:\n\"\"\"\n    x: int = (1 +\n        2)\n    class Inner: pass\n    def f(self):\n        s = f'{self.x!r:>{10}} {\"}\"}'\n        return \\\n            1\n    # a comment at column 0 does not end the class\n# here neither\n\nclass B: x = 1; y = 2\nclass C:\n\tpass\n";
    assert_eq!(
        names("m.py", src),
        vec![
            n("A", 7, 3, 19),
            n("Inner", 15, 15, 15),
            n("B", 23, 23, 23),
            n("C", 24, 24, 25)
        ]
    );
    let c = extract_classes("m.py", src).classes;
    assert_eq!(c.get(1).and_then(|c| c.parent), Some(0));
}

#[test]
fn python_strings_hide_class_keywords() {
    let src = "x = '''\nclass Fake:\n'''\ny = r'\\'' ; z = b\"class\"\nclass Real:\n    s = f\"{d[\"k\"]}\"\n    t = f'''\n{x}\nclass Fake2: pass\n'''\n";
    assert_eq!(names("a.pyi", src), vec![n("Real", 5, 5, 10)]);
}

#[test]
fn an_f_string_backslash_leaves_doubled_braces_alone() {
    // Python 3.12's test_fstring: `\{{` is a backslash and a literal brace, raw or not.
    let src = "x = fr'\\{{' + f'\\{{{1+1}' + fr'\\{{\\}}'\nclass After:\n    pass\n";
    assert_eq!(names("f.py", src), vec![n("After", 2, 2, 3)]);
}

#[test]
fn the_dataclass_reference_case() {
    let src = "\n@dataclass\nclass TestClass:\n    field1: str\n    field2: int = 0\n\n    def to_dict(self) -> dict:\n        return {\"field1\": self.field1}\n";
    let registry = registry_of(&[("swarm_attack/models/test.py", Some(1), &["TestClass"])]);
    let files = files_of(&[("swarm_attack/models/test.py", src)]);
    let r = format_module_registry(&registry, &files, &RegistryOptions::default());
    assert!(r.text.contains("field1: str"), "{}", r.text);
    assert!(r.text.contains("def to_dict"));
    assert!(r.text.contains("MUST IMPORT"));
    assert!(r
        .text
        .contains("**Import:** `from swarm_attack.models.test import TestClass`"));
    assert!(r
        .text
        .contains("### From `swarm_attack/models/test.py` (Issue #1)"));
    assert!(r.text.contains("```python\n@dataclass\nclass TestClass:"));
}

#[test]
fn a_large_class_is_truncated_with_a_marker() {
    let fields: Vec<String> = (0..100)
        .map(|i| format!("    field{i}: Optional[str] = None"))
        .collect();
    let src = format!("@dataclass\nclass LargeClass:\n{}\n", fields.join("\n"));
    let registry = registry_of(&[("m/large.py", Some(2), &["LargeClass"])]);
    let files = files_of(&[("m/large.py", &src)]);
    let r = format_module_registry(&registry, &files, &RegistryOptions::default());
    assert!(r.text.len() < 5000, "{}", r.text.len());
    assert!(r.text.contains("# ... truncated"));
    // Cut at a line boundary: no half field before the marker.
    assert!(r.text.contains(" = None\n# ... truncated"));
    let rec = r.classes.first().unwrap();
    assert_eq!(rec.status, ClassStatus::Truncated);
}

#[test]
fn missing_files_and_classes_are_reported_not_fatal() {
    let registry = registry_of(&[
        ("a.py", None, &["A", "Gone"]),
        ("missing.py", Some(3), &["M"]),
    ]);
    let files = files_of(&[("a.py", "class A:\n    pass\n")]);
    let r = format_module_registry(&registry, &files, &RegistryOptions::default());
    assert_eq!(r.not_found, vec!["a.py#Gone".to_string()]);
    assert_eq!(r.missing_files, vec!["missing.py".to_string()]);
    assert!(r.text.contains("(Issue #?)"));
    assert!(!r.text.contains("missing.py"));
    let statuses: Vec<ClassStatus> = r.classes.iter().map(|c| c.status).collect();
    assert_eq!(
        statuses,
        vec![
            ClassStatus::Included,
            ClassStatus::NotFound,
            ClassStatus::MissingFile
        ]
    );
}

#[test]
fn an_empty_registry_says_so() {
    let r = format_module_registry(
        &ModuleRegistry::default(),
        &BTreeMap::new(),
        &RegistryOptions::default(),
    );
    assert_eq!(r.text, "No prior modules created for this feature.");
}

#[test]
fn the_budget_drops_whole_classes_from_the_end() {
    let registry = registry_of(&[
        ("p/a.py", Some(1), &["A", "B"]),
        ("p/c.ts", Some(2), &["C"]),
    ]);
    let files = files_of(&[
        ("p/a.py", "class A:\n    x = 1\n\nclass B:\n    y = 2\n"),
        ("p/c.ts", "export class C {\n  z = 3;\n}\n"),
    ]);
    let all = format_module_registry(&registry, &files, &RegistryOptions::default());
    assert!(all.dropped.is_empty());
    let options = RegistryOptions {
        max_chars: Some(all.chars.saturating_sub(1)),
        ..RegistryOptions::default()
    };
    let r = format_module_registry(&registry, &files, &options);
    assert_eq!(r.dropped, vec!["p/c.ts#C".to_string()]);
    assert!(r.chars <= all.chars.saturating_sub(1));
    assert!(!r.text.contains("p/c.ts"));
    let tokens = RegistryOptions {
        max_tokens: Some(1),
        ..RegistryOptions::default()
    };
    let r = format_module_registry(&registry, &files, &tokens);
    assert_eq!(r.text, "");
    assert_eq!(r.dropped.len(), 3);
}

#[test]
fn imports_follow_the_language_and_the_options() {
    let options = RegistryOptions {
        source_roots: Some(vec!["src/".to_string()]),
        importer_dir: Some("src/app".to_string()),
        ..RegistryOptions::default()
    };
    let named = [
        Binding::Named("A".to_string()),
        Binding::Named("B".to_string()),
    ];
    let imports = [
        registry::Imported {
            name: "A",
            binding: &named[0],
        },
        registry::Imported {
            name: "B",
            binding: &named[1],
        },
    ];
    let line = |p: &str| registry::import_line(p, &imports, &options).unwrap();
    assert_eq!(line("src/pkg/mod.py"), "from pkg.mod import A, B");
    assert_eq!(line("src/pkg/__init__.py"), "from pkg import A, B");
    assert_eq!(
        line("src/lib/models.ts"),
        "import { A, B } from \"../lib/models\";"
    );
    assert_eq!(line("src/app/x.tsx"), "import { A, B } from \"./x\";");
    assert_eq!(line("lib/a.dart"), "import '../../lib/a.dart';");
    assert!(registry::import_line("notes.txt", &imports, &options).is_none());
}

#[test]
fn fences_outgrow_backtick_runs() {
    let src = "export class T {\n  s = \"a ``` b\";\n}\n";
    let registry = registry_of(&[("t.ts", Some(1), &["T"])]);
    let r = format_module_registry(
        &registry,
        &files_of(&[("t.ts", src)]),
        &RegistryOptions::default(),
    );
    assert!(
        r.text.contains("````typescript\nexport class T {"),
        "{}",
        r.text
    );
}

#[test]
fn typescript_forms() {
    let src = "class SimpleClass {}\n\nexport class ExportedClass {}\n\nabstract class AbstractClass {}\n@Component({\n  selector: '}',\n})\nexport default class Decorated<T extends { a: 1 }> extends Base<{ b: 2 }> implements I {\n  m() { return `${`${'}'}`}`; }\n}\nexport const Expr = class {\n  x = /}/g.test(a) ? 1 : 2 / 3;\n};\nexport default class {}\nconst o = { class: 1 }; o.class;\n";
    assert_eq!(
        names("t.ts", src),
        vec![
            n("SimpleClass", 1, 1, 1),
            n("ExportedClass", 3, 3, 3),
            n("AbstractClass", 5, 5, 5),
            n("Decorated", 9, 6, 11),
            n("Expr", 12, 12, 14),
            n("default", 15, 15, 15)
        ]
    );
}

#[test]
fn jsx_text_and_regex_do_not_hide_braces() {
    let src = "export class View extends Component {\n  render() {\n    return <div className=\"}\">Don't {this.a}<br/> }</div>;\n  }\n}\nconst r = a / b; class After { x = /{/; }\n";
    assert_eq!(
        names("v.jsx", src),
        vec![n("View", 1, 1, 5), n("After", 6, 6, 6)]
    );
}

#[test]
fn property_keywords_and_crlf_continuations() {
    let src = "const a = x.return / 2 / 3; const s = 'a\\\r\nb{';\r\nclass K {\r\n}\r\n";
    assert_eq!(names("k.js", src), vec![n("K", 3, 3, 4)]);
}

#[test]
fn dart_classes() {
    let src = "@immutable\nabstract class Shape {\n  String s = '${a + '}'}';\n  /* nested /* } */ */\n}\nmixin class M {}\nclass A = B with M;\nfinal class F extends Shape { int x = r'}'.length; }\n";
    assert_eq!(
        names("lib/s.dart", src),
        vec![
            n("Shape", 2, 1, 5),
            n("M", 6, 6, 6),
            n("A", 7, 7, 7),
            n("F", 8, 8, 8)
        ]
    );
}

#[test]
fn unsupported_extensions_give_nothing() {
    let r = extract_classes("test.txt", "class Foo {}");
    assert_eq!((r.language, r.classes.len()), (None, 0));
}

#[test]
fn spans_count_bytes_and_utf16() {
    let src = "x = '😀'\nclass É:\n    pass\n";
    let c = extract_classes("u.py", src).classes;
    let c = c.first().unwrap();
    assert_eq!(&src[c.start_byte..c.end_byte], "class É:\n    pass");
    assert_eq!(c.start_utf16, 9);
    assert_eq!(c.end_utf16 - c.start_utf16, 17);
}

#[test]
fn outputs_track_created_and_modified_files() {
    let created = vec![(
        "models/user.py".to_string(),
        "class User:\n    pass\n\nclass UserFactory:\n    pass".to_string(),
    )];
    let modified = vec![
        (
            "models/existing.py".to_string(),
            Some("class ExistingClass:\n    pass\n\nclass AddedClass:\n    pass".to_string()),
        ),
        (
            "models/user.py".to_string(),
            Some("class User:\n    class Meta: pass\nclass Added: pass\n".to_string()),
        ),
        ("models/nonexistent.py".to_string(), None),
    ];
    let t = track_outputs(&created, &modified);
    let got: Vec<(&str, Vec<&str>)> = t
        .classes_defined
        .iter()
        .map(|f| {
            (
                f.path.as_str(),
                f.classes.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("models/user.py", vec!["User", "UserFactory", "Added"]),
            ("models/existing.py", vec!["ExistingClass", "AddedClass"]),
        ]
    );
    assert_eq!(t.missing, vec!["models/nonexistent.py".to_string()]);
    let none = track_outputs(&[], &[("models/nonexistent.py".to_string(), None)]);
    assert!(none.classes_defined.is_empty());
}

#[test]
fn modified_files_are_parsed_from_a_response() {
    let response = "I'll modify the existing file:\n# MODIFIED FILE: models/session.py\n\nAnd update another:\nModified: `utils/helpers.py`\n\nUpdated: config/settings.py\nModified: nothing\n**Updated:** \"web/app.tsx\".\nmodified: models/session.py\nUpdated: notes.txt\nModified: `a.py`, `b.ts`, then it also read c.py\n";
    assert_eq!(
        parse_modified_files(response).paths,
        vec![
            "models/session.py",
            "utils/helpers.py",
            "config/settings.py",
            "web/app.tsx",
            "a.py",
            "b.ts"
        ]
    );
}

fn registry_of(modules: &[(&str, Option<u32>, &[&str])]) -> ModuleRegistry {
    ModuleRegistry {
        modules: modules
            .iter()
            .map(|(path, issue, classes)| SourceFile {
                path: path.to_string(),
                entry: ModuleEntry {
                    created_by_issue: issue.map(|i| i.to_string()),
                    modified: None,
                    classes: Some(classes.iter().map(|c| c.to_string()).collect()),
                },
            })
            .collect(),
    }
}

fn files_of(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    files
        .iter()
        .map(|(p, c)| (p.to_string(), c.to_string()))
        .collect()
}

#[test]
fn a_registry_whose_classes_are_all_missing_sends_nothing() {
    let registry = registry_of(&[("a.py", Some(1), &["Gone"])]);
    let r = format_module_registry(
        &registry,
        &files_of(&[("a.py", "x = 1\n")]),
        &RegistryOptions::default(),
    );
    assert_eq!((r.text.as_str(), r.not_found.len()), ("", 1));
}

#[test]
fn a_fragment_closes_where_it_ends() {
    // Issue 34: `</>` was read as a self-closing tag, so the fragment swallowed the file.
    let src = "class A extends React.Component {\n  render() {\n    return (<>\n      <p>a</p>\n    </>);\n  }\n}\nclass B {}\n";
    for path in ["v.jsx", "v.tsx", "v.js"] {
        assert_eq!(
            names(path, src),
            vec![n("A", 1, 1, 7), n("B", 8, 8, 8)],
            "{path}"
        );
    }
}

#[test]
fn fragments_in_every_position() {
    let bodies = [
        "x = <></>;",
        "x = <><></></>;",
        "x = <React.Fragment key={k}><b/></React.Fragment>;",
        "x = <Fragment key=\"a\">{'}'}</Fragment>;",
        "f() { return <>{a ? <>y</> : <>n</>}</>; }",
        "f() { return (<><i>{'{'}</i></>); }",
        "f() { return a && <>x</>; }",
        "f() { return a ? <>x</> : null; }",
        "f() { return a ? null : <>x</>; }",
        "f = () => <>x</>;",
        "f = () => (<>\n<p/>\n</>);",
        "x = [<>a</>, <>b</>];",
        "x = <Select<Opt> value={v}></Select>;",
        "x = <div>{list.map(i => <>{i}</>)}</div>;",
        "x = <>a {/* } */} b</>;",
        "f = (v) => v! < m! ? <>a</> : v! > 0;",
        "x = <a\n    // the parent's\n    /* > */ b={1}\n  />;",
    ];
    for body in bodies {
        let src = format!("class A {{\n  {body}\n}}\nclass B {{}}\n");
        let lines = src.lines().count();
        for path in ["a.jsx", "a.tsx"] {
            assert_eq!(
                names(path, &src),
                vec![n("A", 1, 1, lines - 1), n("B", lines, lines, lines)],
                "{path}: {body}"
            );
        }
    }
}

#[test]
fn tsx_generic_arrows_are_not_jsx() {
    for generic in [
        "<T,>(x: T) => x",
        "<T extends unknown>(x: T) => x",
        "<T extends {}>(x: T) => x",
        "<T = string>(x: T) => x",
        "<const T,>(x: T) => x",
    ] {
        let src = format!(
            "const f = {generic};\nclass A {{ m() {{ return <>{{'x'}}</>; }} }}\nclass B {{}}\n"
        );
        assert_eq!(
            names("g.tsx", &src),
            vec![n("A", 2, 2, 2), n("B", 3, 3, 3)],
            "{generic}"
        );
    }
    // `<T extends>` is an element with an attribute named `extends`.
    let src = "const e = <T extends>{'}'}</T>;\nclass A {}\n";
    assert_eq!(names("g.tsx", src), vec![n("A", 2, 2, 2)]);
}

#[test]
fn a_byte_order_mark_hides_no_class() {
    let cases = [
        ("m.py", "\u{feff}class A:\n    pass\n", n("A", 1, 1, 2)),
        ("m.dart", "\u{feff}class A {\n}\n", n("A", 1, 1, 2)),
        ("m.ts", "\u{feff}export class A {\n}\n", n("A", 1, 1, 2)),
        ("m.jsx", "\u{feff}class A {\n}\n", n("A", 1, 1, 2)),
    ];
    for (path, src, want) in cases {
        let got = extract_classes(path, src).classes;
        assert_eq!(names(path, src), vec![want], "{path}");
        let c = got.first().unwrap();
        // Offsets stay those of the given text, mark included.
        assert_eq!(c.start_byte, 3, "{path}");
        assert_eq!(c.start_utf16, 1, "{path}");
    }
}

#[test]
fn dart_mixins_and_extensions() {
    let src = "mixin M on A, B {\n  void f() {}\n}\nbase mixin N {}\nmixin class C {}\nabstract mixin class D {}\nextension E<T> on List<T> {\n  T get x => first;\n}\nextension on String {}\nextension type const Id._(int v) implements int {}\nextension type Raw(String s) {}\nextension type on int {}\nfinal mixin = 1;\nvar extension = p.extension(x);\n";
    assert_eq!(
        names("m.dart", src),
        vec![
            n("M", 1, 1, 3),
            n("N", 4, 4, 4),
            n("C", 5, 5, 5),
            n("D", 6, 6, 6),
            n("E", 7, 7, 9),
            n("Id", 11, 11, 11),
            n("Raw", 12, 12, 12),
            n("type", 13, 13, 13),
        ]
    );
}

#[test]
fn every_line_end_is_one_line_end() {
    for eol in ["\n", "\r\n", "\r"] {
        let py = ["class A:", "    x = 1", "", "class B:", "    pass", ""].join(eol);
        assert_eq!(
            names("a.py", &py),
            vec![n("A", 1, 1, 2), n("B", 4, 4, 5)],
            "{eol:?}"
        );
        let ts = ["// c", "class A {", "  s = 'x';", "}", "class B {}", ""].join(eol);
        for path in ["a.ts", "a.tsx", "a.dart"] {
            assert_eq!(
                names(path, &ts),
                vec![n("A", 2, 2, 4), n("B", 5, 5, 5)],
                "{path} {eol:?}"
            );
        }
    }
}

#[test]
fn a_comma_operator_names_no_class() {
    let src = "var a = 1, B = class {};\nx = 1, C = class {};\nfor (let i = 0, D = class {}; ;) {}\nf(a, E = class {});\n";
    assert_eq!(names("c.js", src), vec![n("B", 1, 1, 1), n("D", 3, 3, 3)]);
}

/// The import line and the note of a one-module registry listing `classes` of `path`.
fn import_of(path: &str, src: &str, classes: &[&str]) -> (String, Option<String>) {
    let registry = registry_of(&[(path, Some(1), classes)]);
    let files = files_of(&[(path, src)]);
    let r = format_module_registry(&registry, &files, &RegistryOptions::default());
    let line = |prefix: &str| {
        r.text
            .lines()
            .find(|l| l.starts_with(prefix))
            .map(str::to_string)
    };
    (line("**Import:**").unwrap_or_default(), line("**Not "))
}

#[test]
fn imports_follow_how_each_class_is_exported() {
    let cases: [(&str, &str, &[&str], &str); 10] = [
        // Issue 34's case.
        (
            "src/H.tsx",
            "export default class Header extends React.Component {}\n",
            &["Header"],
            "import Header from \"./src/H\";",
        ),
        (
            "src/m.ts",
            "export default class A {}\nexport class B {}\nexport abstract class C {}\n",
            &["B", "A", "C"],
            "import A, { B, C } from \"./src/m\";",
        ),
        (
            "src/m.ts",
            "class Impl {}\nclass Own {}\nexport { Impl as Public, Own };\nexport { Other } from \"./o\";\n",
            &["Impl", "Own"],
            "import { Public as Impl, Own } from \"./src/m\";",
        ),
        (
            "src/m.js",
            "class Store {}\nexport default Store\nexport const x = 1;\n",
            &["Store"],
            "import Store from \"./src/m\";",
        ),
        (
            "src/m.ts",
            "class Api {}\nexport = Api;\n",
            &["Api"],
            "import Api = require(\"./src/m\");",
        ),
        (
            "src/user-card.tsx",
            "export default class extends React.Component {}\n",
            &["default"],
            "import UserCard from \"./src/user-card\";",
        ),
        (
            "src/m.ts",
            "class A {}\nexport { A as default, A as Alias };\n",
            &["A"],
            "import A from \"./src/m\";",
        ),
        (
            "src/m.ts",
            "export type { T };\nexport const B = class {};\nclass T {}\n",
            &["B", "T"],
            "import { B, T } from \"./src/m\";",
        ),
        (
            "src/s.ts",
            "export @Injectable({ a: (1) }) @other.dec class Service {}\nexport default @dec class Main {}\n",
            &["Service", "Main"],
            "import Main, { Service } from \"./src/s\";",
        ),
        // No export statement at all (a script, CommonJS): named, as before.
        (
            "src/m.js",
            "class A {}\nmodule.exports = { A };\n",
            &["A"],
            "import { A } from \"./src/m\";",
        ),
    ];
    for (path, src, classes, want) in cases {
        let (line, note) = import_of(path, src, classes);
        assert_eq!(line, format!("**Import:** `{want}`"), "{src}");
        assert_eq!(note, None, "{src}");
    }
}

#[test]
fn unexported_classes_are_named_apart() {
    let (line, note) = import_of(
        "src/m.ts",
        "export class A {}\nclass Local {}\nnamespace N { export class Inner {} }\n",
        &["A", "Local"],
    );
    assert_eq!(line, "**Import:** `import { A } from \"./src/m\";`");
    assert_eq!(
        note.as_deref(),
        Some("**Not exported:** `Local` (export it from `src/m.ts` before importing it)")
    );
    let (line, note) = import_of(
        "src/m.ts",
        "export const x = 1;\nclass Local {}\n",
        &["Local"],
    );
    assert_eq!(line, "");
    assert!(note.is_some_and(|n| n.contains("`Local`")));
}

#[test]
fn python_follows_a_literal_all() {
    let src = "\u{feff}__all__ = [\n    \"Public\",  # the API\n    'Other',\n]\n__all__ += (\"Late\",)\n__all__.append(\"Appended\")\n\nclass Public: pass\nclass Other: pass\nclass Late: pass\nclass Appended: pass\nclass _Private: pass\n";
    let all = ["Public", "Other", "Late", "Appended", "_Private"];
    let (line, note) = import_of("pkg/m.py", src, &all);
    assert_eq!(
        line,
        "**Import:** `from pkg.m import Public, Other, Late, Appended, _Private`"
    );
    assert_eq!(
        note.as_deref(),
        Some("**Not in `__all__`:** `_Private` (imported above all the same; `import *` leaves it out)")
    );
    // A computed `__all__` cannot be followed: no note.
    for computed in [
        "__all__ = base.__all__ + [\"A\"]\nclass A: pass\nclass B: pass\n",
        "__all__ = [name for name in dir()]\nclass A: pass\nclass B: pass\n",
    ] {
        let (line, note) = import_of("m.py", computed, &["A", "B"]);
        assert_eq!(line, "**Import:** `from m import A, B`");
        assert_eq!(note, None, "{computed}");
    }
}
