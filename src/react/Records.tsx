import type { DocRecord, ScoreBreakdown } from "ctxpack";
import { useRef, useState, type KeyboardEvent, type ReactElement } from "react";
import { ACTION_LABEL, fmt, fmtScore, headingTag, recordAnchor, type HeadingLevel } from "./format.js";

const TERMS: readonly { key: keyof ScoreBreakdown; label: string }[] = [
  { key: "required", label: "required" },
  { key: "optional", label: "optional" },
  { key: "leaf", label: "leaf" },
  { key: "userInput", label: "user input" },
  { key: "recency", label: "recency" },
];

/** Rows rendered at first and per "Show more": 10,000 records render as 200 until asked. */
const PAGE = 200;

export interface Listed {
  record: DocRecord;
  /** Its place in the manifest: what anchors and selection go by. */
  index: number;
}

function Breakdown({ breakdown }: { breakdown: ScoreBreakdown }) {
  const terms = TERMS.filter((t) => breakdown[t.key] !== 0);
  if (terms.length === 0) return <span className="ctxpack-terms">no terms</span>;
  return (
    <ul className="ctxpack-terms" aria-label="Score breakdown">
      {terms.map((t) => (
        <li key={t.key} className={`ctxpack-term ctxpack-term-${t.key}`}>
          {t.label} {fmtScore(breakdown[t.key])}
        </li>
      ))}
    </ul>
  );
}

/**
 * One list of records. Arrow keys, Home and End move between rows (one row in the tab order,
 * the rest reached by arrows), Enter or Space selects one.
 */
export function Records({ title, items, prefix, selected, onSelect, testId, level }: { title: string; items: Listed[]; prefix: string; selected: number | null; onSelect: (index: number | null) => void; testId: string; level: HeadingLevel }): ReactElement {
  const H = headingTag(level);
  const body = useRef<HTMLTableSectionElement>(null);
  const [shown, setShown] = useState(PAGE);
  const visible = items.length > shown ? items.slice(0, shown) : items;
  const headingId = `${prefix}-${testId}-title`;
  const focusable = visible.some((i) => i.index === selected) ? selected : (visible[0]?.index ?? null);
  const move = (event: KeyboardEvent<HTMLTableRowElement>, at: number) => {
    const rows = body.current === null ? [] : Array.from(body.current.querySelectorAll<HTMLTableRowElement>("tr"));
    const to = event.key === "ArrowDown" ? at + 1 : event.key === "ArrowUp" ? at - 1 : event.key === "Home" ? 0 : event.key === "End" ? rows.length - 1 : null;
    if (to !== null) {
      event.preventDefault();
      rows[Math.max(0, Math.min(rows.length - 1, to))]?.focus();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const index = items[at]?.index ?? null;
      onSelect(index === selected ? null : index);
    }
  };
  return (
    <section className="ctxpack-records" aria-labelledby={headingId} data-testid={testId}>
      <H id={headingId}>
        {title} <span className="ctxpack-count">{fmt(items.length)}</span>
      </H>
      {items.length === 0 ? (
        <p className="ctxpack-none">none</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">rank</th>
              <th scope="col">document and reason</th>
              <th scope="col">action · chars</th>
              <th scope="col">score</th>
            </tr>
          </thead>
          <tbody ref={body}>
            {visible.map(({ record: d, index }, at) => (
              <tr
                key={index}
                id={recordAnchor(prefix, index)}
                tabIndex={index === focusable ? 0 : -1}
                aria-current={index === selected ? "true" : undefined}
                className={index === selected ? "ctxpack-selected" : undefined}
                onClick={() => onSelect(index === selected ? null : index)}
                onKeyDown={(e) => move(e, at)}
                data-id={d.id}
                data-action={d.action}
                data-reason-code={d.reasonCode}
              >
                <td>{d.rank ?? "—"}</td>
                <td>
                  <div className="ctxpack-doc-id">{d.id}</div>
                  <div className="ctxpack-reason">
                    <span className="ctxpack-type">{d.schemaType}</span> · <code className="ctxpack-reason-code">{d.reasonCode}</code> {d.reason}
                  </div>
                </td>
                <td>
                  <span className={`ctxpack-badge ctxpack-action-${d.action}`}>{ACTION_LABEL[d.action]}</span>{" "}
                  <span className="ctxpack-sizes">
                    {d.charsBefore === null ? "—" : fmt(d.charsBefore)} → {fmt(d.charsAfter)}
                  </span>
                </td>
                <td>{d.score === null || d.breakdown === null ? "—" : <><div className="ctxpack-score">{fmtScore(d.score)}</div><Breakdown breakdown={d.breakdown} /></>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {items.length > shown && (
        <button type="button" className="ctxpack-more" onClick={() => setShown(shown + PAGE)}>
          Show {fmt(Math.min(PAGE, items.length - shown))} more of {fmt(items.length - shown)}
        </button>
      )}
    </section>
  );
}
