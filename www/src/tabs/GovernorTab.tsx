// The Run governor tab: a run viewer. An event log (pasted, dropped, or one of the shared
// vectors' logs) goes through a `RunGovernor` with the chosen config once, keeping the state
// after every event; next / previous / the slider / play show the run at any step: the budgets
// filling, each event's decision, and the report (`RunGovernor.fromState(state).report()`).
// Stepping back reads a saved state: the governor is deterministic, so it is what replaying from
// the start up to there gives. On the main thread: a few hundred events take about a millisecond.
import type { BudgetLimits, BudgetUse, GovernorState } from "ctxpack/governor";
import { useEffect, useMemo, useRef, useState, type DragEvent } from "react";
import { CtxpackErrorBox } from "../components/CtxpackErrorBox";
import { fmt, fmtMs } from "../format";
import { answerJson, BUILT_IN_LOGS, configOf, controlsOf, DEFAULT_LOG, eventSummary, isRefusal, parseLog, PROFILES, reportAt, runLog, SCOPES, type Answer, type ConfigControls, type Run } from "../governorInput";

const BUDGETS = ["commands", "tests", "web", "tokens"] as const;
type Budget = (typeof BUDGETS)[number];
const BUDGET_LABEL: Record<Budget, string> = { commands: "Commands", tests: "Test runs", web: "Web requests", tokens: "Tokens" };

type Outcome = { ok: true; run: Run } | { ok: false; error: unknown };

const logText = (name: string) => BUILT_IN_LOGS.find((l) => l.name === name)?.text ?? "";

