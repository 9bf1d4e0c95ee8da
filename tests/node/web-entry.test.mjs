// The /web entries (the wasm as a separate file, loaded by `await init()`), in Node with the
// module's bytes handed over (Node's fetch reads no file: URLs): every export refuses to run
// before init() resolves, then answers exactly as the default entry does; init() is loaded once,
// returns the compiled module for a worker, and may be retried after a failure.
// Browsers, bundlers and a worker sharing the module: tests/runtimes/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { ENTRIES } from "../../scripts/entries.mjs";

const pkg = join(dirname(createRequire(import.meta.url).resolve("ctxpack/package.json")), "pkg");
const load = (dir, file) => import(pathToFileURL(join(pkg, dir, file)).href);
const wasmOf = (dir) => readFileSync(join(pkg, dir, "web", "ctxpack_bg.wasm"));

test("ctxpack/web: NOT_INITIALIZED before init(), then the default entry's answers", async () => {
  const web = await load("", "index.web.js");
  const main = await import("ctxpack");
  for (const call of [() => web.version(), () => web.assembleContext({}), () => new web.ContextAssembler({})]) {
    assert.throws(call, (e) => e instanceof main.CtxpackError && e.code === "NOT_INITIALIZED" && e.path === "" && /await init\(\)/.test(e.message));
  }
  // A failed init rejects and leaves the entry uninitialized; the next init() may succeed.
  await assert.rejects(web.init(new Uint8Array([0, 97, 115, 109, 9, 9, 9, 9])));
  assert.throws(() => web.version(), (e) => e.code === "NOT_INITIALIZED");
  const module = await web.init(wasmOf(""));
  assert.ok(module instanceof WebAssembly.Module);
  assert.equal(await web.init(), module, "a second init() resolves to the same module, without fetching");
  const project = JSON.parse(readFileSync(new URL("../../samples/writing-project.json", import.meta.url), "utf8"));
  const profile = JSON.parse(readFileSync(new URL("../../profiles/writing-app.json", import.meta.url), "utf8"));
  const input = { documents: project.documents, edges: project.edges, profile, request: "生成第7-12集" };
  assert.equal(web.assembleContext(input).context, main.assembleContext(input).context);
  const assembler = new web.ContextAssembler(profile);
  assert.ok(assembler instanceof web.ContextAssembler);
  assert.equal(assembler.assemble({ documents: project.documents, edges: project.edges, request: "生成第7-12集" }).context, main.assembleContext(input).context);
  assembler.free();
  assert.throws(() => assembler.assemble({ documents: [], request: "x" }), (e) => e.code === "FREED");
});

test("every /web entry gates its exports, static factories included, and a compiled module serves a second instance", async () => {
  for (const { name, dir } of ENTRIES.filter((e) => e.dir !== "")) {
    const web = await load(dir, "index.web.js");
    const exported = Object.keys(web).filter((k) => !["init", "CtxpackError"].includes(k));
    assert.ok(exported.length > 0, `${name}/web exports nothing but init`);
    for (const key of exported) {
      assert.throws(() => web[key](), (e) => e.code === "NOT_INITIALIZED", `${name}/web ${key}() before init()`);
    }
    if (name === "governor") assert.throws(() => web.RunGovernor.fromState("{}"), (e) => e.code === "NOT_INITIALIZED" && /RunGovernor\.fromState/.test(e.message));
    // What a page posts to its worker: the module init() resolved to, instantiated again.
    const module = await WebAssembly.compile(wasmOf(dir));
    assert.equal(await web.init(module), module);
    assert.equal(typeof web.version(), "string");
  }
});
