// A server component rendered per request.
import { assembleContext } from "ctxpack";
import { input } from "../../input";
import { sha256hex } from "../../shared/sha256.js";

export const dynamic = "force-dynamic";

export default function Page() {
  const { context } = assembleContext(input);
  return <p id="result" data-sha256={sha256hex(context)} data-length={context.length}>server component</p>;
}
