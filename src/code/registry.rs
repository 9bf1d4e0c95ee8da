//! The registry block a coding agent is given before its next task: every class earlier steps
//! created, with the line that imports it and its real source (cut per class), so it imports
//! instead of re-creating. Under an overall budget whole classes are dropped from the end; the
//! manifest says which, and which listed classes or files were not found.

use super::exports::{Binding, Exports};
use super::{extract_classes, ClassSpan, Language};
use crate::error::pointer_push;
use crate::json::read::wrong_type;
use crate::json::Value;
use crate::manifest::{Action, ItemRecord};
use crate::shape::Shape;
use crate::text::{prefix_utf16, utf16_len};
use crate::tokens::{Meter, Vocabulary};
use crate::Result;
use std::collections::BTreeMap;

/// `{modules: {path: {created_by_issue, modified?, classes}}}`, in the order given.
#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(
    input,
    rename_all = "snake_case",
    expecting = "a registry {modules: {path: {created_by_issue, classes}}}"
)]
pub struct ModuleRegistry {
    #[shape(with = "read_modules", ts = "{ [path: string]: ModuleEntry }")]
    pub modules: Vec<SourceFile>,
}

/// One registry module with its path (the registry's key).
#[derive(Debug, Clone, Default, PartialEq, Shape)]
pub struct SourceFile {
    pub path: String,
    pub entry: ModuleEntry,
}

/// What the registry says about one file.
#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(
    input,
    rename_all = "snake_case",
    expecting = "a module {created_by_issue, classes}"
)]
pub struct ModuleEntry {
    /// The issue that created the file (shown as `?` when absent).
    #[shape(with = "read_issue", ts = "number | string")]
    pub created_by_issue: Option<String>,
    /// Whether a later issue modified it.
    pub modified: Option<bool>,
    pub classes: Option<Vec<String>>,
}

fn read_modules(v: &Value, path: &str) -> Result<Vec<SourceFile>> {
    match v {
        Value::Null => Ok(Vec::new()),
        Value::Object(o) => o
            .iter()
            .map(|(k, x)| {
                Ok(SourceFile {
                    path: k.to_string(),
                    entry: crate::shape::Input::read(x, &pointer_push(path, k))?,
                })
            })
            .collect(),
        other => Err(wrong_type(other, "an object {path: module}", path)),
    }
}

fn read_issue(v: &Value, path: &str) -> Result<Option<String>> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s.clone())),
        Value::Number(n) if n.is_finite() => Ok(Some(crate::json::format_number(*n))),
        other => Err(wrong_type(other, "an issue number or string", path)),
    }
}

/// How the registry block is written.
#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(input, rename_all = "camelCase", expecting = "registry options")]
pub struct RegistryOptions {
    /// Each class's source is cut to this many UTF-16 units (default 2,000: ~500 tokens, what
    /// the coding agent this comes from found enough to show fields and method signatures).
    #[shape(with = "crate::budget::budget_field", ts = "number")]
    pub max_chars_per_class: Option<usize>,
    /// Prefixes stripped from a Python file's path before it becomes a module path (`src/`).
    pub source_roots: Option<Vec<String>>,
    /// The directory of the file that will import (TS/JS/Dart relative imports start there);
    /// default the project root.
    pub importer_dir: Option<String>,
    /// The whole block's budget in UTF-16 units; whole classes are dropped from the end.
    #[shape(with = "crate::budget::budget_field", ts = "number")]
    pub max_chars: Option<usize>,
    /// The whole block's budget in estimated tokens; both budgets hold when both are given.
    #[shape(with = "crate::budget::budget_field", ts = "number")]
    pub max_tokens: Option<usize>,
    /// The vocabulary `maxTokens` is estimated for (default `"o200k"`).
    pub vocabulary: Option<Vocabulary>,
}

pub(crate) const DEFAULT_MAX_CHARS_PER_CLASS: usize = 2000;

