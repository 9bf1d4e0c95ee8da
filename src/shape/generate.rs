//! Generates, from the declarations, the package's TypeScript types (`src/wasm/types.d.ts`) and
//! the JavaScript that builds result objects from columns (`src/wasm/shapes.js`). A test
//! compares both with the committed files, so a changed type cannot ship unannounced and the
//! decoder cannot disagree with the encoder.

use super::{Body, Decl, Field, TyRef};
use std::fmt::Write as _;

/// Whether the committed file at `path` is `want`, after writing it there under `UPDATE_SHAPES`
/// (how the declarations tests regenerate what they check).
pub(crate) fn committed(path: &str, want: &str) -> bool {
    committed_under("UPDATE_SHAPES", path, want)
}

/// [`committed`], the file written when the environment variable `update` is set.
#[allow(clippy::panic)] // only tests call it: a file they cannot write fails them
pub(crate) fn committed_under(update: &str, path: &str, want: &str) -> bool {
    if std::env::var_os(update).is_some() {
        if let Some(parent) = std::path::Path::new(path).parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{path}: {e}"));
        }
        std::fs::write(path, want).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    std::fs::read_to_string(path).unwrap_or_default() == want
}

/// Every declaration reachable from `roots`, each once, in the order first reached.
pub(crate) fn reachable(roots: &[fn() -> Decl]) -> Vec<Decl> {
    let mut seen: Vec<&'static str> = Vec::new();
    let mut out = Vec::new();
    for root in roots {
        visit(root(), &mut seen, &mut out);
    }
    out
}

fn visit(d: Decl, seen: &mut Vec<&'static str>, out: &mut Vec<Decl>) {
    if seen.contains(&d.name) {
        return;
    }
    seen.push(d.name);
    let mut inner = Vec::new();
    if let Body::Struct(fields) = &d.body {
        for f in fields {
            named_in(&f.ty, &mut inner);
        }
    }
    out.push(d);
    for n in inner {
        visit(n(), seen, out);
    }
}

fn named_in(t: &TyRef, out: &mut Vec<fn() -> Decl>) {
    match t {
        TyRef::Option(x) | TyRef::Array(x) | TyRef::Map(x) => named_in(x, out),
        TyRef::Named(f) => out.push(*f),
        _ => {}
    }
}

fn jsdoc(out: &mut String, doc: &str, indent: &str) {
    if doc.is_empty() {
        return;
    }
    let lines: Vec<&str> = doc.lines().collect();
    if lines.len() == 1 {
        let _ = writeln!(out, "{indent}/** {} */", lines.join(""));
        return;
    }
    let _ = writeln!(out, "{indent}/**");
    for l in lines {
        let _ = writeln!(out, "{indent} * {l}").map(|()| ());
    }
    let _ = writeln!(out, "{indent} */");
}

fn ts_type(t: &TyRef) -> String {
    match t {
        TyRef::String | TyRef::Given => "string".into(),
        TyRef::Number => "number".into(),
        TyRef::Bool => "boolean".into(),
        TyRef::Json => "JsonValue".into(),
        TyRef::Option(x) => format!("{} | null", ts_type(x)),
        TyRef::Array(x) => format!("Array<{}>", ts_type(x)),
        TyRef::Map(x) => format!("{{ [key: string]: {} }}", ts_type(x)),
        TyRef::Named(f) => f().name.to_string(),
    }
}

