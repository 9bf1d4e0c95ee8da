// ctxpack/react from the packed tarball, in an app built by Vite and run in headless Chromium:
// the hook's worker and its latest input winning, the fallback without a Worker, a CtxpackError
// as `error`, documents as UTF-8 bytes moved to the worker, exact counts with the `tokenizer`
// option (in its worker and on the calling thread), the server's HTML hydrated without a
// mismatch, keyboard navigation of the inspector's list, and axe-core with zero violations.
// The source is type-checked against React's types, and the app's use of the entry against its
// declarations. (Next.js: the runtime matrix, tests/runtimes/apps/next.)
//
// Run after `npm run build`: node tests/react/run.mjs [--keep]
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../support/chromium.mjs";
import { origin, serveFiles } from "../support/server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const keep = process.argv.includes("--keep");
const work = mkdtempSync(join(tmpdir(), "ctxpack-react-"));
// Pinned as the runtime matrix pins them (tests/runtimes/tools/package.json).
const TOOLS = ["react@19.3.1", "react-dom@19.3.1", "@types/react@19.3.0", "@types/react-dom@19.3.0", "axe-core@4.14.1"];
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
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)?.slice(0, 200)}, got ${JSON.stringify(actual)?.slice(0, 200)}`);
}

// The input: the sample project 40 times over (760 documents), so that an assembly takes long
// enough for a burst of inputs to pile up behind it. `now` fixed: the server and the page score
// recency alike.
const project = JSON.parse(readFileSync(join(root, "samples", "writing-project.json"), "utf8"));
const profile = JSON.parse(readFileSync(join(root, "profiles", "writing-app.json"), "utf8"));
const documents = [];
const edges = [];
for (let k = 0; k < 40; k++) {
  for (const d of project.documents) documents.push({ ...d, id: `${d.id}~${k}` });
  for (const e of project.edges) edges.push({ from: `${e.from}~${k}`, to: `${e.to}~${k}` });
}
const base = { documents, edges, profile, request: "generate episodes 7-12", maxChars: 8000, now: "2026-11-27T00:00:00Z" };
const { assembleContext } = await import("ctxpack");
const expectedAt = (maxChars) => assembleContext({ ...base, maxChars }).context;

const app = join(work, "app");
cpSync(join(here, "app"), app, { recursive: true });
writeFileSync(join(app, "input.js"), `export default ${JSON.stringify(base)};\n`);
writeFileSync(join(app, "package.json"), JSON.stringify({ name: "react-app", private: true, type: "module" }));
const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", work], { cwd: root, encoding: "utf8" }).trim().split("\n").pop();
execFileSync("npm", ["install", "--no-audit", "--no-fund", "--silent", join(work, tarball), ...TOOLS], { cwd: app, stdio: "inherit" });

await check("the source type-checks against React's types, and the app against the entry's declarations", () => {
  const paths = { react: [join(app, "node_modules/@types/react")], "react/*": [join(app, "node_modules/@types/react/*")], ctxpack: [join(root, "pkg/index.d.ts")] };
  const compilerOptions = { target: "ES2022", lib: ["ES2022", "DOM"], module: "ESNext", moduleResolution: "bundler", jsx: "react-jsx", strict: true, noUncheckedIndexedAccess: true, isolatedDeclarations: true, declaration: true, verbatimModuleSyntax: true, noEmit: true, skipLibCheck: true, types: [], paths };
  writeFileSync(join(work, "tsconfig.source.json"), JSON.stringify({ compilerOptions, include: [join(root, "src/react")] }));
  execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", join(work, "tsconfig.source.json")], { stdio: "inherit" });
  writeFileSync(
    join(app, "typed.ts"),
    `import { ContextInspector, useAssembledContext, type AssembledContext } from "ctxpack/react";