/// What happened to a listed class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(output, rename_all = "snake_case")]
pub enum ClassStatus {
    Included,
    Truncated,
    /// Found, but dropped by the overall budget.
    Dropped,
    /// The file has no class of that name (or its language is not one the extractor reads).
    NotFound,
    /// No content was given for the file.
    MissingFile,
}

/// One listed class's line in the manifest.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct ClassRecord {
    /// `id` is `path#Class`.
    #[shape(flatten)]
    pub item: ItemRecord,
    pub path: String,
    pub class_name: String,
    pub status: ClassStatus,
    /// The class's line in the file, when found.
    pub line: Option<usize>,
}

/// The registry block and what happened to every listed class.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct RegistryResult {
    pub text: String,
    /// One record per listed class, in registry order.
    pub classes: Vec<ClassRecord>,
    /// `path#Class` of listed classes not found in their file.
    pub not_found: Vec<String>,
    /// Listed files whose content was not given.
    pub missing_files: Vec<String>,
    /// `path#Class` of classes dropped by the overall budget, in the order dropped (from the end).
    pub dropped: Vec<String>,
    /// Length of `text` in UTF-16 units.
    pub chars: usize,
    /// `text`'s estimated tokens when `maxTokens` was given.
    pub tokens: Option<usize>,
    /// What measured `tokens`: `estimate:o200k`, or `host` and the name of the caller's
    /// `tokenCounter`; `null` without `maxTokens`.
    pub counter: Option<String>,
    /// How many times the caller's counter was called (each distinct text once); `null` for
    /// the estimator and without `maxTokens`.
    pub counter_calls: Option<usize>,
}

const HEADING: &str = "## Existing Classes (MUST IMPORT - DO NOT RECREATE)\n\n\
Re-declaring any class below breaks the system: import it from where it is.\n";
const CLOSING: &str = "\n## Extending existing classes\n\n\
- Add behaviour by subclassing the existing class or composing it into a new one.\n\
- Keep new classes in their own module; never redefine a class listed above.\n";
const EMPTY: &str = "No prior modules created for this feature.";

/// A listed class located in its file.
struct Located<'a> {
    module: usize,
    name: &'a str,
    /// The name the import line uses (the outermost class of a nested one).
    import: String,
    /// How that class is exported.
    binding: Binding,
    source: String,
    source_units: usize,
}

/// The registry block for `registry`, with the files' current contents from `files`.
pub fn format_module_registry(
    registry: &ModuleRegistry,
    files: &BTreeMap<String, String>,
    options: &RegistryOptions,
) -> RegistryResult {
    let estimator = options.vocabulary.unwrap_or_default().estimator();
    let mut meter = Meter::Estimate(estimator);
    // The estimator cannot fail.
    format_module_registry_metered(registry, files, options, &mut meter).unwrap_or_else(|_| {
        RegistryResult {
            text: String::new(),
            classes: Vec::new(),
            not_found: Vec::new(),
            missing_files: Vec::new(),
            dropped: Vec::new(),
            chars: 0,
            tokens: None,
            counter: None,
            counter_calls: None,
        }
    })
}

