//! What every engine reports about every item it was given.
//!
//! An engine's manifest holds one record per input item, exactly once, whatever happened to it.
//! The fields shared by all engines live in [`ItemRecord`]; an engine adds its own beside them.

use crate::shape::Shape;
use crate::text::{GivenStr, SharedStr};

/// What happened to an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(output, rename_all = "snake_case")]
pub enum Action {
    /// Included unchanged.
    Full,
    /// Included with long strings cut.
    Truncated,
    /// Included as a summary.
    Summarized,
    /// Selected but left out because the budget was spent.
    Discarded,
    /// Not selected for this request (excluded or unlisted type).
    FilteredOut,
    /// A file's content placed in the context whole (preloaded files).
    Inlined,
    /// Left out by a rule of size: the budget, a line or byte limit, or content not supplied.
    Skipped,
    /// Refused as unsafe or unusable: a path escaping its base, binary content, a directory,
    /// a secret.
    Rejected,
    /// The same item as an earlier one (a path that normalises to one already seen).
    Duplicate,
}

/// The record every engine keeps for each input item.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct ItemRecord {
    pub id: GivenStr,
    pub action: Action,
    /// Why, in words, with the numbers that decided it.
    #[shape(intern)]
    pub reason: SharedStr,
    /// Size of the item rendered in full, in the budget's unit; `null` when it was never rendered
    /// whole (filtered out, or discarded before its body was needed — bodies are converted
    /// lazily —, or rendered only until it surely could not fit).
    pub chars_before: Option<usize>,
    /// Size of what was included (0 when nothing was).
    pub chars_after: usize,
    /// With a token budget: the item in full, in tokens (`null` when never rendered whole, or
    /// without a token budget).
    pub tokens_before: Option<usize>,
    /// With a token budget: what including it cost in tokens (0 when it was not included;
    /// `null` without a token budget). These add up to the total's `tokens`.
    pub tokens_after: Option<usize>,
}
