// useAssembledContext: assembleContext off the main thread, the latest input winning.
import type { AssembleInput, Manifest } from "ctxpack";
import { useEffect, useMemo, useRef, useState } from "react";
import { assembleOutcome, errorOf, type Outcome } from "./assemble.js";
import type { TokenCounter, Tokenizer } from "./counter.js";
import { sameInput } from "./input.js";
import { loadCounter, loadError } from "./load-counter.js";
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
  /**
   * Count tokens exactly, in the model's vocabulary, with `ctxpack/tokenizer/o200k` or
   * `ctxpack/tokenizer/cl100k` as `assembleContext`'s `tokenCounter`: loaded by the worker (or,
   * without one, the calling thread) when first asked for, so an app that never asks never
   * fetches it. Left out: ctxpack's estimator.
   */
  tokenizer?: Tokenizer;
}

export interface AssembledContext {
  /** The context of the latest input that assembled; `null` before one has. */
  context: string | null;
  manifest: Manifest | null;
  /** The latest answer's error (a CtxpackError, with `code` and `path`), or `null`. */
  error: Error | null;
  /** The current input is still being assembled; the fields above are an earlier input's. */
  pending: boolean;
  /** How long `assembleContext` took for `context` (ms), on the thread that ran it. */
  ms: number | null;
}

interface Answer {
  input: AssembleInput;
  tokenizer: Tokenizer | null;
  outcome: Outcome;
  /** The latest assembly that succeeded, kept through a failed one. */
  good: Extract<Outcome, { ok: true }> | null;
}

function answerFor(input: AssembleInput, tokenizer: Tokenizer | null, outcome: Outcome, before: Answer | null): Answer {
  return { input, tokenizer, outcome, good: outcome.ok ? outcome : (before?.good ?? null) };
}

/** The input of the last render while the new one asks for the same assembly. */
function useStableInput(input: AssembleInput): AssembleInput {
  const [held] = useState<{ input: AssembleInput }>(() => ({ input }));
  if (!sameInput(held.input, input)) held.input = input;
  return held.input;
}

type Loaded = { tokenizer: Tokenizer; counter: TokenCounter } | { tokenizer: Tokenizer; failed: unknown };

/** The calling thread's exact counter: imported in an effect, then assembled with in render. */
function useCallingThreadCounter(tokenizer: Tokenizer | null): Loaded | null {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (tokenizer === null) return;
    let live = true;
    loadCounter(tokenizer).then(
      (counter) => {
        if (live) setLoaded({ tokenizer, counter });
      },
      (failed: unknown) => {
        if (live) setLoaded({ tokenizer, failed });
      },
    );
    return () => {
      live = false;
    };
  }, [tokenizer]);
  return loaded?.tokenizer === tokenizer ? loaded : null;
}

export function useAssembledContext(given: AssembleInput, options: AssembledContextOptions = {}): AssembledContext {
  const input = useStableInput(given);
  const onCallingThread = options.worker === false || typeof Worker === "undefined";
  const transfer = options.transfer !== false;
  const tokenizer = options.tokenizer ?? null;
  // With a tokenizer the first render is pending: its counter is not loaded yet on either side
  // (and a server's render, pending too, hydrates without a mismatch).
  const [first] = useState<Answer | null>(() => (onCallingThread || options.first === "worker" || tokenizer !== null ? null : answerFor(input, null, assembleOutcome(input, null), null)));
  const [answer, setAnswer] = useState<Answer | null>(first);
  // On the calling thread: assembled in render, keeping the last good result as the worker's
  // answers do (a ref, as the memo's own previous value).
  const lastDirect = useRef<Answer | null>(null);
  const counter = useCallingThreadCounter(onCallingThread ? tokenizer : null);
  const direct = useMemo(() => {
    if (!onCallingThread) return null;
    if (tokenizer !== null && counter === null) return lastDirect.current; // still loading
    const outcome: Outcome = counter === null ? assembleOutcome(input, null) : "counter" in counter ? assembleOutcome(input, counter.counter) : { ok: false, error: loadError(counter.tokenizer, counter.failed) };
    lastDirect.current = answerFor(input, tokenizer, outcome, lastDirect.current);
    return lastDirect.current;
  }, [onCallingThread, input, tokenizer, counter]);
  const runner = useRef<{ runner: AssemblyRunner; tokenizer: Tokenizer | null } | null>(null);
  /** The input last sent or answered in render: the one the worker needs not be asked for. */
  const asked = useRef<{ input: AssembleInput; tokenizer: Tokenizer | null } | null>(first === null ? null : { input: first.input, tokenizer: null });

  useEffect(() => {
    if (onCallingThread || (asked.current?.input === input && asked.current.tokenizer === tokenizer)) return;
    asked.current = { input, tokenizer };
    if (runner.current?.tokenizer !== tokenizer) {
      // Another vocabulary is another worker: the one before (and what it was doing) goes.
      runner.current?.runner.terminate();
      const started = new AssemblyRunner((answered, outcome) => setAnswer((before) => answerFor(answered, tokenizer, outcome, before)), transfer, tokenizer);
      runner.current = { runner: started, tokenizer };
    }
    runner.current.runner.send(input);
  }, [input, onCallingThread, transfer, tokenizer]);
  useEffect(
    () => () => {
      runner.current?.runner.terminate();
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
    context: shown?.good?.assembly.context ?? null,
    manifest: shown?.good?.assembly.manifest ?? null,
    error,
    pending: shown === null || shown.input !== input || shown.tokenizer !== tokenizer,
    ms: shown?.good?.ms ?? null,
  };
}
