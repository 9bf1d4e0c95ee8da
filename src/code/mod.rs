//! The code-aware module registry: which classes a source file defines, with their exact
//! spans, so a coding agent is shown the real source and import line of every class earlier
//! steps created, instead of re-declaring them.
//!
//! - [`extract_classes`]: classes by the language's own rules (Python, TypeScript/JavaScript,
//!   Dart), checked against Python's `ast` and the TypeScript compiler (docs/CODE.md).
//! - [`format_module_registry`]: the registry block for a prompt, under a budget, with a manifest.
//! - [`track_outputs`] and [`parse_modified_files`]: what a step created or changed.

pub(crate) mod calls;
mod curly;
mod exports;
pub(crate) mod outputs;
mod python;
pub(crate) mod registry;

pub use outputs::{
    parse_modified_files, track_outputs, FileClasses, ModifiedFiles, TrackedOutputs,
};
pub use registry::{
    format_module_registry, format_module_registry_metered, ClassRecord, ClassStatus, ModuleEntry,
    ModuleRegistry, RegistryOptions, RegistryResult, SourceFile,
};

use crate::shape::Shape;

/// A language the extractor reads, chosen by the file's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub enum Language {
    Python,
    Typescript,
    Javascript,
    Dart,
}

impl Language {
    /// The language of `path` by its extension (`.py .pyi`, `.ts .tsx`, `.js .jsx .mjs .cjs`,
    /// `.dart`); `None` for any other file.
    pub fn of_path(path: &str) -> Option<Language> {
        let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
        let (_, ext) = name.rsplit_once('.')?;
        Some(match ext {
            "py" | "pyi" => Language::Python,
            "ts" | "tsx" | "mts" | "cts" => Language::Typescript,
            "js" | "jsx" | "mjs" | "cjs" => Language::Javascript,
            "dart" => Language::Dart,
            _ => return None,
        })
    }

    /// How a line comment starts (for the truncation marker).
    pub fn comment(self) -> &'static str {
        match self {
            Language::Python => "#",
            _ => "//",
        }
    }

    /// The fenced block's info string.
    pub fn fence_tag(self) -> &'static str {
        match self {
            Language::Python => "python",
            Language::Typescript => "typescript",
            Language::Javascript => "javascript",
            Language::Dart => "dart",
        }
    }
}

/// One class in a file. Lines are 1-based (`\n`, `\r\n` and a lone `\r` end a line); ranges are
/// half-open, from the first decorator or modifier to the end of the class's last token.
#[derive(Debug, Clone, PartialEq, Eq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct ClassSpan {
    /// The class's name; for `const A = class {…}` the binding's (`A`), for an anonymous
    /// `export default class` `"default"`.
    pub name: String,
    /// The line of the `class` keyword (Python's `ClassDef.lineno`).
    pub line: usize,
    /// The first line of the class with its decorators and modifiers.
    pub start_line: usize,
    /// The last line (Python's `end_lineno`; the closing brace's line).
    pub end_line: usize,
    pub start_byte: usize,
    pub end_byte: usize,
    /// The same range in UTF-16 code units (JavaScript string indices).
    pub start_utf16: usize,
    pub end_utf16: usize,
    /// The index in this list of the class it is nested in (directly or inside a method).
    pub parent: Option<usize>,
}

/// What `extractClasses` returns: the language read (`null` for an unsupported extension,
/// with no classes) and the classes in source order.
#[derive(Debug, Clone, PartialEq, Eq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct ExtractedClasses {
    pub language: Option<Language>,
    pub classes: Vec<ClassSpan>,
}

/// A class as a scanner finds it, in byte offsets.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    pub name: String,
    pub keyword: usize,
    pub start: usize,
    pub end: usize,
    pub parent: Option<usize>,
}

