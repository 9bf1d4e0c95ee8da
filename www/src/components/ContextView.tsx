import type { Assembly, DocRecord } from "ctxpack";
import { useEffect, useMemo, useRef, useState } from "react";
import { ACTION_LABEL, fmt } from "../format";

interface Segment {
  start: number;
  end: number;
  doc: DocRecord | null;
}

/** Splits the context at each document's block: `offset` and `charsAfter` are UTF-16 indices, like JS strings. */
function segments(assembly: Assembly): Segment[] {
  const placed = assembly.manifest.documents.filter((d) => d.offset !== null && d.charsAfter > 0).sort((a, b) => (a.offset ?? 0) - (b.offset ?? 0));
  const out: Segment[] = [];
  let at = 0;
  for (const doc of placed) {
    const start = doc.offset ?? 0;
    if (start > at) out.push({ start: at, end: start, doc: null });
    out.push({ start, end: start + doc.charsAfter, doc });
    at = start + doc.charsAfter;
  }
  if (at < assembly.context.length) out.push({ start: at, end: assembly.context.length, doc: null });
  return out;
}

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without clipboard permission (an http page, a headless browser): the old way.
    const area = document.createElement("textarea");
    area.value = text;
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

export function ContextView({ assembly, selected, onSelect }: { assembly: Assembly; selected: string | null; onSelect: (id: string | null) => void }) {
  const parts = useMemo(() => segments(assembly), [assembly]);
  const [copied, setCopied] = useState(false);
  const selectedPart = useRef<HTMLSpanElement>(null);
  const { context } = assembly;

  useEffect(() => selectedPart.current?.scrollIntoView({ block: "nearest" }), [selected]);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);

  return (
    <section className="panel context" aria-labelledby="context-title">
      <div className="panel-head">
        <h2 id="context-title">Context</h2>
        <span className="muted small grow">{fmt(context.length)} chars · each document's part is highlighted; click one to find it in the list</span>
        <button type="button" className="copy" onClick={() => void copyText(context).then(() => setCopied(true))} data-testid="copy">
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <pre className="context-text" data-testid="context">
        {context.length === 0 && <span className="muted">(empty: nothing fit the budget)</span>}
        {parts.map((p) =>
          p.doc === null ? (
            <span key={`gap-${p.start}`} className="gap">
              {context.slice(p.start, p.end)}
            </span>
          ) : (
            <span
              key={p.doc.id}
              ref={p.doc.id === selected ? selectedPart : undefined}
              className={`seg seg-${p.doc.action}${p.doc.id === selected ? " selected" : ""}`}
              title={`${p.doc.id} · ${ACTION_LABEL[p.doc.action]} · ${fmt(p.doc.charsAfter)} chars at ${fmt(p.start)}`}
              onClick={() => onSelect(p.doc?.id ?? null)}
              data-id={p.doc.id}
              data-schema-type={p.doc.schemaType}
              data-label={`#${p.doc.rank ?? "?"} ${ACTION_LABEL[p.doc.action]}`}
            >
              {context.slice(p.start, p.end)}
            </span>
          ),
        )}
      </pre>
    </section>
  );
}
