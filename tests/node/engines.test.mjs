// The engines' shared vectors (tests/vectors/<set>/) through the built package in Node: every
// vector's result, text and errors byte for byte as the Rust core wrote them. The same replay
// runs in Chromium (tests/engines/browser.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { VECTOR_SETS, replay } from "../engines/vectors.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const read = async (path) => (existsSync(join(root, path)) ? readFileSync(join(root, path), "utf8") : null);

for (const set of VECTOR_SETS) {
  test(`vectors ${set.dir} through ctxpack/${set.entry}`, async () => {
    const names = set.single ? ["inputs"] : readdirSync(join(root, "tests", "vectors", set.dir, "inputs")).filter((f) => f.endsWith(set.inputs ?? ".json")).map((f) => f.slice(0, -(set.inputs ?? ".json").length)).sort();
    assert.ok(names.length > 0, `no vectors in tests/vectors/${set.dir}`);
    const entries = { [set.entry]: await import(`ctxpack/${set.entry}`) };
    const failures = await replay(set, names, entries, read);
    assert.deepEqual(failures, [], failures.join("\n\n"));
  });
}
