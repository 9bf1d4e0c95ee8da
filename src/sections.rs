//! A prompt made of sections that degrades pass by pass until it fits its budget.
//!
//! Each section has named variants, heaviest first (elements `full` with their HTML, `lite`
//! without). A plan of ordered steps switches sections to lighter variants or drops them; pass
//! 0 is every section in its first variant, pass k the prompt after steps 1..k applied
//! cumulatively. The first pass that fits is the result; when none does, the last pass is cut
//! to the budget and ends in `...` (never splitting a character). Front matter — the agent's
//! plan and the user's answers to its questions — comes first and is never degraded (only a
//! hard cut can shorten it). Every section gets one record with its final variant.
//!
//! Sizes are measured once per variant; tokens are counted on a running estimate that restarts
//! at the first section a step changed, so a pass costs what it changed, not the whole prompt.

use crate::budget::{budget_field, Budget};
use crate::error::pointer_push;
use crate::manifest::{Action, ItemRecord};
use crate::shape::Shape;
use crate::text::{prefix_utf16, utf16_len};
use crate::tokens::{Estimator, Meter, Running, Tally, Vocabulary};
use crate::{Error, ErrorCode, Limits, Result};

/// The budget when none is given: the core's default context cap, in UTF-16 code units.
pub const DEFAULT_MAX_CHARS: usize = 16_000;
/// What ends a prompt cut to fit.
pub(crate) const CUT_MARKER: &str = "...";

/// One way of writing a section.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(input, expecting = "a section variant {name, text}")]
pub struct SectionVariant {
    pub name: String,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(input, expecting = "a section {name, variants}")]
pub struct PromptSection {
    /// Unique among the sections.
    pub name: String,
    /// Heaviest first: the first is used until a step switches it.
    pub variants: Vec<SectionVariant>,
}

/// One step of the degradation plan: the named sections switch to `variant`, or are dropped
/// when it is absent or `null`.
#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(input, expecting = "a step {name?, sections, variant?}")]
pub struct SectionStep {
    /// What the step does, for the result (`"drop HTML from elements"`).
    pub name: Option<String>,
    pub sections: Vec<String>,
    pub variant: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(
    input,
    rename_all = "camelCase",
    expecting = "a sections input {sections, steps?, plan?, userContext?, …}"
)]
pub struct SectionsInput {
    /// In prompt order.
    pub sections: Vec<PromptSection>,
    /// The degradation plan, applied in order.
    pub steps: Option<Vec<SectionStep>>,
    /// Front matter: the agent's plan, under `## Your Plan`.
    pub plan: Option<String>,
    /// Front matter: the user's answers to clarifying questions, under
    /// `## Additional Context from User`.
    pub user_context: Option<String>,
    /// Between two non-empty sections (default `"\n"`).
    pub separator: Option<String>,
    /// Budget in UTF-16 code units (default 16,000 when no budget is given).
    #[shape(with = "budget_field", ts = "number")]
    pub max_chars: Option<usize>,
    /// Budget in tokens. With either budget given, only the given ones apply; both must hold.
    #[shape(with = "budget_field", ts = "number")]
    pub max_tokens: Option<usize>,
    /// The vocabulary tokens are estimated for (default `o200k`).
    pub vocabulary: Option<Vocabulary>,
}

/// What became of a section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(output, rename_all = "snake_case")]
pub enum SectionReason {
    /// In its first variant.
    Kept,
    /// Switched to a lighter variant by a step.
    Switched,
    /// Dropped by a step.
    Dropped,
    /// Shortened or removed by the hard cut.
    Cut,
}

