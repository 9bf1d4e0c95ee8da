import type { Action, Assembly, DocRecord } from "ctxpack";
import { useMemo } from "react";
import { ACTION_LABEL, fmt, requestLabel } from "../format";
import type { Settings } from "../protocol";

export interface Snapshot {
  projectLabel: string;
  settings: Settings;
  assembly: Assembly;
}

interface Change {
  id: string;
  schemaType: string;
  before: DocRecord | null;
  after: DocRecord | null;
}

function diff(pinned: Assembly, current: Assembly): Change[] {
  const before = new Map(pinned.manifest.documents.map((d) => [d.id, d]));
  const out: Change[] = [];
  for (const after of current.manifest.documents) {
    const b = before.get(after.id) ?? null;
    before.delete(after.id);
    if (b === null || b.action !== after.action || b.charsAfter !== after.charsAfter) out.push({ id: after.id, schemaType: after.schemaType, before: b, after });
  }
  for (const b of before.values()) out.push({ id: b.id, schemaType: b.schemaType, before: b, after: null });
  return out;
}

function ActionBadge({ action }: { action: Action | undefined }) {
  return action === undefined ? <span className="muted">absent</span> : <span className={`badge ${action}`}>{ACTION_LABEL[action]}</span>;
}

function Side({ title, snap }: { title: string; snap: Snapshot }) {
  const { totals, cap, intent } = snap.assembly.manifest;
  return (
    <div className="side">
      <h3>{title}</h3>
      <dl>
        <dt>project</dt>
        <dd>{snap.projectLabel}</dd>
        <dt>request</dt>
        <dd>{requestLabel(snap.settings.request)}</dd>
        <dt>intent</dt>
        <dd>
          <code>{intent.intent}</code>
        </dd>
        <dt>budget</dt>
        <dd>
          {fmt(totals.chars)}
          {totals.maxChars === null ? "" : ` / ${fmt(totals.maxChars)}`} chars
          {totals.tokens === null ? "" : `, ${fmt(totals.tokens)} / ${fmt(totals.maxTokens ?? 0)} tokens`}, {cap.strategy}
          {cap.hit ? " — cap hit" : ""}
        </dd>
        <dt>actions</dt>
        <dd>
          {totals.full} full · {totals.truncated} truncated · {totals.summarized} summarized · {totals.discarded} discarded · {totals.filteredOut} filtered out
        </dd>
      </dl>
    </div>
  );
}

export function DiffView({ pinned, current, onPin, onUnpin }: { pinned: Snapshot | null; current: Snapshot; onPin: () => void; onUnpin: () => void }) {
  const sameProject = pinned !== null && pinned.projectLabel === current.projectLabel && pinned.assembly.manifest.totals.documents === current.assembly.manifest.totals.documents;
  const changes = useMemo(() => (pinned === null || !sameProject ? [] : diff(pinned.assembly, current.assembly)), [pinned, current, sameProject]);
  const actionChanges = changes.filter((c) => c.before?.action !== c.after?.action).length;
  return (
    <section className="panel diff" aria-labelledby="diff-title" data-testid="diff">
      <div className="panel-head">
        <h2 id="diff-title">Compare</h2>
        {pinned === null ? (
          <span className="muted small">Pin this result, then change the budget, the cap or the request to see which documents change action.</span>
        ) : (
          <span className="muted small" data-testid="diff-summary">
            {!sameProject
              ? "The pinned result is from another project: only the totals compare."
              : changes.length === 0
                ? "No document changed."
                : `${fmt(actionChanges)} changed action, ${fmt(changes.length - actionChanges)} changed size only.`}
          </span>
        )}
        <button type="button" onClick={onPin} data-testid="pin">
          {pinned === null ? "Pin this result" : "Re-pin current"}
        </button>
        {pinned !== null && (
          <button type="button" className="link" onClick={onUnpin}>
            unpin
          </button>
        )}
      </div>
      {pinned !== null && (
        <>
          <div className="sides">
            <Side title="Pinned" snap={pinned} />
            <Side title="Current" snap={current} />
          </div>
          {changes.length > 0 && (
            <div className="table-wrap short">
              <table data-testid="diff-table">
                <thead>
                  <tr>
                    <th>document</th>
                    <th>pinned</th>
                    <th>current</th>
                    <th className="num">chars pinned → current</th>
                  </tr>
                </thead>
                <tbody>
                  {changes.slice(0, 300).map((c) => (
                    <tr key={c.id} data-id={c.id}>
                      <td>
                        <div className="doc-id">{c.id}</div>
                        <div className="small muted">{c.schemaType}</div>
                      </td>
                      <td>
                        <ActionBadge action={c.before?.action} />
                      </td>
                      <td>
                        <ActionBadge action={c.after?.action} />
                      </td>
                      <td className="num">
                        {fmt(c.before?.charsAfter ?? 0)} → {fmt(c.after?.charsAfter ?? 0)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {changes.length > 300 && <p className="muted small">…and {fmt(changes.length - 300)} more.</p>}
            </div>
          )}
        </>
      )}
    </section>
  );
}
