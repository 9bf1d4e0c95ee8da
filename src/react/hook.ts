// useAssembledContext: assembleContext off the main thread, the latest input winning.
import type { AssembleInput, Manifest } from "ctxpack";
import { useEffect, useMemo, useRef, useState } from "react";
import { assembleOutcome, errorOf, type Outcome } from "./assemble.js";
import { sameInput } from "./input.js";
import { AssemblyRunner } from "./runner.js";

export interface AssembledContextOptions {
  /**
   * `false`: assemble on the calling thread, in render (as without a `Worker`: server
   * rendering, tests). Default `true`: in the package's worker.
   */
  worker?: boolean;
  /**
   * Where the first input is assembled when a worker is used: `"calling-thread"` (default), in
   * the first render, so that a page rendered on the server hydrates with the same result and
   * the first paint has one; `"worker"`: the first render is pending instead.
   */
  first?: "calling-thread" | "worker";
  /** Move `Uint8Array` documents to the worker instead of copying them (default `true`). */
  transfer?: boolean;
}

export interface AssembledContext {
  /** The context of the latest input that assembled; `null` before one has. */
  context: string | null;
  manifest: Manifest | null;
  /** The latest answer's error (a CtxpackError, with `code` and `path`), or `null`. */
  error: Error | null;
  /** The current input is still being assembled; the fields above are an earlier input's. */
  pending: boolean;
}

interface Answer {
  input: AssembleInput;
  outcome: Outcome;
  /** The latest assembly that succeeded, kept through a failed one. */
  good: Extract<Outcome, { ok: true }>["assembly"] | null;
}

function answerFor(input: AssembleInput, outcome: Outcome, before: Answer | null): Answer {
  return { input, outcome, good: outcome.ok ? outcome.assembly : (before?.good ?? null) };
}

/** The input of the last render while the new one asks for the same assembly. */
function useStableInput(input: AssembleInput): AssembleInput {
  const [held] = useState<{ input: AssembleInput }>(() => ({ input }));
  if (!sameInput(held.input, input)) held.input = input;
  return held.input;
}

export function useAssembledContext(given: AssembleInput, options: AssembledContextOptions = {}): AssembledContext {
  const input = useStableInput(given);
  const onCallingThread = options.worker === false || typeof Worker === "undefined";
  const transfer = options.transfer !== false;
  const [first] = useState<Answer | null>(() => (onCallingThread || options.first === "worker" ? null : answerFor(input, assembleOutcome(input), null)));
  const [answer, setAnswer] = useState<Answer | null>(first);
  // On the calling thread: assembled in render, keeping the last good result as the worker's
  // answers do (a ref, as the memo's own previous value).
  const lastDirect = useRef<Answer | null>(null);
  const direct = useMemo(() => {
    if (!onCallingThread) return null;
    lastDirect.current = answerFor(input, assembleOutcome(input), lastDirect.current);
    return lastDirect.current;
  }, [onCallingThread, input]);
  const runner = useRef<AssemblyRunner | null>(null);
  /** The input last sent or answered in render: the one the worker needs not be asked for. */
  const asked = useRef<AssembleInput | null>(first?.input ?? null);

  useEffect(() => {
    if (onCallingThread || input === asked.current) return;
    asked.current = input;
    runner.current ??= new AssemblyRunner((answered, outcome) => setAnswer((before) => answerFor(answered, outcome, before)), transfer);
    runner.current.send(input);
  }, [input, onCallingThread, transfer]);
  useEffect(
    () => () => {
      runner.current?.terminate();
      runner.current = null;
      // What was in flight is lost with the worker: effects set up again (Strict Mode, a hidden
      // Activity shown again) ask anew.
      asked.current = null;
    },
    [],
  );

  const shown = direct ?? answer;
  const error = useMemo(() => (shown === null || shown.outcome.ok ? null : errorOf(shown.outcome.error)), [shown]);
  return {
    context: shown?.good?.context ?? null,
    manifest: shown?.good?.manifest ?? null,
    error,
    pending: shown === null || shown.input !== input,
  };
}
