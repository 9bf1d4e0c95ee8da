// The Run governor tab's input: an event log (JSON lines, an optional header line with the
// run's config, as in tests/vectors/governor/inputs), the config the user picks, and the run:
// every event pushed once, in order, with the state after each.
import { RunGovernor, type GovernorConfig, type GovernorDecision, type GovernorReport, type GovernorState, type RunProfile, type TaskScope } from "ctxpack/governor";

export const PROFILES: readonly RunProfile[] = ["strict", "fast", "smoke", "yolo"];
export const SCOPES: readonly TaskScope[] = ["large", "normal", "tiny"];

/** The shared vectors' logs, by name (tests/e2e/run.mjs replays the same files in Node). */
const RAW = import.meta.glob<string>("../../tests/vectors/governor/inputs/*.jsonl", { query: "?raw", import: "default", eager: true });
export const BUILT_IN_LOGS: ReadonlyArray<{ name: string; text: string }> = Object.entries(RAW)
  .map(([path, text]) => ({ name: path.slice(path.lastIndexOf("/") + 1, -".jsonl".length), text }))
  .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
export const DEFAULT_LOG = "strict-large-stop";

export interface ParsedLog {
  /** The header's description, when the first line is a header. */
  description: string | null;
  /** The header's config (`null` when there is no header or it has none). */
  config: GovernorConfig | null;
  /** Each event line as written: the governor parses it (a malformed one is its error to report). */
  events: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Non-empty lines; a first line that is an object without `type` but with `config` or `description` is the header. */
export function parseLog(text: string): ParsedLog {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  const first = lines[0];
  if (first !== undefined) {
    let header: unknown = null;
    try {
      header = JSON.parse(first);
    } catch {
      // Not JSON: an event line, reported by the governor.
    }
    if (isObject(header) && !("type" in header) && ("config" in header || "description" in header)) {
      const config = isObject(header.config) ? (header.config as GovernorConfig) : null;
      return { description: typeof header.description === "string" ? header.description : null, config, events: lines.slice(1) };
    }
  }
  return { description: null, config: null, events: lines };
}

/** The controls: a profile × scope preset and the rest of the config as JSON text. */
export interface ConfigControls {
  profile: RunProfile;
  scope: TaskScope;
  /** JSON object: limits, steps, warnAt, testCommands, patchRepeats, loops. */
  overrides: string;
}

export function controlsOf(config: GovernorConfig | null): ConfigControls {
  const { profile, scope, ...rest } = config ?? {};
  return { profile: profile ?? "strict", scope: scope ?? "normal", overrides: Object.keys(rest).length === 0 ? "{}" : JSON.stringify(rest, null, 2) };
}

export function configOf(c: ConfigControls): { ok: true; config: GovernorConfig } | { ok: false; message: string } {
  let rest: unknown;
  try {
    rest = c.overrides.trim() === "" ? {} : JSON.parse(c.overrides);
  } catch (e) {
    return { ok: false, message: `Overrides are not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (!isObject(rest)) return { ok: false, message: "Overrides must be a JSON object" };
  return { ok: true, config: { ...(rest as GovernorConfig), profile: c.profile, scope: c.scope } };
}

/** What one event got: the decision, or the error it threw (as the vectors write it). */
export type Answer = { ok: true; decision: GovernorDecision } | { ok: false; error: { code: string; path: string; message: string } };

export const answerJson = (a: Answer): string => (a.ok ? JSON.stringify(a.decision) : JSON.stringify({ error: a.error }));

export interface Run {
  /** states[k] is the state after k events (states[0] the initial one). */
  states: GovernorState[];
  /** answers[k - 1] is what event k got. */
  answers: Answer[];
  ms: number;
}

function errorOf(e: unknown): { code: string; path: string; message: string } {
  const { code, path, message } = e as { code?: unknown; path?: unknown; message?: unknown };
  return { code: typeof code === "string" ? code : "INTERNAL", path: typeof path === "string" ? path : "", message: typeof message === "string" ? message : String(e) };
}

/**
 * The whole log through one governor, keeping the state after every event. Stepping back is
 * reading an earlier state: the governor is deterministic, so this equals replaying up to there.
 */
export function runLog(config: GovernorConfig, events: readonly string[]): Run {
  const t0 = performance.now();
  const governor = new RunGovernor(config);
  try {
    const states = [governor.state()];
    const answers: Answer[] = [];
    for (const line of events) {
      try {
        answers.push({ ok: true, decision: governor.push(line) });
      } catch (e) {
        answers.push({ ok: false, error: errorOf(e) });
      }
      states.push(governor.state());
    }
    return { states, answers, ms: performance.now() - t0 };
  } finally {
    governor.free();
  }
}

/** The report at a saved state: a governor resumed from it (`RunGovernor.fromState`). */
export function reportAt(state: GovernorState): { report: GovernorReport; markdown: string } {
  const governor = RunGovernor.fromState(state);
  try {
    return { report: governor.report(), markdown: governor.reportMarkdown() };
  } finally {
    governor.free();
  }
}

/** A refusal: anything but going on (continue) or a warning. */
export const isRefusal = (a: Answer | undefined): boolean => a !== undefined && (!a.ok || (a.decision.decision !== "continue" && a.decision.decision !== "warn"));

/** One line about an event, for the list. */
export function eventSummary(line: string): string {
  try {
    const e = JSON.parse(line) as Record<string, unknown>;
    const step = typeof e.step === "string" ? ` [${e.step}]` : "";
    switch (e.type) {
      case "command":
        return `$ ${String(e.command)}${typeof e.exitCode === "number" ? ` → exit ${e.exitCode}` : ""}${step}`;
      case "web_request":
        return `web ${String(e.url)}${step}`;
      case "tokens":
        return `tokens +${String(e.count)}${step}`;
      case "patch":
        return `patch ${String(e.file)}${step}`;
      case "tests_result":
        return `tests ${e.passed === true ? "passed" : e.passed === false ? "failed" : "?"}${e.functional === true ? " (functional ok)" : ""}${step}`;
      default:
        return line.length > 80 ? `${line.slice(0, 80)}…` : line;
    }
  } catch {
    return line.length > 80 ? `${line.slice(0, 80)}…` : line;
  }
}
