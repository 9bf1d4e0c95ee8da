// The engine entries, each with its own wasm, in one Worker.
import { extractClasses } from "ctxpack/code";
import { RunGovernor } from "ctxpack/governor";
import { engineCalls } from "./shared/engines.js";

export default {
  fetch() {
    return Response.json(engineCalls({ extractClasses, RunGovernor }));
  },
};
