//! The cap: fit ranked documents into the budget, trimming by rank, degrading or discarding
//! what does not fit. Bodies are fetched only for documents that might still fit, and under
//! `skip` and `degrade` rendered whole only once they fit.

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

use super::document::DocSet;
use super::profile::{CapStrategy, CompiledProfile};
use super::reason::ReasonCode;
use super::render;
use super::trim::{cut_at_level, level_for_rank, mark_trimmed, string_lengths, TrimLevel};
use crate::budget::Budget;
use crate::manifest::Action;
use crate::text::{utf16_len, SharedStr};
use crate::tokens::{Meter, Tally};
use crate::Result;

/// What happened to one ranked document.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Placement {
    pub index: usize,
    pub rank: usize,
    pub action: Action,
    pub level: Option<TrimLevel>,
    pub chars_before: Option<usize>,
    pub chars_after: usize,
    /// With a token budget: the block rendered in full, counted on its own.
    pub tokens_before: Option<usize>,
    /// With a token budget: how much the context grew with it (its separator included), so
    /// these add up to the context's count.
    pub tokens_after: Option<usize>,
    /// Where its block starts in the context, in UTF-16 units.
    pub offset: Option<usize>,
    /// Where its block is in the context, in bytes (start, end).
    pub bytes: Option<(usize, usize)>,
    /// At level `fitted`: the length its strings were cut at, in UTF-16 units.
    pub cut_at: Option<usize>,
    pub reason: SharedStr,
    pub reason_code: ReasonCode,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Capped {
    pub context: String,
    /// UTF-16 length of `context`.
    pub chars: usize,
    /// The context's tokens, with a token budget.
    pub tokens: Option<usize>,
    /// In rank order.
    pub placements: Vec<Placement>,
    /// A document was degraded or discarded for lack of room.
    pub hit: bool,
}

fn action_for(level: TrimLevel) -> Action {
    match level {
        TrimLevel::Full => Action::Full,
        TrimLevel::Truncated | TrimLevel::Fitted | TrimLevel::Prefix => Action::Truncated,
        TrimLevel::Summarized => Action::Summarized,
    }
}

/// What is left of the budget, or what a block needs of it, in the units the budget limits,
/// in words for the reasons.
fn amount(chars: Option<usize>, tokens: Option<usize>) -> String {
    match (chars, tokens) {
        (Some(c), None) => format!("{c} chars"),
        (Some(c), Some(t)) => format!("{c} chars and {t} tokens"),
        (None, Some(t)) => format!("{t} tokens"),
        (None, None) => "nothing".to_string(),
    }
}

/// The running token count of the context, with its limit.
struct TokenRoom {
    max: usize,
    counted: Tally,
}

impl TokenRoom {
    /// The context's count if `parts` were appended (without appending them), and by how many
    /// tokens that grows it.
    fn with(&self, meter: &mut Meter, parts: &[&str]) -> Result<(Tally, usize)> {
        meter.with(&self.counted, parts)
    }

    fn left(&self) -> usize {
        self.max.saturating_sub(self.counted.tokens())
    }
}

/// At most this many blocks are rendered to choose a fitted cut: a binary search over lengths up
/// to 2^23 units, any longer string's cut found to within 2^-23 of its length.
const MAX_PROBES: u32 = 24;

/// How many documents whose lightest level does not fit are sought a cut that does, per call.
const FILL_AFTER_MISFIT: usize = 8;

/// What a fitted block must fit: the room left and how its block is rendered.
struct Room<'a> {
    profile: &'a CompiledProfile,
    header: &'a str,
    meta: &'a super::document::DocMeta,
    data: &'a crate::json::Value,
    metadata: Option<&'a crate::json::Value>,
    /// Bytes past which a block is not written (it cannot fit).
    limit: usize,
    /// The full block's length: a trimmed block must be shorter.
    full_len: usize,
    /// The separator's length, when one goes before the block.
    sep: usize,
    separator: &'a str,
    left: usize,
    tokens: Option<&'a TokenRoom>,
    tokens_left: Option<usize>,
}

