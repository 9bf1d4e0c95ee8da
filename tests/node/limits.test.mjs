// Resource limits (`options.limits`): each one refuses what exceeds it, in every input form and
// through every door, with TOO_LARGE / TOO_DEEP and the path of what was refused; what stays
// within them is assembled exactly as without them; bad limits are refused by name.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assembleContext, capContext, ContextAssembler, CtxpackError, inferIntent, prioritize, trimJsondoc } from "ctxpack";

const doc = (i, data = { note: `document ${i}` }) => ({ id: `d${i}`, schema_type: "idea", origin_type: "ai_generated", created_at: 1_700_000_000_000 + i, data });
const profile = { intents: { default: { others: "include" } } };
const docs = [doc(1), doc(2), doc(3)];

/** Asserts `f` throws a CtxpackError with this code and path. */
function refuses(f, code, path, label) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof CtxpackError, `${label}: ${e}`);
    assert.equal(e.code, code, `${label}: ${e.message}`);
    assert.equal(e.path, path, `${label}: ${e.message}`);
    return true;
  }, label);
}

/** The same input as objects, with documents as JSON text, and as one JSON text. */
const forms = (input) => [
  ["objects", input],
  ["documents as text", { ...input, documents: JSON.stringify(input.documents) }],
  ["whole input as text", JSON.stringify(input)],
];

