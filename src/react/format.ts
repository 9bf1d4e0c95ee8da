// Numbers and labels as the inspector writes them: fixed locale, so the server's HTML and the
// hydrating page write the same text.
import type { Action, DocRecord } from "ctxpack";

const numbers = new Intl.NumberFormat("en-US");
export const fmt = (n: number): string => numbers.format(n);
export const fmtScore = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));

export const INCLUDED: readonly Action[] = ["full", "truncated", "summarized"];
export const COUNTED: readonly Action[] = ["full", "truncated", "summarized", "discarded", "filtered_out"];

/** The words the inspector shows for each action (exported: an app's own views can match them). */
export const ACTION_LABEL: Record<Action, string> = {
  full: "full",
  truncated: "truncated",
  summarized: "summarized",
  discarded: "discarded",
  filtered_out: "filtered out",
  // The preloaded files' actions (ctxpack/files); a jsondoc manifest never has them.
  inlined: "inlined",
  skipped: "skipped",
  rejected: "rejected",
  duplicate: "duplicate",
};

/** The DOM id of a record's row: by its place in the manifest, since ids may hold any character. */
export const recordAnchor = (prefix: string, index: number): string => `${prefix}-record-${index}`;

export const included = (d: DocRecord): boolean => d.charsAfter > 0;

/** The heading level of the inspector's sections (`headingLevel`: 2 by default). */
export type HeadingLevel = 2 | 3 | 4 | 5 | 6;
export const headingTag = (level: HeadingLevel): "h2" => `h${level}` as "h2";