impl Room<'_> {
    /// The length of the document's block cut at `at` at `level` (fitted or prefix), if it
    /// fits.
    #[allow(clippy::arithmetic_side_effects)] // lengths bounded as in cap_bounded
    fn fits_cut_at(&self, meter: &mut Meter, level: TrimLevel, at: usize) -> Result<Option<usize>> {
        let mut trimmed = self.data.clone();
        if !cut_at_level(&mut trimmed, level, at, &self.profile.trim) {
            return Ok(None);
        }
        let render = &self.profile.render;
        let metadata = Some(mark_trimmed(self.metadata.cloned()));
        let block = render::block(
            render,
            self.header,
            &render::body(render, self.meta, trimmed, metadata),
            self.limit,
        );
        let len = utf16_len(&block);
        if block.len() > self.limit || len >= self.full_len || self.sep + len > self.left {
            return Ok(None);
        }
        let fits = match self.tokens {
            Some(t) => Some(t.with(meter, &[self.separator, &block])?.1) <= self.tokens_left,
            None => true,
        };
        Ok(fits.then_some(len))
    }

    /// The longest cut from `lo` to `hi` at which the document fits, found by a binary search
    /// of at most [`MAX_PROBES`] renders (a longer cut keeps more, so makes a longer block);
    /// `None` when not even `lo` fits; else the cut and its block's length.
    #[allow(clippy::arithmetic_side_effects)] // lo <= fits < misfit, all below usize::MAX
    fn longest_cut(
        &self,
        meter: &mut Meter,
        level: TrimLevel,
        lo: usize,
        hi: usize,
    ) -> Result<Option<(usize, usize)>> {
        if lo > hi {
            return Ok(None);
        }
        let Some(mut len) = self.fits_cut_at(meter, level, lo)? else {
            return Ok(None);
        };
        let (mut fits, mut misfit) = (lo, hi.saturating_add(1));
        for _ in 1..MAX_PROBES {
            if misfit - fits <= 1 {
                break;
            }
            let mid = fits + (misfit - fits) / 2;
            match self.fits_cut_at(meter, level, mid)? {
                Some(l) => (fits, len) = (mid, l),
                None => misfit = mid,
            }
        }
        Ok(Some((fits, len)))
    }

    /// The cut that fills the room: every string at the longest length that fits, else the
    /// longest prefix of its text that fits (many short strings: the cuts' markers and the
    /// structure alone are too long). Lengths from the shorter of the summary's and the
    /// truncated level's, so a cut the ladder would make is among those tried; a document the
    /// ladder truncates is cut at most as long as the ladder would.
    fn fill(
        &self,
        meter: &mut Meter,
        ladder_level: TrimLevel,
    ) -> Result<Option<(TrimLevel, usize, usize)>> {
        let trim = &self.profile.trim;
        let (text, longest) = string_lengths(self.data);
        let mut hi = longest
            .saturating_sub(utf16_len(&trim.truncate_marker))
            .saturating_sub(1);
        if ladder_level == TrimLevel::Truncated {
            hi = hi.min(trim.truncate_at.saturating_sub(1));
        }
        let lo = trim.summarize_at.min(trim.truncate_at);
        if let Some((at, len)) = self.longest_cut(meter, TrimLevel::Fitted, lo, hi)? {
            return Ok(Some((TrimLevel::Fitted, at, len)));
        }
        // Up to the whole text: keeping all of it still replaces what follows its last string
        // (numbers, booleans, empty containers) by counts, a cut of its own.
        let hi = text;
        Ok(self
            .longest_cut(meter, TrimLevel::Prefix, lo, hi)?
            .map(|(at, len)| (TrimLevel::Prefix, at, len)))
    }
}

