// Abuse group `types`: every door fed 50 hostile values (wrong types, Proxies whose traps throw,
// cyclic values, throwing getters and toJSON…) in every slot of its input; well-formed documents
// in unusual clothing; host exceptions of every kind.
import { CODES, REGRESSION, PROFILE, REQUEST, doc, docs, refInput, allTraps, revoked, cyclicObject, cyclicArray } from "./common.mjs";

const VALUES = [
  ["undefined", () => undefined, "absent"],
  ["null", () => null, ""],
  ["true", () => true, ""],
  ["0", () => 0, ""],
  ["-0", () => -0, ""],
  ["NaN", () => NaN, ""],
  ["Infinity", () => Infinity, ""],
  ["-Infinity", () => -Infinity, ""],
  ["2^53+1", () => 2 ** 53 + 1, ""],
  ["-1", () => -1, ""],
  ['""', () => "", ""],
  ['"x"', () => "x", ""],
  ['"{"', () => "{", ""],
  ['"[]"', () => "[]", ""],
  ["Symbol()", () => Symbol("s"), "fn"],
  ["10n", () => 10n, ""],
  ["Object(10n)", () => Object(10n), ""],
  ["[]", () => [], ""],
  ["[1]", () => [1], ""],
  ["sparse [,,]", () => [, ,], ""],
  ["{}", () => ({}), ""],
  ["Object.create(null)", () => Object.create(null), ""],
  ["Uint8Array(3)", () => new Uint8Array(3), ""],
  ["Float64Array([NaN])", () => new Float64Array([NaN]), ""],
  ["ArrayBuffer(4)", () => new ArrayBuffer(4), ""],
  ["DataView", () => new DataView(new ArrayBuffer(2)), ""],
  ["() => 1", () => () => 1, "fn"],
  ["class {}", () => class {}, "fn"],
  ["new Date(0)", () => new Date(0), ""],
  ["new Date(NaN)", () => new Date(NaN), ""],
  ["/re/g", () => /re/g, ""],
  ["new Map([[1,2]])", () => new Map([[1, 2]]), ""],
  ["new Set([1])", () => new Set([1]), ""],
  ["new WeakMap()", () => new WeakMap(), ""],
  ["Promise.resolve()", () => Promise.resolve(), ""],
  ['new String("x")', () => new String("x"), ""],
  ["new Number(1)", () => new Number(1), ""],
  ["new Error(e)", () => new Error("e"), ""],
  ["cyclic object", cyclicObject, ""],
  ["cyclic array", cyclicArray, ""],
  ["throwing getter", () => ({ get documents() { throw new Error("getter"); }, get data() { throw new Error("getter"); }, get id() { throw new Error("getter"); }, get text() { throw new Error("getter"); } }), ""],
  ["throwing toJSON", () => ({ toJSON() { throw new Error("toJSON"); } }), ""],
  ["toJSON -> undefined", () => ({ toJSON: () => undefined }), ""],
  ["getter throws a Symbol", () => ({ get documents() { throw Symbol("thrown"); }, get data() { throw Symbol("thrown"); }, toJSON() { throw Symbol("thrown"); } }), ""],
  ["Proxy({}, every trap throws)", () => new Proxy({}, allTraps()), "trap"],
  ["Proxy({}, ownKeys throws)", () => new Proxy({}, { ownKeys() { throw new Error("ownKeys"); } }), "trap"],
  ["Proxy({}, get throws)", () => new Proxy({}, { get() { throw new Error("get"); } }), "trap"],
  ["Proxy([doc], get throws)", () => new Proxy([doc("p")], { get() { throw new Error("get"); } }), "trap"],
  ["revoked Proxy({})", () => revoked({}), "trap"],
  ["revoked Proxy([])", () => revoked([]), "trap"],
];

/** Slots of the input object of the document-taking doors. */
const INPUT_SLOTS = [
  ["input", (v) => v, null],
  ["documents", (v) => ({ documents: v }), null],
  ["documents[0]", (v) => ({ documents: [v] }), null],
  ...["id", "schema_type", "origin_type", "created_at", "is_leaf", "data", "metadata"].map((f) => [`documents[0].${f}`, (v) => ({ documents: [{ ...doc("d"), [f]: v }] }), null]),
  ["request", (v) => ({ documents: docs(), request: v }), ["INVALID_INPUT"]],
  ["maxChars", (v) => ({ documents: docs(), maxChars: v }), ["INVALID_INPUT", "INVALID_BUDGET"]],
  ["now", (v) => ({ documents: docs(), now: v }), ["INVALID_INPUT", "INVALID_TIMESTAMP"]],
  ["edges", (v) => ({ documents: docs(), edges: v }), ["INVALID_INPUT"]],
  ["cap", (v) => ({ documents: docs(), cap: v }), ["INVALID_INPUT"]],
];
const PROFILE_CODES = ["INVALID_INPUT", "INVALID_PROFILE"];

