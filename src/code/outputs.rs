//! What a coding step produced: the classes in the files it created and in the files it
//! modified (a class added to an existing file is as real as one in a new file), and which
//! files its response says it modified.

use super::{extract_classes, Language};
use crate::error::pointer_push;
use crate::json::read::wrong_type;
use crate::json::Value;
use crate::shape::Shape;
use crate::Result;

/// One file's classes.
#[derive(Debug, Clone, PartialEq, Eq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct FileClasses {
    pub path: String,
    /// Top-level classes (the importable ones), in source order, each once.
    pub classes: Vec<String>,
}

/// What `trackOutputs` returns.
#[derive(Debug, Clone, PartialEq, Eq, Default, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct TrackedOutputs {
    /// Paths with at least one class: created files first, then modified ones not created,
    /// in the order given.
    pub classes_defined: Vec<FileClasses>,
    pub files_created: Vec<String>,
    /// Modified files whose content was given.
    pub files_modified: Vec<String>,
    /// Modified files given without content (`null`): skipped, as a file that no longer exists.
    pub missing: Vec<String>,
}

/// The classes defined in `created` (path, content) and `modified` (path, content or `None`
/// when the file is missing), merged per path without duplicates, in source order.
pub fn track_outputs(
    created: &[(String, String)],
    modified: &[(String, Option<String>)],
) -> TrackedOutputs {
    let mut out = TrackedOutputs::default();
    let add = |out: &mut TrackedOutputs, path: &str, content: &str| {
        let names = top_level(path, content);
        if names.is_empty() {
            return;
        }
        match out.classes_defined.iter_mut().find(|f| f.path == path) {
            Some(f) => {
                for n in names {
                    if !f.classes.contains(&n) {
                        f.classes.push(n);
                    }
                }
            }
            None => out.classes_defined.push(FileClasses {
                path: path.to_string(),
                classes: names,
            }),
        }
    };
    for (path, content) in created {
        out.files_created.push(path.clone());
        add(&mut out, path, content);
    }
    for (path, content) in modified {
        match content {
            Some(content) => {
                out.files_modified.push(path.clone());
                add(&mut out, path, content);
            }
            None => out.missing.push(path.clone()),
        }
    }
    out
}

fn top_level(path: &str, content: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for c in extract_classes(path, content).classes {
        if c.parent.is_none() && !names.contains(&c.name) {
            names.push(c.name);
        }
    }
    names
}

/// Reads `{path: content}` in the object's order; `null` content (allowed when
/// `nullable`) stands for a missing file.
pub fn files_from_value(
    v: &Value,
    path: &str,
    nullable: bool,
) -> Result<Vec<(String, Option<String>)>> {
    match v {
        Value::Null => Ok(Vec::new()),
        Value::Object(o) => o
            .iter()
            .map(|(k, x)| match x {
                Value::String(s) => Ok((k.to_string(), Some(s.clone()))),
                Value::Null if nullable => Ok((k.to_string(), None)),
                other => Err(wrong_type(
                    other,
                    if nullable {
                        "the file's content (a string, or null when it is missing)"
                    } else {
                        "the file's content (a string)"
                    },
                    &pointer_push(path, k),
                )),
            })
            .collect(),
        other => Err(wrong_type(other, "an object {path: content}", path)),
    }
}

/// What `parseModifiedFiles` returns.
#[derive(Debug, Clone, PartialEq, Eq, Default, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct ModifiedFiles {
    /// In first-seen order, each once.
    pub paths: Vec<String>,
}

/// The paths an LLM response says it changed: `# MODIFIED FILE: path`, `Modified: path`,
/// `Updated: path` (any case, with or without backticks, quotes or bold), where the path ends
/// in an extension the extractor reads — so prose such as "Modified: nothing" is no path.
pub fn parse_modified_files(response: &str) -> ModifiedFiles {
    let mut out = ModifiedFiles::default();
    for line in response.lines() {
        let lower = line.to_ascii_lowercase();
        let after = ["modified file:", "modified:", "updated:"]
            .iter()
            .filter_map(|k| lower.find(k).map(|at| at.saturating_add(k.len())))
            .min();
        let Some(after) = after else { continue };
        // `to_ascii_lowercase` keeps byte offsets.
        let rest = line.get(after..).unwrap_or("");
        for path in listed_paths(rest) {
            if !out.paths.iter().any(|p| p == path) {
                out.paths.push(path.to_string());
            }
        }
    }
    out
}

/// The path right after the keyword, and those following it in a comma-separated list
/// (`Modified: a.py, b.py`); prose after the list is not read for paths.
fn listed_paths(rest: &str) -> Vec<&str> {
    let mut paths = Vec::new();
    let quotes: &[char] = &['`', '\'', '"', '*'];
    // `**Modified:** a.py`: the bold's closing stars stand alone before the path.
    let words = rest
        .split_whitespace()
        .skip_while(|w| w.chars().all(|c| quotes.contains(&c)));
    for word in words {
        let Some(path) = path_token(word) else { break };
        paths.push(path);
        if !word.trim_end_matches(quotes).ends_with(',') {
            break;
        }
    }
    paths
}

fn path_token(word: &str) -> Option<&str> {
    let quotes: &[char] = &['`', '\'', '"', '*'];
    let token = word
        .trim_matches(|c: char| quotes.contains(&c))
        .trim_end_matches([',', ';', ':', '.', ')', ']'])
        .trim_matches(|c: char| quotes.contains(&c));
    (!token.is_empty() && Language::of_path(token).is_some()).then_some(token)
}
