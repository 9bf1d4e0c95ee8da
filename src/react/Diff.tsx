import type { Action, Assembly, DocRecord } from "ctxpack";
import { useMemo, type ReactElement } from "react";
import { ACTION_LABEL, fmt, headingTag, type HeadingLevel } from "./format.js";

interface Change {
  id: string;
  before: DocRecord | null;
  after: DocRecord | null;
}

/** The documents whose action or size differ between two results, by id. */
export function diffRecords(pinned: Assembly, current: Assembly): Change[] {
  const before = new Map(pinned.manifest.documents.map((d) => [d.id, d]));
  const out: Change[] = [];
  for (const after of current.manifest.documents) {
    const b = before.get(after.id) ?? null;
    before.delete(after.id);
    if (b === null || b.action !== after.action || b.charsAfter !== after.charsAfter) out.push({ id: after.id, before: b, after });
  }
  for (const b of before.values()) out.push({ id: b.id, before: b, after: null });
  return out;
}

const Badge = ({ action }: { action: Action | undefined }): ReactElement => (action === undefined ? <span>absent</span> : <span className={`ctxpack-badge ctxpack-action-${action}`}>{ACTION_LABEL[action]}</span>);

/** Rows of changes shown: past it, a count. */
const SHOWN = 300;

/** The pinned result against the current one. */
export function Diff({ pinned, current, prefix, level }: { pinned: Assembly; current: Assembly; prefix: string; level: HeadingLevel }): ReactElement {
  const H = headingTag(level);
  const changes = useMemo(() => diffRecords(pinned, current), [pinned, current]);
  const headingId = `${prefix}-diff-title`;
  const p = pinned.manifest.totals;
  const c = current.manifest.totals;
  return (
    <section className="ctxpack-diff" aria-labelledby={headingId} data-testid="ctxpack-diff">
      <H id={headingId}>Against the pinned result</H>
      <p data-testid="ctxpack-diff-summary">
        {fmt(p.chars)} → {fmt(c.chars)} chars; {changes.length === 0 ? "no document changed" : `${fmt(changes.length)} documents changed`}
      </p>
      {changes.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">document</th>
              <th scope="col">pinned</th>
              <th scope="col">current</th>
              <th scope="col">chars</th>
            </tr>
          </thead>
          <tbody>
            {changes.slice(0, SHOWN).map((ch) => (
              <tr key={ch.id} data-id={ch.id}>
                <td>{ch.id}</td>
                <td>
                  <Badge action={ch.before?.action} />
                </td>
                <td>
                  <Badge action={ch.after?.action} />
                </td>
                <td>
                  {fmt(ch.before?.charsAfter ?? 0)} → {fmt(ch.after?.charsAfter ?? 0)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {changes.length > SHOWN && <p>…and {fmt(changes.length - SHOWN)} more.</p>}
    </section>
  );
}
