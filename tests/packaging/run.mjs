// The packed tarball, installed into tiny apps the way users install it, must work in every
// runtime with nothing but `import`: Node ESM, Node CommonJS, a strict TypeScript build, a Vite
// production build and the Vite dev server in Chromium, and a module Worker of that app — all
// returning the same bytes as Node.
// The engines' entries (ctxpack/code, ctxpack/governor, ctxpack/tokenizer/o200k and /cl100k) are
// called from the tarball too, in Node ESM and CommonJS and under strict TypeScript.
// Run after `npm run build`: node tests/packaging/run.mjs
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../support/chromium.mjs";
import { origin, serveFiles, freePort } from "../support/server.mjs";
import { ENTRIES } from "../../scripts/entries.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const work = mkdtempSync(join(tmpdir(), "ctxpack-packaging-"));
const packageVersion = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
let passed = 0;
let failed = 0;

async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`ok - ${name}`);
  } catch (e) {
    failed++;
    console.log(`not ok - ${name}\n  ${String(e?.stack ?? e).split("\n").join("\n  ")}`);
  }
}

function equal(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected).slice(0, 200)}, got ${JSON.stringify(actual).slice(0, 200)}`);
}

// One input, one expected answer, computed by the repo's own Node build.
const project = JSON.parse(readFileSync(join(root, "samples", "writing-project.json"), "utf8"));
const profile = JSON.parse(readFileSync(join(root, "profiles", "writing-app.json"), "utf8"));
const input = { documents: project.documents, edges: project.edges, profile, request: "生成第7-12集" };
const { assembleContext } = await import("ctxpack");
const expected = assembleContext(input).context;

// npm pack, then an app folder with the tarball installed (no dependencies to fetch).
const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", work], { cwd: root, encoding: "utf8" }).trim().split("\n").pop();
function app(name, files) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, type: "module" }));
  writeFileSync(join(dir, "input.json"), JSON.stringify(input));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--silent", join(work, tarball)], { cwd: dir, stdio: "inherit" });
  return dir;
}
const node = (dir, file) => execFileSync(process.execPath, [file], { cwd: dir, encoding: "utf8" });

await check("the tarball holds the entries, their shared code and no stray files", () => {
  const list = execFileSync("tar", ["-tzf", join(work, tarball)], { encoding: "utf8" }).split("\n").filter(Boolean);
  for (const { dir } of ENTRIES) {
    const at = dir === "" ? "package/pkg" : `package/pkg/${dir}`;
    for (const f of ["index.js", "index.cjs", "index.mjs", "index.d.ts", "index.d.cts", "index.web.js", "index.web.d.ts", "index.workerd.js", "entries/exports.js", "entries/node.cjs", "web/wasm-inline.js", "web/ctxpack_bg.wasm"]) {
      if (!list.includes(`${at}/${f}`)) throw new Error(`missing ${at}/${f}`);
    }
  }
  for (const { dir } of ENTRIES.filter((e) => e.node)) {
    for (const f of ["index.node.d.ts", "node-only.cjs"]) if (!list.includes(`package/pkg/${dir}/${f}`)) throw new Error(`missing package/pkg/${dir}/${f}`);
  }
  const stray = list.filter((f) => !f.startsWith("package/pkg/") && !["package/package.json", "package/README.md", "package/profiles/writing-app.json", "package/profiles/writing-app.json.d.ts"].includes(f));
  if (stray.length) throw new Error(`unexpected files: ${stray.join(", ")}`);
});

await check("Node ESM import", () => {
  const dir = app("esm", {
    "main.js": `import { assembleContext, CtxpackError, version } from "ctxpack";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
