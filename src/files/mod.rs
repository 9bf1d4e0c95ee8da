//! Preloaded files: the contents of files an agent will need, inlined into its first prompt
//! under a budget, so it edits at once instead of spending turns reading them.
//!
//! The caller names candidate files in order (each with where the reference came from) and
//! supplies the contents it has (a browser has no disk). Each reference is normalised and
//! confined (`path`), checked (`content`: binary, line count, credentials) and, if it
//! passes, fitted to the budget in order: `bestEffort` skips a file that does not fit and tries
//! the next, `strict` fails before rendering anything when all of them do not fit. Every
//! reference gets one record saying what happened and why. See docs/FILES.md.

pub(crate) mod calls;
pub(crate) mod check;
pub(crate) mod content;
pub(crate) mod path;
pub(crate) mod render;
pub(crate) mod secrets;

pub use check::{check_paths, PathCheck, PathChecks, PathStatus, PathsInput};
pub use content::Content;

use crate::budget::{budget_field, Budget, MAX_BUDGET};
use crate::json::Value;
use crate::manifest::{Action, ItemRecord};
use crate::shape::{Shape, Ty, TyRef};
use crate::text::{utf16_len, SharedStr};
use crate::tokens::{Meter, Running, Tally, Vocabulary};
use crate::{Error, ErrorCode, Limits, Result};
use content::{line_count, ContentRef};
use path::{normalize_in, Base, PathFault};
use render::{language, plural, Piece, HEADING};
use secrets::{secret_content, secret_name};
use std::collections::BTreeMap;

/// Lines a file may have by default: longer files are better read by the agent in parts.
pub const DEFAULT_MAX_LINES: usize = 200;
/// The token budget when none is given (the reference design's figure).
pub const DEFAULT_MAX_TOKENS: usize = 5_000;

/// A file the prompt refers to.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(
    input,
    rename_all = "camelCase",
    expecting = "a file reference {path, source?}"
)]
pub struct FileRef {
    /// Relative to the base the host reads from (`src/App.jsx`).
    pub path: String,
    /// Where the reference came from, for the record (`contexts[].sourceFile`).
    pub source: Option<String>,
}

/// What a path names on the host's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(input, output, rename_all = "camelCase")]
pub enum EntryKind {
    File,
    Directory,
    /// A FIFO, a socket, a device: nothing to inline.
    Other,
    /// Its real path (symlinks followed) leaves the base: the host did not read it.
    Outside,
}

impl Ty for Content {
    fn ty() -> TyRef {
        TyRef::String
    }
}

/// A content as the host read it.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(
    input,
    rename_all = "camelCase",
    expecting = "a file content {path, content?, kind?, size?, realPath?}"
)]
pub struct FileContent {
    /// Matched to references after normalisation (`./a.js` supplies `a.js`).
    pub path: String,
    /// The text, or the bytes as read (numbers 0–255: a host that could not decode them as
    /// UTF-8 hands them over, and the core judges them binary; in JavaScript also a
    /// `Uint8Array`, such as the `Buffer` `readFileSync` returns, or an `ArrayBuffer`, read as
    /// its text when it is valid UTF-8); absent when the host did not read it (a directory, or a
    /// file refused by size).
    #[shape(
        with = "read_content",
        ts = "string | number[] | Uint8Array | ArrayBuffer"
    )]
    pub content: Option<Content>,
    /// Default `file`. A reader of a real disk says `outside` for a path whose real path
    /// leaves the base, `directory`, or `other` for FIFOs, sockets and devices.
    pub kind: Option<EntryKind>,
    /// The file's size in bytes, when the host knows it: without a content (refused before
    /// reading), or with only the head of the file as content (the Node reader sends a binary
    /// file's head up to its first invalid UTF-8); with both, the larger is the file's.
    #[shape(with = "whole_number", ts = "number")]
    pub size: Option<usize>,
    /// Where the disk resolves `path` to, every symlink followed, relative to the base's own
    /// real path (`.env` for `src/settings.txt -> ../.env`): the secret-name rules apply to it
    /// as to `path`. A reader of a real disk fills it (the Node reader does).
    pub real_path: Option<String>,
}

fn read_content(v: &Value, path: &str) -> Result<Option<Content>> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(Content::Text(s.clone()))),
        // JSON has no bytes; an array of byte values is how they cross (the Node reader sends
        // a file that is not valid UTF-8 so), and the core, not the host, decides it is binary.
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, item)| match item {
                Value::Number(n) if n.fract() == 0.0 && (0.0..=255.0).contains(n) => {
                    // Whole and within 0..=255, so exact.
                    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                    Ok(*n as u8)
                }
                other => Err(Error::new(
                    ErrorCode::InvalidInput,
                    crate::error::pointer_push(path, &i.to_string()),
                    format!(
                        "a content given as bytes holds whole numbers from 0 to 255, got {}",
                        match other {
                            Value::Number(n) => crate::budget::js_string(*n),
                            other => crate::json::read::kind(other).to_string(),
                        }
                    ),
                )),
            })
            .collect::<Result<Vec<u8>>>()
            .map(|bytes| Some(Content::Bytes(bytes))),
        other => Err(crate::json::read::wrong_type(
            other,
            "a string or an array of bytes",
            path,
        )),
    }
}

