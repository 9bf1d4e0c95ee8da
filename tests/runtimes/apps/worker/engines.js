// The engine entries, each with its own wasm, in one Worker.
import { engineCalls } from "./shared/engines.js";
import { CALLS, MODULES } from "./shared/entries.js";

export default {
  fetch() {
    return Response.json(engineCalls(MODULES, CALLS));
  },
};
