// Messages between useAssembledContext and the workers the package ships (serve.ts).
import type { AssembleInput, Assembly, CtxpackErrorCode } from "ctxpack";

export interface AssembleRequest {
  seq: number;
  input: AssembleInput;
}

/**
 * What crosses to the worker: the input, without its documents and edges when the worker holds
 * the same ones (by identity) from the request before, so that 10,000 documents are cloned once,
 * not once per keystroke.
 */
export type AssembleMessage = { seq: number; input: AssembleInput; reuse: false } | { seq: number; input: Omit<AssembleInput, "documents" | "edges">; reuse: true };

/** A CtxpackError as it crosses postMessage (a class does not survive structured clone). */
export interface ErrorData {
  ctxpack: boolean;
  code: CtxpackErrorCode;
  path: string;
  message: string;
  line?: number;
  column?: number;
}

export type AssembleReply = { seq: number; ok: true; assembly: Assembly; ms: number } | { seq: number; ok: false; error: ErrorData };
