import type { Action, DocRecord, ScoreBreakdown } from "ctxpack";
import { useEffect, useMemo, useRef, useState } from "react";
import { ACTIONS, ACTION_LABEL, fmt, fmtScore } from "../format";

const TERMS: readonly { key: keyof ScoreBreakdown; label: string }[] = [
  { key: "required", label: "required" },
  { key: "optional", label: "optional" },
  { key: "leaf", label: "leaf" },
  { key: "userInput", label: "user input" },
  { key: "recency", label: "recency" },
];

const PAGE = 200;

type Filter = "all" | "included" | Action;

function matches(filter: Filter, d: DocRecord): boolean {
  if (filter === "all") return true;
  if (filter === "included") return d.charsAfter > 0;
  return d.action === filter;
}

function Breakdown({ breakdown, scale }: { breakdown: ScoreBreakdown; scale: number }) {
  const terms = TERMS.filter((t) => breakdown[t.key] !== 0);
  const title = TERMS.map((t) => `${t.label}: ${fmtScore(breakdown[t.key])}`).join("\n");
  return (
    <div className="breakdown" title={title}>
      <div className="stack" aria-hidden="true">
        {terms.map((t) => (
          <span key={t.key} className={`term term-${t.key}`} style={{ width: `${Math.max(1, (Math.max(0, breakdown[t.key]) / scale) * 100)}%` }} />
        ))}
      </div>
      <div className="terms small muted">
        {terms.length === 0
          ? "no terms"
          : terms.map((t) => (
              <span key={t.key} className="t">
                <i className={`dot term-${t.key}`} />
                {t.label} {fmtScore(breakdown[t.key])}
              </span>
            ))}
      </div>
    </div>
  );
}

export function RankedList({ documents, selected, onSelect }: { documents: DocRecord[]; selected: string | null; onSelect: (id: string | null) => void }) {
  const [filter, setFilter] = useState<Filter>("all");
  const [shown, setShown] = useState(PAGE);
  const selectedRow = useRef<HTMLTableRowElement>(null);

  const counts = useMemo(() => {
    const c: Record<Filter, number> = { all: documents.length, included: 0, full: 0, truncated: 0, summarized: 0, discarded: 0, filtered_out: 0, inlined: 0, skipped: 0, rejected: 0, duplicate: 0 };
    for (const d of documents) {
      c[d.action]++;
      if (d.charsAfter > 0) c.included++;
    }
    return c;
  }, [documents]);
  const rows = useMemo(() => documents.filter((d) => matches(filter, d)), [documents, filter]);
  const scale = useMemo(() => documents.reduce((m, d) => Math.max(m, d.score ?? 0), 1), [documents]);

  useEffect(() => setShown(PAGE), [filter, documents]);
  useEffect(() => selectedRow.current?.scrollIntoView({ block: "nearest" }), [selected]);

  const filters: Filter[] = ["all", "included", ...ACTIONS];
  return (
    <section className="panel ranked" aria-labelledby="ranked-title">
      <div className="panel-head">
        <h2 id="ranked-title">Ranked documents</h2>
        <div className="filters" role="group" aria-label="filter by action">
          {filters.map((f) => (
            <button type="button" key={f} className={f === filter ? "chip active" : "chip"} onClick={() => setFilter(f)} disabled={counts[f] === 0 && f !== "all"}>
              {f === "all" ? "all" : f === "included" ? "in context" : ACTION_LABEL[f]} <span className="count">{fmt(counts[f])}</span>
            </button>
          ))}
        </div>
      </div>
      <div className="table-wrap">
        <table data-testid="ranked-table">
          <thead>
            <tr>
              <th className="num">rank</th>
              <th>document and reason</th>
              <th>action · chars before → after</th>
              <th>score</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shown).map((d) => (
              <tr
                key={d.id}
                ref={d.id === selected ? selectedRow : undefined}
                className={d.id === selected ? "selected" : undefined}
                onClick={() => onSelect(d.id === selected ? null : d.id)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" || e.key === " ") {
                    e.preventDefault();
                    onSelect(d.id === selected ? null : d.id);
                  }
                }}
                tabIndex={0}
                data-id={d.id}
                data-action={d.action}
              >
                <td className="num">{d.rank ?? "—"}</td>
                <td>
                  <div className="doc-id">{d.id}</div>
                  <div className="reason small">
                    <span className="type">{d.schemaType}</span> · <code className="reason-code" data-reason-code={d.reasonCode}>{d.reasonCode}</code> {d.reason}
                  </div>
                </td>
                <td>
                  <span className={`badge ${d.action}`}>{ACTION_LABEL[d.action]}</span>
                  <div className="sizes small" title={d.charsBefore === null ? "never rendered whole: bodies cross into wasm only when needed, and under skip or degrade a misfit is rendered only until it surely cannot fit" : undefined}>
                    {d.charsBefore === null ? "—" : fmt(d.charsBefore)} → {fmt(d.charsAfter)}
                  </div>
                </td>
                <td className="score">
                  {d.score === null || d.breakdown === null ? (
                    <span className="muted">—</span>
                  ) : (
                    <>
                      <div className="score-total">{fmtScore(d.score)}</div>
                      <Breakdown breakdown={d.breakdown} scale={scale} />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length > shown && (
          <button type="button" className="more" onClick={() => setShown(shown + PAGE)}>
            Show {fmt(Math.min(PAGE, rows.length - shown))} more of {fmt(rows.length - shown)}
          </button>
        )}
      </div>
    </section>
  );
}
