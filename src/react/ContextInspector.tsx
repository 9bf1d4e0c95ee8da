// <ContextInspector result={…} />: the manifest of one assembly, for people. Pure of its props on
// the first render (no effect, no clock, ids from useId), so a server renders it and the page
// hydrates it without a mismatch.
import type { Assembly, Manifest } from "ctxpack";
import { useId, useMemo, useState, type ReactElement } from "react";
import { ContextText } from "./ContextText.js";
import { Diff } from "./Diff.js";
import { INCLUDED, type HeadingLevel } from "./format.js";
import { Meter } from "./Meter.js";
import { Records, type Listed } from "./Records.js";

/** What the inspector shows: an `Assembly`, or what `useAssembledContext` returns. */
export interface InspectedResult {
  context: string | null;
  manifest: Manifest | null;
}

export interface ContextInspectorProps {
  result: InspectedResult | null;
  /**
   * A result to compare against. Given, it is the pinned one (the inspector's own pin button is
   * hidden); left out, the user pins the current result with the button.
   */
  pinned?: InspectedResult | null;
  /** Its accessible name (default "Context inspector"). */
  label?: string;
  className?: string;
  /** Show the budget meter (default true); false where the app has its own. */
  meter?: boolean;
  /** The level of its sections' headings, below the page's own (default 2: under the page's h1). */
  headingLevel?: HeadingLevel;
}

const assemblyOf = (r: InspectedResult | null | undefined): Assembly | null => (r?.context != null && r.manifest != null ? { context: r.context, manifest: r.manifest } : null);

export function ContextInspector({ result, pinned, label = "Context inspector", className, meter = true, headingLevel = 2 }: ContextInspectorProps): ReactElement {
  const prefix = `ctxpack${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
  const [selected, setSelected] = useState<number | null>(null);
  const [ownPin, setOwnPin] = useState<Assembly | null>(null);
  const assembly = assemblyOf(result);
  const lists = useMemo(() => {
    const ranked: Listed[] = [];
    const discarded: Listed[] = [];
    const filtered: Listed[] = [];
    assembly?.manifest.documents.forEach((record, index) => {
      if (record.action === "filtered_out") filtered.push({ record, index });
      else if (record.action === "discarded" || !INCLUDED.includes(record.action)) discarded.push({ record, index });
      else ranked.push({ record, index });
    });
    return { ranked, discarded, filtered };
  }, [assembly?.manifest]);
  const classes = className === undefined ? "ctxpack-inspector" : `ctxpack-inspector ${className}`;
  if (assembly === null) {
    return (
      <section className={classes} aria-label={label} aria-busy="true">
        <p className="ctxpack-none">No result yet.</p>
      </section>
    );
  }
  const against = pinned === undefined ? ownPin : assemblyOf(pinned);
  return (
    <section className={classes} aria-label={label}>
      {meter && <Meter assembly={assembly} />}
      {pinned === undefined && (
        <p className="ctxpack-pin">
          <button type="button" onClick={() => setOwnPin(assembly)} data-testid="ctxpack-pin">
            {ownPin === null ? "Pin this result" : "Pin the current result"}
          </button>
          {ownPin !== null && (
            <button type="button" onClick={() => setOwnPin(null)}>
              Unpin
            </button>
          )}
        </p>
      )}
      {against !== null && <Diff pinned={against} current={assembly} prefix={prefix} level={headingLevel} />}
      <Records title="Prioritized context" items={lists.ranked} level={headingLevel} prefix={prefix} selected={selected} onSelect={setSelected} testId="ctxpack-ranked" />
      <ContextText assembly={assembly} level={headingLevel} prefix={prefix} selected={selected} onSelect={setSelected} />
      <Records title="Discarded jsondocs" items={lists.discarded} level={headingLevel} prefix={prefix} selected={selected} onSelect={setSelected} testId="ctxpack-discarded" />
      <Records title="Filtered jsondocs" items={lists.filtered} level={headingLevel} prefix={prefix} selected={selected} onSelect={setSelected} testId="ctxpack-filtered" />
    </section>
  );
}
