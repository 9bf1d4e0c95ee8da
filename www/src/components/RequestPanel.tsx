import type { CapStrategy, Profile, RenderOrder, ResolvedIntent } from "ctxpack";
import { fmt, paramsText } from "../format";
import type { Counter, UiError } from "../model";
import { ErrorBox } from "./ErrorBox";
import { NumberField } from "./NumberField";

const COUNTERS: ReadonlyArray<{ counter: Counter; label: string; help: string }> = [
  { counter: "estimate", label: "estimate", help: "ctxpack's estimator (estimate:o200k): no download, rarely counts low" },
  { counter: "o200k", label: "exact o200k", help: "countTokens from ctxpack/tokenizer (o200k_base: GPT-4o and later), passed as tokenCounter" },
  { counter: "cl100k", label: "exact cl100k", help: "countTokens(text, \"cl100k\") from ctxpack/tokenizer (cl100k_base: GPT-4, GPT-3.5), passed as tokenCounter" },
];

const EXAMPLES = ["generate episodes 7-12", "生成第7-12集", "write the script for episode 3", "revise the timeline", "brainstorm new ideas", "what is the tone of the series?"];

const ORDER_HELP: Record<RenderOrder, string> = {
  rank: "Best first (default). In a simulated session it kept the longest prefix for prompt caches (docs/PROFILE.md).",
  input: "In the order of the documents: appended rows leave the front of the context as it was.",
};

const CAP_HELP: Record<CapStrategy, string> = {
  stop: "the first document that does not fit is discarded, and everything ranked below it",
  skip: "a document that does not fit is discarded; later, smaller ones may still fit",
  degrade: "a document that does not fit tries its next trim levels first; discarded only if even its summary does not fit",
};

export interface RequestPanelProps {
  profile: Profile;
  text: string;
  onText: (text: string) => void;
  inferred: { ok: true; intent: ResolvedIntent } | { ok: false; message: string };
  explicitIntent: string | null;
  onExplicitIntent: (intent: string | null) => void;
  params: string;
  onParams: (text: string) => void;
  maxChars: number;
  onMaxChars: (n: number) => void;
  maxTokens: number | null;
  onMaxTokens: (n: number | null) => void;
  counter: Counter;
  onCounter: (counter: Counter) => void;
  /** ctxpack/react's worker for the chosen counter is loading (with its ctxpack/tokenizer entry). */
  counterLoading: boolean;
  cap: CapStrategy;
  onCap: (cap: CapStrategy) => void;
  order: RenderOrder;
  onOrder: (order: RenderOrder) => void;
  errors: { request?: UiError; settings?: UiError };
}

export function intentNames(profile: Profile): string[] {
  const names = Object.keys(profile.intents ?? {});
  const fallback = profile.defaultIntent ?? "default";
  return names.includes(fallback) ? names : [fallback, ...names];
}

