// The worker useAssembledContext starts: one assembly per message, answered with its seq.
// The hook sends one request at a time, so nothing queues here.
import { assembleOutcome } from "./assemble.js";
import type { AssembleReply, AssembleRequest } from "./protocol.js";

interface WorkerScope {
  onmessage: ((event: MessageEvent<AssembleRequest>) => void) | null;
  postMessage(message: AssembleReply): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { seq, input } = event.data;
  scope.postMessage({ seq, ...assembleOutcome(input) });
};
