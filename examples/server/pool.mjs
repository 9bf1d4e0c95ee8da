// A small pool of worker threads for the assemblies, so a 5 MB project parses and assembles off
// the event loop and /api/health answers while it does. Tasks are whole assemblies (milliseconds
// to seconds), so a FIFO queue and one message each way is all the pool needs; the cost of the
// thread hop against assembling in the event loop is measured in README.md.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { Refusal } from "./assembly.mjs";

const WORKER = new URL("./pool-worker.mjs", import.meta.url);

export class WorkerPool {
  /** @param {{ size?: number }} options size: threads (default: the cores, at most 4). */
  constructor({ size = Math.max(1, Math.min(4, availableParallelism())) } = {}) {
    this.size = size;
    this.idle = [];
    this.queue = [];
    this.pending = new Map();
    this.workers = new Set();
    this.nextId = 0;
    this.closed = false;
    for (let i = 0; i < size; i++) this.spawn();
  }

  spawn() {
    const worker = new Worker(WORKER);
    // A pool that is not closed must not keep the process alive by itself.
    worker.unref();
    // The keys of the projects this thread was sent rows for (it keeps the last few parsed).
    worker.keys = new Set();
    worker.on("message", ({ id, result, refusal, failure, missing }) => {
      const job = this.pending.get(id);
      this.pending.delete(id);
      worker.current = undefined;
      if (job !== undefined && missing) {
        // Sent without rows it had let go: first in line again, with them.
        worker.keys.delete(job.task.key);
        job.full = true;
        this.queue.unshift(job);
      } else if (job !== undefined) {
        if (result !== undefined) job.resolve(result);
        else if (refusal !== null) job.reject(new Refusal(refusal.status, refusal.code, refusal.path, refusal.message));
        else job.reject(new Error(`assembly worker: ${failure}`));
      }
      this.release(worker);
    });
    worker.on("error", (e) => this.lost(worker, e));
    worker.on("exit", (code) => this.lost(worker, new Error(`assembly worker exited with code ${code}`)));
    this.workers.add(worker);
    this.idle.push(worker);
  }

  /** A worker that died: its task fails, and a new thread takes its place. */
  lost(worker, error) {
    if (!this.workers.delete(worker)) return;
    this.idle = this.idle.filter((w) => w !== worker);
    const id = worker.current;
    if (id !== undefined) {
      this.pending.get(id)?.reject(error);
      this.pending.delete(id);
    }
    if (!this.closed) {
      this.spawn();
      this.drain();
    }
  }

  release(worker) {
    this.idle.push(worker);
    this.drain();
  }

  drain() {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop();
      const job = this.queue.shift();
      if (worker === undefined || job === undefined) return;
      worker.current = job.id;
      this.pending.set(job.id, job);
      job.started ??= performance.now();
      worker.postMessage({ id: job.id, task: this.lean(worker, job) });
    }
  }

  /**
   * The task as this thread needs it: a project's rows (megabytes of text, copied into the
   * thread) only when it was not sent them before.
   */
  lean(worker, job) {
    const { key } = job.task;
    if (key === undefined) return job.task;
    if (!job.full && worker.keys.has(key)) return { ...job.task, documents: null, edges: null, profile: null };
    worker.keys.add(key);
    if (worker.keys.size > 8) worker.keys.delete(worker.keys.values().next().value);
    return job.task;
  }

  /** Tasks queued or running. */
  get load() {
    return this.queue.length + this.pending.size;
  }

  /** Runs a task; resolves to the worker's result, with `timings.queue` (ms waited for a thread). */
  run(task) {
    if (this.closed) return Promise.reject(new Refusal(503, "SHUTTING_DOWN", "", "the service is shutting down"));
    return new Promise((resolve, reject) => {
      const queued = performance.now();
      const job = {
        id: this.nextId++,
        task,
        resolve: (result) => resolve({ ...result, timings: { ...result.timings, queue: job.started - queued } }),
        reject,
      };
      this.queue.push(job);
      this.drain();
    });
  }

  /** Stops every thread; queued and running tasks fail. */
  async close() {
    this.closed = true;
    for (const job of this.queue) job.reject(new Refusal(503, "SHUTTING_DOWN", "", "the service is shutting down"));
    this.queue = [];
    await Promise.all([...this.workers].map((w) => w.terminate()));
  }
}
