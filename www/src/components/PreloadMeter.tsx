import type { PreloadTotals } from "ctxpack/files";
import { fmt, fmtMs } from "../format";

/** The block against its budget: tokens (as ctxpack counted them) and chars, the fan-out's cost, the counts. */
export function PreloadMeter({ totals, ms }: { totals: PreloadTotals; ms: number }) {
  const byTokens = totals.maxTokens !== null;
  const used = byTokens ? totals.tokens : totals.chars;
  const limit = byTokens ? totals.maxTokens : totals.maxChars;
  const ratio = limit === null || limit === 0 ? (used === 0 ? 0 : 1) : used / limit;
  return (
    <section className="panel meter" aria-label="budget" data-testid="files-meter">
      <div className="meter-top">
        <div className="meter-numbers">
          <span className="big" data-testid="files-tokens">
            {fmt(totals.tokens)}
          </span>
          <span className="muted">{totals.maxTokens === null ? " tokens" : ` / ${fmt(totals.maxTokens)} tokens`}</span>
          <span className="pct">{(ratio * 100).toFixed(0)}%</span>
        </div>
        <div>
          <span data-testid="files-chars">{fmt(totals.chars)}</span> chars
          {totals.maxChars !== null && <span className="muted"> / {fmt(totals.maxChars)}</span>}
        </div>
        <div title="tokens × fanout: what sending the block to every agent costs">
          × {fmt(totals.fanout)} agents = <strong data-testid="files-fanout-tokens">{fmt(totals.fanoutTokens)}</strong> tokens
        </div>
        <div className="muted small" title="what counted the tokens (docs/TOKENS.md)">
          counter <code data-testid="files-counter">{totals.counter}</code>
        </div>
      </div>
      <div className="bar" role="meter" aria-valuemin={0} aria-valuemax={limit ?? 0} aria-valuenow={used} aria-label={byTokens ? "tokens used" : "characters used"}>
        <div className="fill" style={{ width: `${Math.min(100, ratio * 100)}%` }} />
      </div>
      <div className="meter-bottom">
        <div className="counts" data-testid="files-counts">
          <span className="badge inlined">{totals.inlined} inlined</span>
          <span className="badge skipped">{totals.skipped} skipped</span>
          <span className="badge rejected">{totals.rejected} rejected</span>
          <span className="badge duplicate">{totals.duplicates} duplicate</span>
          <span className="muted small">
            of {fmt(totals.references)} references · {fmt(totals.bytes)} bytes inlined
          </span>
        </div>
        <div className="timing muted small">
          computed in <strong>{fmtMs(ms)}</strong> on the main thread
        </div>
      </div>
    </section>
  );
}
