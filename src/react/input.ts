// When the hook's input is a new one (no React here: tests/node runs it alone).
import type { AssembleInput } from "ctxpack";

/**
 * Whether two inputs ask for the same assembly: `documents` and `edges` (possibly large) by
 * identity, every other field by value, so that an input written inline in render is not a new
 * one each time.
 */
export function sameInput(a: AssembleInput, b: AssembleInput): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof AssembleInput)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.is(a[key], b[key]) || (key !== "documents" && key !== "edges" && JSON.stringify(a[key]) === JSON.stringify(b[key])));
}
