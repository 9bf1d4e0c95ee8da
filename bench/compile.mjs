// bench/baseline.ts through the project's own `typescript`: type-checked (strict), then
// transpiled to an ES module, as a user's build would. Node imports the output from a temporary
// file; the Chromium page is served the same text.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const source = fileURLToPath(new URL("./baseline.ts", import.meta.url));
const options = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, lib: ["lib.es2022.d.ts"], types: [] };

/** Throws with tsc's messages if bench/baseline.ts does not type-check. */
export function typecheck() {
  const program = ts.createProgram([source], options);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length) {
    const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => "\n" };
    throw new Error(`bench/baseline.ts does not type-check:\n${ts.formatDiagnostics(diagnostics, host)}`);
  }
}

/** The baseline as JavaScript module text. */
export function transpile() {
  return ts.transpileModule(readFileSync(source, "utf8"), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
}

/** Imports the transpiled baseline in Node. */
export async function loadBaseline() {
  const file = join(mkdtempSync(join(tmpdir(), "ctxpack-bench-")), "baseline.mjs");
  writeFileSync(file, transpile());
  return import(file);
}
