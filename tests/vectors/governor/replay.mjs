// Replays tests/vectors/governor through a build of the `ctxpack/governor` entry and checks every
// byte against the expected files: each event line pushed as text and as an object, through the
// pure governorStep, and the run resumed from its JSON state. What the Node and Chromium runners
// do (README.md here); checked against a release web build before merging.
//
//   node tests/vectors/governor/replay.mjs [module]
//
// `module`: the entry to load (default: pkg/governor/index.mjs), or a wasm-bindgen `web` build's
// ctxpack.js (then instantiated here).
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const modulePath = process.argv[2] ?? new URL("../../../pkg/governor/index.mjs", import.meta.url).pathname;
const entry = await import(pathToFileURL(resolve(modulePath)).href);
if (typeof entry.initSync === "function" && modulePath.endsWith("ctxpack.js")) {
  entry.initSync({ module: readFileSync(modulePath.replace(/ctxpack\.js$/, "ctxpack_bg.wasm")) });
}
const { RunGovernor, governorStep } = entry;
const dir = new URL("./", import.meta.url).pathname;
const answer = (f) => { try { return JSON.stringify(f()); } catch (e) { return JSON.stringify({ error: { code: e.code, path: e.path, message: e.message } }); } };
let n = 0;
for (const file of readdirSync(dir + "inputs")) {
  const name = file.replace(/\.jsonl$/, "");
  const text = readFileSync(dir + "inputs/" + file, "utf8");
  const [header, ...events] = text.split("\n").filter((l) => l.trim() !== "");
  const { config } = JSON.parse(header);
  const asText = new RunGovernor(config), asObject = new RunGovernor(config);
  let s = new RunGovernor(config).state();
  const lines = [];
  for (const line of events) {
    const got = answer(() => asText.push(line));
    let parsed; try { parsed = JSON.parse(line); } catch { parsed = undefined; }
    if (parsed !== undefined) assert.equal(answer(() => asObject.push(parsed)), got, `${name}: object vs text`);
    // The pure form: a thrown error is at /event + the vector's path, and s stays as it was.
    try { const r = governorStep(s, line); assert.equal(JSON.stringify(r.decision), got); s = r.state; }
    catch (e) { if (e instanceof assert.AssertionError) throw e; const want = JSON.parse(got).error; assert.equal(e.code, want.code); assert.equal(e.path, "/event" + want.path); }
    // Resumed from its JSON text before the next event, a run goes on the same way.
    const resumed = RunGovernor.fromState(JSON.stringify(asObject.state()));
    assert.equal(JSON.stringify(resumed.state()), JSON.stringify(asObject.state()), `${name}: resumed`);
    resumed.free();
    lines.push(got);
  }
  const exp = (ext) => readFileSync(`${dir}expected/${name}.${ext}`, "utf8");
  assert.equal(lines.join("\n") + "\n", exp("decisions.jsonl"), name);
  assert.equal(JSON.stringify(asText.state()) + "\n", exp("state.json"), name + " state");
  assert.equal(JSON.stringify(asObject.state()) + "\n", exp("state.json"), name + " state (objects)");
  assert.equal(JSON.stringify(s) + "\n", exp("state.json"), name + " state (pure)");
  assert.equal(JSON.stringify(asText.report(), null, 2) + "\n", exp("report.json"), name + " report");
  assert.equal(asText.reportMarkdown(), exp("report.md"), name + " md");
  n++;
}
console.log(`${n} vectors: Node == native`);
