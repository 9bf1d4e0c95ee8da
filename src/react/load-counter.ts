// The calling thread's exact counters (no Worker, or the worker could not load), imported on
// first use: each vocabulary is about a megabyte of gzipped wasm that an app which never asks for
// it never fetches. Kept apart from everything the workers import: a worker bundled as one file
// (Vite's default) would inline these imports.
import { namedCounter, type TokenCounter, type Tokenizer } from "./counter.js";
import type { ErrorData } from "./protocol.js";

const loading = new Map<Tokenizer, Promise<TokenCounter>>();

export function loadCounter(tokenizer: Tokenizer): Promise<TokenCounter> {
  let counter = loading.get(tokenizer);
  if (counter === undefined) {
    const module = tokenizer === "o200k" ? import("ctxpack/tokenizer/o200k") : import("ctxpack/tokenizer/cl100k");
    counter = module.then((m) => namedCounter(tokenizer, (text) => m.countTokens(text)));
    // A failed load (offline, a chunk gone after a deploy) is tried again by the next input.
    counter.catch(() => loading.delete(tokenizer));
    loading.set(tokenizer, counter);
  }
  return counter;
}

/** Why an exact counter is missing: its module could not be imported (offline, a chunk gone). */
export function loadError(tokenizer: Tokenizer, e: unknown): ErrorData {
  return { ctxpack: false, code: "INVALID_INPUT", path: "", message: `could not load ctxpack/tokenizer/${tokenizer}: ${e instanceof Error ? e.message : String(e)}` };
}
