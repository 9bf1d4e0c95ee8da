//! The cap: fit ranked documents into the budget, trimming by rank, degrading or discarding
//! what does not fit. Bodies are fetched only for documents that might still fit.

use super::document::DocSet;
use super::profile::{CapStrategy, CompiledProfile};
use super::render;
use super::trim::{level_for_rank, mark_trimmed, trim_value, TrimLevel};
use crate::manifest::Action;
use crate::text::utf16_len;
use crate::Result;

/// What happened to one ranked document.
#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    pub index: usize,
    pub rank: usize,
    pub action: Action,
    pub level: Option<TrimLevel>,
    pub chars_before: Option<usize>,
    pub chars_after: usize,
    /// Where its block starts in the context, in UTF-16 units.
    pub offset: Option<usize>,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Capped {
    pub context: String,
    /// UTF-16 length of `context`.
    pub chars: usize,
    /// In rank order.
    pub placements: Vec<Placement>,
    /// A document was degraded or discarded for lack of room.
    pub hit: bool,
}

fn action_for(level: TrimLevel) -> Action {
    match level {
        TrimLevel::Full => Action::Full,
        TrimLevel::Truncated => Action::Truncated,
        TrimLevel::Summarized => Action::Summarized,
    }
}

fn level_name(level: TrimLevel) -> &'static str {
    match level {
        TrimLevel::Full => "full",
        TrimLevel::Truncated => "truncated",
        TrimLevel::Summarized => "summarized",
    }
}

/// Places `order` (document indices, best first) into `max_chars`.
#[allow(clippy::arithmetic_side_effects)] // lengths are bounded by max_chars ≤ 2^31 and string sizes
pub fn cap(
    profile: &CompiledProfile,
    docs: &dyn DocSet,
    order: &[usize],
    max_chars: usize,
    strategy: CapStrategy,
) -> Result<Capped> {
    let total = order.len();
    let render = &profile.render;
    let sep_len = utf16_len(&render.separator);
    let mut context = String::new();
    let mut used = 0usize;
    let mut placements = Vec::with_capacity(total);
    let mut stopped_at: Option<usize> = None;
    let mut hit = false;
    let mut any_placed = false;
    for (rank, &index) in order.iter().enumerate() {
        let discard = |chars_before, reason: String| Placement {
            index,
            rank,
            action: Action::Discarded,
            level: None,
            chars_before,
            chars_after: 0,
            offset: None,
            reason,
        };
        if let Some(at) = stopped_at {
            placements.push(discard(None, format!("discarded with everything ranked below {at}: the cap was reached (strategy stop)")));
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
        if smallest > left {
            hit = true;
            placements.push(discard(
                None,
                format!("no room: {left} chars left, a block needs at least {smallest}"),
            ));
            if strategy == CapStrategy::Stop {
                stopped_at = Some(rank);
            }
            continue;
        }
        let data = docs.data(index).map_err(|e| e.under("/documents"))?;
        let metadata = docs.metadata(index).map_err(|e| e.under("/documents"))?;
        let full = render::block(
            render,
            &header,
            &render::body(render, meta, data.clone(), metadata.clone()),
        );
        let chars_before = utf16_len(&full);
        let ladder_level = level_for_rank(&profile.trim, rank, total);
        let mut level = ladder_level;
        let mut needed_at_ladder = None;
        // `None` stands for the full block: it is rendered once (its size is `charsBefore`)
        // and never copied, whatever the ladder tries.
        let placed = loop {
            let (trimmed_block, changed) = if level == TrimLevel::Full {
                (None, false)
            } else {
                let mut trimmed = data.clone();
                let changed = trim_value(&mut trimmed, level, &profile.trim);
                let metadata = if changed {
                    Some(mark_trimmed(metadata.clone()))
                } else {
                    metadata.clone()
                };
                let block = changed.then(|| {
                    render::block(
                        render,
                        &header,
                        &render::body(render, meta, trimmed, metadata),
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
            if sep + len <= left {
                break Some((trimmed_block, len, changed));
            }
            needed_at_ladder.get_or_insert(sep + len);
            match (strategy, level.next()) {
                (CapStrategy::Degrade, Some(next)) => level = next,
                _ => break None,
            }
        };
        match placed {
            Some((trimmed_block, len, changed)) => {
                if sep > 0 {
                    context.push_str(&render.separator);
                }
                let offset = used + sep;
                context.push_str(trimmed_block.as_deref().unwrap_or(&full));
                used += sep + len;
                any_placed = true;
                let action = if changed {
                    action_for(level)
                } else {
                    Action::Full
                };
                let reason = match needed_at_ladder {
                    Some(needed) => {
                        hit = true;
                        format!("degraded from {} to {} to fit: {} needed {needed} chars, {left} left", level_name(ladder_level), level_name(level), level_name(ladder_level))
                    }
                    None if level == TrimLevel::Full => format!("rank {rank} of {total}: kept in full"),
                    None if !changed => format!("rank {rank} of {total}: {} by the ladder, but nothing was long enough to cut", level_name(level)),
                    None => format!("rank {rank} of {total}: {} by the ladder", level_name(level)),
                };
                placements.push(Placement {
                    index,
                    rank,
                    action,
                    level: Some(level),
                    chars_before: Some(chars_before),
                    chars_after: len,
                    offset: Some(offset),
                    reason,
                });
            }
            None => {
                hit = true;
                let needed = needed_at_ladder.unwrap_or(0);
                let reason = match strategy {
                    CapStrategy::Degrade => {
                        format!("did not fit even summarized: {left} chars left")
                    }
                    _ => format!(
                        "did not fit: needed {needed} chars at {}, {left} left",
                        level_name(ladder_level)
                    ),
                };
                placements.push(discard(Some(chars_before), reason));
                if strategy == CapStrategy::Stop {
                    stopped_at = Some(rank);
                }
            }
        }
    }
    Ok(Capped {
        context,
        chars: used,
        placements,
        hit,
    })
}
