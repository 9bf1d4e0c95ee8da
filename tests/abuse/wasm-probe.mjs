// Test-only instrument, imported *before* ctxpack by the Node test and the browser page: wraps
// `WebAssembly.Instance` so the abuse suite can read the instance's linear memory size and its
// externref table length — exact figures, the same in Node and Chromium, for the resource checks.
// It changes nothing else (the instance is created as usual and returned). No Node-only APIs.
const Original = WebAssembly.Instance;
if (!Original.__ctxpackAbuseProbe) {
  const instances = (globalThis.__ctxpackAbuseWasm ??= []);
  const Probe = function Instance(module, imports) {
    const instance = new Original(module, imports);
    instances.push(instance.exports);
    return instance;
  };
  Probe.prototype = Original.prototype;
  Probe.__ctxpackAbuseProbe = true;
  WebAssembly.Instance = Probe;
}

/** The exports of the last wasm instance created (ctxpack's), or null if none was seen. */
export function wasmExports() {
  const all = globalThis.__ctxpackAbuseWasm ?? [];
  return all.length ? all[all.length - 1] : null;
}
