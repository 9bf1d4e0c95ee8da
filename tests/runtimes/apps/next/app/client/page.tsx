"use client";
// A client page: Next prerenders it at build time on the server (the `node` condition), then the
// browser hydrates it (the browser build) and writes the hash it computed itself.
import { useEffect, useState } from "react";
import { assembleContext } from "ctxpack";
import { input } from "../../input";
import { sha256hex } from "../../shared/sha256.js";

export default function Page() {
  const { context } = assembleContext(input);
  const sha = sha256hex(context);
  const [hydrated, setHydrated] = useState("");
  useEffect(() => setHydrated(sha), [sha]);
  return (
    <>
      <p id="result" data-sha256={sha} data-length={context.length}>client page</p>
      <p id="hydrated">{hydrated}</p>
    </>
  );
}