/// [`format_module_registry`] with `maxTokens` measured by `meter` (a caller's counter,
/// [`Meter::Pieces`], is given each candidate block whole); fails only when the counter does.
pub fn format_module_registry_metered(
    registry: &ModuleRegistry,
    files: &BTreeMap<String, String>,
    options: &RegistryOptions,
    meter: &mut Meter,
) -> Result<RegistryResult> {
    let per_class = options
        .max_chars_per_class
        .unwrap_or(DEFAULT_MAX_CHARS_PER_CLASS);
    let mut records: Vec<ClassRecord> = Vec::new();
    let mut located: Vec<(usize, Located)> = Vec::new(); // (record index, class)
    let mut missing_files = Vec::new();
    let mut not_found = Vec::new();
    for (m, module) in registry.modules.iter().enumerate() {
        let names = module.entry.classes.as_deref().unwrap_or(&[]);
        let content = files.get(&module.path);
        if content.is_none() {
            missing_files.push(module.path.clone());
        }
        let spans = content.map(|c| extract_classes(&module.path, c).classes);
        let exports = content.map(|c| Exports::of(&module.path, c));
        for name in names {
            let id = format!("{}#{name}", module.path);
            let found = spans.as_deref().and_then(|s| find(s, name));
            let (status, reason) = match (content, found) {
                (None, _) => (ClassStatus::MissingFile, "file not given"),
                (Some(_), None) => (ClassStatus::NotFound, "no class of this name in the file"),
                (Some(_), Some(_)) => (ClassStatus::Included, "included"),
            };
            if status == ClassStatus::NotFound {
                not_found.push(id.clone());
            }
            if let (Some(text), Some((span, outer))) = (content, found) {
                let from = line_start(text, span.start_byte);
                let source = text.get(from..span.end_byte).unwrap_or("").to_string();
                located.push((
                    records.len(),
                    Located {
                        module: m,
                        name,
                        import: outer.to_string(),
                        binding: exports
                            .as_ref()
                            .map_or(Binding::Named(outer.to_string()), |e| e.binding(outer)),
                        source_units: utf16_len(&source),
                        source,
                    },
                ));
            }
            records.push(ClassRecord {
                item: ItemRecord {
                    id: id.into(),
                    action: if found.is_some() {
                        Action::Full
                    } else {
                        Action::FilteredOut
                    },
                    reason: reason.into(),
                    chars_before: None,
                    chars_after: 0,
                    tokens_before: None,
                    tokens_after: None,
                },
                path: module.path.clone(),
                class_name: name.clone(),
                status,
                line: found.map(|(s, _)| s.line),
            });
        }
    }
    let blocks: Vec<String> = located
        .iter()
        .map(|(_, c)| class_block(c, registry, per_class))
        .collect();
    let mut fits = |text: &str| -> Result<bool> {
        Ok(options.max_chars.map_or(true, |m| utf16_len(text) <= m)
            && match options.max_tokens {
                Some(m) => meter.count(text)? <= m,
                None => true,
            })
    };
    // Whole classes leave from the end until the block fits. Each class kept only adds text
    // (its block, perhaps its file's heading and a name on the import line), so the counts that
    // fit are a prefix of 0..=n and a binary search finds the largest in O(log n) renders.
    let mut keep = located.len();
    let mut text = render(registry, &located, &blocks, keep, options);
    if !fits(&text)? {
        let (mut lo, mut hi) = (0usize, keep); // fits(lo) is unknown only for lo = 0; hi fails
        let mut best: Option<String> = None;
        while hi.saturating_sub(lo) > 1 {
            let mid = lo.saturating_add(hi.saturating_sub(lo) / 2);
            let candidate = render(registry, &located, &blocks, mid, options);
            if fits(&candidate)? {
                lo = mid;
                best = Some(candidate);
            } else {
                hi = mid;
            }
        }
        keep = if best.is_some() { lo } else { 0 };
        text = best.unwrap_or_default();
    }
    let mut dropped = Vec::new();
    for (i, ((record, c), block)) in located.iter().zip(&blocks).enumerate() {
        let Some(r) = records.get_mut(*record) else {
            continue;
        };
        let full = full_block(c, registry);
        r.item.chars_before = Some(utf16_len(&full));
        if i >= keep || text.is_empty() {
            r.status = ClassStatus::Dropped;
            r.item.action = Action::Discarded;
            r.item.reason = "dropped: the registry's budget was spent".into();
            dropped.push(r.item.id.to_string());
        } else {
            r.item.chars_after = utf16_len(block);
            if c.source_units > per_class {
                r.status = ClassStatus::Truncated;
                r.item.action = Action::Truncated;
                r.item.reason = format!(
                    "source cut to maxCharsPerClass {per_class} of {}",
                    c.source_units
                )
                .into();
            }
        }
        if options.max_tokens.is_some() {
            r.item.tokens_before = Some(meter.count(&full)?);
            r.item.tokens_after = Some(if r.item.chars_after > 0 {
                meter.count(block)?
            } else {
                0
            });
        }
    }
    for r in &mut records {
        if r.item.action == Action::FilteredOut && options.max_tokens.is_some() {
            r.item.tokens_after = Some(0);
        }
    }
    dropped.reverse();
    let tokens = match options.max_tokens {
        Some(_) => Some(meter.count(&text)?),
        None => None,
    };
    Ok(RegistryResult {
        chars: utf16_len(&text),
        tokens,
        counter: options.max_tokens.map(|_| meter.name().to_string()),
        counter_calls: options.max_tokens.and(meter.calls()),
        text,
        classes: records,
        not_found,
        missing_files,
        dropped,
    })
}

