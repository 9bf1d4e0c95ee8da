// The exact token counters the hook's `tokenizer` option names. A function cannot cross to a
// worker, so the option is a vocabulary's name and each side (the worker, or the calling thread)
// binds the counter itself, under the same name.
export type Tokenizer = "o200k" | "cl100k";
export type TokenCounter = (text: string) => number;

/**
 * The counter as the manifest names it (`tokenCounter: "host:<name>"`): set here, since a
 * minifier renames functions. o200k's is the tokenizer's own `countTokens`; cl100k's is told
 * apart, as the example server names it (examples/server/assembly.mjs), so both sides report the
 * same manifest.
 */
export const COUNTER_NAME: Record<Tokenizer, string> = { o200k: "countTokens", cl100k: "countTokensCl100k" };

export function namedCounter(tokenizer: Tokenizer, count: (text: string) => number): TokenCounter {
  const counter = (text: string): number => count(text);
  return Object.defineProperty(counter, "name", { value: COUNTER_NAME[tokenizer] });
}