const r = assembleContext(JSON.parse(readFileSync("input.json", "utf8")));
let coded = false;
try { assembleContext({}); } catch (e) { coded = e instanceof CtxpackError && e.code === "MISSING_FIELD"; }
// import and require of the package in one process: one wasm instance, one error class.
const required = createRequire(import.meta.url)("ctxpack");
let shared = required.CtxpackError === CtxpackError && required.assembleContext === assembleContext;
try { required.assembleContext({}); } catch (e) { shared &&= e instanceof CtxpackError; }
process.stdout.write(JSON.stringify({ version: version(), context: r.context, coded, shared }));
`,
  });
  const out = JSON.parse(node(dir, "main.js"));
  equal(out.version, packageVersion, "version()");
  equal(out.context, expected, "context");
  equal(out.coded, true, "CtxpackError with a code");
  equal(out.shared, true, "import and require share the instance and CtxpackError");
});

await check("Node CommonJS require", () => {
  const dir = app("cjs", {
    "main.cjs": `const { assembleContext, ContextAssembler, CtxpackError, version } = require("ctxpack");
const input = require("./input.json");
const { profile, ...rest } = input;
const a = new ContextAssembler(profile);
const r = a.assemble(rest);
a.free();
let coded = false;
try { assembleContext({}); } catch (e) { coded = e instanceof CtxpackError && e.code === "MISSING_FIELD"; }
process.stdout.write(JSON.stringify({ version: version(), context: r.context, same: assembleContext(input).context === r.context, coded }));
`,
  });
  const out = JSON.parse(node(dir, "main.cjs"));
  equal(out.version, packageVersion, "version()");
  equal(out.coded, true, "CtxpackError with a code");
  equal(out.context, expected, "context");
  equal(out.same, true, "assembler and function agree");
});

await check("every other entry loads by its subpath (import and require), and its errors are CtxpackErrors of the main entry", () => {
  const others = ENTRIES.filter((e) => e.subpath !== ".");
  if (others.length === 0) return;
  const specifiers = others.map((e) => `ctxpack/${e.subpath.slice(2)}`);
  const dir = app("entries", {
    "main.js": `import { CtxpackError, estimateTokens } from "ctxpack";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const out = { ".": { tokens: estimateTokens("hello world") } };
for (const spec of ${JSON.stringify(specifiers)}) {
  const m = await import(spec);
  const r = require(spec);
  let branded = false;
  try { m.estimateTokens(42); } catch (e) { branded = e instanceof CtxpackError && e.code === "INVALID_INPUT"; }
  out[spec] = { version: m.version(), same: r.estimateTokens === m.estimateTokens, tokens: m.estimateTokens("hello world"), branded };
}
process.stdout.write(JSON.stringify(out));
`,
  });
  const out = JSON.parse(node(dir, "main.js"));
  for (const spec of specifiers) {
    equal(out[spec].version, packageVersion, `${spec} version()`);
    equal(out[spec].same, true, `${spec}: import and require share the instance`);
    equal(out[spec].tokens, out["."].tokens, `${spec} estimateTokens("hello world"), as the main entry's`);
    equal(out[spec].branded, true, `${spec}: its error is instanceof the main entry's CtxpackError`);
  }
});

// The engines' own calls from the tarball: a class extracted (Python with a decorator and a
// nested class; TypeScript `export abstract class`), and a run governor persisted as JSON text,
// resumed with RunGovernor.fromState and pushed past its budget to a stop — the same script as
// ESM and as CommonJS, which must print the same bytes.
const engineScript = (load) => `${load}
const py = extractClasses("app/models.py", "from dataclasses import dataclass\\n\\n@dataclass\\nclass Task:\\n    title: str\\n    done: bool = False\\n\\n    class Meta:\\n        pass\\n");
const ts = extractClasses("src/shape.ts", "export abstract class Shape {\\n  abstract area(): number;\\n}\\n");
const run = new RunGovernor({ profile: "fast", scope: "tiny", limits: { commands: 2 } });
const decisions = [run.push({ type: "command", command: "npm test" }), run.push({ type: "tests_result", passed: true }), run.push('{"type": "command", "command": "ls src"}')];
const saved = JSON.stringify(run.state());
run.free();
const resumed = RunGovernor.fromState(saved);
decisions.push(resumed.push({ type: "command", command: "git status" }));
const out = { py, ts, decisions: decisions.map((d) => [d.decision, d.code, d.status]), resumedIsGuarded: resumed instanceof RunGovernor, status: resumed.state().status, report: resumed.reportMarkdown().includes("done_partial") };
resumed.free();
let freed = null;
try { resumed.push({ type: "tokens", count: 1 }); } catch (e) { freed = e instanceof CtxpackError ? e.code : String(e); }
out.freed = freed;
process.stdout.write(JSON.stringify(out));
`;

