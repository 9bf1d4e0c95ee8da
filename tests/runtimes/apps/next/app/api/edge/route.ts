// The same handler on the edge runtime: ctxpack through the `edge-light` condition.
import { assembleContext, version } from "ctxpack";
import { input } from "../../../input";

export const runtime = "edge";
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ version: version(), context: assembleContext(input).context });
}