/// A whole number from 0 to 2^31 − 1 (a count or a size; `null` is none).
pub(crate) fn whole_number(v: &Value, path: &str) -> Result<Option<usize>> {
    match v {
        Value::Null => Ok(None),
        Value::Number(n) if n.is_finite() && n.fract() == 0.0 && *n >= 0.0 && *n <= MAX_BUDGET => {
            // Whole and in range, so exact.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            Ok(Some(*n as usize))
        }
        other => Err(Error::new(
            ErrorCode::InvalidInput,
            path,
            format!(
                "{} must be a whole number from 0 to 2147483647, got {}",
                path.rsplit('/').next().unwrap_or("the value"),
                match other {
                    Value::Number(n) => crate::budget::js_string(*n),
                    other => crate::json::read::kind(other).to_string(),
                }
            ),
        )),
    }
}

/// What to do when the files do not all fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Shape)]
#[shape(input, output, rename_all = "camelCase")]
pub enum PreloadMode {
    /// Skip a file that does not fit and try the next.
    #[default]
    BestEffort,
    /// Fail with `BUDGET_EXCEEDED` before rendering anything.
    Strict,
}

/// The references, the contents and the rules.
#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(
    input,
    rename_all = "camelCase",
    expecting = "a preload input {references, contents, …}"
)]
pub struct PreloadInput {
    /// In order of preference: earlier references are fitted first.
    pub references: Vec<FileRef>,
    /// The contents the host has; a reference without one is `missing`.
    pub contents: Option<Vec<FileContent>>,
    /// A file with more lines is skipped (default 200 without a budget; none when `maxTokens`
    /// or `maxChars` is given: the budget decides).
    #[shape(with = "whole_number", ts = "number")]
    pub max_lines: Option<usize>,
    /// A file with more UTF-8 bytes is skipped (default: no limit but `limits.maxTextLength`).
    #[shape(with = "whole_number", ts = "number")]
    pub max_bytes: Option<usize>,
    /// The block's budget in tokens (default 5,000 when no budget is given).
    #[shape(with = "budget_field", ts = "number")]
    pub max_tokens: Option<usize>,
    /// The block's budget in UTF-16 code units. With either budget given, only the given ones
    /// apply; both must hold.
    #[shape(with = "budget_field", ts = "number")]
    pub max_chars: Option<usize>,
    /// Default `bestEffort`.
    pub mode: Option<PreloadMode>,
    /// How many agents receive the block (default 1): `fanoutTokens` is the cost of sending it.
    #[shape(with = "whole_number", ts = "number")]
    pub fanout: Option<usize>,
    /// Inline files whose name or content looks like a credential (default false).
    pub allow_secrets: Option<bool>,
    /// The vocabulary tokens are estimated for (default `o200k`).
    pub vocabulary: Option<Vocabulary>,
    /// End the block with a list of the references that were not inlined, each with its reason
    /// code, so the agent knows what it was not given (default true).
    pub list_not_inlined: Option<bool>,
    /// The absolute directory the paths are relative to (`/srv/app`), for absolute paths: one
    /// lexically under it is taken in its relative form, one outside it is refused. Without a
    /// base every absolute path is refused. The Node reader passes its `baseDir`.
    pub base: Option<String>,
}

/// Why a reference was or was not inlined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(output, rename_all = "snake_case")]
pub enum FileReason {
    /// Inlined whole.
    Inlined,
    /// Did not fit what was left of the budget.
    Budget,
    /// More lines than `maxLines`.
    TooManyLines,
    /// More bytes than `maxBytes`.
    TooLarge,
    /// No content was supplied for it.
    Missing,
    /// The path could reach outside the base: never read.
    PathEscape,
    /// The path names no file (empty, or the base itself).
    InvalidPath,
    /// NUL bytes or invalid UTF-8.
    Binary,
    Directory,
    /// A FIFO, socket or device.
    NotAFile,
    /// Its name or content looks like a credential.
    Secret,
    /// The same file as an earlier reference.
    Duplicate,
}