/// The class named `name` (a top-level one first) and the name its import uses.
fn find<'s>(spans: &'s [ClassSpan], name: &str) -> Option<(&'s ClassSpan, &'s str)> {
    let span = spans
        .iter()
        .find(|s| s.name == name && s.parent.is_none())
        .or_else(|| spans.iter().find(|s| s.name == name))?;
    let mut outer = span;
    // Parents come before their children, so this walk ends.
    for _ in 0..spans.len() {
        match outer.parent.and_then(|p| spans.get(p)) {
            Some(p) => outer = p,
            None => break,
        }
    }
    Some((span, outer.name.as_str()))
}

/// Where the shown source starts: the line's start when only indentation precedes the class
/// (so its lines keep their relative indentation), else the class itself.
fn line_start(text: &str, at: usize) -> usize {
    let start = text
        .get(..at)
        .and_then(|before| before.rfind(['\n', '\r']))
        .map_or(0, |i| i.saturating_add(1));
    match text.get(start..at) {
        Some(lead) if lead.trim().is_empty() => start,
        _ => at,
    }
}

fn language(registry: &ModuleRegistry, module: usize) -> Option<Language> {
    registry
        .modules
        .get(module)
        .and_then(|m| Language::of_path(&m.path))
}

/// `**Class `A`:**` and its source, fenced, cut to `per_class` units.
fn class_block(c: &Located, registry: &ModuleRegistry, per_class: usize) -> String {
    let lang = language(registry, c.module);
    let (shown, cut) = cut_source(&c.source, per_class);
    let mut body = shown.to_string();
    if cut {
        let comment = lang.map_or("//", Language::comment);
        body.push_str(&format!(
            "\n{comment} ... truncated: {} of {} characters shown",
            utf16_len(shown),
            c.source_units
        ));
    }
    fenced(c.name, lang, &body)
}

fn full_block(c: &Located, registry: &ModuleRegistry) -> String {
    fenced(c.name, language(registry, c.module), &c.source)
}

fn fenced(name: &str, lang: Option<Language>, body: &str) -> String {
    let fence = "`".repeat(longest_backtick_run(body).saturating_add(1).max(3));
    let tag = lang.map_or("", Language::fence_tag);
    format!("\n**Class `{name}`:**\n{fence}{tag}\n{body}\n{fence}\n")
}

fn longest_backtick_run(s: &str) -> usize {
    let (mut best, mut run) = (0usize, 0usize);
    for b in s.bytes() {
        run = if b == b'`' { run.saturating_add(1) } else { 0 };
        best = best.max(run);
    }
    best
}

/// `source` cut to `max` UTF-16 units, at a line break when one is in the last half of what
/// fits (so a field or signature is not shown half), else at a character boundary.
fn cut_source(source: &str, max: usize) -> (&str, bool) {
    if utf16_len(source) <= max {
        return (source, false);
    }
    let fits = prefix_utf16(source, max);
    let shown = match fits.rfind('\n') {
        Some(at) if utf16_len(fits.get(..at).unwrap_or("")).saturating_mul(2) >= max => {
            fits.get(..at).unwrap_or(fits)
        }
        _ => fits,
    };
    (shown.trim_end_matches('\r'), true)
}

