//! How a file lets other files import its classes, so the registry's import line compiles:
//! `export default class H` is imported as `import H from …`, `export { X as Y }` as
//! `import { Y as X } from …`, `export = X` as `import X = require(…)`; Python's `__all__` says
//! which classes are the module's public names.

use super::curly::{self, Kind, Token};
use super::{dialect, without_bom, Language};

/// How another file reaches a (top-level) class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Binding {
    /// By a named import of this exported name (the class's own, or an alias).
    Named(String),
    /// As the module's default export.
    Default,
    /// As the whole module (TypeScript's `export = X`).
    Equals,
    /// The file exports other names, not this one (for Python: `__all__` leaves it out).
    Hidden,
}

/// What a file exports, as far as its classes are concerned.
#[derive(Debug, Default)]
pub(crate) struct Exports {
    /// (local name, exported name) pairs; the exported name `default` is the default export.
    pairs: Vec<(String, String)>,
    /// `export = X`.
    equals: Option<String>,
    /// Whether the file says what it exports at all (an `export` statement, a literal
    /// `__all__`). A file that does not (a script, CommonJS, Dart) leaves every class named.
    declared: bool,
}

impl Exports {
    pub(crate) fn of(path: &str, content: &str) -> Exports {
        let (_, code) = without_bom(content);
        match Language::of_path(path) {
            Some(Language::Python) => {
                python_all(code).map_or_else(Exports::default, |names| Exports {
                    pairs: names.into_iter().map(|n| (n.clone(), n)).collect(),
                    equals: None,
                    declared: true,
                })
            }
            Some(Language::Typescript | Language::Javascript) => es_exports(code, dialect(path)),
            Some(Language::Dart) | None => Exports::default(),
        }
    }

    /// How the top-level class `local` is imported.
    pub(crate) fn binding(&self, local: &str) -> Binding {
        if !self.declared {
            return Binding::Named(local.to_string());
        }
        if self.equals.as_deref() == Some(local) {
            return Binding::Equals;
        }
        let mut exported = self
            .pairs
            .iter()
            .filter(|(l, _)| l == local)
            .map(|(_, e)| e.as_str());
        let names: Vec<&str> = exported.by_ref().collect();
        // Its own name first (`export class A` beside `export default A`), then the default,
        // then the first alias.
        if local != "default" && names.contains(&local) {
            Binding::Named(local.to_string())
        } else if names.contains(&"default") {
            Binding::Default
        } else if let Some(alias) = names.first() {
            Binding::Named((*alias).to_string())
        } else {
            Binding::Hidden
        }
    }
}

