// The Prompt sections tab: a prompt of sections with variants, its degradation plan and front
// matter, fitted by `fitSections` to the budget; the passes are found by re-running it (at most
// steps + 2 calls of well under a millisecond each), so it all runs on the main thread.
import { fitSections, type SectionsResult } from "ctxpack/files";
import { useMemo, useState } from "react";
import { CtxpackErrorBox } from "../components/CtxpackErrorBox";
import { NumberField } from "../components/NumberField";
import { fmt } from "../format";
import { parsePrompt, promptText, referencePrompt, sectionsInput, stepText, unitOf, walkPasses, type Budget, type PassPoint } from "../sectionsInput";

type Outcome = { ok: true; result: SectionsResult; points: PassPoint[] } | { ok: false; error: unknown };

const reference = referencePrompt();

export default function SectionsTab() {
  const [text, setText] = useState(() => promptText(reference.prompt));
  const [plan, setPlan] = useState(reference.plan);
  const [userContext, setUserContext] = useState(reference.userContext);
  const [budget, setBudget] = useState<Budget>({ maxChars: 900, maxTokens: null });

  const parsed = useMemo(() => parsePrompt(text), [text]);
  const input = useMemo(() => (parsed.ok ? sectionsInput(parsed.prompt, plan, userContext, budget) : null), [parsed, plan, userContext, budget]);
  const unit = unitOf(budget);
  const outcome = useMemo((): Outcome | null => {
    if (input === null) return null;
    try {
      const result = fitSections(input);
      return { ok: true, result, points: walkPasses(input, unit) };
    } catch (error) {
      return { ok: false, error };
    }
  }, [input, unit]);

  const steps = parsed.ok ? (parsed.prompt.steps ?? []) : [];
  const points = outcome?.ok ? outcome.points : [];
  const current = outcome?.ok ? points.findIndex((p) => p.pass === outcome.result.pass) : -1;
  const show = (point: PassPoint) => setBudget((b) => ({ ...b, [unit]: point.budget }));

  return (
    <div className="layout" role="tabpanel" data-testid="sections-tab">
      <aside className="controls">
        <section className="panel" aria-labelledby="sections-budget-title">
          <h2 id="sections-budget-title">Budget</h2>
          <div className="num-fields">
            <NumberField label="maxChars" value={budget.maxChars} onChange={(v) => setBudget((b) => ({ ...b, maxChars: v }))} optional fallback={900} testid="sections-max-chars" hint="UTF-16 code units (16,000 when no budget is given)" />
            <NumberField label="maxTokens" value={budget.maxTokens} onChange={(v) => setBudget((b) => ({ ...b, maxTokens: v }))} optional fallback={250} testid="sections-max-tokens" hint="Tokens, as ctxpack's estimator counts them" />
          </div>
          {points.length > 0 && (
            <>
              <label className="field-label" htmlFor="pass-slider">
                Pass by pass <span className="muted small">sets {unit} to the budget where that pass fits</span>
              </label>
              <input id="pass-slider" type="range" min={0} max={points.length - 1} step={1} value={Math.max(0, current)} onChange={(e) => {
                const point = points[e.target.valueAsNumber];
                if (point !== undefined) show(point);
              }} data-testid="pass-slider" />
              <div className="range-ends muted small">
                <span>as given</span>
                <span data-testid="pass-slider-label">{outcome?.ok ? `pass ${outcome.result.pass}: ${outcome.result.step ?? "as given"}` : ""}</span>
                <span>hard cut</span>
              </div>
            </>
          )}
        </section>
        <section className="panel" aria-labelledby="sections-front-title">
          <h2 id="sections-front-title">Front matter</h2>
          <label className="field-label" htmlFor="sections-plan">
            Plan <span className="muted small">## Your Plan</span>
          </label>
          <textarea id="sections-plan" className="front" value={plan} onChange={(e) => setPlan(e.target.value)} data-testid="sections-plan" />
          <label className="field-label" htmlFor="sections-user-context">
            User context <span className="muted small">## Additional Context from User</span>
          </label>
          <textarea id="sections-user-context" className="front" value={userContext} onChange={(e) => setUserContext(e.target.value)} data-testid="sections-user-context" />
          <p className="muted small">Never degraded: it comes first and counts against the budget.</p>
        </section>
        <section className="panel" aria-labelledby="sections-prompt-title">
          <div className="panel-head">
            <h2 id="sections-prompt-title">Prompt</h2>
            <button type="button" className="link" onClick={() => setText(promptText(reference.prompt))} data-testid="sections-reset">
              reference plan
            </button>
          </div>
          <p className="muted small">Sections in prompt order, each with variants (heaviest first), and the steps of the degradation plan.</p>
          <div className="editor">
            <textarea value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} data-testid="sections-editor" />
          </div>
          {!parsed.ok && (
            <div className="error" role="alert" data-testid="sections-json-error">
              <div className="error-head">
                <span className="error-code">JSON_SYNTAX</span>
              </div>
              <div className="error-message">{parsed.message}</div>
            </div>
          )}
        </section>
      </aside>
      <main className="results">
        {outcome === null ? (
          <section className="panel muted">Fix the prompt's JSON to fit it.</section>
        ) : !outcome.ok ? (
          <section className="panel">
            <h2>Not fitted</h2>
            <CtxpackErrorBox error={outcome.error} testid="sections-error" />
          </section>
        ) : (
          <>
            <SectionsMeter result={outcome.result} />
            <section className="panel" aria-labelledby="passes-title">
              <div className="panel-head">
                <h2 id="passes-title">Passes</h2>
                <span className="muted small">steps apply cumulatively; the first pass that fits is the prompt. Click a pass to set the budget where it fits.</span>
              </div>
              <table data-testid="passes-table">
                <thead>
                  <tr>
                    <th className="num">pass</th>
                    <th>step</th>
                    <th>what it does</th>
                    <th className="num">{unit === "maxChars" ? "chars" : "tokens"}</th>
                    <th>fits when</th>
                  </tr>
                </thead>
                <tbody>
                  {[{ name: "as given", what: "every section in its first variant" }, ...steps.map((s) => ({ name: s.name ?? "(unnamed)", what: stepText(s) })), { name: "hard cut", what: "the last pass cut to the budget, ending in ..." }].map((row, pass) => {
                    const point = points.find((p) => p.pass === pass);
                    const selected = outcome.result.pass === pass;
                    const size = point === undefined ? null : unit === "maxChars" ? point.result.totals.chars : point.result.totals.tokens;
                    return (
                      <tr key={pass} className={selected ? "selected" : point === undefined ? "unreached" : "clickable"} data-pass={pass} data-reached={point !== undefined} onClick={point === undefined ? undefined : () => show(point)}>
                        <td className="num">{pass}</td>
                        <td>{row.name}</td>
                        <td className="small">{row.what}</td>
                        <td className="num">{size === null || point?.result.cut ? <span className="muted">–</span> : fmt(size)}</td>
                        <td className="small">
                          {point === undefined
                            ? <span className="muted">never first: no smaller than an earlier pass</span>
                            : point.result.cut
                              ? `${unit} < ${fmt(point.budget + 1)}`
                              : `${unit} ≥ ${fmt(point.budget)}`}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
            <section className="panel" aria-labelledby="section-records-title">
              <h2 id="section-records-title">Sections</h2>
              <table data-testid="sections-table">
                <thead>
                  <tr>
                    <th>section</th>
                    <th>variant</th>
                    <th>reason</th>
                    <th className="num">chars before</th>
                    <th className="num">after</th>
                    <th className="num">tokens after</th>
                  </tr>
                </thead>
                <tbody>
                  {outcome.result.sections.map((s) => (
                    <tr key={s.id} data-id={s.id} data-reason-code={s.reasonCode} data-variant={s.variant ?? ""}>
                      <td>
                        <code className="doc-id">{s.id}</code>
                      </td>
                      <td>{s.variant === null ? <span className="muted">dropped</span> : <code>{s.variant}</code>}</td>
                      <td className="reason small">
                        <code className="reason-code">{s.reasonCode}</code> {s.reason}
                      </td>
                      <td className="num">{s.charsBefore === null ? "–" : fmt(s.charsBefore)}</td>
                      <td className="num">{fmt(s.charsAfter)}</td>
                      <td className="num">{s.tokensAfter === null ? <span className="muted">–</span> : fmt(s.tokensAfter)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section className="panel" aria-labelledby="sections-text-title">
              <div className="panel-head">
                <h2 id="sections-text-title">The prompt</h2>
                <span className="muted small">as the agent receives it</span>
              </div>
              <pre className="context-text" data-testid="sections-text">
                {outcome.result.text}
              </pre>
              <details className="json-details">
                <summary>The call's input as JSON</summary>
                <pre className="context-text" data-testid="sections-input">
                  {JSON.stringify(input, null, 2)}
                </pre>
              </details>
            </section>
          </>
        )}
      </main>
    </div>
  );
}

function SectionsMeter({ result }: { result: SectionsResult }) {
  const { totals } = result;
  const byChars = totals.maxChars !== null;
  const used = byChars ? totals.chars : totals.tokens;
  const limit = byChars ? totals.maxChars : totals.maxTokens;
  const ratio = limit === null || limit === 0 ? (used === 0 ? 0 : 1) : used / limit;
  return (
    <section className="panel meter" aria-label="budget" data-testid="sections-meter">
      <div className="meter-top">
        <div className="meter-numbers">
          <span className="big" data-testid="sections-pass" data-pass={result.pass}>
            Pass {result.pass}
          </span>
          <span className="muted"> {result.step === null ? "as given" : result.step}</span>
        </div>
        <div>
          <span data-testid="sections-chars">{fmt(totals.chars)}</span> chars{totals.maxChars !== null && <span className="muted"> / {fmt(totals.maxChars)}</span>}
        </div>
        <div title={`counted by ${totals.counter}`}>
          <span data-testid="sections-tokens">{fmt(totals.tokens)}</span> tokens{totals.maxTokens !== null && <span className="muted"> / {fmt(totals.maxTokens)}</span>}
        </div>
        <div className={result.cut ? "cap-status hit" : "cap-status"} data-testid="sections-cut">
          {result.cut ? "Cut to the budget" : "Not cut"}
        </div>
      </div>
      <div className="bar" role="meter" aria-valuemin={0} aria-valuemax={limit ?? 0} aria-valuenow={used} aria-label={byChars ? "characters used" : "tokens used"}>
        <div className={result.cut ? "fill hit" : "fill"} style={{ width: `${Math.min(100, ratio * 100)}%` }} />
      </div>
      <div className="meter-bottom muted small">
        {fmt(totals.sections)} sections · front matter {fmt(totals.frontMatterChars)} chars · {fmt(totals.passesTried)} passes measured · counter <code>{totals.counter}</code>
      </div>
    </section>
  );
}
