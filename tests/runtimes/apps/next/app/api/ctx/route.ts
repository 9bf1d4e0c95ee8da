// A route handler on the Node runtime: ctxpack through the `node` condition, bundled by Next.
import { assembleContext, version } from "ctxpack";
import { input } from "../../../input";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ version: version(), context: assembleContext(input).context });
}