function nested(levels) {
  let v = "leaf";
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

test("maxDocuments: one over is refused in every form, before any document is read", () => {
  for (const [form, input] of forms({ documents: docs, profile })) {
    refuses(() => assembleContext(input, { limits: { maxDocuments: 2 } }), "TOO_LARGE", "/documents", form);
    refuses(() => prioritize(input, { limits: { maxDocuments: 2 } }), "TOO_LARGE", "/documents", form);
    refuses(() => capContext(input, { limits: { maxDocuments: 2 } }), "TOO_LARGE", "/documents", form);
    assert.equal(assembleContext(input, { limits: { maxDocuments: 3 } }).manifest.documents.length, 3, form);
  }
  // Refused before reading: a later document that is malformed is never looked at.
  refuses(() => assembleContext({ documents: [doc(1), doc(2), 42] }, { limits: { maxDocuments: 1 } }), "TOO_LARGE", "/documents", "malformed third");
  const asm = new ContextAssembler(profile, { limits: { maxDocuments: 2 } });
  refuses(() => asm.assemble({ documents: docs }), "TOO_LARGE", "/documents", "assembler");
  refuses(() => asm.prioritize({ documents: JSON.stringify(docs) }), "TOO_LARGE", "/documents", "assembler, text");
});

test("maxDepth: bodies, profiles and requests nested past it are TOO_DEEP; at it they are read", () => {
  // The data of a rendered document counts its depth from itself, in every form.
  for (const [form, input] of forms({ documents: [doc(1, nested(6))], profile })) {
    refuses(() => assembleContext(input, { limits: { maxDepth: 5 } }), "TOO_DEEP", "/documents/0/data", form);
    assert.match(assembleContext(input, { limits: { maxDepth: 6 } }).context, /leaf/, form);
  }
  refuses(() => assembleContext({ documents: docs, profile: { ...profile, rules: [{ intent: "default", params: nested(6) }] } }, { limits: { maxDepth: 5 } }), "TOO_DEEP", "/profile/rules/0/params/a/a", "profile (counted from the profile: it, rules, a rule, params, a, a)");
  refuses(() => inferIntent({ intent: "default", params: nested(5) }, null, { limits: { maxDepth: 4 } }), "TOO_DEEP", "/request/params/a/a/a", "request");
  refuses(() => trimJsondoc(doc(1, nested(6)), "full", null, { limits: { maxDepth: 5 } }), "TOO_DEEP", "/doc", "trimJsondoc");
  assert.equal(trimJsondoc(doc(1, nested(6)), "full", null, { limits: { maxDepth: 6 } }).id, "d1");
  // JSON text held in a string `data` is read under the same limit.
  const asText = doc(1, JSON.stringify(nested(6)));
  refuses(() => new ContextAssembler(profile, { limits: { maxDepth: 5 } }).assemble({ documents: [asText] }), "TOO_DEEP", "/documents/0/data", "data as JSON text");
});

test("maxTextLength: a longer string is refused before it is copied, named by its path", () => {
  const limits = { maxTextLength: 40 };
  refuses(() => assembleContext(JSON.stringify({ documents: docs }), { limits }), "TOO_LARGE", "", "whole input text");
  refuses(() => assembleContext({ documents: JSON.stringify(docs) }, { limits }), "TOO_LARGE", "/documents", "documents text");
  refuses(() => assembleContext({ documents: [{ ...doc(1), id: "i".repeat(41) }] }, { limits }), "TOO_LARGE", "/documents/0/id", "an id");
  refuses(() => assembleContext({ documents: [{ ...doc(1), created_at: `2026-01-01T00:00:00Z${" ".repeat(40)}` }] }, { limits }), "TOO_LARGE", "/documents/0/created_at", "a date");
  refuses(() => assembleContext({ documents: docs, profile: { intents: { default: { others: "include", description: "z".repeat(40) } } } }, { limits }), "TOO_LARGE", "/profile", "the profile's JSON text");
  refuses(() => assembleContext({ documents: [doc(1, "y".repeat(41))] }, { limits }), "TOO_LARGE", "/documents/0/data", "a string body");
  refuses(() => assembleContext({ documents: [doc(1, { text: "y".repeat(41) })] }, { limits }), "TOO_LARGE", "/documents/0/data", "a body's JSON text");
  refuses(() => inferIntent("generate episodes 7-12 ".repeat(2), null, { limits }), "TOO_LARGE", "/request", "a request");
  // Bodies that are never rendered are never copied, so they are never measured.
  const unrendered = [doc(1, { text: "y".repeat(1000) })];
  assert.equal(prioritize({ documents: unrendered }, { limits }).ranked.length, 1);
  // UTF-16 units, as str.length counts: four emoji are 8 units.
  refuses(() => inferIntent("😀".repeat(4), null, { limits: { maxTextLength: 7 } }), "TOO_LARGE", "/request", "emoji");
  assert.equal(inferIntent("😀".repeat(4), null, { limits: { maxTextLength: 8 } }).text, "😀".repeat(4));
});

test("limits within what the input needs change nothing", () => {
  const input = { documents: docs, profile, request: "anything", maxChars: 200 };
  const plain = JSON.stringify(assembleContext(input));
  const limits = { maxDocuments: 3, maxDepth: 3, maxTextLength: 1000 };
  for (const [form, given] of forms(input)) {
    assert.equal(JSON.stringify(assembleContext(given, { limits })), plain, form);
    assert.equal(JSON.stringify(assembleContext(given, { limits: {} })), plain, form);
    assert.equal(JSON.stringify(assembleContext(given, null)), plain, form);
    assert.equal(JSON.stringify(assembleContext(given, undefined)), plain, form);
  }
});

test("bad options and limits are refused by name, and the next call still works", () => {
  const bad = [
    [{ limits: { maxDepth: 0 } }, "/options/limits/maxDepth"],
    [{ limits: { maxDepth: 257 } }, "/options/limits/maxDepth"],
    [{ limits: { maxDocuments: -1 } }, "/options/limits/maxDocuments"],
    [{ limits: { maxDocuments: 2.5 } }, "/options/limits/maxDocuments"],
    [{ limits: { maxDocuments: NaN } }, "/options/limits/maxDocuments"],
    [{ limits: { maxTextLength: Infinity } }, "/options/limits/maxTextLength"],
    [{ limits: { maxTextLength: 2 ** 32 } }, "/options/limits/maxTextLength"],
    [{ limits: { maxTextLength: "10" } }, "/options/limits/maxTextLength"],
    [{ limits: { maxBytes: 10 } }, "/options/limits/maxBytes"],
    [{ limits: [] }, "/options/limits"],
    [{ limit: {} }, "/options/limit"],
    [7, "/options"],
    ["limits", "/options"],
    [{ limits: { maxDepth: Symbol("x") } }, "/options/limits/maxDepth"],
  ];
  for (const [options, path] of bad) {
    refuses(() => assembleContext({ documents: docs }, options), "INVALID_INPUT", path, String(JSON.stringify(options)));
    refuses(() => new ContextAssembler(null, options), "INVALID_INPUT", path, `constructor ${String(JSON.stringify(options))}`);
    assert.equal(assembleContext({ documents: docs, profile }).manifest.totals.included, 3);
  }
  // A throwing getter in the options is bad input too.
  refuses(() => assembleContext({ documents: docs }, { get limits() { throw new Error("boom"); } }), "INVALID_INPUT", "/options/limits", "getter");
});