/// Places `order` (document indices, best first) into `budget`: every limit it gives holds for
/// the whole context. Tokens are counted by `meter`, each candidate block once.
pub(crate) fn cap(
    profile: &CompiledProfile,
    docs: &dyn DocSet,
    order: &[usize],
    budget: Budget,
    meter: &mut Meter,
    strategy: CapStrategy,
) -> Result<Capped> {
    cap_bounded(profile, docs, order, budget, meter, strategy, true)
}

/// [`cap`]; `bounded: false` renders every candidate whole, as before issue 16, for the tests
/// that check that the bound changes no decision.
#[allow(clippy::arithmetic_side_effects)] // lengths are bounded by max_chars ≤ 2^31 and string sizes
fn cap_bounded(
    profile: &CompiledProfile,
    docs: &dyn DocSet,
    order: &[usize],
    budget: Budget,
    meter: &mut Meter,
    strategy: CapStrategy,
    bounded: bool,
) -> Result<Capped> {
    let total = order.len();
    let render = &profile.render;
    let sep_len = utf16_len(&render.separator);
    let max_chars = budget.max_chars.unwrap_or(usize::MAX);
    let mut tokens = budget.max_tokens.map(|max| TokenRoom {
        max,
        counted: meter.start(),
    });
    let mut context = String::new();
    let mut used = 0usize;
    let mut placements = Vec::with_capacity(total);
    let mut stopped_at: Option<usize> = None;
    let mut hit = false;
    let mut any_placed = false;
    // Everything below a stop shares one reason.
    let mut after_stop: Option<SharedStr> = None;
    let mut misfits_sought = 0usize;
    for (rank, &index) in order.iter().enumerate() {
        let discard = |chars_before, tokens_before, reason: SharedStr, reason_code| Placement {
            index,
            rank,
            action: Action::Discarded,
            level: None,
            chars_before,
            chars_after: 0,
            tokens_before,
            tokens_after: tokens.as_ref().map(|_| 0),
            offset: None,
            bytes: None,
            cut_at: None,
            reason,
            reason_code,
        };
        if let Some(at) = stopped_at {
            let reason = after_stop.get_or_insert_with(|| {
                format!("discarded with everything ranked below {at}: the cap was reached (strategy stop)").into()
            });
            placements.push(discard(
                None,
                None,
                reason.clone(),
                ReasonCode::DiscardedAfterStop,
            ));
            continue;
        }
        let meta = docs
            .metas()
            .get(index)
            .ok_or_else(|| super::document::out_of_range(index))?;
        let header = render::header(render, meta, rank);
        let sep = if any_placed { sep_len } else { 0 };
        let left = max_chars.saturating_sub(used);
        // The smallest block possible is the header and a one-character JSON value; if even
        // that cannot fit, the body is never fetched (lazy crossing).
        let header_len = utf16_len(&header) + usize::from(!header.is_empty());
        let smallest = sep + header_len + 1;
        let separator = if sep > 0 {
            render.separator.as_str()
        } else {
            ""
        };
        let newline = if header.is_empty() { "" } else { "\n" };
        let smallest_tokens = match &tokens {
            // A caller's counter is only given what may be rendered: the header, and one token
            // for the smallest value.
            Some(t) if matches!(meter, Meter::Pieces(_)) => {
                Some(t.with(meter, &[separator, &header])?.1.saturating_add(1))
            }
            Some(t) => Some(t.with(meter, &[separator, &header, newline, "0"])?.1),
            None => None,
        };
        let tokens_left = tokens.as_ref().map(TokenRoom::left);
        // Chars are named in reasons only when the budget limits them.
        let in_chars = |n: usize| budget.max_chars.map(|_| n);
        if smallest > left || smallest_tokens > tokens_left {
            hit = true;
            placements.push(discard(
                None,
                None,
                format!(
                    "no room: {} left, a block needs at least {}",
                    amount(in_chars(left), tokens_left),
                    amount(in_chars(smallest), smallest_tokens)
                )
                .into(),
                ReasonCode::DiscardedNoRoom,
            ));
            if strategy == CapStrategy::Stop {
                stopped_at = Some(rank);
            }
            continue;
        }
        let data = docs.data(index).map_err(|e| e.under("/documents"))?;
        // Metadata is part of the block only when whole documents are rendered; otherwise it
        // is never read (from a JavaScript object, never even copied).
        let metadata = if render.body == super::profile::BodyMode::Document {
            docs.metadata(index).map_err(|e| e.under("/documents"))?
        } else {
            None
        };
        // `stop` meets one misfit; `skip` and `degrade` go on, and once the budget is nearly
        // spent every candidate left would be rendered whole only to be discarded (issue 16).
        // With a character limit their blocks are first written only until they pass `limit`
        // bytes: past three bytes a unit of the room (a UTF-16 unit is one to three bytes of
        // UTF-8) a block is too long, whatever it holds. One that fits is measured again whole.
        let mut limit = match budget.max_chars {
            Some(_) if bounded && strategy != CapStrategy::Stop => (left - sep).saturating_mul(3),
            _ => usize::MAX,
        };
        let mut full = render::full(render, &header, meta, &data, metadata.as_ref(), limit);
        // Exact when the block was written whole; else more than the room, and not its size.
        let mut chars_before = utf16_len(&full);
        let mut tokens_before = match tokens {
            Some(_) if full.len() <= limit => Some(meter.count(&full)?),
            _ => None,
        };
        let ladder_level = level_for_rank(&profile.trim, rank, total);
        let mut level = ladder_level;
        let mut needed_at_ladder = None;
        let mut cut_at = 0usize;
        // Whether this document, its lightest level a misfit, was sought a cut (once).
        let mut sought_after_misfit = false;
        // What a fill is measured against: the room left and how the block is rendered.
        macro_rules! room {
            () => {
                Room {
                    profile,
                    header: &header,
                    meta,
                    data: &data,
                    metadata: metadata.as_ref(),
                    limit,
                    // A full block cut short at `limit` is longer than the room, and its
                    // length is not the document's: every cut that fits is shorter.
                    full_len: if full.len() > limit {
                        usize::MAX
                    } else {
                        chars_before
                    },
                    sep,
                    separator,
                    left,
                    tokens: tokens.as_ref(),
                    tokens_left,
                }
            };
        }
        // `None` stands for the full block: it is rendered once (its size is `charsBefore`),
        // again whole only once it fits under the bound, and never copied, whatever the ladder
        // tries.
        let placed = loop {
            let (trimmed_block, changed) = if level == TrimLevel::Full {
                (None, false)
            } else {
                let mut trimmed = data.clone();
                let changed = cut_at_level(&mut trimmed, level, cut_at, &profile.trim);
                let block = changed.then(|| {
                    let metadata = Some(mark_trimmed(metadata.clone()));
                    render::block(
                        render,
                        &header,
                        &render::body(render, meta, trimmed, metadata),
                        limit,
                    )
                });
                // A trimmed block that is not shorter (tiny cuts plus `metadata.trimmed` in
                // whole-document mode) is worse than the full one: send the full one.
                match block {
                    Some(b) if utf16_len(&b) < chars_before => (Some(b), true),
                    _ => (None, false),
                }
            };
            let len = trimmed_block.as_deref().map_or(chars_before, utf16_len);
            let block = trimmed_block.as_deref().unwrap_or(&full);
            // Cut short, or too long anyway: never counted, never placed. (Of two blocks cut
            // short, either is too long; of one, it is the longer, as compared above.)
            let short = block.len() > limit;
            let (counted, grows) = match &tokens {
                Some(t) if !short => {
                    let (c, g) = t.with(meter, &[separator, block])?;
                    (Some(c), Some(g))
                }
                _ => (None, None),
            };
            if !short && sep + len <= left && grows <= tokens_left {
                // It fits. With its full block cut short, or degraded from a block perhaps cut
                // short, it is fitted again whole from its ladder's level, for exact sizes and
                // reasons; else every block it was measured by was whole already.
                if limit < usize::MAX && (full.len() > limit || needed_at_ladder.is_some()) {
                    limit = usize::MAX;
                    full = render::full(render, &header, meta, &data, metadata.as_ref(), limit);
                    chars_before = utf16_len(&full);
                    tokens_before = match tokens {
                        Some(_) => Some(meter.count(&full)?),
                        _ => None,
                    };
                    level = ladder_level;
                    needed_at_ladder = None;
                    sought_after_misfit = false;
                    continue;
                }
                // Degraded to a coarse level that fits: a cut that fills the room left is
                // sought only now, so that a document whose lightest level does not fit costs
                // no more than before; it is taken if it keeps more.
                if strategy == CapStrategy::Degrade
                    && profile.trim.fill
                    && needed_at_ladder.is_some()
                    && !matches!(level, TrimLevel::Fitted | TrimLevel::Prefix)
                {
                    if let Some((filled, at, filled_len)) = room!().fill(meter, ladder_level)? {
                        if filled_len > len {
                            level = filled;
                            cut_at = at;
                            continue;
                        }
                    }
                }
                break Some((trimmed_block, len, changed, counted, grows));
            }
            needed_at_ladder.get_or_insert(if short {
                (left, None, true) // more than that
            } else {
                (sep + len, grows, false)
            });
            match (strategy, level.next()) {
                (CapStrategy::Degrade, Some(next)) => level = next,
                // Not even its summary fits, yet a cut might: sought for the first
                // FILL_AFTER_MISFIT such documents only, so that thousands of them, once the
                // budget is spent, cost what they did before filling.
                (CapStrategy::Degrade, None)
                    if profile.trim.fill
                        && !sought_after_misfit
                        && misfits_sought < FILL_AFTER_MISFIT =>
                {
                    sought_after_misfit = true;
                    misfits_sought += 1;
                    match room!().fill(meter, ladder_level)? {
                        Some((filled, at, _)) => {
                            level = filled;
                            cut_at = at;
                        }
                        None => break None,
                    }
                }
                _ => break None,
            }
        };
        match placed {
            Some((trimmed_block, len, changed, counted, grows)) => {
                if let (Some(t), Some(c)) = (tokens.as_mut(), counted) {
                    t.counted = c;
                }
                if sep > 0 {
                    context.push_str(&render.separator);
                }
                let offset = used + sep;
                let start = context.len();
                context.push_str(trimmed_block.as_deref().unwrap_or(&full));
                let bytes = Some((start, context.len()));
                used += sep + len;
                any_placed = true;
                let action = if changed {
                    action_for(level)
                } else {
                    Action::Full
                };
                let fitted = (changed && matches!(level, TrimLevel::Fitted | TrimLevel::Prefix))
                    .then_some(cut_at);
                let (reason, reason_code) = match needed_at_ladder {
                    Some((needed, needed_tokens, _)) => {
                        hit = true;
                        let cut = match fitted {
                            Some(at) if level == TrimLevel::Fitted => format!(" (strings cut at {at})"),
                            Some(at) => format!(" (the first {at} chars of its text)"),
                            None => String::new(),
                        };
                        (format!("degraded from {} to {}{cut} to fit: {} needed {}, {} left", ladder_level.as_str(), level.as_str(), ladder_level.as_str(), amount(in_chars(needed), needed_tokens), amount(in_chars(left), tokens_left)), ReasonCode::DegradedToFit)
                    }
                    None if level == TrimLevel::Full => (format!("rank {rank} of {total}: kept in full"), ReasonCode::KeptFull),
                    None if !changed => (format!("rank {rank} of {total}: {} by the ladder, but nothing was long enough to cut", level.as_str()), ReasonCode::NothingToCut),
                    None => (format!("rank {rank} of {total}: {} by the ladder", level.as_str()), if level == TrimLevel::Truncated { ReasonCode::LadderTruncated } else { ReasonCode::LadderSummarized }),
                };
                placements.push(Placement {
                    index,
                    rank,
                    action,
                    level: Some(level),
                    chars_before: Some(chars_before),
                    chars_after: len,
                    tokens_before,
                    tokens_after: grows,
                    offset: Some(offset),
                    bytes,
                    cut_at: fitted,
                    reason: reason.into(),
                    reason_code,
                });
            }
            None => {
                hit = true;
                let (needed, needed_tokens, short) = needed_at_ladder.unwrap_or_default();
                let reason = match strategy {
                    CapStrategy::Degrade => format!(
                        "did not fit even summarized: {} left",
                        amount(in_chars(left), tokens_left)
                    ),
                    _ => format!(
                        "did not fit: needed {}{} at {}, {} left",
                        if short { "more than " } else { "" },
                        amount(in_chars(needed), needed_tokens),
                        ladder_level.as_str(),
                        amount(in_chars(left), tokens_left)
                    ),
                };
                // Written only until it could not fit, its size in full is not known.
                placements.push(discard(
                    (full.len() <= limit).then_some(chars_before),
                    tokens_before,
                    reason.into(),
                    ReasonCode::DiscardedBudget,
                ));
                if strategy == CapStrategy::Stop {
                    stopped_at = Some(rank);
                }
            }
        }
    }
    Ok(Capped {
        context,
        chars: used,
        tokens: tokens.map(|t| t.counted.tokens()),
        placements,
        hit,
    })
}

