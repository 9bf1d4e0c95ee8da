// The governor's flat crossing against the tape it replaced: the same odd events (lone
// surrogates, -0, NaN, BigInt, getters that throw or count, a Proxy, `__proto__`, a class with
// toJSON, long text, nested errors; objects and JSON text) pushed through two builds of the
// governor entry, and through governorStep, under several limits; every decision, error and
// final state must be the same bytes. Not part of `node --test` (it needs a second build):
//
//   node tests/node/governor-flat-diff.mjs OLD/index.mjs NEW/index.mjs
//
// e.g. OLD = a copy of pkg/governor built from main before the change, NEW = pkg/governor.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [oldPath, newPath] = process.argv.slice(2);
if (!oldPath || !newPath) throw new Error("usage: node tests/node/governor-flat-diff.mjs OLD/index.mjs NEW/index.mjs");
const [A, B] = await Promise.all([oldPath, newPath].map((p) => import(pathToFileURL(resolve(p)).href)));
const mk = () => {
  let n = 0;
  const throwing = { type: "command", get command() { n++; throw new Error("boom " + n); } };
  const counting = { type: "command", get command() { n++; return "npm test " + n; } };
  const proxy = new Proxy({ type: "tokens", count: 5 }, { ownKeys: (t) => ["count", "type"], getOwnPropertyDescriptor: (t, k) => ({ value: t[k], enumerable: true, configurable: true }) });
  const protoKey = JSON.parse('{"type":"tokens","count":3,"__proto__":1}');
  const nullProto = Object.assign(Object.create(null), { type: "web_request", url: "x" });
  class Ev { constructor() { this.type = "tokens"; this.count = 2; } toJSON() { return { type: "command", command: "evil" }; } }
  return [
    { type: "command", command: "npm test", exitCode: 1, output: "a\ud800b" },
    { type: "command", command: "npm\ud800 test" },
    { type: "command", command: "ls 😀", output: "😀 error in src/a.ts" },
    { type: "command", command: "ls", exitCode: -0 },
    { type: "command", command: "ls", exitCode: 0 },
    { type: "tokens", count: NaN },
    { type: "tokens", count: Infinity },
    { type: "tokens", count: 1e21 },
    { type: "tokens", count: 1.5 },
    { type: "tokens", count: 5, extra: undefined },
    { type: "tokens", count: 5, step: null },
    { type: "tokens", count: 5, step: undefined, 0: 1 },
    { type: "tokens", count: 5n },
    { type: "tokens", count: () => 1 },
    { type: "tokens", count: Symbol("x") },
    { type: "tokens", count: new Uint8Array(2) },
    { type: "Tokens", count: 5 },
    { type: "tokens", count: "5" },
    { type: "tokens", count: 5, unknown: 1 },
    { type: "tests_result", passed: true, errors: [{ file: "a.ts", message: "x" }] },
    { type: "tests_result", passed: true, errors: [] },
    { type: "tests_result", passed: false, errors: [{ get file() { n++; return `a${n}.ts`; }, message: "x" }], get output() { n++; return `FAIL ${n}`; } },
    { type: "tests_result", get passed() { n++; return n % 2 === 0; }, errors: [{ file: "b.ts", get message() { throw new Error(`deep ${n}`); } }], output: "never read" },
    { type: "patch", file: "", diff: "+x" },
    { type: "patch", file: "a\u0000b.ts", diff: "+\"x\"\\\n\t" },
    { type: "web_request" },
    { type: "", count: 1 },
    {},
    [],
    null,
    undefined,
    42,
    "not json",
    '{"type":"tokens","count":5,"count":6}',
    '{"type":"tokens","count":5} x',
    '{"type":"tokens","count":5, "step": "a\\ud800"}',
    '  {"type" : "web_request" , "url":"u"}  ',
    throwing,
    throwing,
    counting,
    proxy,
    protoKey,
    nullProto,
    new Ev(),
    { type: "command", command: "x".repeat(300), output: "y".repeat(5000) },
    { type: "command", command: "a", output: "x".repeat(2e6) },
  ];
};
const run = (M, evs, options) => {
  const g = options ? new M.RunGovernor({}, options) : new M.RunGovernor({});
  const out = [];
  for (const e of evs) {
    try { out.push(JSON.stringify(g.push(e))); } catch (err) { out.push(`ERR ${err.code} ${err.path} ${err.message}`); }
  }
  out.push(JSON.stringify(g.state()));
  g.free();
  return out;
};
let bad = 0;
for (const options of [undefined, { limits: { maxDepth: 1 } }, { limits: { maxDepth: 2 } }, { limits: { maxTextLength: 20 } }]) {
  const a = run(A, mk(), options), b = run(B, mk(), options);
  a.forEach((x, i) => { if (x !== b[i]) { bad++; console.log("DIFF", JSON.stringify(options), i, "\n  old:", x.slice(0, 300), "\n  new:", b[i].slice(0, 300)); } });
  // governorStep too
  const sa = A.RunGovernor ? (() => { const g = new A.RunGovernor({}); const s = g.state(); g.free(); return s; })() : null;
  const ea = mk(), eb = mk();
  for (let i = 0; i < ea.length; i++) {
    const f = (M) => { const e = M === A ? ea[i] : eb[i]; try { return JSON.stringify(M.governorStep(sa, e, options)); } catch (err) { return `ERR ${err.code} ${err.path} ${err.message}`; } };
    const x = f(A), y = f(B);
    if (x !== y) { bad++; console.log("STEP DIFF", x.slice(0, 200), y.slice(0, 200)); }
  }
}
console.log(bad === 0 ? "identical" : `${bad} differences`);
if (bad > 0) process.exitCode = 1;
