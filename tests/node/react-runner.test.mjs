// ctxpack/react's worker side without a browser: AssemblyRunner against a fake Worker, driven by
// random interleavings of inputs and replies, and the hook's input comparison. The browser
// (tests/react/run.mjs) checks the same with the real worker; this checks every interleaving class.
import assert from "node:assert/strict";
import { test } from "node:test";

/** A Worker that holds what it was sent until the test answers it. */
class FakeWorker {
  static last = null;
  constructor(url, options) {
    this.url = String(url);
    this.options = options;
    this.sent = [];
    this.transfers = [];
    FakeWorker.last = this;
  }
  postMessage(message, transfer) {
    this.sent.push(message);
    this.transfers.push(transfer);
  }
  /** Answers the oldest message with a context naming its input. */
  answer() {
    const { seq, input } = this.sent.shift();
    this.onmessage({ data: { seq, ok: true, assembly: { context: `answer ${input.n}`, manifest: null } } });
  }
  terminate() {}
}
globalThis.Worker = FakeWorker;
const { AssemblyRunner } = await import("../../pkg/react/runner.js");
const { sameInput } = await import("../../pkg/react/input.js");

/** A small deterministic generator (mulberry32), so a failure repeats. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("latest input wins: one in flight, only the latest delivered, in order, the last always", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const next = random(seed);
    const delivered = [];
    let sent = 0;
    // `latest`: the newest input when the answer came; a stale answer is one for an older input.
    const runner = new AssemblyRunner((input, outcome) => delivered.push({ n: input.n, latest: sent, context: outcome.assembly.context }), true);
    const worker = FakeWorker.last;
    assert.equal(worker.url.endsWith("/assembly-worker.js"), true, "the package's worker file");
    assert.equal(worker.options.type, "module");
    const steps = 1 + Math.floor(next() * 40);
    for (let i = 0; i < steps; i++) {
      if (next() < 0.6) runner.send({ documents: [], n: ++sent });
      else if (worker.sent.length > 0) worker.answer();
      assert.ok(worker.sent.length <= 1, `seed ${seed}: more than one request in the worker`);
    }
    while (worker.sent.length > 0) worker.answer();
    const ns = delivered.map((d) => d.n);
    for (let i = 1; i < ns.length; i++) assert.ok(ns[i] > ns[i - 1], `seed ${seed}: delivered out of order: ${ns}`);
    for (const d of delivered) {
      assert.equal(d.context, `answer ${d.n}`, `seed ${seed}: an answer given to another input`);
      assert.equal(d.n, d.latest, `seed ${seed}: a stale answer shown (input ${d.n} while ${d.latest} was the newest)`);
    }
    if (sent > 0) assert.equal(ns.at(-1), sent, `seed ${seed}: the last input's answer was not delivered: ${ns}`);
    assert.ok(ns.length <= sent);
  }
});

test("documents and edges cross once: later inputs with the same ones reuse the worker's copy", () => {
  const documents = [{ id: "a" }];
  const edges = [];
  new AssemblyRunner(() => {}, true);
  const runner = new AssemblyRunner(() => {}, true);
  const worker = FakeWorker.last;
  const carried = [];
  const step = (input) => {
    runner.send(input);
    const message = worker.sent[0];
    carried.push(message.reuse ? "reuse" : message.input.documents === input.documents && message.input.edges === input.edges ? "carry" : "wrong");
    if (message.reuse) assert.equal("documents" in message.input || "edges" in message.input, false, "a reusing message carries no documents");
    worker.answer();
  };
  step({ documents, edges, n: 1 });
  step({ documents, edges, n: 2 });
  step({ documents: [...documents], edges, n: 3 });
  step({ documents: [...documents], edges, n: 4 });
  step({ documents, edges: [], n: 5 });
  assert.deepEqual(carried, ["carry", "reuse", "carry", "carry", "carry"]);
});

test("a worker that fails to load: the latest input is answered on the calling thread", () => {
  const delivered = [];
  const runner = new AssemblyRunner((input, outcome) => delivered.push({ input, outcome }), true);
  const worker = FakeWorker.last;
  runner.send({ documents: "[]", request: "a" });
  runner.send({ documents: "[]", request: { intent: "no-such-intent" } });
  worker.onerror({ preventDefault() {} });
  assert.equal(delivered.length, 1);
  assert.equal(delivered[0].outcome.ok, false);
  assert.equal(delivered[0].outcome.error.code, "UNKNOWN_INTENT");
  assert.equal(delivered[0].outcome.error.path, "/request/intent");
  runner.send({ documents: "[]", request: "b" });
  assert.equal(delivered.length, 2, "later inputs answered at once, on the calling thread");
  assert.equal(delivered[1].outcome.ok, true);
});

test("bytes that are their whole buffer are transferred; a view into a larger one, or text, is copied", () => {
  const cases = [
    [new Uint8Array(8), 1],
    [new Uint8Array(new ArrayBuffer(16), 4, 8), 0],
    ["[]", 0],
    [[], 0],
  ];
  for (const [documents, moved] of cases) {
    new AssemblyRunner(() => {}, true).send({ documents });
    assert.equal(FakeWorker.last.transfers[0].length, moved, `documents ${Object.prototype.toString.call(documents)}`);
    new AssemblyRunner(() => {}, false).send({ documents });
    assert.equal(FakeWorker.last.transfers[0].length, 0, "transfer: false copies");
  }
});

test("sameInput: documents and edges by identity, every other field by value", () => {
  const documents = [{ id: "a" }];
  const edges = [];
  const base = { documents, edges, request: { intent: "x", params: { n: 1 } }, maxChars: 10, profile: { rules: [] } };
  assert.equal(sameInput(base, { ...base, request: { intent: "x", params: { n: 1 } }, profile: { rules: [] } }), true, "inline copies");
  assert.equal(sameInput(base, { ...base, documents: [{ id: "a" }] }), false, "another documents array");
  assert.equal(sameInput(base, { ...base, edges: [] }), false, "another edges array");
  assert.equal(sameInput(base, { ...base, maxChars: 11 }), false, "another budget");
  assert.equal(sameInput(base, { ...base, request: { intent: "x", params: { n: 2 } } }), false, "other params");
  assert.equal(sameInput(base, { ...base, cap: "stop" }), false, "a field more");
  assert.equal(sameInput({ documents: "[1]" }, { documents: "[1]" }), true, "equal JSON text");
});

test("a tokenizer is a worker file of its own; the other vocabulary's file is never started", () => {
  for (const [tokenizer, file] of [[null, "/assembly-worker.js"], ["o200k", "/assembly-worker-o200k.js"], ["cl100k", "/assembly-worker-cl100k.js"]]) {
    new AssemblyRunner(() => {}, true, tokenizer);
    assert.equal(FakeWorker.last.url.endsWith(file), true, `${tokenizer}: ${FakeWorker.last.url}`);
    assert.equal(FakeWorker.last.options.type, "module");
  }
});

test("a tokenizer on the calling thread: imported first, the same manifest as assembleContext with its countTokens, only the latest delivered", async () => {
  const { assembleContext } = await import("ctxpack");
  const counters = { o200k: (await import("ctxpack/tokenizer/o200k")).countTokens, cl100k: (await import("ctxpack/tokenizer/cl100k")).countTokens };
  const names = { o200k: "countTokens", cl100k: "countTokensCl100k" };
  const { readFileSync } = await import("node:fs");
  const project = JSON.parse(readFileSync(new URL("../../samples/writing-project.json", import.meta.url), "utf8"));
  const profile = JSON.parse(readFileSync(new URL("../../profiles/writing-app.json", import.meta.url), "utf8"));
  for (const tokenizer of ["o200k", "cl100k"]) {
    const delivered = [];
    const runner = new AssemblyRunner((input, outcome) => delivered.push({ input, outcome }), true, tokenizer);
    // The worker cannot load: the calling thread takes over, with the counter imported there.
    FakeWorker.last.onerror({ preventDefault() {} });
    const inputs = [1200, 1300, 1400].map((maxTokens) => ({ documents: project.documents, edges: project.edges, profile, request: "generate episodes 7-12", maxTokens }));
    for (const input of inputs) runner.send(input);
    while (delivered.length === 0) await new Promise((r) => setTimeout(r, 5));
    // Give a stale answer (wrongly let through) time to arrive after the latest one.
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(delivered.length, 1, `${tokenizer}: only the latest input answered`);
    assert.equal(delivered[0].input, inputs[2]);
    const counter = Object.defineProperty((text) => counters[tokenizer](text), "name", { value: names[tokenizer] });
    const expected = assembleContext(inputs[2], { tokenCounter: counter });
    assert.equal(delivered[0].outcome.ok, true);
    assert.deepEqual(delivered[0].outcome.assembly, expected, `${tokenizer}: the manifest of assembleContext with its countTokens`);
    assert.equal(expected.manifest.totals.tokenCounter, `host:${names[tokenizer]}`);
  }
});
