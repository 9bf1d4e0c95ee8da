// ctxpack/web: the page compiles the .wasm once (init), posts the module to its worker, and both
// answer. #out holds both answers, or the first error.
import { init, assembleContext, version } from "ctxpack/web";
import input from "./input.json";

const out = {};
const show = (key, value) => {
  out[key] = value;
  if (key === "error" || (out.main && out.worker)) document.getElementById("out").textContent = JSON.stringify(out);
};
try {
  const module = await init();
  show("main", { version: version(), context: assembleContext(input).context });
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (e) => show(e.data.error ? "error" : "worker", e.data.error ?? e.data);
  worker.onerror = (e) => show("error", `worker: ${e.message || "failed to load"}`);
  worker.postMessage({ module, input });
} catch (e) {
  show("error", String(e?.stack ?? e));
}
