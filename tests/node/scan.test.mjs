// The JSON-text reader scans strings sixteen bytes at a time with wasm SIMD (src/json/parse.rs);
// natively, where `cargo test` runs, it reads eight at a time, so the SIMD code is tried here,
// through the package: strings with each kind of special byte at every offset across three
// blocks, skipped (a body) and read (an id), are accepted exactly when JSON.parse accepts them,
// give the same context as the same documents given as objects, and are refused at the same
// line and column as the byte-by-byte reading refused them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assembleContext, CtxpackError } from "ctxpack";

const profile = { intents: { default: { others: "include" } } };

/** The documents text with `literal` (a JSON string's inside) as the id or in the body. */
const documents = (literal, where) =>
  where === "id"
    ? `[{"id":"${literal}","schema_type":"idea","origin_type":"ai_generated","created_at":1700000000000,"data":{"k":"v"}}]`
    : `[{"id":"d1","schema_type":"idea","origin_type":"ai_generated","created_at":1700000000000,"data":{"k":"${literal}"}}]`;

// Accepted: escapes of one character and of six, a surrogate pair, JSON text in a string,
// backslash runs of each parity, characters of 2, 3 and 4 bytes.
const good = ['\\"', "\\\\", '\\\\\\"', "\\\\\\\\", "\\n", "\\/", "\\u00e9", "\\ud83d\\ude00", '{\\"t\\":\\"x\\",\\"u\\":[1]}', "é", "中", "😀"];
// Refused, with where in the piece (UTF-16 units) the fault is reported.
const bad = [
  ["\u0001", 0],
  ["\u001f", 0],
  ["\\x", 1],
  ["\\u00g9", 4],
  ["\\\u0001", 1],
  ['\\u12"', 4],
  ["\\\\\\q", 3],
];

for (const where of ["data", "id"]) {
  test(`JSON text: special bytes at every offset of the SIMD scan, in ${where === "id" ? "an id (read)" : "a body (skipped)"}`, () => {
    for (let n = 0; n < 48; n++) {
      for (const prefix of ["a".repeat(n), "中" + "a".repeat(n)]) {
        for (const piece of good) {
          const literal = `${prefix}${piece}${prefix}${piece}`;
          const text = documents(literal, where);
          const label = JSON.stringify(literal);
          const fromText = assembleContext({ documents: text, profile });
          const fromObjects = assembleContext({ documents: JSON.parse(text), profile });
          assert.equal(fromText.context, fromObjects.context, label);
        }
        for (const [piece, offset] of bad) {
          const literal = `${prefix}${piece}${prefix}`;
          const text = documents(literal, where);
          const label = JSON.stringify(literal);
          assert.throws(() => JSON.parse(text), SyntaxError, label);
          const column = text.indexOf(literal) + prefix.length + offset + 1;
          assert.throws(
            () => assembleContext({ documents: text, profile }),
            (e) => {
              assert.ok(e instanceof CtxpackError, `${label}: ${e}`);
              assert.deepEqual([e.code, e.path, e.line, e.column], ["INVALID_JSON", `/documents/0/${where}`, 1, column], `${label}: ${e.message}`);
              return true;
            },
            label,
          );
        }
      }
    }
  });
}

test("JSON text: a string that runs to the end of the text is unterminated, at every length", () => {
  for (let n = 0; n < 48; n++) {
    const text = `[{"id":"d1","schema_type":"idea","origin_type":"ai_generated","created_at":1,"data":"${"é".repeat(n)}\\"`;
    assert.throws(
      () => assembleContext({ documents: text, profile }),
      (e) => e instanceof CtxpackError && e.code === "INVALID_JSON" && e.column === text.length + 1 && /unterminated/.test(e.message),
      text,
    );
  }
});

test("JSON text: strings of random pieces are accepted exactly when JSON.parse accepts them", () => {
  // Plain characters of 1 to 4 bytes, escapes good and bad, quotes, control bytes, JSON text.
  const pieces = ["a", "é", "中", "😀", '\\"', "\\\\", "\\n", "\\/", "\\u00e9", "\\u12", "\\x", "\\\u0001", "\u0001", "\u001f", '{\\"k\\":\\"', "aaaaaaaaaaaaaaa", "\\u00G0", "\\"];
  let seed = 0x9e3779b9;
  const next = (n) => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
  let accepted = 0;
  for (let i = 0; i < 3000; i++) {
    let literal = "";
    for (let k = next(40); k > 0; k--) literal += pieces[next(pieces.length)];
    for (const where of ["data", "id"]) {
      const text = documents(literal, where);
      let objects;
      try {
        objects = JSON.parse(text);
      } catch {
        assert.throws(() => assembleContext({ documents: text, profile }), (e) => e instanceof CtxpackError && e.code === "INVALID_JSON", JSON.stringify(literal));
        continue;
      }
      accepted++;
      assert.equal(assembleContext({ documents: text, profile }).context, assembleContext({ documents: objects, profile }).context, JSON.stringify(literal));
    }
  }
  assert.ok(accepted > 300, `only ${accepted} of 6000 texts were JSON: the pieces test too little`);
});
