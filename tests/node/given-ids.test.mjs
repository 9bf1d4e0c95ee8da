// Records name their documents with the ids the caller gave. With documents as objects the
// package hands back the caller's own id strings, by input position (jsondoc/documents.js `readMeta` keeps
// them; src/wasm/output.rs `to_js_given`), instead of copies crossing out of wasm. Records are
// in rank order, not input order, so a position taken wrongly names the wrong document: every
// result here must equal, byte for byte, the one computed from the same documents as JSON text,
// where ids always cross as text.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { assembleContext, ContextAssembler, prioritize } from "../../pkg/index.mjs";

const profile = JSON.parse(readFileSync(new URL("../../profiles/writing-app.json", import.meta.url), "utf8"));

// Ids of every kind a caller may use: ASCII, CJK, astral (a surrogate pair), empty, one that
// names Object.prototype's members, digits only, long.
const IDS = ["idea-1", "剧本设定-v2", "😀-scene", "", "__proto__", "constructor", "00042", "x".repeat(300), "ep\u00e9-7", "tab\tid"];
const TYPES = ["brainstorm_idea", "剧本设定", "chronicles", "episode_planning", "episode_synopsis", "episode_script"];

/** Documents whose rank order differs from their input order; ids drawn from IDS, made unique. */
function project(n, ids = IDS) {
  return Array.from({ length: n }, (_, i) => ({
    id: `${ids[i % ids.length]}#${(i * 7919) % n}`,
    schema_type: TYPES[(i * 5) % TYPES.length],
    origin_type: i % 3 === 0 ? "user_input" : "ai_generated",
    created_at: i % 4 === 0 ? 1_700_000_000_000 + ((i * 104729) % 9973) * 60_000 : `2026-0${1 + (i % 9)}-1${i % 10}T0${i % 10}:00:00Z`,
    is_leaf: i % 5 === 0 ? null : i % 2 === 0,
    data: i % 2 === 0 ? { title: `doc ${i}`, episodeNumber: 1 + (i % 12), body: "a".repeat(40 + (i % 90)) } : JSON.stringify({ text: `第${i}集`, episodeNumber: 1 + (i % 12) }),
  }));
}

const same = (objects, text, label) => assert.equal(JSON.stringify(objects), JSON.stringify(text), label);

test("assemble, prioritize and capContext name each document as the JSON text form does", () => {
  const asm = new ContextAssembler(profile);
  for (const n of [1, 7, 64, 600]) {
    const documents = project(n);
    const text = JSON.stringify(documents);
    for (const request of ["generate episodes 7-12", "write the script for episode 3", "brainstorm"]) {
      const input = { documents, request, maxChars: 4000 };
      const fromText = { documents: text, request, maxChars: 4000 };
      same(asm.assemble(input), asm.assemble(fromText), `assemble n=${n} ${request}`);
      same(assembleContext({ ...input, profile }), assembleContext({ ...fromText, profile }), `assembleContext n=${n} ${request}`);
      same(asm.prioritize(input), asm.prioritize(fromText), `prioritize n=${n} ${request}`);
      same(prioritize({ ...input, profile }), prioritize({ ...fromText, profile }), `prioritize() n=${n} ${request}`);
    }
    same(asm.capContext({ documents, maxChars: 3000 }), asm.capContext({ documents: text, maxChars: 3000 }), `capContext n=${n}`);
  }
});

test("each record's id is its document's, in rank order", () => {
  const documents = project(200);
  const byId = new Map(documents.map((d) => [d.id, d]));
  const out = new ContextAssembler(profile).assemble({ documents, request: "generate episodes 7-12", maxChars: 6000 });
  assert.equal(out.manifest.documents.length, documents.length);
  assert.deepEqual(new Set(out.manifest.documents.map((r) => r.id)), new Set(byId.keys()));
  const ranked = out.manifest.documents.filter((r) => r.rank !== null);
  assert.ok(ranked.length > 10);
  // Not input order: the test would not see a position taken as a rank otherwise.
  assert.notDeepEqual(ranked.map((r) => r.id), documents.filter((d) => ranked.some((r) => r.id === d.id)).map((d) => d.id));
  for (const r of out.manifest.documents) assert.equal(r.schemaType, byId.get(r.id).schema_type, r.id);
});

