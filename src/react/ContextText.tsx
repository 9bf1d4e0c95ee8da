import type { Assembly } from "ctxpack";
import { useMemo, type ReactElement } from "react";
import { ACTION_LABEL, fmt, headingTag, recordAnchor, type HeadingLevel } from "./format.js";

interface Segment {
  start: number;
  end: number;
  /** The record's place in the manifest; null for text between documents. */
  index: number | null;
}

/** Splits the context at each document's block: `offset` and `charsAfter` are UTF-16 indices, like JS strings. */
function segments(assembly: Assembly): Segment[] {
  const placed = assembly.manifest.documents
    .map((d, index) => ({ d, index }))
    .filter(({ d }) => d.offset !== null && d.charsAfter > 0)
    .sort((a, b) => (a.d.offset ?? 0) - (b.d.offset ?? 0));
  const out: Segment[] = [];
  let at = 0;
  for (const { d, index } of placed) {
    const start = d.offset ?? 0;
    if (start > at) out.push({ start: at, end: start, index: null });
    out.push({ start, end: start + d.charsAfter, index });
    at = start + d.charsAfter;
  }
  if (at < assembly.context.length) out.push({ start: at, end: assembly.context.length, index: null });
  return out;
}

/** The context, each document's part a link to its record. */
export function ContextText({ assembly, prefix, selected, onSelect, level }: { assembly: Assembly; prefix: string; selected: number | null; onSelect: (index: number) => void; level: HeadingLevel }): ReactElement {
  const H = headingTag(level);
  const parts = useMemo(() => segments(assembly), [assembly]);
  const { context, manifest } = assembly;
  const headingId = `${prefix}-context-title`;
  return (
    <section className="ctxpack-context" aria-labelledby={headingId}>
      <H id={headingId}>
        Context <span className="ctxpack-count">{fmt(context.length)} chars</span>
      </H>
      <pre className="ctxpack-context-text" data-testid="ctxpack-context" tabIndex={0} aria-labelledby={headingId}>
        {parts.map((p) => {
          const text = context.slice(p.start, p.end);
          const d = p.index === null ? undefined : manifest.documents[p.index];
          if (p.index === null || d === undefined) return <span key={`gap-${p.start}`}>{text}</span>;
          const index = p.index;
          return (
            <a
              key={`doc-${index}`}
              href={`#${recordAnchor(prefix, index)}`}
              className={`ctxpack-segment ctxpack-action-${d.action}${index === selected ? " ctxpack-selected" : ""}`}
              title={`${d.id} · ${ACTION_LABEL[d.action]} · ${fmt(d.charsAfter)} chars`}
              onClick={() => onSelect(index)}
              data-id={d.id}
              data-schema-type={d.schemaType}
            >
              {text}
            </a>
          );
        })}
      </pre>
    </section>
  );
}