await check("ctxpack/code and ctxpack/governor work from the tarball in Node ESM and CommonJS: a class extracted, a resumed governor stopped", () => {
  const dir = app("engines-calls", {
    "main.mjs": engineScript(`import { extractClasses } from "ctxpack/code";\nimport { RunGovernor, CtxpackError } from "ctxpack/governor";`),
    "main.cjs": engineScript(`const { extractClasses } = require("ctxpack/code");\nconst { RunGovernor, CtxpackError } = require("ctxpack/governor");`),
  });
  const esm = node(dir, "main.mjs");
  equal(node(dir, "main.cjs"), esm, "CommonJS and ESM results");
  const out = JSON.parse(esm);
  equal(JSON.stringify(out.py.classes.map((c) => [c.name, c.line, c.startLine, c.endLine, c.parent])), JSON.stringify([["Task", 4, 3, 9, null], ["Meta", 8, 8, 9, 0]]), "Python classes (name, line, startLine, endLine, parent)");
  equal(out.py.language, "python", "Python's language");
  equal(JSON.stringify(out.ts.classes.map((c) => [c.name, c.startLine, c.endLine])), JSON.stringify([["Shape", 1, 3]]), "TypeScript classes");
  equal(JSON.stringify(out.decisions), JSON.stringify([["continue", "ok", "running"], ["continue", "ok", "running"], ["warn", "budget_warning", "running"], ["stop", "budget_exhausted", "done_partial"]]), "decisions");
  equal(out.resumedIsGuarded, true, "fromState returns a RunGovernor");
  equal(out.status, "done_partial", "the resumed run's status");
  equal(out.report, true, "the report names the status");
  equal(out.freed, "FREED", "a freed governor's method throws FREED");
});

await check("TypeScript (strict) sees the types of ctxpack/code and ctxpack/governor, for import and require", () => {
  const typed = `import { extractClasses, type ClassSpan, type ExtractedClasses, type Language } from "ctxpack/code";
import { RunGovernor, governorStep, CtxpackError, type GovernorConfig, type GovernorDecision, type GovernorEvent, type GovernorState, type DecisionKind, type RunStatus } from "ctxpack/governor";
const found: ExtractedClasses = extractClasses("a.py", "class A:\\n    pass\\n");
const first: ClassSpan | undefined = found.classes[0];
const lang: Language | null = found.language;
const end: number | undefined = first?.endLine;
const config: GovernorConfig = { profile: "smoke", scope: "tiny", limits: { tests: 1 }, steps: { coder: { commands: 5 } } };
const run = new RunGovernor(config);
const event: GovernorEvent = { type: "command", command: "npm test", step: "coder" };
const d: GovernorDecision = run.push(event);
const kind: DecisionKind = d.decision;
const state: GovernorState = run.state();
const status: RunStatus = RunGovernor.fromState(JSON.stringify(state)).state().status;
const next: GovernorState = governorStep(state, { type: "tokens", count: 10 }).state;
run.free();
try { run.push(event); } catch (e) { if (e instanceof CtxpackError) { const c: string = e.code; void c; } }
// @ts-expect-error an event has a known type
run.push({ type: "deploy" });
// @ts-expect-error the profile is one of four
new RunGovernor({ profile: "reckless" });
// @ts-expect-error a class's line is a number
const wrong: string = found.classes[0].line;
// @ts-expect-error a decision is not any
const nope: number = d;
void lang; void end; void kind; void status; void next; void wrong; void nope;
`;
  for (const [name, module] of [["ts-engines-esm", "nodenext"], ["ts-engines-cjs", "nodenext"], ["ts-engines-bundler", "esnext"]]) {
    const dir = app(name, { "main.ts": typed });
    if (name === "ts-engines-cjs") writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, type: "commonjs" }));
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module, moduleResolution: module === "esnext" ? "bundler" : "nodenext", target: "es2022", skipLibCheck: false, types: [] }, files: ["main.ts"] }));
    execFileSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { stdio: "inherit" });
  }
});