/// What happened to one reference.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct FileRecord {
    /// `id` is the normalised path (the path as given when it was refused).
    #[shape(flatten)]
    pub item: ItemRecord,
    pub reason_code: FileReason,
    /// The path as given.
    pub path: String,
    pub source: Option<String>,
    /// The content's size in UTF-8 bytes (`null` when none was read).
    pub bytes: Option<usize>,
    /// Its lines (`null` when not read as text).
    pub lines: Option<usize>,
    /// What its rendered block costs in tokens (`null` when it was never measured).
    pub tokens: Option<usize>,
    pub language: Option<String>,
    /// For a duplicate: the index of the reference it repeats.
    pub duplicate_of: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Default, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct PreloadTotals {
    pub references: usize,
    pub inlined: usize,
    pub skipped: usize,
    pub rejected: usize,
    pub duplicates: usize,
    /// The block's length in UTF-16 code units.
    pub chars: usize,
    /// The block's tokens, as `counter` estimates them.
    pub tokens: usize,
    /// The inlined contents' UTF-8 bytes.
    pub bytes: usize,
    pub fanout: usize,
    /// `tokens × fanout`: what sending the block to every agent costs.
    pub fanout_tokens: usize,
    /// What measured `tokens`: `estimate:o200k`, or `host` and the name of the caller's
    /// `tokenCounter`.
    #[shape(intern)]
    pub counter: String,
    /// How many times the caller's counter was called (each distinct piece once); `null` for
    /// the estimator.
    pub counter_calls: Option<usize>,
    pub max_chars: Option<usize>,
    pub max_tokens: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct PreloadManifest {
    /// One record per reference, in order.
    pub files: Vec<FileRecord>,
    pub totals: PreloadTotals,
}

#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output)]
pub struct PreloadResult {
    /// `""` when nothing was inlined.
    pub block: String,
    pub manifest: PreloadManifest,
}

/// The budget of a preload: the given limits, or 5,000 tokens when none is given.
pub fn preload_budget(input: &PreloadInput) -> Budget {
    let given = Budget {
        max_chars: input.max_chars,
        max_tokens: input.max_tokens,
    };
    if given == Budget::default() {
        Budget {
            max_chars: None,
            max_tokens: Some(DEFAULT_MAX_TOKENS),
        }
    } else {
        given
    }
}

/// The line limit when `maxLines` is not given: 200, unless the caller gave a budget. An
/// explicit budget says how much to inline, and the budget holds whatever the lines: a default
/// line limit under it would only refuse what the caller asked for (seed 002's 650k words
/// under `maxTokens: 900000`).
pub(crate) fn default_max_lines(input: &PreloadInput) -> usize {
    if input.max_tokens.is_some() || input.max_chars.is_some() {
        usize::MAX
    } else {
        DEFAULT_MAX_LINES
    }
}

/// A file that passed every rule, waiting for the budget.
struct Candidate<'a> {
    record: usize,
    content: usize,
    piece: Piece<'a>,
    bytes: usize,
}

/// An inlined file: its piece of the block, and the index in `contents` of the text it holds.
pub(crate) struct Placed<'a> {
    pub content: usize,
    pub piece: Piece<'a>,
}

/// A preload decided but not yet rendered: the manifest, and the block's pieces in order. The
/// block is written from them once, by [`Plan::block`] — or, by the wasm binding, in
/// JavaScript around the contents it still holds as strings, so the block never crosses back.
pub(crate) struct Plan<'a> {
    manifest: PreloadManifest,
    pieces: Vec<Placed<'a>>,
    /// The list of what was not inlined, after the pieces (`""` for none).
    footer: String,
}

impl<'a> Plan<'a> {
    /// The block, written once into a string of its exact size.
    pub(crate) fn block(&self) -> String {
        if self.pieces.is_empty() {
            return String::new();
        }
        let len = self
            .pieces
            .iter()
            .fold(HEADING.len(), |n, p| n.saturating_add(p.piece.byte_len()))
            .saturating_add(self.footer.len());
        let mut block = String::with_capacity(len);
        block.push_str(HEADING);
        for p in &self.pieces {
            p.piece.write(&mut block);
        }
        block.push_str(&self.footer);
        block
    }

    /// The manifest, the pieces and the footer, for a caller that writes the block itself.
    pub(crate) fn into_parts(self) -> (PreloadManifest, Vec<Placed<'a>>, String) {
        (self.manifest, self.pieces, self.footer)
    }

    pub(crate) fn into_result(self) -> PreloadResult {
        PreloadResult {
            block: self.block(),
            manifest: self.manifest,
        }
    }
}

/// A record that says nothing yet: [`judge`] and [`fit`] fill it in.
fn blank_record(id: &str, r: &FileRef) -> FileRecord {
    FileRecord {
        item: ItemRecord {
            id: id.into(),
            action: Action::Skipped,
            reason: "".into(),
            chars_before: None,
            chars_after: 0,
            tokens_before: None,
            tokens_after: None,
        },
        reason_code: FileReason::Missing,
        path: r.path.clone(),
        source: r.source.clone(),
        bytes: None,
        lines: None,
        tokens: None,
        language: None,
        duplicate_of: None,
    }
}

/// Says on `rec` why it is not inlined; always `None`, for `return refuse(…)`.
fn refuse<T>(rec: &mut FileRecord, action: Action, code: FileReason, reason: String) -> Option<T> {
    rec.item.action = action;
    rec.reason_code = code;
    rec.item.reason = reason.into();
    None
}

/// The per-file rules a preload applies.
struct Rules {
    max_lines: usize,
    max_bytes: Option<usize>,
    allow_secrets: bool,
}

