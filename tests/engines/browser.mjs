// The engines' shared vectors in headless Chromium: a page imports each entry's browser build
// (pkg/<dir>/index.js, the wasm inlined) and replays tests/vectors/<set>/ with the same code as
// the Node runner (tests/engines/vectors.mjs). Run after `npm run build`.
// Prints one line per set and exits non-zero on any difference.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../support/chromium.mjs";
import { origin, serveFiles } from "../support/server.mjs";
import { VECTOR_SETS } from "./vectors.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<script type="module">
import { ENTRIES } from "/scripts/entries.mjs";
import { replay } from "/tests/engines/vectors.mjs";
const read = async (path) => { const r = await fetch("/" + path); return r.ok ? r.text() : null; };
window.__replay = async (set, names) => {
  const entry = ENTRIES.find((e) => e.name === set.entry || e.subpath === "./" + set.entry);
  const module = await import(entry.dir === "" ? "/pkg/index.js" : \`/pkg/\${entry.dir}/index.js\`);
  return replay(set, names, { [set.entry]: module }, read);
};
// Long documents text is read in chunks (src/jsondoc/chunked.rs), string and bytes: the same
// result as objects, here as in Node (tests/node/chunked.test.mjs).
window.__chunks = async () => {
  const { assembleContext } = await import("/pkg/index.js");
  const { documents, request } = await import("/bench/workload.mjs");
  const docs = documents(2000);
  const text = JSON.stringify(docs);
  const failures = [];
  for (const cap of ["stop", "degrade"]) {
    const want = JSON.stringify(assembleContext({ documents: docs, request, maxChars: 40000, cap }));
    const forms = { text, bytes: new TextEncoder().encode(text), "whole input": JSON.stringify({ documents: docs, request, maxChars: 40000, cap }) };
    for (const [form, given] of Object.entries(forms)) {
      const got = JSON.stringify(form === "whole input" ? assembleContext(given) : assembleContext({ documents: given, request, maxChars: 40000, cap }));
      if (got !== want) failures.push(\`\${form}, \${cap}: differs from objects\`);
    }
  }
  return { failures, units: text.length };
};
window.__ready = true;
</script></body></html>`;

const server = await serveFiles({ root, files: { "/__engines__.html": html } });
const browser = await launchChromium({ timeout: 0 });
let failed = 0;
try {
  const page = await browser.newPage();
  page.setDefaultTimeout(0);
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`console error: ${m.text()}`));
  // A module of the page that throws never sets __ready: fail on its error instead of waiting.
  const broken = new Promise((_, reject) => page.on("pageerror", (e) => reject(new Error(`the page failed before it was ready: ${e}`))));
  await page.goto(`${origin(server)}/__engines__.html`);
  await Promise.race([page.waitForFunction(() => window.__ready === true), broken]);
  for (const set of VECTOR_SETS) {
    const names = set.single ? ["inputs"] : readdirSync(join(root, "tests", "vectors", set.dir, "inputs")).filter((f) => f.endsWith(set.inputs ?? ".json")).map((f) => f.slice(0, -(set.inputs ?? ".json").length)).sort();
    const failures = await page.evaluate(([s, n]) => window.__replay(s, n), [set, names]);
    if (failures.length === 0) console.log(`ok - chromium: ${set.dir}${set.single ? "" : `, ${names.length} vectors`} through ctxpack/${set.entry}`);
    else {
      failed++;
      console.log(`not ok - chromium: ${set.dir}\n  ${failures.join("\n  ")}`);
    }
  }
  const chunks = await page.evaluate(() => window.__chunks());
  if (chunks.failures.length === 0) console.log(`ok - chromium: documents as a long string and as bytes (${chunks.units} units, read in chunks) give what objects give`);
  else {
    failed++;
    console.log(`not ok - chromium: long documents text\n  ${chunks.failures.join("\n  ")}`);
  }
  if (problems.length) {
    failed++;
    console.log(`not ok - the page reported problems\n  ${problems.join("\n  ")}`);
  }
} finally {
  await browser.close();
  server.close();
}
process.exit(failed === 0 ? 0 : 1);
