import { type Assembly, estimateTokens } from "ctxpack";
import { useMemo } from "react";
import { fmt, fmtMs, paramsText } from "../format";

// The same estimator the core budgets `maxTokens` with (docs/TOKENS.md).
const TOKEN_ESTIMATE_NOTE =
  "ctxpack's token estimate (estimate:o200k): character classes weighted against o200k_base, with a safety margin so it rarely counts low. See docs/TOKENS.md.";

const EXACT_NOTE = "Counted exactly by countTokens from ctxpack/tokenizer/o200k or /cl100k, in ctxpack/react's worker: the budget's count, each piece of the context counted once.";

/**
 * The vocabulary of the counter that measured the manifest: ctxpack/react names its counters
 * (docs/REACT.md, `tokenizer`), and the manifest reports the name.
 */
const EXACT: Record<string, string> = { "host:countTokens": "o200k", "host:countTokensCl100k": "cl100k" };

export function BudgetMeter({ assembly, assembleMs, busy }: { assembly: Assembly; assembleMs: number | null; busy: boolean }) {
  const { totals, cap, intent } = assembly.manifest;
  const exact = totals.tokenCounter === null ? undefined : EXACT[totals.tokenCounter];
  // With a token budget the manifest has the count (exact with the hook's tokenizer); without
  // one the page asks the same estimator.
  const tokens = useMemo(() => totals.tokens ?? estimateTokens(assembly.context), [totals.tokens, assembly.context]);
  const limit = totals.maxChars;
  const ratio =
    limit === null
      ? totals.maxTokens === null || totals.maxTokens === 0
        ? 0
        : tokens / totals.maxTokens
      : limit === 0
        ? totals.chars === 0
          ? 0
          : 1
        : totals.chars / limit;
  const discarded = assembly.manifest.documents.filter((d) => d.action === "discarded");

  return (
    <section className="panel meter" aria-label="budget" data-testid="meter">
      <div className="meter-top">
        <div className="meter-numbers">
          <span className="big" data-testid="used-chars">
            {fmt(totals.chars)}
          </span>
          <span className="muted">{limit === null ? " chars" : ` / ${fmt(limit)} chars`}</span>
          <span className="pct">{(ratio * 100).toFixed(0)}%</span>
        </div>
        <div className="meter-tokens" title={exact === undefined ? TOKEN_ESTIMATE_NOTE : EXACT_NOTE}>
          <span data-testid="used-tokens">{fmt(tokens)}</span> {exact === undefined ? "tokens (estimate)" : `tokens (exact ${exact})`}
          {totals.maxTokens !== null && <span className="muted"> / {fmt(totals.maxTokens)}</span>}
        </div>
        <div className={cap.hit ? "cap-status hit" : "cap-status"} data-testid="cap-status">
          {cap.hit ? `Cap hit (${cap.strategy}): ${cap.discarded} discarded` : `Cap not hit (${cap.strategy})`}
        </div>
      </div>
      <div className="bar" role="meter" aria-valuemin={0} aria-valuemax={limit ?? totals.maxTokens ?? 0} aria-valuenow={limit === null ? tokens : totals.chars} aria-label={limit === null ? "tokens used" : "characters used"}>
        <div className={cap.hit ? "fill hit" : "fill"} style={{ width: `${Math.min(100, ratio * 100)}%` }} />
      </div>
      <div className="meter-bottom">
        <div className="counts">
          <span className="badge full">{totals.full} full</span>
          <span className="badge truncated">{totals.truncated} truncated</span>
          <span className="badge summarized">{totals.summarized} summarized</span>
          <span className="badge discarded">{totals.discarded} discarded</span>
          <span className="badge filtered_out">{totals.filteredOut} filtered out</span>
          <span className="muted small">
            of {fmt(totals.documents)} documents ({fmt(totals.selected)} selected)
          </span>
        </div>
        <div className="timing muted small" data-testid="timing">
          {busy ? <span className="spinner" aria-label="assembling" /> : null}
          {assembleMs !== null && (
            <>
              assembled in <strong data-testid="assemble-ms">{fmtMs(assembleMs)}</strong>
            </>
          )}
        </div>
      </div>
      {totals.tokenCounter !== null && (
        <div className="muted small" data-testid="token-counter">
          The budget's tokens: <strong data-testid="manifest-tokens">{fmt(totals.tokens ?? 0)}</strong>
          {totals.maxTokens !== null && <> / {fmt(totals.maxTokens)}</>} by <code data-testid="manifest-token-counter">{totals.tokenCounter}</code>
          {totals.tokenCounterCalls !== null && (
            <>
              {" "}
              in <strong data-testid="manifest-token-counter-calls">{fmt(totals.tokenCounterCalls)}</strong> calls (each distinct piece once; the sum of the pieces' counts)
            </>
          )}
        </div>
      )}
      <div className="intent-line" data-testid="result-intent">
        Intent <strong>{intent.intent}</strong>{" "}
        <span className="muted">
          ({intent.source === "rule" ? `rule ${intent.rule ?? intent.ruleIndex}` : intent.source === "default" ? "no rule matched: default" : "given"}) · {paramsText(intent.params)}
        </span>
      </div>
      <div className="discarded-list" data-testid="discarded-list">
        <span className="muted">Discarded by the cap:</span>{" "}
        {discarded.length === 0 ? (
          <span className="muted">none</span>
        ) : (
          <>
            {discarded.slice(0, 30).map((d) => (
              <code key={d.id} className="discarded-id">
                {d.id}
              </code>
            ))}
            {discarded.length > 30 && <span className="muted"> and {fmt(discarded.length - 30)} more</span>}
          </>
        )}
      </div>
    </section>
  );
}