/// The block with the first `keep` located classes.
fn render(
    registry: &ModuleRegistry,
    located: &[(usize, Located)],
    blocks: &[String],
    keep: usize,
    options: &RegistryOptions,
) -> String {
    if registry.modules.is_empty() {
        return EMPTY.to_string();
    }
    if keep == 0 {
        // Not one class to show (none found, or none fits): no heading about nothing.
        return String::new();
    }
    let mut out = String::from(HEADING);
    for (m, module) in registry.modules.iter().enumerate() {
        let mine: Vec<(&Located, &String)> = located
            .iter()
            .zip(blocks)
            .take(keep)
            .filter(|((_, c), _)| c.module == m)
            .map(|((_, c), b)| (c, b))
            .collect();
        if mine.is_empty() {
            continue;
        }
        let issue = module.entry.created_by_issue.as_deref().unwrap_or("?");
        out.push_str(&format!("\n### From `{}` (Issue #{issue})\n", module.path));
        let mut imports: Vec<Imported> = Vec::new();
        for (c, _) in &mine {
            if !imports.iter().any(|i| i.name == c.import) {
                imports.push(Imported {
                    name: &c.import,
                    binding: &c.binding,
                });
            }
        }
        if let Some(line) = import_line(&module.path, &imports, options) {
            out.push_str(&format!("**Import:** `{line}`\n"));
        }
        if let Some(note) = hidden_note(&module.path, &imports) {
            out.push_str(&note);
        }
        for (_, block) in mine {
            out.push_str(block);
        }
    }
    out.push_str(CLOSING);
    out
}

/// A class on an import line: the name its source uses and how its file exports it.
pub(crate) struct Imported<'a> {
    pub name: &'a str,
    pub binding: &'a Binding,
}

/// How the importing file imports the classes `imports` from `path`: Python's `from … import`
/// (`__all__` or not: `from` reaches every top-level name), Dart's library import, and for
/// TS/JS a default, named (`Y as X` for `export { X as Y }`) or `export =` import, as the file
/// exports each; `None` when nothing listed is exported.
pub(crate) fn import_line(
    path: &str,
    imports: &[Imported],
    options: &RegistryOptions,
) -> Option<String> {
    let dir = options.importer_dir.as_deref().unwrap_or("");
    let language = Language::of_path(path)?;
    match language {
        Language::Python => {
            let names: Vec<&str> = imports.iter().map(|i| i.name).collect();
            return Some(format!(
                "from {} import {}",
                python_module(path, options.source_roots.as_deref().unwrap_or(&[])),
                names.join(", ")
            ));
        }
        Language::Dart => return Some(format!("import '{}';", relative(path, dir, true))),
        Language::Typescript | Language::Javascript => {}
    }
    let from = relative(path, dir, false);
    if let Some(whole) = imports.iter().find(|i| *i.binding == Binding::Equals) {
        return Some(match language {
            Language::Typescript => format!("import {} = require(\"{from}\");", whole.name),
            _ => format!("const {} = require(\"{from}\");", whole.name),
        });
    }
    let default = imports
        .iter()
        .find(|i| *i.binding == Binding::Default)
        .map(|i| match i.name {
            "default" => module_identifier(path),
            name => name.to_string(),
        });
    let named: Vec<String> = imports
        .iter()
        .filter_map(|i| match i.binding {
            Binding::Named(exported) if exported == i.name => Some(exported.clone()),
            Binding::Named(exported) => Some(format!("{exported} as {}", i.name)),
            _ => None,
        })
        .collect();
    let braces = format!("{{ {} }}", named.join(", "));
    let what = match (default, named.is_empty()) {
        (Some(d), true) => d,
        (Some(d), false) => format!("{d}, {braces}"),
        (None, false) => braces,
        (None, true) => return None,
    };
    Some(format!("import {what} from \"{from}\";"))
}