/// Applies the rules after the path's to the file at the normalised path `path`: the text
/// and its line count when it may be inlined, else `None` with `rec` saying why.
fn judge<'a>(
    path: &str,
    entry: Option<(&FileContent, Option<ContentRef<'a>>)>,
    rules: &Rules,
    rec: &mut FileRecord,
) -> Option<(&'a str, usize)> {
    use Action::{Rejected, Skipped};
    if !rules.allow_secrets {
        let real = entry.and_then(|(e, _)| e.real_path.as_deref());
        let why = secret_name(path).or_else(|| {
            let real = real?;
            let why = secret_name(real)?;
            // The host's name, shown only when it cannot forge lines or hide what it says (ASCII:
            // Unicode's classes would cost the wasm their tables).
            let shown = real
                .bytes()
                .all(|b| b == b' ' || (b.is_ascii_graphic() && b != b'`'));
            Some(if shown {
                format!("its real path `{real}` (a symlink's target): {why}")
            } else {
                "its real path (a symlink's target) names a credential file".to_string()
            })
        });
        if let Some(why) = why {
            let reason = format!("refused as a likely secret: {why} (allowSecrets inlines it)");
            return refuse(rec, Rejected, FileReason::Secret, reason);
        }
    }
    let Some((entry, content)) = entry else {
        let reason = "skipped: no content was supplied for it".to_string();
        return refuse(rec, Skipped, FileReason::Missing, reason);
    };
    match entry.kind.unwrap_or(EntryKind::File) {
        EntryKind::Directory => {
            let reason = "refused: a directory (name its files instead)".to_string();
            return refuse(rec, Rejected, FileReason::Directory, reason);
        }
        EntryKind::Other => {
            let reason = "refused: not a regular file (a FIFO, socket or device)".to_string();
            return refuse(rec, Rejected, FileReason::NotAFile, reason);
        }
        EntryKind::Outside => {
            let reason =
                "refused: its real path leaves the base (a symlink pointing outside)".to_string();
            return refuse(rec, Rejected, FileReason::PathEscape, reason);
        }
        EntryKind::File => {}
    }
    // A host may send only the head of a file it found binary, with the file's size: the
    // larger count is the file's (and a size cannot shrink a content past maxBytes).
    rec.bytes = match (content.map(ContentRef::bytes), entry.size) {
        (Some(content), Some(size)) => Some(content.max(size)),
        (content, size) => content.or(size),
    };
    if let (Some(max), Some(size)) = (rules.max_bytes, rec.bytes) {
        if size > max {
            let reason = format!("skipped: {size} bytes, over maxBytes ({max})");
            return refuse(rec, Skipped, FileReason::TooLarge, reason);
        }
    }
    let Some(content) = content else {
        let reason = "skipped: the host supplied no content for it".to_string();
        return refuse(rec, Skipped, FileReason::Missing, reason);
    };
    let text = match content.text() {
        Ok(t) => t,
        Err(why) => {
            let reason = format!("refused as binary: the content {why}");
            return refuse(rec, Rejected, FileReason::Binary, reason);
        }
    };
    let lines = line_count(text);
    rec.lines = Some(lines);
    if lines > rules.max_lines {
        let reason = format!(
            "skipped: {lines} lines, over maxLines ({})",
            rules.max_lines
        );
        return refuse(rec, Skipped, FileReason::TooManyLines, reason);
    }
    if !rules.allow_secrets {
        if let Some(shape) = secret_content(text) {
            let reason = format!("refused as a likely secret: its content holds what looks like {shape} (allowSecrets inlines it)");
            return refuse(rec, Rejected, FileReason::Secret, reason);
        }
    }
    Some((text, lines))
}

/// The `base` option, checked.
pub(crate) fn read_base(raw: Option<&str>) -> Result<Option<Base>> {
    raw.map(|b| Base::new(b).map_err(|why| Error::new(ErrorCode::InvalidInput, "/base", why)))
        .transpose()
}

/// Inlines the referenced files that pass the rules and fit the budget; see the module docs.
pub fn preload(input: &PreloadInput, limits: &Limits) -> Result<PreloadResult> {
    plan(input, &[], limits).map(Plan::into_result)
}

/// [`preload`] with tokens counted by `meter` (a caller's counter, [`Meter::Pieces`]) instead
/// of the estimator of `input.vocabulary`.
pub fn preload_metered(
    input: &PreloadInput,
    limits: &Limits,
    meter: &mut Meter,
) -> Result<PreloadResult> {
    plan_metered(input, &[], limits, meter).map(Plan::into_result)
}

/// The error for a block the host could not hold as one string (a JavaScript string is limited
/// to about 2^29 units): the plan succeeded, the host refused its result.
pub(crate) fn block_refused_by_host(why: &str) -> Error {
    Error::new(
        ErrorCode::TooLarge,
        "",
        format!("the block could not be made into a JavaScript string: {why}"),
    )
}

