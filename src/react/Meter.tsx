import { estimateTokens, type Assembly } from "ctxpack";
import { useMemo, type ReactElement } from "react";
import { ACTION_LABEL, COUNTED, fmt } from "./format.js";

/** The budget meter: chars and tokens against their limits, the cap, the counts by action. */
export function Meter({ assembly }: { assembly: Assembly }): ReactElement {
  const { totals, cap, intent } = assembly.manifest;
  // With a token budget the manifest has the count; without one, the estimator the core budgets with.
  const tokens = useMemo(() => totals.tokens ?? estimateTokens(assembly.context), [totals.tokens, assembly.context]);
  const ratio = totals.maxChars === null ? (totals.maxTokens ? tokens / totals.maxTokens : 0) : totals.maxChars === 0 ? (totals.chars === 0 ? 0 : 1) : totals.chars / totals.maxChars;
  const counts: Record<string, number> = { full: totals.full, truncated: totals.truncated, summarized: totals.summarized, discarded: totals.discarded, filtered_out: totals.filteredOut };
  return (
    <section className="ctxpack-meter" aria-label="Budget">
      <p className="ctxpack-meter-numbers">
        <span className="ctxpack-chars" data-testid="ctxpack-chars">
          {fmt(totals.chars)}
          {totals.maxChars === null ? "" : ` / ${fmt(totals.maxChars)}`} chars
        </span>
        <span className="ctxpack-tokens" data-testid="ctxpack-tokens">
          {fmt(tokens)}
          {totals.maxTokens === null ? "" : ` / ${fmt(totals.maxTokens)}`} tokens{totals.tokens === null ? " (estimate)" : totals.tokenCounter === null ? "" : ` (${totals.tokenCounter})`}
        </span>
        <span className={cap.hit ? "ctxpack-cap ctxpack-cap-hit" : "ctxpack-cap"} data-testid="ctxpack-cap">
          {cap.hit ? `Cap hit (${cap.strategy}): ${fmt(cap.discarded)} discarded` : `Cap not hit (${cap.strategy})`}
        </span>
      </p>
      <div
        className="ctxpack-bar"
        role="meter"
        aria-label={totals.maxChars === null ? "Tokens used" : "Characters used"}
        aria-valuemin={0}
        aria-valuemax={totals.maxChars ?? totals.maxTokens ?? 0}
        aria-valuenow={totals.maxChars === null ? tokens : totals.chars}
      >
        <div className={cap.hit ? "ctxpack-fill ctxpack-fill-hit" : "ctxpack-fill"} style={{ width: `${Math.min(100, ratio * 100).toFixed(1)}%` }} />
      </div>
      <ul className="ctxpack-counts" aria-label="Documents by action">
        {COUNTED.map((a) => (
          <li key={a} className={`ctxpack-badge ctxpack-action-${a}`} data-action={a}>
            {fmt(counts[a] ?? 0)} {ACTION_LABEL[a]}
          </li>
        ))}
        <li className="ctxpack-of">of {fmt(totals.documents)} documents</li>
      </ul>
      <p className="ctxpack-intent">
        Intent <code>{intent.intent}</code> ({intent.source === "rule" ? `rule ${intent.rule ?? String(intent.ruleIndex)}` : intent.source === "default" ? "default" : "given"})
      </p>
    </section>
  );
}
