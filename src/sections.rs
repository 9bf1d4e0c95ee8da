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
use crate::tokens::{Estimator, Running, TokenCounter, Vocabulary};
use crate::{Error, ErrorCode, Limits, Result};

/// The budget when none is given: the core's default context cap, in UTF-16 code units.
pub const DEFAULT_MAX_CHARS: usize = 16_000;
/// What ends a prompt cut to fit.
pub const CUT_MARKER: &str = "...";

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
    #[shape(intern)]
    pub counter: String,
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

/// `## Your Plan` and `## Additional Context from User`, each followed by a blank line.
pub fn front_matter(plan: Option<&str>, user_context: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(plan) = plan {
        out.push_str("## Your Plan\n\nFollow this plan:\n");
        out.push_str(plan);
        out.push_str("\n\n");
    }
    if let Some(answers) = user_context {
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
    running: Running,
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

    /// Re-measures `state` from section `from` on (the marks before it are still right).
    fn remeasure(&mut self, state: &[Option<usize>], from: usize, tokens: bool) {
        for (i, &variant) in state.iter().enumerate().skip(from) {
            let Some(mut mark) = self.marks.get(i).cloned() else {
                return;
            };
            let units = self.units_of(i, variant);
            if units > 0 {
                if mark.any {
                    mark.units = mark.units.saturating_add(self.separator_units);
                    if tokens {
                        mark.running.push(self.separator);
                    }
                }
                mark.units = mark.units.saturating_add(units);
                if tokens {
                    mark.running.push(self.text_of(i, variant));
                }
                mark.any = true;
            }
            if let Some(next) = self.marks.get_mut(i.saturating_add(1)) {
                if tokens {
                    *next = mark;
                } else {
                    // A chars-only pass leaves the token marks of the pass last counted.
                    next.units = mark.units;
                    next.any = mark.any;
                }
            }
        }
    }

    fn total(&self) -> Option<&Mark> {
        self.marks.last()
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
    limits.check_documents(input.sections.len(), "/sections")?;
    let plan = resolve(input)?;
    let budget = Budget {
        max_chars: input.max_chars,
        max_tokens: input.max_tokens,
    }
    .over(Budget::default(), DEFAULT_MAX_CHARS);
    let estimator: Estimator = input.vocabulary.unwrap_or_default().estimator();
    let count_tokens = budget.max_tokens.is_some();
    let front = front_matter(input.plan.as_deref(), input.user_context.as_deref());
    let separator = input.separator.as_deref().unwrap_or("\n");
    let mut start = Mark {
        running: estimator.running(),
        units: utf16_len(&front),
        any: false,
    };
    start.running.push(&front);
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
            && budget.max_tokens.map_or(true, |t| m.running.tokens() <= t)
    };
    // Chars first: tokens are counted only for a pass whose chars fit, from the first section
    // changed since tokens were last counted.
    let mut stale_tokens = 0usize;
    let mut pass = 0usize;
    let mut fitted = false;
    loop {
        measure.remeasure(&state, 0, false);
        let chars_fit = measure
            .total()
            .is_some_and(|m| budget.max_chars.map_or(true, |c| m.units <= c));
        if chars_fit && count_tokens {
            measure.remeasure(&state, stale_tokens.min(n), true);
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
        let (text, kept) = hard_cut(&full, budget, &estimator);
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
    let (records, tokens) = records(
        input,
        &measure,
        &state,
        &front,
        cut_at,
        &estimator,
        count_tokens,
    );
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
            counter: estimator.name().to_string(),
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
/// length in bytes; `""` (and `None`) when not even the marker fits.
fn hard_cut(text: &str, budget: Budget, estimator: &Estimator) -> (String, Option<usize>) {
    let marker_units = utf16_len(CUT_MARKER);
    let room = match budget.max_chars {
        Some(c) if c < marker_units => return (String::new(), None),
        Some(c) => c.saturating_sub(marker_units),
        None => usize::MAX,
    };
    let mut prefix = prefix_utf16(text, room);
    if let Some(max) = budget.max_tokens {
        let with_marker = |running: &Running| {
            let mut r = running.clone();
            r.push(CUT_MARKER);
            r.tokens()
        };
        let mut whole = estimator.running();
        whole.push(prefix);
        if with_marker(&whole) > max {
            // The count only grows as text is appended: walk until the next character would
            // not fit.
            let mut running = estimator.running();
            if with_marker(&running) > max {
                return (String::new(), None);
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
            prefix = prefix.get(..end).unwrap_or("");
        }
    }
    let kept = prefix.len();
    (format!("{prefix}{CUT_MARKER}"), Some(kept))
}

/// One record per section: its final variant and what it contributed to the text; and the
/// text's tokens.
fn records(
    input: &SectionsInput,
    measure: &Measure<'_>,
    state: &[Option<usize>],
    front: &str,
    cut_at: Option<(usize, bool)>,
    estimator: &Estimator,
    count_tokens: bool,
) -> (Vec<SectionRecord>, usize) {
    // Byte spans of each section in the uncut text (separator included), to see what a cut kept.
    let mut at = front.len();
    let mut any = false;
    let mut running = estimator.running();
    let front_kept = cut_at.map_or(front, |(c, _)| {
        front.get(..c.min(front.len())).unwrap_or("")
    });
    running.push(front_kept);
    // The marker belongs to the section the cut fell in (to none when it fell in the front
    // matter, or when not even the marker fit).
    let mut marker_placed = cut_at.map_or(true, |(c, marker)| !marker || c < front.len());
    if matches!(cut_at, Some((c, true)) if c < front.len()) {
        running.push(CUT_MARKER);
    }
    let records = input
        .sections
        .iter()
        .zip(state)
        .enumerate()
        .map(|(i, (section, &variant))| {
            let text = measure.text_of(i, variant);
            let mut piece = String::new();
            if !text.is_empty() {
                if any {
                    piece.push_str(measure.separator);
                }
                piece.push_str(text);
                any = true;
            }
            let span_start = at;
            at = at.saturating_add(piece.len());
            let kept = match cut_at {
                None => piece.as_str(),
                Some((c, _)) => piece
                    .get(..c.saturating_sub(span_start).min(piece.len()))
                    .unwrap_or(""),
            };
            let was_cut = kept.len() < piece.len();
            let mut contributed = kept.to_string();
            if was_cut && !marker_placed {
                contributed.push_str(CUT_MARKER);
                marker_placed = true;
            }
            let before_tokens = running.tokens();
            running.push(&contributed);
            let first = section.variants.first();
            let variant_name = variant
                .and_then(|v| section.variants.get(v))
                .map(|v| v.name.clone());
            let (action, code, reason) = if was_cut {
                if kept.is_empty() {
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
                            utf16_len(kept),
                            utf16_len(&piece)
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
            SectionRecord {
                item: ItemRecord {
                    id: section.name.as_str().into(),
                    action,
                    reason: reason.into(),
                    chars_before: measure.units.get(i).and_then(|u| u.first().copied()),
                    chars_after: utf16_len(&contributed),
                    tokens_before: if count_tokens {
                        first.map(|v| estimator.count(&v.text))
                    } else {
                        None
                    },
                    tokens_after: if count_tokens {
                        Some(running.tokens().saturating_sub(before_tokens))
                    } else {
                        None
                    },
                },
                reason_code: code,
                variant: if was_cut && kept.is_empty() {
                    None
                } else {
                    variant_name
                },
            }
        })
        .collect();
    (records, running.tokens())
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
