// ctxpack/react's inspector rendered by a server component from a result computed on the server;
// the browser hydrates it (Hydrated marks when it has, without a mismatch).
import { assembleContext } from "ctxpack";
import { ContextInspector } from "ctxpack/react";
import { input } from "../../input";
import { sha256hex } from "../../shared/sha256.js";
import { Hydrated } from "./hydrated";

export const dynamic = "force-dynamic";

export default function Page() {
  const result = assembleContext(input);
  return (
    <main>
      <h1>inspector</h1>
      <p id="result" data-sha256={sha256hex(result.context)} data-length={result.context.length}>server component</p>
      <ContextInspector result={result} />
      <Hydrated text={sha256hex(result.context)} />
    </main>
  );
}
