// End to end: the www demo page (Vite + React, importing ctxpack like any app) in headless
// Chromium. Installs www's dependencies, type-checks and builds the page, serves www/dist on a
// random 127.0.0.1 port with the example server (examples/server) behind /api (www/serve.mjs,
// what `npm start` runs), then drives it with playwright-core and Debian's /usr/bin/chromium
// (tests/support/chromium.mjs; CTXPACK_CHROMIUM). The Jsondocs tab's server comparison must say
// "equal" (SHA-256 of the worker's context = the server's = Node's), and, with the page served
// alone, "server unreachable".
//
//   node tests/e2e/run.mjs                        run after the package is built (node scripts/build.mjs)
//   node tests/e2e/run.mjs --update-screenshots   also write docs/screenshots/*.png
//
// Without --update-screenshots the screenshots still get taken (rendering is part of the test)
// but go to a temporary folder, so a test run leaves the working tree as it was.
// The Preloaded files and Prompt sections tabs are compared with what Node's ctxpack/files
// computes for the same input (the page's sample, www/src/samples/files.json; the sections'
// vector tests/vectors/sections/inputs/front-matter.json); the Module registry tab with
// ctxpack/code on its sample (www/src/samples/registry.json); the Run governor tab with
// ctxpack/governor on the shared vectors' logs; exact counts with ctxpack/tokenizer.
// No assertion here is about speed: waits have timeouts, checks do not.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../support/chromium.mjs";
import { origin } from "../support/server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const www = join(root, "www");
const started = Date.now();
const update = process.argv.includes("--update-screenshots");
const shots = update ? join(root, "docs", "screenshots") : mkdtempSync(join(tmpdir(), "ctxpack-e2e-"));
mkdirSync(shots, { recursive: true });
if (update) {
  // The sample is Chinese: without a CJK font the screenshots show boxes (Debian: fonts-wqy-microhei).
  let cjk = "";
  try {
    cjk = execFileSync("fc-list", [":lang=zh"], { encoding: "utf8" });
  } catch {}
  if (cjk.trim() === "") console.log("# warning: no CJK font found (fc-list :lang=zh): install fonts-wqy-microhei for readable screenshots");
}

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
function assert(condition, message) {
  if (!condition) throw new Error(message);
}
function equal(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)?.slice(0, 300)}, got ${JSON.stringify(actual)?.slice(0, 300)}`);
}
function finish() {
  if (!update && !failed) rmSync(shots, { recursive: true, force: true });
  else console.log(`screenshots: ${shots}`);
  console.log(`e2e: ${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  process.exit(failed ? 1 : 0);
}

if (!existsSync(join(root, "pkg", "index.js"))) {
  console.log("not ok - ctxpack is built\n  pkg/index.js is missing: run `node scripts/build.mjs` first");
  failed++;
  finish();
}

// --- Install, type-check, build (each a check: a failure here is reported, then we stop).
await check("npm install --prefix www", () => {
  execFileSync("npm", ["install", "--prefix", www, "--no-audit", "--no-fund", "--loglevel", "error"], { stdio: "inherit" });
});
await check("the page type-checks against the package's real types (tsc --noEmit -p www)", () => {
  execFileSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", www], { stdio: "inherit" });
});
const { serveStatic, buildPage, startApiServer } = await import(join(www, "serve.mjs"));
await check("vite build of www", () => {
  buildPage({ quiet: true });
});
if (failed) finish();

// The same input in Node, for byte-for-byte comparisons with what the page shows.
const { assembleContext, estimateTokens } = await import("ctxpack");
const { preloadFiles, fitSections, CtxpackError } = await import("ctxpack/files");
const { extractClasses, formatModuleRegistry, parseModifiedFiles } = await import("ctxpack/code");
const { RunGovernor } = await import("ctxpack/governor");
const { countTokens } = await import("ctxpack/tokenizer");
const project = JSON.parse(readFileSync(join(root, "samples", "writing-project.json"), "utf8"));
const profile = JSON.parse(readFileSync(join(root, "profiles", "writing-app.json"), "utf8"));
const inNode = (request, maxChars = 16000, cap = "degrade") => assembleContext({ documents: project.documents, edges: project.edges, profile, request, maxChars, cap });

// The server's database in memory: the test edits a stored project, which must not outlive it.
const apiServer = await startApiServer({ quiet: true, dataDir: "memory://" });
const server = await serveStatic(join(www, "dist"), { api: origin(apiServer) });
const url = `${origin(server)}/`;
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, deviceScaleFactor: 1 });
await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: url });
const page = await context.newPage();
const consoleErrors = [];
page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
page.on("pageerror", (e) => consoleErrors.push(String(e)));
const requested = [];
page.on("request", (r) => requested.push(r.url()));
page.on("worker", (w) => w.on("console", (m) => m.type() === "error" && consoleErrors.push(`worker: ${m.text()}`)));

const WAIT = { timeout: 60_000 };
const $text = (testid) => page.textContent(`[data-testid="${testid}"]`);
const contextText = () => page.textContent('[data-testid="ctxpack-context"]');
/** Waits until the worker is idle and `predicate` holds in the page. */
async function settled(predicate, arg) {
  await page.waitForFunction(
    ([source, a]) => document.querySelector(".app")?.getAttribute("data-busy") === "false" && new Function("a", `return (${source})(a)`)(a),
    [predicate.toString(), arg],
    WAIT,
  );
}
const resultIntent = (intent) => settled((i) => document.querySelector('[data-testid="result-intent"] strong')?.textContent === i, intent);
const sha256 = (text) => createHash("sha256").update(text, "utf8").digest("hex");
/** Waits for the server comparison of the result shown, and returns its state. */
async function serverState(target = page) {
  await target.waitForFunction(
    () => {
      const app = document.querySelector(".app");
      const panel = document.querySelector('[data-testid="server-check"]');
      return app?.getAttribute("data-busy") === "false" && panel !== null && panel.getAttribute("data-seq") === app.getAttribute("data-seq") && panel.getAttribute("data-state") !== "checking";
    },
    null,
    WAIT,
  );
  return target.getAttribute('[data-testid="server-check"]', "data-state");
}
/** The page says the server's bytes equal the worker's, and both hashes are the context's. */
async function serverAgrees(what) {
  equal(await serverState(), "equal", `${what}: the server comparison`);
  equal(await $text("server-verdict"), "equal", `${what}: the verdict shown`);
  const hash = sha256(await contextText());
  equal(await page.getAttribute('[data-testid="browser-sha"]', "title"), hash, `${what}: the worker's hash is SHA-256 of the context shown`);
  equal(await page.getAttribute('[data-testid="server-sha"]', "title"), hash, `${what}: the server's hash`);
  equal(await $text("browser-sha"), hash.slice(0, 12), `${what}: the short hash shown`);
  equal(await $text("server-sha"), hash.slice(0, 12), `${what}: the server's short hash shown`);
}
const shot = (name, target = page, options = {}) => target.screenshot({ path: join(shots, name), ...options });

