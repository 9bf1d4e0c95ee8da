// The shared vectors of the engines beyond jsondoc, replayed through the package's entries — the
// same code in Node (tests/node/engines.test.mjs) and in a Chromium page (tests/engines/browser.mjs).
// Each set lives in tests/vectors/<dir>/ with its own README: inputs/<name>.json is
// {description, function, input} (one argument) or {description, call, args} (positional
// arguments); expected/<name>.json is JSON.stringify(result, null, 2) — or JSON.stringify(result)
// for a set marked `compact` — expected/<name>.txt the result's text field byte for byte,
// expected/<name>.error.json the thrown CtxpackError's {code, path, message}. The Rust core wrote
// every expected file.
//
// Nothing here touches the file system or Node's APIs: `read(path)` (text, or null when there is
// no such file) and the loaded entries are given (scripts/entries.mjs is data).

import { ENTRIES } from "../../scripts/entries.mjs";

/**
 * The vector sets: where they live, which entry runs them, and each function's text field. An
 * engine's entry not named here replays tests/vectors/<its name>/ as calls (`{call, args}`, the
 * result compact), as tests/calls.rs does natively; the main entry's vectors have their own runner.
 */
const OWN_SETS = [
  { dir: "files", entry: "files", text: { preloadFiles: "block" } },
  { dir: "sections", entry: "files", text: { fitSections: "text" } },
  // Event logs (inputs/<name>.jsonl), replayed by replayGovernor below.
  { dir: "governor", entry: "governor", inputs: ".jsonl" },
  // One inputs.json and one expected.json, replayed by replayTokenizer below.
  { dir: "tokenizer", entry: "tokenizer", single: true },
  // The same vectors through the entries of one vocabulary: those of its vocabulary, with it
  // named and with none (the entry's own), and the other vocabulary refused.
  { dir: "tokenizer", entry: "tokenizer/o200k", single: true, vocabulary: "o200k" },
  { dir: "tokenizer", entry: "tokenizer/cl100k", single: true, vocabulary: "cl100k" },
];
export const VECTOR_SETS = [
  ...OWN_SETS,
  ...ENTRIES.filter((e) => e.subpath !== "." && !OWN_SETS.some((s) => s.entry === e.subpath.slice(2))).map((e) => ({ dir: e.name, entry: e.subpath.slice(2), text: {}, compact: true })),
];

/**
 * The counters a vector may name in its `tokenCounter` field, passed as the call's
 * `{tokenCounter}` (tests/files.rs counts the same natively). Named functions: the manifest
 * says `host:utf16`.
 */
const VECTOR_COUNTERS = {
  utf16: function utf16(text) {
    return text.length;
  },
};

/**
 * Replays one set. `entries` maps an entry name to its loaded module, `names` lists the set's
 * vectors; returns one line per failure (empty when every vector gave the expected bytes).
 */
export async function replay(set, names, entries, read) {
  if (set.dir === "governor") return replayGovernor(names, entries.governor, read);
  if (set.dir === "tokenizer") return replayTokenizer(entries[set.entry], read, set.vocabulary);
  const failures = [];
  const m = entries[set.entry];
  for (const name of names) {
    const at = `tests/vectors/${set.dir}`;
    const vector = JSON.parse(await read(`${at}/inputs/${name}.json`));
    const fn = vector.function ?? vector.call;
    const args = vector.args ?? [vector.input];
    if (vector.tokenCounter !== undefined) args.push({ tokenCounter: VECTOR_COUNTERS[vector.tokenCounter] });
    const call = m[fn];
    if (typeof call !== "function") {
      failures.push(`${set.dir}/${name}: ctxpack/${set.entry} has no export ${fn}`);
      continue;
    }
    let result;
    let thrown;
    try {
      result = call(...args);
    } catch (e) {
      thrown = e;
    }
    if (thrown !== undefined) {
      const expected = await read(`${at}/expected/${name}.error.json`);
      const { code, path, message } = thrown;
      const got = JSON.stringify({ code, path, message }, null, 2);
      if (expected === null) failures.push(`${set.dir}/${name}: threw ${got}`);
      else if (!(thrown instanceof m.CtxpackError)) failures.push(`${set.dir}/${name}: threw ${String(thrown)}, not a CtxpackError`);
      else if (got !== expected) failures.push(`${set.dir}/${name}: error\n${got}\nexpected\n${expected}`);
      continue;
    }
    const expected = await read(`${at}/expected/${name}.json`);
    const got = set.compact ? JSON.stringify(result) : JSON.stringify(result, null, 2);
    if (expected === null) failures.push(`${set.dir}/${name}: expected an error, got a result`);
    else if (got !== expected) failures.push(`${set.dir}/${name}: result differs\n${firstDifference(got, expected)}`);
    const field = set.text[fn];
    if (field !== undefined) {
      const text = await read(`${at}/expected/${name}.txt`);
      if (result[field] !== text) failures.push(`${set.dir}/${name}: ${field} differs\n${firstDifference(result[field], text ?? "")}`);
    }
  }
  return failures;
}