import { createElement, type ReactElement } from "react";
export function Typed(): ReactElement {
  const r: AssembledContext = useAssembledContext({ documents: "[]", request: "x" }, { worker: true, first: "worker", transfer: false });
  const code: string | undefined = r.error instanceof Error ? r.error.message : undefined;
  return createElement(ContextInspector, { result: r, pinned: null, label: code ?? "inspector" });
}
`,
  );
  writeFileSync(join(app, "tsconfig.json"), JSON.stringify({ compilerOptions: { target: "ES2022", lib: ["ES2022", "DOM"], module: "ESNext", moduleResolution: "bundler", strict: true, noEmit: true, skipLibCheck: false, types: [] }, files: ["typed.ts"] }));
  execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", app], { stdio: "inherit" });
});

execFileSync(process.execPath, [join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], { cwd: app, stdio: "inherit" });
execFileSync(process.execPath, ["ssr.mjs"], { cwd: app, stdio: "inherit" });
const server = await serveFiles({ root: join(app, "dist") });
const url = origin(server);
const browser = await launchChromium({ timeout: 0 });
const axe = join(app, "node_modules/axe-core/axe.min.js");

/** A page of the app, with its workers and console errors counted. */
async function open(path, { noWorker = false } = {}) {
  const page = await browser.newPage();
  const seen = { workers: 0, errors: [], requests: [], workerUrls: [] };
  page.on("worker", (w) => {
    seen.workers++;
    seen.workerUrls.push(w.url());
  });
  page.on("request", (r) => seen.requests.push(r.url()));
  // The page has no favicon: its 404 is the browser's, not the app's.
  page.on("console", (m) => m.type() === "error" && !m.location().url.endsWith("/favicon.ico") && seen.errors.push(m.text()));
  page.on("pageerror", (e) => seen.errors.push(String(e)));
  if (noWorker) await page.addInitScript(() => delete globalThis.Worker);
  await page.goto(`${url}${path}`);
  await page.waitForFunction(() => window.ctxpackTest?.setMaxChars !== undefined && !window.ctxpackTest.pending, null, { timeout: 0 });
  return { page, seen };
}

/** Sets maxChars 50 times, each in a task of its own (so each reaches the hook), then waits. */
async function burst(page) {
  return page.evaluate(async () => {
    const t = window.ctxpackTest;
    t.shown.length = 0;
    for (let n = 6000; n < 6050; n++) {
      t.setMaxChars(n);
      await new Promise((r) => setTimeout(r, 0));
    }
    while (t.pending || t.shown.at(-1) !== 6049) await new Promise((r) => setTimeout(r, 10));
    return { shown: [...t.shown], context: t.context };
  });
}

await check("latest input wins: a burst collapses, no stale result is shown, the last is Node's", async () => {
  const { page, seen } = await open("/index.html");
  const { shown, context } = await burst(page);
  equal(seen.workers, 1, "workers started");
  if (shown.length >= 50) throw new Error(`every input was shown (${shown.length}): the burst did not collapse`);
  for (let i = 1; i < shown.length; i++) if (shown[i] <= shown[i - 1]) throw new Error(`a stale result was shown: ${shown.join(", ")}`);
  equal(context, expectedAt(6049), "context of the last input");
  equal(seen.errors.length, 0, `console errors ${seen.errors.join("; ")}`);
  const exactFiles = seen.requests.filter((u) => /assembly-worker-(o200k|cl100k)|tokenizer/.test(u));
  equal(exactFiles.length, 0, `files of the exact tokenizers fetched without the option (${exactFiles.join(", ")})`);
  console.log(`  50 inputs, ${shown.length} results shown: ${shown.join(", ")}`);
  await page.close();
});

await check("without a Worker: the calling thread, the same result", async () => {
  const { page, seen } = await open("/index.html", { noWorker: true });
  const { context } = await burst(page);
  equal(seen.workers, 0, "workers started");
  equal(context, expectedAt(6049), "context of the last input");
  const failed = await page.evaluate(async () => {
    const t = window.ctxpackTest;
    t.setRequest({ intent: "no-such-intent" });
    while (t.error === null) await new Promise((r) => setTimeout(r, 10));
    return { code: t.error.code, path: t.error.path, context: t.context };
  });
  equal(failed.code, "UNKNOWN_INTENT", "the error's code");
  equal(failed.path, "/request/intent", "the error's path");
  equal(failed.context, expectedAt(6049), "the last good context kept through the error");
  await page.close();
});

await check("a CtxpackError comes back as error, with its code and path; then a good input clears it", async () => {
  const { page } = await open("/index.html");
  const error = await page.evaluate(async () => {
    const t = window.ctxpackTest;
    t.setRequest({ intent: "no-such-intent" });
    while (t.error === null || t.pending) await new Promise((r) => setTimeout(r, 10));
    return t.error;
  });
  equal(error.name, "CtxpackError", "name");
  equal(error.code, "UNKNOWN_INTENT", "code");
  equal(error.path, "/request/intent", "path");
  const cleared = await page.evaluate(async () => {
    const t = window.ctxpackTest;
    t.setRequest("generate episodes 7-12");
    while (t.error !== null || t.pending) await new Promise((r) => setTimeout(r, 10));
    return t.error;
  });
  equal(cleared, null, "error after a good input");
  await page.close();
});

await check("documents as UTF-8 bytes: moved to the worker (the array detached), the same result, reused for the next input", async () => {
  const { page } = await open("/index.html");
  const out = await page.evaluate(async (text) => {
    const t = window.ctxpackTest;
    const bytes = new TextEncoder().encode(text);
    t.setDocuments(bytes);
    // A new input goes to the worker: pending until it answers.
    while (!t.pending) await new Promise((r) => setTimeout(r, 0));
    while (t.pending) await new Promise((r) => setTimeout(r, 10));
    const first = { context: t.context, left: bytes.byteLength, error: t.error };
    // Another budget, the same (now empty) array: assembled from the worker's copy.
    t.setMaxChars(7000);
    while (!t.pending) await new Promise((r) => setTimeout(r, 0));
    while (t.pending) await new Promise((r) => setTimeout(r, 10));
    return { first, again: { context: t.context, error: t.error } };
  }, JSON.stringify(documents));
  equal(out.first.error, null, "error");
  equal(out.first.left, 0, "bytes left in the page's array");
  equal(out.first.context, expectedAt(8000), "context");
  equal(out.again.error, null, "error at 7,000");
  equal(out.again.context, expectedAt(7000), "context at 7,000, from the worker's copy of the bytes");
  await page.close();
});

await check("an input that comes back (A, B, A, each kept by identity) is assembled again", async () => {
  const { page } = await open("/index.html?presets");
  const contexts = await page.evaluate(async () => {
    const t = window.ctxpackTest;
    const out = [t.context];
    for (const preset of [1, 0]) {
      t.setPreset(preset);
      while (!t.pending) await new Promise((r) => setTimeout(r, 0));
      while (t.pending) await new Promise((r) => setTimeout(r, 10));
      out.push(t.context);
    }
    return out;
  });
  equal(contexts[0], expectedAt(5000), "A, assembled in the first render");
  equal(contexts[1], expectedAt(5500), "B, in the worker");
  equal(contexts[2], expectedAt(5000), "A again, in the worker");
  await page.close();
});

// `tokenizer`: the manifest equals Node's assembleContext with the vocabulary's own countTokens,
// named as the hook names it, under a token budget (where ctxpack calls the counter).
const { countTokens: countO200k } = await import("ctxpack/tokenizer/o200k");
const { countTokens: countCl100k } = await import("ctxpack/tokenizer/cl100k");
const exactCounter = { o200k: Object.defineProperty((t) => countO200k(t), "name", { value: "countTokens" }), cl100k: Object.defineProperty((t) => countCl100k(t), "name", { value: "countTokensCl100k" }) };
const exactManifest = (tokenizer) => assembleContext({ ...base, maxTokens: 1500 }, { tokenCounter: exactCounter[tokenizer] }).manifest;

for (const [tokenizer, noWorker] of [["o200k", false], ["cl100k", false], ["o200k", true]]) {
  await check(`tokenizer: "${tokenizer}" ${noWorker ? "without a Worker (imported on the calling thread)" : "in its own worker"}: the manifest is assembleContext's with its countTokens`, async () => {
    const { page, seen } = await open(`/index.html?tokenizer=${tokenizer}&maxTokens=1500`, { noWorker });
    const manifest = await page.evaluate(() => window.ctxpackTest.manifest);
    const expected = exactManifest(tokenizer);
    equal(expected.totals.tokenCounter, `host:${exactCounter[tokenizer].name}`, "Node's counter name");
    equal(JSON.stringify(manifest), JSON.stringify(expected), "the manifest");
    if (JSON.stringify(expected.totals) === JSON.stringify(assembleContext({ ...base, maxTokens: 1500 }).manifest.totals)) throw new Error("the estimator gives the same totals: the case cannot tell them apart");
    if (noWorker) equal(seen.workers, 0, "workers started");
    else {
      equal(seen.workerUrls.length, 1, "workers started");
      if (!new RegExp(`assembly-worker-${tokenizer}`).test(seen.workerUrls[0])) throw new Error(`not the ${tokenizer} worker: ${seen.workerUrls[0]}`);
    }
    equal(seen.errors.length, 0, `console errors ${seen.errors.join("; ")}`);
    await page.close();
  });
}