export default function GovernorTab() {
  const [logName, setLogName] = useState<string>(DEFAULT_LOG);
  const [text, setText] = useState(() => logText(DEFAULT_LOG));
  const log = useMemo(() => parseLog(text), [text]);
  const [controls, setControls] = useState<ConfigControls>(() => controlsOf(parseLog(logText(DEFAULT_LOG)).config));
  const [dragging, setDragging] = useState(false);
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);

  const config = useMemo(() => configOf(controls), [controls]);
  const outcome = useMemo((): Outcome | null => {
    if (!config.ok) return null;
    try {
      return { ok: true, run: runLog(config.config, log.events) };
    } catch (error) {
      return { ok: false, error };
    }
  }, [config, log.events]);
  const total = log.events.length;
  const at = Math.min(step, total);

  // Play: one event every 400 ms, stopping at the end.
  useEffect(() => {
    if (!playing) return;
    if (at >= total) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setStep(at + 1), 400);
    return () => clearTimeout(timer);
  }, [playing, at, total]);

  const loadText = (next: string, name: string) => {
    setText(next);
    setLogName(name);
    setControls(controlsOf(parseLog(next).config));
    setStep(0);
    setPlaying(false);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file !== undefined) void file.text().then((t) => loadText(t, file.name));
  };
  const set1 = <K extends keyof ConfigControls>(key: K) => (value: ConfigControls[K]) => setControls((c) => ({ ...c, [key]: value }));

  return (
    <div className="layout" role="tabpanel" data-testid="governor-tab">
      <aside className="controls">
        <section className="panel" aria-labelledby="governor-log-title">
          <h2 id="governor-log-title">Event log</h2>
          <label className="field-label" htmlFor="governor-builtin">
            A built-in log <span className="muted small">tests/vectors/governor/inputs</span>
          </label>
          <select id="governor-builtin" value={BUILT_IN_LOGS.some((l) => l.name === logName) ? logName : ""} onChange={(e) => e.target.value !== "" && loadText(logText(e.target.value), e.target.value)} data-testid="governor-builtin">
            <option value="">(your log)</option>
            {BUILT_IN_LOGS.map((l) => (
              <option key={l.name} value={l.name}>
                {l.name}
              </option>
            ))}
          </select>
          <div
            className={dragging ? "dropzone dragging" : "dropzone"}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="governor-dropzone"
          >
            Drop a JSON-lines log here
            <div className="button-row">
              <label className="file-button">
                a file…
                <input
                  type="file"
                  accept=".jsonl,.json,.txt,.log"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file !== undefined) void file.text().then((t) => loadText(t, file.name));
                  }}
                  data-testid="governor-input"
                />
              </label>
            </div>
          </div>
          {log.description !== null && (
            <p className="small description" data-testid="governor-description">
              {log.description}
            </p>
          )}
          <label className="field-label" htmlFor="governor-log">
            Events <span className="muted small">one JSON event per line; an optional first line {"{description, config}"}</span>
          </label>
          <textarea
            id="governor-log"
            className="references"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setLogName("");
            }}
            spellCheck={false}
            data-testid="governor-log"
          />
          <p className="muted small" data-testid="governor-count">
            {fmt(total)} events{log.config !== null && " · the header's config is applied below"}
          </p>
        </section>
        <section className="panel" aria-labelledby="governor-config-title">
          <h2 id="governor-config-title">Config</h2>
          <div className="num-fields">
            <label className="num-field">
              <span className="num-field-label">profile</span>
              <select value={controls.profile} onChange={(e) => set1("profile")(e.target.value as ConfigControls["profile"])} data-testid="governor-profile">
                {PROFILES.map((p) => (
                  <option key={p}>{p}</option>
                ))}
              </select>
            </label>
            <label className="num-field">
              <span className="num-field-label">scope</span>
              <select value={controls.scope} onChange={(e) => set1("scope")(e.target.value as ConfigControls["scope"])} data-testid="governor-scope">
                {SCOPES.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            </label>
          </div>
          <label className="field-label" htmlFor="governor-overrides">
            Overrides <span className="muted small">limits, steps, warnAt, testCommands, patchRepeats, loops</span>
          </label>
          <textarea id="governor-overrides" className="front" value={controls.overrides} onChange={(e) => set1("overrides")(e.target.value)} spellCheck={false} data-testid="governor-overrides" />
          {!config.ok && (
            <div className="error" role="alert" data-testid="governor-overrides-error">
              <div className="error-message">{config.message}</div>
            </div>
          )}
          <div className="field-label">The config</div>
          <pre className="call" data-testid="governor-config">{config.ok ? JSON.stringify(config.config) : "—"}</pre>
          <p className="muted small">
            <code>new RunGovernor(config)</code> from <code>ctxpack/governor</code>, then <code>push(line)</code> for each event.
          </p>
        </section>
      </aside>
      <main className="results">
        {outcome === null ? (
          <section className="panel muted">Fix the overrides to run the log.</section>
        ) : !outcome.ok ? (
          <section className="panel">
            <h2>Not run</h2>
            <CtxpackErrorBox error={outcome.error} testid="governor-error" />
          </section>
        ) : (
          <RunView run={outcome.run} events={log.events} at={at} onStep={(k) => setStep(Math.max(0, Math.min(total, k)))} playing={playing} onPlay={setPlaying} />
        )}
      </main>
    </div>
  );
}

