// The engine entries (their own wasm each) from a Node route handler.
import { engineCalls } from "../../../shared/engines.js";
import { CALLS, MODULES } from "../../../shared/entries.js";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(engineCalls(MODULES, CALLS));
}
