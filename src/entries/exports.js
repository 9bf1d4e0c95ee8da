// What every entry exports, made from its wasm-bindgen glue (`--target web`, unedited) and its
// copy of src/wasm/glue.js: each function counted as a call (memory is given back when the
// outermost returns), each class guarded (glue.js `guarded`: the FREED check, `using`), remade in
// a new instance if the entry says it can be, plus `releaseMemory` and `CtxpackError`. The files
// of each entry (pkg/<entry>/index*.js, written by scripts/build.mjs) name its exports and pass
// what differs: where the wasm comes from.

/**
 * @typedef {{ guarded?: string[], remade?: string[] }} EntryClasses
 * @typedef {{ CtxpackError: Function, guarded: Function, memoryManager: Function, deferred?: Function }} Glue
 */

// Exported by the glue but not the package's: `start` (src/wasm/mod.rs) runs by itself when the
// module is instantiated; `initSync` and the default (async init) are how the entries load it.
const NOT_EXPORTED = new Set(["start", "initSync", "default"]);

/**
 * The entry's exports over its generated glue `generated`.
 * @param {Record<string, any>} generated
 * @param {Glue} glue
 * @param {EntryClasses} classes
 */
export function entryExports(generated, { CtxpackError, guarded, memoryManager }, { guarded: classes = [], remade = [] } = {}) {
  // --experimental-reset-state-function's reset makes a fresh instance of the same module;
  // initSync, once the glue has an instance, returns that instance's exports.
  const memory = memoryManager(generated.__wbg_reset_state, () => generated.initSync().memory.buffer.byteLength);
  const out = {};
  for (const [name, value] of Object.entries(generated)) {
    if (name.startsWith("__") || NOT_EXPORTED.has(name)) continue;
    out[name] = classes.includes(name) ? guarded(value, memory, remade.includes(name)) : memory.call(value);
  }
  out.releaseMemory = () => memory.release();
  out.CtxpackError = CtxpackError;
  return out;
}

/**
 * An entry instantiated at import from `module` (bytes, or a compiled module): the default
 * entries and workerd's.
 * @param {Record<string, any>} generated
 * @param {Glue} glue
 * @param {BufferSource | WebAssembly.Module} module
 * @param {EntryClasses} classes
 */
export function eagerExports(generated, glue, module, classes) {
  generated.initSync({ module });
  return entryExports(generated, glue, classes);
}

/**
 * A `/web` entry: `init` and every export gated until it has resolved (glue.js `deferred`).
 * @param {Record<string, any>} generated
 * @param {Glue} glue
 * @param {() => URL} asset the entry's .wasm, a `new URL(…, import.meta.url)` written in the entry
 *   itself (what bundlers look for to emit the file)
 * @param {string} entry the entry's import specifier, for messages
 * @param {EntryClasses} classes
 */
export function deferredExports(generated, glue, asset, entry, classes) {
  const { init, whenReady } = glue.deferred(generated.default, asset, entry);
  const out = { init };
  for (const [name, value] of Object.entries(entryExports(generated, glue, classes))) {
    out[name] = name === "CtxpackError" ? value : whenReady(name, value);
  }
  return out;
}

/** The bytes of base64 `text` (the inlined wasm). */
export function base64Bytes(text) {
  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(text);
  const raw = atob(text);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}