#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct SectionRecord {
    /// `id` is the section's name; `charsAfter` counts the separator before it and, for the
    /// section the cut fell in, the `...`.
    #[shape(flatten)]
    pub item: ItemRecord,
    pub reason_code: SectionReason,
    /// The final variant's name (`null` when dropped).
    pub variant: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct SectionsTotals {
    pub sections: usize,
    /// The text's length in UTF-16 code units.
    pub chars: usize,
    /// The text's tokens, as `counter` estimates them.
    pub tokens: usize,
    /// Of which the front matter (with the `...` when the hard cut fell in it).
    pub front_matter_chars: usize,
    /// Passes measured before one fitted (or the cut was made).
    pub passes_tried: usize,
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
pub struct SectionsResult {
    pub text: String,
    /// The pass that fit: 0 as given, k after step k, one past the last step for the hard cut.
    pub pass: usize,
    /// The name of the last step applied (`"hard cut"` for the cut; `null` at pass 0 or for
    /// an unnamed step).
    pub step: Option<String>,
    /// Whether the text was cut to the budget.
    pub cut: bool,
    /// One per section, in order.
    pub sections: Vec<SectionRecord>,
    pub totals: SectionsTotals,
}

/// `## Your Plan` and `## Additional Context from User`, each followed by a blank line; an
/// empty one has no heading (the reference design writes each only `if plan:`).
pub(crate) fn front_matter(plan: Option<&str>, user_context: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(plan) = plan.filter(|p| !p.is_empty()) {
        out.push_str("## Your Plan\n\nFollow this plan:\n");
        out.push_str(plan);
        out.push_str("\n\n");
    }
    if let Some(answers) = user_context.filter(|a| !a.is_empty()) {
        out.push_str("## Additional Context from User\n\n");
        out.push_str(answers);
        out.push_str("\n\n");
    }
    out
}

/// The plan resolved to indices: per step, each section it touches with its new variant
/// (`None`: dropped).
type Plan = Vec<Vec<(usize, Option<usize>)>>;

fn invalid(path: String, message: String) -> Error {
    Error::new(ErrorCode::InvalidInput, path, message)
}

fn resolve(input: &SectionsInput) -> Result<Plan> {
    for (i, s) in input.sections.iter().enumerate() {
        let at = pointer_push("/sections", &i.to_string());
        if input.sections.iter().take(i).any(|t| t.name == s.name) {
            return Err(invalid(
                pointer_push(&at, "name"),
                format!("duplicate section name `{}`", s.name),
            ));
        }
        if s.variants.is_empty() {
            return Err(invalid(
                pointer_push(&at, "variants"),
                format!("section `{}` needs at least one variant", s.name),
            ));
        }
        for (j, v) in s.variants.iter().enumerate() {
            if s.variants.iter().take(j).any(|w| w.name == v.name) {
                let at = pointer_push(&pointer_push(&at, "variants"), &j.to_string());
                return Err(invalid(
                    pointer_push(&at, "name"),
                    format!(
                        "duplicate variant name `{}` in section `{}`",
                        v.name, s.name
                    ),
                ));
            }
        }
    }
    let mut plan = Vec::new();
    for (k, step) in input.steps.as_deref().unwrap_or(&[]).iter().enumerate() {
        let at = pointer_push("/steps", &k.to_string());
        let mut touched = Vec::new();
        for (j, name) in step.sections.iter().enumerate() {
            let found = input
                .sections
                .iter()
                .enumerate()
                .find(|(_, s)| &s.name == name);
            let Some((i, section)) = found else {
                let path = pointer_push(&pointer_push(&at, "sections"), &j.to_string());
                return Err(invalid(path, format!("no section is named `{name}`")));
            };
            let variant = match &step.variant {
                None => None,
                Some(want) => match section.variants.iter().position(|v| &v.name == want) {
                    Some(v) => Some(v),
                    None => {
                        return Err(invalid(
                            pointer_push(&at, "variant"),
                            format!("section `{name}` has no variant `{want}`"),
                        ))
                    }
                },
            };
            touched.push((i, variant));
        }
        plan.push(touched);
    }
    Ok(plan)
}

/// Where the measure of a pass stands before a section: what the unchanged prefix of the next
/// pass starts from.
#[derive(Clone)]
struct Mark {
    tally: Tally,
    units: usize,
    /// A non-empty section came before (the next one is preceded by the separator).
    any: bool,
}

struct Measure<'a> {
    input: &'a SectionsInput,
    separator: &'a str,
    separator_units: usize,
    /// UTF-16 length of each section's variants, measured once.
    units: Vec<Vec<usize>>,
    /// `marks[i]`: before section i in the last measured pass; `marks[n]`: the whole text.
    marks: Vec<Mark>,
}

