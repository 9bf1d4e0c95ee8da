// One thread of the assembly pool (pool.mjs). A task carries text, not objects: the request body
// as received and a stored project's rows as one JSON text from SQL, so the event loop copies
// strings and this thread does the parsing (the row conversion) and ctxpack's work.
import { gzipSync } from "node:zlib";
import { parentPort } from "node:worker_threads";
import { Refusal, RowsMissing, runTask } from "./assembly.mjs";

parentPort?.on("message", async ({ id, task }) => {
  try {
    const result = await runTask(task);
    // Compressed here too, when the client takes gzip: a 10,000-document answer is megabytes, and
    // its bytes then move to the event loop without a copy.
    if (task.gzip && result.json.length >= 1024) {
      const t0 = performance.now();
      const gzip = gzipSync(result.json, { level: 1 });
      const answer = { gzip, timings: { ...result.timings, gzip: performance.now() - t0 } };
      return parentPort?.postMessage({ id, result: answer }, [gzip.buffer]);
    }
    parentPort?.postMessage({ id, result });
  } catch (e) {
    if (e instanceof RowsMissing) return parentPort?.postMessage({ id, missing: true });
    const refusal = e instanceof Refusal ? { status: e.status, code: e.code, path: e.path, message: e.message } : null;
    parentPort?.postMessage({ id, refusal, failure: refusal === null ? String(e?.stack ?? e) : null });
  }
});
