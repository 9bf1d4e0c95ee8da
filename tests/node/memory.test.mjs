// Giving WebAssembly memory back (glue.js memoryManager): releaseMemory() and the automatic
// release when a call returns past 64 MiB replace the entry's instance; what lives on must not
// notice. Each test runs in a fresh process, so the instance it watches is its own.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";

const pkg = new URL("../../pkg/", import.meta.url).pathname;

/** Runs `body` in a fresh Node with `instances()` (every instance made so far) and `memory()`. */
function run(body) {
  const script = `
    const made = [];
    const Instance = WebAssembly.Instance;
    WebAssembly.Instance = function (module, imports) {
      const instance = new Instance(module, imports);
      made.push(instance);
      return instance;
    };
    const instances = () => made.length;
    const memory = () => made.at(-1).exports.memory.buffer.byteLength;
    const out = (v) => process.stdout.write(JSON.stringify(v));
    const pkg = ${JSON.stringify(pkg)};
    const docs = (n, body) => Array.from({ length: n }, (_, i) => ({ id: "d" + i, schema_type: i % 2 ? "episode_synopsis" : "brainstorm_idea", origin_type: i % 3 ? "user_input" : "ai_generated", created_at: i * 1000, data: { title: "t" + i, body } }));
    ${body}
  `;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8", maxBuffer: 1 << 26 }));
}

test("memory past 64 MiB is given back once the entry has been idle for a second, not while busy", () => {
  const r = run(`
    const { assembleContext } = require(pkg + "index.cjs");
    const small = JSON.stringify(docs(100, "x"));
    assembleContext({ documents: small });
    const before = { instances: instances(), memory: memory() };
    // A whole input as bytes, read whole: \`documents\` this long, string or bytes, are read in
    // chunks and never take 64 MiB.
    const big = Buffer.from(JSON.stringify({ documents: docs(2000, "剧本设定 ".repeat(5000)), request: "write the script", maxChars: 20000 }));
    const input = big;
    const result = assembleContext(input);
    const busy = { instances: instances(), memory: memory() };
    // Calls keep coming: the memory they reuse stays.
    const started = Date.now();
    const tick = () => {
      if (Date.now() - started < 1600) {
        assembleContext(input);
        setTimeout(tick, 200);
        return;
      }
      const stillBusy = { instances: instances(), memory: memory() };
      setTimeout(() => out({ before, busy, stillBusy, idle: { instances: instances(), memory: memory() }, chars: result.manifest.totals.chars, utf8: big.length }), 1500);
    };
    tick();
  `);
  assert.ok(r.utf8 > 64 * 2 ** 20, "the call needed more than 64 MiB");
  assert.equal(r.busy.instances, r.before.instances, "not given back as the call returns");
  assert.ok(r.busy.memory > 64 * 2 ** 20);
  assert.equal(r.stillBusy.instances, r.before.instances, "not given back while calls keep coming");
  assert.equal(r.idle.instances, r.before.instances + 1, "a fresh instance once idle");
  assert.ok(r.idle.memory <= r.before.memory + 2 ** 20, `memory once idle: ${r.idle.memory} (before the big call: ${r.before.memory})`);
  assert.ok(r.chars > 0);
});

test("a release waiting for the entry to be idle does not keep Node running", () => {
  const r = run(`
    const { assembleContext } = require(pkg + "index.cjs");
    const before = process.getActiveResourcesInfo().filter((k) => k === "Timeout").length;
    assembleContext(Buffer.from(JSON.stringify({ documents: docs(2000, "剧本设定 ".repeat(5000)) })));
    const after = process.getActiveResourcesInfo().filter((k) => k === "Timeout").length;
    out({ before, after, memory: memory() });
  `);
  assert.ok(r.memory > 64 * 2 ** 20, "a release is waiting");
  assert.equal(r.after, r.before, "its timer keeps nothing alive (unref)");
});

