// The loop of the workers useAssembledContext starts: one assembly per message, answered with its
// seq. It keeps the documents and edges of the last message that carried them, for the messages
// that reuse them. The hook sends one request at a time, so nothing queues here.
import type { AssembleInput } from "ctxpack";
import { assembleOutcome } from "./assemble.js";
import type { TokenCounter } from "./counter.js";
import type { AssembleMessage, AssembleReply } from "./protocol.js";

interface WorkerScope {
  onmessage: ((event: MessageEvent<AssembleMessage>) => void) | null;
  postMessage(message: AssembleReply): void;
}

export function serveAssemblies(counter: TokenCounter | null): void {
  const scope = self as unknown as WorkerScope;
  let held: Pick<AssembleInput, "documents" | "edges"> | null = null;
  scope.onmessage = (event) => {
    const message = event.data;
    let input: AssembleInput;
    if (!message.reuse) {
      input = message.input;
      held = { documents: input.documents, edges: input.edges };
    } else if (held !== null) {
      input = { ...message.input, ...held };
    } else {
      // The runner sends documents with the first message to every worker: this is a bug there.
      scope.postMessage({ seq: message.seq, ok: false, error: { ctxpack: false, code: "INVALID_INPUT", path: "", message: "the worker holds no documents to reuse" } });
      return;
    }
    scope.postMessage({ seq: message.seq, ...assembleOutcome(input, counter) });
  };
}