/// [`preload`] short of writing the block, with texts the caller holds apart from the input:
/// `held[i]`, when given, is the text of `input.contents[i]`, whose own `content` is then not
/// read (the wasm binding passes every text so, as slices of one buffer).
pub(crate) fn plan<'a>(
    input: &'a PreloadInput,
    held: &[Option<&'a str>],
    limits: &Limits,
) -> Result<Plan<'a>> {
    let estimator = input.vocabulary.unwrap_or_default().estimator();
    plan_metered(input, held, limits, &mut Meter::Estimate(estimator))
}

/// [`plan`] with tokens counted by `meter`.
pub(crate) fn plan_metered<'a>(
    input: &'a PreloadInput,
    held: &[Option<&'a str>],
    limits: &Limits,
    meter: &mut Meter,
) -> Result<Plan<'a>> {
    limits.check_documents(input.references.len(), "/references")?;
    let contents = input.contents.as_deref().unwrap_or(&[]);
    limits.check_documents(contents.len(), "/contents")?;
    let content_at = |i: usize| -> Option<ContentRef<'a>> {
        match held.get(i).copied().flatten() {
            Some(text) => Some(ContentRef::Text(text)),
            None => contents.get(i)?.content.as_ref().map(Content::view),
        }
    };
    for i in 0..contents.len() {
        if let Some(ContentRef::Text(t)) = content_at(i) {
            limits.check_str(t, &format!("/contents/{i}/content"), "the content")?;
        }
    }
    let base = read_base(input.base.as_deref())?;
    let normalize = |raw: &str| normalize_in(raw, base.as_ref());
    // The first content given for a path is the one used (ties by input order).
    let mut by_path: BTreeMap<String, usize> = BTreeMap::new();
    for (i, c) in contents.iter().enumerate() {
        if let Ok(p) = normalize(&c.path) {
            by_path.entry(p).or_insert(i);
        }
    }
    let rules = Rules {
        max_lines: input.max_lines.unwrap_or(default_max_lines(input)),
        max_bytes: input.max_bytes,
        allow_secrets: input.allow_secrets.unwrap_or(false),
    };
    let mut records = Vec::with_capacity(input.references.len());
    let mut candidates = Vec::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for (i, r) in input.references.iter().enumerate() {
        let normal = match normalize(&r.path) {
            Ok(p) => p,
            Err(fault) => {
                let code = match fault {
                    PathFault::Escape(_) | PathFault::Outside(_) => FileReason::PathEscape,
                    PathFault::Empty => FileReason::InvalidPath,
                };
                let mut rec = blank_record(&r.path, r);
                refuse::<()>(&mut rec, Action::Rejected, code, fault.message());
                records.push(rec);
                continue;
            }
        };
        let mut rec = blank_record(&normal, r);
        if let Some(&first) = seen.get(&normal) {
            let reason = format!("the same file as reference {first}");
            refuse::<()>(&mut rec, Action::Duplicate, FileReason::Duplicate, reason);
            rec.duplicate_of = Some(first);
        } else {
            let at = by_path.get(&normal).copied();
            let entry = at.and_then(|k| Some((contents.get(k)?, content_at(k))));
            if let Some((text, lines)) = judge(&normal, entry, &rules, &mut rec) {
                rec.language = Some(language(&normal).to_string());
                candidates.push(Candidate {
                    record: records.len(),
                    content: at.unwrap_or_default(),
                    piece: Piece::new(&normal, language(&normal), text, lines),
                    bytes: text.len(),
                });
            }
        }
        seen.entry(normal).or_insert(i);
        records.push(rec);
    }
    fit(input, records, candidates, meter)
}