try {
  await check("the page loads, assembles the sample (ctxpack/react's hook), with no console errors", async () => {
    await page.goto(url);
    await page.waitForSelector('[data-testid="ctxpack-context"]', WAIT);
    await resultIntent("generate_episode_synopsis");
    equal(await $text("project-count"), "19", "documents in the sample");
    const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
    assert((await page.textContent("header")).includes(`ctxpack ${version}`), "header shows the package version");
    equal(consoleErrors.length, 0, `console errors: ${consoleErrors.join(" | ")}`);
    await serverAgrees("the first assembly");
  });

  await check('typing "generate episodes 7-12" shows the synopsis intent and a context without earlier synopses', async () => {
    const box = page.locator('[data-testid="request-text"]');
    await box.fill("");
    await resultIntent("general");
    const before = await contextText();
    assert(before.includes("单集大纲"), "with no request (general intent) the synopses are in the context");
    equal(before, inNode("").context, "the page's context, byte for byte, against Node");

    await box.pressSequentially("generate episodes 7-12", { delay: 15 });
    equal(await $text("inferred-intent"), "generate_episode_synopsis", "intent inferred on the main thread as the user types");
    assert((await $text("inferred-rule")).includes("synopsis-range-en"), "the rule that matched is shown");
    await resultIntent("generate_episode_synopsis");
    const text = await contextText();
    assert(!text.includes("单集大纲"), "no 单集大纲 document rendered");
    assert(!text.includes("jd-synopsis-ep"), "no synopsis id in the context");
    equal(await page.locator('.ctxpack-segment[data-schema-type="单集大纲"]').count(), 0, "highlighted synopsis blocks");
    for (const id of ["jd-synopsis-ep01", "jd-synopsis-ep03-edit"]) {
      // ctxpack/react's inspector lists the filtered documents apart.
      equal(await page.getAttribute(`[data-testid="ctxpack-filtered"] tr[data-id="${id}"]`, "data-action"), "filtered_out", `${id} action`);
      equal(await page.getAttribute(`[data-testid="ctxpack-filtered"] tr[data-id="${id}"]`, "data-reason-code"), "type_excluded", `${id} reason code`);
    }
    const expected = inNode("generate episodes 7-12");
    equal(text, expected.context, "the page's context, byte for byte, against Node");
    // Every included block sits where the manifest says (offsets are JS string indices).
    const blocks = await page.$$eval(".ctxpack-segment", (els) => els.map((e) => ({ id: e.getAttribute("data-id"), text: e.textContent })));
    for (const d of expected.manifest.documents.filter((d) => d.charsAfter > 0)) {
      const block = blocks.find((b) => b.id === d.id);
      equal(block?.text, expected.context.slice(d.offset, d.offset + d.charsAfter), `highlighted block of ${d.id}`);
    }
    equal(await $text("used-chars"), expected.manifest.totals.chars.toLocaleString("en-US"), "budget meter");
    assert((await $text("meter")).includes("tokens (estimate)"), "tokens are labelled as an estimate");
    equal(Number((await $text("used-tokens")).replace(/\D/g, "")), estimateTokens(inNode("generate episodes 7-12").context), "the meter's tokens are the core estimator's");
    await serverAgrees("generate episodes 7-12");
    equal(await page.getAttribute('[data-testid="server-sha"]', "title"), sha256(expected.context), "the server's hash is Node's context's");
    await shot("inspector.png");
  });

  await check("copy puts the exact context on the clipboard", async () => {
    await page.click('[data-testid="copy"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="copy"]')?.textContent === "Copied", null, WAIT);
    equal(await page.evaluate(() => navigator.clipboard.readText()), await contextText(), "clipboard");
  });

  await check("moving the budget slider changes the discarded list; the pinned result is compared", async () => {
    equal((await $text("discarded-list")).includes("none"), true, "nothing discarded at 16,000");
    await page.click('[data-testid="ctxpack-pin"]');
    // The sizes the page must show are what Node computes for the same input.
    const usedChars = (budget, cap) => inNode("generate episodes 7-12", budget, cap).manifest.totals.chars.toLocaleString("en");
    await page.locator('[data-testid="budget-slider"]').fill("4000");
    await settled((used) => document.querySelector('[data-testid="used-chars"]')?.textContent === used, usedChars(4000));
    const expected = inNode("generate episodes 7-12", 4000);
    const discarded = expected.manifest.documents.filter((d) => d.action === "discarded").map((d) => d.id);
    assert(discarded.length > 0, "Node discards at 4,000");
    const list = await page.$$eval('[data-testid="discarded-list"] .discarded-id', (els) => els.map((e) => e.textContent));
    equal(JSON.stringify(list), JSON.stringify(discarded), "discarded list");
    assert((await $text("cap-status")).startsWith("Cap hit"), "the meter says the cap was hit");
    equal(await contextText(), expected.context, "context at 4,000");
    await serverAgrees("at 4,000 chars");
    // The diff against the pinned (16,000) result lists the documents that changed action.
    const changed = await page.$$eval('[data-testid="ctxpack-diff"] tbody tr', (rows) => rows.map((r) => r.getAttribute("data-id")));
    for (const id of discarded) assert(changed.includes(id), `${id} listed as changed in the diff`);
    await page.locator('[data-testid="ctxpack-diff"]').scrollIntoViewIfNeeded();
    await shot("budget-and-diff.png", page.locator("main.results"));

    await page.locator('[data-testid="budget-slider"]').fill("8000");
    await settled((used) => document.querySelector('[data-testid="used-chars"]')?.textContent === used, usedChars(8000));
    const at8000 = await page.$$eval('[data-testid="discarded-list"] .discarded-id', (els) => els.map((e) => e.textContent));
    const expected8000 = inNode("generate episodes 7-12", 8000).manifest.documents.filter((d) => d.action === "discarded").map((d) => d.id);
    equal(JSON.stringify(at8000), JSON.stringify(expected8000), "discarded list at 8,000");
    await page.click('[data-testid="cap-stop"]');
    await settled(() => document.querySelector('[data-testid="cap-status"]')?.textContent?.includes("(stop)"));
    equal(await contextText(), inNode("generate episodes 7-12", 8000, "stop").context, "context with cap stop");
    await page.click('[data-testid="cap-degrade"]');
    await page.locator('[data-testid="budget-number"]').fill("16000");
    await settled((used) => document.querySelector('[data-testid="used-chars"]')?.textContent === used, usedChars(16000));
  });

  await check("bad JSON shows an error at its line and column and keeps the previous result", async () => {
    const good = await contextText();
    await page.click('[data-testid="toggle-editor"]');
    const sample = readFileSync(join(root, "samples", "writing-project.json"), "utf8");
    // Drop the comma after the first document's "schema_type" value.
    const at = sample.indexOf('"schema_type": "灵感创意",') + '"schema_type": "灵感创意"'.length;
    const broken = sample.slice(0, at) + sample.slice(at + 1);
    // JSON.parse notices the missing comma at the next token: the next line's "origin_type".
    const next = at + broken.slice(at).search(/\S/);
    const line = broken.slice(0, next).split("\n").length;
    const column = next - broken.lastIndexOf("\n", next - 1);
    await page.locator('[data-testid="editor-documents"]').fill(broken);
    await page.click('[data-testid="apply-json"]');
    await page.waitForSelector('[data-testid="error-documents"]', WAIT);
    const error = await $text("error-documents");
    assert(error.includes("JSON_SYNTAX"), `syntax error shown: ${error}`);
    assert(error.includes(`line ${line}, column ${column}`), `points at line ${line}, column ${column}: ${error}`);
    // The message is ctxpack's reader's (locateJson), whatever the engine's SyntaxError says: what it expected there.
    assert(/Not valid JSON: .*expected ','/.test(error), `says what was expected: ${error}`);
    assert(await page.isVisible('[data-testid="stale"]'), "says the result shown is the last good one");
    equal(await contextText(), good, "previous result kept");
    await page.click('[data-testid="error-documents"] button'); // "show": selects the spot in the editor
    const selectionStart = () => page.$eval('[data-testid="editor-documents"]', (el) => el.selectionStart);
    equal(await selectionStart(), next, "the editor's selection starts at the error");
    await shot("json-error.png", page.locator('section[aria-labelledby="project-title"]'));

    // Valid JSON, but a document without created_at: ctxpack's pointer, found in the text.
    const docs = JSON.parse(sample).documents;
    delete docs[3].created_at;
    const text = JSON.stringify(docs, null, 2);
    await page.locator('[data-testid="editor-documents"]').fill(text);
    await page.click('[data-testid="apply-json"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="error-documents"]')?.textContent?.includes("MISSING_FIELD"), null, WAIT);
    const missing = await $text("error-documents");
    assert(missing.includes("/3/created_at"), `pointer into the pasted array: ${missing}`);
    assert(missing.includes("/documents/3/created_at"), `and the pointer ctxpack gave: ${missing}`);
    const docLine = text.slice(0, text.indexOf('"id": "jd-brainstorm-1-edit"')).split("\n").length - 1;
    assert(missing.includes(`line ${docLine}, column 3`), `points at the document (line ${docLine}): ${missing}`);
    assert(missing.includes("not in the text: shown at /3"), `says the field is missing and where it is shown instead: ${missing}`);
    equal(await contextText(), good, "previous result kept");
    await page.click('[data-testid="error-documents"] button');
    equal(await selectionStart(), text.split("\n").slice(0, docLine - 1).join("\n").length + 1 + 2, "the editor's selection starts at the document");
    await shot("field-error.png", page.locator('section[aria-labelledby="project-title"]'));

    // A profile whose first rule's pattern does not compile.
    const badProfile = structuredClone(profile);
    badProfile.rules[0].pattern = "(?P<episode>\\d+";
    await page.locator('[data-testid="editor-documents"]').fill(sample);
    await page.locator('[data-testid="editor-profile"]').fill(JSON.stringify(badProfile, null, 2));
    await page.click('[data-testid="apply-json"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="error-profile"]')?.textContent?.includes("INVALID_PATTERN"), null, WAIT);
    assert((await $text("error-profile")).includes("/rules/0/pattern"), "profile error names the field");
    assert(!(await page.isVisible('[data-testid="error-documents"]')), "the documents' error is gone once they parse");
    equal(await contextText(), good, "previous result kept");

    // A good file dropped on the editor replaces the project: five documents as a bare array.
    const dropped = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], "five.json", { type: "application/json" }));
      return transfer;
    }, JSON.stringify(project.documents.slice(0, 5), null, 2));
    await page.dispatchEvent('[data-testid="editor-documents"]', "drop", { dataTransfer: dropped });
    await page.waitForFunction(() => document.querySelector('[data-testid="editor-documents"]')?.value.startsWith("[\n  {"), null, WAIT);
    await page.locator('[data-testid="editor-profile"]').fill(JSON.stringify(profile));
    await page.click('[data-testid="apply-json"]');
    await settled(() => document.querySelector('[data-testid="project-count"]')?.textContent === "5");
    assert(!(await page.isVisible('[data-testid="stale"]')), "no stale banner once accepted");
    equal(await page.locator('[data-testid^="error-"]').count(), 0, "errors cleared");
    const five = assembleContext({ documents: project.documents.slice(0, 5), profile, request: "generate episodes 7-12", maxChars: 16000, cap: "degrade" });
    equal(await contextText(), five.context, "context of the pasted documents");
    await page.click('[data-testid="toggle-editor"]');
    await page.click('[data-testid="load-sample"]');
    await settled(() => document.querySelector('[data-testid="project-count"]')?.textContent === "19");
  });

  await check("an explicit intent with params overrides the text", async () => {
    await page.selectOption('[data-testid="intent-picker"]', "generate_episode_script");
    await page.locator('[data-testid="intent-params"]').fill('{"episode": 3}');
    await resultIntent("generate_episode_script");
    const expected = inNode({ intent: "generate_episode_script", params: { episode: 3 }, text: "generate episodes 7-12" });
    equal(await contextText(), expected.context, "context for the explicit intent");
    await serverAgrees("an explicit intent with params");
    assert((await $text("result-intent")).includes("episode: 3"), "params shown");
    await page.locator('[data-testid="intent-params"]').fill('{"episode": ');
    await page.waitForSelector('[data-testid="error-request"]', WAIT);
    const paramsError = await $text("error-request");
    assert(paramsError.includes("JSON_SYNTAX"), `bad params JSON reported: ${paramsError}`);
    assert(paramsError.includes("line 1, column 13"), `at the end of the params text: ${paramsError}`);
    equal(await contextText(), expected.context, "previous result kept");
    await page.selectOption('[data-testid="intent-picker"]', "");
    await resultIntent("generate_episode_synopsis");
  });

  await check("a project stored on the server opens, is edited there, and assembles to the server's bytes", async () => {
    await page.waitForSelector('[data-testid="open-server-project"]', WAIT);
    await page.click('[data-testid="open-server-project"]');
    await settled(() => document.querySelector('[data-testid="project-info"]')?.textContent?.includes("On the server"));
    equal(await $text("project-count"), String(project.documents.length), "the stored sample's documents");
    await serverAgrees("the stored project");
    // Edit a document the context includes; both sides assemble the edited rows.
    const docId = /\(([^)]+)\)/.exec(await contextText())?.[1];
    assert(docId !== undefined, "a document heading in the context");
    await page.selectOption('[data-testid="server-document"]', docId);
    await page.waitForSelector('[data-testid="server-document-data"]', WAIT);
    await page.locator('[data-testid="server-document-data"]').fill('{"title": "edited in the e2e test"}');
    await page.click('[data-testid="save-server-document"]');
    await settled(() => document.querySelector('[data-testid="ctxpack-context"]')?.textContent?.includes("edited in the e2e test"));
    await serverAgrees("the edited stored project");
    await page.click('[data-testid="load-sample"]');
    await settled(() => document.querySelector('[data-testid="project-info"]')?.textContent?.includes("Sample"));
  });

  await check("the large sample (10,000 documents) assembles in the worker while the page keeps painting", async () => {
    // Count animation frames, and those painted while the worker was busy.
    await page.evaluate(() => {
      const w = window;
      w.__frames = 0;
      w.__busyFrames = 0;
      const tick = () => {
        w.__frames++;
        if (document.querySelector(".app")?.getAttribute("data-busy") === "true") w.__busyFrames++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    equal(await page.inputValue('[data-testid="large-count"]'), "10000", "default size");
    await page.click('[data-testid="load-large"]');
    await settled(() => document.querySelector('[data-testid="project-count"]')?.textContent === "10,000");
    const generated = await contextText();
    const busyFrames = await page.evaluate(() => window.__busyFrames);
    assert(busyFrames > 0, `frames kept coming while ctxpack/react's worker assembled 10,000 documents (${busyFrames})`);
    assert(/\d/.test(await $text("assemble-ms")), "assembly time (measured in the worker) shown");
    // Typing with 10,000 documents: each keystroke is a request; frames keep coming meanwhile.
    const box = page.locator('[data-testid="request-text"]');
    await box.fill("");
    const framesBefore = await page.evaluate(() => window.__frames);
    await box.pressSequentially("write the script for episode 3", { delay: 10 });
    await resultIntent("generate_episode_script");
    const frames = (await page.evaluate(() => window.__frames)) - framesBefore;
    assert(frames > 0, "frames painted while typing");
    equal(await $text("inferred-intent"), "generate_episode_script", "inferred while typing");
    await box.fill("generate episodes 7-12");
    await resultIntent("generate_episode_synopsis");
    assert(!(await contextText()).includes("单集大纲"), "no synopsis in the large sample's context either");
    // ~18 MB of JSON: over the example server's 8 MB body limit, so not uploaded, and the page says why.
    equal(await serverState(), "skipped", "the large sample is not sent to the server");
    equal(await $text("server-verdict"), "not compared", "the verdict shown");
    assert((await $text("server-detail")).includes("body limit"), `says why: ${await $text("server-detail")}`);
    await page.click('[data-testid="ctxpack-pin"]'); // re-pin: the compare panel is about this project now
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      document.querySelector(".controls")?.scrollTo(0, 0);
    });
    console.log(`  # 10,000 documents: ${busyFrames} frames while the worker was busy loading; worker assembly ${await $text("assemble-ms")}`);
    await shot("large-sample.png");
    // Deterministic: the same seed gives the same documents, hence the same context.
    await page.click('[data-testid="load-sample"]');
    await settled(() => document.querySelector('[data-testid="project-count"]')?.textContent === "19");
    await page.click('[data-testid="load-large"]');
    await settled(() => document.querySelector('[data-testid="project-count"]')?.textContent === "10,000");
    equal(await contextText(), generated, "the same seed gives the same context");
    await page.click('[data-testid="load-sample"]');
    await settled(() => document.querySelector('[data-testid="project-count"]')?.textContent === "19");
  });

  // --- The Preloaded files and Prompt sections tabs (ctxpack/files, on the page's main thread).
  const rowsOf = (table) => page.$$eval(`[data-testid="${table}"] tbody tr`, (rows) => rows.map((r) => ({ path: r.getAttribute("data-path"), action: r.getAttribute("data-action"), reasonCode: r.getAttribute("data-reason-code") })));
  const expectedRows = (result) => result.manifest.files.map((f) => ({ path: f.path, action: f.action, reasonCode: f.reasonCode }));
  /** What the Files tab shows, against Node's preloadFiles for the same references, contents and the options the page says it passed. */
  async function filesMatchNode(references, contents, options, what) {
    await page.waitForFunction((o) => document.querySelector('[data-testid="files-call"]')?.textContent === o, JSON.stringify(options), WAIT);
    const expected = preloadFiles({ references, contents, ...options });
    equal(JSON.stringify(await rowsOf("files-table")), JSON.stringify(expectedRows(expected)), `${what}: the manifest's rows`);
    equal(await page.textContent('[data-testid="files-manifest-json"]'), JSON.stringify(expected.manifest, null, 2), `${what}: the manifest, byte for byte`);
    if (expected.block === "") assert(await page.isVisible('[data-testid="files-block-empty"]'), `${what}: says the block is empty`);
    else equal(await $text("files-block"), expected.block, `${what}: the rendered block, byte for byte`);
    equal(await $text("files-tokens"), expected.manifest.totals.tokens.toLocaleString("en-US"), `${what}: the meter's tokens`);
    equal(await $text("files-fanout-tokens"), expected.manifest.totals.fanoutTokens.toLocaleString("en-US"), `${what}: fanoutTokens`);
    return expected;
  }
  const { references: sampleRefs, contents: sampleContents } = JSON.parse(readFileSync(join(www, "src", "samples", "files.json"), "utf8"));
  const fileSample = { references: sampleRefs, contents: sampleContents };
  const fileDefaults = { maxTokens: 2000, maxLines: 200, maxBytes: 1000000, mode: "bestEffort", fanout: 1, allowSecrets: false };

  await check("the Preloaded files tab shows the sample's records as ctxpack/files computes them in Node", async () => {
    await page.click('[data-testid="tab-files"]');
    await page.waitForSelector('[data-testid="files-table"]', WAIT);
    assert(!(await page.isVisible('[data-testid="ctxpack-context"]')), "the jsondocs view is hidden");
    const expected = await filesMatchNode(fileSample.references, fileSample.contents, fileDefaults, "sample");
    const row = async (path) => ({
      action: await page.getAttribute(`[data-testid="files-table"] tr[data-path="${path}"]`, "data-action"),
      reasonCode: await page.getAttribute(`[data-testid="files-table"] tr[data-path="${path}"]`, "data-reason-code"),
    });
    for (const [path, action, reasonCode] of [
      ["../../etc/passwd", "rejected", "path_escape"],
      [".env", "rejected", "secret"],
      ["public/logo.png", "rejected", "binary"],
      ["./src//App.jsx", "duplicate", "duplicate"],
      ["src/fixtures/tasks.js", "skipped", "too_many_lines"],
      ["src/App.jsx", "inlined", "inlined"],
      ["api/models.py", "inlined", "inlined"],
    ]) {
      equal(JSON.stringify(await row(path)), JSON.stringify({ action, reasonCode }), path);
    }
    assert(expected.manifest.totals.inlined >= 4, `several files inlined (${expected.manifest.totals.inlined})`);
    const block = await $text("files-block");
    assert(block.startsWith("### Pre-loaded Files"), "the block's heading");
    // Refused references are named in the block's closing list, so the agent does not go and
    // read them; their contents never reach it, and no heading opens a file for them.
    assert(!block.includes("hunter2"), "the secret's content does not reach the block");
    assert(!block.includes("#### `../../etc/passwd`") && !block.includes("#### `.env`"), "no heading for a refused file");
    assert(block.includes("- `../../etc/passwd` (path_escape)") && block.includes("- `.env` (secret)"), "the list names what was refused, with its reason");
    await shot("files.png");
  });

  await check("changing the Files tab's budget changes what is inlined; strict mode shows BUDGET_EXCEEDED", async () => {
    await page.locator('[data-testid="files-max-tokens"]').fill("400");
    const at400 = await filesMatchNode(fileSample.references, fileSample.contents, { ...fileDefaults, maxTokens: 400 }, "maxTokens 400");
    const at2000 = preloadFiles({ ...fileSample, ...fileDefaults });
    const inlined = (r) => r.manifest.files.filter((f) => f.action === "inlined").map((f) => f.path);
    assert(inlined(at400).length < inlined(at2000).length, `fewer files inlined at 400 tokens: ${inlined(at400)} vs ${inlined(at2000)}`);
    equal(await page.getAttribute('[data-testid="files-table"] tr[data-path="src/components/TaskList.jsx"]', "data-reason-code"), "budget", "TaskList.jsx skipped for the budget");
    assert(at400.manifest.totals.tokens <= 400, "Node's block within 400 tokens");

    await page.locator('[data-testid="files-fanout"]').fill("3");
    await filesMatchNode(fileSample.references, fileSample.contents, { ...fileDefaults, maxTokens: 400, fanout: 3 }, "fanout 3");

    await page.locator('[data-testid="files-max-bytes"]').fill("500");
    const small = await filesMatchNode(fileSample.references, fileSample.contents, { ...fileDefaults, maxTokens: 400, maxBytes: 500, fanout: 3 }, "maxBytes 500");
    equal(small.manifest.files[0]?.reasonCode, "too_large", "src/App.jsx (818 bytes) over maxBytes 500");
    await page.locator('[data-testid="files-max-bytes"]').fill("1000000");

    await page.click('[data-testid="files-mode-strict"]');
    await page.waitForSelector('[data-testid="files-error"]', WAIT);
    let thrown = null;
    try {
      preloadFiles({ ...fileSample, ...fileDefaults, maxTokens: 400, fanout: 3, mode: "strict" });
    } catch (e) {
      thrown = e;
    }
    assert(thrown instanceof CtxpackError, "Node throws a CtxpackError in strict mode at 400 tokens");
    equal(await page.getAttribute('[data-testid="files-error"]', "data-code"), "BUDGET_EXCEEDED", "the error's code");
    const shown = await $text("files-error");
    assert(shown.includes(thrown.path) && shown.includes(thrown.message), `the error's path and message as Node's: ${shown}`);
    equal(await page.locator('[data-testid="files-block"]').count(), 0, "nothing rendered");
    await shot("files-strict.png", page.locator('[data-testid="files-tab"] main'));

    await page.click('[data-testid="files-mode-bestEffort"]');
    await page.locator('[data-testid="files-fanout"]').fill("1");
    await page.locator('[data-testid="files-max-tokens"]').fill("2000");
    await filesMatchNode(fileSample.references, fileSample.contents, fileDefaults, "back to the defaults");
  });

  await check("files picked, dropped or in a picked folder are read in the page and preloaded as in Node", async () => {
    const picked = [
      { name: "tasks.py", mimeType: "text/x-python", buffer: Buffer.from("def tasks():\n    return []\n") },
      { name: "app.css", mimeType: "text/css", buffer: Buffer.from("body { margin: 0 }\n") },
      { name: "logo.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]) },
      { name: "latin1.txt", mimeType: "text/plain", buffer: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]) },
    ];
    await page.setInputFiles('[data-testid="files-input"]', picked);
    await page.waitForFunction(() => document.querySelector('[data-testid="files-source"]')?.textContent?.includes("4 picked files"), null, WAIT);
    // The page's reading, done here: sorted by path, text where it is UTF-8, else the bytes.
    const sorted = [...picked].sort((a, b) => (a.name < b.name ? -1 : 1));
    const references = sorted.map((p) => ({ path: p.name, source: "drop" }));
    const strict = new TextDecoder("utf-8", { fatal: true });
    const contentOf = (buffer) => {
      try {
        return strict.decode(buffer);
      } catch {
        return Array.from(buffer);
      }
    };
    const contents = sorted.map((p) => ({ path: p.name, content: contentOf(p.buffer) }));
    const expected = await filesMatchNode(references, contents, fileDefaults, "picked files");
    equal(expected.manifest.files.find((f) => f.path === "logo.png")?.reasonCode, "binary", "the PNG is binary");
    equal(expected.manifest.files.find((f) => f.path === "latin1.txt")?.reasonCode, "binary", "invalid UTF-8 is binary, not inlined with U+FFFD");
    assert((await page.textContent('[data-testid="files-tab"]')).includes("latin1.txt is not valid UTF-8"), "the page says it passed the bytes of invalid UTF-8");

    // Files dropped on the drop zone.
    const drop = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["export const b = 2;\n"], "b.ts", { type: "text/plain" }));
      transfer.items.add(new File(["export const a = 1;\n"], "a.ts", { type: "text/plain" }));
      return transfer;
    });
    await page.dispatchEvent('[data-testid="files-dropzone"]', "drop", { dataTransfer: drop });
    await page.waitForFunction(() => document.querySelector('[data-testid="files-source"]')?.textContent?.includes("2 dropped files"), null, WAIT);
    await filesMatchNode(
      [{ path: "a.ts", source: "drop" }, { path: "b.ts", source: "drop" }],
      [{ path: "a.ts", content: "export const a = 1;\n" }, { path: "b.ts", content: "export const b = 2;\n" }],
      fileDefaults,
      "dropped files",
    );

    // A folder picked (webkitdirectory): paths relative to the folder, nested ones included.
    const folder = mkdtempSync(join(tmpdir(), "ctxpack-e2e-folder-"));
    try {
      mkdirSync(join(folder, "src", "lib"), { recursive: true });
      writeFileSync(join(folder, "src", "main.ts"), "export const main = 1;\n");
      writeFileSync(join(folder, "src", "lib", "util.ts"), "export const util = 2;\n");
      writeFileSync(join(folder, ".env"), "TOKEN=abc\n");
      await page.setInputFiles('[data-testid="folder-input"]', folder);
      await page.waitForFunction(() => document.querySelector('[data-testid="files-source"]')?.textContent?.includes("a picked folder"), null, WAIT);
      const paths = [".env", "src/lib/util.ts", "src/main.ts"];
      const inFolder = await filesMatchNode(
        paths.map((path) => ({ path, source: "drop" })),
        paths.map((path) => ({ path, content: readFileSync(join(folder, path), "utf8") })),
        fileDefaults,
        "a picked folder",
      );
      equal(inFolder.manifest.files.map((f) => f.reasonCode).join(), "secret,inlined,inlined", "the folder's records");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    await page.click('[data-testid="files-load-sample"]');
    await filesMatchNode(fileSample.references, fileSample.contents, fileDefaults, "the sample again");
  });

  const frontMatter = JSON.parse(readFileSync(join(root, "tests", "vectors", "sections", "inputs", "front-matter.json"), "utf8")).input;
  const sectionsInputOf = (budget) => ({ sections: frontMatter.sections, steps: frontMatter.steps, plan: frontMatter.plan, userContext: frontMatter.userContext, ...budget });
  /** What the Sections tab shows, against Node's fitSections for the input the page says it passed (itself checked). */
  async function sectionsMatchNode(budget, what) {
    const input = sectionsInputOf(budget);
    await page.waitForFunction((t) => document.querySelector('[data-testid="sections-input"]')?.textContent === t, JSON.stringify(input, null, 2), WAIT);
    const expected = fitSections(input);
    equal(await $text("sections-text"), expected.text, `${what}: the prompt, byte for byte`);
    equal(await page.getAttribute('[data-testid="sections-pass"]', "data-pass"), String(expected.pass), `${what}: the pass shown`);
    const rows = await page.$$eval('[data-testid="sections-table"] tbody tr', (rs) => rs.map((r) => `${r.getAttribute("data-id")}:${r.getAttribute("data-variant")}:${r.getAttribute("data-reason-code")}`));
    equal(JSON.stringify(rows), JSON.stringify(expected.sections.map((s) => `${s.id}:${s.variant ?? ""}:${s.reasonCode}`)), `${what}: each section's final variant`);
    equal(await page.getAttribute(`[data-testid="passes-table"] tr[data-pass="${expected.pass}"]`, "class"), "selected", `${what}: the pass that fit is marked`);
    return expected;
  }

  await check("the Prompt sections tab shows the pass that fits and the text within budget, as Node's fitSections", async () => {
    await page.click('[data-testid="tab-sections"]');
    await page.waitForSelector('[data-testid="sections-text"]', WAIT);
    const at900 = await sectionsMatchNode({ maxChars: 900 }, "900 chars");
    assert(at900.pass > 0 && !at900.cut, `a degraded pass fits at 900 (pass ${at900.pass})`);
    assert(at900.text.length <= 900, "within 900 chars");
    assert(at900.text.startsWith("## Your Plan"), "the front matter comes first");
    equal(await $text("pass-slider-label"), `pass ${at900.pass}: ${at900.step}`, "the slider names the pass");
    await shot("sections.png");

    // The slider's ends: pass 0 at the budget where it fits, and the hard cut.
    const full = fitSections(sectionsInputOf({ maxChars: 2147483647 }));
    await page.locator('[data-testid="pass-slider"]').fill("0");
    const at0 = await sectionsMatchNode({ maxChars: full.totals.chars }, "slider at pass 0");
    equal(at0.pass, 0, "pass 0 at its own size");
    equal(await page.inputValue('[data-testid="sections-max-chars"]'), String(full.totals.chars), "the slider set maxChars to pass 0's size");
    const last = Number(await page.getAttribute('[data-testid="pass-slider"]', "max"));
    await page.locator('[data-testid="pass-slider"]').fill(String(last));
    await page.waitForFunction(() => document.querySelector('[data-testid="sections-cut"]')?.textContent === "Cut to the budget", null, WAIT);
    const cutBudget = Number(await page.inputValue('[data-testid="sections-max-chars"]'));
    const cut = await sectionsMatchNode({ maxChars: cutBudget }, "slider at the hard cut");
    assert(cut.cut && cut.text.endsWith("...") && cut.text.length <= cutBudget, `cut to ${cutBudget} ending in ...`);
    // Every pass the page lists is one Node returns at the budget the page names for it.
    const reached = await page.$$eval('[data-testid="passes-table"] tr[data-reached="true"]', (rs) => rs.map((r) => Number(r.getAttribute("data-pass"))));
    assert(reached.length >= 3 && reached[0] === 0, `passes listed: ${reached}`);

    // A token budget instead.
    await page.click('[data-testid="sections-max-chars-on"]');
    await page.click('[data-testid="sections-max-tokens-on"]');
    const tokens = await sectionsMatchNode({ maxTokens: 250 }, "250 tokens");
    assert(tokens.totals.tokens <= 250, "within 250 tokens");
    await page.click('[data-testid="sections-max-tokens-on"]');
    await page.click('[data-testid="sections-max-chars-on"]');
    await page.locator('[data-testid="sections-max-chars"]').fill("900");
    await sectionsMatchNode({ maxChars: 900 }, "back to 900 chars");
  });

  // --- The Module registry tab (ctxpack/code, on the page's main thread), on its sample.
  const registrySample = JSON.parse(readFileSync(join(www, "src", "samples", "registry.json"), "utf8"));
  const registryFiles = Object.fromEntries(Object.entries(registrySample.files).map(([path, source]) => [path, readFileSync(join(root, "tests", "vectors", "code", "sources", source), "utf8")]));

  await check("the Module registry tab shows the sample's classes, block and manifest as ctxpack/code computes them in Node", async () => {
    await page.click('[data-testid="tab-registry"]');
    await page.waitForSelector('[data-testid="registry-block"]', WAIT);
    assert(!(await page.isVisible('[data-testid="ctxpack-context"]')), "the jsondocs view is hidden");
    // The page passes only the options given (null: not given).
    equal(await $text("registry-call"), JSON.stringify(Object.fromEntries(Object.entries(registrySample.options).filter(([, v]) => v !== null))), "the options the page passes");
    const expected = formatModuleRegistry(registrySample.registry, registryFiles, registrySample.options);
    equal(await $text("registry-block"), expected.text, "the registry block, byte for byte");
    equal(await $text("registry-result-json"), JSON.stringify(expected, null, 2), "the result (manifest), byte for byte");
    const rows = await page.$$eval('[data-testid="registry-table"] tbody tr', (rs) => rs.map((r) => `${r.getAttribute("data-id")}:${r.getAttribute("data-status")}`));
    equal(JSON.stringify(rows), JSON.stringify(expected.classes.map((c) => `${c.id}:${c.status}`)), "one row per class with its status");
    for (const status of ["included", "truncated", "dropped", "not_found", "missing_file"]) assert(expected.classes.some((c) => c.status === status), `the sample shows ${status}`);
    // The classes found per file: name, lines, parent, as extractClasses in Node.
    const found = await page.$$eval('[data-testid="registry-classes"] tbody tr[data-class]', (rs) => rs.filter((r) => r.getAttribute("data-class") !== "").map((r) => `${r.getAttribute("data-path")}#${r.getAttribute("data-class")}:${r.getAttribute("data-lines")}^${r.getAttribute("data-parent")}`));
    const inNodeFound = Object.entries(registryFiles).flatMap(([path, content]) => {
      const { classes } = extractClasses(path, content);
      return classes.map((c) => `${path}#${c.name}:${c.startLine}-${c.endLine}^${c.parent === null ? "" : classes[c.parent].name}`);
    });
    equal(JSON.stringify(found), JSON.stringify(inNodeFound), "the classes found per file");
    // parseModifiedFiles on the answer in the box.
    const response = await page.inputValue('[data-testid="registry-response"]');
    const modified = await page.$$eval('[data-testid="registry-modified"] li', (ls) => ls.map((l) => l.textContent));
    equal(JSON.stringify(modified), JSON.stringify(parseModifiedFiles(response).paths), "the modified files parsed");
    await shot("registry.png");

    // Filled from the classes found: every class is found (none not_found), the block as Node's.
    await page.click('[data-testid="registry-fill"]');
    await page.waitForFunction(() => !document.querySelector('[data-testid="registry-table"] tr[data-status="not_found"]'), null, WAIT);
    const filled = JSON.parse(await page.inputValue('[data-testid="registry-json"]'));
    equal(Object.keys(filled.modules).join(), "src/app/models/session.py,web/src/forms.ts,web/src/components/view.tsx,lib/shapes.dart", "files with classes, in order");
    equal(filled.modules["web/src/forms.ts"].created_by_issue, 5, "a listed file keeps its issue");
    equal(await $text("registry-block"), formatModuleRegistry(filled, registryFiles, registrySample.options).text, "the filled registry's block");
    // A dropped file joins the files: its classes as Node's, and listed by the fill.
    const billing = "@dataclass\nclass Invoice:\n    total: int = 0\n\n    class Line:\n        amount: int\n";
    const drop = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], "billing.py", { type: "text/x-python" }));
      return transfer;
    }, billing);
    await page.dispatchEvent('[data-testid="registry-dropzone"]', "drop", { dataTransfer: drop });
    await page.waitForSelector('[data-testid="registry-classes"] tr[data-path="billing.py"]', WAIT);
    const droppedRows = await page.$$eval('[data-testid="registry-classes"] tr[data-path="billing.py"]', (rs) => rs.map((r) => `${r.getAttribute("data-class")}:${r.getAttribute("data-lines")}^${r.getAttribute("data-parent")}`));
    const { classes: billingClasses } = extractClasses("billing.py", billing);
    equal(JSON.stringify(droppedRows), JSON.stringify(billingClasses.map((c) => `${c.name}:${c.startLine}-${c.endLine}^${c.parent === null ? "" : billingClasses[c.parent].name}`)), "the dropped file's classes");
    await page.click('[data-testid="registry-fill"]');
    await page.waitForSelector('[data-testid="registry-table"] tr[data-id="billing.py#Line"]', WAIT);
    const withDrop = JSON.parse(await page.inputValue('[data-testid="registry-json"]'));
    equal(await $text("registry-result-json"), JSON.stringify(formatModuleRegistry(withDrop, { ...registryFiles, "billing.py": billing }, registrySample.options), null, 2), "the result with the dropped file");
    await page.click('[data-testid="registry-load-sample"]');
    await page.waitForFunction((t) => document.querySelector('[data-testid="registry-block"]')?.textContent === t, expected.text, WAIT);
    equal(await page.locator('[data-testid="registry-classes"] tr[data-path="billing.py"]').count(), 0, "the sample replaces the files");
  });

  // --- The Run governor tab (ctxpack/governor): the shared vectors' logs, stepped through.
  /** Node's run of a log: each event line pushed as text, the answer as the vectors write it. */
  function governorInNode(name) {
    const [header, ...events] = readFileSync(join(root, "tests", "vectors", "governor", "inputs", `${name}.jsonl`), "utf8").split("\n").filter((l) => l.trim() !== "");
    const { config } = JSON.parse(header);
    const run = new RunGovernor(config);
    const answers = events.map((line) => {
      try {
        return JSON.stringify(run.push(line));
      } catch (e) {
        return JSON.stringify({ error: { code: e.code, path: e.path, message: e.message } });
      }
    });
    const result = { config, answers, report: JSON.stringify(run.report(), null, 2), markdown: run.reportMarkdown() };
    run.free();
    return result;
  }
  const stepTo = async (k) => {
    await page.locator('[data-testid="governor-slider"]').fill(String(k));
    await page.waitForFunction((s) => document.querySelector('[data-testid="governor-step"]')?.textContent === s, String(k), WAIT);
  };

  await check("the Run governor tab steps through a built-in log with Node's decisions, and ends on Node's report", async () => {
    await page.click('[data-testid="tab-governor"]');
    await page.waitForSelector('[data-testid="governor-stepper"]', WAIT);
    equal(await page.inputValue('[data-testid="governor-builtin"]'), "strict-large-stop", "the log shown first");
    const node = governorInNode("strict-large-stop");
    const config = JSON.parse(await $text("governor-config"));
    equal(config.profile, node.config.profile, "the header's profile");
    equal(config.scope, node.config.scope, "the header's scope");
    // The page's config (presets and overrides) decides as the header's does in Node.
    const again = new RunGovernor(config);
    const lines = readFileSync(join(root, "tests", "vectors", "governor", "inputs", "strict-large-stop.jsonl"), "utf8").split("\n").filter((l) => l.trim() !== "").slice(1);
    equal(JSON.stringify(lines.map((l) => JSON.stringify(again.push(l)))), JSON.stringify(node.answers), "the page's config and the header's decide alike");
    again.free();
    equal(await $text("governor-step"), "0", "starts before the first event");
    await page.click('[data-testid="governor-next"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="governor-step"]')?.textContent === "1", null, WAIT);
    equal(await $text("governor-decision-json"), node.answers[0], "the decision at step 1");
    const refusedAt = node.answers.findIndex((a) => !a.includes('"decision":"continue"') && !a.includes('"decision":"warn"')) + 1;
    assert(refusedAt > 1, `the log has a refusal (${refusedAt})`);
    for (const k of [48, refusedAt, node.answers.length]) {
      await stepTo(k);
      equal(await $text("governor-decision-json"), node.answers[k - 1], `the decision at step ${k}`);
    }
    equal(await page.getAttribute(`[data-testid="governor-table"] tr[data-index="${refusedAt}"]`, "class"), "clickable refusal", "the refusal is highlighted");
    // Stepping back reads the saved state: the decision and the budgets of that step.
    await page.click('[data-testid="governor-prev"]');
    await page.waitForFunction((s) => document.querySelector('[data-testid="governor-step"]')?.textContent === s, String(node.answers.length - 1), WAIT);
    equal(await $text("governor-decision-json"), node.answers[node.answers.length - 2], "the decision one step back");
    await page.click('[data-testid="governor-last"]');
    await page.waitForFunction((s) => document.querySelector('[data-testid="governor-step"]')?.textContent === s, String(node.answers.length), WAIT);
    equal(await $text("governor-report-md"), node.markdown, "the final report (Markdown), byte for byte");
    equal(await $text("governor-report-json"), node.report, "the final report (JSON), byte for byte");
    equal(`${node.report}\n`, readFileSync(join(root, "tests", "vectors", "governor", "expected", "strict-large-stop.report.json"), "utf8"), "Node's report is the vector's");
    equal(await page.getAttribute('[data-testid="governor-gauge-commands"]', "data-used"), "60", "the commands budget is full");
    await page.locator('[data-testid="governor-table"]').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot("governor.png");

    // The loops log: every loop refusal, stepped through with play.
    await page.selectOption('[data-testid="governor-builtin"]', "loops");
    const loops = governorInNode("loops");
    await page.click('[data-testid="governor-play"]');
    await page.waitForFunction((s) => document.querySelector('[data-testid="governor-step"]')?.textContent === s, String(loops.answers.length), { timeout: 60_000 });
    const shown = await page.$$eval('[data-testid="governor-table"] tbody tr', (rs) => rs.map((r) => `${r.getAttribute("data-decision")}:${r.getAttribute("data-code")}`));
    equal(JSON.stringify(shown), JSON.stringify(loops.answers.map((a) => `${JSON.parse(a).decision}:${JSON.parse(a).code}`)), "each event's decision and code");
    assert(shown.some((s) => s.startsWith("stuck:loop_")), "loops are refused as stuck");
    equal(await $text("governor-report-md"), loops.markdown, "the loops' final report");
    await page.selectOption('[data-testid="governor-builtin"]', "strict-large-stop");
  });

  await check("exact counts: the Jsondocs tab at a maxTokens budget with ctxpack/tokenizer equals Node's assembleContext with tokenCounter: countTokens", async () => {
    await page.click('[data-testid="tab-jsondocs"]');
    assert(await page.isVisible('[data-testid="ctxpack-context"]'), "jsondocs view back");
    const inNodeExact = (maxTokens, tokenCounter) => assembleContext({ documents: project.documents, edges: project.edges, profile, request: "generate episodes 7-12", maxChars: 16000, maxTokens, cap: "degrade" }, tokenCounter === undefined ? undefined : { tokenCounter });
    await page.click('[data-testid="budget-max-tokens-on"]');
    await page.locator('[data-testid="budget-max-tokens"]').fill("1500");
    const estimated = inNodeExact(1500);
    await settled((t) => document.querySelector('[data-testid="manifest-tokens"]')?.textContent === t, estimated.manifest.totals.tokens.toLocaleString("en-US"));
    equal(await contextText(), estimated.context, "with the estimator at 1,500 tokens");
    equal(await $text("manifest-token-counter"), "estimate:o200k", "the estimator measured it");

    // ctxpack/react's worker for a vocabulary carries its ctxpack/tokenizer entry; the page's own
    // copy (ctxpack-tokenizer-*) is only for a browser where the worker cannot start.
    const fetched = (re) => requested.filter((u) => re.test(u)).length;
    const o200kWorker = /assembly-worker-o200k-[^/]*\.js$/;
    const cl100kWorker = /assembly-worker-cl100k-[^/]*\.js$/;
    const pageTokenizer = /ctxpack-tokenizer-[^/]*\.js$/;
    equal(fetched(o200kWorker) + fetched(cl100kWorker) + fetched(pageTokenizer), 0, "no tokenizer fetched before an exact counter is chosen");
    // While the worker loads the tokenizer the page says so and keeps painting.
    await page.evaluate(() => {
      const w = window;
      w.__loadingShown = false;
      w.__loadFrames = 0;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="counter-status"]')?.textContent?.includes("Loading ctxpack/tokenizer")) w.__loadingShown = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      const tick = () => {
        if (document.querySelector(".app")?.getAttribute("data-busy") === "true") w.__loadFrames++;
        if (w.__loadFrames < 1e6) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.click('[data-testid="counter-o200k"]');
    await settled(() => document.querySelector('[data-testid="manifest-token-counter"]')?.textContent === "host:countTokens");
    assert(await page.evaluate(() => window.__loadingShown), "the page said the tokenizer was loading");
    const loadFrames = await page.evaluate(() => window.__loadFrames);
    assert(loadFrames > 0, `frames kept coming while the worker loaded the tokenizer (${loadFrames})`);
    equal(fetched(o200kWorker), 1, "the o200k worker fetched once");
    equal(fetched(cl100kWorker) + fetched(pageTokenizer), 0, "nothing else of the tokenizers fetched");
    console.log(`  # exact o200k: ${loadFrames} frames painted while the worker loaded ctxpack/tokenizer/o200k and assembled`);
    const exact = inNodeExact(1500, countTokens);
    equal(await contextText(), exact.context, "the context at 1,500 exact o200k tokens, byte for byte");
    assert(exact.context !== estimated.context, "exact counts change what fits");
    equal(await $text("manifest-tokens"), exact.manifest.totals.tokens.toLocaleString("en-US"), "the manifest's tokens");
    equal(await $text("manifest-token-counter-calls"), String(exact.manifest.totals.tokenCounterCalls), "tokenCounterCalls");
    equal(Number((await $text("used-tokens")).replace(/\D/g, "")), exact.manifest.totals.tokens, "the meter: the budget's exact count");
    assert((await $text("meter")).includes("tokens (exact o200k)"), "the meter says exact o200k");
    await shot("exact-tokens.png", page.locator('[data-testid="meter"]'));

    await page.click('[data-testid="counter-cl100k"]');
    await settled(() => document.querySelector('[data-testid="manifest-token-counter"]')?.textContent === "host:countTokensCl100k");
    const countTokensCl100k = (text) => countTokens(text, "cl100k");
    const cl100k = inNodeExact(1500, countTokensCl100k);
    equal(await contextText(), cl100k.context, "the context at 1,500 exact cl100k tokens");
    equal(await $text("manifest-token-counter-calls"), String(cl100k.manifest.totals.tokenCounterCalls), "cl100k tokenCounterCalls");
    await serverAgrees("exact cl100k counts (the server loads ctxpack/tokenizer too)");
    equal(Number((await $text("used-tokens")).replace(/\D/g, "")), cl100k.manifest.totals.tokens, "the meter in cl100k");
    equal(fetched(cl100kWorker), 1, "the cl100k worker fetched once");
    equal(fetched(pageTokenizer), 0, "the page's own copy of the tokenizers never fetched");

    await page.click('[data-testid="counter-estimate"]');
    await page.click('[data-testid="budget-max-tokens-on"]');
    await settled(() => document.querySelector('[data-testid="token-counter"]') === null);
    equal(await contextText(), inNode("generate episodes 7-12").context, "back to maxChars only");
  });

  await check('served without the server, the page says "server unreachable" and works', async () => {
    const alone = await serveStatic(join(www, "dist"));
    const other = await context.newPage();
    try {
      const errors = [];
      other.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      other.on("pageerror", (e) => errors.push(String(e)));
      await other.goto(`${origin(alone)}/`);
      await other.waitForSelector('[data-testid="ctxpack-context"]', WAIT);
      equal(await serverState(other), "unreachable", "the server comparison");
      equal(await other.textContent('[data-testid="server-verdict"]'), "server unreachable", "the verdict shown");
      const hash = sha256(await other.textContent('[data-testid="ctxpack-context"]'));
      equal(await other.getAttribute('[data-testid="browser-sha"]', "title"), hash, "the worker's hash is still shown");
      equal(await other.textContent('[data-testid="server-sha"]'), "—", "no server hash");
      equal(errors.length, 0, `console errors: ${errors.join(" | ")}`);
    } finally {
      await other.close();
      alone.close();
    }
  });

  await check("no console errors during the whole session", () => {
    equal(consoleErrors.length, 0, `console errors: ${consoleErrors.join(" | ")}`);
  });
} finally {
  await browser.close();
  server.close();
  apiServer.close();
}
finish();
