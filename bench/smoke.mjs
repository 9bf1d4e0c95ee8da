// A quick run of every contender on 200 documents: they agree on what is included. No timing.
import assert from "node:assert/strict";
import { documents } from "./workload.mjs";
import { agreement } from "./contenders.mjs";

const docs = documents(200);
const rows = agreement(docs, JSON.stringify(docs));
for (const row of rows) assert.ok(row.sameIncluded, `${row.name} included a different set`);
assert.ok(rows[0].included > 0);
console.log(`bench smoke: ${rows.length} passed, 0 failed`);
