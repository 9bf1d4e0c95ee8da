// The package does not export its WebAssembly.Memory. To read the size of ctxpack's linear
// memory, wrap the WebAssembly.Instance constructor *before* the package is imported and keep
// the memory of every instance made. Linear memory only grows, so the largest seen is the peak;
// the package gives memory back by replacing its instance (releaseMemory, and past 64 MiB when a
// call returns), so the newest instance's memory is what it holds now. Used by the Node runner
// and the Chromium page alike.

/**
 * Starts watching; returns a function giving the largest linear memory seen, in bytes, with
 * `.retained()`: the newest instance's memory.
 */
export function watchWasmMemory() {
  const memories = [];
  const Instance = WebAssembly.Instance;
  WebAssembly.Instance = new Proxy(Instance, {
    construct(target, args, newTarget) {
      const instance = Reflect.construct(target, args, newTarget === WebAssembly.Instance ? target : newTarget);
      if (instance.exports.memory instanceof WebAssembly.Memory) memories.push(instance.exports.memory);
      return instance;
    },
  });
  const peak = () => Math.max(0, ...memories.map((m) => m.buffer.byteLength));
  peak.retained = () => memories.at(-1)?.buffer.byteLength ?? 0;
  return peak;
}