/// The line saying which listed classes the import line cannot reach (TS/JS: not exported)
/// or reaches outside the module's public names (Python: not in `__all__`).
fn hidden_note(path: &str, imports: &[Imported]) -> Option<String> {
    let hidden: Vec<String> = imports
        .iter()
        .filter(|i| *i.binding == Binding::Hidden)
        .map(|i| format!("`{}`", i.name))
        .collect();
    if hidden.is_empty() {
        return None;
    }
    let it = if hidden.len() == 1 { "it" } else { "them" };
    let list = hidden.join(", ");
    Some(match Language::of_path(path) {
        Some(Language::Python) => format!(
            "**Not in `__all__`:** {list} (imported above all the same; `import *` leaves {it} out)\n"
        ),
        _ => format!("**Not exported:** {list} (export {it} from `{path}` before importing {it})\n"),
    })
}

/// A default import's local name for an anonymous `export default class`: the file's name
/// (its directory's for `index`) in PascalCase, `src/user-card.tsx` → `UserCard`.
fn module_identifier(path: &str) -> String {
    let mut parts = path.rsplit(['/', '\\']).filter(|p| !p.is_empty());
    let file = parts.next().unwrap_or("");
    let stem = file.split('.').next().unwrap_or(file);
    let stem = if stem == "index" {
        parts.next().unwrap_or(stem)
    } else {
        stem
    };
    let mut out = String::new();
    // ASCII rules only: Unicode's case and letter tables would cost the entry kilobytes, and a
    // non-ASCII character is kept as it is (JavaScript identifiers allow it).
    for word in stem
        .split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$') || !c.is_ascii()))
    {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.push_str(chars.as_str());
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// `src/pkg/mod.py` → `pkg.mod` (with `src/` a source root); a package's `__init__` is the
/// package itself.
pub(crate) fn python_module(path: &str, roots: &[String]) -> String {
    let path = path.replace('\\', "/");
    let mut p = path.trim_start_matches("./");
    for root in roots {
        let root = root.trim_start_matches("./").trim_end_matches('/');
        if root.is_empty() {
            continue;
        }
        if let Some(rest) = p.strip_prefix(root).and_then(|r| r.strip_prefix('/')) {
            p = rest;
            break;
        }
    }
    let p = p
        .strip_suffix(".pyi")
        .or_else(|| p.strip_suffix(".py"))
        .unwrap_or(p);
    let p = p.strip_suffix("/__init__").unwrap_or(p);
    p.replace('/', ".")
}

/// `path` relative to the directory `from`, `./`-prefixed, without its extension unless
/// `keep_extension` (Dart imports name the file).
pub(crate) fn relative(path: &str, from: &str, keep_extension: bool) -> String {
    let path = path.replace('\\', "/");
    let from = from.replace('\\', "/");
    let target: Vec<&str> = path
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect();
    let base: Vec<&str> = from
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect();
    let common = target
        .iter()
        .zip(&base)
        .take(target.len().saturating_sub(1))
        .take_while(|(a, b)| a == b)
        .count();
    let mut parts: Vec<String> = base.iter().skip(common).map(|_| "..".to_string()).collect();
    if parts.is_empty() {
        parts.push(".".to_string());
    }
    parts.extend(target.iter().skip(common).map(|s| s.to_string()));
    let joined = parts.join("/");
    if keep_extension {
        return joined;
    }
    match joined.rsplit_once('.') {
        Some((stem, ext)) if !ext.contains('/') && !stem.ends_with('/') && !stem.is_empty() => {
            stem.to_string()
        }
        _ => joined,
    }
}

/// Reads the files argument, `{path: content}` (`null` for none).
pub fn source_files_from_value(v: &Value, path: &str) -> Result<BTreeMap<String, String>> {
    match v {
        Value::Null => Ok(BTreeMap::new()),
        v => crate::json::read::map(v, path, crate::json::read::string),
    }
}
