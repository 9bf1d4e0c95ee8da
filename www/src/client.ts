// The page's side of the worker: at most one job in flight and one waiting. A burst of
// keystrokes collapses into the latest settings, so the worker never falls behind the typing.
import type { ProjectSpec, ServerCheck, ServerCheckMessage, Settings, WorkerReply, WorkerRequest } from "./protocol";

export interface Job {
  project?: ProjectSpec;
  settings: Settings;
}

export type ReplyHandler = (reply: WorkerReply, request: WorkerRequest) => void;

export class AssemblyClient {
  private readonly worker: Worker;
  private seq = 0;
  private inflight: WorkerRequest | null = null;
  private pending: Job | null = null;

  constructor(
    private readonly onReply: ReplyHandler,
    private readonly onBusy: (busy: boolean) => void,
    private readonly onCrash: (message: string) => void,
    private readonly onServerCheck: (check: ServerCheck) => void = () => {},
  ) {
    this.worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
    this.worker.onmessage = (event: MessageEvent<WorkerReply | ServerCheckMessage>) => {
      // A server comparison comes after its reply, on its own: not the answer to a job.
      if ("kind" in event.data) {
        this.onServerCheck(event.data.check);
        return;
      }
      const request = this.inflight;
      this.inflight = null;
      if (request !== null) this.onReply(event.data, request);
      this.next();
    };
    this.worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.inflight = null;
      this.onCrash(event.message || "the assembly worker failed to start");
      this.next();
    };
  }

  send(job: Job): void {
    if (this.pending === null) {
      this.pending = job;
    } else {
      // A waiting project change survives later settings changes; the newest settings win.
      const project = job.project ?? this.pending.project;
      this.pending = project === undefined ? { settings: job.settings } : { project, settings: job.settings };
    }
    if (this.inflight === null) this.next();
  }

  private next(): void {
    const job = this.pending;
    this.pending = null;
    if (job === null) {
      this.onBusy(false);
      return;
    }
    this.inflight = { seq: ++this.seq, ...job };
    this.onBusy(true);
    this.worker.postMessage(this.inflight);
  }

  terminate(): void {
    this.worker.terminate();
  }
}
