// One assembly on whichever thread calls it: the worker's answer and the calling thread's
// fallback are the same function, so both give the same result for the same input.
import { assembleContext, CtxpackError, type AssembleInput, type Assembly } from "ctxpack";
import type { ErrorData } from "./protocol.js";

export type Outcome = { ok: true; assembly: Assembly } | { ok: false; error: ErrorData };

export function assembleOutcome(input: AssembleInput): Outcome {
  try {
    return { ok: true, assembly: assembleContext(input) };
  } catch (e) {
    return { ok: false, error: errorData(e) };
  }
}

function errorData(e: unknown): ErrorData {
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