function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return `at ${i}: got ${JSON.stringify(a.slice(Math.max(0, i - 40), i + 80))}, expected ${JSON.stringify(b.slice(Math.max(0, i - 40), i + 80))}`;
}

/**
 * The run governor's event logs: each line pushed as JSON text and as an object, through the
 * pure governorStep, and with the run resumed from its JSON state before every event — all four
 * must give the decisions, state and report the Rust core wrote (tests/vectors/governor/README.md).
 */
async function replayGovernor(names, m, read) {
  const { RunGovernor, governorStep } = m;
  const failures = [];
  const answer = (f) => {
    try {
      return JSON.stringify(f());
    } catch (e) {
      return JSON.stringify({ error: { code: e.code, path: e.path, message: e.message } });
    }
  };
  for (const name of names) {
    const fail = (what, got, want) => failures.push(`governor/${name}: ${what}\n${firstDifference(got, want ?? "")}`);
    const text = await read(`tests/vectors/governor/inputs/${name}.jsonl`);
    const [header, ...events] = text.split("\n").filter((l) => l.trim() !== "");
    const { config } = JSON.parse(header);
    const asText = new RunGovernor(config);
    const asObject = new RunGovernor(config);
    let state = new RunGovernor(config).state();
    const lines = [];
    for (const [i, line] of events.entries()) {
      const got = answer(() => asText.push(line));
      let parsed;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      if (parsed !== undefined) {
        const object = answer(() => asObject.push(parsed));
        if (object !== got) fail(`event ${i}: pushed as an object`, object, got);
      }
      // The pure form: an error is at /event + the event's path, and the state stays as it was.
      try {
        const r = governorStep(state, line);
        if (JSON.stringify(r.decision) !== got) fail(`event ${i}: governorStep`, JSON.stringify(r.decision), got);
        state = r.state;
      } catch (e) {
        const want = JSON.parse(got).error;
        if (!want || e.code !== want.code || e.path !== "/event" + want.path) fail(`event ${i}: governorStep threw`, `${e.code} ${e.path}`, got);
      }
      const resumed = RunGovernor.fromState(JSON.stringify(asObject.state()));
      if (JSON.stringify(resumed.state()) !== JSON.stringify(asObject.state())) fail(`event ${i}: resumed from JSON`, JSON.stringify(resumed.state()), JSON.stringify(asObject.state()));
      resumed.free();
      lines.push(got);
    }
    const expected = (ext) => read(`tests/vectors/governor/expected/${name}.${ext}`);
    const decisions = lines.join("\n") + "\n";
    if (decisions !== (await expected("decisions.jsonl"))) fail("decisions", decisions, await expected("decisions.jsonl"));
    const wantState = await expected("state.json");
    for (const [how, s] of [["text", asText.state()], ["objects", asObject.state()], ["governorStep", state]]) {
      if (JSON.stringify(s) + "\n" !== wantState) fail(`state (${how})`, JSON.stringify(s) + "\n", wantState);
    }
    const report = JSON.stringify(asText.report(), null, 2) + "\n";
    if (report !== (await expected("report.json"))) fail("report", report, await expected("report.json"));
    if (asText.reportMarkdown() !== (await expected("report.md"))) fail("report (Markdown)", asText.reportMarkdown(), await expected("report.md"));
    for (const g of [asText, asObject]) g.free();
  }
  return failures;
}

/** Exact counts: every vector of tests/vectors/tokenizer/inputs.json through countTokens. */
async function replayTokenizer(m, read, only) {
  const { vectors } = JSON.parse(await read("tests/vectors/tokenizer/inputs.json"));
  const expected = JSON.parse(await read("tests/vectors/tokenizer/expected.json"));
  const failures = [];
  const count = (text, vocabulary) => {
    try {
      return { count: m.countTokens(text, vocabulary) };
    } catch (e) {
      return { error: e instanceof m.CtxpackError ? e.code : String(e) };
    }
  };
  let ran = 0;
  for (const v of vectors) {
    const vocabulary = v.vocabulary ?? "o200k";
    if (only && vocabulary !== only) continue;
    ran++;
    const parts = Array.isArray(v.text) ? v.text : [v.text];
    const text = parts.map((p) => (typeof p === "string" ? p : p.repeat.repeat(p.times))).join("");
    const got = count(text, only ? vocabulary : v.vocabulary ?? null);
    if (JSON.stringify(got) !== JSON.stringify(expected[v.name])) failures.push(`tokenizer/${v.name}: ${JSON.stringify(got)}, expected ${JSON.stringify(expected[v.name])}`);
    if (only) {
      const unnamed = count(text, null);
      if (JSON.stringify(unnamed) !== JSON.stringify(got)) failures.push(`tokenizer/${v.name} with no vocabulary: ${JSON.stringify(unnamed)}, with "${only}" ${JSON.stringify(got)}`);
    }
  }
  if (only) {
    const other = count("Hello", only === "o200k" ? "cl100k" : "o200k");
    if (other.error !== "INVALID_INPUT") failures.push(`tokenizer: the other vocabulary gave ${JSON.stringify(other)}, not INVALID_INPUT`);
  }
  if (ran === 0) failures.push("tokenizer: no vectors");
  return failures;
}
