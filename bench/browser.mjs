// Runs the benchmark in headless Chromium (Debian's /usr/bin/chromium through playwright-core,
// tests/support/chromium.mjs; no browser download): serves the repository's pkg/, bench/ and
// profiles/ on 127.0.0.1 with an import map resolving "ctxpack" to the package's default (browser)
// entry, pkg/index.js.
//   node bench/browser.mjs --out FILE [--quick] [--workload LABEL]   (LABEL: only that workload, e.g. 10k)
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../tests/support/chromium.mjs";
import { origin, serveFiles } from "../tests/support/server.mjs";
import { transpile } from "./compile.mjs";
import { CHROMIUM, quick } from "./plan.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** prompt-tsx is CommonJS for Node; a page needs it bundled. Vite (a devDependency) does it. */
async function bundlePromptTsx() {
  const { build } = await import("vite");
  const out = mkdtempSync(join(tmpdir(), "ctxpack-bench-tsx-"));
  const stub = join(out, "stub.mjs");
  writeFileSync(stub, "export default {};\n");
  await build({
    configFile: false,
    logLevel: "error",
    root,
    // Only VS Code output mode and the HTML tracer reach these; Raw mode never does.
    resolve: { alias: { vscode: stub, http: stub } },
    build: { outDir: out, emptyOutDir: false, minify: false, lib: { entry: join(root, "bench", "peers", "prompt-tsx.mjs"), formats: ["es"], fileName: () => "prompt-tsx.browser.js" } },
  });
  return readFileSync(join(out, "prompt-tsx.browser.js"), "utf8");
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>loading</title>
<script type="importmap">{ "imports": { "ctxpack": "/pkg/index.js" } }</script>
<script type="module" src="/bench/page.mjs"></script>`;

const STARTUP = `<!doctype html><meta charset="utf-8"><title>loading</title>
<script type="importmap">{ "imports": { "ctxpack": "/pkg/index.js" } }</script>
<script type="module">
const t0 = performance.now();
const m = await import("ctxpack");
const t1 = performance.now();
m.version();
window.importMs = t1 - t0;
document.title = "ready";
</script>`;

/** `files` as given, pkg/, bench/ and profiles/ of the repository, and `mounts`; nothing else. */
function serve(files, mounts = {}) {
  const dirs = Object.fromEntries(["pkg", "bench", "profiles"].map((d) => [`/${d}/`, join(root, d)]));
  // Cross-origin isolated, so performance.now() has its fine resolution (5 µs, not 100 µs).
  const headers = { "cache-control": "no-store", "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" };
  return serveFiles({ files, mounts: { ...dirs, ...mounts }, index: null, headers });
}

export async function runChromium({ quickRun = false, only = null, startupLoads = 10, log = (s) => process.stderr.write(`${s}\n`) } = {}) {
  const files = { "/": PAGE, "/startup.html": STARTUP, "/bench/baseline.js": transpile() };
  const bundleErrors = {};
  try {
    files["/bench/peers/prompt-tsx.browser.js"] = await bundlePromptTsx();
  } catch (e) {
    bundleErrors["prompt-tsx"] = `could not be bundled for the page: ${String(e?.message ?? e).split("\n")[0]}`;
  }
  const server = await serve(files);
  const base = origin(server);
  // No time limits anywhere (timeout 0): a slow machine is not a failure.
  const browser = await launchChromium({ timeout: 0 });
  try {
    const version = browser.version();
    // Start-up: the page's `import("ctxpack")` (fetch from 127.0.0.1, base64 decode, compile,
    // instantiate), each in a fresh page of a fresh context, nothing cached (no-store).
    const importMs = [];
    for (let i = 0; i < startupLoads; i++) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      tab.setDefaultTimeout(0);
      await tab.goto(`${base}/startup.html`);
      await tab.waitForFunction(() => document.title === "ready");
      importMs.push(await tab.evaluate(() => window.importMs));
      await context.close();
    }
    const tab = await browser.newPage();
    tab.setDefaultTimeout(0);
    const errors = [];
    tab.on("console", (m) => (m.type() === "error" ? errors.push(m.text()) : m.text().startsWith("[chromium]") && log(m.text())));
    tab.on("pageerror", (e) => errors.push(String(e)));
    await tab.goto(base + "/");
    await tab.waitForFunction(() => document.title === "ready" || document.title === "failed");
    if (errors.length) throw new Error(`in the page: ${errors.join("; ")}`);
    const peerErrors = { ...(await tab.evaluate(() => window.bench.peerErrors)), ...bundleErrors };
    const workloads = [];
    for (const w of (quickRun ? quick(CHROMIUM) : CHROMIUM).filter((w) => only === null || w.label === only)) {
      const result = await tab.evaluate((w) => window.bench.run(w), w);
      if (errors.length) throw new Error(`in the page: ${errors.join("; ")}`);
      result.skipped = { ...result.skipped, ...peerErrors };
      workloads.push(result);
    }
    const isolated = await tab.evaluate(() => self.crossOriginIsolated);
    return { runtime: `Chromium ${version}`, crossOriginIsolated: isolated, peerErrors, importMs, workloads };
  } finally {
    await browser.close();
    server.close();
  }
}

/**
 * A CPU profile of ctxpack's calls in Chromium (DevTools protocol), on the named build from
 * bench/profile.mjs (`namedDir`, wasm-bindgen's web target) so wasm frames have names.
 * @returns {Promise<Record<string, ReturnType<import("./profile.mjs").selfTimes>>>}
 */
export async function profileChromium(namedDir, { n = 10_000, calls = { ctxpack: 20, "ctxpack, JSON text": 8 } } = {}) {
  const { selfTimes } = await import("./profile.mjs");
  const page = PAGE.replace('"/pkg/index.js"', '"/named/entry.js"');
  const server = await serve({ "/": page, "/bench/baseline.js": transpile() }, { "/named/": namedDir });
  const browser = await launchChromium({ timeout: 0 });
  try {
    const tab = await browser.newPage();
    tab.setDefaultTimeout(0);
    const errors = [];
    tab.on("pageerror", (e) => errors.push(String(e)));
    await tab.goto(`${origin(server)}/`);
    await tab.waitForFunction(() => document.title === "ready");
    if (errors.length) throw new Error(`in the page: ${errors.join("; ")}`);
    await tab.evaluate((w) => window.bench.prepare(w), { n, bodyScale: 1 });
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    const out = {};
    for (const [name, k] of Object.entries(calls)) {
      await tab.evaluate(([name]) => window.bench.repeat(name, 3), [name]);
      await cdp.send("Profiler.start");
      await tab.evaluate(([name, k]) => window.bench.repeat(name, k), [name, k]);
      const { profile } = await cdp.send("Profiler.stop");
      out[name] = { calls: k, ...selfTimes(profile) };
    }
    return out;
  } finally {
    await browser.close();
    server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const only = args.includes("--workload") ? args[args.indexOf("--workload") + 1] : null;
  const result = await runChromium({ quickRun: args.includes("--quick"), only, startupLoads: only === null ? 10 : 1 });
  const out = args.includes("--out") ? args[args.indexOf("--out") + 1] : null;
  if (out) writeFileSync(out, JSON.stringify(result, null, 1));
  else console.log(JSON.stringify(result, null, 1));
}