impl Measure<'_> {
    fn text_of(&self, i: usize, variant: Option<usize>) -> &str {
        variant
            .and_then(|v| self.input.sections.get(i)?.variants.get(v))
            .map_or("", |v| v.text.as_str())
    }

    fn units_of(&self, i: usize, variant: Option<usize>) -> usize {
        variant
            .and_then(|v| self.units.get(i)?.get(v).copied())
            .unwrap_or(0)
    }

    /// Re-measures `state` from section `from` on (the marks before it are still right);
    /// tokens too when `meter` is given.
    fn remeasure(
        &mut self,
        state: &[Option<usize>],
        from: usize,
        mut meter: Option<&mut Meter>,
    ) -> Result<()> {
        for (i, &variant) in state.iter().enumerate().skip(from) {
            let Some(mut mark) = self.marks.get(i).cloned() else {
                return Ok(());
            };
            let units = self.units_of(i, variant);
            if units > 0 {
                let text = self.text_of(i, variant);
                let parts: &[&str] = if mark.any {
                    &[self.separator, text]
                } else {
                    &[text]
                };
                if let Some(meter) = meter.as_deref_mut() {
                    mark.tally = meter.with(&mark.tally, parts)?.0;
                }
                if mark.any {
                    mark.units = mark.units.saturating_add(self.separator_units);
                }
                mark.units = mark.units.saturating_add(units);
                mark.any = true;
            }
            if let Some(next) = self.marks.get_mut(i.saturating_add(1)) {
                if meter.is_some() {
                    *next = mark;
                } else {
                    // A chars-only pass leaves the token marks of the pass last counted.
                    next.units = mark.units;
                    next.any = mark.any;
                }
            }
        }
        Ok(())
    }

    fn total(&self) -> Option<&Mark> {
        self.marks.last()
    }

    /// The text as the pieces a caller's counter is given: the front matter, then each
    /// non-empty section's separator and text.
    fn pieces<'t>(&'t self, front: &'t str, state: &[Option<usize>]) -> Vec<&'t str> {
        let mut out = vec![front];
        for (i, &variant) in state.iter().enumerate() {
            let text = self.text_of(i, variant);
            if text.is_empty() {
                continue;
            }
            if out.len() > 1 {
                out.push(self.separator);
            }
            out.push(text);
        }
        out
    }

    fn render(&self, front: &str, state: &[Option<usize>]) -> String {
        let mut out = String::with_capacity(self.total().map_or(0, |m| m.units));
        out.push_str(front);
        let mut any = false;
        for (i, &variant) in state.iter().enumerate() {
            let text = self.text_of(i, variant);
            if text.is_empty() {
                continue;
            }
            if any {
                out.push_str(self.separator);
            }
            out.push_str(text);
            any = true;
        }
        out
    }
}

/// The prompt at the first pass that fits the budget (or cut to it); see the module docs.
pub fn fit_sections(input: &SectionsInput, limits: &Limits) -> Result<SectionsResult> {
    let estimator: Estimator = input.vocabulary.unwrap_or_default().estimator();
    fit_sections_metered(input, limits, &mut Meter::Estimate(estimator))
}

