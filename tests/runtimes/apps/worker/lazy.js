// A module Worker that loads ctxpack only when a request comes: its wasm is set up inside fetch,
// after the global scope has run (where workerd refuses to compile wasm from bytes).
import input from "./input.json";

export default {
  async fetch() {
    const { assembleContext, version } = await import("ctxpack");
    return Response.json({ version: version(), context: assembleContext(input).context });
  },
};
