// Exact token counts (the `ctxpack/tokenizer` entry) held to npm `gpt-tokenizer`.
//
//   node scripts/tokenizer-check.mjs --write        writes tests/tokens/exact.json: gpt-tokenizer's
//                                                   counts of every corpus file (whole) and of every
//                                                   vector in tests/vectors/tokenizer/inputs.json
//   node scripts/tokenizer-check.mjs --check        fails if exact.json would change (no writes)
//   node scripts/tokenizer-check.mjs <glue.js>      loads a built entry (wasm-bindgen glue, nodejs or
//                                                   ESM, or the package entry) and checks its
//                                                   countTokens against gpt-tokenizer, live, on the
//                                                   whole corpus (every file whole, every piece of
//                                                   tests/tokens/counts.json), both vocabularies,
//                                                   and on every vector (counts, and the error code
//                                                   where tests/vectors/tokenizer/expected.json has one)
//
// gpt-tokenizer counts special tokens as ordinary text here (`disallowedSpecial: new Set()`), as
// ctxpack does. `cargo test --features tokenizer --test tokenizer` checks the Rust core against the
// committed exact.json and counts.json, so it needs no Node.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as o200k from "gpt-tokenizer/encoding/o200k_base";
import * as cl100k from "gpt-tokenizer/encoding/cl100k_base";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const CORPUS = join(root, "tests/tokens/corpus");
const EXACT = join(root, "tests/tokens/exact.json");
const VECTORS = join(root, "tests/vectors/tokenizer");
const TOKENIZER = `gpt-tokenizer ${JSON.parse(readFileSync(join(root, "node_modules/gpt-tokenizer/package.json"), "utf8")).version}`;
const ordinary = { disallowedSpecial: new Set() };
const reference = { o200k: (t) => o200k.encode(t, ordinary).length, cl100k: (t) => cl100k.encode(t, ordinary).length };
const VOCABULARIES = ["o200k", "cl100k"];

/** FNV-1a (32 bit) of the UTF-8 bytes, as scripts/tokens-report.mjs and the Rust test compute it. */
export function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const b of Buffer.from(text, "utf8")) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

/** Every corpus file, `kind/name`, sorted. */
export function corpusFiles() {
  return readdirSync(CORPUS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join(CORPUS, d.name)).map((f) => `${d.name}/${f}`))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(CORPUS, file), "utf8") }));
}

/** The pieces of tests/tokens/counts.json, cut from the corpus as their ids say (`file:first-last`). */
export function corpusPieces(files) {
  const byName = new Map(files.map((f) => [f.file, f.text.split(/(?<=\n)/)]));
  const counts = JSON.parse(readFileSync(join(root, "tests/tokens/counts.json"), "utf8"));
  return counts.pieces.map((p) => {
    const [, file, first, last] = /^(.*):(\d+)-(\d+)$/.exec(p.id);
    const text = byName.get(file).slice(Number(first) - 1, Number(last)).join("");
    if (fnv1a(text) !== p.fnv) throw new Error(`${p.id}: the corpus changed since counts.json; run node scripts/tokens-report.mjs`);
    return { id: p.id, text };
  });
}

/** A vector's text: a string, or parts (strings and `{repeat, times}`) joined. */
export function vectorText(spec) {
  const parts = typeof spec === "string" ? [spec] : spec;
  return parts.map((p) => (typeof p === "string" ? p : p.repeat.repeat(p.times))).join("");
}

export function vectors() {
  return JSON.parse(readFileSync(join(VECTORS, "inputs.json"), "utf8")).vectors.map((v) => ({
    ...v,
    vocabulary: v.vocabulary ?? "o200k",
    text: vectorText(v.text),
  }));
}

function exactJson() {
  const files = corpusFiles().map(({ file, text }) => ({ file, fnv: fnv1a(text), o200k: reference.o200k(text), cl100k: reference.cl100k(text) }));
  // Vectors marked `"reference": false` are runs gpt-tokenizer takes minutes on (its merge is
  // quadratic in a run's length): they have no reference count here; tests/tokenizer.rs holds
  // them to tiktoken-rs's merge instead.
  const vecs = Object.fromEntries(vectors().filter((v) => v.reference !== false).map((v) => [v.name, reference[v.vocabulary](v.text)]));
  return (
    `{\n"generatedBy": "node scripts/tokenizer-check.mjs --write", "tokenizer": "${TOKENIZER}",\n"files": [\n` +
    files.map((f) => JSON.stringify(f)).join(",\n") +
    `\n],\n"vectors": {\n` +
    Object.entries(vecs).map(([k, n]) => `${JSON.stringify(k)}: ${n}`).join(",\n") +
    `\n}\n}\n`
  );
}

async function load(path) {
  const abs = resolve(path);
  try {
    return createRequire(import.meta.url)(abs);
  } catch (e) {
    if (e.code !== "ERR_REQUIRE_ESM") throw e;
    return import(pathToFileURL(abs).href);
  }
}

const arg = process.argv[2];
if (arg === "--write" || arg === "--check") {
  const text = exactJson();
  if (arg === "--write") {
    writeFileSync(EXACT, text);
    console.log(`wrote ${EXACT}`);
  } else if (readFileSync(EXACT, "utf8") !== text) {
    console.error("tests/tokens/exact.json is stale: run node scripts/tokenizer-check.mjs --write");
    process.exit(1);
  } else console.log("tests/tokens/exact.json is up to date");
} else if (arg) {
  const m = await load(arg);
  const countTokens = m.countTokens ?? m.default?.countTokens;
  const files = corpusFiles();
  const texts = [...files.map((f) => ({ id: f.file, text: f.text })), ...corpusPieces(files)];
  let failures = 0;
  const fail = (msg) => {
    failures++;
    if (failures <= 20) console.error(msg);
  };
  for (const vocabulary of VOCABULARIES) {
    for (const { id, text } of texts) {
      const [got, want] = [countTokens(text, vocabulary), reference[vocabulary](text)];
      if (got !== want) fail(`${vocabulary} ${id}: ${got}, gpt-tokenizer ${want}`);
    }
  }
  const expected = JSON.parse(readFileSync(join(VECTORS, "expected.json"), "utf8"));
  let refused = 0;
  for (const v of vectors()) {
    const want = expected[v.name];
    let got;
    try {
      got = { count: countTokens(v.text, v.vocabulary) };
    } catch (e) {
      got = { error: e.code ?? String(e) };
    }
    if (JSON.stringify(got) !== JSON.stringify(want)) fail(`vector ${v.name}: ${JSON.stringify(got)}, expected.json ${JSON.stringify(want)}`);
    if (got.count !== undefined && v.reference !== false && got.count !== reference[v.vocabulary](v.text)) fail(`vector ${v.name}: ${got.count}, gpt-tokenizer ${reference[v.vocabulary](v.text)}`);
    if (got.error) refused++;
  }
  const n = texts.length * VOCABULARIES.length;
  if (failures) {
    console.error(`${failures} count(s) differ`);
    process.exit(1);
  }
  console.log(`countTokens equals ${TOKENIZER} on ${n} corpus texts (${files.length} files and ${texts.length - files.length} pieces, both vocabularies) and on ${expected && Object.keys(expected).length} vectors (${refused} refused as expected)`);
} else {
  console.error("usage: node scripts/tokenizer-check.mjs --write | --check | <path to the built entry's glue>");
  process.exit(2);
}