/// Fits the candidates in order (strict mode: fails unless all fit), then the list of what was
/// not inlined into what is left.
fn fit<'a>(
    input: &PreloadInput,
    mut records: Vec<FileRecord>,
    mut candidates: Vec<Candidate<'a>>,
    meter: &mut Meter,
) -> Result<Plan<'a>> {
    let budget = preload_budget(input);
    let strict = input.mode.unwrap_or_default() == PreloadMode::Strict;
    let heading_units = utf16_len(HEADING);
    // The heading is counted from the start: the first file to be inlined brings it along
    // (and a caller's counter is not called when there is nothing to fit).
    let mut running = if candidates.is_empty() {
        meter.start()
    } else {
        meter.with(&meter.start(), &[HEADING])?.0
    };
    let mut units = heading_units;
    let mut inlined: Vec<usize> = Vec::new();
    // Strict mode: the files that do not fit (each is counted after all those before it).
    let mut over: Vec<usize> = Vec::new();
    let mut bytes = 0usize;
    for (k, c) in candidates.iter_mut().enumerate() {
        let trial = measure(meter, &running, &mut c.piece, c.bytes)?;
        let trial_units = units.saturating_add(c.piece.units());
        let own_tokens = trial.tokens().saturating_sub(running.tokens());
        let own_units = trial_units.saturating_sub(units);
        let fits_chars = budget.max_chars.map_or(true, |m| trial_units <= m);
        let fits_tokens = budget.max_tokens.map_or(true, |m| trial.tokens() <= m);
        let Some(rec) = records.get_mut(c.record) else {
            continue;
        };
        rec.tokens = Some(own_tokens);
        rec.item.chars_before = Some(own_units);
        if budget.max_tokens.is_some() {
            rec.item.tokens_before = Some(own_tokens);
            rec.item.tokens_after = Some(0);
        }
        if strict && !(fits_chars && fits_tokens) {
            over.push(c.record);
        }
        if strict || (fits_chars && fits_tokens) {
            let first = inlined.is_empty();
            rec.item.action = Action::Inlined;
            rec.reason_code = FileReason::Inlined;
            rec.item.chars_after = if first { trial_units } else { own_units };
            let cost = if first { trial.tokens() } else { own_tokens };
            if budget.max_tokens.is_some() {
                rec.item.tokens_after = Some(cost);
            }
            rec.item.reason = format!(
                "inlined: {}, {own_tokens} tokens",
                plural(rec.lines.unwrap_or(0), "line")
            )
            .into();
            running = trial;
            units = trial_units;
            inlined.push(k);
            bytes = bytes.saturating_add(c.bytes);
        } else {
            rec.item.action = Action::Skipped;
            rec.reason_code = FileReason::Budget;
            rec.item.reason = SharedStr::from(if fits_tokens {
                format!(
                    "skipped: its {own_units} chars do not fit the {} left of maxChars ({})",
                    left(budget.max_chars, units, inlined.is_empty(), heading_units),
                    budget.max_chars.unwrap_or(0)
                )
            } else {
                let spent = if inlined.is_empty() {
                    0
                } else {
                    running.tokens()
                };
                format!(
                    "skipped: its {own_tokens} tokens do not fit the {} left of maxTokens ({})",
                    budget.max_tokens.unwrap_or(0).saturating_sub(spent),
                    budget.max_tokens.unwrap_or(0)
                )
            });
        }
    }
    let (chars, tokens) = if inlined.is_empty() {
        (0, 0)
    } else {
        (units, running.tokens())
    };
    if strict {
        check_strict(input, budget, &records, &over, chars, tokens, inlined.len())?;
    }
    let footer = if inlined.is_empty() || input.list_not_inlined == Some(false) {
        None
    } else {
        not_inlined(&records, meter, &running, units, budget)?
    };
    let (chars, tokens) = match &footer {
        Some((text, after)) => (chars.saturating_add(utf16_len(text)), after.tokens()),
        None => (chars, tokens),
    };
    if budget.max_tokens.is_some() {
        // With a token budget every record says what it cost in tokens: nothing, when it was
        // refused before it was measured.
        for r in records.iter_mut().filter(|r| r.item.tokens_after.is_none()) {
            r.item.tokens_after = Some(0);
        }
    }
    // The list is charged to the first file inlined, as the heading is: the records still add
    // up to the totals.
    if let (Some((text, after)), Some(first)) = (
        &footer,
        inlined
            .first()
            .and_then(|&k| candidates.get(k))
            .map(|c| c.record),
    ) {
        if let Some(rec) = records.get_mut(first) {
            rec.item.chars_after = rec.item.chars_after.saturating_add(utf16_len(text));
            if let Some(t) = rec.item.tokens_after.as_mut() {
                *t = t.saturating_add(after.tokens().saturating_sub(running.tokens()));
            }
        }
    }
    let mut taken = inlined.into_iter().peekable();
    let pieces = candidates
        .into_iter()
        .enumerate()
        .filter(|(k, _)| taken.next_if_eq(k).is_some())
        .map(|(_, c)| Placed {
            content: c.content,
            piece: c.piece,
        })
        .collect();
    let fanout = input.fanout.unwrap_or(1);
    let count = |a: Action| records.iter().filter(|r| r.item.action == a).count();
    let totals = PreloadTotals {
        references: records.len(),
        inlined: count(Action::Inlined),
        skipped: count(Action::Skipped),
        rejected: count(Action::Rejected),
        duplicates: count(Action::Duplicate),
        chars,
        tokens,
        bytes,
        fanout,
        fanout_tokens: tokens.saturating_mul(fanout),
        counter: meter.name().to_string(),
        counter_calls: meter.calls(),
        max_chars: budget.max_chars,
        max_tokens: budget.max_tokens,
    };
    Ok(Plan {
        manifest: PreloadManifest {
            files: records,
            totals,
        },
        pieces,
        footer: footer.map(|(text, _)| text).unwrap_or_default(),
    })
}