/// TypeScript declarations of `decls`.
pub(crate) fn typescript(decls: &[Decl]) -> String {
    let mut out = String::new();
    for d in decls {
        jsdoc(&mut out, d.doc, "");
        match &d.body {
            Body::Enum(variants) => {
                let names: Vec<String> = variants.iter().map(|v| format!("{:?}", v.name)).collect();
                let _ = writeln!(out, "export type {} = {};\n", d.name, names.join(" | "));
            }
            Body::Struct(fields) => {
                let extends: Vec<String> = fields
                    .iter()
                    .filter(|f| f.flatten)
                    .map(|f| ts_type(&f.ty))
                    .collect();
                let ext = if extends.is_empty() {
                    String::new()
                } else {
                    format!(" extends {}", extends.join(", "))
                };
                let _ = writeln!(out, "export interface {}{ext} {{", d.name);
                for f in fields.iter().filter(|f| !f.flatten) {
                    jsdoc(&mut out, f.doc, "    ");
                    let ty = f.ts.map_or_else(|| ts_type(&f.ty), str::to_string);
                    // An input's optional field may be left out as well as null.
                    let optional = d.input && (f.defaulted || matches!(f.ty, TyRef::Option(_)));
                    let ty = if optional && f.ts.is_some() {
                        format!("{ty} | null")
                    } else {
                        ty
                    };
                    let _ = writeln!(
                        out,
                        "    {}{}: {ty};",
                        f.name,
                        if optional { "?" } else { "" }
                    );
                }
                let _ = writeln!(out, "}}\n");
            }
        }
    }
    out
}

/// The expression that decodes one value of type `t` from the reader `d`.
fn js_expr(t: &TyRef, intern: bool) -> String {
    match t {
        TyRef::String if intern => "d.interned()".into(),
        TyRef::String => "d.str()".into(),
        TyRef::Given => "d.given()".into(),
        TyRef::Number => "d.num()".into(),
        TyRef::Bool => "d.code() === 1".into(),
        TyRef::Json => "JSON.parse(d.str())".into(),
        TyRef::Option(x) => format!("d.code() === 0 ? null : {}", js_expr(x, intern)),
        TyRef::Array(x) => format!("d.array({})", js_fn(x)),
        TyRef::Map(x) => format!("d.map({})", js_fn(x)),
        TyRef::Named(f) => {
            let d = f();
            match d.body {
                Body::Enum(_) => format!("{}[d.code()]", enum_table(d.name)),
                Body::Struct(_) => format!("decode{}(d)", d.name),
            }
        }
    }
}

/// A function decoding one `t`, for arrays and maps.
fn js_fn(t: &TyRef) -> String {
    match t {
        TyRef::Named(f) if matches!(f().body, Body::Struct(_)) => format!("decode{}", f().name),
        t => format!("(d) => {}", js_expr(t, false)),
    }
}

fn enum_table(name: &str) -> String {
    let mut s = String::new();
    for (i, part) in name.chars().enumerate() {
        if i > 0 && part.is_uppercase() {
            s.push('_');
        }
        s.extend(part.to_uppercase());
    }
    s
}

/// A struct's members, flattened ones inlined: each key as JavaScript writes it after a dot or
/// in brackets, and the expression that reads its value.
fn members(fields: &[Field], out: &mut Vec<(String, String)>) {
    for f in fields {
        if f.flatten {
            if let TyRef::Named(inner) = &f.ty {
                if let Body::Struct(inner_fields) = inner().body {
                    members(&inner_fields, out);
                }
            }
            continue;
        }
        // Assigned, `__proto__` would set the prototype instead of a member.
        assert_ne!(
            f.name, "__proto__",
            "a result field cannot be named __proto__"
        );
        let key = if f
            .name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            format!(".{}", f.name)
        } else {
            format!("[{:?}]", f.name)
        };
        out.push((key, js_expr(&f.ty, f.intern)));
    }
}

const READER: &str = r#"/** Reads the columns an `Encoder` filled, in the order it filled them. */
class Reader {
  constructor(text, lengths, nums, codes, refs, given) {
    this.text = text;
    this.lengths = lengths;
    this.nums = nums;
    this.codes = codes;
    this.refs = refs;
    this.held = given;
    this.at = 0;
    this.l = 0;
    this.n = 0;
    this.c = 0;
    this.r = 0;
    this.table = [];
  }

  str() {
    const len = this.lengths[this.l++];
    const s = this.text.slice(this.at, this.at + len);
    this.at += len;
    return s;
  }

