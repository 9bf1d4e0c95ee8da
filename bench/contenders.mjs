// The contenders, on the same documents, budget and profile.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { ContextAssembler } from "ctxpack";
import { profile } from "./workload.mjs";

// The baseline is TypeScript; compile it with the project's own compiler, as a user's build would.
const source = readFileSync(new URL("./baseline.ts", import.meta.url), "utf8");
const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
const file = join(mkdtempSync(join(tmpdir(), "ctxpack-bench-")), "baseline.mjs");
writeFileSync(file, js);
const baseline = await import(file);

const required = profile.intents.generate_episode_synopsis.required;
const assembler = new ContextAssembler(profile);

/** name → (docs, text) → { context, included ids } */
export const contenders = {
  "plain TS, objects in": (docs) => baseline.assemble(docs, required),
  "ctxpack, objects in": (docs) => result(assembler.assemble({ documents: docs })),
  "JSON.parse + plain TS": (_, text) => baseline.assemble(JSON.parse(text), required),
  "ctxpack, JSON text in": (_, text) => result(assembler.assemble({ documents: text })),
};

function result({ context, manifest }) {
  const included = manifest.documents.filter((d) => d.action !== "discarded" && d.action !== "filtered_out").map((d) => d.id);
  return { context, included, manifest };
}

/** Do the contenders agree? Same included documents, in the same order; contexts compared too. */
export function agreement(docs, text) {
  const outs = Object.entries(contenders).map(([name, f]) => [name, f(docs, text)]);
  const [, ref] = outs[0];
  return outs.map(([name, out]) => ({
    name,
    sameIncluded: JSON.stringify(out.included) === JSON.stringify(ref.included),
    sameContext: out.context === ref.context,
    included: out.included.length,
    chars: out.context.length,
  }));
}