// Every entry's exports and types as its engine's table declares them (src/wasm/exports.mjs),
// type-checked from the tarball; and a type of another entry is not there.
await check("TypeScript (strict) sees each entry's exports and types, as its table declares them, and no other entry's", () => {
  const lines = [];
  for (const [i, e] of ENTRIES.entries()) {
    const spec = e.subpath === "." ? "ctxpack" : `ctxpack/${e.subpath.slice(2)}`;
    const values = [...e.functions, ...e.guarded, "CtxpackError", "releaseMemory"];
    lines.push(`import { ${values.map((v) => `${v} as ${v}_${i}`).join(", ")} } from "${spec}";`);
    lines.push(`import type { ${e.types.map((t) => `${t} as ${t}_${i}`).join(", ")} } from "${spec}";`);
    lines.push(`void [${values.map((v) => `${v}_${i}`).join(", ")}];`);
    lines.push(`export type Used_${i} = [${e.types.map((t) => `${t}_${i}`).join(", ")}];`);
    const foreign = ENTRIES.flatMap((o) => o.types).find((t) => !e.types.includes(t));
    if (foreign) lines.push(`// @ts-expect-error ${spec} declares only its own types`, `import type { ${foreign} as Foreign_${i} } from "${spec}";`);
  }
  const dir = app("ts-tables", { "main.ts": lines.join("\n") + "\n" });
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", skipLibCheck: false, types: [] }, files: ["main.ts"] }));
  execFileSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { stdio: "inherit" });
});

await check("TypeScript (strict) sees real types, for import and require", () => {
  const typed = `import { assembleContext, ContextAssembler, CtxpackError, type Assembly, type Action, type Profile, type JsondocInput } from "ctxpack";
const docs: JsondocInput[] = [{ id: "a", schema_type: "t", origin_type: "user_input", created_at: 0, data: { x: 1 } }];
const profile: Profile = { budget: { maxChars: 100 }, cap: "skip" };
const r: Assembly = assembleContext({ documents: docs, profile, request: "hi" });
const action: Action = r.manifest.documents[0].action;
const chars: number | null = r.manifest.documents[0].charsBefore;
const a = new ContextAssembler(profile);
a.assemble({ documents: docs }).manifest.totals.chars.toFixed();
try { assembleContext({ documents: docs }); } catch (e) { if (e instanceof CtxpackError) { const c: "INVALID_INPUT" | string = e.code; void c; } }
// @ts-expect-error maxChars is a number
assembleContext({ documents: docs, maxChars: "many" });
// @ts-expect-error cap is one of three strategies
assembleContext({ documents: docs, cap: "drop" });
// Options are optional, typed, and checked.
assembleContext({ documents: docs }, { limits: { maxDocuments: 10, maxTextLength: 1_000_000 } });
new ContextAssembler(profile, { limits: { maxDepth: 64 } }).inferIntent("hi");
new ContextAssembler().assemble({ documents: docs });
// @ts-expect-error a limit has a known name
assembleContext({ documents: docs }, { limits: { maxDocs: 10 } });
// @ts-expect-error a limit is a number
assembleContext({ documents: docs }, { limits: { maxDepth: "deep" } });
// @ts-expect-error the result is not any
const nope: string = r.manifest;
void action; void chars; void nope;
`;
  for (const [name, module] of [["ts-esm", "nodenext"], ["ts-cjs", "nodenext"], ["ts-bundler", "esnext"]]) {
    const dir = app(name, { "main.ts": typed });
    const cjs = name === "ts-cjs";
    if (cjs) writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, type: "commonjs" }));
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module, moduleResolution: module === "esnext" ? "bundler" : "nodenext", target: "es2022", skipLibCheck: false, types: [] }, files: ["main.ts"] }));
    execFileSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { stdio: "inherit" });
  }
});

