// The hook's side of its worker: at most one request in flight and one waiting. A burst of
// inputs collapses into the latest, and only the answer to the latest input is delivered, so a
// stale result never replaces a newer one.
import type { AssembleInput } from "ctxpack";
import { assembleOutcome, type Outcome } from "./assemble.js";
import type { Tokenizer } from "./counter.js";
import { loadCounter, loadError } from "./load-counter.js";
import type { AssembleMessage, AssembleReply, AssembleRequest } from "./protocol.js";

export type Deliver = (input: AssembleInput, outcome: Outcome) => void;

export class AssemblyRunner {
  private worker: Worker | null;
  private seq = 0;
  private terminated = false;
  private inflight: AssembleRequest | null = null;
  private waiting: AssembleRequest | null = null;
  /** The documents and edges the worker holds: those of the last request that carried them. */
  private held: Pick<AssembleInput, "documents" | "edges"> | null = null;

  constructor(
    private readonly deliver: Deliver,
    private readonly transfer: boolean,
    private readonly tokenizer: Tokenizer | null = null,
  ) {
    this.worker = startWorker(tokenizer);
    if (this.worker !== null) {
      this.worker.onmessage = (event: MessageEvent<AssembleReply>) => this.answered(event.data);
      // The worker could not load (a bundler that did not emit it, a CSP): the calling thread
      // answers from then on, with the same function.
      this.worker.onerror = (event: Event) => {
        event.preventDefault();
        this.fallBack();
      };
    }
  }

  send(input: AssembleInput): void {
    const request = { seq: ++this.seq, input };
    if (this.worker === null) {
      this.answerHere(request);
      return;
    }
    if (this.inflight === null) this.post(request);
    else this.waiting = request;
  }

  terminate(): void {
    this.terminated = true;
    this.worker?.terminate();
    this.worker = null;
    this.held = null;
    this.inflight = null;
    this.waiting = null;
  }

  private post(request: AssembleRequest): void {
    this.inflight = request;
    const { documents, edges, ...rest } = request.input;
    if (this.held !== null && this.held.documents === documents && this.held.edges === edges) {
      const message: AssembleMessage = { seq: request.seq, input: rest, reuse: true };
      this.worker?.postMessage(message);
      return;
    }
    this.held = { documents, edges };
    const message: AssembleMessage = { seq: request.seq, input: request.input, reuse: false };
    this.worker?.postMessage(message, this.transfer ? transferable(request.input) : []);
  }

  private answered(reply: AssembleReply): void {
    const request = this.inflight;
    this.inflight = null;
    if (request !== null && reply.seq === this.seq) this.deliver(request.input, reply.ok ? { ok: true, assembly: reply.assembly, ms: reply.ms } : { ok: false, error: reply.error });
    const next = this.waiting;
    this.waiting = null;
    if (next !== null) this.post(next);
  }

  private fallBack(): void {
    this.worker?.terminate();
    this.worker = null;
    this.held = null;
    const latest = this.waiting ?? this.inflight;
    this.inflight = null;
    this.waiting = null;
    if (latest !== null && latest.seq === this.seq) this.answerHere(latest);
  }

  /**
   * On the calling thread, with the function the worker runs. An exact counter is imported first
   * (asynchronously): the answer is then delivered only if no newer input came meanwhile.
   */
  private answerHere(request: AssembleRequest): void {
    const { tokenizer } = this;
    if (tokenizer === null) {
      this.deliver(request.input, assembleOutcome(request.input, null));
      return;
    }
    const latest = () => !this.terminated && request.seq === this.seq;
    loadCounter(tokenizer).then(
      (counter) => {
        if (latest()) this.deliver(request.input, assembleOutcome(request.input, counter));
      },
      (e: unknown) => {
        if (latest()) this.deliver(request.input, { ok: false, error: loadError(tokenizer, e) });
      },
    );
  }
}

function startWorker(tokenizer: Tokenizer | null): Worker | null {
  if (typeof Worker === "undefined") return null;
  try {
    // Vite, webpack 5, Next.js and esbuild (with its bundler plugins) emit a worker by this
    // expression: each must stay literal. One file per vocabulary, so that the tokenizer's wasm
    // is fetched only by the apps that ask for it.
    if (tokenizer === "o200k") return new Worker(new URL("./assembly-worker-o200k.js", import.meta.url), { type: "module" });
    if (tokenizer === "cl100k") return new Worker(new URL("./assembly-worker-cl100k.js", import.meta.url), { type: "module" });
    return new Worker(new URL("./assembly-worker.js", import.meta.url), { type: "module" });
  } catch {
    return null;
  }
}

/**
 * Documents given as UTF-8 bytes move to the worker without a copy when the array is its whole
 * buffer: the caller's array is then empty (detached), and later inputs with the same array are
 * assembled from the worker's copy. A view into a larger buffer, or shared
 * memory, is copied, since moving it would take bytes the caller did not give.
 */
function transferable(input: AssembleInput): Transferable[] {
  const { documents } = input;
  if (!(documents instanceof Uint8Array)) return [];
  const { buffer } = documents;
  if (!(buffer instanceof ArrayBuffer) || documents.byteOffset !== 0 || documents.byteLength !== buffer.byteLength) return [];
  return [buffer];
}
