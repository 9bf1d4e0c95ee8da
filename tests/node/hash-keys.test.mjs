// The core's maps of caller-chosen strings (document ids, object keys, type names) hash under
// keys the module draws from the host when it starts (src/hash.rs, glue.js `randomBytes`):
// wasm32-unknown-unknown has no randomness of its own, so std's keys would be the same in every
// process, and ids chosen to collide could make a call quadratic.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { ContextAssembler, CtxpackError } from "ctxpack";

const require = createRequire(import.meta.url);
const snippets = new URL("../../pkg/web/snippets/", import.meta.url);
const glue = await import(new URL(`${readdirSync(snippets)[0]}/src/wasm/glue.js`, snippets).href);

test("randomBytes fills its array from crypto.getRandomValues, and from Math.random without it", () => {
  const a = new Uint8Array(16);
  const b = new Uint8Array(16);
  glue.randomBytes(a);
  glue.randomBytes(b);
  assert.notDeepEqual(a, b);
  const crypto = Object.getOwnPropertyDescriptor(globalThis, "crypto");
  Object.defineProperty(globalThis, "crypto", { value: undefined, configurable: true, writable: true });
  try {
    const c = new Uint8Array(16);
    glue.randomBytes(c);
    assert.ok(c.some((x) => x !== 0));
  } finally {
    Object.defineProperty(globalThis, "crypto", crypto);
  }
});

test("every process keys its maps anew when the module starts", () => {
  // Each child loads the package and reports the keys its start drew (the glue's only call of
  // randomBytes, which fills them from crypto.getRandomValues): two processes must not share them.
  const child = `
    const web = globalThis.crypto;
    const draw = web.getRandomValues.bind(web);
    let seen = null;
    web.getRandomValues = (into) => { draw(into); seen ??= Buffer.from(into).toString("hex"); return into; };
    require(${JSON.stringify(require.resolve("ctxpack"))});
    process.stdout.write(String(seen));
  `;
  const run = () => execFileSync(process.execPath, ["-e", child], { encoding: "utf8" });
  const [a, b] = [run(), run()];
  assert.match(a, /^[0-9a-f]{32}$/);
  assert.notEqual(a, b);
});

test("duplicate ids are found among 60,000 that share long prefixes, wherever the pair is", () => {
  const doc = (id) => ({ id, schema_type: "note", origin_type: "ai_generated", created_at: 0, data: {} });
  const ids = Array.from({ length: 60_000 }, (_, i) => `project-0000-episode-outline-${i}`);
  const asm = new ContextAssembler({ defaultIntent: "general", intents: { general: { others: "include" } } });
  assert.equal(asm.assemble({ documents: ids.map(doc), maxChars: 100 }).manifest.documents.length, ids.length);
  for (const [first, second] of [[0, 59_999], [31_337, 31_338], [59_998, 59_999]]) {
    const documents = ids.map(doc);
    documents[second] = doc(ids[first]);
    assert.throws(
      () => asm.assemble({ documents, maxChars: 100 }),
      (e) => e instanceof CtxpackError && e.code === "DUPLICATE_ID" && e.path === `/documents/${second}/id` && e.message.includes(`document ${first}`),
    );
  }
});
