// Messages between useAssembledContext and the worker the package ships (assembly-worker.ts).
import type { AssembleInput, Assembly, CtxpackErrorCode } from "ctxpack";

export interface AssembleRequest {
  seq: number;
  input: AssembleInput;
}

/** A CtxpackError as it crosses postMessage (a class does not survive structured clone). */
export interface ErrorData {
  ctxpack: boolean;
  code: CtxpackErrorCode;
  path: string;
  message: string;
  line?: number;
  column?: number;
}

export type AssembleReply = { seq: number; ok: true; assembly: Assembly } | { seq: number; ok: false; error: ErrorData };