/// [`fit_sections`] with tokens counted by `meter` (a caller's counter, [`Meter::Pieces`],
/// counts the front matter, each separator and each section's text as pieces, and sums them).
pub fn fit_sections_metered(
    input: &SectionsInput,
    limits: &Limits,
    meter: &mut Meter,
) -> Result<SectionsResult> {
    limits.check_documents(input.sections.len(), "/sections")?;
    let plan = resolve(input)?;
    let budget = Budget {
        max_chars: input.max_chars,
        max_tokens: input.max_tokens,
    }
    .over(Budget::default(), DEFAULT_MAX_CHARS);
    let count_tokens = budget.max_tokens.is_some();
    let front = front_matter(input.plan.as_deref(), input.user_context.as_deref());
    let separator = input.separator.as_deref().unwrap_or("\n");
    let start = Mark {
        tally: if count_tokens {
            meter.with(&meter.start(), &[&front])?.0
        } else {
            meter.start()
        },
        units: utf16_len(&front),
        any: false,
    };
    let n = input.sections.len();
    let mut measure = Measure {
        input,
        separator,
        separator_units: utf16_len(separator),
        units: input
            .sections
            .iter()
            .map(|s| s.variants.iter().map(|v| utf16_len(&v.text)).collect())
            .collect(),
        marks: vec![start; n.saturating_add(1)],
    };
    let mut state: Vec<Option<usize>> = vec![Some(0); n];
    let fits = |m: &Mark| {
        budget.max_chars.map_or(true, |c| m.units <= c)
            && budget.max_tokens.map_or(true, |t| m.tally.tokens() <= t)
    };
    // Chars first: tokens are counted only for a pass whose chars fit, from the first section
    // changed since tokens were last counted.
    let mut stale_tokens = 0usize;
    let mut pass = 0usize;
    let mut fitted = false;
    loop {
        measure.remeasure(&state, 0, None)?;
        let chars_fit = measure
            .total()
            .is_some_and(|m| budget.max_chars.map_or(true, |c| m.units <= c));
        if chars_fit && count_tokens {
            measure.remeasure(&state, stale_tokens.min(n), Some(meter))?;
            stale_tokens = n;
        }
        if chars_fit && measure.total().is_some_and(fits) {
            fitted = true;
            break;
        }
        let Some(step) = plan.get(pass) else { break };
        for &(i, variant) in step {
            if let Some(slot) = state.get_mut(i) {
                *slot = variant;
            }
            stale_tokens = stale_tokens.min(i);
        }
        pass = pass.saturating_add(1);
    }
    let full = measure.render(&front, &state);
    // With a cut: the bytes of the uncut text kept, and whether `...` follows them.
    let (text, cut_at) = if fitted {
        (full, None)
    } else {
        let pieces = measure.pieces(&front, &state);
        let (text, kept) = hard_cut(&full, &pieces, budget, meter)?;
        (text, Some((kept.unwrap_or(0), kept.is_some())))
    };
    let steps = input.steps.as_deref().unwrap_or(&[]);
    let step = if fitted {
        pass.checked_sub(1)
            .and_then(|k| steps.get(k))
            .and_then(|s| s.name.clone())
    } else {
        Some("hard cut".to_string())
    };
    // The records count the text piece by piece: their running total is the text's count.
    let (records, tokens) = records(input, &measure, &state, &front, cut_at, meter, count_tokens)?;
    Ok(SectionsResult {
        totals: SectionsTotals {
            sections: n,
            chars: utf16_len(&text),
            tokens,
            front_matter_chars: match cut_at {
                // The cut fell in the front matter: all of the text is front matter and `...`.
                Some((kept, _)) if kept < front.len() => utf16_len(&text),
                _ => utf16_len(&front),
            },
            passes_tried: pass.saturating_add(1),
            counter: meter.name().to_string(),
            counter_calls: meter.calls(),
            max_chars: budget.max_chars,
            max_tokens: budget.max_tokens,
        },
        text,
        pass: if fitted {
            pass
        } else {
            plan.len().saturating_add(1)
        },
        step,
        cut: !fitted,
        sections: records,
    })
}