/// The classes `content` defines, judged by `path`'s extension; an unsupported extension gives
/// none (not an error). Never fails: broken code gives the classes it can delimit, each span
/// inside the file and nested properly.
pub fn extract_classes(path: &str, content: &str) -> ExtractedClasses {
    let language = Language::of_path(path);
    let (bom, code) = without_bom(content);
    let mut found = match language {
        None => Vec::new(),
        Some(Language::Python) => python::classes(code),
        Some(_) => curly::classes(code, dialect(path)),
    };
    for f in &mut found {
        f.keyword = f.keyword.saturating_add(bom);
        f.start = f.start.saturating_add(bom);
        f.end = f.end.saturating_add(bom);
    }
    ExtractedClasses {
        language,
        classes: spans(content, &found),
    }
}

/// A UTF-8 byte-order mark is no part of the code (Python's tokenizer, the TypeScript compiler
/// and Dart all skip it); left in, it would glue itself to the first token. Its length and the
/// text after it.
fn without_bom(content: &str) -> (usize, &str) {
    match content.strip_prefix('\u{feff}') {
        Some(rest) => ('\u{feff}'.len_utf8(), rest),
        None => (0, content),
    }
}

/// How a brace-language file is lexed: `.ts .mts .cts` without JSX, Dart as Dart, the rest
/// (`.tsx`, and JavaScript, which the TypeScript compiler parses as JSX too) with JSX.
fn dialect(path: &str) -> curly::Dialect {
    if path.ends_with(".dart") {
        curly::Dialect::Dart
    } else if path.ends_with(".ts") || path.ends_with(".mts") || path.ends_with(".cts") {
        curly::Dialect::Ts
    } else {
        curly::Dialect::Jsx
    }
}

fn spans(content: &str, found: &[Found]) -> Vec<ClassSpan> {
    let mut offsets: Vec<usize> = found
        .iter()
        .flat_map(|f| [f.keyword, f.start, f.end])
        .map(|o| floor_boundary(content, o))
        .collect();
    offsets.sort_unstable();
    offsets.dedup();
    let positions = Positions::new(content, &offsets);
    found
        .iter()
        .map(|f| {
            let start = floor_boundary(content, f.start);
            let end = floor_boundary(content, f.end.max(f.start));
            let keyword = floor_boundary(content, f.keyword);
            ClassSpan {
                name: f.name.clone(),
                line: positions.line(keyword),
                start_line: positions.line(start),
                end_line: positions.line(end.saturating_sub(1).max(start)),
                start_byte: start,
                end_byte: end,
                start_utf16: positions.utf16(start),
                end_utf16: positions.utf16(end),
                parent: f.parent,
            }
        })
        .collect()
}

/// The largest char boundary at or before `at` (and within the text).
fn floor_boundary(s: &str, at: usize) -> usize {
    let mut at = at.min(s.len());
    while !s.is_char_boundary(at) {
        at = at.saturating_sub(1);
    }
    at
}

/// Line numbers and UTF-16 offsets of a text, for the offsets asked about.
struct Positions {
    /// Byte offsets where lines 2, 3, … start.
    line_starts: Vec<usize>,
    /// (byte offset, UTF-16 offset) of each offset asked about, sorted.
    utf16: Vec<(usize, usize)>,
}

impl Positions {
    fn new(s: &str, sorted: &[usize]) -> Positions {
        let b = s.as_bytes();
        let mut line_starts = Vec::new();
        let mut i = 0usize;
        while let Some(&c) = b.get(i) {
            i = i.saturating_add(1);
            if c == b'\n' || (c == b'\r' && b.get(i) != Some(&b'\n')) {
                line_starts.push(i);
            }
        }
        let mut utf16 = Vec::with_capacity(sorted.len());
        let (mut byte, mut units) = (0usize, 0usize);
        for &o in sorted {
            units = units.saturating_add(crate::text::utf16_len(s.get(byte..o).unwrap_or("")));
            byte = o;
            utf16.push((o, units));
        }
        Positions { line_starts, utf16 }
    }

    fn line(&self, at: usize) -> usize {
        self.line_starts
            .partition_point(|&s| s <= at)
            .saturating_add(1)
    }

    fn utf16(&self, at: usize) -> usize {
        self.utf16
            .binary_search_by_key(&at, |&(b, _)| b)
            .ok()
            .and_then(|i| self.utf16.get(i))
            .map_or(0, |&(_, u)| u)
    }
}

#[cfg(test)]
mod tests;
