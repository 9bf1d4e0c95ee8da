// The hook's side of its worker: at most one request in flight and one waiting. A burst of
// inputs collapses into the latest, and only the answer to the latest input is delivered, so a
// stale result never replaces a newer one.
import type { AssembleInput } from "ctxpack";
import { assembleOutcome, type Outcome } from "./assemble.js";
import type { AssembleMessage, AssembleReply, AssembleRequest } from "./protocol.js";

export type Deliver = (input: AssembleInput, outcome: Outcome) => void;

export class AssemblyRunner {
  private worker: Worker | null;
  private seq = 0;
  private inflight: AssembleRequest | null = null;
  private waiting: AssembleRequest | null = null;
  /** The documents and edges the worker holds: those of the last request that carried them. */
  private held: Pick<AssembleInput, "documents" | "edges"> | null = null;

  constructor(
    private readonly deliver: Deliver,
    private readonly transfer: boolean,
  ) {
    this.worker = startWorker();
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
      this.deliver(input, assembleOutcome(input));
      return;
    }
    if (this.inflight === null) this.post(request);
    else this.waiting = request;
  }

  terminate(): void {
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
    if (request !== null && reply.seq === this.seq) this.deliver(request.input, reply.ok ? { ok: true, assembly: reply.assembly } : { ok: false, error: reply.error });
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
    if (latest !== null && latest.seq === this.seq) this.deliver(latest.input, assembleOutcome(latest.input));
  }
}

function startWorker(): Worker | null {
  if (typeof Worker === "undefined") return null;
  try {
    // Vite, webpack 5, Next.js and esbuild (with its bundler plugins) emit the worker by this
    // expression: it must stay literal.
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