await check("the server's HTML hydrates without a mismatch", async () => {
  const { page, seen } = await open("/ssr.html");
  const out = await page.evaluate(() => ({ recoverable: window.ctxpackRecoverable, context: document.querySelector("[data-testid=ctxpack-context]")?.textContent }));
  equal(out.recoverable.length, 0, `recoverable errors ${out.recoverable.join("; ")}`);
  equal(seen.errors.length, 0, `console errors ${seen.errors.join("; ")}`);
  equal(out.context, expectedAt(8000), "context shown");
  await page.close();
});

await check("keyboard: arrows move along the list, Enter selects and highlights the document's part", async () => {
  const { page } = await open("/index.html");
  const rows = page.locator("[data-testid=ctxpack-ranked] tbody tr");
  await rows.first().focus();
  await page.keyboard.press("ArrowDown");
  const focused = await page.evaluate(() => document.activeElement?.getAttribute("data-id"));
  equal(focused, await rows.nth(1).getAttribute("data-id"), "focused row after ArrowDown");
  await page.keyboard.press("Enter");
  equal(await rows.nth(1).getAttribute("aria-current"), "true", "aria-current of the selected row");
  const segment = await page.evaluate((id) => document.querySelector(`.ctxpack-segment[data-id="${id}"]`)?.classList.contains("ctxpack-selected"), focused);
  equal(segment, true, "the selected document's part highlighted");
  await page.keyboard.press("End");
  equal(await page.evaluate(() => document.activeElement?.getAttribute("data-id")), await rows.last().getAttribute("data-id"), "focused row after End");
  await page.close();
});

await check("axe-core: zero violations, with a pinned result and a diff shown", async () => {
  const { page } = await open("/ssr.html");
  await page.getByTestId("ctxpack-pin").click();
  await burst(page);
  await page.getByTestId("ctxpack-diff").waitFor();
  await page.addScriptTag({ path: axe });
  const violations = await page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => `${v.id}: ${v.nodes.length} nodes (${v.nodes[0]?.target})`));
  equal(violations.length, 0, `violations ${violations.join("; ")}`);
  await page.close();
});

await browser.close();
server.close();
if (failed === 0 && !keep) rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
