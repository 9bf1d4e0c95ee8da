// The engine entries (their own wasm each) from a Node route handler.
import { extractClasses } from "ctxpack/code";
import { RunGovernor } from "ctxpack/governor";
import { engineCalls } from "../../../shared/engines.js";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(engineCalls({ extractClasses, RunGovernor }));
}
