// One thread of the assembly pool (pool.mjs). A task carries text, not objects: the request body
// as received and a stored project's rows as one JSON text from SQL, so the event loop copies
// strings and this thread does the parsing (the row conversion) and ctxpack's work.
import { parentPort } from "node:worker_threads";
import { Refusal, RowsMissing, runTask } from "./assembly.mjs";

parentPort?.on("message", async ({ id, task }) => {
  try {
    parentPort?.postMessage({ id, result: await runTask(task) });
  } catch (e) {
    if (e instanceof RowsMissing) return parentPort?.postMessage({ id, missing: true });
    const refusal = e instanceof Refusal ? { status: e.status, code: e.code, path: e.path, message: e.message } : null;
    parentPort?.postMessage({ id, refusal, failure: refusal === null ? String(e?.stack ?? e) : null });
  }
});
