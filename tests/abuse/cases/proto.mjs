// Abuse group `proto`: `__proto__`, `constructor` and `prototype` as data keys, ids, types,
// intents and capture names; the built-in prototypes stay untouched.
import { PROFILE, doc, docs } from "./common.mjs";

export const protoSnapshot = () =>
  JSON.stringify([Object.prototype, Array.prototype, Function.prototype].map((p) => Object.getOwnPropertyNames(p).sort())) +
  JSON.stringify([({}).polluted, ({}).p, [].polluted, Object.getPrototypeOf({}) === Object.prototype]);

export function protoCases() {
  const hostile = () => JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"prototype":{"polluted":3},"x":1}');
  const rendered = '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"prototype":{"polluted":3},"x":1}';
  const cases = [];
  const untouched = (extra) => (r, ctx) => {
    const fail = protoSnapshot() !== ctx.proto ? "Object.prototype / Array.prototype changed" : r === undefined ? undefined : extra(r);
    return { value: r === undefined ? null : extra.value?.(r) ?? null, fail };
  };
  const contains = (get, text) => Object.assign((r) => (get(r).includes(text) ? undefined : `rendered context lacks ${text}`), { value: (r) => get(r) });
  const add = (door, input, run, check, expect = ["ok"]) => cases.push({ door, input, run, check: untouched(check), expect });
  add("assembleContext", "data with own __proto__/constructor/prototype keys", (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", hostile())] }), contains((r) => r.context, rendered));
  add("assembleContext", "data as JSON text with __proto__ keys", (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", rendered)] }), contains((r) => r.context, rendered));
  add("assembleContext", "documents JSON text with __proto__ keys in data", (ctx) => ctx.ctxpack.assembleContext({ documents: `[{"id":"a","schema_type":"t","origin_type":"user_input","created_at":0,"data":${rendered},"__proto__":{"polluted":4}}]` }), contains((r) => r.context, rendered));
  add("assembleContext", "metadata with __proto__ keys, body: document", (ctx) => ctx.ctxpack.assembleContext({ documents: [doc("a", 1, { metadata: hostile() })], profile: { render: { body: "document" } } }), contains((r) => r.context, `"metadata":${rendered}`));
  add("capContext", "data with __proto__ keys", (ctx) => ctx.ctxpack.capContext({ documents: [doc("a", hostile())] }), contains((r) => r.context, rendered));
  add("trimJsondoc", "data and metadata with own __proto__ keys come back as own keys", (ctx) => ctx.ctxpack.trimJsondoc(doc("a", hostile(), { metadata: hostile() }), "full"), Object.assign((r) => (Object.getPrototypeOf(r.data) === Object.prototype && Object.keys(r.data).join() === "__proto__,constructor,prototype,x" && Object.keys(r.metadata).join() === "__proto__,constructor,prototype,x" && JSON.stringify(r.data) === rendered ? undefined : "keys not kept as own data keys"), { value: (r) => [Object.keys(r.data), Object.keys(r.metadata)] }));
  add("trimJsondoc", "summarized data with __proto__ keys", (ctx) => ctx.ctxpack.trimJsondoc(doc("a", hostile()), "summarized"), Object.assign(() => undefined, { value: (r) => JSON.stringify(r.data) }));
  add("assembleContext", "ids __proto__, constructor, prototype, hasOwnProperty, toString", (ctx) => ctx.ctxpack.assembleContext({ documents: ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString"].map((id) => doc(id)) }), Object.assign((r) => (r.manifest.documents.map((d) => d.id).join() === "__proto__,constructor,prototype,hasOwnProperty,toString" && r.context.includes("## t (__proto__)") ? undefined : "ids not kept"), { value: (r) => r.manifest.documents.map((d) => d.id) }));
  add("prioritize", "schema_type, intent and alias named __proto__/constructor", (ctx) => ctx.ctxpack.prioritize({ documents: [doc("a", 1, { schema_type: "__proto__" }), doc("b", 1, { schema_type: "constructor" })], request: { intent: "__proto__" }, profile: JSON.parse('{"defaultIntent":"constructor","typeAliases":{"constructor":"__proto__"},"intents":{"__proto__":{"required":["__proto__"]},"constructor":{}}}') }), Object.assign((r) => (r.intent.intent === "__proto__" && r.ranked.length === 2 && r.ranked[0].breakdown.required > 0 ? undefined : "intent/alias keys not honoured"), { value: (r) => [r.intent.intent, r.ranked.map((d) => [d.id, d.schemaType, d.breakdown.required])] }));
  add("inferIntent", "params with own __proto__/constructor keys", (ctx) => ctx.ctxpack.inferIntent({ intent: "general", params: hostile() }, PROFILE), Object.assign((r) => (Object.keys(r.params).join() === "__proto__,constructor,prototype,x" && Object.getPrototypeOf(r.params) === Object.prototype ? undefined : "params keys not kept"), { value: (r) => JSON.stringify(r.params) }));
  add("inferIntent", "capture group named __proto__", (ctx) => ctx.ctxpack.inferIntent("n 7", { rules: [{ intent: "default", pattern: "n (?P<__proto__>\\d+)" }] }), Object.assign((r) => (Object.keys(r.params).join() === "__proto__" && Object.getPrototypeOf(r.params) === Object.prototype ? undefined : "capture not kept as a key"), { value: (r) => JSON.stringify(r.params) }));
  add("assembleContext", "input with an own __proto__ key", (ctx) => ctx.ctxpack.assembleContext(JSON.parse('{"documents":[],"__proto__":{"polluted":1}}')), Object.assign(() => undefined, {}), ["INVALID_INPUT"]);
  add("assembleContext", "input JSON text with a __proto__ key", (ctx) => ctx.ctxpack.assembleContext('{"documents":[],"__proto__":{"polluted":1}}'), Object.assign(() => undefined, {}), ["INVALID_INPUT"]);
  add("new ContextAssembler", "profile with own __proto__ key", (ctx) => new ctx.ctxpack.ContextAssembler(JSON.parse('{"__proto__":{"polluted":1}}')), Object.assign(() => undefined, {}), ["INVALID_INPUT"]);
  add("new ContextAssembler", "profile with a constructor key", (ctx) => new ctx.ctxpack.ContextAssembler({ constructor: { prototype: { polluted: 1 } } }), Object.assign(() => undefined, {}), ["INVALID_INPUT"]);
  add("ContextAssembler#assemble", "input whose prototype carries documents (not an own key)", (ctx) => ctx.asm.assemble(Object.create({ documents: docs() })), Object.assign(() => undefined, {}), ["MISSING_FIELD"]);
  return cases;
}
