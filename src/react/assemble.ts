// One assembly on whichever thread calls it: the worker's answer and the calling thread's
// fallback are the same function, so both give the same result for the same input.
import { assembleContext, CtxpackError, type AssembleInput, type Assembly } from "ctxpack";
import type { TokenCounter } from "./counter.js";
import type { ErrorData } from "./protocol.js";

/** `ms`: how long `assembleContext` took, on the thread that ran it. */
export type Outcome = { ok: true; assembly: Assembly; ms: number } | { ok: false; error: ErrorData };

export function assembleOutcome(input: AssembleInput, tokenCounter: TokenCounter | null): Outcome {
  try {
    const start = performance.now();
    const assembly = assembleContext(input, tokenCounter === null ? undefined : { tokenCounter });
    return { ok: true, assembly, ms: performance.now() - start };
  } catch (e) {
    return { ok: false, error: errorData(e) };
  }
}

export function errorData(e: unknown): ErrorData {
  if (e instanceof CtxpackError) {
    const data: ErrorData = { ctxpack: true, code: e.code, path: e.path, message: e.message };
    if (e.line !== undefined) {
      data.line = e.line;
      data.column = e.column;
    }
    return data;
  }
  // Not ctxpack's refusal (the worker could not run, a bug): an Error with no code on the page.
  return { ctxpack: false, code: "INVALID_INPUT", path: "", message: e instanceof Error ? e.message : String(e) };
}

/** The page's side: a CtxpackError of the page's own ctxpack instance, so `instanceof` holds. */
export function errorOf(data: ErrorData): Error {
  return data.ctxpack ? new CtxpackError(data.message, data.code, data.path, data.line, data.column) : new Error(data.message);
}