test("small calls keep their instance; releaseMemory() gives back what they grew, once", () => {
  const r = run(`
    const { assembleContext, releaseMemory } = require(pkg + "index.cjs");
    const fresh = memory();
    assembleContext({ documents: JSON.stringify(docs(3000, "words ".repeat(200))) });
    const grown = memory();
    const kept = instances();
    const given = releaseMemory();
    const again = releaseMemory();
    out({ fresh, grown, kept, given, again, after: memory(), instances: instances() });
  `);
  assert.ok(r.grown > r.fresh, "the call grew memory");
  assert.ok(r.grown < 64 * 2 ** 20, "under the automatic threshold");
  assert.equal(r.given, r.grown - r.after);
  assert.ok(r.given > 0);
  assert.equal(r.instances, r.kept + 1);
  assert.equal(r.after, r.fresh, "a fresh instance's memory");
  assert.equal(r.again, 0, "nothing more to give");
});

test("a ContextAssembler lives on through a release: the same results, from its own copy of the profile", () => {
  const r = run(`
    const { ContextAssembler, releaseMemory } = require(pkg + "index.cjs");
    const profile = JSON.parse(require("fs").readFileSync(pkg + "../profiles/writing-app.json", "utf8"));
    let counted = 0;
    const counter = (text) => { counted++; return Math.ceil(text.length / 3); };
    const a = new ContextAssembler(profile, { tokenCounter: counter, limits: { maxDocuments: 5000 } });
    const input = { documents: docs(400, "plot ".repeat(40)), request: "write the script for episode 3", maxTokens: 3000 };
    const before = JSON.stringify(a.assemble(input));
    const countedBefore = counted;
    profile.budget = { maxChars: 10 }; // changed after construction: the assembler keeps its copy
    const given = releaseMemory();
    const after = JSON.stringify(a.assemble(input));
    let limitHeld;
    try { a.assemble({ documents: docs(5001, "x") }); } catch (e) { limitHeld = e.code; }
    a.free();
    let freed;
    try { a.assemble(input); } catch (e) { freed = e.code; }
    out({ same: before === after, given, countedBefore, countedAfter: counted - countedBefore, limitHeld, freed });
  `);
  assert.ok(r.given > 0);
  assert.ok(r.same, "identical results before and after the release");
  assert.ok(r.countedBefore > 0);
  assert.equal(r.countedAfter, r.countedBefore, "the caller's counter came along, called as often");
  assert.equal(r.limitHeld, "TOO_LARGE", "its limits came along");
  assert.equal(r.freed, "FREED");
});

test("nothing is given back inside a call, and the call goes on", () => {
  const r = run(`
    const { assembleContext, releaseMemory } = require(pkg + "index.cjs");
    const inside = [];
    const counter = (text) => { inside.push(releaseMemory()); return text.length; };
    const input = { documents: docs(50, "x".repeat(100)), maxTokens: 100000 };
    const first = JSON.stringify(assembleContext(input, { tokenCounter: counter }));
    const second = JSON.stringify(assembleContext(input, { tokenCounter: counter }));
    out({ inside: [...new Set(inside)], calls: inside.length, same: first === second, instances: instances() });
  `);
  assert.deepEqual(r.inside, [0]);
  assert.ok(r.calls > 0);
  assert.ok(r.same);
  assert.equal(r.instances, 1);
});

test("a live RunGovernor keeps its instance until it is freed", () => {
  const r = run(`
    const { RunGovernor, governorStep, releaseMemory } = require(pkg + "governor/index.cjs");
    const g = new RunGovernor();
    // Memory grown by a long string copied in (and refused: it is not JSON).
    try { governorStep("x".repeat(4_000_000), "x"); } catch {}
    const held = releaseMemory();
    const state = JSON.stringify(g.report());
    g.free();
    const given = releaseMemory();
    out({ held, state: state.length > 0, given, instances: instances() });
  `);
  assert.equal(r.held, 0);
  assert.ok(r.given > 0);
  assert.equal(r.instances, 2, "replaced once the governor was freed");
});

test("every entry exports releaseMemory, from import and require alike", async () => {
  for (const sub of ["", "files/", "code/", "governor/", "tokenizer/"]) {
    const esm = await import(`${pkg}${sub}index.mjs`);
    assert.equal(typeof esm.releaseMemory, "function", sub);
    assert.equal(typeof esm.releaseMemory(), "number", sub);
  }
});
