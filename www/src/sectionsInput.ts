// What the Prompt sections tab hands to `fitSections`, and the passes it finds by re-running it.
import { fitSections, type SectionStep, type SectionsInput, type SectionsResult } from "ctxpack/files";
// The reference plan (seed 000: the visual code-editing proxy's prompt) and its front matter, as
// the shared vectors hold them: the page starts from the same input the core is tested with.
import frontMatterVector from "../../tests/vectors/sections/inputs/front-matter.json?raw";

export type Prompt = Pick<SectionsInput, "sections" | "steps">;

interface Vector {
  input: SectionsInput;
}

export function referencePrompt(): { prompt: Prompt; plan: string; userContext: string } {
  const { input } = JSON.parse(frontMatterVector) as Vector;
  return { prompt: { sections: input.sections, steps: input.steps ?? [] }, plan: input.plan ?? "", userContext: input.userContext ?? "" };
}

export function promptText(prompt: Prompt): string {
  return JSON.stringify(prompt, null, 2);
}

/** The prompt editor's text, or what is wrong with it (ctxpack checks the shape itself). */
export function parsePrompt(text: string): { ok: true; prompt: Prompt } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { ok: false, message: "The prompt is a JSON object {sections, steps}" };
  return { ok: true, prompt: value as Prompt };
}

export interface Budget {
  maxChars: number | null;
  maxTokens: number | null;
}

export function sectionsInput(prompt: Prompt, plan: string, userContext: string, budget: Budget): SectionsInput {
  return {
    ...prompt,
    ...(plan.trim() === "" ? {} : { plan }),
    ...(userContext.trim() === "" ? {} : { userContext }),
    ...(budget.maxChars === null ? {} : { maxChars: budget.maxChars }),
    ...(budget.maxTokens === null ? {} : { maxTokens: budget.maxTokens }),
  };
}

/** The budget the passes are walked in: chars when given (the core's default unit), else tokens. */
export type Unit = "maxChars" | "maxTokens";
export const unitOf = (budget: Budget): Unit => (budget.maxChars === null && budget.maxTokens !== null ? "maxTokens" : "maxChars");

/** ctxpack's largest budget (src/budget.rs MAX_BUDGET). */
const MAX_BUDGET = 2_147_483_647;

/** A pass some budget makes the first to fit, with the smallest such budget's result. */
export interface PassPoint {
  pass: number;
  /**
   * A budget (in the walk's unit) that returns this pass: the smallest for a pass (its size),
   * the largest for the hard cut (just under the last pass's size).
   */
  budget: number;
  result: SectionsResult;
}

/**
 * Every pass that is the answer for some budget, heaviest first: fitSections at the largest
 * budget, then again just under the size of the pass it returned, until the hard cut. Only
 * ctxpack decides which pass fits; a pass no smaller than an earlier one is never returned, so
 * it is not listed. At most steps + 2 calls; the other budget, if given, is held.
 */
export function walkPasses(input: SectionsInput, unit: Unit): PassPoint[] {
  const points: PassPoint[] = [];
  const calls = (input.steps?.length ?? 0) + 2;
  let budget = MAX_BUDGET;
  for (let i = 0; i < calls && budget >= 0; i++) {
    const result = fitSections({ ...input, [unit]: budget });
    const size = unit === "maxChars" ? result.totals.chars : result.totals.tokens;
    points.push({ pass: result.pass, budget: result.cut ? budget : size, result });
    if (result.cut) break;
    budget = size - 1;
  }
  return points;
}

/** What a step does, in words. */
export function stepText(step: SectionStep): string {
  const names = step.sections.join(", ");
  return step.variant == null ? `drop ${names}` : `${names} → ${step.variant}`;
}