/// The longest prefix of `text` that fits the budget with [`CUT_MARKER`] after it, and its
/// length in bytes; `""` (and `None`) when not even the marker fits. `pieces` is `text` as a
/// caller's counter is given it.
fn hard_cut(
    text: &str,
    pieces: &[&str],
    budget: Budget,
    meter: &mut Meter,
) -> Result<(String, Option<usize>)> {
    let marker_units = utf16_len(CUT_MARKER);
    let room = match budget.max_chars {
        Some(c) if c < marker_units => return Ok((String::new(), None)),
        Some(c) => c.saturating_sub(marker_units),
        None => usize::MAX,
    };
    let mut prefix = prefix_utf16(text, room);
    if let Some(max) = budget.max_tokens {
        let end = match meter {
            Meter::Estimate(e) => estimated_cut(prefix, max, e),
            Meter::Pieces(_) => counted_cut(prefix.len(), pieces, max, meter)?,
        };
        let Some(end) = end else {
            return Ok((String::new(), None));
        };
        prefix = prefix.get(..end).unwrap_or("");
    }
    let kept = prefix.len();
    Ok((format!("{prefix}{CUT_MARKER}"), Some(kept)))
}

/// The bytes of `prefix` the estimator fits in `max` tokens with the marker after them (`None`
/// when not even the marker fits).
fn estimated_cut(prefix: &str, max: usize, estimator: &Estimator) -> Option<usize> {
    let with_marker = |running: &Running| {
        let mut r = running.clone();
        r.push(CUT_MARKER);
        r.tokens()
    };
    let mut whole = estimator.running();
    whole.push(prefix);
    if with_marker(&whole) <= max {
        return Some(prefix.len());
    }
    // The count only grows as text is appended: walk until the next character would not fit.
    let mut running = estimator.running();
    if with_marker(&running) > max {
        return None;
    }
    let mut end = 0usize;
    let mut buf = [0u8; 4];
    for (at, c) in prefix.char_indices() {
        let mut next = running.clone();
        next.push(c.encode_utf8(&mut buf));
        if with_marker(&next) > max {
            break;
        }
        running = next;
        end = at.saturating_add(c.len_utf8());
    }
    Some(end)
}

/// The same with a caller's counter, within the first `limit` bytes: whole pieces while they
/// fit, then the longest prefix of the next one that fits, found by bisection over its
/// characters (a logarithmic number of calls, not one per character). Every answer is
/// checked, so a counter that is not monotone still gets a prefix that fits.
fn counted_cut(
    limit: usize,
    pieces: &[&str],
    max: usize,
    meter: &mut Meter,
) -> Result<Option<usize>> {
    let marker = meter.count(CUT_MARKER)?;
    if marker > max {
        return Ok(None);
    }
    let mut sum = marker;
    let mut at = 0usize;
    for piece in pieces {
        let room = limit.saturating_sub(at);
        let whole = piece.len() <= room;
        if whole {
            let n = meter.count(piece)?;
            if sum.saturating_add(n) <= max {
                sum = sum.saturating_add(n);
                at = at.saturating_add(piece.len());
                continue;
            }
        }
        let mut ends: Vec<usize> = piece
            .char_indices()
            .map(|(i, c)| i.saturating_add(c.len_utf8()))
            .filter(|&e| e <= room)
            .collect();
        if whole {
            // The whole piece did not fit.
            ends.pop();
        }
        let (mut lo, mut hi) = (0usize, ends.len());
        let mut best = 0usize;
        while lo < hi {
            let mid = lo.saturating_add(hi.saturating_sub(lo) / 2);
            let end = ends.get(mid).copied().unwrap_or(0);
            let n = meter.count(piece.get(..end).unwrap_or(""))?;
            if sum.saturating_add(n) <= max {
                best = end;
                lo = mid.saturating_add(1);
            } else {
                hi = mid;
            }
        }
        return Ok(Some(at.saturating_add(best)));
    }
    Ok(Some(at))
}