export function RequestPanel(props: RequestPanelProps) {
  const { profile, text, inferred, explicitIntent, maxChars, maxTokens, counter, cap, errors } = props;
  const sliderMax = Math.max(40_000, profile.budget?.maxChars ?? 0, maxChars);
  const description = (intent: string) => profile.intents?.[intent]?.description;

  return (
    <section className="panel" aria-labelledby="request-title">
      <h2 id="request-title">Request</h2>
      <label htmlFor="request-text" className="field-label">
        What the agent is asked
      </label>
      <input id="request-text" type="text" value={text} placeholder="e.g. generate episodes 7-12" onChange={(e) => props.onText(e.target.value)} autoComplete="off" data-testid="request-text" />
      <div className="chips" aria-label="example requests">
        {EXAMPLES.map((example) => (
          <button type="button" key={example} className="chip" onClick={() => props.onText(example)}>
            {example}
          </button>
        ))}
      </div>

      <div className="inferred" data-testid="inferred">
        {inferred.ok ? (
          <>
            <div>
              <span className="muted">{explicitIntent === null ? "Inferred intent" : "Text alone would infer"}</span>{" "}
              <strong data-testid="inferred-intent">{inferred.intent.intent}</strong>
            </div>
            <div className="muted small" data-testid="inferred-rule">
              {inferred.intent.source === "rule" ? (
                <>
                  rule <code>{inferred.intent.rule}</code> (#{inferred.intent.ruleIndex}) matched · {paramsText(inferred.intent.params)}
                </>
              ) : inferred.intent.source === "default" ? (
                "no rule matched: the profile's default intent"
              ) : (
                "given explicitly"
              )}
            </div>
            {explicitIntent === null && description(inferred.intent.intent) !== undefined && <div className="small description">{description(inferred.intent.intent)}</div>}
          </>
        ) : (
          <span className="warn">{inferred.message}</span>
        )}
      </div>

      <label htmlFor="intent-picker" className="field-label">
        Intent
      </label>
      <select id="intent-picker" value={explicitIntent ?? ""} onChange={(e) => props.onExplicitIntent(e.target.value === "" ? null : e.target.value)} data-testid="intent-picker">
        <option value="">Infer from the request text</option>
        {intentNames(profile).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {explicitIntent !== null && (
        <>
          {description(explicitIntent) !== undefined && <div className="small description">{description(explicitIntent)}</div>}
          <label htmlFor="intent-params" className="field-label">
            Params <span className="muted">(JSON object)</span>
          </label>
          <textarea id="intent-params" className="params" spellCheck={false} value={props.params} onChange={(e) => props.onParams(e.target.value)} data-testid="intent-params" />
        </>
      )}
      {errors.request !== undefined && <ErrorBox error={errors.request} />}

      <h2 className="spaced">Budget</h2>
      <label htmlFor="budget" className="field-label budget-label">
        <span>maxChars</span>
        <input type="number" className="budget-number" min={0} max={2147483647} step={100} value={maxChars} onChange={(e) => props.onMaxChars(Math.max(0, Math.floor(Number(e.target.value) || 0)))} aria-label="maxChars (exact)" data-testid="budget-number" />
      </label>
      <input id="budget" type="range" min={0} max={sliderMax} step={100} value={maxChars} onChange={(e) => props.onMaxChars(Number(e.target.value))} data-testid="budget-slider" />
      <div className="range-ends muted small">
        <span>0</span>
        <span>profile: {fmt(profile.budget?.maxChars ?? 16_000)}</span>
        <span>{fmt(sliderMax)}</span>
      </div>
      <div className="num-fields counter-choice">
        <NumberField label="maxTokens" value={maxTokens} onChange={props.onMaxTokens} optional fallback={1500} testid="budget-max-tokens" hint="A token budget beside maxChars: both must hold. Measured by the counter below." />
      </div>
      <fieldset className="cap">
        <legend className="field-label">tokens — how they are counted</legend>
        <div className="cap-options">
          {COUNTERS.map((c) => (
            <label key={c.counter} title={c.help}>
              <input type="radio" name="counter" value={c.counter} checked={counter === c.counter} onChange={() => props.onCounter(c.counter)} data-testid={`counter-${c.counter}`} />
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="muted small" data-testid="counter-status">
        {props.counterLoading ? (
          <>
            <span className="spinner" aria-label="loading" /> Loading ctxpack/tokenizer/{counter} in ctxpack/react&apos;s worker ({counter === "o200k" ? "1.6 MB" : "0.9 MB"} gzip, once)… the page stays usable.
          </>
        ) : (
          COUNTERS.find((c) => c.counter === counter)?.help
        )}
      </div>
      <fieldset className="cap">
        <legend className="field-label">Cap strategy — when the budget runs out</legend>
        <div className="cap-options">
          {(["stop", "skip", "degrade"] as const).map((strategy) => (
            <label key={strategy} title={CAP_HELP[strategy]}>
              <input type="radio" name="cap" value={strategy} checked={cap === strategy} onChange={() => props.onCap(strategy)} data-testid={`cap-${strategy}`} />
              {strategy}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="muted small">{CAP_HELP[cap]}</div>
      <fieldset className="cap">
        <legend className="field-label">Render order — what is included is the same</legend>
        <div className="cap-options">
          {(["rank", "input"] as const).map((o) => (
            <label key={o} title={ORDER_HELP[o]}>
              <input type="radio" name="order" value={o} checked={props.order === o} onChange={() => props.onOrder(o)} data-testid={`order-${o}`} />
              {o}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="muted small">{ORDER_HELP[props.order]}</div>
      {errors.settings !== undefined && <ErrorBox error={errors.settings} />}
    </section>
  );
}
