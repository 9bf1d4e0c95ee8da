// The registry's import lines compile: the TypeScript compiler type-checks a file made of the
// import lines of the shared registry vectors (their expected text, which the vector runners
// hold equal to what the core writes natively, in Node and in Chromium) beside the vectors'
// own source files, and uses every class imported. The opposite is checked too: a named
// import of a default export, or of a class the file does not export, does not compile.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import ts from "typescript";

const dir = new URL("../vectors/code/", import.meta.url);
const REACT = `declare namespace React {
  class Component<P = {}, S = {}> { props: Readonly<P> & { children?: any }; render(): any }
}
declare namespace JSX { interface Element {} interface IntrinsicElements { [name: string]: any } }
declare module "react" { export = React; }
`;

/** TypeScript's diagnostics for `importer` (at `src/pages/use.ts`) beside the vector's files. */
function diagnostics(files, importer) {
  const root = mkdtempSync(join(tmpdir(), "ctxpack-imports-"));
  try {
    const all = { ...files, "react.d.ts": REACT, "src/pages/use.ts": importer };
    for (const [path, text] of Object.entries(all)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const program = ts.createProgram([join(root, "src/pages/use.ts"), join(root, "react.d.ts")], {
      allowJs: true,
      jsx: ts.JsxEmit.Preserve,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      esModuleInterop: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
      target: ts.ScriptTarget.ES2022,
    });
    const use = program.getSourceFile(join(root, "src/pages/use.ts"));
    return [...program.getSyntacticDiagnostics(use), ...program.getSemanticDiagnostics(use)].map((d) =>
      ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const vector = JSON.parse(readFileSync(new URL("inputs/registry_exports.json", dir), "utf8"));
const [, files, options] = vector.args;
const text = JSON.parse(readFileSync(new URL("expected/registry_exports.json", dir), "utf8")).text;
assert.equal(options.importerDir, "src/pages");
const tsFiles = Object.fromEntries(Object.entries(files).filter(([p]) => /\.(tsx?|jsx?)$/.test(p)));
const imports = [...text.matchAll(/\*\*Import:\*\* `(import [^`]*from "[^"]*";|import \w+ = require\("[^"]*"\);)`/g)].map(
  (m) => m[1],
);
// The local names each line binds: `D`, `{ A, B as C }`, `X = require(…)`.
const bound = imports.flatMap((line) => {
  const clause = line.replace(/^import /, "").replace(/ from .*| = require.*/, "");
  const [, def, braces] = clause.match(/^(\w+)?(?:,? ?\{ (.*) \})?$/);
  const named = braces ? braces.split(", ").map((n) => n.split(" as ").at(-1)) : [];
  return [...(def ? [def] : []), ...named];
});

test("the vector's TS/JS import lines compile and bind every class shown", () => {
  assert.equal(imports.length, 4, text);
  assert.deepEqual(bound.sort(), ["ApiClient", "Card", "Header", "HeaderLink", "Store"]);
  const use = bound.map((name) => `new ${name}();`).join("\n");
  assert.deepEqual(diagnostics(tsFiles, `${imports.join("\n")}\n${use}\n`), []);
});

test("the imports the registry no longer writes do not compile", () => {
  for (const wrong of [
    'import { Header } from "../components/Header";', // the default export, named
    'import { HeaderLink } from "../components/Header";', // exported as Link
    'import { Cache } from "../store";', // not exported
  ]) {
    assert.notDeepEqual(diagnostics(tsFiles, `${wrong}\n`), [], wrong);
  }
});
