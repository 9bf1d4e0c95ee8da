"use client";
// ctxpack/web in a Next client page: the .wasm an asset Next emits, loaded by init() in the
// browser after hydration; #out gets the hash of the context, or the error.
import { useEffect, useState } from "react";
import { init, assembleContext } from "ctxpack/web";
import { input } from "../../input";
import { sha256hex } from "../../shared/sha256.js";

export default function Page() {
  const [out, setOut] = useState("");
  useEffect(() => {
    init().then(
      () => setOut(JSON.stringify({ sha256: sha256hex(assembleContext(input).context) })),
      (e: unknown) => setOut(JSON.stringify({ error: String(e) })),
    );
  }, []);
  return <pre id="out">{out}</pre>;
}
