// The contenders as Node runs them: the real package (the release build in pkg/, through the
// entry Node's `import "ctxpack"` resolves to: pkg/index.mjs), the plain-TypeScript reference
// (type-checked and transpiled here), and the peers. bench/ is its own npm package (its
// package.json lists the peers), so the package is imported by its path, not by its name.
import { readFileSync } from "node:fs";
import { watchWasmMemory } from "./wasm-memory.mjs";
import { loadBaseline, typecheck } from "./compile.mjs";
import { makeContenders } from "./contenders.mjs";
import { request, options } from "./workload.mjs";

export const profile = JSON.parse(readFileSync(new URL("../profiles/writing-app.json", import.meta.url), "utf8"));

/** @returns {Promise<{ contenders: ReturnType<typeof makeContenders>, wasmMemory: () => number, peerErrors: Record<string, string> }>} */
export async function nodeContenders({ check = true, budget = options } = {}) {
  const wasmMemory = watchWasmMemory(); // before the package instantiates its module
  const { ContextAssembler } = await import("../pkg/index.mjs");
  if (check) typecheck();
  const baseline = await loadBaseline();
  const peers = {};
  const peerErrors = {};
  // A peer that cannot be installed or loaded here is reported, not fatal.
  for (const [name, file, factory] of [["Priompt", "./peers/priompt.mjs", "priompt"], ["prompt-tsx", "./peers/prompt-tsx.mjs", "promptTsx"]]) {
    try {
      peers[name] = (await import(file))[factory](baseline);
    } catch (e) {
      peerErrors[name] = String(e?.message ?? e).split("\n")[0];
    }
  }
  return { contenders: makeContenders({ ContextAssembler, baseline, profile, request, options: budget, peers }), wasmMemory, peerErrors };
}
