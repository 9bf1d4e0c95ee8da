// A quick run of every contender (ctxpack objects and JSON text, the plain-TypeScript reference,
// Priompt, prompt-tsx) once on 200 documents: they must include the same documents in the same
// order and produce the same context bytes. Run by `npm test` after `node bench/deps.mjs`. No
// timing, nothing about speed.
import assert from "node:assert/strict";
import { documents, options, paramRequest, request } from "./workload.mjs";
import { agreement } from "./contenders.mjs";
import { nodeContenders } from "./setup-node.mjs";

// The benchmark's budget, and one large enough that truncated and summarized documents are
// rendered too, so the trim ladder of the reference is checked against ctxpack's.
const budgets = [options, { ...options, maxChars: 300_000 }];
let passed = 0;
let failed = 0;
for (const budget of budgets) {
  const { contenders, peerErrors } = await nodeContenders({ budget, check: budget === options }); // type-checks bench/baseline.ts once
  assert.deepEqual(peerErrors, {}, "a peer library could not be loaded (bench/node_modules: run `node bench/deps.mjs`)");
  // The benchmark's requests, and a param range: the reference's param matching is checked too.
  for (const [bodyScale, asked] of [[1, request], [10, request], [1, paramRequest], [1, "write the scripts for episodes 2-4"]]) {
    const docs = documents(200, { bodyScale });
    const rows = await agreement(contenders, docs, JSON.stringify(docs), asked);
    const what = `maxChars ${budget.maxChars}, bodies ×${bodyScale}, "${asked}"`;
    for (const row of rows) {
      const ok = row.sameIncluded && row.sameContext;
      ok ? passed++ : failed++;
      console.log(`${ok ? "ok" : "FAILED"}: ${what}, ${row.name}: ${row.included} included, ${row.chars} chars${ok ? "" : ` (same included: ${row.sameIncluded}, same context: ${row.sameContext})`}`);
    }
    if (bodyScale === 1) assert.ok(rows[0].included > 0, `${what}: the workload should include documents`);
    if (asked !== request) assert.notEqual(rows[0].included, (await agreement(contenders.slice(0, 1), docs, JSON.stringify(docs), request))[0].included, `${what}: the params should change the selection`);
    assert.equal(rows.find((r) => r.name === "ctxpack").records, docs.length, "the manifest accounts for every document");
  }
}
console.log(`bench smoke: ${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