/// One record per section: its final variant and what it contributed to the text; and the
/// text's tokens.
fn records(
    input: &SectionsInput,
    measure: &Measure<'_>,
    state: &[Option<usize>],
    front: &str,
    cut_at: Option<(usize, bool)>,
    meter: &mut Meter,
    count_tokens: bool,
) -> Result<(Vec<SectionRecord>, usize)> {
    // Byte spans of each section in the uncut text (separator included), to see what a cut kept.
    let mut at = front.len();
    let mut any = false;
    let mut running = meter.start();
    let front_kept = cut_at.map_or(front, |(c, _)| {
        front.get(..c.min(front.len())).unwrap_or("")
    });
    // The marker belongs to the section the cut fell in (to none when it fell in the front
    // matter, or when not even the marker fit).
    let mut marker_placed = cut_at.map_or(true, |(c, marker)| !marker || c < front.len());
    // The total is counted whatever the budget (the records say each section's share only
    // under a token budget).
    running = meter.with(&running, &[front_kept])?.0;
    if matches!(cut_at, Some((c, true)) if c < front.len()) {
        running = meter.with(&running, &[CUT_MARKER])?.0;
    }
    let mut records = Vec::with_capacity(input.sections.len());
    for (i, (section, &variant)) in input.sections.iter().zip(state).enumerate() {
        let text = measure.text_of(i, variant);
        // The separator and the text, as the pieces a counter was given.
        let sep = if !text.is_empty() && any {
            measure.separator
        } else {
            ""
        };
        any = any || !text.is_empty();
        let piece_len = sep.len().saturating_add(text.len());
        let span_start = at;
        at = at.saturating_add(piece_len);
        let kept_len = match cut_at {
            None => piece_len,
            Some((c, _)) => c.saturating_sub(span_start).min(piece_len),
        };
        let was_cut = kept_len < piece_len;
        let kept_sep = sep.get(..kept_len.min(sep.len())).unwrap_or("");
        let kept_text = text.get(..kept_len.saturating_sub(sep.len())).unwrap_or("");
        let marker = if was_cut && !marker_placed {
            marker_placed = true;
            CUT_MARKER
        } else {
            ""
        };
        let parts = [kept_sep, kept_text, marker];
        let contributed_units = parts.iter().map(|p| utf16_len(p)).sum::<usize>();
        let before_tokens = running.tokens();
        running = meter.with(&running, &parts)?.0;
        let kept_units = utf16_len(kept_sep).saturating_add(utf16_len(kept_text));
        let first = section.variants.first();
        let variant_name = variant
            .and_then(|v| section.variants.get(v))
            .map(|v| v.name.clone());
        let (action, code, reason) = if was_cut {
            if kept_len == 0 {
                (
                    Action::Discarded,
                    SectionReason::Cut,
                    "removed by the hard cut: no pass fit the budget".to_string(),
                )
            } else {
                (
                    Action::Truncated,
                    SectionReason::Cut,
                    format!(
                        "cut to {} of {} chars: no pass fit the budget",
                        kept_units,
                        utf16_len(sep).saturating_add(utf16_len(text))
                    ),
                )
            }
        } else {
            match variant {
                None => (
                    Action::Discarded,
                    SectionReason::Dropped,
                    "dropped by the plan to fit the budget".to_string(),
                ),
                Some(0) => (
                    Action::Full,
                    SectionReason::Kept,
                    format!("kept as `{}`", first.map_or("", |v| v.name.as_str())),
                ),
                Some(_) => (
                    Action::Summarized,
                    SectionReason::Switched,
                    format!(
                        "switched to `{}` to fit the budget",
                        variant_name.as_deref().unwrap_or("")
                    ),
                ),
            }
        };
        let tokens_before = match first {
            Some(v) if count_tokens => Some(meter.count(&v.text)?),
            _ => None,
        };
        records.push(SectionRecord {
            item: ItemRecord {
                id: section.name.as_str().into(),
                action,
                reason: reason.into(),
                chars_before: measure.units.get(i).and_then(|u| u.first().copied()),
                chars_after: contributed_units,
                tokens_before,
                tokens_after: if count_tokens {
                    Some(running.tokens().saturating_sub(before_tokens))
                } else {
                    None
                },
            },
            reason_code: code,
            variant: if was_cut && kept_len == 0 {
                None
            } else {
                variant_name
            },
        });
    }
    Ok((records, running.tokens()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Input;

    fn fit(text: &str) -> Result<SectionsResult> {
        let v = crate::json::parse(text, &Limits::default()).unwrap();
        fit_sections(&SectionsInput::read(&v, "")?, &Limits::default())
    }

    #[test]
    fn front_matter_as_the_reference_design_writes_it() {
        assert_eq!(front_matter(None, None), "");
        assert_eq!(front_matter(Some(""), Some("")), "");
        assert_eq!(
            front_matter(Some(""), Some("yes")),
            "## Additional Context from User\n\nyes\n\n"
        );
        assert_eq!(
            front_matter(Some("1. a"), Some("yes")),
            "## Your Plan\n\nFollow this plan:\n1. a\n\n## Additional Context from User\n\nyes\n\n"
        );
    }

    #[test]
    fn steps_apply_cumulatively_and_separators_follow_the_sections_kept() {
        let out = fit(r#"{"sections": [
            {"name": "a", "variants": [{"name": "full", "text": "AAAA"}, {"name": "lite", "text": "A"}]},
            {"name": "b", "variants": [{"name": "full", "text": "BBBB"}]},
            {"name": "c", "variants": [{"name": "full", "text": "C"}]}],
            "steps": [{"sections": ["a"], "variant": "lite"}, {"name": "drop b", "sections": ["b"]}],
            "maxChars": 4}"#)
        .unwrap();
        assert_eq!(
            (out.text.as_str(), out.pass, out.step.as_deref()),
            ("A\nC", 2, Some("drop b"))
        );
        let codes: Vec<_> = out.sections.iter().map(|s| s.reason_code).collect();
        assert_eq!(
            codes,
            [
                SectionReason::Switched,
                SectionReason::Dropped,
                SectionReason::Kept
            ]
        );
        assert_eq!(
            out.sections
                .iter()
                .map(|s| s.item.chars_after)
                .sum::<usize>(),
            3
        );
    }

    #[test]
    fn a_hard_cut_fits_tokens_and_ends_in_the_marker() {
        let out = fit(r#"{"sections": [{"name": "a", "variants": [{"name": "full", "text": "one two three four five six seven eight nine ten"}]}], "maxTokens": 4}"#).unwrap();
        assert!(out.cut && out.text.ends_with("..."), "{}", out.text);
        assert!(crate::tokens::estimate_tokens(&out.text) <= 4);
        assert_eq!(out.step.as_deref(), Some("hard cut"));
    }

    #[test]
    fn plans_naming_what_does_not_exist_are_refused_where_they_say_it() {
        let e = fit(r#"{"sections": [{"name": "a", "variants": [{"name": "full", "text": "x"}]}], "steps": [{"sections": ["a"], "variant": "tiny"}]}"#).unwrap_err();
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidInput, "/steps/0/variant")
        );
        let e = fit(r#"{"sections": [{"name": "a", "variants": []}]}"#).unwrap_err();
        assert_eq!(e.path, "/sections/0/variants");
        let e = fit(r#"{"sections": [{"name": "a", "variants": [{"name": "v", "text": ""}]}, {"name": "a", "variants": [{"name": "v", "text": ""}]}]}"#).unwrap_err();
        assert_eq!(e.path, "/sections/1/name");
        let e = fit(r#"{"sections": [], "maxChars": -1}"#).unwrap_err();
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidBudget, "/maxChars")
        );
    }
}