export function typeCases() {
  const cases = [];
  // [door, slots, call]
  const fnDoors = [
    ["assembleContext", (ctx, i) => ctx.ctxpack.assembleContext(i)],
    ["prioritize", (ctx, i) => ctx.ctxpack.prioritize(i)],
    ["capContext", (ctx, i) => ctx.ctxpack.capContext(i)],
    ["ContextAssembler#assemble", (ctx, i) => ctx.asm.assemble(i)],
    ["ContextAssembler#prioritize", (ctx, i) => ctx.asm.prioritize(i)],
    ["ContextAssembler#capContext", (ctx, i) => ctx.asm.capContext(i)],
  ];
  const annotate = (kind, optionalCodes, slot, door = "") => {
    if (kind === "trap") return { regression: REGRESSION.rawThrow };
    if (kind === "fn" && optionalCodes) return { expect: optionalCodes, regression: REGRESSION.silentAbsent };
    if (kind === "absent" && optionalCodes) return { expect: ["ok"] };
    // prioritize reads no bodies (only checks data is present); the rendering doors refuse these.
    if (slot === "documents[0].data" && kind === "fn" && !/prioritize/i.test(door)) return { expect: ["INVALID_INPUT"] };
    return {};
  };
  for (const [door, call] of fnDoors) {
    const slots = door.startsWith("ContextAssembler") ? INPUT_SLOTS : [...INPUT_SLOTS, ["profile", (v) => ({ documents: docs(), profile: v }), PROFILE_CODES]];
    for (const [slot, build, optionalCodes] of slots) {
      for (const [name, make, kind] of VALUES) {
        cases.push({ door, input: `${slot} = ${name}`, run: (ctx) => call(ctx, build(make())), ...annotate(kind, optionalCodes, slot, door) });
      }
    }
  }
  for (const [name, make, kind] of VALUES) {
    const trap = kind === "trap" ? { regression: REGRESSION.rawThrow } : {};
    cases.push({ door: "trimJsondoc", input: `doc = ${name}`, run: (ctx) => ctx.ctxpack.trimJsondoc(make(), "full"), expect: [...CODES], ...trap });
    cases.push({ door: "trimJsondoc", input: `doc.data = ${name}`, run: (ctx) => ctx.ctxpack.trimJsondoc({ ...doc("d"), data: make() }, "truncated"), ...trap });
    cases.push({ door: "trimJsondoc", input: `doc.metadata = ${name}`, run: (ctx) => ctx.ctxpack.trimJsondoc({ ...doc("d"), metadata: make() }, "summarized"), ...trap });
    cases.push({ door: "trimJsondoc", input: `level = ${name}`, run: (ctx) => ctx.ctxpack.trimJsondoc(doc("d"), make()), expect: [...CODES], ...trap });
    cases.push({ door: "trimJsondoc", input: `profile = ${name}`, run: (ctx) => ctx.ctxpack.trimJsondoc(doc("d"), "full", make()), ...annotate(kind, PROFILE_CODES) });
    cases.push({ door: "inferIntent", input: `request = ${name}`, run: (ctx) => ctx.ctxpack.inferIntent(make(), PROFILE), ...annotate(kind, ["INVALID_INPUT"]) });
    cases.push({ door: "inferIntent", input: `profile = ${name}`, run: (ctx) => ctx.ctxpack.inferIntent(REQUEST, make()), ...annotate(kind, PROFILE_CODES) });
    cases.push({ door: "ContextAssembler#inferIntent", input: `request = ${name}`, run: (ctx) => ctx.asm.inferIntent(make()), ...annotate(kind, ["INVALID_INPUT"]) });
    cases.push({
      door: "new ContextAssembler",
      input: `profile = ${name}`,
      run: (ctx) => {
        const a = new ctx.ctxpack.ContextAssembler(make());
        try {
          return a.inferIntent(REQUEST);
        } finally {
          a.free();
        }
      },
      ...annotate(kind, PROFILE_CODES),
    });
    cases.push({ door: "version", input: `argument = ${name}`, run: (ctx) => ctx.ctxpack.version(make()), expect: ["ok"] });
  }
  // Well-formed documents in unusual clothing: all accepted.
  const odd = [
    ["Proxy(valid doc)", () => new Proxy(doc("p"), {})],
    ["Proxy([valid doc])", () => new Proxy([doc("p")], {})],
    ["Object.freeze(valid doc)", () => Object.freeze(doc("p"))],
    ["Object.create(null) doc", () => Object.assign(Object.create(null), doc("p"))],
    ["doc with getters", () => { const d = doc("p"); return { get id() { return d.id; }, get schema_type() { return d.schema_type; }, get origin_type() { return d.origin_type; }, get created_at() { return d.created_at; }, get data() { return d.data; } }; }],
    ["class instance doc", () => new (class Row { constructor() { Object.assign(this, doc("p")); } })()],
    ["doc with symbol keys", () => ({ ...doc("p"), [Symbol("x")]: 1 })],
    ["doc with unknown fields", () => ({ ...doc("p"), project_id: "x", extra: { y: 1 } })],
  ];
  for (const [name, make] of odd) {
    cases.push({ door: "assembleContext", input: `documents[0] = ${name}`, run: (ctx) => ctx.ctxpack.assembleContext({ documents: name.startsWith("Proxy([") ? make() : [make()] }), expect: ["ok"] });
  }
  cases.push({ door: "assembleContext", input: "no argument", run: (ctx) => ctx.ctxpack.assembleContext(), expect: ["INVALID_INPUT"] });
  cases.push({ door: "trimJsondoc", input: "no argument", run: (ctx) => ctx.ctxpack.trimJsondoc(), expect: ["INVALID_INPUT"] });
  cases.push({ door: "inferIntent", input: "no argument", run: (ctx) => ctx.ctxpack.inferIntent(), expect: ["ok"] });
  cases.push({ door: "assembleContext", input: "extra arguments after the options", run: (ctx) => ctx.ctxpack.assembleContext(refInput(), undefined, Symbol(), null), expect: ["ok"], check: (r, ctx) => ({ fail: JSON.stringify(r) === ctx.ref.assembleContext ? undefined : "extra arguments changed the answer" }) });
  cases.push({ door: "assembleContext", input: "a symbol as the options", run: (ctx) => ctx.ctxpack.assembleContext(refInput(), Symbol()), expect: ["INVALID_INPUT"], check: (r, ctx, rec) => ({ fail: rec.path === "/options" ? undefined : `path ${rec.path}` }) });
  cases.push({ door: "assembleContext", input: "sparse documents [doc, , doc]", run: (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a"), , doc("b")] }), expect: ["INVALID_INPUT"] });
  cases.push({ door: "assembleContext", input: "documents: array with an own 'length' lie (Proxy length 3 over 1)", run: (ctx) => ctx.ctxpack.assembleContext({ documents: new Proxy([doc("a")], { get: (t, k) => (k === "length" ? 3 : Reflect.get(t, k)) }) }), expect: ["INVALID_INPUT"] });
  cases.push({ door: "assembleContext", input: "input with a typo key (bugdet)", run: (ctx) => ctx.ctxpack.assembleContext({ documents: [], bugdet: 1 }), expect: ["INVALID_INPUT"] });
  // A getter that throws only the second time: the body is read twice (presence, then render).
  cases.push({
    door: "assembleContext",
    input: "documents[0].data getter throws on its second read",
    run: (ctx) => {
      let n = 0;
      return ctx.ctxpack.assembleContext({ documents: [{ ...doc("a"), get data() { if (n++) throw new Error("second read"); return { a: 1 }; } }] });
    },
    expect: ["ok", "INVALID_INPUT"],
  });
  cases.push({
    door: "assembleContext",
    input: "documents: array Proxy whose element throws on its second read",
    run: (ctx) => {
      let n = 0;
      return ctx.ctxpack.assembleContext({ documents: new Proxy([doc("a")], { get: (t, k) => { if (k === "0" && n++) throw new Error("second read"); return Reflect.get(t, k); } }) });
    },
    expect: ["ok", "INVALID_INPUT"],
    regression: REGRESSION.rawThrow,
  });
  cases.push({
    door: "assembleContext",
    input: "data toJSON throws an Error whose message getter throws",
    run: (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", { toJSON() { const e = new Error("x"); Object.defineProperty(e, "message", { get() { throw new Error("message getter"); } }); throw e; } })] }),
    expect: ["INVALID_INPUT"],
    regression: REGRESSION.rawThrow,
  });
  cases.push({
    door: "assembleContext",
    input: "data toJSON throws an Error whose message is a number",
    run: (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", { toJSON() { throw Object.assign(new Error("x"), { message: 42 }); } })] }),
    expect: ["INVALID_INPUT"],
    regression: REGRESSION.rawThrow,
  });
  cases.push({
    door: "assembleContext",
    input: "documents getter throws a Proxy whose traps throw",
    run: (ctx) => ctx.ctxpack.assembleContext({ get documents() { throw new Proxy(new Error("p"), allTraps()); } }),
    expect: ["INVALID_INPUT"],
    regression: REGRESSION.rawThrow,
  });
  cases.push({
    door: "ContextAssembler#free",
    input: "free() after a host exception escaped one of its calls",
    run: (ctx) => {
      const a = new ctx.ctxpack.ContextAssembler(PROFILE);
      try {
        a.assemble(new Proxy({}, { ownKeys() { throw new Error("ownKeys"); } }));
      } catch {
        // the escape itself is checked above; here: can the assembler still be freed?
      }
      a.free();
    },
    expect: ["ok"],
    regression: REGRESSION.rawThrow + " — the escape also left the assembler's borrow flag set: free() threw 'attempted to take ownership of Rust value while it was borrowed', so it could never be freed",
  });
  cases.push({ door: "assembleContext", input: "input: Proxy whose ownKeys lists a key twice", run: (ctx) => ctx.ctxpack.assembleContext(new Proxy({ documents: [] }, { ownKeys: () => ["documents", "documents"] })), expect: ["INVALID_INPUT"], regression: REGRESSION.rawThrow });
  return cases;
}
