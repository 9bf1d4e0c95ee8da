// What the runtime matrix calls in every runtime, derived from the engines' export tables
// (scripts/entries.mjs reads src/wasm/exports.mjs) and their shared vectors: every function of
// every engine entry, each with the smallest vector that calls it and succeeds. An entry's function with no
// vector fails the harness. The main entry (its context) and the tokenizer entries (their size
// and counts) have cases of their own.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ENTRIES } from "../../scripts/entries.mjs";
import { VECTOR_SETS } from "../engines/vectors.mjs";

/** The engine entries the matrix calls, by import specifier. */
export const ENGINE_SPECS = ENTRIES.filter((e) => e.subpath !== "." && !e.name.startsWith("tokenizer")).map((e) => `ctxpack/${e.subpath.slice(2)}`);

/** Arguments of the calls no vector makes: the calls every entry has. */
const SHARED_ARGS = { version: [], estimateTokens: ["hello world"] };

/** [{spec, fn, args}]: one call per function of each engine entry. */
export function entryCalls(root) {
  const calls = [];
  for (const spec of ENGINE_SPECS) {
    const entry = ENTRIES.find((e) => `ctxpack/${e.subpath.slice(2)}` === spec);
    const candidates = vectorCalls(root, entry.subpath.slice(2));
    for (const fn of entry.functions) {
      const args = SHARED_ARGS[fn] ?? candidates.find((c) => c.fn === fn)?.args;
      if (args === undefined) throw new Error(`${spec}: no vector calls ${fn} (tests/vectors), so no runtime does`);
      calls.push({ spec, fn, args });
    }
  }
  return calls;
}

/** The calls of an entry's vector sets, smallest first. */
function vectorCalls(root, entry) {
  const out = [];
  for (const set of VECTOR_SETS.filter((s) => s.entry === entry && !s.single)) {
    const dir = join(root, "tests", "vectors", set.dir);
    const names = readdirSync(join(dir, "inputs")).filter((f) => f.endsWith(set.inputs ?? ".json"));
    // A vector whose call succeeds before one that throws, then the smallest.
    const fails = (f) => existsSync(join(dir, "expected", f.replace(/\.json$/, ".error.json")));
    names.sort((a, b) => fails(a) - fails(b) || statSync(join(dir, "inputs", a)).size - statSync(join(dir, "inputs", b)).size || a.localeCompare(b));
    for (const file of names) {
      const text = readFileSync(join(dir, "inputs", file), "utf8");
      if (set.inputs === ".jsonl") {
        // An event log: its first event applied to the state the log ends in.
        const event = text.split("\n").filter((l) => l.trim() !== "")[1];
        const state = readFileSync(join(dir, "expected", file.replace(/\.jsonl$/, ".state.json")), "utf8").trim();
        if (event !== undefined) out.push({ fn: "governorStep", args: [state, event] });
        continue;
      }
      const v = JSON.parse(text);
      if (v.tokenCounter !== undefined) continue; // a function cannot cross into another runtime
      out.push({ fn: v.function ?? v.call, args: v.args ?? [v.input] });
    }
  }
  return out;
}

/** The module an app imports: every engine entry, statically (bundlers follow it), and the calls. */
export function entriesModule(calls) {
  const imports = ENGINE_SPECS.map((spec, i) => `import * as m${i} from "${spec}";`).join("\n");
  const modules = ENGINE_SPECS.map((spec, i) => `  ${JSON.stringify(spec)}: m${i},`).join("\n");
  return `// Written by tests/runtimes/run.mjs (entry-calls.mjs) from the export tables and tests/vectors.\n${imports}\n\nexport const MODULES = {\n${modules}\n};\n\nexport const CALLS = ${JSON.stringify(calls)};\n`;
}