test("an id with a lone surrogate is U+FFFD in every record, as from JSON text; the others as given", () => {
  const documents = project(40);
  documents[13].id = "cut\ud83d";
  documents[29].id = "\udc00tail";
  for (const request of ["generate episodes 7-12", "brainstorm"]) {
    const objects = new ContextAssembler(profile).assemble({ documents, request, maxChars: 4000 });
    const text = new ContextAssembler(profile).assemble({ documents: JSON.stringify(documents), request, maxChars: 4000 });
    same(objects, text, request);
    const ids = new Set(objects.manifest.documents.map((r) => r.id));
    assert.ok(ids.has("cut\ufffd") && ids.has("\ufffdtail"), [...ids].join(" "));
    assert.ok(ids.has(documents[0].id) && ids.has(documents[39].id));
  }
});

test("an id getter is read once: the record holds the value the core read", () => {
  const documents = project(12);
  let reads = 0;
  const doc = { ...documents[5] };
  delete doc.id;
  Object.defineProperty(doc, "id", { enumerable: true, get: () => `got-${reads++}` });
  documents[5] = doc;
  const out = new ContextAssembler(profile).assemble({ documents, request: "brainstorm", maxChars: 4000 });
  const ids = out.manifest.documents.map((r) => r.id).filter((id) => id.startsWith("got-"));
  assert.deepEqual(ids, ["got-0"]);
  assert.equal(reads, 1);
});

test("ids read from long JSON text, in units, are the objects' own: ASCII runs, CJK and surrogate pairs at every offset", () => {
  // Long enough (over 2 × 65,536 units) to be read in chunks as UTF-16 units (jsondoc::wide),
  // which transcodes each id itself (json::wide::push_utf8). (An escaped lone surrogate sends
  // such a text to the reader of whole text: the test above.)
  const pieces = ["a".repeat(17), "林", "😀", "b", "\u00e9z", "\u007f\u0080\u07ff\u0800", "-"];
  const documents = project(2500).map((d, i) => {
    let id = `${i}:`;
    for (let k = 0; id.length < 20 + (i % 40); k++) id += pieces[(i * 5 + k * 3) % pieces.length];
    // Dates as numbers: a date is transcoded too, and one mangled would send the whole call to
    // the reader of UTF-8 text, where ids would come out right whatever this reader did.
    return { ...d, id, created_at: 1_700_000_000_000 + i * 60_000 };
  });
  const text = JSON.stringify(documents);
  assert.ok(text.length > 2 * 65536);
  const asm = new ContextAssembler(profile);
  const objects = asm.assemble({ documents, request: "brainstorm", maxChars: 3000 });
  const fromText = asm.assemble({ documents: text, request: "brainstorm", maxChars: 3000 });
  same(objects, fromText, "long text");
  assert.deepEqual(new Set(fromText.manifest.documents.map((r) => r.id)), new Set(documents.map((d) => d.id)));
});

test("readMeta's arrays, kept from call to call, serve calls of every size and a call made from inside a getter", () => {
  // src/wasm/jsondoc/documents.js keeps readMeta's arrays between calls. A call after a larger one reads only its own
  // part of them; a getter that calls ctxpack while readMeta is filling them gets arrays of its
  // own, and neither call's documents leak into the other's.
  const asm = new ContextAssembler(profile);
  // 30,000 documents need arrays past what documents.js keeps (SCRATCH_KEEP): made for that call.
  for (const n of [600, 3, 250, 1, 30_000, 600]) {
    const documents = project(n);
    same(asm.assemble({ documents, request: "brainstorm", maxChars: 3000 }), asm.assemble({ documents: JSON.stringify(documents), request: "brainstorm", maxChars: 3000 }), `${n} documents`);
  }
  const outer = project(300);
  const inner = project(40, ["inner"]);
  const innerExpected = asm.assemble({ documents: JSON.stringify(inner), request: "brainstorm", maxChars: 2000 });
  let innerResult = null;
  const at = 150;
  const { id } = outer[at];
  Object.defineProperty(outer[at], "id", {
    enumerable: true,
    get() {
      innerResult ??= asm.assemble({ documents: inner, request: "brainstorm", maxChars: 2000 });
      return id;
    },
  });
  const result = asm.assemble({ documents: outer, request: "brainstorm", maxChars: 3000 });
  assert.ok(innerResult, "the getter ran, and its call returned");
  same(innerResult, innerExpected, "the call made from the getter");
  same(result, asm.assemble({ documents: JSON.stringify(outer), request: "brainstorm", maxChars: 3000 }), "the call whose getter made it");
});
