// Builds the entries of JavaScript alone (scripts/entries.mjs JS_ENTRIES: ctxpack/react) into
// pkg/<dir>/: each .ts/.tsx of the source folder transpiled to ES2022 (JSX for react/jsx-runtime)
// with its declarations, which need no type information (isolatedDeclarations), so this runs in
// a second with no React installed. tests/react/run.mjs type-checks the source against React.
//
// Usage: node scripts/build-react.mjs (scripts/build.mjs runs it after the wasm entries)
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { JS_ENTRIES } from "./entries.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const compilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  jsx: ts.JsxEmit.ReactJSX,
  verbatimModuleSyntax: true,
};
const declarationOptions = { ...compilerOptions, declaration: true, isolatedDeclarations: true };

export function buildJsEntries() {
  for (const { name, dir, source, assets } of JS_ENTRIES) {
    const from = join(root, source);
    const out = join(root, "pkg", dir);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    for (const file of readdirSync(from).filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))) {
      const text = readFileSync(join(from, file), "utf8");
      const base = file.replace(/\.tsx?$/, "");
      const js = ts.transpileModule(text, { compilerOptions, fileName: file, reportDiagnostics: true });
      const dts = ts.transpileDeclaration(text, { compilerOptions: declarationOptions, fileName: file, reportDiagnostics: true });
      const problems = [...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])];
      if (problems.length > 0) throw new Error(`${source}/${file}: ${problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("; ")}`);
      writeFileSync(join(out, `${base}.js`), js.outputText);
      writeFileSync(join(out, `${base}.d.ts`), dts.outputText);
    }
    for (const asset of assets) copyFileSync(join(from, asset), join(out, asset));
    console.log(`${name}: ${source} → pkg/${dir}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildJsEntries();
