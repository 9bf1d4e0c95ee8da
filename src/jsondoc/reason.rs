//! Why each document got what it got, as a stable code beside the reason's words: a UI branches
//! on the code (an icon, a filter, a colour) and shows the words.

use crate::shape::Shape;

/// The stable code of a manifest record's `reason`. New codes may be added; a code's meaning
/// never changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Shape)]
#[shape(output, rename_all = "snake_case")]
pub enum ReasonCode {
    /// Ranked within `trim.fullRanks`: sent whole.
    KeptFull,
    /// Truncated because of its rank (the trim ladder).
    LadderTruncated,
    /// Summarized because of its rank (the trim ladder).
    LadderSummarized,
    /// The ladder would trim it, but nothing in it was long enough to cut: sent whole.
    NothingToCut,
    /// Trimmed further than its rank asks, so that it fits (cap strategy `degrade`).
    DegradedToFit,
    /// Did not fit the budget even at its lightest level.
    DiscardedBudget,
    /// Not even a header fits in what is left of the budget: its body was never read.
    DiscardedNoRoom,
    /// Ranked below the first document that did not fit, under cap strategy `stop`.
    DiscardedAfterStop,
    /// Its type is listed in the intent's `excluded`.
    TypeExcluded,
    /// Its type is in none of the intent's lists and the intent leaves `others` out.
    TypeNotNeeded,
    /// A `paramMatch` of the intent applies to its type and its data does not match the
    /// request's params (a synopsis of another episode than the one asked for).
    ParamMismatch,
}