/// Renders the included blocks of `capped` in input order instead of rank order (the same
/// blocks, so the same length), recounting tokens when a budget limits them: a count that
/// depends on what precedes a block could in principle grow, and then the rank order stays.
/// Returns whether the order changed to input order.
#[allow(clippy::arithmetic_side_effects)] // offsets within the context's length
pub(crate) fn render_in_input_order(
    capped: &mut Capped,
    separator: &str,
    budget: Budget,
    meter: &mut Meter,
) -> Result<bool> {
    // Placements are in rank order; by document index they are in input order.
    let mut slot: Vec<Option<usize>> = Vec::new();
    for (p, placement) in capped.placements.iter().enumerate() {
        if placement.bytes.is_some() {
            if slot.len() <= placement.index {
                slot.resize(placement.index + 1, None);
            }
            if let Some(s) = slot.get_mut(placement.index) {
                *s = Some(p);
            }
        }
    }
    let sep_len = utf16_len(separator);
    let mut context = String::with_capacity(capped.context.len());
    let mut moved = Vec::new();
    let mut tally = budget.max_tokens.map(|_| meter.start());
    let mut used = 0usize;
    for p in slot.into_iter().flatten() {
        let Some(placement) = capped.placements.get(p) else {
            continue;
        };
        let Some(block) = placement.bytes.and_then(|(a, b)| capped.context.get(a..b)) else {
            continue;
        };
        let sep = if context.is_empty() { "" } else { separator };
        let grows = match &tally {
            Some(t) => {
                let (next, grows) = meter.with(t, &[sep, block])?;
                tally = Some(next);
                Some(grows)
            }
            None => None,
        };
        context.push_str(sep);
        let offset = used + if sep.is_empty() { 0 } else { sep_len };
        let start = context.len();
        context.push_str(block);
        used = offset + placement.chars_after;
        moved.push((p, offset, (start, context.len()), grows));
    }
    let tokens = tally.map(|t| t.tokens());
    if let (Some(t), Some(max)) = (tokens, budget.max_tokens) {
        if t > max {
            return Ok(false);
        }
    }
    for (p, offset, bytes, grows) in moved {
        if let Some(placement) = capped.placements.get_mut(p) {
            placement.offset = Some(offset);
            placement.bytes = Some(bytes);
            if grows.is_some() {
                placement.tokens_after = grows;
            }
        }
    }
    capped.context = context;
    capped.tokens = tokens.or(capped.tokens);
    Ok(true)
}