  num() {
    return this.nums[this.n++];
  }

  code() {
    return this.codes[this.c++];
  }

  /** A string the caller gave: the caller's own, by its position, when the call kept them. */
  given() {
    if (this.held === undefined) return this.str();
    const i = this.refs[this.r++];
    return i === 0xffffffff ? this.str() : this.held[i];
  }

  /** A string most records share: its text comes with its first use. */
  interned() {
    const i = this.refs[this.r++];
    if (i === this.table.length) this.table.push(this.str());
    return this.table[i];
  }

  array(item) {
    const n = this.num();
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = item(this);
    return out;
  }

  /** Keys as own data properties: an assignment to `__proto__` would set the prototype instead. */
  map(item) {
    const n = this.num();
    const out = {};
    for (let i = 0; i < n; i++) {
      const key = this.str();
      Object.defineProperty(out, key, { value: item(this), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
}
"#;

/// The JavaScript decoders of `decls` (output shapes) and `decode(root, …)` for `roots`.
pub(crate) fn javascript(decls: &[Decl], roots: &[&str]) -> String {
    let mut out = String::from(
        "// Generated from the Rust declarations by src/shape/generate.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.\n// Builds result objects from the columns src/shape/encode.rs fills, field by field in declaration order.\n\n",
    );
    out.push_str(READER);
    // A struct only ever flattened into others (ItemRecord) has its fields inlined there and
    // needs no decoder of its own.
    let mut decoded: Vec<&str> = roots.to_vec();
    for d in decls {
        if let Body::Struct(fields) = &d.body {
            for f in fields.iter().filter(|f| !f.flatten) {
                let mut named = Vec::new();
                named_in(&f.ty, &mut named);
                decoded.extend(named.iter().map(|n| n().name));
            }
        }
    }
    for d in decls {
        if matches!(d.body, Body::Struct(_)) && !decoded.contains(&d.name) {
            continue;
        }
        match &d.body {
            Body::Enum(variants) => {
                let names: Vec<String> = variants.iter().map(|v| format!("{:?}", v.name)).collect();
                let _ = writeln!(
                    out,
                    "\nconst {} = [{}];",
                    enum_table(d.name),
                    names.join(", ")
                );
            }
            // A copy of a template with every member, then each member assigned, instead of an
            // object literal: V8 may decide that a literal's objects outlive the young
            // generation and allocate them in the old one from then on ("pretenuring"), and a
            // call's thousands of records then took 2.5 ms to build instead of 1.0, in some
            // processes and not others (docs/BENCHMARKS.md). Copies of an object are never
            // pretenured. The key order is the template's: the declaration's.
            Body::Struct(fields) => {
                let mut m = Vec::new();
                members(fields, &mut m);
                let template = format!("{}_MEMBERS", enum_table(d.name));
                let keys: Vec<String> = m
                    .iter()
                    .map(|(k, _)| format!("{}: null", k.trim_start_matches('.')))
                    .collect();
                let assigned: Vec<String> =
                    m.iter().map(|(k, e)| format!("  r{k} = {e};")).collect();
                let _ = writeln!(
                    out,
                    "\nconst {template} = {{ {} }};\n\nfunction decode{}(d) {{\n  const r = {{ ...{template} }};\n{}\n  return r;\n}}",
                    keys.join(", "),
                    d.name,
                    assigned.join("\n")
                );
            }
        }
    }
    let table: Vec<String> = roots.iter().map(|r| format!("{r}: decode{r}")).collect();
    let _ = write!(
        out,
        "\nconst ROOTS = {{ {} }};\n\n/** The result `root` from its columns (see src/shape/encode.rs). */\nexport function decode(root, text, lengths, nums, codes, refs, given) {{\n  return ROOTS[root](new Reader(text, lengths, nums, codes, refs, given));\n}}\n",
        table.join(", ")
    );
    out
}