/// `tally` with `piece` appended, the piece's heading saying its body's tokens.
///
/// The figure is in the heading, before the body it counts. The estimator counts the body
/// once: the heading's figure changes the scan's state before the body only when it changes
/// the figure's width (and an accented letter is near), so the body's count is spliced after
/// the heading with its final figure instead of scanned again, and rescanned only when the
/// state did change. A caller's counter counts the body on its own, as it counts every piece.
fn measure(meter: &mut Meter, tally: &Tally, piece: &mut Piece<'_>, bytes: usize) -> Result<Tally> {
    let Tally::Running(start) = tally else {
        let figure = meter.count(piece.body().0)?;
        piece.set_tokens(figure);
        let (t, _) = meter.with(tally, &piece.head_parts())?;
        let t = Tally::Sum(t.tokens().saturating_add(figure));
        return Ok(meter.with(&t, &piece.tail_parts())?.0);
    };
    // Source code is about four bytes a token: the first guess usually has the right width.
    let mut guess = bytes / 4;
    let mut last: Option<(Running, Running)> = None;
    // Each round confirms the figure or tries the one it found; a figure that keeps moving
    // (never seen in practice) is left as the last round's, the count exact for it.
    for round in 0..4 {
        piece.set_tokens(guess);
        let mut head = start.clone();
        piece.count_head(&mut head);
        let body = match last.as_ref().and_then(|(from, to)| head.splice(from, to)) {
            Some(spliced) => spliced,
            None => {
                let mut b = head.clone();
                b.push(piece.body().0);
                b
            }
        };
        let figure = body.tokens_since(&head);
        last = Some((head, body));
        if figure == guess || round == 3 {
            break;
        }
        guess = figure;
    }
    let Some((_, mut body)) = last else {
        return Ok(tally.clone());
    };
    piece.count_tail(&mut body);
    Ok(Tally::Running(body))
}

/// At most this many references are listed after the files; the rest are counted.
const LISTED: usize = 20;

/// The list of references that were not inlined, each with its reason code, shortened until it
/// fits what the files left of the budget (`None` when not even its first line does), and the
/// count after it.
fn not_inlined(
    records: &[FileRecord],
    meter: &mut Meter,
    running: &Tally,
    units: usize,
    budget: Budget,
) -> Result<Option<(String, Tally)>> {
    let left_out: Vec<&FileRecord> = records
        .iter()
        .filter(|r| matches!(r.item.action, Action::Skipped | Action::Rejected))
        .collect();
    if left_out.is_empty() {
        return Ok(None);
    }
    for listed in (0..=left_out.len().min(LISTED)).rev() {
        let text = render::not_inlined(
            left_out.iter().take(listed).map(|r| {
                let shown = !matches!(
                    r.reason_code,
                    FileReason::PathEscape | FileReason::InvalidPath
                );
                (r.item.id.as_ref(), shown, r.reason_code.as_str())
            }),
            left_out.len().saturating_sub(listed),
        );
        let (after, _) = meter.with(running, &[&text])?;
        let fits_chars = budget
            .max_chars
            .map_or(true, |m| units.saturating_add(utf16_len(&text)) <= m);
        let fits_tokens = budget.max_tokens.map_or(true, |m| after.tokens() <= m);
        if fits_chars && fits_tokens {
            return Ok(Some((text, after)));
        }
    }
    Ok(None)
}

fn need(files: usize) -> &'static str {
    if files == 1 {
        "needs"
    } else {
        "need"
    }
}

/// Units left of a chars budget (the heading is not spent until a file is inlined).
fn left(max: Option<usize>, units: usize, nothing_yet: bool, heading: usize) -> usize {
    let spent = if nothing_yet {
        units.saturating_sub(heading)
    } else {
        units
    };
    max.unwrap_or(0).saturating_sub(spent)
}

