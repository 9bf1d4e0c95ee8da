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
// no such file) and the loaded entries are given.

/** The vector sets: where they live, which entry runs them, and each function's text field. */
export const VECTOR_SETS = [
  { dir: "files", entry: "files", text: { preloadFiles: "block" } },
  { dir: "sections", entry: "files", text: { fitSections: "text" } },
  { dir: "code", entry: "code", text: {}, compact: true },
];

/**
 * Replays one set. `entries` maps an entry name to its loaded module, `names` lists the set's
 * vectors; returns one line per failure (empty when every vector gave the expected bytes).
 */
export async function replay(set, names, entries, read) {
  const failures = [];
  const m = entries[set.entry];
  for (const name of names) {
    const at = `tests/vectors/${set.dir}`;
    const vector = JSON.parse(await read(`${at}/inputs/${name}.json`));
    const fn = vector.function ?? vector.call;
    const args = vector.args ?? [vector.input];
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
