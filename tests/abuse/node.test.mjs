// Boundary abuse in Node: every export and ContextAssembler method against hostile values (see
// cases.mjs), each followed by a correct call that must return the reference answer.
// Run after `npm run build`: node --test tests/abuse/
// Set ABUSE_REPORT=<file> to also write the records and figures as JSON.
import { wasmExports } from "./wasm-probe.mjs"; // before ctxpack: it watches the wasm instance
import * as ctxpack from "ctxpack";
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { start, GROUPS, ISOLATED, describeFailures, describeOpenBugs, isOpenBug } from "./cases.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
const env = {
  wasm: wasmExports,
  gc,
  memory: () => {
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
  },
};

const run = start(ctxpack, env); // reference answers, before any abuse
const isolated = [];
let passed = 0;
let failed = 0;

let skipped = 0;

function check(records, t) {
  for (const r of records) r.pass ? passed++ : isOpenBug(r) ? skipped++ : failed++;
  const open = describeOpenBugs(records);
  if (open && t) t.diagnostic(open);
  const failures = describeFailures(records);
  assert.equal(records.filter((r) => !r.pass && !isOpenBug(r)).length, 0, `\n${failures}`);
}

for (const name of Object.keys(GROUPS)) {
  test(`abuse: ${name}`, (t) => check(run.group(name), t));
}

for (const name of ISOLATED) {
  test(`abuse (fresh instance): ${name}`, (t) => {
    const out = execFileSync(process.execPath, [join(here, "isolated.mjs"), name], { cwd: root, encoding: "utf8", maxBuffer: 1 << 24 });
    const record = JSON.parse(out);
    isolated.push(record);
    check([record], t);
  });
}

test("abuse: prototypes untouched, the shared assembler freed, and the figures", (t) => {
  const { records, figures, last } = run.finish();
  if (process.env.ABUSE_REPORT) writeFileSync(process.env.ABUSE_REPORT, JSON.stringify({ records: [...records, ...isolated], figures }, null, 1));
  for (const [name, f] of [["resources", figures.resources], ["resources (host exceptions)", figures.resourcesHostErrors], ["resources (cyclic values)", figures.resourcesCyclic]]) {
    if (f) t.diagnostic(`${name}: ${f.calls} calls in ${f.ms} ms; before ${JSON.stringify(f.before)}; growth ${JSON.stringify(f.growth)}`);
  }
  t.diagnostic(`group timings (ms): ${JSON.stringify(figures.timings)}; wasm at the end: ${JSON.stringify(figures.wasm)}`);
  check(last, t);
  t.diagnostic(`abuse (node): ${passed} passed, ${failed} failed, ${skipped} skipped (open bugs)`);
});