/// Strict mode: no reference that passed the path, name and content rules may be skipped —
/// not for its lines, its size or the budget — or the call fails naming every such reference,
/// and nothing is rendered.
fn check_strict(
    input: &PreloadInput,
    budget: Budget,
    records: &[FileRecord],
    over: &[usize],
    chars: usize,
    tokens: usize,
    files: usize,
) -> Result<()> {
    let named = |r: &FileRecord| format!("`{}`", r.item.id);
    let mut parts: Vec<String> = records
        .iter()
        .filter_map(|r| match r.reason_code {
            FileReason::TooManyLines => Some(format!(
                "{} has {}, over maxLines ({}{})",
                named(r),
                plural(r.lines.unwrap_or(0), "line"),
                input.max_lines.unwrap_or(default_max_lines(input)),
                if input.max_lines.is_none() {
                    ", the default when no budget is given: an explicit maxTokens lifts it"
                } else {
                    ""
                }
            )),
            FileReason::TooLarge => Some(format!(
                "{} has {}, over maxBytes ({})",
                named(r),
                plural(r.bytes.unwrap_or(0), "byte"),
                input.max_bytes.unwrap_or(0)
            )),
            _ => None,
        })
        .collect();
    let first_limit = records.iter().find_map(|r| match r.reason_code {
        FileReason::TooManyLines => Some("/maxLines"),
        FileReason::TooLarge => Some("/maxBytes"),
        _ => None,
    });
    let defaulted = input.max_chars.is_none() && input.max_tokens.is_none();
    let hint = if defaulted {
        format!(" (no budget was given, so the default of {DEFAULT_MAX_TOKENS} tokens applies: pass an explicit maxTokens to inline more)")
    } else {
        String::new()
    };
    let over_names = || {
        over.iter()
            .filter_map(|&i| records.get(i))
            .map(named)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut path = first_limit;
    if let Some(max) = budget.max_tokens.filter(|&m| tokens > m) {
        parts.push(format!("{} {} {tokens} tokens ({chars} chars), over the budget of {max} tokens{hint}, so these do not fit: {}", plural(files, "file"), need(files), over_names()));
        path = Some("/maxTokens");
    } else if let Some(max) = budget.max_chars.filter(|&m| chars > m) {
        parts.push(format!("{} {} {chars} chars ({tokens} tokens), over the budget of {max} chars, so these do not fit: {}", plural(files, "file"), need(files), over_names()));
        path = Some("/maxChars");
    }
    match path {
        None => Ok(()),
        Some(path) => Err(Error::new(
            ErrorCode::BudgetExceeded,
            path,
            format!("strict: {}; nothing was rendered", parts.join("; ")),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &str, content: Content) -> FileContent {
        FileContent {
            path: path.into(),
            content: Some(content),
            kind: None,
            size: None,
            real_path: None,
        }
    }

    fn refs(paths: &[&str]) -> Vec<FileRef> {
        paths
            .iter()
            .map(|p| FileRef {
                path: (*p).into(),
                source: None,
            })
            .collect()
    }

    #[test]
    fn contents_are_matched_after_normalisation_and_bytes_are_decoded() {
        let out = preload(
            &PreloadInput {
                references: refs(&["a.rs", "b.bin", "c.txt"]),
                contents: Some(vec![
                    file("./a.rs", Content::Bytes(b"fn a() {}\n".to_vec())),
                    file(
                        "a.rs",
                        Content::Text("ignored: the first content wins\n".into()),
                    ),
                    file("b.bin", Content::Bytes(vec![0xC3, 0x28])),
                    file("x/../c.txt", Content::Text("c\n".into())),
                ]),
                ..Default::default()
            },
            &Limits::default(),
        )
        .unwrap();
        let codes: Vec<_> = out.manifest.files.iter().map(|f| f.reason_code).collect();
        assert_eq!(
            codes,
            [FileReason::Inlined, FileReason::Binary, FileReason::Inlined]
        );
        assert!(out.block.contains("```rust\nfn a() {}\n```"));
        assert!(!out.block.contains("ignored"));
        assert_eq!(out.manifest.totals.max_tokens, Some(DEFAULT_MAX_TOKENS));
    }

    #[test]
    fn bytes_cross_as_an_array_of_numbers_and_the_core_judges_them() {
        let read = |json: &str| {
            let v = crate::json::parse(json, &Limits::default()).unwrap();
            read_content(&v, "/contents/0/content")
        };
        assert_eq!(
            read("[104, 105, 10]").unwrap(),
            Some(Content::Bytes(b"hi\n".to_vec()))
        );
        assert_eq!(read("[]").unwrap(), Some(Content::Bytes(Vec::new())));
        for bad in ["[256]", "[-1]", "[1.5]", "[\"a\"]", "[null]"] {
            let e = read(bad).unwrap_err();
            assert_eq!(e.code, ErrorCode::InvalidInput, "{bad}");
            assert_eq!(e.path, "/contents/0/content/0", "{bad}");
        }
        assert_eq!(read("true").unwrap_err().code, ErrorCode::InvalidInput);
    }

    #[test]
    fn held_texts_stand_for_the_contents_they_replace() {
        let with = |a: &str| PreloadInput {
            references: refs(&["a.rs", "b.rs", "c.rs"]),
            contents: Some(vec![
                file("a.rs", Content::Text(a.into())),
                file("b.rs", Content::Bytes(b"fn b() {}\n".to_vec())),
                file("c.rs", Content::Text(String::new())),
            ]),
            ..Default::default()
        };
        let whole = preload(&with("fn a() {}\n"), &Limits::default()).unwrap();
        let placeholder = with("");
        let held = [Some("fn a() {}\n"), None, Some("fn c() {}")];
        let plan = plan(&placeholder, &held, &Limits::default()).unwrap();
        let contents: Vec<usize> = plan.pieces.iter().map(|p| p.content).collect();
        assert_eq!(contents, [0, 1, 2]);
        assert!(plan.block().ends_with("```rust\nfn c() {}\n```\n"));
        let whole_c = preload(
            &PreloadInput {
                contents: Some(vec![
                    file("a.rs", Content::Text("fn a() {}\n".into())),
                    file("b.rs", Content::Bytes(b"fn b() {}\n".to_vec())),
                    file("c.rs", Content::Text("fn c() {}".into())),
                ]),
                ..placeholder.clone()
            },
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(plan.into_result(), whole_c);
        assert!(whole.block.contains("fn a() {}"));
    }

    #[test]
    fn a_chars_budget_alone_drops_the_default_token_budget() {
        let input = PreloadInput {
            max_chars: Some(10),
            ..Default::default()
        };
        assert_eq!(
            preload_budget(&input),
            Budget {
                max_chars: Some(10),
                max_tokens: None
            }
        );
        let out = preload(&input, &Limits::default()).unwrap();
        assert_eq!((out.block.as_str(), out.manifest.totals.tokens), ("", 0));
    }
}