/// The ES module exports at the top level of a TypeScript or JavaScript file. Re-exports from
/// other modules (`export { A } from "./a"`, `export *`) name no class of this file.
fn es_exports(src: &str, dialect: curly::Dialect) -> Exports {
    let tokens = curly::lex(src, dialect);
    let word = |i: usize| curly::word_at(src, &tokens, i);
    let punct = |i: usize, c: u8| curly::punct_at(&tokens, i, c);
    let class_name = |i: usize| match word(i) {
        "" | "extends" | "implements" => None,
        name => Some(name),
    };
    let mut out = Exports::default();
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate() {
        match t.kind {
            Kind::Punct(b'{') => depth = depth.saturating_add(1),
            Kind::Punct(b'}') => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth != 0 || word(i) != "export" || (i > 0 && punct(i.saturating_sub(1), b'.')) {
            continue;
        }
        out.declared = true;
        let mut k = i.saturating_add(1);
        let mut pair = |local: &str, exported: &str| {
            out.pairs.push((local.to_string(), exported.to_string()));
        };
        if word(k) == "default" {
            let mut m = k.saturating_add(1);
            loop {
                m = past_decorators(&tokens, &word, m);
                if !matches!(word(m), "abstract" | "declare") {
                    break;
                }
                m = m.saturating_add(1);
            }
            let value = k.saturating_add(1);
            if word(m) == "class" {
                // An anonymous default class is the extractor's `default`.
                pair(
                    class_name(m.saturating_add(1)).unwrap_or("default"),
                    "default",
                );
            } else if !word(value).is_empty() && ends_statement(&tokens, src, value) {
                pair(word(value), "default");
            }
            continue;
        }
        if punct(k, b'=') {
            if !word(k.saturating_add(1)).is_empty() {
                out.equals = Some(word(k.saturating_add(1)).to_string());
            }
            continue;
        }
        if word(k) == "type" && punct(k.saturating_add(1), b'{') {
            k = k.saturating_add(1);
        }
        if punct(k, b'{') {
            let close = (k..tokens.len())
                .find(|&c| punct(c, b'}'))
                .unwrap_or(tokens.len());
            if word(close.saturating_add(1)) != "from" {
                for (local, exported) in export_list(&word, &punct, k.saturating_add(1), close) {
                    pair(local, exported);
                }
            }
            continue;
        }
        loop {
            // TypeScript 5 decorators may follow `export`: `export @Injectable() class S {}`.
            k = past_decorators(&tokens, &word, k);
            if !matches!(word(k), "declare" | "abstract") {
                break;
            }
            k = k.saturating_add(1);
        }
        if word(k) == "class" {
            if let Some(name) = class_name(k.saturating_add(1)) {
                pair(name, name);
            }
        } else if matches!(word(k), "const" | "let" | "var") {
            let name = word(k.saturating_add(1));
            if !name.is_empty() {
                pair(name, name);
            }
        }
    }
    out
}

/// The token after any decorators starting at `at` (`@a.b`, `@a.b(…)`).
fn past_decorators<'s>(tokens: &[Token], word: &impl Fn(usize) -> &'s str, mut at: usize) -> usize {
    let punct = |i: usize, c: u8| tokens.get(i).is_some_and(|t| t.kind == Kind::Punct(c));
    while punct(at, b'@') && !word(at.saturating_add(1)).is_empty() {
        at = at.saturating_add(2);
        while punct(at, b'.') && !word(at.saturating_add(1)).is_empty() {
            at = at.saturating_add(2);
        }
        if matches!(tokens.get(at).map(|t| t.kind), Some(Kind::Punct(b'('))) {
            let mut depth = 0usize;
            while let Some(t) = tokens.get(at) {
                at = at.saturating_add(1);
                match t.kind {
                    Kind::Punct(b'(') => depth = depth.saturating_add(1),
                    Kind::Punct(b')') | Kind::CondClose => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    at
}

/// The `A`, `A as B`, `type A as B` entries of an export list between tokens `from..to`.
fn export_list<'s>(
    word: &impl Fn(usize) -> &'s str,
    punct: &impl Fn(usize, u8) -> bool,
    from: usize,
    to: usize,
) -> Vec<(&'s str, &'s str)> {
    let mut out = Vec::new();
    let mut entry: Vec<&str> = Vec::new();
    for i in from..=to {
        if i < to && !punct(i, b',') {
            // A string-named export (`"a-b"`) is no word: the entry then matches no form.
            entry.push(word(i));
            continue;
        }
        if matches!(entry.len(), 2 | 4) && entry.first() == Some(&"type") {
            entry.remove(0);
        }
        match entry.as_slice() {
            [local] if !local.is_empty() => out.push((*local, *local)),
            [local, "as", exported] if !local.is_empty() && !exported.is_empty() => {
                out.push((*local, *exported))
            }
            _ => {}
        }
        entry.clear();
    }
    out
}

/// Whether the statement ends after token `i` (a `;`, a `}`, the file's end, or a line break:
/// `export default X` then a new statement).
fn ends_statement(tokens: &[Token], src: &str, i: usize) -> bool {
    let (Some(t), next) = (tokens.get(i), tokens.get(i.saturating_add(1))) else {
        return false;
    };
    match next {
        None => true,
        Some(n) if matches!(n.kind, Kind::Punct(b';' | b'}')) => true,
        Some(n) => src
            .get(t.end..n.start)
            .is_some_and(|gap| gap.contains(['\n', '\r'])),
    }
}

/// The names a Python module's `__all__` lists, when every assignment to it at the top level
/// is a literal list or tuple of strings (`=`, `+=`, `: list[str] =`, `.extend([…])`,
/// `.append("…")`, over as many lines as the brackets hold); `None` when there is no
/// `__all__` or one is computed (it cannot be followed then).
fn python_all(src: &str) -> Option<Vec<String>> {
    let mut names: Option<Vec<String>> = None;
    // Line by line (a byte scan: a substring search would add its searcher to the wasm).
    let mut next_line = Some(0usize);
    while let Some(line) = next_line {
        next_line = src
            .as_bytes()
            .get(line..)
            .and_then(|rest| rest.iter().position(|&c| c == b'\n' || c == b'\r'))
            .map(|end| line.saturating_add(end).saturating_add(1));
        let Some(rest) = src.get(line..).and_then(|l| l.strip_prefix("__all__")) else {
            continue;
        };
        if rest.starts_with(|c: char| c == '_' || c.is_ascii_alphanumeric() || !c.is_ascii()) {
            continue;
        }
        let rest = rest.trim_start_matches([' ', '\t']);
        let (value, call) = if let Some(v) = rest.strip_prefix("+=") {
            (v, false)
        } else if let Some(v) = rest
            .strip_prefix(".extend(")
            .or_else(|| rest.strip_prefix(".append("))
        {
            (v, true)
        } else if let Some(v) = rest.strip_prefix('=').filter(|v| !v.starts_with('=')) {
            (v, false)
        } else if rest.starts_with(':') {
            // An annotation: `__all__: list[str] = [...]`.
            let line = rest.split(['\n', '\r']).next().unwrap_or("");
            let eq = line.find('=')?;
            (rest.get(eq.saturating_add(1)..)?, false)
        } else {
            continue;
        };
        let (list, after) = literal_strings(value)?;
        let after = if call {
            after.trim_start().strip_prefix(')')?
        } else {
            after
        };
        // Anything but a comment after the literal (`+ other.__all__`) computes the list.
        let tail = after.split(['\n', '\r']).next().unwrap_or("").trim();
        if !(tail.is_empty() || tail.starts_with('#')) {
            return None;
        }
        names.get_or_insert_with(Vec::new).extend(list);
    }
    names
}

/// A literal `["A", 'B']`, `("A",)` or `"A"` at the start of `s` (spaces, line breaks and
/// comments inside the brackets allowed): its strings and the text after it; `None` for any
/// other expression.
fn literal_strings(s: &str) -> Option<(Vec<String>, &str)> {
    let s = s.trim_start_matches([' ', '\t']);
    let close = match s.as_bytes().first() {
        Some(b'[') => b']',
        Some(b'(') => b')',
        Some(b'"' | b'\'') => {
            let (name, after) = quoted(s)?;
            return Some((vec![name], after));
        }
        _ => return None,
    };
    let mut rest = s.get(1..)?;
    let mut out = Vec::new();
    loop {
        rest = rest.trim_start_matches([' ', '\t', '\n', '\r', ',']);
        match rest.as_bytes().first() {
            Some(&c) if c == close => return Some((out, rest.get(1..)?)),
            Some(b'#') => {
                let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
                rest = rest.get(end..)?;
            }
            Some(b'"' | b'\'') => {
                let (name, after) = quoted(rest)?;
                out.push(name);
                rest = after;
            }
            _ => return None,
        }
    }
}

/// A one-line quoted name at the start of `s` and the text after it.
fn quoted(s: &str) -> Option<(String, &str)> {
    let q = s.chars().next()?;
    let body = s.get(1..)?;
    let end = body.find([q, '\n', '\r', '\\'])?;
    if !body.get(end..)?.starts_with(q) {
        return None;
    }
    Some((
        body.get(..end)?.to_string(),
        body.get(end.saturating_add(1)..)?,
    ))
}