await check("ctxpack/files: readContextFiles in Node ESM and CommonJS, and strict TypeScript sees its types", () => {
  // A base with a file, a directory and a symlink out of it; the same records from import and require.
  const reader = (load) => `${load}
const fs = require("node:fs");
fs.rmSync("base", { recursive: true, force: true });
fs.mkdirSync("base/src", { recursive: true });
fs.writeFileSync("base/src/a.ts", "export const a = 1;\\n");
fs.writeFileSync("outside.txt", "OUTSIDE\\n");
fs.symlinkSync("../outside.txt", "base/out.txt");
const r = readContextFiles("base", ["src/a.ts", "./src/a.ts", "src", "out.txt", "../outside.txt", "gone.ts"], { maxTokens: 1000 });
let coded = false;
try { readContextFiles("no-such-dir", ["a"]); } catch (e) { coded = e instanceof CtxpackError && e.code === "INVALID_INPUT"; }
process.stdout.write(JSON.stringify({ records: r.manifest.files.map((f) => f.action + " " + f.reasonCode), inlined: r.block.includes("export const a = 1;"), coded }));
`;
  const dir = app("files-reader", {
    "main.mjs": reader(`import { readContextFiles, CtxpackError } from "ctxpack/files";\nimport { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);`),
    "main.cjs": reader(`const { readContextFiles, CtxpackError } = require("ctxpack/files");`),
  });
  const want = JSON.stringify({ records: ["inlined inlined", "duplicate duplicate", "rejected directory", "rejected path_escape", "rejected path_escape", "skipped missing"], inlined: true, coded: true });
  equal(node(dir, "main.mjs"), want, "ESM");
  equal(node(dir, "main.cjs"), want, "CommonJS");
  const typed = `import { readContextFiles, preloadFiles, type PreloadResult, type FileReason, type ReadContextFilesOptions } from "ctxpack/files";
const options: ReadContextFilesOptions = { maxBytes: 65536, maxTokens: 2000, mode: "strict", fanout: 2 };
const r: PreloadResult = readContextFiles(".", ["src/a.ts", { path: "b.ts", source: "contexts[0].sourceFile" }], options, { limits: { maxDepth: 64 } });
const code: FileReason = r.manifest.files[0].reasonCode;
const bytes: number | null = r.manifest.files[0].bytes;
preloadFiles({ references: [{ path: "a.bin" }], contents: [{ path: "a.bin", content: [0xff, 0xfe] }] });
// @ts-expect-error maxBytes is a number
readContextFiles(".", ["a"], { maxBytes: "1 MB" });
// @ts-expect-error the references come from the second argument
readContextFiles(".", ["a"], { references: [] });
// @ts-expect-error a path is a string or a reference
readContextFiles(".", [42]);
void code; void bytes;
`;
  for (const [name, type] of [["ts-files-esm", "module"], ["ts-files-cjs", "commonjs"]]) {
    const tsDir = app(name, { "main.ts": typed });
    writeFileSync(join(tsDir, "package.json"), JSON.stringify({ name, private: true, type }));
    writeFileSync(join(tsDir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", skipLibCheck: false, types: [] }, files: ["main.ts"] }));
    execFileSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", tsDir], { stdio: "inherit" });
  }
});

const page = {
  // Results land in the DOM as JSON; a failure (the page's or the Worker's) lands in #error, so
  // the test never waits for a result that cannot come.
  "index.html": `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><pre id="main"></pre><pre id="worker"></pre><pre id="error"></pre><script type="module" src="/main.js"></script></body></html>`,
  "main.js": `import { assembleContext, version } from "ctxpack";
import input from "./input.json";
const show = (id, text) => { document.getElementById(id).textContent = text; };
show("main", JSON.stringify({ version: version(), context: assembleContext(input).context }));
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.onmessage = (e) => show("worker", e.data);
worker.onerror = (e) => show("error", \`worker: \${e.message || "failed to load"}\`);
worker.postMessage(input);
`,
  "worker.js": `import { assembleContext, version } from "ctxpack";
self.onmessage = (e) => self.postMessage(JSON.stringify({ version: version(), context: assembleContext(e.data).context }));
`,
};

async function inChromium(url) {
  // No time limits (timeout 0): a slow machine is not a failure; a failure says so in the page.
  const browser = await launchChromium({ timeout: 0 });
  try {
    const tab = await browser.newPage();
    tab.setDefaultTimeout(0);
    tab.setDefaultNavigationTimeout(0);
    const errors = [];
    let reject;
    const failure = new Promise((_, r) => (reject = r));
    failure.catch(() => {});
    const fail = (text) => (errors.push(text), reject(new Error(`in the page: ${errors.join("; ")}`)));
    tab.on("console", (m) => m.type() === "error" && fail(m.text()));
    tab.on("pageerror", (e) => fail(String(e)));
    await Promise.race([tab.goto(url), failure]);
    await Promise.race([
      tab.waitForFunction(() => {
        const text = (id) => document.getElementById(id).textContent;
        return text("error") !== "" || (text("main") !== "" && text("worker") !== "");
      }),
      failure,
    ]);
    const error = await tab.textContent("#error");
    if (error) throw new Error(error);
    const main = JSON.parse(await tab.textContent("#main"));
    const worker = JSON.parse(await tab.textContent("#worker"));
    equal(main.version, packageVersion, "page version()");
    equal(worker.version, packageVersion, "worker version()");
    equal(main.context, expected, "page context");
    equal(worker.context, expected, "worker context");
    if (errors.length) throw new Error(`console errors: ${errors.join("; ")}`);
  } finally {
    await browser.close();
  }
}


// One vocabulary per import: ctxpack/tokenizer/o200k and ctxpack/tokenizer/cl100k count as
// ctxpack/tokenizer does in their own vocabulary (the default when none is given), take long runs
// whole, and refuse the other vocabulary by name — the same script as ESM and as CommonJS.
const tokenizerScript = (load) => `${load}
const text = "Hello, world! 金牌律师林晚 " + " ".repeat(70000) + "x".repeat(70000);
const out = {};
for (const [key, m] of [["o200k", o200k], ["cl100k", cl100k]]) {
  const ids = m.encodeTokens(text);
  let other = null;
  try { m.countTokens("hi", key === "o200k" ? "cl100k" : "o200k"); } catch (e) { other = e instanceof CtxpackError ? [e.code, e.path, e.message] : String(e); }
  out[key] = { count: m.countTokens(text), own: m.countTokens(text, key), both: both.countTokens(text, key), ids: ids.length, back: m.decodeTokens(ids) === text, other };
}
process.stdout.write(JSON.stringify(out));
`;

await check("ctxpack/tokenizer/o200k and ctxpack/tokenizer/cl100k from the tarball in Node ESM and CommonJS: one vocabulary each, the other refused", () => {
  const dir = app("tokenizer-entries", {
    "main.mjs": tokenizerScript(`import * as o200k from "ctxpack/tokenizer/o200k";\nimport * as cl100k from "ctxpack/tokenizer/cl100k";\nimport * as both from "ctxpack/tokenizer";\nimport { CtxpackError } from "ctxpack";`),
    "main.cjs": tokenizerScript(`const o200k = require("ctxpack/tokenizer/o200k");\nconst cl100k = require("ctxpack/tokenizer/cl100k");\nconst both = require("ctxpack/tokenizer");\nconst { CtxpackError } = require("ctxpack");`),
  });
  const esm = node(dir, "main.mjs");
  equal(node(dir, "main.cjs"), esm, "CommonJS and ESM results");
  const out = JSON.parse(esm);
  for (const key of ["o200k", "cl100k"]) {
    const r = out[key];
    equal(r.count, r.both, `${key}: countTokens equals ctxpack/tokenizer's`);
    equal(r.own, r.count, `${key}: no vocabulary given counts in the entry's own`);
    equal(r.ids, r.count, `${key}: encodeTokens gives as many ids as countTokens counts`);
    equal(r.back, true, `${key}: decodeTokens gives the text back`);
    const other = key === "o200k" ? "cl100k" : "o200k";
    equal(JSON.stringify(r.other?.slice(0, 2)), JSON.stringify(["INVALID_INPUT", "/vocabulary"]), `${key}: the other vocabulary's error`);
    if (!String(r.other?.[2]).includes(`ctxpack/tokenizer/${other}`)) throw new Error(`${key}: the error does not say where ${other} is: ${r.other?.[2]}`);
  }
  if (out.o200k.count === out.cl100k.count) throw new Error("both entries count alike: is one vocabulary used for both?");
});

await check("TypeScript (strict) sees the types of ctxpack/tokenizer/o200k and ctxpack/tokenizer/cl100k, for import and require", () => {
  const typed = `import { countTokens, encodeTokens, decodeTokens, CtxpackError, type Vocabulary } from "ctxpack/tokenizer/o200k";
import * as cl100k from "ctxpack/tokenizer/cl100k";
const n: number = countTokens("Hello, world!");
const ids: Uint32Array = encodeTokens("Hello", "o200k", { limits: { maxTextLength: 1000 } });
const text: string = decodeTokens(ids);
const again: string = decodeTokens([1, 2, 3]);
const v: Vocabulary = "cl100k";
const m: number = cl100k.countTokens("Hello", v);
try { countTokens("x", "cl100k"); } catch (e) { if (e instanceof CtxpackError) { const c: string = e.code; void c; } }
// @ts-expect-error a text is a string
countTokens(42);
// @ts-expect-error a vocabulary is "o200k" or "cl100k"
cl100k.countTokens("x", "p50k");
void n; void text; void again; void m;
`;
  for (const [name, module] of [["ts-tokenizer-esm", "nodenext"], ["ts-tokenizer-cjs", "nodenext"], ["ts-tokenizer-bundler", "esnext"]]) {
    const dir = app(name, { "main.ts": typed });
    if (name === "ts-tokenizer-cjs") writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, type: "commonjs" }));
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module, moduleResolution: module === "esnext" ? "bundler" : "nodenext", target: "es2022", skipLibCheck: false, types: [] }, files: ["main.ts"] }));
    execFileSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { stdio: "inherit" });
  }
});