function RunView({ run, events, at, onStep, playing, onPlay }: { run: Run; events: readonly string[]; at: number; onStep: (k: number) => void; playing: boolean; onPlay: (on: boolean) => void }) {
  const total = events.length;
  const state = run.states[at] ?? run.states[0];
  const answer = at > 0 ? run.answers[at - 1] : undefined;
  const report = useMemo(() => (state === undefined ? null : reportAt(state)), [state]);
  const refusals = run.answers.filter((a) => isRefusal(a)).length;
  const currentRow = useRef<HTMLTableRowElement>(null);
  const tableBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Keep the current event in view inside the table's own scroll box (the page itself stays put).
    const row = currentRow.current;
    const box = tableBox.current;
    if (row === null || box === null) return;
    const top = row.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    if (top < box.scrollTop + 40) box.scrollTop = Math.max(0, top - 40);
    else if (top + row.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + row.offsetHeight - box.clientHeight;
  }, [at]);
  if (state === undefined) return null;

  return (
    <>
      <section className="panel" aria-labelledby="governor-step-title" data-testid="governor-stepper" data-step={at}>
        <div className="panel-head">
          <h2 id="governor-step-title">
            Step <span data-testid="governor-step">{at}</span> of {total}
          </h2>
          <span className="muted small">
            {fmt(total)} events run in {fmtMs(run.ms)} · {fmt(refusals)} refused · status <strong data-testid="governor-status">{state.status}</strong>
          </span>
        </div>
        <div className="step-controls">
          <button type="button" onClick={() => onStep(0)} disabled={at === 0} data-testid="governor-first">
            start
          </button>
          <button type="button" onClick={() => onStep(at - 1)} disabled={at === 0} data-testid="governor-prev">
            ◀ previous
          </button>
          <button type="button" onClick={() => onPlay(!playing)} disabled={!playing && at >= total} data-testid="governor-play">
            {playing ? "❚❚ pause" : "▶ play"}
          </button>
          <button type="button" onClick={() => onStep(at + 1)} disabled={at >= total} data-testid="governor-next">
            next ▶
          </button>
          <button type="button" onClick={() => onStep(total)} disabled={at >= total} data-testid="governor-last">
            end
          </button>
          <input type="range" min={0} max={total} value={at} onChange={(e) => onStep(Number(e.target.value))} aria-label="step" data-testid="governor-slider" />
        </div>
        {answer === undefined ? (
          <p className="muted">Before the first event: nothing counted yet. Press next or play.</p>
        ) : (
          <DecisionCard answer={answer} event={events[at - 1] ?? ""} />
        )}
      </section>
      <Budgets state={state} />
      <section className="panel" aria-labelledby="governor-events-title">
        <div className="panel-head">
          <h2 id="governor-events-title">Events and decisions</h2>
          <span className="muted small">click a row to go there; refusals (skip, stop, escalate, stuck, errors) in red</span>
        </div>
        <div className="table-wrap events-wrap" ref={tableBox}>
          <table data-testid="governor-table">
            <thead>
              <tr>
                <th className="num">#</th>
                <th>event</th>
                <th>decision</th>
                <th>reason</th>
              </tr>
            </thead>
            <tbody>
              {events.map((line, i) => {
                const a = run.answers[i];
                const done = i < at;
                const classes = [done ? "clickable" : "clickable unreached", isRefusal(a) && done ? "refusal" : "", i === at - 1 ? "current" : ""].filter((c) => c !== "").join(" ");
                return (
                  <tr key={i} ref={i === at - 1 ? currentRow : undefined} className={classes} onClick={() => onStep(i + 1)} data-index={i + 1} data-decision={a === undefined ? "" : a.ok ? a.decision.decision : "error"} data-code={a === undefined ? "" : a.ok ? a.decision.code : a.error.code}>
                    <td className="num muted">{i + 1}</td>
                    <td className="small">
                      <code>{eventSummary(line)}</code>
                    </td>
                    <td>{done && a !== undefined ? <DecisionBadge answer={a} /> : <span className="muted">–</span>}</td>
                    <td className="reason small">{done && a !== undefined ? (a.ok ? a.decision.reason : `${a.error.path === "" ? "" : `${a.error.path}: `}${a.error.message}`) : ""}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      {report !== null && (
        <section className="panel" aria-labelledby="governor-report-title">
          <div className="panel-head">
            <h2 id="governor-report-title">{at === total ? "Final report" : `Report at step ${at}`}</h2>
            <span className="muted small">
              <code>RunGovernor.fromState(state).reportMarkdown()</code> and <code>.report()</code>
            </span>
          </div>
          <pre className="context-text" data-testid="governor-report-md">
            {report.markdown}
          </pre>
          <details className="json-details">
            <summary>The report as JSON</summary>
            <pre className="context-text" data-testid="governor-report-json">
              {JSON.stringify(report.report, null, 2)}
            </pre>
          </details>
          <details className="json-details">
            <summary>The state as JSON (what a host persists)</summary>
            <pre className="context-text" data-testid="governor-state-json">
              {JSON.stringify(state)}
            </pre>
          </details>
        </section>
      )}
    </>
  );
}

function DecisionBadge({ answer }: { answer: Answer }) {
  return answer.ok ? (
    <span className={`badge decision-${answer.decision.decision}`}>
      {answer.decision.decision} · {answer.decision.code}
    </span>
  ) : (
    <span className="badge decision-error">error · {answer.error.code}</span>
  );
}

function DecisionCard({ answer, event }: { answer: Answer; event: string }) {
  return (
    <div className={isRefusal(answer) ? "decision-card refusal" : "decision-card"} data-testid="governor-decision">
      <pre className="event" title="the event pushed">
        {event}
      </pre>
      <div>
        <DecisionBadge answer={answer} />{" "}
        {answer.ok ? (
          <>
            <span className="muted small">status {answer.decision.status}</span>
            {answer.decision.file != null && <span className="small"> · file <code>{answer.decision.file}</code></span>}
            {answer.decision.count != null && <span className="small"> · ×{answer.decision.count}</span>}
          </>
        ) : (
          <code className="small">{answer.error.path === "" ? "(the whole event)" : answer.error.path}</code>
        )}
      </div>
      <div className="small">{answer.ok ? answer.decision.reason : answer.error.message}</div>
      <pre className="call" data-testid="governor-decision-json">{answerJson(answer)}</pre>
    </div>
  );
}

function Gauge({ label, used, limit, testid }: { label: string; used: number; limit: number | null | undefined; testid: string }) {
  const ratio = limit == null ? 0 : limit === 0 ? (used === 0 ? 0 : 1) : used / limit;
  return (
    <div className="gauge" data-testid={testid} data-used={used} data-limit={limit ?? ""}>
      <div className="small">
        {label}: <strong>{fmt(used)}</strong>
        <span className="muted">{limit == null ? " (no limit)" : ` / ${fmt(limit)}`}</span>
      </div>
      <div className="bar" role="meter" aria-valuemin={0} aria-valuemax={limit ?? 0} aria-valuenow={used} aria-label={label}>
        <div className={ratio >= 1 ? "fill hit" : "fill"} style={{ width: `${Math.min(100, ratio * 100)}%` }} />
      </div>
    </div>
  );
}

function Budgets({ state }: { state: GovernorState }) {
  const limitsOf = (step: string): BudgetLimits | undefined => state.settings.steps.find((s) => s.step === step)?.limits;
  const cell = (used: BudgetUse, limits: BudgetLimits | undefined, b: Budget) => {
    const limit = limits?.[b];
    return (
      <td key={b} className="num">
        {fmt(used[b])}
        {limit != null && <span className="muted"> / {fmt(limit)}</span>}
      </td>
    );
  };
  return (
    <section className="panel" aria-labelledby="governor-budgets-title">
      <div className="panel-head">
        <h2 id="governor-budgets-title">Budgets</h2>
        <span className="muted small">
          {state.settings.profile} × {state.settings.scope} · warn at {Math.round(state.settings.warnAt * 100)}% · {fmt(state.events)} events counted, {fmt(state.used.patches)} patches, {fmt(state.refused)} refused, {fmt(state.skipped)} skipped
        </span>
      </div>
      <div className="gauges">
        {BUDGETS.map((b) => (
          <Gauge key={b} label={BUDGET_LABEL[b]} used={state.used[b]} limit={state.settings.limits[b]} testid={`governor-gauge-${b}`} />
        ))}
      </div>
      {state.steps.length > 0 && (
        <div className="table-wrap">
          <table data-testid="governor-steps">
            <thead>
              <tr>
                <th>step</th>
                {BUDGETS.map((b) => (
                  <th key={b} className="num">
                    {b}
                  </th>
                ))}
                <th className="num">patches</th>
              </tr>
            </thead>
            <tbody>
              {state.steps.map((s) => (
                <tr key={s.step} data-step={s.step}>
                  <td>
                    <code>{s.step}</code>
                  </td>
                  {BUDGETS.map((b) => cell(s.used, limitsOf(s.step), b))}
                  <td className="num">{fmt(s.used.patches)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
