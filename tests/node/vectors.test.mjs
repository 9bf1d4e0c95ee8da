// The shared vectors through the built package, exactly as a Node app imports it.
// The same files run natively (tests/vectors.rs) and in Chromium (tests/web.rs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { assembleContext, ContextAssembler } from "ctxpack";

const dir = new URL("../vectors/", import.meta.url);
const names = readdirSync(new URL("inputs/", dir)).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5)).sort();

function input(vector) {
  const { documents, request, profile, options } = vector;
  return { documents, ...(request !== undefined && { request }), ...(profile !== undefined && { profile }), ...options };
}

function expected(name) {
  return {
    context: readFileSync(new URL(`expected/${name}.context.txt`, dir), "utf8"),
    manifest: readFileSync(new URL(`expected/${name}.manifest.json`, dir), "utf8"),
  };
}

function same(name, result, want) {
  assert.equal(result.context, want.context, `${name}: context`);
  assert.equal(JSON.stringify(result.manifest, null, 2), want.manifest, `${name}: manifest`);
}

test("there are vectors", () => assert.ok(names.length > 0));

for (const name of names) {
  test(`vector ${name}`, () => {
    const vector = JSON.parse(readFileSync(new URL(`inputs/${name}.json`, dir), "utf8"));
    const want = expected(name);
    const obj = input(vector);
    same(name, assembleContext(obj), want);
    same(name, assembleContext(JSON.stringify(obj)), want);
    same(name, assembleContext({ ...obj, documents: JSON.stringify(obj.documents) }), want);
    // The same text as UTF-8 bytes, as read from a file (a Buffer) or fetched (a Uint8Array).
    same(name, assembleContext(Buffer.from(JSON.stringify(obj))), want);
    same(name, assembleContext({ ...obj, documents: new TextEncoder().encode(JSON.stringify(obj.documents)) }), want);
    const { profile, ...rest } = obj;
    const assembler = new ContextAssembler(profile);
    try {
      same(name, assembler.assemble(rest), want);
    } finally {
      assembler.free();
    }
  });
}

test("require() and import share one module instance", () => {
  const require = createRequire(import.meta.url);
  const cjs = require("ctxpack");
  assert.equal(cjs.assembleContext, assembleContext);
});