await check("Vite production build, page and module Worker, in Chromium", async () => {
  const dir = app("vite-build", page);
  execFileSync(process.execPath, [join(root, "node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn"], { cwd: dir, stdio: "inherit" });
  const server = await serveFiles({ root: join(dir, "dist") });
  try {
    await inChromium(`${origin(server)}/`);
  } finally {
    server.close();
  }
});

await check("Vite dev server, page and module Worker, in Chromium", async () => {
  const dir = app("vite-dev", page);
  const port = await freePort();
  const vite = spawn(process.execPath, [join(root, "node_modules", "vite", "bin", "vite.js"), "--host", "127.0.0.1", "--port", String(port), "--strictPort"], { cwd: dir, stdio: ["ignore", "pipe", "inherit"] });
  try {
    await new Promise((resolve, reject) => {
      vite.stdout.on("data", (d) => String(d).includes(String(port)) && resolve());
      vite.on("exit", (code) => reject(new Error(`vite exited with ${code}`)));
    });
    await inChromium(`http://127.0.0.1:${port}/`);
  } finally {
    vite.kill();
  }
});

// Keep the apps of a failed run for a look; clean up after a good one.
if (failed) console.log(`the apps are in ${work}`);
else rmSync(work, { recursive: true, force: true });
console.log(`packaging: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
